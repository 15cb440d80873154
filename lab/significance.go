// Telling a result from noise (field guide §11): the exact binomial test every counter of a
// comparison is judged by, the distribution-free interval of a percentile, and Holm's
// correction for judging many rows at once.

package lab

import (
	"math"
	"slices"
	"sync"
	"time"
)

// FamilyAlpha is the chance that a comparison of two runs that differ in nothing calls any
// of its rows significant: Holm's correction shares it out over the rows (HolmSignificant).
const FamilyAlpha = 0.05

// chanceBand is how far a random (Poisson) count of mean (or variance) v strays by chance:
// two standard deviations, 2√v, which 19 draws in 20 stay within. One band for every "within
// chance" the screens say beside a ±, so that no two are drawn at different widths (the
// fix's queue at one, newcomer 62, beside the pool full time's two).
func chanceBand(v float64) float64 { return 2 * math.Sqrt(v) }

// QuantileConfidence is the confidence of a percentile's interval (QuantileRanks). Two 95%
// intervals that do not overlap amount to a two-sample test at about 0.5% (3.92 standard
// errors apart, √2 of them for the difference), the level Holm asks of a comparison's ten
// or so counters.
const QuantileConfidence = 0.95

// QuantileInterval is where a percentile's true value lies, at QuantileConfidence, judged
// from its sample count alone: from Low up to High, or, when HasHigh is false, somewhere
// above Low (too few samples to bound it: a p99 from fewer than 368 has no upper end). The
// zero value claims nothing: from 0 up, unbounded.
type QuantileInterval struct {
	Low, High time.Duration
	HasHigh   bool
}

// Below says all of i lies below all of j: the two percentiles differ significantly.
func (i QuantileInterval) Below(j QuantileInterval) bool { return i.HasHigh && i.High < j.Low }

// P99Needs is the fewest samples whose p99 has an upper end at QuantileConfidence (368):
// under it a p99 difference is too few to judge ("?"), whatever the distribution.
var P99Needs = sync.OnceValue(func() int64 {
	return 1 + lastTrue(1, 1<<14, func(n int64) bool { _, hi := QuantileRanks(n, 0.99, QuantileConfidence); return hi > n })
})

// QuantileRanks are the ranks (1 is the smallest of n samples) of the order statistics
// that bound the q-quantile with at least the confidence asked: the true quantile lies
// from the lo-th sample to the hi-th with that probability, whatever the distribution.
// The number of samples below the true q-quantile is Binomial(n, q); lo is the largest
// rank with P(fewer than lo below) ≤ (1 − confidence)/2, hi the smallest with P(hi or more
// below) ≤ the same, both from the exact binomial. lo = 0: no lower end; hi = n + 1: no
// upper end.
func QuantileRanks(n int64, q, confidence float64) (lo, hi int64) {
	tail := (1 - confidence) / 2
	// The largest l in [0, n] with P(K ≤ l − 1) ≤ tail (P(K ≤ −1) = 0: l = 0 always passes).
	lo = lastTrue(0, n, func(l int64) bool { return binomLower(l-1, n, q) <= tail })
	// The smallest u in [1, n + 1] with P(K ≥ u) ≤ tail (P(K ≥ n + 1) = 0 always passes).
	hi = 1 + lastTrue(0, n, func(u int64) bool { return binomUpper(u, n, q) > tail })
	return lo, hi
}

// lastTrue is the largest x in [lo, hi] for which ok holds, ok being true up to some point
// and false after it, and ok(lo) true.
func lastTrue(lo, hi int64, ok func(int64) bool) int64 {
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// BinomialTest is the exact two-sided p-value of x successes in n trials at probability p:
// twice the smaller tail, at most 1. For McNemar's test, x is the discordant pairs that went
// one way, n all of them, p ½.
func BinomialTest(x, n int64, p float64) float64 {
	if n == 0 {
		return 1
	}
	return min(1, 2*min(binomLower(x, n, p), binomUpper(x, n, p)))
}

// lchoose is the logarithm of n choose k.
func lchoose(n, k int64) float64 {
	a, _ := math.Lgamma(float64(n) + 1)
	b, _ := math.Lgamma(float64(k) + 1)
	c, _ := math.Lgamma(float64(n-k) + 1)
	return a - b - c
}

// binomLower is P(X ≤ k) for X ~ Binomial(n, p).
func binomLower(k, n int64, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	case p <= 0:
		return 1
	case p >= 1:
		return 0
	case float64(k) > float64(n)*p: // the upper tail is the small one: sum that
		return 1 - binomUpper(k+1, n, p)
	}
	return tailSum(k, n, p, -1)
}

// binomUpper is P(X ≥ k) for X ~ Binomial(n, p).
func binomUpper(k, n int64, p float64) float64 {
	switch {
	case k <= 0:
		return 1
	case k > n:
		return 0
	case p <= 0:
		return 0
	case p >= 1:
		return 1
	case float64(k) < float64(n)*p:
		return 1 - binomLower(k-1, n, p)
	}
	return tailSum(k, n, p, +1)
}

// binomPoint is P(X = k) for X ~ Binomial(n, p).
func binomPoint(k, n int64, p float64) float64 {
	switch {
	case p <= 0 && k == 0, p >= 1 && k == n:
		return 1
	case p <= 0, p >= 1:
		return 0
	}
	return math.Exp(lchoose(n, k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}

// poissonPoint is P(X = k) for X ~ Poisson(mean).
func poissonPoint(k int, mean float64) float64 {
	switch {
	case mean <= 0 && k == 0:
		return 1
	case mean <= 0:
		return 0
	}
	lf, _ := math.Lgamma(float64(k) + 1)
	return math.Exp(float64(k)*math.Log(mean) - mean - lf)
}

// tailSum adds the binomial probabilities from k away from the mean (dir −1: down to 0,
// +1: up to n), k lying on that side of it, so each term is smaller than the last: it stops
// once they no longer change the sum. Terms come from the first by their ratios, so a tail
// costs about as many steps as it has terms that matter (a few standard deviations' worth),
// however large n is.
func tailSum(k, n int64, p float64, dir int64) float64 {
	t := binomPoint(k, n, p)
	sum, odds := t, p/(1-p)
	for j := k; t > sum*1e-17; {
		if dir < 0 {
			if j == 0 {
				break
			}
			t *= float64(j) / float64(n-j+1) / odds
		} else {
			if j == n {
				break
			}
			t *= float64(n-j) / float64(j+1) * odds
		}
		j += dir
		sum += t
	}
	return sum
}

// HolmSignificant says which of the p-values are significant with the chance of calling any
// significant, were none different, at most FamilyAlpha (Holm's step-down correction): the
// smallest is judged at FamilyAlpha/m, the next at FamilyAlpha/(m − 1), and so on, until one
// fails; it and every larger one are not significant.
func HolmSignificant(p []float64) []bool {
	order := make([]int, len(p))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case p[i] < p[j]:
			return -1
		case p[i] > p[j]:
			return 1
		}
		return 0
	})
	out := make([]bool, len(p))
	for rank, i := range order {
		if p[i] > FamilyAlpha/float64(len(p)-rank) {
			break
		}
		out[i] = true
	}
	return out
}
