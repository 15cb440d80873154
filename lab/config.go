package lab

import (
	"errors"
	"fmt"
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
	Workers    int        `yaml:"workers" json:"workers"`
	Queue      int        `yaml:"queue" json:"queue"`
	Discipline Discipline `yaml:"discipline" json:"discipline"`
}

// Discipline is the order in which queued work reaches a free worker.
type Discipline string

const (
	FIFO Discipline = "fifo"
	LIFO Discipline = "lifo"
)

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
}

// RateConfig is one class's arrival rate in requests per second.
type RateConfig struct {
	Rate float64 `yaml:"rate" json:"rate"`
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
}

// BrownoutConfig is the schedule of the brownout mode.
type BrownoutConfig struct {
	Slow    Duration `yaml:"slow" json:"slow"`
	Healthy Duration `yaml:"healthy" json:"healthy"`
}

// TimeoutKind says what a payment timeout cuts.
type TimeoutKind string

const (
	TimeoutNone   TimeoutKind = "none"
	TimeoutSocket TimeoutKind = "socket" // the call's own deadline: the call ends, the worker is free
	TimeoutCaller TimeoutKind = "caller" // the worker walks away; the call goes on, orphaned
)

// TimeoutKinds lists the kinds in the order the UI cycles them.
var TimeoutKinds = []TimeoutKind{TimeoutNone, TimeoutSocket, TimeoutCaller}

// TimeoutConfig bounds one payment call.
type TimeoutConfig struct {
	Kind     TimeoutKind `yaml:"kind" json:"kind"`
	Duration Duration    `yaml:"duration" json:"duration"`
}

// BulkheadType is how payments are fenced off from the shared pool.
type BulkheadType string

const (
	BulkheadNone       BulkheadType = "none"
	BulkheadSemaphore  BulkheadType = "semaphore"  // the worker makes the call while holding a permit
	BulkheadThreadPool BulkheadType = "threadpool" // the call runs on the bulkhead's own goroutines
)

// BulkheadTypes lists the types in the order the UI cycles them.
var BulkheadTypes = []BulkheadType{BulkheadNone, BulkheadSemaphore, BulkheadThreadPool}

// BulkheadConfig bounds how many payments may hold workers at once.
type BulkheadConfig struct {
	Type    BulkheadType `yaml:"type" json:"type"`
	Size    int          `yaml:"size" json:"size"`
	MaxWait Duration     `yaml:"max_wait" json:"max_wait"` // semaphore: wait for a permit; 0 rejects at once
	Queue   int          `yaml:"queue" json:"queue"`       // threadpool: calls that may wait for a thread
}

// BreakerConfig is the circuit breaker (failsafe-go's, driven by hand).
type BreakerConfig struct {
	Enabled         bool     `yaml:"enabled" json:"enabled"`
	MinCalls        int      `yaml:"min_calls" json:"min_calls"`               // calls in the window before it may open
	FailureRate     float64  `yaml:"failure_rate" json:"failure_rate"`         // percent of failed calls that opens it
	Window          Duration `yaml:"window" json:"window"`                     // rolling period the rate is taken over
	OpenFor         Duration `yaml:"open_for" json:"open_for"`                 // before a half-open trial
	HalfOpenCalls   int      `yaml:"half_open_calls" json:"half_open_calls"`   // real requests let through to test
	CountRejections bool     `yaml:"count_rejections" json:"count_rejections"` // the trap: own bulkhead rejections count as failures
}

// ConnectionsConfig is the HTTP client's connection pool per route (Apache HttpClient's model).
type ConnectionsConfig struct {
	PerRoute     int      `yaml:"per_route" json:"per_route"`         // 0: unlimited
	LeaseTimeout Duration `yaml:"lease_timeout" json:"lease_timeout"` // how long a worker waits for a connection
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
	Deadline Duration `yaml:"deadline" json:"deadline"`
}

// BalancerKind is how a fleet's load balancer spreads requests over its replicas.
type BalancerKind string

// RoundRobin gives each request to the next replica in rotation, in turn.
const RoundRobin BalancerKind = "round_robin"

// FleetConfig is a fleet of identical replicas, each a whole instance (its own pool and
// isolation), behind one load balancer, sharing one dependency and one stream of traffic.
// Replicas 0 or 1 is one instance with no balancer in front; its health checks then come
// from traffic.health and pull_after / return_after say when a balancer would pull it.
// With more, the balancer checks each replica every check_every (traffic.health.rate is
// replaced by those checks). Fleet settings take effect on restart.
type FleetConfig struct {
	Replicas    int          `yaml:"replicas" json:"replicas"`
	Balancer    BalancerKind `yaml:"balancer" json:"balancer"`
	PullAfter   int          `yaml:"pull_after" json:"pull_after"`     // failed checks in a row that take a replica out of rotation
	ReturnAfter int          `yaml:"return_after" json:"return_after"` // passed checks in a row that bring it back
	CheckEvery  Duration     `yaml:"check_every" json:"check_every"`   // how often the balancer checks each replica
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
	MaxRate     = 5000
	MaxLatency  = 10 * time.Minute
	MaxBulkhead = 10000
	MaxDuration = 24 * time.Hour // a headless run, --duration, --at
	MaxReplicas = 16             // a fleet: 16 whole instances share two cores and one dependency
	MinCheck    = 50 * time.Millisecond
)

// DefaultConfig is the base every preset file is read onto: the article's lab without isolation.
func DefaultConfig() Config {
	return Config{
		Name:     "custom",
		Duration: Duration(8 * time.Second),
		Pool:     PoolConfig{Workers: 20, Queue: 0, Discipline: FIFO},
		Traffic: TrafficConfig{
			Arrivals: Poisson, Seed: 1,
			Payment: RateConfig{Rate: 10}, Signup: RateConfig{Rate: 5},
		},
		Dependency: DependencyConfig{
			Latency: Duration(3 * time.Second), HealthyLatency: Duration(50 * time.Millisecond), Mode: ModeSlow,
			Brownout: BrownoutConfig{Slow: Duration(5 * time.Second), Healthy: Duration(5 * time.Second)},
		},
		Payment: PaymentConfig{
			Timeout:  TimeoutConfig{Kind: TimeoutNone, Duration: Duration(time.Second)},
			Bulkhead: BulkheadConfig{Type: BulkheadNone, Size: 5},
			// Hystrix's defaults: 20 calls, 50%, 5 s asleep, one trial request.
			Breaker: BreakerConfig{MinCalls: 20, FailureRate: 50, Window: Duration(10 * time.Second),
				OpenFor: Duration(5 * time.Second), HalfOpenCalls: 1},
			// Apache HttpClient 5: 5 per route, 3 minutes to lease one (only used when per_route > 0).
			Connections: ConnectionsConfig{PerRoute: 0, LeaseTimeout: Duration(3 * time.Minute)},
		},
		Signup: SignupConfig{Work: Duration(2 * time.Millisecond)},
		Health: HealthConfig{Timeout: Duration(time.Second)},
		Fleet: FleetConfig{Replicas: 1, Balancer: RoundRobin, PullAfter: 3, ReturnAfter: 3,
			CheckEvery: Duration(time.Second)},
	}
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

// Validate reports the first out-of-range value, naming its key and the allowed range.
func (c Config) Validate() error {
	checks := []struct {
		key string
		bad bool
		msg string
	}{
		{"duration", c.Duration <= 0 || c.Duration.D() > MaxDuration, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxDuration, c.Duration)},
		{"pool.workers", c.Pool.Workers < 1 || c.Pool.Workers > MaxWorkers, fmt.Sprintf("must be 1..%d, got %d", MaxWorkers, c.Pool.Workers)},
		{"pool.queue", c.Pool.Queue < 0 || c.Pool.Queue > MaxQueue, fmt.Sprintf("must be 0..%d (0 rejects when every worker is busy), got %d", MaxQueue, c.Pool.Queue)},
		{"pool.discipline", !oneOf(c.Pool.Discipline, FIFO, LIFO), fmt.Sprintf("must be fifo or lifo, got %s", Quote(string(c.Pool.Discipline)))},
		{"traffic.arrivals", !oneOf(c.Traffic.Arrivals, Uniform, Poisson), fmt.Sprintf("must be uniform or poisson, got %s", Quote(string(c.Traffic.Arrivals)))},
		{"traffic.payment.rate", !validRate(c.Traffic.Payment.Rate), rateMsg(c.Traffic.Payment.Rate)},
		{"traffic.signup.rate", !validRate(c.Traffic.Signup.Rate), rateMsg(c.Traffic.Signup.Rate)},
		{"dependency.latency", c.Dependency.Latency < 0 || c.Dependency.Latency.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.Latency)},
		{"dependency.healthy_latency", c.Dependency.HealthyLatency < 0 || c.Dependency.HealthyLatency.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.HealthyLatency)},
		{"dependency.jitter", c.Dependency.Jitter < 0 || c.Dependency.Jitter.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.Jitter)},
		{"dependency.mode", !oneOf(c.Dependency.Mode, DependencyModes...), fmt.Sprintf("must be one of %s, got %s", join(DependencyModes), Quote(string(c.Dependency.Mode)))},
		{"payment.timeout.kind", !oneOf(c.Payment.Timeout.Kind, TimeoutKinds...), fmt.Sprintf("must be one of %s, got %s", join(TimeoutKinds), Quote(string(c.Payment.Timeout.Kind)))},
		{"payment.timeout.duration", c.Payment.Timeout.Duration <= 0 || c.Payment.Timeout.Duration.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Payment.Timeout.Duration)},
		{"payment.bulkhead.type", !oneOf(c.Payment.Bulkhead.Type, BulkheadTypes...), fmt.Sprintf("must be one of %s, got %s", join(BulkheadTypes), Quote(string(c.Payment.Bulkhead.Type)))},
		{"payment.bulkhead.size", c.Payment.Bulkhead.Size < 1 || c.Payment.Bulkhead.Size > MaxBulkhead, fmt.Sprintf("must be 1..%d, got %d", MaxBulkhead, c.Payment.Bulkhead.Size)},
		{"payment.bulkhead.max_wait", c.Payment.Bulkhead.MaxWait < 0 || c.Payment.Bulkhead.MaxWait.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s rejects at once), got %s", MaxLatency, c.Payment.Bulkhead.MaxWait)},
		{"signup.work", c.Signup.Work < 0 || c.Signup.Work.D() > time.Minute, fmt.Sprintf("must be 0s..1m, got %s", c.Signup.Work)},
		{"traffic.health.rate", !validRate(c.Traffic.Health.Rate), rateMsg(c.Traffic.Health.Rate)},
		{"health.timeout", c.Health.Timeout <= 0 || c.Health.Timeout.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Health.Timeout)},
		{"dependency.brownout.slow", c.Dependency.Brownout.Slow <= 0 || c.Dependency.Brownout.Slow.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Dependency.Brownout.Slow)},
		{"dependency.brownout.healthy", c.Dependency.Brownout.Healthy <= 0 || c.Dependency.Brownout.Healthy.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Dependency.Brownout.Healthy)},
		{"payment.bulkhead.queue", c.Payment.Bulkhead.Queue < 0 || c.Payment.Bulkhead.Queue > MaxQueue, fmt.Sprintf("must be 0..%d, got %d", MaxQueue, c.Payment.Bulkhead.Queue)},
		{"payment.breaker.min_calls", c.Payment.Breaker.MinCalls < 1 || c.Payment.Breaker.MinCalls > 100000, fmt.Sprintf("must be 1..100000, got %d", c.Payment.Breaker.MinCalls)},
		{"payment.breaker.failure_rate", !(c.Payment.Breaker.FailureRate > 0 && c.Payment.Breaker.FailureRate <= 100), fmt.Sprintf("must be a percentage above 0 and at most 100, got %g", c.Payment.Breaker.FailureRate)},
		{"payment.breaker.window", c.Payment.Breaker.Window <= 0 || c.Payment.Breaker.Window.D() > time.Hour, fmt.Sprintf("must be more than 0s and at most 1h, got %s", c.Payment.Breaker.Window)},
		{"payment.breaker.open_for", c.Payment.Breaker.OpenFor <= 0 || c.Payment.Breaker.OpenFor.D() > time.Hour, fmt.Sprintf("must be more than 0s and at most 1h, got %s", c.Payment.Breaker.OpenFor)},
		{"payment.breaker.half_open_calls", c.Payment.Breaker.HalfOpenCalls < 1 || c.Payment.Breaker.HalfOpenCalls > 1000, fmt.Sprintf("must be 1..1000, got %d", c.Payment.Breaker.HalfOpenCalls)},
		{"payment.connections.per_route", c.Payment.Connections.PerRoute < 0 || c.Payment.Connections.PerRoute > MaxWorkers, fmt.Sprintf("must be 0..%d (0: unlimited), got %d", MaxWorkers, c.Payment.Connections.PerRoute)},
		{"payment.deadline", c.Payment.Deadline < 0 || c.Payment.Deadline.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s: no deadline), got %s", MaxLatency, c.Payment.Deadline)},
		{"payment.connections.lease_timeout", c.Payment.Connections.LeaseTimeout < 0 || c.Payment.Connections.LeaseTimeout.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s fails at once), got %s", MaxLatency, c.Payment.Connections.LeaseTimeout)},
		{"fleet.replicas", c.Fleet.Replicas < 0 || c.Fleet.Replicas > MaxReplicas, fmt.Sprintf("must be 0..%d (0 or 1: one instance, no balancer), got %d", MaxReplicas, c.Fleet.Replicas)},
		{"fleet.balancer", c.Fleet.Balancer != RoundRobin, fmt.Sprintf("must be %s, got %s", RoundRobin, Quote(string(c.Fleet.Balancer)))},
		{"fleet.pull_after", c.Fleet.PullAfter < 1 || c.Fleet.PullAfter > 100, fmt.Sprintf("must be 1..100, got %d", c.Fleet.PullAfter)},
		{"fleet.return_after", c.Fleet.ReturnAfter < 1 || c.Fleet.ReturnAfter > 100, fmt.Sprintf("must be 1..100, got %d", c.Fleet.ReturnAfter)},
		{"fleet.check_every", c.Fleet.CheckEvery.D() < MinCheck || c.Fleet.CheckEvery.D() > time.Minute, fmt.Sprintf("must be %s..1m, got %s", MinCheck, c.Fleet.CheckEvery)},
	}
	for _, ch := range checks {
		if ch.bad {
			return &FieldError{Key: ch.key, Msg: ch.msg}
		}
	}
	return nil
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

func join[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}
