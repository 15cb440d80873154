package labtest

import (
	"net"
	"strconv"
	"testing"
)

// HeldPort is a port on 127.0.0.1 another program holds for the test's length, with the
// port below it free when it returns: a fixed --port N whose B (N+1) is taken.
func HeldPort(t testing.TB) int {
	t.Helper()
	for range 50 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := ln.Addr().(*net.TCPAddr).Port
		if below, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port-1)); err == nil {
			below.Close()
			t.Cleanup(func() { ln.Close() })
			return port
		}
		ln.Close()
	}
	t.Fatal("no free port below a free one")
	return 0
}
