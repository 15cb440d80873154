package ui

import (
	"testing"

	"go.uber.org/goleak"
)

// The dashboard's ticks, restarts and programs leave no goroutine behind. Two library
// goroutines are not ours: teatest leaves one per test model, waiting for a SIGINT that
// never comes; and Bubble Tea's input reader (ultraviolet's TerminalReader.sendEvents)
// sends what it still holds of a key or a size report with no way out once the program
// has ended, so a test that types while a signal ends the session can strand it. A real
// session exits the process right after; a test's process goes on.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m,
		goleak.IgnoreTopFunction("github.com/charmbracelet/x/exp/teatest/v2.NewTestModel.func2"),
		goleak.IgnoreTopFunction("github.com/charmbracelet/ultraviolet.(*TerminalReader).sendEvents"))
}
