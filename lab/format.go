// How the lab writes numbers for people, on the screen and in sentences: counts, shares,
// rates, durations, latencies, run time and worker counts, each in the fewest cells that
// stay unambiguous.

package lab

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// FmtCount writes a counter in at most 6 cells: 12345, 523k, 1.25M.
func FmtCount(n int64) string {
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

// FmtShare writes a share of n things as a whole percentage, as the table's ok% does:
// "38%", "–" of none. Halves round up, as a reader does by hand: %.0f rounds them to even,
// and 20 of 32 read "62%" (newcomer 21).
func FmtShare(share float64, n int64) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", math.Round(100*share))
}

// FmtPart writes a part's share of its whole as FmtShare does, but "100%" only where it is
// all of it (share 1): 99.6% of a p50 said "100%" read as the whole of it.
func FmtPart(share float64) string {
	if s := FmtShare(share, 1); share >= 1 || s != "100%" {
		return s
	}
	return "99%"
}

// FmtFloatRate writes a configured rate: 10/s, 2.5/s.
func FmtFloatRate(r float64) string {
	return strconv.FormatFloat(r, 'f', -1, 64) + "/s"
}

// FmtPerSec writes a forecast rate with one decimal: 8.4/s, 2/s.
func FmtPerSec(r float64) string {
	return trimZero(fmt.Sprintf("%.1f", r)) + "/s"
}

// shownPerSec is r as FmtPerSec prints it, for a product of printed factors: read back from
// what it prints, so the two cannot round apart.
func shownPerSec(r float64) float64 {
	v, _ := strconv.ParseFloat(perSecFigure(r), 64)
	return v
}

// perSecShows says r prints as more than none: FmtPerSec's "0/s" is none ("the queue drains
// 0/s", s53 #2).
func perSecShows(r float64) bool { return shownPerSec(r) > 0 }

// perSecFigure is FmtPerSec's figure without its unit, for a sum that says it once: "1 − 194.8/500".
func perSecFigure(r float64) string { return strings.TrimSuffix(FmtPerSec(r), "/s") }

// FmtWholePerSec writes a rate from the knee's model in whole requests a second: 195/s. The
// model is not good to a tenth, as FmtPerSec's "~45.3/s" would claim.
func FmtWholePerSec(r float64) string { return fmt.Sprintf("%.0f/s", r) }

// FmtLatency writes a measured duration in at most 6 cells with fixed decimals, so a
// column of them lines up: ≤1µs, 45µs, 2.1ms, 250ms, 3.00s, 30.5s, 120s, 15min, each
// rounded to its last digit (327.8ms is 328ms, 999.7ms is 1.00s). The histograms count in
// whole microseconds, recording anything shorter as 1 µs: so ≤1µs, never a 0.0ms for work
// that took time.
func FmtLatency(d time.Duration) string {
	if d <= 0 {
		return "0"
	}
	if d <= time.Microsecond {
		return "≤1µs"
	}
	r, step := shown(d)
	return step.write(r)
}

// ShownLatency is d as FmtLatency writes it, so that a difference of two latencies shown
// side by side computes from what is printed: 11.5s − 781ms is 10.7s, not the 10.8s of the
// unrounded values.
func ShownLatency(d time.Duration) time.Duration {
	if d <= time.Microsecond {
		return d
	}
	r, _ := shown(d)
	return r
}

// FmtLatencyFiner writes d with one digit more than FmtLatency, and what it writes: 49.6ms
// where FmtLatency writes 49ms, for a product that must compute from what is printed. In
// microseconds or minutes, as FmtLatency.
func FmtLatencyFiner(d time.Duration) (string, time.Duration) {
	_, st := shown(d)
	if st.unit <= time.Microsecond || st.unit >= time.Minute {
		return FmtLatency(d), ShownLatency(d)
	}
	scale, unit := time.Millisecond, "ms"
	if st.below > time.Second {
		scale, unit = time.Second, "s"
	}
	finer := st.unit / 10
	r := d.Round(finer)
	digits := int(math.Round(math.Log10(float64(scale / finer))))
	return strconv.FormatFloat(float64(r)/float64(scale), 'f', digits, 64) + unit, r
}

// A latencyForm is one of FmtLatency's forms: for what rounds to less than below, rounded
// to unit.
type latencyForm struct {
	below, unit time.Duration
	write       func(r time.Duration) string
}

var latencyForms = []latencyForm{
	{time.Millisecond, time.Microsecond, func(r time.Duration) string { return fmt.Sprintf("%dµs", r.Microseconds()) }},
	{10 * time.Millisecond, 100 * time.Microsecond, func(r time.Duration) string { return fmt.Sprintf("%.1fms", float64(r)/1e6) }},
	{time.Second, time.Millisecond, func(r time.Duration) string { return fmt.Sprintf("%dms", r.Milliseconds()) }},
	{10 * time.Second, 10 * time.Millisecond, func(r time.Duration) string { return fmt.Sprintf("%.2fs", r.Seconds()) }},
	{100 * time.Second, 100 * time.Millisecond, func(r time.Duration) string { return fmt.Sprintf("%.1fs", r.Seconds()) }},
	{1000 * time.Second, time.Second, func(r time.Duration) string { return fmt.Sprintf("%ds", int(r.Seconds())) }},
	{math.MaxInt64, time.Minute, func(r time.Duration) string { return fmt.Sprintf("%dmin", int(r.Minutes())) }},
}

// shown is d rounded as its form writes it, and the form: the first whose range holds d
// after rounding, so 999.7ms becomes 1.00s, not 1000ms.
func shown(d time.Duration) (time.Duration, latencyForm) {
	for _, st := range latencyForms {
		if r := d.Round(st.unit); r < st.below {
			return r, st
		}
	}
	last := latencyForms[len(latencyForms)-1]
	return d.Round(last.unit), last
}

// FmtDur writes a setting as people write it, never "m" alone (minutes or milliseconds?):
// 500ms, 1s, 2.5s, 3 min, 1 min 30s.
func FmtDur(d time.Duration) string {
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

// FmtSecs writes a duration in seconds with one decimal, for sentences: "3.0s".
func FmtSecs(d time.Duration) string {
	r := ShownSecs(d)
	if d < time.Second || d >= time.Minute {
		return FmtDur(r)
	}
	return fmt.Sprintf("%.1fs", r.Seconds())
}

// ShownSecs is d as FmtSecs writes it: to the millisecond under a second, to the tenth
// under a minute, to the second beyond; so a gap between two times on screen computes from
// what is printed.
func ShownSecs(d time.Duration) time.Duration {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Minute:
		return d.Round(time.Second)
	}
	return d.Round(100 * time.Millisecond)
}

// SpacedTimes writes times in order (each since the start) and the gap before each but the
// first, as a line of them gives them: to the tenth, the gap between the times as shown; where
// two under a minute are under a second apart, both to the millisecond and their gap so,
// which reads off them ("r2 12.8s, r3 12.9s (+25ms)" did not, newcomer 30), and tells 20ms
// from 110ms ("+0.1s" both, review 19) and 95ms from 104ms beside the comma's 100ms ("+0.10s"
// both, to the hundredth, review 22); past a minute, such a gap to the millisecond.
func SpacedTimes(ts []time.Duration) (at, gap []string) {
	near := func(i int) bool { return i > 0 && i < len(ts) && ts[i]-ts[i-1] < time.Second }
	fine := func(i int) bool { return near(i) && ts[i] < time.Minute }
	at, gap = make([]string, len(ts)), make([]string, len(ts))
	for i, t := range ts {
		at[i] = FmtSecs(t)
		if fine(i) || fine(i+1) {
			at[i] = fmtMillis(t)
		}
		switch {
		case fine(i):
			gap[i] = FmtDur(t.Round(time.Millisecond) - ts[i-1].Round(time.Millisecond))
		case near(i):
			gap[i] = FmtDur((t - ts[i-1]).Round(time.Millisecond))
		case i > 0:
			gap[i] = FmtElapsed(ShownSecs(t) - ShownSecs(ts[i-1]))
		}
	}
	return at, gap
}

// InstantTimes writes times in order (each since the start) for a line that gives no gaps
// between them, the domino's story: to the tenth, and to the millisecond only where two
// neighbours under a minute would show the same tenth, as one instant. There "r3 38.464s →
// r1 38.613s" beside "21.0s" asked what the milliseconds were for (newcomer 67).
func InstantTimes(ts []time.Duration) []string {
	same := func(i int) bool {
		return i > 0 && i < len(ts) && ts[i] < time.Minute && ShownSecs(ts[i]) == ShownSecs(ts[i-1])
	}
	at := make([]string, len(ts))
	for i, t := range ts {
		at[i] = FmtSecs(t)
		if same(i) || same(i+1) {
			at[i] = fmtMillis(t)
		}
	}
	return at
}

// fmtMillis writes a time since the start to the millisecond: "12.838s".
func fmtMillis(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Round(time.Millisecond).Seconds())
}

func trimZero(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// FmtElapsed writes run time: 12.3s, 4 min 05s, 1 h 02 min.
func FmtElapsed(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Hour:
		return fmt.Sprintf("%d min %02ds", int(d.Minutes()), int(d.Seconds())%60)
	default:
		return fmt.Sprintf("%d h %02d min", int(d.Hours()), int(d.Minutes())%60)
	}
}

// elapsedAsShown is d in seconds as FmtElapsed writes it, for a share worked out beside it
// from the figures shown: "5.5s in all, of 8.0s: 68%" did not compute (5.45s, newcomer 35 #5).
func elapsedAsShown(d time.Duration) float64 {
	if d < time.Minute {
		return math.Round(d.Seconds()*10) / 10
	}
	return math.Floor(d.Seconds())
}

// FmtWorkers writes a worker count from Little's law: 30, 12.5, 0.75, 0.053. Under 1 it keeps
// two significant figures: "26.7/s × 2ms = 0.1 workers" did not compute (0.053).
func FmtWorkers(v float64) string {
	switch {
	case v >= 100 || v == float64(int64(v)):
		return strconv.FormatInt(int64(v+0.5), 10)
	case v >= 1 || v < 0:
		return trimZero(fmt.Sprintf("%.1f", v))
	}
	return trimZero(fmt.Sprintf("%.*f", 1-int(math.Floor(math.Log10(v))), v))
}

// SinceStart is the span from the run's start to now, one phrase wherever the screen says
// it: "since the start" beside "since 0s" named one span two ways, and "since 0s" pairs with
// the spans beside it ("in 3–8s") in fewer columns.
const SinceStart = "since 0s"

// FmtSpan writes the whole seconds of the run from from to to: "7–12s".
func FmtSpan(from, to int) string { return fmt.Sprintf("%d–%ds", from, to) }

// BusiestSince names a chart's busiest seconds, those ending at ends (TopSeconds), of those it
// draws from from on, with their figure, in three forms, longest first: whole, "busiest
// since 0s: 5–6s 79", a figure with words after a comma, "busiest since 0s: 5–6s, mean 79";
// brief, where room is short, "busiest 5–6s: 79". "(busiest 5–6s: 79)" beside "rejected
// 7–12s: …" read as the busiest of those 5 seconds (newcomer 54 G-minor). Seconds that tie
// say so: a run of them whole, "6–36s at mean 24", else the first and how many more, "2–3s
// and 2 more at 20" (briefly "2–3s +2 at 20"); the latest alone, "35–36s, mean 24"
// beside a strip full from 6s, read as the one busiest (newcomer 69 W3, and two readers
// before). Between whole and brief, ties that keep since when in fewer columns, the figure
// first, "busiest 20 since 0s: 2–3s +2": brief lost it in fleet-bulkhead's legend at 120
// columns, which has room for no more (review of s86a); where nothing ties, the whole form.
func BusiestSince(from int, ends []int, figure string) BusiestForms {
	since := fmt.Sprintf("busiest since %ds: ", from)
	whole, short, kind := tieSpans(ends)
	switch kind {
	case oneSecond:
		sep := " "
		if strings.Contains(figure, " ") { // "mean 79", "32 of 32 arrived"
			sep = ", "
		}
		all := since + whole + sep + figure
		return BusiestForms{all, all, "busiest " + whole + ": " + figure}
	}
	all := since + whole + " at " + figure
	mid := all
	if kind == apart { // fewer words that keep since when
		mid = fmt.Sprintf("busiest %s since %ds: %s", figure, from, short)
	}
	return BusiestForms{all, mid, "busiest " + short + " at " + figure}
}

// tieKind is how the seconds that tie lie: one, one run, or apart.
type tieKind int

const (
	oneSecond tieKind = iota
	oneRun
	apart
)

// tieSpans writes the seconds ending at ends (in order) that tie, as BusiestSince and
// BurstSince both say them: one, "5–6s"; a run whole, "6–36s"; else the first and how many
// more, "2–3s and 2 more", briefly "2–3s +2".
func tieSpans(ends []int) (whole, short string, kind tieKind) {
	first, last, n := ends[0], ends[len(ends)-1], len(ends)
	switch span := FmtSpan(first-1, first); {
	case n == 1:
		return span, span, oneSecond
	case last-first == n-1:
		run := FmtSpan(first-1, last)
		return run, run, oneRun
	default:
		more := FmtCount(int64(n - 1))
		return span + " and " + more + " more", span + " +" + more, apart
	}
}

// BurstLineItem is the rejected chart's line form of class c's most rejected seconds (ties,
// each rejected), after its letter: the first, said so where others tie, with its own
// arrivals and the rate set then, "0–1s (first of 3): 91 of 216 arrived (set 200/s)". "Most
// rejected", the strips' words: "busiest", the latest of a tie, was a second word for one
// thing (s89).
func BurstLineItem(ties []Second, c Class, rejected int64, t TrafficConfig) string {
	sec, first := ties[0], ""
	if len(ties) > 1 {
		first = fmt.Sprintf(" (first of %d)", len(ties))
	}
	return fmt.Sprintf("%s%s: %s of %s arrived (set %s)", FmtSpan(sec.T-1, sec.T), first,
		FmtCount(rejected), FmtCount(sec.Arrived[c]), FmtPerSec(t.RateAt(c, time.Duration(sec.T-1)*time.Second)))
}

// BusiestForms are BusiestSince's words, longest first: Mid is Whole where it has no
// shorter form that keeps since when (BurstSince's, too).
type BusiestForms struct{ Whole, Mid, Brief string }

// TopSeconds is the largest value of secs, written (write), and the ends (Second.T) of every
// second whose value write writes as it writes that one, in order: the seconds a chart's
// legend calls its busiest, at one written figure (a strip may still draw 19.6 a level under
// 20; "", nil: secs is empty).
func TopSeconds(secs []Second, value func(*Second) float64, write func(float64) string) (top float64, figure string, ends []int) {
	if len(secs) == 0 {
		return 0, "", nil
	}
	top = Top(secs, value)
	figure = write(top)
	for k := range secs {
		if write(value(&secs[k])) == figure {
			ends = append(ends, secs[k].T)
		}
	}
	return top, figure, ends
}

// Top is the largest value of secs (0: secs is empty).
func Top(secs []Second, value func(*Second) float64) (top float64) {
	if len(secs) == 0 {
		return 0
	}
	top = value(&secs[0])
	for k := range secs[1:] {
		top = math.Max(top, value(&secs[k+1]))
	}
	return top
}

// BurstSince names a chart's seconds that turned away more of class c than its rate (the
// Snapshot's Burst: than its highest set rate), ties, each rejected, of those it draws from from on, with their own
// arrivals, in BusiestSince's forms, each saying it is the most: whole, "most rejected
// since 0s: 5–6s, 32 of 32 arrived"; mid, "most since 0s: 5–6s, 32 of 32 arrived"; brief,
// ties in fewer words, "most since 0s: 4–5s +2, 32 of 32 to 38 arrived in each". "busiest 5–6s: 32 of 32 arrived" left busiest in what,
// and 32 of what, to guess (newcomer 59 G-minor 15); "(2–3s: rejected 22 of 22 arrived)"
// beside "rejected 3–8s", why that second (newcomer 71 G-minor 1). Seconds that tie say so
// by BusiestSince's rule, a run whole, else the first and how many more, with the count each
// turned away of what arrived in each (one figure, else the fewest to the most), the brief
// form those alone.
func BurstSince(from int, ties []Second, c Class, rejected int64) BusiestForms {
	n := len(ties)
	fewest, most := ties[0].Arrived[c], ties[0].Arrived[c]
	for _, sec := range ties[1:] {
		fewest, most = min(fewest, sec.Arrived[c]), max(most, sec.Arrived[c])
	}
	arrived := FmtCount(fewest)
	if most > fewest {
		arrived += " to " + FmtCount(most)
	}
	// Each second's own arrivals, said so: "32 each of 32 to 38 arrived" read as 32 each of
	// one pool of 32 to 38, whether all were turned away left to guess (newcomer 77 G2).
	of := FmtCount(rejected) + " of " + arrived + " arrived"
	if n > 1 {
		of += " in each"
	}
	ends := make([]int, n)
	for i, sec := range ties {
		ends[i] = sec.T
	}
	whole, short, _ := tieSpans(ends)
	// Every form keeps since when: "most in 2–3s" beside "rejected 3–8s" named a second outside
	// the window with nothing to say why (review of s89, newcomer 71 G-minor 1).
	since := fmt.Sprintf("since %ds: ", from)
	// And its arrivals, which say why: "32" beside a set 24/s left "32 of what" (newcomer
	// 59 G-minor 15; review of s89). A legend without room for them drops its lead's word
	// (the chart's title says it) first.
	return BusiestForms{"most rejected " + since + whole + ", " + of, "most " + since + whole + ", " + of, "most " + since + short + ", " + of}
}

// FmtTimes writes a multiple (of calls, from a forecast): 3×, 1.13×, 27×.
func FmtTimes(v float64) string { return FmtWorkers(v) + "×" }

// FmtPerPayment writes a measured calls-per-payment figure, always to the hundredth, so the
// same figure reads the same wherever it shows (item, narrator, report, compare): 2.92 beside
// 2.9 read as two figures (newcomer 12). "24.42".
func FmtPerPayment(v float64) string { return fmtHundredths(perPaymentHundredths(v)) }

// perPaymentHundredths is a per-payment ratio as written, in hundredths: the one rounding
// the narrator and the compare table share (newcomer 34: "measured 20.80" in the text beside
// "20.81×" in the table, the table's rounded twice, to thousandths and then hundredths).
func perPaymentHundredths(v float64) int64 { return int64(math.Round(v * 100)) }

// fmtHundredths writes h hundredths with two decimals: 2081 as "20.81".
func fmtHundredths(h int64) string { return fmt.Sprintf("%.2f", float64(h)/100) }

// FmtMeasured writes a measured latency, or "–" when nothing was measured (count 0).
func FmtMeasured(d time.Duration, count int64) string {
	if count == 0 {
		return "–"
	}
	return FmtLatency(d)
}

// onOff writes a switch's state.
func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// units is n of unit, n as the screen writes a count: "1 permit", "5 permits", "7188 orders".
func units[N int | int64](n N, unit string) string {
	if n != 1 {
		unit += "s"
	}
	return FmtCount(int64(n)) + " " + unit
}

// possessive is whose, of a count or of names: "5 permits'", "1 worker's", "r1 and r4's"
// (a name's s is not a plural's: "r1, r4' last" read wrong).
func possessive(whose string) string {
	if strings.HasSuffix(whose, "s") {
		return whose + "'"
	}
	return whose + "'s"
}

// Plural is a class's label for several of them: "payments", "orders", "health checks",
// "classes". A label is free text, one of them ("order") or several ("orders", "news"): one
// ending in an s is taken as several, but "ss" ends no plural ("class"), so it takes "es",
// as the other hissing ends do. "-us" ends a singular ("bus") as often as a plural
// ("menus"): left as written, for a plural made of a plural ("menuses", review 31 #13) reads
// worse than a singular counted. The words name a class in the plural only, so no singular
// is guessed from a label ("the rejected clas's own", review 30 lab #9).
func Plural(label string) string {
	if label == Health.String() { // the class is checks of health: "8 healths" says nothing
		return "health checks"
	}
	for _, end := range []string{"ss", "sh", "ch", "x", "z"} {
		if strings.HasSuffix(label, end) {
			return label + "es"
		}
	}
	if strings.HasSuffix(label, "s") {
		return label
	}
	return label + "s"
}

// counted is label for n of its class: as written for one, no singular guessed ("health
// check" for the checks of health), its plural (Plural) for any other count.
func counted(label string, n int) string {
	switch {
	case n != 1:
		return Plural(label)
	case label == Health.String():
		return "health check"
	}
	return label
}

// JoinAnd names classes in a list, each in the plural of its label: "signups", "signups
// and health checks"; "" for none.
func JoinAnd(cs []Class, label func(Class) string) string {
	words := make([]string, len(cs))
	for i, c := range cs {
		words[i] = Plural(label(c))
	}
	return strings.Join(words, " and ")
}
