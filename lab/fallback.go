// The fallback: the stage that answers every payment that did not succeed, outermost in the
// chain (the isolation article, ch. 2: a fallback answers, it does not call).

package lab

import (
	"context"
	"fmt"
	"strings"
)

func init() {
	register(mechanism{name: "fallback", rank: 10, start: func(iso *Isolation) runtime { return fallback{count: iso.lent.Fallback} }, health: at(27, fallbackHealth),
		words: at(45, []Item{word("fallback answered n", "the payment chain's first stage: it answers every payment not ok on a worker (failed, timed out, or rejected by the isolation) with a canned reply instead of an error (a degraded answer) and calls nothing; it counts them, and changes no outcome: they stay timed out, failed or rejected. Shown once it has answered one")})})
}

// fallbackHealth shows the fallback where it acts: the payments it answered, once it has,
// and those it could not, turned away before a worker ran the chain: they got an error
// (newcomer 22: "what does a payment rejected by the pool get?" decides a compare's "B
// worse: payment ok -31", B's rejections answered, A's not). It stands first in every
// chain, so the chain alone would show it where it never acts.
func fallbackHealth(s *Snapshot, w int) []Item {
	pay := s.Classes[Payment]
	n, before := pay.Fallback, BeforeChain(pay)
	if n == 0 && before == "" {
		return nil
	}
	const label = "fallback"
	if n == 0 {
		return []Item{{Label: label, Value: fittingValue(label, w,
			"none answered: the "+before+" got an error, turned away before a worker could run the fallback",
			"none answered: the "+before+" got an error, before a worker", before+" got an error")}}
	}
	said := fmt.Sprintf("answered %s %s not ok", FmtCount(n), plural(s.Config.Traffic.Label(Payment)))
	// What the user got, said: a Hystrix reader takes a fallback for a degraded success
	// (newcomer 12), and here it changes no outcome.
	// Instead of an error, never "not an error": they are errors, which the postmortem's
	// narrator counts ("errors 3.9%: rejected:deadline"), the user saw a canned reply in their
	// place (newcomer 22 read the two as calling the same rejections errors and not errors).
	instead := said + " with a canned reply instead of an error"
	long := instead + " (a degraded answer, still counted not ok)"
	forms := []string{long, instead, said + " (a canned reply)"}
	// Which the user saw, the table's cause or the reply, said where there is room: the
	// table's timed-out 49 beside "answered 49" left it to guessing (newcomer 19).
	if causes := fallbackCauses(pay); causes != "" {
		forms = append([]string{instead + "; the table counts why (" + causes + ")"}, forms...)
	}
	if before != "" {
		forms = append([]string{long + "; the " + before + " got an error, turned away before a worker could run it",
			instead + "; the " + before + " got an error"}, forms...)
	}
	return []Item{{Label: label, Value: fittingValue(label, w, forms...)}}
}

// BeforeChain says a class's requests turned away before the chain ran, by reason (the
// pool's, the balancer's, the queue's: no worker took them), which no fallback answers:
// "33 rejected:pool", "5 rejected:pool and 2 rejected:queue"; "" for none.
func BeforeChain(c ClassStats) string {
	var out []string
	for _, r := range []Reason{RejectPool, RejectBalancer, RejectQueue} {
		if k := c.Rejected[r]; k > 0 {
			out = append(out, FmtCount(k)+" "+r.Word())
		}
	}
	return strings.Join(out, " and ")
}

// fallbackCauses names the table's columns that hold the payments a fallback answered:
// "timed-out", "failed", "rejected", those with any; a rejection before the chain (the
// pool's, the balancer's, the queue's) never reaches the fallback.
func fallbackCauses(c ClassStats) string {
	var out []string
	for _, k := range []struct {
		name string
		n    int64
	}{{"timed-out", c.TimedOut}, {"failed", c.Failed}, {"rejected", c.RejectedTotal() - c.Rejected[RejectPool] - c.Rejected[RejectBalancer] - c.Rejected[RejectQueue]}} {
		if k.n > 0 {
			out = append(out, k.name)
		}
	}
	return strings.Join(out, ", ")
}

// plural is a class's label for several of them: "payments", "orders", "health checks".
func plural(label string) string {
	if label == Health.String() { // the class is checks of health: "8 healths" says nothing
		return "health checks"
	}
	if strings.HasSuffix(label, "s") {
		return label
	}
	return label + "s"
}

// fallback is the fallback in one lab: count is the engine's tally of the payments it answered.
type fallback struct {
	stateless
	count func()
}

func (f fallback) stages(Config) []placed { return []placed{{slotFallback, fallbackStage(f.count)}} }

// fallbackStage is the end of every failure path: a payment that did not succeed (failed,
// timed out, or turned away by the lab's own isolation on a worker) is answered by a
// canned reply that calls no network. It only counts them (count: the engine's tally).
func fallbackStage(count func()) stage {
	return stage{name: "fallback", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			r := next(ctx, p)
			if r.Out != OK {
				count()
			}
			return r
		}
	}}
}
