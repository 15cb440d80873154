// Retries (payment.retry; the isolation article, ch. 2: retries amplify load; the SRE book's
// retry budget): the config section (RetryConfig, Jitter, Percent), its defaults and
// validation rows, the retry policy (failsafe-go) and its stage, the budget, the lab's calls
// to the dependency (CallStats: the amplification) with their fleet-wide sum, report
// section and summary line, whether a snapshot has retries to tell of, and its share of the forecast (the tries, forecast_retry.go).

package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

// RetryConfig is payment.retry: the lab's own retries of a failed payment call.
type RetryConfig struct {
	Attempts int              `yaml:"attempts" json:"attempts"` // tries per payment, the first included; 1: no retry
	Backoff  Duration         `yaml:"backoff" json:"backoff"`   // the wait before each retry (the same each time)
	Jitter   Jitter           `yaml:"jitter" json:"jitter"`     // none | full: each wait uniform in [0, backoff]
	On       []RetryCondition `yaml:"on" json:"on"`             // the failed tries worth another: timeout, 5xx, refused
	// Budget caps retries at this share of the requests over the last 10 s (the SRE book's
	// per-client retry budget): calls per payment stay within 1 + budget. 0%: none.
	Budget Percent `yaml:"budget" json:"budget"`
}

func init() {
	register(mechanism{
		name:     "retry",
		rank:     70,
		defaults: func(c *Config) { c.Payment.Retry = defaultRetry() },
		checks: func(c Config) []check {
			r := c.Payment.Retry
			return []check{
				{"payment.retry.attempts", r.Attempts < 1 || r.Attempts > MaxAttempts, fmt.Sprintf("must be 1..%d (1: no retry), got %d", MaxAttempts, r.Attempts)},
				{"payment.retry.backoff", r.Backoff < 0 || r.Backoff.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, r.Backoff)},
				{"payment.retry.jitter", !oneOf(r.Jitter, Jitters...), fmt.Sprintf("must be one of %s, got %s", join(Jitters), Quote(string(r.Jitter)))},
				{"payment.retry.on", !allOf(r.On, RetryConditions...), fmt.Sprintf("must be a list of %s, got %s", join(RetryConditions), Quote(join(r.On)))},
				{"payment.retry.budget", r.Budget < 0 || r.Budget > 100, fmt.Sprintf("must be 0%%..100%% (0%%: no budget), got %s", r.Budget)},
			}
		},
		start: func(*Isolation) runtime { return &retries{} },
		sum: func(s *Snapshot, replicas []Snapshot) {
			s.Calls = sumOf(CallStats{}, each(replicas), func(r *Snapshot) CallStats { return r.Calls })
		},
		report: func(r *Report, s Snapshot) {
			r.Calls, r.retried = callsReport(s), s.Retried()
		},
		summary:  at(90, Report.callLines),
		settings: at(86, retrySettings),
		way:      append(at(10, retryTimesItem), at(30, retryItems)...),
		numbers: append(at(20, []Item{
			word("calls/payment", "the lab's calls to the dependency per payment that called (\"174 ÷ 62 that called\": a payment turned away before it called is not in it): 1.0× without retries; retries amplify it; in a compare where some payments did not call, its row says so, \"calls/payment that called\", each run's of its own. With a chain of hops, calls/payment at hop 1: the edge ("+EdgeIs+") calls the first hop; beside it \"~2.66 due by now\", the calls per payment expected by now, reckoned as at hop N: all the edge's tries from each payment older than its last try's time, fewer from the younger"),
		}), at(40, []Item{
			word("retries", "calls after a payment's first; refused by the budget: retries the retry budget (payment.retry.budget) did not allow"),
			word("edge retries", "with a chain of hops, the retries of the edge ("+EdgeIs+") alone; the hops' own retries show in hop N calls/payment, N the last hop"),
		})...),
		forecast: at(5, func(c Config, f *Forecast) { f.Retry = c.RetryForecast() }),
	})
}

func defaultRetry() RetryConfig {
	return RetryConfig{Attempts: 1, Backoff: Duration(100 * time.Millisecond), Jitter: JitterFull,
		On: []RetryCondition{RetryOnTimeout, RetryOn5xx, RetryOnRefused}}
}

// retrySettings are the tries and the waits between them, where payments retry: the waits
// are why a payment that failed 3 tries of 500ms comes back after 1.6s, not 1.5s.
func retrySettings(c Config, _ *Snapshot, w int) []Item {
	r := c.Payment.Retry
	if !r.Retries() {
		return nil
	}
	wait := FmtDur(r.Backoff.D()) + " apart"
	switch {
	case r.Backoff == 0:
		wait = "no wait between"
	case r.Jitter == JitterFull && !narrow(w):
		// Its mean, the term the hops' headline adds up (newcomer 34 #2 guessed 550ms).
		wait = "0–" + wait + " (" + FmtDur(r.meanBackoff()) + " on average)"
	case r.Jitter == JitterFull:
		wait = "0–" + wait
	}
	each := fmt.Sprintf("%d tries", r.Attempts)
	tries := each
	if c.Dependency.Chain() && !narrow(w) { // the hops' own retries are dependency.hop's, said on the hops line
		tries += " at the edge"
	}
	// Briefly the tries alone, for a settings line cut to one or two (newcomer 73 W4).
	return []Item{{Label: "retry", Value: tries + ", " + wait, Brief: each}}
}

// Retries says payments retry at all.
func (r RetryConfig) Retries() bool { return r.Attempts > 1 && len(r.On) > 0 }

// RetryCondition is a kind of failed try that payment.retry.on may retry.
type RetryCondition string

const (
	RetryOnTimeout RetryCondition = "timeout" // the try's timeout (or the deadline) cut it
	RetryOn5xx     RetryCondition = "5xx"     // the dependency answered 5xx or 429 (a hop's 504 too)
	RetryOnRefused RetryCondition = "refused" // no connection: refused or reset
)

// RetryConditions lists every condition.
var RetryConditions = []RetryCondition{RetryOnTimeout, RetryOn5xx, RetryOnRefused}

// UnmarshalText accepts one of RetryConditions.
func (r *RetryCondition) UnmarshalText(b []byte) error {
	v := RetryCondition(strings.TrimSpace(string(b)))
	if !oneOf(v, RetryConditions...) {
		return fmt.Errorf("%s is not a failure to retry on: write %s", Quote(string(b)), join(RetryConditions))
	}
	*r = v
	return nil
}

// Jitter spreads the waits between tries, so retries of calls that failed together do not
// arrive together.
type Jitter string

const (
	JitterNone Jitter = "none"
	JitterFull Jitter = "full" // uniform in [0, backoff] (AWS's "full jitter")
)

// Jitters lists the kinds.
var Jitters = []Jitter{JitterNone, JitterFull}

// Percent is a share written as "10%".
type Percent float64

// Fraction is the share as a number from 0 to 1.
func (p Percent) Fraction() float64 { return float64(p) / 100 }

func (p Percent) String() string { return strconv.FormatFloat(float64(p), 'f', -1, 64) + "%" }

// MarshalText writes the percentage the way it is read.
func (p Percent) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads "10%" or "12.5%"; the sign is required, since 10 could mean 10% or 1000%.
func (p *Percent) UnmarshalText(b []byte) error {
	num, ok := strings.CutSuffix(strings.TrimSpace(string(b)), "%")
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if !ok || err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s is not a percentage (write it like 10%%)", Quote(string(b)))
	}
	*p = Percent(v)
	return nil
}

// CallsReport is the lab's calls to the dependency (a chain's first hop): the amplification
// retries cause. per_payment is calls / payments, 1.0 without retries.
type CallsReport struct {
	Payments     int64   `json:"payments"` // payments that made at least one call
	Calls        int64   `json:"calls"`
	PerPayment   float64 `json:"per_payment"`
	Retries      int64   `json:"retries"`
	BudgetDenied int64   `json:"budget_denied"` // retries the retry budget refused
	// The calls that timed out, by what ended them: a hop's 504 (the user's deadline, passed
	// down, ran out at a hop), or the edge itself (its socket or caller timeout, the
	// deadline); and the payments timed out so, the two the table's note counts (review 31
	// #9, review 32 #15: its "the other 2 at the edge itself" was on the screen alone).
	CallsTimedOut504       int64 `json:"calls_timed_out_504"`
	CallsTimedOutAtEdge    int64 `json:"calls_timed_out_at_edge"`
	PaymentsTimedOut504    int64 `json:"payments_timed_out_504"`
	PaymentsTimedOutAtEdge int64 `json:"payments_timed_out_at_edge"`
}

func callsReport(s Snapshot) CallsReport {
	c := s.Calls
	return CallsReport{Payments: c.Payments, Calls: c.Calls(), PerPayment: round(c.PerPayment(), 2),
		Retries: c.Retries, BudgetDenied: c.BudgetDenied, CallsTimedOut504: c.Gateway, CallsTimedOutAtEdge: c.Cut,
		PaymentsTimedOut504: s.GatewayTimedOut(), PaymentsTimedOutAtEdge: s.EdgeTimedOut()}
}

// callLines is the summary line about the calls per payment, when the run had retries.
func (r Report) callLines() []string {
	if !r.retried {
		return nil
	}
	retry := r.Config.Payment.Retry
	budget := ""
	if retry.Budget > 0 {
		budget = fmt.Sprintf(", %d refused by the %s retry budget", r.Calls.BudgetDenied, retry.Budget)
	}
	return []string{fmt.Sprintf("dependency calls per payment: %s× (%d calls by %d payments: %d retries%s)",
		FmtPerPayment(r.Calls.PerPayment), r.Calls.Calls, r.Calls.Payments, r.Calls.Retries, budget)}
}

// retryTimesItem is the calls per payment, against the forecast, when the run retried or
// went through a chain. Under a budget the measured share is what to state: at a dozen calls
// in flight it admits whole retries, above its continuous limit (RetryForecast.Tries).
func retryTimesItem(s *Snapshot) []Item {
	if !s.Retried() && len(s.Hops) == 0 {
		return nil
	}
	f := s.Config.Forecast().Retry
	// Its division first: 2.81× beside "174 calls" and 97 arrived read as wrong, its
	// denominator the payments that called, 62 (newcomer 23).
	division := FmtCount(s.Calls.Calls()) + " ÷ " + FmtCount(s.Calls.Payments) + " that called; "
	brief := fmt.Sprintf("forecast %s)", FmtTimes(f.Tries))
	var due string
	if s.Config.Payment.Retry.Budget > 0 && f.Unbudgeted > f.Tries {
		brief = fmt.Sprintf("%s without the budget)", FmtTimes(f.Unbudgeted))
	}
	label := "calls/payment"
	if len(s.Hops) > 0 { // the lab's calls, to the first hop; the last hop's are another item
		label = "calls/payment at hop 1"
		// Beside the measure, what the same payments should have made by now (issue 22 #15).
		if d, ok := s.EdgeDue(f); ok && d < f.Tries {
			division += expectedByNow(d) + ", "
			due = dueByNow(d) + ", " + FmtTimes(f.Tries) + " in all)"
		}
	}
	it := Item{Label: label, Value: FmtPerPayment(s.Calls.PerPayment()) + "×", Strong: true, Note: " (" + division + brief, BriefNote: " (" + brief}
	if due != "" {
		it.BriefNote, it.ShortNote = " ("+due, it.BriefNote
	}
	return []Item{it}
}

// retriesWord names the lab's retries: with a chain of hops, the edge's alone (the hops'
// own are not in them).
func retriesWord(hops bool) string {
	if hops {
		return "edge retries"
	}
	return "retries"
}

// retryItems are the retries made, and those the budget refused when there is one.
func retryItems(s *Snapshot) []Item {
	var out []Item
	if s.Retried() {
		out = append(out, Item{Label: retriesWord(len(s.Hops) > 0), Value: FmtCount(s.Calls.Retries)})
	}
	if b := s.Config.Payment.Retry.Budget; b > 0 {
		out = append(out, Item{Label: fmt.Sprintf("refused by the %s budget", b), Value: FmtCount(s.Calls.BudgetDenied)})
	}
	return out
}

// CallStats counts the lab's calls to the dependency (the edge hop, with a chain), each at
// its event: the payments that made one, the retries beyond each one's first, and the
// retries the budget refused.
type CallStats struct {
	Payments     int64 // payments that made at least one call
	Retries      int64 // calls after a payment's first
	BudgetDenied int64 // retries the retry budget refused
	// What ended the calls that timed out: a hop's 504 as the deadline passed down ran out
	// (Gateway), or a timer of the edge's own, the socket timeout or the payment's deadline
	// (Cut); and the payments timed out whose last call was such a 504 (GatewayPayments).
	// Both are timed out to the user (Outcome); these tell one from the other, which the
	// table's one word leaves to the settings (newcomer 36 #26).
	Gateway, Cut, GatewayPayments int64
}

// add adds one replica's calls to the fleet's.
func (c CallStats) add(b CallStats) CallStats {
	c.Payments += b.Payments
	c.Retries += b.Retries
	c.BudgetDenied += b.BudgetDenied
	c.Gateway += b.Gateway
	c.Cut += b.Cut
	c.GatewayPayments += b.GatewayPayments
	return c
}

// GatewayTimedOut is the payments timed out by a hop's 504: heard as Serve returns, counted
// timed out a moment after, so never more than the table's timed out.
func (s *Snapshot) GatewayTimedOut() int64 {
	return min(s.Calls.GatewayPayments, s.Classes[Payment].TimedOut)
}

// EdgeTimedOut is the payments timed out at the edge itself, by its socket or caller timeout
// or the deadline: the table's timed out less those by a hop's 504.
func (s *Snapshot) EdgeTimedOut() int64 {
	return s.Classes[Payment].TimedOut - s.GatewayTimedOut()
}

// Calls is every call made: each payment's first, and its retries.
func (c CallStats) Calls() int64 { return c.Payments + c.Retries }

// RetryShare is the retries over the payments that called: what a retry budget holds to its
// share of them (0.09 for 9 retries by 97 payments); 0 before the first call.
func (c CallStats) RetryShare() float64 {
	if c.Payments == 0 {
		return 0
	}
	return float64(c.Retries) / float64(c.Payments)
}

// PerPayment is the amplification: calls per payment that called, 1.0 without retries.
// 0 before the first call.
func (c CallStats) PerPayment() float64 {
	if c.Payments == 0 {
		return 0
	}
	return float64(c.Calls()) / float64(c.Payments)
}

// retries are the retries in one lab: the policy in force, and the lab's calls to the
// dependency, counted at each call.
type retries struct {
	cur    atomic.Pointer[retrier]
	counts callCounts
}

// configure builds the policy for c, reusing the one in force when c has not changed it.
func (rs *retries) configure(c Config) { rs.use(c.Payment.Retry) }

func (rs *retries) stages(Config) []placed {
	if rt := rs.cur.Load().orNil(); rt != nil {
		return []placed{{slotRetry, retryStage(rt, &rs.counts)}}
	}
	return nil
}

func (rs *retries) fill(s *Snapshot) { s.Calls = rs.counts.stats() }

// called counts each call as it is made.
func (rs *retries) called(p *passage) { rs.counts.called(p) }

// ended counts what ended each call that timed out.
func (rs *retries) ended(r Result) {
	switch {
	case r.Out != TimedOut:
	case r.Failure == RetryOn5xx:
		rs.counts.gateway.Add(1)
	default:
		rs.counts.cut.Add(1)
	}
}

// heard counts the payments a hop's 504 timed out, as their last call ended.
func (rs *retries) heard(r Result) {
	if r.Out == TimedOut && r.Failure == RetryOn5xx {
		rs.counts.gatewayPayments.Add(1)
	}
}

type callCounts struct {
	payments, retries, denied     atomic.Int64
	gateway, cut, gatewayPayments atomic.Int64
}

func (c *callCounts) stats() CallStats {
	return CallStats{Payments: c.payments.Load(), Retries: c.retries.Load(), BudgetDenied: c.denied.Load(),
		Gateway: c.gateway.Load(), Cut: c.cut.Load(), GatewayPayments: c.gatewayPayments.Load()}
}

// called counts one call of passage p at the moment it is made: its payment's first, or a retry.
func (c *callCounts) called(p *passage) {
	if p.calls == 1 {
		c.payments.Add(1)
		return
	}
	c.retries.Add(1)
}

// retrier holds the retry policy in force. Like every failsafe-go policy it cannot be
// changed in place: a new configuration builds a new one (and a new budget, which starts
// empty); payments under way finish on the one they started with.
type retrier struct {
	cfg    RetryConfig
	policy retrypolicy.RetryPolicy[Result] // nil: no retries
	budget *retryBudget                    // nil: none
}

// use builds the retry policy and budget for c, unless those in force are c's.
func (rs *retries) use(c RetryConfig) {
	if old := rs.cur.Load(); old != nil && reflect.DeepEqual(old.cfg, c) {
		return
	}
	r := &retrier{cfg: c}
	if c.Retries() {
		on := slices.Clone(c.On)
		backoff, jitter := c.Backoff.D(), c.Jitter
		b := retrypolicy.NewBuilder[Result]().
			WithMaxAttempts(c.Attempts).
			HandleIf(func(r Result, _ error) bool { return r.Failure != "" && slices.Contains(on, r.Failure) }).
			WithDelayFunc(func(failsafe.ExecutionAttempt[Result]) time.Duration {
				if jitter == JitterFull && backoff > 0 {
					return rand.N(backoff + 1)
				}
				return backoff
			}).
			AbortOnErrors(errRetryBudget).
			ReturnLastFailure()
		r.policy = b.Build()
		if c.Budget > 0 {
			r.budget = newRetryBudget(c.Budget.Fraction())
		}
	}
	rs.cur.Store(r)
}

// orNil is r, or nil when payments do not retry (nil too before the first policy).
func (r *retrier) orNil() *retrier {
	if r == nil || r.policy == nil {
		return nil
	}
	return r
}

// retryStage tries the rest of the chain again when a try fails in a way payment.retry.on
// names, after a backoff, up to the attempts, and no more often than the budget allows.
//
// Where it sits: inside the deadline, so retries spend the payment's one budget and the
// enough-left check below refuses a retry that could not finish; inside the bulkhead and
// the hand-off, so a payment keeps its one bulkhead place (or thread) across its tries and
// the bulkhead still bounds the calls at once; outside the breaker's permit, so each try is
// a call the breaker hears about and an open breaker stops the retries; outside the
// connection lease and the socket timeout, so each try leases its own connection and gets
// its own read timeout (failsafe-go and resilience4j put a retry outside the breaker and the
// per-try timeout for the same reasons).
//
// A retry the lab itself turns away (no connection, the breaker open, too little of the
// deadline left, the budget spent) ends the payment with the outcome of its last real try:
// "rejected" stays the word for payments that never called.
func retryStage(rt *retrier, counts *callCounts) stage {
	return stage{name: "retry", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			var last Result // the last try that was made
			made := 0
			if rt.budget != nil {
				rt.budget.request(time.Now())
			}
			r, err := failsafe.With(rt.policy).WithContext(ctx).GetWithExecution(func(exec failsafe.Execution[Result]) (Result, error) {
				if exec.Attempts() > 1 && rt.budget != nil && !rt.budget.allow(time.Now()) {
					counts.denied.Add(1)
					return Result{}, errRetryBudget
				}
				mark := len(p.releases)
				r := next(exec.Context(), p)
				p.settleFrom(mark) // a try's connection is returned before the next try leases one
				if !r.Rejected {
					last, made = r, made+1
				}
				return r, nil
			})
			switch {
			case made == 0 && err != nil:
				// The lab stopped, or the deadline passed, before the first try.
				return waitFailed(ctx, Result{Out: Failed})
			case made > 0 && (err != nil || r.Rejected):
				// The budget refused a retry, the deadline passed during a wait, or a retry was
				// turned away before it called: the payment ends as its last try did.
				return last
			}
			return r
		}
	}}
}

// RetryWindow is how far back a retry budget counts: ten one-second slots.
const (
	retryWindowSlots = 10
	RetryWindow      = retryWindowSlots * time.Second
)

// errRetryBudget stops a payment's retries when the budget is spent.
var errRetryBudget = errors.New("retry budget spent")

// retryBudget is the SRE book's per-client retry budget: over the last RetryWindow, retries
// may be at most ratio of the requests. Each payment that reaches the retry stage is a
// request; a retry goes ahead only while the retries in the window, it included, stay
// within ratio of them. (failsafe-go's budget caps retries as a share of the executions in
// flight instead; at 10 payments a second only about ten are in flight, so it lets whole
// retries through in bursts and lands nearer 1.2 calls per payment than the 1.1 a share of
// requests gives.)
type retryBudget struct {
	ratio float64
	mu    sync.Mutex
	slots [retryWindowSlots]budgetSlot
}

type budgetSlot struct {
	second            int64 // which second since the epoch the slot holds
	requests, retries int64
}

func newRetryBudget(ratio float64) *retryBudget { return &retryBudget{ratio: ratio} }

// slot returns the slot of now's second, emptied if it held an older one. b.mu is held.
func (b *retryBudget) slot(now time.Time) *budgetSlot {
	sec := now.Unix()
	s := &b.slots[sec%retryWindowSlots]
	if s.second != sec {
		*s = budgetSlot{second: sec}
	}
	return s
}

// request counts one request sent now.
func (b *retryBudget) request(now time.Time) {
	b.mu.Lock()
	b.slot(now).requests++
	b.mu.Unlock()
}

// allow counts one retry sent now if the budget has room for it, and says whether it had.
func (b *retryBudget) allow(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	var requests, retries int64
	for _, s := range b.slots {
		if now.Unix()-s.second < retryWindowSlots {
			requests, retries = requests+s.requests, retries+s.retries
		}
	}
	if float64(retries+1) > b.ratio*float64(requests) {
		return false
	}
	b.slot(now).retries++
	return true
}

// Retried says the run has retries to tell of: its settings retry, or it made some (under
// settings changed since).
func (s *Snapshot) Retried() bool { return s.Config.Payment.Retry.Retries() || s.Calls.Retries > 0 }
