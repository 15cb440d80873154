package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

// tickEvery is how often the dashboard pulls snapshots: the only periodic message.
const tickEvery = 100 * time.Millisecond

// Preset is one entry of the preset picker.
type Preset struct{ Name, Description string }

// Messages.
type (
	// tickMsg carries one snapshot per engine (none while paused or between runs) from one tick.
	tickMsg struct {
		snaps     []*lab.Snapshot
		gen       int
		err       error // the engine panicked: quit and report
		recording error // writing the recording failed: say so, and run on
	}
	// restartedMsg says a restart finished.
	restartedMsg struct {
		gen  int
		cfgs []lab.Config // what the engines were started on, in side order
		done string       // the status line on success
		err  error
	}
	// exportedMsg says an export finished: where its files are, or why they are not.
	exportedMsg struct {
		dir, base string
		err       error
	}
)

// side is one lab on the screen: the only one, or A or B in compare mode.
type side struct {
	cfg     lab.Config    // the settings asked for and in force
	base    lab.Config    // the preset they came from, to tell "changed"
	snap    *lab.Snapshot // the last one shown; nil before the first
	snapAt  time.Time     // when it arrived
	changes []change      // the settings changes applied during this run, oldest first
}

// A change is a settings key applied during a run, as the charts mark it and the change
// log lists it.
type change struct {
	n    int           // its number in the run, from 1
	at   time.Duration // the run time when it was applied (that of the last snapshot shown)
	what string        // what changed, in a few words: "bulkhead → semaphore, 5 permits"
}

// maxChanges is how many changes a side remembers: the screen shows the last few.
const maxChanges = 50

// record adds the change a key made at now, named by the first clause of its status line.
// The run time is the last snapshot's and what has passed since it arrived (a paused
// screen shows an older one).
func (sd *side) record(msg string, now time.Time) {
	what := msg
	if i := strings.IndexAny(what, ":("); i > 0 {
		what = strings.TrimSpace(what[:i])
	}
	c := change{n: 1, what: what}
	if sd.snap != nil {
		c.at = sd.snap.Elapsed + now.Sub(sd.snapAt)
	}
	if n := len(sd.changes); n > 0 {
		c.n = sd.changes[n-1].n + 1
	}
	sd.changes = append(sd.changes, c)
	if len(sd.changes) > maxChanges {
		sd.changes = sd.changes[len(sd.changes)-maxChanges:]
	}
}

// model is the Bubble Tea model. Settings changes go through pure actions; the engines
// are reached only through ref.
type model struct {
	th         *theme // the theme in use: dark until the terminal says its background is light
	dark       *theme // built once, with light
	light      *theme
	ref        *engineRef
	start      StartFunc
	presets    []Preset
	loadPreset func(name string) (lab.Config, error)
	exportDir  string
	now        func() time.Time

	sides   [2]side // A (or the only lab), and B in compare mode; an array, so copies of the model share nothing
	compare bool
	focus   int // the side settings keys change; 0 outside compare mode
	gen     int // generation of the engines whose snapshots we show

	width, height int
	paused        bool
	restarting    bool
	status        string
	statusErr     bool
	help          bool
	helpView      viewport.Model // the help's text and how far it is scrolled
	picker        bool
	pickerCursor  int
	exporting     bool // an export's files are being written
	quitting      bool // a quit came during an export: quit when its files are written

	fatal error // why the dashboard quit on its own

	recording       func() error // the recording's first write error, read on the tick; nil: not recording
	recordingFailed bool         // said so already

	tour tourState // the guided tour; tour.ch nil: none
}

func newModel(ref *engineRef, o Options) model {
	m := model{ref: ref, start: o.Start, presets: o.Presets, loadPreset: o.LoadPreset,
		exportDir: o.ExportDir, now: o.Now, gen: ref.generation()}
	m.dark, m.light = themes(o.NoColor)
	m.th = m.dark
	if m.now == nil {
		m.now = time.Now
	}
	cfgs := o.configs()
	for i, cfg := range cfgs {
		m.sides[i] = side{cfg: cfg, base: cfg}
	}
	m.compare = len(cfgs) == 2
	if o.Tour > 0 {
		m.tour = newTour(m.loadPreset, o.Tour-1)
	}
	return m
}

// shown are the labs on the screen, in side order.
func (m model) shown() []side {
	if m.compare {
		return m.sides[:]
	}
	return m.sides[:1]
}

// configs are the settings of the labs on the screen, in side order.
func (m model) configs() []lab.Config {
	var cfgs []lab.Config
	for _, s := range m.shown() {
		cfgs = append(cfgs, s.cfg)
	}
	return cfgs
}

// Init starts the one tick loop and asks the terminal for its background, to pick the theme.
func (m model) Init() tea.Cmd {
	if m.dark == m.light {
		return m.tick()
	}
	return tea.Batch(m.tick(), tea.RequestBackgroundColor)
}

// tick waits tickEvery and then takes one snapshot of each engine, off the update loop.
// While paused it takes none, so the screen stays as it was. It also reads whether the
// recording has failed, so the screen says so at once.
func (m model) tick() tea.Cmd {
	ref, paused, recording := m.ref, m.paused, m.recording
	if m.recordingFailed {
		recording = nil // said once
	}
	return tea.Tick(tickEvery, func(time.Time) tea.Msg {
		var msg tickMsg
		if recording != nil {
			msg.recording = recording()
		}
		if !paused {
			msg.snaps, msg.gen, msg.err = ref.snapshots()
		}
		return msg
	})
}

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.refreshHelp()
		return m, nil
	case tea.BackgroundColorMsg:
		m.th = m.light
		if msg.IsDark() {
			m.th = m.dark
		}
		m.refreshHelp()
		return m, nil
	case tickMsg:
		if msg.err != nil {
			m.fatal = msg.err
			return m.quit()
		}
		if msg.recording != nil && !m.recordingFailed {
			m.recordingFailed = true
			m.fail("recording stopped, the lab runs on: " + msg.recording.Error())
		}
		if len(msg.snaps) == len(m.shown()) && !m.paused && !m.restarting && msg.gen == m.gen {
			now := m.now()
			for i, s := range msg.snaps {
				m.sides[i].snap, m.sides[i].snapAt = s, now
			}
			m.reachMoment()
		}
		return m, m.tick()
	case restartedMsg:
		return m.restarted(msg)
	case exportedMsg:
		return m.exported(msg)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

func (m model) key(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if msg.String() == "ctrl+c" {
		return m.quit()
	}
	if m.tour.ch != nil && !m.picker && !m.help {
		if next, cmd, done := m.tourKey(msg); done {
			return next, cmd
		}
	}
	switch {
	case m.picker:
		return m.pickerKey(msg)
	case m.help:
		switch {
		case key.Matches(msg, keys.Help.Binding, keys.Close.Binding):
			m.help = false
		case key.Matches(msg, keys.Quit.Binding):
			return m.quit()
		default: // the viewport scrolls
			m.helpView, _ = m.helpView.Update(msg)
		}
		return m, nil
	}
	switch {
	case key.Matches(msg, keys.Quit.Binding):
		return m.quit()
	case key.Matches(msg, keys.Help.Binding):
		m.help = true
		m.helpView = newHelpView(m.th, m.keyMap(), m.width, m.height)
		return m, nil
	case key.Matches(msg, keys.Pause.Binding):
		m.paused = !m.paused
		if m.paused {
			m.say("paused: the screen is frozen; the lab keeps running (space resumes)")
		} else {
			m.say("resumed")
		}
		return m, nil
	case key.Matches(msg, keys.Restart.Binding):
		if m.restarting {
			m.say("already restarting…")
			return m, nil
		}
		if m.compare {
			return m.restart("restarting A and B together…", "restarted A and B together: new runs with the same settings")
		}
		return m.restart("restarting with the current settings…", "restarted: a new run with the same settings")
	case key.Matches(msg, keys.Compare.Binding):
		return m.toggleCompare()
	case key.Matches(msg, keys.Focus.Binding):
		if !m.compare {
			m.say("tab switches between A and B in compare mode (v starts it)")
			return m, nil
		}
		m.focus = 1 - m.focus
		m.say("keys now change " + m.sideName(m.focus))
		return m, nil
	case key.Matches(msg, keys.Export.Binding):
		return m.export()
	case key.Matches(msg, keys.Tour.Binding):
		return m.startTour(), nil
	case key.Matches(msg, keys.Presets.Binding):
		if len(m.presets) == 0 {
			m.fail("no presets to choose from")
			return m, nil
		}
		m.picker = true
		for i, p := range m.presets {
			if p.Name == m.sides[m.focus].base.Name {
				m.pickerCursor = i
			}
		}
		return m, nil
	}
	if do := settingFor(msg.String()); do != nil {
		return m.change(do)
	}
	return m, nil
}

// refreshHelp redraws the help's text for the screen and theme now, where it was scrolled.
func (m *model) refreshHelp() {
	if !m.help {
		return
	}
	top := m.helpView.YOffset()
	m.helpView = newHelpView(m.th, m.keyMap(), m.width, m.height)
	m.helpView.SetYOffset(top)
}

// change applies one settings key to the focused side: the pure action, then its engine.
func (m model) change(do action) (tea.Model, tea.Cmd) {
	sd := &m.sides[m.focus]
	next, msg := do(sd.cfg)
	said := msg
	if m.compare {
		said = sideLetter(m.focus) + ": " + msg
	}
	if next.Equal(sd.cfg) {
		m.say(said)
		return m, nil
	}
	if m.restarting { // the new run takes it when it has started
		sd.cfg = next
		m.say(said)
		return m, nil
	}
	if err := m.ref.apply(m.focus, next); err != nil {
		m.fail("not applied: " + err.Error())
		return m, nil
	}
	sd.cfg = next
	sd.record(msg, m.now()) // the side's own list, where its letter would only repeat it
	m.say(said)
	if m.paused {
		m.status += " (applied; the screen is paused)"
	}
	return m, nil
}

// toggleCompare enters compare mode, with A the settings in force and B a copy of them to
// change, both restarted together; or leaves it, keeping the focused side running.
func (m model) toggleCompare() (tea.Model, tea.Cmd) {
	if m.restarting {
		m.say("wait: restarting…")
		return m, nil
	}
	if !m.compare {
		m.compare, m.focus = true, 1
		m.sides[1] = side{cfg: m.sides[0].cfg, base: m.sides[0].base}
		return m.restart("starting A and B together on the same traffic…",
			"compare: A and B on the same traffic, started together; keys change B (tab: A)")
	}
	kept, dropped := m.focus, 1-m.focus
	m.say(fmt.Sprintf("compare off: kept %s running, stopped %s", m.sideName(kept), m.sideName(dropped)))
	m.sides[0], m.sides[1] = m.sides[kept], side{}
	m.compare, m.focus = false, 0
	from := m.gen
	m.gen++ // drop pairs of snapshots still on their way
	ref, gen := m.ref, m.gen
	return m, func() tea.Msg {
		ref.keep(kept, from, gen)
		return nil
	}
}

// sideName is "A shared-pool" in compare mode.
func (m model) sideName(i int) string { return sideLetter(i) + " " + m.sides[i].cfg.Name }

func (m model) pickerKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(msg, keys.Close.Binding, keys.Presets.Binding):
		m.picker = false
	case key.Matches(msg, keys.Quit.Binding):
		return m.quit()
	case key.Matches(msg, keys.Up.Binding):
		m.pickerCursor = (m.pickerCursor + len(m.presets) - 1) % len(m.presets)
	case key.Matches(msg, keys.Down.Binding):
		m.pickerCursor = (m.pickerCursor + 1) % len(m.presets)
	case key.Matches(msg, keys.Enter.Binding):
		p := m.presets[m.pickerCursor]
		cfg, err := m.loadPreset(p.Name)
		if err != nil {
			m.fail(fmt.Sprintf("preset %s: %v", p.Name, err))
			return m, nil
		}
		m.picker = false
		m.sides[m.focus] = side{cfg: cfg, base: cfg}
		if m.compare {
			return m.restart("loading preset "+p.Name+" on "+sideLetter(m.focus)+"…",
				"preset "+p.Name+" loaded on "+sideLetter(m.focus)+": A and B restarted together")
		}
		return m.restart("loading preset "+p.Name+"…", "preset "+p.Name+" loaded: a new run started")
	}
	return m, nil
}

// restart stops the runs and starts new ones on the settings in force, together, in a
// command so the screen stays responsive while the old runs drain. In compare mode B gets
// A's traffic first (its preset may have brought other rates), so both see the same
// arrivals; its base follows, so that alone does not mark it changed.
func (m model) restart(starting, done string) (tea.Model, tea.Cmd) {
	m.gen++
	m.restarting = true
	m.paused = false // a new run is worth watching
	if m.compare {
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

func (m model) restarted(msg restartedMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.gen {
		return m, nil
	}
	m.restarting = false
	if msg.err != nil {
		m.fail("restart failed: " + msg.err.Error() + " (r tries again)")
		return m, nil
	}
	m.say(msg.done)
	for i, cfg := range msg.cfgs {
		if m.sides[i].cfg.Equal(cfg) {
			continue
		}
		// Keys pressed while it started.
		if err := m.ref.apply(i, m.sides[i].cfg); err != nil {
			m.fail("restarted, but a change was not applied: " + err.Error())
			m.sides[i].cfg = cfg
		} else {
			m.say("restarted, with the changes made meanwhile")
		}
	}
	return m, nil
}

func (m *model) say(s string)  { m.status, m.statusErr = s, false }
func (m *model) fail(s string) { m.status, m.statusErr = s, true }

// screen is the view's whole input.
func (m model) screen() screen {
	s := screen{focus: m.focus, width: m.width, height: m.height,
		paused: m.paused, restarting: m.restarting, status: m.status, statusErr: m.statusErr,
		help: m.help, helpView: m.helpView,
		picker: m.picker, presets: m.presets, pickerCursor: m.pickerCursor}
	for _, sd := range m.shown() {
		s.panes = append(s.panes, pane{snap: sd.snap, cfg: sd.cfg, modified: !sd.cfg.Equal(sd.base), changes: sd.changes})
	}
	s.tour = m.tourView()
	return s
}

func (m model) View() tea.View {
	v := tea.NewView(render(m.th, m.screen()))
	v.AltScreen = true
	v.WindowTitle = "poollab: " + m.sides[0].cfg.Name
	if m.compare {
		v.WindowTitle += " vs " + m.sides[1].cfg.Name
	}
	if tv := m.tour; tv.ch != nil {
		v.WindowTitle = fmt.Sprintf("poollab tour %d/%d: %s", tv.k+1, tv.n, tv.ch.title)
	}
	return v
}
