// Tests of the notes a reader of the class table cannot do without, at every size: the time
// each number is over, why a rate can top arrived/s, and what ok% counts as not ok that has
// not failed.

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

// frameText is the frame of s alone at w×h, without colour, each run of spaces one space.
func frameText(t *testing.T, s *lab.Snapshot, w, h int) string {
	t.Helper()
	out := Frame([]lab.Snapshot{*s}, w, h, true, false)
	checkFrame(t, out, w, h)
	return strings.Join(strings.Fields(ansi.Strip(out)), " ")
}

// Every window of the table says itself in plain text: the /s rows' seconds, that they are
// the last whole ones (the current one is not over), and that every other number is since
// the start; the header's starvation rate names the same seconds.
func TestTableSaysItsWindows(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		got := frameText(t, testSnapshot(), size[0], size[1])
		if !strings.Contains(got, "/s 1–6s: ") || !strings.Contains(got, "whole second") && !strings.Contains(got, "seconds that are over") ||
			!strings.Contains(got, lab.SinceStart) {
			t.Errorf("%dx%d: the table's windows unsaid:\n%s", size[0], size[1], got)
		}
		// With its seconds: a bare rate beside a count since the start read as of the same
		// span (newcomer 38 G3).
		// The signup row's last rate is its rejections' (the 80-column table has no failed
		// or timed-out column, the 120 one 0/s in each).
		if !regexp.MustCompile(`signup starved \(rej:pool\) 22 \(4/s in 1–6s`).MatchString(got) || !regexp.MustCompile(`signup 32 .*? /s 1–6s 5/s 1/s (0/s )*4/s `).MatchString(got) {
			t.Errorf("%dx%d: the header's rate not over the table's seconds:\n%s", size[0], size[1], got)
		}
	}
	// Starving stopped: the header says since when there was none, not "now", which a
	// narrator's "now starving" contradicts (newcomer 11), nor a window of its own beside
	// the rate's (newcomer 14), nor "last in 6–7s", read as cryptic (round 11).
	// Stopped over the whole rates' window, not its last second alone: at random arrivals a
	// second without one came and went, and "stopped" beside 1.2/s read as over (newcomer 31).
	quiet := testSnapshot()
	tl := quiet.Timeline
	calm := func(tl []lab.Second, c lab.Class) {
		for i := range tl[len(tl)-lab.RateWindow:] {
			tl[len(tl)-lab.RateWindow+i].Rejected[c][lab.RejectPool] = 0
		}
	}
	calm(tl, lab.Signup)
	tl[len(tl)-lab.RateWindow-1].Rejected[lab.Signup][lab.RejectPool] = 2 // the last before it
	before := tl[len(tl)-lab.RateWindow-1]
	if got := frameText(t, quiet, 120, 40); !regexp.MustCompile(fmt.Sprintf(`signup starved \(rej:pool\) 22 \(none since %ds(; needs ~0.01 workers)?\)`, before.T)).MatchString(got) {
		t.Errorf("starving stopped, unsaid:\n%s", got)
	}
	// Beside a class starving now, both say their rate in one form where there is room
	// (newcomer 22: "(last in 6–7s)" beside "(0.2/s in 3–8s)"), and the one that stopped says
	// so in words at every width: a rate alone reads as starving now, and without colour
	// nothing else says it (the review).
	two := testSnapshot()
	two.Config.Traffic.Health.Rate, two.Classes[lab.Health].Arrived = 1, 6
	two.Classes[lab.Health].Rejected[lab.RejectPool] = 1
	tl = two.Timeline
	calm(tl, lab.Signup)
	tl[len(tl)-lab.RateWindow-1].Rejected[lab.Signup][lab.RejectPool] = 2
	tl[len(tl)-1].Rejected[lab.Health][lab.RejectPool] = 1
	header := strings.SplitN(frameText(t, two, 160, 40), "\n", 2)[0]
	if !regexp.MustCompile(`signup starved \(rej:pool\) 22 \(none since \d+s(; needs ~0.01 workers)?\).*health starved \(rej:pool\) 1 \([\d.]+/s in \d+–\d+s(; needs <0.01 workers)?\)`).MatchString(header) {
		t.Errorf("two classes starved, in two forms: %q", header)
	}
	// At 120 columns the other class keeps its rate, the first saying what it counts in the
	// column's name (review11 L14: "(rejected:pool, last in 6–7s)  health starved 1" left it
	// bare where this fits).
	if got := frameText(t, two, 120, 40); !strings.Contains(got, fmt.Sprintf("signup starved (rej:pool) 22 (none since %ds) health starved 1 (0.2/s in 1–6s)", before.T)) {
		t.Errorf("at 120 columns the other class's rate is left out:\n%s", got)
	}
	for w := 80; w <= 160; w += 4 {
		header := strings.SplitN(frameText(t, two, w, 40), "\n", 2)[0]
		if regexp.MustCompile(`signup starved \(rej:pool\) 22 \([\d.]+/s`).MatchString(header) {
			t.Errorf("at %d columns a stopped class's rate alone: %q", w, header)
		}
	}
	// So does the help, with the header's starvation rate.
	var help string
	for _, d := range helpCounters() {
		help += d[0] + " " + d[1] + "\n"
	}
	if !strings.Contains(help, "Every other number of the table (the counts, ok%, the latencies) is "+lab.SinceStart) ||
		!strings.Contains(help, `the header's starvation rate ("starved (rej:pool) n (N/s in …)") is the row's, over the same seconds`) {
		t.Errorf("the help does not say the table's windows:\n%s", help)
	}
	// And that a second's arrivals are those scheduled in it: one seed's arrived/s moved
	// between runs, counted when sent (newcomer 35 #3; newcomer 36 #13).
	if !strings.Contains(help, "A second's arrivals are those scheduled in it") || !strings.Contains(help, "one seed gives the same arrived/s in every run") {
		t.Errorf("the help does not say how a second's arrivals are counted:\n%s", help)
	}
	// Every level that shows the /s rows says their window, each form within the width.
	for _, w := range []int{40, 59, 80, 120} {
		_, notes := tableLines(newTheme(false, true), testSnapshot(), tablePeer{}, w, true, nil, true)
		for level := levelFull; level < levelTotals; level++ {
			lines := notes.laid(" · ", w, level).lines
			if len(lines) == 0 || !strings.HasPrefix(lines[0], "/s") || !strings.Contains(strings.SplitN(lines[0], ";", 2)[0], "1–6s") {
				t.Errorf("w=%d level %d: no window first: %q", w, level, lines)
			}
			for _, l := range lines {
				if ansiWidth(l) > w || strings.Contains(l, "…") {
					t.Errorf("w=%d level %d: %q is cut or too wide", w, level, l)
				}
			}
		}
	}
}

// outrunSnapshot is testSnapshot with health checks, whose payments time out faster over
// the last seconds than they arrive: stacked-timeouts' "timed-out 5.8/s" beside "arrived 4.6/s".
func outrunSnapshot() *lab.Snapshot {
	s := testSnapshot()
	s.Config.Traffic.Health = lab.RateConfig{Rate: 1}
	s.Classes[lab.Health].Arrived, s.Classes[lab.Health].OK = 6, 6
	for i := range s.Timeline {
		sec := &s.Timeline[i]
		sec.Arrived[lab.Payment], sec.TimedOut[lab.Payment] = 5, 6
		sec.Arrived[lab.Health], sec.OK[lab.Health] = 1, 1
	}
	return s
}

// Whenever a row's outcome per second tops its arrivals per second, the note saying why is on
// screen, whatever the size; never when none does.
func TestOutrunNoteAtEverySize(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {100, 30}} {
		if got := frameText(t, outrunSnapshot(), size[0], size[1]); !strings.Contains(got, "can top arrived/s") {
			t.Errorf("%dx%d: timed out 6/s of 5/s arrived, unexplained:\n%s", size[0], size[1], got)
		}
		if got := frameText(t, testSnapshot(), size[0], size[1]); strings.Contains(got, "can top arrived/s") {
			t.Errorf("%dx%d: nothing outruns its arrivals, yet:\n%s", size[0], size[1], got)
		}
	}
}

// ok% with requests in flight: the note says how many of each class are in flight, and so
// not ok, yet not failed, with lab's share; none when none is in flight.
func TestInFlightNote(t *testing.T) {
	// testSnapshot: payments 64 arrived, 24 ok, 20 rejected, 20 in flight (31%).
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		got := frameText(t, testSnapshot(), size[0], size[1])
		if !strings.Contains(got, "payment 20 (31%)") || !strings.Contains(got, "not failed") {
			t.Errorf("%dx%d: 20 payments in flight read as failed:\n%s", size[0], size[1], got)
		}
		s := testSnapshot()
		pay := &s.Classes[lab.Payment]
		pay.OK, pay.InFlight = pay.OK+pay.InFlight, 0
		if got := frameText(t, s, size[0], size[1]); strings.Contains(got, "not failed") || strings.Contains(got, "(31%)") {
			t.Errorf("%dx%d: none in flight, yet:\n%s", size[0], size[1], got)
		}
	}
	// As many classes as fit, the largest share first.
	s := testSnapshot()
	sig := &s.Classes[lab.Signup]
	sig.OK, sig.InFlight = 2, 8
	_, notes := tableLines(newTheme(false, true), s, tablePeer{}, 120, true, nil, true)
	if got := strings.Join(notes.all(120), "\n"); !strings.Contains(got, "payment 20 (31%), signup 8 (25%)") {
		t.Errorf("both in flight: %q", got)
	}
}

// A compare half whose table has more notes gives up full detail (its health items) before
// its charts: at 120x40 both halves keep theirs, A's table with its note on in flight.
func TestCompareHalfKeepsItsCharts(t *testing.T) {
	out := ansi.Strip(render(newTheme(false, true), compareScreen(120, 40)))
	if n := strings.Count(out, "mean workers held"); n != 2 || !strings.Contains(out, "payment 20 (31%)") {
		t.Errorf("%d halves with charts, want 2, A's in-flight note shown:\n%s", n, out)
	}
}

// Every size defines the table's abbreviated columns (rej:…, ok%, p50 p99): at 80x24 the
// must notes took the lines and the definitions fell off (review).
func TestColumnsDefinedAtEverySize(t *testing.T) {
	for _, inFlight := range []int64{20, 0} {
		snap := testSnapshot()
		pay := &snap.Classes[lab.Payment]
		pay.OK, pay.InFlight = pay.OK+pay.InFlight-inFlight, inFlight
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
			out := ansi.Strip(render(newTheme(true, true), testScreen(snap, sz[0], sz[1])))
			flat := strings.ReplaceAll(out, " ", "")
			// rej: "rejected" in so many words at every size: "rej:X=by X" was a riddle (newcomer 29).
			for _, want := range []string{"=rejected", "ok%=ok÷arrived", "p50p99:"} {
				if !strings.Contains(flat, want) {
					t.Errorf("%dx%d, %d in flight: no %q in\n%s", sz[0], sz[1], inFlight, want, out)
				}
			}
		}
	}
}

// The health checks' p99 above their timeout says how, under the table at every size
// (lab.Snapshot.ChecksAboveTimeout): the fleet domino's p99 2.80s beside the 2s the
// balancer gave up at while the check waited on in the queue (issue 22, newcomer 11). At
// or under the timeout, nothing.
func TestChecksAboveTimeoutSaidAtEverySize(t *testing.T) {
	domino := func(p99 time.Duration) *lab.Snapshot {
		s := fleetSnapshot(4, 3)
		h := &s.Classes[lab.Health]
		h.Arrived, h.OK, h.TimedOut, h.Rejected[lab.RejectPool] = 650, 599, 47, 4
		h.Latency = lab.Percentiles{P50: 1100 * time.Microsecond, P95: p99 / 2, P99: p99, P999: p99, Max: p99, Count: 646}
		return s
	}
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
		got := frameText(t, domino(2800*time.Millisecond), sz[0], sz[1])
		if !strings.Contains(got, "health p99 2.80s > ") || !strings.Contains(got, "2s timeout: the balancer gave up") && !strings.Contains(got, "2s timeout: the balancer gives up at 2s") {
			t.Errorf("%dx%d: the health p99 above its timeout unsaid:\n%s", sz[0], sz[1], got)
		}
		if got := frameText(t, domino(2*time.Second), sz[0], sz[1]); strings.Contains(got, "timeout: the balancer") {
			t.Errorf("%dx%d: a p99 at its timeout explained:\n%s", sz[0], sz[1], got)
		}
	}
	// A compare half, 58 columns: every must note whole, none cut mid-word (the reviewer
	// found the health note, the column definitions and the goroutines cut there).
	_, tn := tableLines(newTheme(false, true), domino(2800*time.Millisecond), tablePeer{}, 58, true, nil, true)
	notes := tn.all(58)
	for _, n := range notes[:len(tn.must)] {
		if plain := ansi.Strip(n); ansiWidth(plain) > 58 || strings.HasSuffix(plain, "…") {
			t.Errorf("at 58 columns: %q", plain)
		}
	}
	if got := strings.Join(notes, "\n"); !strings.Contains(ansi.Strip(got), "health p99 2.80s > 2s: checks wait on in the queue") {
		t.Errorf("at 58 columns, the health note:\n%s", ansi.Strip(got))
	}
}

// The briefest in-flight note names its class where another is in flight too: "60 in
// flight" beside 26 signups in flight read as every class's (newcomer 15, long-queue 80x24).
func TestInFlightNoteNamesItsClass(t *testing.T) {
	s := testSnapshot()
	s.Classes[lab.Payment].InFlight, s.Classes[lab.Signup].InFlight = 60, 26
	forms := inFlightNote(s, []lab.Class{lab.Payment, lab.Signup})
	// Every form names both (review 31 #10: a list of as many as fit left signups out).
	for _, f := range forms {
		if !strings.Contains(f, "payment 60") || !strings.Contains(f, "signup 26") {
			t.Errorf("two classes in flight, a form without one: %q", f)
		}
	}
	forms = inFlightNote(s, []lab.Class{lab.Payment})
	if last := forms[len(forms)-1]; last != "ok%=ok÷arrived; 60 in flight" {
		t.Errorf("one class in flight, the briefest form: %q", last)
	}
	// With a queue, in flight is queued or on a worker (newcomer 16: 26 signups in flight
	// beside none on a worker); without one, it needs no saying.
	if strings.Contains(forms[0], "queued") {
		t.Errorf("no queue: %q", forms[0])
	}
	s.Pool.QueueCap = 100
	if forms = inFlightNote(s, []lab.Class{lab.Payment}); !strings.Contains(forms[0], "in flight (queued or on a worker)") {
		t.Errorf("a queue: %q", forms[0])
	}
	// The short forms say how many are queued: "payment 49 in flight" beside 20/20 busy read
	// as 49 on 20 workers (newcomer 33).
	s.Pool.QueuedBy[lab.Payment] = 29
	forms = inFlightNote(s, []lab.Class{lab.Payment})
	// "Of them": ", 29 queued" read as 29 more (review 26).
	for _, want := range []string{"ok%=ok÷arrived; payment 60 in flight, 29 of them waiting", "ok%=ok÷arrived; 60 in flight, 29 of them waiting"} {
		if !slices.Contains(forms, want) {
			t.Errorf("a queue of 29 payments: no %q in %q", want, forms)
		}
	}
	for _, f := range forms[:len(forms)-1] { // bare only as the last resort
		if !strings.Contains(f, "queued") && !strings.Contains(f, "of them waiting") {
			t.Errorf("a queue of 29 payments: %q", f)
		}
	}
}

// With a connection cap, a payment waits for a connection on its worker: the table says
// that wait is in service, not in wait (newcomer 16: p99:wait 1.3ms beside a ~9s wait).
// Without a queue p99:wait and p99:service are the lab's own measures, shown with m: without
// them, the note is of p99, which then holds that wait.
func TestConnectionWaitSaidInService(t *testing.T) {
	s := testSnapshot()
	machineText := func(w, h int) string {
		out := Frame([]lab.Snapshot{*s}, w, h, true, true)
		checkFrame(t, out, w, h)
		return strings.Join(strings.Fields(ansi.Strip(out)), " ")
	}
	if got := machineText(200, 60); strings.Contains(got, "wait for a connection") {
		t.Errorf("no connection cap:\n%s", got)
	}
	s.Config.Payment.Connections.PerRoute = 5
	if got := frameText(t, s, 200, 60); !strings.Contains(got, "p99 includes a payment's wait for a connection, on its worker") ||
		strings.Contains(got, "p99:wait") || strings.Contains(got, "p99:service") {
		t.Errorf("a connection cap, without m: unsaid, or said of a hidden column:\n%s", got)
	}
	if got := machineText(200, 60); !strings.Contains(got, "p99:wait is the wait for a worker; a payment's wait for a connection comes after, on its worker, inside p99:service") {
		t.Errorf("a connection cap, unsaid:\n%s", got)
	}
	// At 80 columns the service column gives way and p99:wait stays: where that wait ends
	// is said (newcomer 17, at 80x24), in any of the note's forms. Without p99:wait shown,
	// the check would test nothing: that fails too.
	got := machineText(80, 24)
	if !strings.Contains(got, "p99:wait ") {
		t.Fatalf("80x24 with a connection cap: no p99:wait column to say it of:\n%s", got)
	}
	flat := strings.Join(strings.Fields(got), " ")
	if !slices.ContainsFunc([]string{"p99:wait ends as a payment takes a worker; its wait for a connection comes after, on the worker, in p99",
		"p99:wait ends on a worker; the wait for a connection is after, in p99",
		"p99:wait: until on a worker; connection wait after, in p99"}, func(note string) bool { return strings.Contains(flat, note) }) {
		t.Errorf("80x24, p99:wait beside a connection cap, unsaid:\n%s", got)
	}
	// Without m, the note is said of p99 at 80 columns too: it once gave way to columns never
	// drawn, and no note said the wait (review 21).
	got = frameText(t, s, 80, 24)
	if strings.Contains(got, "p99:service") || strings.Contains(got, "p99:wait") || !strings.Contains(got, "connection wait included") {
		t.Errorf("80x24 without m: a hidden column shown, or the connection wait unsaid:\n%s", got)
	}
}

// Where the fallback answered, the user's answer is said at every size: at 120x40 by the
// fallback's health item, at 80x24, where that gives way, by the table's notes (newcomer
// 19: there the user outcome could only be guessed).
func TestFallbackSaidAtEverySize(t *testing.T) {
	s := testSnapshot()
	s.Classes[lab.Payment].Fallback = 40
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		flat := strings.Join(strings.Fields(frameText(t, s, sz[0], sz[1])), " ")
		if !strings.Contains(flat, "canned repl") {
			t.Errorf("%dx%d: no canned reply in\n%s", sz[0], sz[1], frameText(t, s, sz[0], sz[1]))
		}
		// In place of an error, not "not an error": the postmortem's narrator counts them
		// as errors (newcomer 22).
		if strings.Contains(flat, "not an error") {
			t.Errorf("%dx%d: the fallback's replies called no error:\n%s", sz[0], sz[1], frameText(t, s, sz[0], sz[1]))
		}
	}
	// Where it cannot fit whole, it gives way whole: never "not ok: canned rep…" (the review).
	// The column definitions and a count of three digits in a compare half's 59 columns:
	// "… · p99: excl. rejected · 178 c…" seen in tmux; its shortest form fits.
	s.Classes[lab.Payment].Fallback = 178
	frames := map[string]string{"compare 120x40": ansi.Strip(Frame([]lab.Snapshot{*s, *s}, 120, 40, true, false))}
	for _, w := range []int{60, 70, 80, 90} {
		frames[fmt.Sprintf("%dx24", w)] = ansi.Strip(Frame([]lab.Snapshot{*s}, w, 24, true, false))
	}
	for name, frame := range frames {
		for _, line := range strings.Split(frame, "\n") {
			if i := strings.Index(line, "canned"); i >= 0 && strings.Contains(line[i:], "…") {
				t.Errorf("%s: the fallback's note cut: %q", name, line)
			}
		}
	}
}

// What a payment turned away before a worker got, an error, is said where it teaches: beside
// the fallback's count, or in a compare whose fallback answered none, never alone where the
// fallback answered none (it took shared-pool's queue line at 80x24, the review), never as
// "no fallback" (there is one), and never twice in one frame (a 99-column half said it in
// the health panel and the table's notes).
func TestFallbackNoteWhereItTeaches(t *testing.T) {
	a := testSnapshot()
	a.Classes[lab.Payment].Fallback = 0
	if a.Classes[lab.Payment].Rejected[lab.RejectPool] == 0 {
		t.Fatal("the fixture turns no payment away at the pool")
	}
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		if flat := frameText(t, a, sz[0], sz[1]); strings.Contains(flat, "got an error") || strings.Contains(flat, "no canned replies") {
			t.Errorf("%dx%d alone, the fallback answered none: %s", sz[0], sz[1], flat)
		}
	}
	b := *a
	b.Classes[lab.Payment].Fallback = 40
	for _, sz := range [][2]int{{120, 40}, {200, 60}} {
		frame := ansi.Strip(Frame([]lab.Snapshot{*a, b}, sz[0], sz[1], true, false))
		// What A's payer got, and why no canned reply, in a half of 120 too (newcomer 30:
		// "never reached it", and then?).
		// The fallback named, never "it" (newcomer 35 #11).
		said := regexp.MustCompile(`got an error`)
		if sz[0] == 120 {
			said = regexp.MustCompile(`fallback never reached by \d+ payments: they got an error`)
		}
		if !said.MatchString(frame) || strings.Contains(frame, "no fallback") {
			t.Errorf("%dx%d compare: A's payments' error unsaid, or said as no fallback:\n%s", sz[0], sz[1], frame)
		}
		if n := strings.Count(frame, "canned replies to"); n != 1 {
			t.Errorf("%dx%d compare: B's canned replies said %d times:\n%s", sz[0], sz[1], n, frame)
		}
	}
}

// Where a bounded queue is on screen, rej:pool says what it is there, a full queue's, and
// rej:codel what CoDel's is: side by side (long-queue beside codel-queue) a newcomer
// expected a full queue to give rejected:queue. Each is a note of its own, whole at every
// level and width, a compare half's too.
func TestTableSaysWhatAFullQueueRejects(t *testing.T) {
	fifo := testSnapshot()
	fifo.Config.Pool.Queue = 100
	codel := testSnapshot()
	codel.Config.Pool.Queue, codel.Config.Pool.Discipline = 100, lab.CoDel
	codel.Config.Pool.CoDel = lab.CoDelConfig{Target: lab.Duration(5 * time.Millisecond), Interval: lab.Duration(100 * time.Millisecond)}
	for _, c := range []lab.Class{lab.Payment, lab.Signup} { // CoDel's, not a full queue's
		r := &codel.Classes[c].Rejected
		r[lab.RejectCoDel], r[lab.RejectPool] = r[lab.RejectPool], 0
	}
	for _, tc := range []struct {
		s     *lab.Snapshot
		words []string
	}{{fifo, []string{"rej:pool = no worker, queue of 100 full", "rej:pool: queue of 100 full"}},
		{codel, []string{"rej:codel = waited past its CoDel limit, 100ms (5ms if the queue was never empty in the last 100ms)", "rej:codel: waited too long"}}} {
		for _, w := range []int{paneMinWidth, 80, 120} {
			_, notes := tableLines(newTheme(true, true), tc.s, tablePeer{}, w, true, nil, true)
			for level := levelFull; level < levelTotals; level++ {
				got := strings.Join(notes.laid(" · ", w, level).lines, "\n")
				if !strings.Contains(got, tc.words[0]) && !strings.Contains(got, tc.words[1]) || strings.Contains(got, "…") {
					t.Errorf("w=%d level %d: %q unsaid, or a note cut:\n%s", w, level, tc.words[0], got)
				}
			}
		}
	}
	// Without a queue, what it is there too, where the notes have room: no free worker, as the
	// same word means a full queue on the screens that have one (newcomer 54).
	_, notes := tableLines(newTheme(true, true), testSnapshot(), tablePeer{}, 120, true, nil, true)
	if got := strings.Join(notes.laid(" · ", 120, levelFull).lines, "\n"); !strings.Contains(got, "rej:pool = no free worker, no queue to wait in") {
		t.Errorf("no queue, and rej:pool unglossed:\n%s", got)
	}
	// The header's "starved" defined beside the column it counts (newcomer 59: "starved"
	// nowhere on screen said what it is), on the gloss's line at 120 columns, a bounded
	// queue's and CoDel's too where the lines have room.
	if got := strings.Join(notes.laid(" · ", 120, levelFull).lines, "\n"); !strings.Contains(got, "rej:pool = no free worker, no queue to wait in; starved if not payments'") {
		t.Errorf("starved undefined:\n%s", got)
	}
	// In every form "no queue", the short one too (newcomer 64: short of room, "rej:pool: no
	// free worker" left its cause to guess beside long-queue's full queue).
	k := slices.IndexFunc(notes.rest, func(forms []string) bool { return strings.HasPrefix(forms[0], "rej:pool") })
	if k < 0 || !slices.Contains(notes.rest[k], "rej:pool: no worker, no queue; starved if not payments'") ||
		slices.ContainsFunc(notes.rest[k], func(f string) bool { return !strings.Contains(f, "no queue") }) {
		t.Errorf("no queue: rej:pool's forms %q", notes.rest)
	}
	for _, tc := range []struct {
		s    *lab.Snapshot
		want string
	}{{fifo, "rej:pool = no worker, queue of 100 full; starved if not payments'"}, {codel, "rej:codel: waited too long; starved if not payments'"}} {
		_, notes := tableLines(newTheme(true, true), tc.s, tablePeer{}, 80, true, nil, true)
		if got := strings.Join(notes.laid(" · ", 80, levelFull).lines, "\n"); !strings.Contains(got, tc.want) {
			t.Errorf("starved undefined at 80, want %q:\n%s", tc.want, got)
		}
	}
}

// At 80 columns, below full detail, the notes' forms leave room on their last line for the
// rest (newcomer 30: long-queue's p99:wait undefined and its p99 of 48 ended unflagged at
// 80x24, behind "p50 p99: latency of ok, failed and timed out requests; rejections left out").
func TestTableNotesMakeRoomForTheRest(t *testing.T) {
	s := testSnapshot() // fewer than 100 ended a class
	s.Config.Pool.Queue, s.Pool.QueueCap, s.Pool.PeakQueued = 100, 100, 30
	for c := range s.Classes {
		s.Classes[c].Rejected = [len(s.Classes[c].Rejected)]int64{}
		s.Classes[c].QueueWait = lab.Percentiles{P50: time.Second, P99: 2 * time.Second, Count: 30}
	}
	for i := range s.Timeline {
		s.Timeline[i].Rejected = [len(s.Timeline[i].Rejected)][len(s.Timeline[i].Rejected[0])]int64{}
	}
	// Of whom each p99 is: the wait is taken as a worker picks a request up, so it counts
	// those on a worker now, the others those ended (newcomer 30: long-queue's p99 5.48s
	// under p99:wait 2.87s + p99:service 3.00s).
	// At 80 beside p99:service, that no two p99s add up comes first (newcomer 43 G-8: the
	// postmortem's 5.32s + 391ms above p99 5.46s read as an error).
	for w, want := range map[int]string{80: "no two p99s add up", 120: "answered yet or not", 200: "answered yet or not"} {
		_, notes := tableLines(newTheme(true, true), s, tablePeer{}, w, true, nil, false)
		if got := strings.Join(notes.laid(" · ", w, levelFull).lines, "\n"); !strings.Contains(got, want) {
			t.Errorf("%d columns: no %q:\n%s", w, want, got)
		}
	}
	// Those still queued are not counted: said down to the form that fits 80x24 beside
	// "p50 p99: excl. rejected" (newcomer 33 asked whether the longest waiters count).
	_, notes := tableLines(newTheme(true, true), s, tablePeer{}, 200, true, nil, false)
	if got := strings.Join(notes.laid(" · ", 200, levelFull).lines, "\n"); !strings.Contains(got, "of those picked up, answered yet or not (none still queued)") {
		t.Errorf("200 columns: still queued unsaid:\n%s", got)
	}
	for _, forms := range notes.rest {
		if strings.HasPrefix(forms[0], "p99:wait") && !slices.Contains(forms, "p99:wait: arrival → on a worker, of those picked up; no two p99s add up") {
			t.Errorf("p99:wait's forms: %q", forms)
		}
	}
	table, notes := tableLines(newTheme(true, true), s, tablePeer{}, 80, true, nil, false)
	if !strings.Contains(table[0], "p99:wait") {
		t.Fatalf("no p99:wait column:\n%s", strings.Join(table, "\n"))
	}
	for _, level := range []int{levelCompact, levelTerse} {
		lines := notes.laid(" · ", 80, level).lines
		got := strings.Join(lines, "\n")
		if !strings.Contains(got, "p99 of <100") && !strings.Contains(got, "p99 of fewer than 100") || !strings.Contains(got, "no two p99s add up") {
			t.Errorf("level %d: the slowest of a few, or that no two p99s add up, unsaid:\n%s", level, got)
		}
		if full := len(wrapItems(notes.all(80)[:len(notes.must)], " · ", 80)); len(lines) > full {
			t.Errorf("level %d: %d lines, more than the must notes' %d:\n%s", level, len(lines), full, got)
		}
		for _, l := range lines {
			if ansiWidth(l) > 80 || strings.Contains(l, "…") {
				t.Errorf("level %d: %q cut or too wide", level, l)
			}
		}
	}
}

// Review 22's gap: with a queue, the wait's note says where p99:service starts beside its
// column, and only there (review 21: said without its column, it defined a column not drawn).
func TestQueueNoteSaysServiceBesideItsColumn(t *testing.T) {
	s := testSnapshot()
	s.Config.Pool.Queue, s.Pool.QueueCap, s.Pool.PeakQueued = 100, 100, 30
	beside, without := false, false
	for w := 60; w <= 200; w++ {
		table, notes := tableLines(newTheme(true, true), s, tablePeer{}, w, true, nil, false)
		if !strings.Contains(table[0], "p99:wait") {
			continue
		}
		shown := strings.Contains(table[0], "p99:service")
		beside, without = beside || shown, without || !shown
		got := strings.Join(notes.all(w), "\n")
		// Where its column is drawn, the longest form says it where it fits (140 columns);
		// without the column, no form names it.
		if said := strings.Contains(got, "p99:service = on a worker → answered"); shown && w >= 140 && !said || !shown && strings.Contains(got, "p99:service") {
			t.Errorf("at %d, p99:service column %v, its start said %v:\n%s", w, shown, said, got)
		}
	}
	if !beside || !without {
		t.Fatalf("p99:service with p99:wait shown at some width %v, dropped at some %v: the case is not tested", beside, without)
	}
}

// newcomer 31: beside codel-queue, long-queue's half drew "rej:codel 0" and "rej:codel:
// waited too long", as if it ran CoDel. The column is its peer's, kept so the halves read
// row to row: on the side without CoDel its cells are "–" and its gloss is the other half's.
func TestPeersReasonIsADashWithoutItsMechanism(t *testing.T) {
	fifo := testSnapshot()
	fifo.Config.Pool.Queue = 100
	codel := testSnapshot()
	codel.Config.Pool.Queue, codel.Config.Pool.Discipline = 100, lab.CoDel
	codel.Classes[lab.Payment].Rejected[lab.RejectCoDel] = 7
	const w = 100 // each reason a column of its own
	// The cell under rej:codel, right-aligned.
	cell := func(lines []string, row int) string {
		end := len([]rune(lines[0][:strings.Index(lines[0], "rej:codel")])) + len("rej:codel")
		fields := strings.Fields(string([]rune(ansi.Strip(lines[row]))[:end]))
		return fields[len(fields)-1]
	}
	for _, tc := range []struct {
		s, peer    *lab.Snapshot
		cell, rate string
		glossed    bool
	}{{fifo, codel, "–", "–", false}, {codel, fifo, "7", "0/s", true}} {
		lines, notes := tableLines(newTheme(true, true), tc.s, tablePeer{snap: tc.peer, w: w}, w, true, nil, true)
		if !strings.Contains(lines[0], "rej:codel") {
			t.Fatalf("%s beside %s: no rej:codel column:\n%s", tc.s.Config.Pool.Discipline, tc.peer.Config.Pool.Discipline, strings.Join(lines, "\n"))
		}
		if got, rate := cell(lines, 1), cell(lines, 2); got != tc.cell || rate != tc.rate {
			t.Errorf("%s: payment's rej:codel %q, its rate %q; want %q, %q:\n%s", tc.s.Config.Pool.Discipline, got, rate, tc.cell, tc.rate, strings.Join(lines, "\n"))
		}
		if glossed := strings.Contains(strings.Join(notes.all(w), "\n"), "waited"); glossed != tc.glossed {
			t.Errorf("%s: rej:codel glossed %v, want %v", tc.s.Config.Pool.Discipline, glossed, tc.glossed)
		}
	}
}

// The help's "hidden" entry says what service is where the wait is only the machine's delay
// per request, not as a sum of p99s: "p99:service p99 less it" contradicted "no two p99s add
// up", four lines above it (review 24).
func TestHelpHiddenServiceIsPerRequest(t *testing.T) {
	for _, d := range helpCounters() {
		if d[0] == "hidden" {
			if strings.Contains(d[1], "p99 less") || !strings.Contains(d[1], "each request's service its latency less that delay") {
				t.Errorf("%q", d[1])
			}
			return
		}
	}
	t.Error("no help entry for hidden")
}

// A /s row whose ends and rejections a second do not sum to its arrivals a second says by
// how much its in flight moved over those seconds, lab's count, where it has room; a row
// that adds up says nothing (newcomer 34: signup 91/s left of 80.4/s
// arrived, no word why).
func TestFlowNote(t *testing.T) {
	fill := func(s *lab.Snapshot) string {
		_, n := tableLines(newTheme(true, true), s, tablePeer{}, 120, true, nil, true)
		var all []string
		for _, forms := range n.rest {
			all = append(all, forms...)
		}
		return strings.Join(slices.DeleteFunc(all, func(f string) bool { return !strings.Contains(f, "in flight") }), "\n")
	}
	// testSnapshot's rows add up: payment 6/s ok + 4/s rejected of 10/s.
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		if got := frameText(t, testSnapshot(), size[0], size[1]); strings.Contains(got, "in flight grew") || strings.Contains(got, "in flight fell") {
			t.Errorf("%dx%d: rows that add up, yet:\n%s", size[0], size[1], got)
		}
	}
	if got := fill(testSnapshot()); got != "" {
		t.Errorf("rows that add up, yet: %q", got)
	}
	s := testSnapshot()
	s.Timeline[5].OK[lab.Payment] = 0 // 10 fewer ended in the window: 10 more in flight
	rs := s.Rates()
	want := fmt.Sprintf("/s 1–6s: payment ended or turned away %s of 10/s arrived: its in flight grew by %d over those seconds",
		fmtPerSec(rs.Ended(lab.Payment)), rs.InFlightGrew(lab.Payment))
	if got := fill(s); !strings.Contains(got, want) || rs.InFlightGrew(lab.Payment) != 10 {
		t.Errorf("payment 8/s ended of 10/s:\n%s\nwant %q", got, want)
	}
	// Every form says which rate is which: the narrowest's "payment out 8/s, in 10/s" left
	// both unsaid (n37 #28).
	for _, f := range strings.Split(fill(s), "\n") {
		if !strings.Contains(f, "arrived") || !strings.Contains(f, "ended or turned away") && !strings.Contains(f, ", left ") {
			t.Errorf("a form that does not say what its rates are: %q", f)
		}
	}
	// On screen where it has room (120x40; 80x24 keeps its charts).
	if got := frameText(t, s, 120, 40); !strings.Contains(got, "in flight grew by 10") {
		t.Errorf("120x40: payment 8/s ended of 10/s, unexplained:\n%s", got)
	}
	// Of two rows that do not add up, the one whose in flight moved more (review 28 ui #8),
	// whichever comes first.
	for i := range s.Timeline {
		s.Timeline[i].Arrived[lab.Signup] += 3 // 15 more arrived than ended: signup grew more
	}
	if rs := s.Rates(); rs.InFlightGrew(lab.Signup) <= rs.InFlightGrew(lab.Payment) || !rs.Unbalanced(lab.Signup) {
		t.Fatalf("signup grew by %d, payment by %d", rs.InFlightGrew(lab.Signup), rs.InFlightGrew(lab.Payment))
	}
	if got := fill(s); !strings.Contains(got, ": signup ended or turned away") || strings.Contains(got, "payment ended") {
		t.Errorf("signup's in flight moved more:\n%s", got)
	}
}

// Where ok% would pass off some class's in flight as failures, the note lists every class
// in flight, each the table shows: fleet-domino's left out signup 37 (3%) beside payment 44
// and health 45 (newcomer 36 #31), and the three fit at 120 columns.
func TestInFlightNoteListsEveryClassInFlight(t *testing.T) {
	s := testSnapshot()
	s.Classes[lab.Payment].Arrived, s.Classes[lab.Payment].OK, s.Classes[lab.Payment].InFlight = 354, 263, 44
	s.Classes[lab.Signup].Arrived, s.Classes[lab.Signup].OK, s.Classes[lab.Signup].InFlight = 1211, 988, 37
	s.Classes[lab.Health].Arrived, s.Classes[lab.Health].OK, s.Classes[lab.Health].InFlight = 500, 420, 45
	s.Config.Traffic.Health.Rate = 10
	cs := inFlightMisreads(s, false)
	if !slices.Contains(cs, lab.Signup) || len(cs) != 3 {
		t.Fatalf("classes listed: %v, want all three", cs)
	}
	s.Pool.QueueCap = 100
	fits := slices.ContainsFunc(inFlightNote(s, cs), func(f string) bool {
		return ansiWidth(f) <= 120 && strings.Contains(f, "signup 37 (3%)") && strings.Contains(f, "payment 44 (12%)")
	})
	if !fits {
		t.Errorf("no form of 120 columns or fewer lists the three: %q", inFlightNote(s, cs))
	}
	// None misread: no note, whatever is in flight.
	for c := range s.Classes {
		s.Classes[c].InFlight = 1
	}
	if cs := inFlightMisreads(s, false); cs != nil {
		t.Errorf("none misread: %v", cs)
	}
}

// Every form of the window note but the shortest says what the /s row is of its seconds (a
// mean of them, or the last whole ones): "/s 3–8s: whole seconds" alone left a reader
// guessing what "whole seconds" refers to (newcomer 36 #24).
func TestWindowNoteSaysWhatTheRateIs(t *testing.T) {
	rs := testSnapshot().Rates()
	forms := windowNote(rs)
	for _, f := range forms[:len(forms)-1] {
		if !strings.Contains(f, rs.Span()) || !strings.Contains(f, "mean of") && !strings.Contains(f, "last ") {
			t.Errorf("%q does not say the rate is a mean of its seconds", f)
		}
	}
}
