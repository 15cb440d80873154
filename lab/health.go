// A balancer's view of an instance as the screen reads it: HealthStats and Pull.

package lab

import "time"

// HealthStats is the load balancer's view of this instance.
type HealthStats struct {
	FailStreak int   // failed checks in a row now (starved or answered too late)
	Pulled     bool  // a balancer would have taken this instance out of rotation
	Pulls      int64 // times it was pulled
	// History is each pull, oldest first, with when the instance came back (the last
	// maxPulls of them).
	History []Pull
}

// Pull is one time a balancer took an instance out of rotation.
type Pull struct {
	Replica    int           // in a fleet, which replica (1 is the first); 0 for one instance
	At         time.Duration // since the start
	ReturnedAt time.Duration // since the start; 0 while it is still out
	Drained    bool          // taken out by the operator's drain (a deploy), not for failed checks
	// Ahead is the payments the check that tipped the pull found queued ahead of it when
	// it arrived: what made it wait past its timeout (0 for a drain). Refused says that
	// check was turned away instead (rejected:pool: a full queue, or a queue limit).
	// Queued is every request queued ahead of it (payments, signups, checks). Freed is
	// the payments the workers finished while it waited, up to its timeout, each freeing a
	// worker: fewer than Ahead + 1, and no worker reached it in time (or Ahead + 1, the last
	// at the very end, its worker reaching it after). Ahead is -1 where the queue does not
	// serve in arrival order (LIFO, CoDel): none is ahead of it by right.
	Ahead, Queued, Freed int
	Refused              bool
}

// Returned says the instance came back into rotation after this pull.
func (p Pull) Returned() bool { return p.ReturnedAt > 0 }

// Drain is a drained replica's out in its word with its span, at its start as the caller
// writes it: "drained 5.0s–35.0s" once over, back when the drain ended (it gets no checks
// meanwhile), "drained since 5.0s" while it lasts, or brief "drained 5.0s", where its row
// says DRAINED beside (the domino's brief story at 80x24, whose charts the word cost). The
// rows' form (DrainInOrder the pulls line's and the domino's): a row said "pulled 5.0s, back
// 35.0s after 100 ok" of a drain, and no line said when one ended (newcomer 67).
func (p Pull) Drain(at string, brief bool) string {
	switch {
	case p.Returned():
		return "drained " + at + "–" + FmtSecs(p.ReturnedAt)
	case brief:
		return "drained " + at
	}
	return "drained since " + at
}

// DrainInOrder is Drain for a line of events in time order, the pulls line and the domino: a
// drain that is over by its length, "drained 5.0s for 30s", as "drained 5.0s–35.0s → r4
// pulled 9.3s" ran time backwards after its arrow (review s83fleet).
func (p Pull) DrainInOrder(at string, brief bool) string {
	if p.Returned() {
		return "drained " + at + " for " + FmtDur(p.ReturnedAt-p.At)
	}
	return p.Drain(at, brief)
}

// Judge is who acts on an instance's health checks.
type Judge int

const (
	// NoBalancer: a lone instance; its checks say what a balancer would see, and nothing
	// takes it out of rotation.
	NoBalancer Judge = iota
	// FleetBalancer: a fleet's balancer, which pulls a replica on them.
	FleetBalancer
)

// ChecksJudge is who acts on this lab's health checks: the fleet's balancer, or (one
// instance) no one.
func (s *Snapshot) ChecksJudge() Judge {
	if s.Fleet != nil {
		return FleetBalancer
	}
	return NoBalancer
}
