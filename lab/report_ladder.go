// A report's percentile ladder and measurement lines: how latency was measured (open loop from
// the schedule, closed loop from the send), what a closed loop did not send, and the stall.

package lab

import (
	"fmt"
	"time"
)

// latencyOrigin says where a run's latency is measured from, as its reports say it (the
// screen's column heads say it shorter).
func latencyOrigin(t TrafficConfig) string {
	if t.Mode == Closed {
		return "from each request's send (closed loop: no schedule, the send is the arrival)"
	}
	return "from each request's scheduled arrival"
}

// latencyNote is the table format's last line about latency.
func (r Report) latencyNote() string {
	note := "latency is measured " + latencyOrigin(r.Config.Traffic)
	if r.ClosedLoop != nil {
		note += ", so requests never sent have none; corrected puts them back at the users' pacing interval"
	}
	return note
}

// SameTrafficNote says what two compared runs share: the same traffic, or, when they send
// it differently, the same target traffic sent two ways.
func SameTrafficNote(a, b Config) string {
	if a.Traffic.Mode == b.Traffic.Mode {
		return "same traffic"
	}
	return fmt.Sprintf("same target traffic, A sent %s, B sent %s", a.Traffic.Mode.Loop(), b.Traffic.Mode.Loop())
}

// TimingVaries is what one seed does not fix in two runs: their counts are the arrivals',
// their latencies measured on this machine, with both runs on it at once (the settings'
// "the seed fixes arrival times; timing is measured, so it varies run to run", in a
// compare's title). Said of the latencies: "timing varies by run" only hinted why every
// p99 differed from each run's alone, the counts the same (newcomer 50), and "latencies
// vary by run" left why a compare's differ from a lone run's to guess (newcomer 59 #16):
// a compare's two runs share the machine, each lone run had it to itself. TimingVariesBrief
// says it where the title has less room.
const (
	TimingVaries      = "latencies timed with both running"
	TimingVariesBrief = "timed with both running"
)

// TimedBoth is TimingVaries where a compare's p99s are, beside them, longest first: in a
// title crowded with the totals' and the missing rows' words, "latencies timed with both
// running" went unread beside signup's p99 4.2ms against a lone run's 3.5ms, every count
// the same (newcomer 64 W16); counts differ "a little" too, as the help says, so not "counts
// do not" (newcomer 80 W3).
var TimedBoth = []string{"p99s " + TimingVariesBrief + ", so they differ from solo runs more than counts do",
	"p99s " + TimingVariesBrief + ": unlike solo runs", "p99s: both running, unlike solo runs"}

// Loop names the mode in words: "open loop", "closed loop".
func (m TrafficMode) Loop() string { return string(m) + " loop" }

// ladderRows is the percentile ladder of every class of every report, with the corrected
// latency under it in closed mode; prefix names each report's rows (A, B) in a comparison.
func ladderRows(reports []Report, prefix []string) [][]string {
	out := [][]string{{"latency ms", "p50", "p90", "p99", "p99.9", "p99.99", "max", "count"}}
	row := func(name string, p PercentileReport) []string {
		has := p.Count > 0
		return []string{name, fmtMs(p.P50, has), fmtMs(p.P90, has), fmtMs(p.P99, has), fmtMs(p.P999, has),
			fmtMs(p.P9999, has), fmtMs(p.Max, has), itoa(p.Count)}
	}
	for i, r := range reports {
		pre := ""
		if prefix != nil {
			pre = prefix[i]
		}
		for _, c := range r.order {
			cr := r.Classes[c.String()]
			if cr.Arrived == 0 {
				continue // no traffic, no latency
			}
			out = append(out, row(pre+c.String(), cr.Latency))
			if cr.LatencyCorrected != nil {
				out = append(out, row(pre+c.String()+" corrected", *cr.LatencyCorrected))
			}
		}
	}
	return out
}

// measurementLines say how the load was sent and what it missed: the closed loop's unsent
// requests and the dependency's stalls.
func (r Report) measurementLines() []string {
	var lines []string
	if st := r.Config.Dependency.Stall; st.For > 0 {
		lines = append(lines, "dependency stall: "+stallText(st))
	}
	if cl := r.ClosedLoop; cl != nil {
		lines = append(lines, fmt.Sprintf("closed loop: %s, each one request per %s after the last reply%s; sent %d of the %d due at %g/s: %d never sent",
			UsersText(cl.Users), time.Duration(cl.IntervalMs*float64(time.Millisecond)), thinkText(cl.ThinkMs), cl.Sent, cl.Due, cl.Rate, cl.NotSent))
	}
	return lines
}

// UsersText writes a count of virtual users: "1 user", "10 users"; the screen's words too.
func UsersText(n int) string {
	if n == 1 {
		return "1 user"
	}
	return fmt.Sprintf("%d users", n)
}

func thinkText(msThink float64) string {
	if msThink <= 0 {
		return ""
	}
	return fmt.Sprintf(" (+%s think)", time.Duration(msThink*float64(time.Millisecond)))
}

// stallText writes a stall schedule in the report's words: "1s at 5s", "1s every 10s from
// 5s" (the screen's settings panel says it shorter).
func stallText(st StallConfig) string {
	if st.For <= 0 {
		return "none"
	}
	if st.Every <= 0 {
		return fmt.Sprintf("%s at %s (answers nothing, accepts everything)", st.For, st.FirstAt)
	}
	return fmt.Sprintf("%s every %s from %s (answers nothing, accepts everything)", st.For, st.Every, st.FirstAt)
}
