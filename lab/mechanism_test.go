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
	distinctRanks(t, "settings", coreSettings, func(m *mechanism) []part[func(Config, *Snapshot, int) []Item] { return m.settings })
	distinctRanks(t, "health", coreHealth, func(m *mechanism) []part[func(*Snapshot, int) []Item] { return m.health })
	distinctRanks(t, "summary", coreSummary, func(m *mechanism) []part[func(Report) []string] { return m.summary })
	distinctRanks(t, "forecast", forecastSteps, func(m *mechanism) []part[func(Config, *Forecast)] { return m.forecast })
	distinctRanks(t, "words", coreWords(), (*mechanism).wordParts)
	distinctRanks(t, "numbers", coreNumbers, func(m *mechanism) []part[[]Item] { return m.numbers })
	distinctRanks(t, "way", coreWay, func(m *mechanism) []part[func(*Snapshot) []Item] { return m.way })
	seenMech := map[int]string{}
	for _, m := range mechanisms {
		if other, dup := seenMech[m.rank]; dup {
			t.Errorf("mechanisms %s and %s share rank %d", m.name, other, m.rank)
		}
		seenMech[m.rank] = m.name
	}
	seenKind := map[int]string{}
	for _, d := range Disciplines {
		if other, dup := seenKind[disciplines[d].rank]; dup {
			t.Errorf("disciplines %s and %s share rank %d", d, other, disciplines[d].rank)
		}
		seenKind[disciplines[d].rank] = string(d)
	}
	clear(seenKind)
	for _, b := range BulkheadTypes[1:] {
		if other, dup := seenKind[bulkheadKinds[b].rank]; dup {
			t.Errorf("bulkhead kinds %s and %s share rank %d", b, other, bulkheadKinds[b].rank)
		}
		seenKind[bulkheadKinds[b].rank] = string(b)
	}
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

// distinctRanks fails t if two of a surface's parts, the core's and every mechanism's, share a rank.
func distinctRanks[F any](t *testing.T, surface string, core []part[F], mech func(*mechanism) []part[F]) {
	t.Helper()
	seen := map[int]string{}
	note := func(who string, p part[F]) {
		if other, dup := seen[p.rank]; dup {
			t.Errorf("%s: %s and %s both at rank %d", surface, who, other, p.rank)
		}
		seen[p.rank] = who
	}
	for _, p := range core {
		note("the core", p)
	}
	for _, m := range mechanisms {
		for _, p := range mech(m) {
			note(m.name, p)
		}
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
