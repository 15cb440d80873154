// Tests that the screen reads well: one keymap for footer and help, chart axes and series, the
// change log, whole narration, themes, units and labels.

package ui

import (
	"fmt"
	"image/color"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"poollab/lab"
)

// The footer and the help are drawn from one keymap: every key in both, the footer with
// its few words, the help with its sentence; every settings key has an action per key.
func TestFooterAndHelpFromOneKeymap(t *testing.T) {
	th := newTheme(true, true)
	footer := ansi.Strip(strings.Join(footerLines(th, keys.inCompare(true), 1000, 1), "\n"))
	help := ansi.Strip(strings.Join(helpLines(th, keys, 1000), "\n"))
	n := 0
	for _, g := range keys.groups(false) {
		for _, b := range g.keys {
			n++
			h := b.Help()
			if !strings.Contains(footer, h.Key+" "+h.Desc) {
				t.Errorf("footer lacks %q %q:\n%s", h.Key, h.Desc, footer)
			}
			if b.long == "" || !strings.Contains(help, h.Key) || !strings.Contains(help, b.long) {
				t.Errorf("help lacks %q: %q", h.Key, b.long)
			}
		}
	}
	if n != len(keys.ShortHelp()) || len(keys.FullHelp()) != len(keys.groups(true)) {
		t.Errorf("ShortHelp and FullHelp must be the groups' keys")
	}
	// tab only does something in compare mode, so only there is it listed.
	if single := ansi.Strip(footerLines(th, keys.inCompare(false), 1000, 1)[0]); strings.Contains(single, "tab") {
		t.Errorf("tab listed outside compare mode: %s", single)
	}
	// At 80 columns: two lines, each within the width, the cut marked.
	lines := footerLines(th, keys.inCompare(false), 80, 2)
	if len(lines) != 2 || !strings.HasPrefix(ansi.Strip(lines[0]), "? help") {
		t.Errorf("footer at 80: %q", lines)
	}
	for _, l := range lines {
		if ansiWidth(l) > 80 {
			t.Errorf("footer line wider than 80: %q", l)
		}
	}
	for _, s := range settingKeys() {
		if len(s.do) != len(s.b.Keys()) {
			t.Errorf("%s: %d keys, %d actions", s.b.Help().Key, len(s.b.Keys()), len(s.do))
		}
		for _, k := range s.b.Keys() {
			if settingFor(k) == nil {
				t.Errorf("key %q does nothing", k)
			}
		}
	}
}

// The charts: run time along the bottom, the seconds stretched over the plot's width, the
// y labels an equal number of rows apart, the legend's value the last point's.
func TestChartAxes(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot() // 6 whole seconds
	for _, h := range []int{10, 14, 17, 20} {
		lines := chartLines(th, occupancyChart(s), s, nil, 60, h, true)
		if len(lines) != h {
			t.Fatalf("h %d: %d lines", h, len(lines))
		}
		axis := lines[len(lines)-1]
		// The last second's start, and no label for the run's end, where no second starts
		// (review 19: "5s    6s" squeezed, 6s read as a second a few columns short).
		for _, want := range []string{"0s", "3s", "5s"} {
			if !strings.Contains(axis, want) {
				t.Errorf("h %d: time axis %q lacks %s", h, axis, want)
			}
		}
		if strings.Contains(axis, "6s") {
			t.Errorf("h %d: time axis %q labels the run's end", h, axis)
		}
		// The last second's value (20 of 20) runs to the right edge of the plot, on the
		// payment strip's top row, which reaches the pool; every row says its range, the
		// ranges of a strip meeting from 0 to the pool.
		top := ""
		var ranges [][2]int
		for _, l := range lines {
			plain := ansi.Strip(l)
			if strings.HasPrefix(plain, " P ") {
				top = plain
			}
			if m := regexp.MustCompile(`^ [A-Z ] +(\d+)–(\d+)┤`).FindStringSubmatch(plain); m != nil {
				lo, _ := strconv.Atoi(m[1])
				hi, _ := strconv.Atoi(m[2])
				ranges = append(ranges, [2]int{lo, hi})
			} else if strings.Contains(plain, "┤") {
				t.Errorf("h %d: a row without its range: %q", h, plain)
			}
		}
		if !strings.Contains(top, "20┤") || !strings.HasSuffix(top, "█") || ansiWidth(top) != 60 {
			t.Errorf("h %d: the plot does not reach the chart's width at the pool: %q", h, top)
		}
		for k, r := range ranges {
			if k+1 < len(ranges) && r[0] != 0 && ranges[k+1][1] != r[0] || r[1] > 20 || len(ranges)%2 != 0 || ranges[len(ranges)/2-1][0] != 0 || ranges[0][1] != 20 {
				t.Errorf("h %d: rows %v do not run from 0 to the pool's 20:\n%s", h, ranges, strings.Join(lines, "\n"))
				break
			}
		}
	}
	head, leg, _ := chartHead(th, occupancyChart(s), s, chartClasses(s, occupancyChart(s)), s.Timeline, 60, false)
	// Where payments' busiest seconds, 1–6s, tie with the last, it names them, and the last
	// second's figure its span alone (newcomer 71 W-minor 2).
	if !strings.Contains(head, "workers held") || !strings.Contains(ansi.Strip(leg), "5–6s: PP P 20 (busiest since 0s: 1–6s at 20)") {
		t.Errorf("legend %q: want the value of the last second drawn, said to be the last second's", ansi.Strip(leg))
	}
	// A long run: the last plot-width seconds, one column each, labelled in run time.
	long := testSnapshot()
	for len(long.Timeline) < 200 {
		sec := long.Timeline[len(long.Timeline)-1]
		sec.T++
		long.Timeline = append(long.Timeline, sec)
	}
	axis := chartLines(th, occupancyChart(long), long, nil, 60, 12, true)
	if last := axis[len(axis)-1]; !strings.Contains(last, "160s") || strings.Contains(last, " 0s") {
		t.Errorf("a 200 s run on 53 columns should show 148..200 s: %q", last)
	}
}

// Colour apart, the lines differ in their strokes: plain text still tells them apart.
func TestChartSeriesDiffer(t *testing.T) {
	th := newTheme(false, true)
	seen := map[string]bool{}
	for i := range lab.Classes {
		m := ansi.Strip(th.mark[i])
		if seen[m] {
			t.Errorf("class %d shares its mark %q", i, m)
		}
		seen[m] = true
	}
}

// A settings key is logged with the run time and marked on the charts where it happened.
func TestChangesMarkedOnCharts(t *testing.T) {
	fs := &fakeStarter{}
	m := startModel(t, fs)
	m.width, m.height = 120, 40
	clock := time.Unix(1000, 0)
	m.now = func() time.Time { return clock }
	snap := testSnapshot()
	next, _ := m.Update(tickMsg{snaps: []*lab.Snapshot{snap}, gen: m.gen})
	m = next.(model)
	clock = clock.Add(300 * time.Millisecond) // the key comes after the snapshot
	m = update(t, m, press1('b'))
	cs := m.sides[0].changes
	if len(cs) != 1 || cs[0].n != 1 || cs[0].at != snap.Elapsed+300*time.Millisecond || cs[0].what != "bulkhead → semaphore, 5 permits" {
		t.Fatalf("changes %+v", cs)
	}
	if out := ansi.Strip(render(m.th, m.screen())); !strings.Contains(out, "changes 1 at 6.7s bulkhead → semaphore, 5 permits") {
		t.Errorf("no change log:\n%s", out)
	}
	// Once its second is drawn, the change is marked on the charts.
	later := testSnapshot()
	for later.Elapsed = 8400 * time.Millisecond; len(later.Timeline) < 8; {
		sec := later.Timeline[len(later.Timeline)-1]
		sec.T++
		later.Timeline = append(later.Timeline, sec)
	}
	next, _ = m.Update(tickMsg{snaps: []*lab.Snapshot{later}, gen: m.gen})
	m = next.(model)
	out := ansi.Strip(render(m.th, m.screen()))
	for _, want := range []string{"changes 1 at 6.7s bulkhead → semaphore, 5 permits", "▲1", "┊"} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
	// A restart is a new run: its own changes.
	m = update(t, m, press1('r'))
	if len(m.sides[0].changes) != 0 {
		t.Errorf("changes survived a restart: %+v", m.sides[0].changes)
	}
}

// The narrator is never cut: at 80x24 and 120x40 its whole sentence is on the screen (its
// spare clause may give way as a whole, TestNarratorSpareClause).
func TestNarratorNeverCut(t *testing.T) {
	space := regexp.MustCompile(`\s+`)
	edits := map[string]func(*lab.Config){
		"shared pool": func(*lab.Config) {},
		"connections": func(c *lab.Config) {
			c.Payment.Connections = lab.ConnectionsConfig{PerRoute: 5, LeaseTimeout: lab.Duration(3 * time.Minute)}
		},
		"thread pool": func(c *lab.Config) {
			c.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadThreadPool, Size: 5}
			c.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutCaller, Duration: lab.Duration(time.Second)}
		},
		"caller timeout": func(c *lab.Config) {
			c.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutCaller, Duration: lab.Duration(time.Second)}
		},
		"semaphore": func(c *lab.Config) { c.Payment.Bulkhead.Type = lab.BulkheadSemaphore },
	}
	for name, edit := range edits {
		snap := testSnapshot()
		edit(&snap.Config)
		snap.Config.Traffic.Health.Rate = 1
		snap.Classes[lab.Health].Arrived = 6
		says, spare := narration(snap.Config, snap)
		want := space.ReplaceAllString("» "+says, " ")
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			out := ansi.Strip(render(newTheme(false, true), testScreen(snap, sz[0], sz[1])))
			got := space.ReplaceAllString(out, " ")
			// Or whole in brief, where the sentence and its clause take past headlineMost lines.
			// Its part said fuller where that costs no line (spareClause.fuller).
			terse := spare.terse != "" && (strings.Contains(got, space.ReplaceAllString("» "+spare.terse, " ")) ||
				spare.fuller[0] != "" && strings.Contains(got, space.ReplaceAllString("» "+strings.Replace(spare.terse, spare.fuller[0], spare.fuller[1], 1), " ")))
			fuller := spare.fuller[0] != "" && strings.Contains(got, space.ReplaceAllString("» "+strings.Replace(says, spare.fuller[0], spare.fuller[1], 1), " "))
			if !strings.Contains(got, want) && !terse && !fuller {
				t.Errorf("%s at %dx%d: the narrator is not whole:\nwant %s\n%s", name, sz[0], sz[1], want, out)
			}
		}
	}
}

// The theme follows the terminal's background: light on a light one.
func TestThemeFollowsBackground(t *testing.T) {
	m := startModel(t, &fakeStarter{})
	if m.th != m.dark || m.dark == m.light {
		t.Fatalf("it should start dark, with a light theme ready")
	}
	next, _ := m.Update(tea.BackgroundColorMsg{Color: color.White})
	if m = next.(model); m.th != m.light {
		t.Errorf("a white background should pick the light theme")
	}
	next, _ = m.Update(tea.BackgroundColorMsg{Color: color.Black})
	if m = next.(model); m.th != m.dark {
		t.Errorf("a black background should pick the dark theme")
	}
}

// The colours of both themes, ANSI kept: the bulkhead moment at 80x24.
func TestGoldenColor(t *testing.T) {
	for name, th := range map[string]*theme{"dark": newTheme(false, true), "light": newTheme(false, false)} {
		t.Run(name, func(t *testing.T) {
			s := testScreen(bulkheadSnapshot(), 80, 24)
			s.panes[0].changes = []change{{n: 1, at: 3200 * time.Millisecond, what: "bulkhead → semaphore, 5 permits"}}
			out := render(th, s)
			checkFrame(t, out, 80, 24)
			golden.RequireEqual(t, out)
		})
	}
}

// The table: rates over the stated window, the success share of arrived requests (ok ÷
// arrived: 24 of 64, not the 100% of those that finished), the wait's parts, and a legend
// that defines the columns (of those that got a worker: "reached one" left newcomer 27
// asking one what): with the lab's own measures (m), which the wait's parts are.
func TestTableWords(t *testing.T) {
	s := testScreen(testSnapshot(), 120, 40)
	s.machine = true
	out := ansi.Strip(render(newTheme(true, true), s))
	// Payments finished 0, 0, 0, 10, 10, 10 in the six seconds: 6/s over the last 5.
	for _, want := range []string{"/s 1–6s", " ok% ", "p99:wait", "p99:lag", "p99:dispatch",
		"payment          64     24   38% ", "  /s 1–6s      10/s    6/s", "ok% = ok ÷ arrived", "rej:X = rejected:X", "latency of ok, failed and timed out requests; rejections left out",
		"no two p99s add up", "of those that got a worker"} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
}

// Finding 1 of issue 22: the class table's header is one line that reads as columns (no
// label with a space in it), and a column has the same label at every width; a closed
// loop's columns (tableColumns of its term) head what came in "sent", as its table does.
func TestTableHeadOneLine(t *testing.T) {
	th := newTheme(true, true)
	closed := testSnapshot()
	closed.Config.Traffic.Mode = lab.Closed
	for _, s := range []*lab.Snapshot{testSnapshot(), closed} {
		labels := map[string]int{}
		for _, w := range []int{80, 120, 200} {
			lines, _ := tableLines(th, s, tablePeer{}, w, true, nil, true)
			head := ansi.Strip(lines[0])
			if !strings.HasPrefix(head, "class ") || !strings.HasPrefix(ansi.Strip(lines[1]), "payment ") {
				t.Fatalf("at %d: the header is not one line over the rows:\n%s", w, strings.Join(lines, "\n"))
			}
			for _, l := range strings.Fields(head)[1:] {
				labels[l]++
			}
		}
		if want := s.Config.Traffic.ArrivedTerm().Column; labels[want] == 0 {
			t.Errorf("%s loop: no %q column", s.Config.Traffic.Mode, want)
		}
		for _, c := range append(tableColumns(s.Config.Traffic.ArrivedTerm()), rejectedColumn()) {
			if strings.Contains(c.head, " ") {
				t.Errorf("column %q: a label with a space reads as two columns", c.head)
			}
			delete(labels, c.head)
		}
		for l := range labels {
			t.Errorf("%s loop: header label %q is no column's label: a width abbreviated it, or the table renamed it", s.Config.Traffic.Mode, l)
		}
	}
}

// One glyph, one meaning: each thing a worker waits for has its own, and none is a class's.
func TestWaitGlyphsDistinct(t *testing.T) {
	th := newTheme(true, true)
	seen := map[rune]string{th.idleRune: "idle"}
	for i, r := range th.letter {
		seen[r] = lab.Classes[i].String()
	}
	for _, ph := range waitPhases() {
		r := ph.Glyph()
		if other, dup := seen[r]; dup {
			t.Errorf("%s shares its glyph %q with %s", ph, r, other)
		}
		seen[r] = ph.String()
	}
}

// In the tour the help explains 1 2 3 (the footer leaves them to the chapter's card).
func TestTourHelpListsChoose(t *testing.T) {
	th := newTheme(true, true)
	km := newKeyMap().inTour(true)
	help := ansi.Strip(strings.Join(helpLines(th, km, 1000), "\n"))
	if !strings.Contains(help, km.Choose.long) {
		t.Errorf("help lacks %q:\n%s", km.Choose.long, help)
	}
	if footer := ansi.Strip(strings.Join(footerLines(th, km, 1000, 1), "\n")); strings.Contains(footer, "predict") {
		t.Errorf("footer lists 1 2 3: %s", footer)
	}
}

// One rate for one thing: the starvation chart's legend is the header's figure, the mean
// over the same seconds, and says so and of what ("rejected:pool mean 1–6s": "mean 3–8s: P
// payment 0/s" beside an empty chart read as no payments, newcomer 29); the header says
// "in 1–6s".
func TestStarvedLegendIsTheHeadersRate(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	r := s.Rates()
	if r.Rejected[lab.Signup][lab.RejectPool] == 0 {
		t.Fatal("the fixture starves no signup: nothing to compare")
	}
	rate, window := fmtPerSec(r.Rejected[lab.Signup][lab.RejectPool]), fmt.Sprintf("%d–%ds", r.From, r.To)
	_, leg, _ := chartHead(th, starvationChart(s, nil), s, chartClasses(s, starvationChart(s, nil)), s.Timeline, 60, false)
	if want := "rejected:pool mean " + window + ": "; !strings.HasPrefix(ansi.Strip(leg), want) || !strings.Contains(ansi.Strip(leg), "signup "+rate) {
		t.Errorf("legend %q: want %q and signup %s", ansi.Strip(leg), want, rate)
	}
	plain := ansi.Strip(render(th, testScreen(s, 120, 40)))
	if in := rate + " in " + window; !strings.Contains(plain, " (rej:pool) 22 ("+in+";") && !strings.Contains(plain, " (rej:pool) 22 ("+in+")") { // the table's /s row's, over its window
		t.Errorf("the header does not give the legend's %s in %s:\n%s", rate, window, plain)
	}
}

// Every row of a chart is worth a round amount (1, 2, 2.5 or 5 × 10ⁿ), so a line between two
// labels reads off the rows: 20 workers over 6 rows is 5 a row on 4 of them, not 3.3.
func TestEvenAxisRowsAreRound(t *testing.T) {
	for _, atLeast := range []float64{1, 3, 10, 20, 24, 64, 200, 1001} {
		for rows := 1; rows <= 20; rows++ {
			upper, step, height := evenAxis(atLeast, rows)
			k := int(math.Round(upper / step))
			if upper < atLeast || height > rows || height%k != 0 {
				t.Errorf("evenAxis(%g, %d) = %g, %g, %d: want ≥ %g in ≤ %d rows, labels on rows", atLeast, rows, upper, step, height, atLeast, rows)
				continue
			}
			if perRow := upper / float64(height); rows >= 4 && !roundStep(perRow) {
				t.Errorf("evenAxis(%g, %d): %g a row", atLeast, rows, perRow)
			}
		}
	}
	if upper, step, height := evenAxis(20, 6); upper != 20 || height != 4 || step != 5 {
		t.Errorf("evenAxis(20, 6) = %g, %g, %d; want 20 in 4 rows of 5, each labelled", upper, step, height)
	}
}

// An open breaker turns every payment away now, not over the run: the narrator and the
// settings say "now" beside a table whose ok counts the closed stretches too.
func TestBreakerOpenSaysNow(t *testing.T) {
	cfg := testConfig()
	cfg.Payment.Breaker = lab.DefaultConfig().Payment.Breaker
	cfg.Payment.Breaker.Enabled = true
	snap := testSnapshot()
	snap.Breaker = lab.BreakerStats{State: lab.BreakerOpen, OpenLeft: 1100 * time.Millisecond}
	if got, want := narrate(cfg, snap), "breaker open: every payment is now rejected:breaker at once, without calling, until the next trial in 1.1s"; !strings.Contains(got, want) {
		t.Errorf("narrator:\n got %q\nwant %q", got, want)
	}
}

// Where "starved" is first used, the header says what it counts, the table's rejected:pool
// column (newcomer 23 read it as "waiting for a worker"), at 80 columns too, and it fits.
func TestHeaderSaysWhatStarvedCounts(t *testing.T) {
	th := newTheme(true, true)
	s := testSnapshot()
	for _, tc := range []struct {
		w    int
		want string
	}{{80, "signup starved (rej:pool) 22 (4/s in 1–6s)"},
		// Then what starved means: a class that needs next to none of the pool (newcomer 30
		// read "signup starved" beside payments turned away as often as a pool picking on
		// signups), in one form, cut from its end (newcomer 31: three forms on three screens).
		// The column's name before the count, so the count reads as that column's
		// (newcomer 52 G-minor: "starved 313 (rej:pool, …)" beside rej:pool 313).
		{120, "signup starved (rej:pool) 22 (4/s in 1–6s; needs ~0.01 workers)"}} {
		head := ansi.Strip(headerLine(th, testScreen(s, tc.w, 40), 0, tc.w, tc.w))
		if !strings.Contains(head, tc.want) || ansiWidth(head) > tc.w || !strings.Contains(head, fmtElapsed(s.Elapsed)) {
			t.Errorf("at %d columns: %q, want %q and the run time, whole", tc.w, head, tc.want)
		}
	}
	// A screenshot's "screenshot at 6.0s" left no room at 80 columns: the rate alone, never
	// tied to the table's rej:pool (newcomer 50, shared-pool); the brand gives way first.
	shot := *s
	shot.Config.Name = "conn-pool-wait"
	one := screen{width: 80, height: 24, recorded: true, panes: []pane{{cfg: shot.Config, snap: &shot}}}
	if head := ansi.Strip(headerLine(th, one, 0, 80, 80)); !strings.Contains(head, "conn-pool-wait  screenshot at "+fmtElapsed(s.Elapsed)) ||
		!strings.Contains(head, "signup starved (rej:pool) 22 (4/s in 1–6s)") || ansiWidth(head) > 80 {
		t.Errorf("a screenshot at 80 columns: %q, want the time, the column's name and the rate, whole", head)
	}
	if head := ansi.Strip(headerLine(th, one, 0, 120, 120)); !strings.HasPrefix(head, "poollab  conn-pool-wait") {
		t.Errorf("a screenshot at 120 columns: %q, want the brand where there is room", head)
	}
	// Counted, yet in no whole second so far (all since the last sampled): no rate at all,
	// not "0 now" beside a count of them, nor "(rej:pool, –; …)".
	quiet := testSnapshot()
	for i := range quiet.Timeline {
		clear(quiet.Timeline[i].Rejected[lab.Signup][:])
	}
	if head := ansi.Strip(headerLine(th, testScreen(quiet, 120, 40), 0, 120, 120)); !strings.Contains(head, "signup starved (rej:pool) 22 (needs ~0.01 workers)") {
		t.Errorf("none in a whole second: %q", head)
	}
	// Health's hold is ~0: "needs ~0 workers" read as none at all (review 22).
	s.Config.Traffic.Health.Rate = 1
	s.Classes[lab.Health] = s.Classes[lab.Signup]
	s.Classes[lab.Signup] = lab.ClassStats{}
	if head := ansi.Strip(headerLine(th, testScreen(s, 160, 40), 0, 160, 160)); !strings.Contains(head, "health starved (rej:pool) 22 (needs <0.01 workers)") {
		t.Errorf("health starved: %q", head)
	}
}

// healthStarvedSnapshot is shared-pool's test snapshot with health checks starved too: 1 of 7
// turned away by the pool.
func healthStarvedSnapshot() *lab.Snapshot {
	s := testSnapshot()
	s.Config.Name = "shared-pool"
	s.Config.Traffic.Health.Rate = 1
	s.Classes[lab.Health].Arrived = 7
	s.Classes[lab.Health].Rejected[lab.RejectPool] = 1
	return s
}

// A second starved class is never dropped unsaid to keep the first's rate: at 80 columns
// shared-pool's screenshot said "signup starved (rej:pool) 11 (1.8/s in 3–8s)" alone,
// where 120 said health's 1 too (newcomer 59); the rate gives way, which the table's /s
// row keeps.
func TestHeaderKeepsEveryStarvedClass(t *testing.T) {
	th := newTheme(true, true)
	s := healthStarvedSnapshot()
	one := screen{width: 80, height: 24, recorded: true, panes: []pane{{cfg: s.Config, snap: s}}}
	head := ansi.Strip(headerLine(th, one, 0, 80, 80))
	if !strings.Contains(head, "signup starved (rej:pool) 22") || !strings.Contains(head, "health starved 1") || ansiWidth(head) > 80 {
		t.Errorf("at 80 columns: %q, want both classes, whole", head)
	}
	if head := ansi.Strip(headerLine(th, testScreen(s, 160, 40), 0, 160, 160)); !strings.Contains(head, "signup starved (rej:pool) 22 (4/s in 1–6s") {
		t.Errorf("at 160 columns: %q, want the first's rate where there is room", head)
	}
}

// A class's count says the one word at every width: the rate, then the column's gloss,
// gives way, never the word for the column (newcomer 62: fleet-domino's "health rej:pool 4"
// at 120 columns beside "health starved 4" at 80, one count under two nouns).
func TestHeaderStarvedKeepsItsWord(t *testing.T) {
	th := newTheme(true, true)
	s := healthStarvedSnapshot()
	s.Timeline[len(s.Timeline)-1].Rejected[lab.Health][lab.RejectPool] = 1 // a rate of its own, as 120 columns said it
	swapped := regexp.MustCompile(`\b(signup|health) rej:`)
	for _, recorded := range []bool{false, true} {
		for w := 40; w <= 200; w++ {
			sc := testScreen(s, w, 40)
			sc.recorded = recorded
			head := ansi.Strip(headerLine(th, sc, 0, w, w))
			if m := swapped.FindString(head); m != "" {
				t.Errorf("at %d columns (screenshot %v): %q says %q, the column for the word", w, recorded, head, m)
			}
		}
	}
}

// In compare mode a footer cut to one line at 80 columns still says what ▶ marks
// (newcomer 30: "▶ A" unexplained, the key line cut before tab).
func TestFooterSaysFocusAt80(t *testing.T) {
	th := newTheme(true, true)
	line := ansi.Strip(footerLines(th, keys.inCompare(true), 80, 1)[0])
	if !strings.Contains(line, "tab A/B: keys act on ▶") {
		t.Errorf("footer at 80 lacks what ▶ marks: %q", line)
	}
	// Second on the footer whichever group leads, the tour's too; in the help beside v.
	for _, km := range []keyMap{keys.inCompare(true), keys.inCompare(true).inTour(true)} {
		if got := km.ShortHelp()[1].Help().Key; got != "tab" {
			t.Errorf("footer's second key %q, want tab", got)
		}
	}
	if g := keys.groups(true); !slices.ContainsFunc(g[len(g)-1].keys, func(b binding) bool { return b.Help().Key == "tab" }) {
		t.Errorf("the help lists tab away from v: %v", g)
	}
}

// Turned away only in the second the run is in: going on now, never "none since 7s" at 6.4s,
// a stop at a time not yet come, quiet beside queues turning them away (review 44b,
// fleet-domino at 12.8s: "none since 13s").
func TestStarvedInThePartSecondGoesOn(t *testing.T) {
	s := testSnapshot()
	for i := range s.Timeline {
		s.Timeline[i].Rejected[lab.Signup][lab.RejectPool] = 0
	}
	s.Timeline[0].Rejected[lab.Signup][lab.RejectPool] = 3 // before the rates' window
	part := lab.Second{T: len(s.Timeline) + 1}
	part.Rejected[lab.Signup][lab.RejectPool] = 2
	s.Timeline = append(s.Timeline, part)
	s.Classes[lab.Signup].Rejected[lab.RejectPool] = 5
	if !s.StarvingNow(lab.Signup) {
		t.Error("signups turned away in the second the run is in: not starving now")
	}
	th := newTheme(true, true)
	for _, w := range []int{80, 120} {
		head := ansi.Strip(headerLine(th, testScreen(s, w, 40), 0, w, w))
		if !strings.Contains(head, "signup starved (rej:pool) 5") || strings.Contains(head, "none since") {
			t.Errorf("at %d columns: %q, want signups starved 5 going on, no \"none since\"", w, head)
		}
	}
}

// The b key names what it sets by the settings' own word for each type it cycles: "b
// bulkhead" beside "limit adaptive 35" left the key to find (newcomer 56 #5); and the
// footer at 80 columns keeps it, and v compare, on its two lines.
func TestBulkheadKeyNamesEachSetting(t *testing.T) {
	desc := keys.Bulkhead.Help().Desc
	for _, ty := range lab.BulkheadTypes {
		c := lab.DefaultConfig()
		c.Payment.Bulkhead.Type = ty
		// Payments alone, as in adaptive-limit: where it isolates none, the adaptive one is
		// a limit.
		c.Traffic.Signup.Rate, c.Traffic.Health.Rate = 0, 0
		items := lab.SettingsItems(c, &lab.Snapshot{Config: c}, 200)
		i := slices.IndexFunc(items, func(it lab.Item) bool { // "queue none" is the queue's
			return strings.HasPrefix(it.Value, string(ty)) && it.Label != "queue"
		})
		if i < 0 {
			t.Fatalf("%s: no settings item in %v", ty, items)
		}
		if label := items[i].Label; !strings.Contains(desc, label) {
			t.Errorf("%s: the settings say %q, the b key %q", ty, label, desc)
		}
	}
	footer := ansi.Strip(strings.Join(footerLines(newTheme(true, true), keys.inCompare(false), 80, 2), "\n"))
	for _, want := range []string{"b " + desc, "v compare"} {
		if !strings.Contains(footer, want) {
			t.Errorf("footer at 80 lacks %q:\n%s", want, footer)
		}
	}
}
