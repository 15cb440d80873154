// The most payments a lab's servers can end a second, and why a few seconds' rate may top it.

package lab

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// EndCap is the most payments the servers that hold their calls can end a second in the
// long run: Servers, on each of Replicas, each ending one call per Hold. Of names one server
// as the screen counts them ("worker", "permit", "thread", "connection").
type EndCap struct {
	Replicas, Servers int
	Of                string
	Hold              time.Duration
	// out names the replicas counted that are out of rotation now, as a row says them:
	// "r4 pulled, finishing" ("" where none is). Counted, they served in the window; unnamed,
	// "3 replicas" beside "2 of 4 replicas in rotation" read wrong (newcomer 58 #1).
	out string
	// outBrief names them alone, "r2, r4 out now", for a form with no room for out's each
	// state (newcomer 62 #5: 120 columns kept no form that named the replicas).
	outBrief string
	// tail is the replicas out before the window but less than a Hold before it, whose last
	// calls, on their workers at the out, end in it: a batch each, one time, beyond Replicas'
	// rounds (newcomer 64: fleet-domino's r1, drained at 5.0s, ended 3s calls in 7–8s, so "up
	// to 60 end together, twice" left its ends out of the window's ceiling). By replica number
	// less one, that EndCap stay comparable; tailNames names them.
	tail [MaxReplicas]bool
}

// tailNames names the tail's replicas as the rows do: "r1", "r4".
func (e EndCap) tailNames() []string {
	var names []string
	for i, last := range e.tail {
		if last {
			names = append(names, fmt.Sprintf("r%d", i+1))
		}
	}
	return names
}

// PerSec is the cap a second: Replicas × Servers ÷ Hold.
func (e EndCap) PerSec() float64 { return float64(e.Replicas*e.Servers) / e.Hold.Seconds() }

// ServersWords writes the servers the cap is of: "5 permits", "3 replicas × 5 permits" across
// replicas, the 3 named: bare, beside "2 of 4 replicas in rotation" it was a riddle (newcomer
// 55 #4: it counts those in rotation at any time in the window), and those of them out of
// rotation now named: "3 replicas (r4 pulled, finishing) × 20 workers" (newcomer 58 #1).
func (e EndCap) ServersWords() string {
	if e.Replicas > 1 && e.out != "" {
		return fmt.Sprintf("%s (%s) × %s", units(e.Replicas, "replica"), e.out, units(e.Servers, e.Of))
	}
	return e.serversBare()
}

// serversBrief is ServersWords with the replicas out now named alone: "3 replicas (r2, r4
// out now) × 20 workers"; "" where that says no less than ServersWords.
func (e EndCap) serversBrief() string {
	if e.Replicas < 2 || e.outBrief == "" || strings.Count(e.out, ";") == 0 {
		return ""
	}
	return fmt.Sprintf("%s (%s) × %s", units(e.Replicas, "replica"), e.outBrief, units(e.Servers, e.Of))
}

// count is ServersWords in figures: "5", "3 × 20" for a fleet's.
func (e EndCap) count() string {
	if e.Replicas > 1 {
		return fmt.Sprintf("%d × %d", e.Replicas, e.Servers)
	}
	return fmt.Sprint(e.Servers)
}

// capBrief is the cap as the notes' briefer forms say it: bare for one
// instance, whose narrator derives it ("6.7/s"), and for a fleet with its sum in figures
// ("3 × 20÷3.0s = 20/s"): no narrator derives a fleet's, and "payment ok 22.6/s > 20/s" at
// 120 columns left 20/s from nowhere (newcomer 62 #5).
func (e EndCap) capBrief() string {
	if e.Replicas > 1 {
		return e.capSum()
	}
	return FmtPerSec(e.PerSec())
}

// capSum is the cap's sum in figures: "20÷3.0s = 6.7/s", "3 × 20÷3.0s = 20/s".
func (e EndCap) capSum() string { return e.capSumWith(" = ") }

// capSumWith is capSum with its "=" written as eq: "5÷3.0s=1.7/s" beside a ceiling in signs,
// "≤5×⌈5s÷3.0s⌉÷5s=2/s", keeps that form in the 51 cells beside the window at 80 columns.
func (e EndCap) capSumWith(eq string) string {
	return fmt.Sprintf("%s÷%s%s%s", e.count(), FmtSecs(e.Hold), eq, FmtPerSec(e.PerSec()))
}

// serversBare is ServersWords without the replicas out now, for a sentence that named them.
func (e EndCap) serversBare() string {
	if e.Replicas > 1 {
		return fmt.Sprintf("%s × %s", units(e.Replicas, "replica"), units(e.Servers, e.Of))
	}
	return units(e.Servers, e.Of)
}

// outNow names the replicas out of rotation now but for part of the window at most (not
// in left), in order: "r4 pulled, finishing" while it holds work, "r4 pulled 9.3s" once
// done, as the rows write its time; "" where none is. brief names them alone: "r2, r4 out
// now".
func (f *FleetStats) outNow(left map[int]bool) (said, brief string) {
	var each, names []string
	outs := f.Outs()
	for i := range f.Replicas {
		if left[i+1] || f.InRotationNow(i) {
			continue
		}
		how, at := "pulled", time.Duration(0)
		for _, o := range outs {
			if o.Replica == i+1 && !o.Returned() {
				at = o.At
				if o.Drained {
					how = "drained"
				}
			}
		}
		names = append(names, fmt.Sprintf("r%d", i+1))
		if f.Replicas[i].Pool.AtWork() {
			each = append(each, fmt.Sprintf("r%d %s, finishing", i+1, how))
		} else {
			each = append(each, fmt.Sprintf("r%d %s %s", i+1, how, f.OutAt(at)))
		}
	}
	if len(names) == 0 {
		return "", ""
	}
	return strings.Join(each, "; "), strings.Join(names, ", ") + " out now"
}

// Rounds is how many rounds of calls a window of r's seconds can catch ending: a server
// ends one call per Hold, so a window longer than a call but not a whole number of them
// holds the ends of one round more than its length ÷ Hold, and its rate tops PerSec with
// no server faster than the long run allows (newcomer 25: "ok 2/s" beside 5 permits ÷ 3.0s
// = 1.7/s read as a capacity gone wrong).
func (e EndCap) Rounds(r *Rates) int {
	return int(math.Ceil(float64(r.Seconds) * float64(time.Second) / float64(e.Hold)))
}

// paymentCallCap is the most payment calls at the dependency at once on one instance, and
// what counts them: the pool's workers, or fewer of a bulkhead's permits or threads, or of a
// connection pool's connections (the knee's forecast and the end cap alike).
func (c Config) paymentCallCap() (n int, unit string) {
	n, unit = c.Pool.MaxWorkers(), "worker"
	if k := c.Payment.Bulkhead.kind(); k != nil && k.capsCalls() && c.Payment.Bulkhead.Size > 0 && c.Payment.Bulkhead.Size < n {
		n, unit = c.Payment.Bulkhead.Size, k.unit
	}
	if p := c.Payment.Connections.PerRoute; p > 0 && p < n {
		n, unit = p, "connection"
	}
	return n, unit
}

// PaymentEndCap is the payments' EndCap over the rates r span: the tightest of the pool's
// workers, a bulkhead's permits or threads and a connection pool's connections, on as many
// replicas as were in rotation at any time in r's seconds; Hold the dependency's latency.
// false where calls do not end in rounds of one latency: a chain, a knee, a stall, jitter, a
// brownout, a dependency that fails, or a timeout that cuts every call.
func (s *Snapshot) PaymentEndCap(r *Rates) (EndCap, bool) {
	c := s.Config
	d := c.Dependency
	if r.Seconds == 0 || d.Chain() || d.Knee > 0 || d.Stall.For > 0 || d.Jitter > 0 || (d.Mode != ModeSlow && d.Mode != ModeHealthy) ||
		d.CallLatency() <= 0 || c.RetryForecast().Fails {
		return EndCap{}, false
	}
	e := EndCap{Replicas: 1, Hold: d.CallLatency()}
	e.Servers, e.Of = c.paymentCallCap()
	if f := s.Fleet; f != nil {
		// Out for all of the window: not one of those that served in it. A replica pulled and
		// drained over one window is one replica out, not two.
		from, to := time.Duration(r.From)*time.Second, time.Duration(r.To)*time.Second
		// One still at work now ends calls all through the window: it served in it, as one
		// pulled in it does.
		out := map[int]bool{}
		for _, o := range f.Outs() {
			if o.At <= from && (o.ReturnedAt == 0 || o.ReturnedAt >= to) && !f.Replicas[o.Replica-1].Pool.AtWork() {
				out[o.Replica] = true
				e.tail[o.Replica-1] = o.At+e.Hold > from
			}
		}
		e.Replicas = len(f.Replicas) - len(out)
		if e.Replicas < 1 {
			return EndCap{}, false
		}
		e.out, e.outBrief = f.outNow(out)
	}
	return e, true
}

// OverCap says class c's ok per second over the window tops e's cap as each is shown (to a
// tenth), and no more than the rounds Rounds says can: every server ending a call in each.
// Beyond them something else moved it (a setting changed in the window), and rounds are no
// answer.
func (r *Rates) OverCap(c Class, e EndCap) bool {
	ended, servers := e.ended(r, c)
	return r.Seconds > 0 && math.Round(10*r.OK[c]) > math.Round(10*e.PerSec()) && ended <= servers*float64(e.Rounds(r))+e.lastEnds()
}

// lastEnds is the most calls the tail's replicas end in the window: a batch each.
func (e EndCap) lastEnds() float64 {
	n := 0
	for _, last := range e.tail {
		if last {
			n++
		}
	}
	return float64(n * e.Servers)
}

// ended is class c's ok count over the window, whole again from its rate, and the servers
// that ended them, every replica's: OverCap's and FewerRounds' rounds are of these two.
func (e EndCap) ended(r *Rates, c Class) (ended, servers float64) {
	return math.Round(r.OK[c] * float64(r.Seconds)), float64(e.Replicas * e.Servers)
}

// FewerRounds says where the pool turned away more of the window's arrivals than the long
// run's forecast, beyond chance (two standard deviations of a binomial count at the
// forecast's share), because payments ended fewer rounds in it than the cap's rate: servers
// that free together, one round every Hold, and a window that caught fewer whole rounds than
// its length ÷ Hold (conn-pool-wait in 10–15s: 5 connections freed once, payment ok 1/s
// against 1.7/s, 91% of payments turned away against 83%; newcomer 41 G4). rounds is the
// rounds it caught, no more than the whole ones its length holds; loss the forecast's share
// it turned away more than, for the note to say without working the forecast out again.
func (s *Snapshot) FewerRounds(r *Rates, e EndCap) (rounds int, loss float64, ok bool) {
	if r.Seconds == 0 || e.Servers <= 0 || e.Hold <= 0 || math.Round(10*r.OK[Payment]) >= math.Round(10*e.PerSec()) {
		return 0, 0, false
	}
	secs := float64(r.Seconds)
	// No more ended than the whole rounds its length holds: more, and they did not end in
	// rounds, which are then no answer.
	ended, servers := e.ended(r, Payment)
	whole := math.Floor(secs * float64(time.Second) / float64(e.Hold))
	if ended > servers*whole {
		return 0, 0, false
	}
	arrived, rejected := r.ArrivedAll()*secs, r.TurnedAway(RejectPool)*secs
	p := s.Config.Forecast().LongRunLoss()
	if arrived == 0 || p <= 0 || p >= 1 || rejected-arrived*p <= chanceBand(arrived*p*(1-p)) {
		return 0, 0, false
	}
	return e.caught(r), p, true
}

// caught is how many of e's batches (rounds) r's window caught the ends of: its payments'
// ok count over the servers, a part of one counting whole; no more than its rounds where a
// tail's last ends may make up the rest.
func (e EndCap) caught(r *Rates) int {
	ended, servers := e.ended(r, Payment)
	n := int(math.Ceil(ended / servers))
	if e.lastEnds() > 0 {
		n = min(n, e.Rounds(r))
	}
	return n
}

// batchWords say, for the notes, what a batch is and how many of them a window caught: the
// servers' calls, which started close together, end close together, all of them every Hold
// (long: "the 5 connections' calls end close together every 3.0s"; short: "5 calls end
// together every 3.0s", "up to 20" where the ends caught are not whole batches; fewest, for
// a compare half: "5 end together every 3.0s"), and the window caught the ends of rounds of
// them (times: "once", "twice", "3 times"; caught: "1 batch", "2 batches"), ended ok in all.
// "1 batch in 5s" left a batch to be guessed (s58).
type batchWords struct {
	long, short, fewest, times, caught string
	timesBrief                         string // times in signs where 56 columns hold no more: "2×"
	every                              string // fewest in signs, for a form that derives the rate: "≤20 end every 3.0s"
	most                               string // the window's own ceiling from its batches: "≤ 2 × 20 ÷ 5s = 8/s", "≤ 2 × 5 ÷ 5s = 2/s"
	mostBrief                          string // most's figure alone: "so ≤ 8/s"
	// most where no more words fit, its times worked out, in the window the line is of:
	// "≤5×⌈5s÷3.0s⌉÷5s=2/s". "5 end twice: 2/s" left why twice to work out (newcomer 77): a
	// server's ends are a Hold apart, so a window holds no more than ⌈its length ÷ Hold⌉ of
	// them, Rounds, which is what OverCap's windows caught (OverCap: more than its length ÷
	// Hold, no more than Rounds). "" where the hold as shown makes another ⌈⌉ than the
	// rounds counted (a 1.66s hold shown 1.7s: ⌈5s÷1.7s⌉ reads 3, 4 counted).
	ceil  string
	ended int
}

// batch is batchWords for r's window, which caught the ends of rounds batches.
func (e EndCap) batch(r *Rates, rounds int) batchWords {
	n, _ := e.ended(r, Payment)
	all, hold := e.Replicas*e.Servers, FmtSecs(e.Hold)
	b := batchWords{long: fmt.Sprintf("the %s calls end close together every %s", possessive(e.serversBare()), hold),
		short: fmt.Sprintf("%d calls end together every %s", all, hold), fewest: fmt.Sprintf("%d end together every %s", all, hold),
		times: fmt.Sprintf("%d times", rounds), caught: fmt.Sprintf("%d batches", rounds), timesBrief: fmt.Sprintf("%d×", rounds), ended: int(n),
		every: fmt.Sprintf("%d end every %s", all, hold)}
	// The ceiling says ≤ always, whole batches too, where ok/s reaches it: "2 × 5 ÷ 5s = 2/s"
	// beside "ok 2/s" read as a second measured rate, where shared-pool's said "≤" (newcomer 87 W4).
	most := FmtPerSec((float64(rounds*all) + e.lastEnds()) / float64(r.Seconds))
	b.most = fmt.Sprintf("≤ %d × %d ÷ %ds = %s", rounds, all, r.Seconds, most)
	tailSaid := ""                            // the brief's too: "twice in 5s, so ≤ 28/s" beside ≤60 made 24 (review s94c)
	if tail := e.tailNames(); len(tail) > 0 { // "(2 × 60 + r1's last 20)": whose the batch beyond the rounds is
		whose := possessive(strings.Join(tail, " and "))
		b.most = fmt.Sprintf("≤ (%d × %d + %s last %d) ÷ %ds = %s", rounds, all, whose, int(e.lastEnds()), r.Seconds, most)
		tailSaid = fmt.Sprintf("+ %s last %d, ", whose, int(e.lastEnds()))
	}
	b.mostBrief = tailSaid + "so ≤ " + most
	if n != float64(rounds*all)+e.lastEnds() {
		// Bunches, not whole batches (shared-pool's 36 ok in 5s from 2 of 20 workers'):
		// "20 calls … twice" would make 40: a batch's count is a bound too.
		b.short, b.fewest, b.every = "up to "+b.short, "≤"+b.fewest, "≤"+b.every // a compare half's too (review 42b)
	}
	switch rounds {
	case 1:
		b.times, b.caught, b.timesBrief = "once", "1 batch", "once"
	case 2:
		b.times = "twice"
	}
	if math.Ceil(float64(r.Seconds)*float64(time.Second)/float64(ShownSecs(e.Hold))) != float64(rounds) {
		return b // no ceil: its ⌈⌉ of the hold as shown would not make the rounds counted
	}
	// In the window the line says it of: "≤5×⌈5s÷3.0s⌉÷5s=2/s", "≤(60×⌈5s÷3.0s⌉+20)÷5s=28/s".
	ceil := fmt.Sprintf("%d×⌈%ds÷%s⌉", all, r.Seconds, hold)
	if e.lastEnds() > 0 {
		ceil = fmt.Sprintf("(%s+%d)", ceil, int(e.lastEnds()))
	}
	b.ceil = fmt.Sprintf("≤%s÷%ds=%s", ceil, r.Seconds, most)
	return b
}

// OverCapNote says why payments' ok/s over the window passes the most their servers can end
// a second, where it does (OverCap), longest first for the table to pick by width: calls
// that started close together end close together, a batch every Hold, and a few seconds can
// catch more batches than the long run's share (newcomer 25 read "ok 2/s" beside 5 permits ÷
// 3.0s = 1.7/s as a capacity gone wrong). Said without "rounds", which no screen defined
// (newcomers 26 and 28); "close together": shared-pool's first calls start as payments
// arrive, over 2s, and end in bunches, not at once (review 18). Every form says what a batch
// is and how many the window caught, which make its rate (s58). name is payments' label.
func (e EndCap) OverCapNote(name string, r *Rates) []string {
	ok, cap, hold := FmtPerSec(r.OK[Payment]), FmtPerSec(e.PerSec()), FmtSecs(e.Hold)
	servers := e.ServersWords()
	b := e.batch(r, e.caught(r))
	// "Is above", "can exceed": "tops" read as "is capped at", beside an ok/s above it. The
	// long run in parentheses: "…in the long run, for a few seconds" read as one phrase.
	// Both figures where the cap's derivation is said bare: "ok/s > 20 workers ÷ 3.0s" read
	// as a rule, the 6.7/s left to work out beside 6.8/s (newcomer 44 g7).
	forms := []string{
		// Why no more batches: their ends are a Hold apart (newcomer 77: why "twice" in 5s was
		// left to work out, a 3s hold's ends falling at most twice in 5s).
		fmt.Sprintf("/s: %s ok/s %s is above %s ÷ %s = %s (the most they end a second in the long run) for a few seconds: %s, a batch, and these %ds caught %s, the most %ds can catch %s apart, %d ok",
			name, ok, servers, hold, cap, b.long, r.Seconds, b.caught, r.Seconds, hold, b.ended),
		fmt.Sprintf("/s: %s: %s, a batch, and these %ds caught %s, the most %ds can catch %s apart: %d ok", e.overLead(name, r), b.long, r.Seconds, b.caught, r.Seconds, hold, b.ended),
		// The cap said as the long run's ceiling, so the batches read as why a few seconds pass it
		// ("the long run's" read as the long run's ok/s, 6.2/s at Erlang B's 38%: newcomer 61):
		// "> 20 workers ÷ 3.0s = 6.7/s: up to 20 calls end together" did not say how ok/s
		// could top it (newcomer 58 G5).
		// The window's own ceiling worked out from its batches: "up to 20 end together, twice
		// in 5s" left 7.2/s over 6.7/s to be worked out (newcomer 63 G-MAJOR), and every form
		// says it: one without, longer in words, won 120 columns where the ceiling's form was
		// a cell too wide (review s93b: shared-pool's at exactly 120).
		// Each with the Hold beside the times, which it makes: "≤20 end together, twice in
		// 5s" left why twice (newcomer 77).
		fmt.Sprintf("%s: %s, so at most %s in these %ds: %s", e.overLead(name, r), b.short, b.times, r.Seconds, b.most),
		fmt.Sprintf("%s: %s", e.overLead(name, r), b.inWindow(r)),
		// The batches with the window's ceiling worked out where the servers' words have no
		// room: at 120 columns fleet-domino's "up to 60 calls end together every 3.0s, twice
		// in these 5s" left 22.6/s over 20/s to be worked out (newcomer 64), and one pool's
		// a cell wider than 120 kept only its figure (review s93b).
		fmt.Sprintf("%s ok %s > %s: %s", name, ok, e.capSum(), b.inWindow(r)),
	}
	forms = append(forms,
		// The cap's sum kept at 80 columns before its hold is said twice: "> 6.7/s" alone
		// left where it comes from to the narrator (newcomer 54); in figures, for room for
		// the window's ceiling, which the picker's most words would otherwise lose.
		fmt.Sprintf("%s ok %s > %s: %s, %s in %ds, %s", name, ok, e.capSum(), b.every, b.times, r.Seconds, b.mostBrief))
	if brief := e.serversBrief(); brief != "" {
		// Each replica out now named, with no room for how (newcomer 62 #5).
		forms = append(forms, fmt.Sprintf("%s ok %s > %s ÷ %s = %s: %s, %s in %ds, %s", name, ok, brief, hold, cap, b.every, b.times, r.Seconds, b.mostBrief))
	}
	if b.ceil == "" {
		return forms
	}
	return append(forms,
		// Still the cap's sum, in figures alone, where the line beside the window has no room
		// for its words: at 80x24 the bulkhead's "> 1.7/s" stood with 5 ÷ 3.0s nowhere on
		// screen (newcomer 59). Together in signs, so a compare half of 20 workers says it as one of 5 permits does (s74: "≤20
		// end together, twice in 5s" beside "5÷3.0s = 1.7/s: 5 end together, 2×"). The
		// window's ceiling in signs, not "5 end together, 2×", which stopped short of it
		// (newcomer 65 W16: a half-sentence, the bound never shown). The last form: one with
		// the cap's figure alone, narrower, won the line beside the window by fitting there,
		// and one with "together, twice in 5s" and no bound, by its words. Its times worked
		// out, ⌈5s÷3.0s⌉ (newcomer 77: "5 end twice" left why twice), in 51 cells beside the
		// window's note at 80 columns, 59 in a compare half: its sum in signs as tight (capSumWith).
		fmt.Sprintf("%s ok %s > %s: %s", name, ok, e.capSumWith("="), b.ceil))
}

// overLead is the over-cap note's lead where its servers' words fit: "payment ok 7.2/s > 20
// workers ÷ 3.0s = 6.7/s, the long-run ceiling".
func (e EndCap) overLead(name string, r *Rates) string {
	return fmt.Sprintf("%s ok %s > %s ÷ %s = %s, the long-run ceiling", name, FmtPerSec(r.OK[Payment]), e.ServersWords(), FmtSecs(e.Hold), FmtPerSec(e.PerSec()))
}

// inWindow is the batches in r's window and the ceiling they make: "≤20 end every 3.0s,
// twice in 5s: ≤ 2 × 20 ÷ 5s = 8/s".
func (b batchWords) inWindow(r *Rates) string {
	return fmt.Sprintf("%s, %s in %ds: %s", b.every, b.times, r.Seconds, b.most)
}

// OverCapHelp is the help's sentence on OverCapNote, its forms quoted as the note writes
// them for shared-pool's payments: 7.2/s over 5s against 20 workers ÷ 3.0s.
func OverCapHelp() string {
	e := EndCap{Replicas: 1, Servers: 20, Of: "worker", Hold: 3 * time.Second}
	r := Rates{Seconds: 5, From: 1, To: 6}
	r.OK[Payment] = 7.2
	b, secs, hold := e.batch(&r, e.caught(&r)), fmt.Sprintf("%ds", r.Seconds), FmtSecs(e.Hold)
	return fmt.Sprintf("Where payments' ok/s tops the most their servers end a second in the long run (\"%s\"), a note under the table says why: one server's calls end at least a call's latency apart, so %d seconds hold at most ⌈%s ÷ %s⌉ = %d of its ends (⌈ ⌉: rounded up), %s, where the long run averages %.1f (\"%s\"; short of room, \"%s\"); ≤ says at most: before the window's ceiling always, which ok/s reaches where every batch ended whole, and before a batch's count where its calls ended in bunches, fewer.",
		e.overLead(Payment.String(), &r), r.Seconds, secs, hold, e.Rounds(&r), b.times, float64(r.Seconds)/e.Hold.Seconds(), b.inWindow(&r), b.ceil)
}

// FewerRoundsNote says why the pool turned away more in the window than its forecast
// (FewerRounds, whose rounds and loss it takes), longest first for the table to pick by
// width: the servers free together, a batch every Hold, and the window caught fewer of them
// than its length ÷ their hold (newcomer 41 G4: 91% against "83% of each"); every form says
// what a batch is and how many the window caught, which make its rate (s58). name is
// payments' label.
func (e EndCap) FewerRoundsNote(name string, r *Rates, rounds int, loss float64) []string {
	ok, cap, hold, span := FmtPerSec(r.OK[Payment]), FmtPerSec(e.PerSec()), FmtSecs(e.Hold), r.Span()
	servers, share := e.ServersWords(), fmt.Sprintf("%.0f%%", 100*loss)
	b := e.batch(r, rounds)
	short := e.capBrief()
	return []string{
		fmt.Sprintf("/s %s: %s ok %s < %s ÷ %s = %s: %s, a batch, and these %ds caught %s, %d ok, so more were turned away than the long run's %s",
			span, name, ok, servers, hold, cap, b.long, r.Seconds, b.caught, b.ended, share),
		fmt.Sprintf("/s: %s ok %s < %s ÷ %s = %s: %s, %s in these %ds: more turned away than the long run's %s",
			name, ok, servers, hold, cap, b.short, b.times, r.Seconds, share),
		fmt.Sprintf("%s ok %s < %s: %s, %s in these %ds, so more turned away than the long run's %s", name, ok, short, b.short, b.times, r.Seconds, share),
		fmt.Sprintf("%s ok %s < %s: %s, %s in these %ds", name, ok, short, b.short, b.times, r.Seconds),
		fmt.Sprintf("%s ok %s < %s: %s, %s in %ds", name, ok, short, b.fewest, b.times, r.Seconds),
		fmt.Sprintf("%s ok %s: %s, %s in %ds", name, ok, b.fewest, b.times, r.Seconds),
		fmt.Sprintf("%s ok %s: %s, %s in %ds", name, ok, b.fewest, b.timesBrief, r.Seconds)}
}
