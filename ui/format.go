// Text to cells: the lab's number words by their short names here, and fitting, cutting,
// padding and wrapping text to a width (ANSI-aware).

package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// The lab's number words (lab/format.go), by the short names the screen's code uses.
var (
	fmtCount       = lab.FmtCount
	fmtShare       = lab.FmtShare
	fmtFloatRate   = lab.FmtFloatRate
	fmtPerSec      = lab.FmtPerSec
	fmtWholePerSec = lab.FmtWholePerSec
	fmtLatency     = lab.FmtLatency
	fmtDur         = lab.FmtDur
	fmtSecs        = lab.FmtSecs
	fmtElapsed     = lab.FmtElapsed
	fmtWorkers     = lab.FmtWorkers
	latency        = lab.FmtMeasured
	fmtTimes       = lab.FmtTimes
)

// longestFit is the first of forms, longest first, that fits w cells; the last one cut to w
// when none does.
func longestFit(w int, forms ...string) string {
	return clip(forms[fitAt(w, forms)], w)
}

// fitAt is the index of the first of forms that fits w cells, or of the last where none does.
func fitAt(w int, forms []string) int {
	for i, f := range forms {
		if ansiWidth(f) <= w {
			return i
		}
	}
	return len(forms) - 1
}

// firstFit is the first of forms that fits w cells; false when none does.
func firstFit(w int, forms ...string) (string, bool) {
	if len(forms) == 0 {
		return "", false
	}
	f := forms[fitAt(w, forms)]
	return f, ansiWidth(f) <= w
}

// clip cuts s (ANSI-aware) to at most w cells, ending in … where it cut; nothing when w ≤ 0.
func clip(s string, w int) string { return ansi.Truncate(s, max(w, 0), "…") }

// fit makes s exactly w cells wide: cut (ANSI-aware) or padded with spaces.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = clip(s, w)
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// fitMiddle cuts plain s to at most w cells by taking out its middle: its start and its
// end both stay (under 3 cells, only its start).
func fitMiddle(s string, w int) string {
	sw := ansi.StringWidth(s)
	switch {
	case sw <= w:
		return s
	case w < 3:
		return clip(s, w)
	}
	head := ansi.Truncate(s, (w-1)/2, "")
	tail := ansi.TruncateLeft(s, sw-(w-1-ansi.StringWidth(head)), "")
	// A cluster the two cuts measure apart (a spacing mark) can leave a cell too many.
	if over := ansi.StringWidth(head) + 1 + ansi.StringWidth(tail) - w; over > 0 {
		tail = ansi.TruncateLeft(tail, over, "")
	}
	return clip(head+"…"+tail, w)
}

// padLeft right-aligns plain s in w cells.
func padLeft(s string, w int) string {
	if n := w - ansi.StringWidth(s); n > 0 {
		return strings.Repeat(" ", n) + s
	}
	return s
}

// frame makes lines exactly w wide and exactly h many.
func frame(lines []string, w, h int) string {
	var b strings.Builder
	for i := 0; i < h; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(lines) {
			b.WriteString(fit(lines[i], w))
		} else {
			b.WriteString(strings.Repeat(" ", w))
		}
	}
	return b.String()
}

// wrapItems packs items into lines of at most w cells, separated by sep; an item longer
// than a line has a line of its own, cut to it.
func wrapItems(items []string, sep string, w int) []string {
	var lines []string
	var cur string
	sepW := ansi.StringWidth(sep)
	curW := 0
	for _, it := range items {
		iw := ansi.StringWidth(it)
		if iw > w {
			it = clip(it, w)
			iw = ansi.StringWidth(it)
		}
		switch {
		case curW == 0:
			cur, curW = it, iw
		case curW+sepW+iw <= w:
			cur += sep + it
			curW += sepW + iw
		default:
			lines = append(lines, cur)
			cur, curW = it, iw
		}
	}
	if curW > 0 {
		lines = append(lines, cur)
	}
	return lines
}

// wrapText word-wraps plain or styled text to w cells and returns at most maxLines lines
// (the last one cut with an ellipsis if more was needed); none in no width. No hyphen is a
// break point: ansi.Wrap breaks after any, and "-" at a line's end, "30" at the next's
// start, read as two figures (newcomer 30), "preset codel-" / "queue)" as two words
// (newcomer 36 #17).
func wrapText(s string, w, maxLines int) []string {
	if w <= 0 {
		return nil
	}
	s = markGlue.Replace(" " + strings.ReplaceAll(s, "-", keptHyphen))[1:]
	lines := strings.Split(strings.NewReplacer(keptHyphen, "-", keptSpace, " ").Replace(ansi.Wrap(s, w, "")), "\n")
	if maxLines > 0 && len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] += " …"
	}
	for i := range lines { // ansi.Wrap can leave a line a cell over (a space before a long word)
		lines[i] = clip(lines[i], w)
	}
	return lines
}

// keptHyphen stands in for every hyphen while the text is wrapped: one cell wide, and no
// break point of ansi.Wrap's. A word longer than the line is still cut, at the width.
const keptHyphen = "\u2011" // non-breaking hyphen

// keptSpace stands in for the space after a mark of the compare's rule while the text is
// wrapped, so "· ?" never ends a line with its "too few" on the next (at 80x24, hops:
// "beyond chance · ?"): one cell wide, no break point, and unlike a no-break space
// (the narrator's own, kept as they are) found in no text.
const keptSpace = "\u2423" // open box

// The verdict's "arrived − ok" is one term too: "(arrived −" ended a line at 80x24; and
// the rule's "p50 row hidden" one phrase.
var markGlue = strings.NewReplacer(" "+lab.ApproxMark+" ", " "+lab.ApproxMark+keptSpace,
	" "+lab.TooFewMark+" ", " "+lab.TooFewMark+keptSpace, " "+lab.MethodMark+" ", " "+lab.MethodMark+keptSpace,
	lab.NotOKWord, strings.ReplaceAll(lab.NotOKWord, " ", keptSpace),
	lab.P50Hidden, strings.ReplaceAll(lab.P50Hidden, " ", keptSpace))

func ansiWidth(s string) int { return ansi.StringWidth(s) }
