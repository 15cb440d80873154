package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"go.uber.org/goleak"

	"poollab/lab"
	"poollab/presets"
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
		Fallback            int64                      `json:"fallback"`
		Latency             struct{ P50, P99 float64 } `json:"latency_ms"`
		QueueWait           struct{ P50, P99 float64 } `json:"queue_wait_ms"`
	} `json:"classes"`
	Pool struct {
		PeakBusy int     `json:"peak_busy"`
		FullS    float64 `json:"full_s"`
	} `json:"pool"`
	Breaker *struct {
		State  string `json:"state"`
		Opened int64  `json:"opened"`
	} `json:"breaker"`
	Orphans struct {
		Total    int64 `json:"total"`
		InFlight int64 `json:"in_flight"`
	} `json:"orphans"`
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
	checkBalance(t, r)
	return r
}

// checkBalance: arrived = ok + failed + timed_out + all rejections + in_flight, for every class.
func checkBalance(t *testing.T, r report) {
	t.Helper()
	for name, c := range r.Classes {
		var rej int64
		for _, n := range c.Rejected {
			rej += n
		}
		if c.OK+c.Failed+c.TimedOut+rej+c.InFlight != c.Arrived {
			t.Errorf("%s does not balance: %+v", name, c)
		}
	}
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

// Each isolation mechanism's preset proves the article's claim about it.
func TestMechanismPresetClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("8-second runs")
	}
	noStarvation := func(t *testing.T, r report) {
		if sig := r.Classes["signup"]; sig.OK != sig.Arrived || sig.Arrived != 40 {
			t.Errorf("signups %+v: want 40 of 40 ok", sig)
		}
	}
	claims := []struct {
		name  string
		args  []string
		check func(t *testing.T, r report)
	}{
		{"socket-timeout", nil, func(t *testing.T, r report) {
			pay := r.Classes["payment"]
			if pay.TimedOut < 60 || pay.OK != 0 || pay.Latency.P50 < 1000 || pay.Latency.P50 > 1050 {
				t.Errorf("payments %+v: want them timed out at 1 s", pay)
			}
			// 10/s × 1 s = 10 workers held (11 at the instant one arrives as another times out).
			if r.Pool.PeakBusy < 10 || r.Pool.PeakBusy > 13 {
				t.Errorf("peak busy %d, want about 10", r.Pool.PeakBusy)
			}
			noStarvation(t, r)
		}},
		{"caller-timeout", nil, func(t *testing.T, r report) {
			noStarvation(t, r)
			if p := r.Dependency.PeakInFlight; p < 28 || p > 32 {
				t.Errorf("dependency peak in flight %d, want about 10/s × 3 s = 30", p)
			}
			if r.Orphans.Total < 60 {
				t.Errorf("orphans %+v: every payment after 1 s should be left running", r.Orphans)
			}
		}},
		{"threadpool-bulkhead", nil, func(t *testing.T, r report) {
			noStarvation(t, r)
			pay := r.Classes["payment"]
			if r.Dependency.PeakInFlight > 5 || pay.Rejected["bulkhead"] < 60 {
				t.Errorf("dependency peak %d, payments %+v: want ≤ 5 calls and the rest rejected by the bulkhead",
					r.Dependency.PeakInFlight, pay)
			}
		}},
		{"conn-pool-wait", nil, func(t *testing.T, r report) {
			if r.Dependency.PeakInFlight > 5 {
				t.Errorf("dependency peak %d, want at most the 5 connections", r.Dependency.PeakInFlight)
			}
			if r.Pool.PeakBusy != 20 || r.Classes["signup"].Rejected["pool"] < 10 {
				t.Errorf("peak busy %d, signups %+v: waiting workers should fill the pool and starve signups",
					r.Pool.PeakBusy, r.Classes["signup"])
			}
		}},
		{"long-queue", nil, func(t *testing.T, r report) {
			sig := r.Classes["signup"]
			if sig.Latency.P50 < 500 || sig.QueueWait.P50 < 0.9*sig.Latency.P50 {
				t.Errorf("signup latency %+v, queue wait %+v: want seconds, almost all of it queue wait", sig.Latency, sig.QueueWait)
			}
		}},
		{"lifo-queue", nil, func(t *testing.T, r report) {
			if p50 := r.Classes["signup"].Latency.P50; p50 > 100 {
				t.Errorf("LIFO signup p50 %.1f ms, want far below the FIFO queue's seconds", p50)
			}
		}},
		{"breaker", nil, func(t *testing.T, r report) {
			pay := r.Classes["payment"]
			if r.Breaker == nil || r.Breaker.Opened == 0 || pay.Rejected["breaker"] < 40 {
				t.Errorf("breaker %+v, payments %+v: want it open, short-circuiting most payments", r.Breaker, pay)
			}
			if r.Dependency.Requests*10 >= pay.Arrived*7 {
				t.Errorf("dependency got %d of %d payments, want well under 70%%", r.Dependency.Requests, pay.Arrived)
			}
			if pay.Fallback != pay.Arrived-pay.OK-pay.InFlight-pay.Rejected["pool"] {
				t.Errorf("payments %+v: every failure path should end in the fallback", pay)
			}
		}},
		{"breaker-trap", nil, func(t *testing.T, r report) {
			if r.Breaker == nil || r.Breaker.Opened == 0 || r.Classes["payment"].Failed != 0 {
				t.Errorf("breaker %+v, payments %+v: want it opened on a dependency that never failed", r.Breaker, r.Classes["payment"])
			}
		}},
		{"breaker-trap", []string{"--set", "payment.breaker.count_rejections=false"}, func(t *testing.T, r report) {
			if r.Breaker == nil || r.Breaker.Opened != 0 {
				t.Errorf("breaker %+v: not counting own rejections, it must never open", r.Breaker)
			}
		}},
	}
	for _, c := range claims {
		t.Run(c.name+strings.Join(c.args, ""), func(t *testing.T) {
			t.Parallel()
			c.check(t, runJSON(t, append([]string{"run", "--preset", c.name}, c.args...)...))
		})
	}
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
		{[]string{"snapshot", "--size", "120by40"}, "write it as WIDTHxHEIGHT"},
		{[]string{"snapshot", "--size", "60x20"}, "must be from 80x24"},
		{[]string{"snapshot", "--at", "-1s"}, "--at: must be more than 0s and at most 24h0m0s, got -1s"},
		{[]string{"snapshot", "--at", "soon"}, `--at: "soon" is not a duration`},
		{[]string{"snapshot", "--compare"}, "--compare needs two presets, got 0"},
		{[]string{"snapshot", "--preset", "shared-pool", "--compare", "a", "b"}, "name A once"},
		{[]string{"snapshot", "stray"}, "unexpected argument"},
		{[]string{"--compare", "shared-pool", "nosuch"}, "choose one of"},
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

func TestCompareSameTrafficBothBalance(t *testing.T) {
	if testing.Short() {
		t.Skip("8-second runs")
	}
	t.Parallel()
	var out bytes.Buffer
	if err := run([]string{"compare", "shared-pool", "semaphore-bulkhead", "--duration", "8s", "--format", "json"}, &out); err != nil {
		t.Fatal(err)
	}
	var cmp struct {
		Runs        []json.RawMessage `json:"runs"`
		Differences map[string]struct {
			OK int64 `json:"ok"`
		} `json:"differences"`
	}
	if err := json.Unmarshal(out.Bytes(), &cmp); err != nil || len(cmp.Runs) != 2 {
		t.Fatalf("not a comparison (%v):\n%s", err, out.String())
	}
	var a, b report
	for i, r := range []*report{&a, &b} {
		if err := json.Unmarshal(cmp.Runs[i], r); err != nil {
			t.Fatal(err)
		}
		checkBalance(t, *r)
	}
	for name, ca := range a.Classes {
		if cb := b.Classes[name]; ca.Arrived != cb.Arrived {
			t.Errorf("%s: A got %d arrivals, B %d: traffic must be identical", name, ca.Arrived, cb.Arrived)
		}
	}
	if a.Classes["signup"].Rejected["pool"] == 0 || b.Classes["signup"].Rejected["pool"] != 0 {
		t.Errorf("signup starvation A %d, B %d: want some in A and none in B",
			a.Classes["signup"].Rejected["pool"], b.Classes["signup"].Rejected["pool"])
	}
	if d := cmp.Differences["signup"].OK; d != b.Classes["signup"].OK-a.Classes["signup"].OK {
		t.Errorf("signup ok difference %d does not match the runs", d)
	}
}

func TestCompareMarkdownIsATable(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"compare", "shared-pool", "semaphore-bulkhead", "--duration", "500ms",
		"--set", "dependency.latency=200ms", "--format", "markdown"}, &out); err != nil {
		t.Fatal(err)
	}
	md := out.String()
	if !strings.Contains(md, "shared-pool") || !strings.Contains(md, "semaphore-bulkhead") {
		t.Errorf("markdown does not name both presets:\n%s", md)
	}
	var cols int
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		n := strings.Count(line, "|")
		if cols == 0 {
			cols = n
		}
		if n != cols {
			t.Errorf("row %q has %d pipes, header has %d", line, n, cols)
		}
	}
	if cols == 0 || !strings.Contains(md, "|---|--:") {
		t.Errorf("no GitHub table:\n%s", md)
	}
}

// snapshot prints the live lab's frame at the size asked for: exactly that many lines,
// none wider, for one lab and for two.
func TestSnapshotFrame(t *testing.T) {
	t.Parallel()
	for _, extra := range [][]string{nil, {"--compare", "semaphore-bulkhead"}} {
		args := append([]string{"snapshot", "--preset", "shared-pool", "--at", "1s", "--size", "120x40",
			"--set", "dependency.latency=300ms"}, extra...)
		var out bytes.Buffer
		if err := run(args, &out); err != nil {
			t.Fatalf("poollab %s: %v", strings.Join(args, " "), err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 40 {
			t.Errorf("%v: %d lines, want 40", extra, len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(ansi.Strip(l)); w > 120 {
				t.Errorf("%v: line %d is %d wide", extra, i, w)
			}
		}
		plain := ansi.Strip(out.String())
		want := "poollab  shared-pool"
		if extra != nil {
			want = "B semaphore-bulkhead"
		}
		if !strings.Contains(plain, want) {
			t.Errorf("%v: the frame lacks %q:\n%s", extra, want, plain)
		}
	}
}

// --compare reads naturally whichever way it is written; without it there is one lab.
func TestCompareFlagForms(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "shared-pool"},
		{[]string{"--preset", "breaker"}, "breaker"},
		{[]string{"--compare", "shared-pool", "semaphore-bulkhead"}, "shared-pool semaphore-bulkhead"},
		{[]string{"--preset", "socket-timeout", "--compare", "semaphore-bulkhead"}, "socket-timeout semaphore-bulkhead"},
		{[]string{"--compare", "semaphore-bulkhead", "--preset", "socket-timeout"}, "socket-timeout semaphore-bulkhead"},
		{[]string{"--compare=semaphore-bulkhead"}, "shared-pool semaphore-bulkhead"},
		{[]string{"--compare", "semaphore-bulkhead", "--set", "pool.workers=30"}, "shared-pool semaphore-bulkhead"},
	} {
		cfgs, err := newLabFlags("poollab").parse(tc.args)
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		var names []string
		for _, c := range cfgs {
			names = append(names, c.Name)
		}
		if got := strings.Join(names, " "); got != tc.want {
			t.Errorf("%v: labs %q, want %q", tc.args, got, tc.want)
		}
		if strings.Contains(strings.Join(tc.args, " "), "workers=30") && cfgs[1].Pool.Workers != 30 {
			t.Errorf("--set must reach B too")
		}
	}
}

// The hardening cases of issue 9: each is bad input, exits 2 before anything starts, and says
// so on one short line that repeats at most a short, escaped prefix of the input.
func TestHostileInputExitsTwoOnOneShortLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := write("big.yaml", "#"+strings.Repeat("x", presets.MaxFileSize)+"\n")
	oneLine := write("one-line.yaml", strings.Repeat("x", presets.MaxFileSize-1)+"\n")
	passwd := write("passwd", "root:x:0:0:root:/root:/bin/bash\n"+strings.Repeat("daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", 30))
	long := strings.Repeat("z", 100_000)
	osc := "\x1b]0;PWNED\a\x1b]52;c;aGk=\a"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--preset", big}, "preset file " + big + " is larger than 1 MiB"},
		{[]string{"run", "--preset", dir}, "preset file " + dir + " is a directory, not a regular file: give a .yaml file of at most 1 MiB"},
		{[]string{"run", "--preset", passwd}, `got "root:x:0:0:root:/root:/bin/bash daemon:x"…`},
		{[]string{"run", "--preset", oneLine}, `got "` + long[:0] + strings.Repeat("x", lab.MaxQuoted) + `"…`},
		{[]string{"run", "--set", "pool.discipline=" + long}, "--set pool.discipline=" + long[:lab.MaxQuoted] + `…: must be fifo or lifo, got "` + long[:lab.MaxQuoted] + `"…`},
		{[]string{"run", "--set", "dependency.mode=" + osc}, `got "\x1b]0;PWNED\a\x1b]52;c;aGk=\a"`},
		{[]string{"run", "--preset", osc}, `unknown preset "\x1b]0;PWNED\a\x1b]52;c;aGk=\a"`},
		{[]string{osc}, `unknown command "\x1b]0;PWNED\a\x1b]52;c;aGk=\a"`},
		{[]string{"run", "--" + osc + long}, `flag provided but not defined: -\x1b]0;PWNED\x07\x1b]52;c;aGk (see: poollab --help)`},
		{[]string{"run", "--" + long}, `flag provided but not defined: -` + long[:lab.MaxQuoted-1] + "… (see: poollab --help)"},
		{[]string{"run", "---" + long}, "bad flag syntax: ---" + long[:lab.MaxQuoted-3] + "…"},
		{[]string{"run", "--format", long}, `--format "` + long[:lab.MaxQuoted] + `"…: choose one of`},
		{[]string{"run", long}, `unexpected argument "` + long[:lab.MaxQuoted] + `"…`},
		{[]string{"snapshot", "--size", long}, `--size "` + long[:lab.MaxQuoted] + `"…: write it as WIDTHxHEIGHT`},
		{[]string{"run", "--port", "-1"}, "--port -1: must be 0..65534 (0: any free port; B in compare mode gets N+1)"},
		{[]string{"run", "--port", "70000"}, "--port 70000: must be 0..65534"},
		{[]string{"compare", "shared-pool", "breaker", "--port", "65535"}, "--port 65535: must be 0..65534"},
		{[]string{"snapshot", "--port", "http"}, "--port http: must be 0..65534"},
		{[]string{"run", "--port", long}, "--port " + long[:lab.MaxQuoted] + "…: must be 0..65534"},
		{[]string{"run", "--duration", "25h"}, "--duration: must be more than 0s and at most 24h0m0s, got 25h0m0s"},
		{[]string{"run", "--duration", "2562047h"}, "--duration: must be more than 0s and at most 24h0m0s, got 2562047h0m0s"},
		{[]string{"run", "--duration", "3000000h"}, `--duration: "3000000h" is out of range (too long for any duration)`},
		{[]string{"run", "--duration", long}, `--duration: "` + long[:lab.MaxQuoted] + `"… is not a duration`},
		{[]string{"compare", "shared-pool", "breaker", "--duration", "48h"}, "--duration: must be more than 0s and at most 24h0m0s"},
		{[]string{"snapshot", "--at", "25h"}, "--at: must be more than 0s and at most 24h0m0s, got 25h0m0s"},
		{[]string{"snapshot", "--at", "3000000h"}, `--at: "3000000h" is out of range (too long for any duration)`},
		{[]string{"run", "--set", "duration=3000000h"}, `--set duration=3000000h: "3000000h" is out of range (too long for any duration)`},
		{[]string{"run", "--set", "duration=25h"}, "--set duration=25h: must be more than 0s and at most 24h0m0s, got 25h0m0s"},
		{[]string{"run", "--preset", write("long.yaml", "duration: 2562047h\n")}, "long.yaml:1: duration: must be more than 0s and at most 24h0m0s, got 2562047h0m0s"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{"run", "--preset", "/dev/zero"}, "preset file /dev/zero is a device, not a regular file: give a .yaml file of at most 1 MiB"})
	}
	for _, tc := range cases {
		err := run(tc.args, &bytes.Buffer{})
		name := fmt.Sprintf("poollab %.120q", tc.args)
		if code := exitCode(err); code != 2 {
			t.Errorf("%s: exit %d (%v), want 2", name, code, err)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s:\n got: %.500s\nwant a part: %s", name, msg, tc.want)
		}
		if len(msg) > 500 || lab.Printable(msg) != msg {
			t.Errorf("%s: want one short printable line, got %d bytes: %.500q", name, len(msg), msg)
		}
	}
}

// Escape sequences in a preset's name reach run's table and markdown and snapshot's frame
// only as visible text.
func TestNameEscapesStayVisible(t *testing.T) {
	sgr := regexp.MustCompile(`\x1b\[[0-9;]*m`) // the frame's own styles
	evil := filepath.Join(t.TempDir(), "evil.yaml")
	if err := os.WriteFile(evil, []byte(`name: "evil\e]0;PWNED\a"`+"\n"+`description: "\e]52;c;aGk=\a"`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	quick := []string{"--set", "dependency.latency=100ms"}
	for _, args := range [][]string{
		{"run", "--preset", evil, "--duration", "300ms"},
		{"run", "--preset", evil, "--duration", "300ms", "--format", "markdown"},
		{"run", "--set", "name=\x1b]0;PWNED\a", "--duration", "300ms"},
		{"snapshot", "--preset", evil, "--at", "300ms", "--size", "80x24"},
		{"snapshot", "--preset", evil, "--compare", evil, "--at", "300ms", "--size", "120x40"},
	} {
		var out bytes.Buffer
		if err := run(append(args, quick...), &out); err != nil {
			t.Fatalf("poollab %q: %v", args, err)
		}
		if strings.ContainsAny(sgr.ReplaceAllString(out.String(), ""), "\x1b\a\u009b") {
			t.Errorf("poollab %q prints a control character:\n%q", args, out.String())
		}
		if !strings.Contains(out.String(), `\x1b]0;PWNED\x07`) {
			t.Errorf("poollab %q does not show the name escaped:\n%s", args, out.String())
		}
	}
}
