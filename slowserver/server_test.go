package slowserver

import (
	"context"
	"errors"
	"math"
	"net/http"
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

// waitFor polls cond for up to 5s, a bound meant to pass on a busy machine: it checks that
// something happens, not how fast.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
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

func TestDownRefusesAndComesBackOnSamePort(t *testing.T) {
	srv, c := start(t, Settings{Mode: Healthy})
	addr := srv.Addr()
	if err := srv.Set(Settings{Mode: Down}); err != nil {
		t.Fatal(err)
	}
	_, err := get(context.Background(), c, srv.URL())
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("down: want connection refused, got %v", err)
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

func TestStartDownThenUp(t *testing.T) {
	srv, c := start(t, Settings{Mode: Down})
	if _, err := get(context.Background(), c, srv.URL()); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("want refused, got %v", err)
	}
	if err := srv.Set(Settings{Mode: Errors}); err != nil {
		t.Fatal(err)
	}
	if code, _ := get(context.Background(), c, srv.URL()); code != http.StatusInternalServerError {
		t.Fatalf("got %d", code)
	}
}

// A caller that gives up frees the handler unless the server is told to ignore it.
func TestCancellation(t *testing.T) {
	for _, ignore := range []bool{false, true} {
		srv, c := start(t, Settings{Mode: Slow, Latency: 400 * time.Millisecond, IgnoreCancel: ignore})
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		_, err := get(ctx, c, srv.URL())
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("want deadline exceeded, got %v", err)
		}
		deadline := time.Now().Add(300 * time.Millisecond)
		for srv.Stats().InFlight != 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if busy := srv.Stats().InFlight != 0; busy != ignore {
			t.Fatalf("ignoreCancel=%v: handler still busy=%v 300ms after the caller left", ignore, busy)
		}
	}
}

func TestPeakInFlight(t *testing.T) {
	srv, c := start(t, Settings{Mode: Slow, Latency: 150 * time.Millisecond})
	done := make(chan struct{})
	for range 7 {
		go func() { get(context.Background(), c, srv.URL()); done <- struct{}{} }()
	}
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
	srv, c := start(t, Settings{Mode: Brownout, Latency: 120 * time.Millisecond, HealthyLatency: 0,
		BrownoutSlow: 200 * time.Millisecond, BrownoutHealthy: 200 * time.Millisecond})
	took := func() time.Duration {
		begin := time.Now()
		if _, err := get(context.Background(), c, srv.URL()); err != nil {
			t.Fatal(err)
		}
		return time.Since(begin)
	}
	if d := took(); d < 120*time.Millisecond {
		t.Fatalf("first part of a brownout answered in %v, want slow", d)
	}
	time.Sleep(time.Until(srv.Settings().since.Add(250 * time.Millisecond)))
	if d := took(); d >= 120*time.Millisecond {
		t.Fatalf("healthy part of a brownout answered in %v", d)
	}
}
