package ui

import (
	"slices"
	"strings"
	"testing"

	"poollab/lab"
)

// A fleet that has turned nothing away at the balancer yet has no rej:balancer column, but
// its rejection chart's title still names the balancer ("rejected (pool + balancer)"): the
// table's notes say what such a rejection is, in its whole word, where there is room
// (newcomer 56: fleet-domino at 12s left it to guess); once the column shows, its gloss says
// it under the column's head, once.
func TestFleetNotesSayWhatTheBalancerRejects(t *testing.T) {
	notesOf := func(s *lab.Snapshot) string {
		_, n := tableLines(newTheme(false, true), s, tablePeer{}, 120, true, nil, false)
		var all []string
		for _, forms := range slices.Concat(n.must, n.rest) {
			all = append(all, forms...)
		}
		return strings.Join(all, "\n")
	}
	none := fleetSnapshot(4, 2)
	if !strings.Contains(starvationChart(none, nil).title, "balancer") {
		t.Fatalf("the chart's title %q does not name the balancer", starvationChart(none, nil).title)
	}
	got := notesOf(none)
	if want := lab.RejectBalancer.Word() + " = no replica in rotation"; !strings.Contains(got, want) {
		t.Errorf("no rejected:balancer yet: the notes lack %q:\n%s", want, got)
	}
	all := fleetSnapshot(4, 4) // all pulled: the balancer turned 9 away, its column shows
	got = notesOf(all)
	if !strings.Contains(got, "rej:balancer = no replica in rotation") || strings.Contains(got, lab.RejectBalancer.Word()+" = ") {
		t.Errorf("with a rej:balancer column: its gloss under its head, once, want:\n%s", got)
	}
	one := testSnapshot() // one instance: no balancer, nothing to say of it
	if got := notesOf(one); strings.Contains(got, "balancer") {
		t.Errorf("one instance's notes name a balancer:\n%s", got)
	}
}
