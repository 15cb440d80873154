//go:build unix

package ui

import (
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"testing"

	"poollab/lab/labtest"
)

// catchHangup keeps a SIGHUP sent while nothing else listens from ending the test process.
func catchHangup(t *testing.T) { catchSignal(t, syscall.SIGHUP) }

func catchSignal(t *testing.T, sig os.Signal) {
	guard := make(chan os.Signal, 1)
	signal.Notify(guard, sig)
	t.Cleanup(func() { signal.Stop(guard) })
}

// hangupUntil sends SIGHUP to the test process every 100 ms until done yields (the listener
// is set up microseconds after the start; only a stuck program meets the last resort).
func hangupUntil[T any](t *testing.T, done <-chan T) T {
	t.Helper()
	if !slices.Contains(quitSignals, os.Signal(syscall.SIGHUP)) {
		t.Fatalf("SIGHUP does not quit the dashboard: quitSignals = %v", quitSignals)
	}
	return labtest.SignalUntil(t, syscall.SIGHUP, done)
}

// SIGHUP (the terminal closed) ends the dashboard as SIGTERM does: the program quits, the
// terminal is restored, the engines stop and Run returns nil.
func TestRunQuitsOnHangup(t *testing.T) {
	catchHangup(t)
	fs := &fakeStarter{}
	app := New(Options{Config: testConfig(), Start: fs.start, Input: idleInput(t), Output: io.Discard})
	done := make(chan error, 1)
	go func() { done <- app.Run() }()
	if err := hangupUntil(t, done); err != nil {
		t.Fatalf("Run after SIGHUP: %v", err)
	}
	if _, stopped := fs.all()[0].state(); !stopped {
		t.Errorf("the engine is still running after Run returned")
	}
}

// quitOn routes a signal to quit, once; stop ends its goroutine whether or not one came.
func TestQuitOn(t *testing.T) {
	catchHangup(t)
	quits := make(chan struct{}, 2)
	stop := quitOn(func() { quits <- struct{}{} }, quitSignals...)
	hangupUntil(t, quits)
	stop()
	if len(quits) != 0 {
		t.Errorf("quit called more than once")
	}
	quitOn(func() { t.Error("quit without a signal") }, quitSignals...)()
}

// SIGHUP ends a recorded session with the recording complete.
func TestRecordHangup(t *testing.T) {
	catchHangup(t)
	s := startSession(t)
	if _, err := s.check(hangupUntil(t, s.done)); err != nil {
		t.Fatalf("Run after SIGHUP: %v", err)
	}
}

// SIGHUP and SIGTERM end a session recorded as a GIF with the GIF complete. Not parallel:
// the signal goes to the whole process.
func TestRecordGIFSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			catchSignal(t, sig)
			s := startSession(t, asGIF)
			s.press("b")
			if n, err := s.checkGIF(labtest.SignalUntil(t, sig, s.done)); err != nil || n < 2 {
				t.Fatalf("Run after %v: %v, %d frames", sig, err, n)
			}
		})
	}
}
