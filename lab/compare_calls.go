// The comparison's rows about calls: retries, the amplification, the hops.

package lab

import (
	"fmt"
	"math"
)

// callRows are the payment rows about retries and hops, when either run has them: calls
// per payment (the amplification), retries, budget denials, and for a chain the calls per
// payment at its deepest hop and the work done past the user's deadline; and the calls a
// caller timeout orphaned (still loading the dependency after the worker walked away).
func callRows(a, b *Snapshot) []ComparisonRow {
	var rows []ComparisonRow
	add := func(name string, va, vb int64, more int, ratio bool) {
		rows = append(rows, ComparisonRow{Class: Payment, Counter: name, A: va, B: vb, Better: more * sign(vb-va), Ratio: ratio})
	}
	thousandths := func(v float64) int64 { return int64(math.Round(v * 1000)) }
	if a.Retried() || b.Retried() || len(a.Hops) > 0 || len(b.Hops) > 0 {
		add("calls/payment", thousandths(a.Calls.PerPayment()), thousandths(b.Calls.PerPayment()), -1, true)
	}
	if a.Calls.Retries > 0 || b.Calls.Retries > 0 {
		add("retries", a.Calls.Retries, b.Calls.Retries, -1, false)
	}
	if a.Calls.BudgetDenied > 0 || b.Calls.BudgetDenied > 0 {
		add("budget denied", a.Calls.BudgetDenied, b.Calls.BudgetDenied, 0, false)
	}
	if len(a.Hops) > 0 || len(b.Hops) > 0 {
		add("deepest calls/payment", thousandths(a.DeepestPerPayment()), thousandths(b.DeepestPerPayment()), -1, true)
		add("past deadline", a.PastDeadline(), b.PastDeadline(), -1, false)
	}
	if a.Orphans.Total > 0 || b.Orphans.Total > 0 {
		add("orphaned calls", a.Orphans.Total, b.Orphans.Total, -1, false)
	}
	return rows
}

// RatioCells writes a Ratio row's A, B and B − A: 2930 thousandths as "2.93×".
func (r ComparisonRow) RatioCells() (a, b, diff string) {
	x := func(v int64) string { return fmt.Sprintf("%.2f×", float64(v)/1000) }
	return x(r.A), x(r.B), fmt.Sprintf("%+.2f×", float64(r.B-r.A)/1000)
}
