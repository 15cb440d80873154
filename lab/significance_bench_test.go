package lab

import (
	"fmt"
	"testing"
)

// QuantileRanks runs on every snapshot of a latency that changed: 10 Hz per class per side.
func BenchmarkQuantileRanks(b *testing.B) {
	for _, n := range []int64{10, 1_000, 100_000, 10_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				QuantileRanks(n, 0.99, QuantileConfidence)
			}
		})
	}
}
