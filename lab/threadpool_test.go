package lab

import (
	"fmt"
	"strings"
	"testing"
)

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

// Orphaned calls running now say who holds a thread pool's threads while every worker is
// free: at 80 columns they share a line with the calls at the dependency, whose peak gives
// way (newcomer 29: threadpool-bulkhead at 80x24 lost "orphaned calls 5 running").
func TestOrphansShareTheCallsLine(t *testing.T) {
	var s Snapshot
	s.Dependency.InFlight, s.Dependency.PeakInFlight, s.Dependency.Requests = 5, 5, 15
	s.Orphans.InFlight, s.Orphans.Total = 5, 15
	var calls, orphans string
	for _, it := range HealthItems(&s, 80) {
		switch it.Label {
		case "calls at the dependency now":
			calls = it.Phrase()
		case "orphaned calls":
			orphans = it.Phrase()
		}
	}
	if line := calls + " · " + orphans; calls == "" || orphans == "" || len([]rune(line)) > 80 {
		t.Errorf("at 80 columns, not on one line: %q", line)
	}
	// Wide, the calls keep their peak.
	for _, it := range HealthItems(&s, 120) {
		if it.Label == "calls at the dependency now" && !strings.Contains(it.Value, "15 calls") {
			t.Errorf("at 120 columns: %q", it.Phrase())
		}
	}
}

// A thread pool without a queue says so as the pool does, "queue none": "queue 0/0" asked
// whether it had no places or was switched off (newcomer 30); one with places keeps n/cap.
func TestThreadPoolQueueNone(t *testing.T) {
	for _, tc := range []struct {
		queue, queued int
		want          string
	}{
		{0, 0, "threadpool 5/5 threads busy, queue none"},
		{4, 2, "threadpool 5/5 threads busy, queue 2/4"},
	} {
		c := DefaultConfig()
		c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadThreadPool, Size: 5, Queue: tc.queue}
		s := &Snapshot{Config: c, Bulkhead: BulkheadStats{Type: BulkheadThreadPool, Size: 5, ThreadsBusy: 5, Queued: tc.queued, QueueCap: tc.queue}}
		if items := fmt.Sprint(SettingsItems(c, s, 120)); !strings.Contains(items, tc.want) {
			t.Errorf("queue %d: %s, want %q", tc.queue, items, tc.want)
		}
	}
}
