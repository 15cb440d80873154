package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"poollab/lab"
)

// fleetLines draws a fleet in place of the single pool: the balancer's state, one compact
// row per replica (its pool, busy/size, its pool's rejections so far, in rotation or pulled), the pulls on a
// time line with the gaps between them, and the legend. Nil for one instance. Lower levels
// of detail keep the rows and give up the rest; the barest, the replicas' states alone.
func fleetLines(t *theme, s *lab.Snapshot, w, level int) []string {
	fs := s.Fleet
	if fs == nil || len(fs.Replicas) == 0 {
		return nil
	}
	if level >= levelBare {
		return noteReadApart(t, fs, replicaStates(t, s, w), w)
	}
	if level >= levelTight {
		// No pulls line to define "quick" on: the rows say the quick ones by their letters
		// (newcomer 58 #2: "16 P + 46 quick" undefined at 80x24).
		rows, _, _ := replicaRows(t, s, w, false, false)
		return noteReadApart(t, fs, rows, w)
	}
	rows, quick, soon := replicaRows(t, s, w, true, true)
	pulls := pullList(t, fs, s.Config.Fleet, w)
	if quick != nil {
		// What "quick" is, once, under the rows that say it, where the pulls leave room: the
		// help alone said it (newcomer 56 #3); where they leave none, the rows say the quick
		// ones by their letters.
		if with, ok := afterFirstFit(t, pulls, quick.QuickMeans(), w); ok {
			pulls = with
		} else {
			rows, _, soon = replicaRows(t, s, w, false, true)
		}
	}
	// A return sooner than the balancer line's ~10s, and why, where the line has room
	// after all it says (a reviewer: r3 back 8.8s after its pull beside "~10s"), unless
	// its replica's row says it: once on a screen is enough.
	if p, ok := fs.LatestSoon(s.Config.Fleet); ok && !slices.Contains(soon, p.Replica) {
		if with, ok := afterFirstFit(t, pulls, fs.SoonBack(s.Config.Fleet), w); ok {
			pulls = with
		}
	}
	out := append([]string{balancerLine(t, s, w)}, rows...)
	out = append(out, pullAxis(t, fs, s.Elapsed, w), pulls)
	if level == levelFull {
		out = append(out, poolLegend(t, s, countWorkers(s.Pool), w)...)
	}
	return out
}

// balancerLine: what the balancer is doing and by which rules (lab's words), in the longest
// that fit: the state's longest form with the longest rule that fits beside it, then its
// shorter forms, each with every rule (at 120 columns an outage's shortest state keeps the
// shortest rule), then the state alone.
func balancerLine(t *theme, s *lab.Snapshot, w int) string {
	fs := s.Fleet
	head := t.bold.Render("balancer") + " " + fs.Balancer.Word() + ": "
	states := fs.BalancerStates()
	if fs.InRotation == 0 {
		for i := range states {
			states[i] = t.alert.Render(states[i])
		}
	}
	rules := s.Config.Fleet.BalancerRules()
	var lines []string
	for _, st := range states {
		for _, r := range rules {
			lines = append(lines, head+st+t.dim.Render(" · "+r))
		}
	}
	for _, st := range states {
		lines = append(lines, head+st)
	}
	if fs.ReadApart { // kept before the rules are: the rows under it differ from the table
		noted := make([]string, len(lines))
		for i, l := range lines {
			noted[i] = l + t.dim.Render(readApart)
		}
		lines = append(noted, lines...)
	}
	return longestFit(w, lines...)
}

// readApart says a frame's replica rows and its table were not read as at one instant
// (lab.FleetStats.ReadApart): a row's busy + queued and the table's in flight may differ by
// a request that moved between the reads (review 32 #2: the flag was said nowhere).
const readApart = " · rows read apart from the table"

// noteReadApart puts readApart beside the first of rows with room for it, else its first
// words (80 columns hold those beside a row, not the whole), where fs was read apart; rows
// without the balancer's line above them.
func noteReadApart(t *theme, fs *lab.FleetStats, rows []string, w int) []string {
	if fs.ReadApart && !withNote(t, rows, readApart, w) {
		withNote(t, rows, strings.TrimSuffix(readApart, " from the table"), w)
	}
	return rows
}

// replicaStates is the replicas' states alone, in as few lines as the width holds: "r1
// DRAINED for a deploy 5.0s · r2 PULLED 11.9s · r3 in rotation" (the halves of compare mode at their
// barest, where the summary under them has the numbers).
func replicaStates(t *theme, s *lab.Snapshot, w int) []string {
	at := s.Fleet.RowTimes(false) // no pulls line here
	states := func(drained string) []string {
		var items []string
		eachReplica(s.Fleet, func(n int, r *lab.Snapshot, last lab.Pull, drainedAt time.Duration) {
			items = append(items, t.bold.Render(fmt.Sprintf("r%d", n))+" "+compactState(t, s.Fleet, n, last, drainedAt, drained, false, false, at))
		})
		return wrapItems(items, t.dim.Render(" · "), w)
	}
	// Why a drained replica is out, unless it costs a line: here, at a compare half's
	// barest, a line more cost the compare its lesson.
	lines := states(drainedWord)
	if bare := states(drainedBare); len(bare) < len(lines) {
		return bare
	}
	return lines
}

// eachReplica calls f for each replica of fs: its number from 1, its snapshot, its latest
// time out of rotation, and when it was drained (0: it is not).
func eachReplica(fs *lab.FleetStats, f func(n int, r *lab.Snapshot, last lab.Pull, drainedAt time.Duration)) {
	latest := map[int]lab.Pull{}
	for _, p := range fs.Outs() {
		latest[p.Replica] = p
	}
	for i := range fs.Replicas {
		var drainedAt time.Duration
		if d := fs.Drain; d.Out() && d.Replica == i+1 {
			drainedAt = d.At
		}
		f(i+1, &fs.Replicas[i], latest[i+1], drainedAt)
	}
}

// replicaCells is how many cells a replica's pool picture takes: one per worker up to
// this many, else a proportional bar of this many; compactCells when the width is short.
const replicaCells, compactCells = 20, 10

// replicaRows: one row per replica, in as many columns as the width holds; where a full row
// does not fit (half a 120-column screen), a compact one, then a briefer, so its state is
// never cut; with room to spare, one out of rotation says why it still holds workers, where
// that puts no fewer rows across. Bars
// scaled down say what a cell is worth, as the pool's and the queue's do (newcomer 19: "r4
// PPPPPPPPP· 17/20" without it), on the first row with room. With them, where a row drawn
// says "quick", its CheckAhead (nil where none does): what says what "quick" is, under the
// rows; define false where nothing can, and a row says none. soon: the replicas whose rows
// say their return came sooner than the rules (lab.FleetConfig.SoonNote).
func replicaRows(t *theme, s *lab.Snapshot, w int, define, pulls bool) ([]string, *lab.CheckAhead, []int) {
	// The rej:pool counts as wide as the widest ("12345", "523k"), 4 at least: the states
	// after them line up row under row.
	countW := 4
	for i := range s.Fleet.Replicas {
		countW = max(countW, ansiWidth(fmtCount(s.Fleet.Replicas[i].TurnedAway(lab.RejectPool))))
	}
	const gap = 4
	checks := s.Fleet.ChecksNow(s.Config)
	at := s.Fleet.RowTimes(pulls) // once a frame, not per row and squeeze
	// rows are the replicas' cells at squeeze, and the first one's check that counts the
	// quick ones apart.
	rows := func(squeeze int) (cells []string, widest int, per float64, cols int, quick *lab.CheckAhead, soon []int) {
		eachReplica(s.Fleet, func(n int, r *lab.Snapshot, last lab.Pull, drainedAt time.Duration) {
			row, noted := replicaRow(t, s.Fleet, n, last, drainedAt, squeeze, countW, w, at)
			head, check := row, ""
			if (squeeze == withWhy || squeeze == wholeBarWhy) && checks[n-1].Said {
				var apart bool
				if head, check, apart = withCheck(t, row, checks[n-1].CheckAhead, squeeze == withWhy, define, w); apart && quick == nil {
					quick = &checks[n-1].CheckAhead
				}
			}
			c := head + check
			// The soon return's why after the check, where both fit and the check follows the
			// whole row: taken first, it left a replica back early and queueing no room for its
			// forecast (a reviewer: the domino's r3 at 36s).
			if head == row && noted != "" && ansiWidth(noted+check) <= w {
				c, soon = noted+check, append(soon, n)
			}
			cells = append(cells, c)
			widest = max(widest, ansiWidth(c))
			if size, at := max(len(r.Pool.Workers), r.Pool.Size), replicaBarCells(squeeze); size > at {
				per = float64(size) / float64(at) // the replicas' pools are alike
			}
		})
		return cells, widest, per, max(1, min((w+gap)/(widest+gap), len(cells))), quick, soon
	}
	grid := func(cells []string, widest, cols int) []string {
		perCol := (len(cells) + cols - 1) / cols
		out := make([]string, perCol)
		for i, c := range cells {
			r, col := i%perCol, i/perCol
			if col > 0 {
				out[r] += strings.Repeat(" ", gap)
			}
			if col < cols-1 {
				c = fit(c, widest)
			}
			out[r] += c
		}
		return out
	}
	var cells []string
	var widest, cols, squeeze int
	var per float64
	var quick *lab.CheckAhead
	var soon []int
	for _, squeeze = range []int{withWhy, 0, wholeBarWhy, wholeBar, wholeBarBrief, 1, 2} {
		cells, widest, per, cols, quick, soon = rows(squeeze)
		if widest > w {
			continue
		}
		// The why only where the rows stay as many across: at 200 columns it put the
		// domino's four replicas 1 across, not 2, two lines for a clause (review 24).
		if without, ok := withoutWhy[squeeze]; ok {
			if bare, bareW, barePer, bareCols, bareQuick, bareSoon := rows(without); bareCols > cols {
				cells, widest, per, cols, squeeze, quick, soon = bare, bareW, barePer, bareCols, without, bareQuick, bareSoon
			}
		}
		break
	}
	out := grid(cells, widest, cols)
	if per == 0 {
		return out, quick, soon
	}
	// Short of room the note is left out whole: "1 cell ≈ 2" without its unit read as a
	// number cut from its unit. Before that, where no replica queues, compact rows without
	// their "+  0 queued" make room: left out, three P's of a 10-cell bar read as 3 busy,
	// not 5 (newcomer 33, a compare half at 120x40). Their bar is compact's, so the note is.
	note := scaleNote(per, " workers", true)
	if withNote(t, out, note, w) || squeeze <= 0 || s.Pool.Queued > 0 {
		return out, quick, soon
	}
	quiet, quietW, _, quietCols, _, _ := rows(quietSqueeze)
	if quiet := grid(quiet, quietW, quietCols); withNote(t, quiet, note, w) {
		return quiet, nil, nil // quiet rows say no check, nor a soon return
	}
	return out, quick, soon
}

// withCheck is a row in rotation with what a check sent to it now meets, in the first of
// lab's words that fits in w (only brief ones where whole is false, none that says "quick"
// where define is false), else the row alone: "in rotation; a check now has 16 P + 46 quick
// ahead: would time out; 2 in a row pull it" says why a queue of 62 still passes its checks, and
// whether its checks time out (newcomer 52); P is the payments' glyph, S and H the others'.
// Where the quick ones fit only in place of "in rotation", they take its place: the row's
// counts then add up, and a check's verdict says it is in rotation (review 47). The row with
// its check is head+check: head is the row, or the row without its "in rotation" where the
// check takes its place; check is "" where none fits. quick: the row says "quick".
func withCheck(t *theme, row string, c lab.CheckAhead, whole, define bool, w int) (head, check string, quick bool) {
	bare, plain := strings.CutSuffix(row, t.status.Render("in rotation"))
	for _, f := range c.Words(func(c lab.Class) string { return string(t.letter[c]) }) {
		type form struct{ head, check string }
		var forms []form
		switch {
		case f.Quick && !define:
		case f.Whole && whole:
			forms = append(forms, form{row, t.dim.Render("; " + f.Text)})
		case !f.Whole:
			forms = append(forms, form{row, t.dim.Render(", " + f.Text)})
			if f.Apart && plain {
				forms = append(forms, form{bare, t.dim.Render(f.Text)})
			}
		}
		for _, fm := range forms {
			if ansiWidth(fm.head+fm.check) <= w {
				return fm.head, fm.check, f.Quick
			}
		}
	}
	return row, "", false
}

// withNote puts note beside the first of rows it fits after in w, and says if it did.
func withNote(t *theme, rows []string, note string, w int) bool {
	for i := range rows {
		if ansiWidth(rows[i])+ansiWidth(note) <= w {
			rows[i] += t.dim.Render(note)
			return true
		}
	}
	return false
}

// replicaBarCells is the most cells a replica's pool picture takes at squeeze (replicaRow).
func replicaBarCells(squeeze int) int {
	if squeeze > 0 && squeeze < wholeBar {
		return compactCells
	}
	return replicaCells
}

// replicaRow: "r3 PPPPPPPPSS········ 10/20 busy  rej:pool 12  PULLED at 9.2s"; last is its
// latest time out of rotation (At 0: none), drainedAt when its drain began if it is drained
// now (0: it is not). Its count is its own so far, the table's column: every class its pool
// turned away (the balancer's belong to no replica), so the rows add up to the column. Its
// last second's rate read "starved 0/s" on every row of the fleet domino, whose replicas
// queue or are out of rotation, beside 74.6/s signups starving at the balancer (a newcomer of
// round 11); "starved", the header's word, counted the pool's alone there beside the
// header's pool and balancer (newcomer 26). squeeze 1: a shorter bar, no count (the table has the fleet's),
// and the state in fewer words: "r3 PPPPSS···· 10/20 +  0 queued  PULLED 9.2s"; 2: a
// replica back in rotation without when it was pulled. The count is padded to countW, the
// rows' widest. Its times are the rows', at (fs.RowTimes, worked out once a frame): as the pulls line writes them, all to
// the millisecond where it writes one row's so, but a drain's, the operator's, as set (to the
// tenth: "DRAINED for a deploy at 5.001s" beside "drained since 5.0s", a reviewer). soon: with withWhy, the row in other words
// where its return came sooner than the balancer's rules, and why
// (lab.FleetConfig.SoonNote), for replicaRows to take where it fits after the row's check;
// "" where none.
func replicaRow(t *theme, fs *lab.FleetStats, n int, last lab.Pull, drainedAt time.Duration, squeeze, countW, w int, at func(time.Duration) string) (row, soon string) {
	r := &fs.Replicas[n-1]
	compact := squeeze > 0
	name := fmt.Sprintf("r%-*d", len(strconv.Itoa(len(fs.Replicas))), n)
	p := r.Pool
	cellsAt := replicaBarCells(squeeze)
	var gs []glyph
	if size := max(len(p.Workers), p.Size); size <= cellsAt {
		gs = make([]glyph, size)
		for i, wk := range p.Workers {
			gs[i] = glyphOf(wk)
		}
	} else {
		gs = barGlyphs(countWorkers(p), cellsAt)
	}
	busy := fmt.Sprintf(" %*d/%d", len(strconv.Itoa(p.Size)), p.Busy, p.Size)
	switch {
	case squeeze == quietSqueeze: // no replica queues: the room is its scale's (replicaRows)
	case p.Unbounded: // no cap to line the counts up to
		busy += fmt.Sprintf(" +%d queued", p.Queued)
	case p.HasQueue():
		busy += fmt.Sprintf(" +%*d queued", len(strconv.Itoa(p.QueueCap)), p.Queued)
	}
	rejected := fmtCount(r.TurnedAway(lab.RejectPool))
	h := r.Health
	// alt is state in other words with wholeBarWhy: the rule without when it fell, taken
	// where state does not fit (all times to the millisecond cost "pulled 27.9s, back 39.438s
	// after 100 ok" the 2 columns 80 left it).
	var state, alt string
	switch {
	case compact:
		brief, rule := squeeze > 1 && squeeze != wholeBar && squeeze != wholeBarWhy, squeeze == wholeBarWhy
		state = compactState(t, fs, n, last, drainedAt, drainedWord, brief, rule, at) + holds(t, p, drainedAt == 0 && h.Pulled, squeeze)
		if rule {
			alt = compactState(t, fs, n, last, drainedAt, drainedWord, true, rule, at) + holds(t, p, drainedAt == 0 && h.Pulled, squeeze)
		}
	case drainedAt > 0:
		state = t.alert.Render(drainedWord+" at "+lab.FmtSecs(drainedAt)) + holds(t, p, false, squeeze)
	case h.Pulled && len(h.History) > 0:
		state = t.alert.Render("PULLED at "+at(h.History[len(h.History)-1].At)) + holds(t, p, true, squeeze)
	case h.Pulled:
		state = t.alert.Render("PULLED") + holds(t, p, true, squeeze)
	case h.FailStreak > 0:
		state = t.status.Render("in rotation") + t.alert.Render(fmt.Sprintf(" %d/%d checks not ok", h.FailStreak, r.Config.Fleet.PullAfter))
	case last.Returned() && last.Drained: // back when the drain ended: no checks brought it
		state = t.status.Render("in rotation") + t.dim.Render(" ("+last.Drain(lab.FmtSecs(last.At), false)+")")
	case last.Returned():
		back := " (back at " + at(last.ReturnedAt)
		state = t.status.Render("in rotation") + t.dim.Render(back+")")
		// Sooner than the balancer line's ~10s, and why.
		if note := r.Config.Fleet.SoonNote(last); note != "" && squeeze == withWhy {
			soon = t.status.Render("in rotation") + t.dim.Render(back+note+")")
		}
	default:
		state = t.status.Render("in rotation")
	}
	row = t.bold.Render(name) + " " + t.cells(gs, t.glyph) + busy
	if !compact {
		row += t.dim.Render("  "+lab.TurnedAway(lab.RejectPool).Term().Column+" ") + padLeft(rejected, countW)
	}
	row += "  "
	if soon != "" {
		soon = row + soon
	}
	if alt != "" && ansiWidth(row+state) > w {
		return row + alt, soon
	}
	return row + state, soon
}

// holds is why a replica out of rotation (pulled, or else drained) still has busy workers
// or a queue, at squeeze withWhy, and only where it has: it finishes what it holds, and a
// pulled one gets the balancer's checks still (review 32 #4: "finishes what it holds" alone
// beside a queue of checks that grows); at wholeBarWhy, a pulled one's checks alone, the
// essential part at 80 columns. A pulled replica's 20/20 + 41 queued read as work still
// sent to it (n37), as a drained one's did.
func holds(t *theme, p lab.PoolStats, pulled bool, squeeze int) string {
	switch {
	case !p.AtWork() && squeeze == withWhy && !pulled:
		// Drained and empty: the work it held then was done (newcomer 43 G-15: "busiest 5–6s:
		// 79" of 80 beside r1 "DRAINED … at 5.0s", nothing said of what drain does to it).
		return t.dim.Render(outHeld)
	case !p.AtWork():
	case squeeze == withWhy && pulled:
		return t.dim.Render(" (" + lab.PulledHolds + ")")
	case squeeze == withWhy:
		return t.dim.Render(outHolds)
	case squeeze == wholeBarWhy && pulled:
		return t.dim.Render(" (" + lab.PulledHoldsBrief + ")")
	}
	return ""
}

// withWhy is replicaRow's squeeze with room to spare: a replica out of rotation that still
// holds work says it finishes it, and a pulled one that it gets checks (holds). The
// domino's chart counted 79 workers held of the 60 in rotation a second after the drain,
// with nothing to say r1's 20 still worked (newcomer 31).
// quietSqueeze is the briefest, without the queued clause, for rows where none queues.
const (
	quietSqueeze = 3
	withWhy      = -1
	// wholeBar and wholeBarBrief are squeezes 1 and 2 with the whole bar, a worker a cell:
	// before the bar is halved, the count and the longer state go, as 80 columns and a
	// compare half at 120 hold it; at 2 workers a cell 5 payments beside 5 payments and a
	// signup drew 3 cells and 2 (newcomer 34 #15), and no rounding of a class's cells draws
	// equal counts alike on every bar (review 29 lab #3).
	wholeBar, wholeBarBrief = 4, 5
	// wholeBarWhy is wholeBar with a pulled replica's checks (holds), where that fits.
	wholeBarWhy       = 6
	outHolds, outHeld = " (finishes what it holds)", " (finished what it held)"
)

// withoutWhy is each squeeze with a why and the same rows without it, taken where those
// put more rows across.
var withoutWhy = map[int]int{withWhy: 0, wholeBarWhy: wholeBar}

// drainedWord is a drained replica's state, with why, as the narrator says it: "DRAINED"
// bare, beside "PULLED", read as one more failure (newcomer 22); drainedBare where that
// costs a line.
const drainedWord, drainedBare = "DRAINED for a deploy", "DRAINED"

// compactState is a replica's state in the fewest words: "DRAINED for a deploy 5.0s" (in
// the words drained), "in rotation, drained 5.0s–35.0s" once over, "PULLED 11.9s", "in
// rotation, 1/2 not ok" (not "failed": the health row counts timed-out and rej:pool,
// failed 0), "in rotation, pulled 9.3s,
// back 19.5s", with rule "pulled 9.3s, back 19.5s after 100 ok" (n43 G-16: at 80 columns the
// balancer's rule had no line), with rule and brief "back 39.438s after 100 ok" (the rule
// where when it fell has no room); replica n of fs, its times as its row writes them
// (lab.FleetStats.RowTimes), a drain's as set, as replicaRow's.
func compactState(t *theme, fs *lab.FleetStats, n int, last lab.Pull, drainedAt time.Duration, drained string, brief, rule bool, outAt func(time.Duration) string) string {
	r := &fs.Replicas[n-1]
	h := r.Health
	switch {
	case drainedAt > 0:
		return t.alert.Render(drained + " " + lab.FmtSecs(drainedAt))
	case h.Pulled && len(h.History) > 0:
		return t.alert.Render("PULLED " + outAt(h.History[len(h.History)-1].At))
	case h.Pulled:
		return t.alert.Render("PULLED")
	case h.FailStreak > 0:
		return t.status.Render("in rotation") + t.alert.Render(fmt.Sprintf(", %d/%d not ok", h.FailStreak, r.Config.Fleet.PullAfter))
	case last.Returned() && last.Drained: // no "pulled", no checks ok: the drain ended (newcomer 67)
		return t.status.Render("in rotation") + t.dim.Render(", "+last.Drain(lab.FmtSecs(last.At), false))
	case last.Returned() && brief && rule: // the rule's form without when it fell, as short as brief's
		return t.dim.Render("back " + outAt(last.ReturnedAt) + fmt.Sprintf(" after %d ok", r.Config.Fleet.ReturnAfter))
	case last.Returned() && brief:
		return t.status.Render("in rotation") + t.dim.Render(", back "+outAt(last.ReturnedAt))
	case last.Returned() && rule: // "back" says in rotation; the rule says why then (n43 G-16)
		return t.dim.Render("pulled " + outAt(last.At) + ", back " + outAt(last.ReturnedAt) + fmt.Sprintf(" after %d ok", r.Config.Fleet.ReturnAfter))
	case last.Returned(): // when it fell too: the domino's order stays readable
		return t.status.Render("in rotation") + t.dim.Render(", pulled "+outAt(last.At)+", back "+outAt(last.ReturnedAt))
	}
	return t.status.Render("in rotation")
}

// backMark is replica n's return to rotation on the pulls line: its mark raised, "⁴" for
// r4 back, as replicaMark's 1–9, A, …. A "^" for every return did not say which replica came
// back, nor is it always the one pulled last (the domino's r2 back at 39.4s after r1 and r3
// went out; newcomer 79 G5).
func backMark(n int) string {
	if n < 1 || n > len(raisedMarks) { // no such replica: config checks keep fleet.replicas ≤ lab.MaxReplicas
		return "^"
	}
	return raisedMarks[n-1]
}

// raisedMarks are backMark's, one for each of up to lab.MaxReplicas replicas (a test holds
// the count to it).
var raisedMarks = strings.Split("¹²³⁴⁵⁶⁷⁸⁹ᴬᴮᶜᴰᴱᶠᴳ", "")

// replicaMark names replica n on the time line in one cell: 1–9, then A, B, ….
func replicaMark(n int) string {
	if n < 10 {
		return strconv.Itoa(n)
	}
	return string(rune('A' + n - 10))
}

// pullAxis puts every pull on a line from the start to now, each where it happened, marked
// with its replica, the drain as D (the operator's, not a pull; the list under it says
// which replica), and each return to rotation as its replica's backMark; one still out stands out.
func pullAxis(t *theme, fs *lab.FleetStats, elapsed time.Duration, w int) string {
	label, end := t.bold.Render("pulls")+"  0s ", " "+fmtSecs(elapsed)
	// A mark on the line, in time order: a pull's or the drain's, or a return's.
	type event struct {
		at   time.Duration
		mark string
		st   lipgloss.Style
	}
	var events []event
	var latest lab.Pull // the latest return on the line
	// Each mark at its time as written (lab.ShownAt): the list's outs, the rows' returns.
	outAt, _ := fs.OutTimes()
	backAt := fs.RowTimes(true)
	for i, p := range fs.Outs() {
		mark, st := replicaMark(p.Replica), t.dim
		if p.Drained {
			mark = "D"
		}
		if !p.Returned() {
			st = t.alert
		}
		events = append(events, event{lab.ShownAt(p.At, outAt[i]), mark, st})
		if p.Returned() && p.ReturnedAt <= elapsed { // r4's return at 19.5s, said twice in words, had no mark (newcomer 29)
			events = append(events, event{lab.ShownAt(p.ReturnedAt, backAt(p.ReturnedAt)), backMark(p.Replica), t.dim})
			if p.ReturnedAt > latest.ReturnedAt {
				latest = p
			}
		}
	}
	slices.SortStableFunc(events, func(a, b event) int { return cmp.Compare(a.at, b.at) })
	// The marks' key: a digit is the replica pulled (newcomer 11 had to guess), D the drain;
	// narrower, in fewer words, not none (newcomer 22 could not read "4" and "23" at 80).
	var key []string
	switch {
	case len(fs.Pulls) == 0:
	case w >= 100:
		key = append(key, "digit: replica pulled")
	default:
		key = append(key, "digit: replica")
	}
	if fs.Drain != nil && fs.Drain.At > 0 {
		key = append(key, "D drain")
	}
	if latest.Returned() { // the latest return, named, says how to read them all: "⁴ r4 back"
		key = append(key, fmt.Sprintf("%s r%d back", backMark(latest.Replica), latest.Replica))
	}
	// The key's last items go first where they leave the line under 10 cells (a compare
	// half's 59 drew the line a cell past its width; review 31 #16).
	for ; len(key) > 0; key = key[:len(key)-1] {
		label = t.bold.Render("pulls") + t.dim.Render(" ("+strings.Join(key, ", ")+")") + "  0s "
		if w-ansiWidth(label)-len([]rune(end)) >= 10 {
			break
		}
	}
	if len(key) == 0 {
		label = t.bold.Render("pulls") + "  0s "
	}
	n := max(w-ansiWidth(label)-len([]rune(end)), 10)
	// Each mark in the cell of its time; marks that share a cell take the next ones, side
	// by side: "2·3" for r2 and r3 25ms apart put r3 ≈0.4s late on a 30s line (newcomer 38
	// W10). A digit is a replica (the key says so), and the list under the line gives both
	// times, so "23" is not read as twenty-three (newcomer 36 #32). The cells split the line's
	// span as written ("40.0s"), in whole nanoseconds: no float lands a mark a cell early.
	cols := make([]int, len(events))
	span := lab.ShownSecs(elapsed)
	for i, e := range events {
		if span > 0 {
			cols[i] = min(int(int64(n)*int64(e.at)/int64(span)), n-1)
		}
	}
	cols = apart(cols, n)
	marks := make([]string, n) // "": nothing happened there
	for i, e := range events {
		marks[cols[i]] = e.st.Render(e.mark)
	}
	var b strings.Builder
	b.WriteString(label)
	for i := 0; i < n; {
		j := i
		for j < n && marks[j] == "" {
			j++
		}
		if j > i {
			b.WriteString(t.idle.Render(strings.Repeat("·", j-i)))
		}
		if j < n {
			b.WriteString(marks[j])
			j++
		}
		i = j
	}
	return b.String() + t.dim.Render(end)
}

// apart moves marks at cols (in time order, each in 0..n-1) the fewest cells needed for
// each to have a cell of its own, in the same order: two pulls 0.1s apart fall in one cell
// of a 20s line, and one mark over the other hid a tile of the domino (newcomer 16: r2 at
// 12.8s under r3 at 12.9s). The list under the line gives each one's time. With more marks
// than cells, the first share cell 0.
func apart(cols []int, n int) []int {
	for i := 1; i < len(cols); i++ {
		cols[i] = max(cols[i], cols[i-1]+1)
	}
	for i := len(cols) - 1; i >= 0; i-- {
		last := n - 1
		if i+1 < len(cols) {
			last = cols[i+1] - 1
		}
		cols[i] = max(min(cols[i], last), 0)
	}
	return cols
}

// pullList is the pulls (and the drain) in words with the gap before each, the latest that
// fit: the gaps shrinking is the domino. One whose first failed check was sent before the
// one before went out (cfg's Together) follows it after a comma, not an arrow.
func pullList(t *theme, fs *lab.FleetStats, cfg lab.FleetConfig, w int) string {
	label := t.dim.Render("       ")
	outs := fs.Outs()
	if len(outs) == 0 {
		return label + t.dim.Render("none yet: every replica passes its checks")
	}
	// The latest few: more never fit a line.
	const most = 16
	from := max(len(outs)-most, 0)
	var words, bare, seps []string // bare: without the gaps, which the times say too; seps: before each
	at, gaps := fs.OutTimes()
	for i := from; i < len(outs); i++ {
		p := outs[i]
		w := pullWord(p, at[i], false)
		bare = append(bare, w)
		sep := t.dim.Render(" → ")
		if i > 0 {
			w += t.dim.Render(" (+" + gaps[i] + ")")
			sep = t.dim.Render(pullSep(cfg, outs[i-1], p))
		}
		words, seps = append(words, w), append(seps, sep)
	}
	join := func(words []string, first int) string {
		var b strings.Builder
		for i, w := range words[first:] {
			if i > 0 {
				b.WriteString(seps[first+i])
			}
			b.WriteString(w)
		}
		return b.String()
	}
	// The latest stretch, as the header says it: the first one's end beside the latest
	// pulls read as over while a second lasted (review 18).
	tail := ""
	switch _, allFrom, until := fs.BalancerOut(); {
	case until > 0: // over: when, not a state
		// Its end is a return, which the rows write (fs.RowTimes): "38.563s–39.4s" stood
		// over r2's "back at 39.438s" (a reviewer).
		tail = t.dim.Render("  " + allOutWord(fs) + " " + fs.OutAt(allFrom) + "–" + fs.RowTimes(true)(until))
	case allFrom > 0:
		tail = t.alert.Render("  " + allOutWord(fs) + " since " + fs.OutAt(allFrom))
	}
	// The whole domino matters most, then when all were out (at 30s of the domino, 120
	// columns dropped "all out again since 27.9s" for gaps the times say too): a narrow
	// screen drops the gaps, then the indent, then that, before the first pulls.
	if from == 0 {
		all, bareLine := join(words, 0), join(bare, 0)
		for _, line := range []string{label + all + tail, label + bareLine + tail, bareLine + tail, bareLine} {
			if ansiWidth(line) <= w {
				return line
			}
		}
	}
	first := len(words) - 1
	for first > 0 && ansiWidth(label+"… "+join(words, first-1)+tail) <= w {
		first--
	}
	line := join(words, first)
	if first+from > 0 {
		line = t.dim.Render("… ") + line
	}
	return label + line + tail
}

// pullSep joins pull p to prev, the one out before it: after a comma where it was no effect
// of prev (cfg's Together), after an arrow where it followed.
func pullSep(cfg lab.FleetConfig, prev, p lab.Pull) string {
	if cfg.Together(prev, p) {
		return ", "
	}
	return " → "
}

// allOutWord names the latest stretch with every replica out (BalancerOut's): "all out"
// where it is the first, as the domino's story and the report name that one, else "all out
// again" (lab's AllOutAgain).
func allOutWord(fs *lab.FleetStats) string {
	if fs.AllOutAgain() {
		return "all out again"
	}
	return "all out"
}

// pullWord is one replica taken out of rotation, as the pulls line and the domino say it:
// "r4 9.3s", "r1 drained 5.0s for 30s" (lab's Pull.DrainInOrder; brief, as the domino's
// brief story says a drain still on).
func pullWord(p lab.Pull, at string, brief bool) string {
	if p.Drained {
		return fmt.Sprintf("r%d %s", p.Replica, p.DrainInOrder(at, brief))
	}
	return fmt.Sprintf("r%d %s", p.Replica, at)
}

// afterFirstFit is line with the first of forms that fits w after it, dimmed after " · ";
// false where none fits (or there are none).
func afterFirstFit(t *theme, line string, forms []string, w int) (string, bool) {
	with := make([]string, len(forms))
	for i, f := range forms {
		with[i] = line + t.dim.Render(" · "+f)
	}
	return firstFit(w, with...)
}
