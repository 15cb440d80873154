// Tests of the screen's items as lab writes them: their words take their numbers from the
// settings and the stats.

package lab

import (
	"strings"
	"testing"
	"time"
)

// phrases are the items as the health panel shows them.
func phrases(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Phrase()
	}
	return out
}

// A pulled instance's health item counts the failed checks its settings ask for.
func TestPulledItemNamesPullAfter(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig()}
	s.Config.Fleet.PullAfter = 5
	s.Health = HealthStats{Pulled: true, Pulls: 1}
	if items := strings.Join(phrases(HealthItems(s, 80)), " · "); !strings.Contains(items, "PULLED (5 failed checks;") {
		t.Errorf("items: %q", items)
	}
}

// A breaker's every number, labelled.
func TestBreakerDetail(t *testing.T) {
	b := BreakerStats{State: BreakerOpen, OpenLeft: 2900 * time.Millisecond, FailureRate: 60, Calls: 20,
		Failures: 12, Threshold: 50, MinCalls: 10, Window: 10 * time.Second, Trials: 1}
	got := strings.Join(phrases(breakerItems(b)), " · ")
	for _, want := range []string{"OPEN", "next trial in 2.9s", "failure rate 60% / threshold 50%", "calls in the last 10s 20 / minimum 10"} {
		if !strings.Contains(got, want) {
			t.Errorf("open breaker %q lacks %q", got, want)
		}
	}
	b.State = BreakerClosed
	if got := strings.Join(phrases(breakerItems(b)), " · "); !strings.Contains(got, "closed") || strings.Contains(got, "trial") {
		t.Errorf("closed breaker: %q", got)
	}
}
