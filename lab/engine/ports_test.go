// Tests of fixed dependency ports: held ports refused up front, listeners handed on.

package engine_test

import (
	"context"
	"errors"
	"net"
	"strconv"
	"testing"
	"time"

	"poollab/lab"
	. "poollab/lab/engine"
	"poollab/lab/labtest"
)

// A fixed port another program holds is found when the ports are bound, before any lab
// starts, and named; what was bound before it is let go.
func TestListenPortsRefusesAHeldPort(t *testing.T) {
	held := labtest.HeldPort(t)
	for _, tc := range []struct{ port, n int }{{held, 1}, {held - 1, 2}, {held, 2}} {
		p, err := ListenPorts(tc.port, tc.n)
		var pe *PortError
		if !errors.As(err, &pe) || pe.Port != held || !errors.Is(err, ErrPortUnavailable) || p != nil {
			t.Fatalf("ListenPorts(%d, %d): %v, want the PortError of %d", tc.port, tc.n, err, held)
		}
		if want := "port " + strconv.Itoa(held) + " is in use"; err.Error() != want {
			t.Errorf("ListenPorts(%d, %d): %q, want %q", tc.port, tc.n, err, want)
		}
	}
	if ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(held-1)); err != nil {
		t.Errorf("A's port is still held after B's was refused: %v", err)
	} else {
		ln.Close()
	}
}

// Each side starts on the listener bound for it and a restart binds its port anew; a lab
// closes what it took when it stops, and Close what no lab took.
func TestPortsHandOnTheirListeners(t *testing.T) {
	var port int
	var p *Ports
	for range 50 { // two free ports in a row
		held := labtest.HeldPort(t)
		var err error
		if p, err = ListenPorts(held+1, 2); err == nil {
			port = held + 1
			break
		}
	}
	if p == nil {
		t.Fatal("no two free ports in a row")
	}
	defer p.Close()
	free := func(q int) bool {
		ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(q))
		if err == nil {
			ln.Close()
		}
		return err == nil
	}
	cfg := lab.DefaultConfig()
	cfg.Dependency.Latency = lab.Duration(10 * time.Millisecond)
	for i := range 2 { // a start, then a restart
		l, err := Launch(cfg, Options{Ports: p}.Side(1))
		if err != nil {
			t.Fatal(err)
		}
		p.Close() // A's, which no lab took
		if !free(port) || free(port+1) {
			t.Errorf("start %d: A's port free %v, B's free %v; want A's free and B's held by B's lab", i+1, free(port), free(port+1))
		}
		l.Stop()
		if !free(port + 1) {
			t.Errorf("start %d: B's port is still held after its lab stopped", i+1)
		}
	}
}

// RunPair checks B on A's traffic before either starts (issue 20: A ran its whole length,
// then B was refused, with no report).
func TestRunPairRefusesBeforeRunning(t *testing.T) {
	a := lab.DefaultConfig()
	a.Traffic.Payment.Profile = []lab.RateStep{{At: lab.Duration(time.Second), Rate: 20}}
	b := lab.DefaultConfig()
	b.Name, b.Traffic.Mode = "closed", lab.Closed // a closed loop follows no profile
	pair, err := RunPair(context.Background(), a, b, Options{})
	var fe *lab.FieldError
	if !errors.As(err, &fe) || fe.Key != "traffic.payment.profile" {
		t.Fatalf("RunPair: %v, want B's traffic.payment.profile refused", err)
	}
	if want := "B closed, on A's traffic: traffic.payment.profile: "; err.Error()[:len(want)] != want {
		t.Errorf("RunPair: %q, want it to start %q", err, want)
	}
	if pair[0].Elapsed != 0 || pair[1].Elapsed != 0 {
		t.Errorf("the labs ran for %v and %v before the refusal", pair[0].Elapsed, pair[1].Elapsed)
	}
}
