package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// fmtCount writes a counter in at most 6 cells: 12345, 523k, 1.25M.
func fmtCount(n int64) string {
	switch a := max(n, -n); {
	case a < 100_000:
		return strconv.FormatInt(n, 10)
	case a < 1_000_000:
		return fmt.Sprintf("%dk", n/1000)
	case a < 10_000_000:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case a < 1_000_000_000:
		return fmt.Sprintf("%dM", n/1_000_000)
	default:
		return fmt.Sprintf("%.1fG", float64(n)/1e9)
	}
}

// fmtShare writes a share of n things as a whole percentage, as the table's ok% does:
// "38%", "–" of none.
func fmtShare(share float64, n int64) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*share)
}

// fmtFloatRate writes a configured rate: 10/s, 2.5/s.
func fmtFloatRate(r float64) string {
	return strconv.FormatFloat(r, 'f', -1, 64) + "/s"
}

// fmtPerSec writes a forecast rate with one decimal: 8.4/s, 2/s.
func fmtPerSec(r float64) string {
	return trimZero(fmt.Sprintf("%.1f", r)) + "/s"
}

// fmtWholePerSec writes a rate from the knee's model in whole requests a second: 195/s. The
// model is not good to a tenth, as fmtPerSec's "~45.3/s" would claim.
func fmtWholePerSec(r float64) string { return fmt.Sprintf("%.0f/s", r) }

// fmtLatency writes a measured duration in at most 6 cells with fixed decimals, so a
// column of them lines up: ≤1µs, 45µs, 2.1ms, 250ms, 3.00s, 30.5s, 120s, 15min. The
// histograms count in whole microseconds, recording anything shorter as 1 µs: so ≤1µs,
// never a 0.0ms for work that took time.
func fmtLatency(d time.Duration) string {
	switch {
	case d <= 0:
		return "0"
	case d <= time.Microsecond:
		return "≤1µs"
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1fms", float64(d)/1e6)
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < 10*time.Second:
		return fmt.Sprintf("%.2fs", d.Seconds())
	case d < 100*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < 1000*time.Second:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	default:
		return fmt.Sprintf("%dmin", int(d.Minutes()))
	}
}

// fmtDur writes a setting as people write it, never "m" alone (minutes or milliseconds?):
// 500ms, 1s, 2.5s, 3 min, 1 min 30s.
func fmtDur(d time.Duration) string {
	switch {
	case d <= 0:
		return "0s"
	case d < time.Millisecond:
		return trimZero(fmt.Sprintf("%.2f", float64(d)/1e6)) + "ms"
	case d < time.Second:
		return trimZero(fmt.Sprintf("%.1f", float64(d)/1e6)) + "ms"
	case d < time.Minute:
		return trimZero(fmt.Sprintf("%.2f", d.Seconds())) + "s"
	case d%time.Minute == 0:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	default:
		return fmt.Sprintf("%d min %ss", int(d.Minutes()), trimZero(fmt.Sprintf("%.1f", (d%time.Minute).Seconds())))
	}
}

// fmtSecs writes a duration in seconds with one decimal, for sentences: "3.0s".
func fmtSecs(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmtDur(d.Round(time.Millisecond))
	case d >= time.Minute:
		return fmtDur(d.Round(time.Second))
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}

func trimZero(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// fmtElapsed writes run time: 12.3s, 4 min 05s, 1 h 02 min.
func fmtElapsed(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Hour:
		return fmt.Sprintf("%d min %02ds", int(d.Minutes()), int(d.Seconds())%60)
	default:
		return fmt.Sprintf("%d h %02d min", int(d.Hours()), int(d.Minutes())%60)
	}
}

// fmtWorkers writes a worker count from Little's law: 30, 0.5, 12.5.
func fmtWorkers(v float64) string {
	switch {
	case v >= 100 || v == float64(int64(v)):
		return strconv.FormatInt(int64(v+0.5), 10)
	case v >= 0.05:
		return trimZero(fmt.Sprintf("%.1f", v))
	default:
		return trimZero(fmt.Sprintf("%.2f", v))
	}
}

// longestFit is the first of forms, longest first, that fits w cells; the last one cut to w
// when none does.
func longestFit(w int, forms ...string) string {
	for _, f := range forms {
		if ansiWidth(f) <= w {
			return f
		}
	}
	return clip(forms[len(forms)-1], w)
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
// (the last one cut with an ellipsis if more was needed); none in no width.
func wrapText(s string, w, maxLines int) []string {
	if w <= 0 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(s, w, ""), "\n")
	if maxLines > 0 && len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] += " …"
	}
	for i := range lines { // ansi.Wrap can leave a line a cell over (a space before a long word)
		lines[i] = clip(lines[i], w)
	}
	return lines
}

func ansiWidth(s string) int { return ansi.StringWidth(s) }
