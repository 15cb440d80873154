// The per-second timeline: the sampler's clock and the record of each second.

package engine

import (
	"context"
	"sync"
	"time"

	"poollab/lab"
)

// sampleLead is how far before each whole second the sampler takes its sample.
const sampleLead = 10 * time.Millisecond

// maxTimeline bounds the live lab's memory: an hour of seconds.
const maxTimeline = 3600

// everySecond calls sample(k) at each whole second k from start, a sampleLead before it,
// and in a bounded run at end, once sent is closed (a late generator may still owe arrivals
// scheduled before the end: the last sample, and so the report, waits for them); then, the
// second passed and a lead more for stragglers, count with the sample and the instant to
// count up to: the whole second, zero for the last (all so far). It returns when ctx ends
// or after the last sample.
func everySecond(ctx context.Context, start, end time.Time, sent <-chan struct{}, sample func(k int) lab.Second, count func(lab.Second, time.Time)) {
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	wait := func(until time.Time) bool {
		timer.Reset(time.Until(until))
		select {
		case <-ctx.Done():
			return false
		case <-timer.C:
			return true
		}
	}
	for k := 1; ; k++ {
		upTo := start.Add(time.Duration(k) * time.Second)
		if !end.IsZero() && !upTo.Before(end) { // the last
			if !wait(end) {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-sent:
			}
			count(sample(k), time.Time{})
			return
		}
		// Just before the whole second: the lead places the pool's state sample; what
		// happened is counted whole second to whole second.
		if !wait(upTo.Add(-sampleLead)) {
			return
		}
		sec := sample(k)
		if !wait(upTo.Add(sampleLead)) {
			return
		}
		count(sec, upTo)
	}
}

// scheduled is what an open-loop generator sent, each class's count of those scheduled
// before each whole second: arrivals by their schedule, not by when the sampler
// read a counter the generator, late, was still raising (newcomer 36 #13: one seed read
// 488.4/s, 488.8/s and 488.2/s in three runs of the same 13172 arrivals).
type scheduled struct {
	mu    sync.Mutex
	marks [][numClasses]int64 // the marks not yet read, in order: the first is of second next
	next  int
	done  bool
	total [numClasses]int64 // all it sent, once done
	added chan struct{}     // closed (and replaced) at each mark and at finish: a reader's wake-up
}

// mark is the next second's: the counts sent, all scheduled before it.
func (s *scheduled) mark(sent [numClasses]int64) {
	s.mu.Lock()
	s.marks = append(s.marks, sent)
	s.wake()
	s.mu.Unlock()
}

// finish says the generator sent all it will: every later second's counts are sent.
func (s *scheduled) finish(sent [numClasses]int64) {
	s.mu.Lock()
	s.done, s.total = true, sent
	s.wake()
	s.mu.Unlock()
}

// wake tells a reader waiting in through that a mark came; s.mu is held.
func (s *scheduled) wake() {
	if s.added != nil {
		close(s.added)
		s.added = nil
	}
}

// through is the counts sent of those scheduled before whole second k (the end, for a
// bounded run's last), waiting for the generator to send them (a sampleLead past the
// sample, at least); false if ctx ends first. Seconds are read in order, once each.
func (s *scheduled) through(ctx context.Context, k int) ([numClasses]int64, bool) {
	for {
		s.mu.Lock()
		switch {
		case len(s.marks) > 0 && s.next < k: // the marks of seconds before k, read first
			got := s.marks[0]
			s.marks, s.next = s.marks[1:], s.next+1
			if s.next == k {
				s.mu.Unlock()
				return got, true
			}
			s.mu.Unlock()
			continue
		case s.done:
			s.mu.Unlock()
			return s.total, true
		}
		// Not sent yet (the generator's lag): wait for the next mark, not a poll (review 31 #11).
		if s.added == nil {
			s.added = make(chan struct{})
		}
		added := s.added
		s.mu.Unlock()
		select {
		case <-ctx.Done():
			return [numClasses]int64{}, false
		case <-added:
		}
	}
}

// seconds is the per-second record of a run: what its classes did in each whole second.
type seconds struct {
	before func(upTo time.Time) [numClasses]lab.ClassStats // the counts of what happened before upTo (all: zero)
	prev   [numClasses]lab.ClassStats
	// sent, where set, is the open-loop generator's sends by their schedule's second, read
	// for the arrivals (with impatient users' second tries, counted when sent); prevSent its last.
	sent     func(k int) ([numClasses]int64, bool)
	prevSent [numClasses]int64
	// The pool's worker-time per class at the previous sample, and when it was taken.
	prevHeld [numClasses]time.Duration
	prevAt   time.Time

	mu   sync.Mutex
	list []lab.Second
}

// hold sets sec.Held from held, the pool's worker-time per class now, at the sample: the
// workers each class held on average since the previous sample (the first: since start).
func (s *seconds) hold(sec *lab.Second, held [numClasses]time.Duration, start time.Time) {
	now, from := time.Now(), s.prevAt
	if from.IsZero() {
		from = start
	}
	if span := now.Sub(from); span > 0 {
		for c := range held {
			sec.Held[c] = float64(held[c]-s.prevHeld[c]) / float64(span)
		}
	}
	s.prevHeld, s.prevAt = held, now
}

// take records sec, which holds the moment's state (the pool, the dependency, the rates),
// with what the classes did from the whole second before it up to upTo (zero: all so far).
func (s *seconds) take(sec lab.Second, upTo time.Time) {
	var sent [numClasses]int64
	bySchedule := false
	if s.sent != nil {
		sent, bySchedule = s.sent(sec.T)
	}
	for c, cs := range s.before(upTo) {
		sec.Arrived[c] = cs.Arrived - s.prev[c].Arrived
		if bySchedule {
			sec.Arrived[c] = sent[c] - s.prevSent[c] + cs.Duplicates - s.prev[c].Duplicates
			s.prevSent[c] = sent[c]
		}
		sec.OK[c] = cs.OK - s.prev[c].OK
		sec.Failed[c] = cs.Failed - s.prev[c].Failed
		sec.TimedOut[c] = cs.TimedOut - s.prev[c].TimedOut
		sec.Served[c] = cs.Served - s.prev[c].Served
		sec.HeldFor[c] = cs.HeldFor - s.prev[c].HeldFor
		for r := range cs.Rejected {
			sec.Rejected[c][r] = cs.Rejected[r] - s.prev[c].Rejected[r]
		}
		s.prev[c] = cs
	}
	s.mu.Lock()
	if len(s.list) >= 2*maxTimeline {
		s.list = append([]lab.Second(nil), s.list[maxTimeline:]...)
	}
	s.list = append(s.list, sec)
	s.mu.Unlock()
}

// timeline is the record so far: a prefix of an array never rewritten, so it is shared safely.
func (s *seconds) timeline() []lab.Second {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.list[:len(s.list):len(s.list)]
}
