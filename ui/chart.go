package ui

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/guptarohit/asciigraph"

	"poollab/lab"
)

// chartAxisW is the most room the y axis takes: labels of up to 5 digits and the axis line.
const chartAxisW = 7

// chartSpec is one time-series chart: a series per class over the whole seconds of the run.
type chartSpec struct {
	title   string
	value   func(sec *lab.Second, class int) float64
	atLeast float64                // the y axis reaches at least this, whatever the values
	unit    string                 // after each value in the legend: "" or "/s"
	leaves  func(c lab.Class) bool // a class this chart leaves out; nil: none
}

// occupancyChart plots the workers each class held, on average over each second: a sample
// at one instant would draw a lull of a few milliseconds in random arrivals as a second.
func occupancyChart(s *lab.Snapshot) chartSpec {
	size := max(s.Pool.Size, s.Config.Pool.MaxWorkers(), 1)
	return chartSpec{
		title:   fmt.Sprintf("mean workers held (of %d)", size),
		value:   func(sec *lab.Second, c int) float64 { return sec.Held[c] },
		atLeast: float64(size),
	}
}

// starvationChart plots starvation per second: rejected:pool of every class but payment
// (a payment turned away by the pool is a rejection, and would drown the signups' line).
func starvationChart(*lab.Snapshot) chartSpec {
	return chartSpec{
		leaves:  func(c lab.Class) bool { return !c.Starves() },
		title:   "starved/s (rejected:pool)",
		value:   func(sec *lab.Second, c int) float64 { return float64(sec.Rejected[c][lab.RejectPool]) },
		atLeast: 10,
		unit:    "/s",
	}
}

// chartWindow is the stretch of the timeline a plot w columns wide shows: every second of
// the run, stretched over the plot's width, or the last w seconds, one column each.
func chartWindow(s *lab.Snapshot, w int) []lab.Second {
	tl := s.Timeline
	return tl[max(len(tl)-w, 0):]
}

// chartMax is the largest value spec takes in seconds.
func chartMax(spec chartSpec, secs []lab.Second, classes []int) float64 {
	m := 0.0
	for i := range secs {
		for _, c := range classes {
			m = math.Max(m, spec.value(&secs[i], c))
		}
	}
	return m
}

// chartLines draws spec in exactly w×h cells: a title line with the legend, then the plot,
// then the run time along the bottom. asciigraph is given one point per column (its own
// interpolation drops spikes), fixed bounds, an axis whose labels fall on rows an equal
// number apart, and never an empty or all-NaN series. The settings changes made in the
// seconds shown are marked where they happened. The legend goes on the title line when both
// charts have room for that (split), else on its own line (or nowhere, when the chart is
// very short).
func chartLines(t *theme, spec chartSpec, s *lab.Snapshot, changes []change, w, h int, split bool) []string {
	classes := chartClasses(s, spec)
	if h < 4 || w < chartAxisW+5 {
		return nil
	}
	head, leg := chartHead(t, spec, s, classes, w)
	var lines []string
	switch {
	case !split:
		lines = []string{head + "  " + leg}
	case h >= 7:
		lines = []string{head, leg}
	default:
		lines = []string{head} // the pool picture's legend has the same colours and letters
	}
	// The y axis's labels are as wide as its top value (3 cells at least): the plot takes
	// the rest of the width, and shows that many seconds at most.
	rows := h - len(lines) - 1 // the last line is the time axis
	upper, step, height := evenAxis(math.Max(spec.atLeast, chartMax(spec, chartWindow(s, w-5), classes)), rows-1)
	labelW := max(len(fmt.Sprintf("%.0f", upper)), 3)
	pad := 2 + labelW // where the plot's first column is
	plotW := w - pad
	window := chartWindow(s, plotW)
	switch {
	case len(classes) == 0:
		return append(lines, t.dim.Render("  (no traffic)"))
	case len(window) == 0:
		return append(lines, t.dim.Render("  (first point after 1 s)"))
	}
	n := len(window)
	data := make([][]float64, len(classes))
	var colors []asciigraph.AnsiColor
	var chars []asciigraph.CharSet
	for k, c := range classes {
		colors = append(colors, t.series[c])
		chars = append(chars, t.chars[c])
		// asciigraph draws column x from point x to x+1: plotW columns take plotW+1 points.
		series := make([]float64, plotW+1)
		for x := range series {
			series[x] = spec.value(&window[min(x*n/plotW, n-1)], c) // each second spans plotW/n columns
		}
		data[k] = series
	}
	plot := strings.Split(asciigraph.PlotMany(data, plotOptions(t, upper, step, height, labelW, chars, colors)...), "\n")
	t0, t1 := float64(window[0].T-1), float64(window[n-1].T)
	col := func(at float64) int { return min(int((at-t0)*float64(plotW)/(t1-t0)), plotW-1) }

	// Settings changes in the seconds shown: a dotted line through the plot's empty cells.
	var marks []change
	for _, c := range changes {
		if at := c.at.Seconds(); at > t0 && at <= t1 {
			marks = append(marks, c)
		}
	}
	for r := range plot {
		for _, c := range marks {
			plot[r] = overlay(plot[r], pad+col(c.at.Seconds()), t.marker.Render("┊"))
		}
	}
	for range rows - len(plot) { // what the even axis left over goes above the plot
		lines = append(lines, "")
	}
	lines = append(lines, plot...)
	return append(lines, strings.Repeat(" ", pad)+timeAxis(t, plotW, t0, t1, marks, col))
}

// plotOptions are asciigraph's options for a plot from 0 to upper in height rows (it draws
// height+1), labelled every step with labels labelW wide, one series per chars and colours.
func plotOptions(t *theme, upper, step float64, height, labelW int, chars []asciigraph.CharSet, colors []asciigraph.AnsiColor) []asciigraph.Option {
	opts := []asciigraph.Option{
		asciigraph.Height(height),
		asciigraph.LowerBound(0),
		asciigraph.UpperBound(upper),
		asciigraph.Offset(2),
		asciigraph.YAxisValueFormatter(func(v float64) string {
			if k := math.Round(v / step); math.Abs(v-k*step) < step/1e6 {
				return fmt.Sprintf("%*.0f", labelW, k*step)
			}
			return strings.Repeat(" ", labelW)
		}),
		asciigraph.SeriesChars(chars...),
	}
	if !t.noColor {
		opts = append(opts, asciigraph.SeriesColors(colors...), asciigraph.AxisColor(t.axis), asciigraph.LabelColor(t.axisLabel))
	}
	return opts
}

// timeAxis is the line under a plot plotW wide that spans run time t0..t1 seconds: round
// times at their columns, and each change's number (▲n) under its dotted line, which wins a
// clash.
func timeAxis(t *theme, plotW int, t0, t1 float64, marks []change, col func(float64) int) string {
	cells := make([]string, plotW)
	for i := range cells {
		cells[i] = " "
	}
	taken := make([]bool, plotW+1)
	put := func(at int, text string, st func(...string) string) bool {
		runes := []rune(text)
		at = min(at, plotW-len(runes))
		if at < 0 {
			return false
		}
		for i := max(at-1, 0); i <= min(at+len(runes), plotW); i++ { // a blank either side
			if taken[i] {
				return false
			}
		}
		for i, r := range runes {
			cells[at+i] = st(string(r))
			taken[at+i] = true
		}
		return true
	}
	for _, c := range marks {
		put(col(c.at.Seconds()), "▲"+itoa(c.n), t.marker.Render)
	}
	perSec := float64(plotW) / (t1 - t0)
	step := axisStep(perSec, len(fmtAxisTime(t1, 1)))
	for at := math.Ceil(t0/step) * step; at <= t1; at += step {
		c := int(math.Round((at - t0) * perSec))
		put(c, fmtAxisTime(at, step), t.dim.Render)
	}
	return strings.TrimRight(strings.Join(cells, ""), " ")
}

// axisStep is the round number of seconds between time labels that leaves them room.
func axisStep(perSec float64, labelW int) float64 {
	for _, s := range []float64{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600} {
		if s*perSec >= float64(labelW+3) {
			return s
		}
	}
	return 7200
}

// fmtAxisTime writes a run time on the time axis: 15s, then whole minutes, whole hours.
func fmtAxisTime(at, step float64) string {
	switch {
	case step >= 3600 && int(at)%3600 == 0:
		return fmt.Sprintf("%dh", int(at)/3600)
	case step >= 60:
		return fmt.Sprintf("%d min", int(at)/60)
	}
	return fmt.Sprintf("%.0fs", at)
}

// overlay puts glyph at cell col of line if that cell is empty (past the end counts).
func overlay(line string, col int, glyph string) string {
	w := ansi.StringWidth(line)
	if col >= w {
		return line + strings.Repeat(" ", col-w) + glyph
	}
	if ansi.Strip(ansi.Cut(line, col, col+1)) != " " {
		return line
	}
	return ansi.Cut(line, 0, col) + glyph + ansi.Cut(line, col+1, w)
}

// evenAxis picks the y axis of a plot with rows intervals (rows+1 lines) that must reach
// atLeast: an upper bound of k round steps (1, 2 or 5 × 10ⁿ) and a height of k·m rows, so
// every label sits on a row and the labels are m rows apart. It prefers labels at least two
// rows apart, three to six of them, and the fewest rows left unused.
func evenAxis(atLeast float64, rows int) (upper, step float64, height int) {
	atLeast = math.Max(atLeast, 1)
	rows = max(rows, 1)
	upper, step, height = atLeast, atLeast, rows
	best := math.Inf(1)
	for st := 1.0; st <= atLeast*10; {
		k := max(int(math.Ceil(atLeast/st-1e-9)), 1)
		if m := rows / k; m >= 1 {
			score := float64(rows - k*m)
			if m < 2 {
				score += 10
			}
			if k < 3 {
				score += float64(2 * (3 - k)) // 0 and the top alone say little
			}
			if k > 6 {
				score += float64(k - 6)
			}
			if score < best {
				best, upper, step, height = score, float64(k)*st, st, k*m
			}
		}
		switch d := st / math.Pow(10, math.Floor(math.Log10(st)+1e-9)); {
		case d < 1.5:
			st *= 2
		case d < 3:
			st *= 2.5
		default:
			st *= 2
		}
	}
	return upper, step, height
}

// chartHead is a chart's title and its legend: each class's mark (its line's strokes), its
// name, and its value at the last second drawn, which the legend names. Where w is short,
// the title drops "per second" and the legend names the classes by their letters.
func chartHead(t *theme, spec chartSpec, s *lab.Snapshot, classes []int, w int) (head, legend string) {
	head = t.bold.Render(spec.title) + t.dim.Render(" per second")
	if ansiWidth(head) > w {
		head = t.bold.Render(spec.title)
	}
	n := len(s.Timeline)
	if n == 0 || len(classes) == 0 {
		return head, ""
	}
	for _, short := range []bool{false, true} {
		var items []string
		for k := len(classes) - 1; k >= 0; k-- {
			i, c := classes[k], lab.Classes[classes[k]]
			name := s.Config.Traffic.Label(c)
			if short {
				name = string(t.letter[i])
			}
			items = append(items, t.mark[i]+" "+name+" "+fmtCount(int64(math.Round(spec.value(&s.Timeline[n-1], i))))+spec.unit)
		}
		legend = t.dim.Render(fmt.Sprintf("at %ds: ", s.Timeline[n-1].T)) + strings.Join(items, "  ")
		if ansiWidth(legend) <= w {
			break
		}
	}
	return head, legend
}

// chartClasses are the classes a chart draws, in drawing order (the last on top).
func chartClasses(s *lab.Snapshot, spec chartSpec) []int {
	var classes []int // drawn last on top: payment over signup over the rest
	for i := len(lab.Classes) - 1; i >= 0; i-- {
		if s.Active(lab.Classes[i]) && (spec.leaves == nil || !spec.leaves(lab.Classes[i])) {
			classes = append(classes, i)
		}
	}
	return classes
}

// legendSplit says whether the legend needs a line of its own in a chart w wide.
func legendSplit(t *theme, spec chartSpec, s *lab.Snapshot, w int) bool {
	head, leg := chartHead(t, spec, s, chartClasses(s, spec), w)
	return ansiWidth(head)+2+ansiWidth(leg) > w
}
