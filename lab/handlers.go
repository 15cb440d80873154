package lab

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"
)

// result is how one payment ended inside the worker.
type result struct {
	out        Outcome
	rejected   bool   // turned away by the lab's own isolation; reason says which
	reason     Reason //
	depFailure bool   // the dependency failed: 5xx, 429 or refused; counts for the breaker
}

func rejectedBy(r Reason) result { return result{out: Failed, rejected: true, reason: r} }

// serve runs one job on a worker: the class handler, then the books.
func (l *Lab) serve(ctx context.Context, j job, slot int) {
	m := l.metrics[j.class]
	started := time.Now()
	m.started(j.intended, started)
	var r result
	switch j.class {
	case Payment:
		r = l.payment(ctx, slot)
		if r.out != OK {
			m.fallback() // every failure path ends in the fallback: a canned answer, no network
		}
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
		l.health.observe(r.out == OK)
	}
	if r.rejected {
		m.reject(r.reason)
		return
	}
	m.finish(r.out, j.intended, started, time.Now())
}

// payment is the chain around the dependency call:
// breaker (when it counts rejections) → bulkhead → breaker (otherwise) → timeout → connection → HTTP.
// Keeping own rejections out of the breaker means asking it only once the bulkhead has admitted the call.
func (l *Lab) payment(ctx context.Context, slot int) result {
	cfg := l.config().Payment
	cb := l.breaker.get()
	if cb != nil && cfg.Breaker.CountRejections {
		if !cb.TryAcquirePermit() {
			return rejectedBy(RejectBreaker)
		}
		r := l.isolated(ctx, slot, cfg, nil)
		record(cb, r, true)
		return r
	}
	return l.isolated(ctx, slot, cfg, cb)
}

// isolated passes the bulkhead, then asks the breaker (if given), then makes the call
// under the timeout. The bulkhead place is held until the call itself ends, even if the
// worker walked away from it.
func (l *Lab) isolated(ctx context.Context, slot int, cfg PaymentConfig, cb circuitbreaker.CircuitBreaker[any]) result {
	release := func() {}
	switch cfg.Bulkhead.Type {
	case BulkheadSemaphore:
		l.pool.setPhase(slot, PhaseBulkhead)
		rel, err := l.semaphore.acquire(ctx)
		if err != nil {
			return rejectedBy(RejectBulkhead)
		}
		release = rel
	case BulkheadThreadPool:
		rel, ok := l.threads.reserve()
		if !ok {
			return rejectedBy(RejectBulkhead)
		}
		release = rel
	}
	if cb != nil && !cb.TryAcquirePermit() {
		release()
		return rejectedBy(RejectBreaker)
	}
	r := l.timed(ctx, slot, cfg, release)
	if cb != nil {
		record(cb, r, false)
	}
	return r
}

// timed runs the call where the bulkhead says and waits as the timeout kind says:
// a socket timeout is the call's own deadline; a caller timeout lets the worker walk away
// while the call goes on elsewhere, orphaned.
func (l *Lab) timed(ctx context.Context, slot int, cfg PaymentConfig, release func()) result {
	callTimeout := time.Duration(0)
	if cfg.Timeout.Kind == TimeoutSocket {
		callTimeout = cfg.Timeout.Duration.D()
	}
	waitFor := time.Duration(0)
	if cfg.Timeout.Kind == TimeoutCaller {
		waitFor = cfg.Timeout.Duration.D()
	}
	if cfg.Bulkhead.Type != BulkheadThreadPool && waitFor == 0 {
		defer release()
		return l.leasedCall(ctx, slot, cfg.Connections, callTimeout)
	}
	t := newTask(&l.orphans, release, func() result {
		return l.leasedCall(l.ctx, -1, cfg.Connections, callTimeout)
	})
	if cfg.Bulkhead.Type == BulkheadThreadPool {
		if !l.threads.submit(t) {
			release()
			return rejectedBy(RejectBulkhead)
		}
		l.pool.setPhase(slot, PhaseHandoff)
	} else {
		l.spawn(t.run)
		l.pool.setPhase(slot, PhaseCall) // from the worker's side it is in the call, until it walks away
	}
	r, ok := t.wait(ctx, waitFor)
	if !ok {
		return result{out: TimedOut}
	}
	return r
}

// leasedCall takes a connection from the per-route pool (if limited) and makes the call.
func (l *Lab) leasedCall(ctx context.Context, slot int, c ConnectionsConfig, timeout time.Duration) result {
	if c.PerRoute > 0 {
		l.pool.setPhase(slot, PhaseConnWait)
		rel, err := l.conns.acquire(ctx)
		if err != nil {
			return rejectedBy(RejectConnPool)
		}
		defer rel()
	}
	l.pool.setPhase(slot, PhaseCall)
	defer l.pool.setPhase(slot, PhaseWork)
	return l.call(ctx, timeout)
}

// call makes one real HTTP request, with timeout as its deadline when positive: when it
// fires the connection is closed and the caller is free.
func (l *Lab) call(ctx context.Context, timeout time.Duration) result {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.dep.URL()+"/pay", nil)
	if err != nil {
		return result{out: Failed}
	}
	resp, err := l.client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return result{out: TimedOut}
	case errors.Is(err, context.Canceled):
		return result{out: Failed} // the lab is stopping
	case err != nil:
		return result{out: Failed, depFailure: true} // refused or reset by the dependency
	case resp.StatusCode/100 == 5 || resp.StatusCode == http.StatusTooManyRequests:
		return result{out: Failed, depFailure: true}
	case resp.StatusCode/100 != 2:
		return result{out: Failed}
	}
	return result{out: OK}
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
