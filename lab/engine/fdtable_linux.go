// Growing the descriptor table on Linux.

package engine

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// growFileTable grows the table to hold n descriptors by putting one at n−1 or above
// (F_DUPFD takes the lowest free one from there, so no open descriptor is touched, as a
// lab starting beside this one may hold n−1) and closing it again: the table keeps its
// size. It stays within the process's limit, and returns the size it reached.
func growFileTable(n int) int {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && uint64(n) > lim.Cur {
		n = int(lim.Cur)
	}
	if n <= 1024 { // the size every process starts with
		return n
	}
	fd, err := unix.FcntlInt(0, unix.F_DUPFD, n-1)
	if err != nil {
		return 0
	}
	unix.Close(fd)
	return n
}
