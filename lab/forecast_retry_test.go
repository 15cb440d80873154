// Tests of the retry forecast.

package lab

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
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
		if r.Try != tc.try || r.Hold != tc.hold || math.Abs(r.Tries-tc.tries) > 1e-9 || math.Abs(r.Deepest-tc.deepest) > 1e-9 || len(r.LayerNames) != tc.layers {
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

// Newcomer 15 asked why stacked timeouts measured 23.49 calls per payment at hop 3 and not
// 27: hops 1 and 2 retry on after their caller hangs up, so a payment's calls reach hop 3
// over 3.5s, and at 10s the latest payments have not made them all. The schedule and the
// count due by now, against a model of their own: each payment's 27 call times by hand
// (the lab's tries 500ms + 50ms apart, each hop's 500ms + 100ms), arrivals spread finely.
func TestDeepestDue(t *testing.T) {
	ms := time.Millisecond
	c := StackedTimeouts()
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
	// Its sum is the forecast's, each term counted against the hand-worked schedule: 6 tries
	// of 500ms, the edge's 2 waits of 50ms, the hops' 4 of 100ms, and they add up to the last
	// call (review 38a m12: the sum was a literal in the help and here alike).
	sum := r.DeepestLastAdded()
	if !strings.Contains(fmt.Sprint(NumberWords()), sum) {
		t.Errorf("the help does not add the last call's time up: %q", sum)
	}
	terms := regexp.MustCompile(`(\d+) × (\w+)`).FindAllStringSubmatch(sum, -1)
	total, counts := time.Duration(0), map[string]int{}
	for _, m := range terms {
		n, _ := strconv.Atoi(m[1])
		d, err := time.ParseDuration(m[2])
		if err != nil {
			t.Fatalf("%q: %v", sum, err)
		}
		total += time.Duration(n) * d
		counts[m[2]] += n
	}
	if wantLast := slices.Max(want); total != wantLast || !strings.HasSuffix(sum, " = "+FmtSecs(wantLast)) ||
		fmt.Sprint(counts) != "map[100ms:4 500ms:6 50ms:2]" {
		t.Errorf("the last call's time added up %q: terms %v make %v, want 6 tries, 2 + 4 waits, %v", sum, counts, total, wantLast)
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
	// newcomer 45 G5: the sum took far longer than a glance), each layer's share adding up
	// as printed to the 3.5s beside it (newcomer 48 G-minor-4: "3 layers × 2 failed tries,
	// each 500ms + a wait (…)" was rebuilt by hand, and all 3 tries fail).
	if got, want := r.DeepestLastGlance(), "~1.1s (edge) + 1.2s (hop 1) + 1.2s (hop 2): each layer's first 2 tries and their waits"; got != want {
		t.Errorf("the last call at a glance %q, want %q", got, want)
	}
	// With each try and wait in few words, for 120 columns, that add up to the shares as
	// printed, 2 × (500ms + ~50ms) = ~1.1s (newcomer 64: 120x40 said the sum without them).
	if got, want := r.DeepestLastGlanceTried(), "~1.1s (edge) + 1.2s (hop 1) + 1.2s (hop 2): each layer's first 2 tries of 500ms and waits (edge ~50ms, hops 100ms)"; got != want {
		t.Errorf("the last call at a glance, tried %q, want %q", got, want)
	}
	// At the latest, the headline's age, every jittered wait at its longest: "all 27
	// started" by the mean's 3.5s was untrue of a payment whose edge waited longer
	// (newcomer 68); the mean's schedule, what is due, unchanged.
	latest := r.Latest()
	if got, want := latest.DeepestLastGlanceTried(), "1.2s (edge) + 1.2s (hop 1) + 1.2s (hop 2): each layer's first 2 tries of 500ms and waits (edge up to 100ms, hops 100ms)"; got != want {
		t.Errorf("the latest call at a glance, tried %q, want %q", got, want)
	}
	if got, want := latest.DeepestLastTerms(), "edge 500ms + up to 100ms, hops 500ms + 100ms"; got != want || latest.DeepestCalls[26] != 3600*ms || r.DeepestCalls[26] != 3500*ms {
		t.Errorf("latest terms %q, want %q; the 27th at %v, at the mean %v", got, want, latest.DeepestCalls[26], r.DeepestCalls[26])
	}
	// The longest wait is the backoff set, not twice its mean: halving an odd one loses 1ns.
	odd := StackedTimeouts()
	odd.Payment.Retry.Backoff = Duration(100*ms + 1)
	if st := odd.RetryForecast().Latest().DeepestSteps[0]; st.Wait != 100*ms+1 || st.Kind != waitLongest {
		t.Errorf("the edge's latest wait %v (%v), want the backoff set, %v", st.Wait, st.Kind, 100*ms+1)
	}
	var shares time.Duration // as printed, they add up to the last call's time
	for _, m := range regexp.MustCompile(`([\d.]+m?s) \(`).FindAllStringSubmatch(r.DeepestLastGlance(), -1) {
		d, err := time.ParseDuration(m[1])
		if err != nil {
			t.Fatal(err)
		}
		shares += d
	}
	if last := slices.Max(want); shares != last {
		t.Errorf("the glance's shares add up to %v, the last call comes at %v", shares, last)
	}
	unalike := RetryForecast{DeepestSteps: []RetryStep{{Retries: 1, Try: 500 * ms, Wait: 50 * ms}, {Retries: 2, Try: 500 * ms, Wait: 100 * ms}, {Retries: 0, Try: 500 * ms, Wait: 100 * ms}}}
	if got := unalike.DeepestLastSum(); got != "550ms + 2 × 600ms" {
		t.Errorf("the last call's sum, layers retrying unalike: %q", got)
	}
	if got := unalike.DeepestLastGlance() + unalike.DeepestLastGlanceTried(); got != "" {
		t.Errorf("the last call at a glance, layers retrying unalike: %q, want none", got)
	}
	// Tries unalike in length: each layer's try with its wait.
	short := RetryForecast{DeepestSteps: []RetryStep{{Retries: 2, Try: 500 * ms, Wait: 50 * ms, Kind: waitMean}, {Retries: 2, Try: 250 * ms, Wait: 100 * ms, Hop: 1}}}
	if got, want := short.DeepestLastGlanceTried(), "~1.1s (edge) + 700ms (hop 1): each layer's first 2 tries and waits (edge 500ms + ~50ms, hops 250ms + 100ms)"; got != want {
		t.Errorf("the last call at a glance, tries unalike: %q, want %q", got, want)
	}
	// An edge that does not retry leaves the hops that do alike (review 24: "2 × 600ms + 2 × 600ms").
	hopsOnly := RetryForecast{DeepestSteps: []RetryStep{{Retries: 0, Try: 500 * ms, Wait: 50 * ms}, {Retries: 2, Try: 500 * ms, Wait: 100 * ms, Hop: 1}, {Retries: 2, Try: 500 * ms, Wait: 100 * ms, Hop: 2}}}
	if got := hopsOnly.DeepestLastSum(); got != "2 × (600ms + 600ms)" {
		t.Errorf("the last call's sum, the edge not retrying: %q, want 2 × (600ms + 600ms)", got)
	}
	if got, want := hopsOnly.DeepestLastGlance(), "1.2s (hop 1) + 1.2s (hop 2): each retrying layer's first 2 tries and their waits"; got != want {
		t.Errorf("the last call at a glance, the edge not retrying: %q, want %q", got, want)
	}
	if got, want := hopsOnly.DeepestLastGlanceTried(), "1.2s (hop 1) + 1.2s (hop 2): each retrying layer's first 2 tries of 500ms and waits (hops 100ms)"; got != want {
		t.Errorf("the last call at a glance, tried, the edge not retrying: %q, want %q", got, want)
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
	s := Snapshot{Config: c, Elapsed: 10400 * ms, Timeline: fivePaymentsASecond(10)}
	var called int64
	for _, second := range s.Timeline {
		called += second.Arrived[Payment] - second.Rejected[Payment][RejectPool]
	}
	s.Calls.Payments = called + 2
	var made, young float64
	spread := func(n float64, from, to time.Duration) { // n payments arriving evenly in [from, to)
		const steps = 1000
		for i := range steps {
			age := s.Elapsed - (from + (to-from)*time.Duration(2*i+1)/(2*steps))
			made += n / steps * float64(count(want, age))
			if age < 3600*ms { // the 27th's latest: all 27 started by then, whatever the jitter
				young += n / steps
			}
		}
	}
	for sec := 1; sec <= 10; sec++ {
		spread(float64(s.Timeline[sec-1].Arrived[Payment]-s.Timeline[sec-1].Rejected[Payment][RejectPool]),
			time.Duration(sec-1)*time.Second, time.Duration(sec)*time.Second)
	}
	spread(2, 10*time.Second, s.Elapsed)
	d, ok := s.DeepestDue(s.Config.Forecast().Retry)
	due, pending, last := d.PerPayment(), d.Younger, d.Last
	if model := made / float64(s.Calls.Payments); !ok || math.Abs(due-model) > 0.01*model || pending != int64(math.Ceil(young-1e-9)) || last != 3600*ms {
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
	if _, ok := s.DeepestDue(s.Config.Forecast().Retry); ok {
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
				c := StackedTimeouts()
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

// Newcomer 47 #6: stacked-timeouts' hop 3 held fewer calls than hop 2 (67 against 75)
// though it gets 3 × as many: hops 1 and 2 work on through their 3 tries and 2 waits after
// their caller hangs up, 1.7s a call, while hop 3 drops a call when hop 2 hangs up, at its
// 500ms. With a timeout of its own at hop 2 under hop 3's answer, nothing changes for hop 3;
// a hop 3 that ignores hang-ups holds each call its full 3s.
func TestHopHeld(t *testing.T) {
	c := StackedTimeouts()
	if got := fmt.Sprint(c.RetryForecast().HopHeld); got != "[1.7s 1.7s 500ms]" {
		t.Errorf("stacked-timeouts holds a call %s, want [1.7s 1.7s 500ms]", got)
	}
	// On screen beside the calls at hop 1 now, hops alike said together.
	s := NotStarted(c)
	s.Hops = make([]HopStats, 3)
	if items := HealthItems(s, 120); !slices.ContainsFunc(items, func(it Item) bool {
		return it.Phrase() == "a call is held, forecast: 1.7s at hops 1 and 2, 500ms at hop 3"
	}) {
		t.Errorf("stacked-timeouts' health items %v: want a call is held, forecast: 1.7s at hops 1 and 2, 500ms at hop 3", items)
	}
	c.Dependency.IgnoreCancel = true
	if got := fmt.Sprint(c.RetryForecast().HopHeld); got != "[1.7s 1.7s 3s]" {
		t.Errorf("hop 3 ignoring hang-ups holds a call %s, want [1.7s 1.7s 3s]", got)
	}
	c.Dependency.Deadline = DeadlinePropagate
	if got := c.RetryForecast().HopHeld; got != nil {
		t.Errorf("a propagated deadline: held %v, want none (the budget's walk says it)", got)
	}
}

// Review 38a m4: the help said a propagated deadline leaves hops set to retry no call to add,
// but where a hop's own timeout ends its tries first ("the hops' tries capped" above: 9 at
// the last hop) they do retry. The help says when it holds, and the forecast agrees both ways.
func TestHelpSaysWhenTheDeadlineSpendsTheRetries(t *testing.T) {
	var help string
	for _, it := range NumberWords() {
		if it.Label == "at hop N" {
			help = it.Value
		}
	}
	if !strings.Contains(help, "where the time passed down, not a hop's own shorter timeout, ends its failed try") ||
		!strings.Contains(help, "where a hop's own timeout (dependency.hop.timeout) ends its tries sooner, it has room left to retry") {
		t.Errorf("the help's at hop N does not say when the deadline spends the hops' retries: %q", help)
	}
	c := DefaultConfig()
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(250 * time.Millisecond)}
	c.Payment.Retry.Attempts = 3
	c.Dependency.Hops, c.Dependency.Deadline, c.Dependency.RetryAt = 3, DeadlinePropagate, RetryAtEveryHop
	c.Dependency.Hop = HopConfig{Timeout: Duration(250 * time.Millisecond), Retry: 3, Reserve: Duration(50 * time.Millisecond)}
	if !c.HopRetriesSpent() {
		t.Errorf("the time passed down ends each try: the hops' retries should be spent, %+v", c.RetryForecast())
	}
	c.Dependency.Hop.Timeout, c.Payment.Retry.Backoff = Duration(100*time.Millisecond), 0
	if r := c.RetryForecast(); c.HopRetriesSpent() || r.Deepest != 9 {
		t.Errorf("the hops' own 100ms ends each try: they should retry, 9 at the last hop, got %v", r.Deepest)
	}
}

// Newcomer 47 #6: the help works the boxes' calls in flight out from the time a hop holds a
// call, by hand: hop 2 gets 5/s × 3 × 3 = 45 calls a second and holds each 3 × 500ms + 2 ×
// 100ms; hop 3 gets 135 and holds each until hop 2's 500ms ends.
func TestHelpSaysWhyHop3HoldsFewer(t *testing.T) {
	for _, it := range NumberWords() {
		if it.Label == HeldWord {
			for _, want := range []string{"hops 1 and 2 hold a call 1.7s (3 × 500ms + 2 × 100ms) and hop 3 500ms", "hop 2, 45 calls/s × 1.7s ≈ 77 in flight", "hop 3, 135 calls/s × 500ms ≈ 68 in flight"} {
				if !strings.Contains(it.Value, want) {
					t.Errorf("the help's %s: %q, want %q", HeldWord, it.Value, want)
				}
			}
			return
		}
	}
	t.Errorf("no %s in the help", HeldWord)
}

// LayerProduct multiplies out to Deepest, its factors the layers Multiplying names (review
// 40a M3: built from the settings, with the hops' timeouts off it read "3 × 3 × 3 = 3",
// and the headline had hops 1 and 2 retry, their tries succeeding).
func TestLayerProductIsDeepest(t *testing.T) {
	for _, tc := range []struct {
		name   string
		set    func(*Config)
		layers int
	}{
		{"stacked-timeouts", func(*Config) {}, 3},
		{"hop timeout off", func(c *Config) { c.Dependency.Hop.Timeout = 0 }, 1},
		{"edge tries once", func(c *Config) { c.Payment.Retry.Attempts = 1 }, 2},
		{"hops try once", func(c *Config) { c.Dependency.Hop.Retry = 1 }, 1},
		{"retry at the edge", func(c *Config) { c.Dependency.RetryAt = RetryAtEdge }, 1},
		{"dependency errs, no timeouts", func(c *Config) {
			c.Dependency.Mode, c.Dependency.Hop.Timeout = ModeErrors, 0
		}, 3},
		{"dependency fast", func(c *Config) { c.Dependency.Latency = Duration(10 * time.Millisecond) }, 0},
	} {
		c := StackedTimeouts()
		tc.set(&c)
		r := c.RetryForecast()
		product := 1.0
		if p := r.LayerProduct(); p != "" {
			for _, f := range strings.Split(p, " × ") {
				n, err := strconv.ParseFloat(f, 64)
				if err != nil {
					t.Fatalf("%s: factor %q of %q", tc.name, f, p)
				}
				product *= n
			}
		}
		if product != r.Deepest || len(r.Multiplying()) != tc.layers {
			t.Errorf("%s: %q (%v) = %v, want Deepest %v; %d layers multiplying, want %d", tc.name, r.LayerProduct(),
				r.Multiplying(), product, r.Deepest, len(r.Multiplying()), tc.layers)
		}
	}
}

// fivePaymentsASecond is a run's timeline of n whole seconds, 5 payments arriving in each,
// one of the first second's turned away by the pool (it never calls).
func fivePaymentsASecond(n int) []Second {
	var t []Second
	for sec := 1; sec <= n; sec++ {
		second := Second{T: sec}
		second.Arrived[Payment] = 5
		if sec == 1 {
			second.Rejected[Payment][RejectPool] = 1
		}
		t = append(t, second)
	}
	return t
}
