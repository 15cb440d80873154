// Tests of the payment chain in a running lab: its stages follow the settings, held permits, deadlines.

package engine

import (
	"slices"
	"strings"
	"testing"
	"time"

	"poollab/lab"
)

// The chain in force follows the settings: each mechanism one stage, in the order it runs,
// and the waits a worker can be seen in are those before the call leaves it.
func TestPaymentChainFollowsTheSettings(t *testing.T) {
	c := lab.DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	for _, tc := range []struct {
		name  string
		edit  func(*lab.PaymentConfig)
		chain string
		waits []lab.Phase
	}{
		{"none", func(*lab.PaymentConfig) {}, "fallback http", nil},
		// A semaphore that rejects at once never has a worker wait for a permit.
		{"semaphore", func(p *lab.PaymentConfig) { p.Bulkhead.Type = lab.BulkheadSemaphore },
			"fallback bulkhead:semaphore http", nil},
		{"semaphore with a wait", func(p *lab.PaymentConfig) {
			p.Bulkhead.Type, p.Bulkhead.MaxWait = lab.BulkheadSemaphore, lab.Duration(100*time.Millisecond)
		}, "fallback bulkhead:semaphore http", []lab.Phase{lab.PhaseBulkhead}},
		{"semaphore, connections, socket timeout", func(p *lab.PaymentConfig) {
			p.Bulkhead.Type, p.Bulkhead.MaxWait, p.Connections.PerRoute, p.Timeout.Kind = lab.BulkheadSemaphore, lab.Duration(time.Second), 5, lab.TimeoutSocket
		}, "fallback bulkhead:semaphore connections timeout:socket http", []lab.Phase{lab.PhaseBulkhead, lab.PhaseConnWait}},
		{"caller timeout: the lease happens off the worker", func(p *lab.PaymentConfig) {
			p.Connections.PerRoute, p.Timeout.Kind = 5, lab.TimeoutCaller
		}, "fallback timeout:caller handoff:goroutine connections http", nil},
		{"deadline", func(p *lab.PaymentConfig) { p.Deadline, p.Connections.PerRoute = lab.Duration(time.Second), 5 },
			"fallback deadline connections deadline:enough-left http", []lab.Phase{lab.PhaseConnWait}},
		// Nor one that turns the excess away at once under an adaptive limit (newcomer 25 read
		// "b orders waiting for a bulkhead permit 0" beside "turned away at once").
		{"adaptive", func(p *lab.PaymentConfig) { p.Bulkhead.Type = lab.BulkheadAdaptive },
			"fallback limit:adaptive http", nil},
		{"adaptive with a wait", func(p *lab.PaymentConfig) {
			p.Bulkhead.Type, p.Bulkhead.MaxWait = lab.BulkheadAdaptive, lab.Duration(100*time.Millisecond)
		}, "fallback limit:adaptive http", []lab.Phase{lab.PhaseBulkhead}},
		{"thread pool", func(p *lab.PaymentConfig) { p.Bulkhead.Type = lab.BulkheadThreadPool },
			"fallback bulkhead:threadpool handoff:thread http", []lab.Phase{lab.PhaseHandoff}},
		{"breaker", func(p *lab.PaymentConfig) { p.Breaker.Enabled, p.Bulkhead.Type = true, lab.BulkheadSemaphore },
			"fallback breaker:short-circuit bulkhead:semaphore breaker:permit http", nil},
		{"the trap", func(p *lab.PaymentConfig) {
			p.Breaker.Enabled, p.Breaker.CountRejections, p.Bulkhead.Type = true, true, lab.BulkheadSemaphore
		}, "fallback breaker:counts-rejections bulkhead:semaphore http", nil},
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
	c := lab.DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	c.Dependency.Latency = lab.Duration(time.Minute) // longer than the test: Stop ends it
	c.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 1}
	c.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutCaller, Duration: lab.Duration(20 * time.Millisecond)}
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	if r := l.iso.Serve(l.ctx, nil, time.Now()); r.Out != lab.TimedOut {
		t.Fatalf("first payment: %+v, want timed out by the caller", r)
	}
	// The call runs on, holding the one permit.
	if s := l.Snapshot(); s.Bulkhead.InUse != 1 || s.Orphans.InFlight != 1 {
		t.Fatalf("after walking away: bulkhead %+v, orphans %+v; want the permit held by the orphan", s.Bulkhead, s.Orphans)
	}
	if r := l.iso.Serve(l.ctx, nil, time.Now()); !r.Rejected || r.Reason != lab.RejectBulkhead {
		t.Errorf("second payment while the orphan holds the permit: %+v, want rejected by the bulkhead", r)
	}
}

// A deadline counts from the scheduled arrival: payments that waited it out in the queue are
// turned away when a worker reaches them, without a call; none starts with less left than a
// call takes, so few run into the deadline mid-call.
func TestDeadlineCountsQueueWait(t *testing.T) {
	c := scaled()
	c.Traffic.Signup.Rate = 0
	c.Pool.Workers, c.Pool.Queue, c.Pool.Discipline = 2, 50, lab.FIFO
	c.Traffic.Payment.Rate = 50 // λW = 50 × 0.1 = 5 workers needed of 2: the queue grows
	c.Dependency.Latency = lab.Duration(100 * time.Millisecond)
	c.Payment.Deadline = lab.Duration(250 * time.Millisecond)
	s := run(t, c)
	pay := s.Classes[lab.Payment]
	if pay.Rejected[lab.RejectDeadline] == 0 || pay.OK == 0 {
		t.Fatalf("payments %+v: want some served and the ones that waited out their deadline rejected", pay)
	}
	if pay.TimedOut > pay.Rejected[lab.RejectDeadline] {
		t.Errorf("payments %+v: more cut mid-call than turned away before it", pay)
	}
	// Turned away before a call: the dependency saw only the calls that were made.
	if calls := pay.OK + pay.TimedOut + pay.Failed; s.Dependency.Requests > calls+int64(c.Pool.Workers) {
		t.Errorf("dependency got %d requests for %d calls made", s.Dependency.Requests, calls)
	}
}

// Each request that ends on a worker counts its time there, what the arriving-now wait is
// made of: finished ones (their mean is the service histogram's), and those a worker turned
// away at their deadline; never one the pool turned away before a worker. The timeline's
// seconds add up to the totals.
func TestServedCountsTimeOnAWorker(t *testing.T) {
	plain := scaled() // 20 workers, no queue: the pool turns the rest away
	late := scaled()
	late.Traffic.Signup.Rate = 0
	late.Pool.Workers, late.Pool.Queue, late.Pool.Discipline = 2, 50, lab.FIFO
	late.Traffic.Payment.Rate = 50
	late.Dependency.Latency = lab.Duration(100 * time.Millisecond)
	late.Payment.Deadline = lab.Duration(250 * time.Millisecond)
	for name, c := range map[string]lab.Config{"plain": plain, "deadline": late} {
		s := run(t, c)
		for _, cl := range lab.Classes {
			cs := s.Classes[cl]
			if want := cs.Finished() + cs.Rejected[lab.RejectDeadline]; cs.Served != want {
				t.Errorf("%s %s: served %d, want %d: finished and turned away at the deadline, not %d rejected:pool",
					name, cl, cs.Served, want, cs.Rejected[lab.RejectPool])
			}
			var served int64
			var held time.Duration
			for _, sec := range s.Timeline {
				served, held = served+sec.Served[cl], held+sec.HeldFor[cl]
			}
			// The last second is sampled as the run ends, the totals read after it: those on a
			// worker or queued then may end between (a busy core's run: 38 beside 39), none more.
			last := s.Timeline[len(s.Timeline)-1]
			if after := cs.Served - served; after < 0 || after > int64(last.Busy[cl]+last.QueuedBy[cl]) || held > cs.HeldFor || after == 0 && held != cs.HeldFor {
				t.Errorf("%s %s: the seconds add up to %d served for %v, the totals %d for %v, with %d on a worker and %d queued at the last sample",
					name, cl, served, held, cs.Served, cs.HeldFor, last.Busy[cl], last.QueuedBy[cl])
			}
		}
		pay := s.Classes[lab.Payment]
		if pay.Served == 0 {
			t.Fatalf("%s: no payment ended on a worker: %+v", name, pay)
		}
		if pay.Rejected[lab.RejectDeadline] == 0 {
			// The service histogram keeps whole µs, and its mean too: the same within two.
			if d := pay.HeldFor/time.Duration(pay.Served) - pay.Service.Mean; d < 0 || d > 2*time.Microsecond {
				t.Errorf("%s: held %v each, the service's mean %v", name, pay.HeldFor/time.Duration(pay.Served), pay.Service.Mean)
			}
		}
	}
}

// Who stops when its caller hangs up is lab's to say (DependencyConfig.StopsOnHangUp), and
// the servers the engine starts do what it says: a hop between relays on unless its Forward
// propagates (slowserver cancels with the caller only then), the last stops unless it ignores
// the cancel.
func TestServersStopAsLabSays(t *testing.T) {
	for _, mode := range lab.DeadlineModes {
		for _, ignore := range []bool{false, true} {
			d := lab.DependencyConfig{Hops: 3, Deadline: mode, IgnoreCancel: ignore}
			if got, want := forward(d, lab.RetryConfig{}).Propagate, d.StopsOnHangUp(1); got != want {
				t.Errorf("%s, ignore_cancel %v: hop 1 cancels with its caller %v, lab says it stops %v", mode, ignore, got, want)
			}
			if got, want := !dependencySettings(d).IgnoreCancel, d.StopsOnHangUp(3); got != want {
				t.Errorf("%s, ignore_cancel %v: the dependency stops %v, lab says %v", mode, ignore, got, want)
			}
		}
	}
}
