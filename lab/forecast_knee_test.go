// Tests of the knee's figures the postmortem's fix says (AtKnee) and the rates it measures
// against (RatesAtStep).

package lab

import (
	"math"
	"strings"
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
		{24, "why 24, not 25: a margin, as real knees vary", "why 24, not 25: a margin, as real knees vary (were the knee 24, 25 would give 461/s); 24 give 480/s either way"},
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

// Calls the payments' timeout cuts end at it, Cap a CutAt, none answered, and no margin under
// the knee buys them anything: the forecast says so, and of the curve's rates nothing.
func TestKneeEndsWhereTheTimeoutCuts(t *testing.T) {
	c := DefaultConfig()
	c.Pool = PoolConfig{Workers: 30, Queue: QueueUnbounded, Discipline: FIFO}
	c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadSemaphore, Size: 20}
	c.Dependency = DependencyConfig{Mode: ModeSlow, Latency: Duration(3 * time.Second), Knee: 25, KneeExponent: 2}
	k := c.Forecast().Knee
	if each, perSec := k.Ends(); k.CutAt != 0 || each != k.CapLatency || perSec != k.CapRate {
		t.Fatalf("no timeout: ends %v, %.1f/s; want the curve's %v, %.1f/s", each, perSec, k.CapLatency, k.CapRate)
	}
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(time.Second)}
	k = c.Forecast().Knee
	if each, perSec := k.Ends(); each != time.Second || perSec != 20 {
		t.Errorf("cut at 1s: ends %v, %.1f/s; want 1s, 20/s", each, perSec)
	}
	if brief, whole := k.CapMargin(); brief != "" || whole != "" {
		t.Errorf("a margin for calls that never answer: %q, %q", brief, whole)
	}
	// None answered, and the queue grows by what arrives past the 20 a second that end.
	c.Traffic.Payment.Rate = 500
	k = c.Forecast().Knee
	if k.CapRate != 0 || k.Shortfall != 480 {
		t.Errorf("cut at 1s, 500/s: answers %.1f/s, short %.1f/s; want 0, 480", k.CapRate, k.Shortfall)
	}
	// A deadline from arrival shorter than the calls cuts them first: at least Cap ÷ it end.
	c.Payment.Timeout = DefaultConfig().Payment.Timeout
	c.Payment.Deadline = Duration(800 * time.Millisecond)
	if k = c.Forecast().Knee; !k.CutByDeadline || k.CutAt != 800*time.Millisecond || k.CapRate != 0 {
		t.Errorf("cut by an 800ms deadline: %+v", k)
	}
	if got := strings.Join(Report{Forecast: forecastReport(c.Forecast())}.kneeLine(), ""); !strings.Contains(got, "the deadline ends each within 800 ms of arrival: at least 25/s end, none answered") {
		t.Errorf("the report's knee under a deadline: %q", got)
	}
	c.Payment.Deadline = 0
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(time.Second)}
	r := Report{Forecast: forecastReport(c.Forecast())}
	if got := strings.Join(r.kneeLine(), ""); !strings.Contains(got, "would take 3000.0 ms each, but the timeout ends each at 1000 ms: 20/s end, none answered") {
		t.Errorf("the report's knee: %q", got)
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

// The postmortem named by its title, its p95 as its own: the lab's p95 beside it was a
// figure the table, of p50 and p99, lacks (newcomer 60 G-MAJOR). The lab's meltdown said as a
// bigger overload by its choice, not a replay of the source's figures ("10× the incident"
// asked "does the lab reproduce it?"), and at its peak how the latency of those ending grows,
// from the headline's rates, computing as printed: 1 − 194/500 = 0.612.
func TestPostmortemSourceSaysTheLabsDepth(t *testing.T) {
	if got, want := PostmortemSource, `"A Go postmortem that calmed lunch-peak latency" (in Korean; see the help's Sources), where an order API's p95 had gone 90ms → 1.1s`; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	var s Snapshot
	if got, want := s.PostmortemDepth(), `"A Go postmortem that calmed lunch-peak latency" (in Korean; see the help's Sources; an order API's p95 90ms → 1.1s; this lab overloads harder on purpose)`; got != want {
		t.Errorf("no rates: %q, want %q", got, want)
	}
	s = meltdownAt25s()
	if got, want := s.PostmortemDepth(), `"A Go postmortem that calmed lunch-peak latency" (in Korean; see the help's Sources; an order API's p95 90ms → 1.1s; this lab overloads harder on purpose: 194/s ok of 500/s, so the wait of those ending now grows ~0.6s a second, 1 − 194/500; of one arriving now ~1.6s a second, 306/194)`; got != want {
		t.Errorf("at the peak: %q, want %q", got, want)
	}
	// Some failed: ended is not ok, and 1 − ok/arrived would not be the growth.
	failed := meltdownAt25s()
	failed.Timeline[24].Failed[Payment] = 5
	if got := failed.PostmortemDepth(); strings.Contains(got, "1 − ") {
		t.Errorf("with failures: %q", got)
	}
}

// meltdownAt25s is the postmortem at 25s as its run measured it: 500/s from 5s, 194/s ok.
func meltdownAt25s() Snapshot {
	s := Snapshot{Elapsed: 25 * time.Second}
	s.Config.Pool.Discipline = FIFO
	s.Config.Traffic.Payment.Profile = []RateStep{{At: 0, Rate: 150}, {At: Duration(5 * time.Second), Rate: 500}, {At: Duration(35 * time.Second), Rate: 150}}
	s.RatesInForce[Payment] = 500
	for t := 1; t <= 25; t++ {
		sec := Second{T: t}
		sec.Arrived[Payment], sec.OK[Payment] = 500, 194
		s.Timeline = append(s.Timeline, sec)
	}
	return s
}

// A request ending now waited for those ahead of it when it arrived, and each second adds
// what the workers did not take of that second's arrivals: 306 of 500 in, so 0.61s a second
// (the run's p95 so far: 5.0s at 15s, 7.9s at 20s, 10.8s at 25s, 13.8s at 30s). None where
// the queue does not grow so: requests turned away leave it otherwise, and after the peak
// it drains.
func TestLatencyGrowth(t *testing.T) {
	s := meltdownAt25s()
	if g, _, _, ok := s.LatencyGrowth(Payment); !ok || math.Abs(g-306.0/500) > 1e-9 {
		t.Errorf("at the peak: %v, %v; want 0.612", g, ok)
	}
	turned := meltdownAt25s()
	turned.Timeline[24].Rejected[Payment][RejectDeadline] = 80
	calm := meltdownAt25s()
	calm.RatesInForce[Payment] = 150
	lifo := meltdownAt25s()
	lifo.Config.Pool.Discipline = LIFO
	fits := meltdownAt25s()
	for i := range fits.Timeline {
		fits.Timeline[i].OK[Payment] = 490
	}
	for name, s := range map[string]Snapshot{"turned away": turned, "after the peak": calm, "LIFO": lifo, "under a tenth": fits} {
		if g, _, _, ok := s.LatencyGrowth(Payment); ok {
			t.Errorf("%s: %v, want none", name, g)
		}
	}
}
