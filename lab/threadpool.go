// The thread-pool bulkhead (Hystrix's; the isolation article, ch. 4): its threads, lent by
// the engine, its admission stage, the executor the hand-off runs calls on, and its kind's
// registration (its size in threads, its queue, its settings value, its wait's glyph).

package lab

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// BulkheadThreadPool: the call runs on the bulkhead's own goroutines.
const BulkheadThreadPool BulkheadType = "threadpool"

// PhaseHandoff: a worker that handed its call to the thread-pool bulkhead, waiting for its answer.
const PhaseHandoff Phase = 5

func init() {
	registerBulkhead(bulkheadKind{
		name:  BulkheadThreadPool,
		rank:  20,
		start: func(iso *Isolation) bulkheadState { return newThreadPool(iso.lent.Ctx, iso.lent.Spawn) },
		unit:  "thread",
		setting: func(_ Config, b BulkheadStats, _ int) string {
			threads := fmt.Sprintf("threadpool %d/%d threads busy", b.ThreadsBusy, b.Size)
			if b.QueueCap == 0 { // "queue 0/0" asked: a queue of no places, or one switched off (newcomer 30)? As the pool's: none
				return threads + ", queue none"
			}
			return fmt.Sprintf("%s, queue %d/%d", threads, b.Queued, b.QueueCap)
		},
		waiting:    func(b BulkheadConfig) int { return b.Queue },
		ownThreads: true,
	})
	registerPhase(PhaseHandoff, phaseDef{name: "waiting on thread pool", rank: 60, glyph: 't',
		// Its answer, not a thread: "t 0 of them waiting on the thread pool" beside a queue
		// of 0 read as workers queued for a thread (newcomer 27).
		words: "waiting for the thread pool's answer", short: "wait for the thread pool's answer"})
}

// threadPool is the Hystrix-style bulkhead: the call runs on one of the pool's own goroutines
// while the shared worker waits for it (and may walk away). Admission is a semaphore of
// threads + queue, taken before the hand-off, so a full bulkhead rejects at once and a
// hand-off that was admitted always finds room.
type threadPool struct {
	ctx   context.Context
	spawn func(func())
	admit semaphore
	busy  atomic.Int64
	live  atomic.Int64 // its threads that have not ended, busy or not (a resize's retired ones too)
	cur   atomic.Pointer[threadGen]
}

// threadGen is one size of the pool. A resize retires it: its threads finish what they hold
// and what is queued, then end.
type threadGen struct {
	mu      sync.RWMutex
	retired bool
	tasks   chan *task
	quit    chan struct{}
	threads int
}

func newThreadPool(ctx context.Context, spawn func(func())) *threadPool {
	return &threadPool{ctx: ctx, spawn: spawn}
}

// configure builds the pool c asks for before the chain that uses it is in force.
func (tp *threadPool) configure(c Config) {
	if c.Payment.Bulkhead.Type == BulkheadThreadPool {
		tp.use(c.Payment.Bulkhead)
	}
}

// settle lets go of the threads c no longer uses, once c is in force: calls that read the
// old config still find the pool.
func (tp *threadPool) settle(c Config) { tp.use(c.Payment.Bulkhead) }

// stage is the admission: a thread-or-queue place.
func (tp *threadPool) stage() stage { return threadPoolStage(tp) }

// executor hands calls to the pool's threads, while it is the bulkhead in force.
func (tp *threadPool) executor(Config) (executor, bool) { return threadExecutor(tp), true }

// use sizes the pool; while another bulkhead type is in force it has no threads.
func (tp *threadPool) use(c BulkheadConfig) {
	if c.Type != BulkheadThreadPool {
		tp.retire(tp.cur.Swap(nil))
		return
	}
	if g := tp.cur.Load(); g != nil && g.threads == c.Size && cap(g.tasks) == c.Size+c.Queue {
		return
	}
	tp.admit.configure(c.Size+c.Queue, 0)
	g := &threadGen{tasks: make(chan *task, c.Size+c.Queue), quit: make(chan struct{}), threads: c.Size}
	for range c.Size {
		tp.live.Add(1) // counted as the engine counts its goroutines: before it starts
		tp.spawn(func() { tp.thread(g) })
	}
	tp.retire(tp.cur.Swap(g))
}

// retire lets g's threads finish what they hold and what is queued, then end.
func (tp *threadPool) retire(g *threadGen) {
	if g == nil {
		return
	}
	g.mu.Lock()
	g.retired = true
	close(g.quit)
	g.mu.Unlock()
}

func (tp *threadPool) thread(g *threadGen) {
	defer tp.live.Add(-1)
	run := func(t *task) {
		tp.busy.Add(1)
		defer tp.busy.Add(-1)
		t.run()
	}
	for {
		select {
		case <-tp.ctx.Done():
			return
		case t := <-g.tasks:
			run(t)
		case <-g.quit:
			for {
				select {
				case t := <-g.tasks:
					run(t)
				default:
					return
				}
			}
		}
	}
}

// threadPoolStage is the thread-pool bulkhead's admission: a thread-or-queue place, taken at
// once or not at all, and held until the call ends. The hand-off below runs the call on a
// thread.
func threadPoolStage(tp *threadPool) stage {
	return stage{name: "bulkhead:threadpool", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			release, err := tp.admit.acquire(tp.ctx)
			if err != nil {
				return rejectedBy(RejectBulkhead)
			}
			p.hold(release)
			return next(ctx, p)
		}
	}}
}

// threadExecutor hands tasks to the bulkhead's threads; the worker waits on the thread pool.
func threadExecutor(tp *threadPool) executor {
	return executor{name: "thread", phase: PhaseHandoff, run: tp.submit}
}

// submit hands an admitted task to a thread. It does not block: admission left room,
// except in the moment of a resize to a smaller pool, when it reports false.
func (tp *threadPool) submit(t *task) bool {
	for {
		g := tp.cur.Load()
		if g == nil {
			return false // the bulkhead type changed under this call
		}
		g.mu.RLock()
		if g.retired {
			g.mu.RUnlock()
			continue // a resize swapped it: use the new one
		}
		select {
		case g.tasks <- t:
			g.mu.RUnlock()
			return true
		default:
			g.mu.RUnlock()
			return false
		}
	}
}

// threads are its threads now, busy or not, whichever kind is in force: after a switch
// away they live on, draining their queue.
func (tp *threadPool) threads() int64 { return tp.live.Load() }

func (tp *threadPool) stats(c BulkheadConfig) BulkheadStats {
	s := BulkheadStats{Type: BulkheadThreadPool, Size: c.Size, InUse: tp.admit.inUse.Load(),
		ThreadsBusy: tp.busy.Load(), QueueCap: c.Queue}
	if g := tp.cur.Load(); g != nil {
		s.Queued = len(g.tasks)
	}
	return s
}
