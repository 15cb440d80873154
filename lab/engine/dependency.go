// The slow dependency on loopback: starting it (one server or a chain of hops), applying the
// settings to it, reading its stats, closing it.

package engine

import (
	"fmt"
	"time"

	"poollab/lab"
	"poollab/slowserver"
)

// forward is how every hop but the last calls the next one; its backoff is payment.retry's.
func forward(d lab.DependencyConfig, r lab.RetryConfig) slowserver.Forward {
	return slowserver.Forward{Propagate: d.Deadline == lab.DeadlinePropagate, Timeout: d.Hop.Timeout.D(),
		Attempts: d.HopAttempts(), Backoff: r.Backoff.D(), Reserve: d.Hop.Reserve.D(), MinCall: d.Hop.MinCall.D()}
}

// startDependency starts the dependency on 127.0.0.1: one server, or a chain of
// dependency.hops servers, each calling the next, the last with the configured mode. The
// lab calls the first, on its fixed port (o.Ports) or any free one.
func startDependency(o Options, c lab.Config) ([]*slowserver.Server, error) {
	ln, err := o.Ports.listener(o.side)
	if err != nil {
		return nil, err
	}
	d := c.Dependency
	hops := make([]slowserver.Forward, d.Servers()-1)
	for i := range hops {
		hops[i] = forward(d, c.Payment.Retry)
	}
	return slowserver.StartChainOn(ln, hops, dependencySettings(d))
}

// setDependency applies c to the running servers (a lab's or a fleet's, whose run began at
// start). A chain's length is fixed while it runs. The last server, the one that stalls,
// counts its stalls from its own start, a moment before the run's (traffic needs its
// address first): its stalls are moved by the difference, so stall.first_at counts from
// the run's start, as every other time in the lab does.
func setDependency(servers []*slowserver.Server, c lab.Config, start time.Time) error {
	d := c.Dependency
	if n := d.Servers(); n != len(servers) {
		return &lab.FieldError{Key: "dependency.hops", Msg: fmt.Sprintf("the lab runs %d; changing it to %d takes a restart (r)", len(servers), n)}
	}
	last := len(servers) - 1
	for i, s := range servers[:last] {
		f := forward(d, c.Payment.Retry)
		f.URL = servers[i+1].URL()
		if err := s.Set(slowserver.Settings{Mode: slowserver.Healthy, Forward: &f}); err != nil {
			return fmt.Errorf("dependency: hop %d: %w", i+1, err)
		}
	}
	s := dependencySettings(d)
	s.Stall.FirstAt += start.Sub(servers[last].Started())
	if err := servers[last].Set(s); err != nil {
		return fmt.Errorf("dependency: %w", err)
	}
	return nil
}

// hopStats reads every server of a chain, edge first; nil for the plain dependency.
func hopStats(servers []*slowserver.Server) []lab.HopStats {
	if len(servers) < 2 {
		return nil
	}
	out := make([]lab.HopStats, len(servers))
	for i, s := range servers {
		st := s.Stats()
		out[i] = lab.HopStats{Requests: st.Requests, InFlight: st.InFlight, PeakInFlight: st.PeakInFlight,
			AfterAnswer: st.AfterAnswer, Calls: st.Calls}
	}
	return out
}

// closeServers closes a dependency and its hops, edge first: no hop is left calling a closed one.
func closeServers(servers []*slowserver.Server) {
	for _, s := range servers {
		s.Close()
	}
}

// paymentsCut reads payments' classes ms (one instance's, or every replica's of a fleet)
// and the dependency's calls as at one instant: each class held in turn (servedRead.lock),
// the dependency read once under all, then each let go. A worker whose call ends meanwhile
// waits to count it before it begins its next call, so payments' outcomes and their calls
// at dep now add up to its calls, but for a call answered and not yet counted by its
// worker. Read apart, a call ending between the reads left them one short (newcomer 34
// #7: "now 40 (peak 80, 303 calls)" beside 262 ok). Each class's histograms are walked
// before any is held (readServed); held, a class waits for the copies of those let go
// before it, not for their walks: a finish on the last of 16 replicas beside cuts back to
// back took ~200µs at its p99 (BenchmarkFinishBesideFleetCut), ~2µs so. Held in ms's order,
// always the replicas', so two cuts never wait on each other crosswise.
func paymentsCut(ms []*classMetrics, dep *slowserver.Server, mode lab.DependencyMode) ([]lab.ClassStats, lab.DependencyStats) {
	var ds lab.DependencyStats
	out := readServed(ms, func() { ds = dependencyStats(dep, mode) })
	return out, ds
}

func dependencyStats(dep *slowserver.Server, mode lab.DependencyMode) lab.DependencyStats {
	ds := dep.Stats()
	return lab.DependencyStats{URL: dep.URL(), Mode: mode, Requests: ds.Requests, InFlight: ds.InFlight,
		PeakInFlight: ds.PeakInFlight, Latency: ds.Latency}
}

func dependencySettings(d lab.DependencyConfig) slowserver.Settings {
	return slowserver.Settings{Mode: slowserver.Mode(d.Mode), Latency: d.Latency.D(),
		HealthyLatency: d.HealthyLatency.D(), Jitter: d.Jitter.D(), IgnoreCancel: !d.StopsOnHangUp(d.Servers()),
		BrownoutSlow: d.Brownout.Slow.D(), BrownoutHealthy: d.Brownout.Healthy.D(),
		Stall: slowserver.Stall{Every: d.Stall.Every.D(), For: d.Stall.For.D(), FirstAt: d.Stall.FirstAt.D()},
		Knee:  d.Knee, KneeExponent: d.KneeExponent}
}
