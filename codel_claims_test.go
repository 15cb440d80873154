// The codel-queue preset's claims against long-queue's, each on seeds 1–3 (the same traffic
// on both sides): CoDel bounds the wait of the requests it serves, and costs payments only
// what a loss system's idle gaps cost.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"poollab/presets"
)

// compare long-queue codel-queue --duration 20s, seeds 1, 2 and 3.
//
// Signups: long-queue's FIFO queue of 100 keeps them seconds behind payments that hold a
// worker 3 s; CoDel serves only a request that waited in the queue at most its interval
// (100 ms), so its signups' p99 is far under long-queue's.
//
// Payments: long-queue's pool is never idle once full (20 s · 20 workers / 3 s ≈ 118 ok,
// the integrator's model: 118.0, sd 2.7). Under CoDel a waiting request rarely outlives a
// worker's 3 s call, so the pool is nearly an Erlang loss system carrying A(1 − B)/N =
// 30 · 0.62 / 20 = 93% of its capacity: 109.7 ok (sd 2.5), 6–8% fewer, 8.3–9.6% on the
// model's seeds 1–3. The claim: CoDel's ok is long-queue's at the forecast's busy share,
// within 3 square roots of that count.
func TestCoDelClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("20-second runs")
	}
	for seed := 1; seed <= 3; seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			var out bytes.Buffer
			args := []string{"compare", "long-queue", "codel-queue", "--duration", "20s",
				"--set", fmt.Sprintf("traffic.seed=%d", seed), "--format", "json"}
			if err := run(args, &out); err != nil {
				t.Fatal(err)
			}
			var cmp struct {
				Runs []json.RawMessage `json:"runs"`
			}
			if err := json.Unmarshal(out.Bytes(), &cmp); err != nil || len(cmp.Runs) != 2 {
				t.Fatalf("not a comparison (%v):\n%s", err, out.String())
			}
			long, codel := decode[report](t, cmp.Runs[0]), decode[report](t, cmp.Runs[1])
			checkBalance(t, long)
			checkBalance(t, codel)
			checkPercentiles(t, cmp.Runs[0])
			checkPercentiles(t, cmp.Runs[1])
			lp, cp := long.Classes["payment"], codel.Classes["payment"]
			ls, cs := long.Classes["signup"], codel.Classes["signup"]
			t.Logf("seed %d: payments ok %d / %d (%.1f%% fewer), signup p99 %.1f / %.1f ms, longest in the queue %.1f / %.1f ms",
				seed, lp.OK, cp.OK, 100*float64(lp.OK-cp.OK)/float64(lp.OK), ls.Latency.P99, cs.Latency.P99,
				long.Pool.LongestInQueueMs, codel.Pool.LongestInQueueMs)

			if cs.Rejected["codel"] == 0 || ls.Rejected["codel"] != 0 {
				t.Errorf("rejected:codel long-queue %d, codel-queue %d: want it only under CoDel",
					ls.Rejected["codel"], cs.Rejected["codel"])
			}
			if ls.Latency.P99 < 1000 {
				t.Errorf("long-queue signup p99 %.1f ms, want seconds", ls.Latency.P99)
			}
			// CoDel's own claim, exactly as the pool enforces it: no request a worker took had
			// waited in the queue longer than its limit, at most the interval. A signup's
			// latency adds its lateness before the queue and its hand-off to the worker after,
			// which a busy machine stretches without bound (review 36 M3); so the latency claim
			// is only the comparison, and the bound is on the queue's own wait.
			c, err := presets.Load("codel-queue", []string{fmt.Sprintf("traffic.seed=%d", seed)})
			if err != nil {
				t.Fatal(err)
			}
			interval := float64(c.Pool.CoDel.Interval.D()) / float64(time.Millisecond)
			// Long-queue's waits past the interval say the measure sees a wait CoDel would cut.
			if waited := codel.Pool.LongestInQueueMs; interval == 0 || waited <= 0 || waited > interval || long.Pool.LongestInQueueMs <= interval {
				t.Errorf("longest in the queue: codel-queue %.1f ms, want more than 0 and at most its %.0f ms interval; long-queue %.1f ms, want past it",
					waited, interval, long.Pool.LongestInQueueMs)
			}
			if cs.Latency.P99 >= ls.Latency.P99 {
				t.Errorf("codel-queue signup p99 %.1f ms, want under long-queue's %.1f ms", cs.Latency.P99, ls.Latency.P99)
			}
			// It sheds the waiting, not the capacity: a long queue keeps every worker busy,
			// CoDel's pool is nearly a loss system whose workers are busy the forecast's share
			// (Erlang B's A(1 − B) ÷ N, 93% here), so its ok is long-queue's at that share,
			// within 3 square roots of it: a count's own spread, not a fixed 10%, which the
			// forecast's 7% gap left 4 requests of room (s51pm saw 119 against 107).
			f, ok := c.Forecast().CoDel(c.Pool)
			if !ok {
				t.Fatalf("codel-queue forecast: the load fits its pool, want it overfilled")
			}
			due := f.Busy * float64(lp.OK)
			if spread := 3 * math.Sqrt(due); math.Abs(float64(cp.OK)-due) > spread {
				t.Errorf("payments ok long-queue %d, codel-queue %d: want %.0f±%.0f, long-queue's at the forecast's %.0f%% busy",
					lp.OK, cp.OK, due, spread, 100*f.Busy)
			}
		})
	}
}
