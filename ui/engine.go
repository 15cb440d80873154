// Package ui is the live dashboard: it renders lab snapshots and turns keys into config
// changes. It talks to the engine only through Engine, so it needs no network code.
package ui

import (
	"errors"
	"fmt"
	"sync"

	"poollab/lab"
)

// Engine is the running lab as the dashboard sees it. *lab.Lab satisfies it.
type Engine interface {
	Snapshot() lab.Snapshot
	Apply(lab.Config) error
	Stop()
}

// StartFunc starts a new engine on cfg. Restarting the run is Stop on the old engine,
// then StartFunc with the settings in force.
type StartFunc func(cfg lab.Config) (Engine, error)

// errClosed is what a restart that raced with quitting returns.
var errClosed = errors.New("the dashboard is closing")

// engineRef holds the engine in use. The model swaps it on restart (in a command, off the
// update loop), the tick reads it, and Run stops whatever it holds at the end.
type engineRef struct {
	mu     sync.Mutex
	eng    Engine
	gen    int // which start this engine came from; snapshots of older ones are dropped
	closed bool
}

func (r *engineRef) current() (Engine, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.eng, r.gen
}

// replace stops the engine in use and starts a new one as generation gen. The old one stops
// first, so a fixed dependency port is free again for the new one.
func (r *engineRef) replace(start StartFunc, cfg lab.Config, gen int) (err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return errClosed
	}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the engine panicked while restarting: %v", v)
		}
	}()
	if r.eng != nil {
		old := r.eng
		r.eng = nil
		old.Stop()
	}
	e, err := start(cfg)
	if err != nil {
		return err
	}
	r.eng, r.gen = e, gen
	return nil
}

// apply hands cfg to the engine in use.
func (r *engineRef) apply(cfg lab.Config) (err error) {
	eng, _ := r.current()
	if eng == nil {
		return errors.New("no run in progress (press r to start one)")
	}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the engine panicked applying the change: %v", v)
		}
	}()
	return eng.Apply(cfg)
}

// snapshot takes one snapshot of the engine in use. A panic in the engine becomes an
// error, so the dashboard can quit cleanly and print it.
func (r *engineRef) snapshot() (s *lab.Snapshot, gen int, err error) {
	eng, gen := r.current()
	if eng == nil {
		return nil, gen, nil
	}
	defer func() {
		if v := recover(); v != nil {
			s, err = nil, fmt.Errorf("the engine panicked taking a snapshot: %v", v)
		}
	}()
	snap := eng.Snapshot()
	return &snap, gen, nil
}

// close stops the engine for good; a restart still under way afterwards starts nothing.
func (r *engineRef) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	if r.eng != nil {
		old := r.eng
		r.eng = nil
		old.Stop()
	}
}
