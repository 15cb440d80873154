package ui

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// Charts side by side draw their seconds on as many columns, whatever their labels' widths:
// fleet-domino beside fleet-bulkhead drew 20 s on 20 and on 17 columns, "10s" at different
// places, and codel-queue's queue chart on 21 beside 20, a sample half a second off its
// neighbour's (newcomer 31). Each chart's "10s" stands as far from its axis.
func TestChartsSideBySideShareColumns(t *testing.T) {
	th := newTheme(true, true)
	fleet := pulledFleet(94, 94, func(int, *lab.Second) {})
	for w := 56; w <= 130; w++ {
		lines := chartsLines(th, fleet, fleet, nil, w, w, 6)
		plain := make([]string, len(lines))
		for i, l := range lines {
			plain[i] = ansi.Strip(l)
		}
		axes := []rune(plain[len(plain)-1])
		var row []rune
		for _, l := range plain {
			if strings.Count(l, "┤") == 2 {
				row = []rune(l)
				break
			}
		}
		if row == nil {
			t.Fatalf("w %d: no row of two strips:\n%s", w, strings.Join(plain, "\n"))
		}
		var from []int // each chart's "10s" past its axis
		for x, r := range row {
			if r != '┤' {
				continue
			}
			at := -1
			for k := x + 1; k+2 < len(axes); k++ {
				if string(axes[k:k+3]) == "10s" {
					at = k
					break
				}
			}
			from = append(from, at-x)
		}
		if len(from) != 2 || from[0] != from[1] || from[0] <= 0 {
			t.Errorf("w %d: \"10s\" at %v past each axis, want one place:\n%s", w, from, strings.Join(plain, "\n"))
		}
	}
}

// A plot with fewer columns than seconds (at most one in five holding two, chartWindow)
// draws the last second alone in its last column,
// the one its legend gives: shared with the second before, fleet-domino's rejections ended on
// that second's ▇ where its own had dropped, r4 back in rotation (newcomer 31).
func TestLastColumnIsTheLastSecond(t *testing.T) {
	for n := 2; n <= 120; n++ {
		for cols := 2; cols < n; cols++ {
			if n-cols > cols/4 { // chartWindow shows the last seconds instead, a column each
				continue
			}
			if lo, hi := columnSeconds(cols-1, n, cols); lo != n-1 || hi != n {
				t.Fatalf("%d seconds on %d columns: the last draws %d–%d, want %d alone", n, cols, lo, hi-1, n-1)
			}
			covered := 0 // every second drawn, once
			for x := range cols {
				lo, hi := columnSeconds(x, n, cols)
				if lo != covered || hi <= lo {
					t.Fatalf("%d seconds on %d columns: column %d draws %d–%d after %d", n, cols, x, lo, hi-1, covered)
				}
				covered = hi
			}
			if covered != n {
				t.Fatalf("%d seconds on %d columns: %d drawn", n, cols, covered)
			}
		}
	}
}

// A strip's top is █ where its value writes as the label's top: the closed loop's two rows
// of "0–1.01s" ended one on ▇ (1.006s of 1.014s) and one on █ (newcomer 31). 19 workers of 20
// stays ▇, written 19, not 20.
func TestStripTopsAtItsLabel(t *testing.T) {
	th := newTheme(true, true)
	st := th.name[lab.Payment]
	rows := stripLines(th, []stripSeries{
		{"s", st, []float64{500, 1006}, 1e-9, 1014},
		{"c", st, []float64{500, 1014}, 1e-9, 1014},
	}, latencyTop, 2, 10, 2)
	for _, r := range rows {
		if got := ansi.Strip(r); !strings.HasSuffix(got, "┤▃█") {
			t.Errorf("latency strip %q: want █ at 1.01s as its label writes it", got)
		}
	}
	pool := ansi.Strip(stripLines(th, []stripSeries{{"P", st, []float64{19, 20}, heldLeast, 20}}, rowTop, 1, 8, 2)[0])
	if !strings.HasSuffix(pool, "┤▇█") {
		t.Errorf("pool strip %q: want 19 of 20 ▇, 20 █", pool)
	}
}

// A bounded queue's chart reaches the queue's size, whatever waits: scaled to its data, 29
// payments drew ▇ on "P 0–30" under "the queue of 100", read as a queue almost full at 43 of
// 100 (newcomer 31). An unbounded queue's reaches what waited.
func TestQueueChartReachesTheQueue(t *testing.T) {
	th := newTheme(true, true)
	s := queueSnapshot() // at most 44 of 100 waiting
	got := ansi.Strip(strings.Join(chartLines(th, starvationChart(s, nil), s, nil, 59, 7, true), "\n"))
	if !strings.Contains(got, "P 0–100┤") || !strings.Contains(got, "S 0–100┤") {
		t.Errorf("queue of 100: want strips to 100:\n%s", got)
	}
	s.Config.Pool.Queue = lab.QueueUnbounded
	got = ansi.Strip(strings.Join(chartLines(th, starvationChart(s, nil), s, nil, 59, 7, true), "\n"))
	if !strings.Contains(got, "P 0–48┤") { // 44: eight blocks of 6 (countTop)
		t.Errorf("unbounded queue: want strips to what waited, 0–48:\n%s", got)
	}
}

// The strips' key gives a block's step in the chart's units, and ⣀'s least in them too, on
// both charts of a screen alike: "▁…█ eighths of the range" left ▁ to reckon (2.5 workers of
// 20, 10 of 80), and "⣀ 0.05+ workers" beside "⣀ some" told ⣀ two ways (newcomer 31). Each
// block from where it starts, "▁ 2.5+": "steps of 2.5" left ▁ about 2.5, 0–2.5 or 2.5–5
// (newcomer 33).
func TestStripKeyGivesTheStep(t *testing.T) {
	out := ansi.Strip(strings.Join(chartsLines(newTheme(true, true), testSnapshot(), nil, nil, 120, 120, 7), "\n"))
	for _, want := range []*regexp.Regexp{
		// ⣀ from its least to under ▁'s start: "⣀ 1+/s" asked whether ⣀ is exactly 1
		// (newcomer 34 #20); at 59 columns its least before every step, not an ellipsis
		// (newcomer 38 G4).
		regexp.MustCompile(`█ 20 ⣀ 0\.05\+ ▁ 2\.5\+ ▂ 5\+ ▃ 7\.5\+ ▄ 10\+ ▅ 12\.5\+ ▆ 15\+ ▇ 17\.5\+`),
		// The rejections' to the traffic's reach (trafficReach), each step from where it starts.
		regexp.MustCompile(`█ \d+/s (⣀ 1\+ )?▁ (\d+)\+ ▂ \d+\+ (…|▃ .*)`),
	} {
		if !want.MatchString(out) {
			t.Errorf("no %s on the charts:\n%s", want, out)
		}
	}
	queued, adaptive := testSnapshot(), testSnapshot()
	queued.Config.Pool.Queue = 100
	adaptive.Config.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadAdaptive, Size: 20}
	limit, ok := postmortemChart(adaptive)
	if !ok {
		t.Fatal("no adaptive limit chart")
	}
	for _, tc := range []struct {
		spec chartSpec
		top  float64
		want string
	}{
		{chartSpec{pool: true}, 80, "  █ 80 workers ⣀ 0.05+ ▁ 10+ ▂ 20+ ▃ 30+ ▄ 40+ ▅ 50+ ▆ 60+ ▇ 70+"},
		{chartSpec{pool: true}, 8, "  █ 8 workers ⣀ 0.05+ ▁ 1+ ▂ 2+ ▃ 3+ ▄ 4+ ▅ 5+ ▆ 6+ ▇ 7+"},
		{chartSpec{unit: "/s"}, 40, "  █ 40/s ⣀ 1+ ▁ 5+ ▂ 10+ ▃ 15+ ▄ 20+ ▅ 25+ ▆ 30+ ▇ 35+"},
		{chartSpec{}, 160, "  █ 160 ⣀ 1+ ▁ 20+ ▂ 40+ ▃ 60+ ▄ 80+ ▅ 100+ ▆ 120+ ▇ 140+"},
		// A queue's: in its unit, not a bare 12.5 (review 24).
		{queueChart(queued), 100, "  █ 100 waiting ⣀ 1+ ▁ 12.5+ ▂ 25+ ▃ 37.5+ ▄ 50+ ▅ 62.5+ ▆ 75+ ▇ 87.5+"},
		{limit, 64, "  █ 64 calls at once ⣀ 1+ ▁ 8+ ▂ 16+ ▃ 24+ ▄ 32+ ▅ 40+ ▆ 48+ ▇ 56+"},
	} {
		if got := tc.spec.stripKeys(tc.top, true)[0]; got != tc.want {
			t.Errorf("key of 0–%v: %q, want %q", tc.top, got, tc.want)
		}
	}
}

// "each second" only where a second is a column or a run of two or more: postmortem's 30 s on
// 48 columns drew 0.625 s a column under "mean workers held (of 64) each second" (newcomer
// 33).
func TestTitleEachSecondOnlyWhereSecondsShow(t *testing.T) {
	th := newTheme(true, true)
	for _, n := range []int{8, 30} {
		s := testSnapshot()
		for len(s.Timeline) < n {
			sec := s.Timeline[len(s.Timeline)-1]
			sec.T++
			s.Timeline = append(s.Timeline, sec)
		}
		s.Timeline = s.Timeline[:n]
		lines := chartLines(th, occupancyChart(s), s, nil, 59, 7, true)
		title := ansi.Strip(lines[0])
		cols := 59 - 2 - stripLabelW(float64(poolReach(s)), rowTop)
		if want := cols >= 2*n || cols == n; strings.Contains(title, "each second") != want {
			t.Errorf("%d s on %d columns: title %q, want each second %v", n, cols, title, want)
		}
	}
}

// n37 #1: a count chart tops at its traffic's reach, not at what the run turned away, so the
// same traffic draws the same scale whatever each preset rejected; a second past it raises
// the top, never drawn clipped.
func TestRejectedTopIsTheTraffics(t *testing.T) {
	top := func(s *lab.Snapshot) float64 {
		spec := starvationChart(s, nil)
		data, atLeast := chartReach(spec, s, 50)
		return stripTop(spec, spec.reach(data, atLeast))
	}
	many, few := testSnapshot(), testSnapshot()
	for k := range few.Timeline {
		clear(few.Timeline[k].Rejected[:])
		few.Timeline[k].Rejected[lab.Payment][lab.RejectPool] = 1
	}
	want := 0.0
	for _, c := range lab.Classes {
		if many.Active(c) {
			want = math.Max(want, countTop(many.Config.Traffic.SecondReach(c)))
		}
	}
	if a, b := top(many), top(few); a != b || a != want {
		t.Errorf("one traffic: tops %v and %v, want both %v", a, b, want)
	}
	past := testSnapshot()
	past.Timeline[len(past.Timeline)-1].Rejected[lab.Payment][lab.RejectPool] = int64(3 * want)
	if got := top(past); got < 3*want {
		t.Errorf("a second of %v rejected: top %v, under it", 3*want, got)
	}
}

// n36 #34: fleet-bulkhead's payments rejected at 32/s in a second while they arrive at 24/s
// read as wrong; the legend names that second, rejected of arrived.
func TestRejectedLegendNamesASecondPastTheRate(t *testing.T) {
	s := testSnapshot()
	rate := s.Config.Traffic.PeakRate(lab.Payment)
	sec := &s.Timeline[len(s.Timeline)-2]
	n := int64(rate) + 8
	sec.Arrived[lab.Payment], sec.Rejected[lab.Payment][lab.RejectPool] = n, n
	spec := starvationChart(s, nil)
	window := spec.window(s, 200)
	_, legend, named := chartHead(newTheme(true, true), spec, s, chartClasses(s, spec), window, 200, true)
	// chartLines gives no busiest line beside a legend that says it names a second.
	if !named {
		t.Errorf("legend %q names a second, chartHead says not", ansi.Strip(legend))
	}
	// Since when: "(busiest 5–6s: …)" beside "rejected 7–12s" read as of those (newcomer 54);
	// most of what: "busiest" alone left it to guess (newcomer 59 G-minor 15).
	if want := fmt.Sprintf("(most rejected since %ds: %s, %d of %d arrived)", window[0].T-1, lab.FmtSpan(sec.T-1, sec.T), n, n); !strings.Contains(ansi.Strip(legend), want) {
		t.Errorf("legend %q, want %q", ansi.Strip(legend), want)
	}
	// In a 120x40 chart's 59 columns too, where the other classes' rates make way for it
	// (n40 #1: fleet-bulkhead's ▂, 30+/s, for 2s of 24/s payments, left unnamed there).
	if _, legend, named := chartHead(newTheme(true, true), spec, s, chartClasses(s, spec), spec.window(s, 59), 59, true); !named || !strings.Contains(ansi.Strip(legend), fmt.Sprintf("(most since %ds: %s, %d of %d arrived)", spec.window(s, 59)[0].T-1, lab.FmtSpan(sec.T-1, sec.T), n, n)) || ansiWidth(legend) > 59 {
		t.Errorf("at 59 columns: legend %q, want the second past the rate named, in 59 columns", ansi.Strip(legend))
	}
	calm := testSnapshot()
	spec = starvationChart(calm, nil)
	if _, legend, named := chartHead(newTheme(true, true), spec, calm, chartClasses(calm, spec), spec.window(calm, 200), 200, true); named || strings.Contains(legend, " of ") {
		t.Errorf("no second past the rate: legend %q names one", ansi.Strip(legend))
	}
}

// Newcomer 75 W-minor 3: fleet-bulkhead's rejected strip reached ▂, 30+/s of 24/s payments,
// and its 120x40 legend said only "rejected 35–40s: P payment 15/s  S signup 0/s  H health
// 0/s", where the help says it names that second with its arrivals: three seconds tied at
// 32, "(most since 0s: 4–5s +2, 32 each of 32 to 38 arrived)", had no room beside the
// mean. The most rejected seconds outrank the mean (the table's /s row gives it), and say
// the arrivals are each second's own (newcomer 77 G2: "32 each of 32 to 38" read as of one
// pool of arrivals).
func TestRejectedLegendNamesTiedSecondsPastTheRateIn59Columns(t *testing.T) {
	s := testSnapshot()
	n := int64(s.Config.Traffic.PeakRate(lab.Payment)) + 22
	last := len(s.Timeline) - 1
	for k, i := range []int{1, 3, last - 1} { // apart, each with its own arrivals
		sec := &s.Timeline[i]
		sec.Arrived[lab.Payment], sec.Rejected[lab.Payment][lab.RejectPool] = n+int64(3*k), n
	}
	spec := starvationChart(s, nil)
	window := spec.window(s, 59)
	_, legend, named := chartHead(newTheme(true, true), spec, s, chartClasses(s, spec), window, 59, true)
	want := fmt.Sprintf("P most since %ds: %s +2, %d of %d to %d arrived in each", window[0].T-1, lab.FmtSpan(s.Timeline[1].T-1, s.Timeline[1].T), n, n, n+6)
	if got := ansi.Strip(legend); !named || got != want || ansiWidth(legend) > 59 {
		t.Errorf("at 59 columns: legend %q (names a second: %v), want %q", got, named, want)
	}
}

// Every step before the short form wherever it fits: a pool's key with ⣀'s least before the
// steps, bare, fits the 59 columns of a 120x40 chart whether ⣀ is drawn or not, and a
// rate's keeps it bare of the unit its axis gives before any form that gives the step alone
// (newcomer 38 G4).
func TestStripKeysEveryStepBeforeAnEllipsis(t *testing.T) {
	for _, c := range []struct {
		spec chartSpec
		top  float64
		some bool
		want string
	}{
		{chartSpec{pool: true}, 20, false, "█ 20 ⣀ 0.05+ ▁ 2.5+ ▂ 5+ ▃ 7.5+ ▄ 10+ ▅ 12.5+ ▆ 15+ ▇ 17.5+"},
		{chartSpec{pool: true}, 20, true, "█ 20 ⣀ 0.05+ ▁ 2.5+ ▂ 5+ ▃ 7.5+ ▄ 10+ ▅ 12.5+ ▆ 15+ ▇ 17.5+"},
		{chartSpec{unit: "/s"}, 640, true, "█ 640 ⣀ 1+ ▁ 80+ ▂ 160+ ▃ 240+ ▄ 320+ ▅ 400+ ▆ 480+ ▇ 560+"},
	} {
		keys := c.spec.stripKeys(c.top, c.some)
		at, cut := slices.Index(keys, "  "+c.want), slices.IndexFunc(keys, func(k string) bool { return !strings.ContainsRune(k, eighths[7]) })
		if at < 0 || cut < at || ansiWidth(c.want) > 59 {
			t.Errorf("top %g, some %v: %q at %d, the first short form at %d: %q", c.top, c.some, c.want, at, cut, keys)
		}
	}
}

// s49chart: loss-system's rejections drew lines in one run (a peak of 90/s) and strips in
// another (110/s) at one size, lineReadsTrue judged on each run's own peak. An axis that
// follows the peak draws one kind at one size, whatever the peak: lines from anyPeakRows.
func TestRejectedChartKindIsTheSizes(t *testing.T) {
	kind := func(peak int64, h int) (strips bool, drawn bool) {
		s := testSnapshot()
		for k := range s.Timeline {
			clear(s.Timeline[k].Rejected[:])
			s.Timeline[k].Rejected[lab.Payment][lab.RejectPool] = 60
		}
		s.Timeline[1].Rejected[lab.Payment][lab.RejectPool] = peak
		lines := chartLines(newTheme(true, true), starvationChart(s, nil), s, nil, 59, h, false)
		plain := ansi.Strip(strings.Join(lines, "\n"))
		return strings.Contains(plain, "0–"), len(lines) > 0
	}
	sawLines := false
	for h := chartsLeast; h <= 20; h++ {
		a, drawn := kind(90, h)
		b, _ := kind(110, h)
		if !drawn {
			continue
		}
		if a != b {
			t.Errorf("%d lines: peak 90/s strips %v, 110/s strips %v", h, a, b)
		}
		sawLines = sawLines || !a
	}
	if !sawLines {
		t.Error("no height drew lines")
	}
}

// Newcomer 60 (G-minor 12/14/15): where not every step fits, "█ 20 ▁ 2.5+ ▂ 5+ …" left ▃ to
// ▇ to reckon and read as a legend cut off, "⣀ 0.05+ ▁ 10+ ▂ 20+ …" without even the top.
// Every form of every key, the latency's too (one writer), decodes every block: every step,
// or ▁'s start and its step, "by 2.5"; but ⣀ and ▁'s start alone, for where nothing else fits (keysDrawn
// keeps it from a plot of blocks while another fits). The step's form is no wider than the
// cut to ▁ and ▂ it replaces, so it fits wherever that did.
func TestStripKeyShortFormDecodesEveryBlock(t *testing.T) {
	for name, keys := range map[string][]string{
		"latency": latencyKeys(125, 1000, latencyTop(1.2), false),
		"compare": latencyKeys(125, 1000, latencyTop(1.2), true),
		"pool":    chartSpec{pool: true}.stripKeys(20, false),
		"pool ⣀":  chartSpec{pool: true}.stripKeys(80, true),
		"queue":   chartSpec{keyUnit: "waiting"}.stripKeys(100, true),
		"rate":    chartSpec{unit: "/s"}.stripKeys(16, true),
		"count":   chartSpec{unit: "/s"}.stripKeys(8, false),
	} {
		for _, k := range keys {
			whole := strings.ContainsRune(k, eighths[7])
			// The step in figures, ▁'s start again: "▁ 2.5+ by 2.5" (newcomer 63: "a step" guessed).
			from, by, step := strings.Cut(k[strings.LastIndex(k, "▁")+len("▁ "):], "+"+perLevel)
			if step && from != by {
				t.Errorf("%s: %q steps by %s from %s, want ▁'s start", name, k, by, from)
			}
			rule := strings.HasSuffix(k, "+ …") && !strings.ContainsRune(k, eighths[2])
			if !whole && !step && !rule {
				t.Errorf("%s: %q does not decode every block: %q", name, k, keys)
			}
			head, _, _ := strings.Cut(k, "▁")
			if at := slices.IndexFunc(keys, func(w string) bool { return strings.HasPrefix(w, head+"▁") && strings.ContainsRune(w, eighths[7]) }); step && at >= 0 {
				cut, _, _ := strings.Cut(keys[at], "▃")
				if ansiWidth(k) > ansiWidth(cut+"…") {
					t.Errorf("%s: %q wider than the cut it replaces, %q", name, k, cut+"…")
				}
			}
		}
	}
}

// A traffic chart's top says where it comes from, after the title, where the key has a line
// of its own: "█ 24/s" alone left the run's peak, the set rate times something or a rounded
// max to guess (newcomer 59 G-minor 1). A second past the set rate's reach tops it instead,
// and the title says that.
func TestTrafficTopSaysItsOrigin(t *testing.T) {
	th := newTheme(false, true)
	title := func(s *lab.Snapshot) string {
		lines := chartLines(th, starvationChart(s, nil), s, nil, 59, 8, true)
		for _, l := range lines {
			if w := ansiWidth(l); w > 59 {
				t.Errorf("%q: %d wide, over 59", ansi.Strip(l), w)
			}
		}
		return ansi.Strip(lines[0])
	}
	s := testSnapshot() // payments at 10/s, the fastest: they set the reach
	reach := trafficReach(nil)(s)
	// How much room, where the title's line has it (newcomer 62 G-charts): at 59 columns
	// "rejected:pool" keeps it at the price of "each second".
	// And the sum and the top it rounds up to (newcomer 64: 10 + 4√10 is 22.6, the top 24),
	// as the key's 8 blocks of 3, and whose traffic (newcomer 65 G-minor charts: the chart
	// draws signups too, and "256.6 → 320" read as arbitrary); the top itself in every form
	// ("22.6 → 8 × 3" read as a non sequitur, newcomer 68).
	if got, want := title(s), "top: payment 10/s + 4√10 = 22.6 → 24 = 8 × 3"; !strings.HasSuffix(got, want) {
		t.Errorf("title %q, want it to end %q", got, want)
	}
	past := testSnapshot()
	past.Timeline[len(past.Timeline)-1].Rejected[lab.Payment][lab.RejectPool] = int64(3 * reach)
	if got, want := title(past), fmt.Sprintf("top: the busiest second, %d → %g = 8 × %g", int64(3*reach), countTop(float64(int64(3*reach))), countTop(float64(int64(3*reach)))/8); !strings.HasSuffix(got, want) {
		t.Errorf("a second past the reach: title %q, want it to end %q", got, want)
	}
}
