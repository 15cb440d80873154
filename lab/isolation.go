// Isolation: one lab's payment mechanisms at run time, each registered one's state started
// from the registry (each in its own file), the payment chain in force built from them, and
// what they put in a snapshot, a lab's or a fleet's.

package lab

import (
	"context"
	"sync/atomic"
	"time"
)

// Lent is what the engine lends a lab's isolation: the mechanisms start no goroutine and
// count nothing of their own but through it.
type Lent struct {
	Ctx     context.Context        // the lab's: ends when it stops
	Spawn   func(func())           // starts a goroutine the engine owns and waits for in Stop
	Free    func() int             // the pool's free workers now (the slack lost to the bulkhead)
	Request func(c Config) Request // the innermost call under c: one request to the dependency
}

// Isolation is every payment mechanism's state in one lab, and the chain in force. A new
// configuration rebuilds what changed; payments under way finish on the chain they started on.
type Isolation struct {
	lent  Lent
	chain atomic.Pointer[Chain]

	states    []runtime  // each registered mechanism's state, in the registry's order
	listeners []listener // those that hear how each payment ended
	answerers []answerer // those that hear how long each answered call took
	callers   []caller   // those that hear each call as it is made
}

// NewIsolation is a lab's isolation, configured for c.
func NewIsolation(c Config, l Lent) *Isolation {
	iso := &Isolation{lent: l}
	for _, m := range mechanisms {
		if m.start == nil {
			continue
		}
		rt := m.start(iso)
		iso.states = append(iso.states, rt)
		if h, ok := rt.(listener); ok {
			iso.listeners = append(iso.listeners, h)
		}
		if a, ok := rt.(answerer); ok {
			iso.answerers = append(iso.answerers, a)
		}
		if c, ok := rt.(caller); ok {
			iso.callers = append(iso.callers, c)
		}
	}
	iso.Configure(c)
	return iso
}

// Configure rebuilds the payment isolation that changed and the chain that runs it. Called
// under the engine's apply gate, before c is in force; Settle follows once it is.
func (iso *Isolation) Configure(c Config) {
	for _, rt := range iso.states {
		rt.configure(c)
	}
	iso.chain.Store(iso.chainFor(c, iso.lent.Request(c)))
}

// Settle lets go of what c no longer uses (the thread pool's threads), once c is in force:
// calls that read the old config still find the pool.
func (iso *Isolation) Settle(c Config) {
	for _, rt := range iso.states {
		if st, ok := rt.(settler); ok {
			st.settle(c)
		}
	}
}

// Serve takes one payment, due at intended, down the chain in force on worker w (nil: off
// the pool); the mechanisms that listen hear how it ended (the bulkhead notes, at each of its
// rejections, how many other workers sat free).
func (iso *Isolation) Serve(ctx context.Context, w Seat, intended time.Time) Result {
	r := iso.chain.Load().serve(ctx, w, intended)
	for _, h := range iso.listeners {
		h.heard(r)
	}
	return r
}

// Fill puts the mechanisms' state in s, whose Config is the one in force.
func (iso *Isolation) Fill(s *Snapshot) {
	ch := iso.chain.Load()
	s.Chain, s.Waits = ch.names, ch.waits
	for _, rt := range iso.states {
		rt.fill(s)
	}
}

// FillSecond puts the mechanisms' share of a per-second sample in sec (an adaptive limit's).
func (iso *Isolation) FillSecond(sec *Second, c Config) {
	for _, rt := range iso.states {
		if sm, ok := rt.(sampler); ok {
			sm.second(sec, c)
		}
	}
}

// SumIsolation puts in s, a fleet's snapshot whose Config is the fleet's, its replicas'
// isolation as one: each mechanism's stats summed by the mechanism, the chain replica 1's
// (every replica runs the fleet's settings).
func (s *Snapshot) SumIsolation(replicas []Snapshot) {
	s.Chain, s.Waits = replicas[0].Chain, replicas[0].Waits
	for _, m := range mechanisms {
		if m.sum != nil {
			m.sum(s, replicas)
		}
	}
}

// offload is the executor of the mechanism that runs calls on threads of its own under c.
func (iso *Isolation) offload(c Config) (executor, bool) {
	for _, rt := range iso.states {
		if o, ok := rt.(offloader); ok {
			if ex, ok := o.executor(c); ok {
				return ex, true
			}
		}
	}
	return executor{}, false
}
