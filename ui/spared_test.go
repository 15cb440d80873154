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

// An idle spare clause (the shared pool's why so far is lower) is said only where it costs
// the screen nothing else: every line but the narrator's and blank ones as without it.
// spared decides it on the layout's plan, so the lab is laid out once a frame and its
// charts drawn once, where a second whole layout without the clause once ran beside it to
// compare the two screens by their text (review 28 ui #4).
func TestIdleClauseCostsNothingElse(t *testing.T) {
	fills := 0
	for i := range labPanels {
		if fill := labPanels[i].fill; fill != nil {
			labPanels[i].fill = func(c labCtx, level, h int) []string { fills++; return fill(c, level, h) }
			t.Cleanup(func() { labPanels[i].fill = fill })
		}
	}
	th := newTheme(false, true)
	snap := testSnapshot()
	snap.Timeline = snap.Timeline[:2] // no whole second since the pool filled: the shares so far, and the clause
	var said, left []int
	for h := 24; h <= 60; h++ {
		w := 80 + (h-24)*10/3
		c := newLabCtx(th, testScreen(snap, w, h), 0, w, 0)
		_, spare := c.narration()
		if !spare.idle {
			t.Fatalf("the shared pool's spare clause is not idle: %+v", spare)
		}
		fills = 0
		out := labLines(c, h)
		// The detail and the charts, once each at two heights at most: the frame's, and where
		// the clause takes a row of theirs, the one without it, to see whether it was blank.
		if fills > 4 {
			t.Errorf("%dx%d: the filling panels drawn %d times for one frame", w, h, fills)
		}
		none := newLabCtx(th, testScreen(snap, w, h), 0, w, 0)
		none.spare = spareNone
		without := labLines(none, h)
		plain := ansi.Strip(strings.Join(out, "\n"))
		if !strings.Contains(strings.Join(strings.Fields(plain), " "), strings.TrimSpace(spare.long[1:])) {
			left = append(left, h)
			continue
		}
		said = append(said, h)
		if a, b := besides(th, c, out), besides(th, c, without); !slices.Equal(a, b) {
			t.Errorf("%dx%d: the idle clause cost the screen:\n%s\n\nwithout it:\n%s", w, h, strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
	}
	t.Logf("said at heights %v, left out at %v", said, left)
	if len(said) == 0 || len(left) == 0 {
		t.Errorf("said at heights %v, left out at %v: want both", said, left)
	}
}

// besides are out's lines but blank ones and c's narrator's, with its spare clause or
// without.
func besides(th *theme, c labCtx, out []string) []string {
	says, spare := c.narration()
	var narrator []string
	for _, s := range []string{says, says + spare.long} {
		for _, n := range wrapText("» "+s, c.w, 0) {
			narrator = append(narrator, th.narrator.Render(n))
		}
	}
	return slices.DeleteFunc(slices.Clone(out), func(l string) bool { return strings.TrimSpace(l) == "" || slices.Contains(narrator, l) })
}

// A capped clause, the rule the sentence's figures come from, is not given up for a longer
// form of a note the table says anyway: adaptive-limit at 80x24, calm at 40s, said "/s:
// counted as each happens; ok/s can top arrived/s as earlier ones finish" on a line of its
// own and the health line, and left out how the limit moves past the knee (newcomer 68's
// lesson, lost once "an error rate blind to 6 in flight" went and the sentence without the
// clause was a line shorter). The table keeps its rows and every note, the settings their
// rows, the pool its queue.
func TestCappedClauseOverLongerNotes(t *testing.T) {
	s := calmAdaptiveSnapshot(t)
	clause := []string{"excess (calls adding delay, not answers)", "past the knee of 25, judged by the yardstick"}
	for _, tc := range []struct {
		w, h int
		want []string
	}{
		{80, 24, append(clause, "knee 25 calls, then latency", "queue 0 waiting", "/s 35–40s 156/s 161/s 0/s",
			"/s 35–40s: mean of the last 5 seconds", "ok/s can top arrived/s", "ok%=ok÷arrived", "p50 p99: excl. rejected",
			"fallback canned replies to 2756 orders not ok", "p99:wait: arrival → on a worker")},
		{120, 40, clause},
	} {
		plain := ansi.Strip(Frame([]lab.Snapshot{*s}, tc.w, tc.h, true, false))
		said := strings.Join(strings.Fields(plain), " ")
		for _, want := range tc.want {
			if !strings.Contains(said, want) {
				t.Errorf("%dx%d: no %q in\n%s", tc.w, tc.h, want, plain)
			}
		}
	}
}

// calmAdaptiveSnapshot is adaptive-limit at its end, 40s in: 150/s again, all ok for five
// seconds, the limit probing 39→40 on a yardstick above the smoothed p90, as a run had it.
func calmAdaptiveSnapshot(t *testing.T) *lab.Snapshot {
	cfg, err := presets.Load("adaptive-limit", nil)
	if err != nil {
		t.Fatal(err)
	}
	ms := func(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
	s := postmortemSnapshot(cfg)
	s.Elapsed, s.RatesInForce[lab.Payment] = 40*time.Second, 150
	pay := &s.Classes[lab.Payment]
	pay.Arrived, pay.OK, pay.InFlight, pay.Fallback = 16464, 13703, 5, 2756
	pay.Rejected[lab.RejectLimit] = 2756
	pay.Latency = lab.Percentiles{P50: ms(68), P95: ms(110), P99: ms(175), Count: 13703}
	pay.QueueWait = lab.Percentiles{P99: ms(119), Count: 16464}
	s.Pool.Size, s.Pool.Busy, s.Pool.PeakQueued, s.Pool.PeakSize = 16, 5, 85, 40
	s.Pool.BusyBy[lab.Payment], s.Pool.Workers = 5, s.Pool.Workers[:16]
	clear(s.Pool.Workers[5:])
	s.Bulkhead.InUse, s.Bulkhead.Limit = 5, 40
	s.Bulkhead.Reading = lab.AdaptiveReading{P90: ms(80.9), Mean: ms(98.9), Direction: "increase", Reason: "queue",
		Updates: 40, Queued: -8, Judged: 39, JudgedAt: 39}
	s.Dependency.InFlight, s.Dependency.PeakInFlight, s.Dependency.Requests, s.Dependency.Latency = 5, 36, 13708, ms(50)
	for sec := s.Timeline[len(s.Timeline)-1]; sec.T < 40; s.Timeline = append(s.Timeline, sec) {
		if sec.T++; sec.T > 35 {
			sec.Rate[lab.Payment], sec.Arrived[lab.Payment], sec.OK[lab.Payment] = 150, 156, 161
			sec.Rejected[lab.Payment][lab.RejectLimit] = 0
			sec.Busy[lab.Payment], sec.Held[lab.Payment], sec.DepInFlight, sec.Workers, sec.Limit = 5, 8.2, 5, 16, sec.T
		}
	}
	s.Settle()
	return s
}
