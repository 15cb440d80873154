// Tests of the heap floor.

package engine

import (
	"runtime"
	"runtime/metrics"
	"testing"

	"poollab/internal/testwait"
	"poollab/lab"
)

func TestGCPercentForTheFloor(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		live, floor uint64
		want        int
	}{
		{2 * mb, 64 * mb, 1600},  // the runtime's minimum heap, 4 MiB × 16, is the floor; 17 × 2 MB is less
		{0, 64 * mb, 1600},       // before any collection: the same
		{8 * mb, 64 * mb, 700},   // 8 × 8 MB = 64 MB, above the minimum heap of 28 MiB
		{2 * mb, 16 * mb, 400},   // 4 MiB × 4
		{32 * mb, 64 * mb, 100},  // 2 × live reaches the floor: GOGC=100
		{100 * mb, 64 * mb, 100}, // above it
	} {
		if got := gcPercentFor(tc.live, tc.floor); got != tc.want {
			t.Errorf("live %d MB, floor %d MB: %d%%, want %d%%", tc.live/mb, tc.floor/mb, got, tc.want)
		}
	}
}

// After every collection the percentage follows the live heap: above the floor's half it
// is GOGC=100, below it the next collection waits for the floor, and no longer.
func TestHeapFloorFollowsEveryCollection(t *testing.T) {
	read := func(name string) uint64 {
		s := []metrics.Sample{{Name: name}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	gogc := func() uint64 { return read("/gc/gogc:percent") }
	waitGC := func(want func(uint64) bool, what string) {
		t.Helper()
		// The finalizer runs after the collection.
		testwait.Await(t, func() (uint64, bool) { runtime.GC(); p := gogc(); return p, want(p) }, "GOGC "+what)
	}
	const floor = 64 << 20 // far above what this test binary holds, so a small heap is below half of it
	SetHeapFloor(floor)
	defer SetHeapFloor(HeapFloor)
	waitGC(func(p uint64) bool { return p > 100 }, "above 100 with a small heap")
	// The runtime's goal is the floor: not its minimum heap of 4 MiB × GOGC/100, which a
	// percentage worked out from the live heap alone made four times the floor.
	heapFloor.Lock()
	want := heapFloor.floor()
	heapFloor.Unlock()
	if goal := read("/gc/heap/goal:bytes"); goal < want*99/100 || goal > want*5/4 {
		t.Errorf("heap goal %.1f MiB with a small heap, want the floor, %.1f MiB", float64(goal)/(1<<20), float64(want)/(1<<20))
	}
	func() {
		big := make([]*[1 << 20]byte, 48) // 48 MB live: twice that passes the floor
		for i := range big {
			big[i] = new([1 << 20]byte)
		}
		waitGC(func(p uint64) bool { return p == 100 }, "100 with 48 MB live")
		runtime.KeepAlive(big)
	}()
	waitGC(func(p uint64) bool { return p > 100 }, "above 100 again once the heap is small")
}

// A run raises the floor to twice what its calls in flight hold, and a smaller run after it
// does not lower it.
func TestHeapFloorFollowsTheLargestRun(t *testing.T) {
	big := lab.DefaultConfig()
	big.Pool.Workers, big.Traffic.Payment.Rate = 5000, 1000 // 1,000 calls/s of 3 s: 3,000 at once
	if got, want := heapNeeded(big), uint64(3000*liveBytesPerCall); got != want {
		t.Errorf("1,000 calls/s of 3 s hold %d bytes by the estimate, want 3,000 calls' %d", got, want)
	}
	f := floorState{base: HeapFloor}
	if f.floor() != HeapFloor {
		t.Errorf("floor %d before any run, want the base %d", f.floor(), HeapFloor)
	}
	f.reserve(heapNeeded(big))
	f.reserve(heapNeeded(lab.DefaultConfig()))
	if want := 2 * heapNeeded(big); f.floor() != want {
		t.Errorf("floor %d after the large run and a small one, want twice the large one's %d", f.floor(), want)
	}
}
