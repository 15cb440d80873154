// Two runs compared: SameTraffic, the Comparison (its rows and differences) and how it is
// written.

package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
)

// SameTraffic returns b with a's traffic and duration, but for how b sends it: its traffic
// mode, users and think time stay b's, so a closed-loop run can be compared with an open-loop
// one at the same target rates, arrivals and seed.
func SameTraffic(a, b Config) Config {
	mode, users, think := b.Traffic.Mode, b.Traffic.Users, b.Traffic.Think
	b.Traffic, b.Duration = a.Traffic, a.Duration
	b.Traffic.Mode, b.Traffic.Users, b.Traffic.Think = mode, users, think
	return b
}

// Comparison is two runs of the same traffic and what changed from A to B.
type Comparison struct {
	Runs        [2]Report            `json:"runs"`
	Differences map[string]ClassDiff `json:"differences"` // B minus A, per class
	Rows        []ComparisonRow      `json:"-"`           // the table, as the live lab shows it too
	// Verdict is what users got in B, better and worse, as the line under the table says it.
	Verdict UsersVerdict `json:"verdict"`
}

// ClassDiff is B − A for one class.
type ClassDiff struct {
	OK       int64            `json:"ok"`
	Failed   int64            `json:"failed"`
	TimedOut int64            `json:"timed_out"`
	Rejected map[string]int64 `json:"rejected"`
	P99Ms    *float64         `json:"p99_ms"` // null when either run finished nothing: no latency to subtract (the table's "–")
	// P50Ms is there when the table has a p50 row: the p99 too few to judge, the p50 a result.
	P50Ms *float64 `json:"p50_ms,omitempty"`
	// CorrectedP99Ms is there when A and B send differently (closed against open loop):
	// the p99 with what the closed loop never sent put back, which for an open loop is its
	// p99 since arrival. The same system measured alike: it is what users got.
	CorrectedP99Ms *float64 `json:"corrected_p99_ms,omitempty"`
	// Significant maps each row of the class (by its counter's name, p99 included) to
	// whether its difference is larger than the runs' own noise explains; false for a latency
	// timed from different starts (closed against open loop), two measures given no verdict.
	Significant map[string]bool `json:"significant"`
	// Sooner maps each count that could be chance that B's requests ending sooner explains
	// (ComparisonRow.Sooner) to true; the others are left out.
	Sooner map[string]bool `json:"sooner,omitempty"`
}

// NewComparison puts two runs side by side.
func NewComparison(a, b Snapshot) Comparison {
	rows, v := Compare(&a, &b)
	return Comparison{Runs: [2]Report{NewReport(a), NewReport(b)}, Differences: differences(rows), Rows: rows, Verdict: v}
}

// differences is the table's rows by class, so the JSON and the table never disagree: the
// same classes, and no p99 difference where the table shows none. A counter the table
// leaves out is 0 in both runs.
func differences(rows []ComparisonRow) map[string]ClassDiff {
	out := map[string]ClassDiff{}
	for _, r := range rows {
		d, ok := out[r.Class.String()]
		if !ok {
			d.Rejected, d.Significant = map[string]int64{}, map[string]bool{}
			// Every counter of the class has its verdict: one the table leaves out is 0 in
			// both runs, no difference at all.
			for _, o := range Outcomes {
				d.Significant[o.Word()] = false
			}
			for _, reason := range Reasons {
				d.Rejected[reason.String()] = 0
				d.Significant[reason.Word()] = false
			}
			d.Significant[FateInFlight.Word()], d.Significant["p99"], d.Significant["p50"] = false, false, false
		}
		d.Significant[r.Counter] = r.Significant
		if r.Sooner {
			if d.Sooner == nil {
				d.Sooner = map[string]bool{}
			}
			d.Sooner[r.Counter] = true
		}
		v := r.B - r.A
		switch reason, rejected := strings.CutPrefix(r.Counter, rejectedPrefix); {
		case rejected:
			d.Rejected[reason] = v
		case r.Counter == OK.Word():
			d.OK = v
		case r.Counter == Failed.Word():
			d.Failed = v
		case r.Counter == TimedOut.Word():
			d.TimedOut = v
		case r.Latency() && !r.None[0] && !r.None[1]:
			v := round(ms(time.Duration(r.B))-ms(time.Duration(r.A)), 1)
			switch r.Counter {
			case "p50":
				d.P50Ms = &v
			case CorrectedP99:
				d.CorrectedP99Ms = &v
			default:
				d.P99Ms = &v
			}
		}
		out[r.Class.String()] = d
	}
	return out
}

// ComparisonRow is one counter of one class in both runs.
type ComparisonRow struct {
	Class   Class
	Counter string  // "arrived" (traffic modes differ), "ok", "failed", "timed out", "rejected:<reason>", "in flight", "p99", "p50" or CorrectedP99
	A, B    int64   // the counts; for p99 and p50, the latencies as time.Duration
	None    [2]bool // p99 and p50 only: nothing finished in that run, so it has no latency
	// Cannot is, on a count, that run's having nothing that could make it (Snapshot.CanBe):
	// its table half draws "–", and so does the row, not an impossible 0 (postmortem's
	// "rejected:deadline 0" beside postmortem-fix's, where its half drew "–").
	Cannot [2]bool
	// Significant says B − A is larger than the two runs' own noise explains (CompareClasses);
	// Better says which way it went: +1 B did better, −1 B did worse, 0 neither (not
	// significant, or a counter that is neither good nor bad: in flight, arrived).
	Significant bool
	Better      int
	// Unjudged says a p99 difference cannot be judged at all: the lower p99's interval has
	// no upper end (fewer than 368 samples), so no difference could ever be shown. Drawn
	// with "?", not "≈": it is not noise, it is too few samples to tell.
	Unjudged bool
	// Ended is, on a latency row, how many ended in A and in B, the counts its percentiles
	// are of: the faster run's is the one Unjudged is judged by, and "?"'s gloss sets the
	// most of them beside the 368 it needs (tooFewEnded).
	Ended [2]int64
	// P50TooFew says a p99 too few to judge had too few for its p50's bound as well (the
	// lower p50's interval has no upper end, under 6 ended): no p50 row stands in, and not
	// for being within noise; the "?" legend says so (review 27 #5).
	P50TooFew bool
	Ratio     bool // A and B are ratios in hundredths, as written ("calls/payment": 293 is 2.93×)
	// Unseen says the row counts calls below the pool (callRows: retries, hops, orphans,
	// calls at the dependency), which no user sees, not what became of their requests.
	Unseen bool
	// Method says the row differs only by how A and B were sent (not Judged: closed against
	// open loop, the same system): a count beyond chance, or a latency timed from different
	// starts whatever chance, but one too few can bound ("?"); drawn after MethodMark, never
	// better or worse (newcomer 19: "arrived +99" bare read as B served more). The corrected
	// p99, both timed alike, never is.
	Method bool
	// Chance is, on a count judged by pairs or blocks, its p-value before Holm's correction:
	// how often two runs of one system differ at least this unevenly; Units are its votes,
	// the pairs (or blocks, ByBlocks) that leaned to A and to B, requests alone counted as
	// votes of their side (NoiseRule cites one). Units is zero on the other rows.
	Chance float64
	Units  [2]int64
	// Label is the row's words on screen and in the markdown table where they say more than
	// Counter, which stays the JSON key whatever the configuration ("edge retries": retries).
	Label string
	// NoneOK is, on a latency row, how its class's requests ended where none ended ok in
	// either run ("time out", "fail", "fail or time out"): the latency is of failures, and a
	// shorter one is failing sooner, not serving faster (newcomer 14). Empty otherwise.
	NoneOK string
	// Sooner says a count that could be chance moved as its class's requests ending sooner in B
	// moves it (more ended, fewer in flight) by no more than that shift explains: the setup's,
	// not chance's, and no result either (n37 #25: timed out ≈ +4 beside "time out 610ms
	// sooner" read as plain noise). Drawn "+4 sooner", never ≈; Significant stays false.
	Sooner bool
	// Neither is, on a latency beyond noise judged neither better nor worse because its
	// class's counts moved (compare), which count: "fewer ended ok", "more ended ok", "more
	// turned away" or "fewer turned away". Empty otherwise.
	Neither string
}

// CorrectedP99 is the counter of the row a comparison of a closed loop with an open one
// adds after the p99 (CompareClasses).
const CorrectedP99 = "corrected p99"

// Name is the row's words on screen: its Label, or its Counter.
func (r ComparisonRow) Name() string {
	if r.Label != "" {
		return r.Label
	}
	return r.Counter
}

// Brief is the row's name in fewer words, where its whole name costs a screen lines: without
// whose payments a ratio is of (ThatCalled), which the halves' items say beside it.
func (r ComparisonRow) Brief() string { return strings.TrimSuffix(r.Name(), ThatCalled) }

// ThatCalled says of a ratio per payment that its payments are those that called.
const ThatCalled = " that called"

// P99 says the row is a p99, as measured or corrected, the rows a compare judges by their
// samples' count.
func (r ComparisonRow) P99() bool { return r.Counter == "p99" || r.Counter == CorrectedP99 }

// Latency says the row is a latency, not a count.
func (r ComparisonRow) Latency() bool { return r.P99() || r.Counter == "p50" }

// Noise says the row shows a difference that is not significant: drawn with "≈", never
// coloured, never called better or worse.
func (r ComparisonRow) Noise() bool {
	return !r.Significant && !r.Unjudged && !r.Sooner && !r.Method && r.A != r.B && !r.None[0] && !r.None[1]
}

// SoonerMark follows a count B's requests ending sooner explains (Sooner): "+4 sooner";
// SoonerKey says so where the table is shown.
const (
	SoonerMark = "sooner"
	// "Could be chance" first: "-3 sooner" beside another class's bare "-31" read as two
	// marks for one kind of drop (newcomer 40 #4); bare is beyond chance.
	SoonerKey = "n sooner: could be chance, as B's requests end sooner, so more had ended by the cut, not a result"
	// SoonerBrief is SoonerKey where a line has no room for the rest.
	SoonerBrief = "n sooner: could be chance, B's end sooner"
	// SoonerShort is SoonerBrief where the cited ≈ example needs the room for its row's name.
	SoonerShort = "n sooner: could be chance"
)

// TooFew says the row shows a p99 difference too few samples can judge (Unjudged): "?".
func (r ComparisonRow) TooFew() bool {
	return r.Unjudged && r.A != r.B && !r.None[0] && !r.None[1]
}

// verdict is how a row is judged before Holm's correction: by a p-value (p ≥ 0), or, for a
// percentile (p < 0), by its intervals, already decided in significant.
type verdict struct {
	p           float64
	significant bool
	more        int // +1: more is better, −1: fewer is better, 0: neither
	// twoWays is a latency A and B time from different starts (since sent, since arrival):
	// a difference of measures, not of runs, given no chance verdict (newcomer 48 W-minor-2:
	// "p50 A since sent, B since arrival ≈ +500µs" read as could be chance).
	twoWays bool
}

// CompareClasses is the comparison table: per class with traffic in either run, ok, failed,
// timed out, each rejection reason, in flight and p99, in that order. A counter that is 0
// in both runs is left out, but for ok, rejected:pool and in flight. When A and B send their
// traffic differently (closed loop against open loop), arrived comes first. A p99 too few
// to judge is followed by the p50 when the p50 is a result.
//
// Each row is judged: a count by the pairs of requests (countTest; with a closed loop, as
// two Poisson counts), the rest as Poisson counts; Holm's correction over those rows keeps
// the chance of calling any of them significant in a comparison of two identical runs at
// FamilyAlpha, as long as pairs fare independently. A fleet's do not: a replica pulled a
// little later in one run flips a whole stretch of requests at once. With a fleet on either
// side, a count is judged by blocks of consecutive requests instead (BlockSpan of schedule
// each, the sign test): fleet-domino against itself then calls a count significant in 2
// comparisons of 150, against 14 by pairs (README). The p99 and p50 are judged by their
// intervals (latencyDiffers), each a test of its own outside Holm's correction: they add
// their own small chance of a false result (README: telling a result from noise).
//
// A latency is better or worse only where the class's ok and turned-away counts do not
// differ: else B's latencies are of other requests (fewer finished, the slow ones turned
// away), a survivor's figure, not a gain or a loss; it stays a result, uncoloured.
func CompareClasses(a, b *Snapshot) []ComparisonRow {
	rows, _ := compare(a, b)
	return rows
}

// Compare is CompareClasses and its verdict on what users got.
func Compare(a, b *Snapshot) ([]ComparisonRow, UsersVerdict) {
	rows, away := compare(a, b)
	v := newVerdict(rows, away)
	v.Held = heldBy(a, b, rows)
	// A fixed cap: an adaptive limit's size is only where it starts.
	if bh := b.Config.Payment.Bulkhead; bh.Type != BulkheadNone && bh.Type != BulkheadAdaptive && bh != a.Config.Payment.Bulkhead {
		v.Cap = bh.Size
	}
	return rows, v
}

// turnedAway is a class's requests turned away for any reason, in A and B, and whether
// they differ beyond noise: one test at FamilyAlpha, outside Holm's correction, as the
// latencies are (it says which latencies are of the same requests, and what became of a
// class's lost ok in the verdict). notOK is the same of every request not ok (failed,
// timed out, turned away, or in flight): what became of a lost or won ok, all of it
// (newcomer 15: "health ok +52 (rejected 9 → 0)" left 43 timed out unsaid).
type turnedAway struct {
	moved
	notOK    moved
	inFlight [2]int64 // of notOK, those still in flight in A and B
	canned   [2]int64 // of notOK, those the fallback gave a canned reply in A and B
	cannot   [2]notOKCannot
}

// moved is a count of a class in A and B, and whether it differs beyond noise.
type moved struct {
	a, b    int64
	differs bool
}

func compare(a, b *Snapshot) ([]ComparisonRow, [numClasses]turnedAway) {
	type counter struct {
		name   string
		fate   Fate // the fate it counts; numFates: none (arrived, duplicates)
		more   int  // +1: more is better, −1: fewer is better, 0: neither
		always bool
	}
	counters := []counter{
		{OK.Word(), Ended(OK), +1, true},
		{Failed.Word(), Ended(Failed), -1, false},
		{TimedOut.Word(), Ended(TimedOut), -1, false},
	}
	for _, r := range Reasons {
		// The pool's rejections, and a fleet's balancer's, are its story: their row stays, at 0
		// too, where either run's table has their column (Reason.Shown): "rejected:pool 0 0"
		// beside two unbounded queues was a count impossible on both sides (review s90).
		always := (r == RejectPool || r == RejectBalancer) && (r.Shown(a) || r.Shown(b))
		// A reason is neither better nor worse on its own: a payment the bulkhead turns away
		// instead of the pool is turned away all the same (the verdict weighs them summed).
		counters = append(counters, counter{r.Word(), TurnedAway(r), 0, always})
	}
	counters = append(counters, counter{FateInFlight.Word(), FateInFlight, 0, true},
		counter{"duplicates", numFates, -1, false})
	if a.Config.Traffic.Mode != b.Config.Traffic.Mode {
		// The same target traffic sent two ways: how much of it was sent is the difference.
		counters = append([]counter{{TermArrived.Word, numFates, 0, true}}, counters...)
	}
	pairs := b.Pairs // the later look of the two
	if pairs == nil {
		pairs = a.Pairs
	}
	// A closed loop's users send as replies come: no request has a partner, and each count
	// is judged as two Poisson counts. A count that differs as much as arrived does (the
	// closed loop's ok, short by what it never sent) is a result, as arrived is.
	closed := a.Config.Traffic.Mode == Closed || b.Config.Traffic.Mode == Closed
	// A fleet's pairs fail together (a replica pulled later in one run flips a stretch of
	// requests): its blocks of consecutive requests are the units that fare independently.
	blocks := ByBlocks(a, b)
	var (
		rows     []ComparisonRow
		verdicts []verdict
		away     [numClasses]turnedAway
		latency  []int // the p99 and p50 rows: judged better or worse last (CompareClasses)
	)
	cannot := [2]notOKCannot{a.notOKCannot(), b.notOKCannot()} // each run's, the same for every class
	for _, c := range Classes {
		if !a.Active(c) && !b.Active(c) {
			continue
		}
		ca, cb := a.Classes[c], b.Classes[c]
		for _, k := range counters {
			var va, vb int64
			var p float64
			var units [2]int64
			switch {
			case k.name == TermArrived.Word:
				va, vb = ca.Arrived, cb.Arrived
				p = omissionTest(a, b, c)
			case k.name == "duplicates":
				va, vb = ca.Duplicates, cb.Duplicates
				p = poissonTest(va, vb, 1, 1)
			case closed:
				va, vb = ca.At(k.fate), cb.At(k.fate)
				p = poissonTest(va, vb, 1, 1)
				// Short by what was never sent, as arrived is ("ok ≈ +99" beside "arrived +99"):
				// what is left with the unsent put back is noise. Not only where it is
				// exactly that: with one request in flight, "ok ≈ +100" stood beside "sent of
				// 1000 due ≠ +99" (closed against open loop at 80x24).
				if va != vb && sign(vb-va) == sign(cb.Arrived-ca.Arrived) &&
					poissonTest(va+omitted(a, c), vb+omitted(b, c), 1, 1) >= FamilyAlpha {
					p = omissionTest(a, b, c)
				}
			default:
				va, vb = ca.At(k.fate), cb.At(k.fate)
				p, units = countTest(pairs, c, k.fate, va, vb, blocks)
			}
			if va == 0 && vb == 0 && !k.always {
				continue
			}
			row := ComparisonRow{Class: c, Counter: k.name, A: va, B: vb, Chance: p, Units: units}
			if k.fate < numFates {
				row.Cannot = [2]bool{!a.CanBe(k.fate), !b.CanBe(k.fate)}
			}
			if k.name == TermArrived.Word {
				// A closed loop's arrived is what it sent: said against what was due (newcomer 19).
				row.Label = fmt.Sprintf("sent of %s due", FmtCount(max(ca.Arrived+omitted(a, c), cb.Arrived+omitted(b, c))))
			}
			rows = append(rows, row)
			verdicts = append(verdicts, verdict{p: p, more: k.more})
		}
		// Every way turned away, and every request not ok, as ok% counts them.
		away[c] = turnedAway{moved{a: ca.RejectedTotal(), b: cb.RejectedTotal()}, moved{a: ca.Arrived - ca.OK, b: cb.Arrived - cb.OK},
			[2]int64{ca.InFlight, cb.InFlight}, [2]int64{ca.Fallback, cb.Fallback}, cannot}
		away[c].differs = awayTest(pairs, c, Fate.Away, away[c].a, away[c].b, closed || blocks) < FamilyAlpha
		n := &away[c].notOK
		n.differs = awayTest(pairs, c, Fate.NotOK, n.a, n.b, closed || blocks) < FamilyAlpha
		p99 := latencyRow(c, "p99", ca.Latency, cb.Latency, p99Of)
		p99At, p50At := len(rows), -1
		latency = append(latency, len(rows))
		rows = append(rows, p99)
		verdicts = append(verdicts, verdict{p: -1, significant: latencyDiffers(ca.Latency, cb.Latency, p99Of), more: -1})
		if p50 := latencyRow(c, "p50", ca.Latency, cb.Latency, p50Of); p99.TooFew() && latencyDiffers(ca.Latency, cb.Latency, p50Of) {
			p50At = len(rows)
			latency = append(latency, len(rows))
			rows = append(rows, p50)
			verdicts = append(verdicts, verdict{p: -1, significant: true, more: -1})
		} else {
			rows[len(rows)-1].P50TooFew = p99.TooFew() && p50.Unjudged
		}
		if none := noneOK(ca, cb); none != "" {
			for _, i := range latency {
				if rows[i].Class == c {
					rows[i].NoneOK = none
				}
			}
		}
		if a.Config.Traffic.Mode != b.Config.Traffic.Mode {
			// A closed loop's p99 since sent leaves out what it never sent (the stall it waited
			// out): an artefact of the measurement, said so in its label, as the ladders say it
			// (newcomer 29: "since arrival" read as from the schedule; "sent of 1000 due" above). Corrected, both
			// are timed from when each request was due: what users got, judged alike. A named
			// first, as its column stands first (newcomer 38 W6 read "B since sent, A since
			// arrival   925ms  2.5ms" as 925ms B's).
			since := fmt.Sprintf("A %s, B %s", a.Config.Traffic.Mode.Since(), b.Config.Traffic.Mode.Since())
			rows[p99At].Label = "p99 " + since
			verdicts[p99At].twoWays = true
			// The p50 too, timed as the halves time it: their tables and ladders give both
			// runs' p50s, which a table of p99s alone left uncompared (newcomer 40 #5). Where
			// it can be judged: "?" keys a p99 too few to judge.
			if p50 := latencyRow(c, "p50", ca.Latency, cb.Latency, p50Of); p50At < 0 && !p50.Unjudged {
				latency = append(latency, len(rows))
				rows = append(rows, p50)
				verdicts = append(verdicts, verdict{p: -1, more: -1})
				p50At = len(rows) - 1
			}
			if p50At >= 0 {
				rows[p50At].Label = "p50 " + since
				verdicts[p50At].twoWays = true
			}
			ka, kb := corrected(a, c), corrected(b, c)
			latency = append(latency, len(rows))
			rows = append(rows, latencyRow(c, CorrectedP99, ka, kb, p99Of))
			verdicts = append(verdicts, verdict{p: -1, significant: latencyDiffers(ka, kb, p99Of), more: -1})
		}
		_, risesA := a.P99Rising(c)
		if _, risesB := b.P99Rising(c); risesA || risesB {
			// A survivor's p99 (newcomer 17: postmortem's 11.5s beside 5,783 waiting, where
			// one arriving now waits ~29s): said so, and of the p50 judged in its place alike
			// (newcomer 29: "p50 3.98s 3.00s -980ms" under "p99 of ended", half of A in flight).
			rows[p99At].Label = "p99 of ended"
			if p50At >= 0 {
				rows[p50At].Label = "p50 of ended"
			}
		}
		if c == Payment {
			r, v := callRows(a, b)
			rows, verdicts = append(rows, r...), append(verdicts, v...)
		}
	}
	var ps []float64
	for _, v := range verdicts {
		if v.p >= 0 {
			ps = append(ps, v.p)
		}
	}
	holm := HolmSignificant(ps)
	okMoved := [numClasses]int{} // the sign of B − A in ok where it differs, else 0
	judged := Judged(a.Config, b.Config)
	for i, v := range verdicts {
		if v.p >= 0 {
			v.significant, holm = holm[0], holm[1:]
		}
		r := &rows[i]
		r.Significant = v.significant && r.A != r.B && !v.twoWays
		if r.Significant && judged {
			r.Better = v.more * sign(r.B-r.A)
		}
		// Timed from different starts, any difference is the method's, beyond chance or not;
		// but from too few, "?" first: no difference of either kind can be told (review 40a M1).
		r.Method = (r.Significant || v.twoWays && r.A != r.B && !r.None[0] && !r.None[1] && !r.Unjudged) && !judged && r.Counter != CorrectedP99
		if r.Counter == OK.Word() && r.Significant {
			okMoved[r.Class] = sign(r.B - r.A)
		}
	}
	// Where the counts differ a latency is of other requests. It is a result, but neither
	// better nor worse, where who finished could make it so: B faster with fewer ok or more
	// turned away (the slow ones gone), B slower with more ok or fewer turned away (the slow
	// ones kept). B faster while it finished more is better all the same (the second review:
	// a fleet's signup p99 3.03s → 3.6ms beside 579 more ok).
	// The reason is the one that moved the way that makes it neither (the review: a faster
	// p99 with more ok and more turned away read "(more ended ok)").
	for _, i := range latency {
		r := &rows[i]
		if !r.Significant || !judged {
			continue // neither already, and no result to explain
		}
		awayMoved := 0
		if t := away[r.Class]; t.differs {
			awayMoved = sign(t.b - t.a)
		}
		switch faster, ok := r.B < r.A, okMoved[r.Class]; {
		case faster && ok < 0:
			r.Neither = "fewer ended ok"
		case faster && awayMoved > 0:
			r.Neither = "more turned away"
		case !faster && ok > 0:
			r.Neither = "more ended ok"
		case !faster && awayMoved < 0:
			r.Neither = "fewer turned away"
		}
		if r.Neither != "" {
			r.Better = 0
		}
	}
	markSooner(rows, a, b)
	return rows, away
}

// markSooner marks the counts within noise that B's requests ending sooner explain
// (ComparisonRow.Sooner): where a class's p50 is lower in B beyond noise by d, its typical
// request ends d sooner, so a run cut at the same instant has up to its arrival rate × d
// more of them ended and as many fewer in flight. The p50, not the p99: a p99 that fell
// with the slowest few gone (health's 2.80s → 1.1ms in fleet-domino against its bulkhead)
// moves no typical request's end. Only the ends a request in flight reaches are marked (ok,
// failed, timed out, turned away after it was accepted), not a rejection at the door, which
// no request in flight becomes; and their rises together, not each alone, are what came
// out of in flight, so no more than its fall, nor than the shift explains (review 32 #8).
func markSooner(rows []ComparisonRow, a, b *Snapshot) {
	secs := max(a.Elapsed, b.Elapsed).Seconds()
	for _, c := range Classes {
		la, lb := a.Classes[c].Latency, b.Classes[c].Latency
		d := la.P50 - lb.P50
		if d <= 0 || secs <= 0 || la.Count == 0 || lb.Count == 0 || !latencyDiffers(la, lb, p50Of) {
			continue
		}
		most := int64(math.Ceil(float64(max(a.Classes[c].Arrived, b.Classes[c].Arrived)) / secs * d.Seconds()))
		var ended []int // the class's rows within noise that rose by ending: marked together or not at all
		var rise, fell int64
		inFlight := -1
		for i, r := range rows {
			switch {
			case r.Class != c:
			case r.Counter == FateInFlight.Word():
				inFlight, fell = i, r.A-r.B
			case !r.Significant && !r.Latency() && !r.Unseen && !r.Ratio && r.B > r.A && endedIn(r.Counter):
				ended, rise = append(ended, i), rise+r.B-r.A
			}
		}
		if rise <= min(fell, most) {
			for _, i := range ended {
				rows[i].Sooner = true
			}
		}
		if inFlight >= 0 && !rows[inFlight].Significant && 0 < fell && fell <= most {
			rows[inFlight].Sooner = true
		}
	}
}

// endedIn says a count is of requests that ended after they were in flight: ok, failed,
// timed out, or turned away after they were accepted (not at the door).
func endedIn(counter string) bool {
	switch counter {
	case OK.Word(), Failed.Word(), TimedOut.Word():
		return true
	}
	for _, r := range Reasons {
		if counter == r.Word() {
			return !r.def().atDoor
		}
	}
	return false
}

// corrected is class c's latency in s timed from when each request was due: a closed
// loop's with what it never sent put back, an open loop's as it is (sent when due).
func corrected(s *Snapshot, c Class) Percentiles {
	if s.Config.Traffic.Mode == Closed {
		return s.Classes[c].LatencyCorrected
	}
	return s.Classes[c].Latency
}

// noneOK is how a class's finished requests ended where none ended ok in either run, a and
// b: "time out", "fail" or "fail or time out"; empty where some did, or none finished.
func noneOK(a, b ClassStats) string {
	if a.OK > 0 || b.OK > 0 || a.Latency.Count == 0 || b.Latency.Count == 0 {
		return ""
	}
	failed := a.At(Ended(Failed))+b.At(Ended(Failed)) > 0
	timedOut := a.At(Ended(TimedOut))+b.At(Ended(TimedOut)) > 0
	switch {
	case failed && timedOut:
		return "fail or time out"
	case failed:
		return "fail"
	case timedOut:
		return "time out"
	}
	return ""
}

// awayTest is the p-value of "class c is turned away as often in B as in A" (va and vb
// requests at the fates in, every reason one counter: Fate.Away; or every fate not ok:
// Fate.NotOK), as countTest judges a fate by pairs; as two Poisson
// counts when pairs cannot say (no tally, a closed loop) or are not independent (a fleet's:
// then the test calls a clump a difference more readily, which only withholds a latency's
// better or worse, or names what became of a lost ok that did differ).
func awayTest(p *Pairs, c Class, in func(Fate) bool, va, vb int64, poisson bool) float64 {
	if p == nil || poisson {
		return poissonTest(va, vb, 1, 1)
	}
	toA, toB := p.DiscordantAmong(c, in)
	var aloneA, aloneB int64
	for _, f := range Fates {
		if in(f) {
			x, y := p.AloneAt(c, f)
			aloneA, aloneB = aloneA+x, aloneB+y
		}
	}
	return BinomialTest(toB+aloneB, toA+toB+aloneA+aloneB, 0.5)
}

// ByBlocks says a comparison of a and b judges its counts by blocks of arrivals, not by
// pairs of requests: a fleet is on either side (CompareClasses).
func ByBlocks(a, b *Snapshot) bool { return a.Fleet != nil || b.Fleet != nil }

// BlocksKey says, where ≈ stands in a comparison judged ByBlocks, how it was judged, in
// BlocksHow's forms, longest first; BlocksWhy says why, and why a burst stays noise: a
// block is one vote of the sign test, and a burst within a second is a few votes, fewer
// than Holm's level needs (all one way, 6 blocks give 2·2⁻⁶ = 0.03, more than 0.05 shared
// over a dozen rows).
func BlocksKey() [3]string {
	how := BlocksHow()
	return [3]string{ApproxMark + " " + how[0], ApproxMark + " " + how[1], ApproxMark + " " + how[2]}
}

// BlocksHow is BlocksKey without what ≈ means, where the rule line says it (NoiseRule):
// what a block is, the unit of a vote, and why a fleet's counts are judged so, longest
// first; the briefest, what a block is (newcomer 23: "judged by 200ms blocks of arrivals
// (fleet)": what is judged, and why only the fleet?; newcomer 25: what is a 200ms block,
// and what does it do to ≈?).
func BlocksHow() [3]string {
	per := "per " + FmtDur(BlockSpan) + " of arrivals, not per request"
	// "Counts by blocks", not "judged …, a vote each", which left newcomer 26 asking what a
	// vote is. Why, in plain words: "a fleet fails together" left newcomer 28 asking
	// why 15 → 0 is noise in a fleet and -20 beyond it in one lab. Noise is what is judged by
	// them: "counts by 200ms blocks" read as the table's counts per block (newcomer 29);
	// briefest, "noise by 200ms of arrivals", as long as "by 200ms blocks of arrivals" was.
	// Per span of arrivals, not per request: what a block does to noise (newcomer 31).
	return [3]string{"noise judged " + per + ": a fleet's failures come in clusters, so counts vary more",
		"noise judged " + per + ": failures cluster", "noise per " + FmtDur(BlockSpan) + " of arrivals"}
}

// BlocksWhy: see BlocksKey.
func BlocksWhy() string {
	return fmt.Sprintf("%s for a fleet: its failures come in clusters (a replica pulled), so counts vary more, and each %s of arrivals counts once, not each request; a burst in one second is a few blocks, too few to call",
		ApproxMark, FmtDur(BlockSpan))
}

// NoiseRule is the rule behind B − A's marks in one line, in forms longest first (newcomer
// 19: "how is 15 → 0 noise?" beside "timed out 43 0 -43", both runs one seed), naming only
// the marks the rows show (the review: "≈ chance can do it" where no row is ≈): what ≈
// means, shown on the ≈ count that most looks like a result, in tossed coins (the units of
// its test, pairs of requests or a fleet's blocks of arrivals, each leaning to A or B as a
// fair coin would if the runs differed in nothing); what a bare difference means; what ?
// means, and that the p50 under it is the row judged where one stands in (newcomer 12: one
// shift read twice), kept longest. The cited row is one whose chance alone is at least
// FamilyAlpha, so its odds never read as a result's, of 2 votes or more, under certainty.
func NoiseRule(rows []ComparisonRow, blocks bool, label func(Class) string) []string {
	forms, _, _ := NoiseRuleKeyed(rows, blocks, label)
	return forms
}

// NoiseRuleKeyed is NoiseRule and, for each form, whether it keys every mark the rows show:
// its last forms give up the sooner mark's and bare's keys to fit one line, where a
// screen with room for two lines keeps them (newcomer 38 G11: "-3 sooner" with no key);
// and whether it says how ≈ is judged, its test or a worked example (newcomer 39 G1:
// "ok ≈ -7" beside "+10" with no rule on screen), for a screen with room to keep it.
func NoiseRuleKeyed(rows []ComparisonRow, blocks bool, label func(Class) string) (forms []string, keyed, how []bool) {
	forms, keyed, how = noiseForms(rows, blocks, label)
	if !slices.ContainsFunc(rows, func(r ComparisonRow) bool { return r.Method }) {
		return forms, keyed, how
	}
	// Measured two ways, a difference beyond noise is the method's: said first, and kept
	// where the rest is cut (newcomer 19: closed-vs-open's bare "arrived +99").
	out := make([]string, 0, 2*len(forms)+3)
	for _, f := range forms {
		out = append(out, MethodMark+" differs by how each was sent, not better or worse · "+f)
	}
	for _, f := range forms {
		out = append(out, MethodMark+" by how sent · "+f)
	}
	// Rows none ≈, ?, nor bare (each 0 or ≠) leave forms empty: the whole sentence first all
	// the same, not only its cut forms (review L8's fixture, judged, drew "≠ by how sent").
	out = append(out, MethodMark+" differs by how each was sent, not better or worse", MethodMark+" by how sent, not better or worse", MethodMark+" by how sent")
	none := len(forms) == 0 // ≠ alone keys every mark only where no other is shown
	return out, append(append(slices.Clone(keyed), keyed...), none, none, none), append(append(slices.Clone(how), how...), false, false, false)
}

// noiseForms is NoiseRule's forms for ≈, bare and ?, and whether each keys every mark
// (NoiseRuleKeyed): each clause in its forms, longest first, cut a step at a time in the
// order of ruleSteps, so "?" and its p50 outlast the cited example and the bare one; and
// whether each says how ≈ is judged (its clause not yet cut to the plain words).
func noiseForms(rows []ComparisonRow, blocks bool, label func(Class) string) ([]string, []bool, []bool) {
	var cite *ComparisonRow
	noise, voted, bare, tooFew, method := false, false, false, false, false
	var stands p50Stands
	for i, r := range rows {
		method = method || r.Method
		shown := r.Approx()
		noise = noise || shown == ApproxMark+" "
		voted = voted || shown == ApproxMark+" " && r.Units[0]+r.Units[1] > 0
		bare = bare || shown == "" && r.Significant && r.A != r.B
		if shown == TooFewMark+" " {
			// Each "?" row's p50: shown under it, or hidden as too few or as could be chance.
			// One class's p50 row is no "see p50 row" for another's "?" (newcomer 38 W7:
			// long-queue vs codel, signup's p50 row shown, payment's hidden), nor one measure's
			// for another's: a corrected p99 has no p50 (review 40a M1).
			tooFew = true
			p := slices.IndexFunc(rows, func(p ComparisonRow) bool { return p.Class == r.Class && p.Counter == "p50" })
			switch {
			case r.Counter == CorrectedP99:
				stands.none = true
			case p >= 0 && rows[p].Significant:
				stands.judged = true
			case p >= 0: // timed two ways: shown whatever chance, never judged
				stands.shown = true
			case r.P50TooFew:
				stands.few = true
			default:
				stands.noise = true
			}
		}
		n := r.Units[0] + r.Units[1]
		if r.Noise() && n >= 2 && r.Chance >= FamilyAlpha && r.Chance < 1 && (cite == nil || abs(r.B-r.A) > abs(cite.B-cite.A)) {
			cite = &rows[i]
		}
	}
	var clauses [4][]string // ≈, bare, ?, sooner: each clause's forms, longest first; "" left out
	// ≈'s forms by index, kept as they are added: named, the cited example's last form (its
	// row still named); plain, the first no longer than the plain words; short, its
	// shortest words before its bare key. -1: none.
	named, plain, short := -1, -1, -1
	if noise {
		if cite != nil {
			clauses[0] = citedForms(rows, cite, blocks, label)
			named = len(clauses[0]) - 1
		}
		// One wording on every screen, cut, not reworded (newcomer 22 met four). Which chance:
		// "A vs B same traffic" left none (newcomer 29); the help says whose timing, and the test.
		// Beside ≠ the closed loop sent fewer than were due: not the same arrivals (review 19).
		why := approxWhy
		if method {
			why = approxWhySent
		}
		// The test in a line, where no row cites it: by votes only (a closed loop's counts
		// are judged as Poisson counts, no coins).
		tested := voted && !method
		if tested {
			clauses[0] = append(clauses[0], approxTest())
		}
		plain = len(clauses[0])
		clauses[0] = append(clauses[0], ApproxKey+": "+why, ApproxKey)
		// At 80 columns beside bare's and ?'s keys, the test's odds in the fewest words
		// early, where a sign test is what ≈ is (newcomer 40 #1: "≈ within noise" alone was
		// cryptic); else its why kept a step longer.
		short = plain
		if tested {
			short = plain + 1
		}
	}
	if bare {
		// About: the p99s and p50s are tested outside Holm's correction and add their own
		// small chance (CompareClasses).
		// Of a difference as large, not of this one: "bare: chance makes one about 1 time in
		// 20" read as "payment ok -31 is a 1-in-20 fluke" (newcomer 22).
		// "change": a bare 0 beside "unmarked: beyond noise" read as a change beyond noise
		// (newcomer 23); 0 is no change, and never a result (Significant is false).
		clauses[1] = []string{fmt.Sprintf("%s, which makes one under about 1 time in %d", UnmarkedKey, int(math.Round(1/FamilyAlpha))), UnmarkedKey, ""}
	}
	if tooFew {
		// One legend on every screen, cut only from its end (newcomer 34 met three that
		// read differently, and could not decode any): what "?" means, then where to look
		// instead, then why the count.
		clauses[2] = tooFewForms(stands)
	}
	if slices.ContainsFunc(rows, func(r ComparisonRow) bool { return r.Sooner }) {
		clauses[3] = []string{SoonerKey, SoonerBrief, SoonerShort, ""}
	}
	at := [4]int{}
	form := func() (string, bool) {
		var said []string
		keyed := true // no clause cut to nothing
		for i, c := range clauses {
			if len(c) > 0 && c[at[i]] != "" {
				said = append(said, c[at[i]])
			}
			keyed = keyed && (len(c) == 0 || c[at[i]] != "")
		}
		return strings.Join(said, " · "), keyed
	}
	f, k := form()
	if f == "" {
		return nil, nil, nil
	}
	forms, keyed, how := []string{f}, []bool{k}, []bool{at[0] < plain}
	for _, step := range ruleSteps(len(clauses[0]), named, plain, short) {
		for at[step.clause] < min(step.to, len(clauses[step.clause])-1) {
			at[step.clause]++
			if f, k := form(); f != forms[len(forms)-1] {
				forms, keyed, how = append(forms, f), append(keyed, k), append(how, at[0] < plain)
			}
		}
	}
	return forms, keyed, how
}

// approxTest is ≈'s rule in one clause, where no row is cited (citedForms), so "ok ≈ -7"
// beside "+10" reads as a rule (newcomer 39 G1). In plain words: "≈ within noise (sign test
// on paired requests): not beyond the 1-in-20 bar all counts share (Holm)" read garbled and
// as jargon to a workshop (n45 G4, n44 g3); the test's name stays in the help
// (ApproxTestName).
func approxTest() string {
	return ApproxKey + " (" + sharedBar + ")"
}

// ApproxTestName names the test behind ≈, for the help: what is tossed is a request paired
// with its twin of the other run, not the two counts (n42 G6 read a sign test on "5 → 6"),
// or blocks, with a fleet or a closed loop.
func ApproxTestName(blocks bool) string {
	if blocks {
		return "sign test on " + FmtDur(BlockSpan) + " blocks"
	}
	return "sign test on paired requests"
}

// sharedBar is the bar every count of the table shares, in plain words: Holm's correction
// keeps the chance that noise alone crosses it anywhere in the table under FamilyAlpha, so
// a row that chance alone makes 1 time in 40 may stay ≈ ("for the whole table": "counting
// every count compared" was hard to parse, newcomer 48 G-minor-3; "all rows together" read
// as a riddle, newcomer 56 #16).
// What Holm's correction does, in plain words, the why of "whole table": named alone, it
// explained nothing (newcomer 60 G16, 62 G16); the help names it and the test. After the
// key, in parentheses: "≈ could be chance: over 1 in 20 for the whole table, split over its
// rows" read as a riddle, its meaning lost in its figures (newcomer 64 G16), and so did "for
// the table as a whole" (newcomer 66): what the bar means, said as what chance does to the
// rows, fits the 120-column line.
var sharedBar = fmt.Sprintf("chance alone moves some row this far over 1 in %d", int(math.Round(1/FamilyAlpha)))

// ruleStep cuts a clause of the rule (0 ≈, 1 bare, 2 ?, 3 sooner) to its form at index to.
type ruleStep struct{ clause, to int }

// ruleSteps is the order the rule is cut in, ≈'s clause of n forms, the cited example's
// shortest form at named (-1: none), the plain words from index plain (before it the cited
// example and the test; from it the why, the odds at short where a test judged ≈, and the
// bare key): sooner, bare and ? to their short forms (?'s count given way), so the cited
// example, then the test, stand beside every key where two lines hold them (newcomer 39
// G1); sooner to its fewest words before the example loses its row (review 34 m4); ≈ to
// its shortest words before its bare key ("≈ within the 1-in-20 bar"), ? cut from its end
// (tooFewForms, at most 5 forms), ≈ to its key, bare out last: without colour nothing else
// says a bare +33 is a result (the review: 80x24 NO_COLOR kept "? too few: the p50 row
// under it is judged instead" and dropped "unmarked change: beyond noise").
func ruleSteps(n, named, plain, short int) []ruleStep {
	return []ruleStep{{3, 1}, {1, 1}, {2, 2}, {0, named}, {3, 2}, {0, plain - 1}, {0, short}, {2, 3}, {3, 3}, {2, 4}, {0, n - 1}, {1, 2}}
}

// citedForms is ≈'s clause on the cited row, longest first: "≈ chance: payment timed out 43
// → 47 is 4 requests (in flight 6 → 2), all one way: 4 tossed coins do that 1 time in 8".
func citedForms(rows []ComparisonRow, cite *ComparisonRow, blocks bool, label func(Class) string) []string {
	unit := "requests"
	if blocks {
		unit = "blocks of " + FmtDur(BlockSpan)
	}
	// The sign test is two-sided: its chance is of that many or more one way, either way.
	n, most := cite.Units[0]+cite.Units[1], max(cite.Units[0], cite.Units[1])
	lean := fmt.Sprintf("%s or more one way", FmtCount(most))
	if most == n {
		lean = "all one way"
	}
	odds := "more often than not"
	if cite.Chance <= 0.5 {
		odds = fmt.Sprintf("1 time in %d", int(math.Round(1/cite.Chance)))
	}
	a, b, _ := cite.Cells()
	// A count that moved as the class's in flight moved the other way is those requests
	// ending, said beside it (newcomer 19, hops: "timed out 44 → 47" beside in flight 5 → 2).
	ended := ""
	if i := slices.IndexFunc(rows, func(r ComparisonRow) bool {
		return r.Class == cite.Class && r.Counter == FateInFlight.Word() && r != *cite
	}); i >= 0 && sign(rows[i].B-rows[i].A) == -sign(cite.B-cite.A) {
		ended = fmt.Sprintf(" (%s %s → %s)", FateInFlight.Word(), FmtCount(rows[i].A), FmtCount(rows[i].B))
	}
	example := func(as string) string {
		what := label(cite.Class) + " " + cite.Name() + " " + a + " → " + b
		return fmt.Sprintf("%s chance: %s is %s %s%s, %s: %s tossed coins do that %s", ApproxMark, what, FmtCount(n), unit, as, lean, FmtCount(n), odds)
	}
	// With the bar ≈ stands for first, where it fits: the odds alone left ≈'s rule unsaid
	// (newcomer 40 #1).
	bar := "; " + approxTest()
	// Always named: "33 → 26 is 13 requests" alone left which row unsaid (review 34 m4).
	forms := []string{example(ended) + bar, example("") + bar, example(ended), example("")}
	return slices.Compact(forms)
}

// Judged says a comparison of a and b calls a difference better or worse. The same system
// measured two ways (closed against open loop) is no better or worse in B: what differs is
// the measurement, and it is a result, uncoloured.
func Judged(a, b Config) bool { return a.Traffic.Mode == b.Traffic.Mode }

// MeasuredTwoWays is what a comparison that is not Judged says instead of better and worse.
const MeasuredTwoWays = "measured two ways: " + NeitherBetter

// NeitherBetter is MeasuredTwoWays where the title already names the two ways.
const NeitherBetter = "not better or worse"

// quantileOf picks one percentile of a latency and its interval: p99Of or p50Of.
type quantileOf func(Percentiles) (time.Duration, QuantileInterval)

func p99Of(p Percentiles) (time.Duration, QuantileInterval) { return p.P99, p.P99In }
func p50Of(p Percentiles) (time.Duration, QuantileInterval) { return p.P50, p.P50In }

// latencyRow is class c's row for the percentile q picks, named counter: Unjudged when the
// lower of the two has an interval with no upper end (no difference could be shown).
func latencyRow(c Class, counter string, a, b Percentiles, q quantileOf) ComparisonRow {
	va, ia := q(a)
	vb, ib := q(b)
	r := ComparisonRow{Class: c, Counter: counter, A: int64(va), B: int64(vb),
		None: [2]bool{a.Count == 0, b.Count == 0}, Ended: [2]int64{a.Count, b.Count}}
	r.Unjudged = ![2]QuantileInterval{ia, ib}[r.faster()].HasHigh
	return r
}

// faster is which run's latency is the lower, 0 for A, 1 for B; A where they are equal.
func (r ComparisonRow) faster() int {
	if r.B < r.A {
		return 1
	}
	return 0
}

// tooFewEnded is the most a "?" row's faster run ended, as "?"'s gloss can say it without
// the tie-break a screen cannot show: the most either run ended, which bounds the faster
// one's whichever it is, where that is under the 368 a p99 needs; the faster run's own where
// the slower ended more, as "here ≤500" beside "needs ≥368" would read as enough. Newcomer
// 68: payments' 3.00s against 3.00s fell to B's 10, signups' 5.7ms against 5.7ms to A's 24,
// and "here ≤24" read wrong beside A's 36 payments.
func (r ComparisonRow) tooFewEnded() int64 {
	if most := max(r.Ended[0], r.Ended[1]); most < P99Needs() {
		return most
	}
	return r.Ended[r.faster()]
}

// latencyDiffers says two runs' percentiles (the one q picks) differ significantly: their
// intervals do not overlap, and the difference is more than a tenth and more than a
// millisecond, the resolution of the machine itself (timers, scheduling: a few
// milliseconds on a 3 s call, a few hundred microseconds on a 1 ms answer), which no
// sample count narrows. A p99 from under 368 samples has no upper end and never differs;
// the p50, needing only 6, then speaks for the class (CompareClasses): the same rule at the
// middle, where a shift that moves every request (a deadline passed on, a call that ends
// sooner) shows first.
func latencyDiffers(a, b Percentiles, q quantileOf) bool {
	if a.Count == 0 || b.Count == 0 {
		return false
	}
	va, ia := q(a)
	vb, ib := q(b)
	d := abs(int64(vb - va))
	return (ia.Below(ib) || ib.Below(ia)) && latencyShare*d > int64(max(va, vb)) && d > int64(latencyFloor)
}

// A latency difference within its intervals' reach, or smaller than a tenth of the larger
// or a millisecond, is not called a result: the help says these (latencyRule).
const (
	latencyShare = 10 // more than 1/latencyShare of the larger
	latencyFloor = time.Millisecond
)

// latencyRule is latencyDiffers in words, for the help.
func latencyRule() string {
	return fmt.Sprintf("the two percentiles' (each p99's, or the p50 row's) %.0f%% intervals, which must not overlap, and B − A, which must be more than a tenth of the larger and more than %s", 100*QuantileConfidence, FmtDur(latencyFloor))
}

// countTest is the p-value of "fate f of class c is as common in B as in A" (va and vb
// requests). A pair of requests at f in one run and not in the other is a discordant
// pair; with no difference each goes either way with probability ½ (McNemar's exact
// test). A request with no partner counts on its own side: given their sum, two Poisson
// counts of the same rate split as fair coins too, so both kinds are judged in one exact
// binomial test. Without a tally every request counts alone. With blocks, the units are
// blocks of consecutive requests instead (Pairs.Blocks): with no difference, a block whose
// difference is not 0 leans either way with probability ½ (the exact sign test).
// It returns the votes too: the units that leaned to A and to B (none without a tally).
func countTest(p *Pairs, c Class, f Fate, va, vb int64, blocks bool) (float64, [2]int64) {
	switch {
	case p == nil:
		return poissonTest(va, vb, 1, 1), [2]int64{}
	case blocks:
		toA, toB := p.Leaning(c, f)
		return BinomialTest(toB, toA+toB, 0.5), [2]int64{toA, toB}
	}
	toA, toB := p.Discordant(c, f)
	aloneA, aloneB := p.AloneAt(c, f)
	return BinomialTest(toB+aloneB, toA+toB+aloneA+aloneB, 0.5), [2]int64{toA + aloneA, toB + aloneB}
}

// poissonTest is the p-value of "va and vb are counts of events at the same rate", over
// exposures ea and eb (payments, for calls per payment): given their sum, vb is binomial
// with probability eb/(ea + eb).
func poissonTest(va, vb int64, ea, eb float64) float64 {
	if ea <= 0 || eb <= 0 {
		return 1
	}
	return BinomialTest(vb, va+vb, eb/(ea+eb))
}

// omissionTest judges arrived when one run sends open loop and the other closed: both
// were due the same schedule, so what differs is what a closed loop never sent (its users
// waiting for replies); those omissions are compared as two Poisson counts. The closed
// loop's omissions are shared among the classes as its users share their sends.
func omissionTest(a, b *Snapshot, c Class) float64 {
	return poissonTest(omitted(a, c), omitted(b, c), 1, 1)
}

// omitted is class c's share of what s's closed loop never sent; 0 for an open loop.
func omitted(s *Snapshot, c Class) int64 {
	if s.ClosedLoop == nil {
		return 0
	}
	total := TotalRate(s.Config.Traffic.Rates())
	if total <= 0 {
		return 0
	}
	return int64(math.Round(float64(s.ClosedLoop.NotSent()) * s.Config.Traffic.Rates()[c] / total))
}

func abs(v int64) int64 { return max(v, -v) }

func sign(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// Write renders the comparison in one of Formats.
func (c Comparison) Write(w io.Writer, format string) error {
	a, b := c.Runs[0], c.Runs[1]
	switch format {
	case FormatJSON:
		return writeJSON(w, c)
	case FormatMarkdown:
		fmt.Fprintf(w, "**poollab**: %s (A) vs %s (B), %s, %.1fs each, %s\n\n", markdownText(a.Preset), markdownText(b.Preset), SameTrafficNote(a.Config, b.Config), a.DurationS, TimingVaries)
	case FormatTable:
		// Both at once: a p99 here is not a lone run's of the same preset (newcomer 59 #16).
		fmt.Fprintf(w, "A = %s, B = %s: %s, %.1fs each, %s\n\n", a.Preset, b.Preset, SameTrafficNote(a.Config, b.Config), a.DurationS, TimingVaries)
	default:
		return errFormat(format)
	}
	if err := writeRows(w, format, c.table()); err != nil {
		return err
	}
	if lesson := Lesson(c.Rows, c.Verdict, a.Config.Traffic.Label); lesson != nil { // as the screen says it, in full
		fmt.Fprintln(w)
		writeLine(w, format, lesson[0])
	}
	fmt.Fprintln(w)
	// The keys of the marks shown only: "? … see p50 row" under a table with neither (closed
	// against open loop) spoke of what was not there (newcomer 40 #5).
	if slices.ContainsFunc(c.Rows, ComparisonRow.Noise) {
		writeLine(w, format, ApproxKey+": "+approxMeans)
	}
	method := slices.ContainsFunc(c.Rows, func(r ComparisonRow) bool { return r.Method })
	if slices.ContainsFunc(c.Rows, ComparisonRow.TooFew) {
		writeLine(w, format, TooFewKey(method))
	}
	if slices.ContainsFunc(c.Rows, func(r ComparisonRow) bool { return r.Sooner }) {
		writeLine(w, format, SoonerKey+": in flight lower, or the ends a request in flight reaches higher, all together no more than in flight fell, nor than the class's arrivals per second × how much sooner B's end (its p50 lower beyond chance)")
	}
	if method {
		writeLine(w, format, MethodMark+" differs by how each was sent (closed against open loop), not better or worse: the same system measured two ways")
	}
	if a.Fleet != nil || b.Fleet != nil { // judged ByBlocks: say why a clump stays ≈, as the screen does
		writeLine(w, format, BlocksWhy())
	}
	fmt.Fprintln(w)
	if err := writeRows(w, format, ladderRows(c.Runs[:], []string{"A ", "B "})); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for i, r := range c.Runs {
		for _, l := range r.summary() {
			writeLine(w, format, fmt.Sprintf("%c: %s", 'A'+i, l))
		}
	}
	if a.Config.Traffic.Mode != b.Config.Traffic.Mode { // the latencies are not measured alike: say how
		for i, r := range c.Runs {
			writeLine(w, format, fmt.Sprintf("%c: %s", 'A'+i, r.latencyNote()))
		}
	}
	return nil
}

// table is Rows as text: counts as they are, latencies in milliseconds.
func (c Comparison) table() [][]string {
	a, b := c.Runs[0], c.Runs[1]
	out := [][]string{{"class", "counter", "A " + a.Preset, "B " + b.Preset, "B − A"}}
	for _, r := range c.Rows {
		if r.Latency() {
			a, b, diff := msCell(time.Duration(r.A), !r.None[0]), msCell(time.Duration(r.B), !r.None[1]), "–"
			switch {
			case r.None[0] || r.None[1]:
			case a == b: // as written, as the screen says it: not "+0.0 ms"
				diff = r.unchanged()
			default:
				diff = r.Approx() + fmt.Sprintf("%+.1f ms", ms(time.Duration(r.B))-ms(time.Duration(r.A)))
			}
			out = append(out, []string{r.Class.String(), r.Name(), a, b, diff})
			continue
		}
		if r.Ratio {
			a, b, diff := r.Cells()
			out = append(out, []string{r.Class.String(), r.Name(), a, b, diff})
			continue
		}
		diff := fmt.Sprintf("%+d", r.B-r.A)
		if r.A == r.B {
			diff = r.noChange()
		}
		if r.Sooner {
			diff += " " + SoonerMark
		}
		out = append(out, []string{r.Class.String(), r.Name(), r.count(0, itoa), r.count(1, itoa), r.Approx() + diff})
	}
	return out
}

// Approx is what a difference that is noise is written after: "≈ " (Noise); "? " where
// too few samples could judge it, the same as shown too, which is no result either, as the
// screen's "? 0"; else nothing.
func (r ComparisonRow) Approx() string {
	switch {
	case r.Method:
		return MethodMark + " "
	case r.Noise():
		return ApproxMark + " "
	case r.Unjudged && !r.None[0] && !r.None[1]:
		return TooFewMark + " "
	}
	return ""
}

// ApproxMark marks a difference the two runs' own noise explains; ApproxKey says so where
// the table is shown, and approxMeans how it is judged, under a written one.
const (
	ApproxMark = "≈"
	// ApproxKey is what ≈ claims in the fewest words, which "≈ within 1-in-20 bar" left to
	// decode (n45 G4); at every width, as UnmarkedKey's "beyond chance" beside it ("≈ within
	// noise" at some widths and "could be chance" at others, review 38a m1). Not "chance ≥1
	// in 20": the rows are judged together (Holm), so a row that chance alone makes 1 time in
	// 40 can stay ≈ (review 34 M3).
	ApproxKey = ApproxMark + " could be chance"
	// UnmarkedKey says what a difference without a mark is, where colour cannot: a signed
	// one, so a bare 0 reads as no change ("unmarked change: beyond noise" read "rejected:pool
	// 0 0 0" as a change beyond noise, newcomer 28). "+n, -n", not "+n or -n": beside ≈'s and
	// "?"'s keys it fits 80 columns (newcomer 47 #5). Each key its mark, then its meaning,
	// as ≈'s and ?'s: "bare +n, -n: beyond chance" beside "? too few: p99 needs ≥368" read
	// as a list to decode (newcomer 64 G16).
	UnmarkedKey = "bare +n -n beyond chance"
	// NoChange is B − A where A and B are the same, a word, not "0": a bare 0 beside
	// UnmarkedKey still read as a result (newcomer 31).
	NoChange = "same"
	// RowsUnshown says where the table is titled what a counter missing from it is: each
	// class keeps ok, rejected:pool and in flight at 0 too, the rest only where not 0 in
	// both, a rule the help alone gave (newcomer 40 #2: health without rejected:bulkhead
	// beside payment's). Said of the count not shown, "is 0": "counts not shown: 0 in A and B"
	// read as the rule that counts 0 in both are not shown, beside "in flight 0 0 same"
	// (newcomer 58 W16). No longer: at 80 columns the title has room for this and no more.
	RowsUnshown = "a count not shown is 0 in both"
	// TooFewMark marks a p99 difference too few samples can judge; TooFewKey says so, and
	// what is judged instead.
	TooFewMark = "?"
	// TooFewZero is B − A where too few to judge are shown alike: a difference of 0 after
	// "?", as "? -100µs" is one; "? same" read as both "cannot judge" and "same" (n42 G6).
	TooFewZero = TooFewMark + " 0"
	// TooFewP50 follows TooFewBrief where a p50 had too few for its own bound: why its row is
	// missing, which "shown only if beyond noise" alone misread (review 27 #5).
	TooFewP50 = ", not if too few"
	// MethodMark marks a difference of how the runs were sent, not of the system (Method).
	MethodMark = "≠"
	// approxWhy is the noise of two runs of one seed, where the legend has room.
	approxWhy = "same arrivals, timing alone can do it"
	// approxWhySent is that noise beside a difference of how each was sent (Method), whose
	// runs did not get the same arrivals.
	approxWhySent = "two runs of one system can differ as much"
	approxMeans   = "no larger than the two runs' own noise explains (how it is judged: the help's \"A vs B\", or the README's \"Telling a result from noise\"); only the other differences are better or worse"
)

// The keys for "?": what it means, then where to look instead; how many a p99 needs is
// p99NotJudged's, said once after them.
const (
	// TooFewBrief is "?"'s key in the fewest words: too few of what (newcomer 25 could not
	// parse "? too few" at 80 columns), and where to look instead (newcomer 34 read "?" on a
	// 570ms gap above a p50 row beyond noise and could not tell why).
	TooFewBrief = TooFewSee + ", shown only if beyond chance"
	// TooFewSee is TooFewBrief short of its condition, where a p50 row is shown below.
	TooFewSee = TooFewMeans + "; see p50 row"
	// TooFewMeans is TooFewBrief cut to what "?" means, where 80 columns hold no more: too
	// few to judge (n44 g3: "too few ended to judge" left "too few" unsaid); "?" stands on a
	// p99 row. The count, 368, in p99NotJudged's line, which says what it is for: "? too few:
	// p99 needs ≥368 ended" beside the half's "p99 of <100: slowest" read as a second rule
	// for one thing (newcomer 64 G16, m16).
	TooFewMeans = TooFewMark + " too few to judge"
	// TooFewNoP50 is TooFewBrief where the table shows no p50 row at all, before why none:
	// "see p50 row" sent a reader looking for one that was not there (newcomer 35 #12), and
	// "no p50 row: within noise" read as the p99 within noise (n36 #6).
	TooFewNoP50 = TooFewMeans + "; " + P50Hidden + ": "
	// P50Hidden is one phrase, never two notes: wrapped as "p50" / "row hidden" it read as
	// two (newcomer 59 G-minor 16).
	P50Hidden = "p50 row hidden"
)

// TooFewNoCorrected follows "?"'s key where a corrected p99 is "?": the p50 row beside it
// is timed two ways, no stand-in for it (review 40a M1).
const TooFewNoCorrected = "; no corrected p50"

// TooFewKey says what "?" means where a comparison is written, the screen's words
// (tooFewForms) and then the rest: one wording on screen, in the report and in the help
// (newcomer 16 read three); the ≠ rows' case only where one is (method), as a report of two
// runs sent alike has none (review 41b).
func TooFewKey(method bool) string {
	// The longest form, the p50's too few case in it, then the rest only: each said once
	// (review 27 #6 read the p50 row and 368 twice in one sentence).
	key := tooFewForms(p50Stands{judged: true, few: true, noise: true})[0] + fmt.Sprintf("; a table's p99 of fewer than %d is the slowest of them; so its difference is neither a result nor noise, the p99's B − A shown after \"%s\" all the same",
		EnoughSamples, TooFewMark)
	if method {
		key += fmt.Sprintf("; beside %s, a p99 timed two ways from too few is \"%s\" too, its p50 row shown whatever chance, and a corrected p99 has none (\"%s\")",
			MethodMark, TooFewMark, strings.TrimPrefix(TooFewNoCorrected, "; "))
	}
	return key
}

// TooFewWhy is "?"'s key on screen with how many a p99 needs and why (TooFewBrief where
// there is no room): TooFewBrief, lengthened at its end.
func TooFewWhy() string {
	// Why that many, in the words of the interval (newcomer 15: "why 368?"): under it, the
	// p99's 95% interval has no upper end, 1 − 0.99ⁿ < 97.5%.
	return TooFewBrief + "; " + p99NotJudged()
}

// TooFewGloss is how many a p99 needs to judge B − A, and why, in a line of its own, its
// forms longest first (the last in 80 columns), for a rule form with "?" that does not say
// it (80 columns' one line: newcomer 54 read "needs ≥368" unexplained); nil for a form that
// says it, or has no "?". The order statistic's reading of the help's interval: the slowest
// of n is the upper end of a 95% interval for the true p99 only from that many. Keyed "?"
// and beside the most the rows' "?" may have in their faster run ("here ≤36", tooFewEnded):
// "judged from 368 ended" read as a count of this run, where payments had 36 (newcomer 65 G16).
func TooFewGloss(form string, rows []ComparisonRow) []string {
	if !strings.Contains(form, TooFewMeans) || strings.Contains(form, p99NotJudged()) {
		return nil
	}
	var most int64
	for _, r := range rows {
		if r.Unjudged {
			most = max(most, r.tooFewEnded())
		}
	}
	n, odds := P99Needs(), p99Odds()
	return []string{TooFewMark + " too few: " + p99NotJudgedHere(most),
		// The odds beside the count they hold for, not after "here ≤36", where they read as
		// this run's (newcomer 74: 36 ended give 1 − 0.99³⁶ = 30%).
		fmt.Sprintf("%s: a p99's B − A needs ≥%d ended in the faster run for %s%% odds the slowest ≥ true p99, here ≤%d", TooFewMark+" too few", n, odds, most),
		fmt.Sprintf("%s p99 B − A needs ≥%d ended for %s%% odds the slowest ≥ true p99, here ≤%d", TooFewMark, n, odds, most),
	}
}

// p50Stands is what the "?" rows of a table have for a p50 (tooFewForms): a row under one
// shown only as it differs beyond chance (judged), or whatever chance, timed two ways
// (shown); none, as it had too few too (few) or could be chance (noise); or none of its
// measure at all, a corrected p99 (none).
type p50Stands struct{ judged, shown, few, noise, none bool }

// tooFewForms is "?"'s clause of the rule, longest first, each the one before cut at its
// end, so every screen says it alike (newcomer 34); "see p50 row" kept a step longer where
// every "?" has one shown, at 100 columns; and where a "?" row's p50 had too few too,
// TooFewP50 after it, kept while it is. Where no p50 row is shown, TooFewNoP50 says why:
// could be chance, too few, or either; and a corrected p99's "?", that it has none.
func tooFewForms(s p50Stands) []string {
	brief := TooFewMeans
	switch {
	case s.judged && s.few:
		brief = TooFewBrief + TooFewP50
	case s.judged:
		brief = TooFewBrief
	case s.shown && s.few:
		brief = TooFewSee + TooFewP50
	case s.shown:
		brief = TooFewSee
	case s.few && s.noise:
		brief = TooFewNoP50 + "could be chance or too few"
	case s.few:
		brief = TooFewNoP50 + "too few for it too"
	}
	// Where the p50s could be chance (s.noise alone), no word of them: "p50 row hidden: could
	// be chance" read as a riddle (newcomer 64 G16), and no row points to one; the help and
	// the report say the rule (TooFewKey: shown only if beyond chance).
	if s.none {
		brief += TooFewNoCorrected
	}
	why := brief + "; " + p99NotJudged()
	// Why 368, in one line (newcomer 48 G-minor-3): the order statistic's binomial odds.
	// The odds are p99NotJudged's, said once (newcomer 63 G16 put them there).
	forms := []string{why + ": under it, a p99's 95% confidence interval from n ended, by the binomial order statistic, has no upper end", why, brief}
	// "see p50 row" alone only where every "?" has one
	if every := (s.judged || s.shown) && !s.few && !s.noise && !s.none; every && brief != TooFewSee {
		forms = append(forms, TooFewSee)
	}
	if brief != TooFewMeans {
		forms = append(forms, TooFewMeans)
	}
	return forms
}

// p99NotJudged is the compare's count for a p99 in the words of the table's ("p99 of fewer
// than 100 is the slowest of them"): one rule, two counts, each with its why, in a
// newcomer's words ("has no 95% upper bound" was jargon round a bare number, newcomer 35
// #13). What 368 is for, B − A, said first: beside the table's "p99 of <100: slowest" (what a
// p99 of few is), "p99 needs ≥368" read as a second rule for the same (newcomers 60 W16, 64
// m16). Words before figures: the odds that the slowest of n reaches the true p99 are 1 −
// 0.99ⁿ, 97.5% from 368 on (newcomer 64 G16). "Needs ≥368", a minimum, in the run a bound
// is drawn from: "judged from 368 ended" read as this run's count (newcomer 65 G16).
func p99NotJudged() string { return p99NotJudgedHere(0) }

// p99NotJudgedHere is p99NotJudged with the most a "?" row's faster run ended here
// (tooFewEnded; 0: none said).
func p99NotJudgedHere(most int64) string {
	n, here := P99Needs(), ""
	if most > 0 {
		here = fmt.Sprintf(", here ≤%d", most)
	}
	return fmt.Sprintf("a p99's B − A needs ≥%d ended in the faster run%s (%s%% odds their slowest ≥ true p99: 1 − 0.99%s)", n, here, p99Odds(), power(float64(n)))
}

// p99Odds is the odds, in percent, that the slowest of P99Needs ended passes the true p99:
// 1 − 0.99ⁿ, 97.5% from 368 on.
func p99Odds() string { return trimZero(fmt.Sprintf("%.1f", 100*(1+QuantileConfidence)/2)) }

// msCell writes a latency in milliseconds, or "-" when nothing was measured.
func msCell(d time.Duration, measured bool) string {
	if !measured {
		return "-"
	}
	return fmtMs(ms(d), true) + " ms"
}

// The two text formats share their table and line writers with Report.
func writeRows(w io.Writer, format string, rows [][]string) error {
	if format == FormatMarkdown {
		for i, row := range rows {
			cells := make([]string, len(row))
			for j, c := range row {
				cells[j] = markdownText(c) // a preset's name heads a column
			}
			fmt.Fprintln(w, "| "+strings.Join(cells, " | ")+" |")
			if i == 0 {
				fmt.Fprintln(w, "|---"+strings.Repeat("|--:", len(row)-1)+"|")
			}
		}
		return nil
	}
	return writeAligned(w, rows)
}

func writeLine(w io.Writer, format, line string) {
	if format == FormatMarkdown {
		line = "- " + markdownText(line)
	}
	fmt.Fprintln(w, line)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func errFormat(format string) error {
	return fmt.Errorf("%w: format %q: choose one of %s", ErrInvalid, format, strings.Join(Formats, ", "))
}
