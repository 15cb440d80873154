// Tests of a fleet's sums: the bulkhead as one, a replica's share.

package lab

import (
	"strings"
	"testing"
	"time"
)

// A fleet's adaptive bulkhead is reported in one unit: where its limit started and where it
// ended are both the replicas' added up, and the line says so.
func TestFleetBulkheadOneUnit(t *testing.T) {
	var s Snapshot
	s.Config.Traffic.Payment.Rate = 10
	s.Config.Payment.Bulkhead = BulkheadConfig{Type: BulkheadAdaptive, Size: 10}
	s.Fleet = &FleetStats{Replicas: make([]Snapshot, 4)}
	s.Bulkhead.Type = BulkheadAdaptive
	for _, limit := range []int{9, 8, 7, 6} {
		s.Bulkhead = s.Bulkhead.add(BulkheadStats{Type: BulkheadAdaptive, Size: 10, Limit: limit})
	}
	want := "payment bulkhead: adaptive, limit 30 at the end (started at 40) across 4 replicas"
	if lines := strings.Join(NewReport(s).summary(), "\n"); !strings.Contains(lines, want) {
		t.Errorf("summary:\n%s\nwant a line %q", lines, want)
	}
}

// A replica's share of the stream divides a profile's steps as it divides the base rate,
// and leaves the fleet's own steps as they were.
func TestShareDividesTheProfile(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate = 40
	c.Traffic.Payment.Profile = []RateStep{{At: Duration(time.Second), Rate: 80}}
	r := c.Share(4)
	if got := r.Traffic.RateAt(Payment, 2*time.Second); got != 20 {
		t.Errorf("a replica of 4 takes %v/s after the step to 80/s, want 20", got)
	}
	if got := c.Traffic.Payment.Profile[0].Rate; got != 80 {
		t.Errorf("the fleet's step is %v/s after share, want 80", got)
	}
}
