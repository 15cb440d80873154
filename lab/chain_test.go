package lab

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"poollab/slowserver"
)

// The chain in force follows the settings: each mechanism one stage, in the order it runs,
// and the waits a worker can be seen in are those before the call leaves it.
func TestPaymentChainFollowsTheSettings(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	l, err := Start(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	for _, tc := range []struct {
		name  string
		edit  func(*PaymentConfig)
		chain string
		waits []Phase
	}{
		{"none", func(*PaymentConfig) {}, "fallback http", nil},
		{"semaphore", func(p *PaymentConfig) { p.Bulkhead.Type = BulkheadSemaphore },
			"fallback bulkhead:semaphore http", []Phase{PhaseBulkhead}},
		{"semaphore, connections, socket timeout", func(p *PaymentConfig) {
			p.Bulkhead.Type, p.Connections.PerRoute, p.Timeout.Kind = BulkheadSemaphore, 5, TimeoutSocket
		}, "fallback bulkhead:semaphore connections timeout:socket http", []Phase{PhaseBulkhead, PhaseConnWait}},
		{"caller timeout: the lease happens off the worker", func(p *PaymentConfig) {
			p.Connections.PerRoute, p.Timeout.Kind = 5, TimeoutCaller
		}, "fallback timeout:caller handoff:goroutine connections http", nil},
		{"deadline", func(p *PaymentConfig) { p.Deadline, p.Connections.PerRoute = Duration(time.Second), 5 },
			"fallback deadline connections deadline:enough-left http", []Phase{PhaseConnWait}},
		{"thread pool", func(p *PaymentConfig) { p.Bulkhead.Type = BulkheadThreadPool },
			"fallback bulkhead:threadpool handoff:thread http", []Phase{PhaseHandoff}},
		{"breaker", func(p *PaymentConfig) { p.Breaker.Enabled, p.Bulkhead.Type = true, BulkheadSemaphore },
			"fallback breaker:short-circuit bulkhead:semaphore breaker http", []Phase{PhaseBulkhead}},
		{"the trap", func(p *PaymentConfig) {
			p.Breaker.Enabled, p.Breaker.CountRejections, p.Bulkhead.Type = true, true, BulkheadSemaphore
		}, "fallback breaker:counts-rejections bulkhead:semaphore http", []Phase{PhaseBulkhead}},
	} {
		cfg := c
		tc.edit(&cfg.Payment)
		if err := l.Apply(cfg); err != nil {
			t.Fatal(err)
		}
		s := l.Snapshot()
		if got := strings.Join(s.Chain, " "); got != tc.chain || !slices.Equal(s.Waits, tc.waits) {
			t.Errorf("%s: chain %q waits %v; want %q %v", tc.name, got, s.Waits, tc.chain, tc.waits)
		}
	}
}

// A semaphore permit goes with a call its worker walked away from: the bulkhead stays full
// until the orphaned call itself ends.
func TestPermitHeldUntilTheOrphanedCallEnds(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	c.Dependency.Latency = Duration(time.Minute) // longer than the test: Stop ends it
	c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadSemaphore, Size: 1}
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutCaller, Duration: Duration(20 * time.Millisecond)}
	l, err := Start(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	ch := l.chain.Load()
	if r := ch.serve(l.ctx, nil, time.Now()); r.out != TimedOut {
		t.Fatalf("first payment: %+v, want timed out by the caller", r)
	}
	// The call runs on, holding the one permit.
	if s := l.Snapshot(); s.Bulkhead.InUse != 1 || s.Orphans.InFlight != 1 {
		t.Fatalf("after walking away: bulkhead %+v, orphans %+v; want the permit held by the orphan", s.Bulkhead, s.Orphans)
	}
	if r := ch.serve(l.ctx, nil, time.Now()); !r.rejected || r.reason != RejectBulkhead {
		t.Errorf("second payment while the orphan holds the permit: %+v, want rejected by the bulkhead", r)
	}
}

// A deadline counts from the scheduled arrival: payments that waited it out in the queue are
// turned away when a worker reaches them, without a call; none starts with less left than a
// call takes, so few run into the deadline mid-call.
func TestDeadlineCountsQueueWait(t *testing.T) {
	c := scaled()
	c.Traffic.Signup.Rate = 0
	c.Pool.Workers, c.Pool.Queue, c.Pool.Discipline = 2, 50, FIFO
	c.Traffic.Payment.Rate = 50 // λW = 50 × 0.1 = 5 workers needed of 2: the queue grows
	c.Dependency.Latency = Duration(100 * time.Millisecond)
	c.Payment.Deadline = Duration(250 * time.Millisecond)
	s := run(t, c)
	pay := s.Classes[Payment]
	if pay.Rejected[RejectDeadline] == 0 || pay.OK == 0 {
		t.Fatalf("payments %+v: want some served and the ones that waited out their deadline rejected", pay)
	}
	if pay.TimedOut > pay.Rejected[RejectDeadline] {
		t.Errorf("payments %+v: more cut mid-call than turned away before it", pay)
	}
	// Turned away before a call: the dependency saw only the calls that were made.
	if calls := pay.OK + pay.TimedOut + pay.Failed; s.Dependency.Requests > calls+int64(c.Pool.Workers) {
		t.Errorf("dependency got %d requests for %d calls made", s.Dependency.Requests, calls)
	}
}

// An estimate of the dependency inflated past the budget (a busy machine) must not refuse
// every call for ever: it asks for at most half the budget, so calls go ahead and correct it.
func TestEnoughLeftNeverLocksOut(t *testing.T) {
	var typical typicalLatency
	typical.observe(time.Minute) // far past a 10 s budget
	called := 0
	run := enoughLeftStage(&typical, 10*time.Second, 0).wrap(func(context.Context, *passage) result {
		called++
		return result{out: OK}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if r := run(ctx, &passage{}); r.rejected || called != 1 {
		t.Errorf("with nearly all of a 10s budget left and an estimate of a minute: %+v, %d calls; want the call made", r, called)
	}
	short, cancel2 := context.WithTimeout(context.Background(), time.Second)
	defer cancel2()
	if r := run(short, &passage{}); !r.rejected || r.reason != RejectDeadline {
		t.Errorf("with 1s left, less than half the budget: %+v, want rejected by the deadline", r)
	}
}

// The adaptive limit times a call from its permit, taken before the first try: a payment
// answered on its first try is a latency sample, one answered on a retry is not.
func TestOnlyAFirstTryAnswerIsALatencySample(t *testing.T) {
	srv, err := slowserver.Start(0, slowserver.Settings{Mode: slowserver.Healthy})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	call := httpStage(&http.Client{Transport: tr}, srv.URL()+"/pay", &typicalLatency{}, &callCounts{}, false).wrap(nil)
	for _, c := range []struct {
		before int // failed tries before this one
		sample bool
	}{{0, true}, {1, false}} {
		p := &passage{permit: &callRecord{}, calls: c.before}
		if r := call(context.Background(), p); r.out != OK {
			t.Fatalf("try %d: %v, want OK", c.before+1, r.out)
		}
		if got := p.permit.sample.Load(); got != c.sample {
			t.Errorf("answered on try %d: a latency sample %v, want %v", c.before+1, got, c.sample)
		}
	}
}
