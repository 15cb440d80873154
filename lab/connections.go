// Connections per route (Apache HttpClient's limit): ConnectionStats and the lease stage.

package lab

import "context"

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
