package ui

import (
	"fmt"
	"sort"
	"strings"

	"charm.land/lipgloss/v2"

	"poollab/lab"
)

// A glyph is one cell of the pool or queue picture.
type glyph struct {
	class int
	kind  uint8 // kindIdle, kindBusy, kindWait
}

const (
	kindIdle uint8 = iota
	kindBusy       // holds the worker: running its handler or in the dependency call
	kindWait       // holds the worker while it waits (bulkhead permit, connection, thread pool)
)

// glyphOf classifies one worker: working (its handler or its call) or waiting for
// something else (a bulkhead permit, a connection, the thread pool: any other phase).
func glyphOf(w lab.Worker) glyph {
	switch {
	case !w.Busy():
		return glyph{kind: kindIdle}
	case working(w.Phase):
		return glyph{class: int(w.Class), kind: kindBusy}
	default:
		return glyph{class: int(w.Class), kind: kindWait}
	}
}

func working(p lab.Phase) bool { return p == lab.PhaseWork || p == lab.PhaseCall }

func (t *theme) glyph(g glyph) (rune, lipgloss.Style) {
	if g.kind == kindIdle || g.class >= len(t.letter) {
		return t.idleRune, t.idle
	}
	if g.kind == kindWait {
		return t.waiting[g.class], t.cellW[g.class]
	}
	return t.letter[g.class], t.cell[g.class]
}

// cells renders glyphs, one style call per run of equal glyphs.
func (t *theme) cells(gs []glyph) string {
	var b strings.Builder
	for i := 0; i < len(gs); {
		j := i
		for j < len(gs) && gs[j] == gs[i] {
			j++
		}
		r, st := t.glyph(gs[i])
		b.WriteString(st.Render(strings.Repeat(string(r), j-i)))
		i = j
	}
	return b.String()
}

// poolCounts counts the workers by glyph: busy and waiting per class, and idle.
type poolCounts struct {
	busy, wait []int
	waitIn     map[classPhase]int // waiting workers by class and phase
	idle       int
}

type classPhase struct {
	c  lab.Class
	ph lab.Phase
}

func countWorkers(ws []lab.Worker, size int) poolCounts {
	pc := poolCounts{busy: make([]int, len(lab.Classes)), wait: make([]int, len(lab.Classes)), waitIn: map[classPhase]int{}}
	for _, w := range ws {
		g := glyphOf(w)
		switch {
		case g.kind == kindIdle || g.class >= len(pc.busy):
			pc.idle++
		case g.kind == kindWait:
			pc.wait[g.class]++
			pc.waitIn[classPhase{w.Class, w.Phase}]++
		default:
			pc.busy[g.class]++
		}
	}
	if n := len(ws); n < size { // not yet in the picture: idle
		pc.idle += size - n
	}
	return pc
}

// apportion splits cells among counts in proportion, by largest remainder, giving every
// non-zero count at least one cell when there are enough cells.
func apportion(counts []int, cells int) []int {
	out := make([]int, len(counts))
	total, nonzero := 0, 0
	for _, c := range counts {
		total += c
		if c > 0 {
			nonzero++
		}
	}
	if total == 0 || cells <= 0 {
		return out
	}
	type rem struct {
		i int
		r float64
	}
	var rems []rem
	used := 0
	for i, c := range counts {
		exact := float64(c) * float64(cells) / float64(total)
		out[i] = int(exact)
		if c > 0 && out[i] == 0 && nonzero <= cells {
			out[i] = 1
		}
		used += out[i]
		rems = append(rems, rem{i, exact - float64(int(exact))})
	}
	sort.SliceStable(rems, func(a, b int) bool { return rems[a].r > rems[b].r })
	for k := 0; used < cells && k < len(rems); k++ {
		if counts[rems[k].i] > 0 {
			out[rems[k].i]++
			used++
		}
	}
	for used > cells { // the minimum-one rule overshot: take from the largest
		big := 0
		for i := range out {
			if out[i] > out[big] {
				big = i
			}
		}
		out[big]--
		used--
	}
	return out
}

// barGlyphs is a proportional bar of n cells: busy and waiting per class, then idle.
func barGlyphs(pc poolCounts, n int) []glyph {
	var counts []int
	var kinds []glyph
	for c := range pc.busy {
		counts = append(counts, pc.busy[c], pc.wait[c])
		kinds = append(kinds, glyph{c, kindBusy}, glyph{c, kindWait})
	}
	counts = append(counts, pc.idle)
	kinds = append(kinds, glyph{kind: kindIdle})
	var gs []glyph
	for i, k := range apportion(counts, n) {
		for j := 0; j < k; j++ {
			gs = append(gs, kinds[i])
		}
	}
	return gs
}

const poolLabelW = 9 // "workers  " and "queue    "

// poolLines draws the workers (one cell each, in rows if needed, or a proportional bar for
// big pools), the accept queue, and a legend whose entries carry the counts.
func poolLines(t *theme, s *lab.Snapshot, w, maxRows int) []string {
	p := s.Pool
	pc := countWorkers(p.Workers, p.Size)
	n := max(len(p.Workers), p.Size)
	busy := p.Busy
	summary := fmt.Sprintf(" %d/%d busy", busy, p.Size)
	if extra := len(p.Workers) - p.Size; extra > 0 {
		summary += fmt.Sprintf(" (+%d retiring)", extra)
	}
	avail := max(w-poolLabelW-ansiWidth(summary)-1, 10)
	var rows []string
	if n <= avail*maxRows {
		gs := make([]glyph, n)
		for i := range gs {
			if i < len(p.Workers) {
				gs[i] = glyphOf(p.Workers[i])
			}
		}
		nrows := max((n+avail-1)/avail, 1)
		perRow := max((n+nrows-1)/nrows, 1)
		for i := 0; i < n; i += perRow {
			rows = append(rows, t.cells(gs[i:min(i+perRow, n)]))
		}
	} else {
		// A proportional bar; the note on the scale takes room from the bar itself.
		note := func(cells int) string {
			return fmt.Sprintf(" · 1 cell ≈ %s workers", fmtWorkers(float64(n)/float64(cells)))
		}
		cells := max(avail-ansiWidth(note(avail)), 10)
		summary += note(cells)
		rows = append(rows, t.cells(barGlyphs(pc, cells)))
	}
	if len(rows) == 0 {
		rows = []string{""}
	}
	var out []string
	for i, r := range rows {
		label := strings.Repeat(" ", poolLabelW)
		if i == 0 {
			label = t.bold.Render("workers") + "  "
		}
		line := label + r
		if i == 0 {
			line += summary
		}
		out = append(out, line)
	}
	out = append(out, queueLine(t, p, w))
	out = append(out, poolLegend(t, s, pc))
	return out
}

// queueLine draws the accept queue: waiting requests by class, then free places.
func queueLine(t *theme, p lab.PoolStats, w int) string {
	label := t.bold.Render("queue") + "    "
	if p.QueueCap == 0 && p.Queued == 0 {
		return label + t.dim.Render("none: a request that finds every worker busy is rejected at once")
	}
	summary := queueSummary(p)
	total := max(p.QueueCap, p.Queued)
	avail := max(w-poolLabelW-ansiWidth(summary)-1, 10)
	var gs []glyph
	if total <= avail {
		for c, q := range p.QueuedBy {
			for j := 0; j < q; j++ {
				gs = append(gs, glyph{c, kindBusy})
			}
		}
		for len(gs) < total {
			gs = append(gs, glyph{kind: kindIdle})
		}
	} else {
		note := func(cells int) string {
			return fmt.Sprintf(" · 1 cell ≈ %s", fmtWorkers(float64(total)/float64(cells)))
		}
		cells := max(avail-ansiWidth(note(avail)), 10)
		pc := poolCounts{busy: p.QueuedBy[:], wait: make([]int, len(p.QueuedBy)), idle: total - p.Queued}
		gs = barGlyphs(pc, cells)
		summary += note(cells)
	}
	// Queued requests hold no worker yet: letters without the solid background.
	var b strings.Builder
	for i := 0; i < len(gs); {
		j := i
		for j < len(gs) && gs[j] == gs[i] {
			j++
		}
		r, st := t.idleRune, t.idle
		if gs[i].kind != kindIdle && gs[i].class < len(t.letter) {
			r, st = t.letter[gs[i].class], t.name[gs[i].class]
		}
		b.WriteString(st.Render(strings.Repeat(string(r), j-i)))
		i = j
	}
	return label + b.String() + summary
}

// poolLegend names every glyph with how many workers show it now. Waiting workers are
// split by what they wait for, by the engine's own phase names.
func poolLegend(t *theme, s *lab.Snapshot, pc poolCounts) string {
	var items []string
	for i, c := range lab.Classes {
		if !s.Active(c) && pc.busy[i] == 0 && pc.wait[i] == 0 {
			continue
		}
		items = append(items, t.cell[i].Render(string(t.letter[i]))+" "+s.Config.Traffic.Label(c)+" "+itoa(pc.busy[i]))
		if pc.wait[i] > 0 || c == lab.Payment && len(s.Waits) > 0 {
			items = append(items, t.cellW[i].Render(string(t.waiting[i]))+" "+s.Config.Traffic.Label(c)+" "+waitingWords(pc, c, s.Waits))
		}
	}
	items = append(items, t.idle.Render(string(t.idleRune))+" idle "+itoa(pc.idle))
	items = append(items, growthItem(s)...)
	return strings.Join(items, "  ")
}

// waitingWords: "waiting for bulkhead 3", or "waiting 4: for bulkhead 3, for connection 1".
func waitingWords(pc poolCounts, c lab.Class, waits []lab.Phase) string {
	var parts []string
	for _, ph := range lab.Phases {
		if n := pc.waitIn[classPhase{c, ph}]; n > 0 && ph != lab.PhaseIdle && !working(ph) {
			parts = append(parts, ph.String()+" "+itoa(n))
		}
	}
	switch len(parts) {
	case 0:
		if c != lab.Payment || len(waits) == 0 {
			return "waiting 0"
		}
		return waits[0].String() + " 0"
	case 1:
		return parts[0]
	}
	return "waiting " + itoa(pc.wait[c]) + ": " + strings.Join(parts, ", ")
}
