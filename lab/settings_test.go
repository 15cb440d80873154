// Tests of the settings keys' changes: each key's config and status line, the limits, the
// steps and the cycles.

package lab

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Each settings key: the config it produces from the article's lab, and its status line.
func TestSettingKeys(t *testing.T) {
	base := keysBase()
	cases := []struct {
		name   string
		do     action
		edit   func(*Config) // the expected change
		status string
	}{
		{"t from off", CycleTimeout, func(c *Config) {
			c.Payment.Timeout = TimeoutConfig{Kind: TimeoutKinds[1], Duration: Duration(500 * time.Millisecond)}
		}, "payment timeout → " + string(TimeoutKinds[1]) + " 500ms"},
		{"> from 0", QueueUp, func(c *Config) { c.Pool.Queue = 5 }, "accept queue → 5"},
		{"< at 0", QueueDown, func(*Config) {}, "queue already 0 (minimum"},
		{"b from none", CycleBulkhead, func(c *Config) { c.Payment.Bulkhead.Type = BulkheadTypes[1] },
			"bulkhead → " + string(BulkheadTypes[1]) + ", 5 "},
		{"] from 5", BulkheadUp, func(c *Config) { c.Payment.Bulkhead.Size = 6 }, "bulkhead size → 6 (not in force while the bulkhead is none"},
		{"[ from 5", BulkheadDown, func(c *Config) { c.Payment.Bulkhead.Size = 4 }, "bulkhead size → 4"},
		{"c", ToggleBreaker, func(c *Config) { c.Payment.Breaker.Enabled = true }, "circuit breaker → on"},
		{"d from slow", CycleMode, func(c *Config) {
			c.Dependency.Mode = DependencyModes[(indexOf(DependencyModes, ModeSlow)+1)%len(DependencyModes)]
		}, "dependency → "},
		{"+ from 3s", LatencyUp, func(c *Config) { c.Dependency.Latency = Duration(5 * time.Second) }, "dependency latency → 5s"},
		{"- from 3s", LatencyDown, func(c *Config) { c.Dependency.Latency = Duration(2 * time.Second) }, "dependency latency → 2s"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := base
			c.edit(&want)
			got, msg := c.do(base)
			if !got.Equal(want) {
				t.Errorf("config:\n got %+v\nwant %+v", got, want)
			}
			if !strings.HasPrefix(msg, c.status) {
				t.Errorf("status %q, want it to start with %q", msg, c.status)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("the key made an invalid config: %v", err)
			}
		})
	}
}

// Pressing a key again and again stays in range and says so at the limit.
func TestKeysClampAtLimits(t *testing.T) {
	cases := []struct {
		name  string
		do    action
		get   func(Config) int64
		limit int64
		says  string
	}{
		{"queue up", QueueUp, func(c Config) int64 { return int64(c.Pool.Queue) }, MaxQueue, "(maximum)"},
		{"queue down", QueueDown, func(c Config) int64 { return int64(c.Pool.Queue) }, 0, "(minimum"},
		{"bulkhead up", BulkheadUp, func(c Config) int64 { return int64(c.Payment.Bulkhead.Size) }, MaxBulkhead, "(maximum)"},
		{"bulkhead down", BulkheadDown, func(c Config) int64 { return int64(c.Payment.Bulkhead.Size) }, 1, "(minimum)"},
		{"latency up", LatencyUp, func(c Config) int64 { return int64(c.Dependency.Latency) }, int64(30 * time.Second), "(maximum)"},
		{"latency down", LatencyDown, func(c Config) int64 { return int64(c.Dependency.Latency) }, int64(100 * time.Millisecond), "(minimum)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := keysBase()
			var msg string
			for i := 0; i < 200; i++ {
				next, m := c.do(cfg)
				if err := next.Validate(); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if next.Equal(cfg) {
					msg = m
					break
				}
				cfg = next
			}
			if got := c.get(cfg); got != c.limit {
				t.Errorf("stopped at %d, want %d", got, c.limit)
			}
			if !strings.Contains(msg, "already") || !strings.Contains(msg, c.says) {
				t.Errorf("at the limit the status says %q", msg)
			}
		})
	}
}

func TestQueueSteps(t *testing.T) {
	cfg := keysBase()
	var got []int
	for i := 0; i < 8; i++ {
		cfg, _ = QueueUp(cfg)
		got = append(got, int(cfg.Pool.Queue))
	}
	want := []int{5, 10, 20, 50, 100, 200, 500, 1000}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("queue steps %v, want %v", got, want)
		}
	}
}

// b and d visit every type and mode the engine lists and come back.
func TestCyclesVisitEveryValue(t *testing.T) {
	cfg := keysBase()
	for range BulkheadTypes {
		cfg, _ = CycleBulkhead(cfg)
	}
	if cfg.Payment.Bulkhead.Type != keysBase().Payment.Bulkhead.Type {
		t.Errorf("b does not come back to the start after %d presses", len(BulkheadTypes))
	}
	seen := map[DependencyMode]bool{}
	for range DependencyModes {
		cfg, _ = CycleMode(cfg)
		seen[cfg.Dependency.Mode] = true
		if err := cfg.Validate(); err != nil {
			t.Errorf("mode %s: %v", cfg.Dependency.Mode, err)
		}
	}
	if len(seen) != len(DependencyModes) {
		t.Errorf("d visits %d of %d modes", len(seen), len(DependencyModes))
	}
}

func indexOf[T comparable](list []T, v T) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return -1
}

// keysBase is the default config set to the article's lab (so it validates, whatever fields
// are added): the start for the key tests.
func keysBase() Config {
	c := DefaultConfig()
	c.Pool.Workers, c.Pool.Queue, c.Pool.Discipline = 20, 0, FIFO // autoscaling's defaults, off
	c.Dependency.Latency, c.Dependency.Mode = Duration(3*time.Second), ModeSlow
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutNone, Duration: Duration(time.Second)}
	c.Payment.Bulkhead.Type, c.Payment.Bulkhead.Size = BulkheadNone, 5
	c.Payment.Breaker.Enabled = false
	return c
}

// A chain's setting names its deadline mode, and says what it does where there is room
// (a newcomer could not tell "per-hop" from "propagate" by their names); how the hops
// between try their calls, their tries and timeout, is said at every width from 58 columns
// (newcomer 19 had to work stacked-timeouts' 500ms a try out of the narrator).
func TestHopsSettingSaysWhatItsDeadlineDoes(t *testing.T) {
	for _, mode := range DeadlineModes {
		c := DefaultConfig()
		c.Dependency.Hops, c.Dependency.Deadline, c.Dependency.RetryAt = 3, mode, RetryAtEveryHop
		c.Dependency.Hop = HopConfig{Timeout: Duration(500 * time.Millisecond), Retry: 3, Reserve: Duration(100 * time.Millisecond)}
		items := func(w int) string {
			var out []string
			for _, it := range SettingsItems(c, NotStarted(c), w) {
				if strings.HasSuffix(it.Label, " hops,") || strings.HasPrefix(it.Label, "hops") || strings.HasPrefix(it.Label, "the edge and hops") {
					out = append(out, it.Phrase())
				}
			}
			return strings.Join(out, " · ")
		}
		wide, narrow := items(120), items(80)
		// At 120 it says at least who stops when its caller hangs up (the mode's timing too
		// where there is room), and the tries of hops 1 and 2 with their timeout.
		tries := map[DeadlineMode]string{DeadlinePerHop: "hops 1 and 2 try 3 times, 100ms apart, on their own timeout of 500ms",
			DeadlinePropagate: "hops 1 and 2 try up to 3 times, in the time left less 100ms, 100ms apart (each try at most 500ms)"}[mode]
		if !strings.Contains(wide, "deadline "+string(mode)+" (") || !strings.Contains(wide, c.Dependency.HangUp()+")") || !strings.Contains(wide, tries) {
			t.Errorf("%s: at 120 %q", mode, wide)
		}
		// "3 hops", the count first: "hops 3" beside "hop 3 (the dependency)" read as the
		// third (newcomer33 26). Under 100 columns without "deadline": a line cut to one keeps the dependency the
		// tries time out against beside them (newcomer 25).
		short := map[DeadlineMode]string{DeadlinePerHop: "3 hops, per-hop: hops 1 and 2 try 3 times, 500ms a try",
			DeadlinePropagate: "3 hops, propagate: hops 1 and 2 try up to 3 times, in the time left less 100ms"}[mode]
		if narrow != short {
			t.Errorf("%s: at 80 %q, want %q", mode, narrow, short)
		}
		// A compare half at 120x40 has 59 columns: per-hop's tries still said.
		if half := items(59); mode == DeadlinePerHop && half != "3 hops, per-hop: hops 1 and 2 try 3 times, 500ms a try" {
			t.Errorf("%s: at 59 %q", mode, half)
		}
		for w := 58; w <= 120; w++ { // never wider than the line (it was cut at 100 to 109)
			for _, it := range SettingsItems(c, NotStarted(c), w) {
				if n := len([]rune(it.Phrase())); n > w && !it.Tail { // a gloss is drawn only where it fits
					t.Errorf("%s at %d columns: %q %d wide", mode, w, it.Phrase(), n)
				}
			}
		}
		if mode != DeadlinePerHop {
			continue
		}
		// The lab's own call tried alike is said with the hops', every factor of 3 × 3 × 3 on
		// the line (newcomer 26: the edge's tries were on none).
		c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(500 * time.Millisecond)}
		c.Payment.Retry.Attempts, c.Payment.Retry.On = 3, []RetryCondition{RetryOnTimeout}
		// The edge's jittered waits are the retry line's: this line says the hops' alone, as
		// fixed, not "100ms apart" for all three layers beside "0–100ms" (newcomer 34 #2).
		if wide := items(120); !strings.Contains(wide, "the edge and hops 1 and 2 try 3 times on their own timeout of 500ms; the hops' tries a fixed 100ms apart") {
			t.Errorf("the lab tried alike, at 120: %q", wide)
		}
		// Who retries, by name: "retries at every hop" read as hop 3 too (newcomer 34 #13).
		for _, w := range []int{59, 80, 100, 120} {
			if got := items(w); strings.Contains(got, "every hop") {
				t.Errorf("at %d: %q", w, got)
			}
		}
		hopsOnly := c
		hopsOnly.Payment.Retry.Attempts = 1
		for _, it := range SettingsItems(hopsOnly, NotStarted(hopsOnly), 44) {
			if strings.HasSuffix(it.Label, " hops,") && !strings.HasSuffix(it.Value, "retries at hops 1–2") {
				t.Errorf("the edge not retrying, at 44: %q", it.Phrase())
			}
		}
		for _, w := range []int{59, 80} {
			// No "+" between the layers: "edge+hops" read as arithmetic (review 24).
			if got := items(w); got != "3 hops, per-hop: edge, hops 1–2: 3 tries of 500ms" {
				t.Errorf("the lab tried alike, at %d: %q", w, got)
			}
		}
	}
}

// The chain's settings item says what the enough-left stage does, in plain words (newcomer 34
// #25: "nothing until a call is answered" was cryptic), its rule, then the room it asks now: what calls took lately (mean + 4 deviations), at most half the deadline, at least a
// chain's floor (newcomer 19 could not tell how much was "enough"; the rule alone read as
// the room, the review: postmortem-fix turned orders away with ~80ms left, not ~49ms).
func TestEnoughLeftSaysItsMargin(t *testing.T) {
	c := keysBase()
	c.Payment.Deadline = Duration(2 * time.Second)
	chain := func(c Config, took ...time.Duration) string {
		s := NotStarted(c)
		s.Chain = []string{"deadline", enoughLeft, "http"}
		d := &deadline{}
		for _, t := range took {
			d.answered(t)
		}
		d.fill(s)
		for _, it := range SettingsItems(c, s, 120) {
			if strings.HasSuffix(it.Label, " chain") {
				return it.Value
			}
		}
		return ""
	}
	if got := chain(c); got != "deadline → deadline:enough-left (lets every call start: it learns from calls that succeed, and none has) → http" {
		t.Errorf("before a call: %q", got)
	}
	// One call of 50ms: a mean of 50ms, a deviation of 25ms: 150ms.
	if got := chain(c, 50*time.Millisecond); got != "deadline → deadline:enough-left (starts no call with less left than recent calls' mean + 4 mean deviations, at most 1s: 150ms now) → http" {
		t.Errorf("after a call: %q", got)
	}
	// A chain's floor before a call is answered: the floor alone, in the same rule words as
	// without one ("at least 250ms: 250ms now" beside tries of ~300ms, newcomer 36 #27).
	hops := c
	hops.Dependency.Hops, hops.Dependency.Deadline = 3, DeadlinePropagate
	hops.Dependency.Hop.Reserve, hops.Dependency.Hop.MinCall = Duration(100*time.Millisecond), Duration(50*time.Millisecond)
	// Where the 250ms comes from, each part named by whose it is, adding up as printed
	// (newcomer 45 G7; newcomer 48 G-minor-5: "2 × 100ms kept back + 50ms, the least left to
	// call:" left whose to guess).
	if got := chain(hops); got != "deadline → deadline:enough-left (starts calls with at least 250ms left (2 × 100ms kept back at hops 1 and 2 + 50ms to call hop 3): it learns from calls that succeed, and none has) → http" {
		t.Errorf("a chain's floor, before a call: %q", got)
	}
	two := hops
	two.Dependency.Hops = 2
	if got := two.Dependency.FloorMade(); got != "100ms kept back at hop 1 + 50ms to call hop 2" {
		t.Errorf("two hops' floor made of %q", got)
	}
	// The room it asked earlier, where it moved: rejections after 726ms on average of 800ms
	// stood beside "≥ 71ms left now" (newcomer33 23).
	s := NotStarted(c)
	s.Chain = []string{enoughLeft}
	d := &deadline{}
	for _, r := range []time.Duration{160 * time.Millisecond, 65 * time.Millisecond, 71 * time.Millisecond} {
		d.asked.observe(r)
	}
	d.answered(50 * time.Millisecond)
	d.fill(s)
	if got, want := strings.Join(phrases(SettingsItems(c, s, 120)), " "), "at most 1s: 150ms now, 65ms–160ms so far)"; !strings.Contains(got, want) {
		t.Errorf("a room that moved: %s, want %q", got, want)
	}
	// The room now inside the range, and a range apart only as printed (review 26: "≥ 150ms
	// left now, 56ms–75ms so far"; "70ms–70ms so far").
	for _, tc := range []struct {
		asked []time.Duration
		want  string
	}{{[]time.Duration{56 * time.Millisecond, 75 * time.Millisecond}, ": 150ms now, 56ms–150ms so far)"},
		{[]time.Duration{150200 * time.Microsecond, 150400 * time.Microsecond}, ": 150ms now)"}} {
		s, d := NotStarted(c), &deadline{}
		s.Chain = []string{enoughLeft}
		for _, r := range tc.asked {
			d.asked.observe(r)
		}
		d.answered(50 * time.Millisecond)
		d.fill(s)
		if got := strings.Join(phrases(SettingsItems(c, s, 120)), " "); !strings.Contains(got, tc.want) {
			t.Errorf("asked %v: %s, want %q", tc.asked, got, tc.want)
		}
	}
	c.Dependency.Hops, c.Dependency.Deadline = 3, DeadlinePropagate
	c.Dependency.Hop.Reserve, c.Dependency.Hop.MinCall = Duration(100*time.Millisecond), Duration(50*time.Millisecond)
	if got := chain(c, 50*time.Millisecond); got != "deadline → deadline:enough-left (starts no call with less left than recent calls' mean + 4 mean deviations, at most 1s, at least 250ms: 250ms now) → http" {
		t.Errorf("a propagated deadline's floor: %q", got)
	}
}

// The dependency's latency says its jitter wherever it is set: the postmortem's store at
// "50ms ±10ms" explains a p99:service of 392ms above the knee's 328ms at 64 calls (issue 22,
// newcomer 11); without jitter, the latency alone.
func TestDependencyLatencySaysItsJitter(t *testing.T) {
	d := DefaultConfig().Dependency
	d.HealthyLatency, d.Latency, d.Jitter = Duration(50*time.Millisecond), Duration(3*time.Second), Duration(10*time.Millisecond)
	for mode, want := range map[DependencyMode][2]string{
		ModeHealthy:  {"healthy 50ms ±10ms", "healthy: answers in 50ms ±10ms"},
		ModeSlow:     {"slow 3s ±10ms", "slow: answers in 3s ±10ms"},
		ModeBrownout: {"brownout (3s ±10ms for", "brownout: slow (3s ±10ms) for"},
	} {
		d.Mode = mode
		if got := ModeShort(d); !strings.HasPrefix(got, want[0]) {
			t.Errorf("%s: settings %q, want %q…", mode, got, want[0])
		}
		if got := modeWords(d); !strings.HasPrefix(got, want[1]) {
			t.Errorf("%s: the d key's words %q, want %q…", mode, got, want[1])
		}
	}
	c := DefaultConfig()
	c.Dependency = d
	c.Dependency.Mode = ModeSlow
	if msg := latencyMsg(c, ""); msg != "dependency latency → 3s ±10ms" {
		t.Errorf("the + key's words %q", msg)
	}
	d.Jitter, d.Mode = 0, ModeHealthy
	if got := ModeShort(d); got != "healthy 50ms" {
		t.Errorf("no jitter: %q", got)
	}
}

// Who stops when its caller hangs up is said hop by hop, from StopsOnHangUp alone: the hops
// between relay on unless the deadline propagates, the last (the dependency) stops unless
// it ignores the cancel ("a hang-up stops only the last hop" was a guess to a newcomer); per
// call, its caller named ("only hop 3 stops" read as hop 3 done, newcomer 40 #2); the last
// named the dependency, which is why it stops (newcomer 45 G6).
func TestHangUpWords(t *testing.T) {
	for _, c := range []struct {
		mode   DeadlineMode
		ignore bool
		want   string
	}{
		{DeadlinePerHop, false, "hop 3, the dependency, drops a call hop 2 hangs up on, hops 1 and 2 work on"},
		{DeadlinePerHop, true, "no hop stops when its caller hangs up"},
		{DeadlinePropagate, false, "each hop stops when its caller hangs up"},
		{DeadlinePropagate, true, "hops 1 and 2 stop when their caller hangs up, hop 3 works on"},
	} {
		d := DependencyConfig{Hops: 3, Deadline: c.mode, IgnoreCancel: c.ignore}
		if got := d.HangUp(); got != c.want {
			t.Errorf("%s, ignore_cancel %v: %q, want %q", c.mode, c.ignore, got, c.want)
		}
	}
	if d := (DependencyConfig{Hops: 5}); d.HangUp() != "hop 5, the dependency, drops a call hop 4 hangs up on, hops 1–4 work on" {
		t.Errorf("5 hops: %q", d.HangUp())
	}
}

// The wait for a connection says what it waits for in plain words, not Apache HttpClient's
// "lease wait" (newcomer 34 #24), at full width and narrow.
func TestConnectionWaitInPlainWords(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Connections = ConnectionsConfig{PerRoute: 5, LeaseTimeout: Duration(3 * time.Minute)}
	s := &Snapshot{Config: c}
	for _, w := range []int{120, 80} {
		var got []string
		for _, it := range connectionSettings(c, s, w) {
			got = append(got, it.Phrase())
		}
		line := strings.Join(got, " · ")
		if strings.Contains(line, "lease") || !strings.Contains(line, "3m") && !strings.Contains(line, "3 min") {
			t.Errorf("at %d columns: %q, want the wait's bound and no \"lease\"", w, line)
		}
		if w == 120 && !strings.Contains(line, "wait for a free one up to") {
			t.Errorf("at 120 columns: %q, want \"wait for a free one up to …\"", line)
		}
	}
	// Beside a cap far over any wait, the forecast's wait: "up to 3 min" alone read as a wait
	// longer than the run (newcomer 34 #24); a forecast, of the full pool: "(~9.0s here)"
	// read as measured (review 29 lab #9).
	wide := func(c Config) string { return fmt.Sprint(phrases(connectionSettings(c, &Snapshot{Config: c}, 120))) }
	// The wait as the hold the narrator gives less the call (newcomer 45 G2).
	pay := c.Forecast().Payment
	wait := pay.LeaseWait
	if want := "up to 3 min (forecast ~" + FmtSecs(wait) + " = " + FmtSecs(pay.Hold) + " held − " + FmtSecs(pay.Call) + " call, once every worker waits), holding the worker"; wait <= 0 || wait >= 3*time.Minute || pay.Hold-pay.Call != wait || !strings.Contains(wide(c), want) {
		t.Errorf("a cap not reached: %s, want %q (forecast wait %v)", wide(c), want, wait)
	}
	// A cap that binds is the wait: nothing beside it.
	c.Payment.Connections.LeaseTimeout = Duration(2 * time.Second)
	if got := wide(c); strings.Contains(got, "forecast") {
		t.Errorf("a cap reached: %s, want no forecast beside it", got)
	}
}

// An autoscaled pool says its rule, from its config: "scaling to 64 on queue length" left
// what length to guessing (newcomer 34 #27); it grows on any wait.
func TestPoolSettingSaysItsScalingRule(t *testing.T) {
	p := PoolConfig{Workers: 8, Autoscale: AutoscaleConfig{Max: 64, Step: 4, Every: Duration(200 * time.Millisecond)}}
	// Both halves of the rule where they fit (review 29 lab #10: the shrinking was left out).
	if got, want := poolSetting(p, 120), "8→64 workers, +4 every 200ms while any wait, −4 if 4 stayed free the whole 200ms"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := poolSetting(p, 80), "8→64 workers, +4 every 200ms while any wait"; got != want {
		t.Errorf("autoscaled: %q, want %q", got, want)
	}
	p.Autoscale = AutoscaleConfig{}
	if got := poolSetting(p, 120); got != "8 workers" {
		t.Errorf("fixed: %q", got)
	}
}

// The socket timeout and the deadline say how they differ where the line has room: each
// try's own cut, the user's whole budget (newcomer 60: "timeout socket 500ms" beside
// "deadline 2s from arrival" left it to guess); at 80 columns, bare.
func TestTimeoutAndDeadlineSayWhatEachCuts(t *testing.T) {
	c := StackedTimeouts()
	s := NotStarted(c)
	values := func(w int) map[string]string {
		got := map[string]string{}
		for _, it := range SettingsItems(c, s, w) {
			got[it.Label] = it.Value
		}
		return got
	}
	if v := values(120); v["timeout"] != "socket 500ms a try" || v["deadline"] != "2s in all, from arrival, queue wait included" {
		t.Errorf("at 120: timeout %q, deadline %q", v["timeout"], v["deadline"])
	}
	if v := values(80); v["timeout"] != "socket 500ms" || v["deadline"] != "2s from arrival, queue wait included" {
		t.Errorf("at 80: timeout %q, deadline %q", v["timeout"], v["deadline"])
	}
	// Where nothing retries, a call is one try: "a try" there was a riddle (newcomer 62); a
	// whole one, not each read of it (newcomer 70 G1).
	c.Payment.Retry.Attempts = 1
	if v := values(120); v["timeout"] != "socket 500ms a whole call" {
		t.Errorf("no retries, at 120: timeout %q", v["timeout"])
	}
	// A caller timeout, the worker walking away from its call, is no socket's cut: no gloss.
	c.Payment.Timeout.Kind = TimeoutCaller
	if v := values(120); v["timeout"] != "caller 500ms" {
		t.Errorf("caller: %q", v["timeout"])
	}
}

// Hops set to retry under a propagated deadline that leaves them no time to: the settings
// line says who retries as the headline does, the edge, and that the hops, set to (the line
// above), have no time to ("retries at the edge and hops 1–2" beside "only the edge retries"
// read as a contradiction, newcomer 64), in a whole phrase ("have no time to" read as cut,
// newcomer 65). Where their own timeout leaves them room, they retry.
func TestHopsSettingsSayTheDeadlineSpendsTheRetries(t *testing.T) {
	c := StackedTimeouts()
	c.Dependency.Deadline = DeadlinePropagate
	c.Dependency.Hop.Reserve, c.Dependency.Hop.MinCall = Duration(100*time.Millisecond), Duration(50*time.Millisecond)
	if !c.HopRetriesSpent() {
		t.Fatal("deadline-propagation's hops should have no time to retry")
	}
	for _, w := range []int{59, 80, 100, 120} {
		for _, it := range hopsSettings(c, nil, w) {
			p := it.Phrase()
			if strings.Contains(p, "retries at the edge and") || w == 120 && strings.HasSuffix(it.Label, " hops,") &&
				(!strings.HasSuffix(p, "retries at the edge; hops 1–2 have no time for it") || len([]rune(p)) > w) {
				t.Errorf("at %d: %q", w, p)
			}
		}
	}
	c.Dependency.Hop.Timeout, c.Payment.Retry.Backoff = Duration(100*time.Millisecond), 0
	if line := hopsSettings(c, nil, 120); c.HopRetriesSpent() || !strings.Contains(line[len(line)-1].Phrase(), "retries at the edge and hops 1–2") {
		t.Errorf("the hops' own 100ms leaves them room: %v", line)
	}
}

// The connection pool says whose its numbers are where they are Apache HttpClient 5's
// defaults: "up to 3 min" left the preset's choice or a library's to guess (newcomer 70 G2).
func TestConnectionsSayWhoseDefaults(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Connections.PerRoute = 5
	value := func(w int) string {
		for _, it := range SettingsItems(c, NotStarted(c), w) {
			if it.Label == ConnPoolLabel {
				if !fitsLine(it.Label, it.Value, w) {
					t.Errorf("at %d: %q does not fit", w, it.Value)
				}
				return it.Value
			}
		}
		t.Fatalf("at %d: no %s item", w, ConnPoolLabel)
		return ""
	}
	if v := value(120); !strings.HasSuffix(v, "(Apache HttpClient 5's defaults: 5 per route, a 3 min wait)") {
		t.Errorf("at 120: %q", v)
	}
	if v := value(80); !strings.HasSuffix(v, "wait ≤ 3 min: Apache HttpClient 5's defaults") {
		t.Errorf("at 80: %q", v)
	}
	c.Payment.Connections.LeaseTimeout = Duration(10 * time.Second)
	if v := value(120); !strings.HasSuffix(v, "(Apache HttpClient 5's default: 5 per route)") {
		t.Errorf("a lab's own wait, at 120: %q", v)
	}
	c.Payment.Connections.PerRoute = 2
	if v := value(120); strings.Contains(v, "HttpClient") {
		t.Errorf("the lab's own numbers called the library's: %q", v)
	}
}
