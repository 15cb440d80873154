package ui

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

// tickEvery is how often the dashboard pulls a snapshot: the only periodic message.
const tickEvery = 100 * time.Millisecond

// Preset is one entry of the preset picker.
type Preset struct{ Name, Description string }

// Messages.
type (
	// tickMsg carries a snapshot (nil while paused or between runs) from one tick.
	tickMsg struct {
		snap *lab.Snapshot
		gen  int
		err  error // the engine panicked: quit and report
	}
	// restartedMsg says a restart finished.
	restartedMsg struct {
		gen    int
		cfg    lab.Config
		preset string
		err    error
	}
)

// model is the Bubble Tea model. Settings changes go through pure actions; the engine
// is reached only through ref.
type model struct {
	th         *theme
	ref        *engineRef
	start      StartFunc
	presets    []Preset
	loadPreset func(name string) (lab.Config, error)

	cfg  lab.Config // the settings asked for and in force
	base lab.Config // the preset they came from, to tell "changed"
	gen  int        // generation of the engine whose snapshots we show
	snap *lab.Snapshot

	width, height int
	paused        bool
	restarting    bool
	status        string
	statusErr     bool
	help          bool
	helpScroll    int
	picker        bool
	pickerCursor  int

	fatal error // why the dashboard quit on its own
}

func newModel(th *theme, ref *engineRef, o Options) model {
	_, gen := ref.current()
	return model{th: th, ref: ref, start: o.Start, presets: o.Presets, loadPreset: o.LoadPreset,
		cfg: o.Config, base: o.Config, gen: gen}
}

// Init starts the one tick loop.
func (m model) Init() tea.Cmd { return m.tick() }

// tick waits tickEvery and then takes one snapshot, off the update loop. While paused it
// takes none, so the screen stays as it was.
func (m model) tick() tea.Cmd {
	ref, paused := m.ref, m.paused
	return tea.Tick(tickEvery, func(time.Time) tea.Msg {
		if paused {
			return tickMsg{}
		}
		snap, gen, err := ref.snapshot()
		return tickMsg{snap: snap, gen: gen, err: err}
	})
}

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case tickMsg:
		if msg.err != nil {
			m.fatal = msg.err
			return m, tea.Quit
		}
		if msg.snap != nil && !m.paused && !m.restarting && msg.gen == m.gen {
			m.snap = msg.snap
		}
		return m, m.tick()
	case restartedMsg:
		return m.restarted(msg)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

func (m model) key(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if msg.String() == "ctrl+c" {
		return m, tea.Quit
	}
	switch {
	case m.picker:
		return m.pickerKey(msg)
	case m.help:
		switch {
		case key.Matches(msg, keys.Help, keys.Close):
			m.help = false
		case key.Matches(msg, keys.Quit):
			return m, tea.Quit
		case key.Matches(msg, keys.Up):
			m.helpScroll = max(m.helpScroll-1, 0)
		case key.Matches(msg, keys.Down):
			m.helpScroll = clampScroll(m.helpScroll+1, len(helpLines(m.th, m.width-2)), m.height-2)
		case key.Matches(msg, keys.PageUp):
			m.helpScroll = max(m.helpScroll-(m.height-3), 0)
		case key.Matches(msg, keys.PageDown):
			m.helpScroll = clampScroll(m.helpScroll+m.height-3, len(helpLines(m.th, m.width-2)), m.height-2)
		}
		return m, nil
	}
	switch {
	case key.Matches(msg, keys.Quit):
		return m, tea.Quit
	case key.Matches(msg, keys.Help):
		m.help, m.helpScroll = true, 0
		return m, nil
	case key.Matches(msg, keys.Pause):
		m.paused = !m.paused
		if m.paused {
			m.say("paused: the screen is frozen; the lab keeps running (space resumes)")
		} else {
			m.say("resumed")
		}
		return m, nil
	case key.Matches(msg, keys.Restart):
		if m.restarting {
			m.say("already restarting…")
			return m, nil
		}
		return m.restart(m.cfg, "")
	case key.Matches(msg, keys.Presets):
		if len(m.presets) == 0 {
			m.fail("no presets to choose from")
			return m, nil
		}
		m.picker = true
		for i, p := range m.presets {
			if p.Name == m.base.Name {
				m.pickerCursor = i
			}
		}
		return m, nil
	}
	for _, sk := range settingKeys() {
		if key.Matches(msg, sk.b) {
			return m.change(sk.do)
		}
	}
	return m, nil
}

// change applies one settings key: the pure action, then the engine.
func (m model) change(do action) (tea.Model, tea.Cmd) {
	next, msg := do(m.cfg)
	if next == m.cfg {
		m.say(msg)
		return m, nil
	}
	if m.restarting { // the new run takes it when it has started
		m.cfg = next
		m.say(msg)
		return m, nil
	}
	if err := m.ref.apply(next); err != nil {
		m.fail("not applied: " + err.Error())
		return m, nil
	}
	m.cfg = next
	m.say(msg)
	if m.paused {
		m.status += " (applied; the screen is paused)"
	}
	return m, nil
}

func (m model) pickerKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(msg, keys.Close, keys.Presets):
		m.picker = false
	case key.Matches(msg, keys.Quit):
		return m, tea.Quit
	case key.Matches(msg, keys.Up):
		m.pickerCursor = (m.pickerCursor + len(m.presets) - 1) % len(m.presets)
	case key.Matches(msg, keys.Down):
		m.pickerCursor = (m.pickerCursor + 1) % len(m.presets)
	case key.Matches(msg, keys.Enter):
		p := m.presets[m.pickerCursor]
		cfg, err := m.loadPreset(p.Name)
		if err != nil {
			m.fail(fmt.Sprintf("preset %s: %v", p.Name, err))
			return m, nil
		}
		m.picker = false
		m.base = cfg
		return m.restart(cfg, p.Name)
	}
	return m, nil
}

// restart stops the run and starts a new one on cfg, in a command so the screen stays
// responsive while the old run drains.
func (m model) restart(cfg lab.Config, preset string) (tea.Model, tea.Cmd) {
	m.gen++
	m.restarting = true
	m.paused = false // a new run is worth watching
	m.cfg = cfg
	m.snap = nil
	if preset != "" {
		m.say("loading preset " + preset + "…")
	} else {
		m.say("restarting with the current settings…")
	}
	ref, start, gen := m.ref, m.start, m.gen
	return m, func() tea.Msg {
		err := ref.replace(start, cfg, gen)
		return restartedMsg{gen: gen, cfg: cfg, preset: preset, err: err}
	}
}

func (m model) restarted(msg restartedMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.gen {
		return m, nil
	}
	m.restarting = false
	if msg.err != nil {
		m.fail("restart failed: " + msg.err.Error() + " (r tries again)")
		return m, nil
	}
	switch {
	case m.cfg != msg.cfg: // keys pressed while it started
		if err := m.ref.apply(m.cfg); err != nil {
			m.fail("restarted, but a change was not applied: " + err.Error())
			m.cfg = msg.cfg
		} else {
			m.say("restarted, with the changes made meanwhile")
		}
	case msg.preset != "":
		m.say("preset " + msg.preset + " loaded: a new run started")
	default:
		m.say("restarted: a new run with the same settings")
	}
	return m, nil
}

func (m *model) say(s string)  { m.status, m.statusErr = s, false }
func (m *model) fail(s string) { m.status, m.statusErr = s, true }

// screen is the view's whole input.
func (m model) screen() screen {
	return screen{snap: m.snap, cfg: m.cfg, modified: m.cfg != m.base, width: m.width, height: m.height,
		paused: m.paused, restarting: m.restarting, status: m.status, statusErr: m.statusErr,
		help: m.help, helpScroll: m.helpScroll,
		picker: m.picker, presets: m.presets, pickerCursor: m.pickerCursor}
}

func (m model) View() tea.View {
	v := tea.NewView(render(m.th, m.screen()))
	v.AltScreen = true
	v.WindowTitle = "poollab: " + m.cfg.Name
	return v
}
