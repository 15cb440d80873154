// Tests of the comparison's rows and differences.

package lab

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// The comparison's rows: ok, failed, timed out, rejections, in flight and p99, with zero rows
// left out but for ok, rejected:pool and in flight; better and worse judged per counter.
func TestCompareClasses(t *testing.T) {
	var a, b Snapshot
	a.Config.Traffic.Payment.Rate = 10
	b.Config = a.Config
	a.Classes[Payment] = ClassStats{Arrived: 80, OK: 30, Rejected: [numReasons]int64{RejectPool: 30}, InFlight: 20,
		Latency: Percentiles{P99: 3000 * time.Millisecond, Count: 30}}
	b.Classes[Payment] = ClassStats{Arrived: 80, OK: 10, Rejected: [numReasons]int64{RejectBulkhead: 65}, InFlight: 5,
		Latency: Percentiles{P99: 3002 * time.Millisecond, Count: 10}}
	var got []string
	for _, r := range CompareClasses(&a, &b) {
		got = append(got, r.Class.String()+" "+r.Counter+" "+string("-0+"[r.Better+1]))
	}
	want := "payment ok -|payment rejected:pool +|payment rejected:bulkhead -|payment in flight 0|payment p99 0"
	if strings.Join(got, "|") != want {
		t.Errorf("rows %q\nwant %q", strings.Join(got, "|"), want)
	}
	b.Classes[Payment].Latency.P99 = 300 * time.Millisecond // a tenth of A's: better
	if r := CompareClasses(&a, &b); r[len(r)-1].Better != 1 {
		t.Errorf("p99 3s → 0.3s: %+v, want better", r[len(r)-1])
	}
}

// A caller timeout's orphaned calls get a row when either run has some: fewer is better.
func TestCompareOrphans(t *testing.T) {
	var a, b Snapshot
	a.Config.Traffic.Payment.Rate = 10
	b.Config = a.Config
	last := func() ComparisonRow { r := CompareClasses(&a, &b); return r[len(r)-1] }
	if r := last(); r.Counter != "p99" {
		t.Errorf("no orphans: the last row is %q, want p99", r.Counter)
	}
	b.Orphans = OrphanStats{InFlight: 18, Total: 50}
	if r := last(); r.Counter != "orphaned calls" || r.A != 0 || r.B != 50 || r.Better != -1 {
		t.Errorf("orphans in B: %+v, want orphaned calls 0 → 50, worse", r)
	}
}

// The JSON differences are the table's: a class with traffic only in B is there, and a p99
// with nothing finished on one side is null, as the table's "–", not a made-up −3000 ms.
func TestComparisonDifferences(t *testing.T) {
	var a, b Snapshot
	a.Config.Traffic.Payment.Rate = 10
	b.Config = a.Config
	a.Classes[Payment] = ClassStats{Arrived: 50, OK: 30, Latency: Percentiles{P99: 3000 * time.Millisecond, Count: 30}}
	b.Classes[Payment] = ClassStats{Arrived: 50, InFlight: 50}
	b.Classes[Health] = ClassStats{Arrived: 20, OK: 20, Latency: Percentiles{P99: time.Millisecond, Count: 20}}
	var got struct {
		Differences map[string]map[string]any `json:"differences"`
	}
	var buf strings.Builder
	if err := NewComparison(a, b).Write(&buf, FormatJSON); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(buf.String()), &got); err != nil {
		t.Fatal(err)
	}
	pay, ok := got.Differences["payment"]
	if !ok || pay["p99_ms"] != nil || pay["ok"] != -30.0 {
		t.Errorf("payment: %v, want p99_ms null (nothing finished in B) and ok -30", pay)
	}
	if h, ok := got.Differences["health"]; !ok || h["ok"] != 20.0 || h["p99_ms"] != nil {
		t.Errorf("health, only in B: %v (present %v), want ok +20 and p99_ms null", h, ok)
	}
}
