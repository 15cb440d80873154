// The payment call's way down on the screen (the hops panel): the chain of hops as a picture,
// and lab's items on the way down (the calls per payment, retries, duplicates).

package ui

import (
	"fmt"
	"strings"
	"time"

	"poollab/lab"
)

// hopsShown says the run has something for hopsLines: a chain, retries or duplicates.
func hopsShown(s *lab.Snapshot) bool { return lab.WayItems(s) != nil }

// hopsLines draws the payment call's way down: the chain of hops as a small picture, each
// with its requests in flight now and those at work past the user's deadline, then a
// line of lab's items on it (the calls per payment, retries, budget denials, duplicates);
// only the chain (with its legend's line, where boxes go bare) at the tight levels.
func hopsLines(t *theme, s *lab.Snapshot, w, level int) []string {
	var out, items []string
	if len(s.Hops) > 0 {
		line, legend := chainLine(t, s, w)
		out = append(out, line)
		switch { // bare boxes: their legend next, at every level
		case legend:
		case level >= levelTight:
			out = append(out, t.dim.Render(chainLegend(s, w)))
		default:
			items = append(items, t.dim.Render(chainLegend(s, w)))
		}
	}
	for _, it := range lab.WayItems(s) {
		value := it.Value
		if it.Strong {
			value = t.bold.Render(value)
		}
		item := t.dim.Render(it.Label+" ") + value
		items = append(items, item+t.dim.Render(longestFit(w-ansiWidth(item), it.Notes()...)))
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

// chainLine is the hops as boxes in a row, each with its hop calls in flight now (a gauge)
// and, standing out, those at work past the user's deadline so far (a running
// total: work for users who have left). Both kinds read apart, and the deadline is named:
// payments ─▶ [hop 1: 24 in flight now, 100 so far at work past the user's 1s] ─▶ … .
// Narrower, the boxes keep their numbers and a legend after them names the two, once, with
// their sum past the deadline, the narrator's ([hop 1: 12, 88] ─▶ [hop 2: 60, 352] ─▶
// [hop 3: 47, 729] (each: in flight now, so far at work past the user's 2s; 1169 in all)); then the
// chain's ends go ("payments", "slow 3s"), then the arrows narrow, then the legend shortens;
// then "hop" goes from the boxes to the legend ([1: 12, 88] → … (hop: in flight now, so far
// at work past 2s)), then "in flight" to "now". A run with a user deadline always shows the second number, 0 too, so that two
// runs side by side draw one form.
// When none fits, the boxes go bare and legend is false: hopsLines says it on the next line.
func chainLine(t *theme, s *lab.Snapshot, w int) (line string, legend bool) {
	type form struct {
		words       bool   // every box says what its numbers are: no legend
		short, bare bool   // short: "1" for "hop 1"; bare: nothing but the boxes
		lab         bool   // bare but for "edge" before them: who calls hop 1
		arrow       string // between the boxes
		legend      string // after the boxes: what their numbers are
	}
	user := s.Config.Payment.Deadline.D()
	late := user > 0
	past := pastPhrase(user)
	build := func(f form) string {
		var parts []string
		if !f.bare || f.lab { // the edge calls hop 1: it is no hop (newcomer 28: "hops 3" beside "lab, hops 1–2")
			parts = append(parts, t.dim.Render("edge"))
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
			if f.words {
				box += t.dim.Render(" in flight now")
			}
			if late {
				n := fmtCount(h.PastDeadline)
				if f.words {
					n += " " + past
				}
				style := t.dim
				if h.PastDeadline > 0 { // work for nobody stands out; none is no news
					style = t.alert
				}
				box += t.dim.Render(", ") + style.Render(n)
			}
			parts = append(parts, t.dim.Render("[")+box+t.dim.Render("]"))
		}
		return strings.Join(parts, t.dim.Render(f.arrow)) + t.dim.Render(f.legend)
	}
	const arrow, narrow = " ─▶ ", " → "
	// What the boxes hold, longest first; with the hops' names gone ("[1: 12, 88]"), the
	// legend names the first number too.
	legends, short := []string{"each: in flight now", "in flight now"}, []string{"hop: in flight now", "hop: in flight"}
	if late {
		sum := "; " + fmtCount(s.PastDeadline()) + " in all"
		p := hopPhrases(user)
		// Whose deadline before the sum, which the narrator gives too: at 120 columns "past 2s"
		// lost "the user's" to "; 768 in all" (review 27).
		legends = []string{"each: " + p[0] + sum, "each: " + p[1] + sum, "each: " + p[1], "each: " + p[2] + sum, p[1]}
		short = []string{"hop: " + p[1] + sum, "hop: " + p[1], "hop: " + p[2], "hop: " + p[3]}
	}
	forms := []form{{true, false, false, false, arrow, ""}}
	for _, legend := range legends {
		legend = " (" + legend + ")"
		forms = append(forms, form{false, false, false, false, arrow, legend}, form{false, false, true, false, arrow, legend},
			form{false, false, true, false, narrow, legend})
	}
	for _, legend := range short {
		legend = " (" + legend + ")"
		forms = append(forms, form{false, true, true, false, arrow, legend}, form{false, true, true, false, narrow, legend})
	}
	for _, f := range forms {
		if line := build(f); ansiWidth(line) <= w {
			return line, true
		}
	}
	if line := build(form{false, true, true, true, narrow, ""}); ansiWidth(line) <= w {
		return line, false
	}
	return build(form{false, true, true, false, narrow, ""}), false
}

// chainLegend is what a chain's boxes hold, for a line of its own when no legend fits
// after them (chainLine): the longest of its forms that fits w, never cut.
func chainLegend(s *lab.Snapshot, w int) string {
	// In the boxes' own shape, where it fits: "each box: in flight now, …" beside
	// "[1: 31, 58]" left its syntax to decoding (newcomer 23).
	forms := []string{"each box: [hop: in flight now]", "each box: in flight now"}
	if d := s.Config.Payment.Deadline.D(); d > 0 {
		p := hopPhrases(d)
		forms = []string{"each box: [hop: " + p[1] + "]", "each box: [hop: " + p[2] + "]", "each box: " + p[2]}
	}
	for _, f := range forms {
		if ansiWidth(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}

// hopPhrases say what a box's two numbers are, longest first, for a chain whose payments
// have a user's deadline d: the one wording chainLine's and chainLegend's forms share.
func hopPhrases(d time.Duration) [4]string {
	past := pastPhrase(d)
	return [4]string{"hop calls in flight now, and " + past + " deadline", "in flight now, " + past,
		"in flight now, so far at work past " + fmtDur(d), "now, so far at work past " + fmtDur(d)}
}

// pastPhrase is what a box's second number counts. "At work past": begun or still running
// after the deadline, both counted ("so far past the user's 2s" read as either, newcomer 34
// #31), in the narrator's words.
func pastPhrase(d time.Duration) string { return "so far at work past the user's " + fmtDur(d) }
