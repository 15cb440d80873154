package lab

import (
	"context"
	"time"
)

// Watch is Run (one config) or RunPair (two, on identical traffic) with a look along the
// way: see gets the snapshots, in side order, at the start and every `every` of run time
// after it, on the watching
// goroutine (a slow see delays the next look, never the labs), and Watch returns the last
// ones when the runs end or ctx does (then with ctx's error).
func Watch(ctx context.Context, cfgs []Config, o Options, every time.Duration, see func([]Snapshot)) ([]Snapshot, error) {
	if len(cfgs) == 2 {
		cfgs = []Config{cfgs[0], SameTraffic(cfgs[0], cfgs[1])}
	}
	var engines []Engine
	defer func() {
		for _, e := range engines {
			e.Stop()
		}
	}()
	for i, cfg := range cfgs {
		oi := o.Side(i)
		oi.Until = cfg.Duration.D()
		e, err := Launch(cfg, oi)
		if err != nil {
			return nil, err
		}
		engines = append(engines, e)
	}
	look := func() []Snapshot {
		out := make([]Snapshot, len(engines))
		for i, e := range engines {
			out[i] = e.Snapshot()
		}
		return out
	}
	start := time.Now()
	timer := time.NewTimer(0)
	defer timer.Stop()
	looks := 0
	for _, e := range engines {
		for waiting := true; waiting; {
			select {
			case <-e.done():
				waiting = false
			case <-ctx.Done():
				return look(), ctx.Err()
			case <-timer.C:
				see(look())
				looks++
				// The next look is due at a whole number of every from the start, not from now.
				timer.Reset(max(0, time.Until(start.Add(time.Duration(looks)*every))))
			}
		}
	}
	return look(), nil
}
