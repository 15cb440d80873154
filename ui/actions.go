package ui

import (
	"fmt"
	"slices"
	"time"

	"poollab/lab"
)

// An action is what a settings key does: config in, config and a status line out.
// At a limit it returns the config unchanged and says so. Actions are pure.
type action func(lab.Config) (lab.Config, string)

// Steps the keys move through.
var (
	latencySteps = []time.Duration{100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond,
		time.Second, 2 * time.Second, 3 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second}
	queueSteps    = ladder([]int{0, 5, 10, 20, 50}, lab.MaxQueue)
	bulkheadSteps = bulkheadLadder(lab.MaxBulkhead)
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

// bulkheadLadder steps by one up to 20 (the article's sizes), then coarser.
func bulkheadLadder(max int) []int {
	var s []int
	for v := 1; v <= 20; v++ {
		s = append(s, v)
	}
	s = append(s, 25, 30, 40, 50, 75)
	s = ladder(s, max)
	return slices.DeleteFunc(s, func(v int) bool { return v > max })
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
func stepped[T int | time.Duration](steps []T, get func(lab.Config) T, set func(*lab.Config, T),
	msg func(c lab.Config, limit string) string) (down, up action) {
	move := func(step func([]T, T) (T, bool), limit string) action {
		return func(c lab.Config) (lab.Config, string) {
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

// The settings that step: accept queue (< >), bulkhead size ([ ]), dependency latency (- +).
var (
	queueDown, queueUp = stepped(queueSteps,
		queueSize, func(c *lab.Config, v int) { c.Pool.Queue = lab.QueueSize(v) }, queueMsg)
	bulkheadDown, bulkheadUp = stepped(bulkheadSteps,
		func(c lab.Config) int { return c.Payment.Bulkhead.Size }, func(c *lab.Config, v int) { c.Payment.Bulkhead.Size = v }, bulkheadSizeMsg)
	latencyDown, latencyUp = stepped(clampSteps(latencySteps, lab.MaxLatency),
		func(c lab.Config) time.Duration { return c.Dependency.Latency.D() },
		func(c *lab.Config, v time.Duration) { c.Dependency.Latency = lab.Duration(v) }, latencyMsg)
)

func queueMsg(c lab.Config, limit string) string {
	switch limit {
	case "":
		return "accept queue → " + queueWords(int(c.Pool.Queue))
	case "minimum":
		return fmt.Sprintf("queue already %v (minimum: reject as soon as every worker is busy)", c.Pool.Queue)
	}
	return fmt.Sprintf("queue already %v (%s)", c.Pool.Queue, limit)
}

// queueSize is where the queue stands among the steps: an unbounded one above them all.
func queueSize(c lab.Config) int {
	if c.Pool.Queue.Unbounded() {
		return lab.MaxQueue + 1
	}
	return int(c.Pool.Queue)
}

func queueWords(n int) string {
	if n == 0 {
		return "0: requests are rejected as soon as every worker is busy"
	}
	return fmt.Sprintf("%d: up to %d requests wait for a worker", n, n)
}

// cycleBulkhead moves to the next bulkhead type the engine has.
func cycleBulkhead(c lab.Config) (lab.Config, string) {
	c.Payment.Bulkhead.Type = cycle(lab.BulkheadTypes, c.Payment.Bulkhead.Type)
	if c.Payment.Bulkhead.Type == lab.BulkheadNone {
		return c, "bulkhead → none: payments may take every worker"
	}
	return c, fmt.Sprintf("bulkhead → %s, %s", c.Payment.Bulkhead.Type, bulkheadSize(c.Payment.Bulkhead))
}

// bulkheadSize says the size with the unit the type has.
func bulkheadSize(b lab.BulkheadConfig) string {
	unit := "permits"
	switch b.Type {
	case lab.BulkheadSemaphore:
	case lab.BulkheadThreadPool:
		unit = "threads"
	case lab.BulkheadAdaptive:
		return fmt.Sprintf("a limit found from the calls' latency, starting at %d", b.Size)
	default:
		unit = "slots"
	}
	if b.Size == 1 {
		unit = unit[:len(unit)-1]
	}
	return fmt.Sprintf("%d %s", b.Size, unit)
}

func bulkheadSizeMsg(c lab.Config, limit string) string {
	b := c.Payment.Bulkhead
	if limit != "" {
		return fmt.Sprintf("bulkhead size already %d (%s)", b.Size, limit)
	}
	if b.Type == lab.BulkheadNone {
		return fmt.Sprintf("bulkhead size → %d (not in force while the bulkhead is none: press b)", b.Size)
	}
	return fmt.Sprintf("bulkhead size → %s", bulkheadSize(b))
}

// cycleMode moves the dependency to its next mode.
func cycleMode(c lab.Config) (lab.Config, string) {
	c.Dependency.Mode = cycle(lab.DependencyModes, c.Dependency.Mode)
	return c, "dependency → " + modeWords(c.Dependency)
}

// modeWords says what the dependency does in its mode.
func modeWords(d lab.DependencyConfig) string {
	switch d.Mode {
	case lab.ModeHealthy:
		return fmt.Sprintf("healthy: answers in %s", fmtDur(d.HealthyLatency.D()))
	case lab.ModeSlow:
		return fmt.Sprintf("slow: answers in %s", fmtDur(d.Latency.D()))
	case lab.ModeDown:
		return "down: connections refused, calls fail at once"
	case lab.ModeErrors:
		return "errors: answers 500 at once"
	case lab.ModeBrownout:
		return fmt.Sprintf("brownout: slow (%s) for %s, then healthy for %s, repeating", fmtDur(d.Latency.D()),
			fmtDur(d.Brownout.Slow.D()), fmtDur(d.Brownout.Healthy.D()))
	}
	return string(d.Mode)
}

func latencyMsg(c lab.Config, limit string) string {
	d := c.Dependency
	if limit != "" {
		return fmt.Sprintf("dependency latency already %s (%s)", fmtDur(d.Latency.D()), limit)
	}
	msg := "dependency latency → " + fmtDur(d.Latency.D())
	if d.CallLatency() != d.Latency.D() {
		msg += fmt.Sprintf(" (for slow and brownout; now %s: press d)", d.Mode)
	}
	return msg
}

func clampSteps(steps []time.Duration, max time.Duration) []time.Duration {
	return slices.DeleteFunc(slices.Clone(steps), func(d time.Duration) bool { return d > max })
}
