// The payment call itself: one HTTP request to the dependency, and what its end means.

package engine

import (
	"context"
	"errors"
	"io"
	"net/http"

	"poollab/lab"
	"poollab/slowserver"
)

// httpRequest is the innermost call of the payment chain: one real HTTP request to the
// dependency at url. The context's deadline, if any, is the call's: when it passes the
// connection is closed. Through a chain (hops), the user travels with every call: its
// deadline (Poollab-User-Deadline) and its answer (Poollab-User), so each hop can count the
// work it does for a user who has left, by its deadline or by its answer, whichever first;
// with propagate, so does what is left of the call's own (Poollab-Timeout), from which every
// hop takes its budget.
func httpRequest(client *http.Client, url string, chain, propagate bool) lab.Request {
	return func(ctx context.Context, u lab.User) lab.Result {
		h := http.Header{}
		if dl, ok := ctx.Deadline(); ok && propagate {
			slowserver.SetDeadline(h, dl)
		}
		if !u.Deadline.IsZero() {
			slowserver.SetUserDeadline(h, u.Deadline)
		}
		if chain && u.Answered != nil {
			slowserver.SetUser(h, u.Answered)
		}
		return request(ctx, client, url, h, propagate)
	}
}

// request makes the call and says what its end means. propagated says the call passed its
// deadline down (Poollab-Timeout).
func request(ctx context.Context, client *http.Client, url string, h http.Header, propagated bool) lab.Result {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return lab.Result{Out: lab.Failed}
	}
	req.Header = h
	resp, err := client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return lab.Result{Out: lab.TimedOut, Failure: lab.RetryOnTimeout}
	case errors.Is(err, context.Canceled):
		return lab.Result{Out: lab.Failed} // the lab is stopping
	case outOfSockets(err):
		return lab.Result{Out: lab.Failed} // this process ran out of sockets: no signal about the dependency
	case err != nil:
		return lab.Result{Out: lab.Failed, DepFailure: true, Failure: lab.RetryOnRefused} // refused or reset by the dependency
	case resp.StatusCode == http.StatusGatewayTimeout && propagated:
		// A hop answered 504 because the deadline this call passed down ran out: to the user
		// that is the caller's timeout firing one hop down, one outcome (timed out). A retry
		// and a breaker still take it for the 5xx it is.
		return lab.Result{Out: lab.TimedOut, DepFailure: true, Failure: lab.RetryOn5xx}
	case resp.StatusCode/100 == 5 || resp.StatusCode == http.StatusTooManyRequests:
		return lab.Result{Out: lab.Failed, DepFailure: true, Failure: lab.RetryOn5xx}
	case resp.StatusCode/100 != 2:
		return lab.Result{Out: lab.Failed}
	}
	return lab.Result{Out: lab.OK}
}
