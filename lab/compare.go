package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
)

// RunPair runs a and b side by side, started together, each with its own pool and its own
// dependency, on identical traffic: b gets a's traffic section (rates, arrivals, seed) and
// duration, so the only differences are the settings being compared.
func RunPair(ctx context.Context, a, b Config, o Options) ([2]Snapshot, error) {
	b = SameTraffic(a, b)
	var (
		out  [2]Snapshot
		errs [2]error
		wg   sync.WaitGroup
	)
	for i, c := range []Config{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = Run(ctx, c, o.Side(i))
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// Side is o for lab i of a pair (0 is A, 1 is B): a fixed dependency port moves up by i,
// so the two dependencies never ask for the same one.
func (o Options) Side(i int) Options {
	if o.DependencyPort != 0 {
		o.DependencyPort += i
	}
	return o
}

// SameTraffic returns b with a's traffic and duration.
func SameTraffic(a, b Config) Config {
	b.Traffic, b.Duration = a.Traffic, a.Duration
	return b
}

// Comparison is two reports of the same traffic and what changed from A to B.
type Comparison struct {
	Runs        [2]Report            `json:"runs"`
	Differences map[string]ClassDiff `json:"differences"` // B minus A, per class
}

// ClassDiff is B − A for one class.
type ClassDiff struct {
	OK       int64            `json:"ok"`
	Failed   int64            `json:"failed"`
	TimedOut int64            `json:"timed_out"`
	Rejected map[string]int64 `json:"rejected"`
	P99Ms    float64          `json:"p99_ms"`
}

// NewComparison puts two reports side by side.
func NewComparison(a, b Report) Comparison {
	c := Comparison{Runs: [2]Report{a, b}, Differences: map[string]ClassDiff{}}
	for _, class := range a.order {
		name := class.String()
		ca, cb := a.Classes[name], b.Classes[name]
		d := ClassDiff{OK: cb.OK - ca.OK, Failed: cb.Failed - ca.Failed, TimedOut: cb.TimedOut - ca.TimedOut,
			Rejected: map[string]int64{}, P99Ms: round(cb.Latency.P99-ca.Latency.P99, 1)}
		for _, r := range Reasons {
			d.Rejected[r.String()] = cb.Rejected[r.String()] - ca.Rejected[r.String()]
		}
		c.Differences[name] = d
	}
	return c
}

// Write renders the comparison in one of Formats.
func (c Comparison) Write(w io.Writer, format string) error {
	a, b := c.Runs[0], c.Runs[1]
	switch format {
	case FormatJSON:
		return writeJSON(w, c)
	case FormatMarkdown:
		fmt.Fprintf(w, "**poollab**: `%s` (A) vs `%s` (B), same traffic, %.1fs each\n\n", a.Preset, b.Preset, a.DurationS)
	case FormatTable:
		fmt.Fprintf(w, "A = %s, B = %s: same traffic, %.1fs each\n\n", a.Preset, b.Preset, a.DurationS)
	default:
		return errFormat(format)
	}
	if err := writeRows(w, format, c.rows()); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for i, r := range c.Runs {
		for _, l := range r.summary() {
			writeLine(w, format, fmt.Sprintf("%c: %s", 'A'+i, l))
		}
	}
	return nil
}

// rows: per class and counter, A, B and B − A; a counter appears when either run has it.
func (c Comparison) rows() [][]string {
	a, b := c.Runs[0], c.Runs[1]
	out := [][]string{{"class", "counter", "A " + a.Preset, "B " + b.Preset, "B − A"}}
	for _, class := range a.order {
		name := class.String()
		ca, cb := a.Classes[name], b.Classes[name]
		counts := [][3]any{{"ok", ca.OK, cb.OK}, {"failed", ca.Failed, cb.Failed}, {"timed out", ca.TimedOut, cb.TimedOut}}
		for _, r := range Reasons {
			counts = append(counts, [3]any{"rejected:" + r.String(), ca.Rejected[r.String()], cb.Rejected[r.String()]})
		}
		counts = append(counts, [3]any{"in flight", ca.InFlight, cb.InFlight})
		for _, k := range counts {
			va, vb := k[1].(int64), k[2].(int64)
			if va == 0 && vb == 0 && k[0] != "ok" && k[0] != "rejected:pool" && k[0] != "in flight" {
				continue
			}
			out = append(out, []string{name, k[0].(string), itoa(va), itoa(vb), fmt.Sprintf("%+d", vb-va)})
		}
		out = append(out, []string{name, "p99 ms", fmtMs(ca.Latency.P99, ca.Latency.Count), fmtMs(cb.Latency.P99, cb.Latency.Count),
			fmt.Sprintf("%+.1f", c.Differences[name].P99Ms)})
	}
	return out
}

// The two text formats share their table and line writers with Report.
func writeRows(w io.Writer, format string, rows [][]string) error {
	if format == FormatMarkdown {
		for i, row := range rows {
			fmt.Fprintln(w, "| "+strings.Join(row, " | ")+" |")
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
		line = "- " + line
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
