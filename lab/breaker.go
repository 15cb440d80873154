// The circuit breaker (failsafe-go's, driven by hand; the isolation article, ch. 5: count
// only what the dependency says): its config section and validation rows, its state in a
// lab, its stages (short-circuit and permit, or the trap that counts rejections), its stats
// and their fleet-wide sum, its rejection reason, its report section and summary line, its
// settings and health items, and the c key's change.

package lab

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"
)

// BreakerConfig is the circuit breaker (failsafe-go's, driven by hand).
type BreakerConfig struct {
	Enabled         bool     `yaml:"enabled" json:"enabled"`
	MinCalls        int      `yaml:"min_calls" json:"min_calls"`               // calls in the window before it may open
	FailureRate     float64  `yaml:"failure_rate" json:"failure_rate"`         // percent of failed calls that opens it
	Window          Duration `yaml:"window" json:"window"`                     // rolling period the rate is taken over
	OpenFor         Duration `yaml:"open_for" json:"open_for"`                 // before a half-open trial
	HalfOpenCalls   int      `yaml:"half_open_calls" json:"half_open_calls"`   // real requests let through to test
	CountRejections bool     `yaml:"count_rejections" json:"count_rejections"` // the trap: own bulkhead rejections count as failures
}

// RejectBreaker: the circuit breaker was open: short-circuited without a call.
const RejectBreaker Reason = 2

var _ = registerReason(RejectBreaker, reasonDef{name: "breaker", rank: 40, shown: func(s *Snapshot) bool { return s.Config.Payment.Breaker.Enabled },
	description: "the circuit breaker was open: turned away at once, without calling the dependency"})

func init() {
	register(mechanism{
		name: "breaker",
		rank: 30,
		defaults: func(c *Config) {
			// Hystrix's defaults: 20 calls, 50%, 5 s asleep, one trial request.
			c.Payment.Breaker = BreakerConfig{MinCalls: 20, FailureRate: 50, Window: Duration(10 * time.Second),
				OpenFor: Duration(5 * time.Second), HalfOpenCalls: 1}
		},
		checks: func(c Config) []check {
			b := c.Payment.Breaker
			return []check{
				{"payment.breaker.min_calls", b.MinCalls < 1 || b.MinCalls > 100000, fmt.Sprintf("must be 1..100000, got %d", b.MinCalls)},
				{"payment.breaker.failure_rate", !(b.FailureRate > 0 && b.FailureRate <= 100), fmt.Sprintf("must be a percentage above 0 and at most 100, got %g", b.FailureRate)},
				{"payment.breaker.window", b.Window <= 0 || b.Window.D() > time.Hour, fmt.Sprintf("must be more than 0s and at most 1h, got %s", b.Window)},
				{"payment.breaker.open_for", b.OpenFor <= 0 || b.OpenFor.D() > time.Hour, fmt.Sprintf("must be more than 0s and at most 1h, got %s", b.OpenFor)},
				{"payment.breaker.half_open_calls", b.HalfOpenCalls < 1 || b.HalfOpenCalls > 1000, fmt.Sprintf("must be 1..1000, got %d", b.HalfOpenCalls)},
			}
		},
		start: func(*Isolation) runtime { return &breaker{} },
		sum:   func(s *Snapshot, replicas []Snapshot) { s.Breaker = fleetBreaker(replicas) },
		report: func(r *Report, s Snapshot) {
			if s.Breaker.State != BreakerOff {
				r.Breaker = &BreakerReport{State: string(s.Breaker.State), Opened: s.Breaker.Opened, FailureRate: round(s.Breaker.FailureRate, 1)}
			}
		},
		summary: at(70, func(r Report) []string {
			if r.Breaker == nil {
				return nil
			}
			return []string{fmt.Sprintf("circuit breaker: %s at the end, opened %d×", r.Breaker.State, r.Breaker.Opened)}
		}),
		settings: at(50, breakerSettings),
		health:   at(40, breakerHealth),
		// Its "failure" is failsafe-go's, wider than the table's failed: what it counts said
		// once here (newcomer 28: "what would ever land in failed?"), in the word the screen
		// gives its share, not ok (newcomer 63: "failure rate" closed, "not ok" open).
		words: func() []part[[]Item] {
			return at(52, []Item{word(BreakerNotOK+" n% / threshold", "the breaker's share of the results it counted that it counts against the dependency (failsafe-go's failure rate), \""+BreakerNotOK+"\" wherever the breaker's share is said: "+
				"timed out or failed (the table's failed: refused, or an error such as 500 or 429); with payment.breaker.count_rejections, its own bulkhead's and connection pool's rejections too, "+
				"which the table counts as rejected, not failed. It opens when the share reaches its threshold (payment.breaker.failure_rate) over at least its minimum of results, for as long as \""+BreakerOpensFor+"\" says; a close after an ok trial empties its window of results (failsafe-go's closed state starts with none), so an opening after a close counted only the results since that close"),
				word("sliding window", "the stretch of time the breaker counts its calls over (payment.breaker.window: time-based, resilience4j's slidingWindowSize with slidingWindowType TIME_BASED, failsafe-go's failure-rate period), "+
					"and the results (its calls' outcomes, and with count_rejections its own rejections, which never called) it must have counted in it before it may open at all (payment.breaker.min_calls: resilience4j's minimumNumberOfCalls). Closed, \"sliding window 10s: 45 results / minimum 10\": the results in it now against that minimum; open, the two settings, beside the results that opened it: "+
					"a close empties it of results, so it often opens again just at its minimum, \"80% not ok of 10 results\" beside \"minimum 10 results\""),
				// How long an opening lasts and what follows it, which turn its openings into
				// rejected payments: the window, threshold and minimum alone left it to guess from
				// the charts (newcomer 67).
				word(BreakerOpensFor+" / next trial", "how long each opening of the breaker lasts, every payment "+RejectBreaker.Word()+" at once without calling (payment.breaker.open_for: Hystrix's sleepWindowInMilliseconds, resilience4j's waitDurationInOpenState, failsafe-go's delay), "+
					"then how many payments it lets through to the dependency as trial calls, half-open, every other payment still "+RejectBreaker.Word()+" until they end (payment.breaker.half_open_calls: resilience4j's permittedNumberOfCallsInHalfOpenState, failsafe-go's success threshold): "+
					"a failed trial reopens it for as long again, and as many ok close it, \"a failed trial reopens it for 3s; 1 ok closes it\". Closed, \""+BreakerOpensFor+" 3s, then 1 trial call\"; open, \"next trial in 1.2s ("+BreakerOpensFor+" 3s, then 1 trial call)\", the time left of this opening first; "+
					"under 100 columns an open breaker's state says it too, with what opens it, \"OPEN (opened 2×): 3s a time; …\". So each opening that \"breaker opened n×\" counts turns every payment away for that long (one still open, so far), then all but its trial calls while they run"),
				word("breaker opened n×", "the times the breaker opened so far, each for as long as \""+BreakerOpensFor+"\" says (under 100 columns in its state: \"breaker OPEN again (opened 2×): …\") and, where the line has room, its first opening and what it saw then, the threshold crossed: "+
					"\"(first at 2.1s: 10 of 10 calls timed out, 100% "+BreakerNotOK+" ≥ 50%; …)\": the 10 calls it counted over its window all ended as the table's timed out, its failures, at least its 50% (\"failed or timed out\" where it saw both; with count_rejections, \"6 of 10 calls "+RejectBulkhead.Word()+"\": its own rejections among them); then its last turns "+SinceStart+": "+
					"\"(last closed at 3.1s on an ok trial, "+breakerEmptied+"; reopened at 3.4s)\": a trial went ok and closed it, which forgets every result it had counted, then the failures it counted since opened it again; "+
					"where the line is short of room, the first opening by its time alone, \"(first at 2.1s; last closed …)\"; "+
					"\"(last at 6.2s, on a failed trial)\": the trial failed, so it opened again at once")})
		},
	})
}

// BreakerNotOK is the word for the breaker's share of its results it counts against the
// dependency, closed, open and in its health line alike: "failure rate" beside the table's
// failed of 0 read as the dependency's errors (newcomer 31, 63).
const BreakerNotOK = "not ok"

// breakerEmptied is what a close after an ok trial resets, in plain words: failsafe-go's closed
// state starts with no results, so the next opening counts only calls since the close;
// "counting from zero" left what counts from zero unsaid (newcomer 42 G2).
const breakerEmptied = "its window of results emptied"

// BreakerState is the circuit breaker's state as the screen names it.
type BreakerState string

const (
	BreakerOff      BreakerState = "off"
	BreakerClosed   BreakerState = "closed"
	BreakerOpen     BreakerState = "open"
	BreakerHalfOpen BreakerState = "half-open"
)

// BreakerMixed is a fleet's breaker state when its replicas' breakers are not all in one.
const BreakerMixed BreakerState = "mixed"

// BreakerStats is the breaker at one instant.
type BreakerStats struct {
	State       BreakerState
	OpenLeft    time.Duration // while open: time until the next call may be a half-open trial
	FailureRate float64       // percent of recorded calls that failed, over the window (the last closed period while open)
	Calls       uint          // calls recorded over the window (the last closed period while open; trials while half-open)
	Opened      int64         // times it has opened

	// What FailureRate and Calls are weighed against (breaker settings in force).
	Failures  uint          // failed calls among Calls
	Threshold float64       // percent: it opens when FailureRate reaches this...
	MinCalls  uint          // ...over at least this many calls
	Window    time.Duration // the closed state counts the calls of this last stretch of time
	Trials    uint          // calls a half-open breaker lets through to decide
	OpenFor   time.Duration // how long each opening lasts before those trials
	Retrial   bool          // open because a half-open trial failed: Calls and FailureRate are the trials'

	// Its last turns, since the start (0: none yet; a fleet's, none: each replica has its
	// own): "opened 3×" left whether a trial had closed it between (newcomer 35 #19).
	LastOpened  time.Duration // when it last opened
	LastClosed  time.Duration // when a trial that went ok last closed it
	TrialOpened bool          // it last opened on a failed trial, not from closed
	// Its first opening, from closed, and what it saw then: the threshold crossed (newcomer 36
	// #11: the breaker preset never showed it, only that it was open).
	First BreakerOpening
}

// BreakerOpening is one opening of the breaker from closed: when (0: none yet), the
// failures among the calls it counted over its window then, and what those failures were
// in the table's words (Fate order): "10 of 10 calls failed" beside a table that counted
// them timed-out read as a second meaning of failed (newcomer 39 W5).
type BreakerOpening struct {
	At              time.Duration
	Failures, Calls uint
	Counted         uint32 // a bit per Fate of the failures it counted in that closed stretch
}

// breaker wraps failsafe-go's circuit breaker, driven by hand (TryAcquirePermit, Record*),
// so the lab decides what counts as a failure. Like a failsafe policy it cannot be changed
// in place: a new configuration builds a new breaker, which starts closed.
type breaker struct {
	cur    atomic.Pointer[breakerGen]
	opened atomic.Int64

	mu                 sync.Mutex // guards its turns, written by failsafe-go's listeners
	openedAt, closedAt time.Time  // its last opening, and its last close after an ok trial
	trialOpened        bool       // its last opening was on a failed trial
	// its first opening from closed, and the failures and calls it counted then
	firstAt                   time.Time
	firstFailures, firstCalls uint
	firstCounted              uint32 // a bit per Fate, as breakerGen.counted
}

type breakerGen struct {
	cb      circuitbreaker.CircuitBreaker[any] // nil: the breaker is off
	cfg     BreakerConfig
	epoch   atomic.Int64 // bumped at every state change: a permit records only in its own state
	retrial atomic.Bool  // it last opened from half-open: a trial failed
	// a bit per Fate of the failures it recorded since it last closed (or was built):
	// closing starts failsafe-go's count anew, so a first opening's failures are among these
	counted atomic.Uint32
}

// configure builds the breaker c asks for (a new one, closed, when its settings changed).
func (b *breaker) configure(c Config) { b.use(c.Payment.Breaker) }

func (b *breaker) use(c BreakerConfig) {
	if g := b.cur.Load(); g != nil && g.cfg == c {
		return
	}
	g := &breakerGen{cfg: c}
	if c.Enabled {
		g.cb = circuitbreaker.NewBuilder[any]().
			WithFailureRateThreshold(c.FailureRate/100, uint(c.MinCalls), c.Window.D()).
			WithDelay(c.OpenFor.D()).
			WithSuccessThreshold(uint(c.HalfOpenCalls)).
			OnStateChanged(func(circuitbreaker.StateChangedEvent) { g.epoch.Add(1) }).
			OnOpen(func(e circuitbreaker.StateChangedEvent) {
				b.opened.Add(1)
				g.retrial.Store(e.OldState == circuitbreaker.HalfOpenState)
				b.mu.Lock()
				b.openedAt, b.trialOpened = time.Now(), e.OldState == circuitbreaker.HalfOpenState
				if b.firstAt.IsZero() && e.OldState == circuitbreaker.ClosedState {
					m := e.Metrics() // the closed state's, which it leaves
					b.firstAt, b.firstFailures, b.firstCalls = b.openedAt, m.Failures(), m.Executions()
					b.firstCounted = g.counted.Load()
				}
				b.mu.Unlock()
			}).
			OnClose(func(e circuitbreaker.StateChangedEvent) {
				if e.OldState == circuitbreaker.HalfOpenState { // not a new breaker's start
					g.counted.Store(0) // failsafe-go's closed state counts anew
					b.mu.Lock()
					b.closedAt = time.Now()
					b.mu.Unlock()
				}
			}).
			Build()
	}
	b.cur.Store(g)
}

// get returns the breaker in force, or nil when it is off.
func (b *breaker) get() *breakerGen {
	if g := b.cur.Load(); g.cb != nil {
		return g
	}
	return nil
}

// open reports whether the breaker fails calls at once now, without taking a permit. Past
// its delay an open breaker lets the next call through as the half-open trial.
func (g *breakerGen) open() bool { return g.cb.IsOpen() && g.cb.RemainingDelay() > 0 }

// permit is one call the breaker let through. It is recorded once, and only in the state it
// was taken in: a slow call let through while closed must not decide a half-open trial.
type permit struct {
	g     *breakerGen
	epoch int64
	done  atomic.Bool
}

// acquire asks the breaker for a permit; false means it short-circuits this call.
func (g *breakerGen) acquire() (*permit, bool) {
	if !g.cb.TryAcquirePermit() {
		return nil, false
	}
	return &permit{g: g, epoch: g.epoch.Load()}, true
}

// record tells the breaker how a permitted call went. Only signals about the dependency are
// failures: timeouts, 5xx, 429 and refused connections; with countRejections, also the lab's
// own bulkhead and connection-pool rejections (the trap the article warns about).
func (p *permit) record(r Result, countRejections bool) {
	if p == nil || !p.done.CompareAndSwap(false, true) || p.g.epoch.Load() != p.epoch {
		return
	}
	if r.Out == TimedOut || r.DepFailure || (r.Rejected && countRejections) {
		// Read first: after a kind's first failure its bit is set, and every failure after
		// would write the shared word (take its cache line) to change nothing.
		if bit := uint32(1) << r.Fate(); p.g.counted.Load()&bit == 0 {
			p.g.counted.Or(bit)
		}
		p.g.cb.RecordFailure()
		return
	}
	p.g.cb.RecordSuccess()
}

// stages are the breaker's: the short-circuit before anything is taken and the permit
// right before the call, or, the trap, the whole breaker at the short-circuit's place.
func (b *breaker) stages(c Config) []placed {
	g := b.get()
	switch {
	case g == nil:
		return nil
	case c.Payment.Breaker.CountRejections:
		return []placed{{slotShortCircuit, breakerStage(g, true)}}
	}
	return []placed{{slotShortCircuit, shortCircuitStage(g)}, {slotPermit, breakerStage(g, false)}}
}

func (b *breaker) fill(s *Snapshot) {
	s.Breaker = b.stats()
	s.Breaker.LastOpened, s.Breaker.LastClosed, s.Breaker.TrialOpened, s.Breaker.First = b.turns(s.Elapsed)
}

// turns are when the breaker last opened and last closed after an ok trial, since the start,
// which was elapsed ago (0: not yet), whether that opening was on a failed trial, and its
// first opening from closed.
func (b *breaker) turns(elapsed time.Duration) (opened, closed time.Duration, onTrial bool, first BreakerOpening) {
	since := func(t time.Time) time.Duration {
		if t.IsZero() {
			return 0
		}
		return max(elapsed-time.Since(t), time.Nanosecond)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return since(b.openedAt), since(b.closedAt), b.trialOpened, BreakerOpening{since(b.firstAt), b.firstFailures, b.firstCalls, b.firstCounted}
}

func (b *breaker) stats() BreakerStats {
	g := b.get()
	if g == nil {
		return BreakerStats{State: BreakerOff, Opened: b.opened.Load()}
	}
	m := g.cb.Metrics()
	s := BreakerStats{State: BreakerClosed, FailureRate: m.FailureRate() * 100, Calls: m.Executions(), Opened: b.opened.Load(),
		Failures: m.Failures(), Threshold: g.cfg.FailureRate, MinCalls: uint(g.cfg.MinCalls), Window: g.cfg.Window.D(),
		Trials: uint(g.cfg.HalfOpenCalls), OpenFor: g.cfg.OpenFor.D()}
	switch {
	case g.cb.IsOpen():
		s.State, s.OpenLeft, s.Retrial = BreakerOpen, g.cb.RemainingDelay(), g.retrial.Load()
	case g.cb.IsHalfOpen():
		s.State = BreakerHalfOpen
	}
	return s
}

// The breaker's two stages' names, where something parts them (a bulkhead, a connection
// pool); side by side the chain names them "breaker" (compose). countsRejectionsName is the
// permit's where it counts the lab's own rejections as failures (breaker-trap).
const (
	shortCircuitName     = "breaker:short-circuit"
	permitName           = "breaker:permit"
	countsRejectionsName = "breaker:counts-rejections"
	// countsRejectionsWhose: where the trap is a library's default, not the lab's invention.
	countsRejectionsWhose = "as in Hystrix"
)

// shortCircuitStage fails a payment at once while the breaker is open, before it takes a
// bulkhead place or a connection; it takes no permit.
func shortCircuitStage(g *breakerGen) stage {
	return stage{name: shortCircuitName, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			if g.open() {
				return rejectedBy(RejectBreaker)
			}
			return next(ctx, p)
		}
	}}
}

// breakerStage takes a permit for the call below and tells the breaker how it went. Placed
// right before the call, only dependency signals reach it. countRejections is the trap: the
// stage sits outermost, and the lab's own rejections below it count as failures.
func breakerStage(g *breakerGen, countRejections bool) stage {
	// The permit is the breaker's second stage: named as one of its parts, as the
	// short-circuit is, "breaker:short-circuit → breaker" read as two breakers (newcomer 23).
	name := permitName
	if countRejections {
		name = countsRejectionsName
	}
	return stage{name: name, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			perm, ok := g.acquire()
			if !ok {
				return rejectedBy(RejectBreaker)
			}
			p.permit.p.Store(perm)
			r := next(ctx, p)
			perm.record(r, countRejections)
			return r
		}
	}}
}

// callRecord is where a call's breaker permit is kept, so that whichever comes first, the
// call's end or its caller walking away, records it, once. It also says whether the
// dependency answered the call's first try, for the adaptive limit, wherever the call ended.
type callRecord struct {
	p      atomic.Pointer[permit]
	sample atomic.Bool
}

func (c *callRecord) record(r Result) { c.p.Load().record(r, false) }

// fleetBreaker is the replicas' breakers as one: their state when they share it (else
// mixed), the opens, calls and failures added up, the failure rate over all their calls,
// retrying when any one is. The settings are replica 1's: every replica has the fleet's.
func fleetBreaker(reps []Snapshot) BreakerStats {
	var b BreakerStats
	var failed float64
	for i, r := range reps {
		rb := r.Breaker
		switch {
		case i == 0:
			b.State = rb.State
			b.Threshold, b.MinCalls, b.Window, b.Trials, b.OpenFor = rb.Threshold, rb.MinCalls, rb.Window, rb.Trials, rb.OpenFor
		case rb.State != b.State:
			b.State = BreakerMixed
		}
		b.Failures += rb.Failures
		b.Retrial = b.Retrial || rb.Retrial
		if rb.State == BreakerOpen && (b.OpenLeft == 0 || rb.OpenLeft < b.OpenLeft) {
			b.OpenLeft = rb.OpenLeft // the first replica to try again
		}
		b.Opened += rb.Opened
		b.Calls += rb.Calls
		failed += rb.FailureRate * float64(rb.Calls)
	}
	if b.Calls > 0 {
		b.FailureRate = failed / float64(b.Calls)
	}
	return b
}

// BreakerReport is the circuit breaker at the end of the run.
type BreakerReport struct {
	State       string  `json:"state"`
	Opened      int64   `json:"opened"`
	FailureRate float64 `json:"failure_rate"`
}

// ToggleBreaker is the c key: the circuit breaker on, or off.
func ToggleBreaker(c Config) (Config, string) {
	c.Payment.Breaker.Enabled = !c.Payment.Breaker.Enabled
	return c, "circuit breaker → " + onOff(c.Payment.Breaker.Enabled)
}

// breakerSettings is the breaker's settings items: off, or its state and numbers.
func breakerSettings(c Config, s *Snapshot, w int) []Item {
	if !c.Payment.Breaker.Enabled {
		return []Item{{Label: "breaker", Value: "off", Off: true}}
	}
	return breakerItems(s.Breaker, trapCounts(c), w)
}

// trapCounts is what a breaker that counts rejections counts as not ok besides the
// dependency's, in the table's words ("rejected:bulkhead"): its "failure rate" beside a
// failed column of 0 read as the dependency's (newcomer 31). "" where it counts none.
func trapCounts(c Config) string {
	counted := trapRejections(c)
	if len(counted) == 0 {
		return ""
	}
	return strings.Join(counted, " and ") + " counted as " + BreakerNotOK
}

// BreakerCountsBulkhead says the payment breaker counts its own bulkhead's rejections as
// failures: breaker-trap's setting, which opens it on a healthy dependency.
func (c Config) BreakerCountsBulkhead() bool {
	return c.Payment.Breaker.CountRejections && c.Payment.Bulkhead.Type != BulkheadNone
}

// trapRejections are the rejections a breaker that counts them counts as failures, in the
// table's words; none where it counts none.
func trapRejections(c Config) []string {
	if !c.Payment.Breaker.CountRejections {
		return nil
	}
	var counted []string
	if c.BreakerCountsBulkhead() {
		counted = append(counted, c.Payment.Bulkhead.Rejects().Word())
	}
	if c.Payment.Connections.PerRoute > 0 {
		counted = append(counted, RejectConnPool.Word())
	}
	return counted
}

// breakerItems label each of the breaker's numbers: its state, the time to the next trial,
// the failure rate against its threshold, the calls counted against the minimum. While open
// they are those of the closed stretch that opened it, or of the trial that failed. Each in
// the longest words a line of w has room for: cut, 80x24 read "(threshold 50%,…" (newcomer 19).
// counted is what it counts as failures besides the dependency's (trapCounts), said beside
// the rate that opened it.
func breakerItems(b BreakerStats, counted string, w int) []Item {
	rate := fmt.Sprintf("%s / threshold %s", b.percent(b.FailureRate), b.percent(b.Threshold))
	// The window and the minimum each named, as resilience4j's slidingWindowSize and
	// minimumNumberOfCalls: "calls in the last 10s 45 / minimum 10", and open "80% of 10
	// results", left which 10 was the window (newcomer 40 #3).
	window := func(v string) Item { return Item{Label: "sliding window", Value: FmtDur(b.Window) + v} }
	// What reopens it, said half-open and open again: the breaker preset, half-open, said
	// "opened 2×" and nothing of why (newcomer 31). Not the closed rate: half-open, one
	// failed trial reopens it (its success threshold is all the trials).
	reopens := b.trialRule(true)
	// Under 100 columns the health panel, often left out at 80x24, does not count its openings:
	// the state says it (helper's leftover: 80x24 said nothing of the breaker preset's second).
	// Not closed, it is what every payment meets: Strong, kept first where the settings are
	// one line (newcomer 43 G-5: 80x24's "pool 20 workers · bulkhead semaphore 0/2 permits
	// in use · …" hid the open breaker the moment is about).
	state := func(s string) Item {
		if narrow(w) && b.Opened > 0 {
			s = strings.Replace(s, ":", fmt.Sprintf(" (opened %d×):", b.Opened), 1)
		}
		return Item{Label: "breaker", Value: s, Strong: b.State == BreakerOpen || b.State == BreakerHalfOpen}
	}
	switch {
	case b.State == "" || b.State == BreakerOff:
		return []Item{{Label: "breaker", Value: "on"}}
	case b.State == BreakerHalfOpen:
		return []Item{state("HALF-OPEN: trial calls decide"), {Label: "trial calls", Value: fmt.Sprintf("%d of %d ended", b.Calls, b.Trials)}, reopens}
	case b.State == BreakerOpen && b.Retrial:
		return []Item{state("OPEN again: every payment now " + RejectBreaker.Word()), {Label: "next trial in", Value: b.nextTrial()},
			// Its next trial says how long an opening lasts: the rule's "for 3s" would say it twice.
			{Label: "the trial failed", Value: fmt.Sprintf("(%d of %d)", b.Failures, b.Calls)}, b.trialRule(false)}
	case b.State == BreakerOpen:
		// Open, its counts are those of the closed stretch that opened it, not of the window
		// now; when, so that it is not read as the first opening the health line gives
		// (newcomer 38 G7: "it opened at failure rate 80%" beside "first at 606ms: 6 of 10").
		// Its share "not ok", as the narrow rule says it: "at failure rate 80%" beside the
		// table's failed of 0 and 80x24's "≥50% not ok" was two words for one count (newcomer 63).
		opened := "it opened with"
		if b.LastOpened > 0 {
			opened = fmt.Sprintf("it opened at %s with", FmtSecs(b.LastOpened))
		}
		share := b.percent(b.FailureRate) + " " + BreakerNotOK
		// Its minimum is the window's item, after it ("once it has 10" said it twice).
		threshold := b.percent(b.Threshold)
		// The results in its window, a time: "the last 10 results" beside "sliding window
		// 10s" read as a window of 10 calls (newcomer 41 G6).
		forms := []string{fmt.Sprintf("%s of the %d results in its window (threshold %s)", share, b.Calls, threshold),
			fmt.Sprintf("%s of %d results (threshold %s)", share, b.Calls, threshold)}
		if counted != "" {
			// What it counted before how many: the lesson first, then the threshold where
			// it fits.
			forms = []string{fmt.Sprintf("%s of the %d results in its window, %s (threshold %s)", share, b.Calls, counted, threshold),
				fmt.Sprintf("%s of %d results in its window, %s (threshold %s)", share, b.Calls, counted, threshold),
				fmt.Sprintf("%s of %d results, %s (threshold %s)", share, b.Calls, counted, threshold),
				fmt.Sprintf("%s of %d, %s (threshold %s)", share, b.Calls, counted, threshold),
				fmt.Sprintf("%s (%s)", share, counted)}
		}
		// Narrow, its numbers in the state, the item a one-line form keeps (newcomer 43 G-5:
		// "open 3s, threshold 50%, window 10s, minimum 10" went behind the "…"); the
		// narrator's sentence says every payment is rejected:breaker.
		// The rule in a sentence: "open 3s, threshold 50%" read as open for 3s so far, and the
		// threshold as of nothing named (newcomer 60); "not ok", not "failed", the table's
		// failed being the dependency's errors alone where rejections count (newcomer 61).
		now := "OPEN: every payment now " + RejectBreaker.Word()
		if narrow(w) {
			now = fmt.Sprintf("OPEN: %s a time; opens at ≥%s %s of ≥%d results in %s", FmtDur(b.OpenFor), threshold, BreakerNotOK, b.MinCalls, FmtDur(b.Window))
		}
		return []Item{state(now), {Label: "next trial in", Value: b.nextTrial()},
			{Label: opened, Value: fittingValue(opened, w, forms...)}, window(fmt.Sprintf(", minimum %d results", b.MinCalls))}
	}
	return []Item{state("closed: calls go through"), {Label: BreakerNotOK, Value: rate},
		// Results, not calls: with count_rejections a rejection that never called counts, so
		// "minimum 10 calls" stood beside 11 calls at the dependency over two openings
		// (newcomer 42).
		window(fmt.Sprintf(": %d results / minimum %d", b.Calls, b.MinCalls)),
		// What an opening costs, said before one: the window, threshold and minimum alone
		// left how "opened 2×" turned most payments away (newcomer 67).
		{Label: BreakerOpensFor, Value: b.openRule()}}
}

// percent writes a failure rate or the threshold as both are written, with the decimals the
// threshold is set with (at most 2): "60%" beside "50%", "50.5%" beside "50.5%" (review 32
// #21: "50% ≥ 50.5%", the rate rounded and the threshold not). Rounded alike, a rate at or
// over the threshold never reads under it.
func (b BreakerStats) percent(v float64) string {
	digits := 0
	if _, frac, ok := strings.Cut(strconv.FormatFloat(b.Threshold, 'f', -1, 64), "."); ok {
		digits = min(len(frac), 2)
	}
	return strconv.FormatFloat(v, 'f', digits, 64) + "%"
}

// trialRule is how the trial decides, failsafe-go's half-open rule with a success threshold
// of every trial call, and, with long, what a failed one costs: "a failed trial reopens it for
// 3s; 3 ok close it" (newcomer 67: how long it stays open was nowhere on the screen).
func (b BreakerStats) trialRule(long bool) Item {
	closes := "close"
	if b.Trials == 1 {
		closes = "closes"
	}
	rule := fmt.Sprintf("; %d ok %s it", b.Trials, closes)
	if long {
		return Item{Label: "a failed trial reopens it", Value: "for " + FmtDur(b.OpenFor) + rule}
	}
	return Item{Label: "a failed trial", Value: "reopens it" + rule}
}

// HalfOpenStory is the narrator's sentence while half-open: who goes through, what the
// others meet, and what the trial decides (trialRule's rule, in a sentence).
func (b BreakerStats) HalfOpenStory() string {
	trials, decide := "1 payment", "it closes if the trial succeeds, opens again for "+FmtDur(b.OpenFor)+" if it fails"
	if b.Trials > 1 {
		trials = fmt.Sprintf("%d payments", b.Trials)
		decide = fmt.Sprintf("it closes if all %d succeed, opens again for %s if one fails", b.Trials, FmtDur(b.OpenFor))
	}
	return fmt.Sprintf("breaker half-open: it lets %s through to try the dependency; every other payment is %s at once until the trial ends: %s",
		trials, RejectBreaker.Word(), decide)
}

// nextTrial is the time to the next trial, with the settings that make it (openRule), so a
// reader need not guess either: "1.1s (opens for 3s, then 1 trial call)".
func (b BreakerStats) nextTrial() string {
	return fmt.Sprintf("%s (%s %s)", FmtSecs(b.OpenLeft), BreakerOpensFor, b.openRule())
}

// BreakerOpensFor names the breaker's openRule wherever it is said whole (under 100 columns
// an open breaker's state says "3s a time" with its threshold), a rule, not a time so far:
// "open 3s, threshold 50%" read as open for 3s until now (newcomer 60).
const BreakerOpensFor = "opens for"

// openRule is how long each opening turns every payment away (payment.breaker.open_for) and
// how many trial calls then decide (payment.breaker.half_open_calls): "3s, then 1 trial call".
func (b BreakerStats) openRule() string {
	calls := "calls"
	if b.Trials == 1 {
		calls = "call"
	}
	return fmt.Sprintf("%s, then %d trial %s", FmtDur(b.OpenFor), b.Trials, calls)
}

// breakerHealth counts the times the breaker opened, once it has, and where a line has room
// its last turns: "opened 3×" beside "next trial in 1.2s" left whether a trial had gone ok,
// closed it, and it opened again (newcomer 35 #19).
func breakerHealth(s *Snapshot, w int) []Item {
	b := s.Breaker
	if b.Opened == 0 || narrow(w) { // narrow, the settings' state counts them (breakerItems)
		return nil
	}
	const label = "breaker opened"
	forms := b.turns()
	for i := range forms {
		forms[i] = fmt.Sprintf("%d×", b.Opened) + forms[i]
	}
	return []Item{{Label: label, Value: fittingValue(label, w, forms...)}}
}

// turns are the breaker's turns, longest first: its first opening, with what it saw then,
// the threshold crossed (newcomer 36 #11), and its last turns, from the last close after an
// ok trial: "(first at 2.1s: 10 of 10 calls timed out, 100% not ok ≥ 50%; last closed
// at 3.1s on an ok trial, its window of results emptied; reopened at 3.4s)"; then the
// first in fewer words, then its time alone; then the last turns alone. "" without their times (a fleet). What it saw is
// in the table's words, its own rejections among them where it counts them: "6 of 10 calls
// failed" on a healthy dependency read as the dependency's failures (newcomer 38 W1), and
// "failed" beside a table that counted them timed-out as a second meaning (newcomer 39 W5).
// Closing starts failsafe-go's count anew: said, as "closed at 3.8s, open again at 4.2s at
// 80% of 10 results" left whether older failures reopened it (newcomer 39 G15).
func (b BreakerStats) turns() []string {
	if b.LastOpened == 0 {
		return []string{""}
	}
	opened, closed := FmtSecs(b.LastOpened), FmtSecs(b.LastClosed)
	var last string
	switch {
	case b.LastClosed > b.LastOpened: // closed since
		last = fmt.Sprintf("last closed at %s on an ok trial, %s", closed, breakerEmptied)
	case b.TrialOpened:
		last = fmt.Sprintf("last at %s, on a failed trial", opened)
	case b.LastClosed > 0:
		last = fmt.Sprintf("last closed at %s on an ok trial, %s; reopened at %s", closed, breakerEmptied, opened)
	}
	join := func(parts ...string) string {
		var said []string
		for _, p := range parts {
			if p != "" {
				said = append(said, p)
			}
		}
		if len(said) == 0 {
			return ""
		}
		return " (" + strings.Join(said, "; ") + ")"
	}
	var forms []string
	if f := b.First; f.At > 0 && f.Calls > 0 {
		which := "first at"
		if b.Opened == 1 {
			which = "at"
		}
		var words []string
		for _, c := range Fates {
			if f.Counted&(1<<c) != 0 {
				words = append(words, c.Word())
			}
		}
		saw := strings.Join(words, " or ")
		if saw == "" {
			saw = "counted as failures"
		}
		first := fmt.Sprintf("%s %s: %d of %d calls %s", which, FmtSecs(f.At), f.Failures, f.Calls, saw)
		share, threshold := b.percent(100*float64(f.Failures)/float64(f.Calls)), b.percent(b.Threshold)
		forms = append(forms, join(fmt.Sprintf("%s, %s %s ≥ %s", first, share, BreakerNotOK, threshold), last),
			join(fmt.Sprintf("%s, %s ≥ %s", first, share, threshold), last), join(first, last))
		if b.Opened > 1 { // its time alone before it goes: "opened 2×" beside the last turns only left the first unsaid (newcomer 42 G2)
			forms = append(forms, join("first at "+FmtSecs(f.At), last))
		}
	}
	if last == "" && b.Opened == 1 {
		last = "at " + opened
	}
	return append(forms, join(last))
}
