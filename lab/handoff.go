// The hand-off: running the rest of a payment off its worker (on a goroutine for a caller
// timeout, or on a bulkhead's own threads), the task it runs as, and the orphans a caller
// that walks away leaves: their stats and fleet-wide sum, report section and summary line,
// share of the forecast, health item and words on the screen.

package lab

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

func init() {
	register(mechanism{
		name:  "handoff",
		rank:  60,
		start: func(iso *Isolation) runtime { return &handoff{iso: iso} },
		sum: func(s *Snapshot, replicas []Snapshot) {
			s.Orphans = sumOf(OrphanStats{}, each(replicas), func(r *Snapshot) OrphanStats { return r.Orphans })
		},
		report: func(r *Report, s Snapshot) {
			r.Orphans = OrphanReport{Total: s.Orphans.Total, InFlight: s.Orphans.InFlight}
		},
		summary:  at(75, Report.orphanLines),
		forecast: at(40, Config.orphanForecast),
		health:   at(30, orphanHealth),
		words: func() []part[[]Item] {
			return at(50, []Item{word("orphaned calls", "calls still running after a caller timeout let the worker walk away: they still load the dependency")})
		},
	})
}

// handoff is the hand-off in one lab: the calls its callers walked away from.
type handoff struct {
	iso     *Isolation
	orphans orphans
}

func (h *handoff) configure(Config) {}

// stages hand the call off where c runs it: on the threads of a bulkhead that has its own,
// or, for a caller timeout, on a goroutine of its own; none otherwise.
func (h *handoff) stages(c Config) []placed {
	ex, ok := h.iso.offload(c)
	switch {
	case ok:
	case c.Payment.Timeout.Kind == TimeoutCaller:
		ex = goroutineExecutor(h.iso.lent.Spawn)
	default:
		return nil
	}
	return []placed{{slotHandoff, handoffStage(&h.orphans, ex)}}
}

func (h *handoff) fill(s *Snapshot) { s.Orphans = h.orphans.stats() }

// executor runs a handed-off task somewhere other than the worker; false: no room for it.
type executor struct {
	name  string // "thread" or "goroutine"
	phase Phase  // what the worker is doing while it waits for the task
	run   func(t *task) bool
}

// goroutineExecutor runs each task on a goroutine of its own, as an unbounded executor would.
func goroutineExecutor(spawn func(func())) executor {
	return executor{name: "goroutine", phase: PhaseCall, run: func(t *task) bool { spawn(t.run); return true }}
}

// handoffStage runs the rest of the chain off the worker, on ex, while the worker waits for
// it up to the passage's patience (a caller timeout) and may walk away. What the payment
// holds goes with the call and is released when the call ends, even when nobody waits for
// it any more. Walking away is a timeout; the breaker hears of it at once if the call had
// its permit (one still waiting for a thread or a connection is no signal about the
// dependency).
func handoffStage(o *orphans, ex executor) stage {
	waits := ex.phase
	if waits == PhaseCall {
		waits = PhaseIdle // from the worker's side it is in the call: no wait of its own
	}
	return stage{name: handoffPrefix + ex.name, waits: waits, leaves: true, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			off := &passage{permit: p.permit, deadline: p.deadline, answered: p.answered} // no worker: it runs off the pool
			held := passage{releases: p.releases}
			p.releases = nil
			t := newTask(o, held.settle, func() Result {
				r := next(ctx, off)
				off.settle()
				return r
			})
			if !ex.run(t) {
				t.release()
				return rejectedBy(RejectBulkhead)
			}
			p.phase(ex.phase)
			r, walked := t.wait(ctx, p.patience)
			if walked {
				p.permit.record(r)
			}
			return r
		}
	}}
}

// OrphanStats counts calls whose caller walked away (caller timeout) while they went on,
// still holding a connection and loading the dependency.
type OrphanStats struct {
	InFlight int64 // orphaned calls still running
	Total    int64 // calls orphaned so far
}

// add adds one replica's orphans to the fleet's.
func (a OrphanStats) add(b OrphanStats) OrphanStats {
	a.InFlight += b.InFlight
	a.Total += b.Total
	return a
}

type orphans struct{ inFlight, total atomic.Int64 }

// OrphanReport counts calls left running after their worker walked away (caller timeout).
type OrphanReport struct {
	Total    int64 `json:"total"`
	InFlight int64 `json:"in_flight"`
}

// orphanLines counts the calls left running by a worker that walked away, when there were any.
func (r Report) orphanLines() []string {
	if r.Orphans.Total == 0 {
		return nil
	}
	return []string{fmt.Sprintf("orphaned calls (worker walked away, call went on): %d, %d still running", r.Orphans.Total, r.Orphans.InFlight)}
}

// orphanForecast is the calls still at the dependency after a caller timeout let their
// workers go.
func (c Config) orphanForecast(f *Forecast) {
	pay := &f.Payment
	if pay.Call > pay.Hold && c.Payment.Timeout.Kind == TimeoutCaller {
		pay.Orphaned = pay.Admitted * (pay.Call - pay.Hold).Seconds()
	}
}

func (o *orphans) stats() OrphanStats {
	return OrphanStats{InFlight: o.inFlight.Load(), Total: o.total.Load()}
}

// task is a call run on another goroutine than the worker that waits for it.
type task struct {
	state   atomic.Int32
	fn      func() Result
	release func() // frees the bulkhead place the call holds, whether it runs or is skipped
	res     chan Result
	orphans *orphans
}

const (
	taskPending int32 = iota
	taskRunning
	taskDone
	taskAbandoned
)

func newTask(o *orphans, release func(), fn func() Result) *task {
	return &task{fn: fn, release: release, res: make(chan Result, 1), orphans: o}
}

// run executes the call unless its caller left before it started.
func (t *task) run() {
	defer t.release()
	if !t.state.CompareAndSwap(taskPending, taskRunning) {
		return // abandoned while queued: nobody wants it, so it never reaches the dependency
	}
	r := t.fn()
	if t.state.CompareAndSwap(taskRunning, taskDone) {
		t.res <- r
		return
	}
	t.orphans.inFlight.Add(-1)
}

// wait returns the call's result, or walks away after d (0: only when ctx ends).
// A call left running is counted as orphaned work.
// The second result says the worker walked away; the first is then what that means: a
// timeout, or, for a call still waiting to start when its deadline passed, a deadline
// rejection.
func (t *task) wait(ctx context.Context, d time.Duration) (Result, bool) {
	var expire <-chan time.Time
	if d > 0 {
		timer := time.NewTimer(d)
		defer timer.Stop()
		expire = timer.C
	}
	select {
	case r := <-t.res:
		return r, false
	case <-expire:
	case <-ctx.Done():
	}
	if t.state.CompareAndSwap(taskPending, taskAbandoned) {
		return waitFailed(ctx, Result{Out: TimedOut}), true
	}
	t.orphans.inFlight.Add(1) // before the swap, so run's decrement can never come first
	if t.state.CompareAndSwap(taskRunning, taskAbandoned) {
		t.orphans.total.Add(1)
		return Result{Out: TimedOut}, true
	}
	t.orphans.inFlight.Add(-1)
	return <-t.res, false // it finished as the timer fired
}

// orphanHealth counts the calls left running by a worker that walked away, once there are any.
func orphanHealth(s *Snapshot, _ int) []Item {
	if s.Orphans.Total == 0 {
		return nil
	}
	return []Item{{Label: "orphaned calls", Value: fmt.Sprintf("%d running (%s so far)", s.Orphans.InFlight, FmtCount(s.Orphans.Total))}}
}

// handoffPrefix begins a hand-off's stage name: "handoff:goroutine", "handoff:thread".
const handoffPrefix = "handoff:"

// handoffGloss says where a hand-off runs the call: a thread pool's hand-off is onto the
// bulkhead's own threads, not a second thread (newcomer33 14 read "bulkhead:threadpool →
// timeout:caller → handoff:thread" as two); briefly, so the chain keeps its line at 120.
// Where the call runs, not that it leaves: "the call leaves the worker" read as the worker
// freed, beside 11 workers busy waiting on their calls (newcomer 36 #9).
func handoffGloss(stage string) string {
	if stage == handoffPrefix+"thread" {
		return "bulkhead's"
	}
	return "call on a goroutine of its own"
}

// handoffAt is where a chain's stage names (Snapshot.Chain) hand the call off the worker;
// -1 where none does.
func handoffAt(chain []string) int {
	return slices.IndexFunc(chain, func(st string) bool { return strings.HasPrefix(st, handoffPrefix) })
}
