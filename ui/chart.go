package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/guptarohit/asciigraph"

	"poollab/lab"
)

// chartAxisW is the most room the y axis takes: labels of up to 5 digits and the axis line.
const chartAxisW = 7

// chartSpec is one time-series chart: a series per class over the whole seconds of the run.
type chartSpec struct {
	title string
	// short is the title where title does not fit ("" : title, cut): never cut mid-word
	// where the cut word is the one reason a side draws (the second review).
	short string
	// bare is the title in a word, where only it leaves room for the key to someMark: what
	// short says more ("every reason"), the table's columns say too; the workers chart's
	// "(of 80; 20 in rotation)", its strips' "0–80" and, at 80x24, the replicas' rows above
	// it, where "workers held (of 80; 20 in rotation)" left its ▁▃▅▇ unkeyed (newcomer 41
	// G10). "": none.
	bare string
	// narrowest is short less its clause, the title where short does not fit either, never
	// cut ("": short, cut): a fleet's "workers held (of 80)" in a compare half.
	narrowest string
	value     func(sec *lab.Second, class int) float64
	// atLeast is what the y axis reaches for a side, whatever the values: in compare mode
	// both sides' (the pool's size differs between them).
	atLeast func(s *lab.Snapshot) float64
	unit    string // after each value in the legend: "" or "/s"
	// keyUnit is what the key's step and least count where unit is "", its legend's
	// figures bare beside the title that says it: "steps of 12.5" had no unit (review 24).
	keyUnit string
	leaves  func(c lab.Class) bool // a class this chart leaves out; nil: none
	// legend is the legend's figure per class, what it is ("mean 1–6s") and that in fewer
	// cells for a narrow chart; nil: the last second's sample ("sampled at 6s", "6s
	// sample"), which is what the line ends on.
	legend func(s *lab.Snapshot) (what, short string, of func(class int) float64)
	// counts names what the legend's figures count, before what they are where that fits
	// (the word, then the column's name): "mean 3–8s: P payment 0/s" beside an empty chart
	// of rejections read as no payments (newcomer 29). Empty: the title says it.
	counts lab.Term
	// peer is compare mode's other side (nil alone): the axis reaches its data too, so the
	// halves draw the same chart to one scale.
	peer *lab.Snapshot
	// span is the narrowest plot's room in this chart's row (plotRoom; 0: its own): charts
	// side by side show the same seconds, where 26 and 27 columns showed 10 and 15
	// (chartWindow).
	span int
	// pool says the values are workers held of atLeast (the pool): strips from 0 to it
	// whatever the data, a class holding a twentieth of a worker or more never drawn empty,
	// and each class's busiest second in the legend where it is not the last value. Scaled
	// to the data, breaker-trap's one worker of 20 filled a row labelled 0–1 and read as a
	// saturated pool (newcomer 19).
	pool bool
	// ok is what each class had answered ok each second, drawn as a strip (okMark) under
	// what arrived (value, arrivedMark), to the same scale: a set rate alone read as throughput
	// on the screen whose point is "ok 196/s of 500/s" (newcomer 19). nil: none.
	ok func(sec *lab.Second, class int) float64
	// measure names the one series where it is a mechanism's measure of the payments, not a
	// class ("limit", lettered L): "O orders 36" read as a traffic class (newcomer 28). Its
	// strip reaches atLeast, whole, as the workers chart beside it: "0–80" beside a pool of
	// at most 64 left the two to be matched by hand.
	measure string
	// sized says the axis reaches atLeast, a size, whatever the data: a bounded queue's.
	// Scaled to its data, a class's 29 waiting drew ▇ on "0–30" under "the queue of 100",
	// read as a queue almost full at 43 of 100 (newcomer 31).
	sized bool
	// traffic says the axis reaches atLeast, the traffic's (trafficReach), whatever the data
	// under it: scaled to its data, a chart of rejections drew one traffic to a different
	// top on each preset (n37 #1).
	traffic bool
	// topNote is where a traffic chart's top comes from (the func topNote), most words first,
	// said after the title in the most that fit: nil none.
	topNote []string
	// bursts are the reasons whose rejections the values are: where a second turned away
	// more than the class's peak rate (lab's Burst), the legend gives it, rejected of
	// arrived ("busiest 5–6s: 32 of 32 arrived"). nil: none.
	bursts []lab.Reason
	// blurred says the plot draws a second in fewer than two columns, not one each, the
	// title then without "each second": postmortem's 30 s on 48 columns drew 0.625 s a
	// column, seconds no run of columns could show, under "mean workers held (of 64) each
	// second" (newcomer 33). Set where the plot is laid out.
	blurred bool
}

// strips says spec is drawn as strips whatever its rows: a pool's, one with its ok, and a
// measure's, meant: the adaptive limit's one strip is to the pool's size, as the workers
// strip beside it, where a line's even axis reaches past it (a limit of 64 on 0–80,
// newcomer 28), at the price of a tall screen's finer rows.
func (spec chartSpec) strips() bool { return spec.pool || spec.ok != nil || spec.measure != "" }

// measureLetter is the letter of a measure's strip: its name's initial, upper case.
func (spec chartSpec) measureLetter() string { return strings.ToUpper(spec.measure[:1]) }

// least is the least value spec's strips draw as some (someMark): of a pool, what the
// legend writes as 0.1 or more (a trial call is not none; a breaker's rejection, holding a
// worker for microseconds, is); of counts and rates, any.
func (spec chartSpec) least() float64 {
	if spec.pool {
		return heldLeast
	}
	return math.SmallestNonzeroFloat64
}

// stripKeys say what a strip's blocks are, after a chart's title: the top, someMark's
// least and the step each block from ▁ to █ adds, in the chart's units; then, where the
// plot draws someMark (some), without the top, else without someMark. One key on every chart
// of strips: the eighths had none, and someMark's only where drawn (newcomer 28: "dividing
// the range by 8 in your head"), and "eighths of the range" left what ▁ is to reckon, 2.5
// workers of 20 or 10 of 80 (newcomer 31); one rule, whole in every form (newcomer 29: "⣀
// 0.05+" beside "⣀ some, under ▁"), from how much in every chart's units: a pool's from a
// twentieth (its row blank beside "some" contradicted the signups' 0.01 workers held,
// newcomer 25), the other charts' whole counts from one ("⣀ some" beside "⣀ 0.05+ workers"
// told ⣀ two ways on one screen, newcomer 31).
func (spec chartSpec) stripKeys(top float64, some bool) []string {
	step := top / lab.ChartBlocks
	switch {
	case !spec.pool && step <= 1:
		// A count's ⣀ never draws where ▁ starts at 1 or less: no rule, not "⣀ 1 to <0.625/s"
		// (review 29 ui #4).
		keyUnit := spec.unit
		if spec.keyUnit != "" {
			keyUnit = " " + spec.keyUnit
		}
		return stripKeys(step, top, fmtStep, keyUnit, "", false)
	case spec.keyUnit != "":
		// Its unit where it fits; where the chart is too narrow for it beside the bare title
		// (a compare half's queue chart at 125 columns), the top and steps bare. Where ⣀ is
		// drawn, the shortest forms leave the top, and so the unit, to the axis already.
		keys := stripKeys(step, top, fmtStep, " "+spec.keyUnit, "1", some)
		if !some {
			bare := stripKeys(step, top, fmtStep, "", "1", some)
			keys = append(keys, bare[len(bare)-1])
		}
		return keys
	}
	// Each form then the same without the unit the title or the strips' axis gives
	// ("workers held", "0–640/s┤"), so a step is cut only where the unit alone would not
	// make room: a fleet's title, whose replicas in rotation it says, left no room for the
	// key at 120x40 (newcomer 34 #21; the steps without the unit before the rule with it,
	// newcomer 36 #33), and the postmortem's arrivals missed the room for "/s" by a column
	// (newcomer 38 G4). At 120x40 a pool's every step with ⣀'s least before them fits in 59
	// columns bare, where "▁ 2.5+ ▂ 5+ … █ 20 workers" left ▃ to ▇ to reckon (newcomer 38
	// G4). The forms without the top carry no unit: said once.
	unit, from := spec.unit, "1"
	if spec.pool {
		unit, from = " workers", heldLeastWord
	}
	keys := stripKeys(step, top, fmtStep, unit, from, some)
	bare := stripKeys(step, top, fmtStep, "", from, some)
	var out []string
	for i := range keys {
		if out = append(out, keys[i]); bare[i] != keys[i] {
			out = append(out, bare[i])
		}
	}
	return out
}

// stripKeys are the key's forms (chartSpec.stripKeys), widest first, for blocks of step
// each up to top, written by write, the top in unit; someMark from its least, from, to under
// ▁'s start ("": nothing draws as someMark). Each block says where it starts, "▁ 2.5+":
// "▁…█ steps of 2.5 workers" left ▁ to be read as about 2.5, 0–2.5 or 2.5–5 (newcomer 33:
// a glyph is the floor of its band). Every step where it fits, then "▁ 3+ by 3":
// an ellipsis in every key left ▃ to ▇ to be reckoned (n37 #1). The top first, "█ 24/s ▁ 3+",
// as the scale moves from chart to chart with the traffic, so ▂ on one is not ▂ on the next
// (newcomer 48 W-minor-3), and someMark keyed one way on every chart, in the blocks' own
// grammar before ▁, "⣀ 1+ ▁ 3+": a rule "⣀ 1 to <3/s" on one chart beside "⣀ 1+ ▁ 5+" on
// the next keyed it two ways (newcomer 48 W-minor-3). Where ⣀ is drawn, the shortest forms
// leave the top to the strips' axis and keep ⣀ and where ▁ starts: a rule without the step
// left it to be worked out from the axis (newcomer 33).
func stripKeys(step, top float64, write func(float64) string, unit, from string, some bool) []string {
	var every []string
	for i := 1; i < lab.ChartBlocks; i++ {
		every = append(every, fmt.Sprintf("%c %s+", eighths[i], write(float64(i)*step)))
	}
	head := fmt.Sprintf("█ %s%s ", write(top), unit)
	all := strings.Join(every, " ")
	// Where not every step fits, ▁'s start and that each step adds as much, which decodes
	// every block: "█ 20 ▁ 2.5+ ▂ 5+ …" left ▃ to ▇ to reckon and read as a legend cut off, and
	// without the top, "⣀ 0.05+ ▁ 10+ ▂ 20+ …", gave nothing to reckon them from (newcomer
	// 60 G-minor 12/14/15).
	steps := every[0] + perLevel + write(step)
	if from == "" { // nothing draws as someMark
		return []string{"  " + head + all, "  " + head + steps}
	}
	lead := fmt.Sprintf("%c %s+ ", someMark, from)
	keys := []string{"  " + head + lead + all, "  " + head + lead + steps}
	if some {
		// The top left to the axis ("P 0–24/s┤"), then, where even that is too wide, ▁'s
		// start alone after ⣀: the blocks read against the axis, rather than no key at all.
		return append(keys, "  "+lead+steps, "  "+lead+every[0]+" …")
	}
	return append(keys, "  "+head+all, "  "+head+steps)
}

// perLevel follows ▁'s start where a strip's key gives the step, not every step: "▁ 2.5+ by
// 2.5", each block up from ▁ 2.5 more (▃ 7.5+), in no more room than "▁ 2.5+ a step", which
// left the step to be guessed (newcomer 63 G10–12): ", +2.5 a level" and "each +2.5" cost
// 120x40's charts their titles' "each second", "60 in rotation" and "height:". It tells a key
// that gives the step from one that does not.
const perLevel = " by "

// keysDrawn are keys' forms that key every mark of plot (every) and the rest (rule): where
// it draws a block, those that name the blocks' step (▁ and ▂, or ▁'s "by 2.5"), not someMark's with where ▁
// starts alone (newcomer 41 W4 and G10: "⣀ 1 to <15/s" over ▁▃▅▇ left ▃ to ▇ to be guessed).
func keysDrawn(keys []string, plot string) (every, rule []string) {
	if !strings.ContainsAny(plot, string(eighths[1:])) {
		return keys, nil
	}
	for _, k := range keys {
		if strings.ContainsRune(k, eighths[2]) || strings.Contains(k, perLevel) {
			every = append(every, k)
		} else {
			rule = append(rule, k)
		}
	}
	return every, rule
}

// fmtStep writes a block's step: whole, or to the third place a round top's eighth takes
// (1.25, 3.125).
func fmtStep(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }

// withUnit is a strip's top written by top, with the chart's unit ("P 0–16/s┤"): the rate
// charts' axes carried none, the unit only implied by the title (newcomer 28).
func (spec chartSpec) withUnit(top func(float64) string) func(float64) string {
	return func(v float64) string { return top(v) + spec.unit }
}

// okMark and arrivedMark mark the strips of what was answered ok and what arrived: no
// letter, which a class has (letters "o" and "a" beside postmortem's orders, "O 0–64┤",
// told series apart by case alone; newcomer 29), and no operator ("orders + arrived 490/s"
// read as orders plus arrived, newcomer 30).
const okMark, arrivedMark = "✓", "•"

// withPeer is specs drawn to one scale with peer's (nil: alone).
func withPeer(peer *lab.Snapshot, specs ...chartSpec) []chartSpec {
	for i := range specs {
		specs[i].peer = peer
	}
	return specs
}

// occupancyChart plots the workers each class held, on average over each second: a sample
// at one instant would draw a lull of a few milliseconds in random arrivals as a second.
// Its legend is the last second's mean, which is what the line ends on, and says so.
func occupancyChart(s *lab.Snapshot) chartSpec {
	size := poolReach(s)
	// Short, without "mean": room for the key to someMark beside it in a 39-column chart.
	title, short, least := fmt.Sprintf("mean workers held (of %d)", size), fmt.Sprintf("workers held (of %d)", size), ""
	bare := "workers held"
	// A fleet's scale is every replica's workers, out of rotation too: said in the bare title
	// as its replicas' pools, which the rows above show (s49: at 80x24 "workers held" beside
	// its key left the strips' 0–80 to be guessed against r4's 20).
	if f := s.Fleet; f != nil && len(f.Replicas) > 1 && size == len(f.Replicas)*s.Config.Pool.Workers {
		bare = fmt.Sprintf("held (of %d×%d)", len(f.Replicas), s.Config.Pool.Workers)
	}
	if out := s.Fleet.WorkersOutOfRotation(); out > 0 { // now: no request reaches those
		// Now, not over the seconds drawn, in which it changed (newcomer 26); whose, in
		// every form that says them: "60 out now" took decoding, and cut to "60 out…" could
		// not be decoded (newcomer 28). Narrower, without them, never cut.
		least = short
		// "now" said: a chart of 20 s beside "60 on replicas out of rotation" read it as the
		// seconds' (newcomer 29). Those in rotation, plainly: "80 of them on replicas out now"
		// needed decoding, and took the room of the strips' key (newcomer 34 #21).
		in := "none"
		if out < size {
			in = strconv.Itoa(size - out)
		}
		title, short = fmt.Sprintf("mean workers held (of %d; %s in rotation now)", size, in), fmt.Sprintf("workers held (of %d; %s in rotation)", size, in)
	}
	last := s.LastSecond()
	lastHeld := func(c int) float64 {
		if last == nil {
			return 0
		}
		return secondHeld(last, c)
	}
	return chartSpec{
		title: title, short: short, narrowest: least, bare: bare,
		// As the legend writes it (heldDrawn), so its strip fills the eighths its figure does.
		value:   func(sec *lab.Second, c int) float64 { return heldDrawn(lastHeld(c), secondHeld(sec, c)) },
		atLeast: func(s *lab.Snapshot) float64 { return float64(poolReach(s)) },
		pool:    true,
		legend: func(s *lab.Snapshot) (string, string, func(int) float64) {
			last := s.LastSecond()
			what := "last second " + s.LastSpan() // not the table's window: where the line ends
			return what, s.LastSpan(), func(c int) float64 { return secondHeld(last, c) }
		},
	}
}

// secondHeld is the workers class c held in sec, on average: no more than the pool, as a
// mean a hair over it is the sample's timing; the pool the second's own, so a peer's
// seconds keep their values (compare's scale).
func secondHeld(sec *lab.Second, c int) float64 {
	if sec.Workers > 0 {
		return math.Min(sec.Held[c], float64(sec.Workers))
	}
	return sec.Held[c]
}

// poolReach is the most workers s's pool has had or may have.
func poolReach(s *lab.Snapshot) int { return max(s.Pool.Size, s.Config.Pool.MaxWorkers(), 1) }

// countsLeast is what a count chart's axis reaches whatever its data: a block of one each
// (countTop), so one rejection in a second is ▁, not a speck of a block worth 1.25.
const countsLeast = 8

// trafficReach is the atLeast of a chart that counts each second's requests of the classes
// it draws (leaves: those it leaves out): the most of them that arrive in a second (lab's
// SecondReach), so the same traffic tops at the same count on every preset, whatever each
// run turned away (n37 #1: █ 8/s in shared-pool, 16/s in semaphore-bulkhead). A second
// past it raises the top (reach), never draws clipped.
func trafficReach(leaves func(lab.Class) bool) func(*lab.Snapshot) float64 {
	return func(s *lab.Snapshot) float64 {
		reach, _, _ := reachClass(s, leaves)
		return reach
	}
}

// reachClass is trafficReach's count and the class whose traffic reaches it (ok false: no
// class reaches countsLeast, the count it is then).
func reachClass(s *lab.Snapshot, leaves func(lab.Class) bool) (reach float64, class lab.Class, ok bool) {
	reach = countsLeast
	for _, c := range lab.Classes {
		if s.Active(c) && (leaves == nil || !leaves(c)) && s.Config.Traffic.SecondReach(c) > reach {
			reach, class, ok = s.Config.Traffic.SecondReach(c), c, true
		}
	}
	return reach, class, ok
}

// topNote is where a traffic chart's top, top (of data and atLeast, chartReach's), comes
// from, said after its title where the title's line has room (titles), for a chart topped
// by its traffic: "█ 24/s" alone left it to guess, the run's peak, the set rate times
// something, a rounded max (newcomer 59 G-minor 1). The class's set rate and room for its
// bursts (lab's ReachWords), or, where a second of the run went past that, its busiest second
// (lab's BusiestTop), each rounded up to the key's steps, and to what. "top:", not "█ =":
// beside the key's "█ 24/s" it gave one glyph two values (newcomer 61 W-MAJOR). Its forms,
// most words first; nil for a chart not topped by its traffic. classes are those it draws:
// one alone, its legend names it, and the note may leave its label.
func topNote(spec chartSpec, s *lab.Snapshot, classes []int, data, atLeast, top float64) []string {
	if !spec.traffic {
		return nil
	}
	_, c, ok := reachClass(s, spec.leaves)
	switch {
	case data > atLeast:
		return []string{topSays(lab.BusiestTop(data, top))}
	case ok:
		var forms []string
		for _, f := range s.Config.Traffic.ReachWords(c, top, slices.Equal(classes, []int{int(c)})) {
			forms = append(forms, topSays(f))
		}
		return forms
	}
	return nil
}

// topSays is a top note as a chart writes it after its title, words its lab's; the help
// quotes it so.
func topSays(words string) string { return "top: " + words }

// fixedReach is the atLeast of a chart whose axis reaches v on either side.
func fixedReach(v float64) func(*lab.Snapshot) float64 {
	return func(*lab.Snapshot) float64 { return v }
}

// starvationChart plots what turned requests away each second (lab's ChartedReasons), for
// every class, payments too: each class has its own strip, all to one range, so the
// payments' no longer drown the signups' (newcomer 20: "not payment" left 19 payments turned away by the
// same full pool off the chart). Its legend is the table's rate row, the mean over the same
// seconds (lab's Rates), so the screen gives one rate for one thing and says which seconds.
func starvationChart(s, peer *lab.Snapshot) chartSpec {
	if waits(s) && (peer == nil || waits(peer)) {
		return queueChart(s)
	}
	reasons := s.ChartedReasons(peer) // every side's reasons: one title, one scale
	counts := lab.RejectedColumn      // one reason's own name, else every reason's
	if len(reasons) == 1 {
		counts = lab.TurnedAway(reasons[0]).Term()
	}
	names := make([]string, len(reasons))
	for i, why := range reasons {
		names[i] = why.String()
	}
	spec := chartSpec{
		title:   "rejected (" + strings.Join(names, " + ") + ")",
		short:   "rejected (every reason)",
		bare:    "rejected",
		value:   func(sec *lab.Second, c int) float64 { return float64(sec.RejectedFor(lab.Class(c), reasons)) },
		atLeast: trafficReach(nil),
		traffic: true,
		bursts:  reasons,
		unit:    "/s",
		counts:  counts,
		legend: func(s *lab.Snapshot) (string, string, func(int) float64) {
			r := s.Rates()
			span := lab.FmtSpan(r.From, r.To)
			// Short, the span alone: "mean 15–20s: P 19.6/s  …" dropped the signups' 74.6/s,
			// the domino's main cost, at 120x40 (the review).
			return "mean " + span, span, func(c int) float64 { return r.RejectedFor(lab.Class(c), reasons) }
		},
	}
	if len(reasons) == 1 {
		spec.title, spec.short, spec.bare = reasons[0].Word(), reasons[0].Word(), ""
	}
	return spec
}

// waits says s's requests wait for a worker rather than starve: one pool (a fleet's chart
// counts the balancer's rejections) with a queue, where nothing is rejected:pool until the
// queue fills, and a chart of rejections lay flat beside signups waiting seconds
// (newcomer 16, long-queue). Once the queue has filled and the classes but payment starve
// in the table's window, the chart of their rejections is back: the review found the long
// queue's "then they starve" with no chart to show it. A queue whose waits the samples do
// not see (lab's WaitsSeen: codel-queue's chart drew nothing, newcomer 35 #18): its chart
// is what it turned away.
func waits(s *lab.Snapshot) bool {
	if s.Fleet != nil || !s.Config.Pool.Queue.Holds() || !s.Config.Pool.WaitsSeen() {
		return false
	}
	r := s.Rates()
	return r.Starved(s) == 0
}

// queueChart is starvation where the pool has a queue: each class's requests waiting in
// it at each second's sample, up to the queue's size; its legend is the last sample, as the
// queue picture's count is now.
func queueChart(s *lab.Snapshot) chartSpec {
	// The queue's size with its name, not "(of 100)" after the title, which read as the axis's
	// top beside "0–30" (newcomer 26).
	queue, sized := "the unbounded queue", false
	if q := s.Config.Pool.Queue; !q.Unbounded() {
		queue, sized = "the queue of "+q.String(), true
	}
	return chartSpec{
		sized:   sized,
		title:   "waiting in " + queue,
		short:   "in " + queue, // never cut to "of 10…" for 100
		bare:    "in the queue",
		keyUnit: "waiting",
		value:   func(sec *lab.Second, c int) float64 { return float64(sec.QueuedBy[c]) },
		atLeast: func(s *lab.Snapshot) float64 {
			if q := s.Config.Pool.Queue; q > 0 {
				return float64(q)
			}
			return countsLeast
		},
	}
}

// every is what the title says each second's value is, and that where room is short: a
// sample at its end, where the legend is the last sample (newcomer 23 asked of "waiting in
// the queue each second" beside "mean workers held each second": a sample or a mean?), else
// the second's own, a mean or a count, which goes without saying.
func (spec chartSpec) every() (every, brief string) {
	switch {
	case spec.legend == nil && spec.blurred:
		return ", sampled", ", sampled"
	case spec.legend == nil:
		return ", sampled each second", ", sampled"
	case spec.blurred:
		return "", ""
	}
	return " each second", ""
}

// legendFigures are the legend's figures of spec and what they are: spec's own, or the
// last second's sample.
func legendFigures(spec chartSpec, s *lab.Snapshot) (what, short string, of func(int) float64) {
	if spec.legend != nil {
		return spec.legend(s)
	}
	last := s.LastSecond()
	return fmt.Sprintf("sampled at %ds", last.T), fmt.Sprintf("%ds sample", last.T), func(c int) float64 { return spec.value(last, c) }
}

// chartWindow is the stretch of s's timeline a plot of cols columns shows: every second of
// the run while at most one column in five holds two (columnSeconds), else the last
// seconds, a whole number of 5 s, a column each at least. Charts side by side then start at
// the same second (newcomer 19: "6s 10s 20s" beside "8s 20s", halves that did not line up
// in time). Cut to whole 5 s, fleet-domino's compare half drew 5–20s of a 20 s run on 19
// columns, starting at █, unlike every other chart (newcomer 25).
func chartWindow(s *lab.Snapshot, cols int) []lab.Second {
	tl := s.Timeline
	n := max(cols, 1)
	if len(tl)-n <= n/4 {
		return tl
	}
	if n >= 5 {
		n -= n % 5
	}
	return tl[len(tl)-n:]
}

// columnSeconds are the seconds, lo to hi-1 of n, that column x of a plot of cols columns
// draws: each second spans cols/n columns, or shares one where there are more seconds than
// columns, which then draws the largest of them (the busiest second is never left out).
// Counted from the end, so the last column draws the last second alone, the one the legend
// gives: shared with the second before, fleet-domino's rejections ended on that second's ▇
// where its own had dropped, r4 back in rotation (newcomer 31).
func columnSeconds(x, n, cols int) (lo, hi int) {
	back := max(cols-1-x, 0) // the columns after x (a line's point past the last: its second)
	after := min(back*n/cols, n-1)
	return n - max(after+1, min((back+1)*n/cols, n)), n - after
}

// secondColumn is the first column of a plot of cols columns drawing second i of n
// (columnSeconds).
func secondColumn(i, n, cols int) int {
	for x := range cols {
		if _, hi := columnSeconds(x, n, cols); i < hi {
			return x
		}
	}
	return cols - 1
}

// timeColumn is the column of a plot of cols columns, drawing the n seconds from run time
// t0, that draws run time at: in its second's columns (columnSeconds), as far through them
// as at is through the second; the end of the last second, past the plot, is cols. The
// time labels and the changes' markers both (review 20: a change at 5.05s, proportional,
// fell a column left of "5s", in second 4's).
func timeColumn(at, t0 float64, n, cols int) int {
	k := max(int(math.Floor(at-t0)), 0)
	if k >= n {
		return cols
	}
	first, next := secondColumn(k, n, cols), cols
	if k+1 < n {
		next = secondColumn(k+1, n, cols)
	}
	return first + int((at-t0-float64(k))*float64(next-first))
}

// cols is the room spec's plot has for seconds in a chart w wide: its row's (span), else its
// own (plotRoom).
func (spec chartSpec) cols(s *lab.Snapshot, w int) int {
	if spec.span > 0 {
		return spec.span
	}
	return plotRoom(spec, s, w)
}

// window is the stretch of s's timeline spec shows in a chart w wide.
func (spec chartSpec) window(s *lab.Snapshot, w int) []lab.Second {
	return chartWindow(s, spec.cols(s, w))
}

// plotRoom is the fewest columns spec's plot has in a chart w wide, whatever seconds it
// shows: w less the widest axis it may draw, a strip's (a line's is narrower) to the top of
// its whole run (no window's is higher), in compare mode both sides'. Measured from the
// widest label any chart takes (" P 375–500┤"), fleet-domino's compare half showed 5–20s of
// a 20 s run that its plots had the columns for (newcomer 25).
func plotRoom(spec chartSpec, s *lab.Snapshot, w int) int {
	data, atLeast := chartReach(spec, s, math.MaxInt)
	return w - 2 - stripLabelW(stripTop(spec, spec.reach(data, atLeast)), spec.withUnit(rowTop))
}

// sameSeconds gives the charts of one row the seconds the narrowest plot has room for
// (specs[i] drawn widths[i] wide): side by side, 26 and 27 columns showed 10 and 15 (span).
// Before legendSplit, which judges each legend on the seconds drawn: a pool's busiest
// second is one of them.
func sameSeconds(s *lab.Snapshot, specs []chartSpec, widths ...int) {
	secs := math.MaxInt
	for i, spec := range specs {
		secs = min(secs, plotRoom(spec, s, widths[i]))
	}
	for i := range specs {
		specs[i].span = secs
	}
}

// chartMax is the largest value spec takes in secs, its ok's too.
func chartMax(spec chartSpec, secs []lab.Second, classes []int) float64 {
	m := 0.0
	for _, c := range classes {
		m = math.Max(m, lab.Top(secs, func(sec *lab.Second) float64 { return spec.value(sec, c) }))
		if spec.ok != nil {
			m = math.Max(m, lab.Top(secs, func(sec *lab.Second) float64 { return spec.ok(sec, c) }))
		}
	}
	return m
}

// chartLines draws spec in exactly w×h cells: a title line with the legend, then the plot,
// then the run time along the bottom. asciigraph is given one point per column (its own
// interpolation drops spikes), fixed bounds, an axis whose labels fall on rows an equal
// number apart, and never an empty or all-NaN series. The settings changes made in the
// seconds shown are marked where they happened. The legend goes on the title line when both
// charts have room for that (split), else on its own line (or nowhere, when the chart is
// very short). Where a line would sit too far from its value, for want of rows, the chart
// draws strips instead (stripLines).
func chartLines(t *theme, spec chartSpec, s *lab.Snapshot, changes []change, w, h int, split bool) []string {
	classes := chartClasses(s, spec)
	// Fewer than three rows of plot read as noise (10 of 20 workers drawn at 0 or at 20):
	// such a chart gives its lines to the panels around it.
	if h < chartsLeast || w < chartAxisW+5 {
		return nil
	}
	heads := 1 // the title, with the legend beside it (not split) or alone (too short for both)
	if split && h >= 7 {
		heads = 2
	}
	// The y axis's labels are as wide as its top value (3 cells at least): the plot takes
	// the rest of the width.
	rows := h - heads - 1 // the last line is the time axis
	// The axis reaches what the chart must show and the data (axisReach); a pool chart, the
	// pool's size always.
	cols := spec.cols(s, w)
	data, atLeast := chartReach(spec, s, cols)
	reach := spec.reach(data, atLeast)
	// Lines have rows enough to read their data on its own axis, labelled: the traffic's
	// reach is the strips' top, whose glyphs stand for counts, and evenAxis rounding it again
	// by the rows gave one run's rejections 30┤ at one size and 24┤ at another (review 32 #17).
	lineReach := reach
	if spec.traffic {
		lineReach = axisReach(data, countsLeast)
	}
	upper, step, height := evenAxis(lineReach, rows-1)
	// Too few rows for the lines to read true (always under 5): strips of eighth blocks, to
	// the same reach as a line's, eight round steps (21/s: 0–40; newcomer 19 found 0–94), or the pool.
	// Data that is nothing but zeros too: as lines it drew "0┤SSSS…", a letter row no other
	// moment's empty chart drew (review of charts7, caller-timeout beside shared-pool).
	// An axis that follows the run's own peak (not what the settings make it reach) takes
	// lines only where any peak reads true: judged on this run's, loss-system's rejections
	// drew lines to a peak of 90/s and strips to one of 110/s at one size (s49chart).
	readsTrue := lineReadsTrue(upper, height, lineReach)
	if lineReach != atLeast {
		readsTrue = peakLinesRead(rows)
	}
	strip := spec.strips() || data <= 0 || !readsTrue
	if strip {
		upper = stripTop(spec, reach)
	}
	// Strip or line is settled: the legend marks each class as the plot draws it.
	// A line's axis with the chart's unit on every row, as a strip's range: loss-system's
	// "100┤ … 0┤" of rejections had none (newcomer 41 G13).
	lineLabel := func(v float64) string { return fmt.Sprintf("%.0f%s", v, spec.unit) }
	labelW := max(len(lineLabel(upper)), 3)
	if strip {
		labelW = stripLabelW(upper, spec.withUnit(rowTop))
	}
	// Its seconds on the row's columns (cols), the labels widened to leave them: side by
	// side, plots of 20 and 17 columns set "10s" apart, and one of 21 beside 20 drew a
	// second's sample half a second off its neighbour's (newcomer 31).
	labelW = max(labelW, w-2-cols)
	pad := 2 + labelW // where the plot's first column is
	plotW := w - pad
	window := chartWindow(s, cols)
	spec.blurred = plotW != len(window) && plotW < 2*len(window)
	var note []string // a line's axis follows its data, not the traffic: no █ to say
	if strip {
		note = topNote(spec, s, classes, data, atLeast, upper)
	}
	if split { // the legend beside the title leaves no room for the note
		spec.topNote = note
	}
	head, leg, secondNamed := chartHead(t, spec, s, classes, window, w, strip)
	var lines []string
	switch {
	case !split:
		lines = []string{head + "  " + leg}
	case heads == 2:
		lines = []string{head, leg}
	default:
		lines = []string{head} // the pool picture's legend has the same colours and letters
	}
	switch {
	case len(classes) == 0:
		return append(lines, t.dim.Render("  (no traffic)"))
	case len(window) == 0:
		return append(lines, t.dim.Render("  (first point after 1 s)"))
	}
	n := len(window)
	// asciigraph draws column x from point x to x+1: plotW columns take plotW+1 points, and
	// a strip draws the first plotW of them.
	pointsOf := func(value func(*lab.Second, int) float64, c int) []float64 {
		series := make([]float64, plotW+1)
		for x := range series {
			lo, hi := columnSeconds(x, n, plotW)
			for i := lo; i < hi; i++ {
				series[x] = math.Max(series[x], value(&window[i], c))
			}
		}
		return series
	}
	seriesOf := func(c int) []float64 { return pointsOf(spec.value, c) }
	var plot []string
	if strip {
		least := spec.least()
		strips := classStrips(t, classes, least, upper, seriesOf)
		if spec.measure != "" {
			strips[0].letter = spec.measureLetter()
		}
		if spec.ok != nil { // each class's ok under its own
			var both []stripSeries
			for k, sr := range strips {
				c := classes[len(classes)-1-k]
				sr.letter = arrivedMark
				both = append(both, sr, stripSeries{okMark, sr.style, pointsOf(spec.ok, c), least, upper})
			}
			strips = both
		}
		plot = stripLines(t, strips, spec.withUnit(rowTop), rows, labelW, plotW)
	} else {
		data := make([][]float64, len(classes))
		var colors []asciigraph.AnsiColor
		var chars []asciigraph.CharSet
		for k, c := range classes {
			colors = append(colors, t.series[c])
			chars = append(chars, t.chars[c])
			data[k] = seriesOf(c)
		}
		plot = plotLines(asciigraph.PlotMany(data, plotOptions(t, upper, step, height, labelW, lineLabel, chars, colors)...))
	}
	t0, t1 := float64(window[0].T-1), float64(window[n-1].T)

	// Settings changes in the seconds shown: a dotted line through the plot's empty cells.
	var marks []change
	for _, c := range changes {
		if at := c.at.Seconds(); at > t0 && at <= t1 {
			marks = append(marks, c)
		}
	}
	for r := range plot {
		for _, c := range marks {
			plot[r] = overlay(plot[r], pad+min(timeColumn(c.at.Seconds(), t0, n, plotW), plotW-1), t.marker.Render("┊"))
		}
	}
	busiest := ""
	// Not twice: a legend that names a busiest second, or a burst's ("… 32 of 32 arrived)").
	if !strip && spec.bursts != nil && !secondNamed {
		busiest = busiestLine(t, spec, s, classes, window, w)
	}
	for k := range rows - len(plot) { // what the even axis or the strips left over goes above the plot
		switch {
		case k == 0 && split && heads == 1: // the legend that had no line of its own takes it
			lines = append(lines, leg)
		case busiest != "":
			lines, busiest = append(lines, busiest), ""
		default:
			lines = append(lines, "")
		}
	}
	// The strips' key wherever the plot draws strips (the help says it too): at the end of
	// the title's line, the title in fewer words where it must, else of the legend's, then
	// the same in fewer words. Only where the title's line had room, long-queue's queue
	// chart drew someMark unexplained (newcomer 25: beside codel-queue, in 29 columns).
	// A line's key is how far it may sit from its value: on the nearest row, half a step
	// off at most (newcomer 41 G13: 91 drawn on the 100 row read as 100).
	if !strip {
		// Half a row, not half a labelled step: labels may stand rows apart (review 35 M1).
		half := fmtStep(upper/float64(height)/2) + spec.unit
		lines, _ = keyed(t, spec, lines, head, w, []string{"  lines to the nearest row, ±" + half, "  nearest row, ±" + half})
	}
	if strip {
		drawn := strings.Join(plot, "")
		every, rule := keysDrawn(spec.stripKeys(upper, strings.ContainsRune(drawn, someMark)), drawn)
		// Where none of those fits (a compare half's queue or rejections chart beside
		// another), the shortest, "⣀ 1+ ▁ 3+ …", over blocks too: ⣀'s least and where ▁
		// starts, the blocks read against the axis's top, rather than no key to the marks
		// drawn. keyed leaves lines as they were where no key fits.
		var fit bool
		if lines, fit = keyed(t, spec, lines, head, w, every); !fit && len(rule) > 0 {
			lines, _ = keyed(t, spec, lines, head, w, rule)
		}
	}
	// A top's note the title's line has no room for, on a line left blank, where it is: over
	// the plot, and the rows of a chart beside it stay level (postmortem's rates, whose title
	// says the profile's steps).
	said := slices.ContainsFunc(note, func(n string) bool { return strings.Contains(ansi.Strip(lines[0]), n) })
	if blank := slices.Index(lines[1:], ""); !said && blank >= 0 {
		if f, ok := firstFit(w, note...); ok {
			lines[blank+1] = t.dim.Render(f)
		}
	}
	lines = append(lines, plot...)
	return append(lines, timeAxis(t, pad, plotW, t0, t1, marks))
}

// busiestLine names, on a line of rejections the plot leaves over, each class's busiest
// second with its own arrivals and the set rate: loss-system's 0–1s drawn on the 100 row
// read as 100 of 200/s, half turned away, where 216 arrived and 91 (42%) were turned away,
// the random arrivals' most (newcomer 40 #2). The classes that do not fit w give way, last
// first; "" where none fits.
func busiestLine(t *theme, spec chartSpec, s *lab.Snapshot, classes []int, window []lab.Second, w int) string {
	var items []string
	for k := len(classes) - 1; k >= 0; k-- { // the legend's order
		i := classes[k]
		c := lab.Classes[i]
		ties, n, ok := lab.Busiest(window, c, spec.bursts)
		if !ok {
			continue
		}
		items = append(items, t.name[i].Render(string(t.letter[i]))+" "+lab.BurstLineItem(ties, c, n, s.Config.Traffic))
	}
	for ; len(items) > 0; items = items[:len(items)-1] {
		if line := t.dim.Render("most rejected ") + strings.Join(items, "  "); ansiWidth(line) <= w {
			return line
		}
	}
	return ""
}

// chartReach is the largest value spec takes, of every class it draws, in the seconds a
// plot of cols columns shows (chartWindow), and what its axis must reach whatever the
// values; in compare mode, over both sides.
func chartReach(spec chartSpec, s *lab.Snapshot, cols int) (data, atLeast float64) {
	for _, x := range []*lab.Snapshot{s, spec.peer} {
		if x != nil {
			data = math.Max(data, chartMax(spec, chartWindow(x, cols), chartClasses(x, spec)))
			atLeast = math.Max(atLeast, spec.atLeast(x))
		}
	}
	return data, atLeast
}

// wholeTop says spec's axis tops at what it counts, not a round number: a pool chart's
// workers, a measure's own (the adaptive limit's permits), or a queue's size.
func (spec chartSpec) wholeTop() bool { return spec.pool || spec.measure != "" || spec.sized }

// reach is what spec's axis reaches for data that must show atLeast: a pool chart's, the
// pool's size always, a count's of the traffic, its traffic's reach or the data past it
// (axisReach otherwise).
func (spec chartSpec) reach(data, atLeast float64) float64 {
	if spec.wholeTop() || spec.traffic {
		return math.Max(atLeast, data)
	}
	return axisReach(data, atLeast)
}

// stripTop is the top of spec's strips for an axis that reaches reach: the pool, whole, or
// eight round steps of a count.
func stripTop(spec chartSpec, reach float64) float64 {
	if spec.wholeTop() {
		return math.Ceil(reach)
	}
	return countTop(reach)
}

// axisReach is what an axis reaches for data that must show atLeast: data that stays under
// half of it gets the axis to itself, or 13 of 80 would sit on the 0 row.
func axisReach(data, atLeast float64) float64 {
	if data <= 0 || data >= atLeast/2 {
		return math.Max(atLeast, data)
	}
	return data
}

// lineReadsTrue says a line chart of height rows from 0 to upper reads true of values up
// to reach: a line sits on the nearest row, up to half a row from its value, and half a row
// must be worth at most an eighth of reach. Measured with evenAxis's axes (pools of 10 to
// 64, rates to 500): 20–42% of reach off below 5 rows, 10–21% at 5 to 7, under 8% at 8 for
// 64 workers.
func lineReadsTrue(upper float64, height int, reach float64) bool {
	return upper/float64(height)/2 <= math.Max(reach, 1)/8
}

// peakLinesRead says lines in rows rows (evenAxis's rows+1 lines) read true on an axis that
// follows the run's own peak, whatever the peak (anyPeakRows): the one rule for every such
// chart, the traffic's past what the settings make it reach and the latency distribution's.
func peakLinesRead(rows int) bool { return rows >= anyPeakRows() }

// anyPeakRows is the fewest rows (evenAxis's rows+1 lines, as chartLines counts them) in
// which a line reads true (lineReadsTrue) whatever the peak its axis reaches: so two runs
// of one preset, their peaks a little apart, draw one kind of chart at one size. evenAxis's
// round steps repeat every decade, so a decade of peaks, and the counts' least (8) up to it,
// are every peak.
var anyPeakRows = sync.OnceValue(func() int {
	for rows := 2; ; rows++ {
		all := true
		for reach := float64(countsLeast); reach < 100 && all; reach += 1.0 / 16 {
			upper, _, height := evenAxis(reach, rows-1)
			all = lineReadsTrue(upper, height, reach)
		}
		if all {
			return rows
		}
	}
})

// eighths are a strip's cells by how many eighths of a row they fill, 0 to lab.ChartBlocks.
var eighths = []rune(" ▁▂▃▄▅▆▇█")

// someMark is a strip's cell for some, under a whole ▁: drawn as ▁ it read as a level,
// fleet-domino's 0.1 signup workers of 80 as ~10 (newcomer 23); left blank, breaker-trap's
// trial calls read as a breaker that never closed (newcomer 16). Low dots, not the pool
// picture's ·, which is an idle worker or an empty queue slot (newcomer 25 found · meaning
// both idle and some).
const someMark = '⣀'

// keyed is a chart's lines above its plot (its title's, head, its legend's when split, and
// any left blank) with the strips' key (keys, stripKeys' forms: the last names someMark
// where the plot draws it) after the
// title (the title in fewer words where that gives it room), in fewer words where the full
// key has none, else on a line left blank, moved under the title, and last after the bare
// title; never on the legend's line, whose figures it joined ("H <0.05  ⣀ 0.05+", newcomer
// 29), nor under it, where it read as the legend wrapped; unchanged where none has room (a
// chart beside it in the row may key it: the screen's fleet-domino beside fleet-bulkhead at
// 120x40 has a line for nothing but its charts' titles, newcomer 25).
func keyed(t *theme, spec chartSpec, lines []string, head string, w int, keys []string) ([]string, bool) {
	rest := strings.TrimPrefix(lines[0], head) // the legend beside the title, if any
	some := strings.ContainsRune(keys[len(keys)-1], someMark)
	// The widest title first, then the widest key beside it: a key's words are worth less
	// than the title's ("mean workers held (of 20)" cut to "workers held (of 20)" for "█ 20;
	// ⣀ 0.05 to <2.5" where "⣀ 0.05+ ▁ 2.5+ ▂ 5+ … █ 20" keyed the same marks).
	withTitle := func(keys []string, titles ...string) bool {
		for _, title := range titles {
			if key, ok := firstFit(w-ansiWidth(title+rest), keys...); ok {
				lines[0] = title + rest + t.dim.Render(key)
				return true
			}
		}
		return false
	}
	// The whole title first, the key after it or on a line of its own (keyPlace), then in
	// fewer words: a key that cut the title ("rejected:pool" for "rejected:pool each second")
	// cost more than the key's words. A top's note after the title (topNote) stays only
	// where the key has a line of its own: the key outranks it.
	spec.topNote = nil
	titles := spec.titles(t)
	blank := slices.Index(lines[1:], "") + 1 // 0: none
	switch key, own, ok := keyPlace(keys, w-ansiWidth(titles[0]+rest), w, blank > 0); {
	case own:
		return slices.Insert(slices.Delete(lines, blank, blank+1), 1, t.dim.Render(key)), true
	case ok:
		lines[0] = titles[0] + rest + t.dim.Render(key)
		return lines, true
	}
	// A title in fewer words only for a key to someMark drawn: the eighths alone are not
	// worth "rejected (pool + bulkhead)" cut to "rejected".
	// The narrowest title where a wider one stands only where no wider one leaves the key
	// room: the replicas out of rotation it leaves out are worth more than a key the chart
	// beside it gives (fleet-domino's "workers held (of 80)" took the key's room at 120x40),
	// not more than a chart's only key (at 80x24 its ▁▃▅▇ had none, newcomer 41 G10; the
	// replicas' rows above say which are in rotation).
	var narrowest []string
	if n := len(titles) - 1; spec.narrowest != "" && head != titles[n] {
		titles, narrowest = titles[:n], titles[n:]
	}
	// The eighths alone: the whole title without "each second" (the legend says which
	// seconds), not fewer words; 17's rejections beside a fleet's workers had no key
	// (newcomer 34 #21).
	if !some {
		return lines, len(titles) > 1 && withTitle(keys, titles[1])
	}
	if withTitle(keys, titles...) || withTitle(keys, narrowest...) {
		return lines, true
	}
	return lines, spec.bare != "" && withTitle(keys, t.bold.Render(spec.bare))
}

// keyPlace is where a chart's strip key goes (keys: stripKeys' forms, longest first): the
// first that fits after a line that leaves room cells, else, where a line is spare, on it
// (own), w cells, its indent dropped as the legend starts its line; form by form, so the
// key in full on a line of its own comes before fewer words after the line (the same key on
// every chart that has the room: "⣀ 0.05+" where none is drawn too, newcomer 28). ok false:
// no form fits either place.
func keyPlace(keys []string, room, w int, spare bool) (key string, own, ok bool) {
	for _, k := range keys {
		if ansiWidth(k) <= room {
			return k, false, true
		}
		if k = strings.TrimLeft(k, " "); spare && ansiWidth(k) <= w {
			return k, true, true
		}
	}
	return "", false, false
}

// A stripSeries is one strip: its letter (as colour alone must not tell strips apart), the
// style of its blocks, a point per column, the least value it draws as some where its level
// is none (0: never, so 0.01 is none), and its top.
type stripSeries struct {
	letter string
	style  lipgloss.Style
	values []float64
	least  float64
	top    float64
}

// classStrips are the classes' series (from seriesOf) as strips from 0 to top, in the
// legend's order (payment first), each drawing least and more as some (someMark) at least.
func classStrips(t *theme, classes []int, least, top float64, seriesOf func(c int) []float64) []stripSeries {
	var out []stripSeries
	for k := len(classes) - 1; k >= 0; k-- {
		c := classes[k]
		out = append(out, stripSeries{string(t.letter[c]), t.name[c], seriesOf(c), least, top})
	}
	return out
}

// stripLines draws series as strips of eighth blocks, one row each, in order, at most rows
// of them, each from 0 to its top: 8 levels, each value on the one it fills (floored), and some under the
// first (someMark) from the series' least. Each says the range
// it holds after the series' letter ("P 0–20┤": █ is 20): bands of rows, "10–20" over
// "0–10", read as a riddle whose sizes changed from screen to screen (newcomers 19 and 20),
// and a bottom row labelled 0 read as none beside blocks worth 0–5/s (newcomer 16).
func stripLines(t *theme, series []stripSeries, top func(float64) string, rows, labelW, plotW int) []string {
	var out []string
	for _, sr := range series[:min(len(series), rows)] {
		cells := make([]rune, plotW)
		for x, v := range sr.values[:plotW] {
			cells[x] = eighths[stripLevel(v, sr.top)]
			// █ where v writes as the label's top does: the same max, 1.01s, topped one row
			// at ▇ (1.006s of 1.014s) and the other at █ (newcomer 31). 19 workers of 20 stays ▇.
			if top(v) == top(sr.top) {
				cells[x] = eighths[lab.ChartBlocks]
			}
			if cells[x] == ' ' && sr.least > 0 && v >= sr.least {
				cells[x] = someMark
			}
		}
		body := strings.TrimRight(string(cells), " ")
		if body != "" {
			body = sr.style.Render(body)
		}
		// The letter takes the label's first cell, which labelW leaves blank.
		out = append(out, " "+sr.style.Render(sr.letter)+t.dim.Render(padLeft("0–"+top(sr.top), labelW-1)+"┤")+body)
	}
	return out
}

// stripLabelW is the width of a strip's label from 0 to top, written by write: the series'
// letter, a blank, and its range.
func stripLabelW(top float64, write func(float64) string) int {
	return len([]rune("0–"+write(top))) + 2
}

// rowTop writes a strip's top, whole or to a tenth (a fleet's 2.5 workers a cell).
func rowTop(v float64) string {
	if math.Abs(v-math.Round(v)) < 0.05 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// stripLevel is v's level in a strip of eighths from 0 to top: the eighths it fills, whole,
// so █ is the top itself and ▁ at least an eighth, as the key says; the nearest drew 19
// workers of 20 as a full pool (newcomer 29). Under an eighth is none (someMark draws some).
// A hair over a level is the division's.
func stripLevel(v, top float64) int {
	if top <= 0 {
		return 0
	}
	return min(max(int(math.Floor(v/top*lab.ChartBlocks+1e-9)), 0), lab.ChartBlocks)
}

// plotOptions are asciigraph's options for a plot from 0 to upper in height rows (it draws
// height+1), labelled every step with label (nil: the whole number) right-aligned labelW
// wide, one series per chars and colours.
func plotOptions(t *theme, upper, step float64, height, labelW int, label func(float64) string, chars []asciigraph.CharSet, colors []asciigraph.AnsiColor) []asciigraph.Option {
	if label == nil {
		label = func(v float64) string { return fmt.Sprintf("%.0f", v) }
	}
	opts := []asciigraph.Option{
		asciigraph.Height(height),
		asciigraph.LowerBound(0),
		asciigraph.UpperBound(upper),
		asciigraph.Offset(2),
		asciigraph.YAxisValueFormatter(func(v float64) string {
			if k := math.Round(v / step); math.Abs(v-k*step) < step/1e6 {
				return padLeft(label(k*step), labelW)
			}
			return strings.Repeat(" ", labelW)
		}),
		asciigraph.SeriesChars(chars...),
	}
	if !t.noColor {
		opts = append(opts, asciigraph.SeriesColors(colors...), asciigraph.AxisColor(t.axis), asciigraph.LabelColor(t.axisLabel))
	}
	return opts
}

// plotLines are asciigraph's plot's lines, its axis ticked alike on every row: it writes ┼
// where a series starts on the axis's row, a difference nobody could guess (newcomer 19:
// "20┤ … 0┼").
func plotLines(plot string) []string {
	lines := strings.Split(plot, "\n")
	for i, l := range lines {
		lines[i] = strings.Replace(l, "┼", "┤", 1) // the axis is the only ┼ in a plot
	}
	return lines
}

// timeAxis is the line under a plot plotW wide, pad columns in, that spans run time t0..t1
// seconds: round times, each starting on the first column that draws the second it begins
// (timeColumn; labels ending left of their second's column sat two columns off it,
// newcomer 29), and each change's number (▲n) from its dotted line's column (or ending at
// the plot's end, for a change in its last columns), which wins a clash. The run's end has
// no label: no second starts there, and ending at the plot's end it squeezed the last
// interval (newcomer 19) and read as a second that starts a few columns short (review 19).
func timeAxis(t *theme, pad, plotW int, t0, t1 float64, marks []change) string {
	w := pad + plotW
	cells := make([]string, w)
	for i := range cells {
		cells[i] = " "
	}
	taken := make([]bool, w+1)
	put := func(at int, text string, st func(...string) string) bool {
		runes := []rune(text)
		if at < 0 || at+len(runes) > w {
			return false
		}
		for i := max(at-1, 0); i <= min(at+len(runes), w); i++ { // a blank either side
			if taken[i] {
				return false
			}
		}
		for i, r := range runes {
			cells[at+i] = st(string(r))
			taken[at+i] = true
		}
		return true
	}
	perSec := float64(plotW) / (t1 - t0)
	n := int(math.Round(t1 - t0))
	column := func(at float64) int { return pad + timeColumn(at, t0, n, plotW) }
	// A chart that does not start at 0s says where it starts, before any change's marker
	// can take its place: its first label alone read as the step's (newcomer 15: 3–25s
	// taken for 0–25s, the 5s load step looking instant).
	if t0 > 0 {
		put(column(t0), fmtAxisTime(t0, 1), t.dim.Render)
	}
	// Newest first: the last columns' (the key just pressed) stands left of its line, not
	// dropped, and wins over an older change beside it (the review: ▲12 lost to ▲11).
	for _, c := range slices.Backward(marks) {
		label := "▲" + strconv.Itoa(c.n)
		put(min(column(c.at.Seconds()), w-len([]rune(label))), label, t.marker.Render)
	}
	step := axisStep(perSec, len(fmtAxisTime(t1, 1)))
	for at := math.Ceil(t0/step) * step; at < t1; at += step {
		label := fmtAxisTime(at, step)
		put(column(at), label, t.dim.Render)
	}
	return strings.TrimRight(strings.Join(cells, ""), " ")
}

// axisStep is the round number of seconds between time labels that leaves the widest,
// labelW, room.
func axisStep(perSec float64, labelW int) float64 {
	for _, s := range []float64{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600} {
		if s*perSec >= float64(max(labelW+3, 2*labelW+1)) {
			return s
		}
	}
	return 7200
}

// fmtAxisTime writes a run time on the time axis: 15s, then whole minutes, whole hours.
func fmtAxisTime(at, step float64) string {
	switch {
	case step >= 3600 && int(at)%3600 == 0:
		return fmt.Sprintf("%dh", int(at)/3600)
	case step >= 60:
		return fmt.Sprintf("%d min", int(at)/60)
	}
	return fmt.Sprintf("%.0fs", at)
}

// overlay puts glyph at cell col of line if that cell is empty (past the end counts).
func overlay(line string, col int, glyph string) string {
	w := ansi.StringWidth(line)
	if col >= w {
		return line + strings.Repeat(" ", col-w) + glyph
	}
	if ansi.Strip(ansi.Cut(line, col, col+1)) != " " {
		return line
	}
	return ansi.Cut(line, 0, col) + glyph + ansi.Cut(line, col+1, w)
}

// evenAxis picks the y axis of a plot with rows intervals (rows+1 lines) that must reach
// atLeast: an upper bound of k round steps (1, 2 or 5 × 10ⁿ) and a height of k·m rows, so
// every label sits on a row and the labels are m rows apart. Each row is worth a round
// amount too (1, 2, 2.5 or 5 × 10ⁿ: 20 workers over 4 rows, 5 a row, never 3.3), so a line
// between labels reads off the rows, whatever that leaves unused. Then it prefers three to
// six labels, the fewest rows left unused or drawn above atLeast, and labels at least two
// rows apart.
func evenAxis(atLeast float64, rows int) (upper, step float64, height int) {
	atLeast = math.Max(atLeast, 1)
	rows = max(rows, 1)
	upper, step, height = atLeast, atLeast, rows
	best := math.Inf(1)
	for st := 1.0; st <= atLeast*10; {
		k := max(int(math.Ceil(atLeast/st-1e-9)), 1)
		for m := 1; k*m <= rows; m++ {
			// Rows left unused, and rows of the plot above what it must reach.
			score := float64(rows-k*m) + float64(k*m)*(float64(k)*st-atLeast)/(float64(k)*st)
			switch perRow := st / float64(m); {
			case !roundStep(perRow):
				score += 100 // rows left empty above the plot read better than 3.3 a row
			case mantissa(perRow) == 2.5: // a little harder to read off than 2 or 5 a row
				score += 0.5
			}
			if m < 2 {
				score++
			}
			if k < 3 {
				score += float64(2 * (3 - k)) // 0 and the top alone say little
			}
			if k > 6 {
				score += float64(k - 6)
			}
			if score < best {
				best, upper, step, height = score, float64(k)*st, st, k*m
			}
		}
		switch d := st / math.Pow(10, math.Floor(math.Log10(st)+1e-9)); {
		case d < 1.5:
			st *= 2
		case d < 3:
			st *= 2.5
		default:
			st *= 2
		}
	}
	return upper, step, height
}

// countTop is the top of a count chart's strips that reach v: eight blocks of a round
// step, the least of countSteps × 10ⁿ at or above v/8, and 1 at least, as a count is whole.
// A round top of any eighth drew keys of "▁ 1.875+ ▂ 3.75+ … █ 15/s" and "⣀ 1 to <3.125/s",
// read by guessing (newcomer 35 #20); steps of 1, 2, 2.5 or 5 alone, as a line chart's rows
// (evenAxis), drew the largest value at half height (21/s on 0–40/s; review 30 ui #1).
func countTop(v float64) float64 {
	step := math.Max(v/lab.ChartBlocks, 1)
	p := math.Pow(10, math.Floor(math.Log10(step)+1e-9))
	for _, m := range countSteps {
		if m*p >= step-1e-9 {
			return m * p * lab.ChartBlocks
		}
	}
	return 10 * p * lab.ChartBlocks
}

// countSteps are the steps a count chart's block may be worth, × 10ⁿ: each easy to count
// in ("▁ 3+ ▂ 6+ … █ 24/s"), and none more than 1.5 times the one before, so the largest
// value draws at two thirds of the top or higher.
var countSteps = []float64{1, 1.5, 2, 2.5, 3, 4, 5, 6, 8}

// roundStep says v is 1, 2, 2.5 or 5 × 10ⁿ.
func roundStep(v float64) bool {
	switch mantissa(v) {
	case 1, 2, 2.5, 5:
		return true
	}
	return false
}

// mantissa is v's leading digits, from 1 to under 10, to six places.
func mantissa(v float64) float64 {
	d := v / math.Pow(10, math.Floor(math.Log10(v)+1e-9))
	return math.Round(d*1e6) / 1e6
}

// chartHead is a chart's title and its legend: each class's mark (its line's strokes), its
// name, and its figure, with what the figure is (a sample, a mean over which seconds). Where
// w is short, the title drops "each second" and the legend names the classes by their letters.
// A pool chart's legend gives each class's busiest second in the seconds shown (window) too,
// where its strip's some (someMark) stands for anything from a twentieth of a worker up.
func chartHead(t *theme, spec chartSpec, s *lab.Snapshot, classes []int, window []lab.Second, w int, strip bool) (head, legend string, secondNamed bool) {
	head = chartTitle(t, spec, w)
	n := len(s.Timeline)
	if n == 0 || len(classes) == 0 {
		return head, "", false
	}
	what, shortWhat, of := legendFigures(spec, s)
	// Shorter forms say what the figures are in fewer words (the axis's end says which second
	// "5–6s" is), then name the classes by their letters too ("busiest" alone then), then
	// keep the first class's busiest second alone (the fleet domino's at 120 columns, each
	// second named), then give the figures bare: no busiest seconds, no "set" and "ok" (their
	// letters say which).
	type legendForm struct {
		short, shortWhat, firstPeak, bare bool
		busiest                           busiestForm
	}
	// Each class's busiest seconds (a pool chart's) and most rejected ones (a chart of bursts),
	// found once for every form the legend tries.
	type peaks struct {
		top   float64
		peak  string
		ends  []int
		named bool
		write func(float64) string // a pool chart's figures (heldWriter)
		most  lab.BusiestForms     // its most rejected seconds, said (burst)
		burst bool
	}
	found := make(map[int]peaks, len(classes))
	for _, i := range classes {
		var p peaks
		if spec.pool {
			p.write = heldWriter(of(i))
			p.top, p.peak, p.ends = busiest(window, i, p.write)
			p.named = busiestNamed(p.top, p.peak, p.ends, p.write(of(i)), window)
		}
		if spec.bursts != nil {
			var ties []lab.Second
			var rejected int64
			if ties, rejected, p.burst = s.Burst(window, lab.Classes[i], spec.bursts); p.burst {
				p.most = lab.BurstSince(window[0].T-1, ties, lab.Classes[i], rejected)
			}
		}
		found[i] = p
	}
	// A class whose last second is its busiest says so where another's busiest is named:
	// "P payment 19  S signup 0.1 (busiest second 0–1s: 0.3)" left whose busiest a guess
	// (newcomer 39 G14).
	anyNamed := slices.ContainsFunc(classes, func(i int) bool { return found[i].named })
	// burst says the first item names a second turned away past its class's rate (Burst);
	// secondNamed, that any item names a second, its busiest or such a burst.
	itemsOf := func(form legendForm) (items []string, burst, secondNamed bool) {
		short := form.short
		for k := len(classes) - 1; k >= 0; k-- {
			i, c := classes[k], lab.Classes[classes[k]]
			name, letter := s.Config.Traffic.Label(c), string(t.letter[i])
			if spec.measure != "" {
				name, letter = spec.measure, spec.measureLetter()
			}
			if short {
				name = letter
			}
			mark := seriesMark(strip, t.mark[i], letter, t.name[i])
			if short && strip { // the letter is the mark: once is enough
				mark, name = t.name[i].Render(name), ""
			} else {
				name += " "
			}
			value := legendValue(of(i), spec.unit)
			if spec.pool {
				value = found[i].write(of(i))
			}
			item := mark + " " + name + value
			// A busiest second under a twentieth of a worker is the blank's: nothing to add.
			// Which second: "P payment 0.6 (busiest second: 11)" read as one second holding
			// both, or as the peak within the last second (a newcomer of round 11).
			p := found[i]
			if p.named && !form.bare && (!form.firstPeak || len(items) == 0) {
				// A mean, said so where room allows, in place of "second", which its span
				// says: beside "peak 100 at once" at the dependency, "(busiest second 5–6s:
				// 49)" read as its peak (newcomer 40 #6).
				peak := p.peak
				if !form.short || !form.shortWhat { // beside "5–6s: P 9", it goes without saying
					peak = "mean " + peak
				}
				item += " (" + form.busiest.of(lab.BusiestSince(window[0].T-1, p.ends, peak)) + ")"
				secondNamed = true
			} else if anyNamed && !form.bare && !form.firstPeak && p.top >= heldLeast { // not named: a pool chart's own busiest is its last second
				item += " (its busiest)"
			}
			// Only a second that turned away more than the class's peak rate, which reads as
			// more rejected than arrive: its own arrivals say why.
			if p.burst && !form.bare && (!form.firstPeak || len(items) == 0) {
				// Named what it is: "(1–2s: 14 of 14)" was a riddle (newcomer 38 G1).
				item += " (" + form.busiest.of(p.most) + ")"
				burst = burst || len(items) == 0
				secondNamed = true
			}
			if spec.ok != nil { // what arrived beside what was ok, each by its strip's letter
				arrived, ok := " arrived ", " ok "
				if form.bare {
					arrived, ok = " ", " "
				}
				if short {
					name = ""
				}
				item = name + t.name[i].Render(arrivedMark) + arrived + value + "  " + t.name[i].Render(okMark) + ok + legendValue(spec.ok(s.LastSecond(), i), spec.unit)
			}
			items = append(items, item)
		}
		return items, burst, secondNamed
	}
	// Where no form with the figures has room for a most rejected second, that alone, by the
	// class's letter, the lead and the mean given way (the table's /s rows give the mean): its
	// arrivals outrank them. fleet-bulkhead's ties, "(most since 0s: 4–5s +2, 32 of 32 to
	// 38 arrived in each)", took the 59 columns of its 120x40 chart with "35–40s: P 15/s" before
	// them, and the legend named none beside its ▂, 30+/s of 24/s payments (newcomer 75
	// W-minor 3). Each class that has one, else the first; false where none fits.
	burstsAlone := func() (string, bool) {
		var bursting []int
		for k := len(classes) - 1; k >= 0; k-- { // the legend's order
			if i := classes[k]; found[i].burst {
				bursting = append(bursting, i)
			}
		}
		if len(bursting) == 0 {
			return "", false
		}
		for _, form := range []busiestForm{wholeBusiest, midBusiest, briefBusiest} {
			items := make([]string, len(bursting))
			for n, i := range bursting {
				items[n] = t.name[i].Render(string(t.letter[i])) + " " + form.of(found[i].most)
			}
			if line, ok := firstFit(w, strings.Join(items, "  "), items[0]); ok {
				return line, true
			}
		}
		return "", false
	}
	// Every form with what the figures count (counts) before any without: the class's
	// letter alone says which, what is counted nothing else on the line.
	// Each with a busiest second's since before any without: "(busiest 5–6s: 79)" beside
	// "rejected 7–12s" read as of those seconds (newcomer 54); without it only where nothing
	// else fits, at 40 columns, rather than no busiest second at all.
	// Ties said in fewer words (midBusiest) before a class's busiest is dropped: "busiest
	// 2–3s + 2 more at 20" lost its since (review of s86a). Bare, the longest words that
	// fit: a busiest with no room left "last second 5–6s: P payment 20" as "5–6s: P 20".
	forms := []legendForm{{false, false, false, false, wholeBusiest}, {false, true, false, false, wholeBusiest}, {true, false, false, false, wholeBusiest},
		{true, true, false, false, wholeBusiest}, {true, true, false, false, midBusiest}, {true, true, true, false, wholeBusiest}, {true, true, true, false, midBusiest},
		{true, true, false, false, briefBusiest}, {true, true, true, false, briefBusiest},
		{false, false, false, true, wholeBusiest}, {false, true, false, true, wholeBusiest}, {true, false, false, true, wholeBusiest}, {true, true, false, true, wholeBusiest}}
	named := []bool{false}
	if spec.counts.Word != "" {
		named = []bool{true, false}
	}
	// Every form that may name a second, with its lead's word and then without it, before
	// any bare one: a most-rejected second with its arrivals, which need the room, outranks
	// the word the chart's title says too (review of s89).
	for _, bare := range []bool{false, true} {
		if bare && strip { // lines name it on a line of their own (busiestLine)
			if line, ok := burstsAlone(); ok {
				return head, line, true
			}
		}
		for _, name := range named {
			var items []string
			var burst, seconds bool
			for _, form := range forms {
				if form.bare != bare {
					continue
				}
				if form.short || form.bare || items == nil { // names with a shorter "what": the same items
					items, burst, seconds = itemsOf(form)
				}
				label := what
				if form.shortWhat {
					label = shortWhat
				}
				if name && form.shortWhat {
					label = spec.counts.Column + " " + label
				} else if name {
					label = spec.counts.Word + " " + label
				}
				lead := t.dim.Render(label + ": ")
				legend = lead + strings.Join(items, "  ")
				if ansiWidth(legend) <= w {
					return head, legend, seconds
				}
				// A second turned away past the rate, left unnamed, reads as a scale gone wrong
				// (n40 #1: fleet-bulkhead's ▂, 30+/s, for 2s of 24/s payments, at 120x40): it
				// outranks the other classes' rates, which the table's /s rows give too.
				if first := lead + items[0]; form.firstPeak && burst && ansiWidth(first) <= w {
					return head, first, true
				}
				if form.bare && !name { // still too wide: the last classes give way whole, not "S 74…", a figure cut from its unit
					line, _ := wholeItems(items, "  ", w-ansiWidth(lead))
					legend = lead + line
				}
			}
		}
	}
	return head, legend, false // the bare form names no second
}

// chartTitle is spec's title in the most words that fit w (titles).
func chartTitle(t *theme, spec chartSpec, w int) string { return longestFit(w, spec.titles(t)...) }

// titles are spec's title's forms, most words first: with what each second's value is
// (every), then briefly, then its short title so (where it has one), then that alone.
func (spec chartSpec) titles(t *theme) []string {
	every, brief := spec.every()
	var forms []string
	// The top's origin first, at the price of "each second" (the key's /s says it), not of
	// the title's words: postmortem's rates say the profile's steps, which its rows are too
	// coarse to tell (newcomer 15); chartLines says it on a line left blank instead.
	if len(spec.topNote) > 0 {
		for _, note := range spec.topNote {
			forms = append(forms, t.bold.Render(spec.title)+t.dim.Render(every+"  "+note), t.bold.Render(spec.title)+t.dim.Render(brief+"  "+note))
		}
		spec.topNote = nil
		return append(forms, spec.titles(t)...)
	}
	for _, title := range []string{spec.title, spec.short} {
		if title != "" {
			forms = append(forms, t.bold.Render(title)+t.dim.Render(every), t.bold.Render(title)+t.dim.Render(brief))
		}
	}
	for _, title := range []string{spec.short, spec.narrowest} {
		if title != "" {
			forms = append(forms, t.bold.Render(title))
		}
	}
	return forms
}

// busiestNamed says a pool chart's legend names a class's busiest seconds (peak, at ends;
// busiest) of window beside its last second's figure, value: where one holds a twentieth
// of a worker or more, unless the last second alone is its busiest, which "(its busiest)"
// says where another's is named, or every second drawn ties, its strip level at the last
// second's figure. A tie that takes in the last second and not every one still says since
// when and which, "busiest since 0s: 2–8s at 20", which the last second's figure does not:
// left out where the figures were equal, conn-pool-wait's "last second 7–8s: P payment 20"
// beside 4–6s at 20 had none (newcomer 71 W-minor 2).
func busiestNamed(top float64, peak string, ends []int, value string, window []lab.Second) bool {
	return top >= heldLeast && (peak != value || len(ends) > 1 && len(ends) < len(window))
}

// busiestForm is which of lab.BusiestForms a legend writes.
type busiestForm int8

const (
	wholeBusiest busiestForm = iota
	midBusiest
	briefBusiest
)

// of is words (lab.BusiestSince's or BurstSince's) in form.
func (form busiestForm) of(words lab.BusiestForms) string {
	return [...]string{words.Whole, words.Mid, words.Brief}[form]
}

// busiest is class c's busiest seconds of secs, every one that ties at the figure write
// (heldWriter) gives its mean as held (secondHeld; lab.TopSeconds): their mean, that figure
// and their ends (Second.T).
func busiest(secs []lab.Second, c int, write func(float64) string) (top float64, peak string, ends []int) {
	return lab.TopSeconds(secs, func(sec *lab.Second) float64 { return secondHeld(sec, c) }, write)
}

// legendValue writes a legend's figure: a count whole, to the nearest (a full pool's 23.96
// held read "23" of 24 beside "24/24 busy now"; newcomer 13), a rate as the header writes
// it (1.8/s).
func legendValue(v float64, unit string) string {
	if unit == "/s" {
		return fmtPerSec(v)
	}
	return fmtCount(int64(math.Round(v)))
}

// heldLeast is the least a class holds for a pool chart to draw it as some (someMark) at
// least and its legend to write it to a tenth (0.1 or more): the two must agree.
const heldLeast = 0.05

// heldLeastWord is heldLeast as the legend, the key and the help write it; heldUnder, a
// figure under it.
var (
	heldLeastWord = strconv.FormatFloat(heldLeast, 'f', -1, 64)
	heldUnder     = "<" + heldLeastWord
)

// heldWhole is where a held figure is written whole, not to a tenth: 0.95 rounds to 1.
const heldWhole = 0.95

// heldFigure is v as heldValue writes it, whole from a worker up: a full pool's mean is a
// hair under it (the moments between one request and the next), and its strip full (█).
func heldFigure(v float64) float64 {
	if v >= heldWhole {
		return math.Round(v)
	}
	return v
}

// heldDrawn is v as a pool chart's strip draws it beside a legend whose last second held
// last: as heldWriter writes it, whole from a worker up (heldFigure) or, where heldTenths,
// to a tenth, so a pool of 2's busiest 1.4 beside a last second's 0.3 draws 1.4, not 1.
func heldDrawn(last, v float64) float64 {
	if heldTenths(last) && v >= heldWhole {
		return math.Round(v*10) / 10
	}
	return heldFigure(v)
}

// heldValue writes a pool chart's legend figure and peak: whole, or to a tenth under one
// worker, where the strip's some (someMark) may stand for a twentieth of a worker
// (breaker-trap's trial calls); under that "<0.05", not 0 beside the blank it draws
// (newcomer 25 counted shared-pool's signups' 5/s × 2ms = 0.01 workers held).
func heldValue(v float64) string {
	switch {
	case v > 0 && v < heldLeast:
		return heldUnder
	case v > 0 && v < heldWhole:
		return fmt.Sprintf("%.1f", v)
	}
	return fmtCount(int64(heldFigure(v)))
}

// heldTenths says a pool chart's legend whose last second held last writes its figures to a
// tenth from a worker up too: where last is written to a tenth.
func heldTenths(last float64) bool { return last >= heldLeast && last < heldWhole }

// heldWriter writes a class's figures in a pool chart's legend whose last second held last:
// heldValue, and from a worker up to a tenth too where heldTenths, so its busiest second
// reads at the last second's precision: "7–8s: P 0.9 (busiest since 0s: 0–1s 1)" left which
// was the more to guess (newcomer 84 G1).
func heldWriter(last float64) func(float64) string {
	if !heldTenths(last) {
		return heldValue
	}
	return func(v float64) string {
		if v >= heldWhole {
			return fmt.Sprintf("%.1f", heldDrawn(last, v)) // the strip's figure, so the two cannot drift
		}
		return heldValue(v)
	}
}

// chartClasses are the classes a chart draws, in drawing order (the last on top).
func chartClasses(s *lab.Snapshot, spec chartSpec) []int {
	var classes []int // drawn last on top: payment over signup over the rest
	for i := len(lab.Classes) - 1; i >= 0; i-- {
		if s.Active(lab.Classes[i]) && (spec.leaves == nil || !spec.leaves(lab.Classes[i])) {
			classes = append(classes, i)
		}
	}
	return classes
}

// seriesMark is a series' mark in a chart's legend, decided with the plot: in strips, the
// strip's letter in its style; as lines, the line's strokes (lineMark).
func seriesMark(strip bool, lineMark, letter string, st lipgloss.Style) string {
	if strip {
		return st.Render(letter)
	}
	return lineMark
}

// legendSplit says whether the legend needs a line of its own in a chart w wide (as lines,
// whose marks are the wider, unless it always draws strips).
func legendSplit(t *theme, spec chartSpec, s *lab.Snapshot, w int) bool {
	head, leg, _ := chartHead(t, spec, s, chartClasses(s, spec), spec.window(s, w), w, spec.strips())
	return ansiWidth(head)+2+ansiWidth(leg) > w
}
