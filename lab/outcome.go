// The outcome vocabulary: each user-facing outcome of a request with its one word, its
// column label and what it means, written here once. The narrator, the class table, the
// comparison, the reports and the help all name an outcome from here; a rejection's meaning
// is its reason's, as the file of what turns requests away registered it.

package lab

import (
	"fmt"
	"slices"
	"strings"
)

// A Term is one word of the vocabulary: the word every sentence and report uses, the
// table's one-line column label (the same at every width), and what it means.
type Term struct {
	Word, Column, Means string
}

// The terms that are not a request's fate: what came in, and how the users fared.
var (
	TermArrived = Term{Word: "arrived", Column: "arrived",
		Means: "requests sent, " + NoneHeldBack + ", however the pool is doing (a closed loop's: sent)"}
	// TermSent is TermArrived in a closed loop: what came in is what its users sent, fewer
	// than were due once replies come late ("1000 due, 901 arrived" read as arrivals lost on
	// the way, where elsewhere an arrival is a scheduled time: newcomer 30).
	TermSent = Term{Word: "sent", Column: "sent",
		Means: "a closed loop's arrived: the requests its users sent, each after its last reply; fewer than were due once replies come late"}
	TermOKShare = Term{Word: "ok%", Column: "ok%",
		Means: "ok ÷ arrived: the share of the users' requests that ended ok; a rejection is not ok, nor (yet) a request in flight"}
)

// outcomeTerms are the words of a served request's outcomes (Outcome order) and of one in flight.
var (
	outcomeTerms = [numOutcomes]Term{
		{Word: "ok", Column: "ok", Means: "answered successfully"},
		{Word: "failed", Column: "failed",
			Means: "the dependency refused the connection or answered with an error"},
		{Word: "timed out", Column: "timed-out",
			Means: "a timeout fired: a socket timeout cut the payment call, a caller timeout walked away from it, a hop answered 504 as the deadline passed down to it ran out (the note under the table counts those payments, and those timed out at the edge itself: \"timed-out 35: all 35 payments ran out of time below, " + gatewayNotFailed + "; none at the edge itself\"), or a health check was answered after the balancer gave up"},
	}
	inFlightTerm = Term{Word: "in flight", Column: "in-flight",
		Means: "accepted (queued or on a worker) and not finished; arrived = ok + failed + timed out + rejected + in flight"}
)

// outcomeCause is a setting that can end a request as outcome: its words, for the help, and
// whether s's settings now have it.
type outcomeCause struct {
	outcome Outcome
	words   string
	on      func(s *Snapshot) bool
}

// outcomeCauses are what can end a request failed or timed out. A column of zeros for an
// outcome none of them can bring read as a mechanism on: "timed-out 0" beside "timeout off",
// "failed 0" of a dependency that never errors (newcomer 70 G3).
var outcomeCauses = []outcomeCause{
	{Failed, "a failing dependency (mode down, errors)", func(s *Snapshot) bool { return s.Config.Dependency.Mode.Fails() }},
	{Failed, "a chain of hops", chained},
	{TimedOut, "a payment timeout", func(s *Snapshot) bool { return s.Config.Payment.Timeout.Kind != TimeoutNone }},
	{TimedOut, "a deadline", func(s *Snapshot) bool { return s.Config.Payment.Deadline > 0 }},
	{TimedOut, "a chain of hops", chained},
	{TimedOut, "health checks that can wait past their timeout (a queue, a fleet)", func(s *Snapshot) bool { return healthTimesOut(s.Config, s) }},
}

func chained(s *Snapshot) bool { return s.Config.Dependency.Chain() }

// CanEnd says a request of s's run can end as o: ok always; failed or timed out where one has
// so far, or the settings now have a cause of it (outcomeCauses), which a key can switch on
// live. The class table has a column for o only where it can.
func (s *Snapshot) CanEnd(o Outcome) bool {
	for c := range Classes {
		if s.Classes[c].At(Ended(o)) > 0 {
			return true
		}
	}
	for _, k := range outcomeCauses {
		if k.outcome == o && k.on(s) {
			return true
		}
	}
	return o == OK
}

// CanBe says a request of s's run can come to fate f, as the class table has a column for
// it: an outcome where it CanEnd, a rejection where its reason is Shown, in flight always.
// Where a peer's table has the column, this run's draws "–", and the compare's row does too.
func (s *Snapshot) CanBe(f Fate) bool {
	switch {
	case f == FateInFlight:
		return true
	case f <= numOutcomes:
		return s.CanEnd(Outcome(f - 1))
	}
	return Reason(f - 1 - numOutcomes).Shown(s)
}

// notOKCannot says which of the ways to end not ok, as the compare's trade parts them, a run
// cannot come to at all (CanBe): turned away for any reason, failed or timed out, and a canned
// reply (a payment not ok on a worker: failed, timed out, or turned away past the pool). The
// zero value: every way can. A part a run cannot have is "–" there, as its row draws it
// (review s93e: "rejected 0 → 518" beside "rejected:deadline – 518").
type notOKCannot struct{ rejected, ended, canned bool }

func (s *Snapshot) notOKCannot() notOKCannot {
	ended := s.CanBe(Ended(Failed)) || s.CanBe(Ended(TimedOut))
	rejected, canned := false, ended
	for _, r := range Reasons {
		if s.CanBe(TurnedAway(r)) {
			rejected, canned = true, canned || !slices.Contains(beforeChain, r)
		}
	}
	return notOKCannot{rejected: !rejected, ended: !ended, canned: !canned}
}

// EndedColumnsRule says, for the help, when the table has a failed and a timed-out column.
func EndedColumnsRule() string {
	var failed, timedOut []string
	for _, k := range outcomeCauses {
		if k.outcome == Failed {
			failed = append(failed, k.words)
		} else {
			timedOut = append(timedOut, k.words)
		}
	}
	return fmt.Sprintf("%s and %s columns only where a request has ended so, or the settings now can end one so (%s: %s; %s: %s)",
		Ended(Failed).Term().Column, Ended(TimedOut).Term().Column, Failed.Word(), JoinList(failed, "or"), TimedOut.Word(), JoinList(timedOut, "or"))
}

// rejectedPrefix begins every rejection's word ("rejected:pool") and, shorter, its column.
const rejectedPrefix, rejectedColumn = "rejected:", "rej:"

// AnyRejectedColumn is every rejection's column at once, its reason as X: the help's key
// for them, lab's so it cannot drift from the columns' own prefix.
const AnyRejectedColumn = rejectedColumn + "X"

// AnyRejectedWord is every rejection's word at once, its reason as X, beside AnyRejectedColumn.
const AnyRejectedWord = rejectedPrefix + "X"

// Term is fate f's word, column label and meaning.
func (f Fate) Term() Term {
	switch {
	case f == FateInFlight:
		return inFlightTerm
	case f <= numOutcomes:
		return outcomeTerms[f-1]
	}
	r := Reason(f - 1 - numOutcomes)
	return Term{Word: rejectedPrefix + r.String(), Column: rejectedColumn + r.String(), Means: r.Description()}
}

// Word is fate f's one word: "ok", "timed out", "rejected:breaker", "in flight".
func (f Fate) Word() string { return f.Term().Word }

// Word is the outcome's word, as Ended(o)'s.
func (o Outcome) Word() string { return Ended(o).Word() }

// Word is the word of a rejection for r: "rejected:breaker".
func (r Reason) Word() string { return TurnedAway(r).Word() }

// Short is r's word after another rejection's in a list, its "rejected" understood:
// ":codel" in "rejected:pool or :codel".
func (r Reason) Short() string {
	return strings.TrimPrefix(r.Word(), strings.TrimSuffix(rejectedPrefix, ":"))
}

// RejectedColumn is the label of the one column a table too narrow for a column per reason
// counts them all in, and what it means.
var RejectedColumn = Term{Word: "rejected", Column: "rejected",
	Means: "turned away before it was served, every reason together (too narrow for a column each)"}

// Vocabulary is every term in the order a table shows them: arrived (sent), the outcomes, each
// registered rejection, in flight, ok%.
func Vocabulary() []Term {
	out := []Term{TermArrived, TermSent}
	for _, o := range Outcomes {
		out = append(out, Ended(o).Term())
	}
	for _, r := range Reasons {
		out = append(out, TurnedAway(r).Term())
	}
	return append(out, inFlightTerm, TermOKShare)
}

// ArrivedTerm is what came in, in traffic t's words: sent, in a closed loop.
func (t TrafficConfig) ArrivedTerm() Term {
	if t.Mode == Closed {
		return TermSent
	}
	return TermArrived
}
