// Benchmarks of the live lab's frame in the states a presenter's walk through the help's keys
// passes through: View runs on the update loop after every message (each tick, key and
// applied setting), so what it costs is how late the next key shows.

package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

// BenchmarkViewWalk is the model's View at 120x40 and 80x24 on real engines (shared-pool),
// after each step of a walk of one key every 2 s (a tmux walk presses one a second): the frame
// drawn while the next key waits. The walk takes ~20 s before the first result.
// Run with: go test -run '^$' -bench ViewWalk -benchtime 20x -benchmem ./ui/
func BenchmarkViewWalk(b *testing.B) {
	o, err := monkeyMode{presets: []string{"shared-pool"}}.options(b.TempDir(), func(err error) { b.Error(err) })
	if err != nil {
		b.Fatal(err)
	}
	ref := &engineRef{}
	if err := ref.replace(o.Start, o.configs(), 0); err != nil {
		b.Fatal(err)
	}
	defer ref.close()
	m := newModel(ref, o)
	m.width, m.height = 120, 40
	// run ticks for d as the live lab does: a snapshot of each engine every tickEvery.
	run := func(d time.Duration) {
		for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(tickEvery) {
			snaps, gen, err := ref.snapshots()
			m = update(b, m, tickMsg{snaps: snaps, gen: gen, err: err})
		}
	}
	for _, step := range []struct{ name, keys string }{
		{"start", ""}, {"timeout", "t"}, {"bulkhead", "b"}, {"breaker", "c"},
		{"dep-down", "d"}, {"dep-errors", "d"}, {"dep-brownout", "d"},
		{"compare", "v"}, {"compare-dep", "tab d"},
	} {
		for _, k := range strings.Fields(step.keys) {
			press, err := keyPress(k)
			if err != nil {
				b.Fatal(err)
			}
			m = update(b, m, press)
		}
		run(2 * time.Second)
		// The same frame as a loaded machine draws it, with its ⚠ too busy warning: the
		// layout weighs the warning in one line and two.
		busy := m
		for i := range busy.sides {
			if sd := &busy.sides[i]; sd.snap != nil {
				late := *sd.snap
				late.Generator.Lag = lab.Percentiles{P99: 4 * lab.LateLag, Max: 4 * lab.LateLag, Count: 10 * lab.EnoughSamples}
				sd.snap = &late
			}
		}
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			for _, v := range []struct {
				name string
				m    *model
			}{{"", &m}, {"-busy", &busy}} {
				next, _ := v.m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				*v.m = next.(model)
				b.Run(fmt.Sprintf("%s%s/%dx%d", step.name, v.name, sz[0], sz[1]), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						v.m.View()
					}
				})
			}
		}
		m = update(b, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	}
}
