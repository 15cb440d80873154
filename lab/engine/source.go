// The source of a run's traffic, which a lab of its own and a fleet each have and a fleet's
// replica does not: the dependency they start and close, and the load that sends requests.

package engine

import (
	"context"
	"time"

	"poollab/lab"
	"poollab/slowserver"
)

// load sends a run's traffic: the open-loop generator, or the closed-loop users.
type load interface {
	run(ctx context.Context, start time.Time) // returns when nothing more will be sent
	setRates(from, to [numClasses]float64)    // the base rates before and after an Apply
	lateness() lab.Percentiles                // how late it sent against its own schedule or pacing
	current() [numClasses]float64             // the rates in force now
}

// receiver is where a load's requests go: a lab's own instance, or a fleet's balancer.
type receiver interface {
	arrive(c lab.Class, intended time.Time, n int64)                                      // the generator's: its class's n-th arrival
	send(c lab.Class, at, due time.Time, expected time.Duration, replied func(time.Time)) // a closed-loop user's
	resubmit(c lab.Class, intended time.Time)                                             // an impatient user's second try
}

// source is a run's dependency and its load.
type source struct {
	servers   []*slowserver.Server // the dependency and its hops, edge first
	load      load
	users     *closedLoop  // closed mode's users; nil in open mode
	resubmits *resubmitter // impatient users sending their request again
	marks     *scheduled   // where set before start, an open-loop generator's sends by their schedule's second
}

// newSource is a source on servers for a run ending at end (zero: at Stop); start starts
// its load.
func newSource(servers []*slowserver.Server, end time.Time) *source {
	return &source{servers: servers, resubmits: newResubmitter(end)}
}

// start sends t to to, on lc's goroutines and clock; sent closes once everything due is sent.
func (s *source) start(lc *lifecycle, t lab.TrafficConfig, sent chan<- struct{}, to receiver) {
	s.resubmits.emit = to.resubmit
	if t.Mode == lab.Closed {
		s.users = newClosedLoop(t, lc.start, lc.end, to.send, lc.spawn)
		s.load = s.users
	} else {
		g := newGenerator(t, lc.end, to.arrive)
		g.marks = s.marks
		s.load = g
	}
	lc.spawn(func() { s.load.run(lc.ctx, lc.start); close(sent) })
	lc.spawn(func() { s.resubmits.run(lc.ctx) })
}

// apply sets the dependency to cfg; the run began at start.
func (s *source) apply(cfg lab.Config, start time.Time) error {
	return setDependency(s.servers, cfg, start)
}

// setRates tells the load of the base rates that changed from old to next, if any did.
func (s *source) setRates(old, next lab.TrafficConfig) {
	if from, to := old.Rates(), next.Rates(); from != to {
		s.load.setRates(from, to)
	}
}

// fill puts the load in snap: the rates in force, its lateness, a closed loop's users.
func (s *source) fill(snap *lab.Snapshot) {
	snap.RatesInForce = s.load.current()
	snap.Generator.Lag = s.load.lateness()
	if s.users != nil {
		snap.ClosedLoop = s.users.stats()
	}
}

// close closes the dependency and its hops, edge first: no hop is left calling a closed one.
func (s *source) close() { closeServers(s.servers) }
