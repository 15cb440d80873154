// Tests of the chain's stages on their own: the enough-left check, the call stage's latency samples.

package lab

import (
	"context"
	"testing"
	"time"
)

// An estimate of the dependency inflated past the budget (a busy machine) must not refuse
// every call for ever: it asks for at most half the budget, so calls go ahead and correct it.
func TestEnoughLeftNeverLocksOut(t *testing.T) {
	var typical typicalLatency
	typical.observe(time.Minute) // far past a 10 s budget
	called := 0
	run := enoughLeftStage(&typical, 10*time.Second, 0).wrap(func(context.Context, *passage) Result {
		called++
		return Result{Out: OK}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if r := run(ctx, &passage{}); r.Rejected || called != 1 {
		t.Errorf("with nearly all of a 10s budget left and an estimate of a minute: %+v, %d calls; want the call made", r, called)
	}
	short, cancel2 := context.WithTimeout(context.Background(), time.Second)
	defer cancel2()
	if r := run(short, &passage{}); !r.Rejected || r.Reason != RejectDeadline {
		t.Errorf("with 1s left, less than half the budget: %+v, want rejected by the deadline", r)
	}
}

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
