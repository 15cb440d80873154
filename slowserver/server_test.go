package slowserver

import (
	"context"
	"errors"
	"math"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func start(t *testing.T, s Settings) (*Server, *http.Client) {
	t.Helper()
	srv, err := Start(0, s)
	if err != nil {
		t.Fatal(err)
	}
	tr := &http.Transport{}
	t.Cleanup(func() { tr.CloseIdleConnections(); srv.Close() })
	return srv, &http.Client{Transport: tr}
}

// waitFor polls cond until it holds: it checks that something happens, not how fast. Only
// a stuck server meets the last resort, a tenth of the time to the test binary's deadline
// (-timeout) before it, as labtest.WaitFor's, which this package, apart from the lab, does
// not import.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline, bounded := t.Deadline()
	deadline = deadline.Add(-time.Until(deadline) / 10)
	for ; !cond(); time.Sleep(2 * time.Millisecond) {
		if bounded && time.Now().After(deadline) {
			t.Fatalf("waited for %s until near the test binary's deadline", what)
		}
	}
}

func get(ctx context.Context, c *http.Client, url string) (int, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

func TestListensOnLoopbackOnly(t *testing.T) {
	srv, _ := start(t, Settings{Mode: Healthy})
	if !strings.HasPrefix(srv.Addr(), "127.0.0.1:") {
		t.Fatalf("addr %s is not loopback", srv.Addr())
	}
}

func TestSlowModeWaitsAndCounts(t *testing.T) {
	srv, c := start(t, Settings{Mode: Slow, Latency: 80 * time.Millisecond})
	begin := time.Now()
	code, err := get(context.Background(), c, srv.URL())
	if err != nil || code != http.StatusOK {
		t.Fatalf("got %d, %v", code, err)
	}
	if took := time.Since(begin); took < 80*time.Millisecond {
		t.Fatalf("answered after %v, before the 80ms latency", took)
	}
	if st := srv.Stats(); st.Requests != 1 || st.InFlight != 0 || st.PeakInFlight != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestErrorsModeAnswers500(t *testing.T) {
	srv, c := start(t, Settings{Mode: Errors, Latency: time.Hour})
	code, err := get(context.Background(), c, srv.URL())
	if err != nil || code != http.StatusInternalServerError {
		t.Fatalf("got %d, %v", code, err)
	}
}

// eachDown runs f as a down server closes its port (Linux, macOS) and as it resets every
// connection (Windows: refuse.go); refused says whether a call's error is that one's. A
// reset reaches a client that is still writing its request as a broken pipe (EPIPE), one
// that is reading as ECONNRESET: which, the scheduler decides.
func eachDown(t *testing.T, f func(t *testing.T, refused func(error) bool)) {
	for _, resets := range []bool{false, true} {
		want := map[bool][]error{false: {syscall.ECONNREFUSED}, true: {syscall.ECONNRESET, syscall.EPIPE}}[resets]
		t.Run(want[0].Error(), func(t *testing.T) {
			was := resetWhenDown
			resetWhenDown = resets
			defer func() { resetWhenDown = was }()
			f(t, func(err error) bool {
				return slices.ContainsFunc(want, func(w error) bool { return errors.Is(err, w) })
			})
		})
	}
}

func TestDownRefusesAndComesBackOnSamePort(t *testing.T) {
	eachDown(t, func(t *testing.T, refused func(error) bool) {
		srv, c := start(t, Settings{Mode: Healthy})
		addr := srv.Addr()
		for up := range int64(2) { // down and up, twice: the port is let go of and taken again each time
			if err := srv.Set(Settings{Mode: Down}); err != nil {
				t.Fatal(err)
			}
			if _, err := get(context.Background(), c, srv.URL()); !refused(err) {
				t.Fatalf("down: want the connection refused, got %v", err)
			}
			if got := srv.Stats().Requests; got != up {
				t.Errorf("%d requests reached a handler, want the %d made while it was up", got, up)
			}
			if err := srv.Set(Settings{Mode: Healthy}); err != nil {
				t.Fatal(err)
			}
			if srv.Addr() != addr {
				t.Fatalf("port moved from %s to %s", addr, srv.Addr())
			}
			if code, err := get(context.Background(), c, srv.URL()); err != nil || code != http.StatusOK {
				t.Fatalf("back up: got %d, %v", code, err)
			}
		}
	})
}

func TestStartDownThenUp(t *testing.T) {
	eachDown(t, func(t *testing.T, refused func(error) bool) {
		srv, c := start(t, Settings{Mode: Down})
		if _, err := get(context.Background(), c, srv.URL()); !refused(err) {
			t.Fatalf("want refused, got %v", err)
		}
		if err := srv.Set(Settings{Mode: Errors}); err != nil {
			t.Fatal(err)
		}
		if code, _ := get(context.Background(), c, srv.URL()); code != http.StatusInternalServerError {
			t.Fatalf("got %d", code)
		}
	})
}

// A caller that gives up frees the handler unless the server is told to ignore it. The
// handler would take a minute; how soon a heeded cancellation frees it is measured, and an
// ignored one must leave it busy ten times as long.
func TestCancellation(t *testing.T) {
	var heeded time.Duration
	for _, ignore := range []bool{false, true} {
		srv, c := start(t, Settings{Mode: Slow, Latency: time.Minute, IgnoreCancel: ignore})
		ctx, cancel := context.WithCancel(context.Background())
		go func() { // the caller leaves once its request is in the handler
			for srv.Stats().InFlight != 1 {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		if _, err := get(ctx, c, srv.URL()); !errors.Is(err, context.Canceled) {
			t.Fatalf("want canceled, got %v", err)
		}
		left := time.Now()
		if !ignore {
			waitFor(t, "the handler to stop after its caller left", func() bool { return srv.Stats().InFlight == 0 })
			heeded = time.Since(left)
			continue
		}
		time.Sleep(10 * max(heeded, time.Millisecond))
		if srv.Stats().InFlight != 1 {
			t.Fatalf("ignoreCancel: the handler stopped when its caller left")
		}
		srv.Close() // ends the minute
	}
}

// Seven calls held at once are seven in flight: the peak counts them.
func TestPeakInFlight(t *testing.T) {
	srv, c := start(t, Settings{Mode: Slow, Latency: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	for range 7 {
		go func() { get(ctx, c, srv.URL()); done <- struct{}{} }()
	}
	waitFor(t, "7 calls in flight", func() bool { return srv.Stats().InFlight == 7 })
	cancel()
	for range 7 {
		<-done
	}
	if st := srv.Stats(); st.PeakInFlight != 7 || st.Requests != 7 {
		t.Fatalf("stats %+v, want peak 7 of 7", st)
	}
}

func TestBadSettings(t *testing.T) {
	if _, err := Start(0, Settings{Mode: "sleepy"}); !errors.Is(err, ErrBadMode) {
		t.Fatalf("got %v", err)
	}
	srv, _ := start(t, Settings{Mode: Healthy})
	for _, bad := range []Settings{
		{Mode: Slow, Latency: -time.Second},
		{Mode: Slow, Knee: -1},
		{Mode: Slow, Knee: 5, KneeExponent: -1},
		{Mode: Slow, Knee: 5, KneeExponent: math.NaN()},
	} {
		if err := srv.Set(bad); err == nil {
			t.Errorf("accepted %+v", bad)
		}
	}
}

func TestBrownoutAlternates(t *testing.T) {
	// The schedule, at chosen instants: slow 200 ms, healthy 200 ms, slow again.
	at := time.Now()
	s := Settings{Mode: Brownout, Latency: 120 * time.Millisecond, HealthyLatency: 5 * time.Millisecond,
		BrownoutSlow: 200 * time.Millisecond, BrownoutHealthy: 200 * time.Millisecond, since: at}
	for _, c := range []struct {
		after time.Duration
		want  time.Duration
	}{{0, 120 * time.Millisecond}, {199 * time.Millisecond, 120 * time.Millisecond},
		{200 * time.Millisecond, 5 * time.Millisecond}, {399 * time.Millisecond, 5 * time.Millisecond},
		{400 * time.Millisecond, 120 * time.Millisecond}} {
		if got := s.latency(at.Add(c.after)); got != c.want {
			t.Errorf("%v into the brownout: latency %v, want %v", c.after, got, c.want)
		}
	}
	// A live server starts in the slow part (a minute of it here) and answers that late.
	srv, c := start(t, Settings{Mode: Brownout, Latency: 120 * time.Millisecond,
		BrownoutSlow: time.Minute, BrownoutHealthy: time.Minute})
	begin := time.Now()
	if _, err := get(context.Background(), c, srv.URL()); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(begin); d < 120*time.Millisecond {
		t.Fatalf("the slow part of a brownout answered in %v, want at least its 120ms", d)
	}
}

// Close returns only when every connection's goroutine is past its last state: with a
// client's connection kept open between calls, any such goroutine left the moment Close
// returns is on its way out (in the StateClosed hook or returning from serve), none still
// reading, writing or closing.
func TestCloseLeavesNoConnection(t *testing.T) {
	srv, c := start(t, Settings{Mode: Slow, Latency: time.Millisecond})
	for range 3 {
		if _, err := get(context.Background(), c, srv.URL()); err != nil {
			t.Fatal(err)
		}
	}
	srv.Close()
	buf := make([]byte, 1<<20)
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.Contains(g, "net/http.(*conn).serve(") && !leaving(g) {
			t.Errorf("a connection's goroutine is still at work after Close:\n%s", g)
		}
	}
}

// leaving says goroutine g's stack holds only the end of a connection's life: serve, its
// deferred close, setState and the ConnState hook that counts it out, or the runtime's exit.
func leaving(g string) bool {
	for _, line := range strings.Split(g, "\n")[1:] {
		if line == "" || strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "created by ") {
			continue
		}
		ok := false
		for _, f := range []string{"net/http.(*conn).serve(", "net/http.(*conn).serve.func1(", "net/http.(*conn).setState(",
			"poollab/slowserver.(*Server).track(", "runtime."} {
			ok = ok || strings.HasPrefix(line, f)
		}
		if !ok {
			return false
		}
	}
	return true
}
