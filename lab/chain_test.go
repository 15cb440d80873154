// Tests of the chain: the call stage's latency samples, and the names the chain shows.

package lab

import (
	"context"
	"strings"
	"testing"
	"time"

	"poollab/slowserver"
)

// The adaptive limit times a call from its permit, taken before the first try: a payment
// answered on its first try is a latency sample, one answered on a retry is not.
func TestOnlyAFirstTryAnswerIsALatencySample(t *testing.T) {
	answered := func(context.Context, User) Result { return Result{Out: OK} }
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

// A breaker's two parts side by side are named as one breaker; parted by a bulkhead, each by
// its part ("breaker:short-circuit → breaker:permit" with nothing between asked what each
// part is: newcomer 28).
func TestChainNamesABreakerWhole(t *testing.T) {
	pass := func(next call) call { return next }
	names := func(ns ...string) string {
		var stages []stage
		for _, n := range ns {
			stages = append(stages, stage{name: n, wrap: pass})
		}
		return strings.Join(compose(stages).names, " → ")
	}
	if got, want := names("fallback", shortCircuitName, permitName, "timeout:socket", "http"), "fallback → breaker → timeout:socket → http"; got != want {
		t.Errorf("side by side: %q, want %q", got, want)
	}
	if got, want := names("fallback", shortCircuitName, "bulkhead:semaphore", permitName, "http"), "fallback → breaker:short-circuit → bulkhead:semaphore → breaker:permit → http"; got != want {
		t.Errorf("parted: %q, want %q", got, want)
	}
}

// The context a payment's calls carry as their user's answer (User.Answered) ends, once the
// payment is answered, with a cause the hops read as slowserver.Answer: its instant, not
// when a busy machine lets them hear of it. Were the two to drift (a method renamed on
// either side), the hops would count by when they heard, silently (review 31 #18).
func TestAnsweredCauseIsASlowserverAnswer(t *testing.T) {
	var answered context.Context
	req := func(_ context.Context, u User) Result { answered = u.Answered; return Result{Out: OK} }
	before := time.Now()
	compose([]stage{callStage(req, &Isolation{})}).serve(context.Background(), nil, before)
	after := time.Now()
	if answered == nil || answered.Err() == nil {
		t.Fatalf("the call's answered context %v: want it done once the payment is answered", answered)
	}
	a, ok := context.Cause(answered).(slowserver.Answer)
	if !ok {
		t.Fatalf("cause %T (%v): not a slowserver.Answer, so a hop counts by when it heard", context.Cause(answered), context.Cause(answered))
	}
	if at := a.At(); at.Before(before) || at.After(after) {
		t.Errorf("answered at %v, want between the payment's start %v and its end %v", at, before, after)
	}
}
