package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// fleetSnapshot is n replicas of shared-pool behind a balancer, 9.5 s in: the first
// `pulled` replicas were pulled one by one (at 6, 8, 9 s …), the rest are full and
// failing their checks.
func fleetSnapshot(n, pulled int) *lab.Snapshot {
	one := testSnapshot()
	cfg := one.Config
	cfg.Name = "fleet-domino"
	cfg.Traffic.Payment.Rate, cfg.Traffic.Signup.Rate = 19, 80
	cfg.Traffic.Health.Rate = float64(n) / 0.1
	cfg.Pool.Queue = 20
	cfg.Fleet = lab.FleetConfig{Replicas: n, Balancer: lab.RoundRobin, PullAfter: 2, ReturnAfter: 100, CheckEvery: lab.Duration(100 * time.Millisecond)}
	s := &lab.Snapshot{Config: cfg, Elapsed: 9500 * time.Millisecond, Fleet: &lab.FleetStats{Balancer: lab.RoundRobin}}
	at := []time.Duration{6 * time.Second, 8 * time.Second, 9 * time.Second}
	for i := range n {
		r := *testSnapshot()
		r.Config = cfg
		r.Pool.QueueCap, r.Pool.Queued = 20, 7
		if i < pulled {
			p := lab.Pull{Replica: i + 1, At: at[min(i, len(at)-1)] + time.Duration(i)*10*time.Millisecond}
			r.Health = lab.HealthStats{Pulled: true, Pulls: 1, History: []lab.Pull{p}}
			r.Pool.Queued = 0
			s.Fleet.Pulls = append(s.Fleet.Pulls, p)
		} else {
			r.Health = lab.HealthStats{FailStreak: 1}
			s.Fleet.InRotation++
		}
		s.Fleet.Replicas = append(s.Fleet.Replicas, r)
		for c := range s.Classes {
			s.Classes[c].Arrived += r.Classes[c].Arrived
			s.Classes[c].OK += r.Classes[c].OK
			s.Classes[c].InFlight += r.Classes[c].InFlight
			s.Classes[c].Rejected[lab.RejectPool] += r.Classes[c].Rejected[lab.RejectPool]
		}
		s.Pool.Size += r.Pool.Size
		s.Pool.Busy += r.Pool.Busy
		s.Pool.Workers = append(s.Pool.Workers, r.Pool.Workers...)
	}
	if pulled == n {
		s.Fleet.AllPulledAt = s.Fleet.Pulls[n-1].At
		s.Classes[lab.Payment].Arrived += 9
		s.Classes[lab.Payment].Rejected[lab.RejectBalancer] = 9
	}
	s.Timeline = one.Timeline
	s.Dependency = one.Dependency
	return s
}

// A fleet's frame: exactly the size asked, a row per replica (in columns when the screen is
// wide), the balancer, the pulls with their gaps, the fleet-wide table and the narrator.
func TestFleetFrame(t *testing.T) {
	for _, tc := range []struct {
		n, pulled, w, h int
		want            []string
	}{
		{4, 2, 120, 40, []string{"balancer round_robin: 2 of 4 replicas in rotation", "r1 ", "PULLED at 6.0s", "r4 ",
			"r2 8.0s (+2.0s)", "1/2 checks failed", "replica 2 pulled at 8.0s; the 2 left now take 9.5/s payments each", "+ 7 queued"}},
		{4, 4, 120, 40, []string{"NO HEALTHY TARGET", "all out at 9.0s", "every replica pulled", "balancer"}},
		{4, 0, 80, 24, []string{"r1 ", "r4 ", "4 replicas take 4.8/s payments each"}},
		{16, 3, 200, 60, []string{"r16", "r9 ", "13 of 16 replicas in rotation"}},
		{16, 3, 120, 40, []string{"r16", "r9 "}},
		{16, 16, 80, 24, []string{"r16"}},
	} {
		out := Frame([]lab.Snapshot{*fleetSnapshot(tc.n, tc.pulled)}, tc.w, tc.h, false)
		if !checkFrame(t, out, tc.w, tc.h) {
			continue
		}
		plain := ansi.Strip(out)
		for _, want := range tc.want {
			if !strings.Contains(strings.Join(strings.Fields(plain), " "), strings.Join(strings.Fields(want), " ")) {
				t.Errorf("%d replicas, %d pulled, %dx%d: no %q in\n%s", tc.n, tc.pulled, tc.w, tc.h, want, plain)
			}
		}
		if tc.n == 16 && tc.w == 200 && strings.Count(plain, "in rotation") < 13 {
			t.Errorf("16 replicas at 200x60: not every row shown\n%s", plain)
		}
	}
}

// The narrator words the lab's numbers: with every replica in rotation each needs
// 19/4 × 3 s = 14.25 of 20 workers, and one pull would leave three needing 19 of 20.
func TestNarrateFleet(t *testing.T) {
	s := fleetSnapshot(4, 0)
	msg, ok := narrateFleet(s.Config, s)
	if !ok || !strings.Contains(msg, "4 replicas take 4.8/s payments each (4.8/s × 3.0s = 14.2 workers of 20); one pull would leave 3 at 6.3/s × 3.0s = 19 of 20, barely fitting") {
		t.Errorf("all in rotation: %q", msg)
	}
	s = fleetSnapshot(4, 1)
	if msg, _ := narrateFleet(s.Config, s); !strings.Contains(msg, "replica 1 pulled at 6.0s; the 3 left now take 6.3/s payments each (6.3/s × 3.0s = 19 workers of 20): that fits, barely") {
		t.Errorf("one pulled: %q", msg)
	}
	s = fleetSnapshot(4, 3)
	if msg, _ := narrateFleet(s.Config, s); !strings.Contains(msg, "the last one now takes 19/s payments (19/s × 3.0s = 57 workers of 20): full now, and its checks") {
		t.Errorf("three pulled: %q", msg)
	}
	if _, ok := narrateFleet(testConfig(), testSnapshot()); ok {
		t.Error("one instance narrated as a fleet")
	}
}

// 16 replicas at 200x60: the frame the live lab draws at 10 Hz.
func BenchmarkViewFleet16(b *testing.B) {
	th := newTheme(false, true)
	s := testScreen(fleetSnapshot(16, 5), 200, 60)
	for len(s.panes[0].snap.Timeline) < 120 {
		s.panes[0].snap.Timeline = append(s.panes[0].snap.Timeline, s.panes[0].snap.Timeline[len(s.panes[0].snap.Timeline)-1])
	}
	b.ReportAllocs()
	for b.Loop() {
		render(th, s)
	}
}

// The balancer's line fits down to a compare half of a narrow screen: the rules go, then
// its state says less (fleet-domino at 80 columns cut "requests fail at t…").
func TestBalancerLineFits(t *testing.T) {
	th := newTheme(false, true)
	for _, pulled := range []int{1, 4} {
		for _, w := range []int{80, 59, 50} {
			if l := ansi.Strip(balancerLine(th, fleetSnapshot(4, pulled), w)); ansiWidth(l) > w {
				t.Errorf("%d pulled at w=%d: %d wide: %q", pulled, w, ansiWidth(l), l)
			}
		}
	}
}
