// The vocabulary of requests: Class, the rejection Reason and the Outcome of a served one.

package lab

import (
	"fmt"
	"strings"
)

// Class is a kind of request sharing the pool. The server cannot tell them apart; the lab can.
type Class uint8

const (
	Payment Class = iota // calls the slow dependency over HTTP
	Signup               // short local work
	Health               // the load balancer's health check: answered at once, if a worker is free in time
	numClasses
)

// Classes lists every class in display order.
var Classes = [numClasses]Class{Payment, Signup, Health}

func (c Class) String() string {
	switch c {
	case Payment:
		return "payment"
	case Signup:
		return "signup"
	case Health:
		return "health"
	}
	return "unknown"
}

// Starves reports whether this class starves when it is turned away for want of a worker
// (StarvedBy): every class but payment, the one the isolation is about, whose calls hold
// the workers.
func (c Class) Starves() bool { return c != Payment }

// Calls says c's requests call the dependency on their worker: payments do; a signup does
// local work and a health check is answered at once, neither calling anything.
func (c Class) Calls() bool { return c == Payment }

// StarvedBy are the reasons the header's count against a class is about, each with why it
// turned a request away: a full pool's, which starves it (no worker), CoDel's, which starves
// it as surely (no worker within its limit: codel-queue's signups rejected:codel 16, 33%,
// went unflagged beside shared-pool's "signup starved 12", newcomer 43 W-1), and a fleet's
// balancer's, whose replicas all went out of rotation (the fleet domino: its signups' 541
// rejected:balancer beside "signup starved 15", the pool's alone, read as the wrong headline
// for their harm). The pool's and CoDel's are "starved"; a count the balancer has a share of
// is every rejection, "turned away" (Snapshot.CountedBy).
var StarvedBy = []Reason{RejectPool, RejectCoDel, RejectBalancer}

// turnedAwayWord is the header's word for a class's count a fleet's balancer has a share of:
// "starved" for no replica in rotation read as a second meaning of it (newcomer 28). It
// counts every rejection, as "turned away" does everywhere else (review 18).
const turnedAwayWord = "turned away"

// StarvedMeans says what "starved" counts, in the words the header and the help share: the
// pool's reason with why it turned the request away, and in a fleet, once the balancer's
// turns one away, every rejection, turned away.
func StarvedMeans() string {
	one := starvedWhy(false, true)
	return "turned away for want of a worker: " + strings.Join(one, " or ") + ". " +
		"Every class but payment: payments hold the workers, and a request of the others that finds none free starves (one request, not its class: most may still get through); payments' own rejections are not counted starved. " +
		// The rule said once, whole (newcomer 33: no alarm beside a breaker's 81% rejected, nor
		// a queue's 1.5s wait for 2ms of work, left the rule to guess).
		"Those reasons only: " + RejectBulkhead.Word() + ", " + RejectBreaker.Word() + " and the other rejections have their own columns, and a long wait in the queue shows in p99:wait; none of them is starved, nor raises the header's alarm. " +
		"In a fleet, once " + strings.Join(starvedWhy(true, true)[len(one):], " or ") + " turns one away, the count is every rejection of the class (rejected:pool, :balancer, :codel …), each reason's share said, and its word \"" + turnedAwayWord + "\", as in the table"
}

// starvedWhy is each reason that starves in a fleet's lab, or in one instance's (the
// balancer's only in a fleet; CoDel's only with codel), in StarvedBy's order, with why it
// turned the request away: "rejected:pool (no free worker and no room in the queue)". The
// balancer's is StarvedBy's last, so a fleet's are one instance's and then its own.
func starvedWhy(fleet, codel bool) []string {
	var out []string
	for _, r := range StarvedBy {
		if (r != RejectBalancer || fleet) && (r != RejectCoDel || codel) {
			out = append(out, r.Word()+" ("+r.Why()+")")
		}
	}
	return out
}

// Why is why a reason in StarvedBy turned a request away ("no replica in rotation"), in the
// words its description begins with; "" for the others.
func (r Reason) Why() string { return r.def().why }

// Why the reasons that starve turned a request away, in the one set of words their
// descriptions, the balancer's gloss, the help's "starved" and the report's note share.
const (
	noWorker  = "no free worker and no room in the queue" // true with no queue (no room in none) and behind a full one
	noReplica = "no replica in rotation"
	// CoDel's: it waited for one past its limit.
	noWorkerInTime = "no worker within its CoDel limit"
)

// Reason says who turned a request away before it was served. Each is declared with its
// number, and registered with its name, what it means and its rank, by the file of what
// turns requests away: the pool and a fleet's balancer here, each mechanism in its own.
type Reason uint8

// numReasons is the room for reasons: counters per reason are arrays this long.
const numReasons = 8

const (
	RejectPool     Reason = 0 // no free worker and no room in the queue: starvation
	RejectBalancer Reason = 5 // a fleet's load balancer had no replica in rotation: every one was pulled
)

// Reasons lists every registered reason in display order: the table's rejected:* columns,
// the report's rejected.*, the help's definitions.
var Reasons []Reason

// reasonDef is a reason as it is registered.
type reasonDef struct {
	name, description string
	why               string // a reason in StarvedBy: why it turned a request away (starvedWhy), as its description begins
	rank              int    // its place in Reasons, lowest first
	// atDoor: turned away on arrival, never in flight first (no worker and no room in the
	// queue; no replica), so a request that ends sooner never moves its count (markSooner).
	atDoor  bool
	shown   func(s *Snapshot) bool              // whether s's settings turn requests away for it (Reason.Shown); nil: always
	awaited func(s *Snapshot) bool              // whether requests in s wait toward it (Reason.Awaited); nil: never
	gloss   func(c Config) (long, short string) // what it means in c's lab where its word does not say it (Reason.Gloss); nil: nowhere
}

var reasons [numReasons]*reasonDef

// registerReason adds reason r to the registry, at its rank among the others.
// It is called from package variables (var _ = registerReason(…)), which Go sets before any
// init runs: a mechanism's words built in its init may name any reason, whatever file
// registers it ("rejected:unknown" where breaker.go's init ran before bulkhead.go's, newcomer
// 54).
func registerReason(r Reason, d reasonDef) struct{} {
	if int(r) >= numReasons || reasons[r] != nil {
		panic(fmt.Sprintf("rejection reason %d (%s): taken, or past the room for %d", r, d.name, numReasons))
	}
	reasons[r] = &d
	Reasons = insertRanked(Reasons, r, func(x Reason) int { return reasons[x].rank })
	return struct{}{}
}

var _ = registerReason(RejectPool, reasonDef{name: "pool", rank: 10, gloss: poolGloss, why: noWorker, atDoor: true, shown: boundedQueue,
	description: noWorker + ` (the table says which: with a bounded queue, "` + rejectedColumn + "pool = " + queueFullGloss(100) + `", its size; with none, "` + rejectedColumn + "pool = " + noQueueGloss + `")` + starvation})

var _ = registerReason(RejectBalancer, reasonDef{name: "balancer", rank: 90, shown: func(s *Snapshot) bool { return s.Fleet != nil }, atDoor: true,
	gloss: func(Config) (string, string) { return noReplica, "if none in rotation" }, why: noReplica, // its name does not say why; "if": bare, "none in rotation" read as a state beside 2 in rotation (newcomer 61)
	description: noReplica + ": the fleet's load balancer had no healthy target, every replica pulled or drained, so the request was turned away before reaching any" + shutOut})

// starvation ends the pool's description, shutOut the balancer's: the header's words.
const (
	starvation = `. For every class but payment this is starvation (the header's "starved"); payments' own are not counted starved`
	shutOut    = `. The header counts every class's, "total rejected:balancer n", and each class's but payment's among that class's requests ` + turnedAwayWord
)

// boundedQueue says the pool of s can turn a request away as rejected:pool: its queue, if
// any, is bounded (an unbounded one turns none away).
func boundedQueue(s *Snapshot) bool { return !s.Config.Pool.Queue.Unbounded() }

// poolGloss is rejected:pool's meaning, long and short, or none where nothing needs saying.
// With a bounded queue, a full queue's turning away is the pool's (as Java's
// ThreadPoolExecutor and resilience4j's bulkhead reject), which a newcomer expected to be
// rejected:queue, then CoDel's word (now rejected:codel) for a request that waited past its
// limit (round 11: long-queue beside codel-queue).
// One word for both causes (issue 22), each screen's own said from its settings, the short
// form too: shared-pool's "rej:pool" beside long-queue's read as one label for two things,
// the queue's size, or that there is none, unsaid (newcomer 64 W-MAJOR). As few cells as
// before for a queue: "no free worker and the queue of 100 full" cost long-queue's 80x24
// its queue's row.
func poolGloss(c Config) (long, short string) {
	q := c.Pool.Queue
	if q.Holds() && !q.Unbounded() {
		return queueFullGloss(q), queueFull(q)
	}
	if q.Holds() {
		return "", "" // an unbounded queue turns none away
	}
	// Beside a pool of connections, whose pool it is: "rej:pool" read as the connections'
	// (newcomer 41 G5), which make payments wait and turn away as rejected:conn_pool. "None
	// free", so that starved still fits beside it at 120 columns.
	if c.Payment.Connections.PerRoute > 0 {
		return "the worker pool's: none free, no queue (the " + ConnPoolLabel + "'s: " + RejectConnPool.Word() + ")", noQueue
	}
	return noQueueGloss, noQueue
}

// noQueueGloss and queueFullGloss are rejected:pool's long glosses, written once for the
// table and the help's example of it.
const noQueueGloss = "no free worker, no queue to wait in"

func queueFullGloss(q QueueSize) string { return "no worker, " + queueFull(q) }

// queueFull is rejected:pool's short gloss where the pool's bounded queue of q was full.
func queueFull(q QueueSize) string { return fmt.Sprintf("queue of %d full", q) }

// noQueue is rejected:pool's short gloss where the pool has no queue, in 5 cells more than
// "no free worker": "no free worker, no queue" cost stacked-timeouts' 120x40 the long form
// of "p99 of fewer than 100 is the slowest of them".
const noQueue = "no worker, no queue"

// PoolGlossSpare says rejected:pool's gloss in c is the word's plain meaning, with no queue
// and no connections: said as well, as a bounded queue's screen says "queue of 100 full" for
// the same word (newcomer 54 read an unglossed "rej:pool" as either), but only where there is
// room, as a column's definition: a compare's half keeps its settings first.
func PoolGlossSpare(c Config) bool {
	return !c.Pool.Queue.Holds() && c.Payment.Connections.PerRoute == 0
}

// Gloss says what a rejection for r means in the lab of c, in few words and in fewer, said
// beside its word where the word alone does not: "no worker, queue of 100 full" (a pool with a
// bounded queue), "waited past CoDel's limit", "no replica in rotation"; "" where the word
// says it.
func (r Reason) Gloss(c Config) (long, short string) {
	if d := r.def(); d != nil && d.gloss != nil {
		return d.gloss(c)
	}
	return "", ""
}

func (r Reason) String() string {
	if d := r.def(); d != nil {
		return d.name
	}
	return "unknown"
}

// Description says in plain words what a rejection for this reason means.
func (r Reason) Description() string {
	if d := r.def(); d != nil {
		return d.description
	}
	return "turned away by the " + r.String() + " before it was served"
}

// Awaited says requests in s wait toward a rejection for r that has not come yet, so that
// its column, 0 so far, shows where they will be counted: payments queueing under a deadline
// that counts the wait (newcomer 43 G-9: the fix at 15s, 0/s rejected and 308 queued, showed
// no rejected:deadline column for the turned-away the sentence forecast).
func (r Reason) Awaited(s *Snapshot) bool {
	d := r.def()
	return d != nil && d.awaited != nil && d.awaited(s)
}

// Shown says the class table has a column for this reason in the lab of s: where what turns
// requests away for it is in force (its shown), or turned some away before a change of
// settings, which keeps its count in view. A column of zeros beside its mechanism off read as
// that mechanism on ("rej:bulkhead 0" beside "bulkhead none", once failed and timed-out left
// it the room, newcomer 70 G3).
func (r Reason) Shown(s *Snapshot) bool {
	d := r.def()
	return d != nil && (d.shown == nil || d.shown(s) || s.TurnedAway(r) > 0)
}

func (r Reason) def() *reasonDef {
	if int(r) < numReasons {
		return reasons[r]
	}
	return nil
}

// Outcome is how a request that got a worker ended.
type Outcome uint8

const (
	OK       Outcome = iota // answered
	Failed                  // the dependency refused or answered with an error
	TimedOut                // a timeout fired: the call was cut (socket), the worker walked away (caller), or a hop answered 504 as the deadline passed down ran out
)

// Outcomes are the outcomes in the order the table, the report and a comparison show them.
var Outcomes = []Outcome{OK, Failed, TimedOut}
