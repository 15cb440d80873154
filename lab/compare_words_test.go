package lab

import (
	"fmt"
	"strings"
	"testing"
)

// newcomer 48 G-minor-3: "? too few: p99 needs 368 ended" left where 368 comes from unsaid,
// and "counting every count compared" was hard to parse: the count is a floor (≥), the help
// names the rule behind it, and ≈'s bar is said in plain words ("all rows together" for
// Holm's correction read as a riddle, newcomer 56 #16: the 1 in 20 is the whole table's).
func TestCompareKeysPlain(t *testing.T) {
	if want := fmt.Sprintf("%s too few: p99 needs ≥%d ended", TooFewMark, P99Needs()); TooFewMeans != want {
		t.Errorf("? key %q, want %q", TooFewMeans, want)
	}
	if want := ApproxKey + ": over 1 in 20 for the whole table"; approxTest() != want {
		t.Errorf("≈ key %q, want %q", approxTest(), want)
	}
	help := fmt.Sprint(ScreenWords())
	if !strings.Contains(help, "binomial order statistic") || !strings.Contains(help, fmt.Sprintf("so n ≥ %d", P99Needs())) {
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
