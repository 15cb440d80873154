// Tests of the timeouts' key: the t key's cycle.

package lab

import (
	"strings"
	"testing"
	"time"
)

// t goes off → each kind × 500ms, 1s, 2s → off, whatever kinds the engine has.
func TestTimeoutCycle(t *testing.T) {
	cfg := DefaultConfig()
	var kinds []TimeoutKind
	for _, k := range TimeoutKinds {
		if k != TimeoutNone {
			kinds = append(kinds, k)
		}
	}
	for _, k := range kinds {
		for _, d := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second} {
			cfg, _ = CycleTimeout(cfg)
			if cfg.Payment.Timeout.Kind != k || cfg.Payment.Timeout.Duration.D() != d {
				t.Fatalf("got %v %v, want %v %v", cfg.Payment.Timeout.Kind, cfg.Payment.Timeout.Duration, k, d)
			}
		}
	}
	cfg, msg := CycleTimeout(cfg)
	if cfg.Payment.Timeout.Kind != TimeoutNone || !strings.Contains(msg, "off") {
		t.Fatalf("after the last step: %v, %q", cfg.Payment.Timeout, msg)
	}
	// A duration from a preset that is not a step goes to the next larger one.
	cfg.Payment.Timeout = TimeoutConfig{Kind: kinds[0], Duration: Duration(750 * time.Millisecond)}
	cfg, _ = CycleTimeout(cfg)
	if cfg.Payment.Timeout.Kind != kinds[0] || cfg.Payment.Timeout.Duration.D() != time.Second {
		t.Fatalf("from 750ms: %v", cfg.Payment.Timeout)
	}
}

// A health check past its timeout is counted timed out in the table, and fails the
// balancer's check: the settings line says both in the table's word.
func TestHealthTimeoutSaysTimedOut(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig()}
	s.Classes[Health].Arrived = 1
	s.Config.Pool.Queue = 100 // a check can wait in it, past its timeout
	got := timeoutSettings(s.Config, s, 120)[0].Value
	if !strings.Contains(got, "health checks 1s (a check answered later, queue wait included, is timed out: not ok") {
		t.Errorf("timeout item %q", got)
	}
}

// In a fleet the checks' timeout is what pulls a replica: the item is the one to read, kept
// first on one line, and short enough for a compare half (newcomer 17: fleet-vs at 80x24 cut
// it to "timeout payments off, health…").
func TestFleetChecksTimeoutIsStrong(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig()}
	s.Classes[Health].Arrived = 1
	s.Config.Fleet.Replicas = 4
	it := timeoutSettings(s.Config, s, 80)[0]
	if !it.Strong || it.Value != "payments off, checks 1s" {
		t.Errorf("a fleet's timeout item at 80: %+v", it)
	}
	s.Config.Fleet.Replicas, s.Config.Pool.Queue = 1, 100
	if it := timeoutSettings(s.Config, s, 80)[0]; it.Strong {
		t.Errorf("one lab's: %+v, want it not the one to read", it)
	}
}

// With no timeout but a deadline, the timeout's item says what bounds a call instead:
// "timeout off" beside rejected:deadline asked how anything is turned away (newcomer 64).
// Without a deadline, off alone.
func TestTimeoutOffSaysTheDeadlineBoundsCalls(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Timeout.Kind = TimeoutNone
	c.Payment.Deadline = Duration(800 * time.Millisecond)
	for w, want := range map[int]string{120: "off (the 800ms deadline bounds each call)", 80: "off (the deadline bounds calls)"} {
		if got := timeoutSettings(c, &Snapshot{Config: c}, w)[0]; got.Value != want || !got.Off {
			t.Errorf("%d columns: %+v, want %q, off", w, got, want)
		}
	}
	c.Payment.Deadline = 0
	if got := timeoutSettings(c, &Snapshot{Config: c}, 120)[0].Value; got != "off" {
		t.Errorf("no deadline: %q, want off", got)
	}
	c.Payment.Deadline = Duration(800 * time.Millisecond)
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(time.Second)}
	if got := timeoutSettings(c, &Snapshot{Config: c}, 120)[0].Value; strings.Contains(got, "deadline") {
		t.Errorf("a timeout of its own: %q", got)
	}
}
