package lab

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestVerdicts(t *testing.T) {
	for _, tc := range []struct {
		lag  time.Duration
		want Verdict
	}{{time.Millisecond, Honest}, {HonestLag, Honest}, {3 * time.Millisecond, Marginal}, {LateLag, Marginal}, {6 * time.Millisecond, TooSlow}} {
		if got := VerdictFor(tc.lag); got != tc.want {
			t.Errorf("lag %v: %v, want %v", tc.lag, got, tc.want)
		}
	}
	r := PreflightReport{{Preset: "a", Verdict: Honest}, {Preset: "b", Verdict: TooSlow}}
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	if r.Honest() || !strings.Contains(b.String(), "too busy to run the workshop") || strings.Count(b.String(), "\n") != 8 {
		t.Errorf("a too slow preset:\n%s", b.String())
	}
	if !r[:1].Honest() || PreflightReport(nil).Honest() {
		t.Error("honest means every preset, and at least one")
	}
}

// A preflight run is an ordinary short run, measured: it has a lag, and it took CPU.
func TestPreflightRunsAndMeasures(t *testing.T) {
	c := scaled()
	row, err := Preflight(context.Background(), c, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	worst := row.Timers.P99
	if row.Lag.Count >= enoughSamples {
		worst = max(worst, row.Lag.P99)
	}
	if row.Lag.Count == 0 || row.Timers.Count == 0 || row.Cost.CPU <= 0 || row.Cost.Wall < 300*time.Millisecond || row.Verdict != VerdictFor(worst) {
		t.Errorf("row %+v", row)
	}
}
