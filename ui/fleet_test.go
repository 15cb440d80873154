package ui

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/presets"
)

// fleetSnapshot is n replicas of shared-pool behind a balancer, 9.5 s in: the first
// `pulled` replicas were pulled one by one (at 6, 8, 9 s …), the rest are full and
// failing their checks.
func fleetSnapshot(n, pulled int) *lab.Snapshot {
	one := testSnapshot()
	cfg := one.Config
	cfg.Name = "fleet-domino"
	cfg.Traffic.Payment.Rate, cfg.Traffic.Signup.Rate = 24, 80
	cfg.Traffic.Health.Rate = float64(n) / 0.1
	cfg.Pool.Queue = 100
	cfg.Health.Timeout = lab.Duration(2 * time.Second)
	cfg.Fleet = lab.FleetConfig{Replicas: n, Balancer: lab.RoundRobin, PullAfter: 2, ReturnAfter: 100, CheckEvery: lab.Duration(100 * time.Millisecond)}
	s := &lab.Snapshot{Config: cfg, Elapsed: 9500 * time.Millisecond, Fleet: &lab.FleetStats{Balancer: lab.RoundRobin}}
	at := []time.Duration{6 * time.Second, 8 * time.Second, 9 * time.Second}
	for i := range n {
		r := *testSnapshot()
		r.Config = cfg
		r.Pool.QueueCap, r.Pool.Queued = 20, 7
		if i < pulled {
			p := lab.Pull{Replica: i + 1, At: at[min(i, len(at)-1)] + time.Duration(i)*10*time.Millisecond}
			r.Health = lab.HealthStats{Pulled: true, Pulls: 1, History: []lab.Pull{p}}
			r.Pool.Queued = 0
			s.Fleet.Pulls = append(s.Fleet.Pulls, p)
		} else {
			r.Health = lab.HealthStats{FailStreak: 1}
			s.Fleet.InRotation++
		}
		s.Fleet.Replicas = append(s.Fleet.Replicas, r)
		for c := range s.Classes {
			s.Classes[c].Arrived += r.Classes[c].Arrived
			s.Classes[c].OK += r.Classes[c].OK
			s.Classes[c].InFlight += r.Classes[c].InFlight
			s.Classes[c].Rejected[lab.RejectPool] += r.Classes[c].Rejected[lab.RejectPool]
		}
		s.Pool.Size += r.Pool.Size
		s.Pool.Busy += r.Pool.Busy
		s.Pool.Workers = append(s.Pool.Workers, r.Pool.Workers...)
	}
	if pulled == n {
		s.Classes[lab.Payment].Arrived += 9
		s.Classes[lab.Payment].Rejected[lab.RejectBalancer] = 9
	}
	s.Timeline = one.Timeline
	s.Dependency = one.Dependency
	return s
}

// drainFirst makes replica 1's pull in s a drain for a deploy at the same moment, as
// fleet-domino's drain.
func drainFirst(s *lab.Snapshot) *lab.Snapshot {
	fs := s.Fleet
	at := fs.Pulls[0].At
	s.Config.Fleet.Drain = lab.DrainConfig{Replica: 1, At: lab.Duration(at), For: lab.Duration(30 * time.Second)}
	fs.Drain = &lab.Drain{Replica: 1, At: at}
	fs.Pulls = fs.Pulls[1:]
	r := &fs.Replicas[0]
	r.Health = lab.HealthStats{}
	return s
}

// A fleet's frame: exactly the size asked, a row per replica (in columns when the screen is
// wide), the balancer, the pulls with their gaps, the fleet-wide table and the narrator.
func TestFleetFrame(t *testing.T) {
	for _, tc := range []struct {
		n, pulled, w, h int
		want            []string
	}{
		{4, 2, 120, 40, []string{"balancer round-robin: 2 of 4 replicas in rotation", "r1 ", "PULLED at 6.0s", "r4 ",
			"r2 8.0s (+2.0s)", "1/2 checks not ok", "the domino: r1 pulled at 6.0s → 3 left, 8/s payments each (8/s × 3.0s = 24 workers of 20) → r2 pulled at 8.0s; the 2 in rotation take 12/s each (36 workers of 20)", "+  7 queued"}},
		{4, 4, 120, 40, []string{"NO HEALTHY TARGET: all 4 out · out after 2 not ok, back after 100 ok (~10s, a check every 100ms)", "all out from 9.030s: none in rotation, every request rejected:balancer until a pulled replica passes 100 checks in a row", "balancer"}},
		{4, 0, 80, 24, []string{"r1 ", "r4 ", "4 replicas take 6/s payments each"}},
		// The domino two lines taller than 80x24 (where the table's window, in-flight note and
		// column definitions take the lines): lines to spare go to the pulls, not to blank lines.
		{4, 2, 80, 26, []string{"pulls", "r2 8.0s (+2.0s)"}},
		// At 80x24 the line to spare goes to the need that made the pulls sure, before the
		// pulls, whose times the headline says (newcomer 60).
		{4, 2, 80, 24, []string{"1–6s", "payment 80 (31%) in flight", "3 left, 8/s payments each (8/s × 3.0s = 24 workers of 20)"}},
		{16, 3, 200, 60, []string{"r16", "r9 ", "13 of 16 replicas in rotation"}},
		{16, 3, 120, 40, []string{"r16", "r9 "}},
		{16, 16, 80, 24, []string{"r16"}},
	} {
		out := Frame([]lab.Snapshot{*fleetSnapshot(tc.n, tc.pulled)}, tc.w, tc.h, false, false)
		if !checkFrame(t, out, tc.w, tc.h) {
			continue
		}
		plain := ansi.Strip(out)
		for _, want := range tc.want {
			if !strings.Contains(strings.Join(strings.Fields(plain), " "), strings.Join(strings.Fields(want), " ")) {
				t.Errorf("%d replicas, %d pulled, %dx%d: no %q in\n%s", tc.n, tc.pulled, tc.w, tc.h, want, plain)
			}
		}
		if tc.n == 16 && tc.w == 200 && strings.Count(plain, "in rotation") < 13 {
			t.Errorf("16 replicas at 200x60: not every row shown\n%s", plain)
		}
	}
}

// An outage is in the header: the requests the balancer turned away, first while every
// replica is out, with since when; quiet once one is back, with when, whatever the last
// whole second had ("(still in 19–20s)" beside a replica "back at 19.5s" read as going on,
// newcomer 26).
func TestHeaderSaysTheOutage(t *testing.T) {
	s := fleetSnapshot(4, 4)
	last := &s.Timeline[len(s.Timeline)-1]
	last.Rejected[lab.Payment][lab.RejectBalancer] = 3
	th := newTheme(true, true)
	// Every class's count, said so: "rejected:balancer 681" beside the signups' "rej:balancer
	// 541" read as one label with two numbers (newcomer 29).
	allBalancer := regexp.MustCompile(`total rej(ected)?:balancer 9\b`)
	one := screen{width: 80, height: 24, recorded: true, panes: []pane{{cfg: s.Config, snap: s}}}
	if h := ansi.Strip(headerLine(th, one, 0, 80, 80)); !allBalancer.MatchString(h) {
		t.Errorf("during the outage at 80 columns: %q", h)
	}
	if h := ansi.Strip(headerLine(th, one, 0, 120, 120)); !regexp.MustCompile(`total rej(ected)?:balancer 9 \(all out since 9\.030s\)`).MatchString(h) {
		t.Errorf("during the outage at 120 columns: %q", h)
	}
	// With no class starved (only payments turned away), the outage keeps its note: the
	// header showed "rejected:balancer 9" bare at 120 columns (review 13).
	quiet := *s
	quiet.Classes[lab.Signup].Rejected = [len(s.Classes[lab.Signup].Rejected)]int64{}
	quiet.Timeline = slices.Clone(s.Timeline)
	for i := range quiet.Timeline {
		quiet.Timeline[i].Rejected[lab.Signup] = quiet.Classes[lab.Signup].Rejected
	}
	alone := screen{width: 120, height: 40, recorded: true, panes: []pane{{cfg: quiet.Config, snap: &quiet}}}
	if h := ansi.Strip(headerLine(th, alone, 0, 120, 120)); strings.Contains(h, "starved") || !strings.Contains(h, "total rejected:balancer 9 (all out since 9.030s)") {
		t.Errorf("during the outage, nothing starved, at 120 columns: %q", h)
	}
	// Both halves of compare mode keep the time as a moment (newcomer 28 had to assume A's);
	// A the outage's count, and where that leaves no room for "screenshot", B gives it up too:
	// "at 9.5s" beside "screenshot at 9.5s" asked whether one half was live (newcomer 31).
	two := screen{recorded: true, panes: []pane{{cfg: s.Config, snap: s}, {cfg: s.Config, snap: s}}}
	if h := ansi.Strip(headerLine(th, two, 1, paneMinWidth, paneMinWidth)); !strings.Contains(h, "fleet-domino  at 9.5s") {
		t.Errorf("B's half of compare mode during the outage: %q", h)
	}
	if h := ansi.Strip(headerLine(th, two, 0, paneMinWidth, paneMinWidth)); !strings.Contains(h, "fleet-domino  at 9.5s") || !allBalancer.MatchString(h) {
		t.Errorf("A's half of compare mode during the outage: %q", h)
	}
	// r4 back in rotation within the last whole second, which turned 3 away.
	fs := s.Fleet
	fs.Pulls[3].ReturnedAt, fs.InRotation = 9400*time.Millisecond, 1
	fs.Replicas[3].Health.Pulled = false
	if h := ansi.Strip(headerLine(th, one, 0, 120, 120)); !regexp.MustCompile(`total rej(ected)?:balancer 9 \(none since 9\.4s\)`).MatchString(h) {
		t.Errorf("after it: %q", h)
	}
	// After it, a class whose count has a share of the outage's keeps it before the total,
	// where both do not fit (newcomer 43 W-1: the domino's signups' 556 gave way to the total).
	after := *s
	after.Classes[lab.Signup].Rejected[lab.RejectBalancer] = 541
	if h := ansi.Strip(headerLine(th, screen{width: 100, height: 40, recorded: true, panes: []pane{{cfg: after.Config, snap: &after}}}, 0, 100, 0)); !strings.Contains(h, "signup turned away 629: rej:pool 88, rej:balancer 541") {
		t.Errorf("after it, a class with a share of it, at 100 columns: %q", h)
	}
	// An outage that no whole second of the timeline had (none in rotation at its start, say):
	// its count bare, not "(–)", as a class's is (42c84ed; review 24).
	early := *s
	early.Fleet = &lab.FleetStats{Balancer: s.Fleet.Balancer, Replicas: s.Fleet.Replicas, InRotation: 4}
	early.Timeline = slices.Clone(s.Timeline)
	for i := range early.Timeline {
		for c := range early.Timeline[i].Rejected {
			early.Timeline[i].Rejected[c][lab.RejectBalancer] = 0
		}
	}
	for _, w := range []int{80, 120, 200} {
		h := ansi.Strip(headerLine(th, screen{width: w, height: 40, recorded: true, panes: []pane{{cfg: early.Config, snap: &early}}}, 0, w, 0))
		if !allBalancer.MatchString(h) || regexp.MustCompile(`\(–|, –`).MatchString(h) { // a span's "1–6s" is no placeholder
			t.Errorf("an outage no whole second had, at %d columns: %q", w, h)
		}
	}
	// r4 out again: a later stretch than the first, which "all out" names in the story and
	// the report (review 19).
	fs.Pulls, fs.InRotation = append(fs.Pulls, lab.Pull{Replica: 4, At: 9480 * time.Millisecond}), 0
	fs.Replicas[3].Health.Pulled = true
	if h := ansi.Strip(headerLine(th, one, 0, 120, 120)); !regexp.MustCompile(`total rej(ected)?:balancer 9 \(all out again since 9\.480s\)`).MatchString(h) {
		t.Errorf("all out again: %q", h)
	}
}

// allOutTwoStarved is fleetSnapshot with every replica out, its last whole second turning
// payments away at the balancer, and health checks starved as well as signups.
func allOutTwoStarved() *lab.Snapshot {
	s := fleetSnapshot(4, 4)
	s.Timeline = slices.Clone(s.Timeline)
	s.Timeline[len(s.Timeline)-1].Rejected[lab.Payment][lab.RejectBalancer] = 3
	s.Classes[lab.Health].Arrived += 4
	s.Classes[lab.Health].Rejected[lab.RejectPool] = 4
	return s
}

// While every replica is out and two classes starve, the header says what the help's
// entries promise: the total first, its note, then the first class's count (rejected:balancer
// n); every class's count before the first's rate (starved n).
func TestHeaderDuringTheOutageEveryClass(t *testing.T) {
	s := allOutTwoStarved()
	th := newTheme(true, true)
	total := regexp.MustCompile(`^total rej(ected)?:balancer 9\b`)
	for _, tc := range []struct {
		w    int
		want string // what follows the time, as the help orders it
	}{
		{80, "total rejected:balancer 9"}, // no room for the note nor the first class's count
		{120, "total rej:balancer 9 (all out since 9.030s)  signup starved (rej:pool) 88"},
		{140, "total rejected:balancer 9 (all out since 9.030s)  signup starved (rej:pool) 88  health starved 4"},
	} {
		one := screen{width: tc.w, height: 40, recorded: true, panes: []pane{{cfg: s.Config, snap: s}}}
		h := ansi.Strip(headerLine(th, one, 0, tc.w, tc.w))
		_, right, _ := strings.Cut(h, "at 9.5s")
		right = strings.TrimSpace(right)
		if !total.MatchString(right) || right != tc.want {
			t.Errorf("all out, at %d columns: %q, want %q after the time", tc.w, h, tc.want)
		}
	}
	// At any width: the first's rate only beside every class's count.
	healthSaid := regexp.MustCompile(`health starved (\(rej:pool\) )?4\b`)
	for w := 60; w <= 240; w += 10 {
		one := screen{width: w, height: 40, recorded: true, panes: []pane{{cfg: s.Config, snap: s}}}
		h := ansi.Strip(headerLine(th, one, 0, w, w))
		if strings.Contains(h, "(4/s in") && !healthSaid.MatchString(h) {
			t.Errorf("all out, at %d columns: the first's rate without health's count: %q", w, h)
		}
	}
}

// After an outage that turned none of the first class away, that class's count bare stays
// beside the total before the total goes alone: at 90 columns the header said "total
// rejected:balancer 9 (none since 9.4s)" and dropped "signup starved 88" (review of s95c).
func TestHeaderAfterTheOutageKeepsTheFirstClass(t *testing.T) {
	s := allOutTwoStarved()
	fs := s.Fleet
	fs.Pulls[3].ReturnedAt, fs.InRotation = 9400*time.Millisecond, 1
	fs.Replicas[3].Health.Pulled = false
	one := screen{width: 90, height: 40, recorded: true, panes: []pane{{cfg: s.Config, snap: s}}}
	if h := ansi.Strip(headerLine(newTheme(true, true), one, 0, 90, 90)); !strings.HasSuffix(h, "signup starved 88  total rejected:balancer 9") {
		t.Errorf("after the outage, at 90 columns: %q", h)
	}
}

// Narrow, the pulls line keeps the whole domino from its first pull, without its gaps, its
// indent and "all out", in that order, before it cuts the first pulls: "all out again
// since 27.9s" went for the gaps at 30s of the domino at 120 columns, though the times say
// them too (s46fleet).
func TestPullListKeepsTheDomino(t *testing.T) {
	s := fleetSnapshot(4, 4)
	fs, cfg := s.Fleet, s.Config.Fleet
	th := newTheme(true, true)
	wide := ansi.Strip(pullList(th, fs, cfg, 200))
	cut := strings.Index(wide, "  all out")
	if cut < 0 || !strings.HasPrefix(strings.TrimSpace(wide), "r") {
		t.Fatalf("at 200: %q", wide)
	}
	all, tail := strings.TrimSpace(wide[:cut]), wide[cut:]
	indent := wide[:strings.Index(wide, "r")]
	// r4, 10ms after r3, fell with it, not for it: a comma (newcomer 28); under a second
	// apart, both to the hundredth, so that the gap reads off them (newcomer 30).
	if want := "r2 8.0s (+2.0s) → r3 9.020s (+1.0s), r4 9.030s (+10ms)"; !strings.Contains(all, want) {
		t.Errorf("at 200: %q, want %q", all, want)
	}
	width := func(s string) int { return len([]rune(s)) }
	bare := regexp.MustCompile(` \(\+[^)]*\)`).ReplaceAllString(all, "")
	for _, c := range []struct {
		w    int
		want string
	}{
		{width(wide), wide},
		{width(wide) - 1, indent + bare + tail}, // the gaps go first
		{width(indent+bare+tail) - 1, bare + tail},
		{width(bare+tail) - 1, bare},
		{width(bare), bare},
	} {
		if got := ansi.Strip(pullList(th, fs, cfg, c.w)); got != c.want {
			t.Errorf("at %d: %q, want %q", c.w, got, c.want)
		}
	}
	if got := ansi.Strip(pullList(th, fs, cfg, width(bare)-1)); !strings.HasPrefix(strings.TrimSpace(got), "…") {
		t.Errorf("narrower still: %q, want the first pulls cut", got)
	}
}

// A drained replica's row, the drain first among the times out of rotation with the gaps
// after it, and the balancer's count without it.
func TestFleetFrameDrained(t *testing.T) {
	out := ansi.Strip(Frame([]lab.Snapshot{*drainFirst(fleetSnapshot(4, 2))}, 120, 40, false, false))
	flat := strings.Join(strings.Fields(out), " ")
	// Why it is out, said (newcomer 22: "DRAINED at 5.0s" beside "PULLED" read as a failure).
	for _, want := range []string{"DRAINED for a deploy at 6.0s", "r1 drained since 6.0s → r2 8.0s (+2.0s)", "2 of 4 replicas in rotation", "PULLED at 8.0s"} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// So does a compact row, in a compare half and at 80 columns.
	for _, w := range []int{59, 80} {
		if got := ansi.Strip(strings.Join(rowsOf(newTheme(true, true), drainFirst(fleetSnapshot(4, 2)), w), "\n")); !strings.Contains(got, "DRAINED for a deploy 6.0s") {
			t.Errorf("at %d: %s", w, got)
		}
	}
}

// With every replica out, the legend says none is in rotation and whose the idle workers
// are, not "idle 0 in rotation" as if some were (newcomer 39 W3), in either wording.
func TestFleetIdleNoneInRotation(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 4))
	p := &s.Fleet.Replicas[0].Pool // the drained replica has finished its work: all 20 idle
	p.Workers, p.Busy, p.BusyBy = make([]lab.Worker, p.Size), 0, [len(lab.Classes)]int{}
	s.Pool.Workers = nil
	for _, r := range s.Fleet.Replicas {
		s.Pool.Workers = append(s.Pool.Workers, r.Pool.Workers...)
	}
	if s.Fleet.InRotation != 0 {
		t.Fatalf("%d in rotation, want none", s.Fleet.InRotation)
	}
	for _, short := range []bool{false, true} {
		got := ansi.Strip(strings.Join(legendItems(newTheme(true, true), s, countWorkers(s.Pool), short, true), "  "))
		if !strings.Contains(got, "none in rotation; 20 idle on r1") || strings.Contains(got, "idle 0") {
			t.Errorf("short %v: %q", short, got)
		}
	}
}

// Every fleet-wide figure says whose it is (issue 22, finding 16): the checks' own timeout
// beside the payments' "off", their rate per replica, the drain marked D on the time line
// (not as replica 1's pull), idle workers on replicas out of rotation apart, the replica
// whose pool was full longest beside the fleet's all-at-once figure, and a time when every
// replica was out as over once one came back, and how long a pulled one takes to return,
// then why (newcomer 22 decoded "(every 100ms: 10s)"). Half a 120-column screen keeps each
// state.
func TestFleetFiguresSayWhose(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 4))
	all, _ := s.Fleet.FirstAllOut()
	back := all + 400*time.Millisecond
	s.Fleet.Pulls[0].ReturnedAt = back
	s.Fleet.Replicas[1].Health = lab.HealthStats{Pulls: 1, History: []lab.Pull{s.Fleet.Pulls[0]}}
	s.Fleet.InRotation = 1
	s.Pool.Workers = nil
	for i := range s.Fleet.Replicas {
		p := &s.Fleet.Replicas[i].Pool
		p.FullFor = time.Duration(i+1) * 700 * time.Millisecond
		if i == 0 { // the drained replica has finished its work: all 20 idle
			p.Workers, p.Busy, p.BusyBy = make([]lab.Worker, p.Size), 0, [len(lab.Classes)]int{}
		}
		s.Pool.Workers = append(s.Pool.Workers, p.Workers...)
	}
	s.Fleet.Replicas[2].Pool.FullFor = 3 * time.Second
	s.Pool.FullFor = 500 * time.Millisecond
	flat := strings.Join(strings.Fields(ansi.Strip(Frame([]lab.Snapshot{*s}, 120, 40, false, false))), " ")
	for _, want := range []string{"timeout payments off, health checks 2s", "health checks 10/s to each replica but a drained one",
		"pulls (digit: replica pulled, D drain, " + backMark(2) + " r2 back) 0s", "back after 100 ok (~10s, a check every 100ms)", "all out 9.030s–9.4s", "idle 0 in rotation; 20 idle on r1 (out of rotation)",
		"pool full (no free worker) the longest, replica r3, 3.0s; all 4 replicas full at once 0.5s; of 9.5s"} {
		if !strings.Contains(flat, want) {
			t.Errorf("120x40: no %q in\n%s", want, flat)
		}
	}
	// Narrower, a form that fits, never cut (newcomer 34 #32, 80x24: "every replica at onc…").
	for w, want := range map[int]string{
		// All 4, the drained r1 too, not those in rotation only (newcomer 65 G-minor 14).
		80: "pool full (no free worker) r3 the longest, 3.0s; all 4 full at once 0.5s",
		60: "pool full (no free worker) r3 the longest, 3.0s, of 9.5s",
	} {
		found := false
		for _, it := range lab.HealthItems(s, w) {
			if p := it.Phrase(); strings.HasPrefix(p, "pool full") {
				found = true
				if p != want || ansiWidth(p) > w {
					t.Errorf("at %d columns: %q, want %q", w, p, want)
				}
			}
		}
		if !found {
			t.Errorf("at %d columns: no pool full", w)
		}
	}
	if strings.Contains(flat, "all out at") || strings.Contains(flat, "all out since") {
		t.Errorf("every replica out, over since %s, still reads as a state:\n%s", fmtSecs(back), flat)
	}
	for _, row := range rowsOf(newTheme(false, true), s, 59) {
		if row := ansi.Strip(row); ansiWidth(row) > 59 || !strings.Contains(row, "DRAINED") && !strings.Contains(row, "PULLED") && !strings.Contains(row, "in rotation") {
			t.Errorf("at 59 columns, a replica's row without its state: %q", row)
		}
	}
	// Where it fits, a replica back in rotation says when it fell too: the domino's order;
	// where it does not, the rule still (every row's time to the millisecond, as r3's and
	// r4's 10ms apart are: newcomer 77 W3).
	for w, want := range map[int]string{81: "pulled 8.010s, back 9.430s after 100 ok", 80: "  back 9.430s after 100 ok"} {
		if rows := ansi.Strip(strings.Join(rowsOf(newTheme(false, true), s, w), "\n")); !strings.Contains(rows, want) || !strings.Contains(rows, "(older work + checks)") {
			t.Errorf("at %d columns, no %q, or a pulled row lost why it holds work:\n%s", w, want, rows)
		}
	}
}

// A fleet's bulkhead says each replica's cap at every width; its total counts only the
// replicas in rotation: a drained one's permits take no payment, and counted they read as
// free ("15/20 permits in use … 1 out" with every usable one in use, newcomer 25).
func TestFleetBulkheadCountsTheReplicasInRotation(t *testing.T) {
	for _, tc := range []struct {
		s    *lab.Snapshot
		want map[int]string
	}{
		{fleetSnapshot(4, 0), map[int]string{120: "semaphore 15/20 permits in use across 4 replicas (5 permits each)",
			59: "semaphore 5 permits each on 4 replicas", 72: "semaphore 15/20 permits in use, 5 permits each on 4 replicas"}},
		{drainFirst(fleetSnapshot(4, 1)), map[int]string{
			120: "semaphore 15/15 permits in use across the 3 replicas in rotation (5 permits each; not r1, out of rotation)",
			80:  "semaphore 15/15 permits in use, 5 permits each on the 3 in rotation", 59: "semaphore 5 permits each on 3 in rotation"}},
	} {
		s := tc.s
		s.Config.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 5}
		s.Bulkhead = lab.BulkheadStats{Type: lab.BulkheadSemaphore, InUse: 15, Size: 20}
		for i := range s.Fleet.Replicas {
			inUse := int64(5)
			if i == 0 {
				inUse = 0
			}
			s.Fleet.Replicas[i].Bulkhead = lab.BulkheadStats{Type: lab.BulkheadSemaphore, InUse: inUse, Size: 5}
		}
		for w, want := range tc.want {
			if items := fmt.Sprint(lab.SettingsItems(s.Config, s, w)); !strings.Contains(items, want) {
				t.Errorf("%d in rotation, at %d columns: no %q in %s", s.Fleet.InRotation, w, want, items)
			}
		}
		// At every width the item fits whole and keeps each replica's cap (newcomer 16,
		// fleet-vs: cut at "4 replicas counti…", it read as one bulkhead of 20).
		for w := 50; w <= 130; w++ {
			for _, it := range lab.SettingsItems(s.Config, s, w) {
				if it.Label == "bulkhead" && (len([]rune(it.Label+" "+it.Value)) > w || !strings.Contains(it.Value, "5 permits each")) {
					t.Errorf("%d in rotation, at %d columns: %q", s.Fleet.InRotation, w, it.Value)
				}
			}
		}
	}
}

// The narrator words the lab's numbers: with every replica in rotation each needs
// 24/4 × 3 s = 18 of 20 workers, and one out would leave three needing 24 of 20; their
// queues then gain 8 − 20/3 = 1.3 payments a second, and a check fails once 2 s × 20 / 3 s
// = 13.3 are ahead of it.
func TestNarrateFleet(t *testing.T) {
	s := fleetSnapshot(4, 0)
	msg, ok := narrateFleetWhole(s.Config, s)
	if !ok || !strings.Contains(msg, "4 replicas take 6/s payments each (6/s × 3.0s = 18 workers of 20); one pull would leave 3 at 8/s × 3.0s = 24 > 20: the domino") {
		t.Errorf("all in rotation: %q", msg)
	}
	s.Config.Fleet.Drain = lab.DrainConfig{Replica: 1, At: lab.Duration(5 * time.Second)}
	s.Fleet.Drain = &lab.Drain{Replica: 1}
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "; the drain of replica 1 for a deploy at 5.0s will leave 3 at 8/s × 3.0s = 24 > 20: the domino") {
		t.Errorf("a drain to come: %q", msg)
	}
	s = drainFirst(fleetSnapshot(4, 1))
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "replica 1 drained for a deploy at 6.0s; the 3 in rotation now take 8/s payments each (8/s × 3.0s = 24 workers of 20): "+
		"over capacity: whenever its workers are all busy, each queue gains 1.3 payments a second, and a check is not ok once 13.3 payments wait ahead of it (2.0s × 20 workers / 3.0s)") {
		t.Errorf("one drained: %q", msg)
	}
	s.Fleet.Replicas[1].Health = lab.HealthStats{}
	s.Fleet.Pulls = []lab.Pull{{Replica: 2, At: 7 * time.Second, ReturnedAt: 8 * time.Second}}
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.HasPrefix(msg, "the domino: r1 drained since 6.0s → 3 left, 8/s payments each (over capacity) → r2 pulled at 7.0s; replica 2 back at 8.0s; the 3 in rotation take 8/s each (24 workers of 20)") {
		t.Errorf("one drained, one back: %q", msg)
	}
	s = fleetSnapshot(4, 3)
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "→ 2 left, 12/s each → r3 pulled at 9.0s; r4 alone takes 24/s (72 workers of 20)") {
		t.Errorf("three pulled: %q", msg)
	}
	s.Config.Pool.Queue = 0 // no queue to wait in: a full pool turns the checks away
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "the only one in rotation now takes 24/s payments (24/s × 3.0s = 72 workers of 20): full now, and its checks fail in turn") {
		t.Errorf("three pulled, no queue: %q", msg)
	}
	if _, ok := narrateFleetWhole(testConfig(), testSnapshot()); ok {
		t.Error("one instance narrated as a fleet")
	}
	// A bulkhead on each replica keeps the checks' workers free; its price is said with it,
	// as the table shows it too: the share of payments ok (6/s × 3 s = 18 calls
	// offered to 5 permits: Erlang B admits 26%), beside the signups that keep their workers;
	// with every replica in rotation and with one fewer, so it does not read as a drain's
	// price (newcomer 15). And why 5: the widest cap that leaves the others their workers,
	// for a replica's share (newcomer 15: the lesson's cap read as the bulkhead's cost).
	s = fleetSnapshot(4, 0)
	s.Config.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 5}
	four, three := s.Config.ReplicaForecast(4).Payment, s.Config.ReplicaForecast(3).Payment
	// The fleet's rates, as its table's row counts them, each replica's times the replicas
	// (newcomer 22 read a replica's "~6.4/s … each" beside the table's 17.4/s).
	price := fmt.Sprintf("no replica is pulled, signups keep their workers; the price, forecast for the long run (Erlang B: random arrivals, turned away at once): ~%s payments rejected:bulkhead across the fleet with 4 in rotation (only ~26%% ok), ~%s with 3 (~%.0f%%)",
		fmtPerSec(4*four.Rejected), fmtPerSec(3*three.Rejected), 100*three.AdmittedShare())
	// With the rotation its shares are of (n37 #29).
	why := func(p lab.PaymentForecast, k int) string {
		return fmt.Sprintf("; with %d in rotation, 5 is the lesson's cap, not the best: %d, the widest cap that still leaves signups at 2ms and health checks %d workers a replica (forecast: under 0.1%% of them turned away), would reject ~%.0f%% of payments, where 5 rejects ~%.0f%% (press ] to raise it)",
			k, p.Widest, p.OthersNeed, 100*p.WidestLoss, 100*p.RejectedShare())
	}
	if msg, _ := narrateFleetWhole(s.Config, s); four.Rejected <= 0 || four.Widest == 0 || !strings.Contains(msg, price+why(four, 4)) {
		t.Errorf("a bulkhead on each (%v/s turned away):\n%q\nwant %q", four.Rejected, msg, price+why(four, 4))
	}
	s = drainFirst(fleetSnapshot(4, 1))
	s.Config.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 5}
	if msg, _ := narrateFleetWhole(s.Config, s); three.Widest == 0 || !strings.HasPrefix(msg, "replica 1 drained for a deploy at 6.0s") || !strings.Contains(msg, price+why(three, 3)) {
		t.Errorf("a bulkhead on each, one drained:\n%q\nwant %q", msg, price+why(three, 3))
	}
	// Brief, with how many in rotation too, as the price just said them (n41 G11: "17,
	// would reject ~35%" after the price with 4 and with 3 asked which), and what the cap
	// rests on (newcomer 50: 17 beside one pool's 18, and nothing said why).
	var spare spareClause
	narrateFleet(s.Config, s, &spare)
	// Of whom, with how many of what, against the cap's own share (n52: "~35% … with 3" after
	// "keep 3 workers" read as a riddle).
	// A replica's (newcomer 64: 3 beside one pool's 2, whose signups arrive at 5/s).
	// With the hold and the rotation its <0.1%% rests on (newcomer 80 W4: it held at the set
	// 2ms, not at the table's p50 2.9ms, nor for the run's 30s with 3 in rotation).
	if want := fmt.Sprintf(" turned away, 3 in rotation: %d (signups at 2ms and health checks keep %d workers a replica), would reject ~%.0f%% of payments, where 5 rejects ~%.0f%%",
		three.Widest, three.OthersNeed, 100*three.WidestLoss, 100*three.RejectedShare()); !strings.HasSuffix(spare.short, want) || !strings.Contains(spare.terse, want+" (press ])") {
		t.Errorf("one drained, the brief cap without its rotation: short %q, terse %q", spare.short, spare.terse)
	}
	s.Config.Dependency.Mode = lab.ModeErrors // admitted calls that fail are not ok
	if msg, _ := narrateFleetWhole(s.Config, s); strings.Contains(msg, "% ok") {
		t.Errorf("a failing dependency, yet: %q", msg)
	}
}

// 16 replicas at 200x60: the frame the live lab draws at 10 Hz.
func BenchmarkViewFleet16(b *testing.B) {
	th := newTheme(false, true)
	s := testScreen(fleetSnapshot(16, 5), 200, 60)
	for len(s.panes[0].snap.Timeline) < 120 {
		s.panes[0].snap.Timeline = append(s.panes[0].snap.Timeline, s.panes[0].snap.Timeline[len(s.panes[0].snap.Timeline)-1])
	}
	b.ReportAllocs()
	for b.Loop() {
		render(th, s)
	}
}

// fleet-domino's frame at 120x40 once its replicas queue (11s in), what each 10 Hz tick
// costs: the table's notes try every choice of the rows' forms, a dozen a row.
// Run with: go test -run '^$' -bench FrameFleetDomino -benchtime 50x ./ui/
func BenchmarkFrameFleetDomino(b *testing.B) {
	c, err := loadEmbedded("fleet-domino")
	if err != nil {
		b.Fatal(err)
	}
	c.Duration = lab.Duration(time.Hour)
	l, err := engine.Launch(c, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Stop()
	for l.Snapshot().Elapsed < 11*time.Second {
		time.Sleep(100 * time.Millisecond)
	}
	th := newTheme(false, true)
	b.ResetTimer()
	for range b.N {
		s := l.Snapshot()
		_ = render(th, screen{width: 120, height: 40, panes: []pane{{snap: &s, cfg: s.Config}}})
	}
}

// The balancer's line fits down to a compare half of a narrow screen: the rules go, then
// its state says less (fleet-domino at 80 columns cut "requests fail at t…").
func TestBalancerLineFits(t *testing.T) {
	th := newTheme(false, true)
	for _, pulled := range []int{1, 4} {
		for _, w := range []int{80, 59, 50} {
			if l := ansi.Strip(balancerLine(th, fleetSnapshot(4, pulled), w)); ansiWidth(l) > w {
				t.Errorf("%d pulled at w=%d: %d wide: %q", pulled, w, ansiWidth(l), l)
			}
		}
	}
}

// At its barest (a half of compare mode at 80x24) a fleet is its replicas' states alone,
// every replica named, in as few lines as the width holds, none wider.
func TestReplicaStates(t *testing.T) {
	s := fleetSnapshot(4, 2)
	for _, w := range []int{20, 60, 80, 120} {
		lines := replicaStates(newTheme(true, true), s, w)
		all := ansi.Strip(strings.Join(lines, " "))
		for r := 1; r <= 4; r++ {
			if !strings.Contains(all, fmt.Sprintf("r%d ", r)) {
				t.Errorf("w=%d: r%d missing: %q", w, r, lines)
			}
		}
		for _, l := range lines {
			if ansiWidth(l) > w {
				t.Errorf("w=%d: %q is %d wide", w, l, ansiWidth(l))
			}
		}
		if w >= 120 && len(lines) != 1 {
			t.Errorf("w=%d: %d lines", w, len(lines))
		}
		if !strings.Contains(all, "PULLED") {
			t.Errorf("w=%d: no pulled replica: %q", w, lines)
		}
	}
	// A drained replica says why it is out (newcomer 22), unless that costs a line: at a
	// compare half's barest it cost the compare its lesson.
	d := drainFirst(fleetSnapshot(4, 3))
	for w, want := range map[int]string{120: "r1 DRAINED for a deploy 6.0s · r2 PULLED", 80: "r1 DRAINED 6.0s · r2 PULLED"} {
		lines := replicaStates(newTheme(true, true), d, w)
		if got := ansi.Strip(strings.Join(lines, " ")); len(lines) != 1 || !strings.Contains(got, want) {
			t.Errorf("w=%d, r1 drained: %q, want one line with %q", w, lines, want)
		}
	}
}

// Replica rows keep their states in one column past 9999 starved: "starved 12345" padded
// to 4 put its row's state a column right of the others' (review 13).
func TestReplicaRowsAlignPastFourDigits(t *testing.T) {
	s := fleetSnapshot(4, 0)
	s.Fleet.Replicas[1].Classes[lab.Signup].Rejected[lab.RejectPool] = 12345
	lines := rowsOf(newTheme(false, true), s, 100)
	if len(lines) != 4 {
		t.Fatalf("want a row per replica at 100 columns, got:\n%s", strings.Join(lines, "\n"))
	}
	at := -1
	for _, l := range lines {
		l = ansi.Strip(l)
		k := strings.Index(l, "in rotation")
		if !strings.Contains(l, "rej:pool") || k < 0 || at >= 0 && k != at {
			t.Fatalf("states not in one column:\n%s", ansi.Strip(strings.Join(lines, "\n")))
		}
		at = k
	}
}

// A bulkhead's price in ok is the forecast's, said as the long run's; with a breaker it is
// not said at all: an open breaker turns away payments the bulkhead admits (breaker-trap
// read "only ~38% answered ok" beside ok 6%).
func TestPriceOKNotWithABreaker(t *testing.T) {
	cfg := lab.DefaultConfig()
	cfg.Payment.Bulkhead = lab.BulkheadConfig{Type: lab.BulkheadSemaphore, Size: 5}
	pay := cfg.Forecast().Payment
	if got := priceOK(cfg, pay); !strings.HasPrefix(got, ", only ~") {
		t.Errorf("without a breaker: %q", got)
	}
	cfg.Payment.Breaker.Enabled = true
	if got := priceOK(cfg, pay); got != "" {
		t.Errorf("with a breaker: %q", got)
	}
}

// The headline tells the domino, not only its last instant (issue 22, newcomer 14 finding
// 16): each turn, the share the replicas left then took, and what the lab measured of the
// check that pulled each: the payments ahead of it against the workers that freed in its
// timeout (the mean says 13.3; a burst frees fewer), or the full queue that turned it away.
func TestNarrateFleetTellsTheDomino(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 4))
	fs := s.Fleet
	fs.Pulls[0].Ahead, fs.Pulls[0].Freed = 11, 11
	fs.Pulls[1].Refused, fs.Pulls[1].Queued = true, 100
	fs.Pulls[2].Ahead, fs.Pulls[2].Freed = 15, 9
	all, _ := fs.FirstAllOut()
	fs.Pulls[0].ReturnedAt = all + 400*time.Millisecond
	fs.Replicas[1].Health = lab.HealthStats{Pulls: 1, History: []lab.Pull{fs.Pulls[0]}}
	fs.InRotation = 1
	msg, _ := narrateFleetWhole(s.Config, s)
	turns := fs.Domino(s.Config)
	for _, want := range []string{
		// Over capacity, in a word where the need that says so has no room (newcomer 62 #4).
		"the domino: r1 drained since 6.0s → 3 left, 8/s payments each (over capacity) → ",
		"r2 pulled at 8.0s → 2 left, 12/s each → ",
		// What rejected:pool means there: its queue was full (round 11 expected a full queue
		// to give rejected:queue).
		// r4, pulled 10ms after r3, was failing its checks before r3 went out: a comma, not
		// "→ 1 left, 24/s →", which read as cause and effect (newcomer 28). Their times to the
		// millisecond, as the pulls line writes them ("r3 at 9.0s, r4 at 9.0s" beside "r3
		// 9.020s, r4 9.030s (+10ms)" there).
		// When the queue was full: the rows show it since (newcomer 36 #29: "full" beside 41
		// queued).
		"r3 at 9.020s (its check rejected:pool: no worker; its queue of 100 full then; timeouts show only after 2.0s), r4 at 9.030s (15 ahead, 9 workers freed); all out 9.030s–9.4s; ",
		// The first pull's cause in steps, after the turns (newcomer 19: in one parenthesis it
		// read as one failed check under "out after 2 failed").
		// The balancer's rule first, and the measured check as the last of its checks not ok
		// (n40: told of one check, the pull read as the balancer's at one failed check).
		// Over capacity, chance chose only which replica first, and when (newcomer 60).
		fmt.Sprintf("; why r2 first: over capacity, a pull was sure; chance chose which replica first, and when: %d checks not ok in a row pull a replica, and its %s check queued behind 11 payments, so it needed 12 workers to free within its 2.0s timeout; "+
			// Beside an average that beats the need, how often the count falls short all the
			// same, lab's odds (newcomer 34 read it as bad luck).
			// With the model the odds are of (newcomer 35 #6 took them for a Poisson count's).
			// What freed, with its subject (n45 G8: "only 11 freed (13.3 on average …)").
			"only 11 workers did (%s on average: 2.0s × 20 / 3.0s; each of the 20 frees in time with chance 2.0s / 3.0s, so fewer than 12: 1-in-%.0f chance per check), so it waited past 2.0s and timed out; ",
			s.Config.Fleet.PullAfter, lab.Ordinal(s.Config.Fleet.PullAfter), fmtWorkers(turns[0].Wait.Behind()), math.Round(1/turns[0].Wait.ShortOdds(12))),
		"r2 alone takes 24/s (72 workers of 20)",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("no %q in\n%q", want, msg)
		}
	}
	// A rule of one check: that check is the whole of it.
	one := s.Config
	one.Fleet.PullAfter = 1
	if msg, _ := narrateFleetWhole(one, s); !strings.Contains(msg, "when: 1 check not ok pulls a replica, and its check queued behind 11 payments") {
		t.Errorf("pulled after 1 check: %q", msg)
	}
	// An average under the need says why alone: no odds beside it.
	fs.Pulls[0].Ahead, fs.Pulls[0].Freed = 15, 11
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "needed 16 workers to free within its 2.0s timeout; only 11 workers did (13.3 on average: 2.0s × 20 / 3.0s), so") {
		t.Errorf("needed 16, 13.3 on average: %q", msg)
	}
	fs.Pulls[0].Ahead = 11
	// Checks turned away one after another at the same queue are said once, after the last.
	fs.Replicas[3].Health.History[0].Refused, fs.Replicas[3].Health.History[0].Queued = true, 100
	fs.Pulls[2] = fs.Replicas[3].Health.History[0]
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "r3 at 9.020s, r4 at 9.030s (their checks rejected:pool: no worker; their queues of 100 full then; timeouts show only after 2.0s)") {
		t.Errorf("two checks turned away: %q", msg)
	}
	// A second apart, the arrow and what r3 left: its going out loaded r4.
	fs.Pulls[2].At += time.Second
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "r3 at 9.0s → 1 left, 24/s → r4 at 10.0s") {
		t.Errorf("a second apart: %q", msg)
	}
	// When the queues were full, as the rows show them since (newcomer 36 #29): then, at the
	// pulls as written, not in other figures (review 31 #3).
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "r4 at 10.0s (their checks rejected:pool: no worker; their queues of 100 full then; timeouts show only after 2.0s)") {
		t.Errorf("a second apart, when full: %q", msg)
	}
	// The payments in the preset's label (review 17).
	s.Config.Traffic.Payment.Label = "orders"
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "3 left, 8/s orders each") {
		t.Errorf("labelled orders: %q", msg)
	}
	fs.Pulls[2].At -= time.Second
	s.Config.Traffic.Payment.Label = ""
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		out := Frame([]lab.Snapshot{*s}, size[0], size[1], false, false)
		// In brief, past headlineMost lines whole (n40 #3: 6 to 10 lines at 120x40), every
		// number kept: the pulls, the shares, the check's queue, need, freed, average and odds;
		// in the order they happen, each number with its noun, the rule last (n41 G2: "its 2nd
		// check not ok in a row waited behind 11 payments for 12 workers to free in 2.0s; 11
		// did (13.3 on average, under 12 for 1 check in 5)" took a minute to decode), and
		// at 80x24 not at the cost of the charts. The odds said as a chance: "in 1 check of
		// 5" read as well as 1 of r2's 5 checks (newcomer 47 #8). What the table's rej:balancer counts, said
		// of the stretch: at 80x24 no note under the table says it (n46 #1). The average with
		// its sum where it costs the headline no line (newcomer 52): at 80x24 the odds one
		// check's take its room (newcomer 62 #3).
		text := ansi.Strip(out)
		// Where it costs no line, why the pull's odds are not the check's squared (newcomer 76).
		want := "all out 9.030s–9.4s (rejected:balancer); r2 by chance: its check, 11 payments ahead, needed 12 workers to free in its 2.0s timeout; only 11 workers did (13.3 on average: 2.0s × 20 / 3.0s; fewer than 12: 1-in-5 chance per check; 2 in a row (same queue, not independent), 1-in-7, pull a replica)"
		if size[0] == 80 { // no room for the average's sum, nor for why the odds are not 1-in-25
			want = strings.Replace(want, ": 2.0s × 20 / 3.0s", "", 1)
			want = strings.Replace(want, " (same queue, not independent)", "", 1)
		}
		// At 80x24 every setting whole takes the charts' rows (newcomers 84 and 85).
		if checkFrame(t, out, size[0], size[1]) && !strings.Contains(strings.Join(strings.Fields(text), " "), want) || size[0] == 120 && !strings.Contains(text, "held (of") {
			t.Errorf("%dx%d: the domino cut, or its charts:\n%s", size[0], size[1], text)
		}
		// As many freed by its timeout as it needed, yet it timed out: the last came too
		// late for it, said, not "12 workers did" beside a check that timed out; within the
		// lines the charts leave.
		fs.Pulls[0].Freed = 12
		out = Frame([]lab.Snapshot{*s}, size[0], size[1], false, false)
		text = ansi.Strip(out)
		if checkFrame(t, out, size[0], size[1]) && !strings.Contains(strings.Join(strings.Fields(text), " "), "needed 12 workers to free in its 2.0s timeout; 12 workers did, the last too late for it (13.3 on average") || size[0] == 120 && !strings.Contains(text, "held (of") {
			t.Errorf("%dx%d: 12 of 12 freed, yet timed out:\n%s", size[0], size[1], text)
		}
		fs.Pulls[0].Freed = 11
	}
	var spare spareClause
	whole, _ := narrateFleet(s.Config, s, &spare)
	if n, terse := len(wrapText("» "+whole+spare.long, 120, 0)), len(wrapText("» "+spare.terse, 120, 0)); n <= headlineMost || terse > headlineMost {
		t.Errorf("at 120 columns the whole story takes %d lines, its terse form %d: want more than %d, and at most", n, terse, headlineMost)
	}
	// A queue that does not serve in arrival order (LIFO, CoDel) puts none ahead by right:
	// the engine says -1, and no count of payments ahead is told (the review).
	fs.Pulls[0].Ahead = -1
	if msg, _ := narrateFleetWhole(s.Config, s); strings.Contains(msg, "ahead") || !strings.Contains(msg, "r2 pulled at 8.0s → 2 left") {
		t.Errorf("out of arrival order: %q", msg)
	}
	// After the first all-out, a replica back and pulled again is a second run, told as one
	// (the review: "r2 pulled at 27.9s" read as r2 pulled twice without coming back).
	again := lab.Pull{Replica: 2, At: all + time.Second}
	fs.Pulls = append(fs.Pulls, again)
	fs.Replicas[1].Health = lab.HealthStats{Pulled: true, Pulls: 2, History: []lab.Pull{fs.Pulls[0], again}}
	fs.InRotation, s.Elapsed = 0, again.At+500*time.Millisecond
	msg, _ = narrateFleetWhole(s.Config, s)
	// The stretches after the first counted, to now (newcomer 67): 9.0s–9.4s and 10.0s–10.5s.
	if want := "; all out 9.030s–9.4s, then once more, 0.9s over both so far; back in rotation, then out again: r2 10.0s: none in rotation"; !strings.Contains(msg, want) || strings.Contains(msg, "replica 2 pulled") {
		t.Errorf("a second run: no %q, or told twice, in\n%q", want, msg)
	}
	// Two of it pulled together are joined as the pulls line joins them, after a comma
	// (review 18: an arrow here read as one falling for the other, a comma there).
	// 60ms: under one check interval (pulled after 2 failed checks, one every 100ms), so its
	// first failed check came before r2 went out.
	with := lab.Pull{Replica: 3, At: again.At + 60*time.Millisecond}
	fs.Pulls = append(fs.Pulls, with)
	fs.Replicas[2].Health = lab.HealthStats{Pulled: true, Pulls: 2, History: []lab.Pull{fs.Pulls[1], with}}
	msg, _ = narrateFleetWhole(s.Config, s)
	line := ansi.Strip(pullList(newTheme(true, true), fs, s.Config.Fleet, 200))
	// To the tenth in the story, which gives no gaps (newcomer 67); the pulls line's gap
	// needs the milliseconds.
	if want := "out again: r2 10.0s, r3 10.1s"; !strings.Contains(msg, want) || !strings.Contains(line, "r2 10.030s (+1.0s), r3 10.090s (+60ms)") {
		t.Errorf("two pulled together in a second run: no %q in\n%q\nor no comma in the pulls line %q", want, msg, line)
	}
	// The pulls line ends on the stretch that lasts, as the header does, not the first one's
	// end (review 18: "all out 9.030s–9.4s" beside "(all out since 10.0s)").
	if want := "r3 10.090s (+60ms)  all out again since 10.030s"; !strings.HasSuffix(line, want) {
		t.Errorf("the pulls line in a second stretch: %q, want it to end %q", line, want)
	}
	// 110ms apart, also "10.1s" to the tenth: an arrow, and the gap that says why (review 19:
	// "+0.1s" stood after a comma and after an arrow alike), to the hundredth as its times.
	with.At = again.At + 110*time.Millisecond
	fs.Pulls[len(fs.Pulls)-1] = with
	fs.Replicas[2].Health.History[1] = with
	if line := ansi.Strip(pullList(newTheme(true, true), fs, s.Config.Fleet, 200)); !strings.Contains(line, "r2 10.030s (+1.0s) → r3 10.140s (+110ms)") {
		t.Errorf("110ms apart: %q", line)
	}
}

// With the first stretch's pulls trimmed from a long run (latched, First), the domino has no
// story to tell, and the narrator names the stretch it is in "all out again", as the pulls
// line and the header do (review 19).
func TestNarratorSaysAllOutAgain(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 4))
	s.Fleet.First = lab.Stretch{From: 3 * time.Second, Until: 5 * time.Second}
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, "(all out again at 9.030s)") {
		t.Errorf("a later stretch, no story: %q", msg)
	}
}

// The help says what the pulls line's arrow and comma mean, and which stretch "all out"
// is, and "all out again" (review 18: neither was defined; review 19: "all out" was the
// latest on the pulls line, the first in the story).
func TestHelpDefinesThePullsLine(t *testing.T) {
	var pulls, allOut bool
	for _, it := range lab.ScreenWords() {
		pulls = pulls || strings.Contains(it.Label, " → ") && strings.Contains(it.Label, ", ") &&
			strings.Contains(it.Value, "pulls line") && strings.Contains(it.Value, "an arrow: out after it; a comma: out less than")
		allOut = allOut || it.Label == "all out" && strings.Contains(it.Value, "the first such stretch") && strings.Contains(it.Value, `"all out again": a later one`)
	}
	if !pulls || !allOut {
		t.Errorf("the help defines the pulls line's → and , (%v), and says all out is the first stretch, all out again a later one (%v)", pulls, allOut)
	}
}

// The health note words who gives up on a late check as lab says (Snapshot.ChecksJudge):
// the fleet's balancer, or the balancer a lone lab's checks stand for.
func TestChecksNoteWordsTheJudge(t *testing.T) {
	for _, tc := range []struct {
		s    *lab.Snapshot
		want string
	}{{fleetSnapshot(4, 1), "the balancer gives up at 2s"}, {testSnapshot(), "a balancer would give up at 2s"}} {
		if got := checksAboveTimeoutNote("health", 2800*time.Millisecond, 2*time.Second, tc.s.ChecksJudge())[1]; !strings.Contains(got, tc.want) {
			t.Errorf("fleet %v: %q, want %q", tc.s.Fleet != nil, got, tc.want)
		}
	}
}

// A fleet's counts say which workers no request reaches (newcomer 14, finding 16): the
// workers chart's "of 80" names those out of rotation, and the table says what a
// rejection at the balancer means.
func TestFleetCountsSayOutOfRotation(t *testing.T) {
	s := fleetSnapshot(4, 2)
	out := 0
	for i := range 2 {
		out += s.Fleet.Replicas[i].Pool.Size
	}
	spec := occupancyChart(s)
	// Those in rotation, plainly: "80 of them on replicas out now" needed decoding (newcomer 34 #21).
	if got, want := spec.title, fmt.Sprintf("mean workers held (of %d; %d in rotation now)", poolReach(s), poolReach(s)-out); got != want {
		t.Errorf("workers chart: %q, want %q", got, want)
	}
	// Narrower, whose workers are out still said, then not at all: never cut (newcomer 28:
	// "workers held (of 80, 60 out…").
	th := newTheme(false, true)
	for w, want := range map[int]string{44: fmt.Sprintf("workers held (of %d; %d in rotation)", poolReach(s), poolReach(s)-out), 28: fmt.Sprintf("workers held (of %d)", poolReach(s))} {
		if got := ansi.Strip(chartTitle(th, spec, w)); got != want {
			t.Errorf("workers chart in %d columns: %q, want %q", w, got, want)
		}
	}
	if got := occupancyChart(testSnapshot()).title; strings.Contains(got, "rotation") {
		t.Errorf("one instance's workers chart: %q", got)
	}
	s = fleetSnapshot(4, 4)
	if got, want := occupancyChart(s).title, fmt.Sprintf("mean workers held (of %d; none in rotation now)", poolReach(s)); got != want {
		t.Errorf("every replica out: %q, want %q", got, want)
	}
	for _, w := range []int{120, 80} {
		flat := strings.Join(strings.Fields(ansi.Strip(Frame([]lab.Snapshot{*s}, w, 40, false, false))), " ")
		if !strings.Contains(flat, "rej:balancer = no replica in rotation") && !strings.Contains(flat, "rej:balancer: none in rotation") {
			t.Errorf("%d columns: rej:balancer without its meaning:\n%s", w, flat)
		}
		// Beside it, the pool's with a bounded queue: a full queue's (round 11 expected
		// rejected:codel).
		// The queue's size in it (newcomer 64: one word, two causes).
		if !strings.Contains(flat, "rej:pool = no worker, queue of 100 full") && !strings.Contains(flat, "rej:pool: queue of 100 full") {
			t.Errorf("%d columns: rej:pool without its meaning:\n%s", w, flat)
		}
	}
}

// narrateFleetWhole is the fleet's sentence with its spare clause whole, as narrate says it.
func narrateFleetWhole(cfg lab.Config, s *lab.Snapshot) (string, bool) {
	var spare spareClause
	msg, ok := narrateFleet(cfg, s, &spare)
	return msg + spare.long, ok
}

// With every replica out for whole seconds, the story says whence the oks then: the pulled
// replicas finish their queues, with the lab's count, whole and brief (n42 G9: ok/s beside
// "all out" read as from nowhere).
func TestDominoSaysTheQueuesWorkedOff(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 4))
	all, _ := s.Fleet.FirstAllOut()
	for sec := 1; sec <= int(all/time.Second)+3; sec++ {
		var ok [3]int64
		ok[lab.Payment], ok[lab.Signup] = 5, 2
		s.Timeline = append(s.Timeline, lab.Second{T: sec, OK: ok})
	}
	from := int((all + time.Second - 1) / time.Second)
	off := "all out from " + s.Fleet.OutAt(all)
	worked := fmt.Sprintf("; while all out, the pulled still finish their queues: 10 payments, 4 signups ok %d–%ds", from, from+2)
	if msg, _ := narrateFleetWhole(s.Config, s); !strings.Contains(msg, off) || !strings.HasSuffix(msg, worked) {
		t.Errorf("no %q, or not ending %q, in\n%q", off, worked, msg)
	}
}

// The queues worked off are said where they cost no chart (s51: inside the domino they made
// fleet-domino's headline 7 lines at 80x24 at 20s, and both its charts gave way): at 120x40
// the clause and the charts; at 80x24, where every setting whole takes the charts' rows
// (newcomers 84 and 85), the clause.
func TestWorkedOffCostsNoChart(t *testing.T) {
	s := dominoTwenty()
	// Back in rotation, at 80 columns, by the balancer's rule (n43 G-16: "pulled 9.3s, back
	// 19.5s" with the rule nowhere at 80x24); every row's time to the millisecond, as r3's
	// and r4's 10ms apart are, leaves no room for when it fell (newcomer 77 W3).
	if rows := ansi.Strip(strings.Join(rowsOf(newTheme(false, true), s, 80), "\n")); !strings.Contains(rows, "queued  back 15.530s after 100 ok") {
		t.Errorf("r2 back, at 80 columns:\n%s", rows)
	}
	var spare spareClause
	if narrateFleet(s.Config, s, &spare); spare.long == "" {
		t.Fatal("no queues worked off to say")
	}
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		out := Frame([]lab.Snapshot{*s}, size[0], size[1], false, false)
		text := strings.Join(strings.Fields(ansi.Strip(out)), " ")
		said, charts := strings.Contains(text, "queues worked off while all out: "), strings.Contains(text, "held (of")
		if !checkFrame(t, out, size[0], size[1]) || !said || size[0] == 120 && !charts {
			t.Errorf("%dx%d: the queues worked off said %v, the charts %v:\n%s", size[0], size[1], said, charts, ansi.Strip(out))
		}
	}
}

// The domino in brief keeps the charts at 120x40 before the first replica is back, and
// after one went out again (n46 #2: 7 lines at 15s and 25s, and no chart; at 80x24 every
// setting whole takes their rows now, newcomers 84 and 85), and says at 80x24 what the
// table's rej:balancer counts, as no note under the table does there (n46 #1).
func TestDominoBriefKeepsCharts(t *testing.T) {
	for _, moment := range []string{"all out", "out again", "back after"} {
		s := dominoTwenty()
		fs := s.Fleet
		want := "all out 9.030s–15.5s (rejected:balancer); r2 by chance"
		switch moment {
		case "all out": // r2 not back yet, r1's deploy not over
			s.Elapsed = fs.Pulls[0].ReturnedAt - 2*time.Second
			fs.Pulls[0].ReturnedAt, fs.InRotation = 0, 0
			fs.Replicas[1].Health = lab.HealthStats{Pulled: true, Pulls: 1, History: []lab.Pull{fs.Pulls[0]}}
			want = "all out from 9.030s (rejected:balancer); r2 by chance"
		case "out again": // r2 back and out again, r3 and r4 back
			again := lab.Pull{Replica: 2, At: s.Elapsed}
			fs.Pulls[1].ReturnedAt, fs.Pulls[2].ReturnedAt = fs.Pulls[0].ReturnedAt, fs.Pulls[0].ReturnedAt // with r2: 2 in rotation, no stretch all out again
			fs.Pulls = append(fs.Pulls, again)
			fs.Replicas[1].Health = lab.HealthStats{Pulled: true, Pulls: 2, History: []lab.Pull{fs.Pulls[0], again}}
			fs.InRotation = 2
			s.Elapsed += time.Second
			want += " / out again: r2 16.0s; 2 left, 12/s each (36 workers of 20)"
		case "back after": // as out again, then r4 back: "2 left" read as what r2's pull left (review 38 M1)
			again := lab.Pull{Replica: 2, At: s.Elapsed}
			fs.Pulls[1].ReturnedAt = fs.Pulls[0].ReturnedAt // r3 back with r2, as in out again
			fs.Pulls = append(fs.Pulls, again)
			fs.Replicas[1].Health = lab.HealthStats{Pulled: true, Pulls: 2, History: []lab.Pull{fs.Pulls[0], again}}
			fs.Pulls[2].ReturnedAt = again.At + 500*time.Millisecond
			fs.InRotation = 2
			s.Elapsed += time.Second
			want += " / out again: r2 16.0s; 2 in rotation, 12/s each (36 workers of 20)"
		}
		out := Frame([]lab.Snapshot{*s}, 80, 24, false, false)
		text := ansi.Strip(out)
		flat := strings.Join(strings.Fields(text), " ")
		for _, w := range strings.Split(want, " / ") {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: no %q in\n%s", moment, w, text)
			}
		}
		if !checkFrame(t, out, 80, 24) {
			t.Errorf("%s: does not fit 80x24:\n%s", moment, text)
		}
		if out := Frame([]lab.Snapshot{*s}, 120, 40, false, false); !checkFrame(t, out, 120, 40) || !strings.Contains(ansi.Strip(out), "held (of") {
			t.Errorf("%s: no charts at 120x40:\n%s", moment, ansi.Strip(out))
		}
	}
}

// dominoTwenty is fleet-domino as at 20s: r1 drained, r2 pulled for its check (11 ahead, 11
// freed), r3 and r4 for checks their full queues turned away, r2 back 6.5s after.
func dominoTwenty() *lab.Snapshot {
	s := drainFirst(fleetSnapshot(4, 4))
	fs := s.Fleet
	fs.Pulls[0].Ahead, fs.Pulls[0].Freed = 11, 11
	fs.Pulls[1].Refused, fs.Pulls[1].Queued = true, 100
	fs.Pulls[2].Refused, fs.Pulls[2].Queued = true, 100
	all, _ := fs.FirstAllOut()
	fs.Pulls[0].ReturnedAt = all + 6500*time.Millisecond
	fs.Replicas[1].Health = lab.HealthStats{History: []lab.Pull{fs.Pulls[0]}}
	fs.InRotation = 1
	s.Elapsed = fs.Pulls[0].ReturnedAt + 500*time.Millisecond
	s.Timeline = nil
	for sec := 1; sec <= int(s.Elapsed/time.Second); sec++ {
		var ok [3]int64
		ok[lab.Payment], ok[lab.Signup] = 12, 19
		s.Timeline = append(s.Timeline, lab.Second{T: sec, OK: ok, Arrived: ok})
	}
	for c := range s.Classes { // all ended, as at 20s: no in-flight notes under the table
		s.Classes[c].InFlight, s.Classes[c].OK = 0, s.Classes[c].Arrived-s.Classes[c].Rejected[lab.RejectPool]-s.Classes[c].Rejected[lab.RejectBalancer]
	}
	return s
}

// No pull vanishes from the pulls line: two pulls 0.1s apart share a cell of a 20s line at
// any width (fleet-domino: r2 at 12.8s, r3 at 12.9s; newcomer 16 found r2's digit gone), so
// the later moves to the next free cell, after the earlier, and the list under the line
// gives both times. At the line's end, the earlier ones move back instead.
func TestPullAxisKeepsEveryPull(t *testing.T) {
	fs := &lab.FleetStats{
		Drain: &lab.Drain{Replica: 1, At: 5 * time.Second},
		Pulls: []lab.Pull{
			{Replica: 4, At: 9300 * time.Millisecond}, {Replica: 2, At: 12800 * time.Millisecond},
			{Replica: 3, At: 12900 * time.Millisecond, ReturnedAt: 19500 * time.Millisecond},
		},
	}
	th := newTheme(true, true)
	for _, w := range []int{80, 120, 59, 40} {
		got := ansi.Strip(pullAxis(th, fs, 20*time.Second, w))
		line := got[strings.Index(got, "0s ")+3:]
		if marks := strings.Map(func(r rune) rune {
			if strings.ContainsRune("D123456789"+backMark(3), r) {
				return r
			}
			return -1
		}, strings.Split(line, " ")[0]); marks != "D423"+backMark(3) {
			t.Errorf("at %d: marks %q in %q, want D423%s (every pull, then 3's return, in order)", w, marks, got, backMark(3))
		}
		if got := ansi.StringWidth(got); w >= 59 && got > w {
			t.Errorf("the pulls line is %d wide at %d", got, w)
		}
		// What a digit is, at 80 columns too (newcomer 22: "4" and "23" unexplained there).
		if w >= 80 && !strings.Contains(got, "(digit: replica") {
			t.Errorf("at %d, the marks' key: %q", w, got)
		}
		// r2 and r3 0.1s apart, in one cell or two: side by side, where their times are, not
		// a cell apart (newcomer 38 W10: "2·3" put r3 ≈0.4s late); no comma, the pulls
		// list's "fell together" (review 31 #4).
		if w >= 80 && (!strings.Contains(line, "23") || strings.Contains(line, ",")) {
			t.Errorf("at %d, r2 and r3 close in time: %q", w, got)
		}
		// Every mark within a cell of its time, the time's cell or the next.
		n := len([]rune(line)) - len([]rune(" 20.0s"))
		for _, p := range []struct {
			mark string
			at   time.Duration
		}{{"D", 5 * time.Second}, {"4", 9300 * time.Millisecond}, {"2", 12800 * time.Millisecond}, {"3", 12900 * time.Millisecond}} {
			want := int(float64(n) * p.at.Seconds() / 20)
			if col := slices.Index([]rune(line)[:n], []rune(p.mark)[0]); w >= 59 && (col < want || col > want+1) {
				t.Errorf("at %d: %s in cell %d, its time's is %d: %q", w, p.mark, col, want, got)
			}
		}
	}
	// At the end of the line: the last three fall in the last cell, and each keeps one.
	late := &lab.FleetStats{Pulls: []lab.Pull{{Replica: 1, At: 19900 * time.Millisecond}, {Replica: 2, At: 19950 * time.Millisecond}, {Replica: 3, At: 20 * time.Second}}}
	got := ansi.Strip(pullAxis(th, late, 20*time.Second, 80))
	if !strings.Contains(got, "·123 20.0s") {
		t.Errorf("pulls at the end: %q, want ·123 before the end", got)
	}
}

// A mark sits in the cell of its time as written: r3 pulled at 26.66s, written "r3 26.7s",
// drew its "3" in the cell of 26.00–26.67s of a 40.0s line of 60 cells, a cell before its
// written time's (newcomer 87 W5: "·3·2" beside "r3 26.7s").
func TestPullAxisPlacesMarksByWrittenTime(t *testing.T) {
	fs := &lab.FleetStats{Pulls: []lab.Pull{{Replica: 3, At: 26660 * time.Millisecond}}}
	if at, _ := fs.OutTimes(); at[0] != "26.7s" {
		t.Fatalf("the pull is written %q, want 26.7s", at[0])
	}
	th := newTheme(true, true)
	sixty := false
	for w := 60; w <= 140; w++ {
		got := ansi.Strip(pullAxis(th, fs, 40*time.Second, w))
		line := []rune(got[strings.Index(got, "0s ")+3:])
		n := len(line) - len([]rune(" 40.0s"))
		sixty = sixty || n == 60
		if col, want := slices.Index(line[:n], '3'), n*267/400; col != want {
			t.Errorf("at %d (%d cells): 3 in cell %d, 26.7s is in cell %d: %q", w, n, col, want, got)
		}
	}
	if !sixty {
		t.Error("no width drew the line 60 cells")
	}
}

// A replica's bar drawn scaled down says what a cell is worth, as the pool's and the
// queue's bars do (newcomer 19: "r4 PPPPPPPPP· 17/20" at 80 columns), within the width; one
// drawn a cell a worker says nothing. An exact cell says "=", and the note keeps its unit or
// is left out whole (review of charts7: "1 cell ≈ 2" for an exact 2, without its unit);
// where no replica queues, in a compare half's 59 too, the rows giving up their "+  0
// queued" for it (newcomer 33: three P's of 10 cells read as 3 busy, not 5).
func TestReplicaBarsSayTheirScale(t *testing.T) {
	th := newTheme(true, true)
	s := fleetSnapshot(4, 2)
	for i := range s.Fleet.Replicas {
		p := &s.Fleet.Replicas[i].Pool
		p.Queued = 0
		clear(p.QueuedBy[:])
	}
	for _, w := range []int{59, 80, 160} {
		rows := rowsOf(th, s, w)
		plain := ansi.Strip(strings.Join(rows, "\n"))
		scaled := len([]rune(strings.Fields(ansi.Strip(rows[0]))[1])) < 20 // a pool of 20
		if said := strings.Contains(plain, "1 cell = 2 workers"); said != scaled || strings.Count(plain, "1 cell") > 1 {
			t.Errorf("w %d: scaled %v, said %v:\n%s", w, scaled, said, plain)
		}
		if strings.Contains(plain, "≈") || strings.Contains(plain, "cell") && !strings.Contains(plain, "workers") {
			t.Errorf("w %d: an exact cell approximated, or its unit left off:\n%s", w, plain)
		}
		for _, r := range rows {
			if ansiWidth(r) > w {
				t.Errorf("w %d: a row %d wide: %q", w, ansiWidth(r), ansi.Strip(r))
			}
		}
	}
}

// A screenshot says it is one on every header, in both halves of a compare and at the
// narrowest, beside the longest preset's name, in one word before its run time (newcomer
// 22: "■ snapshot, not live" beside "■ snapshot" read as two states; newcomer 26 read "■ not
// live" as paused, finished, a recording or a dependency not live), narrow enough to leave a
// second starved class its rate at 120 columns, and the help says what it shows. Its run
// time is never bare ("poollab  shared-pool  8.0s" read as a setting, newcomer 26).
func TestSnapshotStateOneForm(t *testing.T) {
	th := newTheme(true, true)
	var help string
	for _, d := range helpWords() {
		help += d[0] + " " + d[1] + "\n"
	}
	if !strings.Contains(help, `"`+recordedWord+` at 8.0s" on the left in its place: a picture of what the screen showed at that run time`) {
		t.Errorf("the help does not say what %q shows:\n%s", recordedWord, help)
	}
	for _, p := range presets.List() {
		cfg, err := presets.Load(p.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		a := pane{cfg: cfg, snap: lab.NotStarted(cfg)}
		two := screen{recorded: true, panes: []pane{a, a}}
		if h := ansi.Strip(headerLine(th, screen{recorded: true, panes: []pane{a}}, 0, 120, 0)); !strings.Contains(h, cfg.Name+"  "+recordedWord+" at 0.0s") {
			t.Errorf("%s at 120 columns: %q", p.Name, h)
		}
		for _, h := range []string{
			headerLine(th, screen{recorded: true, panes: []pane{a}}, 0, MinWidth, 0),
			headerLine(th, two, 0, paneMinWidth, paneMinWidth),
			headerLine(th, two, 1, paneMinWidth, paneMinWidth),
		} {
			if h = ansi.Strip(h); !strings.Contains(h, cfg.Name+"  "+recordedWord) || strings.Contains(h, "live") {
				t.Errorf("%s: %q", p.Name, h)
			}
		}
	}
}

// A fleet's signups turned away by the balancer starve too: the header's count holds them,
// with each reason's share wherever the count is said (the domino's "signup starved 15", its
// pool's alone, beside 541 signups rejected:balancer read as the wrong headline; then
// "signup starved 556" bare beside replica rows "starved 0/6/17/0", their pools' alone, read
// as two meanings of starved, newcomer 26), said "turned away", as "starved" is the pool's
// alone (newcomer 28); each replica's row counts its pool's
// rejections so far, in the table's column's name and of every class, so the rows add up to it.
func TestFleetStarvedCountsTheBalancer(t *testing.T) {
	th := newTheme(true, true)
	s := fleetSnapshot(4, 4)
	s.Classes[lab.Signup].Rejected[lab.RejectBalancer] = 541
	pool := s.Classes[lab.Signup].Rejected[lab.RejectPool]
	sc := testScreen(s, 200, 40)
	sc.recorded = true
	head := ansi.Strip(headerLine(th, sc, 0, 200, 200))
	// The note is the count's, pool and balancer both: after the last part it read as the
	// balancer's (review 18). Its rate as every class's, with the /s row's seconds: "(74.6/s
	// in 15–20s)" beside "(rej:balancer, 0.2/s)" was one rate in two forms (review 24).
	if want := regexp.MustCompile(fmt.Sprintf(`signup turned away %d \([0-9.]+/s in \d+–\d+s\): rej:pool %d, rej:balancer 541`, pool+541, pool)); !want.MatchString(head) {
		t.Errorf("header %q, want %q", head, want)
	}
	// Every rejection of the class, as "turned away" means in the table: a CoDel queue's too,
	// with its share (review 18: pool and balancer alone, under the table's larger rejected).
	codel := *s
	codel.Classes[lab.Signup].Rejected[lab.RejectCoDel] = 44
	csc := testScreen(&codel, 200, 40)
	csc.recorded = true
	if want := regexp.MustCompile(fmt.Sprintf(`signup turned away %d \([^)]+\): rej:pool %d, rej:codel 44, rej:balancer 541`, pool+541+44, pool)); !want.MatchString(ansi.Strip(headerLine(th, csc, 0, 200, 200))) {
		t.Errorf("header %q, want %q", ansi.Strip(headerLine(th, csc, 0, 200, 200)), want)
	}
	// Narrower, it keeps its parts, in the columns' names, where the outage's note and the
	// other classes go (the domino at 120 columns); at 100 they have no room beside the
	// outage's count, the headline, and a count of two reasons is never said bare. Each width
	// says which it keeps: "starved" left out passed at 100 (review 16).
	for w, starved := range map[int]bool{100: false, 120: true} {
		sc.width = w
		head := ansi.Strip(headerLine(th, sc, 0, w, w))
		want := fmt.Sprintf("signup turned away %d: rej:pool %d, rej:balancer 541", pool+541, pool)
		if strings.Contains(head, want) != starved || strings.Contains(head, "turned away") != starved || strings.Contains(head, "starved") || !regexp.MustCompile(`total rej(ected)?:balancer 550`).MatchString(head) {
			t.Errorf("at %d columns %q, want %q: %v, and the outage's count", w, head, want, starved)
		}
		// Where the class has no room, the outage's note stays on its count: the domino at
		// 40s, all out again, said "total rejected:balancer 1555" bare at 120 columns with
		// room for its note (newcomer 70 W4).
		if !starved && !regexp.MustCompile(`total rej(ected)?:balancer 550 \(all out since [0-9.]+s\)`).MatchString(head) {
			t.Errorf("at %d columns %q, want the outage's count with its note", w, head)
		}
	}
	// Once a replica is back, at 80 columns, where the count with its parts has no room,
	// the same count bare, never none (fleet-domino at 20s lost both), nor the outage's every
	// class's in its place: "total rejected:balancer 1605" at 80 beside 120's "signup turned
	// away 1320 (…): rej:pool 61, rej:balancer 1259" read as two headlines (newcomer 68).
	back := *s
	back.Fleet = &lab.FleetStats{Balancer: s.Fleet.Balancer, Replicas: s.Fleet.Replicas, InRotation: 1, Pulls: slices.Clone(s.Fleet.Pulls)}
	back.Fleet.Pulls[3].ReturnedAt = 9400 * time.Millisecond
	for w, total := range map[int]bool{80: false, 200: true} {
		head := ansi.Strip(headerLine(th, testScreen(&back, w, 24), 0, w, w))
		if !strings.Contains(head, fmt.Sprintf("signup turned away %d", pool+541)) || strings.Contains(head, "total") != total {
			t.Errorf("at %d columns, after the outage: %q", w, head)
		}
	}
	// Every class's count before the first's parts and rate, as with no outage, the brand
	// giving way for them: the domino at 40s said the signups' parts and not health's 53
	// (newcomer 81 W3).
	checks := back
	checks.Classes[lab.Health].Rejected[lab.RejectPool] = 53
	for w, want := range map[int]string{80: fmt.Sprintf("signup turned away %d  health starved 53", pool+541),
		120: fmt.Sprintf("signup turned away %d: rej:pool %d, rej:balancer 541  health starved 53", pool+541, pool)} {
		sc := testScreen(&checks, w, 24)
		sc.recorded = true
		if head := ansi.Strip(headerLine(th, sc, 0, w, w)); !strings.Contains(head, want) || ansiWidth(head) > w {
			t.Errorf("at %d columns, after the outage, health starved too: %q, want %q", w, head, want)
		}
	}
	// Once the class stopped too, its "none since" is on its count, not beside the
	// balancer's part, next to the outage's own "none since" (review 18).
	back.Timeline = slices.Clone(s.Timeline)
	for i := len(back.Timeline) - lab.RateWindow; i < len(back.Timeline); i++ { // the rates' window
		clear(back.Timeline[i].Rejected[lab.Signup][:])
	}
	head = ansi.Strip(headerLine(th, testScreen(&back, 200, 40), 0, 200, 200))
	if want := regexp.MustCompile(fmt.Sprintf(`signup turned away %d \([^)]*none since [^)]+\): rej:pool %d, rej:balancer 541  total rejected:balancer 550 \(none since `, pool+541, pool)); !want.MatchString(head) {
		t.Errorf("after the outage, stopped: header %q, want %q", head, want)
	}
	// The outage's count alone is the last form, during the outage and after it: the first
	// class alone after it was the same or wider, never tried (review 16).
	for _, snap := range []*lab.Snapshot{s, &back} {
		forms, _, _ := starvedForms(th, snap)
		if last := forms[len(forms)-2]; len(last) != 1 || !strings.HasPrefix(ansi.Strip(last[0]), "total rej:balancer 550") || forms[len(forms)-1] != nil {
			t.Errorf("the last forms %q, want the outage's count alone, then none", forms[len(forms)-2:])
		}
		if k := len(forms) - 3; slices.Equal(forms[k], forms[k+1]) {
			t.Errorf("the outage's count alone twice: %q", forms[k:])
		}
	}
	rows := ansi.Strip(strings.Join(rowsOf(th, s, 160), "\n"))
	var sum int64
	for i := range s.Fleet.Replicas {
		own := s.Fleet.Replicas[i].TurnedAway(lab.RejectPool)
		sum += own
		if !regexp.MustCompile(fmt.Sprintf(`r%d \S+ +\d+/\d+ \+ *\d+ queued  rej:pool +%d `, i+1, own)).MatchString(rows) {
			t.Errorf("r%d's row, want its %d rej:pool so far:\n%s", i+1, own, rows)
		}
	}
	if sum != s.TurnedAway(lab.RejectPool) || strings.Contains(rows, "starved") {
		t.Errorf("the rows' rej:pool add up to %d, the table's column to %d:\n%s", sum, s.TurnedAway(lab.RejectPool), rows)
	}
}

// A health check is ok or not ok, as the table counts it (timed out or rejected): no
// "failed"/"passed" check in any word the screen, report or help says (review 22: the report,
// the replica row and the narrator kept the old words beside "checks not ok").
func TestChecksAreOkOrNotOk(t *testing.T) {
	snap := fleetSnapshot(4, 2)
	var report bytes.Buffer
	if err := lab.NewReport(*snap).Write(&report, "table"); err != nil {
		t.Fatal(err)
	}
	words := []string{report.String(), ansi.Strip(Frame([]lab.Snapshot{*snap}, 200, 60, true, true)), narrate(snap.Config, snap)}
	for _, it := range slices.Concat(lab.ScreenWords(), lab.NumberWords()) {
		words = append(words, it.Label+": "+it.Value)
	}
	bad := regexp.MustCompile(`(?i)(failed|passed) (health )?checks?\b|checks? (failed|passed|fails)\b|after \d+ passed`)
	for _, w := range words {
		if m := bad.FindString(w); m != "" {
			t.Errorf("a check said %q:\n%s", m, w)
		}
	}
}

// A drained replica's row says it still ends what it holds, where the row has room: the
// domino's chart counted 79 workers held a second after the drain, of 60 in rotation, with
// nothing to say r1's 20 still worked (newcomer 31). Short of room the row is as it was,
// and where the why would put fewer rows across: at 200x60 it put the four replicas 1
// across, not 2, two lines for a clause (review 24).
func TestDrainedRowSaysItFinishesWhatItHolds(t *testing.T) {
	th := newTheme(false, true)
	s := drainFirst(fleetSnapshot(4, 1))
	rows := ansi.Strip(strings.Join(rowsOf(th, s, 120), "\n"))
	if !strings.Contains(rows, "DRAINED for a deploy at 6.0s (finishes what it holds)") {
		t.Errorf("at 120 columns:\n%s", rows)
	}
	// Empty, it says its work was done (newcomer 43 G-15: "busiest 5–6s: 79" of 80 beside
	// r1 drained at 5.0s, nothing said of the work it held then).
	empty := *s
	empty.Fleet = new(*s.Fleet)
	empty.Fleet.Replicas = slices.Clone(s.Fleet.Replicas)
	empty.Fleet.Replicas[0].Pool.Busy, empty.Fleet.Replicas[0].Pool.Queued = 0, 0
	empty.Fleet.Replicas[0].Pool.Workers = nil
	if rows := ansi.Strip(strings.Join(rowsOf(th, &empty, 120), "\n")); !strings.Contains(rows, "DRAINED for a deploy at 6.0s (finished what it held)") {
		t.Errorf("empty, at 120 columns:\n%s", rows)
	}
	frame := ansi.Strip(Frame([]lab.Snapshot{*s}, 200, 60, true, true))
	if !regexp.MustCompile(`(?m)^r1 .*DRAINED for a deploy at 6\.0s +r3 `).MatchString(frame) || strings.Contains(frame, "finishes") {
		t.Errorf("at 200x60, not 2 across without the why:\n%s", frame)
	}
	for _, w := range []int{80, 59} {
		rows := rowsOf(th, s, w)
		for _, r := range rows {
			if ansiWidth(r) > w {
				t.Errorf("at %d columns, a row %d wide: %q", w, ansiWidth(r), r)
			}
		}
		if flat := ansi.Strip(strings.Join(rows, "\n")); strings.Contains(flat, "finishes") || !strings.Contains(flat, "DRAINED") {
			t.Errorf("at %d columns:\n%s", w, flat)
		}
	}
}

// A replica's bar is a worker a cell wherever its row fits so, the count and the longer
// state gone first: five payments draw as five cells on every replica, one signup beside them
// or not (newcomer 34 #15, fleet-bulkhead at 80x24: "r2 PPP······· 5/20" beside "r4 PPS·······
// 6/20", r4's 5 payments drawn as 4 at 2 workers a cell; no rounding of a scaled bar draws
// every count alike, review 29 lab #3).
func TestReplicaBarsCountEachClassAlike(t *testing.T) {
	s := fleetSnapshot(4, 0)
	for i := range s.Fleet.Replicas {
		p := &s.Fleet.Replicas[i].Pool
		p.Queued, p.QueuedBy = 0, [len(p.QueuedBy)]int{}
		p.BusyBy = [len(p.BusyBy)]int{}
		p.Busy = 5 + i%2 // r2 and r4 hold a signup too
		// In rotation, as fleet-bulkhead's replicas.
		s.Fleet.Replicas[i].Health.FailStreak = 0
		for k := range p.Workers {
			switch {
			case k < 5:
				p.Workers[k] = lab.Worker{Class: lab.Payment, Phase: lab.PhaseCall}
			case k < p.Busy:
				p.Workers[k] = lab.Worker{Class: lab.Signup, Phase: lab.PhaseCall}
			default:
				p.Workers[k] = lab.Worker{}
			}
		}
	}
	for _, w := range []int{59, 80, 120} {
		rows := rowsOf(newTheme(false, true), s, w)
		var bars []string
		for _, r := range rows {
			f := strings.Fields(ansi.Strip(r))
			for k := range f {
				if regexp.MustCompile(`^r\d$`).MatchString(f[k]) {
					bars = append(bars, f[k+1])
				}
			}
		}
		if len(bars) != 4 {
			t.Fatalf("w %d: %d bars in %q", w, len(bars), rows)
		}
		for _, b := range bars {
			if len([]rune(b)) != 20 || strings.Count(b, "P") != 5 {
				t.Errorf("w %d: five payments drawn unalike: %q", w, bars)
			}
		}
	}
}

// A pulled replica's row, like a drained one's, says it finishes what it holds, where it
// holds any, and that the balancer's checks still reach it (review 32 #4: "finishes what it
// holds" alone beside a queue of checks): "PULLED at 12.8s" beside 20/20 + 41 queued read as
// work still sent to it (n37); one that holds nothing has nothing to finish. At 80
// columns, the checks where they fit; a drained one gets none, and says none.
func TestPulledRowSaysItFinishesWhatItHolds(t *testing.T) {
	th := newTheme(false, true)
	s := drainFirst(fleetSnapshot(4, 2))
	r2 := &s.Fleet.Replicas[1]
	if !r2.Health.Pulled || r2.Pool.Busy+r2.Pool.Queued == 0 {
		t.Fatalf("r2 pulled %v, holding %d busy + %d queued: want it pulled, holding work", r2.Health.Pulled, r2.Pool.Busy, r2.Pool.Queued)
	}
	for w, want := range map[int][]string{
		120: {"PULLED at 8.0s (gets only checks; finishes older work)", "DRAINED for a deploy at 6.0s (finishes what it holds)"},
		80:  {"PULLED 8.0s (older work + checks)", "DRAINED for a deploy 6.0s"},
	} {
		rows := ansi.Strip(strings.Join(rowsOf(th, s, w), "\n"))
		for _, want := range want {
			if !strings.Contains(rows, want) {
				t.Errorf("holding work, at %d columns, no %q:\n%s", w, want, rows)
			}
		}
		if strings.Contains(rows, "DRAINED for a deploy 6.0s (gets") || strings.Contains(rows, "DRAINED for a deploy at 6.0s (gets") {
			t.Errorf("a drained replica gets no checks, at %d columns:\n%s", w, rows)
		}
		for _, r := range strings.Split(rows, "\n") {
			if ansiWidth(r) > w {
				t.Errorf("at %d columns, a row %d wide: %q", w, ansiWidth(r), r)
			}
		}
	}
	r2.Pool.Busy, r2.Pool.Queued = 0, 0
	for _, w := range []int{80, 120} {
		if rows := ansi.Strip(strings.Join(rowsOf(th, s, w), "\n")); !strings.Contains(rows, "PULLED") || strings.Contains(rows, "s (gets only checks") || strings.Contains(rows, "s (older work") {
			t.Errorf("holding nothing, at %d columns:\n%s", w, rows)
		}
	}
}

// A frame whose replica rows and table were read apart says so, on the balancer's line, or
// beside the rows where they stand alone and one has room (review 32 #2: the flag was said
// nowhere); one read as one cut says nothing.
func TestFleetReadApartIsSaid(t *testing.T) {
	th := newTheme(true, true)
	for _, apart := range []bool{false, true} {
		s := drainFirst(fleetSnapshot(4, 4))
		s.Fleet.ReadApart = apart
		out := ansi.Strip(Frame([]lab.Snapshot{*s}, 120, 40, false, false))
		if said := strings.Contains(out, strings.TrimPrefix(readApart, " · ")); said != apart {
			t.Errorf("read apart %v, said %v:\n%s", apart, said, out)
		}
		// Beside the rows alone, whole where a row has room, its first words at 80 columns:
		// as the domino's at 15s, the drained row makes them compact, and r4, pulled first,
		// holds nothing, so its row has room.
		r4 := &s.Fleet.Replicas[3].Pool
		r4.Workers, r4.Busy, r4.Queued, r4.BusyBy, r4.QueuedBy = make([]lab.Worker, r4.Size), 0, 0, [len(lab.Classes)]int{}, [len(lab.Classes)]int{}
		for w, want := range map[int]string{110: "rows read apart from the table", 80: "rows read apart"} {
			rows := fleetLines(th, s, w, levelTight)
			if said := strings.Contains(ansi.Strip(strings.Join(rows, "\n")), want); said != apart {
				t.Errorf("rows alone at %d, read apart %v, said %q %v:\n%s", w, apart, want, said, ansi.Strip(strings.Join(rows, "\n")))
			}
			for _, r := range rows {
				if ansiWidth(r) > w {
					t.Errorf("a row %d wide at %d: %q", ansiWidth(r), w, ansi.Strip(r))
				}
			}
		}
	}
}

// Two pulls 10ms apart: the replicas' rows give each to the millisecond, as the pulls line
// does, not "PULLED at 9.0s" beside "r3 9.020s, r4 9.030s (+10ms)" (newcomer 39 W4), in the
// full row and the compact one; and every other row's time so too: "PULLED at 8.0s" under
// "PULLED at 9.020s" read as two kinds of timestamp (newcomer 77 W3).
func TestReplicaRowsTimeAsThePullsLine(t *testing.T) {
	s := fleetSnapshot(4, 4)
	out := ansi.Strip(Frame([]lab.Snapshot{*s}, 120, 40, false, false))
	for _, want := range []string{"r3 9.020s (+1.0s), r4 9.030s (+10ms)", "PULLED at 9.020s", "PULLED at 9.030s", "PULLED at 8.010s"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// Pulls a second and more apart: every row to the tenth, as the pulls line.
	apart := fleetSnapshot(4, 4)
	apart.Elapsed = 12 * time.Second
	apart.Fleet.Pulls[3].At += 2 * time.Second
	apart.Fleet.Replicas[3].Health.History = []lab.Pull{apart.Fleet.Pulls[3]}
	if rows := ansi.Strip(strings.Join(rowsOf(newTheme(false, true), apart, 120), "\n")); !strings.Contains(rows, "PULLED at 9.0s") || !strings.Contains(rows, "PULLED at 11.0s") {
		t.Errorf("pulls apart, rows not to the tenth:\n%s", rows)
	}
	// The stretch all out ends at a return, which the pulls line writes as the rows do:
	// "all out again 38.563s–39.4s" stood over r2's "back at 39.438s" (a reviewer).
	back := fleetSnapshot(4, 4)
	back.Elapsed = 12 * time.Second
	back.Fleet.Pulls[0].ReturnedAt = 9438 * time.Millisecond
	back.Fleet.Replicas[0].Health = lab.HealthStats{Pulls: 1, History: []lab.Pull{back.Fleet.Pulls[0]}}
	back.Fleet.InRotation = 1
	out = ansi.Strip(strings.Join(fleetLines(newTheme(false, true), back, 120, levelTerse), "\n"))
	if !strings.Contains(out, "back at 9.438s") || !strings.Contains(out, "all out 9.030s–9.438s") {
		t.Errorf("a return as the rows write it, on the rows and the pulls line:\n%s", out)
	}
	// A drain's time is the operator's, as set, among rows to the millisecond: not
	// "DRAINED for a deploy at 6.000s" beside "drained since 6.0s" (a reviewer).
	drained := drainFirst(fleetSnapshot(4, 4))
	for w, as := range map[int]string{120: "DRAINED for a deploy at 6.0s", 80: "DRAINED for a deploy 6.0s"} {
		if rows := ansi.Strip(strings.Join(rowsOf(newTheme(false, true), drained, w), "\n")); !strings.Contains(rows, as) || !strings.Contains(rows, "9.020s") {
			t.Errorf("at %d columns, the drain not as set beside rows to the millisecond:\n%s", w, rows)
		}
	}
	// The help says the rows' rule beside the pulls line's.
	var help strings.Builder
	for _, it := range lab.ScreenWords() {
		help.WriteString(it.Value + "\n")
	}
	if rule := "the replicas' rows give their times to the tenth, as this line does, but every one of them to the millisecond"; !strings.Contains(help.String(), rule) {
		t.Errorf("the help has no %q", rule)
	}
	// With no pulls line drawn, as the narrator's domino: "PULLED 34.088s" under its "r4
	// 34.1s" had nothing writing milliseconds (review of s94a); two in one tenth to the
	// millisecond, as it writes them, not "9.0s" twice (a reviewer).
	if got := ansi.Strip(strings.Join(replicaStates(newTheme(true, true), s, 120), "\n")); !strings.Contains(got, "PULLED 8.0s") || !strings.Contains(got, "PULLED 9.030s") {
		t.Errorf("compact: %s", got)
	}
}

// In brief, the domino's lead goes only where the header's preset name says it: any other
// fleet's pulls keep a word of it, not a bare "r1 pulled …" (review 38b m4). A copy under
// another name that says it drops it too: lab reads the name's word, not the preset
// (review 39 m7).
func TestBriefDominoKeepsItsLeadElsewhere(t *testing.T) {
	s := fleetSnapshot(4, 2)
	for name, lead := range map[string]string{"fleet-domino": "r1 pulled", "my-domino": "r1 pulled", "fleet-bulkhead": "domino: r1 pulled", "": "domino: r1 pulled"} {
		s.Config.Name = name
		if brief, _ := fleetSentence(s.Config, s, &spareClause{}, true); !strings.HasPrefix(brief, lead) {
			t.Errorf("%q in brief: %q, want it to start %q", name, brief, lead)
		}
	}
}

// fleet-domino at 80x24 kept its charts without the ⚠ too busy line and lost them to it.
// At the least height the fixture draws its charts and the idle hint in, the charts stay
// under the warning: its second line and the hint give way first (the keys say "? help").
func TestDominoKeepsItsChartsWhenTooBusy(t *testing.T) {
	domino, _ := fleetSnapshots()
	charts := func(out string) bool { return strings.Contains(out, " P    0–80┤") }
	hinted := func(out string) bool { return charts(out) && strings.Contains(out, "› press ? for every key") }
	h := 24
	for ; h < 60 && !hinted(ansi.Strip(Frame([]lab.Snapshot{*domino}, 80, h, true, false))); h++ {
	}
	domino.Generator.Lag = lab.Percentiles{P50: 5 * time.Millisecond, P99: 12 * time.Millisecond, Count: lab.EnoughSamples}
	out := Frame([]lab.Snapshot{*domino}, 80, h, true, false)
	checkFrame(t, out, 80, h)
	if out = ansi.Strip(out); !strings.Contains(out, "⚠ too busy: latencies may run ~12ms long (lag p99 of all sent, over 5ms)") || !charts(out) {
		t.Errorf("too busy at 80x%d: the warning or the charts gone:\n%s", h, out)
	}
	// With room, the warning keeps its two lines, and the hint its row, or gives it to the
	// charts' legend where they stand at their least height (s74legend).
	out = ansi.Strip(Frame([]lab.Snapshot{*domino}, 80, 40, true, false))
	if !strings.Contains(out, "⚠ this machine is too busy") || !hinted(out) && !(charts(out) && strings.Contains(out, "last second ")) {
		t.Errorf("too busy at 80x40:\n%s", out)
	}
}

// fleet-domino at 12s: r3 and r4 in rotation with 62 and 82 queued say what a check sent
// now meets there, the payments ahead of it, and whether that makes them next out, whole at
// 120 columns, brief at 80, and nothing where no form fits (newcomer 52: nothing said why
// they still passed their checks beside r2 pulled with 11 ahead, nor whether they were next).
func TestReplicaRowsSayWhatACheckMeetsNow(t *testing.T) {
	th := newTheme(false, true)
	s := drainFirst(fleetSnapshot(4, 2))
	for i, q := range map[int][2]int{2: {62, 16}, 3: {82, 11}} {
		r := &s.Fleet.Replicas[i]
		r.Health = lab.HealthStats{}
		r.Pool.Discipline, r.Pool.QueueCap, r.Pool.Queued = lab.FIFO, 100, q[0]
		r.Pool.QueuedBy = [3]int{}
		r.Pool.QueuedBy[lab.Payment] = q[1]
	}
	for w, want := range map[int][]string{
		// The queue told apart where it fits: "62 queued" beside "16 payments ahead" read as
		// two counts that disagree (newcomer 54 G-major); else the payments by their glyph.
		// The quick ones kept before "a check now has": "a check now has 11 P ahead" won over
		// the brief words with them (review 47).
		// The verdict says what would happen, in place of "in rotation", which "would" says:
		// "next out" read as next in line, or out of what (newcomers 53, 58); "check times
		// out, pulled after 2" beside "PULLED at" read as done (newcomer 59).
		120: {"+ 62 queued  rej:pool   42  16 payments + 46 quick ahead: check would time out",
			"+ 82 queued  rej:pool   42  in rotation, 11 payments + 71 quick ahead: 1-in-5 not ok", "PULLED at 8.0s (gets only checks; finishes older work)"},
		// Where the brief words do not fit, fewer: "11 payments ahead: 1-in-5 not ok" was 88 wide.
		// And before "in rotation", which the verdict says (review 47). At 80 columns no line
		// under the rows defines "quick": the signups and checks by their glyphs (newcomer 58 #2).
		// Where "ahead" does not fit, the counts are the row's queue, and the verdict names
		// the check.
		80: {"+ 62 queued  16 P + 46 S/H: check would time out", "+ 82 queued  11 P + 71 S/H ahead: 1-in-5 not ok", "PULLED 8.0s (older work + checks)"},
	} {
		lines, _, _ := replicaRows(th, s, w, true, true)
		if w == 80 { // as 80x24 draws the fleet, with no pulls line
			lines = fleetLines(th, s, w, levelTight)
		}
		rows := ansi.Strip(strings.Join(lines, "\n"))
		for _, want := range want {
			if !strings.Contains(rows, want) {
				t.Errorf("at %d columns, no %q:\n%s", w, want, rows)
			}
		}
	}
	for _, w := range []int{120, 80, 60} {
		for _, r := range rowsOf(th, s, w) {
			if ansiWidth(r) > w {
				t.Errorf("at %d columns, a row %d wide: %q", w, ansiWidth(r), ansi.Strip(r))
			}
		}
	}
	// What "quick" is, once, under the rows that say it, beside the pulls where they leave
	// room (newcomer 56 #3: the help alone said it); none where no row says "quick".
	lines := ansi.Strip(strings.Join(fleetLines(th, s, 120, levelCompact), "\n"))
	if n := strings.Count(lines, "quick = signups and health checks"); n != 1 {
		t.Errorf("at 120 columns, quick said %d times:\n%s", n, lines)
	}
	for _, l := range fleetLines(th, s, 120, levelCompact) {
		if ansiWidth(l) > 120 {
			t.Errorf("a line %d wide: %q", ansiWidth(l), ansi.Strip(l))
		}
	}
	for i := range s.Fleet.Replicas {
		s.Fleet.Replicas[i].Pool.QueuedBy[lab.Payment] = s.Fleet.Replicas[i].Pool.Queued // payments alone
	}
	if lines := ansi.Strip(strings.Join(fleetLines(th, s, 120, levelCompact), "\n")); strings.Contains(lines, "quick") {
		t.Errorf("no row says quick, yet it is said:\n%s", lines)
	}
}

// At 80x24 the first pull's average keeps its sum, and its odds their basis, where that
// costs the headline no line (newcomer 52: "2.0s × 20 / 3.0s" was said at 120x40 alone;
// newcomer 56: "1-in-5 chance" with nothing to say what gives it).
func TestDominoBriefKeepsTheAverageSum(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 2))
	fs := s.Fleet
	fs.Pulls[0].Ahead, fs.Pulls[0].Freed = 11, 11
	text := ansi.Strip(Frame([]lab.Snapshot{*s}, 80, 24, false, false))
	flat := strings.Join(strings.Fields(text), " ")
	// The need first, with its sum (newcomer 60), then the average's sum where it still fits;
	// the odds one check's (newcomer 62 #3), whose 10 columns leave the odds' basis no room
	// here.
	// The pull's odds after the check's, the rule in them (newcomer 73 G1).
	// Why the pull's odds are not the check's squared where that costs no line (newcomer 76).
	if want := "(13.3 on average: 2.0s × 20 / 3.0s; fewer than 12: 1-in-5 chance per check; 2 in a row (same queue, not independent), 1-in-7, pull a replica)"; !strings.Contains(flat, want) || !strings.Contains(flat, "(8/s × 3.0s = 24 workers of 20)") {
		t.Errorf("no %q in\n%s", want, text)
	}
	if headline := headlineLines(text); headline > headlineMost {
		t.Errorf("the headline %d lines, past %d:\n%s", headline, headlineMost, text)
	}
	// Out again after the all-out, the sum would wrap the headline a line longer: left out.
	s = dominoTwenty()
	fs = s.Fleet
	again := lab.Pull{Replica: 2, At: s.Elapsed}
	fs.Pulls[1].ReturnedAt, fs.Pulls[2].ReturnedAt = fs.Pulls[0].ReturnedAt, fs.Pulls[0].ReturnedAt // with r2: 2 in rotation, no stretch all out again
	fs.Pulls = append(fs.Pulls, again)
	fs.Replicas[1].Health = lab.HealthStats{Pulled: true, Pulls: 2, History: []lab.Pull{fs.Pulls[0], again}}
	fs.InRotation = 2
	s.Elapsed += time.Second
	text = ansi.Strip(Frame([]lab.Snapshot{*s}, 80, 24, false, false))
	headline := headlineLinesTo(text, "pool ") // every setting whole, the pool's line first
	if flat := strings.Join(strings.Fields(text), " "); strings.Contains(flat, "2.0s × 20 / 3.0s") || strings.Contains(flat, "each frees in time") || headline != 7 {
		// 7 with the queues worked off, which the charts' rows, the settings' now, leave room
		// for: one more is what the sum left out spares, one fewer the clause lost.
		t.Errorf("out again: the sum or the odds' basis said, or the headline not 7 lines (%d):\n%s", headline, text)
	}
}

// headlineLines counts the narrator's lines of a screen's text: from "» " to the settings'
// "timeout " line.
func headlineLines(text string) int { return headlineLinesTo(text, "timeout ") }

// headlineLinesTo is headlineLines to the settings' line that opens with settings: a
// postmortem's opens with "pool ".
func headlineLinesTo(text, settings string) int {
	headline := 0
	for _, l := range strings.Split(text, "\n") {
		if headline > 0 && strings.HasPrefix(l, settings) {
			break
		}
		if headline > 0 || strings.HasPrefix(l, "» ") {
			headline++
		}
	}
	return headline
}

// A replica failing its checks says "not ok" at every width, as the health row counts
// them (timed-out, rej:pool; failed 0): "1/2 failed" at 80 columns beside "1/2 checks not
// ok" at 120 was two words for one outcome (review 44b).
func TestReplicaFailingChecksSaysNotOK(t *testing.T) {
	s := fleetSnapshot(3, 1)
	got := ansi.Strip(compactState(newTheme(true, true), s.Fleet, 2, lab.Pull{}, 0, drainedWord, true, false, s.Fleet.RowTimes(true)))
	if got != "in rotation, 1/2 not ok" {
		t.Errorf("replica 2, 1 check not ok of 2: %q, want \"in rotation, 1/2 not ok\"", got)
	}
}

// A fleet whose dependency fails every payment at once fits for want of any work, and says
// so: "that still fits" stood beside every payment failed (fleet-domino, d pressed to down).
func TestFleetSaysWhyFailingFastFits(t *testing.T) {
	for _, pulled := range []int{0, 1} {
		for mode, want := range map[lab.DependencyMode]string{lab.ModeDown: "dependency down: payments fail", lab.ModeErrors: "answers 500 at once"} {
			s := fleetSnapshot(4, pulled)
			s.Config.Dependency.Mode = mode
			msg, ok := narrateFleetWhole(s.Config, s)
			// Nor Little's law for payments that hold no worker: "(8/s × 0s = 0 workers of 20)".
			if !ok || !strings.Contains(msg, want) || strings.Contains(msg, "fits") || strings.Contains(msg, "workers of") {
				t.Errorf("%d pulled, dependency %s: %q, want it to say %q", pulled, mode, msg, want)
			}
		}
	}
}

// rowsOf is replicaRows' rows alone.
func rowsOf(t *theme, s *lab.Snapshot, w int) []string {
	rows, _, _ := replicaRows(t, s, w, true, true)
	return rows
}

// fleet-domino's headline says the need that made its pulls sure, at both sizes, in
// fleet-bulkhead's words (one writer, lab's), and the 1-in-5 as the chance of which replica
// first and when, not as the cause (newcomer 60: "only 11 workers did (…; fewer than 12:
// 1-in-5 chance)" beside no "24 workers of 20" read as r4 unlucky). A share that fits
// leaves chance the cause: pulled, not first.
func TestDominoSaysTheNeedBeforeTheChance(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 2))
	s.Fleet.Pulls[0].Ahead, s.Fleet.Pulls[0].Freed = 11, 11
	need := s.Config.ReplicaForecast(3).PaymentWorkers(true)
	msg, _ := narrateFleetWhole(s.Config, s)
	if want := "why r2 first: over capacity, a pull was sure; chance chose which replica first, and when: 2 checks not ok"; !strings.Contains(msg, want) {
		t.Errorf("no %q in\n%q", want, msg)
	}
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		out := Frame([]lab.Snapshot{*s}, size[0], size[1], false, false)
		text := ansi.Strip(out)
		flat := strings.Join(strings.Fields(text), " ")
		if want := "3 left, 8/s payments each (" + need + ") → r2 pulled"; !checkFrame(t, out, size[0], size[1]) || !strings.Contains(flat, want) ||
			!strings.Contains(flat, "why r2 first") && !strings.Contains(flat, "r2 by chance") {
			t.Errorf("%dx%d: no %q, or neither why r2 first nor r2 by chance:\n%s", size[0], size[1], want, text)
		}
		if n := headlineLines(text); size[0] == 80 && n > headlineMost { // at 120 the settings' first line is "pool"
			t.Errorf("%dx%d: the headline %d lines, past %d:\n%s", size[0], size[1], n, headlineMost, text)
		}
	}
	// fleet-bulkhead's headline says a share in the same words.
	whole, _ := narrateFleetWhole(s.Config, fleetSnapshot(4, 0))
	if want := "4 replicas take 6/s payments each (" + s.Config.ReplicaForecast(4).PaymentWorkers(true) + ")"; !strings.Contains(whole, want) {
		t.Errorf("no %q in\n%q", want, whole)
	}
	// 18/s: 3 left take 6/s each, 18 workers of 20, which fits: chance pulled r2.
	s.Config.Traffic.Payment.Rate = 18
	msg, _ = narrateFleetWhole(s.Config, s)
	if !strings.Contains(msg, "why r2 was pulled: 2 checks not ok") || strings.Contains(msg, "a pull was sure") {
		t.Errorf("a share that fits: %q", msg)
	}
}

// fleet-domino at 12s, as newcomer 62 read it at both sizes: a check turned away by a full
// queue says the queue was full at that check, not now, beside its row's queue since (#2);
// the odds of too few workers freeing are one check's, beside the rule of two in a row (#3);
// and "why r2 first" keeps the overload it rests on at 80x24, within the headline's lines,
// the need where it fits, else its word (#4).
func TestDominoSaysWhenAndWhose(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 3))
	fs := s.Fleet
	fs.Pulls[0].Ahead, fs.Pulls[0].Freed = 12, 12
	fs.Pulls[1].Refused, fs.Pulls[1].Queued, fs.Pulls[1].At = true, 100, 11800*time.Millisecond
	fs.Replicas[1].Health.History[0], fs.Replicas[2].Health.History[0] = fs.Pulls[0], fs.Pulls[1]
	s.Elapsed = 12 * time.Second
	overload := regexp.MustCompile(`3 left, 8/s payments each \((over capacity|(8/s × 3\.0s = )?24 workers of 20)\) → r2 pulled`)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		out := Frame([]lab.Snapshot{*s}, size[0], size[1], false, false)
		text := ansi.Strip(out)
		flat := strings.Join(strings.Fields(text), " ")
		if !checkFrame(t, out, size[0], size[1]) {
			continue
		}
		for _, want := range []string{"r3 11.8s (queue of 100 full at its check); r2 by chance", "fewer than 13: 1-in-3 chance per check; 2 in a row"} {
			if !strings.Contains(flat, want) {
				t.Errorf("%dx%d: no %q in\n%s", size[0], size[1], want, text)
			}
		}
		// The pull's odds, with why they are not the check's squared where there is room.
		if !strings.Contains(flat, "2 in a row, 1-in-4, pull a replica)") && !strings.Contains(flat, "2 in a row (same queue, not independent), 1-in-4, pull a replica)") {
			t.Errorf("%dx%d: no pull's odds in\n%s", size[0], size[1], text)
		}
		if !overload.MatchString(flat) {
			t.Errorf("%dx%d: the overload unsaid before r2's pull:\n%s", size[0], size[1], text)
		}
		if n := headlineLines(text); size[0] == 80 && n > headlineMost {
			t.Errorf("%dx%d: the headline %d lines, past %d:\n%s", size[0], size[1], n, headlineMost, text)
		}
	}
}

// newcomer 64: at 80x24 fleet-domino's rows said P, S, H with no legend on screen; the
// table's class names key the letters there, and only where the legend is not drawn.
func TestFleetTableKeysTheLettersWithoutALegend(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 2))
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		lines := strings.Split(ansi.Strip(Frame([]lab.Snapshot{*s}, size[0], size[1], false, false)), "\n")
		legend := slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "P payment ") && strings.Contains(l, "idle") })
		keyed := slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "P payment ") && !strings.Contains(l, "idle") })
		if size[0] == 80 && (legend || !keyed) || legend == keyed {
			t.Errorf("%dx%d: legend %v, table keyed %v; want one of them (and the table's at 80x24):\n%s", size[0], size[1], legend, keyed, strings.Join(lines, "\n"))
		}
	}
}

// A drained replica back in rotation says it was drained, and until when, on its row at
// both widths, and for how long on the pulls line, whose events run in time order: never
// "pulled", nor "after 100 ok", for it got no checks while drained (newcomer 67 W-MAJOR:
// fleet-bulkhead's r1 read "pulled 5.0s, back 35.0s after 100 ok" at 80x24 beside "no
// replica is pulled").
func TestDrainedAndBackSaysTheDrain(t *testing.T) {
	s := drainFirst(fleetSnapshot(4, 1))
	s.Fleet.Drain.BackAt = 35 * time.Second
	s.Fleet.InRotation, s.Elapsed = 4, 40*time.Second
	for _, w := range []int{80, 120} {
		r1 := ansi.Strip(rowsOf(newTheme(false, true), s, w)[0])
		if !strings.HasPrefix(r1, "r1 ") || !strings.Contains(r1, "drained 6.0s–35.0s") || strings.Contains(r1, "pulled") || strings.Contains(r1, " ok") {
			t.Errorf("w=%d, r1 drained 6s–35s: want \"drained 6.0s–35.0s\", no \"pulled\" nor checks ok, in %q", w, r1)
		}
	}
	if line := ansi.Strip(pullList(newTheme(false, true), s.Fleet, s.Config.Fleet, 120)); !strings.Contains(line, "r1 drained 6.0s for 29s") {
		t.Errorf("pulls line %q: want the drain's length", line)
	}
}

// The help says a pulled row's clause as the row draws it, both forms, so a reader who
// greps the help for it finds it: "(gets only checks)" alone was in no help (newcomer 75 #2).
func TestPulledHoldsInTheHelp(t *testing.T) {
	var help strings.Builder
	for _, it := range lab.ScreenWords() {
		help.WriteString(it.Label + " " + it.Value + "\n")
	}
	for _, clause := range []string{lab.PulledHolds, lab.PulledHoldsBrief} {
		if said := "(" + clause + ")"; !strings.Contains(help.String(), said) {
			t.Errorf("the help has no %q", said)
		}
	}
}

// A return to rotation sooner than the balancer line's ~10s says why on its replica's row
// where it fits (on the pulls line, 101–116 wide at 120 columns, it never reached the
// domino's screen: a reviewer, newcomer 73), and then not again on the pulls line; where no
// row says it, on the pulls line, after all the line says, where it fits; where it does not
// either, the line is as it was (a reviewer: r3 back 8.8s after its pull, beside "~10s").
func TestSoonBackOnItsRow(t *testing.T) {
	th := newTheme(false, true)
	s := fleetSnapshot(4, 1)
	fs := s.Fleet
	p := fs.Pulls[0]
	every := s.Config.Fleet.CheckEvery.D()
	soon := p.At + s.Config.Fleet.BackIn() - 12*every
	fs.Pulls[0].ReturnedAt = soon
	fs.Replicas[p.Replica-1].Health.Pulled = false
	fs.Replicas[p.Replica-1].Health.History = []lab.Pull{fs.Pulls[0]}
	fs.InRotation++
	s.Elapsed = max(s.Elapsed, soon+time.Second)
	forms := fs.SoonBack(s.Config.Fleet)
	if len(forms) == 0 {
		t.Fatalf("back %v after its pull, rule ~%v: no words", soon-p.At, s.Config.Fleet.BackIn())
	}
	lines := ansi.Strip(strings.Join(fleetLines(th, s, 120, levelTerse), "\n"))
	if row := "in rotation (back at 14.8s, in 8.8s: queued checks counted)"; !strings.Contains(lines, row) || strings.Contains(lines, forms[0]) {
		t.Errorf("at 120 columns, no %q on its row, or the pulls line says it again:\n%s", row, lines)
	}
	for _, l := range strings.Split(lines, "\n") {
		if ansiWidth(l) > 120 {
			t.Errorf("a line %d wide: %q", ansiWidth(l), l)
		}
	}
	// A row with no room for it: the pulls line says it where that has room.
	if lines := ansi.Strip(strings.Join(fleetLines(th, s, 110, levelTerse), "\n")); strings.Contains(lines, "queued checks counted)") || !strings.Contains(lines, forms[0]) {
		t.Errorf("at 110 columns, the row says it, or the pulls line does not, %q:\n%s", forms[0], lines)
	}
	// Where no form fits after all the line says, the line is as it was.
	if lines, bare := fleetLines(th, s, 60, levelTerse), pullList(th, fs, s.Config.Fleet, 60); !slices.Contains(lines, bare) {
		t.Errorf("at 60 columns, the pulls line lost what it says, %q:\n%s", bare, strings.Join(lines, "\n"))
	}
	// Back after the rule's time, or as soon as checks sent after the pull alone make it
	// (the first up to a check's interval after the pull): nothing to say.
	for _, back := range []time.Duration{s.Config.Fleet.BackIn() + every, s.Config.Fleet.BackIn() - every/2} {
		fs.Pulls[0].ReturnedAt = p.At + back
		if forms := fs.SoonBack(s.Config.Fleet); forms != nil {
			t.Errorf("back %v after its pull: %q", back, forms)
		}
	}
}

// A replica back sooner than the rules and queueing again keeps its check's forecast: the
// why of its return goes after it, where both fit, not in its place (a reviewer: the domino's
// r3 between 35.5s and 38.3s lost ", 16 P ahead: check would time out" to it).
func TestSoonBackKeepsTheCheck(t *testing.T) {
	th := newTheme(false, true)
	s := drainFirst(fleetSnapshot(4, 2))
	fs := s.Fleet
	p := fs.Pulls[0]
	fs.Pulls[0].ReturnedAt = p.At + s.Config.Fleet.BackIn() - 12*s.Config.Fleet.CheckEvery.D()
	r := &fs.Replicas[p.Replica-1]
	r.Health = lab.HealthStats{Pulls: 1, History: []lab.Pull{fs.Pulls[0]}}
	r.Pool.Discipline, r.Pool.QueueCap, r.Pool.Queued = lab.FIFO, 100, 62
	r.Pool.QueuedBy = [3]int{}
	r.Pool.QueuedBy[lab.Payment] = 16
	fs.InRotation++
	s.Elapsed = fs.Pulls[0].ReturnedAt + time.Second
	for _, w := range []int{120, 160} {
		lines, _, soon := replicaRows(th, s, w, true, true)
		row := ansi.Strip(lines[p.Replica-1])
		t.Log(row)
		if !strings.Contains(row, "would time out") {
			t.Errorf("at %d columns, r%d back at %v with 62 queued: no forecast:\n%s", w, p.Replica, fs.Pulls[0].ReturnedAt, row)
		}
		if said := strings.Contains(row, "queued checks counted"); said != slices.Contains(soon, p.Replica) {
			t.Errorf("at %d columns, its row says why it came back %v, replicaRows says %v:\n%s", w, said, soon, row)
		}
	}
}

// Every replica a fleet may have has its own raised mark, one cell wide, and a replica past
// them (a config the checks refuse) draws no panic.
func TestBackMarkEveryReplica(t *testing.T) {
	if len(raisedMarks) != lab.MaxReplicas {
		t.Fatalf("%d raised marks for up to %d replicas", len(raisedMarks), lab.MaxReplicas)
	}
	seen := map[string]int{}
	for n := 1; n <= lab.MaxReplicas; n++ {
		m := backMark(n)
		if ansiWidth(m) != 1 {
			t.Errorf("r%d back %q: %d cells, want 1", n, m, ansiWidth(m))
		}
		if was, ok := seen[m]; ok {
			t.Errorf("r%d back %q, as r%d's", n, m, was)
		}
		seen[m] = n
	}
	for _, n := range []int{0, lab.MaxReplicas + 1} {
		if m := backMark(n); ansiWidth(m) != 1 {
			t.Errorf("backMark(%d) = %q, want one cell", n, m)
		}
	}
}
