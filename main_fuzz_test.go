package main

import (
	"fmt"
	"strings"
	"testing"

	"poollab/lab"
	"poollab/lab/labtest"
	"poollab/presets"
	"poollab/ui"
)

// badInput checks err as every bad input must be: exit 2, one printable line, repeating at
// most lab.MaxQuoted characters of input.
func badInput(t *testing.T, what string, err error, input string) {
	t.Helper()
	msg := err.Error()
	if exitCode(err) != 2 || msg == "" || lab.Printable(msg) != msg {
		t.Fatalf("%s: exit %d, %q; want exit 2 on one printable line", what, exitCode(err), msg)
	}
	if echo := labtest.Echo(msg, input); echo != "" {
		t.Fatalf("%s: the message repeats more than %d characters of the input (%q):\n%s", what, lab.MaxQuoted, echo, msg)
	}
}

// FuzzParseSize: --size of any text is a size the live lab draws in, which reads back the
// same written out, or bad input.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"120x40", "80x24", "1000x1000", "120X40", "120by40", "60x20", "x", "", "+80x024",
		"-1x-1", "1001x24", "80x24x3", " 80x24", "９０x24", "99999999999999999999x24", "80×24", "120x40\x1b[2J"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, err := parseSize(s)
		if err != nil {
			badInput(t, fmt.Sprintf("--size %q", s), err, s)
			return
		}
		if w < ui.MinWidth || h < ui.MinHeight || w > maxSize || h > maxSize {
			t.Fatalf("--size %q = %dx%d, outside %dx%d..%dx%d", s, w, h, ui.MinWidth, ui.MinHeight, maxSize, maxSize)
		}
		if w2, h2, err := parseSize(fmt.Sprintf("%dx%d", w, h)); err != nil || w2 != w || h2 != h {
			t.Fatalf("--size %q = %dx%d, which reads back as %dx%d (%v)", s, w, h, w2, h2, err)
		}
	})
}

// FuzzDuration: a duration of any text, as --duration and as a preset's duration (--set
// duration=), is accepted by both or refused by both as bad input, and an accepted one is
// the same length either way, within the range, and written as it reads back.
func FuzzDuration(f *testing.F) {
	for _, s := range []string{"3s", " 250ms ", "1.5h", "24h", "24h0m1s", "2562047h", "abc", "8", "0", "-1s", "3000000h",
		"-3000000h", "99999999999999999999s", "2562047h47m17s", "1ns", ".5s", "5.s", "1h2m3s4ms5us6µs7ns", "+1s", "",
		"3s\x1b[2J", strings.Repeat("9", 100) + "h", "1e3s", "0x10s", "∞"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var d lab.Duration
		if err := d.UnmarshalText([]byte(s)); err == nil {
			var back lab.Duration
			text, _ := d.MarshalText()
			if err := back.UnmarshalText(text); err != nil || back != d {
				t.Fatalf("%q = %v, written %q, reads back as %v (%v)", s, d, text, back, err)
			}
		}

		r := newReportFlags("run", "")
		var flagCfg lab.Config
		_, flagErr := r.parse([]string{"--duration", s}, 0)
		if flagErr == nil {
			flagCfg, flagErr = r.load("shared-pool")
		}
		setCfg, setErr := presets.Load("shared-pool", []string{"duration=" + s})
		switch {
		case (flagErr == nil) != (setErr == nil):
			t.Fatalf("--duration %q: %v; --set duration=%q: %v; want both accepted or both refused", s, flagErr, s, setErr)
		case flagErr != nil:
			badInput(t, fmt.Sprintf("--duration %q", s), flagErr, s)
			badInput(t, fmt.Sprintf("--set duration=%q", s), setErr, s)
		case flagCfg.Duration != setCfg.Duration:
			t.Fatalf("%q: --duration %v, --set duration= %v", s, flagCfg.Duration, setCfg.Duration)
		case flagCfg.Duration <= 0 || flagCfg.Duration.D() > lab.MaxDuration:
			t.Fatalf("%q: %v accepted, outside 0..%v", s, flagCfg.Duration, lab.MaxDuration)
		}
	})
}
