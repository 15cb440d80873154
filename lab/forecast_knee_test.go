// Tests of the knee's figures the postmortem's fix says (AtKnee) and the rates it measures
// against (RatesAtStep).

package lab

import (
	"math"
	"testing"
	"time"
)

// A cap at the knee (25 calls at 50ms) answers the most the store gives, 500/s; were the
// knee a call lower, those 25 would take 50ms × (25/24)² = 54.25ms, 461/s.
func TestAtKnee(t *testing.T) {
	k := KneeForecast{Knee: 25, Exponent: 2, Latency: 50 * time.Millisecond, Best: 500}
	best, lower, rate := k.AtKnee()
	if best != 500 || lower.Round(10*time.Microsecond) != 54250*time.Microsecond || math.Abs(rate-25/lower.Seconds()) > 1e-9 || math.Round(rate) != 461 {
		t.Errorf("AtKnee = %v, %v, %v", best, lower, rate)
	}
	if b, _, _ := (KneeForecast{}).AtKnee(); b != 0 {
		t.Errorf("no knee: %v", b)
	}
}

// The margin's words fit the cap: one call under the knee is the fix's margin against a knee
// measured a call high; five under it, what the cap gives up, not that one-call reason.
func TestCapMargin(t *testing.T) {
	k := KneeForecast{Knee: 25, Exponent: 2, Latency: 50 * time.Millisecond, Best: 500}
	for _, c := range []struct {
		cap          int
		brief, whole string
	}{
		{24, "why 24, not 25: a margin under a measured knee", "why 24, not 25: a margin under a knee measured near 25 (were it 24, 25 would give 461/s); 24 give 480/s either way"},
		{20, "a cap of 20 calls, 5 under the knee", "a cap of 20 calls, 5 under the knee: 20 give 400/s, 25 would give 500/s"},
		{25, "", ""},
	} {
		k.Cap = c.cap
		k.CapLatency, k.CapRate = k.Answers(c.cap)
		if brief, whole := k.CapMargin(); brief != c.brief || whole != c.whole {
			t.Errorf("cap %d: %q, %q; want %q, %q", c.cap, brief, whole, c.brief, c.whole)
		}
	}
}

// The rates count only while each of their seconds is at the step in force: a window that
// still holds a second of the calm 150/s before the 500/s step at 5s does not.
func TestRatesAtStep(t *testing.T) {
	var s Snapshot
	s.Config.Traffic.Payment.Rate = 150
	s.Config.Traffic.Payment.Profile = []RateStep{{At: 0, Rate: 150}, {At: Duration(5 * time.Second), Rate: 500}}
	for _, c := range []struct {
		from    int
		elapsed time.Duration
		want    bool
	}{{5, 10 * time.Second, true}, {4, 9 * time.Second, false}, {0, 4 * time.Second, true}} {
		s.Elapsed = c.elapsed
		if got := s.atStep(Payment, Rates{Seconds: 5, From: c.from, To: c.from + 5}); got != c.want {
			t.Errorf("window from %ds at %v: %v, want %v", c.from, c.elapsed, got, c.want)
		}
	}
	if _, ok := s.RatesAtStep(Payment); ok {
		t.Errorf("no whole second yet: in force")
	}
}

// The postmortem named by its title, and its p95 beside the lab's p95 as well as its p99:
// "(the postmortem's p95 90ms → 1.1s)" beside the table's p99 compared two percentiles
// (newcomer 52 G-MAJOR); before any order ended, the source's figures alone.
func TestPostmortemSourceSaysTheLabsP95(t *testing.T) {
	var s Snapshot
	if got, want := s.PostmortemSource(), `"A Go postmortem that calmed lunch-peak latency" (its p95 90ms → 1.1s)`; got != want {
		t.Errorf("no order ended: %q, want %q", got, want)
	}
	s.Classes[Payment].Latency = Percentiles{P50: 3860 * time.Millisecond, P95: 10900 * time.Millisecond, P99: 11500 * time.Millisecond, Count: 4939}
	if got, want := s.PostmortemSource(), `"A Go postmortem that calmed lunch-peak latency" (its p95 90ms → 1.1s; the lab's p95 10.9s so far)`; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
