//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A SIGHUP (the terminal closed) ends a headless run as ctrl+c and kill do: the report of
// the part it ran, then "interrupted". Not parallel: the signal goes to the whole process.
func TestHangupEndsHeadlessRunsWithAReport(t *testing.T) {
	if !slices.Contains(stopSignals, os.Signal(syscall.SIGHUP)) {
		t.Fatalf("SIGHUP does not stop a headless run: stopSignals = %v", stopSignals)
	}
	// Until run listens, a SIGHUP would end the test process: catch it here too.
	guard := make(chan os.Signal, 1)
	signal.Notify(guard, syscall.SIGHUP)
	defer signal.Stop(guard)
	quick := []string{"--set", "dependency.latency=100ms", "--format", "json"}
	for _, args := range [][]string{
		{"run", "--duration", "1h"},
		{"compare", "shared-pool", "semaphore-bulkhead", "--duration", "1h"},
	} {
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() { done <- run(append(args, quick...), &out) }()
		err := hangupUntil(t, done)
		if err == nil || !strings.Contains(err.Error(), "interrupted after") || exitCode(err) != 1 {
			t.Errorf("poollab %s: %v (exit %d); want the interrupted run's exit 1", strings.Join(args, " "), err, exitCode(err))
		}
		var r struct {
			DurationS float64           `json:"duration_s"`
			Runs      []json.RawMessage `json:"runs"`
		}
		if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.DurationS == 0 && len(r.Runs) != 2 {
			t.Errorf("poollab %s: no report of the part it ran (%v):\n%s", strings.Join(args, " "), err, out.String())
		}
	}
}

// hangupUntil sends SIGHUP to the test process every 100 ms until done yields (giving up
// after a minute: run listens microseconds after it starts).
func hangupUntil(t *testing.T, done <-chan error) error {
	t.Helper()
	for range 600 {
		select {
		case err := <-done:
			return err
		case <-time.After(100 * time.Millisecond):
			if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("SIGHUP did not end it")
	return nil
}
