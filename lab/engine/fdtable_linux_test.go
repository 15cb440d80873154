// Tests of the descriptor table reserved before a run.

package engine

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"poollab/lab"
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
	c := lab.DefaultConfig()
	c.Pool.Workers = 3000
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate, c.Traffic.Health.Rate = 0, 0, 0
	need := filesNeeded(c)
	if need < 2*3000 {
		t.Fatalf("a pool of 3000 needs %d descriptors by the estimate, want at least 6000", need)
	}
	l, err := startLab(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	if got := fdSize(t); got < need {
		t.Errorf("descriptor table %d, want at least %d before traffic", got, need)
	}
}

// Growing the table touches no open descriptor: another lab starting at the same moment
// (compare mode) may hold the one at n−1.
func TestGrowFileTableKeepsOpenDescriptors(t *testing.T) {
	const n = 4000
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur < n {
		t.Skipf("descriptor limit %d (%v): the test needs %d", lim.Cur, err, n)
	}
	if _, err := unix.FcntlInt(n-1, unix.F_GETFD, 0); err == nil {
		t.Skipf("descriptor %d is already open", n-1)
	}
	f, err := os.CreateTemp(t.TempDir(), "held")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Dup3(int(f.Fd()), n-1, unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(n - 1)
	growFileTable(n)
	var held, got unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &held); err != nil {
		t.Fatal(err)
	}
	if err := unix.Fstat(n-1, &got); err != nil || got.Ino != held.Ino || got.Dev != held.Dev {
		t.Errorf("descriptor %d after growing the table: %v, inode %d; want the held file, inode %d", n-1, err, got.Ino, held.Ino)
	}
}
