package ui

import (
	"fmt"
	"strings"

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

	help       bool
	helpScroll int

	picker       bool
	presets      []Preset
	pickerCursor int
}

// Frame is the screen the live lab shows for these snapshots at width×height, without a
// terminal: one snapshot is the single lab, two are compare mode (A, then B). Exactly
// height lines of exactly width cells, joined by newlines; ANSI styles unless noColor.
func Frame(snaps []lab.Snapshot, width, height int, noColor bool) string {
	s := screen{width: width, height: height, recorded: true}
	for i := range snaps {
		s.panes = append(s.panes, pane{snap: &snaps[i], cfg: snaps[i].Config})
	}
	return render(newTheme(noColor), s)
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
	return &lab.Snapshot{Config: p.cfg, Pool: lab.PoolStats{Size: p.cfg.Pool.Workers, QueueCap: p.cfg.Pool.Queue,
		Discipline: p.cfg.Pool.Discipline, Workers: make([]lab.Worker, p.cfg.Pool.Workers)},
		Bulkhead: lab.BulkheadStats{Type: p.cfg.Payment.Bulkhead.Type, Size: p.cfg.Payment.Bulkhead.Size, QueueCap: p.cfg.Payment.Bulkhead.Queue}}
}

// mainLines is the single lab: the lab, then the status line and the keys at the bottom.
func mainLines(t *theme, s screen) []string {
	status := []string{statusLine(t, s)}
	footer := wrapItems(footerItems(t, false), "  ", s.width)
	out := labLines(t, s, 0, s.width, s.height-len(status)-len(footer))
	return append(append(out, status...), footer...)
}

// Levels of detail of one lab, richest first. Each gives something up so the lab fits a
// shorter space; the halves of compare mode use the lower ones.
const (
	levelFull    = iota // the pool in up to 4 rows, every health item, the narrator
	levelCompact        // the pool in up to 2 rows, one line of health items
	levelNoProse        // no narrator, no health items
	levelTight          // one line of settings, the workers alone
	levelTotals         // the table without its per-second rows
)

// compactBelow is the height under which a lab starts compact: a 32-line screen's lab.
const compactBelow = 29

// labSections are one lab's parts at a level of detail: header, narrator, settings, pool,
// table, health (empty when left out).
func labSections(t *theme, s screen, i, w, level int) [][]string {
	p := s.panes[i]
	snap := p.snapshotOrEmpty()
	var narr []string
	if level < levelNoProse {
		narr = wrapText("» "+narrate(p.cfg, snap), w, 2)
		for k := range narr {
			narr[k] = t.narrator.Render(narr[k])
		}
	}
	items, sep := settingsItems(t, p.cfg, snap), t.dim.Render(" · ")
	settings := wrapItems(items, sep, w)
	if level >= levelTight { // one line, cut at the edge: the isolation settings come early in it
		settings = []string{strings.Join(items, sep)}
	}
	var pool []string
	switch {
	case level == levelFull:
		pool = poolLines(t, snap, w, 4)
	case level < levelTight:
		pool = poolLines(t, snap, w, 2)
	default:
		pool = poolLines(t, snap, w, 1)[:1]
	}
	if fleet := fleetLines(t, snap, w, level); fleet != nil {
		pool = fleet
	}
	var health []string
	if level < levelNoProse {
		health = wrapItems(healthItems(snap), t.dim.Render(" · "), w)
		if level > levelFull && len(health) > 1 {
			health = health[:1]
		}
	}
	return [][]string{{headerLine(t, s, i, w)}, narr, settings, pool, tableLines(t, snap, w, level < levelTotals), health}
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
	const chartMin = 7
	gapAfter := map[int]bool{}
	for _, sec := range []int{2, 3, 4, 1, 5, 0} {
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
		ch := chartsLines(t, snap, w, avail)
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
func chartsLines(t *theme, snap *lab.Snapshot, w, h int) []string {
	occ, starv := occupancyChart(snap), starvationChart(snap)
	ch := h
	if h >= 2*10+1 && w < 160 {
		each := min((h-1)/2, 16)
		split := legendSplit(t, occ, snap, w) || legendSplit(t, starv, snap, w)
		a := chartLines(t, occ, snap, w, each, split)
		b := chartLines(t, starv, snap, w, each, split)
		return append(append(a, ""), b...)
	}
	left := (w - 2) / 2
	right := w - 2 - left
	split := legendSplit(t, occ, snap, left) || legendSplit(t, starv, snap, right)
	a := chartLines(t, occ, snap, left, ch, split)
	b := chartLines(t, starv, snap, right, ch, split)
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
		name += " (changed)"
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
		if last := snap.LastSecond(); last != nil {
			now = fmtRate(last.Rejected[i][lab.RejectPool])
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
		state = t.status.Render("● live")
		stateShort = state
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
func settingsItems(t *theme, cfg lab.Config, snap *lab.Snapshot) []string {
	k := func(name, value string) string { return t.dim.Render(name+" ") + value }
	queue := fmt.Sprintf("%d %s", cfg.Pool.Queue, strings.ToUpper(string(cfg.Pool.Discipline)))
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
	default:
		bulkhead = fmt.Sprintf("%s %d/%d permits in use", bh.Type, snap.Bulkhead.InUse, snap.Bulkhead.Size)
		if bh.MaxWait > 0 {
			bulkhead += ", max wait " + fmtDur(bh.MaxWait.D())
		}
	}
	breaker := "off"
	if cfg.Payment.Breaker.Enabled {
		breaker = "on"
		if st := snap.Breaker.State; st != "" && st != lab.BreakerOff {
			breaker += ", " + string(st)
			if st == lab.BreakerOpen && snap.Breaker.OpenLeft > 0 {
				breaker += " " + fmtSecs(snap.Breaker.OpenLeft)
			}
			breaker += fmt.Sprintf(", failing %.0f%%", snap.Breaker.FailureRate)
		}
	}
	var rates []string
	for _, c := range lab.Classes {
		rate := cfg.Traffic.Rate(c)
		if snap.Fleet != nil {
			rate = snap.Config.Traffic.Rate(c) // a fleet's health checks are its balancer's
		}
		rates = append(rates, c.String()+" "+fmtFloatRate(rate))
	}
	items := []string{
		k("pool", fmt.Sprintf("%d workers", cfg.Pool.Workers)),
		k("queue", queue),
		k("timeout", timeout),
		k("bulkhead", bulkhead),
		k("breaker", breaker),
		k("dependency", modeShort(cfg.Dependency)),
	}
	if pr := cfg.Payment.Connections.PerRoute; pr > 0 {
		items = append(items, k("connections", fmt.Sprintf("%d/%d per route in use, lease wait %s", snap.Connections.InUse, pr, fmtDur(cfg.Payment.Connections.LeaseTimeout.D()))))
	}
	items = append(items, k("traffic", strings.Join(rates, ", ")))
	if len(snap.Chain) > 0 {
		items = append(items, k("payment chain", strings.Join(snap.Chain, " → ")))
	}
	return items
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

// healthItems: the dependency, the generator and the pool over the run.
func healthItems(s *lab.Snapshot) []string {
	items := []string{
		fmt.Sprintf("dependency in flight %d (peak %d, %s calls)", s.Dependency.InFlight, s.Dependency.PeakInFlight, fmtCount(s.Dependency.Requests)),
		fmt.Sprintf("pool full %s of %s", fmtElapsed(s.Pool.FullFor), fmtElapsed(s.Elapsed)),
	}
	if s.Orphans.Total > 0 {
		items = append(items, fmt.Sprintf("orphaned calls %d running (%s so far)", s.Orphans.InFlight, fmtCount(s.Orphans.Total)))
	}
	if s.Breaker.Opened > 0 {
		items = append(items, fmt.Sprintf("breaker opened %d×", s.Breaker.Opened))
	}
	if s.Health.Pulls > 0 || s.Health.Pulled {
		state := "in rotation"
		if s.Health.Pulled {
			state = "PULLED"
		}
		items = append(items, fmt.Sprintf("balancer: %s (pulled %d×)", state, s.Health.Pulls))
	}
	return append(items,
		"generator lag p99 "+latency(s.Generator.Lag.P99, s.Generator.Lag.Count),
		fmt.Sprintf("lab goroutines %d", s.Goroutines))
}

func footerItems(t *theme, compare bool) []string {
	var items []string
	for _, k := range footerKeys(compare) {
		items = append(items, t.key.Render(k[0])+" "+t.dim.Render(k[1]))
	}
	return items
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

// helpScreen: the help text, scrolled, with a title and a footer line.
func helpScreen(t *theme, s screen) []string {
	body := helpLines(t, s.width-2)
	room := s.height - 2
	top := clampScroll(s.helpScroll, len(body), room)
	end := min(top+room, len(body))
	out := []string{t.title.Render("poollab help") + t.dim.Render("   ? or esc closes · ↑ ↓ pgup pgdn scroll · q quits")}
	for _, l := range body[top:end] {
		out = append(out, " "+l)
	}
	for len(out) < s.height-1 {
		out = append(out, "")
	}
	more := ""
	if end < len(body) {
		more = fmt.Sprintf("↓ %d more lines", len(body)-end)
	}
	if top > 0 {
		more = strings.TrimSpace(more + fmt.Sprintf("   ↑ %d above", top))
	}
	return append(out, t.dim.Render(more))
}

// clampScroll keeps a scroll offset inside the text.
func clampScroll(top, lines, room int) int {
	return max(0, min(top, lines-room))
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
