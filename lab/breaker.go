package lab

import (
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
	Calls       uint          // calls recorded over the window
	Opened      int64         // times it has opened
}

// breaker wraps failsafe-go's circuit breaker, driven by hand (TryAcquirePermit, Record*),
// so the lab decides what counts as a failure. Like a failsafe policy it cannot be changed
// in place: a new configuration builds a new breaker, which starts closed.
type breaker struct {
	cur    atomic.Pointer[breakerGen]
	opened atomic.Int64
}

type breakerGen struct {
	cb  circuitbreaker.CircuitBreaker[any]
	cfg BreakerConfig
}

func (b *breaker) configure(c BreakerConfig) {
	if g := b.cur.Load(); g != nil && g.cfg == c {
		return
	}
	if !c.Enabled {
		b.cur.Store(&breakerGen{cfg: c})
		return
	}
	cb := circuitbreaker.NewBuilder[any]().
		WithFailureRateThreshold(c.FailureRate/100, uint(c.MinCalls), c.Window.D()).
		WithDelay(c.OpenFor.D()).
		WithSuccessThreshold(uint(c.HalfOpenCalls)).
		OnOpen(func(circuitbreaker.StateChangedEvent) { b.opened.Add(1) }).
		Build()
	b.cur.Store(&breakerGen{cb: cb, cfg: c})
}

// get returns the breaker in force, or nil when it is off.
func (b *breaker) get() circuitbreaker.CircuitBreaker[any] { return b.cur.Load().cb }

// record tells the breaker how a permitted call went. Only signals about the dependency are
// failures: timeouts, 5xx, 429 and refused connections; with countRejections, also the lab's
// own bulkhead and connection-pool rejections (the trap the article warns about).
func record(cb circuitbreaker.CircuitBreaker[any], r result, countRejections bool) {
	if r.out == TimedOut || r.depFailure || (r.rejected && countRejections) {
		cb.RecordFailure()
		return
	}
	cb.RecordSuccess()
}

func (b *breaker) stats() BreakerStats {
	cb := b.get()
	if cb == nil {
		return BreakerStats{State: BreakerOff, Opened: b.opened.Load()}
	}
	s := BreakerStats{State: BreakerClosed, FailureRate: cb.Metrics().FailureRate() * 100,
		Calls: cb.Metrics().Executions(), Opened: b.opened.Load()}
	switch {
	case cb.IsOpen():
		s.State, s.OpenLeft = BreakerOpen, cb.RemainingDelay()
	case cb.IsHalfOpen():
		s.State = BreakerHalfOpen
	}
	return s
}
