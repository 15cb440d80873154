package lab

import (
	"container/heap"
	"context"
	"sync"
	"time"
)

// Phase says what a busy worker is doing, so the screen can tell waiting from working.
type Phase uint8

const (
	PhaseIdle     Phase = iota
	PhaseWork           // running its handler (signup work, or payment code around the call)
	PhaseCall           // blocked in the HTTP call to the dependency
	PhaseBulkhead       // waiting for a bulkhead permit
	PhaseConnWait       // waiting to lease a connection from the per-route pool
	PhaseHandoff        // handed the call to the thread-pool bulkhead, waiting for its answer
)

// Phases lists every phase in display order.
var Phases = []Phase{PhaseIdle, PhaseWork, PhaseCall, PhaseBulkhead, PhaseConnWait, PhaseHandoff}

var phaseNames = [...]string{"idle", "working", "in call", "waiting for bulkhead", "waiting for connection", "waiting on thread pool"}

func (p Phase) String() string { return phaseNames[p] }

// Worker is one cell of the pool picture.
type Worker struct {
	Class Class
	Phase Phase // PhaseIdle: free
}

// Busy reports whether a request holds this worker.
func (w Worker) Busy() bool { return w.Phase != PhaseIdle }

// PoolStats is the pool at one instant.
type PoolStats struct {
	Size       int // workers now (pool.workers)
	QueueCap   int
	Discipline Discipline
	Busy       int
	BusyBy     [numClasses]int
	InPhase    [len(phaseNames)]int // busy workers by phase
	Queued     int
	QueuedBy   [numClasses]int
	PeakBusy   int
	PeakQueued int
	FullFor    time.Duration // total time with no free worker
	Workers    []Worker      // one per worker; longer than Size while a shrunk pool drains
}

// job is one request on its way through the pool.
type job struct {
	class    Class
	intended time.Time // when the generator was due to send it: latency is measured from here
	probe    *probe    // a health check: the balancer's verdict, decided once
}

// runFunc serves one job on worker w; it returns when the worker is free again.
type runFunc func(ctx context.Context, j job, w *workerHandle)

// workerHandle is the handle a request holds on its pool worker while it is served: it travels
// down the payment chain, and each stage says through it what the worker is doing. A nil
// worker is a call running off the pool (on a bulkhead thread, or orphaned), so there is
// no cell to colour.
type workerHandle struct {
	p    *pool
	slot int
}

// set records what the worker is doing now.
func (w *workerHandle) set(ph Phase) {
	if w == nil {
		return
	}
	w.p.mu.Lock()
	w.p.workers[w.slot].Phase = ph
	w.p.mu.Unlock()
}

// pool is the shared worker pool: Size slots, a bounded accept queue, FIFO or LIFO.
// A worker is a slot index held by a goroutine; the goroutine takes the next queued job
// itself when it finishes, as a thread-pool worker would.
type pool struct {
	ctx   context.Context
	run   runFunc
	spawn func(func()) // starts an owned goroutine (Lab.spawn)

	mu         sync.Mutex
	size       int
	queueCap   int
	discipline Discipline
	workers    []Worker
	free       slotHeap // free slots below size, lowest first, so busy cells stay together on screen
	queue      []job
	busy       int
	busyBy     [numClasses]int
	queuedBy   [numClasses]int
	peakBusy   int
	peakQueued int
	fullSince  time.Time // zero while a worker is free
	fullFor    time.Duration
	totals     *poolTotals // a fleet's replica: the fleet-wide busy, queued and full, kept at the event
}

func newPool(ctx context.Context, spawn func(func()), c PoolConfig, run runFunc) *pool {
	p := &pool{ctx: ctx, spawn: spawn, run: run}
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
	if len(p.queue) < p.queueCap {
		p.queue = append(p.queue, j)
		p.totals.add(0, 1, 0)
		p.queuedBy[j.class]++
		p.peakQueued = max(p.peakQueued, len(p.queue))
		return true
	}
	return false
}

// start gives j the lowest free slot on a new goroutine. Called with p.mu held.
func (p *pool) start(j job) {
	slot := heap.Pop(&p.free).(int)
	p.take(slot, j.class)
	w := &workerHandle{p: p, slot: slot}
	p.spawn(func() {
		for ok := true; ok; j, ok = p.next(slot) {
			p.run(p.ctx, j, w)
		}
	})
}

func (p *pool) take(slot int, c Class) {
	p.workers[slot] = Worker{Class: c, Phase: PhaseWork}
	p.busy++
	p.busyBy[c]++
	p.peakBusy = max(p.peakBusy, p.busy)
	p.totals.add(1, 0, 0)
	p.full()
}

// full marks the pool full from now, if it just became so. Called with p.mu held.
func (p *pool) full() {
	if p.free.Len() == 0 && p.fullSince.IsZero() {
		p.fullSince = time.Now()
		p.totals.add(0, 0, 1)
	}
}

// next frees slot and, if work is queued and the slot is still part of the pool,
// returns the next job for the same worker.
func (p *pool) next(slot int) (job, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.busy--
	p.totals.add(-1, 0, 0)
	p.busyBy[p.workers[slot].Class]--
	p.workers[slot] = Worker{}
	if slot >= p.size || p.ctx.Err() != nil {
		p.trim()
		return job{}, false
	}
	if len(p.queue) > 0 {
		j := p.dequeue()
		p.take(slot, j.class)
		return j, true
	}
	heap.Push(&p.free, slot)
	p.notFull()
	return job{}, false
}

func (p *pool) dequeue() job {
	var j job
	if p.discipline == LIFO {
		j = p.queue[len(p.queue)-1]
		p.queue = p.queue[:len(p.queue)-1]
	} else {
		j = p.queue[0]
		p.queue[0] = job{}
		p.queue = p.queue[1:]
	}
	p.queuedBy[j.class]--
	p.totals.add(0, -1, 0)
	return j
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
func (p *pool) resize(c PoolConfig) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.size, p.queueCap, p.discipline = c.Workers, c.Queue, c.Discipline
	for len(p.workers) < p.size {
		p.workers = append(p.workers, Worker{})
	}
	p.free = p.free[:0]
	for i := 0; i < p.size; i++ {
		if !p.workers[i].Busy() {
			p.free = append(p.free, i)
		}
	}
	heap.Init(&p.free)
	p.trim()
	for p.free.Len() > 0 && len(p.queue) > 0 {
		p.start(p.dequeue())
	}
	if p.free.Len() > 0 {
		p.notFull()
	} else {
		p.full()
	}
}

// trim drops idle slots past size from the picture.
func (p *pool) trim() {
	n := len(p.workers)
	for n > p.size && !p.workers[n-1].Busy() {
		n--
	}
	p.workers = p.workers[:n]
}

func (p *pool) stats() PoolStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	full := p.fullFor
	if !p.fullSince.IsZero() {
		full += time.Since(p.fullSince)
	}
	var inPhase [len(phaseNames)]int
	for _, w := range p.workers {
		inPhase[w.Phase]++
	}
	return PoolStats{
		InPhase: inPhase,
		Size:    p.size, QueueCap: p.queueCap, Discipline: p.discipline,
		Busy: p.busy, BusyBy: p.busyBy, Queued: len(p.queue), QueuedBy: p.queuedBy,
		PeakBusy: p.peakBusy, PeakQueued: p.peakQueued, FullFor: full,
		Workers: append([]Worker(nil), p.workers...),
	}
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
