// Impatient users: a request still unanswered after resubmit_after is sent once more.

package engine

import (
	"container/heap"
	"context"
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
)

// resubmitter is the impatient users (traffic.<class>.resubmit_after): a user whose request
// is still unanswered that long after it was sent sends it once more. The second request
// is a duplicate: an arrival like any other (the server receives it, and it balances the
// same way), counted apart as well. A user resubmits once; a duplicate is not resubmitted.
type resubmitter struct {
	end  time.Time                             // a bounded run sends nothing from here on; zero: until Stop
	emit func(c lab.Class, intended time.Time) // where a second try goes

	mu      sync.Mutex
	pending pendingHeap
	wake    chan struct{} // cap 1: a request due sooner than the one slept on
}

// newResubmitter watches the requests of a run ending at end (zero: at Stop); emit is set
// before run starts.
func newResubmitter(end time.Time) *resubmitter {
	return &resubmitter{end: end, wake: make(chan struct{}, 1)}
}

// pendingRequest is a request whose user will send it again at due unless it is answered.
type pendingRequest struct {
	class    lab.Class
	due      time.Time
	answered *atomic.Bool
}

// watch starts the clock on a request of class c sent at intended; its job sets the flag
// it returns when it is answered (served or turned away). nil: this user never resubmits.
func (r *resubmitter) watch(c lab.Class, intended time.Time, after time.Duration) *atomic.Bool {
	due := intended.Add(after)
	if after <= 0 || (!r.end.IsZero() && !due.Before(r.end)) {
		return nil
	}
	p := pendingRequest{class: c, due: due, answered: new(atomic.Bool)}
	r.mu.Lock()
	heap.Push(&r.pending, p)
	first := r.pending[0].answered == p.answered
	r.mu.Unlock()
	if first {
		select {
		case r.wake <- struct{}{}:
		default:
		}
	}
	return p.answered
}

// run sends each duplicate when it is due, until ctx ends.
func (r *resubmitter) run(ctx context.Context) {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		r.mu.Lock()
		var due []pendingRequest
		now := time.Now()
		for len(r.pending) > 0 && !r.pending[0].due.After(now) {
			due = append(due, heap.Pop(&r.pending).(pendingRequest))
		}
		sleep := time.Hour
		if len(r.pending) > 0 {
			sleep = time.Until(r.pending[0].due)
		}
		r.mu.Unlock()
		for _, p := range due {
			if !p.answered.Load() {
				r.emit(p.class, p.due)
			}
		}
		timer.Reset(sleep)
		select {
		case <-ctx.Done():
			return
		case <-r.wake:
		case <-timer.C:
		}
	}
}

// pendingHeap orders pending requests by when they are due, soonest first.
type pendingHeap []pendingRequest

func (h pendingHeap) Len() int           { return len(h) }
func (h pendingHeap) Less(i, j int) bool { return h[i].due.Before(h[j].due) }
func (h pendingHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *pendingHeap) Push(x any)        { *h = append(*h, x.(pendingRequest)) }
func (h *pendingHeap) Pop() any {
	old := *h
	p := old[len(old)-1]
	*h = old[:len(old)-1]
	return p
}
