// The settings and health panels' rows: each a label and its value, the words of one
// setting or one measure, in the order the panels draw them. The panels draw any list of
// rows; what the rows say is here, per mechanism, so that each can later give its own.

package ui

import (
	"fmt"
	"strings"

	"poollab/lab"
)

// A row is one setting or one measure: its label and its value.
type row struct {
	label, value string
	spare        bool // it follows from the rows before: below full detail it goes when that saves a line
}

// settingsItems writes rows as the settings panel shows them: each label dim.
func (t *theme) settingsItems(rows []row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = t.dim.Render(r.label+" ") + r.value
	}
	return out
}

// phrases writes rows as the health panel shows them: each its label, then its value.
func phrases(rows []row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.label + " " + r.value
	}
	return out
}

// settingsRows are the settings in force, each with its name (the longer words where w has
// room).
func settingsRows(cfg lab.Config, snap *lab.Snapshot, w int) []row {
	queue := fmt.Sprintf("%v %s", cfg.Pool.Queue, strings.ToUpper(string(cfg.Pool.Discipline)))
	timeout := "off"
	if cfg.Payment.Timeout.Kind != lab.TimeoutNone {
		timeout = fmt.Sprintf("%s %s", cfg.Payment.Timeout.Kind, fmtDur(cfg.Payment.Timeout.Duration.D()))
	}
	bh := cfg.Payment.Bulkhead
	bulkhead := "none"
	switch bh.Type {
	case lab.BulkheadNone:
	case lab.BulkheadThreadPool:
		bulkhead = fmt.Sprintf("threadpool %d/%d threads busy, queue %d/%d", snap.Bulkhead.ThreadsBusy, snap.Bulkhead.Size, snap.Bulkhead.Queued, snap.Bulkhead.QueueCap)
	case lab.BulkheadAdaptive:
		bulkhead = adaptiveSetting(cfg, snap)
	default:
		bulkhead = fmt.Sprintf("%s %d/%d permits in use", bh.Type, snap.Bulkhead.InUse, snap.Bulkhead.Size)
		if bh.MaxWait > 0 {
			bulkhead += ", max wait " + fmtDur(bh.MaxWait.D())
		}
	}
	breaker := []row{{label: "breaker", value: "off"}}
	if cfg.Payment.Breaker.Enabled {
		breaker = breakerRows(snap.Breaker)
	}
	var rates []string
	for _, c := range lab.Classes {
		if !snap.Active(c) {
			continue
		}
		if snap.Fleet != nil {
			rates = append(rates, rateSetting(snap.Config, snap, c)) // a fleet's health checks are its balancer's
			continue
		}
		rates = append(rates, rateSetting(cfg, snap, c))
	}
	rows := []row{
		{label: "pool", value: poolSetting(cfg)},
		{label: "queue", value: queue},
		{label: "timeout", value: timeout},
		{label: "bulkhead", value: bulkhead},
	}
	rows = append(rows, breaker...)
	rows = append(rows, row{label: "dependency", value: modeShort(cfg.Dependency)},
		row{label: "traffic", value: trafficMode(cfg.Traffic) + strings.Join(rates, ", ")})
	if st := cfg.Dependency.Stall; st.For > 0 {
		rows = append(rows, row{label: "stall", value: stallShort(st)})
	}
	if pr := cfg.Payment.Connections.PerRoute; pr > 0 {
		lease := cfg.Payment.Connections.LeaseTimeout.D()
		conns := []row{{label: "connections", value: fmt.Sprintf("%d of %d in use (cap per route: per destination host)", snap.Connections.InUse, pr)},
			{label: "lease wait", value: "up to " + fmtDur(lease) + " for one, holding the worker"}}
		if w < 100 {
			conns = []row{{label: "connections", value: fmt.Sprintf("%d of %d in use (per destination host), lease wait ≤ %s", snap.Connections.InUse, pr, fmtDur(lease))}}
		}
		rows = append(rows, conns...)
	}
	rows = append(rows, kneeRows(cfg)...)
	if len(snap.Chain) > 0 { // the chain follows from the settings
		rows = append(rows, row{label: "payment chain", value: strings.Join(snap.Chain, " → "), spare: true})
	}
	return rows
}

// breakerRows label each of the breaker's numbers: its state, the time to the next trial,
// the failure rate against its threshold, the calls counted against the minimum. While open
// they are those of the closed stretch that opened it, or of the trial that failed.
func breakerRows(b lab.BreakerStats) []row {
	rate := fmt.Sprintf("%.0f%% / threshold %.0f%%", b.FailureRate, b.Threshold)
	calls := fmt.Sprintf("%d / minimum %d", b.Calls, b.MinCalls)
	window := fmt.Sprintf("calls in the last %s", fmtDur(b.Window))
	switch {
	case b.State == "" || b.State == lab.BreakerOff:
		return []row{{label: "breaker", value: "on"}}
	case b.State == lab.BreakerHalfOpen:
		return []row{{label: "breaker", value: "HALF-OPEN: trial calls decide"}, {label: "trial calls", value: fmt.Sprintf("%d of %d", b.Calls, b.Trials)}}
	case b.State == lab.BreakerOpen && b.Retrial:
		return []row{{label: "breaker", value: "OPEN again: payments fail at once"}, {label: "next trial in", value: fmtSecs(b.OpenLeft)},
			{label: "the trial failed", value: fmt.Sprintf("(%d of %d)", b.Failures, b.Calls)},
			{label: "it opens at", value: fmt.Sprintf("%.0f%% failed of ≥ %d calls in %s", b.Threshold, b.MinCalls, fmtDur(b.Window))}}
	case b.State == lab.BreakerOpen:
		return []row{{label: "breaker", value: "OPEN: payments fail at once"}, {label: "next trial in", value: fmtSecs(b.OpenLeft)},
			{label: "it opened at failure rate", value: rate}, {label: window, value: calls}}
	}
	return []row{{label: "breaker", value: "closed: calls go through"}, {label: "failure rate", value: rate}, {label: window, value: calls}}
}

// modeShort is the dependency's mode in a few words, with its latency.
func modeShort(d lab.DependencyConfig) string {
	switch d.Mode {
	case lab.ModeHealthy:
		return "healthy " + fmtDur(d.HealthyLatency.D())
	case lab.ModeSlow:
		return "slow " + fmtDur(d.Latency.D())
	case lab.ModeDown:
		return "down (refuses)"
	case lab.ModeErrors:
		return "errors (500 at once)"
	case lab.ModeBrownout:
		return fmt.Sprintf("brownout (%s for %s, then healthy for %s)", fmtDur(d.Latency.D()), fmtDur(d.Brownout.Slow.D()), fmtDur(d.Brownout.Healthy.D()))
	}
	return string(d.Mode) + " " + fmtDur(d.Latency.D())
}

// healthRows: the dependency, the generator and the pool over the run, each with the few
// words that say what it is (the longer words where w has room).
func healthRows(s *lab.Snapshot, w int) []row {
	rows := []row{
		{label: "dependency in flight", value: fmt.Sprintf("%d%s (peak %d, %s calls)", s.Dependency.InFlight, dependencyLatency(s), s.Dependency.PeakInFlight, fmtCount(s.Dependency.Requests))},
		{label: "pool full (no free worker)", value: fmt.Sprintf("%s in all, of %s", fmtElapsed(s.Pool.FullFor), fmtElapsed(s.Elapsed))},
	}
	if s.Orphans.Total > 0 {
		rows = append(rows, row{label: "orphaned calls", value: fmt.Sprintf("%d running (%s so far)", s.Orphans.InFlight, fmtCount(s.Orphans.Total))})
	}
	if s.Breaker.Opened > 0 {
		rows = append(rows, row{label: "breaker opened", value: fmt.Sprintf("%d×", s.Breaker.Opened)})
	}
	rows = append(rows, slackRows(s)...)
	if s.Health.Pulls > 0 || s.Health.Pulled {
		state := "back in rotation"
		if s.Health.Pulled {
			state = "PULLED this instance: a real one would get no traffic, the lab keeps sending"
			if w < 100 {
				state = fmt.Sprintf("PULLED (%d failed checks; the lab keeps sending)", s.Config.Fleet.PullAfter)
			}
		}
		rows = append(rows, row{label: "balancer", value: fmt.Sprintf("%s (pulled %d× so far)", state, s.Health.Pulls)})
	}
	return append(rows,
		row{label: "generator lag p99", value: latency(s.Generator.Lag.P99, s.Generator.Lag.Count) + " (how late the lab sent)"},
		goroutinesRow(s))
}
