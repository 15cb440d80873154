// A chain of hops (dependency.hops): how they time and retry their calls (DeadlineMode, RetryAt,
// HopConfig), the floor a propagated deadline keeps, and HopStats.

package lab

import (
	"time"
)

// DeadlineMode is how the hops of a chain time their calls (dependency.deadline).
type DeadlineMode string

const (
	// DeadlinePerHop: each hop gives each try its own timeout (dependency.hop.timeout),
	// ignores the time its caller has left, and keeps working after its caller has gone.
	DeadlinePerHop DeadlineMode = "per-hop"
	// DeadlinePropagate: the lab sends what is left of the call's deadline
	// (Poollab-Timeout, as gRPC's grpc-timeout); each hop spends that budget, keeps a
	// reserve for its own failure handling, does not call with less than min_call left, and
	// stops as soon as its caller has gone, so the hop below stops too.
	DeadlinePropagate DeadlineMode = "propagate"
)

// DeadlineModes lists the modes.
var DeadlineModes = []DeadlineMode{DeadlinePerHop, DeadlinePropagate}

// RetryAt says which layers of a chain retry (dependency.retry_at).
type RetryAt string

const (
	RetryAtEdge     RetryAt = "edge"      // the lab only (payment.retry); each hop tries once
	RetryAtEveryHop RetryAt = "every_hop" // the lab, and every hop dependency.hop.retry times
)

// RetryAts lists the choices.
var RetryAts = []RetryAt{RetryAtEdge, RetryAtEveryHop}

// HopConfig is dependency.hop: how every hop of a chain but the last calls the next.
type HopConfig struct {
	// Timeout is, per-hop, each try's timeout; with propagate, the budget of a request that
	// carries none and a cap on each try (the shorter of it and the deadline wins). 0: none.
	Timeout Duration `yaml:"timeout" json:"timeout"`
	Retry   int      `yaml:"retry" json:"retry"`       // tries per request with retry_at: every_hop (edge: one)
	Reserve Duration `yaml:"reserve" json:"reserve"`   // propagate: kept back for the hop's own failure handling
	MinCall Duration `yaml:"min_call" json:"min_call"` // propagate: no call with less than this left after the reserve
}

// Chain says payments go through a chain of hops rather than to one server.
func (d DependencyConfig) Chain() bool { return d.Hops >= 2 }

// Servers is how many servers the dependency is: the hops of a chain, or the one.
func (d DependencyConfig) Servers() int { return max(d.Hops, 1) }

// HopAttempts is the tries each hop makes per request it receives.
func (d DependencyConfig) HopAttempts() int {
	if d.RetryAt == RetryAtEveryHop {
		return d.Hop.Retry
	}
	return 1
}

// Floor is the least time a call through a chain with a propagated deadline can use: the
// reserves of the hops that call another, and the min_call the one before the last asks
// for. With less left, no hop calls the last one, so the lab does not start the call.
func (d DependencyConfig) Floor() time.Duration {
	if !d.Chain() || d.Deadline != DeadlinePropagate {
		return 0
	}
	return time.Duration(d.Hops-1)*d.Hop.Reserve.D() + d.Hop.MinCall.D()
}

// HopStats is one server of a chain, as it saw its requests.
type HopStats struct {
	Requests     int64 // requests it received
	InFlight     int64 // requests it is working on now
	PeakInFlight int64
	PastDeadline int64 // requests it received, or was still working on, after the user's deadline
	Calls        int64 // tries it made to the next hop (0 for the last)
}
