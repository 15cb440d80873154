// The payment call's way down on the screen (the hops panel): the chain of hops as a picture,
// and lab's items on the way down (the calls per payment, retries, duplicates).

package ui

import (
	"fmt"
	"strings"

	"poollab/lab"
)

// hopsShown says the run has something for hopsLines: a chain, retries or duplicates.
func hopsShown(s *lab.Snapshot) bool { return lab.WayItems(s) != nil }

// hopsLines draws the payment call's way down: the chain of hops as a small picture, each
// with its requests in flight now and those it worked on past the user's deadline, then a
// line of lab's items on it (the calls per payment, retries, budget denials, duplicates);
// one line at the tight levels.
func hopsLines(t *theme, s *lab.Snapshot, w, level int) []string {
	var out []string
	if len(s.Hops) > 0 {
		out = append(out, chainLine(t, s, w))
	}
	var items []string
	for _, it := range lab.WayItems(s) {
		value := it.Value
		if it.Strong {
			value = t.bold.Render(value)
		}
		item := t.dim.Render(it.Label+" ") + value
		if it.Note != "" {
			item += t.dim.Render(it.Note)
		}
		items = append(items, item)
	}
	stats := wrapItems(items, t.dim.Render(" · "), w)
	if level >= levelTight && len(out) > 0 {
		return out
	}
	if level > levelFull && len(stats) > 1 {
		stats = stats[:1]
	}
	return append(out, stats...)
}

// chainLine is the hops as boxes in a row, each with its requests in flight now and, standing
// out, those it worked on past the user's deadline (work for users who have left):
// payments ─▶ [hop 1: 24 in flight, 100 late] ─▶ … ─▶ [hop 3 slow 3s: 48 in flight, 1321 late].
// Narrow, the words go from every box but the first, which keeps them as the legend of the
// rest ([hop 1: 12 in flight, 88 past deadline] ─▶ [hop 2: 59, 352]); then the chain's ends
// go ("payments", "slow 3s"), then "hop"; only then does "past deadline" become "late" (and
// the forms go again), then the arrows narrow and "in flight" becomes "now"; the first box's
// words go last of all.
func chainLine(t *theme, s *lab.Snapshot, w int) string {
	type form struct {
		words       int    // boxes with "in flight" (now) and late's words spelled out
		short, bare bool   // short: "1" for "hop 1"; bare: nothing but the boxes
		arrow, now  string // between the boxes; the words for "in flight"
		late        string // the words for work past the user's deadline
	}
	build := func(f form) string {
		var parts []string
		if !f.bare {
			parts = append(parts, t.dim.Render("payments"))
		}
		for i, h := range s.Hops {
			name := fmt.Sprintf("hop %d", i+1)
			if f.short {
				name = fmt.Sprint(i + 1)
			}
			if i == len(s.Hops)-1 && !f.bare {
				name += " " + lab.ModeShort(s.Config.Dependency)
			}
			box := t.bold.Render(name+":") + " " + fmtCount(h.InFlight)
			if i < f.words {
				box += t.dim.Render(" " + f.now)
			}
			if h.PastDeadline > 0 {
				late := fmtCount(h.PastDeadline)
				if i < f.words || f.words == 0 {
					late += " " + f.late
				}
				box += t.dim.Render(", ") + t.alert.Render(late)
			}
			parts = append(parts, t.dim.Render("[")+box+t.dim.Render("]"))
		}
		return strings.Join(parts, t.dim.Render(f.arrow))
	}
	const arrow, narrow = " ─▶ ", " → "
	forms := []form{{len(s.Hops), false, false, arrow, "in flight", "past deadline"}, {1, false, false, arrow, "in flight", "past deadline"},
		{1, false, true, arrow, "in flight", "past deadline"}, {1, true, true, arrow, "in flight", "past deadline"},
		{1, false, false, arrow, "in flight", "late"}, {1, true, false, arrow, "in flight", "late"}, {1, true, true, arrow, "in flight", "late"},
		{1, true, true, narrow, "in flight", "late"}, {1, true, true, narrow, "now", "late"}}
	for _, f := range forms {
		if line := build(f); ansiWidth(line) <= w {
			return line
		}
	}
	return build(form{0, true, true, narrow, "", "late"})
}
