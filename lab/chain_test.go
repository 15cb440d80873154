// Tests of the chain's own stage: the call stage's latency samples.

package lab

import (
	"context"
	"testing"
	"time"
)

// The adaptive limit times a call from its permit, taken before the first try: a payment
// answered on its first try is a latency sample, one answered on a retry is not.
func TestOnlyAFirstTryAnswerIsALatencySample(t *testing.T) {
	answered := func(context.Context, time.Time) Result { return Result{Out: OK} }
	call := callStage(answered, &Isolation{}).wrap(nil)
	for _, c := range []struct {
		before int // failed tries before this one
		sample bool
	}{{0, true}, {1, false}} {
		p := &passage{permit: &callRecord{}, calls: c.before}
		if r := call(context.Background(), p); r.Out != OK {
			t.Fatalf("try %d: %v, want OK", c.before+1, r.Out)
		}
		if got := p.permit.sample.Load(); got != c.sample {
			t.Errorf("answered on try %d: a latency sample %v, want %v", c.before+1, got, c.sample)
		}
	}
}
