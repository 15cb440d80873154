// Package engine runs the lab: a shared worker pool, the load that feeds it, the isolation
// mechanisms of package lab around each payment call, honest metrics, and the slow
// dependency on loopback. What it measures it hands over as lab.Snapshot; it imports no UI.
//
// This file: a lab of its own (Lab), how one is started (Options, Launch), and the Engine a
// screen drives.
package engine

import (
	"errors"
	"time"

	"poollab/lab"
)

// Options are how a lab is started, as opposed to what it runs (Config).
type Options struct {
	Ports *Ports        // fixed dependency ports (ListenPorts); nil: the OS chooses one at each start
	Until time.Duration // stop generating (and sampling) after this long; 0: run until Stop
	// OnPanic, if set, receives a panic in any of the lab's goroutines instead of the program
	// crashing, so a UI can restore the terminal first. The lab is broken after it: Stop it.
	OnPanic func(error)
	// Pairing, for a lab of a comparison, is the tally both labs share (NewPairing; Watch and
	// RunPair make their own); nil: not compared.
	Pairing *Pairing

	side int // which lab of a pair (Side): its port is the Ports' port + side
}

// Lab is one running experiment of its own: an instance with its own dependency and load.
// Every goroutine it starts ends in Stop.
type Lab struct {
	*instance
	src *source // its dependency and load: a fleet's replica has the fleet's
}

// errFleet is what startLab says to a config with more than one replica: Launch runs those.
var errFleet = errors.New("fleet.replicas > 1 is a fleet: Launch starts it")

// reserve readies the process for a run of c before its traffic starts: a descriptor table
// as large as it will need (fdtable.go), and a heap floor above what its calls will hold
// (gcfloor.go).
func reserve(c lab.Config) {
	reserveFiles(filesNeeded(c))
	reserveHeap(heapNeeded(c))
}

// startLab validates cfg, starts the dependency on 127.0.0.1 and begins traffic at once.
func startLab(cfg lab.Config, o Options) (*Lab, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Fleet.IsFleet() {
		return nil, errFleet
	}
	reserve(cfg)
	servers, err := startDependency(o, cfg)
	if err != nil {
		return nil, err
	}
	sent := make(chan struct{})
	run := newSpan(o.Until, sent)
	if err := setDependency(servers, cfg, run.start); err != nil { // before any request is sent
		closeServers(servers)
		return nil, err
	}
	src := newSource(servers, run.end)
	pairs := o.Pairing.join(o.side, cfg.Traffic, cfg.Traffic.Mode == lab.Open)
	l := &Lab{src: src, instance: newInstance(cfg, deps{span: run, servers: servers, resubmits: src.resubmits,
		rates: func() [numClasses]float64 { return src.load.current() }, onPanic: o.OnPanic, pairs: pairs})}
	if cfg.Traffic.Mode == lab.Open { // a lab of its own: every send is an arrival, counted by its schedule
		src.marks = &scheduled{}
		l.seconds.sent = func(k int) ([numClasses]int64, bool) { return src.marks.through(l.ctx, k) }
	}
	src.start(&l.lifecycle, cfg.Traffic, sent, l.instance)
	l.sample()
	return l, nil
}

// ErrStopped is what Apply returns once the lab is stopped.
var ErrStopped = errors.New("the lab is stopped")

// ErrPanic wraps a panic recovered in one of the lab's goroutines.
var ErrPanic = errors.New("lab goroutine panicked")

// Engine is a running experiment: one lab, or a fleet of them behind a balancer.
type Engine interface {
	Snapshot() lab.Snapshot
	Apply(lab.Config) error
	Stop()
	done() <-chan struct{} // closed when a bounded run has taken its last sample
}

// Launch starts cfg: one lab, or a fleet when fleet.replicas > 1.
func Launch(cfg lab.Config, o Options) (Engine, error) {
	if cfg.Fleet.IsFleet() {
		f, err := startFleet(cfg, o)
		if err != nil {
			return nil, err
		}
		return f, nil
	}
	l, err := startLab(cfg, o)
	if err != nil {
		return nil, err
	}
	return l, nil
}

// Apply changes settings while the lab runs; new work sees them at once. Arrival shape,
// seed and profiles change only on restart, since they define the schedule already under way.
func (l *Lab) Apply(cfg lab.Config) error { return l.gate.apply(cfg, l.config, l.set) }

// set makes cfg the lab's settings, its dependency's and its load's, old having been them.
func (l *Lab) set(cfg, old lab.Config) error {
	if err := l.src.apply(cfg, l.start); err != nil {
		return err
	}
	if err := l.instance.set(cfg, old); err != nil {
		return err
	}
	l.src.setRates(old.Traffic, cfg.Traffic)
	return nil
}

// Stop ends traffic, cancels every call in flight, and returns when every goroutine the lab
// started (workers, generator, sampler, dependency) has ended. It is safe to call twice.
func (l *Lab) Stop() {
	l.pairs.leave()
	l.stop(func() {
		l.transport.CloseIdleConnections()
		l.src.close()
	})
}

// Snapshot copies the lab's state; cheap enough for a 10 Hz screen.
func (l *Lab) Snapshot() lab.Snapshot {
	s := l.instance.Snapshot()
	s.SettingsChanged = l.gate.changed.Load()
	l.src.fill(&s)
	s.Pairs = l.pairs.look()
	s.Settle()
	return s
}
