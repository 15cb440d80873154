package lab

import (
	"context"
	"time"
)

// result is how one request ended inside the worker.
type result struct {
	out        Outcome
	rejected   bool           // turned away by the lab's own isolation; reason says which
	reason     Reason         //
	depFailure bool           // the dependency failed: 5xx, 429 or refused; counts for the breaker
	failure    RetryCondition // the kind of failed call, for payment.retry.on; "": none to retry
}

func rejectedBy(r Reason) result { return result{out: Failed, rejected: true, reason: r} }

// serve runs one job on a worker: the class handler, then the books.
func (l *Lab) serve(ctx context.Context, j job, w *workerHandle) {
	m := l.metrics[j.class]
	defer j.done() // after the books, so a user's next request finds them done
	started := time.Now()
	m.started(j.intended, j.sent, started)
	var r result
	switch j.class {
	case Payment:
		r = l.chain.Load().serve(ctx, w, j.intended)
	case Signup:
		r.out = OK
		if err := sleep(ctx, l.config().Signup.Work.D()); err != nil {
			r.out = Failed
		}
	case Health:
		// Answered at once, but the balancer stopped waiting at its timeout.
		if started.Sub(j.intended) > l.config().Health.Timeout.D() {
			r.out = TimedOut
		}
		j.probe.decide(r.out == OK)
	}
	if r.rejected {
		if r.reason == RejectBulkhead {
			l.slack.observe(l.pool.freeNow()) // this payment still holds its worker: the rest are elsewhere
		}
		m.reject(r.reason)
		return
	}
	ended := time.Now()
	m.finish(r.out, j.intended, started, ended)
	for h := m; h != nil && j.expected > 0; h = h.up {
		h.latencyCorrected.recordCorrected(ended.Sub(j.intended), j.expected)
	}
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
