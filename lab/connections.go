// Connections per route (Apache HttpClient's limit): ConnectionStats and the lease stage.

package lab

import (
	"context"
	"fmt"
)

// ConnectionStats is the per-route connection pool (workers waiting for one are in PhaseConnWait).
type ConnectionStats struct {
	PerRoute int   // 0: unlimited
	InUse    int64 // connections leased now
}

// connectionStage leases one of the route's connections (Apache HttpClient's per-route
// limit) before the call, waiting up to the lease timeout while it holds whatever runs it:
// a partition one layer too low, where the worker waits anyway.
func connectionStage(conns *semaphore) stage {
	return stage{name: "connections", waits: PhaseConnWait, wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			p.phase(PhaseConnWait)
			release, err := conns.acquire(ctx)
			if err != nil {
				return waitFailed(ctx, rejectedBy(RejectConnPool))
			}
			p.hold(release)
			return next(ctx, p)
		}
	}}
}

// connectionSettings are the connection cap's settings items, when there is one: its
// connections in use, and the wait for one (on one item where w is narrow).
func connectionSettings(c Config, s *Snapshot, w int) []Item {
	pr := c.Payment.Connections.PerRoute
	if pr == 0 {
		return nil
	}
	lease := c.Payment.Connections.LeaseTimeout.D()
	if w < 100 {
		return []Item{{Label: "connections", Value: fmt.Sprintf("%d of %d in use (per destination host), lease wait ≤ %s", s.Connections.InUse, pr, FmtDur(lease))}}
	}
	return []Item{{Label: "connections", Value: fmt.Sprintf("%d of %d in use (cap per route: per destination host)", s.Connections.InUse, pr)},
		{Label: "lease wait", Value: "up to " + FmtDur(lease) + " for one, holding the worker"}}
}
