package lab

import (
	"runtime/metrics"
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

// Measure runs fn and returns its cost.
func Measure(fn func()) Cost {
	base := memInUse()
	cpu, cpuBefore := cpuTime()
	wall := time.Now()
	stop, sampled := make(chan struct{}), make(chan uint64)
	go func() {
		peak := base
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				sampled <- max(peak, memInUse())
				return
			case <-t.C:
				peak = max(peak, memInUse())
			}
		}
	}()
	fn()
	close(stop)
	peak := <-sampled
	c := Cost{Wall: time.Since(wall), Peak: peak - min(base, peak)}
	if after, ok := cpuTime(); ok && cpuBefore {
		c.CPU, c.CPUKnown = after-cpu, true
	}
	return c
}

var memSamples = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/stacks:bytes"}}

func memInUse() uint64 {
	s := make([]metrics.Sample, len(memSamples))
	copy(s, memSamples)
	metrics.Read(s)
	return s[0].Value.Uint64() + s[1].Value.Uint64()
}
