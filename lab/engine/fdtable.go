// The descriptor table reserved before a run's traffic starts.

package engine

import (
	"sync"

	"poollab/lab"
)

// The kernel keeps a process's open files in a table that it doubles when it runs out of
// room (at 1,024 descriptors, 2,048, 4,096...), and a process with many threads waits a
// whole RCU grace period for each doubling: 10–15 ms during which the thread that opened
// the file, and the Go scheduler's P it held, stand still. A run that opens thousands of
// connections in its first seconds (1,000 calls a second of 3 s: two descriptors each, the
// client's and the dependency's) met one at every doubling, and the generator was 10–15 ms
// late each time (lag max 15–27 ms, p99 up to 4 ms). So a lab makes the table as large as
// its run will need before its traffic starts: one doubling, before the clock runs.
var fdTable struct {
	sync.Mutex
	reserved int // the table holds at least this many descriptors
}

// reserveFiles makes the descriptor table hold n, once, before traffic starts; a table
// already that large, or a system that does not grow one this way, needs nothing.
func reserveFiles(n int) {
	fdTable.Lock()
	defer fdTable.Unlock()
	if n <= fdTable.reserved {
		return
	}
	fdTable.reserved = growFileTable(n)
}

// filesNeeded is how many descriptors a run of c may hold at once: two for each call it
// can have open (the client's connection and the dependency's, at every hop), the most
// calls being the pool's most workers or, when calls outlive their workers, the forecast's
// calls at once with room for bursts; and some to spare.
func filesNeeded(c lab.Config) int {
	calls := max(c.Pool.MaxWorkers(), int(2*c.Forecast().Payment.CallsAtOnce))
	return 2*calls*c.Dependency.Servers()*max(c.Fleet.Replicas, 1) + 256
}
