// Tests of the postmortem's pure parts: the knee forecast, QueueSize, Config.Equal.

package lab

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"
)

// The knee's forecast, worked by hand: 50 ms up to 25 calls, × (n/25)² beyond.
func TestKneeForecast(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) < 0.05 }
	c := DefaultConfig()
	c.Dependency = DependencyConfig{Mode: ModeHealthy, HealthyLatency: Duration(50 * time.Millisecond), Knee: 25, KneeExponent: 2}
	c.Pool = PoolConfig{Workers: 8, Queue: QueueUnbounded, Discipline: FIFO, Autoscale: AutoscaleConfig{Max: 64, Step: 4, Every: Duration(200 * time.Millisecond)}}
	c.Traffic.Payment = RateConfig{Rate: 150, Profile: []RateStep{{At: 0, Rate: 150}, {At: Duration(5 * time.Second), Rate: 500}}}
	k := c.Forecast().Knee
	// 25 / 50 ms = 500/s at best; 64 calls take 50 ms × 2.56² = 327.68 ms: 195.3/s.
	if !near(k.Best, 500) || k.Cap != 64 || !k.Autoscaled || k.CapLatency != 327680*time.Microsecond || !near(k.CapRate, 195.3) || !near(k.Shortfall, 304.7) {
		t.Errorf("postmortem knee %+v", k)
	}
	if lat, n := k.Answers(20); lat != 50*time.Millisecond || !near(n, 400) {
		t.Errorf("20 calls: %v, %v/s; want 50ms, 400/s", lat, n)
	}
	c.Pool = PoolConfig{Workers: 24, Queue: QueueUnbounded, Discipline: FIFO}
	k = c.Forecast().Knee
	// The fix: 24 / 50 ms = 480/s, 20/s short of a 500/s peak.
	if k.Cap != 24 || k.Autoscaled || !near(k.CapRate, 480) || !near(k.Shortfall, 20) || !near(k.Net(150, 24), -330) {
		t.Errorf("fixed 24: %+v", k)
	}
	c.Dependency.Knee = 0
	if k := c.Forecast().Knee; k.Knee != 0 {
		t.Errorf("no knee: %+v", k)
	}
}

func TestQueueSizeText(t *testing.T) {
	var q QueueSize
	for _, tc := range []struct {
		in   string
		want QueueSize
		err  string
	}{{"100", 100, ""}, {" unbounded ", QueueUnbounded, ""}, {"-1", -1, ""}, {"lots", 0, `"lots" is not a whole number or unbounded`},
		{"99999999999999999999", 0, `"99999999999999999999" is out of range`}, {"-9223372036854775808", 0, `"-9223372036854775808" is out of range`}} {
		err := q.UnmarshalText([]byte(tc.in))
		switch {
		case tc.err == "" && (err != nil || q != tc.want):
			t.Errorf("%q: %v, %v", tc.in, q, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%q: error %v, want %s", tc.in, err, tc.err)
		}
	}
	b, _ := json.Marshal(PoolConfig{Queue: QueueUnbounded})
	c, _ := json.Marshal(PoolConfig{Queue: 7})
	if !strings.Contains(string(b), `"queue":"unbounded"`) || !strings.Contains(string(c), `"queue":7`) {
		t.Errorf("JSON %s and %s", b, c)
	}
}

func TestConfigEqual(t *testing.T) {
	a, b := DefaultConfig(), DefaultConfig()
	b.Traffic.Payment.Profile = []RateStep{}
	if !a.Equal(b) {
		t.Error("an empty profile differs from none")
	}
	b.Traffic.Payment.Profile = []RateStep{{At: 0, Rate: 3}}
	if a.Equal(b) || a.Traffic.Equal(b.Traffic) {
		t.Error("a profile makes no difference")
	}
	a.Traffic.Payment.Profile = []RateStep{{At: 0, Rate: 3}}
	if !a.Equal(b) {
		t.Error("the same profile differs")
	}
}

// The forecast line counts the workers the forecast was worked against, the autoscale max,
// not the pool's size at the end of the run.
func TestForecastLineCountsItsOwnWorkers(t *testing.T) {
	var s Snapshot
	s.Config = DefaultConfig()
	s.Config.Pool = PoolConfig{Workers: 8, Queue: QueueUnbounded, Discipline: FIFO, Autoscale: AutoscaleConfig{Max: 64, Step: 4, Every: Duration(200 * time.Millisecond)}}
	s.Config.Traffic.Payment = RateConfig{Rate: 150, Profile: []RateStep{{At: 0, Rate: 150}, {At: Duration(5 * time.Second), Rate: 500}}}
	s.Pool.Size = 8 // scaled back down by the end
	r := NewReport(s)
	if r.Forecast.Workers != 64 {
		t.Errorf("forecast workers %d, want the autoscale max 64", r.Forecast.Workers)
	}
	if lines := strings.Join(r.summary(), "\n"); !strings.Contains(lines, ") of 64") {
		t.Errorf("summary:\n%s\nwant the forecast line to count 64 workers", lines)
	}
	s.Fleet = &FleetStats{Replicas: make([]Snapshot, 2)} // each replica autoscales to 64 too
	if lines := strings.Join(NewReport(s).summary(), "\n"); !strings.Contains(lines, ") of 64") {
		t.Errorf("fleet summary:\n%s\nwant the forecast line to count 64 workers a replica", lines)
	}
}
