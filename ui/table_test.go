// Tests of the class table's columns as the width narrows.

package ui

import (
	"strings"
	"testing"
	"time"

	"poollab/lab"
)

// The number the tour points at stays on the table however narrow it is: the other
// columns give way first (the LIFO chapter's signup p50, on a run whose pool turned some away).
func TestTablePointedColumnStays(t *testing.T) {
	s := testSnapshot()
	marks := []pointer{{class: lab.Signup, column: "p50"}}
	for w := 50; w <= 120; w++ {
		lines, _ := tableLines(newTheme(false, true), s, tablePeer{}, w, true, marks, true)
		if !strings.Contains(lines[0], "p50") {
			t.Fatalf("at %d columns the table dropped the column the tour points at: %q", w, lines[0])
		}
	}
}

// Payments queueing under a deadline that counts the wait keep its column at 0, where the
// turned-away the narrator forecasts will be counted (newcomer 43 G-9: the fix at 15s, 308
// queued and 0/s rejected, had no rejected:deadline column); with none queued, a column of
// zeros gives way as any other.
func TestAwaitedRejectionKeepsItsColumn(t *testing.T) {
	s := testSnapshot()
	s.Config.Payment.Deadline = lab.Duration(800 * time.Millisecond)
	col := lab.TurnedAway(lab.RejectDeadline).Term().Column
	for _, w := range []int{80, 120} {
		s.Pool.QueuedBy[lab.Payment] = 0
		if lines, _ := tableLines(newTheme(false, true), s, tablePeer{}, w, true, nil, false); strings.Contains(lines[0], col) {
			t.Errorf("at %d columns, none queued, a column of zeros for %s: %q", w, col, lines[0])
		}
		s.Pool.QueuedBy[lab.Payment] = 300
		if lines, _ := tableLines(newTheme(false, true), s, tablePeer{}, w, true, nil, false); !strings.Contains(lines[0], col) {
			t.Errorf("at %d columns, 300 queued under the deadline, no %s column: %q", w, col, lines[0])
		}
	}
}
