package lab

import (
	"fmt"
	"time"

	"poollab/slowserver"
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

// servers is how many servers the dependency is: the hops of a chain, or the one.
func (d DependencyConfig) servers() int { return max(d.Hops, 1) }

// HopAttempts is the tries each hop makes per request it receives.
func (d DependencyConfig) HopAttempts() int {
	if d.RetryAt == RetryAtEveryHop {
		return d.Hop.Retry
	}
	return 1
}

// forward is how every hop but the last calls the next one; its backoff is payment.retry's.
func (d DependencyConfig) forward(r RetryConfig) slowserver.Forward {
	return slowserver.Forward{Propagate: d.Deadline == DeadlinePropagate, Timeout: d.Hop.Timeout.D(),
		Attempts: d.HopAttempts(), Backoff: r.Backoff.D(), Reserve: d.Hop.Reserve.D(), MinCall: d.Hop.MinCall.D()}
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

// startDependency starts the dependency on 127.0.0.1: one server, or a chain of
// dependency.hops servers, each calling the next, the last with the configured mode. The
// lab calls the first, on its fixed port (o.Ports) or any free one.
func startDependency(o Options, c Config) ([]*slowserver.Server, error) {
	ln, err := o.Ports.listener(o.side)
	if err != nil {
		return nil, err
	}
	d := c.Dependency
	hops := make([]slowserver.Forward, d.servers()-1)
	for i := range hops {
		hops[i] = d.forward(c.Payment.Retry)
	}
	return slowserver.StartChainOn(ln, hops, dependencySettings(d))
}

// setDependency applies c to the running servers (a lab's or a fleet's, whose run began at
// start). A chain's length is fixed while it runs. The last server, the one that stalls,
// counts its stalls from its own start, a moment before the run's (traffic needs its
// address first): its stalls are moved by the difference, so stall.first_at counts from
// the run's start, as every other time in the lab does.
func setDependency(servers []*slowserver.Server, c Config, start time.Time) error {
	d := c.Dependency
	if n := d.servers(); n != len(servers) {
		return &FieldError{Key: "dependency.hops", Msg: fmt.Sprintf("the lab runs %d; changing it to %d takes a restart (r)", len(servers), n)}
	}
	last := len(servers) - 1
	for i, s := range servers[:last] {
		f := d.forward(c.Payment.Retry)
		f.URL = servers[i+1].URL()
		if err := s.Set(slowserver.Settings{Mode: slowserver.Healthy, Forward: &f}); err != nil {
			return fmt.Errorf("dependency: hop %d: %w", i+1, err)
		}
	}
	s := dependencySettings(d)
	s.Stall.FirstAt += start.Sub(servers[last].Started())
	if err := servers[last].Set(s); err != nil {
		return fmt.Errorf("dependency: %w", err)
	}
	return nil
}

// hopStats reads every server of a chain, edge first; nil for the plain dependency.
func hopStats(servers []*slowserver.Server) []HopStats {
	if len(servers) < 2 {
		return nil
	}
	out := make([]HopStats, len(servers))
	for i, s := range servers {
		st := s.Stats()
		out[i] = HopStats{Requests: st.Requests, InFlight: st.InFlight, PeakInFlight: st.PeakInFlight,
			PastDeadline: st.PastDeadline, Calls: st.Calls}
	}
	return out
}

// HopPerPayment is the requests hop i of a chain (0: the edge) received per payment that
// called; 0 before the first call.
func (s *Snapshot) HopPerPayment(i int) float64 {
	if s.Calls.Payments == 0 {
		return 0
	}
	return float64(s.Hops[i].Requests) / float64(s.Calls.Payments)
}

// DeepestPerPayment is HopPerPayment at the last hop (27 for 3 layers that each try 3
// times against a dependency that always fails); 0 without a chain.
func (s *Snapshot) DeepestPerPayment() float64 {
	if len(s.Hops) == 0 {
		return 0
	}
	return s.HopPerPayment(len(s.Hops) - 1)
}

// Retried says the run has retries to tell of: its settings retry, or it made some (under
// settings changed since).
func (s *Snapshot) Retried() bool { return s.Config.Payment.Retry.Retries() || s.Calls.Retries > 0 }

// PastDeadline sums the requests every hop worked on past the user's deadline.
func (s *Snapshot) PastDeadline() int64 {
	var n int64
	for _, h := range s.Hops {
		n += h.PastDeadline
	}
	return n
}
