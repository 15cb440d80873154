// The work Update hands to commands, so Update itself does no I/O: settings applied to the
// engines, restarts, leaving compare mode. Loading a preset (picker.go) and the tour's
// chapters (tour.go) are commands too; export.go writes its files in one.
//
// Keys act in the order they were pressed, as if each finished before the next: while work
// whose outcome a key may depend on is under way (awaited: an apply, leaving compare mode,
// a preset or the tour loading), the keys pressed meanwhile are held, and handled in order
// once its message is in. Each settings key is worked out on the settings in force when its
// turn comes, so none is lost or applied on settings that did not take. A restart is not
// awaited: settings keys pressed while it starts change the settings on the screen, and the
// new run is given them once it has started (restarted).

package ui

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

type (
	// restartedMsg says a restart finished.
	restartedMsg struct {
		gen  int
		cfgs []lab.Config // what the engines were started on, in side order
		done string       // the status line on success
		err  error
	}
	// appliedMsg says settings were handed to the engines of generation gen: each apply, with
	// what its engine said. said and what are the settings key's status line and its words in
	// the change log; none: the changes made while a restart started.
	appliedMsg struct {
		gen        int
		applies    []apply
		said, what string
	}
	// keptMsg says leaving compare mode stopped the other side.
	keptMsg struct{}
)

// An apply is settings for side's engine; prev are the side's settings before them, kept if
// the engine refuses.
type apply struct {
	side      int
	cfg, prev lab.Config
	err       error
}

// errReplaced is an apply's error when a restart replaced the engines it was meant for;
// its message is dropped, as the restart's new run has taken the screen.
var errReplaced = errors.New("the run was replaced")

// await counts cmd as work the next keys must follow.
func (m *model) await(cmd tea.Cmd) tea.Cmd {
	m.awaiting++
	return cmd
}

// arrived is the message of awaited work handled, with cmds what it asks for: once no work
// is awaited, the keys held meanwhile are handled in order, until one awaits work again.
func (m model) arrived(cmds ...tea.Cmd) (model, tea.Cmd) {
	m.awaiting--
	for m.awaiting == 0 && len(m.held) > 0 {
		k := m.held[0]
		m.held = m.held[1:]
		var cmd tea.Cmd
		m, cmd = m.key(k)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// change works a settings key out on the focused side's settings in force (the pure
// action), then hands the result to its engine in a command; while a restart starts, the
// new run takes it.
func (m model) change(do action) (model, tea.Cmd) {
	sd := &m.sides[m.focus]
	next, msg := do(sd.cfg)
	said := msg
	if m.comparing() {
		said = sideLetter(m.focus) + ": " + msg
	}
	if next.Equal(sd.cfg) {
		m.say(said)
		return m, nil
	}
	if m.restarting {
		sd.cfg = next
		m.say(said)
		return m, nil
	}
	// The side's own change log gets msg, where its letter would only repeat it.
	return m, m.applyCmd([]apply{{side: m.focus, cfg: next, prev: sd.cfg}}, said, msg)
}

// applyCmd hands each apply's settings to its side's engine, one after the other, in an
// awaited command.
func (m *model) applyCmd(applies []apply, said, what string) tea.Cmd {
	ref, gen := m.ref, m.gen
	return m.await(func() tea.Msg {
		for i := range applies {
			applies[i].err = ref.apply(applies[i].side, applies[i].cfg, gen)
		}
		return appliedMsg{gen: gen, applies: applies, said: said, what: what}
	})
}

// applied takes in what the engines said: a side's settings are the new ones only if its
// engine took them. A settings key says what it did, and is logged as a change; after a
// restart the changes made meanwhile say they were applied, or which was not.
func (m model) applied(msg appliedMsg) (model, tea.Cmd) {
	for _, a := range msg.applies {
		sd := &m.sides[a.side]
		switch {
		case msg.gen != m.gen: // a newer run took the screen: these were for the old one
		case msg.what == "" && a.err != nil:
			m.fail("restarted, but a change was not applied: " + a.err.Error())
			sd.cfg = a.prev
		case msg.what == "":
			m.say("restarted, with the changes made meanwhile")
		case a.err != nil:
			m.fail("not applied: " + a.err.Error())
		default:
			sd.cfg = a.cfg
			sd.record(msg.what, m.now())
			m.say(msg.said)
			if m.paused {
				m.status += " (applied; the screen is paused)"
			}
		}
	}
	return m.arrived()
}

// restart stops the runs and starts new ones on the settings in force, together, in a
// command so the screen stays responsive while the old runs drain. In compare mode B gets
// A's traffic first (its preset may have brought other rates), so both see the same
// arrivals; its base follows, so that alone does not mark it changed.
func (m model) restart(starting, done string) (model, tea.Cmd) {
	m.gen++
	m.restarting = true
	m.paused = false // a new run is worth watching
	if m.comparing() {
		a, b := &m.sides[0], &m.sides[1]
		b.cfg, b.base = lab.SameTraffic(a.cfg, b.cfg), lab.SameTraffic(a.cfg, b.base)
	}
	for i := range m.sides {
		m.sides[i].snap, m.sides[i].changes = nil, nil // a new run: its own changes
	}
	m.say(starting)
	ref, start, gen, cfgs := m.ref, m.start, m.gen, m.configs()
	return m, func() tea.Msg {
		err := ref.replace(start, cfgs, gen)
		return restartedMsg{gen: gen, cfgs: cfgs, done: done, err: err}
	}
}

// restarted says the new runs started, and hands them the settings keys changed while they
// started.
func (m model) restarted(msg restartedMsg) (model, tea.Cmd) {
	if msg.gen != m.gen {
		return m, nil
	}
	m.restarting = false
	if msg.err != nil {
		m.fail("restart failed: " + msg.err.Error() + " (r tries again)")
		return m, nil
	}
	m.say(msg.done)
	var meanwhile []apply
	for i, cfg := range msg.cfgs {
		if !m.sides[i].cfg.Equal(cfg) {
			meanwhile = append(meanwhile, apply{side: i, cfg: m.sides[i].cfg, prev: cfg})
		}
	}
	if len(meanwhile) == 0 {
		return m, nil
	}
	return m, m.applyCmd(meanwhile, "", "")
}
