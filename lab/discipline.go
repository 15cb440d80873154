// The queue disciplines of the pool's accept queue (pool.discipline; the isolation article,
// ch. 3, and article 002: a queue orders work, it does not bound it): the registry of
// disciplines, FIFO and LIFO here, each with the rule the engine's pool follows (which
// waiting request a freed worker takes, and how long one may wait), its validation row, its
// words on the screen and in the help.

package lab

import (
	"cmp"
	"container/heap"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Discipline is the order (and the patience) of the pool's accept queue: a registered one's name.
type Discipline string

// The disciplines of this file: oldest first, and newest first.
const (
	FIFO Discipline = "fifo"
	LIFO Discipline = "lifo"
)

// Disciplines lists every registered discipline, in rank order.
var Disciplines []Discipline

// A discipline is a queue discipline as its file registers it.
type discipline struct {
	name  Discipline
	rank  int    // its place in Disciplines, lowest first
	label string // how the screen names it: "FIFO"
	// setting is its settings value beyond the label, from the pool's config; nil: the label.
	setting func(p PoolConfig) string
	// limit is its rule for how long a request may wait, the settings item "waits" after the
	// queue's (its forms, longest first); nil: none, the queue's order alone.
	limit func(p PoolConfig) []string
	// rule is what it asks of the engine's pool under p.
	rule func(p PoolConfig) QueueRule
}

var disciplines = map[Discipline]*discipline{}

// registerDiscipline adds d to the registry, at its rank among the others.
func registerDiscipline(d discipline) {
	disciplines[d.name] = &d
	Disciplines = insertRanked(Disciplines, d.name, func(x Discipline) int { return disciplines[x].rank })
}

// A QueueRule is a discipline at work on the pool's accept queue, as the engine's pool asks
// it: at each arrival that must wait, how long the request may wait for a worker before it
// is turned away (for Expired); at each worker that frees, whether it takes the newest
// request rather than the oldest. standing is how long the queue has held requests without
// a break, up to the moment asked (0: it is empty).
type QueueRule struct {
	limit   func(standing time.Duration) time.Duration
	newest  func(standing time.Duration) bool
	expired Reason
}

// Limit is how long a request arriving now may wait; 0: as long as it takes.
func (q QueueRule) Limit(standing time.Duration) time.Duration {
	if q.limit == nil {
		return 0
	}
	return q.limit(standing)
}

// Newest says a worker that frees now takes the newest waiting request.
func (q QueueRule) Newest(standing time.Duration) bool { return q.newest != nil && q.newest(standing) }

// Expired is why a request that outwaited its limit is turned away.
func (q QueueRule) Expired() Reason { return q.expired }

// Rule is the rule of p's discipline; an unknown one (Validate refuses it) serves the oldest first.
func (p PoolConfig) Rule() QueueRule {
	if d := disciplines[p.Discipline]; d != nil && d.rule != nil {
		return d.rule(p)
	}
	return QueueRule{}
}

// WaitsSeen says the timeline's sample, one a second, sees what waits in p's queue: a limit
// on each wait under a second empties it between samples nearly always, so a chart of it
// draws nothing (newcomer 35 #18). Both of a rule's limits count, the one while the queue
// has just been empty and the one once it stands (CoDel's interval and target: a target
// of 5ms under an interval of 2s keeps a standing queue as empty, review 31 #12).
func (p PoolConfig) WaitsSeen() bool {
	rule := p.Rule()
	for _, standing := range []time.Duration{0, math.MaxInt64} {
		if limit := rule.Limit(standing); limit > 0 && limit < time.Second {
			return false
		}
	}
	return true
}

// Label is how the screen names the discipline: FIFO, LIFO.
func (d Discipline) Label() string {
	if r := disciplines[d]; r != nil {
		return r.label
	}
	return strings.ToUpper(string(d))
}

// queueLimit are the forms of the settings item "waits" of the accept queue's discipline,
// longest first (nil: it sets no limit).
func (p PoolConfig) queueLimit() []string {
	if d := disciplines[p.Discipline]; p.Queue != 0 && d != nil && d.limit != nil {
		return d.limit(p)
	}
	return nil
}

// queueSetting is the settings value of the accept queue: its places and its discipline.
func (p PoolConfig) queueSetting() string {
	if p.Queue == 0 { // no place to wait, so no order to wait in
		return "none"
	}
	what := p.Discipline.Label()
	if d := disciplines[p.Discipline]; d != nil && d.setting != nil {
		what = d.setting(p)
	}
	return fmt.Sprintf("%v %s", p.Queue, what)
}

func init() {
	register(mechanism{
		name: "discipline",
		rank: 100,
		checks: func(c Config) []check {
			return []check{{"pool.discipline", !oneOf(c.Pool.Discipline, Disciplines...),
				fmt.Sprintf("must be %s, got %s", JoinList(Disciplines, "or"), Quote(string(c.Pool.Discipline)))}}
		},
		words: func() []part[[]Item] {
			return at(20, []Item{word("queue 100 FIFO", "the accept queue's length and order: FIFO serves the oldest first, LIFO the newest; none: no queue, a request that finds every worker busy is turned away. Its picture groups the waiting by class, not in their order"),
				word("oldest waiting", "on the queue line, how long the request that joined the queue first, and is still in it, has waited so far, and its class: no latency in the table is of a request still waiting. FIFO serves it next; LIFO serves it last, so under LIFO it keeps growing while the newest are served at once (the narrator's \"newest first\"). The report's pool.oldest_waiting_ms is it at the end"),
				word("arriving now", "with a FIFO queue, how long a request that arrives now waits for a worker, the queue played out: each request ahead, and then it, takes the first worker to free, each holding it for the mean time one of its class held a worker (over those that ended on a worker in the table's /s window; payments' where that is within a hundredth of their call's latency now, the call's, \"328ms: each of the 64 calls now\", the figure the narrator gives; else, briefly, \"× 49ms held\" beside calls of 50ms each: a worker is held a little longer than its call (the hand-off, the HTTP round trip), and one turned away on a worker at its deadline holds it for less, so the mean hold may stray either way; and the window's mean is not this instant's: \"× 328ms held\" beside \"62 at 308ms each\" is the hold of 64 calls at once through the window, the knee's 328ms, while 2 of the 64 busy workers are between calls this instant). \"the worker it gets frees in 2.40s, then serves 2 payments × 3.00s + 1 signup × 3.0ms, the 3 of the 75 ahead it serves first\": the worker that will take it is busy 2.40s more, then serves its share of the queue ahead first (2 of the 55 payments and 1 of the 20 signups waiting, the other 72 on other workers); the sum is the wait; of one class, \"frees in 75ms, then serves 42 (the 2700 ahead ÷ 64 workers, whole rounds), 328ms each\": the 2700 waiting over 64 workers, 42 rounds of them, each call 328ms. Where it serves none ahead first, \"for the 17th worker to free: 16 payments ahead take one each, 3 signups free theirs in 2.3ms\": those holding a worker longer than the one it gets takes to free keep one each, the others free theirs for the next. The narrator says it as a sentence, \"each of the 75 ahead, and then it, takes the first worker to free; the one it gets frees in 2.40s, then serves 2 payments × 3.00s + 1 signup × 3.0ms, the 3 of the 75 ahead it serves first\", or, where it serves none ahead first, as the 17th worker's above. Where that does not fit, \"(55 payments × 3.00s + 20 signups × 3.0ms) ahead ÷ 20 workers\": the work ahead spread over the workers, near the wait (\"near it: workers free unevenly\"), which the busy workers' time left moves a little as they free unevenly; the table's latencies are of finished requests, which a growing queue leaves behind. With payments' deadline, \"leaving 48ms of 800ms, under the 69ms a call needs: turned away (rejected:deadline)\": what the wait leaves of it, against the room deadline:enough-left asks, before how the wait adds up, which stands in brackets after the wait where it fits; where the payments ahead would keep it past what the deadline leaves a call, \"calls within ~727ms (800ms − 73ms a call needs), or waits longer and is turned away on a worker, as each ahead past it is at once\": a payment ahead that reaches a worker past 727ms is turned away there in no time, which frees the worker for the next, so no wait runs much past 727ms and not every arrival is turned away; the most is of the wait of one that calls: the table's p99:wait, arrival → on a worker, counts those turned away there too, whose wait ran past it; the sum over the mean hold (\"not ~755ms (370 ahead × 49ms held ÷ 24 workers)\", where it fits) overshoots, for that mean takes in seconds when fewer were turned away")})
		},
		health: at(22, arrivingNowHealth),
	})
	registerDiscipline(discipline{name: FIFO, rank: 10, label: "FIFO"})
	registerDiscipline(discipline{name: LIFO, rank: 20, label: "LIFO",
		rule: func(PoolConfig) QueueRule { return QueueRule{newest: func(time.Duration) bool { return true }} }})
}

// ArrivingNowLabel names the health item of a FIFO queue's wait for one arriving now, whose
// derivation the narrator leaves to it where it is drawn.
const ArrivingNowLabel = "arriving now"

// arrivingNowHealth is, in a FIFO queue of one instance, the wait of a request that arrives
// now: the work of all those queued ahead of it over the workers. A growing queue outruns the
// latencies of finished requests: the postmortem's p99 of 11.5s stood beside a wait of ~29s
// for an order arriving then.
func arrivingNowHealth(s *Snapshot, w int) []Item {
	a, ok := s.WaitArrivingNow()
	if !ok {
		return nil
	}
	const label = ArrivingNowLabel
	wait, work := FmtSecs(a.Wait), a.Work(s.Config.Traffic)
	if said, named := s.deadlineFate(a.Wait); said != "" {
		fate := said + named
		// What the deadline does to it outranks how the wait adds up, which the help and the
		// narrator give (newcomer 51 W1: "waits ~757ms" beside "deadline 800ms" and a room of
		// 73ms left the newcomer to find it turned away). Where the payments ahead would keep
		// it past the room the deadline leaves, the deadline cuts their wait too: the most it
		// waits, not a wait past it (newcomer 57). How the wait adds up stands beside the
		// wait, where it fits.
		if named != "" {
			if capped := s.waitCapped(a); capped != nil {
				return []Item{{Label: label, Value: fittingValue(label, w, capped...), Strong: true}}
			}
		}
		hows := []string{" (" + a.turnBrief(s.Config.Traffic, true) + ")", " (" + a.turnBrief(s.Config.Traffic, false) + ")", " (" + a.Short() + ")", ""}
		var values []string
		for _, how := range hows {
			values = append(values, "waits ~"+wait+how+fate)
		}
		return []Item{{Label: label, Value: fittingValue(label, w, values...), Strong: true}}
	}
	values := []string{fmt.Sprintf("~%s in the queue (%s)", wait, a.WorkSaid(s.Config.Traffic))}
	if !a.apart {
		// Bare, a hold that is not the calls' latency stood beside it as a second figure for
		// one thing (newcomer 50: "× 49ms" beside "now 24, 50ms each"): only with what it is.
		values = append(values, fmt.Sprintf("~%s in the queue (%s)", wait, work), fmt.Sprintf("waits ~%s (%s)", wait, work))
	}
	if freed := a.Freed(s.Config.Traffic); freed != "" {
		// Which worker it gets, and why not the one after all those ahead, before its place
		// in line, which that form leaves unexplained ("20th in line" beside the 17th
		// worker to free, where 3 signups ahead free theirs at once).
		values = append([]string{fmt.Sprintf("waits ~%s %s", wait, freed)}, values...)
	}
	values = append(values,
		// The same derivation as the narrator's where any form of it fits, before a second
		// one (newcomer 38 W9): bare before the even spread with its hold, or 140 columns
		// showed the sum where 120 showed the derivation (review 35 m6).
		fmt.Sprintf("waits ~%s: %s", wait, a.Turn(s.Config.Traffic)+a.turnHolds(a.held(true))),
		fmt.Sprintf("waits ~%s: %s", wait, a.Turn(s.Config.Traffic)+a.turnHolds(a.held(false))))
	if !a.apart { // turnBrief says what a hold apart is
		values = append(values, fmt.Sprintf("waits ~%s: %s", wait, a.Turn(s.Config.Traffic)))
	}
	// Of whole rounds, the terse form's rule in its words with what its parts are, before
	// turnBrief's: 80 and 120 columns wrote the rounds two ways (newcomer 65).
	terse, named := a.turnTerse()
	if named != "" {
		values = append(values, fmt.Sprintf("waits ~%s: %s", wait, named))
	}
	values = append(values,
		fmt.Sprintf("waits ~%s: %s", wait, a.turnBrief(s.Config.Traffic, true)),
		fmt.Sprintf("waits ~%s: %s", wait, a.turnBrief(s.Config.Traffic, false)))
	if terse != "" { // before the work ahead ÷ the workers, another rule (newcomer 65)
		values = append(values, fmt.Sprintf("waits ~%s: %s", wait, terse))
	}
	values = append(values,
		fmt.Sprintf("waits ~%s: %s", wait, a.SumSaid(s.Config.Traffic)),
		fmt.Sprintf("waits ~%s: %s", wait, a.SumHeld(s.Config.Traffic)))
	// Without what the sum computes to, only where that is the wait shown: "~711ms: 345
	// orders × 49ms ahead ÷ 24 workers" is 704ms (newcomer 36 #15).
	if a.Even() == ShownSecs(a.Wait) {
		values = append(values, fmt.Sprintf("waits ~%s: %s", wait, a.AheadSaid(s.Config.Traffic)))
	}
	if !a.apart {
		values = append(values, fmt.Sprintf("waits ~%s: %s", wait, a.Sum(s.Config.Traffic)))
	}
	value := fittingValue(label, w, append(values,
		fmt.Sprintf("~%s in the queue (%s)", wait, a.Short()), fmt.Sprintf("waits ~%s in the queue", wait))...)
	return []Item{{Label: label, Value: value, Strong: true}}
}

// ArrivingWait is the wait of a request arriving now in a FIFO queue: it takes the worker
// that frees after those the queue ahead of it took, so after the requests on the workers
// end and the work queued ahead, each class's queued requests times the worker-time one
// holds. The holds are measured over the table's /s window, from From to To seconds.
type ArrivingWait struct {
	Wait     time.Duration
	Ahead    []QueuedWork
	Workers  int
	From, To int
	// The worker it gets, played out: Wait is Left, the hold left to the request on it now
	// (0: it is idle), and Before[i] of Ahead[i]'s class, served on it first, each its Hold.
	Left   time.Duration
	Before []int
	// Rank is the worker it gets, its place among the workers by when each frees now (1:
	// the first, an idle one).
	Rank int
	// Calls: where more than 0, the payments' hold is their call's latency at these calls
	// at once, the knee's (CallLatencyNow), which the measured hold agrees with (holdIsCall).
	Calls int
	// apart: the orders' hold is not their calls' latency, which the calls' line gives (a
	// worker's time off the call adds to it, a rejection on a worker takes from it: review
	// 42a read 51ms held beside 50ms calls, none turned away), so a bare hold is a second figure.
	apart bool
}

// QueuedWork is one class's requests in the queue and the worker-time each holds.
type QueuedWork struct {
	Class  Class
	Queued int
	Hold   time.Duration
}

// Work writes what the wait is made of: "once workers have freed 76 times, each on the first
// to free; the worker it gets frees in 2.40s, then serves 2 payments × 3.00s + 1 signup ×
// 3.0ms, the 3 of the 75 ahead it serves first".
func (a ArrivingWait) Work(t TrafficConfig) string { return a.work(t, "") }

// Played is the wait played out in a sentence, for a narrator's line, after "waits ~3.6s",
// its separator and all: where the worker it gets serves none ahead first, Freed's " for the
// 17th worker to free: 16 payments ahead take one each, 3 signups free theirs in 2.2ms", as
// the health panel says it; else ": each of the 43 ahead, and then it, takes the first worker
// to free; the one it gets frees in 621ms, then serves 1 payment × 3.00s + 1 signup × 2.2ms,
// the 2 of the 43 ahead it serves first", Turn's terms, which add up to the wait. Work's "once workers have
// freed 44 times, …" read as notes, not a sentence, in a compare half (newcomer 40 #3), "44"
// beside 43 waiting had needed "for the 43 ahead and for it" (newcomer 32), and "the 19 ahead
// and then it each take the first worker to free" read garbled (newcomer 44 w3).
func (a ArrivingWait) Played(t TrafficConfig) string {
	if freed := a.Freed(t); freed != "" {
		return " " + freed
	}
	who := "it takes the first worker to free"
	if n := a.queued(); n > 0 {
		who = fmt.Sprintf("each of the %s ahead, and then it, takes the first worker to free", FmtCount(int64(n)))
	}
	return ": " + who + "; " + a.turn(t, "the one it gets")
}

// WorkSaid writes the same with what its holds are, which need not be the dependency's
// latency (the postmortem fix's 49ms beside calls of 50ms: some orders held a worker only
// to be turned away at their deadline): "…; the worker it gets frees in 20ms, then serves
// 15 of the 370 ahead, 49ms each; 49ms: the mean time one held a worker in 20–25s"; with
// several classes, "…; each ×: …".
func (a ArrivingWait) WorkSaid(t TrafficConfig) string { return a.work(t, a.held(true)) }

// SumSaid is Sum with what its holds are, for a line without room for the busy workers' part:
// "7209 orders × 329ms ahead ÷ 64 workers; 329ms: the mean time one held a worker in 25–30s".
// Bare, the 329ms stood beside the narrator's calls of 328ms each as a second figure for
// one thing (newcomer 25); where the hold is the call's, that one figure: "…; 328ms: each
// of the 64 calls now" (holdIsCall).
func (a ArrivingWait) SumSaid(t TrafficConfig) string { return a.Sum(t) + a.holds(a.held(true)) }

// SumHeld is SumSaid in fewer words: "…; 49ms: the mean hold in 25–30s", for a line with
// room for what the sum computes to but not for the whole of what a hold is.
func (a ArrivingWait) SumHeld(t TrafficConfig) string {
	return a.Sum(t) + a.holds(a.held(false))
}

// AheadSaid is SumSaid without what the sum computes to, for a line without room for both:
// what a hold is outranks a second figure for the wait (newcomer 26: "waits ~688ms: 338
// orders × 49ms ahead ÷ 24 workers = 690ms if evenly freed" beside calls of 50ms each, two
// figures for one wait and a hold shorter than a call, unsaid).
func (a ArrivingWait) AheadSaid(t TrafficConfig) string {
	return a.sum(t, false) + a.holds(a.held(true))
}

// held says what each hold is: the mean time one held a worker in the window, in full or
// briefly; payments' alone, where it is their call's, "each of the 64 calls now", the figure
// the narrator and the calls' line give. With other classes their holds are measured, and
// the call's is within a hundredth of its own measured mean (holdIsCall).
func (a ArrivingWait) held(full bool) string {
	switch {
	case a.Calls > 0 && len(a.Ahead) == 1 && a.Ahead[0].Class == Payment:
		return fmt.Sprintf("each of the %d calls now", a.Calls)
	case full:
		return "the mean time one held a worker in " + FmtSpan(a.From, a.To)
	}
	return "the mean hold in " + FmtSpan(a.From, a.To)
}

// Short writes the shortest: "76th in line", its place in the queue, not a worker's ("the
// 76th worker to free", then "after 76 workers free", beside a pool of 20 read as workers
// that cannot be: newcomer 28, review 18; "once workers have freed 76 times, each on the
// first to free" read garbled: newcomer 49 g6).
func (a ArrivingWait) Short() string {
	if n := a.queued() + 1; n > 1 {
		return Ordinal(n) + " in line"
	}
	return "after a worker frees"
}

func (a ArrivingWait) queued() int {
	n := 0
	for _, q := range a.Ahead {
		n += q.Queued
	}
	return n
}

// Sum writes the work queued ahead over the workers that share it, and, where the wait (said
// before it) differs a little from what that computes to as printed, why: "(40 payments ×
// 3.00s + 26 signups × 2.3ms) ahead ÷ 20 workers; near it: workers free unevenly",
// beside ~6.1s (the even figure, "= 6.0s if evenly freed", was a second wait beside the
// first: newcomer 37 #13). The "÷ N workers" made newcomer 15 stop multiplying 40 × 3.00s out to 120s
// against ~6.1s; the even figure said, newcomer 16 stop at 6.0s; the played-out figure said
// as such, not as "+ 100ms (uneven frees)", which newcomers 19 and 20 could not rebuild.
// Where the two are far apart the division is left out, for it computes to a wait the
// screen does not show: newcomer 22 read "waits ~3.6s: (29 payments × 3.00s + 14 signups ×
// 2.4ms) ahead ÷ 20 workers = 4.4s if evenly freed" as two answers (the long queue at 10s,
// whose fast signups ahead free their workers at once): "29 payments of 3.00s and 14
// signups of 2.4ms ahead, each taking the first of the 20 workers to free".
func (a ArrivingWait) Sum(t TrafficConfig) string { return a.sum(t, true) }

// sum is Sum, with what it computes to where even says so.
func (a ArrivingWait) sum(t TrafficConfig, even bool) string {
	var terms, parts []string
	held, _ := a.shownHolds()
	for i, q := range a.Ahead {
		what := fmt.Sprintf("%s %s", FmtCount(int64(q.Queued)), a.named(t, i, q.Queued))
		terms = append(terms, fmt.Sprintf("%s × %s", what, held[i]))
		parts = append(parts, fmt.Sprintf("%s of %s", what, held[i]))
	}
	spread, shown := a.Even(), ShownSecs(a.Wait)
	if len(parts) > 0 && (spread-shown).Abs() > max(shown/10, 100*time.Millisecond) {
		return fmt.Sprintf("%s ahead, each taking the first of the %d workers to free", JoinList(parts, "and"), a.Workers)
	}
	work := strings.Join(terms, " + ")
	if len(terms) > 1 {
		work = "(" + work + ")"
	}
	out := fmt.Sprintf("%s ahead ÷ %d workers", work, a.Workers)
	if even && spread != shown {
		out += unevenly
	}
	return out
}

// unevenly ends a Sum that computes to a little more or less than the wait said before it:
// why, with no second figure ("~808ms: … = 871ms if evenly freed" gave two waits side by
// side, newcomer 37 #13): the busy workers free as their own holds run out, sooner or later
// than a whole hold each, and the help's "arriving now" says so. "; the busy free unevenly"
// read garbled, "the busy" no noun (newcomer 41 W3).
const unevenly = "; near it: workers free unevenly"

// Even is the work ahead over the workers, from the holds as printed: the wait were the
// queue's turn spread evenly over them.
func (a ArrivingWait) Even() time.Duration {
	_, holds := a.shownHolds()
	return a.evenOver(holds)
}

// evenOver is the work ahead, each class's queued times its hold in holds, over the workers.
func (a ArrivingWait) evenOver(holds []time.Duration) time.Duration {
	var work time.Duration
	for i, q := range a.Ahead {
		work += time.Duration(q.Queued) * holds[i]
	}
	return ShownSecs(work / time.Duration(max(a.Workers, 1)))
}

// shownHolds are the holds as the sum prints them, and what they are as printed: as
// FmtLatency writes them, or one digit finer where that computes nearer the wait shown
// (newcomer33 22: "338 orders × 49ms ahead ÷ 24 workers" is 690ms beside ~699ms; 49.6ms is
// 699ms). The wait is played out over the busy workers' frees, so it need not be the even
// figure: where the two differ, Sum says what the holds compute to.
func (a ArrivingWait) shownHolds() ([]string, []time.Duration) {
	texts, holds := make([]string, len(a.Ahead)), make([]time.Duration, len(a.Ahead))
	fineTexts, fine := make([]string, len(a.Ahead)), make([]time.Duration, len(a.Ahead))
	for i, q := range a.Ahead {
		texts[i], holds[i] = FmtLatency(q.Hold), ShownLatency(q.Hold)
		fineTexts[i], fine[i] = FmtLatencyFiner(q.Hold)
	}
	if wait := ShownSecs(a.Wait); (a.evenOver(fine) - wait).Abs() < (a.evenOver(holds) - wait).Abs() {
		return fineTexts, fine
	}
	return texts, holds
}

// work writes what the wait is made of, with what each hold is (held) when not "": each
// takes the first worker to free, and then Turn.
func (a ArrivingWait) work(t TrafficConfig, held string) string {
	return a.Short() + ", each ahead taking the first worker to free; " + a.Turn(t) + a.turnHolds(held)
}

// Turn is the wait played out on the worker the arrival gets: when it frees of the request
// on it now and those ahead it serves first, terms that add up to the wait as printed
// ("~8.4s: the worker it gets frees in 2.40s, then serves 2 payments × 3.00s + 1 signup ×
// 3.0ms, the 3 of the 75 ahead it serves first"). The busy workers' frees said and then the work ahead ÷ the
// workers read as two terms to add, which came to twice the wait (newcomer 38 W9: "the 20
// busy free 1.06s–2.65s from now, then (16 payments × 3.00s + 3 signups × 2.3ms) ahead ÷
// 20 workers" beside ~2.6s).
func (a ArrivingWait) Turn(t TrafficConfig) string { return a.turn(t, "the worker it gets") }

// turn is Turn with its subject, the worker the arrival gets, named so: the worker it will
// get, not one it has (newcomer 39 G7: "on its worker" read as a request already on one),
// and a subject with verbs (newcomer 43 G-7: "on the worker it gets, 95ms left + 42 orders
// × 328ms" read garbled, and its 42 as orders, not rounds of the workers).
func (a ArrivingWait) turn(t TrafficConfig, worker string) string {
	switch {
	case !a.stacked() && a.Left > 0:
		return worker + " frees in " + FmtLatency(a.Left)
	case !a.stacked():
		return worker + " is free"
	case a.Left > 0:
		return worker + " frees in " + FmtLatency(a.Left) + ", then serves " + a.served(t, false)
	}
	return worker + " first serves " + a.served(t, false)
}

// turnTerse is turnBrief in the fewest words, where the worker the arrival gets serves whole
// rounds of one class's queue first: "its worker frees in 185ms + ⌊5728 ÷ 64⌋ × 328ms held",
// within 80 columns, where "~29.4s in the queue (5728th in line)" said no derivation
// (newcomer 60); named, the same with what its parts are, "the worker it gets frees in 185ms
// + ⌊5728 ÷ 64⌋ rounds × 328ms, the mean hold in 20–25s", for a line without room for
// turnBrief with its hold said: 120 columns gave the same wait by the work ahead ÷ the
// workers, another rule, and 80 "185ms left + 89 whole rounds (5728 ÷ 64)", a "left"
// unexplained and 89 where 5728 ÷ 64 is 89.5 (newcomer 65). "": not so.
func (a ArrivingWait) turnTerse() (terse, named string) {
	if whole, _ := a.wholeRounds(); len(a.Ahead) != 1 || a.Left <= 0 || !a.stacked() || !whole {
		return "", ""
	}
	texts, _ := a.shownHolds()
	rounds := fmt.Sprintf("⌊%s ÷ %d⌋", FmtCount(int64(a.queued())), a.Workers)
	left := FmtLatency(a.Left)
	return fmt.Sprintf("its worker frees in %s + %s × %s%s", left, rounds, texts[0], a.heldMark()),
		fmt.Sprintf("the worker it gets frees in %s + %s rounds × %s, %s", left, rounds, texts[0], a.held(false))
}

// wholeRounds says the one class ahead's part the arrival's worker serves first is the
// queue's whole rounds of the workers, and rounded that the division leaves a remainder:
// "89 (the 5731 ahead ÷ 64 workers)" is 89.5, said "whole rounds" (newcomer 46).
func (a ArrivingWait) wholeRounds() (whole, rounded bool) {
	n, w := a.queued(), max(a.Workers, 1)
	return a.Before[0] == n/w, n%w != 0
}

// turnBrief is Turn as terms to add, for a line without room for its verbs: "1.08s left on
// the worker it gets, then 5 of 89 ahead: 3 payments × 3.00s + 2 signups × 2.3ms" (the long
// queue's at 120 columns; "on the worker it gets, 1.08s left" read garbled: newcomer 43 G-7).
// Of several classes, which of those ahead before their terms, as the worker serves them:
// after the terms, "…, 2 of 33 ahead first" was a riddle (newcomer 62). whose says they are
// the worker's, "its 2 of 33 ahead", where a line has the room: bare, "2 of 33 ahead" left
// of what to guess (newcomer 64).
func (a ArrivingWait) turnBrief(t TrafficConfig, whose bool) string {
	if !a.stacked() || a.Left <= 0 {
		return a.Turn(t)
	}
	left := FmtLatency(a.Left) + " left on the worker it gets"
	if len(a.Ahead) > 1 {
		its := ""
		if whose {
			its = "its "
		}
		return left + fmt.Sprintf(", then %s%s of %s ahead: ", its, FmtCount(int64(a.first())), FmtCount(int64(a.queued()))) +
			strings.Join(a.aheadTerms(t), " + ")
	}
	return left + " + " + a.served(t, true)
}

// heldMark marks the hold as a hold where it is not the calls' latency: "× 49ms held", not a
// call's 50ms (the help's "arriving now" says why).
func (a ArrivingWait) heldMark() string {
	if a.apart {
		return " " + heldWord
	}
	return ""
}

// heldWord marks a hold, the mean time one held a worker, where it is not the calls' latency.
const heldWord = "held"

// served is the work ahead the arrival's worker serves first, with what it is of the queue:
// of one class, its part and each one's hold, "42 (the 2700 ahead ÷ 64 workers), 328ms
// each", the division where the part is the queue's rounds of the workers ("42 of 2700
// orders" was decoded as 2700 ÷ 64 only after a while: newcomer 41 G7; "its 1 in 24 of the
// 292 ahead" was still a riddle: newcomer 42); of several, each term says of how many
// (aheadTerms), then what they are of the queue, "2 payments × 3.00s + 1 signup × 3.0ms, the
// 3 of the 75 ahead it serves first" (servedPart; turnBrief says it before the terms): "… of
// the 33 ahead" left why only 2 of 33 count to work out (newcomer 55: the others go to the
// other workers), and "its part of 33 ahead" read garbled (newcomer 58 G4).
// One class's hold is said ", %s each", or briefly " × %s" (held where it is a hold).
func (a ArrivingWait) served(t TrafficConfig, brief bool) string {
	each := ", %s each"
	if brief {
		each = " × %s" + a.heldMark()
	}
	if len(a.Ahead) > 1 {
		return strings.Join(a.aheadTerms(t), " + ") + fmt.Sprintf(servedPart, FmtCount(int64(a.first())), FmtCount(int64(a.queued())))
	}
	n := a.queued()
	out := fmt.Sprintf("%s of the %s ahead", FmtCount(int64(a.Before[0])), FmtCount(int64(n)))
	if whole, rounded := a.wholeRounds(); whole {
		// Whole rounds: "41 (the 2687 ahead ÷ 64 workers)" read as a wrong division (42.0)
		// beside 42 queue cells (newcomer 46).
		down := ""
		if rounded {
			down = ", whole rounds"
		}
		out = fmt.Sprintf("%s (the %s ahead ÷ %d workers%s)", FmtCount(int64(a.Before[0])), FmtCount(int64(n)), a.Workers, down)
	}
	texts, _ := a.shownHolds()
	return out + fmt.Sprintf(each, texts[0])
}

// servedPart is what the several classes' terms a worker serves first are of the queue, in a
// sentence whose subject is that worker (newcomer 58 G4).
const servedPart = ", the %s of the %s ahead it serves first"

// first is how many of those ahead the worker the arrival gets serves first.
func (a ArrivingWait) first() int {
	n := 0
	for _, b := range a.Before {
		n += b
	}
	return n
}

// Freed is the wait where the worker it gets serves none of those ahead first: that worker's
// place among those to free, and what those ahead do with the ones before it: "for the 17th
// worker to free: 16 payments ahead take one each, 3 signups free theirs in 2.3ms"
// (newcomer 41 W6: "each on the first of 20 workers to free" read garbled, and as the 3
// signups taking 3 of them). A class whose hold outlasts the time the arrival's worker has
// left keeps the worker it takes; one that does not frees it for the next. "": it serves
// some first, or the classes that keep one do not account for the workers before it.
func (a ArrivingWait) Freed(t TrafficConfig) string {
	if a.stacked() || a.Left <= 0 || a.queued() == 0 {
		return ""
	}
	texts, _ := a.shownHolds()
	var keep []string
	kept := 0
	for i, q := range a.Ahead {
		what := a.named(t, i, q.Queued)
		switch {
		case q.Hold >= a.Left:
			kept += q.Queued
			takes := "take one each"
			if q.Queued == 1 {
				takes = "takes one"
			}
			keep = append(keep, fmt.Sprintf("%s %s ahead %s", FmtCount(int64(q.Queued)), what, takes))
		case q.Queued == 1:
			keep = append(keep, fmt.Sprintf("1 %s frees its worker in %s", what, texts[i]))
		default:
			keep = append(keep, fmt.Sprintf("%s %s free theirs in %s", FmtCount(int64(q.Queued)), what, texts[i]))
		}
	}
	if kept != a.Rank-1 {
		return ""
	}
	return fmt.Sprintf("for the %s worker to free: %s", Ordinal(a.Rank), strings.Join(keep, ", "))
}

// named is Ahead[i]'s class as n of it are called (counted; n is never 0 here).
func (a ArrivingWait) named(t TrafficConfig, i, n int) string {
	return counted(t.Label(a.Ahead[i].Class), n)
}

// aheadTerms is the work of several classes ahead the worker the arrival gets serves
// first, a term a class: "1 payment × 3.00s".
func (a ArrivingWait) aheadTerms(t TrafficConfig) []string {
	var terms []string
	texts, _ := a.shownHolds()
	for i, n := range a.Before {
		if n == 0 {
			continue
		}
		// Of how many, once, after the terms (served): "65 orders" beside 4202 waiting read as
		// the queue's length (newcomer 39 W2, review 33 #4), and "1 of 23 payments + 1 of 10
		// signups" as a riddle (newcomer 51 G2).
		terms = append(terms, fmt.Sprintf("%s %s × %s", FmtCount(int64(n)), a.named(t, i, n), texts[i]))
	}
	return terms
}

// stacked says the worker the arrival gets serves some of those ahead first.
func (a ArrivingWait) stacked() bool {
	return slices.ContainsFunc(a.Before, func(n int) bool { return n > 0 })
}

// turnHolds is holds for Turn: "" where it prints no hold.
func (a ArrivingWait) turnHolds(held string) string {
	if !a.stacked() {
		return ""
	}
	return a.holds(held)
}

// holds says what the holds are, held, after the work ahead: "; 49ms: …" for one class,
// "; each ×: …" for several; "" with held "".
func (a ArrivingWait) holds(held string) string {
	switch {
	case held != "" && len(a.Ahead) == 1:
		texts, _ := a.shownHolds()
		return fmt.Sprintf("; %s: %s", texts[0], held)
	case held != "":
		return "; each ×: " + held
	}
	return ""
}

// Ordinal writes n as an English ordinal: 1st, 2nd, 3rd, 11th, 21st, 76th.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// WaitArrivingNow is how long a request arriving now would wait in a FIFO queue of one
// instance: the queue moves each time a worker frees, so it waits until the requests on the
// workers and those queued ahead of it have freed one for it, each holding a worker for its
// class's hold. A class's hold is measured: the mean time a request of it held a worker
// (picked up → ended), over those that ended on a worker in the table's window. (Little's
// law over the window, the workers held over the rate taken, read 3.12s for the long queue's
// 3s payments: a young run's window takes fewer than its workers hold.) A request on a worker
// has its class's hold left, less the time it has held it so far.
//
// The work queued ÷ the workers (8.25s for the long queue's 55 payments of 3s on 20) leaves
// out the holds left to those on the workers; adding their mean (1.5s) overshoots, for the
// queue waits for the first worker to free, not the average one: fifoWait plays the queue
// out instead (the check, a queue run event by event: TestWaitArrivingNowIsTheQueues).
// false: no such queue, none waiting, or a class waiting of which none ended on a worker in
// the window.
func (s *Snapshot) WaitArrivingNow() (ArrivingWait, bool) {
	if s.arriving != nil { // settled
		return s.arriving.wait, s.arriving.ok
	}
	if s.Config.Pool.Discipline != FIFO || s.Fleet != nil || s.Pool.Queued == 0 || s.Pool.Size == 0 {
		return ArrivingWait{}, false
	}
	secs := s.rateSeconds()
	if len(secs) == 0 {
		return ArrivingWait{}, false
	}
	a := ArrivingWait{Workers: s.Pool.Size, From: secs[0].T - 1, To: secs[len(secs)-1].T}
	var holds [numClasses]time.Duration // 0: none of the class ended on a worker in the window
	for _, c := range Classes {
		var served int64
		var held time.Duration
		for _, sec := range secs {
			served += sec.Served[c]
			held += sec.HeldFor[c]
		}
		if served > 0 {
			// The hold as shown, so that the sum computes from what is printed.
			holds[c] = ShownLatency(held / time.Duration(served))
		}
	}
	each, n := s.CallLatencyNow()
	if holdIsCall(holds[Payment], ShownLatency(each)) { // as printed: 331ms beside 328ms calls was two figures (s64)
		holds[Payment], a.Calls = ShownLatency(each), n
	}
	for _, c := range Classes {
		if s.Pool.QueuedBy[c] == 0 {
			continue
		}
		if holds[c] == 0 {
			return ArrivingWait{}, false
		}
		a.Ahead = append(a.Ahead, QueuedWork{Class: c, Queued: s.Pool.QueuedBy[c], Hold: holds[c]})
	}
	a.apart = a.Calls == 0 && each > 0 && len(a.Ahead) == 1 && a.Ahead[0].Class == Payment
	// What is left of each hold on the workers; one of a class none of which ended in the
	// window has no hold to go by: no estimate.
	left := make([]time.Duration, 0, a.Workers)
	for _, w := range s.Pool.Workers {
		switch {
		case !w.Busy():
		case holds[w.Class] == 0:
			return ArrivingWait{}, false
		case len(left) < a.Workers:
			left = append(left, max(holds[w.Class]-w.Held, 0))
		}
	}
	a.Wait, a.Left, a.Before = fifoWait(left, a.Workers, a.Ahead)
	// The idle free first, then the busy by what they have left.
	a.Rank = a.Workers - len(left) + 1
	for _, l := range left {
		if l < a.Left {
			a.Rank++
		}
	}
	return a, true
}

// holdIsCall says a payment's measured hold is its call's latency: within a hundredth, what a
// worker adds about the call (the hand-off, the HTTP round trip) and the window's jitter
// about the curve. Then the two are one fact, said in one figure, the call's, as the narrator
// and the calls' line say it (newcomer 38 W4: "64 at 328ms each" beside "4196 orders × 327ms
// ahead"); apart, as the postmortem fix's 49ms beside calls of 50ms (some held a worker only to
// be turned away at their deadline) or 51ms (the hand-off and round trip, none turned away),
// the hold is its own fact, and said as such.
func holdIsCall(hold, call time.Duration) bool {
	return hold > 0 && call > 0 && (hold-call).Abs() <= call/100
}

// CallLatencyNow is each call's latency at the calls at the dependency now, on its knee's curve,
// and those calls; 0 without a knee or a call.
func (s *Snapshot) CallLatencyNow() (time.Duration, int) {
	n := int(s.Dependency.InFlight)
	each, _ := s.Config.kneeForecast().Answers(n)
	return each, n
}

// P99Rising says class c's p99, of the requests that ended, falls short of what those
// still in flight will get (newcomer 17: postmortem's p99 11.5s beside 5,783 waiting, where
// one arriving now waits ~29s): at least 1% of its requests not turned away are in flight,
// enough to hold the whole top 1%, and one arriving now (WaitArrivingNow) waits longer
// than the p99 by more than a tenth, its own hold counted. It gives that wait.
func (s *Snapshot) P99Rising(c Class) (ArrivingWait, bool) {
	cs := s.Classes[c]
	if cs.InFlight == 0 || 100*cs.InFlight < cs.Latency.Count+cs.InFlight {
		return ArrivingWait{}, false
	}
	a, ok := s.WaitArrivingNow()
	// Its latency, to weigh against the p99's: the wait and then its own hold (the review).
	latency := a.Wait
	for _, q := range a.Ahead {
		if q.Class == c {
			latency += q.Hold
		}
	}
	return a, ok && 10*latency > 11*cs.Latency.P99
}

// fifoWait plays a FIFO queue out: workers, of which those in left are busy for that long
// yet, serve the queue ahead in its order, each request on the first worker to free; the
// answer is when one frees for the request after them, and that worker's part of it: the
// hold it has left now (from), and how many of each class ahead it serves first (before).
// The queue's classes are taken in turn, spread evenly (its own order is not kept).
func fifoWait(left []time.Duration, workers int, ahead []QueuedWork) (wait, from time.Duration, before []int) {
	times := make([]time.Duration, workers) // the idle free at once
	copy(times, left)
	free := make(turnHeap, workers)
	for i, t := range times {
		free[i] = turn{at: t, from: t, before: make([]int, len(ahead))}
	}
	// One class, its hold no shorter than the spread of the times left: the frees come round
	// by round in the same order, so the queue's n is n ÷ workers rounds and the n mod
	// workers-th worker after them (the postmortem's thousands queued, without playing each).
	if len(ahead) == 1 && slices.Max(times)-slices.Min(times) <= ahead[0].Hold {
		slices.SortFunc(free, func(x, y turn) int { return cmp.Compare(x.at, y.at) })
		n := ahead[0].Queued
		w := free[n%workers]
		return w.at + time.Duration(n/workers)*ahead[0].Hold, w.from, []int{n / workers}
	}
	heap.Init(&free)
	total, placed := 0, make([]int, len(ahead))
	for _, q := range ahead {
		total += q.Queued
	}
	for n := range total {
		// The class furthest behind its even share of the first n+1.
		next, behind := 0, -1.0
		for i, q := range ahead {
			if d := float64(q.Queued)*float64(n+1)/float64(total) - float64(placed[i]); placed[i] < q.Queued && d > behind {
				next, behind = i, d
			}
		}
		placed[next]++
		free[0].at += ahead[next].Hold
		free[0].before[next]++
		heap.Fix(&free, 0)
	}
	return free[0].at, free[0].from, free[0].before
}

// turn is a worker in fifoWait: when it frees (at), the hold it had left at the start
// (from), and how many of each class ahead it took since.
type turn struct {
	at, from time.Duration
	before   []int
}

// turnHeap is a min-heap of workers by when they free.
type turnHeap []turn

func (h turnHeap) Len() int           { return len(h) }
func (h turnHeap) Less(i, j int) bool { return h[i].at < h[j].at }
func (h turnHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *turnHeap) Push(x any)        { *h = append(*h, x.(turn)) }
func (h *turnHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
