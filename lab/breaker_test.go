// Tests of the breaker on its own: the signals it records, its items, its fleet-wide sum.

package lab

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestBreakerRecordsOnlyDependencySignals(t *testing.T) {
	var b breaker
	c := DefaultConfig().Payment.Breaker
	c.Enabled, c.MinCalls, c.FailureRate, c.OpenFor = true, 4, 50, Duration(500*time.Millisecond)
	b.use(c)
	g := b.get()
	take := func() *permit {
		t.Helper()
		p, ok := g.acquire()
		if !ok {
			t.Fatalf("breaker %+v refused a permit", b.stats())
		}
		return p
	}
	for _, r := range []Result{{Out: OK}, {Out: Failed}, {Out: OK}, {Out: Failed}} { // a 4xx is no signal
		take().record(r, false)
	}
	if st := b.stats(); st.State != BreakerClosed || st.FailureRate != 0 {
		t.Fatalf("4xx answers opened it: %+v", st)
	}
	slow := take()      // let through while closed, still running when the breaker changes state
	began := time.Now() // the breaker opens after this, so it is open for open_for from here at least
	for _, r := range []Result{{Out: TimedOut}, {Out: Failed, DepFailure: true}, {Out: TimedOut}, {Out: TimedOut}} {
		take().record(r, false)
	}
	st, open := b.stats(), g.open()
	if st.Opened != 1 {
		t.Fatalf("timeouts and 5xx should open it: %+v", st)
	}
	// Judged open only if open_for had not passed when read: a machine that stalls this
	// goroutine longer would see it half-open, which is right too.
	if time.Since(began) < c.OpenFor.D() {
		if st.State != BreakerOpen || st.OpenLeft <= 0 || !open {
			t.Fatalf("timeouts and 5xx should open it: %+v", st)
		}
		// While open it shows the closed period that opened it, against the settings.
		if st.Calls != 8 || st.Failures != 4 || st.FailureRate != 50 || st.Threshold != 50 ||
			st.MinCalls != 4 || st.Window != c.Window.D() || st.Trials != 1 || st.Retrial {
			t.Errorf("open breaker's numbers: %+v; want 4 failures of 8 calls = 50%% against 50%% over at least 4", st)
		}
	}
	time.Sleep(c.OpenFor.D() + 10*time.Millisecond)
	trial := take() // past open_for: the half-open trial
	if st := b.stats(); st.State != BreakerHalfOpen {
		t.Fatalf("after open_for: %+v, want half-open", st)
	}
	slow.record(Result{Out: OK}, false) // a stale answer must not decide the trial
	if st := b.stats(); st.State != BreakerHalfOpen {
		t.Fatalf("a call let through while closed closed the half-open breaker: %+v", st)
	}
	trial.record(Result{Out: OK}, false)
	trial.record(Result{Out: TimedOut}, false) // recorded once only
	if st := b.stats(); st.State != BreakerClosed {
		t.Fatalf("a good trial should close it: %+v", st)
	}
	// Open again, past open_for, and a failed trial: open again, and it says why.
	for range c.MinCalls {
		take().record(Result{Out: TimedOut}, false)
	}
	time.Sleep(c.OpenFor.D() + 10*time.Millisecond)
	take().record(Result{Out: TimedOut}, false)
	if st := b.stats(); st.State != BreakerOpen || !st.Retrial || st.Calls != 1 {
		t.Fatalf("a failed trial should open it again, saying so: %+v", st)
	}
	c.Enabled = false
	b.use(c)
	if b.get() != nil || b.stats().State != BreakerOff {
		t.Fatal("disabled breaker still in force")
	}
}

// opened is the item of an open breaker's that says what opened it.
func opened(items []Item) Item {
	for _, it := range items {
		if strings.HasPrefix(it.Label, "it opened") {
			return it
		}
	}
	return Item{}
}

// A breaker's every number, labelled. Open, its counts are those of the stretch that opened
// it, and say so (issue 22, finding 11: not "calls in the last 10s", which ran on since).
func TestBreakerDetail(t *testing.T) {
	b := BreakerStats{State: BreakerOpen, OpenLeft: 2900 * time.Millisecond, FailureRate: 60, Calls: 20,
		Failures: 12, Threshold: 50, MinCalls: 10, Window: 10 * time.Second, Trials: 1, OpenFor: 3 * time.Second}
	got := strings.Join(phrases(breakerItems(b, "", 120)), " · ")
	// How long it stays open and how big its trial is come from the config (issue 22,
	// newcomer 14: "next trial in 1.1s" gave neither).
	// Its window and its minimum each named, apart from the results that opened it (newcomer
	// 40 #3: "80% of 10 results" beside "minimum 10" left which 10 was the window).
	for _, want := range []string{"OPEN: every payment now rejected:breaker", "next trial in 2.9s (opens for 3s, then 1 trial call)", "it opened with 60% not ok of the 20 results in its window (threshold 50%)",
		"sliding window 10s, minimum 10 results"} {
		if !strings.Contains(got, want) {
			t.Errorf("open breaker %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, " calls /") {
		t.Errorf("open breaker %q counts the stretch that opened it as the window now", got)
	}
	// Narrower, shorter words, whole: its threshold, never a cut ("(threshold 50%,…", newcomer
	// 19), at 60 still; its minimum is the window's item.
	for w, want := range map[int]string{80: "it opened with 60% not ok of the 20 results in its window (threshold 50%)",
		60: "it opened with 60% not ok of 20 results (threshold 50%)"} {
		if got := opened(breakerItems(b, "", w)).Phrase(); got != want {
			t.Errorf("open breaker at %d columns: %q, want %q", w, got, want)
		}
	}
	// Not closed, its state is Strong, first on a one-line settings form, and narrow it says
	// the numbers that line would otherwise hide behind its "…" (newcomer 43 G-5).
	b.Opened = 2
	if st := breakerItems(b, "", 80)[0]; !st.Strong || st.Phrase() != "breaker OPEN (opened 2×): 3s a time; opens at ≥50% not ok of ≥10 results in 10s" {
		t.Errorf("open breaker at 80 columns: %+v", st)
	}
	b.State = BreakerClosed
	if st := breakerItems(b, "", 80)[0]; st.Strong {
		t.Errorf("closed breaker's state %+v: Strong, but nothing waits on it", st)
	}
	if got := strings.Join(phrases(breakerItems(b, "", 120)), " · "); !strings.Contains(got, "not ok 60% / threshold 50%") || !strings.Contains(got, "sliding window 10s: 20 results / minimum 10") {
		t.Errorf("closed breaker: %q", got)
	}
	if got := strings.Join(phrases(breakerItems(b, "", 120)), " · "); !strings.Contains(got, "closed") || strings.Contains(got, "next trial") {
		t.Errorf("closed breaker: %q", got)
	}
}

// Closed, the breaker says what an opening will cost before one happens: how long it stays
// open and how many trial calls then decide, at every width (newcomer 67: "opened 2×" beside
// the window, threshold and minimum, and nothing of the 3s that made most payments
// rejected:breaker). Half-open and open again, a failed trial's cost too.
func TestBreakerSaysHowLongItStaysOpen(t *testing.T) {
	b := BreakerStats{State: BreakerClosed, FailureRate: 40, Calls: 5, Failures: 2, Threshold: 50, MinCalls: 10,
		Window: 10 * time.Second, Trials: 1, OpenFor: 3 * time.Second, Opened: 2}
	for _, w := range []int{80, 120} {
		if got := strings.Join(phrases(breakerItems(b, "", w)), " · "); !strings.Contains(got, "/ minimum 10 · opens for 3s, then 1 trial call") {
			t.Errorf("closed breaker at %d columns: %q", w, got)
		}
	}
	b.Trials, b.OpenFor = 3, 1500*time.Millisecond
	if got := strings.Join(phrases(breakerItems(b, "", 120)), " · "); !strings.Contains(got, "opens for 1.5s, then 3 trial calls") {
		t.Errorf("closed breaker, 3 trial calls: %q", got)
	}
}

// The trap's breaker says what it counted beside the rate that opened it, at every width
// (newcomer 31: "failure rate 60%" beside a failed column of 0), the threshold where it fits;
// in the narrow rule's word, not ok (newcomer 63: "failure rate" at 120, "not ok" at 80).
func TestTrapBreakerSaysWhatItCounted(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Breaker.Enabled, c.Payment.Breaker.CountRejections = true, true
	c.Payment.Bulkhead.Type, c.Payment.Bulkhead.Size = BulkheadSemaphore, 2
	b := BreakerStats{State: BreakerOpen, OpenLeft: time.Second, FailureRate: 60, Calls: 10, Threshold: 50, MinCalls: 10, Trials: 1, OpenFor: 3 * time.Second}
	for w, want := range map[int]string{
		120: "it opened with 60% not ok of the 10 results in its window, rejected:bulkhead counted as not ok (threshold 50%)",
		80:  "it opened with 60% not ok (rejected:bulkhead counted as not ok)"} {
		if got := opened(breakerItems(b, trapCounts(c), w)).Phrase(); got != want {
			t.Errorf("trap breaker at %d columns: %q, want %q", w, got, want)
		}
	}
	c.Payment.Breaker.CountRejections = false
	if got := trapCounts(c); got != "" {
		t.Errorf("a breaker that counts no rejections counts %q", got)
	}
}

// Half-open or open again, the breaker still says what opens it, as open it does (newcomer
// 31: the breaker preset said "opened 2×" and no threshold).
func TestBreakerSaysItsThresholdInEveryState(t *testing.T) {
	b := BreakerStats{Calls: 1, Failures: 1, FailureRate: 100, Threshold: 50, MinCalls: 10, Trials: 1, OpenFor: 3 * time.Second, Window: 10 * time.Second}
	for _, st := range []struct {
		state   BreakerState
		retrial bool
		trials  uint
		want    string
	}{{BreakerHalfOpen, false, 1, "a failed trial reopens it for 3s; 1 ok closes it"},
		{BreakerOpen, true, 1, "(opens for 3s, then 1 trial call) · the trial failed (1 of 1) · a failed trial reopens it; 1 ok closes it"},
		{BreakerHalfOpen, false, 3, "a failed trial reopens it for 3s; 3 ok close it"},
		{BreakerOpen, false, 1, "(threshold 50%) · sliding window 10s, minimum 10 results"}} {
		b.State, b.Retrial, b.Trials = st.state, st.retrial, st.trials
		got := strings.Join(phrases(breakerItems(b, "", 120)), " · ")
		if !strings.Contains(got, st.want) {
			t.Errorf("%s breaker (retrial %v) %q lacks %q", st.state, st.retrial, got, st.want)
		}
		// Half-open, one failed trial reopens it: the closed rate's 10 results are not its rule.
		if st.state == BreakerHalfOpen || st.retrial {
			if strings.Contains(got, "minimum") {
				t.Errorf("%s breaker (retrial %v) %q gives the closed rule", st.state, st.retrial, got)
			}
		}
	}
}

// The fleet's breaker panel weighs its calls against the replicas' settings (the fleet's
// own), and adds up their failures.
func TestFleetBreakerKeepsTheSettings(t *testing.T) {
	settings := BreakerStats{Threshold: 50, MinCalls: 10, Window: 10 * time.Second, Trials: 3}
	a, b := settings, settings
	a.State, a.Calls, a.Failures, a.FailureRate = BreakerClosed, 4, 1, 25
	b.State, b.Calls, b.Failures, b.FailureRate, b.Retrial = BreakerOpen, 4, 3, 75, true
	got := fleetBreaker([]Snapshot{{Breaker: a}, {Breaker: b}})
	want := settings
	want.State, want.Calls, want.Failures, want.FailureRate, want.Retrial = BreakerMixed, 8, 4, 50, true
	if got != want {
		t.Errorf("fleet breaker %+v, want %+v", got, want)
	}
}

// "Opened 3×" beside "next trial in 1.2s" left whether a trial had gone ok and closed it
// before it opened again (newcomer 35 #19): the breaker keeps its last turns' times, since
// the start, and the health line says them where it has room.
func TestBreakerSaysItsLastTurns(t *testing.T) {
	start := time.Now()
	var b breaker
	c := DefaultConfig().Payment.Breaker
	c.Enabled, c.MinCalls, c.FailureRate, c.OpenFor, c.HalfOpenCalls = true, 2, 50, Duration(20*time.Millisecond), 1
	b.use(c)
	g := b.get()
	fill := func() BreakerStats {
		s := Snapshot{Elapsed: time.Since(start)}
		b.fill(&s)
		return s.Breaker
	}
	call := func(r Result) {
		t.Helper()
		p, ok := g.acquire()
		if !ok {
			t.Fatalf("breaker %+v refused a permit", b.stats())
		}
		p.record(r, false)
	}
	// The same time read twice, as two frames read it: within a millisecond.
	same := func(a, b time.Duration) bool { return (a - b).Abs() < time.Millisecond }
	call(Result{Out: TimedOut})
	call(Result{Out: TimedOut})
	first := fill()
	if first.Opened != 1 || first.LastOpened <= 0 || first.LastOpened > time.Since(start) || first.LastClosed != 0 || first.TrialOpened {
		t.Fatalf("opened once: %+v", first)
	}
	// What it saw as it first opened, the threshold crossed (newcomer 36 #11): the two calls
	// that timed out, kept through every later turn.
	// In the table's word (newcomer 39 W5: "10 of 10 calls failed" beside a timed-out column).
	if f := first.First; !same(f.At, first.LastOpened) || f.Failures != 2 || f.Calls != 2 || f.Counted != 1<<Ended(TimedOut) {
		t.Fatalf("first opening %+v, want 2 of 2 timed out at %v", f, first.LastOpened)
	}
	time.Sleep(c.OpenFor.D() + 10*time.Millisecond)
	call(Result{Out: OK}) // the trial, ok: closed
	closed := fill()
	if closed.State != BreakerClosed || closed.LastClosed <= closed.LastOpened || !same(closed.LastOpened, first.LastOpened) {
		t.Fatalf("closed after an ok trial: %+v", closed)
	}
	call(Result{Out: Failed, DepFailure: true})
	call(Result{Out: TimedOut})
	again := fill()
	if again.Opened != 2 || again.LastOpened <= again.LastClosed || !same(again.LastClosed, closed.LastClosed) || again.TrialOpened {
		t.Fatalf("open again from closed: %+v", again)
	}
	time.Sleep(c.OpenFor.D() + 10*time.Millisecond)
	call(Result{Out: TimedOut}) // the trial, failed: open again on it
	if st := fill(); st.Opened != 3 || !st.TrialOpened || st.LastOpened <= again.LastOpened || !same(st.First.At, first.First.At) || st.First.Calls != 2 || st.First.Counted != first.First.Counted {
		t.Fatalf("open again on a failed trial: %+v", st)
	}

	// The words, from the turns' times; none without the times (a fleet's sum). On a narrow
	// line the settings' state counts them, as the health panel is often left out at 80x24.
	s := func(b BreakerStats) *Snapshot { return &Snapshot{Breaker: b} }
	at := func(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }
	timedOut := uint32(1 << Ended(TimedOut))
	for _, tc := range []struct {
		b    BreakerStats
		want string
	}{
		{BreakerStats{State: BreakerOpen, Opened: 1, LastOpened: at(2100)}, "1× (at 2.1s)"},
		{BreakerStats{State: BreakerOpen, Opened: 2, LastOpened: at(3400), LastClosed: at(3100)}, "2× (last closed at 3.1s on an ok trial, its window of results emptied; reopened at 3.4s)"},
		{BreakerStats{State: BreakerClosed, Opened: 2, LastOpened: at(3400), LastClosed: at(6500)}, "2× (last closed at 6.5s on an ok trial, its window of results emptied)"},
		{BreakerStats{State: BreakerOpen, Opened: 3, LastOpened: at(6500), LastClosed: at(3100), TrialOpened: true}, "3× (last at 6.5s, on a failed trial)"},
		{BreakerStats{State: BreakerOpen, Opened: 3}, "3×"},
		// The first opening, what it saw, against its threshold; in fewer words where the
		// line is short of room.
		{BreakerStats{State: BreakerOpen, Opened: 1, LastOpened: at(2100), Threshold: 50, First: BreakerOpening{at(2100), 10, 10, timedOut}},
			"1× (at 2.1s: 10 of 10 calls timed out, 100% not ok ≥ 50%)"},
		{BreakerStats{State: BreakerOpen, Opened: 3, LastOpened: at(6500), LastClosed: at(3100), TrialOpened: true, Threshold: 50, First: BreakerOpening{at(2100), 6, 10, timedOut | 1<<Ended(Failed)}},
			"3× (first at 2.1s: 6 of 10 calls failed or timed out, 60% not ok ≥ 50%; last at 6.5s, on a failed trial)"},
	} {
		items := breakerHealth(s(tc.b), 120)
		if len(items) != 1 || !strings.HasSuffix(items[0].Phrase(), tc.want) || !strings.HasPrefix(items[0].Phrase(), "breaker opened ") {
			t.Errorf("%+v: %v, want … %q", tc.b, items, tc.want)
		}
		if got := breakerHealth(s(tc.b), 80); len(got) != 0 {
			t.Errorf("%+v at 80 columns: %v, want none: the settings count them", tc.b, got)
		}
		want := fmt.Sprintf("breaker %s (opened %d×):", strings.ToUpper(string(tc.b.State)), tc.b.Opened)
		if tc.b.State == BreakerClosed {
			want = fmt.Sprintf("breaker closed (opened %d×):", tc.b.Opened)
		}
		if got := breakerItems(tc.b, "", 80)[0].Phrase(); !strings.HasPrefix(got, want) {
			t.Errorf("%+v at 80 columns: settings %q, want it to begin %q", tc.b, got, want)
		}
		if got := breakerItems(tc.b, "", 120)[0].Phrase(); strings.Contains(got, "opened") {
			t.Errorf("%+v at 120 columns: settings %q count what the health line counts", tc.b, got)
		}
	}
	// Short of room, the first in fewer words before it goes.
	st := BreakerStats{State: BreakerOpen, Opened: 2, LastOpened: at(4200), LastClosed: at(3800), Threshold: 50, First: BreakerOpening{at(607), 6, 10, timedOut}}
	long := "breaker opened 2× (first at 607ms: 6 of 10 calls timed out, 60% not ok ≥ 50%; last closed at 3.8s on an ok trial, its window of results emptied; reopened at 4.2s)"
	shorter := "breaker opened 2× (first at 607ms: 6 of 10 calls timed out, 60% ≥ 50%; last closed at 3.8s on an ok trial, its window of results emptied; reopened at 4.2s)"
	for w, want := range map[int]string{len([]rune(long)): long, len([]rune(long)) - 1: shorter,
		len([]rune(shorter)) - 1: "breaker opened 2× (first at 607ms: 6 of 10 calls timed out; last closed at 3.8s on an ok trial, its window of results emptied; reopened at 4.2s)",
		// At 120 columns, the trap's what-it-saw does not fit: the first by its time (newcomer 42 G2).
		120: "breaker opened 2× (first at 607ms; last closed at 3.8s on an ok trial, its window of results emptied; reopened at 4.2s)"} {
		if got := breakerHealth(s(st), w); len(got) != 1 || got[0].Phrase() != want {
			t.Errorf("at %d columns: %v, want %q", w, got, want)
		}
	}
	// The trap: what it saw were its own rejections too, not the dependency's failures alone.
	trap := s(st)
	trap.Breaker.First.Counted = 1<<Ended(Failed) | 1<<TurnedAway(RejectBulkhead)
	if got := breakerHealth(trap, 200); len(got) != 1 || !strings.Contains(got[0].Phrase(), "(first at 607ms: 6 of 10 calls failed or "+RejectBulkhead.Word()+", 60% not ok ≥ 50%;") {
		t.Errorf("a breaker counting its rejections: %v, want them named in what it saw", got)
	}
}

// The rate that opened it and the threshold it crossed are written alike, with the
// threshold's decimals (review 32 #21: "50% ≥ 50.5%"), and the opening the settings give
// says when it was, apart from the first that the health line gives (newcomer 38 G7: "it
// opened at failure rate 80%" beside "first at 606ms: 6 of 10 …, 60% ≥ 50%").
func TestBreakerRatesReadAsTheirThreshold(t *testing.T) {
	at := func(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }
	b := BreakerStats{State: BreakerOpen, OpenLeft: time.Second, FailureRate: 80, Calls: 10, Threshold: 50, MinCalls: 10, Trials: 1,
		OpenFor: 3 * time.Second, Opened: 2, LastOpened: at(4200), LastClosed: at(3800), First: BreakerOpening{at(606), 6, 10, 1 << Ended(TimedOut)}}
	if got, want := opened(breakerItems(b, "", 120)).Phrase(), "it opened at 4.2s with 80% not ok of the 10 results in its window (threshold 50%)"; got != want {
		t.Errorf("open: %q, want %q", got, want)
	}
	if got := breakerHealth(&Snapshot{Breaker: b}, 200); len(got) != 1 || !strings.Contains(got[0].Value, "first at 606ms: 6 of 10 calls timed out, 60% not ok ≥ 50%;") {
		t.Errorf("health: %v, want the first opening's rate against the threshold", got)
	}
	b.Threshold, b.FailureRate, b.First = 50.5, 50.5, BreakerOpening{at(606), 101, 200, 1 << Ended(TimedOut)}
	if got := opened(breakerItems(b, "", 120)).Value; !strings.HasPrefix(got, "50.5% not ok of ") || !strings.Contains(got, "(threshold 50.5%)") {
		t.Errorf("a threshold of 50.5: %q, want the rate and the threshold as 50.5%%", got)
	}
	if got := breakerHealth(&Snapshot{Breaker: b}, 200); len(got) != 1 || !strings.Contains(got[0].Value, "101 of 200 calls timed out, 50.5% not ok ≥ 50.5%;") {
		t.Errorf("a threshold of 50.5: %v, want 50.5%% ≥ 50.5%%", got)
	}
	b.State = BreakerClosed
	if got := breakerItems(b, "", 120)[1].Phrase(); got != "not ok 50.5% / threshold 50.5%" {
		t.Errorf("closed: %q", got)
	}
}

// The breaker's share is "not ok" wherever it is said, closed, open and on its health line, at
// every width: "failure rate 60%" closed beside "80% not ok" open, and the table's failed of
// 0, were two words for one count (newcomer 63 W06). The help says it in the same word.
func TestBreakerShareOneWord(t *testing.T) {
	at := func(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }
	b := BreakerStats{OpenLeft: time.Second, FailureRate: 60, Calls: 10, Threshold: 50, MinCalls: 10, Trials: 1, OpenFor: 3 * time.Second,
		Window: 10 * time.Second, Opened: 2, LastOpened: at(4200), LastClosed: at(3800), First: BreakerOpening{at(606), 6, 10, 1 << Ended(TimedOut)}}
	for _, state := range []BreakerState{BreakerClosed, BreakerOpen} {
		b.State = state
		for _, w := range []int{80, 120, 200} {
			said := strings.Join(phrases(append(breakerItems(b, "", w), breakerHealth(&Snapshot{Breaker: b}, w)...)), " · ")
			if strings.Contains(said, "failure") || !strings.Contains(said, "60% "+BreakerNotOK) && !strings.Contains(said, BreakerNotOK+" 60%") {
				t.Errorf("%s at %d columns: %q, want its share said %q, never failure", state, w, said, BreakerNotOK)
			}
		}
	}
	if !slices.ContainsFunc(ScreenWords(), func(i Item) bool { return strings.HasPrefix(i.Label, BreakerNotOK+" n%") }) {
		t.Errorf("no help word for the breaker's %q", BreakerNotOK)
	}
}

// Several trial calls: the sentence says all must succeed and one failure reopens it, as
// trialRule's "3 ok close it" does, not "the trial succeeds".
func TestHalfOpenStoryCountsTrials(t *testing.T) {
	got := BreakerStats{Trials: 3, OpenFor: 3 * time.Second}.HalfOpenStory()
	for _, want := range []string{"lets 3 payments through", "closes if all 3 succeed, opens again for 3s if one fails"} {
		if !strings.Contains(got, want) {
			t.Errorf("HalfOpenStory() = %q, want it to hold %q", got, want)
		}
	}
}
