package testwait

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// stuckTB is a test whose deadline is near, and whose failure ends the wait as t.Fatal does.
type stuckTB struct {
	testing.TB
	deadline time.Time
	failed   string
}

func (s *stuckTB) Helper()                           {}
func (s *stuckTB) Deadline() (time.Time, bool)       { return s.deadline, true }
func (s *stuckTB) Fatal(args ...any)                 { s.failed = fmt.Sprint(args...); runtime.Goexit() }
func (s *stuckTB) Fatalf(format string, args ...any) { s.Fatal(fmt.Sprintf(format, args...)) }

// A wait that never ends fails saying what it waited for and what it read last: "GOGC above
// 100" alone left a stuck GOGC's value to guessing.
func TestAwaitSaysWhatItSawLast(t *testing.T) {
	tb := &stuckTB{TB: t, deadline: time.Now().Add(50 * time.Millisecond)}
	reads := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		Await(tb, func() (int, bool) { reads++; return 100 + reads%2, false }, "GOGC above 200")
	}()
	<-done
	last := 100 + reads%2
	if want := fmt.Sprintf("waited for GOGC above 200 until near the test binary's deadline; last seen %d", last); tb.failed != want {
		t.Errorf("after %d reads: %q, want %q", reads, tb.failed, want)
	}
}
