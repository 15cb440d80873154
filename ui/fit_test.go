package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// checkFitted fails unless lines are at most rows (when rows ≥ 0) and each at most w cells.
func checkFitted(t *testing.T, what string, lines []string, w, rows int) {
	t.Helper()
	if rows >= 0 && len(lines) > rows {
		t.Errorf("%s: %d lines, over the %d rows", what, len(lines), rows)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got > max(w, 0) {
			t.Errorf("%s: line %d is %d cells, over the %d: %q", what, i, got, w, ansi.Strip(l))
		}
	}
}

// changesOf are n changes, each saying what.
func changesOf(n int, what string) []change {
	cs := make([]change, n)
	for i := range cs {
		cs[i] = change{n: i + 1, at: time.Duration(i) * 1700 * time.Millisecond, what: what}
	}
	return cs
}

// The change log fits any number of changes in any width and row budget, even when the
// latest alone is wider than the line. It crashed at 120x40 in compare mode after b b b,
// where the latest ("bulkhead → threadpool, …") was wider than a half.
func TestChangeLogFits(t *testing.T) {
	th := newTheme(false, true)
	for _, what := range []string{"b", "bulkhead → threadpool, 5 threads", strings.Repeat("bulkhead → semaphore, 5 permits ", 8)} {
		for n := range 5 {
			for w := -1; w <= 130; w++ {
				for rows := -1; rows <= 3; rows++ {
					lines := changeLines(th, changesOf(n, what), w, rows)
					checkFitted(t, fmt.Sprintf("%d changes of %q at w %d, rows %d", n, what, w, rows), lines, w, rows)
				}
			}
		}
	}
}

// The four keys that crashed the lab on stage: v, then b three times, at 120x40 and 160x50.
func TestCompareBulkheadThrice(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {160, 50}} {
		m := startModel(t, &fakeStarter{})
		m = send(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for _, r := range "vbbb" {
			m = send(t, m, press1(r))
			checkFrame(t, m.View().Content, size[0], size[1])
		}
		if len(m.sides[1].changes) != 3 {
			t.Errorf("%dx%d: B has %d changes, want 3", size[0], size[1], len(m.sides[1].changes))
		}
	}
}

// send updates m with msg and runs the command it returns, once, feeding its message back
// (a restart, an export): as the program would, without a terminal or a clock.
func send(t *testing.T, m model, msg tea.Msg) model {
	t.Helper()
	next, cmd := m.Update(msg)
	m = next.(model)
	if cmd == nil {
		return m
	}
	switch out := cmd().(type) {
	case restartedMsg, exportedMsg:
		next, _ = m.Update(out)
		m = next.(model)
	}
	return m
}
