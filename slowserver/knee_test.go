// Tests of the knee in a running server: Stats.Latency follows it.

package slowserver

import (
	"context"
	"net/http"
	"testing"
	"time"

	"poollab/knee"

	"poollab/internal/testwait"
)

// Stats.Latency is what a request arriving now would get: the knee at InFlight+1.
func TestStatsLatencyFollowsTheKnee(t *testing.T) {
	srv, c := start(t, Settings{Mode: Slow, Latency: time.Minute, Knee: 2})
	if got := srv.Stats().Latency; got != time.Minute {
		t.Fatalf("idle latency %v, want 1m", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	for range 3 {
		go func() { get(ctx, c, srv.URL()); done <- struct{}{} }()
	}
	testwait.WaitFor(t, func() bool { return srv.Stats().InFlight == 3 }, "3 in flight")
	st := srv.Stats()
	if want := knee.Latency(time.Minute, int(st.InFlight)+1, 2, 0); st.Latency != want || want != 4*time.Minute {
		t.Fatalf("latency %v at %d in flight, want %v (4m)", st.Latency, st.InFlight, want)
	}
	cancel()
	for range 3 {
		<-done
	}
	if err := srv.Set(Settings{Mode: Errors, Knee: 2}); err != nil {
		t.Fatal(err)
	}
	if got := srv.Stats().Latency; got != 0 {
		t.Fatalf("errors mode latency %v, want 0", got)
	}
}

// A request that arrives while another is in flight past a knee of 1 is slowed by (2/1)².
func TestKneeSlowsTheRequestPastIt(t *testing.T) {
	srv, c := start(t, Settings{Mode: Slow, Latency: time.Minute, Knee: 1})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { get(ctx, c, srv.URL()); close(done) }()
	defer func() { cancel(); <-done }()
	testwait.WaitFor(t, func() bool { return srv.Stats().InFlight == 1 }, "the first request")
	// The first request keeps its minute; the second arrives as the second in flight.
	if err := srv.Set(Settings{Mode: Slow, Latency: 50 * time.Millisecond, Knee: 1}); err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	if code, err := get(context.Background(), c, srv.URL()); err != nil || code != http.StatusOK {
		t.Fatalf("got %d, %v", code, err)
	}
	if took := time.Since(begin); took < 200*time.Millisecond {
		t.Fatalf("second request answered after %v, want at least 50ms × (2/1)² = 200ms", took)
	}
}
