package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// busyTable is testSnapshot with every outcome and every rejection reason in the
// thousands for both classes, over a fleet so the balancer's column is there too: the
// widest table there is.
func busyTable() *lab.Snapshot {
	s := testSnapshot()
	s.Fleet = &lab.FleetStats{}
	sec := lab.Second{T: len(s.Timeline) + 1}
	for ci := range lab.Classes {
		c := &s.Classes[ci]
		c.Arrived, c.OK, c.Failed, c.TimedOut, c.InFlight = 98_765, 12_345, 12_345, 12_345, 12_345
		sec.Arrived[ci], sec.OK[ci], sec.Failed[ci], sec.TimedOut[ci] = 1234, 1234, 1234, 1234
		for _, why := range lab.Reasons {
			c.Rejected[why] = 12_345
			sec.Rejected[ci][why] = 1234
		}
	}
	s.Timeline = append(s.Timeline, sec)
	return s
}

// The per-class table always fits its width, at a terminal's 80 and at one side of a
// 120-wide compare: columns go, or merge, before any cell is cut.
func TestTableFitsNarrow(t *testing.T) {
	th := newTheme(false, true)
	for _, w := range []int{80, 59} {
		// Without the lab's own measures (m) the columns are fewer: as fitted.
		if lines, _ := tableLines(th, busyTable(), tablePeer{}, w, true, nil, false); ansiWidth(ansi.Strip(lines[0])) > w {
			t.Errorf("w=%d, no lab's own measures: head %q", w, ansi.Strip(lines[0]))
		}
		lines, notes := tableLines(th, busyTable(), tablePeer{}, w, true, nil, true)
		for _, l := range lines {
			plain := ansi.Strip(l)
			if ansiWidth(plain) > w {
				t.Errorf("w=%d: line %d wide: %q", w, ansiWidth(plain), plain)
			}
			if strings.Contains(plain, "…") {
				t.Errorf("w=%d: cut: %q", w, plain)
			}
		}
		if !strings.Contains(strings.Join(lines[:2], "\n"), "rejected") {
			t.Errorf("w=%d: no rejected column:\n%s", w, strings.Join(lines, "\n"))
		}
		found := false
		for _, n := range notes.all(w) {
			found = found || strings.Contains(n, "every reason")
		}
		if w == 59 && !found {
			t.Errorf("w=%d: no note for the merged rejected column: %q\n%s", w, notes, ansi.Strip(strings.Join(lines, "\n")))
		}
	}
}
