// Tests of the class table's columns as the width narrows.

package ui

import (
	"strings"
	"testing"

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
