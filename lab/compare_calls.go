// The comparison's rows about calls: retries, the amplification, the hops.

package lab

import (
	"fmt"
)

// callRows are the payment rows about retries and hops, when either run has them: calls
// per payment (the amplification), retries, budget denials, and for a chain the calls per
// payment at its deepest hop and the work done after the user was answered; and, with a caller
// timeout on either side, the calls at the dependency now and those orphaned so far (still
// loading the dependency after the worker walked away).
// Each is judged as two Poisson counts: retries, denials, late work and orphans as they
// are, a ratio by its numerator over the payments that called in each run.
func callRows(a, b *Snapshot) ([]ComparisonRow, []verdict) {
	var (
		rows     []ComparisonRow
		verdicts []verdict
	)
	add := func(name string, va, vb int64, more int, ratio bool, p float64) {
		rows = append(rows, ComparisonRow{Class: Payment, Counter: name, A: va, B: vb, Ratio: ratio, Unseen: true})
		verdicts = append(verdicts, verdict{p: p, more: more})
	}
	hops := len(a.Hops) > 0 || len(b.Hops) > 0
	pa, pb := float64(a.Calls.Payments), float64(b.Calls.Payments)
	if a.Retried() || b.Retried() || hops {
		add("calls/payment", perPaymentHundredths(a.Calls.PerPayment()), perPaymentHundredths(b.Calls.PerPayment()), -1, true,
			poissonTest(a.Calls.Retries, b.Calls.Retries, pa, pb)) // calls are payments and their retries
		switch {
		case hops: // the lab's calls are hop 1's (newcomer 19: which hop is "calls/payment"?)
			rows[len(rows)-1].Label = "hop 1 calls/payment"
		case a.Calls.Payments != a.Classes[Payment].Arrived || b.Calls.Payments != b.Classes[Payment].Arrived:
			// Of the payments that called, where some did not: 2.79× of 62 beside 1.09× of 97
			// read as calls down 61%, where they fell 174 → 106 (newcomer 28).
			rows[len(rows)-1].Label = "calls/payment" + ThatCalled
		}
	}
	if a.Calls.Retries > 0 || b.Calls.Retries > 0 {
		add("retries", a.Calls.Retries, b.Calls.Retries, -1, false, poissonTest(a.Calls.Retries, b.Calls.Retries, 1, 1))
		rows[len(rows)-1].Label = retriesWord(hops) // the hops' own retries are not in it
	}
	if a.Calls.BudgetDenied > 0 || b.Calls.BudgetDenied > 0 {
		add("budget denied", a.Calls.BudgetDenied, b.Calls.BudgetDenied, 0, false, poissonTest(a.Calls.BudgetDenied, b.Calls.BudgetDenied, 1, 1))
	}
	if hops {
		deepest := func(s *Snapshot) int64 {
			if len(s.Hops) == 0 {
				return 0
			}
			return s.Hops[len(s.Hops)-1].Requests
		}
		add("deepest calls/payment", perPaymentHundredths(a.DeepestPerPayment()), perPaymentHundredths(b.DeepestPerPayment()), -1, true,
			poissonTest(deepest(a), deepest(b), pa, pb))
		rows[len(rows)-1].Label = fmt.Sprintf("hop %d calls/payment", max(len(a.Hops), len(b.Hops)))
		// After the user's answer, not "past deadline": a per-hop chain enforces none, and the
		// row read as one it had (newcomer 26); the edge answers before the user's deadline
		// (newcomer 35 #14).
		add(AfterAnswerWord, a.AfterAnswer(), b.AfterAnswer(), -1, false, poissonTest(a.AfterAnswer(), b.AfterAnswer(), 1, 1))
	}
	if a.Orphans.Total > 0 || b.Orphans.Total > 0 {
		// What tells a caller timeout from a socket one is the load it leaves at the
		// dependency: its calls there now, a count at one instant, judged as a Poisson count
		// (what an infinite server fed at random holds, by Little's law λ·W on average); the
		// orphans a count since the start, said so.
		now := func(s *Snapshot) int64 { return s.Dependency.InFlight }
		add("dependency now", now(a), now(b), -1, false, poissonTest(now(a), now(b), 1, 1))
		rows[len(rows)-1].Label = "calls at dependency now"
		add("orphaned calls", a.Orphans.Total, b.Orphans.Total, -1, false, poissonTest(a.Orphans.Total, b.Orphans.Total, 1, 1))
		rows[len(rows)-1].Label = "orphaned calls so far"
	}
	return rows, verdicts
}

// RatioCells writes a Ratio row's A, B and B − A: 293 hundredths as "2.93×", as the item
// and the narrator write it (FmtPerPayment); B − A of the hundredths shown.
func (r ComparisonRow) RatioCells() (a, b, diff string) {
	x := func(v int64) string { return fmtHundredths(v) + "×" }
	return x(r.A), x(r.B), fmt.Sprintf("%+.2f×", float64(r.B-r.A)/100)
}
