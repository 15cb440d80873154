package lab

import (
	"math"
	"testing"
)

// The latency an adaptive limit tolerates, as failsafe-go's limiter lowers it: once
// limit × (1 − mean/p90) passes 6 (12 from 100): 1.2× at 36, none at 6 or below.
func TestAdaptiveBackoff(t *testing.T) {
	for _, c := range []struct {
		limit int
		want  float64
	}{{1, 0}, {6, 0}, {7, 7}, {36, 1.2}, {64, 64.0 / 58}, {100, 100.0 / 88}} {
		if got := AdaptiveBackoff(c.limit); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("limit %d: %v, want %v", c.limit, got, c.want)
		}
	}
}
