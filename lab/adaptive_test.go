package lab

import (
	"context"
	"log/slog"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The latency an adaptive limit tolerates, as failsafe-go's limiter lowers it: once
// limit × (1 − mean/p90) passes 6 (12 from 100): 1.2× at 36, none at 6 or below.
func TestAdaptiveBackoff(t *testing.T) {
	for _, c := range []struct {
		limit int
		want  float64
	}{{1, 0}, {6, 0}, {7, 7}, {36, 1.2}, {64, 64.0 / 58}, {100, 100.0 / 88}} {
		if got := AdaptiveBackoff(c.limit); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("limit %d: %v, want %v", c.limit, got, c.want)
		}
	}
	// The help's rule: 1/(1 − AdaptiveBeta/limit) under a limit of AdaptiveBetaUnder, not from it.
	for limit, under := range map[int]bool{AdaptiveBetaUnder - 1: true, AdaptiveBetaUnder: false} {
		if got := AdaptiveBackoff(limit) == 1/(1-float64(AdaptiveBeta)/float64(limit)); got != under {
			t.Errorf("limit %d: 1/(1 − %d/limit) is the rule %v, want %v", limit, AdaptiveBeta, got, under)
		}
	}
}

// The adaptive limit's headline numbers are decided in lab: the window's mean concurrency
// and each ok's hold once a whole second has its oks, the instant's calls before; past the
// knee on the number said; bursts refused only while a permit sat free on average.
func TestAdaptiveUse(t *testing.T) {
	var s Snapshot
	s.Dependency.InFlight, s.Bulkhead.Limit = 30, 38
	if u := s.AdaptiveUse(KneeForecast{Knee: 25}); u.Windowed || u.Calls != 30 || !u.PastKnee || u.BurstsRefused || u.NoneNow {
		t.Errorf("before the first second: %+v, want the instant's 30 calls, past the knee 25", u)
	}
	for i := range 5 {
		sec := Second{T: i + 1}
		sec.Held[Payment], sec.OK[Payment], sec.Arrived[Payment] = 20, 400, 410 // bursts need arrivals to fill it
		sec.Rejected[Payment][RejectLimit] = 10
		s.Timeline = append(s.Timeline, sec)
	}
	u := s.AdaptiveUse(KneeForecast{Knee: 25})
	if !u.Windowed || u.Calls != 20 || u.Hold != 50*time.Millisecond || u.PastKnee || !u.BurstsRefused || u.NoneNow {
		t.Errorf("20 held at 400 ok/s, 10 turned away a second: %+v, want the window's 20 at 50ms, under the knee, bursts refused", u)
	}
	s.Bulkhead.Limit = 20 // the mean at the limit: a full limit's rejections, not bursts'
	if u := s.AdaptiveUse(KneeForecast{}); u.BurstsRefused || u.PastKnee {
		t.Errorf("mean at the limit, no knee: %+v, want neither bursts refused nor past a knee", u)
	}
	s.Bulkhead.Limit = 38
	// 410 arrive a second (set above), more than 38 ÷ 50ms = 760/s: still bursts
	if u := s.AdaptiveUse(KneeForecast{Knee: 25}); !u.BurstsRefused || u.Overloaded {
		t.Errorf("410/s arriving, a full limit answers 760/s: %+v, want bursts refused, not overloaded", u)
	}
	for i := range s.Timeline { // 800 a second: past what a full limit answers
		s.Timeline[i].Arrived[Payment] = 800
	}
	if u := s.AdaptiveUse(KneeForecast{Knee: 25}); u.BurstsRefused || !u.Overloaded || u.Arrived != 800 || u.Through != 760 {
		t.Errorf("800/s arriving, a full limit answers 760/s: %+v, want overloaded by those two rates, not bursts", u)
	}
	// With the knee known, what any limit answers at most is the knee's Best (newcomer 39
	// W1): 410/s arriving is 82% of 500/s, bursts; 460/s, 92%, at it: no limit lets all
	// through, though 38 ÷ 50ms said 760/s.
	for i := range s.Timeline {
		s.Timeline[i].Arrived[Payment] = 410
	}
	best := KneeForecast{Knee: 25, Latency: 50 * time.Millisecond, Best: 500}
	if u := s.AdaptiveUse(best); u.AtBest || u.Overloaded || !u.BurstsRefused || u.Through != 500 {
		t.Errorf("410/s arriving, 500/s at the knee: %+v, want bursts refused, not at best", u)
	}
	for i := range s.Timeline {
		s.Timeline[i].Arrived[Payment] = 460
	}
	if u := s.AdaptiveUse(best); !u.AtBest || u.Overloaded || u.BurstsRefused {
		t.Errorf("460/s arriving, 500/s at the knee: %+v, want at best, neither overloaded nor bursts", u)
	}
	// The best fixed cap beside it, the knee's calls less one, 24 at 50ms: 480/s; its limit
	// of 38 past the knee of 25 (newcomer 43 G-MAJOR-1).
	// No more than arrive (review 37 M1): 460/s arriving, so ~460/s, not the 480/s it could.
	if u := s.AdaptiveUse(best); u.Fixed != 24 || u.FixedRate != 460 || !u.LimitPastKnee {
		t.Errorf("limit %d, knee 25, 460/s arriving: %+v, want the fixed cap 24 at 460/s and the limit past the knee", s.Bulkhead.Limit, u)
	}
	for i := range s.Timeline {
		s.Timeline[i].Arrived[Payment] = 490
	}
	if u := s.AdaptiveUse(best); u.FixedRate != 480 {
		t.Errorf("490/s arriving: %+v, want the fixed cap's 480/s", u)
	}
	s.Timeline[4].Rejected[Payment][RejectLimit] = 0
	if u := s.AdaptiveUse(KneeForecast{Knee: 25}); !u.NoneNow || !strings.HasPrefix(u.NoneSince, "none turned away ") {
		t.Errorf("none turned away in the last second: %+v", u)
	}
	// Past the knee, the hold above the curve only where it is, as written (review 31 #2):
	// 30 held at 600 ok/s hold 50ms each, under 50ms × (30/25)² = 72ms; at 300 ok/s, 100ms.
	k := KneeForecast{Knee: 25, Exponent: 2, Latency: 50 * time.Millisecond}
	for i := range s.Timeline {
		s.Timeline[i].Held[Payment], s.Timeline[i].OK[Payment] = 30, 600
	}
	if u := s.AdaptiveUse(k); !u.PastKnee || u.AboveCurve || u.OnCurve || u.Curve != 72*time.Millisecond {
		t.Errorf("30 held at 600 ok/s: %+v, want past the knee, under the curve's 72ms", u)
	}
	// 400 ok/s hold 75ms: within CurveMargin of 72ms, on the curve, not above it (newcomer
	// 37 #18: 85ms beside 84ms said "above").
	for i := range s.Timeline {
		s.Timeline[i].OK[Payment] = 400
	}
	if u := s.AdaptiveUse(k); !u.OnCurve || u.AboveCurve || u.CurveAlike {
		t.Errorf("30 held at 400 ok/s: %+v, want 75ms on the curve's 72ms, written apart", u)
	}
	// 417 ok/s hold 71.9ms: on the curve and written as it is, "matches" (review 32 #13).
	for i := range s.Timeline {
		s.Timeline[i].OK[Payment] = 417
	}
	if u := s.AdaptiveUse(k); !u.OnCurve || !u.CurveAlike {
		t.Errorf("30 held at 417 ok/s: %+v, want 72ms alike the curve's 72ms", u)
	}
	for i := range s.Timeline {
		s.Timeline[i].OK[Payment] = 300
	}
	if u := s.AdaptiveUse(k); !u.AboveCurve || u.OnCurve {
		t.Errorf("30 held at 300 ok/s: %+v, want 100ms above the curve's 72ms", u)
	}
}

// newcomer 50: the window's mean said with its window and the hold with where it comes from
// ("mean 30.1 calls" asked over what; "~75ms each" beside the curve's 72ms looked wrong), the
// fixed pool named where it is the fix preset's, and the knee beside "past the knee".
func TestAdaptiveUseSaid(t *testing.T) {
	var s Snapshot
	s.Bulkhead.Limit = 35
	for i := range 5 {
		sec := Second{T: 20 + i + 1}
		sec.Held[Payment], sec.OK[Payment], sec.Arrived[Payment] = 30.1, 400, 500
		sec.Rejected[Payment][RejectLimit] = 100
		s.Timeline = append(s.Timeline, sec)
	}
	best := KneeForecast{Knee: 25, Latency: 50 * time.Millisecond, Best: 500}
	u := s.AdaptiveUse(best)
	if got, want := u.MeanSaid(), "measured means in 20–25s: 30.1 calls at once, ~75ms each"; got != want {
		t.Errorf("MeanSaid %q, want %q", got, want)
	}
	if got, want := u.FixedSaid(), FixPreset+"'s fixed 24 workers give ~480/s"; got != want {
		t.Errorf("FixedSaid %q, want %q", got, want)
	}
	// At 80 columns, whose rule takes the room for its bounds and why (newcomer 57), what the
	// pool is, not the preset's name alone (newcomer 60: "postmortem-fix: ~480/s" cryptic).
	if got, want := u.FixedTerse(), "postmortem-fix's 24 workers: ~480/s"; got != want {
		t.Errorf("FixedTerse %q, want %q", got, want)
	}
	if got, _, yard := u.PastKneeSaid(AdaptiveReading{Updates: AdaptiveWarmup}); got != "past the knee of 25" || yard != "" {
		t.Errorf("PastKneeSaid in the warm-up %q, yardstick %q, want %q and none", got, yard, "past the knee of 25")
	}
	// After it, why so small an excess lets the limit rise there, in one clause at both widths:
	// its yardstick is the mean the rule names, not the unloaded latency, the knee's 50ms
	// (newcomer 56 G-MAJOR); that the excess stays small only where it did not fall on it. The
	// help's whole form in the same words.
	rose := AdaptiveReading{Direction: "increase", Reason: "queue", Updates: 2 * AdaptiveWarmup, Queued: 2}
	brief, terse, fewest := u.PastKneeSaid(rose)
	// Tersely, the yardstick's own words, which name the mean judged by (newcomer 59: "by that
	// mean" dangled); fewest, the knee with it, for 80 columns (newcomer 68).
	if want := "past the knee of 25: its yardstick is the p90's ~10s running mean, not the unloaded 50ms"; terse != fewest+", not 50ms unloaded" ||
		brief != want+", and as latency creeps up the mean follows, so excess stays small" || fewest != "past the knee of 25, judged by the yardstick" {
		t.Errorf("PastKneeSaid after the warm-up: %q / %q / %q", brief, terse, fewest)
	}
	fell := rose
	fell.Direction, fell.Queued = "decrease", 7
	if brief, _, _ := u.PastKneeSaid(fell); strings.Contains(brief, "small") || !strings.HasSuffix(brief, "the mean follows") {
		t.Errorf("PastKneeSaid after a fall on 7 in excess: %q", brief)
	}
	if !strings.Contains(AdaptiveChartHelp(), "after the warm-up, its yardstick is the p90's own running mean, not the unloaded latency, and as latency creeps up the mean follows, so excess stays small and the limit can rise past the knee") ||
		!strings.Contains(AdaptiveChartHelp(), "reckons the excess (calls adding delay, not answers) as limit × (1 − mean/p90)") {
		t.Errorf("the help's adaptive limit in other words than the narrator's: %q", AdaptiveChartHelp())
	}
	// The same 24 workers on a slower dependency are not the preset's, which gives 480/s
	// (review 42a: "postmortem-fix's fixed 24 workers give ~240/s").
	slow := best
	slow.Latency, slow.Best = 100*time.Millisecond, 250
	if got, want := s.AdaptiveUse(slow).FixedSaid(), "24 workers and a queue give ~240/s"; got != want {
		t.Errorf("100ms: FixedSaid %q, want %q", got, want)
	}
	if got, want := s.AdaptiveUse(slow).FixedTerse(), "24 workers and a queue: ~240/s"; got != want {
		t.Errorf("100ms: FixedTerse %q, want %q", got, want)
	}
	// Another knee's best fixed pool is not the preset's: not named so.
	best.Knee, best.Best = 30, 600
	if got, want := s.AdaptiveUse(best).FixedSaid(), "29 workers and a queue give ~500/s"; got != want {
		t.Errorf("knee 30: FixedSaid %q, want %q", got, want)
	}
	if got := s.AdaptiveUse(KneeForecast{}).FixedSaid(); got != "" {
		t.Errorf("no knee: FixedSaid %q, want none", got)
	}
}

// Where "bulkhead" names it, an adaptive limit says what a Hystrix or resilience4j reader
// calls it, where there is room, and the help says why the lab files it there (newcomer 30:
// "bulkhead" is a fixed cap everywhere else).
func TestAdaptiveGlossedAsLimiter(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadAdaptive, Size: 20}
	s := &Snapshot{Config: c, Bulkhead: BulkheadStats{Type: BulkheadAdaptive, Limit: 36, InUse: 30}}
	for w, want := range map[int]string{120: "bulkhead adaptive: a moving cap (a concurrency limiter), limit 36, 30 in use", 80: "bulkhead adaptive: a moving cap, limit 36, 30 in use"} {
		if got := bulkheadSettings(c, s, w)[0].Phrase(); got != want {
			t.Errorf("at %d: %q, want %q", w, got, want)
		}
	}
	// Payments the only class: the cap is on every order, a concurrency limit, not the
	// isolation "bulkhead" means on the other screens (newcomer 45 G11), at every width:
	// at 80 columns too, where "on all orders" alone read as isolation (newcomer 47 #11),
	// in a line that has room for "timeout off · " beside it.
	only := c
	only.Traffic.Payment.Label = "orders"
	only.Traffic.Signup.Rate, only.Traffic.Health.Rate = 0, 0
	// The limit's item, what it is said first (newcomer 58: "bulkhead adaptive" read as
	// isolation, as did its rejections' rej:bulkhead, now rej:limit).
	for w, want := range map[int]string{120: "limit adaptive 36 on all orders (a concurrency limit from latency, not isolation), 30 in use", 80: "limit adaptive 36 on all orders, not one per class, 30 in use"} {
		if got := bulkheadSettings(only, s, w)[0].Phrase(); got != want {
			t.Errorf("the only class, at %d: %q, want %q", w, got, want)
		}
	}
	if got, want := bulkheadSettings(only, s, 50)[0].Phrase(), "limit adaptive 36, 30 in use"; got != want {
		t.Errorf("the only class, in a compare half: %q, want %q", got, want)
	}
	s.Bulkhead.Limit = 0
	if got, want := bulkheadSettings(c, s, 120)[0].Phrase(), "bulkhead adaptive: a moving cap (a concurrency limiter), limit starts at 20"; got != want {
		t.Errorf("before it starts: %q, want %q", got, want)
	}
	if got, want := bulkheadSettings(only, s, 80)[0].Phrase(), "limit adaptive starting at 20 on all orders, not one per class"; got != want {
		t.Errorf("the only class, before it starts: %q, want %q", got, want)
	}
	for _, it := range ScreenWords() {
		if it.Label == "adaptive: a moving cap (a concurrency limiter)" && strings.Contains(it.Value, "concurrency limiter") && strings.Contains(it.Value, "rejected:limit") &&
			strings.Contains(it.Value, "limit adaptive 28 on all orders (a concurrency limit from latency, not isolation)") && strings.Contains(it.Value, "limit adaptive 28 on all orders, not one per class, 27 in use") {
			return
		}
	}
	t.Error("the help does not say why a concurrency limiter is a bulkhead here")
}

// The reading the screen gives is failsafe-go's own, from its log of each update: a limiter
// driven past its first update leaves its smoothed p90, its mean and what it did, and the
// rule says them against its bounds at the limit in force (newcomer 42 W4). Structure only:
// the latencies are whatever the machine took, a millisecond or more.
func TestAdaptiveReadsTheLimiter(t *testing.T) {
	var a adaptive
	a.use(BulkheadConfig{Type: BulkheadAdaptive, Size: 20}, 64)
	g := a.cur.Load()
	record := func(n int) { // n calls of a millisecond or more, 10 at once
		for n > 0 {
			var held []interface{ Record() }
			for range min(n, 10) {
				p, ok := g.lim.TryAcquirePermit()
				if !ok {
					t.Fatal("no permit under the limit")
				}
				held = append(held, p)
			}
			time.Sleep(time.Millisecond)
			for _, p := range held {
				p.Record()
			}
			n -= len(held)
		}
	}
	record(40)
	if r := a.stats(BulkheadConfig{Type: BulkheadAdaptive}).Reading; r.Updates != 0 {
		t.Fatalf("before its first 50 samples: %+v, want no update", r)
	}
	record(10) // its first update needs 50, no wait
	r := a.stats(BulkheadConfig{Type: BulkheadAdaptive}).Reading
	if r.Updates != 1 || r.P90 <= 0 || r.Mean <= 0 || r.Direction == "" || r.Reason == "" {
		t.Fatalf("after its first window: %+v, want its reading", r)
	}
	if r.Judged != 20 {
		t.Errorf("first reading judged at %d, want the initial 20", r.Judged)
	}
	// Said at the limit it judged (20), not the one it set after.
	s := Snapshot{Bulkhead: BulkheadStats{Limit: 21, Reading: r}}
	long, short, terse := s.AdaptiveRule()
	// failsafe-go's own queueSize, ⌈20 × (1 − mean/p90)⌉ of its unrounded figures: within one
	// of the same from the µs-rounded ones.
	if q := math.Ceil(20 * (1 - float64(r.Mean)/float64(r.P90))); math.Abs(q-float64(r.Queued)) > 1 {
		t.Errorf("queued %d, want ⌈20 × (1 − %v/%v)⌉ = %v", r.Queued, r.Mean, r.P90, q)
	}
	// The thresholds the rule names are failsafe-go's: its verdict on that queue agrees.
	rise, fall := AdaptiveQueues(20)
	if want := map[string]bool{"increase": r.Queued <= rise, "hold": r.Queued > rise && r.Queued <= fall, "decrease": r.Queued > fall}; r.Reason == "queue" && !want[r.Direction] {
		t.Errorf("%d queued, at most %d rises, past %d falls: failsafe-go said %s", r.Queued, rise, fall, r.Direction)
	}
	for _, want := range []string{"each update (≤1/s) reckons limit × (1 − mean/p90) excess calls (Vegas), p90 of the calls' latency per window of ≥1s, mean the p90's ~10s running mean; Vegas (Go library failsafe-go) for limits under 100: at most 2, the limit rises; past 6, it falls; else it holds", "; update 1 of 10 (warm-up): " + r.queued(false) + ", limit 20→21"} {
		if !strings.Contains(long, want) {
			t.Errorf("%q lacks %q", long, want)
		}
	}
	if !strings.HasPrefix(short, "update 1 of 10 (warm-up): "+r.queued(true)+"; Vegas (Go library failsafe-go) for limits under 100: at most 2 it rises, past 6 it falls, else holds") ||
		!strings.HasPrefix(terse, "update 1 of 10 (warm-up): "+r.queued(true)+"; Vegas: ≤2 rises, >6 falls") {
		t.Errorf("brief: %q, terse: %q", short, terse)
	}
	if got := AdaptiveRise(30); math.Abs(got-30.0/28) > 1e-9 {
		t.Errorf("rises at 30 under %v, want 30/28: ⌈30 × (1 − mean/p90)⌉ under 3", got)
	}
}

// review 36 M1/M2: a fall from 36 to 35 is judged at 36's bounds (past 1.20×, where 35's is
// 1.21×), and the brief form names the bound the reading met, not the fall's whatever it did.
// Newcomer 44 W-MAJOR 2: each form one rule that reads alone, what the bound does beside it,
// and the limit before and after; review 37 minor 2: where a bound of the limit's own
// decided ("max"), that, not a p90 bound. Newcomer 54: the limit the reading was judged at named
// ("limit 34" beside the settings' 35; briefly "limit then 34" where the update moved it).
func TestAdaptiveRuleSaysTheBoundThatDecided(t *testing.T) {
	// What the count is, first and in plain words, in the dependency's terms, which has no queue
	// (newcomer 52), at both widths (newcomer 56 G-MAJOR: "excess: calls more than their
	// answers/s need at the mean's latency" took more than seconds; 80 columns had none).
	for _, c := range []struct {
		limit   int
		reading AdaptiveReading
		long    string
		short   string
		terse   string
	}{
		{35, AdaptiveReading{P90: 120500 * time.Microsecond, Mean: 100 * time.Millisecond, Direction: "decrease", Reason: "queue", Updates: 20, Judged: 36, Queued: 7},
			"Vegas (Go library failsafe-go) for limits under 100: at most 2, the limit rises; past 6, it falls; else it holds; update 20: 36 × (1 − 100.0/120.5ms) = 6.1, rounded up: 7 in excess, limit 36→35",
			"excess (calls adding delay, not answers), p90's ~10s running mean ÷ smoothed p90: limit then 36 × (1\u00a0−\u00a0100.0/120.5ms)\u00a0=\u00a06.1, rounded up: 7; Vegas (Go library failsafe-go) for limits under 100: at most 2 it rises, past 6 it falls, else holds; that much reads as a queue, so it backs off: 36→35",
			"excess (calls adding delay, not answers), yardstick (p90's ~10s mean) ÷ smoothed p90: limit was 36 × (1\u00a0−\u00a0100.0/120.5ms)\u00a0=\u00a06.1, rounded up: 7; Vegas: ≤2 rises, >6 falls; that reads as a queue: it backs off 36→35"},
		{31, AdaptiveReading{P90: 104 * time.Millisecond, Mean: 100 * time.Millisecond, Direction: "increase", Reason: "queue", Updates: 20, Judged: 30, Queued: 2},
			"; update 20: 30 × (1 − 100.0/104.0ms) = 1.2, rounded up: 2 in excess, limit 30→31",
			"excess (calls adding delay, not answers), p90's ~10s running mean ÷ smoothed p90: limit then 30 × (1\u00a0−\u00a0100.0/104.0ms)\u00a0=\u00a01.2, rounded up: 2; Vegas (Go library failsafe-go) for limits under 100: at most 2 it rises, past 6 it falls, else holds; little excess reads as no queue at the dependency, so it probes one more: 30→31",
			"excess (calls adding delay, not answers), yardstick (p90's ~10s mean) ÷ smoothed p90: limit was 30 × (1\u00a0−\u00a0100.0/104.0ms)\u00a0=\u00a01.2, rounded up: 2; Vegas: ≤2 rises, >6 falls; little excess reads as no queue: it probes 30→31"},
		// newcomer 50 G-MAJOR: "3 to 6, it holds" read as a range of calls queued; the rule's
		// band whole, and the limit it holds at.
		{30, AdaptiveReading{P90: 110 * time.Millisecond, Mean: 100 * time.Millisecond, Direction: "hold", Reason: "queue", Updates: 20, Judged: 30, Queued: 3},
			"; update 20: 30 × (1 − 100.0/110.0ms) = 2.7, rounded up: 3 in excess, limit holds at 30",
			"excess (calls adding delay, not answers), p90's ~10s running mean ÷ smoothed p90: limit 30 × (1\u00a0−\u00a0100.0/110.0ms)\u00a0=\u00a02.7, rounded up: 3; Vegas (Go library failsafe-go) for limits under 100: at most 2 it rises, past 6 it falls, else holds, so it holds at 30",
			"excess (calls adding delay, not answers), yardstick (p90's ~10s mean) ÷ smoothed p90: limit 30 × (1\u00a0−\u00a0100.0/110.0ms)\u00a0=\u00a02.7, rounded up: 3; Vegas: ≤2 rises, >6 falls, else holds: 30"},
		{30, AdaptiveReading{P90: 104 * time.Millisecond, Mean: 100 * time.Millisecond, Direction: "decrease", Reason: "max", Updates: 20, Judged: 31, Queued: 2},
			"; update 20: 31 × (1 − 100.0/104.0ms) = 1.2, rounded up: 2 in excess, the limit met its bound, the most its calls in flight allow: limit 31→30",
			"excess (calls adding delay, not answers), p90's ~10s running mean ÷ smoothed p90: limit then 31 × (1\u00a0−\u00a0100.0/104.0ms)\u00a0=\u00a01.2, rounded up: 2; the limit met its bound, the most its calls in flight allow: 31→30",
			"excess (calls adding delay, not answers), yardstick (p90's ~10s mean) ÷ smoothed p90: limit was 31 × (1\u00a0−\u00a0100.0/104.0ms)\u00a0=\u00a01.2, rounded up: 2; the limit met its bound, the most its calls in flight allow: 31→30"},
		// Newcomer 55: 35 × (1 − 81.7/86.0) is 1.75 as printed, said so, not "1.7"; and
		// tersely "limit was 35" under the limit now, 36.
		{36, AdaptiveReading{P90: 86 * time.Millisecond, Mean: 81700 * time.Microsecond, Direction: "increase", Reason: "queue", Updates: 20, Judged: 35, Queued: 2},
			"; update 20: 35 × (1 − 81.7/86.0ms) = 1.75, rounded up: 2 in excess, limit 35→36",
			"excess (calls adding delay, not answers), p90's ~10s running mean ÷ smoothed p90: limit then 35 × (1\u00a0−\u00a081.7/86.0ms)\u00a0=\u00a01.75, rounded up: 2; Vegas (Go library failsafe-go) for limits under 100: at most 2 it rises, past 6 it falls, else holds; little excess reads as no queue at the dependency, so it probes one more: 35→36",
			"excess (calls adding delay, not answers), yardstick (p90's ~10s mean) ÷ smoothed p90: limit was 35 × (1\u00a0−\u00a081.7/86.0ms)\u00a0=\u00a01.75, rounded up: 2; Vegas: ≤2 rises, >6 falls; little excess reads as no queue: it probes 35→36"},
		// From a limit of 100 failsafe-go's alpha and beta double, and the rule's queue sizes
		// with them.
		{120, AdaptiveReading{P90: 104 * time.Millisecond, Mean: 100 * time.Millisecond, Direction: "increase", Reason: "queue", Updates: 20, Judged: 119, Queued: 5},
			"Vegas (Go library failsafe-go) at limits 100–999: at most 5, the limit rises; past 12, it falls; else it holds; update 20:",
			"excess (calls adding delay, not answers), p90's ~10s running mean ÷ smoothed p90: limit then 119 × (1\u00a0−\u00a0100.0/104.0ms)\u00a0=\u00a04.6, rounded up: 5; Vegas (Go library failsafe-go) at limits 100–999: at most 5 it rises, past 12 it falls, else holds; little excess reads as no queue at the dependency, so it probes one more: 119→120",
			"excess (calls adding delay, not answers), yardstick (p90's ~10s mean) ÷ smoothed p90: limit was 119 × (1\u00a0−\u00a0100.0/104.0ms)\u00a0=\u00a04.6, rounded up: 5; Vegas: ≤5 rises, >12 falls; little excess reads as no queue: it probes 119→120"},
	} {
		s := Snapshot{Bulkhead: BulkheadStats{Limit: c.limit, Reading: c.reading}}
		long, short, terse := s.AdaptiveRule()
		if !strings.Contains(long, c.long) || short != c.short || terse != c.terse {
			t.Errorf("limit %d, %+v:\n%q\n%q\n%q\nwant %q,\n%q and\n%q", c.limit, c.reading, long, short, terse, c.long, c.short, c.terse)
		}
		// One reading, the same figures in every form (newcomer 45 W3: "now 59ms against
		// 59ms" beside "p90 since 0s 59ms"), and its count from them as printed (review 40b M2).
		w := queuedSaid(t, long)
		for _, said := range []string{short, terse} {
			if b := queuedSaid(t, said); w != b {
				t.Errorf("limit %d: the forms' readings differ: %q, %q", c.limit, long, said)
			}
		}
		w.addsUp(t, c.reading.Queued)
	}
}

// queuedWorked is a reading's count as the screen prints it: "36 × (1 − 100.0/120.5ms) = 6.1,
// rounded up: 7 in excess" whole, "excess (calls adding delay, not answers), p90's ~10s running
// mean ÷ smoothed p90: limit then 36 × (1 − 100.0/120.5ms) = 6.1, rounded up: 7" brief, "excess
// (…), yardstick (p90's ~10s mean) ÷ smoothed p90: limit 36 × (1 − 100.0/120.5ms) = 6.1, rounded
// up: 7" terse, the sum's spaces from its parentheses to its result no-break.
type queuedWorked struct {
	limit, p90, mean, product string
	queued                    string // "7" or "none"
}

var queuedForms = []*regexp.Regexp{
	regexp.MustCompile(`(?P<limit>[\d.]+) × \(1 − (?P<mean>[\d.]+)/(?P<p90>[\d.]+)ms\) = (?P<product>−?[\d.]+)(?:, rounded up|, under 0|, at 0)?: (?P<queued>\d+|none) in excess`),
	regexp.MustCompile(`excess \(calls adding delay, not answers\)(?: at [\d.]+s)?, p90's ~10s running mean ÷ smoothed p90: limit(?: then)? (?P<limit>[\d.]+) × \(1\x{a0}−\x{a0}(?P<mean>[\d.]+)/(?P<p90>[\d.]+)ms\)\x{a0}=\x{a0}(?P<product>−?[\d.]+)(?:, rounded up|, under 0|, at 0)?: (?P<queued>\d+|none)`),
	regexp.MustCompile(`excess \(calls adding delay, not answers\)(?: at [\d.]+s)?, yardstick \(p90's ~10s mean\) ÷ smoothed p90: limit(?: was)? (?P<limit>[\d.]+) × \(1\x{a0}−\x{a0}(?P<mean>[\d.]+)/(?P<p90>[\d.]+)ms\)\x{a0}=\x{a0}(?P<product>−?[\d.]+)(?:, rounded up|, under 0|, at 0)?: (?P<queued>\d+|none)`),
}

func queuedSaid(t *testing.T, said string) queuedWorked {
	t.Helper()
	for _, re := range queuedForms {
		if m := re.FindStringSubmatch(said); m != nil {
			at := func(name string) string {
				if i := re.SubexpIndex(name); i > 0 {
					return m[i]
				}
				return ""
			}
			return queuedWorked{limit: at("limit"), mean: at("mean"), p90: at("p90"), product: at("product"), queued: at("queued")}
		}
	}
	t.Fatalf("no worked count in %q", said)
	return queuedWorked{}
}

// addsUp checks the printed arithmetic: the product from the printed figures rounds to the
// printed product, never from a half ("1.7" for 1.75 as printed), which rounds up to the printed count, failsafe-go's queued.
func (q queuedWorked) addsUp(t *testing.T, queued int) {
	t.Helper()
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(strings.Replace(s, "−", "-", 1), 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return f
	}
	product, places := num(q.product), 0
	if i := strings.Index(q.product, "."); i >= 0 {
		places = len(q.product) - i - 1 // − is before it
	}
	if q.limit != "" {
		if got := num(q.limit) * (1 - num(q.mean)/num(q.p90)); math.Abs(got-product) > 0.5*math.Pow10(-places)-1e-9 { // a half is read as rounding up: not one
			t.Errorf("%s × (1 − %s/%s) = %.4f, printed %s", q.limit, q.mean, q.p90, got, q.product)
		}
	}
	got, want := "none", "none"
	if up := int(math.Ceil(product)); up > 0 {
		got = strconv.Itoa(up)
	}
	if queued > 0 {
		want = strconv.Itoa(queued)
	}
	if got != want || q.queued != want {
		t.Errorf("%s rounds up to %s, printed %s, failsafe-go's %d", q.product, got, q.queued, queued)
	}
}

// review 40b M2: the count printed beside the figures is what they give as printed, rounded
// up, at many readings, a fractional limit and a count of none too.
func TestAdaptiveQueuedAddsUp(t *testing.T) {
	for _, c := range []struct {
		judged    float64
		p90, mean time.Duration
	}{
		{31, 78*time.Millisecond + 523*time.Microsecond, 73*time.Millisecond + 456*time.Microsecond},
		{34, 88*time.Millisecond + 912*time.Microsecond, 81*time.Millisecond + 4*time.Microsecond},
		{36, 120500 * time.Microsecond, 100 * time.Millisecond},
		{31.5, 84 * time.Millisecond, 76 * time.Millisecond},
		{32, 76*time.Millisecond + 1*time.Microsecond, 81 * time.Millisecond},
		{30, 103*time.Millisecond + 449*time.Microsecond, 100 * time.Millisecond},
		{30, 107*time.Millisecond + 142*time.Microsecond, 100 * time.Millisecond},
	} {
		queued := int(math.Ceil(c.judged * (1 - float64(c.mean)/float64(c.p90))))
		r := AdaptiveReading{P90: c.p90, Mean: c.mean, Direction: "hold", Reason: "queue", Updates: 20, Judged: int(c.judged), JudgedAt: c.judged, Queued: queued}
		s := Snapshot{Bulkhead: BulkheadStats{Limit: int(c.judged), Reading: r}}
		long, short, terse := s.AdaptiveRule()
		if !strings.Contains(long, strconv.FormatFloat(c.judged, 'f', -1, 64)+" × (1 − ") {
			t.Errorf("judged at %v: %q", c.judged, long)
		}
		for _, said := range []string{long, short, terse} {
			queuedSaid(t, said).addsUp(t, queued)
		}
	}
}

// review 40a M2: the limiter's queueSize is read from its log, and a value that is no whole
// number is unknown, not 0, and goes unsaid.
func TestAdaptiveLogReadsQueueSize(t *testing.T) {
	read := func(q string) AdaptiveReading {
		h := &adaptiveLog{limit: 30}
		rec := slog.NewRecord(time.Now(), slog.LevelDebug, "limit update", 0)
		rec.AddAttrs(slog.String("direction", "hold"), slog.String("reason", "queue"), slog.String("limit", "30.00"),
			slog.String("queueSize", q), slog.Duration("recentRTT", 84*time.Millisecond), slog.Duration("baselineRTT", 76*time.Millisecond),
			slog.Any("inflight", 12)) // as failsafe-go logs it: an int
		if err := h.Handle(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		return *h.last.Load()
	}
	if r := read("7"); r.Queued != 7 || r.QueueUnread || r.Judged != 30 || r.JudgedAt != 30 || r.Peak != 12 {
		t.Errorf("queueSize 7: %+v", r)
	}
	r := read("7.5")
	if !r.QueueUnread {
		t.Errorf("queueSize 7.5: %+v, want unread", r)
	}
	long, short, terse := (&Snapshot{Bulkhead: BulkheadStats{Limit: 30, Reading: r}}).AdaptiveRule()
	if strings.Contains(long[strings.Index(long, "; update"):], "queued") || strings.Contains(short, "queued") || strings.Contains(terse, "queued") {
		t.Errorf("an unread count said: %q / %q / %q", long, short, terse)
	}
}

// Newcomer 57 G-MAJOR: "why 2 and 6? why does the limit rise at all when latency already
// exceeds 50ms?". Every form says where the bounds come from, failsafe-go's Vegas bounds for
// the span of limits that share them, and why the update moved: little excess reads as no
// queue, so it probes; more than beta reads as one, so it backs off. At 80 columns in signs;
// at 120 the why as tersely, its step in 34→35, room for the yardstick named (newcomer 66).
func TestAdaptiveRuleSaysWhereItsBoundsComeFrom(t *testing.T) {
	rose := Snapshot{Bulkhead: BulkheadStats{Limit: 35, Reading: AdaptiveReading{P90: 85500 * time.Microsecond, Mean: 81800 * time.Microsecond,
		Direction: "increase", Reason: "queue", Updates: 20, Judged: 34, Queued: 2}}}
	const arith = "excess (calls adding delay, not answers), yardstick (p90's ~10s mean) ÷ smoothed p90: limit was 34 × (1\u00a0−\u00a081.8/85.5ms)\u00a0=\u00a01.5, rounded up: 2; "
	_, _, got := rose.AdaptiveRule()
	if want := arith + "Vegas: ≤2 rises, >6 falls; little excess reads as no queue: it probes 34→35"; got != want {
		t.Errorf("at 80 columns:\n got %q\nwant %q", got, want)
	}
	if got, want := rose.AdaptiveRuleWide(), arith+"Vegas (Go library failsafe-go) for limits under 100: ≤2 rises, >6 falls; little excess reads as no queue: it probes 34→35"; got != want {
		t.Errorf("at 120 columns:\n got %q\nwant %q", got, want)
	}
	// A hold has no why but its band.
	held := rose
	held.Bulkhead.Limit, held.Bulkhead.Reading.Direction, held.Bulkhead.Reading.Judged = 34, "hold", 34
	held.Bulkhead.Reading.P90, held.Bulkhead.Reading.Queued = 90*time.Millisecond, 4
	if _, _, terse := held.AdaptiveRule(); !strings.HasSuffix(terse, "Vegas: ≤2 rises, >6 falls, else holds: 34") ||
		!strings.HasSuffix(held.AdaptiveRuleWide(), "Vegas (Go library failsafe-go) for limits under 100: ≤2 rises, >6 falls, else holds: 34") {
		t.Errorf("a hold: %q / %q", terse, held.AdaptiveRuleWide())
	}
	// The span is failsafe-go's: its bounds the same throughout it, other ones past it.
	for _, c := range []struct {
		limit int
		span  string
	}{{1, "for limits under 100"}, {99, "for limits under 100"}, {100, "at limits 100–999"}, {999, "at limits 100–999"}, {1000, "at limits 1000–9999"}} {
		if got := adaptiveBoundsOf(c.limit); got != "Vegas (Go library failsafe-go) "+c.span {
			t.Errorf("limit %d: %q, want %q", c.limit, got, c.span)
		}
		// The span's first limit: 1 under 100, else the power of ten the limit's digits give.
		lo := int(math.Pow10(len(strconv.Itoa(c.limit)) - 1))
		if c.limit < 100 {
			lo = 1
		}
		rise, fall := AdaptiveQueues(c.limit)
		if r, f := AdaptiveQueues(lo); r != rise || f != fall {
			t.Errorf("limit %d: bounds %d/%d, at %d, its span's first, %d/%d", c.limit, rise, fall, lo, r, f)
		}
	}
	help := AdaptiveChartHelp()
	for _, want := range []string{
		"1/(1−2/30) = 1.07×: little excess reads as no queue at the dependency, so it probes for more;",
		"1/(1−6/36) = 1.20×: that much reads as a queue, so it backs off; and holds between;",
		"alpha and beta are failsafe-go's Vegas bounds, TCP Vegas's two queue thresholds, 3 and 6 × the limit's log10 rounded down, at least 1: at most 2 and past 6 under a limit of 100, at most 5 and past 12 from it",
	} {
		if !strings.Contains(help, want) {
			t.Errorf("the help lacks %q", want)
		}
	}
}

// Why a limit above the mean of calls turns orders away (newcomer 58: "not ok 18.0%" beside
// "limit adaptive 35 … 32 in use" and "mean 29.4 calls at once"): what they wanted, their
// arrivals × each ok's hold, its product computing from the figures printed, at, over or
// under the limit; the mean is what got in. Measured alone, no forecast; only where a full
// limit turns them away at once.
func TestLimitFullSaysWhatOrdersWanted(t *testing.T) {
	window := func(limit int, ok, held float64) Snapshot {
		var s Snapshot
		s.Config.Payment.Bulkhead = BulkheadConfig{Type: BulkheadAdaptive, Size: 20}
		s.Config.Traffic.Payment.Label = "order"
		s.Bulkhead.Limit = limit
		for i := range 5 {
			sec := Second{T: 20 + i + 1}
			sec.Arrived[Payment], sec.OK[Payment], sec.Held[Payment] = 500, int64(ok), held
			sec.Rejected[Payment][RejectLimit] = int64(500 - ok)
			s.Timeline = append(s.Timeline, sec)
		}
		return s
	}
	product := regexp.MustCompile(`wanted ([0-9.]+)/s × mean ([0-9]+)ms = ([0-9.]+) (calls )?at once`)
	for _, c := range []struct {
		limit    int
		ok, held float64
		want     string // the form 120 columns take
	}{
		// 29.4 ÷ 412/s = 71.4ms: 500/s × 71ms = 35.5, over 35.
		{35, 412, 29.4, "rej:limit: wanted 500/s × mean 71ms = 35.5 at once, over the limit 35; the mean 29.4 is what got in: bursts find it full"},
		{35, 420, 29.4, "rej:limit: wanted 500/s × mean 70ms = 35.0 at once, at the limit 35; the mean 29.4 is what got in: bursts find it full"},
		// Under the limit, random arrivals still fill it at times.
		{36, 412, 29.4, "rej:limit: wanted 500/s × mean 71ms = 35.5 at once, under the limit 36; the mean 29.4 got in: bursts still find it full"},
	} {
		s := window(c.limit, c.ok, c.held)
		r := s.Rates()
		forms := s.LimitFullSaid(&r)
		if got := longest(forms, 120); got != c.want {
			t.Errorf("limit %d, %v ok/s, %v held: at 120 columns %q, want %q", c.limit, c.ok, c.held, got, c.want)
		}
		if got := longest(forms, 80); !strings.HasPrefix(got, "wanted ") || !strings.Contains(got, ": bursts") {
			t.Errorf("limit %d: at 80 columns %q, want what they wanted and why they are turned away", c.limit, got)
		}
		for _, f := range forms {
			m := product.FindStringSubmatch(f)
			if m == nil {
				t.Errorf("%q: no product", f)
				continue
			}
			rate, _ := strconv.ParseFloat(m[1], 64)
			ms, _ := strconv.ParseFloat(m[2], 64)
			if want := strconv.FormatFloat(math.Round(rate*ms/100)/10, 'f', 1, 64); m[3] != want {
				t.Errorf("%q: %s × %sms is %s as printed", f, m[1], m[2], want)
			}
		}
	}
	// Nothing to say where none were turned away at the limit, a place may be waited for (a
	// rejection is then no arrival finding it full), the oks' hold is unknown (some failed),
	// or the bulkhead is another kind.
	for name, change := range map[string]func(*Snapshot){
		"none turned away": func(s *Snapshot) {
			for i := range s.Timeline {
				s.Timeline[i].Rejected[Payment][RejectLimit] = 0
			}
		},
		"max wait":  func(s *Snapshot) { s.Config.Payment.Bulkhead.MaxWait = Duration(10 * time.Millisecond) },
		"failed":    func(s *Snapshot) { s.Timeline[4].Failed[Payment] = 1 },
		"semaphore": func(s *Snapshot) { s.Config.Payment.Bulkhead.Type = BulkheadSemaphore },
	} {
		s := window(35, 412, 29.4)
		change(&s)
		if r := s.Rates(); s.LimitFullSaid(&r) != nil {
			t.Errorf("%s: %q, want nothing", name, s.LimitFullSaid(&r))
		}
	}
}

// The help's adaptive paragraph says it, with 80 columns' form for an example.
func TestLimitFullInTheHelp(t *testing.T) {
	if h := limitFullHelp(); !strings.Contains(h, `("wanted 500/s × mean 71ms = 35.5 at once, over the limit 35: bursts find it full"; wider, that the mean is what got in)`) {
		t.Errorf("help %q", h)
	}
}

// longest is the first of forms, longest first, that fits w cells.
func longest(forms []string, w int) string {
	for _, f := range forms {
		if utf8.RuneCountInString(f) <= w {
			return f
		}
	}
	return ""
}

// No excess is said to a tenth as the screen's other figures, with its sums' minus:
// "-6.996: none" read as a raw float (newcomer 67); a tenth that would read 0 to more places.
func TestNoExcessRoundsAsTheScreen(t *testing.T) {
	for _, c := range []struct {
		q    float64
		want string
	}{{-6.996, "−7.0"}, {-0.04, "−0.04"}, {0, "0.0"}, {-0.0004, "0.0"}, {-12.34, "−12.3"}} {
		if got := noExcess(c.q); got != c.want {
			t.Errorf("%v: %q, want %q", c.q, got, c.want)
		}
	}
}

// The reading says when its update was, in the run's time, so that its smoothed p90 is not
// read as the window's "now" (newcomer 67); unknown, nothing.
func TestAdaptiveReadingAt(t *testing.T) {
	r := AdaptiveReading{Age: 550 * time.Millisecond}
	if got := r.At(40 * time.Second); got != "39.5s" {
		t.Errorf("%q, want 39.5s", got)
	}
	if got := (AdaptiveReading{}).At(40 * time.Second); got != "" {
		t.Errorf("no age: %q", got)
	}
}

// How high the adaptive limit may rise, from the window it last read: failsafe-go's 5× the
// most in use at once there, full use or not ("probes 40→41" beside "4 in use" asked whether
// it ignores under-use, as Netflix's Vegas does; newcomer 70 G6).
func TestAdaptiveCeilingSaysFailsafeGosCap(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig(), Bulkhead: BulkheadStats{Type: BulkheadAdaptive}}
	s.Config.Pool.Workers = 64
	if items := adaptiveCeiling(s, 120); items != nil {
		t.Errorf("before a reading: %v", items)
	}
	s.Bulkhead.Reading.Peak = 12
	for _, w := range []int{58, 80, 120} {
		items := adaptiveCeiling(s, w)
		if len(items) != 1 || !strings.HasPrefix(items[0].Value, "5 × 12 = 60") || w >= 80 && len([]rune(items[0].Phrase())) > w {
			t.Errorf("at %d: %v", w, items)
		}
	}
	if got := adaptiveCeiling(s, 120)[0].Phrase(); got != "a rise's ceiling 5 × 12 = 60: 5× the most in use at once in the window it read, failsafe-go's rule, not full use" {
		t.Errorf("at 120: %q", got)
	}
	s.Bulkhead.Reading.Peak = 17
	if got := adaptiveCeiling(s, 120)[0].Value; !strings.HasPrefix(got, "5 × 17 = 85, the pool's 64 binds first") {
		t.Errorf("past the pool: %q", got)
	}
	if !strings.Contains(AdaptiveChartHelp(), "Netflix's Vegas (concurrency-limits) holds a limit while under half of it is in use") {
		t.Error("the help does not say how failsafe-go's rise differs from Vegas's")
	}
}

// The cap is said as of the update that set it, where its time is known.
func TestAdaptiveCeilingSaysWhen(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig(), Bulkhead: BulkheadStats{Type: BulkheadAdaptive}, Elapsed: 40 * time.Second}
	s.Config.Pool.Workers = 64
	s.Bulkhead.Reading = AdaptiveReading{Peak: 12, Age: 400 * time.Millisecond}
	if got := adaptiveCeiling(s, 120)[0].Value; !strings.HasPrefix(got, "5 × 12 = 60 at its update at 39.6s") {
		t.Errorf("at 120: %q", got)
	}
}

// Within 80 columns whatever its figures: a peak of up to 3 digits, an update up to 999.9s
// into the run, a pool of any size that binds first. "At its update" goes before the time
// does: "5 × 20 = 100 at its update at 1 min 40s, the pool's 64 binds first" was 82 (review).
func TestAdaptiveCeilingFits80(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig(), Bulkhead: BulkheadStats{Type: BulkheadAdaptive}}
	for _, pool := range []int{1, 64, 999, 4994} {
		s.Config.Pool.Workers = pool
		for _, peak := range []int{1, 20, 99, 100, 999} {
			for _, at := range []time.Duration{0, 38200 * time.Millisecond, 100 * time.Second, 959 * time.Second, 999900 * time.Millisecond} {
				s.Elapsed, s.Bulkhead.Reading = at+time.Second, AdaptiveReading{Peak: peak, Age: time.Second}
				got := adaptiveCeiling(s, 80)[0].Phrase()
				if len([]rune(got)) > 80 || !strings.Contains(got, " at "+FmtSecs(at)) {
					t.Errorf("pool %d, peak %d, update at %v: %q (%d columns)", pool, peak, at, got, len([]rune(got)))
				}
			}
		}
	}
	s.Config.Pool.Workers, s.Elapsed = 64, 101*time.Second
	s.Bulkhead.Reading = AdaptiveReading{Peak: 20, Age: time.Second}
	if got, want := adaptiveCeiling(s, 80)[0].Phrase(), "a rise's ceiling 5 × 20 = 100 at 1 min 40s, the pool's 64 binds first"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// "bursts still find it full" beside 8.1 wanted of a limit of 42 (newcomer 80 W-MAJOR):
// random arrivals fill it about once in 1e17; at 29.4 of 35, the help's example, often.
func TestBurstsFillOnlyNearTheLimit(t *testing.T) {
	for _, c := range []struct {
		wanted float64
		limit  int
		fill   bool
	}{{8.1, 42, false}, {29.4, 35, true}, {20.5, 38, true}, {0, 10, false}} {
		if got := burstsFill(c.wanted, c.limit); got != c.fill {
			t.Errorf("%.1f wanted of %d: bursts fill it %v, want %v", c.wanted, c.limit, got, c.fill)
		}
	}
}
