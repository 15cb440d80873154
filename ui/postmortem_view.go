// The screen's parts for the postmortem's mechanisms (seed 000): a pool that scales on
// queue length, a queue of goroutines with no cap, a dependency with a concurrency knee,
// a deadline and an adaptive limit. The general views call these where those show.

package ui

import (
	"fmt"
	"strings"

	"poollab/lab"
)

// poolSetting is the pool's settings item: its size, and how it scales.
func poolSetting(cfg lab.Config) string {
	p := cfg.Pool
	if p.Autoscale.Max == 0 {
		return fmt.Sprintf("%d workers", p.Workers)
	}
	return fmt.Sprintf("%d workers, scaling to %d on queue length", p.Workers, p.Autoscale.Max)
}

// adaptiveSetting is the adaptive bulkhead's settings item: the limit it has found.
func adaptiveSetting(cfg lab.Config, snap *lab.Snapshot) string {
	if snap.Bulkhead.Limit == 0 { // not started yet
		return fmt.Sprintf("adaptive, limit starts at %d", cfg.Payment.Bulkhead.Size)
	}
	return fmt.Sprintf("adaptive limit %d, %d in use", snap.Bulkhead.Limit, snap.Bulkhead.InUse)
}

// kneeRows are the settings of the postmortem's mechanisms that are on: the payment
// deadline and the dependency's knee.
func kneeRows(cfg lab.Config) []row {
	var rows []row
	if d := cfg.Payment.Deadline.D(); d > 0 {
		rows = append(rows, row{label: "deadline", value: fmtDur(d) + " from arrival, queue wait included"})
	}
	if d := cfg.Dependency; d.Knee > 0 {
		rows = append(rows, row{label: "knee", value: fmt.Sprintf("%d calls, then latency × (n/%d)^%g", d.Knee, d.Knee, d.KneeExponent)})
	}
	return rows
}

// rateSetting is a class's rate in force, marked when a profile moves it.
func rateSetting(cfg lab.Config, snap *lab.Snapshot, c lab.Class) string {
	r := cfg.Traffic.Label(c) + " " + fmtFloatRate(cfg.Traffic.RateAt(c, snap.Elapsed))
	if len(cfg.Traffic.Profile(c)) > 0 {
		r += " (profile)"
	}
	return r
}

// queueSummary is the queue line's count: of its places, or, unbounded, of its goroutines.
func queueSummary(p lab.PoolStats) string {
	if p.Unbounded {
		return fmt.Sprintf(" %s waiting, unbounded", fmtCount(int64(p.Queued))) // the discipline is in the settings
	}
	return fmt.Sprintf(" %d/%d waiting, %s", p.Queued, p.QueueCap, strings.ToUpper(string(p.Discipline)))
}

// growthItem is the pool legend's note on autoscaling: where it started, where it is.
func growthItem(s *lab.Snapshot) []string {
	if s.Pool.Max == 0 {
		return nil
	}
	return []string{fmt.Sprintf("scaled %d→%d of %d on queue length", s.Config.Pool.Workers, s.Pool.Size, s.Pool.Max)}
}

// dependencyLatency is what a call arriving now takes, when the knee makes it move.
func dependencyLatency(s *lab.Snapshot) string {
	if s.Config.Dependency.Knee == 0 {
		return ""
	}
	return ", a new call " + fmtLatency(s.Dependency.Latency)
}

// slackRows is the slack lost to the payment bulkhead: how many workers sat free, on
// average, when it turned a payment away (field guide §6).
func slackRows(s *lab.Snapshot) []row {
	if s.Slack.Rejections == 0 {
		return nil
	}
	return []row{{label: "slack lost:", value: fmt.Sprintf("%s workers free at each of %s bulkhead rejections",
		fmtWorkers(s.Slack.MeanFree), fmtCount(s.Slack.Rejections))}}
}

// goroutinesRow counts the lab's goroutines now, and their peak when it was higher.
func goroutinesRow(s *lab.Snapshot) row {
	value := fmtCount(s.Goroutines)
	if s.GoroutinesPeak > s.Goroutines {
		value += " (peak " + fmtCount(s.GoroutinesPeak) + ")"
	}
	return row{label: "goroutines", value: value + " (workers, calls, generator)"}
}

// postmortemChart is the second chart when one tells more than starvation: the adaptive
// limit, or the rate a traffic profile sets.
func postmortemChart(s *lab.Snapshot) (chartSpec, bool) {
	switch {
	case s.Config.Payment.Bulkhead.Type == lab.BulkheadAdaptive:
		return limitChart(s), true
	case len(s.Config.Traffic.Payment.Profile) > 0:
		return rateChart(s), true
	}
	return chartSpec{}, false
}

// limitChart plots the adaptive limit each second, 0..the pool's most workers.
func limitChart(s *lab.Snapshot) chartSpec {
	top := float64(max(s.Config.Pool.MaxWorkers(), 1))
	return chartSpec{
		leaves:  func(c lab.Class) bool { return c != lab.Payment },
		title:   "adaptive limit",
		value:   func(sec *lab.Second, _ int) float64 { return float64(sec.Limit) },
		atLeast: top,
	}
}

// rateChart plots each class's rate in force each second: a profile's steps.
func rateChart(s *lab.Snapshot) chartSpec {
	return chartSpec{
		title:   "rate/s (profile)",
		value:   func(sec *lab.Second, c int) float64 { return sec.Rate[c] },
		atLeast: 10,
		unit:    "/s",
		leaves:  func(c lab.Class) bool { return s.Config.Traffic.PeakRate(c) == 0 },
	}
}
