// A fleet's load balancer: rotation, health checks, drains, rejected:balancer.

package engine

import (
	"sync"
	"sync/atomic"
	"time"

	"poollab/lab"
)

// balancer is a fleet's load balancer. It gives each request of the stream to the next
// replica in rotation, in turn, skipping the pulled ones; with every replica pulled the
// request fails at the balancer (rejected.balancer: no healthy target). It checks each
// replica every check_every through that replica's own pool; each replica's healthCheck
// decides when it is pulled (pull_after failed checks in a row) and returned (return_after
// passed ones). A pulled replica gets no traffic but the checks; one an operator drained
// (a deploy) gets neither.
type balancer struct {
	start   time.Time
	end     time.Time // the fleet's: a bounded run's end, zero for none
	targets []*instance
	metrics *[numClasses]*classMetrics // the fleet's: what the balancer turns away is counted there
	pairs   *pairSide                  // a compared fleet's end of the pairing tally; nil: not compared
	moves   *transit                   // the fleet's: a request counted arrived here is in flight until turned away

	mu      sync.Mutex
	next    int // the replica after the last one given a request
	checked int // the replica the next check goes to: the check generator's goroutine only

	drained             atomic.Int64 // the replica (1 is the first) drained out of rotation now; 0: none
	drainedAt, drainEnd atomic.Int64 // since the start, when the drain began and ended; 0: not yet
}

// inRotation says the balancer sends replica i (0 is the first) requests: neither pulled nor drained.
func (b *balancer) inRotation(i int) bool {
	return !b.targets[i].health.pulled() && b.drained.Load() != int64(i+1)
}

// drain takes replica (1 is the first) out of rotation, at the operator's word; 0 ends the
// drain. The replica finishes what it holds; like a deregistered target it is not checked
// meanwhile, so its own queue cannot get it pulled, and it is judged afresh when back.
func (b *balancer) drain(replica int) {
	at := int64(max(time.Since(b.start), 1))
	if replica > 0 {
		b.targets[replica-1].health.pause(true)
		b.drainedAt.Store(at)
	} else {
		b.drainEnd.Store(at)
	}
	if was := b.drained.Swap(int64(replica)); was > 0 {
		b.targets[was-1].health.pause(false)
	}
}

// drainStats is the drain as it went so far; nil when the fleet has none.
func (b *balancer) drainStats(d lab.DrainConfig) *lab.Drain {
	if d.Replica == 0 {
		return nil
	}
	return &lab.Drain{Replica: d.Replica, At: time.Duration(b.drainedAt.Load()), BackAt: time.Duration(b.drainEnd.Load())}
}

// pick is the next replica in rotation; nil when every one is pulled.
func (b *balancer) pick() *instance {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(b.targets)
	for k := range n {
		i := (b.next + k) % n
		if b.inRotation(i) {
			b.next = (i + 1) % n
			return b.targets[i]
		}
	}
	return nil
}

// arrive hands the stream's n-th request of class c to the next replica in rotation.
func (b *balancer) arrive(c lab.Class, intended time.Time, n int64) {
	if t := b.pick(); t != nil {
		t.arrive(c, intended, n)
		return
	}
	b.reject(job{class: c, intended: intended, arrival: n})
}

// resubmit hands an impatient user's second try to the next replica in rotation.
func (b *balancer) resubmit(c lab.Class, intended time.Time) {
	if t := b.pick(); t != nil {
		t.resubmit(c, intended)
		return
	}
	b.reject(job{class: c, intended: intended, duplicate: true})
}

// send hands a closed-loop user's request to the next replica in rotation.
func (b *balancer) send(c lab.Class, at, due time.Time, expected time.Duration, replied func(time.Time)) {
	if t := b.pick(); t != nil {
		t.send(c, at, due, expected, replied)
		return
	}
	b.reject(job{class: c, intended: at, due: due, expected: expected, replied: replied})
}

// reject turns j away at the balancer, no replica being in rotation: an answer too.
func (b *balancer) reject(j job) {
	b.moves.begin()
	defer b.moves.end()
	m := b.metrics[j.class]
	at := time.Now()
	m.arrive(at, j.duplicate)
	b.pairs.arrive(j.class, j.arrival)
	m.reject(j, lab.RejectBalancer, time.Time{}, at, b.end, false)
	b.pairs.settle(j.class, j.arrival, lab.TurnedAway(lab.RejectBalancer))
	j.done(at)
}

// check sends the n-th health check to the next replica, pulled or not; a drained one's
// turn passes, and that check never exists.
func (b *balancer) check(_ lab.Class, intended time.Time, n int64) {
	if b.drained.Load() != int64(b.checked+1) {
		b.targets[b.checked].arrive(lab.Health, intended, n)
	} else {
		b.pairs.skip(lab.Health, n)
	}
	b.checked = (b.checked + 1) % len(b.targets)
}
