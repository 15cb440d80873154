package ui

import (
	"charm.land/bubbles/v2/key"
)

// keyMap is every key of the dashboard, with the words the footer and help show.
type keyMap struct {
	Pause, Restart, Timeout, QueueDown, QueueUp, Bulkhead, SizeDown, SizeUp,
	Breaker, Mode, LatencyUp, LatencyDown, Presets, Compare, Focus, Export, Help, Quit key.Binding

	// In the preset picker and the help screen.
	Up, Down, PageUp, PageDown, Enter, Close key.Binding
}

var keys = keyMap{
	Pause:       key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "pause")),
	Restart:     key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "restart")),
	Timeout:     key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "timeout")),
	QueueDown:   key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "queue−")),
	QueueUp:     key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "queue+")),
	Bulkhead:    key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "bulkhead")),
	SizeDown:    key.NewBinding(key.WithKeys("["), key.WithHelp("[", "size−")),
	SizeUp:      key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "size+")),
	Breaker:     key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "breaker")),
	Mode:        key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "dependency")),
	LatencyUp:   key.NewBinding(key.WithKeys("+"), key.WithHelp("+", "latency+")),
	LatencyDown: key.NewBinding(key.WithKeys("-"), key.WithHelp("-", "latency−")),
	Presets:     key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "presets")),
	Compare:     key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "compare")),
	Focus:       key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "side")),
	Export:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "export")),
	Help:        key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
	Quit:        key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),

	Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑", "up")),
	Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓", "down")),
	PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
	PageDown: key.NewBinding(key.WithKeys("pgdown", "space"), key.WithHelp("pgdn", "page down")),
	Enter:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "load")),
	Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
}

// settingKeys maps each settings key to its pure config change.
func settingKeys() []struct {
	b  key.Binding
	do action
} {
	return []struct {
		b  key.Binding
		do action
	}{
		{keys.Timeout, cycleTimeout},
		{keys.QueueDown, queueDown},
		{keys.QueueUp, queueUp},
		{keys.Bulkhead, cycleBulkhead},
		{keys.SizeDown, bulkheadDown},
		{keys.SizeUp, bulkheadUp},
		{keys.Breaker, toggleBreaker},
		{keys.Mode, cycleMode},
		{keys.LatencyUp, latencyUp},
		{keys.LatencyDown, latencyDown},
	}
}

// footerKeys are the keys of the footer, in the order a presenter reaches for them.
// Pairs share one entry. tab only does something in compare mode, so only then is it listed.
func footerKeys(compare bool) [][2]string {
	ks := [][2]string{
		{"?", "help"}, {"q", "quit"}, {"space", "pause"}, {"r", "restart"}, {"p", "presets"},
		{"t", "timeout"}, {"< >", "queue"}, {"b", "bulkhead"}, {"[ ]", "size"}, {"c", "breaker"},
		{"d", "dependency"}, {"+ -", "latency"}, {"v", "compare"},
	}
	if compare {
		ks = append(ks, [2]string{"tab", "A/B"})
	}
	return append(ks, [2]string{"x", "export"})
}
