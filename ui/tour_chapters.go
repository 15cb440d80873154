// The guided tour's chapters as data: per lesson its presets, question, choices, moment,
// the numbers it points at and the words of its lesson.

package ui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"poollab/lab"
)

// tourChapters are the tour's chapters, one per lesson, in the order of the sources (the
// help's Sources names each): the isolation article and what it leads to, then the
// postmortem, the deadlines article, the measuring article and the fleet. Each names its presets; a
// chapter whose presets do not load (its mechanism is not built) is left out of the tour.
// Every number in a question or a lesson comes from the configs, their forecast or the
// snapshots at the moment; the choices have none.
var tourChapters = []chapter{
	{
		title:   "A slow dependency takes every shared worker",
		source:  srcIsolation + ", ch. 0–1: a shared pool and Little's law",
		presets: []string{"shared-pool"},
		question: func(c []lab.Config) string {
			return fmt.Sprintf("Payments call a dependency that has turned slow: %s a call. Signups never call it; each needs %s "+
				"of work on a worker from the same pool of %d. What happens to signups?",
				fmtSecs(c[0].Dependency.CallLatency()), fmtDur(c[0].Signup.Work.D()), c[0].Pool.Workers)
		},
		choices: []string{"nothing: they never touch the slow dependency",
			"they slow down a little: they wait their turn for a worker",
			"they are turned away: no worker is free for them"},
		right:  3,
		moment: 6 * time.Second,
		marks:  []pointer{{class: lab.Signup, column: "rejected:pool"}},
		lesson: func(a tourAt) string {
			cfg, f := a.cfg(0), a.forecast(0)
			law := fmt.Sprintf("Little's law: payments need %s workers, and the pool has %d", f.Classes[lab.Payment].LittlesLaw(""), cfg.Pool.Workers)
			if a.stats(0, lab.Signup).Rejected[lab.RejectPool] == 0 {
				return law + ", yet no signup has been turned away so far (rejected:pool " + a.mark(0) + "): space resumes, watch it fill."
			}
			return fmt.Sprintf("%s: it was full at ~%s, and from then on a signup finds no free worker: %s turned away by %s "+
				"(rejected:pool), though not one of them called the dependency.", law, fmtSecs(f.FillIn), a.mark(0), fmtElapsed(a.snaps[0].Elapsed))
		},
		look: "The pool picture: P is a payment holding a worker, · a free one; watch the free ones go within a few seconds. " +
			"Then the header's starved alarm, and the class table's rejected:pool column for signup and health: a request " +
			"turned away for want of a worker. The narrator states Little's law with this run's numbers. Try + and - " +
			"(dependency latency) or t (a timeout), and watch the pool and the narrator follow.",
		fast: 0.1,
	},
	{
		title:  "The same share of every class is turned away",
		source: srcIsolation + ", ch. 1, and Erlang B: a pool without a queue is a loss system",
		// loss-system: shared-pool's 30 workers' worth of payments on its 20 workers, with 20×
		// the arrivals, so that by the moment chance moves the two shares apart by at most a
		// couple of points (lab.ShareSpread); shared-pool's own 12 s leave 8 (42% against 29%).
		presets: []string{"loss-system"},
		question: func(c []lab.Config) string {
			return fmt.Sprintf("Payments now need %s workers, with many more arrivals to count. The pool of %d has no queue and "+
				"fills again and again. Who is turned away more often: payments, which hold the workers, or signups, which need "+
				"one for %s?", c[0].Forecast().Classes[lab.Payment].LittlesLaw(""), c[0].Pool.Workers, fmtDur(c[0].Signup.Work.D()))
		},
		choices: []string{"payments: they cause it",
			"signups: the payments crowd them out",
			"the same share of each: the pool cannot tell them apart"},
		right:  3,
		moment: 15 * time.Second,
		marks:  []pointer{{class: lab.Payment, column: "rejected:pool"}, {class: lab.Signup, column: "rejected:pool"}},
		lesson: func(a tourAt) string {
			f := a.forecast(0)
			pay, sig := a.stats(0, lab.Payment), a.stats(0, lab.Signup)
			spread := lab.ShareSpread(f.Blocking, pay.Arrived, sig.Arrived)
			return fmt.Sprintf("With random arrivals a full pool turns away the same share of every class: Erlang B(%s erlangs, %d workers) "+
				"= %.0f%%. Measured: %s of %s payments (%s) and %s of %s signups (%s) turned away, the same share give or take "+
				"the %.0f points chance allows with this many arrivals.",
				fmtWorkers(f.OfferedLoad), f.Workers, 100*f.Blocking, a.mark(0), fmtCount(pay.Arrived), fmtShare(pay.RejectedShare(lab.RejectPool), pay.Arrived),
				a.mark(1), fmtCount(sig.Arrived), fmtShare(sig.RejectedShare(lab.RejectPool), sig.Arrived), math.Ceil(100*spread))
		},
		look: "The class table's rejected:pool column: payment and signup against their arrived. The narrator states Erlang B's " +
			"share for this pool. A full pool with no queue turns an arrival away whatever its class, so both shares settle on " +
			"it; with fewer arrivals (chapter 1's 10/s) chance alone moves them apart by several points. Press > for an " +
			"accept queue: the share turned away becomes a wait.",
		fast: 0.2,
	},
	{
		title:   "Socket timeout against caller timeout",
		source:  srcIsolation + ", ch. 2: timeouts cut time, they don't partition",
		presets: []string{"socket-timeout", "caller-timeout"},
		question: func(c []lab.Config) string {
			return fmt.Sprintf("Both give up on a payment after %s, against a dependency that takes %s. A's socket timeout ends the call; "+
				"B's caller timeout lets the worker walk away. What keeps loading the dependency?",
				fmtSecs(c[0].Payment.Timeout.Duration.D()), fmtSecs(c[0].Dependency.CallLatency()))
		},
		choices: []string{"the same in both: both free the worker, so both end the call",
			"more in B: its calls run on, orphaned, after the worker has left",
			"less in B: walking away cancels the call"},
		right:  2,
		moment: 6 * time.Second,
		marks:  []pointer{{class: lab.Payment, row: "orphaned calls"}},
		lesson: func(a tourAt) string {
			fb := a.forecast(1).Payment
			return fmt.Sprintf("Both free the worker after %s, so signups are served in both; only the socket timeout ends the call. "+
				"B's calls run on for the whole %s: %s × %s = %s at the dependency at once, %s of them orphaned. Orphaned calls: "+
				"%s in A, %s in B; the dependency is serving %d calls for A and %d for B now.",
				fmtSecs(fb.Hold), fmtSecs(fb.Call), fmtPerSec(fb.Admitted), fmtSecs(fb.Call), fmtWorkers(fb.CallsAtOnce), fmtWorkers(fb.Orphaned),
				a.mark(0), a.markB(0), a.snaps[0].Dependency.InFlight, a.snaps[1].Dependency.InFlight)
		},
		look: "The summary's orphaned calls row, and each side's calls at the dependency now and orphaned calls under its table. " +
			"Both sides time out every payment (timed out), and neither starves a signup. A timeout says \"no answer yet\", " +
			"not \"it didn't happen\". Press t on B to try other timeouts.",
		fast: 0.1,
	},
	{
		title:   "A long queue stores latency; LIFO serves who still waits",
		source:  srcIsolation + ", ch. 3, and " + srcBackpressure + ": queues order work, they don't bound it",
		presets: []string{"long-queue", "lifo-queue"},
		question: func(c []lab.Config) string {
			return fmt.Sprintf("An accept queue of %d now sits in front of the full pool, so signups wait instead of being turned away. "+
				"A serves the queue oldest first (FIFO), B newest first (LIFO). How long does a typical signup take, for %s of work?",
				c[0].Pool.Queue, fmtDur(c[0].Signup.Work.D()))
		},
		choices: []string{"about its own work in both: the queue keeps it safe",
			"seconds in A; in B most are quick, while the oldest wait longest",
			"seconds in both: the queue is as long"},
		right:  2,
		moment: 12 * time.Second,
		marks:  []pointer{{pane: 0, class: lab.Signup, column: "p50"}, {pane: 1, class: lab.Signup, column: "p50"}},
		lesson: func(a tourAt) string {
			return fmt.Sprintf("A long queue stores latency: in A a signup waits behind every payment queued before it, median %s for %s "+
				"of work. B serves the newest first, so its median signup takes %s, while its oldest wait longest (p99 %s). "+
				"Neither queue adds a worker: it only orders who waits.",
				a.mark(0), fmtDur(a.cfg(0).Signup.Work.D()), a.mark(1), latency(a.stats(1, lab.Signup).Latency.P99, a.stats(1, lab.Signup).Latency.Count))
		},
		look: "Each side's class table: signup's finished p50 and p99, and its in flight (waiting in the queue). The pool " +
			"picture's queue row fills up. Payments wait too: their p50 grows past the dependency's latency. Press < > on " +
			"B to shorten the queue: the wait turns back into rejections.",
		fast: 0.1,
	},
	{
		title:   "CoDel sheds waiting, not capacity",
		source:  srcFailAtScale + " (controlled delay + adaptive LIFO), and CoDel",
		presets: []string{"long-queue", "codel-queue"},
		question: func(c []lab.Config) string {
			cd := c[1].Pool.CoDel
			return fmt.Sprintf("Both have the queue of %d. B's is under CoDel: a request may wait %s for a worker, only %s where "+
				"the queue was never empty in the last %s (then newest first), and past that it is turned away. Signups stop waiting seconds in B. "+
				"How many payments does B complete, against A?",
				c[1].Pool.Queue, fmtDur(cd.Interval.D()), fmtDur(cd.Target.D()), fmtDur(cd.Interval.D()))
		},
		choices: []string{"far fewer: every request it turns away is one lost",
			"nearly as many: it turns away waiting, and its workers stay busy",
			"more: no worker is spent on a request that waited too long"},
		right:  2,
		moment: 12 * time.Second,
		marks:  []pointer{{class: lab.Payment, row: "ok"}, {class: lab.Signup, row: "p99"}},
		lesson: func(a tourAt) string {
			line := fmt.Sprintf("B turned away %s requests that waited past their limit (rejected:codel), so a signup's p99 is %s in B "+
				"against %s in A; yet payments ok %s in A, %s in B. A served stale requests, but every one of them still counted: "+
				"its workers never idled.", fmtCount(a.snaps[1].TurnedAway(lab.RejectCoDel)),
				a.markB(1), a.mark(1), a.mark(0), a.markB(0))
			if f, ok := a.forecast(1).CoDel(a.cfg(1).Pool); ok {
				line += fmt.Sprintf(" B's pool is nearly one without a queue: Erlang B turns away %.0f%% and leaves the workers %.0f%% busy.",
					100*f.Blocking, 100*f.Busy)
			}
			return line
		},
		look: "The summary: payment ok side by side, signup p99, and B's rejected:codel: what waited past its limit. B's pool " +
			"picture: the queue row stays short, and a worker is free now and then (·), the gaps a pool without a queue has. " +
			"Press < > on B: the queue's length hardly matters under CoDel, the limit does.",
		fast: 0.5, // CoDel's 5 ms target, scaled, stays above the timers' resolution
	},
	{
		title:   "A bulkhead saves the others, at a price",
		source:  srcIsolation + ", ch. 4 and 6: a partition is worth something only when it rejects",
		presets: []string{"shared-pool", "semaphore-bulkhead"},
		question: func(c []lab.Config) string {
			bh := c[1].Payment.Bulkhead
			return fmt.Sprintf("B fences payments off with a %s bulkhead of %d permits; A has none. Same traffic. Signups are "+
				"saved in B. What does B pay for it?", bh.Type, bh.Size)
		},
		choices: []string{"nothing: payments do as well as in A",
			"fewer payments succeed: the bulkhead turns most away at once",
			"signups get slower: they wait for the bulkhead"},
		right:  2,
		moment: 8 * time.Second,
		marks:  []pointer{{class: lab.Payment, row: "ok"}, {class: lab.Signup, row: "rejected:pool"}},
		lesson: func(a tourAt) string {
			cfg, fb := a.cfg(1), a.forecast(1).Payment
			return fmt.Sprintf("B's %d permits admit %s of the %s payments, which would need %s calls at once; ~%s are rejected at once: "+
				"payments ok %s in A, %s in B. That price buys the others their workers: signups starved %s in A, %s in B. "+
				"A thread-pool bulkhead (press b on B) fences the same way and lets the worker walk away.",
				cfg.Payment.Bulkhead.Size, fmtPerSec(fb.Admitted), fmtFloatRate(cfg.Traffic.Payment.Rate), fmtWorkers(fb.CallsNeeded),
				fmtPerSec(fb.Rejected), a.mark(0), a.markB(0), a.mark(1), a.markB(1))
		},
		look: "The summary: payment ok and rejected:bulkhead, signup rejected:pool. B's pool picture keeps most workers " +
			"free (·) while payments never hold more than the permits. Press b on B for a thread-pool bulkhead, [ ] to " +
			"resize it: a bigger bulkhead serves more payments until it starves the others again.",
		fast: 1, // B's point is no signup starved: sped up, a busy machine's per-request overhead would starve a few
	},
	{
		title:   "The breaker's trap: counting your own rejections",
		source:  srcIsolation + ", ch. 5: count only what the dependency says",
		presets: []string{"breaker-trap"},
		question: func(c []lab.Config) string {
			br := c[0].Payment.Breaker
			return fmt.Sprintf("The dependency is healthy: %s a call. A bulkhead of %d permits turns some payments away, and the "+
				"breaker counts those rejections against the dependency as %[4]s (it opens at %.0[3]f%% %[4]s of ≥ %[5]d results). What does the breaker do?",
				fmtSecs(c[0].Dependency.CallLatency()), c[0].Payment.Bulkhead.Size, br.FailureRate, lab.BreakerNotOK, br.MinCalls)
		},
		choices: []string{"stays closed: the dependency never fails",
			"opens: payments are turned away at once though the dependency is healthy",
			"opens once, then stays closed"},
		right:  2,
		moment: 6 * time.Second,
		marks:  []pointer{{class: lab.Payment, column: "rejected:breaker"}},
		lesson: func(a tourAt) string {
			s := a.snaps[0]
			if s.Breaker.Opened == 0 {
				return "The breaker has not opened yet (rejected:breaker " + a.mark(0) + "): space resumes, watch its share " + lab.BreakerNotOK + " climb."
			}
			return fmt.Sprintf("The dependency never failed, yet the breaker opened %d× and short-circuited %s payments: it counted its "+
				"own bulkhead's %s rejections against the dependency, so a small compartment turned partial rejection into total failure. "+
				"Count only what the dependency says (timeouts, 5xx, 429).",
				s.Breaker.Opened, a.mark(0), fmtCount(a.stats(0, lab.Payment).Rejected[lab.RejectBulkhead]))
		},
		look: "The settings line's breaker items: its state, its share " + lab.BreakerNotOK + " against its threshold, the results counted " +
			"against the minimum, the time to the next trial, how long each opening lasts and how many trial calls then decide (" + lab.BreakerOpensFor + "). The class table's rejected:bulkhead and rejected:breaker. " +
			"No failed column: the dependency answers every call it gets. Press c to switch the breaker off.",
		fast: 0.1,
	},
	{
		title:   "A partition at the wrong layer",
		source:  srcIsolation + ", ch. 1: a connection pool per route caps the calls, not the workers",
		presets: []string{"conn-pool-wait"},
		question: func(c []lab.Config) string {
			cn := c[0].Payment.Connections
			return fmt.Sprintf("The HTTP client allows %d connections per route, so at most %d payment calls reach the dependency. "+
				"A worker waits up to %s for a connection. Do signups still starve?", cn.PerRoute, cn.PerRoute, fmtDur(cn.LeaseTimeout.D()))
		},
		choices: []string{"no: only a few payments are at the dependency",
			"yes: payments waiting for a connection hold their workers"},
		right:  2,
		moment: 8 * time.Second,
		marks:  []pointer{{class: lab.Signup, column: "rejected:pool"}},
		lesson: func(a tourAt) string {
			f, s := a.forecast(0).Payment, a.snaps[0]
			return fmt.Sprintf("The cap is in the client, not in the server's pool: %d connections serve %s payments a second, and the "+
				"rest wait for one on their worker until every worker holds one. %s signups starved by %s, with never more than "+
				"%d calls at the dependency.", f.ConnectionsCap, fmtPerSec(f.ConnThroughput), a.mark(0), fmtElapsed(s.Elapsed),
				s.Dependency.PeakInFlight)
		},
		look: "The pool picture: c is a payment holding a worker while it waits for a connection, P one in its call. " +
			"The settings line's connections in use. The class table's rejected:pool for signup, and the dependency's " +
			"peak in flight under it. A bulkhead (b) in front of the wait would cap the workers instead.",
		fast: 0.1,
	},
	{
		title:   "The postmortem: more workers, a slower store",
		source:  srcPostmortem + "; " + srcIsolation + ", ch. 6: adaptive limits",
		presets: []string{"postmortem", "postmortem-fix"},
		question: func(c []lab.Config) string {
			return fmt.Sprintf("At the lunch peak the store slows down past the calls it handles well. A's pool grows with its queue "+
				"and has no timeout; B caps the calls and gives each order a %s budget, the wait for a worker included. Which "+
				"serves more orders, and faster?", fmtDur(c[1].Payment.Deadline.D()))
		},
		choices: []string{"A: more workers serve more orders",
			"B: fewer calls at once keep the store fast; a few fail fast, the rest are served sooner",
			"the same: the store is the limit either way"},
		right:  2,
		moment: 25 * time.Second,
		marks:  []pointer{{class: lab.Payment, row: "ok"}, {class: lab.Payment, row: "p99"}},
		lesson: func(a tourAt) string {
			ka, kb := a.forecast(0).Knee, a.forecast(1).Knee
			return fmt.Sprintf("Past %d calls the store slows with every call added: at %d at once (A's pool, grown on its queue) it "+
				"answers %s, at B's %d it answers %s. Orders served: %s in A, %s in B; p99 %s in A, %s in B. A was slow, not "+
				"failing; B fails a few fast (rejected:deadline) instead of all slowly. p on B loads adaptive-limit: a limit "+
				"that finds the store's capacity itself.",
				ka.Knee, ka.Cap, fmtPerSec(ka.CapRate), kb.Cap, fmtPerSec(kb.CapRate), a.mark(0), a.markB(0), a.mark(1), a.markB(1))
		},
		look: "The summary's payment ok and p99, and each side's timed out and rejections (no failed column: the store fails no call): A is slow, not failing, " +
			"so a dashboard of error rates sees nothing. Each side's wait p99 against its service p99: A's latency is " +
			"waiting. Press p on B to load adaptive-limit: a limit that finds the store's capacity itself.",
		fast: 1, // the store answers in 25 ms: sped up, the lab's own overhead per call would decide its deadline rejections
	},
	{
		title:   "Retries multiply down a chain; a deadline is a budget",
		source:  srcDeadlines + ": deadlines are budgets; " + srcIsolation + ", ch. 2: retries amplify load",
		presets: []string{"stacked-timeouts", "deadline-propagation"},
		question: func(c []lab.Config) string {
			return fmt.Sprintf("A payment goes through %d services, the last one slow. In A each layer gives a try %s and tries %d "+
				"times on its own; B is set alike, but for one %s deadline set at the edge ("+lab.EdgeIs+") that travels down. How many calls reach the last "+
				"service per payment?", c[0].Dependency.Hops, fmtDur(c[0].Payment.Timeout.Duration.D()), c[0].Payment.Retry.Attempts,
				fmtDur(c[1].Payment.Deadline.D()))
		},
		choices: []string{"the same few in both: a retry is a retry",
			"in A every layer multiplies them; in B at most a few",
			"more in B: it retries until the deadline runs out"},
		right:  2,
		moment: 10 * time.Second,
		marks:  []pointer{{class: lab.Payment, row: "deepest calls/payment"}, {class: lab.Payment, row: lab.AfterAnswerWord}},
		lesson: func(a tourAt) string {
			ra, rb := a.forecast(0).Retry, a.forecast(1).Retry
			// Whether B's hops retried, from its counts as its narrator says it, not from
			// its settings (review 48 #4).
			said := hopRetries(a.cfg(1), a.snaps[1], edgeRetries(a.cfg(1), rb))
			return fmt.Sprintf("%s at the last hop per payment (the latest payments "+
				"have not made all theirs yet): %s measured; in B at most %s: %s measured%s. Work for users "+
				"already answered (A's edge gives up before their %s deadline), which B's propagated deadline stops: %s in A, %s in B.",
				ra.MultiplySaid("A"), a.mark(0), fmtWorkers(rb.Deepest), a.markB(0), said,
				fmtDur(a.cfg(0).Payment.Deadline.D()), a.mark(1), a.markB(1))
		},
		look: "Each side's chain of hops, with each hop's requests in flight and its work after the user was answered. The " +
			"summary's hop 3 calls/payment and " + lab.AfterAnswerWord + " rows. Both sides fail every payment (the last hop takes " +
			"longer than the deadline); B fails sooner, and the last hop does a fraction of the work.",
		fast: 0.4,
	},
	{
		title:   "Measuring honestly: what a closed loop never sends",
		source:  srcMeasuring + ": coordinated omission, closed loop against open loop",
		presets: []string{"closed-loop", "open-loop"},
		question: func(c []lab.Config) string {
			st := c[0].Dependency.Stall
			return fmt.Sprintf("A dependency answers in %s but stalls for %s at %s. A's load tester waits for each reply before sending "+
				"the next (closed loop); B sends each request when it is due (open loop). What p99 does each report?",
				fmtDur(c[0].Dependency.HealthyLatency.D()), fmtDur(st.For.D()), fmtDur(st.FirstAt.D()))
		},
		choices: []string{"both see the stall: a p99 near its length",
			"A's p99 stays fast, only its slowest sample shows the stall; B's p99 shows it",
			"A's p99 is worse: its user waited longest"},
		right:  2,
		moment: 7 * time.Second,
		marks:  []pointer{{class: lab.Payment, row: "p99"}, {class: lab.Payment, row: "arrived"}},
		lesson: func(a tourAt) string {
			ma, mb := a.forecast(0).Measurement, a.forecast(1).Measurement
			return fmt.Sprintf("A closed loop sends nothing while it waits: ~%s of the %s requests due in the stall are never sent, so their "+
				"slow samples never exist and A's p99 reads %s. B sent all %s on time and measured each from its schedule: p99 %s. "+
				"Requests sent: %s in A, %s in B.",
				fmtWorkers(ma.StallNotSent), fmtWorkers(ma.StallDue), a.mark(0), fmtWorkers(mb.StallDue), a.markB(0), a.mark(1), a.markB(1))
		},
		// Each side's latency timed as lab says it (A closed, B open, as the question says).
		look: "The summary's rows sent of 700 due and p99 (A " + lab.Closed.Since() + ", B " + lab.Open.Since() + "), and each side's samples sent line and percentile ladder: A's slowest " +
			"sample (max, and p99.9 and p99.99 of so few) shows the stall while its p99 does not; its corrected line puts the missing samples back. The by-percentile chart " +
			"draws both ladders.",
		fast: 1, // a 1 ms dependency: any faster and loopback's own overhead would be the measurement
	},
	{
		title:   "The fleet domino",
		source:  srcIsolation + ", ch. 0; " + srcSRE + ": cascading failures",
		presets: []string{"fleet-domino", "fleet-bulkhead"},
		question: func(c []lab.Config) string {
			d := c[0].Fleet.Drain
			return fmt.Sprintf("Replicas share the slow payment provider behind a load balancer that pulls a replica once its health checks "+
				"fail. At %s replica %d is drained for a deploy, in A and in B. A has no isolation, B a bulkhead on every replica. "+
				"What happens to A's other replicas?", fmtSecs(d.At.D()), d.Replica)
		},
		choices: []string{"the rest take its share and hold",
			"each next one gets more load and falls sooner, until none is left",
			"the balancer stops pulling after the first"},
		right:  2,
		moment: 20 * time.Second,
		marks:  []pointer{{class: lab.Payment, row: "rejected:balancer"}},
		lesson: func(a tourAt) string {
			fl := a.snaps[0].Fleet
			if fl == nil || len(fl.Pulls) == 0 {
				return fmt.Sprintf("No replica of A has been pulled yet (requests failing at the balancer: %s): space resumes.", a.mark(0))
			}
			var at []string
			for _, p := range fl.Outs() {
				w := fmtSecs(p.At)
				if p.Drained {
					w += fmt.Sprintf(" (replica %d, drained for a deploy)", p.Replica)
				}
				at = append(at, w)
			}
			// What each replica needs as the drain and the pulls shrink the rotation: all of them, then one and two fewer.
			cfg := a.cfg(0)
			var need []string
			for k := cfg.Fleet.Replicas; k >= max(cfg.Fleet.Replicas-2, 2); k-- {
				need = append(need, fmt.Sprintf("%s with %d", fmtWorkers(cfg.ReplicaForecast(k).Classes[lab.Payment].WorkersNeeded), k))
			}
			need[0] = strings.Replace(need[0], " with ", " workers per replica with ", 1) + " in rotation"
			return fmt.Sprintf("A's replicas left rotation at %s: each one out moved its share onto the rest, so each next one "+
				"filled sooner (payments need %s, of %d). With none "+
				"left, requests are "+lab.RejectBalancer.Word()+": %s in A, %s in B, whose bulkheads kept workers free for the checks.",
				strings.Join(at, ", "), strings.Join(need, ", "), cfg.Pool.Workers, a.mark(0), a.markB(0))
		},
		look: "The replicas' states and the balancer's pulls in A, and the gaps between them. The summary's health " +
			"rejected:pool: the checks that failed for want of a worker. Press b on A partway to stop the domino.",
		fast: 0.25,
	},
}
