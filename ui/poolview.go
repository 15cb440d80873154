package ui

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"poollab/lab"
)

// A glyph is one cell of the pool or queue picture.
type glyph struct {
	class int
	kind  uint8     // kindIdle, kindBusy, kindWait
	wait  lab.Phase // kindWait: what it waits for, which picks the glyph
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
		return glyph{class: int(w.Class), kind: kindWait, wait: w.Phase}
	}
}

func working(p lab.Phase) bool { return p == lab.PhaseWork || p == lab.PhaseCall }

func (t *theme) glyph(g glyph) (rune, lipgloss.Style) {
	if g.kind == kindIdle || g.class >= len(t.letter) {
		return t.idleRune, t.idle
	}
	if g.kind == kindWait {
		return g.wait.Glyph(), t.cellW[g.class]
	}
	return t.letter[g.class], t.cell[g.class]
}

// queued is a glyph of the queue: a queued request holds no worker yet, so its class's
// letter goes without the solid background.
func (t *theme) queued(g glyph) (rune, lipgloss.Style) {
	if g.kind == kindIdle || g.class >= len(t.letter) {
		return t.idleRune, t.idle
	}
	return t.letter[g.class], t.name[g.class]
}

// cells renders glyphs as style draws each (t.glyph: workers, t.queued: the queue), one
// style call per run of equal glyphs.
func (t *theme) cells(gs []glyph, style func(glyph) (rune, lipgloss.Style)) string {
	var b strings.Builder
	for i := 0; i < len(gs); {
		j := i
		for j < len(gs) && gs[j] == gs[i] {
			j++
		}
		r, st := style(gs[i])
		b.WriteString(st.Render(strings.Repeat(string(r), j-i)))
		i = j
	}
	return b.String()
}

// poolCounts counts the workers by glyph: busy and waiting per class, and idle.
type poolCounts struct {
	busy   []int
	waitIn map[classPhase]int // waiting workers by class and phase
	idle   int
}

type classPhase struct {
	c  lab.Class
	ph lab.Phase
}

func countWorkers(p lab.PoolStats) poolCounts {
	pc := poolCounts{busy: make([]int, len(lab.Classes)), waitIn: map[classPhase]int{}, idle: p.Idle()}
	for _, w := range p.Workers {
		switch g := glyphOf(w); {
		case g.kind == kindIdle: // counted by Idle
		case g.class >= len(pc.busy): // a class the lab does not know is drawn idle
			pc.idle++
		case g.kind == kindWait:
			pc.waitIn[classPhase{w.Class, w.Phase}]++
		default:
			pc.busy[g.class]++
		}
	}
	return pc
}

// apportion splits cells among counts in proportion, by largest remainder, giving every
// non-zero count at least one cell when there are enough cells. A count raised to its one
// cell has that much less remainder: 3 signups at 3.1 a cell (0.97) drew 2 cells, one for
// the rule and one for the remainder it had used up (long-queue's "PPPPPSS", newcomer 38 G12).
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
	frac := make([]float64, len(counts)) // each count's remainder, in cells
	used := 0
	for i, c := range counts {
		exact := float64(c) * float64(cells) / float64(total)
		out[i] = int(exact)
		if c > 0 && out[i] == 0 && nonzero <= cells {
			out[i] = 1
		}
		used += out[i]
		frac[i] = exact - float64(out[i])
	}
	order := make([]int, len(counts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(frac[b], frac[a]) })
	for _, i := range order {
		if used >= cells {
			break
		}
		if counts[i] > 0 {
			out[i]++
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

// barGlyphs is a proportional bar of n cells: busy and waiting (by what for) per class,
// then idle.
func barGlyphs(pc poolCounts, n int) []glyph {
	var counts []int
	var kinds []glyph
	for c := range pc.busy {
		counts = append(counts, pc.busy[c])
		kinds = append(kinds, glyph{class: c, kind: kindBusy})
		for _, ph := range waitPhases() {
			counts = append(counts, pc.waitIn[classPhase{lab.Class(c), ph}])
			kinds = append(kinds, glyph{class: c, kind: kindWait, wait: ph})
		}
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
// big pools), the accept queue (an unbounded one by rounds of the pool, in compare mode at
// least the other side's, peer), and a legend whose entries carry the counts.
func poolLines(t *theme, s *lab.Snapshot, w, maxRows int, queue bool, peer queuePeer) []string {
	p := s.Pool
	pc := countWorkers(p)
	n := max(len(p.Workers), p.Size)
	busy := p.Busy
	summary := fmt.Sprintf(" %d/%d busy now", busy, p.Size)
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
			rows = append(rows, t.cells(gs[i:min(i+perRow, n)], t.glyph))
		}
	} else {
		// A proportional bar; the note on the scale takes room from the bar itself.
		cells, _, note, _ := scaledBar(n, avail, " workers", 0)
		summary += note
		rows = append(rows, t.cells(barGlyphs(pc, cells), t.glyph))
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
	legend := poolLegend(t, s, pc, w)
	if queue {
		line := queueLine(t, p, s.Config.Traffic, w, peer)
		out = append(out, line)
		legend = cellRuleKey(t, legend, line, p, s.Config.Traffic, w, peer)
	}
	return append(out, legend...)
}

// cellRuleKey ends the legend with the queue bar's cell rule where the queue's own line had
// no room for it (80x24, a compare half: newcomer 39 G12) and it holds: the bar is scaled
// and more than one class waits, so a class's few keep a cell. In the most words that fit
// the legend's last line; nothing where none does.
func cellRuleKey(t *theme, legend []string, queue string, p lab.PoolStats, tr lab.TrafficConfig, w int, peer queuePeer) []string {
	if p.Unbounded || queuedClasses(p) < 2 || strings.Contains(queue, cellRuleWords) || len(legend) == 0 {
		return legend
	}
	if _, _, per := queueBar(p, tr, w, peer.cell); per == 0 {
		return legend
	}
	last := len(legend) - 1
	for _, k := range []string{"  · queue bar: a class with any waiting keeps 1 cell", "  · queue: a class waiting keeps 1 cell",
		"  · queue: ≥1 cell a class waiting", "  · queue ≥1 cell/class"} {
		if ansiWidth(legend[last])+ansiWidth(k) <= w {
			legend[last] += t.dim.Render(k)
			break
		}
	}
	return legend
}

// cellRuleWords end the queue line's cell rule, which cellRuleKey looks for.
const cellRuleWords = "1 cell at least"

// scaleNote says what one cell of a scaled bar stands for: " · 1 cell ≈ 2.1 workers", or
// "= 2" where the figure is exact (20 workers in 10 cells); exact false: "≈" whatever the figure
// (a whole scale whose last cell stands for fewer).
func scaleNote(per float64, unit string, exact bool) string {
	v, is := fmtWorkers(per), "="
	if f, err := strconv.ParseFloat(v, 64); err != nil || f != per || !exact {
		is = "≈"
	}
	return fmt.Sprintf(" · 1 cell %s %s%s", is, v, unit)
}

// scaledBar shares avail cells between a proportional bar of n things and its note on the
// scale, " · 1 cell = 8 workers" (unit " workers"), and says what a cell stands for. A cell
// stands for a whole number of things: "1 cell ≈ 6.2 workers" read as a fraction of a
// worker (newcomer 40 #4). The bar takes what the note leaves: the fewest things a cell
// that fit, coarser only down to about 10 cells (31 things in 30 columns: 8 cells of 4),
// or up to a third more where that many divide n exactly
// ("= 8" for 200 in 25 cells rather than "≈ 6" in 34, the last standing for 2). A cell stands for least at
// least: the other half's scale (queuePeer), so two halves draw to the coarser of their own.
// Short of room, the note drops its unit before the number is cut ("≈ 57…" for 571); whole
// says it kept it.
func scaledBar(n, avail int, unit string, least float64) (cells int, per float64, note string, whole bool) {
	cellsOf := func(k int) int { return (n + k - 1) / k }
	for _, u := range []string{unit, ""} {
		noteOf := func(k int) string { return scaleNote(float64(k), u, n%k == 0) }
		k := max((n+avail-1)/avail, 1)
		for cellsOf(k) > 10 && cellsOf(k)+ansiWidth(noteOf(k)) > avail {
			k++
		}
		for d := k; d <= k+k/3 && cellsOf(d) >= 10; d++ { // an exact scale, for up to a third more a cell
			if n%d == 0 {
				k = d
				break
			}
		}
		k = max(k, int(math.Ceil(least)))
		cells, per, note = cellsOf(k), float64(k), noteOf(k)
		if whole = u == unit; cells+ansiWidth(note) <= avail {
			break
		}
	}
	return cells, per, note, whole
}

// queueLine draws the accept queue: waiting requests by class, then free places. An
// unbounded queue has no places, and is drawn by rounds of the pool (unboundedQueueLine).
func queueLine(t *theme, p lab.PoolStats, tr lab.TrafficConfig, w int, peer queuePeer) string {
	label := t.bold.Render("queue") + "    "
	if !p.HasQueue() && p.Queued == 0 {
		none := "none: a request that finds every worker busy is rejected at once"
		if poolLabelW+len(none) > w {
			none = "none: rejected at once when every worker is busy"
		}
		return label + t.dim.Render(none)
	}
	if p.Unbounded {
		return label + unboundedQueueLine(t, p, tr, w, peer.round)
	}
	cells, words, per := queueBar(p, tr, w, peer.cell)
	var gs []glyph
	if per == 0 {
		for c, q := range p.QueuedBy {
			for j := 0; j < q; j++ {
				gs = append(gs, glyph{class: c, kind: kindBusy})
			}
		}
		for len(gs) < cells {
			gs = append(gs, glyph{kind: kindIdle})
		}
	} else {
		gs = barGlyphs(poolCounts{busy: p.QueuedBy[:], idle: max(p.QueueCap, p.Queued) - p.Queued}, cells)
	}
	return label + t.cells(gs, t.queued) + words
}

// queuePeer is the scale of the other half's queue in compare mode, for one scale on both:
// an unbounded queue's round of its pool (unboundedQueueLine), a bounded one's requests a
// cell where its bar is scaled (queueBar); zero alone, or beside a queue of the other kind.
type queuePeer struct {
	round int
	cell  float64
}

// queueBar is a bounded queue's bar in w: its cells, the words after it (the scale's note
// among them), and the requests a cell stands for (0: a cell a place), least at least.
// Compare mode draws both halves to the larger of the two (queuePeer): "≈ 8.3" beside
// "≈ 7.7", bare, left two bars of 100 to be compared by eye on two scales (newcomer 33).
// The scale keeps its unit: the discipline gives way to it first (the settings say it), then
// the oldest waiting's class, then its age. The oldest waiting comes before the bar's notes:
// no latency in the table is of a request still waiting (lifo-queue at 8s on seed 110 showed
// nothing of the oldest, who wait longest under LIFO).
func queueBar(p lab.PoolStats, tr lab.TrafficConfig, w int, least float64) (cells int, summary string, per float64) {
	summary = queueSummary(p)
	oldest := oldestNote(p, tr, false) // after the bar's note, which is of the bar: the room for it is left
	if queuedClasses(p) > 1 {
		// The bar groups each class's cells; a FIFO serves them mixed, in arrival order
		// (newcomer 14 read signups stuck behind every payment). The note says it is the bar
		// that is grouped: "FIFO (by class, not in order)" read as a queue out of order
		// (newcomer 22). Only where a bar of 10 cells and a scale note ("≈ 100 requests")
		// still fit. Scaled, a class with any waiting keeps a cell (apportion): 16 payments
		// and 3 signups at 10 a cell drew "PS", which newcomer 38 (G12) could not place.
		room := w - poolLabelW - ansiWidth(summary+oldest) - 1 - 10 - ansiWidth(scaleNote(100, " requests", false))
		// The cell's rule only where the bar is scaled with that note beside it, or by the
		// other half's scale (review 33 #9).
		scaled := func(note string) bool {
			return least > 0 || max(p.QueueCap, p.Queued) > w-poolLabelW-ansiWidth(summary+note+oldest)-1
		}
		cellRule := []string{" (bar: by class, not queue order; a class with any waiting: " + cellRuleWords + ")", " (bar: by class; any waiting: " + cellRuleWords + ")"}
		for _, note := range append(cellRule, " (bar: by class, not queue order)", " (bar: by class)", " (bar by class)") {
			if len(note) <= room && (!slices.Contains(cellRule, note) || scaled(note)) {
				summary += note
				break
			}
		}
	}
	summary += oldest
	total := max(p.QueueCap, p.Queued)
	if least == 0 && total <= max(w-poolLabelW-ansiWidth(summary)-1, 10) {
		return total, summary, 0
	}
	var words string
	for _, words = range []string{summary, queueCount(p) + oldest, queueCount(p) + oldestNote(p, tr, true), queueCount(p)} {
		var note string
		var whole bool
		cells, per, note, whole = scaledBar(total, max(w-poolLabelW-ansiWidth(words)-1, 10), " requests", least)
		if words += note; whole {
			break
		}
	}
	return cells, words, per
}

// queuedClasses is how many classes have a request waiting.
func queuedClasses(p lab.PoolStats) int {
	n := 0
	for _, q := range p.QueuedBy {
		if q > 0 {
			n++
		}
	}
	return n
}

// queueOverflow ends an unbounded queue's bar that runs off the width.
const queueOverflow = "→"

// unboundedQueueLine draws an unbounded queue, which has no capacity to scale to: scaled to
// its own peak, 372 waiting fills the bar as 5,735 does. One cell is a round of the pool
// (lab.PoolStats.QueueRound), the same all run, and in compare mode the larger of the two
// sides' rounds (peerRound), so both draw to one scale. A queue longer than the bar ends in
// queueOverflow, its count beside it.
func unboundedQueueLine(t *theme, p lab.PoolStats, tr lab.TrafficConfig, w, peerRound int) string {
	round := max(p.QueueRound(), peerRound)
	// The fewest cells that hold the queue: the bar "needs" no fewer (newcomer 34 #9).
	cells := (p.Queued + round - 1) / round
	exact := cells*round == p.Queued
	// Where the last cell is part-full, held "in" them, not "≈" a product: "8535 ≈ 134 cells ×
	// 64" beside the floor line's ⌊8535 ÷ 64⌋ rounds read as two roundings (newcomer 76 W3);
	// 4210 waiting is not 66 × 64, nor 370 16 cells of 24 (newcomer 58).
	eq, times, partFull := "=", "×", ""
	if !exact {
		eq, times, partFull = "in", "of", " (the last part-full)"
	}
	per := scaleNote(float64(round), " requests", exact)
	// A round of the pool, said as one (newcomer 22 took "one per worker" a while to decode).
	workers := fmt.Sprintf("%d workers", round)
	if round == 1 { // "one round of the 1 workers" (the review)
		workers = "1 worker"
	}
	why := ", one round of the " + workers
	switch {
	case round != p.QueueRound():
		why = ", one round of the other side's pool"
	case p.Max > p.Size: // a pool that may grow: its round is its most workers, not its workers now
		// Its size now said: "the 64 workers it may have" beside a pool of 32 read as the
		// pool's size (newcomer 35 #4).
		why = fmt.Sprintf(", one round of the %s it may grow to (%d now)", workers, p.Size)
	}
	bare := strings.TrimSuffix(queueSummary(p), ", unbounded") // the settings line says unbounded too
	summary, short := queueSummary(p)+oldestNote(p, tr, false), bare+oldestNote(p, tr, false)
	tight := fmt.Sprintf("%s %s %d cells %s %s", bare, eq, cells, times, fmtCount(int64(round)))
	keyed := tight + " requests"
	if !exact { // "waiting" keys the 64; the room goes to why the count is not a product
		keyed = tight + partFull
	}
	// Tighter, the cell still keyed and the cells drawn said, "waiting" left to the row's
	// label: "5737 waiting ≈ 90 cells × 64" at 80 columns left 64 of what, and the 40 drawn, to
	// guess (newcomer 62); short enough that the bar still draws 15× the fix's queue apart.
	of := fmt.Sprintf(" %s %s %d cells of %s", fmtCount(int64(p.Queued)), eq, cells, fmtCount(int64(round)))
	// Longest wording first, down to one that leaves the bar a third of the line (or all it
	// needs), so a queue that runs off the bar draws longer than one that fits. Where it
	// fits, what a cell is ("≈ 90 cells × 64" left 64 of what; s64).
	words := []string{summary + per + why, short + per + why, short + per, bare + oldestNote(p, tr, true) + per, keyed, of, tight}
	if round != p.QueueRound() {
		// Drawn to the other side's round: said in every form, or B's 24 workers read as 64
		// (newcomer 11), in words: "× 64 (other side's)" had to be guessed (newcomer 19).
		// Last, "waiting" left to the row's label: "in 6 cells of 64" is two columns more than
		// "≈ 6 cells × 64" was, which a compare half's 372 needs for its 6 cells.
		words = []string{summary + per + why, short + per + why, tight + ", the other side's pool", tight + " (other pool)", strings.TrimPrefix(of, " ") + " (other pool)"}
		tight = words[len(words)-1]
	}
	room := w - poolLabelW - 1
	// fit is text beside the bar: the cells drawn, and past the room, the mark and how long
	// the bar would be.
	fit := func(text string) (string, int, string) {
		if cells+ansiWidth(text) <= room {
			return text, cells, ""
		}
		switch text {
		case tight:
		case keyed, of: // the cells drawn: "≈ 90 cells × 64 requests" beside 71 read as a miscount (newcomer 60)
			// The most cells whose count fits beside them, the count's digits taking room
			// from the bar; drawn as said, at a digit's edge one short of the room.
			n := room - ansiWidth(text) - 1
			for n > 0 && n+ansiWidth(fmt.Sprintf(", %d shown", n)) > room-ansiWidth(text)-1 {
				n--
			}
			return text + fmt.Sprintf(", %d shown", n), n, queueOverflow
		default: // in words: "→ 113 cells" had to be guessed (newcomer 26)
			text += fmt.Sprintf(" · the bar needs %d cells", cells)
		}
		return text, room - ansiWidth(text) - 1, queueOverflow
	}
	k := 0
	for ; k < len(words)-1; k++ {
		least := room / 3
		if words[k] == keyed { // its key only where the bar keeps near half the line, drawn well past one that fits
			least = room * 2 / 5
		}
		if _, n, _ := fit(words[k]); n >= min(cells, least) {
			break
		}
	}
	text, n, mark := fit(words[k])
	pc := poolCounts{busy: p.QueuedBy[:]}
	bar := ""
	if n > 0 { // an empty queue draws no cell
		bar = t.cells(barGlyphs(pc, n), t.queued)
	}
	return bar + mark + text // the last wording, too long: cut at the width
}

// poolLegend names every glyph with how many workers show it now: each class's letter, and
// a glyph for each thing a worker may wait for (those the payment path in force has, and
// any seen now). An idle worker while the pool turns requests away is one that just freed.
// In the fewest words that fit w, on as many lines as it takes.
func poolLegend(t *theme, s *lab.Snapshot, pc poolCounts, w int) []string {
	long := strings.Join(legendItems(t, s, pc, false, true), "  ")
	if ansiWidth(long) <= w {
		return []string{long}
	}
	return wrapItems(legendItems(t, s, pc, true, true), "  ", w)
}

// waitKey is the legend's waiting glyphs alone, briefly, for a workers line without its
// legend: " · c 15 wait for a connection"; "" with none waiting.
func waitKey(t *theme, pc poolCounts) string {
	var key string
	for i, c := range lab.Classes {
		for _, ph := range waitPhases() {
			if k := pc.waitIn[classPhase{c, ph}]; k > 0 {
				key += t.dim.Render(" · ") + waitItem(t, i, ph, k, true)
			}
		}
	}
	return key
}

// waitItem is the legend's item for the k workers of class i (its index) waiting in phase ph:
// "c 15 wait for a connection", or not short "c 15 of them waiting for a connection".
func waitItem(t *theme, i int, ph lab.Phase, k int, short bool) string {
	glyph := t.cellW[i].Render(string(ph.Glyph())) + " " + strconv.Itoa(k)
	if short {
		return glyph + " " + ph.Words(true)
	}
	return glyph + " of them " + ph.Words(false)
}

// idleOn names the replicas out of rotation with idle workers: "r1, r4", or past three
// "5 replicas".
func idleOn(on []int) string {
	if len(on) > 3 {
		return strconv.Itoa(len(on)) + " replicas"
	}
	names := make([]string, len(on))
	for i, n := range on {
		names[i] = "r" + strconv.Itoa(n)
	}
	return strings.Join(names, ", ")
}

// glyphNames is each of the legend's glyphs and its name, without counts: what the
// pictures of two labs have in common.
func glyphNames(t *theme, s *lab.Snapshot) []string {
	return legendItems(t, s, countWorkers(s.Pool), true, false)
}

// legendItems are poolLegend's items, in its short words or not, with their counts or
// (for two labs at once) only the glyphs' names.
func legendItems(t *theme, s *lab.Snapshot, pc poolCounts, short, counts bool) []string {
	n := func(v int) string {
		if !counts {
			return ""
		}
		return " " + strconv.Itoa(v)
	}
	var items []string
	for i, c := range lab.Classes {
		held := s.Pool.BusyBy[c]
		if !s.Active(c) && held == 0 {
			continue
		}
		// Every worker the class holds, waiting ones too, as the workers chart counts them
		// (the lab's count, not the glyphs added up), with what those wait for: "P payment 5
		// c payment waiting for a connection 15" beside the chart's "P payment 20" read as two
		// counts of one thing (newcomer 25). Without counts (the glyphs two labs share), each
		// glyph is an item of its own.
		var waits []string
		for _, ph := range waitPhases() {
			k := pc.waitIn[classPhase{c, ph}]
			if k == 0 && (c != lab.Payment || !slices.Contains(s.Waits, ph)) {
				continue
			}
			if counts {
				waits = append(waits, waitItem(t, i, ph, k, short))
			} else {
				waits = append(waits, t.cellW[i].Render(string(ph.Glyph()))+" "+ph.Words(false))
			}
		}
		item := t.cell[i].Render(string(t.letter[i])) + " " + s.Config.Traffic.Label(c) + n(held)
		switch {
		case !counts:
			items = append(append(items, item), waits...)
		case len(waits) > 0:
			items = append(items, item+" ("+strings.Join(waits, ", ")+")")
		default:
			items = append(items, item)
		}
	}
	if !counts {
		return append(items, t.idle.Render(string(t.idleRune))+" idle")
	}
	idle := t.idle.Render(string(t.idleRune)) + " idle " + strconv.Itoa(pc.idle)
	out := s.Fleet.IdleOutOfRotation()
	if out > 0 { // no request reaches those: not capacity
		// Whose, not "(+40 on replicas out of rotation)": after "payment 40", "+40" read as 40
		// more payments (newcomer 38 G9).
		on := idleOn(s.Fleet.IdleOutOn())
		glyph := t.idle.Render(string(t.idleRune))
		switch {
		case s.Fleet.InRotation == 0: // not "idle 0 in rotation", as if some were (newcomer 39 W3)
			idle = glyph + " none in rotation" + t.dim.Render("; "+strconv.Itoa(out)+" idle on "+on)
		case short:
			idle = glyph + " idle " + strconv.Itoa(pc.idle-out) + " in rotation" + t.dim.Render("; "+strconv.Itoa(out)+" on "+on+" (out)")
		default:
			idle = glyph + " idle " + strconv.Itoa(pc.idle-out) + " in rotation" + t.dim.Render("; "+strconv.Itoa(out)+" idle on "+on+" (out of rotation)")
		}
	}
	if last := s.LastSecond(); pc.idle > out && last != nil && last.TurnedAway() > 0 {
		note := " (freed just now: the next arrival takes it)"
		if short {
			note = " (just freed)"
		}
		idle += t.dim.Render(note)
	}
	return append(append(items, idle), growthItem(s, short)...)

}
