// Retries: payment.retry's config (RetryConfig, Jitter, Percent), CallStats, the retry policy
// (failsafe-go) and its stage.

package lab

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
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

func defaultRetry() RetryConfig {
	return RetryConfig{Attempts: 1, Backoff: Duration(100 * time.Millisecond), Jitter: JitterFull,
		On: []RetryCondition{RetryOnTimeout, RetryOn5xx, RetryOnRefused}}
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

// CallStats counts the lab's calls to the dependency (the edge hop, with a chain), each at
// its event: the payments that made one, the retries beyond each one's first, and the
// retries the budget refused.
type CallStats struct {
	Payments     int64 // payments that made at least one call
	Retries      int64 // calls after a payment's first
	BudgetDenied int64 // retries the retry budget refused
}

// add adds one replica's calls to the fleet's.
func (c CallStats) add(b CallStats) CallStats {
	c.Payments += b.Payments
	c.Retries += b.Retries
	c.BudgetDenied += b.BudgetDenied
	return c
}

// Calls is every call made: each payment's first, and its retries.
func (c CallStats) Calls() int64 { return c.Payments + c.Retries }

// PerPayment is the amplification: calls per payment that called, 1.0 without retries.
// 0 before the first call.
func (c CallStats) PerPayment() float64 {
	if c.Payments == 0 {
		return 0
	}
	return float64(c.Calls()) / float64(c.Payments)
}

type callCounts struct{ payments, retries, denied atomic.Int64 }

func (c *callCounts) stats() CallStats {
	return CallStats{Payments: c.payments.Load(), Retries: c.retries.Load(), BudgetDenied: c.denied.Load()}
}

// called counts one call of passage p at the moment it is made.
func (c *callCounts) called(p *passage) {
	p.calls++
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

// retrier returns the retry policy and budget for c, reusing those in force when c has not
// changed; nil when payments do not retry.
func (iso *Isolation) retrier(c RetryConfig) *retrier {
	if old := iso.retry.Load(); old != nil && reflect.DeepEqual(old.cfg, c) {
		return old.orNil()
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
	iso.retry.Store(r)
	return r.orNil()
}

func (r *retrier) orNil() *retrier {
	if r.policy == nil {
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
