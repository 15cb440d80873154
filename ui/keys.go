// The keymap: every key of the dashboard with its footer words and its help sentence, as it
// stands in each mode, and the settings keys' pure actions (lab's changes, by key).

package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"poollab/lab"
)

// binding is one entry of the keymap: the keys, the footer's few words (key.Help) and the
// help screen's sentence (long). The footer and the help are both drawn from keys, so a key
// is described in one place.
type binding struct {
	key.Binding
	long string
}

func bind(long, help, desc string, ks ...string) binding {
	return binding{key.NewBinding(key.WithKeys(ks...), key.WithHelp(help, desc)), long}
}

// keyMap is every key of the dashboard. A pair ("< >") is one entry with two keys.
type keyMap struct {
	Help, Quit, Pause, Restart, Presets, Timeout, Queue, Bulkhead, Size, Breaker, Mode, Latency,
	Compare, Focus, Export, Machine binding

	// In the preset picker (the help screen scrolls with the viewport's own keys, and
	// Top and End, which the viewport has no keys for: the screen sends a reader to the help's
	// last section, Sources, 1,500 lines down at 80x24).
	Up, Down, Enter, Close, Top, End binding

	// The tour: T starts and leaves it; the others are in force only in it (inTour).
	Tour, Choose, Next, Prev, Replay, Look, Leave binding

	// payments is what the lab in force calls the payment class where its preset names it
	// otherwise ("orders"), "" where it does not: the help says so once (naming).
	payments string
}

var keys = newKeyMap().inTour(false)

func newKeyMap() keyMap {
	return keyMap{
		Help: bind("this help: every key, every number on the screen, every letter of the pool picture (? or esc closes)",
			"?", "help", "?"),
		Quit: bind("quit, and give the terminal back (also ctrl+c)", "q", "quit", "q", "ctrl+c"),
		Pause: bind("pause/resume the screen: it freezes and says PAUSED; the lab keeps running",
			"space", "pause", "space"),
		Restart: bind("restart the run with the settings in force (counters start from zero)", "r", "restart", "r"),
		Presets: bind("preset picker: ↑ ↓ choose, enter loads it and restarts, esc closes (compare mode: onto the focused side)",
			"p", "presets", "p"),
		Timeout: bind("payment timeout: "+strings.Join(lab.TimeoutStops(), " → "), "t", "timeout", "t"),
		Queue: bind("accept queue shorter / longer (0 = reject when every worker is busy)",
			"< >", "queue", "<", ">"),
		// The adaptive type is a limit, so named in the settings ("limit adaptive 35"): "b
		// bulkhead" beside it left the key to find (newcomer 56 #5). "[ ] size" is whichever b
		// set, and leaves the footer's second line at 80 columns room for "v compare".
		Bulkhead: bind("payment bulkhead or limit type: "+joinAny(lab.BulkheadTypes, " → ")+" (a concurrency limit, \"limit "+string(lab.BulkheadAdaptive)+"\" in the settings)",
			"b", "bulkhead/limit", "b"),
		Size: bind(fmt.Sprintf("payment bulkhead's size down / up (1..%d permits or threads), or an adaptive limit's start", lab.MaxBulkhead),
			"[ ]", "size", "[", "]"),
		Breaker: bind("circuit breaker on / off", "c", "breaker", "c"),
		Mode:    bind("dependency mode: "+joinAny(lab.DependencyModes, " → ")+" (brownout: slow spells between healthy ones)", "d", "dependency", "d"),
		Latency: bind("dependency latency up / down (used in modes slow and brownout)", "+ -", "latency", "+", "-"),
		Compare: bind("compare mode on / off: A and B, each with its own pool and dependency, on identical traffic, started "+
			"together; B starts as a copy of A. Off keeps the focused side running", "v", "compare", "v"),
		// The key line says what ▶ marks: "tab A/B" alone left it a riddle (newcomer 22).
		Focus: bind("compare mode: switch the focused side (▶), the one the settings keys change. No key changes the "+
			"traffic, so it stays identical; r and p restart both together", "tab", "A/B: keys act on ▶", "tab"),
		Export: bind("export: the screen as .ans (with colours), .txt, .svg and .png (pictures for slides), the report as .md "+
			"and .json, into the current folder as poollab-<preset>-<date>-<time>.*", "x", "export", "x"),
		// Off by default: an audience reads a projected screen for seconds, and the lab
		// measuring itself took them (issue 22). What stays on without it, lab says (Own).
		Machine: bind("the lab's own measures on / off (off to start): how late its generator sent (generator lag, p99:lag), the "+
			"goroutines it owns, p99:dispatch, and p99:wait and p99:service where no request has waited in a queue (the wait then only the machine's delay), with "+
			"their notes. Off, a run whose lesson rests on one keeps it where the screen has room for it: a closed loop's lag, the goroutines of requests "+
			"waiting in an unbounded queue (more than a round of the pool, now or in the last "+fmt.Sprint(lab.RateWindow)+" seconds) or of orphaned calls, the p99:wait of a queue requests waited in. The ⚠ too busy warning shows either way",
			// What the key does, in the footer's words: "m own measures" said neither that it
			// toggles nor whose (newcomer 34 #33).
			"m", "show/hide the lab's own measures", "m"),

		Up:    bind("", "↑", "up", "up", "k"),
		Down:  bind("", "↓", "down", "down", "j"),
		Enter: bind("", "enter", "load", "enter"),
		Close: bind("", "esc", "close", "esc"),
		Top:   bind("", "g/home", "top", "g", "home"),
		End:   bind("", "G/end", lab.SourcesTitle, "G", "end"),

		Tour: bind("the guided tour, a chapter per lesson: predict, watch the lab run to the chapter's moment, see the "+
			"number that answers it highlighted (poollab tour --list lists the chapters)", "T", "guided tour", "T"),
		Choose: bind("on a chapter's card: your prediction; the chapter's run starts", "1 2 3", "predict", "1", "2", "3"),
		Next:   bind("the next chapter's card (skips this one)", "n", "next", "n"),
		Prev:   bind("the previous chapter's card", "N", "back", "N"),
		Replay: bind("replay the chapter's run: its presets from zero, your prediction kept (N then n predicts again)",
			"r", "replay", "r"),
		Look: bind("what to look at in this chapter (? there opens this help)", "?", "look", "?"),
		Leave: bind("leave the tour: the lab keeps running on what is loaded (T starts the tour again)",
			"esc T", "leave tour", "esc", "T"),
	}
}

// inTour is the keymap in or out of the tour: in it, its keys stand in for the lab's own
// ? (help: the chapter's look, which leads to it), r (restart: replay) and T (leave).
func (k keyMap) inTour(on bool) keyMap {
	for _, b := range []*binding{&k.Choose, &k.Next, &k.Prev, &k.Replay, &k.Look, &k.Leave} {
		b.SetEnabled(on)
	}
	for _, b := range []*binding{&k.Help, &k.Restart, &k.Tour} {
		b.SetEnabled(!on)
	}
	return k
}

// inCompare is the keymap as it stands in or out of compare mode: tab only does something in it.
func (k keyMap) inCompare(on bool) keyMap {
	k.Focus.SetEnabled(on)
	return k
}

// naming is the keymap for a lab whose payments its preset calls label ("" or "payment": by
// their own name): the keys and the help say payment on every preset, and the postmortem's
// screen says orders (newcomer 58).
func (k keyMap) naming(label string) keyMap {
	if label == lab.Payment.String() {
		label = ""
	}
	k.payments = label
	return k
}

// keyMap is the keymap in force: the tour's keys in it, the focused lab's name for payments.
// Compare mode's tab stays listed (the help lists it outside compare mode too).
func (m model) keyMap() keyMap {
	return keys.inTour(m.modes.has(modeTour)).naming(m.sides[m.focus].cfg.Traffic.Label(lab.Payment))
}

// keyMap is the keymap as it stands on this screen, for its footer: in or out of compare
// mode, and the tour.
func (s screen) keyMap() keyMap {
	st := s.stack()
	return keys.inCompare(st.has(modeCompare)).inTour(st.has(modeTour))
}

// groups are the dashboard's keys, titled, in the order a presenter reaches for them: the
// footer lists them in this order, the help (help: true) with their long sentences. Only
// the help lists 1 2 3: on the footer, the chapter's card shows them where they work.
func (k keyMap) groups(help bool) []struct {
	title string
	keys  []binding
} {
	type group = struct {
		title string
		keys  []binding
	}
	gs := []group{
		{"Keys", []binding{k.Help, k.Quit, k.Pause, k.Restart, k.Presets}},
		{"Settings (new work sees a change at once; the charts mark it)", []binding{k.Timeout, k.Queue, k.Bulkhead, k.Size, k.Breaker, k.Mode, k.Latency}},
		{"Compare, record, tour and the lab's own measures", []binding{k.Compare, k.Export, k.Tour, k.Machine}},
	}
	if k.Next.Enabled() { // in the tour its keys come first
		tour := []binding{k.Next, k.Prev, k.Replay, k.Look, k.Leave}
		if help {
			tour = append([]binding{k.Choose}, tour...)
		}
		gs = append([]group{{"Tour (every other key works on the chapter's lab)", tour}}, gs...)
	}
	// tab: in the help beside v, whose mode it works in; on the footer second, whichever
	// group leads: it says what ▶ marks, and a compare's footer cut to one line at 80
	// columns left the ▶ in front of A unexplained (newcomer 30).
	at := &gs[0]
	if help {
		at = &gs[len(gs)-1]
	}
	at.keys = slices.Insert(at.keys, 1, k.Focus)
	return gs
}

// ShortHelp is the footer: every key in the groups' order, as help.Model draws it. Outside
// compare mode tab is disabled, so not drawn.
func (k keyMap) ShortHelp() []key.Binding {
	var out []key.Binding
	for _, g := range k.groups(false) {
		for _, b := range g.keys {
			out = append(out, b.Binding)
		}
	}
	return out
}

// FullHelp is the same keys in their groups (help.KeyMap); the help screen writes each with
// its long sentence.
func (k keyMap) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	for _, g := range k.groups(true) {
		var col []key.Binding
		for _, b := range g.keys {
			col = append(col, b.Binding)
		}
		out = append(out, col)
	}
	return out
}

// An action is what a settings key does: config in, config and a status line out. At a
// limit it returns the config unchanged and says so. Actions are pure, and lab's: each
// mechanism's in its own file, the core's in lab/settings.go.
type action func(lab.Config) (lab.Config, string)

// A setting is a settings key and its pure config changes, one per key of the binding.
type setting struct {
	b  binding
	do []action
}

// settingKeys maps each settings key to its pure config change.
func settingKeys() []setting {
	return []setting{
		{keys.Timeout, []action{lab.CycleTimeout}},
		{keys.Queue, []action{lab.QueueDown, lab.QueueUp}},
		{keys.Bulkhead, []action{lab.CycleBulkhead}},
		{keys.Size, []action{lab.BulkheadDown, lab.BulkheadUp}},
		{keys.Breaker, []action{lab.ToggleBreaker}},
		{keys.Mode, []action{lab.CycleMode}},
		{keys.Latency, []action{lab.LatencyUp, lab.LatencyDown}},
	}
}

// settingFor is the action of a pressed settings key, or nil.
func settingFor(pressed string) action {
	for _, s := range settingKeys() {
		for i, k := range s.b.Keys() {
			if k == pressed && i < len(s.do) {
				return s.do[i]
			}
		}
	}
	return nil
}

func joinAny[T ~string](vs []T, sep string) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, sep)
}
