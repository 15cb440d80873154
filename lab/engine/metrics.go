// The metric collectors: HdrHistograms of durations and each class's counters, kept at the
// event.

package engine

import (
	"math"
	"slices"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"poollab/lab"
)

// Histogram range: 1 µs to 10 minutes at 3 significant digits (0.1% resolution).
const (
	histMin    = 1
	histMax    = int64(10 * time.Minute / time.Microsecond)
	histDigits = 3
)

// hist is an HdrHistogram of durations with its own lock and a cached summary,
// so a 10 Hz snapshot does not walk the buckets when nothing was recorded.
type hist struct {
	mu    sync.Mutex
	h     *hdrhistogram.Histogram
	max   int64 // µs, kept here: the histogram's Max walks every bucket
	total int64 // µs, the sum of what was recorded: the histogram's Mean walks every bucket too
	dirty bool
	sum   lab.Percentiles
	p99In bool // its summary carries the p99's and the p50's intervals (a class's latency: what a comparison judges)

	dist      []time.Duration // at DistributionPercentiles, as of distCount samples
	distCount int64
}

func newHist() *hist { return &hist{h: hdrhistogram.New(histMin, histMax, histDigits)} }

// newLatencyHist is a hist whose summary carries the p99's and the p50's intervals too.
func newLatencyHist() *hist {
	h := newHist()
	h.p99In = true
	return h
}

func (h *hist) record(d time.Duration) {
	h.mu.Lock()
	h.add(micros(d))
	h.mu.Unlock()
}

// micros is d in the microseconds the histograms count, from their least on.
func micros(d time.Duration) int64 { return max(int64(d/time.Microsecond), histMin) }

// add records us; h.mu is held.
func (h *hist) add(us int64) {
	h.h.RecordValue(min(us, histMax))
	h.max = max(h.max, us)
	h.total += us
	h.dirty = true
}

// recordCorrected books a closed-loop request sent for a slot of a pacing of one request
// per expected and answered d after that slot: d itself if measured (one turned away has
// no latency), and the samples its user would have sent while it waited for d, d − expected,
// d − 2·expected, … down to expected, as HdrHistogram's RecordCorrectedValue puts them back
// (Gil Tene's correction for coordinated omission), room of them at most: a slot past a
// bounded run's end was never due. Each stands for a request due then that would have
// waited for the same reply; the user skips exactly those (closedLoop.user).
func (h *hist) recordCorrected(d, expected time.Duration, measured bool, room int64) {
	us, every, k := correction(d, expected)
	h.mu.Lock()
	defer h.mu.Unlock()
	if measured {
		h.add(us)
	}
	for i := range min(k, room) {
		h.add(us - (i+1)*every)
	}
}

// correction is d and expected in the microseconds the histograms count, and k, how many
// samples RecordCorrectedValue puts back for d: v − every, v − 2·every, … while at least
// every, which is v/every − 1 (none when v ≤ every: it puts back only past one interval).
func correction(d, expected time.Duration) (v, every, k int64) {
	v = micros(d)
	every = max(int64(expected/time.Microsecond), 1)
	return v, every, max(v/every-1, 0)
}

// nearestRank is the percentile to ask HdrHistogram for the sample at q's nearest rank,
// ⌈q·n⌉ of n samples: it rounds q·n to the nearest rank, so of 601 samples its p99.9 was
// the 600th, under a stall that the 601st alone showed (newcomer 16: one sample in 601 is
// over 0.1% of them). The table (summary) and the chart (distribution) both ask through it,
// so they agree at every percentile both show (newcomer 19).
func nearestRank(q float64, n int64) float64 {
	if n == 0 {
		return 100 * q
	}
	return rankPercentile(lab.NearestRank(q, n), n)
}

// rankPercentile is the percentile whose rank is r of n samples (from the 1st to the nth).
func rankPercentile(r, n int64) float64 { return 100 * float64(min(max(r, 1), n)) / float64(n) }

func (h *hist) summary() lab.Percentiles {
	r := h.ranksAhead()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.summaryLocked(r)
}

// intervalRanks are the ranks of a summary's p99 and p50 intervals for n samples: the exact
// binomial's, the summary's dearest part by far, and arithmetic on n alone.
type intervalRanks struct{ n, lo, hi, lo50, hi50 int64 }

func ranksOf(n int64) intervalRanks {
	r := intervalRanks{n: n}
	r.lo, r.hi = lab.QuantileRanks(n, 0.99, lab.QuantileConfidence)
	r.lo50, r.hi50 = lab.QuantileRanks(n, 0.5, lab.QuantileConfidence)
	return r
}

// ranksAhead works out the interval ranks for the samples h has now, before the lock its
// summary is taken under, so a finish recording meanwhile does not wait for them (review
// 20: every finish waited out a snapshot's percentiles). A sample recorded in between
// leaves them for the summary to work out again.
func (h *hist) ranksAhead() intervalRanks {
	h.mu.Lock()
	n, want := h.h.TotalCount(), h.p99In && h.dirty
	h.mu.Unlock()
	if !want || n == 0 {
		return intervalRanks{}
	}
	return ranksOf(n)
}

// summaryLocked is summary, with the interval ranks worked out ahead (ranksAhead); h.mu is held.
func (h *hist) summaryLocked(r intervalRanks) lab.Percentiles {
	if h.dirty {
		n := h.h.TotalCount()
		at := []float64{nearestRank(0.5, n), nearestRank(0.95, n), nearestRank(0.99, n), nearestRank(0.999, n), nearestRank(0.9, n), nearestRank(0.9999, n)}
		if h.p99In && n > 0 {
			if r.n != n {
				r = ranksOf(n)
			}
			// Each interval: the samples at ranks lo and hi, asked as the percentiles whose
			// rank they are.
			at = append(at, rankPercentile(r.lo, n), rankPercentile(r.hi, n), rankPercentile(r.lo50, n), rankPercentile(r.hi50, n))
		}
		// One pass over the buckets for all of them, rather than one per percentile.
		v := h.h.ValueAtPercentilesSlice(at)
		// HdrHistogram answers with the highest value its bucket stands for, which can lie
		// above the largest value recorded: no percentile may exceed the max.
		us := func(n int64) time.Duration { return time.Duration(min(n, h.max)) * time.Microsecond }
		h.sum = lab.Percentiles{P50: us(v[0]), P95: us(v[1]), P99: us(v[2]), P999: us(v[3]),
			Max: us(h.max), Count: n}
		h.sum.P90, h.sum.P9999 = us(v[4]), us(v[5])
		if n > 0 {
			h.sum.Mean = time.Duration(h.total/n) * time.Microsecond
		}
		if h.p99In && n > 0 {
			interval := func(lo, hi int64, low, high int64) (i lab.QuantileInterval) {
				if lo > 0 { // else no lower end: from 0
					i.Low = us(low)
				}
				i.High, i.HasHigh = us(high), hi <= n
				return i
			}
			h.sum.P99In = interval(r.lo, r.hi, v[6], v[7])
			h.sum.P50In = interval(r.lo50, r.hi50, v[8], v[9])
		}
		h.dirty = false
	}
	return h.sum
}

// classMetrics counts at the event. Counters share one lock so a snapshot is consistent
// and the invariant can be checked, not assumed: InFlight is counted, never derived. The
// outcomes are counted by second alone (read and open, below), their totals the sum.
type classMetrics struct {
	mu           sync.Mutex
	rejectedWait [numReasons]time.Duration // summed: scheduled arrival → turned away
	inFlight     int64
	fallbacks    int64
	served       int64 // ended on a worker
	// ends are when the last len(ends) of those ended, the served-th at (served-1) mod
	// len(ends): what a health check's timeout had seen freed (servedBy).
	ends [64]time.Time

	latency, queueWait, service *hist
	waited                      *hist // queueWait of those finished: latency's own requests
	latencyCorrected            *hist // closed loop only: latency with the omitted samples put back
	lag, dispatch               *hist // the two parts of queueWait

	// up, in a fleet's replica, is the fleet's: every latency is recorded there too, as it
	// happens, so the fleet-wide percentiles are exact (a fleet adds up its replicas' counters).
	up *classMetrics

	// The counts by the whole second of the run each event fell in, for the timeline too:
	// a Second holds what happened from one whole second to the next, whenever the sampler
	// reads it. Read at a sample 10ms before the second, "5–10s" held 4.99s to 10s, a
	// closed-loop send due at 4.99s in it (newcomer 82 W3: 80.4/s of 401 sends). read is
	// those of the seconds before next, already taken; open those from second next on.
	origin time.Time
	read   lab.ClassStats
	open   []lab.ClassStats
	next   int
}

func newClassMetrics(origin time.Time) *classMetrics {
	return &classMetrics{latency: newLatencyHist(), queueWait: newHist(), service: newHist(), latencyCorrected: newLatencyHist(),
		lag: newHist(), dispatch: newHist(), waited: newHist(), origin: origin}
}

// in is the counts of the second at fell in, under mu; one of a second already taken (a
// straggler, counted after its sample) goes in the next one taken.
func (m *classMetrics) in(at time.Time) *lab.ClassStats {
	k := max(int(at.Sub(m.origin)/time.Second)-m.next, 0)
	for len(m.open) <= k {
		m.open = append(m.open, lab.ClassStats{})
	}
	return &m.open[k]
}

// before is the counts, percentiles aside, of the events before upTo's whole second of the
// run (every one so far, zero), those of a second already taken among them: running totals,
// the seconds they add up taken for good. More than one timeline may read them, each taking
// its second as the change since its own previous read: a fleet's replica is read by its own
// sampler and by the fleet's, and whichever reads a second first takes it for both.
func (m *classMetrics) before(upTo time.Time) lab.ClassStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.open)
	if !upTo.IsZero() {
		n = min(max(int(upTo.Sub(m.origin)/time.Second)-m.next, 0), n)
	}
	for _, sec := range m.open[:n] {
		m.read = m.read.Add(sec)
	}
	m.open = m.open[n:]
	m.next += n
	return m.read
}

// arrive counts an arrival at at; duplicate: an impatient user's second try, counted apart too.
func (m *classMetrics) arrive(at time.Time, duplicate bool) {
	m.mu.Lock()
	m.inFlight++
	sec := m.in(at)
	sec.Arrived++
	if duplicate {
		sec.Duplicates++
	}
	m.mu.Unlock()
}

// reject books j turned away for why at at, the one reading of the clock for it: how
// long it waited since its scheduled arrival; the worker-time it held since started, where
// a worker turned it away (a deadline's; zero: none did); and, for a closed-loop request,
// the slots its user skipped, up to a bounded run's end (corrected). canned: the fallback
// answered it (on a worker only).
func (m *classMetrics) reject(j job, why lab.Reason, started, at, end time.Time, canned bool) {
	var held time.Duration
	if !started.IsZero() {
		held = at.Sub(started)
	}
	m.turnAway(why, at, at.Sub(j.intended), held, !started.IsZero(), canned)
	m.corrected(j, at, end, false)
}

// corrected books j, a closed-loop request (any other has no expected) answered or turned
// away at at, in m's corrected latency and those above it: its latency if measured, and
// either way the slots its user skipped while it waited, put back up to a bounded run's
// end. A rejection's too: its user skipped them alike, and "corrected" times every slot
// due from when it was due, unsent ones too (a slow rejection's never-sent slots without
// samples made the corrected count fall short of the due count).
func (m *classMetrics) corrected(j job, at, end time.Time, measured bool) {
	if j.expected <= 0 {
		return
	}
	room := int64(math.MaxInt64)
	if !end.IsZero() { // the slots after j's before the end: due + i·expected < end
		room = max(int64((end.Sub(j.due)-1)/j.expected), 0)
	}
	for h := m; h != nil; h = h.up {
		h.latencyCorrected.recordCorrected(at.Sub(j.due), j.expected, measured, room)
	}
}

// turnAway counts a rejection that waited first; onWorker: turned away there, after held;
// canned: the fallback answered it.
func (m *classMetrics) turnAway(r lab.Reason, at time.Time, waited, held time.Duration, onWorker, canned bool) {
	m.mu.Lock()
	sec := m.in(at)
	sec.Rejected[r]++
	if canned {
		m.fallbacks++
	}
	m.rejectedWait[r] += waited
	m.inFlight--
	if onWorker {
		m.end(at)
		sec.Served++
		sec.HeldFor += held
	}
	m.mu.Unlock()
}

// end counts one more served, ended at at, under mu.
func (m *classMetrics) end(at time.Time) {
	m.ends[m.served%int64(len(m.ends))] = at
	m.served++
}

// servedBy is how many of this class the workers had finished by t: a health check's
// frees counted to its timeout, not to the later moment its timer or a worker decides it
// (a check counted 13 frees of the 13 it needed, yet timed out: the last came after).
// Ends later than the last len(ends) are not told apart.
func (m *classMetrics) servedBy(t time.Time) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.served
	for i := m.served - 1; i >= max(m.served-int64(len(m.ends)), 0) && m.ends[i%int64(len(m.ends))].After(t); i-- {
		n--
	}
	return n
}

// finish records a request a worker served; intended, started and ended are its three instants.
// It holds its own histograms' locks until it is counted too, as stats holds them while it
// reads the counts: one instance's snapshot taken as a request ends has it in both or in
// neither (a busy machine's final snapshot had one more in the service histogram than in the
// served count). A fleet's may count it in Service and Latency a moment before Served: its
// histograms (up) are recorded before the replica's locks are taken, so a fleet's snapshot
// reads them apart from its replicas' counters. canned: the fallback answered it, counted
// with its outcome, so a snapshot never has a canned reply for a payment still in flight.
func (m *classMetrics) finish(o lab.Outcome, canned bool, intended, started, ended time.Time) {
	for h := m.up; h != nil; h = h.up {
		h.latency.record(ended.Sub(intended))
		h.service.record(ended.Sub(started))
		h.waited.record(started.Sub(intended))
	}
	m.lockServed()
	defer m.unlockServed()
	m.latency.add(micros(ended.Sub(intended)))
	m.service.add(micros(ended.Sub(started)))
	m.waited.add(micros(started.Sub(intended)))
	m.mu.Lock()
	sec := m.in(ended)
	switch o {
	case lab.OK:
		sec.OK++
	case lab.Failed:
		sec.Failed++
	case lab.TimedOut:
		sec.TimedOut++
	}
	if canned {
		m.fallbacks++
	}
	m.inFlight--
	m.end(ended)
	sec.Served++
	sec.HeldFor += ended.Sub(started)
	m.mu.Unlock()
}

// started records a request a worker picked up: its wait since its scheduled arrival, and
// that wait's parts, split at the instant the generator sent it.
func (m *classMetrics) started(intended, sent, started time.Time) {
	for h := m; h != nil; h = h.up {
		h.queueWait.record(started.Sub(intended))
		h.lag.record(sent.Sub(intended))
		h.dispatch.record(started.Sub(sent))
	}
}

// stats are the counts and the percentiles, the served ones read together (finish).
func (m *classMetrics) stats() lab.ClassStats { return readServed([]*classMetrics{m}, nil)[0] }

// servedRead reads a class's counts and served percentiles as one, in steps. The counters'
// lock is held only while they are copied, not while the percentiles are worked out: every
// arrival and rejection takes it, on the generator's path. The served histograms are walked
// ahead, each under its own lock alone (readAhead), so that, held (lock to unlock), a class's
// percentiles are the copies of that walk unless a finish came in between (stale): a finish
// waits for one walk of one histogram, never for another class's. Between lock and unlock no
// request of the class can be counted served, so what must add up with its counts is read
// there: the dependency's calls (paymentsCut).
type servedRead struct{ m *classMetrics }

// readAhead walks m's served histograms, outside every lock but each its own.
func (m *classMetrics) readAhead() servedRead {
	for _, h := range m.servedHists() {
		h.summary()
	}
	return servedRead{m}
}

// lock holds the class's served requests: none can be counted until unlock.
func (r servedRead) lock() { r.m.lockServed() }

// stale says a request was counted served since readAhead, so unlock walks its histograms
// again (and works out their intervals' ranks, the dearest part), held; r is held.
func (r servedRead) stale() bool {
	for _, h := range r.m.servedHists() {
		if h.dirty {
			return true
		}
	}
	return false
}

// unlock copies the counts and the served percentiles, then lets finishes go on.
func (r servedRead) unlock() lab.ClassStats {
	m := r.m
	s := m.counts()
	s.Latency, s.Service, s.Waited = m.latency.summaryLocked(intervalRanks{}), m.service.summaryLocked(intervalRanks{}), m.waited.summaryLocked(intervalRanks{})
	m.unlockServed()
	return s
}

// readTries bounds how many times readServed reads ahead: where a class is still stale
// after the last, it is walked held. One class alone is not read again: held stale, it holds
// up only its own finishes, through the walk and the ranks' search (which a walk ahead does
// unheld), as it did before reads went ahead (review 30 lab #6).
const readTries = 3

// readServed reads ms's classes as at one instant, each whole (its served percentiles with
// its counts), and calls under (if any) while every one is held: read ahead, held in ms's
// order, and let go unread to be read ahead again while any is stale. Its classes are held
// for the copies, not for the walks: walked held, the last of a fleet's 16 replicas waited
// through the others' walks (review 29 lab #11).
func readServed(ms []*classMetrics, under func()) []lab.ClassStats {
	reads := make([]servedRead, len(ms))
	for try := 1; ; try++ {
		for i, m := range ms {
			reads[i] = m.readAhead()
		}
		for _, r := range reads {
			r.lock()
		}
		if try >= readTries || len(ms) == 1 || !slices.ContainsFunc(reads, servedRead.stale) {
			break
		}
		for _, r := range reads {
			r.m.unlockServed()
		}
	}
	if under != nil {
		under()
	}
	out := make([]lab.ClassStats, len(ms))
	for i, r := range reads {
		out[i] = r.unlock()
	}
	for i, m := range ms {
		m.unserved(&out[i])
	}
	return out
}

// unserved puts in s the percentiles no finish records in, read apart.
func (m *classMetrics) unserved(s *lab.ClassStats) {
	s.QueueWait = m.queueWait.summary()
	s.LatencyCorrected = m.latencyCorrected.summary()
	s.Lag, s.Dispatch = m.lag.summary(), m.dispatch.summary()
}

// servedHists are the histograms finish records in, in the order their locks are taken.
func (m *classMetrics) servedHists() [3]*hist { return [3]*hist{m.latency, m.service, m.waited} }

// lockServed takes the locks of the histograms finish records in, always before m.mu.
func (m *classMetrics) lockServed() {
	for _, h := range m.servedHists() {
		h.mu.Lock()
	}
}

func (m *classMetrics) unlockServed() {
	hs := m.servedHists()
	for i := len(hs) - 1; i >= 0; i-- {
		hs[i].mu.Unlock()
	}
}

// counts are the running totals, without the percentiles: the seconds' counts, taken and
// not, with those kept whole alone.
func (m *classMetrics) counts() lab.ClassStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.read
	for _, sec := range m.open {
		c = c.Add(sec)
	}
	c.RejectedWait, c.InFlight, c.Fallback = m.rejectedWait, m.inFlight, m.fallbacks
	return c
}

// newDistribution reads m's payment latency at every DistributionPercentiles.
func newDistribution(m *classMetrics) lab.Distribution {
	d := lab.Distribution{}
	d.Latency, d.Count = m.latency.distribution()
	if c, n := m.latencyCorrected.distribution(); n > 0 {
		d.Corrected = c
	}
	return d
}

// distribution is the histogram at DistributionPercentiles and its sample count; nil when
// empty. It walks the buckets once, and only when something was recorded since the last.
func (h *hist) distribution() ([]time.Duration, int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := h.h.TotalCount()
	if n == 0 {
		return nil, 0
	}
	if n != h.distCount {
		at := make([]float64, len(lab.DistributionPercentiles))
		for i, p := range lab.DistributionPercentiles {
			at[i] = nearestRank(p/100, n)
		}
		v := h.h.ValueAtPercentilesSlice(at)
		h.dist = make([]time.Duration, len(v)) // a new slice: snapshots may hold the old one
		for i, us := range v {
			h.dist[i] = min(time.Duration(us), time.Duration(h.max)) * time.Microsecond
		}
		h.distCount = n
	}
	return h.dist, n
}
