package engine

import (
	"testing"
	"time"

	"poollab/lab"
)

// Each second records who waits in the queue by class, and they add up to the queue: a
// queue's starving is waiting, which the chart of a pool with a queue draws per class.
func TestSecondsRecordTheQueueByClass(t *testing.T) {
	c := scaled()
	c.Pool.Queue = 10
	// A whole second's sample while arrivals still come: with 800ms the only sample was the
	// end's, and a busy machine once took it after the queue had drained (a failed run).
	c.Duration = lab.Duration(1500 * time.Millisecond)
	s := run(t, c)
	waited := false
	for _, sec := range s.Timeline {
		sum := 0
		for _, n := range sec.QueuedBy {
			sum += n
		}
		if sum != sec.Queued {
			t.Errorf("second %d: %v queued by class, %d in the queue", sec.T, sec.QueuedBy, sec.Queued)
		}
		waited = waited || sec.QueuedBy[lab.Payment] > 0
	}
	if !waited {
		t.Errorf("no second saw a payment queued: %+v", s.Timeline)
	}
}
