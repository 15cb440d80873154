// Tests of a lab of its own's frames as one cut: its pool and its counters read as at one
// instant.

package engine

import (
	"context"
	"runtime"
	"slices"
	"strings"
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

// The fallback's canned reply is counted with its payment's outcome, under the counters'
// one lock: counted apart, as the chain returned, a frame had "canned replies to 73" beside
// 72 payments ended and 8 in flight (newcomer 53). The payment's finish is held at its
// latency histogram's lock, after the chain has run and before it is counted ended.
func TestCannedRepliesCountedWithTheirOutcome(t *testing.T) {
	c := lab.DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = 0, 0
	c.Pool.Workers = 1
	c.Payment.Timeout = lab.TimeoutConfig{Kind: lab.TimeoutSocket, Duration: lab.Duration(20 * time.Millisecond)}
	c.Dependency.Latency = lab.Duration(time.Minute)
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	m := l.metrics[lab.Payment]
	m.latency.mu.Lock()
	l.admit(job{class: lab.Payment, intended: time.Now()})
	giveUp := testwait.LastResort(t)
	for !slices.ContainsFunc(strings.Split(allStacks(), "\n\n"), func(g string) bool {
		return strings.Contains(g, "(*classMetrics).finish") && strings.Contains(g, "lockSlow")
	}) {
		select {
		case <-giveUp:
			m.latency.mu.Unlock()
			t.Fatal("the payment's count never seen waiting for its latency histogram")
		default:
			runtime.Gosched()
		}
	}
	held := m.counts()
	m.latency.mu.Unlock()
	if ended := held.OK + held.Failed + held.TimedOut + held.RejectedTotal(); held.Fallback > ended {
		t.Errorf("%d canned replies beside %d payments ended (%d in flight): one counted before its payment ended", held.Fallback, ended, held.InFlight)
	}
	testwait.WaitFor(t, func() bool { return m.counts().InFlight == 0 }, "the payment counted")
	if s := m.counts(); s.Fallback != 1 || s.TimedOut != 1 {
		t.Errorf("after: %d canned replies, %d timed out; want 1 and 1", s.Fallback, s.TimedOut)
	}
}
