package ui

import (
	"fmt"
	"strings"
	"time"

	"poollab/lab"
)

// quiet says a class has no traffic in this run: no configured rate and nothing arrived.
// The table, legends and charts leave such classes out.
func quiet(s *lab.Snapshot, c lab.Class) bool {
	rate := s.Config.Traffic.Rate(c)
	return rate == 0 && s.Classes[c].Arrived == 0
}

// plural names a class's requests in a sentence: "signups", "health checks".
func plural(c lab.Class) string {
	switch c {
	case lab.Signup:
		return "signups"
	case lab.Health:
		return "health checks"
	}
	return c.String() + " requests"
}

// holds is Little's W for payments (lab.Config.PaymentHold), and why names the timeout
// when it decides the worker's time.
func holds(cfg lab.Config) (call, worker time.Duration, why string) {
	call, worker, timedOut := cfg.PaymentHold()
	if timedOut {
		why = fmt.Sprintf(" (%s timeout)", cfg.Payment.Timeout.Kind)
	}
	return call, worker, why
}

// paymentCap is how many payments the bulkhead lets through at once: permits for a
// semaphore, threads for a thread pool; false for none.
func paymentCap(b lab.BulkheadConfig) (int, bool) {
	if b.Type == lab.BulkheadNone {
		return 0, false
	}
	return b.Size, true
}

// narrate explains the moment in one sentence with Little's law: workers needed = arrival
// rate × time each payment holds a worker, against the pool. The arithmetic comes from the
// settings, the tense from the snapshot.
func narrate(cfg lab.Config, s *lab.Snapshot) string {
	msg := narrateLaw(cfg, s)
	switch {
	case s.Health.Pulled && s.Health.FailStreak == 0:
		msg += "; health checks pass again: a balancer takes the instance back after 3 in a row"
	case s.Health.Pulled:
		msg += "; health checks failing: a load balancer would pull this instance"
	}
	return msg
}

func narrateLaw(cfg lab.Config, s *lab.Snapshot) string {
	rate := cfg.Traffic.Payment.Rate
	workers := cfg.Pool.Workers
	callHold, hold, why := holds(cfg)
	need := rate * hold.Seconds()

	// Who is starving now: rejected for lack of a worker in the last whole second.
	var starving []string
	if n := len(s.Timeline); n > 0 {
		for _, c := range lab.Classes {
			if c.Starves() && s.Timeline[n-1].Rejected[c][lab.RejectPool] > 0 {
				starving = append(starving, plural(c))
			}
		}
	}
	// Who else needs the pool: the classes starving now, else every other class with traffic.
	others := strings.Join(starving, " and ")
	if others == "" {
		var all []string
		for _, c := range lab.Classes {
			if c.Starves() && cfg.Traffic.Rate(c) > 0 {
				all = append(all, plural(c))
			}
		}
		others = strings.Join(all, " and ")
		if others == "" {
			others = "other requests"
		}
	}
	// A timeout shorter than the call frees workers at the price of every payment.
	price := ""
	if k := cfg.Payment.Timeout.Kind; k != lab.TimeoutNone && cfg.Dependency.CallLatency() > cfg.Payment.Timeout.Duration.D() {
		price = fmt.Sprintf("; the price: every payment times out (%s call > %s timeout), none succeed",
			fmtSecs(cfg.Dependency.CallLatency()), fmtSecs(cfg.Payment.Timeout.Duration.D()))
	}

	switch {
	case rate == 0:
		return "no payments arriving: the pool belongs to the other classes"
	case cfg.Dependency.Mode == lab.ModeDown:
		return "dependency down: payments fail within a millisecond (connection refused) and free their workers at once; " + others + " get workers"
	case cfg.Dependency.Mode == lab.ModeErrors:
		return "dependency answers 500 at once: payments fail fast and free their workers; " + others + " get workers"
	case s.Breaker.State == lab.BreakerOpen:
		msg := fmt.Sprintf("breaker open: payments fail at once without calling (next trial in %s); workers stay free for %s", fmtSecs(s.Breaker.OpenLeft), others)
		if cfg.Payment.Breaker.CountRejections && cfg.Payment.Bulkhead.Type != lab.BulkheadNone {
			msg += "; it counts its own bulkhead's rejections as failures, so it opens even on a healthy dependency"
		}
		return msg
	}

	brownout := ""
	if cfg.Dependency.Mode == lab.ModeBrownout {
		brownout = " while it is slow"
	}
	// Calls that outlive their caller (caller timeout) still load the dependency.
	orphans := ""
	if callHold > hold {
		orphans = fmt.Sprintf("; the calls run on: %s × %s = %s at the dependency, orphaned", fmtFloatRate(rate), fmtSecs(callHold), fmtWorkers(rate*callHold.Seconds()))
	}

	if limit, ok := paymentCap(cfg.Payment.Bulkhead); ok && limit < workers {
		bh := cfg.Payment.Bulkhead
		calls := rate * callHold.Seconds()
		if calls <= float64(limit) {
			return fmt.Sprintf("payments need %s × %s%s = %s at once, within the %s bulkhead's %d: none rejected by it%s%s",
				fmtFloatRate(rate), fmtSecs(callHold), brownout, fmtWorkers(calls), bh.Type, limit, orphans, price)
		}
		admitted := float64(limit) / callHold.Seconds()
		rejected := fmtFloatRate(roundTo(rate-admitted, 1))
		held := min(float64(limit), admitted*hold.Seconds())
		if held >= float64(limit)-0.05 {
			msg := fmt.Sprintf("payments need %s × %s%s = %s workers; the %s bulkhead caps them at %d of the pool's %d: %d stay free for %s, ~%s payments rejected",
				fmtFloatRate(rate), fmtSecs(callHold), brownout, fmtWorkers(rate*callHold.Seconds()), bh.Type, limit, workers, workers-limit, others, rejected)
			if bh.Type == lab.BulkheadSemaphore && bh.MaxWait > 0 {
				msg += fmt.Sprintf(" (each waits up to %s for a permit, holding a worker)", fmtDur(bh.MaxWait.D()))
			}
			return msg + price
		}
		return fmt.Sprintf("payments need %s × %s%s = %s calls at once; the %s bulkhead runs %d: ~%s rejected, and callers leave after %s%s, so payments hold ~%s of %d workers",
			fmtFloatRate(rate), fmtSecs(callHold), brownout, fmtWorkers(calls), bh.Type, limit, rejected, fmtSecs(hold), why, fmtWorkers(held), workers) + price
	}

	law := fmt.Sprintf("payments need %s × %s%s = %s workers%s; the pool has %d", fmtFloatRate(rate), fmtSecs(hold), why, fmtWorkers(need), brownout, workers)
	if _, ok := paymentCap(cfg.Payment.Bulkhead); ok {
		law += " (a bulkhead that big caps nothing)"
	}
	conns := ""
	if pr := cfg.Payment.Connections.PerRoute; pr > 0 && need > float64(pr) {
		conns = fmt.Sprintf(". %d connections per route cap the calls, not the workers: the rest wait for one, holding theirs", pr)
	}
	if need < float64(workers) { // at exactly the pool size it is always full
		if need > 0.8*float64(workers) {
			return law + ": it fits, barely; a little more traffic or latency fills it" + orphans + conns + price
		}
		return law + ": it fits, " + others + " get workers" + orphans + conns + price
	}

	fill := time.Duration(float64(workers) / rate * float64(time.Second))
	if q := cfg.Pool.Queue; q > 0 && len(starving) == 0 {
		// The queue takes the overflow. When it fills is read off its measured growth, not
		// guessed: how fast it grows depends on which requests it holds.
		if s.Elapsed < fill {
			return fmt.Sprintf("%s: full in %s, then the queue of %d fills and %s starve", law, fmtSecs(fill), q, others)
		}
		eta := ""
		if grow := queueGrowth(s.Timeline); grow > 0 && s.Pool.Queued < q {
			eta = fmt.Sprintf(" (growing %s, full in ~%s)", fmtFloatRate(roundTo(grow, 1)), fmtSecs(time.Duration(float64(q-s.Pool.Queued)/grow*float64(time.Second))))
		}
		return fmt.Sprintf("%s: full since %s; %s wait in the queue of %d%s (wait p99 %s) until it fills, then they starve",
			law, fmtSecs(fill), others, q, eta, latency(s.Classes[lab.Signup].QueueWait.P99, s.Classes[lab.Signup].QueueWait.Count))
	}
	switch {
	case len(starving) > 0:
		return fmt.Sprintf("%s: full in %s, %s now starving%s", law, fmtSecs(fill), others, conns)
	case s.Elapsed < fill:
		return fmt.Sprintf("%s: full in %s, then %s starve%s", law, fmtSecs(fill), others, conns)
	default:
		return fmt.Sprintf("%s: full in %s; %s starve when they arrive%s", law, fmtSecs(fill), others, conns)
	}
}

// queueGrowth is how fast the accept queue grew over the last few seconds, per second.
func queueGrowth(tl []lab.Second) float64 {
	n := min(len(tl), 5)
	if n < 2 {
		return 0
	}
	first, last := tl[len(tl)-n], tl[len(tl)-1]
	return float64(last.Queued-first.Queued) / float64(n-1)
}

func roundTo(v float64, decimals int) float64 {
	p := 1.0
	for i := 0; i < decimals; i++ {
		p *= 10
	}
	return float64(int64(v*p+0.5)) / p
}
