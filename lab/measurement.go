// What the way the load is sent does to what gets measured (MeasurementForecast), and
// StallConfig.In.

package lab

import (
	"fmt"
	"time"
)

// NoneHeldBack is the open loop's point in the words every screen says it in: no reply
// holds a request back, whatever the pool does.
const NoneHeldBack = "none held back for a reply"

// OpenLoopMeasures is what a closed loop's corrected latency recovers: each timed from when
// due, as an open loop times every request it sends (closed-loop's corrected p99 beside
// open-loop's, 922ms and 927ms at 8s, read as a coincidence: newcomer 60 G11).
const OpenLoopMeasures = "what an open loop measures"

// MeasurementForecast is what the way the load is sent does to what gets measured, when
// the dependency stalls (accepts, answers nothing) for For. Open loop: every request due
// in a stall is sent, none held back for a reply, and waits for its end, and its latency, counted from the
// schedule, says so. Closed loop: each user sends one request into the stall and waits with
// it; the others that fall due are never sent, so their slow samples never exist.
type MeasurementForecast struct {
	Mode TrafficMode
	Rate float64       // the target rate of the whole load (Σ classes), per second
	Gap  time.Duration // between two requests at that rate: 1 / rate
	// Closed loop, when replies are fast: one user's pacing (users / rate), the interval
	// the corrected latency assumes (the pacing, or the think time if longer), and the rate
	// the users then send at (users / that interval: the target rate unless think limits it).
	Users    int
	Interval time.Duration
	Expected time.Duration
	Sending  float64

	Stall    time.Duration // how long one stall lasts; 0: no stall
	Stalls   int           // stalls that begin within a headless run (its duration)
	StallDue float64       // requests that fall due during one stall: sending rate × stall
	// StallNotSent is how many of those a closed loop never sends: all but the one each
	// user sends into the stall before waiting with it (0 once there are as many users as
	// requests due in it). The first request after the stall goes at once, for the latest
	// slot the stall outlasted; the pacing keeps its grid, the missed ones skipped, not
	// caught up: the corrected latency puts back exactly those.
	StallNotSent float64
	// Samples is how many latencies the run records (fast replies, no other losses): the
	// sending rate × duration, less what the closed loop never sends.
	Samples float64
}

// measurement works out c's MeasurementForecast.
func (c Config) measurement() MeasurementForecast {
	t := c.Traffic
	m := MeasurementForecast{Mode: t.Mode, Rate: TotalRate(t.Rates()), Users: t.Users}
	m.Sending = m.Rate
	if m.Rate > 0 {
		m.Gap = time.Duration(float64(time.Second) / m.Rate)
	}
	if t.Mode == Closed && m.Rate > 0 {
		m.Interval = time.Duration(float64(t.Users) / m.Rate * float64(time.Second))
		m.Expected = max(m.Interval, t.Think.D())
		m.Sending = float64(t.Users) / m.Expected.Seconds()
	}
	dur := c.Duration.D()
	st := c.Dependency.Stall
	if c.Dependency.Stalls() {
		m.Stall = st.For.D()
		m.StallDue = m.Sending * m.Stall.Seconds()
		if t.Mode == Closed {
			m.StallNotSent = max(m.StallDue-float64(t.Users), 0)
		}
		if st.FirstAt.D() < dur {
			m.Stalls = 1
			if st.Every > 0 {
				m.Stalls += int((dur - st.FirstAt.D() - 1) / st.Every.D())
			}
		}
	}
	m.Samples = m.Sending*dur.Seconds() - float64(m.Stalls)*m.StallNotSent
	return m
}

// TotalRate is the classes' rates together: the rate of the whole load.
func TotalRate(rates [numClasses]float64) float64 {
	var sum float64
	for _, r := range rates {
		sum += r
	}
	return sum
}

// In says whether a run elapsed this long is inside one of the stalls, and when the one
// under way (or else the next) began or begins, counted from the run's start.
func (st StallConfig) In(elapsed time.Duration) (in bool, at time.Duration) {
	first, every, span := st.FirstAt.D(), st.Every.D(), st.For.D()
	if span <= 0 {
		return false, 0
	}
	if elapsed < first {
		return false, first
	}
	at = first
	if every > 0 {
		at += (elapsed - first) / every * every
	}
	if elapsed < at+span {
		return true, at
	}
	if every > 0 {
		return false, at + every
	}
	return false, at
}

// OpenLoopSent is an open loop's samples line after "samples sent", and what follows it where
// it fits: how many were sent, and that none was held back for a reply, which is the open
// loop's point. It does not claim they left on time: on a busy machine they leave late
// (generator lag), and "every one on schedule" stood beside the lab's own ⚠ of lag p99 6.6ms
// (newcomer 53). How late they left is said with its number: the generator lag's own line
// is hidden with the lab's own measures.
func (s *Snapshot) OpenLoopSent() (line, why string) {
	why = " (open loop; how late they left: generator lag)"
	if l := s.Generator.Lag; l.Count > 0 {
		why = " (open loop; how late they left: generator lag p99 " + FmtLatency(l.P99) + ")"
	}
	return FmtCount(s.Arrived()) + ", " + NoneHeldBack, why
}

// Over is how many of the stalls have ended by elapsed.
func (st StallConfig) Over(elapsed time.Duration) int {
	first, every, span := st.FirstAt.D(), st.Every.D(), st.For.D()
	if span <= 0 || elapsed < first+span {
		return 0
	}
	if every <= 0 {
		return 1
	}
	return int((elapsed-first-span)/every) + 1
}

// DueInStalls is what fell due in the stalls over by elapsed, for the open loop's lesson
// once one is over: "all 100 due in the dependency's stall (1s at 5s)", or, after more,
// "all 100 due in each of the dependency's 2 stalls (1s at 5s, every 10s)". "each dependency
// stall" beside the one stall of the run so far read as several (newcomer 54).
func (m MeasurementForecast) DueInStalls(st StallConfig, elapsed time.Duration) string {
	due := "all " + FmtWorkers(m.StallDue) + " due in "
	if n := st.Over(elapsed); n > 1 {
		return fmt.Sprintf("%seach of the dependency's %d stalls (%s)", due, n, stallShort(st))
	}
	return due + "the dependency's stall (" + st.First() + ")"
}

// StallReleased says why an open loop's slowest samples, all held by a stall, stand closer
// together than their arrivals: p99.9 998ms of 1000 beside max 1.00s, the 2nd slowest due
// 10ms after the slowest, read as a miscount (newcomer 84 W2). Measured against the raw
// samples (s96b): the replies the stall held came back 3 to 18ms after its end, in no order
// of sending, so each reads the stall less how much later it was due plus its own delay.
// Plainly, with the ladder's figures where the p99.9 is the 2nd slowest (1000 to 1999
// samples) and stands above max less the gap, as printed: "its slowest < 10ms apart" left slowest of
// what, apart from what, to guess (newcomers 86 G1, 87 G1). Longest first; nil before a
// stall is over, in a closed loop (its own corrected row times them), without a stall, or
// where that p99.9 stands at max less the gap or under as printed, as sent.
func (s *Snapshot) StallReleased() []string {
	// The payments' own gap and count: the ladder is theirs, the measurement's every class's (review B5).
	st, pay := s.Config.Dependency.Stall, s.Config.Traffic.Rate(Payment)
	if s.Config.Traffic.Mode == Closed || st.Over(s.Elapsed) == 0 || pay <= 0 {
		return nil
	}
	whose := "the stall's "
	if st.Over(s.Elapsed) > 1 {
		whose = "each stall's "
	}
	gap := time.Duration(float64(time.Second) / pay)
	held := whose + FmtWorkers(pay*st.For.D().Seconds()) + " held replies came back"
	whole, brief := held+" together a few ms after it ended, in no order", held+" at once, unordered"
	l := s.Classes[Payment].Latency
	if s.Config.Traffic.Arrivals != Uniform || l.Count < 1000 || l.Count >= 2000 {
		return []string{whole, brief}
	}
	// As printed: 996ms beside max 1.01s reads 10ms under it or more, as sent.
	if ShownLatency(l.P999) <= ShownLatency(l.Max)-gap { // the ladder stands as they were sent: nothing to explain
		return nil
	}
	not := "p99.9 " + FmtLatency(l.P999) + ", not max − " + FmtDur(gap)
	return []string{not + " as sent: " + whole, not + " as sent: " + held + " together, in no order", not + ": " + brief, whole, brief}
}

// StallReleasedHelp is the ladder help's account of StallReleased's note.
func StallReleasedHelp() string {
	return "in an open loop past a stall, where there is room, why its slowest stand closer than they were sent, " +
		"\"p99.9 999ms, not max − 10ms as sent: the stall's 100 held replies came back together a few ms after it ended, in no order\": " +
		"the 100 requests due in the 1s stall, sent 10ms apart, all waited for its end, so each took the stall less how much later it was sent, " +
		"plus the few ms its reply took once released, in no order of sending; so the 2nd slowest (the p99.9 of 1000 to 1999 samples) " +
		"stands less than 10ms under the slowest, the max"
}
