// The latency distribution the percentile chart draws: its percentiles and Distribution.

package lab

import (
	"math"
	"time"
)

// DistributionPercentiles are the percentiles a latency distribution is read at, evenly
// spaced on the axis HdrHistogram's percentile plot uses: log10(1/(1−p)), from p0 (0) to
// p99.99 (4), 20 points a decade. Each decade is one more nine: 0, 90, 99, 99.9, 99.99.
var DistributionPercentiles = func() []float64 {
	var ps []float64
	for i := 0; i <= DistributionDecades*distributionPerDecade; i++ {
		ps = append(ps, PercentileAt(float64(i)/distributionPerDecade))
	}
	return ps
}()

const (
	DistributionDecades   = 4 // the axis runs from p0 to p99.99
	distributionPerDecade = 20
)

// PercentileAt is the percentile at x on the plot's axis: 100·(1 − 10^−x).
func PercentileAt(x float64) float64 { return 100 * (1 - math.Pow(10, -x)) }

// Distribution is a latency distribution: the value at each of DistributionPercentiles.
// Its slices are never written after the snapshot that carries them is taken.
type Distribution struct {
	Latency   []time.Duration // as recorded (open loop: from the scheduled arrival; closed: from the send)
	Corrected []time.Duration // closed loop: with the omitted samples put back; nil in open loop
	Count     int64           // samples in Latency
}
