package ui

import "iter"

// sweep is from, from+step, … up to to, for a render sweep over sizes: every one of them,
// or under the race detector every sweepStride-th (sweep_race_test.go says why).
func sweep(from, to, step int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for n := from; n <= to && yield(n); n += step * sweepStride {
		}
	}
}
