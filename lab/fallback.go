package lab

import "context"

// fallbackStage is the end of every failure path: a payment that did not succeed (failed,
// timed out, or turned away by the lab's own isolation on a worker) is answered by a
// canned reply that calls no network. It only counts them.
func fallbackStage(m *classMetrics) stage {
	return stage{name: "fallback", wrap: func(next call) call {
		return func(ctx context.Context, p *passage) result {
			r := next(ctx, p)
			if r.out != OK {
				m.fallback()
			}
			return r
		}
	}}
}
