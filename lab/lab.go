// Package lab is the engine: a shared worker pool, an open-loop generator, the isolation
// mechanisms around the payment call, and honest metrics. It imports no UI.
package lab

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"poollab/slowserver"
)

// Options are how a lab is started, as opposed to what it runs (Config).
type Options struct {
	DependencyPort int           // 0: the OS chooses
	Until          time.Duration // stop generating (and sampling) after this long; 0: run until Stop
	// OnPanic, if set, receives a panic in any of the lab's goroutines instead of the program
	// crashing, so a UI can restore the terminal first. The lab is broken after it: Stop it.
	OnPanic func(error)

	replica *replicaOf // set by a fleet for each of its replicas; nil for a lab of its own
}

// replicaOf is what a fleet gives each of its replicas: the shared dependency and clock, the
// stream's end, the fleet-wide counters, and its place behind the balancer. A replica has
// no generator of its own: the balancer hands it its arrivals (Lab.arrive).
type replicaOf struct {
	index   int // 0 is the first
	dep     *slowserver.Server
	start   time.Time
	sent    <-chan struct{} // closed when the fleet's generator has sent everything due
	up      *[numClasses]*classMetrics
	totals  *poolTotals
	changed func() // the balancer hears of every pull and return
}

// Lab is one running experiment. Every goroutine it starts ends in Stop.
type Lab struct {
	owner
	start  time.Time
	ctx    context.Context
	cancel context.CancelFunc
	ended  chan struct{}   // closed when the sampler has taken the last sample of a bounded run
	sent   <-chan struct{} // closed when the generator has sent everything due in a bounded run

	cfg       atomic.Pointer[Config]
	applyMu   sync.Mutex // one Apply at a time, and none once Stop has begun
	stopped   bool       // under applyMu
	pool      *pool
	gen       *generator
	semaphore semaphore   // the semaphore bulkhead
	threads   *threadPool // the thread-pool bulkhead
	conns     semaphore   // connections per route
	breaker   breaker
	chain     atomic.Pointer[chain] // the payment path in force
	typical   typicalLatency        // the dependency's recent answer time, for deadlines
	orphans   orphans
	health    *healthCheck
	dep       *slowserver.Server
	ownsDep   bool // a replica shares its fleet's dependency: the fleet sets it and closes it
	transport *http.Transport
	client    *http.Client
	metrics   [numClasses]*classMetrics

	seconds  seconds
	stopOnce sync.Once
}

// ErrFleet is what Start says to a config with more than one replica: Launch runs those.
var ErrFleet = errors.New("lab: fleet.replicas > 1 is a fleet: start it with Launch or StartFleet")

// Start validates cfg, starts the dependency on 127.0.0.1 and begins traffic at once.
func Start(cfg Config, o Options) (*Lab, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	rep := o.replica
	if cfg.Fleet.IsFleet() && rep == nil {
		return nil, ErrFleet
	}
	l := &Lab{ended: make(chan struct{}), ownsDep: rep == nil}
	l.onPanic = o.OnPanic
	if rep != nil {
		l.dep = rep.dep
	} else {
		dep, err := slowserver.Start(o.DependencyPort, dependencySettings(cfg.Dependency))
		if err != nil {
			return nil, err
		}
		l.dep = dep
	}
	l.cfg.Store(&cfg)
	// Keep-alive sized for the expected concurrency, so calls reuse connections instead of
	// dialling; no proxy, so loopback stays loopback whatever the environment says.
	l.transport = &http.Transport{MaxIdleConnsPerHost: max(cfg.Pool.Workers, 64), MaxIdleConns: 0, Proxy: nil}
	l.client = &http.Client{Transport: l.transport}
	for c := range l.metrics {
		l.metrics[c] = newClassMetrics()
		if rep != nil {
			l.metrics[c].up = rep.up[c]
		}
	}
	l.seconds.classes = l.classes
	l.ctx, l.cancel = context.WithCancel(context.Background())
	l.threads = newThreadPool(l.ctx, l.spawn)
	l.configure(cfg.Payment)
	l.start = time.Now()
	var totals *poolTotals
	var changed func()
	if rep != nil {
		l.start, totals, changed = rep.start, rep.totals, rep.changed
		l.health = newHealthCheck(cfg.Fleet, l.start, rep.index+1, changed)
	} else {
		l.health = newHealthCheck(cfg.Fleet, l.start, 0, nil)
	}
	var end time.Time
	if o.Until > 0 {
		end = l.start.Add(o.Until)
	}
	l.pool = newPool(l.ctx, l.spawn, cfg.Pool, l.serve)
	l.pool.totals = totals
	if rep != nil {
		l.sent = rep.sent
	} else {
		sent := make(chan struct{})
		l.sent = sent
		l.gen = newGenerator(cfg.Traffic, end, l.arrive)
		l.spawn(func() { l.gen.run(l.ctx, l.start); close(sent) })
	}
	l.spawn(func() { l.sample(end) })
	return l, nil
}

// ErrStopped is what Apply returns once the lab is stopped.
var ErrStopped = errors.New("the lab is stopped")

// ErrPanic wraps a panic recovered in one of the lab's goroutines.
var ErrPanic = errors.New("lab goroutine panicked")

// Engine is a running experiment: one lab, or a fleet of them behind a balancer.
type Engine interface {
	Snapshot() Snapshot
	Apply(Config) error
	Stop()
	done() <-chan struct{} // closed when a bounded run has taken its last sample
}

// Launch starts cfg: one lab, or a fleet when fleet.replicas > 1.
func Launch(cfg Config, o Options) (Engine, error) {
	if cfg.Fleet.IsFleet() {
		f, err := StartFleet(cfg, o)
		if err != nil {
			return nil, err
		}
		return f, nil
	}
	l, err := Start(cfg, o)
	if err != nil {
		return nil, err
	}
	return l, nil
}

func (l *Lab) done() <-chan struct{} { return l.ended }

// Run is one headless run: start, wait cfg.Duration (or until ctx ends), snapshot, stop.
func Run(ctx context.Context, cfg Config, o Options) (Snapshot, error) {
	o.Until = cfg.Duration.D()
	e, err := Launch(cfg, o)
	if err != nil {
		return Snapshot{}, err
	}
	defer e.Stop()
	select {
	case <-e.done():
	case <-ctx.Done():
		return e.Snapshot(), ctx.Err()
	}
	return e.Snapshot(), nil
}

func (l *Lab) config() *Config { return l.cfg.Load() }

// arrive is the generator's hand-off (in a fleet, the balancer's): count, then give the
// request to the pool or reject it.
func (l *Lab) arrive(c Class, intended time.Time) {
	m := l.metrics[c]
	m.arrive()
	j := job{class: c, intended: intended}
	if c == Health {
		j.probe = l.health.probe(intended, l.config().Health.Timeout.D(), func() bool { return l.ctx.Err() == nil })
	}
	if !l.pool.submit(j) {
		m.reject(RejectPool)
		if c == Health {
			j.probe.decide(false)
		}
	}
}

// Apply changes settings while the lab runs; new work sees them at once. Arrival shape
// and seed change only on restart, since they define the schedule already under way.
func (l *Lab) Apply(cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	l.applyMu.Lock()
	defer l.applyMu.Unlock()
	if l.stopped {
		return ErrStopped
	}
	old := l.config()
	cfg.Traffic.Arrivals, cfg.Traffic.Seed = old.Traffic.Arrivals, old.Traffic.Seed
	cfg.Fleet = old.Fleet
	if l.ownsDep {
		if err := l.dep.Set(dependencySettings(cfg.Dependency)); err != nil {
			return fmt.Errorf("dependency: %w", err)
		}
	}
	l.configure(cfg.Payment)
	l.cfg.Store(&cfg)
	l.threads.configure(cfg.Payment.Bulkhead) // after the store: calls that read the old config still find the pool
	if cfg.Pool != old.Pool {
		l.pool.resize(cfg.Pool)
	}
	if l.gen != nil && ratesOf(cfg.Traffic) != ratesOf(old.Traffic) {
		l.gen.setRates(ratesOf(cfg.Traffic))
	}
	return nil
}

// configure rebuilds the payment isolation that changed and the chain that runs it;
// payments under way finish on the chain they started on.
func (l *Lab) configure(p PaymentConfig) {
	l.semaphore.configure(p.Bulkhead.Size, p.Bulkhead.MaxWait.D())
	if p.Bulkhead.Type == BulkheadThreadPool {
		l.threads.configure(p.Bulkhead) // built before the chain that uses it
	}
	l.conns.configure(max(p.Connections.PerRoute, 1), p.Connections.LeaseTimeout.D())
	l.breaker.configure(p.Breaker)
	l.chain.Store(l.paymentChain(p))
}

// Stop ends traffic, cancels every call in flight, and returns when every goroutine the lab
// started (workers, generator, sampler, dependency) has ended. It is safe to call twice.
func (l *Lab) Stop() {
	l.stopOnce.Do(func() {
		l.applyMu.Lock() // an Apply under way finishes first; none starts goroutines after
		l.stopped = true
		l.applyMu.Unlock()
		l.cancel()
		l.wg.Wait()
		l.transport.CloseIdleConnections()
		if l.ownsDep {
			l.dep.Close()
		}
	})
}

// classes are the lab's running totals per class.
func (l *Lab) classes() (out [numClasses]ClassStats) {
	for c, m := range l.metrics {
		out[c] = m.stats()
	}
	return out
}

// Snapshot copies the lab's state; cheap enough for a 10 Hz screen.
func (l *Lab) Snapshot() Snapshot {
	s := Snapshot{Config: *l.config(), Elapsed: time.Since(l.start), Pool: l.pool.stats(),
		Goroutines: l.running.Load()}
	ch := l.chain.Load()
	s.Chain, s.Waits = ch.names, ch.waits
	s.Classes = l.classes()
	bh := s.Config.Payment.Bulkhead
	switch bh.Type {
	case BulkheadThreadPool:
		s.Bulkhead = l.threads.stats(bh)
	default:
		s.Bulkhead = BulkheadStats{Type: bh.Type, Size: bh.Size, InUse: l.semaphore.inUse.Load()}
	}
	s.Breaker, s.Orphans, s.Health = l.breaker.stats(), l.orphans.stats(), l.health.stats()
	s.Connections = ConnectionStats{PerRoute: s.Config.Payment.Connections.PerRoute, InUse: l.conns.inUse.Load()}
	s.Dependency = dependencyStats(l.dep, s.Config.Dependency.Mode)
	if l.gen != nil {
		s.Generator.Lag = l.gen.lag.summary()
	}
	s.Timeline = l.seconds.timeline()
	return s
}

// sample records one Second at each whole second from the start (and at end, if set).
func (l *Lab) sample(end time.Time) {
	if !end.IsZero() {
		defer close(l.ended)
	}
	everySecond(l.ctx, l.start, end, l.sent, func(k int) {
		l.seconds.take(k, l.pool.stats(), l.dep.Stats().InFlight)
	})
}

func dependencyStats(dep *slowserver.Server, mode DependencyMode) DependencyStats {
	ds := dep.Stats()
	return DependencyStats{URL: dep.URL(), Mode: mode, Requests: ds.Requests, InFlight: ds.InFlight, PeakInFlight: ds.PeakInFlight}
}

func dependencySettings(d DependencyConfig) slowserver.Settings {
	return slowserver.Settings{Mode: slowserver.Mode(d.Mode), Latency: d.Latency.D(),
		HealthyLatency: d.HealthyLatency.D(), Jitter: d.Jitter.D(), IgnoreCancel: d.IgnoreCancel,
		BrownoutSlow: d.Brownout.Slow.D(), BrownoutHealthy: d.Brownout.Healthy.D()}
}
