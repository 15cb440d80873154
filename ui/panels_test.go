// Tests of the lab's panel list: its shape, as labLines relies on it.

package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
	"poollab/presets"
)

// The layout is a list labLines can iterate: each panel named once, drawing lines of its own
// height or filling the rest (those last, so the lines come out in the list's order), its
// turn for the spacing its own, and kept to a level that exists.
func TestLabPanels(t *testing.T) {
	var names []string
	gaps := map[int]string{}
	filling := false
	for _, p := range labPanels {
		if p.name == "" || slices.Contains(names, p.name) {
			t.Errorf("panel %q: no name, or one of another panel", p.name)
		}
		names = append(names, p.name)
		if (p.lines == nil) == (p.fill == nil) {
			t.Errorf("panel %q: it must either draw lines of its own height or fill the rest", p.name)
		}
		if p.fill == nil && filling {
			t.Errorf("panel %q: it follows a filling panel, which labLines draws after it", p.name)
		}
		filling = filling || p.fill != nil
		if p.fill != nil && p.gap != 0 {
			t.Errorf("panel %q: a filling panel takes no spacing", p.name)
		}
		if other, dup := gaps[p.gap]; dup && p.gap != 0 {
			t.Errorf("panels %q and %q share the spacing's turn %d", other, p.name, p.gap)
		}
		gaps[p.gap] = p.name
		if d := p.deepest; min(d.alone, d.compared) < levelFull || max(d.alone, d.compared) > levelBare {
			t.Errorf("panel %q: kept to level %d, which is none", p.name, p.deepest)
		}
	}
}

// Where a breaker counts the bulkhead's rejections, the bulkhead comes right after the open
// breaker, before what the run is given: breaker-trap at 80x24 cut "semaphore, 2 permits",
// the lesson's cause, for "dependency healthy 200ms · traffic …" (newcomer 58 G06).
func TestOneLineKeepsTheTrapsBulkhead(t *testing.T) {
	b := testSnapshot()
	c := b.Config
	c.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 2}
	c.Payment.Breaker.Enabled, c.Payment.Breaker.CountRejections = true, true
	b.Breaker.State = lab.BreakerOpen
	line := oneLine(lab.SettingsItems(c, b, 80), nil, nil, true)
	labels := make([]string, len(line))
	for i, r := range line {
		labels[i] = r.Label
	}
	if len(labels) < 3 || labels[0] != "breaker" || labels[1] != "bulkhead" || labels[2] != "dependency" {
		t.Errorf("the trap's one line: %v, want breaker, bulkhead, dependency first", labels)
	}
	c.Payment.Breaker.CountRejections = false // no trap: the bulkhead no cause of the breaker's state
	if line := oneLine(lab.SettingsItems(c, b, 80), nil, nil, true); len(line) > 1 && line[1].Label == "bulkhead" {
		t.Errorf("without the trap, the bulkhead before what the run is given: %v", line[1])
	}
}

// A settings line that may be cut puts first what tells compare's halves apart, then the
// mechanisms on, then those off, and leaves out what follows from the rest: at 80x24 the
// bulkhead in force stands before "pool 20 workers", and "breaker off" comes last.
func TestOneLineSettingsOrder(t *testing.T) {
	s := compareScreen(80, 24)
	b := s.panes[1].snap
	rows := lab.SettingsItems(b.Config, b, 80)
	differing := halfCtx(newTheme(true, true), s, 1).differing()
	line := oneLine(rows, differing, nil, false)
	labels := make([]string, len(line))
	for i, r := range line {
		labels[i] = r.Label
	}
	// The asides (the arrivals' seed) last of all, after the mechanisms off.
	mechanisms := slices.DeleteFunc(slices.Clone(line), func(r lab.Item) bool { return r.Aside })
	if len(line) == 0 || line[0].Label != "bulkhead" || !mechanisms[len(mechanisms)-1].Off || !line[len(line)-1].Aside ||
		slices.ContainsFunc(line, func(r lab.Item) bool { return r.Spare }) {
		t.Errorf("B's one line against A: %v", labels)
	}
	for i := 1; i < len(mechanisms); i++ {
		if mechanisms[i-1].Off && !mechanisms[i].Off {
			t.Errorf("a mechanism on after one off: %v", labels)
		}
		// The queue and timeout off before the other mechanisms off: what every forecast
		// rests on (newcomers 76 and 77: semaphore-bulkhead's 80x24 cut "queue none").
		if mechanisms[i].Core && mechanisms[i].Off && mechanisms[i-1].Off && !mechanisms[i-1].Core {
			t.Errorf("%s after %s: %v", mechanisms[i].Label, mechanisms[i-1].Label, labels)
		}
	}
	// Alone, nothing differs: the mechanisms on come first, in their own order.
	if alone := oneLine(rows, nil, nil, false); alone[0].Label != "pool" {
		t.Errorf("alone: %v", alone)
	}
	// The stall a measurement is about comes right after what differs: cut, the closed loop's
	// line read "dependency heal…" (newcomer 12).
	stall := b.Config
	stall.Dependency.Stall = lab.StallConfig{FirstAt: lab.Duration(5 * time.Second), For: lab.Duration(time.Second), Every: lab.Duration(10 * time.Second)}
	if alone := oneLine(lab.SettingsItems(stall, b, 80), nil, nil, false); alone[0].Label != "dependency" || !strings.HasSuffix(alone[0].Value, ", stalls 1s at 5s, every 10s") {
		t.Errorf("with a stall: %v", alone)
	}
	// So does a dependency down or failing, the cause of every failure: at 48 columns one
	// line kept "pool · queue · timeout" and dropped it (newcomer 19).
	for _, mode := range []lab.DependencyMode{lab.ModeDown, lab.ModeErrors} {
		broken := b.Config
		broken.Dependency.Mode = mode
		rows := lab.SettingsItems(broken, b, 48)
		line, _ := wholeItems(newTheme(true, true).settingsItems(oneLine(rows, nil, nil, false)), " · ", 48)
		line = ansi.Strip(line)
		if !strings.HasPrefix(line, "dependency "+lab.ModeShort(broken.Dependency)) {
			t.Errorf("dependency %s: %q", mode, line)
		}
	}
	// What a run shows now (permits in use) does not move the order: the same configuration
	// on both sides differs in nothing, whatever each run holds.
	s.panes[0].cfg = s.panes[1].cfg
	s.panes[0].snap.Bulkhead.InUse, s.panes[1].snap.Bulkhead.InUse = 1, 4
	if d := halfCtx(newTheme(true, true), s, 1).differing(); len(d) != 0 {
		t.Errorf("the same configuration differs in %v", d)
	}
}

// Settings cut at levelTight keep what the preset sets apart from the default, and what its
// narrator leans on, on a second line where the first is full, in briefer forms where those
// keep more: stacked-timeouts' 80x24 "dependency slow 3s · pool 20 workers · timeout socket
// 500ms · …" hid the deadline and retries its narrator names ("the 2s deadline never acts"),
// fleet-domino's "timeout payments off, checks 2s · pool 20 workers · queue 100 FIFO · …"
// the dependency's 3s and the traffic (newcomer 73 W4).
func TestTightSettingsKeepThePresets(t *testing.T) {
	th := newTheme(true, true)
	preset := func(name string) *lab.Snapshot {
		cfg, err := presets.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		return lab.NotStarted(cfg)
	}
	for _, tc := range []struct {
		snap *lab.Snapshot
		want []string
	}{
		// The hops' tries briefly, for the traffic's rates (newcomers 76 and 77): the edge's
		// are the retry and timeout items, the hops' the narrator's "3 × 3 × 3".
		{preset("stacked-timeouts"), []string{"dependency slow 3s", "timeout socket 500ms", "deadline 2s", "retry 3 tries", "3 hops, per-hop", "traffic payment 5/s, signup 5/s"}},
		{preset("deadline-propagation"), []string{"dependency slow 3s", "timeout socket 500ms", "deadline 2s", "retry 3 tries", "3 hops, deadline propagate", "traffic payment 5/s, signup 5/s"}},
		// The queue and timeout before the arrivals' seed: its narrator's Erlang B rests on
		// "queue none" (newcomers 76 and 77).
		{preset("semaphore-bulkhead"), []string{"bulkhead semaphore", "dependency slow 3s", "traffic payment 10/s, signup 5/s, health 1/s", "queue none", "timeout off"}},
		{preset("lifo-queue"), []string{"queue 100 LIFO", "dependency slow 3s", "traffic payment 10/s, signup 5/s", "timeout off"}},
		{fleetSnapshot(4, 1), []string{"timeout payments off, checks 2s", "queue 100 FIFO", "dependency slow 3s", "traffic to the fleet payment 24/s"}},
	} {
		name := tc.snap.Config.Name
		c := newLabCtx(th, testScreen(tc.snap, 80, 24), 0, 80, 0)
		lines := c.draw(settingsPanel, levelTight)
		got := ansi.Strip(strings.Join(lines, "\n"))
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s at 80 columns: no %q in\n%s", name, w, got)
			}
		}
		for _, l := range lines {
			if ansiWidth(l) > 80 {
				t.Errorf("%s: %q is wider than 80", name, ansi.Strip(l))
			}
		}
	}
}

// presetMoment is a moment of preset cfg's run, near enough to draw its real layout: the
// fixture of its kind (the compare captures' fleet moment, 20 s in, one replica drained; the hops'
// 6.4 s in; else the shared pool's 6.4 s in) with cfg's settings, its pool's and bulkhead's
// included, so its narrator, settings and table take the rows its run's take.
func presetMoment(cfg lab.Config) *lab.Snapshot {
	var s *lab.Snapshot
	switch {
	case cfg.Fleet.IsFleet():
		domino, bulkhead := fleetSnapshots()
		s = domino
		if cfg.Payment.Bulkhead.Type != lab.BulkheadNone {
			s = bulkhead
		}
	case cfg.Dependency.Chain():
		hops := stackedSnapshot()
		s = &hops
	default:
		s = testSnapshot()
		s.Pool.Size, s.Pool.QueueCap, s.Pool.Discipline = cfg.Pool.Workers, int(cfg.Pool.Queue), cfg.Pool.Discipline
		s.Bulkhead = lab.BulkheadStats{Type: cfg.Payment.Bulkhead.Type, Size: cfg.Payment.Bulkhead.Size}
	}
	s.Config = cfg
	return s
}

// No preset's settings rows in its 80x24 frame leave out the traffic's rates, the queue or
// the timeout: at 80x24 stacked-timeouts' and fleet-bulkhead's rates were on no line, and
// semaphore-bulkhead cut its "queue none" (newcomers 76 and 77). The rows are the frame's own
// (mainPlan's), so a third line counts only where the layout has the row for it (review
// s94d: forced, the old check passed while the screen cut). The presets whose payments
// follow a traffic profile are left out: their profile's steps and knee fill three lines,
// and the postmortem test keeps their rows whole at 80x24. A preset with a bulkhead keeps
// it too.
func TestTightSettingsKeepTheTraffic(t *testing.T) {
	th := newTheme(true, true)
	for _, info := range presets.List() {
		cfg, err := presets.Load(info.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Traffic.Profile(lab.Payment) != nil {
			continue
		}
		s := testScreen(presetMoment(cfg), 80, 24)
		s.recorded, s.status = true, ""
		_, pl, _, _, _ := mainPlan(th, s)
		rows := pl.parts[panelAt(labPanels, settingsPanel)]
		got := ansi.Strip(strings.Join(rows, "\n"))
		var frame []string
		for _, l := range strings.Split(ansi.Strip(render(th, s)), "\n") {
			frame = append(frame, strings.TrimRight(l, " "))
		}
		if !strings.Contains(strings.Join(frame, "\n"), got) {
			t.Fatalf("%s: the plan's settings rows are not the frame's:\n%s\n\n%s", info.Name, got, strings.Join(frame, "\n"))
		}
		wants := []string{"traffic ", "queue ", "timeout "}
		if cfg.Payment.Bulkhead.Type != lab.BulkheadNone { // the lesson's own mechanism: alone, fleet-bulkhead's one line cut it
			wants = append(wants, "bulkhead ")
		}
		for _, want := range wants {
			if !strings.Contains(got, want) { // alone, no setting is cut (TestNoSettingHidden)
				t.Errorf("%s at 80x24: no %q in\n%s", info.Name, want, got)
			}
		}
	}
	// At the run's end, fleet-bulkhead's bulkhead and traffic take a line each, on as many
	// lines as keep every setting whole.
	cfg, err := presets.Load("fleet-bulkhead", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, b := fleetSnapshots()
	b.Config = cfg
	c := newLabCtx(th, testScreen(b, 80, 24), 0, 80, 0)
	lines := c.draw(settingsPanel, levelTight)
	if got := ansi.Strip(strings.Join(lines, "\n")); !strings.Contains(got, "traffic to the fleet payment 24/s, signup 80/s") || !strings.Contains(got, "5 permits each") || cutLine(lines) {
		t.Errorf("fleet-bulkhead's settings:\n%s", got)
	}
}

// One line of settings keeps each whole or leaves it out, and says so with "…": a setting
// cut at the edge read as another (newcomer 17: "timeout payments off, health…").
func TestWholeItemsNeverCutOne(t *testing.T) {
	items := []string{"pool 20 workers", "timeout payments off, health checks 2s", "queue none"}
	for w := 10; w <= 80; w++ {
		got, kept := wholeItems(items, " · ", w)
		if ansi.StringWidth(got) > w {
			t.Fatalf("width %d: %q is wider", w, got)
		}
		if w >= ansi.StringWidth("pool 20 workers · …") {
			parts := strings.Split(strings.TrimSuffix(got, " · …"), " · ")
			for _, part := range parts {
				if !slices.Contains(items, part) {
					t.Errorf("width %d: %q has a cut setting %q", w, got, part)
				}
			}
			if kept != len(parts) {
				t.Errorf("width %d: %q says it kept %d", w, got, kept)
			}
			all := strings.Join(items, " · ")
			if (got == all) != (ansi.StringWidth(all) <= w) || got != all && !strings.HasSuffix(got, "…") {
				t.Errorf("width %d: %q, want all or a closing …", w, got)
			}
		}
	}
	if got, _ := wholeItems(items, " · ", 32); got != "pool 20 workers · …" {
		t.Errorf("a shorter one after a wide one: %q, want the order kept: what comes first matters more", got)
	}
	if got, kept := wholeItems(items, " · ", 12); kept != 0 || got != "pool 20 wor…" {
		t.Errorf("the first alone too wide: %q, kept %d", got, kept)
	}
}

// Rows of settings keep every word whole: an item wider than the line wraps at its words on
// lines of its own, never joined to the next mid-sentence ("…is timed out: a failed ch…" at
// the edge, newcomer 19). From a compare half's 39 columns at 80 to 120, a fleet's settings.
func TestSettingsRowsKeepWordsWhole(t *testing.T) {
	s := fleetSnapshot(5, 0)
	words := func(lines []string) []string {
		return strings.Fields(strings.ReplaceAll(ansi.Strip(strings.Join(lines, " ")), " · ", " "))
	}
	wrapped := 0
	for w := 39; w <= 120; w++ {
		items := newTheme(true, true).settingsItems(lab.SettingsItems(s.Config, s, w))
		lines := wrapWords(items, " · ", w)
		if got, want := words(lines), words(items); !slices.Equal(got, want) {
			t.Errorf("%d columns: the words of\n%s\nare not the settings'\n%s", w, strings.Join(lines, "\n"), strings.Join(items, "\n"))
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > w {
				t.Errorf("%d columns: %q is wider", w, l)
			}
		}
		if slices.ContainsFunc(items, func(it string) bool { return ansi.StringWidth(it) > w }) {
			wrapped++
		}
	}
	if wrapped == 0 {
		t.Error("no setting wider than its line: nothing tested")
	}
}

// A Tail item, the seed's gloss, ends the line its item before ends, in the form that fits
// there at no cost of a line; where none does, a Spare one stands as any item (the panel
// leaves it out where lines are short), another is left out. The lab guessed where the
// screen's lines end, and the gloss took a line where it had none to spare (review 29 lab #1).
func TestSettingsGlossEndsItsLineOrGivesWay(t *testing.T) {
	th := newTheme(true, true)
	traffic := lab.Item{Label: "traffic", Value: "payment 10/s, signup 5/s, health 1/s"}
	arrivals := lab.Item{Label: "arrivals", Value: "at random (Poisson, seed 127)"}
	seed := lab.Item{Label: "the seed", Value: "fixes arrival times; timing is measured, so it varies run to run", Brief: "fixes arrivals, not timing", Tail: true}
	dep := lab.Item{Label: "dependency", Value: "slow 3s"}
	const long, brief = "the seed fixes arrival times; timing is measured, so it varies run to run", "the seed fixes arrivals, not timing"
	for _, c := range []struct {
		w     int
		spare bool
		rows  []lab.Item
		want  []string
	}{
		{200, false, []lab.Item{traffic, arrivals, seed, dep}, []string{"traffic payment 10/s, signup 5/s, health 1/s · arrivals at random (Poisson, seed 127) · " + long + " · dependency slow 3s"}},
		{160, false, []lab.Item{traffic, arrivals, seed, dep}, []string{"traffic payment 10/s, signup 5/s, health 1/s · arrivals at random (Poisson, seed 127) · " + brief + " · dependency slow 3s"}},
		{80, false, []lab.Item{traffic, arrivals, seed}, []string{"traffic payment 10/s, signup 5/s, health 1/s", "arrivals at random (Poisson, seed 127) · " + brief}},
		// Either form would cost a line: left out, or, Spare, an item as any.
		{120, false, []lab.Item{traffic, arrivals, seed, dep}, []string{"traffic payment 10/s, signup 5/s, health 1/s · arrivals at random (Poisson, seed 127) · dependency slow 3s"}},
		{120, true, []lab.Item{traffic, arrivals, seed, dep}, []string{"traffic payment 10/s, signup 5/s, health 1/s · arrivals at random (Poisson, seed 127)", long + " · dependency slow 3s"}},
		{60, false, []lab.Item{arrivals, seed}, []string{"arrivals at random (Poisson, seed 127)"}},
		{60, true, []lab.Item{arrivals, seed}, []string{"arrivals at random (Poisson, seed 127)", brief}},
	} {
		rows := slices.Clone(c.rows)
		for i := range rows {
			rows[i].Spare = rows[i].Tail && c.spare
		}
		if got := th.wrapSettings(rows, " · ", c.w); !slices.Equal(got, c.want) {
			t.Errorf("at %d (spare %v):\n got %q\nwant %q", c.w, c.spare, got, c.want)
		}
	}
}

// Where neither the gloss nor its brief fits on its item's line, its joined form does, after
// the value with no label: open-loop's "· arrivals evenly spaced" gave way at 80 columns,
// 11 columns too long beside the dependency (newcomer 64, 11 at 80x24).
func TestSettingsGlossJoinsItsItemWhereNoLabelledFormFits(t *testing.T) {
	th := newTheme(true, true)
	dep := lab.Item{Label: "dependency", Value: "1ms, stalls 1s at 5s, every 10s"}
	traffic := lab.Item{Label: "traffic", Value: "payment 100/s"}
	even := lab.Item{Label: "arrivals", Value: "evenly spaced, one every 10ms", Brief: "evenly spaced", Joined: "evenly spaced", Tail: true}
	for w, want := range map[int][]string{
		120: {"dependency 1ms, stalls 1s at 5s, every 10s · traffic payment 100/s · arrivals evenly spaced, one every 10ms"},
		95:  {"dependency 1ms, stalls 1s at 5s, every 10s · traffic payment 100/s · arrivals evenly spaced"},
		80:  {"dependency 1ms, stalls 1s at 5s, every 10s · traffic payment 100/s evenly spaced"},
		70:  {"dependency 1ms, stalls 1s at 5s, every 10s · traffic payment 100/s"}, // each costs a line
	} {
		if got := th.wrapSettings([]lab.Item{dep, traffic, even}, " · ", w); !slices.Equal(got, want) {
			t.Errorf("at %d:\n got %q\nwant %q", w, got, want)
		}
	}
	// The open-loop screen at 80x24 says it so.
	_, open := measurementSnapshots()
	plain := ansi.Strip(render(newTheme(true, true), screen{panes: []pane{{snap: open, cfg: open.Config}}, width: 80, height: 24, recorded: true}))
	if !strings.Contains(plain, "traffic payment 100/s evenly spaced") {
		t.Errorf("80x24: not evenly spaced:\n%s", plain)
	}
}

// A compare's halves leave out what they share, the seed's gloss, to the noise legend: the
// item says so itself (lab.Item.Shared), which the single screen draws.
func TestCompareLeavesTheSharedGlossOut(t *testing.T) {
	th := newTheme(true, true)
	a, _ := compareSnapshots()
	if !slices.ContainsFunc(lab.SettingsItems(a.Config, a, 200), func(it lab.Item) bool { return it.Shared }) {
		t.Fatal("no shared item in the settings: nothing tested")
	}
	single := ansi.Strip(render(th, screen{panes: []pane{{snap: a, cfg: a.Config}}, width: 200, height: 60}))
	if !strings.Contains(single, "the seed fixes") {
		t.Errorf("the single screen lacks the seed's gloss:\n%s", single)
	}
	if both := ansi.Strip(render(th, compareScreen(200, 60))); strings.Contains(both, "the seed fixes") {
		t.Errorf("a compare half draws the seed's gloss:\n%s", both)
	}
}

// A need or fuller part with a side "" is none: strings.Contains(x, "") is true, and
// Replace of "" put the fuller words before the whole sentence. widened is needed of one
// part: its text drawn changes only where the part is in it and fits.
func TestNeededSkipsEmptyParts(t *testing.T) {
	drawn := "the pool is full"
	out := wrapText("» "+drawn, 80, 0)
	for _, parts := range [][][2]string{{{"", "fuller "}}, {{"pool", ""}}, {{"queue", "the queue"}}} {
		if got, said := needed(out, drawn, parts, 80, 0); said != drawn || !slices.Equal(got, out) {
			t.Errorf("needed of %q: %q, want %q as it was", parts, said, drawn)
		}
		if _, said := widened(out, drawn, parts[0], 80); said != drawn {
			t.Errorf("widened of %q: %q, want %q as it was", parts[0], said, drawn)
		}
	}
	if got, said := widened(out, drawn, [2]string{"pool", "pool of 20"}, 80); said != "the pool of 20 is full" || len(got) != 1 {
		t.Errorf("widened: %q in %d lines, want the pool of 20 in one", said, len(got))
	}
}
