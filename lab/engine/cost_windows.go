// The process's CPU time on Windows (GetProcessTimes).

package engine

import (
	"time"

	"golang.org/x/sys/windows"
)

// cpuTime is the CPU this process has used, user and kernel, every thread. Windows counts
// it in 100 ns units but advances it at each clock tick (about 15.6 ms), so a measure of a
// few seconds is good to about one percent.
func cpuTime() (time.Duration, bool) {
	var created, exited, kernel, user windows.Filetime
	if windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &user) != nil {
		return 0, false
	}
	return time.Duration(ticks(kernel)+ticks(user)) * 100, true
}

// ticks is a FILETIME read as a duration in 100 ns units (Filetime.Nanoseconds reads it as
// a date, since 1601).
func ticks(ft windows.Filetime) int64 { return int64(ft.HighDateTime)<<32 | int64(ft.LowDateTime) }
