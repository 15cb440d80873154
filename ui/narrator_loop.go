package ui

import (
	"fmt"
	"time"

	"poollab/lab"
)

// narrateMeasurement explains a measurement run (closed-loop traffic, or a dependency that
// stalls) in one sentence: what the way the load is sent does to what gets measured, and in
// closed mode what is missing and why. The numbers come first, since compare mode's halves
// show only two lines of it. Forecast numbers come from f.Measurement, measured ones from
// the snapshot. false: not a measurement run; narrate as usual.
func narrateMeasurement(cfg lab.Config, f lab.Forecast, s *lab.Snapshot, spare *spareClause) (string, bool) {
	m := f.Measurement
	closed := cfg.Traffic.Mode == lab.Closed
	if !closed && m.Stall == 0 || m.Rate == 0 {
		return "", false
	}
	pay := s.Classes[lab.Payment]
	st := cfg.Dependency.Stall
	stalled, began := st.In(s.Elapsed)
	before := m.Stall > 0 && !stalled && s.Elapsed < st.FirstAt.D()
	p99 := func(p lab.Percentiles) string { return latency(p.P99, p.Count) }
	when := st.First()

	if !closed { // an open loop with a stall
		// "Sent, none held back for a reply", never "on time": the open loop's point is that
		// no reply holds a request back, and "sent on time" stood beside the lab's own ⚠ of
		// late sends on a busy machine (newcomer 53).
		switch {
		case before:
			return fmt.Sprintf("open loop: one request every %s whatever the replies; all %s due in the stall (%s) are sent, %s, and wait for its end",
				fmtSecs(m.Gap), fmtWorkers(m.StallDue), when, lab.NoneHeldBack), true
		case stalled:
			return fmt.Sprintf("open loop: stalled %s of %s, still sending one every %s: each waits from its scheduled arrival, as a user would",
				fmtSecs(s.Elapsed-began), fmtSecs(m.Stall), fmtSecs(m.Gap)), true
		}
		// What waited where, said plainly: "(service, not queue)" was in no help
		// entry (newcomer 82 G2).
		return fmt.Sprintf("open loop: %s were sent, %s, and waited it out in their calls (service time, not queue wait): p99 %s of %s samples, as the users lived it",
			m.DueInStalls(st, s.Elapsed), lab.NoneHeldBack, p99(pay.Latency), fmtCount(pay.Latency.Count)), true
	}

	cl := s.ClosedLoop
	switch {
	case m.Stall == 0 || cl == nil:
		return fmt.Sprintf("closed loop: %s, each sending one request per %s, only after the last reply: when replies slow down, so does the load, and the slow moments leave fewer samples",
			lab.UsersText(m.Users), fmtSecs(m.Interval)), true
	case before:
		return fmt.Sprintf("closed loop: when the dependency stalls (%s), %s waits for a reply: ~%s of the %s due never sent, no slow samples",
			when, lab.UsersText(m.Users), fmtWorkers(m.StallNotSent), fmtWorkers(m.StallDue)), true
	case stalled:
		return fmt.Sprintf("closed loop: stalled %s of %s, %s never sent so far: %s waits for a reply, sends nothing, records nothing",
			fmtSecs(s.Elapsed-began), fmtSecs(m.Stall), fmtCount(cl.NotSent()), lab.UsersText(m.Users)), true
	}
	// "corrected" is the lesson's key word: every sample timed from when it was due, and the
	// ones the loop never sent put back at its pacing (lab's LatencyCorrected), each until
	// the reply its user waited for, as a sent one's own. Said in plain grammar, "(from when
	// due, unsent to the stall's end)" was itself a riddle (newcomer 28); "(timed from when
	// each was due)" left an unsent one's end to guessing beside "99 never sent" (newcomer
	// 29). Two lines at 80 columns, three of half a 120-column screen: what the correction
	// recovers only on one lab's screen with the room (fuller).
	spare.fuller = [2]string{"user's reply)", "user's reply: " + lab.OpenLoopMeasures + ")"}
	return fmt.Sprintf("closed loop: %s of %s due never sent; p99 %s; %s; corrected p99 %s (each from when due until its user's reply)",
		fmtCount(cl.NotSent()), fmtCount(cl.Due), p99(pay.Latency), stallShows(pay.Latency, m.Stall), p99(pay.LatencyCorrected)), true
}

// stallShows says which of the ladder's percentiles, as measured, show a stall (lab's
// ShowStall): "only max 1.00s shows the stall", or "only the slowest 1 of 701 shows the
// stall (1.00s)" when p99.99 of a few hundred samples is the slowest sample too; named as
// shares of the samples, or their count where they are few (Rung.SlowestOf), not rungs:
// 80x24 draws no ladder ("p99.9 and up", newcomer 58).
func stallShows(p lab.Percentiles, stall time.Duration) string {
	shown := p.ShowStall(stall)
	switch len(shown) {
	case 0:
		return "no percentile shows the stall"
	case 1:
		return fmt.Sprintf("only max %s shows the stall", latency(p.Max, p.Count))
	}
	// By count where the share is under a handful of samples: "slowest 0.1%" of 701 was
	// under one request (newcomer 59 W-minor 10).
	slowest, k := shown[0].SlowestOf(p.Count)
	show, most := "show", " at most"
	if k == 1 { // one sample: it is the max
		show, most = "shows", ""
	}
	if len(shown) == 2 {
		return fmt.Sprintf("only the %s %s the stall (%s)", slowest, show, latency(p.Max, p.Count))
	}
	return fmt.Sprintf("%s %s the stall (%s%s)", slowest, show, latency(p.Max, p.Count), most)
}
