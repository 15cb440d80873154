// The screen: its whole input (screen, pane), the pure render every frame comes from (the
// live screen, Frame for snapshots and pictures), the single lab's screen, and what ends
// every lab screen: the status line and the keys.

package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"

	"poollab/lab"
)

// The smallest terminal the dashboard draws in; below it, it asks for more room.
const (
	MinWidth  = 80
	MinHeight = 24
)

// pane is one lab on the screen: the only one, or A or B in compare mode.
type pane struct {
	snap     *lab.Snapshot // nil before the first snapshot arrives
	cfg      lab.Config    // the settings in force (the last ones applied)
	modified bool          // cfg differs from the preset it came from
	changes  []change      // settings changes made during this run, oldest first
}

// screen is everything the view depends on. render is a pure function of it (and the
// theme, built once): no clock, no engine, so tests can render any moment.
type screen struct {
	panes         []pane // one lab, or A and B in compare mode
	modes         modes  // the lab and what opened over it; the top one is drawn (none: the lab alone)
	focus         int    // compare mode: the pane the settings keys change
	width, height int

	paused     bool
	restarting bool
	recorded   bool // a frame of a finished headless run (poollab snapshot), not a live screen
	machine    bool // the lab's own measures shown (m; lab.Snapshot.Own): else those the lesson rests on alone
	status     string
	statusErr  bool

	helpView helpPager // the help's text, scrolled

	presets      []Preset
	pickerCursor int

	tour  tourView  // the tour's chapter and phase, while modeTour is open
	marks []pointer // the numbers to highlight: the tour's answer at its moment
}

// Frame is the screen the live lab shows for these snapshots at width×height, without a
// terminal: one snapshot is the single lab, two are compare mode (A, then B). Exactly
// height lines of exactly width cells, joined by newlines; ANSI styles unless noColor;
// the lab's own measures with machine, as m shows them.
func Frame(snaps []lab.Snapshot, width, height int, noColor, machine bool) string {
	s := screen{width: width, height: height, recorded: true, machine: machine}
	for i := range snaps {
		s.panes = append(s.panes, pane{snap: &snaps[i], cfg: snaps[i].Config})
	}
	return render(newTheme(noColor, true), s)
}

// render draws the whole frame: exactly height lines, each exactly width cells.
func render(t *theme, s screen) string {
	w, h := s.width, s.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < MinWidth || h < MinHeight {
		return frame(centered(fmt.Sprintf("make the terminal at least %d×%d (now %d×%d)", MinWidth, MinHeight, w, h), w, h), w, h)
	}
	switch s.stack().top() {
	case modePicker:
		return frame(pickerLines(t, s), w, h)
	case modeHelp:
		return frame(helpScreen(t, s), w, h)
	case modeLook:
		return frame(lookLines(t, s), w, h)
	case modeTour:
		return frame(tourLines(t, s), w, h)
	case modeCompare:
		return frame(compareLines(t, s), w, h)
	}
	return frame(mainLines(t, s), w, h)
}

// centered is msg in the middle of the screen, with how to leave.
func centered(msg string, w, h int) []string {
	lines := wrapText(msg, w, 0)
	lines = append(lines, "", "q quits")
	out := make([]string, 0, h)
	for i := 0; i < (h-len(lines))/2; i++ {
		out = append(out, "")
	}
	for _, l := range lines {
		out = append(out, padLeft(l, (w+len([]rune(l)))/2))
	}
	return out
}

// snapshotOrEmpty is the snapshot to draw: before the first one, a lab on cfg not yet run.
func (p pane) snapshotOrEmpty() *lab.Snapshot {
	if p.snap != nil {
		return p.snap
	}
	return lab.NotStarted(p.cfg)
}

// mainLines is the single lab: the lab, then the status line and the keys at the bottom.
func mainLines(t *theme, s screen) []string {
	drawn, pl, h, status, footer := mainPlan(t, s)
	status = keysHint(t, s, status, footer)
	out := planLines(drawn, pl, h)
	return append(append(out, status...), footer...)
}

// hintKeptFrom is the least height at which the idle hint ("› press ? …") always keeps its
// row: a screen that tall has room for the charts without it, and a 120x40 capture alone
// without it, where the charts took its row for a legend line, was read as a screen with a
// line missing (newcomers 84 and 85).
const hintKeptFrom = 40

// mainPlan is the single lab's layout in the h lines over its status line and keys.
func mainPlan(t *theme, s screen) (drawn labCtx, pl layoutPlan, h int, status, footer []string) {
	status = []string{statusLine(t, s)}
	footer = footerLines(t, s.keyMap(), s.width, 2)
	c := newLabCtx(t, s, 0, s.width, 0)
	h = s.height - len(status) - len(footer)
	drawn, pl = labPlan(c, h)
	// Under the ⚠ line, the idle hint gives way where its row keeps the charts (fleet-domino
	// at 80x24 lost them to the warning): the keys under it say "? help" too. The winning
	// plan is drawn, not planned again: these are the frames of a machine already late.
	if s.status == "" && c.snap.TooBusy() && !pl.chartsDrawn(labPanels) {
		if mc, more := labPlan(c, h+1); more.chartsDrawn(labPanels) {
			status, h, drawn, pl = nil, h+1, mc, more
		}
	}
	// And where its row gives the charts, at the least height they draw in, a row of ink that
	// costs no other panel a line: the legend or key the charts drop there (fleet-domino's
	// three strips at 120x40 had no "last second" line, newcomer 59 G-minor). Planned from drawn:
	// a ⚠ cut to one line stays so, or the row went to its second line, not to the charts.
	// Not from hintKeptFrom rows up, where the hint keeps its row (the ⚠ give-way above stays).
	if s.height < hintKeptFrom && len(status) > 0 && s.status == "" && pl.chartsAtLeast(labPanels) {
		if mc, more := labPlan(drawn, h+1); more.onlyChartsTaller(labPanels, pl) && mc.inked(labPanels, more) > drawn.inked(labPanels, pl) {
			status, h, drawn, pl = nil, h+1, mc, more
		}
	}
	return drawn, pl, h, status, footer
}

// beside joins two columns of lines: a padded to w cells, then sep, then b.
func beside(a, b []string, w int, sep string) []string {
	n := max(len(a), len(b))
	out := make([]string, n)
	for i := range out {
		var l, r string
		if i < len(a) {
			l = a[i]
		}
		if i < len(b) {
			r = b[i]
		}
		out[i] = fit(l, w) + sep + r
	}
	return out
}

// footerEllipsis ends the keys' last line where keys are left out.
func footerEllipsis(t *theme) string { return t.footer.Styles.Ellipsis.Render(" " + t.footer.Ellipsis) }

// footerLines are the keys, from the keymap, as help.Model draws them: as many lines as
// they need up to rows, the last one ending in … when keys are left out (? lists them all).
func footerLines(t *theme, km keyMap, w, rows int) []string {
	var bs []key.Binding
	var ws []int // each key's width alone; on a line they are joined by the separator
	for _, b := range km.ShortHelp() {
		if b.Enabled() {
			bs = append(bs, b)
			ws = append(ws, ansiWidth(t.footer.ShortHelpView([]key.Binding{b})))
		}
	}
	sepW := ansiWidth(t.footer.ShortSeparator)
	ellipsis := footerEllipsis(t)
	var out []string
	for len(bs) > 0 {
		lastLine := len(out) == rows-1
		fits := func(n, room int) bool { // the first n keys on one line
			total := (n - 1) * sepW
			for _, x := range ws[:n] {
				total += x
			}
			return total <= room
		}
		room := w
		if lastLine && !fits(len(bs), w) { // keep room for the …
			room = w - ansiWidth(ellipsis)
		}
		n := 1
		for n < len(bs) && fits(n+1, room) {
			n++
		}
		line := t.footer.ShortHelpView(bs[:n])
		if lastLine && n < len(bs) {
			return append(out, line+ellipsis)
		}
		out = append(out, line)
		bs, ws = bs[n:], ws[n:]
	}
	return out
}

// keysHint is the idle hint where the keys' last line ends in the … of keys left out: it
// says what the … is, which read as a line cut short (newcomers 84 and 85); the plain hint
// where it would not fit (a live terminal under 74 columns). Applied to the lines as laid
// out: a compare may give the keys' second line, or both, to its halves.
func keysHint(t *theme, s screen, status, footer []string) []string {
	cut := len(footer) > 0 && strings.HasSuffix(footer[len(footer)-1], footerEllipsis(t))
	if s.status != "" || len(status) == 0 || !cut || ansiWidth(keysCutHint) > s.width {
		return status
	}
	return []string{t.dim.Render(keysCutHint)}
}

// idleHint and keysCutHint are the status line before any key: the second beside keys left out.
const (
	idleHint    = "› press ? for every key and what each number means"
	keysCutHint = "› press ? for every key (… marks keys left out) and what each number means"
)

// statusLine is the last thing a key did. Too long, it is cut in the middle: its end often
// matters (the folder a file went to, what to press next).
func statusLine(t *theme, s screen) string {
	msg := fitMiddle(s.status, s.width-2)
	switch {
	case s.status == "":
		return t.dim.Render(idleHint)
	case s.statusErr:
		return t.statusErr.Render("✗ " + msg)
	}
	return t.status.Render("› " + msg)
}
