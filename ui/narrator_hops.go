package ui

import (
	"fmt"
	"strings"

	"poollab/lab"
)

// narrateHops tells the story of retries and hops when the run has one to tell: a chain of
// hops (stacked timeouts, or one propagated deadline), or retries of tries that fail (the
// storm, or the budget that stops it). false: the pool's story is the one to tell. spare
// gets the sum behind the last call's time, where it is said.
func narrateHops(cfg lab.Config, f lab.Forecast, s *lab.Snapshot, spare *spareClause) (string, bool) {
	r, dep, retry := f.Retry, cfg.Dependency, cfg.Payment.Retry
	var msg string
	switch {
	case dep.Chain() && dep.Deadline == lab.DeadlinePropagate:
		msg = fmt.Sprintf("one deadline travels down the %d hops with each try%s: each hop keeps %s back and passes the rest on",
			dep.Hops, whichDeadline(cfg, r), fmtDur(dep.Hop.Reserve.D()))
		// A try ends when the last hop that calls another gives up on the dependency, its
		// reserve still left, and its 504 goes up at once: which hop times out first, and who
		// answers what, were to guess from "hop 1 answers 504" (newcomer 35 #15).
		if r.Reserved {
			n := dep.Hops - 1          // the last hop that calls another, the first to give up
			keep := lab.HopRange(1, n) // the hops that call another keep their reserve
			msg += fmt.Sprintf("; so a try ends in ~%s (%s less %s at %s), when hop %d gives up on hop %d and answers 504",
				fmtDur(r.Try), fmtDur(r.Budget), fmtDur(dep.Hop.Reserve.D()), keep, n, dep.Hops)
			if n > 1 {
				msg += ", which " + lab.HopRange(1, n-1) + " " + passes(n-1) + " up"
			}
			// The deadline each hop is given, where a screen has room: the ~300ms as a timeline.
			times := make([]string, len(r.HopBudgets))
			for k, b := range r.HopBudgets {
				times[k] = fmt.Sprintf("%s at hop %d", fmtDur(b), k+1)
			}
			*spare = spareClause{long: "; a try's deadline as each hop receives it: " + strings.Join(times, ", "), idle: true}
		}
		// Each effect beside its cause: the calls per payment at the last hop, then what holds
		// them there, the hops' setting or the deadline's lack of time (newcomer 45 G1, "which
		// of the three did it?"), then the work for nobody gone.
		if r.Refused {
			msg += fmt.Sprintf("; at most %s tries per payment at hop %d, %s", fmtWorkers(r.Deepest), dep.Hops, r.RefusedSaid())
		} else {
			msg += fmt.Sprintf("; %s calls per payment at hop %d (at most %s)", lab.FmtPerPayment(s.DeepestPerPayment()), dep.Hops, fmtWorkers(r.Deepest))
		}
		n := dep.Hops - 1 // the hops that call another: "hop 1 is", "hops 1 and 2 are"
		hops := lab.HopRange(1, n)
		edge := edgeRetries(cfg, r)
		switch spent := cfg.HopRetriesSpent(); {
		case dep.RetryAt == lab.RetryAtEdge && spent:
			// The deadline's share of the calls saved too, at every width: set to retry, the
			// hops would find no time left to (lab HopRetriesSpent); "set to try once" alone
			// read as the one cause. In 7 lines at 80 columns, or the pool's legend goes.
			sep := ": "
			if !cfg.Payment.Retry.Retries() {
				sep = ", "
			}
			msg += ": " + edge + sep + hops + " " + verb(n, "is", "are") + " set to try once, and " + verb(n, "has", "have") + " no time left to retry"
		case dep.RetryAt == lab.RetryAtEdge:
			// The edge in the screen's own terms, a worker's call (newcomer 34 #30: "the lab's
			// own call" left what the edge is to guess); "set to": a setting, not the
			// deadline's doing (newcomer 45 G1).
			msg += ": " + hops + " " + verb(n, "is", "are") + " set to try once, " + edge
		case spent:
			// Set to retry as stacked-timeouts' hops are, the deadline alone stops them: said
			// from the hops' counts (newcomer 54). "so" only where it is the cause: an edge
			// set to try once is its setting's doing (review 48 #1); where the hops retried,
			// no word of who retries "only" (lab HopRetriesSaid).
			msg += hopRetries(cfg, s, edge)
		}
		msg += afterAnswer(s, spare)
		if s.AfterAnswer() == 0 {
			msg += ": the deadline travels down and " + dep.HangUp()
		} else {
			msg += "; " + dep.HangUp()
		}
	case dep.Chain():
		if names := r.Multiplying(); len(names) > 1 && r.Fails {
			// The layers by name, not counted: "3 layers (the lab, hop 1, hop 2)" beside "hops
			// 3" and "hop 3 (the dependency)" made three 3s to untangle (newcomer 29).
			// The edge defined at its first, as the propagate headline does, where a screen
			// has room (newcomer 39 G9: defined in deadline-propagation alone).
			// Only the layers whose tries fail multiply (review 40a M3: with the hops' timeouts
			// off their tries succeed, and "the edge, hop 1 and hop 2 retry" read 3 × 3 × 3 = 3).
			if names[0] == lab.EdgeName {
				spare.gloss = [2]string{lab.EdgeName, lab.EdgeIs}
			}
			calls, measured := "calls", "measured "+lab.FmtPerPayment(s.DeepestPerPayment())
			if r.Refused { // tries refused before they reach it: it counts none (measured 0.00 beside 18 read wrong)
				calls, measured = "tries", r.RefusedSaid()
			}
			// Per payment, said: "27 calls" read beside the table's timed-out 27 and the
			// fallback's 27 payments as one count (newcomer 60).
			msg = fmt.Sprintf("%s retry on their own and %s: %s = %s %s per payment at hop %d (the dependency), %s",
				lab.JoinList(names, "and"), everyTry(r), r.LayerProduct(), fmtWorkers(r.Deepest), calls, dep.Hops, measured)
			// Why not 27, in the sentence itself: a payment's last calls come seconds after it,
			// so the latest have not made them yet (lab DeepestDue). A compare half leaves out a
			// spare clause: newcomer 18 read the hops compare's "27 … measured 23.47" unexplained.
			if d, ok := s.DeepestDue(r); ok && d.Younger > 0 {
				// What "due" and "after" are, in the words (newcomer 20 guessed both); the sum
				// the figure is where that costs no line (newcomer 56 #12): the whole in a
				// compare half cost A its second line of settings.
				brief, whole := d.Said()
				msg += " (" + brief + ")"
				spare.fuller = [2]string{brief, whole}
				// The sum that makes it: "3.5s" beside "500ms a try" was a riddle (newcomer
				// 31). Spare: in a compare half its line cost A its charts.
				// Each term as the settings lines say it, a try and a wait (newcomer 34 #2
				// guessed 550ms = 500ms + 50ms).
				// Where the layers retry alike, at a glance, what the factor counts said
				// (newcomer 36 #25 guessed the 2; newcomer 45 G5: the sum with its factor and
				// terms took far longer than a glance).
				// The sums of the age they make (d.Last): the latest schedule's, which DeepestDue
				// put it at.
				l := r.Latest()
				sum := func(whole string) string { return "; " + fmtSecs(d.Last) + " = " + whole }
				spare.long = sum(l.DeepestLastSum() + ": " + l.DeepestLastTerms())
				if glance := l.DeepestLastGlance(); glance != "" {
					spare.long = sum(glance)
					// On one lab's screen, with each layer's try and wait: the settings
					// lines that say them are one line at 80x24, cut before the hops'
					// (newcomer 54); a compare half keeps its second line of settings.
					spare.alone = fmt.Sprintf("%s (%s)", spare.long, l.DeepestLastTerms())
					spare.beside = sum(l.DeepestLastGlanceTried())
				}
				// The shares alone where the whole costs a line: the projected 120x40 left the
				// sum out, said at 80x24 (newcomer 50 #1).
				if shares, _ := l.DeepestLastShares(); shares != "" {
					spare.short = sum(shares)
				}
			}
		} else {
			timed := "times its own tries (" + fmtDur(dep.Hop.Timeout.D()) + ")"
			if dep.Hop.Timeout == 0 {
				timed = "sets no timeout of its own" // not "(0s)": a hop then waits out the dependency
			}
			msg = fmt.Sprintf("each of the %d hops %s, and %s: %s calls per payment at hop %d",
				dep.Hops, timed, dep.HangUp(), lab.FmtPerPayment(s.DeepestPerPayment()), dep.Hops)
			if names := r.Multiplying(); len(names) == 1 {
				msg += fmt.Sprintf(" (at most %s: only %s retries)", fmtWorkers(r.Deepest), names[0])
			}
		}
		msg += afterAnswer(s, spare)
	case retry.Retries() && r.Fails && retry.Budget > 0:
		// The retries made, against what the budget counts them by, the payments (newcomer 22:
		// "near 10% of the calls in flight", a base shown nowhere, beside "retries 9").
		c := s.Calls
		msg = fmt.Sprintf("%s, but the %s retry budget refused %s retries: %s retries for %s payments, %s (it allows up to %s of the payments in the last %s), %s calls per payment instead of %s",
			everyTry(f.Retry), retry.Budget, fmtCount(c.BudgetDenied), fmtCount(c.Retries), fmtCount(c.Payments), fmtShare(c.RetryShare(), c.Payments),
			retry.Budget, fmtDur(lab.RetryWindow), lab.FmtPerPayment(c.PerPayment()), fmtTimes(r.Unbudgeted))
	case retry.Retries() && r.Fails && r.Tries > 1:
		why := everyTry(f.Retry)
		if f.Payment.TimeoutCuts {
			why += fmt.Sprintf(" (%s timeout < %s call)", fmtSecs(cfg.Payment.Timeout.Duration.D()), fmtSecs(cfg.Dependency.CallLatency()))
		}
		// Under the forecast while some are still trying: 2.79 beside "tries 3 times" read
		// as a contradiction (newcomer 27).
		forecast := "forecast " + fmtTimes(r.Tries)
		if s.Calls.PerPayment() < r.Tries && s.Classes[lab.Payment].InFlight > 0 {
			forecast += " once those in flight end"
		}
		// Per payment that called, as the detail line divides ("174 ÷ 62 that called"):
		// beside 97 arrived it read as a slip (newcomer 33).
		msg = fmt.Sprintf("%s, so every payment that calls tries %s times: %s calls per payment that called (%s), and payments need %s workers of %d",
			why, fmtWorkers(r.Tries), lab.FmtPerPayment(s.Calls.PerPayment()), forecast, f.Classes[lab.Payment].LittlesLaw(""), cfg.Pool.Workers)
	default:
		return "", false
	}
	if n := s.Classes[lab.Payment].Duplicates; n > 0 {
		msg += fmt.Sprintf("; %s impatient users pressed again after %s (duplicates)", fmtCount(n), fmtDur(cfg.Traffic.Payment.ResubmitAfter.D()))
	}
	return msg, true
}

// passes is "passes" for one hop, "pass" for more.
func passes(n int) string { return verb(n, "passes", "pass") }

// verb is a verb's form for n subjects: one where n is 1, many otherwise.
func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// whichDeadline says which deadline a propagating chain passes down with each try (the
// forecast's Budget): the user's, cut to the try's own socket timeout where that is shorter
// (" (the user's 2s, cut to the try's 500ms)"); "" with none.
func whichDeadline(cfg lab.Config, r lab.RetryForecast) string {
	user := cfg.Payment.Deadline.D()
	switch {
	case r.Budget == 0:
		return ""
	case user == 0:
		return fmt.Sprintf(" (the try's %s)", fmtDur(r.Budget))
	case r.Budget < user:
		return fmt.Sprintf(" (the user's %s, cut to the try's %s)", fmtDur(user), fmtDur(r.Budget))
	}
	return fmt.Sprintf(" (the user's %s)", fmtDur(user))
}

// afterAnswer says how much work the hops did for users who had left: after the user was
// answered, which the edge's giving up does before the deadline (newcomer 35 #14: counted
// from the deadline, the work between was for nobody too, yet left out). then is its sum,
// bare and fuller, set as spare's then; none where no call was.
func afterAnswer(s *lab.Snapshot, spare *spareClause) string {
	n := s.AfterAnswer()
	if n == 0 {
		spare.then = [2]string{}
		return "; no hop call was " + lab.AtWorkAfter
	}
	// Which calls the sum counts (lab.AtWorkHow), on one lab's screen where it costs no
	// line: after the fuller figure (newcomer 63 G12), before the terms the settings rows
	// say too. Built here from the one sum the sentence says, so that the fuller finds it.
	sum := "(" + hopSum(s)
	spare.then = [2]string{sum + ")", sum + ": " + lab.AtWorkHow + ")"}
	// Hop calls, not requests: a payment's tries reach each hop many times (1168 of 50
	// payments read as a contradiction). The sum is said as one, so that it is the boxes'
	// second numbers added up. In lab's one phrase, the boxes' ("worked on past 2s" was a
	// third wording, review 27 #4).
	work := fmt.Sprintf("%s hop calls were %s %s, for nobody", fmtCount(n), lab.AtWorkAfter, spare.then[0])
	// The table's p99 is of the payments the lab finished: when it gave up, the answer,
	// before the user's deadline (if any) while the hops below work on. It is a give-up
	// time only where none finished ok: else it may be an ok payment's latency, with a
	// deadline too (review 30 ui #3, review 31 #7), and the count goes bare.
	pay, dl := s.Classes[lab.Payment], s.Config.Payment.Deadline.D()
	if lat := pay.Latency; lat.Count > 0 && pay.OK == 0 && (dl == 0 || lat.P99 < dl) {
		// "the edge", as the sentence names the layers, defined at its first: "the lab" was
		// the tool itself elsewhere (newcomer 31), "the edge" bare defined in B alone (newcomer 30).
		// What acts first, where the deadline does not (newcomer 43 G-12).
		gives := fmt.Sprintf("the edge gives up by %s (p99) and answers the user", latency(lat.P99, lat.Count))
		if idle := s.DeadlineIdle(); idle != "" {
			gives += " (" + idle + ")"
		}
		return fmt.Sprintf("; %s, yet %s", gives, work)
	}
	return "; " + work
}

// hopSum writes the hops' work after the users were answered as the sum it is: "88 + 352 + 729".
func hopSum(s *lab.Snapshot) string {
	parts := make([]string, len(s.Hops))
	for i, h := range s.Hops {
		parts[i] = fmtCount(h.AfterAnswer)
	}
	return strings.Join(parts, " + ")
}

// everyTry says how every try ends where none succeeds, in the table's words: "every try
// times out" where a timeout cuts each call (a hop that gives up answers 504, timed out too),
// "every try fails" where the dependency refuses or errs, the table's failed (newcomer 28:
// "every try fails" beside timed-out 88 and failed 0). Down a chain, the hops' tries are
// refused and only a timeout above them cuts the edge's: "every try times out" stood beside
// "it refuses each try".
func everyTry(r lab.RetryForecast) string {
	switch {
	case r.Refused && r.TimesOut:
		return "every try fails, the edge's by its timeout"
	case r.TimesOut:
		return "every try times out"
	}
	return "every try fails"
}

// edgeRetries says who retries, for both of narrateHops' cases and the tour's lesson: "only
// the edge retries" beside "at most 1" where the edge tries once too (review 41b M2: the
// spent case alone was fixed). Set to retry, the edge retries only a try that fails: with a
// dependency fast enough none does, and "at most 1" stands.
func edgeRetries(cfg lab.Config, r lab.RetryForecast) string {
	switch {
	case !cfg.Payment.Retry.Retries():
		return "nothing retries: the edge (" + lab.EdgeIs + ") tries once"
	case !r.Fails:
		return "only the edge (" + lab.EdgeIs + ") would retry, and its tries do not fail"
	}
	return "only the edge (" + lab.EdgeIs + ") retries"
}

// hopRetries is lab's HopRetriesSaid after a chain's calls per payment, with who retries
// (edge): "", before a call reaches hop 1; where the hops retried, no word of who retries
// "only"; "so" only where it is the cause, not for an edge set to try once, its setting's
// doing (review 48 #1).
func hopRetries(cfg lab.Config, s *lab.Snapshot, edge string) string {
	said, retried := s.HopRetriesSaid()
	switch {
	case said == "":
		return ""
	case retried:
		return ", " + said
	case !cfg.Payment.Retry.Retries():
		return ", " + said + "; " + edge
	}
	return ", " + said + ", so " + edge
}
