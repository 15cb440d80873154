// The hand-off: running the rest of a payment off its worker (a goroutine, or a bulkhead
// thread), the task it runs as, and the orphans a caller that walks away leaves.

package lab

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"
)

// executor runs a handed-off task somewhere other than the worker; false: no room for it.
type executor struct {
	name  string // "thread" or "goroutine"
	phase Phase  // what the worker is doing while it waits for the task
	run   func(t *task) bool
}

// goroutineExecutor runs each task on a goroutine of its own, as an unbounded executor would.
func goroutineExecutor(spawn func(func())) executor {
	return executor{name: "goroutine", phase: PhaseCall, run: func(t *task) bool { spawn(t.run); return true }}
}

// handoffStage runs the rest of the chain off the worker, on ex, while the worker waits for
// it up to the passage's patience (a caller timeout) and may walk away. What the payment
// holds goes with the call and is released when the call ends, even when nobody waits for
// it any more. Walking away is a timeout; the breaker hears of it at once if the call had
// its permit (one still waiting for a thread or a connection is no signal about the
// dependency).
func handoffStage(o *orphans, ex executor) stage {
	waits := ex.phase
	if waits == PhaseCall {
		waits = PhaseIdle // from the worker's side it is in the call: no wait of its own
	}
	return stage{name: "handoff:" + ex.name, waits: waits, leaves: true, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			off := &passage{permit: p.permit, deadline: p.deadline} // no worker: it runs off the pool
			held := passage{releases: p.releases}
			p.releases = nil
			t := newTask(o, held.settle, func() Result {
				r := next(ctx, off)
				off.settle()
				return r
			})
			if !ex.run(t) {
				t.release()
				return rejectedBy(RejectBulkhead)
			}
			p.phase(ex.phase)
			r, walked := t.wait(ctx, p.patience)
			if walked {
				p.permit.record(r)
			}
			return r
		}
	}}
}

// OrphanStats counts calls whose caller walked away (caller timeout) while they went on,
// still holding a connection and loading the dependency.
type OrphanStats struct {
	InFlight int64 // orphaned calls still running
	Total    int64 // calls orphaned so far
}

// add adds one replica's orphans to the fleet's.
func (a OrphanStats) add(b OrphanStats) OrphanStats {
	a.InFlight += b.InFlight
	a.Total += b.Total
	return a
}

type orphans struct{ inFlight, total atomic.Int64 }

func (o *orphans) stats() OrphanStats {
	return OrphanStats{InFlight: o.inFlight.Load(), Total: o.total.Load()}
}

// task is a call run on another goroutine than the worker that waits for it.
type task struct {
	state   atomic.Int32
	fn      func() Result
	release func() // frees the bulkhead place the call holds, whether it runs or is skipped
	res     chan Result
	orphans *orphans
}

const (
	taskPending int32 = iota
	taskRunning
	taskDone
	taskAbandoned
)

func newTask(o *orphans, release func(), fn func() Result) *task {
	return &task{fn: fn, release: release, res: make(chan Result, 1), orphans: o}
}

// run executes the call unless its caller left before it started.
func (t *task) run() {
	defer t.release()
	if !t.state.CompareAndSwap(taskPending, taskRunning) {
		return // abandoned while queued: nobody wants it, so it never reaches the dependency
	}
	r := t.fn()
	if t.state.CompareAndSwap(taskRunning, taskDone) {
		t.res <- r
		return
	}
	t.orphans.inFlight.Add(-1)
}

// wait returns the call's result, or walks away after d (0: only when ctx ends).
// A call left running is counted as orphaned work.
// The second result says the worker walked away; the first is then what that means: a
// timeout, or, for a call still waiting to start when its deadline passed, a deadline
// rejection.
func (t *task) wait(ctx context.Context, d time.Duration) (Result, bool) {
	var expire <-chan time.Time
	if d > 0 {
		timer := time.NewTimer(d)
		defer timer.Stop()
		expire = timer.C
	}
	select {
	case r := <-t.res:
		return r, false
	case <-expire:
	case <-ctx.Done():
	}
	if t.state.CompareAndSwap(taskPending, taskAbandoned) {
		return waitFailed(ctx, Result{Out: TimedOut}), true
	}
	t.orphans.inFlight.Add(1) // before the swap, so run's decrement can never come first
	if t.state.CompareAndSwap(taskRunning, taskAbandoned) {
		t.orphans.total.Add(1)
		return Result{Out: TimedOut}, true
	}
	t.orphans.inFlight.Add(-1)
	return <-t.res, false // it finished as the timer fired
}

// orphanHealth counts the calls left running by a worker that walked away, once there are any.
func orphanHealth(s *Snapshot, _ int) []Item {
	if s.Orphans.Total == 0 {
		return nil
	}
	return []Item{{Label: "orphaned calls", Value: fmt.Sprintf("%d running (%s so far)", s.Orphans.InFlight, FmtCount(s.Orphans.Total))}}
}
