// Tests of the deadline on its own: the typical latency it learns, the enough-left check.

package lab

import (
	"context"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A call gets room for its mean plus four deviations (RFC 6298), not the mean alone.
func TestTypicalLatencyNeeded(t *testing.T) {
	var tl typicalLatency
	if tl.needed() != 0 {
		t.Fatal("needed before any call")
	}
	tl.observe(40 * time.Millisecond) // mean 40, deviation 20
	if got := tl.needed(); got != 120*time.Millisecond {
		t.Errorf("after one call: %v, want 40 + 4 × 20 = 120ms", got)
	}
	for range 200 {
		tl.observe(40 * time.Millisecond)
		tl.observe(60 * time.Millisecond)
	}
	// Alternating 40 and 60: the mean settles near 50, the deviation near 10.
	if got := tl.needed(); got < 80*time.Millisecond || got > 100*time.Millisecond {
		t.Errorf("alternating 40/60 ms: %v, want about 50 + 4 × 10 = 90ms", got)
	}
}

// An estimate of the dependency inflated past the budget (a busy machine) must not refuse
// every call for ever: it asks for at most half the budget, so calls go ahead and correct it.
func TestEnoughLeftNeverLocksOut(t *testing.T) {
	var typical typicalLatency
	typical.observe(time.Minute) // far past a 10 s budget
	called := 0
	run := enoughLeftStage(&typical, &askedRoom{}, 10*time.Second, 0).wrap(func(context.Context, *passage) Result {
		called++
		return Result{Out: OK}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if r := run(ctx, &passage{}); r.Rejected || called != 1 {
		t.Errorf("with nearly all of a 10s budget left and an estimate of a minute: %+v, %d calls; want the call made", r, called)
	}
	short, cancel2 := context.WithTimeout(context.Background(), time.Second)
	defer cancel2()
	if r := run(short, &passage{}); !r.Rejected || r.Reason != RejectDeadline {
		t.Errorf("with 1s left, less than half the budget: %+v, want rejected by the deadline", r)
	}
}

// The two deadline stages turn payments away under one word, rejected:deadline, and the
// deadline counts apart those its enough-left check turned away (newcomer 58: which one did
// was left to guessing): run out while waiting is the rest.
func TestDeadlineCountsTheEnoughLeftApart(t *testing.T) {
	var typical typicalLatency
	typical.observe(10 * time.Millisecond) // room 10 + 4 × 5 = 30ms
	var refused atomic.Int64
	const budget = 800 * time.Millisecond
	inner := enoughLeftStage(&typical, &askedRoom{}, budget, 0).wrap(func(context.Context, *passage) Result { return Result{Out: OK} })
	run := deadlineStage(budget, &refused).wrap(inner)
	for _, c := range []struct {
		name     string
		ago      time.Duration // since the payment's scheduled arrival
		rejected bool
		refused  int64
	}{
		{"ran out waiting", 2 * budget, true, 0},
		{"too little left", budget - 5*time.Millisecond, true, 1},
		{"time enough", 0, false, 1},
	} {
		p := &passage{intended: time.Now().Add(-c.ago)}
		r := run(context.Background(), p)
		p.settle()
		if r.Rejected != c.rejected || c.rejected && r.Reason != RejectDeadline || refused.Load() != c.refused {
			t.Errorf("%s: %+v, enough-left turned away %d; want rejected %v (rejected:deadline), %d", c.name, r, refused.Load(), c.rejected, c.refused)
		}
	}
}

// Where payments have a deadline, the arriving-now line says what it does to one arriving
// now, from its own figures: newcomer 51 read "waits ~757ms" beside "deadline 800ms" and a
// room of 73ms and had to subtract to find it turned away.
func TestArrivingNowSaysTheDeadline(t *testing.T) {
	s := queuedSnapshot() // one arriving now waits 30.0s
	s.EnoughLeft = time.Second
	for d, want := range map[time.Duration]string{
		40 * time.Second:         "waits ~30.0s, leaving ~10.0s of 40s",
		30500 * time.Millisecond: "waits ~30.0s, leaving 500ms of 30.5s, under the 1.00s a call needs: turned away (rejected:deadline)",
		30 * time.Second:         "waits ~30.0s, past the 30s deadline: turned away (rejected:deadline)",
	} {
		s.Config.Payment.Deadline = Duration(d)
		// Wide, how the wait adds up stands beside the wait, in brackets, and the deadline's
		// words follow it.
		v := arrivingNowHealth(&s, 200)[0].Value
		wait, fate, _ := strings.Cut(want, ",")
		if !strings.HasPrefix(v, wait+" (the worker it gets") || !strings.Contains(v, "),"+fate) {
			t.Errorf("deadline %v: %q, want %q (…),%q", d, v, wait, fate)
		}
		if narrow := arrivingNowHealth(&s, 40)[0].Value; !strings.HasPrefix(narrow, want) {
			t.Errorf("deadline %v, narrow: %q, want %q…", d, narrow, want)
		}
	}
}

// Where payments' deadline holds the queue at a level, the arriving-now line that turns one
// away says which arrivals it turns away, those that find about that many waiting or more,
// and that the rest get in, with the window's share: bare, "turned away (rejected:deadline)"
// beside the narrator's "not ok 3.1% of replies" read as every arrival turned away now
// (newcomer 56). At 120 columns in fewer words, the outcome's name given way; before the
// deadline has turned any away, no level, no clause.
func TestArrivingNowSaysWhomTheDeadlineTurnsAway(t *testing.T) {
	s := queuedSnapshot() // one arriving now waits 30.0s, 600 ahead
	s.EnoughLeft = time.Second
	s.Config.Payment.Deadline = Duration(30500 * time.Millisecond)
	for i := range s.Timeline {
		sec := &s.Timeline[i]
		sec.Arrived[Payment], sec.OK[Payment], sec.Rejected[Payment][RejectDeadline] = 20, 19, 1
	}
	if v := arrivingNowHealth(&s, 300)[0].Value; strings.Contains(v, "while") {
		t.Errorf("none turned away by the deadline yet: %q", v)
	}
	s.Classes[Payment].Rejected[RejectDeadline] = 6
	// 20/s × (30.5s − 1.00s) = 590 waiting at most; 1 of 20 replies a second turned away.
	const wide = "waits ~30.0s (the worker it gets first serves 30 (the 600 ahead ÷ 20 workers), 1.00s each), leaving 500ms of 30.5s, under the 1.00s a call needs: turned away (rejected:deadline) while ~590 or more wait; with fewer it gets in (5.0% of replies turned away in 1–6s)"
	if v := arrivingNowHealth(&s, 300)[0].Value; v != wide {
		t.Errorf("wide:\n got %q\nwant %q", v, wide)
	}
	const at120 = "waits ~30.0s, leaving 500ms of 30.5s, under the 1.00s a call needs: turned away while ~590 or more wait"
	if v := arrivingNowHealth(&s, 120)[0].Value; v != at120 {
		t.Errorf("at 120:\n got %q\nwant %q", v, at120)
	}
	for _, w := range []int{120, 140, 160, 200, 250} {
		if v := arrivingNowHealth(&s, w)[0].Value; !fitsLine(ArrivingNowLabel, v, w) || !strings.Contains(v, " while ~590 or more wait") {
			t.Errorf("at %d: %q", w, v)
		}
	}
}

// Once payments' deadline turns some away, the growth the window measured is said as
// measured, and where the deadline stops it: the arrivals over the wait a payment may have,
// 500/s × 727ms. "the queue grows 10.4/s" beside 367 waiting, ~500/s × 0.73s, read as a fix
// whose queue grows still (newcomer 53 W-MAJOR). Before it turns any away, and with no
// deadline (the postmortem's queue grows on), nothing.
func TestQueueStopsWhereTheDeadlineBoundsTheWait(t *testing.T) {
	s := &Snapshot{EnoughLeft: 73 * time.Millisecond}
	rs := &Rates{Seconds: 5, From: 20, To: 25}
	rs.Arrived[Payment], rs.OK[Payment], rs.Rejected[Payment][RejectDeadline] = 500, 475, 14.6
	s.Classes[Payment].Rejected[RejectDeadline] = 190
	if _, ok := s.QueueStops(rs); ok {
		t.Error("no deadline: want nothing, the queue grows on")
	}
	s.Config.Payment.Deadline = Duration(800 * time.Millisecond)
	// 52 in 5s, within √(5 × (500 + 489.6)) ≈ 70 of chance, said so beside "holds it near"
	// (newcomer 56: plain growth beside a level held, a reader asked which).
	if got, ok := s.QueueStops(rs); !ok || got != "the queue grew 10.4/s, within chance; the deadline holds it near 364" {
		t.Errorf("got %q, %v", got, ok)
	}
	rs.OK[Payment] = 465.4 // 100 in 5s: growth beyond chance, said plain
	if got, ok := s.QueueStops(rs); !ok || got != "the queue grew 20/s in 20–25s; the deadline holds it near 364" {
		t.Errorf("beyond chance: got %q, %v", got, ok)
	}
	rs.OK[Payment] = 475
	// Where 364 comes from, as printed: a level to check, not a bare ceiling (newcomer 55).
	if got := s.QueueStopsWhy(rs); got != "(500/s × 727ms)" || math.Round(500*0.727) != 364 {
		t.Errorf("why: %q", got)
	}
	s.Classes[Payment].Rejected[RejectDeadline] = 0
	if s.QueueStopsWhy(rs) != "" {
		t.Error("a level said before the deadline holds the queue")
	}
	if _, ok := s.QueueStops(rs); ok {
		t.Error("none turned away yet: want nothing, the forecast says when")
	}
}

// The queue's change over the window against the spread of its counts, √(arrivals +
// departures): a queue the deadline holds moves by tens either way and is steady (newcomers
// 26, 29, 31); LIFO's, draining 136 in 15–20s, was said "steady" beside 473.2/s ok and 51/s
// rejected of 497/s (an older review), and a queue filling before the deadline acts grows.
// Drained, the parts add up as printed: 497 = 473.2 + 51 − 27.2.
func TestQueueMovedBeyondChance(t *testing.T) {
	rates := func(arrived, ok, rejected float64) *Rates {
		rs := &Rates{Seconds: 5, From: 15, To: 20}
		rs.Arrived[Payment], rs.OK[Payment], rs.Rejected[Payment][RejectDeadline] = arrived, ok, rejected
		return rs
	}
	s := &Snapshot{}
	s.Pool.Queued = 368
	for _, c := range []struct {
		name string
		rs   *Rates
		n    int64
		real bool
		said string
	}{
		// A fall within chance with its rate as printed, 500.8 = 489.8 + 16 − 5 (newcomer 56:
		// "steady" beside parts that did not add up); steady where none prints.
		{"held", rates(500.8, 489.8, 16), -25, false, ", queue fell 5/s, within chance"},
		{"steady", rates(500.8, 484.8, 16), 0, false, ", queue steady at ~368 waiting"},
		{"draining", rates(497, 473.2, 51), -136, true, ", the queue drained 136 in 15–20s (27.2/s)"},
		{"growing", rates(500.2, 474.4, 0), 129, true, ""}, // said by the growth clause (QueueStops)
	} {
		n, real := c.rs.QueueMoved(Payment)
		if n != c.n || real != c.real {
			t.Errorf("%s: moved %d, beyond chance %v; want %d, %v", c.name, n, real, c.n, c.real)
		}
		if got := s.QueueHeldSaid(c.rs); c.said != "" && got != c.said {
			t.Errorf("%s: %q, want %q", c.name, got, c.said)
		}
	}
	s.Pool.Queued = 0
	if got := s.QueueHeldSaid(rates(500.8, 489.8, 16)); got != ", none waiting" {
		t.Errorf("empty: %q", got)
	}
}
