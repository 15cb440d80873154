package ui

import (
	"testing"

	"go.uber.org/goleak"
)

// The dashboard's ticks, restarts and programs leave no goroutine behind. teatest itself
// leaves one per test model, waiting for a SIGINT that never comes: that one is not ours.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction("github.com/charmbracelet/x/exp/teatest/v2.NewTestModel.func2"))
}
