// The payment bulkhead (the isolation article, ch. 4 and 6: a partition is worth something
// only when it rejects): its config section, defaults and validation rows, the registry of
// its kinds (semaphore.go, threadpool.go, adaptive.go register theirs), its state in a lab
// (the kind in force, and the slack lost at its rejections), its stats and their fleet-wide
// sum, its rejection reason and wait's glyph, its share of the forecast (what it admits),
// its report section and summary line, its settings and health items, and the b and [ ]
// keys' changes.

package lab

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// BulkheadType is how payments are fenced off from the shared pool: none, or a registered kind.
type BulkheadType string

// BulkheadNone: no bulkhead, payments may take every worker.
const BulkheadNone BulkheadType = "none"

// BulkheadTypes lists none and every kind, in the order the b key cycles them.
var BulkheadTypes = []BulkheadType{BulkheadNone}

// BulkheadConfig bounds how many payments may hold workers at once.
type BulkheadConfig struct {
	Type    BulkheadType `yaml:"type" json:"type"`
	Size    int          `yaml:"size" json:"size"`
	MaxWait Duration     `yaml:"max_wait" json:"max_wait"` // semaphore: wait for a permit; 0 rejects at once
	Queue   int          `yaml:"queue" json:"queue"`       // threadpool: calls that may wait for a thread
}

// RejectBulkhead: the payment bulkhead had no permit (or thread and queue place) in time.
const RejectBulkhead Reason = 1

// PhaseBulkhead: a worker waiting for a bulkhead's permit (a semaphore's, an adaptive limit's).
const PhaseBulkhead Phase = 3

var _ = registerReason(RejectBulkhead, reasonDef{name: "bulkhead", rank: 30,
	shown: func(s *Snapshot) bool {
		b := s.Config.Payment.Bulkhead
		return b.kind() != nil && b.Rejects() == RejectBulkhead
	},
	description: "the payment bulkhead had no room: no permit within its max wait (semaphore), or no thread and no queue place (thread pool)"})

func init() {
	// Before the mechanism, whose help says its rejections' column.
	register(mechanism{
		name:     "bulkhead",
		rank:     40,
		defaults: func(c *Config) { c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadNone, Size: 5} },
		checks: func(c Config) []check {
			b := c.Payment.Bulkhead
			return []check{
				{"payment.bulkhead.type", !oneOf(b.Type, BulkheadTypes...), fmt.Sprintf("must be one of %s, got %s", join(BulkheadTypes), Quote(string(b.Type)))},
				{"payment.bulkhead.size", b.Size < 1 || b.Size > MaxBulkhead, fmt.Sprintf("must be 1..%d, got %d", MaxBulkhead, b.Size)},
				{"payment.bulkhead.max_wait", b.MaxWait < 0 || b.MaxWait.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s rejects at once), got %s", MaxLatency, b.MaxWait)},
				{"payment.bulkhead.queue", b.Queue < 0 || b.Queue > MaxQueue, fmt.Sprintf("must be 0..%d, got %d", MaxQueue, b.Queue)},
			}
		},
		start: func(iso *Isolation) runtime { return newBulkheads(iso) },
		idle: func(c Config, s *Snapshot) {
			b := c.Payment.Bulkhead
			s.Bulkhead = BulkheadStats{Type: b.Type, Size: b.Size, QueueCap: b.Queue}
		},
		sum: func(s *Snapshot, replicas []Snapshot) {
			s.Bulkhead = sumOf(BulkheadStats{Type: s.Config.Payment.Bulkhead.Type}, each(replicas), func(r *Snapshot) BulkheadStats { return r.Bulkhead })
			s.Slack = sumSlack(replicas)
		},
		report: func(r *Report, s Snapshot) {
			if s.Bulkhead.Type == BulkheadNone {
				return
			}
			// A fleet's size and limit are both its replicas' added up (BulkheadStats.add), as its pool is.
			r.Bulkhead = &BulkheadReport{Type: string(s.Bulkhead.Type), Size: s.Bulkhead.Size, Limit: s.Bulkhead.Limit}
			if s.Slack.Rejections > 0 {
				r.Bulkhead.SlackLost = &SlackReport{Rejections: s.Slack.Rejections, MeanFreeWorkers: round(s.Slack.MeanFree, 2)}
			}
		},
		summary: at(60, Report.bulkheadLines),
		series: func(s *Snapshot) (Series, bool) {
			if k := s.Config.Payment.Bulkhead.kind(); k != nil && k.series != nil {
				return k.series(s), true
			}
			return Series{}, false
		},
		forecast: at(20, Config.bulkheadForecast),
		settings: at(40, bulkheadSettings),
		health:   append(at(50, slackHealth), at(52, adaptiveCeiling)...),
		words: func() []part[[]Item] {
			return at(55, []Item{
				word(WidestWord(), widestHelp()),
				word(slackWord, "the price of a payment bulkhead: at each of its rejections, the other workers of the pool that sat free, besides the one the rejected payment held (the bulkhead runs on a worker, after the pool gave it one; the report's slack_lost); shown as their mean, beside the count of rejections and, where it fits, when they fell (\"2549 rejections (5–35s)\": the first to the last whole second that had one, from the per-second counts; \"(since 5s)\" while the second under way has some not yet counted), which the table's count, "+SinceStart+", does not say. Some are what a bulkhead is for, the workers it keeps for the other classes; beyond what they need, capacity lost"),
				word(adaptiveNamed+" "+adaptiveLimiter, "a payment bulkhead of type adaptive: no fixed size, but a cap on calls at once that it moves from their latency (the rule: the adaptive limit chart). Netflix's concurrency-limits calls it a concurrency limiter, failsafe-go an adaptive limiter (resilience4j's adaptive bulkhead is unreleased work in progress (its issue #201), in none of its releases up to 2.4.0). The b key cycles to it with the bulkheads, as it caps the payments' calls at once as a semaphore does, but what it turns away is its own "+RejectLimit.Word()+" (failsafe-go's \"limit exceeded\"), not "+RejectBulkhead.Word()+". With payments the only class (the adaptive-limit preset: \"on all orders\"), it isolates no class from another, as a bulkhead does on the other screens: it caps every order's call, a concurrency limit on the whole service, and the settings call it the limit (\""+adaptiveOnAll(120)+"\"; at 80 columns \""+adaptiveOnAll(80)+"\"). "+limitFullHelp()),
			})
		},
	})
	registerPhase(PhaseBulkhead, phaseDef{name: "waiting for bulkhead", rank: 40, glyph: 'b',
		words: "waiting for a bulkhead permit", short: "wait for a permit"})
}

// A bulkheadKind is one type of payment bulkhead, as its file registers it.
type bulkheadKind struct {
	name BulkheadType
	rank int // its place in BulkheadTypes, lowest first
	// rejects is the reason it turns payments away for; unset, the bulkheads' RejectBulkhead.
	rejects Reason
	// start makes its state in one lab.
	start func(iso *Isolation) bulkheadState
	// unit is what its size counts where it caps the calls at the dependency at its size
	// ("permit", "thread"); "" where it finds its own cap (an adaptive limit), whose size
	// says its size in words instead.
	unit string
	size func(b BulkheadConfig) string
	// setting is its settings item's value, from what it holds now (b: one instance's, or
	// replicas' added up), the longest of its forms that fits a line of w (0: the shortest).
	setting func(c Config, b BulkheadStats, w int) string
	// label is its settings item's label in c; nil: "bulkhead".
	label func(c Config) string
	// waiting is the places where payments may wait beyond its size, for the forecast's
	// M/M/n/k (0: it turns away what finds it full); nil: none.
	waiting func(b BulkheadConfig) int
	// ownThreads says the calls run on threads of its own, so the worker can walk away from
	// its wait for a connection.
	ownThreads bool
	// summary begins its report line, where "payment bulkhead: type, size n" does not say it.
	summary func(b BulkheadReport) string
	// series is its measure of the payments each second, when it has one (the limit it finds).
	series func(s *Snapshot) Series
}

// threader is a kind's state that runs goroutines of its own, counted whichever kind is in
// force (BulkheadStats.Threads): retired threads still draining are not the lab's helpers.
type threader interface{ threads() int64 }

// bulkheadState is a kind's state in one lab; besides, it may settle, sample a second, or
// run calls on threads of its own (settler, sampler, offloader).
type bulkheadState interface {
	// configure readies it for c, whether or not it is the kind in force.
	configure(c Config)
	// stage is its stage, while it is the kind in force.
	stage() stage
	// stats are what it holds now, while it is the kind in force under b.
	stats(b BulkheadConfig) BulkheadStats
}

var bulkheadKinds = map[BulkheadType]*bulkheadKind{}

// capsCalls says k caps the calls at the dependency at its size: it counts its size in units.
func (k *bulkheadKind) capsCalls() bool { return k.unit != "" }

// sizeWords says b's size in words: "5 permits", "5 threads", or the kind's own words.
func (k *bulkheadKind) sizeWords(b BulkheadConfig) string {
	if k.capsCalls() {
		return units(b.Size, k.unit)
	}
	return k.size(b)
}

// registerBulkhead adds kind k to the registry, and its type to BulkheadTypes at its rank.
func registerBulkhead(k bulkheadKind) {
	bulkheadKinds[k.name] = &k
	// none stays first: the kinds follow it in rank order.
	kinds := insertRanked(slices.Clone(BulkheadTypes[1:]), k.name, func(t BulkheadType) int { return bulkheadKinds[t].rank })
	BulkheadTypes = append(BulkheadTypes[:1:1], kinds...)
}

// settingsLabel is k's settings item's label in c: "bulkhead", or the kind's own.
func (k *bulkheadKind) settingsLabel(c Config) string {
	if k.label != nil {
		return k.label(c)
	}
	return "bulkhead"
}

// kind is the kind b's type names; nil for none.
func (b BulkheadConfig) kind() *bulkheadKind { return bulkheadKinds[b.Type] }

// Rejects is the reason b's kind turns payments away for: rejected:bulkhead, or an adaptive
// limit's rejected:limit.
func (b BulkheadConfig) Rejects() Reason {
	if k := b.kind(); k != nil && k.rejects != RejectPool {
		return k.rejects
	}
	return RejectBulkhead
}

// rejectsAsKind says some kind turns payments away for r.
func rejectsAsKind(r Reason) bool {
	for name := range bulkheadKinds {
		if (BulkheadConfig{Type: name}).Rejects() == r {
			return true
		}
	}
	return false
}

// bulkheads are the bulkhead in one lab: each kind's state, and the slack lost at its rejections.
type bulkheads struct {
	kinds map[BulkheadType]bulkheadState
	free  func() int // the pool's free workers now
	slack slackLost
}

func newBulkheads(iso *Isolation) *bulkheads {
	b := &bulkheads{kinds: map[BulkheadType]bulkheadState{}, free: iso.lent.Free}
	for name, k := range bulkheadKinds {
		b.kinds[name] = k.start(iso)
	}
	return b
}

// configure readies every kind for c: the one in force is built before the chain that
// uses it, the others let go of what they held.
func (b *bulkheads) configure(c Config) {
	for _, name := range BulkheadTypes[1:] {
		b.kinds[name].configure(c)
	}
}

// settle lets the kinds that keep something until c is in force let go of it.
func (b *bulkheads) settle(c Config) {
	for _, name := range BulkheadTypes[1:] {
		if st, ok := b.kinds[name].(settler); ok {
			st.settle(c)
		}
	}
}

func (b *bulkheads) stages(c Config) []placed {
	if st := b.kinds[c.Payment.Bulkhead.Type]; st != nil {
		return []placed{{slotBulkhead, st.stage()}}
	}
	return nil
}

func (b *bulkheads) fill(s *Snapshot) {
	bh := s.Config.Payment.Bulkhead
	s.Bulkhead = BulkheadStats{Type: bh.Type, Size: bh.Size}
	if st := b.kinds[bh.Type]; st != nil {
		s.Bulkhead = st.stats(bh)
	}
	for _, name := range BulkheadTypes[1:] {
		if th, ok := b.kinds[name].(threader); ok {
			s.Bulkhead.Threads += th.threads()
		}
	}
	s.Slack = b.slack.stats()
}

// second is the kind in force's share of a per-second sample.
func (b *bulkheads) second(sec *Second, c Config) {
	if sm, ok := b.kinds[c.Payment.Bulkhead.Type].(sampler); ok {
		sm.second(sec, c)
	}
}

// executor is the kind in force's threads, if it runs calls on threads of its own.
func (b *bulkheads) executor(c Config) (executor, bool) {
	if o, ok := b.kinds[c.Payment.Bulkhead.Type].(offloader); ok {
		return o.executor(c)
	}
	return executor{}, false
}

// heard notes, at each rejection of a bulkhead's kind, how many other workers sat free: this
// payment still holds its worker, the rest are elsewhere.
func (b *bulkheads) heard(r Result) {
	if r.Rejected && rejectsAsKind(r.Reason) {
		b.slack.observe(b.free())
	}
}

// BulkheadStats is the payment bulkhead at one instant.
type BulkheadStats struct {
	Type        BulkheadType
	Size        int
	InUse       int64 // semaphore: permits held; threadpool: calls admitted (running or queued)
	ThreadsBusy int64 // threadpool: threads running a call
	Threads     int64 // a thread pool's threads now, busy or not, each a goroutine of the lab's, in force or draining
	Queued      int   // threadpool: calls waiting for a thread
	QueueCap    int   // threadpool: bulkhead.queue
	Limit       int   // adaptive: the limit it has found (InUse: calls holding a permit)
	// Reading is an adaptive limit's last update (zero before its first, and a fleet's)
	Reading AdaptiveReading
}

// add adds one replica's bulkhead to the fleet's: places and what holds them.
func (a BulkheadStats) add(b BulkheadStats) BulkheadStats {
	a.Size += b.Size
	a.Limit += b.Limit
	a.InUse += b.InUse
	a.ThreadsBusy += b.ThreadsBusy
	a.Threads += b.Threads
	a.Queued += b.Queued
	a.QueueCap += b.QueueCap
	return a
}

// SlackStats is the slack lost to the payment bulkhead (field guide §6): at each of its
// rejections, how many workers of the pool sat free. Always large: the compartment is cut
// too fine for the pool; near zero: the rejection is paid for, the pool was full anyway.
type SlackStats struct {
	Rejections int64   // bulkhead rejections observed
	MeanFree   float64 // workers free elsewhere at a rejection, on average
}

type slackLost struct {
	mu         sync.Mutex
	rejections int64
	free       int64 // summed over the rejections
}

// sumSlack is the replicas' slack as one: their rejections, and the free workers at each
// of them on average over all of them.
func sumSlack(reps []Snapshot) SlackStats {
	var s SlackStats
	var free float64
	for _, r := range reps {
		free += r.Slack.MeanFree * float64(r.Slack.Rejections)
		s.Rejections += r.Slack.Rejections
	}
	if s.Rejections > 0 {
		s.MeanFree = free / float64(s.Rejections)
	}
	return s
}

func (s *slackLost) observe(free int) {
	s.mu.Lock()
	s.rejections++
	s.free += int64(free)
	s.mu.Unlock()
}

func (s *slackLost) stats() SlackStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := SlackStats{Rejections: s.rejections}
	if s.rejections > 0 {
		st.MeanFree = float64(s.free) / float64(s.rejections)
	}
	return st
}

// WidestWord is the key for PaymentForecast.Widest, the help's and the narrator's.
func WidestWord() string {
	return fmt.Sprintf("widest cap with others <%g%% turned away", 100*OthersLoss)
}

// SemaphoreBulkhead is the semaphore-bulkhead preset as far as its forecast goes: the
// help's widest cap is worked out from it, so that it cannot go stale (a test ties it to
// the preset, as StackedTimeouts).
func SemaphoreBulkhead() Config {
	c := DefaultConfig()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate, c.Traffic.Health.Rate = 10, 5, 1
	c.Dependency.Mode, c.Dependency.Latency = ModeSlow, Duration(3*time.Second)
	c.Payment.Bulkhead = BulkheadConfig{Type: BulkheadSemaphore, Size: 5}
	return c
}

// FleetBulkhead is the fleet-bulkhead preset as far as a replica's forecast goes
// (SemaphoreBulkhead): its rates are the whole stream's, its queue each replica's.
func FleetBulkhead() Config {
	c := SemaphoreBulkhead()
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate, c.Traffic.Health.Rate = 24, 80, 0
	c.Pool.Queue, c.Fleet.Replicas, c.Fleet.CheckEvery = 100, 4, Duration(100*time.Millisecond)
	return c
}

// widestHelp says whose bar OthersLoss is and why, what "turned away" is with a queue, and
// what the share rests on (newcomers 80 W4, 81 G2), its figures Erlang B's of the presets'
// (SemaphoreBulkhead, FleetBulkhead).
func widestHelp() string {
	pct := func(x float64) string { return fmt.Sprintf("%.3g%%", 100*x) }
	sem := SemaphoreBulkhead()
	one := sem.Forecast()
	need, load := one.Payment.OthersNeed, sem.othersLoad()
	fleet := FleetBulkhead()
	four, three := fleet.ReplicaForecast(fleet.Fleet.Replicas), fleet.ReplicaForecast(fleet.Fleet.Replicas-1)
	need4, load4, load3 := four.Payment.OthersNeed, fleet.Share(fleet.Fleet.Replicas).othersLoad(), fleet.Share(fleet.Fleet.Replicas-1).othersLoad()
	rate4, signup := four.Classes[Signup].Rate, fleet.Signup.Work.D()
	// The longest a signup may hold its worker for need4 workers to keep the share of a
	// replica's signups under the bar, by halving.
	lo, hi := 0.0, signup.Seconds()*10
	for range 50 {
		if mid := (lo + hi) / 2; erlangB(rate4*mid, need4) < OthersLoss {
			lo = mid
		} else {
			hi = mid
		}
	}
	observed := 2.9 * float64(time.Millisecond) // a run's, the table's signup p50
	return fmt.Sprintf("in a payment bulkhead's narrator: the widest payment cap that still leaves the other classes workers enough that, by Erlang B of their own load (their rates × the hold each is set to) on the workers the cap leaves them, under %s of them find every one of those busy "+
		"(semaphore-bulkhead: %s erlangs, %s on %s, %s on %d, so it keeps %d: a cap of %d − %d = %d). "+
		"The %s is the lab's own bar (lab's OthersLoss), not the isolation article's, Hystrix's or resilience4j's, which size no bulkhead for you: one request in a thousand, what a 99.9%% (three nines) target lets fail, small beside the payments' loss it is traded against. "+
		"It is a forecast at the set holds and rates, not the run's: in a fleet each replica's share, with the replicas in rotation it says (fleet-bulkhead, %s of signups at %s: with %d in rotation %s erlangs a replica, %s on %s, so %d; with %d, %s erlangs, %s on %d, so %d, keeping %d); "+
		"a signup holds its worker longer than set (the settings line's \"the work, a sleep, ran p50 187µs over\"), and %s keep %s under the bar only to about %.3gms a signup (at %s, the table's signup p50, %s). "+
		"Turned away: with no queue, by the pool (%s); with a queue (fleet-bulkhead's queue %d %s) none is turned away for it: about as many (Erlang C's share, a little more: %s for %s) find those workers busy and wait in the queue instead, behind whatever is queued, so the bar then bounds how many wait, not how many are lost",
		pct(OthersLoss),
		one.NeedOf(sem.Others()), pct(erlangB(load, need-1)), units(need-1, "worker"), pct(erlangB(load, need)), need, need, one.Workers, need, one.Payment.Widest,
		pct(OthersLoss),
		FmtFloatRate(fleet.Traffic.Signup.Rate), FmtDur(signup), fleet.Fleet.Replicas, four.NeedOf(fleet.Others()), pct(erlangB(load4, need4)), units(need4, "worker"), four.Payment.Widest,
		fleet.Fleet.Replicas-1, three.NeedOf(fleet.Others()), pct(erlangB(load3, need4)), need4, three.Payment.Widest, three.Payment.OthersNeed,
		units(need4, "worker"), FmtFloatRate(rate4), lo*1000, FmtDur(time.Duration(observed)), pct(erlangB(rate4*observed/float64(time.Second), need4)),
		RejectPool.Word(), fleet.Pool.Queue, strings.ToUpper(string(fleet.Pool.Discipline)), pct(erlangC(load4, need4)), pct(erlangB(load4, need4)))
}

// othersLoad is the erlangs the classes other than payments offer at their peak rates:
// the load othersNeed sizes their workers for, and the help's Erlang B figures are of.
func (c Config) othersLoad() float64 {
	var load float64
	for _, cl := range c.Others() {
		load += c.Traffic.PeakRate(cl) * c.hold(cl, PaymentForecast{}).Seconds()
	}
	return load
}

// erlangC is the share of random arrivals that wait for one of n servers offered a erlangs
// with a queue, from Erlang B (exponential holds): the help's queue's share beside B's.
func erlangC(a float64, n int) float64 {
	b := erlangB(a, n)
	return b / (1 - a/float64(n)*(1-b))
}

// bulkheadForecast is what the bulkhead admits of the payments, and what it turns away:
// the loss of a group of size servers (its places to wait besides), offered the calls.
func (c Config) bulkheadForecast(f *Forecast) {
	pay, bh := &f.Payment, c.Payment.Bulkhead
	k := bh.kind()
	if k == nil || pay.Call <= 0 {
		return
	}
	rate := pay.Admitted
	pay.Bulkhead = bh.Size
	// Permits taken on a worker never outnumber the workers: one at least as wide as the
	// pool turns none away (the pool turns them away first), whatever Erlang B of its size
	// says (at 25 permits of 20 workers the forecast read 22.7 erlangs reaching the pool).
	if k.capsCalls() && !k.ownThreads && bh.Size >= c.Pool.MaxWorkers() {
		return
	}
	queue := 0
	if k.waiting != nil {
		queue = k.waiting(bh)
	}
	loss := func(size int) float64 { return c.Traffic.loss(rate*pay.Call.Seconds(), size, size+queue) }
	pay.Admitted = rate * (1 - loss(bh.Size))
	pay.Rejected = rate - pay.Admitted
	pay.Capped = pay.CallsNeeded > float64(bh.Size)
	// The widest bulkhead that still leaves the others what they need (Erlang B, their
	// load on the workers it keeps free), when the one in force is narrower and rejects.
	if need := c.othersNeed(); pay.Capped && need > 0 && c.Pool.MaxWorkers()-need > bh.Size {
		pay.Widest, pay.OthersNeed = c.Pool.MaxWorkers()-need, need
		pay.WidestLoss = loss(pay.Widest)
	}
}

// othersNeed is the fewest workers on which the classes other than payments, at their
// rates, are turned away less than OthersLoss of the time (Erlang B of their offered
// load); 0 when none of them arrive. A class answered at once (health) still needs a
// worker to answer it: at least one.
func (c Config) othersNeed() int {
	if len(c.Others()) == 0 {
		return 0
	}
	load := c.othersLoad()
	n, b := 1, erlangB(load, 1)
	for b >= OthersLoss { // one worker more at a time, on Erlang B's recurrence
		n++
		b = erlangNext(load, b, n)
	}
	return n
}

// WidestKept says, briefly, what PaymentForecast.Widest rests on: the workers the others
// keep, "signups at 2ms and health checks keep 3 workers" (newcomer 50: a fleet's 17 beside
// one pool's 18, with nothing to say why), with the hold it holds at (OthersHeld); no rate, as a fleet's traffic line gives the fleet's
// beside a replica's workers, and one rate before two classes read as both's (review 42a/b).
// "" without a widest cap.
func (c Config) WidestKept(p PaymentForecast) string {
	others := c.Others()
	if p.Widest == 0 || len(others) == 0 {
		return ""
	}
	return fmt.Sprintf("%s keep %s", c.OthersHeld(), c.KeptOf(p.OthersNeed))
}

// OthersHeld names the others with the hold PaymentForecast.Widest rests on, as set:
// "signups at 2ms and health checks", one answered at once bare. Its share is Erlang B of
// these holds, not of those a run sees: fleet-bulkhead's 2 workers keep 20/s of signups
// under OthersLoss only to 2.29ms a signup, where its table shows p50 2.9ms (newcomer 80 W4).
func (c Config) OthersHeld() string {
	var named []string
	for _, cl := range c.Others() {
		name := Plural(c.Traffic.Label(cl))
		if h := c.hold(cl, PaymentForecast{}); h > 0 {
			name += " at " + FmtDur(h)
		}
		named = append(named, name)
	}
	return JoinList(named, "and")
}

// WidestWhy says why a cap of PaymentForecast.Widest would reject more payments than the
// pool does with no cap at all (newcomer 65: cap 18's ~44% beside shared-pool's 38%): it
// leaves payments fewer workers, said of them after "~44% of payments". Longest first; nil
// without a widest cap.
func (c Config) WidestWhy(p PaymentForecast) []string {
	if p.Widest == 0 {
		return nil
	}
	all := c.Pool.MaxWorkers()
	// "Which get": "left 18 workers" read as 18 spare, beside 02's "leaves signups 2 workers"
	// (newcomer 66 W-MAJOR).
	return []string{fmt.Sprintf("which get %d of %s, not all %d as with no cap", p.Widest, c.KeptOf(all), all),
		fmt.Sprintf("which get %s, not all %d", units(p.Widest, "worker"), all)}
}

// KeptOf says the n workers a payment cap leaves the others, in a fleet of which pool, "3
// workers a replica": bare, a fleet's 3 beside one pool's 2 read as two answers to one
// question (newcomer 64), where a replica's pool is as big but its signups arrive at a share
// of the fleet's 80/s, not at 5/s. Briefly: "of each replica's 20" cost fleet-bulkhead's
// narrator a line at 80x24; one pool's, whose narrator said "of the pool's 20" before it,
// bare ("2 of 20 workers" cost a compare half its charts).
func (c Config) KeptOf(n int) string {
	if c.Fleet.IsFleet() {
		return units(n, "worker") + " a replica"
	}
	return units(n, "worker")
}

// Others are the classes besides payments that arrive (a peak rate above 0): those a
// payment bulkhead keeps workers for, as othersNeed counts them and the narrators name them.
func (c Config) Others() []Class {
	var out []Class
	for _, cl := range Classes {
		if cl != Payment && c.Traffic.PeakRate(cl) > 0 {
			out = append(out, cl)
		}
	}
	return out
}

// BulkheadReport is the payment bulkhead, when there is one.
type BulkheadReport struct {
	Type      string       `json:"type"`
	Size      int          `json:"size"`
	Limit     int          `json:"limit,omitempty"`      // adaptive: the limit it had found at the end
	SlackLost *SlackReport `json:"slack_lost,omitempty"` // when it turned payments away
}

// SlackReport is the slack lost at the bulkhead's rejections: workers free elsewhere.
type SlackReport struct {
	Rejections      int64   `json:"rejections"`
	MeanFreeWorkers float64 `json:"mean_free_workers"`
}

// bulkheadLines is the bulkhead's line, when there is one.
func (r Report) bulkheadLines() []string {
	if r.Bulkhead == nil {
		return nil
	}
	replicas := 1
	if r.Fleet != nil {
		replicas = r.Fleet.Replicas
	}
	return []string{r.Bulkhead.summary(replicas)}
}

// summary is the bulkhead's line: its type and size (an adaptive one's limit), and the
// slack lost at its rejections. A fleet's numbers are all its replicas' together: the
// line says so.
func (b BulkheadReport) summary(replicas int) string {
	line := fmt.Sprintf("payment bulkhead: %s, size %d", b.Type, b.Size)
	if k := bulkheadKinds[BulkheadType(b.Type)]; k != nil && k.summary != nil {
		line = k.summary(b)
	}
	if replicas > 1 {
		line += fmt.Sprintf(" across %d replicas", replicas)
	}
	if s := b.SlackLost; s != nil {
		owner := BulkheadConfig{Type: BulkheadType(b.Type)}.Rejects()
		line += fmt.Sprintf("; %s: %s", slackWord, slackAtEach(owner, itoa(s.Rejections), fmt.Sprintf("%.1f", s.MeanFreeWorkers))[0])
	}
	return line
}

// bulkheadSettings is the bulkhead's settings item: none, or its kind's value.
func bulkheadSettings(c Config, s *Snapshot, w int) []Item {
	k := c.Payment.Bulkhead.kind()
	if k == nil {
		return []Item{{Label: "bulkhead", Value: "none", Off: true}}
	}
	label := k.settingsLabel(c)
	if s.Fleet == nil {
		// A breaker counting its rejections opens for it (the trap): its cause.
		return []Item{{Label: label, Value: k.setting(c, s.Bulkhead, w), Cause: c.Payment.Breaker.CountRejections}}
	}
	// A fleet's snapshot has every replica's bulkhead together. Short of room, a shorter
	// form, never a cut one: cut, "semaphore 15/20 permits in use, 4 replicas counti…" read
	// as one bulkhead of 20 (newcomer 16, fleet-vs); the cap each replica has, the point,
	// outlasts the total.
	value, n, in := k.setting(c, s.Bulkhead, 0), len(s.Fleet.Replicas), s.Fleet.InRotation
	size := k.sizeWords(c.Payment.Bulkhead)
	across := fmt.Sprintf("%s across %d replicas (%s each)", value, n, size)
	each := fmt.Sprintf("%s each on %d replicas", size, n)
	forms := []string{across, value + ", " + each, string(k.name) + " " + each}
	if in < n {
		// Only the replicas in rotation: a drained or pulled one's permits take no payment,
		// and counted they read as free ("15/20 permits in use … 1 out" with every usable
		// one in use, newcomer 25).
		usable := sumOf(BulkheadStats{Type: s.Bulkhead.Type}, s.Fleet.InRotationReplicas(), func(r *Snapshot) BulkheadStats { return r.Bulkhead })
		// Named, as the rows name them, where the line has room: "not the 1 out" left which
		// to look up (s95d).
		value := k.setting(c, usable, 0)
		on := fmt.Sprintf("%s each on the %d replicas in rotation", size, in)
		forms = []string{fmt.Sprintf("%s across the %d replicas in rotation (%s each; not %s, out of rotation)", value, in, size, s.Fleet.OutNames()),
			fmt.Sprintf("%s across the %d replicas in rotation (%s each)", value, in, size),
			value + ", " + on, fmt.Sprintf("%s, %s each on the %d in rotation", value, size, in),
			string(k.name) + " " + on, fmt.Sprintf("%s %s each on %d in rotation", k.name, size, in)}
	}
	return []Item{{Label: label, Value: fittingValue(label, w, append(forms, fmt.Sprintf("%s %s each", k.name, size))...)}}
}

// slackWord names the slack lost on screen: the field guide's "slack lost", even glossed
// "(workers unused)", was jargon (newcomers 29, 30); what is lost is its name.
const slackWord = "workers unused"

// slackHealth is the slack lost to the payment bulkhead: how many workers sat free, on
// average, when it turned a payment away (field guide §6).
func slackHealth(s *Snapshot, w int) []Item {
	if s.Slack.Rejections == 0 {
		return nil
	}
	// The count first, then the mean: "each of 15 ... on average 17" read as one clause
	// did not parse at once (issue 22, newcomer 14).
	// The claim alone: the label says what is lost. Each tail added to answer a reader
	// (": capacity unused", "; others need 2: the rest unused") was the next one's riddle:
	// which capacity, who needs 2 (newcomer 28).
	n, free := FmtCount(s.Slack.Rejections), FmtWorkers(s.Slack.MeanFree)
	// Counted at each rejection's instant, said so: "as it turned 20 away, on average 16.9"
	// left the reader to guess an average over what (newcomer 31).
	value := fmt.Sprintf("%s free on average at each of %s rejections", free, n) // a half of compare mode: the same, in fewer words
	if !narrow(w) {
		owner := s.Config.Payment.Bulkhead.Rejects()
		// When they fell, where it fits: the table's rej:limit 2549 beside a narrator on
		// the last seconds left when to guess (newcomer 85 G3).
		forms := slackAtEach(owner, n, free)
		if when := slackWhen(s); when != "" {
			// Before the forms without it, but not before the one each held (newcomer 63 G2).
			var timed []string
			for _, f := range forms[:2] {
				timed = append(timed, strings.Replace(f, n+" rejections", n+" rejections ("+when+")", 1))
			}
			forms = append(timed, forms...)
		}
		value = fittingValue(slackWord+":", w, forms...)
	}
	return []Item{{Label: slackWord + ":", Value: value}}
}

// slackWhen says when the bulkhead's rejections fell, from the timeline's per-second counts:
// "5–35s", the first to the last whole second with one, where those seconds hold them all;
// "since 5s" where some are not in them yet (the second under way, a part second at the
// end of the timeline counted as it, as lastRejection does: "5–6s" at 5.5s named a second
// not yet over, review B3); "" where none has fallen, where the seconds count more than
// the slack (no guess), or fewer once the timeline has dropped its first seconds: those
// are not counted, and "since 3600s" would be said forever (review B4).
func slackWhen(s *Snapshot) string {
	var n, now int64
	first, last, why := 0, 0, bulkheadRejects()
	whole := s.wholeSeconds()
	for i, sec := range s.Timeline {
		k := sumFor(sec.Rejected[Payment], why)
		if k == 0 {
			continue
		}
		if n+now == 0 {
			first = sec.T - 1
		}
		if i >= len(whole) {
			now += k
			continue
		}
		n, last = n+k, sec.T
	}
	trimmed := len(s.Timeline) > 0 && s.Timeline[0].T > 1
	switch {
	case n+now == 0 || n+now > s.Slack.Rejections || trimmed && n+now < s.Slack.Rejections:
		return ""
	case n == s.Slack.Rejections:
		return FmtSpan(first, last)
	}
	return fmt.Sprintf("since %ds", first)
}

// bulkheadRejects are the reasons a bulkhead of any kind turns a payment away for, those the
// slack is counted at (rejectsAsKind).
func bulkheadRejects() []Reason {
	return slices.DeleteFunc(slices.Clone(Reasons), func(r Reason) bool { return !rejectsAsKind(r) })
}

// slackAtEach is the slack lost in the health line's words, which the report shares: "at
// its 61 rejections 14.0 sat free on average" left an average over what to guess (review 24).
// The rejected payment still holds its worker, so beside "idle 15" the mean is 14: said,
// "14 other workers", or the one missing had to be guessed (newcomer 34 #35).
// Plainly: "besides the one it was rejected on" was a riddle (newcomer 58 G3), and the one
// each rejection turns away is not named by its class, whose label has no singular to trust
// ("orders", but "news", "class"; review 30 lab #9).
// Whose, by the reason it rejects for: "the limit's" for an adaptive limit, no bulkhead (newcomer 58).
// The one held said where it fits, longest first: "14 other workers" beside the pool's
// "idle 15" still left the 15th to guess (newcomer 63 G2).
func slackAtEach(owner Reason, rejections, free string) []string {
	at, held := fmt.Sprintf("at each of the %s's %s rejections, on average %s", owner, rejections, free), " (the rejected request held 1)"
	return []string{at + " workers sat free" + held, at + " sat free" + held, at + " other workers sat free"}
}

// The bulkhead's size steps by [ and ].
var (
	bulkheadSteps            = bulkheadLadder(MaxBulkhead)
	BulkheadDown, BulkheadUp = stepped(bulkheadSteps,
		func(c Config) int { return c.Payment.Bulkhead.Size }, func(c *Config, v int) { c.Payment.Bulkhead.Size = v }, bulkheadSizeMsg)
)

// bulkheadLadder steps by one up to 20 (the article's sizes), then coarser.
func bulkheadLadder(max int) []int {
	var s []int
	for v := 1; v <= 20; v++ {
		s = append(s, v)
	}
	s = append(s, 25, 30, 40, 50, 75)
	s = ladder(s, max)
	return slices.DeleteFunc(s, func(v int) bool { return v > max })
}

// CycleBulkhead is the b key: the next bulkhead type, none and every kind registered.
func CycleBulkhead(c Config) (Config, string) {
	c.Payment.Bulkhead.Type = cycle(BulkheadTypes, c.Payment.Bulkhead.Type)
	if c.Payment.Bulkhead.Type == BulkheadNone {
		return c, "bulkhead → none: payments may take every worker"
	}
	return c, fmt.Sprintf("bulkhead → %s, %s", c.Payment.Bulkhead.Type, bulkheadSize(c.Payment.Bulkhead))
}

// bulkheadSize says the size with the unit its kind counts in.
func bulkheadSize(b BulkheadConfig) string {
	if k := b.kind(); k != nil {
		return k.sizeWords(b)
	}
	return units(b.Size, "slot")
}

func bulkheadSizeMsg(c Config, limit string) string {
	b := c.Payment.Bulkhead
	if limit != "" {
		return fmt.Sprintf("bulkhead size already %d (%s)", b.Size, limit)
	}
	if b.Type == BulkheadNone {
		return fmt.Sprintf("bulkhead size → %d (not in force while the bulkhead is none: press b)", b.Size)
	}
	return fmt.Sprintf("bulkhead size → %s", bulkheadSize(b))
}
