// The pre-flight's runs: each preset briefly, with a probe of this machine's timers.

package engine

import (
	"context"
	"time"

	"poollab/lab"
)

// Preflight runs cfg headless for d and says how honestly this machine shows it. A preset
// that sends a few dozen requests in d has a p99 that is its one slowest send, so beside
// the run a probe sleeps to a schedule every millisecond: its lateness, under the same load,
// is how late this machine makes any scheduled send. The verdict takes the worse of the
// probe's p99 and, with enough samples, the generator's.
func Preflight(ctx context.Context, cfg lab.Config, d time.Duration) (lab.PreflightRow, error) {
	cfg.Duration = lab.Duration(d)
	var s lab.Snapshot
	var err error
	probeCtx, stop := context.WithCancel(ctx)
	probed := make(chan *hist)
	go func() { probed <- probeTimers(probeCtx, time.Millisecond) }()
	cost := Measure(func() { s, err = Run(ctx, cfg, Options{}) })
	stop()
	timers := (<-probed).summary()
	if err != nil {
		return lab.PreflightRow{}, err
	}
	worst := timers.P99
	if lab.LagJudged(s.Generator.Lag) {
		worst = max(worst, s.Generator.Lag.P99)
	}
	return lab.PreflightRow{Preset: cfg.Name, Lag: s.Generator.Lag, Timers: timers, Cost: cost, Verdict: lab.VerdictFor(worst)}, nil
}

// probeTimers sleeps to a schedule, one wake every every, until ctx ends, and records how
// late each wake was, as the generator does its sends.
func probeTimers(ctx context.Context, every time.Duration) *hist {
	h := newHist()
	t := time.NewTimer(every)
	defer t.Stop()
	for due := time.Now().Add(every); ; due = due.Add(every) {
		t.Reset(time.Until(due))
		select {
		case <-ctx.Done():
			return h
		case <-t.C:
			h.record(time.Since(due))
		}
	}
}
