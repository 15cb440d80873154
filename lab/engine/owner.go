// Goroutine ownership: every goroutine the engine starts has an owner that waits for it in
// Stop, counts it, and hands its panic to whoever asked.

package engine

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// owner starts goroutines it is responsible for: whoever holds it waits for them all in
// Stop, and a panic in one goes to onPanic when set. A lab and a fleet each have one.
type owner struct {
	wg      sync.WaitGroup
	running atomic.Int64 // goroutines started by spawn and not yet ended
	peak    atomic.Int64 // the most running at once
	onPanic func(error)
}

// spawn starts a goroutine the owner waits for.
func (o *owner) spawn(fn func()) {
	o.wg.Add(1)
	raiseMax(&o.peak, o.running.Add(1))
	go func() {
		defer o.wg.Done()
		defer o.running.Add(-1)
		if o.onPanic != nil {
			defer func() {
				if r := recover(); r != nil {
					o.onPanic(fmt.Errorf("%w: %v\n%s", ErrPanic, r, debug.Stack()))
				}
			}()
		}
		fn()
	}()
}

// raiseMax makes m at least n; a compare-and-swap, so concurrent raises lose none.
func raiseMax(m *atomic.Int64, n int64) {
	for p := m.Load(); n > p && !m.CompareAndSwap(p, n); p = m.Load() {
	}
}
