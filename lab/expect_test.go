package lab

import (
	"testing"
	"time"
)

func TestPaymentHold(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name         string
		edit         func(*Config)
		call, worker time.Duration
		timedOut     bool
	}{
		{"shared pool", func(*Config) {}, 3 * s, 3 * s, false},
		{"socket timeout cuts the call", func(c *Config) { c.Payment.Timeout.Kind = TimeoutSocket }, s, s, true},
		{"caller timeout frees only the worker", func(c *Config) { c.Payment.Timeout.Kind = TimeoutCaller }, 3 * s, s, true},
		{"timeout longer than the call", func(c *Config) {
			c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(5 * s)}
		}, 3 * s, 3 * s, false},
		{"healthy", func(c *Config) { c.Dependency.Mode = ModeHealthy }, 50 * time.Millisecond, 50 * time.Millisecond, false},
		{"down", func(c *Config) { c.Dependency.Mode = ModeDown }, 0, 0, false},
		{"brownout is slow at worst", func(c *Config) { c.Dependency.Mode = ModeBrownout }, 3 * s, 3 * s, false},
	} {
		c := DefaultConfig()
		tc.edit(&c)
		call, worker, timedOut := c.PaymentHold()
		if call != tc.call || worker != tc.worker || timedOut != tc.timedOut {
			t.Errorf("%s: %v, %v, %v; want %v, %v, %v", tc.name, call, worker, timedOut, tc.call, tc.worker, tc.timedOut)
		}
	}
}
