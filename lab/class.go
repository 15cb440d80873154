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

// Reason says who turned a request away before it was served.
type Reason uint8

const (
	RejectPool     Reason = iota // no free worker and no room in the accept queue: starvation
	RejectBulkhead               // the payment bulkhead had no permit (or thread and queue slot) in time
	RejectBreaker                // the circuit breaker was open: short-circuited without a call
	RejectConnPool               // no connection to the route within the lease timeout
	numReasons
)

// Reasons lists every rejection reason in display order.
var Reasons = [numReasons]Reason{RejectPool, RejectBulkhead, RejectBreaker, RejectConnPool}

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
	}
	return "unknown"
}

// Outcome is how a request that got a worker ended.
type Outcome uint8

const (
	OK       Outcome = iota // answered
	Failed                  // the dependency refused or answered with an error
	TimedOut                // a timeout fired: the call was cut (socket) or the worker walked away (caller)
)
