// The settings keys' changes: the arithmetic of stepping up and down a ladder and of cycling
// a list, and the core's keys (the accept queue, the dependency's mode and latency). Each
// mechanism's keys are in its own file (t: timeout.go, b and [ ]: bulkhead.go, c: breaker.go).

package lab

import (
	"fmt"
	"slices"
	"time"
)

// An action is what a settings key does: config in, config and a status line out. At a
// limit it returns the config unchanged and says so. Actions are pure.
type action = func(Config) (Config, string)

// The steps the core's keys move through.
var (
	latencySteps = []time.Duration{100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond,
		time.Second, 2 * time.Second, 3 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second}
	queueSteps = ladder([]int{0, 5, 10, 20, 50}, MaxQueue)
)

// ladder extends start with 1-2-5 steps (100, 200, 500, 1000, ...) up to max, and ends at max.
func ladder(start []int, max int) []int {
	var s []int
	for _, v := range start {
		if v <= max {
			s = append(s, v)
		}
	}
	for dec := 100; dec <= max; dec *= 10 {
		for _, m := range []int{1, 2, 5} {
			if v := m * dec; v <= max {
				s = append(s, v)
			}
		}
	}
	if s[len(s)-1] != max {
		s = append(s, max)
	}
	return s
}

// stepUp returns the first step above v, or v and false at the top.
func stepUp[T int | time.Duration](steps []T, v T) (T, bool) {
	for _, s := range steps {
		if s > v {
			return s, true
		}
	}
	return v, false
}

// stepDown returns the last step below v, or v and false at the bottom.
func stepDown[T int | time.Duration](steps []T, v T) (T, bool) {
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i] < v {
			return steps[i], true
		}
	}
	return v, false
}

// cycle returns the element after cur in list, wrapping; an unknown cur goes to the first.
func cycle[T comparable](list []T, cur T) T {
	i := slices.Index(list, cur)
	return list[(i+1)%len(list)]
}

// stepped makes the down and up actions of a setting that moves through steps; msg says
// the new value, or that the value is already at limit ("minimum" or "maximum").
func stepped[T int | time.Duration](steps []T, get func(Config) T, set func(*Config, T),
	msg func(c Config, limit string) string) (down, up action) {
	move := func(step func([]T, T) (T, bool), limit string) action {
		return func(c Config) (Config, string) {
			v, ok := step(steps, get(c))
			if !ok {
				return c, msg(c, limit)
			}
			set(&c, v)
			return c, msg(c, "")
		}
	}
	return move(stepDown[T], "minimum"), move(stepUp[T], "maximum")
}

// The core's settings that step: the accept queue (< >) and the dependency's latency (- +).
var (
	QueueDown, QueueUp = stepped(queueSteps,
		queueSize, func(c *Config, v int) { c.Pool.Queue = QueueSize(v) }, queueMsg)
	LatencyDown, LatencyUp = stepped(clampSteps(latencySteps, MaxLatency),
		func(c Config) time.Duration { return c.Dependency.Latency.D() },
		func(c *Config, v time.Duration) { c.Dependency.Latency = Duration(v) }, latencyMsg)
)

func queueMsg(c Config, limit string) string {
	switch limit {
	case "":
		return "accept queue → " + queueWords(int(c.Pool.Queue))
	case "minimum":
		return fmt.Sprintf("queue already %v (minimum: reject as soon as every worker is busy)", c.Pool.Queue)
	}
	return fmt.Sprintf("queue already %v (%s)", c.Pool.Queue, limit)
}

// queueSize is where the queue stands among the steps: an unbounded one above them all.
func queueSize(c Config) int {
	if c.Pool.Queue.Unbounded() {
		return MaxQueue + 1
	}
	return int(c.Pool.Queue)
}

func queueWords(n int) string {
	if n == 0 {
		return "0: requests are rejected as soon as every worker is busy"
	}
	return fmt.Sprintf("%d: up to %d requests wait for a worker", n, n)
}

// CycleMode is the d key: the dependency's next mode.
func CycleMode(c Config) (Config, string) {
	c.Dependency.Mode = cycle(DependencyModes, c.Dependency.Mode)
	return c, "dependency → " + modeWords(c.Dependency)
}

// modeWords says what the dependency does in its mode.
func modeWords(d DependencyConfig) string {
	switch d.Mode {
	case ModeHealthy:
		return fmt.Sprintf("healthy: answers in %s", d.latencyWords(d.HealthyLatency))
	case ModeSlow:
		return fmt.Sprintf("slow: answers in %s", d.latencyWords(d.Latency))
	case ModeDown:
		return "down: connections refused, calls fail at once"
	case ModeErrors:
		return "errors: answers 500 at once"
	case ModeBrownout:
		return fmt.Sprintf("brownout: slow (%s) for %s, then healthy for %s, repeating", d.latencyWords(d.Latency),
			FmtDur(d.Brownout.Slow.D()), FmtDur(d.Brownout.Healthy.D()))
	}
	return string(d.Mode)
}

func latencyMsg(c Config, limit string) string {
	d := c.Dependency
	if limit != "" {
		return fmt.Sprintf("dependency latency already %s (%s)", FmtDur(d.Latency.D()), limit)
	}
	msg := "dependency latency → " + d.latencyWords(d.Latency)
	if d.CallLatency() != d.Latency.D() {
		msg += fmt.Sprintf(" (for slow and brownout; now %s: press d)", d.Mode)
	}
	return msg
}

func clampSteps(steps []time.Duration, max time.Duration) []time.Duration {
	return slices.DeleteFunc(slices.Clone(steps), func(d time.Duration) bool { return d > max })
}
