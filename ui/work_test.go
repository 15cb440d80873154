// Tests of the work Update hands to commands: no I/O in Update, keys in order while an apply
// is under way, a refused change.

package ui

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

// step hands the model one message and returns the command it asks for, not run.
func step(t *testing.T, m *model, msg tea.Msg) tea.Cmd {
	t.Helper()
	next, cmd := m.Update(msg)
	*m = next.(model)
	return cmd
}

// Update does no I/O: a settings key, a preset, the tour's chapters and the changes made
// during a restart reach the engine or the loader only when their command runs.
func TestNoIOInUpdate(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m.width, m.height = 120, 40
	var loads atomic.Int32
	load := m.loadPreset
	m.loadPreset = func(name string) (lab.Config, error) { loads.Add(1); return load(name) }
	engine := fs.all()[0]

	cmd := step(t, &m, press1('b'))
	if applied, _ := engine.state(); len(applied) != 0 || cmd == nil {
		t.Fatalf("b reached the engine in Update (%d changes) or gave no command", len(applied))
	}
	m, _ = settle(t, m, cmd)
	if applied, _ := engine.state(); len(applied) != 1 || !strings.HasPrefix(m.status, "bulkhead → ") {
		t.Errorf("b's command: %d changes, status %q", len(applied), m.status)
	}

	step(t, &m, press1('p'))
	if cmd = step(t, &m, tea.KeyPressMsg{Code: tea.KeyEnter}); loads.Load() != 0 || cmd == nil {
		t.Fatalf("enter loaded the preset in Update")
	}
	m, cmd = settle(t, m, cmd)
	if loads.Load() != 1 || !m.restarting {
		t.Fatalf("the preset's command: %d loads, restarting %v", loads.Load(), m.restarting)
	}
	step(t, &m, cmd()) // the restart is done
	if cmd = step(t, &m, press1('T')); loads.Load() != 1 || cmd == nil {
		t.Fatalf("T loaded the tour's presets in Update")
	}
	if m, _ = settle(t, m, cmd); loads.Load() < 2 || !m.modes.has(modeTour) {
		t.Errorf("T's command: %d loads, tour open %v", loads.Load(), m.modes.has(modeTour))
	}
	m = m.leaveTour()

	// Keys pressed while a restart starts are applied in a command once it has.
	restart := step(t, &m, press1('r'))
	step(t, &m, press1('c'))
	restarted := restart()
	engine = fs.all()[len(fs.all())-1]
	cmd = step(t, &m, restarted)
	if applied, _ := engine.state(); len(applied) != 0 || cmd == nil {
		t.Fatalf("the change made while restarting reached the new engine in Update")
	}
	if m, _ = settle(t, m, cmd); !strings.Contains(m.status, "with the changes made meanwhile") {
		t.Errorf("after the restart: status %q", m.status)
	}
	if applied, _ := engine.state(); len(applied) != 1 || !applied[0].Equal(m.sides[0].cfg) {
		t.Errorf("the new engine got %d changes", len(applied))
	}
}

// Keys pressed while an apply is under way wait for it and act in order, each on the
// settings in force when its turn comes: none is lost, none is worked out on settings that
// did not take, and the screen's modes follow them.
func TestKeysWaitForApply(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m.width, m.height = 120, 40
	engine := fs.all()[0]
	start := m.sides[0].cfg

	apply := step(t, &m, press1('b'))
	for _, k := range []tea.KeyPressMsg{press1(']'), press1('?')} {
		if cmd := step(t, &m, k); cmd != nil || m.modes.has(modeHelp) || !m.sides[0].cfg.Equal(start) {
			t.Fatalf("%s acted while b's apply was under way", k)
		}
	}
	next := step(t, &m, apply())
	if applied, _ := engine.state(); len(applied) != 1 || next == nil || m.modes.has(modeHelp) {
		t.Fatalf("b's apply in: %d changes, the next apply %v, help %v (? must wait for ])", len(applied), next != nil, m.modes.has(modeHelp))
	}
	step(t, &m, next())
	want := start
	want.Payment.Bulkhead.Type, want.Payment.Bulkhead.Size = lab.BulkheadTypes[1], start.Payment.Bulkhead.Size+1
	applied, _ := engine.state()
	if len(applied) != 2 || !applied[1].Equal(want) || !m.sides[0].cfg.Equal(want) || !m.modes.has(modeHelp) {
		t.Errorf("b ] ?: the engine got %d changes, the settings %+v, help %v", len(applied), m.sides[0].cfg.Payment.Bulkhead, m.modes.has(modeHelp))
	}
	if cs := m.sides[0].changes; len(cs) != 2 || !strings.HasPrefix(cs[0].what, "bulkhead → ") || !strings.HasPrefix(cs[1].what, "bulkhead size") {
		t.Errorf("changes %+v", cs)
	}
	step(t, &m, press1('?'))

	// An apply the engine refuses: the settings stay, and the key after it works on them.
	engine.mu.Lock()
	engine.applyErr = errors.New("pool.queue: must be 0..100000")
	engine.mu.Unlock()
	before := m.sides[0].cfg
	apply = step(t, &m, press1('b'))
	step(t, &m, press1(']'))
	next = step(t, &m, apply())
	if !m.statusErr || !strings.Contains(m.status, "not applied: pool.queue") || !m.sides[0].cfg.Equal(before) || next == nil {
		t.Fatalf("refused: status %q, settings %+v", m.status, m.sides[0].cfg.Payment.Bulkhead)
	}
	engine.mu.Lock()
	engine.applyErr = nil
	engine.mu.Unlock()
	step(t, &m, next())
	want = before
	want.Payment.Bulkhead.Size++
	if !m.sides[0].cfg.Equal(want) || m.statusErr {
		t.Errorf("] after a refused b: bulkhead %+v, want %+v (status %q)", m.sides[0].cfg.Payment.Bulkhead, want.Payment.Bulkhead, m.status)
	}

	// r while an apply is under way restarts on the settings the apply left.
	apply = step(t, &m, press1('c'))
	if cmd := step(t, &m, press1('r')); cmd != nil || m.restarting {
		t.Fatalf("r restarted while c's apply was under way")
	}
	restart := step(t, &m, apply())
	if restart == nil || !m.restarting || !m.sides[0].cfg.Payment.Breaker.Enabled {
		t.Fatalf("r after c: restarting %v, breaker %v", m.restarting, m.sides[0].cfg.Payment.Breaker.Enabled)
	}
	step(t, &m, restart())
	if e := fs.all()[len(fs.all())-1]; !e.snap.Config.Equal(m.sides[0].cfg) {
		t.Errorf("the new run did not start on the settings c left")
	}

	// q waits too, for the keys before it; q again does not.
	apply = step(t, &m, press1('c'))
	if cmd := step(t, &m, press1('q')); cmd != nil {
		t.Errorf("q quit before the key before it was done")
	}
	if cmd := step(t, &m, press1('q')); cmd == nil {
		t.Errorf("q again should quit at once")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("q again should quit at once")
	}
	if cmd := step(t, &m, apply()); cmd == nil {
		t.Errorf("the q held should quit once the apply is in")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("the q held should quit once the apply is in")
	}
}

// A change made while a restart starts that the new run refuses: the side falls back to the
// settings the run started on, and the status line says so.
func TestChangeMeanwhileRefused(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	start := m.sides[0].cfg
	restart := step(t, &m, press1('r'))
	step(t, &m, press1('b'))
	restarted := restart()
	engine := fs.all()[len(fs.all())-1]
	engine.mu.Lock()
	engine.applyErr = errors.New("payment.bulkhead.type: no")
	engine.mu.Unlock()
	m, _ = settle(t, m, step(t, &m, restarted))
	if !m.statusErr || !strings.Contains(m.status, "restarted, but a change was not applied: payment.bulkhead.type") || !m.sides[0].cfg.Equal(start) {
		t.Errorf("status %q, bulkhead %v", m.status, m.sides[0].cfg.Payment.Bulkhead.Type)
	}
}
