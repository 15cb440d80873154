// Connections per route (Apache HttpClient's per-route limit; the isolation article, ch. 1: a
// partition one layer too low): its config section, defaults and validation rows, the
// connections in one lab and the lease stage, its stats and their fleet-wide sum, its
// rejection reason and its wait's glyph, its share of the forecast (the wait for a
// connection), its settings items and its words on the screen.

package lab

import (
	"fmt"
	"time"
)

// ConnectionsConfig is the HTTP client's connection pool per route (Apache HttpClient's model).
type ConnectionsConfig struct {
	PerRoute     int      `yaml:"per_route" json:"per_route"`         // 0: unlimited
	LeaseTimeout Duration `yaml:"lease_timeout" json:"lease_timeout"` // how long a worker waits for a connection
}

// RejectConnPool: no connection to the route within the lease timeout.
const RejectConnPool Reason = 3

// PhaseConnWait: a worker waiting to lease a connection from the per-route pool.
const PhaseConnWait Phase = 4

var _ = registerReason(RejectConnPool, reasonDef{name: "conn_pool", rank: 50, shown: func(s *Snapshot) bool { return s.Config.Payment.Connections.PerRoute > 0 },
	description: "no free connection to the dependency's route within the wait for one (the worker was held while it waited)"})

func init() {
	register(mechanism{
		name: "connections",
		rank: 80,
		defaults: func(c *Config) {
			// Apache HttpClient 5's wait to lease one (only used when per_route > 0).
			c.Payment.Connections = ConnectionsConfig{PerRoute: 0, LeaseTimeout: Duration(httpClientLease)}
		},
		checks: func(c Config) []check {
			cn := c.Payment.Connections
			return []check{
				{"payment.connections.per_route", cn.PerRoute < 0 || cn.PerRoute > MaxWorkers, fmt.Sprintf("must be 0..%d (0: unlimited), got %d", MaxWorkers, cn.PerRoute)},
				{"payment.connections.lease_timeout", cn.LeaseTimeout < 0 || cn.LeaseTimeout.D() > MaxLatency, fmt.Sprintf("must be 0s..%s (0s fails at once), got %s", MaxLatency, cn.LeaseTimeout)},
			}
		},
		start: func(*Isolation) runtime { return &connections{} },
		sum: func(s *Snapshot, replicas []Snapshot) {
			s.Connections = sumOf(ConnectionStats{PerRoute: s.Config.Payment.Connections.PerRoute}, each(replicas), func(r *Snapshot) ConnectionStats { return r.Connections })
		},
		forecast: at(45, Config.connectionsForecast),
		settings: at(80, connectionSettings),
		words: func() []part[[]Item] {
			return at(30, []Item{word(ConnPoolLabel, "the HTTP client's connections to the dependency: at most n per route (per destination host, as Apache HttpClient counts them); a payment waits for a free one (up to the lease wait, Apache HttpClient's word) while it holds its worker; beside the connections in use, \"("+
				clientDefaults(ConnectionsConfig{PerRoute: httpClientPerRoute, LeaseTimeout: Duration(httpClientLease)}, false)+
				")\" where the run's are those, as conn-pool-wait's are: the library's own (its PoolingHttpClientConnectionManager's "+
				"most per route, its RequestConfig's connectionRequestTimeout), not the lab's choice")})
		},
	})
	registerPhase(PhaseConnWait, phaseDef{name: "waiting for connection", rank: 50, glyph: 'c',
		words: "waiting for a connection", short: "wait for a connection"})
}

// connections are the route's connections in one lab: a semaphore of per_route places (one
// when unlimited: the stage is left out then).
type connections struct{ conns semaphore }

func (cn *connections) configure(c Config) {
	cn.conns.configure(max(c.Payment.Connections.PerRoute, 1), c.Payment.Connections.LeaseTimeout.D())
}

func (cn *connections) stages(c Config) []placed {
	if c.Payment.Connections.PerRoute == 0 {
		return nil
	}
	return []placed{{slotConnection, connectionStage(&cn.conns)}}
}

func (cn *connections) fill(s *Snapshot) {
	s.Connections = ConnectionStats{PerRoute: s.Config.Payment.Connections.PerRoute, InUse: cn.conns.inUse.Load()}
}

// ConnectionStats is the per-route connection pool (workers waiting for one are in PhaseConnWait).
type ConnectionStats struct {
	PerRoute int   // 0: unlimited
	InUse    int64 // connections leased now
}

// add adds one replica's connections in use to the fleet's.
func (a ConnectionStats) add(b ConnectionStats) ConnectionStats {
	a.InUse += b.InUse
	return a
}

// connectionStage leases one of the route's connections (Apache HttpClient's per-route
// limit) before the call, waiting up to the lease timeout while it holds whatever runs it:
// a partition one layer too low, where the worker waits anyway.
func connectionStage(conns *semaphore) stage {
	return conns.waitStage("connections", PhaseConnWait, RejectConnPool)
}

// connectionsForecast is the cap on the calls a per-route limit puts below what payments
// need, and, where the workers wait for a connection themselves, the wait (leaseWait).
func (c Config) connectionsForecast(f *Forecast) {
	pay := &f.Payment
	if pr := c.Payment.Connections.PerRoute; pr > 0 && pay.CallsAtOnce > float64(pr) {
		pay.ConnectionsCap = pr
		c.leaseWait(pay)
	}
}

// leaseWait works out the wait for a connection of payments that hold their worker while
// they wait for one (no hand-off to walk away from it, no bulkhead to cap the waiters):
// ConnectionsCap connections serve cap ÷ call payments a second, fewer than arrive, so the
// waiters take every worker, and Little's law gives each worker's hold as workers ÷ that
// rate. The lease timeout bounds the wait. (conn-pool-wait: 5 ÷ 3 s = 1.7/s, 20 workers ÷
// 1.7/s = 12 s: 9 s waiting, 3 s in the call. A simulation of the same queue gives 11.8 s
// and 8.8 s: the few moments a worker sits free shave a little off.) An autoscaled pool
// counts at its max, as in the rest of the forecast: the waiters queue the arrivals behind
// them, and a queue is what grows it.
func (c Config) leaseWait(pay *PaymentForecast) {
	k := c.Payment.Bulkhead.kind()
	handoff := c.Payment.Timeout.Kind == TimeoutCaller || k != nil && k.ownThreads
	workers := c.Pool.MaxWorkers()
	if handoff || c.Payment.Bulkhead.Type != BulkheadNone || pay.Call <= 0 || workers <= pay.ConnectionsCap {
		return
	}
	pay.ConnThroughput = float64(pay.ConnectionsCap) / pay.Call.Seconds()
	hold := time.Duration(float64(workers) / pay.ConnThroughput * float64(time.Second))
	lease := c.Payment.Connections.LeaseTimeout.D()
	pay.LeaseWait = min(hold-pay.Call, lease).Round(time.Millisecond)
	if hold-pay.Call <= lease && pay.Admitted > pay.ConnThroughput {
		pay.ConnBound = 1 - pay.ConnThroughput/pay.Admitted
	}
	pay.Hold += pay.LeaseWait
	pay.WorkersHeld = pay.Admitted * pay.Hold.Seconds()
}

// ConnPoolLabel names the connection cap as a pool, beside the worker pool ("worker pool"
// where the two share a screen): "connections 5" beside "the connections' would be
// rejected:conn_pool" and a bare "pool 20 workers" left which pool "pool" meant (newcomer 60
// W-minor 05).
const ConnPoolLabel = "connection pool"

// connectionSettings are the connection cap's settings items, when there is one: its
// connections in use, and the wait for one (on one item where w is narrow).
func connectionSettings(c Config, s *Snapshot, w int) []Item {
	pr := c.Payment.Connections.PerRoute
	if pr == 0 {
		return nil
	}
	lease := c.Payment.Connections.LeaseTimeout.D()
	// The cap is what the run is about: kept first where the settings are one line.
	if narrow(w) {
		v := fmt.Sprintf("%d of %d in use, wait ≤ %s", s.Connections.InUse, pr, FmtDur(lease))
		return []Item{{Label: ConnPoolLabel, Value: fittingValue(ConnPoolLabel, w, v+clientDefaults(c.Payment.Connections, true), v), Strong: true}}
	}
	inUse := fmt.Sprintf("%d of the %d to the dependency in use", s.Connections.InUse, pr)
	if d := clientDefaults(c.Payment.Connections, false); d != "" {
		inUse += " (" + d + ")"
	}
	return []Item{{Label: ConnPoolLabel, Value: inUse, Strong: true},
		// Not "lease wait" (Apache HttpClient's word): a newcomer read it as jargon (newcomer 34 #24).
		{Label: "wait for a free one", Value: "up to " + FmtDur(lease) + leaseReached(c, lease) + ", holding the worker"}}
}

// Apache HttpClient 5's defaults: 5 connections per route (PoolingHttpClientConnectionManager)
// and 3 minutes to lease one (RequestConfig's connectionRequestTimeout).
const (
	httpClientPerRoute = 5
	httpClientLease    = 3 * time.Minute
)

// clientDefaults says which of cn's settings are Apache HttpClient 5's defaults, beside the
// connections in use: "up to 3 min" left whose choice 3 minutes was, the preset's or a
// library's, to guess (newcomer 70 G2). Terse, after 80 columns' "5 of 5 in use, wait ≤ 3
// min", which says both; "" where neither is.
func clientDefaults(cn ConnectionsConfig, terse bool) string {
	const lib = "Apache HttpClient 5's default"
	perRoute, lease := cn.PerRoute == httpClientPerRoute, cn.LeaseTimeout.D() == httpClientLease
	switch {
	case perRoute && lease && terse:
		return ": " + lib + "s"
	case perRoute && lease:
		return fmt.Sprintf("%ss: %d per route, a %s wait", lib, httpClientPerRoute, FmtDur(httpClientLease))
	case perRoute && terse:
		return fmt.Sprintf(" (%d per route: %s)", httpClientPerRoute, lib)
	case perRoute:
		return fmt.Sprintf("%s: %d per route", lib, httpClientPerRoute)
	case lease && terse:
		return " (the wait: " + lib + ")"
	case lease:
		return fmt.Sprintf("%s wait: %s", lib, FmtDur(httpClientLease))
	}
	return ""
}

// leaseReached is the forecast's wait for a connection where the cap on it does not bind:
// "up to 3 min" alone read as a wait longer than the run (newcomer 34 #24): "up to 3 min
// (forecast ~9.0s = 12.0s held − 3.0s call, once every worker waits)", the narrator's "~9.0s waiting for a
// connection". A forecast, of the pool once full: "(~9.0s here)" read as measured beside
// payments that had waited ~2.5s (review 29 lab #9). The hold less the call: beside the
// narrator's "each holds it … = 12.0s", a bare 9.0s was a second time for one state
// (newcomer 45 G2).
func leaseReached(c Config, lease time.Duration) string {
	if pay := c.Forecast().Payment; pay.LeaseWait > 0 && pay.LeaseWait < lease {
		return fmt.Sprintf(" (forecast ~%s = %s held − %s call, once every worker waits)", FmtSecs(pay.LeaseWait), FmtSecs(pay.Hold), FmtSecs(pay.Call))
	}
	return ""
}
