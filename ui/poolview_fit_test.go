package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// A proportional bar and its note on the scale fit the width together, whatever the
// count: the note is worded for the bar drawn, which may need it longer (long-queue at 80
// columns: " · 1 cell ≈ 2.9", once cut to "≈ 2…"), from a compare half's width up.
func TestScaledBarsFit(t *testing.T) {
	th := newTheme(false, true)
	for w := 56; w <= 140; w++ {
		for _, n := range []int{97, 100, 333, 1000, 4321} {
			p := lab.PoolStats{QueueCap: n, Queued: n * 2 / 5}
			p.QueuedBy[lab.Payment] = p.Queued
			if l := ansi.Strip(queueLine(th, p, lab.TrafficConfig{}, w, queuePeer{})); ansiWidth(l) > w {
				t.Errorf("queue of %d at w=%d: %d wide: %q", n, w, ansiWidth(l), l)
			}
			// An unbounded queue's note has a unit, dropped before the width is passed
			// (a compare half cut "1 cell ≈ 571 requests" to "≈ 57…").
			u := lab.PoolStats{Unbounded: true, Queued: n + 1000, PeakQueued: n + 1000}
			u.QueuedBy[lab.Payment] = u.Queued
			if l := ansi.Strip(queueLine(th, u, lab.TrafficConfig{}, w, queuePeer{})); ansiWidth(l) > w {
				t.Errorf("unbounded queue of %d at w=%d: %d wide: %q", u.Queued, w, ansiWidth(l), l)
			}
			s := testSnapshot()
			s.Pool.Size, s.Pool.Busy, s.Pool.Workers = n, n, make([]lab.Worker, n)
			for _, l := range poolLines(th, s, w, 1, false, queuePeer{}) {
				if l = ansi.Strip(l); ansiWidth(l) > w {
					t.Errorf("pool of %d at w=%d: %d wide: %q", n, w, ansiWidth(l), l)
				}
			}
		}
	}
}

// Without its legend (levelTight: 80x24's conn-pool-wait), the workers line says what its
// waiting glyphs are where they fit (newcomer 27: "cccccPPPPP" with nothing for c); in a
// line too narrow, the workers alone.
func TestWorkersLineKeysItsWaits(t *testing.T) {
	s := bulkheadSnapshot() // PPPPPbb: 2 payments waiting for a permit
	c := newLabCtx(newTheme(true, true), testScreen(s, 80, 24), 0, 80, 0)
	lines := poolPanel.lines(c, levelTight)
	if len(lines) != 1 || !strings.HasSuffix(lines[0], " · b 2 "+lab.PhaseBulkhead.Words(true)) {
		t.Errorf("at 80: %q", lines)
	}
	narrow := newLabCtx(newTheme(true, true), testScreen(s, 50, 24), 0, 50, 0)
	if lines := poolPanel.lines(narrow, levelTight); len(lines) != 1 || strings.Contains(lines[0], " · b ") || ansiWidth(lines[0]) > 50 {
		t.Errorf("at 50: %q", lines)
	}
}

// A scaled queue's bar and its words follow one fit rule, the pool bar's (scaledBar): the
// line keeps its column to spare, with the other half's coarser scale too (compare mode),
// where queueLine once rebuilt the bar and its note to a rule one column wider, so the unit
// came back where scaledBar had dropped it (review 28 ui #3). A cell stands for the coarser
// of the two scales.
func TestQueueBarOneFitRule(t *testing.T) {
	th := newTheme(false, true)
	for w := 56; w <= 140; w++ {
		for _, n := range []int{97, 100, 333, 1000, 4321} {
			p := lab.PoolStats{QueueCap: n, Queued: n * 2 / 5, Discipline: lab.FIFO}
			p.QueuedBy[lab.Payment] = p.Queued
			for _, peer := range []float64{0, 1.5, 3.7, 12.5, 99} {
				cells, _, per := queueBar(p, lab.TrafficConfig{}, w, peer)
				l := ansi.Strip(queueLine(th, p, lab.TrafficConfig{}, w, queuePeer{cell: peer}))
				if per == 0 {
					continue
				}
				if ansiWidth(l) > w-1 {
					t.Errorf("queue of %d at w=%d, peer %v: %d wide: %q", n, w, peer, ansiWidth(l), l)
				}
				if !strings.Contains(l, "1 cell ") || per < peer || cells != len([]rune(strings.Fields(l)[1])) {
					t.Errorf("queue of %d at w=%d, peer %v: %d cells of %v: %q", n, w, peer, cells, per, l)
				}
			}
		}
	}
}

// A scaled bar's cell stands for a whole number of things, said as drawn: "1 cell ≈ 6.2
// workers" read as a fraction of a worker (newcomer 40 #4, closed-loop's 200 at 80
// columns). "=" only where every cell is worth it, "≈" where the last stands for fewer;
// the bar's cells hold the count and no cell more.
func TestScaledBarsWholeCells(t *testing.T) {
	note := regexp.MustCompile(`^ · 1 cell ([=≈]) (\d+)( workers)?$`)
	for avail := 10; avail <= 130; avail++ {
		for _, n := range []int{64, 97, 100, 200, 333, 1000, 4321} {
			if n <= avail {
				continue
			}
			cells, per, said, _ := scaledBar(n, avail, " workers", 0)
			m := note.FindStringSubmatch(said)
			if m == nil {
				t.Fatalf("%d in %d: note %q, want a whole number a cell", n, avail, said)
			}
			k, _ := strconv.Atoi(m[2])
			exact := cells*k == n
			if float64(k) != per || cells*k < n || (cells-1)*k >= n || (m[1] == "=") != exact {
				t.Errorf("%d in %d: %d cells, %q", n, avail, cells, said)
			}
		}
	}
	if _, _, said, _ := scaledBar(200, 55, " workers", 0); said != " · 1 cell = 8 workers" {
		t.Errorf("closed-loop's 200 at 80 columns: %q, want an exact 8 a cell", said)
	}
}
