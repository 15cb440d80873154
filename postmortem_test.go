package main

import (
	"strings"
	"testing"
)

// pmReport is the part of the JSON report the postmortem's claims are about.
type pmReport struct {
	Chain   []string `json:"chain"`
	Classes map[string]struct {
		Arrived, OK, Failed int64
		TimedOut            int64                       `json:"timed_out"`
		Rejected            map[string]int64            `json:"rejected"`
		NotOKShare          float64                     `json:"not_ok_share_of_replies"`
		Latency             struct{ P95 float64 }       `json:"latency_ms"`
		QueueWait           struct{ P95 float64 }       `json:"queue_wait_ms"`
		Service             struct{ Mean, P95 float64 } `json:"service_ms"`
	} `json:"classes"`
	Pool struct {
		PeakWorkers int `json:"peak_workers"`
	} `json:"pool"`
	Bulkhead *struct {
		Limit int `json:"limit"`
	} `json:"bulkhead"`
	Dependency struct {
		PeakInFlight int64 `json:"peak_in_flight"`
	} `json:"dependency"`
	Goroutines struct{ Now, Peak int64 } `json:"goroutines"`
	Generator  struct {
		LagP99Ms float64 `json:"lag_p99_ms"`
	} `json:"generator"`
	Timeline []struct {
		T                  int   `json:"t"`
		Limit              int   `json:"limit"`
		InFlightDependency int64 `json:"in_flight_dependency"`
	} `json:"timeline"`
}

// errors is what a dashboard counts as errors: failed, timed out, turned away.
func (r pmReport) errors() int64 {
	p := r.Classes["payment"]
	n := p.Failed + p.TimedOut
	for _, v := range p.Rejected {
		n += v
	}
	return n
}

// runPM is one headless run whose counters must balance, as the postmortem's report.
func runPM(t *testing.T, preset string) pmReport {
	t.Helper()
	return decode[pmReport](t, runChecked(t, "run", "--preset", preset))
}

// The postmortem (article 000) in three 40-second runs on the same lunch traffic (150 orders/s,
// 500/s from 5 s to 35 s): the pool that scales on queue length, the fix, the adaptive limit.
func TestPostmortemClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("40-second runs")
	}
	t.Parallel()
	presets := []struct{ name, chain string }{
		{"postmortem", "fallback http"},
		{"postmortem-fix", "fallback deadline deadline:enough-left http"},
		{"adaptive-limit", "fallback limit:adaptive http"},
	}
	runs := make([]pmReport, len(presets))
	t.Run("runs", func(t *testing.T) { // returns when all three have
		for i, p := range presets {
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				runs[i] = runPM(t, p.name)
				if got := strings.Join(runs[i].Chain, " "); got != p.chain {
					t.Errorf("chain %q, want %q", got, p.chain)
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	for i, r := range runs {
		p := r.Classes["payment"]
		t.Logf("%s: ok %d of %d, errors %d (timed out %d), p95 %.0f ms (queue wait %.0f, call %.0f, mean call %.1f), store peak %d, workers peak %d, goroutines peak %d",
			presets[i].name, p.OK, p.Arrived, r.errors(), p.TimedOut, p.Latency.P95, p.QueueWait.P95, p.Service.P95, p.Service.Mean,
			r.Dependency.PeakInFlight, r.Pool.PeakWorkers, r.Goroutines.Peak)
	}
	pm, fix, ad := runs[0], runs[1], runs[2]
	pmPay, fixPay, adPay := pm.Classes["payment"], fix.Classes["payment"], ad.Classes["payment"]

	// Slow, not failing: the pool grows to its max, the store goes past its knee, p95 is in
	// seconds, almost all of it queue wait, and the dashboard's error rate stays flat.
	if pm.Pool.PeakWorkers < 60 || pm.Dependency.PeakInFlight <= 25 {
		t.Errorf("postmortem: pool peak %d workers, store peak %d calls: want ≥ 60 and past the knee of 25",
			pm.Pool.PeakWorkers, pm.Dependency.PeakInFlight)
	}
	if pmPay.Latency.P95 < 1000 || pmPay.QueueWait.P95 < 3*pmPay.Service.P95 {
		t.Errorf("postmortem: p95 %.0f ms, queue wait p95 %.0f ms, service p95 %.0f ms: want ≥ 1 s, mostly waiting",
			pmPay.Latency.P95, pmPay.QueueWait.P95, pmPay.Service.P95)
	}
	if pm.errors()*50 > pmPay.Arrived || pmPay.NotOKShare > 0.02 || pm.Goroutines.Peak < 1000 {
		t.Errorf("postmortem: %d errors of %d (not ok %.3f of replies), goroutines peak %d: want ≤ 2%% and ≥ 1,000 waiting",
			pm.errors(), pmPay.Arrived, pmPay.NotOKShare, pm.Goroutines.Peak)
	}

	// The fix: at most 24 calls at the store (a call cut at the deadline is counted by the
	// store until it notices the closed connection: each can add one for that moment), p95
	// inside the budget, more orders served, a few more errors, fast rejections rather than
	// calls cut at the deadline.
	if fix.Dependency.PeakInFlight > 24+fixPay.TimedOut {
		t.Errorf("fix: store peak %d calls with %d cut at the deadline: want ≤ 24", fix.Dependency.PeakInFlight, fixPay.TimedOut)
	}
	// The 800 ms budget runs from the scheduled arrival, as latency does; 5% more is the time
	// a cut call takes to end, and a busy machine fires the deadline's timer late by about as
	// much as it fires the generator's: the run's measured lag.
	// More served: the fix's 24 workers serve 24 / 50 ms = 480/s only while a call costs the
	// store's 50 ms; on a machine the lab calls too busy its own overhead stretches every call
	// (seen: a mean of 112–141 ms under -race at a lag p99 of 170–215 ms) and the CPU, not the
	// store, is what both runs share, so there only the p95 inside the budget is judged.
	// Too busy, an order sent late by the lag ends at its deadline as late as that timer
	// fires, lateness of the same size (1168ms against 840 + 318 seen beside one busy core):
	// twice the lag, as the hops' deadline is judged.
	moreServed := fixPay.OK > pmPay.OK || tooBusy(fix.Generator.LagP99Ms)
	most := 840 + fix.Generator.LagP99Ms
	if tooBusy(fix.Generator.LagP99Ms) {
		most = 840 + 2*fix.Generator.LagP99Ms
	}
	if fixPay.Latency.P95 > most || !moreServed {
		t.Errorf("fix: p95 %.0f ms, %d ok (postmortem %d; generator lag p99 %.1f ms): want ≤ %.0f ms and more served",
			fixPay.Latency.P95, fixPay.OK, pmPay.OK, fix.Generator.LagP99Ms, most)
	}
	// At most 15% of arrivals (the bound), unless the store's calls, as measured,
	// were slower than the preset's 50 ms: 24 workers then answer 24 / W a second (Little's
	// law, W the mean call), and the rest of the 500/s peak (30 s of it) runs out of budget.
	// A busy machine stretches W.
	shortfall := max(0, 500-24/(fixPay.Service.Mean/1000)) * 30
	if most := max(float64(fixPay.Arrived)*0.15, 1.25*shortfall); fix.errors() <= pm.errors() || float64(fix.errors()) > most ||
		fixPay.Rejected["deadline"] <= fixPay.TimedOut {
		t.Errorf("fix: %d errors of %d (postmortem %d; at most %.0f with calls of %.0f ms), %d rejected:deadline, %d timed out: want a few more, mostly rejected:deadline",
			fix.errors(), fixPay.Arrived, pm.errors(), most, fixPay.Service.Mean, fixPay.Rejected["deadline"], fixPay.TimedOut)
	}

	// The adaptive limit, judged during the peak.
	low, high := 1<<30, 0
	for _, sec := range ad.Timeline {
		if sec.T >= 20 && sec.T <= 35 {
			low, high = min(low, sec.Limit), max(high, sec.Limit)
		}
	}
	// The limit follows the calls' latency as the lab measures it. On a machine the lab
	// itself calls too busy (its generator late past lab.LateLag, when the screen warns
	// that latencies may run that late), that latency is the machine's as much as the store's, and
	// a limit that moves with it is the limiter right about what it measured: then it is
	// judged only to cap the store under the 64 calls the postmortem's pool scaled to. Seen
	// under -race with a core kept busy: 10..19 once in eight runs of the whole suite, and
	// 39..46 (generator lag p99 48 ms) once in five.
	floor, ceiling := 15, 45
	if tooBusy(ad.Generator.LagP99Ms) {
		floor, ceiling = 1, 63
	}
	t.Logf("adaptive-limit: limit %d..%d from 20 s to 35 s, %d at the end; generator lag p99 %.1f ms", low, high, ad.Bulkhead.Limit, ad.Generator.LagP99Ms)
	for _, sec := range ad.Timeline {
		if sec.T >= 20 && sec.T <= 35 && (sec.Limit < floor || sec.Limit > ceiling || sec.InFlightDependency > int64(ceiling)) {
			t.Errorf("adaptive, second %d: limit %d, %d calls at the store: want %d..%d and ≤ %d (generator lag p99 %.1f ms)",
				sec.T, sec.Limit, sec.InFlightDependency, floor, ceiling, ceiling, ad.Generator.LagP99Ms)
		}
	}
	if ad.Bulkhead == nil || ad.Bulkhead.Limit == 0 || adPay.Latency.P95 > pmPay.Latency.P95/2 {
		t.Errorf("adaptive: bulkhead %+v, p95 %.0f ms (postmortem %.0f ms): want a limit and at most half the p95",
			ad.Bulkhead, adPay.Latency.P95, pmPay.Latency.P95)
	}
}
