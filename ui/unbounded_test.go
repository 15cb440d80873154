package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// An unbounded queue is a queue: nothing starves, the queue grows by the arrivals the
// workers cannot finish (15/s × (1 − 20/30.01) = 5/s), and its sentinel is never a number.
func TestNarrateUnboundedQueue(t *testing.T) {
	cfg := testConfig()
	cfg.Pool.Queue = lab.QueueUnbounded
	early := &lab.Snapshot{Config: cfg, Elapsed: time.Second}
	if got, want := narrate(cfg, early), "forecast full at ~2.0s, then the queue grows without end (~5/s) and payments and signups wait ever longer"; !strings.Contains(got, want) {
		t.Errorf("before full:\n got %q\nwant %q", got, want)
	}
	// Full, it says when it filled as measured, not the set rates' ~2.0s (newcomer 15 read
	// "full since ~2.0s" beside "pool full 10.4s in all, of 12.0s").
	late := &lab.Snapshot{Config: cfg, Elapsed: 3 * time.Second, Pool: lab.PoolStats{Queued: 6, Unbounded: true, QueueCap: int(lab.QueueUnbounded), FullFrom: 1700 * time.Millisecond}}
	if got, want := narrate(cfg, late), "first full at 1.7s; the queue grows without end (~5/s), payments and signups wait in it ever longer"; !strings.Contains(got, want) {
		t.Errorf("full:\n got %q\nwant %q", got, want)
	}
}

// A replica with an unbounded queue shows what waits in it, not a column as wide as the
// sentinel's digits.
func TestReplicaRowUnboundedQueue(t *testing.T) {
	s := fleetSnapshot(4, 0)
	r := &s.Fleet.Replicas[1]
	r.Pool.QueueCap, r.Pool.Unbounded, r.Pool.Queued = int(lab.QueueUnbounded), true, 7
	plain, _ := replicaRow(newTheme(false, true), s.Fleet, 2, lab.Pull{}, 0, 0, 4, 120, s.Fleet.RowTimes(true))
	row := ansi.Strip(plain)
	if !strings.Contains(row, "20/20 +7 queued") {
		t.Errorf("row %q: want its 7 queued right after the busy count", row)
	}
}

// With an unbounded queue and none waiting yet, a compact view still draws the queue's line.
func TestViewUnboundedQueueLine(t *testing.T) {
	s := testSnapshot()
	s.Config.Pool.Queue = lab.QueueUnbounded
	s.Pool.QueueCap, s.Pool.Unbounded = int(lab.QueueUnbounded), true
	out := ansi.Strip(Frame([]lab.Snapshot{*s}, 80, 24, false, false))
	if !strings.Contains(out, "\nqueue ") {
		t.Errorf("no queue line:\n%s", out)
	}
}
