package lab

import (
	"testing"
	"time"
)

// The pull's odds are worked out on every fleet frame the narrator draws: the domino's 20
// workers and 2 in a row, and a larger pool with a longer rule.
func BenchmarkInARow(b *testing.B) {
	for _, c := range []struct {
		name           string
		workers, after int
		need           int
	}{{"domino", 20, 2, 12}, {"64x5", 64, 5, 40}} {
		w := CheckWait{Timeout: 2 * time.Second, Workers: c.workers, Hold: 3 * time.Second, PullAfter: c.after, Every: 100 * time.Millisecond, Arrive: 8}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				w.InARow(c.need)
			}
		})
	}
}
