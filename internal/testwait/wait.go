// Package testwait holds the tests' waits whose only bound is the test binary's deadline. It
// imports nothing of the lab, so every package's tests share it: slowserver's, which know
// nothing of the lab, as well as the lab's.
package testwait

import (
	"fmt"
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
// fails tb saying what it waited for. Where the condition reads a value, Await says it too.
func WaitFor(tb testing.TB, cond func() bool, what string) {
	tb.Helper()
	poll(tb, cond, func() string { return gaveUp(what) })
}

// Await polls read until it says ok, and returns what it read then; only something stuck
// meets the last resort, which fails tb saying what it waited for and what read saw last
// ("GOGC above 100 …; last seen 100"), not the wait alone.
func Await[T any](tb testing.TB, read func() (T, bool), what string) T {
	tb.Helper()
	var last T
	poll(tb, func() bool {
		v, ok := read()
		last = v
		return ok
	}, func() string { return fmt.Sprintf("%s; last seen %+v", gaveUp(what), last) })
	return last
}

// poll is the wait of WaitFor and Await: cond every 10ms until it holds, or tb failed with
// failed's message at the last resort.
func poll(tb testing.TB, cond func() bool, failed func() string) {
	tb.Helper()
	giveUp := LastResort(tb)
	every := time.NewTicker(10 * time.Millisecond) // a condition may read a whole snapshot
	defer every.Stop()
	for !cond() {
		select {
		case <-every.C:
		case <-giveUp:
			tb.Fatal(failed())
		}
	}
}

// gaveUp is a wait's failure: what it waited for.
func gaveUp(what string) string {
	return "waited for " + what + " until near the test binary's deadline"
}
