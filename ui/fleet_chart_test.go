package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// pulledFleet is a fleet of 4 and 80 workers over 20 s, 24 payments and signups a second
// arriving, all pulled after 15 s: the balancer turns away 20 payments and rejected signups
// a second; more adds to each second.
func pulledFleet(signups, rejected int64, more func(sec int, x *lab.Second)) *lab.Snapshot {
	s := fleetSnapshot(4, 4)
	s.Timeline, s.Elapsed = nil, 20*time.Second
	for sec := 1; sec <= 20; sec++ {
		var x lab.Second
		x.T, x.Workers = sec, 80
		x.Arrived[lab.Signup], x.Arrived[lab.Payment] = signups, 24
		if sec > 15 { // all pulled: the balancer turns away what arrives
			x.Rejected[lab.Signup][lab.RejectBalancer], x.Rejected[lab.Payment][lab.RejectBalancer] = rejected, 20
		}
		more(sec, &x)
		s.Timeline = append(s.Timeline, x)
	}
	return s
}

// A fleet whose replicas are all pulled turns requests away at the balancer, not at the
// pools: its starvation chart counts both, payments too, its title says so, and its legend
// gives the table's rate (the same seconds), so 74.4 signups a second turned away by the
// balancer are not drawn as nothing.
func TestFleetChartCountsTheBalancer(t *testing.T) {
	s := pulledFleet(80, 74, func(sec int, x *lab.Second) {
		if sec == 13 {
			x.Rejected[lab.Signup][lab.RejectPool] = 18
		}
	})
	spec := starvationChart(s, nil)
	if spec.title != "rejected (pool + balancer)" {
		t.Errorf("title %q: want both reasons", spec.title)
	}
	if got := spec.value(&s.Timeline[17], int(lab.Signup)); got != 74 {
		t.Errorf("signups turned away in second 18: %v, want 74", got)
	}
	if got := spec.value(&s.Timeline[12], int(lab.Signup)); got != 18 {
		t.Errorf("signups turned away in second 13: %v, want 18 (the pool's)", got)
	}
	what, _, of := spec.legend(s)
	r := s.Rates()
	if what != "mean 15–20s" || r.From != 15 || of(int(lab.Signup)) != 74 || of(int(lab.Payment)) != 20 {
		t.Errorf("legend %q: signup %v/s, payment %v/s; want the table's window and 74/s, 20/s", what, of(int(lab.Signup)), of(int(lab.Payment)))
	}
	out := ansi.Strip(render(newTheme(true, true), testScreen(s, 120, 40)))
	if !strings.Contains(out, "rejected (pool + balancer) each second") || !strings.Contains(out, "74/s") {
		t.Errorf("the fleet's screen lacks the chart of what turns requests away:\n%s", out)
	}
	// A bulkhead's rejections are counted too: the chart never says none were rejected
	// beside 17/s rejected:bulkhead (newcomer 12).
	bh := *s
	bh.Classes[lab.Payment].Rejected[lab.RejectBulkhead] = 5
	bh.Timeline = append([]lab.Second(nil), s.Timeline...)
	bh.Timeline[16].Rejected[lab.Payment][lab.RejectBulkhead] = 5
	if spec := starvationChart(&bh, nil); spec.title != "rejected (pool + balancer + bulkhead)" || spec.value(&bh.Timeline[16], int(lab.Payment)) != 25 {
		t.Errorf("with bulkhead rejections: %q, payments in second 17: %v, want 25", spec.title, spec.value(&bh.Timeline[16], int(lab.Payment)))
	}
	// A half too narrow for every reason says "every reason", not a title cut mid-word.
	if head, _, _ := chartHead(newTheme(false, true), starvationChart(&bh, nil), &bh, []int{0}, bh.Timeline, 28, true); ansi.Strip(head) != "rejected (every reason)" {
		t.Errorf("narrow title: %q", ansi.Strip(head))
	}
	// One instance: no balancer, and payments too, each class on its own strip (newcomer 20:
	// "not payment" left 19 payments turned away by the same full pool off the chart).
	one := testSnapshot()
	if spec := starvationChart(one, nil); spec.title != "rejected:pool" || spec.leaves != nil && spec.leaves(lab.Payment) {
		t.Errorf("one instance: %q", spec.title)
	}
	one.Classes[lab.Payment].Rejected[lab.RejectBulkhead] = 5
	if spec := starvationChart(one, nil); spec.title != "rejected (pool + bulkhead)" {
		t.Errorf("one instance with a bulkhead's rejections: %q", spec.title)
	}
	// Beside a fleet, one instance counts as the fleet does: one title, one scale (review).
	if spec := starvationChart(one, s); spec.title != starvationChart(s, one).title || !strings.Contains(spec.title, "balancer") {
		t.Errorf("one instance beside a fleet: %q", spec.title)
	}
}

// A chart too short for its legend's own line draws strips that leave a row over: the
// legend takes it, and no blank row stands where the figures were (review: fleet-domino at
// 120x40 lost "last second …" and "mean …").
func TestStripLeftoverRowHoldsTheLegend(t *testing.T) {
	s := fleetSnapshot(4, 2)
	th := newTheme(true, true)
	for _, spec := range []chartSpec{occupancyChart(s), starvationChart(s, nil)} {
		lines := chartLines(th, spec, s, nil, 59, 6, true)
		plain := ansi.Strip(strings.Join(lines, "\n"))
		if !strings.Contains(plain, "last second") && !strings.Contains(plain, "mean ") && !strings.Contains(plain, "rejected 1–6s: ") {
			t.Errorf("%s: no legend in\n%s", spec.title, plain)
		}
	}
}

// Every strip of a chart holds one range: the largest class's, round, for rates (over both
// halves in compare mode), the pool for workers. Each class on its own range, one health
// check filled a row of 0–1 beside the payments' 2/s as ▂ on 0–10, and bar heights
// contradicted the figures across rows (newcomer 23). A value under half of ▁ draws some
// (⣀), not a level: 0.1 signup workers drawn ▁ of 80 read as ~10; the title's line says
// what ⣀ is wherever it is drawn. Each reads true.
func TestStripsOfAChartShareOneRange(t *testing.T) {
	s := pulledFleet(94, 94, func(sec int, x *lab.Second) {
		x.Held[lab.Payment], x.Held[lab.Signup] = 40, 0.1
		if sec > 15 {
			x.Rejected[lab.Health][lab.RejectPool] = 3 // a few checks: under ▁ of 100
		}
	})
	th := newTheme(true, true)
	ranges := regexp.MustCompile(`([A-Z]) +0–([0-9.]+)(?:/s)?┤([^\n]*)`)
	for _, w := range []int{40, 59} {
		for _, spec := range []chartSpec{starvationChart(s, nil), occupancyChart(s)} {
			lines := chartLines(th, spec, s, nil, w, 7, true)
			got := ansi.Strip(strings.Join(lines, "\n"))
			want := map[bool]string{false: "120", true: "80"}[spec.pool] // 94/s in blocks of 15; the pool
			rows := ranges.FindAllStringSubmatch(got, -1)
			if len(rows) != 3 {
				t.Fatalf("w %d %s: %d strips:\n%s", w, spec.title, len(rows), got)
			}
			for _, r := range rows {
				if r[2] != want {
					t.Errorf("w %d %s: %s on 0–%s, want 0–%s with the others:\n%s", w, spec.title, r[1], r[2], want, got)
				}
			}
			// The health checks (3/s of 120) and the signups' 0.1 workers (of 80) draw some.
			small := map[bool]string{false: "H", true: "S"}[spec.pool]
			for _, r := range rows {
				if r[1] == small && (!strings.ContainsRune(r[3], someMark) || strings.ContainsAny(r[3], "▁▂▃▄▅▆▇█")) {
					t.Errorf("w %d %s: %s not drawn as some alone: %q", w, spec.title, small, r[3])
				}
			}
			if head := linesAbovePlot(lines); !hasKey(head, w) {
				t.Errorf("w %d %s: no line over the plot says what ⣀ is, or one is too wide: %q", w, spec.title, head)
			}
			checkReadsTrue(t, spec.title+" w "+strconv.Itoa(w), lines, w, s, spec)
		}
	}
}

// A legend too wide even bare drops its last classes whole, never a figure cut from its unit
// (review of charts7: fleet-vs at 120x40 drew "mean 15–20s: P 19.6/s  S 74…").
func TestLegendDropsWholeItems(t *testing.T) {
	s := fleetSnapshot(4, 2)
	th := newTheme(false, true)
	spec := starvationChart(s, nil)
	figure := regexp.MustCompile(`^((rejected )?mean [0-9–]+s|(rejected )?[0-9–]+s): ([A-Z] [0-9.]+/s  )*([A-Z] [0-9.]+/s|…)$`)
	for w := 16; w <= 60; w++ {
		_, leg, _ := chartHead(th, spec, s, chartClasses(s, spec), spec.window(s, w), w, true)
		if plain := ansi.Strip(leg); ansiWidth(plain) > w || !figure.MatchString(plain) && !strings.Contains(plain, "signup") {
			t.Errorf("w %d: %q", w, plain)
		}
	}
}

// linesAbovePlot are a chart's lines over its plot: its title's, its legend's, any others.
func linesAbovePlot(lines []string) []string {
	for i, l := range lines {
		if strings.ContainsRune(l, '┤') {
			return lines[:i]
		}
	}
	return lines
}

// hasKey says one of a chart's head lines has a key to someMark and none is wider than w.
func hasKey(head []string, w int) bool {
	found := false
	for _, l := range head {
		found = found || someKey.MatchString(ansi.Strip(l))
		if ansiWidth(l) > w {
			return false
		}
	}
	return found
}
