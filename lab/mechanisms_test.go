// Tests of mechanisms on their own (the breaker's signals, the semaphore's resize), and the
// package's goroutine check.

package lab

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// Every test in the package ends with no goroutine left behind: a mechanism starts none of
// its own, only what the engine lends it.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestBreakerRecordsOnlyDependencySignals(t *testing.T) {
	var b breaker
	c := DefaultConfig().Payment.Breaker
	c.Enabled, c.MinCalls, c.FailureRate, c.OpenFor = true, 4, 50, Duration(500*time.Millisecond)
	b.configure(c)
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
	b.configure(c)
	if b.get() != nil || b.stats().State != BreakerOff {
		t.Fatal("disabled breaker still in force")
	}
}

// Resizing a bulkhead never admits more than the size in force, old holders included.
func TestSemaphoreResizeNeverOvershoots(t *testing.T) {
	var s semaphore
	s.configure(5, 0)
	var releases []func()
	for range 5 {
		rel, err := s.acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, rel)
	}
	s.configure(6, 0) // one more permit, not six
	rel, err := s.acquire(context.Background())
	if err != nil {
		t.Fatalf("the 6th permit of 6: %v", err)
	}
	if _, err := s.acquire(context.Background()); err == nil {
		t.Fatal("a 7th permit with size 6")
	}
	s.configure(2, 0) // shrink below the 6 held
	if _, err := s.acquire(context.Background()); err == nil {
		t.Fatal("a permit with 6 held and size 2")
	}
	for _, r := range append(releases, rel)[:5] {
		r()
	}
	if got := s.inUse.Load(); got != 1 {
		t.Fatalf("in use %d after releasing 5 of 6", got)
	}
	if _, err := s.acquire(context.Background()); err != nil {
		t.Fatalf("2nd permit of 2: %v", err)
	}
}

func TestRatesOutsideTheScheduleAreRefused(t *testing.T) {
	for _, r := range []float64{1e-11, 0.001, -1, MaxRate + 1, math.Inf(1)} {
		c := DefaultConfig()
		c.Traffic.Payment.Rate = r
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "traffic.payment.rate") {
			t.Errorf("rate %g: %v", r, err)
		}
	}
}
