// CoDel: the pool's accept queue under controlled delay with adaptive LIFO, as Facebook runs
// its server queues ("Fail at Scale", ACM Queue, 2015; field guide §10; after Nichols and
// Jacobson's CoDel, RFC 8289). A queue that has been empty within the last interval is
// absorbing a burst: a request may wait up to the interval for a worker. One that has not is
// standing: a request may wait only the target, and a freed worker takes the newest. A
// request that outwaits its limit is turned away at it (rejected:codel). Its config section,
// defaults and validation rows, its discipline's rule, its rejection reason, its share of
// the forecast, its summary line, health item and words.

package lab

import (
	"fmt"
	"math"
	"time"
)

// CoDel is pool.discipline: codel.
const CoDel Discipline = "codel"

// CoDelConfig is pool.codel: the waits CoDel allows.
type CoDelConfig struct {
	Target   Duration `yaml:"target" json:"target"`     // the wait a request may have while the queue stands
	Interval Duration `yaml:"interval" json:"interval"` // the wait while it has been empty within the last interval
}

// RejectCoDel: a request waited in the accept queue past the limit its discipline gave it.
const RejectCoDel Reason = 6

var _ = registerReason(RejectCoDel, reasonDef{name: "codel", rank: 20, shown: coDelShown, why: noWorkerInTime,
	// Which limit, in figures (newcomer 26); a full queue's is rejected:pool.
	gloss: func(c Config) (string, string) {
		// Which limit applies, in the rule's figures and terms: "past CoDel's 100ms or 5ms"
		// asked which one for these (newcomer 28), and a pointer to the settings' "waits"
		// read as a riddle (newcomer 43 G-19).
		interval := FmtDur(c.Pool.CoDel.Interval.D())
		return fmt.Sprintf("waited past its CoDel limit, %s (%s if the queue was never empty in the last %s)", interval, FmtDur(c.Pool.CoDel.Target.D()), interval), "waited too long"
	},
	description: noWorkerInTime + ": waited in the accept queue past the limit CoDel gives it (pool.codel.interval while the queue has been empty within the last interval, " +
		"pool.codel.target where the queue was never empty in the last interval) and was turned away at it: no request the pool serves has waited longer. Not a full queue: that turns requests away as rejected:pool, as Java's ThreadPoolExecutor and resilience4j's bulkhead do" + starvation})

func init() {
	register(mechanism{
		name: "codel",
		rank: 110,
		defaults: func(c *Config) {
			// Facebook's numbers, "across a wide set of use cases".
			c.Pool.CoDel = CoDelConfig{Target: Duration(5 * time.Millisecond), Interval: Duration(100 * time.Millisecond)}
		},
		checks: func(c Config) []check {
			cd := c.Pool.CoDel
			return []check{
				{"pool.codel.interval", cd.Interval <= 0 || cd.Interval.D() > MaxLatency,
					fmt.Sprintf("must be more than 0s and at most %s (how long a request may wait while the queue has been empty within it), got %s", MaxLatency, cd.Interval)},
				{"pool.codel.target", cd.Target <= 0 || cd.Target > cd.Interval,
					fmt.Sprintf("must be more than 0s and at most pool.codel.interval (%s) (how long a request may wait where the queue was never empty in the last interval), got %s", cd.Interval, cd.Target)},
			}
		},
		summary: at(45, Report.coDelLines),
		health:  at(25, coDelHealth),
		words: func() []part[[]Item] {
			return at(25, []Item{word("CoDel", "the accept queue under controlled delay with adaptive LIFO, Facebook's variant (Ben Maurer, \"Fail at Scale\", ACM Queue 2015): "+
				"a request may wait for a worker up to pool.codel.interval while the queue has been empty within the last interval, "+
				"only pool.codel.target where the queue was never empty in the last interval, and then the newest is served first; past its limit it is turned away (rejected:codel); "+
				"the settings' \"waits ≤ 100ms; ≤ 5ms if never empty in the last 100ms\" is that rule in figures, the interval, then the target. "+
				"\"CoDel in 3–8s: 25 of all 75 turned away, 33%, within chance of 38%: ≈ no queue (Erlang B); pool 96% busy, forecast 93%\": those it turned away of every arrival over the table's /s seconds, every class's (payments' and signups' alike, so not the table's rej:codel, one class's since 0s; wider, \"of all 75 arrivals\"), those from the pool's first fill where the window holds any (before it none were turned away, so a share over them reads low beside the long run's), the seconds said first, for both figures measured; "+
				"then the share judged against Erlang B's long-run share for the pool with no queue, by the exact binomial test the narrator judges the pool's shares by. Within chance, CoDel's short waits nearly make it a pool with no queue (≈ no queue; wider, \"nearly a loss system, full means turned away (Erlang B's forecast with no queue; …)\"); narrower, the busy shares go, then \"≈ no queue\", the model named while it fits: at 80 columns \"within chance of 38% (Erlang B)\". "+
				"Beyond chance, why, where its figures show it: under the forecast with the workers busier than its share, \"its waits let in more than no queue would\", said only with the busy shares that show it (wider, \"fewer than with no queue, for a worker that frees while a request waits for one takes it\", where a pool with no queue leaves that worker idle until the next arrival); else, fewer arriving than the rates set, a lighter load, \"fewer arrived, 12/s of the 15/s set\" (over the forecast, \"more arrived\"); else the verdict alone. "+
				"Before the first whole second after the pool first filled is over, \""+SinceStart+": …\", every arrival so far, as the pool-full line says its share, and of fewer than 20 arrivals, no verdict: the share beside the forecast, \"(≈ no queue, Erlang B's forecast: 38% …)\". "+
				"\"pool 96% busy\" is measured over the same seconds, of each second's pool: each second's mean workers held over that second's workers, over the seconds the pool had any (\"in 4s of 5–10s\": 4 of them, a second with none between); \"forecast 93%\" is Erlang B's, the share of the workers the load it lets in keeps busy (30 × (1 − 38%) of the 20 workers set); before any second is measured, the forecast's alone, \"pool busy: forecast 93%\" after its 38%. Where payments' connections bound the share, \"forecast, the connections' bound\" in its place, judged against the bound, no queue being Erlang B's alone. Where the pool was not the size set every second (autoscaled, or resized), each says which: \"each second's pool 80% busy, forecast 93% of 64 workers\" (narrower, \"of 64\"). "+
				"Its limit is set as the request arrives; textbook CoDel (RFC 8289, for network queues) instead drops at the queue's head once every wait has stayed over the target for an interval")})
		},
	})
	registerDiscipline(discipline{name: CoDel, rank: 30, label: "CoDel",
		// Its name expanded where it first shows, the rule an item of its own beside it: the
		// two in one did not fit 80 columns, and "CoDel" alone was jargon (newcomer 34 #34).
		// Whose: its rule is not RFC 8289's, which a reader knowing CoDel expects (newcomer
		// 35 #18); the help says how they differ.
		setting: func(PoolConfig) string { return "CoDel (Controlled Delay, Facebook's variant)" },
		limit: func(p PoolConfig) []string {
			// Whose wait, and what "stands" means (newcomer 22: CoDel's own jargon).
			// When the target applies, in the rule's own terms (newcomer 26: "once a queue
			// persists, ≤ 5ms" beside a wait p99 of 93ms in a pool always full): the queue
			// held requests without a break for the interval when the request arrived.
			interval := FmtDur(p.CoDel.Interval.D())
			// "Not empty for 100ms" read as either (newcomer 28): never empty in the last 100ms.
			rule := fmt.Sprintf("≤ %s; ≤ %s if never empty in the last %s", interval, FmtDur(p.CoDel.Target.D()), interval)
			// Why it drops, where it fits: a queue that never empties serves no burst, it
			// only delays everyone in it (newcomer 34 #34).
			return []string{rule + " (a queue that never empties only adds delay)", rule}
		},
		rule: coDelRule})
}

// coDelRule is CoDel at work on the pool's queue: the interval for a request that arrives
// while the queue has stood no longer than it, else the target, and the newest first while
// it stands.
func coDelRule(p PoolConfig) QueueRule {
	target, interval := p.CoDel.Target.D(), p.CoDel.Interval.D()
	stands := func(standing time.Duration) bool { return standing > interval }
	return QueueRule{
		limit: func(standing time.Duration) time.Duration {
			if stands(standing) {
				return target
			}
			return interval
		},
		newest:  stands,
		expired: RejectCoDel,
	}
}

// coDelShown says CoDel is in force.
func coDelShown(s *Snapshot) bool { return s.Config.Pool.Discipline == CoDel }

// A CoDelForecast is what CoDel makes of a pool the load overfills. Its queue sheds the
// waiting, not the capacity: a request it serves waited at most the interval, and under
// overload, when the pool's workers each hold a request far longer than the interval,
// hardly any request outwaits a worker's call in the queue, so the pool is nearly a loss
// system: Erlang B turns away its share, and the workers carry A(1 − B) of the A erlangs
// offered, busy for that share of the time. A plain long queue keeps every worker busy.
//
// Blocking stays Erlang B where payments wait on their worker for a connection, whose bound
// (Forecast.LongRunLoss, the held lesson's "as with none") it only comes near: Busy, the
// load carried, A(1 − B) ÷ N, needs Erlang B's own B (with the bound, conn-pool-wait's
// workers come to just over 100% busy).
type CoDelForecast struct {
	MaxWait  time.Duration // the longest a request it serves waits for a worker: the interval
	Blocking float64       // the share turned away (Erlang B)
	Busy     float64       // the share of the workers busy: A(1 − B) / N
}

// CoDel is CoDel's forecast under f; ok false when the load fits the pool (it rarely queues).
func (f Forecast) CoDel(c PoolConfig) (cf CoDelForecast, ok bool) {
	if f.Fit != Overloaded || f.Workers <= 0 {
		return CoDelForecast{}, false
	}
	b := erlangB(f.OfferedLoad, f.Workers)
	return CoDelForecast{MaxWait: c.CoDel.Interval.D(), Blocking: b, Busy: f.OfferedLoad * (1 - b) / float64(f.Workers)}, true
}

// coDelLines is CoDel's line under the report's table: what it bounded, what it turned
// away, and the forecast of what it costs.
func (r Report) coDelLines() []string {
	c := r.Config.Pool
	if c.Discipline != CoDel {
		return nil
	}
	var turned int64
	for _, cr := range r.Classes { // a report's classes count by the reason's name
		turned += cr.Rejected[RejectCoDel.String()]
	}
	line := fmt.Sprintf("CoDel (Facebook's variant): a request the pool served waited at most %s for a worker (%s if the queue was never empty in the last %s); %d turned away at their limit (rejected:codel)",
		FmtDur(c.CoDel.Interval.D()), FmtDur(c.CoDel.Target.D()), FmtDur(c.CoDel.Interval.D()), turned)
	if f, ok := r.forecast.CoDel(c); ok {
		line += fmt.Sprintf("; forecast: it sheds waiting, not capacity, so the full pool is nearly a loss system: Erlang B(%.1f erlangs, %d workers) = %.0f%% turned away, the workers %.0f%% busy, against a long queue's 100%%",
			r.forecast.OfferedLoad, r.forecast.Workers, 100*f.Blocking, 100*f.Busy)
	}
	return []string{line}
}

// coDelMeasure is what CoDel's line measures over a span of seconds, to set beside the
// forecast's long run: the mean share of the pool its workers held, each second's held of
// that second's pool (the configured size would pass 100% where the pool grew, review 38a
// minor 3; a hair over a second's pool is the sample's timing, so none counts past it), and
// the arrivals CoDel turned away of those that arrived. span is the seconds counted, from
// the first to the last, and how many of them were where one with no pool lies between
// ("4s of 5–10s", review 39 m1, 40a m4); same says every one of them had a pool of the size
// the forecast is of; filled, that they began once the pool had first filled, so the share
// is like with like beside the forecast's and judged against it; due, the arrivals a second
// the rates set over them, and arrivedPerSec, those that came.
type coDelMeasure struct {
	busy, due, arrivedPerSec float64
	turned, arrived          int64
	span                     string
	same, filled             bool
}

// coDelMeasured is coDelMeasure over the table's /s seconds that had a pool, those from the
// pool's first fill where any are (as the pool's shares, PoolShares): the share turned away
// since the start counted the seconds before it, which turned none away, and "29%" read as
// off beside Erlang B's 38% and a busy share measured over 3–8s (newcomer 69 W4). Where the
// pool first filled in a second not yet over, none: those before it, "in 3–8s: 0 of 75
// turned away", read as CoDel turning none away of a full pool (review of s86b). ok is false
// with no second to measure.
func coDelMeasured(s *Snapshot, workers int) (m coDelMeasure, ok bool) {
	secs := s.filledSeconds()
	if m.filled = len(secs) > 0; !m.filled {
		if s.Pool.FullFrom > 0 {
			return coDelMeasure{}, false
		}
		secs = s.rateSeconds()
	}
	n, from, to := 0, 0, 0
	m.same = true
	for _, sec := range secs {
		if sec.Workers <= 0 {
			continue
		}
		var held float64
		for _, h := range sec.Held {
			held += h
		}
		m.busy += min(held, float64(sec.Workers)) / float64(sec.Workers)
		for c := range sec.Arrived {
			m.arrived += sec.Arrived[c]
			m.turned += sec.Rejected[c][RejectCoDel]
			m.due += sec.Rate[c]
		}
		if n == 0 {
			from = sec.T - 1
		}
		n++
		to, m.same = sec.T, m.same && sec.Workers == workers
	}
	if n == 0 {
		return coDelMeasure{}, false
	}
	if m.span = FmtSpan(from, to); n < to-from {
		m.span = fmt.Sprintf("%ds of %s", n, m.span)
	}
	m.busy, m.due, m.arrivedPerSec = m.busy/float64(n), m.due/float64(n), float64(m.arrived)/float64(n)
	return m, true
}

// atLoadArrived says turned of arrived is within chance of Erlang B at the load that arrived
// over m's seconds (the forecast's offered load scaled by arrived ÷ set): the lull or surge
// then explains a share beyond chance of the set load's.
func atLoadArrived(fc Forecast, m coDelMeasure, turned, arrived int64) bool {
	if m.due <= 0 {
		return false
	}
	at := erlangB(fc.OfferedLoad*m.arrivedPerSec/m.due, fc.Workers)
	return callShares([]shareCount{{turned, arrived}}, at)[0] == withinChance
}

// coDelHealth is what CoDel turned away, and the forecast of the pool it leaves.
func coDelHealth(s *Snapshot, w int) []Item {
	if s.Config.Pool.Discipline != CoDel {
		return nil
	}
	// Of how many, and the share beside the forecast's: "49 turned away (forecast: 38%)"
	// left the share to work out (newcomer 43 G-19). Over the seconds the busy share is
	// measured over, said first, for both (newcomer 69 W4); before them, since the start, as
	// the pool-full line says its share.
	fc := reportForecast(*s)
	m, measured := coDelMeasured(s, fc.Workers)
	turned, arrived, when := s.TurnedAway(RejectCoDel), s.Arrived(), SinceStart
	if measured {
		turned, arrived, when = m.turned, m.arrived, "in "+m.span
	}
	// Whose: every class's arrivals, "of all 75 arrivals", where "25 of 75" beside payments'
	// rej:codel 25 since 0s read as the same count (newcomer 72 G-2); briefest, "of all 75".
	value, brief, briefest := when+": none arrived", when+": none arrived", when+": none arrived"
	if arrived > 0 {
		all, arrivals := "all", " arrivals"
		if arrived == 1 {
			all, arrivals = "the", " arrival"
		}
		of := fmt.Sprintf("%s: %s of %s %s", when, FmtCount(turned), all, FmtCount(arrived))
		some, share := of+arrivals+" turned away", ", "+FmtShare(float64(turned)/float64(arrived), arrived)
		value, brief, briefest = some+" past their limit"+share, some+share, of+" turned away"+share
	}
	// Turned away as the screen says it elsewhere: the pool's long-run loss, which is Blocking
	// but where connections bound it (review 33 #2: 84% beside 83% for one fact).
	f, ok := fc.CoDel(s.Config.Pool)
	if !ok {
		return []Item{{Label: "CoDel", Value: value}}
	}
	// Erlang's term defined where it shows, or its meaning in its place where the definition
	// does not fit (newcomer 42 G10: never defined on screen); the model named, as the
	// narrator's forecasts are (newcomer 43 G-19). "no queue" is Erlang B's alone, in every
	// width: on the connections' bound it read as the connections having none, where
	// payments queue for one (review 39 m2, 40a m5).
	model, forecast, short := "Erlang B's forecast with no queue", "Erlang B's forecast", "Erlang B"
	erlang := fc.LongRunModel() != ConnBoundModel
	if !erlang {
		model, forecast, short = "forecast, the connections' bound", "forecast, the connections' bound", "the connections' bound"
	}
	// The busy share measured over the table's window, the chart's mean held, bare as the
	// screen's measures are, and the forecast's named after it, as "2.82× (forecast ≤ 3×)":
	// "workers 93% busy" alone read as measured (newcomer 45 G10), and "(Erlang B: workers
	// 93% busy, measured 96%)" as Erlang B measuring 96% (review of s90). Of which pool each
	// is, where they differ: the measured of each second's, the forecast's of the pool set
	// (an autoscaled one's most; review 39 m1), "of 20 workers" where it fits ("of 20" read
	// as of 20 arrivals; review s90b 3). Unmeasured, the forecast's alone, in the phrase it
	// has beside the measured: "pool 93% busy" was the measured's (review s90b 2).
	busy := fmt.Sprintf("pool busy: forecast %.0f%%", 100*f.Busy)
	of := "" // the longer form's "of 20 workers", where the pools differ
	if measured {
		busy = fmt.Sprintf("pool %.0f%% busy, forecast %.0f%%", 100*m.busy, 100*f.Busy)
		if !m.same {
			busy = fmt.Sprintf("each second's pool %.0f%% busy, forecast %.0f%% of %d", 100*m.busy, 100*f.Busy, fc.Workers)
			of = " workers"
		}
	}
	busier := busy + of
	loss := fc.LongRunLoss()
	figure := fmt.Sprintf("%.0f%%", 100*loss)
	// The share judged against the forecast's where they are like with like, both from the
	// pool's first fill, as the pool's shares are (shareVerdict): "33% (≈ no queue, Erlang
	// B's forecast: 38%" asked "38 or 29?" where every other forecast on screen had a
	// verdict (newcomer 70 W1). Where judged, "≈ no queue" is the verdict's conclusion,
	// said only within chance; beyond it, why, where the figures beside it show it. By the
	// pool's shares' rule (SharesJudgedBy): none against the connections' bound, a state the
	// shares were not measured in (review s88).
	call := tooFewToTell
	if judge := fc.SharesJudgedBy(); measured && m.filled && arrived > 0 && judge > 0 {
		call = callShares([]shareCount{{turned, arrived}}, judge)[0]
	}
	if call != tooFewToTell {
		// byBusy: the claim is shown by the busy shares, so no form says it without them.
		verdict, claim, claimBrief, byBusy := ", within "+chanceOf(loss), "", "", false
		switch {
		case call == beyondChance:
			// Why, where the line has the figures that show it, else the verdict alone: a
			// share under the forecast's read as the queue's doing on seed 14, where a lull
			// let in 12/s of the 15/s set and the workers were 83% busy, under its 93%.
			verdict = ", beyond " + chanceOf(loss)
			under := float64(turned) < loss*float64(arrived)
			came, due := FmtPerSec(m.arrivedPerSec), FmtPerSec(m.due)
			rates := fmt.Sprintf("%s of the %s set", came, due)
			switch {
			case under && math.Round(100*m.busy) > math.Round(100*f.Busy): // more carried than the forecast's
				claim = ": fewer than with no queue, for a worker that frees while a request waits for one takes it"
				claimBrief, byBusy = ": its waits let in more than no queue would", true
			case came != due && (under == (m.arrivedPerSec < m.due)) && atLoadArrived(fc, m, turned, arrived):
				// The load that came, not the set one, explains it: within chance of Erlang B
				// at it (review s88: a slight lull named as the cause of a gap it cannot explain).
				word, load := "fewer", "lighter"
				if !under {
					word, load = "more", "heavier"
				}
				claim, claimBrief = ": "+word+" arrived, "+rates+", a "+load+" load", ": "+word+" arrived, "+rates
			}
		default: // judged, so Erlang B's (SharesJudgedBy)
			claim, claimBrief = ": nearly a loss system, full means turned away", ": ≈ no queue"
		}
		// Narrower, the arrivals' word goes first ("of all 75", every class still), then the
		// busy shares where the claim stands without them, then the claim: the model named
		// while any form with it fits, for the 38% and the forecast's busy share are its
		// ("≈ no queue (pool 96% busy, forecast 93%)" at 120 columns, and "≈ no queue" at 80,
		// named none; review s90b 1, 4).
		said, saidBriefly, named := brief+verdict+claimBrief, briefest+verdict+claimBrief, " ("+short+")"
		forms := []string{value + verdict + claim + " (" + model + "; " + busier + ")", said + named + "; " + busier, saidBriefly + named + "; " + busier}
		if !byBusy {
			forms = append(forms, said+named, saidBriefly+named)
		}
		forms = append(forms, brief+verdict+named+"; "+busier, briefest+verdict+named+"; "+busier, brief+verdict+named, briefest+verdict+named, briefest+verdict)
		return []Item{{Label: "CoDel", Value: fittingValue("CoDel", w, withBriefer(forms, busier, busy)...)}}
	}
	// Which figure is the no-queue one, said beside it: "measured 96% in 5–10s: as with
	// no queue" read as the measured share's, and claimed more than "nearly" (review 38a
	// minor 2); why a no-queue model fits a queue of 100 said in the 120-column form too,
	// as "≈ no queue" (review 39 m2).
	// On the connections' bound, neither: review 39 m2 (and of s89: "nearly a loss system"
	// is the same claim).
	link, lossy := "≈ no queue, ", "nearly a loss system, full means turned away; "
	if !erlang {
		link, lossy = "", ""
	}
	figures := func(name string) string { return fmt.Sprintf(" (%s: %s; %s)", name, figure, busier) }
	long := fmt.Sprintf("%s: %s turned away; %s)", model, figure, busier)
	forms := []string{value + " (" + lossy + long, value + " (" + long, brief + " (" + long, brief + figures(link+forecast)}
	if erlang {
		forms = append(forms, brief+figures(link+short))
	} else { // "forecast" before the arrivals' word: the connections' bound alone reads as a limit
		forms = append(forms, briefest+figures(forecast))
	}
	forms = append(forms, brief+figures(short), brief+fmt.Sprintf(" (%s: %s)", short, figure), briefest+fmt.Sprintf(" (%s: %s)", short, figure))
	value = fittingValue("CoDel", w, withBriefer(forms, busier, busy)...)
	return []Item{{Label: "CoDel", Value: value}}
}
