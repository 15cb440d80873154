package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"

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
	focus         int    // compare mode: the pane the settings keys change
	width, height int

	paused     bool
	restarting bool
	recorded   bool // a frame of a finished headless run (poollab snapshot), not a live screen
	status     string
	statusErr  bool

	help     bool
	helpView viewport.Model // the help's text, scrolled

	picker       bool
	presets      []Preset
	pickerCursor int

	tour  tourView  // the tour's chapter and phase; tour.ch nil: no tour
	marks []pointer // the numbers to highlight: the tour's answer at its moment
}

// Frame is the screen the live lab shows for these snapshots at width×height, without a
// terminal: one snapshot is the single lab, two are compare mode (A, then B). Exactly
// height lines of exactly width cells, joined by newlines; ANSI styles unless noColor.
func Frame(snaps []lab.Snapshot, width, height int, noColor bool) string {
	s := screen{width: width, height: height, recorded: true}
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
	switch {
	case s.picker:
		return frame(pickerLines(t, s), w, h)
	case s.help:
		return frame(helpScreen(t, s), w, h)
	case s.tour.ch != nil:
		return frame(tourLines(t, s), w, h)
	case len(s.panes) == 2:
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

// snapshotOrEmpty is the snapshot to draw: before the first one, an empty run on cfg.
func (p pane) snapshotOrEmpty() *lab.Snapshot {
	if p.snap != nil {
		return p.snap
	}
	return &lab.Snapshot{Config: p.cfg, Pool: lab.PoolStats{Size: p.cfg.Pool.Workers, QueueCap: int(p.cfg.Pool.Queue), Unbounded: p.cfg.Pool.Queue.Unbounded(),
		Discipline: p.cfg.Pool.Discipline, Workers: make([]lab.Worker, p.cfg.Pool.Workers)},
		Bulkhead: lab.BulkheadStats{Type: p.cfg.Payment.Bulkhead.Type, Size: p.cfg.Payment.Bulkhead.Size, QueueCap: p.cfg.Payment.Bulkhead.Queue}}
}

// mainLines is the single lab: the lab, then the status line and the keys at the bottom.
func mainLines(t *theme, s screen) []string {
	status := []string{statusLine(t, s)}
	footer := footerLines(t, s.keyMap(), s.width, 2)
	out := labLines(t, s, 0, s.width, s.height-len(status)-len(footer))
	return append(append(out, status...), footer...)
}

// Levels of detail of one lab, richest first. Each gives something up so the lab fits a
// shorter space; the halves of compare mode use the lower ones.
const (
	levelFull    = iota // the pool in up to 4 rows, every health item, the narrator, the notes, the changes
	levelCompact        // the pool in up to 2 rows, one line of health items, of notes and of changes
	levelTerse          // the narrator, without health items, notes or changes
	levelNoProse        // no narrator either
	levelTight          // one line of settings, the workers alone
	levelTotals         // the table without its per-second rows
)

// compactBelow is the height under which a lab starts compact: a 32-line screen's lab.
const compactBelow = 29

// labSections are one lab's parts at a level of detail: header, narrator, settings, pool,
// table (with its notes), health, changes (empty when left out). The narrator is whole or
// left out, never cut.
func labSections(t *theme, s screen, i, w, level int) [][]string {
	p := s.panes[i]
	snap := p.snapshotOrEmpty()
	var narr []string
	if level < levelNoProse {
		narr = wrapText("» "+narrate(p.cfg, snap), w, 0)
		for k := range narr {
			narr[k] = t.narrator.Render(narr[k])
		}
	}
	items, sep := settingsItems(t, p.cfg, snap, w), t.dim.Render(" · ")
	settings := wrapItems(items, sep, w)
	if level > levelFull && len(snap.Chain) > 0 { // the chain follows from the settings: only if it costs no line
		if fewer := wrapItems(items[:len(items)-1], sep, w); len(fewer) < len(settings) {
			items, settings = items[:len(items)-1], fewer
		}
	}
	if level >= levelTight { // one line, cut at the edge: the isolation settings come early in it
		settings = []string{clip(strings.Join(items, sep), w)}
	}
	var pool []string
	switch {
	case level == levelFull:
		pool = poolLines(t, snap, w, 4, true)
	case level < levelTight: // without a queue, the settings' "queue 0" says it
		pool = poolLines(t, snap, w, 2, snap.Pool.HasQueue() || snap.Pool.Queued > 0)
	default:
		pool = poolLines(t, snap, w, 1, false)[:1]
	}
	if fleet := fleetLines(t, snap, w, level); fleet != nil {
		pool = fleet
	}
	var health, changes []string
	table, notes := tableLines(t, snap, w, level < levelTotals, s.paneMarks(i))
	if level < levelTerse {
		health = wrapItems(healthItems(snap, w), t.dim.Render(" · "), w)
		notes = wrapItems(notes, t.dim.Render(" · "), w)
		for k := range notes {
			notes[k] = t.dim.Render(notes[k])
		}
		if level > levelFull {
			health, notes = health[:min(len(health), 1)], notes[:min(len(notes), 1)]
		}
		table = append(table, notes...)
	}
	if level < levelTerse {
		rows := 2
		if level > levelFull {
			rows = 1
		}
		changes = changeLines(t, p.changes, w, rows)
	}
	header := []string{headerLine(t, s, i, w)}
	if snap.Late() { // the lab's own health: what is on screen may no longer be the truth
		header = append(header, wrapText(t.alert.Render(fmt.Sprintf("⚠ this machine is too busy: figures may run late (generator lag p99 %s, more than %s)",
			fmtLatency(snap.Generator.Lag.P99), fmtDur(lab.LateLag))), w, 0)...)
	}
	return [][]string{header, narr, settings, pool, table, health, changes, hopsLines(t, snap, w, level)}
}

// changeLines is the log of settings changes, newest last, in at most rows lines of at most
// w cells: as many of the latest as fit whole, or the latest alone cut to the line. Their
// numbers mark them on the charts.
func changeLines(t *theme, cs []change, w, rows int) []string {
	if len(cs) == 0 || w <= 0 || rows <= 0 {
		return nil
	}
	sep, label := t.dim.Render(" · "), t.bold.Render("changes")+" "
	// from are the changes from first on, after the label; whole says none was cut.
	from := func(first int) (lines []string, whole bool) {
		head := label
		if first > 0 {
			head += t.dim.Render(fmt.Sprintf("(%d earlier) ", first))
		}
		items := []string{head + changeItem(t, cs[first])}
		for _, c := range cs[first+1:] {
			items = append(items, changeItem(t, c))
		}
		lines = wrapItems(items, sep, w)
		return lines, len(lines) <= rows && !slices.ContainsFunc(items, func(it string) bool { return ansiWidth(it) > w })
	}
	// From the latest back, while they take no more than rows lines: an earlier change
	// can make the lines fit whole, as the count of earlier ones moves off the latest.
	var fitted []string
	for first := len(cs) - 1; first >= 0; first-- {
		lines, whole := from(first)
		if len(lines) > rows {
			break
		}
		if whole {
			fitted = lines
		}
	}
	if fitted == nil { // not even the latest fits whole: it alone, cut to the line
		fitted, _ = from(len(cs) - 1)
	}
	return fitted
}

func changeItem(t *theme, c change) string {
	return t.marker.Render(itoa(c.n)) + t.dim.Render(" at "+fmtElapsed(c.at)+" ") + c.what
}

func linesIn(sections [][]string) int {
	n := 0
	for _, sec := range sections {
		n += len(sec)
	}
	return n
}

// labLines lays out pane i in exactly h lines of at most w cells: the richest level of
// detail that fits, then the charts take the rest of the height, and spare lines become
// spacing between sections.
func labLines(t *theme, s screen, i, w, h int) []string {
	level := levelFull
	if h < compactBelow {
		level = levelCompact
	}
	sections := labSections(t, s, i, w, level)
	for level < levelTotals && linesIn(sections) > h {
		level++
		sections = labSections(t, s, i, w, level)
	}
	snap := s.panes[i].snapshotOrEmpty()
	avail := h - linesIn(sections)

	// Spacing: blank lines after sections, most useful first, while the charts keep a
	// useful height (or when there is no room for charts anyway).
	chartMin := 7 + measurementHeight(snap)
	gapAfter := map[int]bool{}
	for _, sec := range []int{2, 3, 4, 1, 5, 6, 0} {
		if len(sections[sec]) > 0 && (avail-1 >= chartMin || avail > 0 && avail < 4) {
			gapAfter[sec] = true
			avail--
		}
	}
	var out []string
	for k, sec := range sections {
		out = append(out, sec...)
		if gapAfter[k] {
			out = append(out, "")
		}
	}
	// Tall screens also get the full percentile set, when the charts keep their height and
	// it is not cut at the side.
	if detail := detailLines(t, snap); level == levelFull && avail-len(detail)-1 >= 24 && ansiWidth(detail[1]) <= w {
		out = append(append(out, detail...), "")
		avail -= len(detail) + 1
	}
	if avail >= 4 {
		ch := chartsLines(t, snap, s.panes[i].changes, w, avail)
		out = append(out, ch...)
		avail -= len(ch)
	}
	for ; avail > 0; avail-- {
		out = append(out, "")
	}
	// Whatever sits below (the status line and the keys) stays: cut here.
	return out[:max(min(h, len(out)), 0)]
}

// chartsLines puts the two charts side by side (stacked when the screen is tall and
// narrow enough that side by side would squeeze them).
func chartsLines(t *theme, snap *lab.Snapshot, changes []change, w, h int) []string {
	if out, ok := distributionLayout(t, snap, changes, w, h); ok {
		return out
	}
	occ, starv := occupancyChart(snap), starvationChart(snap)
	if alt, ok := postmortemChart(snap); ok {
		starv = alt
	}
	if h >= 2*11+1 && w < 160 {
		each := min((h-1)/2, 17)
		split := legendSplit(t, occ, snap, w) || legendSplit(t, starv, snap, w)
		a := chartLines(t, occ, snap, changes, w, each, split)
		b := chartLines(t, starv, snap, changes, w, each, split)
		return append(append(a, ""), b...)
	}
	left := (w - 2) / 2
	right := w - 2 - left
	split := legendSplit(t, occ, snap, left) || legendSplit(t, starv, snap, right)
	a := chartLines(t, occ, snap, changes, left, h, split)
	b := chartLines(t, starv, snap, changes, right, h, split)
	return beside(a, b, left, "  ")
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

// headerLine: the lab's title and run time on the left; starvation and the run state on
// the right. In compare mode the title is the side, and the focused one stands out.
func headerLine(t *theme, s screen, i, w int) string {
	p := s.panes[i]
	snap := p.snapshotOrEmpty()
	name := p.cfg.Name
	if p.modified {
		name += " (settings changed)"
	}
	var title string
	switch {
	case len(s.panes) == 1:
		title = t.title.Render("poollab") + "  " + t.bold.Render(name)
	case i == s.focus:
		title = t.focus.Render("▶ " + sideLetter(i) + " " + name)
	default:
		title = t.bold.Render("  " + sideLetter(i) + " " + name)
	}
	// Shorter forms drop the run time's label, then the run time (both sides show it).
	lefts := []string{title + "  " + t.dim.Render("run time ") + fmtElapsed(snap.Elapsed), title + "  " + fmtElapsed(snap.Elapsed), title}

	// The right side, longest form first: what is starving, and the run's state.
	var starved, starvedShort []string
	for i, c := range lab.Classes {
		n := snap.Classes[i].Rejected[lab.RejectPool]
		if !c.Starves() || n == 0 {
			continue
		}
		// The alarm stands only while it is still happening; afterwards the total stays, quiet.
		if !snap.StarvingNow(c) {
			label := t.dim.Render(fmt.Sprintf("%s starved %s", c, fmtCount(n)))
			starved = append(starved, label+t.dim.Render(" (none now)"))
			starvedShort = append(starvedShort, label)
			continue
		}
		now := "–" // no whole second yet
		if r := snap.Rates(); r.Seconds > 0 {
			now = fmt.Sprintf("%s in %d–%ds", fmtPerSec(r.Rejected[i][lab.RejectPool]), r.From, r.To)
		}
		label := t.alert.Render(fmt.Sprintf("%s STARVED %s", c, fmtCount(n)))
		starved = append(starved, label+t.dim.Render(" ("+now+")"))
		starvedShort = append(starvedShort, label)
	}
	var state, stateShort string
	switch {
	case s.restarting:
		state = t.paused.Render(" RESTARTING… ")
		stateShort = state
	case s.paused:
		state = t.paused.Render(" ‖ PAUSED: screen frozen, lab still running ")
		stateShort = t.paused.Render(" ‖ PAUSED ")
	case p.snap == nil:
		state = t.dim.Render("starting…")
		stateShort = state
	case s.recorded:
		state = t.dim.Render("■ snapshot")
		stateShort = state
	default:
		state = t.status.Render("● live: updating 10×/s")
		stateShort = t.status.Render("● live")
	}
	rights := []string{
		strings.Join(append(starved, state), "  "),
		strings.Join(append(starved, stateShort), "  "),
		strings.Join(append(starvedShort, stateShort), "  "),
		stateShort, // the table below still shows the starvation; the state must not be cut
	}
	for _, left := range lefts {
		for _, right := range rights {
			if gap := w - ansiWidth(left) - ansiWidth(right); gap >= 2 {
				return left + strings.Repeat(" ", gap) + right
			}
		}
	}
	return fit(title+"  "+rights[len(rights)-1], w) // the title matters most: the side it names
}

// settingsItems are the settings in force, each with its name.
func settingsItems(t *theme, cfg lab.Config, snap *lab.Snapshot, w int) []string {
	k := func(name, value string) string { return t.dim.Render(name+" ") + value }
	queue := fmt.Sprintf("%v %s", cfg.Pool.Queue, strings.ToUpper(string(cfg.Pool.Discipline)))
	timeout := "off"
	if cfg.Payment.Timeout.Kind != lab.TimeoutNone {
		timeout = fmt.Sprintf("%s %s", cfg.Payment.Timeout.Kind, fmtDur(cfg.Payment.Timeout.Duration.D()))
	}
	bh := cfg.Payment.Bulkhead
	bulkhead := "none"
	switch bh.Type {
	case lab.BulkheadNone:
	case lab.BulkheadThreadPool:
		bulkhead = fmt.Sprintf("threadpool %d/%d threads busy, queue %d/%d", snap.Bulkhead.ThreadsBusy, snap.Bulkhead.Size, snap.Bulkhead.Queued, snap.Bulkhead.QueueCap)
	case lab.BulkheadAdaptive:
		bulkhead = adaptiveSetting(cfg, snap)
	default:
		bulkhead = fmt.Sprintf("%s %d/%d permits in use", bh.Type, snap.Bulkhead.InUse, snap.Bulkhead.Size)
		if bh.MaxWait > 0 {
			bulkhead += ", max wait " + fmtDur(bh.MaxWait.D())
		}
	}
	breaker := []string{k("breaker", "off")}
	if cfg.Payment.Breaker.Enabled {
		breaker = breakerItems(k, snap.Breaker)
	}
	var rates []string
	for _, c := range lab.Classes {
		if !snap.Active(c) {
			continue
		}
		if snap.Fleet != nil {
			rates = append(rates, rateSetting(snap.Config, snap, c)) // a fleet's health checks are its balancer's
			continue
		}
		rates = append(rates, rateSetting(cfg, snap, c))
	}
	items := []string{
		k("pool", poolSetting(cfg)),
		k("queue", queue),
		k("timeout", timeout),
		k("bulkhead", bulkhead),
	}
	items = append(items, breaker...)
	items = append(items, k("dependency", modeShort(cfg.Dependency)), k("traffic", trafficMode(cfg.Traffic)+strings.Join(rates, ", ")))
	if st := cfg.Dependency.Stall; st.For > 0 {
		items = append(items, k("stall", stallShort(st)))
	}
	if pr := cfg.Payment.Connections.PerRoute; pr > 0 {
		lease := cfg.Payment.Connections.LeaseTimeout.D()
		conns := []string{k("connections", fmt.Sprintf("%d of %d in use (cap per route: per destination host)", snap.Connections.InUse, pr)),
			k("lease wait", "up to "+fmtDur(lease)+" for one, holding the worker")}
		if w < 100 {
			conns = []string{k("connections", fmt.Sprintf("%d of %d in use (per destination host), lease wait ≤ %s", snap.Connections.InUse, pr, fmtDur(lease)))}
		}
		items = append(items, conns...)
	}
	items = append(items, kneeItems(t, cfg)...)
	if len(snap.Chain) > 0 {
		items = append(items, k("payment chain", strings.Join(snap.Chain, " → ")))
	}
	return items
}

// breakerItems label each of the breaker's numbers: its state, the time to the next trial,
// the failure rate against its threshold, the calls counted against the minimum. While open
// they are those of the closed stretch that opened it, or of the trial that failed.
func breakerItems(k func(name, value string) string, b lab.BreakerStats) []string {
	rate := fmt.Sprintf("%.0f%% / threshold %.0f%%", b.FailureRate, b.Threshold)
	calls := fmt.Sprintf("%d / minimum %d", b.Calls, b.MinCalls)
	window := fmt.Sprintf("calls in the last %s", fmtDur(b.Window))
	switch {
	case b.State == "" || b.State == lab.BreakerOff:
		return []string{k("breaker", "on")}
	case b.State == lab.BreakerHalfOpen:
		return []string{k("breaker", "HALF-OPEN: trial calls decide"), k("trial calls", fmt.Sprintf("%d of %d", b.Calls, b.Trials))}
	case b.State == lab.BreakerOpen && b.Retrial:
		return []string{k("breaker", "OPEN again: payments fail at once"), k("next trial in", fmtSecs(b.OpenLeft)),
			k("the trial failed", fmt.Sprintf("(%d of %d)", b.Failures, b.Calls)),
			k("it opens at", fmt.Sprintf("%.0f%% failed of ≥ %d calls in %s", b.Threshold, b.MinCalls, fmtDur(b.Window)))}
	case b.State == lab.BreakerOpen:
		return []string{k("breaker", "OPEN: payments fail at once"), k("next trial in", fmtSecs(b.OpenLeft)),
			k("it opened at failure rate", rate), k(window, calls)}
	}
	return []string{k("breaker", "closed: calls go through"), k("failure rate", rate), k(window, calls)}
}

func modeShort(d lab.DependencyConfig) string {
	switch d.Mode {
	case lab.ModeHealthy:
		return "healthy " + fmtDur(d.HealthyLatency.D())
	case lab.ModeSlow:
		return "slow " + fmtDur(d.Latency.D())
	case lab.ModeDown:
		return "down (refuses)"
	case lab.ModeErrors:
		return "errors (500 at once)"
	case lab.ModeBrownout:
		return fmt.Sprintf("brownout (%s for %s, then healthy for %s)", fmtDur(d.Latency.D()), fmtDur(d.Brownout.Slow.D()), fmtDur(d.Brownout.Healthy.D()))
	}
	return string(d.Mode) + " " + fmtDur(d.Latency.D())
}

// healthItems: the dependency, the generator and the pool over the run, each with the few
// words that say what it is (the longer words where w has room).
func healthItems(s *lab.Snapshot, w int) []string {
	items := []string{
		fmt.Sprintf("dependency in flight %d%s (peak %d, %s calls)", s.Dependency.InFlight, dependencyLatency(s), s.Dependency.PeakInFlight, fmtCount(s.Dependency.Requests)),
		fmt.Sprintf("pool full (no free worker) %s in all, of %s", fmtElapsed(s.Pool.FullFor), fmtElapsed(s.Elapsed)),
	}
	if s.Orphans.Total > 0 {
		items = append(items, fmt.Sprintf("orphaned calls %d running (%s so far)", s.Orphans.InFlight, fmtCount(s.Orphans.Total)))
	}
	if s.Breaker.Opened > 0 {
		items = append(items, fmt.Sprintf("breaker opened %d×", s.Breaker.Opened))
	}
	items = append(items, slackItems(s)...)
	if s.Health.Pulls > 0 || s.Health.Pulled {
		state := "back in rotation"
		if s.Health.Pulled {
			state = "PULLED this instance: a real one would get no traffic, the lab keeps sending"
			if w < 100 {
				state = fmt.Sprintf("PULLED (%d failed checks; the lab keeps sending)", s.Config.Fleet.PullAfter)
			}
		}
		items = append(items, fmt.Sprintf("balancer %s (pulled %d× so far)", state, s.Health.Pulls))
	}
	return append(items,
		"generator lag p99 "+latency(s.Generator.Lag.P99, s.Generator.Lag.Count)+" (how late the lab sent)",
		goroutinesItem(s))
}

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
	ellipsis := t.footer.Styles.Ellipsis.Render(" " + t.footer.Ellipsis)
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

// statusLine is the last thing a key did. Too long, it is cut in the middle: its end often
// matters (the folder a file went to, what to press next).
func statusLine(t *theme, s screen) string {
	msg := fitMiddle(s.status, s.width-2)
	switch {
	case s.status == "":
		return t.dim.Render("› press ? for every key and what each number means")
	case s.statusErr:
		return t.statusErr.Render("✗ " + msg)
	}
	return t.status.Render("› " + msg)
}

// pickerLines: the presets with their descriptions; the cursor's one is marked.
func pickerLines(t *theme, s screen) []string {
	loads := "enter loads it and restarts the run"
	if len(s.panes) == 2 {
		loads = "enter loads it on " + sideLetter(s.focus) + " and restarts A and B together"
	}
	out := []string{t.title.Render("presets") + t.dim.Render("   ↑ ↓ choose · "+loads+" · esc closes"), ""}
	if len(s.presets) == 0 {
		return append(out, "no presets")
	}
	nameW := 0
	for _, p := range s.presets {
		nameW = max(nameW, len([]rune(p.Name)))
	}
	descW := max(s.width-nameW-6, 20)
	room := s.height - 3
	var body []string
	starts := make([]int, len(s.presets)+1) // first line of each preset, and the end
	for i, p := range s.presets {
		starts[i] = len(body)
		mark, name := "  ", padRight(p.Name, nameW)
		if i == s.pickerCursor {
			mark, name = "▶ ", t.paused.Render(name)
		}
		for j, l := range wrapText(p.Description, descW, 3) {
			if j == 0 {
				body = append(body, mark+name+"  "+l)
			} else {
				body = append(body, strings.Repeat(" ", nameW+4)+t.dim.Render(l))
			}
		}
	}
	starts[len(s.presets)] = len(body)
	// Scroll by whole presets: the first one shown is the earliest that still lets the
	// cursor's preset fit.
	top := 0
	if c := min(max(s.pickerCursor, 0), len(s.presets)-1); starts[c+1]-top > room {
		for k := 0; k <= c; k++ {
			if starts[c+1]-starts[k] <= room {
				top = starts[k]
				break
			}
			top = starts[c]
		}
	}
	out = append(out, body[top:min(top+room, len(body))]...)
	for len(out) < s.height-1 {
		out = append(out, "")
	}
	if s.status == "" {
		return out
	}
	return append(out, statusLine(t, s))
}
