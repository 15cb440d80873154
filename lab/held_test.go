package lab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Only where one side turns away a class the other still holds (codel against a long FIFO:
// rejected:codel +33 beside in flight -31) is the lesson "not judged yet", in either order
// (review 17: codel as A against the FIFO as B was judged as before); fewer rejected, or no
// fewer in flight, or a change within noise, is judged as before.
func TestTurnsAwayWhatHolds(t *testing.T) {
	codel := []ComparisonRow{
		{Class: Payment, Counter: "rejected:codel", A: 0, B: 33, Significant: true},
		{Class: Payment, Counter: "in flight", A: 49, B: 18, Significant: true},
	}
	mirrored := []ComparisonRow{codel[0], codel[1]}
	for i := range mirrored {
		mirrored[i].A, mirrored[i].B = mirrored[i].B, mirrored[i].A
	}
	if !turnsAwayWhatHolds(codel, SideA) || turnsAwayWhatHolds(codel, SideB) {
		t.Error("codel (B) against a long FIFO (A): not A that holds")
	}
	if !turnsAwayWhatHolds(mirrored, SideB) || turnsAwayWhatHolds(mirrored, SideA) {
		t.Error("codel (A) against a long FIFO (B): not B that holds")
	}
	other := []ComparisonRow{codel[0], {Class: Signup, Counter: "in flight", A: 49, B: 18, Significant: true}}
	noise := []ComparisonRow{codel[0], {Class: Payment, Counter: "in flight", A: 49, B: 45}}
	fewer := []ComparisonRow{{Class: Payment, Counter: "rejected:pool", A: 35, B: 0, Significant: true}, codel[1]}
	for name, rows := range map[string][]ComparisonRow{"another class": other, "within noise": noise, "fewer rejected": fewer} {
		if turnsAwayWhatHolds(rows, SideA) {
			t.Errorf("%s: held", name)
		}
	}
}

// heldSnapshots are a long FIFO filling (50 payments queued of 100, 5 more a second, each
// holding its worker 1s: full at ~20.0s, one arriving now waits ~2.0s: the 51st to take one of 20 workers
// that free each second) and CoDel turning
// payments away, at 10s of the same traffic.
func heldSnapshots() (fifo, codel Snapshot) {
	fifo.Config = DefaultConfig()
	fifo.Config.Pool.Queue = 100
	fifo.Elapsed = 10 * time.Second
	fifo.Pool.Size, fifo.Pool.Queued, fifo.Pool.PeakQueued = 20, 50, 50
	fifo.Pool.QueuedBy[Payment] = 50
	// Its queue grew 2/s so far; at the set rates, 15/s arrive and 20 workers ÷ 2.00s leave:
	// 5/s, so its 50 places left fill at ~20.0s, the forecast, not the 35s "so far" gives
	// (newcomer 38 W3).
	for i := range 10 {
		sec := Second{T: i + 1, Queued: 2 * (i + 1)}
		sec.Served[Payment], sec.HeldFor[Payment] = 20, 20*time.Second
		fifo.Timeline = append(fifo.Timeline, sec)
	}
	fifo.Classes[Payment] = ClassStats{Arrived: 100, OK: 50, InFlight: 50}
	codel.Config = DefaultConfig()
	codel.Config.Pool.Queue, codel.Config.Pool.Discipline = 100, CoDel
	codel.Elapsed = 10 * time.Second
	codel.Classes[Payment] = ClassStats{Arrived: 100, OK: 50, InFlight: 15}
	codel.Classes[Payment].Rejected[RejectCoDel] = 35
	return fifo, codel
}

// The comparison of built runs leads its lesson, the screen's and the written one's, with
// why no count judges them yet, in either order, the sides named by which holds, after the
// CoDel side's own lesson, its forecast share turned away (n37 #30); the JSON says it too
// (review 17 #1, #2, #5).
func TestHeldLeadsTheLesson(t *testing.T) {
	fifo, codel := heldSnapshots()
	for _, tc := range []struct {
		name        string
		a, b        Snapshot
		lead, brief string
		json        string
	}{
		{"long FIFO against CoDel", fifo, codel,
			"» B, nearly no queue: forecast 38% turned away, as with none; not judged yet: B turns away now what A still holds; A's queue is full in ~10.0s, then turns away too; one arriving now waits ~2.0s (B's at most 100ms)",
			"» B, nearly no queue: forecast 38% turned away, as with none; not judged yet: A turns away too once its queue fills, in ~10.0s",
			`"held":{"side":"A","full_at_s":20,"wait_s":2,"other_wait_max_s":0.1,"other_shed_forecast":0.38}`},
		{"CoDel against a long FIFO", codel, fifo,
			"» A, nearly no queue: forecast 38% turned away, as with none; not judged yet: A turns away now what B still holds; B's queue is full in ~10.0s, then turns away too; one arriving now waits ~2.0s (A's at most 100ms)",
			"» A, nearly no queue: forecast 38% turned away, as with none; not judged yet: B turns away too once its queue fills, in ~10.0s",
			`"held":{"side":"B","full_at_s":20,"wait_s":2,"other_wait_max_s":0.1,"other_shed_forecast":0.38}`},
	} {
		cmp := NewComparison(tc.a, tc.b)
		forms := Lesson(cmp.Rows, cmp.Verdict, tc.a.Config.Traffic.Label)
		if want := []string{tc.lead, tc.brief}; !slices.Equal(forms, want) {
			t.Errorf("%s: lesson %q, want %q", tc.name, forms, want)
		}
		for format, want := range map[string]string{FormatTable: tc.lead, FormatMarkdown: "- " + markdownText(tc.lead)} {
			var out strings.Builder
			if err := cmp.Write(&out, format); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "\n"+want+"\n") {
				t.Errorf("%s: the %s report without %q:\n%s", tc.name, format, want, out.String())
			}
		}
		var js bytes.Buffer
		if err := cmp.Write(&js, FormatJSON); err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, js.Bytes()); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(compact.String(), tc.json) {
			t.Errorf("%s: JSON without %s:\n%s", tc.name, tc.json, compact.String())
		}
	}
	// Where neither holds, the JSON has no held.
	var js bytes.Buffer
	if err := NewComparison(fifo, fifo).Write(&js, FormatJSON); err != nil || strings.Contains(js.String(), `"side"`) {
		t.Errorf("a run against itself: %v\n%s", err, js.String())
	}
}

// The held lesson leads each of the lesson's forms while they fit, then stands alone, and its
// last form is one line at 80 columns (review 17 #4: the sentence alone took two, and the
// layout paid for them with narrator lines).
func TestHeldForms(t *testing.T) {
	h := Held{Side: SideA, FullIn: 12200 * time.Millisecond, At: 8 * time.Second, Wait: 3600 * time.Millisecond, OtherWait: 100 * time.Millisecond}
	held := "» not judged yet: B turns away now what A still holds; A's queue is full in ~12.2s, then turns away too; one arriving now waits ~3.6s (B's at most 100ms)"
	brief := "» not judged yet: A turns away too once its queue fills, in ~12.2s"
	forms := h.lead([]string{"» users: payment rejected:codel +33", "» users: rejected:codel +33"})
	if want := []string{held + "; users: payment rejected:codel +33", held + "; users: rejected:codel +33", held, brief}; !slices.Equal(forms, want) {
		t.Errorf("forms %q, want %q", forms, want)
	}
	if n := utf8.RuneCountInString(brief); n > 80 {
		t.Errorf("last form %d columns: %q", n, brief)
	}
}

// The CoDel side's share "as with none" is the long run of a pool with no queue, the figure
// its narrator and pool-full line say: where payments wait on their worker for one of 5
// connections, their bound, 1 − (5/3)/10 = 83%, not Erlang B's near figure (review 32 #12).
func TestHeldShedsAsWithNone(t *testing.T) {
	fifo, codel := heldSnapshots()
	codel.Config.Payment.Connections = ConnectionsConfig{PerRoute: 5, LeaseTimeout: Duration(3 * time.Minute)}
	f := codel.Config.Forecast()
	cf, ok := f.CoDel(codel.Config.Pool)
	if !ok || f.Payment.ConnBound == 0 || f.LongRunLoss() != f.Payment.ConnBound || cf.Blocking == f.Payment.ConnBound {
		t.Fatalf("the case: CoDel %+v (%v), bound %v, long run %v", cf, ok, f.Payment.ConnBound, f.LongRunLoss())
	}
	cmp := NewComparison(fifo, codel)
	if h := cmp.Verdict.Held; h == nil || h.OtherShed != f.LongRunLoss() {
		t.Errorf("held %+v, want the other side's shed %v (1 − (5/3)/10)", h, f.LongRunLoss())
	}
	// CoDel's own line on the same screen says that share too, not Erlang B's (review 33 #2):
	// with 8 connections, 73% against Erlang B's 73.8%, which prints 74%.
	codel.Config.Payment.Connections.PerRoute = 8
	f = codel.Config.Forecast()
	// "with no queue" is Erlang B's name alone: on the bound it read as the connections
	// having none (review 39 m2), and so at 120 columns (review 40a m5: "(≈ no queue, the
	// connections' bound: 74%").
	// With a measured share, whose length at 120 takes the linked form.
	for i := range 10 {
		sec := Second{T: i + 1, Workers: 20}
		sec.Held[Payment], sec.Arrived[Payment], sec.Rejected[Payment][RejectCoDel] = 19.2, 10, 3
		codel.Timeline = append(codel.Timeline, sec)
	}
	for w, want := range map[int]string{
		200: fmt.Sprintf("forecast, the connections' bound: %.0f%% turned away", 100*f.LongRunLoss()),
		120: fmt.Sprintf("(forecast, the connections' bound: %.0f%%; pool", 100*f.LongRunLoss()),
	} {
		if items := coDelHealth(&codel, w); len(items) != 1 || !strings.Contains(items[0].Value, want) || strings.Contains(items[0].Value, "no queue") {
			t.Errorf("at %d CoDel's line %+v, want %q and no \"no queue\"", w, items, want)
		}
	}
	codel.Timeline = nil
	// Without connections, Erlang B's, named, and of how many so far (newcomer 43 G-19:
	// "49 turned away (forecast: 38% …)" left the model and the share so far to guess),
	// said so: before a whole second, since 0s (newcomer 69 W4).
	codel.Config.Payment.Connections = ConnectionsConfig{}
	codel.Classes[Payment].Arrived, codel.Classes[Signup].Arrived = 97, 49
	codel.Classes[Payment].Rejected[RejectCoDel], codel.Classes[Signup].Rejected[RejectCoDel] = 33, 16
	blocking := 100 * codel.Config.Forecast().Blocking
	for w, want := range map[int][2]string{
		200: {SinceStart + ": 49 of all 146 arrivals turned away past their limit, 34% (", fmt.Sprintf("Erlang B's forecast with no queue: %.0f%%", blocking)},
		120: {SinceStart + ": 49 of all 146 arrivals turned away, 34% (", fmt.Sprintf("(≈ no queue, Erlang B's forecast: %.0f%%", blocking)},
	} {
		if items := coDelHealth(&codel, w); len(items) != 1 || !strings.HasPrefix(items[0].Value, want[0]) || !strings.Contains(items[0].Value, want[1]) {
			t.Errorf("at %d CoDel's line %+v, want %q and %q", w, items, want[0], want[1])
		}
	}
}

// CoDel's line says which busy share is the forecast's and gives the one measured over the
// table's window beside it, the chart's mean held of the pool: "workers 93% busy" alone read
// as measured where nothing on screen showed it (newcomer 45 G10), and "(Erlang B: workers
// 93% busy, measured 96%)" as Erlang B measuring 96% (review of s90): the measured bare, the
// forecast named so, "pool 96% busy, forecast 93%". Which figure is the
// no-queue one, beside it, not after the measured share (review 38a minor 2), and at 120
// columns why a no-queue model fits, "≈ no queue" (review 39 m2). Each second's held of that
// second's pool, over the seconds that had one (review 39 m1: the span covered seconds it
// skipped): here 19.2 of 20, 96%, in 6–10s, the window's 5–6s with no pool.
// The share turned away over those seconds too, the span said first for both: since the
// start, "29%" beside a busy share of 3–8s and the forecast's 38% read as off (newcomer 69
// W4): 12 of the 40 that arrived in 6–10s, not 51 of 149 since the start.
func TestCoDelLineSaysItsBusyShareIsAForecast(t *testing.T) {
	_, codel := heldSnapshots()
	codel.Classes[Signup] = ClassStats{Arrived: 49}
	codel.Classes[Signup].Rejected[RejectCoDel] = 16
	for i := range 10 {
		sec := Second{T: i + 1, Workers: 20}
		if sec.T == 6 {
			sec.Workers = 0
		}
		sec.Held[Payment], sec.Held[Signup] = 19, 0.2
		sec.Arrived[Payment], sec.Rejected[Payment][RejectCoDel] = 10, 3
		codel.Timeline = append(codel.Timeline, sec)
	}
	f := codel.Config.Forecast()
	cf, _ := f.CoDel(codel.Config.Pool)
	head, busy := "in 6–10s: 12 of all 40 arrivals turned away", fmt.Sprintf("; pool 96%% busy, forecast %.0f%%)", 100*cf.Busy)
	for _, w := range []int{200, 120} {
		if items := coDelHealth(&codel, w); len(items) != 1 || !strings.HasPrefix(items[0].Value, head) || !strings.Contains(items[0].Value, ", 30% (") ||
			!strings.Contains(items[0].Value, busy) || !fitsLine(items[0].Label, items[0].Value, w) {
			t.Errorf("at %d CoDel's line %+v, want %q, 30%% and %q within the width", w, items, head, busy)
		}
	}
	// A second with no pool inside the window: the span says how many of its seconds were
	// counted (review 40a m4: "6–10s" covered the 7–8s it skipped).
	codel.Timeline[5].Workers, codel.Timeline[7].Workers = 20, 0
	head = "in 4s of 5–10s: 12 of all 40 arrivals turned away"
	for _, w := range []int{200, 120} {
		if items := coDelHealth(&codel, w); len(items) != 1 || !strings.HasPrefix(items[0].Value, head) || !strings.Contains(items[0].Value, busy) || !fitsLine(items[0].Label, items[0].Value, w) {
			t.Errorf("gap inside, at %d CoDel's line %+v, want %q and %q within the width", w, items, head, busy)
		}
	}
	want := fmt.Sprintf("(≈ no queue, Erlang B: %.0f%%; pool", 100*f.LongRunLoss())
	if items := coDelHealth(&codel, 120); len(items) != 1 || !strings.Contains(items[0].Value, want) {
		t.Errorf("at 120 CoDel's line %+v, want %q", items, want)
	}
	// A pool grown past the size set: 24 held of 25, 96% of each second's pool, where the
	// forecast's is of the 20 set, and each says which (review 38a minor 3, review 39 m1), of
	// 20 workers where that fits: "of 20" could read as of 20 arrivals (review s90b 3).
	for i := range codel.Timeline {
		codel.Timeline[i].Workers, codel.Timeline[i].Held[Payment] = 25, 23.8
	}
	head = "in 5–10s: 15 of all 50 arrivals turned away"
	busy = fmt.Sprintf("; each second's pool 96%% busy, forecast %.0f%% of 20", 100*cf.Busy)
	for w, want := range map[int]string{200: busy + " workers)", 120: busy + ")"} {
		if items := coDelHealth(&codel, w); len(items) != 1 || !strings.HasPrefix(items[0].Value, head) || !strings.Contains(items[0].Value, want) || !fitsLine(items[0].Label, items[0].Value, w) {
			t.Errorf("at %d CoDel's line %+v, want %q and %q within the width", w, items, head, want)
		}
	}
}

// coDelJudged is codel-queue's CoDel side after 10s, the pool first full at 2.3s, its rates
// set to 15/s: each second that many arriving and turned away, payments holding that many of
// the 20 workers.
func coDelJudged(arrived, turned int64, held float64) Snapshot {
	_, codel := heldSnapshots()
	codel.Pool.FullFrom = 2300 * time.Millisecond
	for i := range 10 {
		sec := Second{T: i + 1, Workers: 20}
		sec.Held[Payment], sec.Arrived[Payment], sec.Rejected[Payment][RejectCoDel] = held, arrived, turned
		sec.Rate[Payment], sec.Rate[Signup] = 10, 5
		codel.Timeline = append(codel.Timeline, sec)
	}
	return codel
}

// CoDel's share from the fill is judged against the forecast's, as the pool's shares are:
// "33% (≈ no queue, Erlang B's forecast: 38%" asked "38 or 29?" (newcomer 70 W1). Within
// chance, "≈ no queue" is what the verdict finds, at 120 columns too; beyond it under the
// forecast, why, where its figures show it: the workers busier than the forecast's, a
// queue's waits letting in what none would, said only beside the busy shares (review s90b
// 4: at 120 without them); fewer arriving than the rates set (seed 14's 13 of 60, 22%, at
// 12/s of 15/s, its workers 83% busy); else the verdict alone, and never "≈ no queue". The
// model named wherever a form with it fits, before the claim or the busy shares: at 120
// "≈ no queue (pool 96% busy, forecast 93%)", and at 80 "≈ no queue", named none for the 38%
// (review s90b 1, 4). Of fewer than 20 arrivals, no verdict. Each form fits its width.
func TestCoDelLineJudgesItsShare(t *testing.T) {
	busy := "pool 96% busy, forecast 93%"
	for _, tc := range []struct {
		name            string
		arrived, turned int64
		held            float64
		want            map[int]string
		not             string
	}{
		{"within", 15, 5, 19.2, map[int]string{
			210: "in 5–10s: 25 of all 75 arrivals turned away past their limit, 33%, within chance of 38%: nearly a loss system, full means turned away (Erlang B's forecast with no queue; " + busy + ")",
			140: "in 5–10s: 25 of all 75 arrivals turned away, 33%, within chance of 38%: ≈ no queue (Erlang B); " + busy,
			120: "in 5–10s: 25 of all 75 turned away, 33%, within chance of 38%: ≈ no queue (Erlang B); " + busy,
			100: "in 5–10s: 25 of all 75 arrivals turned away, 33%, within chance of 38%: ≈ no queue (Erlang B)",
			80:  "in 5–10s: 25 of all 75 turned away, 33%, within chance of 38% (Erlang B)",
			70:  "in 5–10s: 25 of all 75 turned away, 33%, within chance of 38%",
		}, "beyond"},
		{"under", 15, 2, 19.2, map[int]string{
			250: "in 5–10s: 10 of all 75 arrivals turned away past their limit, 13%, beyond chance of 38%: fewer than with no queue, for a worker that frees while a request waits for one takes it (Erlang B's forecast with no queue; " + busy + ")",
			200: "in 5–10s: 10 of all 75 arrivals turned away, 13%, beyond chance of 38%: its waits let in more than no queue would (Erlang B); " + busy,
			150: "in 5–10s: 10 of all 75 turned away, 13%, beyond chance of 38%: its waits let in more than no queue would (Erlang B); " + busy,
			120: "in 5–10s: 10 of all 75 arrivals turned away, 13%, beyond chance of 38% (Erlang B); " + busy,
			80:  "in 5–10s: 10 of all 75 turned away, 13%, beyond chance of 38% (Erlang B)",
		}, "≈"},
		{"lull", 12, 2, 16.6, map[int]string{
			250: "in 5–10s: 10 of all 60 arrivals turned away past their limit, 17%, beyond chance of 38%: fewer arrived, 12/s of the 15/s set, a lighter load (Erlang B's forecast with no queue; pool 83% busy, forecast 93%)",
			200: "in 5–10s: 10 of all 60 arrivals turned away, 17%, beyond chance of 38%: fewer arrived, 12/s of the 15/s set (Erlang B); pool 83% busy, forecast 93%",
			120: "in 5–10s: 10 of all 60 turned away, 17%, beyond chance of 38%: fewer arrived, 12/s of the 15/s set (Erlang B)",
		}, "≈"},
		{"over", 15, 10, 19.2, map[int]string{
			200: "in 5–10s: 50 of all 75 arrivals turned away past their limit, 67%, beyond chance of 38% (Erlang B's forecast with no queue; " + busy + ")",
			120: "in 5–10s: 50 of all 75 arrivals turned away, 67%, beyond chance of 38% (Erlang B); " + busy,
			80:  "in 5–10s: 50 of all 75 turned away, 67%, beyond chance of 38% (Erlang B)",
		}, "≈"},
	} {
		codel := coDelJudged(tc.arrived, tc.turned, tc.held)
		for w, want := range tc.want {
			if items := coDelHealth(&codel, w); len(items) != 1 || items[0].Value != want || strings.Contains(items[0].Value, tc.not) || !fitsLine(items[0].Label, items[0].Value, w) {
				t.Errorf("%s at %d: %+v, want %q within the width", tc.name, w, items, want)
			}
		}
	}
	// A slight lull (14/s of 15/s) cannot explain 7% against 38%: the verdict alone, not
	// "fewer arrived" (review s88).
	lull := coDelJudged(14, 1, 17)
	if items := coDelHealth(&lull, 200); len(items) != 1 || !strings.Contains(items[0].Value, "beyond chance") || strings.Contains(items[0].Value, "arrived,") {
		t.Errorf("slight lull: %+v, want the verdict without a reason", items)
	}
	// One whole second since the fill, 3 of its 15 arrivals, too few to tell from 38%: the
	// share beside the forecast, unjudged.
	codel := coDelJudged(15, 3, 19.2)
	codel.Pool.FullFrom = 8500 * time.Millisecond
	if items := coDelHealth(&codel, 120); len(items) != 1 || !strings.HasPrefix(items[0].Value, "in 9–10s: 3 of all 15 arrivals turned away, 20% (≈ no queue, Erlang B: 38%; pool 96% busy, forecast 93%)") || strings.Contains(items[0].Value, "chance") {
		t.Errorf("too few: %+v, want the share beside the forecast, unjudged", items)
	}
	// Where payments' connections bound the share, unjudged, as the pool's shares are
	// (Forecast.SharesJudgedBy: a state they were not measured in; review s88), beside the
	// bound, and no "no queue" in any form (review 39 m2).
	codel = coDelJudged(15, 11, 19.2)
	codel.Config.Payment.Connections = ConnectionsConfig{PerRoute: 8, LeaseTimeout: Duration(3 * time.Minute)}
	f := codel.Config.Forecast()
	cf, _ := f.CoDel(codel.Config.Pool)
	bound, busy := fmt.Sprintf("%.0f%%", 100*f.LongRunLoss()), fmt.Sprintf("pool 96%% busy, forecast %.0f%%", 100*cf.Busy)
	for w, want := range map[int]string{
		200: "in 5–10s: 55 of all 75 arrivals turned away past their limit, 73% (forecast, the connections' bound: " + bound + " turned away; " + busy + ")",
		120: "in 5–10s: 55 of all 75 turned away, 73% (forecast, the connections' bound: " + bound + "; " + busy + ")",
	} {
		if items := coDelHealth(&codel, w); len(items) != 1 || items[0].Value != want || strings.Contains(items[0].Value, "chance") || strings.Contains(items[0].Value, "no queue") || strings.Contains(items[0].Value, "loss system") || !fitsLine(items[0].Label, items[0].Value, w) {
			t.Errorf("bound at %d: %+v, want %q within the width", w, items, want)
		}
	}
}

// Where the pool first filled in a second not yet over, no whole second is from the fill:
// the line says its share since 0s, every arrival so far, unjudged and with no busy share
// measured, not the last seconds' before the fill, "in 3–8s: 0 of 75 turned away" beside a
// pool full now (review of s86b). The forecast's busy share says it is one, never in the
// measured's phrase: "pool 93% busy" read as measured (review s90b 2).
func TestCoDelLineBeforeAWholeSecondSinceTheFill(t *testing.T) {
	codel := coDelJudged(15, 0, 19.2)
	codel.Elapsed, codel.Pool.FullFrom = 10400*time.Millisecond, 10200*time.Millisecond
	codel.Timeline = append(codel.Timeline, Second{T: 11, Workers: 20})
	codel.Classes[Signup] = ClassStats{Arrived: 46}
	codel.Classes[Signup].Rejected[RejectCoDel] = 14
	for _, w := range []int{200, 120, 80} {
		items := coDelHealth(&codel, w)
		if len(items) != 1 || !strings.HasPrefix(items[0].Value, SinceStart+": 49 of all 146 arrivals turned away") || strings.Contains(items[0].Value, "chance") || strings.Contains(items[0].Value, "busy, forecast") {
			t.Errorf("at %d: %+v, want %q, unjudged, no busy share measured", w, items, SinceStart+": 49 of all 146 arrivals turned away")
		}
	}
	cf, _ := codel.Config.Forecast().CoDel(codel.Config.Pool)
	forecast, measured := fmt.Sprintf("; pool busy: forecast %.0f%%)", 100*cf.Busy), fmt.Sprintf("pool %.0f%% busy", 100*cf.Busy)
	for w := 80; w <= 260; w++ {
		items := coDelHealth(&codel, w)
		if v := items[0].Value; strings.Contains(v, measured) || w >= 120 && !strings.Contains(v, forecast) {
			t.Errorf("at %d: %+v, want %q from 120 columns and never %q", w, items, forecast, measured)
		}
	}
}

// CoDel's count says whose arrivals it is of, every class's, in every form: "25 of 75" in
// 3–8s beside payments' rej:codel 25 since 0s read as one count (newcomer 72 G-2). The busy
// share measured is said bare and the forecast's as one, never "(Erlang B: workers 93% busy,
// measured 96%)", which read as Erlang B measuring 96% (review of s90). Every form, judged
// or not, fits its width from 80 columns up, and from 90 names the model its 38% and its
// forecast busy share are of (review s90b 1, 4); a claim the busy shares show stands only
// beside them (review s90b 4).
func TestCoDelLineSaysWhoseArrivals(t *testing.T) {
	gap := coDelJudged(15, 5, 19.2)
	gap.Timeline[6].Workers = 0
	few := coDelJudged(15, 3, 19.2)
	few.Pool.FullFrom = 8500 * time.Millisecond
	bound := coDelJudged(15, 11, 19.2)
	bound.Config.Payment.Connections = ConnectionsConfig{PerRoute: 8, LeaseTimeout: Duration(3 * time.Minute)}
	early := coDelJudged(15, 0, 19.2)
	early.Elapsed, early.Pool.FullFrom = 10400*time.Millisecond, 10200*time.Millisecond
	early.Timeline = append(early.Timeline, Second{T: 11, Workers: 20})
	for name, s := range map[string]Snapshot{"within": coDelJudged(15, 5, 19.2), "under": coDelJudged(15, 2, 19.2), "lull": coDelJudged(12, 2, 16.6),
		"over": coDelJudged(15, 10, 19.2), "gap": gap, "too few": few, "bound": bound, "before a whole second": early} {
		for w := 80; w <= 260; w++ {
			items := coDelHealth(&s, w)
			if len(items) != 1 || !strings.Contains(items[0].Value, " of all ") || strings.Contains(items[0].Value, "measured") || !fitsLine(items[0].Label, items[0].Value, w) {
				t.Errorf("%s at %d: %+v, want \"of all\", no \"measured\", within the width", name, w, items)
			}
			if v := items[0].Value; w >= 90 && !strings.Contains(v, "Erlang B") && !strings.Contains(v, "connections' bound") || strings.Contains(v, "let in more") && !strings.Contains(v, "busy,") {
				t.Errorf("%s at %d: %+v, want the model named, and any claim the busy shares show beside them", name, w, items)
			}
		}
	}
}
