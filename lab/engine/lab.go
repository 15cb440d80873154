// Package lab is the engine: a shared worker pool, an open-loop generator, the isolation
// mechanisms around the payment call, and honest metrics. It imports no UI.
package engine

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
	"poollab/slowserver"
)

// load sends a lab's traffic: the open-loop generator, or the closed-loop users.
type load interface {
	run(ctx context.Context, start time.Time) // returns when nothing more will be sent
	setRates(from, to [numClasses]float64)    // the base rates before and after an Apply
	lateness() lab.Percentiles                // how late it sent against its own schedule or pacing
	current() [numClasses]float64             // the rates in force now
}

func (g *generator) lateness() lab.Percentiles { return g.lag.summary() }

// Options are how a lab is started, as opposed to what it runs (Config).
type Options struct {
	Ports *Ports        // fixed dependency ports (ListenPorts); nil: the OS chooses one at each start
	Until time.Duration // stop generating (and sampling) after this long; 0: run until Stop
	// OnPanic, if set, receives a panic in any of the lab's goroutines instead of the program
	// crashing, so a UI can restore the terminal first. The lab is broken after it: Stop it.
	OnPanic func(error)

	replica *replicaOf // set by a fleet for each of its replicas; nil for a lab of its own
	side    int        // which lab of a pair (Side): its port is the Ports' port + side
}

// replicaOf is what a fleet gives each of its replicas: the shared dependency and clock, the
// stream's end, the impatient users, the fleet-wide histograms, and its place behind the
// balancer. A replica sends no traffic of its own: the balancer hands it its arrivals.
type replicaOf struct {
	index     int                  // 0 is the first
	servers   []*slowserver.Server // the fleet's dependency (and its hops), edge first
	start     time.Time
	sent      <-chan struct{} // closed when the fleet's load has sent everything due
	resubmits *resubmitter    // the fleet's: a user's second try goes through the balancer again
	up        *[numClasses]*classMetrics
	totals    *poolTotals
	changed   func() // the balancer hears of every pull and return
}

// Lab is one running experiment. Every goroutine it starts ends in Stop.
type Lab struct {
	owner
	start  time.Time
	ctx    context.Context
	cancel context.CancelFunc
	ended  chan struct{}   // closed when the sampler has taken the last sample of a bounded run
	sent   <-chan struct{} // closed when the generator has sent everything due in a bounded run

	cfg       atomic.Pointer[lab.Config]
	gate      applyGate
	pool      *pool
	load      load           // what sends the traffic: the open-loop generator or the closed-loop users; nil for a replica
	iso       *lab.Isolation // the payment mechanisms and the chain in force
	health    *healthCheck
	dep       *slowserver.Server   // the server payments call: the dependency, or a chain's first hop
	servers   []*slowserver.Server // dep and the hops behind it, edge first
	ownsDep   bool                 // a replica shares its fleet's dependency: the fleet sets it and closes it
	transport *http.Transport
	client    *http.Client
	metrics   [numClasses]*classMetrics

	seconds  seconds
	stopOnce sync.Once

	users     *closedLoop  // closed mode's users; nil in open mode
	resubmits *resubmitter // impatient users sending their request again
}

// ErrFleet is what Start says to a config with more than one replica: Launch runs those.
var ErrFleet = errors.New("lab: fleet.replicas > 1 is a fleet: start it with Launch or StartFleet")

// reserve readies the process for a run of c before its traffic starts: a descriptor table
// as large as it will need (fdtable.go), and a heap floor above what its calls will hold
// (gcfloor.go).
func reserve(c lab.Config) {
	reserveFiles(filesNeeded(c))
	reserveHeap(heapNeeded(c))
}

// Start validates cfg, starts the dependency on 127.0.0.1 and begins traffic at once.
func Start(cfg lab.Config, o Options) (*Lab, error) {
	rep := o.replica
	if rep == nil { // a replica's config is its fleet's, validated, with its share of the rates
		if err := cfg.Validate(); err != nil {
			return nil, err
		}
		if cfg.Fleet.IsFleet() {
			return nil, ErrFleet
		}
		reserve(cfg)
	}
	l := &Lab{ended: make(chan struct{}), ownsDep: rep == nil}
	l.onPanic = o.OnPanic
	if rep != nil {
		l.servers = rep.servers
	} else {
		servers, err := startDependency(o, cfg)
		if err != nil {
			return nil, err
		}
		l.servers = servers
	}
	l.dep = l.servers[0]
	l.cfg.Store(&cfg)
	// Keep-alive sized for the expected concurrency, so calls reuse connections instead of
	// dialling; no proxy, so loopback stays loopback whatever the environment says.
	l.transport = &http.Transport{MaxIdleConnsPerHost: max(cfg.Pool.MaxWorkers(), 64), MaxIdleConns: 0, Proxy: nil}
	l.client = &http.Client{Transport: l.transport}
	for c := range l.metrics {
		l.metrics[c] = newClassMetrics()
		if rep != nil {
			l.metrics[c].up = rep.up[c]
		}
	}
	l.seconds.classes = l.counts
	l.ctx, l.cancel = context.WithCancel(context.Background())
	l.iso = lab.NewIsolation(cfg, lab.Lent{Ctx: l.ctx, Spawn: l.spawn, Fallback: l.metrics[lab.Payment].fallback,
		Free: func() int { return l.pool.freeNow() }, Request: l.request})
	l.start = time.Now()
	if rep != nil {
		l.start = rep.start
		l.health = newHealthCheck(cfg.Fleet, l.start, rep.index+1, rep.changed)
	} else {
		l.health = newHealthCheck(cfg.Fleet, l.start, 0, nil)
	}
	var end time.Time
	if o.Until > 0 {
		end = l.start.Add(o.Until)
	}
	if rep == nil { // before any request is sent
		if err := setDependency(l.servers, cfg, l.start); err != nil {
			l.Stop()
			return nil, err
		}
	}
	l.pool = newPool(l.ctx, l.spawn, cfg.Pool, l.serve)
	if rep != nil {
		l.pool.totals = rep.totals
		l.sent, l.resubmits = rep.sent, rep.resubmits
		l.spawn(func() { l.sample(end) })
		return l, nil
	}
	sent := make(chan struct{})
	l.sent = sent
	l.resubmits = newResubmitter(end, l.resubmit)
	if cfg.Traffic.Mode == lab.Closed {
		l.users = newClosedLoop(cfg.Traffic, l.start, end, l.send, l.spawn)
		l.load = l.users
	} else {
		l.load = newGenerator(cfg.Traffic, end, l.arrive)
	}
	l.spawn(func() { l.load.run(l.ctx, l.start); close(sent) })
	l.spawn(func() { l.resubmits.run(l.ctx) })
	l.spawn(func() { l.sample(end) })
	return l, nil
}

// ErrStopped is what Apply returns once the lab is stopped.
var ErrStopped = errors.New("the lab is stopped")

// ErrPanic wraps a panic recovered in one of the lab's goroutines.
var ErrPanic = errors.New("lab goroutine panicked")

// Engine is a running experiment: one lab, or a fleet of them behind a balancer.
type Engine interface {
	Snapshot() lab.Snapshot
	Apply(lab.Config) error
	Stop()
	done() <-chan struct{} // closed when a bounded run has taken its last sample
}

// Launch starts cfg: one lab, or a fleet when fleet.replicas > 1.
func Launch(cfg lab.Config, o Options) (Engine, error) {
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
func Run(ctx context.Context, cfg lab.Config, o Options) (lab.Snapshot, error) {
	o.Until = cfg.Duration.D()
	e, err := Launch(cfg, o)
	if err != nil {
		return lab.Snapshot{}, err
	}
	defer e.Stop()
	select {
	case <-e.done():
	case <-ctx.Done():
		return e.Snapshot(), ctx.Err()
	}
	return e.Snapshot(), nil
}

func (l *Lab) config() *lab.Config { return l.cfg.Load() }

// arrive is the generator's hand-off (in a fleet, the balancer's): count, then give the
// request to the pool or reject it.
func (l *Lab) arrive(c lab.Class, intended time.Time) {
	l.admit(job{class: c, intended: intended,
		answered: l.resubmits.watch(c, intended, l.config().Traffic.Of(c).ResubmitAfter.D())})
}

// resubmit is an impatient user's second request: a duplicate, and an arrival like any other.
func (l *Lab) resubmit(c lab.Class, intended time.Time) {
	l.admit(job{class: c, intended: intended, duplicate: true})
}

// send is a closed-loop user's request, sent at (its own arrival: there is no schedule);
// replied is called once it is answered or turned away.
func (l *Lab) send(c lab.Class, at time.Time, expected time.Duration, replied func()) {
	l.admit(job{class: c, intended: at, expected: expected, replied: replied})
}

// admit counts j's arrival, then gives it to the pool or rejects it (an answer too). A
// health check is the balancer's probe: failed if it is turned away, or not answered
// within the check's timeout.
func (l *Lab) admit(j job) {
	j.sent = time.Now()
	m := l.metrics[j.class]
	m.arrive(j.duplicate)
	if j.class == lab.Health {
		j.probe = l.health.probe(j.intended, l.config().Health.Timeout.D(), func() bool { return l.ctx.Err() == nil })
	}
	if !l.pool.submit(j) {
		m.reject(lab.RejectPool)
		j.done()
		if j.class == lab.Health {
			j.probe.decide(false)
		}
	}
}

// Apply changes settings while the lab runs; new work sees them at once. Arrival shape,
// seed and profiles change only on restart, since they define the schedule already under way.
func (l *Lab) Apply(cfg lab.Config) error {
	return l.gate.apply(cfg, l.config, l.set)
}

// set makes cfg the lab's settings, old having been them.
func (l *Lab) set(cfg, old lab.Config) error {
	if l.ownsDep {
		if err := setDependency(l.servers, cfg, l.start); err != nil {
			return err
		}
	}
	l.iso.Configure(cfg)
	l.cfg.Store(&cfg)
	l.iso.Settle(cfg)
	if cfg.Pool != old.Pool {
		l.pool.resize(cfg.Pool)
	}
	if l.load != nil {
		applyRates(l.load, old.Traffic, cfg.Traffic)
	}
	return nil
}

// applyRates tells ld of the base rates that changed from old to next, if any did.
func applyRates(ld load, old, next lab.TrafficConfig) {
	if from, to := old.Rates(), next.Rates(); from != to {
		ld.setRates(from, to)
	}
}

// request is the innermost call under c: one HTTP request to the payment dependency.
func (l *Lab) request(c lab.Config) lab.Request {
	return httpRequest(l.client, l.dep.URL()+"/pay", c.Dependency.Deadline == lab.DeadlinePropagate)
}

// Stop ends traffic, cancels every call in flight, and returns when every goroutine the lab
// started (workers, generator, sampler, dependency) has ended. It is safe to call twice.
func (l *Lab) Stop() {
	l.stopOnce.Do(func() {
		l.gate.stop()
		l.cancel()
		l.wg.Wait()
		l.transport.CloseIdleConnections()
		if l.ownsDep {
			closeServers(l.servers)
		}
	})
}

// classes are the lab's running totals per class.
func (l *Lab) classes() (out [numClasses]lab.ClassStats) {
	for c, m := range l.metrics {
		out[c] = m.stats()
	}
	return out
}

// counts are each class's running totals, without percentiles.
func (l *Lab) counts() (out [numClasses]lab.ClassStats) {
	for c, m := range l.metrics {
		out[c] = m.counts()
	}
	return out
}

// rates are the rates in force: the load's; a fleet's replica has none of its own.
func (l *Lab) rates() [numClasses]float64 {
	if l.load == nil {
		return [numClasses]float64{}
	}
	return l.load.current()
}

// Snapshot copies the lab's state; cheap enough for a 10 Hz screen.
func (l *Lab) Snapshot() lab.Snapshot {
	s := lab.Snapshot{Config: *l.config(), Elapsed: time.Since(l.start), Pool: l.pool.stats(),
		Goroutines: l.running.Load(), GoroutinesPeak: l.peak.Load(), RatesInForce: l.rates()}
	s.Classes = l.classes()
	l.iso.Fill(&s)
	s.Health = l.health.stats()
	s.Dependency = dependencyStats(l.dep, s.Config.Dependency.Mode)
	if l.load != nil {
		s.Generator.Lag = l.load.lateness()
	}
	if l.users != nil {
		s.ClosedLoop = l.users.stats()
	}
	s.Distribution = newDistribution(l.metrics[lab.Payment])
	s.Hops = hopStats(l.servers)
	s.Timeline = l.seconds.timeline()
	return s
}

// sample records one Second at each whole second from the start (and at end, if set).
func (l *Lab) sample(end time.Time) {
	if !end.IsZero() {
		defer close(l.ended)
	}
	everySecond(l.ctx, l.start, end, l.sent, func(k int) {
		ps, ds := l.pool.stats(), l.dep.Stats()
		sec := lab.Second{T: k, Busy: ps.BusyBy, Queued: ps.Queued, DepInFlight: ds.InFlight,
			Rate: l.rates(), Workers: ps.Size, Goroutines: l.running.Load(), DepLatency: ds.Latency}
		l.iso.FillSecond(&sec, *l.config())
		l.seconds.take(sec)
	})
}
