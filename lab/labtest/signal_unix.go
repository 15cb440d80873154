//go:build unix

package labtest

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// SignalUntil sends sig to the test process every 100 ms until done yields (the program
// listens for it microseconds after it starts); only a stuck program meets the last resort.
func SignalUntil[T any](t *testing.T, sig syscall.Signal, done <-chan T) T {
	t.Helper()
	every := time.NewTicker(100 * time.Millisecond)
	defer every.Stop()
	giveUp := LastResort(t)
	for {
		select {
		case v := <-done:
			return v
		case <-every.C:
			if err := syscall.Kill(os.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
		case <-giveUp:
			t.Fatalf("%v did not end it", sig)
		}
	}
}
