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
// away (newcomer 77 W2): the queue the 500/s phase left, said only where the window lies at
// the rate now, its in flight fell and some reply was not ok.
func TestQueueLeftSaidOnlyWhileTheHeavierPhaseDrains(t *testing.T) {
	if got := profiled(40*time.Second, 155, 220, 6).QueueLeftSaid(Payment, 480); got != ", as the 500/s phase's queue drained" {
		t.Errorf("at 40s, draining: %q", got)
	}
	s := profiled(40*time.Second, 155, 220, 6)
	s.Pool.Queued = 30
	if got := s.QueueLeftSaid(Payment, 480); got != ", as the 500/s phase's queue drains" {
		t.Errorf("at 40s, some waiting still: %q", got)
	}
	for name, s := range map[string]*Snapshot{
		"60s, steady":           profiled(60*time.Second, 150, 150, 0),
		"60s, none turned away": profiled(60*time.Second, 150, 170, 0),
		"4s, no phase before":   profiled(4*time.Second, 150, 160, 2),
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

// The fix's p99:wait 729ms beside its p50 729ms read as a copy slip (newcomer 77 W1): where
// enough-left turned payments away, the longest waits are those, near where it did.
func TestWaitsStopSaidWhereEnoughLeftTurnsThemAway(t *testing.T) {
	s := &Snapshot{EnoughLeft: 67 * time.Millisecond, EnoughLeftRefused: 417}
	s.Config.Payment.Deadline = Duration(800 * time.Millisecond)
	pay := &s.Classes[Payment]
	pay.Rejected[RejectDeadline], pay.RejectedWait[RejectDeadline] = 417, 417*725*time.Millisecond
	pay.QueueWait = Percentiles{Count: 16000, P99: 729 * time.Millisecond}
	wide, terse := s.WaitsStopSaid()
	if wide != "the deadline rejects waits past ~725ms (too little left of 800ms): p99:wait 729ms" || terse != "the deadline rejects waits past ~725ms: p99:wait 729ms" {
		t.Errorf("%q, %q", wide, terse)
	}
	pay.QueueWait.P99 = 300 * time.Millisecond // the longest waits not those turned away
	if wide, _ := s.WaitsStopSaid(); wide != "" {
		t.Errorf("p99:wait far under: %q", wide)
	}
	pay.QueueWait.P99, s.EnoughLeftRefused = 729*time.Millisecond, 100 // most ran out waiting, at the deadline
	if wide, _ := s.WaitsStopSaid(); wide != "" {
		t.Errorf("most ran out: %q", wide)
	}
}

// Both p90s far above the window's ~51ms calls, with nothing said of the 500/s phase ended
// at 35s (newcomer 77 G3): said where the update came within the running mean's span of it.
func TestAdaptiveCarriesTheHeavierPhase(t *testing.T) {
	s := profiled(40*time.Second, 155, 160, 0)
	s.Bulkhead.Reading = AdaptiveReading{Age: 500 * time.Millisecond}
	if got := s.adaptiveCarries(); got != " (both still carry the 500/s phase)" {
		t.Errorf("at 40s: %q", got)
	}
	for _, at := range []time.Duration{4 * time.Second, 20 * time.Second, 60 * time.Second} {
		s := profiled(at, 150, 150, 0)
		s.Bulkhead.Reading = AdaptiveReading{Age: 500 * time.Millisecond}
		if got := s.adaptiveCarries(); got != "" {
			t.Errorf("at %v: %q", at, got)
		}
	}
	s.Bulkhead.Reading = AdaptiveReading{P90: 79300 * time.Microsecond, Mean: 95700 * time.Microsecond, Direction: "increase", Reason: "queue", Updates: 40, Judged: 40, Queued: 0, Age: 500 * time.Millisecond}
	s.Bulkhead.Limit = 41
	if _, _, terse := s.AdaptiveRule(); !strings.Contains(terse, "smoothed p90 79.3ms (both still carry the 500/s phase)) = ") {
		t.Errorf("the rule: %q", terse)
	}
}
