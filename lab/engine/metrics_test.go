// Tests of the histograms and the wait's parts.

package engine

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"poollab/internal/testwait"
	"poollab/lab"
)

// The running mean agrees with HdrHistogram's own (which walks every bucket), for plain
// and corrected samples alike, to the histogram's 0.1%.
func TestMeanAgreesWithHdrHistogram(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, corrected := range []bool{false, true} {
		h := newHist()
		for range 2000 {
			d := time.Duration(r.ExpFloat64() * float64(50*time.Millisecond))
			if corrected {
				h.recordCorrected(d, 10*time.Millisecond, true, math.MaxInt64)
			} else {
				h.record(d)
			}
		}
		got, want := float64(h.summary().Mean/time.Microsecond), h.h.Mean()
		if math.Abs(got-want) > want/1000+1 {
			t.Errorf("corrected %v: mean %.0f µs, HdrHistogram %.0f µs", corrected, got, want)
		}
	}
}

// HdrHistogram reports a bucket's highest equivalent value: 1002.3 ms sits in a bucket
// 512 µs wide, whose top is above it. No percentile may come out above the max recorded.
func TestPercentilesNeverExceedTheMax(t *testing.T) {
	for _, values := range [][]time.Duration{
		{1002300 * time.Microsecond},
		{1002300 * time.Microsecond, 1002100 * time.Microsecond, 3 * time.Millisecond},
		{3004400 * time.Microsecond, 3004400 * time.Microsecond, 2 * time.Second},
		{700 * time.Nanosecond}, // below the histogram's 1 µs: recorded as 1 µs, and so is the max
	} {
		h := newHist()
		for _, v := range values {
			h.record(v)
		}
		p := h.summary()
		checkOrdered(t, "summary", p)
		if p.Max <= 0 || p.Count != int64(len(values)) {
			t.Errorf("%v: %+v", values, p)
		}
	}
}

// The wait from the scheduled arrival to a worker is recorded with its two parts, the
// generator's lag and dispatch; neither part of a request can exceed its whole.
func TestWaitParts(t *testing.T) {
	s := run(t, scaled())
	for _, c := range []lab.Class{lab.Payment, lab.Signup} {
		cs := s.Classes[c]
		if cs.Lag.Count == 0 || cs.Dispatch.Count == 0 {
			t.Errorf("%s: no wait parts recorded: lag %+v, dispatch %+v", c, cs.Lag, cs.Dispatch)
		}
		if cs.Lag.Max > cs.QueueWait.Max || cs.Dispatch.Max > cs.QueueWait.Max {
			t.Errorf("%s: a part above the whole: wait max %v, lag max %v, dispatch max %v", c, cs.QueueWait.Max, cs.Lag.Max, cs.Dispatch.Max)
		}
	}
}

// The wait of the requests a worker finished is of the latency's requests: as many, each
// wait part of its latency, so no percentile above the latency's; the wait of every one
// picked up has those turned away on a worker too (review 29 lab #14).
func TestWaitedIsOfTheFinished(t *testing.T) {
	m := newClassMetrics(time.Now())
	t0 := time.Now()
	for i := range 100 { // each waited 3ms, then took 1ms
		m.arrive(time.Now(), false)
		intended := t0.Add(time.Duration(i) * time.Millisecond)
		m.started(intended, intended, intended.Add(3*time.Millisecond))
		m.finish(lab.OK, false, intended, intended.Add(3*time.Millisecond), intended.Add(4*time.Millisecond))
	}
	for range 150 { // waited 700ms, then turned away on a worker
		m.arrive(time.Now(), false)
		m.started(t0, t0, t0.Add(700*time.Millisecond))
		m.reject(job{intended: t0}, lab.RejectDeadline, t0.Add(700*time.Millisecond), t0.Add(700*time.Millisecond), time.Time{}, false)
	}
	s := m.stats()
	if s.Waited.Count != s.Latency.Count || s.QueueWait.Count != 250 {
		t.Errorf("waited of %d, latency of %d, queue wait of %d", s.Waited.Count, s.Latency.Count, s.QueueWait.Count)
	}
	if s.Waited.P50 > s.Latency.P50 || s.Waited.P50 != 3*time.Millisecond || s.QueueWait.P50 < 700*time.Millisecond {
		t.Errorf("waited p50 %v, latency p50 %v, queue wait p50 %v", s.Waited.P50, s.Latency.P50, s.QueueWait.P50)
	}
}

// A rejection counts how long it waited since its scheduled arrival (issue 22, finding 13):
// at least the time between the two, whatever the machine's speed.
func TestRejectionWaitCounted(t *testing.T) {
	m := newClassMetrics(time.Now())
	m.arrive(time.Now(), false)
	m.arrive(time.Now(), false)
	intended := time.Now().Add(-750 * time.Millisecond)
	now := time.Now()
	m.reject(job{intended: intended}, lab.RejectDeadline, time.Time{}, now, time.Time{}, false)
	m.reject(job{intended: now}, lab.RejectPool, time.Time{}, now, time.Time{}, false)
	s := m.stats()
	if got := s.TurnedAwayAfter(lab.RejectDeadline); got < 750*time.Millisecond {
		t.Errorf("a deadline rejection scheduled 750ms ago waited %v", got)
	}
	if s.Rejected[lab.RejectDeadline] != 1 || s.Rejected[lab.RejectPool] != 1 || s.RejectedWait[lab.RejectDeadline] < s.RejectedWait[lab.RejectPool] {
		t.Errorf("stats %+v", s)
	}
}

// A latency's summary bounds its p50 as it does its p99: the interval holds the p50, from 6
// samples it has an upper end (a comparison judges the p50 where the p99 has none), from 5
// not.
func TestP50Interval(t *testing.T) {
	for _, tc := range []struct {
		n       int
		hasHigh bool
	}{{5, false}, {6, true}, {50, true}, {1000, true}} {
		h := newLatencyHist()
		for i := range tc.n {
			h.record(time.Duration(i+1) * time.Millisecond)
		}
		p := h.summary()
		if p.P50In.HasHigh != tc.hasHigh || p.P50In.Low > p.P50 || tc.hasHigh && p.P50In.High < p.P50 {
			t.Errorf("n=%d: p50 %v in %+v, want an upper end %v", tc.n, p.P50, p.P50In, tc.hasHigh)
		}
		if tc.n == 1000 && (p.P50In.Low < 460*time.Millisecond || p.P50In.High > 540*time.Millisecond) {
			t.Errorf("n=1000: p50 interval %+v, want about 470–530ms", p.P50In)
		}
	}
}

// Each percentile is the sample at its nearest rank, ⌈q·n⌉: one slow sample of 601 is over
// 0.1% of them, so p99.9 is that sample (HdrHistogram alone rounds q·n and answered the
// 600th; newcomer 16), and p50 of 4 samples is the 2nd.
func TestPercentilesAtTheNearestRank(t *testing.T) {
	h := newHist()
	for range 600 {
		h.record(2 * time.Millisecond)
	}
	h.record(time.Second)
	if p := h.summary(); p.P999 < 900*time.Millisecond || p.P99 > 10*time.Millisecond {
		t.Errorf("601 samples, one slow: p99 %v, p99.9 %v; want p99.9 the slow one", p.P99, p.P999)
	}
	if d, _ := h.distribution(); d[3*20] < 900*time.Millisecond { // p99.9 on the chart's axis
		t.Errorf("601 samples, one slow: the chart's p99.9 %v, the table's %v", d[3*20], h.summary().P999)
	}
	g := newHist()
	for _, ms := range []time.Duration{1, 2, 3, 4} {
		g.record(ms * time.Millisecond)
	}
	if p := g.summary(); p.P50 > 2100*time.Microsecond || p.P50 < 1900*time.Microsecond {
		t.Errorf("p50 of 1, 2, 3, 4ms: %v, want the 2nd", p.P50)
	}
}

// The chart and the table agree at every percentile the table shows that the chart's axis
// holds (p90, p99, p99.9, p99.99, and p0 the least): the chart asked HdrHistogram for q·n
// rounded, so of 601 samples its p99.9 was the 600th while the table's was the 601st
// (newcomer 19).
func TestDistributionAgreesWithTheTable(t *testing.T) {
	for _, n := range []int{1, 4, 601, 700, 1000, 1999, 10001} {
		h := newHist()
		for i := range n { // a ramp, most ranks their own value
			h.record(time.Duration(1000+10*i) * time.Microsecond)
		}
		h.record(time.Second) // and a stall, one sample
		d, _ := h.distribution()
		p := h.summary()
		for _, at := range []struct {
			decade int
			want   time.Duration
			name   string
		}{{1, p.P90, "p90"}, {2, p.P99, "p99"}, {3, p.P999, "p99.9"}, {4, p.P9999, "p99.99"}} {
			if got := d[at.decade*20]; got != at.want {
				t.Errorf("%d samples: the chart's %s %v, the table's %v", n, at.name, got, at.want)
			}
		}
		if d[0] > p.P50 || d[len(d)-1] > p.Max {
			t.Errorf("%d samples: the chart from %v to %v, the table's p50 %v, max %v", n, d[0], d[len(d)-1], p.P50, p.Max)
		}
	}
}

// A class's served count and its service and latency histograms are read together: a
// snapshot taken as a request ends has it in all of them or in none (finish and stats share
// the counters' lock; a busy machine's final snapshot had one more in the histogram).
func TestServedReadWithItsHistograms(t *testing.T) {
	m := newClassMetrics(time.Now())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t0 := time.Now()
		for range 200000 {
			m.arrive(time.Now(), false)
			m.finish(lab.OK, false, t0, t0, t0.Add(time.Millisecond))
		}
	}()
	defer func() { <-done }() // a failed read ends the test, not the writer: wait for it
	for reads := 0; ; reads++ {
		select {
		case <-done:
			t.Logf("%d reads", reads)
			return
		default:
		}
		if s := m.stats(); s.Service.Count != s.Served || s.Latency.Count != s.Served || s.Waited.Count != s.Served {
			t.Fatalf("read %d: served %d, service count %d, latency count %d, waited count %d", reads, s.Served, s.Service.Count, s.Latency.Count, s.Waited.Count)
		}
	}
}

// A class's counters are not locked while its percentiles are worked out: every arrival and
// rejection takes that lock, on the generator's path (final read #1). A stats held up in its
// latency histogram's lock, as behind a long summary, leaves the counters free.
func TestArrivalsDoNotWaitForPercentiles(t *testing.T) {
	m := newClassMetrics(time.Now())
	m.latency.mu.Lock()
	done, id := make(chan struct{}), make(chan string, 1)
	go func() {
		defer close(done)
		id <- goroutineID()
		_ = m.stats()
	}()
	// Until this stats waits for the histogram's lock, and no other goroutine's (one left by
	// an earlier test would let this one be read before it blocks): it is then parked with
	// what it holds. The last resort, so a changed stack fails the test rather than hang it.
	g := <-id
	giveUp := testwait.LastResort(t)
	for !waitingIn(allStacks(), g, "(*classMetrics).stats") {
		select {
		case <-giveUp:
			m.latency.mu.Unlock()
			t.Fatalf("goroutine %s never seen waiting in stats for the histogram's lock", g)
		default:
			runtime.Gosched()
		}
	}
	free := m.mu.TryLock()
	if free {
		m.mu.Unlock()
	}
	m.latency.mu.Unlock()
	<-done
	if !free {
		t.Fatal("stats holds the counters' lock while it waits to summarise a histogram")
	}
}

// waitingIn is whether goroutine id in stacks is in fn and waits for a mutex.
func waitingIn(stacks, id, fn string) bool {
	for g := range strings.SplitSeq(stacks, "\n\n") {
		if strings.HasPrefix(g, "goroutine "+id+" [") && strings.Contains(g, fn) && strings.Contains(g, "lockSlow") {
			return true
		}
	}
	return false
}

// allStacks is every goroutine's stack, whole: the buffer grows until the dump fits.
func allStacks() string {
	for buf := make([]byte, 1<<16); ; buf = make([]byte, 2*len(buf)) {
		if n := runtime.Stack(buf, true); n < len(buf) {
			return string(buf[:n])
		}
	}
}

// goroutineID is the calling goroutine's id, as its stack's first line names it.
func goroutineID() string {
	buf := make([]byte, 64)
	id, _, _ := strings.Cut(strings.TrimPrefix(string(buf[:runtime.Stack(buf, false)]), "goroutine "), " ")
	return id
}

// A latency summary's interval ranks are worked out before its lock (stats: a finish no
// longer waits for them), and again under it if a sample came in between: never a stale
// count's.
func TestRanksAheadNeverStale(t *testing.T) {
	h := newLatencyHist()
	for i := range 1000 {
		h.record(time.Duration(i+1) * time.Millisecond)
	}
	ahead := h.ranksAhead()
	for range 200 { // in between: enough that the ranks move, or a stale use would pass
		h.record(time.Second)
	}
	if lo, _ := lab.QuantileRanks(1200, 0.99, lab.QuantileConfidence); lo == ahead.lo {
		t.Fatalf("the ranks of 1000 and 1200 are the same (%d): the test would test nothing", lo)
	}
	h.mu.Lock()
	got := h.summaryLocked(ahead)
	h.mu.Unlock()
	h.dirty = true
	if want := h.summary(); got.P99In != want.P99In || got.P50In != want.P50In || got.Count != 1200 {
		t.Errorf("intervals %+v %+v of %d, want %+v %+v of 1200", got.P99In, got.P50In, got.Count, want.P99In, want.P50In)
	}
	if lo, _ := lab.QuantileRanks(1000, 0.99, lab.QuantileConfidence); ahead.n != 1000 || ahead.lo != lo {
		t.Errorf("ranks ahead %+v, want 1000's", ahead)
	}
}

// A stall's ladder reads its raw samples: open-loop's 1000, one every 10ms, 100 of them held
// by a 1s stall at 5s and answered after its end with each its own delay, in no order of
// sending (as measured, s96b: 3 to 18ms), give p99.9 the 2nd slowest sample itself, to the
// histogram's 0.1%: 998ms beside max 1.00s is the replies' delays, not the percentile's
// rule (newcomer 84 W2).
func TestStallLadderReadsTheRawSamples(t *testing.T) {
	r := rand.New(rand.NewPCG(84, 2))
	h := newHist()
	var raw []time.Duration
	for i := range 1000 {
		due := time.Duration(i) * 10 * time.Millisecond
		d := time.Millisecond // the dependency's own
		if due >= 5*time.Second && due < 6*time.Second {
			d = 6*time.Second + time.Duration(3000+r.IntN(15000))*time.Microsecond - due
		}
		raw = append(raw, d)
		h.record(d)
	}
	slices.Sort(raw)
	p := h.summary()
	near := func(got, want time.Duration) bool { return math.Abs(float64(got-want)) <= float64(want)/1000 }
	if !near(p.P999, raw[998]) || p.Max != raw[999].Truncate(time.Microsecond) {
		t.Errorf("p99.9 %v, max %v; raw 2nd slowest %v, slowest %v", p.P999, p.Max, raw[998], raw[999])
	}
	// The one due 10ms after the slowest reads more than the stall less 10ms: its own delay.
	if p.P999 <= 990*time.Millisecond {
		t.Errorf("p99.9 %v, want over 990ms: the 2nd slowest's reply came back after the stall's end too", p.P999)
	}
}
