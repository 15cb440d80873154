// Tests of the knee's latency rule: the table, and the retrograde region.

package knee

import (
	"math"
	"testing"
	"time"
)

func TestKneeLatency(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name    string
		base    time.Duration
		n, knee int
		exp     float64
		want    time.Duration
	}{
		{"no knee", 10 * ms, 100, 0, 0, 10 * ms},
		{"below the knee", 10 * ms, 24, 25, 0, 10 * ms},
		{"at the knee", 10 * ms, 25, 25, 0, 10 * ms},
		{"twice the knee, default exponent 2", 10 * ms, 50, 25, 0, 40 * ms},
		{"twice the knee, exponent 2", 10 * ms, 50, 25, 2, 40 * ms},
		{"twice the knee, exponent 1", 10 * ms, 50, 25, 1, 20 * ms},
		{"fraction past the knee", 100 * ms, 30, 25, 2, 144 * ms},
		{"exponent 3", ms, 4, 2, 3, 8 * ms},
		{"zero latency stays zero", 0, 1000, 1, 2, 0},
		{"saturates", time.Hour, 1 << 30, 1, 2, math.MaxInt64},
	} {
		if got := Latency(c.base, c.n, c.knee, c.exp); got != c.want {
			t.Errorf("%s: Latency(%v, %d, %d, %v) = %v, want %v", c.name, c.base, c.n, c.knee, c.exp, got, c.want)
		}
	}
}

// Past the knee, throughput n/latency(n) falls as n grows (exponent > 1).
func TestKneeIsRetrograde(t *testing.T) {
	prev := 0.0
	for n := 1; n <= 100; n++ {
		tput := float64(n) / float64(Latency(50*time.Millisecond, n, 25, 0))
		if n > 25 && tput >= prev {
			t.Fatalf("throughput at n=%d is %g, not below %g at n=%d", n, tput, prev, n-1)
		}
		prev = tput
	}
}
