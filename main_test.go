package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// report is the part of the JSON report the claims are about.
type report struct {
	DurationS float64 `json:"duration_s"`
	Classes   map[string]struct {
		Arrived, OK, Failed int64
		TimedOut            int64                      `json:"timed_out"`
		InFlight            int64                      `json:"in_flight"`
		Rejected            map[string]int64           `json:"rejected"`
		Latency             struct{ P50, P99 float64 } `json:"latency_ms"`
	} `json:"classes"`
	Pool struct {
		PeakBusy int     `json:"peak_busy"`
		FullS    float64 `json:"full_s"`
	} `json:"pool"`
	Dependency struct {
		PeakInFlight int64 `json:"peak_in_flight"`
		Requests     int64 `json:"requests"`
	} `json:"dependency"`
	Timeline []struct {
		T    int            `json:"t"`
		Busy map[string]int `json:"busy"`
	} `json:"timeline"`
}

func runJSON(t *testing.T, args ...string) report {
	t.Helper()
	var out bytes.Buffer
	if err := run(append(args, "--format", "json"), &out); err != nil {
		t.Fatalf("poollab %s: %v", strings.Join(args, " "), err)
	}
	var r report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, out.String())
	}
	for name, c := range r.Classes {
		var rej int64
		for _, n := range c.Rejected {
			rej += n
		}
		if c.OK+c.Failed+c.TimedOut+rej+c.InFlight != c.Arrived {
			t.Errorf("%s does not balance: %+v", name, c)
		}
	}
	return r
}

// The presets' claims, at full scale: 8-second runs, side by side.
func TestPresetClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("8-second runs")
	}
	t.Run("shared-pool", func(t *testing.T) {
		t.Parallel()
		r := runJSON(t, "run", "--preset", "shared-pool", "--duration", "8s")
		pay, sig := r.Classes["payment"], r.Classes["signup"]
		if pay.Arrived != 80 || sig.Arrived != 40 {
			t.Errorf("arrived: payment %d signup %d, want 80 and 40", pay.Arrived, sig.Arrived)
		}
		if r.Pool.PeakBusy != 20 {
			t.Errorf("peak busy %d, want 20", r.Pool.PeakBusy)
		}
		if len(r.Timeline) < 2 || r.Timeline[1].Busy["payment"] < 19 {
			t.Errorf("at 2 s payments should hold the pool: %+v", r.Timeline)
		}
		if sig.Rejected["pool"] < 10 {
			t.Errorf("signups starved %d times, want most of those after 2 s", sig.Rejected["pool"])
		}
		if p50 := pay.Latency.P50; p50 < 2950 || p50 > 3050 {
			t.Errorf("payment p50 %.1f ms, want 3000 ± 50", p50)
		}
	})
	t.Run("semaphore-bulkhead", func(t *testing.T) {
		t.Parallel()
		r := runJSON(t, "run", "--preset", "semaphore-bulkhead")
		pay, sig := r.Classes["payment"], r.Classes["signup"]
		if sig.OK != 40 || sig.Rejected["pool"] != 0 {
			t.Errorf("signups %+v, want 40 of 40 ok", sig)
		}
		if r.Dependency.PeakInFlight != 5 || pay.OK != 10 || pay.Rejected["bulkhead"] != 65 {
			t.Errorf("payments %+v, dependency peak %d; want 5 at a time, 10 ok, 65 rejected by the bulkhead",
				pay, r.Dependency.PeakInFlight)
		}
		if sig.Latency.P99 >= 50 {
			t.Errorf("signup p99 %.1f ms, want under 50", sig.Latency.P99)
		}
	})
}

func TestBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	misspelled := filepath.Join(dir, "typo.yaml")
	if err := os.WriteFile(misspelled, []byte("name: typo\npool:\n  worksers: 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string // part of the message a new user acts on
	}{
		{[]string{"run", "--preset", "nosuch"}, "choose one of"},
		{[]string{"run", "--preset", misspelled}, `typo.yaml:3: unknown key "pool.worksers"`},
		{[]string{"run", "--set", "pool.workers=0"}, "pool.workers=0: must be 1..10000"},
		{[]string{"run", "--set", "dependency.latency=abc"}, "is not a duration"},
		{[]string{"run", "--format", "xml"}, "choose one of table, markdown, json"},
		{[]string{"run", "--duration", "-1s"}, "must be more than 0s"},
		{[]string{"run", "stray"}, "unexpected argument"},
		{[]string{"frobnicate"}, "unknown command"},
	} {
		err := run(tc.args, &bytes.Buffer{})
		if code := exitCode(err); code != 2 || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("poollab %s: exit %d, %v; want exit 2 with one line containing %q", strings.Join(tc.args, " "), code, err, tc.want)
		}
	}
}

func TestPresetsListsDescriptions(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"presets"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"shared-pool", "semaphore-bulkhead"} {
		if !strings.Contains(out.String(), name) {
			t.Errorf("presets output lacks %s:\n%s", name, out.String())
		}
	}
}
