// The two halves of a compare draw their class tables with the same columns.

package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// newcomer 25: side by side, A's table had rej:pool where B's had rej:bulkhead (02), A
// rej:pool and no in-flight column where B had in-flight and no rej:pool (16), A rejected
// where B had rej:bulkhead (18): to compare, the eye jumped to the summary below. Both
// halves' tables now head the same columns, at every width that sets them side by side.
func TestCompareHalvesShareTableColumns(t *testing.T) {
	th := newTheme(true, true)
	compared := 0
	for name, m := range compareMoments() {
		for w := range sweep(2*paneMinWidth+dividerWidth, 200, 3) {
			for hi, h := range []int{40, 60} {
				if (w/(3*sweepStride)+hi)%sweepStride != 0 { // under the race detector a third of the pairs, every height among them
					continue
				}
				s := screen{panes: []pane{{snap: m[0], cfg: m[0].Config}, {snap: m[1], cfg: m[1].Config}},
					width: w, height: h, recorded: true}
				var heads [2][]string
				for _, l := range compareLines(th, s) {
					a, b, ok := sides(l, w)
					if !ok {
						continue
					}
					for i, half := range []string{a, b} {
						if heads[i] == nil && strings.HasPrefix(half, "class ") {
							heads[i] = strings.Fields(closedSent.Replace(half + " "))
						}
					}
				}
				if heads[0] == nil || heads[1] == nil {
					continue // a half without its table: nothing to read row to row
				}
				compared++
				if !slices.Equal(heads[0], heads[1]) {
					t.Errorf("%s at %dx%d: A's columns %v, B's %v", name, w, h, heads[0], heads[1])
				}
			}
		}
	}
	if compared == 0 {
		t.Fatal("no size drew both halves' tables side by side: the case is not tested")
	}
}

// A second line of settings (a half whose first setting fills the line) gives way where it
// would cost the per-second rates: fleet-bulkhead's half lost its /s rows to "timeout
// payments off, checks 2s · dependency slow 3s · …" at 120x40.
func TestSecondSettingsLineNeverCostsTheRates(t *testing.T) {
	th := newTheme(true, true)
	rates := func(lines []string) int {
		n := 0
		for _, l := range lines {
			if strings.HasPrefix(ansi.Strip(l), "  /s ") {
				n++
			}
		}
		return n
	}
	two := 0
	for name, m := range compareMoments() {
		s := screen{panes: []pane{{snap: m[0], cfg: m[0].Config}, {snap: m[1], cfg: m[1].Config}}, width: 120, height: 40, recorded: true}
		for i := range 2 {
			if len(halfCtx(th, s, i).draw(settingsPanel, levelTight)) > 1 {
				two++
			}
			for h := range sweep(12, 40, 1) {
				c := halfCtx(th, s, i)
				one := halfCtx(th, s, i)
				one.oneSettings = true
				if got, want := rates(labLines(c, h)), rates(labLines(one, h)); got < want {
					t.Errorf("%s, half %d in %d lines: %d rows of rates, %d with one settings line", name, i, h, got, want)
				}
			}
		}
	}
	if two == 0 {
		t.Fatal("no half has a second settings line: the case is not tested")
	}
}

// The name column is as wide as either side needs: with B's payments labelled longer, A's
// table summed its columns narrower and kept one B dropped (review 13); so with B a second
// further on, its rows "  /s 5–10s" beside A's "  /s 4–9s" (review 14).
func TestCompareHalvesShareTheNameColumn(t *testing.T) {
	th := newTheme(true, true)
	for name, m := range compareMoments() {
		for _, apart := range []string{"label", "span"} {
			a, b := *m[0], *m[1]
			switch apart {
			case "label":
				b.Config.Traffic.Payment.Label = "payments by card"
			case "span":
				runFor(&a, 9)
				runFor(&b, 10)
			}
			for w := range sweep(paneMinWidth, 100, 1) {
				la, _ := tableLines(th, &a, tablePeer{&b, w}, w, true, nil, true)
				lb, _ := tableLines(th, &b, tablePeer{&a, w}, w, true, nil, true)
				if len(la) == 0 || len(lb) == 0 {
					continue
				}
				if ha, hb := strings.Fields(closedSent.Replace(ansi.Strip(la[0])+" ")), strings.Fields(closedSent.Replace(ansi.Strip(lb[0])+" ")); !slices.Equal(ha, hb) {
					t.Errorf("%s, %s apart, at %d: A's columns %v, B's %v", name, apart, w, ha, hb)
				}
			}
		}
	}
}

// runFor makes s's timeline n whole seconds long, its last second repeated where it was
// shorter.
func runFor(s *lab.Snapshot, n int) {
	tl := slices.Clone(s.Timeline[:min(n, len(s.Timeline))])
	for len(tl) < n {
		sec := tl[len(tl)-1]
		sec.T++
		tl = append(tl, sec)
	}
	s.Timeline, s.Elapsed = tl, time.Duration(n)*time.Second
}

// closedSent reads a closed loop's sent as its peer's arrived: one column, named by each
// half's loop (newcomer 30).
var closedSent = strings.NewReplacer(" "+lab.TermSent.Column+" ", " "+lab.TermArrived.Column+" ")

// Review 22's gap: the detail table hides the lab's own wait by the class table's rule
// (hiddenMeasure): beside a peer whose lesson is its queue's wait, both halves show it.
func TestDetailTableSharesItsPeersWait(t *testing.T) {
	th := newTheme(true, true)
	alone, queued := testSnapshot(), testSnapshot()
	queued.Config.Pool.Queue, queued.Pool.QueueCap, queued.Pool.PeakQueued = 100, 100, 30
	waits := func(lines []string) bool {
		return strings.Contains(strings.Join(lines, "\n"), "wait: arrival → on a worker")
	}
	if waits(detailLines(th, alone, nil, false)) || !waits(detailLines(th, alone, nil, true)) {
		t.Error("no queue, alone: the wait is the lab's own, shown with m only")
	}
	if !waits(detailLines(th, alone, queued, false)) || !waits(detailLines(th, queued, alone, false)) {
		t.Error("beside a queue's lab, a half without one hides the wait its peer shows")
	}
}

// p99:wait has one definition on one screen: a half without a queue, showing the wait beside
// its peer's queue, says it in the queue half's words ("arrival → on a worker, answered yet or
// not"), and so does the detail table; "scheduled arrival" beside "arrival" read as two
// measures (review 24).
func TestWaitSaysOneDefinitionBesideAQueue(t *testing.T) {
	th := newTheme(false, true)
	alone, queued := testSnapshot(), testSnapshot()
	queued.Config.Pool.Queue, queued.Pool.QueueCap, queued.Pool.PeakQueued = 100, 100, 30
	for _, w := range []int{80, 120, 200} { // narrower tables drop the column
		var both []string
		for _, pair := range [][2]*lab.Snapshot{{alone, queued}, {queued, alone}} {
			_, notes := tableLines(th, pair[0], tablePeer{pair[1], w}, w, true, nil, false)
			both = append(both, strings.Join(notes.laid(" · ", w, levelFull).lines, "\n"))
		}
		for _, n := range both {
			_, n, _ = strings.Cut(n, "p99:wait") // its note (a latency is "from the scheduled arrival")
			if strings.Contains(n, "scheduled") || !strings.Contains(n, "arrival → on a worker") || !strings.Contains(n, "answered yet or not") {
				t.Errorf("%d columns: %q beside %q", w, both[0], both[1])
			}
		}
	}
	if d := strings.Join(detailLines(th, alone, queued, false), "\n"); !strings.Contains(d, "wait: arrival → on a worker") {
		t.Errorf("detail table:\n%s", d)
	}
}

// A compare half that cannot time out draws the peer's timed-out column as "–", not 0
// (review s87b: postmortem's "timed-out 0" beside timeout off, across from the fix's
// deadline): the same mark as a rej:X with no mechanism on that side.
func TestPeerColumnThisSideCannotFillIsADash(t *testing.T) {
	a, b := testSnapshot(), testSnapshot()
	b.Config.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutSocket, Duration: lab.Duration(time.Second)}
	b.Classes[lab.Payment].TimedOut = 3
	if a.CanEnd(lab.TimedOut) {
		t.Fatal("the fixture can time out: the case is not tested")
	}
	lines, _ := tableLines(newTheme(true, true), a, tablePeer{snap: b, w: 120}, 120, false, nil, false)
	head := strings.Fields(lines[0])
	col := slices.Index(head, "timed-out")
	if col < 0 {
		t.Fatalf("no timed-out column beside a peer that timed out:\n%s", strings.Join(lines, "\n"))
	}
	rows := 0
	for _, l := range lines[1:] {
		if f := strings.Fields(ansi.Strip(l)); len(f) == len(head) {
			rows++
			if f[col] != "–" {
				t.Errorf("timed-out on a side that cannot: %q", l)
			}
		}
	}
	if rows == 0 {
		t.Fatalf("no row read:\n%s", strings.Join(lines, "\n"))
	}
}
