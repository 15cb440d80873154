package lab

import (
	"sync/atomic"
	"time"
)

// balancer is a fleet's load balancer. It gives each request of the stream to the next
// replica in rotation, in turn, skipping the pulled ones; with every replica pulled the
// request fails at the balancer (rejected.balancer: no healthy target). It checks each
// replica every check_every through that replica's own pool; each replica's healthCheck
// decides when it is pulled (pull_after failed checks in a row) and returned (return_after
// passed ones). A pulled replica gets no traffic but the checks.
type balancer struct {
	start   time.Time
	targets []*Lab
	metrics *[numClasses]*classMetrics // the fleet's: what the balancer turns away is counted there

	next    int // the replica after the last one given a request: the stream generator's goroutine only
	checked int // the replica the next check goes to: the check generator's goroutine only

	allPulled atomic.Int64 // since the start, when every replica was first out at once; 0: never
}

// route hands one request of the stream to the next replica in rotation.
func (b *balancer) route(c Class, intended time.Time) {
	n := len(b.targets)
	for k := range n {
		i := (b.next + k) % n
		if !b.targets[i].health.pulled() {
			b.next = (i + 1) % n
			b.targets[i].arrive(c, intended)
			return
		}
	}
	m := b.metrics[c]
	m.arrive()
	m.reject(RejectBalancer)
}

// check sends the next health check to the next replica, pulled or not.
func (b *balancer) check(_ Class, intended time.Time) {
	b.targets[b.checked].arrive(Health, intended)
	b.checked = (b.checked + 1) % len(b.targets)
}

// changed hears of a replica pulled or returned, and notes the first moment none was left.
func (b *balancer) changed() {
	for _, t := range b.targets {
		if !t.health.pulled() {
			return
		}
	}
	b.allPulled.CompareAndSwap(0, int64(max(time.Since(b.start), 1)))
}
