package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// ownWords are what the lab's own measures put on shared-pool's screen: the health lines
// and the table's wait columns, with the note that explains them.
var ownWords = []string{"generator lag p99", "goroutines ", "p99:lag", "p99:dispatch", "p99:wait", "wait = lag"}

// m shows the lab's own measures and hides them again: off to start, on in both halves of
// compare mode, in the tour's chapter too (issue 22: a projected screen is read for seconds).
func TestMachineKey(t *testing.T) {
	m := startModel(t, &fakeStarter{})
	m.width, m.height = 120, 40
	press := func(k tea.KeyPressMsg) { t.Helper(); pressed(t, &m, k) }
	tick := func(snaps ...*lab.Snapshot) {
		t.Helper()
		next, _ := m.Update(tickMsg{snaps: snaps, gen: m.gen})
		m = next.(model)
	}
	view := func() string { return ansi.Strip(render(m.th, m.screen())) }
	tick(testSnapshot())
	for _, w := range ownWords {
		if strings.Contains(view(), w) {
			t.Errorf("by default the screen shows %q:\n%s", w, view())
		}
	}
	press(press1('m'))
	for _, w := range ownWords[:5] { // the note gives way at 120 columns to a shorter one
		if !strings.Contains(view(), w) {
			t.Errorf("m: no %q:\n%s", w, view())
		}
	}
	if !strings.Contains(m.status, "own measures shown") || ansiWidth("› "+m.status) > 80 {
		t.Errorf("m: status %q, or too long for 80 columns (it was cut in the middle)", m.status)
	}
	press(press1('m'))
	if v := view(); strings.Contains(v, "p99:lag") || strings.Contains(v, "goroutines ") {
		t.Errorf("m again: still shown:\n%s", v)
	}
	if !strings.Contains(m.status, "own measures hidden") || ansiWidth("› "+m.status) > 80 {
		t.Errorf("m again: status %q, or too long for 80 columns (it was cut in the middle)", m.status)
	}

	press(press1('v'))
	if !m.comparing() {
		t.Fatalf("v: no compare mode")
	}
	a, b := compareSnapshots()
	tick(a, b)
	press(press1('m'))
	if v := view(); strings.Count(v, "generator lag p99") != 2 {
		t.Errorf("m in compare mode: want both halves' generator lag:\n%s", v)
	}
}

// In the tour's chapter m works as in the lab: its table's wait columns come and go.
func TestMachineKeyInTour(t *testing.T) {
	m := tourModel(t, &fakeStarter{})
	press := func(k tea.KeyPressMsg) tea.Cmd { t.Helper(); return pressed(t, &m, k) }
	press(press1('T'))
	if cmd := press(press1('3')); cmd != nil {
		next, _ := m.Update(cmd())
		m = next.(model)
	}
	s := testSnapshot()
	s.Config = m.sides[0].cfg
	next, _ := m.Update(tickMsg{snaps: []*lab.Snapshot{s}, gen: m.gen})
	m = next.(model)
	view := func() string { return ansi.Strip(render(m.th, m.screen())) }
	if m.tour.phase != tourAnswer || strings.Contains(view(), "p99:lag") {
		t.Fatalf("the chapter's answer, phase %v, with p99:lag by default:\n%s", m.tour.phase, view())
	}
	press(press1('m'))
	if !strings.Contains(view(), "p99:lag") {
		t.Errorf("m in the tour: no p99:lag:\n%s", view())
	}
}

// The honesty guard shows whatever the toggle: alone and in compare mode.
func TestMachineTooBusyEitherWay(t *testing.T) {
	late := testSnapshot()
	late.Generator.Lag = lab.Percentiles{P50: 5 * time.Millisecond, P99: 40 * time.Millisecond, Max: 50 * time.Millisecond, Count: 5000}
	if !late.TooBusy() {
		t.Fatalf("the fixture is not too busy")
	}
	for _, machine := range []bool{false, true} {
		for _, sz := range goldenSizes {
			alone := ansi.Strip(Frame([]lab.Snapshot{*late}, sz[0], sz[1], true, machine))
			if !strings.Contains(alone, "⚠ this machine is too busy") {
				t.Errorf("machine %v, %dx%d: no warning alone:\n%s", machine, sz[0], sz[1], alone)
			}
			pair := ansi.Strip(Frame([]lab.Snapshot{*late, *late}, sz[0], sz[1], true, machine))
			if strings.Count(pair, "⚠ too busy") != 2 {
				t.Errorf("machine %v, %dx%d: not a warning a half:\n%s", machine, sz[0], sz[1], pair)
			}
		}
	}
}

// A lesson keeps its numbers: the postmortem's orders wait as goroutines in its unbounded
// queue, and its wait is the queue's, so both stay without m; the wait's parts do not.
func TestMachineLessonKeepsItsLines(t *testing.T) {
	s := postmortemSnapshot(postmortemConfig())
	out := ansi.Strip(Frame([]lab.Snapshot{*s}, 120, 40, true, false))
	for _, want := range []string{"goroutines 5797", "p99:wait", "queue's wait included"} {
		if !strings.Contains(out, want) {
			t.Errorf("postmortem by default lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"p99:lag", "p99:dispatch", "wait = lag"} {
		if strings.Contains(out, not) {
			t.Errorf("postmortem by default shows %q:\n%s", not, out)
		}
	}
	// Where no more than a round of the pool waits, its goroutines are the lab's.
	s.Pool.Queued = s.Pool.QueueRound()
	if out := ansi.Strip(Frame([]lab.Snapshot{*s}, 120, 40, true, false)); strings.Contains(out, "goroutines ") {
		t.Errorf("goroutines shown with no more than a round ever queued:\n%s", out)
	}
}

// Every frame fits its size in both states of m, alone and in compare mode, at every width
// from 80 to 200: the lines the lab's own measures free or take are laid out as any other.
func TestMachineFramesFit(t *testing.T) {
	a, b := compareSnapshots()
	pm := postmortemSnapshot(postmortemConfig())
	for _, machine := range []bool{false, true} {
		for _, snaps := range [][]lab.Snapshot{{*testSnapshot()}, {*a, *b}, {*pm}} {
			for w := range sweep(80, 200, 3) {
				for _, h := range []int{24, 40} {
					checkFrame(t, Frame(snaps, w, h, true, machine), w, h)
				}
			}
		}
	}
}

// A compare's two halves say the ⚠ in one form, whatever their lags and widths (at 120x40
// shared-pool beside semaphore-bulkhead, A's half a column narrower read "(lag p99)" beside
// B's "B − A under ~9.3ms").
func TestMachineTooBusyOneFormBothHalves(t *testing.T) {
	digits := regexp.MustCompile(`~[0-9.]+[µm]?s`)
	lagged := func(p99 time.Duration) lab.Snapshot {
		s := testSnapshot()
		s.Generator.Lag = lab.Percentiles{P50: 5 * time.Millisecond, P99: p99, Max: p99, Count: 5000}
		return *s
	}
	for _, lags := range [][2]time.Duration{{9800 * time.Microsecond, 9300 * time.Microsecond}, {9300 * time.Microsecond, 9800 * time.Microsecond}, {40 * time.Millisecond, 123 * time.Millisecond}} {
		for _, sz := range goldenSizes {
			pair := ansi.Strip(Frame([]lab.Snapshot{lagged(lags[0]), lagged(lags[1])}, sz[0], sz[1], true, false))
			for _, line := range strings.Split(pair, "\n") {
				if strings.Count(line, "⚠") != 2 {
					continue
				}
				halves := strings.Split(line, "⚠")
				a, b := strings.TrimSpace(strings.TrimRight(halves[1], " │")), strings.TrimSpace(halves[2])
				if digits.ReplaceAllString(a, "~N") != digits.ReplaceAllString(b, "~N") {
					t.Errorf("lags %v at %dx%d: two forms, %q and %q", lags, sz[0], sz[1], a, b)
				}
			}
		}
	}
}

// The ⚠ in one line is tried once: where even its shortest form wraps (a column narrower
// than the screen's least), the layout ends rather than trying it again and again (without
// the guard, this test overflows the stack).
func TestMachineOneWarningTriedOnce(t *testing.T) {
	late := testSnapshot()
	late.Generator.Lag = lab.Percentiles{P50: 5 * time.Millisecond, P99: 40 * time.Millisecond, Max: 50 * time.Millisecond, Count: 5000}
	c := newLabCtx(newTheme(true, true), testScreen(late, 30, 18), 0, 30, 0)
	if _, pl := labPlan(c, 18); pl.chartsDrawn(labPanels) {
		t.Errorf("at 30x18 the charts drawn: the ⚠ does not wrap here, the test tests nothing")
	}
}

// The ⚠'s one-line forms are explained in the help, not only in the README (review 40b m10):
// a projected screen's audience has only ?.
func TestMachineTooBusyInTheHelp(t *testing.T) {
	for _, d := range helpWords() {
		if strings.HasPrefix(d[0], "⚠ too busy") && strings.Contains(d[1], "(lag p99 of all sent, over 5ms)") && strings.Contains(d[1], "\"(lag p99)\"") {
			return
		}
	}
	t.Errorf("no help word for ⚠ too busy with its one-line forms")
}
