// What a queue still filling does with the requests another lab turns away now.

package lab

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Held is one side's queue against the other's rejections: the other turns away now
// requests that Side still holds in a queue that fills (long-queue against CoDel at 10s:
// rejected:codel +33 beside in flight -31), so no count can judge the two before Side's end
// (newcomer 27: "CoDel simply threw away 49 requests the FIFO is still holding"). Either
// order of the two is the same case (review 17). FullIn is how long from At, the run time now,
// until Side's queue is full (at the set rates) and turns them away too, counted from now as
// its narrator counts it ("full in ~16.2s" beside "full at ~24.2s" gave one event two numbers,
// review 41a); the report's full_at_s is At + FullIn; Wait, what one arriving now waits there; OtherWait, the most the
// other side's queue lets one wait (0: no such limit); OtherShed, where the other side is CoDel on
// a full pool, the share a pool with no queue turns away over a long run (LongRunLoss): its
// lesson, which the counts cannot give yet (n37 #30).
type Held struct {
	Side                        Side
	FullIn, At, Wait, OtherWait time.Duration
	OtherShed                   float64
}

// Side is A or B of a comparison.
type Side byte

const (
	SideA Side = 'A'
	SideB Side = 'B'
)

func (s Side) String() string { return string(rune(s)) }

// other is the side that is not s.
func (s Side) other() Side { return SideA + SideB - s }

// heldBy is the comparison's Held, looked for both ways (A holds what B turns away, or B
// what A does); nil where neither holds: a class turned away more beyond noise on one side
// while the other has more of it in flight beyond noise, whose queue, bounded, grows toward
// full.
func heldBy(a, b *Snapshot, rows []ComparisonRow) *Held {
	for _, side := range []Side{SideA, SideB} {
		holds, other := a, b
		if side == SideB {
			holds, other = b, a
		}
		q := holds.Config.Pool.Queue
		if !turnsAwayWhatHolds(rows, side) || !q.Holds() {
			continue
		}
		in := holds.QueueFullIn(q, reportForecast(*holds).Queue.Growth) // at the set rates, as its narrator says
		now, ok := holds.WaitArrivingNow()
		if in == 0 || !ok {
			continue
		}
		h := &Held{Side: side, FullIn: in, At: holds.Elapsed, Wait: now.Wait, OtherWait: other.Config.Pool.Rule().Limit(0)}
		// "As with none": the share the long run of a pool with no queue turns away, the
		// figure a loss system's narrator and pool-full line say (LongRunLoss), not CoDel's
		// Erlang B Blocking: they differ where payments wait for a connection on their worker
		// (83% against 83.5%); one figure for one fact on a screen (review 32 #12).
		if other.Config.Pool.Discipline == CoDel {
			f := reportForecast(*other)
			if _, ok := f.CoDel(other.Config.Pool); ok {
				h.OtherShed = f.LongRunLoss()
			}
		}
		return h
	}
	return nil
}

// turnsAwayWhatHolds says a class is turned away more beyond noise on the side other than
// side while side has more of it in flight beyond noise.
func turnsAwayWhatHolds(rows []ComparisonRow, side Side) bool {
	var more, holds [numClasses]bool
	for _, r := range rows {
		mine, theirs := r.A, r.B
		if side == SideB {
			mine, theirs = theirs, mine
		}
		switch {
		case !r.Significant || r.Unseen || r.Method:
		case strings.HasPrefix(r.Counter, RejectedColumn.Word+":") && theirs > mine:
			more[r.Class] = true
		case r.Counter == FateInFlight.Word() && mine > theirs:
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

// lead is lesson led by why it is no verdict yet, in the narrator's words for the wait
// ("one arriving now waits ~X": it is not what those the full queue turns away wait, who
// are turned away on arrival), with each of lesson's forms while it fits, else alone, else
// in one line of 80 columns.
func (h Held) lead(lesson []string) []string {
	holds, other := h.Side, h.Side.other()
	held := fmt.Sprintf("» not judged yet: %s turns away now what %s still holds; %s's queue is full in ~%s, then turns away too; one arriving now waits ~%s",
		other, holds, holds, FmtSecs(h.FullIn), FmtSecs(h.Wait))
	if h.OtherWait > 0 {
		held += fmt.Sprintf(" (%s's at most %s)", other, FmtDur(h.OtherWait))
	}
	var out []string
	for _, l := range lesson {
		out = append(out, held+"; "+strings.TrimPrefix(l, "» "))
	}
	out = append(out, held, fmt.Sprintf("» not judged yet: %s turns away too once its queue fills, in ~%s", holds, FmtSecs(h.FullIn)))
	if h.OtherShed > 0 { // the other's lesson first, in every form
		head := fmt.Sprintf("» %s, nearly no queue: forecast %.0f%% turned away, as with none; ", other, 100*h.OtherShed)
		for i := range out {
			out[i] = head + strings.TrimPrefix(out[i], "» ")
		}
	}
	return out
}

// MarshalJSON writes the times in seconds as the lesson shows them: {"side": "A",
// "full_at_s": 20.2, "wait_s": 3.6, "other_wait_max_s": 0.1, "other_shed_forecast": 0.38},
// the last two left out where the other side lets one wait as long as it takes, or is no
// CoDel on a full pool.
func (h Held) MarshalJSON() ([]byte, error) {
	secs := func(d time.Duration) float64 { return round(ShownSecs(d).Seconds(), 3) }
	out := struct {
		Side      string  `json:"side"`
		FullAtS   float64 `json:"full_at_s"`
		WaitS     float64 `json:"wait_s"`
		OtherMaxS float64 `json:"other_wait_max_s,omitempty"`
		OtherShed float64 `json:"other_shed_forecast,omitempty"` // a share, 0..1
	}{h.Side.String(), secs(h.At + h.FullIn), secs(h.Wait), secs(h.OtherWait), round(h.OtherShed, 3)}
	return json.Marshal(out)
}
