// Tests of a lab of its own's frames as one cut: its pool and its counters read as at one
// instant.

package engine

import (
	"context"
	"testing"
	"time"

	"poollab/internal/testwait"
	"poollab/lab"
)

// A frame taken while a worker is between its request's count and its freeing waits the
// move out, as a fleet's does, so the pool's busy workers are the table's in flight: read
// apart, a request counted ended beside its worker still busy showed "P payment 10" beside
// in-flight 9 (newcomer 50 #3). The move is held by hand and let go a fifth of the cut's
// wait after the frame begins; a loaded machine may let it go later than the cut waits, so
// a few tries, each of which a read apart fails.
func TestLabFramesAreOneCut(t *testing.T) {
	c := lab.DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	c.Pool.Workers, c.Signup.Work = 1, 0
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	counted, release := make(chan struct{}), make(chan struct{})
	serve := l.pool.run // no worker runs yet: no traffic
	l.pool.run = func(ctx context.Context, j job, w *workerHandle) {
		serve(ctx, j, w)
		counted <- struct{}{} // counted ended, its worker not yet freed
		<-release
	}
	var busy int
	var inFlight int64
	for range 5 {
		l.admit(job{class: lab.Signup, intended: time.Now()})
		<-counted
		go func() {
			time.Sleep(cutWait / 5)
			release <- struct{}{}
		}()
		s := l.Snapshot()
		busy, inFlight = s.Pool.BusyBy[lab.Signup], s.Classes[lab.Signup].InFlight
		testwait.WaitFor(t, func() bool { return l.pool.freeNow() == 1 }, "the worker freed")
		if int64(busy) == inFlight {
			return
		}
	}
	t.Errorf("every frame mid-move: %d workers busy with signups beside %d in flight", busy, inFlight)
}
