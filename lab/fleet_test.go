// Tests of a fleet's config: a replica's share.

package lab

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

// A replica's share of the stream divides a profile's steps as it divides the base rate,
// and leaves the fleet's own steps as they were.
func TestShareDividesTheProfile(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate = 40
	c.Traffic.Payment.Profile = []RateStep{{At: Duration(time.Second), Rate: 80}}
	r := c.Share(4)
	if got := r.Traffic.RateAt(Payment, 2*time.Second); got != 20 {
		t.Errorf("a replica of 4 takes %v/s after the step to 80/s, want 20", got)
	}
	if got := c.Traffic.Payment.Profile[0].Rate; got != 80 {
		t.Errorf("the fleet's step is %v/s after share, want 80", got)
	}
}

// fleet-domino's cascade: replica 1 drained, then 4, 2 and 3 pulled, until every replica is
// out; replica 4 back later. Each turn leaves one fewer in rotation, each taking a bigger
// share, and the pull after the last of them is not the domino's.
func TestDominoTellsEachTurn(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate, c.Pool.Queue = 24, 100
	c.Health.Timeout = Duration(2 * time.Second)
	c.Fleet = FleetConfig{Replicas: 4, PullAfter: 2, ReturnAfter: 100, CheckEvery: Duration(100 * time.Millisecond)}
	s := func(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }
	f := FleetStats{Replicas: make([]Snapshot, 4),
		Drain: &Drain{Replica: 1, At: s(5)},
		Pulls: []Pull{{Replica: 4, At: s(9.3), ReturnedAt: s(19.5), Ahead: 14}, {Replica: 2, At: s(11.9), Ahead: 17},
			{Replica: 3, At: s(12.7), Ahead: 20}, {Replica: 4, At: s(25)}}}
	turns := f.Domino(c)
	if len(turns) != 4 {
		t.Fatalf("%d turns, want the drain and 3 pulls: %+v", len(turns), turns)
	}
	for i, want := range []struct {
		replica, left, ahead int
		each                 float64
	}{{1, 3, 0, 8}, {4, 2, 14, 12}, {2, 1, 17, 24}, {3, 0, 20, 0}} {
		got := turns[i]
		if got.Replica != want.replica || got.Left != want.left || got.Ahead != want.ahead || math.Abs(got.Share.Classes[Payment].Rate-want.each) > 1e-9 {
			t.Errorf("turn %d: %+v, want replica %d, %d left taking %v/s, %d ahead", i, got, want.replica, want.left, want.each, want.ahead)
		}
	}
	// The pull after the first all-out is the second run's, with the returns before it.
	if again := f.Again(); len(again) != 1 || again[0].Replica != 4 || again[0].At != s(25) {
		t.Errorf("after the domino: %+v, want r4 at 25s", again)
	}
	if again := (&FleetStats{Pulls: f.Pulls}).Again(); again != nil {
		t.Errorf("never all out, yet again: %+v", again)
	}
	// 3 left at 8/s each: a full queue gains 8 − 20/3s = 1.33/s, and a check fails behind
	// 2s × 20/3s = 13.3.
	if w := turns[0].Wait; math.Abs(w.Gain-4.0/3) > 1e-9 || math.Abs(w.Behind()-40.0/3) > 1e-9 {
		t.Errorf("3 left: %+v", w)
	}
	// The sum the screen writes is the one Behind computes, from the same terms.
	if w := turns[0].Wait; w.Sum(" workers") != "2.0s × 20 workers / 3.0s" {
		t.Errorf("3 left, the sum: %q", w.Sum(" workers"))
	}
	// 20 workers, each freeing within 2s of its 3s payment at 2/3: fewer than 12 free 19%
	// of the time (binomial), though 13.3 do on average; fewer than 13, 29%.
	w := turns[0].Wait
	if odds := w.ShortOdds(12); math.Abs(odds-0.19055) > 1e-4 || w.ShortOdds(13) <= odds || w.ShortOdds(0) != 0 {
		t.Errorf("fewer than 12 of 20 at 2/3: %v, want 0.1906; fewer than 13: %v, more; than 0: %v", odds, w.ShortOdds(13), w.ShortOdds(0))
	}
	// Said as a chance, in lab (review 39 m6): 1 in 5 at 0.19; where 1/odds rounds to 2,
	// a share, not "1-in-2" for 44% (40 workers each freeing in time at 0.35). One check's,
	// which ShortOdds is: bare, beside "2 checks not ok in a row", it read as the pull's
	// (newcomer 62 #3).
	if got := w.FewerThan(12); got != "fewer than 12: 1-in-5 chance per check" {
		t.Errorf("fewer than 12: %q", got)
	}
	// The pull's odds, two in a row 100ms apart at 8/s payments: 0.145, not 0.19² (newcomer
	// 73 G1): the second waits behind the same payments (and 0.8 more on average) for the
	// same workers but those freeing in its 100ms more. By hand: the first fails with m ≤ 11
	// freed in 2s; the second with m plus y freed in the next 100ms (each of the 20 − m at
	// 0.1 / 1.0) at most 11 plus the arrivals.
	if got := w.InARow(12); math.Abs(got-0.14536) > 1e-4 {
		t.Errorf("2 in a row fewer than 12, 100ms apart at 8/s: %v, want 0.1454", got)
	}
	still := w
	still.Arrive = 0
	if got := still.InARow(12); math.Abs(got-0.11326) > 1e-4 {
		t.Errorf("2 in a row with no arrivals: %v, want 0.1133", got)
	}
	// The help's example is this check, and says how the pull's odds come from it (newcomer
	// 85 G2): the product of the percents it writes, and the screen's odds.
	odds := w
	odds.Gain = 0 // the queue's gain moves no odds
	if odds != dominoCheck {
		t.Errorf("the help's example %+v is not the domino's check %+v", dominoCheck, w)
	}
	if how := w.InARowHow(12); !strings.Contains(how, ": 19%, 1-in-5; the next, sent 100ms later,") || !strings.Contains(how, "0.8 more that arrive in 100ms") ||
		!strings.Contains(how, "not ok too 76% of the time, so 19% × 76% ≈ 14%, 1-in-7, not 1-in-5 squared") {
		t.Errorf("how 2 in a row come to 1-in-7: %q", how)
	}
	// With why they are not the check's squared, 1-in-25 (newcomer 76).
	if got, apart := w.PullOdds(12); got != "2 in a row, 1-in-7, pull a replica" || apart != "2 in a row (same queue, not independent), 1-in-7, pull a replica" {
		t.Errorf("the pull's odds: %q, with why: %q", got, apart)
	}
	// None without a pair, or past the average.
	one := w
	one.PullAfter = 1
	if a, b := one.PullOdds(12); a != "" || b != "" {
		t.Errorf("pull_after 1: %q, %q; want none", a, b)
	}
	if a, b := w.PullOdds(14); a != "" || b != "" {
		t.Errorf("fewer than 14: %q, %q; want none", a, b)
	}
	wide := CheckWait{Timeout: 1050 * time.Millisecond, Workers: 40, Hold: 3 * time.Second}
	if got := wide.FewerThan(14); got != "fewer than 14: 44% chance per check" {
		t.Errorf("fewer than 14 of 40 at 0.35: %q, odds %v", got, wide.ShortOdds(14))
	}
	if got := w.FewerThan(14); got != "" {
		t.Errorf("fewer than 14, past the average: %q, want none", got)
	}
	// The model they are of, in its own terms (newcomer 35 #6).
	if got := w.Odds(); got != "each of the 20 frees in time with chance 2.0s / 3.0s" {
		t.Errorf("the odds' model: %q", got)
	}
	// Briefly, the workers counted already (newcomer 56: at 80x24 the odds had no basis).
	if got := w.OddsBrief(); got != "each frees in time with chance 2.0s / 3.0s" {
		t.Errorf("the odds' model, brief: %q", got)
	}
	// Past the average of 13.3 no odds: the count falls short of 14 or 21 more often than
	// not, no chance to say (review 28 ui #11: ui decided that over Behind).
	if w.ShortOdds(14) != 0 || w.ShortOdds(21) != 0 {
		t.Errorf("fewer than 14: %v, than 21: %v; want 0, the average not beating either", w.ShortOdds(14), w.ShortOdds(21))
	}
}

// Who acts on the health checks is lab's to say: a fleet's balancer pulls on them; one
// instance's checks only say what a balancer would see.
func TestChecksJudge(t *testing.T) {
	if j := (&Snapshot{}).ChecksJudge(); j != NoBalancer {
		t.Errorf("one instance: %v", j)
	}
	if j := (&Snapshot{Fleet: &FleetStats{}}).ChecksJudge(); j != FleetBalancer {
		t.Errorf("a fleet: %v", j)
	}
}

// The workers of replicas out of rotation, and the idle ones among them: pulled or drained;
// none for one instance. A worker not yet in the picture is idle.
func TestWorkersOutOfRotation(t *testing.T) {
	f := &FleetStats{Replicas: make([]Snapshot, 3), Drain: &Drain{Replica: 1, At: time.Second}}
	for i := range f.Replicas {
		f.Replicas[i].Pool.Size = 20
		f.Replicas[i].Pool.Workers = make([]Worker, 18)
		f.Replicas[i].Pool.Workers[i] = Worker{Class: Payment, Phase: PhaseCall}
	}
	f.Replicas[2].Health.Pulled = true
	if got := f.WorkersOutOfRotation(); got != 40 {
		t.Errorf("one drained, one pulled of 3×20: %d out", got)
	}
	if got := f.IdleOutOfRotation(); got != 38 {
		t.Errorf("one drained, one pulled of 3×20, one busy on each: %d idle out", got)
	}
	// Whose they are (newcomer 38 G9); a replica out whose workers are all busy is none of them.
	if on := f.IdleOutOn(); !slices.Equal(on, []int{1, 3}) {
		t.Errorf("idle out on %v, want [1 3]", on)
	}
	was := f.Replicas[2].Pool.Workers
	f.Replicas[2].Pool.Workers = make([]Worker, 20)
	for i := range f.Replicas[2].Pool.Workers {
		f.Replicas[2].Pool.Workers[i] = Worker{Class: Payment, Phase: PhaseCall}
	}
	if on := f.IdleOutOn(); !slices.Equal(on, []int{1}) {
		t.Errorf("idle out on %v, want [1]: replica 3 has none idle", on)
	}
	if got, idle := (*FleetStats)(nil).WorkersOutOfRotation(), (*FleetStats)(nil).IdleOutOfRotation(); got != 0 || idle != 0 || (*FleetStats)(nil).IdleOutOn() != nil {
		t.Errorf("one instance: %d, %d idle", got, idle)
	}
	f.Replicas[2].Pool.Workers = was
	// The one in rotation, read in place (a 10 Hz frame copies no snapshot), and what its
	// payments hold.
	f.Replicas[1].Pool.BusyBy[Payment] = 7
	var in []*Snapshot
	for r := range f.InRotationReplicas() {
		in = append(in, r)
	}
	if len(in) != 1 || in[0] != &f.Replicas[1] || f.MeanBusy(Payment) != 7 {
		t.Errorf("in rotation %v, want replica 2's own snapshot; mean payments busy %v, want 7", in, f.MeanBusy(Payment))
	}
}

// A replica's bulkhead answers "why this size?" for its share of the stream (newcomer 15: a
// fleet's cap of 5 read as the bulkhead's cost): with k in rotation each replica is offered
// λ/k × call of payments and signups at λ/k, its checks at one per CheckEvery; the widest
// cap leaves the others the fewest workers on which Erlang B of their load is under
// OthersLoss, and the losses are Erlang B's, from its definition.
func TestReplicaWidestBulkhead(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 24, 80
	c.Dependency.Mode, c.Dependency.Latency = ModeSlow, Duration(3*time.Second)
	c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadSemaphore, Size: 5}
	c.Fleet = FleetConfig{Replicas: 4, PullAfter: 2, ReturnAfter: 100, CheckEvery: Duration(100 * time.Millisecond)}
	for _, k := range []int{4, 3} {
		p := c.ReplicaForecast(k).Payment
		others := 80 / float64(k) * c.Signup.Work.D().Seconds() // checks are answered at once: no load, but a worker
		need := 1
		for erlangBSum(others, need) >= OthersLoss {
			need++
		}
		if p.OthersNeed != need || p.Widest != c.Pool.Workers-need {
			t.Errorf("%d in rotation: widest %d leaving %d, want %d leaving %d", k, p.Widest, p.OthersNeed, c.Pool.Workers-need, need)
		}
		load := 24 / float64(k) * p.Call.Seconds()
		if want := erlangBSum(load, p.Widest); math.Abs(p.WidestLoss-want) > 1e-9 {
			t.Errorf("%d in rotation: payments lost at %d: %v, want Erlang B %v", k, p.Widest, p.WidestLoss, want)
		}
		if want := erlangBSum(load, 5); math.Abs(p.RejectedShare()-want) > 1e-9 || p.WidestLoss >= p.RejectedShare() {
			t.Errorf("%d in rotation: payments lost at 5: %v, want Erlang B %v, more than at %d (%v)", k, p.RejectedShare(), want, p.Widest, p.WidestLoss)
		}
		if want := 24 / float64(k) * erlangBSum(load, 5); math.Abs(p.Rejected-want) > 1e-9 {
			t.Errorf("%d in rotation: %v/s rejected, want %v/s", k, p.Rejected, want)
		}
	}
}

// The balancer turns requests away only while every replica is out: the latest such
// stretch, from the drain and the pulls, ends at the return that left one in rotation
// (the domino: r1 drained, r4, r2, r3 pulled, r4 back; then all out again).
func TestLastAllOut(t *testing.T) {
	s := time.Second
	f := FleetStats{Replicas: make([]Snapshot, 4), Drain: &Drain{Replica: 1, At: 5 * s}}
	if from, until := f.LastAllOut(); from != 0 || until != 0 {
		t.Errorf("one drained: %v–%v, want never", from, until)
	}
	f.Pulls = []Pull{{Replica: 4, At: 9 * s, ReturnedAt: 19500 * time.Millisecond}, {Replica: 2, At: 12 * s}, {Replica: 3, At: 13 * s}}
	if from, until := f.LastAllOut(); from != 13*s || until != 19500*time.Millisecond {
		t.Errorf("the domino: %v–%v, want 13s–19.5s", from, until)
	}
	f.Pulls = append(f.Pulls, Pull{Replica: 4, At: 25 * s})
	if from, until := f.LastAllOut(); from != 25*s || until != 0 {
		t.Errorf("all out again: %v–%v, want from 25s, lasting", from, until)
	}
	// The review: a replica pulled and then drained counted twice, "all out" with one still
	// in rotation. Replicas count: r1 drained 5s–20s and pulled 6s–15s is out once, until 20s.
	f = FleetStats{Replicas: make([]Snapshot, 4), Drain: &Drain{Replica: 1, At: 5 * s, BackAt: 20 * s},
		Pulls: []Pull{{Replica: 1, At: 6 * s, ReturnedAt: 15 * s}, {Replica: 2, At: 8 * s}, {Replica: 3, At: 9 * s}, {Replica: 4, At: 10 * s}}}
	if from, until := f.LastAllOut(); from != 10*s || until != 20*s {
		t.Errorf("r1 pulled while drained: %v–%v, want 10s–20s", from, until)
	}
	if from, until := f.FirstAllOut(); from != 10*s || until != 20*s {
		t.Errorf("r1 pulled while drained: first all out %v–%v, want 10s–20s (its drain's end)", from, until)
	}
}

// The first stretch with every replica out is the domino's end, both ends from the outs
// (final read #4: its start was the balancer's own note, its end worked out from the outs):
// r1 drained, r4, r2, r3 pulled, r4 back; then all out again.
func TestFirstAllOut(t *testing.T) {
	s := time.Second
	f := FleetStats{Replicas: make([]Snapshot, 4), Drain: &Drain{Replica: 1, At: 5 * s},
		Pulls: []Pull{{Replica: 4, At: 9 * s, ReturnedAt: 19500 * time.Millisecond}, {Replica: 2, At: 12 * s}}}
	if from, until := f.FirstAllOut(); from != 0 || until != 0 {
		t.Errorf("one in rotation still: %v–%v, want never", from, until)
	}
	f.Pulls = append(f.Pulls, Pull{Replica: 3, At: 13 * s})
	if from, until := f.FirstAllOut(); from != 13*s || until != 19500*time.Millisecond || f.AllOutAgain() {
		t.Errorf("the domino: %v–%v, again %v, want 13s–19.5s, the first", from, until, f.AllOutAgain())
	}
	f.Pulls = append(f.Pulls, Pull{Replica: 4, At: 25 * s})
	if from, until := f.FirstAllOut(); from != 13*s || until != 19500*time.Millisecond || !f.AllOutAgain() {
		t.Errorf("all out again: the first %v–%v, again %v, want 13s–19.5s still, and again", from, until, f.AllOutAgain())
	}
	// The first latched, its pulls trimmed: the latest is a later one still.
	f.First, f.Pulls = Stretch{From: 13 * s, Until: 19500 * time.Millisecond}, f.Pulls[1:]
	if !f.AllOutAgain() {
		t.Errorf("the first's pulls trimmed: %+v, want all out again", f)
	}
	if again := f.Again(); len(again) != 1 || again[0].At != 25*s {
		t.Errorf("after the first: %+v, want r4 at 25s", again)
	}
}

// The balancer turns requests away only with no replica in rotation: now, and the latest
// stretch, one rule for the header, its alarm colour and its "none since" (final read #3).
func TestBalancerOut(t *testing.T) {
	s := time.Second
	f := FleetStats{Replicas: make([]Snapshot, 2), InRotation: 1, Pulls: []Pull{{Replica: 1, At: 3 * s}}}
	if now, from, until := f.BalancerOut(); now || from != 0 || until != 0 {
		t.Errorf("one in rotation: %v %v–%v, want never", now, from, until)
	}
	f.Pulls, f.InRotation = append(f.Pulls, Pull{Replica: 2, At: 4 * s}), 0
	if now, from, until := f.BalancerOut(); !now || from != 4*s || until != 0 {
		t.Errorf("none in rotation: %v %v–%v, want now, since 4s", now, from, until)
	}
	f.Pulls[0].ReturnedAt, f.InRotation = 6500*time.Millisecond, 1
	if now, from, until := f.BalancerOut(); now || from != 4*s || until != 6500*time.Millisecond {
		t.Errorf("r1 back: %v %v–%v, want over, 4s–6.5s", now, from, until)
	}
}

// A pull back the instant it left (ReturnedAt == At) was never out: its return sorted
// first left a count of −1, the replica counted out, and a stretch of no time (review 17).
func TestBackTheInstantItLeft(t *testing.T) {
	s := time.Second
	f := FleetStats{Replicas: make([]Snapshot, 2), Pulls: []Pull{{Replica: 2, At: 2 * s}, {Replica: 1, At: 3 * s, ReturnedAt: 3 * s}}}
	if from, until := f.LastAllOut(); from != 0 || until != 0 {
		t.Errorf("r2 out, r1 back at once: all out %v–%v, want never", from, until)
	}
}

// The report's pulls line says the first stretch with every replica out from when to when,
// as the screen does, and what it did in the table's words: turned away, not failed
// (review 18 #8).
func TestFleetReportSaysTheStretch(t *testing.T) {
	s := time.Second
	snap := Snapshot{Config: DefaultConfig(), Fleet: &FleetStats{Replicas: make([]Snapshot, 2),
		Pulls: []Pull{{Replica: 1, At: 9 * s, ReturnedAt: 20 * s}, {Replica: 2, At: 12900 * time.Millisecond, ReturnedAt: 19500 * time.Millisecond}}}}
	lines := strings.Join(fleetReport(snap).summary(snap.Config.Fleet), "\n")
	if want := "every replica out of rotation 12.9s–19.5s: requests turned away at the balancer (rejected:balancer)"; !strings.Contains(lines, want) {
		t.Errorf("%s\nwant %q", lines, want)
	}
	// Each out's time as the screen writes it: to the millisecond where two are under a
	// second apart, as the pulls line (s48: "12.9s–19.5s" beside the screen's 12.863s).
	near := snap
	near.Fleet = &FleetStats{Replicas: make([]Snapshot, 2), Pulls: []Pull{{Replica: 1, At: 12838 * time.Millisecond, ReturnedAt: 20 * s}, {Replica: 2, At: 12863 * time.Millisecond, ReturnedAt: 19500 * time.Millisecond}}}
	if lines, want := strings.Join(fleetReport(near).summary(near.Config.Fleet), "\n"), "pulls: replica 1 at 12.838s (back at 20.0s), replica 2 at 12.863s (back at 19.5s); every replica out of rotation 12.863s–19.5s: "; !strings.Contains(lines, want) {
		t.Errorf("two outs 25ms apart:\n%s\nwant %q", lines, want)
	}
	// All out again, as the pulls line says: the first, then the latest (review 19).
	fleet := *snap.Fleet
	again := append(slices.Clone(fleet.Pulls), Pull{Replica: 1, At: 25300 * time.Millisecond}, Pull{Replica: 2, At: 25400 * time.Millisecond})
	snap.Fleet = &FleetStats{Replicas: fleet.Replicas, Pulls: again}
	if lines, want := strings.Join(fleetReport(snap).summary(snap.Config.Fleet), "\n"), "every replica out of rotation 12.9s–19.5s, again from 25.400s: "; !strings.Contains(lines, want) {
		t.Errorf("all out again:\n%s\nwant %q", lines, want)
	}
	// JSON keeps every number the text says (review 21).
	js, err := json.Marshal(fleetReport(snap))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"all_pulled_at_s":12.9`, `"all_back_at_s":19.5`, `"all_pulled_again_at_s":25.4`, `"all_back_again_at_s":null`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("JSON lacks %s: %s", want, js)
		}
	}
	snap.Fleet = &fleet
	snap.Fleet.Pulls[0].ReturnedAt, snap.Fleet.Pulls[1].ReturnedAt = 0, 0
	if lines := strings.Join(fleetReport(snap).summary(snap.Config.Fleet), "\n"); !strings.Contains(lines, "every replica out of rotation from 12.9s: ") {
		t.Errorf("still out:\n%s", lines)
	}
}

// A pull follows the one before "together" only where its replica's first failed check was
// sent before the other went out: PullAfter checks span (PullAfter−1)·CheckEvery (review 18
// #12: PullAfter·CheckEvery claimed a pull 150ms later, whose first check may have been
// sent 50ms after).
func TestTogetherSpansTheChecks(t *testing.T) {
	f := FleetConfig{PullAfter: 2, CheckEvery: Duration(100 * time.Millisecond)}
	prev := Pull{Replica: 2, At: 12800 * time.Millisecond}
	for after, want := range map[time.Duration]bool{50 * time.Millisecond: true, 150 * time.Millisecond: false} {
		if got := f.Together(prev, Pull{Replica: 3, At: prev.At + after}); got != want {
			t.Errorf("pulled %s after: together %v, want %v", after, got, want)
		}
	}
	if f.PullAfter = 1; f.Together(prev, Pull{Replica: 3, At: prev.At + time.Millisecond}) {
		t.Error("one failed check: it may have been sent after the other went out")
	}
}

// A replica's time out reads as the pulls line writes it: to the millisecond where it and a
// neighbour are under a second apart, to the tenth where not (newcomer 39 W4).
func TestOutAt(t *testing.T) {
	ms := time.Millisecond
	f := &FleetStats{Pulls: []Pull{{Replica: 4, At: 9300 * ms}, {Replica: 2, At: 12838 * ms}, {Replica: 3, At: 12863 * ms}}}
	for at, want := range map[time.Duration]string{9300 * ms: "9.3s", 12838 * ms: "12.838s", 12863 * ms: "12.863s", 12900 * ms: "12.9s"} {
		if got := f.OutAt(at); got != want {
			t.Errorf("OutAt(%v) = %q, want %q", at, got, want)
		}
	}
}

// While every replica is out, the oks are the queues worked off: counted over the whole
// seconds inside the stretch only (a second half in it may hold a request sent before), in
// the preset's labels, the health checks (sent all along) left out (n42 G9).
func TestWorkedOffCountsTheWholeSecondsOut(t *testing.T) {
	var s Snapshot
	s.Config = DefaultConfig()
	s.Config.Traffic.Payment.Label = "orders"
	for sec := 1; sec <= 20; sec++ {
		var ok [numClasses]int64
		ok[Payment], ok[Signup], ok[Health] = 10, 1, 30
		s.Timeline = append(s.Timeline, Second{T: sec, OK: ok})
	}
	if got, want := s.WorkedOff(12863*time.Millisecond, 19500*time.Millisecond, false), "while all out, the pulled still finish their queues: 60 orders, 6 signups ok 13–19s"; got != want {
		t.Errorf("all out 12.863s–19.5s: %q, want %q", got, want)
	}
	if got, want := s.WorkedOff(13*time.Second, 0, true), "queues worked off while all out: 70 orders, 7 signups ok 13–20s"; got != want {
		t.Errorf("all out since 13s, at 20s: %q, want %q", got, want)
	}
	// One of a class, in the singular (review 48 #3: "1 signups").
	if got, want := s.WorkedOff(12*time.Second, 13*time.Second, false), "while all out, the pulled still finish their queues: 10 orders, 1 signup ok 12–13s"; got != want {
		t.Errorf("one whole second out: %q, want %q", got, want)
	}
	if got := s.WorkedOff(9030*time.Millisecond, 9400*time.Millisecond, false); got != "" {
		t.Errorf("out for less than a whole second: %q, want none", got)
	}
}

// The domino's lead is dropped in brief only where the header's name says it already: the
// name's word decides, not which preset it is (review 39 m7).
func TestDominoLeadWhereTheNameSaysIt(t *testing.T) {
	for name, want := range map[string]string{"fleet-domino": "", "my-domino": "", "fleet-bulkhead": "domino: ", "": "domino: "} {
		c := Config{Name: name}
		if got := c.DominoLead(true); got != want {
			t.Errorf("%q brief: %q, want %q", name, got, want)
		}
		if got := c.DominoLead(false); got != "the domino: " {
			t.Errorf("%q whole: %q, want %q", name, got, "the domino: ")
		}
	}
}

// The why of a pull in lab's words: the rule, the check that tipped it, and the workers
// freed against the need (s55 #5: built in ui before).
func TestPullWords(t *testing.T) {
	two, one := FleetConfig{PullAfter: 2}, FleetConfig{PullAfter: 1}
	for _, c := range [][2]string{
		{two.PullRule(), "2 checks not ok in a row pull a replica"}, {one.PullRule(), "1 check not ok pulls a replica"},
		{two.TippingCheck(), "its 2nd check"}, {one.TippingCheck(), "its check"},
		{Turn{Pull: Pull{Freed: 11}}.FreedWords(12, CheckWait{}), "only 11 workers did"}, {Turn{Pull: Pull{Freed: 12}}.FreedWords(12, CheckWait{}), "12 workers did, the last too late for it"},
	} {
		if got, want := c[0], c[1]; got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// fleet-domino at 12s: r2 and r3 in rotation with 62 and 82 queued, r4 pulled, r1 drained.
// A check sent now to r2 waits behind its 16 payments alone (the signups and checks ahead
// take a worker for milliseconds): 17 of 20 workers must free within 2s, 13.3 do on average,
// so it is next out; 11 ahead is r4's 1-in-5; 5 ahead passes. Out of rotation, failing
// already, with no queue, or served out of arrival order, nothing is said (newcomer 52).
func TestChecksNowSaysWhyAQueueStillPasses(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate, c.Pool.Queue = 24, 100
	c.Health.Timeout = Duration(2 * time.Second)
	c.Fleet = FleetConfig{Replicas: 4, PullAfter: 2, ReturnAfter: 100, CheckEvery: Duration(100 * time.Millisecond)}
	queued := func(payments, signups, checks int) Snapshot {
		var s Snapshot
		s.Pool.Discipline, s.Pool.Size, s.Pool.Busy = FIFO, 20, 20
		s.Pool.QueuedBy[Payment], s.Pool.QueuedBy[Signup], s.Pool.QueuedBy[Health] = payments, signups, checks
		s.Pool.Queued, s.Pool.QueueCap = payments+signups+checks, 100
		return s
	}
	pulled := queued(3, 0, 20)
	pulled.Health.Pulled = true
	f := FleetStats{InRotation: 2, Drain: &Drain{Replica: 1, At: 5 * time.Second},
		Replicas: []Snapshot{queued(4, 0, 0), queued(16, 36, 10), queued(15, 54, 13), pulled}}
	checks := f.ChecksNow(c)
	said := func(checks []CheckNow) (said []bool) {
		for _, c := range checks {
			said = append(said, c.Said)
		}
		return said
	}
	if !slices.Equal(said(checks), []bool{false, true, true, false}) {
		t.Fatalf("said %v, want r2 and r3 alone: r1 drained, r4 pulled", said(checks))
	}
	if w := checks[1].Wait; w.Behind() < 13.3 || w.Behind() > 13.4 {
		t.Fatalf("%v workers free in 2s on average, want 2s × 20 / 3s = 13.3", w.Behind())
	}
	// The rest of r2's 62 beside its 16 payments, and r3's 82 beside its 15, counted as quick:
	// "62 queued" beside "16 payments ahead" read as two counts that disagree (newcomer 54).
	if checks[1].Quick != 46 || checks[2].Quick != 67 {
		t.Errorf("quick ahead %d and %d, want 36 + 10 and 54 + 13", checks[1].Quick, checks[2].Quick)
	}
	// What "quick" counts, from the settings: defined only in the help (newcomer 56 #3).
	if got, want := checks[1].QuickMeans(), []string{
		"quick = signups and health checks: each holds a worker ~2ms or less, a payment 3.0s",
		"quick = signups and health checks, a worker each for ~2ms or less",
		"quick = signups and health checks, ~2ms or less each",
	}; !slices.Equal(got, want) {
		t.Errorf("quick means %q, want %q", got, want)
	}
	// Every form that tells the quick ones apart, whole then brief, before any that does
	// not: "a check now has 12 P ahead" won over "12 P + 40 quick ahead" (review 47); those
	// that call them "quick" before those that say their letters, for a screen with no room
	// to define "quick" (newcomer 58 #2). The verdict says what happens, with the pull rule's
	// count where it fits: "next out" read as next in line, or out of what (newcomer 58 #2).
	form := func(text string, whole, apart, quick bool) CheckWords {
		return CheckWords{Text: text, Whole: whole, Apart: apart, Quick: quick}
	}
	letters := func(c Class) string { return string("PSH"[c-Payment]) }
	for _, tc := range []struct {
		ahead, quick int
		want         []CheckWords
	}{
		{16, 46, []CheckWords{
			form("a check now has 16 payments + 46 quick ahead: would time out; 2 in a row pull it", true, true, true),
			form("a check now has 16 P + 46 quick ahead: would time out; 2 in a row pull it", true, true, true),
			form("16 payments + 46 quick ahead: check would time out; 2 in a row pull it", false, true, true),
			form("16 P + 46 quick ahead: check would time out; 2 in a row pull it", false, true, true),
			form("a check now has 16 payments + 46 quick ahead: would time out", true, true, true),
			form("a check now has 16 P + 46 quick ahead: would time out", true, true, true),
			form("16 payments + 46 quick ahead: check would time out", false, true, true),
			form("16 P + 46 quick ahead: check would time out", false, true, true),
			form("16 P + 46 S/H ahead: check would time out; 2 in a row pull it", false, true, false),
			form("16 P + 46 S/H ahead: check would time out", false, true, false),
			// Without "ahead" where no more fits (80x24): the row's queue, told apart, and the
			// verdict that names the check.
			form("16 P + 46 S/H: check would time out", false, true, false),
			form("a check now has 16 P ahead: would time out; 2 in a row pull it", true, false, false), form("a check now has 16 P ahead: would time out", true, false, false),
			form("a check now has 16 ahead: would time out; 2 in a row pull it", true, false, false), form("a check now has 16 ahead: would time out", true, false, false),
			form("16 P ahead: check would time out; 2 in a row pull it", false, false, false), form("16 P ahead: check would time out", false, false, false),
			form("16 ahead: check would time out; 2 in a row pull it", false, false, false), form("16 ahead: check would time out", false, false, false)}},
		// A chance is a forecast already, and says no check: never without "ahead".
		{11, 1, []CheckWords{form("a check now has 11 payments + 1 quick ahead: 1-in-5 not ok", true, true, true), form("a check now has 11 P + 1 quick ahead: 1-in-5 not ok", true, true, true),
			form("11 payments + 1 quick ahead: 1-in-5 not ok", false, true, true), form("11 P + 1 quick ahead: 1-in-5 not ok", false, true, true),
			form("11 P + 1 S/H ahead: 1-in-5 not ok", false, true, false),
			form("a check now has 11 P ahead: 1-in-5 not ok", true, false, false), form("a check now has 11 ahead: 1-in-5 not ok", true, false, false),
			form("11 P ahead: 1-in-5 not ok", false, false, false), form("11 ahead: 1-in-5 not ok", false, false, false)}},
		// Payments alone ahead: the queue's count is theirs, nothing to tell apart.
		{5, 0, []CheckWords{form("a check now has 5 payments ahead: would be ok", true, false, false), form("a check now has 5 ahead: would be ok", true, false, false),
			form("5 payments ahead: check would be ok", false, false, false), form("5 ahead: check would be ok", false, false, false)}},
		{1, 0, []CheckWords{form("a check now has 1 payment ahead: would be ok", true, false, false), form("a check now has 1 ahead: would be ok", true, false, false),
			form("1 payment ahead: check would be ok", false, false, false), form("1 ahead: check would be ok", false, false, false)}},
	} {
		ch := checks[1].CheckAhead
		ch.Ahead, ch.Quick = tc.ahead, tc.quick
		if got := ch.Words(letters); !slices.Equal(got, tc.want) {
			t.Errorf("%d ahead: %+v, want %+v", tc.ahead, got, tc.want)
		}
	}
	// Where one check not ok pulls a replica, the forecast says the pull it would make.
	one := checks[1].CheckAhead
	one.pullsIt = FleetConfig{PullAfter: 1}.PullsIt()
	if got, want := one.Words(letters)[2].Text, "16 payments + 46 quick ahead: check would time out and pull it"; got != want {
		t.Errorf("pulled after 1: %q, want %q", got, want)
	}
	// r4's pull, said by the story as "fewer than 12: 1-in-5 chance per check", is the same odds.
	ch := checks[1]
	ch.Ahead = 11
	if got, want := ch.NotOK(), ch.Wait.ShortOdds(12); math.Abs(got-want) > 1e-12 {
		t.Errorf("11 ahead: not ok %v, the story's odds %v", got, want)
	}
	f.Replicas[1].Pool.Discipline = LIFO
	f.Replicas[2].Pool = PoolStats{Discipline: FIFO, Size: 20, Busy: 20}
	if said := said(f.ChecksNow(c)); slices.Contains(said, true) {
		t.Errorf("said %v: LIFO has none ahead by right, and an empty queue nothing to say", said)
	}
	f.Replicas[1].Pool.Discipline = FIFO
	f.Replicas[1].Health.FailStreak = 1
	if said := said(f.ChecksNow(c)); said[1] {
		t.Errorf("r2 said with 1 check not ok already: its row says that")
	}
	// Signups alone ahead say nothing a queue's count does not; a full queue turns a check
	// away at once, whatever is ahead (review 44a).
	f.Replicas[1].Health.FailStreak = 0
	f.Replicas[1].Pool = queued(0, 40, 0).Pool
	f.Replicas[2].Pool = queued(30, 60, 10).Pool
	checks = f.ChecksNow(c)
	if forms := checks[2].Words(letters); checks[1].Said || !checks[2].Said || !checks[2].Full || forms[0].Text != "a check now finds the queue full: not ok (rejected:pool)" {
		t.Errorf("signups alone ahead said %v; a full queue said %v, %+v", checks[1].Said, checks[2].Said, forms)
	}
	// The model counts only payments ahead: where a signup's work is not quick, it says
	// nothing of them (a full queue turns a check away whatever is in it).
	f.Replicas[1].Pool = queued(16, 36, 10).Pool
	c.Signup.Work = Duration(100 * time.Millisecond)
	if said := said(f.ChecksNow(c)); said[1] || !said[2] {
		t.Errorf("said %v with signups of 100ms, where payments hold 3s: r2's payments ahead not, r3's full queue still", said)
	}
	// Payments alone queued: the model is exact whatever a signup's work.
	f.Replicas[1].Pool = queued(16, 0, 0).Pool
	if said := said(f.ChecksNow(c)); !said[1] {
		t.Errorf("said %v with payments alone queued: nothing quick to judge", said)
	}
}

// A call shorter than the timeout frees its worker more than once within it: 2s over 1s
// calls frees exactly 40, so a check with 39 ahead is ok and one with 40 is not; counted as
// once each, 20 ahead read "next out" where the narrator said 40 (review 44a).
func TestCheckWaitCountsEveryFreeWithinTheTimeout(t *testing.T) {
	w := CheckWait{Timeout: 2 * time.Second, Workers: 20, Hold: time.Second}
	for _, tc := range []struct {
		ahead int
		notOK float64
	}{{19, 0}, {39, 0}, {40, 1}} {
		if got := (CheckAhead{Ahead: tc.ahead, Wait: w}).NotOK(); got != tc.notOK {
			t.Errorf("%d ahead, 2s over 1s calls: not ok %v, want %v", tc.ahead, got, tc.notOK)
		}
	}
	// 1.5 calls a timeout: 20 for certain, and each a second with chance ½; fewer than 25 is
	// Binomial(20, ½) ≤ 4.
	w.Hold = 1333 * time.Millisecond
	if got, want := w.ShortOdds(25), binomLower(4, 20, 2/1.333-1); math.Abs(got-want) > 1e-9 {
		t.Errorf("fewer than 25 of 2s over 1.333s calls: %v, want %v", got, want)
	}
	if got, want := w.Odds(), "each of the 20 frees 1 in time, and a 2nd with chance 0.50"; got != want {
		t.Errorf("odds %q, want %q", got, want)
	}
	if got, want := w.OddsBrief(), "each frees 1 in time, and a 2nd with chance 0.50"; got != want {
		t.Errorf("odds, brief %q, want %q", got, want)
	}
}

// Calls shorter than the check's timeout free each worker more than once: the count is of
// frees ("only 40 came"), never "40 workers" of 20 (review 45).
func TestFreedWordsCountFreesWhereWorkersRecur(t *testing.T) {
	turn, w := Turn{Pull: Pull{Freed: 40}}, CheckWait{Timeout: 2 * time.Second, Workers: 20, Hold: time.Second}
	if got := turn.FreedWords(41, w); got != "only 40 came" {
		t.Errorf("2s over 1s calls: %q, want \"only 40 came\"", got)
	}
	if got := w.Needed(41, 20) + "; " + w.Needed(41, 0) + "; " + w.Freed(40); got != "41 frees of its 20 workers; 41 frees of its workers; 40 frees" {
		t.Errorf("2s over 1s calls: %q", got)
	}
	turn.Freed, w.Hold = 11, 3*time.Second
	if got := w.Needed(12, 20) + "; " + w.Needed(12, 0) + "; " + w.Freed(11); got != "12 of 20 workers to free; 12 workers to free; 11 workers freed" {
		t.Errorf("2s over 3s calls: %q", got)
	}
	if got := turn.FreedWords(12, w); got != "only 11 workers did" {
		t.Errorf("2s over 3s calls: %q, want \"only 11 workers did\"", got)
	}
}

// A replica's payments against its pool in one writer, with Little's law's sum or without:
// the fleet's headline and the domino's steps say the share in these words (newcomer 60:
// fleet-domino never said the 24 workers of 20 that made its pulls sure).
func TestPaymentWorkersSaysTheNeed(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate = 24
	c.Pool.Workers = 20
	c.Dependency.Latency = Duration(3 * time.Second)
	c.Fleet = FleetConfig{Replicas: 4, PullAfter: 2, ReturnAfter: 100, CheckEvery: Duration(100 * time.Millisecond)}
	f := c.ReplicaForecast(3)
	if got, want := f.PaymentWorkers(true), "8/s × 3.0s = 24 workers of 20"; got != want {
		t.Errorf("with its sum: %q, want %q", got, want)
	}
	if got, want := f.PaymentWorkers(false), "24 workers of 20"; got != want {
		t.Errorf("without: %q, want %q", got, want)
	}
	// The sum is the one writer of Little's law, which the ui's sentences call too; a note
	// goes after the hold.
	if got, want := f.Classes[Payment].LittlesLaw(" (socket timeout)"), "8/s × 3.0s (socket timeout) = 24"; got != want {
		t.Errorf("the law with a note: %q, want %q", got, want)
	}
	// A domino's turn carries the share's forecast, whose need the step says.
	s := &FleetStats{Replicas: make([]Snapshot, 4), Pulls: []Pull{{Replica: 2, At: 8 * time.Second}}}
	if turns := s.Domino(c); len(turns) != 1 || turns[0].Share.PaymentWorkers(true) != f.PaymentWorkers(true) {
		t.Errorf("the turn's share: %+v", turns)
	}
}

// The stretches with every replica out after the first, said after it: how many, and every
// one's time added up as the times read (newcomer 67: the domino named one stretch of 6.6s
// beside rej:balancer totals of about 14s). None after the first: nothing to add.
func TestAllOutMore(t *testing.T) {
	s, ms := time.Second, time.Millisecond
	f := FleetStats{Replicas: make([]Snapshot, 2),
		Pulls: []Pull{{Replica: 1, At: 9 * s, ReturnedAt: 19500 * ms}, {Replica: 2, At: 12863 * ms, ReturnedAt: 30 * s}}}
	if more := f.AllOutMore(40 * s); more != "" {
		t.Errorf("one stretch: %q, want none", more)
	}
	f.Pulls = append(f.Pulls, Pull{Replica: 1, At: 27900 * ms, ReturnedAt: 32400 * ms}, Pull{Replica: 2, At: 32 * s, ReturnedAt: 35 * s})
	// 12.9s–19.5s, 27.9s–30.0s, 32.0s–32.4s: 6.6s + 2.1s + 0.4s.
	if more, want := f.AllOutMore(40*s), ", then 2× more, 9.1s over all 3"; more != want {
		t.Errorf("two stretches: %q, want %q", more, want)
	}
	f.Pulls = append(f.Pulls, Pull{Replica: 1, At: 38 * s}, Pull{Replica: 2, At: 38600 * ms})
	if more, want := f.AllOutMore(39*s), ", then 3× more, 9.5s over all 4 so far"; more != want { // and 38.6s–39.0s
		t.Errorf("one lasting: %q, want %q", more, want)
	}
}

// A line of times with no gaps between them gives each to the tenth, and to the millisecond
// only the two that would read as one instant (newcomer 67: "r3 38.464s → r1 38.613s").
func TestInstantTimes(t *testing.T) {
	ms := time.Millisecond
	got := InstantTimes([]time.Duration{9300 * ms, 12838 * ms, 12863 * ms, 38464 * ms, 38613 * ms, 40020 * ms, 40040 * ms})
	if want := []string{"9.3s", "12.8s", "12.9s", "38.5s", "38.6s", "40.020s", "40.040s"}; !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

// A soon return's time out is the gap between its times as written: out 26.64s and back
// 35.46s, written "26.6s" and "35.5s", read "in 8.9s", not the raw 8.82s's "8.8s" (a
// reviewer; ShownSecs).
func TestSoonGapFromShownTimes(t *testing.T) {
	cfg := FleetConfig{Replicas: 4, PullAfter: 2, ReturnAfter: 100, CheckEvery: Duration(100 * time.Millisecond)}
	p := Pull{Replica: 3, At: 26640 * time.Millisecond, ReturnedAt: 35460 * time.Millisecond}
	if got := cfg.SoonNote(p); got != ", in 8.9s: queued checks counted" {
		t.Errorf("SoonNote: %q", got)
	}
	f := &FleetStats{Pulls: []Pull{p}}
	if got := f.SoonBack(cfg); len(got) != 3 || got[0] != "r3 back 35.5s, 8.9s after its 26.6s pull: checks queued at it counted too" || !strings.Contains(got[2], "in 8.9s") {
		t.Errorf("SoonBack: %q", got)
	}
}
