package lab

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// SetHeapFloor keeps the garbage collector away while the heap is small: after every
// collection it sets the GC percentage so that the next one comes when the heap reaches
// twice its live size (Go's default, GOGC=100) or floor bytes, whichever is more.
//
// Why: a run that fills thousands of workers grows its heap from a few megabytes to a
// hundred or more within seconds, and at GOGC=100 that is a collection at every doubling
// (4, 8, 16, 32 MB...), each stopping or slowing the generator: at 1,000 calls a second of
// 3 s (with the descriptor table reserved, fdtable.go) the generator's lag max was 15–21 ms
// at GOGC=100, 1.6–4.3 ms with a floor of 64 MiB (p99 1.2–1.9 ms and 1.1 ms). Above the
// floor it is GOGC=100.
// The process calls it once; it sets nothing when GOGC is set in the environment.
func SetHeapFloor(floor uint64) {
	if os.Getenv("GOGC") != "" {
		return
	}
	type sentinel struct{ p *byte } // a pointer-sized object, not a tiny allocation: its finalizer runs
	var tune func(*sentinel)
	tune = func(s *sentinel) {
		debug.SetGCPercent(gcPercentFor(liveHeap(), floor))
		runtime.SetFinalizer(s, tune) // again after the next collection
	}
	debug.SetGCPercent(gcPercentFor(liveHeap(), floor))
	runtime.SetFinalizer(&sentinel{}, tune)
}

// gcPercentFor is the GC percentage that puts the next collection at max(2 × live, floor).
func gcPercentFor(live, floor uint64) int {
	live = max(live, 1<<20)
	if floor <= 2*live {
		return 100
	}
	return int(floor/live)*100 - 100
}

func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// HeapFloor is the floor the program sets: below it the heap grows without a collection.
const HeapFloor = 64 << 20
