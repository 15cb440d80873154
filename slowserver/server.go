// Package slowserver is a real HTTP dependency on 127.0.0.1 whose latency and failure
// mode can be changed while it runs. It knows nothing of the lab that calls it.
package slowserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"poollab/knee"
)

// Mode is what the server does with each request.
type Mode string

const (
	Healthy  Mode = "healthy"  // answers after Settings.HealthyLatency
	Slow     Mode = "slow"     // answers after Settings.Latency
	Down     Mode = "down"     // listener closed: connections are refused (on Windows, reset: refuse.go)
	Errors   Mode = "errors"   // HTTP 500 at once
	Brownout Mode = "brownout" // slow for BrownoutSlow, then healthy for BrownoutHealthy, repeating from Set
)

// ErrBadMode is returned by Set for a mode the server does not know.
var ErrBadMode = errors.New("slowserver: unknown mode")

// Settings can be changed at any time with Set; new requests see them at once.
type Settings struct {
	Mode                          Mode
	Latency                       time.Duration // in Slow mode
	HealthyLatency                time.Duration // in Healthy mode
	Jitter                        time.Duration // each delay is moved by a uniform amount in [-Jitter, +Jitter], never below 0
	IgnoreCancel                  bool          // keep working after the caller has gone, like a server that never checks
	BrownoutSlow, BrownoutHealthy time.Duration

	// Knee is how many requests in flight the server handles at its normal latency
	// (0: no limit). A request arriving as the n-th in flight, n > Knee, is delayed by
	// latency × (n/Knee)^KneeExponent; see knee.Latency. It acts in Healthy, Slow and Brownout.
	Knee         int
	KneeExponent float64 // 0 means DefaultKneeExponent

	Stall Stall // pauses on a schedule counted from Start; see Stall

	// Forward, when set, makes the server a hop that answers by calling a next server
	// instead of sleeping; latency, jitter, knee and IgnoreCancel then do not apply.
	Forward *Forward

	since time.Time // when Brownout began: its schedule runs from here
}

// Stats is what the server itself saw.
type Stats struct {
	Requests     int64 // requests that reached a handler
	InFlight     int64 // handlers running now
	PeakInFlight int64 // most handlers running at once

	// Latency is the delay a request arriving now would be given before it is answered:
	// the mode's latency (without jitter) stretched by the knee at InFlight+1, plus what is
	// left of a stall in progress. Errors answers at once, stall apart; Down gives 0. A
	// forwarding server counts only the stall: the rest of its latency is the next hop's.
	Latency time.Duration

	// AfterAnswer counts requests that carried a UserDeadlineHeader or a UserHeader and
	// that this server received, or was still working on, after their user left: its
	// deadline passed or it was answered, whichever first. Work for nobody. Each counts
	// once: on arrival if the user had left, else the moment the user leaves.
	AfterAnswer int64
	// Budget is the time the most recent request had left, per its TimeoutHeader, as it
	// arrived; 0 when it carried none.
	Budget time.Duration
	// Calls counts a forwarding server's tries to its next hop, retries included.
	Calls int64
}

// Server is the running dependency. Its port stays the same across Down and back.
type Server struct {
	addr     string          // 127.0.0.1:port, fixed at Start
	start    time.Time       // the stall schedule's origin
	closeCtx context.Context // cancelled by Close: ends waits and calls, however detached
	closing  <-chan struct{} // closeCtx.Done()
	cancel   context.CancelFunc
	settings atomic.Pointer[Settings]
	client   *http.Client    // a hop's calls to its next server
	tr       *http.Transport // client's, so Close can drop its idle connections

	requests, inFlight, peak, afterAnswer, budget, calls atomic.Int64

	mu       sync.Mutex   // guards srv, ln and down; Set and Close swap listeners under it
	gate     sync.RWMutex // closed is set under it, and a handler counts itself in under it
	srv      *http.Server
	ln       net.Listener // closed by us too: http.Server only knows it once Serve has run
	down     net.Listener // the port a down server holds to reset connections (refuse.go)
	closed   bool
	serving  sync.WaitGroup // Serve goroutines
	handlers sync.WaitGroup // handler bodies, so Close returns only when they are gone
	conns    sync.WaitGroup // connections' goroutines, from their first state to their last
}

// Start listens on 127.0.0.1:port (0 lets the OS choose) and serves until Close.
func Start(port int, s Settings) (*Server, error) {
	if err := check(s); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("slowserver: listen: %w", err)
	}
	return StartOn(ln, s)
}

// StartOn is Start on a listener the caller has bound already, so a port is known to be
// free, and held, before anything else starts. The server owns ln from now on: Close
// closes it, and so does a failure to start.
func StartOn(ln net.Listener, s Settings) (*Server, error) {
	if err := check(s); err != nil {
		ln.Close()
		return nil, err
	}
	srv := &Server{start: time.Now()}
	srv.closeCtx, srv.cancel = context.WithCancel(context.Background())
	srv.closing = srv.closeCtx.Done()
	srv.client, srv.tr = newForwardClient()
	s.since = time.Now()
	s.Forward = s.Forward.clone()
	srv.settings.Store(&s)
	srv.addr = ln.Addr().String()
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if s.Mode == Down {
		srv.goDown(ln) // keep the port number, refuse connections
		return srv, nil
	}
	srv.serve(ln)
	return srv, nil
}

// URL is the base URL callers use; it does not change when the server goes down and up.
func (s *Server) URL() string { return "http://" + s.addr }

// Addr is host:port.
func (s *Server) Addr() string { return s.addr }

// Started is when Start was called: the origin of the stall schedule.
func (s *Server) Started() time.Time { return s.start }

// Settings returns the settings in force.
func (s *Server) Settings() Settings {
	set := *s.settings.Load()
	set.Forward = set.Forward.clone()
	return set
}

// Stats is a consistent-enough read of the counters (each is exact, read one after another).
func (s *Server) Stats() Stats {
	st := Stats{Requests: s.requests.Load(), InFlight: s.inFlight.Load(), PeakInFlight: s.peak.Load(),
		AfterAnswer: s.afterAnswer.Load(), Budget: time.Duration(s.budget.Load()), Calls: s.calls.Load()}
	st.Latency = s.latencyNow(st.InFlight)
	return st
}

// latencyNow is the delay a request arriving now, as one more in flight, would be given.
func (s *Server) latencyNow(inFlight int64) time.Duration {
	set := s.settings.Load()
	if set.Mode == Down {
		return 0
	}
	now := time.Now()
	at := now.Sub(s.start)
	var d time.Duration
	if set.Forward == nil {
		d = knee.Latency(set.latency(now), int(inFlight)+1, set.Knee, set.KneeExponent)
	}
	return set.Stall.Finish(at, d) - at
}

// Set changes the settings. Going to Down closes the listener and every open connection
// (on Windows it then holds the port to reset connections: refuse.go); leaving Down listens
// again on the same port.
func (s *Server) Set(next Settings) error {
	if err := check(next); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gate.RLock()
	closed := s.closed
	s.gate.RUnlock()
	if closed {
		return http.ErrServerClosed
	}
	next.since = time.Now()
	next.Forward = next.Forward.clone()
	if cur := s.settings.Load(); cur.Mode == next.Mode {
		next.since = cur.since // a latency change does not restart the brownout schedule
	}
	s.settings.Store(&next)
	switch {
	case next.Mode == Down && s.srv != nil:
		s.stopServing()
		if resetWhenDown { // the port again, to reset what comes
			ln, err := s.listenAgain()
			if err != nil {
				return err
			}
			s.goDown(ln)
		}
	case next.Mode != Down && s.srv == nil:
		s.comeUp()
		ln, err := s.listenAgain()
		if err != nil {
			return err
		}
		s.serve(ln)
	}
	return nil
}

// listenAgain listens on the server's port, which it has let go of.
func (s *Server) listenAgain() (net.Listener, error) {
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return nil, fmt.Errorf("slowserver: listen again on %s: %w", s.addr, err)
	}
	return ln, nil
}

// Close stops serving and waits until no handler, no connection and no serve loop is left.
func (s *Server) Close() error {
	s.gate.Lock()
	wasClosed := s.closed
	s.closed = true // no handler counts itself in after this, so handlers.Wait below is safe
	s.gate.Unlock()
	s.mu.Lock()
	if !wasClosed {
		s.cancel()
		if s.srv != nil {
			s.stopServing()
		}
		s.comeUp()
	}
	s.mu.Unlock()
	s.serving.Wait() // after it, no connection is counted in: Serve counts each before it returns
	s.handlers.Wait()
	s.conns.Wait()
	s.tr.CloseIdleConnections() // every call has ended with its handler
	return nil
}

// serve starts a fresh http.Server on ln; an http.Server cannot be reused after Close.
// Called with s.mu held.
func (s *Server) serve(ln net.Listener) {
	// Its own log goes nowhere: printed lines would tear a terminal UI, and a lab at its
	// limits (e.g. out of file descriptors) is seen in its counters instead.
	hs := &http.Server{Handler: http.HandlerFunc(s.handle), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: log.New(io.Discard, "", 0), ConnState: s.track}
	s.srv, s.ln = hs, ln
	s.serving.Add(1)
	go func() {
		defer s.serving.Done()
		hs.Serve(ln) // returns when the server is closed; ErrServerClosed is the normal end
	}()
}

// track counts each connection's goroutine from StateNew to StateClosed, which net/http
// sets as that goroutine ends, so Close can wait for them.
func (s *Server) track(_ net.Conn, st http.ConnState) {
	switch st {
	case http.StateNew:
		s.conns.Add(1)
	case http.StateClosed, http.StateHijacked:
		s.conns.Done()
	}
}

// stopServing refuses new connections at once and drops open ones. Called with s.mu held.
func (s *Server) stopServing() {
	s.ln.Close()
	s.srv.Close()
	s.srv, s.ln = nil, nil
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	s.gate.RLock()
	if s.closed {
		s.gate.RUnlock()
		http.Error(w, "closing", http.StatusServiceUnavailable)
		return
	}
	s.handlers.Add(1)
	s.gate.RUnlock()
	defer s.handlers.Done()
	arrival := time.Since(s.start)
	s.requests.Add(1)
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for p := s.peak.Load(); n > p && !s.peak.CompareAndSwap(p, n); p = s.peak.Load() {
	}
	budget, _ := Timeout(r.Header)
	s.budget.Store(int64(budget))
	set := s.settings.Load()
	// A server that stops when its caller hangs up is done by its caller's deadline, however
	// late it notices the hang-up: its work counts up to then, not up to when it notices
	// (the user is answered on the same timeout, a moment after it).
	forwards := set.Forward != nil && set.Mode != Errors // Errors answers here, forwarding or not
	var done time.Time
	if forwards && set.Forward.Propagate || !forwards && !set.IgnoreCancel {
		done, _ = instant(r.Header, CallDeadlineHeader)
	}
	defer s.watchUser(r.Header, done)() // before InFlight drops, so a reader of 0 in flight sees the final count

	if forwards {
		s.forward(w, r, set.Forward, set.Stall, arrival)
		return
	}
	// Errors has no latency, so only a stall holds its answer back.
	delay := knee.Latency(jitter(set.latency(time.Now()), set.Jitter), int(n), set.Knee, set.KneeExponent)
	if err := s.wait(r.Context(), set.Stall.Finish(arrival, delay)-time.Since(s.start), set.IgnoreCancel); err != nil {
		return // the caller is gone; nobody reads an answer
	}
	if set.Mode == Errors {
		http.Error(w, "dependency error", http.StatusInternalServerError)
		return
	}
	answerOK(w)
}

// answerOK is the answer to a call that succeeded: a short plain "ok" (written without fmt,
// which is most of what a cheap handler would otherwise cost).
func answerOK(w http.ResponseWriter) {
	w.Header()["Content-Type"] = plainText
	io.WriteString(w, "ok\n")
}

var plainText = []string{"text/plain"}

// watchUser counts the request in AfterAnswer once if it arrives after its user left
// (its deadline passed, or it was answered: userLeft) or is still being worked on when
// that happens, the work ending at done if that is sooner (zero: no such bound). It counts
// as the user leaves, so a screen sees work for a departed user while it happens; the
// returned func, called when the work ends, stops watching.
func (s *Server) watchUser(h http.Header, done time.Time) func() {
	left, cancel, leftAt := userLeft(h)
	if left == nil {
		return func() {}
	}
	var counted atomic.Bool
	count := func() {
		if !done.IsZero() && !leftAt().Before(done) {
			return // stopped by its caller before the user left
		}
		if counted.CompareAndSwap(false, true) {
			s.afterAnswer.Add(1)
		}
	}
	if left.Err() != nil {
		cancel()
		count()
		return func() {}
	}
	stop := context.AfterFunc(left, count)
	return func() {
		// One that has fired may not have run count yet: count here, once, so the number
		// is final when the handler ends.
		if !stop() || left.Err() != nil {
			count()
		}
		cancel()
	}
}

// wait sleeps on a timer, honouring the caller's cancellation unless told to ignore it.
// Close always ends it, so a closed server leaves no handler behind.
func (s *Server) wait(ctx context.Context, d time.Duration, ignoreCancel bool) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	done := ctx.Done()
	if ignoreCancel {
		done = nil
	}
	select {
	case <-t.C:
		return nil
	case <-done:
		return ctx.Err()
	case <-s.closing:
		return http.ErrServerClosed
	}
}

// latency is the mode's latency for a request arriving at t, before jitter and knee.
func (s Settings) latency(t time.Time) time.Duration {
	switch s.Mode {
	case Slow:
		return s.Latency
	case Healthy:
		return s.HealthyLatency
	case Brownout:
		if s.BrownoutSlowNow(t) {
			return s.Latency
		}
		return s.HealthyLatency
	}
	return 0 // Errors and Down answer or refuse at once
}

// BrownoutSlowNow reports whether a brownout is in its slow part at t.
func (s Settings) BrownoutSlowNow(t time.Time) bool {
	cycle := s.BrownoutSlow + s.BrownoutHealthy
	if cycle <= 0 {
		return true
	}
	return t.Sub(s.since)%cycle < s.BrownoutSlow
}

func jitter(d, j time.Duration) time.Duration {
	if j <= 0 {
		return d
	}
	d += time.Duration(rand.Int64N(int64(2*j)+1)) - j
	return max(d, 0)
}

func check(s Settings) error {
	switch s.Mode {
	case Healthy, Slow, Down, Errors, Brownout:
	default:
		return fmt.Errorf("%w %q", ErrBadMode, s.Mode)
	}
	if s.Latency < 0 || s.HealthyLatency < 0 || s.Jitter < 0 || s.BrownoutSlow < 0 || s.BrownoutHealthy < 0 {
		return errors.New("slowserver: latencies and jitter must not be negative")
	}
	if err := s.Stall.check(); err != nil {
		return err
	}
	if s.Forward != nil {
		if err := s.Forward.check(); err != nil {
			return err
		}
	}
	if s.Knee < 0 {
		return fmt.Errorf("slowserver: knee %d is negative (0 means none)", s.Knee)
	}
	if s.KneeExponent < 0 || math.IsNaN(s.KneeExponent) || math.IsInf(s.KneeExponent, 0) {
		return fmt.Errorf("slowserver: knee exponent %v must be a positive number (0 means %d)",
			s.KneeExponent, DefaultKneeExponent)
	}
	return nil
}
