// A chain of hops (dependency.hops; article 003: deadlines are budgets, retries multiply down a
// chain): how they time and retry their calls (DeadlineMode, RetryAt, HopConfig), their
// defaults and validation rows, the floor a propagated deadline keeps, HopStats and a snapshot's requests per hop, the report's
// section and summary line, and the hops' items on the panel of the payment call's way down.
// The hops themselves are servers the engine runs (slowserver's forwarders).

package lab

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

func init() {
	register(mechanism{
		name: "hops",
		rank: 90,
		defaults: func(c *Config) {
			// "30 s is plenty", picked by each hop on its own.
			c.Dependency.Hops, c.Dependency.Deadline, c.Dependency.RetryAt = 1, DeadlinePerHop, RetryAtEdge
			c.Dependency.Hop = HopConfig{Timeout: Duration(30 * time.Second), Retry: 1}
		},
		checks: func(c Config) []check {
			d := c.Dependency
			return []check{
				{"dependency.hops", d.Hops < 0 || d.Hops > MaxHops, fmt.Sprintf("must be 0..%d (0 or 1: the plain dependency), got %d", MaxHops, d.Hops)},
				{"dependency.deadline", !oneOf(d.Deadline, DeadlineModes...), fmt.Sprintf("must be one of %s, got %s", join(DeadlineModes), Quote(string(d.Deadline)))},
				{"dependency.retry_at", !oneOf(d.RetryAt, RetryAts...), fmt.Sprintf("must be one of %s, got %s", join(RetryAts), Quote(string(d.RetryAt)))},
				{"dependency.hop.timeout", d.Hop.Timeout < 0 || d.Hop.Timeout.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s: none), got %s", MaxLatency, d.Hop.Timeout)},
				{"dependency.hop.retry", d.Hop.Retry < 1 || d.Hop.Retry > MaxAttempts, fmt.Sprintf("must be 1..%d (tries per request at each hop, 1: no retry), got %d", MaxAttempts, d.Hop.Retry)},
				{"dependency.hop.reserve", d.Hop.Reserve < 0 || d.Hop.Reserve.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, d.Hop.Reserve)},
				{"dependency.hop.min_call", d.Hop.MinCall < 0 || d.Hop.MinCall.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, d.Hop.MinCall)},
			}
		},
		report:  func(r *Report, s Snapshot) { r.Hops = hopsReport(s) },
		summary: at(95, Report.hopLines),
		health:  at(15, heldHealth),
		way: at(20, func(s *Snapshot) []Item {
			if len(s.Hops) == 0 {
				return nil
			}
			v := FmtPerPayment(s.DeepestPerPayment()) + "×"
			r := s.Config.Forecast().Retry
			forecast := fmt.Sprintf(" (forecast ≤ %s)", FmtTimes(r.Deepest))
			it := Item{Label: fmt.Sprintf("at hop %d", len(s.Hops)), Value: v, Strong: true, Note: forecast}
			if r.Refused { // its callers' tries never reach it: 0.00× beside a forecast of 27× read wrong
				it.Note, it.BriefNote, it.ShortNote = " ("+r.RefusedSaid()+")", " (down: refuses all)", " (down)"
			}
			// Beside the measure, what the same payments should have made by now: the
			// forecast is of payments done with every call (issue 22 #15).
			if d, ok := s.DeepestDue(r); ok && d.Younger > 0 {
				// Whence, where it fits: the last hop's may match the measure to the hundredth
				// (expectedByNow).
				it.Note, it.BriefNote, it.ShortNote = " ("+expectedByNow(d.PerPayment())+", "+forecast[2:], " ("+dueByNow(d.PerPayment())+", ≤ "+FmtTimes(r.Deepest)+" in all)", forecast
			}
			return []Item{it}
		}),
		// How the chain times and retries is what tells stacked timeouts from a propagated
		// deadline: a setting, so compare's one line of settings leads with it.
		settings: at(88, hopsSettings),
		numbers: append(at(10, []Item{
			word("hop N", "a chain (dependency.hops): the edge, "+EdgeIs+" and no hop itself (\"edge →\" before the boxes), calls hop 1, each hop the next, the last is the slow dependency; with each, its requests in flight now. A call its caller gave up on runs on while the caller tries again, so a deeper hop can hold more calls than the one above it"),
			word(perHopWord(StackedTimeouts()), perHopHelp(StackedTimeouts())),
			word(AfterAnswerWord, "the boxes' second number, the narrator's and the compare's count, one phrase cut to fit ("+pastForms()+"): the hop calls a hop received after their payment's user was answered or was still working on then, both, counted "+SinceStart+" (the first number in a hop's box is a gauge, its calls in flight now; each named in the box, \"[1: 30 "+NowTag+", 81 "+AfterTag+"]\", or by the first box's words): work for nobody. The user is answered when the edge gives up (its tries spent, as in stacked-timeouts at ~1.6s), a timeout fires, or the deadline (payment.deadline, from the scheduled arrival) passes, whichever comes first. A hop that stops when its caller hangs up is done at its caller's timeout, however late it notices"),
		}), at(30, []Item{
			word("at hop N", atHopHelp(StackedTimeouts())),
			word(HeldWord, heldHelp(StackedTimeouts())),
		})...),
	})
}

// perHopWord is the hops' settings item in its brief form for c, as 80 columns show it: "3
// hops, per-hop 500ms ×3".
func perHopWord(c Config) string {
	d := c.Dependency
	return hopsLabel(d) + " " + perHopBrief(d.HopAttempts(), d.Hop.Timeout.D())
}

// perHopHelp says what the brief form of a per-hop chain's settings item means, its figures
// c's, the stacked-timeouts preset's.
func perHopHelp(c Config) string {
	d := c.Dependency
	return fmt.Sprintf("the chain's settings briefly, where the line has no room for the long form (dependency.hops, dependency.deadline, dependency.hop): "+
		"%s, each hop between the edge and the last gives each of its tries its own timeout (%s, dependency.hop.timeout) and tries up to %d times (dependency.hop.retry); "+
		"the deadline: %s, so no hop knows the user's. With a propagated deadline the item reads \"deadline %s\" instead: %s",
		DeadlinePerHop, FmtDur(d.Hop.Timeout.D()), d.HopAttempts(), DeadlinePerHop.passes(), DeadlinePropagate, DeadlinePropagate.passes())
}

// atHopHelp is the help's "at hop N", its figures worked out from the forecast for c, the
// stacked-timeouts preset (review 38a m12: a sum written out by hand in the help and its
// test alike; review 39 m8: the factors too). Where not every try fails, no worked example:
// the help registers as the lab starts, so a lookup past the end stopped every binary.
func atHopHelp(c Config) string {
	r := c.RetryForecast()
	multiplies := "after calls/payment at hop 1: the requests the last hop of a chain (N, the slow one) received per payment: each retrying layer multiplies it"
	var unalike string // the headline's sum where the layers retry unalike, worked
	due := "Short of that while the latest payments' last calls are still due: each layer starts its tries a try and a wait apart (a jittered backoff at its mean)"
	if n := len(r.DeepestCalls); n > 0 {
		last := FmtSecs(r.DeepestCalls[n-1])
		multiplies += fmt.Sprintf(" (%s = %s)", r.LayerProduct(), FmtWorkers(r.Deepest))
		due += fmt.Sprintf(", so in stacked-timeouts a payment's %s call comes %s after it, %s = %s; in all, %s", Ordinal(n), last, last, r.DeepestLastGlance(), r.DeepestLastAdded())
		// By when, the headline's age: the waits at their longest (newcomer 68).
		if l := r.Latest(); l.DeepestLastAdded() != r.DeepestLastAdded() {
			latest := FmtSecs(l.DeepestCalls[n-1])
			due += fmt.Sprintf("; by %s at the latest, every jittered wait at its longest, %s = %s; in all, %s", latest, latest, l.DeepestLastGlance(), l.DeepestLastAdded())
		}
		// The headline's other form, for layers retrying unalike, shown with the edge trying
		// once less than the hops: a bare "were the edge to try 2 times" sum read as a riddle
		// (newcomer 70 G11).
		u := c
		u.Payment.Retry.Attempts--
		if ur := u.RetryForecast().Latest(); ur.DeepestLastGlance() == "" && ur.DeepestLastSum() != "" {
			unalike = fmt.Sprintf(". Where the layers retry unalike in number, no \"each layer's first n tries\" fits them all, so the headline adds the time up layer by layer instead, each term one layer's retries × its try and wait, the edge's first: with the edge set to %d tries (payment.retry.attempts), \"%s = %s\"",
				u.Payment.Retry.Attempts, FmtSecs(ur.DeepestCalls[len(ur.DeepestCalls)-1]), ur.DeepestLastSum())
		}
	}
	// What the expected figure sums (newcomer 50 #1: "~20.54 expected by now" had no origin).
	made := "every call from each payment older than the last call's time"
	if len(r.DeepestCalls) > 0 {
		made = "all " + dueFrom(r)
	}
	due += "; the headline's \"arrivals give\" figure sums " + made +
		", and from each younger one the calls due by its age (a second's arrivals taken as even over it), over the payments that called: from the arrivals and the tries' times, not from the calls counted; " +
		"every try timing out at a set time, the two may agree to the hundredth, parted only by the edge's jittered waits and the machine's delays"
	return multiplies + ". " + due + unalike + ". " +
		// Where a hop's own timeout ends its tries first, the deadline spends nothing and
		// the hops retry (review 38a m4: the forecast's own "the hops' tries capped" makes 9).
		"With a propagated deadline, where the time passed down, not a hop's own shorter timeout, ends its failed try, the try spends its time left but its own reserve and the hop below's, too little for a retry's wait, its own reserve and what it needs left to call the next hop (dependency.hop.min_call): even set to retry (retry_at: every_hop) the hops add no call, so the deadline alone holds the last hop to the edge's tries, as hops set to try once (retry_at: edge) do; " +
		"where a hop's own timeout (dependency.hop.timeout) ends its tries sooner, it has room left to retry, and its retries multiply the calls below again; " +
		"deadline-propagation keeps stacked-timeouts' hops set to retry, so its headline puts the calls saved to the deadline alone, measured (hop 3's calls per payment as hop 1's: the hops made no retry), and the work after the answer to the deadline passed down and the hang-ups"
}

// heldHelp is the help's "a call is held, forecast:", worked out from the forecast for c,
// the stacked-timeouts preset: in flight at each hop is the calls it gets a second times the
// time it holds one. Where not every try fails, or hop 1 does not retry, no worked example
// (review 39 m8, as atHopHelp).
func heldHelp(c Config) string {
	say := "with a chain whose every try fails and whose hops time their own tries (per-hop), how long each hop is at work on a call it receives: a hop that works on after its caller hangs up, all of its tries and the waits between them; one that stops when its caller hangs up (the dependency), until its caller's try ends. " +
		"Times the calls a hop gets a second, it is the hop's calls in flight (Little's law), the first number in its box, so a deeper hop can hold fewer than the one above it, though it gets more calls a payment"
	r := c.RetryForecast()
	k := slices.IndexFunc(r.DeepestSteps, func(st RetryStep) bool { return st.Hop == 1 })
	n := len(r.HopHeld)
	if k < 0 || n < 2 {
		return say
	}
	hop := r.DeepestSteps[k] // hop 1's tries and waits
	// calls a second at the hop above the last
	rate := c.Traffic.Rate(Payment) * r.Tries * math.Pow(float64(c.Dependency.HopAttempts()), float64(n-2))
	held := func(h int, rate float64) string {
		return fmt.Sprintf("hop %d, %s calls/s × %s ≈ %s in flight", h, FmtWorkers(rate), FmtDur(r.HopHeld[h-1]), FmtWorkers(math.Round(rate*r.HopHeld[h-1].Seconds())))
	}
	return say + fmt.Sprintf(": in stacked-timeouts, at %s payments a second, %s hold a call %s (%d × %s + %d × %s) and hop %d %s, its caller's timeout: %s, %s",
		FmtWorkers(c.Traffic.Rate(Payment)), HopRange(1, n-1), FmtDur(r.HopHeld[0]), hop.Retries+1, FmtDur(hop.Try), hop.Retries, FmtDur(hop.Wait), n, FmtDur(r.HopHeld[n-1]),
		held(n-1, rate), held(n, rate*float64(c.Dependency.HopAttempts())))
}

// heldHealth says how long each hop holds a call: with the calls it gets a second, what sets
// its calls in flight (Little's law), so why a deeper hop can hold fewer than the one above
// it, though it gets more a payment (newcomer 47 #6: stacked-timeouts' hop 3 held 67 beside
// hop 2's 75, though it gets 3 × the calls). Beside the calls at hop 1 now, where a line has
// room for it (spare); the help works the boxes' numbers out.
func heldHealth(s *Snapshot, _ int) []Item {
	if len(s.Hops) == 0 {
		return nil
	}
	if held := s.Config.Forecast().Retry.HopHeldSaid(); held != "" {
		return []Item{{Label: HeldWord, Value: held, Spare: true}}
	}
	return nil
}

// hopsSettings are a chain's settings items: how the hops between try their calls (their own
// tries and timeout, or the time left less their reserve: "per-hop" read as nothing to a
// newcomer, who had to work 500ms a try out of the narrator, newcomer 19), then the chain's
// mode and who stops on a hang-up, each in the longest words the line has room for, never
// cut. Where the two will not share a line, the tries go into the hops item's short form.
func hopsSettings(c Config, _ *Snapshot, w int) []Item {
	dep := c.Dependency
	if !dep.Chain() {
		return nil
	}
	label := HopRange(1, dep.Hops-1) + " try"
	// The lab's own call tried alike: said with the hops', so the line holds every factor of
	// 3 × 3 × 3 (newcomer 26: the edge's tries and timeout were on no settings line), each
	// layer named: "all 3 layers" beside "hops 3" read as the three hops (review 16 #8).
	t := c.Payment.Timeout
	edge := dep.Deadline == DeadlinePerHop && dep.HopAttempts() > 1 && c.Payment.Retry.Retries() &&
		c.Payment.Retry.Attempts == dep.HopAttempts() && t.Kind != TimeoutNone && t.Duration == dep.Hop.Timeout
	long, short := dep.hopTries(c.Payment.Retry, edge)
	compact := label + " " + short // the tries in the compact forms
	// The hops that call another, a range even of two: "and" takes the room that keeps the
	// dependency beside it in an 80-column half.
	hops := "hop 1"
	if dep.Hops > 2 {
		hops = fmt.Sprintf("hops 1–%d", dep.Hops-1)
	}
	if edge {
		// "edge, hops 1–2: 3 tries of 500ms": as short as "lab, hops 1–2 try 3 times, 500ms a
		// try" was, for a compare half's line at 80 columns, with no "+" ("edge+hops" read as
		// arithmetic, as "orders + arrived" did, newcomer 30).
		label, compact = "the edge and "+label, fmt.Sprintf("edge, %s: %d tries of %s", hops, dep.HopAttempts(), FmtDur(t.Duration.D()))
	}
	hopsLabel := hopsLabel(dep)
	// The layers that retry by name, as the headline names them: "every hop" read as hop 3,
	// the dependency, too (newcomer 34 #13).
	var who []string
	retryEdge, retryHops := c.retryingLayers()
	if retryEdge {
		who = append(who, EdgeName)
	}
	spent := retryHops > 0 && c.HopRetriesSpent()
	if retryHops > 0 && !spent { // every hop that calls another: the range above
		who = append(who, hops)
	}
	retries := "no retries"
	if len(who) > 0 {
		retries = "retries at " + strings.Join(who, " and ")
	}
	if spent {
		// Set to retry (the line above), the hops find no time left to: "retries at the edge
		// and hops 1–2" stood beside the narrator's "only the edge retries" as a
		// contradiction (newcomer 64). A whole phrase, the narrator's: "have no time to" read
		// as cut (newcomer 65).
		retries += "; " + hops + " have no time for it"
	}
	value := func(deadline string) string {
		return fmt.Sprintf("deadline %s, %s", deadline, retries)
	}
	if fitsLine(label, long, w) {
		// What the mode does where the line has room for it.
		// Who retries is on the line above too (the tries), so it goes before the line does.
		var vs []string
		for _, does := range []string{dep.does(), dep.HangUp()} {
			vs = append(vs, value(fmt.Sprintf("%s (%s)", dep.Deadline, does)))
		}
		for _, does := range []string{dep.does(), dep.HangUp()} {
			vs = append(vs, fmt.Sprintf("deadline %s (%s)", dep.Deadline, does))
		}
		for _, v := range vs {
			if fitsLine(hopsLabel, v, w) {
				return []Item{{Label: label, Value: long}, {Label: hopsLabel, Value: v}}
			}
		}
	}
	forms := []string{fmt.Sprintf("deadline %s: %s", dep.Deadline, compact),
		fmt.Sprintf("%s: %s", dep.Deadline, compact), // a compare half's
		value(string(dep.Deadline))}
	if narrow(w) {
		// Narrow (80 columns, a compare half), without "deadline", so a settings line cut to
		// one keeps the dependency the tries time out against beside them (newcomer 25: "500ms
		// a try · …" hid the 3s every try outlasts). The dependency's Strong does not: in the
		// hops compare this item differs between the halves, so it leads the line.
		forms = forms[1:]
	}
	// Briefly the mode, for a settings line cut to one or two: deadline-propagation's
	// 80x24 hid it (newcomer 73 W4). With the edge too, where the briefer forms keep more:
	// stacked-timeouts' 80x24 kept "edge, hops 1–2: 3 tries of 500ms" and cut the traffic,
	// whose rates were then on no line (newcomers 76 and 77); the retry and timeout items
	// keep the edge's factor, the narrator's "3 × 3 × 3" the hops'.
	// Per-hop briefly by its tries, not "deadline per-hop": that beside "deadline 2s from
	// arrival" read as a fresh 2s at each hop (newcomer 39 G8; review s93a). The mode named
	// all the same, as wide as "3 tries of 500ms" was: without it nothing told this line
	// from deadline-propagation's (newcomer 83 G2).
	brief := "deadline " + string(dep.Deadline)
	if t := dep.Hop.Timeout.D(); dep.Deadline == DeadlinePerHop && dep.HopAttempts() > 1 && t > 0 {
		brief = perHopBrief(dep.HopAttempts(), t)
	}
	return []Item{{Label: hopsLabel, Value: fittingValue(hopsLabel, w, forms...), Brief: brief}}
}

// hopsLabel is the chain's settings item's label, "3 hops,": the count first, as "hops 3"
// beside "hop 3 (the dependency)" read as the third (newcomer33 26); with its comma, or "3
// hops per-hop" ran on as one phrase (review 26).
func hopsLabel(d DependencyConfig) string { return fmt.Sprintf("%d hops,", d.Hops) }

// perHopBrief is a per-hop chain's mode and tries in the fewest words: "per-hop 500ms ×3",
// each hop's tries on its own timeout, up to n of them.
func perHopBrief(n int, try time.Duration) string {
	return fmt.Sprintf("%s %s ×%d", DeadlinePerHop, FmtDur(try), n)
}

// hopTries says how each hop between the lab and the last tries its calls, long ("3 times,
// 100ms apart, on their own timeout of 500ms") and short ("3 times, 500ms a try"): per-hop
// by their own timeout, with propagation in the time left less what each keeps back; backoff
// is payment.retry's, as the engine's hops wait it.
// With edge, the line's label names the edge too, whose waits the retry line says: the
// hops' wait goes last, said as theirs alone.
func (d DependencyConfig) hopTries(r RetryConfig, edge bool) (long, short string) {
	times := "once"
	if n := d.HopAttempts(); n > 1 {
		times = fmt.Sprintf("%d times", n)
	}
	apart := ""
	if d.HopAttempts() > 1 && r.Backoff > 0 {
		// Fixed where the edge's jitters, so the two lines read as two layers' waits, not
		// one said twice unalike (newcomer 34 #2).
		fixed := ""
		if r.Retries() && r.Jitter == JitterFull {
			fixed = "a fixed "
		}
		apart = ", " + fixed + FmtDur(r.Backoff.D()) + " apart"
	}
	switch t := d.Hop.Timeout.D(); {
	case d.Deadline == DeadlinePropagate:
		if d.HopAttempts() > 1 { // as the time left allows: none where it is spent (newcomer 54)
			times = "up to " + times
		}
		short = times + ", in the time left less " + FmtDur(d.Hop.Reserve.D())
		long = short + apart
		// Its own timeout caps each try, not the tries together nor a payment: a bare "at
		// most 500ms" stood beside payments' p50 of 988ms (newcomer 59 W-minor 13).
		if t > 0 {
			long += " (each try at most " + FmtDur(t) + ")"
		}
	case t > 0 && edge && apart != "":
		short = times + ", " + FmtDur(t) + tryGloss
		long = times + " on their own timeout of " + FmtDur(t) + "; the hops' tries" + strings.TrimPrefix(apart, ",")
	case t > 0:
		short = times + ", " + FmtDur(t) + tryGloss
		long = times + apart + ", on their own timeout of " + FmtDur(t)
	default:
		short = times + ", with no timeout"
		long = times + apart + ", with no timeout"
	}
	return long, short
}

// DeadlineMode is how the hops of a chain time their calls (dependency.deadline).
type DeadlineMode string

const (
	// DeadlinePerHop: each hop gives each try its own timeout (dependency.hop.timeout),
	// ignores the time its caller has left, and keeps working after its caller has gone;
	// the last hop, the dependency, stops when its caller hangs up.
	DeadlinePerHop DeadlineMode = "per-hop"
	// DeadlinePropagate: the lab sends what is left of the call's deadline
	// (Poollab-Timeout, as gRPC's grpc-timeout); each hop spends that budget, keeps a
	// reserve for its own failure handling, does not call with less than min_call left, and
	// stops as soon as its caller has gone, so the hop below stops too.
	DeadlinePropagate DeadlineMode = "propagate"
)

// does says in a few words what the mode does to a hop's time, and which hops stop when
// their caller hangs up (DependencyConfig.HangUp).
func (d DependencyConfig) does() string { return d.Deadline.passes() + "; " + d.HangUp() }

// passes is what the hops get of the user's deadline in mode m.
func (m DeadlineMode) passes() string {
	if m == DeadlinePropagate {
		return "the time left travels down"
	}
	// What the hops know of the user's deadline, the contrast with propagate: "each hop
	// times its own tries" beside "deadline 2s from arrival" left whether each hop got a
	// fresh 2s, none, or its caller's 500ms (newcomer 39 G8); the tries' own timeout is
	// on the line above.
	return "none passed down" // "none": the words to say why hop 3 differs fit 120 columns
}

// DeadlineModes lists the modes.
var DeadlineModes = []DeadlineMode{DeadlinePerHop, DeadlinePropagate}

// RetryAt says which layers of a chain retry (dependency.retry_at).
type RetryAt string

const (
	RetryAtEdge     RetryAt = "edge"      // the lab only (payment.retry); each hop tries once
	RetryAtEveryHop RetryAt = "every_hop" // the lab, and every hop dependency.hop.retry times
)

// RetryAts lists the choices.
var RetryAts = []RetryAt{RetryAtEdge, RetryAtEveryHop}

// StopsOnHangUp says whether hop (1: the one the lab calls; Servers(): the dependency)
// stops its work when its caller hangs up: the hops between do only when the deadline
// propagates (slowserver's Forward cancels with its caller only then); the last, the slow
// dependency, unless it ignores that (dependency.ignore_cancel). The screen's words come from
// it; the engine starts the last server from it, and its forwarders cancel with their caller
// where the deadline propagates (Forward.Propagate), which TestServersStopAsLabSays ties to it.
func (d DependencyConfig) StopsOnHangUp(hop int) bool {
	if hop >= d.Servers() {
		return !d.IgnoreCancel
	}
	return d.Deadline == DeadlinePropagate
}

// HangUp says which hops of a chain stop when their caller hangs up and which work on:
// "hop 3, the dependency, drops a call hop 2 hangs up on, hops 1 and 2 work on". Per call, its caller
// named: "only hop 3 stops when its caller hangs up" read as hop 3 done with the work, beside
// its 655 calls after the user was answered, which hop 2, working on, went on making
// (newcomer 40 #2).
func (d DependencyConfig) HangUp() string {
	n := d.Servers()
	var stop, on []int
	for h := 1; h <= n; h++ {
		if d.StopsOnHangUp(h) {
			stop = append(stop, h)
		} else {
			on = append(on, h)
		}
	}
	switch {
	case len(on) == 0:
		return "each hop stops when its caller hangs up"
	case len(stop) == 0:
		return "no hop stops when its caller hangs up"
	}
	works := "work on"
	if len(on) == 1 {
		works = "works on"
	}
	stops := "stop when their caller hangs up" // short enough for the mode's words beside it at 120 columns
	if len(stop) == 1 {
		caller := EdgeName
		if stop[0] > 1 {
			caller = fmt.Sprintf("hop %d", stop[0]-1)
		}
		stops = "stops a call when " + caller + " hangs up on it"
		if stop[0] == n {
			// Why the last differs, in the words that fit 120 columns beside the mode: it is
			// the dependency, a server that drops a call its client left, as hops that time
			// their own tries do not (newcomer 45 G6).
			return fmt.Sprintf("hop %d, the dependency, drops a call %s hangs up on, %s %s", n, caller, HopRange(on[0], on[len(on)-1]), works)
		}
	}
	return fmt.Sprintf("%s %s, %s %s", HopRange(stop[0], stop[len(stop)-1]), stops, HopRange(on[0], on[len(on)-1]), works)
}

// HopRange names hops from to to of a chain: "hop 3", "hops 1 and 2", "hops 1–3".
func HopRange(from, to int) string {
	switch {
	case from == to:
		return fmt.Sprintf("hop %d", from)
	case to == from+1:
		return fmt.Sprintf("hops %d and %d", from, to)
	}
	return fmt.Sprintf("hops %d–%d", from, to)
}

// HopConfig is dependency.hop: how every hop of a chain but the last calls the next.
type HopConfig struct {
	// Timeout is, per-hop, each try's timeout; with propagate, the budget of a request that
	// carries none and a cap on each try (the shorter of it and the deadline wins). 0: none.
	Timeout Duration `yaml:"timeout" json:"timeout"`
	Retry   int      `yaml:"retry" json:"retry"`       // tries per request with retry_at: every_hop (edge: one)
	Reserve Duration `yaml:"reserve" json:"reserve"`   // propagate: kept back for the hop's own failure handling
	MinCall Duration `yaml:"min_call" json:"min_call"` // propagate: no call with less than this left after the reserve
}

// Chain says payments go through a chain of hops rather than to one server.
func (d DependencyConfig) Chain() bool { return d.Hops >= 2 }

// Servers is how many servers the dependency is: the hops of a chain, or the one.
func (d DependencyConfig) Servers() int { return max(d.Hops, 1) }

// HopAttempts is the tries each hop makes per request it receives.
func (d DependencyConfig) HopAttempts() int {
	if d.RetryAt == RetryAtEveryHop {
		return d.Hop.Retry
	}
	return 1
}

// Floor is the least time a call through a chain with a propagated deadline can use: the
// reserves of the hops that call another, and the min_call the one before the last asks
// for. With less left, no hop calls the last one, so the lab does not start the call.
func (d DependencyConfig) Floor() time.Duration {
	if !d.Chain() || d.Deadline != DeadlinePropagate {
		return 0
	}
	return time.Duration(d.Hops-1)*d.Hop.Reserve.D() + d.Hop.MinCall.D()
}

// FloorMade says what makes Floor, in words that add up to it, for the screen beside it: "2 ×
// 100ms kept back at hops 1 and 2 + 50ms to call hop 3" (newcomer 45 G7: a 250ms with no
// source on screen; newcomer 47 #7: min_call, the setting's name, was an identifier to
// decode; newcomer 48 G-minor-5, review 39 m10: "2 × 100ms kept back + 50ms, the least left
// to call:" left whose each part is to guess, its colon read as the 250ms's definition). The
// min_call that binds is the one before the last's: a hop above needs its reserve left too.
// "" without one.
func (d DependencyConfig) FloorMade() string {
	if d.Floor() == 0 {
		return ""
	}
	var parts []string
	if r := d.Hop.Reserve.D(); r > 0 {
		kept := FmtDur(r)
		if d.Hops > 2 {
			kept = fmt.Sprintf("%d × %s", d.Hops-1, kept)
		}
		parts = append(parts, kept+" kept back at "+HopRange(1, d.Hops-1))
	}
	if m := d.Hop.MinCall.D(); m > 0 {
		parts = append(parts, fmt.Sprintf("%s to call hop %d", FmtDur(m), d.Hops))
	}
	return strings.Join(parts, " + ")
}

// HopStats is one server of a chain, as it saw its requests.
type HopStats struct {
	Requests     int64 // requests it received
	InFlight     int64 // requests it is working on now
	PeakInFlight int64
	AfterAnswer  int64 // requests it received, or was still working on, after their user was answered
	Calls        int64 // tries it made to the next hop (0 for the last)
}

// HopReport is one server of a chain.
type HopReport struct {
	Requests     int64   `json:"requests"`
	InFlightPeak int64   `json:"in_flight_peak"`
	AfterAnswer  int64   `json:"after_answer"` // requests it received, or still worked on, after their user was answered
	PerPayment   float64 `json:"per_payment"`  // requests per payment that called
}

func hopsReport(s Snapshot) []HopReport {
	var out []HopReport
	for i, h := range s.Hops {
		out = append(out, HopReport{Requests: h.Requests, InFlightPeak: h.PeakInFlight, AfterAnswer: h.AfterAnswer,
			PerPayment: round(s.HopPerPayment(i), 2)})
	}
	return out
}

// hopLines is the summary line about a chain of hops, when there is one.
func (r Report) hopLines() []string {
	if len(r.Hops) == 0 {
		return nil
	}
	dep := r.Config.Dependency
	hops := make([]string, len(r.Hops))
	for i, h := range r.Hops {
		hops[i] = fmt.Sprintf("%d: %d requests (%s per payment), peak %d, %d %s",
			i+1, h.Requests, FmtPerPayment(h.PerPayment), h.InFlightPeak, h.AfterAnswer, AfterAnswerWord)
	}
	return []string{fmt.Sprintf("hops (deadline %s, retries at %s): %s", dep.Deadline, dep.RetryAt, strings.Join(hops, " → "))}
}

// HopPerPayment is the requests hop i of a chain (0: the edge) received per payment that
// called; 0 before the first call.
func (s *Snapshot) HopPerPayment(i int) float64 {
	if s.Calls.Payments == 0 {
		return 0
	}
	return float64(s.Hops[i].Requests) / float64(s.Calls.Payments)
}

// DeepestPerPayment is HopPerPayment at the last hop (27 for 3 layers that each try 3
// times against a dependency that always fails); 0 without a chain.
func (s *Snapshot) DeepestPerPayment() float64 {
	if len(s.Hops) == 0 {
		return 0
	}
	return s.HopPerPayment(len(s.Hops) - 1)
}

// DeepestDue is, when every try fails down a per-hop chain, the calls per payment the last
// hop should have received by now from the payments' ages (Due.PerPayment), r being the forecast the caller
// already holds (not worked out again each frame): a payment's calls come on a
// schedule (RetryForecast.DeepestCalls), its last up to Last after it, so the latest
// payments have made only their first and the count per payment lags the product (the
// stacked timeouts' 23.49 of 27 at 10s). Its Younger are the payments younger than Last, whose
// last calls are yet to come. Of the payments that called (Calls.Payments, what the
// measure divides by): each whole second's arrivals less those turned away, taken as even
// over it, and the rest over what has passed of the current second. ok false without such
// a schedule or any payment.
func (s *Snapshot) DeepestDue(r RetryForecast) (Due, bool) {
	if r.Refused { // none reaches it: nothing is due there
		return Due{}, false
	}
	l := r.Latest()
	if len(l.DeepestCalls) == 0 {
		return Due{}, false
	}
	return s.due(r.DeepestCalls, l.DeepestCalls[len(l.DeepestCalls)-1])
}

// RefusedSaid is what a down dependency does with a chain's tries at it, in the narrator's
// and the way line's words alike: "" where it is not down (Refused).
func (r RetryForecast) RefusedSaid() string {
	if !r.Refused {
		return ""
	}
	return "down: it refuses each try, so none reaches it"
}

// Said is the narrator's calls due by now at the last hop (Snapshot.DeepestDue), with why it
// falls short of the product: briefly, by when a payment's last call comes ("arrivals give
// ~19.14 by now: a payment's 27th call comes ≤3.6s after it"), and whole, the sum it is in
// the run's own counts ("arrivals give ~19.14 by now: 27 × 21 payments older than 3.6s (all
// 27 started) + 160 due so far from the 17 younger"), for a screen with room: the brief one left the sum to guess (newcomer 56
// #12), "27 from each payment older than 3.5s, fewer from the younger" how many, and how
// many fewer (newcomer 60). The age the latest's (Due.Last): at the mean's 3.5s, "all 27
// started" was untrue of a payment whose edge waited longer (newcomer 68).
func (d Due) Said() (brief, whole string) {
	// Whence, beside the measure it matched to the hundredth: "19.13 (~19.13 expected …)"
	// read as the measure restated (newcomer 62 W12); every try timing out, a payment's calls
	// come at set times, so its arrival fixes how many are due, the edge's jitter aside.
	by := expectedByNow(d.PerPayment())
	return fmt.Sprintf("%s: a payment's %s call comes ≤%s after it", by, Ordinal(d.Calls), FmtSecs(d.Last)),
		fmt.Sprintf("%s: %d × %s payments older than %s (all %d started) + %s due so far from the %s younger", by, d.Calls, FmtCount(d.Older()),
			FmtSecs(d.Last), d.Calls, FmtCount(d.YoungerMade()), FmtCount(d.Younger))
}

// dueFrom is what the expected figure takes from each payment done with its calls ("27 from
// each payment older than 3.6s", the latest), in the help's words; r has a schedule of calls.
func dueFrom(r RetryForecast) string {
	latest := r.Latest().DeepestCalls
	n := len(latest)
	return fmt.Sprintf("%d from each payment older than %s", n, FmtSecs(latest[n-1]))
}

// EdgeDue is DeepestDue for hop 1: the edge's calls per payment expected by now, the edge's
// tries alone on their schedule (RetryForecast.EdgeCalls), so that "calls/payment at hop 1
// 2.83×" stands beside a figure of the same payments, not beside the 3× that only
// payments done with every try make (issue 22 #15: "2.86× (forecast 3×)"), with a
// propagated deadline too (newcomer 60: deadline-propagation's "2.82× (forecast 3×)" said
// nothing of the payments mid-retry). ok false without a schedule or any payment.
func (s *Snapshot) EdgeDue(r RetryForecast) (due float64, ok bool) {
	if len(r.EdgeCalls) == 0 {
		return 0, false
	}
	d, ok := s.due(r.EdgeCalls, r.EdgeCalls[len(r.EdgeCalls)-1])
	return d.PerPayment(), ok
}

// Due is the calls a hop should have received by now from the payments that called: all
// Calls from each payment older than Last, and from each of the Younger the calls due by
// its age; Made in all, a whole number, so that the sum computes as printed. A second's
// arrivals are taken as even over it, so a payment may be part older, part younger: it is
// counted younger, so that the Younger's calls are never fewer than none.
type Due struct {
	Calls    int           // calls a payment makes there
	Last     time.Duration // when its last comes, after the payment, at the latest
	Payments int64         // the payments that called
	Younger  int64         // of them, younger than Last
	Made     int64         // the calls due by now from all of them
}

// PerPayment is the calls per payment due by now; 0 without a payment.
func (d Due) PerPayment() float64 {
	if d.Payments == 0 {
		return 0
	}
	return float64(d.Made) / float64(d.Payments)
}

// Older is the payments old enough to have made all their calls.
func (d Due) Older() int64 { return d.Payments - d.Younger }

// YoungerMade is the calls due by now from the Younger.
func (d Due) YoungerMade() int64 { return d.Made - d.Older()*int64(d.Calls) }

// due is the calls due by now from the payments that called, each making one at each of
// calls after its arrival (DeepestDue says how), its Younger those younger than latest, when
// a payment's last call comes at the latest: the jittered waits at their mean give how many
// calls are due, at their longest by when a payment has made them all.
func (s *Snapshot) due(calls []time.Duration, latest time.Duration) (Due, bool) {
	called := s.Calls.Payments
	if len(calls) == 0 || called == 0 {
		return Due{}, false
	}
	var made, young float64
	// spell adds n arrivals even over ages lo..hi: the calls each has made on average,
	// and how many are younger than latest.
	spell := func(n int64, lo, hi time.Duration) {
		if n == 0 {
			return
		}
		span := float64(hi - lo)
		for _, t := range calls {
			switch {
			case t <= lo:
				made += float64(n)
			case t < hi:
				made += float64(n) * float64(hi-t) / span
			}
		}
		switch {
		case hi <= latest:
			young += float64(n)
		case lo < latest:
			young += float64(n) * float64(latest-lo) / span
		}
	}
	var counted int64
	end := time.Duration(0)
	for _, sec := range s.Timeline {
		at := time.Duration(sec.T) * time.Second
		n := max(0, min(sec.Arrived[Payment]-sec.RejectedFor(Payment, Reasons), called-counted))
		spell(n, s.Elapsed-at, s.Elapsed-at+time.Second)
		counted += n
		end = max(end, at)
	}
	spell(called-counted, 0, max(s.Elapsed-end, time.Millisecond))
	return Due{Calls: len(calls), Last: latest, Payments: called, Younger: int64(math.Ceil(young - 1e-9)), Made: int64(math.Round(made))}, true
}

// HopRetriesSaid says, from the hops' counts, whether the hops that call another retried,
// where they are set to: the last hop's calls against hop 1's, "as at hop 1: hops 1 and 2,
// set to retry, have no time for it", said after the last hop's calls per payment. Where a propagated deadline leaves them no time (Config.HopRetriesSpent), that
// is the deadline's share of the calls saved, measured, not a setting's (newcomer 54: the
// preset had the hops try once too, and the screen gave that setting as a cause). "" without
// a chain whose hops may retry, or before a call reached hop 1 (review 48 #2: "0.00 calls …
// as at hop 1" read as measured). retried: the hops did retry, so no layer retries "only".
func (s *Snapshot) HopRetriesSaid() (said string, retried bool) {
	if len(s.Hops) < 2 || s.Config.Dependency.HopAttempts() < 2 || s.Hops[0].Requests == 0 {
		return "", false
	}
	n := len(s.Hops)
	first, last := s.Hops[0].Requests, s.Hops[n-1].Requests
	hops := HopRange(1, n-1)
	if last > first {
		return fmt.Sprintf("%s more calls than at hop 1: %s retried", FmtCount(last-first), hops), true
	}
	as := "as at hop 1"
	if last < first { // calls hop 1 got that are on their way down
		as = "no more than at hop 1"
	}
	return as + ": " + hops + ", set to retry, have no time for it", false
}

// HopHungUp is the hop calls hop 1 of a chain is working on now whose caller, the lab, has
// hung up (its try timed out, or it gave up): hop 1's in flight (Dependency, the server the
// lab calls) less the lab's calls open
// now, on a worker in the call or waiting on a thread that may be making it, and its own
// orphaned calls. They are what hop 1 works on after a hang-up, so 0 where it stops
// (StopsOnHangUp); the lab's open calls counted generously, it is the least of them. 0
// without a chain.
func (s *Snapshot) HopHungUp() int64 {
	if len(s.Hops) == 0 || s.Config.Dependency.StopsOnHangUp(1) {
		return 0
	}
	open := int64(s.Pool.InPhase[PhaseCall]+s.Pool.InPhase[PhaseHandoff]) + s.Orphans.InFlight
	return max(s.Dependency.InFlight-open, 0) // hop 1 as the item beside it reads it
}

// hungUpUsers follows the count of the tries at hop 1 the edge hung up on: a hang-up ends a try,
// not the payment, so some of their users still wait on a retry; beside the boxes' "at work
// after the user was answered" the two read as one count (newcomer 63 G12).
const hungUpUsers = " (user answered or not)"

// EdgeIs says what the edge of a chain is, in the screen's own terms (newcomer 34 #30: "the
// lab's own call" left it to guess): one gloss for the narrator, help, README and tour (review
// 27 #11 met three).
const EdgeIs = "a worker's call to hop 1"

// EdgeName is the edge's name where the screen names the layers that retry.
const EdgeName = "the edge"

// AfterAnswerWord names the hop calls at work after their user was answered where room is
// short: the compare's row (at 80 columns a longer label pushes the rule line off), the
// report's; the third of AfterAnswerForms.
const AfterAnswerWord = "after user answered"

// AtWorkAfter is the one phrase for the hop calls at work after their user was answered
// (the edge's tries spent, a timeout, or the deadline, whichever came first), begun after it
// or still running at it, both counted (newcomer 34 #31 read "so far past" as either): the
// narrator's, and the boxes' within "so far …". Review 27 #4 met three wordings of the one
// count. Not "past the user's deadline": the edge gives up before it, and the work between
// is for nobody too (newcomer 35 #14).
const AtWorkAfter = "at work after the user was answered"

// AtWorkHow says which calls AtWorkAfter counts, beside the narrator's sum of them: bare,
// "880 hop calls were at work after the user was answered" left to guess whether they began
// after it or ran on, and hop 3's 559 beside "hop 3 drops a call hop 2 hangs up on" read as
// calls it should have dropped (newcomer 65): most began after it, a hop's retry.
const AtWorkHow = "new or still running"

// pastForms are AfterAnswerForms quoted, as the help says them.
func pastForms() string {
	forms := AfterAnswerForms()
	return `"` + strings.Join(forms[:], `", "`) + `"`
}

// AfterAnswerForms are that phrase longest first, for the boxes: "so far" (a running total
// beside the gauge in flight now), then AtWorkAfter, then AfterAnswerWord with "so far" (at
// 80 columns "after user answered" bare read 658 as a count now, newcomer 39 G10), then
// AfterAnswerWord, the table's, then "after answer", with "so far" and without, the last the
// one that fits after an 80-column compare half's boxes of hundreds ("hop: now, …" did, and
// said nothing of the first number, review 27 #3).
func AfterAnswerForms() [6]string {
	return [6]string{"so far " + AtWorkAfter, AtWorkAfter, "so far " + AfterAnswerWord, AfterAnswerWord, "so far after answer", "after answer"}
}

// NowTag and AfterTag name a hop's box's two numbers, its calls in flight now and those
// AfterAnswerForms count, in the box itself: "[1: 30 now, 81 after]". Bare, "[1: 30, 81]
// → [2: 81, 240]" read as 81 flowing from hop 1 to hop 2, its legend a line away
// (newcomer 65).
const NowTag, AfterTag = "now", "after"

// AfterAnswer sums the requests every hop had at work after their user was answered.
func (s *Snapshot) AfterAnswer() int64 {
	var n int64
	for _, h := range s.Hops {
		n += h.AfterAnswer
	}
	return n
}

// gatewayNotFailed is why a payment a hop's 504 ended is timed out, said alike in
// GatewaySaid's notes and the timed-out term's example.
const gatewayNotFailed = "not failed: hop 1's 504 is a gateway timeout"

// GatewaySaid says, in payments, what timed the payments out where a hop answered 504
// (gateway timeout), longest first, for a table note: a try's deadline (the user's, or the
// try's own where sooner), passed down with it, ran out at a hop, so to the user that is timed out, the one word for the one
// outcome; but "timed-out 35" beside "timeout socket 500ms" read as three 500ms tries to a
// payment against its p50 of ~1s, and hid the lesson, that propagation turns slow timeouts
// into fast 504s (newcomer 36 #26). The rest timed out at the edge itself, whatever ended
// them there (a socket or caller timeout, the deadline): payments only, the tries are the
// report's (review 31 #8 met tries beside payments, and a caller timeout among "timers"
// that cut). Nil where no payment timed out so.
func GatewaySaid(s *Snapshot) []string {
	t := s.Classes[Payment].TimedOut
	g := s.GatewayTimedOut()
	if g == 0 {
		return nil
	}
	which, rest := "all "+FmtCount(g), "none"
	if edge := s.EdgeTimedOut(); edge > 0 {
		which, rest = FmtCount(g), "the other "+FmtCount(edge)
	}
	word := Ended(TimedOut).Term().Column // the table's column, beside which it stands
	// The time ran out first, the 504 only said so: "by hop 1's 504" read as a 504 received
	// counted as a time-out (newcomer 54). Why not failed, in words, at every width with
	// room: a 504 is a gateway timeout ("as hop 1 reported with a 504" left a 504 to read as
	// an error, failed, newcomer 64).
	head := fmt.Sprintf("%s %s: %s", word, FmtCount(t), which)
	return []string{
		fmt.Sprintf("%s payments ran out of time below (the deadline passed down), %s; %s at the edge itself", head, gatewayNotFailed, rest),
		fmt.Sprintf("%s payments ran out of time below, %s; %s at the edge itself", head, gatewayNotFailed, rest),
		fmt.Sprintf("%s ran out of time below, %s; %s at the edge itself", head, gatewayNotFailed, rest),
		fmt.Sprintf("%s ran out of time below, %s; %s at the edge", head, gatewayNotFailed, rest),
		// At 80 columns, still the 504 that says it: bare, timed-out stood beside the
		// narrator's "answers 504" as two outcomes (newcomer 60). Its meaning too where the
		// note shares a line: the time ran out, which the 504 says.
		fmt.Sprintf("%s ran out of time below: a 504 is a timeout, not failed", head),
		fmt.Sprintf("%s got a 504: time ran out below", head),
		fmt.Sprintf("%s got a 504: out of time", head),
		fmt.Sprintf("%s ran out of time below", head),
	}
}

// expectedByNow is a measure's companion in the way line and the narrator's: the calls per
// payment due by now at a hop, said as reckoned from the arrivals, for it may match the
// measure to the hundredth (newcomer 62 W12). One wording at every hop (review 75).
func expectedByNow(due float64) string { return "arrivals give ~" + FmtPerPayment(due) + " by now" }

// dueByNow is expectedByNow in fewer words, for a line short of room.
func dueByNow(due float64) string { return "~" + FmtPerPayment(due) + " due by now" }
