package lab

import "sync"

// applyGate is what a running engine's settings change through: one Apply at a time, none
// once Stop has begun (so no Apply starts goroutines Stop would not wait for).
type applyGate struct {
	mu      sync.Mutex
	stopped bool // under mu
}

// apply validates cfg and, unless Stop has begun, calls set with cfg (what changes only on
// restart kept as in old) and old.
func (g *applyGate) apply(cfg Config, old *Config, set func(cfg, old Config) error) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped {
		return ErrStopped
	}
	return set(cfg.onRestartOnly(old), *old)
}

// stop waits for an Apply under way and lets none start after it.
func (g *applyGate) stop() {
	g.mu.Lock()
	g.stopped = true
	g.mu.Unlock()
}
