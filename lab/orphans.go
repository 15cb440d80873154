package lab

import (
	"context"
	"sync/atomic"
	"time"
)

// OrphanStats counts calls whose caller walked away (caller timeout) while they went on,
// still holding a connection and loading the dependency.
type OrphanStats struct {
	InFlight int64 // orphaned calls still running
	Total    int64 // calls orphaned so far
}

type orphans struct{ inFlight, total atomic.Int64 }

func (o *orphans) stats() OrphanStats {
	return OrphanStats{InFlight: o.inFlight.Load(), Total: o.total.Load()}
}

// task is a call run on another goroutine than the worker that waits for it.
type task struct {
	state   atomic.Int32
	fn      func() result
	release func() // frees the bulkhead place the call holds, whether it runs or is skipped
	res     chan result
	orphans *orphans
}

const (
	taskPending int32 = iota
	taskRunning
	taskDone
	taskAbandoned
)

func newTask(o *orphans, release func(), fn func() result) *task {
	return &task{fn: fn, release: release, res: make(chan result, 1), orphans: o}
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
func (t *task) wait(ctx context.Context, d time.Duration) (result, bool) {
	var expire <-chan time.Time
	if d > 0 {
		timer := time.NewTimer(d)
		defer timer.Stop()
		expire = timer.C
	}
	select {
	case r := <-t.res:
		return r, true
	case <-expire:
	case <-ctx.Done():
	}
	if t.state.CompareAndSwap(taskPending, taskAbandoned) {
		return result{}, false
	}
	t.orphans.inFlight.Add(1) // before the swap, so run's decrement can never come first
	if t.state.CompareAndSwap(taskRunning, taskAbandoned) {
		t.orphans.total.Add(1)
		return result{}, false
	}
	t.orphans.inFlight.Add(-1)
	return <-t.res, true // it finished as the timer fired
}
