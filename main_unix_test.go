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

	"poollab/lab/labtest"
)

// A SIGHUP (the terminal closed) ends a headless run as ctrl+c and kill do: the report of
// the part it ran, then "interrupted". So does SIGTERM, which is also what Windows sends when
// its console window is closed (os/signal). Not parallel: the signal goes to the whole process.
func TestSignalsEndHeadlessRunsWithAReport(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) { interruptHeadless(t, sig) })
	}
}

func interruptHeadless(t *testing.T, sig syscall.Signal) {
	if !slices.Contains(stopSignals, os.Signal(sig)) {
		t.Fatalf("%v does not stop a headless run: stopSignals = %v", sig, stopSignals)
	}
	// Until run listens, the signal would end the test process: catch it here too.
	guard := make(chan os.Signal, 1)
	signal.Notify(guard, sig)
	defer signal.Stop(guard)
	quick := []string{"--set", "dependency.latency=100ms", "--format", "json"}
	for _, args := range [][]string{
		{"run", "--duration", "1h"},
		{"compare", "shared-pool", "semaphore-bulkhead", "--duration", "1h"},
	} {
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() { done <- run(append(args, quick...), &out) }()
		err := labtest.SignalUntil(t, sig, done)
		if err == nil || !strings.Contains(err.Error(), "interrupted after") || exitCode(err) != 1 {
			t.Errorf("%v, poollab %s: %v (exit %d); want the interrupted run's exit 1", sig, strings.Join(args, " "), err, exitCode(err))
		}
		var r struct {
			DurationS float64           `json:"duration_s"`
			Runs      []json.RawMessage `json:"runs"`
		}
		if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.DurationS == 0 && len(r.Runs) != 2 {
			t.Errorf("%v, poollab %s: no report of the part it ran (%v):\n%s", sig, strings.Join(args, " "), err, out.String())
		}
	}
}
