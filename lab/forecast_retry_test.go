// Tests of the retry forecast.

package lab

import (
	"fmt"
	"math"
	"testing"
	"time"
)

// The tries of the four retry and hop presets, worked by hand.
func TestRetryForecast(t *testing.T) {
	ms := time.Millisecond
	storm := func() Config {
		c := DefaultConfig()
		c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(time.Second)}
		c.Payment.Retry.Attempts = 3
		return c
	}
	chain := func(mode DeadlineMode) Config {
		c := DefaultConfig()
		c.Payment.Deadline = Duration(time.Second)
		c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(250 * ms)}
		c.Payment.Retry.Attempts = 3
		c.Dependency.Hops, c.Dependency.Deadline = 3, mode
		c.Dependency.Hop = HopConfig{Timeout: Duration(250 * ms), Retry: 3, Reserve: Duration(50 * ms)}
		if mode == DeadlinePerHop {
			c.Dependency.RetryAt = RetryAtEveryHop
		}
		return c
	}
	for _, tc := range []struct {
		name           string
		c              Config
		try, hold      time.Duration
		tries, deepest float64
		layers         int
	}{
		// 3 tries of 1 s, and 2 waits of 50 ms on average (full jitter on 100 ms).
		{"retry-storm", storm(), time.Second, 3100 * ms, 3, 3, 1},
		// At 10%: 1 + 0.1 / (1 − 0.2) = 1.125 tries.
		{"retry-budget", func() Config { c := storm(); c.Payment.Retry.Budget = 10; return c }(), time.Second, 1105 * time.Millisecond, 1.1, 1.1, 1},
		// The lab's 250 ms cuts each try; 3 of them and 2 waits fit in the 1 s deadline.
		// Each hop tries 3 times too: 3 × 3 × 3 at the last hop.
		{"stacked-timeouts", chain(DeadlinePerHop), 250 * ms, 850 * ms, 3, 27, 3},
		// Each of the 2 hops that call another keeps 50 ms of the 250 ms: the first hop
		// answers 504 after 150 ms. Only the lab retries.
		{"deadline-propagation", chain(DeadlinePropagate), 150 * ms, 550 * ms, 3, 3, 1},
		{"healthy: one try", func() Config { c := storm(); c.Dependency.Mode = ModeHealthy; return c }(), 50 * ms, 50 * ms, 1, 1, 1},
	} {
		r := tc.c.RetryForecast()
		if r.Try != tc.try || r.Hold != tc.hold || math.Abs(r.Tries-tc.tries) > 1e-9 || math.Abs(r.Deepest-tc.deepest) > 1e-9 || r.Layers() != tc.layers {
			t.Errorf("%s: %+v; want try %v, hold %v, %v tries, %v at the last hop, %d layers", tc.name, r, tc.try, tc.hold, tc.tries, tc.deepest, tc.layers)
		}
		if _, worker, _ := tc.c.paymentHold(tc.c.RetryForecast()); tc.tries > 1 && worker != tc.hold {
			t.Errorf("%s: a worker is held %v, want the tries' %v", tc.name, worker, tc.hold)
		}
	}
	// The layers named are those that retry: without payment.retry, the hops alone.
	c := chain(DeadlinePerHop)
	c.Payment.Retry.Attempts = 1
	if r := c.RetryForecast(); fmt.Sprint(r.LayerNames) != "[hop 1 hop 2]" {
		t.Errorf("no lab retry: layers %v", r.LayerNames)
	}
	// With propagation the first hop's 504 ends a try: 250 ms less 2 × 50 ms kept back.
	if r := chain(DeadlinePropagate).RetryForecast(); !r.Reserved || r.Budget != 250*ms || r.Try != 150*ms {
		t.Errorf("propagate: %+v", r)
	}
	// Down, the dependency refuses at once: no reserve ends anything.
	down := chain(DeadlinePropagate)
	down.Dependency.Mode = ModeDown
	if r := down.RetryForecast(); r.Reserved {
		t.Errorf("down: %+v", r)
	}
}
