// Config: every setting a run takes (a mechanism's section is a field here; its type, defaults
// and validation rows are in its own file), the core's defaults, Duration, Equal, and Validate.

package lab

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"time"
)

// Duration is a time.Duration written as "3s" or "250ms" in preset files and --set.
type Duration time.Duration

// D returns the value as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

func (d Duration) String() string { return time.Duration(d).String() }

// MarshalText writes the duration the way it is read, so reports show "3s", not nanoseconds.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText accepts Go duration syntax ("1.5s", "300ms"); a bare number is refused
// because "3" could mean seconds or milliseconds. Well-formed text that time.Duration cannot
// hold (past about 2562047h) is out of range, not "not a duration". Each key's own range is
// Validate's.
func (d *Duration) UnmarshalText(b []byte) error {
	text := strings.TrimSpace(string(b))
	v, err := time.ParseDuration(text)
	switch {
	case err == nil:
		*d = Duration(v)
		return nil
	case durationSyntax.MatchString(text):
		// time.ParseDuration says "invalid duration" for an overflow too.
		return fmt.Errorf("%s is out of range (too long for any duration)", Quote(string(b)))
	}
	return fmt.Errorf("%s is not a duration (write it like 3s, 250ms or 1m)", Quote(string(b)))
}

// durationSyntax is the text time.ParseDuration accepts when the value fits.
var durationSyntax = regexp.MustCompile(`^[-+]?((\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$`)

// Config is everything a run needs. Preset files and --set use the yaml names, dotted.
type Config struct {
	Name        string           `yaml:"name" json:"name"`
	Description string           `yaml:"description" json:"description"`
	Duration    Duration         `yaml:"duration" json:"duration"`
	Pool        PoolConfig       `yaml:"pool" json:"pool"`
	Traffic     TrafficConfig    `yaml:"traffic" json:"traffic"`
	Dependency  DependencyConfig `yaml:"dependency" json:"dependency"`
	Payment     PaymentConfig    `yaml:"payment" json:"payment"`
	Signup      SignupConfig     `yaml:"signup" json:"signup"`
	Health      HealthConfig     `yaml:"health" json:"health"`
	Fleet       FleetConfig      `yaml:"fleet" json:"fleet"`
}

// PoolConfig is the shared worker pool every class draws from (Tomcat's threads.max and accept-count).
type PoolConfig struct {
	Workers    int         `yaml:"workers" json:"workers"`
	Queue      QueueSize   `yaml:"queue" json:"queue"`
	Discipline Discipline  `yaml:"discipline" json:"discipline"`
	CoDel      CoDelConfig `yaml:"codel" json:"codel"` // the waits discipline codel allows
	// Autoscale grows the pool from Workers while requests are queued, up to its Max.
	Autoscale AutoscaleConfig `yaml:"autoscale" json:"autoscale"`
}

// AutoscaleConfig is a pool that scales on queue length: every Every, Step more workers
// while requests wait, Step fewer when at least that many sat idle all along. Max 0: off.
type AutoscaleConfig struct {
	Max   int      `yaml:"max" json:"max"`
	Step  int      `yaml:"step" json:"step"`
	Every Duration `yaml:"every" json:"every"`
}

// MaxWorkers is the most workers the pool can have: its autoscale max, or its size.
func (p PoolConfig) MaxWorkers() int {
	if p.Autoscale.Max > 0 {
		return max(p.Autoscale.Max, p.Workers)
	}
	return p.Workers
}

// Arrivals is how the open-loop generator spaces requests.
type Arrivals string

const (
	Uniform Arrivals = "uniform"
	Poisson Arrivals = "poisson"
)

// TrafficConfig is the open-loop load: rates never depend on how the pool is doing.
type TrafficConfig struct {
	Arrivals Arrivals   `yaml:"arrivals" json:"arrivals"`
	Seed     int64      `yaml:"seed" json:"seed"`
	Payment  RateConfig `yaml:"payment" json:"payment"`
	Signup   RateConfig `yaml:"signup" json:"signup"`
	Health   RateConfig `yaml:"health" json:"health"`
	// Mode is how the load is sent: open (arrivals on a schedule, whatever the replies do)
	// or closed (Users virtual users, each sending after the reply to its last request).
	Mode  TrafficMode `yaml:"mode" json:"mode"`
	Users int         `yaml:"users" json:"users"` // closed mode: the virtual users
	Think Duration    `yaml:"think" json:"think"` // closed mode: each user's pause after a reply
}

// TrafficMode is how the load is sent.
type TrafficMode string

const (
	// Open loop: each request is due at its scheduled time and sent then, however slow the
	// replies; latency counts from the schedule (wrk2, k6's arrival-rate executors).
	Open TrafficMode = "open"
	// Closed loop: a user sends its next request only after the reply to the previous one
	// (JMeter's threads, ab, k6's VUs); while the server stalls, nothing is sent.
	Closed TrafficMode = "closed"
)

// Since names what latency is timed from, as measured (uncorrected): in an open loop the
// scheduled arrival, in a closed loop the send, there being no schedule. Not "since arrival"
// for both: every other screen times from the schedule, and a closed loop's 2.5ms read as
// that (newcomer 29).
func (m TrafficMode) Since() string {
	if m == Closed {
		return "since sent"
	}
	return "since arrival"
}

// RateConfig is one class's arrival rate in requests per second.
type RateConfig struct {
	Rate float64 `yaml:"rate" json:"rate"`
	// ResubmitAfter is the impatient user: one still waiting this long after sending sends
	// the same request once more (a duplicate, which is an arrival too). 0: never.
	ResubmitAfter Duration `yaml:"resubmit_after" json:"resubmit_after"`
	// Profile changes the rate on a schedule from the run's start (a lunch peak); before its
	// first step, Rate holds.
	Profile []RateStep `yaml:"profile" json:"profile,omitempty"`
	// Label is what the screen calls the class ("orders"); reports keep the class's name.
	Label string `yaml:"label" json:"label,omitempty"`
}

// DependencyMode is what the slow dependency does with each request.
type DependencyMode string

const (
	ModeHealthy  DependencyMode = "healthy"
	ModeSlow     DependencyMode = "slow"
	ModeDown     DependencyMode = "down"
	ModeErrors   DependencyMode = "errors"
	ModeBrownout DependencyMode = "brownout" // slow for brownout.slow, then healthy for brownout.healthy, repeating
)

// Fails says a call in this mode fails at once, whatever its load: the dependency is down
// (connection refused) or answers 500.
func (m DependencyMode) Fails() bool { return m == ModeDown || m == ModeErrors }

// DependencyModes lists the modes in the order the UI cycles them.
var DependencyModes = []DependencyMode{ModeHealthy, ModeSlow, ModeDown, ModeErrors, ModeBrownout}

// DependencyConfig drives the slow HTTP server payments call.
type DependencyConfig struct {
	Latency        Duration       `yaml:"latency" json:"latency"`
	HealthyLatency Duration       `yaml:"healthy_latency" json:"healthy_latency"`
	Jitter         Duration       `yaml:"jitter" json:"jitter"`
	Mode           DependencyMode `yaml:"mode" json:"mode"`
	IgnoreCancel   bool           `yaml:"ignore_cancel" json:"ignore_cancel"`
	Brownout       BrownoutConfig `yaml:"brownout" json:"brownout"`
	Stall          StallConfig    `yaml:"stall" json:"stall"`
	// Hops puts the payment call through a chain of this many services on 127.0.0.1, each
	// calling the next over HTTP; the last has the mode and latency above. 0 or 1: the
	// plain dependency.
	Hops     int          `yaml:"hops" json:"hops"`
	Deadline DeadlineMode `yaml:"deadline" json:"deadline"` // how the hops time their calls
	RetryAt  RetryAt      `yaml:"retry_at" json:"retry_at"` // who retries: the lab only, or every hop too
	Hop      HopConfig    `yaml:"hop" json:"hop"`           // every hop but the last
	// Knee is how many calls at once it answers at its latency (0: no knee); beyond it each
	// call takes latency × (n/knee)^knee_exponent, so it answers fewer per second (USL's
	// retrograde region).
	Knee         int     `yaml:"knee" json:"knee"`
	KneeExponent float64 `yaml:"knee_exponent" json:"knee_exponent"`
}

// StallConfig is a schedule of pauses in which the dependency accepts requests but answers
// none until the pause ends (a long GC pause, a frozen disk): the first at FirstAt from the
// run's start, then one every Every (0: only one), each lasting For (0: no stall).
type StallConfig struct {
	Every   Duration `yaml:"every" json:"every"`
	For     Duration `yaml:"for" json:"for"`
	FirstAt Duration `yaml:"first_at" json:"first_at"`
}

// BrownoutConfig is the schedule of the brownout mode.
type BrownoutConfig struct {
	Slow    Duration `yaml:"slow" json:"slow"`
	Healthy Duration `yaml:"healthy" json:"healthy"`
}

// HealthConfig is the load balancer's health check, answered by the same pool.
type HealthConfig struct {
	Timeout Duration `yaml:"timeout" json:"timeout"` // the balancer gives up after this, counting from the scheduled check
}

// PaymentConfig is the isolation around the payment dependency call.
type PaymentConfig struct {
	Timeout     TimeoutConfig     `yaml:"timeout" json:"timeout"`
	Bulkhead    BulkheadConfig    `yaml:"bulkhead" json:"bulkhead"`
	Breaker     BreakerConfig     `yaml:"breaker" json:"breaker"`
	Connections ConnectionsConfig `yaml:"connections" json:"connections"`
	// Deadline is the payment's one budget, from its scheduled arrival: waiting for a worker,
	// a permit or a connection happens within it, and the call gets what is left. 0: none.
	Deadline Duration    `yaml:"deadline" json:"deadline"`
	Retry    RetryConfig `yaml:"retry" json:"retry"`
}

// BalancerKind is how a fleet's load balancer spreads requests over its replicas.
type BalancerKind string

// RoundRobin gives each request to the next replica in rotation, in turn.
const RoundRobin BalancerKind = "round_robin"

// Word is the kind as the screen says it, the config's spelling for its file: "balancer
// round_robin" was the one setting on screen in config spelling, defined nowhere
// (newcomer 76 G1).
func (k BalancerKind) Word() string { return strings.ReplaceAll(string(k), "_", "-") }

// FleetConfig is a fleet of identical replicas, each a whole instance (its own pool and
// isolation), behind one load balancer, sharing one dependency and one stream of traffic.
// Replicas 0 or 1 is one instance with no balancer in front; its health checks then come
// from traffic.health and pull_after / return_after say when a balancer would pull it.
// With more, the balancer checks each replica every check_every (traffic.health.rate is
// replaced by those checks). Fleet settings take effect on restart.
type FleetConfig struct {
	Replicas    int          `yaml:"replicas" json:"replicas"`
	Balancer    BalancerKind `yaml:"balancer" json:"balancer"`
	PullAfter   int          `yaml:"pull_after" json:"pull_after"`     // checks not ok in a row that take a replica out of rotation
	ReturnAfter int          `yaml:"return_after" json:"return_after"` // checks ok in a row that bring it back
	CheckEvery  Duration     `yaml:"check_every" json:"check_every"`   // how often the balancer checks each replica
	Drain       DrainConfig  `yaml:"drain" json:"drain"`
}

// BackIn is about how long a pulled replica stays out: return_after passed checks, one
// every check_every; a little less where checks it had queued before the pull end ok
// together after it, as the balancer counts each as it ends (newcomer 68: r3 back 9.5s
// after its pull beside "10s").
func (f FleetConfig) BackIn() time.Duration { return time.Duration(f.ReturnAfter) * f.CheckEvery.D() }

// Together says the first of the failed checks that pulled p, the next out after prev, was
// sent before prev went out, and no more (a later one may have failed for what prev left,
// review 19): p's replica is out when the last of PullAfter failed checks in a row, one sent
// every CheckEvery, is decided, no sooner than it was sent; so the first of them was sent
// (PullAfter−1)·CheckEvery before that at least, and one pulled sooner than that after prev
// had it sent before prev went out (the domino's r2 at 12.8s and r3 at 12.9s, whose arrow
// read as r3 falling for being left alone, newcomer 28). PullAfter·CheckEvery claimed it a
// check too far (review 18 #12).
func (f FleetConfig) Together(prev, p Pull) bool {
	return !p.Drained && p.At-prev.At < time.Duration(f.PullAfter-1)*f.CheckEvery.D()
}

// DrainConfig takes one replica out of rotation for a while, as a rolling deploy does: the
// balancer stops sending it requests (those it holds finish) and sends them again when the
// drain ends. It is the operator's doing, not a pull: its health checks have no say.
// Replica 0 is no drain.
type DrainConfig struct {
	Replica int      `yaml:"replica" json:"replica"` // 1 is the first; 0: no drain
	At      Duration `yaml:"at" json:"at"`           // since the start
	For     Duration `yaml:"for" json:"for"`         // how long it stays out; 0s: to the end (a turndown)
}

// IsFleet says the config runs replicas behind a balancer rather than one instance.
func (f FleetConfig) IsFleet() bool { return f.Replicas > 1 }

// SignupConfig is the fast local endpoint that shares the pool.
type SignupConfig struct {
	Work Duration `yaml:"work" json:"work"`
}

// Limits keep a run inside what two cores and loopback can do honestly.
const (
	MaxWorkers  = 10000
	MaxQueue    = 100000
	MaxRate     = 10000 // per class: on 2 cores the generator stays within 2 ms (p99) up to here (BenchmarkVsBare)
	MaxLatency  = 10 * time.Minute
	MaxBulkhead = 10000
	MaxDuration = 24 * time.Hour // a headless run, --duration, --at
	MaxUsers    = 10000          // closed-loop virtual users: a goroutine each
	MaxAttempts = 10             // tries per payment, or per request at a hop
	MaxHops     = 8              // services in a chain
	// MaxKneeExponent keeps a knee's latency finite: (n/knee)^8 is already 256× at twice the knee.
	MaxKneeExponent = 8
	MaxReplicas     = 16 // a fleet: 16 whole instances share two cores and one dependency
	MinCheck        = 10 * time.Millisecond
)

// DefaultConfig is the base every preset file is read onto: the article's lab without isolation.
func DefaultConfig() Config {
	c := Config{
		Name:     "custom",
		Duration: Duration(8 * time.Second),
		Pool: PoolConfig{Workers: 20, Queue: 0, Discipline: FIFO,
			Autoscale: AutoscaleConfig{Step: 4, Every: Duration(200 * time.Millisecond)}},
		Traffic: TrafficConfig{
			// Seed 110: its first 6–15s are typical, every class within one standard deviation
			// of its rate and found-full within one root of full time × rate (shared-pool: 38 of
			// 122 at 8s against ≈ 38), where 127's 35 of 118 against ≈ 50 was a 1-in-65 draw an
			// audience took for a lab that counts "pool full" wrongly. One default, so the
			// presets that keep it share their arrivals and compare pair by pair (review 41a).
			Arrivals: Poisson, Seed: 110,
			Payment: RateConfig{Rate: 10}, Signup: RateConfig{Rate: 5},
			Mode: Open, Users: 1,
		},
		Dependency: DependencyConfig{
			Latency: Duration(3 * time.Second), HealthyLatency: Duration(50 * time.Millisecond), Mode: ModeSlow,
			Brownout:     BrownoutConfig{Slow: Duration(5 * time.Second), Healthy: Duration(5 * time.Second)},
			KneeExponent: 2,
		},
		Signup: SignupConfig{Work: Duration(2 * time.Millisecond)},
		Health: HealthConfig{Timeout: Duration(time.Second)},
		Fleet: FleetConfig{Replicas: 1, Balancer: RoundRobin, PullAfter: 3, ReturnAfter: 3,
			CheckEvery: Duration(time.Second)},
	}
	for _, m := range mechanisms {
		if m.defaults != nil {
			m.defaults(&c)
		}
	}
	return c
}

// ErrInvalid marks every configuration error; errors.Is(err, ErrInvalid) tells bad input from failure.
var ErrInvalid = errors.New("invalid configuration")

// FieldError names the dotted key that is wrong and what would be right.
type FieldError struct {
	Key string
	Msg string
}

func (e *FieldError) Error() string { return e.Key + ": " + e.Msg }
func (e *FieldError) Unwrap() error { return ErrInvalid }

// Validate reports the first out-of-range value, naming its key and the allowed range: the
// core's rows, then every registered mechanism's. Every value is checked whether or not its
// mechanism is on (autoscaling, the breaker, a bulkhead, retries): a bad value must not wait
// for the key that turns it on.
func (c Config) Validate() error {
	checks := []check{
		{"duration", c.Duration <= 0 || c.Duration.D() > MaxDuration, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxDuration, c.Duration)},
		{"pool.workers", c.Pool.Workers < 1 || c.Pool.Workers > MaxWorkers, fmt.Sprintf("must be 1..%d, got %d", MaxWorkers, c.Pool.Workers)},
		{"pool.queue", !c.Pool.Queue.Unbounded() && (c.Pool.Queue < 0 || c.Pool.Queue > MaxQueue), fmt.Sprintf("must be 0..%d (0 rejects when every worker is busy) or unbounded, got %d", MaxQueue, c.Pool.Queue)},
		{"traffic.arrivals", !oneOf(c.Traffic.Arrivals, Uniform, Poisson), fmt.Sprintf("must be uniform or poisson, got %s", Quote(string(c.Traffic.Arrivals)))},
		{"traffic.payment.rate", !validRate(c.Traffic.Payment.Rate), rateMsg(c.Traffic.Payment.Rate)},
		{"traffic.signup.rate", !validRate(c.Traffic.Signup.Rate), rateMsg(c.Traffic.Signup.Rate)},
		{"dependency.latency", c.Dependency.Latency < 0 || c.Dependency.Latency.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.Latency)},
		{"dependency.healthy_latency", c.Dependency.HealthyLatency < 0 || c.Dependency.HealthyLatency.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.HealthyLatency)},
		{"dependency.jitter", c.Dependency.Jitter < 0 || c.Dependency.Jitter.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.Jitter)},
		{"dependency.mode", !oneOf(c.Dependency.Mode, DependencyModes...), fmt.Sprintf("must be one of %s, got %s", join(DependencyModes), Quote(string(c.Dependency.Mode)))},
		{"signup.work", c.Signup.Work < 0 || c.Signup.Work.D() > time.Minute, fmt.Sprintf("must be 0s..1m, got %s", c.Signup.Work)},
		{"traffic.health.rate", !validRate(c.Traffic.Health.Rate), rateMsg(c.Traffic.Health.Rate)},
		{"health.timeout", c.Health.Timeout <= 0 || c.Health.Timeout.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Health.Timeout)},
		{"dependency.brownout.slow", c.Dependency.Brownout.Slow <= 0 || c.Dependency.Brownout.Slow.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Dependency.Brownout.Slow)},
		{"dependency.brownout.healthy", c.Dependency.Brownout.Healthy <= 0 || c.Dependency.Brownout.Healthy.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Dependency.Brownout.Healthy)},
		{"traffic.mode", !oneOf(c.Traffic.Mode, Open, Closed), fmt.Sprintf("must be open or closed, got %s", Quote(string(c.Traffic.Mode)))},
		{"traffic.users", c.Traffic.Users < 1 || c.Traffic.Users > MaxUsers, fmt.Sprintf("must be 1..%d (closed mode's virtual users), got %d", MaxUsers, c.Traffic.Users)},
		{"traffic.think", c.Traffic.Think < 0 || c.Traffic.Think.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Traffic.Think)},
		{"dependency.stall.for", c.Dependency.Stall.For < 0 || c.Dependency.Stall.For.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s: no stall), got %s", MaxLatency, c.Dependency.Stall.For)},
		{"dependency.stall.every", c.Dependency.Stall.Every < 0 || c.Dependency.Stall.Every.D() > MaxDuration || c.Dependency.Stall.Every > 0 && c.Dependency.Stall.Every <= c.Dependency.Stall.For,
			fmt.Sprintf("must be 0s (one stall) or longer than stall.for (%s) and at most %s, got %s", c.Dependency.Stall.For, MaxDuration, c.Dependency.Stall.Every)},
		{"dependency.stall.first_at", c.Dependency.Stall.FirstAt < 0 || c.Dependency.Stall.FirstAt.D() > MaxDuration, fmt.Sprintf("must be 0s..%s, got %s", MaxDuration, c.Dependency.Stall.FirstAt)},
		{"traffic.payment.resubmit_after", c.Traffic.Payment.ResubmitAfter < 0 || c.Traffic.Payment.ResubmitAfter.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s: never), got %s", MaxLatency, c.Traffic.Payment.ResubmitAfter)},
		{"traffic.signup.resubmit_after", c.Traffic.Signup.ResubmitAfter < 0 || c.Traffic.Signup.ResubmitAfter.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s: never), got %s", MaxLatency, c.Traffic.Signup.ResubmitAfter)},
		{"traffic.health.resubmit_after", c.Traffic.Health.ResubmitAfter < 0 || c.Traffic.Health.ResubmitAfter.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s: never), got %s", MaxLatency, c.Traffic.Health.ResubmitAfter)},
		{"pool.autoscale.max", c.Pool.Autoscale.Max != 0 && (c.Pool.Autoscale.Max < c.Pool.Workers || c.Pool.Autoscale.Max > MaxWorkers), fmt.Sprintf("must be 0 (no autoscaling) or pool.workers (%d)..%d, got %d", c.Pool.Workers, MaxWorkers, c.Pool.Autoscale.Max)},
		{"pool.autoscale.step", c.Pool.Autoscale.Step < 1 || c.Pool.Autoscale.Step > MaxWorkers, fmt.Sprintf("must be 1..%d, got %d", MaxWorkers, c.Pool.Autoscale.Step)},
		{"pool.autoscale.every", c.Pool.Autoscale.Every.D() < 10*time.Millisecond || c.Pool.Autoscale.Every.D() > time.Hour, fmt.Sprintf("must be 10ms..1h, got %s", c.Pool.Autoscale.Every)},
		{"dependency.knee", c.Dependency.Knee < 0 || c.Dependency.Knee > MaxWorkers, fmt.Sprintf("must be 0 (none)..%d, got %d", MaxWorkers, c.Dependency.Knee)},
		{"dependency.knee_exponent", !(c.Dependency.KneeExponent > 0 && c.Dependency.KneeExponent <= MaxKneeExponent), fmt.Sprintf("must be above 0 and at most %d (above 1 the dependency answers fewer per second past its knee), got %g", MaxKneeExponent, c.Dependency.KneeExponent)},
		{"traffic.payment.label", !validLabel(c.Traffic.Payment.Label), labelMsg(c.Traffic.Payment.Label)},
		{"traffic.signup.label", !validLabel(c.Traffic.Signup.Label), labelMsg(c.Traffic.Signup.Label)},
		{"traffic.health.label", !validLabel(c.Traffic.Health.Label), labelMsg(c.Traffic.Health.Label)},
		{"fleet.replicas", c.Fleet.Replicas < 0 || c.Fleet.Replicas > MaxReplicas, fmt.Sprintf("must be 0..%d (0 or 1: one instance, no balancer), got %d", MaxReplicas, c.Fleet.Replicas)},
		{"fleet.balancer", c.Fleet.Balancer != RoundRobin, fmt.Sprintf("must be %s, got %s", RoundRobin, Quote(string(c.Fleet.Balancer)))},
		{"fleet.pull_after", c.Fleet.PullAfter < 1 || c.Fleet.PullAfter > 100, fmt.Sprintf("must be 1..100, got %d", c.Fleet.PullAfter)},
		{"fleet.return_after", c.Fleet.ReturnAfter < 1 || c.Fleet.ReturnAfter > 100, fmt.Sprintf("must be 1..100, got %d", c.Fleet.ReturnAfter)},
		{"fleet.check_every", c.Fleet.CheckEvery.D() < MinCheck || c.Fleet.CheckEvery.D() > time.Minute, fmt.Sprintf("must be %s..1m, got %s", MinCheck, c.Fleet.CheckEvery)},
		{"fleet.drain.replica", c.Fleet.Drain.Replica < 0 || c.Fleet.Drain.Replica > 0 && (!c.Fleet.IsFleet() || c.Fleet.Drain.Replica > c.Fleet.Replicas),
			fmt.Sprintf("must be 0 (no drain) or one of the fleet's replicas, 1..fleet.replicas (%d, and a fleet has 2 or more), got %d", c.Fleet.Replicas, c.Fleet.Drain.Replica)},
		{"fleet.drain.at", c.Fleet.Drain.At < 0 || c.Fleet.Drain.At.D() > MaxDuration, fmt.Sprintf("must be 0s..%s, got %s", MaxDuration, c.Fleet.Drain.At)},
		{"fleet.drain.for", c.Fleet.Drain.For < 0 || c.Fleet.Drain.For.D() > MaxDuration, fmt.Sprintf("must be 0s (to the end)..%s, got %s", MaxDuration, c.Fleet.Drain.For)},
	}
	for _, m := range mechanisms {
		if m.checks != nil {
			checks = append(checks, m.checks(c)...)
		}
	}
	for _, ch := range checks {
		if ch.bad {
			return &FieldError{Key: ch.key, Msg: ch.msg}
		}
	}
	return c.Traffic.validateProfiles()
}

// MinRate is the slowest traffic there is: one request every 100 s. Below it a run would
// send nothing, and the schedule's arithmetic would leave time.Duration's range.
const MinRate = 0.01

func validRate(r float64) bool { return r == 0 || (r >= MinRate && r <= MaxRate) }

func rateMsg(r float64) string {
	return fmt.Sprintf("must be 0 (none) or %g..%d per second, got %g", MinRate, MaxRate, r)
}

func oneOf[T comparable](v T, allowed ...T) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

func allOf[T comparable](vs []T, allowed ...T) bool {
	for _, v := range vs {
		if !oneOf(v, allowed...) {
			return false
		}
	}
	return true
}

func join[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// AppliedOver is c as Apply puts it in force over old: what changes only on restart kept as
// in old, the arrival shape, seed, mode, users, think time and profiles (they define the
// schedule already under way), and the fleet.
func (c Config) AppliedOver(old *Config) Config {
	c.Traffic.Arrivals, c.Traffic.Seed = old.Traffic.Arrivals, old.Traffic.Seed
	c.Traffic.Mode, c.Traffic.Users, c.Traffic.Think = old.Traffic.Mode, old.Traffic.Users, old.Traffic.Think
	c.Traffic.Payment.Profile, c.Traffic.Signup.Profile, c.Traffic.Health.Profile =
		old.Traffic.Payment.Profile, old.Traffic.Signup.Profile, old.Traffic.Health.Profile
	c.Fleet = old.Fleet
	return c
}

// Equal says c and o are the same settings. A Config holds lists (profiles,
// payment.retry.on), so == does not compile for it; an empty profile is the same as none.
func (c Config) Equal(o Config) bool {
	return reflect.DeepEqual(c.withoutEmptyProfiles(), o.withoutEmptyProfiles())
}

func (c Config) withoutEmptyProfiles() Config {
	for _, r := range []*RateConfig{&c.Traffic.Payment, &c.Traffic.Signup, &c.Traffic.Health} {
		if len(r.Profile) == 0 {
			r.Profile = nil
		}
	}
	return c
}

// Equal says t and o are the same traffic (see Config.Equal).
func (t TrafficConfig) Equal(o TrafficConfig) bool {
	return Config{Traffic: t}.Equal(Config{Traffic: o})
}
