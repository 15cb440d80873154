// The retry budget (the SRE book's per-client budget): retries as a share of requests over 10 s.

package lab

import (
	"errors"
	"sync"
	"time"
)

// retryWindow is how far back a retry budget counts: ten one-second slots.
const (
	retryWindowSlots = 10
	retryWindow      = retryWindowSlots * time.Second
)

// errRetryBudget stops a payment's retries when the budget is spent.
var errRetryBudget = errors.New("retry budget spent")

// retryBudget is the SRE book's per-client retry budget: over the last retryWindow, retries
// may be at most ratio of the requests. Each payment that reaches the retry stage is a
// request; a retry goes ahead only while the retries in the window, it included, stay
// within ratio of them. (failsafe-go's budget caps retries as a share of the executions in
// flight instead; at 10 payments a second only about ten are in flight, so it lets whole
// retries through in bursts and lands nearer 1.2 calls per payment than the 1.1 a share of
// requests gives.)
type retryBudget struct {
	ratio float64
	mu    sync.Mutex
	slots [retryWindowSlots]budgetSlot
}

type budgetSlot struct {
	second            int64 // which second since the epoch the slot holds
	requests, retries int64
}

func newRetryBudget(ratio float64) *retryBudget { return &retryBudget{ratio: ratio} }

// slot returns the slot of now's second, emptied if it held an older one. b.mu is held.
func (b *retryBudget) slot(now time.Time) *budgetSlot {
	sec := now.Unix()
	s := &b.slots[sec%retryWindowSlots]
	if s.second != sec {
		*s = budgetSlot{second: sec}
	}
	return s
}

// request counts one request sent now.
func (b *retryBudget) request(now time.Time) {
	b.mu.Lock()
	b.slot(now).requests++
	b.mu.Unlock()
}

// allow counts one retry sent now if the budget has room for it, and says whether it had.
func (b *retryBudget) allow(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	var requests, retries int64
	for _, s := range b.slots {
		if now.Unix()-s.second < retryWindowSlots {
			requests, retries = requests+s.requests, retries+s.retries
		}
	}
	if float64(retries+1) > b.ratio*float64(requests) {
		return false
	}
	b.slot(now).retries++
	return true
}
