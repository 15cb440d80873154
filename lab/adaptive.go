// The adaptive concurrency limit as a payment bulkhead (failsafe-go's adaptivelimiter, driven
// by hand; the isolation article, ch. 6): its state, its stage, its share of a per-second
// sample (the limit it has found), and its kind's registration.

package lab

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go/adaptivelimiter"
)

// BulkheadAdaptive: a limit found from the calls' latency, starting at size.
const BulkheadAdaptive BulkheadType = "adaptive"

func init() {
	registerBulkhead(bulkheadKind{
		name:  BulkheadAdaptive,
		rank:  30,
		start: func(*Isolation) bulkheadState { return &adaptive{} },
		size: func(b BulkheadConfig) string {
			return fmt.Sprintf("a limit found from the calls' latency, starting at %d", b.Size)
		},
		setting: adaptiveSetting,
		summary: func(b BulkheadReport) string {
			return fmt.Sprintf("payment bulkhead adaptive (%s): limit %d at the end (started at %d)", adaptiveMoves, b.Limit, b.Size)
		},
		// The limit each second, 0..the pool's most workers.
		series: func(s *Snapshot) Series {
			return Series{Title: "adaptive limit", Name: "limit", Unit: "calls at once", Of: func(sec *Second) float64 { return float64(sec.Limit) },
				AtLeast: float64(max(s.Config.Pool.MaxWorkers(), 1))}
		},
	})
}

// adaptive is the adaptive concurrency limit: failsafe-go's adaptivelimiter, which moves
// its limit from the calls' latency (up while it holds, down when it climbs or when more
// calls at once bring fewer answers a second), so nobody picks the number. It is driven by
// hand, not composed as a policy: as a policy it would learn from every execution's time,
// and a call that failed fast or was cut at a deadline would read as a fast answer (or a
// slow one) and move the limit on no signal. Here only calls the dependency answered on
// their first try are latency samples (a retried one's time holds its backoff and its
// failed tries); every other permit is dropped. A new configuration (its starting limit,
// max wait, or the pool it can fill) builds a new limiter; holders release on their own.
type adaptive struct {
	cur   atomic.Pointer[adaptiveGen]
	stale atomic.Bool // the type was switched away: switching back starts afresh
}

type adaptiveGen struct {
	lim      adaptivelimiter.AdaptiveLimiter[any]
	initial  int
	maxLimit int
	maxWait  time.Duration
}

// configure builds the limiter for c: its limit starts at the bulkhead's size and is never
// above the most workers the pool can have to carry calls. Called under Apply's lock.
func (a *adaptive) configure(c Config) { a.use(c.Payment.Bulkhead, c.Pool.MaxWorkers()) }

func (a *adaptive) use(b BulkheadConfig, maxLimit int) {
	if b.Type != BulkheadAdaptive {
		a.stale.Store(true)
		return
	}
	initial := min(max(b.Size, 1), maxLimit)
	g := a.cur.Load()
	if g != nil && !a.stale.Load() && g.initial == initial && g.maxLimit == maxLimit && g.maxWait == b.MaxWait.D() {
		return
	}
	a.stale.Store(false)
	a.cur.Store(&adaptiveGen{initial: initial, maxLimit: maxLimit, maxWait: b.MaxWait.D(),
		lim: adaptivelimiter.NewBuilder[any]().WithLimits(1, uint(maxLimit), uint(initial)).
			WithRecentQuantile(AdaptiveQuantile).WithBaselineWindow(AdaptiveBaselineAge).Build()})
}

// What the limiter reads, failsafe-go's defaults set here by name so the screen can say them:
// each window's p90 of the calls' latency, against its running mean of those p90s (an
// exponential average over about 10 windows of at least a second), not a fixed baseline, so
// a slow climb drags the mean along (newcomer 27: "why didn't it back off at 92ms?").
const (
	AdaptiveQuantile    = 0.9
	AdaptiveBaselineAge = 10
)

// failsafe-go's beta, which AdaptiveBackoff reads, set here by name so the help can say it:
// AdaptiveBeta·⌊log10 limit⌋, at least AdaptiveBeta, so AdaptiveBeta under a limit of
// AdaptiveBetaUnder, the first whose ⌊log10⌋ is 2.
const (
	AdaptiveBeta      = 6
	AdaptiveBetaUnder = 100
)

// AdaptiveBackoff is how far the calls' p90 may run over its running mean before a limit of
// limit falls on latency: failsafe-go lowers it once limit × (1 − mean/p90) exceeds its beta,
// 6·⌊log10 limit⌋ (6 under 100), so 1.2× at 36, 1.1× at 64. 0: a limit that small never
// falls on latency alone (its other signal, answers a second that drop as calls rise, may).
func AdaptiveBackoff(limit int) float64 {
	beta := AdaptiveBeta * max(1, math.Floor(math.Log10(float64(max(limit, 1)))))
	if float64(limit) <= beta {
		return 0
	}
	return 1 / (1 - beta/float64(limit))
}

// limit is the limit in force and the calls holding a permit (0, 0 before it is built).
func (a *adaptive) limit() (limit, inUse int) {
	if g := a.cur.Load(); g != nil {
		return g.lim.Limit(), g.lim.Inflight()
	}
	return 0, 0
}

func (a *adaptive) stage() stage { return adaptiveStage(a) }

func (a *adaptive) stats(b BulkheadConfig) BulkheadStats {
	limit, inUse := a.limit()
	return BulkheadStats{Type: b.Type, Size: b.Size, InUse: int64(inUse), Limit: limit}
}

// second is the limit at the sample.
func (a *adaptive) second(sec *Second, _ Config) { sec.Limit, _ = a.limit() }

// adaptiveStage is the adaptive limit as a bulkhead: a permit within the limit, waiting up to
// max_wait (0: none, as failsafe-go's default, which turns the excess away rather than let it
// queue), held until the call ends. The call's latency counts only if the dependency answered
// its first try.
func adaptiveStage(a *adaptive) stage {
	return stage{name: "bulkhead:adaptive", waits: waitsUpTo(PhaseBulkhead, a.cur.Load().maxWait), wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			g := a.cur.Load()
			p.phase(PhaseBulkhead)
			permit, err := g.lim.AcquirePermitWithMaxWait(ctx, g.maxWait)
			if err != nil {
				return waitFailed(ctx, rejectedBy(RejectBulkhead))
			}
			rec := p.permit
			p.hold(func() {
				if rec.sample.Load() {
					permit.Record()
				} else {
					permit.Drop()
				}
			})
			return next(ctx, p)
		}
	}}
}

// adaptiveSetting is the adaptive bulkhead's settings value: the limit it has found; wide,
// what it is beside: "bulkhead" names a fixed cap everywhere else, and a reader who knows
// Netflix's concurrency-limits or failsafe-go calls this a limiter (newcomer 30).
func adaptiveSetting(c Config, b BulkheadStats, wide bool) string {
	gloss := ""
	if wide {
		gloss = " " + adaptiveGloss
	}
	if b.Limit == 0 { // not started yet
		return fmt.Sprintf("%s%s, limit starts at %d", adaptiveNamed, gloss, c.Payment.Bulkhead.Size)
	}
	return fmt.Sprintf("%s%s, limit %d, %d in use", adaptiveNamed, gloss, b.Limit, b.InUse)
}

// adaptiveGloss is the adaptive limit's other name, beside its setting.
const adaptiveGloss = "(a concurrency limiter)"

// adaptiveNamed is the adaptive bulkhead where the mechanism is named, said to be one:
// "bulkhead adaptive limit 36" beside rejected:bulkhead left its moving cap unsaid (n36 #19).
// In the report, "payment bulkhead adaptive (a cap that moves): limit 36 …": two colons in
// a row read the second as the limit's explanation (review 32 #22).
const adaptiveNamed = "adaptive: " + adaptiveMoves

const adaptiveMoves = "a cap that moves"

// AdaptiveUse is what an adaptive limit's calls came to, decided here so that the narrator
// only words it.
type AdaptiveUse struct {
	// Calls are the calls on the dependency: the window's mean concurrency where the window
	// gives each ok's hold (Windowed), so that beside its rates they agree by Little's law
	// (newcomer 29: "35 at 98ms each: ok 372/s" is 357/s; at 80 columns 25 calls now read
	// as the limiter holding the knee while the window averaged 35); the instant's before.
	Calls    float64
	Hold     time.Duration // how long each ok held its permit over the window (Windowed only)
	Windowed bool
	PastKnee bool // Calls above the knee (where one is known)
	// Curve is the knee's latency at Calls, where Windowed and PastKnee. OnCurve says Hold
	// is within CurveMargin of it: the narrator's "matches the curve's"; AboveCurve, above
	// that: "latency grows faster than calls" only then, not near the knee, where a worker
	// held is not always calling and the hold can sit at or under the curve (review 31 #2),
	// nor 1ms over it (85ms beside 84ms, newcomer 37 #18).
	Curve      time.Duration
	OnCurve    bool
	AboveCurve bool
	// CurveAlike: on the curve, and Hold and Curve read the same as the screen writes them
	// (FmtLatency): the narrator's "matches"; on it but written apart, "within 10% of"
	// (review 32 #13: "88ms … matches the curve's 96ms" read as not matching).
	CurveAlike bool
	// BurstsRefused: the window turned payments away at the limit while a permit sat free
	// on average; with the mean at the limit, the rejections are a full limit's, not
	// bursts' (review 19).
	BurstsRefused bool
	// Overloaded: the window turned payments away at the limit while more arrived than a
	// full limit's calls answer at their hold (limit ÷ hold): sustained load past what it
	// lets through, not bursts, turns them away (newcomer 34: "refuses bursts" beside 35 at
	// ~83ms, 421/s, of 488/s arriving). It and BurstsRefused are never both true.
	Overloaded bool
	// Arrived and Through are the two rates that make Overloaded: the window's payments
	// arriving a second, and what a full limit answers, limit ÷ Hold as written, said
	// beside it (newcomer 38 G10: "more arrive than a full limit answers" gave neither).
	// With the knee known, Through is the most any limit answers, the knee's Best (newcomer
	// 39 W1: limit ÷ Hold, the latency at the mean calls, said a full limit of 32 answers
	// 471/s, where on the curve 32 calls take 82ms: 390/s). Windowed only.
	Arrived, Through float64
	// AtBest: with the knee known, the window turned payments away at the limit while they
	// arrived at BestShare of Through or more: no limit lets them all through, for random
	// arrivals near what the calls can answer fill any number of them (Erlang B: 25 calls at
	// 25 erlangs turn away 14%), and past the knee each call only slows. With the knee known,
	// Overloaded implies it.
	AtBest bool
	// NoneNow: the last second turned no payment away at the limit.
	NoneNow bool
}

// CurveMargin is how far, as a share of the knee's curve at the mean calls, a hold may stray
// from it and still match it: the hold counts a worker's time off the call (hand-off, the
// HTTP round trip), and calls that vary about their mean take a little longer on average
// than the curve at the mean, a few ms at the knee's 50ms, as the dependency's ±10ms jitter
// makes one call stray; a tenth holds those and tells apart a hold that is clearly above.
const CurveMargin = 0.1

// BestShare is how near the most the dependency answers (its knee's Best) arrivals come
// before AdaptiveUse calls them at it: a tenth below, where Erlang B turns away several
// percent at any limit (25 calls at 22.5 erlangs: 9%).
const BestShare = 0.9

// AdaptiveUse is the adaptive limit's use of the dependency whose knee is k's (0: none known).
func (s *Snapshot) AdaptiveUse(k KneeForecast) AdaptiveUse {
	knee := k.Knee
	r := s.Rates()
	u := AdaptiveUse{Calls: float64(s.Dependency.InFlight)}
	u.Hold, u.Windowed = r.OKHold(Payment)
	if u.Windowed {
		u.Calls = r.Held[Payment]
	}
	u.PastKnee = knee > 0 && u.Calls > float64(knee)
	if u.Windowed && u.PastKnee {
		u.Curve = k.LatencyAt(u.Calls)
		margin := time.Duration(CurveMargin * float64(u.Curve))
		u.AboveCurve = u.Hold > u.Curve+margin
		u.OnCurve = !u.AboveCurve && u.Hold >= u.Curve-margin
		u.CurveAlike = u.OnCurve && FmtLatency(u.Hold) == FmtLatency(u.Curve)
	}
	if u.Windowed && u.Hold > 0 { // over the hold as written, so that the two said compute
		u.Arrived, u.Through = r.Arrived[Payment], k.Best
		if k.Best == 0 { // no knee known: a full limit at the hold as written
			u.Through = float64(s.Bulkhead.Limit) / ShownLatency(u.Hold).Seconds()
		}
	}
	refused := u.Windowed && r.Rejected[Payment][RejectBulkhead] > 0
	u.Overloaded = refused && u.Hold > 0 && u.Through < u.Arrived
	u.AtBest = refused && k.Best > 0 && u.Arrived >= BestShare*k.Best
	u.BurstsRefused = refused && !u.Overloaded && !u.AtBest && u.Calls <= float64(s.Bulkhead.Limit)-1
	if last := s.LastSecond(); last != nil {
		u.NoneNow = last.Rejected[Payment][RejectBulkhead] == 0
	}
	return u
}
