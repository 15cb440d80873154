// Tests of the retry forecast.

package lab

import (
	"fmt"
	"math"
	"strings"
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
		// The hops retrying too, the deadline alone holds the last hop to a call a try: hop
		// 2's failed try spends all of its 200 ms but its 50 ms reserve, hop 1's all of its
		// 250 ms but 100 ms, and neither has room left for the 100 ms wait.
		{"deadline-propagation, the hops retrying too", func() Config {
			c := chain(DeadlinePropagate)
			c.Dependency.RetryAt = RetryAtEveryHop
			return c
		}(), 150 * ms, 550 * ms, 3, 3, 3},
		// Where the hops' own 100 ms cap ends a try early and they wait nothing, hop 1 has
		// room for all 3 of its tries (hop 2 for 1 of its): 3 × 3 at the last hop.
		{"deadline-propagation, the hops' tries capped", func() Config {
			c := chain(DeadlinePropagate)
			c.Dependency.RetryAt, c.Dependency.Hop.Timeout, c.Payment.Retry.Backoff = RetryAtEveryHop, Duration(100*ms), 0
			return c
		}(), 150 * ms, 450 * ms, 3, 9, 3},
		// The hops' own 100 ms under the 200 ms hop 1 passes down: hop 2 gets 100 ms, keeps
		// 50 ms back and gives up on hop 3 after 50 ms, so a try takes 50 ms, not the
		// 100 ms hop 1's own timeout allows (review 38a m9: the try from the budget's walk).
		{"deadline-propagation, the hops' own timeout shorter", func() Config {
			c := chain(DeadlinePropagate)
			c.Dependency.Hop.Timeout = Duration(100 * ms)
			return c
		}(), 50 * ms, 250 * ms, 3, 3, 1},
		{"healthy: one try", func() Config { c := storm(); c.Dependency.Mode = ModeHealthy; return c }(), 50 * ms, 50 * ms, 1, 1, 1},
	} {
		r := tc.c.RetryForecast()
		if r.Try != tc.try || r.Hold != tc.hold || math.Abs(r.Tries-tc.tries) > 1e-9 || math.Abs(r.Deepest-tc.deepest) > 1e-9 || r.Layers() != tc.layers {
			t.Errorf("%s: %+v; want try %v, hold %v, %v tries, %v at the last hop, %d layers", tc.name, r, tc.try, tc.hold, tc.tries, tc.deepest, tc.layers)
		}
		// Reserved is the narrator's "a try ends in ~Try (Budget less the reserves)": so only
		// where the last hop's budget ended the try.
		if r.Reserved && r.Try != r.HopBudgets[len(r.HopBudgets)-1] {
			t.Errorf("%s: reserved, but a try takes %v, not the last hop's %v", tc.name, r.Try, r.HopBudgets)
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
	// With propagation hop 2 gives up on hop 3 and its 504 ends a try: 250 ms less 2 × 50 ms
	// kept back. Each hop receives the deadline less the reserves above it, the try's end
	// last, so the narrator's timeline and Try are one sum.
	if r := chain(DeadlinePropagate).RetryForecast(); !r.Reserved || r.Budget != 250*ms || r.Try != 150*ms ||
		fmt.Sprint(r.HopBudgets) != "[250ms 200ms 150ms]" || r.HopBudgets[len(r.HopBudgets)-1] != r.Try {
		t.Errorf("propagate: %+v", r)
	}
	if r := chain(DeadlinePerHop).RetryForecast(); r.HopBudgets != nil {
		t.Errorf("per hop: no deadline travels, yet hop budgets %v", r.HopBudgets)
	}
	// Down, the dependency refuses at once: no reserve ends anything.
	down := chain(DeadlinePropagate)
	down.Dependency.Mode = ModeDown
	if r := down.RetryForecast(); r.Reserved {
		t.Errorf("down: %+v", r)
	}
}

// stackedPreset is the stacked-timeouts preset's payment call: the lab's 500ms socket
// timeout and 3 tries 0–100ms apart (full jitter), 3 hops each trying 3 times with 500ms and
// 100ms between, over a slow last hop.
func stackedPreset() Config {
	c := DefaultConfig()
	c.Traffic.Payment.Rate = 5
	c.Dependency.Mode, c.Dependency.Latency = ModeSlow, Duration(3*time.Second)
	c.Dependency.Hops, c.Dependency.Deadline, c.Dependency.RetryAt = 3, DeadlinePerHop, RetryAtEveryHop
	c.Dependency.Hop = HopConfig{Timeout: Duration(500 * time.Millisecond), Retry: 3}
	c.Payment.Deadline = Duration(2 * time.Second)
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(500 * time.Millisecond)}
	c.Payment.Retry = RetryConfig{Attempts: 3, Backoff: Duration(100 * time.Millisecond), Jitter: JitterFull,
		On: []RetryCondition{RetryOnTimeout, RetryOn5xx, RetryOnRefused}}
	return c
}

// Newcomer 15 asked why stacked timeouts measured 23.49 calls per payment at hop 3 and not
// 27: hops 1 and 2 retry on after their caller hangs up, so a payment's calls reach hop 3
// over 3.5s, and at 10s the latest payments have not made them all. The schedule and the
// count due by now, against a model of their own: each payment's 27 call times by hand
// (the lab's tries 500ms + 50ms apart, each hop's 500ms + 100ms), arrivals spread finely.
func TestDeepestDue(t *testing.T) {
	ms := time.Millisecond
	c := stackedPreset()
	r := c.RetryForecast()
	var want []time.Duration
	for edge := range 3 {
		for hop1 := range 3 {
			for hop2 := range 3 {
				want = append(want, time.Duration(edge)*550*ms+time.Duration(hop1+hop2)*600*ms)
			}
		}
	}
	if len(r.DeepestCalls) != 27 || r.DeepestCalls[0] != 0 || r.DeepestCalls[26] != 3500*ms {
		t.Fatalf("calls at %v, want 27 from 0 to 3.5s", r.DeepestCalls)
	}
	// The help adds the headline's "27th call comes 3.5s after it" up (newcomer 30: 3 × 3 ×
	// 500ms suggests 3.0s).
	if sum := "6 × 500ms + 2 × 50ms + 4 × 100ms = 3.5s"; !strings.Contains(fmt.Sprint(NumberWords()), sum) {
		t.Errorf("the help does not add the last call's time up: %q", sum)
	}
	// And the headline's, from the forecast itself (newcomer 31), the layers retrying alike
	// or not.
	if got := r.DeepestLastSum(); got != "2 × (550ms + 600ms + 600ms)" {
		t.Errorf("the last call's sum %q, want 2 × (550ms + 600ms + 600ms)", got)
	}
	// Each term read from the settings: the edge's try and mean jittered wait, the hops'
	// try and fixed wait (newcomer 34 #2 guessed 550 = 500 + 50).
	if got, want := r.DeepestLastTerms(), "edge 500ms + 50ms on average, hops 500ms + 100ms"; got != want {
		t.Errorf("the last call's terms %q, want %q", got, want)
	}
	// At a glance, what the factor counts and each term (newcomer 36 #25 guessed the 2;
	// newcomer 45 G5: the sum took far longer than a glance).
	if got, want := r.DeepestLastGlance(), "3 layers × 2 failed tries, each 500ms + a wait (edge 50ms on average, hops 100ms)"; got != want {
		t.Errorf("the last call at a glance %q, want %q", got, want)
	}
	unalike := RetryForecast{DeepestSteps: []RetryStep{{Retries: 1, Try: 500 * ms, Wait: 50 * ms}, {Retries: 2, Try: 500 * ms, Wait: 100 * ms}, {Retries: 0, Try: 500 * ms, Wait: 100 * ms}}}
	if got := unalike.DeepestLastSum(); got != "550ms + 2 × 600ms" {
		t.Errorf("the last call's sum, layers retrying unalike: %q", got)
	}
	if got := unalike.DeepestLastGlance(); got != "" {
		t.Errorf("the last call at a glance, layers retrying unalike: %q, want none", got)
	}
	// An edge that does not retry leaves the hops that do alike (review 24: "2 × 600ms + 2 × 600ms").
	hopsOnly := RetryForecast{DeepestSteps: []RetryStep{{Retries: 0, Try: 500 * ms, Wait: 50 * ms, Who: "edge"}, {Retries: 2, Try: 500 * ms, Wait: 100 * ms, Who: "hops"}, {Retries: 2, Try: 500 * ms, Wait: 100 * ms, Who: "hops"}}}
	if got := hopsOnly.DeepestLastSum(); got != "2 × (600ms + 600ms)" {
		t.Errorf("the last call's sum, the edge not retrying: %q, want 2 × (600ms + 600ms)", got)
	}
	if got, want := hopsOnly.DeepestLastGlance(), "2 retrying layers × 2 failed tries, each 500ms + a wait (hops 100ms)"; got != want {
		t.Errorf("the last call at a glance, the edge not retrying: %q, want %q", got, want)
	}
	count := func(ts []time.Duration, age time.Duration) (n int) {
		for _, t := range ts {
			if t <= age {
				n++
			}
		}
		return n
	}
	for _, age := range []time.Duration{0, 549 * ms, 600 * ms, 1150 * ms, 2 * time.Second, 3499 * ms, 3500 * ms} {
		if got, w := count(r.DeepestCalls, age), count(want, age); got != w {
			t.Errorf("at %v: %d calls made, want %d", age, got, w)
		}
	}
	// A run 10.4s in: 5 a second in its 10 whole seconds, one turned away by the pool in
	// the first (it never calls), 2 in the current 0.4s. The model: each second's payments
	// spread over 1000 instants, their calls made by now counted one by one.
	s := Snapshot{Config: c, Elapsed: 10400 * ms}
	var called int64
	for sec := 1; sec <= 10; sec++ {
		second := Second{T: sec}
		second.Arrived[Payment] = 5
		if sec == 1 {
			second.Rejected[Payment][RejectPool] = 1
		}
		s.Timeline = append(s.Timeline, second)
		called += second.Arrived[Payment] - second.Rejected[Payment][RejectPool]
	}
	s.Calls.Payments = called + 2
	var made, young float64
	spread := func(n float64, from, to time.Duration) { // n payments arriving evenly in [from, to)
		const steps = 1000
		for i := range steps {
			age := s.Elapsed - (from + (to-from)*time.Duration(2*i+1)/(2*steps))
			made += n / steps * float64(count(want, age))
			if age < 3500*ms {
				young += n / steps
			}
		}
	}
	for sec := 1; sec <= 10; sec++ {
		spread(float64(s.Timeline[sec-1].Arrived[Payment]-s.Timeline[sec-1].Rejected[Payment][RejectPool]),
			time.Duration(sec-1)*time.Second, time.Duration(sec)*time.Second)
	}
	spread(2, 10*time.Second, s.Elapsed)
	due, pending, last, ok := s.DeepestDue(s.Config.Forecast().Retry)
	if model := made / float64(s.Calls.Payments); !ok || math.Abs(due-model) > 0.01*model || pending != int64(math.Round(young)) || last != 3500*ms {
		t.Errorf("due %.3f per payment, %d pending, last at %v (%v); the model: %.3f, %.1f", due, pending, last, ok, model, young)
	}
	if due >= 27 || due < 20 {
		t.Errorf("due %.2f: want short of 27, the latest payments' calls to come", due)
	}
	// Hop 1's, the edge's calls alone, by the same model: 0, 550ms and 1.1s after each payment
	// (issue 22 #15: its measure stood beside the 3× of payments done with every try).
	want, made = []time.Duration{0, 550 * ms, 1100 * ms}, 0
	for sec := 1; sec <= 10; sec++ {
		spread(float64(s.Timeline[sec-1].Arrived[Payment]-s.Timeline[sec-1].Rejected[Payment][RejectPool]),
			time.Duration(sec-1)*time.Second, time.Duration(sec)*time.Second)
	}
	spread(2, 10*time.Second, s.Elapsed)
	if edge, ok := s.EdgeDue(s.Config.Forecast().Retry); !ok || math.Abs(edge-made/float64(s.Calls.Payments)) > 0.01 || edge >= 3 {
		t.Errorf("hop 1 due %.3f per payment (%v); the model: %.3f", edge, ok, made/float64(s.Calls.Payments))
	}
	// Without a chain whose tries all fail, no schedule.
	healthy := c
	healthy.Dependency.Mode = ModeHealthy
	if r := healthy.RetryForecast(); r.DeepestCalls != nil {
		t.Errorf("healthy: calls at %v", r.DeepestCalls)
	}
	s.Config = healthy
	if _, _, _, ok := s.DeepestDue(s.Config.Forecast().Retry); ok {
		t.Error("healthy: a count due")
	}
	if _, ok := s.EdgeDue(s.Config.Forecast().Retry); ok {
		t.Error("healthy: a count due at hop 1")
	}
}

// The headline's layers (LayerNames) and the hops' settings line name who retries from one
// rule, retryingLayers (review 28 #2: each worked it out on its own): the edge with
// payment.retry, the hops that call another with retry_at every_hop.
func TestSettingsLineAndHeadlineNameTheSameRetryingLayers(t *testing.T) {
	for _, attempts := range []int{1, 3} {
		for _, hops := range []int{2, 3, 4} {
			for _, at := range []RetryAt{RetryAtEdge, RetryAtEveryHop} {
				c := stackedPreset()
				c.Payment.Retry.Attempts, c.Dependency.Hops, c.Dependency.RetryAt = attempts, hops, at
				edge, retrying := c.retryingLayers()
				if want := at == RetryAtEveryHop; edge != (attempts > 1) || (retrying == hops-1) != want || (retrying == 0) == want {
					t.Errorf("%d attempts, %d hops, %s: edge %v, hops %d", attempts, hops, at, edge, retrying)
				}
				var named []string
				for _, n := range c.RetryForecast().LayerNames {
					if n != "the edge" {
						n = strings.TrimPrefix(n, "hop ")
					}
					named = append(named, n)
				}
				// "retries at the edge and hops 1–3": the same layers, the hops as a range.
				want := "no retries"
				if len(named) > 0 {
					var who []string
					if named[0] == "the edge" {
						who, named = append(who, "the edge"), named[1:]
					}
					switch len(named) {
					case 0:
					case 1:
						who = append(who, "hop 1")
					default:
						who = append(who, "hops 1–"+named[len(named)-1])
					}
					want = "retries at " + strings.Join(who, " and ")
				}
				var line string
				for _, it := range hopsSettings(c, nil, 200) {
					line += it.Phrase() + " · "
				}
				if !strings.Contains(line, want) {
					t.Errorf("%d attempts, %d hops, %s: settings %q, headline's layers say %q", attempts, hops, at, line, want)
				}
			}
		}
	}
}
