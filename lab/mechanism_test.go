// Tests of the mechanism registry (each surface's order is its ranks', never the files'),
// and the package's goroutine check.

package lab

import (
	"testing"

	"go.uber.org/goleak"
)

// Every test in the package ends with no goroutine left behind: a mechanism starts none of
// its own, only what the engine lends it.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// No two parts of a surface, and no two reasons or phases, share a rank: the order would
// then be the registration's, which is the files' names.
func TestRanksAreDistinct(t *testing.T) {
	distinct := func(surface string, core []int, mech func(*mechanism) int) {
		seen := map[int]string{}
		for _, r := range core {
			seen[r] = "the core"
		}
		for _, m := range mechanisms {
			r := mech(m)
			if r == 0 {
				continue
			}
			if other, dup := seen[r]; dup {
				t.Errorf("%s: %s and %s both at rank %d", surface, m.name, other, r)
			}
			seen[r] = m.name
		}
	}
	ranks := func(n int, rank func(int) int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = rank(i)
		}
		return out
	}
	distinct("settings", ranks(len(coreSettings), func(i int) int { return coreSettings[i].rank }), func(m *mechanism) int { return m.settings.rank })
	distinct("health", ranks(len(coreHealth), func(i int) int { return coreHealth[i].rank }), func(m *mechanism) int { return m.health.rank })
	distinct("summary", ranks(len(coreSummary), func(i int) int { return coreSummary[i].rank }), func(m *mechanism) int { return m.summary.rank })
	distinct("forecast", ranks(len(forecastSteps), func(i int) int { return forecastSteps[i].rank }), func(m *mechanism) int { return m.forecast.rank })
	words := coreWords()
	distinct("words", ranks(len(words), func(i int) int { return words[i].rank }), func(m *mechanism) int { return m.words.rank })
	seen := map[int]Reason{}
	for _, r := range Reasons {
		if other, dup := seen[r.def().rank]; dup {
			t.Errorf("reasons %s and %s share rank %d", r, other, r.def().rank)
		}
		seen[r.def().rank] = r
	}
	seenPhase := map[int]Phase{}
	for _, ph := range Phases {
		if other, dup := seenPhase[ph.def().rank]; dup {
			t.Errorf("phases %s and %s share rank %d", ph, other, ph.def().rank)
		}
		seenPhase[ph.def().rank] = ph
	}
}

// runtimeOf is iso's state of the mechanism whose runtime is an R.
func runtimeOf[R runtime](t *testing.T, iso *Isolation) R {
	t.Helper()
	for _, rt := range iso.states {
		if r, ok := rt.(R); ok {
			return r
		}
	}
	var none R
	t.Fatalf("no %T in the lab", none)
	return none
}
