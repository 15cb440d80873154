package lab

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// blockedPool is a pool whose jobs hold their worker until release is closed.
func blockedPool(t *testing.T, c PoolConfig) (p *pool, release func(), running func() int64, wait func()) {
	t.Helper()
	var (
		wg sync.WaitGroup
		n  int64
		mu sync.Mutex
	)
	gate := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	spawn := func(fn func()) {
		wg.Add(1)
		mu.Lock()
		n++
		mu.Unlock()
		go func() {
			defer wg.Done()
			defer func() { mu.Lock(); n--; mu.Unlock() }()
			fn()
		}()
	}
	p = newPool(ctx, spawn, c, func(ctx context.Context, _ job, _ *workerHandle) {
		select {
		case <-gate:
		case <-ctx.Done():
		}
	})
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	running = func() int64 { mu.Lock(); defer mu.Unlock(); return n }
	wait = func() { release(); cancel(); wg.Wait() }
	return p, release, running, wait
}

// An unbounded queue turns nobody away, and each waiting request is a goroutine of its own,
// as in a Go server: 2 workers and 100 waiting are 102 goroutines. Freed workers hand their
// slot to the waiting goroutines, which serve their own request.
func TestUnboundedQueueIsAGoroutinePerRequest(t *testing.T) {
	p, release, running, wait := blockedPool(t, PoolConfig{Workers: 2, Queue: QueueUnbounded, Discipline: FIFO})
	defer wait()
	for i := range 102 {
		if !p.submit(job{class: Payment, intended: time.Unix(0, int64(i))}) {
			t.Fatalf("request %d turned away by an unbounded queue", i)
		}
	}
	if st := p.stats(); st.Busy != 2 || st.Queued != 100 || !st.Unbounded {
		t.Fatalf("stats %+v: want 2 busy, 100 queued", st)
	}
	if n := running(); n != 102 {
		t.Fatalf("%d goroutines, want one per request (102)", n)
	}
	release()
	deadline := time.Now().Add(10 * time.Second)
	for running() > 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if st := p.stats(); st.Busy != 0 || st.Queued != 0 || running() != 0 {
		t.Fatalf("after release: %+v, %d goroutines; want all served and gone", st, running())
	}
}

// The pool grows by step while requests are queued, up to max, and shrinks back to
// pool.workers once workers have sat idle.
func TestAutoscaleGrowsOnQueueAndShrinksWhenIdle(t *testing.T) {
	auto := AutoscaleConfig{Max: 12, Step: 4, Every: Duration(20 * time.Millisecond)}
	p, release, _, wait := blockedPool(t, PoolConfig{Workers: 4, Queue: QueueUnbounded, Discipline: FIFO, Autoscale: auto})
	defer wait()
	for range 30 {
		p.submit(job{class: Payment})
	}
	deadline := time.Now().Add(10 * time.Second)
	for p.stats().Size < 12 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	st := p.stats()
	if st.Size != 12 || st.PeakSize != 12 || st.Busy != 12 || st.Queued != 18 || st.Max != 12 {
		t.Fatalf("stats %+v: want grown to 12 workers, all busy, 18 queued", st)
	}
	release()
	for p.stats().Size > 4 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if st := p.stats(); st.Size != 4 || st.Busy != 0 || st.PeakSize != 12 {
		t.Fatalf("stats %+v: want back to 4 idle workers, peak 12", st)
	}
}

// Turning autoscaling off ends its goroutine; the pool keeps a size within its new bounds.
func TestAutoscaleOffEndsItsGoroutine(t *testing.T) {
	auto := AutoscaleConfig{Max: 8, Step: 4, Every: Duration(10 * time.Millisecond)}
	p, _, running, wait := blockedPool(t, PoolConfig{Workers: 2, Discipline: FIFO, Autoscale: auto})
	defer wait()
	if n := running(); n != 1 {
		t.Fatalf("%d goroutines, want the autoscaler alone", n)
	}
	p.resize(PoolConfig{Workers: 2, Discipline: FIFO})
	deadline := time.Now().Add(10 * time.Second)
	for running() > 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := running(); n != 0 || p.stats().Max != 0 {
		t.Fatalf("%d goroutines, max %d: want the autoscaler gone", n, p.stats().Max)
	}
}

// A profile changes the rate at each step, counted from the start.
func TestProfileStepsTheRate(t *testing.T) {
	tc := TrafficConfig{Arrivals: Uniform, Payment: RateConfig{Rate: 7, Profile: []RateStep{
		{At: Duration(100 * time.Millisecond), Rate: 100}, {At: Duration(300 * time.Millisecond), Rate: 20}}}}
	got := arrivals(t, tc, 500*time.Millisecond)[Payment]
	count := func(from, to time.Duration) int {
		n := 0
		for _, at := range got {
			if at >= from && at < to {
				n++
			}
		}
		return n
	}
	// 7/s: one at 0; 100/s from 100 ms: 20 by 300 ms; 20/s from 300 ms: 4 by 500 ms.
	if a, b, c := count(0, 100*time.Millisecond), count(100*time.Millisecond, 300*time.Millisecond), count(300*time.Millisecond, 500*time.Millisecond); a != 1 || b != 20 || c != 4 {
		t.Errorf("arrivals per step %d, %d, %d; want 1, 20, 4", a, b, c)
	}
	if tc.RateAt(Payment, 0) != 7 || tc.RateAt(Payment, 150*time.Millisecond) != 100 || tc.RateAt(Payment, time.Hour) != 20 || tc.PeakRate(Payment) != 100 {
		t.Errorf("RateAt/PeakRate disagree with the profile")
	}
	tc.Payment.Profile[0].At = 0 // a first step at 0 replaces the rate from the start
	if tc.PeakRate(Payment) != 100 || tc.RateAt(Payment, 0) != 100 {
		t.Errorf("a step at 0s should replace the rate")
	}
}

// stuckConfig is a lab with no traffic of its own whose workers, once given payments, stay
// in their calls for 10 minutes: whatever arrives then waits, with an unbounded queue as
// goroutines.
func stuckConfig(workers int) Config {
	c := DefaultConfig()
	c.Duration = Duration(time.Hour)
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	c.Pool.Workers, c.Pool.Queue = workers, QueueUnbounded
	c.Dependency.Latency = Duration(10 * time.Minute)
	return c
}

// The lab stopped with 50,000 requests waiting as goroutines leaves none behind.
func TestStopWithFiftyThousandWaiting(t *testing.T) {
	l, err := Start(stuckConfig(2), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for range 50_000 {
		l.arrive(Payment, time.Now())
	}
	s := l.Snapshot()
	checkInvariant(t, s)
	if s.Pool.Queued < 49_990 || s.Goroutines < 50_000 || s.GoroutinesPeak < s.Goroutines {
		t.Fatalf("queued %d, goroutines %d (peak %d): want 50,000 waiting, each a goroutine", s.Pool.Queued, s.Goroutines, s.GoroutinesPeak)
	}
	l.Stop()
	goleak.VerifyNone(t)
}

// A bulkhead rejection records the workers that sat free elsewhere: with 10 workers, a
// semaphore of 1 and one call holding it, each rejected payment leaves 8 free.
func TestSlackLostAtRejection(t *testing.T) {
	c := scaled()
	c.Traffic.Signup.Rate = 0
	c.Traffic.Payment.Rate = 20
	c.Pool.Workers = 10
	c.Dependency.Latency = Duration(2 * time.Second)
	c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadSemaphore, Size: 1}
	s := run(t, c)
	rej := s.Classes[Payment].Rejected[RejectBulkhead]
	if s.Slack.Rejections != rej || rej == 0 {
		t.Fatalf("slack observed %d rejections, the bulkhead made %d", s.Slack.Rejections, rej)
	}
	// Uniform 20/s on 10 workers: the permit holder and the rejected one itself are busy.
	if s.Slack.MeanFree < 7.5 || s.Slack.MeanFree > 8 {
		t.Errorf("mean free workers at rejection %.2f, want about 8", s.Slack.MeanFree)
	}
	r := NewReport(s)
	if r.Bulkhead == nil || r.Bulkhead.SlackLost == nil || r.Bulkhead.SlackLost.Rejections != rej {
		t.Errorf("report bulkhead %+v: want slack_lost", r.Bulkhead)
	}
}

// The adaptive limit admits calls up to its limit and turns the rest away at once; the
// counters balance, and the report and timeline carry the limit.
func TestAdaptiveLimitTurnsTheExcessAway(t *testing.T) {
	c := scaled()
	c.Traffic.Signup.Rate = 0
	c.Pool.Workers = 40
	c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadAdaptive, Size: 5}
	c.Duration = Duration(1500 * time.Millisecond)
	s := run(t, c)
	pay := s.Classes[Payment]
	if got := strings.Join(s.Chain, " "); got != "fallback bulkhead:adaptive http" {
		t.Errorf("chain %q", got)
	}
	// 100/s × 300 ms = 30 calls wanted; a limit near 5 admits a few and rejects the rest.
	highest := s.Bulkhead.Limit
	for _, sec := range s.Timeline {
		if sec.Limit < 1 {
			t.Errorf("second %d: limit %d, want the limit each second", sec.T, sec.Limit)
		}
		highest = max(highest, sec.Limit)
	}
	if pay.Rejected[RejectBulkhead] == 0 || s.Dependency.PeakInFlight > int64(highest) || s.Bulkhead.Limit < 1 {
		t.Errorf("payments %+v, peak in flight %d, limit %d (at most %d)", pay, s.Dependency.PeakInFlight, s.Bulkhead.Limit, highest)
	}
	var r struct {
		Bulkhead struct {
			Limit int `json:"limit"`
		} `json:"bulkhead"`
	}
	b, _ := json.Marshal(NewReport(s))
	if err := json.Unmarshal(b, &r); err != nil || r.Bulkhead.Limit != s.Bulkhead.Limit {
		t.Errorf("report bulkhead.limit %d, want %d (%v)", r.Bulkhead.Limit, s.Bulkhead.Limit, err)
	}
}

// The knee's forecast, worked by hand: 50 ms up to 25 calls, × (n/25)² beyond.
func TestKneeForecast(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) < 0.05 }
	c := DefaultConfig()
	c.Dependency = DependencyConfig{Mode: ModeHealthy, HealthyLatency: Duration(50 * time.Millisecond), Knee: 25, KneeExponent: 2}
	c.Pool = PoolConfig{Workers: 8, Queue: QueueUnbounded, Discipline: FIFO, Autoscale: AutoscaleConfig{Max: 64, Step: 4, Every: Duration(200 * time.Millisecond)}}
	c.Traffic.Payment = RateConfig{Rate: 150, Profile: []RateStep{{At: 0, Rate: 150}, {At: Duration(5 * time.Second), Rate: 500}}}
	k := c.Forecast().Knee
	// 25 / 50 ms = 500/s at best; 64 calls take 50 ms × 2.56² = 327.68 ms: 195.3/s.
	if !near(k.Best, 500) || k.Cap != 64 || !k.Autoscaled || k.CapLatency != 327680*time.Microsecond || !near(k.CapRate, 195.3) || !near(k.Shortfall, 304.7) {
		t.Errorf("postmortem knee %+v", k)
	}
	if lat, n := k.Answers(20); lat != 50*time.Millisecond || !near(n, 400) {
		t.Errorf("20 calls: %v, %v/s; want 50ms, 400/s", lat, n)
	}
	c.Pool = PoolConfig{Workers: 24, Queue: QueueUnbounded, Discipline: FIFO}
	k = c.Forecast().Knee
	// The fix: 24 / 50 ms = 480/s, 20/s short of a 500/s peak.
	if k.Cap != 24 || k.Autoscaled || !near(k.CapRate, 480) || !near(k.Shortfall, 20) || !near(k.Net(150, 24), -330) {
		t.Errorf("fixed 24: %+v", k)
	}
	c.Dependency.Knee = 0
	if k := c.Forecast().Knee; k.Knee != 0 {
		t.Errorf("no knee: %+v", k)
	}
}

// A call gets room for its mean plus four deviations (RFC 6298), not the mean alone.
func TestTypicalLatencyNeeded(t *testing.T) {
	var tl typicalLatency
	if tl.needed() != 0 {
		t.Fatal("needed before any call")
	}
	tl.observe(40 * time.Millisecond) // mean 40, deviation 20
	if got := tl.needed(); got != 120*time.Millisecond {
		t.Errorf("after one call: %v, want 40 + 4 × 20 = 120ms", got)
	}
	for range 200 {
		tl.observe(40 * time.Millisecond)
		tl.observe(60 * time.Millisecond)
	}
	// Alternating 40 and 60: the mean settles near 50, the deviation near 10.
	if got := tl.needed(); got < 80*time.Millisecond || got > 100*time.Millisecond {
		t.Errorf("alternating 40/60 ms: %v, want about 50 + 4 × 10 = 90ms", got)
	}
}

func TestQueueSizeText(t *testing.T) {
	var q QueueSize
	for _, tc := range []struct {
		in   string
		want QueueSize
		err  string
	}{{"100", 100, ""}, {" unbounded ", QueueUnbounded, ""}, {"-1", -1, ""}, {"lots", 0, `"lots" is not a whole number or unbounded`},
		{"99999999999999999999", 0, `"99999999999999999999" is out of range`}, {"-9223372036854775808", 0, `"-9223372036854775808" is out of range`}} {
		err := q.UnmarshalText([]byte(tc.in))
		switch {
		case tc.err == "" && (err != nil || q != tc.want):
			t.Errorf("%q: %v, %v", tc.in, q, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%q: error %v, want %s", tc.in, err, tc.err)
		}
	}
	b, _ := json.Marshal(PoolConfig{Queue: QueueUnbounded})
	c, _ := json.Marshal(PoolConfig{Queue: 7})
	if !strings.Contains(string(b), `"queue":"unbounded"`) || !strings.Contains(string(c), `"queue":7`) {
		t.Errorf("JSON %s and %s", b, c)
	}
}

func TestConfigEqual(t *testing.T) {
	a, b := DefaultConfig(), DefaultConfig()
	b.Traffic.Payment.Profile = []RateStep{}
	if !a.Equal(b) {
		t.Error("an empty profile differs from none")
	}
	b.Traffic.Payment.Profile = []RateStep{{At: 0, Rate: 3}}
	if a.Equal(b) || a.Traffic.Equal(b.Traffic) {
		t.Error("a profile makes no difference")
	}
	a.Traffic.Payment.Profile = []RateStep{{At: 0, Rate: 3}}
	if !a.Equal(b) {
		t.Error("the same profile differs")
	}
}

// The forecast line counts the workers the forecast was worked against, the autoscale max,
// not the pool's size at the end of the run.
func TestForecastLineCountsItsOwnWorkers(t *testing.T) {
	var s Snapshot
	s.Config = DefaultConfig()
	s.Config.Pool = PoolConfig{Workers: 8, Queue: QueueUnbounded, Discipline: FIFO, Autoscale: AutoscaleConfig{Max: 64, Step: 4, Every: Duration(200 * time.Millisecond)}}
	s.Config.Traffic.Payment = RateConfig{Rate: 150, Profile: []RateStep{{At: 0, Rate: 150}, {At: Duration(5 * time.Second), Rate: 500}}}
	s.Pool.Size = 8 // scaled back down by the end
	r := NewReport(s)
	if r.Forecast.Workers != 64 {
		t.Errorf("forecast workers %d, want the autoscale max 64", r.Forecast.Workers)
	}
	if lines := strings.Join(r.summary(), "\n"); !strings.Contains(lines, ") of 64") {
		t.Errorf("summary:\n%s\nwant the forecast line to count 64 workers", lines)
	}
	s.Fleet = &FleetStats{Replicas: make([]Snapshot, 2)} // each replica autoscales to 64 too
	if lines := strings.Join(NewReport(s).summary(), "\n"); !strings.Contains(lines, ") of 64") {
		t.Errorf("fleet summary:\n%s\nwant the forecast line to count 64 workers a replica", lines)
	}
}
