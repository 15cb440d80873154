// The sizes of the engine's per-class and per-reason arrays.

package engine

import "poollab/lab"

// The engine counts per class and per rejection reason in arrays sized as lab's lists.
const (
	numClasses = len(lab.Classes)
	numReasons = len(lab.ClassStats{}.Rejected) // room for every reason lab registers
)
