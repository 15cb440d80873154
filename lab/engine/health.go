// Health checks: a balancer's verdict on an instance (pull, return) and each probe on its way.

package engine

import (
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
)

// maxPulls bounds the history a flapping instance keeps over a long live run; a var, so a
// test can trim a fleet's pulls in a few flaps.
var maxPulls = 200

// healthCheck is a load balancer's verdict on one instance: it pulls it after pullAfter
// failed checks in a row and returns it after returnAfter passed ones.
type healthCheck struct {
	start                  time.Time
	pullAfter, returnAfter int
	replica                int
	// served is how many payments the instance's workers had finished by a time: a check's
	// wait is the workers that free up while it waits; nil: not counted.
	served func(time.Time) int64

	out atomic.Bool // pulled: the balancer's routing reads it on every request

	mu      sync.Mutex
	paused  bool // drained: the balancer neither checks it nor judges it
	failed  int  // in a row
	passed  int  // in a row
	pulls   int64
	history []lab.Pull
	moved   func() // after each pull and return, outside mu: the fleet latches its first all-out stretch
}

func newHealthCheck(f lab.FleetConfig, start time.Time, replica int) *healthCheck {
	return &healthCheck{start: start, pullAfter: f.PullAfter, returnAfter: f.ReturnAfter, replica: replica}
}

func (h *healthCheck) pulled() bool { return h.out.Load() }

// pause stops judging the instance (on) while a drain holds it out of rotation, or starts
// again (off) from no check in a row; a check decided meanwhile counts for nothing.
func (h *healthCheck) pause(on bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.paused, h.failed, h.passed = on, 0, 0
}

// observe judges one check; why is what the check met (the payments queued ahead of it, or
// a full queue), kept with the pull it tips: the domino's measure of why it failed.
func (h *healthCheck) observe(ok bool, why lab.Pull) {
	if h.judge(ok, why) && h.moved != nil {
		h.moved()
	}
}

// judge is observe under mu: it says whether the instance left rotation or came back.
func (h *healthCheck) judge(ok bool, why lab.Pull) (moved bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.paused:
	case ok:
		h.failed, h.passed = 0, h.passed+1
		if h.out.Load() && h.passed >= h.returnAfter {
			h.out.Store(false)
			h.history[len(h.history)-1].ReturnedAt = time.Since(h.start)
			return true
		}
	default:
		h.passed, h.failed = 0, h.failed+1
		if !h.out.Load() && h.failed >= h.pullAfter {
			h.out.Store(true)
			h.pulls++
			// The outs dropped here all ended before this one: a first stretch with every
			// replica out among them was latched as it ended, by a return or the drain's end
			// (firstOut).
			if len(h.history) >= maxPulls {
				h.history = append(h.history[:0:0], h.history[len(h.history)-maxPulls/2:]...)
			}
			why.Replica, why.At = h.replica, time.Since(h.start)
			h.history = append(h.history, why)
			return true
		}
	}
	return false
}

func (h *healthCheck) stats() lab.HealthStats {
	h.mu.Lock()
	defer h.mu.Unlock()
	return lab.HealthStats{FailStreak: h.failed, Pulled: h.out.Load(), Pulls: h.pulls,
		History: append([]lab.Pull(nil), h.history...)}
}

// probe is one health check on its way: decided once, by the worker that answers it or by
// the balancer giving up at its timeout, whichever comes first. A balancer does not wait
// for a check stuck in the accept queue: it counts it failed at the timeout.
type probe struct {
	h       *healthCheck
	met     lab.Pull    // what it found when it arrived: the queue ahead of it
	served  int64       // payments the workers had finished then
	due     time.Time   // its timeout: frees after it came too late for it
	refused atomic.Bool // turned away (rejected:pool)
	decided atomic.Bool
	timer   atomic.Pointer[time.Timer] // may fire before it is stored: a check already late
}

// probe starts a check due at intended, which the balancer fails at intended + timeout
// unless it was answered before; met is what it found (Ahead, Queued); alive says the lab
// still runs.
func (h *healthCheck) probe(intended time.Time, timeout time.Duration, met lab.Pull, alive func() bool) *probe {
	p := &probe{h: h, met: met, due: intended.Add(timeout)}
	if h.served != nil {
		p.served = h.served(time.Now())
	}
	p.timer.Store(time.AfterFunc(time.Until(p.due), func() {
		if alive() {
			p.decide(false)
		}
	}))
	return p
}

// refuse fails the check the pool turned away, unless it was already decided.
func (p *probe) refuse() {
	p.refused.Store(true)
	p.decide(false)
}

// decide records the check's result, unless it was already decided.
func (p *probe) decide(ok bool) {
	if p.decided.CompareAndSwap(false, true) {
		if t := p.timer.Load(); t != nil {
			t.Stop()
		}
		why := p.met
		why.Refused = p.refused.Load()
		if p.h.served != nil { // to its timeout (or now, answered before it)
			why.Freed = int(p.h.served(p.due) - p.served)
		}
		p.h.observe(ok, why)
	}
}
