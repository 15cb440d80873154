// The preset picker (p): its keys, loading the preset chosen (in a command), and its screen.

package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"poollab/lab"
)

// presetMsg says a preset chosen in the picker loaded, or why not.
type presetMsg struct {
	name string
	cfg  lab.Config
	err  error
}

// openPicker is p: the presets, the cursor on the focused side's.
func (m model) openPicker() (model, tea.Cmd) {
	if len(m.presets) == 0 {
		m.fail("no presets to choose from")
		return m, nil
	}
	m.modes = m.modes.push(modePicker)
	for i, p := range m.presets {
		if p.Name == m.sides[m.focus].base.Name {
			m.pickerCursor = i
		}
	}
	return m, nil
}

// pickerKey: ↑ ↓ move, enter loads the preset in an awaited command (presetLoaded), esc or p
// closes.
func (m model) pickerKey(msg tea.KeyPressMsg) (model, tea.Cmd) {
	switch {
	case key.Matches(msg, keys.Close.Binding, keys.Presets.Binding):
		m.modes = m.modes.close(modePicker)
	case key.Matches(msg, keys.Up.Binding):
		m.pickerCursor = (m.pickerCursor + len(m.presets) - 1) % len(m.presets)
	case key.Matches(msg, keys.Down.Binding):
		m.pickerCursor = (m.pickerCursor + 1) % len(m.presets)
	case key.Matches(msg, keys.Enter.Binding):
		name, load := m.presets[m.pickerCursor].Name, m.loadPreset
		return m, m.await(func() tea.Msg {
			cfg, err := load(name)
			return presetMsg{name: name, cfg: cfg, err: err}
		})
	}
	return m, nil
}

// presetLoaded closes the picker and restarts the focused side on the preset; one that does
// not load leaves the picker open and says why.
func (m model) presetLoaded(msg presetMsg) (model, tea.Cmd) {
	if msg.err != nil {
		m.fail(fmt.Sprintf("preset %s: %v", msg.name, msg.err))
		return m.arrived()
	}
	m.modes = m.modes.close(modePicker)
	m.sides[m.focus] = side{cfg: msg.cfg, base: msg.cfg}
	var restart tea.Cmd
	if m.comparing() {
		m, restart = m.restart("loading preset "+msg.name+" on "+sideLetter(m.focus)+"…",
			"preset "+msg.name+" loaded on "+sideLetter(m.focus)+": A and B restarted together")
	} else {
		m, restart = m.restart("loading preset "+msg.name+"…", "preset "+msg.name+" loaded: a new run started")
	}
	return m.arrived(restart)
}

// pickerLines: the presets with their descriptions; the cursor's one is marked.
func pickerLines(t *theme, s screen) []string {
	loads := "enter loads it and restarts the run"
	if len(s.panes) == 2 {
		loads = "enter loads it on " + sideLetter(s.focus) + ", restarts both A and B" // under 80 columns with the rest
	}
	out := []string{t.title.Render("presets") + t.dim.Render("   ↑ ↓ choose · "+loads+" · esc closes"), ""}
	if len(s.presets) == 0 {
		return append(out, "no presets")
	}
	nameW := 0
	for _, p := range s.presets {
		nameW = max(nameW, len([]rune(p.Name)))
	}
	descW := max(s.width-nameW-6, 20)
	room := s.height - 3
	var body []string
	starts := make([]int, len(s.presets)+1) // first line of each preset, and the end
	for i, p := range s.presets {
		starts[i] = len(body)
		mark, name, lines := "  ", padRight(p.Name, nameW), 3
		if i == s.pickerCursor {
			// The chosen one whole: cut at three lines, 80x24 hid what most presets show
			// ("p95 …", "a few are turned …").
			mark, name, lines = "▶ ", t.paused.Render(name), room
		}
		for j, l := range wrapText(p.Description, descW, lines) {
			if j == 0 {
				body = append(body, mark+name+"  "+l)
			} else {
				body = append(body, strings.Repeat(" ", nameW+4)+t.dim.Render(l))
			}
		}
	}
	starts[len(s.presets)] = len(body)
	// Scroll by whole presets: the first one shown is the earliest that still lets the
	// cursor's preset fit.
	top := 0
	if c := min(max(s.pickerCursor, 0), len(s.presets)-1); starts[c+1]-top > room {
		for k := 0; k <= c; k++ {
			if starts[c+1]-starts[k] <= room {
				top = starts[k]
				break
			}
			top = starts[c]
		}
	}
	out = append(out, body[top:min(top+room, len(body))]...)
	for len(out) < s.height-1 {
		out = append(out, "")
	}
	if s.status == "" {
		return out
	}
	return append(out, statusLine(t, s))
}
