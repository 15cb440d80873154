package lab

import (
	"strings"
	"testing"
	"time"
)

// profiled is a snapshot at elapsed of payments sent 150/s, 500/s from 5s, 150/s from 35s,
// its last five whole seconds each with arrived, ended (ok) and rejected payments.
func profiled(elapsed time.Duration, arrived, ok, rejected int64) *Snapshot {
	s := &Snapshot{Config: DefaultConfig(), Elapsed: elapsed}
	s.Config.Traffic.Payment.Rate = 150
	s.Config.Traffic.Payment.Profile = []RateStep{{At: Duration(5 * time.Second), Rate: 500}, {At: Duration(35 * time.Second), Rate: 150}}
	for t := 1; t <= int(elapsed/time.Second); t++ {
		sec := Second{T: t}
		sec.Arrived[Payment], sec.OK[Payment], sec.Rejected[Payment][RejectDeadline] = arrived, ok, rejected
		s.Timeline = append(s.Timeline, sec)
	}
	return s
}

// "they fit" beside "not ok 2.6% … rejected:deadline" asked why a load that fits is turned
// away (newcomer 77 W2): the queue the 500/s step left, said only where the window lies at
// the rate now, its in flight fell beyond chance and its deadline rejected some.
func TestQueueLeftSaidOnlyWhileTheHeavierStepDrains(t *testing.T) {
	if got := profiled(40*time.Second, 155, 220, 6).QueueLeftSaid(Payment, 480); got != ", as the 500/s step's queue drained" {
		t.Errorf("at 40s, draining: %q", got)
	}
	s := profiled(40*time.Second, 155, 220, 6)
	s.Pool.Queued = 30 // signups' alone: payments' queue has drained
	if got := s.QueueLeftSaid(Payment, 480); got != ", as the 500/s step's queue drained" {
		t.Errorf("at 40s, signups waiting: %q", got)
	}
	s.Pool.QueuedBy[Payment] = 30
	if got := s.QueueLeftSaid(Payment, 480); got != ", as the 500/s step's queue drains" {
		t.Errorf("at 40s, payments waiting still: %q", got)
	}
	failed := profiled(40*time.Second, 155, 220, 0) // not ok, but none rejected by the deadline
	for i := range failed.Timeline {
		failed.Timeline[i].Failed[Payment] = 6
	}
	for name, s := range map[string]*Snapshot{
		"60s, steady":           profiled(60*time.Second, 150, 150, 0),
		"60s, none turned away": profiled(60*time.Second, 150, 170, 0),
		"40s, a chance fall":    profiled(40*time.Second, 155, 155, 2),
		"40s, failed only":      failed,
		"4s, no step before":    profiled(4*time.Second, 150, 160, 2),
		"37s, window straddles": profiled(37*time.Second, 155, 220, 6),
	} {
		if got := s.QueueLeftSaid(Payment, 480); got != "" {
			t.Errorf("%s: %q", name, got)
		}
	}
	if got := profiled(20*time.Second, 500, 520, 10).QueueLeftSaid(Payment, 480); got != "" {
		t.Errorf("at 20s, 500/s does not fit: %q", got)
	}
}

// One lookup of the heavier step before, for the queue it left and the p90s it raised:
// the nearest above the rate asked, however many steps back.
func TestHeavierBefore(t *testing.T) {
	tr := DefaultConfig().Traffic
	tr.Payment.Rate = 150
	tr.Payment.Profile = []RateStep{{At: Duration(5 * time.Second), Rate: 500}, {At: Duration(35 * time.Second), Rate: 300}, {At: Duration(45 * time.Second), Rate: 150}}
	for _, c := range []struct {
		at         time.Duration
		than, rate float64
		ended      time.Duration
		ok         bool
	}{
		{40 * time.Second, 300, 500, 35 * time.Second, true},
		{50 * time.Second, 150, 300, 45 * time.Second, true},
		{50 * time.Second, 400, 500, 35 * time.Second, true}, // past the 300/s step, to the 500/s
		{50 * time.Second, 500, 0, 0, false},
		{20 * time.Second, 100, 150, 5 * time.Second, true},
		{4 * time.Second, 100, 0, 0, false},
	} {
		if rate, ended, ok := tr.HeavierBefore(Payment, c.at, c.than); rate != c.rate || ended != c.ended || ok != c.ok {
			t.Errorf("at %v above %v: %v, %v, %v", c.at, c.than, rate, ended, ok)
		}
	}
}

// The fix's p99:wait 729ms beside its p50 729ms read as a copy slip (newcomer 77 W1): where
// enough-left turned payments away, the longest waits are those, near the mean wait of those
// it did, said as a mean: "rejects waits past ~725ms" read as a cutoff the p99 broke.
func TestDeadlineRejectsSaidWhereEnoughLeftTurnsThemAway(t *testing.T) {
	s := &Snapshot{EnoughLeft: 67 * time.Millisecond, EnoughLeftRefused: 417}
	s.Config.Payment.Deadline = Duration(800 * time.Millisecond)
	rule := "the deadline rejects a wait leaving too little of 800ms"
	if wide, terse := s.DeadlineRejectsSaid(); wide != rule || terse != rule {
		t.Errorf("none turned away yet: %q, %q", wide, terse)
	}
	pay := &s.Classes[Payment]
	pay.Rejected[RejectDeadline], pay.RejectedWait[RejectDeadline] = 417, 417*725*time.Millisecond
	pay.QueueWait = Percentiles{Count: 16000, P99: 729 * time.Millisecond}
	wide, terse := s.DeadlineRejectsSaid()
	if wide != "the deadline rejects waits leaving too little of 800ms, ~725ms on average (p99:wait 729ms)" || terse != "the deadline rejects waits of ~725ms on average" {
		t.Errorf("%q, %q", wide, terse)
	}
	pay.QueueWait.P99 = 300 * time.Millisecond // the longest waits not those turned away
	if wide, _ := s.DeadlineRejectsSaid(); wide != rule {
		t.Errorf("p99:wait far under: %q", wide)
	}
	pay.QueueWait.P99, s.EnoughLeftRefused = 729*time.Millisecond, 100 // most ran out waiting, at the deadline
	if wide, _ := s.DeadlineRejectsSaid(); wide != rule {
		t.Errorf("most ran out: %q", wide)
	}
}

// Both p90s far above the window's ~51ms calls, with nothing said of the 500/s step ended
// at 35s (newcomer 77 G3): each said only within its own reach of it, the smoothed p90
// shedding it sooner than the yardstick, its running mean.
func TestAdaptiveCarriesTheHeavierStep(t *testing.T) {
	// adaptive-limit's dependency: an unloaded call is 60ms at its longest.
	healthyProfiled := func(elapsed time.Duration, arrived, ok, rejected int64) *Snapshot {
		s := profiled(elapsed, arrived, ok, rejected)
		s.Config.Dependency.Mode, s.Config.Dependency.HealthyLatency, s.Config.Dependency.Jitter = ModeHealthy, Duration(50*time.Millisecond), Duration(10*time.Millisecond)
		return s
	}
	s := healthyProfiled(40*time.Second, 155, 160, 0)
	s.Bulkhead.Reading = AdaptiveReading{Age: 500 * time.Millisecond, P90: 79 * time.Millisecond, Mean: 96 * time.Millisecond}
	if got := s.adaptiveCarries(); got != " (both include samples of the 500/s step)" {
		t.Errorf("at 40s: %q", got)
	}
	s.Bulkhead.Reading.P90 = 58 * time.Millisecond // the smoothed p90 back to an unloaded call's
	if got := s.adaptiveCarries(); got != " (the yardstick includes samples of the 500/s step)" {
		t.Errorf("at 40s, the smoothed p90 unloaded: %q", got)
	}
	s = healthyProfiled(47*time.Second, 150, 150, 0)
	s.Bulkhead.Reading = AdaptiveReading{Age: 500 * time.Millisecond, P90: 79 * time.Millisecond, Mean: 96 * time.Millisecond}
	if got := s.adaptiveCarries(); got != " (the yardstick includes samples of the 500/s step)" {
		t.Errorf("at 47s: %q", got)
	}
	s.Bulkhead.Reading.Mean, s.Bulkhead.Reading.P90 = 58*time.Millisecond, 58*time.Millisecond // a step that left latency alone
	if got := s.adaptiveCarries(); got != "" {
		t.Errorf("both at an unloaded call's: %q", got)
	}
	for _, at := range []time.Duration{4 * time.Second, 20 * time.Second, 60 * time.Second} {
		s := healthyProfiled(at, 150, 150, 0)
		s.Bulkhead.Reading = AdaptiveReading{Age: 500 * time.Millisecond, P90: 79 * time.Millisecond, Mean: 96 * time.Millisecond}
		if got := s.adaptiveCarries(); got != "" {
			t.Errorf("at %v: %q", at, got)
		}
	}
	s = healthyProfiled(40*time.Second, 155, 160, 0)
	s.Bulkhead.Reading = AdaptiveReading{P90: 79300 * time.Microsecond, Mean: 95700 * time.Microsecond, Direction: "increase", Reason: "queue", Updates: 40, Judged: 40, Queued: 0, Age: 500 * time.Millisecond}
	s.Bulkhead.Limit = 41
	if _, _, terse := s.AdaptiveRule(); !strings.Contains(terse, "smoothed p90 (both include samples of the 500/s step): limit was 40 × (1\u00a0−\u00a095.7/79.3ms)\u00a0=\u00a0−8.3, under 0: none in excess") {
		t.Errorf("the rule: %q", terse)
	}
}
