package ui

import (
	"cmp"
	"fmt"
	"strings"

	"poollab/lab"
)

// narratePostmortem explains a run whose dependency has a concurrency knee (article 000), or
// whose payments pass an adaptive limit: how many calls the settings put on the dependency
// and what that does to its answers a second, then the p99 next to the error share, the pair
// the postmortem's dashboard lacked. false: neither, the general narrator speaks. Every
// number comes from lab (the forecast or the snapshot).
func narratePostmortem(cfg lab.Config, f lab.Forecast, s *lab.Snapshot, spare *spareClause) (string, bool) {
	k := f.Knee
	adaptive := cfg.Payment.Bulkhead.Type == lab.BulkheadAdaptive
	if k.Knee == 0 && !adaptive || cfg.Traffic.PeakRate(lab.Payment) == 0 {
		return "", false
	}
	orders := paymentsWord(cfg)
	pay := s.Classes[lab.Payment]
	rate := s.RatesInForce[lab.Payment]
	if s.Elapsed == 0 {
		rate = cfg.Traffic.RateAt(lab.Payment, 0)
	}
	calls := int(s.Dependency.InFlight)
	callTime, answers := k.Answers(max(calls, 1))
	// Short enough for four lines of half a 120-column screen: the story, then the numbers,
	// the latency percentile the table shows and the error rate with what it counts.
	// The p99's window said beside the share's, which is the table's last seconds (newcomer
	// 30 read both as the last 5s, and could not tell when anyone waited that long), in the
	// table's own words for its span: "so far" was a third phrase for "since 0s" (review s90).
	p99 := latency(pay.Latency.P99, pay.Latency.Count)
	a, rising := s.P99Rising(lab.Payment) // a survivor's p99: what those in flight will get beside it (newcomer 17)
	switch {
	case pay.Latency.Count > 0 && rising:
		// Whose, where those in flight wait longer: the span alone read as every order's, the
		// blind spot itself (review 22); the compare's row says "p99 of ended" too.
		p99 += " of the ended " + lab.SinceStart
	case pay.Latency.Count > 0:
		p99 += " " + lab.SinceStart // as the share says it before its first whole second
	}
	if rising {
		p99 += fmt.Sprintf(", rising: one arriving now waits ~%s", fmtSecs(a.Wait))
	}
	// tailOf is the sentence's end, its not-ok share's reasons less named, where the sentence
	// says that one already; few, for 80 columns, in fewer words: the p99 left to the table's
	// own column where it is that one (not rising): it took the room of why an adaptive limit
	// sits past the knee (newcomer 68).
	tailOf := func(named string, few bool) string {
		said := notOKSaid(s, named)
		if !few || rising {
			said = "p99 " + p99 + ", " + said
		}
		tail := "; " + said
		if f.Payment.TimeoutCuts && !k.CutByDeadline { // the knee's answers are the calls', which the timeout cuts (a key storm's adaptive-limit); the deadline, where it cuts first, says its own
			tail = timeoutPrice(cfg) + tail
		}
		return tail
	}
	tail := tailOf("", false)

	switch {
	case adaptive: // the limit moves, so no forecast: what it has found, and what that does
		if why := nothingToLearn(cfg, s, orders); why != "" {
			return why + tail, true
		}
		bare := fmt.Sprintf("adaptive limit %d", s.Bulkhead.Limit)
		limit := bare + " from latency"
		// The window's mean concurrency beside the window's rates, the instant's calls before
		// the first whole second (lab decides which).
		u := s.AdaptiveUse(k)
		// How it moves, why orders are turned away below it, and what it buys, where there
		// is room (newcomer 23: "from latency by which rule? why 18% rejected with 6 permits
		// free? a fix or another trap?"): the rule with the limiter's own reading, lab's words
		// (newcomer 42 W4); brief, the reading alone.
		moves, rule, terse := s.AdaptiveRule()
		// The lesson at every width, in the sentence, not the clause a screen may leave out
		// (80x24 kept its settings rows instead; newcomer 29 read the rest as a limiter that
		// sheds only an excess): where the window turned orders away.
		lesson, short, shorter := "", "", ""
		// Its bounds and why in more words where they wrap to no more lines (120x40), the
		// rule in signs being 80 columns' (newcomer 57).
		wide, shortest := "", ""
		if rule != "" {
			short, shorter, wide = "; "+rule, "; "+terse, "; "+s.AdaptiveRuleWide()
		}
		if u.BurstsRefused {
			// Its mean beside its limit, both in the sentence: "permits sit free" beside the
			// health line's "workers sat free" were two things free (newcomer 30); "mean use", as the settings'
			// "in use", not "the mean", which the rule's clause uses for latency's (review 22).
			lesson = "; it refuses bursts though mean use is under the limit"
		}
		// Why it gets less than a fixed pool with a queue, where room, in few words (newcomer
		// 48: "the price of needing no knee measured first" read garbled).
		held := "; a full limit turns " + lab.Plural(orders) + " away at once"
		lessonTerse := "" // the lesson at 80 columns, where the rule takes its room
		switch {
		case u.AtBest && u.Fixed > 0:
			// Arrivals near the most the calls answer: what the best fixed cap, with a queue,
			// gets beside its ok, said at every width, and why it gets less where there is
			// room (newcomer 43 G-MAJOR-1: "near the knee's 500/s, no limit takes them all"
			// read as an excuse beside the fix's ~480/s, and either "adaptive is optimal" or
			// "adaptive is worse" could be taken).
			// Workers, the postmortem fix's pool, not "a cap", which a bulkhead is everywhere
			// else; its queue in plain words (newcomer 44 W-MAJOR 2).
			lesson, lessonTerse = "; "+u.FixedSaid(), "; "+u.FixedTerse()
		case u.AtBest:
			// Arrivals near the most the calls answer: no limit serves them all (newcomer 39
			// W1: "a full limit answers ~471/s" beside the curve's 390/s at 32 calls).
			// Beside "of 500.8/s" said before it, in three lines at 80 columns.
			lesson = fmt.Sprintf("; near the knee's %s, no limit takes them all", fmtWholePerSec(u.Through))
		case u.Overloaded:
			// More arrive than a full limit's calls answer: the load, not bursts, is turned
			// away (newcomer 34); what a full limit answers (the limit over each call's hold
			// said before it) beside the "of 497/s" arriving said before too (newcomer 38
			// G10: "more arrive than a full limit answers, not bursts" gave neither). In
			// three lines at 80 columns.
			lesson = fmt.Sprintf("; sustained overload: a full limit answers ~%s", fmtWholePerSec(u.Through))
		}
		if u.PastKnee || u.LimitPastKnee {
			// Past the knee, why it has not fallen: the mean is the limiter's own, so a slow
			// climb drags it along (newcomer 25 read "falls as it climbs" beside 35 calls at
			// 82ms, still rising, as the lab contradicting itself; newcomer 27). At 80 columns
			// too: without it the short form read as a limiter that found the knee (newcomer 29).
			// The limit's, where the mean of calls is not past it (newcomer 43 G-MAJOR-1:
			// "limit 30" beside "knee 25 calls" with nothing said of it).
			// In one clause, whose mechanism is the help's: in the warm-up, its rises, whatever
			// this update did (review 39 m5), after it, the mean's slow climb.
			moves += "; " + lab.AdaptivePastKnee(s.Bulkhead.Reading)
			short = "; the limit can stay past the knee, as here"
			if rule != "" { // its reading says why it has not fallen there, in fewer lines
				past, pastTerse, fewest := u.PastKneeSaid(s.Bulkhead.Reading)
				short, shorter, wide = "; "+rule+", "+past, "; "+terse+", "+pastTerse, wide+", "+pastTerse
				if fewest != "" {
					// At 80 columns, after its why, the knee and its yardstick unglossed, the
					// reading having named it (newcomer 68: the yardstick alone left why the
					// limit sits past the knee, the screen's lesson, to the help), and where even
					// that wraps past headlineMost, the rule alone (newcomer 57: no line for both).
					shorter, shortest = "; "+terse+", "+fewest, "; "+terse
				}
			}
		}
		// Capped: past headlineMost lines the brief form (the rule whole took 10 lines of a
		// 59-column half, 8 lines of one lab's at 80x40), unless a terse form, set below
		// where Little's law's clause leads the rule, fits them.
		// Without a rule, shorter, shortest and wide are all empty, and widened keeps none.
		*spare = spareClause{long: "; " + moves + held, short: short, shorter: shorter, shortest: shortest, fuller: [2]string{shorter, wide}, capped: true}
		tailTerse := tailOf("", true) + cmp.Or(lessonTerse, lesson)
		tail += lesson
		// "The rest turned away" read as the limit shedding only an excess over the knee
		// (newcomer 29); the tail names the rejections, and this says when there are none.
		rest := ""
		if u.NoneSince != "" {
			// Since when, by name: "now" beside the window's 0.2% read as a contradiction
			// (newcomer 81 W2), and the last second alone left the seconds before it to guess
			// (newcomer 86 G2).
			rest = ", " + u.NoneSince
		}
		switch {
		case k.Knee == 0:
			return fmt.Sprintf("%s: %d calls at %s", limit, calls, fmtLatency(s.Dependency.Latency)) + rest + tail, true
		case u.Windowed:
			// The knee's yardstick beside the window's mean (newcomer 22 could not tell
			// whether a limit that settles past the knee is a fix or another trap).
			// The mean's what and when, and its latency beside the curve's at it, where room:
			// "mean 31.9 at ~84ms" asked of what, and 50ms × (31.9/25)² is 81ms (newcomer 36 #18).
			kneeTime, best := k.Answers(k.Knee)
			rs := s.Rates()
			// Within lab.CurveMargin it matches the curve: "85ms above the curve's 84ms" was
			// inside the calls' own jitter (newcomer 37 #18).
			if vs := ""; u.AboveCurve || u.OnCurve {
				// "88ms … matches the curve's … 96ms" read as not matching: the margin said
				// where the two differ as written (review 32 #13).
				near := "matches"
				if !u.CurveAlike {
					near = fmt.Sprintf("within %.0f%%%% of", 100*lab.CurveMargin) // a format below
				}
				vs = near + " the curve's %s × (%.1f/%d)^%g = %s: past the knee latency grows " + growth(k.Exp())
				if u.AboveCurve {
					vs = "above the curve's %s × (%.1f/%d)^%g = %s: latency grows faster than calls"
				}
				spare.long = fmt.Sprintf("; %s = %.1f ÷ ok %s by Little's law, "+vs,
					fmtLatency(u.Hold), u.Calls, fmtPerSec(rs.OK[lab.Payment]), fmtLatency(k.Latency), u.Calls, k.Knee, k.Exp(), fmtLatency(u.Curve)) + spare.long
			}
			says := fmt.Sprintf("%s: %d calls at %s give %s; %s: %s",
				limit, k.Knee, fmtLatency(kneeTime), fmtWholePerSec(best), u.MeanSaid(), answered(s, 0, rate)) + rest + tail
			if spare.long != "; "+moves+held {
				// Where Little's law's clause leads the rule, the sentence without it, for
				// one lab's screen where the whole wraps past headlineMost lines.
				spare.terse = says + "; " + moves + held
			}
			// Where even the rule in signs wraps past headlineMost lines (80x24, newcomer 56:
			// what excess is and why it stays small there), the sentence without the knee's
			// yardstick and the mean of calls: the rule's why names the knee and its latency,
			// and the dependency's line, below, its calls now and their latency.
			// The limit unglossed and the lesson terse: its rule says latency, and 80x24
			// has no line for the bounds' source and why beside them (newcomer 57).
			spare.fewer = bare + ": " + answered(s, 0, rate) + rest + tailTerse
			return says, true
		case !u.PastKnee:
			// The knee's latency at these calls, as the status line's "now 35, 98ms each" says
			// it, not the next call's (newcomer 22: "35 calls at 104ms" beside it).
			return fmt.Sprintf("%s: %d calls at %s (knee %d)", limit, calls, fmtLatency(callTime), k.Knee) + rest + tail, true
		}
		return limit + ": " + pastKnee(s, k, calls, rate) + rest + tail, true
	case k.Cap <= k.Knee: // a cap under the knee: the postmortem's fix
		// "at most 24 calls at 50ms give ~480/s": the model's rate at its mean latency, not
		// a ceiling (newcomer 22 read "answer ≤480/s" beside a second's ok 482/s,
		// random latencies averaging 49ms, as broken), with that latency, where the rate comes
		// from (newcomer 44 w2: ~480/s beside the run's 471.4/s ok and "51ms each" read as a
		// contradiction); the knee is the settings line's and the why of 24's, where it had
		// been, as the latency costs a line of a compare half.
		each, ends := k.Ends()
		capped := func(most string) string {
			switch {
			case k.CutByDeadline: // none answered: each ends within the deadline from arrival
				return fmt.Sprintf("%s%d calls of %s, each cut within %s by the deadline, end ≥%s", most, k.Cap, fmtLatency(k.CapLatency), fmtDur(each), fmtWholePerSec(ends))
			case k.CutAt > 0: // none answered: the price clause says every payment that calls times out
				return fmt.Sprintf("%s%d calls, each cut at %s by the timeout, end ~%s", most, k.Cap, fmtSecs(each), fmtWholePerSec(ends))
			}
			return fmt.Sprintf("%s%d calls at %s give ~%s", most, k.Cap, fmtLatency(each), fmtWholePerSec(ends))
		}
		msg := capped("at most ")
		over := rate - ends
		queueSaid := false      // the sentence says what the deadline does to the queue
		terse := ""             // the measured sentence in fewer words, why 24 kept (s49pm's leftover)
		var fuller [2]string    // where the deadline holds the queue, with its product
		unfull := ""            // the same without its level, where the product has no room
		var origins [][2]string // the band beside "within chance" with its counts
		switch d := cfg.Payment.Deadline.D(); {
		case over <= 0:
			msg += fmt.Sprintf(", %s arrive: they fit", fmtFloatRate(rate))
			tail += s.QueueLeftSaid(lab.Payment, ends) // why some are turned away still, where a heavier step left a queue
		case k.TurnsAway != 0: // the cap is a bulkhead: the excess is turned away, not queued for the deadline
			msg += fmt.Sprintf(" of %s: ~%s %s", fmtFloatRate(rate), fmtWholePerSec(over), k.TurnsAway.Word())
		case d > 0:
			// What the table measured once it has (rejected:deadline's /s), the set rates'
			// forecast only before: newcomer 15 read "~20/s outlive it" beside a measured 16/s.
			// Measured only over seconds wholly at the rate in force (the review: a window
			// still mostly at the calm 150/s read "0/s outlive it" just after the step).
			// Measured, the parts of what arrived add up as printed (newcomer 17: "480/s of
			// 500/s … 15/s outlive it" left 5/s unsaid, the table's 474/s ok and 11/s more
			// still queueing): and so close to capacity, what outlives the budget moves with
			// any slowdown of the machine the lab runs on.
			if rs, ok := s.RatesAtStep(lab.Payment); ok {
				p := lab.Payment
				// "rejected", the table's word (the review: "outlive 800ms" beside "turned away
				// after 725ms"); the queue still filling toward the deadline turns more away
				// once full (newcomer 18 read 2.7% as the fix's steady state).
				head := fmt.Sprintf("%s: of %s, %s ok", capped(""), fmtPerSec(rs.Arrived[p]), fmtPerSec(rs.OK[p]))
				rate, anyRejected := rs.RejectedSaid(p, lab.RejectDeadline)
				rejected := fmtPerSec(rate)
				otherwise := ""
				if other, some := rs.NotOKBut(p, lab.RejectDeadline); some {
					// Failed, timed out or turned away otherwise (a timeout on): the parts still add up.
					otherwise = fmt.Sprintf(", %s not ok otherwise", fmtPerSec(other))
				}
				q, grows := rs.QueueingSaid(p)
				// "after waiting" where the queue is said: bare, beside "the remaining … join
				// the queue", the rejected read as never queued; they are turned away after
				// their wait (newcomer 51 W3). What is left is the queue's growth, every
				// arrival having joined it ("2.8/s join the queue" said the rest did not,
				// review 43).
				after := ""
				if grows {
					after = " after waiting"
				}
				// The table's word whole, "rejected:deadline": bare "rejected" beside the
				// column rej:deadline and the chain's deadline:enough-left was a third name
				// for one outcome (newcomer 65 W-minor).
				said := ", " + rejected + " " + lab.RejectDeadline.Word()
				msg = head + said + after + otherwise
				if !anyRejected { // none yet: ok and the queue add up without it
					said = ""
				} else {
					// Named once: the share's words would say it again a clause later.
					tail = tailOf(lab.RejectDeadline.Word(), false)
				}
				terse = head + said + otherwise
				if grows {
					// What the rest does, in full: "1/s queue up toward 800ms" left both what
					// queues up and what 800ms is to guess (newcomer 38 G8).
					if stops, ok := s.QueueStops(&rs); ok {
						msg, terse = msg+", "+stops, terse+", "+stops
						// Where its level comes from, where a screen has the room.
						level, bare := s.QueueStopsLevel(&rs)
						fuller, unfull = [2]string{level, level + " " + s.QueueStopsWhy(&rs)}, bare
						// The band's counts only with the level's product: of the two
						// origins, the level's first where both cost a line.
						for _, o := range rs.ChanceOrigin(p) {
							if !strings.Contains(stops, o[0]) {
								continue // beyond chance: no band said
							}
							origins = append(origins, [2]string{stops, strings.Replace(strings.Replace(stops, o[0], o[1], 1), fuller[0], fuller[1], 1)})
						}
					} else {
						msg += fmt.Sprintf(", the queue grows %s, whose wait creeps toward the %s deadline", fmtPerSec(q), fmtDur(d))
						terse += fmt.Sprintf(", the queue grows %s", fmtPerSec(q))
					}
					if n, at, ok := s.QueueAtDeadline(&rs); ok {
						// When, and what then, so that an early moment answers "and later?"
						// (newcomer 41 G1: 304 waiting, none turned away yet, at 15s).
						// The run time first, the deadline its subject (review 35: "(~17.4s)" read
						// as a wait, "it" as the queue).
						then := fmt.Sprintf("; at ~%s the deadline will turn the excess away", fmtSecs(at))
						// Said as what will be, beside rejected:deadline 0 (newcomer 48 G-minor-8).
						msg += fmt.Sprintf("; at ~%s (~%s waiting) the deadline will turn the excess away (%s, none yet): the queue will stop growing",
							fmtSecs(at), fmtCount(n), lab.RejectDeadline.Word())
						if k.CutAt == 0 { // cut calls answer none
							msg += fmt.Sprintf(", ok ~%s, each within %s", fmtWholePerSec(k.CapRate), fmtDur(d))
						}
						terse += then // when, in fewer words than the whole sentence's
					}
					queueSaid = true
				} else { // what holds it, not its drift within chance ("drains 5.8/s" read as emptying beside
					// 338 held steady; newcomers 26, 29), a drain beyond it said as one (LIFO's 136 in 5s
					// read "steady"). Short: 80x24 keeps the fix's brief clause only within four lines.
					held := s.QueueHeldSaid(&rs)
					origins = rs.ChanceOrigin(p)
					msg, terse = msg+held, terse+held
				}
				break
			}
			msg += fmt.Sprintf(" of %s: the queue fills to the %s budget and ~%s would outlive it", fmtFloatRate(rate), fmtDur(d), fmtWholePerSec(over))
		default:
			msg += fmt.Sprintf(" of %s: the queue grows ~%s", fmtFloatRate(rate), fmtWholePerSec(over))
		}
		var m, briefer string
		*spare, m, briefer = whyCap(cfg, k, s, queueSaid)
		spare.fuller, spare.unfull, spare.need = fuller, unfull, origins
		if queueSaid && fuller[0] != "" {
			// Where the level's product costs a line (80x24), it, not what the cap keeps,
			// which "24 calls at 50ms give" opens with: a bare "holds it near 366" was a
			// figure to guess (newcomer 64).
			spare.trade = [2]string{fuller[0] + tail + "; " + capKeeps(k), fuller[1] + tail}
		}
		if terse != "" && m != "" {
			// Where the sentence with its clause would pass headlineMost lines (80x24 with
			// the deadline's forecast, a compare half), in fewer words with why 24 kept.
			spare.terse, spare.terseHalf = terse+tail+"; "+m, true
		}
		if terse == "" && briefer != spare.long {
			// The source and the queued share kept where the margin's whole would wrap past
			// headlineMost lines (120x40 once the queue left and where waits stop are said).
			spare.terse = msg + tail + briefer
		}
		return msg + tail, true
	case calls <= k.Knee:
		capTime, capAnswers := k.Answers(k.Cap)
		return fmt.Sprintf("%s %s: %d calls, under the knee (%d); %d would take %s each, %s",
			orders, fmtFloatRate(rate), calls, k.Knee, k.Cap, fmtLatency(capTime), fmtWholePerSec(capAnswers)) + tail, true
	}
	// Past the knee every call slows every other: more workers, fewer answers a second.
	workers := fmt.Sprintf("%d workers", s.Pool.Size)
	if s.Pool.Max > 0 {
		workers = fmt.Sprintf("scaled to %d workers", s.Pool.Size)
		// What the preset's name refers to, once, where a screen has room: "postmortem"
		// read as a published incident the screen did not name (newcomer 34 #28).
		// Idle: the meltdown's own figures come first (the compare's goroutines line). The
		// dependency named as the screen names it, in both lengths: "the store" was a third
		// name for it (newcomer 39 G6, newcomer 50). The lesson even where the source's figures
		// do not fit: "as in …" alone left 80x24 asking "as in what?" (newcomer 44 g8).
		const lesson = ": a pool scaling on queue length fed the dependency's slowdown"
		*spare = spareClause{long: "; as in " + s.PostmortemDepth() + lesson, short: "; as in " + lab.PostmortemGlossed + lesson, idle: true}
	}
	if net := k.Net(rate, calls); net < 0 { // after the peak: what queued drains, slowly
		head := fmt.Sprintf("%d calls past the knee (%d) at %s", calls, k.Knee, fmtLatency(callTime))
		// Measured, once the table's /s seconds lie within the rate in force, the very figures
		// of its row and of the note on its in flight: the set 150/s's "drains ~45/s" beside
		// "ended or turned away 195.8/s of 155.8/s arrived: its in flight fell by 200" read as
		// a miscount (newcomer 70 W2). "End" where none was turned away, the note's "ended".
		p := lab.Payment
		if rs, ok := s.RatesAtStep(p); ok && rs.RejectedTotal(p) == 0 {
			if drains, falls := rs.DrainingSaid(p); falls {
				return fmt.Sprintf("%s end %s of %s arrived: the queue drains %s",
					head, fmtPerSec(rs.Ended(p)), fmtPerSec(rs.Arrived[p]), fmtPerSec(drains)) + tail, true
			}
		}
		// Before, the knee's forecast at the set rate, said as one.
		return fmt.Sprintf("%s answer ~%s, the set %s arrive: the queue drains ~%s (forecast)",
			head, fmtWholePerSec(answers), fmtFloatRate(rate), fmtWholePerSec(-net)) + tail, true
	}
	return workers + ": " + pastKnee(s, k, calls, rate) + tail, true
}

// pastKnee is the step the audience must not have to take alone: the knee's calls answer
// more a second than calls, more and slower ones ("25 calls at 50ms give 500/s; 64 at 328ms
// each: ok 195/s of 488.4/s"). Two lines at 80 columns, three at 58, with the tail.
func pastKnee(s *lab.Snapshot, k lab.KneeForecast, calls int, rate float64) string {
	kneeTime, best := k.Answers(k.Knee)
	callTime, answers := k.Answers(calls)
	// With its verb (newcomer 21: "25 calls at 50ms answer 500/s, 64 at 328ms ok 195.6/s"
	// could not be read in a few seconds), and the latency of the calls now said as each
	// one's (newcomer 25 read "63 take 318ms" twice).
	return fmt.Sprintf("%d calls at %s give %s; %d at %s each: %s",
		k.Knee, fmtLatency(kneeTime), fmtWholePerSec(best), calls, fmtLatency(callTime), answered(s, answers, rate))
}

// answered is how many payments a second the dependency answers of those that arrive: the
// table's measured rates, the very figures of its /s row over its window ("ok 195.4/s of
// 500.8/s"), or before the first whole second the knee's model at the rate in force.
func answered(s *lab.Snapshot, model, rate float64) string {
	if rs := s.Rates(); rs.Seconds > 0 {
		return fmt.Sprintf("ok %s of %s", fmtPerSec(rs.OK[lab.Payment]), fmtPerSec(rs.Arrived[lab.Payment]))
	}
	return fmt.Sprintf("answer %s of %s", fmtWholePerSec(model), fmtFloatRate(rate))
}

// notOKSaid is the payments' error rate a dashboard of answers shows, with its window and
// what it counts: of the requests that got a reply in the table's per-second window, so that
// it agrees with that row ("not ok 3.1% of replies in 20–25s: rejected:deadline"; before
// the first whole second, since the start), or, at none, that the requests in flight are
// none, however long they wait: the postmortem's blind spot. Not ok, the lab's word, never
// "errors": the fallback answers those rejections "with a canned reply instead of an error"
// (newcomer 23); "of replies", as the compare's "arrived − ok 42 → 66" counts in flight too, and
// not "of ended", the compare's word for the p99's requests, which leave rejections out
// (newcomer 30).
//
// named is a word the sentence gave the window's rate of just before: where it is the only
// one, the share leaves it out, one outcome said once (newcomer 65: "16/s rejected:deadline
// … not ok 3.2% …: rejected:deadline"); "" none.
func notOKSaid(s *lab.Snapshot, named string) string {
	const notOK = "not ok"
	c := s.Classes[lab.Payment]
	share, replied := c.NotOKShareOfReplies()
	words, when := c.ErrorWords(), lab.SinceStart
	if r := s.Rates(); r.Seconds > 0 {
		share, replied = r.NotOKShareOfReplies(lab.Payment)
		words, when = r.ErrorWords(lab.Payment), "in "+r.Span()
	}
	said := fmt.Sprintf("%s %.1f%% of replies %s", notOK, 100*share, when)
	if !replied {
		said = notOK + ": no replies " + when
	}
	switch {
	case len(words) == 1 && words[0] == named:
		return said
	case len(words) > 0:
		return said + ": " + strings.Join(words, ", ")
	case c.InFlight > 0:
		// Their share of arrivals beside it, as the table's ok% note gives it: "not ok 0.0%" on
		// the meltdown read healthier than the fix's 3.9% (newcomer 24).
		// "Blind to": the share is the dashboard's, and misses them (newcomer 25 read "count as
		// none" beside ok% 45% as "nothing is going wrong"). Theirs is of every arrival since
		// the start, said so beside the window's (the review, L7).
		// "Blind" with its subject, the share being a dashboard's error rate: bare, a viewer
		// skimming read "0.0%" as healthy beside ok% 45% (newcomer 33). With no replies there is
		// no rate to name.
		blind, share := "blind to", fmtShare(c.InFlightShare(), c.Arrived)
		if replied {
			blind = "an error rate blind to"
		}
		if c.InFlightShownNone() {
			// 0% of all: a rate blind to them misses nothing, and "blind to 6 in flight (0%
			// of all)" claimed a blind spot the numbers do not show (newcomer 73 W2), at any
			// width (at 80 columns it took the room of the adaptive limit's lesson, newcomer 68).
			return said
		}
		return fmt.Sprintf("%s, %s %s %s (%s of all)", said, blind, fmtCount(c.InFlight), lab.FateInFlight.Word(), share)
	}
	return said
}

// nothingToLearn says why an adaptive limit has nothing to learn from now, "" when it has:
// a breaker open in front of it (no call goes out), or a dependency that refuses or fails at
// once (a call's latency says nothing of its load). The breaker speaks first: it is what the
// orders meet.
func nothingToLearn(cfg lab.Config, s *lab.Snapshot, orders string) string {
	switch {
	case s.Breaker.State == lab.BreakerOpen:
		return fmt.Sprintf("breaker open: %s are now %s at once, without calling, until the next trial in %s, so the adaptive limit (%d) has no calls to learn from",
			orders, lab.RejectBreaker.Word(), fmtSecs(s.Breaker.OpenLeft), s.Bulkhead.Limit)
	case cfg.Dependency.Mode.Fails():
		return fmt.Sprintf("dependency %s: %s fail at once, and their latency tells the adaptive limit (%d) nothing of its load",
			lab.ModeShort(cfg.Dependency), orders, s.Bulkhead.Limit)
	}
	return ""
}

// paymentsWord is what a narrator calls payments, in the plural: the preset's label
// ("orders"), or "payments".
func paymentsWord(cfg lab.Config) string {
	if l := cfg.Traffic.Payment.Label; l != "" {
		return l
	}
	return "payments"
}

// whyCap is the postmortem's fix in its parts, a clause a screen may leave out: what each of
// its two changes does (newcomer 18: "the fix changes two things at once"), the cap keeping
// each call at the knee's latency and the deadline turning a longer wait into a rejection;
// within the deadline, not "not a slow ok", which newcomer 25 read beside a p50 of 723ms (the
// queue's wait) as a fast one;
// then, for a cap under the knee, why not the knee itself (newcomer 19: "why 24?"): the knee's
// calls answer the most the dependency gives, with no room were the knee a call lower than
// measured (lab's AtKnee). Whole, in at most headlineMost lines with its sentence, else
// brief: whole, it ran 6 to 10 lines at 120 columns (newcomer 40 #6).
//
// queueSaid: the sentence before says the queue's wait creeps toward the deadline, so the
// brief form leaves the deadline out: said twice, 80x24 lost the why of 24 (newcomer 38 G8).
func whyCap(cfg lab.Config, k lab.KneeForecast, s *lab.Snapshot, queueSaid bool) (spare spareClause, margin, briefer string) {
	if k.CutAt > 0 { // no call answers: nothing kept at a latency, no ok within the deadline
		return spareClause{}, "", ""
	}
	pay := s.Classes[lab.Payment]
	var long, short string
	// The deadline's rule, and once it has rejected some, where waits stop, lab's words; ""
	// without a deadline (one check of it, lab's).
	if wide, terse := s.DeadlineRejectsSaid(); wide != "" {
		d := s.Config.Payment.Deadline.D()
		// The cap as its count of calls, as the sentence opens ("24 calls at 50ms"): "the
		// cap" named nothing the settings call so (newcomer 26: "pool 24 workers").
		whole, both := capKeeps(k)+", "+wide, capKeeps(k)+", "+terse
		// True by construction: the call gets what is left as its context's deadline, so one
		// still running at it times out; "every ok ends within" read as a claim the p99 alone
		// on screen had to bear out (newcomer 78 W2).
		long = fmt.Sprintf("; as the fix in %s: %s, so no ok can take longer than %s", lab.PostmortemSource, whole, fmtDur(d))
		// Within the deadline, mostly by waiting, where the wait is most of the p50: the
		// headline was silent on it (newcomer 34 #17: p50 729ms for 50ms of work, 343 in an
		// unbounded FIFO, which the deadline before it holds still). At 120 columns only:
		// the short form keeps 80x24's narrator to four lines.
		// Both p50s said, of the same requests, so the share can be checked (newcomer 35 #16).
		if pay.MostlyQueued() && cfg.Pool.Queue.Unbounded() {
			long += fmt.Sprintf(", mostly queued (%s)", pay.P50WaitPhrase())
		}
		short = "; " + both
		if queueSaid {
			short = "; " + capKeeps(k)
		}
	}
	// The margin, lab's words (newcomer 27, 47 #4, 48 W-MAJOR: why 24, not 25); what it buys
	// where there is room: a compare half's terse form has none.
	margin, whole := k.CapMargin()
	briefer = long // the long clause with the margin brief, where the whole would wrap past headlineMost
	if margin != "" {
		long += "; " + whole
		short += "; " + margin
		briefer += "; " + margin
	}
	return spareClause{long: long, short: short, capped: true}, margin, briefer
}

// capKeeps is what the fix's cap under the knee keeps: "24 calls at most keep each at 50ms".
func capKeeps(k lab.KneeForecast) string {
	return fmt.Sprintf("%d calls at most keep each at %s", k.Cap, fmtLatency(k.CapLatency))
}

// growth says how latency grows with calls past a knee of exponent exp: "with the square of
// calls" for the default 2, said as the curve's power otherwise.
func growth(exp float64) string {
	switch exp {
	case 1:
		return "in step with calls"
	case 2:
		return "with the square of calls"
	case 3:
		return "with the cube of calls"
	}
	return fmt.Sprintf("as calls^%g", exp)
}
