package lab

import (
	"maps"
	"strings"
	"testing"
	"time"
)

// newcomer 48 W-minor-2: "p50 A since sent, B since arrival 1.4ms 1.9ms ≈ +500µs" gave a
// chance verdict to two measures timed from different starts, beside the p99 of the same
// kind marked ≠. Both are the method's, ≠ wherever they differ, and never significant in the
// JSON, whose verdicts are of the runs, not of how each was timed.
func TestTwoWaysLatencyNoChanceVerdict(t *testing.T) {
	a, b := closedAgainstOpen(1000, 901)
	// Overlapping p50 intervals (within chance, were they one measure); the p99s far apart.
	lat := func(p50, p99 time.Duration) Percentiles { return twoWaysLatency(900, p50, p99, true) }
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

// review 40a M1: closed-loop against open-loop at 3s, 300 ended a side: the p99 timed two
// ways drew "≠ +1.1ms" from too few to bound it, beside a "?" key that then keyed only the
// corrected p99 and sent its reader to the p50 row, another measure, "shown only if beyond
// chance" though it is shown whatever chance. Too few, "?" first; the p50 row stands in only
// for the p99 of its measure, and the corrected p99 has none.
func TestTwoWaysTooFewIsTooFew(t *testing.T) {
	a, b := closedAgainstOpen(300, 300)
	// 300 a side: the p50s bounded, the p99s not (P99Needs).
	lat := func(p50, p99 time.Duration) Percentiles { return twoWaysLatency(300, p50, p99, false) }
	a.Classes[Payment] = ClassStats{Arrived: 300, OK: 300, Latency: lat(1400*time.Microsecond, 1700*time.Microsecond),
		LatencyCorrected: lat(2000*time.Microsecond, 2900*time.Microsecond)}
	b.Classes[Payment] = ClassStats{Arrived: 300, OK: 300, Latency: lat(1800*time.Microsecond, 2800*time.Microsecond)}
	rows := CompareClasses(&a, &b)
	marks := map[string]string{}
	for _, r := range rows {
		if r.Latency() {
			marks[r.Counter] = r.Approx()
		}
	}
	if want := map[string]string{"p99": TooFewMark + " ", "p50": MethodMark + " ", CorrectedP99: TooFewMark + " "}; !maps.Equal(marks, want) {
		t.Errorf("marks %q, want %q", marks, want)
	}
	forms := NoiseRule(rows, false, a.Config.Traffic.Label)
	if len(forms) == 0 || !strings.Contains(forms[0], TooFewSee+TooFewNoCorrected) {
		t.Errorf("the rule %q does not send the p99 to its p50 row and say the corrected p99 has none", forms)
	}
	for _, f := range forms {
		if strings.Contains(f, "shown only if") || strings.HasSuffix(f, TooFewSee) {
			t.Errorf("%q: the p50 row is shown whatever chance, and stands in for no corrected p99", f)
		}
	}
}

// closedAgainstOpen are a closed loop of due payments, sent of them sent, as A, against an
// open loop as B, their stats left to the test.
func closedAgainstOpen(due, sent int64) (a, b Snapshot) {
	a.Config.Traffic.Payment.Rate = 100
	b.Config = a.Config
	a.Config.Traffic.Mode = Closed
	a.ClosedLoop = &ClosedLoopStats{Due: due, Sent: sent}
	return a, b
}

// twoWaysLatency is n samples' p50 and p99, each ±1ms, the p99's upper end bounded or not.
func twoWaysLatency(n int64, p50, p99 time.Duration, bounded bool) Percentiles {
	return Percentiles{P50: p50, P99: p99, Count: n,
		P50In: QuantileInterval{Low: p50 - time.Millisecond, High: p50 + time.Millisecond, HasHigh: true},
		P99In: QuantileInterval{Low: p99 - time.Millisecond, High: p99 + time.Millisecond, HasHigh: bounded}}
}
