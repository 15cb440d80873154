// Tests of the pairing tally: scripted arrivals and fates on both sides, in every order.

package engine

import (
	"sync"
	"testing"

	"poollab/internal/testwait"
	"poollab/lab"
)

var (
	fateInFlight = lab.FateInFlight
	fateOK       = lab.Ended(lab.OK)
	fateFailed   = lab.Ended(lab.Failed)
	fateTimedOut = lab.Ended(lab.TimedOut)
	fatePoolFull = lab.TurnedAway(lab.RejectPool)
)

// A scripted comparison: pairs whose sides arrive and settle in either order, a duplicate
// with no partner, a health check one side never sends; each step's tally checked.
func TestPairingScript(t *testing.T) {
	p := NewPairing()
	a, b := p.join(0, lab.TrafficConfig{}, true), p.join(1, lab.TrafficConfig{}, true)
	pay, hc := lab.Payment, lab.Health
	type cell struct {
		c    lab.Class
		a, b lab.Fate
		n    int64
	}
	type alone struct {
		side int
		c    lab.Class
		f    lab.Fate
		n    int64
	}
	steps := []struct {
		what    string
		do      func()
		both    []cell
		alone   []alone
		pending int
	}{
		{"A sends payment 1", func() { a.arrive(pay, 1) }, nil, []alone{{0, pay, fateInFlight, 1}}, 1},
		{"B sends it too: a pair in flight", func() { b.arrive(pay, 1) }, []cell{{pay, fateInFlight, fateInFlight, 1}}, nil, 1},
		{"A answers it", func() { a.settle(pay, 1, fateOK) }, []cell{{pay, fateOK, fateInFlight, 1}}, nil, 1},
		{"B turns it away: settled on both, forgotten", func() { b.settle(pay, 1, fatePoolFull) }, []cell{{pay, fateOK, fatePoolFull, 1}}, nil, 0},
		{"B sends payment 2 first", func() { b.arrive(pay, 2) }, []cell{{pay, fateOK, fatePoolFull, 1}}, []alone{{1, pay, fateInFlight, 1}}, 1},
		{"and answers it before A sends it", func() { b.settle(pay, 2, fateOK) }, []cell{{pay, fateOK, fatePoolFull, 1}}, []alone{{1, pay, fateOK, 1}}, 1},
		{"A sends it: a pair again", func() { a.arrive(pay, 2) }, []cell{{pay, fateOK, fatePoolFull, 1}, {pay, fateInFlight, fateOK, 1}}, nil, 1},
		{"A times out", func() { a.settle(pay, 2, fateTimedOut) }, []cell{{pay, fateOK, fatePoolFull, 1}, {pay, fateTimedOut, fateOK, 1}}, nil, 0},
		{"a duplicate on A: alone", func() { a.arrive(pay, 0) }, []cell{{pay, fateOK, fatePoolFull, 1}, {pay, fateTimedOut, fateOK, 1}},
			[]alone{{0, pay, fateInFlight, 1}}, 0},
		{"it fails", func() { a.settle(pay, 0, fateFailed) }, []cell{{pay, fateOK, fatePoolFull, 1}, {pay, fateTimedOut, fateOK, 1}},
			[]alone{{0, pay, fateFailed, 1}}, 0},
		{"B's balancer skips check 1", func() { b.skip(hc, 1) }, []cell{{pay, fateOK, fatePoolFull, 1}, {pay, fateTimedOut, fateOK, 1}},
			[]alone{{0, pay, fateFailed, 1}}, 1},
		{"A sends it: alone for good", func() { a.arrive(hc, 1) }, []cell{{pay, fateOK, fatePoolFull, 1}, {pay, fateTimedOut, fateOK, 1}},
			[]alone{{0, pay, fateFailed, 1}, {0, hc, fateInFlight, 1}}, 1},
		{"A answers it: forgotten", func() { a.settle(hc, 1, fateOK) }, []cell{{pay, fateOK, fatePoolFull, 1}, {pay, fateTimedOut, fateOK, 1}},
			[]alone{{0, pay, fateFailed, 1}, {0, hc, fateOK, 1}}, 0},
	}
	for _, st := range steps {
		st.do()
		var want lab.Pairs
		for _, c := range st.both {
			want.Both[c.c][c.a][c.b] = c.n
		}
		for _, c := range st.alone {
			want.Alone[c.side][c.c][c.f] = c.n
		}
		if got := a.look(); got.Both != want.Both || got.Alone != want.Alone { // its blocks: TestPairingBlocks
			t.Fatalf("%s: tally\n%+v\nwant\n%+v", st.what, *got, want)
		}
		if len(p.pending) != st.pending {
			t.Fatalf("%s: %d pending, want %d", st.what, len(p.pending), st.pending)
		}
	}
	// McNemar's pairs, read off the tally: ok in A and not in B once, the other way once.
	if bb, cc := a.look().Discordant(pay, fateOK); bb != 1 || cc != 1 {
		t.Errorf("payment ok: discordant %d and %d, want 1 and 1", bb, cc)
	}
}

// Both sides at once, each in its own order, under the race detector: every pair lands in
// the cell of its two fates, every block of 5 is counted by the sign of its differences,
// and nothing is held once all are settled.
func TestPairingConcurrent(t *testing.T) {
	const n, size = 3000, 5
	var traffic lab.TrafficConfig
	traffic.Signup.Rate = size / lab.BlockSpan.Seconds()
	p := NewPairing()
	sides := [2]*pairSide{p.join(0, traffic, true), p.join(1, traffic, true)}
	fate := func(side int, i int64) lab.Fate {
		if side == 0 && i%3 == 0 || side == 1 && i%5 == 0 {
			return fatePoolFull
		}
		return fateOK
	}
	var wg sync.WaitGroup
	for side, s := range sides {
		wg.Go(func() {
			// A settles each request at once; B keeps 7 in flight, settling them late.
			var held []int64
			for i := int64(1); i <= n; i++ {
				s.arrive(lab.Signup, i)
				held = append(held, i)
				if side == 0 || len(held) > 7 {
					s.settle(lab.Signup, held[0], fate(side, held[0]))
					held = held[1:]
				}
				if i%500 == 0 {
					s.look() // a snapshot meanwhile
				}
			}
			for _, i := range held {
				s.settle(lab.Signup, i, fate(side, i))
			}
		})
	}
	wg.Wait()
	var want lab.Pairs
	for i := int64(1); i <= n; i++ {
		want.Both[lab.Signup][fate(0, i)][fate(1, i)]++
	}
	for first := int64(1); first <= n; first += size {
		var diff [len(lab.Fates)]int64
		for i := first; i < first+size; i++ {
			diff[fate(0, i)]++
			diff[fate(1, i)]--
		}
		for f, d := range diff {
			if d > 0 {
				want.Blocks[lab.Signup][f][0]++
			} else if d < 0 {
				want.Blocks[lab.Signup][f][1]++
			}
		}
	}
	if got := sides[1].look(); *got != want || len(p.pending) != 0 || len(p.open) != 0 {
		t.Errorf("tally %+v, blocks %+v with %d pending, %d blocks open\nwant %+v, %+v and none",
			got.Both[lab.Signup], got.Blocks[lab.Signup], len(p.pending), len(p.open), want.Both[lab.Signup], want.Blocks[lab.Signup])
	}
}

// A closed loop on either side pairs nothing: what was held waiting for a partner counts
// alone, and nothing more is held.
func TestPairingClosedLoop(t *testing.T) {
	p := NewPairing()
	a := p.join(0, lab.TrafficConfig{}, true)
	a.arrive(lab.Payment, 1)
	b := p.join(1, lab.TrafficConfig{}, false)
	b.arrive(lab.Payment, 0)
	a.arrive(lab.Payment, 2)
	a.settle(lab.Payment, 1, fateOK)
	b.settle(lab.Payment, 0, fateOK)
	var want lab.Pairs
	want.Alone[0][lab.Payment][fateOK], want.Alone[0][lab.Payment][fateInFlight] = 1, 1
	want.Alone[1][lab.Payment][fateOK] = 1
	if got := a.look(); *got != want || len(p.pending) != 0 {
		t.Errorf("tally %+v with %d pending, want %+v and none", got.Alone, len(p.pending), want.Alone)
	}
}

// A lab alone when looked at is not compared: no tally, and nothing kept for a partner
// that will never come. One that stops ends the tally where it was.
func TestPairingAloneAndStopped(t *testing.T) {
	p := NewPairing()
	a := p.join(0, lab.TrafficConfig{}, true)
	a.arrive(lab.Payment, 1)
	if got := a.look(); got != nil || p.pending != nil {
		t.Errorf("a lone lab: tally %v, %d held; want none", got, len(p.pending))
	}
	a.arrive(lab.Payment, 2) // counts nothing, holds nothing
	if p.pending != nil {
		t.Errorf("a lone lab holds %d after its first look", len(p.pending))
	}

	p = NewPairing()
	a, b := p.join(0, lab.TrafficConfig{}, true), p.join(1, lab.TrafficConfig{}, true)
	a.arrive(lab.Payment, 1)
	b.arrive(lab.Payment, 1)
	b.leave()
	a.settle(lab.Payment, 1, fateFailed) // the stopped lab cancelled its calls: not counted
	var want lab.Pairs
	want.Both[lab.Payment][fateInFlight][fateInFlight] = 1
	if got := a.look(); *got != want || p.pending != nil {
		t.Errorf("after B stopped: %+v, %d held; want the pair in flight, none held", got.Both[lab.Payment], len(p.pending))
	}

	var none *pairSide // a lab that is not compared
	none.arrive(lab.Payment, 1)
	none.settle(lab.Payment, 1, fateOK)
	none.skip(lab.Payment, 1)
	none.leave()
	if none.look() != nil || (*Pairing)(nil).join(0, lab.TrafficConfig{}, true) != nil {
		t.Error("no pairing: want no tally")
	}
}

// Two real labs on one schedule, with a pairing: once every request has settled, every
// arrival has found its partner, and the tally's sides are exactly each lab's books.
func TestPairingRealPair(t *testing.T) {
	a := scaled()
	b := a
	b.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 5}
	o := Options{Pairing: NewPairing()}
	var engines [2]Engine
	for i, cfg := range []lab.Config{a, b} {
		oi := o.Side(i)
		oi.Until = cfg.Duration.D()
		e, err := Launch(cfg, oi)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Stop()
		engines[i] = e
	}
	var snaps [2]lab.Snapshot
	for i, e := range engines {
		<-e.done()
		// The calls under way at the end finish a dependency's latency later.
		testwait.WaitFor(t, func() bool { snaps[i] = e.Snapshot(); return !busy(snaps[i]) }, "the calls under way at the end to finish")
	}
	tally := engines[1].Snapshot().Pairs
	if tally == nil {
		t.Fatal("no tally")
	}
	for side, s := range snaps {
		for _, c := range lab.Classes {
			for _, f := range lab.Fates {
				var n int64
				for _, g := range lab.Fates {
					if side == 0 {
						n += tally.Both[c][f][g]
					} else {
						n += tally.Both[c][g][f]
					}
				}
				if n != s.Classes[c].At(f) || tally.Alone[side][c][f] != 0 {
					t.Errorf("%c %s fate %d: %d paired, %d alone; the books say %d", 'A'+side, c, f, n, tally.Alone[side][c][f], s.Classes[c].At(f))
				}
			}
		}
	}
	// The bulkhead changed who was served: the signups A starved, B served.
	if bb, cc := tally.Discordant(lab.Signup, lab.TurnedAway(lab.RejectPool)); bb == 0 || cc != 0 {
		t.Errorf("signups turned away in A and not B: %d, the other way %d; want some and none", bb, cc)
	}
}

// busy says some request of s is still in flight.
func busy(s lab.Snapshot) bool {
	for _, c := range s.Classes {
		if c.InFlight > 0 {
			return true
		}
	}
	return false
}

// A scripted comparison's blocks (payments in twos, health checks one by one): each
// step's count of blocks leaning to A and to B at each fate, open blocks with their
// difference so far, closed ones for good, and nothing held once a block has settled.
func TestPairingBlocks(t *testing.T) {
	var traffic lab.TrafficConfig
	traffic.Payment.Rate = 2 / lab.BlockSpan.Seconds()
	traffic.Health.Rate = 1 / lab.BlockSpan.Seconds()
	p := NewPairing()
	a, b := p.join(0, traffic, true), p.join(1, traffic, true)
	pay, hc := lab.Payment, lab.Health
	type lean struct {
		c        lab.Class
		f        lab.Fate
		toA, toB int64
	}
	steps := []struct {
		what  string
		do    func()
		leans []lean
		open  int
	}{
		{"both send payment 1: no difference", func() { a.arrive(pay, 1); b.arrive(pay, 1) }, nil, 1},
		{"A sends payment 2: one more in flight in A", func() { a.arrive(pay, 2) }, []lean{{pay, fateInFlight, 1, 0}}, 1},
		{"A answers payment 1: as many in flight again", func() { a.settle(pay, 1, fateOK) }, []lean{{pay, fateOK, 1, 0}}, 1},
		{"B turns it away", func() { b.settle(pay, 1, fatePoolFull) },
			[]lean{{pay, fateOK, 1, 0}, {pay, fatePoolFull, 0, 1}, {pay, fateInFlight, 1, 0}}, 1},
		{"B sends payment 2: as many in flight", func() { b.arrive(pay, 2) }, []lean{{pay, fateOK, 1, 0}, {pay, fatePoolFull, 0, 1}}, 1},
		{"both answer it: the block closes, ok 2 to 1, pool full 0 to 1", func() { a.settle(pay, 2, fateOK); b.settle(pay, 2, fateOK) },
			[]lean{{pay, fateOK, 1, 0}, {pay, fatePoolFull, 0, 1}}, 0},
		{"B's balancer skips check 1, A's answers it: a block of one", func() { b.skip(hc, 1); a.arrive(hc, 1); a.settle(hc, 1, fateOK) },
			[]lean{{pay, fateOK, 1, 0}, {pay, fatePoolFull, 0, 1}, {hc, fateOK, 1, 0}}, 0},
		{"a duplicate on B fails: a block of its own", func() { b.arrive(pay, 0); b.settle(pay, 0, fateFailed) },
			[]lean{{pay, fateOK, 1, 0}, {pay, fatePoolFull, 0, 1}, {hc, fateOK, 1, 0}, {pay, fateFailed, 0, 1}}, 0},
		{"both send payment 3, A times out", func() { a.arrive(pay, 3); b.arrive(pay, 3); a.settle(pay, 3, fateTimedOut) },
			[]lean{{pay, fateOK, 1, 0}, {pay, fatePoolFull, 0, 1}, {hc, fateOK, 1, 0}, {pay, fateFailed, 0, 1},
				{pay, fateTimedOut, 1, 0}, {pay, fateInFlight, 0, 1}}, 1},
		{"B stops: the open block counts as it stands, and nothing after", func() { b.leave(); b.settle(pay, 3, fateOK); a.arrive(pay, 4) },
			[]lean{{pay, fateOK, 1, 0}, {pay, fatePoolFull, 0, 1}, {hc, fateOK, 1, 0}, {pay, fateFailed, 0, 1},
				{pay, fateTimedOut, 1, 0}, {pay, fateInFlight, 0, 1}}, 0},
	}
	for _, st := range steps {
		st.do()
		var want lab.Pairs
		for _, l := range st.leans {
			want.Blocks[l.c][l.f] = [2]int64{l.toA, l.toB}
		}
		got := a.look()
		if got.Blocks != want.Blocks {
			t.Fatalf("%s: blocks\n%v\nwant\n%v", st.what, got.Blocks, want.Blocks)
		}
		if len(p.open) != st.open {
			t.Fatalf("%s: %d blocks open, want %d", st.what, len(p.open), st.open)
		}
		if l, r := got.Leaning(pay, fateOK); l != want.Blocks[pay][fateOK][0] || r != want.Blocks[pay][fateOK][1] {
			t.Fatalf("%s: payment ok leaning %d, %d", st.what, l, r)
		}
	}
}
