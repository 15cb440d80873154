package lab

import (
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

func TestGCPercentForTheFloor(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		live, floor uint64
		want        int
	}{
		{2 * mb, 64 * mb, 3100},  // next at 32 × 2 MB = 64 MB
		{0, 64 * mb, 6300},       // before any collection: as if 1 MB were live
		{32 * mb, 64 * mb, 100},  // 2 × live reaches the floor: GOGC=100
		{100 * mb, 64 * mb, 100}, // above it
	} {
		if got := gcPercentFor(tc.live, tc.floor); got != tc.want {
			t.Errorf("live %d MB, floor %d MB: %d%%, want %d%%", tc.live/mb, tc.floor/mb, got, tc.want)
		}
	}
}

// After every collection the percentage follows the live heap: above the floor's half it
// is GOGC=100, below it the next collection waits for the floor.
func TestHeapFloorFollowsEveryCollection(t *testing.T) {
	gogc := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	waitGC := func(want func(uint64) bool, what string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for runtime.GC(); !want(gogc()); runtime.GC() { // the finalizer runs after the collection
			if time.Now().After(deadline) {
				t.Fatalf("GOGC %d%%, want %s", gogc(), what)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	SetHeapFloor(HeapFloor)
	waitGC(func(p uint64) bool { return p > 100 }, "above 100 with a small heap")
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
