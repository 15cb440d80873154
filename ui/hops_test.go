package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// stackedSnapshot is stacked-timeouts 6 s in: 3 hops, each retrying 3 times, the last slow.
func stackedSnapshot() lab.Snapshot {
	s := *testSnapshot()
	c := &s.Config
	c.Name = "stacked-timeouts"
	c.Payment.Deadline = lab.Duration(time.Second)
	c.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutSocket, Duration: lab.Duration(250 * time.Millisecond)}
	c.Payment.Retry = lab.RetryConfig{Attempts: 3, Backoff: lab.Duration(100 * time.Millisecond), Jitter: lab.JitterFull,
		On: []lab.RetryCondition{lab.RetryOnTimeout, lab.RetryOn5xx, lab.RetryOnRefused}}
	c.Dependency.Hops, c.Dependency.Deadline, c.Dependency.RetryAt = 3, lab.DeadlinePerHop, lab.RetryAtEveryHop
	c.Dependency.Hop = lab.HopConfig{Timeout: lab.Duration(250 * time.Millisecond), Retry: 3}
	s.Calls = lab.CallStats{Payments: 60, Retries: 110}
	s.Pool.InPhase[lab.PhaseCall] = s.Pool.Busy // every busy worker waits on its call to hop 1
	s.Hops = []lab.HopStats{{Requests: 170, InFlight: 24, AfterAnswer: 100}, {Requests: 500, InFlight: 58, AfterAnswer: 398},
		{Requests: 1362, InFlight: 47, AfterAnswer: 823}}
	return s
}

// The chain shows with each hop's requests in flight and its work after the user was answered, the
// amplification under it, and the narrator multiplies the layers' tries.
func TestHopsOnScreen(t *testing.T) {
	s := stackedSnapshot()
	// Beside each measure, what the same payments should have made by now, lab's (issue 22
	// #15: "2.86× (forecast 3×)" beside a narrator's 27 compared payments not done with
	// those done).
	r := s.Config.Forecast().Retry
	edge, ok := s.EdgeDue(r)
	d, ok3 := s.DeepestDue(r)
	deepest := d.PerPayment()
	if !ok || !ok3 || edge >= 3 || deepest >= 27 {
		t.Fatalf("due by now: hop 1 %.2f (%v), hop 3 %.2f (%v); want short of 3 and 27", edge, ok, deepest, ok3)
	}
	for _, c := range []struct {
		w, h int
		want []string
	}{
		// The first box names both its numbers in words, the key to the rest's (newcomer
		// 65). The lab's calls are to hop 1, and the health line's
		// dependency is hop 1 too.
		// The edge defined where the narrator first names it (newcomer 39 G9).
		{120, 40, []string{"» the edge (" + lab.EdgeIs + "), hop 1 and hop 2 retry on their own", "[hop 1: 24 in flight now, 100 so far after user answered] → [hop 2: 58 now, 398 after] → [hop 3: 47 now, 823 after]",
			fmt.Sprintf("calls/payment at hop 1 2.83× (170 ÷ 60 that called; arrivals give ~%s by now, forecast 3×)", lab.FmtPerPayment(edge)),
			// Reckoned from arrivals, not from the count it may match (newcomer 62 W12).
			fmt.Sprintf("at hop 3 22.70× (arrivals give ~%s by now, forecast ≤ 27×)", lab.FmtPerPayment(deepest)), "calls at hop 1 now 20 (peak 20 at once since 0s, 44 calls)",
			// A socket timeout hangs up on hop 1 here too: the settings say why the hops between
			// work on, while the last, like socket-timeout's dependency, stops, and why: it is the
			// dependency (newcomer 45 G6).
			"(none passed down; hop 3, the dependency, drops a call hop 2 hangs up on, hops 1 and 2 work on)"}},
		// No "hop: now" at 80 (review 27 #3): it said nothing of the first number; nor a
		// legend without "now" and "so far" (newcomer 39 G10: 823 read as a count now): the
		// boxes name their numbers, the key on a line before them.
		{80, 24, []string{"» the edge (" + lab.EdgeIs + "), hop 1", "edge → [1: 24 now, 100 after] → [2: 58 now, 398 after] → [3: 47 now, 823 after]", "[hop: now = in flight, after = so far at work after the user was answered]"}},
	} {
		frame := ansi.Strip(Frame([]lab.Snapshot{s}, c.w, c.h, true, false))
		for _, want := range c.want {
			if !strings.Contains(frame, want) {
				t.Errorf("%dx%d: no %q in\n%s", c.w, c.h, want, frame)
			}
		}
	}
	var spare spareClause
	msg, ok := narrateHops(s.Config, s.Config.Forecast(), &s, &spare)
	// The edge's gloss, and which calls the sum counts (newcomer 65: begun after the answer,
	// or running on?), on one lab's screen.
	if spare.gloss != [2]string{lab.EdgeName, lab.EdgeIs} {
		t.Errorf("narrator's gloss %q, want the edge's", spare.gloss)
	}
	if want := [2]string{"(100 + 398 + 823)", "(100 + 398 + 823: " + lab.AtWorkHow + ")"}; spare.then != want {
		t.Errorf("narrator's then %q, want %q", spare.then, want)
	}
	if !ok || !strings.Contains(msg, "the edge, hop 1 and hop 2 retry on their own and every try times out: 3 × 3 × 3 = 27 calls per payment at hop 3 (the dependency), measured 22.70") || !strings.Contains(msg, "; 1321 hop calls were at work after the user was answered (100 + 398 + 823), for nobody") {
		t.Errorf("narrator: %q", msg)
	}
	// Why the measure falls short of 27 (newcomer 15): the latest payments' last calls are
	// yet to come, said in the sentence, which a compare half keeps (newcomer 18); its
	// numbers are lab's (TestDeepestDue).
	due, ok := s.DeepestDue(s.Config.Forecast().Retry)
	if !ok || !strings.Contains(msg, fmt.Sprintf("measured 22.70 (arrivals give ~%s by now: a payment's 27th call comes ≤%s after it)", lab.FmtPerPayment(due.PerPayment()), fmtSecs(due.Last))) {
		t.Errorf("narrator, why not 27: %q", msg)
	}
	// How the expected figure is reckoned, in the run's counts (lab Due.Said), where that
	// costs no line on one lab's screen (newcomer 56 #12, newcomer 60); a compare half keeps
	// the brief form, the whole cost it a line of settings
	// (TestHopsCompareSettingsKeepTheCause). Here it would cost a line at both sizes.
	if _, whole := due.Said(); spare.fuller[1] != whole || !strings.Contains(msg, "("+spare.fuller[0]+")") {
		t.Errorf("narrator's fuller form %q, want %q", spare.fuller, whole)
	}
	// And the sum that makes that time, where there is room (newcomer 31: "3.5s" beside
	// "500ms a try").
	// Each term read from the settings, the edge's longest jittered wait and the hops' fixed
	// one (newcomer 34 #2 guessed 550ms = 500ms + 50ms), the age the latest's: at the mean,
	// "all 27 started" was untrue of a payment whose edge waited longer (newcomer 68).
	// At a glance, what its factor counts (newcomer 36 #25 guessed the 2; newcomer 45 G5:
	// "= 2 × (300ms + 350ms + 350ms), 2 retries per layer: …" took far longer).
	if want := fmt.Sprintf("; %s = 700ms (edge) + 700ms (hop 1) + 700ms (hop 2): each layer's first 2 tries and their waits", fmtSecs(due.Last)); spare.long != want ||
		spare.alone != want+" (edge 250ms + up to 100ms, hops 250ms + 100ms)" || fmtSecs(due.Last) != "2.1s" {
		// On one lab's screen with each layer's try and wait, which 80x24's one line of
		// settings does not say (newcomer 54).
		t.Errorf("narrator's spare clause %+v, want %q", spare, want)
	}
	// Briefly, the shares alone, for a screen where the whole costs a line: the projected
	// 120x40 said nothing of the 3.5s that 80x24 added up (newcomer 50 #1).
	if want := fmt.Sprintf("; %s = 700ms (edge) + 700ms (hop 1) + 700ms (hop 2)", fmtSecs(due.Last)); spare.short != want {
		t.Errorf("narrator's brief spare clause %q, want %q", spare.short, want)
	}
	// The lab gives up before the user does: the narrator says whose the table's p99 is, by
	// the name the sentence gives the layer ("the edge" was defined only in B, newcomer 30).
	early := s
	early.Classes[lab.Payment].Latency.P99 = 800 * time.Millisecond
	early.Classes[lab.Payment].OK = 0 // every p99 a give-up time
	if msg, _ := narrateHops(early.Config, early.Config.Forecast(), &early, &spareClause{}); !strings.Contains(msg,
		"the edge gives up by 800ms (p99) and answers the user, yet 1321 hop calls were at work after the user was answered") {
		t.Errorf("narrator, the lab giving up first: %q", msg)
	}
	// What acts first, and that the deadline does not (newcomer 43 G-12: "deadline 2s" in
	// the chain beside a give-up by 1.68s): only where the slowest of all finished before it
	// and none was turned away for it.
	idle := early
	idle.Classes[lab.Payment].Latency.Max = 850 * time.Millisecond
	const says = "the edge gives up by 800ms (p99) and answers the user (the 1s deadline never acts), yet 1321 hop calls"
	if msg := afterAnswer(&idle, &spareClause{}); !strings.Contains(msg, says) {
		t.Errorf("deadline never acting: %q, want %q", msg, says)
	}
	idle.Classes[lab.Payment].Rejected[lab.RejectDeadline] = 1
	if msg := afterAnswer(&idle, &spareClause{}); strings.Contains(msg, "never acts") {
		t.Errorf("deadline that turned one away: %q", msg)
	}
	// With a deadline or without, the p99 is a give-up time only where no payment finished
	// ok: with some ok it may be an ok payment's latency, and the count is said bare
	// (review 30 ui #3 without, review 31 #7 with).
	for _, dl := range []lab.Duration{early.Config.Payment.Deadline, 0} {
		early.Config.Payment.Deadline = dl
		for ok, want := range map[int64]string{
			0:  "; the edge gives up by 800ms (p99) and answers the user, yet 1321 hop calls were at work after the user was answered",
			12: "; 1321 hop calls were at work after the user was answered (100 + 398 + 823), for nobody",
		} {
			early.Classes[lab.Payment].OK = ok
			var spare spareClause
			msg, then := afterAnswer(&early, &spare), spare.then
			if !strings.HasPrefix(msg, want) {
				t.Errorf("deadline %s, %d ok: %q, want it to open %q", dl, ok, msg, want)
			}
			// The sum the narrator says fuller where it costs no line is the one it says.
			if !strings.Contains(msg, then[0]+", for nobody") || then[1] != "(100 + 398 + 823: "+lab.AtWorkHow+")" {
				t.Errorf("deadline %s, %d ok: then %q, not the sum in %q", dl, ok, then, msg)
			}
		}
	}
	// Alone, every box names its numbers (newcomer 65: bare, "[1: 30, 81] → [2: 81, 240]"
	// read as 81 flowing from hop 1 to hop 2, a legend a line away or not): the first in
	// words, the key to the rest, "hop" and "now" and "so far" kept as the phrase shortens
	// (newcomer 39 G10), then the ends go and the arrows narrow.
	chain := func(s *lab.Snapshot, w int) (string, string) {
		line, key := chainLine(newTheme(true, true), s, w, nil, 0)
		return ansi.Strip(line), key
	}
	// "At work after": begun or still running after the user was answered, both counted (newcomer 34 #31
	// read "so far past the user's 2s" as either).
	// One phrase, lab's, cut at narrow widths to the compare row's "after user answered"
	// (review 27 #4: "worked on past", "so far at work past", "after user answered").
	for w, want := range map[int]string{160: "edge ─▶ [hop 1: 24 in flight now, 100 so far at work after the user was answered] ─▶ [hop 2: 58 now, 398 after] ─▶ [hop 3 slow 3s: 47 now, 823 after]",
		136: "[hop 1: 24 in flight now, 100 so far at work after the user was answered] → [hop 2: 58 now, 398 after] → [hop 3: 47 now, 823 after]",
		120: "[hop 1: 24 in flight now, 100 so far after user answered] → [hop 2: 58 now, 398 after] → [hop 3: 47 now, 823 after]",
		110: "[hop 1: 24 now, 100 so far after user answered] → [hop 2: 58 now, 398 after] → [hop 3: 47 now, 823 after]"} {
		if line, key := chain(&s, w); line != want || key != "" {
			t.Errorf("the chain at %d columns: %q (key %q), want %q", w, line, key, want)
		}
	}
	// Narrower, the key on a line of its own, in the boxes' shape (newcomer 23 had to
	// decode "[1: 31, 58]"), before them, never cut; the boxes keep their words.
	for w, want := range map[int][2]string{
		104: {"edge → [hop 1: 24 now, 100 after] → [hop 2: 58 now, 398 after] → [hop 3 slow 3s: 47 now, 823 after]", "[hop: now = in flight, after = so far at work after the user was answered]"},
		80:  {"edge → [1: 24 now, 100 after] → [2: 58 now, 398 after] → [3: 47 now, 823 after]", "[hop: now = in flight, after = so far at work after the user was answered]"},
		74:  {"[1: 24 now, 100 after] → [2: 58 now, 398 after] → [3: 47 now, 823 after]", "[hop: now = in flight, after = so far at work after the user was answered]"},
		// Where even those do not fit, the boxes go bare, under the key that names both numbers.
		59: {"edge → [1: 24, 100] → [2: 58, 398] → [3: 47, 823]", "each box: [hop: in flight now, so far after user answered]"},
		47: {"[1: 24, 100] → [2: 58, 398] → [3: 47, 823]", "each box: in flight now, so far after user answered"}} {
		if line, key := chain(&s, w); line != want[0] || key != want[1] {
			t.Errorf("the chain at %d columns: %q, key %q; want %q", w, line, key, want)
		}
	}
	// A compare half's boxes stay bare beside a legend: the halves have no line to spare.
	// The briefest, "after answer", only after a compare half's boxes of hundreds (newcomer
	// 37 #22: "after answer" left the second number unexplained at 80x24).
	if line, key := chainLine(newTheme(true, true), &s, 74, &s, 74); ansi.Strip(line) != "[1: 24, 100] → [2: 58, 398] → [3: 47, 823] (hop: in flight, after answer)" || key != "" {
		t.Errorf("the chain in a compare half at 74 columns: %q (key %q)", ansi.Strip(line), key)
	}
	// At every level: the tight ones, which keep only the chain, keep its key too (the
	// tour's hops chapter at 120x40 showed bare boxes); the items under it whole, in fewer words
	// where their note has no room ("calls/payment … (170 ÷ 60 that called; foreca…").
	for level := levelFull; level <= levelBare; level++ {
		lines := hopsLines(newTheme(true, true), &s, 80, level, nil, 0)
		// The key before the boxes, read first (newcomer 51 #2).
		if len(lines) < 2 || ansi.Strip(lines[0]) != "[hop: now = in flight, after = so far at work after the user was answered]" || !strings.HasPrefix(ansi.Strip(lines[1]), "edge → [1: 24 now, 100 after]") {
			t.Errorf("the chain at 80 columns, level %d, no key before it: %q", level, lines)
		}
		for _, l := range lines {
			if strings.Contains(l, "…") || ansiWidth(l) > 80 {
				t.Errorf("the chain at 80 columns, level %d, a line cut: %q", level, l)
			}
		}
	}
	for _, line := range hopsLines(newTheme(true, true), &s, 120, levelFull, nil, 0) {
		if strings.Contains(ansi.Strip(line), "late") {
			t.Errorf("a word for after user answered other than the summary's: %q", line)
		}
	}
	s.Config.Dependency.Deadline, s.Config.Dependency.RetryAt = lab.DeadlinePropagate, lab.RetryAtEdge
	s.Hops = []lab.HopStats{{Requests: 170}, {Requests: 170}, {Requests: 170}}
	var none spareClause
	if msg, _ := narrateHops(s.Config, s.Config.Forecast(), &s, &none); none.then != [2]string{} { // no sum to say fuller
		t.Errorf("narrator with propagation, no call after the answer: then %q", none.then)
	} else if !strings.Contains(msg, "2.83 calls per payment at hop 3 (at most 3)") ||
		!strings.Contains(msg, "(at most 3): only the edge (a worker's call to hop 1) retries: hops 1 and 2 are set to try once, and have no time left to retry; ") ||
		!strings.Contains(msg, "no hop call was at work after the user was answered: the deadline travels down and each hop stops when its caller hangs up") {
		// Each effect beside its cause (newcomer 45 G1): the calls saved to the hops' one
		// try, a setting, and to the deadline, which leaves them no time for another; the
		// work for nobody gone to the deadline and the hang-ups.
		t.Errorf("narrator with propagation: %q", msg)
	}
	// The edge trying once, nothing retries: not "only the edge retries" beside "at most 1".
	once := s
	once.Config.Payment.Retry.Attempts = 1
	if msg, _ := narrateHops(once.Config, once.Config.Forecast(), &once, &spareClause{}); !strings.Contains(msg, "(at most 1): nothing retries: the edge (a worker's call to hop 1) tries once, hops 1 and 2 are set to try once") {
		t.Errorf("propagation, the edge trying once: %q", msg)
	}
	// Set to retry at the edge, but its tries do not fail (a fast dependency): not "only the
	// edge retries" beside "at most 1" (review 41b M2).
	fast := s
	fast.Config.Dependency.Latency = lab.Duration(100 * time.Millisecond)
	if msg, _ := narrateHops(fast.Config, fast.Config.Forecast(), &fast, &spareClause{}); !strings.Contains(msg, "(at most 1): hops 1 and 2 are set to try once, only the edge (a worker's call to hop 1) would retry, and its tries do not fail") {
		t.Errorf("propagation, a fast dependency: %q", msg)
	}
	// Per-hop with the hops' timeouts off, their tries succeed: only the edge's retries
	// multiply, and no hop timeout of "0s" (review 40a M3: "the edge, hop 1 and hop 2 retry
	// on their own and every try times out: … 3 × 3 × 3 = 3").
	off := s
	off.Config.Dependency.Deadline, off.Config.Dependency.RetryAt, off.Config.Dependency.Hop.Timeout = lab.DeadlinePerHop, lab.RetryAtEveryHop, 0
	if msg, _ := narrateHops(off.Config, off.Config.Forecast(), &off, &spareClause{}); !strings.Contains(msg, "each of the 3 hops sets no timeout of its own") ||
		!strings.Contains(msg, "(at most 3: only the edge retries)") || strings.Contains(msg, "×") {
		t.Errorf("per-hop, the hops' timeouts off: %q", msg)
	}
	// Two hops: one hop calls another, and its verbs say so (review 38: "hop 1 are set").
	two := s
	two.Config.Dependency.Hops, two.Hops = 2, s.Hops[:2]
	if msg, _ := narrateHops(two.Config, two.Config.Forecast(), &two, &spareClause{}); !strings.Contains(msg, "hop 1 is set to try once") || strings.Contains(msg, "hop 1 are") || strings.Contains(msg, "hop 1 have") {
		t.Errorf("two hops: %q", msg)
	}
	// None after the user was answered: the boxes keep their second number, 0, and the same legend, so
	// that the hops compare draws both panes in one form (newcomer 14: "[hop 1: 3] … (each:
	// in flight now)" beside "[hop 1: 12, 88] …").
	// One line, exactly: "payments ─▶ …" is drawn no longer (review 29 ui #10).
	if line, _ := chain(&s, 120); line != "edge → [hop 1: 0 in flight now, 0 so far after user answered] → [hop 2: 0 now, 0 after] → [hop 3: 0 now, 0 after]" {
		t.Errorf("the chain with none after the user was answered: %q", line)
	}
	// A dependency that ignores a hang-up works on: the words say so in both modes (the
	// second review).
	deaf := s
	deaf.Config.Dependency.IgnoreCancel = true
	if msg, _ := narrateHops(deaf.Config, deaf.Config.Forecast(), &deaf, &spareClause{}); !strings.Contains(msg, "hops 1 and 2 stop when their caller hangs up, hop 3 works on") {
		t.Errorf("propagation, the dependency ignoring hang-ups: %q", msg)
	}
	if items := fmt.Sprint(lab.SettingsItems(deaf.Config, &deaf, 120)); !strings.Contains(items, "hops 1 and 2 stop when their caller hangs up, hop 3 works on") {
		t.Errorf("propagation's setting, the dependency ignoring hang-ups: %s", items)
	}
	deaf.Config.Dependency.Deadline = lab.DeadlinePerHop
	if items := fmt.Sprint(lab.SettingsItems(deaf.Config, &deaf, 120)); !strings.Contains(items, "no hop stops when its caller hangs up") {
		t.Errorf("per-hop's setting, the dependency ignoring hang-ups: %s", items)
	}
	// A try ends at a hop's 504, before the edge's own timeout, when the hops keep back
	// some of it: the forecast's try, said in the narrator, with which hop gives up first and
	// who passes its 504 up (newcomer 35 #15: "when hop 1 answers 504" left both to guess);
	// where there is room, the deadline each hop is given, the try's timeline.
	s.Config.Dependency.Hop.Reserve = lab.Duration(50 * time.Millisecond)
	if f, msg, spare := s.Config.Forecast().Retry, "", (spareClause{}); f.Reserved {
		msg, _ = narrateHops(s.Config, s.Config.Forecast(), &s, &spare)
		if !strings.Contains(msg, "a try ends in ~"+fmtDur(f.Try)+" (") || !strings.Contains(msg, "when hop 2 gives up on hop 3 and answers 504, which hop 1 passes up") ||
			!strings.Contains(msg, "with each try (the user's 1s, cut to the try's ") {
			t.Errorf("the try's length: %q", msg)
		}
		if want := "; a try's deadline as each hop receives it: 250ms at hop 1, 200ms at hop 2, 150ms at hop 3"; spare.long != want || !spare.idle {
			t.Errorf("the try's timeline %+v, want %q, said only where it costs nothing", spare, want)
		}
		// Set to retry, they retry in vain: said so from the hops' counts, hop 3's calls as
		// hop 1's, beside the edge's count at hop 3, not from a setting (newcomer 54).
		every := s
		every.Config.Dependency.RetryAt, every.Config.Dependency.Hop.Retry = lab.RetryAtEveryHop, 3
		if msg, _ := narrateHops(every.Config, every.Config.Forecast(), &every, &spareClause{}); !strings.Contains(msg, "(at most 3), as at hop 1: hops 1 and 2, set to retry, have no time for it, so only the edge (a worker's call to hop 1) retries; ") {
			t.Errorf("propagation, the hops retrying too: %q", msg)
		}
		// The edge set to try once: its setting's doing, not the hops' lack of time (review
		// 48 #1: "have no time for it, so nothing retries: the edge … tries once").
		everyOnce := every
		everyOnce.Config.Payment.Retry.Attempts = 1
		if msg, _ := narrateHops(everyOnce.Config, everyOnce.Config.Forecast(), &everyOnce, &spareClause{}); !strings.Contains(msg, "have no time for it; nothing retries: the edge (a worker's call to hop 1) tries once; ") || strings.Contains(msg, ", so ") {
			t.Errorf("propagation, the hops retrying, the edge trying once: %q", msg)
		}
		// Where the hops did retry, no layer retries "only" (review 48 #2); before a call
		// reached hop 1, nothing measured is said of them.
		retried := every
		retried.Hops = []lab.HopStats{{Requests: 100}, {Requests: 150}, {Requests: 200}}
		if msg, _ := narrateHops(retried.Config, retried.Config.Forecast(), &retried, &spareClause{}); !strings.Contains(msg, "(at most 3), 100 more calls than at hop 1: hops 1 and 2 retried; ") || strings.Contains(msg, "only the edge") {
			t.Errorf("propagation, the hops retried: %q", msg)
		}
		early := every
		early.Hops = []lab.HopStats{{}, {}, {}}
		if msg, _ := narrateHops(early.Config, early.Config.Forecast(), &early, &spareClause{}); strings.Contains(msg, "hop 1:") || strings.Contains(msg, "no time for it") {
			t.Errorf("propagation, no call at hop 1 yet: %q", msg)
		}
		// Where their own cap ends a try early, the time left has room for their retries:
		// nothing said of them, the count beside its forecast alone.
		capped := every
		capped.Config.Dependency.Hop.Timeout, capped.Config.Payment.Retry.Backoff = lab.Duration(100*time.Millisecond), 0
		if msg, _ := narrateHops(capped.Config, capped.Config.Forecast(), &capped, &spareClause{}); !strings.Contains(msg, "(at most 9); no hop call") {
			t.Errorf("propagation, the hops' retries with room: %q", msg)
		}
	} else {
		t.Errorf("the fixture's tries end at the edge's timeout: %+v", f)
	}
	// A caller timeout walks away but carries no deadline down: the user's goes alone.
	caller := s.Config
	caller.Payment.Timeout.Kind = lab.TimeoutCaller
	if msg, _ := narrateHops(caller, caller.Forecast(), &s, &spareClause{}); !strings.Contains(msg, "with each try (the user's 1s):") {
		t.Errorf("a caller timeout: %q", msg)
	}
	// A dependency that is down answers before any reserve: no 504 ends the try.
	s.Config.Dependency.Mode = lab.ModeDown
	if msg, _ := narrateHops(s.Config, s.Config.Forecast(), &s, &spareClause{}); strings.Contains(msg, "504") {
		t.Errorf("a down dependency, yet: %q", msg)
	}
}

// Retries without hops: the storm, then the budget.
// Where the narrator's sum whole would cost the table's notes, the hops' items go to one
// line first: stacked-timeouts at 120x40 said "3.5s = ~1.1s (edge) + …" without what the
// terms are, its hops' items on two lines (newcomer 51 #1). At 34 rows, the test's run.
func TestHopsItemsGiveWayToTheSum(t *testing.T) {
	s := stackedSnapshot()
	frame := ansi.Strip(Frame([]lab.Snapshot{s}, 120, 34, true, false))
	words := strings.Join(strings.Fields(frame), " ") // the sentence as wrapped, unwrapped
	for _, want := range []string{"2.1s = 700ms (edge) + 700ms (hop 1) + 700ms (hop 2): each layer's first 2 tries and their waits",
		"p99 of fewer than 100 is the slowest of them", "calls/payment at hop 1 2.83× (~2.40 due by now, 3× in all) · at hop 3 22.70×"} {
		if !strings.Contains(words, want) {
			t.Errorf("no %q in\n%s", want, frame)
		}
	}
}

// At 80x24 the settings are one line, without the hops' tries and waits: on one lab's
// screen the narrator's sum says them itself, each layer's try and wait, where that costs a
// line of nothing more needed (the preset's 80x24 at 8s gives way its pool's legend), and
// the sum without them where it would (newcomer 54: "3.5s = ~1.1s (edge) + 1.2s (hop 1) +
// 1.2s (hop 2)" with nothing on screen to add up).
func TestStackedSumSaysItsTerms(t *testing.T) {
	s := stackedSnapshot()
	terms := "each layer's first 2 tries and their waits (edge 250ms + up to 100ms, hops 250ms + 100ms)"
	c := newLabCtx(newTheme(true, true), testScreen(&s, 80, 24), 0, 80, 0)
	level := levelTight // the settings in one line: the hops' tries and waits not among them
	said := func(c labCtx) string {
		return strings.Join(strings.Fields(ansi.Strip(strings.Join(c.draw(narratorPanel, level), " "))), " ")
	}
	if got := said(c); !strings.Contains(got, terms) {
		t.Errorf("alone: %q, want %q", got, terms)
	}
	// Where the settings rows say each try and wait, not alone's terms: the line is the
	// figure's sum's (newcomer 63 G12, 120x40); the terms briefly where they cost no line
	// (newcomer 64: 120x40 said the sum without them), after which calls the hops' sum counts
	// (newcomer 65): here, at 80 columns, the terms have no room left (120 columns have,
	// TestStackedFigureWholeAt120).
	level = levelFull
	if got := said(c); strings.Contains(got, "(edge 250ms") || !strings.Contains(got, "(100 + 398 + 823: "+lab.AtWorkHow+")") {
		t.Errorf("beside the settings rows: %q", got)
	}
	level = levelTight
	// A compare half says the long form already: never the alone form, nor tried in its
	// place (review 48 #5: a compare half laid out the same plan again).
	half := newLabCtx(newTheme(true, true), testScreen(&s, 80, 24), 0, 80, 0)
	half.s.panes = append(half.s.panes, half.s.panes[0])
	if _, spare := c.narration(); !c.saysAlone(spare) || half.saysAlone(spare) {
		t.Errorf("the alone form: on one lab's screen %v, in a compare half %v", c.saysAlone(spare), half.saysAlone(spare))
	}
	c.spare = spareLongAlone
	if got := said(c); strings.Contains(got, "(edge 250ms") || !strings.Contains(got, "each layer's first 2 tries and their waits") {
		t.Errorf("as a compare half says it: %q", got)
	}
	// Where the terms cost (the fixture's full pool at 80x24 needs its queue's row, or, every
	// setting whole, the settings' whole "queue none" item that says it: queueLost's rule),
	// the sum as before, never the terms at the cost of a needed row.
	frame := ansi.Strip(Frame([]lab.Snapshot{s}, 80, 24, true, false))
	queueSaid := false
	for _, l := range strings.Split(frame, "\n") {
		items := strings.Split(l, " · ")
		queueSaid = queueSaid || strings.HasPrefix(l, "queue    none") ||
			len(items) > 1 && slices.ContainsFunc(items, func(it string) bool { return strings.TrimSpace(it) == "queue none" })
	}
	words := strings.Join(strings.Fields(frame), " ")
	if !queueSaid || strings.Contains(words, "(edge 250ms") || !strings.Contains(words, "2.1s = 700ms (edge) + 700ms (hop 1) + 700ms (hop 2)") {
		t.Errorf("80x24: the queue said by its row or a whole settings item %v; the sum, without the terms:\n%s", queueSaid, frame)
	}
}

func TestRetryNarrator(t *testing.T) {
	s := *testSnapshot()
	c := &s.Config
	c.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutSocket, Duration: lab.Duration(time.Second)}
	c.Payment.Retry = lab.RetryConfig{Attempts: 3, Backoff: lab.Duration(100 * time.Millisecond), Jitter: lab.JitterFull,
		On: []lab.RetryCondition{lab.RetryOnTimeout}}
	s.Calls = lab.CallStats{Payments: 100, Retries: 182}
	msg, ok := narrateHops(*c, c.Forecast(), &s, &spareClause{})
	if !ok || !strings.Contains(msg, "every try times out (1.0s timeout < 3.0s call), so every payment that calls tries 3 times: 2.82 calls per payment") ||
		!strings.Contains(msg, "10/s × 3.1s = 31 workers of 20") {
		t.Errorf("storm: %q", msg)
	}
	// Under the forecast while payments are still trying, said so (newcomer 27: 2.79 beside
	// "tries 3 times"); with none in flight, the forecast alone.
	s.Classes[lab.Payment].InFlight = 4
	if msg, _ := narrateHops(*c, c.Forecast(), &s, &spareClause{}); !strings.Contains(msg, "2.82 calls per payment that called (forecast 3× once those in flight end)") {
		t.Errorf("storm with payments in flight: %q", msg)
	}
	s.Classes[lab.Payment].InFlight = 0
	if msg, _ := narrateHops(*c, c.Forecast(), &s, &spareClause{}); !strings.Contains(msg, "(forecast 3×), and") {
		t.Errorf("storm with none in flight: %q", msg)
	}
	// With a profile, the storm's Little's law is the peak rate's, as its workers are (it
	// wrote the base rate against the peak's workers: 10/s × 3.1s = 62).
	c.Traffic.Payment.Profile = []lab.RateStep{{At: lab.Duration(5 * time.Second), Rate: 20}}
	if msg, _ := narrateHops(*c, c.Forecast(), &s, &spareClause{}); !strings.Contains(msg, "payments need 20/s × 3.1s = 62 workers of 20") {
		t.Errorf("storm with a peak: %q", msg)
	}
	c.Traffic.Payment.Profile = nil
	c.Payment.Retry.Budget = 10
	// A budget of 10% lets 9 of 100 payments retry (19 would be more than it allows: the
	// review's L2); the 91 others, and the 9's second tries, are refused.
	s.Calls = lab.CallStats{Payments: 100, Retries: 9, BudgetDenied: 100}
	// The retries' share of what the budget counts, the payments (newcomer 22: "near 10% of
	// the calls in flight", a base shown nowhere); each try times out, not "fails": the
	// table's failed is the dependency's error (newcomer 28).
	if msg, _ := narrateHops(*c, c.Forecast(), &s, &spareClause{}); !strings.Contains(msg, "every try times out, but the 10% retry budget refused 100 retries: 9 retries for 100 payments, 9% (it allows up to 10% of the payments in the last 10s), 1.09 calls per payment instead of 3×") {
		t.Errorf("budget: %q", msg)
	}
	c.Dependency.Mode = lab.ModeHealthy
	if _, ok := narrateHops(*c, c.Forecast(), &s, &spareClause{}); ok {
		t.Error("healthy: tries succeed, the pool's story is the one to tell")
	}
}

// newcomer 25: the hops compare's settings line, "hops 3, per-hop: hops 1 and 2 try 3 times,
// 500ms a try · …", cut the dependency every try outlasts and the traffic's rate. At 120x40
// each half says both on a second line; at 80x24 A's one line keeps the dependency beside
// the tries (the rate has no room there: the line holds the hops and the cause).
func TestHopsCompareSettingsKeepTheCause(t *testing.T) {
	m := compareMoments()["hops"]
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		s := screen{panes: []pane{{snap: m[0], cfg: m[0].Config}, {snap: m[1], cfg: m[1].Config}}, width: sz[0], height: sz[1], recorded: true}
		lines := compareLines(newTheme(true, true), s)
		var a []string // A's lines: the left half side by side, else those above B's title
		for _, l := range lines {
			l = ansi.Strip(l)
			if sz[0] == 120 {
				half, _, ok := sides(l, sz[0])
				if !ok {
					continue // across both halves: none of A's alone
				}
				l = half
			} else if strings.Contains(l, m[1].Config.Name) {
				break
			}
			a = append(a, l)
		}
		half := strings.Join(a, "\n")
		want := []string{"3 tries of 250ms", "dependency slow 3s"}
		if sz[0] == 120 {
			want = append(want, "traffic payment 10/s")
		}
		for _, w := range want {
			if !strings.Contains(half, w) {
				t.Errorf("%dx%d: A's half lacks %q:\n%s", sz[0], sz[1], w, half)
			}
		}
	}
}

// Review 27 #3: at 80x24 the hops compare's halves wrote one legend in two forms, A's
// "(hop: now, so far at work past 2s)" beside B's "(hop: in flight now, …)", and "hop: now"
// said nothing of the first number. The halves draw in one form, the one the narrower fits,
// at every size: B's small numbers alone would fit a longer one (100 columns).
func TestHopsCompareHalvesDrawOneLegend(t *testing.T) {
	m := compareMoments()["hops"]
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {160, 48}} {
		frame := ansi.Strip(Frame([]lab.Snapshot{*m[0], *m[1]}, sz[0], sz[1], true, false))
		legends := chainLegends(frame)
		if len(legends) != 2 || legends[0] != legends[1] {
			t.Errorf("%dx%d: the halves' legends %q, want one, twice:\n%s", sz[0], sz[1], legends, frame)
		}
		if strings.Contains(frame, "hop: now") {
			t.Errorf("%dx%d: \"hop: now\":\n%s", sz[0], sz[1], frame)
		}
	}
	// Alone, B's numbers fit a longer form than A's: the test above can fail.
	if a, b := fitsAt(newTheme(true, true), m[0], 98, 0, true), fitsAt(newTheme(true, true), m[1], 98, 0, true); a == b {
		t.Errorf("A and B fit the same form alone at 98 columns (%d): the fixture tells nothing", a)
	}
}

// chainLegends are a frame's hops legends: after the boxes ("] (hop: …)") or on the line
// under them ("each box: …"), in the order drawn.
func chainLegends(frame string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\] \(((?:each|hop): [^)]*)\)|(each box: [^│\n]*[^ │\n])`).FindAllStringSubmatch(frame, -1) {
		out = append(out, m[1]+m[2])
	}
	return out
}

// With the dependency down, a chain's last hop refuses every try before it counts one: the
// headline and the way line say tries refused, not "measured 0.00" beside 18 expected.
func TestHopsSayTheDownDependencyRefuses(t *testing.T) {
	s := stackedSnapshot()
	s.Config.Dependency.Mode = lab.ModeDown
	s.Hops[2] = lab.HopStats{}
	r := s.Config.Forecast().Retry
	if !r.Refused {
		t.Fatalf("forecast %+v: want the last hop refusing", r)
	}
	if _, ok := s.DeepestDue(r); ok {
		t.Error("calls due at a hop that refuses them all")
	}
	var spare spareClause
	msg, _ := narrateHops(s.Config, s.Config.Forecast(), &s, &spare)
	if !strings.Contains(msg, "and every try fails, the edge's by its timeout: 3 × 3 × 3 = 27 tries per payment at hop 3 (the dependency), down: it refuses each try") || strings.Contains(msg, "measured") || strings.Contains(msg, "expected by now") {
		t.Errorf("the dependency down: %q", msg)
	}
	way := fmt.Sprint(lab.WayItems(&s))
	if !strings.Contains(way, "down: it refuses each try") || strings.Contains(way, "forecast ≤") {
		t.Errorf("the way line, the dependency down: %s", way)
	}
}

// The headline's figure whole, what 3.5s is and what the younger's count is (newcomer 63
// G12), within the narrator's lines: at 120 columns the terms the settings rows say give
// way to it, said briefly where they cost no line. (The preset's 80x24 says it whole too;
// this fixture's full pool keeps a row.)
func TestStackedFigureWholeAt120(t *testing.T) {
	s := stackedSnapshot()
	for _, size := range [][2]int{{120, 40}} {
		frame := ansi.Strip(Frame([]lab.Snapshot{s}, size[0], size[1], true, false))
		words := strings.Join(strings.Fields(frame), " ")
		if !strings.Contains(words, "(all 27 started) +") || !strings.Contains(words, " due so far from the ") {
			t.Errorf("%dx%d: the figure's sum not whole:\n%s", size[0], size[1], frame)
		}
	}
	// With each try and wait, as 80x24 says them, where its narrator's last line has room, as
	// the preset's at 120x40 has (newcomer 64: there the sum stood without them). The edge
	// gives up before a 2s deadline, as the preset's does.
	s.Config.Payment.Deadline = lab.Duration(2 * time.Second)
	s.Classes[lab.Payment].Latency.P99, s.Classes[lab.Payment].OK = 1700*time.Millisecond, 0
	frame := ansi.Strip(Frame([]lab.Snapshot{s}, 120, 40, true, false))
	if words := strings.Join(strings.Fields(frame), " "); !strings.Contains(words, "(all 27 started) +") ||
		!strings.Contains(words, "2.1s = 700ms (edge) + 700ms (hop 1) + 700ms (hop 2): each layer's first 2 tries of 250ms and waits (edge up to 100ms, hops 100ms)") {
		t.Errorf("120x40: the sum without its terms:\n%s", frame)
	}
}
