// The fallback: the stage that answers every payment that did not succeed.

package lab

import "context"

// fallbackStage is the end of every failure path: a payment that did not succeed (failed,
// timed out, or turned away by the lab's own isolation on a worker) is answered by a
// canned reply that calls no network. It only counts them (count: the engine's tally).
func fallbackStage(count func()) stage {
	return stage{name: "fallback", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) Result {
			r := next(ctx, p)
			if r.Out != OK {
				count()
			}
			return r
		}
	}}
}
