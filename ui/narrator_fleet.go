package ui

import (
	"fmt"

	"poollab/lab"
)

// narrateFleet explains a fleet's moment in one sentence: Little's law with the rate the
// balancer redistributes. Each pull gives the pulled replica's share to the rest, so each
// remaining replica needs λ/k · W workers, more with every pull, and fills sooner. Every
// number comes from lab (Config.ReplicaForecast, Forecast.FillFrom). ok is false for one
// instance.
func narrateFleet(cfg lab.Config, s *lab.Snapshot) (string, bool) {
	fs := s.Fleet
	if fs == nil || cfg.Traffic.Payment.Rate == 0 {
		return "", false
	}
	n, k := len(fs.Replicas), fs.InRotation
	workers := cfg.Pool.Workers
	take := func(f lab.Forecast) string {
		return fmt.Sprintf("take %s payments each (%s × %s = %s workers of %d)", fmtPerSec(f.Payment.Admitted),
			fmtPerSec(f.Payment.Admitted), fmtSecs(f.Payment.Hold), fmtWorkers(f.Payment.WorkersHeld), workers)
	}
	switch {
	case k == 0:
		return fmt.Sprintf("every replica pulled (all out at %s): requests fail at the balancer, no healthy target; a replica comes back after %d passed checks in a row, and takes the whole stream alone",
			fmtSecs(fs.AllPulledAt), cfg.Fleet.ReturnAfter), true
	case k < n:
		last := fs.Pulls[len(fs.Pulls)-1]
		f := cfg.ReplicaForecast(k)
		left := "the " + itoa(k) + " left now"
		if k == 1 {
			left = "the last one now"
		}
		msg := fmt.Sprintf("replica %d pulled at %s; %s %s", last.Replica, fmtSecs(last.At), left, take(f))
		in, fills := f.FillFrom(meanPaymentsBusy(fs))
		switch {
		case !fills:
			return msg + ": that still fits", true
		case in == 0:
			return msg + ": full now, and their checks fail in turn", true
		}
		return msg + ": full in " + fmtSecs(in), true
	}
	all, one := cfg.ReplicaForecast(n), cfg.ReplicaForecast(n-1)
	msg := fmt.Sprintf("%d replicas %s", n, take(all))
	if bh := cfg.Payment.Bulkhead; all.Payment.Capped && bh.Size < workers {
		return msg + fmt.Sprintf("; each replica's %s bulkhead caps payments at %d, so its health checks find a free worker and no replica is pulled", bh.Type, bh.Size), true
	}
	if one.Fit == lab.Overloaded && all.Fit != lab.Overloaded {
		return msg + fmt.Sprintf("; one pull would leave %d at %s × %s = %s > %d: the domino", n-1,
			fmtPerSec(one.Payment.Admitted), fmtSecs(one.Payment.Hold), fmtWorkers(one.Payment.WorkersHeld), workers), true
	}
	return msg, true
}

// meanPaymentsBusy is how many workers payments hold now, on average, in the replicas
// still in rotation: where the redistributed rate starts from.
func meanPaymentsBusy(fs *lab.FleetStats) float64 {
	sum, k := 0, 0
	for _, r := range fs.Replicas {
		if !r.Health.Pulled {
			sum += r.Pool.BusyBy[lab.Payment]
			k++
		}
	}
	if k == 0 {
		return 0
	}
	return float64(sum) / float64(k)
}
