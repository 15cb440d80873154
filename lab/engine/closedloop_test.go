// Tests of the closed-loop users in running labs: pacing, coordinated omission, rate changes.

package engine

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"poollab/internal/testwait"
	"poollab/lab"
)

// closedConfig is a closed loop of users sending payments at rate to a dependency that
// answers after latency (healthy mode), for d.
func closedConfig(users int, rate float64, latency, d time.Duration) lab.Config {
	c := lab.DefaultConfig()
	c.Traffic.Mode, c.Traffic.Users = lab.Closed, users
	c.Traffic.Arrivals = lab.Uniform
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = rate, 0
	c.Dependency.Mode, c.Dependency.HealthyLatency = lab.ModeHealthy, lab.Duration(latency)
	c.Pool.Workers = 200
	c.Duration = lab.Duration(d)
	return c
}

// sentAll: every request a closed-loop user sent arrived, and none is counted twice.
func sentAll(t *testing.T, s lab.Snapshot) {
	t.Helper()
	var arrived int64
	for _, cs := range s.Classes {
		arrived += cs.Arrived
	}
	if s.ClosedLoop == nil || s.ClosedLoop.Sent != arrived {
		t.Errorf("closed loop %+v, arrived %d: want every send counted once", s.ClosedLoop, arrived)
	}
}

// A closed loop never has more requests out than it has users, however many the target
// rate asks for: 3 users against a 50 ms dependency at 200/s (Little's law would need
// 200 × 0.05 = 10 at once) send at most 3 at a time, so at most 3 × (1 s / 50 ms) + 3.
func TestClosedLoopNeverMoreThanUsers(t *testing.T) {
	c := closedConfig(3, 200, 50*time.Millisecond, time.Second)
	s := run(t, c)
	sentAll(t, s)
	cl := s.ClosedLoop
	if cl.PeakOutstanding != 3 || s.Dependency.PeakInFlight > 3 {
		t.Errorf("peak outstanding %d, dependency peak %d: want exactly the 3 users' requests at most", cl.PeakOutstanding, s.Dependency.PeakInFlight)
	}
	// Each request takes at least the dependency's 50 ms (physics), so each user sends at
	// most 1 s / 50 ms of them, plus the one under way at the end.
	if maxSent := int64(3*(time.Second/(50*time.Millisecond)) + 3); cl.Sent > maxSent {
		t.Errorf("sent %d, more than 3 users can send with 50 ms replies (%d)", cl.Sent, maxSent)
	}
	if cl.Due < 199 || cl.NotSent() != cl.Due-cl.Sent || cl.NotSent() < cl.Due-(3*20+3) {
		t.Errorf("due %d, sent %d, not sent %d: the target rate asked for 200 in 1 s", cl.Due, cl.Sent, cl.NotSent())
	}
	if s.Classes[lab.Payment].LatencyCorrected.Count <= s.Classes[lab.Payment].Latency.Count {
		t.Errorf("corrected latency has %d samples, measured %d: replies slower than the 15 ms pacing must add the unsent ones",
			s.Classes[lab.Payment].LatencyCorrected.Count, s.Classes[lab.Payment].Latency.Count)
	}
}

// With fast replies the users send at the target rate, never above it: 4 users at 100/s
// each send one request per 40 ms. Whenever every reply came back within one pacing
// interval (measured), none was skipped.
func TestClosedLoopPacesAtTheTargetRate(t *testing.T) {
	c := closedConfig(4, 100, 0, time.Second)
	c.Traffic.Signup.Rate = 50 // a third of the sends are signups: the users share the mix
	s := run(t, c)
	sentAll(t, s)
	cl := s.ClosedLoop
	if cl.Interval != time.Duration(math.Round(4e9/150)) || cl.Due != 150 || cl.Sent > cl.Due {
		t.Errorf("closed loop %+v: want one request per 4/150 s per user, 150 due, no more sent", cl)
	}
	pay, sig := s.Classes[lab.Payment], s.Classes[lab.Signup]
	if d := pay.Arrived - 2*sig.Arrived; d < -2 || d > 2 {
		t.Errorf("payments %d, signups %d: want them 2 to 1, as the rates are", pay.Arrived, sig.Arrived)
	}
	// A user skips a slot only when its send was late by more than the pacing less its reply.
	slowest := max(pay.Latency.Max, sig.Latency.Max) + s.Generator.Lag.Max
	if slowest < cl.Interval && cl.Sent < cl.Due-int64(cl.Users) {
		t.Errorf("every reply within %v of its slot (slowest %v), yet only %d of %d sent", cl.Interval, slowest, cl.Sent, cl.Due)
	}
	t.Logf("sent %d of %d; slowest lateness + reply %v against a %v pacing", cl.Sent, cl.Due, slowest, cl.Interval)
}

// The seed's experiment at a fifth of its length: a fast dependency stalls 400 ms at 1 s;
// 100/s for 2 s, sent closed loop (one user) and open loop side by side. The closed loop
// sends nothing while it waits: of the stall's 40 slots, all but the one stuck in it (1.00 s,
// or 1.01 s if the first slipped through before the stall began) and the one after (sent
// late, when the reply comes) are never sent, at least 38; its one stalled sample is under
// 1% of ~160, so its p99 is a normal sample, and only
// max shows the stall. The open loop sends all 200; the 40 due in the stall wait for its
// end, so its p99 is a stalled one. Corrected, the closed loop's p99 is a stalled one too.
func TestCoordinatedOmission(t *testing.T) {
	closed := closedConfig(1, 100, time.Millisecond, 2*time.Second)
	closed.Dependency.Stall = lab.StallConfig{FirstAt: lab.Duration(time.Second), For: lab.Duration(400 * time.Millisecond)}
	open := closed
	open.Traffic.Mode = lab.Open
	pair, err := RunPair(context.Background(), closed, open, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cs, os := pair[0], pair[1]
	checkInvariant(t, cs)
	checkInvariant(t, os)
	sentAll(t, cs)
	if os.ClosedLoop != nil || os.Classes[lab.Payment].LatencyCorrected.Count != 0 {
		t.Errorf("the open run has a closed loop %+v or a corrected latency: SameTraffic must keep B's mode", os.ClosedLoop)
	}
	stall := 400 * time.Millisecond
	cp, op := cs.Classes[lab.Payment], os.Classes[lab.Payment]
	if cl := cs.ClosedLoop; cl.NotSent() < 38 || cl.PeakOutstanding != 1 {
		t.Errorf("closed loop %+v: want at least 38 never sent, one request out at a time", cl)
	}
	if op.Arrived != 200 {
		t.Errorf("open loop sent %d, want all 200 due", op.Arrived)
	}
	// Physics: a request in the stall waits for its end (less how late a closed-loop send was).
	inStall := stall * 3 / 4
	if cp.Latency.Max < inStall || op.Latency.Max < stall {
		t.Errorf("max closed %v, open %v: the stalled request must wait out the %v stall", cp.Latency.Max, op.Latency.Max, stall)
	}
	// Open: 40 of 200 waited, 400, 390, … 10 ms; p99 is the third slowest, 380 ms. Closed:
	// 1 of ~160; corrected, the same 40 as the open loop's (less how late it sent).
	if op.Latency.P99 < inStall || cp.Latency.P99 >= stall/2 || cp.LatencyCorrected.P99 < inStall {
		t.Errorf("p99 open %v, closed %v, closed corrected %v: want the open and corrected ones in the stall, the closed one not",
			op.Latency.P99, cp.Latency.P99, cp.LatencyCorrected.P99)
	}
	// The correction puts back the stall's slots, never more than were never sent: for the
	// stuck request, v/10ms − 1 of them, v its reply less its slot, not its send, so the
	// user's own lateness in sending it does not cost one (from the send, a request sent 2 ms
	// into its slot at 1 s and answered at 1.401 s brought back 38 of the 39 slots 1.01 …
	// 1.39 s). The reply comes at the stall's end or later. The stuck slot is the first whose
	// request met the stall: less than a slot after the stall began, which keeps the
	// dependency's clock, not the user's grid. So v is over 390ms: the stall's 40 slots, less
	// the stuck one (measured, not put back), less one more where it fell after the start.
	stalled := int64(stall/(10*time.Millisecond)) - 2
	if cl, back := cs.ClosedLoop, cp.LatencyCorrected.Count-cp.Latency.Count; back < stalled || back > cl.NotSent() {
		t.Errorf("the correction put back %d; want the stall's %d slots or more, and no more than the %d never sent (%d due, %d sent)",
			back, stalled, cl.NotSent(), cl.Due, cl.Sent)
	}
	// Every slot due is sent or put back, once: the user skips exactly the slots the
	// correction puts back and sends the latest it outlasted late, on the grid, however late
	// the reply, so the corrected count is the due count (newcomer 23: 999 corrected beside
	// 900 sent of 1000 due, 100 never sent). A request still out at the end has its skipped
	// slots not yet put back; none is put back past the end. The end may cut one slot: the
	// one the user would send next, if it wakes for it only after the end (its timer and the
	// end are then both ready, and either may win) or its reply comes after the end. Only
	// that one: the user sends nothing after it.
	if cl := cs.ClosedLoop; cl.Outstanding == 0 && (cp.LatencyCorrected.Count > cl.Due || cp.LatencyCorrected.Count < cl.Due-1) {
		t.Errorf("corrected %d samples of %d due (%d sent, %d never sent, %d measured): want one a slot (the last may be cut)",
			cp.LatencyCorrected.Count, cl.Due, cl.Sent, cl.NotSent(), cp.Latency.Count)
	}
	t.Logf("closed: %d samples, p99 %v, corrected p99 %v, max %v; open: %d samples, p99 %v",
		cp.Latency.Count, cp.Latency.P99, cp.LatencyCorrected.P99, cp.Latency.Max, op.Latency.Count, op.Latency.P99)
}

// fakeSend is one request a closed-loop user sent to userRun's fake: when (at), for which
// slot (due), at which pacing, and the instant its reply was booked.
type fakeSend struct {
	at, due, reply time.Time
	expected       time.Duration
}

// userRun runs one closed-loop user at rate, with no end, whose i-th request (from 0) is
// answered late(i) after its slot. The fake books each reply then, whenever it really
// comes, and sleeps until then, so the clock is never behind a reply: what the user does
// hangs on these instants alone, never on how late a busy machine wakes it. during, if not
// nil, runs while the i-th request is out. The user is stopped after n sends; userRun
// returns them (and the one that may slip through after them).
func userRun(t *testing.T, rate float64, n int, late func(i int) time.Duration, during func(i int, cl *closedLoop)) (*closedLoop, time.Time, []fakeSend) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cl *closedLoop
	var sends []fakeSend // one user: its sends come one after another
	send := func(_ lab.Class, at, due time.Time, expected time.Duration, replied func(time.Time)) {
		i := len(sends)
		if i >= n { // stopped: one more may slip through before the user sees so
			sends = append(sends, fakeSend{at: at, due: due, reply: at, expected: expected})
			replied(at)
			return
		}
		if during != nil {
			during(i, cl)
		}
		reply := due.Add(late(i))
		time.Sleep(time.Until(reply))
		sends = append(sends, fakeSend{at: at, due: due, reply: reply, expected: expected})
		if i == n-1 {
			cancel()
		}
		replied(reply)
	}
	start := time.Now()
	cl = newClosedLoop(closedConfig(1, rate, 0, 0).Traffic, start, time.Time{}, send, func(f func()) { go f() })
	cl.run(ctx, start)
	if len(sends) < n {
		t.Fatalf("the user sent %d, want %d", len(sends), n)
	}
	return cl, start, sends
}

// onlyAt is a lateness of d for the n-th reply, none for the others.
func onlyAt(n int, d time.Duration) func(int) time.Duration {
	return func(i int) time.Duration {
		if i == n {
			return d
		}
		return 0
	}
}

// A closed-loop user skips exactly the slots the corrected latency puts back for a reply
// and sends the latest one it outlasted late, on its grid, however late the reply: so each
// slot is sent or put back, once (newcomer 23: 999 corrected beside 900 sent of 1000 due,
// 100 never sent). At 10 ms pacing: a reply 35 ms late puts back 2 and the 3rd slot goes
// late; one 15 ms late puts back none (RecordCorrectedValue puts back only past one
// interval), so the next slot, outlasted, goes late, on the grid (it once moved the grid to
// the reply: 40 of 60 due sent, none put back).
func TestClosedLoopSkipsWhatTheCorrectionPutsBack(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name string
		late func(i int) time.Duration
		want []int64 // the slots sent
	}{
		{"first 3.5 intervals late", onlyAt(0, 35*ms), []int64{0, 3, 4, 5, 6, 7}},
		{"1.5 intervals late", func(int) time.Duration { return 15 * ms }, []int64{0, 1, 2, 3, 4, 5, 6, 7}},
		{"0.5", func(int) time.Duration { return 5 * ms }, []int64{0, 1, 2, 3, 4, 5}},
		{"1", func(int) time.Duration { return 10 * ms }, []int64{0, 1, 2, 3, 4, 5}},
		{"2", func(int) time.Duration { return 20 * ms }, []int64{0, 2, 4, 6, 8}},
		{"2.5", func(int) time.Duration { return 25 * ms }, []int64{0, 2, 4, 6, 8}},
		{"alternately 1.5 and 3.2", func(i int) time.Duration { return []time.Duration{15 * ms, 32 * ms}[i%2] }, []int64{0, 1, 4, 5, 8}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, start, sends := userRun(t, 100, len(c.want), c.late, nil)
			for i, s := range sends[:len(c.want)] {
				if got := s.due.Sub(start); got != time.Duration(c.want[i])*10*ms {
					t.Fatalf("send %d for the slot at %v, want %v", i, got, time.Duration(c.want[i])*10*ms)
				}
				if i == 0 {
					continue
				}
				p := sends[i-1]
				if _, _, k := correction(p.reply.Sub(p.due), p.expected); c.want[i] != c.want[i-1]+k+1 {
					t.Errorf("after the slot %d, answered %v late, %d put back: the next sent is %d, want %d",
						c.want[i-1], p.reply.Sub(p.due), k, c.want[i], c.want[i-1]+k+1)
				}
			}
		})
	}
}

// A slot sent late because the reply outlasted it is late by design: the generator's lag,
// its own health, counts from the reply then, so it is the user's own lateness alone, not
// the stall's (from the slot, a reply 19.9 ms late made a lag of 9.9 ms). Checked on the
// mean of the exact instants the user sent at, whatever the machine's load.
func TestClosedLoopLagCountsFromTheReply(t *testing.T) {
	cl, _, sends := userRun(t, 100, 6, onlyAt(0, 19900*time.Microsecond), nil)
	var fromReply, fromSlot int64 // µs, as the histogram sums them
	for i, s := range sends {
		from := s.due
		if i > 0 && sends[i-1].reply.After(from) {
			from = sends[i-1].reply
		}
		fromReply += max(int64(s.at.Sub(from)/time.Microsecond), histMin)
		fromSlot += max(int64(s.at.Sub(s.due)/time.Microsecond), histMin)
	}
	n := int64(len(sends))
	got := cl.lateness()
	if got.Count != n || got.Mean != time.Duration(fromReply/n)*time.Microsecond {
		t.Errorf("lag: %d samples, mean %v; want %d, mean %v from each reply (from each slot: %v)",
			got.Count, got.Mean, n, time.Duration(fromReply/n)*time.Microsecond, time.Duration(fromSlot/n)*time.Microsecond)
	}
}

// A rate changed while a reply is out paces the next request at the new rate from the last
// send, or at the reply if that slot is past: never on a grid kept from the run's start,
// which at twice the rate sent a slot long gone (a phantom stall put back) and at a tenth
// left the user silent for most of a second.
func TestClosedLoopRateChangeWhileAReplyIsOut(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		to   float64
		want time.Duration // the next slot, from the changed send's
	}{
		{to: 200, want: 30 * ms}, // the reply's instant: 5 ms after the send is past
		{to: 10, want: 100 * ms}, // one slot of 100 ms after the send
	} {
		change := func(i int, cl *closedLoop) {
			if i == 5 {
				var to [numClasses]float64
				to[lab.Payment] = c.to
				cl.setRates(cl.current(), to)
			}
		}
		_, _, sends := userRun(t, 100, 8, onlyAt(5, 30*ms), change)
		if got := sends[6].due.Sub(sends[5].due); got != c.want {
			t.Errorf("to %v/s while a reply was out: the next slot %v after the last, want %v", c.to, got, c.want)
		}
		if _, _, k := correction(sends[6].reply.Sub(sends[6].due), sends[6].expected); k != 0 {
			t.Errorf("to %v/s: the next send's reply puts back %d slots, want none (no stall)", c.to, k)
		}
		if got, want := sends[7].due.Sub(sends[6].due), time.Duration(1e9/c.to); got != want {
			t.Errorf("to %v/s: then %v apart, want %v", c.to, got, want)
		}
	}
}

// The dependency counts its stalls from its own start, which comes first: the lab moves
// them by the difference, so first_at counts from the lab's start. Its Stats().Latency is
// what is left of a stall under way, so the stall's end, in the lab's time, is exact.
func TestStallCountsFromTheLabStart(t *testing.T) {
	c := closedConfig(1, 10, 0, time.Hour)
	c.Dependency.Stall = lab.StallConfig{FirstAt: lab.Duration(100 * time.Millisecond), For: lab.Duration(10 * time.Second)}
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	t.Logf("the dependency started %v before the lab", l.start.Sub(l.dep.Started()))
	testwait.WaitFor(t, func() bool { return time.Since(l.start) > 150*time.Millisecond }, "the stall to begin")
	before := time.Now()
	left := l.dep.Stats().Latency
	after := time.Now()
	end := c.Dependency.Stall.FirstAt.D() + c.Dependency.Stall.For.D()
	if lo, hi := before.Add(left).Sub(l.start), after.Add(left).Sub(l.start); end < lo || end > hi {
		t.Errorf("the stall ends between %v and %v of the lab's time, want at %v", lo, hi, end)
	}
}

// In closed mode the rates in force are the users' target, and follow an Apply.
func TestClosedLoopRatesInForceFollowApply(t *testing.T) {
	c := closedConfig(2, 10, 0, time.Hour)
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	c.Traffic.Payment.Rate = 20
	if err := l.Apply(c); err != nil {
		t.Fatal(err)
	}
	if got := l.Snapshot().RatesInForce[lab.Payment]; got != 20 {
		t.Errorf("payments in force at %v/s after applying 20/s", got)
	}
}

// A bounded closed-loop run ends on time even with a user waiting for a reply that will
// not come before the end (a stall past it): the report does not wait for it.
func TestClosedLoopEndsWhileAUserWaits(t *testing.T) {
	c := closedConfig(2, 20, 0, 300*time.Millisecond)
	c.Dependency.Stall = lab.StallConfig{FirstAt: lab.Duration(100 * time.Millisecond), For: lab.Duration(time.Minute)}
	began := time.Now()
	s := run(t, c)
	if took := time.Since(began); took >= time.Minute {
		t.Fatalf("the run took %v: it waited for the stall", took)
	}
	if s.ClosedLoop.Outstanding != 2 || s.Classes[lab.Payment].InFlight != 2 {
		t.Errorf("closed loop %+v, payments %+v: want both users waiting in the stall at the end", s.ClosedLoop, s.Classes[lab.Payment])
	}
}

// RecordCorrectedValue puts back the samples a user paced at the interval would have sent
// while it waited: 1 s at 10 ms is that 1 s and 990, 980, … 10 ms, 100 in all.
func TestRecordCorrected(t *testing.T) {
	h := newHist()
	h.recordCorrected(time.Second, 10*time.Millisecond, true, math.MaxInt64)
	p := h.summary()
	if p.Count != 100 || p.Max != time.Second || p.P50 < 490*time.Millisecond || p.P50 > 510*time.Millisecond ||
		p.Mean != 505*time.Millisecond {
		t.Errorf("%+v: want 100 samples from 10 ms to 1 s, mean 505 ms", p)
	}
	d, n := h.distribution()
	if n != 100 || len(d) != len(lab.DistributionPercentiles) || d[0] > 11*time.Millisecond || d[len(d)-1] != time.Second {
		t.Errorf("distribution %v (%d samples): want 10 ms at p0 up to 1 s at p99.99", d, n)
	}
}

// The correction puts back what HdrHistogram's RecordCorrectedValue does, v/every − 1
// samples past one interval (none at 1.5 intervals: the slot a user sends late), and its
// user skips those: for a reply (recorded) and a rejection (its slots put back, nothing
// measured) alike, and only the slots before a bounded run's end.
func TestCorrectionIsRecordCorrectedValue(t *testing.T) {
	every := 10 * time.Millisecond
	for _, d := range []time.Duration{3 * time.Millisecond, 10 * time.Millisecond, 15 * time.Millisecond,
		20 * time.Millisecond, 25 * time.Millisecond, 35 * time.Millisecond, time.Second + 7*time.Microsecond} {
		lib := hdrhistogram.New(histMin, histMax, histDigits)
		if err := lib.RecordCorrectedValue(int64(d/time.Microsecond), int64(every/time.Microsecond)); err != nil {
			t.Fatal(err)
		}
		ours := newHist()
		ours.recordCorrected(d, every, true, math.MaxInt64)
		_, _, k := correction(d, every)
		if !ours.h.Equals(lib) || k != lib.TotalCount()-1 {
			t.Errorf("%v at %v: ours %d samples, k %d; RecordCorrectedValue %d", d, every, ours.h.TotalCount(), k, lib.TotalCount())
		}
	}
	due := time.Now()
	j := job{due: due, expected: every}
	m := newClassMetrics(time.Now())
	m.corrected(j, due.Add(35*time.Millisecond), time.Time{}, false)                 // turned away: slots 1 and 2 put back
	m.corrected(j, due.Add(35*time.Millisecond), due.Add(20*time.Millisecond), true) // the end at slot 2: slot 1 alone
	if got := m.stats().LatencyCorrected; got.Count != 2+2 || got.Max != 35*time.Millisecond {
		t.Errorf("corrected %+v: want 2 put back for a rejection, 1 and the latency itself for a reply at a run's end", got)
	}
}

// A request turned away slowly (a pool's queue limit, a balancer with no replica) has the
// slots its user skipped put back, as an answer's are: its user skips them alike (a slow
// rejection once made its user skip slots nothing put back).
func TestClosedLoopRejectionPutsBackWhatItsUserSkips(t *testing.T) {
	l := &instance{}
	for c := range l.metrics {
		l.metrics[c] = newClassMetrics(time.Now())
	}
	var fleet [numClasses]*classMetrics
	for c := range fleet {
		fleet[c] = newClassMetrics(time.Now())
	}
	b := &balancer{metrics: &fleet}
	every := 10 * time.Millisecond
	for name, turnAway := range map[string]func(job){"pool": func(j job) { l.turnAway(j, lab.RejectCoDel) }, "balancer": b.reject} {
		var skipped int64
		due := time.Now().Add(-35 * time.Millisecond) // waited 35 ms since its slot
		turnAway(job{class: lab.Payment, due: due, expected: every, replied: func(at time.Time) {
			_, _, skipped = correction(at.Sub(due), every) // as the user counts them
		}})
		m := l.metrics[lab.Payment]
		if name == "balancer" {
			m = fleet[lab.Payment]
		}
		if got := m.stats().LatencyCorrected.Count; skipped < 2 || got != skipped {
			t.Errorf("%s: %d put back, its user skipped %d (want at least 2)", name, got, skipped)
		}
	}
}

// A closed-loop report carries the corrected latency and what was not sent; an open one
// neither. Both carry the whole ladder.
func TestReportClosedLoopJSON(t *testing.T) {
	c := closedConfig(2, 50, 0, 300*time.Millisecond)
	var b strings.Builder
	if err := lab.NewReport(run(t, c)).Write(&b, lab.FormatJSON); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"latency_corrected_ms"`, `"closed_loop"`, `"not_sent"`, `"peak_outstanding"`, `"p90"`, `"p9999"`} {
		if !strings.Contains(b.String(), k) {
			t.Errorf("closed-loop JSON report lacks %s", k)
		}
	}
	c.Traffic.Mode = lab.Open
	b.Reset()
	if err := lab.NewReport(run(t, c)).Write(&b, lab.FormatJSON); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `"latency_corrected_ms"`) || strings.Contains(b.String(), `"closed_loop"`) {
		t.Error("open-loop JSON report has closed-loop fields")
	}
	b.Reset()
	if err := lab.NewReport(run(t, c)).Write(&b, lab.FormatTable); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "p99.99") {
		t.Errorf("table report has no percentile ladder:\n%s", b.String())
	}
}

// A rate set while the lab runs paces the users at once: from none to 100/s, and the
// requests due count from the change.
func TestClosedLoopRateChange(t *testing.T) {
	c := closedConfig(2, 0, 0, time.Hour)
	c.Traffic.Health.Rate = 0
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	time.Sleep(50 * time.Millisecond)
	if s := l.Snapshot(); s.ClosedLoop.Sent != 0 || s.ClosedLoop.Due != 0 || s.ClosedLoop.Interval != 0 {
		t.Fatalf("closed loop %+v with no rate: want nothing due or sent", s.ClosedLoop)
	}
	c.Traffic.Payment.Rate = 100
	changed := time.Now()
	if err := l.Apply(c); err != nil {
		t.Fatal(err)
	}
	testwait.WaitFor(t, func() bool { return l.Snapshot().ClosedLoop.Sent >= 10 }, "the users to send")
	s := l.Snapshot()
	if due := int64(time.Since(changed).Seconds()*100) + 1; s.ClosedLoop.Due > due || s.ClosedLoop.Interval != 20*time.Millisecond {
		t.Errorf("closed loop %+v: want 1 request per 20 ms per user, at most %d due since the change", s.ClosedLoop, due)
	}
	checkInvariant(t, s)
}

// A user whose request the pool turns away hears of it once: its reply frees it for the
// next request, and the count outstanding never goes below nothing.
func TestClosedLoopUserRejectedOnce(t *testing.T) {
	c := closedConfig(4, 400, 20*time.Millisecond, 500*time.Millisecond)
	c.Pool.Workers = 1 // 4 users on 1 worker, no queue: most requests are turned away
	s := run(t, c)
	if s.Classes[lab.Payment].Rejected[lab.RejectPool] == 0 {
		t.Fatal("no request turned away: the test needs rejections")
	}
	if cl := s.ClosedLoop; cl.Outstanding < 0 || cl.Outstanding > 4 || cl.PeakOutstanding > 4 {
		t.Errorf("closed loop %+v: outstanding must stay within 0..4", cl)
	}
}

// The due count is the grid's slots so far, the one at 0 s included: at 100/s, 10.075 s
// into a live run the slots at 0, 10 ms, …, 10.07 s are 1008 (each one a sample of the
// corrected latency, sent or put back), and a bounded run of 7 s asks for 700 (0 … 6.99 s).
// The arithmetic is dueSlots' (fixed inputs: no clock read can move them); the bounded run
// also through stats, whose window stops at the end however late it is read.
func TestClosedLoopDueCountsTheFirstSlot(t *testing.T) {
	for _, c := range []struct {
		x     float64 // rate × time since the start
		ended bool
		want  int64
	}{
		{x: 1007.5, want: 1008},
		{x: 0.5, want: 1},
		{x: 1000, want: 1001}, // the slot at exactly 10 s is due at 10 s
		{x: 700, ended: true, want: 700},
		{x: 699.5, ended: true, want: 700},
		{x: 0, want: 0},
	} {
		if got := dueSlots(c.x, c.ended); got != c.want {
			t.Errorf("dueSlots(%v, ended %v) = %d, want %d", c.x, c.ended, got, c.want)
		}
	}
	now := time.Now()
	cl := &closedLoop{users: 1, total: 100, since: now.Add(-8 * time.Second), end: now.Add(-time.Second)}
	if got := cl.stats().Due; got != 700 {
		t.Errorf("a 7 s run at 100/s: due %d, want 700", got)
	}
}

// After a rate change whose next slots are past, the users take their places on the new
// grid one gap apart, as at the run's start, not all at its first slot (the review: 4 users
// sent together every 40 ms after 100→200/s).
func TestRepaceSpreadsTheUsers(t *testing.T) {
	const users, gap = 4, float64(5 * time.Millisecond)
	cl := &closedLoop{users: users}
	start := time.Now()
	last, moved := start.Add(10*time.Millisecond), start.Add(time.Second) // the next slot long past
	seen := map[time.Time]int{}
	for u := range users {
		anchor, j := cl.repace(u, start, last, moved, gap)
		at := slot(anchor, j, gap)
		if want := moved.Add(time.Duration(u) * time.Duration(gap)); !at.Equal(want) {
			t.Errorf("user %d next at %v after the change, want %v", u, at.Sub(moved), want.Sub(moved))
		}
		seen[at]++
	}
	if len(seen) != users {
		t.Errorf("%d users on %d slots, want one each", users, len(seen))
	}
}
