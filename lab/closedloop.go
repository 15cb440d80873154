// The closed-loop load as the screen and the reports read it: ClosedLoopStats and
// ClosedLoopReport.

package lab

import (
	"fmt"
	"time"
)

// ClosedLoopStats is the closed-loop load at one instant: what its users sent against what
// the target rate asked for.
type ClosedLoopStats struct {
	Users    int
	Think    time.Duration
	Rate     float64       // the target rate of the whole load, per second
	Interval time.Duration // one user's pacing: users / target rate (0: no traffic)
	Expected time.Duration // the interval the corrected latency assumes: the pacing, or the think time if longer
	// Due is how many requests the target rate asked for so far: its slots at 0, 1/rate, …
	// up to now (before the end of a bounded run, ⌊rate × elapsed⌋ + 1); Sent how many the users sent. Due − Sent were never sent: a user was
	// waiting for a reply when they fell due.
	Due, Sent       int64
	Outstanding     int64 // sent and not yet answered or turned away: never more than Users
	PeakOutstanding int64
}

// NotSent is how many requests fell due that no user sent.
func (s ClosedLoopStats) NotSent() int64 { return max(s.Due-s.Sent, 0) }

// The percentile ladder and the measurement lines of a report: how latency was measured
// (open loop from the schedule, closed loop from the send), what a closed loop did not send,
// and the stall that makes the difference.

// ClosedLoopReport is closed mode's load: what its users sent against what was due.
type ClosedLoopReport struct {
	Users           int     `json:"users"`
	Rate            float64 `json:"rate"` // the target rate of the whole load, per second
	ThinkMs         float64 `json:"think_ms"`
	IntervalMs      float64 `json:"interval_ms"`          // one user's pacing: users / target rate
	ExpectedMs      float64 `json:"expected_interval_ms"` // what latency_corrected_ms assumes
	Due             int64   `json:"due"`                  // the target rate's slots so far, the one at 0 s included
	Sent            int64   `json:"sent"`
	NotSent         int64   `json:"not_sent"`
	PeakOutstanding int64   `json:"peak_outstanding"` // never more than users
}

func closedLoopReport(s *ClosedLoopStats) *ClosedLoopReport {
	if s == nil {
		return nil
	}
	return &ClosedLoopReport{Users: s.Users, Rate: s.Rate, ThinkMs: ms(s.Think), IntervalMs: ms(s.Interval), ExpectedMs: ms(s.Expected),
		Due: s.Due, Sent: s.Sent, NotSent: s.NotSent(), PeakOutstanding: s.PeakOutstanding}
}

// CorrectedForms say what a closed loop's corrected row counts, longest first: every one
// from when it was due, not when sent, so how late its user sent it too (SentLate, the
// generator lag, its p50 said where the row has room: since sent already holds the time
// from the send to a worker, so "the time to a worker too" named no part of the gap between
// the rows' p50s, 1.5ms and 2.3ms: newcomer 65 G-minor 10), and the ones put back, never
// sent, each lasting until the reply its user was stuck waiting for (HdrHistogram's
// expected-interval correction). Put back as many as its count has over the measured one's,
// so the two counts read as the sum they are: "count 1000" beside 901 sent, unexplained,
// left a newcomer to ask how a request never sent has a latency (newcomer 42 G7).
// Uncounted where the row has not put back just the never sent (in a stall, its stuck reply
// not in: "+1" beside "50 never sent"); from alone where none was never sent. nil in an
// open loop.
func CorrectedForms(s *Snapshot) []string {
	if s.ClosedLoop == nil {
		return nil
	}
	pay := s.Classes[Payment]
	// The lag's p50, named, and where room is short named briefly, the row's "so" given up
	// for it: "(p50 598µs)" alone, the row's at 120 columns, left whose p50 to guess, the
	// lag's being said elsewhere only as its p99 and max (newcomer 75 #1).
	late, brief := "", ""
	if lag := s.Generator.Lag; lag.Count > 0 {
		late, brief = " (generator lag p50 "+FmtLatency(lag.P50)+")", " (lag p50 "+FmtLatency(lag.P50)+")"
	}
	notSent := s.ClosedLoop.NotSent()
	if notSent == 0 {
		return []string{"corrected: from when each was due, so " + SentLate + " too" + late,
			"corrected: from when each was due, so " + SentLate + " too",
			"corrected: from when due, " + SentLate + " too", "corrected: from when due"}
	}
	never := "the never sent too"
	if pay.LatencyCorrected.Count-pay.Latency.Count == notSent {
		never = fmt.Sprintf("+%s never sent", FmtCount(notSent))
	}
	return []string{"corrected: all from when due, so " + SentLate + " too" + late + "; " + never + ", each until its user's stuck reply",
		"corrected: from when due, so " + SentLate + " too" + late + "; " + never + ", each until its user's stuck reply",
		"corrected: from when due, " + SentLate + " too" + brief + "; " + never + ", each until its user's stuck reply",
		"corrected: from when due, so " + SentLate + " too; " + never + ", each until its user's stuck reply",
		"corrected: from when due; " + never + ", each until its user's stuck reply",
		"corrected: " + never + ", from when due to the stuck reply",
		"corrected: " + never + ", from due to the stuck reply",
		"corrected: " + never}
}

// SentLate is what a latency timed from when a closed loop's request was due takes in over
// one timed from its send: how late its user sent it, the generator lag (the screen's
// "generator lag", which a closed loop times from each slot, or from the reply that
// outlasted it).
const SentLate = "how late each was sent"
