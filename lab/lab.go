// Package lab is the engine: a shared worker pool, an open-loop generator, the isolation
// mechanisms around the payment call, and honest metrics. It imports no UI.
package lab

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"poollab/slowserver"
)

// load sends a lab's traffic: the open-loop generator, or the closed-loop users.
type load interface {
	run(ctx context.Context, start time.Time) // returns when nothing more will be sent
	setRates(r [numClasses]float64)
	lateness() Percentiles // how late it sent against its own schedule or pacing
}

func (g *generator) lateness() Percentiles { return g.lag.summary() }

// Options are how a lab is started, as opposed to what it runs (Config).
type Options struct {
	DependencyPort int           // 0: the OS chooses
	Until          time.Duration // stop generating (and sampling) after this long; 0: run until Stop
	// OnPanic, if set, receives a panic in any of the lab's goroutines instead of the program
	// crashing, so a UI can restore the terminal first. The lab is broken after it: Stop it.
	OnPanic func(error)
}

// Lab is one running experiment. Every goroutine it starts ends in Stop.
type Lab struct {
	start  time.Time
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	ended  chan struct{} // closed when the sampler has taken the last sample of a bounded run
	sent   chan struct{} // closed when the generator has sent everything due in a bounded run

	cfg       atomic.Pointer[Config]
	applyMu   sync.Mutex // one Apply at a time, and none once Stop has begun
	stopped   bool       // under applyMu
	pool      *pool
	gen       *generator
	load      load        // what sends the traffic: gen (open loop) or the closed-loop users
	semaphore semaphore   // the semaphore bulkhead
	threads   *threadPool // the thread-pool bulkhead
	conns     semaphore   // connections per route
	breaker   breaker
	chain     atomic.Pointer[chain] // the payment path in force
	typical   typicalLatency        // the dependency's recent answer time, for deadlines
	orphans   orphans
	health    healthCheck
	dep       *slowserver.Server   // the server payments call: the dependency, or a chain's first hop
	servers   []*slowserver.Server // dep and the hops behind it, edge first
	transport *http.Transport
	client    *http.Client
	metrics   [numClasses]*classMetrics

	timeMu   sync.Mutex
	timeline []Second
	stopOnce sync.Once
	onPanic  func(error)
	running  atomic.Int64 // goroutines started by spawn and not yet ended

	users      *closedLoop             // closed mode's users; nil in open mode
	stallShift time.Duration           // from the dependency's start to the lab's: its stalls are counted from the lab's
	retry      atomic.Pointer[retrier] // the retry policy in force
	calls      callCounts              // the lab's calls to the dependency
	resubmits  *resubmitter            // impatient users sending their request again
	adaptive   adaptive                // the adaptive limit
	slack      slackLost               // free workers at each bulkhead rejection
	peakRun    atomic.Int64            // the most goroutines running at once
}

// Start validates cfg, starts the dependency on 127.0.0.1 and begins traffic at once.
func Start(cfg Config, o Options) (*Lab, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	servers, err := startDependency(o.DependencyPort, cfg)
	if err != nil {
		return nil, err
	}
	l := &Lab{dep: servers[0], servers: servers, ended: make(chan struct{}), sent: make(chan struct{}), onPanic: o.OnPanic}
	l.cfg.Store(&cfg)
	// Keep-alive sized for the expected concurrency, so calls reuse connections instead of
	// dialling; no proxy, so loopback stays loopback whatever the environment says.
	l.transport = &http.Transport{MaxIdleConnsPerHost: max(cfg.Pool.MaxWorkers(), 64), MaxIdleConns: 0, Proxy: nil}
	l.client = &http.Client{Transport: l.transport}
	for c := range l.metrics {
		l.metrics[c] = newClassMetrics()
	}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	l.threads = newThreadPool(l.ctx, l.spawn)
	l.configure(cfg)
	l.start = time.Now()
	var end time.Time
	if o.Until > 0 {
		end = l.start.Add(o.Until)
	}
	if err := l.alignStalls(cfg.Dependency); err != nil {
		l.Stop()
		return nil, err
	}
	l.pool = newPool(l.ctx, l.spawn, cfg.Pool, l.serve)
	l.gen = newGenerator(cfg.Traffic, end, l.arrive)
	l.resubmits = newResubmitter(end, l.resubmit)
	l.load = l.gen
	if cfg.Traffic.Mode == Closed {
		l.users = newClosedLoop(cfg.Traffic, l.start, end, l.send, l.spawn)
		l.load = l.users
	}
	l.spawn(func() { l.load.run(l.ctx, l.start); close(l.sent) })
	l.spawn(func() { l.resubmits.run(l.ctx) })
	l.spawn(func() { l.sample(end) })
	return l, nil
}

// ErrStopped is what Apply returns once the lab is stopped.
var ErrStopped = errors.New("the lab is stopped")

// ErrPanic wraps a panic recovered in one of the lab's goroutines.
var ErrPanic = errors.New("lab goroutine panicked")

// spawn starts a goroutine the lab owns: Stop waits for it, and a panic in it goes to
// Options.OnPanic when set.
func (l *Lab) spawn(fn func()) {
	l.wg.Add(1)
	n := l.running.Add(1)
	for p := l.peakRun.Load(); n > p && !l.peakRun.CompareAndSwap(p, n); p = l.peakRun.Load() {
	}
	go func() {
		defer l.wg.Done()
		defer l.running.Add(-1)
		if l.onPanic != nil {
			defer func() {
				if r := recover(); r != nil {
					l.onPanic(fmt.Errorf("%w: %v\n%s", ErrPanic, r, debug.Stack()))
				}
			}()
		}
		fn()
	}()
}

// Run is one headless run: start, wait cfg.Duration (or until ctx ends), snapshot, stop.
func Run(ctx context.Context, cfg Config, o Options) (Snapshot, error) {
	o.Until = cfg.Duration.D()
	l, err := Start(cfg, o)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.Stop()
	select {
	case <-l.ended:
	case <-ctx.Done():
		return l.Snapshot(), ctx.Err()
	}
	return l.Snapshot(), nil
}

func (l *Lab) config() *Config { return l.cfg.Load() }

// arrive is the generator's hand-off: count, then give the request to the pool or reject it.
func (l *Lab) arrive(c Class, intended time.Time) {
	l.admit(job{class: c, intended: intended,
		answered: l.resubmits.watch(c, intended, l.config().Traffic.of(c).ResubmitAfter.D())})
}

// resubmit is an impatient user's second request: a duplicate, and an arrival like any other.
func (l *Lab) resubmit(c Class, intended time.Time) {
	l.admit(job{class: c, intended: intended, duplicate: true})
}

// send is a closed-loop user's request, sent at (its own arrival: there is no schedule);
// replied is called once it is answered or turned away.
func (l *Lab) send(c Class, at time.Time, expected time.Duration, replied func()) {
	l.admit(job{class: c, intended: at, expected: expected, replied: replied})
}

// admit counts j's arrival, then gives it to the pool or rejects it (an answer too).
func (l *Lab) admit(j job) {
	j.sent = time.Now()
	m := l.metrics[j.class]
	m.arrive(j.duplicate)
	if !l.pool.submit(j) {
		m.reject(RejectPool)
		j.done()
		if j.class == Health {
			l.health.observe(false)
		}
		if j.replied != nil {
			j.replied()
		}
	}
}

// Apply changes settings while the lab runs; new work sees them at once. Arrival shape,
// seed and profiles change only on restart, since they define the schedule already under way.
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
	cfg.Traffic.Mode, cfg.Traffic.Users, cfg.Traffic.Think = old.Traffic.Mode, old.Traffic.Users, old.Traffic.Think
	cfg.Traffic.Payment.Profile, cfg.Traffic.Signup.Profile, cfg.Traffic.Health.Profile =
		old.Traffic.Payment.Profile, old.Traffic.Signup.Profile, old.Traffic.Health.Profile
	if err := l.setDependency(cfg); err != nil {
		return err
	}
	l.configure(cfg)
	l.cfg.Store(&cfg)
	l.threads.configure(cfg.Payment.Bulkhead) // after the store: calls that read the old config still find the pool
	if cfg.Pool != old.Pool {
		l.pool.resize(cfg.Pool)
	}
	if ratesOf(cfg.Traffic) != ratesOf(old.Traffic) {
		l.load.setRates(ratesOf(cfg.Traffic))
	}
	return nil
}

// configure rebuilds the payment isolation that changed and the chain that runs it;
// payments under way finish on the chain they started on.
func (l *Lab) configure(c Config) {
	p := c.Payment
	l.semaphore.configure(p.Bulkhead.Size, p.Bulkhead.MaxWait.D())
	l.adaptive.configure(p.Bulkhead, c.Pool.MaxWorkers())
	if p.Bulkhead.Type == BulkheadThreadPool {
		l.threads.configure(p.Bulkhead) // built before the chain that uses it
	}
	l.conns.configure(max(p.Connections.PerRoute, 1), p.Connections.LeaseTimeout.D())
	l.breaker.configure(p.Breaker)
	l.chain.Store(l.paymentChain(c))
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
		for _, s := range l.servers { // edge first: no hop is left calling a closed one
			s.Close()
		}
	})
}

// Snapshot copies the lab's state; cheap enough for a 10 Hz screen.
func (l *Lab) Snapshot() Snapshot {
	s := Snapshot{Config: *l.config(), Elapsed: time.Since(l.start), Pool: l.pool.stats(),
		Goroutines: l.running.Load(), GoroutinesPeak: l.peakRun.Load(), RatesInForce: l.gen.current(), Slack: l.slack.stats()}
	ch := l.chain.Load()
	s.Chain, s.Waits = ch.names, ch.waits
	for c, m := range l.metrics {
		s.Classes[c] = m.stats()
	}
	bh := s.Config.Payment.Bulkhead
	switch bh.Type {
	case BulkheadThreadPool:
		s.Bulkhead = l.threads.stats(bh)
	case BulkheadAdaptive:
		limit, inUse := l.adaptive.stats()
		s.Bulkhead = BulkheadStats{Type: bh.Type, Size: bh.Size, InUse: int64(inUse), Limit: limit}
	default:
		s.Bulkhead = BulkheadStats{Type: bh.Type, Size: bh.Size, InUse: l.semaphore.inUse.Load()}
	}
	s.Breaker, s.Orphans, s.Health = l.breaker.stats(), l.orphans.stats(), l.health.stats()
	s.Connections = ConnectionStats{PerRoute: s.Config.Payment.Connections.PerRoute, InUse: l.conns.inUse.Load()}
	ds := l.dep.Stats()
	s.Dependency = DependencyStats{URL: l.dep.URL(), Mode: s.Config.Dependency.Mode,
		Requests: ds.Requests, InFlight: ds.InFlight, PeakInFlight: ds.PeakInFlight, Latency: ds.Latency}
	s.Generator.Lag = l.load.lateness()
	if l.users != nil {
		s.ClosedLoop = l.users.stats()
	}
	s.Distribution = newDistribution(l.metrics[Payment])
	s.Calls, s.Hops = l.calls.stats(), l.hopStats()
	l.timeMu.Lock()
	s.Timeline = l.timeline[:len(l.timeline):len(l.timeline)]
	l.timeMu.Unlock()
	return s
}

// sampleLead is how far before each whole second the sampler takes its sample.
const sampleLead = 10 * time.Millisecond

// maxTimeline bounds the live lab's memory: an hour of seconds.
const maxTimeline = 3600

// sample records one Second at each whole second from the start (and at end, if set).
func (l *Lab) sample(end time.Time) {
	defer func() {
		if !end.IsZero() {
			close(l.ended)
		}
	}()
	var prev [numClasses]ClassStats
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	for k := 1; ; k++ {
		at := l.start.Add(time.Duration(k) * time.Second)
		last := !end.IsZero() && !at.Before(end)
		if last {
			at = end
		} else {
			// Just before the whole second: arrivals scheduled on it belong to the next second,
			// so a steady 10/s reads 10 every second, not 9 and 11 as the timer wakes either side.
			at = at.Add(-sampleLead)
		}
		timer.Reset(time.Until(at))
		select {
		case <-l.ctx.Done():
			return
		case <-timer.C:
		}
		if last {
			// A late generator may still owe arrivals scheduled before the end: the last
			// sample, and so the report, waits for them.
			select {
			case <-l.ctx.Done():
				return
			case <-l.sent:
			}
		}
		ps, ds := l.pool.stats(), l.dep.Stats()
		sec := Second{T: k, Busy: ps.BusyBy, Queued: ps.Queued, DepInFlight: ds.InFlight,
			Rate: l.gen.current(), Workers: ps.Size, Goroutines: l.running.Load(), DepLatency: ds.Latency}
		if l.config().Payment.Bulkhead.Type == BulkheadAdaptive {
			sec.Limit, _ = l.adaptive.stats()
		}
		for c, m := range l.metrics {
			cs := m.stats()
			sec.Arrived[c] = cs.Arrived - prev[c].Arrived
			sec.OK[c] = cs.OK - prev[c].OK
			sec.Failed[c] = cs.Failed - prev[c].Failed
			sec.TimedOut[c] = cs.TimedOut - prev[c].TimedOut
			for r := range cs.Rejected {
				sec.Rejected[c][r] = cs.Rejected[r] - prev[c].Rejected[r]
			}
			prev[c] = cs
		}
		l.timeMu.Lock()
		if len(l.timeline) >= 2*maxTimeline {
			l.timeline = append([]Second(nil), l.timeline[maxTimeline:]...)
		}
		l.timeline = append(l.timeline, sec)
		l.timeMu.Unlock()
		if last {
			return
		}
	}
}

func dependencySettings(d DependencyConfig) slowserver.Settings {
	return slowserver.Settings{Mode: slowserver.Mode(d.Mode), Latency: d.Latency.D(),
		HealthyLatency: d.HealthyLatency.D(), Jitter: d.Jitter.D(), IgnoreCancel: d.IgnoreCancel,
		BrownoutSlow: d.Brownout.Slow.D(), BrownoutHealthy: d.Brownout.Healthy.D(),
		Stall: slowserver.Stall{Every: d.Stall.Every.D(), For: d.Stall.For.D(), FirstAt: d.Stall.FirstAt.D()},
		Knee:  d.Knee, KneeExponent: d.KneeExponent}
}

// dependencySettings are d for this lab's dependency: its stalls moved by stallShift, so
// that stall.first_at counts from the lab's start, as every other time in the lab does.
func (l *Lab) dependencySettings(d DependencyConfig) slowserver.Settings {
	s := dependencySettings(d)
	s.Stall.FirstAt += l.stallShift
	return s
}

// alignStalls counts the dependency's stall schedule from the lab's start. The dependency
// starts first (traffic needs its address) and counts its stalls from its own start, a
// fraction of a millisecond earlier (StallShift measures it); the settings are set again,
// shifted by that, before any request is sent.
func (l *Lab) alignStalls(d DependencyConfig) error {
	l.stallShift = l.start.Sub(l.dep.Started())
	if d.Stall.For <= 0 {
		return nil
	}
	return l.dep.Set(l.dependencySettings(d))
}
