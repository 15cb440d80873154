// The fallback: the stage that answers every payment that did not succeed, outermost in the
// chain (the isolation article, ch. 2: a fallback answers, it does not call).

package lab

import "context"

func init() {
	register(mechanism{name: "fallback", rank: 10, start: func(iso *Isolation) runtime { return fallback{count: iso.lent.Fallback} }})
}

// fallback is the fallback in one lab: count is the engine's tally of the payments it answered.
type fallback struct {
	stateless
	count func()
}

func (f fallback) stages(Config) []placed { return []placed{{slotFallback, fallbackStage(f.count)}} }

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
