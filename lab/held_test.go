package lab

import "testing"

// Only where B turns away a class A still holds (codel against a long FIFO: rejected:codel
// +33 beside in flight -31) is the lesson "not judged yet"; fewer rejected, or no fewer in
// flight, or a change within noise, is judged as before.
func TestTurnsAwayWhatAHolds(t *testing.T) {
	codel := []ComparisonRow{
		{Class: Payment, Counter: "rejected:codel", A: 0, B: 33, Significant: true},
		{Class: Payment, Counter: "in flight", A: 49, B: 18, Significant: true},
	}
	if !turnsAwayWhatAHolds(codel) {
		t.Error("codel against a long FIFO: not held")
	}
	other := []ComparisonRow{codel[0], {Class: Signup, Counter: "in flight", A: 49, B: 18, Significant: true}}
	noise := []ComparisonRow{codel[0], {Class: Payment, Counter: "in flight", A: 49, B: 45}}
	fewer := []ComparisonRow{{Class: Payment, Counter: "rejected:pool", A: 35, B: 0, Significant: true}, codel[1]}
	for name, rows := range map[string][]ComparisonRow{"another class": other, "within noise": noise, "fewer rejected": fewer} {
		if turnsAwayWhatAHolds(rows) {
			t.Errorf("%s: held", name)
		}
	}
}
