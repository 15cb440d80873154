package lab

import "testing"

// A worker that handed its call to the thread-pool bulkhead waits for the answer, not for a
// thread: "t 0 of them waiting on the thread pool" beside "queue 0/0" read as workers queued
// for one (newcomer 27).
func TestHandoffWaitsForTheAnswer(t *testing.T) {
	if got, want := PhaseHandoff.Words(false), "waiting for the thread pool's answer"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := PhaseHandoff.Words(true), "wait for the thread pool's answer"; got != want {
		t.Errorf("brief %q, want %q", got, want)
	}
}
