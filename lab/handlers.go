package lab

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// serve runs one job on a worker: the class handler, then the books.
func (l *Lab) serve(ctx context.Context, j job, slot int) {
	m := l.metrics[j.class]
	started := time.Now()
	m.started(j.intended, started)
	var out Outcome
	switch j.class {
	case Payment:
		var rejected bool
		out, rejected = l.payment(ctx, slot)
		if rejected {
			m.reject(RejectBulkhead)
			return
		}
	case Signup:
		out = l.signup(ctx)
	}
	m.finish(out, j.intended, started, time.Now())
}

// signup is short local work that needs nothing but a worker.
func (l *Lab) signup(ctx context.Context) Outcome {
	if err := sleep(ctx, l.config().Signup.Work.D()); err != nil {
		return Failed
	}
	return OK
}

// payment passes the bulkhead, if any, then calls the dependency. rejected means the
// bulkhead turned it away: the request got a worker but never reached the dependency.
func (l *Lab) payment(ctx context.Context, slot int) (out Outcome, rejected bool) {
	cfg := l.config().Payment
	if cfg.Bulkhead.Type == BulkheadSemaphore {
		l.pool.setPhase(slot, PhaseBulkhead)
		release, err := l.semaphore.acquire(ctx)
		if errors.Is(err, errBulkheadFull) {
			return Failed, true
		}
		if err != nil {
			return Failed, false
		}
		defer release()
	}
	l.pool.setPhase(slot, PhaseCall)
	defer l.pool.setPhase(slot, PhaseWork)
	return l.call(ctx, cfg.Timeout), false
}

// call makes one real HTTP request. A socket timeout is the request's own deadline:
// when it fires the connection is closed and the worker is free.
func (l *Lab) call(ctx context.Context, t TimeoutConfig) Outcome {
	if t.Kind == TimeoutSocket {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.Duration.D())
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.dep.URL()+"/pay", nil)
	if err != nil {
		return Failed
	}
	resp, err := l.client.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return TimedOut
		}
		return Failed
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return TimedOut
		}
		return Failed
	}
	if resp.StatusCode/100 != 2 {
		return Failed
	}
	return OK
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
