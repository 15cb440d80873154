// Cost: what a stretch of work took from this process (CPU, memory), as the pre-flight reports
// it; the engine measures it.

package lab

import (
	"time"
)

// Cost is what a stretch of work took from this process: CPU (user + system, every thread)
// and the most memory in use at once beyond what was in use before it (live heap objects and
// goroutine stacks, sampled every 10 ms).
type Cost struct {
	Wall     time.Duration
	CPU      time.Duration
	CPUKnown bool   // the system told the process's CPU time, before and after (else CPU is 0)
	Peak     uint64 // bytes
}

// CPUShare is CPU over wall time: 1 is one core kept busy; ok is false when it is not known.
func (c Cost) CPUShare() (share float64, ok bool) {
	if !c.CPUKnown || c.Wall <= 0 {
		return 0, false
	}
	return c.CPU.Seconds() / c.Wall.Seconds(), true
}
