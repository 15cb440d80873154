// The open-loop generator: arrivals on a schedule, whatever the pool does, and the profile
// steps that change its rates.

package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"poollab/lab"
)

// generator is the open-loop load: event i of a class is due at anchor + i·interval
// (or at seeded exponential gaps for poisson), whatever the pool is doing. It sleeps until
// the next due time and then emits everything due, so timer slop never becomes rate drift.
type generator struct {
	traffic lab.TrafficConfig                              // its arrival shape and seed; its profiles change the rates on their schedule
	end     time.Time                                      // zero: run until stopped
	emit    func(c lab.Class, intended time.Time, n int64) // the n-th arrival of class c, from 1
	lag     *hist                                          // how late each event left against its schedule: the generator's own health
	// marks, where set, takes what it sent by the second of each arrival's schedule, so a
	// seed gives the same arrivals a second in every run however late it sends (newcomer 36
	// #13): nil for a fleet's, whose sends a balancer may drop (a drained replica's checks).
	marks *scheduled

	mu      sync.Mutex
	rates   [numClasses]float64
	changed chan struct{} // cap 1: wakes the loop when rates change
}

func newGenerator(t lab.TrafficConfig, end time.Time, emit func(lab.Class, time.Time, int64)) *generator {
	g := &generator{traffic: t, end: end, emit: emit, lag: newHist(),
		changed: make(chan struct{}, 1)}
	for _, c := range lab.Classes {
		g.rates[c] = t.RateAt(c, 0)
	}
	return g
}

// lateness is how late it sent against its own schedule.
func (g *generator) lateness() lab.Percentiles { return g.lag.summary() }

// current is the rate in force for each class now.
func (g *generator) current() [numClasses]float64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.rates
}

// changeRates sets in force, for each class whose base rate went from from[c] to another
// to[c], the new one; every other class keeps its rate in force, which a profile's step may
// have set.
func changeRates(inForce *[numClasses]float64, from, to [numClasses]float64) {
	for c := range inForce {
		if from[c] != to[c] {
			inForce[c] = to[c]
		}
	}
}

// setRates takes effect from now: a class whose rate changed starts a new schedule at once.
func (g *generator) setRates(from, to [numClasses]float64) {
	g.mu.Lock()
	changeRates(&g.rates, from, to)
	g.mu.Unlock()
	select {
	case g.changed <- struct{}{}:
	default:
	}
}

// schedule is one class's arrival plan.
type schedule struct {
	rate   float64
	anchor time.Time
	i      int64
	next   time.Time // zero: no traffic
	rng    *rand.Rand
}

func (s *schedule) reset(rate float64, at time.Time, arrivals lab.Arrivals) {
	s.rate, s.anchor, s.i = rate, at, 0
	s.next = time.Time{}
	if rate > 0 {
		s.next = at
		if arrivals == lab.Poisson {
			s.next = at.Add(s.gap())
		}
	}
}

func (s *schedule) gap() time.Duration {
	return time.Duration(s.rng.ExpFloat64() / s.rate * float64(time.Second))
}

func (s *schedule) advance(arrivals lab.Arrivals) {
	s.i++
	if arrivals == lab.Poisson {
		s.next = s.next.Add(s.gap())
		return
	}
	s.next = s.anchor.Add(time.Duration(math.Round(float64(s.i) * float64(time.Second) / s.rate)))
}

// run emits events from start until ctx ends or the end time passes.
func (g *generator) run(ctx context.Context, start time.Time) {
	var (
		sched [numClasses]schedule
		sent  [numClasses]int64 // arrivals so far: the next one's number, less 1, whatever the rate steps did
		bound time.Time         // the next whole second, which marks wait for; zero: no marks
	)
	// nextBound is the whole second after b, zero from a bounded run's last on: that one, at
	// the end, counts everything sent (finish). Whole seconds, not the sample instants a
	// sampleLead before them: from 2.99s to the end at 8s, an even 100/s read 100.2/s (n37 #20).
	nextBound := func(b time.Time) time.Time {
		if b = b.Add(time.Second); !g.end.IsZero() && !b.Before(g.end) {
			return time.Time{}
		}
		return b
	}
	if g.marks != nil {
		bound = nextBound(start)
		defer func() { g.marks.finish(sent) }()
	}
	// Classes due at the same instant go in a seeded random order, as two real schedulers
	// race: never by class index, which would hand every contested worker to one class.
	ties := rand.New(rand.NewPCG(uint64(g.traffic.Seed), 0))
	// earliest is the class due first, or -1 when none has traffic; fair picks among
	// classes due at that same instant at random. Only an emission draws, so the schedule
	// alone decides the random stream, however late the generator runs.
	earliest := func(fair bool) int {
		c, tied := -1, 0
		for i := range sched {
			n := sched[i].next
			switch {
			case n.IsZero():
			case c < 0 || n.Before(sched[c].next):
				c, tied = i, 1
			case fair && n.Equal(sched[c].next):
				if tied++; ties.IntN(tied) == 0 {
					c = i
				}
			}
		}
		return c
	}
	g.mu.Lock()
	for c := range sched {
		// One stream per class from the seed: the same seed gives the same arrivals in every run.
		sched[c].rng = rand.New(rand.NewPCG(uint64(g.traffic.Seed), uint64(c)+1))
		sched[c].reset(g.rates[c], start, g.traffic.Arrivals)
	}
	g.mu.Unlock()
	steps := newStepper(g.traffic, start)
	for c, at, ok := steps.due(); ok && !at.After(start); c, at, ok = steps.due() {
		steps.take(c) // in force from the start: the generator began with it
	}
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		var due time.Time
		if c := earliest(false); c >= 0 {
			due = sched[c].next
		}
		if _, at, ok := steps.due(); ok && (due.IsZero() || at.Before(due)) {
			due = at // a rate step comes first
		}
		if !bound.IsZero() && (due.IsZero() || bound.Before(due)) {
			due = bound // a second's mark comes first
		}
		// Nothing more due before the end of a bounded run: wait for the end (a rate may
		// still be raised before it), then stop.
		wake := due
		if !g.end.IsZero() && (wake.IsZero() || !wake.Before(g.end)) {
			if !time.Now().Before(g.end) {
				return
			}
			wake = g.end
		}
		var fire <-chan time.Time
		if !wake.IsZero() {
			timer.Reset(time.Until(wake))
			fire = timer.C
		}
		select {
		case <-ctx.Done():
			return
		case <-g.changed:
			now := time.Now()
			g.mu.Lock()
			for c := range sched {
				if g.rates[c] != sched[c].rate {
					sched[c].reset(g.rates[c], now, g.traffic.Arrivals)
				}
			}
			g.mu.Unlock()
		case <-fire:
			// Everything due, in schedule order across classes; lateness is taken per event, so
			// the time a burst takes to hand over counts too.
			for ctx.Err() == nil {
				now := time.Now()
				c := earliest(false)
				// A second's mark once its instant has come and all scheduled before it is sent,
				// a step before it taken too (its rate's arrivals may fall before it).
				if !bound.IsZero() && !now.Before(bound) && (c < 0 || !sched[c].next.Before(bound)) {
					if _, at, ok := steps.due(); !ok || !at.Before(bound) {
						g.marks.mark(sent)
						bound = nextBound(bound)
						continue
					}
				}
				// A profile's step due before the next arrival changes its class's rate first,
				// from the step's own instant: a late wake-up never shifts the schedule.
				if sc, at, ok := steps.due(); ok && !at.After(now) && (g.end.IsZero() || at.Before(g.end)) &&
					(c < 0 || !sched[c].next.Before(at)) {
					rate := steps.take(sc)
					g.mu.Lock()
					g.rates[sc] = rate
					g.mu.Unlock()
					sched[sc].reset(rate, at, g.traffic.Arrivals)
					continue
				}
				if c < 0 {
					break
				}
				if due := sched[c].next; due.After(now) || (!g.end.IsZero() && !due.Before(g.end)) {
					break
				}
				c = earliest(true) // due now: among classes due at this very instant, a race
				s := &sched[c]
				g.lag.record(now.Sub(s.next))
				sent[c]++
				g.emit(lab.Class(c), s.next, sent[c])
				s.advance(g.traffic.Arrivals)
			}
		}
	}
}

// stepper walks the classes' profiles in time order during a run.
type stepper struct {
	start time.Time
	steps [numClasses][]lab.RateStep
	next  [numClasses]int
}

func newStepper(t lab.TrafficConfig, start time.Time) *stepper {
	s := &stepper{start: start}
	for _, c := range lab.Classes {
		s.steps[c] = t.Profile(c)
	}
	return s
}

// due is the class whose next step comes first and when; false when no step is left.
func (s *stepper) due() (lab.Class, time.Time, bool) {
	var (
		first lab.Class
		at    time.Time
		ok    bool
	)
	for _, c := range lab.Classes {
		if i := s.next[c]; i < len(s.steps[c]) {
			if t := s.start.Add(s.steps[c][i].At.D()); !ok || t.Before(at) {
				first, at, ok = c, t, true
			}
		}
	}
	return first, at, ok
}

// take moves class c past its next step and returns the rate it sets.
func (s *stepper) take(c lab.Class) float64 {
	r := s.steps[c][s.next[c]].Rate
	s.next[c]++
	return r
}
