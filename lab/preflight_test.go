// Tests of the pre-flight's verdicts and report.

package lab

import (
	"strings"
	"testing"
	"time"
)

func TestVerdicts(t *testing.T) {
	for _, tc := range []struct {
		lag  time.Duration
		want Verdict
	}{{time.Millisecond, Honest}, {HonestLag, Honest}, {3 * time.Millisecond, Marginal}, {LateLag, Marginal}, {6 * time.Millisecond, TooSlow}} {
		if got := VerdictFor(tc.lag); got != tc.want {
			t.Errorf("lag %v: %v, want %v", tc.lag, got, tc.want)
		}
	}
	r := PreflightReport{{Preset: "a", Verdict: Honest}, {Preset: "b", Verdict: TooSlow}}
	var b strings.Builder
	if err := r.Write(&b, false); err != nil {
		t.Fatal(err)
	}
	if r.Honest() || !strings.Contains(b.String(), "too busy to run the workshop") || strings.Count(b.String(), "\n") != 8 {
		t.Errorf("a too slow preset:\n%s", b.String())
	}
	if !r[:1].Honest() || PreflightReport(nil).Honest() {
		t.Error("honest means every preset, and at least one")
	}
}

// No preset, or an interrupted check's few, is no verdict on the machine: never "can run the workshop".
func TestPreflightNoVerdictWithoutEveryPreset(t *testing.T) {
	honest := PreflightReport{{Preset: "a", Verdict: Honest}}
	for _, tc := range []struct {
		name        string
		r           PreflightReport
		interrupted bool
	}{{"empty", nil, false}, {"interrupted", honest, true}, {"interrupted before any", nil, true}} {
		var b strings.Builder
		if err := tc.r.Write(&b, tc.interrupted); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); strings.Contains(out, "can run the workshop") || !strings.Contains(out, "no verdict on this machine") {
			t.Errorf("%s:\n%s\nwant no verdict on the machine", tc.name, out)
		}
	}
}

// A run whose CPU time the system did not tell shows no CPU figure, not "0% of a core".
func TestPreflightCPUNotKnown(t *testing.T) {
	r := PreflightReport{
		{Preset: "told", Cost: Cost{Wall: time.Second, CPU: 300 * time.Millisecond, CPUKnown: true}},
		{Preset: "untold", Cost: Cost{Wall: time.Second}},
	}
	var b strings.Builder
	if err := r.Write(&b, false); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if !strings.Contains(lines[1], "30% of a core") || strings.Contains(lines[2], "% of a core") || !strings.Contains(lines[2], "not known") {
		t.Errorf("CPU figures:\n%s", b.String())
	}
}
