// The screen's modes as one stack: the lab at the bottom (one, or A and B), then what opened
// over it: the tour, a chapter's look, the help, the picker. The top one is drawn (render),
// and a key goes to the modes from the top down (model.key): each takes its own keys and lets
// the one below have the rest, unless it takes every key. The order of the stack is the one
// statement of which mode wins.

package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// A mode is one layer of the screen.
type mode uint8

const (
	modeLab     mode = iota // the one lab; its keys are every mode's last resort
	modeCompare             // A and B on the same traffic; tab switches the side the keys change
	modeTour                // a chapter of the tour: its card (every key its own) or its run, a banner over the lab
	modeLook                // the chapter's "what to look at" (every key its own)
	modeHelp                // every key and every word, scrolled (every key its own)
	modePicker              // the presets (every key its own)
)

// modes is the stack, bottom first: a lab (modeLab or modeCompare), then what opened over it.
// Each change makes a new slice, so copies of the model share none.
type modes []mode

// baseMode is the lab at the bottom: A and B, or the one lab.
func baseMode(compare bool) mode {
	if compare {
		return modeCompare
	}
	return modeLab
}

func (ms modes) top() mode          { return ms[len(ms)-1] }
func (ms modes) has(md mode) bool   { return slices.Contains(ms, md) }
func (ms modes) push(md mode) modes { return append(slices.Clone(ms), md) }

// withBase is the stack over another lab: v, or a chapter's run.
func (ms modes) withBase(md mode) modes {
	out := slices.Clone(ms)
	out[0] = md
	return out
}

// close closes md and what is over it.
func (ms modes) close(md mode) modes {
	if i := slices.Index(ms, md); i > 0 {
		return slices.Clone(ms[:i])
	}
	return ms
}

// closeAbove closes what is over md.
func (ms modes) closeAbove(md mode) modes {
	if i := slices.Index(ms, md); i >= 0 {
		return slices.Clone(ms[:i+1])
	}
	return ms
}

// key gives a key to the modes from the top down; q and ctrl+c quit from every mode. While
// work the keys must follow is under way, they wait for it in order (work.go), a quit too:
// the keys before it are done first. A second quit does not wait: a stalled engine must not
// keep the terminal.
func (m model) key(msg tea.KeyPressMsg) (model, tea.Cmd) {
	quit := func(k tea.KeyPressMsg) bool { return key.Matches(k, keys.Quit.Binding) }
	if m.awaiting > 0 {
		if quit(msg) && slices.ContainsFunc(m.held, quit) {
			return m, tea.Quit
		}
		m.held = append(slices.Clone(m.held), msg)
		return m, nil
	}
	if quit(msg) {
		return m.quit()
	}
	for k := len(m.modes) - 1; k >= 0; k-- {
		if next, cmd, done := m.keyIn(m.modes[k], msg); done {
			return next, cmd
		}
	}
	return m, nil
}

// keyIn is mode md's handling of a key; done false lets the mode below have it.
func (m model) keyIn(md mode, msg tea.KeyPressMsg) (next model, cmd tea.Cmd, done bool) {
	switch md {
	case modePicker:
		next, cmd = m.pickerKey(msg)
		return next, cmd, true
	case modeHelp:
		return m.helpKey(msg), nil, true
	case modeLook:
		return m.lookKey(msg)
	case modeTour:
		return m.tourKey(msg)
	case modeCompare:
		next, cmd = m.compareKey(msg)
	default:
		next, cmd = m.labKey(msg)
	}
	return next, cmd, true
}

// stack is the screen's modes; a screen made without them (Frame's, a test's) is its lab
// alone.
func (s screen) stack() modes {
	if len(s.modes) > 0 {
		return s.modes
	}
	return modes{baseMode(len(s.panes) == 2)}
}
