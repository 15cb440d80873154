// The pairing tally of a comparison: the requests of its two runs paired by their place in
// the schedule, counted as they arrive and as they end.

package engine

import (
	"sync"

	"poollab/lab"
)

// Pairing is one comparison's tally (lab.Pairs), shared by its two runs: make one per
// comparison run (NewPairing) and hand it to both through Options.Pairing. Both run the
// same schedule (same rates, arrival shape and seed), so the n-th arrival of a class on
// one side is the n-th on the other: a pair, whose two fates it keeps together. It holds a
// request only while the pair is not settled on both sides (in flight, or not yet sent on
// one), and a block (lab.BlockSize consecutive pairs) only while one of its pairs is, plus
// running totals: O(1) a request, O(pending) in memory.
//
// It pairs from the first lab's start, waiting for the second; a lab still alone when it
// is first looked at (a snapshot: the screen and Watch look only once both have started)
// is a lone run's, and the tally stops. A lab that stops (Stop) ends the tally too: what
// the calls it cancels do then is not what its last snapshot saw.
type Pairing struct {
	mu      sync.Mutex
	state   pairingState
	joined  [2]bool
	pending map[pairKey]pairEntry  // the pairs not settled on both sides
	size    [numClasses]int64      // each class's block size, from the first lab to join
	open    map[pairKey]*openBlock // the blocks not settled on both sides, by class and number (from 0)
	tally   lab.Pairs              // its Blocks count the closed blocks (look adds the open ones)
}

// openBlock is a block of pairs not all settled on both sides: its difference so far at
// each fate (A's requests there minus B's) and how many of its requests have settled, on
// either side, or will never arrive.
type openBlock struct {
	diff    [len(lab.Fates)]int64
	settled int64
}

type pairingState uint8

const (
	pairing  pairingState = iota // pairing the requests it hears of
	unpaired                     // a closed loop on either side: no arrival has a partner; every request counts alone
	over                         // a lab stopped, or was alone when looked at: it counts nothing more
)

// pairKey is a request's place in the schedule: its class and its number (from 1); or a
// block's: its class and its number (from 0).
type pairKey struct {
	class lab.Class
	n     int64
}

// pairEntry is one pair: each side's fate, whether it has arrived there, and whether it
// never will (gone: a fleet's balancer did not send that health check).
type pairEntry struct {
	fate          [2]lab.Fate
	arrived, gone [2]bool
}

// NewPairing is the tally of one comparison run.
func NewPairing() *Pairing {
	return &Pairing{pending: map[pairKey]pairEntry{}, open: map[pairKey]*openBlock{}}
}

// pairSide is one lab's end of a Pairing; nil for a lab that is not compared, whose
// methods then do nothing.
type pairSide struct {
	p    *Pairing
	side int
}

// join adds the lab of side (0 is A) before its traffic starts, t its traffic; scheduled:
// its arrivals follow the schedule. nil p: not compared. The blocks are sized by the
// first lab's traffic (both send the same, but for a fleet's health checks, one per
// replica and check interval).
func (p *Pairing) join(side int, t lab.TrafficConfig, scheduled bool) *pairSide {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.joined[1-side] {
		for _, c := range lab.Classes {
			p.size[c] = lab.BlockSize(t, c)
		}
	}
	p.joined[side] = true
	if !scheduled && p.state == pairing {
		// Every request held is one of the other side's, alone already: drop them.
		p.state, p.pending, p.open = unpaired, nil, nil
		p.tally.Blocks = [numClasses][len(lab.Fates)][2]int64{} // blocks of pairs no more
	}
	return &pairSide{p: p, side: side}
}

// arrive counts the arrival of a request of class c; n is its number in the schedule, 0
// for one that has none (a duplicate, a closed-loop send).
func (s *pairSide) arrive(c lab.Class, n int64) {
	p := s.lock(unpaired)
	if p == nil {
		return
	}
	defer p.mu.Unlock()
	if n == 0 || p.state == unpaired {
		p.tally.Alone[s.side][c][lab.FateInFlight]++
		if p.state == pairing {
			p.tally.Blocks[c][lab.FateInFlight][s.side]++ // a block of its own
		}
		return
	}
	_, b := p.blockOf(c, n)
	b.diff[lab.FateInFlight] += towards(s.side)
	k := pairKey{c, n}
	e := p.pending[k]
	e.arrived[s.side], e.fate[s.side] = true, lab.FateInFlight
	if o := 1 - s.side; e.arrived[o] { // its partner was alone until now
		p.tally.Alone[o][c][e.fate[o]]--
		p.tally.Both[c][e.fate[0]][e.fate[1]]++
	} else {
		p.tally.Alone[s.side][c][lab.FateInFlight]++
	}
	p.pending[k] = e
}

// settle records the fate of the request of class c numbered n (0: none) that arrived on
// this side: how it ended.
func (s *pairSide) settle(c lab.Class, n int64, f lab.Fate) {
	p := s.lock(unpaired)
	if p == nil {
		return
	}
	defer p.mu.Unlock()
	k := pairKey{c, n}
	e, held := p.pending[k]
	if n == 0 || !held { // alone, and not held: it moves from in flight to f
		p.tally.Alone[s.side][c][lab.FateInFlight]--
		p.tally.Alone[s.side][c][f]++
		if p.state == pairing { // a block of its own
			p.tally.Blocks[c][lab.FateInFlight][s.side]--
			p.tally.Blocks[c][f][s.side]++
		}
		return
	}
	bk, b := p.blockOf(c, n)
	b.diff[lab.FateInFlight] -= towards(s.side)
	b.diff[f] += towards(s.side)
	p.settleIn(bk, b)
	o := 1 - s.side
	if e.arrived[o] {
		p.tally.Both[c][e.fate[0]][e.fate[1]]--
		e.fate[s.side] = f
		p.tally.Both[c][e.fate[0]][e.fate[1]]++
	} else {
		p.tally.Alone[s.side][c][e.fate[s.side]]--
		e.fate[s.side] = f
		p.tally.Alone[s.side][c][f]++
	}
	p.keep(k, e)
}

// skip says the request of class c numbered n will never arrive on this side: the fleet's
// balancer passed a drained replica's turn to be checked.
func (s *pairSide) skip(c lab.Class, n int64) {
	p := s.lock(pairing)
	if p == nil {
		return
	}
	defer p.mu.Unlock()
	p.settleIn(p.blockOf(c, n))
	k := pairKey{c, n}
	e := p.pending[k]
	e.gone[s.side] = true
	p.keep(k, e)
}

// blockOf is the open block of class c's request numbered n (from 1), opened if need be.
// p.mu is held.
func (p *Pairing) blockOf(c lab.Class, n int64) (pairKey, *openBlock) {
	k := pairKey{c, (n - 1) / p.size[c]}
	b := p.open[k]
	if b == nil {
		b = &openBlock{}
		p.open[k] = b
	}
	return k, b
}

// settleIn counts one more request of block k settled, on one side, for good. Once every
// one has, on both sides, the block closes: its difference is final. p.mu is held.
func (p *Pairing) settleIn(k pairKey, b *openBlock) {
	if b.settled++; b.settled < 2*p.size[k.class] {
		return
	}
	delete(p.open, k)
	p.tally.Blocks[k.class] = addBlock(p.tally.Blocks[k.class], b)
}

// addBlock counts block b in tally (one class's lab.Pairs.Blocks), by the sign of its
// difference at each fate.
func addBlock(tally [len(lab.Fates)][2]int64, b *openBlock) [len(lab.Fates)][2]int64 {
	for f, d := range b.diff {
		switch {
		case d > 0:
			tally[f][0]++
		case d < 0:
			tally[f][1]++
		}
	}
	return tally
}

// towards is how one of side's requests counts in a block's difference: A's up, B's down.
func towards(side int) int64 { return int64(1 - 2*side) }

// keep stores e, or forgets it once neither side will change it again: both settled, or
// one settled and the other gone. p.mu is held.
func (p *Pairing) keep(k pairKey, e pairEntry) {
	done := func(side int) bool {
		return e.gone[side] || e.arrived[side] && e.fate[side] != lab.FateInFlight
	}
	if done(0) && done(1) {
		delete(p.pending, k)
		return
	}
	p.pending[k] = e
}

// look is a copy of the tally for a snapshot of this side; nil when the other side never
// joined: a lone run, which is not compared (the tally stops, holding nothing).
func (s *pairSide) look() *lab.Pairs {
	p := s.lock(over)
	if p == nil {
		return nil
	}
	defer p.mu.Unlock()
	if !p.joined[1-s.side] {
		p.state, p.pending, p.open = over, nil, nil
		return nil
	}
	t := p.withOpen()
	return &t
}

// withOpen is the tally with every open block counted as it stands, its difference so far.
// p.mu is held.
func (p *Pairing) withOpen() lab.Pairs {
	t := p.tally
	for k, b := range p.open {
		t.Blocks[k.class] = addBlock(t.Blocks[k.class], b)
	}
	return t
}

// leave ends the tally as this side's lab stops, before it cancels its calls: the
// snapshots taken before keep theirs, and nothing after counts.
func (s *pairSide) leave() {
	if p := s.lock(over); p != nil {
		p.tally = p.withOpen()
		p.state, p.pending, p.open = over, nil, nil
		p.mu.Unlock()
	}
}

// lock locks the tally for this side and returns it, or returns nil, locking nothing, when
// there is nothing to do: s is nil (a lab not compared), or the tally is past the state
// last (pairing < unpaired < over).
func (s *pairSide) lock(last pairingState) *Pairing {
	if s == nil {
		return nil
	}
	s.p.mu.Lock()
	if s.p.state > last {
		s.p.mu.Unlock()
		return nil
	}
	return s.p
}
