//go:build !race

package ui

const sweepStride = 1 // every size: see sweep_race_test.go
