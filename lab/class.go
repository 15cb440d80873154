// The vocabulary of requests: Class, the rejection Reason and the Outcome of a served one.

package lab

// Class is a kind of request sharing the pool. The server cannot tell them apart; the lab can.
type Class uint8

const (
	Payment Class = iota // calls the slow dependency over HTTP
	Signup               // short local work
	Health               // the load balancer's health check: answered at once, if a worker is free in time
	numClasses
)

// Classes lists every class in display order.
var Classes = [numClasses]Class{Payment, Signup, Health}

func (c Class) String() string {
	switch c {
	case Payment:
		return "payment"
	case Signup:
		return "signup"
	case Health:
		return "health"
	}
	return "unknown"
}

// Starves reports whether a pool rejection of this class is starvation: for every class but
// payment, the one the isolation is about, it is.
func (c Class) Starves() bool { return c != Payment }

// Reason says who turned a request away before it was served.
type Reason uint8

const (
	RejectPool     Reason = iota // no free worker and no room in the accept queue: starvation
	RejectBulkhead               // the payment bulkhead had no permit (or thread and queue slot) in time
	RejectBreaker                // the circuit breaker was open: short-circuited without a call
	RejectConnPool               // no connection to the route within the lease timeout
	RejectDeadline               // the payment's deadline passed before its call began, or too little of it was left
	RejectBalancer               // a fleet's load balancer had no replica in rotation: every one was pulled
	numReasons
)

// Reasons lists every rejection reason in display order.
var Reasons = [numReasons]Reason{RejectPool, RejectBulkhead, RejectBreaker, RejectConnPool, RejectDeadline, RejectBalancer}

func (r Reason) String() string {
	switch r {
	case RejectPool:
		return "pool"
	case RejectBulkhead:
		return "bulkhead"
	case RejectBreaker:
		return "breaker"
	case RejectConnPool:
		return "conn_pool"
	case RejectDeadline:
		return "deadline"
	case RejectBalancer:
		return "balancer"
	}
	return "unknown"
}

// Description says in plain words what a rejection for this reason means.
func (r Reason) Description() string {
	switch r {
	case RejectPool:
		return "no free worker and no room in the accept queue. For every class but payment this is starvation: STARVED"
	case RejectBulkhead:
		return "the payment bulkhead had no room: no permit within its max wait (semaphore), or no thread and no queue place (thread pool)"
	case RejectBreaker:
		return "the circuit breaker was open: failed at once without calling the dependency"
	case RejectConnPool:
		return "no connection to the dependency's route within the lease wait (the worker was held while it waited)"
	case RejectDeadline:
		return "the payment's deadline, counted from its scheduled arrival, passed while it waited (for a worker, a permit or a connection), or less was left than a call takes: failed fast instead of spending the dependency on a call that cannot finish"
	case RejectBalancer:
		return "the fleet's load balancer had no healthy target: every replica was pulled out of rotation, so the request failed before reaching any"
	}
	return "turned away by the " + r.String() + " before it was served"
}

// Outcome is how a request that got a worker ended.
type Outcome uint8

const (
	OK       Outcome = iota // answered
	Failed                  // the dependency refused or answered with an error
	TimedOut                // a timeout fired: the call was cut (socket) or the worker walked away (caller)
)
