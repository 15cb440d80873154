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

// A lab of its own marks the move between a request's count and its worker's freeing, as a
// fleet does, so that a frame taken during it waits it out (cut): read apart, a request
// counted ended beside its worker still busy showed "P payment 10" beside in-flight 9
// (newcomer 50 #3). The move is held by hand; no timing is assumed (review 42a: a release
// timed against the cut's wait could miss it on a loaded machine).
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
	l.admit(job{class: lab.Signup, intended: time.Now()})
	<-counted
	if _, still := l.pool.moves.mark(); still {
		t.Error("a request counted ended, its worker still busy: no move under way, so a frame would read them apart")
	}
	close(release)
	testwait.WaitFor(t, func() bool { return l.pool.freeNow() == 1 }, "the worker freed")
	if _, still := l.pool.moves.mark(); !still {
		t.Error("the worker freed: its move still under way")
	}
	if s := l.Snapshot(); int64(s.Pool.BusyBy[lab.Signup]) != s.Classes[lab.Signup].InFlight {
		t.Errorf("%d workers busy with signups beside %d in flight", s.Pool.BusyBy[lab.Signup], s.Classes[lab.Signup].InFlight)
	}
}

// cut reads again where a move was under way during its read: the read it returns is the
// one after the move.
func TestCutReadsAgainAfterAMove(t *testing.T) {
	var m transit
	m.begin()
	reads := 0
	s, apart := cut(&m, func() lab.Snapshot {
		reads++
		if reads == 1 {
			m.end() // the move ends during the first read
		}
		return lab.Snapshot{Elapsed: time.Duration(reads)}
	})
	if apart || reads != 2 || s.Elapsed != 2 {
		t.Errorf("cut returned read %v of %d, apart %v: want the second, one cut", s.Elapsed, reads, apart)
	}
}
