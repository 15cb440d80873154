// The engines the dashboard runs, as it reaches them: the Engine interface, and engineRef,
// which holds the engines in use and their generation, for the commands that restart them,
// apply settings and take snapshots.

// Package ui is the live dashboard: it renders lab snapshots and turns keys into config
// changes. It talks to the engine only through Engine, so it needs no network code.
package ui

import (
	"errors"
	"fmt"
	"sync"

	"poollab/lab"
)

// Engine is the running lab as the dashboard sees it. *engine.Lab and *engine.Fleet satisfy it.
type Engine interface {
	Snapshot() lab.Snapshot
	Apply(lab.Config) error
	Stop()
}

// StartFunc starts a new engine on cfg as side 0 (A, or the only lab) or 1 (B in compare
// mode), so main can give each side its own dependency port. Restarting the run is Stop on
// the old engines, then StartFunc with the settings in force.
type StartFunc func(cfg lab.Config, side int) (Engine, error)

// errClosed is what a restart that raced with quitting returns.
var errClosed = errors.New("the dashboard is closing")

// engineRef holds the engines in use: one, or A and B in compare mode. The model swaps them
// on restart (in a command, off the update loop), the tick reads them, and Run stops
// whatever it holds at the end.
type engineRef struct {
	mu     sync.Mutex
	engs   []Engine
	gen    int // which start these engines came from; snapshots of older ones are dropped
	closed bool
}

// replace stops the engines in use and starts one per cfg as generation gen, one right
// after the other, so a pair starts together and its traffic schedules line up. All stop
// first, so fixed dependency ports are free again. A pair runs whole or not at all: if one
// fails to start, the other is stopped too. A restart asked for before the one in use
// (two commands run in any order) starts nothing.
func (r *engineRef) replace(start StartFunc, cfgs []lab.Config, gen int) (err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return errClosed
	}
	if gen < r.gen {
		return nil
	}
	var started []Engine
	defer func() {
		if err != nil {
			for _, e := range started {
				e.Stop()
			}
		}
	}()
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the engine panicked while restarting: %v", v)
		}
	}()
	r.stopAll()
	for i, cfg := range cfgs {
		e, err := start(cfg, i)
		if err != nil {
			if len(cfgs) > 1 {
				return fmt.Errorf("%s: %w", sideLetter(i), err)
			}
			return err
		}
		started = append(started, e)
	}
	r.engs, r.gen = started, gen
	return nil
}

// generation is the start the engines in use came from.
func (r *engineRef) generation() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen
}

// keep stops every engine of generation from but side i, which goes on running alone as
// generation gen: leaving compare mode without restarting the side the user was watching.
// If a restart came first, there is nothing left to split.
func (r *engineRef) keep(i, from, gen int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || r.gen != from || i >= len(r.engs) {
		return
	}
	kept := r.engs[i]
	r.engs = append(r.engs[:i:i], r.engs[i+1:]...)
	r.stopAll()
	r.engs, r.gen = []Engine{kept}, gen
}

// apply hands cfg to the engine of side i of generation gen; errReplaced if a restart has
// replaced them.
func (r *engineRef) apply(i int, cfg lab.Config, gen int) (err error) {
	r.mu.Lock()
	var eng Engine
	if i < len(r.engs) {
		eng = r.engs[i]
	}
	current := r.gen == gen
	r.mu.Unlock()
	if !current {
		return errReplaced
	}
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

// snapshots takes one snapshot of each engine in use, in side order. A panic in an engine
// becomes an error, so the dashboard can quit cleanly and print it.
func (r *engineRef) snapshots() (snaps []*lab.Snapshot, gen int, err error) {
	r.mu.Lock()
	engs, gen := append([]Engine(nil), r.engs...), r.gen
	r.mu.Unlock()
	defer func() {
		if v := recover(); v != nil {
			snaps, err = nil, fmt.Errorf("the engine panicked taking a snapshot: %v", v)
		}
	}()
	for _, e := range engs {
		s := e.Snapshot()
		snaps = append(snaps, &s)
	}
	return snaps, gen, nil
}

// close stops the engines for good; a restart still under way afterwards starts nothing.
func (r *engineRef) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	r.stopAll()
}

// stopAll stops the engines in use; r.mu is held.
func (r *engineRef) stopAll() {
	old := r.engs
	r.engs = nil
	for _, e := range old {
		e.Stop()
	}
}

// sideLetter names side i in compare mode: A or B.
func sideLetter(i int) string { return string(rune('A' + i)) }
