// The fallback: the stage that answers every payment that did not succeed, outermost in the
// chain (the isolation article, ch. 2: a fallback answers, it does not call).

package lab

import (
	"context"
	"fmt"
	"strings"
)

func init() {
	register(mechanism{name: "fallback", rank: 10, start: func(*Isolation) runtime { return fallback{} }, health: at(27, fallbackHealth),
		words: func() []part[[]Item] {
			return at(45, []Item{word("fallback canned replies to n", "the payment chain's first stage: it gives every payment not ok on a worker (failed, timed out, or rejected by the isolation) a canned reply instead of an error (degraded, never \"ok\", the word for a real success) and calls nothing; it counts them, and changes no outcome: they stay timed out, failed or rejected. Shown once it has given one, with the payments turned away before a worker ran it ("+beforeChainWords(nil)+"), which got an error, as every other class's rejections do (only payments have a fallback); in a compare, also where it gave none (\"no canned replies\")")})
		}})
}

// fallbackHealth shows the fallback where it acts: the payments it answered, once it has
// (FallbackSaid). It stands first in every chain, so the chain alone would show it where it
// never acts.
func fallbackHealth(s *Snapshot, w int) []Item {
	forms := FallbackSaid(s, false)
	if forms == nil {
		return nil
	}
	return []Item{{Label: FallbackLabel, Value: fittingValue(FallbackLabel, w, forms...)}}
}

// FallbackLabel is the fallback's health item's label, and the word its note begins with.
const FallbackLabel = "fallback"

// cannedWord is what the fallback gives, in its note and in the compare's trade alike.
const cannedWord = "canned replies"

// FallbackSaid is what the fallback did for users, longest form first, after the word
// "fallback", for the health item and a compare half's table note alike: the payments it
// answered, and those turned away before a worker ran the chain, which got an error
// (newcomer 22: "what does a payment rejected by the pool get?" decides a compare's "B
// worse: payment ok -31", B's rejections answered, A's not). Where it answered none, only
// in a compare (compared), whose other side may have: alone it took the queue's line at
// 80x24 and chart rows at 120x40 for no lesson (the review). Nil: nothing to say.
func FallbackSaid(s *Snapshot, compared bool) []string {
	pay := s.Classes[Payment]
	// The class named with the count: the table turns signups away for the same reason,
	// and "the 22 rejected:pool" read as everyone's (newcomer 23).
	payments := Plural(s.Config.Traffic.Label(Payment))
	n, before := pay.Fallback, BeforeChain(pay, payments)
	// Where there is room, what the other classes' rejections got: the same error, as
	// they have no chain (newcomer 23: "did the signups get an error too?").
	alike := ""
	if o := rejectedOthers(s); before != "" && o != "" {
		alike = ", as did the " + o + " turned away (only " + payments + " have a fallback)"
	}
	switch {
	case n == 0 && before != "" && compared:
		// "Never reached it", the help's words for the chain: "turned away first" read as the
		// first 20 payments (review 18), and "before it" no longer fits half of 120. Why none
		// and what they got, there: the fallback stands first in the chain, and "none
		// answered; 33 payments rejected:pool: error" left why to guessing (newcomer 25);
		// "never reached it" alone left what a payer got, beside B's canned replies (newcomer
		// 30). No longer form under it fits half of 120: a compare half's notes take the
		// longest that fits.
		return []string{"no canned replies: the " + before + " got an error, turned away before a worker could run the fallback" + alike,
			"no canned replies: the " + before + " got an error, turned away before a worker could run the fallback",
			"no canned replies: the " + before + " got an error, before a worker",
			// The fallback the subject, after the word "fallback": "22 payments never reached it"
			// left "it" to guess (newcomer 35 #11).
			fmt.Sprintf("never reached by %s %s: they got an error", FmtCount(sumFor(pay.Rejected, beforeChain)), payments),
			before + " got an error"}
	case n == 0:
		return nil
	}
	// Its own word, never "answered", which is an ok's ("only ~16% answered ok" beside
	// "fallback answered 78 not ok", newcomer 28).
	said := fmt.Sprintf("%s to %s %s not ok", cannedWord, FmtCount(n), payments)
	// What the user got, said: a Hystrix reader takes a fallback for a degraded success
	// (newcomer 12), and here it changes no outcome.
	// Instead of an error, never "not an error": they are not ok, which the postmortem's
	// narrator counts ("not ok 3.9% of replies …: rejected:deadline"), the user saw a canned reply in their
	// place (newcomer 22 read the two as calling the same rejections errors and not errors).
	instead := said + " instead of an error"
	long := instead + " (degraded, still counted not ok)"
	var forms []string
	if before != "" {
		forms = append(forms, instead+"; the "+before+" got an error"+alike, long+"; the "+before+" got an error, turned away before a worker could run it",
			instead+"; the "+before+" got an error", fmt.Sprintf("canned replies to %s not ok; %s got an error", FmtCount(n), before))
	}
	// Which the user saw, the table's cause or the reply, said where there is room: the
	// table's timed-out 49 beside "answered 49" left it to guessing (newcomer 19).
	if causes := fallbackCauses(pay); causes != "" {
		forms = append(forms, instead+"; the table counts why ("+causes+")")
	}
	// The shortest, for a compare half: a form without it let it vanish (the second review);
	// short enough to share the definitions' line, which keeps a half its charts, and saying
	// to whom ("fallback 30 canned replies" took newcomer 25 a second reading).
	return append(forms, long, instead, said, fmt.Sprintf("canned replies to %s not ok", FmtCount(n)))
}

// BeforeChain says a class's requests turned away before the chain ran, by reason (the
// pool's, the balancer's, the queue's: no worker took them), which no fallback answers:
// "33 payments rejected:pool", "5 payments rejected:pool and 2 rejected:codel", the class's
// plural noun after the first count; "" for none.
func BeforeChain(c ClassStats, noun string) string {
	var out []string
	for _, r := range beforeChain {
		if k := c.Rejected[r]; k > 0 {
			if len(out) == 0 {
				out = append(out, FmtCount(k)+" "+noun+" "+r.Word())
				continue
			}
			out = append(out, FmtCount(k)+" "+r.Word())
		}
	}
	return strings.Join(out, " and ")
}

// rejectedOthers names the classes but payment that had any turned away, for whatever
// reason: "signups", "signups and health checks"; "" for none.
func rejectedOthers(s *Snapshot) string {
	var out []Class
	for _, c := range Classes {
		if c.Starves() && s.Classes[c].RejectedTotal() > 0 {
			out = append(out, c)
		}
	}
	return JoinAnd(out, s.Config.Traffic.Label)
}

// beforeChain are the reasons a request is turned away before a worker runs its chain.
var beforeChain = []Reason{RejectPool, RejectBalancer, RejectCoDel}

// beforeChainWords names the reasons of beforeChain the lab of s can give, every one for
// nil (the help), "" for none (an unbounded queue's lab, alone), in the table's words: "rejected:pool", "rejected:pool or :codel",
// "rejected:pool, :balancer or :codel".
func beforeChainWords(s *Snapshot) string {
	return beforeChainIn(s, func(t Term) string { return t.Word })
}

// beforeChainColumns are beforeChainWords in the table's columns' names: "rej:pool, :balancer
// or :codel".
func beforeChainColumns(s *Snapshot) string {
	return beforeChainIn(s, func(t Term) string { return t.Column })
}

// beforeChainIn is beforeChainWords with the first reason named by name, the others by Short.
func beforeChainIn(s *Snapshot, name func(Term) string) string {
	var out []string
	for _, r := range beforeChain {
		if s != nil && !r.Shown(s) {
			continue
		}
		if len(out) == 0 {
			out = append(out, name(TurnedAway(r).Term()))
			continue
		}
		out = append(out, r.Short())
	}
	return JoinList(out, "or")
}

// fallbackCauses names the table's columns that hold the payments a fallback answered:
// "timed-out", "failed", "rejected", those with any; a rejection before the chain (the
// pool's, the balancer's, CoDel's) never reaches the fallback.
func fallbackCauses(c ClassStats) string {
	var out []string
	for _, k := range []struct {
		name string
		n    int64
	}{{"timed-out", c.TimedOut}, {"failed", c.Failed}, {"rejected", c.RejectedTotal() - sumFor(c.Rejected, beforeChain)}} {
		if k.n > 0 {
			out = append(out, k.name)
		}
	}
	return strings.Join(out, ", ")
}

// fallback is the fallback in one lab.
type fallback struct{ stateless }

func (fallback) stages(Config) []placed { return []placed{{slotFallback, fallbackStage()}} }

// fallbackStage is the end of every failure path: a payment that did not succeed (failed,
// timed out, or turned away by the lab's own isolation on a worker) is answered by a
// canned reply that calls no network. It only marks them (Canned), for the engine to count
// with their outcome.
func fallbackStage() stage {
	return stage{name: "fallback", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			r := next(ctx, p)
			r.Canned = r.Out != OK
			return r
		}
	}}
}
