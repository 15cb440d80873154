//go:build race

package ui

// sweepStride under the race detector: a render sweep takes every third size. Each sweep
// draws in one goroutine, where the detector finds nothing and makes every frame about five
// times dearer; .ci/run runs them over every size without it too (go test -short ./ui).
const sweepStride = 3
