package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A fleet's charts, three strips each, at the least height they draw in had no room for
// their legend, the last second's figures every other preset's charts carry (newcomer 59
// G-minor, fleet-domino at 120x40): the idle hint gives its row to it, as the keys under it
// say "? help" still. At every height that draws the charts, their legend too.
func TestFleetChartsLegendTakesTheHintsRow(t *testing.T) {
	for h := 30; h <= 40; h++ {
		t.Run(fmt.Sprintf("120x%d", h), func(t *testing.T) {
			s := testScreen(drainFirst(fleetSnapshot(4, 2)), 120, h)
			s.status = ""
			out := ansi.Strip(render(newTheme(true, true), s))
			checkFrame(t, out, 120, h)
			if strings.Contains(out, "0–80┤") && !strings.Contains(out, "last second") {
				t.Errorf("the charts drawn without their legend:\n%s", out)
			}
		})
	}
}
