package lab

import (
	"context"
	"fmt"
	"slices"
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

	cfg       atomic.Pointer[Config] // fleet-wide (Config.fleetWide)
	gate      applyGate
	servers   []*slowserver.Server // the one dependency (and its hops) every replica calls, edge first
	dep       *slowserver.Server   // servers[0]
	load      load                 // payments and signups, to the balancer: the generator, or closed-loop users
	users     *closedLoop          // closed mode's users; nil in open mode
	resubmits *resubmitter         // impatient users: their second try goes through the balancer too
	checks    *generator           // the balancer's health checks, to each replica in turn
	bal       *balancer
	replicas  []*Lab
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
	AllPulledAt time.Duration // since the start, when every replica was first out of rotation at once (pulled, or drained); 0: never
	Drain       *Drain        // the operator's drain of one replica (a deploy); nil: none
}

// Drain is one replica's drain as it went: taken out of rotation at the operator's word (a
// deploy), not pulled for failed checks.
type Drain struct {
	Replica int           // 1 is the first
	At      time.Duration // since the start, when it left rotation; 0: not yet
	BackAt  time.Duration // since the start, when it came back; 0: not (yet)
}

// Out says the drained replica is out of rotation now.
func (d *Drain) Out() bool { return d != nil && d.At > 0 && d.BackAt == 0 }

// Outs is every time a replica left rotation, in time order: the pulls, and the drain.
func (f *FleetStats) Outs() []Pull {
	d := f.Drain
	if d == nil || d.At == 0 {
		return f.Pulls
	}
	outs := append(slices.Clone(f.Pulls), Pull{Replica: d.Replica, At: d.At, ReturnedAt: d.BackAt, Drained: true})
	sort.SliceStable(outs, func(i, j int) bool { return outs[i].At < outs[j].At })
	return outs
}

// InRotationNow says the balancer sends replica i (0 is the first) requests now: it is
// neither pulled nor drained.
func (f *FleetStats) InRotationNow(i int) bool {
	return !f.Replicas[i].Health.Pulled && !(f.Drain.Out() && f.Drain.Replica == i+1)
}

// MeanBusy is how many workers class c holds now, on average, in the replicas still in
// rotation (0 with none in rotation).
func (f *FleetStats) MeanBusy(c Class) float64 {
	sum, k := 0, 0
	for i, r := range f.Replicas {
		if f.InRotationNow(i) {
			sum += r.Pool.BusyBy[c]
			k++
		}
	}
	if k == 0 {
		return 0
	}
	return float64(sum) / float64(k)
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
	servers, err := startDependency(o, cfg)
	if err != nil {
		return nil, err
	}
	reserve(cfg)
	n := cfg.Fleet.Replicas
	f := &Fleet{servers: servers, dep: servers[0], ended: make(chan struct{})}
	f.onPanic = o.OnPanic
	f.cfg.Store(&cfg)
	for c := range f.metrics {
		f.metrics[c] = newClassMetrics()
	}
	f.seconds.classes = func() (out [numClasses]ClassStats) { // the totals alone: no percentiles each second
		for c, m := range f.metrics {
			out[c] = m.counts()
		}
		for _, r := range f.replicas {
			for c, rc := range r.counts() {
				out[c] = out[c].add(rc)
			}
		}
		return out
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
	f.resubmits = newResubmitter(end, f.bal.resubmit)
	err = setDependency(servers, cfg, f.start)
	for i := 0; i < n && err == nil; i++ {
		var r *Lab
		r, err = Start(cfg.share(n), Options{Until: o.Until, OnPanic: o.OnPanic, replica: &replicaOf{index: i,
			servers: servers, start: f.start, sent: sent, resubmits: f.resubmits, up: &f.metrics, totals: &f.totals,
			changed: f.bal.changed}})
		if err == nil {
			f.replicas = append(f.replicas, r)
		}
	}
	if err != nil {
		f.cancel()
		for _, r := range f.replicas {
			r.Stop()
		}
		closeServers(servers)
		return nil, err
	}
	f.bal.targets = f.replicas
	stream := cfg.streamTraffic()
	if stream.Mode == Closed {
		f.users = newClosedLoop(stream, f.start, end, f.bal.send, f.spawn)
		f.load = f.users
	} else {
		f.load = newGenerator(stream, end, f.bal.route)
	}
	f.checks = newGenerator(cfg.checkTraffic(), end, f.bal.check)
	f.spawn(func() { f.load.run(f.ctx, f.start); close(sent) })
	f.spawn(func() { f.checks.run(f.ctx, f.start) })
	f.spawn(func() { f.resubmits.run(f.ctx) })
	f.spawn(func() { f.sample(end) })
	if d := cfg.Fleet.Drain; d.Replica > 0 {
		f.spawn(func() { f.drain(d) })
	}
	return f, nil
}

// drain takes the drained replica out of rotation at drain.at and back after drain.for,
// as a deploy does; it ends early when the fleet stops.
func (f *Fleet) drain(d DrainConfig) {
	if sleep(f.ctx, time.Until(f.start.Add(d.At.D()))) != nil {
		return
	}
	f.bal.drain(d.Replica)
	if d.End() == 0 || sleep(f.ctx, time.Until(f.start.Add(d.End()))) != nil {
		return
	}
	f.bal.drain(0)
}

// fleetWide is the config as the fleet runs it: its health checks are the balancer's, one
// to each replica every check_every.
func (c Config) fleetWide() Config {
	c.Traffic.Health.Rate = float64(c.Fleet.Replicas) / c.Fleet.CheckEvery.D().Seconds()
	return c
}

// share is the config of one replica of a fleet of n: its share of the stream (each
// profile step's too) while every replica is in rotation, and the balancer's check every
// check_every.
func (c Config) share(n int) Config {
	for _, r := range []*RateConfig{&c.Traffic.Payment, &c.Traffic.Signup} {
		r.Rate /= float64(n)
		r.Profile = slices.Clone(r.Profile) // the fleet's own config keeps its steps
		for i := range r.Profile {
			r.Profile[i].Rate /= float64(n)
		}
	}
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
	return f.gate.apply(cfg, f.config, f.set)
}

// set makes cfg, made fleet-wide, every replica's settings, old having been the fleet's.
func (f *Fleet) set(cfg, old Config) error {
	cfg = cfg.fleetWide()
	if err := setDependency(f.servers, cfg, f.start); err != nil {
		return err
	}
	for i, r := range f.replicas {
		if err := r.Apply(cfg.share(len(f.replicas))); err != nil {
			return fmt.Errorf("replica %d: %w", i+1, err)
		}
	}
	f.cfg.Store(&cfg)
	applyRates(f.load, old.streamTraffic(), cfg.streamTraffic())
	return nil
}

// Stop ends traffic and the checks, stops every replica (each cancels its calls in flight
// and waits for its goroutines), then closes the dependency. It is safe to call twice.
func (f *Fleet) Stop() {
	f.stopOnce.Do(func() {
		f.gate.stop()
		f.cancel()
		f.wg.Wait()
		for _, r := range f.replicas {
			r.Stop()
		}
		closeServers(f.servers)
	})
}

// sample records one fleet-wide Second at each whole second from the start (and at end, if set).
func (f *Fleet) sample(end time.Time) {
	if !end.IsZero() {
		defer close(f.ended)
	}
	everySecond(f.ctx, f.start, end, f.sent, func(k int) {
		var reps []PoolStats
		var goroutines int64
		for _, r := range f.replicas {
			reps = append(reps, r.pool.stats())
			goroutines += r.running.Load()
		}
		ps, ds := f.pool(reps), f.dep.Stats()
		f.seconds.take(Second{T: k, Busy: ps.BusyBy, Queued: ps.Queued, DepInFlight: ds.InFlight,
			Rate: f.load.current(), Workers: ps.Size, Goroutines: goroutines + f.running.Load(), DepLatency: ds.Latency})
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
	var slackFree float64
	for _, r := range f.replicas {
		rs := r.Snapshot()
		fs.Replicas = append(fs.Replicas, rs)
		pools = append(pools, rs.Pool)
		classes = append(classes, rs.Classes)
		s.Goroutines += rs.Goroutines
		fs.Pulls = append(fs.Pulls, rs.Health.History...)
		s.Bulkhead = addBulkhead(s.Bulkhead, rs.Bulkhead)
		s.Orphans.InFlight += rs.Orphans.InFlight
		s.Orphans.Total += rs.Orphans.Total
		s.Connections.InUse += rs.Connections.InUse
		s.GoroutinesPeak += rs.GoroutinesPeak // at most: the replicas need not peak together
		s.Calls.Payments += rs.Calls.Payments
		s.Calls.Retries += rs.Calls.Retries
		s.Calls.BudgetDenied += rs.Calls.BudgetDenied
		slackFree += rs.Slack.MeanFree * float64(rs.Slack.Rejections)
		s.Slack.Rejections += rs.Slack.Rejections
	}
	if s.Slack.Rejections > 0 {
		s.Slack.MeanFree = slackFree / float64(s.Slack.Rejections)
	}
	s.Elapsed = time.Since(f.start)
	sort.SliceStable(fs.Pulls, func(i, j int) bool { return fs.Pulls[i].At < fs.Pulls[j].At })
	fs.AllPulledAt = time.Duration(f.bal.allPulled.Load())
	fs.Drain = f.bal.drainStats(cfg.Fleet.Drain)
	for i := range fs.Replicas {
		if fs.InRotationNow(i) {
			fs.InRotation++
		}
	}
	s.Classes = f.classes(classes)
	first := fs.Replicas[0]
	s.Chain, s.Waits = first.Chain, first.Waits
	s.Pool = f.pool(pools)
	s.Bulkhead.Type = cfg.Payment.Bulkhead.Type
	s.Breaker = fleetBreaker(fs.Replicas)
	s.Connections.PerRoute = cfg.Payment.Connections.PerRoute
	s.Goroutines += f.running.Load()
	s.GoroutinesPeak += f.peak.Load()
	s.RatesInForce = f.load.current()
	s.Dependency = dependencyStats(f.dep, cfg.Dependency.Mode)
	s.Generator.Lag = f.load.lateness()
	if f.users != nil {
		s.ClosedLoop = f.users.stats()
	}
	s.Distribution = newDistribution(f.metrics[Payment])
	s.Hops = hopStats(f.servers)
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
	p := PoolStats{Discipline: reps[0].Discipline, Unbounded: reps[0].Unbounded}
	for _, r := range reps {
		p.Size += r.Size
		p.QueueCap += r.QueueCap
		p.Max += r.Max
		p.PeakSize += r.PeakSize // at most: autoscaling replicas need not peak together
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
	if p.Unbounded {
		p.QueueCap = reps[0].QueueCap
	}
	p.PeakBusy, p.PeakQueued, p.FullFor = f.totals.stats()
	return p
}

// addBulkhead adds one replica's bulkhead to the fleet's: places and what holds them.
func addBulkhead(a, b BulkheadStats) BulkheadStats {
	a.Size += b.Size
	a.Limit += b.Limit
	a.InUse += b.InUse
	a.ThreadsBusy += b.ThreadsBusy
	a.Queued += b.Queued
	a.QueueCap += b.QueueCap
	return a
}

// fleetBreaker is the replicas' breakers as one: their state when they share it (else
// mixed), the opens, calls and failures added up, the failure rate over all their calls,
// retrying when any one is. The settings are replica 1's: every replica has the fleet's.
func fleetBreaker(reps []Snapshot) BreakerStats {
	var b BreakerStats
	var failed float64
	for i, r := range reps {
		rb := r.Breaker
		switch {
		case i == 0:
			b.State = rb.State
			b.Threshold, b.MinCalls, b.Window, b.Trials = rb.Threshold, rb.MinCalls, rb.Window, rb.Trials
		case rb.State != b.State:
			b.State = BreakerMixed
		}
		b.Failures += rb.Failures
		b.Retrial = b.Retrial || rb.Retrial
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
