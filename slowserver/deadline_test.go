package slowserver

import (
	"context"
	"net/http"
	"testing"
	"time"
)

func TestTimeoutHeader(t *testing.T) {
	for _, c := range []struct {
		remaining time.Duration
		text      string
		want      time.Duration
	}{
		{750 * time.Millisecond, "750ms", 750 * time.Millisecond},
		{749998765 * time.Nanosecond, "749.998ms", 749998 * time.Microsecond}, // truncated, never rounded up
		{2 * time.Second, "2s", 2 * time.Second},
		{0, "0s", 0},
		{-time.Second, "0s", 0}, // passed
	} {
		h := http.Header{}
		SetTimeout(h, c.remaining)
		if got := h.Get(TimeoutHeader); got != c.text {
			t.Errorf("SetTimeout(%v) wrote %q, want %q", c.remaining, got, c.text)
		}
		if got, ok := Timeout(h); !ok || got != c.want {
			t.Errorf("Timeout after SetTimeout(%v) = %v, %v; want %v", c.remaining, got, ok, c.want)
		}
	}
	for _, v := range []string{"", "soon", "750"} {
		h := http.Header{}
		if v != "" {
			h.Set(TimeoutHeader, v)
		}
		if d, ok := Timeout(h); ok {
			t.Errorf("Timeout(%q) = %v, want none", v, d)
		}
	}
	h := http.Header{TimeoutHeader: {"-5ms"}}
	if d, ok := Timeout(h); !ok || d != 0 {
		t.Errorf("a negative remaining time reads as %v, %v; want 0 (passed)", d, ok)
	}
}

func TestUserDeadlineHeader(t *testing.T) {
	at := time.Unix(1700000000, 123456789)
	h := http.Header{}
	SetUserDeadline(h, at)
	if got := h.Get(UserDeadlineHeader); got != "1700000000123456789" {
		t.Fatalf("wrote %q", got)
	}
	if got, ok := UserDeadline(h); !ok || !got.Equal(at) {
		t.Fatalf("read %v, %v", got, ok)
	}
	if _, ok := UserDeadline(http.Header{UserDeadlineHeader: {"tomorrow"}}); ok {
		t.Fatal("read a deadline from garbage")
	}
	if _, ok := UserDeadline(http.Header{}); ok {
		t.Fatal("read a deadline from nothing")
	}
}

// call is one request as the lab's edge makes it: a budget (if remaining > 0) and the
// user's deadline (if not zero) in headers.
func call(ctx context.Context, c *http.Client, url string, remaining time.Duration, user time.Time) (int, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if remaining > 0 {
		SetTimeout(req.Header, remaining)
	}
	if !user.IsZero() {
		SetUserDeadline(req.Header, user)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// An ordinary server counts a request past the user's deadline once: on arrival if it has
// passed, else as it passes while the request is still being worked on.
func TestPastDeadline(t *testing.T) {
	srv, c := start(t, Settings{Mode: Healthy})
	for range 2 {
		call(context.Background(), c, srv.URL(), 0, time.Now().Add(-time.Second))
	}
	call(context.Background(), c, srv.URL(), 0, time.Now().Add(time.Hour))
	call(context.Background(), c, srv.URL(), 0, time.Time{})
	if st := srv.Stats(); st.Requests != 4 || st.PastDeadline != 2 {
		t.Fatalf("%+v; want 2 of 4 past the deadline", st)
	}

	if err := srv.Set(Settings{Mode: Slow, Latency: time.Minute}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { call(ctx, c, srv.URL(), 0, time.Now().Add(20*time.Millisecond)); close(done) }()
	defer func() { cancel(); <-done }()
	waitFor(t, "the deadline to pass while the request is at work", func() bool { return srv.Stats().PastDeadline == 3 })
	if st := srv.Stats(); st.InFlight != 1 {
		t.Fatalf("%+v: counted, but not while at work", st)
	}
}

// Budget is what the most recent request carried.
func TestBudget(t *testing.T) {
	srv, c := start(t, Settings{Mode: Healthy})
	call(context.Background(), c, srv.URL(), 750*time.Millisecond, time.Time{})
	if got := srv.Stats().Budget; got != 750*time.Millisecond {
		t.Fatalf("budget %v, want 750ms", got)
	}
	call(context.Background(), c, srv.URL(), 0, time.Time{})
	if got := srv.Stats().Budget; got != 0 {
		t.Fatalf("budget %v after a request without one, want 0", got)
	}
}
