// The guided tour's mechanics: a chapter and what it points at on the screen, the chapters
// that load, the tour's state and phases, its keys (the tour and a chapter's look are modes),
// and its runs from a prediction to the moment that answers it. The chapters are data in
// tour_chapters.go, the screens in tour_view.go.

package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

// A chapter is one lesson of the tour, as data (tour_chapters.go). The tour's mechanics are
// here, its screens in tour_view.go.
type chapter struct {
	title    string                         // what it teaches, in a few words
	source   string                         // where in the material it comes from
	presets  []string                       // the preset it runs, or A and B of a comparison
	question func(cfgs []lab.Config) string // the prediction asked, its numbers from the presets
	choices  []string                       // two or three, without numbers
	right    int                            // the right choice, from 1
	moment   time.Duration                  // the run time at which the tour stops and points
	marks    []pointer                      // the numbers on the screen that answer the question
	lesson   func(a tourAt) string          // one or two sentences at the moment, every number from lab
	look     string                         // what to look at (?), and what to try
	fast     float64                        // the headless test's time scale (lab.Config.Scaled): rates ≤ ~2000/s, latencies ≥ ~20 ms
}

// A pointer names a number on the screen: a cell of a lab's class table (pane 0: A or the
// only lab, 1: B), or a counter row of the A vs B summary, whose A and B cells it points at.
type pointer struct {
	pane   int
	class  lab.Class
	column string // a column of the class table, by its outcome's word or its head: "rejected:pool", "ok", "p50"
	row    string // or a counter of the summary, as lab.CompareClasses names it: "ok", "orphaned calls"
}

// key is what the table and the summary match a pointer by: column.key, or "row:" and the counter.
func (p pointer) key() string {
	if p.row != "" {
		return "row:" + p.row
	}
	return p.column
}

// where says where the pointer points: "signup rejected:pool", "B's signup finished:p50",
// "payment orphaned calls so far in A vs B": a summary row by its name on screen, of rows
// (the review: "deepest calls/payment" pointed at the row "hop 3 calls/payment").
func (p pointer) where(compare bool, rows []lab.ComparisonRow) string {
	switch {
	case p.row != "":
		name := p.row
		if i := slices.IndexFunc(rows, func(r lab.ComparisonRow) bool { return r.Class == p.class && r.Counter == p.row }); i >= 0 {
			name = rows[i].Name()
		}
		return p.class.String() + " " + name + " in A vs B"
	case compare:
		return sideLetter(p.pane) + "'s " + p.class.String() + " " + p.column
	}
	return p.class.String() + " " + p.column
}

// texts are the pointer's cells as the screen writes them: the table's one, or the summary
// row's A and B; nil when the screen has no such cell.
func (p pointer) texts(snaps []*lab.Snapshot, rows []lab.ComparisonRow) []string {
	if p.row != "" {
		for _, r := range rows {
			if r.Class == p.class && r.Counter == p.row {
				a, b, _ := r.Cells()
				return []string{a, b}
			}
		}
		return nil
	}
	if p.pane >= len(snaps) {
		return nil
	}
	for _, c := range tableColumns(snaps[p.pane].Config.Traffic.ArrivedTerm()) {
		if c.key() == p.column {
			return []string{c.total(snaps[p.pane].Classes[p.class])}
		}
	}
	return nil
}

// marked says the cell of class c under key (column.key, or "row:" and the counter) is pointed at.
func marked(marks []pointer, c lab.Class, key string) bool {
	for _, p := range marks {
		if p.class == c && p.key() == key {
			return true
		}
	}
	return false
}

// pointGlyph marks the numbers the tour points at (▶ is compare mode's focused side).
const pointGlyph = "▸"

// markedCell is text right-aligned in w cells, standing out: pointGlyph in the space every column
// keeps before its cells, then reverse video, so it shows in NO_COLOR and in a plain-text
// capture too.
func markedCell(t *theme, text string, w int) string {
	return strings.Repeat(" ", max(w-1-ansiWidth(text), 0)) + t.highlight.Render(pointGlyph+text)
}

// paneMarks are the marks in pane i's class table.
func (s screen) paneMarks(i int) []pointer {
	var out []pointer
	for _, p := range s.marks {
		if p.row == "" && p.pane == i {
			out = append(out, p)
		}
	}
	return out
}

// tourAt is a chapter at its moment: the labs on the screen (A, then B) and, comparing, the
// summary's rows. Lessons take their numbers from it.
type tourAt struct {
	ch    *chapter
	snaps []*lab.Snapshot
	rows  []lab.ComparisonRow
}

func newTourAt(ch *chapter, snaps []*lab.Snapshot) tourAt {
	a := tourAt{ch: ch, snaps: snaps}
	if len(snaps) == 2 {
		a.rows = lab.CompareClasses(snaps[0], snaps[1])
	}
	return a
}

func (a tourAt) cfg(i int) lab.Config                    { return a.snaps[i].Config }
func (a tourAt) forecast(i int) lab.Forecast             { return a.snaps[i].Config.Forecast() }
func (a tourAt) stats(i int, c lab.Class) lab.ClassStats { return a.snaps[i].Classes[c] }

// mark is the text of the chapter's i-th mark as the screen shows it: its table cell, or
// A's cell of its summary row; markB is B's.
func (a tourAt) mark(i int) string  { return a.markText(i, 0) }
func (a tourAt) markB(i int) string { return a.markText(i, 1) }

func (a tourAt) markText(i, k int) string {
	if ts := a.ch.marks[i].texts(a.snaps, a.rows); k < len(ts) {
		return ts[k]
	}
	return "–"
}

// A loadedChapter is a chapter whose presets load, with them loaded.
type loadedChapter struct {
	ch   *chapter
	cfgs []lab.Config
}

// loadChapters are the chapters whose presets all load: a chapter whose mechanism is not
// built is left out, not faked.
func loadChapters(load func(string) (lab.Config, error)) []loadedChapter {
	var out []loadedChapter
	for i := range tourChapters {
		if load == nil {
			break
		}
		lc := loadedChapter{ch: &tourChapters[i]}
		for _, name := range lc.ch.presets {
			cfg, err := load(name)
			if err != nil {
				lc.cfgs = nil
				break
			}
			lc.cfgs = append(lc.cfgs, cfg)
		}
		if len(lc.cfgs) == len(lc.ch.presets) {
			out = append(out, lc)
		}
	}
	return out
}

// TourChapter is one chapter of the tour, as poollab tour --list prints it.
type TourChapter struct {
	Title, Source string
	Presets       []string // the preset, or A and B
}

// TourChapters are the tour's chapters in order, those whose presets load.
func TourChapters(load func(string) (lab.Config, error)) []TourChapter {
	var out []TourChapter
	for _, lc := range loadChapters(load) {
		out = append(out, TourChapter{Title: lc.ch.title, Source: lc.ch.source, Presets: lc.ch.presets})
	}
	return out
}

// A tourPhase is where a chapter stands.
type tourPhase uint8

const (
	tourPredict tourPhase = iota // its card: the question and the choices
	tourWatch                    // its run, live, until the moment
	tourAnswer                   // at the moment: frozen (space resumes), the answer highlighted, the lesson
)

// tourView is what the screen needs of the tour.
type tourView struct {
	ch        *chapter     // nil: no tour
	cfgs      []lab.Config // its presets, loaded
	k, n      int          // chapter k (from 0) of n
	phase     tourPhase
	guess     int  // the prediction, from 1; 0 before it
	offScript bool // the labs on the screen are not the chapter's as it set them up: a key changed them
}

// tourState is the tour in the model: where it is, and the chapters it has.
type tourState struct {
	tourView
	chapters []loadedChapter
}

// tourMsg says the tour's chapters loaded (those whose presets load).
type tourMsg struct{ chapters []loadedChapter }

// newTour is the tour on chapter k's card (k clamped to the chapters there are); none
// without chapters.
func newTour(chapters []loadedChapter, k int) tourState {
	tr := tourState{chapters: chapters}
	if len(tr.chapters) > 0 {
		tr.show(min(max(k, 0), len(tr.chapters)-1))
	}
	return tr
}

// show puts chapter k's card up.
func (tr *tourState) show(k int) {
	lc := tr.chapters[k]
	tr.tourView = tourView{ch: lc.ch, cfgs: lc.cfgs, k: k, n: len(tr.chapters)}
}

// openTour opens the tour over the lab on chapter k's card; without chapters, it stays shut.
func (m model) openTour(chapters []loadedChapter, k int) model {
	if m.tour = newTour(chapters, k); m.tour.ch != nil {
		m.modes = m.modes.push(modeTour)
	}
	return m
}

// startTour is T in the lab: the chapters load in an awaited command, then the tour opens on
// chapter 1's card (tourLoaded). The lab runs on behind the card until a prediction restarts
// it on the chapter's presets.
func (m model) startTour() (model, tea.Cmd) {
	load := m.loadPreset
	return m, m.await(func() tea.Msg { return tourMsg{chapters: loadChapters(load)} })
}

func (m model) tourLoaded(msg tourMsg) (model, tea.Cmd) {
	if m = m.openTour(msg.chapters, 0); m.tour.ch == nil {
		m.fail("no tour: none of its chapters' presets load")
	} else {
		m.say("the tour: predict with 1 2 3, then watch; esc or T leaves it")
	}
	return m.arrived()
}

// tourKey handles a key in the tour: its own keys, and on the card and the look screen
// every key (they are modal). done false: the lab's own keys handle it.
func (m model) tourKey(msg tea.KeyPressMsg) (next model, cmd tea.Cmd, done bool) {
	tk, tr := keys.inTour(true), &m.tour
	modal := m.modes.top() == modeLook || tr.phase == tourPredict
	switch {
	case key.Matches(msg, tk.Leave.Binding):
		m = m.leaveTour()
	case key.Matches(msg, tk.Next.Binding, tk.Prev.Binding):
		step := 1
		if key.Matches(msg, tk.Prev.Binding) {
			step = -1
		}
		switch k := tr.k + step; {
		case k < 0:
			m.say("this is the first chapter")
		case k >= tr.n:
			m.say("this is the last chapter: esc or T leaves the tour, the lab runs on")
		default:
			tr.show(k)
			m.modes = m.modes.closeAbove(modeTour) // its card, not the last one's look
			m.say("")
		}
	case key.Matches(msg, tk.Look.Binding):
		m.modes = m.modes.push(modeLook)
	case tr.phase == tourPredict && key.Matches(msg, tk.Choose.Binding):
		n, _ := strconv.Atoi(msg.String())
		if n > len(tr.ch.choices) {
			m.fail(fmt.Sprintf("choose 1 to %d", len(tr.ch.choices)))
			break
		}
		tr.guess = n
		return m.playChapter()
	case !modal && key.Matches(msg, tk.Replay.Binding):
		return m.playChapter()
	case !modal:
		return m, nil, false
	}
	return m, nil, true
}

// lookKey is a key on the chapter's look: ? opens the full help in its place, esc closes it;
// the other keys are the tour's, as on its card.
func (m model) lookKey(msg tea.KeyPressMsg) (model, tea.Cmd, bool) {
	tk := keys.inTour(true)
	switch {
	case key.Matches(msg, tk.Look.Binding):
		m.modes = m.modes.close(modeLook).push(modeHelp)
		m.helpView = newHelpView(m.th, m.keyMap(), m.width, m.height)
	case key.Matches(msg, keys.Close.Binding):
		m.modes = m.modes.close(modeLook)
	default:
		next, cmd, _ := m.tourKey(msg)
		return next, cmd, true
	}
	return m, nil, true
}

// playChapter restarts the labs on the chapter's presets, from zero, and watches them until
// its moment: after a prediction, and on replay (the prediction stays).
func (m model) playChapter() (model, tea.Cmd, bool) {
	if m.restarting {
		m.say("wait: restarting…")
		return m, nil, true
	}
	tr := &m.tour
	tr.phase = tourWatch
	compare := len(tr.cfgs) == 2
	m.modes = m.modes.closeAbove(modeTour).withBase(baseMode(compare))
	m.focus = 0
	if compare {
		m.focus = 1 // B is the variant: the keys change it
	}
	m.sides = [2]side{}
	for i, cfg := range tr.cfgs {
		m.sides[i] = side{cfg: cfg, base: cfg}
	}
	what := presetsText(tr.ch)
	next, cmd := m.restart(fmt.Sprintf("chapter %d: starting %s…", tr.k+1, what),
		fmt.Sprintf("chapter %d: %s from zero; the tour stops at %s", tr.k+1, what, fmtElapsed(tr.ch.moment)))
	return next, cmd, true
}

// presetsText names a chapter's presets: "shared-pool", "A socket-timeout vs B caller-timeout".
func presetsText(ch *chapter) string {
	if len(ch.presets) == 2 {
		return "A " + ch.presets[0] + " vs B " + ch.presets[1]
	}
	return strings.Join(ch.presets, ", ")
}

// leaveTour ends the tour; the labs run on as they are, the screen live again.
func (m model) leaveTour() model {
	m.tour, m.paused = tourState{}, false
	m.modes = m.modes.close(modeTour)
	// Two labs are A and B, named in the header: their names side by side outran 80 columns
	// and the status was cut in its middle ("runs on with fl… fleet-domino", tmux at 80x24).
	runs := m.sides[0].cfg.Name + " runs on as it is"
	if m.comparing() {
		runs = "A and B run on as they are"
	}
	m.say("left the tour: " + runs + " (T starts the tour again)")
	return m
}

// reachMoment stops the screen at the chapter's moment, as space does (the lab runs on),
// with the answer highlighted and the lesson stated.
func (m *model) reachMoment() {
	tr := &m.tour
	if !m.modes.has(modeTour) || tr.phase != tourWatch {
		return
	}
	for _, sd := range m.shown() {
		if sd.snap == nil || sd.snap.Elapsed < tr.ch.moment {
			return
		}
	}
	tr.phase, m.paused = tourAnswer, true
	m.say("stopped at the moment: space resumes the live numbers, n moves on")
}

// tourView is the tour as the screen shows it, with whether the labs are still the
// chapter's: its presets, as many as it has, no settings changed.
func (m model) tourView() tourView {
	tv := m.tour.tourView
	if !m.modes.has(modeTour) {
		return tourView{}
	}
	shown := m.shown()
	tv.offScript = len(shown) != len(tv.cfgs)
	for i := 0; i < len(shown) && !tv.offScript; i++ {
		tv.offScript = shown[i].base.Name != tv.cfgs[i].Name || !shown[i].cfg.Equal(shown[i].base)
	}
	return tv
}
