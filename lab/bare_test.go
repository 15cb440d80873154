package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// runBare is the lab's work with nothing of the lab: a loop that sends each request at its
// scheduled time on a goroutine of its own, through a keep-alive client, to a net/http server
// on 127.0.0.1 that answers after latency. It is the yardstick the lab's cost is measured
// against. It returns how late the sends left against their schedule, and how many ended.
func runBare(tb testing.TB, rate float64, latency, window time.Duration) (lag Percentiles, done int64) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := time.NewTimer(latency)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.Context().Done():
		}
	})}
	go srv.Serve(ln)
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: 100000, Proxy: nil}
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
	wg.Wait()
	return h.summary(), done
}

// runLab is the same work through the lab: one class at rate on a pool that never limits it,
// a healthy dependency answering after latency, uniform arrivals.
func runLab(tb testing.TB, rate float64, latency, window time.Duration) (lag Percentiles, done int64) {
	c := DefaultConfig()
	c.Duration = Duration(window)
	c.Traffic.Arrivals, c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = Uniform, rate, 0
	c.Dependency.Mode, c.Dependency.HealthyLatency = ModeHealthy, Duration(latency)
	c.Pool.Workers = min(MaxWorkers, int(rate*latency.Seconds())*4+64)
	s, err := Run(context.Background(), c, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return s.Generator.Lag, s.Classes[Payment].OK
}

// BenchmarkVsBare runs the bare pipeline and the lab on the same open-loop work, one after
// the other in the same process, and reports each one's CPU, peak memory and lag, and the
// lab's cost as a ratio of the bare pipeline's: a regression shows as a ratio, not as a noisy
// absolute figure. Run with: go test -run '^$' -bench VsBare -benchtime 1x ./lab/
func BenchmarkVsBare(b *testing.B) {
	const latency, window = 5 * time.Millisecond, 4 * time.Second
	for _, rate := range []float64{1000, MaxRate} {
		b.Run(fmt.Sprintf("rate=%g", rate), func(b *testing.B) {
			for range b.N {
				var bareLag, labLag Percentiles
				bare := Measure(func() { bareLag, _ = runBare(b, rate, latency, window) })
				lab := Measure(func() { labLag, _ = runLab(b, rate, latency, window) })
				b.ReportMetric(bare.CPU.Seconds(), "bare_cpu_s")
				b.ReportMetric(lab.CPU.Seconds(), "lab_cpu_s")
				b.ReportMetric(lab.CPU.Seconds()/bare.CPU.Seconds(), "cpu_ratio")
				b.ReportMetric(float64(bare.Peak)/1e6, "bare_peak_MB")
				b.ReportMetric(float64(lab.Peak)/1e6, "lab_peak_MB")
				b.ReportMetric(float64(lab.Peak)/float64(max(bare.Peak, 1)), "mem_ratio")
				b.ReportMetric(ms(bareLag.P99), "bare_lag_p99_ms")
				b.ReportMetric(ms(labLag.P99), "lab_lag_p99_ms")
			}
		})
	}
}

// BenchmarkMemoryPerCallInFlight holds calls of 3 s in flight, in the bare pipeline and in
// the lab, and reports the peak memory per call in flight (the peak over λ·W calls).
// Run with: go test -run '^$' -bench MemoryPerCall -benchtime 1x ./lab/
func BenchmarkMemoryPerCallInFlight(b *testing.B) {
	const latency, window, rate = 3 * time.Second, 3 * time.Second, 500.0
	inFlight := rate * latency.Seconds() // the last arrivals of the window overlap all the rest
	for range b.N {
		bare := Measure(func() { runBare(b, rate, latency, window) })
		lab := Measure(func() { runLabSlow(b, rate, latency, window) })
		b.ReportMetric(float64(bare.Peak)/inFlight/1e3, "bare_KB_per_call")
		b.ReportMetric(float64(lab.Peak)/inFlight/1e3, "lab_KB_per_call")
		b.ReportMetric(float64(lab.Peak)/float64(max(bare.Peak, 1)), "mem_ratio")
	}
}

// runLabSlow is runLab with every call held to its end: the run's last arrivals still wait
// for their answers, as the bare pipeline's do.
func runLabSlow(tb testing.TB, rate float64, latency, window time.Duration) {
	c := DefaultConfig()
	c.Traffic.Arrivals, c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = Uniform, rate, 0
	c.Dependency.Mode, c.Dependency.HealthyLatency = ModeHealthy, Duration(latency)
	c.Pool.Workers = int(rate*latency.Seconds()) + 64
	l, err := Start(c, Options{Until: window})
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Stop()
	<-l.ended
	deadline := time.Now().Add(latency + 10*time.Second)
	for l.Snapshot().Classes[Payment].InFlight > 0 {
		if time.Now().After(deadline) {
			tb.Fatal(errors.New("calls still in flight long after their latency"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}
