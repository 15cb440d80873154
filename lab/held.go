// What a queue still filling does with the requests another lab turns away now.

package lab

import (
	"strings"
	"time"
)

// Held is A's queue against B's rejections: B turns away now requests that A still holds in
// a queue that fills (long-queue against CoDel at 10s: rejected:codel +33 beside in flight
// -31), so no count can judge the two before A's end (newcomer 27: "CoDel simply threw away
// 49 requests the FIFO is still holding"). FullAt is when A's queue is full and turns them
// away too; Wait, what one arriving now waits there first; BWait, the most B's queue lets
// one wait (0: no such limit).
type Held struct{ FullAt, Wait, BWait time.Duration }

// HeldThenTurnedAway is Held for A, B and the comparison's rows: ok where a class of B's is
// turned away more beyond noise while A's has more in flight beyond noise, and A's queue,
// bounded, grows toward full.
func HeldThenTurnedAway(a, b *Snapshot, rows []ComparisonRow) (Held, bool) {
	q := a.Config.Pool.Queue
	if !turnsAwayWhatAHolds(rows) || !q.Holds() {
		return Held{}, false
	}
	g, _ := a.QueueGrowth()
	full := a.QueueFullAt(q, g)
	now, ok := a.WaitArrivingNow()
	if full == 0 || !ok {
		return Held{}, false
	}
	return Held{FullAt: full, Wait: now.Wait, BWait: b.Config.Pool.Rule().Limit(0)}, true
}

// turnsAwayWhatAHolds says a class of B's is turned away more beyond noise while A has more
// of it in flight beyond noise.
func turnsAwayWhatAHolds(rows []ComparisonRow) bool {
	var more, holds [numClasses]bool
	for _, r := range rows {
		switch {
		case !r.Significant || r.Unseen || r.Method:
		case strings.HasPrefix(r.Counter, RejectedColumn.Word+":") && r.B > r.A:
			more[r.Class] = true
		case r.Counter == FateInFlight.Word() && r.A > r.B:
			holds[r.Class] = true
		}
	}
	for _, c := range Classes {
		if more[c] && holds[c] {
			return true
		}
	}
	return false
}
