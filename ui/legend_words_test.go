package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// The table's latency legend says why from the scheduled arrival, where it has room: bare,
// it made sense only after the open loop's lesson (newcomer 34 #26, the postmortem at 120x40).
func TestLatencyLegendSaysWhyFromTheSchedule(t *testing.T) {
	s := postmortemSnapshot(postmortemConfig())
	plain := ansi.Strip(render(newTheme(true, true), testScreen(s, 120, 40)))
	if want := "from the scheduled arrival, " + lab.TimeToWorker + " too"; !strings.Contains(plain, want) {
		t.Errorf("the latency legend lacks %q:\n%s", want, plain)
	}
}
