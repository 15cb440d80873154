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
	// "take 6.3/s payments each (6.3/s × 3.0s = 19 workers of 20)": Little's law for one replica.
	take := func(f lab.Forecast, k int) string {
		p := f.Classes[lab.Payment]
		verb, each := "take", " each"
		if k == 1 {
			verb, each = "takes", ""
		}
		return fmt.Sprintf("%s %s payments%s (%s workers of %d)", verb, fmtPerSec(p.Rate), each, littlesLaw(p, ""), workers)
	}
	switch {
	case k == 0:
		return fmt.Sprintf("every replica pulled (all out at %s): requests fail at the balancer, no healthy target; a replica comes back after %d passed checks in a row, and takes the whole stream alone",
			fmtSecs(fs.AllPulledAt), cfg.Fleet.ReturnAfter), true
	case k < n:
		last := fs.Pulls[len(fs.Pulls)-1]
		f := cfg.ReplicaForecast(k)
		left, them, their := "the "+itoa(k)+" left now", "them", "their"
		if k == 1 {
			left, them, their = "the last one now", "it", "its"
		}
		msg := fmt.Sprintf("replica %d pulled at %s; %s %s", last.Replica, fmtSecs(last.At), left, take(f, k))
		in, fills := f.FillFrom(fs.MeanBusy(lab.Payment)) // where the redistributed rate starts from
		switch {
		case !fills && f.Fit == lab.FitsBarely:
			return msg + ": that fits, barely: a burst fills " + them + " and " + their + " checks start to fail", true
		case !fills:
			return msg + ": that still fits", true
		case in == 0:
			return msg + ": full now, and " + their + " checks fail in turn", true
		}
		return msg + ": full in " + fmtSecs(in), true
	}
	all, one := cfg.ReplicaForecast(n), cfg.ReplicaForecast(n-1)
	msg := fmt.Sprintf("%d replicas %s", n, take(all, n))
	if bh := cfg.Payment.Bulkhead; all.Payment.Capped && bh.Size < workers {
		return msg + fmt.Sprintf("; each replica's %s bulkhead caps payments at %d, so its health checks find a free worker and no replica is pulled", bh.Type, bh.Size), true
	}
	left := fmt.Sprintf("; one pull would leave %d at %s", n-1, littlesLaw(one.Classes[lab.Payment], ""))
	switch {
	case all.Fit == lab.Overloaded:
		return msg + ": over capacity already", true
	case one.Fit == lab.Overloaded:
		return msg + fmt.Sprintf("%s > %d: the domino", left, workers), true
	case one.Fit == lab.FitsBarely:
		return msg + fmt.Sprintf("%s of %d, barely fitting, and each next pull overloads the rest: the domino", left, workers), true
	}
	return msg, true
}
