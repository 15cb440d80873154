// The payment chain: its stages, the passage a payment makes down them, the slots that say
// the order they run in (Isolation.Chain), and how a payment ended (Result).

package lab

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// call runs what is left of the payment path for one payment.
type call func(ctx context.Context, p *passage) Result

// stage is one mechanism of the payment path: it wraps the rest of the chain, as a
// failsafe-go policy wraps the next. Each lives in the file of its mechanism.
type stage struct {
	name   string // as the report and the settings line show it: "bulkhead:semaphore"
	wrap   func(next call) call
	waits  Phase // what a worker may wait for in this stage while it holds the payment; PhaseIdle: nothing
	leaves bool  // the rest of the chain runs off the worker (a hand-off)
}

// waitsUpTo is what a worker waits for in a stage that waits up to maxWait for a place (the
// generation configured, which the chain is built after: chainFor): ph, or nothing where it never
// waits (0: the excess turned away at once, as failsafe-go's and resilience4j's default).
func waitsUpTo(ph Phase, maxWait time.Duration) Phase {
	if maxWait == 0 {
		return PhaseIdle
	}
	return ph
}

// passage is one payment on its way down the chain.
type passage struct {
	intended time.Time       // its scheduled arrival: deadlines count from here
	worker   Seat            // the pool worker it holds; nil once it runs off the pool
	permit   *callRecord     // the breaker permit of its call, shared with a handed-off copy
	patience time.Duration   // how long the worker waits for a call handed off below (0: until it ends)
	releases []func()        // what it holds (bulkhead place, connection) until its call ends
	deadline time.Time       // the user's deadline (payment.deadline), sent down the hops; zero: none
	answered context.Context // done once the payment is answered, whatever its calls still do
	calls    int             // calls it has made to the dependency, retries included
}

// phase says what the worker is doing now; off the pool there is no worker to tell.
func (p *passage) phase(ph Phase) {
	if p.worker != nil {
		p.worker.SetPhase(ph)
	}
}

// Seat is the pool worker a payment holds while it is served, as the engine's pool hands it
// over: each stage says through it what the worker is doing, so the screen can tell waiting
// from working.
type Seat interface{ SetPhase(Phase) }

// hold keeps release until the payment's call has ended, wherever that happens: on the
// worker, or on the goroutine or bulkhead thread it was handed to.
func (p *passage) hold(release func()) { p.releases = append(p.releases, release) }

// settle releases what the passage holds, innermost first.
func (p *passage) settle() { p.settleFrom(0) }

// settleFrom releases what the passage took since it held mark things: one try's share.
func (p *passage) settleFrom(mark int) {
	for i := len(p.releases) - 1; i >= mark; i-- {
		p.releases[i]()
	}
	p.releases = p.releases[:mark]
}

// Chain is the payment path in force: its stages, outermost first, composed into one call.
type Chain struct {
	names []string
	waits []Phase // what a worker holding a payment may wait for, in chain order
	run   call
}

// compose wraps the stages around each other, the first outermost.
func compose(stages []stage) *Chain {
	c := &Chain{}
	var run call
	for i := len(stages) - 1; i >= 0; i-- {
		run = stages[i].wrap(run)
	}
	onWorker := true
	for _, s := range stages {
		// A breaker's two parts side by side are one breaker: "breaker:short-circuit →
		// breaker:permit" asked what each part is where nothing parts them (newcomer 28).
		if k := len(c.names) - 1; k >= 0 && c.names[k] == shortCircuitName && s.name == permitName {
			c.names[k] = "breaker"
		} else {
			c.names = append(c.names, s.name)
		}
		if onWorker && s.waits != PhaseIdle {
			c.waits = append(c.waits, s.waits)
		}
		onWorker = onWorker && !s.leaves
	}
	c.run = run
	return c
}

// serve takes one payment, due at intended, down the chain on worker w.
func (c *Chain) serve(ctx context.Context, w Seat, intended time.Time) Result {
	answered, answer := context.WithCancelCause(context.Background())
	p := &passage{intended: intended, worker: w, permit: &callRecord{}, answered: answered}
	r := c.run(ctx, p)
	answer(answeredAt(time.Now()))
	p.settle()
	return r
}

// answeredAt is when a payment was answered, the cause its answered context ends with: a
// hop counts the work it does after the answer from this instant, not from when it hears of
// it, which a busy machine delays (it has At, as the dependency's Answer asks).
type answeredAt time.Time

func (a answeredAt) Error() string { return "answered" }
func (a answeredAt) At() time.Time { return time.Time(a) }

// User is what each call of a payment tells the dependency about the user waiting for it:
// the hops count the work they do after the user has left (HopStats.AfterAnswer).
type User struct {
	Deadline time.Time       // the user's deadline; zero: none
	Answered context.Context // done once the payment is answered (its tries spent, a timeout, the deadline)
}

// Request is the innermost call, the engine's: one request to the dependency, sent with
// what it knows of the user. The context's deadline, if any, is the call's.
type Request func(ctx context.Context, u User) Result

// callStage is the end of the chain: the engine's request, counted as a call of its payment.
// How long the calls that succeed take is what the mechanisms that learn from it hear.
func callStage(req Request, iso *Isolation) stage {
	return stage{name: "http", wrap: func(call) call {
		return func(ctx context.Context, p *passage) Result {
			p.phase(PhaseCall)
			defer p.phase(PhaseWork)
			p.calls++
			for _, c := range iso.callers {
				c.called(p)
			}
			began := time.Now()
			r := req(ctx, User{Deadline: p.deadline, Answered: p.answered})
			for _, c := range iso.callers {
				c.ended(r)
			}
			if r.Out == OK {
				took := time.Since(began)
				for _, a := range iso.answerers {
					a.answered(took)
				}
				// The adaptive limit times the call from its permit, taken before the first try:
				// only an answer to that try makes the time the dependency's alone.
				p.permit.sample.Store(p.calls == 1)
			}
			return r
		}
	}}
}

// slot is a stage's place in the payment chain. The slots, in the order a payment passes
// them, outermost first, are the one statement of the chain's order:
//
//	fallback → deadline → breaker short-circuit → bulkhead → caller timeout → hand-off →
//	retry → connection → enough time left → breaker permit → socket timeout → the call
//
// An open breaker fails a payment before it takes anything; only real calls take a permit,
// so the breaker hears about the dependency and nothing else. The trap (count_rejections)
// puts the whole breaker at the short-circuit's place instead, so the lab's own rejections
// reach it. A caller timeout needs the call to run somewhere the worker can walk away from:
// on the thread-pool bulkhead's threads, or else on a goroutine of its own. A retry repeats
// what makes one call (a connection, the time check, a breaker permit, the socket timeout,
// the request) inside the one deadline and the one bulkhead place of its payment: retryStage
// says why there. The call itself, one request to the dependency, is the engine's.
type slot uint8

const (
	slotFallback slot = iota
	slotDeadline
	slotShortCircuit
	slotBulkhead
	slotCallerTimeout
	slotHandoff
	slotRetry
	slotConnection
	slotEnoughLeft
	slotPermit
	slotSocketTimeout
)

// placed is a stage at its slot.
type placed struct {
	at    slot
	stage stage
}

// chainFor builds the payment path under c, its stages in slot order, the engine's req last.
// Configure alone calls it, once every state is configured for c: a waiting stage reads the
// generation in force (waitsUpTo), which configure builds (final read #9).
func (iso *Isolation) chainFor(c Config, req Request) *Chain {
	var ps []placed
	for _, rt := range iso.states {
		ps = append(ps, rt.stages(c)...)
	}
	slices.SortStableFunc(ps, func(a, b placed) int { return cmp.Compare(a.at, b.at) })
	stages := make([]stage, 0, len(ps)+1)
	for _, p := range ps {
		stages = append(stages, p.stage)
	}
	return compose(append(stages, callStage(req, iso)))
}

// Result is how one request ended inside the worker.
type Result struct {
	Out      Outcome
	Rejected bool   // turned away by the lab's own isolation; Reason says which
	Reason   Reason //
	// Canned: the fallback answered it with a canned reply, counted with its outcome (counted
	// apart, as the chain returned, a snapshot had 73 canned replies beside 72 payments ended:
	// newcomer 53).
	Canned     bool
	DepFailure bool           // the dependency failed: 5xx, 429 or refused; counts for the breaker
	Failure    RetryCondition // the kind of failed call, for payment.retry.on; "": none to retry
	// TooLittleLeft: a deadline rejection by the enough-left check, not the deadline run out.
	TooLittleLeft bool
}

// Fate is where r leaves its request: turned away for its reason, else ended as it came out.
func (r Result) Fate() Fate {
	if r.Rejected {
		return TurnedAway(r.Reason)
	}
	return Ended(r.Out)
}

func rejectedBy(r Reason) Result { return Result{Out: Failed, Rejected: true, Reason: r} }
