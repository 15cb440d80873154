package ui

import (
	"strings"
	"testing"
)

// The chosen preset's description is shown whole; the others keep three lines. Cut at three,
// 80x24 hid what most presets show ("p95 …").
func TestPickerShowsTheChosenDescriptionWhole(t *testing.T) {
	long := strings.Repeat("word ", 60) + "end."
	presets := []Preset{{Name: "a", Description: long}, {Name: "b", Description: long}}
	lines := pickerLines(newTheme(true, true), screen{width: 80, height: 24, presets: presets, pickerCursor: 1})
	text := strings.Join(lines, "\n")
	if !strings.Contains(text, "end.") {
		t.Errorf("the chosen preset's description is cut:\n%s", text)
	}
	if strings.Count(text, "…") != 1 {
		t.Errorf("want the other preset cut at three lines (one …):\n%s", text)
	}
}
