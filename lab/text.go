// Text for terminals and documents: Printable, Quote, Clip and Markdown escaping.

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

// narrow says w, the width items are written for, is a compare half's or 80 columns: under
// 100, where the settings and health items take their shorter forms.
func narrow(w int) bool { return w < 100 }

// fittingValue is the first of an item's values, longest first, that fits w beside its
// label; the last when none does.
func fittingValue(label string, w int, values ...string) string {
	for _, v := range values {
		if fitsLine(label, v, w) {
			return v
		}
	}
	return values[len(values)-1]
}

// withBriefer follows each form holding long with the same holding short: the longer words
// where they fit, before a briefer form gives up more.
func withBriefer(forms []string, long, short string) []string {
	if long == short {
		return forms
	}
	out := make([]string, 0, 2*len(forms))
	for _, f := range forms {
		out = append(out, f)
		if strings.Contains(f, long) {
			out = append(out, strings.Replace(f, long, short, 1))
		}
	}
	return out
}

// fitsLine says an item, its label and value with a space between, is at most w wide.
func fitsLine(label, value string, w int) bool {
	return len([]rune(label))+1+len([]rune(value)) <= w
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

// markdownText is s as text in a Markdown document, a table cell included, shown as it is:
// a | would end the cell, * _ ~ ` and [ would style it or start a link, and < > & would reach
// a renderer as HTML, so those are escaped; a backslash that would escape the character after
// it is doubled; a line break becomes a space (a table row is one line). Every string from
// the user (a preset's name) goes into a Markdown report through it.
func markdownText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\n', '\r':
			b.WriteByte(' ')
		case '_':
			if !(i > 0 && isAlnum(s[i-1]) && i+1 < len(s) && isAlnum(s[i+1])) {
				b.WriteByte('\\') // inside a word (round_robin) it never emphasises
			}
			b.WriteByte(c)
		case '|', '*', '~', '`', '[':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\\':
			if i+1 == len(s) || strings.IndexByte(asciiPunctuation, s[i+1]) >= 0 {
				b.WriteByte('\\') // at the end it would break the line
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// asciiPunctuation are the characters a backslash escapes in Markdown (CommonMark 2.4).
const asciiPunctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// JoinList joins words as a sentence lists them: "a", "a and b", "a, b and c" (conj "and",
// or "or").
func JoinList[T ~string](words []T, conj string) string {
	if n := len(words); n > 1 {
		return join(words[:n-1]) + " " + conj + " " + string(words[n-1])
	}
	return join(words)
}
