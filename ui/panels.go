// The lab's screen as a list of panels: a panel is a value with a name, what it needs from
// the lab, how it draws at a width and a level of detail, from which level it is left out,
// and its turn for the spacing. labPanels is the one lab's layout; labLines fits it to a
// height. Compare mode sizes its halves by it, and the tour's small comparison draws panels
// of it by name.

package ui

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// Levels of detail of one lab, richest first. Each gives something up so the lab fits a
// shorter space; the halves of compare mode use the lower ones. The narrator, which says
// what the screen teaches, goes after the settings' rows and the per-second rates.
const (
	levelFull    = iota // the pool in up to 4 rows, every health item, the narrator, the notes, the changes
	levelCompact        // the pool in up to 2 rows, one line of health items, of notes and of changes
	levelTerse          // the narrator, without health items, notes or changes
	levelTight          // one line of settings (the mechanisms on first), the workers alone
	levelTotals         // the table without its per-second rows
	levelLean           // one of the narrator and the table goes: alone the narrator, in compare the table (the summary under the halves has its numbers)
	levelBare           // both go (in compare; alone, as lean): the title, the settings, the workers
)

// A depth is the deepest level of detail that keeps a panel: alone, and as a half of
// compare mode.
type depth struct{ alone, compared int }

// upTo is the same depth in both modes.
func upTo(level int) depth { return depth{level, level} }

// compactBelow is the height under which a lab starts compact: a 32-line screen's lab.
const compactBelow = 29

// A labCtx is one lab as its panels draw it: pane i of the screen s, w cells wide.
type labCtx struct {
	t    *theme
	s    screen
	i, w int
	// peerW is the other half's width in compare mode (side by side, the rest of the screen
	// less the divider; stacked, the same as w), decided with w by compareLayout; 0 alone.
	peerW int
	p     pane
	snap  *lab.Snapshot // the pane's snapshot, or an empty run on its settings before the first
	// told is the narrator's sentence and its last clause, worked out once when first
	// needed; spare says which form of that clause it draws (narration).
	told  *told
	spare spareForm
	// briefFrom is the first of the clause's brief forms spareShort tries (spareClause.brief):
	// those before it cost the layout a line it has not, or wrapped a word alone (spared).
	briefFrom int
	// oneSettings keeps a compare half's settings to one line at levelTight, where a second
	// would cost the per-second rates (labLines); threeSettings gives them a third, where two
	// cut some and the layout has a blank line to spare for it (labPlan). Alone, the settings
	// take as many lines as keep each whole (settingsPanel), and neither changes them.
	oneSettings, threeSettings bool
	// noGlossLine leaves out a settings gloss that would stand on a line of its own (a Spare
	// Tail item), where that line costs another panel one of its own (spared).
	noGlossLine bool
	// oneWarning says the ⚠ too busy warning in one line, where its second would cost the
	// charts (labPlan).
	oneWarning bool
	// oneWay says the hops' items in one line at full detail, where their second line would
	// cost the narrator's clause the table's notes (spared).
	oneWay bool
	// noYielding leaves out the table's notes that yield (tableNotes.yields), where their
	// line costs another panel one or the narrator its clause (spared).
	noYielding bool
	drawn      map[drawKey][]string  // the panels drawn so far, shared by the copies of other forms
	tableSaid  map[drawKey]tableSaid // what the table says at each level drawn (tableSays), shared as drawn is
}

// spareForm is the form of the narrator's spare clause a layout tries: whole, brief, none;
// spareLongAlone is whole as a compare half says it, on one lab's screen where its alone
// form costs.
type spareForm int

const (
	spareLong spareForm = iota
	spareShort
	spareNone
	spareLongAlone
)

// told is narration's two parts, once worked out.
type told struct {
	says  string
	spare spareClause
	done  bool
}

// narration is the narrator's sentence and its spare clause, worked out on first use.
func (c labCtx) narration() (says string, spare spareClause) {
	if !c.told.done {
		c.told.says, c.told.spare = narration(c.p.cfg, c.snap)
		c.told.done = true
	}
	return c.told.says, c.told.spare
}

// newLabCtx is pane i of s, w cells wide beside a peer peerW wide. Its copies share what
// its narrator tells and the panels drawn: every height a layout tries works them out once,
// so the figures cannot part.
func newLabCtx(t *theme, s screen, i, w, peerW int) labCtx {
	p := s.panes[i]
	return labCtx{t: t.labelled(p.cfg.Traffic), s: s, i: i, w: w, peerW: peerW, p: p, snap: p.snapshotOrEmpty(), told: &told{}, drawn: map[drawKey][]string{},
		tableSaid: map[drawKey]tableSaid{}}
}

// A panel is one part of a lab's screen. It draws either lines of its own height, or, filling,
// lines in the height the others leave.
type panel struct {
	name string
	// need says whether the lab has anything for it to show; nil: always.
	need func(c labCtx) bool
	// deepest is the deepest level of detail that keeps it: deeper ones leave it out. Within
	// it, lines shrinks it level by level.
	deepest depth
	// pinned says the tour points into it: it is kept at every level (nil: never).
	pinned func(c labCtx) bool
	// lines draws it at a level of detail.
	lines func(c labCtx, level int) []string
	// gap is its turn for a blank line after it, when there are lines to spare: 1 first; 0
	// never.
	gap int

	// fill draws a panel that takes the height the others leave, h; nil when h is too little.
	fill func(c labCtx, level, h int) []string
	// keep is the height a filling panel keeps from the spacing (nil: none), least the least it
	// draws in: with less, spare lines are spacing anyway.
	keep  func(c labCtx) int
	least func(c labCtx) int
	// tall is a height past keep at which a filling panel draws more (0: none): the spacing
	// gives way to it where giving way reaches it. Past room, the lines a plan leaves the
	// filling panels, it is 0: never reached, so not weighed.
	tall func(c labCtx, room int) int
}

// shows says whether p is drawn for c at level.
func (p panel) shows(c labCtx, level int) bool {
	deepest := p.deepest.alone
	if c.compared() {
		deepest = p.deepest.compared
	}
	if p.pinned != nil && p.pinned(c) {
		deepest = levelBare
	}
	return level <= deepest && (p.need == nil || p.need(c))
}

// compared says the lab is a half of compare mode, with the summary under it.
func (c labCtx) compared() bool { return len(c.s.panes) == 2 }

// saysAlone says whether c's narrator says spare's alone form: whole, on one lab's screen.
func (c labCtx) saysAlone(spare spareClause) bool {
	return spare.alone != "" && !c.compared() && c.spare == spareLong
}

// focused says whether the settings keys act on c's lab: alone, or the compare's ▶ side.
func (c labCtx) focused() bool { return !c.compared() || c.i == c.s.focus }

// draw is p's lines for c at level: none where it is left out, or where it fills.
func (c labCtx) draw(p panel, level int) []string {
	if p.lines == nil || !p.shows(c, level) {
		return nil
	}
	// Laid out up to three times (the narrator's spare clause whole, brief, or none), the
	// lab draws each panel once a level: only the narrator differs.
	k := drawKey{name: p.name, level: level}
	switch p.name {
	case narratorPanel.name:
		k.spare, k.briefFrom = c.spare, c.briefFrom
	case settingsPanel.name:
		k.oneSettings, k.threeSettings, k.noGlossLine = c.oneSettings, c.threeSettings, c.noGlossLine
	case headerPanel.name:
		k.oneWarning = c.oneWarning
	case hopsPanel.name:
		k.oneWay = c.oneWay
	case tablePanel.name:
		k = c.tableKey(level)
	}
	return c.cached(k, func() []string { return p.lines(c, level) })
}

// cached is what draw makes for k, drawn once a frame.
func (c labCtx) cached(k drawKey, draw func() []string) []string {
	lines, ok := c.drawn[k]
	if !ok {
		lines = draw()
		c.drawn[k] = lines
	}
	return lines
}

// drawKey is a panel drawn at a level, the narrator with a form of its spare clause, the
// charts drawn to a height to measure their blank rows (charts' tall), or the filling panels
// at a level and height ("filled", filledCached).
type drawKey struct {
	name          string
	level         int
	height        int
	spare         spareForm
	briefFrom     int
	oneSettings   bool
	threeSettings bool
	noGlossLine   bool
	oneWarning    bool
	oneWay        bool
	noYielding    bool
}

// labPanels are the one lab's layout, top to bottom: the panels of their own height, then
// those that fill the rest.
var labPanels = []panel{headerPanel, narratorPanel, settingsPanel, poolPanel, tablePanel, healthPanel, changesPanel,
	hopsPanel, detailPanel, chartsPanel}

// headerPanel: the lab's title, run time, starvation and state, and a warning when the
// machine runs the lab late.
var headerPanel = panel{name: "header", deepest: upTo(levelBare), gap: 7, lines: func(c labCtx, _ int) []string {
	out := []string{headerLine(c.t, c.s, c.i, c.w, c.peerW)}
	if c.snap.TooBusy() { // the lab's own health: what is on screen may no longer be the truth
		if c.compared() { // one line a half: two halves' warnings left a loaded 80x24 no room to compare
			// Both halves in one form, the narrower that fits both (at 120x40 A's half, a
			// column narrower, said "(lag p99)" beside B's "B − A under ~9.3ms").
			forms := c.snap.TooBusyCompared()
			at := fitAt(c.w, forms)
			if peer := c.peer(); peer.TooBusy() {
				at = max(at, fitAt(c.peerW, peer.TooBusyCompared()))
			}
			return append(out, c.t.alert.Render(clip(forms[at], c.w)))
		}
		// In two lines at most, as before it said which figures: the shorter form where the
		// longer takes more (at 80 columns); in one where a second costs the charts
		// (fleet-domino at 80x24 lost them to it).
		lines := 2
		if c.oneWarning {
			lines = 1
		}
		var forms []string
		for _, f := range c.snap.TooBusyWarning() {
			forms = append(forms, c.t.alert.Render(f))
		}
		out = append(out, verdictLinesIn(forms, c.w, lines)...)
	}
	return out
}}

// wordAlone says whether lines end in one word on a line of its own.
func wordAlone(lines []string) bool {
	return len(lines) > 1 && !strings.Contains(strings.TrimSpace(ansi.Strip(lines[len(lines)-1])), " ")
}

// glossed is the narration as one lab's screen says it, its gloss after its term; a compare
// half has no line for it.
func (c labCtx) glossed() (says string, spare spareClause) {
	says, spare = c.narration()
	if spare.gloss[0] != "" && !c.compared() {
		says = strings.Replace(says, spare.gloss[0], spare.gloss[0]+" ("+spare.gloss[1]+")", 1)
	}
	return says, spare
}

// narratorPanel: what the settings in force do, whole or left out, never cut.
// Its spare clause gives way where it would cost the settings' rows or the rates (spared),
// and at levelLean, where the sentence is all a compare half keeps of the detail.
var narratorPanel = panel{name: "narrator", deepest: depth{alone: levelTotals, compared: levelLean}, gap: 4, lines: func(c labCtx, level int) []string {
	says, spare := c.glossed()
	left := false // the clause left out
	switch {
	case spare.echo != "" && c.compared() && (level >= levelLean || c.spare == spareNone):
		// A compare half draws no health item to echo: the brief form keeps the wait said
		// (review 34 m2: long-queue's "one arriving now waits ~2.6s", unexplained).
		says += spare.short
	case level >= levelLean || c.spare == spareNone:
		left = true
	case c.spare == spareShort:
		says = spare.brief(says, c.w, c.briefFrom) + spare.press(c.focused()) // wrapped: the key has room
	case c.saysAlone(spare) && level >= levelTight:
		// Above levelTight the settings rows say each layer's try and wait: alone's terms
		// repeated them in the line the figure's sum needs (newcomer 63 G12, 120x40).
		says += spare.alone
	case spare.capped && len(wrapText("» "+says+spare.long, c.w, 0)) > headlineMost &&
		(spare.terse == "" || spare.terseHalf || c.compared() || len(wrapText("» "+spare.terse, c.w, 0)) > headlineMost):
		// A terse form of one lab's screen alone takes over there instead (below), where it fits.
		says = spare.brief(says, c.w, c.briefFrom) + spare.press(c.focused())
	default:
		says += spare.long
	}
	drawn := says
	out := wrapText("» "+says, c.w, 0)
	brief := spare.terse
	if left && spare.terseBare != "" {
		brief = spare.terseBare
	}
	terse := wrapText("» "+brief, c.w, 0)
	switch {
	case spare.terse != "" && (!c.compared() || spare.terseHalf) && len(out) > headlineMost && len(terse) < len(out):
		out, drawn = needed(terse, brief, spare.need, c.w, 0) // before widen: the cause first
		// Where the need found no room beside the clause, the sentence without it, with the
		// need, in no more lines: the cause before what the queues did meanwhile (newcomer 67:
		// the domino's spells of all out took the room of "24 workers of 20" at 80x24).
		if bare := spare.terseBare; drawn == brief && bare != "" && bare != brief {
			if o, d := needed(wrapText("» "+bare, c.w, 0), bare, spare.need, c.w, len(out)); d != bare {
				out, drawn = o, d
			}
		}
		out, drawn = widened(out, drawn, spare.widen, c.w)
	case spare.terseHalf && left && len(terse) <= len(out):
		out, drawn = terse, brief // the clause's point in no more lines than the sentence without it
	}
	if !c.compared() {
		// At full detail up to headlineMost lines: a level the plan takes where the whole
		// lab fits it, or on a short screen with lines to spare (richerFirst), so the need
		// takes no other panel's line.
		most := 0
		if level == levelFull {
			most = headlineMost
		}
		out, drawn = needed(out, drawn, spare.need, c.w, most)
		said := drawn
		// Unless a need took it fuller already, with more (the fix's band's counts with its
		// level's): the fuller, else traded for words it may spare, else the unfull where the
		// fuller costs a line.
		if spare.fuller[1] == "" || !strings.Contains(drawn, spare.fuller[1]) {
			out, said = needed(out, drawn, [][2]string{spare.fuller, spare.trade, {spare.fuller[0], spare.unfull}}, c.w, 0)
		}
		out, said = widened(out, said, spare.then, c.w)
		// Beside the settings rows, the sum's terms too, briefly, after the fuller and where
		// they cost no line: at 120x40 the sum stood without each try and wait, which 80x24
		// says (newcomer 64), but never in the fuller's room (newcomer 63 G12).
		if c.saysAlone(spare) && level < levelTight {
			out, said = needed(out, said, [][2]string{{spare.long, spare.beside}}, c.w, 0)
		}
		// The terse form's widen last, where the need and the fuller left it no room in as
		// few lines: the domino's average with its sum at 120x40 (newcomer 62's "per check"
		// took its room).
		out, said = needed(out, said, [][2]string{spare.widen, spare.widenBrief}, c.w, most)
		out, _ = widened(out, said, spare.apart, c.w)
	}
	for k := range out {
		out[k] = c.t.narrator.Render(out[k])
	}
	return out
}}

// widened is the narrator's lines out, of drawn, with a part of it (part[0]) said fuller
// (part[1]) where that wraps to no more lines in w, and the text drawn; out and drawn where
// part is none, is not in drawn or costs a line. One rule for spareClause's widen and fuller.
func widened(out []string, drawn string, part [2]string, w int) ([]string, string) {
	return needed(out, drawn, [][2]string{part}, w, 0)
}

// needed is widened with the first of parts that wraps to no more lines, or to most
// (spareClause.need). A part with either side "" is none: Replace of "" would put its
// fuller words before the sentence; one drawn fuller already is none too, which it would
// say twice ("…: sum: sum").
func needed(out []string, drawn string, parts [][2]string, w, most int) ([]string, string) {
	for _, part := range parts {
		if part[0] == "" || part[1] == "" || !strings.Contains(drawn, part[0]) || strings.Contains(drawn, part[1]) {
			continue
		}
		fuller := strings.Replace(drawn, part[0], part[1], 1)
		if wide := wrapText("» "+fuller, w, 0); len(wide) <= max(len(out), most) {
			return wide, fuller
		}
	}
	return out, drawn
}

// settingsPanel: the settings in force, each with its name; below full detail without the
// rows that cost a line to repeat, from levelTight one line of whole settings: in compare
// the settings that differ from the other half first, then the mechanisms on, then those off.
var settingsPanel = panel{name: "settings", deepest: upTo(levelBare), gap: 1, lines: func(c labCtx, level int) []string {
	rows := lab.SettingsItems(c.p.cfg, c.snap, c.w)
	if c.compared() { // the noise legend says what differs
		rows = slices.DeleteFunc(rows, func(r lab.Item) bool { return r.Shared })
	}
	if level >= levelTight {
		rows = slices.DeleteFunc(rows, func(r lab.Item) bool { return r.Tail }) // no line of their own to end
		n := 1
		if level == levelTight && !c.oneSettings {
			n = 2
			if c.threeSettings {
				n = 3
			}
		}
		// Alone, every setting whole, on more lines where n cut some: a setting the lesson rests
		// on hidden behind "…" is a guess (newcomers 84 and 85); a compare half's height is
		// the other's too, and its noise legend says what differs. The briefer forms where they
		// keep more on as many lines: stacked-timeouts' "deadline 2s from arrival" and
		// "retry 3 tries" beside its hops' (newcomer 73 W4).
		brief := briefer(rows, c.differing())
		for ; ; n++ {
			lines, kept := c.wholeSettings(rows, n)
			if brief != nil {
				if bl, bk := c.wholeSettings(brief, n); bk > kept || !cutLine(bl) && len(bl) < len(lines) {
					lines = bl
				}
			}
			if !cutLine(lines) || n >= len(rows) || c.compared() {
				return lines
			}
		}
	}
	sep := c.t.dim.Render(" · ")
	if c.noGlossLine {
		for i := range rows {
			rows[i].Spare = rows[i].Spare && !rows[i].Tail
		}
	}
	out := c.t.wrapSettings(rows, sep, c.w)
	// Below full detail the Spare items go where that saves a line; a gloss stays where it
	// costs none.
	if level > levelFull && slices.ContainsFunc(rows, func(r lab.Item) bool { return r.Spare }) {
		kept := slices.DeleteFunc(slices.Clone(rows), func(r lab.Item) bool { return r.Spare && !r.Tail })
		for i := range kept {
			kept[i].Spare = false
		}
		if fewer := c.t.wrapSettings(kept, sep, c.w); len(fewer) < len(out) {
			out = fewer
		}
	}
	return out
}}

// wholeSettings is rows as one line of whole settings in oneLine's order, "…" closing it
// where some give way, or in up to n where that line would hide some, what the run is given
// first: the hops compare's "hops 3, per-hop: hops 1 and 2 try 3 times, 500ms a try · …"
// cut the traffic and the dependency every try outlasts (newcomer 25), stacked-timeouts'
// "dependency slow 3s · pool 20 workers · timeout socket 500ms · …" its deadline and
// retries (newcomer 73 W4). The first line takes the first whole, even with no room for "…"
// beside it (the hops' "lab, hops 1–2 try 3 times, 250ms a try" in a 120-column half,
// review 16 #8), then each after it that fits, a mechanism on past one too wide for the
// room left, which leads the next: fleet-domino's dependency beside its timeout, its
// traffic below; the last line as the one line. kept is how many of rows are drawn whole.
func (c labCtx) wholeSettings(rows []lab.Item, n int) (lines []string, kept int) {
	differing, own, sep := c.differing(), c.own(), c.t.dim.Render(" · ")
	ordered := oneLine(rows, differing, own, false)
	items := c.t.settingsItems(ordered)
	line, kept := wholeItems(items, sep, c.w)
	if n < 2 || kept == len(items) || ansiWidth(items[0]) > c.w {
		return []string{line}, kept
	}
	ordered = oneLine(rows, differing, own, true)
	items = c.t.settingsItems(ordered)
	left := make([]int, len(items)) // the items not yet on a line, by index
	for k := range left {
		left[k] = k
	}
	kept = 0
	for len(lines) < n-1 && len(left) > 0 {
		on, used := []string{items[left[0]]}, ansiWidth(items[left[0]])
		var rest []int
		for _, k := range left[1:] {
			if len(rest) > 0 && (ordered[k].Off || ordered[k].Aside) || used+ansiWidth(sep+items[k]) > c.w {
				rest = append(rest, k)
				continue
			}
			on, used = append(on, items[k]), used+ansiWidth(sep+items[k])
		}
		lines, kept, left = append(lines, strings.Join(on, sep)), kept+len(on), rest
	}
	if len(left) > 0 {
		last := make([]string, len(left))
		for i, k := range left {
			last[i] = items[k]
		}
		line, more := wholeItems(last, sep, c.w)
		lines, kept = append(lines, line), kept+more
	}
	return lines, kept
}

// cutLine says settings lines end in the "…" that says some gave way.
func cutLine(lines []string) bool {
	return len(lines) > 0 && strings.HasSuffix(ansi.Strip(lines[len(lines)-1]), "…")
}

// briefer is items with each that has a Brief in it, nil where none has; those labelled in
// differing whole, as what tells compare's halves apart (the hops compare's "3 tries of
// 250ms" against 500ms).
func briefer(items []lab.Item, differing map[string]bool) []lab.Item {
	has := func(it lab.Item) bool { return it.Brief != "" && !differing[it.Label] }
	if !slices.ContainsFunc(items, has) {
		return nil
	}
	out := slices.Clone(items)
	for i := range out {
		if has(out[i]) {
			out[i].Value = out[i].Brief
		}
	}
	return out
}

// wrapSettings is wrapWords over settings items, a Tail item joined to the item before it,
// Value or else Brief, whichever fits beside it and costs no line, else Joined, after the
// value with no label. Where none does, a Spare one wraps as any item, in the longest form a
// line holds (the panel leaves Spare items out where lines are short), and another is left
// out: a gloss costs a line only where the screen has lines to spare.
func (t *theme) wrapSettings(rows []lab.Item, sep string, w int) []string {
	k := slices.IndexFunc(rows, func(r lab.Item) bool { return r.Tail })
	if k < 0 {
		return wrapWords(t.settingsItems(rows), sep, w)
	}
	rest := slices.Delete(slices.Clone(rows), k, k+1)
	without := t.wrapSettings(rest, sep, w)
	forms := []string{rows[k].Value, rows[k].Brief}
	labelled := sep + t.dim.Render(rows[k].Label+" ")
	for _, gloss := range [][2]string{{labelled, forms[0]}, {labelled, forms[1]}, {" ", rows[k].Joined}} {
		if k == 0 || gloss[1] == "" {
			continue
		}
		// The item before and its gloss as one: wrapped whole, never apart.
		glossed := slices.Clone(rest)
		glossed[k-1].Value += gloss[0] + gloss[1]
		if ansiWidth(t.settingsItems(glossed[k-1 : k])[0]) > w {
			continue
		}
		if lines := t.wrapSettings(glossed, sep, w); len(lines) <= len(without) {
			return lines
		}
	}
	if !rows[k].Spare {
		return without
	}
	alone := slices.Clone(rows)
	alone[k].Tail = false
	for _, v := range forms {
		if alone[k].Value = v; v != "" && ansiWidth(t.settingsItems(alone[k : k+1])[0]) <= w {
			break
		}
	}
	return t.wrapSettings(alone, sep, w)
}

// wrapWords is wrapItems with no word cut: an item wider than a line is wrapped at its
// words, on lines of its own ("…is timed out: a failed ch…" at the edge, newcomer 19).
func wrapWords(items []string, sep string, w int) []string {
	var out, run []string
	flush := func() {
		if len(run) > 0 {
			out, run = append(out, wrapItems(run, sep, w)...), nil
		}
	}
	for _, it := range items {
		if ansiWidth(it) <= w {
			run = append(run, it)
			continue
		}
		flush()
		out = append(out, wrapText(it, w, 0)...)
	}
	flush()
	return out
}

// wholeItems joins items, in their order, on one line of w cells, each whole or left out: a
// setting cut at the edge read as another ("timeout payments off, health…" hid the checks'
// 2s, newcomer 17). A closing "…" says the rest gave way; the first is cut only if alone it
// is too wide. kept is how many are on the line whole (0: the first, cut).
func wholeItems(items []string, sep string, w int) (line string, kept int) {
	if all := strings.Join(items, sep); ansiWidth(all) <= w {
		return all, len(items)
	}
	// Some give way: room for the "…" that says so. In their order, up to the first that
	// does not fit: a later, lesser one in its room would put a setting that is off before
	// one that is on.
	more := sep + "…"
	if ansiWidth(items[0]+more) > w {
		return clip(items[0], w), 0
	}
	room := w - ansiWidth(more) - ansiWidth(items[0])
	for kept = 1; kept < len(items) && ansiWidth(sep+items[kept]) <= room; kept++ {
		room -= ansiWidth(sep + items[kept])
	}
	return strings.Join(items[:kept], sep) + more, kept
}

// tablePeer is compare mode's other side as its table shares this side's columns: its
// snapshot and width; zero alone.
func (c labCtx) tablePeer() tablePeer {
	if !c.compared() {
		return tablePeer{}
	}
	return tablePeer{snap: c.peer(), w: c.peerW}
}

// peer is compare mode's other side, whose charts share this side's scales; nil alone.
func (c labCtx) peer() *lab.Snapshot {
	if !c.compared() {
		return nil
	}
	return c.s.panes[1-c.i].snapshotOrEmpty()
}

// queueTo is the scale of the other half's queue in compare mode (queuePeer), so two queues
// of a kind side by side draw to one scale; alone, or beside a queue of the other kind or
// none, zero (its own).
func (c labCtx) queueTo() queuePeer {
	if !c.compared() {
		return queuePeer{}
	}
	other := c.s.panes[1-c.i].snapshotOrEmpty()
	o := other.Pool
	switch {
	case o.Unbounded && c.snap.Pool.Unbounded:
		return queuePeer{round: o.QueueRound()}
	case o.HasQueue() && !o.Unbounded && !c.snap.Pool.Unbounded:
		_, _, cell := queueBar(o, other.Config.Traffic, c.peerW, 0) // as the other half draws it
		return queuePeer{cell: cell}
	}
	return queuePeer{}
}

// differing are the labels of the settings whose configuration tells compare's halves apart:
// nil alone. Each side's settings are worded for a run not yet started, so what differs is
// the configuration, not what each run shows now (permits in use), and the order holds.
func (c labCtx) differing() map[string]bool {
	if !c.compared() {
		return nil
	}
	return labelsApart(c.notStarted(c.p.cfg), c.notStarted(c.s.panes[1-c.i].cfg))
}

// own are the labels of the settings the lab sets apart from the default's: what its preset
// is about (stacked-timeouts' deadline and retries, cut at 80x24 behind "pool 20 workers",
// newcomer 73 W4). As the run words them: a fleet's traffic is labelled so only once it runs.
// Nil in compare, where what tells the halves apart leads and the room left is what the run
// is given (the hops compare's traffic, newcomer 25).
func (c labCtx) own() map[string]bool {
	if c.compared() {
		return nil
	}
	return labelsApart(lab.SettingsItems(c.p.cfg, c.snap, c.w), c.notStarted(lab.DefaultConfig()))
}

// notStarted are cfg's settings worded for a run not yet started, at c's width.
func (c labCtx) notStarted(cfg lab.Config) []lab.Item {
	return lab.SettingsItems(cfg, lab.NotStarted(cfg), c.w)
}

// labelsApart are the labels of items that read otherwise, or not at all, in theirs.
func labelsApart(items, theirs []lab.Item) map[string]bool {
	out := map[string]bool{}
	for _, it := range items {
		if !slices.Contains(theirs, it) {
			out[it.Label] = true
		}
	}
	return out
}

// oneLine orders rows for a line that may be cut: those labelled in differing (what tells
// the halves apart) first, the Strong among them before the rest (an open breaker: in
// breaker-trap vs shared-pool at 80x24, A's bulkhead, which differs too, hid it behind
// "…"), then the one the lab marks Strong (the dependency's stall the measurement is
// about: cut, A read "dependency heal…"), then what makes its state (lab.Item.Cause),
// then the mechanisms on labelled in own (what the lab's preset sets apart from the
// default: stacked-timeouts' deadline and retries before "pool 20 workers"), then, with
// given, what the run is given (lab.Item.Given), then the mechanisms on, then the queue
// and timeout off (lab.Item.Core), then the other mechanisms off, then the asides, each
// in their own order; without the rows that follow from the rest.
func oneLine(rows []lab.Item, differing, own map[string]bool, given bool) []lab.Item {
	rank := func(r lab.Item) int {
		switch {
		case differing[r.Label] && r.Strong:
			return 0
		case differing[r.Label]:
			return 1
		case r.Strong:
			return 2
		case r.Cause:
			return 3
		case r.Aside:
			return 9
		case own[r.Label] && !r.Off && !r.Given:
			return 4
		case given && r.Given:
			return 5
		case r.Off && r.Core:
			return 7
		case r.Off:
			return 8
		}
		return 6
	}
	out := slices.DeleteFunc(slices.Clone(rows), func(r lab.Item) bool { return r.Spare })
	slices.SortStableFunc(out, func(a, b lab.Item) int { return rank(a) - rank(b) })
	return out
}

// poolPanel: the workers (and the queue) as a picture, fewer rows at deeper levels; a
// fleet's replicas and balancer instead.
var poolPanel = panel{name: "pool", deepest: upTo(levelBare), gap: 2, lines: func(c labCtx, level int) []string {
	if fleet := fleetLines(c.t, c.snap, c.w, level); fleet != nil {
		return fleet
	}
	switch {
	case level == levelFull:
		return poolLines(c.t, c.snap, c.w, 4, true, c.queueTo())
	case level < levelTight: // without a queue, the settings' "queue none" says it
		return poolLines(c.t, c.snap, c.w, 2, c.snap.Pool.HasQueue() || c.snap.Pool.Queued > 0, c.queueTo())
	}
	line := poolLines(c.t, c.snap, c.w, 1, false, queuePeer{})[0]
	// Without the legend, what a waiting glyph means where it fits: 80x24's "cccccPPPPP"
	// had nothing to say what c is (newcomer 27).
	if key := waitKey(c.t, countWorkers(c.snap.Pool)); key != "" && ansiWidth(line+key) <= c.w {
		line += key
	}
	return []string{line}
}}

// tablePanel: the classes' counters, with their per-second rows and the notes under them
// until levelTotals (then all since the start, without notes but tableNotes.totals): every note at full detail,
// below it those a reader cannot do without, deeper in the fewest lines (tableNotes.laid).
var tablePanel = panel{name: tableName, deepest: depth{alone: levelBare, compared: levelTotals}, gap: 3,
	pinned: func(c labCtx) bool { return len(c.s.paneMarks(c.i)) > 0 }, lines: func(c labCtx, level int) []string {
		lines, said := c.tableAt(level)
		c.tableSaid[c.tableKey(level)] = said // for tableSays, with the lines it says it of
		return lines
	}}

// tableAt is the table's lines at level, and what they say whatever its notes' forms.
func (c labCtx) tableAt(level int) ([]string, tableSaid) {
	rates := level < levelTotals
	table, notes := tableLines(c.t, c.snap, c.tablePeer(), c.w, rates, c.s.paneMarks(c.i), c.s.machine)
	said := tableSaid{rows: len(table)}
	if !rates {
		if notes.totals != nil {
			table = append(table, c.t.dim.Render(longestFit(c.w, notes.totals...)))
		}
		return table, said
	}
	// The notes that yield (spared), before the fallback's, the last, which leaves the
	// rest room on its line: after it, 80x24 lost p99:wait's definition.
	if !c.noYielding {
		notes.must = append(notes.must, notes.yields...)
	}
	// What the fallback did for users, beside the columns that count the cause (newcomer
	// 19: the table's timed-out 49 left the user's answer to guessing), where the health
	// panel keeps one line at most, or does not say it: in a compare where it answered
	// none (lab.FallbackSaid). A note of its own, never left out, never cut: it shares the
	// definitions' line where it fits ("… · 178 c…" in a compare half, seen in tmux).
	if forms := lab.FallbackSaid(c.snap, c.compared()); forms != nil && (fallbackInTable(c.w) || c.snap.Classes[lab.Payment].Fallback == 0) {
		for k := range forms {
			forms[k] = lab.FallbackLabel + " " + forms[k]
		}
		notes.must = append(notes.must, forms)
	}
	laid := notes.laid(c.t.dim.Render(" · "), c.w, level)
	for k := range laid.lines {
		laid.lines[k] = c.t.dim.Render(laid.lines[k])
	}
	said.must, said.rest = len(notes.must), laid.rest
	return append(table, laid.lines...), said
}

// tableSays is what the table says at level (tableAt), noted as the table is drawn, once a
// frame: a layout weighs it for each form of the narrator's clause it tries.
func (c labCtx) tableSays(level int) tableSaid {
	c.draw(tablePanel, level)
	return c.tableSaid[c.tableKey(level)]
}

// tableKey is the table's key among a frame's drawn panels at level.
func (c labCtx) tableKey(level int) drawKey {
	return drawKey{name: tableName, level: level, noYielding: c.noYielding}
}

// tableName names tablePanel, for the key its lines note what they say under.
const tableName = "table"

// tableSaid is what the table says, whatever its notes' forms: its rows, how many of the
// notes it must say, and which of the rest (tableNotes).
type tableSaid struct {
	rows, must int
	rest       []int
}

// less says t says less than u: a row or a note fewer, or a note of the rest that u says.
func (t tableSaid) less(u tableSaid) bool {
	return t.rows < u.rows || t.must < u.must || slices.ContainsFunc(u.rest, func(i int) bool { return !slices.Contains(t.rest, i) })
}

// keyedTable is parts, a plan's lines of ps, with the table's class names keying a fleet's
// letters where the pool's lines draw no legend: its rows say workers and queues by letters
// all the same (newcomer 64: fleet-domino at 80x24 said P, S, H nowhere). Not in a
// compare's halves, whose legends are shared.
func (c labCtx) keyedTable(ps []panel, parts [][]string) [][]string {
	pool, table := panelAt(ps, poolPanel), panelAt(ps, tablePanel)
	if c.snap.Fleet == nil || c.compared() || pool < 0 || table < 0 || len(parts[table]) == 0 ||
		slices.Equal(parts[pool], c.draw(poolPanel, levelFull)) {
		return parts
	}
	parts = slices.Clone(parts) // the drawn lines are cached: keyed on a copy
	parts[table] = slices.Clone(parts[table])
	keyClasses(c.t, c.snap, parts[table])
	return parts
}

// keyClasses writes each class's letter before its name in table, the rows tableLines drew
// for s, in the room the name column keeps past the longest name ("P payment" for
// "payment  "), so no column moves.
func keyClasses(t *theme, s *lab.Snapshot, table []string) {
	for i, c := range lab.Classes {
		name := s.Config.Traffic.Label(c)
		for k, l := range table {
			if strings.HasPrefix(ansi.Strip(l), name+"  ") {
				table[k] = strings.Replace(l, name+"  ", string(t.letter[i])+" "+name, 1)
				break
			}
		}
	}
}

// fallbackInTable says the table's notes say what the fallback did, not the health panel:
// under 100 columns, where the health panel keeps one line at most. Decided here once, so
// no frame says it twice (the review: a 99-column compare half did).
func fallbackInTable(w int) bool { return w < 100 }

// healthPanel: the dependency, the generator and the pool over the run; one line below full
// detail.
var healthPanel = panel{name: "health", deepest: upTo(levelCompact), gap: 5, lines: func(c labCtx, level int) []string {
	items := slices.DeleteFunc(lab.HealthItems(c.snap, c.w), func(it lab.Item) bool {
		return it.Own && !c.s.machine || it.Label == lab.FallbackLabel && fallbackInTable(c.w)
	})
	if level > levelFull {
		// One line: what the mechanisms did (slack lost, orphans, the deadline's rejections)
		// before the pool's full time and the lab's own health (Spare), which follow from
		// the picture or matter to the lab more than to the lesson.
		// The wait of one arriving now first where the sentence gives it ("one arriving now
		// waits ~29.4s"): how it adds up beside it, before the calls' count and latency the
		// sentence says too (newcomer 60: the postmortem's 80x24 gave the wait no derivation).
		says, _ := c.narration()
		arrivingFirst := strings.Contains(says, lab.ArrivingNowLabel)
		rank := func(it lab.Item) int {
			switch {
			case arrivingFirst && it.Label == lab.ArrivingNowLabel:
				return 0
			case it.Spare:
				return 2
			}
			return 1
		}
		slices.SortStableFunc(items, func(a, b lab.Item) int { return rank(a) - rank(b) })
	}
	out := wrapItems(phrases(items), c.t.dim.Render(" · "), c.w)
	if level > levelFull {
		out = out[:min(len(out), 1)]
	}
	return out
}}

// changesPanel: the settings changes of this run, in two lines at full detail, else one.
var changesPanel = panel{name: "changes", deepest: upTo(levelCompact), gap: 6,
	need: func(c labCtx) bool { return len(c.p.changes) > 0 },
	lines: func(c labCtx, level int) []string {
		rows := 2
		if level > levelFull {
			rows = 1
		}
		return changeLines(c.t, c.p.changes, c.w, rows)
	}}

// hopsPanel: a chain of dependencies, retries and duplicates, when the lab has them.
var hopsPanel = panel{name: "hops", deepest: upTo(levelBare),
	need: func(c labCtx) bool { return hopsShown(c.snap) },
	lines: func(c labCtx, level int) []string {
		if c.oneWay { // the items in one line, as from the compact level on
			level = max(level, levelCompact)
		}
		return hopsLines(c.t, c.snap, c.w, level, c.peer(), c.peerW)
	}}

// detailPanel: the full percentile set, on tall screens, when the charts keep their height
// under it and it is not cut at the side; a blank line after it.
var detailPanel = panel{name: "detail", deepest: upTo(levelFull), fill: func(c labCtx, _, h int) []string {
	if detail := detailLines(c.t, c.snap, c.tablePeer().snap, c.s.machine); h-len(detail)-1 >= 24 && ansiWidth(detail[1]) <= c.w {
		return append(detail, "")
	}
	return nil
}}

// chartsLeast is the least height the charts draw in.
const chartsLeast = 5

// chartsPanel: the charts over the run, in the rest of the height; the spacing leaves them a
// useful height (and the measurement above them).
var chartsPanel = panel{name: "charts", deepest: upTo(levelBare),
	// A measurement's numbers stand above its chart (without their blank line, which is
	// drawn only when it costs the chart no row): the least counts them.
	least: func(c labCtx) int { return chartsLeast + max(measurementHeight(c.snap)-1, 0) },
	keep:  func(c labCtx) int { return 7 + measurementHeight(c.snap) },
	fill: func(c labCtx, _, h int) []string {
		if h < chartsLeast {
			return nil
		}
		return chartsLines(c.t, c.snap, c.peer(), c.p.changes, c.w, c.narrowest(), h)
	},
	// Lines that read true of any peak (peakLinesRead) take the title, the legend, their rows
	// and the time axis: a row short, a chart whose axis follows its peak draws strips, and
	// the rows they leave blank stood together above the charts, 6 at 120x40 where the
	// spacing had taken the line that made lines (review 36 minor 5). tall is that height,
	// where the charts drawn in it leave more than tallCosts fewer rows blank than a line
	// short of it: the lines the spacing gives up go to drawing, not to other blank rows.
	tall: func(c labCtx, room int) int {
		h := 2 + anyPeakRows() + 1
		if h > room {
			return 0
		}
		blank := func(h int) int {
			// cached per lab: each plan asks again
			lines := c.cached(drawKey{name: "charts", height: h}, func() []string {
				return chartsLines(c.t, c.snap, c.peer(), c.p.changes, c.w, c.narrowest(), h)
			})
			return h - inkedRows(lines)
		}
		if blank(h-1)-blank(h) <= tallCosts {
			return 0
		}
		return h
	}}

// narrowest is the narrowest pane's width on screen: in compare mode the narrower half's;
// else c's own. The charts show the seconds it has room for, so the halves show the same
// seconds.
func (c labCtx) narrowest() int {
	if c.compared() {
		return min(c.w, c.peerW)
	}
	return c.w
}

// fixed are the lines of each panel of ps with a height of its own, at level.
func (c labCtx) fixed(ps []panel, level int) [][]string {
	out := make([][]string, len(ps))
	for k, p := range ps {
		out[k] = c.draw(p, level)
	}
	return out
}

// height is how many lines ps take at level, without what fills.
func (c labCtx) height(ps []panel, level int) int { return linesIn(c.fixed(ps, level)) }

func linesIn(parts [][]string) int {
	n := 0
	for _, part := range parts {
		n += len(part)
	}
	return n
}

// kept is the height the filling panels of ps that show at level keep from the spacing, and
// the least any of them draws in.
func (c labCtx) kept(ps []panel, level int) (keep, least int) {
	for p := range c.filling(ps, level) {
		keep += p.keep(c)
		if p.least != nil {
			least = max(least, p.least(c))
		}
	}
	return keep, least
}

// filling yields the panels of ps that fill the lines left and show at level.
func (c labCtx) filling(ps []panel, level int) iter.Seq[panel] {
	return func(yield func(panel) bool) {
		for _, p := range ps {
			if p.fill != nil && p.keep != nil && p.shows(c, level) && !yield(p) {
				return
			}
		}
	}
}

// tallIn is the height the filling panels of ps that show at level draw more in, in room
// lines (panel.tall; keep where none).
func (c labCtx) tallIn(ps []panel, level, room int) (tall int) {
	for p := range c.filling(ps, level) {
		k := p.keep(c)
		if p.tall != nil {
			k = max(k, p.tall(c, room))
		}
		tall += k
	}
	return tall
}

// layoutPlan is a plan's result: the level, the lines of the panels with a height of their
// own and the level each was drawn at (richer where spare lines went to it), the height the
// filling panels keep, the least they draw in and the height they draw more in (panel.tall),
// and the lines left.
type layoutPlan struct {
	level                    int
	parts                    [][]string
	drawnAt                  []int
	keep, least, tall, avail int
}

// plan lays out the panels of ps with a height of their own in h lines: the richest level
// of detail at which they fit, then spare lines go to panels one level richer
// (richerFirst).
func (c labCtx) plan(ps []panel, h int) layoutPlan {
	var level, keep, least, avail int
	var parts [][]string
	start := levelFull
	if h < compactBelow {
		start = levelCompact
	}
	level, parts = c.settle(ps, start, h)
	keep, least = c.kept(ps, level)
	// Full detail is not worth the charts: where it leaves them less than the least they draw
	// in and the compact level leaves that, compact (a compare half whose table has more
	// notes); in compare, else terse, the health items gone, where that does (a summary one
	// row taller: closed against open loop's corrected p99).
	for _, next := range []int{levelCompact, levelTerse} {
		if level < next && least > 0 && h-linesIn(parts) < least && (next == levelCompact || c.compared()) {
			if fewer := c.fixed(ps, next); h-linesIn(fewer) >= least {
				level, parts = next, fewer
				keep, least = c.kept(ps, level)
			}
		}
	}
	avail = h - linesIn(parts)
	drawnAt := make([]int, len(ps))
	for k := range drawnAt {
		drawnAt[k] = level
	}
	// Lines to spare go to panels that say more at a richer level, before they go to
	// spacing: the levels are the whole lab's, so a lab one line short of the next level up
	// otherwise shows blank lines where its narrator or a fleet's pulls would fit.
	// One blank line is kept, to set the narrator or the settings apart, but where the
	// settings take levelTight's second line to say what one would cut: then the blank goes
	// to another panel first (fleet-domino's 80x24 kept it and lost the dependency's calls
	// for its traffic's line, newcomer 73 W4).
	settings := panelAt(ps, settingsPanel)
	secondLine := func(lv int) bool { return lv == levelTight && settings >= 0 && len(parts[settings]) > 1 }
	spare := avail - 1
	if secondLine(level) {
		spare = avail
	}
	if keep > 0 && avail >= least { // the filling panels keep what they can use
		spare -= keep
	}
	for _, p := range richerFirst {
		k := panelAt(ps, p)
		for lv := levelFull; k >= 0 && lv < level && spare > 0; lv++ {
			if more := c.draw(ps[k], lv); len(more) > len(parts[k]) && len(more)-len(parts[k]) <= spare {
				spare -= len(more) - len(parts[k])
				avail -= len(more) - len(parts[k])
				parts[k], drawnAt[k] = more, lv
				if k == settings && secondLine(lv) {
					spare++
				}
				break
			}
		}
	}
	// A compare half's third line of settings (alone they are never cut) where their two cut some and a line is still to spare, after
	// every richer panel had its turn: fleet-bulkhead's 80x24 kept a blank and cut its
	// traffic, whose signup and health rates were then on no line (newcomers 76 and 77).
	if k := settings; k >= 0 && c.compared() && drawnAt[k] == levelTight && spare > 0 && len(parts[k]) == 2 && cutLine(parts[k]) {
		three := c
		three.threeSettings = true
		if more := three.draw(ps[k], levelTight); len(more) == 3 {
			avail--
			parts[k] = more
		}
	}
	// The height the filling panels draw more in, weighed last, so that it sees the lines the
	// richer panels left: weighing it draws the charts at a second height.
	return layoutPlan{level, parts, drawnAt, keep, least, c.tallIn(ps, level, avail), avail}
}

// settle is the richest level from start at which the panels of ps with a height of their
// own fit in h lines, and their lines there.
func (c labCtx) settle(ps []panel, start, h int) (int, [][]string) {
	level, parts := start, c.fixed(ps, start)
	for level < levelBare && linesIn(parts) > h {
		level++
		parts = c.fixed(ps, level)
	}
	return level, parts
}

// richerFirst are the panels that take lines to spare at a richer level than the lab's,
// those that tell most per line first: what the screen teaches, then who holds the workers
// (a fleet's pulls), the settings, the per-second rates, the health.
var richerFirst = []panel{narratorPanel, poolPanel, settingsPanel, tablePanel, healthPanel, hopsPanel}

// spared is c's layout of ps in h lines with the narrator's spare clause in the form it
// can afford, and c drawing it so. The clause answers what its sentence raises: it may cost
// the lab its health items, but it is left out where it would cost the settings' rows, the
// per-second rates or the queue's row and leaving it out keeps them; its brief form, where that costs neither
// (breaker-trap at 80x24 kept the trap's share so). An idle clause is said only where it
// costs nothing else but a blank line: not a row, nor a line of the panels that fill the
// rest (shared-pool's why so far is lower took compare's chart key at 120x40).
func spared(c labCtx, ps []panel, h int) (labCtx, layoutPlan) {
	tight := c
	tight.noYielding = true
	c, pl := sparedClause(c, ps, h)
	// The table's yielding notes, only where laid out without them the narrator says no
	// more and no other panel draws more (the ⚠ line at 80x24 otherwise cost two settings
	// rows) but the health items, which may go for them as for the narrator's clause.
	// Where the settings let none yield, the table is not drawn twice (a frame took 1.5× as long).
	if c.noYielding || !mayYield(c.snap) || slices.Equal(c.draw(tablePanel, pl.level), tight.draw(tablePanel, pl.level)) {
		return c, pl
	}
	if tc, tp := sparedClause(tight, ps, h); tc.spare != c.spare || costsBeside(ps, pl, tp, tablePanel, pl.keep, healthPanel) {
		return tc, tp
	}
	return c, pl
}

// sparedClause is spared for the table's notes as c has them.
func sparedClause(c labCtx, ps []panel, h int) (labCtx, layoutPlan) {
	c.oneWay, c.briefFrom = false, 0 // decided here alone: a later plan of the frame starts again
	pl := c.plan(ps, h)
	_, spare := c.narration()
	if spare.echo != "" && echoed(ps, pl, spare.echo) {
		c.spare = spareNone
		pl = c.plan(ps, h)
	} else if spare.long != "" {
		none := c
		none.spare = spareNone
		without := none.plan(ps, h)
		costs := func(p layoutPlan) bool {
			if spare.idle {
				// A row the filling panels leave blank either way is none of theirs: loss-system
				// at 120x40 left its verdict out for one the charts' strips left blank, and said
				// it at 80x24, where a timing-dependent note line took that row (newcomer 58).
				// Nor under the height they keep, which a settings gloss gives way to next.
				return costsBeside(ps, p, without, narratorPanel, without.keep) || c.inked(ps, p) < c.inked(ps, without)
			}
			_, fill := p.spacing(ps)
			if _, fillWithout := without.spacing(ps); spare.charts && fill < without.least && fillWithout >= without.least {
				return true
			}
			// Nor the queue's row (queueLost); the legend under it may go. A third settings
			// line counts too: capped at two, breaker-trap's 80x24 kept its long clause and
			// cut the breaker's rule, where the brief forecast keeps both (review s93a's cap).
			return panelLines(ps, p.parts, settingsPanel) < panelLines(ps, without.parts, settingsPanel) ||
				c.tableSaysLess(ps, p, without) || c.queueLost(ps, p, without)
		}
		// The hops' items in one line before the clause goes: at 120x40 stacked-timeouts'
		// "3.5s = …" lost what its terms are, else the table's notes (newcomer 51 #1).
		// Laid out only where the clause costs and hops show: a plan a frame otherwise (review 43).
		one := c
		one.oneWay = true
		if costs(pl) && hopsShown(c.snap) {
			if op := one.plan(ps, h); !costs(op) {
				c, pl = one, op
			}
		}
		// The ⚠'s second line gives way before a capped clause, the rule the sentence's
		// figures come from: its one line keeps how late (adaptive-limit at 80x24 lost its
		// rule whole to "requests left late", newcomer 52).
		if costs(pl) && spare.capped && !c.oneWarning && len(c.draw(headerPanel, pl.level)) > 2 {
			warned := c
			warned.oneWarning = true
			if op := warned.plan(ps, h); !costs(op) {
				c, pl = warned, op
			}
		}
		// Where alone's form costs still, long, the hops' items in one line if need be
		// (stacked-timeouts' sum with its terms wraps a line more than without).
		// Not in a compare half, which says the long form already: the same plan again.
		if costs(pl) && c.saysAlone(spare) {
			shared := c
			shared.spare = spareLongAlone
			for _, way := range []bool{false, true} {
				if shared.oneWay = way; !way || hopsShown(c.snap) {
					if op := shared.plan(ps, h); !costs(op) {
						c, pl = shared, op
						break
					}
				}
			}
		}
		if costs(pl) {
			c, pl = none, without
			// Each shorter brief form where a longer one costs, or wraps a word alone on the
			// narrator's last line (breaker-trap at 80x24: its forecast's "~62%" under the
			// sentence, and at 6s the forecast lost whole for a short form's line, newcomers
			// 72 and 73), each laid out once.
			if spare.short != "" {
				brief := c
				brief.spare = spareShort
				says, _ := c.glossed()
				tried := ""
				for n := len(spare.briefs(says)); brief.briefFrom < n; brief.briefFrom++ {
					if b := spare.brief(says, c.w, brief.briefFrom); b != tried {
						tried = b
						if bp := brief.plan(ps, h); !costs(bp) && !wordAlone(bp.parts[panelAt(ps, narratorPanel)]) {
							c, pl = brief, bp
							break
						}
					}
				}
			}
		}
	}
	// A settings gloss on a line of its own: only where that line costs no other panel a line,
	// nor the charts one of the rows they use (keep): "rejected (pool + balancer) each second"
	// lost its "each second" to the seed's line (review 29 ui #1).
	// Laid out again only where a Spare gloss could stand alone (a compare's halves leave the
	// seed's out: settingsPanel), not on every frame of every screen.
	if !c.noGlossLine && !c.compared() && slices.ContainsFunc(lab.SettingsItems(c.p.cfg, c.snap, c.w), func(r lab.Item) bool { return r.Tail && r.Spare }) {
		tight := c
		tight.noGlossLine = true
		if tp := tight.plan(ps, h); panelLines(ps, tp.parts, settingsPanel) < panelLines(ps, pl.parts, settingsPanel) && costsBeside(ps, pl, tp, settingsPanel, pl.keep) {
			c, pl = tight, tp
		}
	}
	return c, pl
}

// labPlan is c's layout of the lab's panels in h lines, with c drawing it so (labLines).
func labPlan(c labCtx, h int) (labCtx, layoutPlan) {
	ps := labPanels
	c, pl := spared(c, ps, h)
	// A compare half's second line of settings gives way where it would cost the per-second
	// rates (fleet-bulkhead's half lost its /s rows to "timeout payments off, checks 2s · …").
	// Alone, the settings take the lines that keep each whole, one line or more: never tried.
	if c.compared() && len(c.draw(settingsPanel, levelTight)) > 1 {
		one := c
		one.oneSettings, one.spare = true, spareLong
		if oc, op := spared(one, ps, h); panelLines(ps, op.parts, tablePanel) > panelLines(ps, pl.parts, tablePanel) {
			c, pl = oc, op
		}
	}
	// The ⚠ warning's second line gives way where that keeps the charts; tried once, as
	// where even its shortest form wraps it would be tried again and again.
	if !c.oneWarning && !pl.chartsDrawn(ps) && len(c.draw(headerPanel, pl.level)) > 2 {
		one := c
		one.oneWarning = true
		if oc, op := labPlan(one, h); op.chartsDrawn(ps) {
			c, pl = oc, op
		}
	}
	return c, pl
}

// chartsDrawn says plan pl leaves the charts the least height they draw in.
func (pl layoutPlan) chartsDrawn(ps []panel) bool {
	_, fill := pl.spacing(ps)
	return pl.least > 0 && fill >= pl.least
}

// chartsAtLeast says plan pl leaves the charts the least height they draw in, no more.
func (pl layoutPlan) chartsAtLeast(ps []panel) bool {
	_, fill := pl.spacing(ps)
	return pl.least > 0 && fill == pl.least
}

// onlyChartsTaller says plan pl, a line taller than was, gives that line to the filling
// panels alone: every other panel at was's level and length, no blank line more.
func (pl layoutPlan) onlyChartsTaller(ps []panel, was layoutPlan) bool {
	_, fill := pl.spacing(ps)
	_, wasFill := was.spacing(ps)
	return pl.level == was.level && fill == wasFill+1 &&
		slices.EqualFunc(pl.parts, was.parts, func(a, b []string) bool { return len(a) == len(b) })
}

// spareShown says c's narrator, laid out in h lines, says its spare clause.
func spareShown(c labCtx, h int) bool {
	c, pl := labPlan(c, h)
	return pl.level < levelLean && c.spare != spareNone && narratorPanel.shows(c, pl.level)
}

// echoed says plan pl draws the health item labelled label.
func echoed(ps []panel, pl layoutPlan, label string) bool {
	return draws(ps, pl, healthPanel, func(l string) bool { return strings.Contains(l, label) })
}

// tableSaysLess says plan p's table says less than plan without's: a row or a note fewer. A
// line fewer where a note is said more briefly is none: adaptive-limit at 80x24 gave up the
// rule its limit moves by (newcomer 68's "past the knee") for "/s: counted as each happens;
// ok/s can top arrived/s as earlier ones finish" on a line of its own, where "ok/s can top
// arrived/s" says it.
func (c labCtx) tableSaysLess(ps []panel, p, without layoutPlan) bool {
	k := panelAt(ps, tablePanel)
	if k < 0 || len(p.parts[k]) >= len(without.parts[k]) {
		return false
	}
	said := func(pl layoutPlan) tableSaid {
		if len(pl.parts[k]) == 0 {
			return tableSaid{}
		}
		return c.tableSays(pl.drawnAt[k])
	}
	return said(p).less(said(without))
}

// queueLost says plan p leaves out the pool's queue row that plan without draws, where the
// screen needs it: a queue's fill is the state the sentence is about (long-queue at 80x24
// kept the wait's terms and lost "19/100 waiting", left to piece together from them,
// newcomer 45 G9); without a queue, where every worker is busy, the row says what befalls
// the next request, "rejected at once", unless the settings say the pool's "queue none" (the stacked
// fixture at 80x24, kept by the table's line count till that counted what the table says).
func (c labCtx) queueLost(ps []panel, p, without layoutPlan) bool {
	if !queueShown(ps, without) || queueShown(ps, p) {
		return false
	}
	pool := c.snap.Pool
	if pool.HasQueue() {
		return true
	}
	// The pool's own queue item, whole, as lab words it: a threadpool bulkhead's ", queue
	// none" is the bulkhead's, and says nothing of the pool's (a review).
	items := lab.SettingsItems(c.p.cfg, c.snap, c.w)
	i := slices.IndexFunc(items, func(it lab.Item) bool { return it.Label == "queue" })
	if pool.Idle() > 0 {
		return false
	}
	if i < 0 {
		return true
	}
	said := items[i].Label + " " + items[i].Value
	return !draws(ps, p, settingsPanel, func(l string) bool {
		return slices.ContainsFunc(strings.Split(l, " · "), func(e string) bool { return strings.TrimSpace(e) == said })
	})
}

// queueShown says plan pl draws the pool's queue row.
func queueShown(ps []panel, pl layoutPlan) bool {
	return draws(ps, pl, poolPanel, func(l string) bool { return strings.HasPrefix(l, "queue ") })
}

// draws says plan pl draws a line of panel p that is, its styles stripped, one that line says.
func draws(ps []panel, pl layoutPlan, p panel, line func(string) bool) bool {
	return slices.ContainsFunc(pl.parts[panelAt(ps, p)], func(l string) bool {
		return line(ansi.Strip(l))
	})
}

// costsBeside says plan p, with more of panel own's lines than plan without, costs the
// screen something besides: another panel's line (but those of mayGo), or the filling
// panels' (the charts') one under uses, the height they can use.
func costsBeside(ps []panel, p, without layoutPlan, own panel, uses int, mayGo ...panel) bool {
	_, fill := p.spacing(ps)
	_, fillWithout := without.spacing(ps)
	return fill < min(fillWithout, uses) || slices.ContainsFunc(ps, func(q panel) bool {
		return q.name != own.name && !slices.ContainsFunc(mayGo, func(g panel) bool { return g.name == q.name }) &&
			panelLines(ps, p.parts, q) < panelLines(ps, without.parts, q)
	})
}

// spacing is where pl puts a blank line: after panels of ps, their gap order first, while
// the filling panels keep a useful height (or when they get no room anyway); and the
// height left to the filling panels. Up to tallCosts blank lines, the last in gap order
// first, give way where that gets the filling panels the height they draw more in
// (panel.tall).
func (pl layoutPlan) spacing(ps []panel) (gapAfter []bool, fill int) {
	gapAfter, fill = pl.spaced(ps, pl.keep)
	if pl.tall > pl.keep && fill < pl.tall && fill+tallCosts >= pl.tall && pl.avail >= pl.tall {
		return pl.spaced(ps, pl.tall)
	}
	return gapAfter, fill
}

// tallCosts is the most blank lines the charts' tall height costs the spacing: a line or two
// short of lines, the charts leave 5 or 6 rows blank (shared-pool's golden at 120x40, one
// short; loss-system's run, two), which two lines buy back; more, and the screen runs
// together for it (the bulkhead golden, five short, would lose all its blank lines but one).
const tallCosts = 2

// spaced is spacing's blank lines and the height left where the filling panels keep keep.
func (pl layoutPlan) spaced(ps []panel, keep int) (gapAfter []bool, fill int) {
	order := make([]int, 0, len(ps))
	for k, p := range ps {
		if p.gap > 0 {
			order = append(order, k)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return ps[a].gap - ps[b].gap })
	gapAfter, fill = make([]bool, len(ps)), pl.avail
	for _, k := range order {
		if len(pl.parts[k]) > 0 && (fill-1 >= keep || fill > 0 && fill < pl.least) {
			gapAfter[k] = true
			fill--
		}
	}
	return gapAfter, fill
}

// panelLines is how many lines panel p takes in parts, a plan's lines of ps.
func panelLines(ps []panel, parts [][]string, p panel) int {
	return len(parts[panelAt(ps, p)])
}

// panelAt is where panel p stands in ps, -1 where it is not there.
func panelAt(ps []panel, p panel) int {
	return slices.IndexFunc(ps, func(q panel) bool { return q.name == p.name })
}

// labLines lays out pane i in exactly h lines of at most w cells: the richest level of
// detail at which the panels of their own height fit, with every narrator's clause the
// layout affords (spared), then spare lines go to panels one level richer (richerFirst),
// then to spacing after panels in their gap order, and the filling panels take the rest of
// the height.
func labLines(c labCtx, h int) []string {
	c, pl := labPlan(c, h)
	return planLines(c, pl, h)
}

// planLines draws plan pl of c (labPlan's) in h lines.
func planLines(c labCtx, pl layoutPlan, h int) []string {
	ps := labPanels
	level, parts := pl.level, c.keyedTable(ps, pl.parts)
	gapAfter, avail := pl.spacing(ps)
	var out []string
	for k, part := range parts {
		out = append(out, part...)
		if gapAfter[k] {
			out = append(out, "")
		}
	}
	fill := c.filledCached(ps, level, avail)
	out, avail = append(out, fill...), avail-len(fill)
	for ; avail > 0; avail-- {
		out = append(out, "")
	}
	// Whatever sits below (the status line and the keys) stays: cut here.
	return out[:max(min(h, len(out)), 0)]
}

// filledCached is what the filling panels of ps draw at level in avail lines, top to bottom,
// drawn once a frame for each level and height: the frame's plan draws what a plan it was
// weighed against drew (inked).
func (c labCtx) filledCached(ps []panel, level, avail int) []string {
	return c.cached(drawKey{name: "filled", level: level, height: avail}, func() []string {
		var out []string
		for _, p := range ps {
			if p.fill != nil && p.shows(c, level) {
				lines := p.fill(c, level, avail)
				out = append(out, lines...)
				avail -= len(lines)
			}
		}
		return out
	})
}

// inked is how many of the lines the filling panels draw in plan pl are not blank.
func (c labCtx) inked(ps []panel, pl layoutPlan) int {
	_, avail := pl.spacing(ps)
	return inkedRows(c.filledCached(ps, pl.level, avail))
}

// inkedRows is how many of lines are not blank.
func inkedRows(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.TrimSpace(ansi.Strip(l)) != "" {
			n++
		}
	}
	return n
}

// chartsLines puts the two charts side by side (stacked when the screen is tall and
// narrow enough that side by side would squeeze them), showing the seconds they would have
// room for narrowest wide (at most w).
func chartsLines(t *theme, snap, peer *lab.Snapshot, changes []change, w, narrowest, h int) []string {
	if out, ok := distributionLayout(t, snap, peer, changes, w, h); ok {
		return out
	}
	occ, starv := occupancyChart(snap), starvationChart(snap, peer)
	if alt, ok := postmortemChart(snap); ok {
		starv = alt
	}
	stacked := h >= 2*11+1 && w < 160
	widths := func(w int) (left, right int) {
		if stacked {
			return w, w
		}
		return (w - 2) / 2, w - 2 - (w-2)/2
	}
	// Both show the seconds of the narrower plot, narrowest wide.
	specs := withPeer(peer, occ, starv)
	l, r := widths(narrowest)
	sameSeconds(snap, specs, l, r)
	occ, starv = specs[0], specs[1]
	if stacked {
		each := min((h-1)/2, 17)
		split := legendSplit(t, occ, snap, w) || legendSplit(t, starv, snap, w)
		a := blanksAbove(chartLines(t, occ, snap, changes, w, each, split))
		b := blanksAbove(chartLines(t, starv, snap, changes, w, each, split))
		return append(append(a, ""), b...)
	}
	left, right := widths(w)
	split := legendSplit(t, occ, snap, left) || legendSplit(t, starv, snap, right)
	a := chartLines(t, occ, snap, changes, left, h, split)
	b := chartLines(t, starv, snap, changes, right, h, split)
	return blanksAbove(beside(a, b, left, "  "))
}

// blanksAbove moves the lines left blank across the whole width (those a plot of strips,
// shorter than its rows, leaves between its legend and itself) above the charts' titles:
// a legend four rows over its strips read as belonging to neither (review of charts8).
// Beside a chart of lines, whose rows are never blank, a strip chart's stay where they are,
// so the two plots and their time axes keep one baseline.
func blanksAbove(lines []string) []string {
	var blank, filled []string
	for _, l := range lines {
		if strings.TrimSpace(ansi.Strip(l)) == "" {
			blank = append(blank, l)
		} else {
			filled = append(filled, l)
		}
	}
	return append(blank, filled...)
}

// recordedWord says a frame is drawn from a headless run (poollab snapshot, each frame of
// its GIF), before its run time: true of every frame, where "■ run ended" was of the last
// alone (the review: a GIF's frames said it at 1.0s, 1.1s, …). A screenshot is the one
// picture of a screen everyone knows: "■ not live", the state's place on the live screen,
// was read as paused, finished, a recording or a dependency not live (newcomer 26), as
// "recorded" was as a run being recorded to a file, or a replay (a newcomer of round 11).
// Said on the left with the run time, it takes the place of the right's state and of the
// run time's label: "screenshot at 8.0s" is narrower than "run time 8.0s" and "■ not live",
// and leaves a second starved class its rate at 120 columns.
const recordedWord = "screenshot"

// headerLine: the lab's title and run time on the left (a screenshot's state too);
// starvation and the live run's state on the right. In compare mode the title is the side, and the focused one stands out.
// A screenshot's halves say it alike: B says "screenshot" where A does, "at 10.0s" where A
// gave the word up for its count ("▶ A shared-pool  at 10.0s" beside "B semaphore-bulkhead
// screenshot at 10.0s" asked whether B was a still and A live: newcomer 31). B works A's
// line out at A's width, peerW: side by side B has the odd column, and at 120 A's 58 gave
// the word up where B's 59 kept it (review 24).
func headerLine(t *theme, s screen, i, w, peerW int) string {
	word := true
	switch {
	case s.recorded && i > 0:
		_, word = headerForm(t, s, 0, peerW, true)
	case !s.recorded && len(s.panes) > 1: // live: the label where both halves keep it, else on neither (review 33 #6)
		ws := [2]int{w, peerW}
		if i > 0 {
			ws = [2]int{peerW, w}
		}
		var lines [2]string
		var says [2]bool
		for k := range lines {
			lines[k], says[k] = headerForm(t, s, k, ws[k], true)
		}
		if says[0] && says[1] { // this half's line is already worked out
			return lines[i]
		}
		word = false
	}
	line, _ := headerForm(t, s, i, w, word)
	return line
}

// headerForm is headerLine's line for pane i, and whether it says its time's word,
// "screenshot" or live "run time" (word: it may).
func headerForm(t *theme, s screen, i, w int, word bool) (string, bool) {
	p := s.panes[i]
	snap := p.snapshotOrEmpty()
	name := p.cfg.Name
	if p.modified {
		name += " (settings changed)"
	}
	var title, brand string
	switch {
	case len(s.panes) == 1:
		brand = t.title.Render("poollab") + "  "
		title = brand + t.bold.Render(name)
	case i == s.focus:
		title = t.focus.Render("▶ " + sideLetter(i) + " " + name)
	default:
		title = t.bold.Render("  " + sideLetter(i) + " " + name)
	}
	// Shorter forms drop the run time's label, then the run time (both sides show it): live,
	// it ticks. A screenshot's is still, and bare beside the preset's name it read as a
	// setting like the dependency's 3.0s (newcomer 26): "screenshot at 8.0s" in every form
	// but the last, which drops the time, as the state's word was in every form. Compare
	// mode's halves each keep the time, the moment each shows (newcomer 28 had to assume
	// A's; review 17 #12: both could drop it), and the word alike: A, whose outage count is
	// the lesson's, gives it up before its count, and B with it; B keeps it where A does, its
	// count giving way first.
	lefts := []string{title + "  " + t.dim.Render("run time ") + fmtElapsed(snap.Elapsed), title + "  " + fmtElapsed(snap.Elapsed), title}
	var at string // a compare half's time without the word
	if s.recorded {
		shot := title + "  " + t.dim.Render(recordedWord+" at ") + fmtElapsed(snap.Elapsed)
		at = title + "  " + t.dim.Render("at ") + fmtElapsed(snap.Elapsed)
		lefts = []string{shot, shot, title + "  " + t.dim.Render(recordedWord)}
		switch {
		case len(s.panes) == 1:
		case word:
			lefts = []string{shot, shot, shot}
		default: // A gave the word up: B too
			lefts = []string{at, at, at}
		}
	}
	label := "run time "
	switch {
	case s.recorded:
		label = recordedWord
	case len(s.panes) == 1:
	case !word: // a labelled and a bare 6.4s on one line read as two kinds of time (review 33 #6)
		lefts = []string{lefts[1], lefts[1], lefts[2]}
	}
	said := func(left string) bool { return strings.Contains(left, label) }

	// The right side: what is starving, and the run's state.
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
	case s.recorded: // the left says it (recordedWord)
	default:
		state = t.status.Render("● live: updating 10×/s")
		stateShort = t.status.Render("● live")
	}
	forms, tied, every := starvedForms(t, snap)
	// One picker, best first: what starved counts and the notes outrank the long run state's
	// words and the run time's label, not the run time; the title alone comes last.
	type pair struct{ left, right string }
	right := func(items []string, state string) string {
		if state == "" {
			return strings.Join(items, "  ")
		}
		return strings.Join(slices.Concat(items, []string{state}), "  ")
	}
	var tries []pair
	if s.recorded && len(s.panes) > 1 {
		// The halves' counts give way before the word; A, whose outage count is the lesson's,
		// gives the word up before that count, "at 20.0s", and B with it.
		for _, items := range forms {
			if len(items) > 0 || i > 0 {
				tries = append(tries, pair{lefts[0], right(items, "")})
			}
		}
		for _, items := range forms {
			if len(items) > 0 && i == 0 && snap.TurnedAway(lab.RejectBalancer) > 0 {
				tries = append(tries, pair{at, right(items, "")})
			}
		}
	}
	// The brand gives way before the first class's column or rate: "signup starved 12 (2/s
	// in 3–8s)" at 80 columns never tied the count to the table's rej:pool (newcomer 50), and
	// the rate alone was newcomer 38's, so both, the preset's name with the time beside them.
	var brandless []string
	if brand != "" {
		for _, left := range lefts[:2] {
			brandless = append(brandless, strings.TrimPrefix(left, brand))
		}
	}
	for k, items := range forms {
		tries = append(tries, pair{lefts[0], right(items, state)})
		for _, left := range lefts[:2] {
			tries = append(tries, pair{left, right(items, stateShort)})
		}
		if k == tied || k == every {
			for _, left := range brandless {
				tries = append(tries, pair{left, right(items, stateShort)})
			}
		}
	}
	for _, items := range forms {
		tries = append(tries, pair{lefts[2], right(items, stateShort)})
	}
	for _, p := range tries {
		if gap := w - ansiWidth(p.left) - ansiWidth(p.right); gap >= 2 {
			return p.left + strings.Repeat(" ", gap) + p.right, said(p.left)
		}
	}
	last := lefts[2] // the title matters most: the side it names
	if stateShort != "" {
		last += "  " + stateShort
	}
	return fit(last, w), said(lefts[2])
}

// starvedForms are the header's forms of what is starving, best first, each a list of items
// (the last form is none: the state alone, as the table below still shows the starvation).
// Each class that starved says its count in one form, cut from its end where it does not
// fit: "signup starved (rej:pool) 12 (1.2/s in 3–8s; needs ~0.01 workers)", then without its
// need, then "signup starved (rej:pool) 12", then "signup starved 12": the word stays at
// every size, and the rate, then the column's gloss, gives way ("health rej:pool 4" at 120 columns beside "health starved 4" at 80 read as two
// counts, newcomer 62). What it counts first, the table's column (newcomer 23 read
// "starved" as "waiting for a worker"); then its rate, the table's /s row's, or once it
// stopped, since when; then what starved means where there is room: the class needs next to
// none of the pool (newcomer 30). One form: "(rej:pool, 1.2/s in 3–8s)", "(needs ~0.01
// workers; rejected:pool, 3.4/s in 3–8s)" and "(rej:pool)" on three screens read as three
// kinds of count (newcomer 31). The others' rates outrank the first's need (review11 L14).
// A fleet's rejected:balancer has a share of a class's count: it says its parts. tied is
// the last form that says the first class's word, column and rate, form(3, -1): "signup
// starved (rej:pool) 12 (1.2/s in 3–8s)", for which one lab's header gives up its brand
// before any of them (-1: none such, as beside an outage); every, the form that says every
// class's count, the first's rate left out (after an outage, every count bare), for which it
// does too (-1: one class).
func starvedForms(t *theme, snap *lab.Snapshot) (forms [][]string, tied, every int) {
	type class struct {
		label  string // "signup starved 12", styled
		named  string // with what it counts before the count, "signup starved (rej:pool) 12", styled
		note   string // its rate, "1.2/s", or since when it stopped
		words  string // what it counts, the column's name: "rej:pool"; a fleet's with each share
		parts  bool   // more than one reason turned it away (a fleet's pool, balancer, codel …): bare only as the narrowest claim
		outage bool   // the balancer turned some away: the count has a share of the outage's
		need   string // what it asks of the pool, "needs ~0.01 workers"; "" in a fleet, whose replicas share it
	}
	var classes []class
	r := snap.Rates()
	for _, c := range lab.Classes {
		n := snap.Starved(c)
		if n == 0 {
			continue
		}
		now := snap.StarvingNow(c)
		// Its rate in the table's /s window while it goes on, its seconds said on every rate
		// (a fleet's "(74.6/s in 15–20s)" beside "(rej:balancer, 0.2/s)" was one kind of rate
		// in two forms on one line, review 24). Once it stopped, since when, never a rate
		// alone, which reads as starving now (the review: the colour alone said it, and NO_COLOR
		// has none). Where no whole second had one, none: "(rej:pool, –; needs …)" was a
		// riddle, and "0 now" beside a count of them read as none.
		note := snap.NoneSince(snap.CountedBy(c), c)
		by := snap.CountedShares(c)
		if rate := r.StarvedOf(c, snap.CountedBy(c)); now && r.Seconds > 0 && rate > 0 {
			// With its seconds, every rate alike: beside a count since the start, a bare
			// "1.2/s" read as of the same span (newcomer 38 G3).
			note = fmtPerSec(rate) + " in " + r.Span()
		} else if now { // no whole second with one yet, or only the second the run is in
			note = ""
		}
		// What it counts: each reason with its share where more than one turned it away (a fleet's pool,
		// balancer, codel …), the column's name alone where one did.
		var cols []string
		for _, part := range by {
			share := ""
			if len(by) > 1 {
				share = " " + fmtCount(part.N)
			}
			cols = append(cols, lab.TurnedAway(part.Reason).Term().Column+share)
		}
		// The alarm stands only while it is still happening; afterwards the total stays, quiet.
		style := t.dim
		if now {
			style = t.alert
		}
		need := ""
		if w, ok := snap.StarvedNeed(c); ok {
			need = "needs " + w + " workers"
		}
		// The column's name between the word and the count, so the count reads as that
		// column's: "starved 313 (rej:pool, …)" beside the table's rej:pool 313 read as two
		// counts (newcomer 52 G-minor); short of room, the word without it, which the table's
		// note on the column defines (lab.Snapshot.StarvedClause), never the column for the
		// word: one count, one noun at every size (newcomer 62).
		words := strings.Join(cols, ", ")
		classes = append(classes, class{label: style.Render(fmt.Sprintf("%s %s %s", c, snap.StarvedWord(c), fmtCount(n))), note: note,
			named: style.Render(fmt.Sprintf("%s %s (%s) %s", c, snap.StarvedWord(c), words, fmtCount(n))),
			words: words, parts: len(by) > 1, need: need, outage: snap.Classes[c].Rejected[lab.RejectBalancer] > 0})
	}
	// item is class k at level: 4 all its form, 3 without its need, 2 its note without the
	// column (an other class's, beside the first's column), 1 the column alone (the first's;
	// an other's is bare beside it), 0 bare. A count of two reasons says its note on the count, whose it is, and its parts
	// after a colon, never bare but as the narrowest claim once an outage is over (see with):
	// "signup turned away 556 (74.6/s): rej:pool 15,
	// rej:balancer 541" (after the last part, the note read as the balancer's, review 18); the
	// domino's "signup starved 556" beside replica rows that count their pools' alone read as
	// two meanings of starved (newcomer 26).
	item := func(k, level int) string {
		c := classes[k]
		if c.parts {
			note := ""
			if level >= 2 && c.note != "" {
				note = " (" + c.note + ")"
			}
			return c.label + t.dim.Render(note+": "+c.words)
		}
		label, inside := c.named, c.note
		switch level {
		case 0:
			return c.label
		case 1: // the first's column, bare of its rate: "signup starved (rej:pool) 11"
			inside = ""
		case 2:
			// Beside the first class's "starved (rej:pool)", another's word needs no column
			// again.
			label = c.label
		}
		if level == 4 && c.need != "" {
			inside = strings.Join(slices.DeleteFunc([]string{inside, c.need}, func(s string) bool { return s == "" }), "; ")
		}
		if inside == "" {
			return label
		}
		return label + t.dim.Render(" ("+inside+")")
	}
	// form is the first class at first, the others each at level (-1: left out).
	form := func(first, level int) []string {
		items := []string{item(0, first)}
		for k := 1; k < len(classes) && level >= 0; k++ {
			items = append(items, item(k, level))
		}
		return items
	}
	n := snap.TurnedAway(lab.RejectBalancer)
	tied, every = -1, -1
	if len(classes) > 0 {
		forms = append(forms, form(4, 4), form(4, 3), form(3, 3), form(3, 2), form(3, 0))
		// Every class before the first's rate: at 80 columns "signup starved (rej:pool) 11
		// (1.8/s in 3–8s)" left health's 1 out unsaid (newcomer 59), where "signup starved
		// (rej:pool) 11  health starved 1" fits; the rate stays in the table's /s row.
		if len(classes) > 1 {
			forms = append(forms, form(1, 0)) // the others bare: "health starved 1"
			every = len(forms) - 1
		}
		forms = append(forms, form(3, -1))
		if n == 0 {
			tied = len(forms) - 1
		}
		// Then the rate gives way, then the column: "signup rej:pool 12 (1.2/s in 3–8s)"
		// swapped the word for the column (newcomer 62), and "signup starved 12 (2/s in
		// 3–8s)" never tied the count to the table's rej:pool (newcomer 50).
		if every < 0 { // else in already
			forms = append(forms, form(1, 0))
		}
		forms = append(forms, form(1, -1), form(0, 0))
	} else {
		forms = append(forms, nil)
	}
	bare := len(forms) - 1
	// A fleet with no replica to take a request turns it away at the balancer, every class
	// alike: said beside the starved, whose counts have their part of it. It does so only
	// while every replica is out: now is then, and the stretch says since when, or when it
	// stopped ("(now)" read as "at this instant" beside a replica back in rotation, newcomer
	// 24; "(still in 19–20s)", the last whole second, beside one "back at 19.5s", newcomer 26).
	if n > 0 {
		now, from, _ := snap.Fleet.BalancerOut()
		style, note := t.dim, snap.NoneSince([]lab.Reason{lab.RejectBalancer}, lab.Classes[:]...)
		if now {
			style, note = t.alert, allOutWord(snap.Fleet)+" since "+snap.Fleet.OutAt(from)
		}
		// During an outage it is the headline: first, so it is the one a narrow header keeps.
		at := len(classes)
		if now {
			at = 0
		}
		// with are forms with the outage's count labelled so, where among them every count
		// is bare, and the one that says every class's count (-1: none): every's, or after an
		// outage one that says every class's count bare.
		with := func(label string) ([][]string, int, int) {
			forms, everyAt := slices.Clone(forms), every
			withNote := label // no whole second had one: no "(–)", as a class's (42c84ed)
			if note != "" {
				withNote += t.dim.Render(" (" + note + ")")
			}
			for k := range forms {
				item := withNote
				if k == bare && len(classes) > 0 {
					item = label
				}
				forms[k] = slices.Insert(slices.Clone(forms[k]), min(at, len(forms[k])), item)
			}
			// Every class bare beside its note, before every count bare: the outage's "(all out
			// since 12.9s)" outranks the run time's label (the fleet domino at 120 columns). With no
			// class starved, the outage alone: its note, then its count bare.
			withBare := bare
			if len(classes) > 0 {
				noted := slices.Clone(forms[bare])
				noted[min(at, len(classes))] = withNote
				forms = slices.Insert(forms, bare, noted)
				withBare++ // after its noted form
			}
			// Its count bare beside the first class alone, whose parts it has a share of; then
			// alone, the whole outage's count, before a class's (whose parts take more room).
			// After an outage that turned none of the first class away too: else its count
			// with its share comes below, after every class's.
			if len(classes) > 1 && (now || !classes[0].outage) {
				forms = append(forms, slices.Insert([]string{item(0, 0)}, min(at, 1), label))
			}
			// Once the outage is over, the first class's count, which has its share, before the
			// total's: the domino's header at 20s kept "total rejected:balancer 681" and dropped
			// "signup turned away 556", the bystanders' harm the header counts (newcomer 43 W-1).
			// Every class's count before the first's rate and parts, as with no outage: the
			// domino at 40s said "signup turned away 1320 (22.6/s …): rej:pool 61, rej:balancer
			// 1259" and not health's 53 (newcomer 81 W3); at 80 columns every count bare, the
			// brand giving way for it (every).
			if !now && len(classes) > 0 && classes[0].outage {
				if len(classes) > 1 {
					forms = append(forms, form(2, 0), form(1, 0), slices.Concat([]string{classes[0].label}, form(0, 0)[1:]))
					everyAt = len(forms) - 1
				}
				forms = append(forms, []string{item(0, 2)}, []string{item(0, 0)})
				// Then its count bare, where its parts leave no room, before another count: at 80
				// columns the domino's "total rejected:balancer 1605", where 120 said "signup
				// turned away 1320 (…): rej:pool 61, rej:balancer 1259", read as a second headline
				// (newcomer 68); "turned away" is every reason's word, the table's columns its parts.
				if classes[0].parts {
					forms = append(forms, []string{classes[0].label})
				}
			}
			// Then its note alone before its count bare: the domino at 40s, all out again since
			// 39.4s, had room at 120 columns for "total rejected:balancer 1555 (all out again
			// since 39.4s)" and said the count bare, the help's promised note nowhere (newcomer 70 W4).
			if len(classes) > 0 && note != "" {
				forms = append(forms, []string{withNote})
			}
			return append(forms, []string{label}), withBare, everyAt
		}
		// Every class's, said so: "rejected:balancer 681" beside the signups' "rej:balancer
		// 541" read as one label with two numbers (newcomer 29); "total", as "all classes" left
		// a compare half at 120 columns no room for it, and "all" read as every request turned
		// away, beside "all out", every replica (review 19). Each form in the word, then in the
		// column's name, where that leaves a class its parts (the domino at 120 columns).
		word, wordBare, everyAt := with(style.Render(fmt.Sprintf("total %s %s", lab.RejectBalancer.Word(), fmtCount(n))))
		column, _, _ := with(style.Render(fmt.Sprintf("total %s %s", lab.TurnedAway(lab.RejectBalancer).Term().Column, fmtCount(n))))
		forms = nil
		for k := range word {
			forms = append(forms, word[k], column[k])
		}
		bare = 2 * wordBare // the word's forms come first of each pair
		if everyAt >= 0 {
			every = 2 * everyAt
		}
	}
	// The first class alone; a fleet's outage count alone came last already, and its first
	// is that count or a class with its parts, wider (review 16).
	if len(forms[bare]) > 1 && n == 0 {
		forms = append(forms, forms[bare][:1])
	}
	if len(forms[bare]) == 0 {
		return forms, tied, every // nothing starved: the state alone
	}
	return append(forms, nil), tied, every
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
	return t.marker.Render(strconv.Itoa(c.n)) + t.dim.Render(" at "+fmtElapsed(c.at)+" ") + c.what
}
