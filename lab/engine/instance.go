// An instance: one shared worker pool and the payment isolation around it, on a dependency it
// calls but does not own. A lab of its own is one instance with its own dependency and load
// (lab.go); a fleet is several behind a balancer (fleet.go). Both build theirs here, one way.

package engine

import (
	"net/http"
	"time"

	"poollab/lab"
	"poollab/slowserver"
)

// instance is one running pool: its workers, its isolation, its health as a balancer
// judges it, its counters and its timeline. Every goroutine it starts ends in stop.
type instance struct {
	lifecycle
	pool      *pool
	iso       *lab.Isolation // the payment mechanisms and the chain in force
	health    *healthCheck
	dep       *slowserver.Server   // the server payments call: the dependency, or a chain's first hop
	servers   []*slowserver.Server // dep and the hops behind it, edge first
	transport *http.Transport
	client    *http.Client
	metrics   [numClasses]*classMetrics
	seconds   seconds
	resubmits *resubmitter               // impatient users: where a request's clock is started
	rates     func() [numClasses]float64 // the rates in force; nil: none of its own
	pairs     *pairSide                  // a compared run's end of the pairing tally (its fleet's, for a replica); nil: not compared
}

// deps is what an instance is given rather than makes.
type deps struct {
	span                                 // the run's clock: a lab's own, or its fleet's
	servers   []*slowserver.Server       // the dependency it calls (and its hops), edge first
	resubmits *resubmitter               // a lab's own impatient users, or its fleet's
	rates     func() [numClasses]float64 // the load's rates in force; nil for a fleet's replica, which has none of its own
	onPanic   func(error)
	pairs     *pairSide // a compared run's end of the pairing tally; nil: not compared
	// A fleet's replica: its number behind the balancer (1 is the first; 0: a lab of its
	// own), the fleet-wide histograms each of its latencies goes to as well, and the
	// fleet-wide pool totals it adds to (each nil for a lab of its own).
	replica int
	up      [numClasses]*classMetrics
	totals  *poolTotals
}

// newInstance starts an instance of cfg (validated) on d: its pool waits for arrivals. Its
// sampler starts with sample, once what d.rates reads is there.
func newInstance(cfg lab.Config, d deps) *instance {
	l := &instance{servers: d.servers, dep: d.servers[0], resubmits: d.resubmits, rates: d.rates, pairs: d.pairs}
	l.begin(cfg, d.span, d.onPanic)
	// Keep-alive sized for the expected concurrency, so calls reuse connections instead of
	// dialling; no proxy, so loopback stays loopback whatever the environment says.
	l.transport = &http.Transport{MaxIdleConnsPerHost: max(cfg.Pool.MaxWorkers(), 64), MaxIdleConns: 0, Proxy: nil}
	l.client = &http.Client{Transport: l.transport}
	for c := range l.metrics {
		l.metrics[c] = newClassMetrics(l.start)
		l.metrics[c].up = d.up[c]
	}
	l.seconds.before = l.before
	l.iso = lab.NewIsolation(cfg, lab.Lent{Ctx: l.ctx, Spawn: l.spawn,
		Free: func() int { return l.pool.freeNow() }, Request: l.request})
	l.health = newHealthCheck(cfg.Fleet, l.start, d.replica)
	l.health.served = l.metrics[lab.Payment].servedBy
	l.pool = newPool(l.ctx, l.spawn, cfg.Pool, l.serve, l.turnAway, d.totals)
	return l
}

// request is the innermost call under c: one HTTP request to the payment dependency.
func (l *instance) request(c lab.Config) lab.Request {
	return httpRequest(l.client, l.dep.URL()+"/pay", c.Dependency.Chain(), c.Dependency.Deadline == lab.DeadlinePropagate)
}

// arrive is the generator's hand-off (in a fleet, the balancer's) of its class's n-th
// arrival: count, then give the request to the pool or reject it.
func (l *instance) arrive(c lab.Class, intended time.Time, n int64) {
	l.admit(job{class: c, intended: intended, arrival: n,
		answered: l.resubmits.watch(c, intended, l.config().Traffic.Of(c).ResubmitAfter.D())})
}

// resubmit is an impatient user's second request: a duplicate, and an arrival like any other.
func (l *instance) resubmit(c lab.Class, intended time.Time) {
	l.admit(job{class: c, intended: intended, duplicate: true})
}

// send is a closed-loop user's request, sent at (its own arrival: there is no schedule) for
// its pacing's slot due; replied is called once it is answered or turned away.
func (l *instance) send(c lab.Class, at, due time.Time, expected time.Duration, replied func(time.Time)) {
	l.admit(job{class: c, intended: at, due: due, expected: expected, replied: replied})
}

// admit counts j's arrival, then gives it to the pool or rejects it (an answer too). A
// health check is the balancer's probe: failed if it is turned away, or not answered
// within the check's timeout.
func (l *instance) admit(j job) {
	moves := l.pool.moves // counted arrived, not yet queued, on a worker or turned away
	moves.begin()
	defer moves.end()
	j.sent = time.Now()
	m := l.metrics[j.class]
	m.arrive(j.sent, j.duplicate)
	l.pairs.arrive(j.class, j.arrival)
	if j.class == lab.Health {
		var met lab.Pull // what the check finds: the queue ahead of it
		met.Ahead, met.Queued = l.pool.queuedNow(lab.Payment)
		if l.config().Pool.Discipline != lab.FIFO { // served out of arrival order: none is ahead by right
			met.Ahead = -1
		}
		j.probe = l.health.probe(j.intended, l.config().Health.Timeout.D(), met, func() bool { return l.ctx.Err() == nil })
	}
	if !l.pool.submit(j) {
		l.turnAway(j, lab.RejectPool)
	}
}

// turnAway rejects j, which arrived, for why (an answer too): a health check so turned away
// has failed.
func (l *instance) turnAway(j job, why lab.Reason) {
	at := time.Now()
	l.metrics[j.class].reject(j, why, time.Time{}, at, l.end, false)
	l.pairs.settle(j.class, j.arrival, lab.TurnedAway(why))
	j.done(at)
	if j.class == lab.Health {
		j.probe.refuse()
	}
}

// Apply changes settings while the instance runs; new work sees them at once. Arrival
// shape, seed and profiles change only on restart, since they define the schedule already
// under way.
func (l *instance) Apply(cfg lab.Config) error { return l.gate.apply(cfg, l.config, l.set) }

// set makes cfg the instance's settings, old having been them.
func (l *instance) set(cfg, old lab.Config) error {
	l.iso.Configure(cfg)
	l.cfg.Store(&cfg)
	l.iso.Settle(cfg)
	if cfg.Pool != old.Pool {
		l.pool.resize(cfg.Pool)
	}
	return nil
}

// Stop cancels every call in flight and returns when every goroutine the instance started
// (workers, bulkhead threads, orphaned calls, sampler) has ended. It is safe to call twice.
func (l *instance) Stop() { l.stop(l.transport.CloseIdleConnections) }

// before is each class's counts of the events before upTo (all so far, zero), the
// timeline's: Second's span.
func (l *instance) before(upTo time.Time) (out [numClasses]lab.ClassStats) {
	for c, m := range l.metrics {
		out[c] = m.before(upTo)
	}
	return out
}

// ratesInForce are the load's rates in force; a fleet's replica has none of its own.
func (l *instance) ratesInForce() [numClasses]float64 {
	if l.rates == nil {
		return [numClasses]float64{}
	}
	return l.rates()
}

// Snapshot copies the instance's state; cheap enough for a 10 Hz screen. One cut, as a
// fleet's is: the pool read before the counters, a payment counted ended between the two
// left its worker busy beside one fewer in flight ("P payment 10" beside in-flight 9,
// newcomer 50 #3).
func (l *instance) Snapshot() lab.Snapshot {
	s, _ := cut(l.pool.moves, func() lab.Snapshot {
		s := l.snapshot()
		pay, dep := paymentsCut([]*classMetrics{l.metrics[lab.Payment]}, l.dep, s.Config.Dependency.Mode)
		s.Classes[lab.Payment], s.Dependency = pay[0], dep
		return s
	})
	l.iso.Fill(&s)
	return s
}

// snapshot is Snapshot but for payments' class and the dependency, read as one after it
// (paymentsCut): a fleet reads its replicas' at once; and but for the isolation's counts, read
// after payments' outcomes as they always were: a payment timed out between left one timed
// out beside no orphan (caller-timeout on a busy core, 66 timed out beside 65 orphans).
func (l *instance) snapshot() lab.Snapshot {
	s := lab.Snapshot{Config: *l.config(), Elapsed: time.Since(l.start), Pool: l.pool.stats(l.start),
		Goroutines: l.running.Load(), GoroutinesPeak: l.peak.Load()}
	for c, m := range l.metrics {
		if lab.Class(c) != lab.Payment {
			s.Classes[c] = m.stats()
		}
	}
	s.Health = l.health.stats()
	s.Distribution = newDistribution(l.metrics[lab.Payment])
	s.Hops = hopStats(l.servers)
	s.Timeline = l.seconds.timeline()
	return s
}

// sample records one Second at each whole second from the start (and at the end, if set),
// on a goroutine of its own.
func (l *instance) sample() { l.spawn(func() { l.record(l.sampleSecond, l.seconds.take) }) }

// sampleSecond is second k's state: the pool, the dependency, the rates at the sample.
func (l *instance) sampleSecond(k int) lab.Second {
	ps, ds := l.pool.stats(l.start), l.dep.Stats()
	sec := lab.Second{T: k, Busy: ps.BusyBy, Queued: ps.Queued, QueuedBy: ps.QueuedBy, DepInFlight: ds.InFlight,
		Rate: l.ratesInForce(), Workers: ps.Size, Goroutines: l.running.Load(), DepLatency: ds.Latency}
	l.iso.FillSecond(&sec, *l.config())
	l.seconds.hold(&sec, ps.Held, l.start)
	return sec
}
