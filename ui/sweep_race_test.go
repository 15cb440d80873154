//go:build race

package ui

// sweepStride under the race detector: a render sweep takes every fifth size. Each sweep
// draws in one goroutine, where the detector finds nothing and makes every frame about five
// times dearer; .ci/run runs them over every size without it too (go test -short ./ui), and
// leaves the dearest to that run alone.
// They run one at a time, not in parallel: beside a busy core, two at once starved the
// real-time labs of the packages tested beside ui (a closed loop sent 91 of its 1000).
// Every third was not enough: beside a busy core the ui's race run passed go test's default
// 10-minute limit (TestPictureCoversTheScreens still drawing at 600 s). Five, not six: prime
// to the tour's 3 phases × 2 looks, or its sampled screens all fall on one of them, and the
// picture test never sees "▸".
const sweepStride = 5
