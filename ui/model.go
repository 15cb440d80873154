// The Bubble Tea model: the labs on the screen (a side each), the one tick loop, Update
// and View, and the lab's own keys. The modes over the lab are in modes.go, the work Update
// hands to commands in work.go.

package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

// tickEvery is how often the dashboard pulls snapshots: the only periodic message.
const tickEvery = 100 * time.Millisecond

// Preset is one entry of the preset picker.
type Preset struct{ Name, Description string }

// tickMsg carries one snapshot per engine (none while paused or between runs) from one tick.
type tickMsg struct {
	snaps     []*lab.Snapshot
	gen       int
	err       error // the engine panicked: quit and report
	recording error // writing the recording failed: say so, and run on
}

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
// are reached only through ref, in commands.
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

	sides [2]side // A (or the only lab), and B in compare mode; an array, so copies of the model share nothing
	modes modes   // the lab (one, or A and B) and what opened over it, top last
	focus int     // the side settings keys change; 0 outside compare mode
	gen   int     // generation of the engines whose snapshots we show

	width, height int
	paused        bool
	restarting    bool
	status        string
	statusErr     bool
	helpView      helpPager // the help's text and how far it is scrolled
	pickerCursor  int
	exporting     bool // an export's files are being written
	quitting      bool // a quit came during an export: quit when its files are written

	awaiting int               // commands whose messages the next keys must follow (work.go)
	held     []tea.KeyPressMsg // the keys pressed meanwhile, oldest first

	fatal error // why the dashboard quit on its own

	recording       func() error // the recording's first write error, read on the tick; nil: not recording
	recordingFailed bool         // said so already

	tour tourState // the guided tour, while modeTour is open

	machine bool // the lab's own measures shown (m)
}

func newModel(ref *engineRef, o Options) model {
	m := model{ref: ref, start: o.Start, presets: o.Presets, loadPreset: o.LoadPreset,
		exportDir: o.ExportDir, now: o.Now, gen: ref.generation(), machine: o.Machine}
	m.dark, m.light = themes(o.NoColor)
	m.th = m.dark
	if m.now == nil {
		m.now = time.Now
	}
	cfgs := o.configs()
	for i, cfg := range cfgs {
		m.sides[i] = side{cfg: cfg, base: cfg}
	}
	m.modes = modes{baseMode(len(cfgs) == 2)}
	if o.Tour > 0 { // before the program starts, so its first frame is the chapter's card
		m = m.openTour(loadChapters(m.loadPreset), o.Tour-1)
	}
	return m
}

// comparing says A and B are on the screen.
func (m model) comparing() bool { return m.modes[0] == modeCompare }

// shown are the labs on the screen, in side order.
func (m model) shown() []side {
	if m.comparing() {
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
	case appliedMsg:
		return m.applied(msg)
	case keptMsg:
		return m.arrived()
	case presetMsg:
		return m.presetLoaded(msg)
	case tourMsg:
		return m.tourLoaded(msg)
	case exportedMsg:
		return m.exported(msg)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

// labKey is a key of the lab itself: what no mode over it took.
func (m model) labKey(msg tea.KeyPressMsg) (model, tea.Cmd) {
	switch {
	case key.Matches(msg, keys.Help.Binding):
		m.modes = m.modes.push(modeHelp)
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
		if m.comparing() {
			return m.restart("restarting A and B together…", "restarted A and B together: new runs with the same settings")
		}
		return m.restart("restarting with the current settings…", "restarted: a new run with the same settings")
	case key.Matches(msg, keys.Compare.Binding):
		return m.toggleCompare()
	case key.Matches(msg, keys.Focus.Binding): // in compare mode, compare mode's own
		m.say("tab switches between A and B in compare mode (v starts it)")
		return m, nil
	case key.Matches(msg, keys.Export.Binding):
		return m.export()
	case key.Matches(msg, keys.Machine.Binding):
		if m.machine = !m.machine; m.machine {
			m.say("the lab's own measures shown (? lists them; m hides them)") // whole at 80 columns: the list was cut
		} else {
			m.say("the lab's own measures hidden, but those the lesson rests on (m shows all)") // whole at 80 too
		}
		return m, nil
	case key.Matches(msg, keys.Tour.Binding):
		return m.startTour()
	case key.Matches(msg, keys.Presets.Binding):
		return m.openPicker()
	}
	if do := settingFor(msg.String()); do != nil {
		return m.change(do)
	}
	return m, nil
}

// quit ends the program, after the export under way if there is one: Bubble Tea does not
// wait for commands when it quits, so the files would be cut short. A second quit does not
// wait: a stalled disk must not keep the terminal.
func (m model) quit() (model, tea.Cmd) {
	if m.exporting && !m.quitting {
		m.quitting = true
		m.say("quitting once the export is written… (q again: quit now)")
		return m, nil
	}
	return m, tea.Quit
}

// sideName is "A shared-pool" in compare mode.
func (m model) sideName(i int) string { return sideLetter(i) + " " + m.sides[i].cfg.Name }

func (m *model) say(s string)  { m.status, m.statusErr = s, false }
func (m *model) fail(s string) { m.status, m.statusErr = s, true }

// screen is the view's whole input.
func (m model) screen() screen {
	s := screen{focus: m.focus, width: m.width, height: m.height, modes: m.modes,
		paused: m.paused, restarting: m.restarting, status: m.status, statusErr: m.statusErr,
		helpView: m.helpView, presets: m.presets, pickerCursor: m.pickerCursor, machine: m.machine}
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
	if m.comparing() {
		v.WindowTitle += " vs " + m.sides[1].cfg.Name
	}
	if tv := m.tour; m.modes.has(modeTour) {
		v.WindowTitle = fmt.Sprintf("poollab tour %d/%d: %s", tv.k+1, tv.n, tv.ch.title)
	}
	return v
}
