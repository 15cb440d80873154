// Tests of the postmortem's machinery: the unbounded queue, autoscaling, profiles, slack, the
// adaptive limit.

package engine

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"poollab/internal/testwait"
	"poollab/lab"
)

// blockedPool is a pool whose jobs hold their worker until release is closed.
func blockedPool(t *testing.T, c lab.PoolConfig) (p *pool, release func(), running func() int64, wait func()) {
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
	}, nil, nil)
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
	p, release, running, wait := blockedPool(t, lab.PoolConfig{Workers: 2, Queue: lab.QueueUnbounded, Discipline: lab.FIFO})
	defer wait()
	for i := range 102 {
		if !p.submit(job{class: lab.Payment, intended: time.Unix(0, int64(i))}) {
			t.Fatalf("request %d turned away by an unbounded queue", i)
		}
	}
	if st := p.stats(time.Time{}); st.Busy != 2 || st.Queued != 100 || !st.Unbounded {
		t.Fatalf("stats %+v: want 2 busy, 100 queued", st)
	}
	if n := running(); n != 102 {
		t.Fatalf("%d goroutines, want one per request (102)", n)
	}
	release()
	testwait.WaitFor(t, func() bool { return running() == 0 }, "every request's goroutine to end")
	if st := p.stats(time.Time{}); st.Busy != 0 || st.Queued != 0 || running() != 0 {
		t.Fatalf("after release: %+v, %d goroutines; want all served and gone", st, running())
	}
}

// The pool grows by step while requests are queued, up to max, and shrinks back to
// pool.workers once workers have sat idle.
// The pool's worker-time per class is what its busy workers held, between the instants
// that bound it: 3 blocked payments for a span hold 3 × the span, no sample in between
// needed (the chart's per-second mean, which an instant's sample is not).
func TestPoolHeldIsWorkerTime(t *testing.T) {
	p, _, _, wait := blockedPool(t, lab.PoolConfig{Workers: 4, Discipline: lab.FIFO})
	defer wait()
	t0 := time.Now()
	for range 3 {
		p.submit(job{class: lab.Payment})
	}
	t1 := time.Now()
	time.Sleep(20 * time.Millisecond)
	t2 := time.Now()
	st := p.stats(time.Time{})
	t3 := time.Now()
	if held, least, most := st.Held[lab.Payment], 3*t2.Sub(t1), 3*t3.Sub(t0); held < least || held > most {
		t.Errorf("payments held %v of worker-time, want between %v and %v", held, least, most)
	}
	if st.Held[lab.Signup] != 0 {
		t.Errorf("signups held %v with none submitted", st.Held[lab.Signup])
	}
}

func TestAutoscaleGrowsOnQueueAndShrinksWhenIdle(t *testing.T) {
	auto := lab.AutoscaleConfig{Max: 12, Step: 4, Every: lab.Duration(20 * time.Millisecond)}
	p, release, _, wait := blockedPool(t, lab.PoolConfig{Workers: 4, Queue: lab.QueueUnbounded, Discipline: lab.FIFO, Autoscale: auto})
	defer wait()
	for range 30 {
		p.submit(job{class: lab.Payment})
	}
	testwait.WaitFor(t, func() bool { return p.stats(time.Time{}).Size >= 12 }, "the pool to grow to 12")
	st := p.stats(time.Time{})
	if st.Size != 12 || st.PeakSize != 12 || st.Busy != 12 || st.Queued != 18 || st.Max != 12 {
		t.Fatalf("stats %+v: want grown to 12 workers, all busy, 18 queued", st)
	}
	release()
	testwait.WaitFor(t, func() bool { return p.stats(time.Time{}).Size <= 4 }, "the pool to shrink to 4")
	if st := p.stats(time.Time{}); st.Size != 4 || st.Busy != 0 || st.PeakSize != 12 {
		t.Fatalf("stats %+v: want back to 4 idle workers, peak 12", st)
	}
}

// Turning autoscaling off ends its goroutine; the pool keeps a size within its new bounds.
func TestAutoscaleOffEndsItsGoroutine(t *testing.T) {
	auto := lab.AutoscaleConfig{Max: 8, Step: 4, Every: lab.Duration(10 * time.Millisecond)}
	p, _, running, wait := blockedPool(t, lab.PoolConfig{Workers: 2, Discipline: lab.FIFO, Autoscale: auto})
	defer wait()
	if n := running(); n != 1 {
		t.Fatalf("%d goroutines, want the autoscaler alone", n)
	}
	p.resize(lab.PoolConfig{Workers: 2, Discipline: lab.FIFO})
	testwait.WaitFor(t, func() bool { return running() == 0 }, "the autoscaler to end")
	if n := running(); n != 0 || p.stats(time.Time{}).Max != 0 {
		t.Fatalf("%d goroutines, max %d: want the autoscaler gone", n, p.stats(time.Time{}).Max)
	}
}

// A profile changes the rate at each step, counted from the start.
func TestProfileStepsTheRate(t *testing.T) {
	tc := lab.TrafficConfig{Arrivals: lab.Uniform, Payment: lab.RateConfig{Rate: 7, Profile: []lab.RateStep{
		{At: lab.Duration(100 * time.Millisecond), Rate: 100}, {At: lab.Duration(300 * time.Millisecond), Rate: 20}}}}
	got := arrivals(t, tc, 500*time.Millisecond)[lab.Payment]
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
	if tc.RateAt(lab.Payment, 0) != 7 || tc.RateAt(lab.Payment, 150*time.Millisecond) != 100 || tc.RateAt(lab.Payment, time.Hour) != 20 || tc.PeakRate(lab.Payment) != 100 {
		t.Errorf("RateAt/PeakRate disagree with the profile")
	}
	tc.Payment.Profile[0].At = 0 // a first step at 0 replaces the rate from the start
	if tc.PeakRate(lab.Payment) != 100 || tc.RateAt(lab.Payment, 0) != 100 {
		t.Errorf("a step at 0s should replace the rate")
	}
}

// stuckConfig is a lab with no traffic of its own whose workers, once given payments, stay
// in their calls for 10 minutes: whatever arrives then waits, with an unbounded queue as
// goroutines.
func stuckConfig(workers int) lab.Config {
	c := lab.DefaultConfig()
	c.Duration = lab.Duration(time.Hour)
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	c.Pool.Workers, c.Pool.Queue = workers, lab.QueueUnbounded
	c.Dependency.Latency = lab.Duration(10 * time.Minute)
	return c
}

// The lab stopped with 50,000 requests waiting as goroutines leaves none behind.
func TestStopWithFiftyThousandWaiting(t *testing.T) {
	l, err := startLab(stuckConfig(2), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for range 50_000 {
		l.arrive(lab.Payment, time.Now(), 0)
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
	c.Dependency.Latency = lab.Duration(2 * time.Second)
	c.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 1}
	s := run(t, c)
	rej := s.Classes[lab.Payment].Rejected[lab.RejectBulkhead]
	if s.Slack.Rejections != rej || rej == 0 {
		t.Fatalf("slack observed %d rejections, the bulkhead made %d", s.Slack.Rejections, rej)
	}
	// A semaphore's are the bulkheads' word; rejected:limit is the adaptive limit's alone.
	if n := s.Classes[lab.Payment].Rejected[lab.RejectLimit]; n != 0 {
		t.Errorf("the semaphore's rejections counted %d as %s", n, lab.RejectLimit.Word())
	}
	// Uniform 20/s on 10 workers: the permit holder and the rejected one itself are busy.
	if s.Slack.MeanFree < 7.5 || s.Slack.MeanFree > 8 {
		t.Errorf("mean free workers at rejection %.2f, want about 8", s.Slack.MeanFree)
	}
	r := lab.NewReport(s)
	if r.Bulkhead == nil || r.Bulkhead.SlackLost == nil || r.Bulkhead.SlackLost.Rejections != rej {
		t.Errorf("report bulkhead %+v: want slack_lost", r.Bulkhead)
	}
}

// The adaptive limit admits calls up to its limit and turns the rest away at once, as
// rejected:limit, not the bulkheads' rejected:bulkhead (a concurrency limit, not isolation:
// newcomer 58); the counters balance, and the report and timeline carry the limit.
func TestAdaptiveLimitTurnsTheExcessAway(t *testing.T) {
	c := scaled()
	c.Traffic.Signup.Rate = 0
	c.Pool.Workers = 40
	c.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadAdaptive, Size: 5}
	c.Duration = lab.Duration(1500 * time.Millisecond)
	s := run(t, c)
	pay := s.Classes[lab.Payment]
	if got := strings.Join(s.Chain, " "); got != "fallback limit:adaptive http" {
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
	if pay.Rejected[lab.RejectLimit] == 0 || s.Dependency.PeakInFlight > int64(highest) || s.Bulkhead.Limit < 1 {
		t.Errorf("payments %+v, peak in flight %d, limit %d (at most %d)", pay, s.Dependency.PeakInFlight, s.Bulkhead.Limit, highest)
	}
	if pay.Rejected[lab.RejectBulkhead] != 0 || s.Slack.Rejections != pay.Rejected[lab.RejectLimit] {
		t.Errorf("%s %d, workers unused at %d rejections: want none a bulkhead's, and each of the limit's %d counted",
			lab.RejectBulkhead.Word(), pay.Rejected[lab.RejectBulkhead], s.Slack.Rejections, pay.Rejected[lab.RejectLimit])
	}
	var r struct {
		Bulkhead struct {
			Limit int `json:"limit"`
		} `json:"bulkhead"`
		Classes map[string]struct {
			Rejected map[string]int64 `json:"rejected"`
		} `json:"classes"`
	}
	b, _ := json.Marshal(lab.NewReport(s))
	if err := json.Unmarshal(b, &r); err != nil || r.Bulkhead.Limit != s.Bulkhead.Limit {
		t.Errorf("report bulkhead.limit %d, want %d (%v)", r.Bulkhead.Limit, s.Bulkhead.Limit, err)
	}
	if got := r.Classes["payment"].Rejected["limit"]; got != pay.Rejected[lab.RejectLimit] {
		t.Errorf("report classes.payment.rejected.limit %d, want %d", got, pay.Rejected[lab.RejectLimit])
	}
}
