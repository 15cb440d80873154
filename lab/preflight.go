// The pre-flight's verdicts: how late is honest, PreflightRow and PreflightReport.

package lab

import (
	"fmt"
	"io"
	"time"
)

// The generator's lag p99 tells whether the lab's figures are on time: at most HonestLag
// they are (an idle machine's timers do ~1 ms); past LateLag the live lab warns that the
// machine is too busy and its latencies may run that late.
const (
	HonestLag = 2 * time.Millisecond
	LateLag   = 5 * time.Millisecond
)

// Verdict is whether a machine shows a preset honestly.
type Verdict uint8

const (
	Honest   Verdict = iota // lag p99 ≤ HonestLag
	Marginal                // ≤ LateLag: numbers right, timing blurred by a millisecond or two
	TooSlow                 // beyond: arrivals leave late, so latencies and rates are off
)

func (v Verdict) String() string {
	return [...]string{"honest", "marginal", "too slow"}[v]
}

// VerdictFor judges a generator lag p99.
func VerdictFor(lagP99 time.Duration) Verdict {
	switch {
	case lagP99 <= HonestLag:
		return Honest
	case lagP99 <= LateLag:
		return Marginal
	}
	return TooSlow
}

// Late says the generator may have been running late in this run: its lag p99 is past
// LateLag, however few sends it is of (the tests' allowance for a busy machine).
func (s *Snapshot) Late() bool { return s.Generator.Lag.P99 > LateLag }

// TooBusy is Late as the screen warns of it: once the p99 is of EnoughSamples sends, as
// the pre-flight's verdict is. Before, the p99 is the slowest send, and one late send (the
// start, a collection) made an idle machine "too busy": stacked-timeouts beside
// deadline-propagation at 8s, lag p99 = max = 5.5ms of 77 sends.
func (s *Snapshot) TooBusy() bool { return s.Late() && LagJudged(s.Generator.Lag) }

// TooBusyWarning is the screen's ⚠ when the machine runs the lab late (TooBusy), widest
// first: the screen draws the first that fits its room. Of every request sent, those turned
// away too, which the table's p99:lag leaves out (newcomer 21 read 6.1ms here beside p99:lag
// of 2.1ms at most). Which figures it touches, by the run's own lag: the latencies, timed
// from when each request was due.
func (s *Snapshot) TooBusyWarning() []string {
	lag, most := FmtLatency(s.Generator.Lag.P99), FmtDur(LateLag)
	return []string{
		fmt.Sprintf("⚠ this machine is too busy: the lab sent requests late (generator lag p99 %s over every request sent, those turned away too; more than %s), "+
			"so latencies, timed from when each was due, may run ~%s long", lag, most, lag),
		fmt.Sprintf("⚠ this machine is too busy: requests left late (lag p99 %s of all sent, over %s), so latencies may run ~%s long", lag, most, lag),
		fmt.Sprintf("⚠ too busy: latencies may run ~%s long (lag p99 of all sent, over %s)", lag, most),
		fmt.Sprintf("⚠ too busy: latencies may run ~%s long (lag p99)", lag),
	}
}

// TooBusyCompared is TooBusyWarning in a compare half, one line each, widest first: that a
// gap between A and B under the lag may be the machine's (newcomer 25: "figures may run
// late" on both halves, "which figures? does the comparison still hold?"), in the summary's
// name for it, B − A ("latency gaps": what gap?, newcomer 29).
func (s *Snapshot) TooBusyCompared() []string {
	lag := FmtLatency(s.Generator.Lag.P99)
	return []string{
		fmt.Sprintf("⚠ too busy: latencies may run ~%s long (lag p99 of all sent); a latency's B − A under that may be the machine's", lag),
		fmt.Sprintf("⚠ too busy: latencies may run ~%s long; B − A under that may be the machine's", lag),
		fmt.Sprintf("⚠ too busy: B − A under ~%s may be the machine's", lag),
		fmt.Sprintf("⚠ too busy: latencies may run ~%s long (lag p99)", lag),
		"⚠ too busy: figures may run late",
	}
}

// LagJudged says a lag's p99 is of enough sends to judge the machine by (EnoughSamples):
// the pre-flight's rule and the screen's warning's.
func LagJudged(lag Percentiles) bool { return lag.OfEnough() }

// PreflightRow is one preset run briefly on this machine.
type PreflightRow struct {
	Preset  string
	Lag     Percentiles // the generator's lateness
	Timers  Percentiles // a probe's timers, every millisecond through the run: how late any send would be
	Cost    Cost
	Verdict Verdict
}

// A pre-flight runs each preset for DefaultPreflight, at most MaxPreflight: every preset
// runs in turn, so a minute each is already a long wait.
const (
	DefaultPreflight = 2 * time.Second
	MaxPreflight     = time.Minute
)

// CheckPreflight says what is wrong with d as a pre-flight's run per preset, if anything.
func CheckPreflight(d time.Duration) error {
	if d <= 0 || d > MaxPreflight {
		return fmt.Errorf("must be more than 0s and at most %s, got %s", MaxPreflight, d)
	}
	return nil
}

// EnoughSamples is how many a p99 needs before it says more than the slowest one did.
const EnoughSamples = 100

// PreflightReport is every preset's row and the verdict on the machine.
type PreflightReport []PreflightRow

// Honest says every preset ran on time.
func (r PreflightReport) Honest() bool {
	v, ok := r.worst()
	return ok && v == Honest
}

// worst is the verdict on the machine, its worst preset's; ok is false when no preset ran,
// which is no verdict at all.
func (r PreflightReport) worst() (v Verdict, ok bool) {
	for _, row := range r {
		v = max(v, row.Verdict)
	}
	return v, len(r) > 0
}

// Write prints one row per preset, then one line on whether this machine can run the
// workshop. An interrupted check ran only some presets: it gets no verdict on the machine.
func (r PreflightReport) Write(w io.Writer, interrupted bool) error {
	rows := [][]string{{"preset", "lag p99", "sends", "timers p99", "CPU", "memory", "verdict"}}
	for _, row := range r {
		rows = append(rows, []string{row.Preset, fmt.Sprintf("%.1f ms", ms(row.Lag.P99)), itoa(row.Lag.Count),
			fmt.Sprintf("%.1f ms", ms(row.Timers.P99)), cpuShare(row.Cost), megabytes(row.Cost.Peak), row.Verdict.String()})
	}
	if err := writeAligned(w, rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nlag: how late the generator sent each preset's requests against their schedule (over that many sends);\n"+
		"timers: how late a probe woke, every millisecond during the same run. The verdict takes the worse p99 of the\n"+
		"two (the lag's only from %d sends on): honest ≤ %v, marginal ≤ %v, too slow beyond\n", EnoughSamples, HonestLag, LateLag)
	worst, ok := r.worst()
	var line string
	switch {
	case interrupted:
		line = "interrupted before every preset ran: no verdict on this machine; check again"
	case !ok:
		line = "no preset ran: no verdict on this machine"
	case worst == Honest:
		line = "this machine can run the workshop: every preset's figures are on time"
	case worst == Marginal:
		line = "this machine is marginal: figures run up to a few milliseconds late; close other programs (screen recorders, video calls) and check again"
	default:
		line = "this machine is too busy to run the workshop honestly: requests leave late, so latencies and rates on screen would be wrong; close other programs and check again"
	}
	_, err := fmt.Fprintln(w, line)
	return err
}

// cpuShare writes a run's CPU as a share of one core, or says the system did not tell it.
func cpuShare(c Cost) string {
	share, ok := c.CPUShare()
	if !ok {
		return "not known"
	}
	return fmt.Sprintf("%.0f%% of a core", 100*share)
}

// megabytes writes a memory figure; below a tenth of a megabyte the garbage collector's own
// swings are larger than the figure.
func megabytes(b uint64) string {
	if b < 50_000 {
		return "<0.1 MB"
	}
	return fmt.Sprintf("%.1f MB", float64(b)/1e6)
}
