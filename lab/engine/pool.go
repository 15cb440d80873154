// The shared worker pool: its workers, its accept queue (bounded or unbounded, in the order
// its discipline's rule says, each request waiting at most the limit the rule gives it),
// and the handle a request holds on its worker.

package engine

import (
	"container/heap"
	"context"
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
)

// job is one request on its way through the pool.
type job struct {
	class     lab.Class
	intended  time.Time    // when the generator was due to send it: latency is measured from here
	sent      time.Time    // when it was handed to the pool (intended + the generator's lag)
	answered  *atomic.Bool // set when it is answered, so its user does not send it again; nil: never will
	duplicate bool         // an impatient user's second try
	arrival   int64        // its class's arrival number in the schedule, from 1; 0: none (a duplicate, a closed-loop send)
	// Closed loop only: the slot of its user's pacing it was sent for and the interval of
	// that pacing, for the corrected latency (from the slot: a user's own lateness in
	// sending it is part of what the correction puts back), and what tells the user it
	// was answered or turned away (called once, after the books).
	due      time.Time
	expected time.Duration
	replied  func(at time.Time)
	// handoff is where a request waiting as a goroutine of its own (pool.queue: unbounded) is
	// given the worker that frees for it; nil: a worker takes the job from the queue itself.
	handoff chan *workerHandle
	probe   *probe    // a health check: the balancer's verdict, decided once
	queued  time.Time // when it joined the queue; zero: a worker took it at once
	expires time.Time // queued: when it is turned away if no worker took it; zero: never
	// expiresFor is why it is turned away then: the rule's in force when it was queued
	// (a discipline changed while it waits leaves it its limit, and the reason with it).
	expiresFor lab.Reason
}

// done says j has its answer (or was turned away) at at: its user's resubmit clock stops,
// and a closed-loop user may send its next request, paced from at.
func (j job) done(at time.Time) {
	if j.answered != nil {
		j.answered.Store(true)
	}
	if j.replied != nil {
		j.replied(at)
	}
}

// runFunc serves one job on worker w, calling w.counting() once before it counts j ended;
// pool.work frees the worker after it returns.
type runFunc func(ctx context.Context, j job, w *workerHandle)

// workerHandle is the handle a request holds on its pool worker while it is served: it travels
// down the payment chain, and each stage says through it what the worker is doing. A nil
// worker is a call running off the pool (on a bulkhead thread, or orphaned), so there is
// no cell to colour.
type workerHandle struct {
	p    *pool
	slot int
}

// counting says w's request is about to be counted ended: a move (transit) until pool.work
// frees the worker. The pool's run (instance.serve) calls it once a job,
// whatever the outcome, so pool.work ends the move after every run without a flag of its own.
func (w *workerHandle) counting() {
	if w == nil {
		return
	}
	w.p.moves.begin()
}

// SetPhase records what the worker is doing now.
func (w *workerHandle) SetPhase(ph lab.Phase) {
	if w == nil {
		return
	}
	w.p.mu.Lock()
	w.p.workers[w.slot].Phase = ph
	w.p.mu.Unlock()
}

// pool is the shared worker pool: Size slots, an accept queue in its discipline's order.
// A worker is a slot index held by a goroutine; the goroutine takes the next queued job
// itself when it finishes, as a thread-pool worker would. With an unbounded queue it is a
// Go server instead: each waiting request is a goroutine blocked on the pool, and a worker
// that frees hands its slot to the next one and ends (while the queue stands no job could
// come to it; the request's goroutine parks after its job in its place).
type pool struct {
	ctx   context.Context
	run   runFunc
	spawn func(func()) // starts an owned goroutine (Lab.spawn)
	// expired turns away a queued request that outwaited its limit, for why (the rule's
	// reason); called without p.mu held.
	expired func(j job, why lab.Reason)

	mu         sync.Mutex
	size       int
	base       int // pool.workers: where an autoscaling pool starts, and the least it shrinks to
	queueCap   int
	unbounded  bool
	discipline lab.Discipline
	rule       lab.QueueRule // the discipline at work: which request a freed worker takes, how long one may wait
	standing   time.Time     // when the queue last went from empty to holding a request; zero while empty
	nextExpiry time.Time     // the earliest a queued request is turned away; zero: none is due
	expiring   bool          // the goroutine that turns them away is running
	kick       chan struct{} // tells it of an earlier expiry
	auto       lab.AutoscaleConfig
	scaling    bool // an autoscaler goroutine is running
	minFree    int  // the fewest free workers since the autoscaler last looked
	peakSize   int
	workers    []lab.Worker
	since      []time.Time // beside workers: when each busy one's request took it
	free       slotHeap    // free slots below size, lowest first, so busy cells stay together on screen
	queue      []job
	busy       int
	busyBy     [numClasses]int
	held       [numClasses]time.Duration // worker-time held per class, up to heldAt
	heldAt     time.Time
	queuedBy   [numClasses]int
	peakBusy   int
	peakQueued int
	// longestQueued is the longest a request a worker took had waited in the queue: what a
	// discipline's limit bounds, taken at the instant the limit was checked (dequeue).
	longestQueued time.Duration
	fullSince     time.Time // zero while a worker is free
	fullFor       time.Duration
	fullSpells    int64
	firstFull     time.Time   // when the pool first had no free worker; zero until then
	idle          []*parked   // worker goroutines between jobs, the latest last
	totals        *poolTotals // a fleet's replica: the fleet-wide busy, queued and full, kept at the event
	// moves are the pool's moves between the counters and it (the fleet's, for a replica),
	// so that a snapshot reads both as at one instant (cut)
	moves *transit
}

// idleFor is how long a worker's goroutine waits between jobs before it ends. Kept, it takes
// the next job with its stack already grown and nothing to start, as a pool thread does:
// starting a goroutine per request and growing its stack through the HTTP client again
// cost a tenth of the lab's CPU at 5,000 requests a second.
const idleFor = time.Second

// parked is a worker's goroutine waiting for its next job: at is its place in pool.idle.
type parked struct {
	next chan assignment // buffered: an assignment never blocks the pool
	at   int
}

// assignment is a job and the worker it is to run on.
type assignment struct {
	w *workerHandle
	j job
}

// after is what a worker's goroutine does once its job is done.
type after uint8

const (
	runNext after = iota // the queue gave it the next job
	wait                 // nothing queued: wait, parked, for the next job
	end                  // the slot is gone (the pool shrank, the lab stops, a request waiting as its own goroutine took it): end
)

// newPool is a pool of c serving each job with run, turning away with expired those that
// outwait their discipline's limit; totals, for a fleet's replica, are the fleet-wide ones it
// adds to (nil: a lab of its own).
func newPool(ctx context.Context, spawn func(func()), c lab.PoolConfig, run runFunc, expired func(job, lab.Reason), totals *poolTotals) *pool {
	p := &pool{ctx: ctx, spawn: spawn, run: run, expired: expired, totals: totals, moves: totals.transit(), kick: make(chan struct{}, 1)}
	if p.moves == nil { // a lab of its own: its own moves
		p.moves = new(transit)
	}
	p.resize(c)
	return p
}

// submit hands j to a free worker, queues it, or reports false: rejected for lack of a worker.
// It never blocks, so the open-loop generator stays on schedule.
func (p *pool) submit(j job) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.free.Len() > 0 {
		p.start(j)
		return true
	}
	if !p.unbounded && len(p.queue) >= p.queueCap {
		return false
	}
	now := time.Now()
	j.queued = now
	if limit := p.rule.Limit(p.standingFor(now)); limit > 0 {
		j.expires, j.expiresFor = now.Add(limit), p.rule.Expired()
		p.due(j.expires)
	}
	if p.unbounded { // j is complete: its goroutine reads a copy
		j.handoff = make(chan *workerHandle, 1)
		p.spawn(func() { p.await(j) })
	}
	if len(p.queue) == 0 {
		p.standing = now
	}
	p.queue = append(p.queue, j)
	p.totals.add(0, 1, 0)
	p.queuedBy[j.class]++
	p.peakQueued = max(p.peakQueued, len(p.queue))
	return true
}

// await is a request waiting as its own goroutine for a worker, then served on it.
func (p *pool) await(j job) {
	select {
	case w := <-j.handoff:
		if w == nil {
			return // turned away: it waited past its limit
		}
		p.work(w, j)
	case <-p.ctx.Done():
		select {
		case w := <-j.handoff: // handed a worker as the lab stopped (nil: turned away): give it back
			if w != nil {
				p.next(w.slot, nil)
			}
		default:
		}
	}
}

// scheduled is when j was scheduled to arrive, where the schedule has it (not a duplicate, whose
// first try was, nor a closed loop's send); zero otherwise.
func (j job) scheduled() time.Time {
	if j.arrival == 0 {
		return time.Time{}
	}
	return j.intended
}

// start gives j the lowest free slot. Called with p.mu held.
func (p *pool) start(j job) { p.assign(heap.Pop(&p.free).(int), j) }

// assign gives j the slot: to its own waiting goroutine, to a worker goroutine waiting
// between jobs, or to a new one. Called with p.mu held.
func (p *pool) assign(slot int, j job) {
	p.take(slot, j.class, j.scheduled())
	w := &workerHandle{p: p, slot: slot}
	switch {
	case j.handoff != nil:
		j.handoff <- w // buffered: never blocks
	case len(p.idle) > 0:
		g := p.idle[len(p.idle)-1]
		p.idle = p.idle[:len(p.idle)-1]
		g.at = -1
		g.next <- assignment{w, j}
	default:
		p.spawn(func() { p.work(w, j) })
	}
}

// work serves j on w, then whatever the queue hands this worker next; with nothing queued
// it waits, parked, for its next job, and ends after idleFor without one.
func (p *pool) work(w *workerHandle, j job) {
	g := &parked{next: make(chan assignment, 1), at: -1}
	var idle *time.Timer
	defer func() {
		if idle != nil {
			idle.Stop()
		}
	}()
	for {
		p.run(p.ctx, j, w)
		var a after
		j, a = p.next(w.slot, g)
		p.moves.end() // begun as run counted j ended (counting)
		switch a {
		case runNext:
			continue
		case end:
			return
		}
		if idle == nil {
			idle = time.NewTimer(idleFor)
		} else {
			idle.Reset(idleFor)
		}
		select {
		case as := <-g.next:
			w, j = as.w, as.j
			continue
		case <-idle.C:
		case <-p.ctx.Done():
		}
		if p.unpark(g) {
			return
		}
		as := <-g.next // assigned as the wait ended: take it
		w, j = as.w, as.j
	}
}

// unpark takes g off the idle list, or reports false when a job was already given to it.
func (p *pool) unpark(g *parked) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g.at < 0 {
		return false
	}
	last := p.idle[len(p.idle)-1]
	p.idle[g.at], last.at = last, g.at
	p.idle = p.idle[:len(p.idle)-1]
	g.at = -1
	return true
}

func (p *pool) take(slot int, c lab.Class, due time.Time) {
	now := time.Now()
	p.accrue(now)
	p.workers[slot] = lab.Worker{Class: c, Phase: lab.PhaseWork}
	p.since[slot] = now
	p.busy++
	p.busyBy[c]++
	p.peakBusy = max(p.peakBusy, p.busy)
	p.minFree = min(p.minFree, p.free.Len())
	p.totals.add(1, 0, 0)
	p.full(due)
}

// accrue adds the worker-time each class held since the last change, before busyBy changes
// (or is read). Called with p.mu held.
func (p *pool) accrue(now time.Time) {
	if !p.heldAt.IsZero() {
		dt := now.Sub(p.heldAt)
		for c, n := range p.busyBy {
			p.held[c] += time.Duration(n) * dt
		}
	}
	p.heldAt = now
}

// full marks the pool full from now, if it just became so. Called with p.mu held. The first
// time is at due, the scheduled arrival of the request that took the last worker, where
// there is one: two labs on one schedule then fill at the same time, not a few
// milliseconds of lag apart (newcomer 23: "first full at 1.7s" beside "1.6s").
func (p *pool) full(due time.Time) {
	if p.free.Len() == 0 && p.fullSince.IsZero() {
		p.fullSince = time.Now()
		p.fullSpells++
		if p.firstFull.IsZero() {
			p.firstFull = p.fullSince
			if !due.IsZero() {
				p.firstFull = due
			}
		}
		p.totals.add(0, 0, 1)
	}
}

// next frees slot and, if work is queued and the slot is still part of the pool, returns
// the next job for the same worker; a job waiting as its own goroutine is handed the slot
// instead, and the worker ends. With nothing queued (the slot free), g, the worker's
// goroutine, is parked to wait for its next job (nil: it ends).
func (p *pool) next(slot int, g *parked) (job, after) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	p.accrue(now)
	p.busy--
	p.totals.add(-1, 0, 0)
	p.busyBy[p.workers[slot].Class]--
	p.workers[slot] = lab.Worker{}
	if slot >= p.size || p.ctx.Err() != nil {
		p.trim()
		return job{}, end
	}
	p.dropLate(now)
	if len(p.queue) > 0 {
		j := p.dequeue(now)
		if j.handoff == nil {
			p.take(slot, j.class, j.scheduled())
			return j, runNext
		}
		p.assign(slot, j)
		return job{}, end // parked, it would wake a second later for nothing: the queue stands
	}
	heap.Push(&p.free, slot)
	p.notFull()
	if g == nil {
		return job{}, end
	}
	g.at = len(p.idle)
	p.idle = append(p.idle, g)
	return job{}, wait
}

// freeNow is how many workers are free now.
func (p *pool) freeNow() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.free.Len()
}

// dequeue takes the request the rule says a freed worker takes at now: the newest, or the
// oldest. now is the instant dropLate checked the limits at, so no wait it records is past
// one. Called with p.mu held.
func (p *pool) dequeue(now time.Time) job {
	var j job
	if p.rule.Newest(p.standingFor(now)) {
		j = p.queue[len(p.queue)-1]
		p.queue = p.queue[:len(p.queue)-1]
	} else {
		j = p.queue[0]
		p.queue[0] = job{}
		p.queue = p.queue[1:]
	}
	p.left(j)
	p.longestQueued = max(p.longestQueued, now.Sub(j.queued))
	return j
}

// left counts j out of the queue. Called with p.mu held.
func (p *pool) left(j job) {
	p.queuedBy[j.class]--
	p.totals.add(0, -1, 0)
	if len(p.queue) == 0 {
		p.standing = time.Time{}
	}
}

// standingFor is how long the queue has held requests without a break, at now (0: empty).
// Called with p.mu held.
func (p *pool) standingFor(now time.Time) time.Duration {
	if p.standing.IsZero() {
		return 0
	}
	return now.Sub(p.standing)
}

// due makes sure the queue's waits are watched to at: the goroutine that turns away whoever
// outwaits its limit runs, and wakes by then. Called with p.mu held.
func (p *pool) due(at time.Time) {
	if !p.expiring {
		p.expiring = true
		p.spawn(p.expire)
	}
	if p.nextExpiry.IsZero() || at.Before(p.nextExpiry) {
		p.nextExpiry = at
		select {
		case p.kick <- struct{}{}:
		default: // it is told already
		}
	}
}

// expire turns away each queued request at its limit, promptly, not only when a worker
// frees: it wakes at the earliest limit due, takes every request past its own out of the
// queue, and waits for the next.
func (p *pool) expire() {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		p.mu.Lock()
		gone, next := p.takeExpired(time.Now())
		p.mu.Unlock()
		p.sendAway(gone)
		wait := time.Hour
		if !next.IsZero() {
			wait = time.Until(next)
		}
		timer.Reset(wait)
		select {
		case <-p.ctx.Done():
			return
		case <-timer.C:
		case <-p.kick:
		}
	}
}

// dropLate turns away, before a worker takes from the queue at now, each request past its
// limit that the watcher, late on a busy machine, has not yet: no request is served after
// its limit. Called with p.mu held.
func (p *pool) dropLate(now time.Time) {
	if !p.nextExpiry.IsZero() && !now.Before(p.nextExpiry) {
		if gone, _ := p.takeExpired(now); len(gone) > 0 {
			p.spawn(func() { p.sendAway(gone) })
		}
	}
}

// sendAway hands gone, taken out of the queue, to be turned away, each for the reason its
// limit came with (expired: the instance's turnAway).
func (p *pool) sendAway(gone []job) {
	for _, j := range gone {
		if j.handoff != nil {
			j.handoff <- nil // buffered: its goroutine ends
		}
		p.expired(j, j.expiresFor)
		p.moves.end() // begun as it left the queue (takeExpired)
	}
}

// takeExpired takes out of the queue every request whose limit is past at now, and says when
// the next one's is due (zero: none). Called with p.mu held.
func (p *pool) takeExpired(now time.Time) (gone []job, next time.Time) {
	kept := p.queue[:0]
	for _, j := range p.queue {
		switch {
		case !j.expires.IsZero() && !now.Before(j.expires):
			gone = append(gone, j)
		case !j.expires.IsZero() && (next.IsZero() || j.expires.Before(next)):
			next = j.expires
			fallthrough
		default:
			kept = append(kept, j)
		}
	}
	clear(p.queue[len(kept):])
	p.queue = kept
	for _, j := range gone {
		p.left(j)
		p.moves.begin() // out of the queue, not yet counted turned away (sendAway)
	}
	p.nextExpiry = next
	return gone, next
}

func (p *pool) notFull() {
	if !p.fullSince.IsZero() {
		p.fullFor += time.Since(p.fullSince)
		p.fullSince = time.Time{}
		p.totals.add(0, 0, -1)
	}
}

// resize applies new settings to new work at once. Queued jobs beyond a shorter queue stay
// queued (they were accepted); busy workers beyond a smaller size finish and then retire.
// An autoscaling pool keeps the size it has grown to, within its new bounds.
func (p *pool) resize(c lab.PoolConfig) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.base, p.queueCap, p.unbounded, p.discipline, p.auto = c.Workers, int(c.Queue), c.Queue.Unbounded(), c.Discipline, c.Autoscale
	p.rule = c.Rule()
	size := c.Workers
	if c.Autoscale.Max > 0 && p.size > 0 {
		size = min(max(p.size, c.Workers), c.Autoscale.Max)
	}
	p.setSize(size)
	if c.Autoscale.Max > 0 && !p.scaling {
		p.scaling = true
		p.spawn(p.autoscale)
	}
}

// setSize makes the pool n workers: new free slots take queued work at once. Called with p.mu held.
func (p *pool) setSize(n int) {
	p.size = n
	p.peakSize = max(p.peakSize, n)
	for len(p.workers) < p.size {
		p.workers = append(p.workers, lab.Worker{})
		p.since = append(p.since, time.Time{})
	}
	p.free = p.free[:0]
	for i := 0; i < p.size; i++ {
		if !p.workers[i].Busy() {
			p.free = append(p.free, i)
		}
	}
	heap.Init(&p.free)
	p.trim()
	now := time.Now()
	p.dropLate(now)
	for p.free.Len() > 0 && len(p.queue) > 0 {
		p.start(p.dequeue(now))
	}
	if p.free.Len() > 0 {
		p.notFull()
	} else {
		p.full(time.Time{})
	}
	p.minFree = min(p.minFree, p.free.Len())
}

// trim drops idle slots past size from the picture.
func (p *pool) trim() {
	n := len(p.workers)
	for n > p.size && !p.workers[n-1].Busy() {
		n--
	}
	p.workers, p.since = p.workers[:n], p.since[:n]
}

// stats is the pool now; its FullFrom is when, since start, it first had no free worker (0:
// not yet).
func (p *pool) stats(start time.Time) lab.PoolStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	full := p.fullFor
	if !p.fullSince.IsZero() {
		full += time.Since(p.fullSince)
	}
	now := time.Now()
	p.accrue(now)
	s := lab.PoolStats{
		Size: p.size, QueueCap: p.queueCap, Discipline: p.discipline,
		Busy: p.busy, BusyBy: p.busyBy, Queued: len(p.queue), QueuedBy: p.queuedBy,
		PeakBusy: p.peakBusy, PeakQueued: p.peakQueued, LongestInQueue: p.longestQueued, FullFor: full, FullSpells: p.fullSpells, Held: p.held, Parked: len(p.idle),
		Workers:   append([]lab.Worker(nil), p.workers...),
		Unbounded: p.unbounded, Max: p.auto.Max, PeakSize: p.peakSize,
	}
	s.OldestWaiting, s.OldestWaitingClass = p.oldestWaiting(now)
	if !p.firstFull.IsZero() {
		s.FullFrom = max(p.firstFull.Sub(start), time.Nanosecond)
	}
	for i, w := range p.workers {
		s.InPhase[w.Phase]++
		if w.Busy() {
			s.Workers[i].Held = now.Sub(p.since[i])
		}
	}
	return s
}

// oldestWaiting is how long the request queued longest ago, still waiting, has waited at now,
// and its class; 0 with none waiting. The queue keeps arrival order whatever the discipline
// (a LIFO worker takes from the back, expiry keeps the order), so it is the front. Called
// with p.mu held.
func (p *pool) oldestWaiting(now time.Time) (time.Duration, lab.Class) {
	if len(p.queue) == 0 {
		return 0, 0
	}
	return now.Sub(p.queue[0].queued), p.queue[0].class
}

// queuedNow is how many requests of class c wait in the queue now, and how many in all.
func (p *pool) queuedNow(c lab.Class) (of, all int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.queuedBy[c], len(p.queue)
}

// slotHeap is a min-heap of free slot indices.
type slotHeap []int

func (h slotHeap) Len() int           { return len(h) }
func (h slotHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h slotHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *slotHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *slotHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
