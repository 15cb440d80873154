// A fleet: replicas behind one balancer on one dependency and one stream, and the fleet-wide
// sums of their pools.

package engine

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
)

// Fleet is replicas behind one load balancer: each replica a whole lab (its own pool,
// isolation and health checks), all sharing one dependency and one stream of traffic
// from one generator. Every goroutine it starts, and every replica, ends in Stop.
type Fleet struct {
	lifecycle            // its config is fleet-wide (fleetWide)
	src       *source    // the one dependency every replica calls, and the stream to the balancer
	checks    *generator // the balancer's health checks, to each replica in turn
	bal       *balancer
	replicas  []*instance
	// metrics count what the balancer turns away, and hold the fleet-wide percentiles: every
	// replica records each latency here too. The fleet's counters are these plus the
	// replicas', so they balance exactly, as each replica's do.
	metrics [numClasses]*classMetrics
	totals  poolTotals
	seconds seconds
	pairs   *pairSide // a compared fleet's end of the pairing tally; nil: not compared
	first   firstOut
}

// startFleet validates cfg (fleet.replicas > 1), starts the shared dependency on 127.0.0.1
// and the replicas, and begins traffic at once.
func startFleet(cfg lab.Config, o Options) (*Fleet, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if !cfg.Fleet.IsFleet() {
		return nil, &lab.FieldError{Key: "fleet.replicas", Msg: fmt.Sprintf("a fleet needs 2..%d replicas, got %d", lab.MaxReplicas, cfg.Fleet.Replicas)}
	}
	cfg = fleetWide(cfg)
	servers, err := startDependency(o, cfg)
	if err != nil {
		return nil, err
	}
	reserve(cfg)
	n := cfg.Fleet.Replicas
	f := &Fleet{}
	sent := make(chan struct{})
	run := newSpan(o.Until, sent)
	for c := range f.metrics {
		f.metrics[c] = newClassMetrics(run.start)
	}
	f.seconds.before = func(upTo time.Time) (out [numClasses]lab.ClassStats) { // the counts alone: no percentiles each second
		for c, m := range f.metrics {
			out[c] = m.before(upTo)
		}
		for _, r := range f.replicas {
			for c, rc := range r.before(upTo) {
				out[c] = out[c].Add(rc)
			}
		}
		return out
	}
	f.totals.pools = n
	f.begin(cfg, run, o.OnPanic)
	if err := setDependency(servers, cfg, f.start); err != nil {
		f.cancel()
		closeServers(servers)
		return nil, err
	}
	f.src = newSource(servers, f.end)
	f.pairs = o.Pairing.join(o.side, cfg.Traffic, cfg.Traffic.Mode == lab.Open)
	f.bal = &balancer{start: f.start, end: f.end, metrics: &f.metrics, pairs: f.pairs, moves: f.totals.transit()}
	for i := range n {
		f.replicas = append(f.replicas, newInstance(cfg.Share(n), deps{span: run, servers: servers, resubmits: f.src.resubmits,
			onPanic: o.OnPanic, pairs: f.pairs, replica: i + 1, up: f.metrics, totals: &f.totals}))
	}
	f.bal.targets = f.replicas
	for _, r := range f.replicas {
		r.health.moved = f.latchFirst
	}
	f.src.start(&f.lifecycle, streamTraffic(cfg), sent, f.bal)
	for _, r := range f.replicas {
		r.sample()
	}
	f.checks = newGenerator(checkTraffic(cfg), f.end, f.bal.check)
	f.spawn(func() { f.checks.run(f.ctx, f.start.Add(checkPhase(cfg))) })
	f.sample()
	if d := cfg.Fleet.Drain; d.Replica > 0 {
		f.spawn(func() { f.drain(d) })
	}
	return f, nil
}

// latchFirst latches the first stretch with every replica out, if it has ended, from the
// replicas' outs as they are now (before a later pull trims them).
func (f *Fleet) latchFirst() {
	if f.first.ended() {
		return
	}
	// Each replica read for its health alone: what the outs are gathered from.
	reps := make([]lab.Snapshot, len(f.replicas))
	for i, r := range f.replicas {
		reps[i].Health = r.health.stats()
	}
	f.first.latch(fleetOuts(reps, f.bal.drainStats(f.config().Fleet.Drain)))
}

// fleetOuts is the fleet of these replicas as far as its outs go: every replica's pulls, in
// time order, and the drain d. The one gatherer of both, for the snapshot and the latch
// (latchFirst) alike.
func fleetOuts(replicas []lab.Snapshot, d *lab.Drain) *lab.FleetStats {
	fs := &lab.FleetStats{Replicas: replicas, Drain: d}
	for _, r := range replicas {
		fs.Pulls = append(fs.Pulls, r.Health.History...)
	}
	sort.SliceStable(fs.Pulls, func(i, j int) bool { return fs.Pulls[i].At < fs.Pulls[j].At })
	return fs
}

// firstOut is the fleet's first stretch with every replica out of rotation, latched once it
// ended: a replica keeps only its latest pulls past maxPulls, so read again later from what
// is left, the stretch would move later, or vanish, and with it "all out X–Y", the domino's
// story and all_pulled_at_s (review 18).
type firstOut struct {
	mu    sync.Mutex
	first lab.Stretch
}

func (o *firstOut) ended() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.first.Until != 0
}

// latch reads fs's first stretch unless one ended before, and returns the one that ended
// (until 0: none yet).
func (o *firstOut) latch(fs *lab.FleetStats) lab.Stretch {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.first.Until == 0 {
		if from, until := fs.FirstAllOut(); until != 0 {
			o.first = lab.Stretch{From: from, Until: until}
		}
	}
	return o.first
}

// drain takes the drained replica out of rotation at drain.at and back after drain.for,
// as a deploy does; it ends early when the fleet stops.
func (f *Fleet) drain(d lab.DrainConfig) {
	if sleep(f.ctx, time.Until(f.start.Add(d.At.D()))) != nil {
		return
	}
	f.bal.drain(d.Replica)
	if d.End() == 0 || sleep(f.ctx, time.Until(f.start.Add(d.End()))) != nil {
		return
	}
	f.bal.drain(0)
	f.latchFirst() // the drain's end can end a stretch with every replica out, as a return does
}

// fleetWide is the config as the fleet runs it: its health checks are the balancer's, one
// to each replica every check_every.
func fleetWide(c lab.Config) lab.Config {
	c.Traffic.Health.Rate = float64(c.Fleet.Replicas) / c.Fleet.CheckEvery.D().Seconds()
	return c
}

// streamTraffic is what the fleet's generator sends to the balancer: payments and signups.
func streamTraffic(c lab.Config) lab.TrafficConfig {
	t := c.Traffic
	t.Health.Rate = 0
	return t
}

// checkTraffic is the balancer's schedule of health checks: one every check_every / n, each
// to the next replica in turn, so each replica is checked every check_every.
func checkTraffic(c lab.Config) lab.TrafficConfig {
	return lab.TrafficConfig{Arrivals: lab.Uniform, Seed: c.Traffic.Seed, Health: lab.RateConfig{Rate: c.Traffic.Health.Rate}}
}

// checkPhase is when the first check goes out: half a gap between checks in, so that, where
// a second holds a whole number of gaps (every preset's rate), none falls on a whole second
// (nor on a drain's instant), where two runs on the same traffic, or a
// snapshot taken a hair late, would count a check more or less (newcomer 14: health arrived
// 651 in one run, 650 in the other).
func checkPhase(c lab.Config) time.Duration {
	if r := c.Traffic.Health.Rate; r > 0 {
		return time.Duration(float64(time.Second) / r / 2)
	}
	return 0
}

// Apply changes settings on every replica at once; new work sees them at once. Arrival
// shape, seed and the fleet's own settings change only on restart.
func (f *Fleet) Apply(cfg lab.Config) error {
	return f.gate.apply(cfg, f.config, f.set)
}

// set makes cfg, made fleet-wide, every replica's settings, old having been the fleet's.
func (f *Fleet) set(cfg, old lab.Config) error {
	cfg = fleetWide(cfg)
	if err := f.src.apply(cfg, f.start); err != nil {
		return err
	}
	for i, r := range f.replicas {
		if err := r.Apply(cfg.Share(len(f.replicas))); err != nil {
			return fmt.Errorf("replica %d: %w", i+1, err)
		}
	}
	f.cfg.Store(&cfg)
	f.src.setRates(streamTraffic(old), streamTraffic(cfg))
	return nil
}

// Stop ends traffic and the checks, stops every replica (each cancels its calls in flight
// and waits for its goroutines), then closes the dependency. It is safe to call twice.
func (f *Fleet) Stop() {
	f.pairs.leave()
	f.stop(func() {
		for _, r := range f.replicas {
			r.Stop()
		}
		f.src.close()
	})
}

// sample records one fleet-wide Second at each whole second from the start (and at the end,
// if set), on a goroutine of its own.
func (f *Fleet) sample() { f.spawn(func() { f.record(f.sampleSecond, f.seconds.take) }) }

// sampleSecond is second k's state: the replicas' pools as one, the dependency, the stream's rates.
func (f *Fleet) sampleSecond(k int) lab.Second {
	var reps []lab.PoolStats
	var goroutines int64
	for _, r := range f.replicas {
		reps = append(reps, r.pool.stats(f.start))
		goroutines += r.running.Load()
	}
	ps, ds := f.pool(reps), f.src.servers[0].Stats()
	sec := lab.Second{T: k, Busy: ps.BusyBy, Queued: ps.Queued, QueuedBy: ps.QueuedBy, DepInFlight: ds.InFlight,
		Rate: f.src.load.current(), Workers: ps.Size, Goroutines: goroutines + f.running.Load(), DepLatency: ds.Latency}
	f.seconds.hold(&sec, ps.Held, f.start)
	return sec
}

// cutReads and cutWait bound Snapshot's tries at one cut: a fleet at thousands a second
// may never be still, and a frame late by a second would stall a 10 Hz screen and read a
// compare's halves apart (review 32 #1).
const (
	cutReads = 4
	cutWait  = 5 * time.Millisecond
)

// Snapshot copies the fleet's state: the fleet-wide classes and totals, and each replica's
// own snapshot, one cut so that its replicas' rows add up with its table (n36 #30: 20+41 +
// 20+46 = 127 queued and busy beside 126 in flight). Fleet.ReadApart says the read it
// returns is not one cut.
func (f *Fleet) Snapshot() lab.Snapshot {
	s, apart := cut(f.totals.transit(), f.read)
	s.SettingsChanged = f.gate.changed.Load()
	s.Fleet.ReadApart = apart
	return s
}

// cut is read, read again where a request moved between the counters and the pools during
// the read (moves), up to cutReads reads within about cutWait; apart says the read it
// returns is not one cut.
func cut(moves *transit, read func() lab.Snapshot) (s lab.Snapshot, apart bool) {
	until := time.Now().Add(cutWait)
	for reads := 1; ; reads++ {
		begun, still := moves.mark()
		for !still && time.Now().Before(until) {
			time.Sleep(50 * time.Microsecond) // a move is microseconds: wait it out
			begun, still = moves.mark()
		}
		s = read()
		apart = !still || !moves.since(begun)
		if !apart || reads == cutReads {
			return s, apart
		}
	}
}

// read is Snapshot's one read, a cut or not.
func (f *Fleet) read() lab.Snapshot {
	cfg := *f.config()
	s := lab.Snapshot{Config: cfg}
	reps := make([]lab.Snapshot, 0, len(f.replicas))
	pools := make([]lab.PoolStats, 0, len(f.replicas))
	pays := make([]*classMetrics, 0, len(f.replicas))
	for _, r := range f.replicas {
		rs := r.snapshot()
		reps = append(reps, rs)
		pools = append(pools, rs.Pool)
		pays = append(pays, r.metrics[lab.Payment])
		s.Goroutines += rs.Goroutines
		s.GoroutinesPeak += rs.GoroutinesPeak // at most: the replicas need not peak together
	}
	// Every replica's payments with the one dependency they share, so they add up as one
	// instance's do (paymentsCut).
	pay, dep := paymentsCut(pays, f.src.servers[0], cfg.Dependency.Mode)
	classes := make([][numClasses]lab.ClassStats, len(reps))
	for i := range reps {
		reps[i].Classes[lab.Payment], reps[i].Dependency = pay[i], dep
		f.replicas[i].iso.Fill(&reps[i]) // after its payments, as an instance's
		classes[i] = reps[i].Classes
	}
	fs := fleetOuts(reps, f.bal.drainStats(cfg.Fleet.Drain))
	fs.Balancer, s.Fleet = cfg.Fleet.Balancer, fs
	s.SumIsolation(fs.Replicas)
	s.Elapsed = time.Since(f.start)
	fs.First = f.first.latch(fs)
	for i := range fs.Replicas {
		if fs.InRotationNow(i) {
			fs.InRotation++
		}
	}
	s.Classes = f.classes(classes)
	s.Pool = f.pool(pools)
	s.Goroutines += f.running.Load()
	s.GoroutinesPeak += f.peak.Load()
	f.src.fill(&s)
	s.Dependency = dep
	s.Distribution = newDistribution(f.metrics[lab.Payment])
	s.Hops = hopStats(f.src.servers)
	s.Timeline = f.seconds.timeline()
	s.Pairs = f.pairs.look()
	return s
}

// classes are the fleet-wide totals: the replicas' counters added up (so they agree with
// the replicas' own exactly), what the balancer turned away, and the fleet's percentiles.
func (f *Fleet) classes(reps [][numClasses]lab.ClassStats) (out [numClasses]lab.ClassStats) {
	for c, m := range f.metrics {
		out[c] = m.stats()
		for _, r := range reps {
			out[c] = out[c].Add(r[c])
		}
	}
	return out
}

// pool adds the replicas' pools up; the peaks and the time the whole fleet was full are
// the fleet's own, kept at the event.
func (f *Fleet) pool(reps []lab.PoolStats) lab.PoolStats {
	p := lab.PoolStats{Discipline: reps[0].Discipline, Unbounded: reps[0].Unbounded}
	for _, r := range reps {
		p.Size += r.Size
		p.QueueCap += r.QueueCap
		p.Max += r.Max
		p.PeakSize += r.PeakSize // at most: autoscaling replicas need not peak together
		p.Busy += r.Busy
		p.Queued += r.Queued
		p.LongestInQueue = max(p.LongestInQueue, r.LongestInQueue)
		if r.OldestWaiting > p.OldestWaiting {
			p.OldestWaiting, p.OldestWaitingClass = r.OldestWaiting, r.OldestWaitingClass
		}
		for c := range p.BusyBy {
			p.BusyBy[c] += r.BusyBy[c]
			p.Held[c] += r.Held[c]
			p.QueuedBy[c] += r.QueuedBy[c]
		}
		for ph := range p.InPhase {
			p.InPhase[ph] += r.InPhase[ph]
		}
		p.Workers = append(p.Workers, r.Workers...)
	}
	if p.Unbounded {
		p.QueueCap = reps[0].QueueCap
	}
	p.PeakBusy, p.PeakQueued, p.FullFor = f.totals.stats()
	return p
}

// transit counts the moves that change the counters and the pools in two steps: an
// arrival counted, then queued or given a worker (or turned away); a request counted ended,
// then its worker freed; one taken out of a queue at its limit, then counted turned away;
// a request counted at the balancer, then turned away there. A move begins before its first
// step and ends after its second, so a read of the counters and the pools that no move was
// under way at, or began during, is one cut (cut): a fleet's, its balancer's and its
// replicas' pools'; a lab of its own, its pool's. Two atomic adds a move: no lock on the
// requests' path. begin and end do nothing on nil; cut reads a transit that is there.
type transit struct{ begun, ended atomic.Int64 }

func (m *transit) begin() {
	if m != nil {
		m.begun.Add(1)
	}
}

func (m *transit) end() {
	if m != nil {
		m.ended.Add(1)
	}
}

// mark is the moves begun so far, and whether every one of them had ended: ended is read
// first, so equal counts mean none was under way at that read.
func (m *transit) mark() (begun int64, still bool) {
	e := m.ended.Load()
	b := m.begun.Load()
	return b, b == e
}

// since says no move began since mark returned begun.
func (m *transit) since(begun int64) bool { return m.begun.Load() == begun }

// poolTotals are a fleet's pools as one, kept as each replica's pool changes: how many
// workers are busy and requests queued fleet-wide (and their peaks), and how long every
// replica was full at once. Nil for a lab of its own; its methods then do nothing.
type poolTotals struct {
	pools int // replicas
	moves transit

	mu                 sync.Mutex
	busy, peakBusy     int
	queued, peakQueued int
	full               int // replicas with no free worker now
	fullSince          time.Time
	fullFor            time.Duration
}

// add applies one replica's change: workers taken (+) or freed (−), requests queued or
// dequeued, the replica becoming full (+1) or not (−1).
func (t *poolTotals) add(busy, queued, full int) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.busy += busy
	t.queued += queued
	t.peakBusy = max(t.peakBusy, t.busy)
	t.peakQueued = max(t.peakQueued, t.queued)
	was := t.full == t.pools
	t.full += full
	switch now := t.full == t.pools; {
	case now && !was:
		t.fullSince = time.Now()
	case was && !now:
		t.fullFor += time.Since(t.fullSince)
	}
}

// transit is the fleet's moves between its counters and its pools; nil for a lab of its own.
func (t *poolTotals) transit() *transit {
	if t == nil {
		return nil
	}
	return &t.moves
}

func (t *poolTotals) stats() (peakBusy, peakQueued int, fullFor time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fullFor = t.fullFor
	if t.full == t.pools {
		fullFor += time.Since(t.fullSince)
	}
	return t.peakBusy, t.peakQueued, fullFor
}
