// Tests of the charts drawn in few rows: every value reads true, decoded from the screen.

package ui

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// plotRead is what a chart's plot says, read as a user reads it: per class letter, the value
// each column reads (NaN: none there) and how near the truth it must be: an eighth of a row
// of a strip, an eighth of a line chart's axis (its lines are up to half a row off); and
// whether it was drawn as strips.
type plotRead struct {
	values map[rune][]float64
	within map[rune]float64
	strips bool
	plotW  int
}

// readPlot reads a chart's lines (no colour): a strip (a letter before its top label) by
// adding up each column's eighth blocks, a line chart (letters as strokes, numbers on the
// axis) by the row its letter sits on, between the top label and 0.
func readPlot(t *testing.T, lines []string) plotRead {
	t.Helper()
	type row struct {
		label  string
		letter rune
		cells  []rune
	}
	var rows []row
	axisAt := -1
	for _, l := range lines {
		r := []rune(ansi.Strip(l))
		i := strings.IndexFunc(string(r), func(c rune) bool { return c == '┤' || c == '┼' || c == '│' })
		if i < 0 {
			continue
		}
		at := len([]rune(string(r)[:i]))
		axisAt = at
		var letter rune
		label := strings.TrimSpace(string(r[:at]))
		// A strip's rows say their ranges ("32–64", "0–32"): a row reads as its upper bound.
		if k := strings.LastIndex(label, "–"); k >= 0 {
			if f := strings.Fields(label[:k]); len(f) == 2 {
				label = f[0] + " " + label[k+len("–"):]
			} else {
				label = label[k+len("–"):]
			}
		}
		if f := strings.Fields(label); len(f) == 2 && !unicode.IsDigit([]rune(f[0])[0]) { // a letter or a series' mark (okMark)
			letter, label = []rune(f[0])[0], f[1]
		}
		label = strings.TrimSpace(label)
		rows = append(rows, row{label, letter, r[at+1:]})
	}
	if axisAt < 0 {
		t.Fatalf("no plot in:\n%s", strings.Join(lines, "\n"))
	}
	plotW := 0
	for _, r := range rows {
		plotW = max(plotW, len(r.cells))
	}
	out := plotRead{values: map[rune][]float64{}, within: map[rune]float64{}, plotW: plotW}
	cell := func(r row, x int) rune {
		if x < len(r.cells) {
			return r.cells[x]
		}
		return ' '
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "/s"), 64) // a rate's unit (newcomer 28)
		if err != nil {
			t.Fatalf("label %q: %v", s, err)
		}
		return v
	}
	for k := 0; k < len(rows); k++ {
		if rows[k].letter == 0 {
			continue
		}
		out.strips = true
		top, n := num(rows[k].label), 1
		for k+n < len(rows) && rows[k+n].letter == 0 {
			n++
		}
		letter := rows[k].letter
		vals := make([]float64, plotW)
		for x := range vals {
			level := 0
			for j := range n {
				switch c := cell(rows[k+j], x); {
				case c == someMark: // some, under half of ▁: reads as none, within an eighth
				case c == '█':
					level += 8
				case c >= '▁' && c <= '▇':
					level += int(c-'▁') + 1
				case c != ' ':
					t.Fatalf("strip %c: %q in column %d", letter, c, x)
				}
			}
			vals[x] = float64(level) / float64(8*n) * top
		}
		out.values[letter], out.within[letter] = vals, top/float64(8*n)
		k += n - 1
	}
	if out.strips {
		return out
	}
	// A line chart: the top label's row and the 0 row give every row its value.
	topRow, zeroRow := -1, -1
	var top float64
	for k, r := range rows {
		if r.label == "" {
			continue
		}
		if topRow < 0 {
			topRow, top = k, num(r.label)
		}
		if num(r.label) == 0 {
			zeroRow = k
		}
	}
	perRow := top / float64(zeroRow-topRow)
	for x := range plotW {
		at := map[rune][]int{}
		for k, r := range rows {
			if c := cell(r, x); unicode.IsLetter(c) {
				at[c] = append(at[c], k)
			}
		}
		for letter, ks := range at {
			if out.values[letter] == nil {
				vals := make([]float64, plotW)
				for i := range vals {
					vals[i] = math.NaN()
				}
				out.values[letter], out.within[letter] = vals, top/8
			}
			if len(ks) == 1 { // a step's column says where it goes from and to, not a value
				out.values[letter][x] = float64(zeroRow-ks[0]) * perRow
			}
		}
	}
	return out
}

// stripSnapshot is a run of 12 s on a pool of 64 whose payments and signups hold values
// that land anywhere on the rows: 63, a hair over 0, the whole pool.
func stripSnapshot() *lab.Snapshot {
	s := testSnapshot()
	s.Pool.Size, s.Config.Pool.Workers = 64, 64
	pay := []float64{0, 3, 15, 31.5, 47, 63, 64, 50, 8, 0.3, 22, 63}
	sig := []float64{0, 1, 0.5, 2, 9, 30, 0, 0, 12, 5, 1, 0}
	s.Timeline = nil
	for i := range pay {
		sec := lab.Second{T: i + 1, Workers: 64}
		sec.Held[lab.Payment], sec.Held[lab.Signup] = pay[i], sig[i]
		s.Timeline = append(s.Timeline, sec)
	}
	return s
}

// checkReadsTrue: every column of the chart's plot reads its second's value within an
// eighth of a row of a strip, an eighth of a line chart's axis.
func checkReadsTrue(t *testing.T, name string, lines []string, w int, s *lab.Snapshot, spec chartSpec) plotRead {
	t.Helper()
	read := readPlot(t, lines)
	window := spec.window(s, w)
	th := newTheme(true, true)
	for _, c := range chartClasses(s, spec) {
		letter := th.letter[c]
		if spec.ok != nil { // a class's arrivals beside its ok
			letter = []rune(arrivedMark)[0]
		}
		vals := read.values[letter]
		if vals == nil {
			if chartMax(spec, window, []int{c}) > 0 {
				t.Errorf("%s: no %c drawn:\n%s", name, letter, strings.Join(lines, "\n"))
			}
			continue
		}
		for x, got := range vals {
			want := columnMax(window, x, read.plotW, func(sec *lab.Second) float64 { return spec.value(sec, c) })
			if !math.IsNaN(got) && math.Abs(got-want) > read.within[letter]+1e-9 {
				t.Errorf("%s: %c column %d reads %.2f, is %.2f (want within %.2f):\n%s",
					name, letter, x, got, want, read.within[letter], strings.Join(lines, "\n"))
				return read
			}
		}
	}
	return read
}

// columnMax is what column x of a plot of cols columns over window draws of value: the
// largest of its seconds'.
func columnMax(window []lab.Second, x, cols int, value func(*lab.Second) float64) float64 {
	lo, hi := columnSeconds(x, len(window), cols)
	m := 0.0
	for i := lo; i < hi; i++ {
		m = math.Max(m, value(&window[i]))
	}
	return m
}

// Wherever a chart has fewer than 5 rows of plot it is drawn as strips, and every value
// it draws reads within an eighth of a row of the truth, each class on the scale of the
// pool (64 workers), labelled with its letter, 0 and its top; taller, a line chart's lines
// read within an eighth of its axis.
func TestStripReadsTrue(t *testing.T) {
	th := newTheme(true, true)
	s := stripSnapshot()
	spec := occupancyChart(s)
	for _, w := range []int{14, 30, 60, 120} {
		for h := chartsLeast; h <= 12; h++ {
			for _, split := range []bool{false, true} {
				lines := chartLines(th, spec, s, nil, w, h, split)
				if len(lines) != h {
					t.Fatalf("%dx%d: %d lines", w, h, len(lines))
				}
				name := "w " + strconv.Itoa(w) + " h " + strconv.Itoa(h)
				read := checkReadsTrue(t, name, lines, w, s, spec)
				head := 1
				if split && h >= 7 {
					head = 2
				}
				if rows := h - head - 1; rows < 5 && !read.strips {
					t.Errorf("%s: %d rows of plot drawn as lines:\n%s", name, rows, strings.Join(lines, "\n"))
				}
				if read.strips && axisTop(lines) != 64 {
					t.Errorf("%s: strips to %d, want the pool's 64", name, axisTop(lines))
				}
			}
		}
	}
}

// The strip's level: the eighths it fills, whole, none under 0 or past the top (newcomer 29:
// 19 workers of 20 drew a full pool).
func TestStripLevel(t *testing.T) {
	for _, tc := range []struct {
		v, top float64
		want   int
	}{{0, 64, 0}, {7.9, 64, 0}, {8, 64, 1}, {63, 64, 7}, {64, 64, 8}, {70, 64, 8},
		{31.9, 64, 3}, {32, 64, 4}, {-1, 64, 0}, {5, 0, 0}} {
		if got := stripLevel(tc.v, tc.top); got != tc.want {
			t.Errorf("stripLevel(%g, %g) = %d, want %d", tc.v, tc.top, got, tc.want)
		}
	}
}

// The line chart keeps the rows it reads true in: under 5 rows of plot a line sits more than
// an eighth of the axis from its value, whatever the scale, and by 9 it is within one for
// the scales the lab draws (pools, rates, starvation); strips take the rest.
func TestLineReadsTrueThreshold(t *testing.T) {
	for _, reach := range []float64{1, 3, 7, 10, 13, 20, 24, 30, 64, 80, 200, 500, 1001, 10000} {
		for rows := 2; rows <= 12; rows++ {
			upper, _, height := evenAxis(reach, rows-1)
			reads := lineReadsTrue(upper, height, reach)
			if rows < 5 && reads || rows >= 9 && !reads {
				t.Errorf("%g in %d rows: axis to %g in %d, reads true %v", reach, rows, upper, height, reads)
			}
		}
	}
}

// A time axis that does not start at 0s labels its start: "10s 20s" alone read as 0–25s
// (newcomer 15, postmortem-vs-fix's 3–25s). One from 0s adds nothing.
func TestTimeAxisSaysItsStart(t *testing.T) {
	th := newTheme(true, true)
	if got := strings.TrimLeft(timeAxis(th, 4, 22, 3, 25, nil), " "); !strings.HasPrefix(got, "3s") || !strings.Contains(got, "10s") {
		t.Errorf("from 3s: %q", got)
	}
	if got := strings.TrimLeft(timeAxis(th, 4, 22, 0, 25, nil), " "); !strings.HasPrefix(got, "0s") {
		t.Errorf("from 0s: %q", got)
	}
}

// Each time label starts on the first column that draws the second it names, at every
// width, and the run's end, where no second starts, has none: ending at the plot's end, "5s
// 6s" squeezed the last interval (newcomer 19) and read as second 6 a few columns short
// (review 19); ending left of their column, labels sat two columns off their second
// (newcomer 29).
func TestTimeAxisLabelsStartOnTheirSecond(t *testing.T) {
	th := newTheme(true, true)
	for _, tc := range []struct {
		pad, plotW int
		t0, t1     float64
	}{{9, 51, 0, 6}, {8, 44, 0, 6}, {10, 48, 0, 25}, {7, 31, 0, 10}, {10, 100, 0, 20}, {6, 19, 5, 25},
		{9, 52, 0, 30}, {9, 53, 0, 10}, {8, 30, 0, 30}, {9, 111, 0, 30}} {
		n := int(tc.t1 - tc.t0)
		axis := timeAxis(th, tc.pad, tc.plotW, tc.t0, tc.t1, nil)
		labels := 0
		for i := 0; i < len(axis); {
			if axis[i] == ' ' {
				i++
				continue
			}
			j := strings.IndexByte(axis[i:], ' ')
			if j < 0 {
				j = len(axis) - i
			}
			label := axis[i : i+j]
			secs, err := strconv.ParseFloat(strings.TrimSuffix(label, "s"), 64)
			if err != nil {
				t.Fatalf("%+v: label %q in %q", tc, label, axis)
			}
			want := -1 // the first column drawing the second from secs; none for the end
			for x := range tc.plotW {
				if lo, hi := columnSeconds(x, n, tc.plotW); want < 0 && lo <= int(secs-tc.t0) && int(secs-tc.t0) < hi {
					want = tc.pad + x
				}
			}
			if i != want || secs >= tc.t1 {
				t.Errorf("%+v: %q starts at %d, its second's first column is %d: %q", tc, label, i, want, axis)
			}
			labels++
			i += j
		}
		if labels < 2 || ansi.StringWidth(axis) > tc.pad+tc.plotW {
			t.Errorf("%+v: %d labels, or past the plot's end: %q", tc, labels, axis)
		}
	}
}

// A strip draws what a pool held however little: 0.44 and 0.57 of 20 workers held
// (breaker-trap's closings at 3–5s) drew no block on a strip to 20, whose eighth is 1.25
// workers, and read as a breaker that never closed (newcomer 16); scaled to the data
// instead, one worker filled a row and read as a full pool (newcomer 19). Every column of a
// second that held a worker draws a block, on the pool's scale, at both sizes' chart widths,
// and the legend gives the peak the lowest blocks stand for.
func TestStripReachesSmallData(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	s.Pool.Size, s.Config.Pool.Workers = 20, 20
	s.Timeline = paymentsHeld(1.22, 0, 0, 0.44, 0.57, 0.3) // the last not 0: readPlot reads the whole width
	spec := occupancyChart(s)
	for _, w := range []int{39, 59} {
		lines := chartLines(th, spec, s, nil, w, 7, true)
		read := checkReadsTrue(t, "w "+strconv.Itoa(w), lines, w, s, spec)
		if !read.strips || axisTop(lines) != 20 {
			t.Fatalf("w %d: drawn as lines or not to the pool's 20:\n%s", w, strings.Join(lines, "\n"))
		}
		// "busiest second", not "peak": beside "calls at the dependency now 0 (peak 2)", an
		// instant's, a second's mean called peak read as a contradiction (review of charts7);
		// where room is short the legend says "5–6s" for "last second 5–6s" before it drops
		// the classes' names, and then "busiest" alone. Each says which second: "0.6 (busiest
		// second: 11)" read as one second holding both (a newcomer of round 11).
		// Since when, before the classes' names (newcomer 54: "(busiest 5–6s: 79)" beside
		// "rejected 7–12s" read as of those seconds); where nothing else fits, without it.
		// At the last second's precision, a tenth: 0.3 beside 1.2 (newcomer 84 G1).
		busiest := map[int]string{39: "(busiest 0–1s: 1.2)", 59: "(busiest since 0s: 0–1s 1.2)"}[w]
		// Under the title, and the key where it has a line of its own.
		if leg := ansi.Strip(strings.Join(lines[1:3], "\n")); !strings.Contains(leg, busiest) {
			t.Errorf("w %d: the legend lacks the busiest second or the class's name: %q", w, leg)
		}
		// The payment strip's rows: from its letter's row to the row before the next letter's.
		var strip [][]rune
		axis := 0
		for _, l := range lines {
			r := []rune(ansi.Strip(l))
			at := strings.IndexRune(string(r), '┤')
			if at < 0 {
				continue
			}
			axis = len([]rune(string(r)[:at]))
			if strings.HasPrefix(strings.TrimSpace(string(r)), "S ") {
				break
			}
			strip = append(strip, r[axis+1:])
		}
		plotW := w - axis - 1
		for x := range plotW {
			drawn := false
			for _, row := range strip {
				drawn = drawn || x < len(row) && row[x] != ' '
			}
			if sec := columnMax(s.Timeline, x, plotW, func(sec *lab.Second) float64 { return sec.Held[lab.Payment] }); sec > 0 && !drawn {
				t.Errorf("w %d: column %d draws nothing for %.2f workers held:\n%s", w, x, sec, strings.Join(lines, "\n"))
				break
			}
		}
	}
}

// A count strip's top from its data is eight round steps, as a line's rows are worth: 21/s
// reach 0–40, each block 5/s, not 0–25 of blocks worth 3.125 (newcomer 35 #20), and a count
// never less than 1 a block.
func TestCountTop(t *testing.T) {
	for _, tc := range [][2]float64{{0, 8}, {1, 8}, {8, 8}, {8.1, 12}, {10, 12}, {16, 16}, {17, 20}, {21, 24}, {40, 40}, {51, 64}, {81, 120}, {532, 640}, {801, 1200}} {
		if got := countTop(tc[0]); got != tc[1] {
			t.Errorf("countTop(%g) = %g, want %g", tc[0], got, tc[1])
		}
	}
	// Every top, whatever the data: its step one of countSteps × 10ⁿ, the least that reaches
	// it, so the data reaches two thirds of the top at least (review 30 ui #1).
	for v := 0.5; v < 5000; v *= 1.07 {
		top := countTop(v)
		step := top / 8
		if !slices.Contains(countSteps, mantissa(step)) || top < v || step < 1 {
			t.Errorf("countTop(%g) = %g: step %g", v, top, step)
		}
		if step > 1 && v < top/1.5-1e-9 {
			t.Errorf("countTop(%g) = %g: the data under two thirds of the top", v, top)
		}
	}
}

// Each strip is one row, its class's letter before the range it holds, from 0: a bottom row
// labelled 0 read as none beside blocks worth 0–5/s (newcomer 16, X4), unlabelled middle
// rows had to be guessed (newcomer 19), and bands of rows ("S 5–10┤" over "0–5┤") read as a
// riddle whose sizes changed from screen to screen (newcomer 20).
func TestStripRowsSayTheirRange(t *testing.T) {
	th := newTheme(true, true)
	s := stripSnapshot()
	got := ansi.Strip(strings.Join(chartLines(th, occupancyChart(s), s, nil, 60, 7, true), "\n"))
	for _, want := range []string{"P 0–64┤", "S 0–64┤"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	pm := postmortemSnapshot(postmortemConfig())
	rate := ansi.Strip(strings.Join(chartLines(th, rateChart(pm), pm, nil, 59, 10, true), "\n"))
	for _, want := range []string{arrivedMark + " 0–640/s┤", okMark + " 0–640/s┤"} { // with the unit (newcomer 28)
		if !strings.Contains(rate, want) {
			t.Errorf("rate chart: no %q in\n%s", want, rate)
		}
	}
	// Every strip row names its series: no row of a band without its letter.
	for _, chart := range []string{got, rate} {
		if m := regexp.MustCompile(`(?m)^ {2,}[0-9.]+–[0-9.]+[a-zµ/]*┤`).FindString(chart); m != "" {
			t.Errorf("a row without its series' letter %q in\n%s", m, chart)
		}
	}
}

// A change made in a chart's last columns, the key the presenter just pressed, keeps its
// number: it stands left of its line, ending at the plot's end, where unclamped it fell off
// the axis and only the ┊ showed until it scrolled left (review of charts7).
func TestTimeAxisKeepsTheLastChangesNumber(t *testing.T) {
	th := newTheme(true, true)
	const pad, plotW = 9, 51
	for _, at := range []time.Duration{5900 * time.Millisecond, 5800 * time.Millisecond, 5700 * time.Millisecond, 3 * time.Second} {
		axis := timeAxis(th, pad, plotW, 0, 6, []change{{n: 12, at: at}})
		if !strings.Contains(axis, "▲12") || ansi.StringWidth(axis) > pad+plotW {
			t.Errorf("change at %v: %q", at, axis)
		}
	}
	// Two changes close together at the end: the newest keeps its number (the review: ▲12,
	// the key just pressed, lost to ▲11 placed first).
	if axis := timeAxis(th, pad, plotW, 0, 6, []change{{n: 11, at: 5800 * time.Millisecond}, {n: 12, at: 5900 * time.Millisecond}}); !strings.Contains(axis, "▲12") {
		t.Errorf("two changes at the end: %q", axis)
	}
}

// A change's dotted line and its number lie in the columns of the second it was made in,
// where that second's label starts: proportional, a change at 5.05s of 10 on 59 columns
// fell in column 29, second 4's, a column left of "5s" (review 19 #7, review 20 #8).
func TestChangeMarksLieInTheirSecond(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	for len(s.Timeline) < 10 {
		sec := s.Timeline[len(s.Timeline)-1]
		sec.T++
		s.Timeline = append(s.Timeline, sec)
	}
	s.Elapsed = 10 * time.Second
	for _, w := range []int{60, 67, 71, 90} {
		lines := chartLines(th, occupancyChart(s), s, []change{{n: 1, at: 5050 * time.Millisecond}}, w, 12, false)
		axis := []rune(ansi.Strip(lines[len(lines)-1]))
		pad := strings.Index(string(axis), "0s")
		n, plotW := len(s.Timeline), w-pad
		dotted := 0
		for _, l := range lines[:len(lines)-1] {
			if x := slices.Index([]rune(ansi.Strip(l)), '┊'); x >= 0 {
				dotted++
				if lo, hi := columnSeconds(x-pad, n, plotW); lo > 5 || hi <= 5 {
					t.Errorf("%d wide: ┊ at %d draws seconds %d–%d, want second 5's: %q", w, x, lo, hi-1, ansi.Strip(l))
				}
			}
		}
		if dotted == 0 {
			t.Errorf("%d wide: no ┊ in\n%s", w, ansi.Strip(strings.Join(lines, "\n")))
		}
		if x := slices.Index(axis, '▲'); x != pad+secondColumn(5, n, plotW) {
			t.Errorf("%d wide: ▲1 at %d, want %d, where second 5 starts: %q", w, x, pad+secondColumn(5, n, plotW), string(axis))
		}
	}
}

// A chart of nothing but zeros draws strips at every height, as it does at the few rows
// where lines cannot read true: as lines it drew "0┤SSSS…", a letter row beside strips
// (review of charts7: caller-timeout's starved chart at 120x40, shared-pool's as strips).
func TestEmptyChartDrawsStrips(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	for i := range s.Timeline {
		s.Timeline[i].Rejected = lab.Second{}.Rejected
	}
	spec := starvationChart(s, nil)
	for _, h := range []int{7, 8, 12, 20} {
		lines := chartLines(th, spec, s, nil, 59, h, true)
		plot := ansi.Strip(strings.Join(lines, "\n"))
		if strings.Contains(plot, "SSS") || !strings.Contains(plot, "S 0–") && !regexp.MustCompile(`S [0-9.]+–[0-9.]+┤`).MatchString(plot) {
			t.Errorf("h %d: not drawn as strips:\n%s", h, plot)
		}
	}
}

// The help says what the charts draw (review of charts7): ok/s is not arrivals, so the gap
// under set is not "what was not served" (after a step down a draining queue's ok/s tops
// set); the workers legend's second figure is a second's mean, the busiest, not an instant's
// peak; and a chart of nothing but zeros draws strips.
func TestHelpSaysWhatTheChartsDraw(t *testing.T) {
	says := map[string]string{}
	for _, e := range helpCharts(newTheme(false, true)) {
		says[e[0]] = e[1]
	}
	for entry, want := range map[string][]string{
		"arrived/s and ok/s": {"arrived earlier", "drains after a step down", "may top it"},
		"mean workers held":  {"busiest since 0s: 2–3s, mean 1.0"},
		// The chart's own shortest keys, in order: the step, then the rule alone (review 31 #1:
		// an index into the forms quoted the steps as "the rule alone").
		"strips": {"nothing but zeros", `"█ 80 ⣀ 0.05+ ▁ 10+ by 10", then "⣀ 0.05+ ▁ 10+ by 10", then "⣀ 0.05+ ▁ 10+ …" on 0–80`},
		// The rule the narrator names but cannot show (newcomer 29).
		// Its bounds as ratios, worked, which the narrator leaves here (newcomer 48 G-MAJOR-1).
		"adaptive limit": {"failsafe-go reckons the excess (calls adding delay, not answers) as limit × (1 − mean/p90), rounded up (its queueSize, Vegas's queue, but the dependency has none: the calls past those that would give the same answers a second at the mean's latency, not the knee's)", "the p90, of the calls' latency (each permit's hold, to the dependency's answer of its first try) over each window of at least 1s and 50 calls, smoothed (a moving median of 5, then an average), the mean its running mean of those (about 10 seconds); it rises while that is at most 2 (under its alpha, 3), so while the p90 stays within 1/(1−2/limit) of the mean, 1/(1−2/30) = 1.07×", "1/(1−6/36) = 1.20×: that much reads as a queue, so it backs off; and holds between; a p90 under its mean gives an excess under 0, none in excess (\"35 × (1 − 84.0/76.0ms) = −3.7, under 0: none in excess\"); alpha and beta are failsafe-go's Vegas bounds, TCP Vegas's two queue thresholds, 3 and 6 × the limit's log10 rounded down, at least 1: at most 2 and past 6 under a limit of 100, at most 5 and past 12 from it", "neither the p90 nor its mean is charted"},
	} {
		for _, w := range want {
			if !strings.Contains(says[entry], w) {
				t.Errorf("help on %q lacks %q: %q", entry, w, says[entry])
			}
		}
	}
	// The narrator's rule quoted whole, as the narrator writes it for a reading, and its
	// warm-up in the narrator's words: a copy by hand had drifted into "… now 84ms" (s53 #4),
	// and why a limit stays past the knee, in the narrator's words too (review 38a m5: its copy
	// said "settle").
	reading := lab.Snapshot{Bulkhead: lab.BulkheadStats{Type: lab.BulkheadAdaptive, Limit: 35, Reading: lab.AdaptiveReading{
		P90: 84 * time.Millisecond, Mean: 76 * time.Millisecond, Direction: "hold", Reason: "queue", Updates: 20, Judged: 35, Queued: 4}}}
	if rule, _, _ := reading.AdaptiveRule(); !strings.Contains(says["adaptive limit"], `the narrator's "`+rule+`"`) ||
		!strings.Contains(says["adaptive limit"], `("in the warm-up it rises while the two stay level")`) ||
		!strings.Contains(says["adaptive limit"], `(the narrator's "`+lab.AdaptivePastKnee(lab.AdaptiveReading{Updates: lab.AdaptiveWarmup})+`")`) ||
		!strings.Contains(says["adaptive limit"], "; after the warm-up, "+lab.AdaptiveMeanClimbs+";") {
		t.Errorf("help on the adaptive limit does not quote the narrator's rule %q whole: %q", rule, says["adaptive limit"])
	}
	if strings.Contains(says["arrived/s and ok/s"], "gap between them is what was not served") {
		t.Errorf("help still calls the gap under set what was not served")
	}
	// The pool chart's key and its legend's figure for less than it draws, as drawn.
	queue := queueSnapshot()
	for k := range queue.Timeline {
		queue.Timeline[k].Held[lab.Signup] = 0.2
	}
	key := strings.TrimSpace(someKeyLine.FindString(ansi.Strip(strings.Join(chartLines(newTheme(false, true), occupancyChart(queue), queue, nil, 59, 7, true), "\n"))))
	if key == "" || !strings.Contains(says["mean workers held"], `"`+key) || !strings.Contains(says["mean workers held"], "writes less as "+heldValue(0.01)+",") || !strings.Contains(says["mean workers held"], "19.5 or more") {
		t.Errorf("help on the workers chart lacks its key %q or %q: %q", key, heldValue(0.01), says["mean workers held"])
	}
}

// Two charts side by side show the same seconds, whatever the width: each rounded its own
// window, and 26 and 27 columns showed the last 10 and 15 seconds (review of charts7).
func TestChartsSideBySideShowTheSameSeconds(t *testing.T) {
	th := newTheme(false, true)
	s := testSnapshot()
	first := s.Timeline[len(s.Timeline)-1]
	s.Timeline = nil
	for i := range 40 {
		sec := first
		sec.T = i + 1
		s.Timeline = append(s.Timeline, sec)
	}
	s.Elapsed = 40 * time.Second
	for w := 56; w <= 140; w++ {
		lines := chartsLines(th, s, nil, nil, w, w, 10)
		axes := []rune(ansi.Strip(lines[len(lines)-1]))
		left := (w - 2) / 2
		if len(axes) <= left+2 {
			t.Fatalf("w %d: one axis: %q", w, string(axes))
		}
		a, b := strings.Fields(string(axes[:left])), strings.Fields(string(axes[left+2:]))
		if len(a) == 0 || len(b) == 0 || a[0] != b[0] {
			t.Errorf("w %d: the charts start at %v and %v: %q", w, a, b, string(axes))
		}
	}
}

// A legend is judged on the seconds its chart draws, the row's: stacked at 104 columns, a
// 120 s run's pool chart has room for all of it (96 columns), its busiest second 2–3s with
// it, where the rejections' wider axis (0–150/s) leaves the row the last 95 seconds. Judged
// on its own, the legend with that busiest second took a line of its own, which the legend
// drawn, without it, did not need. This guards chartsLines' order; distributionLayout's is
// TestDistributionLegendJudgedOnTheSecondsDrawn.
func TestLegendJudgedOnTheSecondsDrawn(t *testing.T) {
	th := newTheme(false, true)
	s := testSnapshot()
	last := s.Timeline[len(s.Timeline)-1]
	s.Timeline = nil
	for i := range 120 {
		sec := last
		sec.T = i + 1
		sec.Held[lab.Payment] = 8
		if sec.T == 3 {
			sec.Held[lab.Payment] = 20
		}
		sec.Arrived[lab.Signup], sec.Rejected[lab.Signup][lab.RejectPool] = 150, 150
		s.Timeline = append(s.Timeline, sec)
	}
	s.Config.Traffic.Signup.Rate = 150 // as they arrive: no second past the rate to explain
	s.Elapsed = 120 * time.Second
	const w = 104
	if !legendSplit(th, occupancyChart(s), s, w) {
		t.Fatal("the pool chart's legend over its own seconds fits beside its title: the case is not tested")
	}
	lines := chartsLines(th, s, nil, nil, w, w, 40)
	got := ansi.Strip(strings.Join(lines, "\n"))
	if !regexp.MustCompile(`mean workers held \(of 20\)(?: each second)?  last second 119–120s: P payment 8 `).MatchString(got) || strings.Contains(got, "(busiest") {
		t.Errorf("the legend drawn fits beside its title, without the busiest second it does not draw:\n%s", got)
	}
}

// distributionLayout judges the pool chart's legend on the seconds its row draws too (the
// order review 13 found wrong, which review 14 #7 asked a test of): three charts 73 columns
// wide, a 120 s run of payments alone, their busiest second 57–58s. The pool chart's own
// plot would draw the last 65 seconds, the rejections' wider axis (0–150/s) leaves the row
// the last 60; judged on its own 65, the legend with that busiest second took a line of its
// own, which the legend drawn, without it, fits beside its title. A two-class legend never
// fits there; one class's does from 223 columns (up to 200 none does: no test could show it).
func TestDistributionLegendJudgedOnTheSecondsDrawn(t *testing.T) {
	th := newTheme(false, true)
	s := testSnapshot()
	s.Config.Traffic.Signup.Rate, s.Classes[lab.Signup] = 0, lab.ClassStats{}
	last := s.Timeline[len(s.Timeline)-1]
	s.Timeline = nil
	for i := range 120 {
		sec := last
		sec.T = i + 1
		clear(sec.Held[:])
		clear(sec.Arrived[:])
		clear(sec.Rejected[:])
		sec.Held[lab.Payment] = 8
		if sec.T == 58 {
			sec.Held[lab.Payment] = 20
		}
		sec.Arrived[lab.Payment], sec.Rejected[lab.Payment][lab.RejectPool] = 150, 150
		s.Timeline = append(s.Timeline, sec)
	}
	s.Config.Traffic.Payment.Rate = 150 // as they arrive: no second past the rate to explain
	s.Elapsed = 120 * time.Second
	const w = 224
	colW := (w - 4) / 3
	if own := occupancyChart(s); !legendSplit(th, own, s, colW) {
		t.Fatal("the pool chart's legend over its own seconds fits beside its title: the case is not tested")
	}
	lines, ok := distributionLayout(th, s, nil, nil, w, 40)
	if !ok {
		t.Fatal("no distribution layout")
	}
	got := ansi.Strip(strings.Join(lines, "\n"))
	if !regexp.MustCompile(`mean workers held \(of 20\)(?: each second)?  last second 119–120s: P payment 8\b`).MatchString(got) || strings.Contains(got, "(busiest") {
		t.Errorf("the legend drawn fits beside its title, without the busiest second it does not draw:\n%s", got)
	}
}

// A run whose seconds fit its plots, a column each or two in one column in five, is drawn
// from 0s: fleet-domino's compare half at 120 columns (58, two charts of 19 and 20 columns of
// plot) drew the last 15 of its 20 s, a chart starting at █ unlike every other (newcomer
// 25). Both halves (58 and 59 columns) show the same seconds.
func TestChartsShowTheWholeRunWhereItFits(t *testing.T) {
	th := newTheme(false, true)
	s := pulledFleet(80, 74, func(int, *lab.Second) {})
	peer := pulledFleet(80, 0, func(int, *lab.Second) {})
	for _, w := range []int{58, 59, 60, 80} {
		lines := chartsLines(th, s, peer, nil, w, w, 10)
		axes := []rune(ansi.Strip(lines[len(lines)-1]))
		left := (w - 2) / 2
		a, b := strings.Fields(string(axes[:left])), strings.Fields(string(axes[left:]))
		if len(a) == 0 || len(b) == 0 || a[0] != "0s" || b[0] != "0s" {
			t.Errorf("w %d: the charts do not both start at 0s: %q\n%s", w, string(axes), ansi.Strip(strings.Join(lines, "\n")))
		}
	}
	// Longer runs: the halves of a compare screen 120 wide, 58 and 59 columns, start at one
	// second, each showing the seconds the narrower has room for (94/s turned away: a rate
	// chart's axis 0–100, a column wider than the pool's 0–80).
	s, peer = pulledFleet(94, 94, func(int, *lab.Second) {}), pulledFleet(94, 0, func(int, *lab.Second) {})
	two := screen{panes: []pane{{snap: s, cfg: s.Config}, {snap: peer, cfg: peer.Config}}, width: 120, height: 40}
	a, b := halfCtx(th, two, 0), halfCtx(th, two, 1)
	if a.w != 58 || b.w != 59 || a.narrowest() != 58 || b.narrowest() != 58 {
		t.Fatalf("halves %d and %d: narrowest %d and %d, want 58", a.w, b.w, a.narrowest(), b.narrowest())
	}
	for len(s.Timeline) < 40 {
		sec := s.Timeline[len(s.Timeline)-1]
		sec.T++
		s.Timeline, peer.Timeline = append(s.Timeline, sec), append(peer.Timeline, sec)
		first := func(c labCtx) string {
			lines := chartsLines(th, s, peer, nil, c.w, c.narrowest(), 10)
			return strings.Fields(ansi.Strip(lines[len(lines)-1]))[0]
		}
		if x, y := first(a), first(b); x != y {
			t.Errorf("a %d s run: the halves start at %s and %s", len(s.Timeline), x, y)
		}
	}
}

// Some (⣀) says what it is wherever it is drawn: long-queue's queue chart drew it without
// its key, its title's line too full for it, alone and beside codel-queue in 29 columns
// (newcomer 25). On every screen from 80 to 200 columns, each row of charts that draws some
// has its key (a fleet's compare halves under 40 rows keep their charts' titles alone, cut,
// with no room for a legend or the key). A pool chart's key says from what: shared-pool's
// signups hold 0.01 workers (5/s × 2ms), and their blank row under "· some, under ▁",
// their legend's 0, read as a contradiction (newcomer 25); their legend says "<0.05" now.
func TestSomeSaysWhatItIs(t *testing.T) {
	th := newTheme(true, true)
	queue := queueSnapshot()
	for k := range queue.Timeline {
		queue.Timeline[k].QueuedBy[lab.Signup] = 1 // of 100: under ▁
		queue.Timeline[k].Held[lab.Signup] = 0.01
	}
	got := ansi.Strip(strings.Join(chartLines(th, occupancyChart(queue), queue, nil, 59, 7, true), "\n"))
	if !strings.Contains(got, "S signup <0.05") || !regexp.MustCompile(`S 0–20┤\n`).MatchString(got) || regexp.MustCompile(`┤[^\n]*⣀`).MatchString(got) {
		t.Errorf("signups' 0.01 workers: want a blank row and <0.05 in the legend:\n%s", got)
	}
	// The blocks' key on every chart of strips, ⣀ drawn or not (newcomer 28: "the block
	// heights have no key; the ⣀ key appears only on some screens"), every step where they
	// fit with ⣀'s least (newcomer 38 G4).
	if !strings.Contains(got, "█ 20 ⣀ 0.05+ ▁ 2.5+ ▂ 5+ ▃ 7.5+ ▄ 10+ ▅ 12.5+ ▆ 15+ ▇ 17.5+") {
		t.Errorf("no ⣀ drawn: want the strips' key all the same:\n%s", got)
	}
	// On a line of its own in a narrow chart, the key in as few words as fit, never wider
	// than the chart (a compare half's 29 columns drew "▁…█ eighths; ⣀ 0.05+, under…").
	for w := 20; w <= 40; w++ {
		for _, l := range chartLines(th, occupancyChart(queue), queue, nil, w, 7, true) {
			if ansiWidth(l) > w {
				t.Errorf("%d columns: %q is %d wide", w, ansi.Strip(l), ansiWidth(l))
			}
		}
	}
	for k := range queue.Timeline {
		queue.Timeline[k].Held[lab.Signup] = 0.2 // of 20: under ▁
	}
	got = ansi.Strip(strings.Join(chartLines(th, occupancyChart(queue), queue, nil, 59, 7, true), "\n"))
	if !regexp.MustCompile(`⣀ 0\.05( to <|\+ ▁)`).MatchString(got) || !regexp.MustCompile(`S 0–20┤⣀+\n`).MatchString(got) {
		t.Errorf("signups' 0.2 workers: want ⣀ all along, and the key from 0.05:\n%s", got)
	}
	fleet := pulledFleet(94, 94, func(_ int, x *lab.Second) {
		x.Held[lab.Signup] = 0.2
		x.Rejected[lab.Health][lab.RejectPool] = 3 // of 100/s: under ▁
	})
	// A compare half whose charts have a line for their titles alone (fleet-domino beside
	// fleet-bulkhead at 120x40): the rejections' title in a word, and the key after it.
	for w := 56; w <= 70; w++ {
		lines := chartsLines(th, fleet, fleet, nil, w, w, 5)
		if rows, keys := rowsDrawingSome(ansi.Strip(strings.Join(lines, "\n")), w); rows > keys {
			t.Errorf("w %d, titles alone: %d rows of charts draw ⣀, %d keys:\n%s", w, rows, keys, ansi.Strip(strings.Join(lines, "\n")))
		}
	}
	for _, snaps := range [][]lab.Snapshot{{*queue}, {*queue, *queue}, {*fleet}, {*fleet, *fleet}} {
		for w := range sweep(80, 200, 1) {
			for hi, h := range []int{30, 40, 60} {
				if (w/sweepStride+hi)%sweepStride != 0 { // under the race detector one height a width, in turn: every width and height, not every pair
					continue
				}
				if h < 40 && len(snaps) == 2 && snaps[0].Fleet != nil {
					continue
				}
				out := ansi.Strip(Frame(snaps, w, h, false, false))
				if rows, keys := rowsDrawingSome(out, w); rows > keys {
					t.Errorf("%dx%d, %d sides: %d rows of charts draw ⣀, %d keys say what it is", w, h, len(snaps), rows, keys)
				}
			}
		}
	}
}

// someKey is a key to someMark, any chart's, in any of its forms.
var someKey = regexp.MustCompile(`⣀ (some|(0\.05|1) to <[0-9.]+|(0\.05|1)\+ ▁)`)

// someKeyLine is the line of a chart's key to someMark, its title's too where they share it.
var someKeyLine = regexp.MustCompile(`(?m)^.*` + someKey.String() + `.*$`)

// rowsDrawingSome counts the rows of charts on a screen w wide (charts side by side, in one
// half of compare mode) that draw someMark, and the keys to it: each row's lines with a mark,
// keys aside, run on from one another.
func rowsDrawingSome(screen string, w int) (rows, keys int) {
	var was [2]bool // the line before, in each half, drew some
	for _, l := range strings.Split(screen, "\n") {
		cut := []string{l}
		if a, b, ok := sides(l, w); ok {
			cut = []string{a, b}
		}
		for h, half := range cut {
			k := len(someKey.FindAllString(half, -1))
			keys += k
			drew := strings.Count(half, string(someMark)) > k
			if drew && !was[h] {
				rows++
			}
			was[h] = drew
		}
	}
	return rows, keys
}

// The time charts beside the latency distribution (three charts, 150 columns and more) show
// the same seconds, though their axes' labels differ in width (0–80 workers, 0–100/s).
func TestChartsBesideTheDistributionShowTheSameSeconds(t *testing.T) {
	th := newTheme(false, true)
	s := pulledFleet(94, 94, func(int, *lab.Second) {})
	for len(s.Timeline) < 60 {
		sec := s.Timeline[len(s.Timeline)-1]
		sec.T++
		s.Timeline = append(s.Timeline, sec)
		for _, w := range []int{150, 151, 152} {
			lines, ok := distributionLayout(th, s, nil, nil, w, 12)
			if !ok {
				t.Fatalf("%d: no distribution", w)
			}
			colW := (w - 4) / 3
			axes := []rune(ansi.Strip(lines[len(lines)-1]))
			a := strings.Fields(string(axes[colW+2 : min(2*colW+2, len(axes))]))
			b := strings.Fields(string(axes[min(2*colW+4, len(axes)):]))
			if len(a) == 0 || len(b) == 0 || a[0] != b[0] {
				t.Errorf("%d columns, a %d s run: the time charts start at %v and %v", w, len(s.Timeline), a, b)
			}
		}
	}
}

// Short of room for every class's busiest second, the legend keeps the first class's
// before it gives the figures bare (the fleet domino at 120 columns: "19–20s: P 5  S 0.1
// H 0" once each busiest named its second).
func TestLegendKeepsTheFirstBusiestSecond(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	s.Timeline = nil
	for i, held := range [][2]float64{{2, 0}, {19, 0.2}, {12, 0.1}, {5, 0.1}} {
		sec := lab.Second{T: i + 1, Workers: 20}
		sec.Held[lab.Payment], sec.Held[lab.Signup] = held[0], held[1]
		s.Timeline = append(s.Timeline, sec)
	}
	spec := occupancyChart(s)
	classes := chartClasses(s, spec)
	_, wide, _ := chartHead(th, spec, s, classes, s.Timeline, 200, true)
	if got := ansi.Strip(wide); !strings.Contains(got, "P payment 5 (busiest since 0s: 1–2s, mean 19)  S signup 0.1 (busiest since 0s: 1–2s, mean 0.2)") {
		t.Errorf("wide: %q", got)
	}
	_, narrow, _ := chartHead(th, spec, s, classes, s.Timeline, 40, true)
	if got := ansi.Strip(narrow); got != "3–4s: P 5 (busiest 1–2s: 19)  S 0.1" {
		t.Errorf("40 wide: %q", got)
	}
}

// A chart that shows its last seconds alone names its busiest since the first it shows, not
// since the start (newcomer 54: "busiest since 0s" where 0s is drawn).
func TestLegendBusiestSinceTheFirstSecondDrawn(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	s.Timeline = paymentsHeld(20, 2, 19, 12, 5)
	spec := occupancyChart(s)
	_, legend, _ := chartHead(th, spec, s, chartClasses(s, spec), s.Timeline[1:], 200, true)
	if got := ansi.Strip(legend); !strings.Contains(got, "P payment 5 (busiest since 1s: 2–3s, mean 19)") {
		t.Errorf("drawn from 1s: %q", got)
	}
}

// Seconds that tie at the busiest figure say so: "(busiest since 0s: 35–36s, mean 24)", the
// latest of 30 seconds at 24, read as the one busiest beside a strip full from 6s (newcomer
// 69 W3; 15's "37–38s 20" beside ▂ at 2–3s and 5–6s too). A run of them is named whole, else
// the first and how many more; 19.7 is written 20, so it ties with 20.
func TestLegendBusiestSaysTies(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	legend := func(held ...float64) string {
		s.Timeline = paymentsHeld(held...)
		spec := occupancyChart(s)
		_, l, _ := chartHead(th, spec, s, chartClasses(s, spec), s.Timeline, 200, true)
		return ansi.Strip(l)
	}
	if got := legend(5, 20, 19.7, 20, 8); !strings.Contains(got, "P payment 8 (busiest since 0s: 1–4s at mean 20)") {
		t.Errorf("a run: %q", got)
	}
	if got := legend(20, 3, 20, 5, 19.6, 8); !strings.Contains(got, "P payment 8 (busiest since 0s: 0–1s and 2 more at mean 20)") {
		t.Errorf("apart: %q", got)
	}
	if got := legend(5, 20, 12, 8); !strings.Contains(got, "P payment 8 (busiest since 0s: 1–2s, mean 20)") {
		t.Errorf("one: %q", got)
	}
}

// newcomer 39 G14: loss-system's "7–8s: P payment 19  S signup 0.1 (busiest second 0–1s:
// 0.2)": whose busiest? A class whose last second is its busiest says so beside another's
// named busiest, so each class has its own; where none is named, none says so.
func TestLegendBusiestSaysWhose(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	legend := func(held [][2]float64, w int) string {
		s.Timeline = nil
		for i, h := range held {
			sec := lab.Second{T: i + 1, Workers: 20}
			sec.Held[lab.Payment], sec.Held[lab.Signup] = h[0], h[1]
			s.Timeline = append(s.Timeline, sec)
		}
		spec := occupancyChart(s)
		_, l, _ := chartHead(th, spec, s, chartClasses(s, spec), s.Timeline, w, true)
		return ansi.Strip(l)
	}
	lastBusiest := [][2]float64{{12, 0.3}, {17, 0.1}, {19, 0.1}}
	if got := legend(lastBusiest, 200); !strings.Contains(got, "P payment 19 (its busiest)  S signup 0.1 (busiest since 0s: 0–1s, mean 0.3)") {
		t.Errorf("wide: %q", got)
	}
	if got := legend(lastBusiest, 60); !strings.Contains(got, "P 19 (its busiest)  S 0.1 (busiest since 0s: 0–1s 0.3)") {
		t.Errorf("60 wide: %q", got)
	}
	if got := legend([][2]float64{{12, 0.1}, {19, 0.3}}, 200); strings.Contains(got, "busiest") {
		t.Errorf("each last second its class's busiest: %q", got)
	}
}

// paymentsHeld are seconds of a pool of 20, one a figure, in which payments held those
// workers on average.
func paymentsHeld(held ...float64) []lab.Second {
	secs := make([]lab.Second, len(held))
	for i, h := range held {
		secs[i] = lab.Second{T: i + 1, Workers: 20}
		secs[i].Held[lab.Payment] = h
	}
	return secs
}

// lossSeconds is loss-system's traffic (200/s payments, 100/s signups) over a second a row:
// payments arrived and rejected:pool, then signups'.
func lossSeconds(rows [][4]int64) *lab.Snapshot {
	s := testSnapshot()
	s.Config.Traffic.Payment.Rate, s.Config.Traffic.Signup.Rate = 200, 100
	s.Timeline = nil
	for i, n := range rows {
		var sec lab.Second
		sec.T = i + 1
		sec.Arrived[lab.Payment], sec.Rejected[lab.Payment][lab.RejectPool] = n[0], n[1]
		sec.Arrived[lab.Signup], sec.Rejected[lab.Signup][lab.RejectPool] = n[2], n[3]
		s.Timeline = append(s.Timeline, sec)
	}
	return s
}

// A chart of rejections drawn as lines names each class's busiest second with its own
// arrivals and the set rate, payments first, the rest giving way where the width is short:
// loss-system's 0–1s on the 100 row read as 100 of 200/s turned away, where 216 arrived and
// 91 were (newcomer 40 #2).
func TestBusiestLineGivesTheSecondsArrivals(t *testing.T) {
	th := newTheme(false, true)
	s := lossSeconds([][4]int64{{216, 91, 112, 36}, {176, 56, 110, 39}, {189, 64, 103, 31}})
	spec := starvationChart(s, nil)
	classes := []int{int(lab.Signup), int(lab.Payment)}
	if got, want := ansi.Strip(busiestLine(th, spec, s, classes, s.Timeline, 120)), "most rejected P 0–1s: 91 of 216 arrived (set 200/s)  S 1–2s: 39 of 110 arrived (set 100/s)"; got != want {
		t.Errorf("at 120 columns: %q, want %q", got, want)
	}
	if got, want := ansi.Strip(busiestLine(th, spec, s, classes, s.Timeline, 59)), "most rejected P 0–1s: 91 of 216 arrived (set 200/s)"; got != want {
		t.Errorf("at 59 columns: %q, want %q", got, want)
	}
	// Seconds that tie: the first, said so (s89: the latest of a tie, unsaid).
	tie := lossSeconds([][4]int64{{216, 91, 112, 36}, {190, 91, 110, 39}})
	if got, want := ansi.Strip(busiestLine(th, spec, tie, []int{int(lab.Payment)}, tie.Timeline, 120)), "most rejected P 0–1s (first of 2): 91 of 216 arrived (set 200/s)"; got != want {
		t.Errorf("a tie: %q, want %q", got, want)
	}
	if got := busiestLine(th, spec, s, classes, s.Timeline, 30); got != "" {
		t.Errorf("at 30 columns: %q, want none", got)
	}
}

// Under a rate profile, "(set …)" is the rate set in the busiest second, not the profile's
// peak: payments at 150/s, then 500/s from 5s, busiest at 0–1s read "(set 500/s)" on the
// profile's peak (review 34 m1, review 35 m12).
func TestBusiestLineSaysTheRateSetThen(t *testing.T) {
	th := newTheme(false, true)
	rows := [][4]int64{{160, 91, 0, 0}, {150, 40, 0, 0}, {148, 30, 0, 0}, {151, 20, 0, 0}, {149, 10, 0, 0}, {503, 60, 0, 0}}
	s := lossSeconds(rows)
	s.Config.Traffic.Payment.Rate = 150
	s.Config.Traffic.Payment.Profile = []lab.RateStep{{At: lab.Duration(5 * time.Second), Rate: 500}}
	spec := starvationChart(s, nil)
	classes := []int{int(lab.Payment)}
	if got, want := ansi.Strip(busiestLine(th, spec, s, classes, s.Timeline, 120)), "most rejected P 0–1s: 91 of 160 arrived (set 150/s)"; got != want {
		t.Errorf("before the step: %q, want %q", got, want)
	}
	s.Timeline[5].Rejected[lab.Payment][lab.RejectPool] = 300
	if got, want := ansi.Strip(busiestLine(th, spec, s, classes, s.Timeline, 120)), "most rejected P 5–6s: 300 of 503 arrived (set 500/s)"; got != want {
		t.Errorf("after the step: %q, want %q", got, want)
	}
}

// A chart of rejections drawn as lines says its unit on every row of its axis and, after
// its title, how far a line may sit from its value: loss-system's "100┤ … 0┤" had no unit
// and 91 drew on the 100 row (newcomer 41 G13).
func TestLinesSayUnitAndRow(t *testing.T) {
	th := newTheme(false, true)
	var secs [][4]int64
	for i := range 8 {
		secs = append(secs, [4]int64{216, int64(60 + 4*i), 100, 38})
	}
	s := lossSeconds(secs)
	lines := chartLines(th, starvationChart(s, nil), s, nil, 59, 12, true)
	plain := ansi.Strip(strings.Join(lines, "\n"))
	if strings.Contains(plain, "P 0–") {
		t.Fatalf("not drawn as lines:\n%s", plain)
	}
	rows := 0
	for _, l := range lines {
		if l = ansi.Strip(l); strings.Contains(l, "┤") && !strings.Contains(l, "0–") {
			rows++
			if !regexp.MustCompile(`\d/s┤`).MatchString(l) {
				t.Errorf("axis row without its unit: %q", l)
			}
		}
	}
	if rows == 0 {
		t.Fatalf("no line axis:\n%s", plain)
	}
	if !regexp.MustCompile(`rejected:pool.*nearest row, ±\d+/s`).MatchString(plain) {
		t.Errorf("no key to the rows:\n%s", plain)
	}
	// The ± is half a row, whatever rows the labels skip (review 35 M1: "±1/s" where rows
	// stood 0.5/s apart), read off the axis as drawn: its top over the rows below it.
	for _, h := range []int{12, 20, 27} {
		lines := chartLines(th, starvationChart(s, nil), s, nil, 59, h, true)
		var axis []string
		for _, l := range lines {
			if l = ansi.Strip(l); strings.ContainsAny(l, "┤┼") && !strings.Contains(l, "0–") {
				axis = append(axis, l)
			}
		}
		if len(axis) < 2 {
			t.Fatalf("%d rows: no axis to read: %q", h, axis)
		}
		top, err := strconv.ParseFloat(strings.TrimSpace(strings.Split(axis[0], "/s")[0]), 64)
		if err != nil {
			t.Fatalf("%d rows: no top to read: %q", h, axis[0])
		}
		want := fmt.Sprintf("±%s/s", strconv.FormatFloat(math.Round(top/float64(len(axis)-1)/2*1000)/1000, 'f', -1, 64))
		if got := ansi.Strip(strings.Join(lines, "\n")); !strings.Contains(got, "row, "+want) {
			t.Errorf("%d rows, top %v over %d: want %q in\n%s", h, top, len(axis)-1, want, got)
		}
	}
}

// A workers legend writes a class's last second and its busiest at one precision: to a
// tenth both where the last second is under one worker, "7–8s: P 0.9 (busiest since 0s:
// 0–1s 1)" left which was the more to guess (newcomer 84 G1); whole both from one up.
func TestHeldLegendOnePrecision(t *testing.T) {
	for _, c := range []struct {
		last, top float64
		want      string
	}{{0.9, 1.04, "1.0"}, {0.9, 0.93, "0.9"}, {0.3, 19.6, "19.6"}, {5, 19.6, "20"}, {0.01, 3, "3"}} {
		if got := heldWriter(c.last)(c.top); got != c.want {
			t.Errorf("last second %v: busiest %v written %q, want %q", c.last, c.top, got, c.want)
		}
	}
}

// The strip draws a second as its legend writes it: a pool of 2 whose last second held 0.3
// writes its busiest, 1.4, to a tenth, and its strip drew 1, whole from 0.95 (a review of
// s97a); whole where the legend writes whole.
func TestHeldStripAsItsLegend(t *testing.T) {
	s := &lab.Snapshot{Pool: lab.PoolStats{Size: 2}}
	for _, c := range []struct{ last, top, drawn float64 }{{0.3, 1.4, 1.4}, {0.3, 1.96, 2}, {1.2, 1.4, 1}} {
		busiest, last := lab.Second{T: 1, Workers: 2}, lab.Second{T: 2, Workers: 2}
		busiest.Held[lab.Payment], last.Held[lab.Payment] = c.top, c.last
		s.Timeline = []lab.Second{busiest, last}
		spec := occupancyChart(s)
		_, _, of := legendFigures(spec, s)
		written, err := strconv.ParseFloat(heldWriter(of(int(lab.Payment)))(c.top), 64)
		drawn := spec.value(&s.Timeline[0], int(lab.Payment))
		if err != nil || drawn != c.drawn || stripLevel(drawn, 2) != stripLevel(written, 2) {
			t.Errorf("last %v, busiest %v: drawn %v (level %d), written %v (level %d), want drawn %v",
				c.last, c.top, drawn, stripLevel(drawn, 2), written, stripLevel(written, 2), c.drawn)
		}
	}
}
