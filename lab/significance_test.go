// Tests of the significance tests against values computed exactly elsewhere (Python's
// mpmath at 50 digits, summing every binomial term).

package lab

import (
	"math"
	"testing"
)

func TestBinomialTest(t *testing.T) {
	for _, tc := range []struct {
		x, n int64
		p    float64
		want float64
	}{
		{0, 0, 0.5, 1},                      // no discordant pair: nothing to judge
		{0, 13, 0.5, 0.000244140625},        // 13 signups starved in A, none in B: 2·2⁻¹³
		{0, 10, 0.5, 0.001953125},           // 2·2⁻¹⁰
		{2, 11, 0.5, 0.0654296875},          // 2·(1 + 11 + 55)/2¹¹
		{10, 42, 0.5, 0.000940674028242938}, // 32 against 10, as two Poisson counts
		{5, 24, 0.5, 0.00661075115203857},
		{500, 1000, 0.5, 1},
		{450, 1000, 0.5, 0.00173053608497632},
		{0, 66, 0.5, 2.71050543121376e-20}, // 2·2⁻⁶⁶
		{66, 66, 0.5, 2.71050543121376e-20},
		{3, 10, 0.2, 0.6444009472}, // not ½: a rate over unequal exposures
		{30, 100, 0.4, 0.0495656462329862},
		{9000, 10000, 0.9, 1},
		{100, 20000, 0.006, 0.0685200724857007},
	} {
		if got := BinomialTest(tc.x, tc.n, tc.p); math.Abs(got-tc.want) > 1e-9*tc.want {
			t.Errorf("BinomialTest(%d, %d, %g) = %.15g, want %.15g", tc.x, tc.n, tc.p, got, tc.want)
		}
	}
}

// The ranks bounding a quantile: the textbook intervals of the median (n = 10: the 2nd to
// the 9th; n = 100: the 40th to the 61st), and the p99's, unbounded above until 368
// samples (0.99³⁶⁸ < 2.5% < 0.99³⁶⁷).
func TestQuantileRanks(t *testing.T) {
	for _, tc := range []struct {
		n      int64
		q      float64
		lo, hi int64
	}{
		{0, 0.99, 0, 1},
		{10, 0.5, 2, 9},
		{100, 0.5, 40, 61},
		{9, 0.99, 8, 10}, // health's 9 checks: above the second largest, no upper end
		{11, 0.99, 10, 12},
		{100, 0.99, 97, 101},
		{366, 0.99, 358, 367},
		{367, 0.99, 359, 368},
		{368, 0.99, 360, 368},
		{1000, 0.99, 983, 997},
		{100_000, 0.99, 98_938, 99_062},
	} {
		if lo, hi := QuantileRanks(tc.n, tc.q, QuantileConfidence); lo != tc.lo || hi != tc.hi {
			t.Errorf("QuantileRanks(%d, %g) = %d, %d; want %d, %d", tc.n, tc.q, lo, hi, tc.lo, tc.hi)
		}
	}
}

// Intervals: apart only when one ends below where the other starts; one with no upper end
// is below nothing.
func TestQuantileIntervalBelow(t *testing.T) {
	bounded := QuantileInterval{Low: 1, High: 2, HasHigh: true}
	above := QuantileInterval{Low: 3, High: 4, HasHigh: true}
	touching := QuantileInterval{Low: 2, High: 4, HasHigh: true}
	open := QuantileInterval{Low: 1}
	for _, tc := range []struct {
		i, j QuantileInterval
		want bool
	}{
		{bounded, above, true}, {above, bounded, false}, {bounded, touching, false},
		{open, above, false}, {bounded, QuantileInterval{Low: 5}, true}, {QuantileInterval{}, QuantileInterval{}, false},
	} {
		if got := tc.i.Below(tc.j); got != tc.want {
			t.Errorf("%+v below %+v: %v, want %v", tc.i, tc.j, got, tc.want)
		}
	}
}

// Holm: the smallest p at α/m, the next at α/(m − 1), …, stopping at the first that fails.
func TestHolmSignificant(t *testing.T) {
	for _, tc := range []struct {
		p    []float64
		want []bool
	}{
		{nil, []bool{}},
		{[]float64{0.01}, []bool{true}},
		{[]float64{0.06}, []bool{false}},
		// m = 4: 0.012 ≤ 0.05/4; then 0.016 ≤ 0.05/3; then 0.03 > 0.05/2 stops it, and 0.9 after it.
		{[]float64{0.03, 0.012, 0.9, 0.016}, []bool{false, true, false, true}},
		// Bonferroni would reject only the first (0.05/3 = 0.0167); Holm the second too (0.05/2).
		{[]float64{0.001, 0.02, 0.04}, []bool{true, true, true}},
		{[]float64{0.001, 0.03, 0.04}, []bool{true, false, false}},
	} {
		got := HolmSignificant(tc.p)
		if len(got) != len(tc.want) {
			t.Fatalf("%v: %v, want %v", tc.p, got, tc.want)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%v: %v, want %v", tc.p, got, tc.want)
				break
			}
		}
	}
}
