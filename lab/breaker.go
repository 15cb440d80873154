// The circuit breaker (failsafe-go's, driven by hand): its stats, its state, its two stages
// (short-circuit and permit), and its fleet-wide sum.

package lab

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"
)

// BreakerState is the circuit breaker's state as the screen names it.
type BreakerState string

const (
	BreakerOff      BreakerState = "off"
	BreakerClosed   BreakerState = "closed"
	BreakerOpen     BreakerState = "open"
	BreakerHalfOpen BreakerState = "half-open"
)

// BreakerStats is the breaker at one instant.
type BreakerStats struct {
	State       BreakerState
	OpenLeft    time.Duration // while open: time until the next call may be a half-open trial
	FailureRate float64       // percent of recorded calls that failed, over the window (the last closed period while open)
	Calls       uint          // calls recorded over the window (the last closed period while open; trials while half-open)
	Opened      int64         // times it has opened

	// What FailureRate and Calls are weighed against (breaker settings in force).
	Failures  uint          // failed calls among Calls
	Threshold float64       // percent: it opens when FailureRate reaches this...
	MinCalls  uint          // ...over at least this many calls
	Window    time.Duration // the closed state counts the calls of this last stretch of time
	Trials    uint          // calls a half-open breaker lets through to decide
	Retrial   bool          // open because a half-open trial failed: Calls and FailureRate are the trials'
}

// breaker wraps failsafe-go's circuit breaker, driven by hand (TryAcquirePermit, Record*),
// so the lab decides what counts as a failure. Like a failsafe policy it cannot be changed
// in place: a new configuration builds a new breaker, which starts closed.
type breaker struct {
	cur    atomic.Pointer[breakerGen]
	opened atomic.Int64
}

type breakerGen struct {
	cb      circuitbreaker.CircuitBreaker[any] // nil: the breaker is off
	cfg     BreakerConfig
	epoch   atomic.Int64 // bumped at every state change: a permit records only in its own state
	retrial atomic.Bool  // it last opened from half-open: a trial failed
}

func (b *breaker) configure(c BreakerConfig) {
	if g := b.cur.Load(); g != nil && g.cfg == c {
		return
	}
	g := &breakerGen{cfg: c}
	if c.Enabled {
		g.cb = circuitbreaker.NewBuilder[any]().
			WithFailureRateThreshold(c.FailureRate/100, uint(c.MinCalls), c.Window.D()).
			WithDelay(c.OpenFor.D()).
			WithSuccessThreshold(uint(c.HalfOpenCalls)).
			OnStateChanged(func(circuitbreaker.StateChangedEvent) { g.epoch.Add(1) }).
			OnOpen(func(e circuitbreaker.StateChangedEvent) {
				b.opened.Add(1)
				g.retrial.Store(e.OldState == circuitbreaker.HalfOpenState)
			}).
			Build()
	}
	b.cur.Store(g)
}

// get returns the breaker in force, or nil when it is off.
func (b *breaker) get() *breakerGen {
	if g := b.cur.Load(); g.cb != nil {
		return g
	}
	return nil
}

// open reports whether the breaker fails calls at once now, without taking a permit. Past
// its delay an open breaker lets the next call through as the half-open trial.
func (g *breakerGen) open() bool { return g.cb.IsOpen() && g.cb.RemainingDelay() > 0 }

// permit is one call the breaker let through. It is recorded once, and only in the state it
// was taken in: a slow call let through while closed must not decide a half-open trial.
type permit struct {
	g     *breakerGen
	epoch int64
	done  atomic.Bool
}

// acquire asks the breaker for a permit; false means it short-circuits this call.
func (g *breakerGen) acquire() (*permit, bool) {
	if !g.cb.TryAcquirePermit() {
		return nil, false
	}
	return &permit{g: g, epoch: g.epoch.Load()}, true
}

// record tells the breaker how a permitted call went. Only signals about the dependency are
// failures: timeouts, 5xx, 429 and refused connections; with countRejections, also the lab's
// own bulkhead and connection-pool rejections (the trap the article warns about).
func (p *permit) record(r Result, countRejections bool) {
	if p == nil || !p.done.CompareAndSwap(false, true) || p.g.epoch.Load() != p.epoch {
		return
	}
	if r.Out == TimedOut || r.DepFailure || (r.Rejected && countRejections) {
		p.g.cb.RecordFailure()
		return
	}
	p.g.cb.RecordSuccess()
}

func (b *breaker) stats() BreakerStats {
	g := b.get()
	if g == nil {
		return BreakerStats{State: BreakerOff, Opened: b.opened.Load()}
	}
	m := g.cb.Metrics()
	s := BreakerStats{State: BreakerClosed, FailureRate: m.FailureRate() * 100, Calls: m.Executions(), Opened: b.opened.Load(),
		Failures: m.Failures(), Threshold: g.cfg.FailureRate, MinCalls: uint(g.cfg.MinCalls), Window: g.cfg.Window.D(),
		Trials: uint(g.cfg.HalfOpenCalls)}
	switch {
	case g.cb.IsOpen():
		s.State, s.OpenLeft, s.Retrial = BreakerOpen, g.cb.RemainingDelay(), g.retrial.Load()
	case g.cb.IsHalfOpen():
		s.State = BreakerHalfOpen
	}
	return s
}

// shortCircuitStage fails a payment at once while the breaker is open, before it takes a
// bulkhead place or a connection; it takes no permit.
func shortCircuitStage(g *breakerGen) stage {
	return stage{name: "breaker:short-circuit", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			if g.open() {
				return rejectedBy(RejectBreaker)
			}
			return next(ctx, p)
		}
	}}
}

// breakerStage takes a permit for the call below and tells the breaker how it went. Placed
// right before the call, only dependency signals reach it. countRejections is the trap: the
// stage sits outermost, and the lab's own rejections below it count as failures.
func breakerStage(g *breakerGen, countRejections bool) stage {
	name := "breaker"
	if countRejections {
		name = "breaker:counts-rejections"
	}
	return stage{name: name, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			perm, ok := g.acquire()
			if !ok {
				return rejectedBy(RejectBreaker)
			}
			p.permit.p.Store(perm)
			r := next(ctx, p)
			perm.record(r, countRejections)
			return r
		}
	}}
}

// callRecord is where a call's breaker permit is kept, so that whichever comes first, the
// call's end or its caller walking away, records it, once. It also says whether the
// dependency answered the call's first try, for the adaptive limit, wherever the call ended.
type callRecord struct {
	p      atomic.Pointer[permit]
	sample atomic.Bool
}

func (c *callRecord) record(r Result) { c.p.Load().record(r, false) }

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

// breakerSettings is the breaker's settings items: off, or its state and numbers.
func breakerSettings(c Config, s *Snapshot, _ int) []Item {
	if !c.Payment.Breaker.Enabled {
		return []Item{{Label: "breaker", Value: "off"}}
	}
	return breakerItems(s.Breaker)
}

// breakerItems label each of the breaker's numbers: its state, the time to the next trial,
// the failure rate against its threshold, the calls counted against the minimum. While open
// they are those of the closed stretch that opened it, or of the trial that failed.
func breakerItems(b BreakerStats) []Item {
	rate := fmt.Sprintf("%.0f%% / threshold %.0f%%", b.FailureRate, b.Threshold)
	calls := fmt.Sprintf("%d / minimum %d", b.Calls, b.MinCalls)
	window := fmt.Sprintf("calls in the last %s", FmtDur(b.Window))
	switch {
	case b.State == "" || b.State == BreakerOff:
		return []Item{{Label: "breaker", Value: "on"}}
	case b.State == BreakerHalfOpen:
		return []Item{{Label: "breaker", Value: "HALF-OPEN: trial calls decide"}, {Label: "trial calls", Value: fmt.Sprintf("%d of %d", b.Calls, b.Trials)}}
	case b.State == BreakerOpen && b.Retrial:
		return []Item{{Label: "breaker", Value: "OPEN again: payments fail at once"}, {Label: "next trial in", Value: FmtSecs(b.OpenLeft)},
			{Label: "the trial failed", Value: fmt.Sprintf("(%d of %d)", b.Failures, b.Calls)},
			{Label: "it opens at", Value: fmt.Sprintf("%.0f%% failed of ≥ %d calls in %s", b.Threshold, b.MinCalls, FmtDur(b.Window))}}
	case b.State == BreakerOpen:
		return []Item{{Label: "breaker", Value: "OPEN: payments fail at once"}, {Label: "next trial in", Value: FmtSecs(b.OpenLeft)},
			{Label: "it opened at failure rate", Value: rate}, {Label: window, Value: calls}}
	}
	return []Item{{Label: "breaker", Value: "closed: calls go through"}, {Label: "failure rate", Value: rate}, {Label: window, Value: calls}}
}

// breakerHealth counts the times the breaker opened, once it has.
func breakerHealth(s *Snapshot, _ int) []Item {
	if s.Breaker.Opened == 0 {
		return nil
	}
	return []Item{{Label: "breaker opened", Value: fmt.Sprintf("%d×", s.Breaker.Opened)}}
}
