// Each class's handler: what a worker does with a request, then the books.

package engine

import (
	"context"
	"time"

	"poollab/lab"
)

// serve runs one job on a worker: the class handler, then the books.
func (l *instance) serve(ctx context.Context, j job, w *workerHandle) {
	m := l.metrics[j.class]
	// After the books, so a user's next request finds them done; at the instant its
	// corrected latency ends, so the user skips the very slots the correction puts back.
	var answered time.Time
	defer func() { j.done(answered) }()
	started := time.Now()
	m.started(j.intended, j.sent, started)
	var r lab.Result
	switch j.class {
	case lab.Payment:
		r = l.iso.Serve(ctx, w, j.intended)
	case lab.Signup:
		r.Out = lab.OK
		if err := sleep(ctx, l.config().Signup.Work.D()); err != nil {
			r.Out = lab.Failed
		}
	case lab.Health:
		// Answered at once, but the balancer stopped waiting at its timeout.
		if started.Sub(j.intended) > l.config().Health.Timeout.D() {
			r.Out = lab.TimedOut
		}
		j.probe.decide(r.Out == lab.OK)
	}
	w.counting() // counted ended from here, its worker freed after (pool.work)
	answered = time.Now()
	if r.Rejected {
		m.reject(j, r.Reason, started, answered, l.end, r.Canned)
	} else {
		m.finish(r.Out, r.Canned, j.intended, started, answered)
		m.corrected(j, answered, l.end, true)
	}
	l.pairs.settle(j.class, j.arrival, r.Fate())
}

// sleep waits d on a timer, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
