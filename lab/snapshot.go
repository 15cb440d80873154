package lab

import "time"

// Snapshot is the whole lab at one instant. It shares nothing mutable with the lab:
// slices in it are copies, or prefixes of append-only arrays the lab never rewrites.
type Snapshot struct {
	Config      Config
	Chain       []string // the payment path in force, outermost stage first (shared: never written)
	Waits       []Phase  // what a worker holding a payment may wait for in that chain (shared: never written)
	Elapsed     time.Duration
	Classes     [numClasses]ClassStats
	Pool        PoolStats
	Bulkhead    BulkheadStats
	Breaker     BreakerStats
	Connections ConnectionStats
	Orphans     OrphanStats
	Health      HealthStats
	Dependency  DependencyStats
	Generator   GeneratorStats
	Timeline    []Second // one entry per whole second of the run, oldest first
	Goroutines  int64    // goroutines this lab owns now: workers, bulkhead threads, orphaned calls, generator, sampler
	// Fleet is the fleet behind its balancer; nil for one instance. A fleet's snapshot has
	// the fleet-wide classes (rejected.balancer included), the replicas' pools and isolation
	// added up, and each replica's own snapshot here.
	Fleet *FleetStats
}

// DependencyStats is what the dependency itself saw.
type DependencyStats struct {
	URL          string
	Mode         DependencyMode
	Requests     int64
	InFlight     int64
	PeakInFlight int64
}

// GeneratorStats is the open-loop generator's own health.
type GeneratorStats struct {
	Lag Percentiles // how late events left against their schedule
}

// Second is one per-second sample of the run, taken 10 ms before each whole second (at the
// end of a bounded run, at its end), with what happened since the previous sample.
type Second struct {
	T           int                           // seconds since start
	Busy        [numClasses]int               // workers held per class at the sample
	Queued      int                           // requests in the accept queue
	DepInFlight int64                         // calls the dependency was serving
	Arrived     [numClasses]int64             // arrivals during this second
	OK          [numClasses]int64             // answered during this second
	Failed      [numClasses]int64             // failed during this second
	TimedOut    [numClasses]int64             // timed out during this second
	Rejected    [numClasses][numReasons]int64 // turned away during this second, by reason
}

// Active says class c has traffic in this run: a rate, or something that arrived.
func (s *Snapshot) Active(c Class) bool {
	return s.Config.Traffic.Rate(c) > 0 || s.Classes[c].Arrived > 0
}

// LastSecond is the most recent whole second of the timeline; nil before the first.
func (s *Snapshot) LastSecond() *Second {
	if n := len(s.Timeline); n > 0 {
		return &s.Timeline[n-1]
	}
	return nil
}

// StarvingNow says class c is being starved: turned away for want of a worker during the
// last whole second (before the first, at all). A payment turned away by the pool is a
// rejection, not starvation.
func (s *Snapshot) StarvingNow(c Class) bool {
	if !c.Starves() {
		return false
	}
	if last := s.LastSecond(); last != nil {
		return last.Rejected[c][RejectPool] > 0
	}
	return s.Classes[c].Rejected[RejectPool] > 0
}
