package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"go.uber.org/goleak"

	"poollab/lab"
	"poollab/lab/labtest"
	"poollab/presets"
)

// TestMain runs the preset runs side by side, as .ci/run does, unless -parallel says
// otherwise: they mostly sleep, and go test's default (GOMAXPROCS: 2 on a 2-core machine)
// would make the README's plain go test ./... take twice as long.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", "16"); err != nil {
			panic(err)
		}
	}
	goleak.VerifyTestMain(m)
}

// report is the part of the JSON report the claims are about.
type report struct {
	DurationS float64 `json:"duration_s"`
	Config    struct {
		Traffic struct {
			Arrivals string `json:"arrivals"`
		} `json:"traffic"`
	} `json:"config"`
	Chain    []string `json:"chain"`
	Forecast struct {
		WorkersNeeded int      `json:"workers_needed"`
		Blocking      *float64 `json:"blocking"`
	} `json:"forecast"`
	Classes map[string]struct {
		Arrived, OK, Failed int64
		TimedOut            int64                      `json:"timed_out"`
		InFlight            int64                      `json:"in_flight"`
		Rejected            map[string]int64           `json:"rejected"`
		Fallback            int64                      `json:"fallback"`
		Latency             struct{ P50, P99 float64 } `json:"latency_ms"`
		QueueWait           struct{ P50, P99 float64 } `json:"queue_wait_ms"`
		Service             struct{ P50, P99 float64 } `json:"service_ms"`
	} `json:"classes"`
	Pool struct {
		PeakBusy         int     `json:"peak_busy"`
		FullS            float64 `json:"full_s"`
		LongestInQueueMs float64 `json:"longest_in_queue_ms"`
		OldestWaitingMs  float64 `json:"oldest_waiting_ms"`
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
		T                  int            `json:"t"`
		Busy               map[string]int `json:"busy"`
		InFlightDependency int64          `json:"in_flight_dependency"`
	} `json:"timeline"`
	Generator struct {
		LagP99Ms float64 `json:"lag_p99_ms"`
		LagMaxMs float64 `json:"lag_max_ms"`
	} `json:"generator"`
}

// lagFillsPool says r's generator fell so far behind, at its longest, that the arrivals it
// then owed and sent together number free or more: sent at once, they hold every free worker.
func lagFillsPool(r report, free int) bool {
	var arrived int64
	for _, c := range r.Classes {
		arrived += c.Arrived
	}
	return r.DurationS > 0 && float64(arrived)/r.DurationS*r.Generator.LagMaxMs/1000 >= float64(free)
}

// tooBusy says whether the lab called a run's machine too busy: its generator's lag p99
// past lab.LateLag, when the screen warns that latencies may run that late.
func tooBusy(lagP99Ms float64) bool {
	return lab.VerdictFor(time.Duration(lagP99Ms*float64(time.Millisecond))) == lab.TooSlow
}

func runJSON(t *testing.T, args ...string) report {
	t.Helper()
	return decode[report](t, runChecked(t, args...))
}

// runChecked runs poollab with args as a JSON report and checks its books: every class
// balances, and every set of percentiles is in order. It returns the report to decode.
func runChecked(t *testing.T, args ...string) []byte {
	t.Helper()
	out, err := runOut(args)
	return checked(t, args, out, err)
}

// runOut runs poollab with args as a JSON report; it calls nothing of a test, so it may run
// on a goroutine of its own.
func runOut(args []string) ([]byte, error) {
	var out bytes.Buffer
	err := run(append(args, "--format", "json"), &out)
	return out.Bytes(), err
}

// checked checks the books of a run of args that wrote out (runChecked), on the test's
// goroutine: t.Fatalf may be called from no other.
func checked(t *testing.T, args []string, out []byte, err error) []byte {
	t.Helper()
	if err != nil {
		t.Fatalf("poollab %s: %v", strings.Join(args, " "), err)
	}
	checkBalance(t, decode[report](t, out))
	checkPercentiles(t, out)
	return out
}

// runJSONBeside runs a and b at the same time, so a busy machine's lateness lands on both,
// and returns both reports, checked as runJSON checks one.
func runJSONBeside(t *testing.T, a, b []string) (report, report) {
	t.Helper()
	runs := [2][]string{a, b}
	var outs [2][]byte
	var errs [2]error
	var wg sync.WaitGroup
	for i, args := range runs {
		wg.Go(func() { outs[i], errs[i] = runOut(args) })
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil { // both: a pair that broke says which side, or both
		t.Fatalf("poollab %s: %v\npoollab %s: %v", strings.Join(a, " "), errs[0], strings.Join(b, " "), errs[1])
	}
	return decode[report](t, checked(t, a, outs[0], nil)), decode[report](t, checked(t, b, outs[1], nil))
}

// decode is the JSON report js as a T: the part of it a test is about.
func decode[T any](t *testing.T, js []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, js)
	}
	return v
}

// checkPercentiles: in every set of percentiles anywhere in a JSON report, p50 ≤ p95 ≤ p99 ≤
// p99.9 ≤ max. HdrHistogram alone would report a bucket's top, above the max recorded.
func checkPercentiles(t *testing.T, js []byte) {
	t.Helper()
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if _, ok := v["max"]; ok {
				prev, prevName := -1.0, ""
				for _, q := range []string{"p50", "p95", "p99", "p999", "max"} {
					x, ok := v[q].(float64)
					if !ok {
						continue
					}
					if x < prev {
						t.Errorf("%s: %s %.1f < %s %.1f", path, q, x, prevName, prev)
					}
					prev, prevName = x, q
				}
			}
			for k, e := range v {
				walk(path+"."+k, e)
			}
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		}
	}
	walk("report", doc)
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

// served says every request of a class that arrived was served or is still being served:
// none turned away, so none waited for a worker (with no queue, one that found none busy
// would have been rejected).
func served(t *testing.T, r report, class string) {
	t.Helper()
	if c := r.Classes[class]; c.OK+c.InFlight != c.Arrived {
		t.Errorf("%s %+v: want every one served", class, c)
	}
}

// The presets' claims, at full scale: 8-second runs, side by side. Their traffic is
// Poisson, so the claims are the structure and the physics, not exact counts.
func TestPresetClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("8-second runs")
	}
	t.Run("shared-pool", func(t *testing.T) {
		t.Parallel()
		r := runJSON(t, "run", "--preset", "shared-pool", "--duration", "8s")
		pay, sig := r.Classes["payment"], r.Classes["signup"]
		if r.Pool.PeakBusy != 20 || sig.Rejected["pool"] == 0 {
			t.Errorf("peak busy %d, signups %+v: payments should take all 20 workers and starve signups", r.Pool.PeakBusy, sig)
		}
		if r.Forecast.WorkersNeeded != 30 {
			t.Errorf("forecast needs %d workers, want 10/s × 3 s = 30", r.Forecast.WorkersNeeded)
		}
		// A call holds its worker for the dependency's 3 s at least.
		if pay.Service.P50 < 3000 || pay.Latency.P50 < pay.Service.P50 {
			t.Errorf("payment service p50 %.1f ms, latency p50 %.1f ms: want the 3 s call in both", pay.Service.P50, pay.Latency.P50)
		}
	})
	t.Run("semaphore-bulkhead", func(t *testing.T) {
		t.Parallel()
		r := runJSON(t, "run", "--preset", "semaphore-bulkhead")
		pay, sig := r.Classes["payment"], r.Classes["signup"]
		served(t, r, "signup")
		served(t, r, "health")
		// Exactly the 5 permits reach the dependency; every other payment is turned away by
		// the bulkhead, none by the pool. (Payments in flight may be more than 5 at the end:
		// one holds its worker for the moment it asks for a permit; 8 were seen on a loaded
		// machine.)
		if r.Dependency.PeakInFlight != 5 || pay.Rejected["pool"] != 0 ||
			pay.OK+pay.InFlight+pay.Rejected["bulkhead"] != pay.Arrived || sig.Arrived == 0 {
			t.Errorf("payments %+v, dependency peak %d; want 5 at a time and the rest rejected by the bulkhead",
				pay, r.Dependency.PeakInFlight)
		}
	})
}

// A pool with no queue is a loss system: with Poisson arrivals it turns away the same share
// of every class, Erlang B(30.01, 20) = 0.380, payments and signups alike.
func TestErlangBShare(t *testing.T) {
	if testing.Short() {
		t.Skip("a 60-second run")
	}
	t.Parallel()
	r := runJSON(t, "run", "--preset", "shared-pool", "--duration", "60s")
	if r.Config.Traffic.Arrivals != "poisson" || r.Forecast.Blocking == nil || r.Forecast.WorkersNeeded != 30 {
		t.Fatalf("arrivals %q, forecast %+v: want poisson and a loss forecast", r.Config.Traffic.Arrivals, r.Forecast)
	}
	b := *r.Forecast.Blocking
	if b < 0.375 || b > 0.385 {
		t.Errorf("forecast blocking %.3f, want 0.380", b)
	}
	// On a machine the lab calls too busy, its arrivals leave late and in bunches, no longer
	// Poisson, and its calls end late: Erlang B's premises are gone (0.47 and 0.48 seen beside
	// one busy core under -race). The claim left is the article's: a full pool turns away
	// every class alike, more than an even flow's 1 − 20/30.
	busy := tooBusy(r.Generator.LagP99Ms)
	share := map[string]float64{}
	for _, class := range []string{"payment", "signup"} {
		c := r.Classes[class]
		share[class] = float64(c.Rejected["pool"]) / float64(c.Arrived)
		if !busy && (share[class] < b-0.08 || share[class] > b+0.08) || share[class] < 1-20.0/30-0.08 {
			t.Errorf("%s: %d of %d turned away (%.3f), want %.3f ± 0.08 (generator lag p99 %.1f ms)", class, c.Rejected["pool"], c.Arrived, share[class], b, r.Generator.LagP99Ms)
		}
	}
	// Alike within chance: four standard errors of the difference of two shares drawn from
	// the same one (the pooled share, over each class's arrivals), 1 run in ~16,000 by chance.
	// A fixed 0.1 was three at these counts: 0.426 against 0.323 beside a busy core failed it.
	pay, sig := r.Classes["payment"], r.Classes["signup"]
	pooled := float64(pay.Rejected["pool"]+sig.Rejected["pool"]) / float64(pay.Arrived+sig.Arrived)
	se := math.Sqrt(pooled * (1 - pooled) * (1/float64(pay.Arrived) + 1/float64(sig.Arrived)))
	if d := share["payment"] - share["signup"]; math.Abs(d) > 4*se {
		t.Errorf("payments turned away %.3f, signups %.3f, apart by more than 4 × %.3f: the pool cannot tell them apart", share["payment"], share["signup"], se)
	}
}

// With regular arrivals a signup is due with every other payment, and the one worker that
// frees just after each tick goes to whoever wins the tie: a race, not a class rule. An
// independent model of the same loss system starves 11–18 of 40 over 200 seeds.
func TestUniformTiesAreARace(t *testing.T) {
	if testing.Short() {
		t.Skip("8-second runs")
	}
	t.Parallel()
	starved, lag := make([]int64, 5), make([]float64, 5)
	t.Run("seeds", func(t *testing.T) { // returns when every seed's run has
		for i := range starved {
			t.Run(fmt.Sprint(i+1), func(t *testing.T) {
				t.Parallel()
				r := runJSON(t, "run", "--preset", "shared-pool", "--set", "traffic.arrivals=uniform", "--set", fmt.Sprintf("traffic.seed=%d", i+1))
				starved[i], lag[i] = r.Classes["signup"].Rejected["pool"], r.Generator.LagP99Ms
			})
		}
	})
	many := 0
	for i, n := range starved {
		// A run the lab calls too busy sent its even arrivals late and bunched: the ties the
		// model counts are gone, and the count is the machine's (seen under overload).
		if tooBusy(lag[i]) {
			t.Logf("seed %d: %d signups starved, not judged: generator lag p99 %.1f ms", i+1, n, lag[i])
			continue
		}
		if n < 6 || n > 29 {
			t.Errorf("seed %d: %d signups starved, want 6..29 (generator lag p99 %.1f ms)", i+1, n, lag[i])
		}
		if n >= 25 {
			many++
		}
	}
	if many > 2 {
		t.Errorf("starved %v: 25 or more in %d of 5 runs; a tie rule, not a race", starved, many)
	}
}

// Each isolation mechanism's preset proves the article's claim about it.
func TestMechanismPresetClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("8-second runs")
	}
	noStarvation := func(t *testing.T, r report) { t.Helper(); served(t, r, "signup") }
	claims := []struct {
		name string
		args []string
		// beside is the args of a run started at the same time as this one, which check
		// judges it against (its report beside; none where nil).
		beside []string
		chain  string
		check  func(t *testing.T, r, beside report)
	}{
		{"socket-timeout", nil, nil, "fallback timeout:socket http", func(t *testing.T, r, _ report) {
			pay := r.Classes["payment"]
			if pay.OK != 0 || pay.TimedOut+pay.InFlight != pay.Arrived || pay.Latency.P50 < 1000 {
				t.Errorf("payments %+v: want every one timed out at 1 s", pay)
			}
			// 10/s × 1 s = 10 workers held on average: Poisson bursts hold more, never all 20.
			if r.Pool.PeakBusy >= 20 {
				t.Errorf("peak busy %d, want about 10 and never the whole pool", r.Pool.PeakBusy)
			}
			noStarvation(t, r)
		}},
		{"caller-timeout", nil, nil, "fallback timeout:caller handoff:goroutine http", func(t *testing.T, r, _ report) {
			noStarvation(t, r)
			// The workers walk away after 1 s, the calls run on for 3 s: more calls at the
			// dependency than the pool has workers, each one an orphan.
			if pay := r.Classes["payment"]; r.Dependency.PeakInFlight <= 20 || r.Orphans.Total < pay.TimedOut || pay.TimedOut == 0 {
				t.Errorf("dependency peak in flight %d, orphans %+v, payments %+v: want about 10/s × 3 s = 30 calls, the timed-out ones orphaned",
					r.Dependency.PeakInFlight, r.Orphans, pay)
			}
		}},
		{"threadpool-bulkhead", nil, nil, "fallback bulkhead:threadpool timeout:caller handoff:thread http", func(t *testing.T, r, _ report) {
			noStarvation(t, r)
			pay := r.Classes["payment"]
			if r.Dependency.PeakInFlight > 5 || pay.Rejected["bulkhead"] == 0 || pay.Rejected["pool"] != 0 {
				t.Errorf("dependency peak %d, payments %+v: want ≤ 5 calls and the rest rejected by the bulkhead",
					r.Dependency.PeakInFlight, pay)
			}
		}},
		{"conn-pool-wait", nil, nil, "fallback connections http", func(t *testing.T, r, _ report) {
			if r.Dependency.PeakInFlight > 5 {
				t.Errorf("dependency peak %d, want at most the 5 connections", r.Dependency.PeakInFlight)
			}
			if r.Pool.PeakBusy != 20 || r.Classes["signup"].Rejected["pool"] == 0 {
				t.Errorf("peak busy %d, signups %+v: waiting workers should fill the pool and starve signups",
					r.Pool.PeakBusy, r.Classes["signup"])
			}
		}},
		{"long-queue", nil, nil, "fallback http", func(t *testing.T, r, _ report) {
			// Signups wait seconds in line, almost all of it queue wait, as the narrator says it:
			// "finished signups' wait p99 2.01s", beside a p99 of 2.01s. Not by the median, which
			// counts the signups served before the pool first filled: at 2.3s on seed 110 (1.6s
			// on 127), it left the p50 at ~390ms under a wait p99 of ~2.0s, and seeds 3–5 under
			// 500ms too; the p99 is a second or more on seeds 1–8 (1.5–2.8s).
			sig := r.Classes["signup"]
			if sig.QueueWait.P99 < 1000 || sig.QueueWait.P99 < 0.9*sig.Latency.P99 {
				t.Errorf("signup latency %+v, queue wait %+v: want a wait p99 of seconds, almost all of the latency p99", sig.Latency, sig.QueueWait)
			}
		}},
		{"lifo-queue", nil, []string{"run", "--preset", "long-queue"}, "fallback http", func(t *testing.T, r, beside report) {
			// Newest first: the median signup is served as soon as a worker frees, far sooner
			// than the seconds the same queue stores FIFO (long-queue, same seed), while the
			// oldest wait on. Judged against a FIFO run beside it, at the same time (review 18
			// #10: it ran after), so a busy machine's lateness lands on both sides.
			lifo, fifo := r.Classes["signup"].Latency, beside.Classes["signup"].Latency
			if lifo.P50 > fifo.P50/3 {
				t.Errorf("signup p50 LIFO %.1f ms, FIFO %.1f ms: want LIFO's a third of FIFO's or less", lifo.P50, fifo.P50)
			}
			// The oldest wait longest: by the oldest still waiting, not by a p99 of those that
			// ended, which LIFO's oldest have not (seed 110 at 8s: LIFO's p99 397ms beside 13
			// signups queued; the p99 judged it wrong on 5 of seeds 1–8). A request that stays
			// at the back of a LIFO queue waits as long as the queue stands, and no FIFO wait is
			// longer than its queue has stood, on the same arrivals; half, as the payments' calls
			// end together (20 every 3s) and may empty a LIFO queue of fewer, so its oldest
			// starts over. Seeds 1–8: LIFO's oldest 3.7–6.4s, 1.9–3.3 times FIFO's wait p99.
			if oldest, wait := r.Pool.OldestWaitingMs, beside.Classes["signup"].QueueWait.P99; oldest < wait/2 {
				t.Errorf("LIFO's oldest waiting %.1f ms, FIFO's signup wait p99 %.1f ms: want at least half as long", oldest, wait)
			}
		}},
		{"breaker", nil, nil, "fallback breaker timeout:socket http", func(t *testing.T, r, _ report) {
			pay := r.Classes["payment"]
			if r.Breaker == nil || r.Breaker.Opened == 0 || pay.Rejected["breaker"]*2 < pay.Arrived {
				t.Errorf("breaker %+v, payments %+v: want it open, short-circuiting most payments", r.Breaker, pay)
			}
			if r.Dependency.Requests*10 >= pay.Arrived*7 {
				t.Errorf("dependency got %d of %d payments, want well under 70%%", r.Dependency.Requests, pay.Arrived)
			}
			if pay.Fallback != pay.Arrived-pay.OK-pay.InFlight-pay.Rejected["pool"] {
				t.Errorf("payments %+v: every failure path should end in the fallback", pay)
			}
		}},
		{"breaker-trap", nil, nil, "fallback breaker:counts-rejections bulkhead:semaphore http", func(t *testing.T, r, _ report) {
			if r.Breaker == nil || r.Breaker.Opened == 0 || r.Classes["payment"].Failed != 0 {
				t.Errorf("breaker %+v, payments %+v: want it opened on a dependency that never failed", r.Breaker, r.Classes["payment"])
			}
		}},
		{"breaker-trap", []string{"--set", "payment.breaker.count_rejections=false"}, nil,
			"fallback breaker:short-circuit bulkhead:semaphore breaker:permit http", func(t *testing.T, r, _ report) {
				if r.Breaker == nil || r.Breaker.Opened != 0 {
					t.Errorf("breaker %+v: not counting own rejections, it must never open", r.Breaker)
				}
			}},
	}
	for _, c := range claims {
		t.Run(c.name+strings.Join(c.args, ""), func(t *testing.T) {
			t.Parallel()
			args := append([]string{"run", "--preset", c.name}, c.args...)
			var r, beside report
			if c.beside != nil {
				r, beside = runJSONBeside(t, args, c.beside)
			} else {
				r = runJSON(t, args...)
			}
			if got := strings.Join(r.Chain, " "); got != c.chain {
				t.Errorf("chain %q, want %q", got, c.chain)
			}
			c.check(t, r, beside)
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
		{[]string{"run", "--set", "pool.autoscale.step=-1"}, "--set pool.autoscale.step=-1: must be 1..10000, got -1"},
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
		{[]string{"snapshot", "--format", "bmp"}, `--format "bmp": choose one of ans, txt, svg, png, gif`},
		// Every command refuses an argument it does not take, and an empty value like any other.
		{[]string{"presets", "extra"}, `unexpected argument "extra"`},
		{[]string{"presets", "--x"}, "flag provided but not defined: -x"},
		{[]string{"help", "extra"}, `unexpected argument "extra"`},
		{[]string{"check", "extra"}, `unexpected argument "extra"`},
		{[]string{"tour", "extra"}, `unexpected argument "extra"`},
		{[]string{"--preset", "shared-pool", "extra"}, `unexpected argument "extra"`},
		{[]string{"run", "--port", ""}, `--port "": must be 0..65534`},
		{[]string{"--port", ""}, `--port "": must be 0..65534`},
		{[]string{"snapshot", "--port="}, `--port "": must be 0..65534`},
		{[]string{"tour", "--chapter", ""}, `--chapter "": write a chapter's number`},
	} {
		err := run(tc.args, &bytes.Buffer{})
		if code := exitCode(err); code != 2 || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("poollab %s: exit %d, %v; want exit 2 with one line containing %q", strings.Join(tc.args, " "), code, err, tc.want)
		}
	}
}

// A --port another program holds, A's or B's (N+1), exits 2 on one line naming it and what
// to do, before anything runs (issue 20: exit 1 with slowserver's words, and compare ran A
// for its whole --duration first). --duration 24h: returning at all says nothing ran.
func TestPortInUseExitsTwoBeforeAnyRun(t *testing.T) {
	held := labtest.HeldPort(t)
	n, below := strconv.Itoa(held), strconv.Itoa(held-1)
	advice := "; choose another --port, or --port 0 for any free port"
	bTaken := "port " + n + " is in use (B's dependency in compare mode: --port " + below + " + 1)" + advice
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--port", n, "--duration", "24h"}, "port " + n + " is in use" + advice},
		{[]string{"compare", "shared-pool", "breaker", "--port", below, "--duration", "24h"}, bTaken},
		{[]string{"compare", "shared-pool", "breaker", "--port", n, "--duration", "24h"}, "port " + n + " is in use (A's dependency)" + advice},
		{[]string{"snapshot", "--port", n, "--at", "24h"}, "port " + n + " is in use" + advice},
		{[]string{"snapshot", "--compare", "shared-pool", "breaker", "--port", below, "--at", "24h"}, bTaken},
	} {
		var out bytes.Buffer
		err := run(tc.args, &out)
		if code := exitCode(err); code != 2 || err.Error() != tc.want || out.Len() != 0 {
			t.Errorf("poollab %s: exit %d, %v, %d bytes of report;\nwant exit 2, %s, and no report", strings.Join(tc.args, " "), code, err, out.Len(), tc.want)
		}
	}
	// The live lab and the tour hold B's port too, for v and the chapters that compare.
	cfg, err := presets.Load("shared-pool", nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(t.TempDir(), "kept.cast")
	if err := live([]lab.Config{cfg}, held-1, &rec, false, 0); exitCode(err) != 2 || err.Error() != bTaken {
		t.Errorf("the live lab: %v, want exit 2 with %s", err, bTaken)
	}
	if _, err := os.Stat(rec); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the recording was created before the port was checked: %v", err)
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
	// CoDel's limit in the settings line's words: "not empty for 100ms" read as either
	// (newcomer 28; review 18 #7: the description kept it).
	if !strings.Contains(out.String(), "≤ 5ms if the queue was never empty in the last 100ms") || strings.Contains(out.String(), "not empty for") {
		t.Errorf("codel-queue's description:\n%s", out.String())
	}
}

// comparison is what the tests read of `compare --format json`.
type comparison struct {
	Runs        []json.RawMessage `json:"runs"`
	Differences map[string]struct {
		OK          int64           `json:"ok"`
		Significant map[string]bool `json:"significant"`
	} `json:"differences"`
}

// compare8s compares presets a and b over 8 s, as JSON, and returns the output and what it says.
func compare8s(t *testing.T, a, b string) (*bytes.Buffer, comparison) {
	t.Helper()
	if testing.Short() {
		t.Skip("8-second runs")
	}
	t.Parallel()
	return compareFor(t, a, b, "8s")
}

// compareFor is compare of presets a and b for duration d, as JSON, checked to be a
// comparison of every class.
func compareFor(t *testing.T, a, b, d string) (*bytes.Buffer, comparison) {
	t.Helper()
	var out bytes.Buffer
	if err := run([]string{"compare", a, b, "--duration", d, "--format", "json"}, &out); err != nil {
		t.Fatal(err)
	}
	var cmp comparison
	if err := json.Unmarshal(out.Bytes(), &cmp); err != nil || len(cmp.Runs) != 2 || len(cmp.Differences) != len(lab.Classes) {
		t.Fatalf("not a comparison of every class (%v):\n%s", err, out.String())
	}
	return &out, cmp
}

func TestCompareSameTrafficBothBalance(t *testing.T) {
	out, cmp := compare8s(t, "shared-pool", "semaphore-bulkhead")
	a, b := compareRuns(t, cmp)
	// Signups starve in A only while the pool is full, and a machine the lab calls too busy
	// sends late what fell due then, after a worker frees: fewer starve than the schedule
	// holds (beside the race-detected ui suite, 7 and 8 of the 11 an idle machine starves,
	// lag p99 ~90 ms), too few for an exact test in 8 s. There the same claim is judged on
	// 16 s of the same traffic, whose starvation (~2× the full time) no lag of that size hides.
	if busy := tooBusy(a.Generator.LagP99Ms) || tooBusy(b.Generator.LagP99Ms); busy &&
		!(cmp.Differences["signup"].Significant["ok"] && cmp.Differences["signup"].Significant["rejected:pool"]) {
		t.Logf("signups at 8 s not beyond chance on a machine the lab calls too busy (lag p99 A %.0f ms, B %.0f ms; A starved %d): judged on 16 s",
			a.Generator.LagP99Ms, b.Generator.LagP99Ms, a.Classes["signup"].Rejected["pool"])
		out, cmp = compareFor(t, "shared-pool", "semaphore-bulkhead", "16s")
		a, b = compareRuns(t, cmp)
	}
	// Issue 22's acceptance: what the bulkhead changes is a result; a health p99 from a
	// dozen checks is not.
	for _, want := range []struct {
		class, counter string
		significant    bool
	}{
		{"payment", "ok", true}, {"payment", "rejected:bulkhead", true},
		{"signup", "ok", true}, {"signup", "rejected:pool", true},
		{"health", "p99", false},
	} {
		got, ok := cmp.Differences[want.class].Significant[want.counter]
		if !ok || got != want.significant {
			t.Errorf("%s %s: significant %v (row there: %v), want %v\n%s", want.class, want.counter, got, ok, want.significant, out.String())
		}
	}
	for name, ca := range a.Classes {
		if cb := b.Classes[name]; ca.Arrived != cb.Arrived {
			t.Errorf("%s: A got %d arrivals, B %d: traffic must be identical", name, ca.Arrived, cb.Arrived)
		}
	}
	// B's bulkhead leaves signups 15 workers. Beside a busy core the generator sends what it
	// owes together, and until the machine runs them each request holds a worker: a burst of
	// 15 fills the pool. So B may turn signups away only where its own longest lag owed one
	// (run s40c, a helper's suite beside the busy core: B 1).
	aStarved, bStarved := a.Classes["signup"].Rejected["pool"], b.Classes["signup"].Rejected["pool"]
	if aStarved == 0 || bStarved != 0 && !lagFillsPool(b, 20-5) {
		t.Errorf("signup starvation A %d, B %d (B's generator lag max %.0f ms): want some in A and none in B but what a burst of its lag explains",
			aStarved, bStarved, b.Generator.LagMaxMs)
	}
	if d := cmp.Differences["signup"].OK; d != b.Classes["signup"].OK-a.Classes["signup"].OK {
		t.Errorf("signup ok difference %d does not match the runs", d)
	}
}

// compareRuns are a comparison's two runs, A and B, each checked to balance.
func compareRuns(t *testing.T, cmp comparison) (a, b report) {
	t.Helper()
	for i, r := range []*report{&a, &b} {
		if err := json.Unmarshal(cmp.Runs[i], r); err != nil {
			t.Fatal(err)
		}
		checkBalance(t, *r)
	}
	return a, b
}

// The same preset on both sides, on the same traffic: whatever the two runs differ by is
// their own noise, and no row of any class may be called significant (issue 22).
func TestCompareSameSettingsIsNoise(t *testing.T) {
	out, cmp := compare8s(t, "shared-pool", "shared-pool")
	for class, d := range cmp.Differences {
		if len(d.Significant) == 0 {
			t.Errorf("%s: no rows judged", class)
		}
		for counter, sig := range d.Significant {
			if sig {
				t.Errorf("%s %s: significant in an A/A comparison\n%s", class, counter, out.String())
			}
		}
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
	// Every table (the comparison, then the percentile ladder) has as many cells in each row
	// as in its header.
	checkReport(t, "compare --format markdown", lab.FormatMarkdown, md)
	if !strings.Contains(md, "|---|--:") {
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

// snapshot --format svg is a well-formed picture of the screen, in colour; txt is the
// screen's text alone.
func TestSnapshotFormats(t *testing.T) {
	t.Parallel()
	args := []string{"snapshot", "--preset", "shared-pool", "--compare", "semaphore-bulkhead", "--at", "1s",
		"--size", "120x40", "--set", "dependency.latency=300ms", "--format"}
	var svg, txt bytes.Buffer
	if err := run(append(args, "svg"), &svg); err != nil {
		t.Fatal(err)
	}
	if err := run(append(args, "txt"), &txt); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Groups []struct {
			Texts []struct {
				Fill string `xml:"fill,attr"`
				Text string `xml:",chardata"`
			} `xml:"text"`
			Rects []struct {
				Fill string `xml:"fill,attr"`
			} `xml:"rect"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(svg.Bytes(), &doc); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	var text strings.Builder
	colours := map[string]bool{}
	for _, g := range doc.Groups {
		for _, te := range g.Texts {
			text.WriteString(te.Text + " ")
			colours[te.Fill] = true
		}
		for _, r := range g.Rects {
			colours[r.Fill] = true
		}
	}
	// Text every level of detail draws (a busy machine's warning takes a line, and the
	// settings' chain, which follows from them, is the first to go).
	for _, want := range []string{"A shared-pool", "B semaphore-bulkhead", "A vs B", "class", "payment"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if len(colours) < 3 {
		t.Errorf("the SVG has %d colours: %v", len(colours), colours)
	}
	lines := strings.Split(strings.TrimSuffix(txt.String(), "\n"), "\n")
	if strings.Contains(txt.String(), "\x1b") || len(lines) != 40 || !strings.Contains(txt.String(), "A vs B") {
		t.Errorf("txt is not the 40 plain lines of the screen:\n%s", txt.String())
	}
}

// --record names a file it can write, or the lab does not start.
func TestRecordPath(t *testing.T) {
	dir := t.TempDir()
	for _, bad := range []string{filepath.Join(dir, "no", "such", "s.cast"), dir, ""} {
		_, err := createRecording(bad)
		if code := exitCode(err); code != 2 || !strings.Contains(err.Error(), "--record") || strings.Contains(err.Error(), "\n") {
			t.Errorf("--record %q: exit %d, %v; want exit 2 with one line", bad, code, err)
		}
	}
	f, err := createRecording(filepath.Join(dir, "s.cast"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
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
		{[]string{"run", "--set", "pool.discipline=" + long}, "--set pool.discipline=" + long[:lab.MaxQuoted] + `…: must be fifo, lifo or codel, got "` + long[:lab.MaxQuoted] + `"…`},
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
		{[]string{"check", "--each", long}, `--each: "` + long[:lab.MaxQuoted] + `"… is not a duration`},
		{[]string{"check", "--each", "2m"}, "--each: must be more than 0s and at most 1m0s, got 2m0s"},
		{[]string{"check", "--each", "0s"}, "--each: must be more than 0s"},
		{[]string{"tour", "--list=" + long}, `invalid boolean value "` + long[:lab.MaxQuoted] + `"… for -list: parse error`},
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

// A preset's name goes into a Markdown report escaped: a | in it does not split the
// columns, and <script> does not reach a renderer as HTML (issue 20).
func TestMarkdownEscapesNames(t *testing.T) {
	name := "a|b <script>alert(1)</script> *x* [l](u)"
	escaped := `a\|b &lt;script&gt;alert(1)&lt;/script&gt; \*x\* \[l](u)`
	for _, args := range [][]string{
		{"run", "--set", "name=" + name},
		{"compare", "shared-pool", "shared-pool", "--set", "name=" + name},
	} {
		var out bytes.Buffer
		if err := run(append(args, "--duration", "300ms", "--set", "dependency.latency=100ms", "--format", "markdown"), &out); err != nil {
			t.Fatalf("poollab %q: %v", args, err)
		}
		md := out.String()
		if strings.Contains(md, "<") || !strings.Contains(md, escaped) {
			t.Errorf("poollab %q: the name is not escaped for Markdown:\n%s", args, md)
		}
		checkReport(t, fmt.Sprintf("poollab %q", args), lab.FormatMarkdown, md)
	}
}

// Issue 12's demonstration, at full scale: one closed-loop user and the open-loop
// generator at 100/s for 10 s against a 1 ms dependency that stalls 1 s at 5 s. The closed
// loop waits out the stall and never sends what falls due in it, so its p99 is a fast
// sample; the open loop sends all 1000, and the 100 due in the stall wait for its end.
// Bounds come from the stall (it lasts 1 s), never from how fast this machine answers.
func TestClosedVersusOpenLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("10-second runs")
	}
	t.Parallel()
	var out bytes.Buffer
	if err := run([]string{"compare", "closed-loop", "open-loop", "--duration", "10s", "--format", "json"}, &out); err != nil {
		t.Fatal(err)
	}
	type ladder struct{ P50, P90, P99, P999, P9999, Max, Count float64 }
	type side struct {
		Config struct {
			Traffic struct{ Mode string } `json:"traffic"`
		} `json:"config"`
		Classes map[string]struct {
			Arrived   int64
			Latency   ladder  `json:"latency_ms"`
			Corrected *ladder `json:"latency_corrected_ms"`
		} `json:"classes"`
		ClosedLoop *struct {
			Due             int64 `json:"due"`
			Sent            int64 `json:"sent"`
			NotSent         int64 `json:"not_sent"`
			PeakOutstanding int64 `json:"peak_outstanding"`
		} `json:"closed_loop"`
		Generator struct {
			LagP99Ms float64 `json:"lag_p99_ms"`
			LagMaxMs float64 `json:"lag_max_ms"`
		} `json:"generator"`
	}
	var raw struct {
		Runs []json.RawMessage `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &raw); err != nil || len(raw.Runs) != 2 {
		t.Fatalf("not a comparison (%v):\n%s", err, out.String())
	}
	var cmp struct{ Runs [2]side }
	for i, r := range raw.Runs {
		var balance report
		if err := json.Unmarshal(r, &balance); err != nil {
			t.Fatal(err)
		}
		checkBalance(t, balance)
		if err := json.Unmarshal(r, &cmp.Runs[i]); err != nil {
			t.Fatal(err)
		}
	}
	a, b := cmp.Runs[0], cmp.Runs[1]
	if a.Config.Traffic.Mode != "closed" || b.Config.Traffic.Mode != "open" {
		t.Fatalf("modes %q and %q: compare must keep each side's way of sending", a.Config.Traffic.Mode, b.Config.Traffic.Mode)
	}
	cp, op := a.Classes["payment"], b.Classes["payment"]
	cl := a.ClosedLoop
	// The closed loop: one request out at a time; the stall holds it ≥ 1 s, so at least the
	// 98 slots after it are never sent (≤ 902 samples); its one stalled sample is p99.99's.
	if cl == nil || cl.PeakOutstanding != 1 || cl.Due != 1000 || cl.Sent != cp.Arrived || cl.NotSent < 98 || cp.Latency.Count > 902 {
		t.Errorf("closed loop %+v, payments %+v: want 1 out at a time, ≥ 98 of 1000 never sent", cl, cp)
	}
	// Its p99 is a sample outside the stall: the stall holds its one request out, and p99 is
	// not the slowest of 100 or more. Were the loop sending what fell due in the stall, its
	// p99 would be the stall as the open loop's shows it (the same slots, the same stall, on
	// this machine at this moment) less at most how late its own sends went (its lag max).
	// So the bound is that, from the run's own measures: no constant a busy machine can pass.
	// Fewer than 100 sent (73 beside one busy core, run s40g), the p99 is the slowest
	// sample, the stalled one: nothing is left for it to hide, so there is no p99 to judge.
	// With 100 or more, the stall is the one slow sample the loop shows: its max stands above
	// its p99. The correction, which puts back the ~100 slots of ~1000 the stall kept from
	// being sent, lifts p99 into the stall: the 10th slowest is a slot ~90 ms into it, past
	// half the stalled sample (its max; 750 of 839 ms beside a busy core). Orders and ratios
	// of the run's own numbers, none a figure a busy machine can pass; how long the stall
	// is, the open loop below shows. (With no slot put back, corrected p99 was 17.6 ms.)
	few := cp.Latency.Count < lab.EnoughSamples
	if cp.Corrected == nil || !few && (cp.Latency.P99 >= op.Latency.P99-a.Generator.LagMaxMs ||
		cp.Latency.P99 >= cp.Latency.Max || cp.Corrected.P99 <= cp.Latency.Max/2) {
		t.Errorf("closed latency %+v, corrected %+v (generator lag max %.1f ms; open p99 %.1f ms): want p99 below the open loop's and its max, corrected p99 past half its max",
			cp.Latency, cp.Corrected, a.Generator.LagMaxMs, op.Latency.P99)
	}
	// The open loop: all 1000 sent; 100 waited 1 s down to 10 ms: the 11th slowest ≥ 900 ms.
	// Nearly all have finished by the end, unless the lab calls the machine too busy: then
	// the last ones, sent late, may still be on their way (the books balance either way).
	if op.Arrived != 1000 || op.Latency.Count < 990 && !tooBusy(b.Generator.LagP99Ms) || op.Latency.P99 < 800 || op.Corrected != nil || b.ClosedLoop != nil {
		t.Errorf("open payments %+v (generator lag p99 %.1f ms): want all 1000 sent, nearly all finished, and p99 in the stall, no correction", op, b.Generator.LagP99Ms)
	}
	t.Logf("closed: %d samples, p99 %.1f ms, corrected p99 %.1f ms, max %.1f ms; open: %d samples, p99 %.1f ms",
		int64(cp.Latency.Count), cp.Latency.P99, cp.Corrected.P99, cp.Latency.Max, int64(op.Latency.Count), op.Latency.P99)
}

// check runs every preset and judges the machine: a row each, one verdict line, and the exit
// status follows the rows (the verdicts themselves depend on how busy the machine is).
func TestCheckJudgesEveryPreset(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every preset")
	}
	var out bytes.Buffer
	err := run([]string{"check", "--each", "300ms"}, &out)
	rows := 0
	allHonest := true
	for _, name := range presetNames() {
		for _, l := range strings.Split(out.String(), "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == name {
				rows++
				allHonest = allHonest && strings.HasSuffix(l, "honest")
			}
		}
	}
	if rows != len(presetNames()) || !strings.Contains(out.String(), "this machine") {
		t.Fatalf("%d rows for %d presets:\n%s", rows, len(presetNames()), out.String())
	}
	if allHonest != (err == nil) || (err != nil && exitCode(err) != 1) {
		t.Errorf("all honest %v, but exit %d (%v)", allHonest, exitCode(err), err)
	}
}

func presetNames() []string {
	var names []string
	for _, p := range presets.List() {
		names = append(names, p.Name)
	}
	return names
}

// poollab tour --list prints the chapters whose presets load, numbered, one a line, with no
// terminal; a chapter out of range or no terminal is bad usage: exit 2 on one line.
func TestTourCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"tour", "--list"}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(lines) < 9 {
		t.Errorf("tour --list: %d chapters, want at least 9:\n%s", len(lines), out.String())
	}
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 3 || f[0] != strconv.Itoa(i+1) || !slices.Contains(presetNames(), f[len(f)-1]) {
			t.Errorf("tour --list line %d: %q, want its number, title and presets", i+1, l)
		}
	}
	n := strconv.Itoa(len(lines))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tour", "--chapter", "0"}, "must be 1.." + n},
		{[]string{"tour", "--chapter", strconv.Itoa(len(lines) + 1)}, "must be 1.." + n},
		{[]string{"tour", "--chapter", "two"}, "--chapter two: write a chapter's number"},
		{[]string{"tour", "--chapter", strings.Repeat("9", 100)}, "…"},
		{[]string{"tour", "--list", "extra"}, "unexpected argument"},
		{[]string{"tour"}, "needs a terminal"},
	} {
		err := run(tc.args, io.Discard)
		if code := exitCode(err); code != 2 || !strings.Contains(fmt.Sprint(err), tc.want) || strings.Contains(fmt.Sprint(err), "\n") {
			t.Errorf("poollab %s: exit %d, %v; want exit 2 saying %q", strings.Join(tc.args, " "), code, err, tc.want)
		}
	}
}

// snapshot --machine draws the lab's own measures, as m shows them live; without it, the
// frame leaves them out, as the live lab starts.
func TestSnapshotMachine(t *testing.T) {
	for _, machine := range []bool{false, true} {
		args := []string{"--preset", "shared-pool", "--format", "txt", "--size", "120x40"}
		if machine {
			args = append(args, "--machine")
		}
		c, err := parseSnapshot(args)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := c.write(&out, []lab.Snapshot{*lab.NotStarted(c.cfgs[0])}, c.sizes[0]); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(out.String(), "p99:lag"); got != machine {
			t.Errorf("--machine %v: p99:lag shown %v:\n%s", machine, got, out.String())
		}
	}
}

// The usage says each command's flags once: a flag listed twice reads as two
// different options.
func TestUsageNamesEachFlagOnce(t *testing.T) {
	var cmd string
	seen := map[string]bool{}
	for _, line := range strings.Split(usage, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "poollab" {
			cmd, seen = strings.Join(f[:2], " "), map[string]bool{}
		}
		if cmd == "" {
			continue
		}
		for _, m := range regexp.MustCompile(`\[(--[a-z]+)`).FindAllStringSubmatch(line, -1) {
			if seen[m[1]] {
				t.Errorf("usage of %q lists %s twice", cmd, m[1])
			}
			seen[m[1]] = true
		}
	}
}
