// A fleet as the screen reads it: FleetStats, Drain, and Config.Share, one replica's config.

package lab

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"sort"
	"strings"
	"time"
)

// FleetStats is the fleet behind its balancer at one instant.
type FleetStats struct {
	Balancer   BalancerKind
	Replicas   []Snapshot // each replica, in order: replica 1 first
	InRotation int        // replicas the balancer sends traffic to now
	Pulls      []Pull     // every pull of every replica, in time order
	Drain      *Drain     // the operator's drain of one replica (a deploy); nil: none
	// First is the first stretch with every replica out, as the engine latched it once it
	// ended: a flapping replica's pulls are trimmed past a bound, and the stretch read from
	// what is left would move later, or vanish (review 18). Until 0: none ended yet.
	First Stretch
	// ReadApart says the replicas' pools and the counters were not read as at one instant:
	// a request that arrived or ended between the reads may be in one and not the other,
	// and the rows (busy + queued) and the table's in flight differ by it (n36 #30); the
	// screen says so (review 32 #2). False: one cut, no request between being counted and
	// reaching (or leaving) its pool; so a fleet built by hand reads as one.
	ReadApart bool
}

// Stretch is a span of the run: from when, until when (0: it lasts still).
type Stretch struct{ From, Until time.Duration }

// Drain is one replica's drain as it went: taken out of rotation at the operator's word (a
// deploy), not pulled for failed checks.
type Drain struct {
	Replica int           // 1 is the first
	At      time.Duration // since the start, when it left rotation; 0: not yet
	BackAt  time.Duration // since the start, when it came back; 0: not (yet)
}

// Out says the drained replica is out of rotation now.
func (d *Drain) Out() bool { return d != nil && d.At > 0 && d.BackAt == 0 }

// Outs is every time a replica left rotation, in time order: the pulls, and the drain.
func (f *FleetStats) Outs() []Pull {
	d := f.Drain
	if d == nil || d.At == 0 {
		return f.Pulls
	}
	outs := append(slices.Clone(f.Pulls), Pull{Replica: d.Replica, At: d.At, ReturnedAt: d.BackAt, Drained: true})
	sort.SliceStable(outs, func(i, j int) bool { return outs[i].At < outs[j].At })
	return outs
}

// OutTimes are the Outs' times as a line of them writes them (SpacedTimes), and the gap
// before each: the pulls line says each out at the same time, to the millisecond where two
// are under a second apart.
func (f *FleetStats) OutTimes() (at, gap []string) { return SpacedTimes(f.outTimes()) }

// ShownAt is at as written, the time a line gives it: to the millisecond where written so
// (fmtMillis), else as FmtSecs rounds. The pulls strip places each mark by it, so a mark sits
// in the cell its written time is in: a pull at 26.66s, written "r3 26.7s", drew its "3" in
// the cell of 26.00–26.67s on a 40s line of 60 (newcomer 87 W5).
func ShownAt(at time.Duration, written string) time.Duration {
	if written == fmtMillis(at) {
		return at.Round(time.Millisecond)
	}
	return ShownSecs(at)
}

// StoryTimes are the Outs' times as the domino's story writes them, with no gaps between
// them (InstantTimes): to the millisecond only where two would read as one instant.
func (f *FleetStats) StoryTimes() []string { return InstantTimes(f.outTimes()) }

// outTimes are the Outs' times, in their order.
func (f *FleetStats) outTimes() []time.Duration {
	outs := f.Outs()
	ts := make([]time.Duration, len(outs))
	for i, p := range outs {
		ts[i] = p.At
	}
	return ts
}

// OutAt is the out at at as OutTimes writes it, so a replica's row gives its time out as
// the pulls line does ("PULLED at 12.8s" beside "r2 12.838s, r3 12.863s (+25ms)" read as
// 100ms apart, newcomer 39 W4), and the all-out stretch's start, the last of those outs ("all
// out since 12.9s" beside "r3 12.863s", n40); a time no out has, as FmtSecs writes it.
func (f *FleetStats) OutAt(at time.Duration) string {
	shown, _ := f.OutTimes()
	return f.outWords(shown)(at)
}

// StoryAt is the out at at as StoryTimes writes it: the story's "all out 12.9s–19.5s" as
// its "r3 12.9s".
func (f *FleetStats) StoryAt(at time.Duration) string { return f.outWords(f.StoryTimes())(at) }

// outWords is OutAt for many times, each out's time shown as in shown (in the Outs' order):
// worked out once, each time then looked up, where OutAt per time works them all out again
// (a report of n pulls: n², not n).
func (f *FleetStats) outWords(shown []string) func(time.Duration) string {
	words := make(map[time.Duration]string, len(shown))
	for i, p := range f.Outs() {
		if _, ok := words[p.At]; !ok { // the first out at that time, as a scan finds it
			words[p.At] = shown[i]
		}
	}
	return func(at time.Duration) string {
		if w, ok := words[at]; ok {
			return w
		}
		return FmtSecs(at)
	}
}

// FirstAllOut is the first stretch with every replica out of rotation at once (pulled, or
// drained), the domino's end: from when, and until the return (or the drain's end) that left
// one in rotation again (0: it lasts still); from 0: never. Both ends from one source, so
// "all out X–Y" cannot pair a start with another stretch's end (final read #4).
func (f *FleetStats) FirstAllOut() (from, until time.Duration) {
	if f.First.Until != 0 {
		return f.First.From, f.First.Until
	}
	for a, b := range f.allOut() {
		return a, b
	}
	return 0, 0
}

// LastAllOut is the latest stretch with every replica out of rotation at once, the only
// time the balancer turns requests away: from when, and until when a replica came back (0:
// it lasts still); from 0: never. The header says when it stopped from it, not from whole
// seconds: "(still in 19–20s)" beside a replica "back at 19.5s" read as going on (newcomer 26).
func (f *FleetStats) LastAllOut() (from, until time.Duration) {
	for a, b := range f.allOut() {
		from, until = a, b
	}
	return from, until
}

// BalancerOut is the one rule for when the balancer turns requests away, which it does only
// with no replica in rotation: now (none is, the balancer line's "NO HEALTHY TARGET"), and
// the latest such stretch (LastAllOut): from when, and until when (0: it lasts still).
func (f *FleetStats) BalancerOut() (now bool, from, until time.Duration) {
	from, until = f.LastAllOut()
	return f.InRotation == 0, from, until
}

// AllOutAgain says the latest stretch with every replica out (BalancerOut's) is not the
// first (FirstAllOut's): "all out" names the first, in the story and the report alike, and
// "all out again" a later one, on the pulls line and in the header (review 19: "all out"
// was the first in one place and the latest in another).
func (f *FleetStats) AllOutAgain() bool {
	first, _ := f.FirstAllOut()
	latest, _ := f.LastAllOut()
	return latest > first
}

// allOut is each stretch with every replica out of rotation at once, in time order: from
// when, until when a replica came back (0: it lasts still). Replicas are counted, not outs:
// one pulled and then drained is out once, until both have ended (the review: counted
// twice, it read "all out" with one still in rotation).
func (f *FleetStats) allOut() iter.Seq2[time.Duration, time.Duration] {
	type step struct {
		at      time.Duration
		replica int
		out     int // +1: the replica left rotation, -1: it came back
	}
	var steps []step
	for _, p := range f.Outs() {
		if p.Returned() && p.ReturnedAt <= p.At {
			continue // back the instant it left: never out (review 17: its return sorted first, out at −1)
		}
		steps = append(steps, step{p.At, p.Replica, 1})
		if p.Returned() {
			steps = append(steps, step{p.ReturnedAt, p.Replica, -1})
		}
	}
	// A return and an out at one instant: the return first, so no stretch lasts no time.
	slices.SortStableFunc(steps, func(a, b step) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.out, b.out)) })
	return func(yield func(time.Duration, time.Duration) bool) {
		n := len(f.Replicas)
		open := map[int]int{} // per replica out of rotation, its outs not yet ended
		var from time.Duration
		for _, s := range steps {
			was := n > 0 && len(open) == n
			if open[s.replica] += s.out; open[s.replica] == 0 {
				delete(open, s.replica)
			}
			switch all := n > 0 && len(open) == n; {
			case all && !was:
				from = s.at
			case was && !all && !yield(from, s.at):
				return
			}
		}
		if n > 0 && len(open) == n {
			yield(from, 0)
		}
	}
}

// AllOutMore is the stretches with every replica out after the first (FirstAllOut), said
// after it: ", then 3× more, 12.8s over all 4", every stretch's time added up, one lasting
// still counted to now (" so far"); "" with none. The first alone, beside rej:balancer totals
// twice its length and a pulls line with more, read as the only one (newcomer 67). Counted
// from the outs a replica keeps (maxPulls): a flapping one's oldest may be gone.
func (f *FleetStats) AllOutMore(now time.Duration) string {
	first, until := f.FirstAllOut()
	// As the times read: "12.9s–19.5s" is 6.6s of the sum.
	span := func(a, b time.Duration) time.Duration { return ShownSecs(b) - ShownSecs(a) }
	n, total, so := 0, span(first, until), ""
	for a, b := range f.allOut() {
		if a <= first {
			continue
		}
		if b == 0 {
			b, so = max(now, a), " so far"
		}
		n, total = n+1, total+span(a, b)
	}
	if n == 0 || until == 0 {
		return ""
	}
	// Over how many: "then 4× more, 15.6s in all" left whether the first was in it (newcomer 71).
	times, over := fmt.Sprintf("%d× more", n), fmt.Sprintf("all %d", n+1)
	if n == 1 {
		times, over = "once more", "both" // "1× more" read as a formula (review, stop 58)
	}
	return fmt.Sprintf(", then %s, %s over %s%s", times, FmtElapsed(total), over, so)
}

// Again is the outs after the domino (Domino): once every replica was out, and one came
// back, the turns out of rotation that followed, in order; none before every replica was
// out. A replica in it was back in rotation before (a story that tells the domino alone
// reads as one pulled twice without coming back).
func (f *FleetStats) Again() []Pull {
	all, _ := f.FirstAllOut()
	if all == 0 {
		return nil
	}
	var again []Pull
	for _, p := range f.Outs() {
		if p.At > all {
			again = append(again, p)
		}
	}
	return again
}

// InRotationNow says the balancer sends replica i (0 is the first) requests now: it is
// neither pulled nor drained.
func (f *FleetStats) InRotationNow(i int) bool {
	return !f.Replicas[i].Health.Pulled && !(f.Drain.Out() && f.Drain.Replica == i+1)
}

// OutNames names the replicas out of rotation now, as the rows do: "r1, r4".
func (f *FleetStats) OutNames() string {
	var names []string
	for i := range f.Replicas {
		if !f.InRotationNow(i) {
			names = append(names, fmt.Sprintf("r%d", i+1))
		}
	}
	return strings.Join(names, ", ")
}

// CheckNow is what ChecksNow says of one replica: what a check sent now meets there, and
// Said false where there is nothing to say.
type CheckNow struct {
	CheckAhead
	Said bool
}

// ChecksNow is what a check sent now meets at each replica, in order (CheckAhead), for the
// fleet whose config is cfg; Said false where there is nothing to say: a replica out of
// rotation, or failing its checks already (its row says how many in a row), or with no
// payment queued and room in the queue, a queue not served in arrival order (none is ahead
// by right), no forecast of how long a payment holds its worker, or signups queued whose
// work is not quick beside it (the model counts payments alone).
func (f *FleetStats) ChecksNow(cfg Config) []CheckNow {
	w := cfg.ReplicaForecast(f.InRotation).CheckWait(cfg)
	checks := make([]CheckNow, len(f.Replicas))
	quickOnes := JoinAnd([]Class{Signup, Health}, cfg.Traffic.Label)
	for i := range f.Replicas {
		p := f.Replicas[i].Pool
		full := p.QueueCap > 0 && !p.Unbounded && p.Queued >= p.QueueCap
		ahead := CheckAhead{Ahead: p.QueuedBy[Payment], Quick: max(p.Queued-p.QueuedBy[Payment], 0), Full: full, Wait: w, label: cfg.Traffic.Label(Payment),
			quickOnes: quickOnes, work: cfg.Signup.Work.D(), pullsIt: cfg.Fleet.PullsIt()}
		// Payments ahead, or a queue full (which turns a check away under any order):
		// signups alone ahead ("0 payments ahead: ok") say nothing a queue's count does not.
		// Payments ahead only where the rest of the queue is quick, as the model counts it: a
		// signup's work under a hundredth of a payment's hold (a check's is none), or none queued.
		quick := ahead.Quick == 0 || cfg.Signup.Work.D()*100 < w.Hold
		said := f.InRotationNow(i) && f.Replicas[i].Health.FailStreak == 0 && (full || p.QueuedBy[Payment] > 0 && p.Discipline == FIFO && quick) && w.Hold > 0
		checks[i] = CheckNow{ahead, said}
	}
	return checks
}

// WorkersOutOfRotation is the workers of the replicas out of rotation now (pulled, or
// drained), which the fleet's pool size counts though no request reaches them; 0 for one
// instance (f nil).
func (f *FleetStats) WorkersOutOfRotation() int {
	return f.outOfRotation(func(p PoolStats) int { return p.Size })
}

// IdleOutOfRotation is how many of those workers are idle now: not capacity, though idle.
func (f *FleetStats) IdleOutOfRotation() int { return f.outOfRotation(PoolStats.Idle) }

// IdleOutOn is the replicas out of rotation now with idle workers, by number (1 is the
// first): whose those idle workers are; nil for one instance.
func (f *FleetStats) IdleOutOn() []int {
	if f == nil {
		return nil
	}
	var on []int
	for i := range f.Replicas {
		if !f.InRotationNow(i) && f.Replicas[i].Pool.Idle() > 0 {
			on = append(on, i+1)
		}
	}
	return on
}

// outOfRotation adds up count over the replicas out of rotation now; 0 for one instance.
func (f *FleetStats) outOfRotation(count func(PoolStats) int) int {
	if f == nil {
		return 0
	}
	n := 0
	for r := range f.inRotation(false) {
		n += count(r.Pool)
	}
	return n
}

// MeanBusy is how many workers class c holds now, on average, in the replicas still in
// rotation (0 with none in rotation).
func (f *FleetStats) MeanBusy(c Class) float64 {
	sum, k := 0, 0
	for r := range f.InRotationReplicas() {
		sum += r.Pool.BusyBy[c]
		k++
	}
	if k == 0 {
		return 0
	}
	return float64(sum) / float64(k)
}

// InRotationReplicas are the replicas the balancer sends requests now (InRotationNow), by
// reference: a 10 Hz frame copies no snapshot to read them.
func (f *FleetStats) InRotationReplicas() iter.Seq[*Snapshot] { return f.inRotation(true) }

// inRotation are the replicas in rotation now, or (in false) those out of it.
func (f *FleetStats) inRotation(in bool) iter.Seq[*Snapshot] {
	return func(yield func(*Snapshot) bool) {
		for i := range f.Replicas {
			if f.InRotationNow(i) == in && !yield(&f.Replicas[i]) {
				return
			}
		}
	}
}

// Share is the config of one replica of a fleet of n: its share of the stream (each
// profile step's too) while every replica is in rotation, and the balancer's check every
// check_every.
func (c Config) Share(n int) Config {
	for _, r := range []*RateConfig{&c.Traffic.Payment, &c.Traffic.Signup} {
		r.Rate /= float64(n)
		r.Profile = slices.Clone(r.Profile) // the fleet's own config keeps its steps
		for i := range r.Profile {
			r.Profile[i].Rate /= float64(n)
		}
	}
	c.Traffic.Health.Rate = 1 / c.Fleet.CheckEvery.D().Seconds()
	return c
}

// A Turn is one step of the domino: a replica out of rotation (pulled, or drained), and
// what it left: the replicas still in rotation and the payments each of them takes now.
type Turn struct {
	Pull
	Left int // replicas in rotation just after it
	// Wait is how the checks of the Left replicas come to fail at that share (zero when it
	// fits): the queue a check fails behind, and what the queue gains on average.
	Wait CheckWait
	// Share is the forecast for each of the Left replicas at their share of the stream (zero
	// with none left): the payments a second each takes (its Classes[Payment].Rate) and the
	// workers the steps say (Forecast.PaymentWorkers).
	Share Forecast
}

// FreedWords is the frees of workers while t's check waited, against the need: "only 11
// workers did" ("only 40 came" where each frees more than once) (free within the timeout just said), the count that failed it read at once,
// with its subject, whose average follows (n45 G8: "only 11 freed (13.3 on average …)" said
// not what freed; n42 G8: "11 did" beside "13.3 free on average" read as two counts).
// Where a worker frees more than once in the timeout (w, the wait the check met), frees:
// "only 40 came".
func (t Turn) FreedWords(need int, w CheckWait) string {
	did := "workers did"
	if w.Recurs() {
		did = "came"
	}
	if t.Freed < need {
		return fmt.Sprintf("only %d %s", t.Freed, did)
	}
	// As many as it needed freed by its timeout, yet it timed out: the last freed at its
	// very end, and the worker reached the check after it ("13 workers did" alone read as a
	// contradiction).
	return fmt.Sprintf("%d %s, the last too late for it", t.Freed, did)
}

// BalancerStates says what the balancer is doing, longest form first, for a screen to pick
// the longest that fits beside its rules (BalancerRules): "1 of 4 replicas in rotation", or
// with none in rotation, "NO HEALTHY TARGET: all 4 replicas out, requests rejected:balancer"
// down to "NO HEALTHY TARGET: all 4 out".
func (f *FleetStats) BalancerStates() []string {
	n := len(f.Replicas)
	if f.InRotation == 0 {
		return []string{
			fmt.Sprintf("NO HEALTHY TARGET: all %d replicas out, requests %s", n, RejectBalancer.Word()),
			fmt.Sprintf("NO HEALTHY TARGET: all %d replicas out", n),
			fmt.Sprintf("NO HEALTHY TARGET: all %d out", n),
		}
	}
	return []string{
		fmt.Sprintf("%d of %d replicas in rotation", f.InRotation, n),
		fmt.Sprintf("%d/%d in rotation", f.InRotation, n),
	}
}

// BalancerRules says the balancer's pull and return rules, longest form first. The return's
// time is return_after × check_every, which the check interval explains ("~10s" alone lost
// it: review of s90e); the ok ones count as they are decided, so checks queued at the pull
// that end ok after it count too and a replica can come back sooner (newcomer 73 W1: the
// domino's r3, back 8.8s after its pull), said where the width allows and in the help. A check
// as the table counts it, ok or not ok: "failed checks" beside its timed-out and rej:pool
// columns named none of them (newcomer 30).
func (f FleetConfig) BalancerRules() []string {
	every, back := FmtDur(f.CheckEvery.D()), FmtDur(f.BackIn())
	return []string{
		fmt.Sprintf("out after %d checks not ok in a row (one every %s), back after %d ok (~%s; checks queued at the pull count too, so it can be sooner)", f.PullAfter, every, f.ReturnAfter, back),
		fmt.Sprintf("out after %d checks not ok in a row (one every %s), back after %d ok (~%s)", f.PullAfter, every, f.ReturnAfter, back),
		// The time first, then why: "(every 100ms: 10s)" had to be decoded (newcomer 22).
		fmt.Sprintf("out after %d not ok, back after %d ok (~%s, a check every %s)", f.PullAfter, f.ReturnAfter, back, every),
		fmt.Sprintf("out after %d not ok, back after %d ok (a check every %s)", f.PullAfter, f.ReturnAfter, every),
	}
}

// SoonBack says the latest return to rotation that came sooner than the rule's ~BackIn and
// why, longest form first, for the pulls line where it fits: "r3 back 35.5s, 8.8s after its
// 26.7s pull: checks queued at it counted too"; none where no return was sooner. The domino's
// strip drew r3 back 8.8s after its pull beside "back after 100 ok (~10s, …)" (a reviewer,
// newcomer 73 W1): each check counts when decided, so those queued at the pull count too.
// Sooner than the checks sent after the pull could make it alone: the first goes out up to
// a CheckEvery after the pull, the last ReturnAfter − 1 later, so a return 9.9s on needs none
// queued (a review).
func (f *FleetStats) SoonBack(cfg FleetConfig) []string {
	soon, ok := f.LatestSoon(cfg)
	if !ok {
		return nil
	}
	name, back, took := fmt.Sprintf("r%d", soon.Replica), FmtSecs(soon.ReturnedAt), soon.shownTook()
	return []string{
		fmt.Sprintf("%s back %s, %s after its %s pull: checks queued at it counted too", name, back, took, f.OutAt(soon.At)),
		fmt.Sprintf("%s back %s, %s after its pull: checks queued at it counted", name, back, took),
		fmt.Sprintf("%s back in %s: checks queued at the pull counted", name, took),
	}
}

// LatestSoon is the pull whose return came latest of those sooner than the rule (Soon);
// ok false: none did.
func (f *FleetStats) LatestSoon(cfg FleetConfig) (soon Pull, ok bool) {
	for _, p := range f.Pulls {
		if cfg.Soon(p) && (!ok || p.ReturnedAt > soon.ReturnedAt) {
			soon, ok = p, true
		}
	}
	return soon, ok
}

// Soon says pull p ended in a return sooner than the checks sent after it could make alone
// (SoonBack).
func (f FleetConfig) Soon(p Pull) bool {
	return p.Returned() && !p.Drained && p.ReturnedAt-p.At < f.BackIn()-f.CheckEvery.D()
}

// SoonNote is what a replica's row says after "back at 35.5s" where its return from pull p
// came sooner than the rule (Soon): ", in 8.8s: queued checks counted"; "" where it did not.
// On the pulls line alone it never reached the domino's screen at 120 columns, where r3's
// row, "back at 35.5s", stood under "(~10s, a check every 100ms)" (a reviewer, newcomer 73).
func (f FleetConfig) SoonNote(p Pull) string {
	if !f.Soon(p) {
		return ""
	}
	return ", in " + p.shownTook() + ": queued checks counted"
}

// shownTook is how long p's replica was out, from its times as written (ShownSecs): out
// 26.64s and back 35.46s, shown "26.6s" and "35.5s", reads "in 8.9s", not the raw 8.8s (a reviewer).
func (p Pull) shownTook() string { return FmtSecs(ShownSecs(p.ReturnedAt) - ShownSecs(p.At)) }

// PulledHolds is why a pulled replica's row still shows busy workers or a queue, whole and
// (PulledHoldsBrief) at 80 columns: the balancer sends it only its checks, and what it holds
// is work from before the pull. "17/20" 2.7s after the pull, with 3s payments, read as work
// still sent to it (newcomer 58 #3); "(gets only checks)" alone beside 18 busy left that to
// a guess (newcomer 75 #2). The rows and the help say these words.
const PulledHolds, PulledHoldsBrief = "gets only checks; finishes older work", "older work + checks"

// RowTimes writes the times a replica's row gives, one precision for every row: to the
// millisecond (under a minute) where the pulls line writes any row's latest out so (OutAt:
// two outs under a second apart), else as FmtSecs. "PULLED at 38.013s" over "PULLED at
// 34.1s" read as two kinds of timestamp (newcomer 77 W3). Without the pulls line on screen
// (pulls false: 80x24), as the narrator's domino (StoryAt): "PULLED 34.088s" under its "r4
// 34.1s", with no line writing milliseconds, was the same complaint (review of s94a).
func (f *FleetStats) RowTimes(pulls bool) func(time.Duration) string {
	if !pulls {
		return f.outWords(f.StoryTimes()) // worked out once, not per time as StoryAt does
	}
	outs := f.Outs()
	shown, _ := f.OutTimes()
	latest := map[int]int{} // a replica's latest out, by its index in outs
	for i, p := range outs {
		latest[p.Replica] = i
	}
	for _, i := range latest {
		if shown[i] != FmtSecs(outs[i].At) {
			return func(d time.Duration) string {
				if d < time.Minute {
					return fmtMillis(d)
				}
				return FmtSecs(d)
			}
		}
	}
	return FmtSecs
}

// PullRule is the balancer's rule for a pull, "2 checks not ok in a row pull a replica":
// the check that tipped a pull, the one the lab measured, is the last of them; said after
// that one check alone, it read as the balancer pulling at one failed check (n40).
func (f FleetConfig) PullRule() string {
	if f.PullAfter == 1 {
		return "1 check not ok pulls a replica"
	}
	return fmt.Sprintf("%d checks not ok in a row pull a replica", f.PullAfter)
}

// PullsIt is PullRule as a clause after a check's verdict: " and pull it" with a rule of
// one, else "; 2 in a row pull it".
func (f FleetConfig) PullsIt() string {
	if f.PullAfter == 1 {
		return " and pull it"
	}
	return fmt.Sprintf("; %d in a row pull it", f.PullAfter)
}

// TippingCheck names the check that tipped a pull, the last of the rule's (PullRule): "its
// 2nd check" ("its 2nd queued behind 11 payments" left its 2nd what: newcomer 64), or with a
// rule of one, "its check".
func (f FleetConfig) TippingCheck() string {
	if f.PullAfter == 1 {
		return "its check"
	}
	return "its " + Ordinal(f.PullAfter) + " check"
}

// Domino is the outs that took the fleet down, each with what it left, for the fleet whose
// config is cfg: every out until all replicas were first out at once (FirstAllOut), or all
// of them while that has not happened.
func (f *FleetStats) Domino(cfg Config) []Turn {
	var turns []Turn
	all, _ := f.FirstAllOut()
	outs := f.Outs()
	for _, p := range outs {
		if all > 0 && p.At > all {
			break
		}
		left := len(f.Replicas)
		for _, q := range outs {
			if q.At <= p.At && (q.ReturnedAt == 0 || q.ReturnedAt > p.At) {
				left--
			}
		}
		t := Turn{Pull: p, Left: left}
		if left > 0 {
			fc := cfg.ReplicaForecast(left)
			t.Wait, t.Share = fc.CheckWait(cfg), fc
		}
		turns = append(turns, t)
	}
	return turns
}

// DominoLead opens the story of the outs (Domino): "the domino: "; brief, "domino: ", or
// nothing where the header's name already says it. That is the name's word, not which
// preset it is: a copy named my-domino says it too, and fleet-bulkhead or a file of one's
// own does not, where a bare "r1 drained …" opened the sentence (review 38b m4).
func (c Config) DominoLead(brief bool) string {
	switch {
	case !brief:
		return "the domino: "
	case strings.Contains(c.Name, "domino"):
		return ""
	}
	return "domino: "
}

// WorkedOff is what the fleet answered while every replica was out, from–until (until 0:
// it lasts still): the balancer sends them no request then, but each finishes those it
// holds, so its oks are the queues worked off (n42 G9: ok/s beside "all out" read as from
// nowhere): "while all out, the pulled still finish their queues: 84 payments, 160 signups
// ok 13–19s"; brief, "queues worked off while all out: …". Counted over the whole seconds inside the stretch; the health checks, sent all along,
// left out. "" where no whole second is inside or nothing was answered.
func (s *Snapshot) WorkedOff(from, until time.Duration, brief bool) string {
	first := int((from + time.Second - 1) / time.Second) // the first whole second's start
	last := int(until / time.Second)                     // and the last one's end
	var n [numClasses]int64
	for _, sec := range s.Timeline { // second T covers T-1 to T
		if sec.T > first && (until == 0 || sec.T <= last) {
			last = max(last, sec.T)
			for _, c := range []Class{Payment, Signup} {
				n[c] += sec.OK[c]
			}
		}
	}
	var said []string
	for _, c := range []Class{Payment, Signup} {
		if n[c] > 0 {
			said = append(said, FmtCount(n[c])+" "+counted(s.Config.Traffic.Label(c), int(n[c])))
		}
	}
	if len(said) == 0 {
		return ""
	}
	// Said after the sentence's last clause, where the screen has room (ui's idle clause):
	// "while all out" ties it to the stretch the domino named.
	what := "while all out, the pulled still finish their queues"
	if brief {
		what = "queues worked off while all out"
	}
	return fmt.Sprintf("%s: %s ok %d–%ds", what, strings.Join(said, ", "), first, last)
}
