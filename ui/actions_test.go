package ui

import (
	"strings"
	"testing"
	"time"

	"poollab/lab"
)

// Each settings key: the config it produces from the article's lab, and its status line.
func TestSettingKeys(t *testing.T) {
	base := actionBase()
	cases := []struct {
		name   string
		do     action
		edit   func(*lab.Config) // the expected change
		status string
	}{
		{"t from off", lab.CycleTimeout, func(c *lab.Config) {
			c.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutKinds[1], Duration: lab.Duration(500 * time.Millisecond)}
		}, "payment timeout → " + string(lab.TimeoutKinds[1]) + " 500ms"},
		{"> from 0", queueUp, func(c *lab.Config) { c.Pool.Queue = 5 }, "accept queue → 5"},
		{"< at 0", queueDown, func(*lab.Config) {}, "queue already 0 (minimum"},
		{"b from none", cycleBulkhead, func(c *lab.Config) { c.Payment.Bulkhead.Type = lab.BulkheadTypes[1] },
			"bulkhead → " + string(lab.BulkheadTypes[1]) + ", 5 "},
		{"] from 5", bulkheadUp, func(c *lab.Config) { c.Payment.Bulkhead.Size = 6 }, "bulkhead size → 6 (not in force while the bulkhead is none"},
		{"[ from 5", bulkheadDown, func(c *lab.Config) { c.Payment.Bulkhead.Size = 4 }, "bulkhead size → 4"},
		{"c", lab.ToggleBreaker, func(c *lab.Config) { c.Payment.Breaker.Enabled = true }, "circuit breaker → on"},
		{"d from slow", cycleMode, func(c *lab.Config) {
			c.Dependency.Mode = lab.DependencyModes[(indexOf(lab.DependencyModes, lab.ModeSlow)+1)%len(lab.DependencyModes)]
		}, "dependency → "},
		{"+ from 3s", latencyUp, func(c *lab.Config) { c.Dependency.Latency = lab.Duration(5 * time.Second) }, "dependency latency → 5s"},
		{"- from 3s", latencyDown, func(c *lab.Config) { c.Dependency.Latency = lab.Duration(2 * time.Second) }, "dependency latency → 2s"},
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
		get   func(lab.Config) int64
		limit int64
		says  string
	}{
		{"queue up", queueUp, func(c lab.Config) int64 { return int64(c.Pool.Queue) }, lab.MaxQueue, "(maximum)"},
		{"queue down", queueDown, func(c lab.Config) int64 { return int64(c.Pool.Queue) }, 0, "(minimum"},
		{"bulkhead up", bulkheadUp, func(c lab.Config) int64 { return int64(c.Payment.Bulkhead.Size) }, lab.MaxBulkhead, "(maximum)"},
		{"bulkhead down", bulkheadDown, func(c lab.Config) int64 { return int64(c.Payment.Bulkhead.Size) }, 1, "(minimum)"},
		{"latency up", latencyUp, func(c lab.Config) int64 { return int64(c.Dependency.Latency) }, int64(30 * time.Second), "(maximum)"},
		{"latency down", latencyDown, func(c lab.Config) int64 { return int64(c.Dependency.Latency) }, int64(100 * time.Millisecond), "(minimum)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := actionBase()
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
	cfg := actionBase()
	var got []int
	for i := 0; i < 8; i++ {
		cfg, _ = queueUp(cfg)
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
	cfg := actionBase()
	for range lab.BulkheadTypes {
		cfg, _ = cycleBulkhead(cfg)
	}
	if cfg.Payment.Bulkhead.Type != actionBase().Payment.Bulkhead.Type {
		t.Errorf("b does not come back to the start after %d presses", len(lab.BulkheadTypes))
	}
	seen := map[lab.DependencyMode]bool{}
	for range lab.DependencyModes {
		cfg, _ = cycleMode(cfg)
		seen[cfg.Dependency.Mode] = true
		if err := cfg.Validate(); err != nil {
			t.Errorf("mode %s: %v", cfg.Dependency.Mode, err)
		}
	}
	if len(seen) != len(lab.DependencyModes) {
		t.Errorf("d visits %d of %d modes", len(seen), len(lab.DependencyModes))
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
