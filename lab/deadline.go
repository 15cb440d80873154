// The payment deadline (payment.deadline; article 003: a deadline is a budget, counted from the
// scheduled arrival): its validation row, its two stages (the deadline itself, and the
// enough-left check before a call), the dependency's typical latency it learns from, its
// rejection reason and its settings item.

package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// RejectDeadline: the payment's deadline passed before its call began, or too little of it was left.
const RejectDeadline Reason = 4

var _ = registerReason(RejectDeadline, reasonDef{name: "deadline", rank: 60, shown: func(s *Snapshot) bool { return s.Config.Payment.Deadline > 0 },
	awaited:     func(s *Snapshot) bool { return s.Config.Payment.Deadline.D() > 0 && s.Pool.QueuedBy[Payment] > 0 },
	description: "the payment's deadline, counted from its scheduled arrival, passed while it waited (for a worker, a permit or a connection), or less was left than a call takes: turned away at once instead of spending the dependency on a call that cannot finish"})

func init() {
	register(mechanism{
		name: "deadline",
		rank: 20,
		checks: func(c Config) []check {
			return []check{{"payment.deadline", c.Payment.Deadline < 0 || c.Payment.Deadline.D() > MaxLatency,
				fmt.Sprintf("must be 0s..%s (0s: no deadline), got %s", MaxLatency, c.Payment.Deadline)}}
		},
		start: func(*Isolation) runtime { return &deadline{} },
		sum: func(s *Snapshot, replicas []Snapshot) {
			s.EnoughLeftRefused = 0
			for _, r := range replicas {
				s.EnoughLeftRefused += r.EnoughLeftRefused
			}
		},
		settings: at(85, deadlineSettings),
		health:   at(35, deadlineHealth),
		words:    func() []part[[]Item] { return at(46, []Item{queueStopsWord()}) },
	})
}

// deadline is the deadline in one lab: what it has learnt of the dependency's answer time,
// and how many payments its enough-left check turned away.
type deadline struct {
	stateless
	typical typicalLatency
	asked   askedRoom
	refused atomic.Int64
}

// stages are the deadline at its place, and the enough-left check before the call, when
// payments have a deadline.
func (d *deadline) stages(c Config) []placed {
	dl := c.Payment.Deadline.D()
	if dl <= 0 {
		return nil
	}
	return []placed{{slotDeadline, deadlineStage(dl, &d.refused)}, {slotEnoughLeft, enoughLeftStage(&d.typical, &d.asked, dl, c.Dependency.Floor())}}
}

// answered learns from each call the dependency answered how long calls take.
func (d *deadline) answered(took time.Duration) { d.typical.observe(took) }

// fill says how much of its deadline a payment needs left now for its call to start.
func (d *deadline) fill(s *Snapshot) {
	if dl := s.Config.Payment.Deadline.D(); dl > 0 {
		s.EnoughLeft = room(&d.typical, dl, s.Config.Dependency.Floor())
		s.EnoughLeftAsked = d.asked.span()
		s.EnoughLeftLearned = d.typical.learned()
		s.EnoughLeftRefused = d.refused.Load()
	}
}

// deadlineStage gives a payment one budget, counted from its scheduled arrival: the time
// it waited for a worker is already spent, whatever waits below happen within what is
// left, and the call gets the remainder as its context deadline. Past it before anything
// began: rejected at once. The deadline ends with the call (not with this stage), so a call
// its worker walked away from keeps it. It counts the payments that end turned away by the
// enough-left check below it (refused): a retry's try it refused ends as the try before.
func deadlineStage(d time.Duration, refused *atomic.Int64) stage {
	return stage{name: deadlineLink, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			at := p.intended.Add(d)
			if !time.Now().Before(at) {
				return rejectedBy(RejectDeadline) // spent waiting for a worker
			}
			ctx, cancel := context.WithDeadline(ctx, at)
			p.hold(cancel)
			p.deadline = at
			r := next(ctx, p)
			if r.TooLittleLeft {
				refused.Add(1)
			}
			return r
		}
	}}
}

// deadlineLink names the deadline's stage on the payment's chain, and deadlineDoes says
// what it does on its own, beside enough-left's check: two deadline links left the outer
// one's work to guessing (newcomer33 24).
const (
	deadlineLink = "deadline"
	deadlineDoes = "past it: rejected before a call, timed out in one"
)

// enoughLeft names the enough-left stage on the payment's chain.
const enoughLeft = "deadline:" + enoughLeftName

// enoughLeftName is enough-left as the settings and the narrator name it, its stage's part.
const enoughLeftName = "enough-left"

// enoughLeftNeeds is what the enough-left stage asks to have left, for the chain's settings
// item: the room it asks now, then its rule ("enough-left" alone left how much to guessing,
// newcomer 19; the rule alone read as the room, the review).
func enoughLeftNeeds(s *Snapshot) string {
	// Whose deviations, and what the ≤ bounds (newcomer 22: "is ≤ 400ms a cap on the margin?").
	// Mean deviations, as typicalLatency keeps them: "standard" gave 50ms ±10ms uniform 73ms
	// beside "64ms now" (newcomer 55).
	rule := "recent calls' mean + 4 mean deviations, at most " + FmtDur(s.Config.Payment.Deadline.D()/2)
	if f := s.Config.Dependency.Floor(); f > 0 {
		rule += ", at least " + FmtDur(f)
	}
	// What it does first, then the room: "nothing until a call is answered, then ≥ …" was
	// cryptic (newcomer 34 #25 had to guess it refuses a call with too little time left).
	refuses := "starts no call with less left than " + rule
	if !s.EnoughLeftLearned {
		// It learns only from calls that succeed: none yet (stacked timeouts', every try timed
		// out), it asks for nothing, or for the chain's floor alone (the review read the rule
		// as a room it did not ask). One set of words in both: "at least 250ms: 250ms now"
		// beside tries of ~300ms read as a miscount of mean + 4 deviations (newcomer 36 #27).
		// Why, not the rule it has yet to use (the help's): "until one is answered" beside
		// every try timed out or a 504 asked whether those count, three lines for no effect
		// (newcomer 43 G-13).
		lets := "lets every call start"
		if f := s.Config.Dependency.Floor(); f > 0 {
			// Where the floor comes from (newcomer 45 G7): it is the chain's, not learned.
			lets = "starts calls with at least " + FmtDur(f) + " left (" + s.Config.Dependency.FloorMade() + ")"
		}
		return lets + ": it learns from calls that succeed, and none has"
	}
	if s.EnoughLeft > 0 {
		// The room moves with the calls: "71ms now" beside rejections after 726ms on
		// average of 800ms read as a miscount without what it asked earlier (newcomer33 23).
		now := FmtLatency(s.EnoughLeft) + " now"
		// Now inside it (asked only as calls are made, it may lag the room now) and apart as
		// printed: "70ms–70ms so far" and "80ms now, 56ms–75ms so far" (review 26).
		lo, hi := FmtLatency(min(s.EnoughLeftAsked.Lo, s.EnoughLeft)), FmtLatency(max(s.EnoughLeftAsked.Hi, s.EnoughLeft))
		if s.EnoughLeftAsked.Lo > 0 && lo != hi {
			now += fmt.Sprintf(", %s–%s so far", lo, hi)
		}
		return refuses + ": " + now
	}
	return refuses
}

// room is what the enough-left stage asks to have left now: what calls take lately, at
// most half the budget, at least the chain's floor.
func room(typical *typicalLatency, budget, floor time.Duration) time.Duration {
	return max(min(typical.needed(), budget/2), floor)
}

// enoughLeftStage does not start a call that cannot finish: with less of the deadline left
// than the dependency's calls take lately (typicalLatency.needed), or than floor (what a
// chain of hops keeps back before its last hop is called), the payment fails fast, and the
// dependency is not spent on a call cut off at the deadline.
//
// The estimate asks for at most half the budget: it learns only from calls that are made,
// so an estimate that refused every call could never learn that calls are fast again (a
// busy machine once inflated it past the whole 800 ms budget, and the postmortem's fix then
// turned away 95% of its orders with the store idle). Past half the budget the calls go
// ahead, and either finish and correct it, or are cut at the deadline, which is the truth.
func enoughLeftStage(typical *typicalLatency, asked *askedRoom, budget, floor time.Duration) stage {
	return stage{name: enoughLeft, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			r := room(typical, budget, floor)
			asked.observe(r)
			if at, ok := ctx.Deadline(); ok && time.Until(at) < r {
				refused := rejectedBy(RejectDeadline)
				refused.TooLittleLeft = true
				return refused
			}
			return next(ctx, p)
		}
	}}
}

// DurationSpan is the least and the most of a duration seen so far (zero: none seen).
type DurationSpan struct{ Lo, Hi time.Duration }

// askedRoom is the span of what the enough-left stage has asked to have left, once it asked
// for anything (before the first answer it asks nothing).
type askedRoom struct {
	mu   sync.Mutex
	seen DurationSpan
}

func (a *askedRoom) observe(r time.Duration) {
	if r <= 0 {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.seen.Lo == 0 || r < a.seen.Lo {
		a.seen.Lo = r
	}
	a.seen.Hi = max(a.seen.Hi, r)
}

func (a *askedRoom) span() DurationSpan {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.seen
}

// waitFailed is what a wait that ended without its place means: the payment's deadline
// passed while it waited; or else, otherwise (no permit, no connection, the caller left).
func waitFailed(ctx context.Context, otherwise Result) Result {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return rejectedBy(RejectDeadline)
	}
	return otherwise
}

// typicalLatency is how long the dependency's calls that succeeded take lately, estimated
// as TCP estimates a round trip (RFC 6298): a smoothed mean, each call weighing 1/8, and a
// smoothed mean deviation from it, each weighing 1/4.
type typicalLatency struct {
	mu          sync.Mutex
	mean, dev   time.Duration
	initialised bool
}

func (t *typicalLatency) observe(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.initialised {
		t.mean, t.dev, t.initialised = d, d/2, true
		return
	}
	t.dev += ((t.mean - d).Abs() - t.dev) / 4
	t.mean += (d - t.mean) / 8
}

// learned says a call has been answered, so needed is what calls take.
func (t *typicalLatency) learned() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.initialised
}

// needed is the room a call is given: the mean plus four deviations, as TCP sizes its
// retransmission timeout. The mean alone is not enough: under FIFO waiting with a deadline,
// payments reach a worker with just about the mean left, and every call slower than average
// is then cut at the deadline, the dependency's time spent on nothing (a reference model of
// the postmortem's fix: 13% of orders timed out that way). 0 before the first call.
func (t *typicalLatency) needed() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.mean + 4*t.dev
}

// deadlineHealth says how long the payments turned away for their deadline waited first, on
// average: a rejection has no latency in the table, and whether it waited its deadline out
// or was turned away at once is the point of one. And which stage turned them away: the
// deadline itself, run out while they waited, or the enough-left check, too little left to
// call (newcomer 58: one count beside two deadline links in the chain left it to guessing).
func deadlineHealth(s *Snapshot, w int) []Item {
	pay := s.Classes[Payment]
	n := pay.Rejected[RejectDeadline]
	if n == 0 {
		return nil
	}
	label, after := RejectDeadline.Word(), FmtLatency(pay.TurnedAwayAfter(RejectDeadline))
	split, short := s.DeadlineSplit()
	count := FmtCount(n) + ": " + split
	return []Item{{Label: label, Value: fittingValue(label, w,
		fmt.Sprintf("%s; turned away after %s on average (from the scheduled arrival; deadline %s)", count, after, FmtDur(s.Config.Payment.Deadline.D())),
		fmt.Sprintf("%s; %s after arrival on average", count, after),
		fmt.Sprintf("%s, ~%s after arrival", count, after),
		fmt.Sprintf("%s: %s, ~%s after arrival", FmtCount(n), short, after),
		FmtCount(n)+": "+short)}}
}

// DeadlineSplit says which stage turned payments away for their deadline: "198 by
// deadline:enough-left (too little left to call), 13 ran out waiting", and shorter, "198 by
// enough-left, 13 ran out". One outcome, rejected:deadline; the split is its detail. The
// enough-left count is taken as each payment ends, a moment before the table counts it, so
// it is held to the table's.
func (s *Snapshot) DeadlineSplit() (long, short string) {
	n := s.Classes[Payment].Rejected[RejectDeadline]
	refused := min(s.EnoughLeftRefused, n)
	ranOut := n - refused
	switch {
	case refused == 0:
		return "all ran out waiting (for a worker, a permit or a connection)", "all ran out waiting"
	case ranOut == 0:
		return "all by " + enoughLeft + " (" + tooLittleLeft + ")", "all by " + enoughLeftName
	}
	return fmt.Sprintf("%s by %s (%s), %s ran out waiting", FmtCount(refused), enoughLeft, tooLittleLeft, FmtCount(ranOut)),
		fmt.Sprintf("%s by %s, %s ran out", FmtCount(refused), enoughLeftName, FmtCount(ranOut))
}

// tooLittleLeft is why the enough-left check turns a payment away.
const tooLittleLeft = "too little left to call"

// deadlineSettings is the deadline's settings item, when there is one, and a gloss at its
// line's end where it costs no line: its enough-left check turns payments away before the
// deadline passes, which the chain's item says where it is drawn; without it, 80x24's
// rej:deadline 174 beside a p99 of 780ms, under 800ms, read as a miscount (newcomer 60).
func deadlineSettings(c Config, _ *Snapshot, w int) []Item {
	if d := c.Payment.Deadline.D(); d > 0 {
		whole := ""
		if !narrow(w) {
			whole = deadlineGloss + ","
		}
		// Briefly the figure alone, for a settings line cut to one or two: stacked-timeouts'
		// 80x24 hid the deadline its narrator says never acts (newcomer 73 W4).
		return []Item{{Label: "deadline", Value: FmtDur(d) + whole + " from arrival, queue wait included", Brief: FmtDur(d) + " from arrival"},
			// Briefly "pre-call", not "early": those it turns away wait ~725ms first, and
			// "rejects early" read as soon after arrival (newcomer 65 W-minor).
			{Label: enoughLeftName, Value: "rejects before it, with " + tooLittleLeft, Brief: "rejects pre-call", Tail: true}}
	}
	return nil
}

// QueueAtDeadline is where a FIFO queue, growing as rs measured, stops: once one arriving
// would wait so long that less than the enough-left room is left of payments' deadline, the
// deadline turns the excess away (newcomer 41 G1: "creeps toward the 800ms deadline" at 15s
// left "and at 20s?" open). How many wait then, where the deadline will hold it
// (queueHolds, as QueueStops says it once it does: ~364, not the workers' pace, ~349), and
// when, at rs's growth a second. false: no deadline or estimate of the wait, a queue not
// growing, or a wait already there: the deadline has turned one away (the room it leaves
// moves with the calls, so a wait under it now need not stay under).
func (s *Snapshot) QueueAtDeadline(rs *Rates) (waiting int64, at time.Duration, ok bool) {
	d, grow := s.Config.Payment.Deadline.D(), rs.Queueing(Payment)
	a, known := s.WaitArrivingNow()
	if d <= 0 || !known || a.Wait <= 0 || grow <= 0 || a.Wait >= d-s.EnoughLeft || s.Classes[Payment].Rejected[RejectDeadline] > 0 {
		return 0, 0, false
	}
	full := s.queueHolds(rs)
	if full <= int64(s.Pool.Queued) {
		return 0, 0, false
	}
	at = s.Elapsed + time.Duration(float64(full-int64(s.Pool.Queued))/grow*float64(time.Second))
	return full, at, true
}

// DeadlineIdle says that payments' deadline has acted on none, where it has not: every
// payment finished before it (the slowest of all, not a percentile) and none was turned
// away for it. "deadline 2s" in the chain beside an edge that gives up by 1.69s left what
// the deadline did to guessing (newcomer 43 G-12). "" with no deadline, or where it acted.
func (s *Snapshot) DeadlineIdle() string {
	pay, dl := s.Classes[Payment], s.Config.Payment.Deadline.D()
	if dl <= 0 || pay.Latency.Count == 0 || pay.Latency.Max >= dl || pay.Rejected[RejectDeadline] > 0 {
		return ""
	}
	return "the " + FmtDur(dl) + " deadline never acts"
}

// QueueStopsLevel is QueueStops' last words, where the deadline holds the queue, sized and
// bare: "the deadline holds it near 366", for a screen to set its origin beside
// (QueueStopsWhy), and "the deadline holds it", for a line with no room for that origin:
// 80x24's bare "holds it near 366" was a figure to guess (newcomer 60). Apart from the
// growth before them, whose band a screen may say the origin of too (ChanceOrigin). ""
// where QueueStops says nothing.
func (s *Snapshot) QueueStopsLevel(rs *Rates) (sized, bare string) {
	n, ok := s.queueStopsNear(rs)
	if _, grows := rs.QueueingSaid(Payment); !ok || !grows {
		return "", ""
	}
	bare = "the deadline holds it"
	return bare + " near " + FmtCount(n), bare
}

// QueueStops says how payments' queue grew over the window and, once their deadline has
// turned some away, where it holds: "the queue grew 10.4/s in 20–25s; the deadline holds it
// near 364", a level the queue hovers about ("stops it near 368" beside 374 waiting read as a
// ceiling already broken, newcomer 55). Each payment waits at most the deadline less the room a call needs (727ms),
// then is turned away at a worker at once, so the queue holds no more than what arrived in
// that time (500/s × 727ms), whatever the workers serve. "the queue grows 10.4/s" there, a
// 5s measurement said as ongoing, read as a fix whose queue grows still (newcomer 53
// W-MAJOR). Present tense, the deadline acting now, not a forecast beside rejected:deadline
// 173 (newcomer 48 G-minor-8); as short as "whose wait reached the 800ms deadline in
// 16–17s", which it replaces, for the sentence keeps three lines at 80 columns. Growth no
// more than chance moves it by (QueueMoved) is said so, "grew 11.4/s, within chance", in
// place of the span (the sentence names it next), which keeps 80x24's why 24: plain, beside
// "holds it near", a reader asked which (newcomer 56); the rate stays, so that the parts add
// up as printed. ok false: no deadline, none turned away by it yet, or a queue the window
// saw no growth in. The growth, then where the deadline holds it (QueueStopsLevel).
func (s *Snapshot) QueueStops(rs *Rates) (string, bool) {
	level, _ := s.QueueStopsLevel(rs)
	if level == "" {
		return "", false
	}
	grew, _ := rs.QueueingSaid(Payment)
	when := " in " + FmtSpan(rs.From, rs.To)
	if _, real := rs.QueueMoved(Payment); !real {
		when = rs.withinChance(Payment) // measured, said so, with the band it is within
	}
	return fmt.Sprintf("the queue grew %s%s; %s", FmtPerSec(grew), when, level), true
}

// QueueStopsWhy is where QueueStops' level comes from, as printed, for a screen with room
// after it: "(500/s × (800 − 73)ms)", payments arriving a second × the longest one waits
// (waitMost), the deadline less the room enough-left asks; "stops it near 368" beside 374
// waiting gave no way to check it (newcomer 55), and "(500/s × 727ms)" no origin for 727ms,
// written nowhere (newcomer 65). "" where QueueStops says nothing.
func (s *Snapshot) QueueStopsWhy(rs *Rates) string {
	if _, ok := s.queueStopsNear(rs); !ok {
		return ""
	}
	return fmt.Sprintf("(%s × %s)", FmtPerSec(rs.Arrived[Payment]), s.waitMostSaid())
}

// DeadlineRejectsSaid is what payments' deadline does at a worker, whole and terse: "the
// deadline rejects a wait leaving too little of 800ms" ("Rejects waits before they reach
// 800ms" read as every wait under it, review 17 #10), and once it has turned some away
// there, mostly by enough-left, why the p99:wait sits where it does: each that reaches a
// worker with too little left is turned away at once, so the longest waits are those, near
// the mean wait of those it did, "the deadline rejects waits leaving too little of 800ms,
// ~724ms on average (p99:wait 729ms)". The fix's p99:wait 729ms beside its p50 729ms read
// as a copy slip (newcomer 77 W1); "rejects waits past ~724ms" beside it read as a limit
// broken, the mean said as a cutoff that moves with enough-left (review of s93c #1). "" for
// both without a deadline.
func (s *Snapshot) DeadlineRejectsSaid() (wide, terse string) {
	pay, d := s.Classes[Payment], s.Config.Payment.Deadline.D()
	if d <= 0 {
		return "", ""
	}
	rule := "the deadline rejects a wait leaving too little of " + FmtDur(d)
	n := pay.Rejected[RejectDeadline]
	after, p99 := ShownLatency(pay.TurnedAwayAfter(RejectDeadline)), ShownLatency(pay.QueueWait.P99)
	// Past a tenth run out waiting, at the deadline itself, and the longest waits are theirs;
	// under EnoughSamples waits, the p99 is their longest, not a share's edge.
	if n == 0 || float64(min(s.EnoughLeftRefused, n)) < enoughLeftMost*float64(n) || !pay.QueueWait.OfEnough() || p99 < after-after/20 || p99 > d {
		return rule, rule
	}
	// "on average": a mean, not a cutoff; a whole sentence ("waits rejected:deadline
	// averaged ~726ms" read as garbled, newcomer 78 W-MAJOR); the terse one no longer than
	// that was, as 80x24's narrator has no line to spare: without the p99, the table's column.
	wide = "the deadline rejects waits leaving too little of " + FmtDur(d) + ", ~" + FmtLatency(after) + " on average (p99:wait " + FmtLatency(p99) + ")"
	return wide, "the deadline rejects waits of ~" + FmtLatency(after) + " on average"
}

// enoughLeftMost is the least share of the deadline's rejections enough-left's (too little
// left to call, at a worker) for the longest waits to be those it turned away.
const enoughLeftMost = 0.9

// waitMostSaid is waitMost as its difference, "(800ms − 73ms for the call)": the deadline, a
// setting, as the settings write it, less the room enough-left asks for a call, said as what
// it is for: "(800 − 64)ms" at 80x24, where the chain's "64ms now" is not drawn, read as the
// postmortem's 64 workers (newcomer 66 G-MAJOR); the deadline alone before enough-left has a
// room.
func (s *Snapshot) waitMostSaid() string {
	d := FmtDur(s.Config.Payment.Deadline.D())
	if ShownLatency(s.EnoughLeft) <= 0 {
		return d
	}
	return "(" + d + " − " + FmtLatency(s.EnoughLeft) + " for the call)"
}

// QueueMoved is how many class c's requests in flight, the queue while every worker is
// busy, grew by over the window (negative: fell), and whether by more than chance: more
// than chance's band of the arrivals and departures of the window (moveBand). A queue the
// deadline holds near 364 at 500/s moves by tens in 5s either way, which "drains 5.8/s"
// said as emptying (newcomers 26, 29, 31), while LIFO's drained by 136, said "steady"
// beside rates that did not add up (an older review).
func (r *Rates) QueueMoved(c Class) (n int64, real bool) {
	n = r.InFlightGrew(c)
	return n, r.Seconds > 0 && math.Abs(float64(n)) > r.moveBand(c)
}

// moveCounts are class c's arrivals and departures (ended or turned away) over the window,
// whole as the screen's rates × its seconds give them: the two counts whose difference is
// how far its in flight moved.
func (r *Rates) moveCounts(c Class) (arrived, ended float64) {
	secs := float64(r.Seconds)
	return math.Round(r.Arrived[c] * secs), math.Round(r.Ended(c) * secs)
}

// moveBand is how far class c's requests in flight move over the window by chance alone:
// chance's band, two standard deviations, of a difference of two random counts, whose
// variances add, 2√(arrivals + departures). One was the band beside the pool full time's
// two (newcomer 62).
func (r *Rates) moveBand(c Class) float64 {
	arrived, ended := r.moveCounts(c)
	return chanceBand(arrived + ended)
}

// bandPerSec is moveBand a second, as printed beside the growth's rate: "±28/s".
func (r *Rates) bandPerSec(c Class) string {
	return "±" + FmtWholePerSec(r.moveBand(c)/float64(max(r.Seconds, 1)))
}

// withinChance is the verdict of a move QueueMoved finds no more than chance, with its band
// a second, so that the rate beside it can be checked: ", within chance (±28/s)" ("grew
// 10.4/s, within chance" gave no band to hold 10.4 against, newcomer 60).
func (r *Rates) withinChance(c Class) string {
	return fmt.Sprintf(", within chance (%s)", r.bandPerSec(c))
}

// ChanceOrigin is withinChance's band said with where it comes from, for a screen with room,
// as the pool full time's "±17 = 2√71" is: the band, then the same with its counts, the
// window's arrivals and those that ended or were turned away, "(±28/s = 2√(2500 arrived +
// 2445 ended) ÷ 5s)". Bare, "±14/s" was one standard deviation where the screen's others are
// two, with nothing to tell (newcomer 62). None for an empty window.
func (r *Rates) ChanceOrigin(c Class) [][2]string {
	if r.Seconds == 0 {
		return nil
	}
	arrived, ended := r.moveCounts(c)
	band := r.bandPerSec(c)
	return [][2]string{{"(" + band + ")", fmt.Sprintf("(%s = 2√(%s arrived + %s ended) ÷ %ds)", band, FmtCount(int64(arrived)), FmtCount(int64(ended)), r.Seconds)}}
}

// QueueHeldSaid is the postmortem fix's clause for payments' queue where it did not grow as
// printed: ", the queue drained 136 in 15–20s (27.2/s)" where it fell by more than chance,
// with its rate a second, so that arrived = ok + rejected − the drain as printed; else
// ", queue steady at ~368 waiting" ("holding the queue" read as keeping it; newcomer 31), or
// ", none waiting". A fall within chance that prints is said with its rate, as its neighbours
// are (their window is the table's /s row), ", queue fell 8.6/s, within chance": "steady"
// beside parts 8.6/s apart read as a miscount (newcomer 56); as short as "steady" was
// nearly, for 80x24 keeps the sentence whole in four lines.
func (s *Snapshot) QueueHeldSaid(rs *Rates) string {
	n, real := rs.QueueMoved(Payment)
	fell := -rs.Queueing(Payment)
	switch {
	case real && n < 0:
		return fmt.Sprintf(", the queue drained %s in %s (%s)", FmtCount(-n), FmtSpan(rs.From, rs.To), FmtPerSec(fell))
	case s.Pool.Queued == 0:
		return ", none waiting"
	case perSecShows(fell):
		return fmt.Sprintf(", queue fell %s%s", FmtPerSec(fell), rs.withinChance(Payment)) // beyond it, drained
	}
	return fmt.Sprintf(", queue steady at ~%s waiting", FmtCount(int64(s.Pool.Queued)))
}

// queueStopsNear is how many payments wait once their deadline turns the excess away
// (queueHolds). false: no deadline, or none turned away by it yet.
func (s *Snapshot) queueStopsNear(rs *Rates) (int64, bool) {
	if s.Config.Payment.Deadline.D() <= 0 || s.Classes[Payment].Rejected[RejectDeadline] == 0 || rs.Seconds == 0 {
		return 0, false
	}
	return s.queueHolds(rs), true
}

// queueHolds is how many payments wait where their deadline holds the queue: those that
// arrive a second (as printed) × the wait a payment may have (waitMost).
func (s *Snapshot) queueHolds(rs *Rates) int64 {
	return int64(math.Round(shownPerSec(rs.Arrived[Payment]) * s.waitMost().Seconds()))
}

// waitMost is the longest a payment waits where its deadline holds the queue: its deadline
// less the room a call needs (as printed), the figure queueHolds multiplies and the help
// works through.
func (s *Snapshot) waitMost() time.Duration {
	return s.Config.Payment.Deadline.D() - ShownLatency(s.EnoughLeft)
}

// queueStopsWord is the help's entry for QueueStops, worked from an example as the
// narrator writes it, so that the figures and the sentence never part: where 364 comes from
// is the help's to say, the narrator having no room (newcomer 53 W-MAJOR).
func queueStopsWord() Item {
	ex := Snapshot{EnoughLeft: 73 * time.Millisecond}
	ex.Config.Payment.Deadline = Duration(800 * time.Millisecond)
	ex.Classes[Payment].Rejected[RejectDeadline] = 1
	rs := Rates{Seconds: 5, From: 20, To: 25}
	rs.Arrived[Payment], rs.OK[Payment], rs.Rejected[Payment][RejectDeadline] = 500, 475, 14.6
	said, _ := ex.QueueStops(&rs)
	n, _ := ex.queueStopsNear(&rs)
	d, wait := ex.Config.Payment.Deadline.D(), ex.waitMost()
	return word("the deadline holds it near", fmt.Sprintf("in the postmortem fix's narrator, once payments' deadline has turned some away (\"%s\"): the queue's growth as measured over the table's /s seconds (\"within chance\": by no more than chance's band, two standard deviations of the counts whose difference it is, as every ± beside \"within chance\" is, a second in its brackets, where a line has room with its origin, \"%s\": the arrivals and those that ended or were turned away over those seconds; beyond it, \"in 20–25s\"), then where the deadline holds it. Each payment calls within its deadline less the room a call needs (%s − %s = %s), or, waiting longer, is turned away at once on reaching a worker (%s), so the queue holds only what arrived in the last %s: %s × %s ≈ %d, however fast the workers serve; near it the growth falls to 0, and what the workers cannot serve is turned away instead; the queue hovers about it, a little over or under as arrivals bunch and the room moves",
		said, rs.ChanceOrigin(Payment)[0][1], FmtDur(d), FmtLatency(ex.EnoughLeft), FmtLatency(wait), RejectDeadline.Word(), FmtLatency(wait), FmtPerSec(rs.Arrived[Payment]), FmtLatency(wait), n))
}

// waitCapped is what one arriving now waits where the payments ahead, at the mean time one
// held a worker, would keep it past the room payments' deadline leaves a call (waitMost,
// 727ms): each that reaches a worker later than that is turned away there in no time,
// which frees the worker for the next, so the head speeds up and no wait runs much past
// 727ms. The mean hold averages seconds when fewer were turned away, so the forecast over it
// overshoots: "waits ~755ms, leaving 45ms of 800ms … turned away while ~364 or more wait",
// beside a queue the deadline holds near 364, was a wait that cannot happen and a level
// pasted in (newcomer 57). Said from the cap, widest first, with the forecast as its terms
// print it ("would wait ~755ms (370 ahead × 49ms held ÷ 24 workers), past …") where that is
// past the cap too, and the window's share turned away where it has one. For a wait the
// deadline turns away (deadlineFate names it); nil where others than payments wait ahead
// (their holds the deadline does not cut).
func (s *Snapshot) waitCapped(a ArrivingWait) []string {
	if len(a.Ahead) != 1 || a.Ahead[0].Class != Payment {
		return nil
	}
	// What the most bounds: the wait of one that calls. One waiting longer reaches a worker
	// to be turned away there, so the wait to a worker (p99:wait) may run past it: "waits at
	// most ~726ms" beside p99:wait 729ms was a most the table broke (newcomer 60).
	// In plain words, what happens to the one arriving now, then why: "calls within ~726ms,
	// or waits longer and is turned away on a worker, as each ahead past it is at once" did
	// not parse (newcomer 62).
	most := FmtLatency(s.waitMost())
	reach, calls := "reaches a worker within ~"+most, " and calls the dependency"
	capped, longer, cut := reach+calls, "; waiting longer, the worker turns it away", ", as it does each ahead that waits as long"
	room := fmt.Sprintf(" (%s − %s a call needs)", FmtDur(s.Config.Payment.Deadline.D()), FmtLatency(s.EnoughLeft))
	values := []string{reach + room + calls + longer + cut, capped + longer + cut, reach + room + calls + longer, capped + longer, capped + ", or is turned away", reach + " and calls, or is turned away"}
	fc := a.Even()
	if fc <= s.waitMost() {
		return values // the played-out wait is past the room, the even spread not: no forecast past it to say
	}
	holds, _ := a.shownHolds()
	held := holds[0] + a.heldMark()
	forecast, terms := FmtSecs(fc), fmt.Sprintf("%s ahead × %s ÷ %d workers", FmtCount(int64(a.queued())), held, a.Workers)
	why := fmt.Sprintf("would wait ~%s (%s), past the %s the deadline leaves%s, but each ahead that reaches a worker past it is turned away there in no time, so it %s%s (%s)",
		forecast, terms, most, room, capped, longer, RejectDeadline.Word())
	var wide []string
	rs := s.Rates()
	if share, ok := rs.RejectedShareOfReplies(Payment, RejectDeadline); ok {
		wide = append(wide, fmt.Sprintf("%s, as %.1f%% of replies were in %s", why, 100*share, rs.Span()))
	}
	return append(append(wide, why,
		fmt.Sprintf("would wait ~%s (%s), past the deadline's %s%s, but each ahead past it is turned away at once: it %s%s",
			forecast, terms, most, room, capped, longer),
		fmt.Sprintf("%s, not ~%s (%s),%s%s%s", reach, forecast, terms, calls, longer, cut)), values...)
}

// deadlineFate says what payments' deadline does to one arriving now that waits wait, after
// "waits ~757ms", in two parts: what it does, ", leaving 43ms of 800ms, under the 78ms a
// call needs: turned away", ", past the 800ms deadline: turned away", or ", leaving ~43ms of
// 800ms"; and the outcome's name after a turning away, " (rejected:deadline)", "" where it
// lets the arrival in. Bare beside "deadline 800ms" and the enough-left room, the wait left
// the newcomer to subtract and find it turned away (newcomer 51 W1). From the figures as
// printed, so that they subtract as shown. "": no deadline.
func (s *Snapshot) deadlineFate(wait time.Duration) (said, named string) {
	d := s.Config.Payment.Deadline.D()
	if d <= 0 {
		return "", ""
	}
	named = " (" + RejectDeadline.Word() + ")"
	wait = ShownSecs(wait)
	if wait >= d {
		return ", past the " + FmtDur(d) + " deadline: turned away", named
	}
	left, need := ShownLatency(d-wait), ShownLatency(s.EnoughLeft)
	if left < need {
		return fmt.Sprintf(", leaving %s of %s, under the %s a call needs: turned away", FmtLatency(left), FmtDur(d), FmtLatency(need)), named
	}
	return fmt.Sprintf(", leaving ~%s of %s", FmtLatency(left), FmtDur(d)), ""
}

// DeadlineTimedOutSaid says, of payments with a deadline and no timeout of their own, what
// their timed-out count is: the deadline passing during their call (one that passes while
// it waits is turned away at a worker, rejected:deadline). "timed-out 9" beside "timeout
// off" had no cause on screen (newcomer 61 G-MAJOR). Longest first, for the table's notes;
// nil where a 504 below says it (GatewaySaid) or it is not so.
func DeadlineTimedOutSaid(s *Snapshot) []string {
	p, t := s.Config.Payment, s.Classes[Payment].TimedOut
	if t == 0 || p.Timeout.Kind != TimeoutNone || p.Deadline <= 0 || s.GatewayTimedOut() > 0 {
		return nil
	}
	head, d := fmt.Sprintf("%s %s", Ended(TimedOut).Term().Column, FmtCount(t)), FmtDur(p.Deadline.D())
	return []string{
		fmt.Sprintf("%s: the %s deadline passed during their call (no timeout of their own)", head, d),
		fmt.Sprintf("%s: the %s deadline passed during their call", head, d),
		fmt.Sprintf("%s: %s deadline passed mid-call", head, d),
	}
}
