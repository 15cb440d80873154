package labtest

import (
	"testing"
	"time"
)

// LastResort fires when a test's wait gives up: with a tenth of the time to the test
// binary's deadline (-timeout) left, so that something stuck fails saying what it was
// waited for rather than in the binary's panic. Without a deadline, never. It bounds no
// latency: a busy machine takes as long as it takes.
func LastResort(t *testing.T) <-chan time.Time {
	d, ok := t.Deadline()
	if !ok {
		return nil
	}
	return time.After(time.Until(d) * 9 / 10)
}

// WaitFor polls cond until it holds; only something stuck meets the last resort, which
// fails t saying what it waited for.
func WaitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	giveUp := LastResort(t)
	every := time.NewTicker(10 * time.Millisecond) // a condition may read a whole snapshot
	defer every.Stop()
	for !cond() {
		select {
		case <-every.C:
		case <-giveUp:
			t.Fatalf("waited for %s until near the test binary's deadline", what)
		}
	}
}
