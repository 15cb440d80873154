package lab

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
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

// The oldest still waiting is said where a request waits, in its class's plural (the
// postmortem's label "orders" is plural already), and reported at the end as
// pool.oldest_waiting_ms; under LIFO the narrator's lesson pairs it with the median wait.
func TestOldestWaitingSaid(t *testing.T) {
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Pool.Queue, s.Config.Pool.Discipline = 100, LIFO
	s.Classes[Signup].Arrived, s.Classes[Signup].QueueWait = 5, Percentiles{P50: 1200 * time.Microsecond, P99: 394 * time.Millisecond, Count: 20}
	if got := s.Pool.OldestWaitingSaid(s.Config.Traffic, false) + s.NewestFirstSaid(); got != "" {
		t.Errorf("none waiting: %q, want nothing", got)
	}
	s.Pool.Queued, s.Pool.OldestWaiting, s.Pool.OldestWaitingClass = 35, 5480*time.Millisecond, Payment
	for _, tc := range []struct {
		short bool
		want  string
	}{{false, "oldest waiting 5.5s (one of the payments)"}, {true, "oldest 5.5s"}} {
		if got := s.Pool.OldestWaitingSaid(s.Config.Traffic, tc.short); got != tc.want {
			t.Errorf("short %v: %q, want %q", tc.short, got, tc.want)
		}
	}
	if got, want := s.NewestFirstSaid(), "; newest first: the newest waiting is served next, while the oldest still waiting has waited 5.5s (one of the payments)"; got != want {
		t.Errorf("LIFO: %q, want %q", got, want)
	}
	js, err := json.Marshal(NewReport(s))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"oldest_waiting_ms":5480`) {
		t.Errorf("no pool.oldest_waiting_ms of 5480: %s", js)
	}
	// The text report's pool line says it too: its table's latencies are of ended requests.
	var text strings.Builder
	if err := NewReport(s).Write(&text, FormatTable); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "peak queued 0, oldest still waiting at the end 5.5s,") {
		t.Errorf("the pool line does not say the oldest still waiting:\n%s", text.String())
	}
	s.Config.Traffic.Payment.Label = "orders"
	if got, want := s.Pool.OldestWaitingSaid(s.Config.Traffic, false), "oldest waiting 5.5s (one of the orders)"; got != want {
		t.Errorf("labelled orders: %q, want %q", got, want)
	}
	s.Config.Pool.Discipline = FIFO // the oldest is served next: no lesson of newest first
	if got := s.NewestFirstSaid(); got != "" {
		t.Errorf("FIFO: %q, want nothing", got)
	}
}
