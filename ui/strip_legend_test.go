package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// A chart drawn as strips names each class in its legend by the strip's letter, not by a
// line's strokes it does not draw ("PP payment", "━━ payment"); drawn as lines, by the strokes.
func TestStripLegendMarks(t *testing.T) {
	s := testSnapshot()
	for _, noColor := range []bool{true, false} {
		th := newTheme(noColor, true)
		for _, h := range []int{5, 17} {
			lines := chartLines(th, occupancyChart(s), s, nil, 90, h, false) // the legend beside the title
			plot := ansi.Strip(strings.Join(lines, "\n"))
			strips := !strings.Contains(plot, "┼") && strings.Contains(plot, "█")
			leg := ansi.Strip(lines[0])
			lineMark := ansi.Strip(th.mark[lab.Payment])
			switch {
			case strips && (strings.Contains(leg, lineMark) || !strings.Contains(leg, "P payment")):
				t.Errorf("no colour %v, h %d: strips, legend %q: want the letter, not %q", noColor, h, leg, lineMark)
			case !strips && !strings.Contains(leg, lineMark+" payment"):
				t.Errorf("no colour %v, h %d: lines, legend %q: want %q", noColor, h, leg, lineMark)
			}
			if h == 5 && !strips {
				t.Errorf("h 5: want strips:\n%s", plot)
			}
		}
	}
}

// Closed and open loop side by side draw their percentile strips alike: the same series
// slots, each strip as high as the other side's, and where the open loop has no corrected
// series a word says why. A one-row strip says its 0 as well as its top.
func TestPercentileStripsAlike(t *testing.T) {
	closed, open := measurementSnapshots()
	th := newTheme(true, true)
	for _, h := range []int{5, 6, 7} { // too few rows for lines: strips
		cl, op := distributionChart(th, closed, nil, 40, h), distributionChart(th, open, nil, 40, h)
		if len(cl) != len(op) {
			t.Fatalf("h %d: %d lines beside %d", h, len(cl), len(op))
		}
		rowsOf := func(lines []string) (p, c int) {
			letter := 0
			for _, l := range lines {
				l = ansi.Strip(l)
				switch {
				case strings.HasPrefix(l, " a "), strings.HasPrefix(l, " s "): // since arrival
					letter = 'P'
				case strings.HasPrefix(l, " c "), strings.HasPrefix(l, " c="):
					letter = 'c'
				case !strings.Contains(l, "│") && !strings.Contains(l, "┤"):
					letter = 0
				}
				switch letter {
				case 'P':
					p++
				case 'c':
					c++
				}
			}
			return p, c
		}
		cp, cc := rowsOf(cl)
		op1, oc := rowsOf(op)
		if cp != op1 || cp != cc || oc != 1 {
			t.Errorf("h %d: closed a %d rows, c %d; open s %d rows, c %d lines:\n%s\n\n%s", h, cp, cc, op1, oc,
				ansi.Strip(strings.Join(cl, "\n")), ansi.Strip(strings.Join(op, "\n")))
		}
		plain := ansi.Strip(strings.Join(op, "\n"))
		// Said as no strip, not as a legend whose strip is missing (newcomer 11 read
		// "c = scheduled (open loop)" as a c row not drawn).
		if !strings.Contains(plain, "(open loop)") || !strings.Contains(plain, " c ") || strings.Contains(plain, "= scheduled") {
			t.Errorf("h %d: open loop does not say why it has no corrected strip:\n%s", h, plain)
		}
		if cp == 1 && !strings.Contains(plain, "s 0–") {
			t.Errorf("h %d: a one-row strip without its 0:\n%s", h, plain)
		}
	}
}

// A legend's count is to the nearest: a full pool's mean held just under its size reads as
// its size, not one below (newcomer 13: "P orders 23" of 24, the pool full all second).
func TestLegendCountRounds(t *testing.T) {
	for v, want := range map[float64]string{23.96: "24", 19.4: "19", 0.6: "1"} {
		if got := legendValue(v, ""); got != want {
			t.Errorf("%v: %q, want %q", v, got, want)
		}
	}
}

// The strips' key is one rule on every chart, whole in every form ("⣀ 0.05+" beside "⣀
// some, under ▁" read as two; newcomer 29), and never joins the legend's figures ("H <0.05
// ⣀ 0.05+") nor stands under them, where it read as the legend wrapped: after the title,
// else on a line of its own under it.
func TestStripKeyOneRuleNeverInTheLegend(t *testing.T) {
	for _, spec := range []chartSpec{{pool: true}, {}} {
		for _, k := range spec.stripKeys(20, true) {
			// The step too, in the shortest: a rule without it left it to be worked out from
			// the axis (newcomer 33); the rule ends where ▁ starts, so it says both (newcomer
			// 34 #20: "⣀ 1+/s" read as exactly 1).
			// Or, narrower, ⣀ from its least before the steps, ending where ▁ starts (newcomer
			// 36 #33: the rule alone gave no ▁…█ where every other chart did; review 31 #5:
			// "⣀ <2.5" dropped its least).
			if !regexp.MustCompile(`^(█ 20( workers)? )?` + string(someMark) + ` (0\.05|1)\+ ▁ 2\.5\+( ▂ 5\+ ▃ 7\.5\+ .* ▇ 17\.5\+| by 2\.5| …)$`).MatchString(strings.TrimSpace(k)) {
				t.Errorf("pool %v: key %q, want someMark's rule whole, to ▁'s start", spec.pool, k)
			}
		}
	}
	th := newTheme(true, true)
	head := "mean workers held (of 80; 60 in rotation now)"
	legend := "19–20s: P 5  S 0.1  H <0.05"
	spec := chartSpec{pool: true, title: head, narrowest: "workers held (of 80)"}
	// No room after the title, none of its own: the narrowest title with the key, not a
	// chart's ▁▃▅▇ unkeyed (newcomer 41 G10); where that has none, no key, the title whole.
	got, _ := keyed(th, spec, []string{head, legend}, head, 59, spec.stripKeys(80, true))
	if want := "workers held (of 80)  █ 80 workers ⣀ 0.05+ ▁ 10+ by 10"; ansi.Strip(got[0]) != want || got[1] != legend {
		t.Errorf("no room beside the title: %q, want %q", got, want)
	}
	got, _ = keyed(th, spec, []string{head, legend}, head, 30, spec.stripKeys(80, true))
	if got[0] != head || got[1] != legend {
		t.Errorf("no room: %q", got)
	}
	// A line left blank: the key takes it, under the title, above the legend.
	got, _ = keyed(th, spec, []string{head, legend, ""}, head, 59, spec.stripKeys(80, true))
	if want := []string{head, "█ 80 ⣀ 0.05+ ▁ 10+ ▂ 20+ ▃ 30+ ▄ 40+ ▅ 50+ ▆ 60+ ▇ 70+", legend}; !slices.Equal(got, want) {
		t.Errorf("a blank line: %q, want %q", got, want)
	}
}

// A fleet's charts at 120x40 have no line to spare for the key: it goes after a title in
// fewer words, the workers' without its unit (the title says workers), the rejections'
// without "each second" (newcomer 34 #21: "P 0–80" and "P 0–40/s" had no key).
func TestFleetChartsKeyed(t *testing.T) {
	th := newTheme(true, true)
	legend := "14–15s: P 15 (busiest 5–6s: 20)  S 0.2  H <0.05"
	pool := chartSpec{pool: true, title: "mean workers held (of 80; 60 in rotation now)", short: "workers held (of 80; 60 in rotation)", narrowest: "workers held (of 80)",
		legend: func(*lab.Snapshot) (string, string, func(int) float64) { return "", "", nil }}
	head := ansi.Strip(pool.titles(th)[0])
	got, _ := keyed(th, pool, []string{head, legend}, head, 59, pool.stripKeys(80, true))
	if want := "workers held (of 80; 60 in rotation)  ⣀ 0.05+ ▁ 10+ by 10"; ansi.Strip(got[0]) != want {
		t.Errorf("workers: %q, want %q", got[0], want)
	}
	rejected := chartSpec{title: "rejected (pool + balancer + bulkhead)", short: "rejected (every reason)", bare: "rejected", unit: "/s",
		legend: pool.legend}
	head = ansi.Strip(rejected.titles(th)[0])
	got, _ = keyed(th, rejected, []string{head, legend}, head, 59, rejected.stripKeys(40, false))
	// In the room "▁ 5+ a step" left over, ⣀'s key too (its unit on the strips' axis).
	if want := "rejected (pool + balancer + bulkhead)  █ 40 ⣀ 1+ ▁ 5+ by 5"; ansi.Strip(got[0]) != want {
		t.Errorf("rejected: %q, want %q", got[0], want)
	}
}

// A pool's strip fills the eighths of the figure its legend writes: a full pool's mean, a
// hair under the pool, is full (█), 19 of 20 is not (newcomer 29: drawn █ beside "P 19").
func TestPoolStripFillsItsFigure(t *testing.T) {
	for _, tc := range []struct {
		held float64
		want int
	}{{19.98, 8}, {19.4, 7}, {19, 7}, {2.4, 0}, {2.6, 1}} {
		if got := stripLevel(heldFigure(tc.held), 20); got != tc.want {
			t.Errorf("%g of 20 held: level %d, want %d", tc.held, got, tc.want)
		}
	}
}

// newcomer 34: closed and open loop side by side keyed "▁ 125ms+ ▂ 250ms+ … █ 1.00s" and
// "▁ 126ms+ ▂ 251ms+ … █ 1.00s": tops apart in a digit not shown. The steps are of the top
// as written, so strips that top alike key alike.
func TestPercentileStripStepsOfTheTopWritten(t *testing.T) {
	closed, open := measurementSnapshots()
	top := func(s *lab.Snapshot, d time.Duration) {
		for _, l := range [][]time.Duration{s.Distribution.Latency, s.Distribution.Corrected} {
			if len(l) > 0 {
				l[len(l)-1] = d
			}
		}
	}
	top(closed, 1000*time.Millisecond)
	top(open, 1004600*time.Microsecond)
	th := newTheme(true, true)
	key := func(lines []string) string {
		for _, l := range lines {
			if l = ansi.Strip(l); strings.Contains(l, "▁ ") && strings.Contains(l, "█ ") {
				l = l[strings.Index(l, "▁ "):]
				if end := strings.Index(l, ";"); end >= 0 { // ⣀'s rule starts at each one's fastest
					l = l[:end]
				}
				return l
			}
		}
		return ""
	}
	a, b := key(distributionChart(th, closed, nil, 60, 5)), key(distributionChart(th, open, nil, 60, 5))
	if a == "" || a != b || !strings.Contains(a, "125ms+") {
		t.Errorf("tops written alike, keyed %q and %q, want both of 1.00s's steps (125ms+)", a, b)
	}
}

// A count chart whose ▁ starts at 1 or less draws no ⣀ (a count of 1 is ▁ at least), so its
// key has no ⣀ rule: "⣀ 1 to <0.625/s" was an empty range (review 29 ui #4).
func TestCountKeyWithoutRuleUnderOne(t *testing.T) {
	for _, top := range []float64{2, 5, 8} {
		for _, k := range (chartSpec{unit: "/s"}).stripKeys(top, false) {
			if strings.ContainsRune(k, someMark) || !strings.Contains(k, "▁ ") {
				t.Errorf("top %v: %q", top, k)
			}
		}
	}
	if k := (chartSpec{unit: "/s"}).stripKeys(16, true); !strings.Contains(k[0], "⣀ 1+ ▁ 2+") {
		t.Errorf("top 16: %q, want the rule", k)
	}
}

// Compare's two halves draw their percentile strips to one top, as their count strips do:
// a half whose slowest is 500ms drew its 500ms at █ beside the other's 1.00s █, one latency
// at two heights. Each half alone keeps its own top.
func TestPercentileStripsShareTheirTopInCompare(t *testing.T) {
	closed, open := measurementSnapshots()
	for _, l := range [][]time.Duration{open.Distribution.Latency, open.Distribution.Corrected} {
		for i := range l {
			l[i] = min(l[i], 500*time.Millisecond)
		}
	}
	th := newTheme(true, true)
	rangeOf := func(lines []string) string { // the strip's "0–1.00s" beside its letter
		for _, l := range lines {
			if f := strings.Fields(ansi.Strip(l)); len(f) > 1 && f[0] == "s" && strings.HasPrefix(f[1], "0–") {
				return f[1][:strings.IndexRune(f[1], '┤')]
			}
		}
		return ""
	}
	a, b := rangeOf(distributionChart(th, closed, open, 60, 5)), rangeOf(distributionChart(th, open, closed, 60, 5))
	if a == "" || a != b {
		t.Errorf("compare halves' strips reach %q and %q, want one top", a, b)
	}
	if alone := rangeOf(distributionChart(th, open, nil, 60, 5)); alone == "" || alone == b {
		t.Errorf("the open loop alone reaches %q, want its own 500ms top, not its peer's %q", alone, b)
	}
}

// Every form of the key keys each mark the plot draws: deadline-propagation's workers,
// ▁▂▃ beside "⣀ 0.05 to <2.5", and fleet-domino's at 80x24, ▁▃▅▇ with no key at all, left
// blocks to be guessed (newcomer 41 W4, G10). The whole title's words before the key's.
func TestStripKeyKeysEveryMarkDrawn(t *testing.T) {
	th := newTheme(true, true)
	spec := chartSpec{pool: true, title: "mean workers held (of 20)", short: "workers held (of 20)",
		legend: func(*lab.Snapshot) (string, string, func(int) float64) { return "", "", nil }}
	head := ansi.Strip(spec.titles(th)[0])
	got, _ := keyed(th, spec, []string{head, "9–10s: P payment 4"}, head, 59, first(keysDrawn(spec.stripKeys(20, true), "▁▁⣀⣀▂▂▃▃")))
	if want := "mean workers held (of 20)  █ 20 ⣀ 0.05+ ▁ 2.5+ by 2.5"; ansi.Strip(got[0]) != want {
		t.Errorf("blocks drawn: %q, want %q", ansi.Strip(got[0]), want)
	}
	// Only ⣀ drawn: it and where ▁ starts key it.
	if keys, _ := keysDrawn(spec.stripKeys(20, true), "⣀⣀"); strings.TrimSpace(keys[len(keys)-1]) != "⣀ 0.05+ ▁ 2.5+ …" {
		t.Errorf("only ⣀ drawn: shortest %q, want its rule", keys[len(keys)-1])
	}
	// A fleet's at 80x24, 39 columns: no title that says the rotation leaves the key room;
	// the bare one keeps the scale's meaning, every replica's pool (s49: "workers held" left
	// 0–80 to be guessed).
	fleet := occupancyChart(fleetSnapshot(4, 3))
	head = ansi.Strip(fleet.titles(th)[3])
	got, _ = keyed(th, fleet, []string{head, "19–20s: P 5  S 0.1  H <0.05"}, head, 39, first(keysDrawn(fleet.stripKeys(80, true), "▁▃▅▇⣀")))
	if want := "held (of 4×20)  ⣀ 0.05+ ▁ 10+ by 10"; ansi.Strip(got[0]) != want {
		t.Errorf("a fleet's at 80x24: %q (title %q), want %q", ansi.Strip(got[0]), head, want)
	}
}

// first is keysDrawn's forms that key every mark drawn.
func first(every, _ []string) []string { return every }
