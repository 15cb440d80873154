// The forecast past the dependency's concurrency knee (KneeForecast).

package lab

import (
	"fmt"
	"time"

	"poollab/knee"
)

// PostmortemBrief names the incident the postmortem presets replay as its source does, by
// its title (the README cites it): "a published Go postmortem" left it unnamed (newcomer 52
// G-MAJOR). The source names no company, so the screen names none either, and no riddle of
// one: "an unnamed company's" was asked "which?" (newcomer 48 G-minor-7); nor by its number,
// "seed 000", beside the arrivals' seed on the same screen (newcomer 38 G2). With what it is
// and where to find it: the title alone was asked "which postmortem? can I read it?"
// (newcomer 67 G-MAJOR); the source, a write-up in Korean given to this project, names no
// author, date or link, so the help's Sources says so, and the title is a translation.
const PostmortemBrief = postmortemNamed + ")"

// PostmortemTitle is the source's title, translated, as the help's Sources gives it too;
// postmortemNamed the title and what it is, where to look, its parenthesis open for more.
const (
	PostmortemTitle = `"A Go postmortem that calmed lunch-peak latency"`
	postmortemNamed = PostmortemTitle + " (in Korean; see the help's " + SourcesTitle
)

// kneeCurve is a knee's rule as the settings write it: "25 calls, then latency × (n/25)²".
func kneeCurve(k int, exp float64) string {
	return fmt.Sprintf("%d calls, then latency × (n/%d)%s", k, k, power(exp))
}

// The knee's gloss, at the end of its line where that costs no line: the knee is the
// postmortem's, the square the lab's (newcomer 85 G-MAJOR); kneeHelp says why.
const (
	kneeSquare      = "the ²"
	kneeSquareIs    = "is the lab's model, not a measurement"
	kneeSquareBrief = "is a model"
)

// PostmortemStore is the postmortem presets' store as far as its knee goes, the help's
// example of the knee: its numbers are worked out from it, so that they cannot go stale
// (TestHelpKneeIsThePostmortems ties it to the presets). From no defaults, as
// StackedTimeouts: the help has no run to read them from.
func PostmortemStore() Config {
	var c Config
	c.Dependency.Mode, c.Dependency.HealthyLatency = ModeHealthy, Duration(50*time.Millisecond)
	c.Dependency.Knee, c.Dependency.KneeExponent = 25, knee.DefaultExponent
	return c
}

// kneeHelp is the help's knee: what the curve does, which of it is the source's and which the
// lab's, and why the lab's is a square, in the postmortem presets' numbers: the square was
// nowhere justified, and the lesson rests on it (newcomer 85 G-MAJOR).
func kneeHelp() Item {
	k := PostmortemStore().kneeForecast()
	linear := k
	linear.Exponent = 1
	perSec := func(k KneeForecast, n int) string {
		_, r := k.Answers(n)
		return FmtWholePerSec(r)
	}
	lat, n := FmtDur(k.Latency), k.Knee
	return word("knee "+kneeCurve(n, k.Exponent), fmt.Sprintf("the dependency's concurrency knee (dependency.knee): up to %d calls at once each call takes the dependency's latency (its jitter drawn first); past it, a call that arrives as the n-th at once, itself counted, takes that × (n/%d)%s, all of its call (\"n = calls at once\"). "+
		"The %d is the postmortem's: its store handled ~%d calls at once well and slowed beyond them (see Sources). "+
		"The square (dependency.knee_exponent) is the lab's model, not a measurement (\"%s %s\", briefly \"%s %s\", at the end of the knee's line where that costs no line; not said where a run sets another exponent): the postmortem says where its store slowed, not how steeply. "+
		"It is a square to put the store in the retrograde region of the Universal Scalability Law, where the postmortem's was (the slower store took more workers, which made it slower still): n calls at once answer n ÷ latency(n) a second, at %s %s at %d, %s at %d and %s at 64, so past the knee each call added makes it answer fewer, and a pool that grows on its queue's length feeds that. "+
		"A linear rise, (n/%d)¹, would only flatten it: n ÷ (%s × n/%d) = %s at any n, more calls at once adding wait but costing no answers; any exponent above 1 makes it fall (--set dependency.knee_exponent=1.5 draws another, written ^1.5)",
		n, n, power(k.Exponent), n, n, kneeSquare, kneeSquareIs, kneeSquare, kneeSquareBrief,
		lat, perSec(k, n), n, perSec(k, 2*n), 2*n, perSec(k, 64), n, lat, n, perSec(linear, 2*n)))
}

// SourcesTitle is the help's last section's title, which the postmortem's screen sends a
// reader to and the help's G (or end) opens at.
const SourcesTitle = "Sources"

// PostmortemSummary is the source as the help's Sources sums it up, its own figures.
const PostmortemSummary = postmortemOf + " whose p95 went " + postmortemRise + " at a weekday lunch peak, its worker pool scaling on queue length to 64 in front of a store system good for ~25 calls at once; " +
	"the fix, 24 calls at most and an 800ms deadline that counts the queue's wait. It names no company; the postmortem presets are built on it, their overload harder than its by the lab's choice"

// postmortemFigures are the source's own figures, said as its own, with whose they are: the
// title alone left whose postmortem to guess, and "its p95" beside "the lab's overload … by
// its choice" which "its" was which (newcomer 64). An order API's, as the source's is (field
// guide §7); its cause is the lesson's clause after it.
const postmortemFigures = postmortemWhose + " p95 " + postmortemRise

// postmortemRise is how its p95 went at the weekday lunch peak.
const postmortemRise = "90ms → 1.1s"

// postmortemOf is whose the postmortem is; postmortemWhose the same before its figures.
const (
	postmortemOf    = "an order API"
	postmortemWhose = postmortemOf + "'s"
)

// PostmortemGlossed names the postmortem with whose it is, for a line with no room for its
// figures: "of an order API", as "(an order API's)" alone was a possessive of nothing
// (newcomer 66).
const PostmortemGlossed = postmortemNamed + "; of " + postmortemOf + ")"

// PostmortemSource is PostmortemBrief with the source's figures, said as the incident's, for
// the fix's screen: "(an order API's p95 90ms → 1.1s)" after "as the fix in" read as the
// fix's own p95, made worse (newcomer 67). The lab's p95 beside them (newcomer 50, 52) is
// gone: the table shows p50 and p99, so it was a figure found nowhere else on the screen
// (newcomer 60 G-MAJOR).
const PostmortemSource = PostmortemBrief + ", where " + postmortemWhose + " p95 had gone " + postmortemRise

// PostmortemDepth is the postmortem named with its figures and what the lab's meltdown is of it: not a replay of
// its figures, a harder overload on purpose, said as this lab's (its latency ten times the
// source's was asked "does the lab reproduce it?", newcomer 60). The source gives no arrival rate, so no
// reason is made up for its number. At the peak's step, by how much the latency of those
// ending grows a second (LatencyGrowth), from the rates the headline prints, so that
// "1 − 194.4/500" computes as printed (newcomer 60: "0.6s more each second" had no
// derivation on screen). Only where none failed: ended is then ok, the headline's word.
func (s *Snapshot) PostmortemDepth() string {
	said := postmortemNamed + "; " + postmortemFigures + "; this lab overloads harder on purpose"
	if g, in, out, grows := s.LatencyGrowth(Payment); grows {
		// Both waits' growth, each named: "those ending now … ~0.6s more each second" beside
		// "one arriving now waits ~29.4s" read as one wait that did not add up (newcomer 62
		// G-MAJOR). One arriving now waits for the queue ahead, which gains what is not
		// served each second, served at out: (in − out) / out seconds more a second.
		said += fmt.Sprintf(": %s ok of %s, so the wait of those ending now grows ~%.1fs a second, 1 − %s/%s; of one arriving now ~%.1fs a second, %s/%s",
			FmtPerSec(out), FmtPerSec(in), g, perSecFigure(out), perSecFigure(in), (in-out)/out, perSecFigure(in-out), perSecFigure(out))
	}
	return said + ")"
}

// LatencyGrowth is how many seconds longer, each second, class c's requests ending now have
// taken, while its peak outruns the workers: in a FIFO queue that none leaves but by a
// worker, one ending now waited for those queued ahead of it, and the queue grows by what
// the workers do not take of each second's arrivals, so that share of a second is the growth
// (500/s in, 194/s out: 1 − 194/500 = 0.61s a second; the postmortem's p95 so far rose 0.59s
// a second over 15–30s). It is worked from the rates as printed, in arriving and out ending,
// so that the sum the screen gives computes. false: not at the peak's step, not FIFO, some
// turned away, timed out or failed (they leave the queue otherwise; ended is then ok, the
// headline's word), or under a tenth of a second.
func (s *Snapshot) LatencyGrowth(c Class) (g, in, out float64, ok bool) {
	r, ok := s.RatesAtStep(c)
	if !ok || s.Config.Pool.Discipline != FIFO || r.Arrived[c] <= 0 || s.RatesInForce[c] < s.Config.Traffic.PeakRate(c) ||
		r.Errors(c) > 0 {
		return 0, 0, 0, false
	}
	in, out = shownPerSec(r.Arrived[c]), shownPerSec(r.Ended(c))
	g = 1 - out/in
	return g, in, out, g >= 0.05
}

// KneeForecast is the dependency past its concurrency knee (the postmortem's store): up to
// Knee calls at once it answers in its latency, beyond it each call takes longer by
// (n/knee)^exponent, so n calls at once answer n / latency(n) a second, which falls past
// the knee (the Universal Scalability Law's retrograde region). A pool that scales on queue
// length feeds it: the slower it answers, the longer the queue, the more workers, the
// more calls at once, the slower it answers.
type KneeForecast struct {
	Knee     int           // 0: no knee (or the dependency answers no calls: down, errors)
	Exponent float64       // how steeply latency grows past the knee
	Latency  time.Duration // a call's latency up to the knee
	Best     float64       // answers per second at the knee: Knee / Latency, the most it gives

	// Cap is the most calls the settings let reach it at once: the pool's most workers (its
	// autoscale max), or less by a semaphore or thread-pool bulkhead or a connection limit.
	// Autoscaled says the pool's autoscale max decides it: the pool grows there while
	// requests queue. An adaptive limit finds its own, so it is not counted here.
	Cap int
	// TurnsAway is what a bulkhead that is the cap turns the excess away as (rejected:bulkhead,
	// rejected:limit); 0 where the cap is the workers or the connections, whose excess waits.
	TurnsAway  Reason
	Autoscaled bool
	CapLatency time.Duration // a call's latency with Cap calls at once
	CapRate    float64       // answers per second with Cap calls at once: Cap / CapLatency; 0 where CutAt cuts them
	// CutAt is the payments' timeout where it ends every call before its answer (a key
	// storm's adaptive-limit at a slow 3s under a 1s timeout): 0 where calls are answered.
	CutAt time.Duration
	// CutByDeadline says the deadline cuts them, within CutAt of arrival, the queue's wait
	// included: each ends by then, so Cap ÷ CutAt is the fewest that end a second.
	CutByDeadline bool

	PeakRate float64 // payments per second at the traffic's peak (its profile's highest step)
	// Shortfall is PeakRate − CapRate when the peak is more than Cap calls answer: per
	// second, payments that queue up without end, or, under a deadline, run out of it
	// (where CutAt cuts the calls, the peak beyond the Cap ÷ CutAt that end).
	Shortfall float64
}

// Answers is the dependency with n calls at once: how long each takes, and how many it
// answers a second (n / latency(n)).
func (k KneeForecast) Answers(n int) (latency time.Duration, perSec float64) {
	if k.Knee == 0 || n <= 0 {
		return 0, 0
	}
	latency = knee.Latency(k.Latency, n, k.Knee, k.Exponent)
	return latency, float64(n) / latency.Seconds()
}

// LatencyAt is the curve's latency at a mean of calls calls at once.
func (k KneeForecast) LatencyAt(calls float64) time.Duration {
	if k.Knee == 0 {
		return 0
	}
	return knee.LatencyAt(k.Latency, calls, k.Knee, k.Exponent)
}

// Exp is the curve's exponent as it applies: 0 set means knee.DefaultExponent.
func (k KneeForecast) Exp() float64 { return knee.Exponent(k.Exponent) }

// Net is how fast a queue grows when rate arrive a second and n calls at once are
// answered: what n calls cannot answer, or, negative, how fast they drain it.
func (k KneeForecast) Net(rate float64, n int) float64 {
	_, perSec := k.Answers(n)
	return rate - perSec
}

func (c Config) kneeForecast() KneeForecast {
	d := c.Dependency
	lat := d.CallLatency()
	if d.Knee == 0 || lat <= 0 {
		return KneeForecast{}
	}
	k := KneeForecast{Knee: d.Knee, Exponent: d.KneeExponent, Latency: lat, Best: float64(d.Knee) / lat.Seconds(),
		PeakRate: c.Traffic.PeakRate(Payment), Cap: c.Pool.MaxWorkers(), Autoscaled: c.Pool.Autoscale.Max > 0}
	if n, unit := c.paymentCallCap(); n < k.Cap { // permits or connections, fewer than the workers: no autoscaling lifts them
		k.Cap, k.Autoscaled = n, false
		if unit != "connection" {
			k.TurnsAway = c.Payment.Bulkhead.Rejects()
		}
	}
	k.CapLatency, k.CapRate = k.Answers(k.Cap) // its Shortfall, once the payments' cuts are known (forecastCall)
	return k
}

// Ends is how the Cap calls at once end: each after CapLatency, CapRate answers a second, or
// where the timeout cuts them, each at CutAt, Cap ÷ CutAt a second, none answered ("20 calls
// at 3.00s give ~7/s" beside a 1s timeout that ends 20 a second, none ok, was the curve's
// rate for calls that never finish).
func (k KneeForecast) Ends() (each time.Duration, perSec float64) {
	if k.CutAt > 0 {
		return k.CutAt, k.endsCut()
	}
	return k.CapLatency, k.CapRate
}

// endsCut is the cut calls that end a second, Cap ÷ CutAt; 0 where none is cut.
func (k KneeForecast) endsCut() float64 {
	if k.CutAt <= 0 {
		return 0
	}
	return float64(k.Cap) / k.CutAt.Seconds()
}

// AtKnee is a cap at the knee itself, against a cap under it (newcomer 19 asked of the
// postmortem's fix "why 24, not 25?"): the answers a second Knee calls give, the most the
// dependency gives (Best), and what those Knee calls would do were the knee one call lower
// than measured: how long each would take and how many they would answer a second. A cap at
// the knee leaves no room for a knee measured a call high; one under it gives that up for
// its share of Best. Zero without a knee.
func (k KneeForecast) AtKnee() (best float64, lower time.Duration, lowerRate float64) {
	if k.Knee <= 1 {
		return 0, 0, 0
	}
	low := k
	low.Knee--
	lower, lowerRate = low.Answers(k.Knee)
	return k.Best, lower, lowerRate
}

// CapMargin is why a cap sits under the knee, as the narrator says it, brief and whole: one
// call under it, the postmortem's own reason, a margin under a knee it measured ("why 24, not
// 25: a margin, as real knees vary"; "in case the knee is really 24" beside the
// settings' "knee 25 calls" asked why it would be, newcomer 55 G-MAJOR); whole, what 25 would
// give were it a call lower (newcomer 49 w2), and what 24 give either way; further under it,
// what the cap gives up, for nothing that margin needs (a threadpool of 20 before an adaptive
// limit's store read the one-call reason for five). Empty at or over the knee, or without one.
func (k KneeForecast) CapMargin() (brief, whole string) {
	best, _, lowerRate := k.AtKnee()
	if k.Cap >= k.Knee || best <= 0 || k.CutAt > 0 { // cut calls answer nothing, under the knee or not
		return "", ""
	}
	if k.Cap == k.Knee-1 {
		// The postmortem's: round trips began to rise near 25, so it kept a margin under that.
		// Brief, in the room the old reason took: 80x24 keeps it in four lines.
		// What the margin is for, not "a measured knee": the lab's is a setting (newcomer 58).
		brief = fmt.Sprintf("why %d, not %d: a margin, as real knees vary", k.Cap, k.Knee)
		// "Were the knee": "were it 24" left what "it" was to guess (newcomer 67).
		return brief, fmt.Sprintf("%s (were the knee %d, %d would give %s); %d give %s either way", brief, k.Knee-1, k.Knee, FmtWholePerSec(lowerRate), k.Cap, FmtWholePerSec(k.CapRate))
	}
	// What the figure counts, said (review 41a: "20, 5 under the knee" left 20 of what).
	brief = fmt.Sprintf("a cap of %d calls, %d under the knee", k.Cap, k.Knee-k.Cap)
	return brief, fmt.Sprintf("%s: %d give %s, %d would give %s", brief, k.Cap, FmtWholePerSec(k.CapRate), k.Knee, FmtWholePerSec(best))
}
