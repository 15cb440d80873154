// The per-class table: its columns (one per registered rejection reason a run can have),
// its widths and how it narrows, its rows of totals and rates, and the notes under it.

package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"poollab/lab"
)

// A column of the per-class table. Its head is one line, the same at every width: an
// outcome's lab.Term column label, or a latency's name; rate is nil where there is no
// per-second rate.
type column struct {
	head   string
	word   string // what a pointer names it by: the outcome's word ("rejected:pool"); "": its head
	min    int
	drop   dropLevel  // when it gives way to a short width, the highest first
	quiet  bool       // may be dropped (before the others) when it is 0 for every class
	reason lab.Reason // a rejection column's reason (whether a run has it: can)
	// can, where set (a fate's column), says a run can have the column's fate (lab's
	// Snapshot.CanBe: a mechanism on, a cause of it in the settings): a table of runs none of
	// which can has no such column.
	can    func(s *lab.Snapshot) bool
	reject bool // one rejection reason's column
	part   bool // one of the wait's parts: they go together, as neither alone adds up to it
	pinned bool // the tour points at it: never dropped, whatever the width
	// measure, where set, makes it one of the lab's own measures (lab.Snapshot.Own): shown
	// only when asked for (m), unless the run's lesson rests on it.
	measure lab.Measure
	total   func(c lab.ClassStats) string
	rate    func(r *lab.Rates, class int) float64
}

// tableColumns lists every column, one per rejection reason the engine has, each outcome
// headed by its lab.Term column label, what came in by arrived's (lab.TrafficConfig's
// ArrivedTerm: a closed loop's sent).
func tableColumns(arrived lab.Term) []column {
	// A fate's column is where its run can come to it (lab's CanBe, which the compare's rows
	// draw "–" by too).
	fate := func(f lab.Fate) column {
		return column{head: f.Term().Column, word: f.Word(), min: 5,
			total: func(c lab.ClassStats) string { return fmtCount(c.At(f)) },
			can:   func(s *lab.Snapshot) bool { return s.CanBe(f) }}
	}
	ok, failed, timedOut := fate(lab.Ended(lab.OK)), fate(lab.Ended(lab.Failed)), fate(lab.Ended(lab.TimedOut))
	ok.rate = func(r *lab.Rates, i int) float64 { return r.OK[i] }
	failed.rate, failed.quiet = func(r *lab.Rates, i int) float64 { return r.Failed[i] }, true
	timedOut.rate, timedOut.quiet = func(r *lab.Rates, i int) float64 { return r.TimedOut[i] }, true
	cols := []column{
		// A closed loop's sent is the same column as its peer's arrived: as wide (so both
		// halves keep the same columns) and keyed alike.
		{head: arrived.Column, word: lab.TermArrived.Word, min: len([]rune(lab.TermArrived.Column)),
			total: func(c lab.ClassStats) string { return fmtCount(c.Arrived) },
			rate:  func(r *lab.Rates, i int) float64 { return r.Arrived[i] }},
		ok,
		{head: lab.TermOKShare.Column, min: 4, total: okShare},
		failed, timedOut,
	}
	for _, why := range lab.Reasons {
		c := fate(lab.TurnedAway(why))
		c.quiet, c.reason, c.reject = true, why, true // starvation too: where 0, it gives way to a latency first
		c.rate = func(r *lab.Rates, i int) float64 { return r.Rejected[i][why] }
		cols = append(cols, c)
	}
	return append(cols,
		fate(lab.FateInFlight),
		column{head: "p50", min: 5, drop: latencyDetail,
			total: func(c lab.ClassStats) string { return latency(c.Latency.P50, c.Latency.Count) }},
		column{head: "p99", min: 5,
			total: func(c lab.ClassStats) string { return latency(c.Latency.P99, c.Latency.Count) }},
		column{head: "p99:wait", min: 5, drop: latencyDetail, measure: lab.WorkerWait,
			total: func(c lab.ClassStats) string { return latency(c.QueueWait.P99, c.QueueWait.Count) }},
		column{head: "p99:lag", min: 5, drop: latencyDetail, part: true, measure: lab.WaitParts,
			total: func(c lab.ClassStats) string { return latency(c.Lag.P99, c.Lag.Count) }},
		column{head: "p99:dispatch", min: 5, drop: latencyDetail, part: true, measure: lab.WaitParts,
			total: func(c lab.ClassStats) string { return latency(c.Dispatch.P99, c.Dispatch.Count) }},
		column{head: "p99:service", min: 5, drop: serviceTime, measure: lab.ServiceTime,
			total: func(c lab.ClassStats) string { return latency(c.Service.P99, c.Service.Count) }},
	)
}

// dropLevel is when a column gives way to a short width: the highest first (narrower).
type dropLevel int

const (
	noDrop        dropLevel = iota // the outcomes and p99: given way only as narrower's last resort
	latencyDetail                  // p50, and the wait and its parts beside p99
	serviceTime                    // p99:service, and a reason's zeros where requests wait toward it
	zeros                          // a quiet column of zeros: the first to give way
)

// key names a column as a pointer does: its outcome's word ("rejected:pool"), else its head ("p50").
func (c column) key() string { return cmp.Or(c.word, c.head) }

// okShare is ok as a share of the requests that arrived (lab.TermOKShare): "6%", "–" before any.
func okShare(c lab.ClassStats) string { return fmtShare(c.OKShare(), c.Arrived) }

// tablePeer is a compare half's other side: the snapshot whose columns its table shares, so
// the eye reads the two tables row to row (newcomer 25: rej:pool beside rej:bulkhead, an
// in-flight column on one side only), and that side's width, the narrower of the two
// deciding which columns both show. Zero for a lab alone.
type tablePeer struct {
	snap *lab.Snapshot
	w    int
}

// tableLines draws the per-class table: for each class a row of running totals and, with
// rates, a row of per-second rates over the last few whole seconds of run time, which its
// label states ("/s 1–6s": from 1 s to 6 s; lab.Rates). Classes without traffic in this run
// are left out. notes say what the column groups shown mean. Cells that marks point at (the
// tour's answer) stand out: ▶ and reverse video. Beside a peer (compare mode; zero alone),
// a column either side has, both show (0 where one has none), chosen on both sides' values
// in the narrower width. The lab's own measures are there with machine (m), else only where
// either side's lesson rests on one.
func tableLines(t *theme, s *lab.Snapshot, peer tablePeer, w int, rates bool, marks []pointer, machine bool) (lines []string, notes tableNotes) {
	both, fit := []*lab.Snapshot{s}, w
	if peer.snap != nil {
		both, fit = append(both, peer.snap), min(w, peer.w)
	}
	cols := slices.DeleteFunc(tableColumns(s.Config.Traffic.ArrivedTerm()), func(c column) bool {
		return c.can != nil && !slices.ContainsFunc(both, c.can)
	})
	// The name column as wide as either side's needs, so both sum their columns alike and
	// drop the same ones ("  /s 1–9s" beside "  /s 1–10s" a second apart, review 13).
	nameW := 8
	each := make([]lab.Rates, len(both)) // each side's rates: this one's first
	labels := make([]string, len(both))  // each side's rate row's name
	for k, sn := range both {
		each[k] = sn.Rates()
		labels[k] = strings.TrimRight("  /s "+each[k].Span(), " ")
		for _, c := range lab.Classes {
			nameW = max(nameW, len([]rune(sn.Config.Traffic.Label(c)))+2)
		}
		nameW = max(nameW, ansiWidth(labels[k])+1)
	}
	rs, rowLabel := each[0], labels[0]
	rateCell := func(c column, rs *lab.Rates, ci int) string {
		switch {
		case c.rate == nil:
			return ""
		case rs.Seconds == 0:
			return "–"
		}
		return fmtPerSec(c.rate(rs, ci))
	}
	// Each column is as wide as its name or its widest value, plus one space before it; in a
	// compare, the widest of both sides' (their rates too, whichever level each half draws
	// at), so both sides make the same choices.
	widths := func(cols []column) ([]int, int) {
		ws := make([]int, len(cols))
		sum := nameW
		for i, c := range cols {
			ws[i] = max(c.min, len([]rune(c.head)))
			for ci := range lab.Classes {
				for k, sn := range both {
					ws[i] = max(ws[i], ansiWidth(c.total(sn.Classes[ci])))
					if rates || peer.snap != nil {
						ws[i] = max(ws[i], ansiWidth(rateCell(c, &each[k], ci)))
					}
				}
			}
			ws[i]++
			sum += ws[i]
		}
		return ws, sum
	}
	for i, c := range cols {
		if c.quiet && !slices.ContainsFunc(both, func(s *lab.Snapshot) bool { return !allZero(c, s) }) {
			cols[i].drop = zeros
			// Zeros where requests wait toward it (lab.Reason.Awaited): as p99:service, so
			// that the table already has the columns it will have once they come (the fix at
			// 25s drops p99:service for rejected:deadline at 80x24).
			if c.reject && slices.ContainsFunc(both, func(s *lab.Snapshot) bool { return c.reason.Awaited(s) }) {
				cols[i].drop = serviceTime
			}
		}
		// The number the tour points at is the lesson: a narrow table drops the others first.
		if slices.ContainsFunc(lab.Classes[:], func(cl lab.Class) bool { return marked(marks, cl, c.key()) }) {
			cols[i].pinned = true
		}
	}
	narrow := func(cols []column) ([]column, []int, int) {
		ws, sum := widths(cols)
		for sum > fit {
			var ok bool
			if cols, ok = narrower(cols); !ok {
				break
			}
			ws, sum = widths(cols)
		}
		return cols, ws, sum
	}
	all, ws, sum := narrow(slices.Clone(cols))
	// Without the lab's own measures, the rest are chosen again in the room they leave, so a
	// lesson's column (p99:service) is not dropped for them (review 21); the columns of zeros
	// the width dropped beside them stay dropped, or that room brings back a mechanism that is
	// off (rej:bulkhead beside "bulkhead none").
	if !machine {
		dropped := func(c column) bool {
			return c.drop == zeros && !slices.ContainsFunc(all, func(k column) bool { return k.head == c.head })
		}
		all, ws, sum = narrow(slices.DeleteFunc(cols, func(c column) bool {
			return hiddenMeasure(c.measure, both) || dropped(c)
		}))
	}
	cols = all
	// Spread what is left, a little, so wide screens don't cram the numbers together.
	if spare := w - sum; spare > 0 {
		each := min(spare/len(cols), 4)
		for i := range ws {
			ws[i] += each
		}
	}

	// One header line: each column's head over its numbers, the same words at every width.
	head := padRight("class", nameW)
	shown := map[string]bool{}
	for i, c := range cols {
		shown[c.head] = true
		head += padLeft(c.head, ws[i])
	}
	lines = []string{t.dim.Render(head)}

	for ci, c := range lab.Classes {
		cs := s.Classes[ci]
		if !s.Active(c) {
			continue
		}
		row := t.name[ci].Render(padRight(s.Config.Traffic.Label(c), nameW))
		rate := padRight(rowLabel, nameW)
		for i, col := range cols {
			total, perSec := col.total(cs), rateCell(col, &rs, ci)
			if col.can != nil && !col.can(s) {
				// The peer's column, with nothing on this side that can fill it: "–", not 0
				// (newcomer 31: long-queue's "rej:codel 0" beside codel-queue read as A running
				// CoDel; review s87b: postmortem's "timed-out 0" beside timeout off).
				total, perSec = "–", "–"
			}
			cell := padLeft(total, ws[i])
			if marked(marks, c, col.key()) {
				cell = markedCell(t, total, ws[i])
			}
			row += cell
			rate += padLeft(perSec, ws[i])
		}
		lines = append(lines, row)
		if rates {
			lines = append(lines, t.dim.Render(strings.TrimRight(rate, " ")))
		}
	}
	outrun := rates && slices.ContainsFunc(lab.Classes[:], func(c lab.Class) bool { return s.Active(c) && rs.Outrun(c) })
	var inFlight []lab.Class
	if shown[lab.TermOKShare.Column] {
		// Without its column, every class's in flight is said under the table, or a row does
		// not add up (newcomer 23: payment 97 arrived, 0 ok, 45 timed out, 35 rejected).
		inFlight = inFlightMisreads(s, !shown[lab.FateInFlight.Term().Column])
	}
	notes = newTableNotes(s, rs, shown, rates, outrun, inFlight, w)
	// Random arrivals wander off the set rate over a few seconds: say so where it shows.
	if !rates || rs.Seconds == 0 {
		return lines, notes
	}
	// A row whose ends and rejections a second do not sum to its arrivals a second: by how
	// much its in flight moved (newcomer 34). One, of the largest move, and not in a compare
	// half: a line for each took the rows of the charts' titles, and in a half the other's
	// health items.
	if moved, ok := unbalanced(s, rs); ok && peer.snap == nil {
		notes.rest = append(notes.rest, flowNote(s, rs, moved))
	}
	for _, c := range lab.Classes {
		if drifted, must := s.DriftSaid(&rs, c); s.Active(c) && drifted {
			name, seed := s.Config.Traffic.Label(c), s.Config.Traffic.Seed
			to := &notes.rest
			if must {
				to = &notes.must
			}
			*to = append(*to, []string{
				fmt.Sprintf("arrived/s is random around the set rate (Poisson, seed %d: the same draw every run): %s %s here, %s set",
					seed, name, fmtPerSec(rs.Arrived[c]), fmtPerSec(rs.Set[c])),
				fmt.Sprintf("arrived/s is random around the set rate (seed %d): %s %s here, %s set", seed, name, fmtPerSec(rs.Arrived[c]), fmtPerSec(rs.Set[c])),
				fmt.Sprintf("arrived/s: random around the set rate (%s %s set)", name, fmtPerSec(rs.Set[c]))})
			break
		}
	}
	return lines, notes
}

// unbalanced is the active class whose /s row does not add up as printed
// (lab.Rates.Unbalanced) and whose in flight moved most, the first of equals; false: none.
func unbalanced(s *lab.Snapshot, rs lab.Rates) (lab.Class, bool) {
	var most lab.Class
	found := false
	for _, c := range lab.Classes {
		if s.Active(c) && rs.Unbalanced(c) && (!found || abs64(rs.InFlightGrew(c)) > abs64(rs.InFlightGrew(most))) {
			most, found = c, true
		}
	}
	return most, found
}

func abs64(n int64) int64 { return max(n, -n) }

// inFlightWhere says where in flight is, with a queue: queued or on a worker (newcomer 16 read
// 26 signups in flight beside none on a worker as a miscount).
func inFlightWhere(s *lab.Snapshot) string {
	if s.Pool.HasQueue() {
		return " (queued or on a worker)"
	}
	return ""
}

// flowNote says why class c's /s row does not add up: over the same seconds its in flight
// (lab's count: arrived less ended or turned away) fell or grew, so more or fewer left than
// arrived. "Ended or turned away", as the note on in flight says "not ended".
func flowNote(s *lab.Snapshot, rs lab.Rates, c lab.Class) []string {
	name, arrived := s.Config.Traffic.Label(c), s.Config.Traffic.ArrivedTerm().Word
	grew, moved := rs.InFlightGrew(c), "grew"
	if grew < 0 {
		moved = "fell"
	}
	where := inFlightWhere(s)
	out, in, by := fmtPerSec(rs.Ended(c)), fmtPerSec(rs.Arrived[c]), abs64(grew)
	return []string{
		fmt.Sprintf("/s %s: %s ended or turned away %s of %s %s: its in flight%s %s", rs.Span(), name, out, in, arrived, where, rs.InFlightMoved(c)),
		fmt.Sprintf("/s %s: %s ended or turned away %s of %s %s: its in flight %s by %d", rs.Span(), name, out, in, arrived, moved, by),
		// Which two rates, in the fewest words: "signup out 91/s, in 80.4/s" left out
		// and in unsaid (n37 #28); "left" after "arrived" is the ended or turned away.
		fmt.Sprintf("/s: %s %s ended or turned away, %s %s: in flight %s by %d", name, out, in, arrived, moved, by),
		fmt.Sprintf("/s: %s %s %s, left %s: in flight %s %d", name, arrived, in, out, moved, by)}
}

// tableNotes are the notes under the table, each in its forms longest first: must, those
// every size with notes shows; rest, those that define the columns, where they have room.
type tableNotes struct {
	must [][]string
	rest [][]string
	// yields are must notes that give way where their line would cost another panel one
	// (labCtx.noYielding): at 80x24 under the ⚠ line, a settings row.
	yields [][]string
	// totals is the one note a table of totals alone still shows, in its forms: the in flight
	// its dropped column no longer counts, or a row does not add up (the review: a fleet
	// compare's half, 469 arrived beside 307 ok and 145 rejected).
	totals []string
}

// all is every note, each in the longest form that fits w.
func (n tableNotes) all(w int) []string {
	out := make([]string, 0, len(n.must)+len(n.rest))
	for _, forms := range slices.Concat(n.must, n.rest) {
		out = append(out, longestFit(w, forms...))
	}
	return out
}

// restFit is what of the rest fits after a last line of each width, its forms measured once
// and each width worked out once: laid tries every choice of the must notes' forms, and a
// fleet's dozen forms a row, measured again on each, cost a frame seconds under the race
// detector (the monkey's fleet session passed go test's 10 minutes beside a busy core).
type restFit struct {
	forms  [][]string
	widths [][]int
	sepW   int
	w      int
	memo   map[int]restPick
}

// A restPick is the rest that fits after a line: the forms, and their cells together, and
// which of the rest they are.
type restPick struct {
	forms []string
	size  int
	shown []int
}

func (n tableNotes) restFit(sepW, w int) *restFit {
	r := &restFit{forms: n.rest, widths: make([][]int, len(n.rest)), sepW: sepW, w: w, memo: map[int]restPick{}}
	for i, forms := range n.rest {
		for _, f := range forms {
			r.widths[i] = append(r.widths[i], ansiWidth(f))
		}
	}
	return r
}

// after is what of the rest fits after a last line cur cells wide: as many as fit in their
// shortest forms, in order (one that does not fit left out), then each in the longest form
// the room left allows. Longest first, "p99 of <100: their slowest" took the room of
// p99:wait's definition.
func (r *restFit) after(cur int) restPick {
	if p, ok := r.memo[cur]; ok {
		return p
	}
	room := r.w - cur
	var picked []int
	for i, ws := range r.widths {
		if need := r.sepW + ws[len(ws)-1]; need <= room {
			picked, room = append(picked, i), room-need
		}
	}
	p := restPick{shown: picked}
	for _, i := range picked {
		ws := r.widths[i]
		short := ws[len(ws)-1]
		k := len(ws) - 1 // the first form that fits the room, else the shortest
		for j, fw := range ws {
			if fw <= short+room {
				k = j
				break
			}
		}
		p.forms = append(p.forms, r.forms[i][k])
		p.size += ws[k]
		room -= ws[k] - short
	}
	r.memo[cur] = p
	return p
}

// laid wraps the notes in lines of w cells, joined by sep, at a level of detail: at full,
// every note, each in its longest form; at compact, the must notes in as many lines as
// their longest forms take, deeper in the fewest; of those, the forms that leave room for
// the most of the rest on their last line, then the longest, and that rest on it: at 80x24
// "p50 p99: latency of ok, failed and timed out requests; rejections left out" filled the
// line that p99:wait's definition and "p99 of <100: slowest" needed (newcomer 30).
func (n tableNotes) laid(sep string, w, level int) laidNotes {
	switch {
	case level == levelFull:
		every := make([]int, len(n.rest))
		for i := range every {
			every[i] = i
		}
		return laidNotes{wrapItems(n.all(w), sep, w), every}
	case len(n.must) == 0:
		return laidNotes{}
	}
	limit := 0 // deeper: the fewest lines
	if level == levelCompact {
		limit = len(wrapItems(n.all(w)[:len(n.must)], sep, w))
	}
	fitting := make([][]string, len(n.must)) // each note's forms that fit, else its last cut
	widths := make([][]int, len(n.must))
	for i, forms := range n.must {
		fitting[i] = slices.DeleteFunc(slices.Clone(forms), func(f string) bool { return ansiWidth(f) > w })
		if len(fitting[i]) == 0 {
			fitting[i] = []string{clip(forms[len(forms)-1], w)}
		}
		for _, f := range fitting[i] {
			widths[i] = append(widths[i], ansiWidth(f))
		}
	}
	// Every choice of forms (a few dozen), counted as wrapItems packs them: the fewest
	// lines (compact: within limit), then the most of the rest, then the most words.
	sepW := ansiWidth(sep)
	rest := n.restFit(sepW, w)
	at, best := make([]int, len(fitting)), []int(nil)
	bestH, bestRest, bestSize := 0, 0, 0
	for {
		h, cur, size := 0, 0, 0
		for i, ws := range widths {
			iw := ws[at[i]]
			size += iw
			switch {
			case cur == 0:
				h, cur = h+1, iw
			case cur+sepW+iw <= w:
				cur += sepW + iw
			default:
				h, cur = h+1, iw
			}
		}
		after := rest.after(cur)
		size += after.size
		if limit > 0 && h <= limit {
			h = limit // any number of lines within it is as good
		}
		if (limit == 0 || h == limit) && (best == nil || h < bestH || h == bestH && (len(after.forms) > bestRest || len(after.forms) == bestRest && size > bestSize)) {
			best, bestH, bestRest, bestSize = slices.Clone(at), h, len(after.forms), size
		}
		i := 0 // the next choice, as an odometer
		for ; i < len(at); i++ {
			if at[i]++; at[i] < len(fitting[i]) {
				break
			}
			at[i] = 0
		}
		if i == len(at) {
			break
		}
	}
	chosen := make([]string, len(fitting))
	for i, forms := range fitting {
		chosen[i] = forms[best[i]]
	}
	laid := laidNotes{lines: wrapItems(chosen, sep, w)}
	if k := len(laid.lines) - 1; k >= 0 {
		after := rest.after(ansiWidth(laid.lines[k]))
		laid.lines[k] = strings.Join(append([]string{laid.lines[k]}, after.forms...), sep)
		laid.rest = after.shown
	}
	return laid
}

// laidNotes are the notes as laid out, and which of the rest they say (their indices).
type laidNotes struct {
	lines []string
	rest  []int
}

// inFlightMisreads are, where ok% would pass off some class's requests still in flight as
// failures (lab.ClassStats.InFlightMisreads), or every, the classes shown with any in flight,
// the largest share in flight first: all of them, as a list of some left out a class the
// table shows in flight (newcomer 36 #31: signup 37 beside payment 44, health 45).
func inFlightMisreads(s *lab.Snapshot, every bool) []lab.Class {
	var out []lab.Class
	for i, c := range lab.Classes {
		cs := s.Classes[i]
		every = every || s.Active(c) && cs.InFlightMisreads()
		if s.Active(c) && cs.InFlight > 0 {
			out = append(out, c)
		}
	}
	if !every {
		return nil
	}
	slices.SortStableFunc(out, func(a, b lab.Class) int {
		return cmp.Compare(s.Classes[b].InFlightShare(), s.Classes[a].InFlightShare())
	})
	return out
}

// windowNote says over what time each number of the table is taken: the /s rows over the
// last whole seconds (lab.Rates: the second under way is not over, so not counted), every
// other cell since the start (lab.SinceStart).
func windowNote(rs lab.Rates) []string {
	if rs.Seconds == 0 {
		return []string{"/s: per second, from the first whole second on; every other number: " + lab.SinceStart,
			"/s: from the first whole second on; the rest " + lab.SinceStart, "/s: from 1s on; rest " + lab.SinceStart}
	}
	span, n := rs.Span(), rs.Seconds
	last, over, whole := fmt.Sprintf("the last %d whole seconds", n), fmt.Sprintf("the last %d seconds that are over", n), fmt.Sprintf("last %d whole seconds", n)
	if n == 1 {
		last, over, whole = "the last whole second", "the last second that is over", "last whole second"
	}
	return []string{
		fmt.Sprintf("/s %s: the mean of %s (the current one is not over yet); every other number: %s", span, last, lab.SinceStart),
		fmt.Sprintf("/s %s: mean of %s; all else %s", span, over, lab.SinceStart),
		fmt.Sprintf("/s %s: per second, %s; rest %s", span, whole, lab.SinceStart),
		fmt.Sprintf("/s %s: %s; rest %s", span, whole, lab.SinceStart),
		fmt.Sprintf("/s: mean of %s; rest %s", span, lab.SinceStart),
		fmt.Sprintf("/s %s, the rest %s", span, lab.SinceStart)}
}

// inFlightNote says what ok% counts as not ok that has not failed: the requests still in
// flight, of each class in cs, every one in every form: the first ones with their shares of
// arrivals (lab's), as many as fit, the rest by count alone. A list of as many as fit left a
// class out without a word at 80 columns (review 31 #10, newcomer 36 #31).
func inFlightNote(s *lab.Snapshot, cs []lab.Class) []string {
	arrived := s.Config.Traffic.ArrivedTerm().Word
	var forms []string
	each := make([]string, len(cs)) // "payment 75 (56%)"
	bare := make([]string, len(cs)) // "payment 75"
	for i, c := range cs {
		cl := s.Classes[c]
		bare[i] = s.Config.Traffic.Label(c) + " " + fmtCount(cl.InFlight)
		each[i] = fmt.Sprintf("%s (%s)", bare[i], fmtShare(cl.InFlightShare(), cl.Arrived))
	}
	where := inFlightWhere(s)
	least := 1 // one class: with its share, or by count alone in the short forms below
	if len(cs) > 1 {
		least = 0
	}
	for k := len(cs); k >= least; k-- {
		list := strings.Join(append(slices.Clone(each[:k]), bare[k:]...), ", ")
		forms = append(forms,
			"ok% = ok ÷ "+arrived+" counts those still in flight"+where+" as not ok, though they have not failed, only not ended: "+list,
			"ok% = ok ÷ "+arrived+" counts those still in flight"+where+" as not ok (not failed, not ended): "+list,
			"ok% = ok ÷ "+arrived+"; not ok yet, not failed, still in flight"+where+": "+list,
			"ok% = ok ÷ "+arrived+"; in flight"+where+", not failed yet: "+list)
	}
	// Every form defines ok% too: it stands for the definition the rest of the notes drop.
	// Each short form first with how many of them are queued, where some are: "payment 49 in
	// flight" beside 20/20 busy read as 49 on 20 workers (newcomer 33, long-queue 80x24).
	queued := s.Pool.QueuedBy[cs[0]]
	if where == "" {
		queued = 0
	}
	waiting := ", " + fmtCount(int64(queued)) + " of them waiting" // "of them", the pool picture's word: ", 29 queued" read as 49 + 29 (review 26)
	if len(cs) > 1 {
		rest := strings.Join(bare[1:], ", ")
		short := []string{"ok%=ok÷" + arrived + "; in flight, not failed: " + bare[0], "ok%=ok÷" + arrived + "; in flight: " + bare[0]}
		if queued > 0 {
			forms = append(forms, short[0]+" ("+waiting[2:]+"), "+rest, short[1]+" ("+waiting[2:]+"), "+rest)
		}
		return append(forms, short[0]+", "+rest, short[1]+", "+rest)
	}
	first := s.Classes[cs[0]]
	short := []string{"ok%=ok÷" + arrived + "; in flight, not failed: " + each[0], "ok%=ok÷" + arrived + "; " + each[0] + " in flight",
		fmt.Sprintf("ok%%=ok÷%s; %s in flight", arrived, bare[0]),
		// A bare count where no other class is in flight, only: beside another it read as
		// every class's (newcomer 15).
		fmt.Sprintf("ok%%=ok÷%s; %s in flight", arrived, fmtCount(first.InFlight))}
	if queued > 0 {
		for _, f := range short {
			forms = append(forms, f+waiting)
		}
		// Bare only where none of those fits: a longer bare form won the room of a queued one
		// (long-queue's compare half, 58 columns).
		return append(forms, short[len(short)-1])
	}
	return append(forms, short...)
}

// checksAboveTimeoutNote says how the health checks' p99 stands above their timeout
// (lab.Snapshot.ChecksAboveTimeout), which reads as a timeout that did not work: the
// timeout is the balancer's, which stops waiting while the check waits on in the queue.
// A lab alone has no balancer: its checks say what one would do (as its health items do).
func checksAboveTimeoutNote(name string, p99, timeout time.Duration, judge lab.Judge) []string {
	l, to := fmtLatency(p99), fmtDur(timeout)
	head, short := fmt.Sprintf("%s p99 %s > its %s timeout: ", name, l, to), fmt.Sprintf("%s p99 %s > %s timeout: ", name, l, to)
	stops, gives, gave := "the balancer stops", "the balancer gives", "the balancer gave"
	if judge == lab.NoBalancer {
		stops, gives, gave = "a balancer would stop", "a balancer would give", "a balancer would give"
	}
	return []string{
		head + fmt.Sprintf("%s waiting at %s, but the check still waits in the queue; a worker that reaches it later counts it timed out, with its whole time", stops, to),
		head + fmt.Sprintf("%s up at %s, the check waits on in the queue and counts timed out, its whole wait", gives, to),
		short + fmt.Sprintf("%s up at %s; the check waits on and counts timed out", gives, to),
		short + gave + " up, the check waited on",
		// A compare half: the reason in the fewest words.
		fmt.Sprintf("%s p99 %s > %s: checks wait on in the queue", name, l, to)}
}

// outrunColumns names the outcomes' rates that can top the arrivals, only those the table
// shows, in its own column words: "ok/s, timed out/s" under a table with no timed-out column
// sent the reader looking for one (newcomer 36 #23).
func outrunColumns(shown map[string]bool) string {
	var cols []string
	for _, o := range lab.Outcomes {
		if c := lab.Ended(o).Term().Column; shown[c] {
			cols = append(cols, c+"/s")
		}
	}
	if len(cols) == 0 { // a table too narrow for any: the rates still say ok
		cols = []string{lab.Ended(lab.OK).Term().Column + "/s"}
	}
	return lab.JoinList(cols, "or")
}

// mayYield says the settings let the table have a note that yields (tableNotes.yields: the
// adaptive limit's LimitFullSaid, the one today), so that a layout without them is worth
// drawing (spared); every yielding note's settings belong here.
func mayYield(s *lab.Snapshot) bool { return s.MaySayLimitFull() }

// newTableNotes say what the table shows. Those every size shows (must): the time each
// number is over (rs, the /s rows with rates);
// when a class's ok or timed out per second outruns its arrivals (outrun), why; and what
// ok% counts as not ok that has not failed, the requests in flight of the classes inFlight.
// Then the rest, each in the longest words that fit w: the definitions of the columns
// shown, what ok% and the rejections count, what the latencies are of, and what the wait is
// made of.
func newTableNotes(s *lab.Snapshot, rs lab.Rates, shown map[string]bool, rates, outrun bool, inFlight []lab.Class, w int) (notes tableNotes) {
	pick := func(forms ...string) { notes.rest = append(notes.rest, forms) }
	arrived := s.Config.Traffic.ArrivedTerm().Word // a closed loop's: sent
	if rates {
		notes.must = append(notes.must, windowNote(rs))
	}
	if outrun {
		tops := outrunColumns(shown)
		notes.must = append(notes.must, []string{
			"/s: each counted in the second it happens, so " + tops + " can top " + arrived + "/s as earlier ones finish",
			"/s: counted as each happens; " + tops + " can top " + arrived + "/s as earlier ones finish",
			"/s: " + tops + " can top " + arrived + "/s (earlier ones finishing)",
			tops + " can top " + arrived + "/s"})
	}
	if rates && s.Active(lab.Payment) {
		if e, ok := s.PaymentEndCap(&rs); ok {
			if rs.OverCap(lab.Payment, e) {
				notes.must = append(notes.must, e.OverCapNote(s.Config.Traffic.Label(lab.Payment), &rs))
			} else if rounds, loss, ok := s.FewerRounds(&rs, e); ok {
				notes.must = append(notes.must, e.FewerRoundsNote(s.Config.Traffic.Label(lab.Payment), &rs, rounds, loss))
			}
		}
	}
	if len(inFlight) > 0 {
		said := inFlightNote(s, inFlight)
		notes.must = append(notes.must, said)
		if !shown[lab.FateInFlight.Term().Column] {
			notes.totals = said
		}
	}
	said := lab.GatewaySaid(s)
	if said == nil {
		said = lab.DeadlineTimedOutSaid(s)
	}
	if said != nil && shown[lab.Ended(lab.TimedOut).Term().Column] {
		notes.must = append(notes.must, said)
	}
	if p99, to, ok := s.ChecksAboveTimeout(); ok && shown["p99"] {
		notes.must = append(notes.must, checksAboveTimeoutNote(s.Config.Traffic.Label(lab.Health), p99, to, s.ChecksJudge()))
	}
	// Each definition in four lengths; the line takes the longest length that fits.
	var defs [][4]string
	if shown[lab.TermOKShare.Column] && len(inFlight) == 0 { // else the note on in flight says it
		defs = append(defs, [4]string{"ok% = ok ÷ " + arrived, "ok% = ok ÷ " + arrived, "ok% = ok÷" + arrived, "ok%=ok÷" + arrived})
	}
	switch {
	case shown[lab.RejectedColumn.Column]:
		r := lab.RejectedColumn.Column
		defs = append(defs, [4]string{r + " = " + lab.RejectedColumn.Means, r + " = every reason together", r + ": every reason", r + "=any reason"})
	case slices.ContainsFunc(lab.Reasons, func(r lab.Reason) bool { return shown[lab.TurnedAway(r).Term().Column] }):
		// Briefest, the prefix alone: "rej:X=by X" was a riddle at 80 columns (newcomer 29).
		c := lab.AnyRejectedColumn
		def := [4]string{c + " = " + lab.AnyRejectedWord + ", turned away by X before it ran",
			c + " = " + lab.AnyRejectedWord + ", turned away by X", c + " = rejected by X", strings.TrimSuffix(c, ":X") + "=rejected"}
		defs = append(defs, def)
	}
	var lat []string
	for _, h := range []string{"p50", "p99"} {
		if shown[h] {
			lat = append(lat, h)
		}
	}
	if len(lat) > 0 {
		l := strings.Join(lat, " ")
		// Rejections left out, not "a rejection has none": one turned away by a deadline
		// waited 725ms first (newcomer 23, postmortem-fix).
		// Why from the scheduled arrival, briefly: bare, it made sense only after the open
		// loop's lesson (newcomer 34 #26); by the name the settings give it (newcomer 42 G1).
		defs = append(defs, [4]string{l + ": latency of ok, failed, timed out from the scheduled arrival, " + lab.TimeToWorker + " too; rejections left out",
			l + ": latency of ok, failed and timed out requests; rejections left out", l + ": of ok, failed, timed out; rejected excluded", l + ": excl. rejected"})
	}
	// A p99 of fewer than lab.EnoughSamples requests is their slowest (nearest rank
	// ⌈0.99·n⌉ = n; at 100 it is the second slowest): a compare marks it ? while a lab alone
	// printed it bare, and narrators quote it (newcomer 23). Named p99, not p99:wait …, whose
	// counts differ (the review).
	if k := slices.IndexFunc(lab.Classes[:], func(c lab.Class) bool {
		p := s.Classes[c].Latency
		return p.Count > 0 && !p.OfEnough()
	}); shown["p99"] && k >= 0 {
		// One phrase at every size, the ladder's (slowestForms); the compare's own count
		// (368, for a bound) stays in the compare's words: beside this one, "a compare needs
		// 368 to bound one" was a second threshold and a riddle (newcomers 27 and 28, review
		// 17 #9).
		pick(slowestForms(lab.ShortRungs(s.Classes[lab.Classes[k]].Latency.Count)[:1])...)
	}
	// The columns' definitions every size shows, as short as they must be: an abbreviated
	// head or a ratio nobody can read without them.
	if len(defs) > 0 {
		var forms [4]string
		for i := range forms {
			parts := make([]string, len(defs))
			for j, d := range defs {
				parts[j] = d[i]
			}
			forms[i] = strings.Join(parts, " · ")
		}
		notes.must = append(notes.must, forms[:])
	}
	// What a column's reason means where its name does not say it, each a note of its own,
	// so a compare half wraps rather than cuts them: a full bounded queue's rejections are
	// the pool's, CoDel's queue turns away who waited too long (side by side, a newcomer
	// expected a full queue to give rej:queue), the balancer had no replica.
	for _, r := range lab.Reasons {
		col := lab.TurnedAway(r).Term().Column
		if long, short := r.Gloss(s.Config); long != "" && shown[col] && r.Shown(s) { // a peer's column of "–": its half says it
			forms := []string{col + " = " + long, col + ": " + short}
			// The header's "starved" defined beside the column it counts, where room.
			if starved := s.StarvedClause(r); starved != "" {
				forms = []string{forms[0] + "; " + starved, forms[0], forms[1] + "; " + starved, forms[1]}
			}
			if r == lab.RejectPool && lab.PoolGlossSpare(s.Config) { // the word's own meaning: where room
				pick(forms...)
				continue
			}
			notes.must = append(notes.must, forms)
		}
	}
	// Why an adaptive limit above the mean of calls turns orders away, under its column
	// (newcomer 58): lab's words, at every size with rates where its line costs no panel
	// one but the health items.
	if said := s.LimitFullSaid(&rs); said != nil && rates && shown[lab.TurnedAway(lab.RejectLimit).Term().Column] {
		notes.yields = append(notes.yields, said)
	}
	// A connection per route is waited for on the worker: in service, not in wait
	// (newcomer 16 read p99:wait 1.3ms beside a ~9s wait for a connection). Said of
	// p99:wait first, the column read as that wait (newcomer 26, at 120x40).
	switch conns := s.Config.Payment.Connections.PerRoute > 0; {
	case conns && shown["p99:service"]:
		pick("p99:wait is the wait for a worker; a payment's wait for a connection comes after, on its worker, inside p99:service",
			"p99:wait is for a worker; the wait for a connection is on it, inside p99:service",
			"p99:wait: for a worker; connection wait in p99:service")
	case conns && shown["p99:wait"]:
		// Without the service column, p99:wait 1.1ms stood beside a narrator's ~9s wait for
		// a connection (newcomer 17, at 80x24): said wherever p99:wait is.
		notes.must = append(notes.must, []string{
			"p99:wait ends as a payment takes a worker; its wait for a connection comes after, on the worker, in p99",
			"p99:wait ends on a worker; the wait for a connection is after, in p99",
			"p99:wait: until on a worker; connection wait after, in p99"})
	case conns && shown["p99"]:
		// Wait and service left out (the lab's own, with no queue): said of p99, which holds it,
		// at every size (review 21: at 80x24 the note gave way and nothing said the wait).
		notes.must = append(notes.must, []string{"p99 includes a payment's wait for a connection, on its worker",
			"p99: connection wait included"})
	}
	switch {
	case shown["p99:lag"] && shown["p99:dispatch"]:
		// Each request's wait is its lag plus its dispatch, but a p99 is not the sum of its
		// parts' p99s: the slowest lags and the longest queue waits are not the same requests.
		// Nor is p99 wait + p99 service the p99 (newcomer 13 added them up: 3.25s + 3.00s
		// against 5.60s): said of every p99, not of the wait's parts alone.
		// The segment is dispatch, not queue: beside "queue none" a p99:queue of 911µs read as
		// a queue that does not exist (newcomer 23).
		// Of the requests that reached a worker: the generator's lag below is of every
		// arrival, and stood under payment's p99:lag (newcomer 23: 3.1ms against 8.9ms).
		whole, part, brief := "dispatch (sent → on a worker, any queue included)", "dispatch (sent → on a worker)", "dispatch, each request"
		if !s.Pool.HasQueue() {
			// Without a queue a request takes a free worker at once or is turned away: its
			// dispatch is the machine starting the worker, alone (newcomer 25: p99:dispatch
			// 27ms beside "pool full 0.0s in all", the slowest of 76 on a loaded machine).
			// Briefer words around it, so that at 120 columns it still says of which requests.
			// One meaning in every form, sent → on a worker, and what it is with no queue a
			// reading of it: "dispatch (no queue: machine's delay)" beside a long queue's
			// "(sent → on a worker)" gave one heading two meanings (newcomer 29).
			whole = "dispatch (sent → on a worker: with no queue, only how late the machine started it)"
			part, brief = "dispatch (sent → on a worker; no queue: machine's delay)", "dispatch (sent → worker; no queue: machine's)"
		}
		pick("wait = lag (the generator's: scheduled → sent) + "+whole+", each request's, of those that reached a worker; service = on a worker → answered; no two p99s add up",
			"wait = lag (the generator's: scheduled → sent) + "+whole+", each request's, of those that reached a worker; no two p99s add up",
			// "Reached one" left newcomer 27 asking one what.
			"wait = lag (scheduled → sent) + "+part+", of those that got a worker; no two p99s add up",
			// Of which requests outranks what lag is, which its own line under the table says.
			"wait = lag + "+part+", of those that got a worker; no two p99s add up",
			"wait = lag (scheduled → sent) + "+part+"; no two p99s add up",
			"wait = lag + "+brief+"; no two p99s add up")
	case shown["p99:wait"] && s.Pool.HasQueue():
		// Its parts left out (the lab's own, m): the queue's wait is the lesson (long-queue,
		// the postmortem), and still no two p99s add up (newcomer 13 added wait and service).
		// Of whom: a wait is taken as a worker picks a request up, so it counts those on a
		// worker now, which p99 and p99:service, of those ended, do not (newcomer 30:
		// long-queue's p99 5.48s under p99:wait 2.87s + p99:service 3.00s).
		// Plainly (newcomer 31: "scheduled" as against what? "those on one now too"?): the
		// arrival, and answered yet or not; the schedule and the generator's lag in the help.
		// Of those picked up, in the short forms too: newcomer 33 asked whether the longest
		// waiters, still queued, count (long-queue's p99:wait 2.87s beside ~3.6s for one
		// arriving now). They do not.
		forms := []string{"p99:wait = arrival → on a worker, the queue's wait included, of those picked up, answered yet or not (none still queued); no two p99s add up",
			"p99:wait = arrival → on a worker, the queue's wait included, of those picked up, answered yet or not; no two p99s add up",
			"p99:wait = arrival → on a worker, queue included, of those picked up, answered yet or not; no two p99s add up",
			"p99:wait = arrival → on a worker, of those picked up (none still queued), answered yet or not",
			"p99:wait: arrival → on a worker, of those picked up, answered yet or not",
			"p99:wait: arrival → on a worker, of those picked up", "p99:wait: arrival → on a worker"}
		if shown["p99:service"] { // said only beside its column (review 21)
			// Beside its column, every form says it: at 80x24 the postmortem's 5.32s + 391ms
			// above p99 5.46s, undenied, read as an error (newcomer 43 G-8).
			forms = slices.Concat([]string{"p99:wait = arrival → on a worker, the queue's wait included, of those picked up, answered yet or not (none still queued); p99:service = on a worker → answered; no two p99s add up",
				"p99:wait = arrival → on a worker, of those picked up, answered yet or not; p99:service = on a worker → answered; no two p99s add up"},
				forms[:3], // those that say it
				[]string{"p99:wait: arrival → on a worker, of those picked up; no two p99s add up", "p99:wait: arrival → on a worker; no two p99s add up",
					"p99:wait: arrival → worker; no two p99s add up", "no two p99s add up"})
		}
		pick(forms...)
	case shown["p99:wait"]:
		// The queue case's words: beside a queue's half, one column with one definition.
		pick("p99:wait = arrival → on a worker, answered yet or not (? shows its parts)",
			"p99:wait: arrival → on a worker, answered yet or not", "p99:wait: arrival → on a worker")
	}
	// A balancer's column of zeros dropped, the rejection chart's title still names it,
	// "rejected (pool + balancer)", which left why a balancer turns one away to guess
	// (newcomer 56): said in its whole word, with no column to abbreviate, where room after
	// the shown columns' definitions (ahead of them, it took p99:wait's at 80x24; a line of
	// its own cost the charts their legends).
	if r := lab.RejectBalancer; r.Shown(s) && !shown[lab.TurnedAway(r).Term().Column] {
		long, short := r.Gloss(s.Config)
		pick(r.Word()+" = "+long, r.Word()+": "+short)
	}
	return notes
}

// narrower takes one step towards a narrower table: drop the column with the highest drop
// (rightmost first); when none is left to drop, merge the rejection reasons into one
// column; as a last resort drop in flight, then p99. false when nothing is left to take.
func narrower(cols []column) ([]column, bool) {
	worst := -1
	for i, c := range cols {
		if c.drop > noDrop && !c.pinned && (worst < 0 || c.drop >= cols[worst].drop) { // rightmost first
			worst = i
		}
	}
	if worst >= 0 {
		if cols[worst].part && !slices.ContainsFunc(cols, func(c column) bool { return c.part && c.pinned }) {
			return slices.DeleteFunc(cols, func(c column) bool { return c.part }), true
		}
		return slices.Delete(cols, worst, worst+1), true
	}
	// One reason alone is narrower than "rejected" is (unless the tour points at one).
	if at := slices.IndexFunc(cols, func(c column) bool { return c.reject }); at >= 0 &&
		at+1 < len(cols) && cols[at+1].reject && !slices.ContainsFunc(cols, func(c column) bool { return c.reject && c.pinned }) {
		cols = slices.DeleteFunc(cols, func(c column) bool { return c.reject })
		return slices.Insert(cols, at, rejectedColumn()), true
	}
	for _, key := range []string{lab.FateInFlight.Word(), "p99"} {
		if at := slices.IndexFunc(cols, func(c column) bool { return c.key() == key && !c.pinned }); at >= 0 {
			return slices.Delete(cols, at, at+1), true
		}
	}
	return cols, false
}

// rejectedColumn is every reason's column in one, for a table too narrow for each. The
// reasons it stands for are all there are: those not shown were dropped for being 0.
func rejectedColumn() column {
	return column{head: lab.RejectedColumn.Column, min: 5,
		total: func(c lab.ClassStats) string { return fmtCount(c.RejectedTotal()) },
		rate:  func(r *lab.Rates, i int) float64 { return r.RejectedTotal(lab.Classes[i]) }}
}

func allZero(c column, s *lab.Snapshot) bool {
	for ci := range lab.Classes {
		if c.total(s.Classes[ci]) != "0" {
			return false
		}
	}
	return true
}

func padRight(s string, w int) string {
	if n := w - len([]rune(s)); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

func sumInts(v []int) int {
	n := 0
	for _, x := range v {
		n += x
	}
	return n
}

// hiddenMeasure says a column of measure m is left out without m (machine): it is the lab's
// own on every side shown; on one side a lesson's, it stays on both, so the halves of a
// compare, and a half's table and detail, show the same columns (review 21).
func hiddenMeasure(m lab.Measure, both []*lab.Snapshot) bool {
	return m != 0 && !slices.ContainsFunc(both, func(s *lab.Snapshot) bool { return !s.Own(m) })
}

// detailLines is the full percentile set per class, for screens tall enough to have room:
// latency (from the scheduled arrival), queue wait and service time; the wait and its parts
// as the table shows them, beside the peer's in a compare (machine: the lab's own measures too).
func detailLines(t *theme, s *lab.Snapshot, peer *lab.Snapshot, machine bool) []string {
	both := []*lab.Snapshot{s}
	if peer != nil {
		both = append(both, peer)
	}
	type col struct {
		head string
		get  func(c lab.ClassStats) string
	}
	p := func(get func(lab.ClassStats) lab.Percentiles, q func(lab.Percentiles) time.Duration) func(lab.ClassStats) string {
		return func(c lab.ClassStats) string { ps := get(c); return latency(q(ps), ps.Count) }
	}
	lat := func(c lab.ClassStats) lab.Percentiles { return c.Latency }
	wait := func(c lab.ClassStats) lab.Percentiles { return c.QueueWait }
	svc := func(c lab.ClassStats) lab.Percentiles { return c.Service }
	p50 := func(p lab.Percentiles) time.Duration { return p.P50 }
	p90 := func(p lab.Percentiles) time.Duration { return p.P90 }
	p9999 := func(p lab.Percentiles) time.Duration { return p.P9999 }
	p99 := func(p lab.Percentiles) time.Duration { return p.P99 }
	p999 := func(p lab.Percentiles) time.Duration { return p.P999 }
	pmax := func(p lab.Percentiles) time.Duration { return p.Max }
	mean := func(p lab.Percentiles) time.Duration { return p.Mean }
	type group struct {
		name    string
		cols    []col
		measure lab.Measure // the lab's own (tableColumns' measure)
	}
	groups := []group{
		{latencyFrom(s.Config.Traffic), []col{{"p50", p(lat, p50)}, {"p90", p(lat, p90)}, {"p99", p(lat, p99)},
			{"p99.9", p(lat, p999)}, {"p99.99", p(lat, p9999)}, {"max", p(lat, pmax)}, {"count", func(c lab.ClassStats) string { return fmtCount(c.Latency.Count) }}}, 0},
		{"wait: arrival → on a worker", []col{{"p50", p(wait, p50)}, {"p99", p(wait, p99)}, {"max", p(wait, pmax)}, {"mean", p(wait, mean)}}, lab.WorkerWait},
		// Means add where percentiles do not: mean wait = mean lag + mean queue.
		{"= mean lag + dispatch", []col{{"lag", p(func(c lab.ClassStats) lab.Percentiles { return c.Lag }, mean)},
			{"dispatch", p(func(c lab.ClassStats) lab.Percentiles { return c.Dispatch }, mean)}}, lab.WaitParts},
		{"service", []col{{"p50", p(svc, p50)}, {"p99", p(svc, p99)}, {"max", p(svc, pmax)}}, lab.ServiceTime},
	}
	if !machine {
		groups = slices.DeleteFunc(groups, func(g group) bool { return hiddenMeasure(g.measure, both) })
	}
	const cw, nameW, gap = 9, 10, 3
	top := padRight("", nameW)
	head := padRight("class", nameW)
	rows := make([]string, len(lab.Classes))
	for i, c := range lab.Classes {
		rows[i] = t.name[i].Render(padRight(s.Config.Traffic.Label(c), nameW))
	}
	for gi, g := range groups {
		if gi > 0 {
			top += strings.Repeat(" ", gap)
			head += strings.Repeat(" ", gap)
			for i := range rows {
				rows[i] += strings.Repeat(" ", gap)
			}
		}
		top += padRight(" "+g.name, cw*len(g.cols))
		for _, c := range g.cols {
			head += padLeft(c.head, cw)
			for i := range rows {
				rows[i] += padLeft(c.get(s.Classes[i]), cw)
			}
		}
	}
	out := []string{t.dim.Render(top), t.dim.Render(head)}
	for i, c := range lab.Classes {
		if s.Active(c) {
			out = append(out, rows[i])
		}
	}
	return out
}
