// Compare mode: entering and leaving it, and its screen: A and B side by side (or A above
// B), the A vs B summary under them, the status line and the keys.

package ui

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// toggleCompare enters compare mode, with A the settings in force and B a copy of them to
// change, both restarted together; or leaves it, keeping the focused side running (awaited:
// a key after it must reach the side kept).
func (m model) toggleCompare() (model, tea.Cmd) {
	if m.restarting {
		m.say("wait: restarting…")
		return m, nil
	}
	if !m.comparing() {
		m.modes, m.focus = m.modes.withBase(modeCompare), 1
		m.sides[1] = side{cfg: m.sides[0].cfg, base: m.sides[0].base}
		return m.restart("starting A and B together on the same traffic…",
			"compare: A and B on the same traffic, started together; keys change B (tab: A)")
	}
	kept, dropped := m.focus, 1-m.focus
	m.say(fmt.Sprintf("compare off: kept %s running, stopped %s", m.sideName(kept), m.sideName(dropped)))
	m.sides[0], m.sides[1] = m.sides[kept], side{}
	m.modes, m.focus = m.modes.withBase(modeLab), 0
	from := m.gen
	m.gen++ // drop pairs of snapshots still on their way
	ref, gen := m.ref, m.gen
	return m, m.await(func() tea.Msg {
		ref.keep(kept, from, gen)
		return keptMsg{}
	})
}

// compareKey: tab switches the side the settings keys change; the other keys are the lab's.
func (m model) compareKey(msg tea.KeyPressMsg) (model, tea.Cmd) {
	if key.Matches(msg, keys.Focus.Binding) {
		m.focus = 1 - m.focus
		m.say("keys now change " + m.sideName(m.focus))
		return m, nil
	}
	return m.labKey(msg)
}

// paneMinWidth is the narrowest a lab may be to sit beside the other: its class table
// still fits. Narrower screens stack A above B.
const paneMinWidth = 56

// divider is the line between two labs side by side; dividerWidth, its width.
const divider = " │ "

var dividerWidth = ansiWidth(divider)

// compareLines is compare mode: A and B side by side (or A above B), the summary table
// under them, then the status line and the keys. When even the tightest layout does not
// fit, it says how much room it needs.
func compareLines(t *theme, s screen) []string {
	lines, need := compareLayout(t, s)
	if lines == nil {
		return compareTooSmall(s.width, s.height, need)
	}
	return lines
}

// halves are the labs' widths on a compare screen w wide: side by side, the left's and the
// right's (the rest, as wide or a column wider), the divider between; where the left would
// be narrower than paneMinWidth, the screen's each, A above B.
func halves(w int) (widths [2]int, side bool) {
	left := (w - dividerWidth) / 2
	if left < paneMinWidth {
		return [2]int{w, w}, false
	}
	return [2]int{left, w - dividerWidth - left}, true
}

// compareLayout lays compare mode out in s.height lines, or returns nil and the height it
// needs.
func compareLayout(t *theme, s screen) (lines []string, need int) {
	w, h := s.width, s.height
	status := []string{statusLine(t, s)}
	lean := false
	j := judge(s)
	summary, lesson := summaryParts(t, s, j, w, nil, lean, false)
	// The halves' widths, decided here once: each half knows the other's (labCtx.peerW).
	widths, side := halves(w)
	// Each half's context, made once a frame: what its narrator tells and the panels it has
	// drawn are worked out once for every width and height tried (a context made for each
	// try drew each half's charts six times: BenchmarkViewWalk's compare-dep).
	halfCtx := [2]labCtx{newLabCtx(t, s, 0, widths[0], widths[1]), newLabCtx(t, s, 1, widths[1], widths[0])}
	ctx := func(i int) labCtx { return halfCtx[i] }
	tightest := func(i int) int { return ctx(i).height(labPanels, levelBare) }
	// Each height is a pass over a lab's panels: each taken once a frame.
	var top int // stacked, A's least height
	if side {
		need = max(tightest(0), tightest(1))
	} else {
		top = tightest(0)
		need = top + tightest(1)
	}
	// Every key in the footer if there is room; else the few that lead to the rest (? lists all).
	footer := footerLines(t, s.keyMap(), w, 2)
	room := h - len(status) - len(footer) - len(summary)
	if room < need {
		footer = footerLines(t, s.keyMap(), w, 1)
		room = h - len(status) - len(footer) - len(summary)
	}
	if room < need {
		lean = true
		summary, lesson = summaryParts(t, s, j, w, nil, lean, true)
		room = h - len(status) - len(footer) - len(summary)
	}
	// Before no compare at all: the table without its lesson, then without the keys' line
	// (the status line says "press ? for every key"); a loaded machine's warnings, one line
	// in each half, took those lines at 80x24.
	cut := false // the lesson left out: no remedy without it
	if room < need && lesson > 0 {
		summary, room, lesson, cut = summary[:len(summary)-lesson], room+lesson, 0, true
	}
	if room < need && room+len(footer) >= need {
		room, footer = room+len(footer), nil
	}
	if room < need {
		return nil, h - room + need
	}
	// The summary's lesson under the table must not cost the halves their narrators, which
	// say what each side teaches (at 80x24): in full, else brief, else left to them and the
	// table. They stand down to levelLean (in compare it drops the table first), so its
	// height is the one that matters.
	// The narrators' height, worked out where asked: each a pass over a lab's panels.
	narrators := sync.OnceValue(func() int {
		narrated := func(i int) int { return ctx(i).height(labPanels, levelLean) }
		if side {
			return max(narrated(0), narrated(1))
		}
		return narrated(0) + narrated(1)
	})
	if lesson > 0 {
		if room < narrators() && room+lesson-1 >= narrators() && !lean { // one line less may do
			next, n := summaryParts(t, s, j, w, nil, lean, true)
			summary, room, lesson = next, room+len(summary)-len(next), n
		}
		if room < narrators() && room+lesson >= narrators() { // the lesson is the last lines
			summary, room, cut = summary[:len(summary)-lesson], room+lesson, true
		}
	}
	// Where the halves keep no narrator, the remedy one of them names (a wider bulkhead, and
	// what it would reject) goes under the summary, brief, in the lines the halves leave, or
	// the keys' line (the status line says "press ? for every key"): newcomer 19, X12, at
	// 80x24 the trade kept the cost and dropped the remedy.
	// So too where the halves keep their narrators but not the clause: at 120x40 B's "why
	// cap 5?" went unanswered where 80x24 gave it (newcomer 41 G9).
	// Each half's clause is measured at the height it is drawn at, once the remedy's lines
	// and the keys' swap are placed (review 35 m9: measured before, a clause could show in
	// neither place). The cheap checks first: remedies asks shown only of a half with a
	// clause to give, and shown passes over a layout only where the halves keep narrators.
	// The halves' heights in room lines: side by side, each all of it; stacked, each its own
	// least height and half the lines to spare: a taller half (a chain of hops) is not cut to
	// fit an even split. One split, for the remedy's measure and the drawing alike.
	heights := func(room int) [2]int {
		if side {
			return [2]int{room, room}
		}
		a := top + (room-need)/2
		return [2]int{a, room - a}
	}
	if !cut {
		// place is the summary, room and keys with the remedy under the summary, from those
		// before it.
		place := func(remedy string) ([]string, int, []string) {
			summary, room, footer := summary, room, footer
			lines := wrapText(remedy, w, 0)
			for i := range lines {
				lines[i] = t.narrator.Render(lines[i])
			}
			// Beside narrators, the keys' second line first, which the first's "…" leads to,
			// not the halves' rows (at 120x40 both lost their calls at the dependency to it).
			if one := footerLines(t, s.keyMap(), w, 1); len(one) < len(footer) && room >= narrators() {
				room, footer = room+len(footer)-len(one), one
			}
			if room-len(lines) < need && room-len(lines)+len(footer) >= need {
				room, footer = room+len(footer), nil
			}
			if room-len(lines) >= need {
				summary, room = append(slices.Clone(summary), lines...), room-len(lines)
			}
			return summary, room, footer
		}
		// Fewer lines can only take clauses off the halves, so the remedy grows to a fixed
		// point in at most one step per half; the last step's placing is the one kept.
		remedy, at, placed, foot := "", room, summary, footer
		for range 3 {
			hs := heights(at)
			next := remedies(ctx, func(i int) bool { return at >= narrators() && spareShown(ctx(i), hs[i]) }, w)
			if next == remedy {
				break
			}
			remedy = next
			placed, at, foot = place(remedy)
		}
		if remedy != "" {
			summary, room, footer = placed, at, foot
		}
	}
	hs := heights(room)
	var labs []string
	if side {
		labs = beside(labLines(ctx(0), hs[0]), labLines(ctx(1), hs[1]), widths[0], t.dim.Render(divider))
	} else {
		labs = shareLegend(t, s, w, labLines(ctx(0), hs[0]), labLines(ctx(1), hs[1]))
	}
	return append(append(append(labs, summary...), keysHint(t, s, status, footer)...), footer...), need
}

// shareLegend is the halves stacked, a over b. Where one has its pool's legend and the other
// none, that legend names the glyphs of both, without the one side's counts (newcomer 16,
// X13: under B only, "P payment 5 … idle 15" read as A's too, whose pool was 20/20 busy).
func shareLegend(t *theme, s screen, w int, a, b []string) []string {
	halves := [2][]string{a, b}
	var at, lines [2]int
	for i := range halves {
		snap := s.panes[i].snapshotOrEmpty()
		legend := poolLegend(t.labelled(s.panes[i].cfg.Traffic), snap, countWorkers(snap.Pool), w)
		at[i], lines[i] = slices.Index(halves[i], legend[0]), len(legend)
	}
	if k := slices.IndexFunc(at[:], func(i int) bool { return i >= 0 }); k >= 0 && at[1-k] < 0 {
		var names []string // the glyphs' names, worked out only where one legend stands for both
		for i := range halves {
			for _, n := range glyphNames(t.labelled(s.panes[i].cfg.Traffic), s.panes[i].snapshotOrEmpty()) {
				if !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
		}
		names[0] = t.dim.Render("A and B: ") + names[0]
		if shared := wrapItems(names, "  ", w); len(shared) <= lines[k] {
			half := slices.Clone(halves[k])
			half = slices.Replace(half, at[k], at[k]+lines[k], shared...)
			for len(half) < len(halves[k]) {
				half = slices.Insert(half, at[k]+len(shared), "")
			}
			halves[k] = half
		}
	}
	return append(halves[0], halves[1]...)
}

func compareTooSmall(w, h, need int) []string {
	return centered(fmt.Sprintf("compare needs at least %d×%d (now %d×%d): make the terminal taller or wider, or press v to leave compare mode",
		w, need, w, h), w, h)
}

// summaryLines is the comparison under the two labs: a rule with a title, then per class
// a block of A, B and B − A, blocks side by side as the width allows. The rows are
// lab.CompareClasses, the same as the exported comparison's (lean: see summaryOf).
func summaryLines(t *theme, s screen, w int, lean bool) []string {
	return summaryOf(t, s, w, nil, lean)
}

// judged is one frame's comparison, judged once (lab.Compare): its rows, the lesson under
// them and the rule behind their marks under the title, each in its forms (lab.Lesson,
// lab.NoiseRule).
type judged struct {
	rows         []lab.ComparisonRow
	lesson, rule []string
	keyed, how   []bool // each rule form keys every mark the rows show; says how ≈ is judged (lab.NoiseRuleKeyed)
}

// ruleHowWidth is the narrowest screen whose rule takes a second line to say how ≈ is judged:
// at 80x24 that line is the halves' narrators'.
const ruleHowWidth = 100

// ruleLines is the rule in w columns: where w is ruleHowWidth or more, its longest form that
// keys every mark and says how ≈ is judged in at most two lines (newcomer 39 G1: at 120x40,
// "ok ≈ -7" beside "+10" with no test on screen); else its longest form on one line that
// keys every mark shown, else the longest such form in two lines (newcomer 38 G11: at 80x24
// and 120x40 the one line had given up "sooner"'s key), else the longest form on one line.
func (j judged) ruleLines(w int) []string {
	// The keys in one line and "?"'s count with its why in a line of its own, where both
	// fit: the keys and the count's odds wrapped into one run of two lines could not be read
	// in seconds (newcomer 64 G16); at 80x24, after a one-line form that leaves the count out
	// (newcomer 54).
	glossed := func(f string) []string {
		if gloss, ok := firstFit(w, lab.TooFewGloss(f, j.rows)...); ok && ansiWidth(f) <= w {
			return []string{f, gloss}
		}
		return nil
	}
	if w >= ruleHowWidth {
		for i, f := range j.rule {
			if lines := glossed(f); j.keyed[i] && j.how[i] && lines != nil {
				return lines
			}
		}
		for i, f := range j.rule {
			if lines := wrapText(f, w, 0); j.keyed[i] && j.how[i] && len(lines) <= 2 {
				return lines
			}
		}
	}
	for _, most := range []int{1, 2} {
		for i, f := range j.rule {
			if lines := wrapText(f, w, 0); j.keyed[i] && len(lines) <= most {
				if most == 1 && w < ruleHowWidth { // wider, a line more cost a half its charts
					if two := glossed(f); two != nil {
						return two
					}
				}
				return lines
			}
		}
	}
	return []string{longestFit(w, j.rule...)}
}

// remedies is the halves' narrators' spare clauses, brief, each after its side's name
// ("B: widest cap with others <0.1% turned away: 18, would reject ~44% of payments"),
// for a summary whose halves keep no narrator or not the clause (shown: the half says it),
// the keys left out where that keeps it on one line of w columns; "" where neither has one.
// An idle clause (why so far is lower) is none, nor one a health item echoes (how a
// queue's wait adds up).
func remedies(ctx func(i int) labCtx, shown func(i int) bool, w int) string {
	type named struct {
		name, short, key string
		why              []string
	}
	var spares []named
	for i, name := range []string{"A", "B"} {
		if _, spare := ctx(i).narration(); spare.short != "" && !spare.idle && spare.echo == "" && !shown(i) {
			spares = append(spares, named{name, strings.TrimPrefix(spare.remedy(), "; "), spare.press(ctx(i).focused()), spare.why})
		}
	}
	if len(spares) == 0 {
		return ""
	}
	// why: the form of each spare's why (-1 none), said before the key: the widest cap's
	// ~44% beside a shared pool's 38% read as the bulkhead doing worse (newcomer 65).
	join := func(withKey bool, why int) string {
		parts := make([]string, len(spares))
		for i, sp := range spares {
			parts[i] = sp.name + ": " + sp.short
			if why >= 0 && why < len(sp.why) {
				parts[i] += ", " + sp.why[why]
			}
			if withKey {
				parts[i] += sp.key
			}
		}
		return "» " + strings.Join(parts, " · ")
	}
	full := join(true, -1)
	if one, ok := firstFit(w, join(true, 0), join(false, 0), join(true, 1), join(false, 1), full, join(false, -1)); ok {
		return one
	}
	return full // wrapped: every line has room for the keys
}

func judge(s screen) judged {
	a, b := s.panes[0].snapshotOrEmpty(), s.panes[1].snapshotOrEmpty()
	rows, v := lab.Compare(a, b)
	rule, keyed, how := lab.NoiseRuleKeyed(rows, lab.ByBlocks(a, b), a.Config.Traffic.Label)
	return judged{rows, lab.Lesson(rows, v, a.Config.Traffic.Label), rule, keyed, how}
}

// summaryOf is the summary of the classes keep keeps (nil: all); lean, without the counts
// that are 0 on both sides (the title says so), for a screen short of room, and its lesson
// brief.
func summaryOf(t *theme, s screen, w int, keep func(lab.Class) bool, lean bool) []string {
	lines, _ := summaryParts(t, s, judge(s), w, keep, lean, lean)
	return lines
}

// summaryParts is summaryOf, of the comparison j, with its lesson brief or not (a trade in
// one line where its briefest form fits), and how many of its last lines are the lesson
// under the table.
func summaryParts(t *theme, s screen, j judged, w int, keep func(lab.Class) bool, lean, brief bool) ([]string, int) {
	a, b := s.panes[0].snapshotOrEmpty(), s.panes[1].snapshotOrEmpty()
	rows := j.rows
	zeros := ""
	if lean {
		// A latency of failures the lesson cites rests on its class's ok, 0 in both: that
		// row stays (newcomer 14, hops: "fail sooner" beside no ok row read as served sooner).
		cited := func(r lab.ComparisonRow) bool {
			return r.Counter == lab.OK.Word() && slices.ContainsFunc(rows, func(l lab.ComparisonRow) bool {
				return l.Class == r.Class && l.NoneOK != "" && l.Significant
			})
		}
		zero := func(r lab.ComparisonRow) bool { return r.A == 0 && r.B == 0 && !r.Latency() && !r.Ratio }
		kept := slices.DeleteFunc(slices.Clone(rows), func(r lab.ComparisonRow) bool {
			return zero(r) && !marked(s.marks, r.Class, "row:"+r.Counter) && !cited(r)
		})
		if len(kept) < len(rows) {
			// A row of 0 that stays (marked, or cited) is named: "rows all 0 left out" above
			// "ok 0 0 0" (newcomer 16, hops), and "other rows all 0 left out" too (newcomer 22).
			// "0 in both", "kept": "rows all 0 left out but ok" was a riddle at 80x24 (newcomer 23),
			// and "rows 0 in both left out, ok kept" too: which rows, what kept (newcomer 36 #24).
			zeros = " · rows 0 in A and B hidden"
			var but []string
			for _, r := range kept {
				if zero(r) && !slices.Contains(but, r.Name()) {
					but = append(but, r.Name())
				}
			}
			if len(but) > 0 {
				zeros += ", except " + strings.Join(but, ", ")
			}
			rows, zeros = kept, t.dim.Render(zeros)
		}
	}
	// Shorter forms drop "totals since 0s" (lab.SinceStart), then shorten the keys to ≈ and ?, then drop
	// the colour key, then what ≈ means, as headerLine does. Runs measured two ways say so
	// before anything else. Where the rule line says what the marks mean (keyless), the
	// title does not say it again (the review: "bare" defined twice in 24 lines).
	head := "── " + t.bold.Render("A vs B") + t.dim.Render(" "+lab.SameTrafficNote(a.Config, b.Config))
	// Where it fits, that the p99s are measured: the counts match each run alone, the p99s
	// not (newcomer 43 G-10: "3.9 vs 3.6ms" read as a copy error).
	heads := []string{head}
	var timing []string // beside a p99 row, below
	if a.Config.Traffic.Mode == b.Config.Traffic.Mode {
		heads = []string{head + t.dim.Render(", "+lab.TimingVaries), head + t.dim.Render(", "+lab.TimingVariesBrief), head}
		timing = lab.TimedBoth
	}
	totals := t.dim.Render(", totals " + lab.SinceStart)
	colour := ""
	if !t.noColor {
		colour = t.dim.Render(" · ") + t.better.Render("green") + t.dim.Render(": B better, ") + t.worse.Render("red") + t.dim.Render(": B worse")
	}
	// Forms, longest first; a summary without some rows says so in every form. "?" says
	// why, with how many requests a p99 needs (newcomer 14: "?" beside 303 and 98 finished),
	// where that fits in place of its name alone (each form's two variants, why first).
	two := t.dim.Render(" · " + lab.MeasuredTwoWays)
	bare := "── " + t.bold.Render("A vs B") + t.dim.Render(fmt.Sprintf(": A %s, B %s", a.Config.Traffic.Mode.Loop(), b.Config.Traffic.Mode.Loop()))
	sameWay := lab.Judged(a.Config, b.Config) // both sent alike: better and worse mean something
	titles := func(head, tooFew, fewShort string, blocks, keyless bool) []string {
		tooFew, fewShort = t.dim.Render(" · "+tooFew), t.dim.Render(" · "+fewShort)
		approx := t.dim.Render(" · " + lab.ApproxKey)
		key := t.dim.Render(" · " + lab.UnmarkedKey) // without colour, a result is a difference without ≈ or ?
		if !t.noColor {
			key = colour
		}
		blocksForms := lab.BlocksKey()
		if keyless {
			tooFew, fewShort, approx, key = "", "", "", colour
			blocksForms = lab.BlocksHow()
		}
		byBlocks, blocksMid, blocksBrief := t.dim.Render(" · "+blocksForms[0]), t.dim.Render(" · "+blocksForms[1]), t.dim.Render(" · "+blocksForms[2])
		short := approx + fewShort // ≈ in one wording wherever it is said
		var out []string
		switch {
		case blocks:
			out = []string{head + totals + key + byBlocks + tooFew, head + key + byBlocks + tooFew, head + key + byBlocks + fewShort,
				head + byBlocks + tooFew, head + byBlocks + fewShort, head + byBlocks, head + totals + blocksMid,
				head + key + blocksMid + fewShort, head + blocksMid + fewShort, head + blocksMid, head + blocksBrief + fewShort, head + blocksBrief}
		case !sameWay:
			// The noise key outlasts the too-few one: a corrected p99 is judged (≈) however few
			// the rows that are too few (the review: "≈ -1.0ms" under a title with no ≈).
			out = []string{head + two + approx + tooFew, head + two + approx, head + two + short, head + two, bare + two + approx,
				bare + t.dim.Render(" · "+lab.NeitherBetter) + approx, bare + two, bare}
		default:
			out = []string{head + totals + key + approx + tooFew, head + key + approx + tooFew, head + totals + key + approx,
				head + key + short, head + key + approx, head + key, head + approx + tooFew, head + short, head + approx, head}
		}
		return out // compacted by formsOf: it reads two of these side by side, of one length
	}
	var headForms func(head string, blocks, keyless bool) []string
	formsOf := func(blocks, keyless bool) []string {
		if len(heads) == 1 { // else three: with the timing's words whole, brief, without
			return slices.Compact(headForms(heads[0], blocks, keyless))
		}
		var out []string
		// The timing's words whole and brief form by form, so that the brief keeps a key the
		// whole costs (80 columns: "timed with both running · green: B better, red: B
		// worse"), then the head without them.
		whole, brief := headForms(heads[0], blocks, keyless), headForms(heads[1], blocks, keyless)
		for i := range max(len(whole), len(brief)) {
			if i < len(whole) {
				out = append(out, whole[i])
			}
			if i < len(brief) {
				out = append(out, brief[i])
			}
		}
		return slices.Compact(append(out, headForms(heads[2], blocks, keyless)...))
	}
	// headForms are one head's title forms, longest first.
	headForms = func(head string, blocks, keyless bool) []string {
		if keyless {
			return slices.Compact(titles(head, "", "", blocks, true))
		}
		why, named := titles(head, lab.TooFewWhy(), lab.TooFewBrief, blocks, false), titles(head, lab.TooFewBrief, lab.TooFewBrief, blocks, false)
		// The why before the start's totals: the second form is the first's without them.
		lead := 1
		if blocks || sameWay {
			lead = 2
		}
		out := append(slices.Clone(why[:lead]), named[:lead]...)
		for i := lead; i < len(why); i++ {
			out = append(out, why[i])
			if named[i] != why[i] {
				out = append(out, named[i])
			}
		}
		return slices.Compact(out)
	}

	// Each class's block; then the blocks in rows of blocks, each row as tall as its tallest
	// block. Narrow, the columns and blocks close up when that puts more blocks in a row.
	// With a note, its lines (note(width), nil for none) stand beside the last row where they
	// fit in its height (noted).
	// The rule behind ≈, bare and ? (newcomer 19, X4), in plain words: beside a row of blocks
	// it leaves room by (rule(width), nil where it does not fit), else a line of its own under
	// the title, or short of room, the title's key.
	ruleBeside := func(nw, h int) []string {
		if nw < noteMinWidth {
			return nil
		}
		// The longest form that fits beside the row's h lines, one that keys every mark first,
		// with "?"'s count where the form leaves it out (lab.TooFewGloss), in its own lines: "?
		// too few to judge" alone left 368 unsaid (newcomer 64 G16); one that keys every mark
		// without it before a shorter one with it (hops at 80x24: "see p50 row" outranks 368).
		for _, all := range []bool{false, true} {
			for k, f := range j.rule {
				if !all && !j.keyed[k] {
					continue
				}
				var tries [][]string
				for _, g := range lab.TooFewGloss(f, j.rows) {
					tries = append(tries, append(wrapText(f, nw, 0), wrapText(g, nw, 0)...))
				}
				if !all || tries == nil {
					tries = append(tries, wrapText(f, nw, 0))
				}
				for _, lines := range tries {
					if len(lines) <= h {
						for i := range lines {
							lines[i] = t.dim.Render(lines[i])
						}
						return lines
					}
				}
			}
		}
		return nil
	}
	// Where both runs were sent alike, the p99s' timing beside the first p99 row with room
	// after it (a taller block's last, the blocks beside it shorter), not in the title alone
	// (newcomer 64 W16: signup p99 4.2ms against 3.5ms run alone, the counts the same).
	layout := func(pad int, gap string, note func(nw, h int) []string, brief bool) (out []string, noted, ruled, timed bool) {
		var blocks [][]string
		var widths []int
		var p99At []int // each block's line of its first p99, -1 where it has none
		for start := 0; start < len(rows); {
			end := start + 1
			for end < len(rows) && rows[end].Class == rows[start].Class {
				end++
			}
			if keep == nil || keep(rows[start].Class) {
				block, bw := summaryBlock(t, rows[start:end], a.Config.Traffic.Label(rows[start].Class), s.marks, pad, brief)
				at := slices.IndexFunc(rows[start:end], lab.ComparisonRow.P99)
				if at >= 0 {
					at++ // under the block's title line
				}
				blocks, widths, p99At = append(blocks, block), append(widths, bw), append(p99At, at)
			}
			start = end
		}
		for k := 0; k < len(blocks); {
			first, rowW := k, widths[k]
			for k++; k < len(blocks) && rowW+len(gap)+widths[k] <= w; k++ {
				rowW += len(gap) + widths[k]
			}
			row := besideAll(blocks[first:k], widths[first:k], gap)
			nw := w - rowW - len(gap)
			// No room beside the row: the rule under its last block, where that is shorter, in
			// the lines it leaves free after a blank one. At 80x24 the hops compare had room
			// neither beside nor in the title, and left "?" and a bare -610ms unexplained
			// (newcomer 30).
			if last := k - 1; !ruled && last > first && ruleBeside(nw, len(row)) == nil {
				if rule := ruleBeside(widths[last], len(row)-len(blocks[last])-1); len(rule) > 0 {
					blocks[last] = append(append(slices.Clip(blocks[last]), ""), rule...)
					row, ruled = besideAll(blocks[first:k], widths[first:k], gap), true
				}
			}
			// The lesson beside the tables behind a rule: at 80x24 it read as part of the
			// health table it stood beside (n36 #7).
			sep := gap[:max(1, len(gap)-2)] + "│ "
			if nn := w - rowW - ansiWidth(sep); k == len(blocks) && nn >= noteMinWidth {
				if note := note(nn, len(row)); len(note) > 0 && len(note) <= len(row) {
					row, noted = beside(row, note, rowW, t.dim.Render(sep)), true
				}
			}
			if !ruled && !(noted && k == len(blocks)) {
				if rule := ruleBeside(nw, len(row)); len(rule) > 0 {
					row, ruled = beside(row, rule, rowW, gap), true
				}
			}
			// The row's line with the first block's p99 and no other block's: the timing after
			// it, up to what stands beside the row, if anything does. Not beside the p50 under
			// it, which "p99s" then named wrong (shared-pool against socket-timeout).
			if l := p99At[first]; !timed && len(timing) > 0 && l >= 0 && l < len(row) &&
				strings.TrimSpace(ansi.Strip(ansi.Cut(row[l], widths[first], rowW))) == "" {
				room, tail := w, ""
				if ansiWidth(row[l]) > rowW {
					room, tail = rowW, ansi.Cut(row[l], rowW, ansiWidth(row[l]))
				}
				if f, ok := firstFit(room-widths[first]-len(gap), timing...); ok {
					row[l], timed = fit(blocks[first][l], widths[first])+gap+t.dim.Render(f), true
					if tail != "" {
						row[l] = fit(row[l], rowW) + tail
					}
				}
			}
			out = append(out, row...)
		}
		return out, noted, ruled, timed
	}
	// A fleet's ≈ is judged by blocks of arrivals, not requests: the screen says why, beside
	// the blocks where they leave room, else in the title, briefly. Else the lesson stands
	// there where it fits, under the blocks where it does not.
	why := ""
	if lab.ByBlocks(a, b) && sameWay {
		why = lab.BlocksWhy()
	}
	// Beside the blocks, the lesson takes the longest form their height holds: the brief one
	// left "and 1 more gain" unnamed beside rows of room (newcomer 22, retry-storm vs budget).
	note := func(nw, h int) []string {
		if brief {
			h = 1
		}
		return verdictLinesIn(j.lesson, nw, h)
	}
	if why != "" {
		note = func(nw, _ int) []string {
			lines := wrapText(why, nw, 0)
			for i := range lines {
				lines[i] = t.dim.Render(lines[i])
			}
			return lines
		}
	}
	// Closer, then with the rows' brief names (lab.ComparisonRow.Brief), each only where that
	// saves lines, the lesson's under the blocks counted: "calls/payment that called" put
	// retry-storm's signups under its payments at 80x24, and its lesson under the blocks,
	// brief, at 120x40.
	lines := func(b []string, noted bool) int {
		if noted && why == "" {
			return len(b)
		}
		return len(b) + len(verdictLines(j.lesson, w, brief))
	}
	blocks, noted, ruled, timed := layout(2, "    ", note, false)
	for _, c := range []struct {
		pad   int
		brief bool
	}{{1, false}, {2, true}, {1, true}} {
		if closer, n, r, tm := layout(c.pad, "    "[:2*c.pad], note, c.brief); lines(closer, n) < lines(blocks, noted) {
			blocks, noted, ruled, timed = closer, n, r, tm
		}
	}
	if timed { // said beside the p99s: the title need not
		heads = heads[len(heads)-1:]
	}
	under := verdictLines(j.lesson, w, brief)
	if why == "" && noted {
		under = nil
	}
	keyless := len(j.rule) > 0 && (ruled || !lean)
	forms := formsOf(false, keyless)
	if why != "" && !noted {
		forms = append(formsOf(true, keyless), forms...)
	}
	var rule []string
	switch {
	case ruled, len(j.rule) == 0:
	case !lean:
		rule = j.ruleLines(w)
		for i := range rule {
			rule[i] = t.dim.Render(rule[i])
		}
	default: // short of room: the rule is the title's key, where one of its forms fits
		ruleHead := "── " + t.bold.Render("A vs B") + t.dim.Render(" · ")
		for i := len(j.rule) - 1; i >= 0; i-- {
			forms = slices.Insert(forms, 0, ruleHead+t.dim.Render(j.rule[i]))
		}
	}
	for i := range forms {
		forms[i] += zeros
	}
	// With the room, the fullest title says what a missing row is; never in place of its words.
	if !lean && len(forms) > 0 {
		unshown := t.dim.Render(" · " + lab.RowsUnshown)
		forms = slices.Insert(forms, 0, forms[0]+unshown)
		// Short of room for the totals' words too, the timing's, whole or brief, and the
		// missing row's before them (80 columns), where the rule line keys the marks.
		if keyless && len(heads) > 1 && (why == "" || noted) { // a fleet's blocks' words outrank them
			for i, head := range heads[:len(heads)-1] {
				forms = slices.Insert(forms, 1+i, head+colour+zeros+unshown)
			}
		}
	}
	// A form that fills w exactly takes no rule after it: the space would push it a column
	// over, and the cut took the key's last word (the second review).
	title := longestFit(w, forms...)
	if ansiWidth(title) < w {
		title += " " + t.dim.Render(strings.Repeat("─", max(w-ansiWidth(title)-1, 0)))
	}
	return append(append(append([]string{title}, rule...), blocks...), under...), len(under)
}

// besideAll joins blocks side by side, each padded to its width but the last, gap between.
func besideAll(blocks [][]string, widths []int, gap string) []string {
	row, at := blocks[0], widths[0]
	for i := 1; i < len(blocks); i++ {
		row = beside(row, blocks[i], at, gap)
		at += len(gap) + widths[i]
	}
	return row
}

// verdictLines is the summary's lesson (lab.Lesson) in w columns: its first form in 2 lines
// (brief: 1), else its last, wrapped.
func verdictLines(forms []string, w int, brief bool) []string {
	if brief {
		return verdictLinesIn(forms, w, 1)
	}
	return verdictLinesIn(forms, w, 2)
}

// verdictLinesIn is the first of forms (a lesson's, a warning's) in at most most lines of
// w columns, else the last, wrapped.
func verdictLinesIn(forms []string, w, most int) []string {
	var lines []string
	for _, f := range forms {
		if lines = wrapText(f, w, 0); len(lines) <= most {
			break
		}
	}
	return lines
}

// noteMinWidth is the narrowest the words beside the summary's blocks may be.
const noteMinWidth = 28

// summaryBlock draws one class's rows under a header naming the class (as name) and the
// columns, pad cells before each number, and returns its width. The A and B cells of rows marks point at stand out: ▸ and
// reverse video.
func summaryBlock(t *theme, rows []lab.ComparisonRow, name string, marks []pointer, pad int, brief bool) ([]string, int) {
	rowName := lab.ComparisonRow.Name
	if brief {
		rowName = lab.ComparisonRow.Brief
	}
	ci := int(rows[0].Class)
	// A and B share a width; B − A has its own, as "≈ " widens only it.
	labelW, numW, diffW := ansiWidth(name), 0, ansiWidth("B − A")
	cells := make([][3]string, len(rows))
	for i, r := range rows {
		a, b, d := r.Cells()
		cells[i] = [3]string{a, b, d}
		labelW = max(labelW, ansiWidth(rowName(r)))
		numW = max(numW, ansiWidth(a), ansiWidth(b))
		diffW = max(diffW, ansiWidth(d))
	}
	numW, diffW = numW+pad, diffW+pad
	out := []string{t.name[ci].Render(padRight(name, labelW)) +
		t.dim.Render(padLeft("A", numW)+padLeft("B", numW)+padLeft("B − A", diffW))}
	for i, r := range rows {
		diff := padLeft(cells[i][2], diffW)
		switch r.Better { // only a significant difference has a colour; noise has ≈
		case 1:
			diff = t.better.Render(diff)
		case -1:
			diff = t.worse.Render(diff)
		}
		a, b := padLeft(cells[i][0], numW), padLeft(cells[i][1], numW)
		if marked(marks, r.Class, "row:"+r.Counter) {
			a, b = markedCell(t, cells[i][0], numW), markedCell(t, cells[i][1], numW)
		}
		out = append(out, padRight(rowName(r), labelW)+a+b+diff)
	}
	return out, labelW + 2*numW + diffW
}
