// The ui tests' fixtures: the article's lab written out, and snapshots of its moments.

package ui

import (
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// testConfig is the article's lab (shared-pool), written out so engine defaults can change
// without changing the golden files.
func testConfig() lab.Config {
	return lab.Config{
		Name:        "shared-pool",
		Description: "One shared pool of 20 workers.",
		Duration:    lab.Duration(8 * time.Second),
		Pool:        lab.PoolConfig{Workers: 20, Queue: 0, Discipline: lab.FIFO},
		Traffic: lab.TrafficConfig{Arrivals: lab.Poisson, Seed: 1,
			Payment: lab.RateConfig{Rate: 10}, Signup: lab.RateConfig{Rate: 5}},
		Dependency: lab.DependencyConfig{Latency: lab.Duration(3 * time.Second),
			HealthyLatency: lab.Duration(50 * time.Millisecond), Mode: lab.ModeSlow},
		Payment: lab.PaymentConfig{
			Timeout:  lab.TimeoutConfig{Kind: lab.TimeoutNone, Duration: lab.Duration(time.Second)},
			Bulkhead: lab.BulkheadConfig{Type: lab.BulkheadNone, Size: 5},
		},
		Signup: lab.SignupConfig{Work: lab.Duration(2 * time.Millisecond)},
	}
}

// testSnapshot is shared-pool 6.4 s in: the pool full of payments since 2 s, signups
// starving at 5/s. Every number is fixed, so the view of it is too.
func testSnapshot() *lab.Snapshot {
	cfg := testConfig()
	s := &lab.Snapshot{Config: cfg, Elapsed: 6400 * time.Millisecond, Goroutines: 23} // its 20 busy workers, the generator, its re-sender, the sampler
	pay := &s.Classes[lab.Payment]
	pay.Arrived, pay.OK, pay.InFlight = 64, 24, 20
	pay.Rejected[lab.RejectPool] = 20
	pay.Latency = lab.Percentiles{P50: 3002 * time.Millisecond, P95: 3004 * time.Millisecond,
		P99: 3006 * time.Millisecond, Max: 3007 * time.Millisecond, Count: 24}
	pay.Latency.P999 = 3007 * time.Millisecond
	pay.Latency.P90, pay.Latency.P9999 = 3004*time.Millisecond, 3007*time.Millisecond
	s.Distribution = rampDistribution(3002*time.Millisecond, 3007*time.Millisecond, 24)
	pay.QueueWait = lab.Percentiles{P50: 300 * time.Microsecond, P95: 900 * time.Microsecond, P99: 1100 * time.Microsecond,
		P999: 1200 * time.Microsecond, Max: 1200 * time.Microsecond, Count: 44}
	pay.Lag = lab.Percentiles{P50: 250 * time.Microsecond, P95: 800 * time.Microsecond, P99: 1000 * time.Microsecond,
		P999: 1100 * time.Microsecond, Max: 1100 * time.Microsecond, Count: 44}
	pay.Dispatch = lab.Percentiles{P50: 40 * time.Microsecond, P95: 90 * time.Microsecond, P99: 120 * time.Microsecond,
		P999: 130 * time.Microsecond, Max: 130 * time.Microsecond, Count: 44}
	pay.Service = lab.Percentiles{P50: 3001 * time.Millisecond, P95: 3003 * time.Millisecond, P99: 3005 * time.Millisecond,
		P999: 3006 * time.Millisecond, Max: 3006 * time.Millisecond, Count: 24}
	sig := &s.Classes[lab.Signup]
	sig.Arrived, sig.OK = 32, 10
	sig.Rejected[lab.RejectPool] = 22
	sig.Latency = lab.Percentiles{P50: 2100 * time.Microsecond, P95: 2800 * time.Microsecond, P99: 2900 * time.Microsecond,
		P999: 2900 * time.Microsecond, Max: 2900 * time.Microsecond, Count: 10}
	sig.Latency.P90, sig.Latency.P9999 = 2700*time.Microsecond, 2900*time.Microsecond
	sig.QueueWait = lab.Percentiles{P50: 200 * time.Microsecond, P95: 800 * time.Microsecond, P99: 900 * time.Microsecond,
		P999: 900 * time.Microsecond, Max: 900 * time.Microsecond, Count: 10}
	sig.Lag = lab.Percentiles{P50: 150 * time.Microsecond, P95: 700 * time.Microsecond, P99: 800 * time.Microsecond,
		P999: 800 * time.Microsecond, Max: 800 * time.Microsecond, Count: 10}
	sig.Dispatch = lab.Percentiles{P50: 30 * time.Microsecond, P95: 60 * time.Microsecond, P99: 70 * time.Microsecond,
		P999: 70 * time.Microsecond, Max: 70 * time.Microsecond, Count: 10}
	sig.Service = lab.Percentiles{P50: 2050 * time.Microsecond, P95: 2400 * time.Microsecond, P99: 2500 * time.Microsecond,
		P999: 2500 * time.Microsecond, Max: 2500 * time.Microsecond, Count: 10}

	s.Pool = lab.PoolStats{Size: 20, QueueCap: 0, Discipline: lab.FIFO, Busy: 20, PeakBusy: 20,
		FullFor: 4400 * time.Millisecond, FullFrom: 2 * time.Second, Workers: make([]lab.Worker, 20)}
	s.Pool.BusyBy[lab.Payment] = 20
	for i := range s.Pool.Workers {
		s.Pool.Workers[i] = lab.Worker{Class: lab.Payment, Phase: lab.PhaseCall}
	}
	s.Bulkhead = lab.BulkheadStats{Type: lab.BulkheadNone, Size: 5}
	s.Dependency = lab.DependencyStats{URL: "http://127.0.0.1:1", Mode: lab.ModeSlow, Requests: 44, InFlight: 20, PeakInFlight: 20}
	s.Generator.Lag = lab.Percentiles{P50: 80 * time.Microsecond, P99: 1100 * time.Microsecond, Count: 96}

	busy := []int{10, 20, 20, 20, 20, 20}
	okPay := []int64{0, 0, 0, 10, 10, 10}
	rejPay := []int64{0, 0, 5, 5, 5, 5}
	rejSig := []int64{0, 0, 5, 5, 5, 5} // none before the pool first filled (FullFrom), as the narrator says
	for i := range busy {
		sec := lab.Second{T: i + 1, DepInFlight: int64(busy[i])}
		sec.Busy[lab.Payment], sec.Held[lab.Payment] = busy[i], float64(busy[i])
		sec.Arrived[lab.Payment], sec.Arrived[lab.Signup] = 10, 5
		sec.OK[lab.Payment] = okPay[i]
		sec.OK[lab.Signup] = 5 - rejSig[i]
		sec.Rejected[lab.Payment][lab.RejectPool] = rejPay[i]
		sec.Rejected[lab.Signup][lab.RejectPool] = rejSig[i]
		s.Timeline = append(s.Timeline, sec)
	}
	return s
}

// bulkheadSnapshot is the same run after b: a semaphore bulkhead of 5, two payments
// waiting for a permit, signups served again.
func bulkheadSnapshot() *lab.Snapshot {
	s := testSnapshot()
	s.SettingsChanged = true // the bulkhead switched on mid-run (the status line says so)
	s.Config.Payment.Bulkhead.Type = lab.BulkheadSemaphore
	s.Config.Payment.Bulkhead.MaxWait = lab.Duration(100 * time.Millisecond)
	s.Bulkhead = lab.BulkheadStats{Type: lab.BulkheadSemaphore, Size: 5, InUse: 5}
	s.Pool.Busy = 8
	s.Pool.BusyBy[lab.Payment] = 7
	s.Pool.BusyBy[lab.Signup] = 1
	for i := range s.Pool.Workers {
		switch {
		case i < 5:
			s.Pool.Workers[i] = lab.Worker{Class: lab.Payment, Phase: lab.PhaseCall}
		case i < 7:
			s.Pool.Workers[i] = lab.Worker{Class: lab.Payment, Phase: lab.PhaseBulkhead}
		case i == 7:
			s.Pool.Workers[i] = lab.Worker{Class: lab.Signup, Phase: lab.PhaseWork}
		default:
			s.Pool.Workers[i] = lab.Worker{}
		}
	}
	s.Classes[lab.Payment].Rejected[lab.RejectBulkhead] = 17
	last := &s.Timeline[len(s.Timeline)-1]
	last.Rejected[lab.Signup][lab.RejectPool] = 0
	last.Rejected[lab.Payment][lab.RejectPool] = 0
	last.Rejected[lab.Payment][lab.RejectBulkhead] = 8
	last.Busy[lab.Payment], last.Held[lab.Payment] = 7, 7
	return s
}

// compareSnapshots are A (testSnapshot) and B, the same traffic through a semaphore
// bulkhead of 5: payments capped, rejected by the bulkhead instead of the pool, signups
// all served.
func compareSnapshots() (a, b *lab.Snapshot) {
	a, b = testSnapshot(), bulkheadSnapshot()
	b.Config.Name = "semaphore-bulkhead"
	pay, sig := &b.Classes[lab.Payment], &b.Classes[lab.Signup]
	pay.OK, pay.InFlight = 10, 7
	pay.Rejected[lab.RejectPool], pay.Rejected[lab.RejectBulkhead] = 0, 47
	sig.OK, sig.Rejected[lab.RejectPool] = 32, 0
	sig.Latency.P99, sig.Latency.Count = 2100*time.Microsecond, 32
	b.Pool.FullFor = 0
	b.Dependency.InFlight, b.Dependency.PeakInFlight = 5, 5
	// The pairs of requests behind those counts, as the engine's tally has them: every
	// payment B served, A served too; the signups A starved, B served.
	ok, poolFull, bulkhead := lab.Ended(lab.OK), lab.TurnedAway(lab.RejectPool), lab.TurnedAway(lab.RejectBulkhead)
	p := &lab.Pairs{}
	p.Both[lab.Payment][ok][ok], p.Both[lab.Payment][ok][bulkhead] = 10, 14
	p.Both[lab.Payment][poolFull][bulkhead] = 20
	p.Both[lab.Payment][lab.FateInFlight][lab.FateInFlight], p.Both[lab.Payment][lab.FateInFlight][bulkhead] = 7, 13
	p.Both[lab.Signup][ok][ok], p.Both[lab.Signup][poolFull][ok] = 10, 22
	a.Pairs, b.Pairs = p, p
	for i := range b.Timeline {
		sec := &b.Timeline[i]
		sec.Busy[lab.Payment] = min(sec.Busy[lab.Payment], 7)
		sec.Held[lab.Payment] = float64(sec.Busy[lab.Payment])
		sec.OK[lab.Signup], sec.Rejected[lab.Signup][lab.RejectPool] = 5, 0
		sec.Rejected[lab.Payment][lab.RejectPool] = 0
	}
	return a, b
}

// fakeEngine is an Engine without a network: it hands out a fixed snapshot with the config
// it was last given, and records what the dashboard asked of it.
type fakeEngine struct {
	mu       sync.Mutex
	snap     lab.Snapshot
	applied  []lab.Config
	stopped  bool
	panicky  bool // Snapshot panics
	applyErr error
}

func newFake(cfg lab.Config) *fakeEngine {
	s := *testSnapshot()
	s.Config = cfg
	return &fakeEngine{snap: s}
}

func (f *fakeEngine) Snapshot() lab.Snapshot {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.panicky {
		panic("boom in the engine")
	}
	return f.snap
}

func (f *fakeEngine) Apply(cfg lab.Config) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.applyErr != nil {
		return f.applyErr
	}
	f.applied = append(f.applied, cfg)
	f.snap.Config = cfg
	return nil
}

func (f *fakeEngine) Stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stopped = true
}

func (f *fakeEngine) state() (applied []lab.Config, stopped bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]lab.Config(nil), f.applied...), f.stopped
}

// fakeStarter starts fake engines and remembers them, and which side each was for.
type fakeStarter struct {
	mu      sync.Mutex
	engines []*fakeEngine
	sides   []int
}

func (fs *fakeStarter) start(cfg lab.Config, side int) (Engine, error) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	e := newFake(cfg)
	fs.engines = append(fs.engines, e)
	fs.sides = append(fs.sides, side)
	return e, nil
}

func (fs *fakeStarter) all() []*fakeEngine {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return append([]*fakeEngine(nil), fs.engines...)
}

// rampDistribution is a latency distribution rising evenly from lo at p0 to hi at p99.99.
func rampDistribution(lo, hi time.Duration, count int64) lab.Distribution {
	d := lab.Distribution{Count: count}
	n := len(lab.DistributionPercentiles)
	for i := range n {
		d.Latency = append(d.Latency, lo+(hi-lo)*time.Duration(i)/time.Duration(n-1))
	}
	return d
}

// sides cuts a line of a compare screen w wide, its halves side by side, into the halves, ANSI
// stripped, at the divider's column as halves lays them out; ok false where the line has no
// divider there (a line across both, or the halves stacked).
func sides(line string, w int) (a, b string, ok bool) {
	ws, side := halves(w)
	r := []rune(ansi.Strip(line))
	if !side || len(r) < ws[0]+dividerWidth || string(r[ws[0]:ws[0]+dividerWidth]) != divider {
		return "", "", false
	}
	return string(r[:ws[0]]), string(r[ws[0]+dividerWidth:]), true
}

// halfCtx is compare screen s's half i as compareLayout lays it out: its width and the
// other's.
func halfCtx(t *theme, s screen, i int) labCtx {
	ws, _ := halves(s.width)
	return newLabCtx(t, s, i, ws[i], ws[1-i])
}
