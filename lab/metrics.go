// Percentiles and ClassStats: a class's running totals as the screen and the reports read them.

package lab

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Percentiles summarise one HdrHistogram. Durations are exact to 0.1%.
type Percentiles struct {
	P50, P95, P99, P999, Max time.Duration
	Count                    int64
	P90, P9999               time.Duration // the rest of the ladder: p50, p90, p99, p99.9, p99.99, max
	// Mean is the W of Little's law: what a worker's capacity (workers / W) is made of.
	Mean time.Duration
	// P99In is where the true p99 lies, judged from Count (QuantileRanks): what a
	// comparison tells p99s apart by.
	P99In QuantileInterval
	P50In QuantileInterval // the p50's: judged where the p99's has no upper end (CompareClasses)
}

// ClassStats are one class's running totals. For every class, always:
// Arrived = OK + Failed + TimedOut + sum(Rejected) + InFlight.
type ClassStats struct {
	Arrived, OK, Failed, TimedOut int64
	Rejected                      [numReasons]int64
	// RejectedWait sums, per reason, how long its rejections waited first: scheduled
	// arrival → turned away (TurnedAwayAfter is the mean).
	RejectedWait [numReasons]time.Duration
	InFlight     int64       // accepted (queued or on a worker) and not finished
	Fallback     int64       // answered by the fallback after a failure, timeout or rejection on a worker
	Latency      Percentiles // intended arrival → answer, for requests a worker finished
	QueueWait    Percentiles // intended arrival → a worker picked it up
	// Waited is QueueWait of the requests Latency is of, those a worker finished: no more at
	// any percentile than their latency, as each one's wait is part of its latency.
	Waited  Percentiles
	Service Percentiles // worker picked it up → answer
	// LatencyCorrected is closed-loop latency with the samples its users did not send put
	// back (HdrHistogram's RecordCorrectedValue at the pacing interval); empty in open loop.
	LatencyCorrected Percentiles
	Duplicates       int64 // arrivals that were an impatient user's second try (counted in Arrived too)
	// What QueueWait is made of: the generator's lateness (intended arrival → sent) and
	// dispatch (sent → a worker picked it up: the accept queue, if any, and the scheduler).
	Lag, Dispatch Percentiles
	// Served counts the requests that ended on a worker (finished, or turned away there: by
	// a deadline, a bulkhead, a breaker or an adaptive limit), and HeldFor sums the time each held it (picked up → ended): per second,
	// what a queued request of the class will cost the workers (Snapshot.WaitArrivingNow).
	Served  int64
	HeldFor time.Duration
}

// Add adds b's counters to c's (not the percentiles, which do not add up).
func (c ClassStats) Add(b ClassStats) ClassStats {
	c.Arrived += b.Arrived
	c.OK += b.OK
	c.Failed += b.Failed
	c.TimedOut += b.TimedOut
	for r := range c.Rejected {
		c.Rejected[r] += b.Rejected[r]
		c.RejectedWait[r] += b.RejectedWait[r]
	}
	c.InFlight += b.InFlight
	c.Fallback += b.Fallback
	c.Duplicates += b.Duplicates
	c.Served += b.Served
	c.HeldFor += b.HeldFor
	return c
}

// RejectedTotal sums the rejections of every reason.
func (c ClassStats) RejectedTotal() int64 {
	var n int64
	for _, r := range c.Rejected {
		n += r
	}
	return n
}

// TurnedAwayAfter is how long the rejections for why waited, on average, from their
// scheduled arrival until they were turned away (0 before any).
func (c ClassStats) TurnedAwayAfter(why Reason) time.Duration {
	if c.Rejected[why] == 0 {
		return 0
	}
	return c.RejectedWait[why] / time.Duration(c.Rejected[why])
}

// QueuedShare is how much of the p50 latency the p50 wait makes, both of the requests a
// worker finished (Waited), so never more than all of it (0 before any finished): the
// postmortem's fix keeps every ok within its deadline, but mostly by queueing (newcomer 34
// #17: p50 729ms of 50ms calls). Of two p50s, which do not add up: a share of the median,
// not of any one request's time. The wait of every request picked up (QueueWait) has those
// a worker then turned away too, which waited longest (review 29 lab #14).
func (c ClassStats) QueuedShare() float64 {
	if c.Waited.Count == 0 || c.Latency.P50 <= 0 {
		return 0
	}
	return float64(c.Waited.P50) / float64(c.Latency.P50)
}

// mostlyQueuedShare is the share of the p50 its wait makes from which the postmortem's fix
// says its oks are "mostly queued": four fifths, where the wait plainly outweighs the work.
const mostlyQueuedShare = 0.8

// MostlyQueued says whether c's p50 is mostly its wait: QueuedShare at mostlyQueuedShare or
// more. Lab's, so the narrator's claim and its threshold are one.
func (c ClassStats) MostlyQueued() bool { return c.QueuedShare() >= mostlyQueuedShare }

// P50WaitPhrase is QueuedShare as the postmortem fix's narrator says it, both p50s beside
// the share so it can be checked: "the p50 wait 678ms is 93% of the p50 729ms". Lab's, so
// the help's entry is tested against the narrator's words, not a copy (review 30 lab #7).
func (c ClassStats) P50WaitPhrase() string {
	return fmt.Sprintf("the p50 wait %s is %s of the p50 %s", FmtLatency(c.Waited.P50), FmtPart(c.QueuedShare()), FmtLatency(c.Latency.P50))
}

// Errors counts the requests that ended badly: failed, timed out, or turned away.
func (c ClassStats) Errors() int64 { return c.Failed + c.TimedOut + c.RejectedTotal() }

// ErrorWords are the words of the fates Errors counts in c, each one some request had:
// ["rejected:deadline"], or ["failed", "timed out"]; none when Errors is 0.
func (c ClassStats) ErrorWords() []string {
	return errorWords(func(f Fate) bool { return c.At(f) > 0 })
}

// errorWords are the words of the fates Errors counts, each one had says some request had.
func errorWords(had func(Fate) bool) []string {
	var out []string
	for _, f := range Fates {
		if f != FateInFlight && f != Ended(OK) && had(f) {
			out = append(out, f.Word())
		}
	}
	return out
}

// Finished counts the requests a worker finished: ok, failed or timed out, never a rejection.
func (c ClassStats) Finished() int64 { return c.OK + c.Failed + c.TimedOut }

// OKShare is OK over Arrived (TermOKShare): how the users fared, every rejection and every
// request still in flight counted as not ok (0 before any arrive).
func (c ClassStats) OKShare() float64 {
	if c.Arrived == 0 {
		return 0
	}
	return float64(c.OK) / float64(c.Arrived)
}

// InFlightShare is InFlight over Arrived: the part of what ok% counts as not ok that has
// not ended at all (0 before any arrive).
func (c ClassStats) InFlightShare() float64 {
	if c.Arrived == 0 {
		return 0
	}
	return float64(c.InFlight) / float64(c.Arrived)
}

// InFlightShownNone says the share in flight writes as none ("0%" of all arrived): a count
// the narrator leaves out at any width, for it warns of nothing.
func (c ClassStats) InFlightShownNone() bool {
	return c.Arrived > 0 && FmtShare(c.InFlightShare(), c.Arrived) == FmtShare(0, c.Arrived)
}

// InFlightMisreads says the requests still in flight are a material part of what ok%
// counts as not ok, at least a fifth of it: read as failures, they would mislead (the
// long queue's payments, 44% ok with nothing failed, 56% in flight). Never with none in flight.
func (c ClassStats) InFlightMisreads() bool {
	return c.InFlight > 0 && 5*c.InFlight >= c.Arrived-c.OK
}

// RejectedShare is the arrivals turned away for why (or any of more), over arrivals (0 before
// any arrive): lab sums the reasons, so a screen never adds two shares of its own.
func (c ClassStats) RejectedShare(why Reason, more ...Reason) float64 {
	if c.Arrived == 0 {
		return 0
	}
	return float64(c.Rejected[why]+sumFor(c.Rejected, more)) / float64(c.Arrived)
}

// sumFor sums a row of counts by reason over reasons: one sum for a class's totals, a
// second's and the rates.
func sumFor[T int64 | float64](row [numReasons]T, reasons []Reason) T {
	var n T
	for _, why := range reasons {
		n += row[why]
	}
	return n
}

// NotOKShareOfReplies is Errors (not ok, in flight left out) over the requests that got a
// reply, ok or not, a rejection's included (the rate a dashboard of errors shows); false: none did.
func (c ClassStats) NotOKShareOfReplies() (float64, bool) {
	return endedShare(float64(c.OK), float64(c.Errors()))
}

// endedShare is errs over ok + errs; false when both are 0.
func endedShare(ok, errs float64) (float64, bool) {
	if ok+errs <= 0 {
		return 0, false
	}
	return errs / (ok + errs), true
}

// A Rung is one step of the percentile ladder: its name and its value.
type Rung struct {
	Name  string
	Value time.Duration
}

// Slowest names the samples rung r is the fastest of without the ladder's names, which a
// screen with no ladder drawn leaves to guess (closed loop at 80x24: "p99.9 and up show the
// stall", newcomer 58): "slowest 0.1%" for p99.9, "slowest 1%" for p99; "slowest" for max.
func (r Rung) Slowest() string {
	v, ok := r.percentile()
	if !ok {
		return "slowest"
	}
	digits := 0
	if dot := strings.IndexByte(r.Name, '.'); dot >= 0 {
		digits = len(r.Name) - dot - 1
	}
	return fmt.Sprintf("slowest %.*f%%", digits, 100-v)
}

// percentile is the percentile rung r names, 99.9 for p99.9; ok false for max.
func (r Rung) percentile() (v float64, ok bool) {
	v, err := strconv.ParseFloat(strings.TrimPrefix(r.Name, "p"), 64)
	return v, err == nil
}

// NearestRank is the rank of the sample at quantile q of n samples, ⌈q·n⌉, less a hair:
// 99.9% of 1000 ranks 999, not 1000 by the float's last digit. The engine's percentiles and
// the rungs said by count (SlowestOf) both rank by it.
func NearestRank(q float64, n int64) int64 { return int64(math.Ceil(q*float64(n) - 1e-9)) }

// fewSlowest is the fewest samples a rung's share of them (Slowest) is said as a share of:
// of fewer, their count says it, "slowest 0.1%" of 701 being under one request.
const fewSlowest = 10

// SlowestOf is Slowest of n samples, said by count where its share of them is fewer than
// fewSlowest samples: "slowest 1 of 701" for p99.9, whose nearest rank is the 701st, not
// "slowest 0.1%", 0.7 of a request (newcomer 59 W-minor 10). k is how many samples that is,
// from the rung's nearest rank ⌈q·n⌉ up; as a share, 0.
func (r Rung) SlowestOf(n int64) (said string, k int64) {
	v, ok := r.percentile()
	if !ok || (100-v)*float64(n) >= 100*fewSlowest-1e-6 { // less a hair, as NearestRank
		return r.Slowest(), 0
	}
	k = n - NearestRank(v/100, n) + 1
	return fmt.Sprintf("slowest %d of %s", k, FmtCount(n)), k
}

// OfEnough says p's p99 is of EnoughSamples or more, so more than the slowest one's.
func (p Percentiles) OfEnough() bool { return p.Count >= EnoughSamples }

// ShortRung is a percentile of the ladder and the samples it needs to be more than the
// slowest of them (nearest rank ⌈q·n⌉ = n below Needs).
type ShortRung struct {
	Name  string
	Needs int64
}

// ShortRungs are the ladder's rungs, p99 and up, that n samples leave at the slowest: the
// table's rule for the p99 (EnoughSamples), one nine more a tenfold count.
func ShortRungs(n int64) []ShortRung {
	var out []ShortRung
	for _, r := range []ShortRung{{"p99", EnoughSamples}, {"p99.9", 10 * EnoughSamples}, {"p99.99", 100 * EnoughSamples}} {
		if n < r.Needs {
			out = append(out, r)
		}
	}
	return out
}

// Ladder is p's ladder, p50 to max.
func (p Percentiles) Ladder() []Rung {
	return []Rung{{"p50", p.P50}, {"p90", p.P90}, {"p99", p.P99}, {"p99.9", p.P999}, {"p99.99", p.P9999}, {"max", p.Max}}
}

// ShowStall is the top of p's ladder that shows a stall of length stall: every rung from the
// lowest at half the stall or more up to max (none: the stall is in no percentile). A closed
// loop's stall shows only there, since its users send nothing while it lasts.
func (p Percentiles) ShowStall(stall time.Duration) []Rung {
	ladder := p.Ladder()
	from := len(ladder)
	for from > 0 && ladder[from-1].Value >= stall/2 {
		from--
	}
	return ladder[from:]
}
