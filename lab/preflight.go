package lab

import (
	"context"
	"fmt"
	"io"
	"time"
)

// The generator's lag p99 tells whether the lab's figures are on time: at most HonestLag
// they are (an idle machine's timers do ~1 ms); past LateLag the live lab warns that the
// machine is too busy and figures may run late.
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

// Late says the generator has been running late in this run: its lag p99 is past LateLag.
func (s *Snapshot) Late() bool { return s.Generator.Lag.P99 > LateLag }

// PreflightRow is one preset run briefly on this machine.
type PreflightRow struct {
	Preset  string
	Lag     Percentiles
	Cost    Cost
	Verdict Verdict
}

// Preflight runs cfg headless for d and says how honestly this machine shows it.
func Preflight(ctx context.Context, cfg Config, d time.Duration) (PreflightRow, error) {
	cfg.Duration = Duration(d)
	var s Snapshot
	var err error
	cost := Measure(func() { s, err = Run(ctx, cfg, Options{}) })
	if err != nil {
		return PreflightRow{}, err
	}
	return PreflightRow{Preset: cfg.Name, Lag: s.Generator.Lag, Cost: cost, Verdict: VerdictFor(s.Generator.Lag.P99)}, nil
}

// PreflightReport is every preset's row and the verdict on the machine.
type PreflightReport []PreflightRow

// Honest says every preset ran on time.
func (r PreflightReport) Honest() bool {
	for _, row := range r {
		if row.Verdict != Honest {
			return false
		}
	}
	return len(r) > 0
}

// Write prints one row per preset, then one line on whether this machine can run the workshop.
func (r PreflightReport) Write(w io.Writer) error {
	rows := [][]string{{"preset", "lag p99", "lag max", "CPU", "memory", "verdict"}}
	worst := Honest
	for _, row := range r {
		rows = append(rows, []string{row.Preset, fmt.Sprintf("%.1f ms", ms(row.Lag.P99)), fmt.Sprintf("%.1f ms", ms(row.Lag.Max)),
			fmt.Sprintf("%.0f%% of a core", 100*row.Cost.CPUShare()), megabytes(row.Cost.Peak), row.Verdict.String()})
		worst = max(worst, row.Verdict)
	}
	if err := writeAligned(w, rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nlag: how late the generator sent requests against their schedule (honest ≤ %v, marginal ≤ %v)\n", HonestLag, LateLag)
	switch worst {
	case Honest:
		_, err := fmt.Fprintln(w, "this machine can run the workshop: every preset's figures are on time")
		return err
	case Marginal:
		_, err := fmt.Fprintln(w, "this machine is marginal: figures run up to a few milliseconds late; close other programs (screen recorders, video calls) and check again")
		return err
	}
	_, err := fmt.Fprintln(w, "this machine is too busy to run the workshop honestly: requests leave late, so latencies and rates on screen would be wrong; close other programs and check again")
	return err
}

// megabytes writes a memory figure; below a tenth of a megabyte the garbage collector's own
// swings are larger than the figure.
func megabytes(b uint64) string {
	if b < 50_000 {
		return "<0.1 MB"
	}
	return fmt.Sprintf("%.1f MB", float64(b)/1e6)
}
