// Tests of the bulkhead as a whole: a fleet's adaptive bulkhead reported in one unit.

package lab

import (
	"strings"
	"testing"
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
