package ui

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// queueSnapshot is long-queue at 12s: a queue of 100 that grows, signups waiting behind
// payments, none rejected:pool.
func queueSnapshot() *lab.Snapshot {
	s := testSnapshot()
	s.Config.Pool.Queue = 100
	for c := range s.Classes {
		s.Classes[c].Rejected[lab.RejectPool] = 0
	}
	s.Timeline = nil
	for k := 1; k <= 12; k++ {
		sec := lab.Second{T: k, Workers: 20}
		sec.Held[lab.Payment] = 20
		sec.QueuedBy[lab.Payment], sec.QueuedBy[lab.Signup] = 4*(k-1), 2*(k-1)+4
		sec.Queued = sec.QueuedBy[lab.Payment] + sec.QueuedBy[lab.Signup]
		s.Timeline = append(s.Timeline, sec)
	}
	s.Pool.Queued, s.Pool.PeakQueued, s.Pool.QueueCap = 66, 66, 100
	s.Pool.QueuedBy[lab.Payment], s.Pool.QueuedBy[lab.Signup] = 40, 26
	return s
}

// Where the pool has a queue, its starving is waiting: nothing is rejected:pool until the
// queue fills, and a chart of those rejections lay flat at 0 beside a narrator whose signup
// waits ~6.1s (newcomer 16, long-queue). The second chart draws each class waiting in the
// queue at each second's sample, to the queue's size, and its legend is the last sample
// (26 signups, as the queue picture says); its title says each second's value is a sample,
// as the legend does (newcomer 23 asked of "waiting in the queue each second" beside "mean
// workers held each second": a sample or a mean?). Beside a side without a queue, or in a fleet
// (whose chart counts the balancer's rejections), it stays the chart of rejections: one
// title, one scale for both sides.
func TestQueueChartDrawsTheWaiting(t *testing.T) {
	th := newTheme(true, true)
	s := queueSnapshot()
	for _, size := range [][2]int{{120, 40}, {80, 24}, {100, 40}} {
		out := ansi.Strip(Frame([]lab.Snapshot{*s}, size[0], size[1], false, false))
		if strings.Contains(out, "starved (") {
			t.Errorf("%dx%d: the chart of rejections on a pool with a queue:\n%s", size[0], size[1], out)
		}
		if size[1] == 40 {
			for _, want := range []string{"waiting in the queue of 100, sampled", "sampled at 12s: ", "signup 26"} {
				if !strings.Contains(out, want) {
					t.Errorf("%dx%d: no %q in\n%s", size[0], size[1], want, out)
				}
			}
		}
	}
	// Compare mode's half of 120 columns keeps the queue's size whole (not "(of 10…"), with
	// its name, not "(of 100)", which read as the axis's top beside "0–30" (newcomer 26).
	for _, w := range []int{26, 28, 29, 38} {
		head, _, _ := chartHead(th, starvationChart(s, s), s, chartClasses(s, starvationChart(s, s)), s.Timeline, w, true)
		if got := ansi.Strip(head); !strings.Contains(got, "in the queue of 100") || ansi.StringWidth(got) > w {
			t.Errorf("at %d: title %q, want the queue's size whole", w, got)
		}
	}
	spec := starvationChart(s, nil)
	for _, w := range []int{39, 59} {
		for h := chartsLeast; h <= 14; h++ {
			checkReadsTrue(t, "w "+strconv.Itoa(w)+" h "+strconv.Itoa(h), chartLines(th, spec, s, nil, w, h, true), w, s, spec)
		}
	}
	if got := starvationChart(s, testSnapshot()).title; !strings.HasPrefix(got, "rejected") {
		t.Errorf("beside a pool without a queue: %q, want the rejections' chart", got)
	}
	if got := starvationChart(fleetSnapshot(4, 2), nil).title; !strings.HasPrefix(got, "rejected (") {
		t.Errorf("a fleet with queues: %q, want the rejections' chart", got)
	}
	un := queueSnapshot()
	un.Config.Pool.Queue = lab.QueueUnbounded
	if got := starvationChart(un, nil).title; got != "waiting in the unbounded queue" {
		t.Errorf("an unbounded queue: %q", got)
	}
	// A queue whose discipline limits each wait holds too few for a sample each second to
	// catch (codel-queue's chart drew nothing, newcomer 35 #18): the chart of what it turned
	// away, by its reason.
	codel := queueSnapshot()
	codel.Config.Pool.Discipline = lab.CoDel
	codel.Config.Pool.CoDel = lab.DefaultConfig().Pool.CoDel
	codel.Classes[lab.Signup].Rejected[lab.RejectCoDel] = 10
	if got := starvationChart(codel, nil).title; got != "rejected (pool + codel)" {
		t.Errorf("a CoDel queue: %q, want the rejections' chart, codel's among them", got)
	}
	// One whose waits last seconds holds what a sample sees: its chart is the queue's (review
	// 30 ui #6: the rejections' whatever the interval). Both limits: a target of 5ms keeps a
	// standing queue as empty as an interval of 100ms would (review 31 #12).
	codel.Config.Pool.CoDel.Interval = lab.Duration(5 * time.Second)
	if got := starvationChart(codel, nil).title; got != "rejected (pool + codel)" {
		t.Errorf("a CoDel queue of 5s waits, 5ms once it stands: %q, want the rejections' chart", got)
	}
	codel.Config.Pool.CoDel.Target = lab.Duration(2 * time.Second)
	if got := starvationChart(codel, nil).title; !strings.HasPrefix(got, "waiting in the queue") {
		t.Errorf("a CoDel queue of 5s waits: %q, want the queue's chart", got)
	}
	// Once the queue has filled and signups are rejected:pool in the table's window, they
	// starve again: the chart of rejections is back (the review: long-queue's "then they
	// starve" had no chart).
	full := queueSnapshot()
	for k := range full.Timeline[len(full.Timeline)-2:] {
		full.Timeline[len(full.Timeline)-2+k].Rejected[lab.Signup][lab.RejectPool] = 3
	}
	if got := starvationChart(full, nil).title; !strings.HasPrefix(got, "rejected") {
		t.Errorf("a full queue, signups rejected:pool: %q, want the rejections' chart", got)
	}
}

// The long queue keeps its queue's row, the fill the sentence is about, where the narrator's
// terms of the wait would take its line: "19/100 waiting" was left to piece together from "16
// payments ahead … 3 signups" (newcomer 45 G9). At 80x24 every setting whole takes its row
// (newcomers 84 and 85), and at 120 columns the pool's health line says the terms (the
// narrator's echo): 80x25 is where the two still trade.
func TestLongQueueKeepsItsQueueRow(t *testing.T) {
	s := longQueueAt8s()
	out := render(newTheme(true, true), testScreen(s, 80, 25))
	checkFrame(t, out, 80, 25)
	plain := ansi.Strip(out)
	words := strings.Join(strings.Fields(plain), " ")
	_, spare := narration(s.Config, s)
	echoed := slices.ContainsFunc(strings.Split(plain, "\n"), func(l string) bool { return strings.HasPrefix(l, spare.echo) })
	if spare.long == "" || echoed {
		t.Fatalf("no terms of the wait to trade (%q), or the health line says them:\n%s", spare.long, plain)
	}
	if !strings.Contains(plain, "19/100 waiting") || !strings.Contains(plain, "while one arriving now waits ~") || strings.Contains(words, spare.long) {
		t.Errorf("want the queue's row beside the wait, its terms given way:\n%s", plain)
	}
}

// longQueueAt8s is long-queue at 8s: 19 waiting, grown 0.8/s in 3–8s where 5/s is the
// forecast, the 20 workers taken within 1.6s.
func longQueueAt8s() *lab.Snapshot {
	cfg := testConfig()
	cfg.Pool.Queue = 100
	s := &lab.Snapshot{Config: cfg, Elapsed: 8 * time.Second,
		Pool: lab.PoolStats{Size: 20, Busy: 20, Queued: 19, PeakQueued: 19, QueueCap: 100, FullFrom: 1600 * time.Millisecond, FullFor: 6400 * time.Millisecond}}
	s.Pool.QueuedBy[lab.Payment], s.Pool.QueuedBy[lab.Signup] = 16, 3
	for i := range 20 {
		s.Pool.Workers = append(s.Pool.Workers, lab.Worker{Class: lab.Payment, Phase: lab.PhaseCall, Held: time.Duration(i) * 80 * time.Millisecond})
	}
	for k, queued := range []int{5, 10, 15, 16, 17, 17, 18, 19} { // 0.8/s in 3–8s: in bunches
		sec := lab.Second{T: k + 1, Workers: 20, Queued: queued}
		sec.Arrived[lab.Payment], sec.Arrived[lab.Signup] = 10, 4
		sec.OK[lab.Payment], sec.OK[lab.Signup], sec.Held[lab.Payment] = 7, 4, 20
		sec.Served[lab.Payment], sec.HeldFor[lab.Payment] = 7, 21*time.Second
		sec.Served[lab.Signup], sec.HeldFor[lab.Signup] = 4, 10*time.Millisecond
		s.Timeline = append(s.Timeline, sec)
	}
	s.Classes[lab.Payment] = lab.ClassStats{Arrived: 76, OK: 40, InFlight: 36}
	s.Classes[lab.Signup] = lab.ClassStats{Arrived: 36, OK: 33, InFlight: 3, QueueWait: lab.Percentiles{P99: 2390 * time.Millisecond, Count: 33}}
	return s
}
