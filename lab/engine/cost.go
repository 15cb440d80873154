// Measure: a stretch of work's CPU and peak memory.

package engine

import (
	"runtime/metrics"
	"time"

	"poollab/lab"
)

// Measure runs fn and returns its cost.
func Measure(fn func()) lab.Cost {
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
	c := lab.Cost{Wall: time.Since(wall), Peak: peak - min(base, peak)}
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
