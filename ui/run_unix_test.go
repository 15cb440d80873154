//go:build unix

package ui

import (
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"testing"
	"time"
)

// endSignals end the dashboard from outside: SIGHUP (the terminal closed; quitSignals) and
// SIGTERM (kill, and on Windows the console window closed; Bubble Tea's own).
var endSignals = []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM}

// catchSignal keeps sig, sent while nothing else listens, from ending the test process.
func catchSignal(t *testing.T, sig syscall.Signal) {
	guard := make(chan os.Signal, 1)
	signal.Notify(guard, sig)
	t.Cleanup(func() { signal.Stop(guard) })
}

// signalUntil sends sig to the test process every 100 ms until done yields (giving up
// after a minute: the listener is set up microseconds after the start).
func signalUntil[T any](t *testing.T, sig syscall.Signal, done <-chan T) T {
	t.Helper()
	for range 600 {
		select {
		case v := <-done:
			return v
		case <-time.After(100 * time.Millisecond):
			if err := syscall.Kill(os.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("%v did not end it", sig)
	panic("unreachable")
}

// SIGHUP (the terminal closed) ends the dashboard as SIGTERM does: the program quits, the
// terminal is restored, the engines stop and Run returns nil.
func TestRunQuitsOnHangup(t *testing.T) {
	if !slices.Contains(quitSignals, os.Signal(syscall.SIGHUP)) {
		t.Fatalf("SIGHUP does not quit the dashboard: quitSignals = %v", quitSignals)
	}
	for _, sig := range endSignals {
		t.Run(sig.String(), func(t *testing.T) {
			catchSignal(t, sig)
			fs := &fakeStarter{}
			app := New(Options{Config: testConfig(), Start: fs.start, Input: idleInput(t), Output: io.Discard})
			done := make(chan error, 1)
			go func() { done <- app.Run() }()
			if err := signalUntil(t, sig, done); err != nil {
				t.Fatalf("Run after %v: %v", sig, err)
			}
			if _, stopped := fs.all()[0].state(); !stopped {
				t.Errorf("the engine is still running after Run returned")
			}
		})
	}
}

// quitOn routes a signal to quit, once; stop ends its goroutine whether or not one came.
func TestQuitOn(t *testing.T) {
	catchSignal(t, syscall.SIGHUP)
	quits := make(chan struct{}, 2)
	stop := quitOn(func() { quits <- struct{}{} }, quitSignals...)
	signalUntil(t, syscall.SIGHUP, quits)
	stop()
	if len(quits) != 0 {
		t.Errorf("quit called more than once")
	}
	quitOn(func() { t.Error("quit without a signal") }, quitSignals...)()
}

// SIGHUP and SIGTERM end a recorded session with the recording complete.
func TestRecordHangup(t *testing.T) {
	for _, sig := range endSignals {
		t.Run(sig.String(), func(t *testing.T) {
			catchSignal(t, sig)
			s := startSession(t)
			if _, err := s.check(signalUntil(t, sig, s.done)); err != nil {
				t.Fatalf("Run after %v: %v", sig, err)
			}
		})
	}
}
