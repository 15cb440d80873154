// The heap floor: no collections while the heap is small, raised for a run that holds more.

package engine

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"

	"poollab/lab"
)

// SetHeapFloor keeps the garbage collector away while the heap is small: after every
// collection it sets the GC percentage so that the next one comes when the heap reaches
// twice its live size (Go's default, GOGC=100) or the floor, whichever is more. The floor is
// floor bytes, or twice what the largest run started in this process holds live in its
// calls in flight (heapNeeded), whichever is more: a run that will hold 150 MB does
// not collect on its way there, and a run that holds little costs little.
//
// Why: a run that fills thousands of workers grows its heap from a few megabytes to a
// hundred or more within seconds, and at GOGC=100 that is a collection at every doubling
// (4, 8, 16, 32 MB...), each marking thousands of goroutine stacks while the generator
// waits for a processor: at 1,000 calls a second of 3 s (the descriptor table reserved,
// fdtable.go) the generator's lag max was 15–21 ms at GOGC=100, 14–21 ms with a floor of
// 16 MiB alone, 2.3–4.7 ms with none of those collections. A run with few calls in flight has a small live heap and short collections:
// there a floor only trades memory for fewer of them (README, "Honest at the machine's
// limits").
// The program calls it once (a second call changes the floor); it sets nothing when GOGC is
// set in the environment.
func SetHeapFloor(floor uint64) {
	if os.Getenv("GOGC") != "" {
		return
	}
	heapFloor.Lock()
	defer heapFloor.Unlock()
	heapFloor.base = floor
	if !heapFloor.on {
		heapFloor.on = true
		runtime.SetFinalizer(&sentinel{}, retuneAfterGC)
	}
	heapFloor.retune()
}

// HeapFloor is the floor the program sets: below it the heap grows without a collection.
// A run with few calls in flight collects about every 10 MB it allocates: 12 collections
// where GOGC=100 makes 29 in 4 s of 5,000 calls a second, the lag unchanged, for 29 MB at
// the peak (a floor of 32 MiB: the same lag for 47 MB; README, "Honest at the machine's
// limits").
const HeapFloor = 16 << 20

var heapFloor floorState

type floorState struct {
	sync.Mutex
	on     bool   // SetHeapFloor was called: the GC percentage follows the floor
	base   uint64 // the floor SetHeapFloor set
	needed uint64 // the most a run started in this process holds live in its calls
}

// floor is where the next collection waits for, at the least.
func (f *floorState) floor() uint64 { return max(f.base, 2*f.needed) }

// retune sets the GC percentage for the live heap and the floor. Called with f held.
func (f *floorState) retune() { debug.SetGCPercent(gcPercentFor(liveHeap(), f.floor())) }

// sentinel is a pointer-sized object, not a tiny allocation: its finalizer runs.
type sentinel struct{ p *byte }

// retuneAfterGC sets the GC percentage after a collection, and again after the next one.
func retuneAfterGC(s *sentinel) {
	heapFloor.Lock()
	heapFloor.retune()
	heapFloor.Unlock()
	runtime.SetFinalizer(s, retuneAfterGC)
}

// reserveHeap raises the floor, if the process keeps one, for a run whose calls in flight
// hold n bytes live, before its traffic starts; as with the descriptor table, the largest run
// so far decides.
func reserveHeap(n uint64) { heapFloor.reserve(n) }

func (f *floorState) reserve(n uint64) {
	f.Lock()
	defer f.Unlock()
	if n <= f.needed {
		return
	}
	f.needed = n
	if f.on {
		f.retune()
	}
}

// liveBytesPerCall is what one call in flight keeps live, heap and goroutine stacks: the
// worker, the request and response, the client's connection with its two goroutines and
// their buffers, the dependency's connection goroutine and its buffers. Measured 40.9 KB in
// the lab, 46.8 KB in a bare pipeline (BenchmarkMemoryPerCallInFlight); 48 KiB covers both.
const liveBytesPerCall = 48 << 10

// heapNeeded is what a run of c holds live in its calls in flight: the forecast's calls at
// once, each at every hop.
func heapNeeded(c lab.Config) uint64 {
	return uint64(c.Forecast().Payment.CallsAtOnce * float64(c.Dependency.Servers()) * liveBytesPerCall)
}

// gcPercentFor is the GC percentage that puts the next collection at max(2 × live, floor).
// The runtime's goal is live × (1 + p/100), but never below its minimum heap, 4 MiB × p/100
// (runtime/mgcpacer.go): with little live the minimum decides, so p is the smaller of the two
// that reach the floor. (A percentage from the live heap alone, 6300 for a 64 MiB floor over
// 1 MB live, made that minimum 252 MiB.)
func gcPercentFor(live, floor uint64) int {
	const runtimeMinHeap = 4 << 20
	live = max(live, 1<<20)
	if floor <= 2*live {
		return 100
	}
	return int(min(floor*100/live-100, floor*100/runtimeMinHeap))
}

func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
