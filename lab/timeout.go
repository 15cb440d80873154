// The payment timeouts: the socket timeout's stage and the caller timeout's.

package lab

import (
	"context"
	"fmt"
	"time"
)

// socketTimeoutStage is the call's own deadline (a read timeout): when it fires the
// connection is closed and the caller is free; the call is over.
func socketTimeoutStage(d time.Duration) stage {
	return stage{name: "timeout:socket", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next(ctx, p)
		}
	}}
}

// callerTimeoutStage is how long the worker waits for its call (future.get(d), Hystrix's
// execution timeout). It cuts nothing: the hand-off below runs the call elsewhere, and the
// worker walks away after d while the call goes on, orphaned.
func callerTimeoutStage(d time.Duration) stage {
	return stage{name: "timeout:caller", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			p.patience = d
			return next(ctx, p)
		}
	}}
}

// timeoutSettings is the timeout's settings item: off, or its kind and duration.
func timeoutSettings(c Config, _ *Snapshot, _ int) []Item {
	value := "off"
	if t := c.Payment.Timeout; t.Kind != TimeoutNone {
		value = fmt.Sprintf("%s %s", t.Kind, FmtDur(t.Duration.D()))
	}
	return []Item{{Label: "timeout", Value: value}}
}
