// What the screen shows of the lab, as items it draws without knowing what they are: the
// settings in force, the health of the run, and the words the help defines. The lab's core
// (the pool, the dependency, the traffic) gives its own here; each mechanism registers its
// own, and each surface lists them all in rank order.

package lab

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"poollab/knee"
)

// SettingsItems are the settings in force, each with its name (the longer words where w, the
// screen's width, has room), in the order the settings panel shows them.
func SettingsItems(c Config, s *Snapshot, w int) []Item {
	var out []Item
	for _, f := range ranked(coreSettings, func(m *mechanism) []part[func(Config, *Snapshot, int) []Item] { return m.settings }) {
		out = append(out, f(c, s, w)...)
	}
	return out
}

// coreSettings are the settings of the lab's core: its pool, its dependency and its traffic.
var coreSettings = slices.Concat(
	at(10, func(c Config, _ *Snapshot, w int) []Item {
		// Beside the connection pool, whose pool it is (ConnPoolLabel): "worker pool 20".
		if c.Payment.Connections.PerRoute > 0 {
			return []Item{{Label: "worker pool", Value: strings.TrimSuffix(poolSetting(c.Pool, w), " workers")}}
		}
		return []Item{{Label: "pool", Value: poolSetting(c.Pool, w)}}
	}),
	at(20, func(c Config, _ *Snapshot, w int) []Item {
		items := []Item{{Label: "queue", Value: c.Pool.queueSetting(), Off: c.Pool.Queue == 0, Core: true}}
		if forms := c.Pool.queueLimit(); forms != nil {
			items = append(items, Item{Label: "waits", Value: fittingValue("waits", w, forms...)})
		}
		return items
	}),
	at(60, func(c Config, _ *Snapshot, w int) []Item {
		// Down or failing, it is the cause of every failure on the screen: Strong, as a stall
		// is (one line kept "pool · queue · timeout" and dropped it, newcomer 19).
		d := c.Dependency
		broken := d.Mode.Fails()
		mode := ModeShort(d)
		stalls := d.Stalls()
		if d.Mode == ModeHealthy && (stalls || d.Knee > 0) {
			// "healthy" gone where a stall or a knee says when it is not: "dependency healthy
			// 1ms" beside "dependency stalls 1s at 5s" read as a contradiction (newcomer 56),
			// "healthy 50ms ±10ms" above "now 64, 328ms each" as a dependency that was not
			// healthy (newcomer 22).
			mode = d.latencyWords(d.HealthyLatency)
		}
		if d.Knee > 0 && !broken {
			// Its latency holds only so far. The knee item says what comes after; "healthy"
			// gone, it costs four columns, and the postmortem's settings keep their rows at 80
			// and 120 columns. Up to the knee's calls, said as
			// calls: "to the knee" came before the knee's item said what one is (newcomer 52);
			// "at once" where there is room, as the knee's item says it. What holds with so
			// many: "up to 25 calls" read as a cap beside "now 63" (newcomer 56), and so did
			// "with ≤25 calls" beside 64 at once (newcomer 58): a condition, "if".
			if d.Mode == ModeHealthy { // a brownout's own words say when it is slow
				mode += " if ≤" + units(d.Knee, "call")
				if w >= 100 {
					mode += " at once"
				}
			}
		}
		// How the jitter is drawn, where there is room: "±10ms" alone left its spread to
		// guess (newcomer 37 #16); the help's "±" says it at any width.
		if w >= 100 && d.Jitter > 0 {
			mode = strings.Replace(mode, " ±", " uniform ±", 1)
		}
		if stalls {
			mode += ", stalls " + stallShort(d.Stall)
		}
		// Slower than every try may take, it is as much the cause (newcomer 25: the hops
		// compare's "every try fails" with the 3s it outlasts cut from the line); a stall,
		// the setting a measurement is about, is kept where a line is cut (newcomer 12).
		return []Item{{Label: "dependency", Value: mode, Strong: broken || stalls || c.RetryForecast().Fails, Given: true}}
	}),
	at(70, trafficSettings),
	at(90, func(c Config, _ *Snapshot, w int) []Item {
		if d := c.Dependency; d.Knee > 0 {
			// n named where it fits: "(n/25)^2" left n to guess (newcomer 50).
			curve := kneeCurve(d.Knee, d.KneeExponent)
			items := []Item{{Label: "knee", Value: fittingValue("knee", w, curve+", n = calls at once", curve)}}
			// The 25 is the postmortem's, the square the lab's: said where it costs no line,
			// the help says why (newcomer 85 G-MAJOR). Not of an exponent a run set itself.
			if knee.Exponent(d.KneeExponent) == knee.DefaultExponent {
				items = append(items, Item{Label: kneeSquare, Value: kneeSquareIs, Brief: kneeSquareBrief, Tail: true})
			}
			return items
		}
		return nil
	}),
	at(100, func(_ Config, s *Snapshot, w int) []Item {
		if len(s.Chain) == 0 {
			return nil
		}
		// Named as the table names the class (the postmortem's "orders").
		stages := slices.Clone(s.Chain)
		if k := slices.Index(stages, enoughLeft); k >= 0 {
			stages[k] += " (" + enoughLeftNeeds(s) + ")"
		}
		label := s.Config.Traffic.Label(Payment) + " chain"
		chain := strings.Join(stages, " → ")
		// Its order said, and a hand-off's meaning, where they fit: neither was said on the
		// screen (newcomer 23: "handoff is not explained anywhere"). Beside enough-left's, what
		// the outer deadline link does on its own (newcomer 33), given up as the hand-off's is
		// where it does not fit (review 26).
		if k := handoffAt(stages); k >= 0 {
			stages[k] += " (" + handoffGloss(stages[k]) + ")"
		}
		if k := slices.Index(stages, deadlineLink); k >= 0 {
			stages[k] += " (" + deadlineDoes + ")"
		}
		// Whose the trap is: "does my library do this?" was the floor's first question
		// (newcomer 79 G-MAJOR); the help names the others.
		if k := slices.Index(stages, countsRejectionsName); k >= 0 {
			stages[k] += " (" + countsRejectionsWhose + ")"
		}
		glossed := strings.Join(stages, " → ")
		// Where it runs, too: on a worker, so what is turned away before one (rejected:pool,
		// :codel, :balancer) never meets the fallback, first as it is (newcomer 25: "if the
		// fallback is outermost, why does it not answer these rejections?"), by the table's
		// words ("what is turned away before a worker" was hard to parse, newcomer 26; "for
		// want of a worker", starving's, left out CoDel's, review 16 #14).
		const onWorker = "on a worker, outermost first"
		// None where none can be turned away: beside an unbounded queue, "one rejected:pool"
		// raised a question the lab cannot (newcomer 28). The outcome alone, as the table's
		// column: "one rejected:pool" read as a count, one request (newcomer 31).
		forms := []string{onWorker + ": " + glossed, "outermost first: " + glossed, onWorker + ": " + chain, "outermost first: " + chain, chain}
		// Where that is too wide (a fleet's bulkhead beside CoDel: three reasons), in the
		// table's columns' names, "on a worker" left out as the shorter forms leave it.
		if before := beforeChainWords(s); before != "" {
			if len(s.Chain) > 0 && s.Chain[0] == FallbackLabel {
				// Said of the fallback, beside it: "(rejected:pool never reaches it: …):
				// fallback → …" left "it" the chain or the fallback (newcomer 63 G3). What
				// they get instead of its reply, in the report's words: shared-pool's screen
				// never said it, only the compare (newcomer 50).
				unreached := func(said string) string {
					return FallbackLabel + " (" + said + ")" + strings.TrimPrefix(glossed, FallbackLabel)
				}
				forms = append([]string{onWorker + ": " + unreached(errorBeforeChain(before)), "outermost first: " + unreached(errorBeforeChain(before)),
					onWorker + ": " + unreached(fallbackNeverReachedBy(before)), "outermost first: " + unreached(fallbackNeverReachedBy(beforeChainColumns(s)))}, forms...)
			} else {
				forms = append([]string{onWorker + " (" + before + " never reaches it): " + glossed,
					"outermost first (" + beforeChainColumns(s) + " never reaches it): " + glossed}, forms...)
			}
		}
		value := fittingValue(label, w, forms...)
		items := []Item{{Label: label, Value: value, Spare: true}} // it follows from the settings
		// The bystanders' own work, beside the payments' chain: a signup calls nothing, which
		// the lesson rests on and no other line says (newcomer 13); a health check does no
		// work at all, and fails only for want of a worker in time (newcomer 25: "nothing says
		// what a health check does or costs"). Its timeout only where it can wait for one: "timed
		// out after 1s without one" beside "queue none" asked what could take 1s (newcomer 26).
		if s.Active(Signup) {
			label, work := s.Config.Traffic.Label(Signup), FmtDur(s.Config.Signup.Work.D())+" of local work, calls nothing"
			items = append(items, Item{Label: label, Value: fittingValue(label, w, measuredWork(s, Signup, work, "", true)...), Spare: true})
		}
		if s.Active(Health) {
			// "if", not "when", leaves room at 120 columns for its p50 and how late it was sent.
			fails := RejectPool.Word() + " if none is free"
			if s.Config.Pool.Queue.Holds() {
				fails = "timed out after " + FmtDur(s.Config.Health.Timeout.D()) + " without one"
			}
			label, work := s.Config.Traffic.Label(Health), "answered at once on a worker, calls nothing; "+fails
			// Without "calls nothing", which "at once" implies, where that makes room to say whose
			// its time to a worker is.
			brief := "answered at once on a worker; " + fails
			// Its lateness defined here only where the signups' line has not.
			define := !s.Active(Signup) || s.Classes[Signup].Latency.Count == 0
			items = append(items, Item{Label: label, Value: fittingValue(label, w, measuredWork(s, Health, work, brief, define)...), Spare: true})
		}
		return items
	}),
)

// ToWorkerIn names, wherever the screen gives its figure, the wait from a request's scheduled
// arrival until a worker had it: the load generator's lag, then dispatch, the lab's own and no
// queue's. Earlier names: "the lab's send delay" left from when to guessing (newcomer 47 #2),
// "the wait from due" read as the system's (newcomer 48 G-minor-2), "the lab's delay from due"
// as a riddle, and "(lab) sent late by" as a second name for the generator lag, "how late the
// lab sent", of which it is only the first part (newcomer 58 W). Where a line has room,
// SendDelayMeans says from when to when.
const ToWorkerIn = "to a worker in"

// TimeToWorker is ToWorkerIn where a sentence needs a noun: what a latency timed from the
// scheduled arrival takes in ("so the time to a worker too"), by the same words.
const TimeToWorker = "the time to a worker"

// waitAll is what the n workers busy with a payment and not calling wait for on them, where
// all n wait in one phase: "waiting for a connection"; "" otherwise.
func (s *Snapshot) waitAll(n int) string {
	if k, in := s.WaitingBeforeCall(); k == n && in != PhaseWork {
		return in.Words(false)
	}
	return ""
}

// SendDelayMeans is what ToWorkerIn measures, said beside it where it first shows and there is
// room, and in the help.
const SendDelayMeans = "scheduled arrival → on a worker"

// toWorkerOwn says whose ToWorkerIn's time is, after its figure where the line has room: the
// lab's (its generator's lag, then its dispatch to a worker, on this machine), no queue's, in
// the words of the footer's "the lab's own measures": a health check that does nothing
// taking 500µs to reach a worker read as the pool's cost (newcomer 64). "Overhead": "the
// lab's own" alone left its own what to guess (newcomer 65 G-minor 01).
const toWorkerOwn = ", lab overhead"

// measuredWork are the forms of a bystander's work, set, longest first: beside it, where no
// queue adds its wait, what the table's p50 measured and the p50s of the parts that made it
// longer than the work set, from the run's own measures of the requests it is of, in the
// order they happen: how late it was sent to a worker, then how far the work, a sleep, ran
// past the time set (a health check's, on a worker, sets none) ("2ms of local work" beside a
// p50 of 2.9ms, "answered at once" beside 752µs, newcomer 34 #12). Each a p50 of its own:
// p50s do not add up, so none is said as a part of the p50 ("+716µs the lab's own sending"
// was the p50 less the service's, review 29 lab #8). The work alone where the p50 reads as set.
// define: where it is first on the screen, the longest form also says what it measures.
// brief: the work in fewer words, for a form that says whose the time to a worker is (""
// none).
func measuredWork(s *Snapshot, cl Class, work, brief string, define bool) []string {
	cs := s.Classes[cl]
	if s.Pool.HasQueue() || cs.Latency.Count == 0 {
		return []string{work}
	}
	set := time.Duration(0)
	if cl == Signup {
		set = s.Config.Signup.Work.D()
	}
	p50 := FmtLatency(cs.Latency.P50)
	if set > 0 && p50 == FmtLatency(set) {
		return []string{work}
	}
	late := " p50 " + FmtLatency(cs.Waited.P50)
	// What the sleep is, the work, and past what it ran: "the 2ms sleep overran" was defined
	// only in the help (newcomer 54), "the timer's lateness" left which timer to guess
	// (newcomer 38 G14). The work's 2ms is the line's start: said again, the signup's line
	// had no room at 120 columns for whose lateness (newcomer 56 #1).
	ran := ")"
	switch over := cs.Service.P50 - set; {
	case set == 0:
		ran = "; on a worker p50 " + FmtLatency(cs.Service.P50) + ")"
	case over > 0 && FmtLatency(set+over) != FmtLatency(set):
		ran = "; the work, a sleep, ran p50 " + FmtLatency(over) + " over)"
	}
	head := func(work string) string { return work + " (p50 " + p50 + "; " + ToWorkerIn + late }
	var forms []string
	if define { // from when to when, with room, before how far the work ran over
		forms = append(forms, head(work)+": "+SendDelayMeans+toWorkerOwn+ran)
	}
	if ran != ")" {
		forms = append(forms, head(work)+toWorkerOwn+ran, head(work)+ran)
	}
	forms = append(forms, head(work)+toWorkerOwn+")")
	if brief != "" {
		forms = append(forms, head(brief)+toWorkerOwn+")")
	}
	return append(forms, head(work)+")", work)
}

// poolSetting is the pool's settings item: its size, and how it scales, by its rule:
// "scaling to 64 on queue length" left what length to guessing (newcomer 34 #27). It grows
// on any wait (engine's autoscale), so the rule names none; and shrinks once a step's
// worth of workers stayed free a whole period, said where a line of w has room (review 29
// lab #10: half the rule, beside a pool falling back toward 8 after the peak), else in the
// help. The period said: "while 4 stay free" beside "idle 9" and no shrink read as a
// contradiction, where 9 were idle at one instant, not the whole 200ms (newcomer 39 G11).
func poolSetting(p PoolConfig, w int) string {
	a := p.Autoscale
	if a.Max == 0 {
		return fmt.Sprintf("%d workers", p.Workers)
	}
	grows := fmt.Sprintf("%d→%d workers, +%d every %s while any wait", p.Workers, a.Max, a.Step, FmtDur(a.Every.D()))
	if narrow(w) {
		return grows
	}
	return fmt.Sprintf("%s, −%d if %d stayed free the whole %s", grows, a.Step, a.Step, FmtDur(a.Every.D()))
}

// trafficSettings is the traffic: how it is sent, and each class's rate in force (a fleet's
// health checks are its balancer's, at its own settings).
func trafficSettings(c Config, s *Snapshot, w int) []Item {
	settings := func(long bool) (rates []string) {
		for _, cl := range Classes {
			if !s.Active(cl) {
				continue
			}
			if s.Fleet != nil {
				rates = append(rates, fleetRateSetting(s.Config, s, cl, w, long))
				continue
			}
			rates = append(rates, rateSetting(c, s, cl, long))
		}
		return rates
	}
	label := "traffic"
	if s.Fleet != nil {
		label = "traffic to the fleet" // the stream is the balancer's to share out, not each replica's
	}
	// A profile step by step wherever the line has room, at 80 columns too: there, with no
	// arrivals chart, "150/s (from 35s, was 500/s)" left the first 5s at 150/s and the step
	// at 5s to guess, and with them the count arrived (newcomer 74 G-minor 2).
	rates := settings(true)
	line := func(rates []string) string { return trafficMode(c.Traffic) + strings.Join(rates, ", ") }
	items := []Item{{Label: label, Value: fittingValue(label, w, line(rates), line(settings(false))), Given: true}}
	if c.Traffic.Mode != Closed && c.Traffic.Arrivals == Poisson && len(rates) > 0 {
		// Said once, beside the set rates: the measured ones (the table's /s rows, the
		// charts) scatter around them, by chance alone, and the seed says which chance. What
		// it fixes, where it shows: a fixed seed beside counts and latencies that differ run
		// to run read as a lab that does not repeat itself (newcomer 34 #19).
		// A gloss of the arrivals, for the screen to place: at the end of their line where it
		// costs no line, else where the screen has lines to spare.
		// Aside, last where a line is cut, after the queue and timeout too: a preset's own
		// seed hid fleet-domino's 3s (newcomer 73 W4), semaphore-bulkhead's "queue none".
		// Briefly where a line of whole settings needs it: fleet-domino's at 80x24 took a line
		// of its own, its charts' (newcomers 84 and 85).
		arrivals := Item{Label: "arrivals", Value: fmt.Sprintf("at random (Poisson, seed %d)", c.Traffic.Seed),
			Brief: fmt.Sprintf("Poisson, seed %d", c.Traffic.Seed), Aside: true}
		// A compare's halves share the seed, and a line in one costs both.
		seed := Item{Label: "the seed", Value: "fixes arrival times; timing is measured, so it varies run to run",
			Brief: "fixes arrivals, not timing", Tail: true, Spare: true, Shared: true}
		items = append(items, arrivals, seed)
	}
	if even, brief, joined := evenArrivals(c, s); even != "" && len(rates) > 0 {
		// A gloss of the traffic, at the end of its line, never on a line of its own: the line
		// it took cost closed-vs-open's halves their charts at 120x36, and A's its ladder note.
		items = append(items, Item{Label: "arrivals", Value: even, Brief: brief, Joined: joined, Tail: true})
	}
	return items
}

// evenArrivals says how arrivals come where they are not at random, then in fewer words,
// then in fewer still to follow the rates themselves (joined, "payment 100/s evenly spaced":
// "· arrivals evenly spaced" did not fit open-loop's line at 80 columns, newcomer 64; ""
// none): closed loop's due on an even grid, each sent after its user's reply, or evenly
// spaced; "" at random or with no traffic. Said as the Poisson ones are: open-loop's
// "traffic payment 100/s" beside exactly 100/s measured left the process to guess
// (newcomer 35 #17).
func evenArrivals(c Config, s *Snapshot) (even, brief, joined string) {
	total, active := 0.0, 0
	for _, cl := range Classes {
		if r := c.Traffic.RateAt(cl, s.Elapsed); r > 0 {
			total, active = total+r, active+1
		}
	}
	if total == 0 {
		return "", "", ""
	}
	gap := FmtDur(time.Duration(float64(time.Second) / total))
	switch {
	case c.Traffic.Mode == Closed:
		whose := "its user's"
		if c.Traffic.Users == 1 {
			whose = "the"
		}
		// Briefly what makes the loop closed, not the gap, which the rate beside it gives: at
		// 80 columns "due every 10ms" alone lost it (newcomer 62).
		return "due every " + gap + ", each sent after " + whose + " last reply", "sent after " + whose + " last reply", ""
	case c.Traffic.Arrivals != Uniform:
		return "", "", ""
	case active > 1: // each class on its own even steps
		return "evenly spaced, each class one every 1/rate", "evenly spaced", "each evenly spaced"
	}
	return "evenly spaced, one every " + gap, "evenly spaced", "evenly spaced"
}

// rateSetting is a class's rate in force, marked when a profile moves it: with each step
// (long), else when the rate holds.
func rateSetting(c Config, s *Snapshot, cl Class, long bool) string {
	r := c.Traffic.Label(cl) + " " + FmtFloatRate(c.Traffic.RateAt(cl, s.Elapsed))
	if words := c.Traffic.profileWords(cl, long, s.Elapsed); words != "" {
		r += " " + words
	}
	return r
}

// fleetRateSetting is a class's rate in a fleet: the stream's, but the balancer's checks
// are its own, one every check_every to each replica it checks (not a drained one), so the
// fleet's configured sum is not what arrives while a replica is drained.
func fleetRateSetting(c Config, s *Snapshot, cl Class, w int, long bool) string {
	if cl != Health {
		return rateSetting(c, s, cl, long)
	}
	rate := " " + FmtPerSec(1/c.Fleet.CheckEvery.D().Seconds())
	// Where it says "to each", the checks by name: "health 10/s to each replica" after
	// "payment 24/s, signup 80/s" read as every class's (newcomer 59).
	label := c.Traffic.Label(cl)
	if narrow(w) {
		return label + rate + " a replica"
	}
	each := " to each replica"
	if c.Fleet.Drain.Replica > 0 {
		each += " but a drained one"
	}
	return Plural(label) + rate + each
}

// ProfileSteps is c's profile in words, each step ("(profile: 150/s, 500/s at 5s, 150/s at
// 35s)"), "" without one: a rate chart's title, whose rows are too coarse to read 150 from
// 200 (newcomer 15). It titles the whole run, so never one moment's words: past
// stepsSaid, where it starts and how many steps (review 18: "(until 5s, then 500/s)" at 40s).
func (t TrafficConfig) ProfileSteps(c Class) string {
	if steps := t.Profile(c); len(steps) > stepsSaid {
		return fmt.Sprintf("(profile from %s, %d steps)", FmtFloatRate(t.RateAt(c, 0)), len(steps))
	}
	return t.profileWords(c, true, 0)
}

// stepsSaid is the most steps a profile is said step by step.
const stepsSaid = 4

// profileWords says c's profile: with room (long) each step, "(profile: 150/s, 500/s at 5s,
// 150/s at 35s)", else when the rate in force at elapsed holds and what it steps from or to
// (profileNow); "" without a profile.
func (t TrafficConfig) profileWords(c Class, long bool, elapsed time.Duration) string {
	steps := t.Profile(c)
	switch {
	case len(steps) == 0:
		return ""
	case !long || len(steps) > stepsSaid:
		return t.profileNow(c, elapsed)
	}
	words := make([]string, len(steps))
	for i, st := range steps {
		words[i] = FmtFloatRate(st.Rate)
		if st.At > 0 {
			words[i] += " at " + FmtDur(st.At.D())
		}
	}
	return "(profile: " + strings.Join(words, ", ") + ")"
}

// profileNow says when c's rate in force at elapsed holds and what it steps from or to,
// briefly: "(5s–35s, else 150/s)", "(until 5s, then 500/s)", "(from 35s, was 500/s)".
// "(profile from 150/s)" left when the jump came, and that it ends, to a chart an 80x24
// screen has no room for (newcomer 28).
func (t TrafficConfig) profileNow(c Class, elapsed time.Duration) string {
	since, _ := t.StepAt(c, elapsed)
	var from, until, was, then string // "" : none
	if since > 0 {
		from, was = FmtDur(since), FmtFloatRate(t.RateAt(c, since-1))
	}
	for _, st := range t.Profile(c) {
		if st.At.D() > elapsed {
			until, then = FmtDur(st.At.D()), FmtFloatRate(st.Rate)
			break
		}
	}
	var words []string
	switch {
	case was != "" && then != "":
		words = append(words, from+"–"+until)
		if was == then && t.levels(c) == 2 {
			// "Else" claims every other time: only of a profile with one other level
			// (review 18: 100/s, 150/s, 500/s, 150/s is not 150/s before 3s).
			words = append(words, "else "+was)
		} else {
			words = append(words, "was "+was, "then "+then)
		}
	case was != "":
		words = append(words, "from "+from, "was "+was)
	case then != "":
		words = append(words, "until "+until, "then "+then)
	default:
		return ""
	}
	return "(" + strings.Join(words, ", ") + ")"
}

// levels is how many rates c's run holds, over its profile and the rate before its first step.
func (t TrafficConfig) levels(c Class) int {
	steps := t.Profile(c)
	rates := map[float64]bool{}
	if len(steps) == 0 || steps[0].At > 0 {
		rates[t.Rate(c)] = true
	}
	for _, st := range steps {
		rates[st.Rate] = true
	}
	return len(rates)
}

// trafficMode heads the traffic setting in closed mode: "closed loop, 1 user: ".
func trafficMode(t TrafficConfig) string {
	if t.Mode != Closed {
		return ""
	}
	s := "closed loop, " + UsersText(t.Users)
	if t.Think > 0 {
		s += " + " + FmtDur(t.Think.D()) + " think"
	}
	return s + ": "
}

// First is the first stall, how long and when: "1s at 5s".
func (st StallConfig) First() string { return FmtDur(st.For.D()) + " at " + FmtDur(st.FirstAt.D()) }

// stallShort is the stall setting: "1s at 5s", "1s at 5s, every 10s"; shorter than the
// report's words, to fit the settings panel.
func stallShort(st StallConfig) string {
	s := st.First()
	if st.Every > 0 {
		s += ", every " + FmtDur(st.Every.D())
	}
	return s
}

// ModeShort is the dependency's mode in a few words, with its latency (and its jitter).
func ModeShort(d DependencyConfig) string {
	switch d.Mode {
	case ModeHealthy:
		return "healthy " + d.latencyWords(d.HealthyLatency)
	case ModeSlow:
		return "slow " + d.latencyWords(d.Latency)
	case ModeDown:
		return "down (refuses)"
	case ModeErrors:
		return "errors (500 at once)"
	case ModeBrownout:
		return fmt.Sprintf("brownout (%s for %s, then healthy for %s)", d.latencyWords(d.Latency), FmtDur(d.Brownout.Slow.D()), FmtDur(d.Brownout.Healthy.D()))
	}
	return string(d.Mode) + " " + FmtDur(d.Latency.D())
}

// latencyWords is a latency of the dependency's with the jitter it is drawn with, if any:
// "50ms ±10ms", each call uniform in [40ms, 60ms] (before the knee stretches it). Without
// it, the postmortem's p99:service of 392ms stood above the knee's 328ms at 64 calls.
func (d DependencyConfig) latencyWords(l Duration) string {
	if d.Jitter <= 0 {
		return FmtDur(l.D())
	}
	return FmtDur(l.D()) + " ±" + FmtDur(d.Jitter.D())
}

// HealthItems are the dependency, the generator, the pool and the mechanisms over the run,
// each with the few words that say what it is (the longer words where w has room), in the
// order the health panel shows them.
func HealthItems(s *Snapshot, w int) []Item {
	var out []Item
	for _, f := range ranked(coreHealth, func(m *mechanism) []part[func(*Snapshot, int) []Item] { return m.health }) {
		out = append(out, f(s, w)...)
	}
	return out
}

// A Measure is one of the numbers by which the lab measures itself, not the lesson: how
// late its generator sent, how many goroutines it owns, and the wait for a worker where it
// is only the machine's delay. Every screen showing them at once took a reader's seconds
// (newcomer 29: the goroutines' upkeep, p99:dispatch's two meanings).
type Measure int

const (
	GeneratorLag Measure = iota + 1 // the health line: scheduled → sent, every arrival
	Goroutines                      // the health line: the goroutines the lab owns
	WorkerWait                      // the table's p99:wait: arrival → on a worker
	WaitParts                       // the table's p99:lag and p99:dispatch, the wait's parts
	ServiceTime                     // the table's p99:service: on a worker → answered
)

// Own says m is, on this run, only the lab's own measure, for the screen to show on request;
// false where the run's lesson rests on it: a closed loop's lag, which the requests it
// never sent are in none of; the goroutines where requests wait as goroutines (more than a
// round of the pool in an unbounded queue now: adaptive-limit's, emptied, is no lesson) or
// calls ran on orphaned; the wait for
// a worker where a request has waited in a queue (without one, or in a queue none has waited
// in, it is the machine's delay alone: fleet-bulkhead's queue of 100, which its bulkhead
// leaves empty, showed p99:wait 1.2ms for every class alike, the lab's late sending of
// them all, and read as one figure copied to each row, n41 W5).
// The wait's parts are always the lab's own: the lag is the generator's, the dispatch with a
// queue the queue's wait again. The service time goes with the wait: without a queue it
// differs from p99 only by the machine's delay, and beside p99 it asked what fills the gap
// (health's 1.1ms against 77µs "answered at once", newcomers 31 and 32, at 80x24 too).
func (s *Snapshot) Own(m Measure) bool {
	switch m {
	case GeneratorLag:
		return s.Config.Traffic.Mode != Closed
	case Goroutines:
		return !s.waitsAsGoroutines() && !(offWorker(s) && s.Orphans.Total > 0)
	case WorkerWait, ServiceTime:
		return !s.Pool.Waited()
	}
	return true
}

// waitsAsGoroutines says an unbounded queue held more than a round of the pool, each a
// goroutine blocked on it, now or in a second of the rates' window: over the window, not the
// instant, or the line came and went as the postmortem's queue crossed a round (review 21).
func (s *Snapshot) waitsAsGoroutines() bool {
	if !s.Pool.Unbounded {
		return false
	}
	round := s.Pool.QueueRound()
	recent := s.rateSeconds()
	return s.Pool.Queued > round || slices.ContainsFunc(recent, func(sec Second) bool { return sec.Queued > round })
}

// hungUpCounted says, where a socket timeout hangs up on the dependency's calls, how long
// its count holds one: until it drops the call at the hang-up, or, where it works on
// (dependency.ignore_cancel), until its work is done. "" where the lab hangs up on none, or
// on a chain's hop 1, whose line splits its calls by the hang-up.
func (s *Snapshot) hungUpCounted() string {
	if s.Config.Payment.Timeout.Kind != TimeoutSocket || len(s.Hops) > 0 {
		return ""
	}
	if s.Config.Dependency.StopsOnHangUp(s.Config.Dependency.Servers()) {
		return "a call counts till answered or hung up"
	}
	return "a hung-up call counts till done"
}

// fleetCalls labels a fleet's calls at its dependency, which every replica shares.
const fleetCalls = "calls at the one dependency now"

// coreHealth are the health items of the lab's core: the dependency, the pool, the balancer,
// the generator and the goroutines.
var coreHealth = slices.Concat(
	at(10, func(s *Snapshot, w int) []Item {
		label := "calls at the dependency now"
		switch {
		case len(s.Hops) > 0: // the lab calls the chain's first hop; the slow one is the last
			label = "calls at hop 1 now"
		case s.Fleet != nil:
			// Every replica calls one dependency (engine.startFleet): "calls at the dependency
			// now 48 (peak 80 at once)" left one each or one for all to guess (newcomer 70 G5).
			label = fleetCalls
		}
		// Hop 1 busier than the lab's workers in the call is work the lab hung up on: said,
		// or "workers 3/20 busy" beside 12 at hop 1 reads as a miscount (newcomer 14).
		orphans := ""
		if n := s.HopHungUp(); n > 0 {
			// Not "orphaned": that word is the lab's own calls running on off a worker
			// (timeout caller); these run on at hop 1, the lab's side of them ended.
			// Both parts, so they add up to the count: "20, 16 the edge hung up on" left the
			// other 4 to work out beside 6 payments in flight (newcomer 46).
			orphans = fmt.Sprintf(": %s tries the edge hung up on%s, %s it waits on", FmtCount(n), hungUpUsers, FmtCount(s.Dependency.InFlight-n))
		}
		// Short of room, whole items go, the count of calls first: cut, a compare half read
		// "(peak 64, 4996…", a number without its unit (newcomer 19).
		now := fmt.Sprintf("%d%s%s", s.Dependency.InFlight, dependencyLatency(s), orphans)
		// "At once": beside a chart of per-second means, "peak 100" read as a contradiction
		// of its top of 49 (newcomer 40 #6). Since when, and, where the lab hangs up, what it
		// counts: "peak 19 at once" beside "10 calls there at once on average" left whether
		// hung-up calls swelled it to a guess (newcomer 68 item 03). Short of room, "since 0s"
		// gives way before the count of calls.
		atOnce := fmt.Sprintf("peak %d at once", s.Dependency.PeakInFlight)
		calls := ", " + FmtCount(s.Dependency.Requests) + " calls"
		peak, peakBrief := atOnce+" "+SinceStart+calls, atOnce+calls
		forms := []string{fmt.Sprintf("%s (%s)", now, peak), fmt.Sprintf("%s (%s)", now, peakBrief), fmt.Sprintf("%s (%s)", now, atOnce),
			fmt.Sprintf("%s (peak %d)", now, s.Dependency.PeakInFlight), now}
		counts := s.hungUpCounted()
		if counts != "" {
			forms = append([]string{fmt.Sprintf("%s (%s; %s)", now, peak, counts)}, forms...)
		}
		if s.Dependency.PeakInFlight+s.Dependency.InFlight == 0 && s.Dependency.Requests == 0 { // "peak 0 at once, 0 calls" said a peak of nothing (review 34)
			forms = []string{now + " (no call yet)", now}
			none := "no call yet"
			if s.Config.Dependency.Mode == ModeDown { // "no call yet" beside 198 payments failed on it (a key storm)
				forms = []string{now + " (down: it refuses every connection, so no call reached it)", now + " (down: none reached it)", now}
				none = "down: none reached it"
			}
			peak, peakBrief, atOnce = none, none, none // and beside busy workers' why
		}
		// Fewer calls than workers busy with payments, said where it fits: "now 63" beside
		// "64/64 busy" read as a miscount (newcomer 25).
		if n := s.BusyNotCalling(); n > 0 {
			// A worker whose call is over and not yet counted is said so: "not calling"
			// read as a worker off its call beside ok 12524 of 12548 calls (newcomer 37 #17).
			// "Over", never "answered": the dependency's ended calls count those a socket
			// timeout cut too, and "its call answered" stood beside "none succeed" (newcomer 53).
			why, brief, both := ", not calling this instant", ", not calling", ""
			switch a, waiting := s.AnsweredUncounted(), s.waitAll(n); {
			case a == 0 && waiting != "":
				// What they wait for, where all do: "15 more workers busy, not calling this
				// instant" beside "c 15 of them waiting for a connection" read as 15 more,
				// unexplained (newcomer 54).
				why, brief = ", "+waiting, ", "+waiting
			case a == n && n == 1:
				why, brief = ", its call over, not yet counted", ", call over, not counted"
			case a == n:
				why, brief = ", their calls over, not yet counted", ", calls over, not counted"
			case a > 0:
				// Briefly, the ended ones alone: "+2 busy, not calling" said all of them
				// off a call beside the wider line's split (review 32 #5).
				why = fmt.Sprintf(": %d not calling this instant, %s over, not yet counted", n-a, units(a, "call"))
				brief = fmt.Sprintf(": %s over, not counted", units(a, "call"))
				// Both, where they fit: the ended ones alone left the rest to a guess
				// (review 33 #12).
				both = fmt.Sprintf(": %s over, %d not calling", units(a, "call"), n-a)
			}
			more := units(n, "more worker") + " busy" + why
			// Briefly before the peak at 80 columns, where "now 63" beside "64 busy" stood
			// unexplained (newcomer 27), and more briefly before it in a compare half, where
			// the retry budget's "now 8" stood beside "10/20 busy" (newcomer33 29).
			short := []string{fmt.Sprintf("%s (%s; %s)", now, peak, more), fmt.Sprintf("%s (%s; %s)", now, peakBrief, more), fmt.Sprintf("%s (%s)", now, more)}
			if counts != "" { // what a call counts goes with the workers' why where both fit (review s86a), briefly at 120 columns
				short = append([]string{fmt.Sprintf("%s (%s; %s; %s)", now, peak, more, counts), fmt.Sprintf("%s (%s; +%d busy%s; %s)", now, peakBrief, n, brief, counts),
					fmt.Sprintf("%s (%s; +%d busy%s; %s)", now, atOnce, n, brief, counts)}, short...)
			}
			if both != "" {
				short = append(short, fmt.Sprintf("%s (+%s busy%s)", now, units(n, "worker"), both))
			}
			forms = append(append(short, fmt.Sprintf("%s (+%s busy%s)", now, units(n, "worker"), brief), fmt.Sprintf("%s (+%d busy%s)", now, n, brief)), forms...)
		}
		// Orphaned calls running now say who holds the calls (a thread pool's threads, with
		// every worker free): the peak gives way first, so they share its line (newcomer 29:
		// threadpool-bulkhead at 80x24 lost "orphaned calls 5 running").
		room := w
		if o := orphanHealth(s, w); len(o) > 0 && s.Orphans.InFlight > 0 {
			room -= len([]rune(" · " + o[0].Phrase()))
		}
		// The hang-ups' users outlast the peak and the busy workers' why: without them the
		// count read as the boxes' work after the answer (newcomer 63 G12).
		if orphans != "" {
			for _, f := range forms {
				forms = append(forms, strings.Replace(f, hungUpUsers, "", 1))
			}
		}
		return []Item{{Label: label, Value: fittingValue(label, room, forms...)}}
	}),
	at(20, func(s *Snapshot, w int) []Item {
		const label = "pool full (no free worker)"
		if fs := s.Fleet; fs != nil && len(fs.Replicas) > 0 {
			// A fleet's own full time is every replica full at once; one replica is full far
			// longer, and that is the one whose checks fail.
			most := 0
			for i, r := range fs.Replicas {
				if r.Pool.FullFor > fs.Replicas[most].Pool.FullFor {
					most = i
				}
			}
			if fs.Replicas[most].Pool.FullFor == 0 {
				return []Item{{Label: label, Value: "never on any replica, in " + FmtElapsed(s.Elapsed), Spare: true}}
			}
			longest := FmtElapsed(fs.Replicas[most].Pool.FullFor)
			// Full said of the replicas: "every replica at once 0.6s" read oddly (newcomer 64);
			// how many: every one, drained or pulled too, not those in rotation only (newcomer
			// 65 G-minor 14: "all" beside r1 drained since 5s).
			at := FmtElapsed(s.Pool.FullFor)
			all, of := fmt.Sprintf("all %d replicas full at once %s", len(fs.Replicas), at), "of "+FmtElapsed(s.Elapsed)
			allBrief := fmt.Sprintf("all %d full at once %s", len(fs.Replicas), at)
			// Never cut: at 80 columns the whole cut off at "every replica at onc…" (newcomer 34
			// #32); the run's length, on the title line too, gives way before all replicas'.
			r := fmt.Sprintf("r%d the longest, %s", most+1, longest)
			return []Item{{Label: label, Value: fittingValue(label, w,
				fmt.Sprintf("the longest, replica r%d, %s; %s; %s", most+1, longest, all, of),
				r+"; "+all+"; "+of, r+"; "+all, r+"; "+allBrief, r+", "+of), Spare: true}}
		}
		// Every spell added up: beside "first full at ~2.0s" and "20/20 busy now", 1.5s of 6s
		// read as a contradiction (newcomer 12) where the pool fills and frees by turns.
		full, of := FmtElapsed(s.Pool.FullFor), FmtElapsed(s.Elapsed)
		short := full + " in all, of " + of
		if s.Pool.FullFor == 0 {
			return []Item{{Label: label, Value: short, Spare: true}}
		}
		// The instant the narrator gives, said as this total's start: "first full at 2.3s"
		// beside "2.5s in all" read as two answers to one question (newcomer 64).
		inAll, spells := " in all, of ", "every spell added up"
		first := "" // the instant it first filled, in the narrator's form, where it has
		if ff := s.Pool.FullFrom; ff > 0 {
			first = FmtSecs(ff)
			inAll, spells = " in all (first at "+first+"), of ", spells+", the first at "+first
		}
		forms := []string{full + " in all (" + spells + "), of " + of, full + inAll + of, short}
		var lesson []string // the line's forms beside which the gap is said, where there is one
		var cause []Item    // the gap past chance, which of the two is off, and why
		var band *Item      // what the ± beside the arrivals expected is, where it is printed
		// Beside it, with no queue, the share of arrivals that found it so: random arrivals
		// see it full as often as it is, over a long run, not over 8s (newcomer 34 #11: 3.4s
		// full at 16/s read as 54 turned away beside 35; seed 127 drew few in those spells;
		// seeds 1–40 turn away 0.96 of what full time × rate gives at 8s, sd 0.13, within
		// chance of an ideal loss system's 1.00, measured over 2,000 seeds).
		if c := s.Config; !s.Pool.HasQueue() && c.Traffic.Mode != Closed && c.Traffic.Arrivals == Poisson {
			arrived, rejected := s.Arrived(), s.TurnedAway(RejectPool)
			if arrived > 0 {
				// Found it full: with no queue, every rejected:pool and only those.
				share := FmtShare(float64(rejected)/float64(arrived), arrived)
				// Its window said beside the share: "31% of arrivals" stood beside the narrator's
				// "in 3–8s payments 37%" with only the table's footnote between (newcomer 58 G1).
				const since = " " + SinceStart
				clock, found := FmtShare(elapsedAsShown(s.Pool.FullFor)/elapsedAsShown(s.Elapsed), 1), share+" of arrivals"+since+" found it full"
				shares := []string{clock + " of the time; " + found}
				// Where the two meet, not only that they do: "43% of the time" beside "30% of
				// arrivals" left the reader to pick one (newcomer 37 #4); which two meet, said
				// ("(long run: both 38%)" asked both what, newcomer 38 G5), and why where it fits.
				// Not after a settings change: the shares are then of more than one setting,
				// the forecast of the one in force ("44% … (long run: both 0%)", review 32 #19).
				var with []string
				if c.Traffic.steady() && s.Fleet == nil && !s.SettingsChanged {
					long := fmt.Sprintf("%.0f%%", 100*c.Forecast().LongRunLoss())
					// The long run beside the shares so far only with what keeps them apart:
					// both include the seconds before the pool first filled, when none found
					// it full ("30% of arrivals (long run: 38% of both)" read as the long run's
					// 38% × 6.4/8 of the warm-up, newcomer 43 W-MAJOR-1); where that does not
					// fit, no long run: the narrator gives it, warm-up said.
					var before string
					if first != "" {
						before = "; so far both include the " + first + " before it first filled"
					}
					meet := fmt.Sprintf("over a long run the two meet at %s: random arrivals see the pool as a clock does%s", long, before)
					shares = []string{
						fmt.Sprintf("%s of the time; %s (%s)", clock, found, meet),
						fmt.Sprintf("%s of the time; %s (the two meet over a long run)", clock, found),
						fmt.Sprintf("%s; %s", clock, found),
					}
					// A gap chance explains, said so: "43%; 30% of arrivals" over 8s invited
					// the comparison and left it unexplained (newcomer 39 G4).
					// The run's rate as printed, so the product of the factors shown is the
					// figure shown (review 37 m4: 14.8/s for 14.75/s could put it 1 off).
					rate := shownPerSec(float64(arrived) / elapsedAsShown(s.Elapsed))
					g := fullGapOf(rejected, s.Pool.FullSpells, elapsedAsShown(s.Pool.FullFor), rate)
					// What the verdict weighs, in words and figures: the arrivals in the full
					// time against what its seconds hold at the run's rate, a like basis the
					// warm-up touches alike ("by a 1-in-31 chance" asked "of what?", newcomer
					// 43 W-MAJOR-1); past 2 spreads how rare (newcomer 41 W2), within them
					// chance said bare (newcomer 39 G4).
					some := fmt.Sprintf("%s of %s", FmtCount(rejected), FmtCount(arrived))
					// ± the band chance keeps 19 draws in 20 within, where the verdict is drawn: one
					// square root read as the band, and 48 off beside "867±29 expected: within
					// chance" as wrong (review 44b).
					// The ± said on the screen, where a line has room: "±17" was defined only in
					// the help (newcomer 56 #2).
					pm := fmt.Sprintf("±%.0f", g.band)
					expected := fmt.Sprintf("%s × %s ≈ %s", full, FmtPerSec(rate), g.dueShown())
					// The rate's origin, where it fits: "14.4/s" bare was not said to be 115
					// arrivals ÷ 8.0s (newcomer 66); its 8.0s says the run's length, so the
					// form beside it need not say "of 8.0s" too.
					ratedExpected := fmt.Sprintf("%s × %s (%s ÷ %s) ≈ %s", full, FmtPerSec(rate), FmtCount(arrived), of, g.dueShown())
					product, rated := expected+pm, ratedExpected+pm
					band = &Item{Label: pm, Value: fittingValue(pm, w, g.bandMeans()...), Spare: true}
					verdict, short := "within chance", "within chance"
					switch {
					case share == clock || !g.said:
						verdict = ""
					case g.race || (s.TooBusy() && g.more && g.odds > 0):
						// More than chance gives, and no more than one a spell: the arrivals
						// that reached the pool just before the worker that ended a spell freed
						// (newcomer 42 W3), or, busy, the late bunches. The lesson first, the
						// two shares beside Erlang B's, and the gap under it on lines of its
						// own, as the lab's: "…≈ 837±58 expected: beyond chance" on the
						// lesson's line read as the lab disagreeing with its own Erlang B and
						// PASTA (newcomer 60 G-MAJOR).
						verdict = ""
						erlang := "Erlang B: " + long + " for both"
						lesson = []string{
							fmt.Sprintf("%s"+inAll+"%s: %s of the time; %s arrivals"+since+" (%s) found it full; %s, as random arrivals find it full as often as it is", full, of, clock, some, share, erlang),
							fmt.Sprintf("%s of %s (%s of the time); %s arrivals"+since+" (%s) found it full; %s", full, of, clock, some, share, erlang),
							fmt.Sprintf("%s of %s (%s); %s arrivals (%s) found it full; %s", full, of, clock, some, share, erlang),
							fmt.Sprintf("%s (%s); %s (%s) found it full; %s", full, clock, some, share, erlang),
						}
						with = append(with, lesson...)
						// Which of the two is off, first (newcomer 57 W-MAJOR), then the
						// figures it is judged by: the arrivals the full time holds at the
						// run's rate, the count above them, and chance's band.
						count, gap := FmtCount(rejected), FmtCount(int64(math.Round(float64(rejected)-dueAsShown(g.due))))
						// The arrivals, with the rate's origin first, then without it.
						helds := []string{ratedExpected + " arrivals", expected + " arrivals"}
						figures := func(held string) string { return fmt.Sprintf("%s, ~%s under %s", held, gap, count) }
						past := fmt.Sprintf(", past chance's ±%.0f = 2√%s", g.band, g.dueShown())
						// The clock: an ideal loss system fed loss-system's own arrivals and
						// hold times (seeds 1–6) turns away as many as the lab, within a
						// point, and is full 1–3 points longer; a raced arrival is turned
						// away, its worker then idles until the next, which takes it where
						// the model turns that one away.
						off, why := "the "+full+" reads a little short:", []string{
							// Said as what happens, which goes first, not as a fault: "in this lab
							// one … is turned away a moment too soon" asked whether the lab was
							// wrong (newcomer 64).
							"an arrival due just as a worker's reply comes in reaches the pool a moment before the reply releases the worker: it goes first, finds none free and is turned away, and that worker sits idle until the next arrival, time an ideal pool would be full",
							"an arrival and a worker's release at one instant: the arrival goes first, turned away; that worker then sits idle",
							"a release and an arrival at once: the arrival goes first, turned away; the worker sits idle",
							"an arrival and a release at one instant: the arrival goes first",
						}
						if s.TooBusy() {
							// Late in bunches, the rest of a bunch finds full what its first
							// filled, in no time on the clock: that outweighs the race, and
							// explains more than one a spell as well (review 36 minor 3).
							figures = func(held string) string { return fmt.Sprintf("~%s over %s", gap, held) }
							off, why = "the "+count+" are too many:", []string{
								"the busy machine sent arrivals late, in bunches: the rest of a bunch finds full what its first filled, in no time on the clock",
								"the busy machine sent arrivals late, in bunches: the rest of a bunch finds full what its first filled",
								"the busy machine sent arrivals late, in bunches",
							}
						}
						cause = []Item{
							{Label: off, Value: fittingValue(off, w, figures(helds[0])+past+" (19 draws in 20 fall within it)", figures(helds[0])+past, figures(helds[1])+past, figures(helds[0]), figures(helds[1])), Spare: true},
							{Label: "why:", Value: fittingValue("why:", w, why...), Spare: true},
						}
					case g.odds > 0:
						// The seed's draw, said: "1 run in 32 is as far off" read as a
						// warning that the lab misbehaves (newcomer 44 g1), and beside the
						// narrator's warm-up as a second expectation for the count (newcomer
						// 45 W2); seeds 1–40 turn away 0.96 of full time × rate at 8s, and seed
						// 127 (the old default) few: the arrival times it fixes fall outside the full spells.
						few := "few"
						if g.more {
							few = "many"
						}
						// How rare, one way, as "so few" says it (review 38 M1: two-sided
						// odds beside "as few" were half as rare as said); "1 in 32" bare
						// left "of what?" (newcomer 47); "1 seed in 65 draws as few" read
						// garbled (newcomer 48 G-minor-1).
						short = fmt.Sprintf("1 seed in %d gives so %s", g.odds, few)
						verdict = fmt.Sprintf("seed %d drew %s: only 1 seed in %d gives so %s", c.Traffic.Seed, few, g.odds, few)
					}
					if verdict != "" {
						// Each form with the rate's origin, and without it.
						say := func(product, ofFull string) []string {
							return []string{
								fmt.Sprintf("%s"+inAll+"%s: %s of the time; %s arrivals"+since+" (%s) found it full, where %s were expected: %s (%s)", full, of, clock, some, share, product, verdict, meet),
								fmt.Sprintf("%s"+inAll+"%s: %s of the time; %s arrivals"+since+" (%s) found it full, where %s were expected: %s", full, of, clock, some, share, product, verdict),
								// Briefly, the time's share said as one, or as its seconds, and the count's
								// beside the count: "5.5s, 69%; 69 of 112 found it full" read as 69 of
								// 112 = 69% (newcomer 50: it is 62%).
								fmt.Sprintf("%s, %s of the time; %s arrivals"+since+" (%s) found it full, where %s were expected: %s", full, clock, some, share, product, verdict),
								fmt.Sprintf("%s, %s of the time; %s"+since+" (%s) found it full, %s expected: %s", full, clock, some, share, product, short),
								fmt.Sprintf("%s; %s"+since+" (%s) found it full, %s expected: %s", ofFull, some, share, product, short),
								fmt.Sprintf("%s; %s found it full, %s expected: %s", ofFull, some, product, short),
								fmt.Sprintf("%s; %s found it full, %s expected: %s", full, some, product, short),
							}
						}
						// The time's share outranks the origin, the origin "of 8.0s".
						r, p := say(rated, full), say(product, full+" of "+of)
						for i := range 4 {
							with = append(with, r[i], p[i])
						}
						with = append(append(with, r[4:]...), p[4:]...)
						with = append(with,
							fmt.Sprintf("%s of %s; %s"+since+" (%s) found it full, ~%s±%.0f expected: %s", full, of, some, share, g.dueShown(), g.band, short),
							fmt.Sprintf("%s of %s; %s found it full, ~%s±%.0f expected: %s", full, of, some, g.dueShown(), g.band, short),
						)
					}
				}
				for _, share := range shares {
					// Without the instant where that does not fit, before a briefer share.
					with = append(with, full+inAll+of+": "+share, short+": "+share)
				}
				// A compare half's room, the window said as well (newcomer 58 G1).
				with = append(with, full+" of "+of+": "+shares[len(shares)-1])
				forms = append(with, forms...)
			}
		}
		value := fittingValue(label, w, forms...)
		items := []Item{{Label: label, Value: value, Spare: true}}
		// Only beside the count it explains: at 80 columns "the ~73 more" stood under a full
		// time with no count to be more than.
		if slices.Contains(lesson, value) {
			items = append(items, cause...)
		}
		if band != nil && strings.Contains(value, "±") {
			items = append(items, *band)
		}
		return items
	}),
	at(60, balancerHealth),
	at(70, func(s *Snapshot, w int) []Item {
		p99 := FmtMeasured(s.Generator.Lag.P99, s.Generator.Lag.Count)
		lag := p99
		// With its max: a class's p99:lag of under 100 is its slowest, above this p99 of
		// every arrival (newcomer 26: "1.2ms" here, payment's 5.0ms), and can pass the max too,
		// by an impatient user's second try: a class's is timed at the hand-off (the review).
		if l := s.Generator.Lag; l.Count > 0 && l.Max > l.P99 {
			lag += ", max " + FmtLatency(l.Max)
		}
		// Of every arrival: the table's p99:lag is of those that reached a worker, and read
		// as a contradiction beside this one (newcomer 23: 3.1ms here, payment's 8.9ms).
		value := fittingValue("generator lag p99", w, lag+" (how late the lab sent, every arrival)", lag+" (how late the lab sent)")
		// A closed loop's lag is of what its users sent: the requests it never sent, the very
		// blind spot its screen teaches, are in no lag at all, but in the corrected p99
		// ("are in no lag" read awkward and unclear: newcomer 55 #5).
		if cl := s.ClosedLoop; cl != nil && cl.Due > cl.Sent {
			unsent := FmtCount(cl.Due - cl.Sent)
			value = fittingValue("generator lag p99", w,
				fmt.Sprintf("%s (how late those sent went out; the %s never sent are in the %s)", lag, unsent, CorrectedP99),
				// In a compare half the max gives way first: a max of 4.5ms beside 99 never sent
				// read as a contradiction without the clause (newcomer 32).
				fmt.Sprintf("%s (not of the %s never sent)", lag, unsent), fmt.Sprintf("%s (not of the %s never sent)", p99, unsent), value)
		}
		return []Item{{Label: "generator lag p99", Value: value, Spare: true, Own: s.Own(GeneratorLag)}}
	}),
	at(80, func(s *Snapshot, w int) []Item {
		// The word glossed where it fits, before the peak: "goroutines" is Go's word, and
		// the room is a workshop's (newcomer 34 #22); Go's own gloss, a lightweight thread
		// the runtime schedules, not an OS thread ("Go threads", review 29 lab #6).
		count, peak, partsPeak := FmtCount(s.Goroutines), "", ""
		if s.GoroutinesPeak > s.Goroutines {
			peak = " (peak " + FmtCount(s.GoroutinesPeak) + ")"
			// Beside parts, why it can pass their own peaks added up (the postmortem's 4266
			// beside 64 workers and "peak 4198 waiting"), in a few words: only the help said
			// (s46 brief).
			partsPeak = " (peak " + FmtCount(s.GoroutinesPeak) + ", ending ones too)"
		}
		// Each tail first with the gloss and the peak, then without the peak, then without the
		// gloss: what the line says before how it is worded (review 33 #8: the peak's why had
		// cost the peak its place at 160 columns). No peak (""): with the gloss, then without.
		glossed := count + " lightweight threads"
		forms := func(peak string, tails ...string) []string {
			var out []string
			for _, t := range tails {
				if peak != "" {
					out = append(out, glossed+peak+t)
				}
				out = append(out, glossed+t, count+peak+t)
			}
			return out
		}
		// Its parts, adding up to the count: the postmortem's 5982 left ~195 unexplained and
		// 20 busy workers beside 21 read as a miscount (newcomer 15). What is in the lab's
		// upkeep, and why a bounded queue's waiting requests are in no part, only the help says:
		// each reason on the line became the next reader's riddle (newcomer 28: "1 of 9 idle
		// (kept up to 1s)", "the generator's re-sender", "entries, not goroutines").
		if parts := goroutineParts(s); parts != nil {
			tails := []string{" = " + parts[0] + " (the lab's own, not the dependency's)"}
			for _, p := range parts {
				tails = append(tails, " = "+p)
			}
			// Beside parts the peak comes with its why or not at all: a bare "(peak 8800)"
			// beside parts whose peaks add up to 8798 read as a miscount, and the help promises
			// the why there (newcomer 80 W5). So the peak and its why in briefer parts before the
			// parts in full without them; each tail's forms, then it bare (which parts before how
			// they are worded), but the first's: "the lab's own" is worth less than the gloss.
			var all []string
			if partsPeak != "" {
				for _, t := range tails {
					all = append(all, glossed+partsPeak+t, count+partsPeak+t)
				}
			}
			all = append(all, glossed+tails[0])
			for _, t := range tails[1:] {
				all = append(all, forms("", t)...)
			}
			items := []Item{{Label: "goroutines", Value: fittingValue("goroutines", w, all...), Spare: true, Own: s.Own(Goroutines)}}
			return append(items, onDemand(s, w)...)
		}
		// Every goroutine the lab started and has not ended (the engine's owner counts them);
		// the help lists every kind. Two readers were misled: a free worker's goroutine lingers
		// (102 beside 0 busy), and a chain's hops are the dependency's (8 beside 126 in flight).
		// The note lists only the kinds this run has: "waiting requests" beside a bounded
		// queue's 75, which are entries and no goroutines, read as a miscount (newcomer 14).
		kinds, brief := goroutineKinds(s)
		// The lab's helpers only while some run: the generator and the sampler end with the
		// run, before a headless frame, which named them beside a count without them
		// (newcomer 35 #8); the parts' word for them, which the help spells out.
		if own, ok := labOwn(s); !ok || own > 0 {
			kinds, brief = append(kinds, upkeep), append(brief, "the lab itself")
		}
		// Every kind in every form, briefer where room is short: "(the lab's: busy workers,
		// idle under 1s, …)" left what else it counts to the help (newcomer 39 G5, 40 #7).
		long, short := strings.Join(kinds, ", "), strings.Join(brief, ", ")
		return []Item{{Label: "goroutines", Value: fittingValue("goroutines", w, forms(peak,
			" (the lab's own, not the dependency's: "+long+")",
			" (the lab's, not the dependency's: "+long+")",
			" (the lab's: "+long+")",
			" (the lab's: "+short+")",
			// Where no list fits (a compare half with a fleet's or a closed loop's kinds), its
			// scope without the list, then the count bare: never a value cut with "…" (review
			// 34 M1: "(the lab's: workers, idle too, user…" in a 59-column half).
			" (the lab's, idle workers too)", "")...), Spare: true, Own: s.Own(Goroutines)}}
	}),
)

// goroutineKinds are the kinds of goroutine a run's count holds besides the generator and
// the sampler, where its parts cannot be counted, and each in fewer words: workers always,
// busy and idle (in the parts' words); waiting requests only with an unbounded queue (a
// bounded one holds entries); bulkhead threads, closed-loop users and a fleet's health
// checks where the run has them.
func goroutineKinds(s *Snapshot) (kinds, brief []string) {
	kinds, brief = []string{workerKinds}, []string{"workers, idle too"}
	add := func(long, short string) { kinds, brief = append(kinds, long), append(brief, short) }
	if s.Pool.Unbounded {
		add("waiting requests", "waiting")
	}
	if offWorker(s) {
		add("calls off a worker", "calls")
	}
	if s.Bulkhead.Threads > 0 {
		add("bulkhead threads", "threads")
	}
	for _, k := range uncounted(s) {
		add(k, k)
	}
	return kinds, brief
}

// idleWord names the goroutines of free workers, each kept up to a second after its job for
// the next, in the kinds (where the parts cannot be counted). Idle under 1s, not "parked":
// beside the pool's "idle 9", "1 parked" was a riddle (newcomer 22).
const (
	idleWord    = "idle under 1s"
	workerKinds = "busy workers, " + idleWord
	// upkeep is the parts' name for the rest but idle workers: the lab's helpers (the help
	// says which). Each named on the line was a riddle of its own (newcomer 28);
	// "in the lab's upkeep", a word of its own (newcomer 30): what they do, plainly.
	upkeep = "running the lab itself"
)

// onDemand says, once, what a worker is where the goroutines' parts count fewer idle workers
// than the pool has: a goroutine started on demand that exits after a second idle. To a
// Hystrix or resilience4j reader a worker is a thread, and "1 of 9 idle" beside the pool's
// "idle 9" clashed (newcomer 38 G6); "(they exit after 1s)" on the count's line left that
// they start on demand unsaid (newcomers 35 #8, 36 #8: which idle, and why).
func onDemand(s *Snapshot, w int) []Item {
	p, idle := s.Pool.Parked, s.Pool.Idle()
	if p == 0 || p >= idle {
		return nil
	}
	const label = "a worker"
	has := "have"
	if p == 1 {
		has = "has"
	}
	// "still": the rest had one, which exited ("have one now" left an idle worker without
	// one unexplained, newcomer 60). A worker runs on a goroutine, not is one: the pool's
	// worker is a slot, and "a worker is a goroutine … 6 of the 12 idle still have one"
	// used one word for both (newcomer 62).
	which := fmt.Sprintf(": %s of the %s idle workers still %s one", FmtCount(int64(p)), FmtCount(int64(idle)), has)
	return []Item{{Label: label, Value: fittingValue(label, w,
		"runs on a goroutine (Go's lightweight thread) started on demand, which exits after 1s idle"+which,
		"runs on a goroutine started on demand, which exits after 1s idle"+which,
		"gets a goroutine on demand, ended after 1s idle"+which,
		"gets a goroutine on demand, ended after 1s idle"), Spare: true, Own: s.Own(Goroutines)}}
}

// offWorker says the run's calls go on goroutines of their own (a caller timeout's
// hand-off): one each, while its worker waits and after it walked away.
func offWorker(s *Snapshot) bool { return slices.Contains(s.Chain, "handoff:goroutine") }

// uncounted are the goroutines of the run's mechanisms the snapshot does not count one by
// one: closed-loop users, a fleet's health checks.
func uncounted(s *Snapshot) []string {
	var kinds []string
	if s.ClosedLoop != nil {
		kinds = append(kinds, "users")
	}
	if s.Fleet != nil {
		kinds = append(kinds, "health checks")
	}
	return kinds
}

// goroutineParts splits the count into the goroutines on a worker, those waiting in an
// unbounded queue, a thread-pool bulkhead's threads, the calls off a worker, and the rest,
// the lab's upkeep (workers idle under 1s, the generator, the sampler, …): "64 busy workers
// + 5721 waiting + 2 idle workers + 195 running the lab itself". A chain's hops are the dependency's, in none of
// them. brief is parts with the calls' split cut to their orphans. "" where the kinds say it
// better: workers alone (no waiting, thread or call), kinds the parts do not count, or parts
// over the count.
func goroutineParts(s *Snapshot) []string {
	threads := s.Bulkhead.Threads
	if int64(s.Pool.Busy+s.Pool.Parked)+threads == 0 || len(uncounted(s)) > 0 {
		return nil // nothing to split, or kinds the parts do not name: the kinds say it
	}
	waiting, awaited, orphaned := goroutineCounted(s)
	own, _ := labOwn(s)
	if own < 0 { // read a moment apart: no parts that do not add up
		return nil
	}
	// Workers alone are no lesson: "20 busy workers + 1 in the lab's upkeep", the upkeep
	// 1 to 7 from screen to screen with no reason on it, and no idle worker (newcomer 29);
	// the kinds name them all, with no number to puzzle over.
	if waiting == 0 && threads == 0 && awaited+orphaned == 0 {
		return nil
	}
	long := []string{units(s.Pool.Busy, "busy worker")} // "1 busy workers" read as a slip (breaker at 10s)
	if waiting > 0 {
		long = append(long, FmtCount(int64(waiting))+" waiting")
	}
	// A thread-pool bulkhead's threads, busy or not: "goroutines 12 (peak 15) (…, bulkhead
	// threads, …)" could not be checked (a newcomer of round 11, threadpool-bulkhead).
	if threads > 0 {
		long = append(long, units(threads, "bulkhead thread"))
	}
	short := slices.Clone(long)
	if off := awaited + orphaned; off > 0 {
		// Split as the narrator's "now 27 there, 16 orphaned" is: "27 calls off a worker"
		// beside it read as all orphaned (newcomer 22: 27 against 16).
		calls := FmtCount(off) + " calls ("
		long = append(long, calls+FmtCount(awaited)+" awaited by a worker, "+FmtCount(orphaned)+" orphaned)")
		short = append(short, calls+FmtCount(orphaned)+" orphaned)")
	}
	// The pool's idle workers by name: counted in the lab's own, caller-timeout's "+ 8 running
	// the lab itself" was mostly the pool under study (review 22).
	// Of how many idle: "+ 1 idle worker" beside the pool's "idle 9" read as a contradiction
	// (newcomers 32 and 33): an idle worker keeps its goroutine up to a second, then ends it.
	var rests []string
	// Right after the pool shrank, more wait than there are idle workers: said as goroutines,
	// not as idle workers the pool does not have (review 25). Why only some of the idle are
	// goroutines, onDemand says, on a line of its own.
	// Where some idle workers have none, the goroutines by their own word: "6 of 12 idle
	// workers" counted goroutines as workers, a worker the pool's slot everywhere else
	// (newcomer 62); onDemand ties them to the idle workers.
	switch p, idle := s.Pool.Parked, s.Pool.Idle(); {
	case p > 0 && p == idle:
		rests = append(rests, units(p, "idle worker"))
	case p > 0:
		rests = append(rests, units(p, "idle goroutine"))
	}
	// How many of the lab's own, not what they do: which run comes and goes (the sender and
	// the sampler end with the run, before a headless frame), and "1 running the lab itself:
	// sending" named one that had ended (review 29 lab #2); the help says which they are.
	if own > 0 {
		rests = append(rests, FmtCount(own)+" "+upkeep)
	}
	join := func(parts ...[]string) string { return strings.Join(slices.Concat(parts...), " + ") }
	forms := []string{join(long, rests), join(short, rests)}
	// Which of the lab's own, where one is sure to run and room allows: the autoscaler, for
	// the whole run. Bare, the postmortem's "+ 2 running the lab itself" beside
	// caller-timeout's "+ 1" changed with no reason given (newcomer 36 #14).
	if own > 0 && s.Config.Pool.Autoscale.Max > 0 {
		// "Among them" of one was a riddle: the one is the autoscaler (review 31 #19).
		which := " (the autoscaler among them)"
		if own == 1 {
			which = " (the autoscaler)"
		}
		named := make([]string, len(forms))
		for i, f := range forms {
			named[i] = f + which
		}
		forms = append(named, forms...)
	}
	return forms
}

// goroutineCounted are the goroutines the parts count besides the pool's workers: the
// requests waiting in an unbounded queue, and the calls off a worker, awaited and orphaned.
func goroutineCounted(s *Snapshot) (waiting int, awaited, orphaned int64) {
	if s.Pool.Unbounded {
		waiting = s.Pool.Queued
	}
	if offWorker(s) { // each worker in the call waits on one, and each orphan runs on one
		awaited, orphaned = int64(s.Pool.InPhase[PhaseCall]), s.Orphans.InFlight
	}
	return waiting, awaited, orphaned
}

// labOwn is how many of s's goroutines run the lab itself (upkeep): the count less every
// part, negative where they were read a moment apart; ok false where the run has kinds the
// parts do not count (closed-loop users, a fleet's checks).
func labOwn(s *Snapshot) (own int64, ok bool) {
	waiting, awaited, orphaned := goroutineCounted(s)
	own = s.Goroutines - int64(s.Pool.Busy+waiting+s.Pool.Parked) - s.Bulkhead.Threads - awaited - orphaned
	return own, len(uncounted(s)) == 0
}

// dependencyLatency is what each call takes at the calls in flight now, when the knee makes
// it move: the knee's rule at n, the figure the narrator gives for the same calls.
func dependencyLatency(s *Snapshot) string {
	each, _ := s.CallLatencyNow()
	if each == 0 {
		return ""
	}
	return ", " + FmtLatency(each) + " each"
}

// balancerHealth is a balancer's verdict on this instance, once it has pulled it. A lab
// alone has no balancer: its health checks say what one would do.
func balancerHealth(s *Snapshot, w int) []Item {
	if s.Health.Pulls == 0 && !s.Health.Pulled {
		return nil
	}
	if s.Fleet == nil {
		state := fmt.Sprintf("would have pulled this instance %d× so far; in rotation again now", s.Health.Pulls)
		if s.Health.Pulled {
			state = fmt.Sprintf("would pull this instance now (%d checks not ok in a row; pulled %d× so far): a real one would get no traffic, the lab keeps sending", s.Config.Fleet.PullAfter, s.Health.Pulls)
			if narrow(w) {
				state = fmt.Sprintf("would pull it now (%d not ok; %d× so far)", s.Config.Fleet.PullAfter, s.Health.Pulls)
			}
		}
		return []Item{{Label: "a load balancer", Value: state}}
	}
	state := "back in rotation"
	if s.Health.Pulled {
		state = "PULLED this instance: a real one would get no traffic, the lab keeps sending"
		if narrow(w) {
			state = fmt.Sprintf("PULLED (%d not ok; the lab keeps sending)", s.Config.Fleet.PullAfter)
		}
	}
	return []Item{{Label: "balancer", Value: fmt.Sprintf("%s (pulled %d× so far)", state, s.Health.Pulls)}}
}

// HelpExamples heads the help's words of the screen, where its quoted examples begin: each
// is from one run, so a screen of the same preset and seed gives figures a little apart ("911
// of 2391" beside a screen's 910, newcomer 58). Said once, not beside each example.
const HelpExamples = "The examples quoted below are each from one run of the preset they name: the seed fixes the arrivals, not the timing, so the same preset and seed on your screen gives figures a little apart."

// ScreenWords are the words of the main screen, where they appear, top to bottom, each with
// what the help says it means: the core's, and each mechanism's.
func ScreenWords() []Item {
	var out []Item
	for _, words := range ranked(coreWords(), (*mechanism).wordParts) {
		out = append(out, words...)
	}
	return out
}

// coreWords are the words of the lab's core on the screen.
func coreWords() []part[[]Item] {
	// The ⚠ forms quoted as the screen builds them, on a 44ms lag (a hand copy drifted,
	// review 41a/41b).
	example := Snapshot{Generator: GeneratorStats{Lag: Percentiles{P99: 44 * time.Millisecond}}}
	busy, busyCompared := example.TooBusyWarning(), example.TooBusyCompared()
	return slices.Concat(
		at(10, []Item{
			word("● live", "the screen follows the running lab, 10 times a second (a screenshot, \"screenshot at 8.0s\" on the left in its place: a picture of what the screen showed at that run time, drawn by poollab snapshot from a run without a screen, which stopped there (a GIF: one such picture every 100ms of the run); ‖ PAUSED: the screen is frozen, the lab runs on)"),
			word("(settings changed)", "the settings in force differ from the preset's: a settings key was pressed (see changes)"),
			word("run time", "time since the run started (r restarts it); a screenshot's: \"screenshot at 8.0s\" (a compare's halves, short of room, both: \"at 8.0s\")"),
			word("rejected:balancer n", "a fleet's requests, every class's, the balancer turned away with "+noReplica+" to send them to, so far: \"total rejected:balancer n\" in the header (short of room \"total rej:balancer n\"). It turns them away only during an outage; then it comes first, in the alarm colour, with \"(all out since 12.863s)\" while every replica is out of rotation (\"all out again\" in a later stretch than the first), then the first class's count; short of room, the note gives way to that count (\"total rej:balancer 123  signup turned away 112: rej:pool 15, rej:balancer 97\"), then the count to the note. Once a replica came back, that class's count comes first, with its share (\"signup turned away 556 (none since 19.5s): rej:pool 15, rej:balancer 541\"), and the total, quiet, after it only where both fit, with \"(none since 19.5s)\" where that fits too. Payments' share is in the table's rej:balancer column alone"),
			word("signup starved n", "n signups (or health checks) "+StarvedMeans()+". Each in one form, cut from its end where it does not fit (a second class, short of room, keeps its rate alone: \"health starved 1 (0.2/s in 3–8s)\"; the first, short of room, says its column for the word: \"signup rej:pool 12 (1.2/s in 3–8s)\", \"signup rej:pool 12\"; every class's count before the first's rate: \"signup starved (rej:pool) 12  health starved 1\", in a fleet before its parts too, \"signup turned away 556  health starved 9\"; the table's notes say it beside the column's meaning where they have room: \"rej:pool = no free worker, no queue to wait in; starved if not payments'\"): \"signup starved (rej:pool) 12 (1.2/s in 3–8s; needs ~0.01 workers)\": the table's column, whose count it is; its rate over the table's /s seconds, which it names (the count is "+SinceStart+"), or once it stopped, since when; and what that class alone needs of the pool (Little's law: its rate × its time on a worker: signups' 5/s × 2ms; a health check, answered at once, <0.01): next to none, so it starves for the workers others hold, not for its own load; in a fleet, \"signup turned away 556: rej:pool 15, rej:balancer 541\", each reason's share, said wherever the count is (a replica's row counts its pool's alone, every class's: rej:pool n). In the alarm colour while it happens (in any of those seconds); once it stopped, quiet, \"(none since 7s)\", the end of the last whole second that had one"),
			word("±", "the dependency's jitter (\"50ms uniform ±10ms\"): each call's latency drawn uniform between the latency less and plus it, 40ms to 60ms all alike, before a knee stretches it; the mean of many calls stays the latency"),
			kneeHelp(),
			word("»", "the narrator: what queueing theory (Little's law, Erlang B) says these settings do, in the numbers of the report's forecast (its forecast line and the JSON's forecast; x exports both)"),
			word("a loss system", "Erlang's term for servers with no queue: full means turned away, at once, never kept waiting (the loss-system preset; CoDel's pool, which sheds what waits past its limit, is nearly one)"),
			word(LongRun, "in the narrator, what Erlang B, the model of a pool (or bulkhead) with no queue under random (Poisson) arrivals, says is turned away once the run settles: a forecast, beside the shares the run measured over the table's /s seconds since the pool first filled (\"first full at 2.3s … in 3–8s payments 37%\", so its /s rows check them; where it filled within those seconds, over the whole ones since, each share, where that costs no line, with the arrivals it is of, for no /s row checks it, \"in 5–8s payments 37% of 604\": like with like, for the seconds before it filled turned none away; at the sentence's end, where the screen has the room, \"each share within chance of 38%\" (where a class has too few arrivals to judge, the others by name, \"payments' and signups' shares within chance of 38%\", with \"(health checks: too few)\" where it fits; every class too few, \"too few arrivals to tell from 38%\"): each class's count turned away, against its arrivals at the forecast's share, by the exact binomial test a compare judges its counters by, Holm-corrected over the classes (said, where that costs no line, \"(binomial test of each count; 1 of 6 is too few to tell from 38%)\": a class of fewer than 20 arrivals, its share said as counts, strays that far by chance alone), or those beyond chance named, \"signups' share beyond chance of 38%, payments' within\"), or, before a whole one has passed, so far, the seconds before it filled said, which drift toward it; on a bulkhead's price where it neither waits nor queues, \"("+ErlangBAtOnce+")\": the model's no queue is the bulkhead's, which turns away whoever finds it full, not the pool's, whose queue it never reaches. Arrivals at an even pace would lose less, 1 − workers ÷ load (erlangs; \"even-paced arrivals' forecast: 1 − 20/(30 + 0.2 workers for signups) = 34%\": payments' workers and the rest's), for random ones leave it idle in lulls and full in bursts. Where payments wait for a connection on their worker (\"5 connections serve at most 1.7/s of 10/s\"), the bound those connections set, 1 − 1.7/10: Erlang B over the hold the full pool makes comes to the same; briefly, \"83% of each (1 − 1.7/s served ÷ 10/s arriving; signups find it full as often)\": a worker a payment frees stays free only until the next payment takes it, so the pool is free 1.7 ÷ 10 of the time, and signups, arriving at random, find it full as often as it is"),
			// Every class grows it, not payments alone: newcomer 30 worked out 10 − 6.7 = 3.3/s.
			// Said here, not on screen: one more clause cost a compare half its charts' key.
			word("mean hold", "in the narrator, how fast a queue grows once the pool is full, until the queue is full, at the set rates: \"until full, the queue grows 5/s, full in ~16.2s more: 15/s arrive, 10/s leave (6.7/s payments): 20 workers ÷ 2.00s mean hold (30 needed ÷ all 15/s)\". The mean hold is how long an arrival holds a worker, on average over all 15/s, every class's arrivals (the traffic line's rates added up): the workers the classes need (10/s × 3.0s + 5/s × 2ms = 30 workers held at once, erlangs) over every arrival a second (15/s), Little's law turned round; the queue serves the classes in their order of arrival, so each leaves in its share of the arrivals: 6.7/s payments (20 workers ÷ 3.0s, each payment's hold) and 3.3/s signups; signups' too, not payments' alone, for a 2ms signup waits behind the payments ahead of it, so the pool serves each class at its share of the arrivals. Full in: how long from now the places left take to fill at that growth. \"so far it grew 0.8/s in 3–8s, as 13.6/s arrived\": the growth the run measured over the table's /s seconds, and what arrived in them, every class, beside the forecast's arrivals; where it strays from the forecast further than random arrivals explain (two standard deviations of their count), why: \"and the 20 workers, all taken by 1.6s, free together every 3.0s: it grows in steps\": the pool filled in less than a hold, so its workers, taken together, free together, once a hold; between, none leaves and arrivals pile up, and at each free a bunch leaves at once, so a window that is no whole number of holds counts more bunches, or fewer, than the long run's pace (0.8/s in 3–8s: two bunches in 5s, where the long run has one every 3.0s)"),
			// What the seed fixes, where the screen says it briefly (review 29 lab #5).
			word("arrivals at random, the seed", "the settings' arrivals: at random (Poisson), each class's gaps drawn from traffic.seed, or at an even pace (uniform); \"the seed fixes arrival times; timing is measured, so it varies run to run\" (briefly \"fixes arrivals, not timing\"): one seed gives the same arrivals every run, and both halves of a compare (which says so once, in its noise legend, and beside its first p99 with room, \""+TimedBoth[0]+"\", else in its title, \""+TimingVaries+"\": each lone run has the machine to itself), but how long each request takes, and so which one meets a full pool or a slow call, is measured on this machine, so counts and latencies differ a little from run to run"),
			// Why the presets take the seeds they do (newcomer 69 G1), its own entry beside
			// it: at the end of the one above it went unread (newcomer 76 G2). Seeds 2–5 checked on shared-pool at 8s: signups turned away 7 of 38 to
			// 17 of 39, the pool full 2.0–3.2s.
			word(fmt.Sprintf("seed %d, seed 1", DefaultConfig().Traffic.Seed), fmt.Sprintf("why the presets draw these two. Seed %d, the default most presets keep, was picked for arrivals typical on shared-pool's opening screen: over its first 6–15s every class within one standard deviation of its rate, and the arrivals that find the pool full within one square root of full time × rate (seeds 127 and 1 drew 1-in-65 and 1-in-70 arrivals there, which read as a lab that miscounts). Picked to be typical, not to suit the lesson: other seeds teach the same (shared-pool at 8s on seeds 2–5: signups turned away 7 of 38 to 17 of 39 once the pool is full, as payments are). Postmortem, postmortem-fix, adaptive-limit, loss-system and the two fleets keep seed 1, whose arrivals are typical on them; --set traffic.seed=N draws others", DefaultConfig().Traffic.Seed)),
		}),
		at(40, []Item{
			word("payment chain", "the stages a payment passes on a worker, outermost first: fallback, deadline, breaker, bulkhead, timeouts, connection, http; named as the class (\"orders chain\"). A payment turned away before a worker ("+beforeChainWords(nil)+") never reaches it, its fallback included. stage:part names one part of a stage where another stage parts them ("+shortCircuitName+" rejects while the breaker is open; "+permitName+" lets a call through and counts how it went; "+countsRejectionsName+" is the whole breaker in the short-circuit's place, counting the lab's own rejections below it (rejected:bulkhead) as the dependency's failures: the trap, and no lab-only switch ("+countsRejectionsWhose+": its error % counts semaphore and thread-pool rejections; resilience4j's default order puts the breaker outside the bulkhead and records every exception as a failure, BulkheadFullException too; failsafe-go's outer breaker counts an inner bulkhead's ErrFull); side by side they are one, \"breaker\") or its kind (bulkhead:semaphore; "+adaptiveStageName+": the adaptive limit, named as what it turns away, "+RejectLimit.Word()+"). handoff:goroutine (or :thread): the call runs apart from the worker, on a goroutine (or a bulkhead's thread), so a caller timeout can free the worker while the call runs on, orphaned. deadline:enough-left starts no call with less of the deadline left than recent calls' mean + 4 mean deviations (TCP's, of each call from the smoothed mean: about 5ms for calls of 50ms ±10ms uniform, so ~70ms, moving as calls do; at most half the deadline, at least a chain's floor: what its hops that call another keep back, dependency.hop.reserve each, + what the one before the last needs left to call it, dependency.hop.min_call: \"2 × 100ms kept back at hops 1 and 2 + 50ms to call hop 3\"); it learns only from calls that succeed (a timeout or a 504 teaches it nothing), so until one does it lets every call start. Its item says the room it asks now, then the least and the most it asked over the run, where they differ: \"at most 400ms: 68ms now, 56ms–131ms so far\" (68ms now; 56ms at its least and 131ms at its most since the run began, as calls sped up and slowed)"),
			// The parts of a bystander's p50, each a p50 of its own (review 29 lab #5, #8).
			word("signup 2ms of local work", "the settings' other classes: a signup does the local work set (signup.work) on a worker and calls nothing; a health check is answered at once on a worker, calls nothing, and fails only for want of a worker in time (rejected:pool, or, where a queue can hold it, timed out after health.timeout). Where no queue adds its wait, what the table's p50 measured beside it, and the p50s of what made it longer than the work set, each of the same requests the p50 is of, in the order they happen: \""+ToWorkerIn+"\", the time from its scheduled arrival until a worker had it ("+SendDelayMeans+", said beside it where it first shows and the line has room): the load generator's lag (the lab's own measure generator lag), then dispatch; lab overhead (the lab's own), no queue's; the closed loop's corrected and the latency legend take it in as \""+TimeToWorker+"\"; \"the work, a sleep, ran over\", a worker's time less the work set (the lab does the local work as a time.Sleep of signup.work, and the machine's timer and scheduler wake it late); a health check's time \"on a worker\". p50s do not add up, so the parts come near the p50 without summing to it; short of room, \""+ToWorkerIn+"\" alone"),
			word("busy now / idle", "the pool picture is one instant; a worker frees when its request ends and stays idle only until the next arrival takes it, so \"idle 1 (just freed)\" can sit beside rejections counted over a whole second"),
			word("not ok n% of replies", "in the postmortem's narrator, the share a dashboard of error rates shows: failed, timed out or turned away, of the requests that got a reply (ok or not; a rejection is one, an error or a canned reply) in the table's per-second window ("+SinceStart+", before its first second), then which of these it holds; a request in flight is not one, however long it waits: \"an error rate blind to 7273 in flight (55% of all)\" says how many it misses, their share of every arrival "+SinceStart+", where that share writes as more than 0% (the compare's \"arrived − ok A → B\" counts them, said apart); one given a canned reply by the fallback is one (instead of an error, still not ok). JSON: not_ok_share_of_replies, "+SinceStart),
			word("pool 8→64 workers", "an autoscaled pool: it starts at pool.workers and, every pool.autoscale.every, grows by pool.autoscale.step while any request waits, up to pool.autoscale.max; "+
				"it shrinks by the step, down to pool.workers, when nothing waits and at least a step's worth of workers stayed free the whole time since it last looked (\"+4 every 200ms while any wait, −4 if 4 stayed free the whole 200ms\"): idle at one instant (\"idle 9\") is not enough; the pool picture's legend says its path, \"scaled 8→36→12 of 64 on queue length\": its start, its most so far where it shrank back since, now, of the most it may reach"),
			// The fix's "mostly queued", checkable (newcomer 35 #16; review 29 lab #14).
			word("the p50 wait", "in the postmortem fix's narrator (\"the p50 wait 678ms is 93% of the p50 729ms\"): the p50 of the wait, from the scheduled arrival until a worker picked a request up, of the requests the table's p50 is of, those a worker finished; each one's wait is part of its latency, so it is never above the p50 (the table's p99:wait is of every request picked up, those then turned away on a worker too; in a report, waited_ms and queue_wait_ms). Of two p50s, which do not add up: a share of the p50, not of any one request's time"),
			word("pool full (no free worker)", "the total time so far during which every worker was busy. It is not when the pool first filled: the narrator's \"first full at\" is the scheduled arrival of the request that took the last worker, so two labs on one schedule fill at the same time (under generator lag, a little before the pool was full). In a fleet: the replica full longest, and the time every replica was full at once (\"all 4\": every one, a drained or pulled one too, not those in rotation only). With no queue, a count stands beside its share of the time (shared-pool at 8s with seed 127): \"35 of 118 found it full, 3.4s × 14.8/s ≈ 50.3±14 expected: 1 seed in 65 gives so few\" (wider, \"seed 127 drew few: only 1 seed in 65 gives so few\"). The count is of arrivals, where the full time is a clock's: 35 of the 118 were turned away for want of a worker (rejected:pool, every class's). Random (Poisson) arrivals at a steady rate, which the pool's state does not move, find it full as often as it is. So the full time at the run's rate as shown (118 in 8.0s, 14.8/s) holds the arrivals expected: ~50, give or take 14. The 14 is two square roots, chance's band: chance keeps 19 draws in 20 within it (said under the line where it has room, \"±14 = 2√50.3, chance's band\"). The 35 is the draw of the arrival times seed 127 fixes, not the lab's: only 1 seed in 65 gives so few (one way, from the normal's tail). Over seeds 1–40, shared-pool at 8s turns away 0.96 of the arrivals expected (full time × arrival rate), as an ideal loss system fed the same arrivals does (1.00 over 2,000 seeds), with a standard deviation of 0.13 from seed to seed. \"within chance\": within that band. From 2 to 3 square roots off: a draw that 1 seed in 44 or fewer gives, said with how rare it is. Past 3: no verdict, the two shares alone. Beside the narrator's \"the shares so far include the 1.6s before the pool first filled\", the seed's draw is the other reason the shares so far sit low. The long-run forecast times the arrivals after the fill (38% of 94, ~36) is no expectation for this count. The first seconds after the fill are fuller than the long run (no 3s hold has ended yet: here full 3.4s of the 6.4s, 53%); the full time counts them and the forecast does not. The seconds before the pool first filled touch the full time and the arrivals in it alike, so they are no part of the gap. The two shares meet over a long run (PASTA: Poisson arrivals see time averages), at the narrator's forecast; not over a few seconds, nor where arrivals crowd into the spells it is full. Beside the shares so far, the long run is said only with those first seconds, which both include. Where the two stray apart by more than chance gives, and by no more than one arrival a spell the pool was full, the lesson is on its line: \"2.8s of 8.0s (35%); 911 of 2391 arrivals (38%) found it full; Erlang B: 38% for both\" (loss-system, seed 1: Erlang B's forecast is of the share of the time and of arrivals alike). Under it, on lines of their own, which of the two is off and why: \"the 2.8s reads a little short: 2.8s × 298.9/s ≈ 837 arrivals, ~74 under 911, past chance's ±58 = 2√837\" and \"why: an arrival and a worker's release at one instant: the arrival goes first, turned away; that worker then sits idle\". It is the clock that is off, not the arrivals: theirs is the forecast's 38%, and the time's 35% sits under it, ~74 arrivals' worth. So it is not chance, nor the lesson failing, but which of two at one instant goes first. The clock itself is exact; the lab's pool is full less of the time than the model's. An arrival woken with a worker's reply reaches the pool before the reply reaches the worker (a tenth of a millisecond or so through HTTP), finds it full and is turned away. That worker frees just after and stays free until the next arrival (~3ms apart at 300 a second); the model instead gives the raced arrival the worker and is full again at once. The next arrival, which the model would turn away, takes it, so about as many are turned away in all. Measured on loss-system at 8s, seeds 1–6, against an ideal loss system fed the lab's own arrival times and hold times: 36.9–39.8% of arrivals found it full against its 37.5–39.7%, within a point each; full 34.8–38.3% of the time against its 37.0–41.1%, 1–3 points under; workers held within 0.15 of its. The two then meet only at the arrivals' forecast. Where the machine is too busy (the ⚠ line), the count is off instead: \"the 911 are too many: ~74 over 2.8s × 298.9/s ≈ 837 arrivals\", and \"why: the busy machine sent arrivals late, in bunches\" (\"sent late\": the generator lag). The rest of a late bunch finds full what its first filled, in no time on the clock, and arrivals that come in bunches are no longer random"),
			word("calls at the dependency now", "calls the slow dependency is serving right now (\"peak 100 at once "+SinceStart+"\": the most at once since the run began, settings changes and all, an instant, where a chart's busiest second is a mean over that second); a call counts from its arrival there until the dependency ends it: answered, or, hung up on by a socket timeout, dropped as soon as it sees the hang-up (\"a call counts till answered or hung up\"), or, where it works on after a hang-up (dependency.ignore_cancel), once done (\"a hung-up call counts till done\"); a caller timeout's orphaned calls count until done; past a knee, what each takes at that many at once; \"1 more worker busy, not calling this instant\" (briefly \"+1 worker busy, not calling\" or \"+1 busy, not calling\"): a worker holds a payment whose call is not at the dependency at that instant (between calls, on its way, or waiting for a permit or a connection), so the workers busy can outnumber the calls; \"15 more workers busy, waiting for a connection\" (or \"waiting for a bulkhead permit\"): all of them wait on their worker for one, their call not begun; \"1 more worker busy, its call over, not yet counted\" (briefly \"call over, not counted\"): the dependency is done with its call, answered or cut by a timeout (its calls less those it serves now exceed the payments ended), and the worker has not yet counted the payment; some of each, \"2 more workers busy: 1 not calling this instant, 1 call over, not yet counted\" (briefly \"+2 workers busy: 1 call over, not counted\", the rest not calling). With a chain of hops: hop 1's, which the edge ("+EdgeIs+") calls; \"n tries the edge hung up on"+hungUpUsers+", m it waits on\": of those, the calls hop 1 works on after the edge hung up on them (a try timed out, or the payment gave up), since hop 1 does not stop when its caller goes, and the rest, whose payments are still on a worker (a payment between its tries has none there); a hang-up ends a try, not the payment: some of those users still wait on a retry, where the boxes' \"at work after the user was answered\" counts only calls whose user has had a reply (workers busy now count only the calls the edge still waits on, and one between the edge's tries is \"not calling this instant\"); not orphaned calls, which are the lab's own, running on off a worker after a caller timeout"),
			word("idle n in rotation", "a fleet's idle workers on replicas the balancer sends requests; those on replicas pulled or drained are counted apart, and whose (\"; 40 idle on r1, r4 (out of rotation)\", briefly \"; 40 on r1, r4 (out)\"): they are not capacity; with every replica out, \"none in rotation; 40 idle on r1, r4\""),
			word("balancer round-robin", "a fleet's load balancer (fleet.balancer: round_robin) gives each request to the next replica in rotation, in turn, however busy each is: a replica out of rotation (pulled or drained) gets none, so its share goes to the rest"),
			word("rows read apart", "on a fleet's balancer line (briefly beside a replica's row): the replicas' rows and the table could not be read at one instant (a request moved between replica and table each time the lab tried), so a request that moved between the reads is in one and not the other, and their sums may differ by a few; rare, on a machine too busy to let the reads meet"),
			word(fleetCalls, "a fleet's calls at the dependency now: every replica calls that one dependency, so its calls, peak and count are the whole fleet's"),
		}),
		at(60, []Item{
			word("a load balancer would pull", fmt.Sprintf("a lab alone has no balancer: its health checks say what one would do. After fleet.pull_after health checks not ok in a row (%d unless set; the table's timed-out and rejected: starved, or answered after the balancer's timeout) a load balancer would take this instance out of rotation (in a fleet: balancer PULLED; its row, while it still holds work, \"PULLED at 38.0s (%s)\", at 80 columns \"(%s)\": the balancer sends it no requests, only its checks, and its busy workers and queue are work it had before the pull, with those checks), and after fleet.return_after ok ones (%d) put it back (in a fleet, \"back after 100 ok (~10s, a check every 100ms)\", wider \"(~10s; checks queued at the pull count too, so it can be sooner)\": return_after × check_every, though each check counts as it is decided, so those it had queued at the pull that end ok after it count too, and it may come back up to health.timeout sooner (on its row, where it fits, \"in rotation (back at 35.5s, in 8.8s: queued checks counted)\"; where no row says it, on a fleet's pulls line, where it fits, \"r3 back 35.5s, 8.8s after its 26.7s pull: checks queued at it counted too\", the latest such return); one not ok after the pull starts the count over, later). The lab keeps sending traffic (it is open loop) so you can watch the pool; \"pulled n×\" counts the times",
				DefaultConfig().Fleet.PullAfter, PulledHolds, PulledHoldsBrief, DefaultConfig().Fleet.ReturnAfter)),
			word("DRAINED", "a fleet's replica an operator took out of rotation at fleet.drain.at for fleet.drain.for, as a rolling deploy does: the balancer sends it no requests and no checks (it finishes those it holds: its row says \"finishes what it holds\" while it does, \"finished what it held\" once done) and it counts as no pull; D on the pulls line; \"drained 5.0s–35.0s\" on its row once over, \"drained 5.0s for 30s\" on the pulls line and in the domino, whose events run in time order (\"drained since 5.0s\" while it lasts): it came back when the drain ended, with no checks ok, which it did not get"),
			// What a check sent now meets, beside a replica in rotation (newcomer 52).
			word("16 P + 46 quick ahead: check would time out", "beside a fleet's replica in rotation with a queue served in arrival order (in place of \"in rotation\", with \"; 2 in a row pull it\" where it fits; wider, after it, \"a check now has 16 P + 46 quick ahead: would time out\", \"16 payments + 46 quick\"; where no line under the rows can say what quick is, \"16 P + 46 S/H ahead: check would time out\", S and H the signups' and checks' glyphs, or with no room for \"ahead\", \"16 P + 46 S/H: check would time out\"; shorter, \"16 P ahead: check would time out\"; said only where a signup's work is under a hundredth of a payment's time on its worker): a forecast, what a health check sent to it now would meet, the payments queued ahead of it (P, their glyph), and the rest of its queue, quick: the signups and checks ahead take a worker for milliseconds, so a queue of 62 may hold 16 that count (said under the rows where the pulls leave room: \"quick = signups and health checks, a worker each for ~2ms or less\"). The check is ok only if that many workers and one more free within health.timeout, each busy with a payment begun at a random point of its call and so freeing in time with chance timeout / hold (the domino's \"13.3 on average: 2.0s × 20 / 3.0s\"; with calls shorter than the timeout, more than once each): \"would time out\", not ok more often than not, and \"2 in a row pull it\", fleet.pull_after not ok in a row pull it; \"1-in-5 not ok\", that chance, one check's: a pull's is not its square, 1-in-25 were the checks apart, which they are not: the next, fleet.check_every on, waits behind the same payments and those that came since, for the same workers' frees and those in its window's extra check_every, so it mostly fails with the first (the domino's \"fewer than 12: 1-in-5 chance per check; 2 in a row ("+notIndependent+"), 1-in-7, pull a replica\", without the parenthesis short of room, 1-in-7 for two 100ms apart at 8/s payments, the share's: "+dominoCheck.InARowHow(dominoNeed)+"); \"would be ok\", under 1 in 20; \"a check now finds the queue full: not ok (rejected:pool)\", turned away on arrival. A check sent now: those decided so far were sent up to health.timeout ago, behind the queue as it was then, so a replica still in rotation can hold a queue its next checks fail behind"),
			word("all out", "every replica of a fleet out of rotation at once (pulled or drained): the first such stretch, in the narrator's domino (\"all out 12.9s–19.5s\", its start as its last replica's out is written there; after it \"then 4× more, 15.6s over all 5\": how many later stretches, and the time of every one, the first too, added up, \"so far\" while one lasts) and the report (JSON all_pulled_at_s: its start); \"all out again\": a later one. In brief, \"all out 12.9s–19.5s (rejected:balancer)\": what the balancer did with every request meanwhile, the table's rej:balancer. The pulls line and the header say the latest, in its word: \"since\" while it lasts, from–to once a replica came back. The balancer sends none a request then, but each replica finishes those it holds: the domino says what was answered meanwhile, over the whole seconds inside the stretch (\"queues worked off while all out: 84 payments, 132 signups ok 13–19s\"), where that costs the charts nothing, nor the share's need of workers its room"),
			// The strip's own entry: a mark drawn a cell after its time read as wrong (newcomer 78 W4).
			word("pulls  0s ··D··4··23··⁴ 40.0s", "a fleet's pulls strip, under the replicas' rows: the run from 0s to now, each cell an equal slice of it; a replica's pull as its number, D a drain (a deploy: no pull), a return to rotation as that replica's number raised (⁴: r4 back, the key naming the latest: \"⁴ r4 back\"), each in the cell of its time as the list under the strip writes it (26.7s: the cell of 26.67–27.33s on a 40s strip of 60); marks that fall in one cell take the next ones, side by side, in time order (r2 at 12.8s and r3 at 12.9s draw \"23\"), so a mark may sit a cell or more after its time: the list under the strip gives each one's time"),
			word("r2 8.0s → r3 9.020s, r4 9.045s", "a fleet's pulls line: each replica taken out of rotation, when, and (+n) the time since the one before (to the tenth as the times are shown, or, under a second, both times to the millisecond and it so: \"r3 9.020s, r4 9.045s (+25ms)\"); the narrator's domino, which gives no gaps, writes them to the tenth, to the millisecond only where two would show the same tenth; the replicas' rows give their times to the tenth, as this line does, but every one of them to the millisecond where this line gives one row's so (under \"r4 34.1s → r1 38.013s\", \"PULLED at 34.088s\" and \"PULLED at 38.013s\": one kind of time on the rows), a drain's excepted, written as the operator set it; where this line is not drawn (80 columns), as the narrator's domino writes them; and this line ends a stretch all out, a replica's return, as the rows write it (\"all out again 38.263s–39.438s\" under r2's \"back at 39.438s\"); an arrow: out after it; a comma: out less than (fleet.pull_after − 1) × fleet.check_every after it, the span of the checks not ok in a row that pull a replica, so the first of those that pulled it was sent before the one before went out (no more: a later one may have been not ok for what that one left; never with pull_after 1)"),
			word("generator lag", "how late the lab's own traffic generator sent requests against their schedule (scheduled → sent), every arrival, those turned away too (the table's p99:lag: only those that reached a worker): the lab's health. Its p99, and its max where larger: a class's p99:lag of under 100 requests is its slowest, above that p99 maybe, above the max only by a hair (a class's is timed a moment later, at the hand-off) or by an impatient user's second try (sent by another timer, in no generator lag). Large values mean a busy machine, not a slow pool. The lab's own measure: on screen with m, and always in a closed loop, whose lesson it is; there the corrected row, timed from when each was due, takes it in over since sent's, \""+SentLate+"\" (since sent already holds the time from the send to a worker), so their p50s differ by about its p50"),
			word("⚠ too busy", "this machine runs the lab late: the generator lag's p99 over every request sent, those turned away too, is past "+FmtDur(LateLag)+", so latencies, timed from when each was due, may run long by about that lag. Short of room, \""+busy[2]+"\", or \""+busy[3][strings.LastIndex(busy[3], "("):]+"\": the same lag p99, how late the generator sent, the 99th percentile over every request sent. In a compare, each half's in one line, both in one form: \""+strings.TrimPrefix(busyCompared[2], "⚠ too busy: ")+"\", a gap between A and B's latencies under the lag may be the machine's, not the settings'"),
			word("goroutines", "Go's lightweight threads (\"n lightweight threads\"; the runtime runs them on a few of the machine's threads), every one the lab started and has not ended, the most at once so far its peak (\"(peak n)\", beside the parts \"(peak n, ending ones too)\", or no peak where that does not fit: it can stand a few above the parts' own peaks added up, for it counts too the goroutines about to end, a worker that has just handed its slot to a waiting request's goroutine, a request just turned away), and after \"=\" the parts they add up to: busy workers, requests waiting in an unbounded queue (\"7198 waiting\": the lab builds it as a Go server does, each waiting request a goroutine blocked on the pool; a bounded queue as a thread pool's, Tomcat's or Java's ThreadPoolExecutor's, whose waiting requests are entries the next free worker takes, in no part), a thread-pool bulkhead's threads, busy or not (\"5 bulkhead threads\"), calls running off a worker (\"27 calls (11 awaited by a worker, 16 orphaned)\": those a worker awaits, and orphaned ones), closed-loop users, a fleet's replicas and its balancer's checks, idle workers' goroutines (\"9 idle workers\" where each idle worker has one; else \"1 idle goroutine\", and on a line of its own \"a worker runs on a goroutine started on demand, which exits after 1s idle: 1 of the 9 idle workers still has one\": the pool starts a worker's goroutine for a request, and an idle worker keeps it up to a second for its next job, then ends it, so only those idle under 1s have one, fewer than the pool's idle; just after the pool shrank, more goroutines than idle workers), and \"running the lab itself\" (\"the lab itself\" where the line is short, beside \"workers, idle too\"; where no list of kinds fits, a compare half's, \"(the lab's, idle workers too)\": the lab's own goroutines, workers idle under 1s among them, then the count bare): the generator's re-sender of impatient users' presses, the generator and the sampler while the run goes (a headless frame is taken as the run ends, when they have ended: caller-timeout's 1, the postmortem's 2 with its autoscaler, said where room: \"2 running the lab itself (the autoscaler among them)\", or of one \"(the autoscaler)\"; where the line lists kinds, it names these only while one runs), an autoscaler, the watch on a queue's waits; never the dependency's own (a chain's hops run there). The lab's own measure: on screen with m, and without it, where the screen has room, wherever requests wait as goroutines (more than a round of the pool, now or in the last "+fmt.Sprint(RateWindow)+" seconds) or calls ran on orphaned"),
			// The rule whole, the p99's too, as latencyDiffers judges it: a pointer to the README
			// sent a reader to a document no screen shows (newcomer 69 G4).
			word("A vs B  B − A", "compare mode's summary under the two labs: B's count or p99 less A's, on identical traffic. Identical means the same arrivals, not the same timing: which request meets a full pool, or a slow call, moves with the machine's scheduling, so two runs of one preset differ a little (\""+ApproxKey+": "+approxWhy+"\"; beside "+MethodMark+", a closed loop against an open one, which do not send the same arrivals: \""+ApproxKey+": "+approxWhySent+"\"). "+
				"Green (B better) and red (B worse) mark only a difference larger than the two runs' own noise explains. A count's noise is judged on pairs of requests, the k-th of A against the k-th of B, by McNemar's exact test; for a fleet, on "+FmtDur(BlockSpan)+" blocks of arrivals, each counts once, as a fleet's failures come in clusters, so its counts vary more. A latency's is judged on "+latencyRule()+". "+
				"So a count's noise grows with how many requests fared differently, either way, not with its net: signup ok 33 → 26, 10 requests ok only in A and 3 only in B, is ≈ -7, beside rejected:codel 0 → 10, all 10 one way, beyond chance. "+
				"The marks: \""+ApproxKey+"\" (where no row is cited, \""+approxTest()+"\": run one system twice on the same arrivals, and more often than 1 time in "+fmt.Sprint(int(math.Round(1/FamilyAlpha)))+" some row of the table differs by this much or more) is a difference no larger than that noise, neither better nor worse. Its test is a "+ApproxTestName(false)+" (with a fleet or a closed loop, a "+ApproxTestName(true)+"): each request paired with its twin in the other run, those that fared differently tossed coins. ≈ means not beyond the bar of 1 time in 20 by chance, one bar for all the table's counts (Holm's correction, for judging many at once), so a row that chance alone makes less often, 1 time in 40 say, may stay ≈ where the table has many. "+
				"\""+UnmarkedKey+"\": larger than that noise. \""+NoChange+"\": A and B shown alike, no change, never a result. \""+TooFewZero+"\": A and B shown alike, too few to judge either way. \""+RowsUnshown+"\" (in the title, where it fits): each class keeps ok, rejected:pool and in flight at 0 too, any other count only where A or B has one. "+
				TooFewKey(true)+". \""+SoonerKey+"\": a count that could be chance that B's requests ending sooner explains (the class's p50 lower beyond chance): more ended (ok, failed, timed out, turned away after it was accepted) and fewer in flight, together no more than the class's arrivals in that shift; the p50 row is named in the lesson line. "+
				"» under the table: the lesson, from the judged rows only. It is a trade when B is better in some rows and worse in others (B worse: …; B better: …). A class's ok is said with its not ok (arrived − ok, A → B), and of that, in flight and every other part, so they add up. The fallback's canned replies count as not ok (a degraded answer, not a success): beside them, the parts are the errors; beside the rejected, the failed or timed out, the canned replies stand apart. Short of room, the changes are named without their figures, \"signup and health: ok and p99\", then \"and 3 more gains\" or \"losses\": the side's other rows beyond chance, in the table above. Where it is no trade, the lesson is what users got, beside the calls below the pool that differ (\"unseen by users, the calls differ\"). "+
				"\"not judged yet\": one side turns away now what the other still holds in a queue that is filling, so no count can judge them yet: when that queue is full, then turns away too, and what one arriving now waits there. \"its not ok ended another way\": a class whose ok held while one ended outcome rose and another fell, the same requests ended another way (in flight is no end)"),
			word("changes", "the settings keys pressed in this run, numbered, with the run time; each is marked on the charts by its number over a dotted line"),
		}),
	)
}

// word is a word on the screen and what the help says it means.
func word(label, meaning string) Item { return Item{Label: label, Value: meaning} }

// NotStarted is the snapshot of a lab on c that has not run yet: its pool empty, its
// mechanisms as their settings say (what the screen draws before the first snapshot).
func NotStarted(c Config) *Snapshot {
	s := &Snapshot{Config: c, Pool: PoolStats{Size: c.Pool.Workers, QueueCap: int(c.Pool.Queue), Unbounded: c.Pool.Queue.Unbounded(),
		Discipline: c.Pool.Discipline, Workers: make([]Worker, c.Pool.Workers)}}
	for _, m := range mechanisms {
		if m.idle != nil {
			m.idle(c, s)
		}
	}
	return s
}

// WayItems are the payment call's way down, for its panel: the calls per payment, the
// chain's, the retries and the duplicates, the core's and each mechanism's; nil when the run
// has none of a chain, retries or impatient users.
func WayItems(s *Snapshot) []Item {
	if len(s.Hops) == 0 && !s.Retried() && s.Classes[Payment].Duplicates == 0 && s.Config.Traffic.Payment.ResubmitAfter == 0 {
		return nil
	}
	var out []Item
	for _, f := range ranked(coreWay, func(m *mechanism) []part[func(*Snapshot) []Item] { return m.way }) {
		out = append(out, f(s)...)
	}
	return out
}

// coreWay is the core's item on the way down: the impatient users' duplicates.
var coreWay = at(50, func(s *Snapshot) []Item {
	dups, after := s.Classes[Payment].Duplicates, s.Config.Traffic.Payment.ResubmitAfter
	if dups == 0 && after == 0 {
		return nil
	}
	return []Item{{Label: "duplicates", Value: FmtCount(dups), Note: fmt.Sprintf(" (users who pressed again after %s)", FmtDur(after.D()))}}
})

// NumberWords are the numbers the mechanisms (and the impatient users) put on the screen
// beyond the table's columns, each with what the help says it means.
func NumberWords() []Item {
	var out []Item
	for _, words := range ranked(coreNumbers, func(m *mechanism) []part[[]Item] { return m.numbers }) {
		out = append(out, words...)
	}
	return out
}

// coreNumbers are the core's: the impatient users' duplicates.
var coreNumbers = at(50, []Item{
	word("duplicates", "arrivals that were an impatient user's second try (traffic.payment.resubmit_after); counted in arrived too"),
})

// PaymentSeries is the measure of the payments a mechanism in force charts each second, if
// one does: the first in registration that has one (only one does: an adaptive limit).
func PaymentSeries(s *Snapshot) (Series, bool) {
	for _, m := range mechanisms {
		if m.series != nil {
			if series, ok := m.series(s); ok {
				return series, true
			}
		}
	}
	return Series{}, false
}

// fullGap is what the line says of the gap between the share of arrivals that found the
// pool full and its share of the time. Random arrivals find it full as often as it is, so
// those turned away less the arrivals the full time holds at the run's rate (due) have mean
// 0 and a spread of the square root of the latter (PASTA's martingale); within 2 of those,
// chance; from 2 (1 run in 20) to 3 the line says how rare, past 3 nothing (the shares
// bare); past 2, for more than due and no more
// than one a spell, the lab's race: an arrival due as a worker's reply is, woken with it,
// reaches the pool first, finds it full, and the worker frees just after into a gap with
// no arrival (newcomer 42 W3: seed 1 of loss-system, 26% of the frees that ended a spell
// came within 0.2ms after an arrival, where independent timing gives 6%).
type fullGap struct {
	said bool    // a gap worth a verdict: within 3 spreads, or the race
	more bool    // more found it full than due
	odds int     // past 2 spreads, chance's one-sided 1 in odds, as far off this way; 0 within them
	race bool    // more, past 2 spreads, and no more than one a spell: the race, not chance
	due  float64 // the arrivals the full time holds at the run's rate
	band float64 // 2 spreads of due: the ± printed beside it, the band the verdict is drawn at
}

// bandMeans are the forms, longest first, of what the ± beside the arrivals expected is:
// 2 square roots of the count expected, chance's band ("= 2√70.6, chance's band").
func (g fullGap) bandMeans() []string {
	sq := fmt.Sprintf("= 2√%s, chance's band", g.dueShown())
	return []string{
		sq + ": 2 standard deviations of a random (Poisson) count; 19 draws in 20 fall within it",
		sq + " (2 standard deviations of a random count)",
		sq,
	}
}

// dueShown writes the arrivals expected, the product of the full seconds and the rate as
// shown, as a count of workers is, to the tenth under 100: "4.9s × 14.4/s ≈ 71" did not
// compute (70.56, newcomer 63 W5), nor "3.4s × 12.5/s ≈ 42" (42.5); from 100 whole, as 837
// for 836.92 is as close.
func (g fullGap) dueShown() string { return FmtWorkers(g.due) }

// dueAsShown is the arrivals expected as dueShown writes them, read back from the words, for
// a verdict on the figures printed.
func dueAsShown(due float64) float64 {
	v, _ := strconv.ParseFloat(FmtWorkers(due), 64)
	return v
}

// fullGapOf is the gap's fullGap, of the full seconds and the run's rate as shown, so that
// the reader's product is the one said; spells: how many times the pool became full.
func fullGapOf(rejected, spells int64, full, rate float64) fullGap {
	g := fullGap{due: full * rate, band: chanceBand(full * rate)}
	off, spread := float64(rejected)-g.due, math.Sqrt(g.due)
	if g.due <= 0 {
		return g
	}
	// Past chance as printed, for the race and the odds alike: "42±13" beside 55 found, 13
	// off, read as within it, where 41.6 expected made 13.4 past 2 × 6.45 (reviews 45, 46);
	// the expected as dueShown prints it, "41.6±13", 55 past it.
	past := math.Abs(float64(rejected)-dueAsShown(g.due)) > math.Round(g.band)
	if past && off > 0 && off <= float64(spells) {
		return fullGap{said: true, more: true, race: true, due: g.due, band: g.band}
	}
	if math.Abs(off) > 3*spread {
		return g
	}
	g.said, g.more = true, off > 0
	if past {
		g.odds = int(math.Round(2 / math.Erfc(math.Abs(off)/math.Sqrt(2*g.due))))
	}
	return g
}

// power writes an exponent as a superscript where it is a whole number ("²", the 368 of
// "0.99³⁶⁸"), as the README writes the knee's curve, else as "^1.5".
func power(e float64) string {
	if e != math.Trunc(e) || e < 0 || e > 1e9 {
		return fmt.Sprintf("^%g", e)
	}
	var b strings.Builder
	for _, d := range strconv.Itoa(int(e)) {
		b.WriteRune([]rune("⁰¹²³⁴⁵⁶⁷⁸⁹")[d-'0'])
	}
	return b.String()
}
