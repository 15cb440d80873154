package lab

import (
	"errors"
	"fmt"
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
// because "3" could mean seconds or milliseconds.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(strings.TrimSpace(string(b)))
	if err != nil {
		return fmt.Errorf("%q is not a duration (write it like 3s, 250ms or 1m)", string(b))
	}
	*d = Duration(v)
	return nil
}

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
}

// RateConfig is one class's arrival rate in requests per second.
type RateConfig struct {
	Rate float64 `yaml:"rate" json:"rate"`
}

// DependencyMode is what the slow dependency does with each request.
type DependencyMode string

const (
	ModeHealthy DependencyMode = "healthy"
	ModeSlow    DependencyMode = "slow"
	ModeDown    DependencyMode = "down"
	ModeErrors  DependencyMode = "errors"
)

// DependencyModes lists the modes in the order the UI cycles them.
var DependencyModes = []DependencyMode{ModeHealthy, ModeSlow, ModeDown, ModeErrors}

// DependencyConfig drives the slow HTTP server payments call.
type DependencyConfig struct {
	Latency        Duration       `yaml:"latency" json:"latency"`
	HealthyLatency Duration       `yaml:"healthy_latency" json:"healthy_latency"`
	Jitter         Duration       `yaml:"jitter" json:"jitter"`
	Mode           DependencyMode `yaml:"mode" json:"mode"`
	IgnoreCancel   bool           `yaml:"ignore_cancel" json:"ignore_cancel"`
}

// TimeoutKind says what a payment timeout cuts.
type TimeoutKind string

const (
	TimeoutNone   TimeoutKind = "none"
	TimeoutSocket TimeoutKind = "socket"
)

// TimeoutKinds lists the kinds in the order the UI cycles them.
var TimeoutKinds = []TimeoutKind{TimeoutNone, TimeoutSocket}

// TimeoutConfig bounds one payment call.
type TimeoutConfig struct {
	Kind     TimeoutKind `yaml:"kind" json:"kind"`
	Duration Duration    `yaml:"duration" json:"duration"`
}

// BulkheadType is how payments are fenced off from the shared pool.
type BulkheadType string

const (
	BulkheadNone      BulkheadType = "none"
	BulkheadSemaphore BulkheadType = "semaphore"
)

// BulkheadTypes lists the types in the order the UI cycles them.
var BulkheadTypes = []BulkheadType{BulkheadNone, BulkheadSemaphore}

// BulkheadConfig bounds how many payments may hold workers at once.
type BulkheadConfig struct {
	Type    BulkheadType `yaml:"type" json:"type"`
	Size    int          `yaml:"size" json:"size"`
	MaxWait Duration     `yaml:"max_wait" json:"max_wait"`
}

// BreakerConfig switches the circuit breaker.
type BreakerConfig struct {
	Enabled bool `yaml:"enabled" json:"enabled"`
}

// PaymentConfig is the isolation around the payment dependency call.
type PaymentConfig struct {
	Timeout  TimeoutConfig  `yaml:"timeout" json:"timeout"`
	Bulkhead BulkheadConfig `yaml:"bulkhead" json:"bulkhead"`
	Breaker  BreakerConfig  `yaml:"breaker" json:"breaker"`
}

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
)

// DefaultConfig is the base every preset file is read onto: the article's lab without isolation.
func DefaultConfig() Config {
	return Config{
		Name:     "custom",
		Duration: Duration(8 * time.Second),
		Pool:     PoolConfig{Workers: 20, Queue: 0, Discipline: FIFO},
		Traffic: TrafficConfig{
			Arrivals: Uniform, Seed: 1,
			Payment: RateConfig{Rate: 10}, Signup: RateConfig{Rate: 5},
		},
		Dependency: DependencyConfig{
			Latency: Duration(3 * time.Second), HealthyLatency: Duration(50 * time.Millisecond), Mode: ModeSlow,
		},
		Payment: PaymentConfig{
			Timeout:  TimeoutConfig{Kind: TimeoutNone, Duration: Duration(time.Second)},
			Bulkhead: BulkheadConfig{Type: BulkheadNone, Size: 5},
		},
		Signup: SignupConfig{Work: Duration(2 * time.Millisecond)},
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
		{"duration", c.Duration <= 0, "must be more than 0s"},
		{"pool.workers", c.Pool.Workers < 1 || c.Pool.Workers > MaxWorkers, fmt.Sprintf("must be 1..%d, got %d", MaxWorkers, c.Pool.Workers)},
		{"pool.queue", c.Pool.Queue < 0 || c.Pool.Queue > MaxQueue, fmt.Sprintf("must be 0..%d (0 rejects when every worker is busy), got %d", MaxQueue, c.Pool.Queue)},
		{"pool.discipline", !oneOf(c.Pool.Discipline, FIFO, LIFO), fmt.Sprintf("must be fifo or lifo, got %q", c.Pool.Discipline)},
		{"traffic.arrivals", !oneOf(c.Traffic.Arrivals, Uniform, Poisson), fmt.Sprintf("must be uniform or poisson, got %q", c.Traffic.Arrivals)},
		{"traffic.payment.rate", !(c.Traffic.Payment.Rate >= 0 && c.Traffic.Payment.Rate <= MaxRate), fmt.Sprintf("must be 0..%d per second, got %g", MaxRate, c.Traffic.Payment.Rate)},
		{"traffic.signup.rate", !(c.Traffic.Signup.Rate >= 0 && c.Traffic.Signup.Rate <= MaxRate), fmt.Sprintf("must be 0..%d per second, got %g", MaxRate, c.Traffic.Signup.Rate)},
		{"dependency.latency", c.Dependency.Latency < 0 || c.Dependency.Latency.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.Latency)},
		{"dependency.healthy_latency", c.Dependency.HealthyLatency < 0 || c.Dependency.HealthyLatency.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.HealthyLatency)},
		{"dependency.jitter", c.Dependency.Jitter < 0 || c.Dependency.Jitter.D() > MaxLatency, fmt.Sprintf("must be 0s..%s, got %s", MaxLatency, c.Dependency.Jitter)},
		{"dependency.mode", !oneOf(c.Dependency.Mode, DependencyModes...), fmt.Sprintf("must be one of %s, got %q", join(DependencyModes), c.Dependency.Mode)},
		{"payment.timeout.kind", !oneOf(c.Payment.Timeout.Kind, TimeoutKinds...), fmt.Sprintf("must be one of %s, got %q", join(TimeoutKinds), c.Payment.Timeout.Kind)},
		{"payment.timeout.duration", c.Payment.Timeout.Duration <= 0 || c.Payment.Timeout.Duration.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, c.Payment.Timeout.Duration)},
		{"payment.bulkhead.type", !oneOf(c.Payment.Bulkhead.Type, BulkheadTypes...), fmt.Sprintf("must be one of %s, got %q", join(BulkheadTypes), c.Payment.Bulkhead.Type)},
		{"payment.bulkhead.size", c.Payment.Bulkhead.Size < 1 || c.Payment.Bulkhead.Size > MaxBulkhead, fmt.Sprintf("must be 1..%d, got %d", MaxBulkhead, c.Payment.Bulkhead.Size)},
		{"payment.bulkhead.max_wait", c.Payment.Bulkhead.MaxWait < 0 || c.Payment.Bulkhead.MaxWait.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s rejects at once), got %s", MaxLatency, c.Payment.Bulkhead.MaxWait)},
		{"signup.work", c.Signup.Work < 0 || c.Signup.Work.D() > time.Minute, fmt.Sprintf("must be 0s..1m, got %s", c.Signup.Work)},
	}
	for _, ch := range checks {
		if ch.bad {
			return &FieldError{Key: ch.key, Msg: ch.msg}
		}
	}
	return nil
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
