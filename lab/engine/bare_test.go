// The lab against a bare pipeline (generator, channel, HTTP call) in the same process:
// BenchmarkVsBare, BenchmarkBare, BenchmarkMemoryPerCallInFlight.

package engine

import (
	"context"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"runtime"
	"sync"
	"testing"
	"time"

	"poollab/internal/testwait"
	"poollab/lab"
)

// runBare is the lab's work with nothing of the lab: a loop that sends each request at its
// scheduled time on a goroutine of its own, through a keep-alive client, to a net/http server
// on 127.0.0.1 that answers "ok" after latency. It is the yardstick the lab's cost is measured
// against. It returns how late the sends left against their schedule, and how many ended.
func runBare(tb testing.TB, rate float64, latency, window time.Duration) (lag lab.Percentiles, done int64) {
	return runBareThen(tb, rate, latency, window, func() {})
}

// runBareThen is runBare, calling sent once the last request of the window is sent (and
// every call of the last latency is still in flight), before it waits for the answers.
func runBareThen(tb testing.TB, rate float64, latency, window time.Duration, sent func()) (lag lab.Percentiles, done int64) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := time.NewTimer(latency)
		defer t.Stop()
		select {
		case <-t.C:
			// The same answer as the lab's dependency, so the two do the same HTTP work.
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "ok\n")
		case <-r.Context().Done():
		}
	})}
	go srv.Serve(ln)
	defer srv.Close()
	// At most as many connections as runLab has workers for the same work: a machine too busy
	// to answer in time makes calls wait for one, as the lab's wait for a worker, instead of
	// dialling one per call in flight until the file handles run out ("too many open files").
	conns := workersFor(rate, latency)
	tr := &http.Transport{MaxConnsPerHost: conns, MaxIdleConnsPerHost: conns, Proxy: nil}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	url := "http://" + ln.Addr().String() + "/"

	h := newHist()
	var wg sync.WaitGroup
	var mu sync.Mutex
	start := time.Now()
	for i := 0; ; i++ {
		due := start.Add(time.Duration(float64(i) / rate * float64(time.Second)))
		if due.Sub(start) >= window {
			break
		}
		time.Sleep(time.Until(due))
		h.record(time.Since(due))
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := client.Get(url)
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				done++
				mu.Unlock()
			}
		}()
	}
	sent()
	wg.Wait()
	return h.summary(), done
}

// runLab is the same work through the lab: one class at rate on a pool that never limits it,
// a healthy dependency answering after latency, uniform arrivals.
func runLab(tb testing.TB, rate float64, latency, window time.Duration) (lag lab.Percentiles, done int64) {
	c := lab.DefaultConfig()
	c.Duration = lab.Duration(window)
	c.Traffic.Arrivals, c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = lab.Uniform, rate, 0
	c.Dependency.Mode, c.Dependency.HealthyLatency = lab.ModeHealthy, lab.Duration(latency)
	c.Pool.Workers = workersFor(rate, latency)
	s, err := Run(context.Background(), c, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return s.Generator.Lag, s.Classes[lab.Payment].OK
}

// workersFor is the pool runLab gives rate calls of latency: four times the calls in
// flight on average and room for a burst, within the lab's limit.
func workersFor(rate float64, latency time.Duration) int {
	return min(lab.MaxWorkers, int(rate*latency.Seconds())*4+64)
}

// BenchmarkVsBare runs the bare pipeline and the lab on the same open-loop work, one after
// the other in the same process, and reports each one's CPU, peak memory and lag, and the
// lab's cost as a ratio of the bare pipeline's: a regression shows as a ratio, not as a noisy
// absolute figure. Run with: go test -run '^$' -bench VsBare -benchtime 1x ./lab/engine/
func BenchmarkVsBare(b *testing.B) {
	const latency, window = 5 * time.Millisecond, 4 * time.Second
	for _, rate := range []float64{1000, 5000, lab.MaxRate} {
		b.Run(fmt.Sprintf("rate=%g", rate), func(b *testing.B) {
			for range b.N {
				var bareLag, labLag lab.Percentiles
				bare := Measure(func() { bareLag, _ = runBare(b, rate, latency, window) })
				lab := Measure(func() { labLag, _ = runLab(b, rate, latency, window) })
				b.ReportMetric(bare.CPU.Seconds(), "bare_cpu_s")
				b.ReportMetric(lab.CPU.Seconds(), "lab_cpu_s")
				b.ReportMetric(lab.CPU.Seconds()/bare.CPU.Seconds(), "cpu_ratio")
				b.ReportMetric(float64(bare.Peak)/1e6, "bare_peak_MB")
				b.ReportMetric(float64(lab.Peak)/1e6, "lab_peak_MB")
				b.ReportMetric(float64(lab.Peak)/float64(max(bare.Peak, 1)), "mem_ratio")
				b.ReportMetric(msOf(bareLag.P99), "bare_lag_p99_ms")
				b.ReportMetric(msOf(labLag.P99), "lab_lag_p99_ms")
			}
		})
	}
}

// BenchmarkBare is the bare pipeline alone, 5,000 calls/s of 5 ms for 4 s, so that a whole
// process doing only that can be measured from outside, beside `poollab run` doing the same
// work (README, "Honest at the machine's limits": peak memory):
//
//	go test -c -o /tmp/engine.test ./lab/engine/
//	/usr/bin/time -v /tmp/engine.test -test.run '^$' -test.bench '^BenchmarkBare$' -test.benchtime 1x
func BenchmarkBare(b *testing.B) {
	for range b.N {
		lag, done := runBare(b, 5000, 5*time.Millisecond, 4*time.Second)
		b.ReportMetric(float64(done), "calls")
		b.ReportMetric(msOf(lag.P99), "lag_p99_ms")
		b.ReportMetric(msOf(lag.Max), "lag_max_ms")
	}
}

// BenchmarkMemoryPerCallInFlight holds calls of 3 s in flight, in the bare pipeline and in
// the lab, and reports the memory each call in flight keeps alive: live heap and goroutine
// stacks after a collection, taken as the last request of the window leaves (rate × 3 s
// calls in flight), over that many calls.
// Run with: go test -run '^$' -bench MemoryPerCall -benchtime 1x ./lab/engine/
func BenchmarkMemoryPerCallInFlight(b *testing.B) {
	const latency, window, rate = 3 * time.Second, 3 * time.Second, 500.0
	inFlight := rate * latency.Seconds() // the last arrivals of the window overlap all the rest
	for range b.N {
		var bare, lab uint64
		base := liveAfterGC()
		runBareThen(b, rate, latency, window, func() { live := liveAfterGC(); bare = live - min(base, live) })
		base = liveAfterGC()
		runLabSlow(b, rate, latency, window, func() { live := liveAfterGC(); lab = live - min(base, live) })
		b.ReportMetric(float64(bare)/inFlight/1e3, "bare_KB_per_call")
		b.ReportMetric(float64(lab)/inFlight/1e3, "lab_KB_per_call")
		b.ReportMetric(float64(lab)/float64(max(bare, 1)), "mem_ratio")
	}
}

// liveAfterGC is the memory live after a collection: heap objects and goroutine stacks.
func liveAfterGC() uint64 {
	runtime.GC()
	return memInUse()
}

// runLabSlow is runLab with every call held to its end: the run's last arrivals still wait
// for their answers, as the bare pipeline's do.
func runLabSlow(tb testing.TB, rate float64, latency, window time.Duration, sent func()) {
	c := lab.DefaultConfig()
	c.Traffic.Arrivals, c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = lab.Uniform, rate, 0
	c.Dependency.Mode, c.Dependency.HealthyLatency = lab.ModeHealthy, lab.Duration(latency)
	c.Pool.Workers = int(rate*latency.Seconds()) + 64
	l, err := startLab(c, Options{Until: window})
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Stop()
	<-l.ended
	sent()
	testwait.WaitFor(tb, func() bool { return l.Snapshot().Classes[lab.Payment].InFlight == 0 }, "the calls in flight to end")
}

// msOf is d in milliseconds to a tenth, as the reports write them.
func msOf(d time.Duration) float64 { return math.Round(float64(d)/float64(time.Millisecond)*10) / 10 }
