package lab

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go/bulkhead"
)

// BulkheadStats is the payment bulkhead at one instant.
type BulkheadStats struct {
	Type  BulkheadType
	Size  int
	InUse int64 // permits held now, across resizes
}

// semaphore is a resizable semaphore bulkhead on failsafe-go's. failsafe bulkheads cannot be
// resized, so a change builds a new one and swaps it in; each call releases the permit on
// the instance that admitted it, so in-flight calls drain from the old one.
type semaphore struct {
	cur   atomic.Pointer[semaphoreGen]
	inUse atomic.Int64
}

type semaphoreGen struct {
	bh      bulkhead.Bulkhead[any]
	size    int
	maxWait time.Duration
}

// errBulkheadFull is what acquire returns when no permit came within the max wait.
var errBulkheadFull = bulkhead.ErrFull

func (s *semaphore) configure(c BulkheadConfig) {
	if g := s.cur.Load(); g != nil && g.size == c.Size && g.maxWait == c.MaxWait.D() {
		return
	}
	s.cur.Store(&semaphoreGen{bh: bulkhead.New[any](uint(c.Size)), size: c.Size, maxWait: c.MaxWait.D()})
}

// acquire waits up to the max wait (0: not at all) and returns the release for the permit.
func (s *semaphore) acquire(ctx context.Context) (release func(), err error) {
	g := s.cur.Load()
	if err := g.bh.AcquirePermitWithMaxWait(ctx, g.maxWait); err != nil {
		if errors.Is(err, bulkhead.ErrFull) {
			return nil, errBulkheadFull
		}
		return nil, err
	}
	s.inUse.Add(1)
	return func() { s.inUse.Add(-1); g.bh.ReleasePermit() }, nil
}
