// Benchmarks of the engine's hot paths: the generator, a saturated lab, snapshots, histograms.

package engine

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"poollab/lab"
	"poollab/slowserver"
)

// BenchmarkGenerator runs the open-loop generator alone for 3 s at each rate and reports
// the achieved rate's error against the target and the p99 lateness against the schedule.
// Run with: go test -run '^$' -bench Generator -benchtime 1x ./lab/engine/
func BenchmarkGenerator(b *testing.B) {
	for _, rate := range []float64{1000, 5000} {
		b.Run(fmt.Sprintf("rate=%g", rate), func(b *testing.B) {
			for range b.N {
				const window = 3 * time.Second
				var n int
				start := time.Now()
				// Achieved rate: what actually left within the 3 s of wall time, late ones excluded.
				g := newGenerator(lab.TrafficConfig{Arrivals: lab.Uniform, Payment: lab.RateConfig{Rate: rate}}, start.Add(window),
					func(lab.Class, time.Time, int64) {
						if time.Since(start) <= window {
							n++
						}
					})
				g.run(context.Background(), start)
				elapsed := time.Since(start)
				lag := g.lag.summary()
				b.ReportMetric(100*(float64(n)/window.Seconds()-rate)/rate, "rate_err_%")
				b.ReportMetric(float64(lag.P99)/float64(time.Millisecond), "lag_p99_ms")
				b.ReportMetric(float64(lag.Max)/float64(time.Millisecond), "lag_max_ms")
				b.ReportMetric(elapsed.Seconds(), "wall_s")
			}
		})
	}
}

// BenchmarkEngineSaturated drives the whole lab at 5,000 signups/s into a 20-worker pool
// (most are starved) plus shared-pool payments, and reports the generator's lateness.
func BenchmarkEngineSaturated(b *testing.B) {
	for range b.N {
		c := lab.DefaultConfig()
		c.Duration = lab.Duration(3 * time.Second)
		c.Traffic.Signup.Rate = 5000
		s, err := Run(context.Background(), c, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(s.Classes[lab.Signup].Arrived)/3, "signups/s")
		b.ReportMetric(float64(s.Generator.Lag.P99)/float64(time.Millisecond), "lag_p99_ms")
	}
}

// BenchmarkSnapshot is what the UI pays ten times a second, with histograms full.
func BenchmarkSnapshot(b *testing.B) {
	c := lab.DefaultConfig()
	c.Dependency.Latency = lab.Duration(10 * time.Millisecond)
	c.Traffic.Signup.Rate = 1000
	l, err := startLab(c, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Stop()
	time.Sleep(time.Second)
	b.ResetTimer()
	for range b.N {
		_ = l.Snapshot()
	}
}

// BenchmarkSubmit is the pool's hand-off on the generator's path, for a pool that is full.
func BenchmarkSubmitRejected(b *testing.B) {
	p := newPool(context.Background(), func(func()) {}, lab.PoolConfig{Workers: 1, Discipline: lab.FIFO}, nil, nil, nil)
	p.free = p.free[:0]
	j := job{class: lab.Signup}
	b.ResetTimer()
	for range b.N {
		p.submit(j)
	}
}

// BenchmarkAccrue is the worker-time bookkeeping each take and each free of a worker adds
// (twice per request): a clock read and a sum per class.
func BenchmarkAccrue(b *testing.B) {
	p := newPool(context.Background(), func(func()) {}, lab.PoolConfig{Workers: 20, Discipline: lab.FIFO}, nil, nil, nil)
	p.busyBy[lab.Payment], p.busyBy[lab.Signup] = 15, 5
	b.ResetTimer()
	for range b.N {
		p.accrue(time.Now())
	}
}

// BenchmarkFinish is a class's books at each request a worker ends: its latency and
// service recorded, its outcome and its time on the worker counted.
func BenchmarkFinish(b *testing.B) {
	m := newClassMetrics(time.Now())
	intended := time.Now()
	started, ended := intended.Add(time.Millisecond), intended.Add(4*time.Millisecond)
	b.ResetTimer()
	for range b.N {
		m.arrive(time.Now(), false)
		m.finish(lab.OK, false, intended, started, ended)
	}
}

// BenchmarkHistSummary is one percentile summary of a histogram that changed since the last.
func BenchmarkHistSummary(b *testing.B) { benchChangedHist(b, func(h *hist) { _ = h.summary() }) }

// BenchmarkHistDistribution is the percentile chart's points from a histogram that changed
// since the last: what a snapshot pays when payments finished since the one before.
func BenchmarkHistDistribution(b *testing.B) {
	benchChangedHist(b, func(h *hist) { _, _ = h.distribution() })
}

// benchChangedHist times read on a histogram of 10,000 values, after one more each time.
func benchChangedHist(b *testing.B, read func(h *hist)) {
	h := newHist()
	for i := range 10000 {
		h.record(time.Duration(i) * time.Millisecond)
	}
	b.ResetTimer()
	for i := range b.N {
		h.record(time.Duration(i%3000) * time.Millisecond)
		read(h)
	}
}

// BenchmarkLagWithCallsInFlight is the lab at 1,000 payments/s of 3 s calls on a pool that
// never fills: ~3,000 calls in flight from 3 s on, and the generator's lag while they are.
// Run with: go test -run '^$' -bench LagWithCalls -benchtime 1x ./lab/engine/
func BenchmarkLagWithCallsInFlight(b *testing.B) {
	for range b.N {
		c := lab.DefaultConfig()
		c.Duration = lab.Duration(6 * time.Second)
		c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 1000, 0
		c.Pool.Workers = 5000
		s, err := Run(context.Background(), c, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(s.Dependency.PeakInFlight), "peak_in_flight")
		b.ReportMetric(float64(s.Generator.Lag.P99)/float64(time.Millisecond), "lag_p99_ms")
		b.ReportMetric(float64(s.Generator.Lag.Max)/float64(time.Millisecond), "lag_max_ms")
	}
}

// sixteenReplicas is fleet-domino at 16 replicas with each replica's rates as in the preset
// (the whole stream × 4): 96 payments/s and 320 signups/s, and 160 checks/s; replica 1 is
// drained at 2 s. One of 16 out leaves each of the rest 96/15 × 3 s = 19.2 of its 20
// workers: busy, but no domino at this size.
func sixteenReplicas() lab.Config {
	c := lab.DefaultConfig()
	c.Fleet = lab.FleetConfig{Replicas: 16, Balancer: lab.RoundRobin, PullAfter: 2, ReturnAfter: 100, CheckEvery: lab.Duration(100 * time.Millisecond),
		Drain: lab.DrainConfig{Replica: 1, At: lab.Duration(2 * time.Second)}}
	c.Pool.Queue = 100
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 96, 320
	c.Health.Timeout = lab.Duration(2 * time.Second)
	return c
}

// BenchmarkFleetGenerator runs 16 replicas for 10 s and reports the stream generator's
// lateness.
// Run with: go test -run '^$' -bench FleetGenerator -benchtime 1x ./lab/engine/
func BenchmarkFleetGenerator(b *testing.B) {
	for range b.N {
		c := sixteenReplicas()
		c.Duration = lab.Duration(10 * time.Second)
		s, err := Run(context.Background(), c, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(s.Generator.Lag.P99)/float64(time.Millisecond), "lag_p99_ms")
		b.ReportMetric(float64(s.Generator.Lag.Max)/float64(time.Millisecond), "lag_max_ms")
		b.ReportMetric(float64(len(s.Fleet.Pulls)), "pulls")
	}
}

// BenchmarkFleetSnapshot is what the UI pays ten times a second for 16 busy replicas.
func BenchmarkFleetSnapshot(b *testing.B) {
	f, err := startFleet(sixteenReplicas(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer f.Stop()
	time.Sleep(2 * time.Second)
	b.ResetTimer()
	for range b.N {
		_ = f.Snapshot()
	}
}

// The pairing tally's cost per request of a comparison: an arrival and its fate, on each
// side, the two sides interleaved as two labs on one schedule are.
func BenchmarkPairing(b *testing.B) {
	p := NewPairing()
	sides := [2]*pairSide{p.join(0, lab.TrafficConfig{}, true), p.join(1, lab.TrafficConfig{}, true)}
	ok := lab.Ended(lab.OK)
	b.ResetTimer()
	for i := range int64(b.N) {
		for _, s := range sides {
			s.arrive(lab.Payment, i+1)
		}
		for _, s := range sides {
			s.settle(lab.Payment, i+1, ok)
		}
	}
}

// BenchmarkHandoff is a request through an unbounded queue of 8 workers: queued as its own
// goroutine, handed a slot as one frees, served (at once). parked is how many goroutines
// wait for a job after the last is served.
func BenchmarkHandoff(b *testing.B) {
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	spawn := func(fn func()) { wg.Add(1); go func() { defer wg.Done(); fn() }() }
	var served sync.WaitGroup
	served.Add(b.N)
	p := newPool(ctx, spawn, lab.PoolConfig{Workers: 8, Queue: lab.QueueUnbounded, Discipline: lab.FIFO},
		func(context.Context, job, *workerHandle) { served.Done() }, nil, nil)
	b.ResetTimer()
	for range b.N {
		p.submit(job{class: lab.Payment})
	}
	served.Wait()
	b.StopTimer()
	b.ReportMetric(float64(p.stats(time.Time{}).Parked), "parked")
	cancel()
	wg.Wait()
}

// BenchmarkClassStats is one class's stats as a snapshot reads them ten times a second:
// the counts, and the percentiles of latency and service histograms of 10,000 requests
// spread over 3 s, one more finished since the last read.
func BenchmarkClassStats(b *testing.B) {
	m, finishOne := spreadClass()
	b.ResetTimer()
	for range b.N {
		finishOne()
		_ = m.stats()
	}
}

// BenchmarkArriveBesideStats is an arrival's books (the generator's path) while another
// goroutine finishes requests and reads the class's stats without pause: what an arrival
// waits for behind a snapshot's percentiles.
func BenchmarkArriveBesideStats(b *testing.B) {
	besideStats(b, func(m *classMetrics) { m.arrive(time.Now(), false) })
}

// BenchmarkFinishBesideStats is BenchmarkFinish beside the same reader: a finish waits for
// the percentiles of the histograms it records in (both or neither, stats).
func BenchmarkFinishBesideStats(b *testing.B) {
	intended := time.Now()
	started, ended := intended.Add(time.Millisecond), intended.Add(4*time.Millisecond)
	besideStats(b, func(m *classMetrics) {
		m.arrive(time.Now(), false)
		m.finish(lab.OK, false, intended, started, ended)
	})
}

// BenchmarkFinishBesideFleetCut is a finish on the last of a fleet's 16 replicas beside a
// reader that finishes one more on each of the others and takes the fleet's payments' cut
// (paymentsCut), again and again: the last replica is held the longest, through the others'
// reads (review 29 lab #11). Run with: go test -run '^$' -bench FleetCut -benchtime 5000x ./lab/engine/
func BenchmarkFinishBesideFleetCut(b *testing.B) {
	dep, err := slowserver.Start(0, slowserver.Settings{Mode: slowserver.Healthy})
	if err != nil {
		b.Fatal(err)
	}
	defer dep.Close()
	ms, finish := make([]*classMetrics, 16), make([]func(), 16)
	for i := range ms {
		ms[i], finish[i] = spreadClass()
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(untilStopped(stop, func() {
		for _, f := range finish[:len(ms)-1] {
			f()
		}
		_, _ = paymentsCut(ms, dep, lab.ModeHealthy)
	}))
	// Paced, as BenchmarkFinishPaced, so that a finish meets a cut about as often as the
	// cut holds the replica: back to back, the cuts meet few of them.
	paced(b, 100*time.Microsecond, finish[len(ms)-1])
	close(stop)
	wg.Wait()
}

// besideStats times op on a class of spreadClass while another goroutine finishes one more
// and reads the stats, again and again (so each read walks the histograms).
func besideStats(b *testing.B, op func(m *classMetrics)) {
	m, finishOne := spreadClass()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(untilStopped(stop, func() {
		finishOne()
		_ = m.stats()
	}))
	took := make([]time.Duration, b.N)
	b.ResetTimer()
	for i := range b.N {
		t := time.Now()
		op(m)
		took[i] = time.Since(t)
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	reportTail(b, took)
}

// untilStopped is a loop of f, back to back, until stop closes.
func untilStopped(stop <-chan struct{}, f func()) func() {
	return func() {
		for {
			select {
			case <-stop:
				return
			default:
				f()
			}
		}
	}
}

// reportTail reports the p99 and p99.9 of took, each op's time: the mean hides the few that
// waited a whole summary.
func reportTail(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	for _, q := range []float64{0.99, 0.999} {
		b.ReportMetric(float64(took[int(q*float64(len(took)-1))])/float64(time.Microsecond), fmt.Sprintf("p%g_µs", 100*q))
	}
}

// BenchmarkFinishPaced is a finish at a rate a lab reaches, one a millisecond, beside a
// reader at the screen's, a snapshot each 100ms: BenchmarkFinishBesideStats reads back to
// back, so a finish meets a read far more often than a running lab's does (review 21).
// Run with: go test -run '^$' -bench FinishPaced -benchtime 5000x ./lab/engine/
func BenchmarkFinishPaced(b *testing.B) {
	m, finishOne := spreadClass()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				_ = m.stats()
			}
		}
	})
	paced(b, time.Millisecond, finishOne)
	close(stop)
	wg.Wait()
}

// paced times op, one every every, and reports the mean and the tail of its times. The
// timer runs on through the waits: Stop/StartTimer each op read the memory stats, which
// stops the world beside the reader under study (review 24). Only op is timed, and its mean
// stands for ns/op, which would otherwise be the pace.
func paced(b *testing.B, every time.Duration, op func()) {
	took := make([]time.Duration, b.N)
	var sum time.Duration
	b.ResetTimer()
	next := time.Now()
	for i := range b.N {
		next = next.Add(every)
		time.Sleep(time.Until(next))
		t := time.Now()
		op()
		took[i] = time.Since(t)
		sum += took[i]
	}
	b.StopTimer()
	b.ReportMetric(float64(sum)/float64(b.N), "ns/op")
	reportTail(b, took)
}

// spreadClass is a class that served 10,000 requests of latencies spread over 3 s, and
// finishOne, which books one more (each a different latency).
func spreadClass() (m *classMetrics, finishOne func()) {
	m = newClassMetrics(time.Now())
	t0 := time.Now()
	var i int
	finishOne = func() {
		i++
		d := time.Duration(i%3000)*time.Millisecond + time.Duration(i%997)*time.Microsecond
		m.arrive(time.Now(), false)
		m.finish(lab.OK, false, t0, t0.Add(d/4), t0.Add(d))
	}
	for range 10000 {
		finishOne()
	}
	return m, finishOne
}
