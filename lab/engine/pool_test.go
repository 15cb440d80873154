// Tests of the pool: queue disciplines, resizing, kept worker goroutines.

package engine

import (
	"container/heap"
	"context"
	"sync"
	"testing"
	"time"

	"poollab/internal/testwait"
	"poollab/lab"
)

// servedOrder runs one worker with a queue of 3: the first job holds the worker until
// released, three more queue, a fifth is rejected; it returns the order the queued ran in.
func servedOrder(t *testing.T, d lab.Discipline) []time.Duration {
	t.Helper()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		order []time.Duration
	)
	gate := make(chan struct{})
	spawn := func(fn func()) { wg.Add(1); go func() { defer wg.Done(); fn() }() }
	start := time.Now()
	p := newPool(context.Background(), spawn, lab.PoolConfig{Workers: 1, Queue: 3, Discipline: d}, func(_ context.Context, j job, _ *workerHandle) {
		if j.intended.IsZero() {
			<-gate
			return
		}
		mu.Lock()
		order = append(order, time.Duration(j.intended.UnixNano()))
		mu.Unlock()
	}, nil, nil)
	if got := p.stats(start).FullFrom; got != 0 {
		t.Fatalf("an idle pool first full at %v, want 0: never", got)
	}
	if !p.submit(job{class: lab.Payment}) {
		t.Fatal("first job rejected by an idle pool")
	}
	// The one worker taken: full from then, which is after start and not after now.
	first := p.stats(start).FullFrom
	if first <= 0 || first > time.Since(start) {
		t.Fatalf("first full at %v, want in (0, %v]", first, time.Since(start))
	}
	for i := 1; i <= 3; i++ {
		if !p.submit(job{class: lab.Signup, intended: time.Unix(0, int64(i))}) {
			t.Fatalf("job %d rejected with room in the queue", i)
		}
	}
	if p.submit(job{class: lab.Signup, intended: time.Unix(0, 4)}) {
		t.Fatal("a fifth job was accepted: 1 worker + 3 queued is full")
	}
	if st := p.stats(start); st.Busy != 1 || st.Queued != 3 || st.QueuedBy[lab.Signup] != 3 || st.Workers[0].Class != lab.Payment {
		t.Fatalf("stats %+v", st)
	}
	close(gate)
	wg.Wait()
	if st := p.stats(start); st.Busy != 0 || st.Queued != 0 || st.PeakBusy != 1 || st.PeakQueued != 3 || st.FullFor <= 0 {
		t.Fatalf("after draining: %+v", st)
	}
	if got := p.stats(start).FullFrom; got != first { // the first time, not the latest
		t.Fatalf("after draining, first full at %v, want still %v", got, first)
	}
	return order
}

func TestPoolQueueDisciplines(t *testing.T) {
	for _, tc := range []struct {
		d    lab.Discipline
		want []time.Duration
	}{{lab.FIFO, []time.Duration{1, 2, 3}}, {lab.LIFO, []time.Duration{3, 2, 1}}} {
		got := servedOrder(t, tc.d)
		if len(got) != 3 || got[0] != tc.want[0] || got[1] != tc.want[1] || got[2] != tc.want[2] {
			t.Errorf("%s served %v, want %v", tc.d, got, tc.want)
		}
	}
}

// Shrinking the pool lets busy workers past the new size finish, then retires them.
func TestPoolShrinkAndGrow(t *testing.T) {
	var wg sync.WaitGroup
	gate := make(chan struct{})
	spawn := func(fn func()) { wg.Add(1); go func() { defer wg.Done(); fn() }() }
	p := newPool(context.Background(), spawn, lab.PoolConfig{Workers: 4, Discipline: lab.FIFO}, func(context.Context, job, *workerHandle) { <-gate }, nil, nil)
	for range 4 {
		p.submit(job{class: lab.Payment})
	}
	p.resize(lab.PoolConfig{Workers: 2, Discipline: lab.FIFO})
	if p.submit(job{class: lab.Signup}) {
		t.Fatal("accepted work with 4 busy in a pool of 2")
	}
	if st := p.stats(time.Time{}); st.Size != 2 || len(st.Workers) != 4 {
		t.Fatalf("after shrink: size %d, %d cells; want 2 and the 4 busy still shown", st.Size, len(st.Workers))
	}
	close(gate)
	wg.Wait()
	if st := p.stats(time.Time{}); len(st.Workers) != 2 || st.Busy != 0 {
		t.Fatalf("after drain: %d cells, %d busy; want 2 and 0", len(st.Workers), st.Busy)
	}
	p.resize(lab.PoolConfig{Workers: 6, Discipline: lab.FIFO})
	if st := p.stats(time.Time{}); len(st.Workers) != 6 {
		t.Fatalf("after grow: %d cells, want 6", len(st.Workers))
	}
}

// A worker's goroutine waits between jobs and takes the next one itself, as a pool thread
// does: two jobs in a row start one goroutine. Without a job for idleFor it ends.
func TestWorkerGoroutineIsKeptBetweenJobs(t *testing.T) {
	var wg sync.WaitGroup
	var spawned int
	spawn := func(fn func()) { spawned++; wg.Add(1); go func() { defer wg.Done(); fn() }() }
	done := make(chan struct{})
	p := newPool(context.Background(), spawn, lab.PoolConfig{Workers: 1, Discipline: lab.FIFO},
		func(context.Context, job, *workerHandle) { done <- struct{}{} }, nil, nil)
	for range 3 {
		if !p.submit(job{class: lab.Signup}) {
			t.Fatal("rejected by an idle pool")
		}
		<-done
		testwait.WaitFor(t, func() bool { p.mu.Lock(); defer p.mu.Unlock(); return len(p.idle) == 1 }, "the worker to park")
	}
	p.mu.Lock()
	n := spawned
	p.mu.Unlock()
	if n != 1 {
		t.Errorf("%d goroutines started for 3 jobs one after the other, want 1", n)
	}
	wg.Wait() // ends idleFor after the last job
}

// A rule's wait limit is kept at the limit, not when a worker frees: with the one worker
// held throughout, a queued request is turned away for the rule's reason, counted out of
// the queue, and never served.
func TestPoolTurnsAwayAtTheWaitLimit(t *testing.T) {
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	gate := make(chan struct{})
	turned := make(chan lab.Reason, 1)
	spawn := func(fn func()) { wg.Add(1); go func() { defer wg.Done(); fn() }() }
	c := lab.DefaultConfig().Pool
	c.Workers, c.Queue, c.Discipline = 1, 3, lab.CoDel
	served := 0
	p := newPool(ctx, spawn, c, func(_ context.Context, j job, _ *workerHandle) {
		if j.intended.IsZero() {
			<-gate
			return
		}
		served++
	}, func(_ job, why lab.Reason) { turned <- why }, nil)
	if !p.submit(job{class: lab.Payment}) || !p.submit(job{class: lab.Signup, intended: time.Unix(0, 1)}) {
		t.Fatal("rejected with room")
	}
	if why := <-turned; why != lab.RejectCoDel {
		t.Errorf("turned away for %v, want rejected:codel", why)
	}
	if st := p.stats(time.Time{}); st.Busy != 1 || st.Queued != 0 || st.QueuedBy[lab.Signup] != 0 {
		t.Errorf("after the limit, the worker still held: %+v", st)
	}
	close(gate)
	cancel()
	wg.Wait()
	if served != 0 {
		t.Errorf("%d served after being turned away", served)
	}
}

// A request past its limit that the watcher has not yet turned away (late, on a busy
// machine) is turned away, not served, whichever way a worker comes free for it: one
// finishing, or the pool growing. The watcher is kept from starting, and the limit set in
// the past, so no timing decides it.
func TestPoolTurnsAwayWhatTheWatcherMissed(t *testing.T) {
	for _, tc := range []struct {
		name string
		free func(p *pool, gate chan struct{}, c lab.PoolConfig)
	}{
		{"a worker finishes", func(_ *pool, gate chan struct{}, _ lab.PoolConfig) { close(gate) }},
		{"the pool grows", func(p *pool, gate chan struct{}, c lab.PoolConfig) {
			c.Workers = 2
			p.resize(c)
			close(gate)
		}},
		// Its limit came with CoDel's reason: turned away as rejected:codel, not as the
		// reason of a discipline with no limits.
		{"the discipline changes while it waits", func(p *pool, gate chan struct{}, c lab.PoolConfig) {
			c.Discipline = lab.FIFO
			p.resize(c)
			close(gate)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := lab.DefaultConfig().Pool
			c.Workers, c.Queue, c.Discipline = 1, 3, lab.CoDel
			p, gate, fate, stop := gatedPool(c)
			p.mu.Lock()
			p.expiring = true // as if the watcher ran, and slept through the limit
			p.mu.Unlock()
			if !p.submit(job{class: lab.Payment}) || !p.submit(job{class: lab.Signup, intended: time.Unix(0, 1)}) {
				t.Fatal("rejected with room")
			}
			p.mu.Lock()
			past := time.Now().Add(-time.Second)
			p.queue[0].expires, p.nextExpiry = past, past
			p.mu.Unlock()
			tc.free(p, gate, c)
			if got := <-fate; got != string(lab.RejectCoDel) {
				t.Errorf("the request past its limit: %s, want turned away as %s", got, lab.RejectCoDel)
			}
			stop()
			if st := p.stats(time.Time{}); st.Queued != 0 || st.QueuedBy[lab.Signup] != 0 {
				t.Errorf("the queue does not balance: %+v", st)
			}
		})
	}
}

// An unbounded queue under a discipline with limits: each waiting request's goroutine and
// the pool agree on it (the race detector checks), a request turned away at its limit is
// never served, and one turned away just as the lab stops ends without a worker to give back.
func TestPoolUnboundedWithLimits(t *testing.T) {
	c := lab.DefaultConfig().Pool
	c.Workers, c.Queue, c.Discipline = 1, lab.QueueUnbounded, lab.CoDel
	c.CoDel.Interval = lab.Duration(time.Millisecond)
	p, gate, fate, stop := gatedPool(c)
	if !p.submit(job{class: lab.Payment}) {
		t.Fatal("rejected with room")
	}
	for range 3 {
		if !p.submit(job{class: lab.Signup, intended: time.Unix(0, 1)}) {
			t.Fatal("an unbounded queue rejected")
		}
	}
	for range 3 { // the worker is held throughout: each can only be turned away
		if got := <-fate; got != string(lab.RejectCoDel) {
			t.Errorf("a request past its limit: %s, want turned away as %s", got, lab.RejectCoDel)
		}
	}
	close(gate)
	stop()

	// Turned away (nil on its hand-off) as the lab stops: both are ready, and either way
	// the waiting goroutine ends quietly.
	for range 50 {
		j := job{class: lab.Signup, handoff: make(chan *workerHandle, 1)}
		j.handoff <- nil
		p.await(j)
	}
}

// gatedPool is a pool on c whose payments (intended zero) hold their worker until gate is
// closed; fate gets each other request's end: "served", or the reason it was turned away.
// stop ends the pool and waits for every goroutine it started.
func gatedPool(c lab.PoolConfig) (p *pool, gate chan struct{}, fate chan string, stop func()) {
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	gate, fate = make(chan struct{}), make(chan string, 8)
	spawn := func(fn func()) { wg.Add(1); go func() { defer wg.Done(); fn() }() }
	p = newPool(ctx, spawn, c, func(_ context.Context, j job, _ *workerHandle) {
		if j.intended.IsZero() {
			<-gate
			return
		}
		fate <- "served"
	}, func(_ job, why lab.Reason) { fate <- string(why) }, nil)
	return p, gate, fate, func() { cancel(); wg.Wait() }
}

// With an unbounded queue a worker that frees hands its slot to the oldest waiting request,
// whose own goroutine serves on it: the worker's goroutine ends at once, not parked for a job
// that cannot come to it while the queue stands.
func TestHandingTheSlotOnEndsTheWorker(t *testing.T) {
	var wg sync.WaitGroup
	spawn := func(fn func()) { wg.Add(1); go func() { defer wg.Done(); fn() }() }
	gate, parkedAtB := make(chan struct{}), make(chan int, 1)
	var p *pool
	p = newPool(context.Background(), spawn, lab.PoolConfig{Workers: 1, Queue: lab.QueueUnbounded, Discipline: lab.FIFO},
		func(_ context.Context, j job, _ *workerHandle) {
			if j.handoff == nil {
				<-gate // A holds the one worker until B waits
				return
			}
			p.mu.Lock() // B was handed the slot under p.mu: A's worker has parked or ended by now
			parkedAtB <- len(p.idle)
			p.mu.Unlock()
		}, nil, nil)
	if !p.submit(job{class: lab.Payment}) || !p.submit(job{class: lab.Payment}) {
		t.Fatal("rejected by an unbounded pool")
	}
	close(gate)
	if n := <-parkedAtB; n != 0 {
		t.Errorf("%d worker goroutines parked as the slot went to a waiting request, want 0", n)
	}
	wg.Wait() // B's goroutine parks idleFor after its job, then ends
}

// A pool first full is at the scheduled arrival of the request that took its last worker,
// not when a worker took it: two labs on one schedule say the same time (newcomer 23:
// long-queue "first full at 1.7s" beside codel's "1.6s"). A request off the schedule (a
// duplicate: arrival 0) fills it from when it did.
func TestPoolFirstFullAtTheScheduledArrival(t *testing.T) {
	for _, arrival := range []int64{1, 0} {
		var wg sync.WaitGroup
		gate := make(chan struct{})
		spawn := func(fn func()) { wg.Add(1); go func() { defer wg.Done(); fn() }() }
		start := time.Now()
		p := newPool(context.Background(), spawn, lab.PoolConfig{Workers: 1}, func(context.Context, job, *workerHandle) { <-gate }, nil, nil)
		const at = time.Hour // no clock reaches it in a test: only the schedule says it
		if !p.submit(job{class: lab.Payment, intended: start.Add(at), arrival: arrival}) {
			t.Fatal("rejected by an idle pool")
		}
		if got := p.stats(start).FullFrom; (got == at) != (arrival > 0) {
			t.Errorf("arrival %d: first full at %v; at its schedule (%v) only when it has one", arrival, got, at)
		}
		close(gate)
		wg.Wait()
	}
}

// bookkeptPool is a pool of workers whose bookkeeping a test drives by direct calls: no
// request runs, so nothing it counts depends on when a goroutine gets the CPU.
func bookkeptPool(t *testing.T, workers int) *pool {
	spawn := func(func()) { t.Fatal("a worker was started: the test drives the bookkeeping alone") }
	return newPool(context.Background(), spawn, lab.PoolConfig{Workers: workers, Queue: 8, Discipline: lab.FIFO}, nil, nil, nil)
}

// A full spell is counted once as the last free worker is taken, and again only after a
// worker freed: pool full's line allows one race a spell (fullGapOf), so a spell counted
// per take, or never, would move its verdict.
func TestPoolCountsFullSpells(t *testing.T) {
	p := bookkeptPool(t, 2)
	fill := func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for p.free.Len() > 0 {
			p.take(heap.Pop(&p.free).(int), lab.Payment, time.Time{})
		}
		p.full(time.Time{}) // the pool asked again while full: no new spell
	}
	spells := func() int64 { return p.stats(time.Now()).FullSpells }
	fill()
	if n := spells(); n != 1 {
		t.Fatalf("filled once: %d spells, want 1", n)
	}
	p.next(0, nil) // one worker frees: the spell ends
	if n := spells(); n != 1 {
		t.Fatalf("a worker freed: %d spells, want still 1", n)
	}
	fill()
	p.next(0, nil)
	p.next(1, nil)
	fill()
	if n := spells(); n != 3 {
		t.Errorf("full, one freed, full, both freed, full: %d spells, want 3", n)
	}
}

// The longest wait in the queue is the longest of the waits at dequeue, each measured to
// the instant the worker took it: not the latest, nor a wait still going on.
func TestPoolKeepsTheLongestQueued(t *testing.T) {
	p := bookkeptPool(t, 1)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) // the clock is the test's: every instant is given
	s := time.Second
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, at := range []time.Duration{0, 3 * s, 6 * s} {
		p.queue = append(p.queue, job{class: lab.Payment, queued: t0.Add(at)})
		p.queuedBy[lab.Payment]++
	}
	for _, step := range []struct{ at, want time.Duration }{
		{5 * s, 5 * s},  // the oldest, queued at 0, taken at 5s
		{6 * s, 5 * s},  // queued at 3s, waited 3s: shorter, the longest stays
		{13 * s, 7 * s}, // queued at 6s
	} {
		p.dequeue(t0.Add(step.at))
		if p.longestQueued != step.want {
			t.Errorf("taken at %v: longest queued %v, want %v", step.at, p.longestQueued, step.want)
		}
	}
}

// The oldest waiting is the age of the request queued longest ago that is still in the
// queue, whichever end a freed worker takes from: FIFO takes it, so the next oldest's age
// follows; LIFO leaves it, so its age grows with the clock. None waiting: 0.
func TestPoolOldestWaiting(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) // the clock is the test's: every instant is given
	s := time.Second
	for _, tc := range []struct {
		d     lab.Discipline
		after []time.Duration // the oldest's age after each dequeue, at 10s, 11s, 12s
		class []lab.Class
	}{
		{lab.FIFO, []time.Duration{7 * s, 4 * s, 0}, []lab.Class{lab.Signup, lab.Payment, 0}},
		{lab.LIFO, []time.Duration{10 * s, 11 * s, 0}, []lab.Class{lab.Payment, lab.Payment, 0}},
	} {
		spawn := func(func()) { t.Fatal("a worker was started: the test drives the bookkeeping alone") }
		p := newPool(context.Background(), spawn, lab.PoolConfig{Workers: 1, Queue: 8, Discipline: tc.d}, nil, nil, nil)
		p.mu.Lock()
		if age, _ := p.oldestWaiting(t0); age != 0 {
			t.Errorf("%s: empty queue: oldest waiting %v, want 0", tc.d, age)
		}
		for i, at := range []time.Duration{0, 3 * s, 7 * s} {
			c := []lab.Class{lab.Payment, lab.Signup, lab.Payment}[i]
			p.queue = append(p.queue, job{class: c, queued: t0.Add(at)})
			p.queuedBy[c]++
		}
		if age, c := p.oldestWaiting(t0.Add(9 * s)); age != 9*s || c != lab.Payment {
			t.Errorf("%s: queued at 0, 3s, 7s, read at 9s: oldest waiting %v (%s), want 9s (payment)", tc.d, age, c)
		}
		for i, want := range tc.after {
			now := t0.Add(time.Duration(10+i) * s)
			p.dequeue(now)
			if age, c := p.oldestWaiting(now); age != want || (want > 0 && c != tc.class[i]) {
				t.Errorf("%s: after taking one at %v: oldest waiting %v (%s), want %v (%s)", tc.d, now.Sub(t0), age, c, want, tc.class[i])
			}
		}
		p.mu.Unlock()
	}
}
