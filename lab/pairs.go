// Pairs: the requests of two runs on identical traffic, paired by their place in the
// schedule, and what each pair's fates say about a counter (McNemar's discordant pairs).

package lab

import (
	"math"
	"time"
)

// Fate is where one request stands: still in flight, or how it ended (an Outcome, or turned
// away for a Reason). Each is one counter of the comparison.
type Fate uint8

// FateInFlight is a request accepted and not finished; the others are Ended and TurnedAway.
const (
	FateInFlight Fate = iota
	numFates          = Fate(1 + numOutcomes + numReasons)
)

const numOutcomes = 3 // OK, Failed, TimedOut

// Fates lists every fate: in flight, the outcomes, then the rejections by reason.
var Fates = func() (out [numFates]Fate) {
	for i := range out {
		out[i] = Fate(i)
	}
	return out
}()

// Ended is the fate of a request a worker finished with outcome o.
func Ended(o Outcome) Fate { return Fate(1 + o) }

// TurnedAway is the fate of a request rejected for reason r.
func TurnedAway(r Reason) Fate { return Fate(1 + numOutcomes + r) }

// Away says f is turned away, for any reason.
func (f Fate) Away() bool { return f > numOutcomes }

// NotOK says f is not ok: failed, timed out, turned away for any reason, or still in
// flight, as ok% counts it (a verdict's "not ok 0 → 203" beside 5792 orders in flight read
// as the postmortem's "errors 0.0%", the very illusion the moment shows).
func (f Fate) NotOK() bool { return f != Ended(OK) && f < numFates }

// Pairs is the pairing tally of a comparison at one instant, kept by the engine while both
// runs go. Open-loop arrivals follow the schedule alone, so the k-th arrival of a class in
// A is the k-th in B: a pair. Requests with no partner (an impatient user's duplicate, a
// closed-loop user's send, a health check one fleet's balancer did not send, and, for a
// moment, one the other run has not sent yet) are counted alone.
type Pairs struct {
	// Both[c][a][b] counts the requests of class c that arrived in both runs and stand at
	// fate a in A and fate b in B.
	Both [numClasses][numFates][numFates]int64
	// Alone[side][c][f] counts those of class c that arrived in run side (0 is A) alone, at fate f.
	Alone [2][numClasses][numFates]int64
	// Blocks[c][f][side] counts class c's blocks (BlockSize consecutive places in the
	// schedule) with more requests at fate f in run side than in the other: a block's
	// difference, A's count at f minus B's, is positive ([0]) or negative ([1]); blocks at
	// 0 are not counted. A block still open (a pair of it not settled on both sides) counts
	// with its difference so far; a request with no place in the schedule is a block of
	// its own. Kept while both runs send open loop.
	Blocks [numClasses][numFates][2]int64
}

// BlockSpan is about how much of the schedule a block of a class's arrivals spans
// (BlockSize): long enough that a replica pulled a little later in one run flips a few
// blocks, not dozens of pairs; short enough that a difference lasting a second fills the
// ten blocks all one way that an exact sign test needs at Holm's level for a dozen rows
// (2·2⁻¹⁰ < 0.05/16). Measured on fleet-domino (README: telling a result from noise):
// 0.2 and 0.3 s remove no more false results than 0.1 s, and 0.5 s loses some of
// fleet-bulkhead's real ones.
const BlockSpan = 200 * time.Millisecond

// BlockSize is how many consecutive arrivals of a class form one block: those its peak
// rate sends in BlockSpan, at least 1.
func BlockSize(t TrafficConfig, c Class) int64 {
	return max(1, int64(math.Round(t.PeakRate(c)*BlockSpan.Seconds())))
}

// Leaning is class c's blocks at fate f whose difference leans to A and to B (Blocks).
func (p *Pairs) Leaning(c Class, f Fate) (toA, toB int64) {
	return p.Blocks[c][f][0], p.Blocks[c][f][1]
}

// Discordant is McNemar's pairs for fate f of class c: b, the pairs at f in A and at
// another fate in B, and c the other way round.
func (p *Pairs) Discordant(c Class, f Fate) (b, cc int64) {
	return p.DiscordantAmong(c, func(g Fate) bool { return g == f })
}

// DiscordantAmong is Discordant for a counter of several fates, those in says belong to
// (every rejection reason as turned away): a pair moved from one of them to another is not
// discordant.
func (p *Pairs) DiscordantAmong(c Class, in func(Fate) bool) (b, cc int64) {
	for f := range Fate(numFates) {
		for g := range Fate(numFates) {
			if in(f) && !in(g) {
				b += p.Both[c][f][g]
				cc += p.Both[c][g][f]
			}
		}
	}
	return b, cc
}

// AloneAt is how many requests of class c at fate f arrived in A alone and in B alone.
func (p *Pairs) AloneAt(c Class, f Fate) (a, b int64) { return p.Alone[0][c][f], p.Alone[1][c][f] }

// At is class c's count at fate f in the stats.
func (s ClassStats) At(f Fate) int64 {
	return atFate(f, s.OK, s.Failed, s.TimedOut, s.InFlight, s.Rejected[:])
}

// atFate is the one of a class's figures that fate f names: a count or a rate.
func atFate[T int64 | float64](f Fate, ok, failed, timedOut, inFlight T, rejected []T) T {
	switch {
	case f == FateInFlight:
		return inFlight
	case f <= numOutcomes:
		return [...]T{ok, failed, timedOut}[f-1]
	}
	return rejected[f-1-numOutcomes]
}
