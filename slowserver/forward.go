package slowserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"
)

// Forward makes a server answer each request by calling a next server instead of
// sleeping: one hop in a chain of services. Down and Errors still act as usual; in the
// other modes the hop's answer is the next server's, after a stall if one is on.
type Forward struct {
	URL string // the next server, e.g. http://127.0.0.1:port; StartChain fills it in

	// Propagate makes the hop spend its caller's budget: its deadline is the remaining
	// time the request carries in TimeoutHeader, it passes on what is left minus Reserve,
	// and when its caller goes away its own call is cancelled too. Without Propagate the
	// hop ignores the incoming budget, keeps working after its caller has gone, and gives
	// each try its own Timeout: the per-hop timeouts that let work outlive the user.
	Propagate bool

	// Timeout is each try's deadline without Propagate. With Propagate it is the budget of
	// a request that carries none (calls without a deadline get a default), and a cap on
	// each try: the shorter of the hop's own timeout and the propagated deadline wins, as
	// with a proxy that has a timeout of its own. 0: none. Either way, a try that has a
	// deadline sends what is left of it in TimeoutHeader.
	Timeout  time.Duration
	Attempts int           // tries per request (0 or 1: no retry)
	Backoff  time.Duration // wait between tries

	// With Propagate: Reserve is kept back for the hop's own failure handling, so a try
	// gets the remaining time minus Reserve and fails while the hop can still answer;
	// MinCall is the least time worth a try: with less left the hop answers 504 at once.
	Reserve, MinCall time.Duration
}

// StartChain starts len(hops)+1 servers on free ports: last first, then each hop
// forwarding to the one after it, and returns them edge first (index 0 is the one to
// call; the last is the ordinary server). Each hop's URL is filled in. If one fails to
// start, those already started are closed. Close them edge first, so no hop is left
// retrying against a closed server.
func StartChain(hops []Forward, last Settings) ([]*Server, error) {
	return StartChainOn(nil, hops, last)
}

// StartChainOn is StartChain with the edge, the server to call, on a listener the caller
// has bound (nil: any free port). The chain owns edge from now on, as StartOn does.
func StartChainOn(edge net.Listener, hops []Forward, last Settings) ([]*Server, error) {
	start := func(i int, s Settings) (*Server, error) {
		if i > 0 || edge == nil {
			return Start(0, s)
		}
		ln := edge
		edge = nil // handed on
		return StartOn(ln, s)
	}
	defer func() {
		if edge != nil { // a server behind it failed first
			edge.Close()
		}
	}()
	servers := make([]*Server, len(hops)+1)
	var err error
	if servers[len(hops)], err = start(len(hops), last); err != nil {
		return nil, fmt.Errorf("slowserver: last server: %w", err)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		f := hops[i]
		f.URL = servers[i+1].URL()
		if servers[i], err = start(i, Settings{Mode: Healthy, Forward: &f}); err != nil {
			for _, s := range servers[i+1:] {
				s.Close()
			}
			return nil, fmt.Errorf("slowserver: hop %d: %w", i, err)
		}
	}
	return servers, nil
}

// newForwardClient is a server's own client for its next hop: no proxy, so loopback stays
// loopback, and no cap on connections, so the hop adds no pool of its own to the chain.
// It keeps as many idle connections as a busy lab holds calls in flight.
func newForwardClient() (*http.Client, *http.Transport) {
	tr := &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        1024,
		MaxIdleConnsPerHost: 256,
		IdleConnTimeout:     90 * time.Second,
	}
	return &http.Client{Transport: tr}, tr
}

// outcome is how a try, or a hop's tries together, ended.
type outcome int

const (
	answered outcome = iota // 2xx
	timedOut                // a deadline passed, here or below (504)
	failed                  // 5xx or no connection: worth another try
	rejected                // any other status: another try would get the same
	gone                    // the caller went away or the server is closing: nobody reads an answer
)

// forward answers r by calling f.URL; Close and (with Propagate) the caller's going away
// cancel it.
func (s *Server) forward(w http.ResponseWriter, r *http.Request, f *Forward, stall Stall, arrival time.Duration) {
	ctx, cancel := s.forwardContext(r, f)
	defer cancel()
	// A stall freezes a hop too: it calls nobody until the stall ends.
	result := gone
	if err := s.wait(ctx, stall.Finish(arrival, 0)-time.Since(s.start), false); err == nil {
		result = s.tries(ctx, f, userHeaders(r.Header))
	}
	if ctx.Err() != nil && result != answered {
		result = gone
		if errors.Is(ctx.Err(), context.DeadlineExceeded) && r.Context().Err() == nil {
			result = timedOut // the budget ran out; the caller, if it kept a reserve, still listens
		}
	}
	switch result {
	case answered:
		answerOK(w)
	case timedOut:
		http.Error(w, "deadline exceeded below", http.StatusGatewayTimeout)
	case failed, rejected:
		http.Error(w, "next hop failed", http.StatusBadGateway)
	}
}

// forwardContext is the context a hop's calls run in.
func (s *Server) forwardContext(r *http.Request, f *Forward) (context.Context, context.CancelFunc) {
	var ctx context.Context
	var cancel context.CancelFunc
	budget, ok := Timeout(r.Header)
	switch {
	case !f.Propagate:
		// On purpose: the hop outlives its caller, as one with its own timeouts does.
		ctx, cancel = context.WithCancel(context.WithoutCancel(r.Context()))
	case ok:
		ctx, cancel = context.WithTimeout(r.Context(), budget)
	case f.Timeout > 0:
		ctx, cancel = context.WithTimeout(r.Context(), f.Timeout)
	default:
		ctx, cancel = context.WithCancel(r.Context())
	}
	stop := context.AfterFunc(s.closeCtx, cancel) // Close ends every call, detached or not
	return ctx, func() { stop(); cancel() }
}

// userHeaders are h's headers about the end user, which every call down the chain carries.
func userHeaders(h http.Header) http.Header {
	u := http.Header{}
	for _, k := range []string{UserDeadlineHeader, UserHeader} {
		if v := h.Get(k); v != "" {
			u.Set(k, v)
		}
	}
	return u
}

// tries calls the next server up to f.Attempts times, while ctx allows; each call carries user.
func (s *Server) tries(ctx context.Context, f *Forward, user http.Header) outcome {
	result := timedOut // if no try can start, the budget was too short
	for try := range max(f.Attempts, 1) {
		if try > 0 && f.Backoff > 0 {
			if !f.room(ctx, f.Backoff) {
				return timedOut
			}
			if s.wait(ctx, f.Backoff, false) != nil {
				return gone
			}
		}
		if !f.room(ctx, 0) {
			return timedOut
		}
		tctx, cancel := f.tryContext(ctx)
		result = s.call(tctx, f.URL, user)
		cancel()
		if result == answered || result == rejected || ctx.Err() != nil {
			return result
		}
	}
	return result
}

// room reports whether, after waiting wait, a try would still have MinCall (and more
// than nothing) left of the hop's budget. Without Propagate or a deadline there is always room.
func (f *Forward) room(ctx context.Context, wait time.Duration) bool {
	dl, ok := ctx.Deadline()
	if !f.Propagate || !ok {
		return true
	}
	left := time.Until(dl) - f.Reserve - wait
	return left > 0 && left >= f.MinCall
}

// tryContext is one try's context: the hop's deadline less Reserve with Propagate (no
// later than its own Timeout from now), else its own Timeout.
func (f *Forward) tryContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if f.Propagate {
		if dl, ok := ctx.Deadline(); ok {
			at := dl.Add(-f.Reserve)
			if own := time.Now().Add(f.Timeout); f.Timeout > 0 && own.Before(at) {
				at = own
			}
			return context.WithDeadline(ctx, at)
		}
		return context.WithCancel(ctx)
	}
	if f.Timeout > 0 {
		return context.WithTimeout(ctx, f.Timeout)
	}
	return context.WithCancel(ctx)
}

// call makes one try. Its deadline travels in TimeoutHeader, as the time left when sent,
// and in CallDeadlineHeader.
func (s *Server) call(ctx context.Context, target string, user http.Header) outcome {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return rejected // check accepted the URL, so this does not happen
	}
	if dl, ok := ctx.Deadline(); ok {
		SetDeadline(req.Header, dl)
	}
	for k, v := range user {
		req.Header[k] = v
	}
	s.calls.Add(1)
	resp, err := s.client.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return timedOut
		}
		if ctx.Err() != nil {
			return gone
		}
		return failed // refused, reset: another try may find the next server back
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16)) // so the connection can be reused
	resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusGatewayTimeout:
		return timedOut
	case resp.StatusCode >= 500:
		return failed
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return answered
	}
	return rejected
}

// clone copies f, so a caller's later changes to its Forward do not reach a running server.
func (f *Forward) clone() *Forward {
	if f == nil {
		return nil
	}
	c := *f
	return &c
}

func (f *Forward) check() error {
	u, err := url.Parse(f.URL)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("slowserver: forward URL %q is not http://host:port", f.URL)
	}
	if f.Timeout < 0 || f.Backoff < 0 || f.Reserve < 0 || f.MinCall < 0 {
		return errors.New("slowserver: forward timeout, backoff, reserve and min call must not be negative")
	}
	if f.Attempts < 0 {
		return fmt.Errorf("slowserver: forward attempts %d is negative (0 or 1: one try)", f.Attempts)
	}
	return nil
}
