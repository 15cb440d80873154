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

// A closed loop's generator lag is of what its users sent: beside "99 never sent" the item
// says the unsent are in no lag, in the longest form that fits.
func TestClosedLoopLagSaysTheUnsent(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig(), ClosedLoop: &ClosedLoopStats{Due: 700, Sent: 601}}
	s.Generator.Lag = Percentiles{P99: 1200 * time.Microsecond, Count: 601}
	for w, want := range map[int]string{120: "the 99 never sent are in no lag", 59: "(not of the 99 never sent)"} {
		got := strings.Join(phrases(HealthItems(s, w)), " · ")
		if !strings.Contains(got, want) {
			t.Errorf("at %d: %q lacks %q", w, got, want)
		}
	}
	s.ClosedLoop.Sent = 700
	if got := strings.Join(phrases(HealthItems(s, 120)), " · "); strings.Contains(got, "never sent") {
		t.Errorf("every one sent, yet: %q", got)
	}
}

// The dependency's latency says its jitter wherever it is set: the postmortem's store at
// "50ms ±10ms" explains a p99:service of 392ms above the knee's 328ms at 64 calls (issue 22,
// newcomer 11); without jitter, the latency alone.
func TestDependencyLatencySaysItsJitter(t *testing.T) {
	d := DefaultConfig().Dependency
	d.HealthyLatency, d.Latency, d.Jitter = Duration(50*time.Millisecond), Duration(3*time.Second), Duration(10*time.Millisecond)
	for mode, want := range map[DependencyMode][2]string{
		ModeHealthy:  {"healthy 50ms ±10ms", "healthy: answers in 50ms ±10ms"},
		ModeSlow:     {"slow 3s ±10ms", "slow: answers in 3s ±10ms"},
		ModeBrownout: {"brownout (3s ±10ms for", "brownout: slow (3s ±10ms) for"},
	} {
		d.Mode = mode
		if got := ModeShort(d); !strings.HasPrefix(got, want[0]) {
			t.Errorf("%s: settings %q, want %q…", mode, got, want[0])
		}
		if got := modeWords(d); !strings.HasPrefix(got, want[1]) {
			t.Errorf("%s: the d key's words %q, want %q…", mode, got, want[1])
		}
	}
	c := DefaultConfig()
	c.Dependency = d
	c.Dependency.Mode = ModeSlow
	if msg := latencyMsg(c, ""); msg != "dependency latency → 3s ±10ms" {
		t.Errorf("the + key's words %q", msg)
	}
	d.Jitter, d.Mode = 0, ModeHealthy
	if got := ModeShort(d); got != "healthy 50ms" {
		t.Errorf("no jitter: %q", got)
	}
}

// The health checks' p99 above their timeout, as shown (the balancer's, from the scheduled
// arrival, which a check waiting in the queue outlives); at it as shown (2.0004s reads
// 2.00s), or without checks, not.
func TestChecksAboveTimeout(t *testing.T) {
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Health.Timeout = Duration(2 * time.Second)
	s.Config.Traffic.Health.Rate = 40
	s.Classes[Health].Latency = Percentiles{P99: 2800 * time.Millisecond, Count: 600}
	if p99, to, ok := s.ChecksAboveTimeout(); !ok || p99 != 2800*time.Millisecond || to != 2*time.Second {
		t.Errorf("above: %v > %v (%v), want 2.8s > 2s", p99, to, ok)
	}
	at := s
	at.Classes[Health].Latency.P99 = 2000400 * time.Microsecond
	none := s
	none.Config.Traffic.Health.Rate, none.Classes[Health] = 0, ClassStats{}
	for name, x := range map[string]Snapshot{"at its timeout as shown": at, "no checks": none} {
		if _, _, ok := x.ChecksAboveTimeout(); ok {
			t.Errorf("%s: above", name)
		}
	}
}
