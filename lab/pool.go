// The shared pool as the screen reads it: Phase (the core's, and the registry of those a
// mechanism adds), Worker and PoolStats.

package lab

import (
	"fmt"
	"time"
)

// Phase says what a busy worker is doing, so the screen can tell waiting from working. The
// core's phases are here; a mechanism that makes a worker wait declares and registers its
// own (its number, its name, its glyph in the pool picture and its words).
type Phase uint8

// numPhases is the room for phases: counts per phase are arrays this long.
const numPhases = 8

const (
	PhaseIdle Phase = 0
	PhaseWork Phase = 1 // running its handler (signup work, or payment code around the call)
	PhaseCall Phase = 2 // blocked in the HTTP call to the dependency
)

// Phases lists every registered phase in display order.
var Phases []Phase

// phaseDef is a phase as it is registered: a waiting one has a glyph of its own in the pool
// picture, and the words its legend and the help give it.
type phaseDef struct {
	name  string
	rank  int  // its place in Phases, lowest first
	glyph rune // a waiting phase's cell in the pool picture; 0: the worker works
	words string
	short string // the words where the legend is short of room, after "of them" ("of them wait for a permit")
}

var phases [numPhases]*phaseDef

// registerPhase adds phase ph to the registry, at its rank among the others.
func registerPhase(ph Phase, d phaseDef) {
	if int(ph) >= numPhases || phases[ph] != nil {
		panic(fmt.Sprintf("phase %d (%s): taken, or past the room for %d", ph, d.name, numPhases))
	}
	phases[ph] = &d
	Phases = insertRanked(Phases, ph, func(x Phase) int { return phases[x].rank })
}

func init() {
	registerPhase(PhaseIdle, phaseDef{name: "idle", rank: 10})
	registerPhase(PhaseWork, phaseDef{name: "working", rank: 20})
	registerPhase(PhaseCall, phaseDef{name: "in call", rank: 30})
}

func (p Phase) String() string {
	if d := p.def(); d != nil {
		return d.name
	}
	return "unknown"
}

// Waits says a worker in this phase waits (for a permit, a connection, a thread) rather than
// works: it is idle, working, or in its call otherwise.
func (p Phase) Waits() bool { return p != PhaseIdle && p != PhaseWork && p != PhaseCall }

// Glyph is a waiting phase's cell in the pool picture; '~' for one that has none.
func (p Phase) Glyph() rune {
	if d := p.def(); d != nil && d.glyph != 0 {
		return d.glyph
	}
	return '~'
}

// Words say what a worker in a waiting phase waits for; short, in fewer words.
func (p Phase) Words(short bool) string {
	d := p.def()
	switch {
	case d == nil || d.words == "":
		return p.String()
	case short:
		return d.short
	}
	return d.words
}

func (p Phase) def() *phaseDef {
	if int(p) < numPhases {
		return phases[p]
	}
	return nil
}

// Worker is one cell of the pool picture.
type Worker struct {
	Class Class
	Phase Phase         // PhaseIdle: free
	Held  time.Duration // how long its request has held it, when the pool was read (0: free)
}

// Busy reports whether a request holds this worker.
func (w Worker) Busy() bool { return w.Phase != PhaseIdle }

// Idle is how many of the pool's workers are idle now: the cells not busy, and the slots
// not yet in the picture.
func (p PoolStats) Idle() int {
	n := max(p.Size-len(p.Workers), 0)
	for _, w := range p.Workers {
		if !w.Busy() {
			n++
		}
	}
	return n
}

// AtWork reports whether the pool holds any request now, on a worker or queued: a replica
// out of rotation that does is still finishing.
func (p PoolStats) AtWork() bool { return p.Busy+p.Queued > 0 }

// PoolStats is the pool at one instant.
type PoolStats struct {
	Size       int // workers now (pool.workers)
	QueueCap   int // pool.queue; with Unbounded, int(QueueUnbounded)
	Discipline Discipline
	Busy       int
	BusyBy     [numClasses]int
	InPhase    [numPhases]int // busy workers by phase
	Queued     int
	QueuedBy   [numClasses]int
	PeakBusy   int
	PeakQueued int
	// LongestInQueue is the longest a request a worker took had waited in the accept queue,
	// from joining it to leaving it for the worker: the wait a discipline's limit bounds
	// (CoDel's interval), not its lateness before it or its hand-off to the worker after.
	LongestInQueue time.Duration
	// OldestWaiting is how long the oldest request still in the queue has waited, when the
	// pool was read (0: none waiting), and OldestWaitingClass its class: what the finished
	// requests' latencies leave out, and under LIFO the lesson, as the oldest wait longest.
	// A fleet's is the oldest across its replicas.
	OldestWaiting      time.Duration
	OldestWaitingClass Class
	FullFor            time.Duration // total time with no free worker
	// FullSpells is how many times the pool became full: each spell ends with one worker
	// freeing, so at most one arrival a spell can reach the pool just before that free. 0 for
	// a fleet, as FullFrom: only one instance's pool-full line reads it.
	FullSpells int64
	FullFrom   time.Duration // when, since the start, the pool first had no free worker; 0 if not yet (and for a fleet)
	Parked     int           // goroutines that ended a job and wait up to a second for the next (with an unbounded queue, only those that freed with none waiting: a worker that frees with requests waiting hands its slot on and ends)
	// Held is the worker-time each class has held since the start: over a span, its growth
	// divided by the span is the workers the class held on average (Little's L), which a
	// sample at one instant is not.
	Held      [numClasses]time.Duration
	Workers   []Worker // one per worker; longer than Size while a shrunk pool drains
	Unbounded bool     // pool.queue unbounded: every queued request is a goroutine waiting for a worker
	Max       int      // autoscale: the most workers it may grow to; 0: it does not scale
	PeakSize  int      // the most workers it had
}

// QueueRound is how many waiting requests make one round of the pool: one per worker of the
// most it may have (its autoscale max, or its size). An unbounded queue has no capacity to
// be drawn to scale with; a round is a scale with a meaning, the same all through a run
// that is not resized by hand: k rounds queued are k service times ahead of a new arrival
// (first in, first out, every worker busy).
func (p PoolStats) QueueRound() int { return max(p.Max, p.Size, 1) }

// HasQueue says requests may wait here for a worker: a queue of places, or unbounded
// (QueueCap is then a sentinel, never a count).
func (p PoolStats) HasQueue() bool { return p.Unbounded || p.QueueCap > 0 }

// Waited says a request has waited here for a worker: one was queued, at some point (a
// request is queued only when no worker is free). A queue none has waited in leaves the
// wait for a worker the machine's delay alone, as no queue does.
func (p PoolStats) Waited() bool { return p.PeakQueued > 0 }
