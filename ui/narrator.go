// The narrator: a line under each lab's header saying what queueing theory (Little's law, Erlang B)
// makes of the settings in force, in the run's own numbers.

package ui

import (
	"fmt"
	"math"
	"time"

	"poollab/lab"
)

// longRun is the narrator's long-run forecast by Erlang B (lab.LongRun); the help's
// "forecast for the long run" says more.
var longRun = lab.LongRunBy(lab.ErlangB)

// narrate explains the moment in one sentence: the forecast's numbers (Little's law,
// Erlang B) in words, in the tense the snapshot gives. Every number comes from lab.
func narrate(cfg lab.Config, s *lab.Snapshot) string {
	says, spare := narration(cfg, s)
	return says + spare.long
}

// A spareClause is the narrator's last clause, which a screen may leave out: whole, and
// briefly, for a screen that has no room for it whole (breaker-trap at 80x24 lost the
// trap's share, the point of the moment); "" where it has no brief form.
type spareClause struct {
	long, short string
	shorter     string // short in fewer words, where the sentence with short wraps past headlineMost lines: "" none
	shortest    string // shorter in fewer words still, where fewer with shorter wraps past them too: "" none
	fewer       string // the sentence in fewer words, before shorter where with it the whole still would: "" none
	key         string // the key that acts on it, said after short where the line has room (press)
	alone       string // in long's place on one lab's screen, which has the room: "" none
	idle        bool   // said only where it costs the screen nothing else (spared)
	charts      bool   // left out where it costs the charts, as where it costs the settings or the rates (spared)
	capped      bool   // long only within headlineMost lines of narration: past them, short in its place
	// echo is the label of a health item that says long too: the clause is left out where
	// the health panel draws it (the long queue's derivation of the wait, twice at 120x40:
	// newcomer 40 #1), and, like an idle one, never a compare summary's remedy
	echo string
	// on one lab's screen, the says' first gloss[0] followed by " (gloss[1])": a compare
	// half has no line for it (the hops compare's A lost its dependency to the edge's gloss)
	gloss [2]string
	// then is a part said fuller as fuller is, taken after it where it costs no line, before
	// the terms beside the settings rows: which calls the hops' sum counts (newcomer 65)
	then [2]string
	// summary is short as a compare's summary says it, on one line of 80 columns under the
	// trade, where short says more than fits and a half says the rest (a fleet's rotation);
	// "" the fewest words it has (remedy)
	summary string
	// why is what a compare's summary says after remedy where the line has room, longest
	// first: why the widest cap rejects more than no cap (lab.Config.WidestWhy); nil none
	why []string
	// terse is the whole sentence, clause and all, in fewer words, for one lab's screen where
	// the sentence with its clause would wrap past headlineMost lines; "" none. terseHalf:
	// in a compare half too (the postmortem fix's, 7 lines in a half).
	terse     string
	terseHalf bool
	// terseBare is terse without the clause, where the screen leaves it out to keep its
	// charts (charts: the fleet's queues worked off at 80x24); "" terse.
	terseBare string
	// widen is a part of terse ([0]) and the same said fuller ([1]), taken where the whole
	// wraps to no more lines: the domino's average with its sum at 80x24 (newcomer 52).
	widen [2]string
	// widenBrief is widen in fewer words, taken after it where it would wrap to more lines:
	// the pool's verdict with the classes too few to judge named, not their counts (newcomer
	// 68); "" none.
	widenBrief [2]string
	// fuller is a part of whichever form is drawn ([0]) said fuller ([1]), taken on one lab's
	// screen where it wraps to no more lines: where the fix's deadline holds its queue, with
	// the product it comes from at 120 columns (newcomer 55).
	fuller [2]string
	// need are parts said fuller as fuller is, taken before it, the first that wraps to no
	// more lines: the domino's first share with the workers it needs, with Little's law's
	// sum, else without (newcomer 60), what made its pulls sure.
	need [][2]string
	// unfull is fuller[0] said without the figure fuller[1] gives the origin of, where that
	// costs a line: the fix's "holds it near 366" bare at 80x24 was a figure to guess
	// (newcomer 60); "" fuller[0] as it is.
	unfull string
	// beside is alone in fewer words, taken on one lab's screen whose settings rows say its
	// terms too, where it costs no line (the sum at 120x40, newcomer 64); "" none.
	beside string
	// trade is fuller said at the price of words the sentence can spare ([0] with them, [1]
	// fuller without), taken where fuller alone costs a line, before unfull: the fix's level
	// with its product at 80x24 for what its cap keeps (newcomer 64); "" none.
	trade [2]string
	// apart is a part said with why ([1]), taken last, where it costs no line: the domino's
	// pull odds with why they are not the check's squared (newcomer 76).
	apart [2]string
}

// press says the clause's key as the line says it: " (press ])", and on a compare's other
// half, the key that moves to it first: the settings keys act on the focused side only
// (newcomer 46: "B: … (press ])" beside ▶ on A). "" where it has none.
func (c spareClause) press(focused bool) string {
	switch {
	case c.key == "":
		return ""
	case !focused:
		return " (press " + keys.Focus.Keys()[0] + ", then " + c.key + ")"
	}
	return " (press " + c.key + ")"
}

// briefs are the sentence with the clause's brief forms, longest first: says with short,
// then with shorter, then says in fewer words (fewer) with shorter, then with shortest;
// each where it has its parts.
func (s spareClause) briefs(says string) []string {
	forms := []string{says + s.short}
	for _, try := range [][2]string{{says, s.shorter}, {s.fewer, s.shorter}, {s.fewer, s.shortest}} {
		if try[0] == "" || try[1] == "" {
			break
		}
		forms = append(forms, try[0]+try[1])
	}
	return forms
}

// brief is the first of briefs from the from'th (those before it cost the layout a line it
// has not, or wrapped a word alone: spared) at w columns, or a later one where that takes
// fewer lines and the first would wrap past headlineMost (the adaptive rule's figures at 80
// columns).
func (s spareClause) brief(says string, w, from int) string {
	forms := s.briefs(says)
	forms = forms[min(from, len(forms)-1):]
	best := forms[0]
	lines := len(wrapText("» "+best, w, 0))
	for _, f := range forms[1:] {
		if lines <= headlineMost {
			break
		}
		if n := len(wrapText("» "+f, w, 0)); n < lines {
			best, lines = f, n
		}
	}
	return best
}

// remedy is the clause briefly as a compare's summary says it: summary, or the fewest words
// it has (the adaptive rule's terse form: its brief one took 4 of the summary's lines at 80
// columns, review 42b).
func (s spareClause) remedy() string {
	switch {
	case s.summary != "":
		return s.summary
	case s.shortest != "":
		return s.shortest
	case s.shorter != "":
		return s.shorter
	}
	return s.short
}

// headlineMost is the most lines the narrator's sentence takes on one lab's screen where a
// terse form exists: a projected screen is read in seconds (n40 #3).
const headlineMost = 5

// narration is narrate in two parts: what the moment needs said, and a last clause a screen
// may leave out where it would cost the lab a level of detail (labLines): the answer to a
// question the first part raises (why this bulkhead size, how much is the trap's).
func narration(cfg lab.Config, s *lab.Snapshot) (says string, spare spareClause) {
	msg := narrateLaw(cfg, cfg.Forecast(), s, &spare)
	// An echo ends the sentence it explains, before the health checks' clause: briefly, for
	// it is said whatever the room, and the health panel may say it whole (review 34 m3).
	if spare.echo != "" && s.Health.Pulled {
		msg, spare = msg+spare.short, spareClause{}
	}
	switch {
	case s.Health.Pulled && s.Health.FailStreak == 0:
		msg += fmt.Sprintf("; health checks pass again: a balancer takes the instance back after %d in a row", cfg.Fleet.ReturnAfter)
	case s.Health.Pulled:
		msg += "; health checks failing: a load balancer would pull this instance"
	}
	return msg, spare
}

// trapShare splits the payments lost between the bulkhead and the trap: what the bulkhead
// alone would reject (Erlang B, the breaker off) beside what each has rejected so far.
// Nothing when the bulkhead would reject none, or before any payment arrived.
func trapShare(bh lab.BulkheadConfig, pay lab.PaymentForecast, st lab.ClassStats) spareClause {
	if !pay.Capped || st.Arrived == 0 {
		return spareClause{}
	}
	alone := 100 * pay.RejectedShare()
	bulkhead, breaker := st.RejectedShare(lab.RejectBulkhead), st.RejectedShare(lab.RejectBreaker)
	forecast := fmt.Sprintf("; forecast, breaker off: ~%.0f%% rejected", alone)
	// "with it": bare "so far 89%" after the forecast's "breaker off" left whose share to guess.
	short := forecast + fmt.Sprintf("; with it, %s so far", fmtShare(st.RejectedShare(lab.RejectBulkhead, lab.RejectBreaker), st.Arrived))
	return spareClause{long: fmt.Sprintf("; the bulkhead alone (breaker off) would reject ~%.0f%% of payments (forecast, %s); so far %s are %s and %s %s",
		alone, bh.PriceModel(), fmtShare(bulkhead, st.Arrived), lab.RejectBulkhead.Word(), fmtShare(breaker, st.Arrived), lab.RejectBreaker.Word()),
		// Brief, with its nouns (newcomer 17 asked "62% of what?" of "breaker off: ~62%, now 91%"),
		// the condition before its share (newcomer 22 read "~62% no breaker" as 62% having
		// none), a forecast said so (newcomers 72 and 73 read "no breaker ~62%" as measured);
		// where that costs a line, without the share so far, which the table has; a compare's
		// summary, which has the line's room, with it.
		short: short, shorter: forecast, summary: short}
}

// trapWhy is why a breaker that counts its bulkhead's rejections opens: on the dependency,
// not "as failures", the table's failed being the dependency's errors alone (newcomer 28);
// short, as at 80x24 the brief share must still fit after it.
func trapWhy(cfg lab.Config, pay lab.PaymentForecast, rate float64) string {
	msg := "; it blames bulkhead rejections on the dependency"
	if pay.Capped { // the physics of those rejections: more calls at once than permits
		msg += fmt.Sprintf(", and payments need %s × %s = %s calls at once for the bulkhead's %d permits",
			fmtFloatRate(rate), fmtSecs(pay.Call), fmtWorkers(pay.CallsNeeded), pay.Bulkhead)
	}
	if cfg.Dependency.Mode == lab.ModeHealthy {
		msg += ", so it opens even on a healthy dependency"
	}
	return msg
}

// breakerGain says what the breaker bought so far, which no other line says: its payments
// ok as without it (0%), newcomer 23 saw no gain but by comparing screens. Each payment it
// turned away called nothing and was answered at once, where a call holds its worker for the
// forecast's hold, said as one (~). Freed workers are its gain only where the pool would
// otherwise fill (fills, the forecast without the breaker): beside "pool full 0.0s" they
// bought nothing (newcomer 29), and where a timeout already keeps workers free the timeout
// bought them (newcomer 34 #1, the breaker preset against socket-timeout's).
func breakerGain(s *lab.Snapshot, pay lab.PaymentForecast, fills bool) spareClause {
	n := s.Classes[lab.Payment].Rejected[lab.RejectBreaker]
	if n == 0 {
		return spareClause{}
	}
	freed := ""
	if fills {
		freed = ", freeing their workers"
	}
	long := fmt.Sprintf("; its gain so far: the %s payments %s called nothing and were answered at once, not after ~%s%s (the dependency got %s calls in all)",
		fmtCount(n), lab.RejectBreaker.Word(), fmtSecs(pay.Hold), freed, fmtCount(s.Dependency.Requests))
	return spareClause{long: long, short: fmt.Sprintf("; its gain: %s calls not made", fmtCount(n))}
}

// breakerFrees says whose gain the free workers are while the breaker is open: its own where
// the pool would fill without it (the forecast knows no breaker), what keeps them free where
// it has room without it too, by Little's law: a timeout (why), or calls short enough.
func breakerFrees(f lab.Forecast, s *lab.Snapshot, others, why string) string {
	pay := f.Classes[lab.Payment]
	switch s.BreakerFrees(f) {
	case lab.FreedByBreaker:
		return fmt.Sprintf("; workers stay free for %s, which payments would fill without it: they need %s of %d", others, pay.LittlesLaw(why), f.Workers)
	case lab.FreedCrowded: // payments short of the pool fill it beside the others, not on their own
		return fmt.Sprintf("; workers stay free for %s, which payments would crowd out without it: they need %s of %d", others, pay.LittlesLaw(why), f.Workers)
	case lab.FreeWithoutIt:
		return fmt.Sprintf("; even without the breaker, workers stay free for %s: payments need %s of %d", others, pay.LittlesLaw(why), f.Workers)
	}
	return ""
}

// widest answers "why this size?" when a wider bulkhead would protect the others as well:
// the widest that leaves them the workers they need, by the forecast's rule, and what it
// would reject of the payments against what this one, of pay.Bulkhead, does; in brief, after
// the cap, where a need is given (a fleet's): what it rests on (lab.Config.WidestKept), and
// after the bar, the rotation it assumes (", 3 in rotation"; "" for one pool).
// Nothing when none is wider.
func widest(pay lab.PaymentForecast, others, need, rotation string, cfg lab.Config) spareClause {
	if pay.Widest == 0 {
		return spareClause{}
	}
	key := keys.Size.Keys()[1]
	brief := func(at, kept string) string {
		return fmt.Sprintf("; %s%s: %d%s, would reject ~%.0f%% of payments", lab.WidestWord(), at, pay.Widest, kept, 100*pay.WidestLoss)
	}
	var summary, kept string
	if need != "" { // a compare's summary keeps one line of 80 columns without it
		summary, kept = brief("", ""), " ("+cfg.WidestKept(pay)+")"
	}
	// Both forms say why that cap, the widest that still does it, and that the others stay
	// protected there (newcomer 25: "a cap of 18 would reject ~44%": why 18, and are the
	// signups still safe?); brief, in one line under an 80-column compare's trade.
	// What the workers it leaves rest on, the others' need, where a line has room (need: a
	// replica's): a replica's 3 beside one pool's 2, whose signups arrive at 5/s, not a third
	// of 80/s, had no reason on screen (newcomer 58 #5).
	var fuller [2]string
	if left := " " + cfg.KeptOf(pay.OthersNeed) + " ("; need != "" {
		fuller = [2]string{left, left + "they need " + need + " workers a replica; "}
	}
	return spareClause{
		fuller: fuller,
		// The share it is weighed against, said as this cap's: a bare "not ~84%" was a figure
		// no other line showed (newcomer 28).
		long: fmt.Sprintf("; %d, the widest cap that still leaves %s %s (forecast: under %g%% of them turned away), would reject ~%.0f%% of payments, where %d rejects ~%.0f%% (press %s to raise it)",
			pay.Widest, others, cfg.KeptOf(pay.OthersNeed), 100*lab.OthersLoss, 100*pay.WidestLoss, pay.Bulkhead, 100*pay.RejectedShare(), key),
		// Why more than with no cap, beside a run with none: its workers fewer (newcomer 65:
		// ~44% beside the shared pool's 38% asked "so the bulkhead is worse?").
		why: cfg.WidestWhy(pay),
		// What it spares, and of whom the shares are (newcomer 26: "sparing" what? ~44% of
		// what?), in one line under an 80-column compare: the key gives way first. By the
		// rule that sizes it, as the long form says: "keeps others 2 workers" here and "3"
		// in a fleet looked arbitrary, and beside "which need ~0.01 workers" (newcomer 28).
		// The others turned away (by the pool, not the cap): "turns away under 0.1% of
		// others" made the cap do it (review 18). Named, a fleet's others ("signups and
		// health checks") no longer fit 80 columns. The rule before the cap it gives: after
		// it, "others under 0.1% turned away" read as one more outcome, and "widest" by what
		// rule? (newcomer 30). "Would": a forecast, beside B's measured share (review 22).
		// The payments' cap, named by whom it rejects: "cap for others" read as a cap on
		// signups (newcomer 31), and a bare "would reject ~44%" asked of what (review 24);
		// "widest payment cap … ~44% of payments" does not fit 80 columns.
		short:   brief(rotation, kept),
		summary: summary,
		key:     key,
	}
}

// timeoutPrice is what a timeout shorter than the call costs: every payment.
func timeoutPrice(cfg lab.Config) string {
	return fmt.Sprintf("; the price: every payment that calls times out (%s call > %s timeout), none succeed",
		fmtSecs(cfg.Dependency.CallLatency()), fmtSecs(cfg.Payment.Timeout.Duration.D()))
}

// failingFast is why payments hold no worker where the dependency fails them at once, and
// "" where it does not.
func failingFast(cfg lab.Config) string {
	switch cfg.Dependency.Mode {
	case lab.ModeDown:
		return "dependency down: payments fail within a millisecond (connection refused) and free their workers at once"
	case lab.ModeErrors:
		return "dependency answers 500 at once: payments fail fast and free their workers"
	}
	return ""
}

// narrateLaw is the sentence; spare gets the clause that may be left out.
func narrateLaw(cfg lab.Config, f lab.Forecast, s *lab.Snapshot, spare *spareClause) string {
	if msg, ok := narrateFleet(cfg, s, spare); ok {
		return msg
	}
	if msg, ok := narrateMeasurement(cfg, f, s, spare); ok {
		return msg
	}
	if msg, ok := narrateHops(cfg, f, s, spare); ok {
		return msg
	}
	if msg, ok := narratePostmortem(cfg, f, s, spare); ok {
		return msg
	}
	rate := cfg.Traffic.PeakRate(lab.Payment)
	workers := cfg.Pool.Workers
	pay := f.Payment

	// Who else needs the pool: the classes starving now, else every other class with traffic.
	var starving, all []lab.Class
	for _, c := range lab.Classes {
		switch {
		case !c.Starves():
		case s.StarvingNow(c):
			starving = append(starving, c)
			fallthrough
		case s.Active(c):
			all = append(all, c)
		}
	}
	whom := starving
	if len(whom) == 0 {
		whom = all
	}
	others := "other requests"
	if len(whom) > 0 {
		others = lab.JoinAnd(whom, lab.Class.String)
	}
	// A timeout shorter than the call frees workers at the price of every payment, and is
	// why payments hold workers no longer (Little's law's note).
	price, why := "", ""
	if pay.TimeoutCuts {
		why = fmt.Sprintf(" (%s timeout)", pay.Timeout)
		price = timeoutPrice(cfg)
		// Whether the dependency's work ends with the socket is the dependency's choice.
		if cfg.Payment.Timeout.Kind == lab.TimeoutSocket && !cfg.Dependency.IgnoreCancel {
			// The payoff over a caller timeout, whose calls run on: the lab's forecast of
			// the same settings with that timeout instead.
			caller := cfg
			caller.Payment.Timeout.Kind = lab.TimeoutCaller
			// On average: newcomer 20 read "10 at once" beside the dependency's "peak 17" as a
			// cap that failed; the peak is the whole run's, settings changes and all, so it is
			// not said here as this setting's (the review). The forecast said so beside the
			// measured "now" (newcomer 63 G4).
			price += fmt.Sprintf("; closing the socket hangs up, and this dependency then drops the call (not all do): %s calls there at once on average (forecast; now %d), where a caller timeout (which stops waiting, the call still open) keeps %s running there",
				fmtWorkers(pay.CallsAtOnce), s.Dependency.InFlight, fmtWorkers(caller.Forecast().Payment.CallsAtOnce))
		}
	}

	switch {
	case rate == 0:
		return "no payments arriving: the pool belongs to the other classes"
	case cfg.Dependency.Mode.Fails():
		if len(whom) == 0 { // none else to get them (the postmortem's orders alone)
			return failingFast(cfg)
		}
		return failingFast(cfg) + "; " + others + " get workers"
	case s.Breaker.State == lab.BreakerOpen:
		msg := fmt.Sprintf("breaker open: every payment is now %s at once, without calling, until the next trial in %s",
			lab.RejectBreaker.Word(), fmtSecs(s.Breaker.OpenLeft))
		if !cfg.BreakerCountsBulkhead() {
			*spare = breakerGain(s, pay, s.BreakerFrees(f).ByBreaker())
			return msg + breakerFrees(f, s, others, why)
		}
		*spare = trapShare(cfg.Payment.Bulkhead, pay, s.Classes[lab.Payment])
		return msg + trapWhy(cfg, pay, rate)
	case s.Breaker.State == lab.BreakerClosed && s.Breaker.Opened > 0 && cfg.BreakerCountsBulkhead():
		// Closed again, the trap is still the story: at breaker-trap's 8s, closed since
		// 7.6s, the bulkhead's forecast stood over a table of 119 of 152 rejected:breaker
		// (newcomer 68 W-MAJOR).
		*spare = trapShare(cfg.Payment.Bulkhead, pay, s.Classes[lab.Payment])
		return fmt.Sprintf("breaker closed now, opened %d× so far", s.Breaker.Opened) + trapWhy(cfg, pay, rate)
	case s.Breaker.State == lab.BreakerHalfOpen:
		// Not the timeout's story: with most payments rejected:breaker on the table, "every
		// payment times out" read as a contradiction (the breaker preset, half-open at 10s).
		*spare = breakerGain(s, pay, s.BreakerFrees(f).ByBreaker())
		return s.Breaker.HalfOpenStory()
	}

	brownout := ""
	if cfg.Dependency.Mode == lab.ModeBrownout {
		brownout = " while it is slow"
	}
	// Calls that outlive their caller (caller timeout) still load the dependency: of the
	// calls there at once, those past their caller's timeout are orphaned, the rest still
	// hold a worker; the snapshot's counts of both stand beside the forecast's.
	orphans := ""
	if pay.Orphaned > 0 {
		orphans = fmt.Sprintf("; the calls run on: %s × %s = %s at the dependency at once, %s of them orphaned (now %d there, %d orphaned)",
			fmtPerSec(pay.Admitted), fmtSecs(pay.Call), fmtWorkers(pay.CallsAtOnce), fmtWorkers(pay.Orphaned),
			s.Dependency.InFlight, s.Orphans.InFlight)
	}

	if bh := cfg.Payment.Bulkhead; pay.Bulkhead > 0 && pay.Bulkhead < workers {
		needs := fmt.Sprintf("payments need %s × %s%s = %s", fmtFloatRate(rate), fmtSecs(pay.Call), brownout,
			fmtWorkers(pay.CallsNeeded))
		// Of the set rate, the forecast's basis: "~8.4/s payments rejected:bulkhead, only ~16% ok"
		// beside the table's 8.8/s and 13% of 10.8/s arrived read as a forecast missed (newcomer 59).
		rejected := "~" + fmtPerSec(pay.Rejected) + " of " + fmtFloatRate(rate) + " payments " + lab.RejectBulkhead.Word()
		switch {
		case !pay.Capped:
			msg := fmt.Sprintf("%s at once, within the %s bulkhead's %d", needs, bh.Type, pay.Bulkhead)
			if pay.RejectsShown() {
				return msg + ": only random bursts go over it, " + rejected + orphans + price
			}
			return msg + ": none rejected by it" + orphans + price
		case pay.Hold >= pay.Call: // the worker holds its permit for the whole call
			// What the others need of the workers kept free: the bulkhead's size against its use.
			// "The rest", not 20 − 5: "15 stay free for" beside the health line's "on average 14
			// other workers sat free" at each rejection, whose payment held one of them, read
			// as two counts of one thing (newcomer 59).
			msg := fmt.Sprintf("%s workers; the %s bulkhead caps them at %d of the pool's %d: the rest for %s, which need %s workers; %s: %s%s",
				needs, bh.Type, pay.Bulkhead, workers, others, f.NeedOf(whom), bh.LongRunPrice(), rejected, priceOK(cfg, pay))
			*spare = widest(pay, others, "", "", cfg)
			if bh.Type == lab.BulkheadSemaphore && bh.MaxWait > 0 {
				msg += fmt.Sprintf(" (each waits up to %s for a permit, holding a worker)", fmtDur(bh.MaxWait.D()))
			}
			return msg + price
		}
		// The long run's, as the capping case says it: bare, ~8.4/s read as a measurement
		// wrong against the table's 7.4/s (newcomer 22).
		return fmt.Sprintf("%s calls at once; the %s bulkhead runs %d: %s: %s, and callers leave after %s (%s timeout), so payments hold ~%s of %d workers",
			needs, bh.Type, pay.Bulkhead, bh.LongRunPrice(), rejected, fmtSecs(pay.Hold), pay.Timeout, fmtWorkers(pay.WorkersHeld), workers) + price
	}

	law := fmt.Sprintf("payments need %s workers%s; the pool has %d", f.Classes[lab.Payment].LittlesLaw(why), brownout, workers)
	if pay.Bulkhead > 0 {
		law += " (a bulkhead that big caps nothing)"
	}
	conns := ""
	switch {
	case pay.LeaseWait > 0:
		// The worker waits for a connection: its hold is the lease wait and the call.
		// Little's law with the inputs as shown: workers × call ÷ connections computes as printed.
		// The lease wait is on the worker: the table counts it in p99 and service, not in
		// p99:wait, and says so (newcomer 17 read "lease wait" beside p99:wait 1.1ms as one). Its
		// latencies are of finished payments, the first ones while they held theirs less.
		// The connections free together: the table's /s window catches whole batches, and
		// newcomer 15 read its 2/s ok against 1.7/s said bare. The worker pool, named so:
		// beside the connections "the pool" and rej:pool read as theirs (newcomer 41 G5).
		law = fmt.Sprintf("%d connections to the dependency serve %d ÷ %s = %s payments, in batches: the rest wait for one on their worker, "+
			"and once they hold every worker each payment holds its worker %d × %s ÷ %d = %s by Little's law (~%s waiting for a connection + %s call, "+
			"both on the worker)%s; the worker pool",
			pay.ConnectionsCap, pay.ConnectionsCap, fmtSecs(pay.Call), fmtPerSec(pay.ConnThroughput), workers,
			fmtSecs(pay.Call), pay.ConnectionsCap, fmtSecs(pay.Hold), fmtSecs(pay.LeaseWait), fmtSecs(pay.Call), heldLess(s, pay.Hold))
	case pay.ConnectionsCap > 0:
		conns = fmt.Sprintf(". %d connections to the dependency cap the calls, not the workers: the rest wait for one, holding theirs", pay.ConnectionsCap)
	}
	switch f.Fit {
	case lab.FitsBarely:
		return law + ": it fits, barely; a little more traffic or latency fills it" + orphans + conns + price
	case lab.FitsEasily:
		return law + ": it fits, " + others + " get workers" + orphans + conns + price
	}

	fill, full := fullWords(s, f)
	// A queue's sentence while no one starves, or where its rule limits the wait: what CoDel
	// turns away starves too (newcomer 43 W-1), and is this sentence's to say, not a full
	// pool's (newcomer 44: codel-queue read "turning away whoever finds it full").
	if q := cfg.Pool.Queue; q.Holds() && (len(starving) == 0 || cfg.Pool.Rule().Limit(0) > 0) {
		wait, how := queueWaitWords(s)
		*spare = how
		// Payments queue too, and are the most of it (newcomer 23: "signups wait in the
		// queue" beside 29 payments of its 43).
		queued := lab.JoinAnd(append([]lab.Class{lab.Payment}, all...), lab.Class.String)
		if q.Unbounded() { // nothing is turned away: the queue, and the wait, only grow
			if !full {
				return fmt.Sprintf("%s: %s, then the queue grows without end (~%s) and %s wait ever longer",
					law, fill, fmtPerSec(f.Queue.Growth), queued)
			}
			return fmt.Sprintf("%s: %s; the queue grows without end (~%s), %s wait in it ever longer; %s",
				law, fill, fmtPerSec(f.Queue.Growth), queued, wait)
		}
		// A discipline that limits the wait turns away who outwaits it: its queue does not fill.
		if rule := cfg.Pool.Rule(); rule.Limit(0) > 0 {
			if !full {
				return fmt.Sprintf("%s: %s, then %s wait at most %s in the queue of %d, and past that are turned away (rejected:%s)",
					law, fill, queued, fmtDur(rule.Limit(0)), q, rule.Expired())
			}
			return fmt.Sprintf("%s: %s; %s wait at most %s in the queue of %d, and past that are turned away (rejected:%s); %s",
				law, fill, queued, fmtDur(rule.Limit(0)), q, rule.Expired(), wait)
		}
		// Where a queue comes first, what everyone queued meets once it is full (payments too:
		// naming signups alone said payments were spared, review 16 #3), in the table's
		// column (newcomer 23 read "starve" as waiting for a worker, and newcomer 26 read
		// "then signups starve" beside signups waiting 1.5s as saying they did not yet), and
		// what it means there: a full queue's is the pool's, not rejected:queue (round 11,
		// long-queue beside CoDel).
		_, gloss := lab.RejectPool.Gloss(cfg) // "queue of 100 full": the workers said before it
		rejected := "are " + lab.RejectPool.Word() + " (" + gloss + ")"
		if !full {
			return fmt.Sprintf("%s: %s, then the queue of %d fills, and %s %s", law, fill, q, queued, rejected)
		}
		if s.Pool.PeakQueued >= int(q) { // it has filled: it turns away whoever finds it full
			return fmt.Sprintf("%s: %s; %s wait in the queue of %d, and are %s whenever it is full; %s",
				law, fill, queued, q, lab.RejectPool.Word(), wait)
		}
		eta := ""
		if in := s.QueueFullIn(q, f.Queue.Growth); in > 0 {
			// At the set rates, in terms a reader can check; the growth measured over the
			// table's /s window only "so far": a young run's is its start-up (newcomer 38 W3).
			eta = s.QueueGrowthSaid(f, in)
		}
		return fmt.Sprintf("%s: %s; %s wait in the queue of %d until it fills, then they %s%s; %s",
			law, fill, queued, q, rejected, eta, wait)
	}
	// A pool with no queue turns away the same share of every class: it cannot tell them apart.
	share := ""
	if f.Loss && cfg.Traffic.Arrivals == lab.Poisson {
		// The run's own shares first, when it has any: the long run's figure beside them.
		// Every class that arrived, not only those starving this second: signups that starved
		// until a second ago still count (newcomer 15's screen named health checks alone).
		model, blocking := longRun, f.LongRunLoss()
		shares, verdict, warm := s.PoolShares(all, f.SharesJudgedBy())
		share = shares
		if v := verdict.Said; v != "" {
			// Where it costs the screen nothing but a blank line: 80x24 and compare keep
			// their lines. Since the fill only, as is the warm clause's opposite below.
			// With its test last, else the classes too few to judge named, where that costs
			// no panel a line (widen): "health checks 1 of 6" within chance of 38% looked wrong
			// with neither said (newcomer 63).
			*spare = spareClause{long: "; " + v, short: "; " + v, idle: true,
				widen: [2]string{"; " + v, "; " + verdict.Reasoned}, widenBrief: [2]string{"; " + v, "; " + verdict.Noted}}
		}

		switch {
		case f.LongRunModel() == lab.ConnBoundModel:
			// What the connections serve bounds what the pool lets in: Erlang B over the hold
			// the full pool makes comes to this, which the reader can check from the rates
			// shown (newcomer 35 #7, 36 #10, 37 #11: Erlang B of that load read as circular).
			model = lab.LongRunBy(fmt.Sprintf("%d connections serve at most %s of %s", pay.ConnectionsCap, fmtPerSec(pay.ConnThroughput), fmtPerSec(pay.Admitted)))
		case pay.LeaseWait > 0:
			// Payments queue, for a connection on their worker, never for a worker: the load
			// Erlang B is given, in the terms said before it, so its share can be checked
			// ("no queue" beside payments waiting left 83% to guessing: newcomer 34 #23).
			load := fmt.Sprintf("%s × %s", fmtPerSec(pay.Admitted), fmtSecs(pay.Hold))
			if rest, _ := f.OthersLoad(); rest >= 0.05 {
				load += fmt.Sprintf(" + %s for the rest", fmtWorkers(rest))
			}
			// The hold is the one once every worker waits, so the forecast is of that state,
			// beside shares measured while it was not yet (newcomer 35 #7, review 29 lab #9).
			model = fmt.Sprintf("%s, once every worker waits (%s for a worker; %s = %s workers' load on %d)", lab.LongRun, lab.ErlangB, load, fmtWorkers(f.OfferedLoad), f.Workers)
		}
		long := fmt.Sprintf("; %s: %.0f%% of each", model, 100*blocking)
		if share == "" {
			long = fmt.Sprintf("; %s: it turns away %.0f%% of every class", model, 100*blocking)
		}
		apart := ": the pool cannot tell them apart"
		// Not where the connections bound it: that figure is the even pace's own (1 − C/λ),
		// and beside it "an even pace would lose 5%" said random arrivals lose more than the
		// figure just given (review 32 #6).
		if pay.ConnBound == 0 && math.Round(100*f.Blocking)-math.Round(100*f.Overflow) >= 2 { // printed, they differ
			// The share the reader computes is what arrivals at an even pace would lose (its
			// formula on one line: no-break spaces); random ones lose more (Erlang B, which
			// holds whatever the calls' durations: only the arrivals' randomness counts).
			// Said as arrivals, not "an even flow's", which newcomer 25 could not place; why
			// random ones lose more is the help's, for the sentence keeps to 4 lines at 80
			// columns (TestNarrator).
			// The load in the terms said before it, payments' workers and the rest's: a bare
			// 30.2 beside "payments need … = 30 workers" was a riddle where the header's
			// "needs ~0.2 workers" for signups is cut (80 columns, newcomer 38 G13); "even-paced
			// arrivals:", not "… would lose", keeps loss-system's sentence to 4 lines at 80.
			// Named a forecast: "would lose … 33%" beside signups' 33% so far read as the
			// signups having hit it (newcomer 41 G3).
			apart = fmt.Sprintf(" (the pool cannot tell them apart); even-paced arrivals' forecast: 1\u00a0−\u00a0%d/%s = %.0f%%",
				f.Workers, loadTerms(f), 100*f.Overflow)
		}
		share += long + apart
		// Why the run's share sits below both forecasts, where a screen has room and no
		// whole second since the pool filled gives the shares apart from them: its first
		// seconds, before the pool filled, turned none away (newcomer 33: three loss figures,
		// the run's the lowest). Last, as a spare clause: the sentence keeps to 4 lines at 80.
		if so := s.Pool.FullFrom; warm && shares != "" {
			// Briefly where the long one costs a line (80x24: the shares read as the long
			// run's, n37); an idle clause is no remedy, so a compare's summary leaves it.
			// The shares the subject, not "so far" as a noun (newcomer 41 W1).
			*spare = spareClause{long: fmt.Sprintf("; the shares so far include the %s before the pool first filled, when it turned none away", fmtSecs(so)),
				short: fmt.Sprintf("; the shares so far include %s before full", fmtSecs(so)), idle: true}
		}
		// Payments waiting for a connection on their worker: the sentence fills 7 lines at
		// 80 columns, where "the worker pool" took the clause's room (s49pool), so in
		// fewer words, clause and all, within headlineMost lines.
		if pay.LeaseWait > 0 && shares != "" && pay.ConnBound > 0 && s.Pool.FullFrom > 0 {
			spare.terse = fmt.Sprintf("%d connections serve %d ÷ %s = %s payments; the rest wait on their worker; once all do, each holds it %d × %s ÷ %d = %s (Little's law)%s; the worker pool, %s, turns away whoever finds it full%s; long run %.0f%% of each (%s)%s",
				pay.ConnectionsCap, pay.ConnectionsCap, fmtSecs(pay.Call), fmtPerSec(pay.ConnThroughput), workers,
				fmtSecs(pay.Call), pay.ConnectionsCap, fmtSecs(pay.Hold), heldLess(s, pay.Hold), fill, shares, 100*blocking, pay.ConnBoundSaid(all, cfg.Traffic.Label), spare.short)
			// The law said, where it costs no line: named alone, it explained nothing (newcomer 58 G05);
			// turned round as the figures use it, 20 ÷ (5 ÷ 3.0s) (newcomer 60: "held = rate × time" had to be inverted);
			// its held read as a time beside "each holds it … 12.0s": the count by name, the 20 workers (newcomer 62).
			spare.fuller = [2]string{"(Little's law)", "(Little's law: time\u00a0=\u00a0workers\u00a0÷\u00a0rate)"}
		} else {
			// Each share with its arrivals, where no /s row checks it and that costs no line
			// (newcomer 59 G-minor 18); the others' named starved, the header's word: at 80
			// columns no note had room to say what it counts (newcomer 62). Both where they
			// fit, else the arrivals alone; the shares so far, before a whole second of the
			// full pool, with their own clause alone.
			counted, starved, both := s.PoolSharesCounted(all), s.PoolSharesStarved(all, false), s.PoolSharesStarved(all, true)
			switch {
			case both != "": // never without counted
				spare.fuller, spare.unfull = [2]string{shares, both}, counted
			case counted != "":
				spare.fuller = [2]string{shares, counted}
			case starved != "" && !warm:
				spare.fuller = [2]string{shares, starved}
			}
		}
	}
	// Whoever finds it full, not a class: "signups starve" beside 67% of them ok read as none
	// getting through (newcomer 40 #4); the header's starved counts those of the others, and
	// the shares so far follow (soFar).
	named := lab.LossSystemNamed(s.Config)
	if !full {
		return fmt.Sprintf("%s: %s, then it turns away whoever finds it full%s%s%s", law, fill, named, share, conns)
	}
	return fmt.Sprintf("%s: %s, turning away whoever finds it full%s%s%s", law, fill, named, share, conns)
}

// heldLess says, while every payment finished so far took less than hold, that the table's
// latencies are theirs and not the in-flight ones', and why: they found fewer ahead ("; the
// 10 finished so far, with fewer ahead, took less (p99 5.50s), the 20 in flight still hold
// theirs"); nothing otherwise.
func heldLess(s *lab.Snapshot, hold time.Duration) string {
	pay := s.Classes[lab.Payment]
	// Less as printed, to the tenth the hold is said in: 11.99s beside 12.0s would read as the
	// same, while 11.0s, a tenth's margin not said, read as a p99 under the hold it is
	// said to be (newcomer 43 G-4).
	if pay.Latency.Count == 0 || pay.InFlight == 0 || pay.Latency.Max.Round(100*time.Millisecond) >= hold.Round(100*time.Millisecond) {
		return ""
	}
	return fmt.Sprintf("; the %s finished so far, with fewer ahead, took less (p99 %s), the %s %s still hold theirs",
		fmtCount(pay.Latency.Count), latency(pay.Latency.P99, pay.Latency.Count), fmtCount(pay.InFlight), lab.FateInFlight.Word())
}

// queueWaitWords say what the queue's wait is: the signups' wait p99 is of
// those already finished, which a growing queue leaves behind; with a FIFO queue, also what
// one arriving now waits (lab.Snapshot.WaitArrivingNow): the long queue's finished signups
// waited 3.32s at p99, while one arriving behind its 75 waited ~7s; how, what that wait is
// made of, in brackets, the narrator's spare clause (none without one).
func queueWaitWords(s *lab.Snapshot) (words string, how spareClause) {
	who := lab.Plural(lab.Signup.String())
	w := s.Classes[lab.Signup].QueueWait
	words = fmt.Sprintf("finished %s' wait p99 %s", who, latency(w.P99, w.Count))
	if now, ok := s.WaitArrivingNow(); ok {
		words += fmt.Sprintf(", while one arriving now waits ~%s", fmtSecs(now.Wait))
		// Briefly, the terms that add up to it, where the whole costs the settings or the
		// rates (80x24: the long queue's sentence took 8 lines, newcomer 40 #1).
		how = spareClause{long: now.Played(s.Config.Traffic), short: fmt.Sprintf(" (%s)", now.Turn(s.Config.Traffic)), echo: lab.ArrivingNowLabel}
	}
	// LIFO's lesson: the p99 is of those served, and the oldest are not (lab's words).
	return words + s.NewestFirstSaid(), how
}

// loadTerms writes the load a pool is offered as its parts where the others' shows as
// printed: "(30 + 0.2 workers for signups)", payments' workers and the others' (named where
// one class holds it all, else "the rest"; with the unit, for "0.2 signups" read as a count
// of signups where the header's "needs ~0.2 workers" is cut, newcomer 43 G-18), else the
// load alone, "30".
func loadTerms(f lab.Forecast) string {
	rest, holding := f.OthersLoad()
	if rest == 0 || fmtWorkers(f.OfferedLoad) == fmtWorkers(f.Payment.WorkersHeld) {
		return fmtWorkers(f.OfferedLoad)
	}
	whose := "workers\u00a0for\u00a0the\u00a0rest"
	if len(holding) == 1 {
		whose = "workers\u00a0for\u00a0" + lab.Plural(holding[0].String())
	}
	return fmt.Sprintf("(%s\u00a0+\u00a0%s\u00a0%s)", fmtWorkers(f.Payment.WorkersHeld), fmtWorkers(rest), whose)
}

// fullWords says when the pool filled: measured once it has ("first full at 1.6s"), the
// set rates' forecast until then ("forecast full at ~2.0s"). Newcomer 15 read the forecast's
// "full since ~2.0s" as measured beside "pool full 10.4s in all, of 12.0s", which it could
// not be. full is whether it has filled (a fleet, which measures no first time, by the forecast).
func fullWords(s *lab.Snapshot, f lab.Forecast) (words string, full bool) {
	if s.Pool.FullFrom > 0 {
		return "first full at " + fmtSecs(s.Pool.FullFrom), true
	}
	return "forecast full at ~" + fmtSecs(f.FillIn), s.Elapsed >= f.FillIn
}
