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
// with its requests in flight now and those at work after their user was answered, then a
// line of lab's items on it (the calls per payment, retries, budget denials, duplicates);
// only the chain (with its legend's line before it, where boxes go bare) at the tight levels. peer is
// a compare's other half, at peerW (nil alone): the two chains draw in one form.
func hopsLines(t *theme, s *lab.Snapshot, w, level int, peer *lab.Snapshot, peerW int) []string {
	var out []string
	if len(s.Hops) > 0 {
		line, key := chainLine(t, s, w, peer, peerW)
		// The key first, at every level, read before the numbers it names (newcomer 51 #2:
		// under them, "[1: 30, 81] → [2: 81, 240]" read as 81 flowing down).
		if key != "" {
			out = append(out, t.dim.Render(key))
		}
		out = append(out, line)
	}
	// from: the items' notes from the one at from, longest first, each the longest that fits.
	way := func(from int) []string {
		var lines []string
		for _, it := range lab.WayItems(s) {
			value := it.Value
			if it.Strong {
				value = t.bold.Render(value)
			}
			item := t.dim.Render(it.Label+" ") + value
			notes := it.Notes()
			lines = append(lines, item+t.dim.Render(longestFit(w-ansiWidth(item), notes[min(from, len(notes)-1):]...)))
		}
		return wrapItems(lines, t.dim.Render(" · "), w)
	}
	stats := way(0)
	if level >= levelTight && len(out) > 0 {
		return out
	}
	if level > levelFull && len(stats) > 1 {
		// One line: the notes in fewer words first (stacked-timeouts at 15s lost "at hop 3"
		// to its calls at hop 1's full note).
		stats = way(1)[:1]
	}
	return append(out, stats...)
}

// chainArrow goes between a chain's boxes; chainNarrow, where the boxes need the room.
const chainArrow, chainNarrow = " ─▶ ", " → "

// inFlight is the table's word for calls accepted and not finished, lab's, in the boxes and
// their legends; inFlightNow says it is a gauge, beside counts since the start.
var (
	inFlight    = lab.FateInFlight.Word()
	inFlightNow = inFlight + " " + lab.NowTag
)

// chainForm is one way to draw a chain's boxes.
type chainForm struct {
	words       bool   // every box says what its numbers are: no legend
	short, bare bool   // short: "1" for "hop 1"; bare: nothing but the boxes
	lab         bool   // bare but for "edge" before them: who calls hop 1
	arrow       string // between the boxes
	legend      string // after the boxes: what their numbers are
	// tagged: every box names its numbers, lab.NowTag and lab.AfterTag, but the first where
	// key is set: it says them in those words, the key to the rest.
	tagged bool
	key    [2]string
}

// chainLine is the hops as boxes in a row, each with its hop calls in flight now (a gauge)
// and, standing out, those at work after their user was answered so far (a running total:
// work for users who have left), in lab's one phrase for them (lab.AfterAnswerForms):
// edge ─▶ [hop 1: 24 in flight now, 100 so far at work after the user was answered] ─▶ … .
// Alone, narrower, the first box keeps those words, the key, and the rest name their
// numbers in a word each ([hop 1: 24 in flight now, 100 so far after user answered] ─▶
// [hop 2: 58 now, 398 after] ─▶ …): bare numbers under a legend read as one flowing from a
// hop to the next (newcomer 65: "[1: 30, 81] → [2: 81, 240]"); then every box in a word
// each, the key on a line before them (chainLegend).
// In a compare's halves, narrower, the boxes keep their numbers and a legend after them names the two, once, with
// their sum, the narrator's ([hop 1: 12, 88] ─▶ … (each: in flight now, so far at work
// after the user was answered; 1169 in all)); then the sum goes, then the chain's ends
// ("edge", "slow 3s"), then the arrows narrow, then the phrase shortens; then "hop" goes from
// the boxes to the legend ([1: 12, 88] → … (hop: in flight now, after user answered)), then
// "now", then "user" (never "hop: now, …", which said nothing of the first number, review 27 #3).
// The second number shows always, 0 too, and a compare's two halves draw in the form the
// narrower fits (peer at peerW, the other half): A's "hop: now" beside B's "hop: in flight
// now" read as two legends (review 27 #3).
// When none fits, key is what the boxes hold, for hopsLines to say on a line before them;
// "" where the line says it.
func chainLine(t *theme, s *lab.Snapshot, w int, peer *lab.Snapshot, peerW int) (line, key string) {
	paired := peer != nil && len(peer.Hops) > 0
	at := fitsAt(t, s, w, 0, paired)
	if paired {
		// The first form that fits both halves: the forms are not narrower one by one (the
		// ends go before the arrows narrow), so the other half's choice may not fit this one
		// (review 29 ui #9).
		for p := fitsAt(t, peer, peerW, at, paired); p != at; p = fitsAt(t, peer, peerW, at, paired) {
			at = fitsAt(t, s, w, p, paired)
		}
	}
	forms := chainForms(s, paired)
	if at < len(forms) {
		return drawChain(t, s, forms[at]), ""
	}
	// The key on a line of its own: the boxes with their ends where they fit, else bare;
	// alone, with their words for their numbers where those fit.
	bare := []chainForm{{short: true, bare: true, lab: true, arrow: chainNarrow}, {short: true, bare: true, arrow: chainNarrow}}
	if !paired {
		bare = append([]chainForm{{tagged: true, arrow: chainNarrow}, {tagged: true, bare: true, lab: true, arrow: chainNarrow},
			{tagged: true, short: true, bare: true, lab: true, arrow: chainNarrow}, {tagged: true, short: true, bare: true, arrow: chainNarrow}}, bare...)
	}
	f := bare[len(bare)-1]
	for _, b := range bare {
		if ansiWidth(drawChain(t, s, b)) <= w {
			f = b
			break
		}
	}
	return drawChain(t, s, f), chainLegend(w, f.tagged)
}

// fitsAt is the first of s's chainForms from the one at from that fits w; their count where
// none does.
func fitsAt(t *theme, s *lab.Snapshot, w, from int, paired bool) int {
	forms := chainForms(s, paired)
	for i := from; i < len(forms); i++ {
		if ansiWidth(drawChain(t, s, forms[i])) <= w {
			return i
		}
	}
	return len(forms)
}

// chainForms are chainLine's forms with a legend, longest first: as many for every run, so
// that two halves agree on an index. The briefest, "after answer" and "so far after
// answer", only for a compare's halves (paired), which have no line to spare: alone, at 80 columns, it left the boxes'
// second number a riddle (newcomer 37 #22), and the legend's own line under bare boxes
// says it whole. Alone, the forms name each box's numbers in it, the first box in words
// that key the rest.
func chainForms(s *lab.Snapshot, paired bool) []chainForm {
	forms := []chainForm{{words: true, arrow: chainArrow}}
	p := lab.AfterAnswerForms()
	if !paired {
		// Every key keeps "so far": at 80 columns "(hop: in flight, after user answered)"
		// read 658 as a count now beside 74 in flight (newcomer 39 G10); and "user
		// answered": "so far after answer" was too compressed to decode (newcomer 44 g9).
		for _, key := range [][2]string{{inFlightNow, p[0]}, {inFlightNow, p[2]}, {lab.NowTag, p[2]}} {
			forms = append(forms, chainForm{tagged: true, key: key, arrow: chainArrow}, chainForm{tagged: true, key: key, arrow: chainNarrow},
				chainForm{tagged: true, key: key, bare: true, lab: true, arrow: chainNarrow}, chainForm{tagged: true, key: key, bare: true, arrow: chainNarrow})
		}
		return forms
	}
	// What the boxes hold, longest first; with the hops' names gone ("[1: 12, 88]"), the
	// legend names the first number too.
	sum := "; " + fmtCount(s.AfterAnswer()) + " in all"
	each, hop := "each: "+inFlightNow+", ", "hop: "+inFlightNow+", "
	legends := []string{each + p[0] + sum, each + p[0], each + p[1]}
	// "In flight" goes bare before "so far" does, a gauge beside it.
	hopBare := "hop: " + inFlight + ", "
	short := []string{hop + p[0], hop + p[2], hopBare + p[2], hop + p[4], hop + p[1], hop + p[3], hopBare + p[3], hopBare + p[5]}
	for _, legend := range legends {
		legend = " (" + legend + ")"
		forms = append(forms, chainForm{arrow: chainArrow, legend: legend}, chainForm{bare: true, arrow: chainArrow, legend: legend},
			chainForm{bare: true, arrow: chainNarrow, legend: legend})
	}
	for _, legend := range short {
		legend = " (" + legend + ")"
		forms = append(forms, chainForm{short: true, bare: true, arrow: chainArrow, legend: legend}, chainForm{short: true, bare: true, arrow: chainNarrow, legend: legend})
	}
	return forms
}

// drawChain draws s's boxes in form f.
func drawChain(t *theme, s *lab.Snapshot, f chainForm) string {
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
		// What the box's two numbers are, where it says so.
		var now, after string
		switch {
		case f.words:
			now, after = inFlightNow, lab.AfterAnswerForms()[0]
		case f.tagged && i == 0 && f.key[0] != "":
			now, after = f.key[0], f.key[1]
		case f.tagged:
			now, after = lab.NowTag, lab.AfterTag
		}
		box := t.bold.Render(name+":") + " " + fmtCount(h.InFlight)
		if now != "" {
			box += t.dim.Render(" " + now)
		}
		n := fmtCount(h.AfterAnswer)
		if after != "" {
			n += " " + after
		}
		style := t.dim
		if h.AfterAnswer > 0 { // work for nobody stands out; none is no news
			style = t.alert
		}
		box += t.dim.Render(", ") + style.Render(n)
		parts = append(parts, t.dim.Render("[")+box+t.dim.Render("]"))
	}
	return strings.Join(parts, t.dim.Render(f.arrow)) + t.dim.Render(f.legend)
}

// chainLegend is what a chain's boxes hold, for a line of its own when no legend fits
// after them (chainLine): the longest of its forms that fits w, never cut. tagged: the
// boxes' words for their numbers (lab.NowTag, lab.AfterTag).
func chainLegend(w int, tagged bool) string {
	p := lab.AfterAnswerForms()
	// Each with "so far", as the boxes' own legends (newcomer 39 G10).
	// In the boxes' own shape, where it fits: "each box: in flight now, …" beside
	// "[1: 31, 58]" left its syntax to decoding (newcomer 23).
	key := "[hop: " + lab.NowTag + " = " + inFlight + ", " + lab.AfterTag + " = "
	forms := []string{key + p[0] + "]", key + p[2] + "]"}
	if !tagged {
		box := "each box: [hop: " + inFlightNow + ", "
		forms = []string{box + p[0] + "]", box + p[2] + "]", "each box: " + inFlightNow + ", " + p[2]}
	}
	for _, f := range forms {
		if ansiWidth(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}
