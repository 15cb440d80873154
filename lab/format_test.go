// Tests of the number words: every duration says its unit.

package lab

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Every duration says its unit, and nothing that took time reads 0.
func TestDurationsUnambiguous(t *testing.T) {
	for d, want := range map[time.Duration]string{3 * time.Minute: "3 min", 90 * time.Second: "1 min 30s",
		2500 * time.Millisecond: "2.5s", 100 * time.Millisecond: "100ms"} {
		if got := FmtDur(d); got != want {
			t.Errorf("FmtDur(%v) = %q, want %q", d, got, want)
		}
	}
	for d, want := range map[time.Duration]string{500 * time.Nanosecond: "≤1µs", time.Microsecond: "≤1µs",
		45 * time.Microsecond: "45µs", 900 * time.Microsecond: "900µs", 2100 * time.Microsecond: "2.1ms", 3 * time.Second: "3.00s",
		// Rounded, never cut: to the form the rounded value needs.
		327800 * time.Microsecond: "328ms", 999700 * time.Microsecond: "1.00s", 999600 * time.Nanosecond: "1.0ms", 1999 * time.Microsecond: "2.0ms"} {
		if got := FmtLatency(d); got != want {
			t.Errorf("FmtLatency(%v) = %q, want %q", d, got, want)
		}
	}
	if got := FmtElapsed(245 * time.Second); got != "4 min 05s" {
		t.Errorf("FmtElapsed: %q", got)
	}
}

// A latency as shown is what FmtLatency prints, so a difference of two shown side by side
// computes as printed.
func TestShownLatency(t *testing.T) {
	for _, d := range []time.Duration{0, time.Microsecond, 781 * time.Microsecond, 1849 * time.Microsecond, 781400 * time.Microsecond,
		11540 * time.Millisecond, 5937 * time.Millisecond, 2995 * time.Millisecond, 150 * time.Second, 25 * time.Minute} {
		if got, want := FmtLatency(ShownLatency(d)), FmtLatency(d); got != want {
			t.Errorf("%v shown as %s, but ShownLatency %v writes %s", d, want, ShownLatency(d), got)
		}
	}
	if d := ShownLatency(11540*time.Millisecond) - ShownLatency(781400*time.Microsecond); FmtLatency(d) != "10.7s" {
		t.Errorf("11.5s − 781ms = %s, want 10.7s", FmtLatency(d))
	}
}

// One digit finer than FmtLatency, and the value it writes (newcomer33 22's 49.6ms).
func TestFmtLatencyFiner(t *testing.T) {
	for _, tc := range []struct {
		d, shown time.Duration
		want     string
	}{{49600 * time.Microsecond, 49600 * time.Microsecond, "49.6ms"}, {1849 * time.Microsecond, 1850 * time.Microsecond, "1.85ms"},
		{2995 * time.Millisecond, 2995 * time.Millisecond, "2.995s"}, {11540 * time.Millisecond, 11540 * time.Millisecond, "11.54s"},
		{781 * time.Microsecond, 781 * time.Microsecond, "781µs"}} {
		if got, shown := FmtLatencyFiner(tc.d); got != tc.want || shown != tc.shown {
			t.Errorf("%v: %s (%v), want %s (%v)", tc.d, got, shown, tc.want, tc.shown)
		}
	}
}

// A time as FmtSecs shows it: the gap between two shown times computes from what is printed,
// exact halves included (1.25s shows as 1.3s, and the gap from it counts 1.3s).
func TestShownSecs(t *testing.T) {
	for _, d := range []time.Duration{725 * time.Millisecond, 1250 * time.Millisecond, 9349 * time.Millisecond, 12651 * time.Millisecond, 75 * time.Second} {
		if got, want := FmtSecs(ShownSecs(d)), FmtSecs(d); got != want {
			t.Errorf("%v: shown %q, as shown again %q", d, want, got)
		}
	}
	if gap := ShownSecs(12651*time.Millisecond) - ShownSecs(11949*time.Millisecond); gap != 800*time.Millisecond {
		t.Errorf("12.7s − 11.9s = %v", gap)
	}
}

// A calls-per-payment figure is written one way everywhere: to the hundredth, zeros kept.
func TestFmtPerPayment(t *testing.T) {
	for v, want := range map[float64]string{2.9: "2.90", 24.416: "24.42", 1: "1.00"} {
		if got := FmtPerPayment(v); got != want {
			t.Errorf("FmtPerPayment(%v) = %q, want %q", v, got, want)
		}
	}
}

// A share's half rounds up, as a reader rounds by hand: 20 of 32 is 63%, not %.0f's 62%
// (newcomer 21); none is "–".
func TestFmtShare(t *testing.T) {
	for _, c := range []struct {
		share float64
		n     int64
		want  string
	}{{20.0 / 32, 32, "63%"}, {307.0 / 469, 469, "65%"}, {0.5, 2, "50%"}, {0, 0, "–"}, {1, 5, "100%"}} {
		if got := FmtShare(c.share, c.n); got != c.want {
			t.Errorf("FmtShare(%v, %d) = %q, want %q", c.share, c.n, got, c.want)
		}
	}
}

// A part's share says "100%" only where it is all of the whole: 716ms of 717ms is 99%
// (review 29 ui #5: the cap of a share printed 100%).
func TestFmtPart(t *testing.T) {
	for _, c := range []struct {
		part, whole float64
		want        string
	}{{673, 717, "94%"}, {716, 717, "99%"}, {717, 717, "100%"}, {1, 8, "13%"}} {
		if got := FmtPart(c.part / c.whole); got != c.want {
			t.Errorf("FmtPart(%v, %v) = %q, want %q", c.part, c.whole, got, c.want)
		}
	}
}

// A line of times gives each gap as its times read: "r2 12.8s (+3.5s), r3 12.9s (+25ms)" did
// not add up (newcomer 30). Under a second apart, both times and the gap to the millisecond;
// else to the tenth, a gap of the times as shown; past a minute, as FmtSecs writes them.
func TestSpacedTimesAddUp(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	at, gap := SpacedTimes([]time.Duration{ms(9300), ms(12805), ms(12830), ms(14460), ms(61000), ms(61400)})
	wantAt := []string{"9.3s", "12.805s", "12.830s", "14.5s", "1 min 1s", "1 min 1s"}
	wantGap := []string{"", "3.5s", "25ms", "1.7s", "46.5s", "400ms"}
	for i := range at {
		if at[i] != wantAt[i] || gap[i] != wantGap[i] {
			t.Errorf("%d: %q (+%q), want %q (+%q)", i, at[i], gap[i], wantAt[i], wantGap[i])
		}
	}
	// Either side of the comma's 100ms, told apart ("+0.10s" both to the hundredth, review 22).
	if _, gap := SpacedTimes([]time.Duration{ms(5000), ms(5095), ms(5199)}); gap[1] != "95ms" || gap[2] != "104ms" {
		t.Errorf("gaps %q, want 95ms and 104ms", gap)
	}
}

// A busiest second says since when it is the busiest: "(busiest 5–6s: 79)" beside "rejected
// 7–12s: …" read as the busiest of those 5 seconds (newcomer 54 G-minor); seconds that tie
// say so, not the latest alone (newcomer 69 W3: "35–36s, mean 24" of 30 seconds at 24), and
// keep since when in a middle form, shorter than the whole (review of s86a: fleet-bulkhead's
// legend fell to the brief form and lost it).
func TestBusiestSinceSaysSinceWhen(t *testing.T) {
	for _, tc := range []struct {
		from   int
		ends   []int
		figure string
		want   BusiestForms
	}{
		{0, []int{6}, "79", BusiestForms{"busiest since 0s: 5–6s 79", "busiest since 0s: 5–6s 79", "busiest 5–6s: 79"}},
		{0, []int{6}, "mean 79", BusiestForms{"busiest since 0s: 5–6s, mean 79", "busiest since 0s: 5–6s, mean 79", "busiest 5–6s: mean 79"}},
		{40, []int{52}, "32 of 32 arrived", BusiestForms{"busiest since 40s: 51–52s, 32 of 32 arrived", "busiest since 40s: 51–52s, 32 of 32 arrived", "busiest 51–52s: 32 of 32 arrived"}},
		{0, []int{7, 8, 9}, "mean 24", BusiestForms{"busiest since 0s: 6–9s at mean 24", "busiest since 0s: 6–9s at mean 24", "busiest 6–9s at mean 24"}},
		{0, []int{3, 6, 38}, "20", BusiestForms{"busiest since 0s: 2–3s and 2 more at 20", "busiest 20 since 0s: 2–3s +2", "busiest 2–3s +2 at 20"}},
	} {
		if got := BusiestSince(tc.from, tc.ends, tc.figure); got != tc.want {
			t.Errorf("%+v: %q", tc, got)
		}
	}
}

// The busiest seconds are all those that write the top figure, not the latest of them, and
// the figure is the one they write.
func TestTopSecondsKeepsTies(t *testing.T) {
	var secs []Second
	for i, v := range []float64{20, 12, 19.6, 20, 3} {
		sec := Second{T: i + 1}
		sec.Held[Payment] = v
		secs = append(secs, sec)
	}
	held := func(sec *Second) float64 { return sec.Held[Payment] }
	whole := func(v float64) string { return strconv.Itoa(int(math.Round(v))) }
	if top, figure, ends := TopSeconds(secs, held, whole); top != 20 || figure != "20" || !slices.Equal(ends, []int{1, 3, 4}) {
		t.Errorf("top %v (%q) at %v, want 20 at 1, 3 and 4", top, figure, ends)
	}
	if top, figure, ends := TopSeconds(nil, held, whole); top != 0 || figure != "" || ends != nil {
		t.Errorf("none: %v (%q) at %v", top, figure, ends)
	}
}

// A second past the rate says what it is the most of, and what its figures count: "busiest
// 5–6s: 32 of 32 arrived" left both to guess (newcomer 59 G-minor 15), every form "most"
// (newcomer 71 G-minor 1); seconds that tie say so, by BusiestSince's rule.
func TestBurstSinceSaysRejected(t *testing.T) {
	sec := func(end int, arrived int64) Second {
		s := Second{T: end}
		s.Arrived[Payment] = arrived
		return s
	}
	for _, tc := range []struct {
		ties []Second
		want BusiestForms
	}{
		{[]Second{sec(6, 32)}, BusiestForms{"most rejected since 0s: 5–6s, 32 of 32 arrived", "most since 0s: 5–6s, 32 of 32 arrived", "most since 0s: 5–6s, 32 of 32 arrived"}},
		{[]Second{sec(2, 32), sec(3, 35)}, BusiestForms{"most rejected since 0s: 1–3s, 32 of 32 to 35 arrived in each", "most since 0s: 1–3s, 32 of 32 to 35 arrived in each", "most since 0s: 1–3s, 32 of 32 to 35 arrived in each"}},
		{[]Second{sec(2, 33), sec(5, 33), sec(9, 33)}, BusiestForms{"most rejected since 0s: 1–2s and 2 more, 32 of 33 arrived in each", "most since 0s: 1–2s and 2 more, 32 of 33 arrived in each", "most since 0s: 1–2s +2, 32 of 33 arrived in each"}},
	} {
		if got := BurstSince(0, tc.ties, Payment, 32); got != tc.want {
			t.Errorf("%+v:\n%q\nwant\n%q", tc.ties, got, tc.want)
		}
	}
}

// A count names its class by one rule wherever it is counted (the arrival's wait ahead, a
// check's payments ahead): the label as written for one, its plural for any other count,
// 0 too ("0 payments ahead"), and the checks of health said so in the singular too.
func TestCountedOneRule(t *testing.T) {
	got := []string{counted("payment", 0), counted("payment", 1), counted("payment", 16),
		counted("health", 1), counted("health", 2), counted("orders", 1)}
	if want := []string{"payments", "payment", "payments", "health check", "health checks", "orders"}; !slices.Equal(got, want) {
		t.Errorf("counted: %q, want %q", got, want)
	}
	if forms := (CheckAhead{Ahead: 1, label: "payment"}).Words(func(Class) string { return "P" }); !strings.Contains(forms[0].Text, "has 1 payment ahead") {
		t.Errorf("one payment ahead: %q", forms[0].Text)
	}
}

// Under one worker, two significant figures: the fleet's "26.7/s × 2ms = 0.1 workers" did
// not compute (0.053).
func TestFmtWorkers(t *testing.T) {
	for v, want := range map[float64]string{30: "30", 12.46: "12.5", 150.4: "150", 0.75: "0.75", 0.5: "0.5", 0.053: "0.053", 0.0534: "0.053", 0.12: "0.12", 0.0053: "0.0053", 0.0999: "0.1", 0: "0"} {
		if got := FmtWorkers(v); got != want {
			t.Errorf("FmtWorkers(%v) = %q, want %q", v, got, want)
		}
	}
}

// A count chart's top says where it comes from in the set rate's words: its peak, with
// room for random arrivals' bursts over it (newcomer 59 G-minor 1), and how much, 4√λ, in
// every form (newcomer 62 G-charts: "room for bursts" said none); and, in every form, their
// sum and the top it rounds up to: "rounded up" beside █ 24/s left to what, 10 + 4√10 being
// 22.6 (newcomer 64).
func TestReachWordsNameTheSetRate(t *testing.T) {
	var tc TrafficConfig
	tc.Payment.Rate = 10
	got := tc.ReachWords(Payment, 24, false)
	// The class named, whose top it is where the chart draws others too, and the top as the
	// key's 8 blocks of 3: "256.6 → 320" alone read as arbitrary (newcomer 65 G-minor charts).
	if len(got) == 0 || got[0] != "payment 10/s set + 4√10 for bursts = 22.6 → 24 = 8 × 3" {
		t.Errorf("%q", got)
	}
	// Every form keeps the top, 24: "22.6 → 8 × 3" read as a non sequitur (newcomer 68); the
	// label goes before the blocks only on a chart of the class alone, whose legend names it.
	alone := tc.ReachWords(Payment, 24, true)
	for _, forms := range [][]string{got, alone} {
		for i, f := range forms {
			if !strings.Contains(f, "10/s") || !strings.Contains(f, "+ 4√10") || !strings.HasSuffix(f, " = 22.6 → 24 = 8 × 3") && !strings.HasSuffix(f, " = 22.6 → 24") || i > 0 && len(f) >= len(forms[i-1]) {
				t.Errorf("form %d %q: want 10/s + 4√10 = 22.6 → 24, shorter than the one before", i, f)
			}
		}
	}
	if want := "payment 10/s + 4√10 = 22.6 → 24"; !slices.Contains(got, want) || slices.Contains(alone, want) {
		t.Errorf("%q, alone %q: want %q only where the chart draws others too", got, alone, want)
	}
	if want := "10/s + 4√10 = 22.6 → 24 = 8 × 3"; slices.Contains(got, want) || !slices.Contains(alone, want) {
		t.Errorf("%q, alone %q: want %q only where the chart draws payments alone", got, alone, want)
	}
	// A sum that prints as the top is not said twice; a busiest second past the reach is
	// said as the sum is.
	for _, tc := range []struct {
		v, top float64
		want   string
	}{{22.649, 24, "22.6 → 24 = 8 × 3"}, {23.96, 24, "24"}, {256.57, 320, "256.6 → 320 = 8 × 40"}, {8, 8, "8"}} {
		if got := roundedUp(tc.v, tc.top, true); got != tc.want {
			t.Errorf("roundedUp(%v, %v) = %q, want %q", tc.v, tc.top, got, tc.want)
		}
	}
	if got := BusiestTop(27, 32); got != "the busiest second, 27 → 32 = 8 × 4" {
		t.Errorf("BusiestTop: %q", got)
	}
	// The room is SecondReach's: λ + 4√λ.
	if r := tc.SecondReach(Payment); math.Abs(r-(10+4*math.Sqrt(10))) > 1e-9 {
		t.Errorf("SecondReach %v", r)
	}
}
