package main

import (
	"slices"
	"testing"
)

// fleetReport is the part of a fleet's JSON report its claims are about.
type fleetReport struct {
	Classes map[string]classCounts `json:"classes"`
	Fleet   *struct {
		Replicas int `json:"replicas"`
		Drained  *struct {
			Replica int      `json:"replica"`
			AtS     *float64 `json:"at_s"`
			BackAtS *float64 `json:"back_at_s"`
		} `json:"drained"`
		Pulled []struct {
			Replica     int      `json:"replica"`
			AtS         float64  `json:"at_s"`
			ReturnedAtS *float64 `json:"returned_at_s"`
		} `json:"pulled"`
		AllPulledAtS *float64 `json:"all_pulled_at_s"`
		PerReplica   []struct {
			Classes map[string]classCounts `json:"classes"`
		} `json:"per_replica"`
	} `json:"fleet"`
}

type classCounts struct {
	Arrived, OK, Failed int64
	TimedOut            int64            `json:"timed_out"`
	InFlight            int64            `json:"in_flight"`
	Rejected            map[string]int64 `json:"rejected"`
}

func (c classCounts) balances() bool {
	var rej int64
	for _, n := range c.Rejected {
		rej += n
	}
	return c.OK+c.Failed+c.TimedOut+rej+c.InFlight == c.Arrived
}

// runFleet runs a fleet preset headless and checks its books: every class balances exactly,
// fleet-wide and on every replica, and the fleet's arrivals are the replicas' plus the
// ones the balancer turned away.
func runFleet(t *testing.T, preset string) fleetReport {
	t.Helper()
	js := runChecked(t, "run", "--preset", preset)
	r := decode[fleetReport](t, js)
	if r.Fleet == nil {
		t.Fatalf("no fleet report:\n%s", js)
	}
	for name, c := range r.Classes {
		if !c.balances() {
			t.Errorf("fleet-wide %s does not balance: %+v", name, c)
		}
		var sum int64
		for i, rep := range r.Fleet.PerReplica {
			rc := rep.Classes[name]
			if !rc.balances() {
				t.Errorf("replica %d: %s does not balance: %+v", i+1, name, rc)
			}
			sum += rc.Arrived
		}
		if sum+c.Rejected["balancer"] != c.Arrived {
			t.Errorf("%s: replicas' arrivals %d + rejected:balancer %d != %d arrived", name, sum, c.Rejected["balancer"], c.Arrived)
		}
	}
	return r
}

// The fleet presets' claims, in full 40-second runs side by side. Their traffic is seeded
// Poisson and a fleet's run follows from its seed: the same pulls at the same checks, run
// after run.
func TestFleetPresetClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("40-second runs")
	}
	// Replica 1 is drained for a deploy at 5 s, and the other three are pulled one by one,
	// each next one sooner: among the four out of rotation when the last went, the last gap
	// is shorter than the first.
	t.Run("fleet-domino", func(t *testing.T) {
		t.Parallel()
		r := runFleet(t, "fleet-domino")
		f := r.Fleet
		if f.AllPulledAtS == nil {
			t.Fatalf("never was every replica out of rotation: drained %+v, pulled %+v", f.Drained, f.Pulled)
		}
		end := *f.AllPulledAtS
		d := f.Drained
		if d == nil || d.AtS == nil || *d.AtS > end || d.BackAtS != nil && *d.BackAtS <= end {
			t.Fatalf("replica 1 was not drained until every replica was out at %.2fs: %+v", end, d)
		}
		at := []float64{*d.AtS}
		replicas := map[int]bool{d.Replica: true}
		for _, p := range f.Pulled {
			if p.AtS <= end && (p.ReturnedAtS == nil || *p.ReturnedAtS > end) {
				at = append(at, p.AtS)
				replicas[p.Replica] = true
			}
		}
		slices.Sort(at)
		if len(at) != 4 || len(replicas) != 4 || at[0] != *d.AtS {
			t.Fatalf("out of rotation at %.2fs: the drain at %.2fs then pulls, %v of replicas %v; want the drain first, then the other 3 pulled", end, *d.AtS, at, replicas)
		}
		if first, last := at[1]-at[0], at[3]-at[2]; last >= first {
			t.Errorf("drain and pulls at %v: the last gap %.2fs is not shorter than the first %.2fs", at, last, first)
		}
		if r.Classes["payment"].Rejected["balancer"] == 0 {
			t.Errorf("no payment failed at the balancer with every replica out: %+v", r.Classes["payment"])
		}
	})
	// The bulkhead on every replica keeps a worker free for the checks, with one replica
	// drained as in fleet-domino: no replica is pulled, and signups are served.
	t.Run("fleet-bulkhead", func(t *testing.T) {
		t.Parallel()
		r := runFleet(t, "fleet-bulkhead")
		if d := r.Fleet.Drained; d == nil || d.AtS == nil {
			t.Errorf("replica 1 was not drained: %+v", d)
		}
		if len(r.Fleet.Pulled) != 0 {
			t.Errorf("replicas pulled: %+v", r.Fleet.Pulled)
		}
		sig := r.Classes["signup"]
		if finished := sig.Arrived - sig.InFlight; finished == 0 || float64(sig.OK) < 0.99*float64(finished) {
			t.Errorf("signups %+v: want at least 99%% of the finished ones ok", sig)
		}
	})
}
