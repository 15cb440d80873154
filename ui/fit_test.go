package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
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
			for w := range sweep(-1, 130, 1) {
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
		m = update(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for _, r := range "vbbb" {
			m = update(t, m, press1(r))
			checkFrame(t, m.View().Content, size[0], size[1])
		}
		if len(m.sides[1].changes) != 3 {
			t.Errorf("%dx%d: B has %d changes, want 3", size[0], size[1], len(m.sides[1].changes))
		}
	}
}

// shownText is s as the screen can get it: printable, as preset names and descriptions are
// made on loading (lab.Printable), and styled when style is odd.
func shownText(th *theme, s string, style byte) string {
	s = lab.Printable(s)
	if style%2 == 1 {
		return th.bold.Render(s)
	}
	return s
}

// The change log holds any number of changes at any width and row budget: the crash of
// v b b b, found from a screen where it fits.
func FuzzChangeLines(f *testing.F) {
	th := newTheme(false, true)
	f.Add(120, 2, uint8(3), "bulkhead → threadpool, 5 threads", uint32(3400))
	f.Add(80, 1, uint8(50), "timeout → caller 1s", uint32(65_000))
	f.Fuzz(func(t *testing.T, w, rows int, n uint8, what string, atMs uint32) {
		cs := changesOf(int(n%(maxChanges+10)), shownText(th, what, n))
		for i := range cs {
			cs[i].at = time.Duration(atMs) * time.Millisecond * time.Duration(i+1)
		}
		checkFitted(t, fmt.Sprintf("%d changes of %q at w %d, rows %d", len(cs), what, w, rows), changeLines(th, cs, w, rows), w, rows)
	})
}

// longestFit gives the first form that fits, or the last one cut to fit.
func FuzzLongestFit(f *testing.F) {
	th := newTheme(false, true)
	f.Add(40, "A vs B, totals since the start", "A vs B", "A", uint8(1))
	f.Fuzz(func(t *testing.T, w int, a, b, c string, style uint8) {
		forms := []string{shownText(th, a, style), shownText(th, b, style>>1), shownText(th, c, style>>2)}
		got := longestFit(w, forms...)
		checkFitted(t, fmt.Sprintf("longestFit(%d, %q)", w, forms), []string{got}, w, 1)
		if i := slices.IndexFunc(forms, func(f string) bool { return ansi.StringWidth(f) <= w }); i >= 0 && got != forms[i] {
			t.Errorf("longestFit(%d, %q) = %q, not the first that fits, %q", w, forms, got, forms[i])
		}
	})
}

// wrapItems packs items into lines within the width, and loses none that fits a line.
func FuzzWrapItems(f *testing.F) {
	th := newTheme(false, true)
	f.Add("pool 20\x00queue 0 FIFO\x00timeout off\x00bulkhead none", " · ", 40, uint8(0))
	f.Fuzz(func(t *testing.T, joined, sep string, w int, style uint8) {
		var items []string
		for i, it := range strings.Split(joined, "\x00") {
			items = append(items, shownText(th, it, style>>(i%8)))
		}
		sep = lab.Printable(sep)
		lines := wrapItems(items, sep, w)
		checkFitted(t, fmt.Sprintf("wrapItems(%q, %q, %d)", items, sep, w), lines, w, -1)
		whole := ansi.StringWidth(sep) <= w && !slices.ContainsFunc(items, func(it string) bool { n := ansi.StringWidth(it); return n == 0 || n > w })
		if whole && strings.Join(lines, sep) != strings.Join(items, sep) {
			t.Errorf("wrapItems(%q, %q, %d) lost or changed items: %q", items, sep, w, lines)
		}
	})
}

// wrapText wraps words within the width, in at most maxLines lines when it is given.
func FuzzWrapText(f *testing.F) {
	th := newTheme(false, true)
	f.Add("» payments hold every worker: 30 needed for 10/s × 3s, 20 there", 40, 0, uint8(0))
	f.Add("One shared pool of 20 workers: payments need 10/s x 3s = 30.", 20, 3, uint8(1))
	f.Fuzz(func(t *testing.T, s string, w, maxLines int, style uint8) {
		s = shownText(th, s, style)
		rows := -1
		if maxLines > 0 {
			rows = maxLines
		}
		checkFitted(t, fmt.Sprintf("wrapText(%q, %d, %d)", s, w, maxLines), wrapText(s, w, maxLines), w, rows)
	})
}

// fit makes a line exactly the width; fitMiddle keeps a line within it.
func FuzzFit(f *testing.F) {
	th := newTheme(false, true)
	f.Add("saved poollab-shared-pool-20260101-120000.{ans,txt,svg,md,json} in /tmp", 40, uint8(0))
	f.Fuzz(func(t *testing.T, s string, w int, style uint8) {
		w %= 1000 // fit allocates the width
		s = shownText(th, s, style)
		if got := ansi.StringWidth(fit(s, w)); got != max(w, 0) {
			t.Errorf("fit(%q, %d) is %d cells wide", s, w, got)
		}
		plain := lab.Printable(ansi.Strip(s))
		checkFitted(t, fmt.Sprintf("fitMiddle(%q, %d)", plain, w), []string{fitMiddle(plain, w)}, w, 1)
	})
}

// A sign before a letter is no break point: "bare +n or -n" wrapped beside the table cut
// "or" to "o…" and carried "-n: beyond noise" on (newcomer 30, fleet compare at 80x24).
func TestWrapTextKeepsSign(t *testing.T) {
	s := "≈ could be chance: same arrivals, timing alone can do it · " + lab.UnmarkedKey + " · ? too few"
	for w := 20; w <= 60; w++ {
		lines := wrapText(s, w, 0)
		if got := strings.Join(lines, " "); got != s {
			t.Errorf("width %d: %q, want the words whole", w, lines)
		}
		// A mark stays with the word it keys: "beyond chance · ?" over "too few: …" (hops at
		// 80x24) read as a question.
		for _, l := range lines {
			if strings.HasSuffix(l, " ?") || strings.HasSuffix(l, " ≈") {
				t.Errorf("width %d: %q ends on a mark", w, l)
			}
		}
	}
}

// No hyphen is a break point: "(a queue that bounds the wait itself: preset codel-" over
// "queue)" read as two words (newcomer 36 #17, postmortem-fix at 120x40).
func TestWrapTextKeepsHyphenatedNames(t *testing.T) {
	s := "a cap cannot help it (a queue that bounds the wait itself: preset codel-queue) or preset semaphore-bulkhead"
	for w := 16; w <= len(s); w++ {
		for _, line := range wrapText(s, w, 0) {
			if strings.HasSuffix(line, "-") || strings.HasPrefix(line, "queue)") || strings.HasPrefix(line, "bulkhead") {
				t.Errorf("width %d: %q breaks a name at its hyphen", w, wrapText(s, w, 0))
				break
			}
		}
	}
}

// "p50 row hidden" is one phrase: the compare's rule at 120x40 wrapped "… ≥368 ended; p50"
// over "row hidden: could be chance", read as two notes (newcomer 59 G-minor 16).
func TestWrapTextKeepsP50Hidden(t *testing.T) {
	s := "≈ could be chance (chance alone moves some row this far over 1 in 20) · " + lab.UnmarkedKey + " · " + lab.TooFewNoP50 + "could be chance"
	for w := 20; w <= len(s); w++ {
		lines := wrapText(s, w, 0)
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, lab.P50Hidden) }) {
			t.Errorf("width %d: %q splits %q", w, lines, lab.P50Hidden)
		}
	}
}
