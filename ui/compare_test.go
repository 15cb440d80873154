// Tests of compare mode (its keys, leaving it, its pair of engines, its summary) and of export
// (x).

package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// update feeds one message to the model and runs what it asks for (an apply, a restart,
// leaving compare mode, an export) and what those ask for in turn, feeding the results
// back, as Bubble Tea would.
func update(t testing.TB, m model, msg tea.Msg) model {
	t.Helper()
	next, cmd := m.Update(msg)
	m = next.(model)
	if _, isTick := msg.(tickMsg); isTick {
		return m // the next tick waits 100 ms: not run here
	}
	for cmd != nil {
		m, cmd = settle(t, m, cmd)
		if cmd == nil {
			break
		}
		var cmds []tea.Cmd
		msgs := []tea.Msg{cmd()}
		if batch, ok := msgs[0].(tea.BatchMsg); ok {
			msgs = nil
			for _, c := range batch {
				msgs = append(msgs, c())
			}
		}
		for _, res := range msgs {
			switch res.(type) {
			case restartedMsg, exportedMsg:
				next, more := m.Update(res)
				m, cmds = next.(model), append(cmds, more)
			}
		}
		cmd = tea.Batch(cmds...)
	}
	return m
}

// v enters compare mode: A is the lab as it was, B a copy, both restarted together;
// settings keys change only the focused side; tab switches it; v again keeps the focused
// side running and stops the other.
func TestCompareKeys(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m.width, m.height = 120, 40
	m = update(t, m, press1('c')) // a change before comparing: B must copy it
	a := m.sides[0].cfg

	m = update(t, m, press1('v'))
	engines := fs.all()
	if !m.comparing() || m.focus != 1 || len(engines) != 3 {
		t.Fatalf("v: compare %v, focus %d, %d engines started", m.comparing(), m.focus, len(engines))
	}
	if _, stopped := engines[0].state(); !stopped {
		t.Errorf("v: the single lab's engine still runs")
	}
	if fs.sides[1] != 0 || fs.sides[2] != 1 {
		t.Errorf("v: started as sides %v, want A then B", fs.sides)
	}
	if !engines[1].snap.Config.Equal(a) || !engines[2].snap.Config.Equal(a) {
		t.Errorf("v: A and B must both start on the settings in force")
	}

	m = update(t, m, press1('b'))
	if !m.sides[0].cfg.Equal(a) || m.sides[1].cfg.Payment.Bulkhead.Type == a.Payment.Bulkhead.Type {
		t.Errorf("b with B focused: A %v, B %v", m.sides[0].cfg.Payment.Bulkhead, m.sides[1].cfg.Payment.Bulkhead)
	}
	if !strings.HasPrefix(m.status, "B: bulkhead → ") {
		t.Errorf("b: status %q should say B changed", m.status)
	}
	if cs := m.sides[1].changes; len(cs) != 1 || !strings.HasPrefix(cs[0].what, "bulkhead → ") {
		t.Errorf("b: B's changes %+v should name the change, without the letter", cs)
	}
	if appliedA, _ := engines[1].state(); len(appliedA) != 0 {
		t.Errorf("b with B focused reached A's engine")
	}
	if appliedB, _ := engines[2].state(); len(appliedB) != 1 || !appliedB[0].Equal(m.sides[1].cfg) {
		t.Errorf("b with B focused: B's engine got %d changes", len(appliedB))
	}
	if !m.sides[1].cfg.Traffic.Equal(m.sides[0].cfg.Traffic) {
		t.Errorf("traffic must stay identical")
	}

	m = update(t, m, tea.KeyPressMsg{Code: tea.KeyTab})
	if m.focus != 0 || !strings.Contains(m.status, "A shared-pool") {
		t.Errorf("tab: focus %d, status %q", m.focus, m.status)
	}
	bBefore := m.sides[1].cfg
	m = update(t, m, press1(']'))
	if m.sides[0].cfg.Payment.Bulkhead.Size != a.Payment.Bulkhead.Size+1 || !m.sides[1].cfg.Equal(bBefore) {
		t.Errorf("] with A focused should change only A")
	}
	if out := render(m.th, m.screen()); !strings.Contains(out, "▶ A shared-pool") {
		t.Errorf("the focused side is not marked")
	}

	// The tick takes both snapshots together; a single one (from before) is dropped.
	m = update(t, m, tickMsg{snaps: []*lab.Snapshot{testSnapshot()}, gen: m.gen})
	if m.sides[0].snap != nil {
		t.Errorf("a tick with one snapshot was taken in compare mode")
	}
	sa, sb := compareSnapshots()
	m = update(t, m, tickMsg{snaps: []*lab.Snapshot{sa, sb}, gen: m.gen})
	if m.sides[0].snap != sa || m.sides[1].snap != sb {
		t.Errorf("the tick's pair was not taken")
	}

	// r restarts both, together.
	m = update(t, m, press1('r'))
	if engines = fs.all(); len(engines) != 5 || fs.sides[3] != 0 || fs.sides[4] != 1 {
		t.Fatalf("r: %d engines, sides %v", len(engines), fs.sides)
	}

	// v leaves, keeping A (focused) running and stopping B.
	keptCfg := m.sides[0].cfg
	m = update(t, m, press1('v'))
	if m.comparing() || m.focus != 0 || !m.sides[0].cfg.Equal(keptCfg) {
		t.Errorf("v again: compare %v, focus %d", m.comparing(), m.focus)
	}
	if _, stopped := engines[3].state(); stopped {
		t.Errorf("v again stopped the focused side")
	}
	if _, stopped := engines[4].state(); !stopped {
		t.Errorf("v again left the other side running")
	}
	if len(fs.all()) != 5 {
		t.Errorf("leaving compare mode should not start anything")
	}
}

// Leaving compare mode with B focused keeps B, as the only lab now.
func TestCompareLeaveKeepsB(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m = update(t, m, press1('v'))
	m = update(t, m, press1('b'))
	b := m.sides[1].cfg
	m = update(t, m, press1('v'))
	if m.comparing() || !m.sides[0].cfg.Equal(b) {
		t.Fatalf("kept %+v, want B's settings", m.sides[0].cfg.Payment.Bulkhead)
	}
	engines := fs.all()
	if _, stopped := engines[2].state(); stopped {
		t.Errorf("B was stopped")
	}
	if _, stopped := engines[1].state(); !stopped {
		t.Errorf("A still runs")
	}
	// Keys now reach B's engine, the only one.
	m = update(t, m, press1('c'))
	if applied, _ := engines[2].state(); len(applied) != 2 {
		t.Errorf("after leaving, a key should reach the kept engine (got %d changes)", len(applied))
	}
}

// r right after leaving compare mode waits for the leave's command: the new run is the one
// shown, and nothing else runs.
func TestLeaveThenRestart(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m = update(t, m, press1('v'))
	m = update(t, m, tea.KeyPressMsg{Code: tea.KeyTab}) // keep A, which the new run's engine also is
	next, leave := m.Update(press1('v'))
	m = next.(model)
	next, restart := m.Update(press1('r'))
	if m = next.(model); restart != nil || m.restarting {
		t.Fatalf("r restarted before the leave's command was done")
	}
	next, restart = m.Update(leave()) // the leave is done: r now restarts
	m = next.(model)
	if restart == nil || !m.restarting {
		t.Fatalf("r was not handled once the leave was done: status %q", m.status)
	}
	next, _ = m.Update(restart())
	m = next.(model)
	snaps, gen, _ := m.ref.snapshots()
	if len(snaps) != 1 || gen != m.gen {
		t.Errorf("after both: %d engines of generation %d, the screen wants %d", len(snaps), gen, m.gen)
	}
	running := 0
	for _, e := range fs.all() {
		if _, stopped := e.state(); !stopped {
			running++
		}
	}
	if running != 1 {
		t.Errorf("%d engines running, want 1", running)
	}
}

// The engines' commands run in any order: a restart asked for earlier than the engines in
// use starts nothing, a split of a pair a restart replaced stops nothing, and an apply meant
// for replaced engines reaches none.
func TestEngineRefOrder(t *testing.T) {
	fs := &fakeStarter{}
	ref := &engineRef{}
	defer ref.close()
	cfg := testConfig()
	if err := ref.replace(fs.start, []lab.Config{cfg, cfg}, 1); err != nil {
		t.Fatal(err)
	}
	if err := ref.replace(fs.start, []lab.Config{cfg}, 3); err != nil { // the later restart's command ran first
		t.Fatal(err)
	}
	if err := ref.replace(fs.start, []lab.Config{cfg, cfg}, 2); err != nil || len(fs.all()) != 3 {
		t.Errorf("a restart older than the engines in use started %d engines (err %v)", len(fs.all())-3, err)
	}
	ref.keep(1, 1, 4) // leaving compare mode on the pair of generation 1, replaced since
	snaps, gen, _ := ref.snapshots()
	if len(snaps) != 1 || gen != 3 {
		t.Errorf("after the stale restart and split: %d engines of generation %d, want 1 of 3", len(snaps), gen)
	}
	if err := ref.apply(0, cfg, 2); !errors.Is(err, errReplaced) {
		t.Errorf("an apply for generation 2 on generation 3: %v", err)
	}
	if applied, _ := fs.all()[2].state(); len(applied) != 0 {
		t.Errorf("a stale apply reached the engine in use")
	}
}

// Options.Compare opens in compare mode: two engines, B on A's traffic, both stopped at the end.
func TestRunCompareStopsBoth(t *testing.T) {
	fs := &fakeStarter{}
	b := testConfig()
	b.Name = "semaphore-bulkhead"
	b.Payment.Bulkhead.Type = lab.BulkheadSemaphore
	b.Traffic.Payment.Rate = 99 // B's own preset traffic is replaced by A's
	err := New(Options{Config: testConfig(), Compare: &b, Start: fs.start, Input: strings.NewReader("q"), Output: io.Discard}).Run()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	engines := fs.all()
	if len(engines) != 2 {
		t.Fatalf("%d engines, want 2", len(engines))
	}
	if got := engines[1].snap.Config; !got.Traffic.Equal(testConfig().Traffic) || got.Payment.Bulkhead.Type != lab.BulkheadSemaphore {
		t.Errorf("B started on %+v", got)
	}
	for i, e := range engines {
		if _, stopped := e.state(); !stopped {
			t.Errorf("engine %d still runs after Run returned", i)
		}
	}
}

// A pair runs whole or not at all: when B cannot start, A is stopped again.
func TestComparePairStartsWhole(t *testing.T) {
	fs := &fakeStarter{}
	start := func(cfg lab.Config, side int) (Engine, error) {
		if side == 1 {
			return nil, os.ErrExist
		}
		return fs.start(cfg, side)
	}
	ref := &engineRef{}
	err := ref.replace(start, []lab.Config{testConfig(), testConfig()}, 1)
	if err == nil || !strings.HasPrefix(err.Error(), "B: ") {
		t.Fatalf("replace: %v", err)
	}
	if _, stopped := fs.all()[0].state(); !stopped {
		t.Errorf("A runs without B")
	}
}

// x writes the screen (.ans, .txt, .svg, .png) and the report (.md, .json) into the export
// folder, named by preset and time, and says where.
func TestExport(t *testing.T) {
	dir := t.TempDir()
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m.exportDir = dir
	m.now = func() time.Time { return time.Date(2026, 11, 30, 10, 15, 0, 0, time.Local) }
	m.width, m.height = 120, 40

	m = update(t, m, press1('x'))
	if !m.statusErr || !strings.Contains(m.status, "nothing to export yet") {
		t.Errorf("x before the first snapshot: %q", m.status)
	}

	m = update(t, m, tickMsg{snaps: []*lab.Snapshot{testSnapshot()}, gen: m.gen})
	m = update(t, m, press1('x'))
	base := "poollab-shared-pool-20261130-101500"
	if want := "saved " + base + ".* (6 files) in " + dir; m.status != want || m.statusErr {
		t.Errorf("status %q, want %q", m.status, want)
	}
	files := readExport(t, dir, base)
	if strings.Contains(files["txt"], "\x1b") || !strings.Contains(files["txt"], "workers  PPPPPPPPPPPPPPPPPPPP 20/20 busy") {
		t.Errorf(".txt is not the plain screen:\n%s", files["txt"])
	}
	if !strings.Contains(files["ans"], "\x1b[") || len(strings.Split(strings.TrimSuffix(files["ans"], "\n"), "\n")) != 40 {
		t.Errorf(".ans should be the 40 lines of the screen with their colours")
	}
	if doc := parseSVG(t, files["svg"]); len(doc.glyphs(t)) == 0 {
		t.Errorf(".svg has no text")
	}
	if img, err := png.Decode(strings.NewReader(files["png"])); err != nil || img.Bounds().Dx() != (120*gridCellW+2*gridPad)*DefaultScale {
		t.Errorf(".png: %v", err)
	}
	if !strings.Contains(files["md"], "| class |") {
		t.Errorf(".md is not the report:\n%s", files["md"])
	}
	var rep struct{ Preset string }
	if err := json.Unmarshal([]byte(files["json"]), &rep); err != nil || rep.Preset != "shared-pool" {
		t.Errorf(".json: %v, preset %q", err, rep.Preset)
	}

	// A narrow screen cuts the status line in the middle: the folder stays in view.
	m.width = 80
	line := ansi.Strip(statusLine(m.th, m.screen()))
	if ansi.StringWidth(line) > 80 || !strings.HasPrefix(line, "› saved poollab-") || !strings.HasSuffix(line, filepath.Base(dir)) {
		t.Errorf("status line at 80 columns: %q", line)
	}
	// A changed preset's files in a short folder: the whole name at 80 columns, not cut
	// mid-name as ".{ans,txt,svg,png,md,json}" was.
	changed := "poollab-shared-pool-changed-20261204-211530"
	m, _ = m.exported(exportedMsg{dir: "/tmp", base: changed})
	if line := ansi.Strip(statusLine(m.th, m.screen())); !strings.Contains(line, changed+".*") {
		t.Errorf("status line at 80 columns: %q", line)
	}
	m.width = 120

	// Again within the same second: new names, nothing overwritten.
	m = update(t, m, press1('x'))
	if !strings.Contains(m.status, base+"-2.* (6 files)") {
		t.Errorf("second x: %q", m.status)
	}

	// Compare mode: both presets in the name, the comparison as the report.
	m = update(t, m, press1('v'))
	sa, sb := compareSnapshots()
	m = update(t, m, tickMsg{snaps: []*lab.Snapshot{sa, sb}, gen: m.gen})
	m = update(t, m, press1('x'))
	base = "poollab-shared-pool-vs-semaphore-bulkhead-20261130-101500"
	if !strings.HasPrefix(m.status, "saved "+base+".*") {
		t.Fatalf("compare x: %q", m.status)
	}
	files = readExport(t, dir, base)
	var cmp struct{ Runs []struct{ Preset string } }
	if err := json.Unmarshal([]byte(files["json"]), &cmp); err != nil || len(cmp.Runs) != 2 || cmp.Runs[1].Preset != "semaphore-bulkhead" {
		t.Errorf("compare .json: %v %+v", err, cmp)
	}
	if !strings.Contains(files["txt"], "A vs B") {
		t.Errorf("compare .txt is not the compare screen")
	}

	// A folder that cannot be written: the status line says why.
	m.exportDir = filepath.Join(dir, "no", "such")
	m = update(t, m, press1('x'))
	if !m.statusErr || !strings.Contains(m.status, "export failed") {
		t.Errorf("unwritable folder: %q", m.status)
	}
}

// x writes in a command, not in Update; q or ctrl+c during it quits only once the files
// are written, since Bubble Tea does not wait for commands when it quits, and a second
// quit meanwhile quits at once (a stalled disk). A second x meanwhile is refused rather
// than racing the first for the name.
func TestQuitWaitsForExport(t *testing.T) {
	dir := t.TempDir()
	m := startModel(t, &fakeStarter{})
	m.exportDir, m.width, m.height = dir, 120, 40
	m.now = func() time.Time { return time.Date(2026, 11, 30, 10, 15, 0, 0, time.Local) }
	m = update(t, m, tickMsg{snaps: []*lab.Snapshot{testSnapshot()}, gen: m.gen})

	next, write := m.Update(press1('x'))
	m = next.(model)
	if write == nil {
		t.Fatal("x should return the command that writes the files")
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("x wrote %d files in Update", len(files))
	}
	next, cmd := m.Update(press1('x'))
	if m = next.(model); cmd != nil || !strings.Contains(m.status, "wait: exporting") {
		t.Errorf("x during an export: status %q, command %v", m.status, cmd != nil)
	}
	for _, quit := range []tea.KeyPressMsg{press1('q'), {Code: 'c', Mod: tea.ModCtrl}} {
		next, cmd = m.Update(quit)
		if waiting := next.(model); cmd != nil {
			t.Errorf("%s quit before the export was written", quit)
		} else if _, again := waiting.Update(quit); again == nil {
			t.Errorf("%s twice did not quit at once", quit)
		} else if _, ok := again().(tea.QuitMsg); !ok {
			t.Errorf("%s twice did not quit at once", quit)
		}
	}
	next, _ = m.quit() // the quit that waits for the export
	m = next.(model)

	next, cmd = m.Update(write())
	m = next.(model)
	if cmd == nil {
		t.Fatal("the export's end should quit, as asked")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("the export's end should quit, as asked")
	}
	base := "poollab-shared-pool-20261130-101500"
	readExport(t, dir, base)
	if !strings.HasPrefix(m.status, "saved "+base+".*") {
		t.Errorf("status %q", m.status)
	}
}

func readExport(t *testing.T, dir, base string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, ext := range exportExts {
		b, err := os.ReadFile(filepath.Join(dir, base+"."+ext))
		if err != nil || len(b) == 0 {
			t.Fatalf("%s.%s: %v (%d bytes)", base, ext, err, len(b))
		}
		out[ext] = string(b)
	}
	return out
}

func TestFileSafe(t *testing.T) {
	for in, want := range map[string]string{"shared-pool": "shared-pool", "my lab/v2": "my-lab-v2", "": "lab", "shared-pool (changed)": "shared-pool-changed", "///": "lab"} {
		if got := fileSafe(in); got != want {
			t.Errorf("fileSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// A preset's name of any length exports (issue 20: past about 230 characters x failed with
// "file name too long"): the file name keeps a recognisable start of each name and a hash
// that tells long names apart; the reports keep the names whole.
func TestExportLongNames(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 30, 10, 15, 0, 0, time.Local)
	long := strings.Repeat("very-long-preset-name-", 20) // 440 characters
	a, b := compareSnapshots()
	a.Config.Name, b.Config.Name = long+"A", long+"B"
	if fa, fb := fileSafe(a.Config.Name), fileSafe(b.Config.Name); fa == fb || len(fa) > maxNameInFile {
		t.Errorf("fileSafe: %s and %s: want two names of at most %d bytes", fa, fb, maxNameInFile)
	}
	bases := map[string]bool{}
	for _, snaps := range [][]lab.Snapshot{{*a}, {*b}, {*a, *b}} {
		_, base, err := writeExport(dir, now, "frame", "plain frame", true, snaps)
		if err != nil {
			t.Fatalf("%d labs: %v", len(snaps), err)
		}
		if n := len(base + ".json"); n > 255 {
			t.Errorf("file name of %d bytes: %s", n, base)
		}
		if !strings.HasPrefix(base, "poollab-very-long-preset-name-very-long") {
			t.Errorf("file name %s does not start with the preset's name", base)
		}
		if bases[base] {
			t.Errorf("two exports share the name %s", base)
		}
		bases[base] = true
		files := readExport(t, dir, base)
		if files["txt"] != "plain frame\n" || files["ans"] != "frame\n" {
			t.Errorf("%s: the text file is %q, the ANSI file %q: want the frame drawn without colour in the text", base, files["txt"], files["ans"])
		}
		for _, s := range snaps {
			if !strings.Contains(files["json"], s.Config.Name) || !strings.Contains(files["md"], s.Config.Name) {
				t.Errorf("%s: the reports lack the whole name %s…", base, s.Config.Name[:40])
			}
		}
	}
}

// The live summary and the exported comparison are one table: the same rows, with the same
// labels, in the same order, in-flight rows included.
func TestSummaryAgreesWithExport(t *testing.T) {
	a, b := compareSnapshots()
	var md strings.Builder
	if err := lab.NewComparison(*a, *b).Write(&md, lab.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	var exported []string
	for _, l := range strings.Split(md.String(), "\n") {
		cells := strings.Split(strings.Trim(l, "| "), " | ")
		if len(cells) == 5 && cells[0] != "class" && !strings.HasPrefix(cells[0], "-") {
			exported = append(exported, cells[0]+" "+cells[1])
		}
	}
	var live []string
	class := ""
table:
	for _, l := range strings.Split(ansi.Strip(strings.Join(summaryLines(newTheme(true, true), compareScreen(200, 60), 40, false), "\n")), "\n")[1:] {
		f := strings.Fields(l)
		switch {
		case len(f) == 0, ruleStarts.MatchString(l), class == "" && !strings.HasSuffix(l, "B − A"): // the rule under the title, in one line or two
		case strings.HasPrefix(l, "»"): // the lesson under the table
			break table
		case strings.HasSuffix(l, "B − A"): // a block's header names its class
			class = f[0]
		default:
			f = slices.DeleteFunc(f, func(s string) bool { return s == lab.ApproxMark || s == lab.TooFewMark }) // "≈ +2", "? +2" are one cell
			live = append(live, class+" "+strings.Join(f[:len(f)-3], " "))
		}
	}
	if strings.Join(live, "\n") != strings.Join(exported, "\n") || len(live) == 0 || !slices.Contains(live, "payment in flight") {
		t.Errorf("live summary rows:\n%s\nexported rows:\n%s", strings.Join(live, "\n"), strings.Join(exported, "\n"))
	}
}

// The help defines the summary's ≈ beside its colours.
func TestHelpDefinesApprox(t *testing.T) {
	help := ansi.Strip(strings.Join(helpLines(newTheme(true, false), keys, 1000), "\n"))
	for _, want := range []string{"B − A", lab.ApproxKey, "B better", "B worse"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}

// The help says once, where its quoted examples begin, that they are from one run: "911 of
// 2391" beside a screen's 910 of the same preset and seed read as a mistake (newcomer 58).
func TestHelpSaysItsExamplesAreOneRun(t *testing.T) {
	help := ansi.Strip(strings.Join(helpLines(newTheme(true, false), keys, 1000), "\n"))
	note, example := strings.Index(help, lab.HelpExamples), strings.Index(help, "\"screenshot at 8.0s\"")
	if note < 0 || example < note || strings.Count(help, lab.HelpExamples) != 1 {
		t.Errorf("the help's note on its examples at %d, its first example at %d", note, example)
	}
}

// The summary's title fits: ", totals since 0s" goes first, then the keys shorten,
// then the colour key goes, then what ≈ means, so closed loop against open loop at 80
// columns is no longer cut ("totals sin…"); without colour, the key says that a difference
// without ≈ or ? is a result, and what ≈ means. Runs
// measured two ways say so, and never call B better or worse.
func TestSummaryTitleFits(t *testing.T) {
	s := compareScreen(80, 24)
	for _, tc := range []struct {
		closed  bool
		noColor bool
		w       int
		want    string
	}{{true, false, 80, "A vs B: A closed loop, B open loop"},
		{true, false, 130, "B sent open loop · measured two ways: not better or worse"},
		{false, false, 80, "green: B better, red: B worse"},
		{false, false, 150, "totals since 0s · green: B better, red: B worse"}, {false, true, 120, "totals since 0s"}} {
		s.panes[0].snap.Config.Traffic.Mode, s.panes[1].snap.Config.Traffic.Mode = lab.Open, lab.Open
		if tc.closed {
			s.panes[0].snap.Config.Traffic.Mode = lab.Closed
		}
		title := ansi.Strip(summaryLines(newTheme(tc.noColor, false), s, tc.w, false)[0])
		if ansiWidth(title) > tc.w || !strings.Contains(title, tc.want) || tc.closed && strings.Contains(title, "better,") || tc.noColor && strings.Contains(title, "green") {
			t.Errorf("w=%d: %d wide, want %q in it: %q", tc.w, ansiWidth(title), tc.want, title)
		}
		// The rule line under it says what the marks mean: the title does not say it again.
		for _, key := range []string{lab.ApproxMark, lab.TooFewMark, "bare"} {
			if strings.Contains(title, key) {
				t.Errorf("w=%d: the title defines %q, as the rule line does: %q", tc.w, key, title)
			}
		}
	}
}

// Short of room, the summary leaves out the counts that are 0 on both sides, and says so at
// every width, closed against open loop too; with room, every row stands, the same as the
// exported comparison's.
func TestLeanSummary(t *testing.T) {
	s := compareScreen(80, 24)
	for _, w := range []int{60, 80, 100, 120} {
		for _, closed := range []bool{false, true} {
			s.panes[0].snap.Config.Traffic.Mode, s.panes[1].snap.Config.Traffic.Mode = lab.Open, lab.Open
			if closed {
				s.panes[0].snap.Config.Traffic.Mode = lab.Closed
			}
			if title := ansi.Strip(summaryLines(newTheme(false, true), s, w, true)[0]); !strings.Contains(title, "rows 0 in A and B hidden") || ansiWidth(title) > w {
				t.Errorf("w=%d closed=%v: %q", w, closed, title)
			}
		}
	}
	s.panes[0].snap.Config.Traffic.Mode = lab.Open
	full := ansi.Strip(strings.Join(summaryLines(newTheme(true, true), s, 80, false), "\n"))
	lean := ansi.Strip(strings.Join(summaryLines(newTheme(true, true), s, 80, true), "\n"))
	zero := func(l string) bool {
		f := strings.Fields(l)
		return len(f) >= 4 && f[len(f)-3] == "0" && f[len(f)-2] == "0" && f[len(f)-1] == lab.NoChange
	}
	if !slices.ContainsFunc(strings.Split(full, "\n"), zero) {
		t.Fatalf("the fixture has no row of 0 and 0:\n%s", full)
	}
	if slices.ContainsFunc(strings.Split(lean, "\n"), zero) || !strings.Contains(lean, "rows 0 in A and B hidden") || strings.Contains(full, "hidden") {
		t.Errorf("full:\n%s\nlean:\n%s", full, lean)
	}
}

// A fleet's counts are judged by blocks of arrivals, so a burst of rejections stays ≈ where
// the same count by pairs would be a result: the summary says why where ≈ stands, beside
// its last row of blocks where they leave room (never on a line of its own), else briefly
// in its title. Without a fleet it says nothing of blocks.
func TestSummarySaysFleetsJudgeByBlocks(t *testing.T) {
	s := compareScreen(80, 24)
	widths := []int{56, 80, 100, 120, 160}
	for _, w := range widths {
		if text := ansi.Strip(strings.Join(summaryLines(newTheme(true, true), s, w, false), "\n")); strings.Contains(text, "blocks") || strings.Contains(text, "vote") {
			t.Errorf("w=%d, no fleet, yet:\n%s", w, text)
		}
	}
	s.panes[0].snap.Fleet = &lab.FleetStats{}
	key, how := lab.BlocksKey(), lab.BlocksHow()
	blockWords := append(key[:], how[:]...)
	beside, titled := 0, 0
	for _, w := range widths {
		lines := summaryLines(newTheme(true, true), s, w, false)
		text := ansi.Strip(strings.Join(lines, "\n"))
		// The words beside: each line's cells from the column where they start.
		var words []string
		for _, l := range lines[1:] {
			if i := strings.Index(ansi.Strip(l), "≈ for a fleet"); i >= 0 {
				col := len([]rune(ansi.Strip(l)[:i]))
				for _, l := range lines[1:] {
					if r := []rune(ansi.Strip(l)); len(r) > col {
						words = append(words, string(r[col:]))
					}
				}
				break
			}
		}
		switch {
		case slices.ContainsFunc(blockWords, func(f string) bool { return strings.Contains(ansi.Strip(lines[0]), f) }):
			titled++
		case strings.Contains(strings.Join(strings.Fields(strings.Join(words, " ")), " "), lab.BlocksWhy()):
			beside++
		default:
			t.Errorf("w=%d: a fleet's summary says nothing of its blocks:\n%s", w, text)
		}
		for _, l := range lines[1:] {
			if l := ansi.Strip(l); strings.HasPrefix(l, " ") && strings.TrimSpace(l) != "" {
				t.Errorf("w=%d: a line of words alone, not beside a block's: %q\n%s", w, l, text)
			}
		}
		for _, l := range lines {
			if ansiWidth(l) > w {
				t.Errorf("w=%d: %d wide: %q", w, ansiWidth(l), ansi.Strip(l))
			}
		}
	}
	if beside == 0 || titled == 0 {
		t.Errorf("the words stood beside the blocks at %d widths, in the title at %d: the fixture tries neither", beside, titled)
	}
}

// When users fare alike and only the calls below the pool differ (socket against caller
// timeout), the summary ends with the lesson that names both sides' figures; a difference
// users see is named beside them; none at all leaves it to the table.
func TestSummarySaysWhatUsersCannotSee(t *testing.T) {
	rows := []lab.ComparisonRow{
		{Class: lab.Payment, Counter: "ok"},
		{Class: lab.Payment, Counter: "timed out", A: 50, B: 50},
		{Class: lab.Payment, Counter: "p99", A: int64(time.Second), B: int64(time.Second)},
		{Class: lab.Payment, Counter: "dependency now", Label: "calls at dependency now", A: 10, B: 28, Significant: true, Better: -1, Unseen: true},
		{Class: lab.Payment, Counter: "orphaned calls", Label: "orphaned calls so far", A: 0, B: 50, Significant: true, Better: -1, Unseen: true},
		{Class: lab.Signup, Counter: "ok", A: 43, B: 43},
		{Class: lab.Signup, Counter: "p99", A: int64(4 * time.Millisecond), B: int64(4200 * time.Microsecond)},
	}
	want := "» nothing users see differs beyond chance; unseen by users, the calls differ: calls at dependency now 10 → 28, orphaned calls so far 0 → 50"
	for _, w := range []int{56, 80, 120} {
		lines := verdictLines(lab.Lesson(rows, lab.UsersVerdict{}, lab.TrafficConfig{}.Label), w, false)
		if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != want {
			t.Errorf("w=%d: %q, want %q", w, got, want)
		}
		for _, l := range lines {
			if ansiWidth(l) > w {
				t.Errorf("w=%d: %q", w, l)
			}
		}
	}
	// A p99 too few to judge (?) is not shown to differ either, and says so with its
	// figures: "nothing differs" beside 1.68s → 1.09s read as a finding (newcomer 10).
	few := slices.Clone(rows)
	few[6].Unjudged = true
	wantFew := "» users: no count of theirs differs beyond chance, p99 too few to judge (?: signup 4.0ms → 4.2ms); unseen by users, the calls differ: calls at dependency now 10 → 28, orphaned calls so far 0 → 50"
	if got := strings.Join(strings.Fields(strings.Join(verdictLines(lab.Lesson(few, lab.UsersVerdict{}, lab.TrafficConfig{}.Label), 80, false), " ")), " "); got != wantFew {
		t.Errorf("a p99 too few to judge among the users' rows: %q", got)
	}
	// A difference users see, all one way, is named first.
	seen := slices.Clone(rows)
	seen[5].B, seen[5].Significant, seen[5].Better = 52, true, 1
	wantSeen := "» users: signup ok +9; unseen by users, the calls differ: calls at dependency now 10 → 28, orphaned calls so far 0 → 50"
	if got := strings.Join(strings.Fields(strings.Join(verdictLines(lab.Lesson(seen, lab.UsersVerdict{}, lab.TrafficConfig{}.Label), 200, false), " ")), " "); got != wantSeen {
		t.Errorf("users see a difference: %q, want %q", got, wantSeen)
	}
	none := slices.Clone(rows)
	none[3].Significant, none[4].Significant = false, false
	if got := verdictLines(lab.Lesson(none, lab.UsersVerdict{}, lab.TrafficConfig{}.Label), 200, false); got != nil {
		t.Errorf("nothing differs, yet: %q", got)
	}
}

// newcomer 11, hops: "p99 1.68s 1.08s ? -600ms" and "users: no count differs beyond noise"
// while every payment came back 0.6s sooner. The p50 lab judged in the p99's place is a
// result the lesson names, in both figures, with how much sooner.
func TestVerdictNamesTheP50(t *testing.T) {
	rows := []lab.ComparisonRow{
		{Class: lab.Payment, Counter: "ok"},
		{Class: lab.Payment, Counter: "timed out", A: 47, B: 48},
		{Class: lab.Payment, Counter: "p99", A: int64(1680 * time.Millisecond), B: int64(1080 * time.Millisecond), Unjudged: true},
		{Class: lab.Payment, Counter: "p50", A: int64(1610 * time.Millisecond), B: int64(1010 * time.Millisecond), Significant: true, Better: 1},
		{Class: lab.Payment, Counter: lab.AfterAnswerWord, A: 1168, B: 0, Significant: true, Better: 1, Unseen: true},
	}
	want := "» users: payment p50 1.61s → 1.01s (600ms sooner); no count of theirs differs beyond chance; unseen by users, the calls differ: after user answered 1168 → 0"
	for _, w := range []int{56, 80, 120} {
		lines := verdictLines(lab.Lesson(rows, lab.UsersVerdict{}, lab.TrafficConfig{}.Label), w, false)
		if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != want {
			t.Errorf("w=%d: %q, want %q", w, got, want)
		}
	}
	// The p50 alone, no call rows: still named, the row a reader would miss.
	if got := strings.Join(verdictLines(lab.Lesson(rows[:4], lab.UsersVerdict{}, lab.TrafficConfig{}.Label), 200, false), " "); got != "» users: payment p50 1.61s → 1.01s (600ms sooner); no count differs beyond chance" {
		t.Errorf("p50 alone: %q", got)
	}
}

// newcomer 11, fleet-vs and bulkhead: results that point both ways had no lesson, and the
// room asked "so the bulkhead is worse?". The summary words lab's verdict: what users got
// worse and better, class by class, and what became of them (newcomer 12, X2: never a
// rejection reason as better or worse, "B better: payment rejected:pool -30").
func TestVerdictNamesTheTrade(t *testing.T) {
	rows := []lab.ComparisonRow{
		{Class: lab.Payment, Counter: "ok", A: 32, B: 10, Significant: true, Better: -1},
		{Class: lab.Payment, Counter: "rejected:pool", A: 30, B: 0, Significant: true, Better: 1},
		{Class: lab.Payment, Counter: "rejected:bulkhead", A: 0, B: 66, Significant: true, Better: -1},
		{Class: lab.Payment, Counter: "in flight", A: 19, B: 5, Significant: true},
		{Class: lab.Signup, Counter: "ok", A: 39, B: 52, Significant: true, Better: 1},
		{Class: lab.Signup, Counter: "rejected:pool", A: 13, B: 0, Significant: true, Better: 1},
		{Class: lab.Health, Counter: "ok", A: 9, B: 11},
	}
	v := lab.UsersVerdict{
		Worse:  []lab.UserChange{{Class: lab.Payment, Counter: "ok", A: 32, B: 10, Change: -22, NotOK: &[2]int64{30, 66}}},
		Better: []lab.UserChange{{Class: lab.Signup, Counter: "ok", A: 39, B: 52, Change: 13, NotOK: &[2]int64{13, 0}}},
	}
	full := "» the trade: B worse: payment ok -22 (arrived − ok 30 → 66); B better: signup ok +13 (arrived − ok 13 → 0)"
	brief := "» the trade: B worse: payment ok -22; B better: signup ok +13"
	for _, tc := range []struct {
		w    int
		lean bool
		want string
	}{{120, false, full}, {80, false, full}, {120, true, full}, {80, true, brief}, {56, true, brief}, {44, false, brief}} {
		lines := verdictLines(lab.Lesson(rows, v, lab.TrafficConfig{}.Label), tc.w, tc.lean)
		if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != tc.want {
			t.Errorf("w=%d lean=%v: %q, want %q", tc.w, tc.lean, got, tc.want)
		}
		for _, l := range lines {
			if ansiWidth(l) > tc.w {
				t.Errorf("w=%d: %q", tc.w, l)
			}
			if strings.Contains(l, "rejected:") {
				t.Errorf("w=%d: a rejection reason named better or worse: %q", tc.w, l)
			}
		}
	}
	// Each class by its name in the preset (the postmortem's payments are orders).
	var orders lab.TrafficConfig
	orders.Payment.Label = "orders"
	if got := strings.Join(verdictLines(lab.Lesson(rows, v, orders.Label), 200, true), " "); !strings.Contains(got, "B worse: orders ok -22") {
		t.Errorf("the class by its label: %q", got)
	}
	// All one way with a count in it: said as such, what became of them too (the
	// postmortem's fix turns orders away, which its table alone leaves to the audience).
	if got := strings.Join(verdictLines(lab.Lesson(rows, lab.UsersVerdict{Better: v.Better}, lab.TrafficConfig{}.Label), 200, false), " "); got != "» users: B better: signup ok +13 (arrived − ok 13 → 0)" {
		t.Errorf("all one way: %q", got)
	}
}

// newcomer 12, X9: "p99 1.69s 1.09s ? -600ms" above "p50 1.60s 1.00s -600ms" read as the
// same 600ms unjudged and certain; newcomer 19: "?" alone read as no change at all. The
// p99's B − A is shown after "?" where the p50 stands in too, and the rule under the title
// says the p50 is the row judged (TestRuleOnScreen).
func TestStoodInP99ReadsOnce(t *testing.T) {
	p99 := lab.ComparisonRow{Class: lab.Payment, Counter: "p99", A: int64(1690 * time.Millisecond), B: int64(1090 * time.Millisecond), Unjudged: true}
	if _, _, d := p99.Cells(); d != "? -600ms" {
		t.Errorf("a p99 too few to judge: %q, want %q", d, "? -600ms")
	}
}

// newcomer 19, X4: "how is 15 → 0 noise?" The rule behind ≈, a bare difference and ? is on
// the compare screen in plain words at every size (colour says nothing in a text capture):
// a line under the title with room, beside the blocks or in the title without. The review:
// each mark the rows show is defined once, none that they do not ("bare" twice in 24 lines,
// "≈ chance can do it" with no row ≈); a p99 too few to judge above its p50 says the p50 is
// the row judged, hops and fleet-vs at 80x24 and 120x40 (newcomer 12: one shift read twice).
func TestRuleOnScreen(t *testing.T) {
	moments := compareMoments()
	bulkA, bulkB := compareSnapshots()
	moments["compareScreen"] = [2]*lab.Snapshot{bulkA, bulkB}
	defs := map[string]*regexp.Regexp{
		"≈":    regexp.MustCompile(`≈ (chance|could be chance)`),
		"bare": regexp.MustCompile(`bare( \+n -n)? beyond`),
		"?":    regexp.MustCompile(`\? too few`),
		// newcomer 38 G11: "in flight 3 0 -3 sooner" with no key at 80x24 or 120x40.
		"sooner": regexp.MustCompile(`n ` + lab.SoonerMark + `:`),
	}
	for name, m := range moments {
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {100, 30}} {
			s := screen{panes: []pane{{snap: m[0], cfg: m[0].Config}, {snap: m[1], cfg: m[1].Config}},
				width: sz[0], height: sz[1], recorded: true}
			lines := compareLines(newTheme(true, false), s)
			screen := ansi.Strip(strings.Join(lines, "\n"))
			rule, rest := ruleText(lines)
			shown := map[string]bool{}
			stoodIn := false
			for i, r := range judge(s).rows {
				shown["≈"] = shown["≈"] || r.Approx() == lab.ApproxMark+" "
				shown["?"] = shown["?"] || r.Approx() == lab.TooFewMark+" "
				shown["bare"] = shown["bare"] || r.Approx() == "" && r.Significant && r.A != r.B
				shown["sooner"] = shown["sooner"] || r.Sooner
				stoodIn = stoodIn || r.Counter == "p50" && i > 0 && judge(s).rows[i-1].TooFew()
			}
			for mark, def := range defs {
				n := len(def.FindAllString(rule+"\n"+rest, -1))
				switch {
				case shown[mark] && mark != "bare" && n != 1, shown[mark] && n > 1:
					t.Errorf("%s %dx%d: %q shown, defined %d times, want once:\n%s", name, sz[0], sz[1], mark, n, screen)
				case !shown[mark] && n > 0:
					t.Errorf("%s %dx%d: %q defined, shown on no row:\n%s", name, sz[0], sz[1], mark, screen)
				}
			}
			if stoodIn && !strings.Contains(rule, "p50") {
				t.Errorf("%s %dx%d: a p50 stands in, the rule %q does not say so:\n%s", name, sz[0], sz[1], rule, screen)
			}
			if strings.HasSuffix(rule, " is") {
				t.Errorf("%s %dx%d: the rule ends unfinished: %q", name, sz[0], sz[1], rule)
			}
			for i, l := range lines {
				if w := ansiWidth(l); w > sz[0] {
					t.Errorf("%s %dx%d: line %d is %d wide: %q", name, sz[0], sz[1], i, w, ansi.Strip(l))
				}
			}
		}
	}
}

// ruleStarts matches the start of the rule line's words (lab.NoiseRule).
var ruleStarts = regexp.MustCompile(`(^|  |── A vs B · )(≈ chance|≈ could be chance|bare \+n -n beyond|\? too few|≠ )`)

// ruleText is the rule's words on a compare screen: on the title, on a line of its own, or
// beside the blocks, a column of lines from where it starts; and the screen's text without
// them.
func ruleText(lines []string) (rule, rest string) {
	plain := make([]string, len(lines))
	for i, l := range lines {
		plain[i] = ansi.Strip(l)
	}
	for i, l := range plain {
		at := ruleStarts.FindStringSubmatchIndex(l)
		if at == nil {
			continue
		}
		col := len([]rune(l[:at[4]]))
		if strings.HasPrefix(l, "── A vs B") {
			rule, plain[i] = strings.TrimRight(strings.TrimRight(l[at[4]:], "─"), " "), l[:at[4]]
			break
		}
		if col == 0 { // a line of its own, or two: up to the blocks' header
			words := []string{strings.TrimSpace(l)}
			plain[i] = ""
			for j := i + 1; j < len(plain) && !strings.Contains(plain[j], "B − A"); j++ {
				words, plain[j] = append(words, strings.TrimSpace(plain[j])), ""
			}
			rule = strings.Join(words, " ")
			break
		}
		var words []string
		for j := i; j < len(plain); j++ {
			r := []rune(plain[j])
			if len(r) <= col || r[col-1] != ' ' {
				break
			}
			words, plain[j] = append(words, strings.TrimSpace(string(r[col:]))), string(r[:col])
		}
		rule = strings.Join(words, " ")
		break
	}
	return rule, strings.Join(plain, "\n")
}

// newcomer 19: closed-vs-open's "arrived 601 700 +99", "ok +99" and "p99 as sent +931ms"
// were bare on a compare whose title says "not better or worse", where bare means beyond
// noise: they differ by how each run was sent, marked ≠, which the rule line says; and the
// closed loop's arrived is what it sent, of what was due.
func TestMethodRowsMarked(t *testing.T) {
	closed, open := measurementSnapshots()
	for _, w := range []int{80, 120} {
		s := screen{panes: []pane{{snap: closed, cfg: closed.Config}, {snap: open, cfg: open.Config}}, width: w, height: 40}
		out := ansi.Strip(strings.Join(summaryLines(newTheme(true, false), s, w, false), "\n"))
		for _, want := range []string{"sent of 1000 due                901   1000     ≠ +99", "ok                              901   1000     ≠ +99",
			"≠ +899ms", lab.MethodMark + " differs by how each was sent, not better or worse"} {
			if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(want), " ")) {
				t.Errorf("w=%d: no %q in\n%s", w, want, out)
			}
		}
	}
}

// A fleet's compare at every size draws without a panic: its title forms, worked out with
// and without the too-few key, are two lists read side by side, and compacting one alone
// left them of different lengths (a headless snapshot of fleet-domino panicked at 80x24).
func TestFleetCompareEverySize(t *testing.T) {
	for _, pair := range [][2]*lab.Snapshot{{fleetSnapshot(4, 2), fleetSnapshot(4, 2)}, {fleetSnapshot(4, 2), testSnapshot()}} {
		a, b := *pair[0], *pair[1]
		b.Config.Name = "other"
		for w := range sweep(60, 160, 4) {
			for h := 18; h <= 50; h += 4 {
				t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("%dx%d: %v", w, h, r)
						}
					}()
					Frame([]lab.Snapshot{a, b}, w, h, true, false)
				})
			}
		}
	}
}

// At 80 columns the lesson keeps the link between a class's not ok that ended another way,
// briefly, over what differs below the pool, whose rows the table shows (the review:
// retry-storm against its budget at 80x24 left "timed out +45" unlinked beside "B better").
func TestLessonKeepsNotOKMovedAt80(t *testing.T) {
	rows := []lab.ComparisonRow{
		{Class: lab.Payment, Counter: "ok"},
		{Class: lab.Payment, Counter: "timed out", A: 164, B: 273, Significant: true},
		{Class: lab.Payment, Counter: "rejected:pool", A: 104, B: 2, Significant: true},
		{Class: lab.Payment, Counter: "in flight", A: 20, B: 13},
		{Class: lab.Payment, Counter: "retries", A: 349, B: 27, Significant: true, Unseen: true},
		{Class: lab.Payment, Counter: "budget denied", A: 0, B: 272, Significant: true, Unseen: true},
		{Class: lab.Signup, Counter: "ok", A: 88, B: 144, Significant: true, Better: 1},
		{Class: lab.Signup, Counter: "rejected:pool", A: 57, B: 1, Significant: true},
	}
	v := lab.UsersVerdict{Worse: []lab.UserChange{}, Better: []lab.UserChange{{Class: lab.Signup, Name: "signup", Counter: "ok", A: 88, B: 144, Change: 56}}}
	forms := lab.Lesson(rows, v, lab.TrafficConfig{}.Label)
	got := strings.Join(verdictLines(forms, 80, false), " ")
	if !strings.Contains(got, "not ok ended another way: payment timed out +109, rejected:pool -102") {
		t.Errorf("at 80 columns: %q", got)
	}
	if full := strings.Join(verdictLinesIn(forms, 200, 2), " "); !strings.Contains(full, "payment ok 0 in both, its not ok ended another way") || !strings.Contains(full, "unseen by users, the calls differ") {
		t.Errorf("at 200 columns: %q", full)
	}
}

// Where B turns away now what A's filling queue holds, lab's lesson says first why there is
// no verdict yet (newcomer 27: codel-vs-long, the only compare without "B better" or "B
// worse"): in full in 2 lines at 80 columns, and in one line where the summary asks for
// one (review 17 #4: it took 2 all the same, paid for with narrator lines).
func TestHeldLessonLines(t *testing.T) {
	h := &lab.Held{Side: lab.SideA, FullIn: 12200 * time.Millisecond, At: 8 * time.Second, Wait: 3600 * time.Millisecond, OtherWait: 100 * time.Millisecond}
	rows := []lab.ComparisonRow{{Class: lab.Payment, Counter: "p50", A: int64(3970 * time.Millisecond), B: int64(3 * time.Second), Significant: true, Better: 1}}
	forms := lab.Lesson(rows, lab.UsersVerdict{Held: h}, lab.TrafficConfig{}.Label)
	want := []string{"» not judged yet: B turns away now what A still holds; A's queue is full in",
		"~12.2s, then turns away too; one arriving now waits ~3.6s (B's at most 100ms)"}
	if lines := verdictLines(forms, 80, false); !slices.Equal(lines, want) {
		t.Errorf("at 80 columns %q, want %q", lines, want)
	}
	if lines := verdictLines(forms, 80, true); !slices.Equal(lines, []string{"» not judged yet: A turns away too once its queue fills, in ~12.2s"}) {
		t.Errorf("brief at 80 columns %q", lines)
	}
}

// A trade of four gains in one line of 80 columns, fleet-domino against fleet-bulkhead's,
// names every gain, without figures, where "and 3 more gains" stood in the room for them
// (newcomer 29); the table above has the figures.
func TestTradeNamesItsGainsAt80(t *testing.T) {
	p99 := func(c lab.Class, a, b time.Duration) lab.UserChange {
		return lab.UserChange{Class: c, Counter: "p99", A: int64(a), B: int64(b)}
	}
	v := lab.UsersVerdict{Worse: []lab.UserChange{{Class: lab.Payment, Counter: "ok", A: 307, B: 97}},
		Better: []lab.UserChange{{Class: lab.Signup, Counter: "ok", A: 1060, B: 1616}, {Class: lab.Health, Counter: "ok", A: 598, B: 650},
			p99(lab.Signup, 2950*time.Millisecond, 6*time.Millisecond), p99(lab.Health, 2460*time.Millisecond, 2*time.Millisecond)}}
	// At a cap too, which leaves the briefest form alone the room of a line (fleet-bulkhead's 5).
	for _, cap := range []int{0, 5} {
		v.Cap = cap
		got := verdictLines(lab.Lesson(nil, v, lab.Class.String), 80, true)
		if want := "» the trade: B worse: payment ok -210; B better: signup and health: ok and p99"; len(got) != 1 || got[0] != want {
			t.Errorf("cap %d: %q\nwant %q", cap, got, want)
		}
	}
}

// Leaving the tour in compare mode says A and B, whose names the header gives: both names
// in the status outran 80 columns and it was cut in its middle.
func TestLeaveTourStatusFits(t *testing.T) {
	m := startModel(t, &fakeStarter{})
	m.width, m.height = 80, 24
	m.sides[0].cfg.Name = "deadline-propagation" // the longest preset's name
	m = update(t, m, press1('v'))
	m = m.leaveTour()
	if !strings.Contains(m.status, "A and B run on") || ansiWidth("› "+m.status) > 80 {
		t.Errorf("compare: status %q, want A and B, within 80 columns", m.status)
	}
	m = update(t, m, press1('v'))
	m = m.leaveTour()
	if !strings.Contains(m.status, "deadline-propagation runs on") || ansiWidth("› "+m.status) > 80 {
		t.Errorf("one lab: status %q, want its name, within 80 columns", m.status)
	}
}

// newcomer 39 G1: at 120x40, long-queue vs codel's "ok 33 26 ≈ -7" beside "rejected:codel
// 0 10 +10", and no rule on screen to tell them apart. At 120 columns the rule says how ≈
// is judged (the cited example) beside every mark's key in two lines, and why payment has
// no p50 row where signup has one (G13); at 80 the two lines keep every key, as before.
func TestRuleSaysHowAt120(t *testing.T) {
	rows := []lab.ComparisonRow{
		{Class: lab.Payment, Counter: "ok", A: 40, B: 34, Chance: 0.286, Units: [2]int64{14, 8}},
		{Class: lab.Payment, Counter: "rejected:codel", A: 0, B: 22, Significant: true, Chance: 4e-7, Units: [2]int64{0, 22}},
		{Class: lab.Payment, Counter: "p99", A: 5, B: 3, Unjudged: true},
		{Class: lab.Signup, Counter: "ok", A: 33, B: 26, Chance: 0.092, Units: [2]int64{10, 3}},
		{Class: lab.Signup, Counter: "rejected:codel", A: 0, B: 10, Significant: true, Chance: 0.002, Units: [2]int64{0, 10}},
		{Class: lab.Signup, Counter: "in flight", A: 3, B: 0, Chance: 0.25, Units: [2]int64{3, 0}, Sooner: true},
		{Class: lab.Signup, Counter: "p99", A: 5, B: 3, Unjudged: true},
		{Class: lab.Signup, Counter: "p50", A: 5, B: 3, Significant: true},
	}
	rule, keyed, how := lab.NoiseRuleKeyed(rows, false, lab.TrafficConfig{}.Label)
	j := judged{rows: rows, rule: rule, keyed: keyed, how: how}
	wide := strings.Join(j.ruleLines(120), " ")
	for _, want := range []string{lab.UnmarkedKey, lab.TooFewBrief, "n " + lab.SoonerMark + ": could be chance"} {
		if !strings.Contains(wide, want) {
			t.Errorf("at 120 columns the rule %q lacks %q", wide, want)
		}
	}
	// How ≈ is judged: the cited example, its row named; sooner's key (why it is no ≈,
	// newcomer 40 #4) gives way to its fewest words first (review 34 m4).
	if !strings.Contains(wide, "signup ok 33 → 26 is 13 requests") {
		t.Errorf("at 120 columns the rule %q says not how ≈ is judged", wide)
	}
	if n := len(j.ruleLines(120)); n > 2 {
		t.Errorf("at 120 columns the rule takes %d lines", n)
	}
	narrow := j.ruleLines(80)
	if len(narrow) > 2 || !strings.Contains(strings.Join(narrow, " "), "n "+lab.SoonerMark+":") {
		t.Errorf("at 80 columns: %q", narrow)
	}
}

// newcomer 40 #1: at 80x24, shared-pool vs semaphore-bulkhead's "ok 5 6 ≈ +1" stood under
// "≈ within noise", which said nothing of what noise is; n45 G4: "≈ within 1-in-20 bar"
// could not be decoded, and at 120 "sign test", "Holm" were jargon. The one line at 80
// columns keeps every key and says what ≈ claims; at 120 the rule says its odds in plain
// words, and "?" how many a p99 needs (n44 g3).
func TestRuleSaysOddsAt80(t *testing.T) {
	rows := []lab.ComparisonRow{
		{Class: lab.Payment, Counter: "ok", A: 34, B: 10, Significant: true, Better: -1, Chance: 1e-6, Units: [2]int64{24, 0}},
		{Class: lab.Payment, Counter: "p99", A: 5, B: 3, Unjudged: true, Ended: [2]int64{36, 10}},
		{Class: lab.Health, Counter: "ok", A: 5, B: 6, Chance: 1, Units: [2]int64{0, 1}},
	}
	rule, keyed, how := lab.NoiseRuleKeyed(rows, false, lab.TrafficConfig{}.Label)
	j := judged{rows: rows, rule: rule, keyed: keyed, how: how}
	// And the 368 glossed on a line of its own, which the 120 form's why says (newcomer 54):
	// keyed "?", a minimum beside the most this comparison has, not a count of it (newcomer 65
	// G16: "judged from 368 ended" where payments had 36).
	if got := j.ruleLines(80); len(got) != 2 || got[0] != "≈ could be chance · bare +n -n beyond chance · ? too few to judge" ||
		got[1] != "? p99 B − A needs ≥368 ended for 97.5% odds the slowest ≥ true p99, here ≤36" {
		t.Errorf("at 80 columns: %q", got)
	}
	// At 120 too, the count's rule in figures (newcomer 63 G16: 368's origin unshown), each
	// mark leading with its meaning on a line, the count's rule in words on the next, the odds
	// at 368 in figures after them (newcomer 64 G16: one run of two lines could not be read
	// in seconds).
	if got := j.ruleLines(120); len(got) != 2 || got[0] != "≈ could be chance (chance alone moves some row this far over 1 in 20) · bare +n -n beyond chance · ? too few to judge" ||
		got[1] != "? too few: a p99's B − A needs ≥368 ended in the faster run, here ≤36 (97.5% odds their slowest ≥ true p99: 1 − 0.99³⁶⁸)" {
		t.Errorf("at 120 columns: %q", got)
	}
}

// newcomer 40 #2: health without the rejected:bulkhead row payment has, and only the help
// said why; the title says what a missing row is where it has the room, never in place of
// its own words.
func TestSummaryTitleSaysRowsUnshown(t *testing.T) {
	a, b := testSnapshot(), testSnapshot()
	s := screen{panes: []pane{{snap: a, cfg: a.Config}, {snap: b, cfg: b.Config}}, width: 120, height: 40}
	title := ansi.Strip(summaryLines(newTheme(true, false), s, 120, false)[0])
	if !strings.Contains(title, lab.RowsUnshown) || !strings.Contains(title, "totals "+lab.SinceStart) {
		t.Errorf("at 120 columns: %q", title)
	}
	if narrow := ansi.Strip(summaryLines(newTheme(true, false), s, 60, false)[0]); strings.Contains(narrow, lab.RowsUnshown) && !strings.Contains(narrow, "totals "+lab.SinceStart) {
		t.Errorf("at 60 columns, in place of the title's words: %q", narrow)
	}
}

// The title's note on missing rows is said of the rows not shown, beside rows of 0 in A and
// B that are ("in flight 0 0 same"): "counts not shown: 0 in A and B" read as the rule that
// counts 0 in both are not shown (newcomer 58 W16).
func TestSummaryTitleNoteIsTrueBesideZeroRows(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		out := ansi.Strip(render(newTheme(true, true), compareScreen(sz[0], sz[1])))
		zeros := regexp.MustCompile(`(?m)^\S.*\s0\s+0\s+same`).MatchString(out)
		if zeros && strings.Contains(out, "not shown: 0") || !strings.Contains(lab.RowsUnshown, "not shown is 0") {
			t.Errorf("%dx%d: the title's note %q reads as hiding the rows of 0 it shows:\n%s", sz[0], sz[1], lab.RowsUnshown, out)
		}
	}
}

// The compare's title says its p99s are measured, at both sizes, in colour and not: its
// counts match each run alone, its p99s not (newcomer 43 G-10: "3.9 vs 3.6ms" beside the
// same counts read as a copy error, the settings' seed gloss being a solo screen's), of the
// latencies by name ("timing varies by run" only hinted it: newcomer 50), and why a compare's
// differ from a lone run's: both run at once on one machine ("latencies vary by run" left it
// to guess: newcomer 59 #16), the brief form where the whole does not fit (80 columns).
func TestCompareTitleSaysTimingVaries(t *testing.T) {
	for _, color := range []bool{false, true} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			out := ansi.Strip(render(newTheme(!color, true), compareScreen(sz[0], sz[1])))
			// Beside the p99s, where they are, not in the title's crowd of words (newcomer 64
			// W16: signup p99 4.2ms against 3.5ms run alone read as an error), in the words of
			// the title's form, which then need not say it.
			words := lab.TimingVariesBrief
			p99 := regexp.MustCompile(`(?m)^p99 .*  (` + strings.Join(lab.TimedBoth, "|") + `)( *$| +│)`)
			if !p99.MatchString(out) || !strings.Contains(lab.TimedBoth[0], words) || !strings.Contains(lab.TimingVaries, words) ||
				!strings.Contains(words, "with both running") || strings.Contains(out, "── A vs B same traffic, "+words) || !strings.Contains(out, lab.RowsUnshown) && sz[0] == 120 {
				t.Errorf("%dx%d, colour %v: no %q beside the p99s:\n%s", sz[0], sz[1], color, lab.TimedBoth, out)
			}
			// Not at the cost of the colour's key: the brief form keeps it at 80 columns.
			_, title, _ := strings.Cut(out, "── A vs B")
			if title, _, _ = strings.Cut(title, "\n"); color && !strings.Contains(title, "green: B better, red: B worse") {
				t.Errorf("%dx%d: the title lost the colour key:\n%s", sz[0], sz[1], out)
			}
		}
	}
}
