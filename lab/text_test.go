// Tests of Printable, Quote, Clip and Markdown escaping.

package lab

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Nothing a terminal interprets survives Printable; what it changes stays visible.
func TestPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"shared-pool", "shared-pool"},
		{"Zahlungen à 3 s — 支払い ✓", "Zahlungen à 3 s — 支払い ✓"},
		{"evil\x1b]0;PWNED\a", `evil\x1b]0;PWNED\x07`},     // OSC: set the window title
		{"\x1b]52;c;aGk=\x07", `\x1b]52;c;aGk=\x07`},       // OSC 52: write the clipboard
		{"a\u009b31mb", `a\u009b31mb`},                     // C1 CSI as a character
		{"a\x9b31mb", `a\x9b31mb`},                         // a lone C1 byte (invalid UTF-8)
		{"del\x7f nul\x00", `del\x7f nul\x00`},             // DEL, NUL
		{"one\ntwo\r\nthree\tfour", "one two  three four"}, // one line
		{"bidi \u202egnp.exe", `bidi \u202egnp.exe`},       // right-to-left override
		{"sep\u2028x", `sep\u2028x`},                       // line separator
		{"nbsp\u00a0ok", "nbsp\u00a0ok"},                   // a graphic space stays
		{"pua\U000f0001", `pua\U000f0001`},                 // private use
		{`back\x1bslash`, `back\x1bslash`},                 // text that only looks escaped
	} {
		got := Printable(tc.in)
		if got != tc.want {
			t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
		for _, r := range got {
			if r < 0x20 || r >= 0x7f && r < 0xa0 || r == utf8.RuneError {
				t.Errorf("Printable(%q) = %q keeps %U", tc.in, got, r)
			}
		}
		if !utf8.ValidString(got) {
			t.Errorf("Printable(%q) = %q is not UTF-8", tc.in, got)
		}
	}
}

// Quote and Clip repeat at most MaxQuoted characters of bad input, safely.
func TestQuoteAndClip(t *testing.T) {
	short := strings.Repeat("x", MaxQuoted)
	long := strings.Repeat("y", 1<<20)
	for _, tc := range []struct{ got, want string }{
		{Quote("abc"), `"abc"`},
		{Quote(short), `"` + short + `"`},
		{Quote(long), `"` + long[:MaxQuoted] + `"…`},
		{Quote("\x1b]0;t\a"), `"\x1b]0;t\a"`},
		{Quote(strings.Repeat("é", MaxQuoted+1)), `"` + strings.Repeat("é", MaxQuoted) + `"…`},
		{Quote(strings.Repeat("\xff", 100)), `"` + strings.Repeat(`\xff`, MaxQuoted) + `"…`},
		{Clip("pool.workers=30"), "pool.workers=30"},
		{Clip(long), long[:MaxQuoted] + "…"},
		{Clip("a\x1bb\nc"), `a\x1bb c`},
		{Clip(strings.Repeat("\x1b", 100)), strings.Repeat(`\x1b`, MaxQuoted) + "…"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// A string from the user shows in Markdown as it is: nothing ends a table cell, styles the
// text, makes a link or reaches a renderer as HTML.
func TestMarkdownText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"shared-pool", "shared-pool"},
		{"a|b", `a\|b`},
		{"<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"},
		{"&lt;", "&amp;lt;"},
		{"*bold* _em_ ~~gone~~ `code`", `\*bold\* \_em\_ \~\~gone\~\~ \` + "`code\\`"},
		{"[link](http://x) ![img](y)", `\[link](http://x) !\[img](y)`},
		{"round_robin", "round_robin"},
		{`a\|b`, `a\\\|b`},
		{`a\<b`, `a\\&lt;b`},
		{`a\x1b`, `a\x1b`},
		{`end\`, `end\\`},
		{"two\nlines\r", "two lines "},
	} {
		if got := markdownText(tc.in); got != tc.want {
			t.Errorf("markdownText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
