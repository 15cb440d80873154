// Tests of the model through Update and of Run: keys, restarts, the picker, quitting, and an
// engine that panics or fails to start; settle runs the commands Update returns.

package ui

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"poollab/lab"
)

func press1(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// pressed hands *m key k, as Bubble Tea would, and settles the work it asks for (settle):
// what is left is returned for the test to deliver.
func pressed(t testing.TB, m *model, k tea.KeyPressMsg) tea.Cmd {
	t.Helper()
	next, cmd := m.Update(k)
	*m, cmd = settle(t, next.(model), cmd)
	return cmd
}

func startModel(t *testing.T, fs *fakeStarter) model {
	t.Helper()
	ref := &engineRef{}
	if err := ref.replace(fs.start, []lab.Config{testConfig()}, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ref.close)
	return newModel(ref, Options{Config: testConfig(), Start: fs.start,
		Presets:    []Preset{{"semaphore-bulkhead", "bulkhead of 5"}, {"shared-pool", "no isolation"}},
		LoadPreset: func(string) (lab.Config, error) { c := testConfig(); c.Name = "semaphore-bulkhead"; return c, nil }})
}

// settle runs cmd as Bubble Tea would, and hands the model the messages of the work keys
// wait for (an apply, leaving compare mode, a preset or the tour loading) and runs what they
// ask for in turn. The other messages (a restart's, an export's, a quit) it returns as one
// command, their work done, for the test to deliver.
func settle(t testing.TB, m model, cmd tea.Cmd) (model, tea.Cmd) {
	t.Helper()
	var rest []tea.Cmd
	for cmds := []tea.Cmd{cmd}; len(cmds) > 0; cmds = cmds[1:] {
		if cmds[0] == nil {
			continue
		}
		switch msg := cmds[0]().(type) {
		case tea.BatchMsg:
			cmds = append(cmds, msg...)
		case appliedMsg, keptMsg, presetMsg, tourMsg:
			next, more := m.Update(msg)
			m = next.(model)
			cmds = append(cmds, more)
		default:
			rest = append(rest, func() tea.Msg { return msg })
		}
	}
	return m, tea.Batch(rest...)
}

// The flow a presenter follows: b, ], ? then q. No network: a fake engine.
func TestFlow(t *testing.T) {
	fs := &fakeStarter{}
	tm := teatest.NewTestModel(t, startModel(t, fs), teatest.WithInitialTermSize(120, 40))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("signup starved")) },
		teatest.WithDuration(time.Minute), teatest.WithCheckInterval(10*time.Millisecond))
	tm.Send(press1('b'))
	tm.Send(press1(']'))
	tm.Send(press1('?'))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("every number on the screen")) },
		teatest.WithDuration(time.Minute), teatest.WithCheckInterval(10*time.Millisecond))
	tm.Send(press1('q'))
	m := tm.FinalModel(t, teatest.WithFinalTimeout(time.Minute)).(model)

	want := testConfig()
	want.Payment.Bulkhead.Type = lab.BulkheadTypes[1]
	want.Payment.Bulkhead.Size = 6
	if !m.sides[0].cfg.Equal(want) {
		t.Errorf("final config\n got %+v\nwant %+v", m.sides[0].cfg.Payment, want.Payment)
	}
	if !m.modes.has(modeHelp) {
		t.Errorf("? should have opened the help")
	}
	applied, _ := fs.all()[0].state()
	if len(applied) != 2 || !applied[1].Equal(want) {
		t.Errorf("the engine was given %d configs, the last %+v", len(applied), applied[len(applied)-1].Payment)
	}
}

// Update alone: keys change the model at once, and the status line says what happened.
func TestUpdateKeys(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m.width, m.height = 120, 40
	press := func(k tea.KeyPressMsg) tea.Cmd { t.Helper(); return pressed(t, &m, k) }

	press(press1('b'))
	if !strings.HasPrefix(m.status, "bulkhead → ") || m.statusErr {
		t.Errorf("b: status %q", m.status)
	}
	press(tea.KeyPressMsg{Code: tea.KeySpace})
	if !m.paused || !strings.Contains(m.status, "lab keeps running") {
		t.Errorf("space should pause: %v %q", m.paused, m.status)
	}
	// A snapshot arriving while paused is not shown.
	before := m.sides[0].snap
	next, _ := m.Update(tickMsg{snaps: []*lab.Snapshot{testSnapshot()}, gen: m.gen})
	if m = next.(model); m.sides[0].snap != before {
		t.Errorf("a paused screen took a new snapshot")
	}
	press(tea.KeyPressMsg{Code: tea.KeySpace})
	if m.paused {
		t.Errorf("space again should resume")
	}

	// An engine that refuses: the status line says so and the settings stay.
	fs.all()[0].mu.Lock()
	fs.all()[0].applyErr = errors.New("pool.queue: must be 0..100000")
	fs.all()[0].mu.Unlock()
	cfg := m.sides[0].cfg
	press(press1('>'))
	if !m.statusErr || !strings.Contains(m.status, "must be 0..100000") || !m.sides[0].cfg.Equal(cfg) {
		t.Errorf("apply error: status %q err %v", m.status, m.statusErr)
	}

	// r restarts: a new engine with the settings in force, the old one stopped.
	cmd := press(press1('r'))
	if !m.restarting || cmd == nil {
		t.Fatalf("r should start a restart")
	}
	next, _ = m.Update(cmd())
	m = next.(model)
	engines := fs.all()
	if len(engines) != 2 || m.restarting {
		t.Fatalf("restart: %d engines, restarting %v, status %q", len(engines), m.restarting, m.status)
	}
	if _, stopped := engines[0].state(); !stopped {
		t.Errorf("the old engine was not stopped")
	}
	if !engines[1].snap.Config.Equal(m.sides[0].cfg) {
		t.Errorf("the new engine did not get the settings in force")
	}

	// p, down, enter: loads the preset and restarts on it.
	press(press1('p'))
	if !m.modes.has(modePicker) {
		t.Fatalf("p should open the picker")
	}
	press(tea.KeyPressMsg{Code: tea.KeyUp})
	cmd = press(tea.KeyPressMsg{Code: tea.KeyEnter})
	if m.modes.has(modePicker) || cmd == nil {
		t.Fatalf("enter should close the picker and restart")
	}
	next, _ = m.Update(cmd())
	m = next.(model)
	if m.sides[0].cfg.Name != "semaphore-bulkhead" || !strings.Contains(m.status, "semaphore-bulkhead loaded") {
		t.Errorf("preset: %q, status %q", m.sides[0].cfg.Name, m.status)
	}

	// ctrl+c quits, even from the help.
	press(press1('?'))
	if cmd := press(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}); cmd == nil {
		t.Errorf("ctrl+c should quit")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("ctrl+c should quit")
	}
}

// Run stops the engine on the way out and returns nothing for a plain q.
func TestRunStopsTheEngine(t *testing.T) {
	fs := &fakeStarter{}
	err := New(Options{Config: testConfig(), Start: fs.start, Input: strings.NewReader("bq"), Output: io.Discard}).Run()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	applied, stopped := fs.all()[0].state()
	if !stopped {
		t.Errorf("the engine is still running after Run returned")
	}
	if len(applied) != 1 {
		t.Errorf("b before q: the engine got %d changes", len(applied))
	}
}

// A panic in the engine's Snapshot ends the dashboard cleanly with the error.
func TestRunReportsEnginePanic(t *testing.T) {
	start := func(cfg lab.Config, _ int) (Engine, error) {
		e := newFake(cfg)
		e.panicky = true
		return e, nil
	}
	err := New(Options{Config: testConfig(), Start: start, Input: idleInput(t), Output: io.Discard}).Run()
	if err == nil || !strings.Contains(err.Error(), "boom in the engine") {
		t.Fatalf("Run: %v", err)
	}
}

// Crash from another goroutine (a lab goroutine's recover) kills the program and Run
// returns the error.
func TestCrash(t *testing.T) {
	fs := &fakeStarter{}
	app := New(Options{Config: testConfig(), Start: fs.start, Input: idleInput(t), Output: io.Discard})
	go func() {
		time.Sleep(200 * time.Millisecond)
		app.Crash("lab goroutine blew up")
	}()
	err := app.Run()
	if err == nil || !strings.Contains(err.Error(), "lab goroutine blew up") {
		t.Fatalf("Run: %v", err)
	}
	if _, stopped := fs.all()[0].state(); !stopped {
		t.Errorf("the engine is still running")
	}
}

// A start that fails returns before the screen is touched.
func TestRunStartError(t *testing.T) {
	boom := errors.New("port in use")
	err := New(Options{Config: testConfig(), Start: func(lab.Config, int) (Engine, error) { return nil, boom },
		Input: idleInput(t), Output: io.Discard}).Run()
	if !errors.Is(err, boom) {
		t.Fatalf("Run: %v", err)
	}
}

// idleInput is input nobody types into; it ends with the test.
func idleInput(t *testing.T) io.Reader {
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	return r
}

// In the help, G (or end) goes to its last section, Sources, its title at the top, which the
// postmortem's screen sends a reader to, and g (or home) back to the top: the viewport has no keys for either.
func TestHelpEndAndTop(t *testing.T) {
	m := startModel(t, &fakeStarter{})
	m.width, m.height = 80, 24
	pressed(t, &m, press1('?'))
	pressed(t, &m, tea.KeyPressMsg{Code: 'G', Text: "G"})
	if v := ansi.Strip(m.helpView.View()); strings.TrimSpace(strings.Split(v, "\n")[0]) != lab.SourcesTitle {
		t.Errorf("G: the help at line %d of %d, not at Sources:\n%s", m.helpView.YOffset(), m.helpView.TotalLineCount(), v)
	}
	pressed(t, &m, tea.KeyPressMsg{Code: tea.KeyHome})
	if !m.helpView.AtTop() {
		t.Errorf("home: the help at line %d, not its top", m.helpView.YOffset())
	}
}
