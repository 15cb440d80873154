package ui

import (
	"fmt"
	"strings"

	"poollab/lab"
)

// The smallest terminal the dashboard draws in; below it, it asks for more room.
const (
	minWidth  = 80
	minHeight = 24
)

// screen is everything the view depends on. render is a pure function of it (and the
// theme, built once): no clock, no engine, so tests can render any moment.
type screen struct {
	snap          *lab.Snapshot // nil before the first snapshot arrives
	cfg           lab.Config    // the settings in force (the last ones applied)
	modified      bool          // cfg differs from the preset it came from
	width, height int

	paused     bool
	restarting bool
	status     string
	statusErr  bool

	help       bool
	helpScroll int

	picker       bool
	presets      []Preset
	pickerCursor int
}

// render draws the whole frame: exactly height lines, each exactly width cells.
func render(t *theme, s screen) string {
	w, h := s.width, s.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < minWidth || h < minHeight {
		return frame(tooSmall(w, h), w, h)
	}
	switch {
	case s.picker:
		return frame(pickerLines(t, s), w, h)
	case s.help:
		return frame(helpScreen(t, s), w, h)
	}
	return frame(mainLines(t, s), w, h)
}

func tooSmall(w, h int) []string {
	msg := fmt.Sprintf("make the terminal at least %d×%d (now %d×%d)", minWidth, minHeight, w, h)
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
func (s screen) snapshotOrEmpty() *lab.Snapshot {
	if s.snap != nil {
		return s.snap
	}
	return &lab.Snapshot{Config: s.cfg, Pool: lab.PoolStats{Size: s.cfg.Pool.Workers, QueueCap: s.cfg.Pool.Queue,
		Discipline: s.cfg.Pool.Discipline, Workers: make([]lab.Worker, s.cfg.Pool.Workers)},
		Bulkhead: lab.BulkheadStats{Type: s.cfg.Payment.Bulkhead.Type, Size: s.cfg.Payment.Bulkhead.Size}}
}

// mainLines lays out the dashboard. Fixed parts first; the charts take the rest of the
// height, and spare lines become spacing between sections.
func mainLines(t *theme, s screen) []string {
	w, h := s.width, s.height
	snap := s.snapshotOrEmpty()
	compact := h < 32

	header := []string{headerLine(t, s, snap, w)}
	narr := wrapText("▶ "+narrate(s.cfg, snap), w, 2)
	for i := range narr {
		narr[i] = t.narrator.Render(narr[i])
	}
	settings := wrapItems(settingsItems(t, s.cfg, snap), t.dim.Render(" · "), w)
	poolRows := 2
	if !compact {
		poolRows = 4
	}
	pool := poolLines(t, snap, w, poolRows)
	table := tableLines(t, snap, w)
	health := wrapItems(healthItems(snap), t.dim.Render(" · "), w)
	if compact && len(health) > 1 {
		health = health[:1]
	}
	footer := wrapItems(footerItems(t), "  ", w)
	status := []string{statusLine(t, s)}

	sections := [][]string{header, narr, settings, pool, table, health}
	used := len(status) + len(footer)
	for _, sec := range sections {
		used += len(sec)
	}
	avail := h - used

	// Spacing: blank lines after sections, most useful first, while the charts keep a
	// useful height (or when there is no room for charts anyway).
	const chartMin = 7
	gapAfter := map[int]bool{}
	for _, sec := range []int{2, 3, 4, 1, 5, 0} {
		if avail-1 >= chartMin || avail > 0 && avail < 4 {
			gapAfter[sec] = true
			avail--
		}
	}
	var out []string
	for i, sec := range sections {
		out = append(out, sec...)
		if gapAfter[i] {
			out = append(out, "")
		}
	}
	// Tall screens also get the full percentile set, when the charts keep their height.
	if detail := detailLines(t, snap); !compact && avail-len(detail)-1 >= 24 {
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
	// The status line and the keys stay at the bottom whatever the height: cut above them.
	if room := h - len(status) - len(footer); len(out) > room {
		out = out[:max(room, 0)]
	}
	out = append(out, status...)
	out = append(out, footer...)
	return out
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
		out[i] = fit(l, left) + "  " + r
	}
	return out
}

// headerLine: name and run time on the left; starvation and the run state on the right.
func headerLine(t *theme, s screen, snap *lab.Snapshot, w int) string {
	name := s.cfg.Name
	if s.modified {
		name += " (changed)"
	}
	left := t.title.Render("poollab") + "  " + t.bold.Render(name) + "  " + t.dim.Render("run time ") + fmtElapsed(snap.Elapsed)

	// The right side, longest form first: what is starving, and the run's state.
	var starved, starvedShort []string
	for i, c := range lab.Classes {
		if c == lab.Payment {
			continue
		}
		if n := snap.Classes[i].Rejected[lab.RejectPool]; n > 0 {
			now := "–"
			if k := len(snap.Timeline); k > 0 {
				now = fmtRate(snap.Timeline[k-1].Rejected[i][lab.RejectPool])
			}
			label := t.alert.Render(fmt.Sprintf("%s STARVED %s", c, fmtCount(n)))
			starved = append(starved, label+t.dim.Render(" ("+now+")"))
			starvedShort = append(starvedShort, label)
		}
	}
	var state, stateShort string
	switch {
	case s.restarting:
		state = t.paused.Render(" RESTARTING… ")
		stateShort = state
	case s.paused:
		state = t.paused.Render(" ‖ PAUSED: screen frozen, lab still running ")
		stateShort = t.paused.Render(" ‖ PAUSED ")
	case s.snap == nil:
		state = t.dim.Render("starting…")
		stateShort = state
	default:
		state = t.status.Render("● live")
		stateShort = state
	}
	for _, right := range []string{
		strings.Join(append(starved, state), "  "),
		strings.Join(append(starved, stateShort), "  "),
		strings.Join(append(starvedShort, stateShort), "  "),
	} {
		if gap := w - ansiWidth(left) - ansiWidth(right); gap >= 2 {
			return left + strings.Repeat(" ", gap) + right
		}
	}
	return fit(strings.Join(append(starvedShort, stateShort), "  "), w) // the state matters more than the title
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
		bulkhead = fmt.Sprintf("threadpool %d/%d threads busy, queue %d/%d", snap.Bulkhead.ThreadsBusy, bh.Size, snap.Bulkhead.Queued, bh.Queue)
	default:
		bulkhead = fmt.Sprintf("%s %d/%d permits in use", bh.Type, snap.Bulkhead.InUse, bh.Size)
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
		rates = append(rates, c.String()+" "+fmtFloatRate(cfg.Traffic.Rate(c)))
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
	return append(items, k("traffic", strings.Join(rates, ", ")))
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
		fmt.Sprintf("goroutines %d", s.Goroutines))
}

func footerItems(t *theme) []string {
	var items []string
	for _, k := range footerKeys() {
		items = append(items, t.key.Render(k[0])+" "+t.dim.Render(k[1]))
	}
	return items
}

func statusLine(t *theme, s screen) string {
	switch {
	case s.status == "":
		return t.dim.Render("› press ? for every key and what each number means")
	case s.statusErr:
		return t.statusErr.Render("✗ " + s.status)
	}
	return t.status.Render("› " + s.status)
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
	out := []string{t.title.Render("presets") + t.dim.Render("   ↑ ↓ choose · enter loads it and restarts the run · esc closes"), ""}
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
