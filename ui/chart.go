package ui

import (
	"fmt"
	"math"
	"strings"

	"github.com/guptarohit/asciigraph"

	"poollab/lab"
)

// chartAxisW is the room the y axis takes: labels of up to 5 digits and the axis line.
const chartAxisW = 7

// chartSpec is one time-series chart: a series per class over the last seconds.
type chartSpec struct {
	title  string
	value  func(sec *lab.Second, class int) float64
	upper  func(observed float64) float64 // the fixed upper bound, from the largest value shown
	legend func(class int) string         // each class's current value, for the legend
	leaves func(c lab.Class) bool         // a class this chart leaves out; nil: none
}

// occupancyChart plots the workers each class held at each second, 0..pool size.
func occupancyChart(s *lab.Snapshot) chartSpec {
	size := float64(max(s.Pool.Size, s.Config.Pool.MaxWorkers(), 1))
	return chartSpec{
		title: fmt.Sprintf("workers held (0–%d)", int(size)),
		value: func(sec *lab.Second, c int) float64 { return float64(sec.Busy[c]) },
		upper: func(obs float64) float64 { return math.Max(size, obs) },
		legend: func(c int) string {
			return itoa(s.Pool.BusyBy[c])
		},
	}
}

// starvationChart plots starvation per second: rejected:pool of every class but payment
// (a payment turned away by the pool is a rejection, and would drown the signups' line).
func starvationChart(s *lab.Snapshot) chartSpec {
	return chartSpec{
		leaves: func(c lab.Class) bool { return !c.Starves() },
		title:  "starved/s (rejected:pool)",
		value:  func(sec *lab.Second, c int) float64 { return float64(sec.Rejected[c][lab.RejectPool]) },
		upper:  func(obs float64) float64 { return math.Max(10, math.Ceil(obs)) },
		legend: func(c int) string {
			if n := len(s.Timeline); n > 0 {
				return fmtRate(s.Timeline[n-1].Rejected[c][lab.RejectPool])
			}
			return "–"
		},
	}
}

// chartLines draws spec in exactly w×h cells: a title line with the legend, then the plot.
// asciigraph is given exactly as many points as the plot is wide (its own interpolation
// drops spikes), fixed bounds, a fixed-width axis, and never an empty or all-NaN series.
// The legend goes on the title line when both charts have room for that (split), else on
// its own line (or nowhere, when the chart is very short).
func chartLines(t *theme, spec chartSpec, s *lab.Snapshot, w, h int, split bool) []string {
	tl := s.Timeline
	classes := chartClasses(s, spec)
	plotW := w - chartAxisW
	if h < 3 || plotW < 5 {
		return nil
	}
	head, leg := chartHead(t, spec, s, classes, w)
	var lines []string
	switch {
	case !split:
		lines = []string{head + "  " + leg}
	case h >= 6:
		lines = []string{head, leg}
	default:
		lines = []string{head} // the pool picture's legend has the same colours and letters
	}
	switch {
	case len(classes) == 0:
		return append(lines, t.dim.Render("  (no traffic)"))
	case len(tl) == 0:
		return append(lines, t.dim.Render("  (first point after 1 s)"))
	}
	rows := h - len(lines)
	points := min(plotW, len(tl))
	window := tl[len(tl)-points:]
	observed := 0.0
	data := make([][]float64, len(classes))
	var colors []asciigraph.AnsiColor
	var chars []asciigraph.CharSet
	for k, c := range classes {
		colors = append(colors, t.series[c])
		chars = append(chars, t.chars[c])
		series := make([]float64, plotW)
		pad := plotW - points
		for i := range series {
			if i < pad {
				series[i] = math.NaN() // not yet: the run is younger than the chart is wide
				continue
			}
			v := spec.value(&window[i-pad], c)
			series[i] = v
			observed = math.Max(observed, v)
		}
		data[k] = series
	}
	upper := spec.upper(observed)
	opts := []asciigraph.Option{
		asciigraph.Height(rows - 1), // asciigraph draws Height+1 rows
		asciigraph.LowerBound(0),
		asciigraph.UpperBound(upper),
		asciigraph.Offset(2),
		asciigraph.YAxisValueFormatter(axisLabels(upper, rows-1)),
	}
	if t.noColor {
		opts = append(opts, asciigraph.SeriesChars(chars...))
	} else {
		opts = append(opts, asciigraph.SeriesColors(colors...),
			asciigraph.AxisColor(asciigraph.AnsiColor(240)), asciigraph.LabelColor(asciigraph.AnsiColor(245)))
	}
	plot := asciigraph.PlotMany(data, opts...)
	lines = append(lines, strings.Split(plot, "\n")...)
	return lines
}

// chartHead is a chart's title (with how many seconds it shows) and its legend.
func chartHead(t *theme, spec chartSpec, s *lab.Snapshot, classes []int, w int) (head, legend string) {
	points := min(w-chartAxisW, len(s.Timeline))
	head = t.bold.Render(spec.title) + t.dim.Render(fmt.Sprintf(" last %d s", max(points, 0)))
	var items []string
	for k := len(classes) - 1; k >= 0; k-- {
		i, c := classes[k], lab.Classes[classes[k]]
		mark := t.name[i].Render("■")
		if t.noColor {
			mark = string(t.letter[i])
		}
		items = append(items, mark+" "+s.Config.Traffic.Label(c)+" "+spec.legend(i))
	}
	return head, strings.Join(items, "  ")
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

// axisLabels labels the y axis at round values only (a step of 1, 2 or 5 × 10ⁿ, at least
// two rows apart), each on the row nearest to it, and leaves the other rows blank: always
// the same width, never "8 8" from rounding.
func axisLabels(upper float64, height int) asciigraph.YAxisValueFormatterFunc {
	width := max(len(fmt.Sprintf("%.0f", upper)), 3)
	perRow := upper / float64(max(height, 1))
	step := niceStep(2 * perRow)
	return func(v float64) string {
		k := math.Round(v / step)
		if math.Abs(v-k*step) <= perRow/2+1e-9 && (math.Abs(v-k*step) < perRow/2-1e-9 || v > k*step) {
			return fmt.Sprintf("%*.0f", width, k*step)
		}
		return strings.Repeat(" ", width)
	}
}

// niceStep is the smallest of 1, 2, 5 × 10ⁿ that is at least x (and at least 1).
func niceStep(x float64) float64 {
	if x <= 1 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}
