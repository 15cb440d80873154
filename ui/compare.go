package ui

import (
	"fmt"
	"strings"
	"time"

	"poollab/lab"
)

// paneMinWidth is the narrowest a lab may be to sit beside the other: its class table
// still fits. Narrower screens stack A above B.
const paneMinWidth = 56

// compareLines is compare mode: A and B side by side (or A above B), the summary table
// under them, then the status line and the keys. When even the tightest layout does not
// fit, it says how much room it needs.
func compareLines(t *theme, s screen) []string {
	w, h := s.width, s.height
	status := []string{statusLine(t, s)}
	footer := wrapItems(footerItems(t, true), "  ", w)
	summary := summaryLines(t, s, w)
	room := h - len(status) - len(footer) - len(summary)

	tightest := func(i, w int) int { return linesIn(labSections(t, s, i, w, levelTotals)) }
	var labs []string
	if left := (w - 3) / 2; left >= paneMinWidth {
		right := w - 3 - left
		if need := max(tightest(0, left), tightest(1, right)); room < need {
			return compareTooSmall(w, h, h-room+need)
		}
		labs = beside(labLines(t, s, 0, left, room), labLines(t, s, 1, right, room), left, t.dim.Render(" │ "))
	} else {
		if need := tightest(0, w) + tightest(1, w); room < need {
			return compareTooSmall(w, h, h-room+need)
		}
		labs = append(labLines(t, s, 0, w, room/2), labLines(t, s, 1, w, room-room/2)...)
	}
	return append(append(append(labs, summary...), status...), footer...)
}

func compareTooSmall(w, h, need int) []string {
	return centered(fmt.Sprintf("compare needs at least %d×%d (now %d×%d): make the terminal taller or wider, or press v to leave compare mode",
		w, need, w, h), w, h)
}

// summaryRow is one counter of one class in both runs.
type summaryRow struct {
	label, a, b, diff string
	better            int // +1: B did better, -1: worse, 0: the same
}

// summaryLines is the comparison under the two labs: a rule with a title, then per class
// a block of A, B and B − A, blocks side by side as the width allows.
func summaryLines(t *theme, s screen, w int) []string {
	a, b := s.panes[0].snapshotOrEmpty(), s.panes[1].snapshotOrEmpty()
	title := "── " + t.bold.Render("A vs B") + t.dim.Render(" same traffic, totals since the start")
	if !t.noColor {
		title += t.dim.Render(" · ") + t.better.Render("green") + t.dim.Render(": B better, ") + t.worse.Render("red") + t.dim.Render(": B worse")
	}
	title += " " + t.dim.Render(strings.Repeat("─", max(w-ansiWidth(title)-1, 0)))

	var blocks [][]string
	widths := []int{}
	for ci, c := range lab.Classes {
		if quiet(a, c) && quiet(b, c) {
			continue
		}
		block, bw := summaryBlock(t, ci, summaryRows(c, a.Classes[ci], b.Classes[ci]))
		blocks, widths = append(blocks, block), append(widths, bw)
	}
	// Pack the blocks into rows of blocks, each row as tall as its tallest block.
	const gap = "    "
	out := []string{title}
	for k := 0; k < len(blocks); {
		row, rowW := blocks[k], widths[k]
		for k++; k < len(blocks) && rowW+len(gap)+widths[k] <= w; k++ {
			row = beside(row, blocks[k], rowW, gap)
			rowW += len(gap) + widths[k]
		}
		out = append(out, row...)
	}
	return out
}

// summaryRows are one class's counters in both runs: ok, each rejection reason (a
// non-payment class without a worker is starved), failed, timed out and p99. Rows that are
// 0 in both runs are left out, but for ok and the pool's rejections.
func summaryRows(c lab.Class, a, b lab.ClassStats) []summaryRow {
	type counter struct {
		label  string
		get    func(lab.ClassStats) int64
		always bool
		more   int // +1: more is better
	}
	counters := []counter{{"ok", func(s lab.ClassStats) int64 { return s.OK }, true, +1}}
	for _, r := range lab.Reasons {
		label := "rejected:" + r.String()
		if r == lab.RejectPool && c.Starves() {
			label = "starved"
		}
		counters = append(counters, counter{label, func(s lab.ClassStats) int64 { return s.Rejected[r] }, r == lab.RejectPool, -1})
	}
	counters = append(counters,
		counter{"failed", func(s lab.ClassStats) int64 { return s.Failed }, false, -1},
		counter{"timed out", func(s lab.ClassStats) int64 { return s.TimedOut }, false, -1})
	var rows []summaryRow
	for _, k := range counters {
		va, vb := k.get(a), k.get(b)
		if va == 0 && vb == 0 && !k.always {
			continue
		}
		diff := fmtCount(vb - va)
		if vb > va {
			diff = "+" + diff
		}
		rows = append(rows, summaryRow{k.label, fmtCount(va), fmtCount(vb), diff, k.more * sign(vb-va)})
	}
	p99 := summaryRow{label: "p99", a: latency(a.Latency.P99, a.Latency.Count), b: latency(b.Latency.P99, b.Latency.Count), diff: "–"}
	if a.Latency.Count > 0 && b.Latency.Count > 0 {
		d := b.Latency.P99 - a.Latency.P99
		p99.diff, p99.better = signedLatency(d), -sign(int64(d))
	}
	return append(rows, p99)
}

// summaryBlock draws one class's rows under a header naming the class and the columns,
// and returns its width.
func summaryBlock(t *theme, ci int, rows []summaryRow) ([]string, int) {
	labelW, numW := ansiWidth(lab.Classes[ci].String()), ansiWidth("B − A")
	for _, r := range rows {
		labelW = max(labelW, ansiWidth(r.label))
		numW = max(numW, ansiWidth(r.a), ansiWidth(r.b), ansiWidth(r.diff))
	}
	numW += 2
	out := []string{t.name[ci].Render(padRight(lab.Classes[ci].String(), labelW)) +
		t.dim.Render(padLeft("A", numW)+padLeft("B", numW)+padLeft("B − A", numW))}
	for _, r := range rows {
		diff := padLeft(r.diff, numW)
		switch r.better {
		case 1:
			diff = t.better.Render(diff)
		case -1:
			diff = t.worse.Render(diff)
		}
		out = append(out, padRight(r.label, labelW)+padLeft(r.a, numW)+padLeft(r.b, numW)+diff)
	}
	return out, labelW + 3*numW
}

func sign(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// signedLatency writes a difference of latencies: +2.99s, -0.8ms, 0.
func signedLatency(d time.Duration) string {
	switch {
	case d > 0:
		return "+" + fmtLatency(d)
	case d < 0:
		return "-" + fmtLatency(-d)
	}
	return "0"
}
