package lab

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQuoted is how many characters of a bad value an error message repeats.
const MaxQuoted = 40

// Printable returns s safe to print on a terminal as one line: tabs and line breaks become
// spaces, and every other character that is not graphic (C0 and C1 controls with ESC, DEL,
// Unicode format and bidi controls, line and paragraph separators, private-use and
// unassigned code points) and every invalid UTF-8 byte becomes a visible Go escape:
// \x1b, \x7f, \u009b, \u202e. Nothing a terminal interprets is left. A backslash is kept
// as it is, so the escape is for a reader, not for a parser. Preset names and descriptions
// go through it as they are loaded, and so does every bad-input message.
func Printable(s string) string {
	if printable(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r == ' ' || unicode.IsGraphic(r):
			b.WriteString(s[i : i+size])
		case r < utf8.RuneSelf:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += size
	}
	return b.String()
}

func printable(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r != ' ' && !unicode.IsGraphic(r) {
			return false
		}
		i += size
	}
	return true
}

// Quote returns s in Go quotes for an error message ("abc"): control characters escaped, and
// past MaxQuoted characters cut, with "…" after the closing quote, so bad input never floods
// the message.
func Quote(s string) string {
	if prefix, cut := clip(s); cut {
		return strconv.Quote(prefix) + "…"
	}
	return strconv.Quote(s)
}

// Clip is Printable for text an error message repeats without quotes (a --set as typed):
// past MaxQuoted characters it is cut and ends in "…".
func Clip(s string) string {
	if prefix, cut := clip(s); cut {
		return Printable(prefix) + "…"
	}
	return Printable(s)
}

// clip returns the first MaxQuoted characters of s (an invalid byte counts as one) and
// whether that left anything out.
func clip(s string) (string, bool) {
	n := 0
	for i := range s {
		if n == MaxQuoted {
			return s[:i], true
		}
		n++
	}
	return s, false
}
