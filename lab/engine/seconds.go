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

// everySecond calls take(k, last) at each whole second k from start and, in a bounded run,
// at end (last), once sent is closed (a late generator may still owe arrivals scheduled before the
// end: the last sample, and so the report, waits for them). It returns when ctx ends or
// after the last sample.
func everySecond(ctx context.Context, start, end time.Time, sent <-chan struct{}, take func(k int, last bool)) {
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	for k := 1; ; k++ {
		at := start.Add(time.Duration(k) * time.Second)
		last := !end.IsZero() && !at.Before(end)
		if last {
			at = end
		} else {
			// Just before the whole second: the lead places the pool's state sample; what
			// happened is counted whole second to whole second (seconds.take).
			at = at.Add(-sampleLead)
		}
		timer.Reset(time.Until(at))
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		if last {
			select {
			case <-ctx.Done():
				return
			case <-sent:
			}
		}
		take(k, last)
		if last {
			return
		}
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
	before func(k int) [numClasses]lab.ClassStats // the counts of what happened before second k (all, k < 0)
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

// take records sec, which holds the moment's state (the pool, the dependency, the rates),
// with what the classes did from the whole second before it to its own (the last: to now),
// and the workers each held on average since the last sample, from held, the pool's
// worker-time per class (the first span from start). The state is the sample's, a lead
// before the second; the counts wait for the second to pass, a lead more for stragglers.
func (s *seconds) take(sec lab.Second, held [numClasses]time.Duration, start time.Time, last bool) {
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
	var sent [numClasses]int64
	bySchedule := false
	if s.sent != nil {
		sent, bySchedule = s.sent(sec.T)
	}
	upTo := -1
	if !last {
		upTo = sec.T
		time.Sleep(time.Until(start.Add(time.Duration(sec.T)*time.Second + sampleLead)))
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
