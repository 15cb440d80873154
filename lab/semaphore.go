// The resizable semaphore the lab uses three times (the semaphore bulkhead, the thread-pool
// bulkhead's admission, connections per route), and the semaphore bulkhead (resilience4j's
// Bulkhead): the worker takes a permit, waiting up to max_wait, and calls while it holds it.

package lab

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go/bulkhead"
)

// BulkheadSemaphore: the worker makes the call while holding a permit.
const BulkheadSemaphore BulkheadType = "semaphore"

func init() {
	registerBulkhead(bulkheadKind{
		name:  BulkheadSemaphore,
		rank:  10,
		start: func(*Isolation) bulkheadState { return &semaphoreBulkhead{} },
		unit:  "permit",
		setting: func(c Config, b BulkheadStats, _ int) string {
			bh := c.Payment.Bulkhead
			v := fmt.Sprintf("%s %d/%d permits in use", bh.Type, b.InUse, b.Size)
			if bh.MaxWait > 0 {
				v += ", max wait " + FmtDur(bh.MaxWait.D())
			}
			return v
		},
	})
}

// semaphoreBulkhead is the semaphore bulkhead in one lab: its permits.
type semaphoreBulkhead struct{ sem semaphore }

func (sb *semaphoreBulkhead) configure(c Config) {
	sb.sem.configure(c.Payment.Bulkhead.Size, c.Payment.Bulkhead.MaxWait.D())
}

func (sb *semaphoreBulkhead) stage() stage { return semaphoreStage(&sb.sem) }

func (sb *semaphoreBulkhead) stats(b BulkheadConfig) BulkheadStats {
	return BulkheadStats{Type: b.Type, Size: b.Size, InUse: sb.sem.inUse.Load()}
}

// semaphore is a resizable counting semaphore on failsafe-go's bulkhead. failsafe bulkheads
// cannot be resized, so a change builds a new one and swaps it in; each holder releases on the
// instance that admitted it, so holders drain from the old one. The lab uses it three times:
// the semaphore bulkhead, the thread-pool bulkhead's admission, and connections per route.
// While old holders drain after a shrink, the new size is enforced on the total: a caller
// that finds it exceeded is turned away rather than left waiting (the one place max_wait
// is not honoured).
type semaphore struct {
	cur   atomic.Pointer[semaphoreGen]
	inUse atomic.Int64
}

type semaphoreGen struct {
	bh      bulkhead.Bulkhead[any]
	size    int
	maxWait time.Duration
}

func (s *semaphore) configure(size int, maxWait time.Duration) {
	if g := s.cur.Load(); g != nil && g.size == size && g.maxWait == maxWait {
		return
	}
	s.cur.Store(&semaphoreGen{bh: bulkhead.New[any](uint(size)), size: size, maxWait: maxWait})
}

// acquire waits up to the max wait (0: not at all) and returns the release for the permit;
// the error is bulkhead.ErrFull, or ctx's when the lab stops first.
func (s *semaphore) acquire(ctx context.Context) (release func(), err error) {
	g := s.cur.Load()
	if err := g.bh.AcquirePermitWithMaxWait(ctx, g.maxWait); err != nil {
		return nil, err
	}
	// A new generation starts with every permit free while holders of the old one still
	// hold theirs: the size in force is enforced over both, so a resize never lets more in.
	if s.inUse.Add(1) > int64(g.size) {
		s.inUse.Add(-1)
		g.bh.ReleasePermit()
		return nil, bulkhead.ErrFull
	}
	var once atomic.Bool
	return func() {
		if once.CompareAndSwap(false, true) {
			s.inUse.Add(-1)
			g.bh.ReleasePermit()
		}
	}, nil
}

// semaphoreStage is the semaphore bulkhead (resilience4j's Bulkhead): the worker itself
// takes a permit, waiting up to max_wait, and makes the call while it holds it. No permit in
// time: rejected, and the worker is free at once.
func semaphoreStage(s *semaphore) stage {
	return s.waitStage("bulkhead:semaphore", PhaseBulkhead, RejectBulkhead)
}

// waitStage is a stage, named name, that takes a place of s before the rest of the chain and
// holds it to the end, waiting in phase ph for one; turned away for why if none comes in time.
func (s *semaphore) waitStage(name string, ph Phase, why Reason) stage {
	return stage{name: name, waits: waitsUpTo(ph, s.cur.Load().maxWait), wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			p.phase(ph)
			release, err := s.acquire(ctx)
			if err != nil {
				return waitFailed(ctx, rejectedBy(why))
			}
			p.hold(release)
			return next(ctx, p)
		}
	}}
}
