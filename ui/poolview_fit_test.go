package ui

import (
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
			if l := ansi.Strip(queueLine(th, p, w, 0)); ansiWidth(l) > w {
				t.Errorf("queue of %d at w=%d: %d wide: %q", n, w, ansiWidth(l), l)
			}
			// An unbounded queue's note has a unit, dropped before the width is passed
			// (a compare half cut "1 cell ≈ 571 requests" to "≈ 57…").
			u := lab.PoolStats{Unbounded: true, Queued: n + 1000, PeakQueued: n + 1000}
			u.QueuedBy[lab.Payment] = u.Queued
			if l := ansi.Strip(queueLine(th, u, w, 0)); ansiWidth(l) > w {
				t.Errorf("unbounded queue of %d at w=%d: %d wide: %q", u.Queued, w, ansiWidth(l), l)
			}
			s := testSnapshot()
			s.Pool.Size, s.Pool.Busy, s.Pool.Workers = n, n, make([]lab.Worker, n)
			for _, l := range poolLines(th, s, w, 1, false, 0) {
				if l = ansi.Strip(l); ansiWidth(l) > w {
					t.Errorf("pool of %d at w=%d: %d wide: %q", n, w, ansiWidth(l), l)
				}
			}
		}
	}
}
