package ui

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"poollab/lab"
)

// measurementConfig is the closed-loop preset, written out: 1 user at 100/s against a 1 ms
// dependency that stalls 1 s at 5 s (and every 10 s), 200 workers.
func measurementConfig(mode lab.TrafficMode) lab.Config {
	c := testConfig()
	c.Name = string(mode) + "-loop"
	c.Duration = lab.Duration(10 * time.Second)
	c.Pool.Workers = 200
	c.Traffic = lab.TrafficConfig{Arrivals: lab.Uniform, Seed: 1, Payment: lab.RateConfig{Rate: 100}, Mode: mode, Users: 1}
	c.Dependency.Mode, c.Dependency.HealthyLatency = lab.ModeHealthy, lab.Duration(time.Millisecond)
	c.Dependency.Stall = lab.StallConfig{FirstAt: lab.Duration(5 * time.Second), For: lab.Duration(time.Second), Every: lab.Duration(10 * time.Second)}
	return c
}

// stallDistribution is samples of fast ms, the slowest tail of them spread evenly from the
// stall's length down to 10 ms, as HdrHistogram would give it at DistributionPercentiles.
func stallDistribution(fast, stall time.Duration, tail float64) []time.Duration {
	var out []time.Duration
	for _, p := range lab.DistributionPercentiles {
		above := 1 - p/100 // the share of samples slower than this one
		if above >= tail {
			out = append(out, fast)
			continue
		}
		out = append(out, max(time.Duration(float64(stall)*(1-above/tail)), fast))
	}
	return out
}

// measurementSnapshots are the closed-loop and open-loop runs at their end, 10 s in.
func measurementSnapshots() (closed, open *lab.Snapshot) {
	ms := time.Millisecond
	build := func(mode lab.TrafficMode, arrived int64) *lab.Snapshot {
		s := &lab.Snapshot{Config: measurementConfig(mode), Elapsed: 10 * time.Second, Goroutines: 3}
		pay := &s.Classes[lab.Payment]
		pay.Arrived, pay.OK = arrived, arrived
		s.Pool = lab.PoolStats{Size: 200, Discipline: lab.FIFO, Workers: make([]lab.Worker, 200), PeakBusy: 1}
		s.Bulkhead = lab.BulkheadStats{Type: lab.BulkheadNone, Size: 5}
		s.Dependency = lab.DependencyStats{URL: "http://127.0.0.1:1", Mode: lab.ModeHealthy, Requests: arrived, PeakInFlight: 1}
		s.Generator.Lag = lab.Percentiles{P50: 80 * time.Microsecond, P99: 1100 * time.Microsecond, Count: arrived}
		for i := range 10 {
			sec := lab.Second{T: i + 1}
			sec.Arrived[lab.Payment], sec.OK[lab.Payment] = 100, 100
			s.Timeline = append(s.Timeline, sec)
		}
		return s
	}
	closed = build(lab.Closed, 901)
	pay := &closed.Classes[lab.Payment]
	pay.Latency = lab.Percentiles{P50: 1300 * time.Microsecond, P90: 1500 * time.Microsecond, P95: 1600 * time.Microsecond,
		P99: 2100 * time.Microsecond, P999: 1001 * ms, P9999: 1001 * ms, Max: 1001 * ms, Count: 901,
		P99In: lab.QuantileInterval{Low: 1900 * time.Microsecond, High: 2400 * time.Microsecond, HasHigh: true}}
	pay.LatencyCorrected = lab.Percentiles{P50: 1300 * time.Microsecond, P90: 11 * ms, P95: 501 * ms,
		P99: 901 * ms, P999: 991 * ms, P9999: 1001 * ms, Max: 1001 * ms, Count: 1000,
		// As the lab gives it: without, 1000 samples were "? too few ended to judge" (review L8).
		P99In: lab.QuantileInterval{Low: 831 * ms, High: 971 * ms, HasHigh: true}}
	closed.ClosedLoop = &lab.ClosedLoopStats{Users: 1, Rate: 100, Interval: 10 * ms, Expected: 10 * ms, Due: 1000, Sent: 901, PeakOutstanding: 1}
	closed.Distribution = lab.Distribution{Latency: stallDistribution(1300*time.Microsecond, 1001*ms, 1.0/901),
		Corrected: stallDistribution(1300*time.Microsecond, 1001*ms, 0.1), Count: 901}

	open = build(lab.Open, 1000)
	pay = &open.Classes[lab.Payment]
	pay.Latency = lab.Percentiles{P50: 2 * ms, P90: 11 * ms, P95: 501 * ms, P99: 901 * ms, P999: 991 * ms, P9999: 1001 * ms,
		Max: 1001 * ms, Count: 1000, P99In: lab.QuantileInterval{Low: 831 * ms, High: 971 * ms, HasHigh: true}}
	open.Distribution = lab.Distribution{Latency: stallDistribution(2*ms, 1001*ms, 0.1), Count: 1000}
	open.Pool.PeakBusy, open.Dependency.PeakInFlight = 100, 100
	open.Timeline[5].Busy[lab.Payment], open.Timeline[5].Held[lab.Payment] = 100, 100
	return closed, open
}

func measurementScreen(w, h int) screen {
	a, b := measurementSnapshots()
	return screen{panes: []pane{{snap: a, cfg: a.Config}, {snap: b, cfg: b.Config}}, width: w, height: h, recorded: true}
}

// The one-screen demonstration at 120x40: both ladders, the samples the closed loop never
// sent, the corrected latency, the narrator saying what is missing and why.
func TestGoldenMeasurementCompare(t *testing.T) {
	out := render(newTheme(false, true), measurementScreen(120, 40))
	checkFrame(t, out, 120, 40)
	plain := ansi.Strip(out)
	for _, want := range []string{
		"samples sent 901 of 1000 due at 100/s: 99 never sent", "samples sent 1000, none held back for a reply",
		"since arrival", "corrected", "1.00s", "901ms",
		"closed loop: 99 of 1000 due never sent", "open loop: all 100 due in the dependency's stall (1s at",
		"same target traffic, A sent closed loop, B sent open loop", "arrived", "latency by percentile",
	} {
		if !strings.Contains(plain, want) {
			t.Errorf("the measurement compare lacks %q", want)
		}
	}
	if strings.Count(plain, "p99.99") < 2 {
		t.Error("want both ladders")
	}
	// One letter, measured latency, in both halves (newcomer 26: "s scheduled" in B), its
	// words each loop's own: since sent in the closed loop, since arrival (the schedule, not
	// the send; review 16 #10) in the open one; the closed loop's never "since arrival",
	// which every other screen times from the schedule (newcomer 29).
	var closed, open string
	for _, l := range strings.Split(plain, "\n") {
		if a, b, ok := sides(l, 120); ok {
			closed, open = closed+a+"\n", open+b+"\n"
		}
	}
	if !strings.Contains(closed, "s since sent") || strings.Contains(closed, "since arrival") || !strings.Contains(open, "s since arrival") || strings.Contains(open, "since sent") || strings.Contains(plain, "scheduled") || strings.Contains(plain, " as sent") {
		t.Errorf("A (closed) wants s since sent, B (open) s since arrival, and no other word for either:\n%s", plain)
	}
	golden.RequireEqual(t, plain)
}

// Each half keeps its chart under its measurement, when a table note more (ok/s topping
// sent/s, as the closed loop's did at 80.4/s of 80.2/s) leaves full detail no room for
// both: the least the charts draw in counts the numbers above them.
func TestMeasurementHalvesKeepTheirCharts(t *testing.T) {
	for h := 36; h <= 44; h++ { // at 39 rows A had full detail and no chart
		s := measurementScreen(120, h)
		s.panes[0].snap.Timeline[8].OK[lab.Payment] = 102 // ends outrun arrivals in the /s window
		plain := ansi.Strip(render(newTheme(false, true), s))
		// One title in both, whatever the legend beside it: "by percentile" beside "by
		// log-spaced percentile" read as two kinds of chart (newcomer 34).
		if n := strings.Count(plain, "payment latency by percentile"); n != 2 || !strings.Contains(plain, "can top sent/s") {
			t.Errorf("120x%d: %d halves with the chart titled alike, want 2, with the note:\n%s", h, n, plain)
		}
		// Naming only the columns the table shows: "ok/s, timed out/s" under a table with no
		// timed-out column (newcomer 36 #23).
		if strings.Contains(plain, "timed out/s") || strings.Contains(plain, "timed-out/s") || !strings.Contains(plain, "ok/s can top sent/s") {
			t.Errorf("120x%d: the note names a column the table lacks:\n%s", h, plain)
		}
	}
}

// The closed loop's narrator says what "corrected" means, where the word is used, in two
// lines at 80 columns and three of half a 120-column screen, so that the table and charts
// keep their room.
func TestNarrateCorrected(t *testing.T) {
	a, _ := measurementSnapshots()
	got := narrate(a.Config, a)
	// To when, for an unsent one too: its user's reply (newcomer 29: "99 never sent" beside
	// a corrected count of 1000, timed to what?).
	if want := "; corrected p99 901ms (each from when due until its user's reply)"; !strings.HasSuffix(got, want) {
		t.Errorf("corrected, unexplained:\n got %q\nwant %q", got, want)
	}
	// The rest, a stall's end and the pacing, the help says, and late sending,
	// which moves corrected's p50 where the stall moves none (newcomer 36 #22).
	for _, d := range measurementHelp() {
		for _, want := range []string{"timed from when each request was due", "the stall's end", lab.SentLate + " counts too"} {
			if d[0] == "corrected" && !strings.Contains(d[1], want) {
				t.Errorf("help's corrected: %q, want %q", d[1], want)
			}
		}
	}
	for w, most := range map[int]int{80: 2, 58: 3} {
		if lines := wrapText("» "+got, w, 0); len(lines) > most {
			t.Errorf("%d lines at %d columns, want %d at most: %q", len(lines), w, most, got)
		}
	}
}

// The closed and open runs draw at every size, exactly that size, without panicking.
func TestMeasurementAtEverySize(t *testing.T) {
	th := newTheme(false, true)
	a, b := measurementSnapshots()
	for w := range sweep(60, 210, 7) {
		for h := 20; h <= 64; h += 4 {
			s := measurementScreen(w, h)
			checkFrame(t, render(th, s), w, h)
			for _, snap := range []*lab.Snapshot{a, b} {
				checkFrame(t, render(th, testScreen(snap, w, h)), w, h)
			}
		}
	}
}

// The percentile axis names each decade starting at its column, as the time axis does,
// p99.99 too, at the last column drawn (centred, or ending at the plot's end, p99.99 began
// columns before its own; newcomers 19 and 71), leaves out what would touch, and says the
// axis is log where the y labels leave room.
func TestPercentileAxis(t *testing.T) {
	for _, tc := range []struct {
		w, start, plotW int
		want            string
	}{
		{58, 11, 47, "log scale: p0        p90       p99       p99.9     p99.99"}, // a compare half's: 41 columns drawn, 10 a nine
		{47, 6, 41, "  log p0      p90     p99     p99.9   p99.99"},
		{28, 6, 21, "  log p0    p99   p99.99"}, // p90 would touch p0 and p99: the ends and p99 come first
		{29, 14, 13, "   log scale: p0  p99.99"},
		{29, 10, 17, "log scale p0  p99 p99.99"}, // no room for the colon
	} {
		if got := percentileAxis(tc.w, tc.start, percentileCols(tc.plotW)); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc, got, tc.want)
		}
	}
	// The decades the axis labels are the ones the lab reads: one more nine each.
	for dec, want := range []float64{0, 90, 99, 99.9, 99.99} {
		if got := lab.PercentileAt(float64(dec)); math.Abs(got-want) > 1e-9 {
			t.Errorf("decade %d: p%v, want p%v", dec, got, want)
		}
	}
}

// A single measurement lab at 200x60 has room for the distribution beside both time charts.
func TestDistributionBesideTheTimeCharts(t *testing.T) {
	a, _ := measurementSnapshots()
	plain := ansi.Strip(render(newTheme(false, true), testScreen(a, 200, 60)))
	for _, want := range []string{"payment latency by percentile", "workers held", "rejected:pool", "p99.99"} {
		if !strings.Contains(plain, want) {
			t.Errorf("200x60 lacks %q:\n%s", want, plain)
		}
	}
}

// The distribution's axis is in the data's units and reaches no far above it: a 1.01 s
// maximum in a chart of two plot rows sits on "1.01s", not on "2000" (ms); with room, the
// labels are round durations; and the two curves differ in their strokes, not colour alone.
func TestDistributionAxisFitsTheData(t *testing.T) {
	closed, _ := measurementSnapshots()
	s := *closed
	s.Distribution.Latency = slices.Clone(s.Distribution.Latency)
	s.Distribution.Latency[len(s.Distribution.Latency)-1] = 1010 * time.Millisecond
	for _, noColor := range []bool{false, true} {
		th := newTheme(noColor, true)
		smallLines := distributionChart(th, &s, nil, 40, 5)
		small := ansi.Strip(strings.Join(smallLines, "\n"))
		if !strings.Contains(small, "s 0–1.01s┤") || strings.Contains(small, "2000") {
			t.Errorf("no colour %v: a 1.01s maximum in 2 rows:\n%s", noColor, small)
		}
		// Two rows are strips, each value read within an eighth of a row (a p90 of 306ms
		// was drawn on the 1.01s row): read in ms, the top label as its number.
		var ms []string
		for _, l := range smallLines {
			ms = append(ms, strings.ReplaceAll(ansi.Strip(l), "1.01s", " 1010"))
		}
		read := readPlot(t, ms)
		last := len(s.Distribution.Latency) - 1
		// Each strip by its series' letter: s (since sent, a closed loop's), c(orrected), never the payments' P
		// (newcomer 23: P read as payment on every other screen), nor a, the profile chart's
		// arrived (review 11).
		for letter, values := range map[rune][]time.Duration{'s': s.Distribution.Latency, 'c': s.Distribution.Corrected} {
			got := read.values[letter]
			if !read.strips || len(got) == 0 {
				t.Fatalf("no colour %v: no strip %c:\n%s", noColor, letter, small)
			}
			for x, v := range got {
				want := float64(values[int(math.Round(float64(x)*float64(last)/float64(read.plotW-1)))]) / 1e6
				if math.Abs(v-want) > read.within[letter]+1e-9 {
					t.Errorf("no colour %v: %c column %d reads %.0fms, is %.0fms:\n%s", noColor, letter, x, v, want, small)
					break
				}
			}
		}
		// Every latency is some: its 1.3ms, under ▁ of 1.01s, is ⣀, never the blank that is
		// none on every other chart (newcomer 30 read blank as no latency).
		for _, row := range regexp.MustCompile(`(?m)^ [sc] 0–1\.01s┤(.*)$`).FindAllStringSubmatch(small, -1) {
			if !strings.HasPrefix(row[1], string(someMark)) || strings.Contains(row[1], " ") {
				t.Errorf("no colour %v: strip %q, want %c where under ▁, no blank:\n%s", noColor, row[1], someMark, small)
			}
		}
		// Rows that read true of any slowest (anyPeakRows), under a title and legend of a
		// line each and the axis.
		tall := ansi.Strip(strings.Join(distributionChart(th, &s, nil, 40, anyPeakRows()+3), "\n"))
		if !regexp.MustCompile(`(?m)^\s*(500ms|1\.00s)[┤┼]`).MatchString(tall) {
			t.Errorf("no colour %v: want round duration labels:\n%s", noColor, tall)
		}
		if !strings.Contains(small, "s since sent") || !strings.Contains(small, "c corrected") { // a closed loop's
			t.Errorf("no colour %v: the legend does not show each strip's letter:\n%s", noColor, small)
		}
		if strokes := strings.Repeat(th.chars[lab.Payment].Horizontal, 2); !strings.Contains(tall, strokes+" since sent") || !strings.Contains(tall, "cc corrected") {
			t.Errorf("no colour %v: the legend does not show each curve's strokes:\n%s", noColor, tall)
		}
	}
}

// One slow sample of 601 is over 0.1% of them: p99.9 (the nearest rank, the 601st) shows
// it with p99.99 and max (newcomer 16: "p99.9 1.9ms" beside a stall read as wrong).
func TestStallShowsOneSample(t *testing.T) {
	p := lab.Percentiles{P50: 1300 * time.Microsecond, P90: 1500 * time.Microsecond, P95: 1600 * time.Microsecond, P99: 1800 * time.Microsecond,
		P999: time.Second, P9999: time.Second, Max: time.Second, Count: 601}
	// Said as a share of the samples, which 80x24, with no ladder drawn, needs (newcomer 58),
	// by count where that is under a handful: 0.1% of 601 is under one request (newcomer 59
	// W-minor 10); the one is the max, so no "at most".
	if got, want := stallShows(p, time.Second), "slowest 1 of 601 shows the stall (1.00s)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	// Of 20000, p99.9 is 20 samples: the share.
	p.Count = 20000
	if got, want := stallShows(p, time.Second), "slowest 0.1% show the stall (1.00s at most)"; got != want {
		t.Errorf("of 20000: %q, want %q", got, want)
	}
}

// A closed loop's table counts what its users sent: "sent 901" beside "901 of 1000 due
// sent", not "arrived 901", where elsewhere an arrival is a scheduled time (newcomer 30);
// the open loop's beside it still arrived.
func TestClosedLoopTableSaysSent(t *testing.T) {
	closed, open := measurementSnapshots()
	for _, tc := range []struct {
		snap        *lab.Snapshot
		word, other string
	}{{closed, "sent", "arrived"}, {open, "arrived", "sent"}} {
		lines, notes := tableLines(newTheme(false, true), tc.snap, tablePeer{}, 80, true, nil, false)
		head := ansi.Strip(lines[0])
		if !strings.Contains(head, " "+tc.word+" ") || strings.Contains(head, " "+tc.other+" ") {
			t.Errorf("%s loop: table head %q, want %q", tc.snap.Config.Traffic.Mode, head, tc.word)
		}
		all := strings.Join(slices.Concat(append(notes.must, notes.rest...)...), "\n")
		if !regexp.MustCompile(`÷ ?`+tc.word).MatchString(all) || regexp.MustCompile(`÷ ?`+tc.other).MatchString(all) {
			t.Errorf("%s loop: notes %q, want ok%% of %s", tc.snap.Config.Traffic.Mode, all, tc.word)
		}
	}
}

// The latency strips are keyed as every chart of strips is (keyPlace): the key in full on a
// line the plot leaves over before fewer words after the legend, so "▁…█ eighths of the
// range" is said where the room is (a cut-down copy of the rule gave "⣀ some, under ▁" alone
// after the legend, above a blank line).
func TestLatencyStripsKeyedInFull(t *testing.T) {
	closed, _ := measurementSnapshots()
	s := *closed
	s.Distribution.Latency = slices.Clone(s.Distribution.Latency)
	s.Distribution.Latency[len(s.Distribution.Latency)-1] = 1010 * time.Millisecond
	lines := distributionChart(newTheme(true, true), &s, nil, 80, 6)
	plain := ansi.Strip(strings.Join(lines, "\n"))
	least, _ := fastest(s.Distribution.Latency)
	keys := latencyKeys(1.01e3/8, 1.01e3, latencyTop(least), false)
	want, own, _ := keyPlace(keys, 0, 80, true) // the widest form that fits a line of its own
	if !own || !strings.Contains(want, "⣀ fastest "+latencyTop(least)) || !strings.Contains(plain, "\n"+want+"\n") || !strings.Contains(plain, "0–1.01s┤") {
		t.Errorf("80x6: strips without their key in full on a line of its own:\n%s", plain)
	}
}

// newcomer 34: p99.9 and p99.99 of 701 and 800 samples shown unmarked, each the slowest,
// where the table says "p99 of fewer than 100 is the slowest of them". Each half of the
// closed against open compare says it under its ladder, of the rungs its count leaves short.
func TestLadderSaysWhichRungsAreTheSlowest(t *testing.T) {
	plain := ansi.Strip(render(newTheme(false, true), measurementScreen(120, 40)))
	var closed, open string
	for _, l := range strings.Split(plain, "\n") {
		if a, b, ok := sides(l, 120); ok {
			closed, open = closed+a+"\n", open+b+"\n"
		}
	}
	if !strings.Contains(closed, "p99.9 of <1000, p99.99 of <10000: their slowest") {
		t.Errorf("A, 901 samples: no note of p99.9 and p99.99:\n%s", plain)
	}
	if !strings.Contains(open, "p99.99 of fewer than 10000 is the slowest of them") || strings.Contains(open, "p99.9 of") {
		t.Errorf("B, 1000 samples: want p99.99's note alone:\n%s", plain)
	}
	a, _ := measurementSnapshots()
	a.Classes[lab.Payment].Latency.Count, a.Classes[lab.Payment].LatencyCorrected.Count = 10000, 10000
	if n := ladderNote(a, 120); n != "" {
		t.Errorf("10000 samples: %q", n)
	}
}

// In a compare half, the ladder's note on rungs at the slowest sample has a line wherever a
// line is left under the ladder: it outranks the chart's last row where the chart keeps
// every strip and its key without it (the open loop's "none needed" line gives way), where
// a half one row short once left 800 samples' p99.9 unmarked (review 27 #10). The chart is
// drawn whole either way.
func TestLadderNoteOutranksTheChartsLastRow(t *testing.T) {
	th := newTheme(false, true)
	closed, open := measurementSnapshots()
	for _, s := range []struct {
		name       string
		snap, peer *lab.Snapshot
	}{{"closed", closed, open}, {"open", open, closed}} {
		note := ladderNote(s.snap, 59)
		above := len(samplesLines(th, s.snap, 59)) + len(ladderLines(th, s.snap, 59))
		if note == "" {
			t.Fatalf("%s: no note", s.name)
		}
		for h := above + 1; h <= above+8; h++ {
			out, _ := distributionLayout(th, s.snap, s.peer, nil, 59, h)
			plain := ansi.Strip(strings.Join(out, "\n"))
			// A closed loop's chart in 4 lines loses its key or a strip: it keeps its row.
			_, whole := distributionLines(th, s.snap, nil, 59, 4)
			kept := h-above == 5 && !whole
			if len(out) > h || strings.Contains(plain, note) == kept {
				t.Errorf("%s in %d lines: %d drawn, note %q missing:\n%s", s.name, h, len(out), note, plain)
			}
			least, _ := fastest(s.snap.Distribution.Latency, s.snap.Distribution.Corrected)
			if h-above-1 >= 4 && (!strings.Contains(plain, "⣀ fastest "+latencyTop(least)+"+ ▁ ") || !strings.Contains(plain, "┤")) {
				t.Errorf("%s in %d lines: the chart not whole:\n%s", s.name, h, plain)
			}
		}
	}
}

// A closed loop's ladder says what its corrected row counts from, where the chart keeps its
// room: late sending too, which moved corrected's p50 1.4ms → 2.1ms where the stall
// moved none (newcomer 36 #22); and the never sent it puts back, as many as its count has
// over since sent's, each until its user's stuck reply: count 1000 beside 901 sent read as
// a miscount (newcomer 42 G7), in the compare's half too.
func TestLadderSaysWhatCorrectedCounts(t *testing.T) {
	a, b := measurementSnapshots()
	one := screen{panes: []pane{{snap: a, cfg: a.Config}}, width: 120, height: 40, recorded: true}
	if plain := ansi.Strip(render(newTheme(false, true), one)); !strings.Contains(plain, "corrected: from when due, how late each was sent too (lag p50 80µs); +99 never sent, each until its user's stuck reply") || !strings.Contains(plain, "payment latency by percentile") {
		t.Errorf("closed loop at 120x40, corrected unexplained or no chart:\n%s", plain)
	}
	if got, want := correctedNote(a, 59), "corrected: +99 never sent, from when due to the stuck reply"; got != want {
		t.Errorf("in a half at 120 columns: %q, want %q", got, want)
	}
	open := screen{panes: []pane{{snap: b, cfg: b.Config}}, width: 120, height: 40, recorded: true}
	if plain := ansi.Strip(render(newTheme(false, true), open)); strings.Contains(plain, "corrected: from") {
		t.Errorf("open loop has nothing to correct:\n%s", plain)
	}
}

// Where every latency drawn is above ▁'s start, nothing draws ⣀, so its key has no rule: a
// rule from the fastest then read backwards ("⣀ 40ms to <7.5ms", review 32 #9).
func TestLatencyKeyWithoutRuleWhereNothingIsFast(t *testing.T) {
	closed, _ := measurementSnapshots()
	s := *closed
	s.Distribution.Latency = slices.Clone(s.Distribution.Latency)
	for i := range s.Distribution.Latency {
		s.Distribution.Latency[i] = max(s.Distribution.Latency[i], 900*time.Millisecond)
	}
	s.Distribution.Latency[len(s.Distribution.Latency)-1] = 1010 * time.Millisecond
	s.Distribution.Corrected = nil
	plain := ansi.Strip(strings.Join(distributionChart(newTheme(true, true), &s, nil, 80, 6), "\n"))
	if strings.Contains(plain, "⣀") || !strings.Contains(plain, "█ slowest 1.01s") {
		t.Errorf("80x6: a ⣀ key where nothing is under ▁'s start, or no key:\n%s", plain)
	}
}

// newcomer 39 W8: under the p90 tick the plot drew ⣀ where the table said p90 203ms, and
// under p99.9 the closed loop's ⣀ beside its table's 1.00s: the columns spread the points
// evenly, so a tick fell on a neighbour's point where the columns do not divide by the
// decades. At every width, the column a tick's label starts at draws that percentile's value
// (the table's: both read the histogram by nearest rank) at its level, in a distribution
// whose every decade's point stands a level apart from its neighbours'.
func TestTickColumnDrawsItsPercentile(t *testing.T) {
	closed, _ := measurementSnapshots()
	s := *closed
	top := time.Second
	level := func(k int) time.Duration { return top * time.Duration(k) / 8 }
	dist := make([]time.Duration, len(lab.DistributionPercentiles))
	per := (len(dist) - 1) / lab.DistributionDecades
	for i := range dist {
		switch dec := i / per; {
		case i == len(dist)-1:
			dist[i] = top
		case i%per == 0 && dec > 0:
			dist[i] = level(2*dec - 1) // the decade's own point: a level over the one before it
		case dec == 0:
			dist[i] = time.Millisecond
		default:
			dist[i] = level(2 * dec)
		}
	}
	s.Distribution = lab.Distribution{Latency: dist, Corrected: dist, Count: 10000}
	labels := regexp.MustCompile(`p[0-9.]+`)
	for w := 30; w <= 130; w++ {
		lines := distributionChart(newTheme(true, true), &s, nil, w, 6)
		plain := make([]string, len(lines))
		strip := -1
		for i, l := range lines {
			plain[i] = ansi.Strip(l)
			if strings.HasPrefix(plain[i], " s ") && strings.Contains(plain[i], "┤") {
				strip = i
			}
		}
		axis := plain[len(plain)-1]
		if strip < 0 || !strings.Contains(axis, "p0") {
			t.Fatalf("width %d: no strip or axis:\n%s", w, strings.Join(plain, "\n"))
		}
		cells := []rune(plain[strip])
		for _, at := range labels.FindAllStringIndex(axis, -1) {
			name := axis[at[0]:at[1]]
			dec := slices.IndexFunc([]int{0, 1, 2, 3, 4}, func(d int) bool {
				return decadeLabel(d) == name
			})
			tick := len([]rune(axis[:at[0]])) // where it starts, the last's too (newcomer 71 G-minor 4)
			if dec <= 0 || tick >= len(cells) {
				continue
			}
			want := eighths[stripLevel(float64(dist[dec*per]), float64(top))]
			if cells[tick] != want {
				t.Errorf("width %d: under %s's tick %q, want %q (its value %v):\n%s\n%s", w, name, cells[tick], want, dist[dec*per], plain[strip], axis)
			}
		}
	}
}

// newcomer 42 W2: in the closed loop's half at 120x40 the since-sent strip drew ⣀ under 4 of
// "p99.9"'s 5 columns and the stall's block under its last alone, beside the table's p99.9
// 1.00s: read from where it begins, the label said the stall came later than p99.9. Under
// every column of the label the strip draws the table's p99.9. 901 samples, as the lab reads
// them (nearest rank): 900 fast, and the one the stall held, from p99.9 on.
func TestStripUnderTheP999LabelIsTheTables(t *testing.T) {
	closed, open := measurementSnapshots()
	pay := closed.Classes[lab.Payment].Latency
	step := make([]time.Duration, len(lab.DistributionPercentiles))
	for i, p := range lab.DistributionPercentiles {
		if step[i] = pay.P99; math.Ceil(p/100*float64(pay.Count)) == float64(pay.Count) {
			step[i] = pay.P999
		}
	}
	closed.Distribution.Latency = step
	sc := screen{panes: []pane{{snap: closed, cfg: closed.Config}, {snap: open, cfg: open.Config}}, width: 120, height: 40, recorded: true}
	var strip, axis []rune
	for l := range strings.SplitSeq(ansi.Strip(render(newTheme(true, true), sc)), "\n") {
		half, _, _ := sides(l, 120)
		switch {
		case strings.HasPrefix(half, " s ") && strings.Contains(half, "┤"):
			strip = []rune(half)
		case strings.Contains(half, "log scale:"):
			axis = []rune(half)
		}
	}
	at := strings.Index(string(axis), "p99.9 ")
	if strip == nil || at < 0 {
		t.Fatalf("no strip or no p99.9 label:\n%s\n%s", string(strip), string(axis))
	}
	from := len([]rune(string(axis)[:at]))
	want := eighths[stripLevel(float64(pay.P999), float64(slices.Max(closed.Distribution.Corrected)))]
	if under := string(strip[from : from+len("p99.9")]); under != strings.Repeat(string(want), len("p99.9")) {
		t.Errorf("under p99.9 (%v) the strip draws %q, want %q throughout:\n%s\n%s", pay.P999, under, want, string(strip), string(axis))
	}
}

// An open loop's screen says none was held back for a reply, its point, and never that each
// left on time: on a machine too busy to send on time, "sent on time" and "every one on
// schedule" stood beside the lab's own ⚠ of late sends (newcomer 53).
func TestOpenLoopClaimsNoPunctuality(t *testing.T) {
	_, open := measurementSnapshots()
	open.Generator.Lag.P99 = 6600 * time.Microsecond // past the ⚠ line's threshold
	for _, w := range []int{80, 120} {
		plain := ansi.Strip(render(newTheme(false, true), screen{panes: []pane{{snap: open, cfg: open.Config}}, width: w, height: w / 3, recorded: true}))
		for _, wrong := range []string{"on time", "on schedule"} {
			if strings.Contains(plain, wrong) {
				t.Errorf("at %d columns the open loop claims %q:\n%s", w, wrong, plain)
			}
		}
		if !strings.Contains(plain, "too busy") {
			t.Errorf("at %d columns no ⚠ of late sends: the test tests nothing", w)
		}
		if !strings.Contains(plain, "none held back for a reply") {
			t.Errorf("at %d columns the open loop does not say none was held back:\n%s", w, plain)
		}
	}
}

// newcomer 56: "█ 1.00s ⣀ 1.2ms+" left ⣀ to be read as the lowest band's floor or the
// fastest drawn, and █ beside the other loop's "█ 1.02s" as one scale. The key names both
// ends: alone, the run's own slowest; in compare, both halves to the slower one's slowest,
// which says so, in the half whose own slowest is less too.
func TestLatencyKeyNamesItsEnds(t *testing.T) {
	closed, open := measurementSnapshots()
	o := *open
	o.Distribution.Latency = slices.Clone(o.Distribution.Latency)
	o.Distribution.Latency[len(o.Distribution.Latency)-1] = 1020 * time.Millisecond
	th := newTheme(true, true)
	least, _ := fastest(closed.Distribution.Latency, closed.Distribution.Corrected)
	alone := ansi.Strip(strings.Join(distributionChart(th, closed, nil, 59, 6), "\n"))
	if want := "█ slowest 1.00s ⣀ fastest " + latencyTop(least) + "+ ▁ "; !strings.Contains(alone, want) {
		t.Errorf("alone at 59x6: want %q:\n%s", want, alone)
	}
	for _, half := range []struct {
		name       string
		snap, peer *lab.Snapshot
	}{{"A", closed, &o}, {"B", &o, closed}} {
		plain := ansi.Strip(strings.Join(distributionChart(th, half.snap, half.peer, 58, 6), "\n"))
		if !strings.Contains(plain, "█ A,B slowest 1.02s ⣀ fastest ") || !strings.Contains(plain, "0–1.02s┤") {
			t.Errorf("compare half %s at 58x6: want one top, %q, said as both halves':\n%s", half.name, "█ A,B slowest 1.02s", plain)
		}
	}
}

// The corrected p99 says what it recovers where one lab's screen has the room on the
// narrator's last line (newcomer 60 G11: closed-loop's corrected p99 beside open-loop's, no
// word that they measure alike): at 120x40 alone, not at 80x24, whose two lines are full,
// nor in a compare half, and never at the cost of a line.
func TestCorrectedSaysWhatOpenLoopMeasures(t *testing.T) {
	a, _ := measurementSnapshots()
	said := "until its user's reply: " + lab.OpenLoopMeasures + ")"
	for _, c := range []struct {
		s    screen
		want bool
	}{
		{screen{panes: []pane{{snap: a, cfg: a.Config}}, width: 120, height: 40, recorded: true}, true},
		{screen{panes: []pane{{snap: a, cfg: a.Config}}, width: 80, height: 24, recorded: true}, false},
		{measurementScreen(120, 40), false},
	} {
		plain := ansi.Strip(render(newTheme(false, true), c.s))
		if got := strings.Contains(strings.Join(strings.Fields(plain), " "), said); got != c.want {
			t.Errorf("%dx%d, %d panes: says %q %v, want %v:\n%s", c.s.width, c.s.height, len(c.s.panes), said, got, c.want, plain)
		}
	}
}

// Newcomer 60 (G-minor 10/11): "log axis p0 … p99.99" under "▁ 125ms+ ▂ 250ms+ …" read as
// linear latency steps on a log axis, a mistake. The key says its blocks are the height, in
// even steps ("by 125ms"), beside the x axis's "log scale:", its colon tying it to the
// percentiles, not the y labels over it (newcomer 64), every block decoded; where the
// width is short the top outranks the word (a compare half keeps "A,B slowest").
func TestLatencyKeySaysWhichAxisIsWhich(t *testing.T) {
	closed, _ := measurementSnapshots()
	th := newTheme(true, true)
	plain := ansi.Strip(strings.Join(distributionChart(th, closed, nil, 59, 6), "\n"))
	if !regexp.MustCompile(`(?m)^height: █ slowest 1\.00s ⣀ fastest [0-9.]+ms\+ ▁ 125ms\+ by 125ms$`).MatchString(plain) || !strings.Contains(plain, "log scale: p0") {
		t.Errorf("at 59x6, want the key on the blocks' height and the step, the x log:\n%s", plain)
	}
}
