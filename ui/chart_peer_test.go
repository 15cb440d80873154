// Tests of compare mode's charts: the halves draw one chart to one scale.

package ui

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// axisTop is the largest y-axis label in chart lines (┼ where a line sits on it).
func axisTop(lines []string) int {
	top := -1
	for _, m := range regexp.MustCompile(`(\d+)[┤┼]`).FindAllStringSubmatch(ansi.Strip(strings.Join(lines, "\n")), -1) {
		if v, err := strconv.Atoi(m[1]); err == nil {
			top = max(top, v)
		}
	}
	return top
}

// A side that holds few workers draws them on the other side's scale in compare mode, so
// the same shape never stands for 1 worker on one side and 50 on the other (closed against
// open loop); alone, its axis is its own pool, whatever it held (newcomer 19: one worker of
// 20 drawn full on a row of 0–1).
func TestChartsShareScaleInCompare(t *testing.T) {
	a, b := compareSnapshots()
	for i := range b.Timeline { // B holds 1 worker: alone, its axis is its own
		b.Timeline[i].Held = [len(b.Timeline[i].Held)]float64{1}
	}
	spec := func(s *lab.Snapshot, peer *lab.Snapshot) chartSpec {
		return withPeer(peer, occupancyChart(s))[0]
	}
	th := newTheme(true, true)
	own := axisTop(chartLines(th, spec(b, nil), b, nil, 60, 10, false))
	other := axisTop(chartLines(th, spec(a, nil), a, nil, 60, 10, false))
	shared := axisTop(chartLines(th, spec(b, a), b, nil, 60, 10, false))
	if own != poolReach(b) || shared != max(other, own) {
		t.Errorf("axis tops: B alone %d, A alone %d, B beside A %d", own, other, shared)
	}
	// Pools of different sizes (the postmortem's 64 against its fix's 24): each side's
	// seconds are held to its own pool, so B's axis reaches A's 60, in any height.
	for i := range a.Timeline {
		a.Timeline[i].Workers, a.Timeline[i].Held = 64, [len(a.Timeline[i].Held)]float64{60}
		b.Timeline[i].Workers, b.Timeline[i].Held = 24, [len(b.Timeline[i].Held)]float64{24}
	}
	a.Pool.Size, b.Pool.Size = 64, 24
	for _, h := range []int{5, 6, 10} {
		if top := axisTop(chartLines(th, spec(b, a), b, nil, 60, h, false)); top < 60 {
			t.Errorf("height %d: B's axis beside A's 60 of 64 workers reaches %d", h, top)
		}
	}
}

// Two pools of different sizes (postmortem's 64 beside its fix's 24) draw to the larger, in
// lines and in strips: the side with the smaller pool draws the other's data and pool to its
// own scale, and every value it draws still reads true on that scale.
func TestChartsShareScaleAcrossPools(t *testing.T) {
	a, b := stripSnapshot(), stripSnapshot()
	b.Pool.Size, b.Config.Pool.Workers = 24, 24
	for i := range b.Timeline {
		sec := &b.Timeline[i]
		sec.Workers = 24
		sec.Held[lab.Payment], sec.Held[lab.Signup] = math.Min(sec.Held[lab.Payment], 23), 0
	}
	th := newTheme(true, true)
	for _, h := range []int{5, 6, 7, 17} {
		aSide := withPeer(b, occupancyChart(a))[0]
		bSide := withPeer(a, occupancyChart(b))[0]
		la, lb := chartLines(th, aSide, a, nil, 60, h, true), chartLines(th, bSide, b, nil, 60, h, true)
		if ta, tb := axisTop(la), axisTop(lb); ta != tb || ta < 64 {
			t.Errorf("h %d: A's axis to %d, B's to %d; want one, at least A's pool of 64:\n%s\n%s", h, ta, tb,
				strings.Join(la, "\n"), strings.Join(lb, "\n"))
		}
		checkReadsTrue(t, "B beside A, h "+strconv.Itoa(h), lb, 60, b, bSide)
	}
}

// A class has one strip range in both halves, even where it is the only class on one side:
// alone, its strip took the shared axis of every class (B's payments 0–50 beside A's 0–5,
// where A's signups turned away 40/s set the axis; the review of charts8).
func TestStripRangeAlikeWhereAClassIsAlone(t *testing.T) {
	a, b := compareSnapshots()
	b.Config.Traffic.Signup.Rate, b.Config.Traffic.Health.Rate = 0, 0
	b.Classes[lab.Signup].Arrived, b.Classes[lab.Health].Arrived = 0, 0
	for i := range a.Timeline {
		a.Timeline[i].Rejected[lab.Payment][lab.RejectPool] = 2
		a.Timeline[i].Rejected[lab.Signup][lab.RejectPool] = 40
		b.Timeline[i].Rejected[lab.Payment][lab.RejectPool] = 3
	}
	th := newTheme(true, true)
	payRange := func(s, peer *lab.Snapshot) string {
		lines := chartLines(th, withPeer(peer, starvationChart(s, peer))[0], s, nil, 60, 6, false)
		m := regexp.MustCompile(`P (0–\S+)┤`).FindStringSubmatch(ansi.Strip(strings.Join(lines, "\n")))
		if m == nil {
			t.Fatalf("no payment strip:\n%s", ansi.Strip(strings.Join(lines, "\n")))
		}
		return m[1]
	}
	if ra, rb := payRange(a, b), payRange(b, a); ra != rb {
		t.Errorf("payment's strip: A %s, B (payments alone) %s", ra, rb)
	}
}
