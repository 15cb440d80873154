package lab

// Class is a kind of request sharing the pool. The server cannot tell them apart; the lab can.
type Class uint8

const (
	Payment Class = iota // calls the slow dependency over HTTP
	Signup               // short local work
	numClasses
)

// Classes lists every class in display order.
var Classes = [numClasses]Class{Payment, Signup}

func (c Class) String() string {
	switch c {
	case Payment:
		return "payment"
	case Signup:
		return "signup"
	}
	return "unknown"
}

// Reason says who turned a request away before it was served.
type Reason uint8

const (
	RejectPool     Reason = iota // no free worker and no room in the accept queue: starvation
	RejectBulkhead               // the payment bulkhead had no permit within its max wait
	numReasons
)

// Reasons lists every rejection reason in display order.
var Reasons = [numReasons]Reason{RejectPool, RejectBulkhead}

func (r Reason) String() string {
	switch r {
	case RejectPool:
		return "pool"
	case RejectBulkhead:
		return "bulkhead"
	}
	return "unknown"
}

// Outcome is how a request that got a worker ended.
type Outcome uint8

const (
	OK       Outcome = iota // answered
	Failed                  // the dependency refused or answered with an error
	TimedOut                // the payment timeout cut the call
)
