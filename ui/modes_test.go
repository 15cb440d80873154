// Tests of the mode stack: what each key leaves open, and that the top mode is drawn.

package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// One stack, one precedence: after each key the modes are as the key left them, the top one
// is what the screen draws, and the next key goes to it first.
func TestModeStack(t *testing.T) {
	m := tourModel(t, &fakeStarter{})
	m.presets = []Preset{{"shared-pool", "one pool"}, {"semaphore-bulkhead", "a bulkhead"}}
	esc := tea.KeyPressMsg{Code: tea.KeyEscape}
	steps := []struct {
		key   tea.KeyPressMsg
		stack modes
		shows string // on the screen, which the top mode draws
	}{
		{press1('?'), modes{modeLab, modeHelp}, "poollab help"},
		{press1('b'), modes{modeLab, modeHelp}, "poollab help"}, // the help takes every key
		{esc, modes{modeLab}, "poollab  shared-pool"},
		{press1('p'), modes{modeLab, modePicker}, "enter loads it"},
		{esc, modes{modeLab}, "poollab  shared-pool"},
		{press1('T'), modes{modeLab, modeTour}, "poollab tour   chapter 1 of"},
		{press1('?'), modes{modeLab, modeTour, modeLook}, "what to look at"},
		{press1('?'), modes{modeLab, modeTour, modeHelp}, "poollab help"},
		{esc, modes{modeLab, modeTour}, "poollab tour   chapter 1 of"},
		{press1('1'), modes{modeLab, modeTour}, "you predicted 1)"},
		{press1('p'), modes{modeLab, modeTour, modePicker}, "enter loads it"},
		{press1('n'), modes{modeLab, modeTour, modePicker}, "enter loads it"}, // the picker's, not the tour's
		{esc, modes{modeLab, modeTour}, "you predicted 1)"},
		{press1('?'), modes{modeLab, modeTour, modeLook}, "what to look at"},
		{press1('n'), modes{modeLab, modeTour}, "poollab tour   chapter 2 of"}, // another card, its look closed
		{press1('v'), modes{modeLab, modeTour}, "poollab tour   chapter 2 of"}, // the card takes every key
		{esc, modes{modeLab}, "left the tour"},
		{press1('v'), modes{modeCompare}, "A vs B"},
		{press1('?'), modes{modeCompare, modeHelp}, "poollab help"},
		{esc, modes{modeCompare}, "A vs B"},
		{press1('v'), modes{modeLab}, "compare off"},
	}
	for i, s := range steps {
		m = update(t, m, s.key)
		out := strings.Join(strings.Fields(ansi.Strip(render(m.th, m.screen()))), " ")
		if !slices.Equal(m.modes, s.stack) || !strings.Contains(out, strings.Join(strings.Fields(s.shows), " ")) {
			t.Fatalf("step %d (%s): modes %v, want %v showing %q:\n%s", i+1, s.key, m.modes, s.stack, s.shows, out)
		}
	}
}
