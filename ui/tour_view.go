// The tour's screens: a chapter's card, its "what to look at", the banner over the lab while
// it runs and at its moment, and a comparison on a screen too small for both labs.

package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"poollab/lab"
)

// tourLines is the tour's screen: the chapter's card while predicting, else a banner over
// the lab (A and B for a comparison), with the answer highlighted and the lesson stated from
// the moment on.
func tourLines(t *theme, s screen) []string {
	if s.tour.phase == tourPredict {
		return cardLines(t, s)
	}
	banner := bannerLines(t, s)
	sub := s
	sub.height -= len(banner)
	if s.tour.phase == tourAnswer && len(s.panes) == len(s.tour.ch.presets) {
		sub.marks = s.tour.ch.marks
	}
	if len(s.panes) == 1 {
		return append(banner, mainLines(t, sub)...)
	}
	lines, _ := compareLayout(t, sub)
	if lines == nil {
		lines = tourCompareLines(t, sub)
	}
	return append(banner, lines...)
}

// bannerLines are the tour's lines over the lab: the chapter, the prediction, and while
// watching the moment it waits for; at the moment whether the prediction was right, the
// lesson, and where the answering numbers are.
func bannerLines(t *theme, s screen) []string {
	tv, w, ch := s.tour, s.width, s.tour.ch
	out := []string{t.title.Render(fmt.Sprintf("tour %d/%d", tv.k+1, tv.n)) + "  " + t.bold.Render(ch.title) + t.dim.Render("  "+ch.source)}
	said := t.dim.Render("you predicted ") + choiceText(ch, tv.guess)
	switch {
	case tv.phase == tourWatch:
		now := "starting"
		if snap := s.panes[0].snap; snap != nil && !s.restarting {
			now = "now " + fmtElapsed(snap.Elapsed)
		}
		out = append(out, wrapText(said+t.dim.Render(" · watching until "+fmtElapsed(ch.moment)+" ("+now+")"), w, 0)...)
	case tv.offScript:
		out = append(out, wrapText(said+t.dim.Render(" · ")+t.alert.Render("the settings or the labs changed:")+
			" the lesson is for the chapter's own, the narrator speaks for yours; r replays the chapter as it was", w, 0)...)
	default:
		verdict := t.better.Render("✓ right: ") + choiceText(ch, tv.guess)
		if tv.guess != ch.right {
			verdict = t.worse.Render("✗ you predicted "+choiceText(ch, tv.guess)) + "; the answer is " + choiceText(ch, ch.right)
		}
		var snaps []*lab.Snapshot
		for _, p := range s.panes {
			snaps = append(snaps, p.snapshotOrEmpty())
		}
		at := newTourAt(ch, snaps)
		var where []string
		for _, p := range ch.marks {
			where = append(where, p.where(len(ch.presets) == 2, at.rows))
		}
		out = append(out, wrapText(verdict, w, 0)...)
		for _, l := range wrapText(ch.lesson(at), w, 0) {
			out = append(out, t.narrator.Render(l))
		}
		if s.height >= compactBelow { // short screens: the arrow in the cells says it
			out = append(out, t.dim.Render(pointGlyph+" "+strings.Join(where, " · ")+": highlighted below"))
		}
	}
	if s.height < compactBelow {
		return out
	}
	return append(out, t.dim.Render(strings.Repeat("─", w)))
}

// choiceText is choice n of a chapter with its number: "3) they are turned away: …".
func choiceText(ch *chapter, n int) string {
	if n < 1 || n > len(ch.choices) {
		return "–"
	}
	return strconv.Itoa(n) + ") " + ch.choices[n-1]
}

// cardLines is a chapter's card, a screen of its own like the help: its title and source,
// the question, the choices numbered, and the keys.
func cardLines(t *theme, s screen) []string {
	tv, w, ch := s.tour, s.width, s.tour.ch
	out := cardHead(t, s, "")
	out = append(out, indented(wrapText(ch.question(tv.cfgs), w-4, 0), "  ")...)
	out = append(out, "")
	for i, c := range ch.choices {
		for j, l := range wrapText(c, w-7, 0) {
			lead := "     "
			if j == 0 {
				lead = "  " + t.key.Render(strconv.Itoa(i+1)) + "  "
			}
			out = append(out, lead+l)
		}
	}
	out = append(out, "")
	for _, l := range wrapText(fmt.Sprintf("Predict, then watch: %s runs from zero, and the tour stops at %s on the number that answers.",
		presetsText(ch), fmtElapsed(ch.moment)), w-4, 0) {
		out = append(out, "  "+t.dim.Render(l))
	}
	tk := keys.inTour(true)
	choose := tk.Choose
	var nums []string
	for i := range ch.choices {
		nums = append(nums, strconv.Itoa(i+1))
	}
	choose.SetHelp(strings.Join(nums, " "), "predict")
	return cardFoot(t, s, out, choose.Binding, tk.Next.Binding, tk.Prev.Binding, tk.Look.Binding, tk.Leave.Binding, keys.Quit.Binding)
}

// lookLines is the chapter's "what to look at", a screen of its own.
func lookLines(t *theme, s screen) []string {
	w := s.width
	out := cardHead(t, s, " · what to look at")
	out = append(out, indented(wrapText(s.tour.ch.look, w-4, 0), "  ")...)
	out = append(out, "")
	for _, l := range wrapText("While a chapter runs, every key of the lab works on its lab: the settings, v, tab, x. "+
		"The narrator (») says what the settings in force do.", w-4, 0) {
		out = append(out, "  "+t.dim.Render(l))
	}
	tk := keys.inTour(true)
	help, back := tk.Look, keys.Close
	help.SetHelp("?", "full help")
	back.SetHelp("esc", "back")
	return cardFoot(t, s, out, help.Binding, back.Binding, tk.Next.Binding, tk.Prev.Binding, keys.Quit.Binding)
}

// cardHead is the top of the card and the look screen: the tour, the chapter, its source
// and what it runs.
func cardHead(t *theme, s screen, what string) []string {
	tv, w := s.tour, s.width
	out := []string{t.title.Render("poollab tour") + t.dim.Render(fmt.Sprintf("   chapter %d of %d%s", tv.k+1, tv.n, what)), "",
		"  " + t.bold.Render(tv.ch.title)}
	for _, l := range wrapText(tv.ch.source+" · runs "+presetsText(tv.ch), w-4, 0) {
		out = append(out, "  "+t.dim.Render(l))
	}
	return append(out, "")
}

// cardFoot ends a card: its lines, blank to the bottom, the status line (when there is one)
// and the keys.
func cardFoot(t *theme, s screen, lines []string, bs ...key.Binding) []string {
	var bottom []string
	if s.status != "" {
		bottom = append(bottom, statusLine(t, s))
	}
	bottom = append(bottom, t.footer.ShortHelpView(bs))
	room := max(s.height-len(bottom), 0)
	lines = lines[:min(len(lines), room)]
	for len(lines) < room {
		lines = append(lines, "")
	}
	return append(lines, bottom...)
}

func indented(lines []string, by string) []string {
	for i := range lines {
		lines[i] = by + lines[i]
	}
	return lines
}

// tourCompareLines is a comparison on a screen too small for both labs: what the chapter
// needs of each, its header and narrator (and its class table when a number in it answers),
// then the A vs B summary, the status line and the keys. Short of room, the summary keeps
// only the classes the chapter points at (none, when it points into the tables); then the
// narrators go, each whole or not at all. Room to spare shows each lab's workers, then its
// class table.
func tourCompareLines(t *theme, s screen) []string {
	w, h := s.width, s.height
	status := []string{statusLine(t, s)}
	footer := footerLines(t, s.keyMap(), w, 1)
	// more: 1 adds each lab's workers, 2 its class table too.
	labs := func(prose [2]bool, more int) []string {
		var out []string
		for i := range s.panes {
			c := newLabCtx(t, s, i, w, w) // stacked: the other as wide
			out = append(out, c.draw(headerPanel, levelTerse)...)
			if prose[i] {
				out = append(out, c.draw(narratorPanel, levelTerse)...)
			}
			if more > 0 {
				out = append(out, c.draw(poolPanel, levelTotals)...)
			}
			if more > 1 || len(s.paneMarks(i)) > 0 {
				out = append(out, c.draw(tablePanel, levelTotals)...)
			}
		}
		return out
	}
	var focused []string
	if slices.ContainsFunc(s.tour.ch.marks, func(p pointer) bool { return p.row != "" }) {
		focused = summaryOf(t, s, w, func(c lab.Class) bool { return pointsAt(s.tour.ch.marks, c) }, false)
	}
	room := func(summary []string) int { return h - len(status) - len(footer) - len(summary) }
	var body, summary []string
	for _, try := range []struct {
		prose   [2]bool
		summary []string
	}{
		{[2]bool{true, true}, summaryLines(t, s, w, false)}, {[2]bool{true, true}, focused},
		{[2]bool{false, true}, focused}, {[2]bool{true, false}, focused}, {[2]bool{false, false}, focused},
	} {
		body, summary = labs(try.prose, 0), try.summary
		if len(body) > room(summary) {
			continue
		}
		for more := 2; more > 0; more-- {
			if b := labs(try.prose, more); len(b) <= room(summary) {
				body = b
				break
			}
		}
		break
	}
	r := max(room(summary), 0)
	body = body[:min(len(body), r)]
	for len(body) < r {
		body = append(body, "")
	}
	return append(append(append(body, summary...), keysHint(t, s, status, footer)...), footer...)
}

// pointsAt says a summary row of class c is pointed at.
func pointsAt(marks []pointer, c lab.Class) bool {
	return slices.ContainsFunc(marks, func(p pointer) bool { return p.row != "" && p.class == c })
}
