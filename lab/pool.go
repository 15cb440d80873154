// The shared pool as the screen reads it: Phase, Worker and PoolStats.

package lab

import "time"

// Phase says what a busy worker is doing, so the screen can tell waiting from working.
type Phase uint8

const (
	PhaseIdle     Phase = iota
	PhaseWork           // running its handler (signup work, or payment code around the call)
	PhaseCall           // blocked in the HTTP call to the dependency
	PhaseBulkhead       // waiting for a bulkhead permit
	PhaseConnWait       // waiting to lease a connection from the per-route pool
	PhaseHandoff        // handed the call to the thread-pool bulkhead, waiting for its answer
)

// Phases lists every phase in display order.
var Phases = []Phase{PhaseIdle, PhaseWork, PhaseCall, PhaseBulkhead, PhaseConnWait, PhaseHandoff}

var phaseNames = [...]string{"idle", "working", "in call", "waiting for bulkhead", "waiting for connection", "waiting on thread pool"}

func (p Phase) String() string { return phaseNames[p] }

// Worker is one cell of the pool picture.
type Worker struct {
	Class Class
	Phase Phase // PhaseIdle: free
}

// Busy reports whether a request holds this worker.
func (w Worker) Busy() bool { return w.Phase != PhaseIdle }

// PoolStats is the pool at one instant.
type PoolStats struct {
	Size       int // workers now (pool.workers)
	QueueCap   int // pool.queue; with Unbounded, int(QueueUnbounded)
	Discipline Discipline
	Busy       int
	BusyBy     [numClasses]int
	InPhase    [len(phaseNames)]int // busy workers by phase
	Queued     int
	QueuedBy   [numClasses]int
	PeakBusy   int
	PeakQueued int
	FullFor    time.Duration // total time with no free worker
	Workers    []Worker      // one per worker; longer than Size while a shrunk pool drains
	Unbounded  bool          // pool.queue unbounded: every queued request is a goroutine waiting for a worker
	Max        int           // autoscale: the most workers it may grow to; 0: it does not scale
	PeakSize   int           // the most workers it had
}

// HasQueue says requests may wait here for a worker: a queue of places, or unbounded
// (QueueCap is then a sentinel, never a count).
func (p PoolStats) HasQueue() bool { return p.Unbounded || p.QueueCap > 0 }
