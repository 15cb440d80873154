package ui

import (
	"fmt"
	"regexp"
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
			// The last second's figures, "last second 5–6s: P payment 20", or beside its
			// busiest seconds "5–6s: P 20 (busiest since 0s: 1–6s at 20)".
			if strings.Contains(out, "0–80┤") && !regexp.MustCompile(`(last second )?5–6s: P (payment )?20`).MatchString(out) {
				t.Errorf("the charts drawn without their legend:\n%s", out)
			}
		})
	}
}
