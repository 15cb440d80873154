package lab

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"time"
)

// deadlineStage gives a payment one budget, counted from its scheduled arrival: the time
// it waited for a worker is already spent, whatever waits below happen within what is
// left, and the call gets the remainder as its context deadline. Past it before anything
// began: rejected at once. The deadline ends with the call (not with this stage), so a call
// its worker walked away from keeps it.
func deadlineStage(d time.Duration) stage {
	return stage{name: "deadline", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) result {
			at := p.intended.Add(d)
			if !time.Now().Before(at) {
				return rejectedBy(RejectDeadline) // spent waiting for a worker
			}
			ctx, cancel := context.WithDeadline(ctx, at)
			p.hold(cancel)
			p.deadline = at
			return next(ctx, p)
		}
	}}
}

// enoughLeftStage does not start a call that cannot finish: with less of the deadline left
// than the dependency's recent typical latency, or than floor (what a chain of hops keeps
// back before its last hop is called), the payment fails fast, and the dependency is not
// spent on a call cut off at the deadline.
func enoughLeftStage(typical *typicalLatency, floor time.Duration) stage {
	return stage{name: "deadline:enough-left", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) result {
			if at, ok := ctx.Deadline(); ok && time.Until(at) < max(typical.get(), floor) {
				return rejectedBy(RejectDeadline)
			}
			return next(ctx, p)
		}
	}}
}

// waitFailed is what a wait that ended without its place means: the payment's deadline
// passed while it waited; or else, otherwise (no permit, no connection, the caller left).
func waitFailed(ctx context.Context, otherwise result) result {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return rejectedBy(RejectDeadline)
	}
	return otherwise
}

// typicalLatency is the dependency's recent typical answer time: an exponentially weighted
// mean of the calls that succeeded, each weighing 1/8 (the last dozen or so count).
type typicalLatency struct{ bits atomic.Uint64 } // a float64 of nanoseconds; 0: no call yet

func (t *typicalLatency) get() time.Duration {
	return time.Duration(math.Float64frombits(t.bits.Load()))
}

func (t *typicalLatency) observe(d time.Duration) {
	for {
		old := t.bits.Load()
		v := math.Float64frombits(old)
		next := float64(d)
		if old != 0 {
			next = v + (float64(d)-v)/8
		}
		if t.bits.CompareAndSwap(old, math.Float64bits(next)) {
			return
		}
	}
}
