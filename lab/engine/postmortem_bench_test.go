// Benchmark of fifty thousand requests waiting as goroutines.

package engine

import (
	"runtime"
	"testing"
	"time"

	"poollab/lab"
)

// BenchmarkFiftyThousandWaiting puts 50,000 payments in an unbounded queue (each a goroutine
// waiting for one of 8 workers stuck in 10-minute calls), then reports what one waiting
// request costs in memory, what a snapshot costs, and how late the generator runs while it
// sends the postmortem's peak (500/s) on top of them for 5 s.
// Run with: go test -run '^$' -bench FiftyThousand -benchtime 1x ./lab/engine/
func BenchmarkFiftyThousandWaiting(b *testing.B) {
	for range b.N {
		const waiting = 50_000
		c := stuckConfig(8)
		l, err := startLab(c, Options{})
		if err != nil {
			b.Fatal(err)
		}
		inUse := func() uint64 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapInuse + m.StackInuse
		}
		for l.Snapshot().Dependency.InFlight < 8 {
			l.arrive(lab.Payment, time.Now(), 0) // the workers' calls first, outside the measure
			time.Sleep(10 * time.Millisecond)
		}
		before := inUse()
		for range waiting {
			l.arrive(lab.Payment, time.Now(), 0)
		}
		after := inUse()
		b.ReportMetric(float64(after-before)/waiting, "B/waiting")

		start := time.Now()
		const snaps = 100
		for range snaps {
			_ = l.Snapshot()
		}
		b.ReportMetric(float64(time.Since(start).Microseconds())/snaps, "µs/snapshot")

		c.Traffic.Payment.Rate = 500
		if err := l.Apply(c); err != nil {
			b.Fatal(err)
		}
		time.Sleep(5 * time.Second)
		s := l.Snapshot()
		l.Stop()
		b.ReportMetric(float64(s.Pool.Queued), "queued")
		b.ReportMetric(float64(s.Generator.Lag.P99)/float64(time.Millisecond), "lag_p99_ms")
		b.ReportMetric(float64(s.Generator.Lag.Max)/float64(time.Millisecond), "lag_max_ms")
		b.ReportMetric(float64(s.Generator.Lag.Count), "sent")
	}
}
