// Package testwait holds the tests' waits whose only bound is the test binary's deadline. It
// imports nothing of the lab, so every package's tests share it: slowserver's, which know
// nothing of the lab, as well as the lab's.
package testwait

import (
	"testing"
	"time"
)

// LastResort fires when a test's wait gives up: with a tenth of the time to the test
// binary's deadline (-timeout) left, so that something stuck fails saying what it was
// waited for rather than in the binary's panic. Without a deadline, never: a benchmark has
// none of its own (testing.B has no Deadline), so the binary's -timeout is its only bound.
// It bounds no latency: a busy machine takes as long as it takes.
func LastResort(tb testing.TB) <-chan time.Time {
	t, ok := tb.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return nil
	}
	d, ok := t.Deadline()
	if !ok {
		return nil
	}
	return time.After(time.Until(d) * 9 / 10)
}

// WaitFor polls cond until it holds; only something stuck meets the last resort, which
// fails tb saying what it waited for.
func WaitFor(tb testing.TB, cond func() bool, what string) {
	tb.Helper()
	giveUp := LastResort(tb)
	every := time.NewTicker(10 * time.Millisecond) // a condition may read a whole snapshot
	defer every.Stop()
	for !cond() {
		select {
		case <-every.C:
		case <-giveUp:
			tb.Fatalf("waited for %s until near the test binary's deadline", what)
		}
	}
}
