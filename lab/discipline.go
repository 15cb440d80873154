// The queue disciplines of the pool's accept queue (pool.discipline; the isolation article,
// ch. 3, and seed 002: a queue orders work, it does not bound it): the registry of
// disciplines, FIFO and LIFO here, each with the rule the engine's pool follows (which
// waiting request a freed worker takes, and how long one may wait), its validation row, its
// words on the screen and in the help.

package lab

import (
	"fmt"
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

// Label is how the screen names the discipline: FIFO, LIFO.
func (d Discipline) Label() string {
	if r := disciplines[d]; r != nil {
		return r.label
	}
	return strings.ToUpper(string(d))
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
				fmt.Sprintf("must be %s, got %s", orList(Disciplines), Quote(string(c.Pool.Discipline)))}}
		},
		words: at(20, []Item{word("queue 100 FIFO", "the accept queue's length and order: FIFO serves the oldest first, LIFO the newest; none: no queue, a request that finds every worker busy is turned away. Its picture groups the waiting by class, not in their order"),
			word("arriving now", "with a FIFO queue, how long a request that arrives now waits for a worker: the work ahead of it (each class's queued requests times the mean time one of that class held a worker, over those that ended on a worker in the table's /s window) over the workers; the table's latencies are of finished requests, which a growing queue leaves behind")}),
		health: at(22, arrivingNowHealth),
	})
	registerDiscipline(discipline{name: FIFO, rank: 10, label: "FIFO"})
	registerDiscipline(discipline{name: LIFO, rank: 20, label: "LIFO",
		rule: func(PoolConfig) QueueRule { return QueueRule{newest: func(time.Duration) bool { return true }} }})
}

// arrivingNowHealth is, in a FIFO queue of one instance, the wait of a request that arrives
// now: the work of all those queued ahead of it over the workers. A growing queue outruns the
// latencies of finished requests: the postmortem's p99 of 11.5s stood beside a wait of ~29s
// for an order arriving then.
func arrivingNowHealth(s *Snapshot, w int) []Item {
	a, ok := s.WaitArrivingNow()
	if !ok {
		return nil
	}
	const label = "arriving now"
	wait, work := FmtSecs(a.Wait), a.Work(s.Config.Traffic)
	value := fittingValue(label, w, fmt.Sprintf("~%s in the queue (%s)", wait, a.WorkSaid(s.Config.Traffic)),
		fmt.Sprintf("~%s in the queue (%s)", wait, work), fmt.Sprintf("waits ~%s (%s)", wait, work), fmt.Sprintf("waits ~%s in the queue", wait))
	return []Item{{Label: label, Value: value, Strong: true}}
}

// ArrivingWait is the wait of a request arriving now in a FIFO queue: the work ahead of it,
// each class's queued requests times the worker-time one holds, over the workers. The
// holds are measured over the table's /s window, from From to To seconds.
type ArrivingWait struct {
	Wait     time.Duration
	Ahead    []QueuedWork
	Workers  int
	From, To int
}

// QueuedWork is one class's requests in the queue and the worker-time each holds.
type QueuedWork struct {
	Class  Class
	Queued int
	Hold   time.Duration
}

// Work writes the sum: "55 payments × 3.0s + 20 signups × 3ms, ÷ 20 workers".
func (a ArrivingWait) Work(t TrafficConfig) string { return a.work(t, "") }

// WorkSaid writes the sum with what its holds are, which need not be the dependency's
// latency (the postmortem fix's 49ms beside calls of 50ms: some orders held a worker only
// to be turned away at their deadline): "370 orders × 49ms, the mean time one held a
// worker in 20–25s, ÷ 24 workers"; with several classes, "…, ÷ 20 workers; each ×: …".
func (a ArrivingWait) WorkSaid(t TrafficConfig) string {
	return a.work(t, fmt.Sprintf("the mean time one held a worker in %d–%ds", a.From, a.To))
}

// work writes the sum, with what each hold is (held) when not "".
func (a ArrivingWait) work(t TrafficConfig, held string) string {
	var terms []string
	for _, q := range a.Ahead {
		terms = append(terms, fmt.Sprintf("%s %s × %s", FmtCount(int64(q.Queued)), plural(t.Label(q.Class)), FmtLatency(q.Hold)))
	}
	workers := fmt.Sprintf("%d workers", a.Workers)
	switch {
	case len(terms) == 1 && held != "":
		return terms[0] + ", " + held + ", ÷ " + workers
	case len(terms) == 1:
		return terms[0] + " ÷ " + workers
	case held != "":
		return strings.Join(terms, " + ") + ", ÷ " + workers + "; each ×: " + held
	}
	return strings.Join(terms, " + ") + ", ÷ " + workers
}

// WaitArrivingNow is how long a request arriving now would wait in a FIFO queue of one
// instance: each class's queued requests times the worker-time one of them holds, summed,
// over the workers. A class's hold is measured: the mean time a request of it held a worker
// (picked up → ended), over those that ended on a worker in the table's window. (Little's
// law over the window, the workers held over the rate taken, read 3.12s for the long queue's
// 3s payments: a young run's window takes fewer than its workers hold.) false: no such
// queue, none waiting, or a class waiting of which none ended on a worker in the window.
func (s *Snapshot) WaitArrivingNow() (ArrivingWait, bool) {
	if s.Config.Pool.Discipline != FIFO || s.Fleet != nil || s.Pool.Queued == 0 || s.Pool.Size == 0 {
		return ArrivingWait{}, false
	}
	secs := s.rateSeconds()
	if len(secs) == 0 {
		return ArrivingWait{}, false
	}
	a := ArrivingWait{Workers: s.Pool.Size, From: secs[0].T - 1, To: secs[len(secs)-1].T}
	var work float64 // worker-seconds
	for _, c := range Classes {
		if s.Pool.QueuedBy[c] == 0 {
			continue
		}
		var served int64
		var held time.Duration
		for _, sec := range secs {
			served += sec.Served[c]
			held += sec.HeldFor[c]
		}
		if served == 0 {
			return ArrivingWait{}, false
		}
		// The hold as shown, so that the sum computes from what is printed.
		hold := ShownLatency(held / time.Duration(served))
		work += float64(s.Pool.QueuedBy[c]) * hold.Seconds()
		a.Ahead = append(a.Ahead, QueuedWork{Class: c, Queued: s.Pool.QueuedBy[c], Hold: hold})
	}
	a.Wait = time.Duration(work / float64(a.Workers) * float64(time.Second))
	return a, true
}

// orList writes vs as a choice: "a", "a or b", "a, b or c".
func orList[T ~string](vs []T) string {
	if len(vs) < 2 {
		return join(vs)
	}
	return join(vs[:len(vs)-1]) + " or " + string(vs[len(vs)-1])
}
