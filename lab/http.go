package lab

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"poollab/slowserver"
)

// httpStage is the end of the chain: one real HTTP request to the dependency. The context's
// deadline, if any, is the call's: when it passes the connection is closed. How long the
// calls that succeed take is what typical learns. The user's deadline travels with every
// call (Poollab-User-Deadline), so each hop can count the work it does for a user who has
// left; with propagate, so does what is left of the call's own (Poollab-Timeout), from
// which every hop takes its budget.
func httpStage(client *http.Client, url string, typical *typicalLatency, counts *callCounts, propagate bool) stage {
	return stage{name: "http", wrap: func(call) call {
		return func(ctx context.Context, p *passage) result {
			p.phase(PhaseCall)
			defer p.phase(PhaseWork)
			h := http.Header{}
			if dl, ok := ctx.Deadline(); ok && propagate {
				slowserver.SetTimeout(h, time.Until(dl))
			}
			if !p.deadline.IsZero() {
				slowserver.SetUserDeadline(h, p.deadline)
			}
			counts.called(p)
			began := time.Now()
			r := request(ctx, client, url, h)
			if r.out == OK {
				typical.observe(time.Since(began))
				// The adaptive limit times the call from its permit, taken before the first try:
				// only an answer to that try makes the time the dependency's alone.
				p.permit.sample.Store(p.calls == 1)
			}
			return r
		}
	}}
}

// request makes the call and says what its end means.
func request(ctx context.Context, client *http.Client, url string, h http.Header) result {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return result{out: Failed}
	}
	req.Header = h
	resp, err := client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return result{out: TimedOut, failure: RetryOnTimeout}
	case errors.Is(err, context.Canceled):
		return result{out: Failed} // the lab is stopping
	case outOfSockets(err):
		return result{out: Failed} // this process ran out of sockets: no signal about the dependency
	case err != nil:
		return result{out: Failed, depFailure: true, failure: RetryOnRefused} // refused or reset by the dependency
	case resp.StatusCode/100 == 5 || resp.StatusCode == http.StatusTooManyRequests:
		return result{out: Failed, depFailure: true, failure: RetryOn5xx}
	case resp.StatusCode/100 != 2:
		return result{out: Failed}
	}
	return result{out: OK}
}
