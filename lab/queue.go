// QueueSize: pool.queue, a number of places or unbounded.

package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// QueueSize is the shared pool's accept queue: how many requests may wait for a worker, or
// QueueUnbounded, where every waiting request is a goroutine of its own blocked on the pool,
// as in a Go server that starts one per request, with no cap at all.
type QueueSize int

// QueueUnbounded is written "unbounded" in preset files, --set and reports; no number
// written reads as it.
const QueueUnbounded QueueSize = math.MinInt

// Unbounded says no request is ever turned away for want of a queue place.
func (q QueueSize) Unbounded() bool { return q == QueueUnbounded }

// Holds says requests may wait for a worker: a queue of places, or unbounded.
func (q QueueSize) Holds() bool { return q != 0 }

func (q QueueSize) String() string {
	if q.Unbounded() {
		return "unbounded"
	}
	return strconv.Itoa(int(q))
}

// UnmarshalText reads a whole number or the word unbounded; the range is Validate's.
func (q *QueueSize) UnmarshalText(b []byte) error {
	text := strings.TrimSpace(string(b))
	if text == "unbounded" {
		*q = QueueUnbounded
		return nil
	}
	n, err := strconv.Atoi(text)
	switch {
	case errors.Is(err, strconv.ErrRange), err == nil && QueueSize(n) == QueueUnbounded:
		return fmt.Errorf("%s is out of range", Quote(string(b)))
	case err != nil:
		return fmt.Errorf("%s is not a whole number or unbounded", Quote(string(b)))
	}
	*q = QueueSize(n)
	return nil
}

// MarshalJSON keeps a bounded queue a number in reports, and says "unbounded" otherwise.
func (q QueueSize) MarshalJSON() ([]byte, error) {
	if q.Unbounded() {
		return json.Marshal(q.String())
	}
	return json.Marshal(int(q))
}

// QueueGrowth is how fast the pool's queue grows now, as measured: the change in its length
// over the seconds Rates spans (Rates.Span), from the sample before them (or the start,
// empty) to the last, a second; false before the first. The same window as the table's /s
// rows: once the pool is full all window long, their arrivals less their ends on a worker
// account for it (while it fills, workers take some arrivals first). Random arrivals make it
// stray from the forecast's growth at the set rates.
func (s *Snapshot) QueueGrowth() (perSec float64, ok bool) {
	tl := s.wholeSeconds()
	n := len(tl)
	if n == 0 {
		return 0, false
	}
	first, last := max(n-RateWindow, 0), tl[n-1]
	start := 0 // the queue at the run's start
	if first > 0 {
		start = tl[first-1].Queued
	}
	return float64(last.Queued-start) / float64(last.T-(tl[first].T-1)), true
}

// Bunched says why the queue's growth g, measured over the table's /s window (QueueGrowth),
// strays from the forecast's at the set rates, q, further than random arrivals explain (two
// standard deviations of their count in the window): the pool filled in less than a hold,
// so its workers, all taken in that spell, free in bunches, one every hold, and a window
// that is no whole number of holds counts more bunches, or fewer, than the steady rate
// (long-queue at 8s: 0.8/s in 3–8s, two bunches of 20 in it, against 5/s; newcomer 40 #1).
// false within chance, or where the pool took a hold or longer to fill. Nor where the
// bunches are not known to last: after a settings change (the gap may be the change, not
// bunches of the old hold), or where the dependency's jitter has spread them: a worker's
// free time drifts by a uniform ±jitter each hold, so after k holds by jitter × √(k/3) (the
// sum's standard deviation), and past a quarter of a hold the bunches run into each other
// (review 34 M4).
func (s *Snapshot) Bunched(q QueueForecast, hold time.Duration, g float64) bool {
	r := s.Rates()
	if r.Seconds == 0 || s.Pool.FullFrom <= 0 || s.Pool.FullFrom >= hold || s.SettingsChanged {
		return false
	}
	if holds := s.Elapsed.Seconds() / hold.Seconds(); s.Config.Dependency.Jitter.D().Seconds()*math.Sqrt(holds/3) > hold.Seconds()/4 {
		return false
	}
	secs := float64(r.Seconds)
	return math.Abs(g-q.Growth) > chanceBand(q.Arrivals*secs)/secs
}

// QueueFullIn is how long from now a queue of places, growing at growth a second from its
// length now, takes to be full, the figure the words say ("full in ~16.2s more"): 0 when
// it does not grow, or has been full already (then it no longer fills, it turns requests
// away).
func (s *Snapshot) QueueFullIn(places QueueSize, growth float64) time.Duration {
	if growth <= 0 || places.Unbounded() || s.Pool.PeakQueued >= int(places) {
		return 0
	}
	left := max(float64(int(places)-s.Pool.Queued), 0)
	return time.Duration(left / growth * float64(time.Second))
}

// QueueGrowthSaid is the clause on a bounded queue filling behind a full pool: its growth
// until full at the set rates and how long it takes to fill (in, QueueFullIn), the arithmetic of those leaving,
// then what the run measured so far, and, where the two stray apart beyond chance, why.
// The forecast is said as the long run's, and the mean hold from the workers needed said
// before it: "30 workers' load" read in more than one pass, and "grows 5/s" beside "so far
// 0.8/s" read as a claim the run broke; the bunches now say how a few seconds' growth comes
// in steps (newcomer 48 G-minor-6). "2.00s" from nowhere, and "10/s leave" beside payments'
// 20 ÷ 3.0s = 6.7/s, read as wrong (newcomer 43 G-17); the measured arrivals beside the
// forecast's, so a growth off it is seen to be theirs, the bunches' or both (newcomer 41 G12).
func (s *Snapshot) QueueGrowthSaid(f Forecast, in time.Duration) string {
	q, pay := f.Queue, f.Classes[Payment]
	// Full in, counted from now: "full at ~18.8s" beside a first full at 1.6s and a measured
	// 7/s was rebuilt only as 12s + (100 − 66) ÷ 5/s (newcomer 49 g4); "more", or "full in
	// ~13.4s" beside "8.0s" read as from the start (newcomer 54). "30 needed", its workers
	// said where the sentence began ("= 30 workers"), so "more" costs 80x24 no line.
	// Whose mean hold it is, all the arrivals', the traffic line's rates added up: "2.00s
	// mean hold" beside payments' 3.0s and signups' 2ms read as nobody's (newcomer 59
	// G-minor 17). "all" alone: "over all 15/s" cost long-queue's 80x24 its queue row.
	// "Until full", not "in the long run": elsewhere the long run is the steady state, which
	// a queue that fills reaches only once full (newcomer 65 W-minor 17).
	said := fmt.Sprintf("; until full, the queue grows %s, full in ~%s more: %s arrive, %s leave (%s payments): %d workers ÷ %s mean hold (%s needed ÷ all %s)",
		FmtPerSec(q.Growth), FmtSecs(in), FmtPerSec(q.Arrivals), FmtPerSec(q.Leave), FmtPerSec(q.LeaveOf(pay.Rate)),
		f.Workers, q.HoldSaid(f.Workers), FmtWorkers(f.OfferedLoad), FmtPerSec(q.Arrivals))
	g, ok := s.QueueGrowth()
	if !ok {
		return said
	}
	r := s.Rates()
	said += fmt.Sprintf("; so far it grew %s in %s, as %s arrived", FmtPerSec(g), r.Span(), FmtPerSec(r.ArrivedAll()))
	if s.Bunched(q, pay.Hold, g) {
		// "and", not a colon: after "as 13.6/s arrived" a colon made the bunches read as why
		// those arrived (review 35).
		said += fmt.Sprintf(" and the %d workers, all taken by %s, free together every %s: it grows in steps",
			f.Workers, FmtSecs(s.Pool.FullFrom), FmtSecs(pay.Hold))
	}
	return said
}

// OldestWaitingSaid is the queue line's words on the request still waiting that joined the
// queue first: "oldest waiting 5.1s (one of the payments)", short "oldest 5.1s"; "" with none waiting.
// Every latency the table gives is of a request that ended: the queue's are in none of them,
// and under LIFO the oldest are the ones that wait longest.
func (p PoolStats) OldestWaitingSaid(t TrafficConfig, short bool) string {
	if !p.hasOldest() {
		return ""
	}
	if short {
		return "oldest " + FmtSecs(p.OldestWaiting)
	}
	return "oldest waiting " + p.oldestAge(t)
}

// hasOldest says a request waits in the queue, whose age the snapshot read.
func (p PoolStats) hasOldest() bool { return p.Queued > 0 && p.OldestWaiting > 0 }

// oldestAge is the oldest waiting's age and class: "5.1s (one of the payments)".
func (p PoolStats) oldestAge(t TrafficConfig) string {
	return fmt.Sprintf("%s (%s)", FmtSecs(p.OldestWaiting), oneOfThe(t, p.OldestWaitingClass))
}

// NewestFirstSaid is a LIFO queue's lesson, said after the signups' wait p99: newest first
// serves most at once, and the oldest pay for it: "; newest first: the newest waiting is
// served next, while the oldest still waiting has waited 5.1s (one of the payments)". A wait p99 is
// of those picked up alone, which the oldest are not (397ms on seed 110 at 8s, beside 13
// signups queued). "" under another discipline, with none waiting, or no signup picked up.
func (s *Snapshot) NewestFirstSaid() string {
	w := s.Classes[Signup].QueueWait
	if s.Config.Pool.Discipline != LIFO || w.Count == 0 || !s.Pool.hasOldest() {
		return ""
	}
	// No median beside it: since the start it holds the signups served before the pool
	// filled, who waited nothing ("half waited 1.2ms or less" at 8s, review 43).
	return fmt.Sprintf("; newest first: the newest waiting is served next, while the oldest still waiting has waited %s",
		s.Pool.oldestAge(s.Config.Traffic))
}

// oneOfThe is one request of class c in the plural of its label, which may be plural already
// (the postmortem's "orders"), so no singular is guessed: "one of the payments".
func oneOfThe(t TrafficConfig, c Class) string { return "one of the " + Plural(t.Label(c)) }
