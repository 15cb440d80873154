package ui

import (
	"slices"
	"strings"
	"time"

	"poollab/lab"
)

// A column of the per-class table. rate is nil where the timeline has no per-second count.
type column struct {
	group string // label spanning the columns of a group above their names ("rejected")
	head  string
	min   int
	drop  int  // 0: always shown; otherwise dropped when the width is short (higher first)
	quiet bool // may be dropped (before the others) when it is 0 for every class
	fleet bool // only a fleet has it (rejected:balancer)
	total func(c lab.ClassStats) string
	rate  func(sec *lab.Second, class int) string
}

// tableColumns lists every column, one per rejection reason the engine has.
func tableColumns() []column {
	cols := []column{
		{head: "arrived", min: 6,
			total: func(c lab.ClassStats) string { return fmtCount(c.Arrived) },
			rate:  func(s *lab.Second, i int) string { return fmtRate(s.Arrived[i]) }},
		{head: "ok", min: 5,
			total: func(c lab.ClassStats) string { return fmtCount(c.OK) },
			rate:  func(s *lab.Second, i int) string { return fmtRate(s.OK[i]) }},
		{head: "failed", min: 5, quiet: true,
			total: func(c lab.ClassStats) string { return fmtCount(c.Failed) },
			rate:  func(s *lab.Second, i int) string { return fmtRate(s.Failed[i]) }},
		{head: "timed out", min: 5, quiet: true,
			total: func(c lab.ClassStats) string { return fmtCount(c.TimedOut) },
			rate:  func(s *lab.Second, i int) string { return fmtRate(s.TimedOut[i]) }},
	}
	for _, r := range lab.Reasons {
		cols = append(cols, column{group: "rejected:", head: r.String(), min: 5, quiet: r != lab.RejectPool, fleet: r == lab.RejectBalancer,
			total: func(c lab.ClassStats) string { return fmtCount(c.Rejected[r]) },
			rate:  func(s *lab.Second, i int) string { return fmtRate(s.Rejected[i][r]) }})
	}
	cols = append(cols,
		column{head: "in flight", min: 5,
			total: func(c lab.ClassStats) string { return fmtCount(c.InFlight) }},
		column{group: "latency", head: "p50", min: 5,
			total: func(c lab.ClassStats) string { return latency(c.Latency.P50, c.Latency.Count) }},
		column{group: "latency", head: "p99", min: 5,
			total: func(c lab.ClassStats) string { return latency(c.Latency.P99, c.Latency.Count) }},
		column{head: "wait p99", min: 5, drop: 1,
			total: func(c lab.ClassStats) string { return latency(c.QueueWait.P99, c.QueueWait.Count) }},
		column{head: "service p99", min: 5, drop: 2,
			total: func(c lab.ClassStats) string { return latency(c.Service.P99, c.Service.Count) }},
	)
	return cols
}

func latency(d time.Duration, count int64) string {
	if count == 0 {
		return "–"
	}
	return fmtLatency(d)
}

// tableLines draws the per-class table: for each class a row of running totals and, with
// rates, a row of counts during the last whole second ("/s"), which the timeline provides.
// Classes without traffic in this run are left out.
func tableLines(t *theme, s *lab.Snapshot, w int, rates bool) []string {
	cols := tableColumns()
	if s.Fleet == nil {
		cols = slices.DeleteFunc(cols, func(c column) bool { return c.fleet })
	}
	nameW := 8
	for _, c := range lab.Classes {
		nameW = max(nameW, len(c.String())+2)
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
				ws[i] = max(ws[i], len(c.total(s.Classes[ci])))
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
		worst := -1
		for i, c := range cols {
			if c.drop > 0 && (worst < 0 || c.drop >= cols[worst].drop) { // rightmost first
				worst = i
			}
		}
		if worst < 0 {
			break
		}
		cols = append(cols[:worst:worst], cols[worst+1:]...)
		ws, sum = widths(cols)
	}
	// Spread what is left, a little, so wide screens don't cram the numbers together.
	if spare := w - sum; spare > 0 {
		each := min(spare/len(cols), 4)
		for i := range ws {
			ws[i] += each
		}
	}

	// Two header lines: group labels ("rejected:", "latency") over the names of their
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
	for i, c := range cols {
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
	lines := []string{t.dim.Render(strings.TrimRight(string(h1), " ")), t.dim.Render(h2)}

	var last *lab.Second
	if n := len(s.Timeline); n > 0 {
		last = &s.Timeline[n-1]
	}
	for ci, c := range lab.Classes {
		cs := s.Classes[ci]
		if !s.Active(c) {
			continue
		}
		row := t.name[ci].Render(padRight(c.String(), nameW))
		rate := padRight("  /s", nameW)
		for i, col := range cols {
			row += padLeft(col.total(cs), ws[i])
			cell := ""
			if col.rate != nil {
				cell = "–"
				if last != nil {
					cell = col.rate(last, ci)
				}
			}
			rate += padLeft(cell, ws[i])
		}
		lines = append(lines, row)
		if rates {
			lines = append(lines, t.dim.Render(rate))
		}
	}
	return lines
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
	p95 := func(p lab.Percentiles) time.Duration { return p.P95 }
	p99 := func(p lab.Percentiles) time.Duration { return p.P99 }
	p999 := func(p lab.Percentiles) time.Duration { return p.P999 }
	pmax := func(p lab.Percentiles) time.Duration { return p.Max }
	groups := []struct {
		name string
		cols []col
	}{
		{"latency from the scheduled arrival", []col{{"p50", p(lat, p50)}, {"p95", p(lat, p95)}, {"p99", p(lat, p99)},
			{"p99.9", p(lat, p999)}, {"max", p(lat, pmax)}, {"count", func(c lab.ClassStats) string { return fmtCount(c.Latency.Count) }}}},
		{"queue wait", []col{{"p50", p(wait, p50)}, {"p99", p(wait, p99)}, {"max", p(wait, pmax)}}},
		{"service", []col{{"p50", p(svc, p50)}, {"p99", p(svc, p99)}, {"max", p(svc, pmax)}}},
	}
	const cw, nameW, gap = 8, 10, 4
	top := padRight("", nameW)
	head := padRight("class", nameW)
	rows := make([]string, len(lab.Classes))
	for i, c := range lab.Classes {
		rows[i] = t.name[i].Render(padRight(c.String(), nameW))
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
