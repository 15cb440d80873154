package lab

import (
	"testing"
	"time"
)

// newcomer 48 W-minor-2: "p50 A since sent, B since arrival 1.4ms 1.9ms ≈ +500µs" gave a
// chance verdict to two measures timed from different starts, beside the p99 of the same
// kind marked ≠. Both are the method's, ≠ wherever they differ, and never significant in the
// JSON, whose verdicts are of the runs, not of how each was timed.
func TestTwoWaysLatencyNoChanceVerdict(t *testing.T) {
	var a, b Snapshot
	a.Config.Traffic.Payment.Rate = 100
	b.Config = a.Config
	a.Config.Traffic.Mode = Closed
	a.ClosedLoop = &ClosedLoopStats{Due: 1000, Sent: 901}
	// Overlapping p50 intervals (within chance, were they one measure); the p99s far apart.
	lat := func(p50, p99 time.Duration) Percentiles {
		return Percentiles{P50: p50, P99: p99, Count: 900,
			P50In: QuantileInterval{Low: p50 - time.Millisecond, High: p50 + time.Millisecond, HasHigh: true},
			P99In: QuantileInterval{Low: p99 - time.Millisecond, High: p99 + time.Millisecond, HasHigh: true}}
	}
	a.Classes[Payment] = ClassStats{Arrived: 901, OK: 901, Latency: lat(1400*time.Microsecond, 2*time.Millisecond)}
	b.Classes[Payment] = ClassStats{Arrived: 1000, OK: 1000, Latency: lat(1900*time.Microsecond, 903*time.Millisecond)}
	c := NewComparison(a, b)
	seen := 0
	for _, r := range c.Rows {
		if r.Counter != "p50" && r.Counter != "p99" {
			continue
		}
		seen++
		if r.Significant || !r.Method || r.Noise() || r.Approx() != MethodMark+" " {
			t.Errorf("%s: %+v, want %q, no chance verdict", r.Name(), r, MethodMark)
		}
		if c.Differences["payment"].Significant[r.Counter] {
			t.Errorf("JSON significant.%s true for two measures", r.Counter)
		}
	}
	if seen != 2 {
		t.Errorf("%d latency rows timed two ways, want the p99 and the p50", seen)
	}
}
