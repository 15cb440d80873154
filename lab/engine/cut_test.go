// Tests of cut: the counters and the dependency's calls read as at one instant.

package engine

import (
	"net/http"
	"testing"

	"poollab/lab"
	"poollab/slowserver"
)

// A call that begins while the counters are read moves the dependency's calls: cut reads
// the counters again, so what it returns is the read that agrees with the calls it returns
// (newcomer 34 #7: 262 ok + 40 now beside 303 calls).
func TestCutReadsAgainWhenACallMovesBetweenTheReads(t *testing.T) {
	dep, err := slowserver.Start(0, slowserver.Settings{Mode: slowserver.Healthy})
	if err != nil {
		t.Fatal(err)
	}
	defer dep.Close()
	reads := 0
	counts := func() int {
		reads++
		if reads == 1 { // a call ends and the next begins mid-read
			resp, err := http.Get(dep.URL() + "/pay")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
		}
		return reads
	}
	got, ds := cut(dep, lab.ModeHealthy, counts)
	if got != 2 || ds.Requests != 1 {
		t.Fatalf("cut returned the counters of read %d beside %d calls; want read 2, after the call", got, ds.Requests)
	}
}

// withCounts takes every counter from the cut and every percentile from the full read, so
// a fleet's rows and totals are the cut's counts.
func TestWithCountsTakesCountersAndKeepsPercentiles(t *testing.T) {
	full := lab.ClassStats{OK: 1, Latency: lab.Percentiles{P99: 5, Count: 1}, QueueWait: lab.Percentiles{P50: 2}, Dispatch: lab.Percentiles{Max: 3}}
	n := lab.ClassStats{Arrived: 9, OK: 2, Failed: 1, Served: 3}
	got := withCounts(full, n)
	want := n
	want.Latency, want.QueueWait, want.Dispatch = full.Latency, full.QueueWait, full.Dispatch
	if got != want {
		t.Fatalf("withCounts = %+v, want %+v", got, want)
	}
}

// stats calls beside while a finish cannot be counted (it waits for the served histograms'
// locks), so an instance's calls at the dependency read there add up with payments'
// outcomes: the worker whose call ends meanwhile cannot count it and begin its next.
func TestStatsCallsBesideWhileNoFinishIsCounted(t *testing.T) {
	m := newClassMetrics()
	called := false
	m.stats(func() {
		called = true
		if m.latency.mu.TryLock() {
			m.latency.mu.Unlock()
			t.Error("beside ran while a finish could record and be counted")
		}
	})
	if !called {
		t.Fatal("stats did not call beside")
	}
}
