// Headless runs: Run (one config), RunPair (two on identical traffic), Watch (either, with a
// look along the way).

package engine

import (
	"context"
	"fmt"
	"time"

	"poollab/lab"
)

// Watch is Run (one config) or RunPair (two, on identical traffic, and one pairing tally)
// with a look along the way: see, if not nil, gets the snapshots, in side order, at the
// start and every `every` of run time after it, on the watching goroutine (a slow see
// delays the next look, never the labs). Watch returns the last ones, taken once every run
// has ended and before any stops, when the runs end or ctx does (then with ctx's error).
func Watch(ctx context.Context, cfgs []lab.Config, o Options, every time.Duration, see func([]lab.Snapshot)) ([]lab.Snapshot, error) {
	if len(cfgs) == 2 {
		cfgs = []lab.Config{cfgs[0], lab.SameTraffic(cfgs[0], cfgs[1])}
		if o.Pairing == nil {
			o.Pairing = NewPairing()
		}
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
	look := func() []lab.Snapshot {
		out := make([]lab.Snapshot, len(engines))
		for i, e := range engines {
			out[i] = e.Snapshot()
		}
		return out
	}
	start := time.Now()
	timer := time.NewTimer(0)
	defer timer.Stop()
	looking := timer.C
	if see == nil {
		looking = nil // no looks along the way
	}
	looks := 0
	for _, e := range engines {
		for waiting := true; waiting; {
			select {
			case <-e.done():
				waiting = false
			case <-ctx.Done():
				return look(), ctx.Err()
			case <-looking:
				see(look())
				looks++
				// The next look is due at a whole number of every from the start, not from now.
				timer.Reset(max(0, time.Until(start.Add(time.Duration(looks)*every))))
			}
		}
	}
	return look(), nil
}

// RunPair runs a and b side by side, started together, each with its own pool and its own
// dependency, on identical traffic: b gets a's traffic section (rates, arrivals, seed) and
// duration, so the only differences are the settings being compared (and how the load is
// sent, if they differ in it: see SameTraffic). Both are looked at once both have ended,
// before either stops, with one pairing tally (Watch).
func RunPair(ctx context.Context, a, b lab.Config, o Options) ([2]lab.Snapshot, error) {
	b = lab.SameTraffic(a, b)
	// Both are checked before either starts: A must not run its whole length for nothing.
	if err := a.Validate(); err != nil {
		return [2]lab.Snapshot{}, fmt.Errorf("A %s: %w", a.Name, err)
	}
	if err := b.Validate(); err != nil {
		return [2]lab.Snapshot{}, fmt.Errorf("B %s, on A's traffic: %w", b.Name, err)
	}
	var out [2]lab.Snapshot
	snaps, err := Watch(ctx, []lab.Config{a, b}, o, 0, nil)
	copy(out[:], snaps)
	return out, err
}

// Side is o for lab i of a pair (0 is A, 1 is B): a fixed dependency port moves up by i,
// so the two dependencies never ask for the same one.
func (o Options) Side(i int) Options {
	o.side = i
	return o
}

// Run is one headless run: start, wait cfg.Duration (or until ctx ends), snapshot, stop.
func Run(ctx context.Context, cfg lab.Config, o Options) (lab.Snapshot, error) {
	o.Until = cfg.Duration.D()
	e, err := Launch(cfg, o)
	if err != nil {
		return lab.Snapshot{}, err
	}
	defer e.Stop()
	select {
	case <-e.done():
	case <-ctx.Done():
		return e.Snapshot(), ctx.Err()
	}
	return e.Snapshot(), nil
}
