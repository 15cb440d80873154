// The screen's parts for the postmortem's mechanisms (article 000) beyond their items (those are
// lab's): the queue line of a queue of goroutines with no cap, the pool legend's growth, and
// the second chart of a mechanism's measure (an adaptive limit) or a traffic profile.

package ui

import (
	"fmt"

	"poollab/lab"
)

// queueSummary is the queue line's count: of its places, or, unbounded, of its goroutines.
func queueSummary(p lab.PoolStats) string {
	if p.Unbounded {
		return fmt.Sprintf(" %s waiting, unbounded", fmtCount(int64(p.Queued))) // the discipline is in the settings
	}
	return queueCount(p) + ", " + p.Discipline.Label()
}

// oldestNote is the queue line's note on the oldest request waiting, " · oldest waiting 5.1s
// (one of the payments)", short " · oldest 5.1s"; "" with none waiting.
func oldestNote(p lab.PoolStats, tr lab.TrafficConfig, short bool) string {
	if said := p.OldestWaitingSaid(tr, short); said != "" {
		return " · " + said
	}
	return ""
}

// queueCount is a bounded queue's count alone, " 43/100 waiting", where its discipline
// gives way (the settings say it).
func queueCount(p lab.PoolStats) string { return fmt.Sprintf(" %d/%d waiting", p.Queued, p.QueueCap) }

// growthItem is the pool legend's note on autoscaling: where it started, its most where it
// shrank back since, where it is, what it scaled on, and, unless short, the most that
// waited: "scaled 8→36 … on queue length"
// beside "queue 0 waiting" read as growth on nothing (newcomer 31).
func growthItem(s *lab.Snapshot, short bool) []string {
	if s.Pool.Max == 0 {
		return nil
	}
	path := fmt.Sprintf("%d→%d", s.Config.Pool.Workers, s.Pool.Size)
	if p := s.Pool.PeakSize; p > s.Pool.Size && p > s.Config.Pool.Workers {
		// Its most too, "8→36→12": "8→12" beside 34 workers held in a second of the chart
		// hid that it grew and shrank back (newcomer 79 G2).
		path = fmt.Sprintf("%d→%d→%d", s.Config.Pool.Workers, p, s.Pool.Size)
	}
	item := fmt.Sprintf("scaled %s of %d on queue length", path, s.Pool.Max)
	if s.Pool.PeakQueued > 0 && !short {
		item += fmt.Sprintf(" (peak %s waiting)", fmtCount(int64(s.Pool.PeakQueued)))
	}
	return []string{item}
}

// postmortemChart is the second chart when one tells more than starvation: a mechanism's
// own measure of the payments (an adaptive limit), or what arrived under a traffic profile.
func postmortemChart(s *lab.Snapshot) (chartSpec, bool) {
	if series, ok := lab.PaymentSeries(s); ok {
		return seriesChart(series), true
	}
	if len(s.Config.Traffic.Payment.Profile) > 0 {
		return rateChart(s), true
	}
	return chartSpec{}, false
}

// seriesChart plots a mechanism's measure of the payments each second.
func seriesChart(series lab.Series) chartSpec {
	return chartSpec{
		leaves:  onlyPayments,
		title:   series.Title,
		measure: series.Name,
		keyUnit: series.Unit,
		value:   func(sec *lab.Second, _ int) float64 { return series.Of(sec) },
		atLeast: fixedReach(series.AtLeast),
	}
}

// onlyPayments leaves out every class but payment.
func onlyPayments(c lab.Class) bool { return c != lab.Payment }

// rateChart plots what arrived each second of the class a traffic profile steps (arrivedMark),
// and what it had ok that second under it (okMark): the rate as set drew under ok in the first
// second, where random arrivals topped it (newcomer 23), and its class's P read as payment.
func rateChart(s *lab.Snapshot) chartSpec {
	title := "arrived/s and ok/s"
	if steps := s.Config.Traffic.ProfileSteps(lab.Payment); steps != "" {
		title = "arrived " + steps + " and ok" // its rates say /s, in 59 columns at 120x40
	}
	return chartSpec{
		title: title,
		short: "arrived/s and ok/s",
		value: func(sec *lab.Second, c int) float64 { return float64(sec.Arrived[c]) },
		ok:    func(sec *lab.Second, c int) float64 { return float64(sec.OK[c]) },
		legend: func(s *lab.Snapshot) (string, string, func(int) float64) {
			last := s.LastSecond() // what arrived as it ended, and what it had ok (the strips' ends)
			what := "last second " + s.LastSpan()
			return what, s.LastSpan(), func(c int) float64 { return float64(last.Arrived[c]) }
		},
		atLeast: trafficReach(onlyPayments),
		traffic: true,
		unit:    "/s",
		leaves:  onlyPayments, // the profile is the payments'
	}
}
