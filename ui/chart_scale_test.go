package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// newcomer 48 W-minor-3: the rejected chart's top moves with the traffic (0–24/s, 0–40/s,
// 0–120/s on consecutive slides), so the same block is another rate on the next screen,
// and ⣀ was keyed "⣀ 1 to <3/s" on one and "⣀ 1+ ▁ 5+" on the next. Every form of every
// key writes ⣀ one way, before ▁ in the blocks' own words, and any form that gives the
// top gives it first.
func TestStripKeysTopFirstSomeOneWay(t *testing.T) {
	some := regexp.MustCompile(`^(█ \S+( [a-z/ ]+?)? )?⣀ [0-9.]+[µm]?s?\+ ▁ `)
	top := regexp.MustCompile(`^█ [0-9.]+[µm]?s?`)
	check := func(name string, keys []string) {
		for i, k := range keys {
			if slices.Contains(keys[:i], k) { // each form once: the next shorter or none
				t.Errorf("%s: %q twice in %q", name, k, keys)
			}
			k = strings.TrimSpace(k)
			if strings.Contains(k, " to <") || strings.ContainsRune(k, someMark) && !some.MatchString(k) {
				t.Errorf("%s: %q keys ⣀ another way than %q", name, k, "⣀ 1+ ▁ 3+")
			}
			if strings.Contains(k, "█") && !top.MatchString(k) {
				t.Errorf("%s: %q, want the top first", name, k)
			}
		}
	}
	for _, top := range []float64{8, 16, 24, 40, 120, 640} {
		for _, some := range []bool{false, true} {
			check("rate", chartSpec{unit: "/s"}.stripKeys(top, some))
			check("pool", chartSpec{pool: true}.stripKeys(top, some))
			check("queue", chartSpec{keyUnit: "waiting"}.stripKeys(top, some))
		}
	}
	check("latency", stripKeys(1.01e3/8, 1.01e3, latencyTop, "", latencyTop(1.2), true))
	// The screens' rejected charts of 01 and 06 at 120x40, as a newcomer met them.
	for _, tc := range []struct {
		top  float64
		want string
	}{{24, "█ 24/s ⣀ 1+ ▁ 3+ ▂ 6+"}, {40, "█ 40/s ⣀ 1+ ▁ 5+ ▂ 10+"}} {
		if k := strings.TrimSpace(chartSpec{unit: "/s"}.stripKeys(tc.top, true)[0]); !strings.HasPrefix(k, tc.want) {
			t.Errorf("0–%v/s: %q, want it to begin %q", tc.top, k, tc.want)
		}
	}
}
