// The lifecycle a lab and a fleet share, and each replica of a fleet has too: the run's
// clock, the goroutines it owns and the context that ends them, the config in force behind
// the apply gate, the end of a bounded run, and Stop.

package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
)

// span is a run's clock: when it began, when a bounded run ends, and what its last sample
// waits for. A lab of its own has its own; a fleet's replicas have the fleet's.
type span struct {
	start time.Time
	end   time.Time       // zero: it runs until Stop
	sent  <-chan struct{} // closed when the load has sent everything due (a late one may still owe arrivals)
}

// newSpan starts a run's clock now: it ends after until (0: at Stop); sent closes when its
// load has sent everything due.
func newSpan(until time.Duration, sent <-chan struct{}) span {
	s := span{start: time.Now(), sent: sent}
	if until > 0 {
		s.end = s.start.Add(until)
	}
	return s
}

// lifecycle is what starts, changes and stops with a running lab, a fleet, or a replica.
type lifecycle struct {
	owner
	span
	ctx      context.Context
	cancel   context.CancelFunc
	ended    chan struct{} // closed when the sampler has taken the last sample of a bounded run
	cfg      atomic.Pointer[lab.Config]
	gate     applyGate
	stopOnce sync.Once
}

// begin starts the lifecycle on cfg and s; a panic in an owned goroutine goes to onPanic.
func (lc *lifecycle) begin(cfg lab.Config, s span, onPanic func(error)) {
	lc.span, lc.onPanic, lc.ended = s, onPanic, make(chan struct{})
	lc.cfg.Store(&cfg)
	lc.ctx, lc.cancel = context.WithCancel(context.Background())
}

func (lc *lifecycle) config() *lab.Config { return lc.cfg.Load() }

func (lc *lifecycle) done() <-chan struct{} { return lc.ended }

// record samples each whole second k from the start and counts what happened in it
// (everySecond), and at the end of a bounded run, after which ended closes, until Stop.
func (lc *lifecycle) record(sample func(k int) lab.Second, count func(lab.Second, time.Time)) {
	if !lc.end.IsZero() {
		defer close(lc.ended)
	}
	everySecond(lc.ctx, lc.start, lc.end, lc.sent, sample, count)
}

// stop, once: lets no Apply start, cancels the context, waits for every owned goroutine,
// then does what is left (closing the connections or the dependency).
func (lc *lifecycle) stop(then func()) {
	lc.stopOnce.Do(func() {
		lc.gate.stop()
		lc.cancel()
		lc.wg.Wait()
		then()
	})
}
