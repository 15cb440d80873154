// The report's calls and hops: CallsReport, HopReport and their summary lines.

package lab

import (
	"fmt"
	"strings"
)

// CallsReport is the lab's calls to the dependency (a chain's first hop): the amplification
// retries cause. per_payment is calls / payments, 1.0 without retries.
type CallsReport struct {
	Payments     int64   `json:"payments"` // payments that made at least one call
	Calls        int64   `json:"calls"`
	PerPayment   float64 `json:"per_payment"`
	Retries      int64   `json:"retries"`
	BudgetDenied int64   `json:"budget_denied"` // retries the retry budget refused
}

// HopReport is one server of a chain.
type HopReport struct {
	Requests     int64   `json:"requests"`
	InFlightPeak int64   `json:"in_flight_peak"`
	PastDeadline int64   `json:"past_deadline"` // requests it received, or still worked on, after the user's deadline
	PerPayment   float64 `json:"per_payment"`   // requests per payment that called
}

func callsReport(s Snapshot) CallsReport {
	c := s.Calls
	return CallsReport{Payments: c.Payments, Calls: c.Calls(), PerPayment: round(c.PerPayment(), 2),
		Retries: c.Retries, BudgetDenied: c.BudgetDenied}
}

func hopsReport(s Snapshot) []HopReport {
	var out []HopReport
	for i, h := range s.Hops {
		out = append(out, HopReport{Requests: h.Requests, InFlightPeak: h.PeakInFlight, PastDeadline: h.PastDeadline,
			PerPayment: round(s.HopPerPayment(i), 2)})
	}
	return out
}

// callLines are the summary lines about retries and hops, when the run had either.
func (r Report) callLines() []string {
	retry, dep := r.Config.Payment.Retry, r.Config.Dependency
	var lines []string
	if r.retried {
		budget := ""
		if retry.Budget > 0 {
			budget = fmt.Sprintf(", %d refused by the %s retry budget", r.Calls.BudgetDenied, retry.Budget)
		}
		lines = append(lines, fmt.Sprintf("dependency calls per payment: %.2f× (%d calls by %d payments: %d retries%s)",
			r.Calls.PerPayment, r.Calls.Calls, r.Calls.Payments, r.Calls.Retries, budget))
	}
	if len(r.Hops) > 0 {
		hops := make([]string, len(r.Hops))
		for i, h := range r.Hops {
			hops[i] = fmt.Sprintf("%d: %d requests (%.2f per payment), peak %d, %d past deadline",
				i+1, h.Requests, h.PerPayment, h.InFlightPeak, h.PastDeadline)
		}
		lines = append(lines, fmt.Sprintf("hops (deadline %s, retries at %s): %s", dep.Deadline, dep.RetryAt, strings.Join(hops, " → ")))
	}
	return lines
}

// dependencyLabel names what the lab calls: the dependency's mode, or, with a chain, the
// first of its hops (the mode is the last one's).
func (r Report) dependencyLabel() string {
	if n := len(r.Hops); n > 0 {
		return fmt.Sprintf("%s at the last of %d hops; these are hop 1's", r.Dependency.Mode, n)
	}
	return r.Dependency.Mode
}
