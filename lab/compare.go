// Two runs compared: SameTraffic, the Comparison (its rows and differences) and how it is
// written.

package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// SameTraffic returns b with a's traffic and duration, but for how b sends it: its traffic
// mode, users and think time stay b's, so a closed-loop run can be compared with an open-loop
// one at the same target rates, arrivals and seed.
func SameTraffic(a, b Config) Config {
	mode, users, think := b.Traffic.Mode, b.Traffic.Users, b.Traffic.Think
	b.Traffic, b.Duration = a.Traffic, a.Duration
	b.Traffic.Mode, b.Traffic.Users, b.Traffic.Think = mode, users, think
	return b
}

// Comparison is two runs of the same traffic and what changed from A to B.
type Comparison struct {
	Runs        [2]Report            `json:"runs"`
	Differences map[string]ClassDiff `json:"differences"` // B minus A, per class
	Rows        []ComparisonRow      `json:"-"`           // the table, as the live lab shows it too
}

// ClassDiff is B − A for one class.
type ClassDiff struct {
	OK       int64            `json:"ok"`
	Failed   int64            `json:"failed"`
	TimedOut int64            `json:"timed_out"`
	Rejected map[string]int64 `json:"rejected"`
	P99Ms    *float64         `json:"p99_ms"` // null when either run finished nothing: no latency to subtract (the table's "–")
}

// NewComparison puts two runs side by side.
func NewComparison(a, b Snapshot) Comparison {
	rows := CompareClasses(&a, &b)
	return Comparison{Runs: [2]Report{NewReport(a), NewReport(b)}, Differences: differences(rows), Rows: rows}
}

// differences is the table's rows by class, so the JSON and the table never disagree: the
// same classes, and no p99 difference where the table shows none. A counter the table
// leaves out is 0 in both runs.
func differences(rows []ComparisonRow) map[string]ClassDiff {
	out := map[string]ClassDiff{}
	for _, r := range rows {
		d, ok := out[r.Class.String()]
		if !ok {
			d.Rejected = map[string]int64{}
			for _, reason := range Reasons {
				d.Rejected[reason.String()] = 0
			}
		}
		v := r.B - r.A
		switch reason, rejected := strings.CutPrefix(r.Counter, "rejected:"); {
		case rejected:
			d.Rejected[reason] = v
		case r.Counter == "ok":
			d.OK = v
		case r.Counter == "failed":
			d.Failed = v
		case r.Counter == "timed out":
			d.TimedOut = v
		case r.Latency() && !r.None[0] && !r.None[1]:
			p99 := round(ms(time.Duration(r.B))-ms(time.Duration(r.A)), 1)
			d.P99Ms = &p99
		}
		out[r.Class.String()] = d
	}
	return out
}

// ComparisonRow is one counter of one class in both runs.
type ComparisonRow struct {
	Class   Class
	Counter string  // "arrived" (traffic modes differ), "ok", "failed", "timed out", "rejected:<reason>", "in flight" or "p99"
	A, B    int64   // the counts; for p99, the latencies as time.Duration
	None    [2]bool // p99 only: nothing finished in that run, so it has no latency
	Better  int     // +1: B did better, −1: B did worse, 0: the same (p99: within a tenth or a millisecond), or neither (in flight)
	Ratio   bool    // A and B are ratios in thousandths ("calls/payment": 2930 is 2.93×)
}

// Latency says the row is a latency, not a count.
func (r ComparisonRow) Latency() bool { return r.Counter == "p99" }

// CompareClasses is the comparison table: per class with traffic in either run, ok, failed,
// timed out, each rejection reason, in flight and p99, in that order. A counter that is 0
// in both runs is left out, but for ok, rejected:pool and in flight. When A and B send their
// traffic differently (closed loop against open loop), arrived comes first.
func CompareClasses(a, b *Snapshot) []ComparisonRow {
	type counter struct {
		name   string
		get    func(ClassStats) int64
		more   int // +1: more is better, −1: fewer is better, 0: neither
		always bool
	}
	counters := []counter{
		{"ok", func(s ClassStats) int64 { return s.OK }, +1, true},
		{"failed", func(s ClassStats) int64 { return s.Failed }, -1, false},
		{"timed out", func(s ClassStats) int64 { return s.TimedOut }, -1, false},
	}
	for _, r := range Reasons {
		// A fleet's balancer rejections are its story: their row stays, at 0 too.
		always := r == RejectPool || r == RejectBalancer && (a.Fleet != nil || b.Fleet != nil)
		counters = append(counters, counter{"rejected:" + r.String(), func(s ClassStats) int64 { return s.Rejected[r] }, -1, always})
	}
	counters = append(counters, counter{"in flight", func(s ClassStats) int64 { return s.InFlight }, 0, true},
		counter{"duplicates", func(s ClassStats) int64 { return s.Duplicates }, -1, false})
	if a.Config.Traffic.Mode != b.Config.Traffic.Mode {
		// The same target traffic sent two ways: how much of it was sent is the difference.
		counters = append([]counter{{"arrived", func(s ClassStats) int64 { return s.Arrived }, 0, true}}, counters...)
	}
	var rows []ComparisonRow
	for _, c := range Classes {
		if !a.Active(c) && !b.Active(c) {
			continue
		}
		ca, cb := a.Classes[c], b.Classes[c]
		for _, k := range counters {
			va, vb := k.get(ca), k.get(cb)
			if va == 0 && vb == 0 && !k.always {
				continue
			}
			rows = append(rows, ComparisonRow{Class: c, Counter: k.name, A: va, B: vb, Better: k.more * sign(vb-va)})
		}
		p99 := ComparisonRow{Class: c, Counter: "p99", A: int64(ca.Latency.P99), B: int64(cb.Latency.P99),
			None: [2]bool{ca.Latency.Count == 0, cb.Latency.Count == 0}}
		// A latency is better or worse only by more than a tenth and more than a millisecond:
		// a few milliseconds on a 3 s call, or a few hundred microseconds on a 1 ms answer, is
		// the machine, not the settings.
		if d := abs(p99.B - p99.A); !p99.None[0] && !p99.None[1] && 10*d > max(p99.A, p99.B) && d > int64(time.Millisecond) {
			p99.Better = -sign(p99.B - p99.A)
		}
		rows = append(rows, p99)
		if c == Payment {
			rows = append(rows, callRows(a, b)...)
		}
	}
	return rows
}

func abs(v int64) int64 { return max(v, -v) }

func sign(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// Write renders the comparison in one of Formats.
func (c Comparison) Write(w io.Writer, format string) error {
	a, b := c.Runs[0], c.Runs[1]
	switch format {
	case FormatJSON:
		return writeJSON(w, c)
	case FormatMarkdown:
		fmt.Fprintf(w, "**poollab**: %s (A) vs %s (B), %s, %.1fs each\n\n", markdownText(a.Preset), markdownText(b.Preset), SameTrafficNote(a.Config, b.Config), a.DurationS)
	case FormatTable:
		fmt.Fprintf(w, "A = %s, B = %s: %s, %.1fs each\n\n", a.Preset, b.Preset, SameTrafficNote(a.Config, b.Config), a.DurationS)
	default:
		return errFormat(format)
	}
	if err := writeRows(w, format, c.table()); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if err := writeRows(w, format, ladderRows(c.Runs[:], []string{"A ", "B "})); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for i, r := range c.Runs {
		for _, l := range r.summary() {
			writeLine(w, format, fmt.Sprintf("%c: %s", 'A'+i, l))
		}
	}
	if a.Config.Traffic.Mode != b.Config.Traffic.Mode { // the latencies are not measured alike: say how
		for i, r := range c.Runs {
			writeLine(w, format, fmt.Sprintf("%c: %s", 'A'+i, r.latencyNote()))
		}
	}
	return nil
}

// table is Rows as text: counts as they are, latencies in milliseconds.
func (c Comparison) table() [][]string {
	a, b := c.Runs[0], c.Runs[1]
	out := [][]string{{"class", "counter", "A " + a.Preset, "B " + b.Preset, "B − A"}}
	for _, r := range c.Rows {
		if r.Latency() {
			diff := "–"
			if !r.None[0] && !r.None[1] {
				diff = fmt.Sprintf("%+.1f ms", ms(time.Duration(r.B))-ms(time.Duration(r.A)))
			}
			out = append(out, []string{r.Class.String(), r.Counter, msCell(time.Duration(r.A), !r.None[0]),
				msCell(time.Duration(r.B), !r.None[1]), diff})
			continue
		}
		if r.Ratio {
			a, b, diff := r.RatioCells()
			out = append(out, []string{r.Class.String(), r.Counter, a, b, diff})
			continue
		}
		out = append(out, []string{r.Class.String(), r.Counter, itoa(r.A), itoa(r.B), fmt.Sprintf("%+d", r.B-r.A)})
	}
	return out
}

// msCell writes a latency in milliseconds, or "-" when nothing was measured.
func msCell(d time.Duration, measured bool) string {
	if !measured {
		return "-"
	}
	return fmtMs(ms(d), true) + " ms"
}

// The two text formats share their table and line writers with Report.
func writeRows(w io.Writer, format string, rows [][]string) error {
	if format == FormatMarkdown {
		for i, row := range rows {
			cells := make([]string, len(row))
			for j, c := range row {
				cells[j] = markdownText(c) // a preset's name heads a column
			}
			fmt.Fprintln(w, "| "+strings.Join(cells, " | ")+" |")
			if i == 0 {
				fmt.Fprintln(w, "|---"+strings.Repeat("|--:", len(row)-1)+"|")
			}
		}
		return nil
	}
	return writeAligned(w, rows)
}

func writeLine(w io.Writer, format, line string) {
	if format == FormatMarkdown {
		line = "- " + markdownText(line)
	}
	fmt.Fprintln(w, line)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func errFormat(format string) error {
	return fmt.Errorf("%w: format %q: choose one of %s", ErrInvalid, format, strings.Join(Formats, ", "))
}
