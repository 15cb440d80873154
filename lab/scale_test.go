// Tests of Config.Scaled.

package lab

import (
	"math"
	"reflect"
	"testing"
	"time"
)

// scaleCases are configurations with every kind of number the forecast reads: the
// article's lab, a bulkhead, a caller timeout, connections with a lease wait, retries.
func scaleCases() map[string]Config {
	base := DefaultConfig()
	base.Traffic.Health.Rate = 1
	bulkhead := base
	bulkhead.Payment.Bulkhead = BulkheadConfig{Type: BulkheadSemaphore, Size: 5}
	caller := base
	caller.Payment.Timeout = TimeoutConfig{Kind: TimeoutCaller, Duration: Duration(time.Second)}
	conns := base
	conns.Payment.Connections = ConnectionsConfig{PerRoute: 5, LeaseTimeout: Duration(3 * time.Minute)}
	retry := base
	retry.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(time.Second)}
	retry.Payment.Retry.Attempts = 3
	queue := base
	queue.Pool.Queue = 100
	return map[string]Config{"shared pool": base, "bulkhead": bulkhead, "caller timeout": caller,
		"connections": conns, "retries": retry, "queue": queue}
}

// A scaled config forecasts the same physics: the same workers, offered load and share
// turned away; its times are f times the original's and its rates 1/f times.
func TestScaledForecast(t *testing.T) {
	for name, cfg := range scaleCases() {
		for _, f := range []float64{0.1, 0.25, 2} {
			got, want := cfg.Scaled(f).Forecast(), cfg.Forecast()
			same := func(what string, g, w float64) {
				t.Helper()
				if math.Abs(g-w) > 1e-9*math.Max(1, math.Abs(w)) {
					t.Errorf("%s ×%g: %s %g, want %g", name, f, what, g, w)
				}
			}
			same("workers needed", got.WorkersNeeded, want.WorkersNeeded)
			same("offered load", got.OfferedLoad, want.OfferedLoad)
			same("blocking", got.Blocking, want.Blocking)
			same("payment calls needed", got.Payment.CallsNeeded, want.Payment.CallsNeeded)
			same("payment calls at once", got.Payment.CallsAtOnce, want.Payment.CallsAtOnce)
			same("orphaned", got.Payment.Orphaned, want.Payment.Orphaned)
			same("admitted ×f", got.Payment.Admitted*f, want.Payment.Admitted)
			same("retry tries", got.Retry.Tries, want.Retry.Tries)
			if got.Fit != want.Fit || got.Loss != want.Loss {
				t.Errorf("%s ×%g: fit %v loss %v, want %v %v", name, f, got.Fit, got.Loss, want.Fit, want.Loss)
			}
			// Times scale; the forecast rounds some to the millisecond.
			near := func(what string, g, w time.Duration) {
				t.Helper()
				if d := g - time.Duration(float64(w)*f); d < -2*time.Millisecond || d > 2*time.Millisecond {
					t.Errorf("%s ×%g: %s %v, want %g × %v", name, f, what, g, f, w)
				}
			}
			near("payment hold", got.Payment.Hold, want.Payment.Hold)
			near("fill time", got.FillIn, want.FillIn)
			near("lease wait", got.Payment.LeaseWait, want.Payment.LeaseWait)
			near("queue full in", got.Queue.FullIn, want.Queue.FullIn)
		}
	}
}

// Every duration of the config is multiplied and every rate divided, found by walking the
// config as Scaled does not: field by field against the original; percentages and counts
// stay; the original is left as it was.
func TestScaledFields(t *testing.T) {
	cfg := scaleCases()["retries"]
	before := cfg
	before.Payment.Retry.On = append([]RetryCondition(nil), cfg.Payment.Retry.On...)
	const f = 0.25
	got := cfg.Scaled(f)
	var durations, rates int
	var walk func(path string, g, w reflect.Value)
	walk = func(path string, g, w reflect.Value) {
		switch {
		case g.Type() == reflect.TypeFor[Duration]():
			durations++
			if want := int64(math.Round(float64(w.Int()) * f)); g.Int() != want {
				t.Errorf("%s: %v, want %v", path, Duration(g.Int()), Duration(want))
			}
		case g.Kind() == reflect.Struct:
			for i := range g.NumField() {
				name := path + "." + g.Type().Field(i).Name
				if g.Type().Field(i).Name == "Rate" {
					rates++
					if g.Field(i).Float() != w.Field(i).Float()/f {
						t.Errorf("%s: %g, want %g", name, g.Field(i).Float(), w.Field(i).Float()/f)
					}
					continue
				}
				walk(name, g.Field(i), w.Field(i))
			}
		case g.Kind() == reflect.Slice:
			if !reflect.DeepEqual(g.Interface(), w.Interface()) {
				t.Errorf("%s: %v, want %v", path, g, w)
			}
		case g.CanInt() || g.CanFloat() || g.Kind() == reflect.String || g.Kind() == reflect.Bool:
			if !g.Equal(w) {
				t.Errorf("%s: %v, want it unchanged: %v", path, g, w)
			}
		}
	}
	walk("config", reflect.ValueOf(got), reflect.ValueOf(before))
	if durations < 20 || rates != 3 {
		t.Errorf("walked %d durations and %d rates: the walk missed the config's fields", durations, rates)
	}
	if !cfg.Equal(before) {
		t.Errorf("Scaled changed the original")
	}
	if err := got.Validate(); err != nil {
		t.Errorf("the scaled config is invalid: %v", err)
	}
	got.Payment.Retry.On[0] = "changed"
	if cfg.Payment.Retry.On[0] == "changed" {
		t.Errorf("the scaled config shares its lists with the original")
	}
}

// A round of the pool is one request per worker of the most it may have: the same all
// through an autoscaled run (8 workers growing to 64: 64), never 0.
func TestQueueRound(t *testing.T) {
	for _, c := range []struct {
		p    PoolStats
		want int
	}{
		{PoolStats{Size: 24}, 24},
		{PoolStats{Size: 8, Max: 64}, 64},
		{PoolStats{Size: 64, Max: 64}, 64},
		{PoolStats{}, 1},
	} {
		if got := c.p.QueueRound(); got != c.want {
			t.Errorf("%+v: round %d, want %d", c.p, got, c.want)
		}
	}
}

// What turns requests away for want of room: the pool, and in a fleet the balancer too,
// counted per second and per second on average, for one class at a time.
func TestChartedReasons(t *testing.T) {
	one, fleet := &Snapshot{}, &Snapshot{Fleet: &FleetStats{}}
	if got := one.ChartedReasons(); len(got) != 1 || got[0] != RejectPool {
		t.Errorf("one instance: %v", got)
	}
	reasons := fleet.ChartedReasons()
	if len(reasons) != 2 || reasons[0] != RejectPool || reasons[1] != RejectBalancer {
		t.Errorf("fleet: %v", reasons)
	}
	var a, b Second
	a.T, b.T = 1, 2
	a.Rejected[Signup][RejectPool], a.Rejected[Signup][RejectBalancer], a.Rejected[Signup][RejectBreaker] = 4, 70, 9
	b.Rejected[Signup][RejectBalancer], b.Rejected[Payment][RejectBalancer] = 80, 20
	if got := a.RejectedFor(Signup, reasons); got != 74 {
		t.Errorf("second 1, signup: %d, want 74 (4 pool + 70 balancer, not the breaker's 9)", got)
	}
	if got := one.ChartedReasons(fleet); len(got) != 2 {
		t.Errorf("one instance beside a fleet: %v, want the fleet's reasons", got)
	}
	if got := a.RejectedFor(Signup, one.ChartedReasons()); got != 4 {
		t.Errorf("second 1, signup, one instance's reasons: %d, want 4", got)
	}
	fleet.Timeline = []Second{a, b}
	r := fleet.Rates()
	if got := r.RejectedFor(Signup, reasons); got != 77 {
		t.Errorf("signup per second: %v, want (74 + 80) / 2 = 77", got)
	}
	if got := r.RejectedFor(Payment, reasons); got != 10 {
		t.Errorf("payment per second: %v, want 10", got)
	}
}
