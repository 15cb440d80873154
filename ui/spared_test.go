package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An idle spare clause (the shared pool's why so far is lower) is said only where it costs
// the screen nothing else: every line but the narrator's and blank ones as without it.
// spared decides it on the layout's plan, so the lab is laid out once a frame and its
// charts drawn once, where a second whole layout without the clause once ran beside it to
// compare the two screens by their text (review 28 ui #4).
func TestIdleClauseCostsNothingElse(t *testing.T) {
	fills := 0
	for i := range labPanels {
		if fill := labPanels[i].fill; fill != nil {
			labPanels[i].fill = func(c labCtx, level, h int) []string { fills++; return fill(c, level, h) }
			t.Cleanup(func() { labPanels[i].fill = fill })
		}
	}
	th := newTheme(false, true)
	snap := testSnapshot()
	snap.Timeline = snap.Timeline[:2] // no whole second since the pool filled: the shares so far, and the clause
	var said, left []int
	for h := 24; h <= 60; h++ {
		w := 80 + (h-24)*10/3
		c := newLabCtx(th, testScreen(snap, w, h), 0, w, 0)
		_, spare := c.narration()
		if !spare.idle {
			t.Fatalf("the shared pool's spare clause is not idle: %+v", spare)
		}
		fills = 0
		out := labLines(c, h)
		// The detail and the charts, once each at two heights at most: the frame's, and where
		// the clause takes a row of theirs, the one without it, to see whether it was blank.
		if fills > 4 {
			t.Errorf("%dx%d: the filling panels drawn %d times for one frame", w, h, fills)
		}
		none := newLabCtx(th, testScreen(snap, w, h), 0, w, 0)
		none.spare = spareNone
		without := labLines(none, h)
		plain := ansi.Strip(strings.Join(out, "\n"))
		if !strings.Contains(strings.Join(strings.Fields(plain), " "), strings.TrimSpace(spare.long[1:])) {
			left = append(left, h)
			continue
		}
		said = append(said, h)
		if a, b := besides(th, c, out), besides(th, c, without); !slices.Equal(a, b) {
			t.Errorf("%dx%d: the idle clause cost the screen:\n%s\n\nwithout it:\n%s", w, h, strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
	}
	t.Logf("said at heights %v, left out at %v", said, left)
	if len(said) == 0 || len(left) == 0 {
		t.Errorf("said at heights %v, left out at %v: want both", said, left)
	}
}

// besides are out's lines but blank ones and c's narrator's, with its spare clause or
// without.
func besides(th *theme, c labCtx, out []string) []string {
	says, spare := c.narration()
	var narrator []string
	for _, s := range []string{says, says + spare.long} {
		for _, n := range wrapText("» "+s, c.w, 0) {
			narrator = append(narrator, th.narrator.Render(n))
		}
	}
	return slices.DeleteFunc(slices.Clone(out), func(l string) bool { return strings.TrimSpace(l) == "" || slices.Contains(narrator, l) })
}
