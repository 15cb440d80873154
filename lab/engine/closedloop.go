// The closed-loop load: virtual users that each send after the reply to their last request.

package engine

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
)

// closedLoop is the closed-loop load (traffic.mode: closed): Users virtual users, each of
// which sends its next request only after the reply to its previous one, plus its think
// time, and no sooner than its pacing allows: one request per users/rate, as JMeter's
// threads with a constant-throughput timer and wrk's connections are paced. When replies
// are fast the users together send at the target rate. While the dependency stalls, every
// user waits for a reply and nobody sends: the requests that were due never exist, and
// neither do their slow samples. That is coordinated omission, and this load exists to
// show it beside the open-loop generator, which keeps sending.
//
// There is no schedule: a request's arrival is its send, and its latency runs from there.
// The users draw their classes in the proportions of the classes' rates, in a fixed
// interleaving (smooth weighted round robin), so a mix of classes shares the users.
type closedLoop struct {
	users int
	think time.Duration
	end   time.Time // zero: run until stopped
	send  func(c lab.Class, at, due time.Time, expected time.Duration, replied func(at time.Time))
	spawn func(func())
	lag   *hist // how late users sent against their pacing: the load's own health

	mu      sync.Mutex
	rates   [numClasses]float64
	total   float64             // Σ rates: the target rate of the whole load
	weight  [numClasses]float64 // the round robin's running weights
	changed chan struct{}       // closed and replaced when rates change: wakes every user
	since   time.Time           // when the rates in force began
	dueThen float64             // requests due before since

	sent, outstanding, peak atomic.Int64
}

func newClosedLoop(t lab.TrafficConfig, start, end time.Time, send func(lab.Class, time.Time, time.Time, time.Duration, func(time.Time)), spawn func(func())) *closedLoop {
	cl := &closedLoop{users: t.Users, think: t.Think.D(), end: end, send: send, spawn: spawn, lag: newHist(),
		changed: make(chan struct{}), since: start}
	cl.rates = t.Rates()
	cl.total = lab.TotalRate(cl.rates)
	return cl
}

// run starts the users and returns when none will send again: at the end of a bounded
// run (a user waiting for a reply then stops waiting) or when ctx ends.
func (cl *closedLoop) run(ctx context.Context, start time.Time) {
	if !cl.end.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, cl.end)
		defer cancel()
	}
	var wg sync.WaitGroup
	for u := range cl.users {
		wg.Add(1)
		cl.spawn(func() {
			defer wg.Done()
			cl.user(ctx, u, start)
		})
	}
	wg.Wait()
}

// pacing is the gap between two requests of the whole load at the target rate (1 / rate;
// 0: no traffic), the interval the correction assumes (one user's pacing, users × gap, or
// the think time if longer), and the channel that closes when they change.
func (cl *closedLoop) pacing() (gap float64, expected time.Duration, changed <-chan struct{}) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if cl.total > 0 {
		gap = float64(time.Second) / cl.total
		expected = max(time.Duration(math.Round(gap*float64(cl.users))), cl.think)
	}
	return gap, expected, cl.changed
}

// user is one virtual user: wait for the next due time, send, wait for the reply.
//
// Its due times are slots of a grid, anchor + j·gap, j stepping by users: user u starts on
// slot u of the run's grid, so with fast replies the users together send as the open-loop
// uniform schedule does, on the very same instants. A reply that outlasts n whole slots
// (however late: at 1.5 intervals too, where the correction puts back none) keeps the grid:
// the n-th goes at once, timed from when it fell due, and the n − 1 before it are skipped,
// not caught up: exactly those the corrected latency puts back, so with no think time every
// slot due is sent or put back, once (newcomer 23 read 999 corrected beside 900 sent and
// 100 never sent). With think time a reply (plus think) that comes after the next slot
// moves the grid: the next request goes at once. A rate change, even one while a reply is
// out, moves the grid too (repace). Each due time is computed from its anchor, never by
// adding intervals up, so rounding never drifts.
func (cl *closedLoop) user(ctx context.Context, u int, start time.Time) {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	replies := make(chan time.Time, 1)
	replied := func(at time.Time) {
		cl.outstanding.Add(-1)
		select {
		case replies <- at:
		default:
		}
	}
	anchor, j := start, int64(u)
	var last time.Time // the due time of the last send; zero before the first
	// answered is when the last reply came: a slot it outlasted goes late by design, so the
	// generator's lag counts from the reply, not the slot (its own lateness alone).
	var answered time.Time
	var moved time.Time // when the rates changed, until the grid has moved for it; zero: no change
	for {
		gap, expected, changed := cl.pacing()
		if gap == 0 { // no traffic: wait for a rate
			select {
			case <-ctx.Done():
				return
			case <-changed:
				moved = time.Now()
				continue
			}
		}
		if !moved.IsZero() {
			anchor, j = cl.repace(u, start, last, moved, gap)
			moved = time.Time{}
		}
		due := slot(anchor, j, gap)
		if !cl.end.IsZero() && !due.Before(cl.end) {
			return
		}
		timer.Reset(time.Until(due))
		select {
		case <-ctx.Done():
			return
		case <-changed:
			timer.Stop()
			moved = time.Now()
			continue
		case <-timer.C:
		}
		now := time.Now()
		from := due
		if answered.After(due) {
			from = answered
		}
		cl.lag.record(now.Sub(from))
		c := cl.next()
		cl.sent.Add(1)
		raiseMax(&cl.peak, cl.outstanding.Add(1))
		cl.send(c, now, due, expected, replied)
		last = due
		select {
		case <-ctx.Done(): // stopped, or the run ended: nothing more will be sent
			return
		case answered = <-replies:
		}
		ready := answered.Add(cl.think)
		select {
		case <-changed: // while the reply was out: its grid is the old rate's
			moved = ready
			continue
		default:
		}
		if v, every, _ := correction(answered.Sub(due), expected); v >= every && cl.think == 0 {
			j += v / every * int64(cl.users) // the slots put back skipped, the last one outlasted late
			continue
		}
		j += int64(cl.users)
		if ready.After(slot(anchor, j, gap)) {
			anchor, j = ready, 0
		}
	}
}

// repace is user u's grid after the rates changed at moved (or, for one whose reply was out
// then, when it could next send): at the new rate gap from its last send, or from the
// run's start if it has not sent; but from moved if that slot is already past, since a send
// for a slot long gone would have the correction put back a stall that never was (a grid
// kept from the run's start through a change sent one far in the past).
func (cl *closedLoop) repace(u int, start, last, moved time.Time, gap float64) (anchor time.Time, j int64) {
	anchor, j = start, int64(u)
	if !last.IsZero() {
		anchor, j = last, int64(cl.users)
	}
	if slot(anchor, j, gap).Before(moved) {
		// Its place among the users on the new grid, as at the run's start: at slot 0 every
		// user that had sent went at once, in bursts of the users (the review: 8 users
		// together every 80 ms after 100→0→100/s).
		anchor, j = moved, int64(u)
	}
	return anchor, j
}

// slot is the j-th due time of a grid of gap from anchor.
func slot(anchor time.Time, j int64, gap float64) time.Time {
	return anchor.Add(time.Duration(math.Round(float64(j) * gap)))
}

// next is the class of the next request: smooth weighted round robin over the rates, so
// every class gets its share, evenly spread.
func (cl *closedLoop) next() lab.Class {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	best := -1
	for c, r := range cl.rates {
		if r <= 0 {
			continue
		}
		cl.weight[c] += r
		if best < 0 || cl.weight[c] > cl.weight[best] {
			best = c
		}
	}
	cl.weight[best] -= cl.total
	return lab.Class(best)
}

// setRates takes effect at once: every user paces its next request at the new rate.
func (cl *closedLoop) setRates(from, to [numClasses]float64) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	now := time.Now()
	cl.dueThen += cl.total * cl.window(now).Seconds()
	cl.since = now
	changeRates(&cl.rates, from, to)
	cl.total, cl.weight = lab.TotalRate(cl.rates), [numClasses]float64{}
	close(cl.changed)
	cl.changed = make(chan struct{})
}

// window is how long the rates in force have applied by now, the end of a bounded run at
// most. cl.mu is held.
func (cl *closedLoop) window(now time.Time) time.Duration {
	if !cl.end.IsZero() && now.After(cl.end) {
		now = cl.end
	}
	return max(now.Sub(cl.since), 0)
}

func (cl *closedLoop) lateness() lab.Percentiles { return cl.lag.summary() }

func (cl *closedLoop) current() [numClasses]float64 {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.rates
}

func (cl *closedLoop) stats() *lab.ClosedLoopStats {
	gap, expected, _ := cl.pacing()
	cl.mu.Lock()
	now := time.Now()
	due := dueSlots(cl.dueThen+cl.total*cl.window(now).Seconds(), !cl.end.IsZero() && !now.Before(cl.end))
	rate := cl.total
	cl.mu.Unlock()
	return &lab.ClosedLoopStats{Users: cl.users, Think: cl.think, Rate: rate, Interval: time.Duration(math.Round(gap * float64(cl.users))),
		Expected: expected, Due: due, Sent: cl.sent.Load(), Outstanding: cl.outstanding.Load(),
		PeakOutstanding: cl.peak.Load()}
}

// dueSlots counts the grid's slots due by now, given x = rate × time since the start (each
// rate over its own stretch). The grid's first slot is the start itself, so before the
// run's end the slots at 0, 1/rate, … up to now are ⌊x⌋+1 (the "+1" is the request due at
// 0 s: counting only ⌊x⌋ put the due count one short of the corrected latency's count);
// at a bounded run's end, whose own instant is not due (a user sends only before it), ⌈x⌉.
func dueSlots(x float64, ended bool) int64 {
	switch {
	case x <= 0:
		return 0
	case ended:
		return int64(math.Ceil(x - 1e-9))
	}
	return int64(math.Floor(x+1e-9)) + 1
}
