// Tests of the screen's items as lab writes them: their words take their numbers from the
// settings and the stats.

package lab

import (
	"strings"
	"testing"
)

// phrases are the items as the health panel shows them.
func phrases(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Phrase()
	}
	return out
}

// A pulled instance's health item counts the failed checks its settings ask for. A lab alone
// has no balancer (issue 22, finding 6): it says what one would do, never that one did.
func TestPulledItemNamesPullAfter(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig()}
	s.Config.Fleet.PullAfter = 5
	s.Health = HealthStats{Pulled: true, Pulls: 1}
	if items := strings.Join(phrases(HealthItems(s, 80)), " · "); !strings.Contains(items, "a load balancer would pull it now (5 failed checks;") {
		t.Errorf("items: %q", items)
	}
	s.Health = HealthStats{Pulls: 1}
	if items := strings.Join(phrases(HealthItems(s, 120)), " · "); !strings.Contains(items, "a load balancer would have pulled this instance 1× so far") ||
		strings.Contains(items, "balancer back in rotation") {
		t.Errorf("items: %q", items)
	}
	s.Fleet = &FleetStats{}
	s.Health = HealthStats{Pulled: true, Pulls: 1}
	if items := strings.Join(phrases(HealthItems(s, 80)), " · "); !strings.Contains(items, "balancer PULLED (5 failed checks;") {
		t.Errorf("a fleet's items: %q", items)
	}
}
