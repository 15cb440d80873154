// Tests of what the screen reads from the counters: rates, shares, starvation.

package lab

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The rates average the last RateWindow whole seconds, fewer while the run is younger.
func TestRates(t *testing.T) {
	var s Snapshot
	if r := s.Rates(); r.Seconds != 0 || r.OK[Payment] != 0 {
		t.Errorf("no timeline: %+v", r)
	}
	// Completions of 3-second calls that began together land together: 0, 0, 20, 0, 0, 20.
	for i, ok := range []int64{0, 0, 20, 0, 0, 20, 0} {
		sec := Second{T: i + 1}
		sec.OK[Payment] = ok
		sec.Arrived[Signup] = 5
		sec.Rejected[Signup][RejectPool] = int64(i)
		s.Timeline = append(s.Timeline, sec)
		r := s.Rates()
		if want := min(i+1, RateWindow); r.Seconds != want {
			t.Fatalf("after %d s: averaged %d s, want %d", i+1, r.Seconds, want)
		}
		if r.Arrived[Signup] != 5 {
			t.Errorf("after %d s: signup arrivals %v/s, want 5", i+1, r.Arrived[Signup])
		}
	}
	// The last 5 s, from 2 s to 7 s: 20, 0, 0, 20, 0 → 8/s; rejections 2..6 → 4/s.
	if r := s.Rates(); r.OK[Payment] != 8 || r.Rejected[Signup][RejectPool] != 4 || r.From != 2 || r.To != 7 {
		t.Errorf("ok %v/s, rejected %v/s over %d..%d s; want 8 and 4 over 2..7 s", r.OK[Payment], r.Rejected[Signup][RejectPool], r.From, r.To)
	}
}

// The window's mean concurrency is its seconds' mean held, and by Little's law each ok held
// its worker that mean over the ok rate: 36 held at 400 ok a second is 90ms each.
func TestRatesHeldAndOKHold(t *testing.T) {
	var s Snapshot
	r := s.Rates()
	if _, ok := r.OKHold(Payment); ok {
		t.Fatal("no timeline: an ok hold time")
	}
	for i, held := range []float64{30, 34, 36, 38, 36} {
		sec := Second{T: i + 1}
		sec.Held[Payment] = held
		sec.OK[Payment] = 400
		s.Timeline = append(s.Timeline, sec)
	}
	r = s.Rates()
	if math.Abs(r.Held[Payment]-34.8) > 1e-9 {
		t.Errorf("mean held %v, want 34.8", r.Held[Payment])
	}
	s.Timeline[0].Held[Payment] = 36 // 36, 34, 36, 38, 36: 36 held
	r = s.Rates()
	if d, ok := r.OKHold(Payment); !ok || d != 90*time.Millisecond {
		t.Errorf("ok hold %v (%v), want 90ms", d, ok)
	}
	// A payment that timed out held its worker too: the oks' share is unknown (review 19).
	s.Timeline[2].TimedOut[Payment] = 1
	r = s.Rates()
	if d, ok := r.OKHold(Payment); ok {
		t.Errorf("ok hold %v beside timed-out payments, want none", d)
	}
}

// Random arrivals drift from the set rate over a few seconds: Drifted says when by more
// than a fifth, for Poisson open-loop traffic only, and never for a fleet's health checks
// (the balancer's own, not a set rate).
func TestRatesDrifted(t *testing.T) {
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Traffic.Mode, s.Config.Traffic.Arrivals = Open, Poisson
	for i := range 5 {
		sec := Second{T: i + 1}
		sec.Rate[Signup], sec.Rate[Payment] = 5, 10
		sec.Arrived[Signup], sec.Arrived[Payment] = 7, 11 // 7/s is 40% over, 11/s 10%
		s.Timeline = append(s.Timeline, sec)
	}
	r := s.Rates()
	if !r.Drifted(Signup) || r.Drifted(Payment) || r.Set[Signup] != 5 {
		t.Errorf("set %v: signup drifted %v, payment %v", r.Set, r.Drifted(Signup), r.Drifted(Payment))
	}
	s.Config.Traffic.Arrivals = Uniform
	if r := s.Rates(); r.Drifted(Signup) {
		t.Error("uniform arrivals have no randomness to drift by")
	}
	s.Config.Traffic.Arrivals = Poisson
	s.Config.Traffic.Signup.ResubmitAfter = Duration(time.Second)
	if r := s.Rates(); r.Drifted(Signup) {
		t.Error("resubmitted requests are arrivals beyond the rate, not chance")
	}
	s.Config.Traffic.Signup.ResubmitAfter = 0
	s.Fleet = &FleetStats{}
	for i := range s.Timeline {
		s.Timeline[i].Rate[Health], s.Timeline[i].Arrived[Health] = 5, 7
		s.Timeline[i].Rate[Payment], s.Timeline[i].Arrived[Payment] = 500, 700
	}
	if r := s.Rates(); r.Drifted(Health) || r.Drifted(Payment) || !r.Drifted(Signup) {
		t.Error("a fleet's health checks, or 700/s against 500/s (twenty standard deviations), drifted by chance")
	}
}

// fleet-domino and fleet-bulkhead at 12s: payments arrived 20.8/s in 7–12s of 24/s set, a
// seventh under, and the narrator's shares and price, worked from 24/s, stood beside /s rows
// measured at 20.8/s with nothing to say so (newcomer 58 #4: 17/s rejected beside ~19.2/s).
// A fleet says a drift past a tenth, whatever the room; one lab, past a fifth, where it has room.
func TestDriftSaidInAFleet(t *testing.T) {
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Traffic.Mode, s.Config.Traffic.Arrivals = Open, Poisson
	arrived := []int64{21, 20, 22, 20, 21} // 104 in 5s: 20.8/s
	for i, n := range arrived {
		sec := Second{T: i + 1}
		sec.Rate[Payment], sec.Arrived[Payment] = 24, n
		s.Timeline = append(s.Timeline, sec)
	}
	r := s.Rates()
	if drifted, must := s.DriftSaid(&r, Payment); drifted || must {
		t.Errorf("one lab, 20.8/s of 24/s: drift said %v (must %v), want a fifth off first", drifted, must)
	}
	s.Fleet = &FleetStats{}
	r = s.Rates()
	if drifted, must := s.DriftSaid(&r, Payment); !drifted || !must {
		t.Errorf("a fleet, %v/s of %v/s: drift said %v (must %v), want both", r.Arrived[Payment], r.Set[Payment], drifted, must)
	}
}

// The shares the table and the tour word: ok of arrivals (rejections and requests in
// flight are not ok), a reason's rejections of arrivals, 0 of none.
func TestClassShares(t *testing.T) {
	c := ClassStats{Arrived: 10, OK: 3, Failed: 1, TimedOut: 2, Rejected: [numReasons]int64{RejectPool: 4}}
	if c.Finished() != 6 || c.OKShare() != 0.3 || c.RejectedShare(RejectPool) != 0.4 || c.RejectedShare(RejectBreaker) != 0 {
		t.Errorf("finished %d, ok share %v, pool share %v", c.Finished(), c.OKShare(), c.RejectedShare(RejectPool))
	}
	if (ClassStats{}).OKShare() != 0 || (ClassStats{}).RejectedShare(RejectPool) != 0 {
		t.Error("a share of none is not 0")
	}
	if got, want := strings.Join(c.ErrorWords(), ", "), "failed, timed out, rejected:pool"; got != want {
		t.Errorf("error words %q, want %q", got, want)
	}
	if w := (ClassStats{Arrived: 5, OK: 2, InFlight: 3}).ErrorWords(); len(w) != 0 {
		t.Errorf("ok and in flight are no errors: %q", w)
	}
}

// The header's "starved" is defined beside the column it counts, as the rejections of every
// class but payments (newcomer 59: "starved", "rej:pool" and "turning away" read as three
// words for one count, "starved" defined nowhere on screen); not beside a column it does not
// count, nor where the word is "turned away".
func TestStarvedClause(t *testing.T) {
	var s Snapshot
	s.Config = DefaultConfig()
	s.Classes[Payment].Rejected[RejectPool] = 26
	if got := s.StarvedClause(RejectPool); got != "" {
		t.Errorf("payments' alone: %q, want none", got)
	}
	s.Classes[Health].Rejected[RejectPool] = 1
	s.Classes[Signup].Rejected[RejectBulkhead] = 3
	if got := s.StarvedClause(RejectPool); got != "starved if not payments'" {
		t.Errorf("a health check starved: %q", got)
	}
	if got := s.StarvedClause(RejectBulkhead); got != "" {
		t.Errorf("the bulkhead's, not counted starved: %q", got)
	}
	s.Config.Traffic.Payment.Label = "orders"
	if got := s.StarvedClause(RejectPool); got != "starved if not orders'" {
		t.Errorf("relabelled: %q", got)
	}
	s.Classes[Health].Rejected[RejectBalancer] = 1 // its count is every rejection, "turned away"
	if got := s.StarvedClause(RejectPool); got != "" {
		t.Errorf("turned away, not starved: %q", got)
	}
}

// A second's pool rejections are every class's; a class starves when turned away for want
// of a worker, by the pool or a fleet's balancer, payments never: the header's count, its
// alarm, and since when there was none.
func TestStarved(t *testing.T) {
	var s Snapshot
	s.Classes[Payment].Rejected[RejectPool], s.Classes[Signup].Rejected[RejectPool], s.Classes[Health].Rejected[RejectPool] = 5, 3, 1
	s.Classes[Payment].Rejected[RejectBalancer], s.Classes[Signup].Rejected[RejectBalancer] = 4, 541
	s.Classes[Signup].Rejected[RejectBulkhead] = 7
	// Once the balancer has a share, every rejection: turned away means that everywhere
	// (review 18: the bulkhead's 7, or a fleet's rejected:codel, were left out).
	if s.Starved(Payment) != 0 || s.Starved(Signup) != 551 || s.Starved(Health) != 1 {
		t.Errorf("starved payment %d, signup %d, health %d; want 0, 3 + 541 + 7, 1", s.Starved(Payment), s.Starved(Signup), s.Starved(Health))
	}
	if s.StarvedWord(Signup) != "turned away" || s.StarvedWord(Health) != "starved" {
		t.Errorf("signup %q, health %q: want turned away, starved", s.StarvedWord(Signup), s.StarvedWord(Health))
	}
	s.Classes[Health].Rejected[RejectBulkhead] = 2
	if s.Starved(Health) != 1 {
		t.Errorf("health starved %d, want 1: the pool's alone is starved", s.Starved(Health))
	}
	// CoDel's turning away starves as the pool's does, for want of a worker, with the same
	// word (newcomer 43 W-1: codel-queue's signups rejected:codel 16, 33%, unflagged).
	s.Classes[Health].Rejected[RejectCoDel] = 4
	if s.Starved(Health) != 5 || s.StarvedWord(Health) != "starved" {
		t.Errorf("health %s %d, want starved 5: the pool's and CoDel's", s.StarvedWord(Health), s.Starved(Health))
	}
	s.Classes[Health].Rejected[RejectCoDel] = 0
	// The count's parts: the reasons it sums that turned one away, each with how many.
	shares := map[Reason]int64{}
	for _, p := range s.CountedShares(Signup) {
		shares[p.Reason] = p.N
	}
	if len(shares) != 3 || shares[RejectPool] != 3 || shares[RejectBulkhead] != 7 || shares[RejectBalancer] != 541 {
		t.Errorf("signup's shares %v, want pool 3, bulkhead 7, balancer 541", shares)
	}
	if got := s.CountedShares(Health); len(got) != 1 || got[0] != (Share{RejectPool, 1}) {
		t.Errorf("health's shares %v, want the pool's 1 alone", got)
	}
	if got := s.CountedShares(Payment); len(got) != 0 {
		t.Errorf("payment's shares %v, want none", got)
	}
	// Seconds 1 and 2 had them, the rates' window after them none but payments'.
	s.Timeline = make([]Second, 2+RateWindow)
	for i := range s.Timeline {
		s.Timeline[i].T = i + 1
	}
	last := &s.Timeline[len(s.Timeline)-1]
	s.Timeline[0].Rejected[Payment][RejectPool], s.Timeline[0].Rejected[Health][RejectPool] = 5, 1
	s.Timeline[1].Rejected[Signup][RejectBalancer] = 9
	last.Rejected[Payment][RejectBalancer] = 4
	if s.Timeline[0].TurnedAway() != 6 {
		t.Errorf("turned away %d in 0–1s, want 6", s.Timeline[0].TurnedAway())
	}
	if s.StarvingNow(Signup) || s.StarvingNow(Payment) {
		t.Error("starving now, where only payments were turned away in the rates' window")
	}
	if got := s.NoneSince(StarvedBy, Signup); got != "none since 2s" {
		t.Errorf("signups: %q, want none since 2s (rejected:balancer in 1–2s)", got)
	}
	if got := s.NoneSince(StarvedBy, Health); got != "none since 1s" {
		t.Errorf("health: %q, want none since 1s", got)
	}
	// Within the window, not its last second alone: a second without one at random arrivals
	// is no stop ("stopped" beside 1.2/s in the window read as over, newcomer 31).
	s.Timeline[3].Rejected[Signup][RejectBalancer] = 1
	if !s.StarvingNow(Signup) {
		t.Error("signups turned away in the rates' window, not starving now")
	}
	s.Timeline[3].Rejected[Signup][RejectBalancer] = 0
	last.Rejected[Signup][RejectBalancer] = 1
	if !s.StarvingNow(Signup) {
		t.Error("signups turned away by the balancer in the last second, not starving now")
	}
	// A fleet's balancer on the header's clock (the review: a replica back at 19.5s, and in
	// 19–20s signups starved in the alarm colour beside "rejected:balancer 681 (0 since
	// 19.5s)"): it starves only while every replica is out, and stopped at the return.
	f := FleetStats{Replicas: make([]Snapshot, 2), InRotation: 1,
		Pulls: []Pull{{Replica: 1, At: time.Second, ReturnedAt: 2500 * time.Millisecond}, {Replica: 2, At: 1500 * time.Millisecond}}}
	s.Fleet = &f
	if s.StarvingNow(Signup) {
		t.Error("a replica back at 2.5s, yet signups starving now for the balancer's 2–3s")
	}
	if got := s.NoneSince(StarvedBy, Signup); got != "none since 2.5s" {
		t.Errorf("signups: %q, want none since 2.5s (the replica's return)", got)
	}
	last.Rejected[Signup][RejectPool] = 1
	if want := fmt.Sprintf("none since %ds", last.T); !s.StarvingNow(Signup) || s.NoneSince(StarvedBy, Signup) != want {
		t.Errorf("rejected:pool in the last second: starving now %v, %q, want %q", s.StarvingNow(Signup), s.NoneSince(StarvedBy, Signup), want)
	}
	last.Rejected[Signup][RejectPool] = 0
	f.InRotation, f.Pulls[0].ReturnedAt = 0, 0
	if !s.StarvingNow(Signup) {
		t.Error("every replica out, and signups turned away by the balancer: not starving now")
	}
}

// A second counts what finished in it, whenever it arrived: ok or timed out per second can
// top arrivals, and Outrun says so only when it shows, to a tenth.
func TestRatesOutrun(t *testing.T) {
	r := Rates{Seconds: 5}
	r.Arrived[Health], r.OK[Health] = 30, 32.2
	r.Arrived[Payment], r.TimedOut[Payment] = 5.6, 6.2
	r.Arrived[Signup], r.OK[Signup] = 5, 5.04 // shows as 5/s of 5/s
	if !r.Outrun(Health) || !r.Outrun(Payment) || r.Outrun(Signup) || (&Rates{}).Outrun(Health) {
		t.Errorf("outrun: health %v, payment %v, signup %v", r.Outrun(Health), r.Outrun(Payment), r.Outrun(Signup))
	}
}

// The error rate over the window, as the table's per-second row has it: errors of arrivals,
// each a second, with the words of the fates counted in it; 0 and none before any arrive.
func TestRatesErrorShare(t *testing.T) {
	var s Snapshot
	for i := range 7 {
		sec := Second{T: i + 1}
		sec.Arrived[Payment], sec.OK[Payment] = 500, 480
		if i < 2 { // long ago: out of the window
			sec.TimedOut[Payment] = 50
		}
		sec.Rejected[Payment][RejectDeadline] = 15
		s.Timeline = append(s.Timeline, sec)
	}
	r := s.Rates()
	if got, ok := r.NotOKShareOfReplies(Payment); !ok || math.Abs(got-15.0/495) > 1e-12 {
		t.Errorf("error share %v over %d–%d s, want 15/495 (15/s of the 495/s that ended)", got, r.From, r.To)
	}
	if got, want := strings.Join(r.ErrorWords(Payment), ", "), "rejected:deadline"; got != want {
		t.Errorf("error words %q, want %q (the timeouts are out of the window)", got, want)
	}
	if r.At(Payment, Ended(OK)) != 480 || r.At(Payment, FateInFlight) != 0 {
		t.Errorf("at ok %v, in flight %v", r.At(Payment, Ended(OK)), r.At(Payment, FateInFlight))
	}
	if none := (&Rates{}); len(none.ErrorWords(Payment)) != 0 {
		t.Error("no window: error words")
	}
	if _, ok := (&Rates{}).NotOKShareOfReplies(Payment); ok {
		t.Error("no window: an error rate")
	}
	// A rate that falls: the errors of earlier arrivals end in a window of few arrivals.
	// Over arrivals that was 1400% (70/s of 5/s); over what ended it stays a share.
	fall := Rates{Seconds: 5}
	fall.Arrived[Payment], fall.OK[Payment], fall.Rejected[Payment][RejectDeadline] = 5, 10, 70
	if got, ok := fall.NotOKShareOfReplies(Payment); !ok || got != 70.0/80 {
		t.Errorf("falling rate: %v, want 70/80", got)
	}
	if got, ok := (ClassStats{Arrived: 10, OK: 6, Failed: 2, InFlight: 2}).NotOKShareOfReplies(); !ok || got != 0.25 {
		t.Errorf("so far: %v, want 2/8 (the 2 in flight ended neither way)", got)
	}
}

// queuedSnapshot is 600 payments in a FIFO queue of 1000 before 20 workers, each of the 6
// seconds so far ending 20 payments that held their worker 1s each.
func queuedSnapshot() Snapshot {
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Pool.Queue, s.Config.Pool.Discipline = 1000, FIFO
	s.Pool.Size, s.Pool.Queued = 20, 600
	s.Pool.QueuedBy[Payment] = 600
	for i := range 6 {
		sec := Second{T: i + 1}
		sec.Served[Payment], sec.HeldFor[Payment] = 20, 20*time.Second
		s.Timeline = append(s.Timeline, sec)
	}
	return s
}

// A request arriving now in a FIFO queue waits for all those ahead of it, each holding a
// worker for the mean time one of its class held one, over those that ended on a worker in
// the window (ok, failed, timed out or turned away at the deadline there): 600 queued of 1s
// is 30 s over 20 workers; nothing without a FIFO queue of one instance, or with none ended.
func TestWaitArrivingNow(t *testing.T) {
	s := queuedSnapshot()
	for i := range s.Timeline {
		sec := &s.Timeline[i]
		sec.OK[Payment], sec.TimedOut[Payment], sec.Rejected[Payment][RejectDeadline] = 10, 5, 5
		sec.Rejected[Signup][RejectPool] = 50 // never queued: never on a worker
	}
	if a, ok := s.WaitArrivingNow(); !ok || a.Wait != 30*time.Second {
		t.Errorf("wait %+v (%v), want 30s: 600 × 1s ÷ 20 workers", a, ok)
	}
	// Settled, the snapshot answers with the wait it worked out once, not again at each ask
	// (a frame asks three times): a change after Settle, which a shared snapshot never has,
	// shows which. An unsettled copy works it out.
	settled := s
	settled.Settle()
	settled.Pool.QueuedBy[Payment], settled.Pool.Queued = 1200, 1200
	if a, ok := settled.WaitArrivingNow(); !ok || a.Wait != 30*time.Second {
		t.Errorf("settled: wait %+v (%v), want the 30s worked out at Settle", a, ok)
	}
	if settled.Settle(); !settled.arriving.ok || settled.arriving.wait.Wait != 60*time.Second {
		t.Errorf("settled again: %+v, want 60s", settled.arriving)
	}
	// What × is, where it fits: a hold need not be the dependency's latency. The played-out
	// derivation first, the narrator's, wherever it fits (review 35 m6).
	if items := arrivingNowHealth(&s, 140); len(items) != 1 || items[0].Value != "waits ~30.0s: the worker it gets first serves 30 (the 600 ahead ÷ 20 workers), 1.00s each; 1.00s: the mean hold in 1–6s" {
		t.Errorf("health item %+v", items)
	}
	if items := arrivingNowHealth(&s, 120); len(items) != 1 || items[0].Value != "waits ~30.0s: the worker it gets first serves 30 (the 600 ahead ÷ 20 workers), 1.00s each" {
		t.Errorf("health item at 120 %+v", items)
	}
	if items := arrivingNowHealth(&s, 80); len(items) != 1 || items[0].Value != "waits ~30.0s: 600 payments × 1.00s ahead ÷ 20 workers" {
		t.Errorf("health item at 80 %+v", items)
	}
	// With the workers busy, where the line has no room for them, the hold still says what it
	// is: the postmortem's "7209 orders × 329ms ahead" stood bare beside calls of 328ms each
	// (newcomer 25).
	busy := s
	busy.Pool.Workers = make([]Worker, 20)
	for i := range busy.Pool.Workers {
		busy.Pool.Workers[i] = Worker{Class: Payment, Phase: PhaseCall, Held: time.Duration(i) * 40 * time.Millisecond}
	}
	// The arrival's worker, the 1st to free, 240ms from now, takes 30 of the 600 ahead
	// before it: 240ms + 30 × 1.00s, the wait (newcomer 38 W9), of the 600 said (newcomer 39
	// W2) as its 1 in 20 (newcomer 41 G7: "30 of 600" took decoding as 600 ÷ 20); where that
	// does not fit with what the hold is, the work ahead over the workers.
	// Wider never shows less: the derivation wherever any form of it fits (review 35 m6).
	for w, want := range map[int]string{140: "waits ~30.2s: the worker it gets frees in 240ms, then serves 30 (the 600 ahead ÷ 20 workers), 1.00s each",
		// Narrower, what the hold is in fewer words (newcomer 26: "338 orders × 49ms ahead ÷
		// 24 workers = 690ms if evenly freed" beside calls of 50ms, what a hold is unsaid),
		// and still what the sum computes to: bare, "~711ms: 345 orders × 49ms ahead ÷ 24
		// workers" was 704ms (newcomer 36 #15).
		// One wait, not the even figure beside it (newcomer 37 #13).
		120: "waits ~30.2s: the worker it gets frees in 240ms, then serves 30 (the 600 ahead ÷ 20 workers), 1.00s each",
		// Narrower still, the same as terms to add (newcomer 43 G-7).
		110: "waits ~30.2s: 240ms left on the worker it gets + 30 (the 600 ahead ÷ 20 workers) × 1.00s",
		// Narrowest, the same rule tersely, its rounds whole as written, not the work
		// ahead ÷ the workers, another rule (newcomer 65: 80 and 120 columns gave each one).
		100: "waits ~30.2s: its worker frees in 240ms + ⌊600 ÷ 20⌋ × 1.00s"} {
		if items := arrivingNowHealth(&busy, w); len(items) != 1 || items[0].Value != want {
			t.Errorf("busy workers, health item at %d %+v", w, items)
		}
	}
	// Whole rounds, where the division leaves some over: "41 (the 2687 ahead ÷ 64 workers)"
	// read as a wrong division, 42.0 (newcomer 46).
	odd := busy
	odd.Pool.QueuedBy[Payment], odd.Pool.Queued = 610, 610
	if items := arrivingNowHealth(&odd, 140); len(items) != 1 || !strings.Contains(items[0].Value, "serves 30 (the 610 ahead ÷ 20 workers, whole rounds), 1.00s each") {
		t.Errorf("610 ahead of 20 workers, health item %+v", items)
	}
	// A hold apart from the calls' latency the calls' line gives is never bare: the
	// postmortem fix's "× 49ms" beside "calls at the dependency now 24, 50ms each" was two
	// figures for one hold (newcomer 50); its 49ms, the mean, counts those turned away on a
	// worker without a call.
	apart := busy
	apart.Config.Dependency.Mode, apart.Config.Dependency.HealthyLatency = ModeHealthy, Duration(1050*time.Millisecond)
	apart.Config.Dependency.Knee, apart.Config.Dependency.KneeExponent = 25, 2
	apart.Dependency.InFlight = 20
	if items := arrivingNowHealth(&apart, 110); len(items) != 1 || items[0].Value != "waits ~30.2s: 240ms left on the worker it gets + 30 (the 600 ahead ÷ 20 workers) × 1.00s held" {
		t.Errorf("a hold apart from the calls' 1.05s, health item at 110 %+v", items)
	}
	for w := 60; w <= 200; w++ {
		if v := arrivingNowHealth(&apart, w)[0].Value; strings.Contains(v, "1.00s") && !strings.Contains(v, "1.00s held") && !strings.Contains(v, "1.00s: the mean") && !strings.Contains(v, "1.00s, the mean hold") {
			t.Errorf("at %d columns %q: the hold bare beside calls of 1.05s each", w, v)
		}
	}
	// Wider never shows less: once the derivation fits, every wider line keeps it.
	for _, snap := range []*Snapshot{&s, &busy} {
		played := false
		for w := 60; w <= 200; w++ {
			v := arrivingNowHealth(snap, w)[0].Value
			if strings.Contains(v, "the worker it gets") {
				played = true
			} else if played {
				t.Errorf("at %d columns %q: the derivation a narrower line gave is gone", w, v)
				break
			}
		}
	}
	// Two classes: only the work ahead counts, not the count. The long queue's 55 payments
	// of 3s and 20 signups of ~nothing wait ~8.2s, not 75 ÷ the 10.6/s workers took (7.1s).
	// The run is young: its 20 workers, full since 2s, ended only 6.4 payments a second in
	// 7–12s, and Little's law over the window (the 18 workers payments held ÷ 6.4/s) made a
	// payment's hold 3.12s, more than the 3s (p99 3.00s) any of them held one.
	mixed := Snapshot{Config: s.Config}
	mixed.Pool.Size, mixed.Pool.Queued = 20, 75
	mixed.Pool.QueuedBy[Payment], mixed.Pool.QueuedBy[Signup] = 55, 20
	for i := range 5 {
		sec := Second{T: i + 8}
		sec.OK[Payment], sec.OK[Signup] = 6, 4
		if i%5 < 2 {
			sec.OK[Payment] = 7 // 6.4/s
		}
		sec.Held[Payment], sec.Held[Signup] = 20, 0.012
		sec.Served[Payment], sec.HeldFor[Payment] = sec.OK[Payment], time.Duration(sec.OK[Payment])*3*time.Second
		sec.Served[Signup], sec.HeldFor[Signup] = 4, 12*time.Millisecond
		mixed.Timeline = append(mixed.Timeline, sec)
	}
	// The 20 workers busy, their payments taken 0.15s apart: each frees 0.15s after the
	// last, and the queue's 55 payments take two rounds of them and 15 more; the signups,
	// of next to nothing, free theirs at once: the arrival's is the 16th to free in the
	// third round, 16 × 0.15s + 2 × 3s, give or take the signups' 3ms.
	mixed.Pool.Workers = make([]Worker, 20)
	for i := range mixed.Pool.Workers {
		mixed.Pool.Workers[i] = Worker{Class: Payment, Phase: PhaseCall, Held: time.Duration(i) * 150 * time.Millisecond}
	}
	if a, ok := mixed.WaitArrivingNow(); !ok || a.Wait.Round(50*time.Millisecond) != 8400*time.Millisecond {
		t.Errorf("mixed: %+v, want 16 × 0.15s + 2 × 3s = 8.4s", a)
	}
	if items := arrivingNowHealth(&mixed, 120); len(items) != 1 || items[0].Value != "waits ~8.4s: 2.40s left on the worker it gets, then 3 of 75 ahead: 2 payments × 3.00s + 1 signup × 3.0ms" {
		t.Errorf("mixed health item %+v", items)
	}
	// Whose those 3 of the 75 are, where a line has the cells: the worker's (newcomer 64:
	// "then 2 of 33 ahead" left of what to guess).
	if items := arrivingNowHealth(&mixed, 125); len(items) != 1 || items[0].Value != "waits ~8.4s: 2.40s left on the worker it gets, then its 3 of 75 ahead: 2 payments × 3.00s + 1 signup × 3.0ms" {
		t.Errorf("mixed health item at 125 %+v", items)
	}
	if items := arrivingNowHealth(&mixed, 280); len(items) != 1 || items[0].Value != "~8.4s in the queue (76th in line, each ahead taking the first worker to free; the worker it gets frees in 2.40s, then serves 2 payments × 3.00s + 1 signup × 3.0ms, the 3 of the 75 ahead it serves first; each ×: the mean time one held a worker in 7–12s)" {
		t.Errorf("mixed health item at 280 %+v", items)
	}
	// The printed sum computes to the wait as shown (newcomer 16: "(40 payments × 3.00s + 26
	// signups × 2.2ms) ahead ÷ 20 workers" is 6.0s against ~6.1s; 369 × 49ms ÷ 24 is 753ms
	// against ~749ms).
	a, _ := mixed.WaitArrivingNow()
	fix := ArrivingWait{Wait: 749 * time.Millisecond, Ahead: []QueuedWork{{Payment, 369, 49 * time.Millisecond}}, Workers: 24}
	// Holds of 49.6ms printed 49ms computed to 690ms beside ~699ms: one digit more where only
	// that computes to the wait (newcomer33 22).
	finer := ArrivingWait{Wait: 699 * time.Millisecond, Ahead: []QueuedWork{{Payment, 338, 49600 * time.Microsecond}}, Workers: 24}
	if got, want := finer.AheadSaid(s.Config.Traffic), "338 payments × 49.6ms ahead ÷ 24 workers; 49.6ms: "; !strings.HasPrefix(got, want) {
		t.Errorf("holds of 49.6ms: %q, want %q…", got, want)
	}
	// Its arithmetic computes to the wait shown, or says it does not: then within a tenth of
	// it, with no second figure for the wait (newcomer 37 #13).
	for _, a := range []ArrivingWait{a, fix, finer} {
		got, uneven := printedSum(t, a.Sum(s.Config.Traffic))
		if wait := ShownSecs(a.Wait); uneven && (got == wait || (got-wait).Abs() > wait/10) || !uneven && ShownSecs(got) != wait {
			t.Errorf("%q computes to %v beside ~%v", a.Sum(s.Config.Traffic), got, wait)
		}
	}
	// Far from the wait, the division is left out: it computed to 4.4s beside ~3.6s, read as
	// two answers (newcomer 22, the long queue at 10s).
	far := ArrivingWait{Wait: 3600 * time.Millisecond, Workers: 20,
		Ahead: []QueuedWork{{Payment, 29, 3 * time.Second}, {Signup, 14, 2400 * time.Microsecond}}}
	if got, want := far.Sum(s.Config.Traffic), "29 payments of 3.00s and 14 signups of 2.4ms ahead, each taking the first of the 20 workers to free"; got != want {
		t.Errorf("far from the wait: %q, want %q", got, want)
	}
	// One of a class, in the singular (review 48 #3: "1 signups of 2.2ms").
	one := ArrivingWait{Wait: 3600 * time.Millisecond, Workers: 20,
		Ahead: []QueuedWork{{Payment, 29, 3 * time.Second}, {Signup, 1, 2200 * time.Microsecond}}}
	if got := one.Sum(s.Config.Traffic); !strings.Contains(got, " and 1 signup of 2.2ms ahead") {
		t.Errorf("one signup ahead: %q", got)
	}
	lifo := s
	lifo.Config.Pool.Discipline = LIFO // the newest is served first: no wait behind the queue
	idle := s
	idle.Pool.Queued = 0
	stuck := s
	stuck.Timeline = []Second{{T: 1}, {T: 2}}
	for name, x := range map[string]Snapshot{"LIFO": lifo, "empty queue": idle, "none taken": stuck} {
		if _, ok := x.WaitArrivingNow(); ok {
			t.Errorf("%s: a wait", name)
		}
	}
}

// A p99 of the requests that ended rises where enough are still in flight to hold its top
// 1% and one arriving now waits longer than it by more than a tenth: the postmortem's
// 11.5s beside a ~29s wait. Not with too few in flight, nor a wait within a tenth.
func TestP99Rising(t *testing.T) {
	s := queuedSnapshot()
	// One arriving now waits 30s (TestWaitArrivingNow).
	s.Classes[Payment] = ClassStats{InFlight: 600, Latency: Percentiles{P99: 11500 * time.Millisecond, Count: 2000}}
	if a, ok := s.P99Rising(Payment); !ok || a.Wait != 30*time.Second {
		t.Errorf("600 in flight, a 30s wait beside a p99 of 11.5s: %+v %v, want rising", a, ok)
	}
	// A comparison says whose p99 that is.
	b := s
	b.Classes[Payment] = ClassStats{Latency: Percentiles{P99: 800 * time.Millisecond, Count: 2600}}
	rows, _ := Compare(&s, &b)
	if i := slices.IndexFunc(rows, func(r ComparisonRow) bool { return r.Class == Payment && r.Counter == "p99" }); i < 0 || rows[i].Name() != "p99 of ended" {
		t.Errorf("the p99 row of a rising p99 is not said to be of the ended: %+v", rows)
	}
	// Too few ended for a p99's bound, the p50 judged in its place is of the ended alike
	// (newcomer 29: "p50 3.98s 3.00s -980ms" bare, under "p99 of ended").
	ms := time.Millisecond
	few := s
	few.Classes[Payment] = ClassStats{InFlight: 600, Latency: Percentiles{Count: 50, P99: 11500 * ms, P99In: QuantileInterval{Low: 9000 * ms},
		P50: 4000 * ms, P50In: QuantileInterval{Low: 3900 * ms, High: 4100 * ms, HasHigh: true}}}
	b.Classes[Payment] = ClassStats{Latency: Percentiles{Count: 50, P99: 3100 * ms, P99In: QuantileInterval{Low: 3050 * ms},
		P50: 3000 * ms, P50In: QuantileInterval{Low: 2990 * ms, High: 3010 * ms, HasHigh: true}}}
	rows, _ = Compare(&few, &b)
	if i := slices.IndexFunc(rows, func(r ComparisonRow) bool { return r.Class == Payment && r.Counter == "p50" }); i < 0 || rows[i].Name() != "p50 of ended" {
		t.Errorf("the p50 row judged in a rising p99's place is not said to be of the ended: %+v", rows)
	}
	for name, cs := range map[string]ClassStats{
		"too few in flight":            {InFlight: 20, Latency: Percentiles{P99: 11500 * time.Millisecond, Count: 2000}},
		"wait and hold within a tenth": {InFlight: 600, Latency: Percentiles{P99: 29 * time.Second, Count: 2000}}, // 30s + 1s
	} {
		s.Classes[Payment] = cs
		if _, ok := s.P99Rising(Payment); ok {
			t.Errorf("%s: rising", name)
		}
	}
}

// The health checks' p99 above their timeout, as shown (the balancer's, from the scheduled
// arrival, which a check waiting in the queue outlives); at it as shown (2.0004s reads
// 2.00s), or without checks, not.
func TestChecksAboveTimeout(t *testing.T) {
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Health.Timeout = Duration(2 * time.Second)
	s.Config.Traffic.Health.Rate = 40
	s.Classes[Health].Latency = Percentiles{P99: 2800 * time.Millisecond, Count: 600}
	if p99, to, ok := s.ChecksAboveTimeout(); !ok || p99 != 2800*time.Millisecond || to != 2*time.Second {
		t.Errorf("above: %v > %v (%v), want 2.8s > 2s", p99, to, ok)
	}
	at := s
	at.Classes[Health].Latency.P99 = 2000400 * time.Microsecond
	none := s
	none.Config.Traffic.Health.Rate, none.Classes[Health] = 0, ClassStats{}
	for name, x := range map[string]Snapshot{"at its timeout as shown": at, "no checks": none} {
		if _, _, ok := x.ChecksAboveTimeout(); ok {
			t.Errorf("%s: above", name)
		}
	}
}

// The report's not_ok_share_of_replies is the narrator's "not ok n% of replies": over the
// requests that ended, so requests still in flight lower neither; 0 while none ended.
func TestReportNotOKShareIsOverEnded(t *testing.T) {
	var classes [numClasses]ClassStats
	classes[Payment] = ClassStats{Arrived: 10, OK: 6, Failed: 2, InFlight: 2}
	classes[Signup] = ClassStats{Arrived: 3, InFlight: 3}
	reports, _ := classReports(classes, false)
	if got := reports["payment"].NotOKShare; got != 0.25 {
		t.Errorf("payment not_ok_share_of_replies %v, want 2/8 (over arrivals it was 0.2)", got)
	}
	if got := reports["signup"].NotOKShare; got != 0 {
		t.Errorf("signup not_ok_share_of_replies %v with none ended, want 0", got)
	}
}

// The narrator's "the p50 wait" is in the report, as waited_ms, apart from queue_wait_ms,
// whose population has the requests a worker turned away too (review 30 lab #8).
func TestReportWaitedIsTheNarratorsWait(t *testing.T) {
	var classes [numClasses]ClassStats
	classes[Payment].Waited = Percentiles{P50: 669 * time.Millisecond, Count: 40}
	classes[Payment].QueueWait = Percentiles{P50: 780 * time.Millisecond, Count: 52}
	reports, _ := classReports(classes, false)
	if got := reports["payment"]; got.Waited.P50 != 669 || got.Waited.Count != 40 || got.QueueWait.P50 != 780 {
		t.Errorf("payment waited_ms %+v, queue_wait_ms %+v; want the finished requests' 669ms of 40 apart", got.Waited, got.QueueWait)
	}
	var b strings.Builder
	if err := (Report{Classes: reports}).Write(&b, FormatJSON); err != nil || !strings.Contains(b.String(), `"waited_ms"`) {
		t.Errorf("JSON report lacks waited_ms (%v)", err)
	}
}

// ok% counts the requests still in flight as not ok: InFlightMisreads says when they are a
// material part (a fifth or more) of what it counts so, never with none in flight.
func TestInFlightMisreads(t *testing.T) {
	for _, tc := range []struct {
		arrived, ok, inFlight int64
		want                  bool
		share                 float64
	}{
		{135, 60, 75, true, 75.0 / 135}, // the long queue's payments: 44% ok, none failed, 56% in flight
		{72, 52, 20, true, 20.0 / 72},
		{469, 97, 15, false, 15.0 / 469}, // 15 of the 372 not ok: 4%
		{100, 80, 4, true, 0.04},         // 4 of the 20 not ok: a fifth
		{100, 80, 3, false, 0.03},
		{10, 10, 0, false, 0},
		{0, 0, 0, false, 0},
	} {
		c := ClassStats{Arrived: tc.arrived, OK: tc.ok, InFlight: tc.inFlight}
		if got := c.InFlightMisreads(); got != tc.want {
			t.Errorf("%d arrived, %d ok, %d in flight: misreads %v, want %v", tc.arrived, tc.ok, tc.inFlight, got, tc.want)
		}
		if got := c.InFlightShare(); math.Abs(got-tc.share) > 1e-12 {
			t.Errorf("%d arrived, %d in flight: share %v, want %v", tc.arrived, tc.inFlight, got, tc.share)
		}
	}
}

// The queue's growth is over the table's /s window (Rates.Span): from its length at the
// window's start (the sample before it, or 0 at the run's start) to the last sample, so the
// arrivals and ends in the /s rows account for it.
func TestQueueGrowthOverTheRateWindow(t *testing.T) {
	var s Snapshot
	if _, ok := s.QueueGrowth(); ok {
		t.Error("no second yet: a growth")
	}
	for i, q := range []int{0, 2, 6} {
		s.Timeline = append(s.Timeline, Second{T: i + 1, Queued: q})
	}
	r := s.Rates()
	if g, ok := s.QueueGrowth(); !ok || g != 2 || r.Span() != "0–3s" {
		t.Errorf("0, 2, 6 queued at 1, 2, 3 s: %v/s in %s, want 2/s in 0–3s (from empty at the start)", g, r.Span())
	}
	for i, q := range []int{10, 20, 30, 45} {
		s.Timeline = append(s.Timeline, Second{T: i + 4, Queued: q})
	}
	r = s.Rates()
	if g, _ := s.QueueGrowth(); g != 43.0/5 || r.Span() != "2–7s" {
		t.Errorf("2 queued at 2 s, 45 at 7 s: %v/s in %s, want 8.6/s in 2–7s", g, r.Span())
	}
	if (&Rates{}).Span() != "" {
		t.Error("no window: a span")
	}
}

// A run that ends inside a second samples that part last: the rates, of whole seconds, leave
// it out (review: --at 5.5s said "/s 1–6s" of the last 5 whole seconds, and payments 8.8/s).
func TestRatesLeaveOutAPartSecond(t *testing.T) {
	s := Snapshot{Elapsed: 5500 * time.Millisecond}
	for i := range 6 {
		sec := Second{T: i + 1}
		sec.Arrived[Payment] = 10
		if i == 5 {
			sec.Arrived[Payment] = 5 // half a second's worth
		}
		s.Timeline = append(s.Timeline, sec)
	}
	if r := s.Rates(); r.From != 0 || r.To != 5 || r.Arrived[Payment] != 10 {
		t.Errorf("at 5.5s: %d–%ds at %v/s, want 0–5s at 10/s", r.From, r.To, r.Arrived[Payment])
	}
	s.Elapsed = 6 * time.Second // the end of a whole second: its sample counts
	if r := s.Rates(); r.To != 6 {
		t.Errorf("at 6s: to %d, want 6", r.To)
	}
	early := Snapshot{Elapsed: 500 * time.Millisecond, Timeline: []Second{{T: 1}}}
	if r := early.Rates(); r.Seconds != 0 {
		t.Errorf("at 0.5s: %d seconds of rates, want none (no second is over)", r.Seconds)
	}
}

// The wait of one arriving now is the FIFO queue's own: checked against a queue run event by
// event (each next end on a linear scan of the workers, the queue in a random order), with
// the holds left to the requests on the workers spread as a filling pool leaves them (the
// long queue's: taken over the first 2s of a 3s hold). Neither the work queued ÷ the workers
// (8.25s) nor that plus the mean hold left (newcomer 14's ~9.8s) is it.
func TestWaitArrivingNowIsTheQueues(t *testing.T) {
	const pay, sign = 3 * time.Second, 2 * time.Millisecond
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Pool.Queue, s.Config.Pool.Discipline = 100, FIFO
	s.Pool.Size, s.Pool.Queued = 20, 75
	s.Pool.QueuedBy[Payment], s.Pool.QueuedBy[Signup] = 55, 20
	for i := range 5 {
		sec := Second{T: i + 8}
		sec.Served[Payment], sec.HeldFor[Payment] = 6, 6*pay
		sec.Served[Signup], sec.HeldFor[Signup] = 5, 5*sign
		s.Timeline = append(s.Timeline, sec)
	}
	rng := rand.New(rand.NewPCG(14, 22))
	left := make([]time.Duration, 20)
	var mean time.Duration
	for i := range left {
		left[i] = 100*time.Millisecond + time.Duration(rng.Int64N(int64(2*time.Second)))
		s.Pool.Workers = append(s.Pool.Workers, Worker{Class: Payment, Phase: PhaseCall, Held: pay - left[i]})
		mean += left[i] / 20
	}
	queue := slices.Repeat([]time.Duration{pay}, 55)
	queue = append(queue, slices.Repeat([]time.Duration{sign}, 20)...)
	rng.Shuffle(len(queue), func(i, j int) { queue[i], queue[j] = queue[j], queue[i] })
	// The queue run event by event: the next worker to free takes the head of the queue;
	// the one that frees with the queue empty is the arrival's.
	played := func() time.Duration {
		free := slices.Clone(left)
		for {
			next := 0
			for i := range free {
				if free[i] < free[next] {
					next = i
				}
			}
			if len(queue) == 0 {
				return free[next]
			}
			free[next] += queue[0]
			queue = queue[1:]
		}
	}()
	a, ok := s.WaitArrivingNow()
	if !ok || (a.Wait-played).Abs() > 20*sign+time.Millisecond {
		t.Fatalf("wait %v, the queue played out %v (%+v)", a.Wait, played, a)
	}
	// The draw tells the shortcuts from the queue played out (7.54s): neither is the wait.
	work := (55*pay + 20*sign) / 20
	if (work-played).Abs() < 300*time.Millisecond || (work+mean-played).Abs() < 300*time.Millisecond {
		t.Errorf("this draw does not tell the estimates apart: work ÷ workers %v, + mean left %v, played %v", work, work+mean, played)
	}
}

// One class whose hold covers the spread of the times left: the rounds' shortcut is the
// queue played out, for every length of queue (a spread wider than the hold plays it out).
func TestFifoWaitRounds(t *testing.T) {
	left := []time.Duration{900 * time.Millisecond, 100 * time.Millisecond, 0, 500 * time.Millisecond}
	for _, hold := range []time.Duration{time.Second, 300 * time.Millisecond} {
		for n := range 30 {
			one := []QueuedWork{{Class: Payment, Queued: n, Hold: hold}}
			// The same queue as two halves of one class: no shortcut, played out.
			two := []QueuedWork{{Class: Payment, Queued: n / 2, Hold: hold}, {Class: Signup, Queued: n - n/2, Hold: hold}}
			a, aFrom, aBefore := fifoWait(left, 5, one)
			b, bFrom, bBefore := fifoWait(left, 5, two)
			if a != b {
				t.Errorf("hold %v, %d queued: %v by rounds, %v played out", hold, n, a, b)
			}
			// Either way, the arrival's worker's part makes the wait: what it had left, and
			// the holds it served first (newcomer 38 W9).
			for _, p := range []struct {
				wait, from time.Duration
				before     []int
			}{{a, aFrom, aBefore}, {b, bFrom, bBefore}} {
				sum := p.from
				for _, k := range p.before {
					sum += time.Duration(k) * hold
				}
				if sum != p.wait || !slices.Contains(append(left, 0), p.from) {
					t.Errorf("hold %v, %d queued: %v left + %v × %v is not the wait %v", hold, n, p.from, p.before, hold, p.wait)
				}
			}
		}
	}
}

// printedSum computes a printed ArrivingWait.Sum as a reader would: "(n things × d + …) ahead ÷
// w workers", and whether it says the wait differs from that (", give or take …").
func printedSum(t *testing.T, sum string) (computed time.Duration, uneven bool) {
	t.Helper()
	m := regexp.MustCompile(`^\(?(.*?)\)? ahead ÷ (\d+) workers(` + unevenly + `)?$`).FindStringSubmatch(sum)
	if m == nil {
		t.Fatalf("not a sum: %q", sum)
	}
	parse := func(s string) time.Duration {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("%q: %v", sum, err)
		}
		return d
	}
	var work time.Duration
	for _, term := range strings.Split(m[1], " + ") {
		var n int
		var what, hold string
		if _, err := fmt.Sscanf(term, "%d %s × %s", &n, &what, &hold); err != nil {
			t.Fatalf("term %q of %q: %v", term, sum, err)
		}
		work += time.Duration(n) * parse(hold)
	}
	workers, _ := strconv.Atoi(m[2])
	return work / time.Duration(workers), m[3] != ""
}

// What arrived in the window and neither ended nor was turned away in it queued up: the
// parts add up to the arrivals, and a draining queue queues up less than nothing.
func TestRatesQueueing(t *testing.T) {
	var r Rates
	r.Arrived[Payment], r.OK[Payment], r.Failed[Payment], r.TimedOut[Payment] = 500.8, 474.2, 1, 2
	r.Rejected[Payment][RejectDeadline], r.Rejected[Payment][RejectPool] = 16.6, 0.5
	if q := r.Queueing(Payment); math.Abs(q-6.5) > 1e-9 {
		t.Errorf("queueing %v, want 500.8 − 474.2 − 1 − 2 − 16.6 − 0.5 = 6.5", q)
	}
	if o, some := r.NotOKBut(Payment, RejectDeadline); math.Abs(o-3.5) > 1e-9 || !some {
		t.Errorf("not ok but rejected:deadline %v, want 1 + 2 + 0.5 = 3.5", o)
	}
	r.OK[Payment] = 490
	if q := r.Queueing(Payment); q >= 0 {
		t.Errorf("queueing %v, want < 0: more ended than arrived", q)
	}
}

// The window starves as the run does: the pool's rejections of every class but payment, and
// every rejection of one a fleet's balancer turned away.
func TestRatesStarved(t *testing.T) {
	var r Rates
	var s Snapshot
	s.Classes[Signup].Rejected[RejectBalancer] = 1
	r.Rejected[Payment][RejectPool], r.Rejected[Signup][RejectPool], r.Rejected[Health][RejectPool] = 5, 1.5, 0.5
	r.Rejected[Signup][RejectBulkhead], r.Rejected[Signup][RejectBalancer], r.Rejected[Payment][RejectBalancer] = 9, 2, 3
	r.Rejected[Health][RejectBulkhead] = 4
	if got := r.Starved(&s); got != 13 {
		t.Errorf("starved %v, want signup 1.5 + 2 + 9 + health 0.5", got)
	}
	if got := r.StarvedOf(Signup, s.CountedBy(Signup)); got != 12.5 {
		t.Errorf("signups turned away %v, want 1.5 rejected:pool + 2 rejected:balancer + 9 rejected:bulkhead", got)
	}
}

// A row's ends and rejections a second that do not sum to its arrivals a second, as
// printed, are its in flight moving: InFlightGrew is by how many over the window, and
// Unbalanced says so only where the printed row does not add up (newcomer 34).
func TestRatesUnbalanced(t *testing.T) {
	var s Snapshot
	for i := range 5 {
		sec := Second{T: i + 1}
		sec.Arrived[Payment], sec.OK[Payment], sec.Rejected[Payment][RejectPool] = 10, 4, 4 // 2 a second stay
		sec.Arrived[Signup], sec.OK[Signup], sec.Rejected[Signup][RejectPool] = 5, 3, 2     // all end
		s.Timeline = append(s.Timeline, sec)
	}
	s.Timeline[4].OK[Signup] = 4 // one more ended than arrived: its in flight fell by 1
	r := s.Rates()
	if g := r.InFlightGrew(Payment); g != 10 || !r.Unbalanced(Payment) || r.Ended(Payment) != 8 {
		t.Errorf("payment: grew %d, unbalanced %v, ended %v/s; want 10, true, 8", g, r.Unbalanced(Payment), r.Ended(Payment))
	}
	if g := r.InFlightGrew(Signup); g != -1 || !r.Unbalanced(Signup) {
		t.Errorf("signup: grew %d, unbalanced %v; want -1, true", g, r.Unbalanced(Signup))
	}
	// Which ends made the difference where it fell: those from before the window (newcomer
	// 54: 402 ended of 401 sent read as a miscount).
	loop := Rates{Seconds: 5, From: 3, To: 8} // the closed loop's 401 sent, 402 ok in 3–8s
	loop.Arrived[Payment], loop.OK[Payment] = 80.2, 80.4
	if got, want := loop.InFlightMoved(Payment), "fell by 1, as some from before 3s ended"; got != want {
		t.Errorf("closed loop moved: %q, want %q", got, want)
	}
	if got, want := r.InFlightMoved(Payment), "grew by 10 over those seconds"; got != want {
		t.Errorf("payment moved: %q, want %q", got, want)
	}
	if r.InFlightGrew(Health) != 0 || r.Unbalanced(Health) || (&Rates{}).Unbalanced(Payment) {
		t.Errorf("health, or no window: unbalanced")
	}
	// Over 3 seconds, rounding alone parts a row: 1/3 ok, failed and timed out a second print
	// 0.3 + 0.3 + 0.3 = 0.9 of 1/s arrived, none left in flight; one more arrival is one.
	r = Rates{Seconds: 3}
	r.Arrived[Payment], r.OK[Payment], r.Failed[Payment], r.TimedOut[Payment] = 1, 1.0/3, 1.0/3, 1.0/3
	if r.InFlightGrew(Payment) != 0 || r.Unbalanced(Payment) {
		t.Errorf("rounding alone: unbalanced %v, grew %d", r.Unbalanced(Payment), r.InFlightGrew(Payment))
	}
	r.Arrived[Payment] = 4.0 / 3 // 4 arrived, 3 ended: 1 more in flight
	if r.InFlightGrew(Payment) != 1 || !r.Unbalanced(Payment) {
		t.Errorf("1.3/s arrived, 0.3 × 3 ended: unbalanced %v, grew %d", r.Unbalanced(Payment), r.InFlightGrew(Payment))
	}
}

// The share of the p50 that is the wait: the postmortem's fix keeps its oks within 800ms
// mostly by queueing (newcomer 34 #17: p50 729ms for 50ms of work); none before any
// finished. Of the requests finished alone (Waited), not of every one picked up (QueueWait),
// which has those turned away after the longest waits (review 29 lab #14).
func TestQueuedShare(t *testing.T) {
	var c ClassStats
	if got := c.QueuedShare(); got != 0 {
		t.Errorf("no samples: %v", got)
	}
	c.Latency = Percentiles{P50: 729 * time.Millisecond, Count: 100}
	c.Waited = Percentiles{P50: 680 * time.Millisecond, Count: 100}
	c.QueueWait = Percentiles{P50: 700 * time.Millisecond, Count: 120}
	if got, want := c.QueuedShare(), 680.0/729; got != want {
		t.Errorf("p50 729ms, the wait of those 680ms: %v, want %v", got, want)
	}
	if !c.MostlyQueued() {
		t.Errorf("a wait of 93%% of the p50 is not mostly queued")
	}
	c.Waited.P50 = 500 * time.Millisecond // 69%: the work, 229ms, is more than a fifth
	if c.MostlyQueued() {
		t.Errorf("a wait of 69%% of the p50 is mostly queued")
	}
}

// Where the payments' measured hold is their call's latency within a hundredth, the queue's
// sum gives the call's figure, the one the narrator and the calls' line give ("64 at 328ms
// each"), and says it is theirs (newcomer 38 W4: "× 327ms ahead" beside "328ms each"); a
// hold apart from the call, as the postmortem fix's 49ms beside calls of 50ms, stays the
// measured one, said as such.
func TestArrivingHoldIsTheCall(t *testing.T) {
	s := queuedSnapshot()
	s.Config.Dependency.Latency, s.Config.Dependency.Jitter = Duration(50*time.Millisecond), 0
	s.Config.Dependency.Knee, s.Config.Dependency.KneeExponent = 25, 2
	s.Pool.Size, s.Dependency.InFlight = 64, 64 // 50ms × (64/25)² = 327.68ms each
	hold := func(d time.Duration) {
		for i := range s.Timeline {
			s.Timeline[i].HeldFor[Payment] = 20 * d
		}
	}
	each, _ := s.CallLatencyNow()
	if FmtLatency(each) != "328ms" || dependencyLatency(&s) != ", 328ms each" {
		t.Fatalf("the calls' latency %v (%q), want 328ms", each, dependencyLatency(&s))
	}
	hold(329400 * time.Microsecond) // a worker's hand-off and round trip about each call
	a, ok := s.WaitArrivingNow()
	if !ok || a.Ahead[0].Hold != 328*time.Millisecond || a.Calls != 64 {
		t.Fatalf("a hold of 329.4ms: %+v, want the call's 328ms, at 64 calls", a)
	}
	if got := a.SumSaid(s.Config.Traffic); !strings.HasPrefix(got, "600 payments × 328ms ahead ÷ 64 workers;") || !strings.HasSuffix(got, "; 328ms: each of the 64 calls now") {
		t.Errorf("a hold of 329.4ms: %q, want × 328ms, each of the 64 calls now", got)
	}
	hold(322 * time.Millisecond) // 1.7% under the call: its own fact
	if a, ok := s.WaitArrivingNow(); !ok || a.Ahead[0].Hold != 322*time.Millisecond || a.Calls != 0 ||
		!strings.HasSuffix(a.SumSaid(s.Config.Traffic), "; 322ms: the mean time one held a worker in 1–6s") {
		t.Errorf("a hold of 322ms: %+v, %q, want it measured and said so", a, a.SumSaid(s.Config.Traffic))
	}
}

// A queue's growth strays from the forecast's by more than random arrivals explain where the
// pool filled within a hold, its workers freeing in bunches (long-queue at 8s: 0.8/s in 3–8s
// against 5/s, newcomer 40 #1); within chance, or where it filled over a hold or longer, no
// bunches are named.
func TestBunchedBeyondChance(t *testing.T) {
	var s Snapshot
	for i := range 8 {
		s.Timeline = append(s.Timeline, Second{T: i + 1})
	}
	s.Pool.FullFrom = 1600 * time.Millisecond
	q := QueueForecast{Arrivals: 15, Growth: 5} // over 5s, 2 standard deviations: 3.5/s
	for _, tc := range []struct {
		g    float64
		full time.Duration
		want bool
	}{
		{0.8, 1600 * time.Millisecond, true}, {8.6, 1600 * time.Millisecond, true},
		{7, 1600 * time.Millisecond, false}, {3, 1600 * time.Millisecond, false},
		{0.8, 3 * time.Second, false}, {0.8, 0, false},
	} {
		s.Pool.FullFrom = tc.full
		if got := s.Bunched(q, 3*time.Second, tc.g); got != tc.want {
			t.Errorf("%v/s against 5/s, full at %v, hold 3s: bunched %v, want %v", tc.g, tc.full, got, tc.want)
		}
	}
	// Not known to last, no bunches named: after a settings change (the gap may be the
	// change's), or where the jitter has spread them past a quarter of a hold (review 34 M4).
	s.Pool.FullFrom, s.Elapsed = 1600*time.Millisecond, 8*time.Second
	s.SettingsChanged = true
	if s.Bunched(q, 3*time.Second, 0.8) {
		t.Error("bunches named after a settings change")
	}
	s.SettingsChanged = false
	for _, tc := range []struct {
		jitter time.Duration
		want   bool
	}{{0, true}, {500 * time.Millisecond, true}, {time.Second, false}} { // ±1s over 2.7 holds: 0.94s > 0.75s
		s.Config.Dependency.Jitter = Duration(tc.jitter)
		if got := s.Bunched(q, 3*time.Second, 0.8); got != tc.want {
			t.Errorf("jitter ±%v, hold 3s, at 8s: bunched %v, want %v", tc.jitter, got, tc.want)
		}
	}
}

// newcomer 40 #3: long-queue's compare half read "(once workers have freed 44 times, for the
// 43 ahead and for it, each on the first to free; on the worker it gets, 621ms left + …)" as
// notes; the narrator's form is a sentence whose terms add up to the wait.
func TestArrivingWaitPlayedReadsAsASentence(t *testing.T) {
	a := ArrivingWait{Wait: 3620 * time.Millisecond, Workers: 20, Left: 621 * time.Millisecond, Before: []int{1, 1},
		Ahead: []QueuedWork{{Payment, 29, 3 * time.Second}, {Signup, 14, 2200 * time.Microsecond}}}
	want := ": each of the 43 ahead, and then it, takes the first worker to free; the one it gets frees in 621ms, then serves 1 payment × 3.00s + 1 signup × 2.2ms, the 2 of the 43 ahead it serves first"
	if got := a.Played(TrafficConfig{}); got != want {
		t.Errorf("%q\nwant %q", got, want)
	}
	a.Before, a.Ahead = nil, nil
	if got := a.Played(TrafficConfig{}); got != ": it takes the first worker to free; the one it gets frees in 621ms" {
		t.Errorf("none ahead: %q", got)
	}
}

// Where the worker it gets serves none ahead first, the wait says which worker to free it
// gets and why not the one after all those ahead (newcomer 41 W6: "each on the first of 20
// workers to free" read garbled, and as the long queue's 3 signups ahead taking 3 workers).
// 20 payments of 3s on the workers, 80ms apart, the first freeing in 1.08s; 16 payments and
// 3 signups of 2.3ms ahead: the payments keep the first 16 to free, the signups free theirs
// at once, so it gets the 17th, 1.08s + 16 × 80ms = 2.36s from now.
func TestArrivingNowNamesTheWorkerItGets(t *testing.T) {
	s := queuedSnapshot()
	s.Pool.Queued, s.Pool.QueuedBy[Payment], s.Pool.QueuedBy[Signup] = 19, 16, 3
	for i := range s.Timeline {
		s.Timeline[i].Served[Payment], s.Timeline[i].HeldFor[Payment] = 5, 15*time.Second
		s.Timeline[i].Served[Signup], s.Timeline[i].HeldFor[Signup] = 4, 9200*time.Microsecond
	}
	s.Pool.Workers = make([]Worker, 20)
	for i := range s.Pool.Workers {
		s.Pool.Workers[i] = Worker{Class: Payment, Phase: PhaseCall, Held: 400*time.Millisecond + time.Duration(i)*80*time.Millisecond}
	}
	a, ok := s.WaitArrivingNow()
	if !ok || a.Wait != 2360*time.Millisecond || a.Rank != 17 {
		t.Fatalf("%+v, want the 17th worker to free, 2.36s from now", a)
	}
	want := "waits ~2.4s for the 17th worker to free: 16 payments ahead take one each, 3 signups free theirs in 2.3ms"
	if items := arrivingNowHealth(&s, 120); len(items) != 1 || items[0].Value != want {
		t.Errorf("health item %+v\nwant %q", items, want)
	}
	// The narrator's sentence in the same words (newcomer 44 w3: at 80x24 "the 19 ahead and
	// then it each take the first worker to free" read garbled beside this).
	if got := "waits ~2.4s" + a.Played(s.Config.Traffic); got != want {
		t.Errorf("narrator's form %q\nwant %q", got, want)
	}
	// Workers the classes that keep one do not account for: no such claim.
	a.Rank = 19
	if got := a.Freed(s.Config.Traffic); got != "" {
		t.Errorf("the 19th worker, 16 payments kept: %q", got)
	}
}

// A rung named as the share of the samples it is the fastest of, for a screen with no ladder
// drawn to look "p99.9" up in (closed loop at 80x24, newcomer 58).
func TestRungSlowest(t *testing.T) {
	for name, want := range map[string]string{"p99": "slowest 1%", "p99.9": "slowest 0.1%", "p99.99": "slowest 0.01%", "p90": "slowest 10%", "max": "slowest"} {
		if got := (Rung{Name: name}).Slowest(); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	// Of a few samples, by count, from the rung's nearest rank up: 0.1% of 701 is under one
	// request (newcomer 59 W-minor 10); p99 of 701 ranks the 694th, 8 from it up; p99.9 of
	// 1000 the 999th, 2; of 10000 p99.9 is 10 samples, a share again.
	for _, c := range []struct {
		name string
		n, k int64
		want string
	}{{"p99.9", 701, 1, "slowest 1 of 701"}, {"p99", 701, 8, "slowest 8 of 701"}, {"p99.9", 1000, 2, "slowest 2 of 1000"},
		{"p99.99", 701, 1, "slowest 1 of 701"}, {"p99.9", 10000, 0, "slowest 0.1%"}, {"max", 5, 0, "slowest"}} {
		if got, k := (Rung{Name: c.name}).SlowestOf(c.n); got != c.want || k != c.k {
			t.Errorf("%s of %d: %q, %d, want %q, %d", c.name, c.n, got, k, c.want, c.k)
		}
	}
}

// The nearest rank ⌈q·n⌉ less a hair, which the engine's percentiles and SlowestOf share: a
// float's last digit does not push 99.9% of 1000 past the 999th.
func TestNearestRank(t *testing.T) {
	for _, c := range []struct {
		q    float64
		n    int64
		want int64
	}{{0.999, 1000, 999}, {0.999, 601, 601}, {0.99, 701, 694}, {0.5, 3, 2}, {1, 5, 5}} {
		if got := NearestRank(c.q, c.n); got != c.want {
			t.Errorf("q %v of %d: rank %d, want %d", c.q, c.n, got, c.want)
		}
	}
}
