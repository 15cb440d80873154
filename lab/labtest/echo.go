// Package labtest holds what the tests of every package share: the check of bad-input
// messages, held ports, and waits whose only bound is the test binary's deadline.
package labtest

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"poollab/lab"
)

// Echo returns the first stretch of input that msg repeats, as it is, escaped as lab.Quote
// escapes it, or made printable as lab.Printable does, and that is longer than
// lab.MaxQuoted characters and the three a quote's own marks may add by coincidence (an
// input of "=" after "--set key=", a closing quote and "…" after a cut); "" when there is
// none. Every bad-input message may quote at most lab.MaxQuoted characters of its input.
func Echo(msg, input string) string {
	var starts []int // where each character of input starts; an invalid byte is one
	for i := 0; i < len(input); {
		starts = append(starts, i)
		_, size := utf8.DecodeRuneInString(input[i:])
		i += size
	}
	n := lab.MaxQuoted + 3 + 1
	for k := 0; k+n <= len(starts); k++ {
		end := len(input)
		if k+n < len(starts) {
			end = starts[k+n]
		}
		w := input[starts[k]:end]
		if quoted := strconv.Quote(w); strings.Contains(msg, quoted[1:len(quoted)-1]) {
			return w
		}
		// A quote's escapes (\\, \x1b) may read as raw text with backslashes in it: the
		// raw and printable forms are looked for where the input has none.
		if !strings.Contains(w, `\`) && (strings.Contains(msg, w) || strings.Contains(msg, lab.Printable(w))) {
			return w
		}
	}
	return ""
}
