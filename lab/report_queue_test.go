package lab

import (
	"encoding/json"
	"strings"
	"testing"
)

// The report's timeline says who waits in the queue each second, as the screen's queue
// chart draws it: each class's share of queued.
func TestReportTimelineQueuedBy(t *testing.T) {
	s := Snapshot{Config: DefaultConfig()}
	sec := Second{T: 1, Queued: 66}
	sec.QueuedBy[Payment], sec.QueuedBy[Signup] = 40, 26
	sec.Arrived[Payment], sec.Arrived[Signup] = 10, 5
	s.Classes[Payment].Arrived, s.Classes[Signup].Arrived = 10, 5
	s.Timeline = []Second{sec}
	js, err := json.Marshal(NewReport(s))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"queued":66,"queued_by":{"payment":40,"signup":26`) {
		t.Errorf("no queued_by in the timeline: %s", js)
	}
}
