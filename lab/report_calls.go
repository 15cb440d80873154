// The report's hops: HopReport and their summary line, and the dependency's label.

package lab

import (
	"fmt"
	"strings"
)

// HopReport is one server of a chain.
type HopReport struct {
	Requests     int64   `json:"requests"`
	InFlightPeak int64   `json:"in_flight_peak"`
	PastDeadline int64   `json:"past_deadline"` // requests it received, or still worked on, after the user's deadline
	PerPayment   float64 `json:"per_payment"`   // requests per payment that called
}

func hopsReport(s Snapshot) []HopReport {
	var out []HopReport
	for i, h := range s.Hops {
		out = append(out, HopReport{Requests: h.Requests, InFlightPeak: h.PeakInFlight, PastDeadline: h.PastDeadline,
			PerPayment: round(s.HopPerPayment(i), 2)})
	}
	return out
}

// hopLines is the summary line about a chain of hops, when there is one.
func (r Report) hopLines() []string {
	if len(r.Hops) == 0 {
		return nil
	}
	dep := r.Config.Dependency
	hops := make([]string, len(r.Hops))
	for i, h := range r.Hops {
		hops[i] = fmt.Sprintf("%d: %d requests (%.2f per payment), peak %d, %d past deadline",
			i+1, h.Requests, h.PerPayment, h.InFlightPeak, h.PastDeadline)
	}
	return []string{fmt.Sprintf("hops (deadline %s, retries at %s): %s", dep.Deadline, dep.RetryAt, strings.Join(hops, " → "))}
}

// dependencyLabel names what the lab calls: the dependency's mode, or, with a chain, the
// first of its hops (the mode is the last one's).
func (r Report) dependencyLabel() string {
	if n := len(r.Hops); n > 0 {
		return fmt.Sprintf("%s at the last of %d hops; these are hop 1's", r.Dependency.Mode, n)
	}
	return r.Dependency.Mode
}
