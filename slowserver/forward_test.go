package slowserver

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"poollab/internal/testwait"
)

// startChain starts a chain and closes it edge first when the test ends.
func startChain(t *testing.T, hops []Forward, last Settings) ([]*Server, *http.Client) {
	t.Helper()
	srvs, err := StartChain(hops, last)
	if err != nil {
		t.Fatal(err)
	}
	tr := &http.Transport{}
	t.Cleanup(func() {
		tr.CloseIdleConnections()
		for _, s := range srvs {
			s.Close()
		}
	})
	return srvs, &http.Client{Transport: tr}
}

func idle(srvs []*Server) func() bool {
	return func() bool {
		for _, s := range srvs {
			if s.Stats().InFlight != 0 {
				return false
			}
		}
		return true
	}
}

func TestForwardOutcomes(t *testing.T) {
	notFound := httptest.NewServer(http.NotFoundHandler())
	defer notFound.Close()
	for _, c := range []struct {
		name      string
		hop       Forward
		next      Settings
		code      int
		calls     int64
		reachNext int64 // requests the next server must have seen; -1: not checked
	}{
		{"success", Forward{Attempts: 3}, Settings{Mode: Healthy}, http.StatusOK, 1, 1},
		{"5xx is retried, then 502", Forward{Attempts: 3, Backoff: 5 * time.Millisecond}, Settings{Mode: Errors}, http.StatusBadGateway, 3, 3},
		{"refused is retried, then 502", Forward{Attempts: 2}, Settings{Mode: Down}, http.StatusBadGateway, 2, 0},
		{"timeouts are retried, then 504", Forward{Attempts: 2, Timeout: 20 * time.Millisecond}, Settings{Mode: Slow, Latency: time.Minute}, http.StatusGatewayTimeout, 2, -1},
		{"0 attempts is one try", Forward{}, Settings{Mode: Errors}, http.StatusBadGateway, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			srvs, cl := startChain(t, []Forward{c.hop}, c.next)
			code, err := call(context.Background(), cl, srvs[0].URL(), 0, time.Time{})
			if err != nil || code != c.code {
				t.Fatalf("got %d, %v; want %d", code, err, c.code)
			}
			if got := srvs[0].Stats().Calls; got != c.calls {
				t.Errorf("%d calls, want %d", got, c.calls)
			}
			if got := srvs[1].Stats().Requests; c.reachNext >= 0 && got != c.reachNext {
				t.Errorf("next server saw %d requests, want %d", got, c.reachNext)
			}
		})
	}
	t.Run("4xx is not retried", func(t *testing.T) {
		srv, cl := start(t, Settings{Mode: Healthy, Forward: &Forward{URL: notFound.URL, Attempts: 3}})
		if code, err := get(context.Background(), cl, srv.URL()); err != nil || code != http.StatusBadGateway {
			t.Fatalf("got %d, %v", code, err)
		}
		if got := srv.Stats().Calls; got != 1 {
			t.Fatalf("%d calls, want 1", got)
		}
	})
}

// Three hops that each retry three times with their own timeouts, over a server slower
// than any timeout: every try fails, and no hop stops when its caller gives up, so one
// request from the user becomes up to 3 × 3 × 3 = 27 at the last server, long after the
// user left.
func TestPerHopRetriesMultiply(t *testing.T) {
	const T = 60 * time.Millisecond
	hop := Forward{Timeout: T, Attempts: 3}
	srvs, cl := startChain(t, []Forward{hop, hop, hop}, Settings{Mode: Slow, Latency: time.Minute})
	userLeft := time.Now().Add(T / 2)
	code, err := call(context.Background(), cl, srvs[0].URL(), 0, userLeft)
	if err != nil || code != http.StatusGatewayTimeout {
		t.Fatalf("edge answered %d, %v; want 504", code, err)
	}
	testwait.WaitFor(t, idle(srvs), "the chain to finish its work")

	for i, s := range srvs {
		t.Logf("server %d: %+v", i, s.Stats())
	}
	if st := srvs[0].Stats(); st.Requests != 1 || st.Calls != 3 {
		t.Fatalf("edge %+v: want 1 request, 3 calls", st)
	}
	for i, s := range srvs[:3] {
		st, next := s.Stats(), srvs[i+1].Stats()
		// Every request at a hop fails all its tries, caller or no caller.
		if st.Calls != 3*st.Requests {
			t.Errorf("hop %d made %d calls for %d requests, want 3 each", i, st.Calls, st.Requests)
		}
		if next.Requests > st.Calls {
			t.Errorf("server %d saw %d requests, more than hop %d's %d calls", i+1, next.Requests, i, st.Calls)
		}
	}
	// How many reach the last server depends on how many tries get there before their
	// timeout: TestPerHopRetriesCount counts them where no timeout can cut one short.
	// Each request's handler outlives the first try's timeout T > T/2, so every request at
	// every server was still being worked on when the user left.
	for i, s := range srvs {
		if st := s.Stats(); st.AfterAnswer != st.Requests {
			t.Errorf("server %d: %d of %d requests at work after the user was answered, want all", i, st.AfterAnswer, st.Requests)
		}
	}
}

// The same chain over a server that answers 500 at once, with timeouts no try reaches:
// 3 × 3 × 3 = 27 at the last server exactly, however busy the machine is.
func TestPerHopRetriesCount(t *testing.T) {
	hop := Forward{Timeout: time.Minute, Attempts: 3}
	srvs, cl := startChain(t, []Forward{hop, hop, hop}, Settings{Mode: Errors})
	if code, err := call(context.Background(), cl, srvs[0].URL(), 0, time.Time{}); err != nil || code != http.StatusBadGateway {
		t.Fatalf("edge answered %d, %v; want 502", code, err)
	}
	for i, want := range []int64{1, 3, 9, 27} {
		if got := srvs[i].Stats().Requests; got != want {
			t.Errorf("server %d saw %d requests, want %d", i, got, want)
		}
	}
}

// With propagation, a caller that goes away takes the whole chain's work with it.
func TestPropagatedCancellation(t *testing.T) {
	edge := Forward{Propagate: true, Attempts: 3, Reserve: 10 * time.Millisecond}
	hop := Forward{Propagate: true, Attempts: 1, Reserve: 10 * time.Millisecond}
	srvs, cl := startChain(t, []Forward{edge, hop, hop}, Settings{Mode: Slow, Latency: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := call(ctx, cl, srvs[0].URL(), 0, time.Time{}); done <- err }()
	testwait.WaitFor(t, func() bool { return srvs[3].Stats().InFlight == 1 }, "the request to reach the last server")
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("caller got %v, want canceled", err)
	}
	testwait.WaitFor(t, idle(srvs), "every hop to stop")
	for i, s := range srvs {
		if st := s.Stats(); st.Requests != 1 || (i < 3 && st.Calls != 1) {
			t.Errorf("server %d: %+v; want 1 request and (hops) 1 call: nobody retries for a caller who left", i, st)
		}
	}
}

// Without propagation the same chain keeps working after its caller has gone.
func TestDetachedHopsOutliveTheirCaller(t *testing.T) {
	srvs, cl := startChain(t, []Forward{{}, {}}, Settings{Mode: Slow, Latency: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { call(ctx, cl, srvs[0].URL(), 0, time.Time{}); close(done) }()
	testwait.WaitFor(t, func() bool { return srvs[2].Stats().InFlight == 1 }, "the request to reach the last server")
	cancel()
	<-done
	time.Sleep(100 * time.Millisecond) // room for a cancellation that must not come
	for i, s := range srvs {
		if st := s.Stats(); st.InFlight != 1 {
			t.Errorf("server %d: %d in flight after the caller left, want 1 (still working)", i, st.InFlight)
		}
	}
	// Close ends a detached hop's call too; goleak checks nothing is left.
	for _, s := range srvs {
		s.Close()
	}
	for i, s := range srvs {
		if st := s.Stats(); st.InFlight != 0 {
			t.Errorf("server %d: %d in flight after Close", i, st.InFlight)
		}
	}
}

// Each hop keeps Reserve for itself and passes on the rest, so the chain gives up before
// the user's deadline: the last server is told at most budget − 3 × Reserve, is cancelled
// when that runs out, and the edge still has time to answer 504 itself.
func TestPropagatedBudget(t *testing.T) {
	const budget, reserve = 600 * time.Millisecond, 100 * time.Millisecond
	hop := Forward{Propagate: true, Attempts: 1, Reserve: reserve, MinCall: 20 * time.Millisecond}
	edge := hop
	edge.Attempts = 3
	srvs, cl := startChain(t, []Forward{edge, hop, hop}, Settings{Mode: Slow, Latency: time.Minute})
	userLeaves := time.Now().Add(budget)
	code, err := call(context.Background(), cl, srvs[0].URL(), budget, userLeaves)
	if err != nil || code != http.StatusGatewayTimeout {
		t.Fatalf("edge answered %d, %v; want 504", code, err)
	}
	testwait.WaitFor(t, idle(srvs), "every hop to stop")
	quiet := time.Now()
	for i, s := range srvs {
		t.Logf("server %d: %+v", i, s.Stats())
	}
	last := srvs[3].Stats()
	// Only the first try reaches the last server: by the time it has failed, what a
	// retry could pass down is less than the reserves above it.
	if last.Requests > 1 || srvs[2].Stats().Calls > 1 {
		t.Errorf("last server saw %d requests (hop 2 made %d calls), want at most 1", last.Requests, srvs[2].Stats().Calls)
	}
	if last.Requests == 1 && (last.Budget <= 0 || last.Budget > budget-3*reserve) {
		t.Errorf("last server was given %v, want (0, %v]", last.Budget, budget-3*reserve)
	}
	if got := srvs[0].Stats().Calls; got < 1 || got > 3 {
		t.Errorf("edge made %d calls, want 1 to 3", got)
	}
	// Whether the work ended before the user left depends on the machine's speed; if it
	// did, no server may have counted work after the user was answered.
	if quiet.After(userLeaves) {
		t.Logf("the chain went quiet %v after the user's deadline: too slow a machine to judge AfterAnswer", quiet.Sub(userLeaves))
		return
	}
	for i, s := range srvs {
		if st := s.Stats(); st.AfterAnswer != 0 {
			t.Errorf("server %d counted %d requests at work after the user was answered", i, st.AfterAnswer)
		}
	}
}

func TestMinCall(t *testing.T) {
	hop := Forward{Propagate: true, Reserve: 30 * time.Millisecond, MinCall: 50 * time.Millisecond}
	srvs, cl := startChain(t, []Forward{hop}, Settings{Mode: Healthy})
	for _, c := range []struct {
		name      string
		remaining string // TimeoutHeader as sent; "" sends none
		code      int
		calls     int64
	}{
		{"less than reserve + min call", "60ms", http.StatusGatewayTimeout, 0},
		{"deadline passed", "0s", http.StatusGatewayTimeout, 0},
		{"plenty", "10m", http.StatusOK, 1},
		{"no deadline at all", "", http.StatusOK, 1},
	} {
		before, nextBefore := srvs[0].Stats(), srvs[1].Stats()
		req, _ := http.NewRequest(http.MethodGet, srvs[0].URL(), nil)
		if c.remaining != "" {
			req.Header.Set(TimeoutHeader, c.remaining)
		}
		resp, err := cl.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		after, next := srvs[0].Stats(), srvs[1].Stats()
		if resp.StatusCode != c.code || after.Calls-before.Calls != c.calls || next.Requests-nextBefore.Requests != c.calls {
			t.Errorf("%s: answered %d after %d calls (next saw %d); want %d after %d", c.name, resp.StatusCode,
				after.Calls-before.Calls, next.Requests-nextBefore.Requests, c.code, c.calls)
		}
		if c.remaining == "" && next.Budget != 0 {
			t.Errorf("%s: next was given %v, want no deadline", c.name, next.Budget)
		}
		if c.remaining == "10m" && (next.Budget <= 0 || next.Budget > 10*time.Minute-hop.Reserve) {
			t.Errorf("%s: next was given %v, want at most 10m less the reserve", c.name, next.Budget)
		}
	}
}

// With Propagate, a request without a deadline gets Timeout as its budget.
func TestPropagateDefaultBudget(t *testing.T) {
	hop := Forward{Propagate: true, Timeout: 20 * time.Millisecond, Attempts: 3}
	srvs, cl := startChain(t, []Forward{hop}, Settings{Mode: Slow, Latency: time.Minute})
	if code, err := call(context.Background(), cl, srvs[0].URL(), 0, time.Time{}); err != nil || code != http.StatusGatewayTimeout {
		t.Fatalf("got %d, %v; want 504", code, err)
	}
	if st := srvs[0].Stats(); st.Calls != 1 {
		t.Errorf("%d calls: a retry after the whole budget was spent", st.Calls)
	}
	if got := srvs[1].Stats().Budget; got <= 0 || got > hop.Timeout {
		t.Errorf("next was given %v, want (0, %v]", got, hop.Timeout)
	}
}

func TestStallFreezesAHop(t *testing.T) {
	stall := Stall{For: 100 * time.Millisecond}
	next, _ := start(t, Settings{Mode: Healthy})
	srv, cl := start(t, Settings{Mode: Healthy, Stall: stall, Forward: &Forward{URL: next.URL()}})
	if code, err := get(context.Background(), cl, srv.URL()); err != nil || code != http.StatusOK {
		t.Fatalf("got %d, %v", code, err)
	}
	if end := srv.Started().Add(stall.For); time.Now().Before(end) {
		t.Fatalf("answered %v before the stall ended", end.Sub(time.Now()))
	}
}

func TestSetSwitchesForward(t *testing.T) {
	a, _ := start(t, Settings{Mode: Healthy})
	b, _ := start(t, Settings{Mode: Healthy})
	srv, cl := start(t, Settings{Mode: Slow, Latency: time.Millisecond})
	send := func() {
		t.Helper()
		if code, err := get(context.Background(), cl, srv.URL()); err != nil || code != http.StatusOK {
			t.Fatalf("got %d, %v", code, err)
		}
	}
	f := &Forward{URL: a.URL()}
	for _, step := range []struct {
		forward *Forward
		a, b    int64
	}{
		{nil, 0, 0},
		{f, 1, 0},
		{&Forward{URL: b.URL()}, 1, 1},
		{nil, 1, 1},
	} {
		if err := srv.Set(Settings{Mode: Slow, Latency: time.Millisecond, Forward: step.forward}); err != nil {
			t.Fatal(err)
		}
		send()
		if a.Stats().Requests != step.a || b.Stats().Requests != step.b {
			t.Fatalf("forward %+v: a saw %d, b %d; want %d, %d", step.forward, a.Stats().Requests, b.Stats().Requests, step.a, step.b)
		}
	}
	// The server keeps its own copy: changing the caller's Forward changes nothing.
	if err := srv.Set(Settings{Mode: Healthy, Forward: f}); err != nil {
		t.Fatal(err)
	}
	f.URL = b.URL()
	send()
	if got := srv.Settings().Forward.URL; got != a.URL() || a.Stats().Requests != 2 {
		t.Fatalf("forwards to %s, a saw %d; want a, 2", got, a.Stats().Requests)
	}
	if got := srv.Stats().Latency; got != 0 {
		t.Fatalf("a forwarding server's own latency %v, want 0", got)
	}
}

func TestBadForward(t *testing.T) {
	srv, _ := start(t, Settings{Mode: Healthy})
	ok := "http://127.0.0.1:1"
	for _, f := range []Forward{
		{},
		{URL: "127.0.0.1:80"},
		{URL: "https://127.0.0.1:80"},
		{URL: ok, Attempts: -1},
		{URL: ok, Timeout: -1},
		{URL: ok, Backoff: -1},
		{URL: ok, Reserve: -1},
		{URL: ok, MinCall: -1},
	} {
		if err := srv.Set(Settings{Mode: Healthy, Forward: &f}); err == nil {
			t.Errorf("accepted %+v", f)
		}
	}
}

func TestStartChainClosesWhatItStartedOnFailure(t *testing.T) {
	_, err := StartChain([]Forward{{}, {Attempts: -1}, {}}, Settings{Mode: Healthy})
	if err == nil || !strings.Contains(err.Error(), "hop 1") {
		t.Fatalf("got %v, want an error naming hop 1", err)
	}
	if _, err := StartChain([]Forward{{}}, Settings{Mode: "sleepy"}); !errors.Is(err, ErrBadMode) {
		t.Fatalf("got %v", err)
	}
	// goleak (TestMain) finds any server left running.
}

func TestStartChainShape(t *testing.T) {
	srvs, _ := startChain(t, []Forward{{Attempts: 2}, {Propagate: true}}, Settings{Mode: Slow, Latency: time.Second})
	if len(srvs) != 3 {
		t.Fatalf("%d servers, want 3", len(srvs))
	}
	for i := range 2 {
		f := srvs[i].Settings().Forward
		if f == nil || f.URL != srvs[i+1].URL() {
			t.Fatalf("hop %d forwards %+v, want to %s", i, f, srvs[i+1].URL())
		}
	}
	if srvs[0].Settings().Forward.Attempts != 2 || !srvs[1].Settings().Forward.Propagate {
		t.Fatal("hops lost their settings")
	}
	if last := srvs[2].Settings(); last.Forward != nil || last.Latency != time.Second {
		t.Fatalf("last server %+v", last)
	}
}

// With Propagate, a hop's own Timeout caps each try when it is shorter than the propagated
// deadline: the shorter wins, as with a proxy that has a timeout of its own.
func TestPropagatedDeadlineCappedByOwnTimeout(t *testing.T) {
	hop := Forward{Propagate: true, Timeout: 30 * time.Millisecond, Attempts: 1}
	srvs, cl := startChain(t, []Forward{hop}, Settings{Mode: Slow, Latency: time.Minute})
	if code, err := call(context.Background(), cl, srvs[0].URL(), 10*time.Minute, time.Time{}); err != nil || code != http.StatusGatewayTimeout {
		t.Fatalf("got %d, %v; want 504 when the hop's own 30ms runs out", code, err)
	}
	if got := srvs[1].Stats().Budget; got <= 0 || got > hop.Timeout {
		t.Errorf("next was given %v, want (0, %v]: the hop's own timeout, not the 10m it was given", got, hop.Timeout)
	}
}

// StartChainOn puts the edge, the server a caller calls, on the listener it is given, and
// owns it: a chain that fails to start closes it.
func TestStartChainOnListener(t *testing.T) {
	for _, hops := range [][]Forward{nil, {{Attempts: 1}}} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srvs, err := StartChainOn(ln, hops, Settings{Mode: Healthy})
		if err != nil {
			t.Fatal(err)
		}
		if got := srvs[0].Addr(); got != ln.Addr().String() {
			t.Errorf("%d hops: edge on %s, want %s", len(hops), got, ln.Addr())
		}
		for _, s := range srvs {
			s.Close()
		}
	}
	for _, hops := range [][]Forward{nil, {{Attempts: 1}}} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := StartChainOn(ln, hops, Settings{Mode: "sleepy"}); !errors.Is(err, ErrBadMode) {
			t.Errorf("%d hops: %v, want ErrBadMode", len(hops), err)
		}
		if again, err := net.Listen("tcp", ln.Addr().String()); err != nil {
			t.Errorf("%d hops: a chain that failed kept its listener: %v", len(hops), err)
		} else {
			again.Close()
		}
	}
}
