package lab

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// fdSize is the size of this process's descriptor table, as the kernel reports it.
func fdSize(t *testing.T) int {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status:", err)
	}
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "FDSize:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Skip("no FDSize in /proc/self/status")
	return 0
}

// A lab that will hold thousands of connections grows the descriptor table before its
// traffic starts, so the kernel never doubles it (and stalls) mid-run.
func TestLabReservesItsDescriptors(t *testing.T) {
	c := DefaultConfig()
	c.Pool.Workers = 3000
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate, c.Traffic.Health.Rate = 0, 0, 0
	need := c.filesNeeded()
	if need < 2*3000 {
		t.Fatalf("a pool of 3000 needs %d descriptors by the estimate, want at least 6000", need)
	}
	l, err := Start(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	if got := fdSize(t); got < need {
		t.Errorf("descriptor table %d, want at least %d before traffic", got, need)
	}
}
