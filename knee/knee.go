// Package knee is a server's concurrency knee (the Universal Scalability Law's retrograde
// region): the latency rule the slow dependency answers by (slowserver) and the forecast
// predicts with (lab), in one place that imports neither.
package knee

import (
	"math"
	"time"
)

// DefaultExponent is used when an exponent of 0 is given.
const DefaultExponent = 2

// Exponent is the exponent exp stands for: DefaultExponent where it is 0.
func Exponent(exp float64) float64 {
	if exp == 0 {
		return DefaultExponent
	}
	return exp
}

// Latency is the delay a request gets when n requests are in flight as it arrives
// (counting itself) at a server that handles knee of them at its normal latency base.
// Up to the knee it is base; beyond, base × (n/knee)^exp, so throughput n/latency(n) falls
// as n grows: the retrograde region of the Universal Scalability Law, where adding callers
// makes the server slower for all of them. knee ≤ 0 means no knee; exp 0 means
// DefaultExponent. The result saturates at the largest time.Duration.
func Latency(base time.Duration, n, knee int, exp float64) time.Duration {
	return LatencyAt(base, float64(n), knee, exp)
}

// LatencyAt is Latency at a mean of n in flight, not a whole count: the curve at a window's
// mean concurrency, to set beside the mean latency measured there (which is higher where n
// varies, for latency grows faster than n past the knee).
func LatencyAt(base time.Duration, n float64, knee int, exp float64) time.Duration {
	if knee <= 0 || n <= float64(knee) || base <= 0 {
		return base
	}
	d := float64(base) * math.Pow(n/float64(knee), Exponent(exp))
	if d >= math.MaxInt64 || math.IsNaN(d) {
		return math.MaxInt64
	}
	return time.Duration(d)
}
