package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// Where the keys' last line ends in the … of keys left out, the idle hint says what the …
// is (newcomers 84 and 85 read it as a line cut short); where every key fits, it does not
// speak of one.
func TestKeysHintSaysWhatTheEllipsisIs(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		out := ansi.Strip(Frame([]lab.Snapshot{*testSnapshot()}, size[0], size[1], true, false))
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		cut := strings.HasSuffix(strings.TrimRight(lines[len(lines)-1], " "), "…")
		if explained := strings.Contains(out, keysCutHint); explained != cut {
			t.Errorf("%dx%d: keys end in … %v, the hint says what it is %v:\n%s", size[0], size[1], cut, explained, out)
		}
		if !strings.Contains(out, "› press ? for every key") {
			t.Errorf("%dx%d: no idle hint:\n%s", size[0], size[1], out)
		}
	}
}
