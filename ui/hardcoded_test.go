// Tests that words on the screen take their numbers from the settings, not from constants.

package ui

import (
	"strings"
	"testing"

	"poollab/lab"
)

// The domino's lesson counts down from the replicas the fleet has, not from 4.
func TestDominoLessonCountsReplicas(t *testing.T) {
	var ch *chapter
	for i := range tourChapters {
		if tourChapters[i].title == "The fleet domino" {
			ch = &tourChapters[i]
		}
	}
	if ch == nil {
		t.Fatal("no chapter called \"The fleet domino\"")
	}
	a, b := fleetSnapshot(6, 2), fleetSnapshot(6, 0)
	lesson := ch.lesson(newTourAt(ch, []*lab.Snapshot{a, b}))
	need := func(k int) string { return fmtWorkers(a.Config.ReplicaForecast(k).Classes[lab.Payment].WorkersNeeded) }
	want := "payments need " + need(6) + " workers per replica with 6 in rotation, " + need(5) + " with 5, " + need(4) + " with 4, of 20)"
	if !strings.Contains(lesson, want) {
		t.Errorf("lesson:\n got %q\nwant %q", lesson, want)
	}
}
