// The apply gate: one Apply at a time, none once Stop has begun.

package engine

import (
	"sync"
	"sync/atomic"

	"poollab/lab"
)

// applyGate is what a running engine's settings change through: one Apply at a time, none
// once Stop has begun (so no Apply starts goroutines Stop would not wait for).
type applyGate struct {
	mu      sync.Mutex
	stopped bool // under mu
	// changed says an Apply has changed the settings since the start: counts since the
	// start are then of more than one setting (SettingsChanged).
	changed atomic.Bool
}

// apply validates cfg and, unless Stop has begun, calls set with cfg (what changes only on
// restart kept as in the config in force) and the config in force. current is read under
// the gate, so a second Apply compares against what the first one set.
func (g *applyGate) apply(cfg lab.Config, current func() *lab.Config, set func(cfg, old lab.Config) error) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped {
		return ErrStopped
	}
	old := current()
	if err := set(cfg.AppliedOver(old), *old); err != nil {
		return err
	}
	g.changed.Store(true)
	return nil
}

// stop waits for an Apply under way and lets none start after it.
func (g *applyGate) stop() {
	g.mu.Lock()
	g.stopped = true
	g.mu.Unlock()
}
