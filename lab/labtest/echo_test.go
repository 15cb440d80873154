package labtest

import (
	"strings"
	"testing"

	"poollab/lab"
)

// Echo finds a message that repeats too much of its input, in any of the forms a message
// shows it, and passes one that quotes it short, even where the quote's own marks match the
// input's next characters.
func TestEcho(t *testing.T) {
	long := strings.Repeat("A", 100)
	for _, tc := range []struct {
		msg, input string
		echoes     bool
	}{
		{"bad value " + long, long, true},
		{"bad value " + lab.Quote(long), long, false},
		{"bad value " + lab.Clip(long), long, false},
		{`got "` + strings.Repeat(`\x1b`, 60) + `"`, strings.Repeat("\x1b", 60), true},
		{"got " + lab.Quote(strings.Repeat("\x1b", 60)), strings.Repeat("\x1b", 60), false},
		{"got " + lab.Quote(strings.Repeat("0", 40)+`"…`+strings.Repeat("0", 10)), strings.Repeat("0", 40) + `"…` + strings.Repeat("0", 10), false},
		{"--set k=" + lab.Clip(strings.Repeat("=", 60)), strings.Repeat("=", 60), false},
		{"short " + lab.Quote("abc"), "abc", false},
		// Escaped backslashes read as twice as many raw ones (found by FuzzParseSize).
		{"got " + lab.Quote(strings.Repeat("0", 36)+strings.Repeat(`\`, 8)), strings.Repeat("0", 36) + strings.Repeat(`\`, 8), false},
	} {
		if got := Echo(tc.msg, tc.input) != ""; got != tc.echoes {
			t.Errorf("Echo(%.60q, %.30q) found an echo: %v, want %v", tc.msg, tc.input, got, tc.echoes)
		}
	}
}
