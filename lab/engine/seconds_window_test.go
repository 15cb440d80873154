package engine

import (
	"slices"
	"testing"
	"time"

	"poollab/lab"
)

// A Second holds what happened from one whole second to the next, [k−1s, ks), by each
// event's own instant, not by when the sampler read the counters: read 10ms before each
// second (and the last at the end), closed-loop's "5–10s" held 4.99s to 10s, the send due at
// 4.99s in it, and read 80.4/s of 401 sends (newcomer 82 W3).
func TestSecondsAreWholeSecondToWholeSecond(t *testing.T) {
	start := time.Now().Add(-time.Hour)
	at := func(ms int) time.Time { return start.Add(time.Duration(ms) * time.Millisecond) }
	m := newClassMetrics(start)
	s := seconds{before: func(upTo time.Time) (out [numClasses]lab.ClassStats) {
		out[lab.Payment] = m.before(upTo)
		return out
	}}
	second := func(k int) time.Time { return start.Add(time.Duration(k) * time.Second) }
	send := func(ms, took int) {
		m.arrive(at(ms), false)
		m.finish(lab.OK, false, at(ms), at(ms), at(ms+took))
	}
	send(3990, 1)
	send(4990, 1)  // in second 5 (4–5s), its reply too
	send(5000, 1)  // at 5.000s exactly: the next second's, [a, b)
	send(5990, 20) // its reply after 6s: in second 7 (6–7s)
	s.take(lab.Second{T: 5}, second(5))
	// A straggler: an event of second 5 counted after it was taken goes in the next one
	// taken, so the seconds still add up to the totals.
	send(4995, 1)
	s.take(lab.Second{T: 6}, second(6))
	send(9000, 1)
	s.take(lab.Second{T: 7}, time.Time{}) // the last: all so far
	type got struct{ arrived, ok int64 }
	want := []got{{2, 2}, {3, 2}, {1, 2}}
	var arrived, ok int64
	for i, sec := range s.timeline() {
		g := got{sec.Arrived[lab.Payment], sec.OK[lab.Payment]}
		if g != want[i] {
			t.Errorf("second %d: arrived, ok %v, want %v", sec.T, g, want[i])
		}
		arrived, ok = arrived+g.arrived, ok+g.ok
	}
	if c := m.counts(); arrived != c.Arrived || ok != c.OK {
		t.Errorf("the seconds add up to %d arrived, %d ok; the totals %d, %d", arrived, ok, c.Arrived, c.OK)
	}
}

// A fleet's replica's counts have two readers, the replica's timeline and the fleet's: the
// first to read a second takes it, and each timeline still gets every second's counts, as
// the change in the running totals since its own previous read.
func TestSecondsTwoReaders(t *testing.T) {
	start := time.Now().Add(-time.Hour)
	at := func(ms int) time.Time { return start.Add(time.Duration(ms) * time.Millisecond) }
	second := func(k int) time.Time { return start.Add(time.Duration(k) * time.Second) }
	m := newClassMetrics(start)
	reader := func() *seconds {
		return &seconds{before: func(upTo time.Time) (out [numClasses]lab.ClassStats) {
			out[lab.Payment] = m.before(upTo)
			return out
		}}
	}
	replica, fleet := reader(), reader()
	send := func(ms int) {
		m.arrive(at(ms), false)
		m.finish(lab.OK, false, at(ms), at(ms), at(ms+1))
	}
	send(500)
	send(600)
	replica.take(lab.Second{T: 1}, second(1))
	fleet.take(lab.Second{T: 1}, second(1)) // second 1 already taken, by the replica's
	send(1500)
	fleet.take(lab.Second{T: 2}, second(2)) // now the fleet's first
	send(1700)                              // a straggler, counted between the two reads
	replica.take(lab.Second{T: 2}, second(2))
	replica.take(lab.Second{T: 3}, time.Time{})
	fleet.take(lab.Second{T: 3}, time.Time{})
	for name, s := range map[string]*seconds{"replica": replica, "fleet": fleet} {
		var ok []int64
		for _, sec := range s.timeline() {
			ok = append(ok, sec.OK[lab.Payment])
		}
		if !slices.Equal(ok, []int64{2, 1, 1}) {
			t.Errorf("%s's timeline: ok %v a second, want [2 1 1]: the straggler in the second read after it", name, ok)
		}
	}
}
