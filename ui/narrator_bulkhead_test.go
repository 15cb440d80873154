// Tests of the narrator's answers to what the bulkhead and the breaker trap raise: why this
// bulkhead size, and how much of the loss is the trap's (issue 22, newcomer 14).

package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// "Why 5?": the widest cap that still leaves the other classes what they need, and what
// payments would lose there against this cap, each the forecast's (lab tests them against
// Erlang B); the key named is the one that raises the size.
func TestNarrateWidestBulkhead(t *testing.T) {
	cfg, err := loadEmbedded("semaphore-bulkhead")
	if err != nil {
		t.Fatal(err)
	}
	s := &lab.Snapshot{Config: cfg, Elapsed: 8 * time.Second}
	s.Classes[lab.Signup].Arrived, s.Classes[lab.Health].Arrived = 1, 1
	p := cfg.Forecast().Payment
	if p.Widest <= cfg.Payment.Bulkhead.Size || p.OthersNeed < 1 {
		t.Fatalf("forecast %+v: want a wider cap than %d", p, cfg.Payment.Bulkhead.Size)
	}
	want := fmt.Sprintf("; %d, the widest cap that still leaves signups and health checks %d workers (forecast: under 0.1%% of them turned away), would reject ~%.0f%% of payments, where 5 rejects ~%.0f%% (press ] to raise it)",
		p.Widest, p.OthersNeed, 100*p.WidestLoss, 100*p.RejectedShare())
	if got := narrate(cfg, s); !strings.HasSuffix(got, want) {
		t.Errorf("semaphore-bulkhead:\n got %q\nwant it to end %q", got, want)
	}
	if k := keys.Size.Keys(); len(k) != 2 || k[1] != "]" || keys.Size.Help().Desc != "size" || !strings.Contains(keys.Size.long, "bulkhead's size") {
		t.Errorf("the key that raises the bulkhead size: %v %q", k, keys.Size.Help().Desc)
	}
	// At that cap, or with no one else to leave workers to, there is no wider to offer.
	wide := cfg
	wide.Payment.Bulkhead.Size = p.Widest
	if got := narrate(wide, s); strings.Contains(got, "widest cap") {
		t.Errorf("bulkhead of %d: %q", p.Widest, got)
	}
}

// The breaker trap's loss, split: what the bulkhead alone would reject (Erlang B, the
// breaker off) beside what the bulkhead and the breaker rejected so far.
func TestNarrateTrapShare(t *testing.T) {
	cfg, err := loadEmbedded("breaker-trap")
	if err != nil {
		t.Fatal(err)
	}
	open := trapSnapshot(cfg)
	pay := open.Classes[lab.Payment]
	want := fmt.Sprintf("; the bulkhead alone (breaker off) would reject ~%.0f%% of payments (forecast, Erlang B: random arrivals, turned away at once); so far %.0f%% are rejected:bulkhead and %.0f%% rejected:breaker",
		100*cfg.Forecast().Payment.RejectedShare(), 100*pay.RejectedShare(lab.RejectBulkhead), 100*pay.RejectedShare(lab.RejectBreaker))
	if got := narrate(cfg, open); !strings.HasSuffix(got, want) || !strings.Contains(want, "~62%") {
		t.Errorf("breaker-trap:\n got %q\nwant it to end %q (Erlang B(4, 2) = 62%%)", got, want)
	}
	// Permits enough for the calls: the bulkhead alone would reject none worth a clause.
	cfg.Payment.Bulkhead.Size = 8
	if got := narrate(cfg, open); strings.Contains(got, "bulkhead alone") {
		t.Errorf("a bulkhead big enough: %q", got)
	}
}

// trapSnapshot is breaker-trap open at 6 s, its counts the shape of a run's: most payments
// rejected:breaker, some rejected:bulkhead, a few ok.
func trapSnapshot(cfg lab.Config) *lab.Snapshot {
	s := &lab.Snapshot{Config: cfg, Elapsed: 6 * time.Second,
		Breaker: lab.BreakerStats{State: lab.BreakerOpen, OpenLeft: 1100 * time.Millisecond, Opened: 2, FailureRate: 80, Calls: 10,
			Threshold: 50, MinCalls: 10, Window: 10 * time.Second, Trials: 1, OpenFor: 3 * time.Second}}
	pay := &s.Classes[lab.Payment]
	pay.Arrived, pay.OK = 135, 8
	pay.Rejected[lab.RejectBulkhead], pay.Rejected[lab.RejectBreaker] = 15, 112
	s.Classes[lab.Signup].Arrived, s.Classes[lab.Signup].OK = 43, 43
	return s
}

// trapClosed is breaker-trap closed at 8 s after 2 openings, its counts and its pool a
// run's: 4 lines of narrator at 80x24, as a run's had.
func trapClosed(cfg lab.Config) *lab.Snapshot {
	s := trapSnapshot(cfg)
	s.Elapsed = 8 * time.Second
	s.Breaker.State, s.Breaker.OpenLeft, s.Breaker.FailureRate, s.Breaker.Calls = lab.BreakerClosed, 0, 40, 5
	pay := &s.Classes[lab.Payment]
	pay.Arrived, pay.OK, pay.InFlight, pay.Fallback = 152, 15, 2, 135
	pay.Rejected[lab.RejectBulkhead], pay.Rejected[lab.RejectBreaker] = 16, 119
	s.Pool = lab.PoolStats{Size: 20, Busy: 2, PeakBusy: 20, Workers: make([]lab.Worker, 20)}
	s.Pool.BusyBy[lab.Payment] = 2
	s.Bulkhead = lab.BulkheadStats{Type: lab.BulkheadSemaphore, Size: 2, InUse: 2}
	return s
}

// The spare clause is the last thing said: kept where there is room, and where it costs only
// health items; left out where it would cost the settings' rows, which keep the breaker's
// state and its next trial.
func TestNarratorSpareClause(t *testing.T) {
	cfg, err := loadEmbedded("breaker-trap")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*lab.Snapshot{trapSnapshot(cfg), trapClosed(cfg)} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			out := ansi.Strip(render(newTheme(false, true), testScreen(s, sz[0], sz[1])))
			checkFrame(t, out, sz[0], sz[1])
			flat := strings.Join(strings.Fields(out), " ")
			if s.Breaker.State == lab.BreakerOpen && !strings.Contains(flat, "next trial in 1.1s (opens for 3s, then 1 trial call)") {
				t.Errorf("%dx%d: the settings' rows lack the breaker's next trial:\n%s", sz[0], sz[1], out)
			}
			if spare := strings.Contains(flat, "the bulkhead alone (breaker off)"); spare != (sz[1] >= 40) {
				t.Errorf("%dx%d: spare clause shown %v:\n%s", sz[0], sz[1], spare, out)
			}
			// Where the whole clause would cost the settings, a brief form still tells the
			// trap's share (newcomer 15: the point of the moment, lost at 80x24), the condition
			// first (newcomer 22 read "~62% no breaker" as 62% having none), a forecast said so
			// and of what (newcomers 72 and 73 read "no breaker ~62%" as measured), in a form
			// that wraps no word alone ("~62%" on its own line under the sentence).
			if brief := strings.Contains(flat, "; forecast, breaker off: ~62% rejected"); brief != (sz[1] < 40) {
				t.Errorf("%dx%d %s: brief clause shown %v:\n%s", sz[0], sz[1], s.Breaker.State, brief, out)
			}
			says := narratorDrawn(newTheme(false, true), testScreen(s, sz[0], sz[1]))
			if len(says) == 0 || !strings.Contains(plainText(out), plainText(strings.Join(says, "\n"))) {
				t.Fatalf("%dx%d %s: the narrator laid out is not the frame's:\n%s", sz[0], sz[1], s.Breaker.State, strings.Join(says, "\n"))
			}
			// Whose share the brief's last figure is, where the breaker closed again: "with it"
			// (a bare "so far 89%" after "breaker off" read as the forecast's).
			if s.Breaker.State == lab.BreakerClosed && sz[1] < 40 && !strings.Contains(flat, "; with it, 89% so far") {
				t.Errorf("%dx%d: the brief's share so far is not said as with the breaker:\n%s", sz[0], sz[1], out)
			}
			if wordAlone(says) {
				t.Errorf("%dx%d %s: a word alone under the sentence:\n%s", sz[0], sz[1], s.Breaker.State, strings.Join(says, "\n"))
			}
			if !strings.Contains(flat, "so it opens even on a healthy dependency") {
				t.Errorf("%dx%d: the narrator's sentence is gone:\n%s", sz[0], sz[1], out)
			}
		}
	}
}

// narratorDrawn are the narrator panel's lines as the single lab's screen lays them out
// (mainPlan), not read back off the frame, where the settings' first row may start with any
// item.
func narratorDrawn(t *theme, s screen) []string {
	_, pl, _, _, _ := mainPlan(t, s)
	return pl.parts[panelAt(labPanels, narratorPanel)]
}

// Closed after it opened, the trap's settings still say how long each opening lasts and how
// many trial calls follow, whole on one line at both sizes (newcomer 67: "opened 2×" beside
// window, threshold and minimum, with nothing of what made 2 openings 119 of 152 payments
// rejected:breaker).
func TestClosedBreakerSaysItsOpenDuration(t *testing.T) {
	cfg, err := loadEmbedded("breaker-trap")
	if err != nil {
		t.Fatal(err)
	}
	s := trapClosed(cfg)
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		out := ansi.Strip(render(newTheme(false, true), testScreen(s, sz[0], sz[1])))
		checkFrame(t, out, sz[0], sz[1])
		if !strings.Contains(out, "minimum 10 · opens for 3s, then 1 trial call") {
			t.Errorf("%dx%d: the closed breaker's settings lack how long it stays open:\n%s", sz[0], sz[1], out)
		}
	}
}

// Half-open, the breaker preset's story is the trial, not the socket timeout's: "every
// payment times out" stood above 72 rejected:breaker of 97 (newcomer 22).
func TestNarrateHalfOpen(t *testing.T) {
	cfg, err := loadEmbedded("breaker")
	if err != nil {
		t.Fatal(err)
	}
	s := trapSnapshot(cfg)
	s.Breaker.State, s.Breaker.OpenLeft, s.Breaker.Calls = lab.BreakerHalfOpen, 0, 0
	s.Dependency.Requests = 25
	// Then what it gained, which its 0% ok, as without it, did not show (newcomer 23): the
	// calls not made and the payments answered at once; the workers freed only where the
	// pool would fill without it (newcomer 29: "each freed its worker" beside "pool full
	// 0.0s"), whatever the pool did so far.
	want := "breaker half-open: it lets 1 payment through to try the dependency; every other payment is rejected:breaker at once until the trial ends: it closes if the trial succeeds, opens again for 3s if it fails" +
		"; its gain so far: the 112 payments rejected:breaker called nothing and were answered at once, not after ~1.0s (the dependency got 25 calls in all)"
	s.Pool.FullFor = 2 * time.Second
	if got := narrate(cfg, s); got != want {
		t.Errorf("half-open, the timeout keeps workers free:\n got %q\nwant %q", got, want)
	}
	noTimeout := cfg
	noTimeout.Payment.Timeout.Kind = lab.TimeoutNone
	s.Config, s.Pool.FullFor = noTimeout, 0
	if got, want := narrate(noTimeout, s), strings.Replace(want, "~1.0s (", "~3.0s, freeing their workers (", 1); got != want {
		t.Errorf("half-open, no timeout:\n got %q\nwant %q", got, want)
	}
	s.Config = cfg
	if got := strings.Join(phrases(lab.SettingsItems(s.Config, s, 200)), " · "); !strings.Contains(got, "trial calls 0 of 1 ended") {
		t.Errorf("the trial's count: %q", got)
	}
}

// Open, the workers it keeps free are its gain only where payments would fill the pool
// without it: the breaker preset's 1s socket timeout keeps them free on its own, as the
// socket-timeout preset shows (newcomer 34 #1); without the timeout they are its gain.
func TestNarrateOpenFreesWorkers(t *testing.T) {
	cfg, err := loadEmbedded("breaker")
	if err != nil {
		t.Fatal(err)
	}
	s := trapSnapshot(cfg)
	s.Dependency.Requests = 24
	got := narrate(cfg, s)
	if want := "; even without the breaker, workers stay free for signups: payments need 10/s × 1.0s (socket timeout) = 10 of 20; its gain so far"; !strings.Contains(got, want) {
		t.Errorf("timeout 1s:\n got %q\nwant it to hold %q", got, want)
	}
	cfg.Payment.Timeout.Kind = lab.TimeoutNone
	s.Config = cfg
	got = narrate(cfg, s)
	for _, want := range []string{
		"; workers stay free for signups, which payments would fill without it: they need 10/s × 3.0s = 30 of 20;",
		"not after ~3.0s, freeing their workers (",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no timeout:\n got %q\nwant it to hold %q", got, want)
		}
	}

	// Review 27's two: a pool nearly full without the breaker (18 of 20) keeps nobody free,
	// and signups heavy enough to crowd it beside payments are not kept free while they starve.
	cfg, _ = loadEmbedded("breaker")
	cfg.Payment.Timeout.Duration = lab.Duration(1800 * time.Millisecond)
	s = trapSnapshot(cfg)
	if got = narrate(cfg, s); strings.Contains(got, "workers stay free") {
		t.Errorf("timeout 1.8s, 18 of 20 without the breaker:\n got %q\nwant no claim of free workers", got)
	}
	cfg, _ = loadEmbedded("breaker")
	cfg.Traffic.Signup.Rate = 5000
	s = trapSnapshot(cfg)
	want := "; workers stay free for signups, which payments would crowd out without it: they need 10/s × 1.0s (socket timeout) = 10 of 20"
	if got = narrate(cfg, s); !strings.Contains(got, want) {
		t.Errorf("signups need 10 beside payments' 10:\n got %q\nwant it to hold %q", got, want)
	}
	s.Classes[lab.Signup].Rejected[lab.RejectPool] = 5
	if got = narrate(cfg, s); strings.Contains(got, "workers stay free") || strings.Contains(got, "freeing their workers") {
		t.Errorf("signups starving now:\n got %q\nwant no claim of free workers", got)
	}
}

// s51pm leftover: in breaker-trap against shared-pool at 80x24, A's settings line put its
// bulkhead first, as it differs between the halves too, and hid the open breaker behind
// "…". An open breaker shows in its half, A or B.
func TestCompareHalfShowsItsOpenBreaker(t *testing.T) {
	cfg, err := loadEmbedded("breaker-trap")
	if err != nil {
		t.Fatal(err)
	}
	trap, shared := trapSnapshot(cfg), testSnapshot()
	for i, pair := range [][2]*lab.Snapshot{{trap, shared}, {shared, trap}} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			s := screen{panes: []pane{{snap: pair[0], cfg: pair[0].Config}, {snap: pair[1], cfg: pair[1].Config}},
				width: sz[0], height: sz[1], recorded: true}
			out := ansi.Strip(render(newTheme(false, true), s))
			if !checkFrame(t, out, sz[0], sz[1]) {
				continue // a frame that does not fit failed the test there; its halves cannot be cut
			}
			// The trap's half: beside the other, cut at the divider's column (sides); stacked
			// (80x24), A's lines before B's pane title, B's from it to the summary's title.
			lines := strings.Split(out, "\n")
			var side []string
			for _, l := range lines {
				if a, b, ok := sides(l, sz[0]); ok {
					side = append(side, [2]string{a, b}[i])
				}
			}
			if len(side) == 0 {
				bAt := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "  B ") })
				sumAt := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "── A vs B") })
				if bAt < 0 || sumAt < bAt {
					t.Errorf("%dx%d: no halves side by side, nor B's pane title above the summary:\n%s", sz[0], sz[1], out)
					continue
				}
				side = [2][]string{lines[:bAt], lines[bAt:sumAt]}[i]
			}
			half := strings.Join(side, "\n")
			if !strings.Contains(half, "breaker OPEN") {
				t.Errorf("breaker-trap as %c at %dx%d: its open breaker not shown:\n%s", "AB"[i], sz[0], sz[1], out)
			}
		}
	}
}

// The long run's words have one source, lab's: the bulkhead's price and the help's entry
// quote the same model (review 38b m6: three copies by hand could drift apart).
func TestLongRunWordsFromLab(t *testing.T) {
	if got := (lab.BulkheadConfig{}).LongRunPrice(); got != lab.LongRun+" ("+lab.ErlangBAtOnce+")" {
		t.Errorf("a bulkhead that neither waits nor queues: %q", got)
	}
	if got := (lab.BulkheadConfig{Queue: 10}).LongRunPrice(); got != longRun || !strings.Contains(got, lab.ErlangB) {
		t.Errorf("a bulkhead with a queue: %q", got)
	}
	i := slices.IndexFunc(lab.ScreenWords(), func(it lab.Item) bool { return it.Label == lab.LongRun })
	if i < 0 || !strings.Contains(lab.ScreenWords()[i].Value, `"(`+lab.ErlangBAtOnce+`)"`) {
		t.Errorf("the help's %q does not quote %q", lab.LongRun, lab.ErlangBAtOnce)
	}
}
