// The adaptive concurrency limit as a payment bulkhead (failsafe-go's adaptivelimiter, driven
// by hand; the isolation article, ch. 6): its state, its stage, its share of a per-second
// sample (the limit it has found), and its kind's registration.

package lab

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go/adaptivelimiter"
)

// BulkheadAdaptive: a limit found from the calls' latency, starting at size.
const BulkheadAdaptive BulkheadType = "adaptive"

// RejectLimit: the adaptive limit was full. Its own word, not the bulkheads' rejected:bulkhead,
// which a resilience4j or Hystrix reader takes for isolation, and this limit isolates nothing:
// with payments the only class it caps every call (newcomer 58); failsafe-go's "limit exceeded".
const RejectLimit Reason = 7

var _ = registerReason(RejectLimit, reasonDef{name: "limit", rank: 35,
	shown:       func(s *Snapshot) bool { return s.Config.Payment.Bulkhead.Type == BulkheadAdaptive },
	description: "the adaptive limit was full: as many calls at once as the limit it finds from their latency, and no place freed within its max wait (none by default: turned away at once; failsafe-go's \"limit exceeded\"). A concurrency limit on the calls, not a bulkhead's isolation of one class from another"})

func init() {
	registerBulkhead(bulkheadKind{
		name:    BulkheadAdaptive,
		rank:    30,
		rejects: RejectLimit,
		start:   func(*Isolation) bulkheadState { return &adaptive{} },
		size: func(b BulkheadConfig) string {
			return fmt.Sprintf("a limit found from the calls' latency, starting at %d", b.Size)
		},
		setting: adaptiveSetting,
		label:   adaptiveLabel,
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
	log      adaptiveLog // its last update, as it logged it
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
	g = &adaptiveGen{initial: initial, maxLimit: maxLimit, maxWait: b.MaxWait.D()}
	g.log.limit = float64(initial)
	g.lim = adaptivelimiter.NewBuilder[any]().WithLimits(1, uint(maxLimit), uint(initial)).
		WithRecentWindow(AdaptiveWindow, adaptiveWindowMost, AdaptiveWindowCalls).
		WithRecentQuantile(AdaptiveQuantile).WithBaselineWindow(AdaptiveBaselineAge).WithMaxLimitFactor(AdaptiveMaxLimitFactor).
		WithLogger(slog.New(&g.log)).Build()
	a.cur.Store(g)
}

// AdaptiveReading is the limiter's own reading at its last update: what it compared and
// what it did. failsafe-go keeps these unexported and says them only to its debug log, so
// the lab reads that log (adaptiveLog): the screen's rule then says the limiter's figures,
// not the lab's window's (newcomer 42 W4: "72ms is 1.33× the ~54ms mean, yet it holds at
// 30": the ~54ms was each ok's hold, which the rule never compares).
type AdaptiveReading struct {
	// P90 is the calls' latency the rule reads: each window's p90, through a moving median
	// of AdaptiveSmoothing, then an average (plain over its first AdaptiveWarmup updates,
	// then exponential over about AdaptiveSmoothing); Mean is its running mean of those
	// (plain over the first AdaptiveWarmup, then over about AdaptiveBaselineAge).
	P90, Mean time.Duration
	// Direction and Reason are failsafe-go's: "increase", "decrease" or "hold", and why:
	// "queue" (the latency rule), "thrptCorr", "thrptCorrRtt", "thrptCV" (a full limit's
	// answers a second not growing with its calls), "max" or "min" (a bound).
	Direction, Reason string
	Updates           int // its updates so far, this one counted
	// Queued is failsafe-go's queueSize, the calls it reckons queued, ⌈limit × (1 − Mean/P90)⌉
	// of its unrounded figures and its limit as a float (JudgedAt), which the rule compares
	// with alpha and beta. Its gradient is that Mean/P90, the two as above: no clamp.
	// QueueUnread: its log gave no queueSize as a whole number, so Queued is unknown, not 0.
	Queued      int
	QueueUnread bool
	// Peak is the most permits in use at once among the calls of the window it read
	// (failsafe-go's inflight), of which a rise takes the limit to AdaptiveMaxLimitFactor× at most.
	Peak int
	// Judged is the limit the reading was judged at, the one in force before this update:
	// failsafe-go checks, then sets the new limit, so its thresholds are this limit's
	// (review 36 M1: at the new one, a fall from 36 to 35 read "1.20×, under 1.21×").
	// JudgedAt is that limit as failsafe-go holds it, a float (a bound from the calls in
	// flight can make it fractional), to its log's two places; 0: Judged.
	Judged   int
	JudgedAt float64
	// Age is how long before the snapshot the update was, so that the screen says when its
	// figures were taken: "p90 now 78.6ms" beside the window's "~51ms each" read as wrong,
	// the smoothed p90 of an update a second earlier still easing from the peak (newcomer
	// 67). 0: not known (an example's).
	Age  time.Duration
	when time.Time // the update's, by the wall clock
}

// At is the run time of the update as the screen writes it ("39.4s") in a run of elapsed,
// "" where its age is not known.
func (r AdaptiveReading) At(elapsed time.Duration) string {
	if r.Age <= 0 || r.Age > elapsed {
		return ""
	}
	return FmtSecs(elapsed - r.Age)
}

// Warming says the reading is of failsafe-go's warm-up (AdaptiveWarmup): both figures plain
// means of one series since the start, so nearly equal, and the limit rises while they stay so.
func (r AdaptiveReading) Warming() bool { return r.Updates > 0 && r.Updates <= AdaptiveWarmup }

// queued says Queued: none where the p90 is at or under its mean, as failsafe-go's ceiling
// of a negative count ("-7 queued" once the load fell); "" where unread. calls says it as
// calls, for a line without the rule before it: "3 queued" beside the pool's own queue of
// orders ("queue O 22 waiting") read as a contradiction (newcomer 49 W2).
func (r AdaptiveReading) queued(calls bool) string {
	switch {
	case r.QueueUnread:
		return ""
	case r.Queued <= 0 && calls:
		return "no excess calls"
	case r.Queued <= 0:
		return "none in excess"
	case calls:
		return units(r.Queued, "excess call")
	}
	return strconv.Itoa(r.Queued) + " in excess"
}

// worked is the reading with Queued worked out from it at limit, whole after the rule,
// "36 × (1 − 100.0/120.5ms) = 6.1, rounded up: 7 in excess", brief as the rule itself with its
// figures named, "excess (calls adding delay, not answers), p90's ~10s running mean ÷ smoothed
// p90: limit 36 × (1 − 100.0/120.5ms) = 6.1, rounded up: 7" (newcomer 50 G-MAJOR: "p90 84.1ms,
// mean 78.2ms: 2.5" gave no rule and no 35 to check it by), terse with them named in fewer
// words, "excess (…), yardstick (p90's ~10s mean) ÷ smoothed p90: limit 36 × (1 − 100.0/120.5ms)
// = 6.1, rounded up: 7", each figure to the fewest places whose printed arithmetic gives
// failsafe-go's count (review 40b M2: "p90 78ms, mean 73ms: 3 queued" at 31 is 1.99 as
// printed); where none does (its log's µs), or it is unread, the figures and the count alone.
//
// The limit it was judged at is named, "limit 34": a bare "34" beside the settings' "limit 35"
// was unlabelled (newcomer 54); where the update moved it (held false), "limit then", and
// tersely "limit was".
//
// atWhen is when the update was, " at 39.4s" ("" unknown), said of the excess it reckoned; its p90
// is said as smoothed, failsafe-go's moving median then average of its windows' p90s, not
// "now": 78.6ms "now" beside the window's ~51ms each read as wrong, an update after the
// peak still carrying the peak's windows (newcomer 67).
func (r AdaptiveReading) worked(limit float64, held bool, atWhen, carries string) (whole, brief, terse string) {
	p90 := adaptiveP90()
	excess := adaptiveExcessIs + atWhen
	// Terse, "limit was 35" where the update moved it: "limit 35" under "adaptive limit 36"
	// read as two limits, 80 columns having no "then" (newcomer 55).
	named, terseNamed := "limit", "limit"
	if !held {
		named, terseNamed = "limit then", "limit was"
	}
	plain := fmt.Sprintf("%s %s, mean %s", p90, FmtLatency(r.P90), FmtLatency(r.Mean))
	if r.QueueUnread {
		return plain, plain, plain
	}
	ms := func(d time.Duration, places int) float64 {
		f := math.Pow10(places)
		return math.Round(float64(d)/float64(time.Millisecond)*f) / f
	}
	for places := 1; places <= 3; places++ {
		p, m := ms(r.P90, places), ms(r.Mean, places)
		q := limit * (1 - m/p)
		if up := int(math.Ceil(q)); up != r.Queued && (up > 0 || r.Queued > 0) {
			continue
		}
		// The sum's result and what follows it, apart: the sum is glued whole where the rule
		// is named (adaptiveSum).
		// No excess said as such, with why: "= −8.7: none" left a reader to guess that a
		// negative excess is none (newcomer 87 G3).
		product, count := noExcess(q), r.queued(false)
		tail := ", under 0: "
		if product == zeroExcess {
			tail = ", at 0: "
		}
		if r.Queued > 0 {
			// Places enough that the product as printed rounds up the same, and reads as a
			// whole number only where it is one ("2.0, rounded up: 2" was 1.98); else the
			// figures to more places.
			shown := 1
			for ; shown <= 4; shown++ {
				if at := ms(time.Duration(q*float64(time.Millisecond)), shown); math.Ceil(at) == math.Ceil(q) && (at != math.Trunc(at) || q == at) {
					break
				}
			}
			if shown > 4 {
				continue
			}
			// A product on a half at the places shown is said to one more: "35 × (1 − 81.7/86.0)
			// = 1.7" was 1.75 as printed, 1.7499… in floats (newcomer 55).
			if f := math.Pow10(shown); math.Abs(math.Abs(q*f-math.Trunc(q*f))-0.5) < 1e-6 {
				shown++
			}
			product, tail, count = fmt.Sprintf("%.*f", shown, q), ", rounded up: ", strconv.Itoa(r.Queued)
		}
		at := strconv.FormatFloat(limit, 'f', -1, 64)
		sum := fmt.Sprintf("(1 − %.*f/%.*fms) = %s", places, m, places, p, product)
		return at + " × " + sum + tail + r.queued(false),
			// The mean named as the p90's, and both named tersely too: "mean 78.1ms" beside the
			// calls' "~74ms each (measured)" read as two means of one latency, and 80
			// columns' bare "78.1/83.8ms" as two unnamed figures (newcomer 51).
			// The count is no queue's, as the dependency has none (newcomer 52: "queued at the
			// dependency" beside one that only slows past its knee): calls beyond those that
			// answer as many a second at the mean's latency, each slowing every call.
			// The mean named in place as the p90's, and the p90 as now's: "mean 78.9ms" read as
			// the calls' mean latency still, two lines under "~75ms each" (newcomer 53 G-MAJOR).
			// What the excess is, first, in plain words at both widths (newcomer 56 G-MAJOR: "excess:
			// calls more than their answers/s need at the mean's latency" took more than seconds,
			// and 80 columns had none); the p90's window is the help's.
			// Its figures named first, as the ratio they make, and the sum in numbers alone, kept on
			// one line: "× (1" ended a line at 120x40, the names and the step inside its
			// parentheses (newcomer 81 W4); each figure said once, as the screen has no room twice.
			fmt.Sprintf("%s, %s's %s running mean ÷ smoothed %s%s: %s",
				excess, p90, adaptiveMeanSpan, p90, carries, adaptiveSum(named, at, sum, tail+count)),
			// Tersely in the brief form's order, "calls' p90: ~10s mean 81.8ms ÷ now 85.5ms": "~10s p90
			// mean 81.8/p90 85.5ms" read as opaque (newcomer 58 G2), and a bare "p90" as of
			// nothing named (newcomer 59 G-MAJOR); no longer, as 80x24's narrator has no room.
			// "÷", not "/": "mean 78.2/now 84.7ms" read as two alternatives (newcomer 60 G-MAJOR);
			// each with its unit: "77.8 ÷ now 82.0ms" left 77.8 unitless (newcomer 62); "now
			// 84.8ms" named as a p90, beside the calls' "~73ms each", a mean (newcomer 62).
			// The mean the p90's: "calls' p90: ~10s mean" read as a p90 that is a mean (newcomer 64).
			// The mean named once as the limiter's yardstick for "no queue": "p90's ~10s mean"
			// alone left what it stands for to guess (newcomer 66 MAJOR).
			fmt.Sprintf("%s, yardstick (%s's %s mean) ÷ smoothed %s%s: %s", excess, p90, adaptiveMeanSpan, p90, carries, adaptiveSum(terseNamed, at, sum, tail+count))
	}
	return plain + ": " + r.queued(false), plain + ": " + r.queued(true), plain + ": " + r.queued(true)
}

// adaptiveSum is the excess's sum in numbers alone, "limit was 37 × (1 − 94.4/80.2ms) = −6.6,
// under 0: none in excess", its figures' names said before it, "yardstick (…) ÷ smoothed p90"; no-break spaces
// keep sum, from its parentheses to its result, on one line, never broken inside; tail follows.
func adaptiveSum(named, at, sum, tail string) string {
	return named + " " + at + " × " + strings.ReplaceAll(sum, " ", "\u00a0") + tail
}

// zeroExcess is noExcess's one form of a product that rounds to 0 at its places.
const zeroExcess = "0.0"

// noExcess writes a reckoning of no excess, at or under 0, as the screen's other figures, to
// a tenth ("−7.0", not "-6.996" as it printed, newcomer 67), with the typographic minus of
// its sums; to more places, up to three, only where a tenth would read 0 of a figure that is not.
func noExcess(q float64) string {
	shown := 1
	for ; shown < 3 && math.Round(q*math.Pow10(shown)) == 0; shown++ {
	}
	if math.Round(q*math.Pow10(shown)) == 0 {
		return zeroExcess
	}
	return "−" + strconv.FormatFloat(-q, 'f', shown, 64)
}

// AdaptiveWarmup is failsafe-go's warm-up (its warmupSamples): over its first 10 updates both
// the smoothed p90 and its running mean are plain means of all so far, so they trail a climb
// the most.
const AdaptiveWarmup = 10

// AdaptiveSmoothing is failsafe-go's smoothedSamples: the p90 of each window goes through a
// moving median of this many, then an average over as many. Unexported there and not
// settable, so named here for the help to say.
const AdaptiveSmoothing = 5

// AdaptiveWarmingRises is what the warm-up's two near-equal means make a limit do, as the
// help says it: a rule, "it rises each
// update", was more than failsafe-go promises, whose bounds and queue check can hold or
// lower it then too (review 38a m6).
const AdaptiveWarmingRises = "in the warm-up it rises while the two stay level"

// AdaptiveMeanClimbs is why a limit can stay past the knee after the warm-up, whole, as the
// help says it, in the narrator's words (PastKneeSaid, newcomer 56): the mean is the p90's own,
// so a slow climb drags it along (newcomer 46: whether a limit past the knee in its warm-up
// comes back could not be told; newcomer 47 #10: "the mean trails a slow climb" could not be parsed).
var AdaptiveMeanClimbs = adaptiveJudges("the p90's own running mean", "latency", true) + " and the limit can rise past the knee, or stay there"

// adaptiveLog is a slog handler that keeps the limiter's last "limit update". failsafe-go
// logs under its lock, so updates come one at a time.
type adaptiveLog struct {
	last    atomic.Pointer[AdaptiveReading]
	updates int
	limit   float64 // the limit in force: the initial one, then each update's new one
}

func (h *adaptiveLog) Enabled(context.Context, slog.Level) bool { return true }
func (h *adaptiveLog) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *adaptiveLog) WithGroup(string) slog.Handler            { return h }

func (h *adaptiveLog) Handle(_ context.Context, r slog.Record) error {
	h.updates++
	a := AdaptiveReading{QueueUnread: true, when: r.Time}
	next := h.limit
	r.Attrs(func(at slog.Attr) bool {
		switch d, _ := at.Value.Any().(time.Duration); at.Key {
		case "recentRTT":
			a.P90 = d
		case "baselineRTT":
			a.Mean = d
		case "direction":
			a.Direction = at.Value.String()
		case "reason":
			a.Reason = at.Value.String()
		case "inflight": // the most in use at once among the window's calls, an int
			if at.Value.Kind() == slog.KindInt64 {
				a.Peak = int(at.Value.Int64())
			}
		case "queueSize": // as "%d"
			q, err := strconv.Atoi(at.Value.String())
			a.Queued, a.QueueUnread = q, err != nil
		case "limit": // the new limit, as "%.2f"
			if f, err := strconv.ParseFloat(at.Value.String(), 64); err == nil {
				next = f
			}
		}
		return true
	})
	a.Judged, a.JudgedAt, h.limit = int(h.limit), h.limit, next
	if a.Updates = h.updates; a.P90 > 0 && a.Mean > 0 {
		h.last.Store(&a)
	}
	return nil
}

// What the limiter reads, failsafe-go's defaults set here by name so the screen can say them:
// each window's p90 of the calls' latency, against its running mean of those p90s (an
// exponential average over about 10 windows of at least a second), not a fixed baseline, so
// a slow climb drags the mean along (newcomer 27: "why didn't it back off at 92ms?").
const (
	AdaptiveQuantile    = 0.9
	AdaptiveBaselineAge = 10
)

// AdaptiveMaxLimitFactor is failsafe-go's maxLimitFactor, its default set here by name so the
// screen can say it: a rise takes the limit to at most this many times the most permits in use
// at once in the window just read, used or not, and a limit past that falls a step. Netflix's
// Vegas (concurrency-limits) holds a limit while under half of it is in use.
const AdaptiveMaxLimitFactor = 5

// adaptiveHeadroomWhole is why a limit far above the calls using it still rises, the help's
// words for the health line's (adaptiveCeiling).
var adaptiveHeadroomWhole = fmt.Sprintf("a rise takes it to at most %d× the most permits in use at once in the window just read "+
	"(failsafe-go's maxLimitFactor; the line under the table's \"%s\"; a limit past that falls a step), so a limit far above the calls using it still rises, "+
	"where Netflix's Vegas (concurrency-limits) holds a limit while under half of it is in use", AdaptiveMaxLimitFactor, adaptiveCeilingExample)

// adaptiveCeiling is how high the limit of s may rise from the window it last read:
// AdaptiveMaxLimitFactor × the most in use at once there, within the pool's most workers,
// full use or not: "probes 40→41" beside "4 in use" and 8.4 calls at once asked whether it
// raises a limit it is far from using, which Netflix's Vegas does not (newcomer 70 G6). The narrator's 5 lines at
// 120 columns have no room for it beside the rule.
func adaptiveCeiling(s *Snapshot, w int) []Item {
	peak := s.Bulkhead.Reading.Peak
	if s.Bulkhead.Type != BulkheadAdaptive || peak == 0 {
		return nil
	}
	most := AdaptiveMaxLimitFactor * peak
	ceiling := fmt.Sprintf("%d × %d = %d", AdaptiveMaxLimitFactor, peak, most)
	// The cap of the update it last made, said as of then: "may rise to 5 × 12 = 60" beside
	// 20 in use now read as a forecast the window now does not support (review s87b). Its
	// narrowest form says the time bare: "at its update" too passed 80 columns with a peak of
	// 20 and an update past 100s ("1 min 40s").
	when, bare := "", ""
	if at := s.Bulkhead.Reading.At(s.Elapsed); at != "" {
		when, bare = " at its update at "+at, " at "+at
	}
	binds := ""
	if pool := s.Config.Pool.MaxWorkers(); most > pool {
		binds = fmt.Sprintf(", the pool's %d binds first", pool)
	}
	whose := fmt.Sprintf("%d× the most in use at once in the window it read", AdaptiveMaxLimitFactor)
	whole := ceiling + when + binds
	return []Item{{Label: adaptiveCeilingLabel, Value: fittingValue(adaptiveCeilingLabel, w,
		whole+": "+whose+", failsafe-go's rule, not full use", whole+" ("+whose+")", whole, ceiling+bare+binds)}}
}

const adaptiveCeilingLabel = "a rise's ceiling" // not "capped at": read as a cap that bound, beside a rise of one (newcomer 78 W3)

// adaptiveCeilingExample is the health line's narrow form for a window whose most was 17.
var adaptiveCeilingExample = func() string {
	s := Snapshot{Bulkhead: BulkheadStats{Type: BulkheadAdaptive, Reading: AdaptiveReading{Peak: 17}}}
	s.Config.Pool.Workers = MaxWorkers
	return adaptiveCeiling(&s, 80)[0].Phrase()
}()

// The window each p90 is of, failsafe-go's defaults set here by name so the rule can say
// it (newcomer 52: a p90 of what, over how long?): its calls since the last update, at least
// AdaptiveWindow (or twice the fastest call, if longer; never past adaptiveWindowMost) and
// at least AdaptiveWindowCalls of them.
const (
	AdaptiveWindow      = time.Second
	AdaptiveWindowCalls = 50
	adaptiveWindowMost  = 30 * time.Second
)

// adaptiveOfWhat is what the rule's p90 and mean are, for the narrator: the latency a
// permit is held, the call to the dependency (a first try it answered), over each window,
// and the mean's span, about AdaptiveBaselineAge windows of at least AdaptiveWindow.
func adaptiveOfWhat(p90 string) string {
	return fmt.Sprintf("%s, mean the p90's %s running mean", adaptiveP90Is(p90), adaptiveMeanSpan)
}

// adaptiveMeanSpan is how long the p90's running mean reaches back, about AdaptiveBaselineAge
// windows of at least AdaptiveWindow: "~10s".
var adaptiveMeanSpan = "~" + FmtDur(AdaptiveBaselineAge*AdaptiveWindow)

// adaptiveP90Is is what the rule's p90 is: "p90 of the calls' latency per window of ≥1s"
// ("each ≥1s" read as every call taking a second, beside ~67ms each, review 44a/44b).
func adaptiveP90Is(p90 string) string {
	return fmt.Sprintf("%s of the calls' latency per window of ≥%s", p90, FmtDur(AdaptiveWindow))
}

// adaptiveExcessIs names failsafe-go's "queue" in the dependency's terms, which has none (newcomer
// 52): the calls in flight past those that would give the same answers a second at the mean's
// latency, so they add delay, not answers; adaptiveExcess says how, for the help. Not the
// calls past the knee's (newcomer 52: "32 in use" beside "a knee of 25" read as 7 over, not 3).
const (
	adaptiveExcessIs = "excess (calls adding delay, not answers)"
	adaptiveExcess   = "the calls past those that would give the same answers a second at the mean's latency, not the knee's"
)

// failsafe-go's beta, which AdaptiveBackoff reads, set here by name so the help can say it:
// AdaptiveBeta·⌊log10 limit⌋, at least AdaptiveBeta, so AdaptiveBeta under a limit of
// AdaptiveBetaUnder, the first whose ⌊log10⌋ is 2.
const (
	AdaptiveBeta      = 6
	AdaptiveBetaUnder = 100
)

// failsafe-go's alpha: it raises the limit while ⌈limit × (1 − mean/p90)⌉ is under
// AdaptiveAlpha·⌊log10 limit⌋ (at least AdaptiveAlpha), as beta, which lowers it.
const AdaptiveAlpha = 3

// AdaptiveBackoff is how far the calls' p90 may run over its running mean before a limit of
// limit falls on latency: failsafe-go lowers it once limit × (1 − mean/p90) exceeds its beta,
// 6·⌊log10 limit⌋ (6 under 100), so 1.2× at 36, 1.1× at 64. 0: a limit that small never
// falls on latency alone (its other signal, answers a second that drop as calls rise, may).
func AdaptiveBackoff(limit int) float64 { _, f := adaptiveBounds(limit); return f.ratio() }

// AdaptiveRise is how far the calls' p90 may run over its running mean while a limit of
// limit still rises: ⌈limit × (1 − mean/p90)⌉ under alpha, that is limit × (1 − mean/p90)
// at most alpha − 1, so up to 1.07× at 30, inclusive. 0: a limit that small rises at any p90.
func AdaptiveRise(limit int) float64 { r, _ := adaptiveBounds(limit); return r.ratio() }

// AdaptiveQueues are the latency rule's thresholds at limit as failsafe-go's queue sizes: it
// rises while ⌈limit × (1 − mean/p90)⌉ is at most risesAtMost (under alpha) and falls once it
// is past fallsPast (beta); each factor·⌊log10 limit⌋, at least factor, as its Log10Func.
func AdaptiveQueues(limit int) (risesAtMost, fallsPast int) {
	log := vegasLog10(limit)
	return AdaptiveAlpha*log - 1, AdaptiveBeta * log
}

// vegasLog10 is failsafe-go's Log10Func factor at limit: ⌊log10 limit⌋, at least 1.
func vegasLog10(limit int) int {
	return max(1, int(math.Floor(math.Log10(float64(max(limit, 1))))))
}

// adaptiveBoundsOf names where the rule's two bounds at limit come from: failsafe-go's Vegas
// alpha and beta, fixed for every limit of one ⌊log10⌋ (at least 1), so the span of limits
// that share them, "for limits under 100", "at limits 100–999" (newcomer 57: "why 2 and 6?";
// newcomer 59: "under limit 100" read as a limit of 100 beside one of 35). The rule first,
// then the library said with what it is ("failsafe-go's Vegas bounds" left what failsafe-go
// is to guess, newcomer 64; "Go library failsafe-go's bounds" which rule's, newcomer 66).
func adaptiveBoundsOf(limit int) string {
	log := vegasLog10(limit)
	span := fmt.Sprintf("at limits %.0f–%.0f", math.Pow10(log), math.Pow10(log+1)-1)
	if log == 1 {
		span = fmt.Sprintf("for limits under %d", AdaptiveBetaUnder)
	}
	return adaptiveBoundsTerse + " (" + failsafeGo + ") " + span
}

// adaptiveBoundsTerse is adaptiveBoundsOf without the library or the span, the help's, for
// 80x24's narrator keeps the yardstick named in five lines: the rule they bound, whose
// name "Go library failsafe-go's bounds" left to guess (newcomer 66 MAJOR).
const adaptiveBoundsTerse = "Vegas"

// failsafeGo is the library whose adaptive limiter the lab runs, said with what it is.
const failsafeGo = "Go library failsafe-go"

// Why the rule moves as it does, Vegas's reasoning in the dependency's terms: under alpha the
// calls show no queue of the limiter's making, so it probes for more; past beta they show one,
// so it backs off (newcomer 57: "why does it rise when latency already exceeds 50ms?").
// Each whole and terse; said of the direction the update took.
const (
	adaptiveProbes        = "little excess reads as no queue at the dependency, so it probes"
	adaptiveProbesTerse   = "little excess reads as no queue: it probes"
	adaptiveBacksOff      = "that much reads as a queue, so it backs off"
	adaptiveBacksOffTerse = "that reads as a queue: it backs off"
)

// adaptiveBound is a bound of the latency rule at a limit: the p90/mean where
// limit × (1 − mean/p90) reaches q, 1/(1 − q/limit).
type adaptiveBound struct{ q, limit int }

// adaptiveBounds are the rule's two bounds at limit, once each.
func adaptiveBounds(limit int) (rising, falling adaptiveBound) {
	rise, fall := AdaptiveQueues(limit)
	return adaptiveBound{rise, limit}, adaptiveBound{fall, limit}
}

// ratio is the bound's p90/mean; 0 where the limit is not above q.
func (b adaptiveBound) ratio() float64 {
	if b.limit <= b.q {
		return 0
	}
	return 1 / (1 - float64(b.q)/float64(b.limit))
}

// worked is the bound with how the limit makes it, "1/(1−2/27) = 1.08×", the formula one
// word that a wrap keeps whole: a figure alone left how it depends on the limit to guess
// (newcomer 47 #9).
func (b adaptiveBound) worked() string {
	return fmt.Sprintf("1/(1−%d/%d) = %.2f×", b.q, b.limit, b.ratio())
}

// AdaptiveRule is how the adaptive limit moves, as the narrator says it, whole and brief.
// The bounds are said with where they come from, failsafe-go's Vegas bounds for the span of
// limits that share them, and the update's move with why, Vegas's reasoning (newcomer 57:
// "why 2 and 6? why does it rise when latency already exceeds 50ms?").
// Whole, in one plain line: failsafe-go's own reading of the calls' latency, how many calls
// seem queued, and its two thresholds as queue sizes, then what its last update did, in few
// words (newcomer 48 G-MAJOR-1: the rule as two worked ratios, "at up to 1/(1−2/27) = 1.08×",
// its warm-up's averaging and why it sits past the knee took 8 lines at 120x40 and named
// neither 2 nor 6; the ratios are the help's). Brief, that update's reading worked out, the
// rule's band and what it did, or what decided where a bound of the limit's own or its
// throughput signal did (review 37 minor 2); terse, the same with the figures unnamed, for
// 80 columns.
func (s *Snapshot) AdaptiveRule() (long, short, terse string) {
	said := s.adaptiveRule()
	return said.long, said.short, said.terse
}

// AdaptiveRuleWide is AdaptiveRule's terse form with its bounds and why in the brief form's
// words, for a screen where they wrap to no more lines (120x40); "" where there is no terse form.
func (s *Snapshot) AdaptiveRuleWide() string { return s.adaptiveRule().wide }

// adaptiveRuleSaid is the rule in each form.
type adaptiveRuleSaid struct{ long, short, terse, wide string }

func (s *Snapshot) adaptiveRule() adaptiveRuleSaid {
	limit, r := s.Bulkhead.Limit, s.Bulkhead.Reading
	// The bounds of the limit the last reading was judged at: before it changed it.
	judged := limit
	if r.P90 > 0 && r.Judged > 0 {
		judged = r.Judged
	}
	rising, falling := adaptiveBounds(judged)
	if falling.ratio() == 0 { // rising's is 0 wherever falling's is
		return adaptiveRuleSaid{long: "the limit rises while calls' latency holds near its running mean and falls once it climbs past it"}
	}
	p90 := adaptiveP90()
	// failsafe-go's rule as its updateLimit computes it: queueSize = ⌈limit × (1 − mean/p90)⌉ against
	// alpha and beta, both queue sizes; it rises while queueSize < alpha, at most alpha − 1.
	// Said without the ceiling, which the bounds do not need (the picture renderer draws ⌈⌉
	// as shapes, but a reader need not round up): ⌈q⌉ ≤ 2 where q ≤ 2, ⌈q⌉ > 6 where q > 6.
	bounds := adaptiveBoundsOf(judged)
	rule := fmt.Sprintf("each update (≤1/s) reckons limit × (1 − mean/%s) excess calls (Vegas), %s; %s: at most %d, the limit rises; past %d, it falls; else it holds",
		p90, adaptiveOfWhat(p90), bounds, rising.q, falling.q)
	if r.P90 == 0 { // no update yet
		return adaptiveRuleSaid{long: rule}
	}
	to, held := fmt.Sprintf("%d→%d", judged, limit), judged == limit
	step := to
	if held {
		to, step = strconv.Itoa(limit), fmt.Sprintf("holds at %d", limit)
	}
	// What decided, said as the rule's own clause so it reads alone: the queue size the
	// reading met, as failsafe-go's own verdict (Direction) says, not worked out again from
	// µs-rounded figures (review 36 M2), or, for a bound of the limit's own or its throughput
	// signal, that, never a queue bound that did not (review 37 minor 2). In queue sizes, as
	// the whole form's rule: the ratios of the mean they come to are the help's (wave 55: the
	// brief form's "up to 1.07× the limit rises" beside the whole form's "at most 2" was one
	// rule said two ways). Briefly its band whole, then what it did, so that the count beside
	// it can be checked against it (newcomer 50 G-MAJOR: "3 to 6, it holds" read as a range
	// of calls queued); tersely in signs, for 80 columns.
	// With the bounds, where they come from; with a move, why, Vegas's reasoning, tersely
	// without "else holds", which a hold says (80x24 has no line for both, newcomer 57).
	band := fmt.Sprintf("%s: at most %d it rises, past %d it falls, else holds", bounds, rising.q, falling.q)
	signs := fmt.Sprintf("≤%d rises, >%d falls", rising.q, falling.q)
	decided := band + ", so it " + step
	head := fmt.Sprintf("%s: %s", adaptiveBoundsTerse, signs)
	tersely, wide := head+", else holds: "+to, fmt.Sprintf("%s: %s, else holds: %s", bounds, signs, to)
	if why, whyTerse, more := adaptiveWhy(r.Direction, limit-judged); !held && why != "" && r.Reason == "queue" {
		move := whyTerse + " " + to
		decided = fmt.Sprintf("%s; %s%s: %s", band, why, more, to)
		tersely = head + "; " + move
		// Without how many more, which 34→35 says: 120 columns had no room for it beside
		// the p90's and the bounds' names (newcomer 59).
		// Its why terse too: 120 columns had no room for it whole beside the yardstick named
		// (newcomer 66).
		wide = fmt.Sprintf("%s: %s; %s", bounds, signs, move)
	}
	// The reading in one set of words at every width (newcomer 45 W3: "now 59ms against 59ms"
	// beside "p90 since 0s 59ms", two claims); in the warm-up without its figures, as p90 and
	// mean are both plain averages then, nearly equal, which the help says (newcomer 46:
	// "p90 since 0s 59ms = 1.00× its mean" looked impossible).
	at := float64(judged)
	if r.JudgedAt > 0 {
		at = r.JudgedAt
	}
	atWhen := ""
	if when := r.At(s.Elapsed); when != "" {
		atWhen = " at " + when
	}
	whole, brief, fewest := r.worked(at, held, atWhen, s.adaptiveCarries())
	// Briefly, the reading alone: which update is the rule's detail, and 80 columns had no
	// room for it beside the count said as calls (newcomer 49 W2).
	last := fmt.Sprintf("update %d%s: %s", r.Updates, atWhen, whole)
	if r.Warming() {
		last = fmt.Sprintf("update %d of %d (warm-up)%s", r.Updates, AdaptiveWarmup, atWhen)
		brief = last
		if q := r.queued(false); q != "" {
			last += ": " + q
			brief += ": " + r.queued(true)
		}
		fewest = brief
	}
	switch r.Reason {
	case "queue":
	case "thrptCorr", "thrptCorrRtt", "thrptCV":
		decided = "yet a full limit's answers a second stopped growing with its calls"
	case "min":
		decided = "the limit met its bound, the least it keeps"
	default: // failsafe-go's "max": the most its calls in flight allow, which may lower it too
		decided = "the limit met its bound, the most its calls in flight allow"
	}
	then := ", " // the queue decided
	if r.Reason != "queue" {
		last, then = last+", "+decided, ": "
		decided += ": " + to
		tersely, wide = decided, decided
	}
	return adaptiveRuleSaid{long: fmt.Sprintf("%s; %s%slimit %s", rule, last, then, step),
		short: brief + "; " + decided, terse: fewest + "; " + tersely, wide: fewest + "; " + wide}
}

// adaptiveCarries says, after the smoothed p90, which of it and the yardstick still carry a
// heavier step of payments' traffic profile: both p90s far above the window's "~51ms each",
// with nothing said of the 500/s step ended at 35s (newcomer 77 G3). In plain words: "still
// carry" was undefined (newcomer 82 G3); when the step ended is the profile's. Each is said only
// within its own reach of that step's end, as the last update saw it: the smoothed p90
// sheds it sooner than the yardstick, the running mean of it (adaptiveReach). "" where
// neither still carries one or sits above an unloaded call's longest, or the update's time
// is unknown.
func (s *Snapshot) adaptiveCarries() string {
	r := s.Bulkhead.Reading
	// Each said to carry the step only above an unloaded call's longest: a heavier step that
	// left latency alone carries nothing (a reviewer).
	unloaded := s.Config.Dependency.CallLatency() + s.Config.Dependency.Jitter.D()
	if r.Age <= 0 || r.Age > s.Elapsed || r.Mean <= unloaded {
		return ""
	}
	at := s.Elapsed - r.Age
	before, ended, ok := s.Config.Traffic.HeavierBefore(Payment, at, s.Config.Traffic.RateAt(Payment, at))
	smoothed, yardstick := adaptiveReach()
	switch since := at - ended; {
	case !ok || since >= yardstick:
		return ""
	case since >= smoothed || r.P90 <= unloaded:
		return fmt.Sprintf(" (the yardstick includes samples of the %s step)", FmtFloatRate(before))
	}
	return fmt.Sprintf(" (both include samples of the %s step)", FmtFloatRate(before))
}

// adaptiveReach is how long after a heavier step's end the smoothed p90 and the yardstick
// still carry it, in windows of AdaptiveWindow: the moving median of AdaptiveSmoothing turns
// once most of its windows are past the step, and the average after it sheds most of the
// step over about AdaptiveSmoothing more; the yardstick, the running mean of those over
// about AdaptiveBaselineAge, that much later again.
func adaptiveReach() (smoothed, yardstick time.Duration) {
	smoothed = (AdaptiveSmoothing/2 + 1 + AdaptiveSmoothing) * AdaptiveWindow
	return smoothed, smoothed + AdaptiveBaselineAge*AdaptiveWindow
}

// adaptiveWhy is why an update that moved the limit by step in direction did so, whole and
// terse, and more, how far it probed ("" for a fall); all "" where it held.
func adaptiveWhy(direction string, step int) (why, terse, more string) {
	switch direction {
	case "increase":
		more = fmt.Sprintf(" %d more", step)
		if step == 1 {
			more = " one more"
		}
		return adaptiveProbes, adaptiveProbesTerse, more
	case "decrease":
		return adaptiveBacksOff, adaptiveBacksOffTerse, ""
	}
	return "", "", ""
}

// AdaptivePastKnee is why an adaptive limit of r's last reading sits past the knee, one clause:
// in the warm-up, its rises carried it there, whatever this update did (review 39 m5: a
// warm-up update that held gave the mean's slow climb, which is after the warm-up, as why);
// after it, the mean climbs with the p90 (AdaptiveMeanClimbs, whole in the help).
func AdaptivePastKnee(r AdaptiveReading) string {
	switch {
	case r.Updates == 0:
		return "it starts past the knee"
	case r.Warming():
		return "its warm-up's rises carried it past the knee"
	}
	return adaptivePastWarmUp
}

// adaptivePastWarmUp is AdaptivePastKnee after the warm-up: the rule's yardstick in the
// help's and the 120x40 narrator's words (review: "a slow climb lifts the mean too" beside
// them said it a second way).
var adaptivePastWarmUp = adaptiveJudges("its running mean", "latency", false) + ", so it can stay past the knee"

// adaptiveP90 names the latency quantile the limiter reads, "p90".
func adaptiveP90() string { return fmt.Sprintf("p%.0f", 100*AdaptiveQuantile) }

// AdaptiveChartHelp is the help's entry for the adaptive limit's chart: the rule in full,
// which the narrator says in one line, its readings charted nowhere (newcomer 29), with the
// narrator's own sentences for an example reading; the bounds as ratios of the mean, worked,
// the warm-up's averaging and the slow climb, which the narrator leaves here (newcomer 48
// G-MAJOR-1).
func AdaptiveChartHelp() string {
	ex := Snapshot{Bulkhead: BulkheadStats{Type: BulkheadAdaptive, Limit: 35, Reading: AdaptiveReading{
		P90: 84 * time.Millisecond, Mean: 76 * time.Millisecond, Direction: "hold", Reason: "queue", Updates: 2 * AdaptiveWarmup, Judged: 35, Queued: 4}}}
	rule, brief, terse := ex.AdaptiveRule()
	p90 := adaptiveP90()
	// A negative excess, worked, as the screen says none (newcomer 87 G3).
	negative, _, _ := AdaptiveReading{P90: 76 * time.Millisecond, Mean: 84 * time.Millisecond}.worked(35, true, "", "")
	// Under a limit of AdaptiveBetaUnder, and from it, where alpha and beta double; their
	// ⌊log10⌋ in words, which the screen's font draws (it has no ⌊⌋).
	rise, fall := AdaptiveQueues(AdaptiveBetaUnder - 1)
	rise100, fall100 := AdaptiveQueues(AdaptiveBetaUnder)
	rising30, _ := adaptiveBounds(30)
	_, falling36 := adaptiveBounds(36)
	return "in place of arrived/s, where the payments' bulkhead is an adaptive limit: the limit in force each second (its strip's letter L, \"L limit 36\"), sampled at each second's end, from 0 to the pool's most workers, as the workers chart beside it; " +
		fmt.Sprintf("the rule (the narrator's \"%s\", the limiter's own reading at its last update and what it did, the limit before and after; briefly, \"%s\", the rule's band and what it did, or, where its throughput signal or a bound of its own decided, that; at 80 columns, \"%s\"): at most once a second, one step, failsafe-go reckons the %s as limit × (1 − mean/%s), rounded up (its queueSize, Vegas's queue, but the dependency has none: %s), the limit the one that update judged (in force before it), the %s, of the calls' latency (each permit's hold, to the dependency's answer of its first try) over each window of at least %s and %d calls, smoothed (a moving median of %d, then an average), the mean its running mean of those (about %d seconds); it rises while that is at most %d (under its alpha, %d), so while the %s stays within 1/(1−%d/limit) of the mean, %s: %s for more; falls once it is past %d (its beta), once the %s passes 1/(1−%d/limit) of the mean, %s: %s; and holds between; a %s under its mean gives an excess under 0, none in excess (\"%s\"); alpha and beta are failsafe-go's Vegas bounds, TCP Vegas's two queue thresholds, %d and %d × the limit's log10 rounded down, at least 1: at most %d and past %d under a limit of %d, at most %d and past %d from it; for its first %d updates both are plain means of one series %s, so nearly equal, and it rises while they stay so (\"%s\"), which can carry a young limit past the knee (the narrator's \"%s\"); after the warm-up, %s; a full limit whose answers a second stop growing falls too; "+adaptiveHeadroomWhole+"; neither the %s nor its mean is charted",
			rule, brief, terse, adaptiveExcessIs, p90, adaptiveExcess, p90, FmtDur(AdaptiveWindow), AdaptiveWindowCalls, AdaptiveSmoothing, AdaptiveBaselineAge, rise, AdaptiveAlpha, p90, rise, rising30.worked(), adaptiveProbes, fall, p90, fall, falling36.worked(), adaptiveBacksOff, p90, negative,
			AdaptiveAlpha, AdaptiveBeta, rise, fall, AdaptiveBetaUnder, rise100, fall100, AdaptiveWarmup, "since the limiter was built (at 0s, or when a key switched it on or changed it)", AdaptiveWarmingRises, AdaptivePastKnee(AdaptiveReading{Updates: AdaptiveWarmup}), AdaptiveMeanClimbs, p90)
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
	st := BulkheadStats{Type: b.Type, Size: b.Size}
	g := a.cur.Load()
	if g == nil {
		return st
	}
	// One limiter, its reading before its limit: failsafe-go logs under its lock and sets
	// the limit before letting Limit() read it, so the limit is the reading's or a later
	// one's, never one before it (final read: "holds at 30" beside a limit just risen).
	if r := g.log.last.Load(); r != nil {
		st.Reading = *r
		st.Reading.Age = time.Since(r.when)
	}
	st.Limit, st.InUse = g.lim.Limit(), int64(g.lim.Inflight())
	return st
}

// second is the limit at the sample.
func (a *adaptive) second(sec *Second, _ Config) { sec.Limit, _ = a.limit() }

// adaptiveStage is the adaptive limit as a bulkhead: a permit within the limit, waiting up to
// max_wait (0: none, as failsafe-go's default, which turns the excess away rather than let it
// queue), held until the call ends. The call's latency counts only if the dependency answered
// its first try.
func adaptiveStage(a *adaptive) stage {
	return stage{name: adaptiveStageName, waits: waitsUpTo(PhaseBulkhead, a.cur.Load().maxWait), wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			g := a.cur.Load()
			p.phase(PhaseBulkhead)
			permit, err := g.lim.AcquirePermitWithMaxWait(ctx, g.maxWait)
			if err != nil {
				return waitFailed(ctx, rejectedBy(RejectLimit))
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

// adaptiveStageName is its stage in the chain: "limit", as its rejections (rejected:limit)
// and, on all orders, its settings item are, not the "bulkhead" it is registered beside: three
// names for one limit on one screen (newcomer 54). Its config name stays bulkhead.type: adaptive.
const adaptiveStageName = "limit:" + string(BulkheadAdaptive)

// adaptiveSetting is the adaptive bulkhead's settings value: the limit it has found; wide,
// what it is beside: "bulkhead" names a fixed cap everywhere else, and a reader who knows
// Netflix's concurrency-limits or failsafe-go calls this a limiter (newcomer 30).
//
// With payments the only class it isolates none: it caps every order, a concurrency limit
// on the whole service, so its item is the limit's (adaptiveLabel), said first at every
// width, and that it is not isolation, the bulkhead of the other screens (newcomer 45 G11,
// 47 #11, 58); its rejections have their own word, rejected:limit.
func adaptiveSetting(c Config, b BulkheadStats, w int) string {
	limit := fmt.Sprintf(", limit %d, %d in use", b.Limit, b.InUse)
	if b.Limit == 0 { // not started yet
		limit = fmt.Sprintf(", limit starts at %d", c.Payment.Bulkhead.Size)
	}
	if len(c.Others()) == 0 {
		// "limit adaptive 28, …, 27 in use": the limit said once, in the label.
		named := fmt.Sprintf("%s %d", BulkheadAdaptive, b.Limit)
		inUse := fmt.Sprintf(", %d in use", b.InUse)
		if b.Limit == 0 {
			named, inUse = fmt.Sprintf("%s starting at %d", BulkheadAdaptive, c.Payment.Bulkhead.Size), ""
		}
		onAll := named + " on all " + Plural(c.Traffic.Label(Payment))
		// At 80 columns "not one per class", the brief "one limit for all, not a bulkhead per
		// class": a bare "not isolation" meant nothing there (newcomer 58 G2).
		return fittingValue(adaptiveLabel(c), w, onAll+" ("+adaptiveIsNot+")"+inUse, onAll+", not one per class"+inUse, named+inUse)
	}
	var forms []string
	if !narrow(w) {
		forms = append(forms, adaptiveNamed+" "+adaptiveLimiter+limit)
	}
	return fittingValue(adaptiveLabel(c), w, append(forms, adaptiveNamed+limit)...)
}

// adaptiveLabel is its settings item's label: the limit's, where payments are the only class
// and it caps every call ("bulkhead adaptive" read as isolation, newcomer 58), else the
// payments' bulkhead, which it is beside other classes.
func adaptiveLabel(c Config) string {
	if len(c.Others()) == 0 {
		return RejectLimit.String()
	}
	return "bulkhead"
}

// adaptiveOnAll is the help's example of adaptiveSetting where orders are the only class, a
// limit of 28 with 27 in use, at w columns, its label before it (review 40a m3: a hand copy
// of its format).
func adaptiveOnAll(w int) string {
	var c Config
	c.Traffic.Payment.Label = "order"
	return adaptiveLabel(c) + " " + adaptiveSetting(c, BulkheadStats{Type: BulkheadAdaptive, Limit: 28, InUse: 27}, w)
}

// adaptiveIsNot is what a cap on every order is, and is not: the isolation "bulkhead" means
// on the other screens.
const adaptiveIsNot = "a concurrency limit from latency, not isolation"

// adaptiveLimiter is the adaptive limit's other name, Netflix's concurrency-limits' word.
const adaptiveLimiter = "(a concurrency limiter)"

// adaptiveNamed is the adaptive bulkhead where the mechanism is named, said to be one:
// "bulkhead adaptive limit 36" beside rejected:bulkhead left its moving cap unsaid (n36 #19).
// In the report, "payment bulkhead adaptive (a moving cap): limit 36 …": two colons in
// a row read the second as the limit's explanation (review 32 #22).
const adaptiveNamed = "adaptive: " + adaptiveMoves

const adaptiveMoves = "a moving cap"

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
	// NoneNow: the last second turned no payment away at the limit; NoneSince says since
	// when, "none turned away since 35s" (noneRefusedSince).
	NoneNow   bool
	NoneSince string
	// LimitPastKnee: the limit in force is above the knee, though the mean of calls need not
	// be (newcomer 43 G-MAJOR-1: limit 30 beside a knee of 25 and a mean of 23.6 calls).
	LimitPastKnee bool
	// Fixed is the best fixed cap, the knee's calls less one (the postmortem fix's, with room
	// for a knee one call lower: KneeForecast.AtKnee), and FixedRate what those answer, no
	// more than arrive (Windowed): with a queue to keep them busy, what a hand-picked limit
	// gets from a knee measured first, said beside this limit's ok (newcomer 43 G-MAJOR-1:
	// 422.6/s beside the fix's ~480/s read as "is the adaptive limit worse?"). 0: no knee
	// known, or one of a call.
	Fixed     int
	FixedRate float64
	// FixLike says the fixed pool is FixPreset's: FixWorkers on a dependency of FixLatency.
	FixLike bool
	// Knee is k's knee, and Span the window's run time, "20–25s" (Windowed only): for the
	// words below. Unloaded is k's latency to the knee, a call's with no load to slow it.
	Knee     int
	Span     string
	Unloaded time.Duration
}

// FixPreset is the preset whose fixed pool AdaptiveUse's Fixed is, and FixWorkers its
// workers: the fixed pool the adaptive limit is weighed against is named where it is that
// one (newcomer 50 G-minor: "24 workers and a queue" named a preset the screen did not).
// FixLatency is its dependency's latency to the knee: a fixed pool of FixWorkers is that
// preset's only on its dependency ("postmortem-fix's fixed 24 workers give ~240/s" after +
// doubled the latency credited the preset with a rate it never gives, review 42a).
const (
	FixPreset  = "postmortem-fix"
	FixWorkers = 24
	FixLatency = 50 * time.Millisecond
)

// MeanSaid is the window's mean of calls at once and each ok's hold, with the window and
// where the hold comes from: "mean 30.1 calls" left its window to guess, and "~75ms each"
// beside the knee's 50ms × (30.1/25)^2 = 72ms looked wrong (newcomer 50 G-minor, W-minor).
// The hold is the window's calls ÷ ok (Little's law), not the curve's: as the count varies
// latency grows faster than it, and a permit is held past its call. Windowed only.
func (u AdaptiveUse) MeanSaid() string {
	return fmt.Sprintf("measured means in %s: %.1f calls at once, ~%s each", u.Span, u.Calls, FmtLatency(u.Hold))
}

// FixedSaid is what the best fixed pool, with a queue, answers, the preset's where it is
// FixPreset's pool; "" where there is none (Fixed 0).
func (u AdaptiveUse) FixedSaid() string { return u.fixedSaid(false) }

// FixedTerse is FixedSaid in fewer words, for 80 columns, whose rule says its bounds and why
// (newcomer 57): "postmortem-fix's 24 workers: ~480/s", what that pool is, in 120's words
// ("postmortem-fix: ~480/s", the preset alone, was cryptic without them, newcomer 60).
func (u AdaptiveUse) FixedTerse() string { return u.fixedSaid(true) }

func (u AdaptiveUse) fixedSaid(terse bool) string {
	rate := FmtWholePerSec(u.FixedRate)
	switch {
	case u.Fixed == 0:
		return ""
	case terse && u.FixLike:
		return fmt.Sprintf("%s's %d workers: ~%s", FixPreset, u.Fixed, rate)
	case terse:
		return fmt.Sprintf("%d workers and a queue: ~%s", u.Fixed, rate)
	case u.FixLike:
		return fmt.Sprintf("%s's fixed %d workers give ~%s", FixPreset, u.Fixed, rate)
	}
	return fmt.Sprintf("%d workers and a queue give ~%s", u.Fixed, rate)
}

// PastKneeSaid is where the limit or the mean of calls sits, said with the knee: "past the
// knee" beside a rule whose figures can be checked left the knee's to find (newcomer 50).
// After the warm-up, with why, briefly and tersely, after r's rule: "past the knee of 25: its
// yardstick is the p90's ~10s running mean, not the unloaded 50ms, and as latency creeps up
// the mean follows, so excess stays small", as "… = 1.4, rounded up: 2 … rises 34→35, past
// the knee of 25" left why so small an excess lets it rise there to guess (newcomer 56
// G-MAJOR); that it stays small only where this update did not fall on it. Fewest, for the rule to end with at 80 columns, the knee
// with its yardstick unglossed, the reading before it naming it: the yardstick alone, said
// before the why, left the limit past the knee, the screen's lesson, to the help (newcomer
// 68); "" in the warm-up.
func (u AdaptiveUse) PastKneeSaid(r AdaptiveReading) (brief, terse, fewest string) {
	at := fmt.Sprintf("past the knee of %d", u.Knee)
	if r.Updates == 0 || r.Warming() || u.Unloaded == 0 {
		return at, at, ""
	}
	small := r.Reason == "queue" && r.Direction != "decrease"
	unloaded := FmtLatency(u.Unloaded)
	// The yardstick says what is judged by which mean, "holds: 35, by that mean" having
	// dangled (newcomer 59); tersely the same words at every width. Named by the rule's
	// "p90's ~10s mean": "that mean" stood after the window's "measured means in 20–25s: …
	// ~71ms each" too, two means it could be (newcomer 65 G-MAJOR); "the unloaded 50ms" as
	// "50ms unloaded", for 120 columns keep the rule and the knee on the narrator's lines.
	fewest = at + ", judged by the yardstick"
	return at + ": " + adaptiveJudges("the p90's "+adaptiveMeanSpan+" running mean", unloaded, small), fewest + ", not " + unloaded + " unloaded", fewest
}

// adaptiveJudges is why the rule lets a limit climb past the knee after its warm-up: its
// yardstick is mean, its own running mean, not the latency unloaded, and a slow climb lifts the
// mean too, so the excess reckoned stays small (small: said so). The narrator's words with
// its figures, the help's with unloaded "latency".
func adaptiveJudges(mean, unloaded string, small bool) string {
	why := "its yardstick is " + mean + ", not the unloaded " + unloaded + ", and as latency creeps up the mean follows"
	if small {
		why += ", so excess stays small"
	}
	return why
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
	u := AdaptiveUse{Calls: float64(s.Dependency.InFlight), Knee: knee, Span: r.Span(), Unloaded: k.Latency}
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
	refused := u.Windowed && r.Rejected[Payment][RejectLimit] > 0
	u.Overloaded = refused && u.Hold > 0 && u.Through < u.Arrived
	u.AtBest = refused && k.Best > 0 && u.Arrived >= BestShare*k.Best
	u.BurstsRefused = refused && !u.Overloaded && !u.AtBest && u.Calls <= float64(s.Bulkhead.Limit)-1 &&
		burstsFill(r.wantedAtOnce(u.Hold), s.Bulkhead.Limit)
	if last := s.LastSecond(); last != nil {
		u.NoneNow = last.Rejected[Payment][RejectLimit] == 0
		if u.NoneNow {
			u.NoneSince = s.noneRefusedSince()
		}
	}
	u.LimitPastKnee = knee > 0 && s.Bulkhead.Limit > knee
	if knee > 1 {
		u.Fixed = knee - 1
		u.FixLike = u.Fixed == FixWorkers && k.Latency == FixLatency
		_, u.FixedRate = k.Answers(u.Fixed)
		if u.Windowed { // it answers no more than arrive (review 37 M1: ~480/s beside 460/s arriving)
			u.FixedRate = min(u.FixedRate, r.Arrived[Payment])
		}
	}
	return u
}

// MaySayLimitFull is whether the settings let LimitFullSaid say anything: an adaptive limit,
// not a fleet's, its replicas' added up, and no max wait, where a rejection may have waited.
func (s *Snapshot) MaySayLimitFull() bool {
	b := s.Config.Payment.Bulkhead
	return b.Type == BulkheadAdaptive && b.MaxWait == 0 && s.Fleet == nil
}

// LimitFullSaid says why an adaptive limit above the window's mean of calls at once still
// turns orders away, longest form first, its column named where room (newcomer 58: "not ok
// 18.0% … rejected:limit" beside "limit adaptive 35 … 32 in use" and "mean 29.4 calls at
// once"): the mean is what got in; what they wanted is their arrivals a second × each ok's
// hold, the mean's own (OKHold), at, over or under the limit, and arriving at random they
// find it full in bursts, each then turned away at once (failsafe-go's semaphore with no max
// wait). Measured figures alone, the product of the printed ones: Erlang B at that load and
// the limit read 1–4 points under the share turned away in every window of three runs
// (10–30s), as latency grows with the calls and the limit moves, so no forecast. nil where
// it may not say it (MaySayLimitFull), the window turned none away at the limit, or the hold
// is unknown.
func (s *Snapshot) LimitFullSaid(r *Rates) []string {
	hold, held := r.OKHold(Payment)
	limit := s.Bulkhead.Limit
	if !s.MaySayLimitFull() || limit == 0 || r.Rejected[Payment][RejectLimit] <= 0 || !held {
		return nil
	}
	arrived, each := FmtPerSec(r.Arrived[Payment]), FmtLatency(hold)
	wanted := r.wantedAtOnce(hold)
	// At, over or under the limit as the two are printed; under it, bursts still fill it.
	at, still := "at", ""
	switch {
	case wanted > float64(limit):
		at = "over"
	case wanted < float64(limit):
		at, still = "under", " still"
	}
	if at == "under" && !burstsFill(wanted, limit) {
		return nil // not bursts: say nothing rather than a cause the load rules out
	}
	col, name := TurnedAway(RejectLimit).Term().Column, Plural(s.Config.Traffic.Label(Payment))
	wants := fmt.Sprintf("wanted %s × mean %s = %.1f", arrived, each, wanted)
	mean := fmt.Sprintf("the mean %.1f", r.Held[Payment])
	return []string{
		fmt.Sprintf("%s: %s %s calls at once, %s the limit %d; %s got in: random arrivals%s find it full in bursts", col, name, wants, at, limit, mean, still),
		fmt.Sprintf("%s: %s at once, %s the limit %d; %s is what got in: bursts%s find it full", col, wants, at, limit, mean, still),
		fmt.Sprintf("%s: %s at once, %s the limit %d; %s got in: bursts%s find it full", col, wants, at, limit, mean, still),
		fmt.Sprintf("%s: %s at once, %s the limit %d: random arrivals%s find it full in bursts", col, wants, at, limit, still),
		fmt.Sprintf("%s at once, %s the limit %d: random arrivals%s find it full", wants, at, limit, still),
		fmt.Sprintf("%s at once, %s the limit %d: bursts%s find it full", wants, at, limit, still),
		fmt.Sprintf("%s at once, %s limit %d: bursts%s fill it", wants, at, limit, still),
		fmt.Sprintf("%s at once, %s limit %d", wants, at, limit)}
}

// burstsFill is whether random arrivals wanting wanted calls at once fill a limit of limit
// often enough to be the window's rejections: Erlang B at least burstsLeast. "bursts still
// find it full" beside 8.1 wanted of a limit of 42, a chance under 1e-15, read as wrong; the
// window's few came as the heavier step's backlog drained (newcomer 80 W-MAJOR).
func burstsFill(wanted float64, limit int) bool {
	return wanted > 0 && limit > 0 && erlangB(wanted, limit) >= burstsLeast
}

// wantedAtOnce is the payments' calls at once the window's arrivals want at hold, as
// LimitFullSaid prints it: arrivals a second × hold, to a tenth. One figure for the note and
// the narrator's BurstsRefused, which read the raw product and could disagree near burstsLeast.
func (r *Rates) wantedAtOnce(hold time.Duration) float64 {
	return math.Round(shownPerSec(r.Arrived[Payment])*ShownLatency(hold).Seconds()*10) / 10
}

// noneRefusedSince says since when the limit has turned no payment away, from the per-second
// counts slackWhen reads: "none turned away since 35s", the end of the last second that had
// one; "none turned away in 39–40s", the last second named alone (newcomer 86 G2 wondered
// about 35–39s), only where no second had one.
func (s *Snapshot) noneRefusedSince() string {
	for i := len(s.Timeline) - 1; i >= 0; i-- {
		if sec := s.Timeline[i]; sec.Rejected[Payment][RejectLimit] > 0 {
			return fmt.Sprintf("none turned away since %ds", sec.T)
		}
	}
	return "none turned away in " + s.LastSpan()
}

// burstsLeast is the least share turned away at which bursts are said to fill a limit: one
// arrival in ten thousand, far under any window's share the lab has seen them make, and far
// over 8.1 wanted of 42's.
const burstsLeast = 1e-4

// limitFullHelp is the help's sentence on LimitFullSaid, its example the 80 columns' form of a
// window of 500/s arriving, 412/s ok and 29.4 calls at once under a limit of 35.
func limitFullHelp() string {
	var s Snapshot
	s.Config.Payment.Bulkhead.Type, s.Bulkhead.Limit = BulkheadAdaptive, 35
	sec := Second{T: 1}
	sec.Arrived[Payment], sec.OK[Payment], sec.Held[Payment], sec.Rejected[Payment][RejectLimit] = 500, 412, 29.4, 88
	s.Timeline = []Second{sec}
	r := s.Rates()
	return "Where it turned payments away in the table's window, and random arrivals at that load could fill the limit (Erlang B at least 1 in 10,000; else no note: the few it turned away came otherwise, as a heavier step's backlog drained), a note under the table, where a line is free, says why a limit above the mean of calls at once does (\"" +
		fittingValue("", 81, s.LimitFullSaid(&r)...) + // 81: it counts a space after the label
		"\"; wider, that the mean is what got in): they wanted their arrivals a second × each ok's hold (the mean is their ok a second × it), " +
		"and arriving at random they find it full in bursts, each then turned away at once (no max wait); measured, not forecast: " +
		"Erlang B reads 1–4 points under the share turned away in the preset's runs, as latency grows with the calls and the limit moves"
}
