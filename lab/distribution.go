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

// newDistribution reads m's payment latency at every DistributionPercentiles.
func newDistribution(m *classMetrics) Distribution {
	d := Distribution{}
	d.Latency, d.Count = m.latency.distribution()
	if c, n := m.latencyCorrected.distribution(); n > 0 {
		d.Corrected = c
	}
	return d
}

// distribution is the histogram at DistributionPercentiles and its sample count; nil when
// empty. It walks the buckets once, and only when something was recorded since the last.
func (h *hist) distribution() ([]time.Duration, int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := h.h.TotalCount()
	if n == 0 {
		return nil, 0
	}
	if n != h.distCount {
		v := h.h.ValueAtPercentilesSlice(DistributionPercentiles)
		h.dist = make([]time.Duration, len(v)) // a new slice: snapshots may hold the old one
		for i, us := range v {
			h.dist[i] = min(time.Duration(us), time.Duration(h.max)) * time.Microsecond
		}
		h.distCount = n
	}
	return h.dist, n
}
