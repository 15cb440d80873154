package ui

import (
	"testing"
	"time"

	"poollab/lab"
	"poollab/lab/engine"
)

// BenchmarkFrameFiftyThousandWaiting is the frame the live lab draws at 120x40 (a snapshot
// and its render, what each 10 Hz tick costs) while 50,000 requests wait as goroutines:
// 8 workers stuck in 10-minute calls, payments arriving at 5,000/s for 10 s, then 500/s.
// Run with: go test -run '^$' -bench FrameFiftyThousand -benchtime 100x ./ui/
func BenchmarkFrameFiftyThousandWaiting(b *testing.B) {
	c := lab.DefaultConfig()
	c.Duration = lab.Duration(time.Hour)
	c.Traffic.Signup.Rate = 0
	c.Traffic.Payment = lab.RateConfig{Label: "orders", Profile: []lab.RateStep{{At: 0, Rate: 5000}, {At: lab.Duration(10 * time.Second), Rate: 500}}}
	c.Pool.Workers, c.Pool.Queue, c.Pool.Discipline = 8, lab.QueueUnbounded, lab.FIFO // the rest as the defaults have it: a whole PoolConfig left autoscale's step 0
	c.Dependency.Latency = lab.Duration(10 * time.Minute)
	l, err := engine.Launch(c, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Stop()
	for l.Snapshot().Pool.Queued < 50_000 {
		time.Sleep(100 * time.Millisecond)
	}
	th := newTheme(false, true)
	b.ResetTimer()
	var s lab.Snapshot
	for range b.N {
		s = l.Snapshot()
		_ = render(th, screen{width: 120, height: 40, panes: []pane{{snap: &s, cfg: s.Config}}})
	}
	b.StopTimer()
	b.ReportMetric(float64(s.Pool.Queued), "queued")
	b.ReportMetric(float64(s.Goroutines), "goroutines")
}
