//go:build unix

// The process's CPU time on Unix (getrusage).

package engine

import (
	"syscall"
	"time"
)

// cpuTime is the CPU this process has used, user and system, every thread.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
