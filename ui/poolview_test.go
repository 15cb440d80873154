package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// unboundedBar reads an unbounded queue's line back: the cells drawn, whether it runs off
// the bar, the requests a cell stands for, and the cells the whole queue would take.
func unboundedBar(t *testing.T, l string) (drawn int, over bool, per, whole int) {
	t.Helper()
	l = ansi.Strip(l)
	bar := strings.TrimPrefix(l, "queue    ")
	drawn = len(bar) - len(strings.TrimLeft(bar, "PS"))
	over = strings.HasPrefix(bar[drawn:], queueOverflow)
	num := func(re string) int {
		m := regexp.MustCompile(re).FindStringSubmatch(l)
		if m == nil {
			return -1
		}
		n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		return n
	}
	per, whole = num(`1 cell [=≈] ([\d,]+)`), drawn
	if c := num(`([\d,]+) cells`); c >= 0 {
		whole = c
	}
	if p := num(`cells (?:×|of) ([\d,]+)`); p >= 0 {
		per = p
	}
	if per <= 0 {
		t.Fatalf("no scale on %q", l)
	}
	return drawn, over, per, whole
}

// An unbounded queue has no capacity to draw to: one cell is a round of the pool, one request
// per worker, so the bar decodes to the queue within a cell at every width, and one that runs
// off the bar is marked and says how long it would be: the fewest cells that hold it, in
// every form (newcomer 34 #9: 7198 waiting, 64 a cell, "needs 112 cells").
func TestUnboundedQueueDecodes(t *testing.T) {
	th := newTheme(true, true)
	for _, size := range []int{1, 8, 24, 64, 200} {
		for _, q := range []int{1, 7, 372, 5735, 7198, 123456} {
			for w := 56; w <= 140; w += 3 {
				p := lab.PoolStats{Unbounded: true, Size: size, Queued: q, PeakQueued: q}
				p.QueuedBy[lab.Payment], p.QueuedBy[lab.Signup] = q-q/3, q/3
				l := queueLine(th, p, lab.TrafficConfig{}, w, queuePeer{})
				if ansiWidth(ansi.Strip(l)) > w {
					t.Errorf("pool %d, %d waiting, w=%d: too wide: %q", size, q, w, ansi.Strip(l))
				}
				drawn, over, per, whole := unboundedBar(t, l)
				if per != size {
					t.Errorf("pool %d, %d waiting: 1 cell = %d, want one per worker", size, q, per)
				}
				// "1 cell ≈ 64 requests" where the last cell stands for fewer, as "in 90 cells of
				// 64 (the last part-full)" says: "370 waiting · 1 cell = 24 requests" beside 16
				// cells read as 384 (newcomer 58).
				if plain, exact := ansi.Strip(l), q%size == 0; strings.Contains(plain, "1 cell ") && strings.Contains(plain, "1 cell = ") != exact {
					t.Errorf("pool %d, %d waiting, w=%d: %q, exact %v", size, q, w, plain, exact)
				}
				// Its why, where said, in those words (newcomer 22 decoded "one per worker" slowly).
				workers := fmt.Sprintf("%d workers", size)
				if size == 1 {
					workers = "1 worker"
				}
				if plain := ansi.Strip(l); strings.Contains(plain, ", one ") && !regexp.MustCompile(", one round of the "+workers+"($|[^s])").MatchString(plain) {
					t.Errorf("pool %d: the cell's why: %q", size, plain)
				}
				if whole*per < q || (whole-1)*per >= q {
					t.Errorf("pool %d, %d waiting, w=%d: %d cells × %d is not the fewest that hold it: %q", size, q, w, whole, per, ansi.Strip(l))
				}
				// How long it would be, in words (newcomer 26: "→ 113 cells" was a guess).
				if plain := ansi.Strip(l); over && !regexp.MustCompile("cells (×|of) ").MatchString(plain) && !strings.Contains(plain, fmt.Sprintf("the bar needs %d cells", whole)) {
					t.Errorf("pool %d, %d waiting, w=%d: off the bar, its length unsaid: %q", size, q, w, plain)
				}
				// The cells drawn, where said, are those drawn (newcomer 60: "≈ 90 cells" beside 71).
				if m := regexp.MustCompile(`, (\d+) shown`).FindStringSubmatch(ansi.Strip(l)); m != nil && m[1] != strconv.Itoa(drawn) {
					t.Errorf("pool %d, %d waiting, w=%d: %s shown, %d drawn: %q", size, q, w, m[1], drawn, ansi.Strip(l))
				}
				if over != (drawn < whole) {
					t.Errorf("pool %d, %d waiting, w=%d: %d of %d cells drawn, mark %v: %q", size, q, w, drawn, whole, over, ansi.Strip(l))
				}
				// An equation holds as printed: 4210 waiting is not 66 cells × 64. Nor is a
				// part-full last cell a product's approximation: "8535 ≈ 134 cells × 64" beside
				// the floor line's ⌊8535 ÷ 64⌋ read as two roundings (newcomer 76 W3).
				if strings.Contains(ansi.Strip(l), " = ") && regexp.MustCompile("cells (×|of) ").MatchString(ansi.Strip(l)) && whole*per != q {
					t.Errorf("pool %d, %d waiting, w=%d: = for %d × %d: %q", size, q, w, whole, per, ansi.Strip(l))
				}
				if plain := ansi.Strip(l); regexp.MustCompile(`≈ [\d,]+ cells|cells × [\d,]+ \(`).MatchString(plain) || whole*per != q && strings.Contains(plain, " cells × ") {
					t.Errorf("pool %d, %d waiting, w=%d: a part-full cell said as a product: %q", size, q, w, plain)
				}
			}
		}
	}
}

// A pool that may grow rounds to its most workers and says its size now beside them: "one
// round of the 64 workers it may have" beside a pool of 32 read as the pool's size
// (newcomer 35 #4).
func TestUnboundedQueueRoundSaysThePoolNow(t *testing.T) {
	p := lab.PoolStats{Unbounded: true, Size: 32, Max: 64, Queued: 5, PeakQueued: 5}
	p.QueuedBy[lab.Payment] = 5
	if l := ansi.Strip(queueLine(newTheme(true, true), p, lab.TrafficConfig{}, 120, queuePeer{})); !strings.Contains(l, "1 cell ≈ 64 requests, one round of the 64 workers it may grow to (32 now)") {
		t.Errorf("%q", l)
	}
	// At 80 columns the line has no room for it (adaptive-limit 80x24: "queue 0 waiting · 1
	// cell = 64 requests"): the help says where the size now is, not "beside it" alone
	// (review 30 ui #7); the workers line's "31/32 busy now" has it at every width.
	p.Queued, p.QueuedBy[lab.Payment] = 0, 0
	narrow := ansi.Strip(queueLine(newTheme(true, true), p, lab.TrafficConfig{}, 80, queuePeer{}))
	help := ansi.Strip(strings.Join(helpLines(newTheme(true, true), keys, 1000), "\n"))
	if strings.Contains(narrow, "now") || !strings.Contains(help, "which the workers line says") || !strings.Contains(help, "where it has room") {
		t.Errorf("at 80 columns %q; the help's 1 cell = N entry must say where the size now is said", narrow)
	}
}

// An empty unbounded queue draws no cell.
func TestEmptyUnboundedQueueDrawsNoCell(t *testing.T) {
	l := ansi.Strip(queueLine(newTheme(true, true), lab.PoolStats{Unbounded: true, Size: 8}, lab.TrafficConfig{}, 120, queuePeer{}))
	if !strings.HasPrefix(l, "queue     0 waiting") {
		t.Errorf("%q", l)
	}
}

// A queue that runs off the bar says what a cell is where the line has room (s64: the
// postmortem's "→ 5743 waiting ≈ 90 cells × 64" at 120 columns left 64 of what), and how many it
// shows (newcomer 60: 71 drawn beside 90 read as a miscount), at 80 columns too, tighter
// (newcomer 62: "5737 waiting ≈ 90 cells × 64" there left both), as many as are drawn.
func TestUnboundedQueueKeysItsCells(t *testing.T) {
	s := postmortemSnapshot(postmortemConfig())
	s.Pool.OldestWaiting = 11400 * time.Millisecond
	for w, want := range map[int]string{120: "→ 5731 waiting in 90 cells of 64 (the last part-full), 47 shown", 80: "→ 5731 in 90 cells of 64, 36 shown"} {
		rows := 0
		for _, l := range strings.Split(ansi.Strip(render(newTheme(true, true), testScreen(s, w, 40))), "\n") {
			if !strings.HasPrefix(l, "queue    ") { // the row's label, not a narrator line that wraps at "queue"
				continue
			}
			rows++
			var shown int
			fmt.Sscanf(want[strings.LastIndex(want, ", ")+2:], "%d", &shown)
			if !strings.HasSuffix(strings.TrimRight(l, " "), want) || strings.Count(l, "O") != shown {
				t.Errorf("%d columns: %q, want it to end %q", w, l, want)
			}
		}
		if rows != 1 {
			t.Errorf("%d columns: %d queue rows, want 1", w, rows)
		}
	}
}

// postmortem's 5,735 waiting beside postmortem-fix's 372: 15× apart, so drawn visibly apart,
// alone (each to its own round, the longer marked as running off) and in compare mode (to
// the larger round of the two, which each side's scale says).
func TestUnboundedQueuesApart(t *testing.T) {
	th := newTheme(true, true)
	queue := func(size, q int) lab.PoolStats {
		p := lab.PoolStats{Unbounded: true, Size: size, Queued: q, PeakQueued: q}
		p.QueuedBy[lab.Payment] = q
		return p
	}
	disaster, fix := queue(64, 5735), queue(24, 372)
	disaster.Max = 64
	// Alone on a whole screen; in compare mode on a half.
	for _, c := range []struct {
		w    int
		peer bool
	}{{80, false}, {120, false}, {56, true}, {59, true}, {80, true}} {
		w, peer := c.w, c.peer
		dr, fr := 0, 0
		if peer {
			dr, fr = fix.QueueRound(), disaster.QueueRound()
		}
		dl, fl := queueLine(th, disaster, lab.TrafficConfig{}, w, queuePeer{round: dr}), queueLine(th, fix, lab.TrafficConfig{}, w, queuePeer{round: fr})
		dn, dover, dper, _ := unboundedBar(t, dl)
		fn, fover, fper, _ := unboundedBar(t, fl)
		if !dover || fover || dn < 2*fn {
			t.Errorf("w=%d, compare %v: 5735 waiting draws %d cells (runs off %v), 372 draws %d (runs off %v):\n%s\n%s",
				w, peer, dn, dover, fn, fover, ansi.Strip(dl), ansi.Strip(fl))
		}
		if peer && dper != fper {
			t.Errorf("w=%d: compare's sides on two scales, 1 cell = %d and %d", w, dper, fper)
		}
		// The side drawn to the other's round says so at every width, naming the pool (newcomer
		// 11 read 24 workers' queue at 1 cell = 64 as 64 workers; newcomer 19 could not read
		// "(other side's)").
		if plain := ansi.Strip(fl); peer && !strings.Contains(plain, "other side's pool") && !strings.Contains(plain, "(other pool)") {
			t.Errorf("w=%d: the fix's queue on the disaster's round, unsaid: %q", w, plain)
		}
	}
}

// Beside a bounded queue (or none) an unbounded one keeps its own round: there is no scale
// to share, and "as the other side" would name one that is not there (review).
func TestQueueScaleSharedOnlyWithUnbounded(t *testing.T) {
	a, b := compareSnapshots()
	a.Pool = lab.PoolStats{Unbounded: true, Size: 8, Queued: 100}
	b.Pool = lab.PoolStats{Size: 64, QueueCap: 100}
	s := screen{panes: []pane{{snap: a, cfg: a.Config}, {snap: b, cfg: b.Config}}, width: 120, height: 40}
	if got := halfCtx(newTheme(true, true), s, 0).queueTo(); got != (queuePeer{}) {
		t.Errorf("beside a bounded queue: scale %v, want none (its own round)", got)
	}
	b.Pool = lab.PoolStats{Unbounded: true, Size: 64, Queued: 5000}
	if got := halfCtx(newTheme(true, true), s, 0).queueTo(); got != (queuePeer{round: 64}) {
		t.Errorf("beside an unbounded queue of 64 workers: scale %v, want 64", got)
	}
}

// A bounded queue's bar groups each class's cells; with two classes waiting, it says so
// where the width allows, since a FIFO serves them mixed (newcomer 14 read signups stuck
// behind every payment), and that it is the bar, not the queue, that is out of order
// (newcomer 22: "FIFO (by class, not in order)"); never "(by class)" alone, read as a queue
// per class (newcomer 54). One class alone needs no such note.
func TestQueueBarSaysItGroupsByClass(t *testing.T) {
	th := newTheme(false, true)
	p := lab.PoolStats{Size: 20, QueueCap: 100, Queued: 75, Discipline: lab.FIFO}
	p.QueuedBy[lab.Payment], p.QueuedBy[lab.Signup] = 55, 20
	// Scaled, a class with any waiting keeps a cell, said where it fits (newcomer 38 G12).
	for w, want := range map[int]string{120: "(bar: by class; any waiting: 1 cell at least)", 86: "(bar: by class)", 80: "(bar by class)"} {
		if got := ansi.Strip(queueLine(th, p, lab.TrafficConfig{}, w, queuePeer{})); !strings.Contains(got, want) || ansiWidth(got) > w {
			t.Errorf("w=%d: %q, want %q within the width", w, got, want)
		}
	}
	long := p
	long.QueueCap = 1000
	if got, want := ansi.Strip(queueLine(th, long, lab.TrafficConfig{}, 200, queuePeer{})), "(bar: by class, not queue order; a class with any waiting: 1 cell at least)"; !strings.Contains(got, want) || ansiWidth(got) > 200 {
		t.Errorf("a queue of 1000 at 200 columns: %q, want %q", got, want)
	}
	// A cell a place: no rounding to say.
	short := p
	short.QueueCap, short.Queued, short.QueuedBy[lab.Payment], short.QueuedBy[lab.Signup] = 10, 7, 5, 2
	if got := ansi.Strip(queueLine(th, short, lab.TrafficConfig{}, 120, queuePeer{})); !strings.Contains(got, "(bar: by class, not queue order)") || strings.Contains(got, "at least") {
		t.Errorf("unscaled: %q", got)
	}
	// Scaled by the other half's scale alone, the rule it follows is said (review 33 #9).
	if _, got, per := queueBar(short, lab.TrafficConfig{}, 120, 2); per < 2 || !strings.Contains(got, "1 cell at least") {
		t.Errorf("a queue of 10 drawn at the other half's 2 a cell: %q (%g a cell)", got, per)
	}
	// Where the queue's line has no room for the rule, the legend under it ends with it, in
	// the words that fit (newcomer 40 #5: 80x24 and a compare half had none); not where the
	// queue's line says it, nor for a bar unscaled.
	legend := []string{"P payment 20  S signup 0  · idle 0"}
	for w, want := range map[int]string{80: "P payment 20  S signup 0  · idle 0  · queue: a class waiting keeps 1 cell", 59: "P payment 20  S signup 0  · idle 0  · queue ≥1 cell/class"} {
		if got := ansi.Strip(cellRuleKey(th, slices.Clone(legend), queueLine(th, p, lab.TrafficConfig{}, w, queuePeer{}), p, lab.TrafficConfig{}, w, queuePeer{})[0]); got != want {
			t.Errorf("w=%d: legend %q, want %q", w, got, want)
		}
	}
	if got := cellRuleKey(th, slices.Clone(legend), queueLine(th, p, lab.TrafficConfig{}, 120, queuePeer{}), p, lab.TrafficConfig{}, 120, queuePeer{}); got[0] != legend[0] {
		t.Errorf("the rule on the queue's line and in the legend: %q", got)
	}
	if got := cellRuleKey(th, slices.Clone(legend), queueLine(th, short, lab.TrafficConfig{}, 80, queuePeer{}), short, lab.TrafficConfig{}, 80, queuePeer{}); got[0] != legend[0] {
		t.Errorf("unscaled, a rule in the legend: %q", got)
	}
	p.QueuedBy = [len(p.QueuedBy)]int{}
	p.QueuedBy[lab.Payment], p.Queued = 75, 75
	if got := ansi.Strip(queueLine(th, p, lab.TrafficConfig{}, 120, queuePeer{})); strings.Contains(got, "by class") {
		t.Errorf("one class waiting: %q", got)
	}
}

// The legend's count of each class is the lab's (Pool.BusyBy, what the workers chart's
// Held accrues from), waiting workers too, not the picture's cells added up in ui: with
// the picture's cells read short of it, "P payment 7" still (review 13).
func TestPoolLegendCountsTheLabs(t *testing.T) {
	s := bulkheadSnapshot()
	s.Pool.Workers = s.Pool.Workers[1:] // one of the payments' five calls not in the picture
	got := ansi.Strip(strings.Join(poolLegend(newTheme(true, true), s, countWorkers(s.Pool), 200), "\n"))
	if !strings.Contains(got, "P payment 7 (") || !strings.Contains(got, "S signup 1") {
		t.Errorf("legend: %q, want payment 7 (waiting ones too) and signup 1", got)
	}
}

// Two bounded queues side by side draw to one scale, with its unit: long-queue's "1 cell ≈
// 8.3" beside codel-queue's "≈ 7.7", bare, left two bars of 100 to be compared by eye on two
// scales (newcomer 33).
func TestBoundedQueuesOneScale(t *testing.T) {
	a, b := compareSnapshots()
	a.Pool = lab.PoolStats{Size: 20, QueueCap: 100, Queued: 43, Discipline: lab.FIFO}
	a.Pool.QueuedBy[lab.Payment], a.Pool.QueuedBy[lab.Signup] = 30, 13
	b.Pool = lab.PoolStats{Size: 20, QueueCap: 100, Discipline: lab.CoDel}
	for _, size := range [][2]int{{120, 40}, {80, 24}, {160, 50}} {
		s := screen{panes: []pane{{snap: a, cfg: a.Config}, {snap: b, cfg: b.Config}}, width: size[0], height: size[1]}
		var notes []string
		for i := range 2 {
			c := halfCtx(newTheme(true, true), s, i)
			for _, l := range poolPanel.lines(c, levelFull) {
				if l = ansi.Strip(l); strings.HasPrefix(l, "queue") {
					_, note, _ := strings.Cut(l, " · 1 cell ")
					notes = append(notes, note)
					if ansiWidth(l) > c.w {
						t.Errorf("%v: %q wider than %d", size, l, c.w)
					}
				}
			}
		}
		if len(notes) != 2 || notes[0] == "" || notes[0] != notes[1] || !strings.HasSuffix(notes[0], " requests") {
			t.Errorf("%v: the halves' queue scales %q, want one, in requests", size, notes)
		}
	}
}

// The queue line says how long the oldest still waiting has waited, in full where it fits,
// "oldest 5.5s" where only that does, and neither where nothing waits: no latency in the
// table is of a request still waiting (lifo-queue at 8s showed nothing of its oldest).
// Bounded or unbounded, within the width at every width.
func TestQueueLineSaysTheOldestWaiting(t *testing.T) {
	th := newTheme(false, true)
	p := lab.PoolStats{Size: 20, QueueCap: 100, Queued: 35, Discipline: lab.LIFO, OldestWaiting: 5480 * time.Millisecond, OldestWaitingClass: lab.Payment}
	p.QueuedBy[lab.Payment], p.QueuedBy[lab.Signup] = 23, 12
	u := lab.PoolStats{Size: 64, Unbounded: true, Queued: 548, OldestWaiting: 1100 * time.Millisecond, OldestWaitingClass: lab.Payment}
	u.QueuedBy[lab.Payment] = 548
	for _, q := range []lab.PoolStats{p, u} {
		for w, want := range map[int]string{120: "· oldest waiting ", 80: "· oldest "} {
			if got := ansi.Strip(queueLine(th, q, lab.TrafficConfig{}, w, queuePeer{})); !strings.Contains(got, want) || ansiWidth(got) > w {
				t.Errorf("unbounded %v, w=%d: %q, want %q within the width", q.Unbounded, w, got, want)
			}
		}
		for w := 56; w <= 250; w++ { // from a compare half's width, as TestScaledBarsFit
			if got := ansi.Strip(queueLine(th, q, lab.TrafficConfig{}, w, queuePeer{})); ansiWidth(got) > w {
				t.Errorf("unbounded %v, w=%d: %q past the width", q.Unbounded, w, got)
			}
		}
	}
	if got, want := ansi.Strip(queueLine(th, p, lab.TrafficConfig{}, 120, queuePeer{})), "oldest waiting 5.5s (one of the payments)"; !strings.Contains(got, want) {
		t.Errorf("at 120: %q, want %q", got, want)
	}
	p.Queued, p.QueuedBy, p.OldestWaiting = 0, [len(p.QueuedBy)]int{}, 0
	if got := ansi.Strip(queueLine(th, p, lab.TrafficConfig{}, 120, queuePeer{})); strings.Contains(got, "oldest") {
		t.Errorf("none waiting: %q", got)
	}
}
