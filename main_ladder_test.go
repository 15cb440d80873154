package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"poollab/lab"
	"poollab/ui"
)

// Review 27 #10: in the preset-built compare of closed against open loop at 120x40, the
// half of 800 samples, its p99.9 and p99.99 each the slowest, says so under its ladder even
// where its chart has no row to spare (the open loop's "none needed" line gives way); every
// half keeps its chart's strips keyed. 8 s of the presets, past their stall at 5 s.
func TestLadderNoteInTheLoopsCompare(t *testing.T) {
	latencyKey := regexp.MustCompile(`⣀ (fastest )?[0-9.]+[µm]?s( to <|\+ ▁)`)
	t.Parallel()
	c, err := parseSnapshot([]string{"--preset", "closed-loop", "--compare", "open-loop", "--at", "8s", "--size", "120x40", "--format", "txt"})
	if err != nil {
		t.Fatal(err)
	}
	var snaps []lab.Snapshot
	if err := headless(c.cfgs, 0, func(s []lab.Snapshot) error { snaps = s; return nil }); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c.format = ui.FormatText
	if err := c.write(&out, snaps, c.sizes[0]); err != nil {
		t.Fatal(err)
	}
	var halves [2]string
	for _, l := range strings.Split(out.String(), "\n") {
		if a, b, ok := strings.Cut(l, "│"); ok {
			halves[0], halves[1] = halves[0]+a+"\n", halves[1]+b+"\n"
		}
	}
	for i, h := range halves {
		// ⣀'s key, from the fastest drawn: its rule, or its least before the steps.
		if len(latencyKey.FindAllString(h, -1)) != 1 {
			t.Errorf("half %c: its strips unkeyed:\n%s", 'A'+i, out.String())
		}
	}
	if n := snaps[1].Classes[lab.Payment].Latency.Count; n < 10*lab.EnoughSamples && !strings.Contains(halves[1], "p99.9 of <1000, p99.99 of <10000: their slowest") {
		t.Errorf("B, %d samples: its p99.9 unmarked:\n%s", n, out.String())
	}
}
