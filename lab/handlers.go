package lab

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"syscall"
	"time"
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

// payment is the chain around the dependency call. An open breaker fails it at once. Then
// bulkhead → connection → breaker → call, so the breaker hears only about real calls; or,
// when the breaker counts rejections (the trap), breaker → bulkhead → connection → call, so
// the lab's own rejections reach it as failures. Timeouts act on the call.
func (l *Lab) payment(ctx context.Context, slot int) result {
	cfg := l.config().Payment
	cb := l.breaker.get()
	if cb != nil && cb.open() {
		return rejectedBy(RejectBreaker)
	}
	if cb != nil && cfg.Breaker.CountRejections {
		p, ok := cb.acquire()
		if !ok {
			return rejectedBy(RejectBreaker)
		}
		r := l.isolated(ctx, slot, cfg, nil)
		p.record(r, true)
		return r
	}
	return l.isolated(ctx, slot, cfg, cb)
}

// isolated passes the bulkhead and runs the call where it says: on this worker, or handed
// to the thread-pool bulkhead or (caller timeout) to a goroutine of its own, which the worker
// waits for and may walk away from. The bulkhead place and the connection are held until
// the call itself ends, even when nobody waits for it any more.
func (l *Lab) isolated(ctx context.Context, slot int, cfg PaymentConfig, cb *breakerGen) result {
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
	callTimeout, waitFor := time.Duration(0), time.Duration(0)
	switch cfg.Timeout.Kind {
	case TimeoutSocket:
		callTimeout = cfg.Timeout.Duration.D()
	case TimeoutCaller:
		waitFor = cfg.Timeout.Duration.D()
	}

	if cfg.Bulkhead.Type == BulkheadThreadPool {
		// The bulkhead's thread leases the connection and makes the call.
		var rec callRecord
		t := newTask(&l.orphans, release, func() result {
			leased, ok := l.lease(l.ctx, -1, cfg.Connections)
			if !ok {
				return rejectedBy(RejectConnPool)
			}
			defer leased()
			return l.guarded(l.ctx, -1, callTimeout, cb, &rec)
		})
		if !l.threads.submit(t) {
			release()
			return rejectedBy(RejectBulkhead)
		}
		l.pool.setPhase(slot, PhaseHandoff)
		return l.await(ctx, t, waitFor, &rec)
	}

	leased, ok := l.lease(ctx, slot, cfg.Connections)
	if !ok {
		release()
		return rejectedBy(RejectConnPool)
	}
	done := func() { leased(); release() }
	var rec callRecord
	if waitFor == 0 {
		defer done()
		return l.guarded(ctx, slot, callTimeout, cb, &rec)
	}
	t := newTask(&l.orphans, done, func() result { return l.guarded(l.ctx, -1, callTimeout, cb, &rec) })
	l.spawn(t.run)
	l.pool.setPhase(slot, PhaseCall) // from the worker's side it is in the call, until it walks away
	return l.await(ctx, t, waitFor, &rec)
}

// await waits for a handed-off call; walking away is a timeout, and the breaker hears it now
// if the call had its permit (a call still waiting for a thread or connection is no signal
// about the dependency).
func (l *Lab) await(ctx context.Context, t *task, waitFor time.Duration, rec *callRecord) result {
	r, ok := t.wait(ctx, waitFor)
	if !ok {
		r = result{out: TimedOut}
		rec.record(r)
	}
	return r
}

// lease takes a connection from the per-route pool, when it is limited.
func (l *Lab) lease(ctx context.Context, slot int, c ConnectionsConfig) (release func(), ok bool) {
	if c.PerRoute == 0 {
		return func() {}, true
	}
	l.pool.setPhase(slot, PhaseConnWait)
	rel, err := l.conns.acquire(ctx)
	return rel, err == nil
}

// guarded asks the breaker (if any) right before the call and tells it how the call went.
func (l *Lab) guarded(ctx context.Context, slot int, timeout time.Duration, cb *breakerGen, rec *callRecord) result {
	if cb != nil {
		p, ok := cb.acquire()
		if !ok {
			return rejectedBy(RejectBreaker)
		}
		rec.p.Store(p)
	}
	l.pool.setPhase(slot, PhaseCall)
	defer l.pool.setPhase(slot, PhaseWork)
	r := l.call(ctx, timeout)
	rec.record(r)
	return r
}

// callRecord is where a call's breaker permit is kept, so that whichever comes first, the
// call's end or its caller walking away, records it, once.
type callRecord struct{ p atomic.Pointer[permit] }

func (c *callRecord) record(r result) { c.p.Load().record(r, false) }

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
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE), errors.Is(err, syscall.EADDRNOTAVAIL):
		return result{out: Failed} // this process ran out of sockets: no signal about the dependency
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
