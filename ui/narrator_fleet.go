package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"poollab/lab"
)

// narrateFleet explains a fleet's moment in one sentence: Little's law with the rate the
// balancer redistributes. Each pull gives the pulled replica's share to the rest, so each
// remaining replica needs λ/k · W workers, more with every pull, and fills sooner. Every
// number comes from lab (Config.ReplicaForecast, Forecast.CheckWait, Forecast.FillFrom). ok is false for one
// instance.
func narrateFleet(cfg lab.Config, s *lab.Snapshot, spare *spareClause) (string, bool) {
	msg, ok := fleetSentence(cfg, s, spare, false)
	if !ok {
		return "", false
	}
	// The sentence briefly, for a screen it would fill past headlineMost lines: the domino's
	// steps and numbers without their glosses, a bulkhead's remedy in brief (n40 #3: 6 to 10
	// lines at 120x40, too long to read in seconds on a projected screen).
	var brief spareClause
	terse, _ := fleetSentence(cfg, s, &brief, true)
	spare.widen, spare.fuller, spare.apart = brief.widen, brief.fuller, brief.apart // the brief pass's, whatever the first set
	// What was answered while all were out (n42 G9), a clause said where it costs no chart row:
	// inside the domino it made fleet-domino's headline 7 lines at 80x24 at 20s, and its
	// charts gave way (s51). Where a bulkhead's clause holds the place, in the sentence.
	from, until := s.Fleet.FirstAllOut()
	if off := s.WorkedOff(from, until, false); from > 0 && off != "" {
		worked := "; " + s.WorkedOff(from, until, true)
		if spare.long != "" {
			msg, terse = msg+"; "+off, terse+worked
		} else {
			// Only the fields it says: the rest stay as the sentence set them (review 37 m9).
			spare.long, spare.charts, spare.terseBare = "; "+off, true, terse
			terse += worked
		}
	}
	if terse+brief.short != msg+spare.long {
		spare.terse = terse + brief.short + brief.press(true)
	}
	return msg, true
}

// fleetSentence is narrateFleet's sentence, whole or (brief) in fewer words.
func fleetSentence(cfg lab.Config, s *lab.Snapshot, spare *spareClause, brief bool) (string, bool) {
	fs := s.Fleet
	if fs == nil || cfg.Traffic.Payment.Rate == 0 {
		return "", false
	}
	n, k := len(fs.Replicas), fs.InRotation
	story, widen, fuller, apart, need := dominoStory(cfg, fs, s.Elapsed, brief)
	if brief {
		spare.widen, spare.fuller, spare.apart = widen, fuller, apart
	}
	spare.need = need
	workers := cfg.Pool.Workers
	// "take 6.3/s payments each (6.3/s × 3.0s = 19 workers of 20)": Little's law for one replica.
	take := func(f lab.Forecast, k int) string {
		p := f.Classes[lab.Payment]
		verb, each := "take", " each"
		if k == 1 {
			verb, each = "takes", ""
		}
		if cfg.Dependency.Mode.Fails() { // "(8/s × 0s = 0 workers of 20)": they hold none, as the clause after says
			return fmt.Sprintf("%s %s payments%s", verb, fmtPerSec(p.Rate), each)
		}
		return fmt.Sprintf("%s %s payments%s (%s)", verb, fmtPerSec(p.Rate), each, f.PaymentWorkers(true))
	}
	switch {
	case k == 0:
		_, since, _ := fs.BalancerOut() // this stretch's start: the first may have ended
		msg := fmt.Sprintf("%s (%s at %s): every request is %s, no healthy target; a pulled replica comes back after %d checks ok in a row, and takes the whole stream alone",
			lab.RejectBalancer.Why(), allOutWord(fs), fs.StoryAt(since), lab.RejectBalancer.Word(), cfg.Fleet.ReturnAfter)
		switch {
		case story != "" && brief: // its all out says every request is turned away
			msg = story
		case story != "": // in fewer words: the story is long already
			msg = fmt.Sprintf("%s: none in rotation, every request %s until a pulled replica passes %d checks in a row",
				story, lab.RejectBalancer.Word(), cfg.Fleet.ReturnAfter)
		}
		if end := cfg.Fleet.Drain.End(); fs.Drain.Out() && end > 0 {
			msg += fmt.Sprintf("; %s's deploy ends at %s", replicaName(fs.Drain.Replica, brief), fmtSecs(end))
		}
		return msg, true
	case k < n:
		f := cfg.ReplicaForecast(k)
		left, them, their, each := "the "+strconv.Itoa(k)+" in rotation now", "them", "their", "each "
		if k == 1 {
			left, them, their, each = "the only one in rotation now", "it", "its", "its "
		}
		latest, _, back := latestTurn(fs, brief)
		msg := fmt.Sprintf("%s; %s %s", latest, left, take(f, k))
		capped := bulkheadCaps(cfg, f)
		if w := f.CheckWait(cfg); story != "" && w.Gain > 0 && !capped {
			// The story said when a check fails, and Little's law's product is enough here.
			p := f.Classes[lab.Payment]
			who, verb, per := "the "+strconv.Itoa(k)+" in rotation", "take", " each"
			if k == 1 {
				who, verb, per = "the one in rotation", "takes", ""
				for i := range fs.Replicas {
					if fs.InRotationNow(i) {
						who = fmt.Sprintf("r%d alone", i+1)
					}
				}
			}
			subject := who + " " + verb
			// As the steps say each share, "2 left, 12/s each", where a pull was the last
			// turn: after one came back, "left" read as what the pull left (review 38 M1).
			if brief && k > 1 {
				subject = fmt.Sprintf("%d left,", k)
				if back {
					subject = fmt.Sprintf("%d in rotation,", k)
				}
			}
			return fmt.Sprintf("%s; %s %s%s (%s)", story, subject, fmtPerSec(p.Rate), per, f.PaymentWorkers(false)), true
		}
		if story != "" {
			msg = fmt.Sprintf("%s; %s %s", story, left, take(f, k))
		}
		if capped, ok := bulkheadHolds(cfg, n, k, f, f, spare); ok {
			return msg + capped, true
		}
		if w := f.CheckWait(cfg); w.Gain > 0 {
			return msg + fmt.Sprintf(": over capacity: whenever its workers are all busy, %squeue gains %s payments a second, and a check is not ok once %s payments wait ahead of it (%s)",
				each, fmtWorkers(w.Gain), fmtWorkers(w.Behind()), w.Sum(" workers")), true
		}
		in, fills := f.FillFrom(fs.MeanBusy(lab.Payment)) // where the redistributed rate starts from
		switch {
		case !fills && f.Fit == lab.FitsBarely:
			return msg + ": that fits, barely: a burst fills " + them + " and " + their + " checks start to fail", true
		case !fills && cfg.Dependency.Mode.Fails(): // it fits only for want of any work (review: "that still fits" beside every payment failed)
			return msg + ": " + failingFast(cfg), true
		case !fills:
			return msg + ": that still fits", true
		case in == 0:
			return msg + ": full now, and " + their + " checks fail in turn", true
		}
		return msg + ": full in " + fmtSecs(in), true
	}
	all, fewer := cfg.ReplicaForecast(n), cfg.ReplicaForecast(n-1)
	msg := fmt.Sprintf("%d replicas %s", n, take(all, n))
	if capped, ok := bulkheadHolds(cfg, n, n, all, fewer, spare); ok {
		return msg + capped, true
	}
	one := "one pull would leave"
	if d := fs.Drain; d != nil && d.At == 0 {
		one = fmt.Sprintf("the drain of replica %d for a deploy at %s will leave", d.Replica, fmtSecs(cfg.Fleet.Drain.At.D()))
	}
	left := fmt.Sprintf("; %s %d at %s", one, n-1, fewer.Classes[lab.Payment].LittlesLaw(""))
	switch {
	case cfg.Dependency.Mode.Fails():
		return msg + ": " + failingFast(cfg), true
	case all.Fit == lab.Overloaded:
		return msg + ": over capacity already", true
	case fewer.Fit == lab.Overloaded:
		return msg + fmt.Sprintf("%s > %d: the domino", left, workers), true
	case fewer.Fit == lab.FitsBarely:
		return msg + fmt.Sprintf("%s of %d, barely fitting, and each next pull overloads the rest: the domino", left, workers), true
	}
	return msg, true
}

// bulkheadCaps says a replica's bulkhead caps forecast f's payments below the pool.
func bulkheadCaps(cfg lab.Config, f lab.Forecast) bool {
	return f.Payment.Capped && cfg.Payment.Bulkhead.Size < cfg.Pool.Workers
}

// bulkheadHolds is what each replica's bulkhead does to its payments, k of the fleet's n in
// rotation, when it caps them below the pool: its health checks find a free worker, and it
// is not pulled; the payments it turns away are the price, said as the audience sees it in
// the table too: the share of payments ok (when an admitted call ends ok), beside
// the signups that keep their workers. The price is the cap's, not a drain's: said with
// every replica in rotation, and with one fewer (or the k in rotation now). Then, in spare,
// why this size: a fleet's audience otherwise leaves with the lesson's cap as the bulkhead's
// cost (newcomer 15): the widest that still leaves the others their workers rejects fewer
// payments (widest, as one instance's narrator says it), whole or brief where that fits.
// f is the replica forecast with k in rotation, and atFewer the one the price is said at
// beside every replica's: k's (f) when k < n, n−1's with all n in rotation. The callers hold
// both: worked out again here, they cost a frame up to three forecasts more.
func bulkheadHolds(cfg lab.Config, n, k int, f, atFewer lab.Forecast, spare *spareClause) (string, bool) {
	bh := cfg.Payment.Bulkhead
	if !bulkheadCaps(cfg, f) {
		return "", false
	}
	all := f
	if k < n {
		all = cfg.ReplicaForecast(n)
	}
	keep := ""
	if f.Fit != lab.Overloaded && cfg.Traffic.PeakRate(lab.Signup) > 0 {
		keep = ", signups keep their workers"
	}
	fewer := k
	if k == n {
		fewer = n - 1
	}
	// The fleet's rate, as its table counts, not a replica's: "~6.4/s … each" beside the
	// table's 17.4/s read as a figure gone wrong (newcomer 22).
	price := func(pay lab.PaymentForecast, replicas int, brief bool) (string, string) {
		ok := ""
		if share, ended, priced := priceParts(cfg, pay); priced && brief {
			ok = " (" + share + ")"
		} else if priced {
			ok = " (only " + share + " " + ended + ")"
		}
		return fmt.Sprintf("~%s", fmtPerSec(pay.RejectedBy(replicas))), ok
	}
	at, ok := price(all.Payment, n, false)
	cost := fmt.Sprintf("%s payments %s across the fleet with %d in rotation%s", at, bh.Rejects().Word(), n, ok)
	if fewer >= 1 {
		at, ok := price(atFewer.Payment, fewer, true)
		cost += fmt.Sprintf(", %s with %d%s", at, fewer, ok)
	}
	msg := fmt.Sprintf("; each replica's %s bulkhead caps payments at %d: health checks find a free worker, no replica is pulled%s; "+
		"the price, %s: %s", bh.Type, bh.Size, keep, bh.LongRunPrice(), cost)
	others := cfg.Share(max(k, 1)).Others() // a replica's share: the balancer's checks arrive too
	// Why this cap, a clause the screen may leave out or brief (the review: whole, it cost
	// fleet-bulkhead's table its rates and legends at 80x24).
	// Brief, with what the cap rests on: 17 here beside 18 for one pool of 20 asked why
	// (newcomer 50); the fleet's signups need more room.
	// Its rotation in the bar, which it rests on as the holds do (newcomer 80 W4: its <0.1%
	// read as the run's, which spent 30s with 3 in rotation).
	inRotation := fmt.Sprintf("%d in rotation", max(k, 1))
	if w := widest(f.Payment, cfg.OthersHeld(), f.NeedOf(others), ", "+inRotation, cfg); w.long != "" {
		// With the rotation it assumes: its shares are a replica's of the k in rotation's
		// stream, not of the whole fleet's (n37 #29).
		lesson := fmt.Sprintf("; with %s, %d is the lesson's cap, not the best: ", inRotation, bh.Size)
		// Brief, with how many too, as the price just said them (n41 G11: "17, would reject
		// ~35%" after the price with 4 and with 3 asked which), in rotation, against this
		// cap's share (n52: "~35% … with 3" after "keep 3 workers" read as a riddle); under
		// a compare's trade, where it fits one line at 80 columns, the remedy alone: its
		// half says how many.
		spare.long, spare.short, spare.key = lesson+strings.TrimPrefix(w.long, "; "), fmt.Sprintf("%s, where %d rejects ~%.0f%%", w.short, bh.Size, 100*f.Payment.RejectedShare()), w.key
		spare.summary = w.remedy()
		if spare.fuller[0] == "" {
			spare.fuller = w.fuller
		}
	}
	return msg, true
}

// priceOK is a capping bulkhead's price as the table shows it, after a comma: the share of
// payments ok, every admitted call ending ok (", only ~20% ok"), or the
// share that get a call when those do not end ok (a timeout cuts them, or the dependency
// fails them); "" with a breaker, which turns away some of those the bulkhead admits.
func priceOK(cfg lab.Config, pay lab.PaymentForecast) string {
	share, ended, ok := priceParts(cfg, pay)
	if !ok {
		return ""
	}
	return ", only " + share + " " + ended
}

// priceParts are priceOK's share ("~20%") and what that share of payments did ("ok",
// "get a call"); ok false with a breaker. The fleet's brief price says the share alone.
func priceParts(cfg lab.Config, pay lab.PaymentForecast) (share, ended string, ok bool) {
	if cfg.Payment.Breaker.Enabled { // a breaker that opens turns away what the forecast admits
		return "", "", false
	}
	ended = "ok" // the table's word: "answered" was a fallback's canned reply's too (newcomer 28)
	if pay.TimeoutCuts || cfg.Dependency.Mode.Fails() {
		ended = "get a call"
	}
	return fmt.Sprintf("~%.0f%%", 100*pay.AdmittedShare()), ended, true
}

// latestTurn is the balancer's latest change of rotation in words: "replica 3 pulled at
// 9.0s", "replica 1 drained for a deploy at 5.0s", "replica 4 back at 17.4s" ("r4" brief);
// and when.
func latestTurn(fs *lab.FleetStats, brief bool) (what string, when time.Duration, back bool) {
	for _, p := range fs.Outs() {
		if p.At >= when {
			what, when, back = replicaName(p.Replica, brief)+" pulled", p.At, false
			if p.Drained {
				what = replicaName(p.Replica, brief) + " drained for a deploy"
			}
		}
		if p.Returned() && p.ReturnedAt >= when {
			what, when, back = replicaName(p.Replica, brief)+" back", p.ReturnedAt, true
		}
	}
	return what + " at " + fmtSecs(when), when, back
}

// replicaName is replica i (1 the first) in words, "replica 3", or brief as the rows and
// the domino's steps name it, "r3".
func replicaName(i int, brief bool) string {
	if brief {
		return fmt.Sprintf("r%d", i)
	}
	return fmt.Sprintf("replica %d", i)
}

// dominoStory is the domino so far, once a replica was pulled: each turn out of rotation,
// the share each replica left then took, and a run of checks turned away by full queues;
// "" before the first pull: the latest turn says it. After the turns, the first pull's
// cause, step by step (newcomer 19: packed in one parenthesis, it read as one failed check
// under "out after 2 failed"), from what the lab measured of the check that tipped it
// (checkFailed); the later pulls say theirs in brief.
// Brief, the steps and their numbers without the glosses: a full queue's check said in a
// word, the first pull's cause in one clause.
// The first stretch with all out says the later ones briefly, counted to now.
// need is the first share said with the workers it needs, with Little's law's sum, else
// without (spareClause.need).
func dominoStory(cfg lab.Config, fs *lab.FleetStats, now time.Duration, brief bool) (story string, widen, fuller, apart [2]string, need [][2]string) {
	turns := fs.Domino(cfg)
	if !slices.ContainsFunc(turns, func(t lab.Turn) bool { return !t.Drained }) {
		return "", widen, fuller, apart, need
	}
	var b strings.Builder
	why := ""
	// The first rate says whose (newcomer 27: signups arrive at 80/s), in the preset's
	// label ("orders").
	unit := " " + paymentsWord(cfg)
	// Each out's time as a line without gaps writes it (StoryTimes): the turns are the
	// first outs, the outs again the last (lab.FleetStats.Domino, Again).
	at := fs.StoryTimes()
	atWord := " at "
	if brief { // as the pulls line and the rows write them: "r4 pulled 9.3s", "r2 12.8s"
		atWord = " "
	}
	for i, t := range turns {
		w := fmt.Sprintf("r%d pulled%s%s", t.Replica, atWord, at[i])
		switch {
		case t.Drained:
			w = pullWord(t.Pull, at[i], brief)
		case t.Refused:
			// A run of checks turned away by full queues says so once, after the last.
			w = fmt.Sprintf("r%d%s%s", t.Replica, atWord, at[i])
			if run := refusedRun(turns, i); run > 0 {
				checks, queue := "its check", "its queue of %d full then"
				if run > 1 {
					checks, queue = "their checks", "their queues of %d full then"
				}
				// What rejected:pool means here: the queue was full, not the checks' wait
				// too long (round 11 expected a full queue to give rejected:queue); and
				// when, as the rows below show the queues since (newcomer 36 #29): "then",
				// at the pulls just written, not times again, which in tenths read two pulls
				// 25ms apart as "12.8s and 12.9s" (review 31 #3).
				// And why the checks timed out in that queue did not pull it first: the
				// balancer counts a check timed out only at its timeout, a rejection at once
				// (n37 #27: 26 timed out beside r2 and r3 pulled by rejections).
				gloss := fmt.Sprintf(" (%s %s: no worker; "+queue+"; timeouts show only after %s)", checks, lab.RejectPool.Word(), t.Queued, fmtSecs(cfg.Health.Timeout.D()))
				if brief { // whose checks, the steps just said
					// Full at the check, not now: "queue of 100 full" beside the row's "+ 90
					// queued" read as a contradiction (newcomer 62 #2). The table's note says
					// rej:pool is a full queue.
					gloss = fmt.Sprintf(" (queue of %d full at its check)", t.Queued)
					if run > 1 {
						gloss = fmt.Sprintf(" (queues of %d full at their checks)", t.Queued)
					}
				}
				w += gloss
			}
		case why == "" && t.Ahead >= 0 && (t.Ahead > 0 || t.Freed > 0):
			// The pool's size where no share said it before ("24 workers of 20").
			workers := cfg.Pool.Workers
			if need != nil {
				workers = 0
			}
			why, widen, fuller, apart = checkFailed(cfg, t, turns[max(i-1, 0)].Wait, workers, brief)
		case t.Ahead >= 0 && (t.Ahead > 0 || t.Freed > 0):
			// The wait its check met, as checkFailed's.
			w = fmt.Sprintf("r%d%s%s (%d ahead, %s)", t.Replica, atWord, at[i], t.Ahead, turns[max(i-1, 0)].Wait.Freed(t.Freed))
		}
		b.WriteString(w)
		if i == len(turns)-1 {
			break
		}
		// The next one's first failed check was sent before this one went out: a comma,
		// not an arrow, and no share between them (cfg.Fleet.Together).
		if cfg.Fleet.Together(t.Pull, turns[i+1].Pull) {
			b.WriteString(", ")
			continue
		}
		b.WriteString(" → ")
		if t.Left > 0 {
			each := " each"
			if t.Left == 1 {
				each = ""
			}
			share := fmt.Sprintf("%d left, %s%s%s → ", t.Left, fmtPerSec(t.Share.Classes[lab.Payment].Rate), unit, each)
			// The first share with the workers it needs where that costs no line, in the
			// fleet headline's words (newcomer 60: "24 workers of 20" unsaid, r4's pull read
			// as bad luck); the later ones briefly. Its arrow keeps it one in the sentence.
			// Where it overloads them, a word of it stays where the need has no room: at 80x24
			// "why r4 first" stood with the overload it rests on unsaid (newcomer 62 #4).
			if unit != "" && !cfg.Dependency.Mode.Fails() {
				at := strings.TrimSuffix(share, " → ")
				if t.Share.Fit == lab.Overloaded {
					share = at + " (over capacity) → "
				}
				for _, sum := range []bool{true, false} {
					need = append(need, [2]string{share, at + " (" + t.Share.PaymentWorkers(sum) + ") → "})
				}
			}
			b.WriteString(share)
			unit = ""
		}
	}
	story = cfg.DominoLead(brief) + b.String()
	from, until := fs.FirstAllOut()
	switch {
	case until > 0:
		story += "; all out " + fs.StoryAt(from) + "–" + fmtSecs(until) + fs.AllOutMore(now)
	case from > 0:
		story += "; all out from " + fs.StoryAt(from)
	}
	// What the table's rej:balancer counts, said of the stretch (n46 #1: at 80x24 no note
	// under the table defines it); the whole sentence says it after the story.
	if brief && from > 0 {
		story += " (" + lab.RejectBalancer.Word() + ")"
	}
	story += why
	told := turns[len(turns)-1].At
	// The turns after the first all-out, briefly: a second run, not one replica pulled twice.
	if again := fs.Again(); len(again) > 0 {
		lead := "; back in rotation, then out again: "
		if brief { // "again" says it came back first
			lead = "; out again: "
		}
		story += lead
		for i, p := range again {
			if i > 0 { // as the pulls line joins the same pair (review 18: an arrow here, a comma there)
				story += pullSep(cfg.Fleet, again[i-1], p)
			}
			story += pullWord(p, at[len(at)-len(again)+i], false)
		}
		told = again[len(again)-1].At
	}
	// One came back since: brief, the rows say so ("in rotation, back 23.7s").
	if latest, when, _ := latestTurn(fs, brief); when > told && when != until && !brief {
		story += "; " + latest
	}
	return story, widen, fuller, apart, need
}

// checkFailed is why turn t's replica was pulled, its check having waited behind payments
// at the share the turn before left (wait: how many workers free on average while a check
// waits), in steps: the balancer's rule, whose last check it was, the queue it met, the
// workers it needed within the timeout, and those that freed against the average.
// Brief, the same steps in the order they happen, the rule last (n41 G2: "its 2nd check not
// ok in a row waited behind 11 payments for 12 workers to free in 2.0s; 11 did (13.3 on
// average, under 12 for 1 check in 5)" took a minute to decode): "its check had 11
// payments ahead: it needed 12 of 20 workers to free in its 2.0s timeout; only 11 workers
// did (13.3 on average; fewer than 12: 1-in-5 chance); 2 checks not ok in a row pull a
// replica". No longer: it keeps fleet-domino's headline to the lines its charts leave at
// 80x24 (n46 #2: at 15s and 25s they gave way).
func checkFailed(cfg lab.Config, t lab.Turn, wait lab.CheckWait, workers int, brief bool) (why string, widen, fuller, apart [2]string) {
	timeout := fmtSecs(cfg.Health.Timeout.D())
	need := t.Ahead + 1 // the payments ahead and the check itself
	average := ""
	if brief {
		rule := "; " + cfg.Fleet.PullRule()
		if wait.Behind() > 0 {
			average = fmt.Sprintf(" (%s on average", fmtWorkers(wait.Behind()))
			// Its sum where the screen has room for it (newcomer 52: 80x24 dropped it).
			widen = [2]string{average, average + ": " + wait.Sum("")}
			if fewer := wait.FewerThan(need); fewer != "" {
				fewerWhy := fewer
				// The pull's odds with the rule in them, which then closes no step of its own.
				if pull, pullWhy := wait.PullOdds(need); pull != "" { // not checkFailed's why
					fewer, fewerWhy, rule, apart = fewer+"; "+pull, fewer+"; "+pullWhy, "", [2]string{pull, pullWhy}
				}
				average += "; " + fewer
				// The odds' basis where the lines have room (newcomer 56: at 80x24 the
				// 1-in-5 stood without it), with why two in a row are not its square: the
				// basis took the room 80x24 gave it, and "1-in-5 … 2 in a row, 1-in-7" read
				// wrong at 120x40 alone (newcomers 80, 81, 83).
				fuller = [2]string{"; " + fewer + ")", "; " + wait.OddsBrief() + ", so " + fewerWhy + ")"}
			}
			average += ")"
		}
		return fmt.Sprintf("; %s: its check, %d payments ahead, needed %s in its %s timeout; %s%s%s",
			whyPulled(t, wait, need, true), t.Ahead, wait.Needed(need, workers), timeout, t.FreedWords(need, wait), average, rule), widen, fuller, apart
	}
	if wait.Behind() > 0 {
		// An average that beats the need, bare, read as bad luck (newcomer 34): how often
		// the count falls short of it all the same, lab's odds (none where it does not beat it).
		short := ""
		if fewer := wait.FewerThan(need); fewer != "" {
			// With its model, whose odds they are (newcomer 35 #6).
			short = fmt.Sprintf("; %s, so %s", wait.Odds(), fewer)
		}
		average = fmt.Sprintf(" (%s on average: %s%s)", fmtWorkers(wait.Behind()), wait.Sum(""), short)
	}
	return fmt.Sprintf("; %s: %s, and %s queued behind %d payments, so it needed %s within its %s timeout; "+
		"%s%s, so it waited past %s and timed out",
		whyPulled(t, wait, need, false), cfg.Fleet.PullRule(), cfg.Fleet.TippingCheck(), t.Ahead, wait.Needed(need, 0), timeout, t.FreedWords(need, wait), average, timeout), widen, fuller, apart
}

// whyPulled leads checkFailed's steps: "why r4 was pulled"; where the share before it
// overloaded every replica (wait.Gain) and the count fell short by chance (FewerThan), the
// overload made some pull sure and chance chose only which replica first and when: "why r4
// first", whole with the overload said (newcomer 60: "1-in-5 chance" after "needed 12",
// with the 24 workers of 20 unsaid, read as r4 unlucky).
func whyPulled(t lab.Turn, wait lab.CheckWait, need int, brief bool) string {
	switch {
	case wait.Gain <= 0 || wait.ShortOdds(need) <= 0:
		return fmt.Sprintf("why r%d was pulled", t.Replica)
	case brief:
		// Chance named where the whole has no room: "why r4 first: its check …" read as r4
		// weaker than the rest (newcomer 64 W-MAJOR, 80x24).
		return fmt.Sprintf("r%d by chance", t.Replica) // as wide as "why r4 first"
	}
	return fmt.Sprintf("why r%d first: over capacity, a pull was sure; chance chose which replica first, and when", t.Replica)
}

// refusedRun is how many refused turns end at turns[i], when it ends a run of checks turned
// away at the same queue (0 when the next turn continues the run).
func refusedRun(turns []lab.Turn, i int) int {
	same := func(a, b lab.Turn) bool { return a.Refused && b.Refused && a.Queued == b.Queued }
	if i+1 < len(turns) && same(turns[i], turns[i+1]) {
		return 0
	}
	n := 1
	for j := i; j > 0 && same(turns[j-1], turns[j]); j-- {
		n++
	}
	return n
}
