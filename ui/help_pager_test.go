package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Page by page (f), the help is read once, each line on one page only, and a page begins
// a paragraph, or a sentence, unless the one before it ran the whole page: the viewport's own paging began
// the last page a screenful from the end, inside a sentence, over most of the page before
// (newcomer 82 W2). b turns back through the same pages.
func TestHelpPagesReadOnceFromParagraphs(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}, {100, 31}, {81, 60}} {
		w, h := size[0], size[1]
		m := startModel(t, &fakeStarter{})
		m.width, m.height = w, h
		pressed(t, &m, press1('?'))
		lines, starts := helpText(m.th, m.keyMap(), w-2)
		var read, want []string
		for _, l := range lines {
			if l := strings.TrimSpace(ansi.Strip(l)); l != "" {
				want = append(want, l)
			}
		}
		var tops []int
		full := false // the page before drew every line it has room for
		for {
			top := m.helpView.YOffset()
			if tops = append(tops, top); len(tops) > 1 && !full && !slices.Contains(starts, top) && !endsSentence(lines[top-1]) {
				t.Errorf("%dx%d: page %d begins at line %d, inside a sentence: %q", w, h, len(tops), top, ansi.Strip(lines[top]))
			}
			body := helpScreen(m.th, screen{width: w, height: h, helpView: m.helpView})
			for _, l := range body[1 : len(body)-1] {
				if l := strings.TrimSpace(ansi.Strip(l)); l != "" {
					read = append(read, l)
				}
			}
			full = m.helpView.shown() == m.helpView.Height()
			pressed(t, &m, press1('f'))
			if m.helpView.YOffset() == top {
				break
			}
		}
		if i := firstDiffering(read, want); i >= 0 {
			t.Errorf("%dx%d: the help's %d lines read as %d over %d pages, from line %d on: %q", w, h, len(want), len(read), len(tops), i, read[i:min(i+3, len(read))])
		}
		for i := len(tops) - 2; i >= 0; i-- {
			if pressed(t, &m, press1('b')); m.helpView.YOffset() != tops[i] {
				t.Fatalf("%dx%d: b from page %d went to line %d, not page %d's %d", w, h, i+2, m.helpView.YOffset(), i+1, tops[i])
			}
		}
	}
}

// firstDiffering is the first index at which a and b differ, −1 where they are equal.
func firstDiffering(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// A page ends early only where the paragraph after it would not have fitted: one that does
// fit is drawn on it, not left for the next page behind a blank (a section's closing blank
// just past the page once pushed the section's last one-line row over, review of s95a).
func TestHelpPagesEndOnlyWhereTheNextWouldNotFit(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}, {100, 31}, {81, 60}} {
		w, h := size[0], size[1]
		m := startModel(t, &fakeStarter{})
		lines, starts := helpText(m.th, m.keyMap(), w-2)
		pages := helpPages(lines, starts, h-2)
		for k := 0; k+1 < len(pages); k++ {
			top, next := pages[k], pages[k+1]
			i, found := slices.BinarySearch(starts, next)
			if !found || next >= top+h-2 {
				continue // a full page, or one cut inside a paragraph too long for a page
			}
			end := len(lines)
			if i+1 < len(starts) {
				end = starts[i+1]
			}
			for end > next && blank(lines[end-1]) {
				end--
			}
			if end <= top+h-2 {
				t.Errorf("%dx%d: page %d ends at line %d, though the paragraph after it (%q) ends at %d, within the page", w, h, k+1, next, ansi.Strip(lines[next]), end)
			}
		}
	}
}
