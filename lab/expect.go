package lab

import "time"

// CallLatency is how long the dependency takes to answer a call in its mode: the slow
// latency in mode slow and in a brownout's slow spells, the healthy latency in mode healthy,
// and 0 when it is down or answers errors at once.
func (d DependencyConfig) CallLatency() time.Duration {
	switch d.Mode {
	case ModeDown, ModeErrors:
		return 0
	case ModeHealthy:
		return d.HealthyLatency.D()
	}
	return d.Latency.D()
}

// PaymentHold is W in Little's law for payments: call is how long one call runs (a bulkhead
// permit or thread is held that long; only a socket timeout cuts it), worker how long a
// worker waits for it (any timeout lets it go). timedOut says a timeout decides the worker's W.
func (c Config) PaymentHold() (call, worker time.Duration, timedOut bool) {
	lat := c.Dependency.CallLatency()
	call, worker = lat, lat
	if t := c.Payment.Timeout; t.Kind != TimeoutNone && t.Duration.D() < lat {
		worker, timedOut = t.Duration.D(), true
		if t.Kind == TimeoutSocket {
			call = worker
		}
	}
	return call, worker, timedOut
}
