// The monkey test and its fuzz target: random keys, sizes, ticks and command orders on the
// real model and real engines.

package ui

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/presets"
)

// The monkey drives the real model, on real engines, through random keys, resizes and ticks,
// with no terminal: commands run at random later steps, in any order, as Bubble Tea's
// goroutines may, and their messages arrive then; ticks are snapshots taken by the monkey. After every step the frame fits its size and the
// counters behind it balance, and nothing panics. A failure prints the seed and the steps.

// A monkeyMode is how the lab starts: the options main would give the dashboard.
type monkeyMode struct {
	name    string
	presets []string // A (or the only lab), and B
	tour    int      // > 0: open on the tour's chapter
}

var monkeyModes = []monkeyMode{
	{name: "single", presets: []string{"shared-pool"}},
	{name: "compare", presets: []string{"shared-pool", "semaphore-bulkhead"}},
	{name: "fleet", presets: []string{"fleet-domino"}},
	{name: "hops", presets: []string{"stacked-timeouts"}},
	{name: "closed", presets: []string{"closed-loop"}},
	{name: "tour", presets: []string{"shared-pool"}, tour: 1},
}

// options are the dashboard's options for mode m, its engines started on loopback as main
// starts them; a panic in a lab goroutine goes to crashed.
func (mm monkeyMode) options(exportDir string, crashed func(error)) (Options, error) {
	var list []Preset
	for _, p := range presets.List() {
		list = append(list, Preset{Name: p.Name, Description: p.Description})
	}
	o := Options{Presets: list, LoadPreset: loadEmbedded, ExportDir: exportDir, Tour: mm.tour,
		Start: func(cfg lab.Config, side int) (Engine, error) {
			return engine.Launch(cfg, engine.Options{OnPanic: crashed}.Side(side))
		}}
	var err error
	if o.Config, err = loadEmbedded(mm.presets[0]); err != nil {
		return o, err
	}
	if len(mm.presets) == 2 {
		b, err := loadEmbedded(mm.presets[1])
		if err != nil {
			return o, err
		}
		o.Compare = &b
	}
	return o, nil
}

// A monkeyStep is one thing the monkey does.
type monkeyStep struct {
	kind byte   // 'k' a key, 't' a tick, 's' a resize, 'd' a pending command run and its message delivered
	key  string // the key, as the keymap names it
	w, h int    // the new size
	pick int    // 'd': which pending command, from the oldest (modulo how many there are)
}

func (s monkeyStep) String() string {
	switch s.kind {
	case 'k':
		return s.key
	case 's':
		return fmt.Sprintf("%dx%d", s.w, s.h)
	case 't':
		return "tick"
	case 'd':
		if s.pick > 0 {
			return fmt.Sprintf("deliver#%d", s.pick)
		}
	}
	return "deliver"
}

// monkeyScript writes steps compactly and replayably: runs of a key as "b×5".
func monkeyScript(steps []monkeyStep) string {
	var out []string
	for i := 0; i < len(steps); {
		j := i + 1
		for j < len(steps) && steps[j] == steps[i] {
			j++
		}
		if s := steps[i].String(); j-i > 1 {
			out = append(out, fmt.Sprintf("%s×%d", s, j-i))
		} else {
			out = append(out, s)
		}
		i = j
	}
	return strings.Join(out, " ")
}

// keymapKeys are every key of the keymap, tour, picker and quit keys included, read from the
// keymap itself: a key added to it is pressed too.
func keymapKeys() []string {
	var out []string
	km := reflect.ValueOf(newKeyMap())
	for i := range km.NumField() {
		if !km.Type().Field(i).IsExported() { // not a key: what the help calls payments
			continue
		}
		if b, ok := km.Field(i).Interface().(binding); ok {
			for _, k := range b.Keys() {
				if !slices.Contains(out, k) {
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// settingsKeys are the keys of the settings, which a presenter holds down.
func settingsKeys() []string {
	var out []string
	for _, s := range settingKeys() {
		out = append(out, s.b.Keys()...)
	}
	return out
}

// namedKeys are the codes of the keys the keymap names by a word (space, up, esc…).
var namedKeys = []rune{tea.KeySpace, tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight, tea.KeyEnter, tea.KeyEscape,
	tea.KeyTab, tea.KeyBackspace, tea.KeyDelete, tea.KeyHome, tea.KeyEnd, tea.KeyPgUp, tea.KeyPgDown}

// keyPress is the key press the keymap calls name, as the terminal sends it: "b", "space",
// "ctrl+c". The press must say the name back, as key.Matches reads it.
func keyPress(name string) (tea.KeyPressMsg, error) {
	var k tea.KeyPressMsg
	rest := name
	if r, ok := strings.CutPrefix(name, "ctrl+"); ok && r != "" {
		k.Mod, rest = tea.ModCtrl, r
	}
	if r, size := utf8.DecodeRuneInString(rest); size == len(rest) && r != utf8.RuneError {
		k.Code = r
		if k.Mod == 0 {
			k.Text = rest
		}
	} else {
		for _, c := range namedKeys {
			if (tea.KeyPressMsg{Code: c}).String() == rest {
				k.Code = c
			}
		}
	}
	if k.String() != name {
		return k, fmt.Errorf("the key %q: the monkey cannot press it (it says %q): teach keyPress its name", name, k.String())
	}
	return k, nil
}

// monkeySizes are terminals people use, and the edges of the dashboard's smallest.
var monkeySizes = [][2]int{{80, 24}, {120, 40}, {160, 50}, {200, 60}, {100, 30}, {132, 43}, {250, 80},
	{MinWidth - 1, MinHeight}, {MinWidth, MinHeight - 1}, {20, 5}}

// monkeySteps makes up to n steps from pick, which returns a number in [0, k) or false when
// it has no more: a seeded generator, or a fuzzer's bytes.
func monkeySteps(pick func(k int) (int, bool), n int) []monkeyStep {
	all, held := keymapKeys(), settingsKeys()
	var steps []monkeyStep
	for len(steps) < n {
		what, ok := pick(100)
		if !ok {
			break
		}
		var (
			add []monkeyStep
			a   [4]int
		)
		for i := range a {
			if a[i], ok = pick(256); !ok {
				return steps
			}
		}
		switch {
		case what < 30:
			add = []monkeyStep{{kind: 't'}}
		case what < 38 && a[0] < 192: // a size people use, or the edge of one
			sz := monkeySizes[a[1]%len(monkeySizes)]
			add = []monkeyStep{{kind: 's', w: sz[0], h: sz[1]}}
		case what < 38:
			add = []monkeyStep{{kind: 's', w: 20 + (a[1]<<8|a[2])%231, h: 5 + a[3]%76}}
		case what < 48: // a settings key held down
			add = slices.Repeat([]monkeyStep{{kind: 'k', key: held[a[0]%len(held)]}}, 2+a[1]%14)
		case what < 55:
			add = []monkeyStep{{kind: 'd', pick: a[0] % 4}}
		default:
			add = []monkeyStep{{kind: 'k', key: all[a[0]%len(all)]}}
		}
		steps = append(steps, add[:min(len(add), n-len(steps))]...)
	}
	return steps
}

// seededPick picks from a generator seeded with seed.
func seededPick(seed uint64) func(int) (int, bool) {
	r := rand.New(rand.NewPCG(seed, 0x6d6f6e6b6579))
	return func(k int) (int, bool) { return r.IntN(k), true }
}

// bytesPick picks from a fuzzer's bytes, one a pick, until they run out.
func bytesPick(b []byte) func(int) (int, bool) {
	return func(k int) (int, bool) {
		if len(b) == 0 {
			return 0, false
		}
		v := int(b[0]) % k
		b = b[1:]
		return v, true
	}
}

// A monkey is one dashboard session driven by steps.
type monkey struct {
	o       Options
	ref     *engineRef
	m       model
	pending []tea.Cmd // commands not yet run, their messages not yet delivered
	crashed func() error
	quits   int
}

// newMonkey opens the dashboard on o over ref, as Run does: the engines started on o's
// configs (again, if ref has some), the model new.
func newMonkey(o Options, ref *engineRef, crashed func() error) (*monkey, error) {
	if err := ref.replace(o.Start, o.configs(), ref.generation()+1); err != nil {
		return nil, err
	}
	return &monkey{o: o, ref: ref, m: newModel(ref, o), crashed: crashed}, nil
}

// step does s and checks the dashboard after it; a panic is returned as an error.
func (mk *monkey) step(s monkeyStep) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v\n%s", v, debug.Stack())
		}
	}()
	switch s.kind {
	case 'k':
		k, err := keyPress(s.key)
		if err != nil {
			return err
		}
		mk.update(k)
	case 's':
		mk.update(tea.WindowSizeMsg{Width: s.w, Height: s.h})
	case 't': // what the tick's command would bring: no snapshot while paused
		var msg tickMsg
		if !mk.m.paused {
			msg.snaps, msg.gen, msg.err = mk.ref.snapshots()
		}
		next, _ := mk.m.Update(msg) // its command is the next tick: the monkey ticks itself
		mk.m = next.(model)
		if mk.m.fatal != nil {
			return fmt.Errorf("the dashboard quit on its own: %w", mk.m.fatal)
		}
	case 'd':
		if len(mk.pending) > 0 {
			k := s.pick % len(mk.pending)
			cmd := mk.pending[k]
			mk.pending = append(mk.pending[:k:k], mk.pending[k+1:]...)
			switch msg := cmd().(type) {
			case nil:
			case tea.BatchMsg:
				mk.pending = append(mk.pending, msg...)
			case tea.QuitMsg:
				if err := mk.relaunch(); err != nil {
					return err
				}
			default:
				mk.update(msg)
			}
		}
	}
	return mk.check()
}

// update hands msg to the model and keeps the command it returns for a later step.
func (mk *monkey) update(msg tea.Msg) {
	next, cmd := mk.m.Update(msg)
	mk.m = next.(model)
	if cmd != nil {
		mk.pending = append(mk.pending, cmd)
	}
}

// relaunch is q and then the lab started again, at the same size.
func (mk *monkey) relaunch() error {
	mk.quits++
	w, h := mk.m.width, mk.m.height
	if err := mk.ref.replace(mk.o.Start, mk.o.configs(), mk.ref.generation()+1); err != nil {
		return fmt.Errorf("starting again after a quit: %w", err)
	}
	mk.m, mk.pending = newModel(mk.ref, mk.o), nil
	next, _ := mk.m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	mk.m = next.(model)
	return nil
}

// check: the frame fits the window, the snapshots behind it balance, no lab goroutine panicked.
func (mk *monkey) check() error {
	if err := mk.crashed(); err != nil {
		return fmt.Errorf("a lab goroutine panicked: %w", err)
	}
	w, h := mk.m.width, mk.m.height
	if out := mk.m.View().Content; out != "" {
		lines := strings.Split(out, "\n")
		if len(lines) > h {
			return fmt.Errorf("%dx%d: the frame has %d lines", w, h, len(lines))
		}
		for i, l := range lines {
			if got := ansi.StringWidth(l); got > w {
				return fmt.Errorf("%dx%d: line %d is %d cells wide: %q", w, h, i+1, got, ansi.Strip(l))
			}
		}
	}
	for i, sd := range mk.m.shown() {
		if sd.snap == nil {
			continue
		}
		if err := sd.snap.Unbalanced(); err != nil {
			return fmt.Errorf("the snapshot behind %s does not balance: %w", sideLetter(i), err)
		}
	}
	return nil
}

// run does steps, and then delivers what is pending; the first failure is returned with
// where it happened.
func (mk *monkey) run(steps []monkeyStep) error {
	for i, s := range steps {
		if err := mk.step(s); err != nil {
			return fmt.Errorf("step %d of %d (%s): %w", i+1, len(steps), s, err)
		}
	}
	for len(mk.pending) > 0 {
		if err := mk.step(monkeyStep{kind: 'd'}); err != nil {
			return fmt.Errorf("delivering what was pending: %w", err)
		}
	}
	return mk.atRest()
}

// atRest: once every message is in, the engines run the settings the screen shows, whatever
// order the keys and the messages came in: no change lost, none applied on settings that did
// not take.
func (mk *monkey) atRest() error {
	snaps, gen, err := mk.ref.snapshots()
	if err != nil || mk.m.awaiting != 0 || mk.m.restarting || gen != mk.m.gen || len(snaps) != len(mk.m.shown()) {
		return fmt.Errorf("at rest: %d engines of generation %d (err %v); the screen: %d of %d, awaiting %d, restarting %v",
			len(snaps), gen, err, len(mk.m.shown()), mk.m.gen, mk.m.awaiting, mk.m.restarting)
	}
	for i, sd := range mk.m.shown() {
		want := sd.cfg
		if snaps[i].Fleet != nil { // a fleet's health checks are its balancer's
			want.Traffic.Health.Rate = snaps[i].Config.Traffic.Health.Rate
		}
		if !snaps[i].Config.Equal(want) {
			return fmt.Errorf("at rest, %s's engine runs other settings than the screen shows:\n engine %+v\n screen %+v",
				sideLetter(i), snaps[i].Config, sd.cfg)
		}
	}
	return nil
}

// crashRecorder keeps the first panic of a lab goroutine.
type crashRecorder struct {
	mu  sync.Mutex
	err error
}

func (c *crashRecorder) crash(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
	}
}

func (c *crashRecorder) get() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// monkeySeeds are the seeds of the suite, each a session of monkeyLength steps in every mode.
// 21 found the change log's crash in compare mode (b held down at 120x40) at step 31.
var monkeySeeds = []uint64{1, 21}

const monkeyLength = 150

// Any key, any order, any size, in every mode.
func TestMonkey(t *testing.T) {
	for _, mm := range monkeyModes {
		t.Run(mm.name, func(t *testing.T) {
			t.Parallel()
			for _, seed := range monkeySeeds {
				t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
					steps := append([]monkeyStep{{kind: 's', w: 120, h: 40}}, monkeySteps(seededPick(seed), monkeyLength)...)
					if err := runMonkey(t, mm, steps); err != nil {
						t.Fatalf("mode %s, seed %d: %v\nsteps: %s\nreplay: go test ./ui -run 'TestMonkey/%s/seed=%d$'",
							mm.name, seed, err, monkeyScript(steps), mm.name, seed)
					}
				})
			}
		})
	}
}

// runMonkey plays steps on a new session of mode mm, and stops its engines.
func runMonkey(t *testing.T, mm monkeyMode, steps []monkeyStep) error {
	var crashes crashRecorder
	o, err := mm.options(t.TempDir(), crashes.crash)
	if err != nil {
		return err
	}
	ref := &engineRef{}
	defer ref.close()
	mk, err := newMonkey(o, ref, crashes.get)
	if err != nil {
		return err
	}
	return mk.run(steps)
}

// Every key of the keymap can be pressed by the monkey: a key it cannot press would go
// untested.
func TestMonkeyPressesEveryKey(t *testing.T) {
	keys := keymapKeys()
	for _, want := range []string{"v", "tab", "x", "m", "b", "up", "down", "enter", "esc", "1", "2", "3", "n", "N", "r", "?", "T", "q", "ctrl+c", "space"} {
		if !slices.Contains(keys, want) {
			t.Errorf("%q is not among the keymap's keys %q", want, keys)
		}
	}
	for _, k := range keys {
		if _, err := keyPress(k); err != nil {
			t.Error(err)
		}
	}
}

// fuzzLabs are the fuzz process's labs, one per mode, kept running across inputs, so the
// inputs meet labs minutes old, as a presenter's are, and starting them costs nothing.
type fuzzLabs struct {
	mu      sync.Mutex
	refs    map[string]*engineRef
	crashes crashRecorder
}

// session is a new dashboard of mode mm on its lab: the one left by the input before, set
// back to the mode's settings, or a new one when that cannot be.
func (fl *fuzzLabs) session(mm monkeyMode, exportDir string) (*monkey, error) {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	o, err := mm.options(exportDir, fl.crashes.crash)
	if err != nil {
		return nil, err
	}
	ref := fl.refs[mm.name]
	if ref == nil {
		ref = &engineRef{}
		fl.refs[mm.name] = ref
		return newMonkey(o, ref, fl.crashes.get)
	}
	cfgs := o.configs()
	snaps, _, err := ref.snapshots()
	same := err == nil && len(snaps) == len(cfgs)
	for i := 0; same && i < len(cfgs); i++ {
		same = snaps[i].Config.Name == cfgs[i].Name && ref.apply(i, cfgs[i], ref.generation()) == nil
	}
	if !same {
		return newMonkey(o, ref, fl.crashes.get)
	}
	return &monkey{o: o, ref: ref, m: newModel(ref, o), crashed: fl.crashes.get}, nil
}

func (fl *fuzzLabs) close() {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	for _, ref := range fl.refs {
		ref.close()
	}
}

// monkeyInput is the fuzz input that plays steps in mode (an index of monkeyModes): the
// first byte the mode, then five bytes a step, as monkeySteps reads them.
func monkeyInput(mode int, steps []monkeyStep) []byte {
	all := keymapKeys()
	in := []byte{byte(mode)}
	for _, s := range steps {
		switch s.kind {
		case 't':
			in = append(in, 0, 0, 0, 0, 0)
		case 's':
			in = append(in, 30, 192, byte((s.w-20)>>8), byte(s.w-20), byte(s.h-5))
		case 'd':
			in = append(in, 48, byte(s.pick), 0, 0, 0)
		case 'k':
			in = append(in, 55, byte(slices.Index(all, s.key)), 0, 0, 0)
		}
	}
	return in
}

// fuzzMonkeyLength caps an input's steps, so the fuzzer tries many short sessions.
const fuzzMonkeyLength = 256

// The monkey with the fuzzer choosing the mode, the keys, the sizes and when messages
// arrive, for as long as you like:
//
//	go test -run '^$' -fuzz FuzzMonkey -fuzzminimizetime 1x -parallel 1 ./ui
//
// The labs run alongside the keys, and coverage guidance counts their goroutines too, so
// many inputs look new; without -fuzzminimizetime 1x the fuzzer spends up to a minute
// shrinking each of them, and a failure prints its steps whole anyway.
func FuzzMonkey(f *testing.F) {
	fl := &fuzzLabs{refs: map[string]*engineRef{}}
	f.Cleanup(fl.close)
	compare := slices.IndexFunc(monkeyModes, func(mm monkeyMode) bool { return mm.name == "compare" })
	f.Add(monkeyInput(compare, []monkeyStep{{kind: 'k', key: "b"}, {kind: 'k', key: "b"}, {kind: 'k', key: "b"}}))
	for seed := range uint64(len(monkeyModes)) {
		r := seededPick(seed)
		in := []byte{byte(seed)}
		for range 5 * 40 {
			b, _ := r(256)
			in = append(in, byte(b))
		}
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		mm := monkeyModes[int(in[0])%len(monkeyModes)]
		// The program's first message is the terminal's size.
		steps := append([]monkeyStep{{kind: 's', w: 120, h: 40}}, monkeySteps(bytesPick(in[1:]), fuzzMonkeyLength)...)
		mk, err := fl.session(mm, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if err := mk.run(steps); err != nil {
			t.Fatalf("mode %s: %v\nsteps: %s", mm.name, err, monkeyScript(steps))
		}
	})
}
