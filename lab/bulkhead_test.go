// Tests of the bulkhead as a whole: a fleet's adaptive bulkhead reported in one unit.

package lab

import (
	"strings"
	"testing"
	"time"
)

// A fleet's adaptive bulkhead is reported in one unit: where its limit started and where it
// ended are both the replicas' added up, and the line says so.
func TestFleetBulkheadOneUnit(t *testing.T) {
	var s Snapshot
	s.Config.Traffic.Payment.Rate = 10
	s.Config.Payment.Bulkhead = BulkheadConfig{Type: BulkheadAdaptive, Size: 10}
	s.Fleet = &FleetStats{Replicas: make([]Snapshot, 4)}
	s.Bulkhead.Type = BulkheadAdaptive
	for _, limit := range []int{9, 8, 7, 6} {
		s.Bulkhead = s.Bulkhead.add(BulkheadStats{Type: BulkheadAdaptive, Size: 10, Limit: limit})
	}
	want := "payment bulkhead adaptive (a moving cap): limit 30 at the end (started at 40) across 4 replicas"
	if lines := strings.Join(NewReport(s).summary(), "\n"); !strings.Contains(lines, want) {
		t.Errorf("summary:\n%s\nwant a line %q", lines, want)
	}
}

// The slack lost reads in the order it happened: the rejections, then the workers free at
// them, the rejected one's own not counted (newcomer 34 #35: 14 free beside "idle
// 15"; issue 22, newcomer 14 had to parse "17 workers sat free, on average, as the
// bulkhead turned each of 15 payments away"), named by what is lost, never "slack lost"
// (newcomer 30: jargon, glossed or not), in compare mode's half too.
func TestSlackLostWording(t *testing.T) {
	var s Snapshot
	s.Slack = SlackStats{Rejections: 15, MeanFree: 17}
	// The claim alone, at every width a lab alone has: its tails (": capacity unused", "; others
	// need 2: the rest unused") were riddles (newcomer 28).
	s.Config = DefaultConfig()
	// The one the rejected request held said, where it fits: "17 other workers" beside the
	// pool's "idle 18" left the 18th to guess (newcomer 63 G2).
	for _, w := range []int{120, 160} {
		if items := slackHealth(&s, w); len(items) != 1 || items[0].Phrase() != "workers unused: at each of the bulkhead's 15 rejections, on average 17 workers sat free (the rejected request held 1)" {
			t.Errorf("slack lost at %d: %+v", w, items)
		}
	}
	// Plainly, "other workers": "besides the one it was rejected on" was a riddle (newcomer
	// 58 G3).
	// No class word to go wrong: "the rejected payment's own" beside postmortem's orders
	// (newcomer 35 #4), and a label's singular guessed broke "class" and "news" (review 30
	// lab #9).
	for _, label := range []string{"orders", "class", "news", "bus"} {
		s.Config.Traffic.Payment.Label = label
		if items := slackHealth(&s, 120); len(items) != 1 || !strings.HasSuffix(items[0].Phrase(), "workers sat free (the rejected request held 1)") {
			t.Errorf("slack lost, %s: %+v", label, items)
		}
	}
	s.Config = DefaultConfig()
	// semaphore-bulkhead's at 8s fits 120 columns whole; longer counts, "workers" left to the label.
	s.Slack = SlackStats{Rejections: 65, MeanFree: 13.9}
	if items := slackHealth(&s, 120); len(items) != 1 || items[0].Phrase() != "workers unused: at each of the bulkhead's 65 rejections, on average 13.9 workers sat free (the rejected request held 1)" {
		t.Errorf("slack lost at 120, semaphore-bulkhead's: %+v", items)
	}
	s.Slack = SlackStats{Rejections: 123456, MeanFree: 10.5}
	if items := slackHealth(&s, 120); len(items) != 1 || items[0].Phrase() != "workers unused: at each of the bulkhead's 123k rejections, on average 10.5 sat free (the rejected request held 1)" {
		t.Errorf("slack lost at 120, long counts: %+v", items)
	}
	// Long counts fit too: never cut, "other workers" where the one held does not fit.
	if items := slackHealth(&s, 100); len(items) != 1 || items[0].Phrase() != "workers unused: at each of the bulkhead's 123k rejections, on average 10.5 other workers sat free" {
		t.Errorf("slack lost at 100, long counts: %+v", items)
	}
	s.Slack = SlackStats{Rejections: 15, MeanFree: 17}
	if items := slackHealth(&s, 60); len(items) != 1 || items[0].Phrase() != "workers unused: 17 free on average at each of 15 rejections" {
		t.Errorf("slack lost at 60: %+v", items)
	}
	// When they fell, from the timeline, where it fits: the table's count, since 0s, left
	// it to guess (newcomer 85 G3); since the first where the second under way has more.
	s.Slack = SlackStats{Rejections: 15, MeanFree: 17}
	s.Timeline = make([]Second, 9)
	for i := range s.Timeline {
		s.Timeline[i].T = i + 1
	}
	s.Timeline[2].Rejected[Payment][RejectBulkhead], s.Timeline[7].Rejected[Payment][RejectBulkhead] = 5, 10
	if items := slackHealth(&s, 120); len(items) != 1 || items[0].Phrase() != "workers unused: at each of the bulkhead's 15 rejections (2–8s), on average 17 sat free (the rejected request held 1)" {
		t.Errorf("slack lost, when: %+v", items)
	}
	if s.Slack.Rejections = 16; !strings.Contains(slackHealth(&s, 120)[0].Value, "16 rejections (since 2s),") {
		t.Errorf("slack lost, one in the second under way: %+v", slackHealth(&s, 120))
	}
	if s.Slack.Rejections = 14; strings.Contains(slackHealth(&s, 120)[0].Value, "s)") {
		t.Errorf("slack lost, fewer than the seconds count: no when, got %+v", slackHealth(&s, 120))
	}
	if s.Slack.Rejections = 0; slackHealth(&s, 120) != nil {
		t.Error("no rejections: want no slack lost")
	}
}

// The report's bulkhead line says what the slack lost is, as the screen does.
func TestReportSaysWhatSlackLostIs(t *testing.T) {
	b := BulkheadReport{Type: string(BulkheadSemaphore), Size: 5, SlackLost: &SlackReport{Rejections: 61, MeanFreeWorkers: 14}}
	if got := b.summary(1); !strings.HasSuffix(got, "; workers unused: at each of the bulkhead's 61 rejections, on average 14.0 workers sat free (the rejected request held 1)") {
		t.Errorf("report: %q", got)
	}
}

// The report's table says rejected:pool is starvation for every class but payment, as the
// header and help do ("rejected:pool is starvation" covered payments' own, which hold the
// workers), and why in words true behind a queue too (a long-queue signup that finds no free
// worker waits; "no free worker" alone was false there).
func TestReportPoolNoteLeavesPaymentsOut(t *testing.T) {
	var b strings.Builder
	if err := NewReport(Snapshot{Config: DefaultConfig()}).Write(&b, FormatTable); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "; rejected:pool (no free worker and no room in the queue) is starvation for every class but payment\n") {
		t.Errorf("report:\n%s", b.String())
	}
	// CoDel's too where its pool ran, and only there (review 37 minor 5).
	codel := Snapshot{Config: DefaultConfig()}
	codel.Config.Pool.Discipline = CoDel
	b.Reset()
	if err := NewReport(codel).Write(&b, FormatTable); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "; rejected:pool (no free worker and no room in the queue) and rejected:codel (no worker within its CoDel limit) are starvation for every class but payment\n") {
		t.Errorf("CoDel's report:\n%s", b.String())
	}
	// A fleet's report says the same, and no fragment about a header count it does not have
	// (review 18: "…; with rejected:balancer (no replica in rotation), turned away").
	fleet := Snapshot{Config: DefaultConfig(), Fleet: &FleetStats{Replicas: make([]Snapshot, 2)}}
	fleet.Config.Fleet.Replicas = 2
	b.Reset()
	if err := NewReport(fleet).Write(&b, FormatTable); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "; rejected:pool (no free worker and no room in the queue) is starvation for every class but payment\n") {
		t.Errorf("fleet report:\n%s", b.String())
	}
	// One set of words: each reason's description begins with them, the help says them,
	// and the balancer's gloss is them.
	for _, r := range StarvedBy {
		why := r.def().why
		if !strings.HasPrefix(r.Description(), why) || !strings.Contains(StarvedMeans(), r.Word()+" ("+why+")") {
			t.Errorf("%s: description %q, help %q: want both to say %q", r, r.Description(), StarvedMeans(), why)
		}
	}
	// The rule whole: what is not starved, too (newcomer 33 looked for an alarm beside a
	// breaker's rejections and a queue's long waits).
	if !strings.Contains(StarvedMeans(), "rejected:bulkhead, rejected:breaker and the other rejections have their own columns, and a long wait in the queue shows in p99:wait; none of them is starved") {
		t.Errorf("help: what is not starved unsaid: %q", StarvedMeans())
	}
	if long, _ := RejectBalancer.Gloss(DefaultConfig()); long != RejectBalancer.def().why {
		t.Errorf("the balancer's gloss %q, its description's %q", long, RejectBalancer.def().why)
	}
}

// Beside a pool of connections rejected:pool is said to be the worker pool's: "rej:pool"
// read as the connections' (newcomer 41 G5). Newcomer 54: one word, two meanings by the
// queue, so each screen says its own: no free worker with no queue, a full one behind a bounded
// one, none to say with an unbounded one, which turns none away.
func TestPoolGlossNamesTheWorkerPoolBesideConnections(t *testing.T) {
	c := DefaultConfig()
	// Its queue's size, or that there is none, in the short form too (newcomer 64: one word,
	// its cause unsaid at 80x24).
	for q, want := range map[QueueSize][2]string{0: {"no free worker, no queue to wait in", "no worker, no queue"},
		10: {"no worker, queue of 10 full", "queue of 10 full"}, QueueUnbounded: {"", ""}} {
		c.Pool.Queue = q
		if long, short := RejectPool.Gloss(c); long != want[0] || short != want[1] {
			t.Errorf("queue %v, no connections: gloss %q, %q, want %q", q, long, short, want)
		}
	}
	c.Pool.Queue = 0
	c.Payment.Connections.PerRoute = 5
	if long, short := RejectPool.Gloss(c); !strings.Contains(long, "worker pool") || !strings.Contains(long, RejectConnPool.Word()) || short != "no worker, no queue" {
		t.Errorf("with 5 connections: gloss %q, %q; want the worker pool named, and the connections' own word", long, short)
	}
}

// Beside a connection pool, every mention of a pool says which (newcomer 60 W-minor 05):
// the settings' "pool 20 workers" and "connections 5" became "worker pool 20" and
// "connection pool 5 …", and the gloss's "the connections'" the connection pool's, at both
// widths; a lab with no connections keeps "pool 20 workers".
func TestEveryPoolSaysWhichBesideConnections(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Connections.PerRoute = 5
	s := &Snapshot{Config: c}
	for _, w := range []int{80, 120} {
		labels := map[string]string{}
		for _, it := range SettingsItems(c, s, w) {
			labels[it.Label] = it.Value
		}
		if v, ok := labels["worker pool"]; !ok || v != "20" {
			t.Errorf("width %d: settings %v, want \"worker pool\" 20", w, labels)
		}
		if _, ok := labels["connection pool"]; !ok {
			t.Errorf("width %d: settings %v, want the connections labelled \"connection pool\"", w, labels)
		}
		if _, ok := labels["pool"]; ok {
			t.Errorf("width %d: a bare \"pool\" beside the connection pool: %v", w, labels)
		}
	}
	if long, _ := RejectPool.Gloss(c); !strings.Contains(long, "the connection pool's") {
		t.Errorf("gloss %q: want the connection pool's named", long)
	}
	plain := DefaultConfig()
	for _, it := range SettingsItems(plain, &Snapshot{Config: plain}, 120) {
		if it.Label == "worker pool" || it.Label == "connection pool" {
			t.Errorf("no connections: %q %q, want \"pool 20 workers\"", it.Label, it.Value)
		}
	}
}

// slackWhen names the seconds the bulkhead's rejections fell in only where they hold them
// all: a part second at the end (--at 5.5s) is the second under way, "since", not "5–6s"
// (review B3); a timeline that has dropped its first seconds, short of the count, says
// nothing rather than "since 3600s" for ever (B4).
func TestSlackWhen(t *testing.T) {
	why := bulkheadRejects()[0]
	sec := func(t int, rejected int64) Second {
		var s Second
		s.T, s.Rejected[Payment][why] = t, rejected
		return s
	}
	for _, c := range []struct {
		name     string
		elapsed  time.Duration
		timeline []Second
		slack    int64
		want     string
	}{
		{"whole seconds", 6 * time.Second, []Second{sec(1, 0), sec(2, 3), sec(3, 0), sec(4, 2), sec(5, 0), sec(6, 0)}, 5, "1–4s"},
		{"mid-second, none in the part", 5500 * time.Millisecond, []Second{sec(1, 0), sec(2, 3), sec(3, 0), sec(4, 2), sec(5, 0), sec(6, 0)}, 5, "1–4s"},
		{"mid-second, some in the part", 5500 * time.Millisecond, []Second{sec(1, 0), sec(2, 3), sec(3, 0), sec(4, 2), sec(5, 0), sec(6, 4)}, 9, "since 1s"},
		{"mid-second, all in the part", 5500 * time.Millisecond, []Second{sec(1, 0), sec(2, 0), sec(3, 0), sec(4, 0), sec(5, 0), sec(6, 4)}, 4, "since 5s"},
		{"second not yet sampled", 6 * time.Second, []Second{sec(1, 0), sec(2, 3)}, 5, "since 1s"},
		{"trimmed, all kept", 3603 * time.Second, []Second{sec(3601, 0), sec(3602, 2), sec(3603, 0)}, 2, "3601–3602s"},
		{"trimmed, some dropped", 3603 * time.Second, []Second{sec(3601, 0), sec(3602, 2), sec(3603, 0)}, 7, ""},
		{"more than the slack", 6 * time.Second, []Second{sec(1, 3)}, 2, ""},
		{"none", 6 * time.Second, []Second{sec(1, 0)}, 0, ""},
	} {
		s := &Snapshot{Elapsed: c.elapsed, Timeline: c.timeline, Slack: SlackStats{Rejections: c.slack}}
		if got := slackWhen(s); got != c.want {
			t.Errorf("%s: slackWhen %q, want %q", c.name, got, c.want)
		}
	}
}
