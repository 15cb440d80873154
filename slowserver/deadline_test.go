package slowserver

import (
	"context"
	"net/http"
	"testing"
	"time"

	"poollab/internal/testwait"
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

// A deadline with a monotonic reading goes on the wire as the wall clock now plus the time
// left to it by the monotonic clock, which is the same instant while the wall clock holds
// still: read back, it lies between the time left after the readings either side. It
// cannot fail without the wall clock stepping between the readings, where at's own wall
// reading would be off by the step: it guards the sum, not the step, which no test can
// bring about (time has no wall clock to step apart from the monotonic one).
func TestUserDeadlineMonotonic(t *testing.T) {
	const left = 2 * time.Second
	before := time.Now()
	at := before.Add(left) // a monotonic reading, as a run's deadlines have
	h := http.Header{}
	SetUserDeadline(h, at)
	after := time.Now()
	got, ok := UserDeadline(h)
	// The two clocks tick apart by a few ns over the readings (granularity, a slewed wall
	// clock: 10ns early failed once): no more than the time between them, measured.
	slack := after.Sub(before) + time.Microsecond
	lo, hi := before.Round(0).Add(left-slack), after.Round(0).Add(left+slack)
	if !ok || got.Before(lo) || got.After(hi) {
		t.Fatalf("read %v, %v; want between %v and %v", got, ok, lo, hi)
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

// An ordinary server counts a request at work after the user was answered (AfterAnswer)
// once its user's deadline passes: on arrival if it has passed, else as it passes while the
// request is still being worked on.
func TestAfterAnswerByDeadline(t *testing.T) {
	srv, c := start(t, Settings{Mode: Healthy})
	for range 2 {
		call(context.Background(), c, srv.URL(), 0, time.Now().Add(-time.Second))
	}
	call(context.Background(), c, srv.URL(), 0, time.Now().Add(time.Hour))
	call(context.Background(), c, srv.URL(), 0, time.Time{})
	if st := srv.Stats(); st.Requests != 4 || st.AfterAnswer != 2 {
		t.Fatalf("%+v; want 2 of 4 at work after the user was answered, their deadline passed", st)
	}

	if err := srv.Set(Settings{Mode: Slow, Latency: time.Minute}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { call(ctx, c, srv.URL(), 0, time.Now().Add(20*time.Millisecond)); close(done) }()
	defer func() { cancel(); <-done }()
	testwait.WaitFor(t, func() bool { return srv.Stats().AfterAnswer == 3 }, "the deadline to pass while the request is at work")
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

// A user answered before its deadline (its caller's tries spent) has left as surely as one
// whose deadline passed: a hop that works on after the answer counts the request once, as
// the answer comes; one whose work ended before it, never; one that arrives after it, at once.
func TestPastAnswer(t *testing.T) {
	hop := Forward{Timeout: time.Minute}
	srvs, cl := startChain(t, []Forward{hop}, Settings{Mode: Slow, Latency: time.Minute})
	send := func(ctx context.Context, answered context.Context) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srvs[0].URL(), nil)
		SetUserDeadline(req.Header, time.Now().Add(time.Hour))
		SetUser(req.Header, answered)
		if resp, err := cl.Do(req); err == nil {
			resp.Body.Close()
		}
	}
	answered, answer := context.WithCancel(context.Background())
	ctx, hangUp := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { send(ctx, answered); close(done) }()
	testwait.WaitFor(t, func() bool { return srvs[1].Stats().InFlight == 1 }, "the call to reach the last server")
	hangUp() // the caller gives up; hop 1 works on, as a per-hop one does
	<-done
	if st := srvs[0].Stats(); st.AfterAnswer != 0 {
		t.Fatalf("%+v: counted before its user was answered", st)
	}
	answer()
	testwait.WaitFor(t, func() bool {
		return srvs[0].Stats().AfterAnswer == 1 && srvs[1].Stats().AfterAnswer == 1
	}, "the answer to count the work going on")
	srvs[0].Close() // ends hop 1's call, and with it the last server's
	testwait.WaitFor(t, idle(srvs[1:]), "the chain to stop")

	// Arriving after the answer counts at once; ending before it, never.
	if err := srvs[1].Set(Settings{Mode: Healthy}); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodGet, srvs[1].URL(), nil)
	SetUser(req.Header, answered)
	later, answerLater := context.WithCancel(context.Background())
	req2, _ := http.NewRequest(http.MethodGet, srvs[1].URL(), nil)
	SetUser(req2.Header, later)
	for _, r := range []*http.Request{req, req2} {
		resp, err := cl.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	answerLater()
	if st := srvs[1].Stats(); st.AfterAnswer != 2 {
		t.Fatalf("%+v; want 2: the one at work at the answer, the one after it", st)
	}
}

// A server that stops when its caller hangs up is done at its caller's deadline, however
// late it notices the hang-up: a user answered after that deadline (on the same timeout, a
// moment later) finds no work of it to count. The answer counts from when it was given, its
// cause's At, not from when the server hears of it: a user answered before the caller's
// deadline, heard of after it (a busy machine), was left while the work went on (review 30
// lab #2).
func TestDoneAtTheCallersDeadline(t *testing.T) {
	for _, tc := range []struct {
		name  string
		given bool // the answer says it was given before the caller's deadline
		want  int64
	}{{"answered after the deadline", false, 0}, {"answered before it, heard after it", true, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			srv, c := start(t, Settings{Mode: Slow, Latency: time.Minute})
			answered, answer := context.WithCancelCause(context.Background())
			ctx, hangUp := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL(), nil)
			before := time.Now()
			SetDeadline(req.Header, before.Add(20*time.Millisecond)) // a hang-up not yet noticed
			SetUser(req.Header, answered)
			done := make(chan struct{})
			go func() {
				if resp, err := c.Do(req); err == nil {
					resp.Body.Close()
				}
				close(done)
			}()
			testwait.WaitFor(t, func() bool { return srv.Stats().InFlight == 1 }, "the request to be at work")
			time.Sleep(40 * time.Millisecond)
			var cause error
			if tc.given {
				cause = answerAt(before)
			}
			answer(cause)
			testwait.WaitFor(t, func() bool { return !tc.given || srv.Stats().AfterAnswer == 1 }, "the answer to be heard")
			hangUp()
			<-done
			testwait.WaitFor(t, func() bool { return srv.Stats().InFlight == 0 }, "the handler to end")
			if st := srv.Stats(); st.AfterAnswer != tc.want {
				t.Fatalf("%+v: want %d after the answer", st, tc.want)
			}
		})
	}
}

type answerAt time.Time

func (a answerAt) Error() string { return "answered" }
func (a answerAt) At() time.Time { return time.Time(a) }

// A user key of another process says nothing of its answer here: counted by the deadline
// alone (none here: never), not as answered already (review 30 lab #1); and a context that
// never ends names no user, whose key would never be let go.
func TestUserOfAnotherProcess(t *testing.T) {
	srv, c := start(t, Settings{Mode: Healthy})
	req, _ := http.NewRequest(http.MethodGet, srv.URL(), nil)
	req.Header.Set(UserHeader, "another-1")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if st := srv.Stats(); st.AfterAnswer != 0 {
		t.Fatalf("%+v: another process's user counted as answered", st)
	}
	h := http.Header{}
	SetUser(h, context.Background())
	if h.Get(UserHeader) != "" {
		t.Fatalf("a context that never ends named a user: %q", h.Get(UserHeader))
	}
}
