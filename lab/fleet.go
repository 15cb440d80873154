package lab

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"poollab/slowserver"
)

// Fleet is replicas behind one load balancer: each replica a whole lab (its own pool,
// isolation and health checks), all sharing one dependency and one stream of traffic
// from one generator. Every goroutine it starts, and every replica, ends in Stop.
type Fleet struct {
	owner
	start  time.Time
	ctx    context.Context
	cancel context.CancelFunc
	ended  chan struct{}   // closed when the sampler has taken the last sample of a bounded run
	sent   <-chan struct{} // closed when the generator has sent everything due in a bounded run

	cfg      atomic.Pointer[Config] // fleet-wide (Config.fleetWide)
	applyMu  sync.Mutex             // one Apply at a time, and none once Stop has begun
	stopped  bool                   // under applyMu
	dep      *slowserver.Server
	gen      *generator // payments and signups, to the balancer
	checks   *generator // the balancer's health checks, to each replica in turn
	bal      *balancer
	replicas []*Lab
	// metrics count what the balancer turns away, and hold the fleet-wide percentiles: every
	// replica records each latency here too. The fleet's counters are these plus the
	// replicas', so they balance exactly, as each replica's do.
	metrics  [numClasses]*classMetrics
	totals   poolTotals
	seconds  seconds
	stopOnce sync.Once
}

// FleetStats is the fleet behind its balancer at one instant.
type FleetStats struct {
	Balancer    BalancerKind
	Replicas    []Snapshot    // each replica, in order: replica 1 first
	InRotation  int           // replicas the balancer sends traffic to now
	Pulls       []Pull        // every pull of every replica, in time order
	AllPulledAt time.Duration // since the start, when every replica was first out at once; 0: never
}

// BreakerMixed is a fleet's breaker state when its replicas' breakers are not all in one.
const BreakerMixed BreakerState = "mixed"

// StartFleet validates cfg (fleet.replicas > 1), starts the shared dependency on 127.0.0.1
// and the replicas, and begins traffic at once.
func StartFleet(cfg Config, o Options) (*Fleet, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if !cfg.Fleet.IsFleet() {
		return nil, &FieldError{Key: "fleet.replicas", Msg: fmt.Sprintf("a fleet needs 2..%d replicas, got %d", MaxReplicas, cfg.Fleet.Replicas)}
	}
	cfg = cfg.fleetWide()
	dep, err := slowserver.Start(o.DependencyPort, dependencySettings(cfg.Dependency))
	if err != nil {
		return nil, err
	}
	n := cfg.Fleet.Replicas
	f := &Fleet{dep: dep, ended: make(chan struct{})}
	f.onPanic = o.OnPanic
	f.cfg.Store(&cfg)
	for c := range f.metrics {
		f.metrics[c] = newClassMetrics()
	}
	f.seconds.classes = func() [numClasses]ClassStats {
		var reps [][numClasses]ClassStats
		for _, r := range f.replicas {
			reps = append(reps, r.classes())
		}
		return f.classes(reps)
	}
	f.totals.pools = n
	f.ctx, f.cancel = context.WithCancel(context.Background())
	f.start = time.Now()
	var end time.Time
	if o.Until > 0 {
		end = f.start.Add(o.Until)
	}
	sent := make(chan struct{})
	f.sent = sent
	f.bal = &balancer{start: f.start, metrics: &f.metrics}
	for i := range n {
		r, err := Start(cfg.share(n), Options{Until: o.Until, OnPanic: o.OnPanic, replica: &replicaOf{
			index: i, dep: dep, start: f.start, sent: sent, up: &f.metrics, totals: &f.totals, changed: f.bal.changed}})
		if err != nil {
			for _, r := range f.replicas {
				r.Stop()
			}
			dep.Close()
			return nil, err
		}
		f.replicas = append(f.replicas, r)
	}
	f.bal.targets = f.replicas
	f.gen = newGenerator(cfg.streamTraffic(), end, f.bal.route)
	f.checks = newGenerator(cfg.checkTraffic(), end, f.bal.check)
	f.spawn(func() { f.gen.run(f.ctx, f.start); close(sent) })
	f.spawn(func() { f.checks.run(f.ctx, f.start) })
	f.spawn(func() { f.sample(end) })
	return f, nil
}

// fleetWide is the config as the fleet runs it: its health checks are the balancer's, one
// to each replica every check_every.
func (c Config) fleetWide() Config {
	c.Traffic.Health.Rate = float64(c.Fleet.Replicas) / c.Fleet.CheckEvery.D().Seconds()
	return c
}

// share is the config of one replica of a fleet of n: its share of the stream while every
// replica is in rotation, and the balancer's check every check_every.
func (c Config) share(n int) Config {
	c.Traffic.Payment.Rate /= float64(n)
	c.Traffic.Signup.Rate /= float64(n)
	c.Traffic.Health.Rate = 1 / c.Fleet.CheckEvery.D().Seconds()
	return c
}

// streamTraffic is what the fleet's generator sends to the balancer: payments and signups.
func (c Config) streamTraffic() TrafficConfig {
	t := c.Traffic
	t.Health.Rate = 0
	return t
}

// checkTraffic is the balancer's schedule of health checks: one every check_every / n, each
// to the next replica in turn, so each replica is checked every check_every.
func (c Config) checkTraffic() TrafficConfig {
	return TrafficConfig{Arrivals: Uniform, Seed: c.Traffic.Seed, Health: RateConfig{Rate: c.Traffic.Health.Rate}}
}

func (f *Fleet) config() *Config { return f.cfg.Load() }

func (f *Fleet) done() <-chan struct{} { return f.ended }

// Apply changes settings on every replica at once; new work sees them at once. Arrival
// shape, seed and the fleet's own settings change only on restart.
func (f *Fleet) Apply(cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	f.applyMu.Lock()
	defer f.applyMu.Unlock()
	if f.stopped {
		return ErrStopped
	}
	old := f.config()
	cfg.Traffic.Arrivals, cfg.Traffic.Seed, cfg.Fleet = old.Traffic.Arrivals, old.Traffic.Seed, old.Fleet
	cfg = cfg.fleetWide()
	if err := f.dep.Set(dependencySettings(cfg.Dependency)); err != nil {
		return fmt.Errorf("dependency: %w", err)
	}
	for i, r := range f.replicas {
		if err := r.Apply(cfg.share(len(f.replicas))); err != nil {
			return fmt.Errorf("replica %d: %w", i+1, err)
		}
	}
	f.cfg.Store(&cfg)
	if next := ratesOf(cfg.streamTraffic()); next != ratesOf(old.streamTraffic()) {
		f.gen.setRates(next)
	}
	return nil
}

// Stop ends traffic and the checks, stops every replica (each cancels its calls in flight
// and waits for its goroutines), then closes the dependency. It is safe to call twice.
func (f *Fleet) Stop() {
	f.stopOnce.Do(func() {
		f.applyMu.Lock()
		f.stopped = true
		f.applyMu.Unlock()
		f.cancel()
		f.wg.Wait()
		for _, r := range f.replicas {
			r.Stop()
		}
		f.dep.Close()
	})
}

// sample records one fleet-wide Second at each whole second from the start (and at end, if set).
func (f *Fleet) sample(end time.Time) {
	if !end.IsZero() {
		defer close(f.ended)
	}
	everySecond(f.ctx, f.start, end, f.sent, func(k int) {
		var reps []PoolStats
		for _, r := range f.replicas {
			reps = append(reps, r.pool.stats())
		}
		f.seconds.take(k, f.pool(reps), f.dep.Stats().InFlight)
	})
}

// Snapshot copies the fleet's state: the fleet-wide classes and totals, and each replica's
// own snapshot. Cheap enough for a 10 Hz screen with 16 replicas.
func (f *Fleet) Snapshot() Snapshot {
	cfg := *f.config()
	fs := &FleetStats{Balancer: cfg.Fleet.Balancer}
	s := Snapshot{Config: cfg, Fleet: fs}
	pools := make([]PoolStats, 0, len(f.replicas))
	classes := make([][numClasses]ClassStats, 0, len(f.replicas))
	for _, r := range f.replicas {
		rs := r.Snapshot()
		fs.Replicas = append(fs.Replicas, rs)
		pools = append(pools, rs.Pool)
		classes = append(classes, rs.Classes)
		s.Goroutines += rs.Goroutines
		if !rs.Health.Pulled {
			fs.InRotation++
		}
		fs.Pulls = append(fs.Pulls, rs.Health.History...)
		s.Bulkhead = addBulkhead(s.Bulkhead, rs.Bulkhead)
		s.Orphans.InFlight += rs.Orphans.InFlight
		s.Orphans.Total += rs.Orphans.Total
		s.Connections.InUse += rs.Connections.InUse
	}
	s.Elapsed = time.Since(f.start)
	sort.SliceStable(fs.Pulls, func(i, j int) bool { return fs.Pulls[i].At < fs.Pulls[j].At })
	fs.AllPulledAt = time.Duration(f.bal.allPulled.Load())
	s.Classes = f.classes(classes)
	first := fs.Replicas[0]
	s.Chain, s.Waits = first.Chain, first.Waits
	s.Pool = f.pool(pools)
	s.Bulkhead.Type = cfg.Payment.Bulkhead.Type
	s.Breaker = fleetBreaker(fs.Replicas)
	s.Connections.PerRoute = cfg.Payment.Connections.PerRoute
	s.Goroutines += f.running.Load()
	s.Dependency = dependencyStats(f.dep, cfg.Dependency.Mode)
	s.Generator.Lag = f.gen.lag.summary()
	s.Timeline = f.seconds.timeline()
	return s
}

// classes are the fleet-wide totals: the replicas' counters added up (so they agree with
// the replicas' own exactly), what the balancer turned away, and the fleet's percentiles.
func (f *Fleet) classes(reps [][numClasses]ClassStats) (out [numClasses]ClassStats) {
	for c, m := range f.metrics {
		out[c] = m.stats()
		for _, r := range reps {
			out[c] = out[c].add(r[c])
		}
	}
	return out
}

// pool adds the replicas' pools up; the peaks and the time the whole fleet was full are
// the fleet's own, kept at the event.
func (f *Fleet) pool(reps []PoolStats) PoolStats {
	p := PoolStats{Discipline: reps[0].Discipline}
	for _, r := range reps {
		p.Size += r.Size
		p.QueueCap += r.QueueCap
		p.Busy += r.Busy
		p.Queued += r.Queued
		for c := range p.BusyBy {
			p.BusyBy[c] += r.BusyBy[c]
			p.QueuedBy[c] += r.QueuedBy[c]
		}
		for ph := range p.InPhase {
			p.InPhase[ph] += r.InPhase[ph]
		}
		p.Workers = append(p.Workers, r.Workers...)
	}
	p.PeakBusy, p.PeakQueued, p.FullFor = f.totals.stats()
	return p
}

// addBulkhead adds one replica's bulkhead to the fleet's: places and what holds them.
func addBulkhead(a, b BulkheadStats) BulkheadStats {
	a.Size += b.Size
	a.InUse += b.InUse
	a.ThreadsBusy += b.ThreadsBusy
	a.Queued += b.Queued
	a.QueueCap += b.QueueCap
	return a
}

// fleetBreaker is the replicas' breakers as one: their state when they share it (else
// mixed), the opens and calls added up, the failure rate over all their calls.
func fleetBreaker(reps []Snapshot) BreakerStats {
	var b BreakerStats
	var failed float64
	for i, r := range reps {
		rb := r.Breaker
		switch {
		case i == 0:
			b.State = rb.State
		case rb.State != b.State:
			b.State = BreakerMixed
		}
		if rb.State == BreakerOpen && (b.OpenLeft == 0 || rb.OpenLeft < b.OpenLeft) {
			b.OpenLeft = rb.OpenLeft // the first replica to try again
		}
		b.Opened += rb.Opened
		b.Calls += rb.Calls
		failed += rb.FailureRate * float64(rb.Calls)
	}
	if b.Calls > 0 {
		b.FailureRate = failed / float64(b.Calls)
	}
	return b
}

// poolTotals are a fleet's pools as one, kept as each replica's pool changes: how many
// workers are busy and requests queued fleet-wide (and their peaks), and how long every
// replica was full at once. Nil for a lab of its own; its methods then do nothing.
type poolTotals struct {
	pools int // replicas

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

func (t *poolTotals) stats() (peakBusy, peakQueued int, fullFor time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fullFor = t.fullFor
	if t.full == t.pools {
		fullFor += time.Since(t.fullSince)
	}
	return t.peakBusy, t.peakQueued, fullFor
}
