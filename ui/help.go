// The help (?): its words for every key, every number and every glyph on the screen, its
// scrolled screen, and its keys.

package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// helpWords defines the words of the main screen, where they appear, top to bottom: the
// core's and each mechanism's, as lab gives them.
func helpWords() [][2]string { return definitions(lab.ScreenWords()) }

// definitions are items as the help's rows: each label, and what it means.
func definitions(items []lab.Item) [][2]string {
	out := make([][2]string, len(items))
	for i, it := range items {
		out[i] = [2]string{it.Label, it.Value}
	}
	return out
}

// helpCounters defines every column of the table.
func helpCounters() [][2]string {
	var defs [][2]string
	for _, term := range append(lab.Vocabulary(), lab.RejectedColumn) {
		means := term.Means
		if term.Word != term.Column {
			means = "(" + term.Word + ") " + means
		}
		defs = append(defs, [2]string{term.Column, means})
	}
	defs = append(defs, [][2]string{
		{"/s 1–6s", fmt.Sprintf("the row under each class: per-second rates averaged over the last %d whole seconds of run time (fewer at the start), here from 1 s to 6 s, so a second in which a batch of calls ends together does not read as a rate. %s What happened since the last whole second is in the totals above, not yet in the rates. Every other number of the table (the counts, ok%%, the latencies) is "+lab.SinceStart+"; the header's starvation rate (\"starved (rej:pool) n (N/s in …)\") is the row's, over the same seconds. A second's arrivals are those scheduled in it, even if the generator sent one a few ms late, so one seed gives the same arrived/s in every run; what ended or was turned away counts in the second it did, from one whole second up to the next (one at 5.000s in the next), and so can a closed loop's or a fleet's arrivals, and an impatient user's second try: counted when sent", lab.RateWindow, lab.OverCapHelp())},
		{"p50 p99", "latency percentiles of finished requests (ok + failed + timed out), from the scheduled arrival to the answer, so waiting counts (no coordinated omission); closed loop: from the send. A rejected request never finished and is left out of every latency, even one turned away after a wait (rejected:deadline)"},
		{"p99:wait", "p99 of the time from the arrival (the request's time on the lab's schedule, not its send: the generator's lag counts) until a worker picked the request up, of every request picked up, answered yet or not: those on a worker now too, not those still in the queue (p99 and p99:service are of those ended); each request's wait is its lag, then its dispatch:"},
		{"p99:lag", "p99 of the generator's lag: scheduled arrival → sent"},
		{"p99:dispatch", "p99 of sent → on a worker: the whole wait in the accept queue, if there is one, and the Go scheduler starting the worker; with no queue, that alone: the machine's delay, large only on a busy machine"},
		{"no two p99s add up", "the p99 of the wait is not the p99 of the lag plus the p99 of the dispatch, nor is p99 wait + p99 service the p99: the slowest of each are not the same requests (and the wait counts those on a worker now, the latency only those finished). Means add: with m, a tall screen's detail table shows mean wait = mean lag + mean dispatch"},
		{"p99:service", "p99 of the time from a worker picking the request up until the answer"},
		{"≤1µs 45µs 2.1ms 3.00s", "durations: microseconds (the histograms' resolution is 1 µs), milliseconds, seconds; then 3 min, 1 h"},
		{lab.AnyRejectedColumn + " –", "in a compare half with no such mechanism (rej:codel beside a plain queue), or nothing that can fail or time out (failed –, timed-out –): the other half's column, kept so the two tables read row to row; the A vs B rows too, on the side without such a mechanism, or that cannot fail or time out (A's rejected:bulkhead – beside B's 47, B − A +47: B's count; – where B has none either), and the parts of the sentence beside them (\"rejected – → 830\")"},
		{"hidden", "classes without traffic are left out; the lab's own measures until m shows them: p99:lag and p99:dispatch, and p99:wait and p99:service where no request has waited in a queue, or there is none (the wait is then only the machine's delay, measured alike for every class but varying from moment to moment, so the settings' \"" + lab.ToWorkerIn + "\" p50 of a class with few arrivals may differ from another class's several times over with the moments its few came at (at equal rates the p50s agree); and each request's service its latency less that delay); where the width is short, columns that are 0 for every class too (failed, timed-out, a " + lab.AnyRejectedColumn + "), first, then the wait's parts: at 120 columns a run may keep one zero column and drop another, so a missing one is 0 so far or, by the rules that follow, impossible; a " + lab.AnyRejectedColumn + " column at all only where its mechanism is on, or turned some away before a key switched it off (no rej:bulkhead with bulkhead none, no rej:pool with an unbounded queue); " + lab.EndedColumnsRule() + ", so none reads 0 of what nothing in the run can do (no timed-out beside timeout off)"},
	}...)
	defs = append(defs, measurementHelp()...)
	return append(defs, definitions(lab.NumberWords())...)
}

// helpCharts defines the charts.
func helpCharts(t *theme) [][2]string {
	var lines []string
	for i, c := range lab.Classes {
		lines = append(lines, t.mark[i]+" "+c.String())
	}
	// The some mark, its key and the least it stands for, as the charts write them.
	some, poolKeys := string(someMark), chartSpec{pool: true}.stripKeys(20, true)
	poolKey, poolShort := strings.TrimSpace(poolKeys[0]), strings.TrimSpace(poolKeys[1])
	rateKeys := chartSpec{unit: "/s"}.stripKeys(countTop(16), true)
	// A latency strip's key as the chart writes it (latencyKeys), on 0–1.01s from 1.2ms.
	latKey := strings.TrimSpace(latencyKeys(1010.0/8, 1010, latencyTop(1.2), false)[0])
	latCompared, _, _ := strings.Cut(strings.TrimSpace(latencyKeys(1010.0/8, 1010, latencyTop(1.2), true)[0]), " "+some)
	// The short form, as a chart writes it where not every step fits with the unit.
	cut := slices.IndexFunc(rateKeys, func(k string) bool { return strings.Contains(k, "/s") && strings.Contains(k, perLevel) })
	rateKey, rateShort := strings.TrimSpace(rateKeys[0]), strings.TrimSpace(rateKeys[cut])
	// A pool's narrowest keys without the unit its title gives: the top, ⣀'s least and the
	// first two steps, then without the top, then ⣀'s least and where ▁ starts alone.
	narrow := chartSpec{pool: true}.stripKeys(80, true)
	topless := slices.IndexFunc(narrow, func(k string) bool { return !strings.ContainsRune(k, eighths[lab.ChartBlocks]) })
	narrowKeys := []string{strings.TrimSpace(narrow[topless-1]), strings.TrimSpace(narrow[len(narrow)-2]), strings.TrimSpace(narrow[len(narrow)-1])}
	// Means the legend writes as the pool's 20, whole or to a tenth (heldDrawn): █.
	full, fullTenth := fmtStep(20-0.5), fmtStep(20-0.05)
	// A traffic chart's top note as the chart writes it (topNote), for payments at 10/s.
	var tens lab.TrafficConfig
	tens.Payment.Rate = 10
	reachNote := topSays(tens.ReachWords(lab.Payment, countTop(tens.SecondReach(lab.Payment)), false)[0])
	// The busiest legend's ties as lab writes them: a run, seconds apart, and apart with the last.
	var sixTo36 []int
	for end := 7; end <= 36; end++ {
		sixTo36 = append(sixTo36, end)
	}
	run, apart, lastToo := lab.BusiestSince(0, sixTo36, "mean 24"), lab.BusiestSince(0, []int{3, 6, 38}, "20"), lab.BusiestSince(0, []int{5, 7, 8}, "20")
	return [][2]string{
		{"mean workers held", "workers each class held, on average over each second (the title says \"each second\" where every second has one column, or two or more; where a second takes between one and two, a long run's, the columns split the seconds unevenly and the title leaves it out): a strip of one row a class, always 0 to the pool's size (in compare mode the larger pool; a fleet's, every replica's, its title saying how many are on replicas in rotation now: \"of 80; 60 in rotation now\", where room is shortest its replicas' pools: \"held (of 4×20)\"), its range before it; a class that held a twentieth of a worker or more draws " + some + " at least (some, under ▁; its key on 0–20 says \"" + poolKey + "\", where room is short \"" + poolShort + "\": " + heldLeastWord + " workers or more), and its legend writes less as " + heldUnder + ", 0 only where it held none at all, as signups do in a second the pool turned every one away (a blank cell: under the ⣀ key's least, " + heldLeastWord + ", not none); █ is a mean the legend writes as the pool's size: on 0–20, " + full + " or more, whole, or " + fullTenth + " or more where it writes a tenth, as beside a last second under one worker; its legend gives its busiest second of those drawn, since the first drawn, which one and its mean, beside the last second's (\"last second 5–6s: P payment 0.2 (busiest since 0s: 2–3s, mean 1.0)\", a mean, not the most at once, which the dependency's \"peak n at once\" is, to a tenth where the last second's is, as under one worker, else whole; where room is short, \"5–6s: P 0.2 (busiest since 0s: 2–3s 1.0)\", shortest \"(busiest 2–3s: 1.0)\"; seconds that tie at its figure, all of them: a run whole, \"(" + run.Whole + ")\", each second from 6s to 36s at 24, else the first and how many more, \"(" + apart.Whole + ")\", shorter \"(" + apart.Mid + ")\", the figure first and how many more after the first, shortest \"(" + apart.Brief + ")\"; a tie that takes in the last second too, \"7–8s: P 20 (" + lastToo.Whole + ")\"); left out where the last second alone is the busiest, or every second drawn ties, and there, beside another class's busiest, it says \"(its busiest)\", where the strip ends; the pool picture above is this instant"},
		{"arrived/s and ok/s", "what arrived each second of the class a traffic profile steps (" + arrivedMark + "; random around the rate the profile sets, so a second may top it), and under it the answers ok that second (" + okMark + "), to one scale: ok/s counts answers to requests that arrived earlier too, so it trails arrived while a queue grows and may top it as the queue drains after a step down; the table counts what was not served"},
		{"rejected", "each class's requests turned away during each whole second, payments too, each class on its own strip: " + lab.RejectPool.Word() + " (" + lab.RejectPool.Why() + "), and every other reason that turned requests away on either side (\"rejected (pool + bulkhead)\"; a fleet's, the balancer's too); its legend is the mean over the table's /s seconds (\"mean 1–6s\"), and where a class was turned away more in a second than its highest set rate, the second it was turned away most since the first drawn, with that second's own arrivals, which say why (\"most rejected since 0s: 2–3s, 22 of 22 arrived\", shorter \"most since 0s: 2–3s, 22 of 22 arrived\", where even that does not fit, the legend drops its leading word, \"3–8s: P 16.2/s (most since 0s: …)\", the chart's title saying it, and then every class's mean, which the table's /s rows give, leaving that second alone, \"P most since 0s: 2–3s, 22 of 22 arrived\"; seconds that tie as the workers' busiest do, each the same count, \"most since 0s: 4–5s +2, 32 of 32 to 38 arrived in each\": 32 turned away in each of 4–5s and 2 more seconds, of the 32 to 38 that arrived in that second: all of them where 32 did); drawn as lines, on a line the plot leaves over, each class's most rejected second of those drawn with that second's own arrivals and the set rate (\"most rejected P 0–1s: 91 of 216 arrived (set 200/s)\"; of seconds that tie, the first, \"P 0–1s (first of 3)\"): a line sits on its nearest row, 91 on the 100/s row, as its key after the title says (\"lines to the nearest row, ±10/s\": half a row), and random arrivals move each second's count; its title leaves out \"each second\" where that gives its key room; the header's \"starved\" counts the classes but payment rejected:pool"},
		// The rule in full, which the narrator only names: its readings are charted nowhere (newcomer 29).
		{"adaptive limit", lab.AdaptiveChartHelp()},
		{"waiting in the queue", "where one pool has a queue that keeps what waits (not one whose waits are limited to under a second, as CoDel's (pool.codel.interval), which leave a sample each second nearly always empty: its chart is the rejections), nothing is rejected:pool until it fills, so this chart takes the place of rejected until then: each class's requests waiting in the queue, sampled at each second's end, its axis a bounded queue's size, whatever waits (0–100: 29 of 100 is ▂), an unbounded queue's up to what waited; its legend is the last sample"},
		{"lines", "one per class, each in its own strokes (" + strings.Join(lines, ", ") + "), payment's drawn last, on top; every row of a chart is worth a round amount (1, 2, 2.5 or 5 × 10ⁿ), so a line between labels reads off the rows"},
		{"strips", "a chart with too few rows for its lines to read true, or nothing but zeros to draw, draws each class (or latency curve) as a strip of ▁ to █ instead. " +
			"Too few rows: where its axis follows the run's own peak, a rate's or a latency's, too few for any peak, so two runs of one preset draw one kind at one size, however their peaks fall. " +
			"A strip is one row with its letter and the range it holds from 0, with its unit (\"P 0–20\": █ is 20 workers, ▄ 10; \"P 0–16/s\": a rate); its legend names each by that letter. " +
			"The range is cut into 8 steps, each an eighth of it. A cell shows the steps its value fills, whole, so each block means at least its step's start (▁ 2.5+: 2.5 to under 5). " +
			"█ is only the top, as its label writes it: 19 workers of 20 is ▇, a latency of 1.006s on 0–1.01s █; a pool's mean is taken as its legend writes it, whole, so a full pool is █. " +
			"The key gives the steps in the chart's units, the top first, as the top moves from chart to chart (█ on 0–24/s is not █ on 0–40/s), then " + some + "'s least, then every step where it fits (\"" + poolKey + "\" on 0–20, \"" + rateKey + "\" on 0–16/s). " +
			"Where room is short, it leaves out the unit the title or the strips' axis gives, \"" + strings.TrimSpace(rateKeys[1]) + "\"; then it gives where ▁ starts and the step each block adds, with the unit and then without it, \"" + rateShort + "\"; then that without the top, which the axis gives. " +
			"Its last form, " + some + "'s least and where ▁ starts alone, is for a chart where nothing but " + some + " is drawn, or over blocks where no longer form fits (a compare half's charts side by side); the blocks then read against the axis's top. " +
			"A pool's forms, without the unit its title gives: \"" + strings.Join(narrowKeys, "\", then \"") + "\" on 0–80. " +
			"Every strip of a chart holds the same range, so heights compare across rows. A chart of workers holds the pool, and a bounded queue's chart its size. " +
			"A chart of other counts or rates holds its largest, in 8 steps of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ each (an amount easy to count in): the least that reaches it, 1 each at least (0–8/s, 0–12/s, 0–16/s, 0–20/s, 0–24/s, …), so the largest draws at two thirds of the top or higher. " +
			"But a chart of rejections or arrivals reaches its traffic's busiest likely second: λ + 4√λ of the class's peak rate, rounded up to those steps, said after its title where there is room (\"" + reachNote + "\": 0–24/s for payments at 10/s). " +
			"So the same traffic tops alike on every preset, a few rejections a second draw low, and a second past it raises the top rather than draw clipped. " +
			"In compare mode both sides' strips of workers, of rates and of latency reach the same top (a latency curve's strip, the slower side's slowest). " +
			some + " is some, under ▁, never a level. Its key is one way on every chart, in the blocks' own words before ▁, from its least to under ▁'s start. " +
			"A count's is from 1: \"" + some + " 1+ ▁ 2+\" on 0–16/s, 1 to under 2. A pool's is from " + heldLeastWord + " workers, as a mean of a second can be a speck no one held: a breaker's rejection holds a worker for microseconds. " +
			"A latency's is from the fastest drawn, whose █ is the slowest drawn: \"" + latKey + "\" on 0–1.01s, in compare mode the slower half's, \"" + latCompared + "\". " +
			"A blank cell is under the lowest step its key gives, " + some + "'s least, not none (the pool picture's · is an idle worker or an empty queue slot)"},
		{"time", "run time along the bottom, each label starting in the column its second starts (a settings change's ┊ and ▲ by the same rule), the run's end unlabelled; the seconds shown are stretched over the chart's width, every one from 0s while at most one column in five holds two (drawing the larger), else the last ones (a whole number of 5 s, the same for charts side by side and for both halves of compare mode, on as many columns, so a second sits under a second) and the first label says where they start; the last column is the last second alone, the one the legend gives"},
		{"┊ n", "settings change number n (see changes), at the moment it was made"},
	}
}

// helpText renders the help as lines w wide: the keys in force, from the keymap km with
// their long sentences; the words of the main screen; the counters; the charts; the pool
// picture's glyphs. starts are the first line of each paragraph, where a page may begin: a
// section's title (its first paragraph stays with it), a row, the preset's own note.
func helpText(t *theme, km keyMap, w int) (lines []string, starts []int) {
	section := func(title string, rows [][2]string, note ...string) {
		starts = append(starts, len(lines))
		lines = append(lines, t.bold.Render(title))
		for i, n := range note {
			if i > 0 {
				starts = append(starts, len(lines))
			}
			for _, l := range wrapText(n, max(w-4, 20), 0) {
				lines = append(lines, "  "+t.dim.Render(l))
			}
		}
		keyW := 0
		for _, r := range rows {
			keyW = max(keyW, ansiWidth(r[0]))
		}
		keyW = min(keyW, 22)
		for i, r := range rows {
			if i > 0 || len(note) > 0 {
				starts = append(starts, len(lines))
			}
			k := r[0]
			descW := max(w-keyW-4, 20)
			desc := wrapText(r[1], descW, 0)
			if ansiWidth(k) > keyW { // a long name gets a line of its own
				lines = append(lines, "  "+t.key.Render(k))
				k = ""
			}
			for i, l := range desc {
				if i == 0 {
					lines = append(lines, "  "+t.key.Render(padRight(k, keyW))+"  "+l)
				} else {
					lines = append(lines, strings.Repeat(" ", keyW+4)+l)
				}
			}
		}
		lines = append(lines, "")
	}
	if km.payments != "" { // the keys' and this help's word, once, beside the screen's
		starts = append(starts, len(lines))
		named := lab.JoinList([]string{km.Timeout.Help().Key, km.Bulkhead.Help().Key, km.Size.Help().Key}, "and")
		lines = append(append(lines, wrapText(fmt.Sprintf("This preset calls the payment class %q: the payment of the %s keys below, and of this help, is its %s.", km.payments, named, lab.Plural(km.payments)), w, 0)...), "")
	}
	for _, g := range km.groups(true) {
		var rows [][2]string
		for _, b := range g.keys {
			if b.Enabled() {
				rows = append(rows, [2]string{b.Help().Key, b.long})
			}
		}
		section(g.title, rows)
	}
	section("On the screen", helpWords(), lab.HelpExamples, settingNames)
	section("Table columns", helpCounters())
	section("Charts", helpCharts(t))
	var glyphs [][2]string
	for i, c := range lab.Classes {
		// In its call only where it makes one: signups and checks call nothing (newcomer 82 W1).
		doing := " holds the worker (working: it calls nothing)"
		if c.Calls() {
			doing = " holds the worker (working, or in its call)"
		}
		glyphs = append(glyphs, [2]string{t.cell[i].Render(string(t.letter[i])), c.String() + doing})
	}
	// A renamed class's letter: "O orders" on the postmortem screens was nowhere in the
	// help's letters (newcomer 71).
	glyphs = append(glyphs, [2]string{"O", "a class a preset renames is drawn by its name's first letter (traffic.<class>.label): the postmortem and adaptive-limit presets' orders, O, are the payment class, and reports keep \"payment\""})
	for _, ph := range waitPhases() {
		glyphs = append(glyphs, [2]string{t.cellW[lab.Payment].Render(string(ph.Glyph())),
			"a payment holds the worker while " + ph.Words(false) + " (coloured by its class; the legend's payment count includes these: \"P payment 20 (" + string(ph.Glyph()) + " 15 of them " + ph.Words(false) + ")\")"})
	}
	glyphs = append(glyphs, [2]string{t.idle.Render(string(t.idleRune)), "idle worker, or free place in the queue"},
		[2]string{"1 cell = N", "a pool too big for its rows is drawn as a bar of N workers a cell, a whole number (≈: the last cell stands for fewer); a bounded queue's bar is drawn to its length, scaled so where it is longer than the room (in compare mode both halves to the larger scale): each class's cells in proportion, rounded, but a class with any waiting keeps 1 cell at least (16 payments and 3 signups at 10 a cell: \"PS\"; where the queue's line has no room to say so, the legend under it does, \"· queue: a class waiting keeps 1 cell\", or \"· queue ≥1 cell/class\"); an unbounded one's has no length to draw to, so one cell is a round of the pool: N waiting requests, one per worker (of the most it may grow to, not its size now, which the workers line says, \"35/36 busy now\", and this line beside the round where it has room, \"(36 now)\"), the same all run (in compare mode the larger of the two sides')"},
		[2]string{queueOverflow + " … the bar needs n cells", "an unbounded queue longer than its bar: the bar runs off at " + queueOverflow + ", and says how many cells the whole queue would take (\"= 90 cells × 64\" where the count is a whole number of cells, else \"in 90 cells of 64\", the last part-full), and where it has room, how many it shows"})
	section("Pool picture", glyphs)
	section(lab.SourcesTitle, helpSources(), sourcesNote)
	return lines, starts
}

// settingNames says where the dotted names the help cites are set and seen: they were
// cited with no word on where (newcomer 69 G3).
const settingNames = "Dotted names such as pool.workers or payment.breaker.count_rejections are settings: the keys of a preset file, nested at each dot (presets/*.yaml in the source; poollab --preset FILE runs your own), set for one run with --set name=value (poollab --set pool.workers=30), and under config in the JSON report (x exports it)."

// The sources' names, as the tour's chapters and the help say them. The five articles were
// given to this project in Korean as source material; each names no author, date or link of its own,
// so none is given here (newcomer 67 G-MAJOR: "which postmortem? can I read it?").
const (
	srcIsolation    = "the isolation article"
	srcBackpressure = "the backpressure article"
	srcDeadlines    = "the deadlines article"
	srcMeasuring    = "the measuring article"
	srcPostmortem   = "the postmortem"
	srcSRE          = "Google SRE"
	srcFailAtScale  = `Facebook's "Fail at Scale"`
)

// sourcesNote says where the articles come from, once for the five, and what the one tag
// in a title is: "[DE Ch-09]" was never explained (newcomer 81 G3).
const sourcesNote = "The five articles were given to this project in Korean as its source material (articles 000–004) and are not published with it; none names its own author, date or link, so none can be given here, and there is nowhere to look one up. A figure a screen quotes from one (the postmortem's p95 90ms → 1.1s, its knee of ~25 calls) is that article's own; what the lab shows beside it is the lab's run of the same numbers. A title, where one has it, is translated. The one tag, \"[DE Ch-09]\" before the measuring article's title, is the article's own: it is chapter 9 of a series (it points back to its Ch-08 and on to Ch-12) that it names no further than \"DE\"."

// articleIs says which source article one is, by its number: not "seed", the arrivals'
// word on the same screens (newcomer 69 G2).
func articleIs(n string) string { return "(in Korean, article " + n + ")" }

// helpSources names every source the lab and the tour rest on: what each is and where it
// comes from, the Korean titles translated.
func helpSources() [][2]string {
	return [][2]string{
		{srcIsolation, "an untitled article in chapters 0–7, its chapter 0 \"A payment provider slowed down, and the signup emails stopped going out\" " + articleIs("001") +
			": one slow dependency takes a shared worker pool, then timeouts, queues, bulkheads, a circuit breaker and what isolation costs; the tour's chapters say which chapter"},
		{srcBackpressure, "an untitled article that opens on \"the physics of backpressure in software systems, the latency death spiral, and why unbounded queues are a bug\" " + articleIs("002") + ": a queue absorbs bursts, not overload"},
		{srcDeadlines, "\"A deadline is a budget: spending it across hops\" " + articleIs("003") + ": one deadline from the first caller, each hop passing on what is left"},
		{srcMeasuring, "\"[DE Ch-09] The measuring trap: coordinated omission, how load tools erase the slow moments\" " + articleIs("004") + ": closed-loop load against open-loop; it cites Gil Tene's \"How NOT to Measure Latency\" (QCon San Francisco 2012)"},
		{srcPostmortem, lab.PostmortemTitle + " " + articleIs("000") +
			": " + lab.PostmortemSummary},
		{"Hystrix, resilience4j", "the two libraries' own documentation (Netflix's Hystrix, now in maintenance; resilience4j): thread-pool and semaphore bulkheads, caller timeouts, and their circuit breakers' defaults"},
		{srcSRE, "Site Reliability Engineering (Google, O'Reilly 2016), the chapters \"Handling Overload\" and \"Addressing Cascading Failures\": queues kept short, and a fleet whose overload moves from replica to replica"},
		{srcFailAtScale, "Ben Maurer, \"Fail at Scale\", ACM Queue 2015: Facebook's controlled delay and adaptive LIFO on server queues"},
		{"CoDel", "Kathleen Nichols and Van Jacobson, \"Controlling Queue Delay\", ACM Queue 2012, and RFC 8289: the queue-delay rule \"Fail at Scale\" adapts"},
		{"Vegas limits", "Netflix's concurrency-limits and the Go library failsafe-go (its adaptive limiter, which the lab runs): a concurrency limit moved by latency as TCP Vegas moves its window"},
		{"Little's law, Erlang B", "the queueing results behind the forecasts: L = λW (John Little, 1961) and the loss formula of a pool without a queue (A. K. Erlang, 1917)"},
	}
}

// helpPager is the help in its viewport, turned a page at a time at paragraphs: the
// viewport's own page down kept its last page a screenful from the end, so it began inside a
// sentence and repeated most of the page before (newcomer 82 W2).
type helpPager struct {
	viewport.Model
	pages []int // each page's first line: a paragraph's, or in one longer than a page a sentence's where it can
	lines int   // the help's own lines; the viewport holds blank ones after, so its last page can begin at its paragraph
}

// newHelpView is the help, scrolled by a viewport, for a screen w×h: all but its title and
// its last line; km is the keymap in force.
func newHelpView(t *theme, km keyMap, w, h int) helpPager {
	vp := viewport.New(viewport.WithWidth(max(w-1, 1)), viewport.WithHeight(max(h-2, 1)))
	lines, starts := helpText(t, km, w-2)
	pages := helpPages(lines, starts, vp.Height())
	vp.SetContentLines(append(lines, make([]string, max(pages[len(pages)-1]+vp.Height()-len(lines), 0))...))
	return helpPager{Model: vp, pages: pages, lines: len(lines)}
}

// helpPages are the first lines of the pages, h lines at most each, of the help's lines
// whose paragraphs begin at starts: each page ends before the last paragraph that begins
// within it and fits on a page of its own; where none does, the page ends inside one too
// long for a page, after its last line that ends a sentence or before a paragraph in the
// page's second half, or else full; a blank line just past a page is drawn on neither.
func helpPages(lines []string, starts []int, h int) []int {
	pages := []int{0}
	isStart := func(l int) bool { _, found := slices.BinarySearch(starts, l); return found }
	for top := 0; top+h < len(lines); {
		next := top + h
		if blank(lines[next]) { // a section's closing blank: the page ends whole, the next begins after it
			next++
		} else if i, found := slices.BinarySearch(starts, next); !found && i > 0 && starts[i-1] > top && fitsPage(starts, i-1, len(lines), h) {
			next = starts[i-1]
		} else if !found {
			for l := next; l > top+h/2; l-- {
				if endsSentence(lines[l-1]) || isStart(l) {
					next = l
					break
				}
			}
		}
		if next >= len(lines) {
			break
		}
		pages, top = append(pages, next), next
	}
	return pages
}

// fitsPage: the paragraph starts[i] begins is no longer than a page of h lines, of n lines in all.
func fitsPage(starts []int, i, n, h int) bool {
	end := n
	if i+1 < len(starts) {
		end = starts[i+1]
	}
	return end-starts[i] <= h
}

// blank: a help line with nothing drawn on it.
func blank(line string) bool { return strings.TrimSpace(ansi.Strip(line)) == "" }

// endsSentence: a help line whose last word ends a sentence, so the next begins one.
func endsSentence(line string) bool {
	return strings.HasSuffix(strings.TrimRight(ansi.Strip(line), " "), ".")
}

// shown is how many of the viewport's lines the screen draws: from a page's first line, up to
// the next page's, so no line is on two pages; scrolled a line at a time, all it holds.
func (p helpPager) shown() int {
	top, h := p.YOffset(), p.Height()
	if i, found := slices.BinarySearch(p.pages, top); found && i+1 < len(p.pages) {
		h = min(h, p.pages[i+1]-top)
	}
	return max(min(h, p.lines-top), 0)
}

// turn goes to the next page (by 1) or the one before (by −1); nowhere past either end.
func (p *helpPager) turn(by int) {
	top := p.YOffset()
	i, found := slices.BinarySearch(p.pages, top)
	if by < 0 {
		i--
	} else if found {
		i++
	}
	if i >= 0 && i < len(p.pages) {
		p.SetYOffset(p.pages[i])
	}
}

// helpScreen: the help text in its viewport, with a title and a line saying what is above
// and below.
func helpScreen(t *theme, s screen) []string {
	vp := s.helpView
	out := []string{t.title.Render("poollab help") + t.dim.Render("   ? or esc closes · q quits")}
	view := strings.Split(vp.View(), "\n")
	for _, l := range view[:min(vp.shown(), len(view))] {
		out = append(out, " "+l)
	}
	out = out[:min(len(out), s.height-1)]
	for len(out) < s.height-1 {
		out = append(out, "")
	}
	// The last line: how much is above and below, then the scroll keys, as many as fit.
	var more []string
	if below := vp.lines - vp.YOffset() - vp.shown(); below > 0 {
		more = append(more, fmt.Sprintf("↓ %d more lines", below))
	}
	if top := vp.YOffset(); top > 0 {
		more = append(more, fmt.Sprintf("↑ %d above", top))
	}
	last := t.dim.Render(strings.Join(append(more, ""), "   "))
	km, scroll := vp.KeyMap, t.footer
	scroll.SetWidth(s.width - ansiWidth(last))
	return append(out, last+scroll.ShortHelpView([]key.Binding{km.PageDown, km.PageUp, keys.End.Binding, keys.Top.Binding, km.Up, km.Down}))
}

// helpKey: ? or esc closes the help; the other keys scroll it.
func (m model) helpKey(msg tea.KeyPressMsg) model {
	if key.Matches(msg, keys.Help.Binding, keys.Close.Binding) {
		m.modes = m.modes.close(modeHelp)
		return m
	}
	switch {
	case key.Matches(msg, keys.Top.Binding):
		m.helpView.GotoTop()
	case key.Matches(msg, keys.End.Binding):
		// To Sources' title, the section the screen sends a reader to: the bottom alone put it
		// above the view at 80x24 (review).
		if i := slices.Index(strings.Split(ansi.Strip(m.helpView.GetContent()), "\n"), lab.SourcesTitle); i >= 0 {
			m.helpView.SetYOffset(i)
		} else {
			m.helpView.GotoBottom()
		}
	case key.Matches(msg, m.helpView.KeyMap.PageDown):
		m.helpView.turn(1)
	case key.Matches(msg, m.helpView.KeyMap.PageUp):
		m.helpView.turn(-1)
	default:
		m.helpView.Model, _ = m.helpView.Update(msg)
	}
	return m
}

// refreshHelp redraws the help's text for the screen and theme now, where it was scrolled.
func (m *model) refreshHelp() {
	if !m.modes.has(modeHelp) {
		return
	}
	top := m.helpView.YOffset()
	m.helpView = newHelpView(m.th, m.keyMap(), m.width, m.height)
	m.helpView.SetYOffset(top)
}
