package lab

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// newcomer 48 G-minor-3: "? too few: p99 needs 368 ended" left where 368 comes from unsaid,
// and "counting every count compared" was hard to parse: the count is a floor (≥), the help
// names the rule behind it, and ≈'s bar is said in plain words ("all rows together" for
// Holm's correction read as a riddle, newcomer 56 #16: the 1 in 20 is the whole table's).
func TestCompareKeysPlain(t *testing.T) {
	if want := TooFewMark + " too few to judge"; TooFewMeans != want {
		t.Errorf("? key %q, want %q", TooFewMeans, want)
	}
	// What Holm's correction does, not its name alone (newcomer 62 G16); the help names it.
	// "for the table as a whole" read as a riddle (newcomer 66): what chance does to the rows.
	if want := ApproxKey + " (chance alone moves some row this far over 1 in 20)"; approxTest() != want {
		t.Errorf("≈ key %q, want %q", approxTest(), want)
	}
	if help := fmt.Sprint(ScreenWords()); !strings.Contains(help, "Holm's correction") {
		t.Errorf("the help does not name Holm's correction")
	}
	help := fmt.Sprint(ScreenWords())
	if !strings.Contains(help, "binomial order statistic") || !strings.Contains(help, fmt.Sprintf("a p99's B − A needs ≥%d ended in the faster run (97.5%% odds their slowest ≥ true p99: 1 − 0.99³⁶⁸)", P99Needs())) {
		t.Errorf("the help does not say why %d: %q", P99Needs(), TooFewKey(true))
	}
}

// review 39 m3: one pair of words for a verdict, "could be chance" and "beyond chance", not
// "within noise" beside "could be chance" on one rule line.
func TestCompareOnePairOfWords(t *testing.T) {
	said := []string{SoonerKey, SoonerBrief, SoonerShort, TooFewKey(true), TooFewWhy(), fmt.Sprint(ScreenWords())}
	for _, p50Row := range []bool{false, true} {
		for _, p50Few := range []bool{false, true} {
			said = append(said, tooFewForms(p50Stands{judged: p50Row, few: p50Few, noise: !p50Row})...)
		}
	}
	label := TrafficConfig{}.Label
	said = append(said, Lesson(nil, UsersVerdict{}, label)...)
	said = append(said, Lesson([]ComparisonRow{{Class: Payment, Counter: "ok", A: 10, B: 12}, {Class: Payment, Counter: "p99", A: 5, B: 3, Unjudged: true}}, UsersVerdict{}, label)...)
	for _, s := range said {
		if strings.Contains(s, "within noise") || strings.Contains(s, "beyond noise") {
			t.Errorf("a verdict in other words than %q / %q: %q", ApproxKey, "beyond chance", s)
		}
	}
}

// The written comparison's first line says its latencies were timed with both runs on the
// machine at once, as the live compare's title does: the same counts as each run alone,
// other p99s (newcomer 59 #16: "latencies vary by run" left why to guess).
func TestComparisonSaysTimedWithBothRunning(t *testing.T) {
	var a, b Snapshot
	a.Config.Traffic.Payment.Rate = 5
	b.Config = a.Config
	a.Classes[Payment] = ClassStats{Arrived: 10, OK: 10, Latency: Percentiles{Count: 10, P99: time.Millisecond}}
	b.Classes[Payment] = a.Classes[Payment]
	for _, format := range []string{FormatTable, FormatMarkdown} {
		var out strings.Builder
		if err := NewComparison(a, b).Write(&out, format); err != nil {
			t.Fatal(err)
		}
		if first, _, _ := strings.Cut(out.String(), "\n"); !strings.HasSuffix(first, "each, "+TimingVaries) || !strings.Contains(TimingVaries, "with both running") {
			t.Errorf("%s: first line %q, want it to end %q", format, first, "each, "+TimingVaries)
		}
	}
}
