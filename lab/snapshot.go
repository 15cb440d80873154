// Snapshot: the whole lab at one instant, its per-second record (Second), and what the screen
// asks of it (rates, starvation, the invariant).

package lab

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Snapshot is the whole lab at one instant. It shares nothing mutable with the lab:
// slices in it are copies, or prefixes of append-only arrays the lab never rewrites.
type Snapshot struct {
	Config Config
	Chain  []string // the payment path in force, outermost stage first (shared: never written)
	Waits  []Phase  // what a worker holding a payment may wait for in that chain (shared: never written)
	// EnoughLeft is how much of its deadline a payment must have left now for the
	// enough-left stage to start its call (0 without a deadline, or unknown: a fleet's sum).
	EnoughLeft time.Duration
	// EnoughLeftAsked is the least and the most the enough-left stage has asked so far.
	EnoughLeftAsked DurationSpan
	// EnoughLeftLearned says the enough-left stage has heard a call answered: before, it
	// asks the chain's floor alone, whatever its rule says of recent calls.
	EnoughLeftLearned bool
	// EnoughLeftRefused counts the payments the enough-left stage turned away, of their
	// rejected:deadline (DeadlineSplit); a fleet's, its replicas' added up.
	EnoughLeftRefused int64
	Elapsed           time.Duration
	Classes           [numClasses]ClassStats
	Pool              PoolStats
	Bulkhead          BulkheadStats
	Breaker           BreakerStats
	Connections       ConnectionStats
	Orphans           OrphanStats
	Health            HealthStats
	Dependency        DependencyStats
	Generator         GeneratorStats
	Timeline          []Second // one entry per whole second of the run, oldest first
	Goroutines        int64    // goroutines this lab owns now: workers, bulkhead threads, orphaned calls, generator, sampler, the pool's watcher of wait limits, and with pool.queue unbounded every waiting request
	// GoroutinesPeak is the most it owned at once.
	GoroutinesPeak int64
	RatesInForce   [numClasses]float64 // each class's rate in force now (its profile's step)
	Slack          SlackStats          // free workers at the payment bulkhead's rejections

	// ClosedLoop is closed mode's users: what they sent against what was due; nil in open mode.
	ClosedLoop *ClosedLoopStats
	// Distribution is payment latency at DistributionPercentiles, for the percentile chart.
	Distribution Distribution
	Calls        CallStats
	Hops         []HopStats // a chain's servers, edge first; nil for the plain dependency
	// SettingsChanged says a settings change (a key in the live lab) came after the start:
	// the counts since the start are then of more than one setting, so a forecast of the
	// settings in force does not speak for them.
	SettingsChanged bool
	// Fleet is the fleet behind its balancer; nil for one instance. A fleet's snapshot has
	// the fleet-wide classes (rejected.balancer included), the replicas' pools and isolation
	// added up, and each replica's own snapshot here.
	Fleet *FleetStats
	// Pairs is a compared run's pairing tally, the same for both runs of the comparison:
	// what tells a counter's difference from noise. nil when the run is not compared.
	Pairs *Pairs

	// arriving is WaitArrivingNow worked out once (Settle), for a frame that asks for it
	// three times; nil: worked out at each ask (a snapshot made by hand).
	arriving *arrivingNow
}

// arrivingNow is WaitArrivingNow's answer, kept.
type arrivingNow struct {
	wait ArrivingWait
	ok   bool
}

// Settle works out once what every frame asks of a snapshot (the wait of a request arriving
// now), before the snapshot is shared: its maker calls it last, and it is read-only after.
func (s *Snapshot) Settle() {
	s.arriving = nil
	a, ok := s.WaitArrivingNow()
	s.arriving = &arrivingNow{a, ok}
}

// DependencyStats is what the dependency itself saw.
type DependencyStats struct {
	URL          string
	Mode         DependencyMode
	Requests     int64
	InFlight     int64
	PeakInFlight int64
	Latency      time.Duration // what a call arriving now would take: past its knee, more than its latency
}

// GeneratorStats is the open-loop generator's own health.
type GeneratorStats struct {
	Lag Percentiles // how late events left against their schedule
}

// Second is one per-second sample of the run, its state taken 10 ms before each whole second
// (at the end of a bounded run, at its end), with what happened from the whole second before
// up to that one (the last: to the end), by each event's instant; a lab of its own counts its
// open-loop arrivals by their schedule instead, a fleet by their instant too.
type Second struct {
	T           int                           // seconds since start
	Busy        [numClasses]int               // workers held per class at the sample
	Held        [numClasses]float64           // workers held per class on average, sample to sample: 10 ms before the counts' seconds
	Queued      int                           // requests in the accept queue
	QueuedBy    [numClasses]int               // those of each class: a queue's starving is waiting
	DepInFlight int64                         // calls the dependency was serving
	Arrived     [numClasses]int64             // arrivals during this second
	OK          [numClasses]int64             // answered during this second
	Failed      [numClasses]int64             // failed during this second
	TimedOut    [numClasses]int64             // timed out during this second
	Rejected    [numClasses][numReasons]int64 // turned away during this second, by reason
	Served      [numClasses]int64             // ended on a worker during this second (ClassStats.Served)
	HeldFor     [numClasses]time.Duration     // the time those held their worker, summed
	Rate        [numClasses]float64           // each class's rate in force at the sample
	Workers     int                           // the pool's size at the sample (autoscaling moves it)
	Limit       int                           // the adaptive limit at the sample; 0: none
	Goroutines  int64                         // goroutines the lab owned at the sample
	DepLatency  time.Duration                 // what a call arriving at the sample would take
}

// TurnedAway counts the requests of every class the pool turned away for want of a worker
// during this second.
func (s *Second) TurnedAway() int64 {
	var n int64
	for _, c := range Classes {
		n += s.Rejected[c][RejectPool]
	}
	return n
}

// ChartedReasons are the reasons the rejection chart counts: the pool's (no free worker, no
// place in the queue), a fleet's balancer's (no replica in rotation), and every other reason
// that turned a request away on any side, or the chart reads "nothing rejected" beside 17/s
// rejected:bulkhead (newcomer 12) or 95 rejected:breaker (newcomer 19). Beside peers
// (compare mode), the reasons of every side: one title, one scale.
func (s *Snapshot) ChartedReasons(peers ...*Snapshot) []Reason {
	all := append(peers, s)
	reasons := []Reason{RejectPool}
	if slices.ContainsFunc(all, func(x *Snapshot) bool { return x != nil && x.Fleet != nil }) {
		reasons = append(reasons, RejectBalancer)
	}
	for why := range Reason(numReasons) {
		if slices.Contains(reasons, why) {
			continue
		}
		if slices.ContainsFunc(all, func(x *Snapshot) bool { return x != nil && x.TurnedAway(why) > 0 }) {
			reasons = append(reasons, why)
		}
	}
	return reasons
}

// RejectedFor counts class c's rejections for any of reasons during this second.
func (s *Second) RejectedFor(c Class, reasons []Reason) int64 { return sumFor(s.Rejected[c], reasons) }

// Active says class c has traffic in this run: a rate, or something that arrived.
func (s *Snapshot) Active(c Class) bool {
	return s.Config.Traffic.PeakRate(c) > 0 || s.Classes[c].Arrived > 0
}

// BusyNotCalling is how many workers busy with a payment have no call at the dependency this
// instant (between calls, on their way there or back, or waiting for a permit or a
// connection), where each worker makes its own calls: one instance, no call handed off the
// worker. With a chain, the calls at hop 1 the edge waits on, not those it hung up on (a
// worker between the edge's tries beside "[hop 1: 5, 0]" and 6 payments busy, newcomer 50
// #2). 0 otherwise, or with none.
func (s *Snapshot) BusyNotCalling() int {
	if s.Fleet != nil || handoffAt(s.Chain) >= 0 {
		return 0
	}
	return max(s.Pool.BusyBy[Payment]-int(s.Dependency.InFlight-s.HopHungUp()), 0)
}

// AnsweredUncounted is how many of BusyNotCalling hold a payment whose call the dependency
// is done with (answered, or cut by a socket timeout: "over", on screen) and the lab has not
// yet counted: the dependency's calls that ended (its calls
// less those it serves now, read at one instant with the payments: engine's paymentsCut)
// beyond the payments that ended. "now 23" beside 24 busy and ok 12524 of 12548 calls is one
// such (newcomer 37 #17), not a worker off its call. Only where each payment makes one call
// (no retries); a payment that ended with its call still at the dependency (a timeout) makes
// it fewer, never more; and at most BusyNotCalling less the workers seen waiting (for a
// permit, a connection), whose call has not begun.
func (s *Snapshot) AnsweredUncounted() int {
	n := s.BusyNotCalling()
	if n == 0 || s.Calls.Retries > 0 {
		return 0
	}
	waiting, _ := s.WaitingBeforeCall()
	n -= waiting
	pay := s.Classes[Payment]
	answered := s.Dependency.Requests - s.Dependency.InFlight
	return int(min(max(answered-pay.OK-pay.Failed-pay.TimedOut, 0), int64(max(n, 0))))
}

// WaitingBeforeCall is how many workers busy with a payment wait on it for a permit or a
// connection, whose call has not begun, and the phase they wait in where all wait in one
// (PhaseWork where none waits or they wait in more than one).
func (s *Snapshot) WaitingBeforeCall() (int, Phase) {
	n, in := 0, PhaseWork
	for _, w := range s.Pool.Workers {
		if w.Class != Payment || !w.Busy() || w.Phase == PhaseWork || w.Phase == PhaseCall {
			continue
		}
		if n == 0 {
			in = w.Phase
		} else if w.Phase != in {
			in = PhaseWork
		}
		n++
	}
	return n, in
}

// ChecksAboveTimeout says the health checks' p99 latency, as shown, stands above their
// timeout, which nobody reads without being told why (the fleet domino's 2.80s beside 2s,
// issue 22, newcomer 11): the timeout is the balancer's, from a check's scheduled arrival;
// the balancer stops waiting then and counts it failed, while the check waits on in the
// queue, and the worker that reaches it later counts it timed out, latency and all. (A
// payment's timeout bounds each call, while its latency is the whole chain, retries and
// waits included: the narrator says what stands above it.)
func (s *Snapshot) ChecksAboveTimeout() (p99, timeout time.Duration, ok bool) {
	l, to := s.Classes[Health].Latency, s.Config.Health.Timeout.D()
	if !s.Active(Health) || l.Count == 0 || ShownLatency(l.P99) <= to {
		return 0, 0, false
	}
	return l.P99, to, true
}

// Unbalanced says which classes break the invariant arrived = ok + failed + timed_out +
// every rejection + in_flight, exactly, here or in a fleet's replica; nil when all hold it,
// as every snapshot must: the counters share one lock.
func (s *Snapshot) Unbalanced() error {
	var errs []error
	for _, c := range Classes {
		cs := s.Classes[c]
		if sum := cs.OK + cs.Failed + cs.TimedOut + cs.RejectedTotal() + cs.InFlight; sum != cs.Arrived {
			errs = append(errs, fmt.Errorf("%s: arrived %d != ok %d + failed %d + timed out %d + rejected %v + in flight %d = %d",
				c, cs.Arrived, cs.OK, cs.Failed, cs.TimedOut, cs.Rejected, cs.InFlight, sum))
		}
	}
	if s.Fleet != nil {
		for i := range s.Fleet.Replicas {
			if err := s.Fleet.Replicas[i].Unbalanced(); err != nil {
				errs = append(errs, fmt.Errorf("replica %d: %w", i+1, err))
			}
		}
	}
	return errors.Join(errs...)
}

// LastSecond is the most recent second of the timeline, a part one where the run ended inside
// it (LastSpan says which); nil before the first.
func (s *Snapshot) LastSecond() *Second {
	if n := len(s.Timeline); n > 0 {
		return &s.Timeline[n-1]
	}
	return nil
}

// LastSpan is the stretch the last second of the timeline covers, as the screen writes it:
// "5–6s", or "5–5.5s" for a run that ends inside it (the record's second is not over); ""
// before the first.
func (s *Snapshot) LastSpan() string {
	last := s.LastSecond()
	if last == nil {
		return ""
	}
	// The live sampler takes second T a little before T (the engine's sampleLead): a gap
	// that small is the whole second. A part second shorter than a tenth is said to the
	// hundredth, or "5–5.0s" reads as nothing (the second review).
	end := time.Duration(last.T) * time.Second
	if gap := end - s.Elapsed; gap > 20*time.Millisecond && gap < time.Second {
		at := FmtSecs(s.Elapsed)
		if ShownSecs(s.Elapsed) == end-time.Second || ShownSecs(s.Elapsed) == end {
			at = fmt.Sprintf("%.2fs", s.Elapsed.Seconds())
		}
		return fmt.Sprintf("%d–%s", last.T-1, at)
	}
	return FmtSpan(last.T-1, last.T)
}

// Starved counts class c's requests the header counts so far (CountedBy); 0 for payments,
// whose own rejections are not starvation.
func (s *Snapshot) Starved(c Class) int64 { return sumFor(s.Classes[c].Rejected, s.CountedBy(c)) }

// CountedBy are the reasons class c's header count sums: the pool's and CoDel's, "starved"
// (no worker); once a fleet's balancer turned one away too, every reason, "turned away", as the
// word means in the table's rejected and everywhere else (review 18: pool and balancer alone
// left out a fleet's rejected:codel). None for payments.
func (s *Snapshot) CountedBy(c Class) []Reason {
	switch {
	case !c.Starves():
		return nil
	case s.Classes[c].Rejected[RejectBalancer] > 0:
		return Reasons
	}
	return StarvedBy[:len(StarvedBy)-1] // the balancer's last
}

// Share is one reason's part of a count.
type Share struct {
	Reason Reason
	N      int64
}

// CountedShares are the parts of class c's header count (Starved): each reason it sums
// (CountedBy) that turned one away, with how many, in CountedBy's order.
func (s *Snapshot) CountedShares(c Class) []Share {
	var out []Share
	for _, why := range s.CountedBy(c) {
		if n := s.Classes[c].Rejected[why]; n > 0 {
			out = append(out, Share{why, n})
		}
	}
	return out
}

// StarvedWord is the header's word for class c's count (Starved): "starved" while the pool
// or CoDel alone turned it away, "turned away" once a fleet's balancer did too.
func (s *Snapshot) StarvedWord(c Class) string {
	if slices.Contains(s.CountedBy(c), RejectBalancer) { // what it counts decides the word, so the two cannot drift
		return turnedAwayWord
	}
	return starvedWord
}

// starvedWord is the header's word for a class turned away for want of a worker.
const starvedWord = "starved"

// StarvedClause says, after the gloss of r's column, that the header's "starved" counts r's
// rejections but payments': "starved if not payments'"; "" where the header counts none of
// r's as starved. Said beside the column, the word is defined where the count is (newcomer
// 59: "starved", "rej:pool" and "turning away" read as three words for one count, and
// "starved" was nowhere defined on screen).
func (s *Snapshot) StarvedClause(r Reason) string {
	for _, c := range Classes {
		if s.Classes[c].Rejected[r] > 0 && slices.Contains(s.CountedBy(c), r) && s.StarvedWord(c) == starvedWord {
			return starvedWord + " if not " + possessive(Plural(s.Config.Traffic.Label(Payment)))
		}
	}
	return ""
}

// StarvedNeed is what class c needs of the pool, in workers as the forecast has it
// (Little's law), said beside its starved count: "~0.01", "<0.01" where its hold is ~0
// ("~0" read as none at all, review 22); false in a fleet, whose replicas share it.
func (s *Snapshot) StarvedNeed(c Class) (string, bool) {
	if s.Fleet != nil {
		return "", false
	}
	if w := s.Config.Forecast().Classes[c].WorkersNeeded; w >= 0.005 {
		return "~" + FmtWorkers(w), true
	}
	return "<0.01", true
}

// StarvingNow says class c is being starved: turned away for one of the reasons its count
// sums (CountedBy), now as lastRejection says it for each. A payment turned away is a
// rejection, not starvation.
func (s *Snapshot) StarvingNow(c Class) bool {
	return slices.ContainsFunc(s.CountedBy(c), func(why Reason) bool { return s.lastRejection(why, []Class{c}).now })
}

// lastRejection is when rejections for one reason last stopped, and whether they go on now.
type lastRejection struct {
	at    time.Duration // when the last stopped; 0: none did
	tenth bool          // at is an instant to the tenth ("19.5s"), not a second's end ("7s")
	now   bool
}

// lastRejection is the one rule, a reason at a time, for when requests of one of classes were
// last turned away for why, and whether they are now. A fleet's balancer turns them away
// only while every replica is out (BalancerOut), so its clock is the header's for that: now
// while every replica is out, stopped at a replica's return, to the tenth (the review:
// "rejected:balancer 681 (stopped at 19.5s)" quiet beside signups starved in the alarm
// colour for the rest of that second). Every other reason's is the timeline's: now in a
// second of the rates' window, whose rate the header gives beside it (before the first, at
// all), stopped at the end of the last second that had one. Not the last second alone: at
// random arrivals a second without one came and went, and "stopped" beside 1.2/s in the
// window read as starvation over (newcomer 31).
func (s *Snapshot) lastRejection(why Reason, classes []Class) lastRejection {
	var l lastRejection
	recent := s.rateSeconds()
	for _, c := range classes {
		l.now = l.now || len(recent) == 0 && s.Classes[c].Rejected[why] > 0 ||
			slices.ContainsFunc(recent, func(sec Second) bool { return sec.Rejected[c][why] > 0 })
	}
	if f := s.Fleet; f != nil && why == RejectBalancer {
		now, _, until := f.BalancerOut()
		had := slices.ContainsFunc(classes, func(c Class) bool { return s.Classes[c].Rejected[why] > 0 })
		l.now = now && had
		if until > 0 {
			if had {
				l.at, l.tenth = until, true
			}
			return l
		}
	}
	had := func(sec Second) bool {
		return slices.ContainsFunc(classes, func(c Class) bool { return sec.Rejected[c][why] > 0 })
	}
	// The part second the run is in goes on now: "none since 13s" at 12.8s, quiet beside
	// queues full and turning signups away, said they had stopped at a time not yet come (review 44b).
	whole := s.wholeSeconds()
	l.now = l.now || slices.ContainsFunc(s.Timeline[len(whole):], had)
	for i := len(whole) - 1; i >= 0; i-- {
		if had(whole[i]) {
			l.at = time.Duration(whole[i].T) * time.Second
			break
		}
	}
	return l
}

// noneSince begins NoneSince's words: "none since 7s" beside "signup starved 12" read as
// no signups since 7s (newcomer 29), "0 since 7s" as a rate, 0/s (newcomer 30); "stopped at
// 19.5s" beside "signup turned away 556" left what stopped to guess (newcomer 44 g6). "None
// since" again, now after the count's word or its column's ("turned away 556 (none since
// 19.5s)", "starved (rej:pool) 12 (none since 7s)"): none of those since, in a header line
// with no room for more words.
const noneSince = "none since "

// NoneSince says a rejection for one of reasons of one of classes stopped, and when:
// "none since 7s", the end of the last second that had one; "" if none of the timeline's seconds
// had one. Said once it stopped: "(last in 6–7s)" was read as cryptic (a newcomer of round
// 11), and "(none in 5–6s)" was a third window in one header line (newcomer 14). A fleet's
// balancer stopped when a replica came back (lastRejection), to the tenth: "… since 19.5s",
// as the header's rejected:balancer says, not the end of that second.
func (s *Snapshot) NoneSince(reasons []Reason, classes ...Class) string {
	var last lastRejection
	for _, why := range reasons {
		// The latest; at a tie, a second's end, whose words are the seconds'.
		if l := s.lastRejection(why, classes); l.at > last.at || l.at == last.at && !l.tenth {
			last = l
		}
	}
	switch {
	case last.at == 0:
		return ""
	case last.tenth:
		return noneSince + FmtSecs(last.at)
	}
	return fmt.Sprintf("%s%ds", noneSince, last.at/time.Second)
}

// RateWindow is how many whole seconds Rates averages over: long enough that a second in
// which a batch of 3-second calls all end at once does not read as the pool's rate, short
// enough to follow a change within a few seconds.
const RateWindow = 5

// Rates are per-second rates per class, averaged over the last whole seconds of the timeline.
type Rates struct {
	Seconds                       int // seconds averaged: RateWindow, fewer early in a run, 0 before the first
	From, To                      int // the run time they span, in seconds: from From to To
	Arrived, OK, Failed, TimedOut [numClasses]float64
	Rejected                      [numClasses][numReasons]float64
	// Set is each class's set rate over the same seconds, for random (Poisson) open-loop
	// arrivals; 0 for other traffic, a fleet's health checks (the balancer's own) and a
	// class whose impatient users send again (resubmit_after: arrivals beyond the rate).
	Set [numClasses]float64
	// Held is the workers each class held on average over the same seconds: the window's mean
	// concurrency, beside its rates (an instant's count beside them read as broken: "35 at
	// 98ms each: ok 372/s", 35 ÷ 98ms being 357/s; newcomer 29).
	Held [numClasses]float64
}

// OKHold is how long each of class c's oks held its worker on average over the window, by
// Little's law (workers held = ok a second × time each held one), so that the mean held, the
// time and the ok rate agree as printed. Only where nothing else holds workers for long: a
// rejection on a worker (a bulkhead's) lets it go at once. false: none ok in the window, or
// some failed or timed out, whose hold the oks' would take as their own (review 19).
func (r *Rates) OKHold(c Class) (time.Duration, bool) {
	if r.OK[c] <= 0 || r.Failed[c] > 0 || r.TimedOut[c] > 0 {
		return 0, false
	}
	return time.Duration(math.Round(r.Held[c] / r.OK[c] * float64(time.Second))), true
}

// Span writes the run time the rates span, "7–12s"; "" before the first whole second.
func (r *Rates) Span() string {
	if r.Seconds == 0 {
		return ""
	}
	return FmtSpan(r.From, r.To)
}

// Queueing is class c's arrivals per second in the window that neither ended nor were
// turned away in it: how fast its requests in flight grew (negative: fell).
func (r *Rates) Queueing(c Class) float64 {
	return r.Arrived[c] - r.OK[c] - r.Errors(c)
}

// QueueingSaid is Queueing where it grows as printed: a growth that prints as 0/s is none
// ("the remaining 0/s join the queue", s53 #2). ok false where it does not grow.
func (r *Rates) QueueingSaid(c Class) (float64, bool) {
	q := r.Queueing(c)
	return q, perSecShows(q)
}

// DrainingSaid is how fast class c's requests in flight fell, where the fall prints as more
// than 0/s (QueueingSaid's other side: never "the queue drains 0/s"). ok false where it does
// not fall.
func (r *Rates) DrainingSaid(c Class) (float64, bool) {
	q := -r.Queueing(c)
	return q, perSecShows(q)
}

// RejectedSaid is class c's rate turned away for why, and whether it prints as more than
// none: a narrator leaves "0/s rejected:deadline" out, ok and the queue adding up without it.
func (r *Rates) RejectedSaid(c Class, why Reason) (float64, bool) {
	v := r.Rejected[c][why]
	return v, perSecShows(v)
}

// InFlightGrew is how many class c's requests in flight grew by over the window (negative:
// fell): those that arrived in it less those that ended or were turned away in it, which
// is the count in flight at its end less the count at its start.
func (r *Rates) InFlightGrew(c Class) int64 {
	return int64(math.Round(r.Queueing(c) * float64(r.Seconds)))
}

// InFlightMoved says how class c's in flight moved over the window, for the note under a
// row that does not add up: "grew by 17 over those seconds"; where it fell, whose ends
// made the difference, "fell by 1, as some from before 3s ended": 402 ended of 401 sent in
// 3–8s read as a miscount until the one sent before 3s was seen (newcomer 54).
func (r *Rates) InFlightMoved(c Class) string {
	g := r.InFlightGrew(c)
	if g < 0 {
		return fmt.Sprintf("fell by %d, as some from before %ds ended", -g, r.From)
	}
	return fmt.Sprintf("grew by %d over those seconds", g)
}

// Ended is class c's requests per second in the window that ended or were turned away: ok,
// failed, timed out and rejected together.
func (r *Rates) Ended(c Class) float64 { return r.Arrived[c] - r.Queueing(c) }

// Unbalanced says class c's /s row does not add up as printed: its rates of ending and of
// being turned away, each to a tenth as the row prints them, sum to other than its arrivals
// a second, as its in flight grew or fell over the window (newcomer 34: signup 91/s left of
// 80.4/s arrived, with no word why). Not where rounding alone parts them.
func (r *Rates) Unbalanced(c Class) bool {
	if r.Seconds == 0 || r.InFlightGrew(c) == 0 {
		return false
	}
	tenths := func(v float64) float64 { return math.Round(10 * v) }
	var printed float64
	for _, v := range append([]float64{r.OK[c], r.Failed[c], r.TimedOut[c]}, r.Rejected[c][:]...) {
		printed += tenths(v)
	}
	return printed != tenths(r.Arrived[c])
}

// Starved is the window's requests per second of the classes that starve (every class but
// payment), as s.Starved counts them so far.
func (r *Rates) Starved(s *Snapshot) float64 {
	var n float64
	for _, c := range Classes {
		n += r.StarvedOf(c, s.CountedBy(c))
	}
	return n
}

// StarvedOf is class c's requests per second over the window turned away for one of by
// (Snapshot.CountedBy, as Snapshot.Starved counts them).
func (r *Rates) StarvedOf(c Class, by []Reason) float64 { return sumFor(r.Rejected[c], by) }

// NotOKBut is class c's requests per second in the window that failed, timed out or were
// turned away for any reason but why, and whether that prints as more than none.
func (r *Rates) NotOKBut(c Class, why Reason) (float64, bool) {
	v := r.Errors(c) - r.Rejected[c][why]
	return v, perSecShows(v)
}

// Outrun says class c's ok, failed or timed out per second tops its arrivals per second
// as shown (to a tenth): each is counted in the second it happens, so earlier arrivals
// finishing can do that.
func (r *Rates) Outrun(c Class) bool {
	most := max(r.OK[c], r.Failed[c], r.TimedOut[c])
	return r.Seconds > 0 && math.Round(10*most) > math.Round(10*r.Arrived[c])
}

// Drifted says class c's arrivals over the window are more than a fifth off its set rate,
// yet within what random arrivals explain (three standard deviations of a Poisson count):
// at 5/s over 5 s one standard deviation is a fifth, so they often are; at 500/s a fifth
// is ten, and something other than chance moved the rate.
func (r *Rates) Drifted(c Class) bool { return r.driftedBy(c, 5) }

// driftedBy is Drifted at more than 1/part off the set rate.
func (r *Rates) driftedBy(c Class, part float64) bool {
	off := math.Abs(r.Arrived[c] - r.Set[c])
	return r.Set[c] > 0 && off > r.Set[c]/part && off <= 3*math.Sqrt(r.Set[c]/float64(r.Seconds))
}

// DriftSaid says whether the screen says class c's arrivals over r's window drifted off its
// set rate, and must: whatever the room. Drifted on one lab, a note where it has room; in a
// fleet, more than a tenth off, and said: its narrator works each replica's share and the
// price from the set rate ("8/s payments each", "~19.2/s with 3"), which the /s rows measure
// at the drifted one (newcomer 58 #4: 17/s rejected beside the forecast's 19.2/s, as 20.8/s
// arrived of 24/s set, with nothing to say so).
func (s *Snapshot) DriftSaid(r *Rates, c Class) (drifted, must bool) {
	if s.Fleet != nil {
		return r.driftedBy(c, 10), true
	}
	return r.Drifted(c), false
}

// ArrivedAll is what arrived a second over the window, every class: what a shared queue's
// growth comes from (the narrator's "so far it grew 0.8/s in 3–8s, as 13.6/s arrived",
// beside the forecast's 15/s; newcomer 41 G12).
func (r *Rates) ArrivedAll() float64 {
	var all float64
	for _, a := range r.Arrived {
		all += a
	}
	return all
}

// TurnedAway is every class's rejections per second for why, as Snapshot.TurnedAway counts them.
func (r *Rates) TurnedAway(why Reason) float64 {
	var all float64
	for c := range r.Rejected {
		all += r.Rejected[c][why]
	}
	return all
}

// RejectedTotal is class c's rejections per second, every reason together.
func (r *Rates) RejectedTotal(c Class) float64 {
	var n float64
	for _, v := range r.Rejected[c] {
		n += v
	}
	return n
}

// Errors is class c's requests per second in the window that ended not ok: failed, timed
// out or turned away, as ClassStats.Errors counts them.
func (r *Rates) Errors(c Class) float64 { return r.Failed[c] + r.TimedOut[c] + r.RejectedTotal(c) }

// At is class c's rate at fate f over the window: ok, failed, timed out or a rejection a
// second (in flight is no rate: 0).
func (r *Rates) At(c Class, f Fate) float64 {
	return atFate(f, r.OK[c], r.Failed[c], r.TimedOut[c], 0, r.Rejected[c][:])
}

// NotOKShareOfReplies is class c's not ok (failed, timed out, turned away) over the requests
// that got a reply in the window, ok or not: the error rate a dashboard of answers shows now,
// beside the table's per-second row. Over arrivals it could pass 100% as a rate falls
// (the errors of earlier arrivals). false: none did.
func (r *Rates) NotOKShareOfReplies(c Class) (float64, bool) {
	return endedShare(r.OK[c], r.Errors(c))
}

// RejectedShareOfReplies is NotOKShareOfReplies for one reason alone: class c's requests
// turned away for why over those that got a reply in the window. false: none did.
func (r *Rates) RejectedShareOfReplies(c Class, why Reason) (float64, bool) {
	n := r.Rejected[c][why]
	return endedShare(r.OK[c]+r.Errors(c)-n, n)
}

// ErrorWords are the words of the fates NotOKShareOfReplies counts in the window, each one
// some request of class c had: ["rejected:deadline"]; none when it is 0.
func (r *Rates) ErrorWords(c Class) []string {
	return errorWords(func(f Fate) bool { return r.At(c, f) > 0 })
}

// Rates averages the last RateWindow whole seconds of the timeline (all of it while shorter).
func (s *Snapshot) Rates() Rates {
	secs := s.rateSeconds()
	r := Rates{Seconds: len(secs)}
	if r.Seconds == 0 {
		return r
	}
	r.From, r.To = secs[0].T-1, secs[len(secs)-1].T
	n := float64(r.Seconds)
	t := s.Config.Traffic
	random := func(c Class) bool {
		return t.Mode == Open && t.Arrivals == Poisson && t.Of(c).ResubmitAfter == 0 && (s.Fleet == nil || c != Health)
	}
	for _, sec := range secs {
		for c := range numClasses {
			r.Arrived[c] += float64(sec.Arrived[c]) / n
			r.OK[c] += float64(sec.OK[c]) / n
			r.Failed[c] += float64(sec.Failed[c]) / n
			r.TimedOut[c] += float64(sec.TimedOut[c]) / n
			r.Held[c] += sec.Held[c] / n
			for why := range numReasons {
				r.Rejected[c][why] += float64(sec.Rejected[c][why]) / n
			}
			if random(Class(c)) {
				r.Set[c] += sec.Rate[c] / n
			}
		}
	}
	return r
}

// RatesAtStep is the snapshot's per-second rates where each of their seconds lies within the
// rate class c is sent at now (its profile's step in force): a window still partly at the
// step before would mix the two rates (the review: "0/s outlive it" read just after the
// step). ok is false before the first whole second or while the window straddles the step.
func (s *Snapshot) RatesAtStep(c Class) (r Rates, ok bool) {
	r = s.Rates()
	return r, s.atStep(c, r)
}

// QueueLeftSaid links class c's rejections by its deadline to an earlier, heavier step of
// its traffic profile where the rate now fits what its calls answer (fits, a second):
// ", as the 500/s step's queue drained", or "drains" while any of c waits now. "they fit"
// beside "not ok 2.6% … rejected:deadline" asked why a load that fits is turned away
// (newcomer 77 W2): the queue the step before left. "" unless the table's window lies
// within the step in force, c's in flight fell in it beyond chance, some of c was rejected
// by its deadline in it, and a step before the one in force sent more than fits.
func (s *Snapshot) QueueLeftSaid(c Class, fits float64) string {
	rs, ok := s.RatesAtStep(c)
	if !ok {
		return ""
	}
	moved, real := rs.QueueMoved(c)
	_, rejected := rs.RejectedSaid(c, RejectDeadline)
	before, _, heavier := s.Config.Traffic.HeavierBefore(c, s.Elapsed, fits)
	if moved >= 0 || !real || !rejected || s.Config.Traffic.RateAt(c, s.Elapsed) > fits || !heavier {
		return ""
	}
	verb := "drained"
	if s.Pool.QueuedBy[c] > 0 {
		verb = "drains"
	}
	return fmt.Sprintf(", as the %s step's queue %s", FmtFloatRate(before), verb)
}

// atStep says each of r's seconds lies within class c's rate step in force (RatesAtStep).
func (s *Snapshot) atStep(c Class, r Rates) bool {
	since, _ := s.Config.Traffic.StepAt(c, s.Elapsed)
	return r.Seconds > 0 && time.Duration(r.From)*time.Second >= since
}

// rateSeconds are the seconds Rates averages: the last RateWindow whole ones.
func (s *Snapshot) rateSeconds() []Second {
	tl := s.wholeSeconds()
	return tl[max(len(tl)-RateWindow, 0):]
}

// filledSeconds is the table's /s seconds that began once the pool had first filled: in
// those before, none found it full, so a share turned away over them is below the long
// run's. nil where the pool has not filled.
func (s *Snapshot) filledSeconds() []Second {
	if s.Pool.FullFrom <= 0 {
		return nil
	}
	secs := s.rateSeconds()
	for i, sec := range secs {
		if time.Duration(sec.T-1)*time.Second >= s.Pool.FullFrom {
			return secs[i:]
		}
	}
	return nil
}

// wholeSeconds is the timeline less a part second at its end: a run that ended inside a
// second (--at 5.5s) samples that part last, and the rates say they are of whole seconds.
func (s *Snapshot) wholeSeconds() []Second {
	tl := s.Timeline
	if n := len(tl); n > 0 && s.Elapsed > 0 && time.Duration(tl[n-1].T)*time.Second-s.Elapsed > 100*time.Millisecond {
		return tl[:n-1]
	}
	return tl
}

// Burst is the seconds of secs in which class c was turned away most for any of reasons
// (Busiest: every one that ties), where that is more than the class's peak rate: more
// turned away in a second than the class arrives at reads as wrong (32/s of payments
// arriving at 24/s, fleet-bulkhead, n36 #34), and those seconds' own arrivals say why, a
// burst of the seed's schedule. ok is false where no second of secs is one.
func (s *Snapshot) Burst(secs []Second, c Class, reasons []Reason) (ties []Second, rejected int64, ok bool) {
	if ties, rejected, ok = Busiest(secs, c, reasons); !ok || float64(rejected) <= s.Config.Traffic.PeakRate(c) {
		return nil, 0, false
	}
	return ties, rejected, true
}

// Busiest is the seconds of secs in which class c was turned away most for any of reasons,
// every one that ties, in order (one rule for ties with TopSeconds: the latest alone, named
// beside seconds that turned away as many, read as the one most), with how many each;
// false where none was.
func Busiest(secs []Second, c Class, reasons []Reason) (ties []Second, rejected int64, ok bool) {
	for k := range secs {
		switch n := secs[k].RejectedFor(c, reasons); {
		case n > rejected:
			ties, rejected = []Second{secs[k]}, n
		case n == rejected && n > 0:
			ties = append(ties, secs[k])
		}
	}
	return ties, rejected, rejected > 0
}

// RejectedFor is class c's rejections per second for any of reasons.
func (r *Rates) RejectedFor(c Class, reasons []Reason) float64 { return sumFor(r.Rejected[c], reasons) }

// Arrived is how many requests of every class arrived.
func (s *Snapshot) Arrived() int64 {
	var all int64
	for _, c := range s.Classes {
		all += c.Arrived
	}
	return all
}

// TurnedAway is how many requests of every class were turned away for why.
func (s *Snapshot) TurnedAway(why Reason) int64 {
	var n int64
	for _, c := range s.Classes {
		n += c.Rejected[why]
	}
	return n
}

// fewShared is the fewest arrivals PoolShares writes a share of as a percentage: of fewer,
// chance alone moves the share by more than 10 points either way (1 of 6 turned away is
// 17%, beside 38% ± 20 points), so the counts say it. Not 30: "signups 16 of 20" took the
// two-class sentence a fifth line at 80, past what compare at 80x24 keeps.
const fewShared = 20

// PoolShares is the share of each class the pool turned away (rejected:pool), payments and
// then others, after "turning away whoever finds it full", the run's own figures beside the
// long run's forecast: over the table's /s seconds (Rates) after the pool first filled where
// there are any, ": in 3–8s payments 37%, signups 43%"; else since the start, ": so
// far payments 33%, signups 21%", and warm says they include the seconds before it filled,
// when none found it full. Since the start, shared-pool's 33% at 8s met the even-paced
// forecast by coincidence and made Erlang B's 38% beside it look wrong (newcomer 55
// W-MAJOR). No share of a class that did not arrive, nor, beside payments, of one none of
// which was turned away ("0% of health checks", 0 of 4, cost a row at 80x24); "" before any
// was turned away. Since the fill, beside a forecast (the share the narrator's long run gives
// each class; 0: none), verdict says whether each share is within chance of it (shareVerdict),
// bare, noted and reasoned.
func (s *Snapshot) PoolShares(others []Class, forecast float64) (said string, verdict ShareJudged, warm bool) {
	return s.poolShares(others, forecast, false, false)
}

// PoolSharesCounted is PoolShares' words with the arrivals each share is of, ": in 5–8s
// payments 37% of 604", where its window is not the table's /s rows' (full from 4.5s: 5–8s
// beside 3–8s), so nothing on screen checks the share (newcomer 59 G-minor 18). "" where the
// window is the rows', or the shares are since the start, the table's own counts.
func (s *Snapshot) PoolSharesCounted(others []Class) string {
	said, _, _ := s.poolShares(others, 0, true, false)
	return said
}

// PoolSharesStarved is PoolShares' words with the classes the header counts starved after
// the payments' share, so named: ": in 3–8s payments 37%; starved: signups 43%, health
// checks 1 of 6". At 80 columns no note had room to say what the header's "starved" is
// (newcomer 62); the narrator says it where that costs no line. "" where no other class's
// share is said, or the header's word for one is not starved; counted, with their
// arrivals as PoolSharesCounted says them, "" where it says none.
func (s *Snapshot) PoolSharesStarved(others []Class, counted bool) string {
	said, _, _ := s.poolShares(others, 0, counted, true)
	return said
}

// poolShares is PoolShares, each share with its arrivals where counted (PoolSharesCounted),
// the others after "starved:" where starved (PoolSharesStarved).
func (s *Snapshot) poolShares(others []Class, forecast float64, counted, starved bool) (said string, verdict ShareJudged, warm bool) {
	// A class with fewer than fewShared arrivals since has its share as counts, "health
	// checks 1 of 6": "17%" beside "38% of each" read as favouritism (newcomer 56).
	var arrived, rejected [numClasses]int64
	from, to := -1, 0
	// The table's /s seconds, so that its rows check the shares: over every second since
	// the fill, "in 1–8s" beside "/s 3–8s" left the reader to ask why two windows
	// (newcomer 62 W18). Later, where the pool filled within them.
	for _, sec := range s.filledSeconds() {
		if from < 0 {
			from = sec.T - 1
		}
		to = sec.T
		for c := range arrived {
			arrived[c] += sec.Arrived[c]
			rejected[c] += sec.Rejected[c][RejectPool]
		}
	}
	// The window as the table's /s rows write theirs, "in 1–8s": "from 1s payments 37%"
	// beside "/s 3–8s 77.4/s of 200/s" (39%) read as one window with two figures (newcomer
	// 58). "since" cost the shared pool's sentence a fifth line at 80.
	head := ": in " + FmtSpan(from, to) + " "
	if from < 0 || arrived[Payment] == 0 {
		head, warm = ": so far ", s.Pool.FullFrom > 0
		for c := range arrived {
			arrived[c], rejected[c] = s.Classes[c].Arrived, s.Classes[c].Rejected[RejectPool]
		}
	}
	if counted && (warm || from < 0 || from == s.Rates().From) {
		return "", verdict, warm
	}
	var shares []string
	var shown []Class
	turned := false
	for _, c := range append([]Class{Payment}, others...) {
		if arrived[c] == 0 || c != Payment && rejected[c] == 0 {
			continue
		}
		turned = turned || rejected[c] > 0
		share := FmtShare(float64(rejected[c])/float64(arrived[c]), arrived[c])
		switch {
		case arrived[c] < fewShared:
			share = fmt.Sprintf("%d of %d", rejected[c], arrived[c])
		case counted:
			share += fmt.Sprintf(" of %d", arrived[c])
		}
		shares = append(shares, Plural(c.String())+" "+share)
		shown = append(shown, c)
	}
	if !turned {
		return "", verdict, false
	}
	if forecast > 0 && !warm && from >= 0 {
		verdict = shareVerdict(shown, arrived, rejected, forecast)
	}
	if starved {
		if len(shown) < 2 || shown[0] != Payment || slices.ContainsFunc(shown[1:], func(c Class) bool { return s.StarvedWord(c) != starvedWord }) {
			return "", verdict, warm
		}
		return head + shares[0] + "; " + starvedWord + ": " + strings.Join(shares[1:], ", "), verdict, warm
	}
	return head + strings.Join(shares, ", "), verdict, warm
}

// A shareCount is a count turned away of the arrivals it is of.
type shareCount struct{ turned, arrived int64 }

// A shareCall is a share's verdict against a forecast's.
type shareCall int8

const (
	withinChance shareCall = iota
	beyondChance
	tooFewToTell // within, of fewer than fewShared arrivals: chance alone moves it 10 points
)

// callShares judges each count's share against forecast by the exact binomial test a compare
// judges its counters by, Holm-corrected over the counts at once.
func callShares(counts []shareCount, forecast float64) []shareCall {
	p := make([]float64, len(counts))
	for i, n := range counts {
		p[i] = BinomialTest(n.turned, n.arrived, forecast)
	}
	calls := make([]shareCall, len(counts))
	for i, sig := range HolmSignificant(p) {
		switch {
		case sig:
			calls[i] = beyondChance
		case counts[i].arrived < fewShared:
			calls[i] = tooFewToTell
		}
	}
	return calls
}

// chanceOf is the forecast a verdict judges a share against, as it says it: "chance of 38%".
func chanceOf(forecast float64) string { return fmt.Sprintf("chance of %.0f%%", 100*forecast) }

// ShareJudged is shareVerdict's verdict: bare (Said), with the classes too few to judge
// named so (Noted), and with the test that says so (Reasoned), for a screen with the room;
// all "" where none is judged.
type ShareJudged struct{ Said, Noted, Reasoned string }

// shareVerdict says whether each class's share turned away is within chance of the forecast,
// by the exact binomial test a compare judges its counters by, Holm-corrected over the
// classes at once: "each share within chance of 38%", or those beyond it named, "signups'
// share beyond chance of 38%, payments' within". Bare, "signups 43%" (9 of 21) beside "38% of
// each" read as the pool favouring payments, where 05's and 18's full-time counts have a
// verdict (newcomer 56). A class of fewer than fewShared arrivals the test finds within is
// too few to tell: "health checks 1 of 6" (17%) within chance of 38% looked wrong with
// neither said (newcomer 63 G01), and bare, "each share within", claimed it of them too
// (newcomer 68), so the others are named, "payments' and signups' shares within chance of
// 38%", and, noted, the few too ("(health checks: too few)"); reasoned, their counts.
func shareVerdict(shown []Class, arrived, rejected [numClasses]int64, forecast float64) ShareJudged {
	counts := make([]shareCount, len(shown))
	for i, c := range shown {
		counts[i] = shareCount{rejected[c], arrived[c]}
	}
	// Kept on one line: "each share within chance of" ending one, "38%" alone on the next.
	at := strings.ReplaceAll(chanceOf(forecast), " ", "\u00a0")
	var beyond, within, few, fewNames []string
	for i, call := range callShares(counts, forecast) {
		c := shown[i]
		whose := possessive(Plural(c.String()))
		switch call {
		case beyondChance:
			beyond = append(beyond, whose)
		case tooFewToTell:
			few = append(few, fmt.Sprintf("%d of %d", rejected[c], arrived[c]))
			fewNames = append(fewNames, Plural(c.String()))
		default:
			within = append(within, whose)
		}
	}
	// shares names classes' shares: "payments' share", "payments' and signups' shares".
	shares := func(whose []string) string {
		if len(whose) > 1 {
			return strings.Join(whose, " and ") + " shares"
		}
		return whose[0] + " share"
	}
	every := "each share"
	switch len(shown) {
	case 1:
		every = "the share"
	case 2:
		every = "both shares"
	}
	// All alike, "each share" where every class is judged, else by name: a few left out.
	alike := func(whose []string) string {
		if len(few) > 0 {
			return shares(whose)
		}
		return every
	}
	var said string
	switch {
	case len(within) == 0 && len(beyond) == 0:
		said = fmt.Sprintf("too few arrivals to tell from %.0f%%", 100*forecast)
		withCounts := said + " (" + strings.Join(few, " and ") + ")"
		return ShareJudged{Said: said, Noted: withCounts, Reasoned: withCounts}
	case len(beyond) == 0:
		said = alike(within) + " within " + at
	case len(within) == 0:
		said = alike(beyond) + " beyond " + at
	default:
		rest := strings.Join(within, " and ")
		if len(few) == 0 && len(within) > 1 {
			rest = "the rest"
		}
		said = shares(beyond) + " beyond " + at + ", " + rest + " within"
	}
	noted, why := said, " (binomial test of each count"
	if len(few) > 0 {
		verb := "is"
		if len(few) > 1 {
			verb = "are"
		}
		noted += " (" + strings.Join(fewNames, " and ") + ": too few)"
		why += fmt.Sprintf("; %s %s too few to tell from %.0f%%", strings.Join(few, " and "), verb, 100*forecast)
	}
	return ShareJudged{Said: said, Noted: noted, Reasoned: said + why + ")"}
}
