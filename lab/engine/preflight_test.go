// Tests of a pre-flight run.

package engine

import (
	"context"
	"testing"
	"time"

	"poollab/lab"
)

// A preflight run is an ordinary short run, measured: it has a lag, and it took CPU.
func TestPreflightRunsAndMeasures(t *testing.T) {
	c := scaled()
	row, err := Preflight(context.Background(), c, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	worst := row.Timers.P99
	if row.Lag.Count >= lab.EnoughSamples {
		worst = max(worst, row.Lag.P99)
	}
	if row.Lag.Count == 0 || row.Timers.Count == 0 || !row.Cost.CPUKnown || row.Cost.CPU <= 0 || row.Cost.Wall < 300*time.Millisecond || row.Verdict != lab.VerdictFor(worst) {
		t.Errorf("row %+v", row)
	}
}
