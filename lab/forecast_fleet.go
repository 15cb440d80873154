// The forecast for a fleet's replica: its share, how fast its pool fills, when its checks fail.

package lab

import (
	"fmt"
	"math"
	"time"
)

// ReplicaForecast is the forecast for one replica of the fleet c while inRotation replicas
// share the stream: the balancer gives each 1/inRotation of it, so each pull raises every
// remaining replica's rate, and by Little's law the workers it needs (λ/k · W). c is the
// fleet's config: its rates are the whole stream's.
func (c Config) ReplicaForecast(inRotation int) Forecast {
	return c.Share(max(inRotation, 1)).Forecast()
}

// PaymentWorkers is Little's law for one replica's payments at this forecast, against its
// pool: "8/s × 3.0s = 24 workers of 20", or (sum false) the product alone, "24 workers of
// 20". One writer for the fleet's headline, each share it says, and the domino's steps,
// each share a pull left (newcomer 60: fleet-domino told r4's 1-in-5 draw and never the 24
// of 20 that made some pull sure, which fleet-bulkhead said).
func (f Forecast) PaymentWorkers(sum bool) string {
	p := f.Classes[Payment]
	need := FmtWorkers(p.WorkersNeeded)
	if sum {
		need = p.LittlesLaw("")
	}
	return fmt.Sprintf("%s workers of %d", need, f.Workers)
}

// FillFrom is how long the pool takes to fill when payments start arriving at this
// forecast's rate while busy workers already hold payments. Those leave at busy / W (the
// rate Little's law gives the ones already held), new ones come at λ, so the pool gains
// λ − busy/W workers a second; it is full before W has passed, since by then it would hold
// λ·W > workers. fills is false when the new rate fits the pool (λ·W ≤ workers) and it
// never fills; a pool already full fills in 0.
func (f Forecast) FillFrom(busy float64) (in time.Duration, fills bool) {
	p := f.Payment
	if f.Payment.WorkersHeld <= float64(f.Workers) || p.Hold <= 0 {
		return 0, false
	}
	if busy >= float64(f.Workers) {
		return 0, true
	}
	gain := p.Admitted - busy/p.Hold.Seconds()
	return time.Duration((float64(f.Workers) - busy) / gain * float64(time.Second)).Round(time.Millisecond), true
}

// CheckWait is how a replica's health checks come to fail once its workers are full and
// requests queue: a check waits behind the payments queued ahead of it, which the workers
// finish at Workers / W a second, so it waits past the health timeout once more than Behind =
// timeout × Workers / W are ahead. The queue gains Gain payments a second: the rate in
// minus the rate the workers finish (0 when that fits). Zero without a queue: a check then
// finds a free worker or is turned away at once.
type CheckWait struct {
	Gain float64 // payments per second the queue gains while the workers are full
	// Behind's terms, Timeout × Workers / Hold: the figure is computed from them alone, so
	// that a screen writes the sum it computes (Sum).
	Timeout time.Duration
	Workers int
	Hold    time.Duration
	// The balancer's checks, for the odds of a pull (InARow): PullAfter not ok in a row pull
	// a replica, one sent Every; Arrive payments a second join its queue meanwhile.
	PullAfter int
	Every     time.Duration
	Arrive    float64
}

// Behind is the payments queued ahead of a check that make it wait past the timeout:
// Timeout × Workers / Hold; 0 without a hold.
func (w CheckWait) Behind() float64 {
	if w.Hold <= 0 {
		return 0
	}
	return w.Timeout.Seconds() * float64(w.Workers) / w.Hold.Seconds()
}

// ShortOdds is how often fewer than need of the Workers free within Timeout (fewerFree):
// around an average of Behind that beats need, the count still falls short this often, so
// checks queued at need fail by chance (newcomer 34 read "needed 12; 11 did (13.3 on
// average)" as bad luck alone). 0 where the average does not beat need, whose shortfall is
// no chance, and without a hold: the odds are said only where they are the cause.
func (w CheckWait) ShortOdds(need int) float64 {
	if w.Hold <= 0 || w.Behind() < float64(need) {
		return 0
	}
	return w.fewerFree(need)
}

// InARow is the chance that PullAfter checks in a row, Every apart, all fail, the first with
// need to free (as ShortOdds, fewerFree's model): the pull's odds. Not ShortOdds to the
// power PullAfter (newcomer 73 G1 had to guess it; 1-in-5 squared is 1-in-25): the next
// check, sent Every later, waits behind the same payments, and the Arrive·Every more that
// came meanwhile, and counts the same workers' frees plus those in its window's Every more,
// so it mostly fails with the first (1-in-7 for two at the domino's 1-in-5 each). Check j
// fails while the workers that freed within Timeout + j·Every fall short of need plus the
// payments arrived by then: a worker freed in the first j windows stays freed (its count is
// a cumulative one), so the count grows by those freeing in each Every (binomial of the
// rest) and the arrivals by Poisson(Arrive·Every). 0 with PullAfter under 2 (no pair), with
// no odds at need (ShortOdds), or where the last window passes a hold's end beyond the
// first's, when a worker could free twice in it, which the model does not count.
func (w CheckWait) InARow(need int) float64 {
	if w.PullAfter < 2 || w.ShortOdds(need) <= 0 {
		return 0
	}
	sure, more := w.freesEach()
	hold, every := w.Hold.Seconds(), w.Every.Seconds()
	if more*hold+float64(w.PullAfter-1)*every > hold {
		return 0
	}
	// short: the most frees past the sure ones with which a check with no arrivals before
	// it still fails; top: arrivals past which every check fails whatever frees, a cap
	// that keeps the table finite.
	short := need - 1 - int(sure)*w.Workers
	top := max(w.Workers-short, 0)
	table := func() [][]float64 {
		t := make([][]float64, w.Workers+1)
		for m := range t {
			t[m] = make([]float64, top+1)
		}
		return t
	}
	// fail[m][a]: chance that m workers freed (past the sure) and a payments arrived, every
	// check so far failing.
	fail := table()
	for m := 0; m <= min(short, w.Workers); m++ {
		fail[m][0] = binomPoint(int64(m), int64(w.Workers), more)
	}
	const tiny = 1e-15 // a term past the mean this small ends its sum
	mean := w.Arrive * every
	// arrivals[b]: chance b payments arrive in an Every, the same each window.
	var arrivals []float64
	for b := 0; ; b++ {
		pb := poissonPoint(b, mean)
		if float64(b) > mean && pb < tiny {
			break
		}
		arrivals = append(arrivals, pb)
	}
	for j := 1; j < w.PullAfter; j++ {
		// Of the workers not freed by the last window's end, those freeing in the next Every.
		p := every / (hold - more*hold - float64(j-1)*every)
		// frees[m][y]: chance y of the w.Workers − m not yet freed free in this Every, worked
		// out once a window, not once for each count of arrivals.
		frees := make([][]float64, len(fail))
		for m := range fail {
			for y := 0; m+y <= w.Workers; y++ {
				py := binomPoint(int64(y), int64(w.Workers-m), p)
				if float64(y) > float64(w.Workers-m)*p && py < tiny {
					break
				}
				frees[m] = append(frees[m], py)
			}
		}
		next := table()
		for m, row := range fail {
			for a, pr := range row {
				if pr < tiny {
					continue
				}
				for y, py := range frees[m] {
					for b, pb := range arrivals {
						if in := min(a+b, top); m+y <= short+in {
							next[m+y][in] += pr * py * pb
						}
					}
				}
			}
		}
		fail = next
	}
	total := 0.0
	for _, row := range fail {
		for _, pr := range row {
			total += pr
		}
	}
	return total
}

// dominoCheck is fleet-domino's replica with three left, the help's example of a check's and a
// pull's odds: 8/s payments of 3s each on 20 workers, a 2s check timeout, 2 checks in a row
// 100ms apart pull it; dominoNeed the workers its check needs to free, 11 payments ahead.
var dominoCheck = CheckWait{Timeout: 2 * time.Second, Workers: 20, Hold: 3 * time.Second, PullAfter: 2, Every: 100 * time.Millisecond, Arrive: 8}

const dominoNeed = 12

// InARowHow says how InARow(need) comes from ShortOdds(need), in w's numbers, for the help:
// the screen's "2 in a row, 1-in-7" had no derivation anywhere, the help only restated it
// (newcomer 85 G2). Its words are dominoCheck's, the one it is asked for: two checks in a
// row (PullAfter 2), over calls longer than the timeout (a worker frees at most once in it,
// not Recurs).
func (w CheckWait) InARowHow(need int) string {
	first, all := w.ShortOdds(need), w.InARow(need)
	_, more := w.freesEach()
	left := time.Duration((1 - more) * float64(w.Hold)) // the most a call has left past the timeout
	next, fail := fmt.Sprintf("the next, sent %s later,", FmtSecs(w.Every)), "it is not ok too"
	// Whole percents, the product of those written: 19% × 76% is 14%, not the 15% of 0.145.
	p1, p2 := math.Round(100*first), math.Round(100*all/first)
	return fmt.Sprintf("the first check is not ok where fewer than %d of the %d workers free within its %s, each with chance %s / %s (its payment began at a random point of its call): %.0f%%, %s; "+
		"%s waits behind the same payments and the %.1f more that arrive in %s on average, for the same frees (a worker freed stays freed) and those in its %s more, each worker not yet freed freeing with chance %s / %s (a call not over by %s ends, evenly, within the %s after): "+
		"where the first was not ok, %s %.0f%% of the time, so %.0f%% × %.0f%% ≈ %.0f%%, %s, not %s squared",
		need, w.Workers, FmtSecs(w.Timeout), FmtSecs(w.Timeout), FmtSecs(w.Hold), p1, chance(first),
		next, w.Arrive*w.Every.Seconds(), FmtSecs(w.Every), FmtSecs(w.Every), FmtSecs(w.Every), FmtSecs(left), FmtSecs(w.Timeout), FmtSecs(left),
		fail, p2, p1, p2, p1*p2/100, chance(all), chance(first))
}

// Recurs says a worker frees more than once within Timeout (a call no longer than it): a
// check's need is then a count of frees, not of workers ("41 of 20 workers" read wrong,
// review 45).
func (w CheckWait) Recurs() bool { return w.Hold > 0 && w.Timeout >= w.Hold }

// fewerFree is the chance that fewer than need workers free within Timeout, counting each
// time one frees: a worker busy with a payment begun at a random point of its Hold frees
// ⌊Timeout/Hold⌋ times for certain and once more with chance the fraction left (one with a
// second to spare on a 3s hold, 1/3; with 2s on a 1s hold, twice), the workers apart
// (binomial). Taken as at most once each, a 2s timeout over 1s calls read 20 ahead as "next
// out" where 40 free in time (review 44a).
func (w CheckWait) fewerFree(need int) float64 {
	if w.Hold <= 0 {
		return 0
	}
	sure, more := w.freesEach()
	return binomLower(int64(need-1)-int64(sure)*int64(w.Workers), int64(w.Workers), more)
}

// freesEach splits Timeout/Hold, a worker's frees within the timeout: sure of them, and one
// more with chance more.
func (w CheckWait) freesEach() (sure, more float64) {
	per := w.Timeout.Seconds() / w.Hold.Seconds()
	return math.Floor(per), per - math.Floor(per)
}

// Needed is a check's need in its units: "12 workers to free", with the pool's workers
// (0: unsaid) "12 of 20 workers to free"; where each frees more than once in the timeout,
// frees: "41 frees of its workers", "41 frees of its 20 workers" (review 45).
func (w CheckWait) Needed(need, workers int) string {
	switch {
	case w.Recurs() && workers > 0:
		return fmt.Sprintf("%d frees of its %d workers", need, workers)
	case w.Recurs():
		return fmt.Sprintf("%d frees of its workers", need)
	case workers > 0:
		return fmt.Sprintf("%d of %d workers to free", need, workers)
	}
	return fmt.Sprintf("%d workers to free", need)
}

// Freed is n frees as the domino's steps count them: "11 workers freed", or where each
// frees more than once in the timeout, "40 frees".
func (w CheckWait) Freed(n int) string {
	if w.Recurs() {
		return fmt.Sprintf("%d frees", n)
	}
	return fmt.Sprintf("%d workers freed", n)
}

// FewerThan says ShortOdds(need) as a chance, "fewer than 12: 1-in-5 chance per check", one
// wording in the whole and the brief form; "" where ShortOdds is 0. Said as a chance: "fewer
// than 12 in 1 check of 5" read as 1 of r4's 5 checks (newcomer 47 #8); and as one check's,
// which it is: beside "2 checks not ok in a row pull a replica" a bare "1-in-3 chance" read as
// the pull's (newcomer 62 #3), which PullOdds says after it. Where 1/odds rounds to 2 or less,
// a share, "44% chance": rounded in ui, 0.44 read "1-in-2" and odds over 2/3 "1-in-1",
// certainty (review 39 m6). No longer than that: fleet-domino's 80x24 headline has no column
// to spare.
func (w CheckWait) FewerThan(need int) string {
	odds := w.ShortOdds(need)
	if odds <= 0 {
		return ""
	}
	return fmt.Sprintf("fewer than %d: %s chance per check", need, chance(odds))
}

// PullOdds says InARow(need), the pull's odds, after FewerThan's, with the balancer's rule in
// them, "2 in a row, 1-in-7, pull a replica": no longer than the rule alone was after the
// check's odds (the domino's 80x24 headline has no column to spare); "" where InARow is 0.
// The check's odds alone left the pull's to guess, 1-in-25 were the two apart, which they
// are not (newcomer 73 G1). The whole domino, which says the rule before the check, keeps the
// check's odds alone: at 120 columns the pull's cost it the first share's need.
//
// apart is the same with why the pull's odds are not the check's to the power PullAfter,
// "2 in a row (same queue, not independent), 1-in-7, pull a replica", for a screen with room:
// "1-in-5 chance per check; 2 in a row, 1-in-7" read wrong against 1/5 × 1/5 = 1/25, and
// only the help said why (newcomer 76).
func (w CheckWait) PullOdds(need int) (odds, apart string) {
	pull := w.InARow(need)
	if pull <= 0 {
		return "", ""
	}
	return fmt.Sprintf("%d in a row, %s, pull a replica", w.PullAfter, chance(pull)),
		fmt.Sprintf("%d in a row (%s), %s, pull a replica", w.PullAfter, notIndependent, chance(pull))
}

// notIndependent is why two checks in a row are not one's odds squared, as PullOdds and the
// help say it.
const notIndependent = "same queue, not independent"

// chance writes odds as FewerThan does: "1-in-5", or where 1/odds rounds to 2 or less, a
// share, "44%".
func chance(odds float64) string {
	if in := math.Round(1 / odds); in > 2 {
		return fmt.Sprintf("1-in-%.0f", in)
	}
	return fmt.Sprintf("%.0f%%", 100*odds)
}

// CheckAhead is what a health check sent to a replica in rotation now meets: the payments
// queued ahead of it, the only ones that hold a worker for long (a signup or a check ahead
// takes one for milliseconds), and Wait, the model of how many workers free within its
// timeout. The rows say it beside "in rotation" (newcomer 52: r2 and r3 with 62 and 82
// queued stayed in rotation beside r4 pulled with 11 ahead, and nothing said why, nor
// whether they were next).
type CheckAhead struct {
	Ahead int  // payments queued ahead of a check sent now
	Quick int  // the rest of the queue ahead of it, signups and checks: each a worker for milliseconds
	Full  bool // the queue is full: a check sent now is turned away at once (rejected:pool)
	Wait  CheckWait
	label string // the payments' label, as the preset names them
	// What Quick counts, as the preset names them ("signups and health checks"), and the
	// work a signup holds a worker for.
	quickOnes string
	work      time.Duration
	pullsIt   string // the balancer's pull rule after a verdict (FleetConfig.PullsIt)
}

// NotOK is the chance that a check sent now is not ok: fewer than Ahead + 1 workers free
// within its timeout (fewerFree, the model of ShortOdds, whatever the average).
func (c CheckAhead) NotOK() float64 { return c.Wait.fewerFree(c.Ahead + 1) }

// CheckWords is one way to say a CheckAhead: Whole with "a check now has", else brief; Apart
// where it counts the quick ones apart, which a row keeps before anything else it can drop;
// Quick where it calls them "quick", which the screen then defines (QuickMeans).
type CheckWords struct {
	Text                string
	Whole, Apart, Quick bool
}

// Words says it, in the order a row takes the first that fits: whole, "a check now has 16
// payments + 46 quick ahead: would time out; 2 in a row pull it" (not ok more often than
// not, and the balancer's rule: two in a row pull it), "…: 1-in-3 not ok", or "…: would be
// ok" where it is not ok less than 1 time in 20, then with the payments by their letter (the
// row's glyph, letter(Payment)), "16 P + 46 quick"; the same brief, without "a check now
// has", the check then named in the verdict, "check would time out; 2 in a row pull it";
// then without the pull; then the quick ones by their letters, "16 P + 46 S/H", for a screen
// with no room to define "quick" (newcomer 58 #2: undefined at 80x24), and where even that
// does not fit, without "ahead": the counts are the row's queue, the verdict names the
// check; only then "16 P" or "16", whole then brief.
// The quick ones first: "62 queued" beside "16 payments ahead", and r3's 82 beside 15, read
// as two counts of one queue that disagree (newcomer 54 G-major), and a longer form without
// them won over a brief one with them (review 47). The verdict says what happens: "next
// out" read as next in line, or out of what (newcomers 53, 58); and that it would, for a
// check sent now: "check times out, pulled after 2" beside r4's "PULLED at 9.3s" read as
// done, against "2 of 4 replicas in rotation" (newcomer 59). A check now, not the checks
// decided so far: those were sent up to a timeout ago, behind the queue as it was then.
func (c CheckAhead) Words(letter func(Class) string) []CheckWords {
	if c.Full { // no wait at all: turned away on arrival, a check not ok
		return []CheckWords{{Text: "a check now finds the queue full: not ok (" + RejectPool.Word() + ")", Whole: true},
			{Text: "queue full: check not ok"}, {Text: "full: not ok"}}
	}
	// The verdicts, with the pull then without, whole and brief (the brief names the check
	// where it differs from the whole).
	var whole, brief []string
	switch odds := c.NotOK(); {
	case odds >= 0.5:
		whole = []string{"would time out" + c.pullsIt, "would time out"} // timed out, the outcome the health row counts
		brief = []string{"check " + whole[0], "check " + whole[1]}
	case odds >= 0.05:
		whole = []string{chance(odds) + " not ok"}
		brief = whole
	default:
		whole, brief = []string{"would be ok"}, []string{"check would be ok"}
	}
	p := letter(Payment)
	plain := []string{fmt.Sprintf("%d %s", c.Ahead, counted(c.label, c.Ahead)), fmt.Sprint(c.Ahead)}
	var forms []CheckWords
	add := func(set []string, verdicts []string, w, apart, quick bool) {
		for _, a := range set {
			for _, v := range verdicts {
				text := fmt.Sprintf("%s ahead: %s", a, v)
				if w {
					text = "a check now has " + text
				}
				forms = append(forms, CheckWords{Text: text, Whole: w, Apart: apart, Quick: quick})
			}
		}
	}
	if c.Quick > 0 {
		more := fmt.Sprintf(" + %d quick", c.Quick)
		quick := []string{plain[0] + more, fmt.Sprintf("%d %s", c.Ahead, p) + more}
		for i := range whole {
			add(quick, whole[i:i+1], true, true, true)
			add(quick, brief[i:i+1], false, true, true)
		}
		letters := fmt.Sprintf("%d %s + %d %s/%s", c.Ahead, p, c.Quick, letter(Signup), letter(Health))
		add([]string{letters}, brief, false, true, false)
		// Without "ahead" where the brief names the check: 80x24's row has no room for it.
		if v := brief[len(brief)-1]; v != whole[len(whole)-1] {
			forms = append(forms, CheckWords{Text: letters + ": " + v, Apart: true})
		}
		plain[0] = fmt.Sprintf("%d %s", c.Ahead, p)
	}
	add(plain, whole, true, false, false)
	add(plain, brief, false, false, false)
	return forms
}

// QuickMeans says what Words' "quick" counts, longest first, where a screen has room for it
// once: "16 P + 46 quick ahead" left "quick" to the help (newcomer 56 #3). A check holds a
// worker for microseconds, a signup its work, so the work is the most a quick one holds.
func (c CheckAhead) QuickMeans() []string {
	head := "quick = " + c.quickOnes
	return []string{
		fmt.Sprintf("%s: each holds a worker ~%s or less, a %s %s", head, FmtDur(c.work), c.label, FmtSecs(c.Wait.Hold)),
		fmt.Sprintf("%s, a worker each for ~%s or less", head, FmtDur(c.work)),
		fmt.Sprintf("%s, ~%s or less each", head, FmtDur(c.work)),
	}
}

// Sum writes Behind as the sum that gives it, from its own terms: "2.0s × 20 workers / 3.0s"
// (unit " workers"), so the figure and its sum never part.
func (w CheckWait) Sum(unit string) string {
	return fmt.Sprintf("%s × %d%s / %s", FmtSecs(w.Timeout), w.Workers, unit, FmtSecs(w.Hold))
}

// Odds writes the model ShortOdds takes, from its own terms: "each of the 20 frees in time
// with chance 2.0s / 3.0s" (newcomer 35 #6 read "1 check in 5" as a Poisson count's, which
// falls short about 1 in 3).
// Where a hold is shorter than the timeout, each frees more than once: "each of the 20
// frees 1 in time, and a 2nd with chance 0.50" (2.0s over 1.33s calls: the ratio's
// fraction, not said as a quotient whose rounded terms would not give it).
func (w CheckWait) Odds() string { return w.odds(fmt.Sprintf("each of the %d", w.Workers)) }

// OddsBrief is Odds where the sentence has counted the workers already ("12 of 20 workers
// to free"), in the fewest words that still say whose chance and what it comes from: "each
// frees in time with chance 2.0s / 3.0s" (newcomer 56: at 80x24 the domino's "1-in-5
// chance" had no basis).
func (w CheckWait) OddsBrief() string { return w.odds("each") }

// odds is Odds of the workers each names.
func (w CheckWait) odds(each string) string {
	if !w.Recurs() {
		return fmt.Sprintf("%s frees in time with chance %s / %s", each, FmtSecs(w.Timeout), FmtSecs(w.Hold))
	}
	// A whole ratio frees a certain count, which ShortOdds never calls short: no odds to say.
	sure, more := w.freesEach()
	return fmt.Sprintf("%s frees %.0f in time, and a %s with chance %.2f", each, sure, Ordinal(int(sure)+1), more)
}

// CheckWait is this forecast's CheckWait for the health checks of cfg (their timeout, and
// the balancer's pull rule and how often it checks).
func (f Forecast) CheckWait(cfg Config) CheckWait {
	p := f.Payment
	if f.Loss || p.Hold <= 0 {
		return CheckWait{}
	}
	finish := float64(f.Workers) / p.Hold.Seconds() // payments a second, every worker holding one
	return CheckWait{Gain: max(p.Admitted-finish, 0), Timeout: cfg.Health.Timeout.D(), Workers: f.Workers, Hold: p.Hold,
		PullAfter: cfg.Fleet.PullAfter, Every: cfg.Fleet.CheckEvery.D(), Arrive: p.Admitted}
}

// End is when the drain ends, since the start; 0 for a drain to the end of the run.
func (d DrainConfig) End() time.Duration {
	if d.For == 0 {
		return 0
	}
	return d.At.D() + d.For.D()
}
