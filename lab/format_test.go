// Tests of the number words: every duration says its unit.

package lab

import (
	"testing"
	"time"
)

// Every duration says its unit, and nothing that took time reads 0.
func TestDurationsUnambiguous(t *testing.T) {
	for d, want := range map[time.Duration]string{3 * time.Minute: "3 min", 90 * time.Second: "1 min 30s",
		2500 * time.Millisecond: "2.5s", 100 * time.Millisecond: "100ms"} {
		if got := FmtDur(d); got != want {
			t.Errorf("FmtDur(%v) = %q, want %q", d, got, want)
		}
	}
	for d, want := range map[time.Duration]string{500 * time.Nanosecond: "≤1µs", time.Microsecond: "≤1µs",
		45 * time.Microsecond: "45µs", 900 * time.Microsecond: "900µs", 2100 * time.Microsecond: "2.1ms", 3 * time.Second: "3.00s"} {
		if got := FmtLatency(d); got != want {
			t.Errorf("FmtLatency(%v) = %q, want %q", d, got, want)
		}
	}
	if got := FmtElapsed(245 * time.Second); got != "4 min 05s" {
		t.Errorf("FmtElapsed: %q", got)
	}
}
