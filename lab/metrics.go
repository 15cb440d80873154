package lab

import (
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// Histogram range: 1 µs to 10 minutes at 3 significant digits (0.1% resolution).
const (
	histMin    = 1
	histMax    = int64(10 * time.Minute / time.Microsecond)
	histDigits = 3
)

// Percentiles summarise one HdrHistogram. Durations are exact to 0.1%.
type Percentiles struct {
	P50, P95, P99, P999, Max time.Duration
	Count                    int64
	P90, P9999               time.Duration // the rest of the ladder: p50, p90, p99, p99.9, p99.99, max
	// Mean is the W of Little's law: what a worker's capacity (workers / W) is made of.
	Mean time.Duration
}

// hist is an HdrHistogram of durations with its own lock and a cached summary,
// so a 10 Hz snapshot does not walk the buckets when nothing was recorded.
type hist struct {
	mu    sync.Mutex
	h     *hdrhistogram.Histogram
	max   int64 // µs, kept here: the histogram's Max walks every bucket
	total int64 // µs, the sum of what was recorded: the histogram's Mean walks every bucket too
	dirty bool
	sum   Percentiles

	dist      []time.Duration // at DistributionPercentiles, as of distCount samples
	distCount int64
}

func newHist() *hist { return &hist{h: hdrhistogram.New(histMin, histMax, histDigits)} }

func (h *hist) record(d time.Duration) {
	us := max(int64(d/time.Microsecond), histMin)
	h.mu.Lock()
	h.h.RecordValue(min(us, histMax))
	h.max = max(h.max, us)
	h.total += us
	h.dirty = true
	h.mu.Unlock()
}

// recordCorrected records d from a closed-loop user paced one request per expected, and
// the samples that user would have sent while it waited for d: d − expected, d − 2·expected,
// … down to expected (HdrHistogram's RecordCorrectedValue, Gil Tene's correction for
// coordinated omission). Each stands for a request due then that would have waited for the
// same reply.
func (h *hist) recordCorrected(d, expected time.Duration) {
	us := max(int64(d/time.Microsecond), histMin)
	h.mu.Lock()
	every := max(int64(expected/time.Microsecond), 1)
	h.h.RecordCorrectedValue(min(us, histMax), every)
	h.max = max(h.max, us)
	h.total += correctedSum(us, every)
	h.dirty = true
	h.mu.Unlock()
}

// correctedSum is the sum of what RecordCorrectedValue(v, every) records: v, then
// v − every, v − 2·every, … while at least every.
func correctedSum(v, every int64) int64 {
	k := max(v/every-1, 0) // the samples put back
	return v + k*v - every*k*(k+1)/2
}

func (h *hist) summary() Percentiles {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.dirty {
		// One pass over the buckets for all of them, rather than one per percentile.
		v := h.h.ValueAtPercentilesSlice([]float64{50, 95, 99, 99.9, 90, 99.99})
		// HdrHistogram answers with the highest value its bucket stands for, which can lie
		// above the largest value recorded: no percentile may exceed the max.
		us := func(n int64) time.Duration { return time.Duration(min(n, h.max)) * time.Microsecond }
		h.sum = Percentiles{P50: us(v[0]), P95: us(v[1]), P99: us(v[2]), P999: us(v[3]),
			Max: us(h.max), Count: h.h.TotalCount()}
		h.sum.P90, h.sum.P9999 = us(v[4]), us(v[5])
		if n := h.h.TotalCount(); n > 0 {
			h.sum.Mean = time.Duration(h.total/n) * time.Microsecond
		}
		h.dirty = false
	}
	return h.sum
}

// ClassStats are one class's running totals. For every class, always:
// Arrived = OK + Failed + TimedOut + sum(Rejected) + InFlight.
type ClassStats struct {
	Arrived, OK, Failed, TimedOut int64
	Rejected                      [numReasons]int64
	InFlight                      int64       // accepted (queued or on a worker) and not finished
	Fallback                      int64       // answered by the fallback after a failure, timeout or rejection on a worker
	Latency                       Percentiles // intended arrival → answer, for requests a worker finished
	QueueWait                     Percentiles // intended arrival → a worker picked it up
	Service                       Percentiles // worker picked it up → answer
	// LatencyCorrected is closed-loop latency with the samples its users did not send put
	// back (HdrHistogram's RecordCorrectedValue at the pacing interval); empty in open loop.
	LatencyCorrected Percentiles
	Duplicates       int64 // arrivals that were an impatient user's second try (counted in Arrived too)
	// What QueueWait is made of: the generator's lateness (intended arrival → sent) and the
	// hand-off (sent → a worker picked it up: the accept queue, if any, and the scheduler).
	Lag, Handoff Percentiles
}

// add adds b's counters to c's (not the percentiles, which do not add up).
func (c ClassStats) add(b ClassStats) ClassStats {
	c.Arrived += b.Arrived
	c.OK += b.OK
	c.Failed += b.Failed
	c.TimedOut += b.TimedOut
	for r := range c.Rejected {
		c.Rejected[r] += b.Rejected[r]
	}
	c.InFlight += b.InFlight
	c.Fallback += b.Fallback
	c.Duplicates += b.Duplicates
	return c
}

// RejectedTotal sums the rejections of every reason.
func (c ClassStats) RejectedTotal() int64 {
	var n int64
	for _, r := range c.Rejected {
		n += r
	}
	return n
}

// classMetrics counts at the event. Counters share one lock so a snapshot is consistent
// and the invariant can be checked, not assumed: InFlight is counted, never derived.
type classMetrics struct {
	mu                            sync.Mutex
	arrived, ok, failed, timedOut int64
	rejected                      [numReasons]int64
	inFlight                      int64
	fallbacks                     int64
	duplicates                    int64

	latency, queueWait, service *hist
	latencyCorrected            *hist // closed loop only: latency with the omitted samples put back
	lag, handoff                *hist // the two parts of queueWait

	// up, in a fleet's replica, is the fleet's: every latency is recorded there too, as it
	// happens, so the fleet-wide percentiles are exact (a fleet adds up its replicas' counters).
	up *classMetrics
}

func newClassMetrics() *classMetrics {
	return &classMetrics{latency: newHist(), queueWait: newHist(), service: newHist(), latencyCorrected: newHist(),
		lag: newHist(), handoff: newHist()}
}

// arrive counts an arrival; duplicate: an impatient user's second try, counted apart too.
func (m *classMetrics) arrive(duplicate bool) {
	m.mu.Lock()
	m.arrived++
	m.inFlight++
	if duplicate {
		m.duplicates++
	}
	m.mu.Unlock()
}

func (m *classMetrics) reject(r Reason) {
	m.mu.Lock()
	m.rejected[r]++
	m.inFlight--
	m.mu.Unlock()
}

// finish records a request a worker served; intended, started and ended are its three instants.
func (m *classMetrics) finish(o Outcome, intended, started, ended time.Time) {
	for h := m; h != nil; h = h.up {
		h.latency.record(ended.Sub(intended))
		h.service.record(ended.Sub(started))
	}
	m.mu.Lock()
	switch o {
	case OK:
		m.ok++
	case Failed:
		m.failed++
	case TimedOut:
		m.timedOut++
	}
	m.inFlight--
	m.mu.Unlock()
}

func (m *classMetrics) fallback() {
	m.mu.Lock()
	m.fallbacks++
	m.mu.Unlock()
}

// started records a request a worker picked up: its wait since its scheduled arrival, and
// that wait's parts, split at the instant the generator sent it.
func (m *classMetrics) started(intended, sent, started time.Time) {
	for h := m; h != nil; h = h.up {
		h.queueWait.record(started.Sub(intended))
		h.lag.record(sent.Sub(intended))
		h.handoff.record(started.Sub(sent))
	}
}

func (m *classMetrics) stats() ClassStats {
	s := m.counts()
	s.Latency, s.QueueWait, s.Service = m.latency.summary(), m.queueWait.summary(), m.service.summary()
	s.LatencyCorrected = m.latencyCorrected.summary()
	s.Lag, s.Handoff = m.lag.summary(), m.handoff.summary()
	return s
}

// counts are the running totals alone, without the percentiles: what the per-second
// timeline needs, without walking every histogram each second.
func (m *classMetrics) counts() ClassStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	return ClassStats{Arrived: m.arrived, OK: m.ok, Failed: m.failed, TimedOut: m.timedOut,
		Rejected: m.rejected, InFlight: m.inFlight, Fallback: m.fallbacks, Duplicates: m.duplicates}
}

// Errors counts the requests that ended badly: failed, timed out, or turned away.
func (c ClassStats) Errors() int64 { return c.Failed + c.TimedOut + c.RejectedTotal() }

// Finished counts the requests a worker finished: ok, failed or timed out, never a rejection.
func (c ClassStats) Finished() int64 { return c.OK + c.Failed + c.TimedOut }

// OKShare is OK over Finished: the share a worker served well (0 before any finish).
func (c ClassStats) OKShare() float64 {
	if c.Finished() == 0 {
		return 0
	}
	return float64(c.OK) / float64(c.Finished())
}

// RejectedShare is the arrivals turned away for why, over arrivals (0 before any arrive).
func (c ClassStats) RejectedShare(why Reason) float64 {
	if c.Arrived == 0 {
		return 0
	}
	return float64(c.Rejected[why]) / float64(c.Arrived)
}

// ErrorShare is Errors over arrivals: the error rate a dashboard shows (0 before any arrive).
func (c ClassStats) ErrorShare() float64 {
	if c.Arrived == 0 {
		return 0
	}
	return float64(c.Errors()) / float64(c.Arrived)
}
