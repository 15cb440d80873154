package lab

import (
	"runtime/metrics"
	"syscall"
	"time"
)

// Cost is what a stretch of work took from this process: CPU (user + system, every thread)
// and the most memory in use at once beyond what was in use before it (live heap objects and
// goroutine stacks, sampled every 10 ms).
type Cost struct {
	Wall time.Duration
	CPU  time.Duration
	Peak uint64 // bytes
}

// CPUShare is CPU over wall time: 1 is one core kept busy.
func (c Cost) CPUShare() float64 {
	if c.Wall <= 0 {
		return 0
	}
	return c.CPU.Seconds() / c.Wall.Seconds()
}

// Measure runs fn and returns its cost.
func Measure(fn func()) Cost {
	base := memInUse()
	cpu, wall := cpuTime(), time.Now()
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
	return Cost{Wall: time.Since(wall), CPU: cpuTime() - cpu, Peak: peak - min(base, peak)}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var memSamples = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/stacks:bytes"}}

func memInUse() uint64 {
	s := make([]metrics.Sample, len(memSamples))
	copy(s, memSamples)
	metrics.Read(s)
	return s[0].Value.Uint64() + s[1].Value.Uint64()
}
