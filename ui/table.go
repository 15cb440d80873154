// The per-class table: its columns (one per registered rejection reason a run can have),
// its widths and how it narrows, its rows of totals and rates, and the notes under it.

package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"poollab/lab"
)

// A column of the per-class table. rate is nil where there is no per-second rate.
type column struct {
	group  string // label spanning the columns of a group above their names ("rejected:")
	head   string
	min    int
	drop   int        // 0: always shown; otherwise dropped when the width is short (higher first)
	quiet  bool       // may be dropped (before the others) when it is 0 for every class
	reason lab.Reason // a rejected:* column's reason: some runs have no column for it (lab.Reason.Shown)
	total  func(c lab.ClassStats) string
	rate   func(r *lab.Rates, class int) float64
}

// tableColumns lists every column, one per rejection reason the engine has.
func tableColumns() []column {
	cols := []column{
		{head: "arrived", min: 6,
			total: func(c lab.ClassStats) string { return fmtCount(c.Arrived) },
			rate:  func(r *lab.Rates, i int) float64 { return r.Arrived[i] }},
		{head: "ok", min: 5,
			total: func(c lab.ClassStats) string { return fmtCount(c.OK) },
			rate:  func(r *lab.Rates, i int) float64 { return r.OK[i] }},
		{head: "failed", min: 5, quiet: true,
			total: func(c lab.ClassStats) string { return fmtCount(c.Failed) },
			rate:  func(r *lab.Rates, i int) float64 { return r.Failed[i] }},
		{head: "timed out", min: 5, quiet: true,
			total: func(c lab.ClassStats) string { return fmtCount(c.TimedOut) },
			rate:  func(r *lab.Rates, i int) float64 { return r.TimedOut[i] }},
	}
	for _, why := range lab.Reasons {
		cols = append(cols, column{group: "rejected:", head: why.String(), min: 5, quiet: why != lab.RejectPool, reason: why,
			total: func(c lab.ClassStats) string { return fmtCount(c.Rejected[why]) },
			rate:  func(r *lab.Rates, i int) float64 { return r.Rejected[i][why] }})
	}
	return append(cols,
		column{head: "in flight", min: 5,
			total: func(c lab.ClassStats) string { return fmtCount(c.InFlight) }},
		column{group: "finished:", head: "ok%", min: 4, drop: 1, total: okShare},
		column{group: "finished:", head: "p50", min: 5, drop: 1,
			total: func(c lab.ClassStats) string { return latency(c.Latency.P50, c.Latency.Count) }},
		column{group: "finished:", head: "p99", min: 5,
			total: func(c lab.ClassStats) string { return latency(c.Latency.P99, c.Latency.Count) }},
		column{group: "wait p99:", head: "total", min: 5, drop: 1,
			total: func(c lab.ClassStats) string { return latency(c.QueueWait.P99, c.QueueWait.Count) }},
		column{group: "wait p99:", head: "lag", min: 5, drop: 1,
			total: func(c lab.ClassStats) string { return latency(c.Lag.P99, c.Lag.Count) }},
		column{group: "wait p99:", head: "queue", min: 5, drop: 1,
			total: func(c lab.ClassStats) string { return latency(c.Handoff.P99, c.Handoff.Count) }},
		column{head: "service p99", min: 5, drop: 2,
			total: func(c lab.ClassStats) string { return latency(c.Service.P99, c.Service.Count) }},
	)
}

// key names a column as a pointer does: its group and head, "rejected:pool", "finished:p50".
func (c column) key() string { return c.group + c.head }

// okShare is ok as a share of the requests a worker finished: "52%", "–" before any.
func okShare(c lab.ClassStats) string { return fmtShare(c.OKShare(), c.Finished()) }

// tableLines draws the per-class table: for each class a row of running totals and, with
// rates, a row of per-second rates over the last few whole seconds of run time, which its
// label states ("/s 1–6s": from 1 s to 6 s; lab.Rates). Classes
// without traffic in this run are left out. notes say what the column groups shown mean.
// Cells that marks point at (the tour's answer) stand out: ▶ and reverse video.
func tableLines(t *theme, s *lab.Snapshot, w int, rates bool, marks []pointer) (lines, notes []string) {
	cols := tableColumns()
	cols = slices.DeleteFunc(cols, func(c column) bool { return c.group == "rejected:" && !c.reason.Shown(s) })
	nameW := 8
	for _, c := range lab.Classes {
		nameW = max(nameW, len([]rune(s.Config.Traffic.Label(c)))+2)
	}
	rs := s.Rates()
	rowLabel := "  /s"
	if rs.Seconds > 0 {
		rowLabel = fmt.Sprintf("  /s %d–%ds", rs.From, rs.To)
	}
	nameW = max(nameW, ansiWidth(rowLabel)+1)
	rateCell := func(c column, ci int) string {
		switch {
		case c.rate == nil:
			return ""
		case rs.Seconds == 0:
			return "–"
		}
		return fmtPerSec(c.rate(&rs, ci))
	}
	// Each column is as wide as its name or its widest value, plus one space before it.
	widths := func(cols []column) ([]int, int) {
		ws := make([]int, len(cols))
		sum := nameW
		for i, c := range cols {
			ws[i] = c.min
			if c.group != "" {
				ws[i] = max(ws[i], len(c.head))
			} else {
				for _, word := range headWords(c.head) {
					ws[i] = max(ws[i], len(word))
				}
			}
			for ci := range lab.Classes {
				ws[i] = max(ws[i], ansiWidth(c.total(s.Classes[ci])))
				if rates {
					ws[i] = max(ws[i], ansiWidth(rateCell(c, ci)))
				}
			}
			ws[i]++
			sum += ws[i]
		}
		return ws, sum
	}
	for i, c := range cols {
		if c.quiet && allZero(c, s) {
			cols[i].drop = 3
		}
	}
	ws, sum := widths(cols)
	for sum > w {
		var ok bool
		if cols, ok = narrower(cols); !ok {
			break
		}
		ws, sum = widths(cols)
	}
	// Spread what is left, a little, so wide screens don't cram the numbers together.
	if spare := w - sum; spare > 0 {
		each := min(spare/len(cols), 4)
		for i := range ws {
			ws[i] += each
		}
	}

	// Two header lines: group labels ("rejected:", "finished:") over the names of their
	// columns, and two-word names split across both lines so columns stay narrow.
	h1 := []rune(strings.Repeat(" ", nameW+sumInts(ws)))
	put := func(at int, text string, room int) {
		for j, r := range []rune(text) {
			if j >= room {
				break
			}
			if p := at + j; p >= 0 && p < len(h1) {
				h1[p] = r
			}
		}
	}
	h2 := padRight("class", nameW)
	x := nameW
	shown := map[string]bool{}
	for i, c := range cols {
		shown[c.head] = true
		words := headWords(c.head)
		switch {
		case c.group != "" && (i == 0 || cols[i-1].group != c.group):
			span := 0
			for k := i; k < len(cols) && cols[k].group == c.group; k++ {
				span += ws[k]
			}
			label := c.group
			for _, short := range []string{strings.TrimSuffix(c.group, ":"), c.group[:min(3, len(c.group))] + ":"} {
				if len([]rune(label)) > span-1 {
					label = short
				}
			}
			put(x+1, label, span-1)
			h2 += padLeft(c.head, ws[i])
		case c.group != "":
			h2 += padLeft(c.head, ws[i])
		case len(words) > 1:
			put(x+ws[i]-len([]rune(words[0])), words[0], ws[i])
			h2 += padLeft(words[1], ws[i])
		default:
			h2 += padLeft(c.head, ws[i])
		}
		x += ws[i]
	}
	lines = []string{t.dim.Render(strings.TrimRight(string(h1), " ")), t.dim.Render(h2)}

	for ci, c := range lab.Classes {
		cs := s.Classes[ci]
		if !s.Active(c) {
			continue
		}
		row := t.name[ci].Render(padRight(s.Config.Traffic.Label(c), nameW))
		rate := padRight(rowLabel, nameW)
		for i, col := range cols {
			cell := padLeft(col.total(cs), ws[i])
			if marked(marks, c, col.key()) {
				cell = markedCell(t, col.total(cs), ws[i])
			}
			row += cell
			rate += padLeft(rateCell(col, ci), ws[i])
		}
		lines = append(lines, row)
		if rates {
			lines = append(lines, t.dim.Render(strings.TrimRight(rate, " ")))
		}
	}
	return lines, tableNotes(shown, w)
}

// tableNotes say what the groups of columns shown mean, each in the longest words that fit.
func tableNotes(shown map[string]bool, w int) []string {
	var notes []string
	pick := func(forms ...string) { notes = append(notes, longestFit(w, forms...)) }
	var finished []string
	for _, h := range []string{"ok%", "p50", "p99"} {
		if shown[h] {
			finished = append(finished, h)
		}
	}
	if n := len(finished); n > 0 {
		both, latency, verb := finished[n-1], "", "counts"
		if n > 1 {
			both, verb = strings.Join(finished[:n-1], ", ")+" and "+both, "count"
		}
		if shown["p50"] || shown["p99"] {
			latency = " (latency from the scheduled arrival)"
		}
		pick("finished = ok + failed + timed out: "+both+latency+" "+verb+" these, never a rejection",
			strings.Join(finished, ", ")+": of finished requests (ok, failed, timed out), not of rejections",
			strings.Join(finished, " ")+": finished requests only, no rejections")
	}
	if shown["rejected"] {
		pick("rejected = every reason together (too narrow for a column each)", "rejected: every reason together")
	}
	switch {
	case shown["lag"] && shown["queue"]:
		// Each request's wait is its lag plus its queue time, but a p99 is not the sum of its
		// parts' p99s: the slowest lags and the longest queue waits are not the same requests.
		pick("wait = lag (the generator's: scheduled → sent) + queue (sent → on a worker), each request's; p99s do not add",
			"wait = lag (scheduled → sent) + queue (sent → on a worker); p99s do not add",
			"wait = lag + queue, each request; p99s do not add")
	case shown["total"]:
		pick("wait = scheduled arrival → on a worker (? shows its parts)")
	}
	return notes
}

// narrower takes one step towards a narrower table: drop the column with the highest drop
// (rightmost first); when none is left to drop, merge the rejection reasons into one
// column; as a last resort drop in flight, then p99. false when nothing is left to take.
func narrower(cols []column) ([]column, bool) {
	worst := -1
	for i, c := range cols {
		if c.drop > 0 && (worst < 0 || c.drop >= cols[worst].drop) { // rightmost first
			worst = i
		}
	}
	if worst >= 0 {
		return ungroupWait(slices.Delete(cols, worst, worst+1)), true
	}
	// One reason alone is narrower under its group's label than "rejected" is.
	if at := slices.IndexFunc(cols, func(c column) bool { return c.group == "rejected:" }); at >= 0 &&
		at+1 < len(cols) && cols[at+1].group == "rejected:" {
		cols = slices.DeleteFunc(cols, func(c column) bool { return c.group == "rejected:" })
		return slices.Insert(cols, at, rejectedColumn()), true
	}
	for _, key := range []string{"in flight", "finished:p99"} {
		if at := slices.IndexFunc(cols, func(c column) bool { return c.key() == key }); at >= 0 {
			return slices.Delete(cols, at, at+1), true
		}
	}
	return cols, false
}

// rejectedColumn is every reason's column in one, for a table too narrow for each. The
// reasons it stands for are all there are: those not shown were dropped for being 0.
func rejectedColumn() column {
	return column{head: "rejected", min: 5,
		total: func(c lab.ClassStats) string { return fmtCount(c.RejectedTotal()) },
		rate:  func(r *lab.Rates, i int) float64 { return r.RejectedTotal(lab.Classes[i]) }}
}

// ungroupWait: once the wait's parts are dropped, its total is a column of its own.
func ungroupWait(cols []column) []column {
	n, at := 0, -1
	for i, c := range cols {
		if c.group == "wait p99:" {
			n, at = n+1, i
		}
	}
	if n == 1 {
		cols[at].group, cols[at].head = "", "wait p99"
	}
	return cols
}

func allZero(c column, s *lab.Snapshot) bool {
	for ci := range lab.Classes {
		if c.total(s.Classes[ci]) != "0" {
			return false
		}
	}
	return true
}

// headWords splits "timed out" into its two header lines; one word stays on the lower one.
func headWords(h string) []string {
	if i := strings.IndexByte(h, ' '); i > 0 {
		return []string{h[:i], h[i+1:]}
	}
	return []string{h}
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

// detailLines is the full percentile set per class, for screens tall enough to have room:
// latency (from the scheduled arrival), queue wait and service time.
func detailLines(t *theme, s *lab.Snapshot) []string {
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
	groups := []struct {
		name string
		cols []col
	}{
		{latencyFrom(s.Config.Traffic), []col{{"p50", p(lat, p50)}, {"p90", p(lat, p90)}, {"p99", p(lat, p99)},
			{"p99.9", p(lat, p999)}, {"p99.99", p(lat, p9999)}, {"max", p(lat, pmax)}, {"count", func(c lab.ClassStats) string { return fmtCount(c.Latency.Count) }}}},
		{"wait: scheduled → on a worker", []col{{"p50", p(wait, p50)}, {"p99", p(wait, p99)}, {"max", p(wait, pmax)}, {"mean", p(wait, mean)}}},
		// Means add where percentiles do not: mean wait = mean lag + mean queue.
		{"= mean lag + queue", []col{{"lag", p(func(c lab.ClassStats) lab.Percentiles { return c.Lag }, mean)},
			{"queue", p(func(c lab.ClassStats) lab.Percentiles { return c.Handoff }, mean)}}},
		{"service", []col{{"p50", p(svc, p50)}, {"p99", p(svc, p99)}, {"max", p(svc, pmax)}}},
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
