// Tests of Duration and of Validate's rows.

package lab

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

func TestDurationUnmarshalText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		err  string // the message, if the text is refused
	}{
		{in: "3s", want: 3 * time.Second},
		{in: " 250ms ", want: 250 * time.Millisecond},
		{in: "1.5h", want: 90 * time.Minute},
		{in: "2562047h", want: 2562047 * time.Hour},
		{in: "abc", err: `"abc" is not a duration (write it like 3s, 250ms or 1m)`},
		{in: "8", err: `"8" is not a duration (write it like 3s, 250ms or 1m)`},
		{in: "3000000h", err: `"3000000h" is out of range (too long for any duration)`},
		{in: "-3000000h", err: `"-3000000h" is out of range (too long for any duration)`},
		{in: "99999999999999999999s", err: `"99999999999999999999s" is out of range (too long for any duration)`},
		{in: "2562047h47m17s", err: `"2562047h47m17s" is out of range (too long for any duration)`},
		{in: strings.Repeat("9", 1000) + "h", err: `"` + strings.Repeat("9", MaxQuoted) + `"… is out of range (too long for any duration)`},
		{in: strings.Repeat("x", 1000), err: `"` + strings.Repeat("x", MaxQuoted) + `"… is not a duration (write it like 3s, 250ms or 1m)`},
		{in: "3s\x1b[2J", err: `"3s\x1b[2J" is not a duration (write it like 3s, 250ms or 1m)`},
	} {
		var d Duration
		err := d.UnmarshalText([]byte(tc.in))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case tc.err == "" && d.D() != tc.want:
			t.Errorf("%q = %v, want %v", tc.in, d.D(), tc.want)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%q: error %v, want %s", tc.in, err, tc.err)
		}
	}
}

// A headless run lasts at most MaxDuration; a bad choice is quoted short and safe.
func TestValidateBoundsAndQuotes(t *testing.T) {
	for _, tc := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Duration = Duration(MaxDuration) }, ""},
		{func(c *Config) { c.Duration = Duration(MaxDuration + time.Second) }, "duration: must be more than 0s and at most 24h0m0s, got 24h0m1s"},
		{func(c *Config) { c.Duration = 0 }, "duration: must be more than 0s and at most 24h0m0s, got 0s"},
		{func(c *Config) { c.Pool.Discipline = Discipline(strings.Repeat("z", 100_000)) },
			`pool.discipline: must be fifo, lifo or codel, got "` + strings.Repeat("z", MaxQuoted) + `"…`},
		{func(c *Config) {
			c.Fleet.Replicas, c.Fleet.Drain = 4, DrainConfig{Replica: 4, At: Duration(time.Second)}
		}, ""},
		{func(c *Config) { c.Fleet.Replicas, c.Fleet.Drain.Replica = 4, 5 },
			"fleet.drain.replica: must be 0 (no drain) or one of the fleet's replicas, 1..fleet.replicas (4, and a fleet has 2 or more), got 5"},
		{func(c *Config) { c.Fleet.Drain.Replica = 1 },
			"fleet.drain.replica: must be 0 (no drain) or one of the fleet's replicas, 1..fleet.replicas (1, and a fleet has 2 or more), got 1"},
		{func(c *Config) { c.Fleet.Drain.For = Duration(-time.Second) }, "fleet.drain.for: must be 0s (to the end)..24h0m0s, got -1s"},
		{func(c *Config) { c.Dependency.Mode = "slow\x1b]0;x\a" },
			`dependency.mode: must be one of healthy, slow, down, errors, brownout, got "slow\x1b]0;x\a"`},
	} {
		c := DefaultConfig()
		tc.change(&c)
		err := c.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v", err)
		case tc.want != "" && (err == nil || err.Error() != tc.want || !errors.Is(err, ErrInvalid)):
			t.Errorf("error %v, want %s", err, tc.want)
		}
	}
}

// Every value is checked whether or not its mechanism is on: a bad value must not lie in
// wait for the key that turns the mechanism on (issue 20: pool.autoscale.step=-1 passed
// while autoscaling was off). Each row leaves its mechanism off and sets one of its values
// out of range.
func TestValidateChecksMechanismsThatAreOff(t *testing.T) {
	for _, tc := range []struct {
		key    string
		change func(*Config)
	}{
		{"pool.autoscale.step", func(c *Config) { c.Pool.Autoscale.Step = -1 }},
		{"pool.autoscale.step", func(c *Config) { c.Pool.Autoscale.Step = 0 }},
		{"pool.autoscale.every", func(c *Config) { c.Pool.Autoscale.Every = 0 }},
		{"pool.autoscale.every", func(c *Config) { c.Pool.Autoscale.Every = Duration(2 * time.Hour) }},
		{"payment.breaker.min_calls", func(c *Config) { c.Payment.Breaker.MinCalls = 0 }},
		{"payment.breaker.failure_rate", func(c *Config) { c.Payment.Breaker.FailureRate = 101 }},
		{"payment.breaker.open_for", func(c *Config) { c.Payment.Breaker.OpenFor = -1 }},
		{"payment.bulkhead.size", func(c *Config) { c.Payment.Bulkhead.Size = -1 }},
		{"payment.bulkhead.max_wait", func(c *Config) { c.Payment.Bulkhead.MaxWait = -1 }},
		{"payment.bulkhead.queue", func(c *Config) { c.Payment.Bulkhead.Queue = -1 }},
		{"payment.timeout.duration", func(c *Config) { c.Payment.Timeout.Duration = 0 }},
		{"payment.connections.lease_timeout", func(c *Config) { c.Payment.Connections.LeaseTimeout = -1 }},
		{"payment.retry.backoff", func(c *Config) { c.Payment.Retry.Backoff = -1 }},
		{"payment.retry.jitter", func(c *Config) { c.Payment.Retry.Jitter = "some" }},
		{"payment.retry.on", func(c *Config) { c.Payment.Retry.On = []RetryCondition{"4xx"} }},
		{"payment.retry.budget", func(c *Config) { c.Payment.Retry.Budget = -1 }},
		{"dependency.brownout.slow", func(c *Config) { c.Dependency.Brownout.Slow = 0 }},
		{"dependency.stall.every", func(c *Config) { c.Dependency.Stall.Every = -1 }},
		{"dependency.stall.first_at", func(c *Config) { c.Dependency.Stall.FirstAt = -1 }},
		{"dependency.hop.retry", func(c *Config) { c.Dependency.Hop.Retry = 0 }},
		{"dependency.hop.reserve", func(c *Config) { c.Dependency.Hop.Reserve = -1 }},
		{"dependency.knee_exponent", func(c *Config) { c.Dependency.KneeExponent = 0 }},
		{"traffic.users", func(c *Config) { c.Traffic.Users = 0 }},
		{"traffic.think", func(c *Config) { c.Traffic.Think = -1 }},
		{"traffic.payment.resubmit_after", func(c *Config) { c.Traffic.Payment.ResubmitAfter = -1 }},
		{"fleet.pull_after", func(c *Config) { c.Fleet.PullAfter = 0 }},
		{"fleet.check_every", func(c *Config) { c.Fleet.CheckEvery = 0 }},
		{"fleet.drain.at", func(c *Config) { c.Fleet.Drain.At = -1 }},
	} {
		c := DefaultConfig()
		tc.change(&c)
		var fe *FieldError
		if err := c.Validate(); !errors.As(err, &fe) || fe.Key != tc.key || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s out of range with its mechanism off: got %v, want an error for %s", tc.key, err, tc.key)
		}
	}
}

func TestRatesOutsideTheScheduleAreRefused(t *testing.T) {
	for _, r := range []float64{1e-11, 0.001, -1, MaxRate + 1, math.Inf(1)} {
		c := DefaultConfig()
		c.Traffic.Payment.Rate = r
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "traffic.payment.rate") {
			t.Errorf("rate %g: %v", r, err)
		}
	}
}
