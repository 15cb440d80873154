package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
	"poollab/presets"
)

// No settings line of a lab alone ends in the "…" that says settings gave way, at 80x24 and
// 120x40, on every preset as loaded, after the keys t, b, < (queue), c, d and ] pressed in
// turn, and after shared-pool's t t b: "traffic payment 5/s, signup 5/s · …" hid the pool,
// the queue and the bulkhead the hops' lesson rests on, fleet-domino's the arrivals, and
// shared-pool after t t b "bulkhead semaphore 5/5 permits in use" (newcomers 84 and 85).
// From the fixtures (presetMoment), at their moment and a second earlier, not from runs.
func TestNoSettingHidden(t *testing.T) {
	th := newTheme(true, true)
	keys := []struct {
		name string
		act  func(lab.Config) (lab.Config, string)
	}{{"t", lab.CycleTimeout}, {"b", lab.CycleBulkhead}, {"<", lab.QueueUp}, {"c", lab.ToggleBreaker},
		{"d", lab.CycleMode}, {"]", lab.BulkheadUp}}
	for _, info := range presets.List() {
		cfg, err := presets.Load(info.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		states := map[string]lab.Config{"as loaded": cfg}
		pressed, now := "", cfg
		for _, k := range keys {
			now, _ = k.act(now)
			pressed += k.name
			states["after "+pressed] = now
		}
		if info.Name == "shared-pool" {
			ttb, _ := lab.CycleTimeout(cfg)
			ttb, _ = lab.CycleTimeout(ttb)
			ttb, _ = lab.CycleBulkhead(ttb)
			states["after ttb"] = ttb
		}
		for state, c := range states {
			for _, back := range []time.Duration{0, time.Second} {
				snap := presetMoment(c)
				snap.Elapsed -= back
				for _, sz := range [][2]int{{80, 24}, {120, 40}} {
					s := testScreen(snap, sz[0], sz[1])
					s.recorded, s.status = true, ""
					_, pl, _, _, _ := mainPlan(th, s)
					rows := pl.parts[panelAt(labPanels, settingsPanel)]
					if len(rows) == 0 || cutLine(rows) {
						t.Errorf("%s %s at %dx%d, %v before the fixture's moment: a setting hidden:\n%s",
							info.Name, state, sz[0], sz[1], back, ansi.Strip(strings.Join(rows, "\n")))
					}
				}
			}
		}
	}
}
