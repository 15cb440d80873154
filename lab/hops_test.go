package lab

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Hop 1 busier than the lab's open calls is work the lab hung up on: the health item says
// how many, derived from the snapshot's own numbers, and none where hop 1 stops when its
// caller goes (newcomer 14: "workers 3/20 busy" beside 12 in flight at hop 1).
func TestHopHungUp(t *testing.T) {
	c := DefaultConfig()
	c.Dependency.Hops, c.Dependency.Deadline = 3, DeadlinePerHop
	s := NotStarted(c)
	s.Hops = []HopStats{{InFlight: 12}, {InFlight: 60}, {InFlight: 50}}
	s.Pool.InPhase[PhaseCall] = 3
	s.Dependency.InFlight = 12
	want := s.Dependency.InFlight - int64(s.Pool.InPhase[PhaseCall])
	if got := s.HopHungUp(); got != want {
		t.Fatalf("HopHungUp = %d, want %d", got, want)
	}
	item := func(s *Snapshot) string {
		for _, it := range HealthItems(s, 200) {
			if it.Label == "calls at hop 1 now" {
				return it.Value
			}
		}
		return ""
	}
	if v := item(s); !strings.HasPrefix(v, "12: 9 tries the edge hung up on (user answered or not), 3 it waits on (peak") {
		t.Errorf("the item: %q", v)
	}
	// The lab's own orphaned calls are still its calls at hop 1: not calls hop 1 runs on after a hang-up.
	s.Orphans.InFlight = 4
	if got := s.HopHungUp(); got != want-4 {
		t.Errorf("with 4 of the lab's orphaned calls open: %d, want %d", got, want-4)
	}
	s.Config.Dependency.Deadline = DeadlinePropagate
	if got, v := s.HopHungUp(), item(s); got != 0 || strings.Contains(v, "hung up on") {
		t.Errorf("hop 1 stops when its caller hangs up, yet %d orphans: %q", got, v)
	}
}

// A worker busy with a payment whose call is not at hop 1 this instant (between the edge's
// tries) is said beside hop 1's calls, as beside the plain dependency's, of the calls the
// edge waits on: deadline-propagation's "calls at hop 1 now 5" beside 6 payments busy, and
// stacked-timeouts' 22 hung up on, 10 waited on, beside 11 busy (newcomer 50 #2).
func TestHopOneSaysAWorkerNotCalling(t *testing.T) {
	c := DefaultConfig()
	c.Dependency.Hops, c.Dependency.Deadline = 3, DeadlinePropagate
	s := NotStarted(c)
	s.Hops = []HopStats{{InFlight: 5}, {InFlight: 5}, {InFlight: 5}}
	s.Dependency = DependencyStats{InFlight: 5, PeakInFlight: 12, Requests: 121}
	s.Pool.BusyBy[Payment], s.Pool.InPhase[PhaseCall] = 6, 5
	s.Calls.Retries = 80
	item := func(s *Snapshot) string {
		for _, it := range HealthItems(s, 120) {
			if it.Label == "calls at hop 1 now" {
				return it.Value
			}
		}
		return ""
	}
	if got, want := item(s), "5 (peak 12 at once since 0s, 121 calls; 1 more worker busy, not calling this instant)"; got != want {
		t.Errorf("propagate: %q, want %q", got, want)
	}
	s.Config.Dependency.Deadline = DeadlinePerHop
	s.Dependency.InFlight, s.Pool.BusyBy[Payment], s.Pool.InPhase[PhaseCall] = 32, 11, 10
	// A hang-up ends a try, not the payment: its user answered or not, said, and kept before
	// the rest, or it read as the boxes' work after the answer (newcomer 63 G12).
	if got, want := item(s), "32: 22 tries the edge hung up on (user answered or not), 10 it waits on (+1 worker busy, not calling)"; got != want {
		t.Errorf("per-hop: %q, want %q", got, want)
	}
	s.Pool.BusyBy[Payment] = 10 // every busy worker in a call hop 1 has: nothing to say
	if got := item(s); strings.Contains(got, "not calling") {
		t.Errorf("per-hop, every worker calling: %q", got)
	}
	// The help says who that worker is with a chain.
	i := slices.IndexFunc(ScreenWords(), func(it Item) bool { return it.Label == "calls at the dependency now" })
	if i < 0 || !strings.Contains(ScreenWords()[i].Value, `one between the edge's tries is "not calling this instant"`) {
		t.Errorf("help's calls at the dependency now (%d) says nothing of a worker between the edge's tries", i)
	}
}

// The goroutines' note lists only what this run's count holds: a bounded queue's waiting
// requests are entries, not goroutines, and the note does not name them; an unbounded
// queue's are goroutines (newcomer 14, X4: "waiting requests" beside 75 in a bounded queue).
func TestGoroutinesNoteListsWhatIsCounted(t *testing.T) {
	note := func(s *Snapshot, w int) string {
		for _, it := range HealthItems(s, w) {
			if it.Label == "goroutines" {
				return it.Value
			}
		}
		return ""
	}
	c := DefaultConfig()
	c.Pool.Queue = 100
	s := NotStarted(c)
	s.Goroutines, s.Pool.Queued = 21, 75
	for _, w := range []int{80, 120, 200} {
		if v := note(s, w); strings.Contains(v, "waiting requests") {
			t.Errorf("bounded queue at %d: %q", w, v)
		}
	}
	s.Pool.Unbounded = true
	if v := note(s, 200); !strings.Contains(v, "waiting requests") || strings.Contains(v, "queued are entries") {
		t.Errorf("unbounded queue: %q", v)
	}
}

// The help says the lab is no hop, and why a deeper hop can hold more calls than the one
// above it (newcomer 28: hop 2's 79 beside hop 1's 32 looked impossible).
func TestHelpSaysWhyADeeperHopHoldsMore(t *testing.T) {
	found := false
	for _, it := range NumberWords() {
		if it.Label == "hop N" {
			found = true
			if !strings.Contains(it.Value, "the edge, "+EdgeIs+" and no hop itself") || !strings.Contains(it.Value, "a deeper hop can hold more calls than the one above it") {
				t.Errorf("help's hop N: %q", it.Value)
			}
		}
	}
	if !found {
		t.Error("no hop N in the help")
	}
}

// The headline's expected figure with why it falls short of 27: briefly, when the last call
// comes, and whole, the sum it is in the run's own counts, so that it computes as printed
// (newcomer 56 #12: how ~19.14 is reckoned was not shown; newcomer 60: "27 from each payment
// older than 3.5s, fewer from the younger" left how many, and how many fewer); the help says
// the reckoning in its words; none without a schedule of calls.
func TestDueSaid(t *testing.T) {
	c := StackedTimeouts()
	// 8.3s in: 5 payments a second, one turned away by the pool in the first (it never calls).
	snap := func(c Config) *Snapshot {
		s := &Snapshot{Config: c, Elapsed: 8300 * time.Millisecond, Timeline: fivePaymentsASecond(8)}
		s.Calls.Payments = 39 + 2 // and 2 in the current 0.3s
		return s
	}
	s := snap(c)
	d, ok := s.DeepestDue(c.RetryForecast())
	if !ok {
		t.Fatal("no calls due")
	}
	brief, whole := d.Said()
	// Reckoned from arrivals, said so: beside a measure it matched to the hundredth, "~19.13
	// expected by now" read as the measure restated (newcomer 62 W12).
	by := "arrivals give ~" + FmtPerPayment(d.PerPayment()) + " by now: "
	if brief != by+"a payment's 27th call comes ≤3.6s after it" {
		t.Errorf("due said %q", brief)
	}
	// What 3.6s is, the age at which all 27 have started, and what the younger's figure is,
	// calls due so far (newcomer 63 G12); the age the latest's, every jittered wait at its
	// longest: at the mean's 3.5s, "all 27 started" was untrue of some (newcomer 68).
	m := regexp.MustCompile(`^arrivals give ~([\d.]+) by now: 27 × (\d+) payments older than 3\.6s \(all 27 started\) \+ (\d+) due so far from the (\d+) younger$`).FindStringSubmatch(whole)
	if m == nil {
		t.Fatalf("whole %q", whole)
	}
	n := make([]float64, 5)
	for i := 1; i < 5; i++ {
		n[i], _ = strconv.ParseFloat(m[i], 64)
	}
	// As printed: the older's 27 each and the younger's calls, over the payments that called.
	if older, made, younger := n[2], n[3], n[4]; older+younger != 41 || int64(younger) != d.Younger || younger == 0 ||
		FmtPerPayment((older*27+made)/41) != m[1] || made > younger*27 {
		t.Errorf("whole %q does not compute as printed over 41 payments", whole)
	}
	if r := c.RetryForecast(); len(r.DeepestCalls) != 27 || FmtSecs(r.DeepestCalls[26]) != "3.5s" {
		t.Errorf("the 27th call at hop 3 does not start 3.5s after its payment: %v", r.DeepestCalls)
	}
	if r := c.RetryForecast().Latest(); len(r.DeepestCalls) != 27 || FmtSecs(r.DeepestCalls[26]) != "3.6s" || d.Last != r.DeepestCalls[26] {
		t.Errorf("the 27th call at hop 3 does not start by 3.6s after its payment at the latest: %v, said at %v", r.DeepestCalls, d.Last)
	}
	if !strings.Contains(atHopHelp(c), "all 27 from each payment older than 3.6s") {
		t.Errorf("the help sums the headline's figure in other words than %q", whole)
	}
	two := c
	two.Dependency.Hop.Retry = 2
	d, _ = snap(two).DeepestDue(two.RetryForecast())
	if _, whole := d.Said(); !strings.Contains(whole, ": 12 × ") {
		t.Errorf("hops trying twice: %q", whole)
	}
	c.Dependency.Mode = ModeHealthy
	if d, ok := snap(c).DeepestDue(c.RetryForecast()); ok {
		t.Errorf("tries succeed: %+v due", d)
	}
}

// The help's worked examples come from the forecast, factors and all, and a lab whose tries
// do not all fail gets none rather than a lookup past the end: the help registers as every
// binary starts, so one change to StackedTimeouts stopped them all (review 39 m8).
func TestHopHelpWorkedFromTheForecast(t *testing.T) {
	c := StackedTimeouts()
	if at := atHopHelp(c); !strings.Contains(at, "(3 × 3 × 3 = 27)") || !strings.Contains(at, "in stacked-timeouts a payment's 27th call") ||
		!strings.Contains(at, `the headline adds the time up layer by layer instead, each term one layer's retries × its try and wait, the edge's first: with the edge set to 2 tries (payment.retry.attempts), "3.0s = 600ms + 2 × 600ms + 2 × 600ms"`) || !strings.Contains(at, "; by 3.6s at the latest, every jittered wait at its longest, 3.6s = 1.2s (edge) + 1.2s (hop 1) + 1.2s (hop 2): each layer's first 2 tries and their waits; in all, 6 × 500ms + 6 × 100ms = 3.6s") {
		t.Errorf("at hop N: %q", at)
	}
	// What the headline's expected figure sums (newcomer 50 #1: "~20.54 expected by now" had
	// no origin): the payments old enough for every call, and the younger ones' calls so far.
	if at := atHopHelp(c); !strings.Contains(at, `the headline's "arrivals give" figure sums all 27 from each payment older than 3.6s, and from each younger one the calls due by its age`) ||
		!strings.Contains(atHopHelp(c), "not from the calls counted") {
		t.Errorf("at hop N, what expected by now sums: %q", at)
	}
	if held := heldHelp(c); !strings.Contains(held, "hops 1 and 2 hold a call 1.7s (3 × 500ms + 2 × 100ms) and hop 3 500ms") {
		t.Errorf("a call is held: %q", held)
	}
	two := c
	two.Dependency.Hop.Retry = 2
	if at := atHopHelp(two); !strings.Contains(at, "(3 × 2 × 2 = 12)") || !strings.Contains(at, "12th call") {
		t.Errorf("hops trying twice, at hop N: %q", at)
	}
	if held := heldHelp(two); !strings.Contains(held, "hold a call 1.1s (2 × 500ms + 1 × 100ms)") {
		t.Errorf("hops trying twice, a call is held: %q", held)
	}
	for name, mod := range map[string]func(*Config){
		"tries succeed": func(c *Config) { c.Dependency.Mode = ModeHealthy },
		"no chain":      func(c *Config) { c.Dependency.Hops = 1 },
		"propagated":    func(c *Config) { c.Dependency.Deadline = DeadlinePropagate },
	} {
		c := StackedTimeouts()
		mod(&c)
		at, held := atHopHelp(c), heldHelp(c)
		if strings.Contains(at, "in stacked-timeouts") || strings.Contains(held, "in stacked-timeouts") || !strings.Contains(at, "each retrying layer multiplies it. ") {
			t.Errorf("%s: a worked example where none works: %q, %q", name, at, held)
		}
	}
}

// Review 27 #11: the edge was glossed three ways ("a worker's call to hop 1", "a worker's
// payment call to hop 1", "a worker's payment call"). Every help entry that glosses it says
// EdgeIs, the narrator's and tour's words.
func TestEdgeGlossedOneWay(t *testing.T) {
	glossed := 0
	for _, it := range append(ScreenWords(), NumberWords()...) {
		for _, m := range regexp.MustCompile(`the edge,? \(?(a worker's [a-z ]*call[a-z 0-9]*)`).FindAllStringSubmatch(it.Value, -1) {
			glossed++
			if m[1] != EdgeIs && !strings.HasPrefix(m[1], EdgeIs+" and ") {
				t.Errorf("%s: the edge is %q, want %q", it.Label, m[1], EdgeIs)
			}
		}
	}
	if glossed < 4 { // hop N, calls/payment, edge retries, calls at the dependency now
		t.Errorf("%d help entries gloss the edge, want 4 or more", glossed)
	}
}

// Payments a hop's 504 timed out are said so beside the table's timed-out, in payments, with
// why a 504 is timed out and how many timed out at the edge itself (newcomer 36 #26:
// "timed-out 35" beside "timeout socket 500ms" read as three 500ms tries to a payment whose
// p50 was 1.01s; review 31 #8: tries beside payments, a caller timeout among "timers").
func TestGatewaySaid(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutCaller, Duration: Duration(500 * time.Millisecond)}
	c.Payment.Deadline = Duration(2 * time.Second)
	s := NotStarted(c)
	s.Classes[Payment].TimedOut = 35
	if got := GatewaySaid(s); got != nil {
		t.Errorf("no 504 heard: %q", got)
	}
	s.Calls = CallStats{Gateway: 115, GatewayPayments: 35}
	got := GatewaySaid(s)
	// Why timed out and not failed, in words, in the form 120 columns take: a 504 is a
	// gateway timeout ("as hop 1 reported with a 504" left it to read as failed, newcomer 64).
	if want := "timed-out 35: all 35 ran out of time below, not failed: hop 1's 504 is a gateway timeout; none at the edge itself"; !slices.Contains(got, want) || len([]rune(want)) > 120 {
		t.Errorf("every one a 504: %q, want %q among them", got, want)
	}
	for k, line := range got { // payments only: the tries (115) are the report's
		// Why a time-out, every form: the time ran out, the 504 only said so ("by hop 1's
		// 504" read as a 504 received counted as timed out, newcomer 54).
		if !strings.Contains(line, "out of time") && !strings.Contains(line, "time ran out") || strings.Contains(line, "by hop 1's 504") || strings.Contains(line, "by a 504") {
			t.Errorf("a 504 as the cause: %q", line)
		}
		// Every form but the last, the barest, names the 504 with what it means: the time
		// ran out, a timeout (newcomer 64).
		if k < len(got)-1 && (!strings.Contains(line, "504") || !strings.Contains(line, "timeout") && !strings.Contains(line, "out of time") && !strings.Contains(line, "time ran out")) {
			t.Errorf("a 504 left unexplained: %q", line)
		}
		if strings.Contains(line, "115") || strings.Contains(line, "tr") || strings.Contains(line, "caller") {
			t.Errorf("a count or a timer not of payments: %q", line)
		}
	}
	// Heard a moment before the table counts it: never more than the table's.
	s.Calls = CallStats{Gateway: 120, Cut: 1, GatewayPayments: 36}
	s.Classes[Payment].TimedOut = 37
	if got := GatewaySaid(s); got[len(got)-1] != "timed-out 37: 36 ran out of time below" || got[len(got)-3] != "timed-out 37: 36 got a 504: time ran out below" || !strings.HasSuffix(got[1], "; the other 1 at the edge itself") {
		t.Errorf("some at the edge: %q", got)
	}
	// The note's two counts are the report's (review 32 #15: "the other 1" was in no field).
	if c := callsReport(*s); c.PaymentsTimedOut504 != 36 || c.PaymentsTimedOutAtEdge != 1 {
		t.Errorf("report: %d by a 504, %d at the edge; want the note's 36 and 1", c.PaymentsTimedOut504, c.PaymentsTimedOutAtEdge)
	}
}

// Whether the hops retried is said from their counts, hop 3's calls against hop 1's, not
// from their setting (newcomer 54: deadline-propagation's "set to try once" given as a cause).
func TestHopRetriesSaid(t *testing.T) {
	c := StackedTimeouts()
	c.Dependency.Deadline = DeadlinePropagate
	s := NotStarted(c)
	s.Hops = []HopStats{{Requests: 107}, {Requests: 107}, {Requests: 107}}
	if got, retried := s.HopRetriesSaid(); got != "as at hop 1: hops 1 and 2, set to retry, have no time for it" || retried {
		t.Errorf("as many: %q, %v", got, retried)
	}
	s.Hops[2].Requests = 105 // two on their way down
	if got, _ := s.HopRetriesSaid(); !strings.HasPrefix(got, "no more than at hop 1: ") {
		t.Errorf("fewer: %q", got)
	}
	s.Hops[2].Requests = 300
	if got, retried := s.HopRetriesSaid(); got != "193 more calls than at hop 1: hops 1 and 2 retried" || !retried {
		t.Errorf("more: %q, %v", got, retried)
	}
	// No call has reached hop 1 yet: nothing measured to compare (review 48 #2: "0.00
	// calls … as at hop 1: … no time for it" at 50ms).
	s.Hops = []HopStats{{}, {}, {}}
	if got, retried := s.HopRetriesSaid(); got != "" || retried {
		t.Errorf("no call yet: %q, %v", got, retried)
	}
	s.Hops = []HopStats{{Requests: 107}, {Requests: 107}, {Requests: 107}}
	s.Config.Dependency.RetryAt = RetryAtEdge // set to try once: nothing to say
	if got, _ := s.HopRetriesSaid(); got != "" {
		t.Errorf("hops set to try once: %q", got)
	}
}

// With a propagated deadline the edge's tries come a try and a wait apart too, so hop 1's
// measure stands beside what the same payments should have made by now, in stacked-timeouts'
// words from the one writer (newcomer 60: deadline-propagation's "2.82× (107 ÷ 38 that
// called; forecast 3×)" said nothing of the payments mid-retry).
func TestEdgeDuePropagated(t *testing.T) {
	ms := time.Millisecond
	c := StackedTimeouts()
	c.Dependency.Deadline, c.Dependency.RetryAt = DeadlinePropagate, RetryAtEdge
	c.Dependency.Hop.Reserve = Duration(100 * ms)
	r := c.RetryForecast()
	if got := fmt.Sprint(r.EdgeCalls); got != "[0s 350ms 700ms]" {
		t.Errorf("the edge's calls at %s", got)
	}
	// A try ends at 300ms (500ms less 2 × 100ms kept back), the waits 50ms on average: the
	// edge's calls come at 0, 350ms and 700ms.
	s := &Snapshot{Config: c, Elapsed: 2300 * ms, Calls: CallStats{Payments: 11, Retries: 18}}
	for sec := 1; sec <= 2; sec++ {
		second := Second{T: sec}
		second.Arrived[Payment] = 5
		s.Timeline = append(s.Timeline, second)
	}
	s.Hops = []HopStats{{Requests: 29}, {Requests: 29}, {Requests: 29}}
	// Of the payments in the last 0.7s, the last try is yet to come.
	due, ok := s.EdgeDue(r)
	if !ok || due >= 3 || due < 2.5 {
		t.Fatalf("hop 1 due %.3f (%v), want short of 3: the latest payments mid-retry", due, ok)
	}
	var note string
	for _, it := range retryTimesItem(s) {
		note = it.Note + " | " + it.BriefNote
	}
	if want := "~" + FmtPerPayment(due) + " due by now, 3× in all)"; !strings.Contains(note, want) {
		t.Errorf("calls/payment at hop 1: %q, want %q", note, want)
	}
}
