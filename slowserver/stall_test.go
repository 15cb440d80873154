package slowserver

import (
	"context"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"
)

func TestStallFinish(t *testing.T) {
	ms, s := time.Millisecond, time.Second
	once := Stall{FirstAt: 5 * s, For: s}
	every := Stall{FirstAt: s, Every: 2 * s, For: 500 * ms} // [1,1.5) [3,3.5) [5,5.5) ...
	for _, c := range []struct {
		name                 string
		st                   Stall
		arrival, delay, want time.Duration
	}{
		{"no stall", Stall{Every: s, FirstAt: s}, 5 * s, ms, 5*s + ms},
		{"before the stall", once, 4 * s, ms, 4*s + ms},
		{"due as the stall begins: answers before it", once, 5*s - ms, ms, 5 * s},
		{"in the stall: frozen until its end", once, 5300 * ms, ms, 6*s + ms},
		{"at the stall's start", once, 5 * s, ms, 6*s + ms},
		{"nothing to do, in the stall", once, 5300 * ms, 0, 6 * s},
		{"straddles the start", once, 5*s - 500*time.Microsecond, ms, 6*s + 500*time.Microsecond},
		{"after the stall", once, 6 * s, ms, 6*s + ms},
		{"a single stall happens once", once, 7 * s, 10 * s, 17 * s},
		{"periodic, before the first", every, 0, 500 * ms, 500 * ms},
		{"periodic, across four stalls", every, 0, 5 * s, 6500 * ms},
		{"periodic, in the second", every, 3200 * ms, 0, 3500 * ms},
		{"periodic, ends as the next begins", every, 1500 * ms, 1500 * ms, 3 * s},
		{"periodic, one past it", every, 1500 * ms, 1500*ms + 1, 3500*ms + 1},
		{"periodic from 0", Stall{Every: s, For: 100 * ms}, 0, 0, 100 * ms},
		{"long after the start", every, 100*s + 200*ms, 10 * ms, 100*s + 210*ms},
	} {
		if got := c.st.Finish(c.arrival, c.delay); got != c.want {
			t.Errorf("%s: %+v.Finish(%v, %v) = %v, want %v", c.name, c.st, c.arrival, c.delay, got, c.want)
		}
	}
}

// Finish agrees with a step-by-step walk through the schedule, one unit of time at a time.
func TestStallFinishMatchesAWalk(t *testing.T) {
	stalled := func(st Stall, t time.Duration) bool {
		if st.For <= 0 || t < st.FirstAt {
			return false
		}
		if st.Every <= 0 {
			return t < st.FirstAt+st.For
		}
		return (t-st.FirstAt)%st.Every < st.For
	}
	walk := func(st Stall, arrival, delay time.Duration) time.Duration {
		t := arrival
		for stalled(st, t) { // frozen on arrival
			t++
		}
		for ; delay > 0; t++ { // the last unit of work ends the request, stall or not
			if !stalled(st, t) {
				delay--
			}
		}
		return t
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		st := Stall{For: time.Duration(rng.IntN(10)), FirstAt: time.Duration(rng.IntN(30))}
		if rng.IntN(4) > 0 {
			st.Every = st.For + 1 + time.Duration(rng.IntN(10))
		}
		arrival, delay := time.Duration(rng.IntN(100)), time.Duration(rng.IntN(60))
		if got, want := st.Finish(arrival, delay), walk(st, arrival, delay); got != want {
			t.Fatalf("%+v.Finish(%v, %v) = %v, a walk gives %v", st, arrival, delay, got, want)
		}
	}
}

// A stall from the very start holds every answer until it ends, Errors included.
func TestStallHoldsAnswers(t *testing.T) {
	stall := Stall{For: 150 * time.Millisecond}
	srv, c := start(t, Settings{Mode: Healthy, Stall: stall})
	if err := srv.Set(Settings{Mode: Errors, Stall: stall}); err != nil {
		t.Fatal(err)
	}
	// No request can arrive before Start, so none can be answered before the stall's end.
	code, err := get(context.Background(), c, srv.URL())
	if err != nil || code != http.StatusInternalServerError {
		t.Fatalf("got %d, %v", code, err)
	}
	if end := srv.Started().Add(stall.For); time.Now().Before(end) {
		t.Fatalf("answered %v before the stall ended", end.Sub(time.Now()))
	}
	// Past the stall, the same settings answer without waiting for it.
	if got := srv.Stats().Latency; got != 0 {
		t.Fatalf("latency after the stall %v, want 0", got)
	}
}

// The schedule runs from Start: once that stall is over, a Set that keeps it (or changes
// anything else) does not bring it back.
func TestSetDoesNotMoveTheStall(t *testing.T) {
	stall := Stall{For: 100 * time.Millisecond}
	srv, _ := start(t, Settings{Mode: Healthy, Stall: stall})
	time.Sleep(time.Until(srv.Started().Add(stall.For)))
	for _, mode := range []Mode{Slow, Healthy, Errors} {
		if err := srv.Set(Settings{Mode: mode, Stall: stall}); err != nil {
			t.Fatal(err)
		}
		if got := srv.Stats().Latency; got != 0 {
			t.Fatalf("after Set(%s) a request would wait %v: the stall moved", mode, got)
		}
	}
}

func TestStatsLatencyCountsTheStall(t *testing.T) {
	srv, _ := start(t, Settings{Mode: Slow, Latency: 10 * time.Millisecond, Stall: Stall{For: time.Hour}})
	if got := srv.Stats().Latency; got < 59*time.Minute {
		t.Fatalf("latency in an hour-long stall %v", got)
	}
}

func TestBadStall(t *testing.T) {
	srv, _ := start(t, Settings{Mode: Healthy})
	for _, st := range []Stall{{For: -1}, {Every: -1, For: 1}, {FirstAt: -1, For: 1}, {Every: 5, For: 5}, {Every: 1, For: 5}} {
		if err := srv.Set(Settings{Mode: Healthy, Stall: st}); err == nil {
			t.Errorf("accepted %+v", st)
		}
	}
}
