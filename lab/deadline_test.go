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
// room of 73ms and had to subtract to find it turned away. With signups ahead, whose holds
// the deadline does not cut, the wait played out stands, past the deadline or not.
func TestArrivingNowSaysTheDeadline(t *testing.T) {
	s := queuedSnapshot()
	s.Pool.Queued, s.Pool.QueuedBy[Signup] = 620, 20
	for i := range s.Timeline {
		s.Timeline[i].Served[Signup], s.Timeline[i].HeldFor[Signup] = 20, 20*time.Second
	}
	s.EnoughLeft = time.Second // one arriving now waits 31.0s: 620 of 1s over 20 workers
	for d, want := range map[time.Duration]string{
		41 * time.Second:         "waits ~31.0s, leaving ~10.0s of 41s",
		31500 * time.Millisecond: "waits ~31.0s, leaving 500ms of 31.5s, under the 1.00s a call needs: turned away (rejected:deadline)",
		31 * time.Second:         "waits ~31.0s, past the 31s deadline: turned away (rejected:deadline)",
	} {
		s.Config.Payment.Deadline = Duration(d)
		// Wide, how the wait adds up stands beside the wait, in brackets, and the deadline's
		// words follow it.
		v := arrivingNowHealth(&s, 300)[0].Value
		wait, fate, _ := strings.Cut(want, ",")
		if !strings.HasPrefix(v, wait+" (the worker it gets") || !strings.Contains(v, "),"+fate) {
			t.Errorf("deadline %v: %q, want %q (…),%q", d, v, wait, fate)
		}
		if narrow := arrivingNowHealth(&s, 40)[0].Value; !strings.HasPrefix(narrow, want) {
			t.Errorf("deadline %v, narrow: %q, want %q…", d, narrow, want)
		}
	}
}

// Where the payments ahead would keep one arriving now past what payments' deadline leaves a
// call (30.5s − 1.00s = 29.5s), each of them that reaches a worker past it is turned away
// there in no time, so its wait stops near 29.5s: the line says that most, never the wait
// past it as its wait, nor "turned away while ~590 or more wait", the held level pasted in
// (newcomer 57: "waits ~755ms, leaving 45ms of 800ms … turned away while ~364 or more wait"
// beside 370 waiting). The forecast over the mean hold, where said, is said as what the
// queue would take, from its terms. Below that most, the wait and what it leaves, as before.
func TestArrivingNowWaitsNoLongerThanTheDeadlineLeaves(t *testing.T) {
	s := queuedSnapshot() // 600 payments ahead of 1s over 20 workers: 30.0s
	s.EnoughLeft = time.Second
	for i := range s.Timeline {
		sec := &s.Timeline[i]
		sec.Arrived[Payment], sec.OK[Payment], sec.Rejected[Payment][RejectDeadline] = 20, 19, 1
	}
	s.Classes[Payment].Rejected[RejectDeadline] = 6 // the deadline holds the queue near 590
	for d, most := range map[time.Duration]string{30500 * time.Millisecond: "29.5s", 30 * time.Second: "29.0s"} {
		s.Config.Payment.Deadline = Duration(d)
		for _, w := range []int{40, 80, 100, 120, 160, 200, 250, 300, 400} {
			v := arrivingNowHealth(&s, w)[0].Value
			if w >= 80 && !fitsLine(ArrivingNowLabel, v, w) {
				t.Errorf("deadline %v at %d: %q outgrows the line", d, w, v)
			}
			if !strings.Contains(v, "reaches a worker within ~"+most) || strings.Contains(v, "waits at most") || strings.Contains(v, "waits ~30.0s") || strings.Contains(v, "or more wait") {
				t.Errorf("deadline %v at %d: %q, want the most it waits, %s, and no wait past it", d, w, v, most)
			}
			if strings.Contains(v, "30.0s") && !strings.Contains(v, "30.0s (600 ahead × 1.00s ÷ 20 workers)") {
				t.Errorf("deadline %v at %d: %q, the forecast without its terms", d, w, v)
			}
		}
	}
	s.Config.Payment.Deadline = Duration(30500 * time.Millisecond)
	// The most is of the wait of one that calls: one waiting longer is turned away on reaching
	// a worker, its wait past it, as p99:wait counts it ("waits at most ~726ms" beside
	// p99:wait 729ms, newcomer 60). In plain words: "calls within ~29.5s, or waits longer and
	// is turned away on a worker, as each ahead past it is at once" did not parse (newcomer 62).
	const at120 = "reaches a worker within ~29.5s and calls the dependency; waiting longer, the worker turns it away"
	if v := arrivingNowHealth(&s, 120)[0].Value; v != at120 {
		t.Errorf("at 120:\n got %q\nwant %q", v, at120)
	}
	const wide = "would wait ~30.0s (600 ahead × 1.00s ÷ 20 workers), past the 29.5s the deadline leaves (30.5s − 1.00s a call needs), but each ahead that reaches a worker past it is turned away there in no time, so it reaches a worker within ~29.5s and calls the dependency; waiting longer, the worker turns it away (rejected:deadline), as 5.0% of replies were in 1–6s"
	if v := arrivingNowHealth(&s, 400)[0].Value; v != wide {
		t.Errorf("wide:\n got %q\nwant %q", v, wide)
	}
	s.Config.Payment.Deadline = Duration(40 * time.Second)
	if v := arrivingNowHealth(&s, 120)[0].Value; !strings.HasPrefix(v, "waits ~30.0s") || !strings.HasSuffix(v, ", leaving ~10.0s of 40s") {
		t.Errorf("below the most: %q, want the wait and what it leaves", v)
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
	// 52 in 5s, within 2√(2500 + 2448) ≈ 141 of chance, said so beside "holds it near"
	// (newcomer 56: plain growth beside a level held, a reader asked which), with that band a
	// second, 141 ÷ 5 s, to hold the rate against (newcomer 60: "within chance" gave none):
	// two standard deviations, as every other band on the screens (newcomer 62: "±14/s" was one).
	if got, ok := s.QueueStops(rs); !ok || got != "the queue grew 10.4/s, within chance (±28/s); the deadline holds it near 364" {
		t.Errorf("got %q, %v", got, ok)
	}
	// Its origin, for a screen with room, as the pool full time's "±17 = 2√71".
	if got := rs.ChanceOrigin(Payment); len(got) != 1 || got[0] != [2]string{"(±28/s)", "(±28/s = 2√(2500 arrived + 2448 ended) ÷ 5s)"} {
		t.Errorf("origin: %q", got)
	}
	rs.OK[Payment] = 465.4 // 100 in 5s: past one standard deviation, within two, so within chance
	if got, ok := s.QueueStops(rs); !ok || got != "the queue grew 20/s, within chance (±28/s); the deadline holds it near 364" {
		t.Errorf("within two spreads: got %q, %v", got, ok)
	}
	rs.OK[Payment] = 455.4 // 150 in 5s, past 2√(2500 + 2350) ≈ 139: beyond chance, said plain
	if got, ok := s.QueueStops(rs); !ok || got != "the queue grew 30/s in 20–25s; the deadline holds it near 364" {
		t.Errorf("beyond chance: got %q, %v", got, ok)
	}
	rs.OK[Payment] = 475
	// Its last words apart, with and without its level, for a line with no room for the
	// level's origin (newcomer 60).
	if sized, bare := s.QueueStopsLevel(rs); sized != "the deadline holds it near 364" || bare != "the deadline holds it" {
		t.Errorf("level: %q, %q", sized, bare)
	}
	// Where 364 comes from, as printed: a level to check, not a bare ceiling (newcomer 55).
	// 727ms as its difference, the deadline less enough-left's room (newcomer 65: 727ms was
	// written nowhere else), said as what it is for (newcomer 66: a bare 64 beside the
	// postmortem's 64 workers).
	if got := s.QueueStopsWhy(rs); got != "(500/s × (800ms − 73ms for the call))" || math.Round(500*0.727) != 364 {
		t.Errorf("why: %q", got)
	}
	// A deadline of seconds as every screen writes it, "2s", not a latency's "2.00s".
	s.Config.Payment.Deadline = Duration(2 * time.Second)
	if got := s.QueueStopsWhy(rs); got != "(500/s × (2s − 73ms for the call))" {
		t.Errorf("why, 2s: %q", got)
	}
	s.Config.Payment.Deadline = Duration(800 * time.Millisecond)
	s.Classes[Payment].Rejected[RejectDeadline] = 0
	if s.QueueStopsWhy(rs) != "" {
		t.Error("a level said before the deadline holds the queue")
	}
	if _, ok := s.QueueStops(rs); ok {
		t.Error("none turned away yet: want nothing, the forecast says when")
	}
	if sized, bare := s.QueueStopsLevel(rs); sized != "" || bare != "" {
		t.Errorf("none turned away yet: level %q, %q", sized, bare)
	}
}

// The queue's change over the window against chance's band of its counts, 2√(arrivals +
// departures), two standard deviations as every band the screens say (newcomer 62): a queue the deadline holds moves by tens either way and is steady (newcomers
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
		{"held", rates(500.8, 489.8, 16), -25, false, ", queue fell 5/s, within chance (±28/s)"},
		{"steady", rates(500.8, 484.8, 16), 0, false, ", queue steady at ~368 waiting"},
		// 136 past one standard deviation, 2√(2485 + 2621) ≈ 143 within two: chance.
		{"within two spreads", rates(497, 473.2, 51), -136, false, ", queue fell 27.2/s, within chance (±29/s)"},
		{"draining", rates(497, 483.2, 51), -186, true, ", the queue drained 186 in 15–20s (37.2/s)"},
		{"growing", rates(500.2, 470.4, 0), 149, true, ""}, // said by the growth clause (QueueStops)
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

// Payments with a deadline and no timeout of their own time out only by the deadline passing
// during their call: the table's note says so ("timed-out 9" beside "timeout off" had no cause
// on screen, newcomer 61 G-MAJOR); none with a timeout of their own, none timed out, or a 504
// from below, which GatewaySaid words.
func TestDeadlineTimedOutSaid(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutNone, Duration: Duration(time.Second)}
	c.Payment.Deadline = Duration(800 * time.Millisecond)
	s := NotStarted(c)
	if got := DeadlineTimedOutSaid(s); got != nil {
		t.Errorf("none timed out: %q", got)
	}
	s.Classes[Payment].TimedOut = 9
	if got := DeadlineTimedOutSaid(s); len(got) == 0 || got[0] != "timed-out 9: the 800ms deadline passed during their call (no timeout of their own)" {
		t.Errorf("%q", got)
	}
	own := *s
	own.Config.Payment.Timeout.Kind = TimeoutSocket
	gateway := *s
	gateway.Calls = CallStats{Gateway: 20, GatewayPayments: 9}
	for name, s := range map[string]*Snapshot{"a timeout of their own": &own, "a 504 below": &gateway} {
		if got := DeadlineTimedOutSaid(s); got != nil {
			t.Errorf("%s: %q", name, got)
		}
	}
}
