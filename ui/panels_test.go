// Tests of the lab's panel list: its shape, as labLines relies on it.

package ui

import (
	"slices"
	"testing"
)

// The layout is a list labLines can iterate: each panel named once, drawing lines of its own
// height or filling the rest (those last, so the lines come out in the list's order), its
// turn for the spacing its own, and kept to a level that exists.
func TestLabPanels(t *testing.T) {
	var names []string
	gaps := map[int]string{}
	filling := false
	for _, p := range labPanels {
		if p.name == "" || slices.Contains(names, p.name) {
			t.Errorf("panel %q: no name, or one of another panel", p.name)
		}
		names = append(names, p.name)
		if (p.lines == nil) == (p.fill == nil) {
			t.Errorf("panel %q: it must either draw lines of its own height or fill the rest", p.name)
		}
		if p.fill == nil && filling {
			t.Errorf("panel %q: it follows a filling panel, which labLines draws after it", p.name)
		}
		filling = filling || p.fill != nil
		if p.fill != nil && p.gap != 0 {
			t.Errorf("panel %q: a filling panel takes no spacing", p.name)
		}
		if other, dup := gaps[p.gap]; dup && p.gap != 0 {
			t.Errorf("panels %q and %q share the spacing's turn %d", other, p.name, p.gap)
		}
		gaps[p.gap] = p.name
		if d := p.deepest; min(d.alone, d.compared) < levelFull || max(d.alone, d.compared) > levelBare {
			t.Errorf("panel %q: kept to level %d, which is none", p.name, p.deepest)
		}
	}
}
