// Tests of the retry stage and budget on their own, with a dependency the test plays.

package lab

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A retry that cannot start ends the payment as its last try did: with 130 ms of deadline
// and tries of 100 ms (50 ms socket timeout, 50 ms backoff), the second try would start
// with 30 ms left, less than the ~60 ms a call needs here (calls of 50 ms, steady: the
// mean plus four small deviations), so it is refused and the payment times out with one
// call, not rejected.
func TestRefusedRetryKeepsTheLastOutcome(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(50 * time.Millisecond)}
	c.Payment.Retry.Attempts = 3
	c.Payment.Retry.Backoff, c.Payment.Retry.Jitter = Duration(50*time.Millisecond), JitterNone
	c.Payment.Deadline = Duration(130 * time.Millisecond)
	// A dependency that never answers: each try ends when its socket timeout cuts it.
	never := func(Config) Request {
		return func(ctx context.Context, _ User) Result {
			<-ctx.Done()
			return Result{Out: TimedOut, Failure: RetryOnTimeout}
		}
	}
	iso := NewIsolation(c, Lent{Ctx: context.Background(), Spawn: func(func()) { t.Fatal("nothing to hand off") },
		Free: func() int { return 0 }, Request: never})
	typical := &runtimeOf[*deadline](t, iso).typical
	for range 8 { // steady calls: the deviation decays from its first guess, half the mean
		typical.observe(50 * time.Millisecond)
	}
	if n := typical.needed(); n >= 130*time.Millisecond-30*time.Millisecond || n <= 30*time.Millisecond {
		t.Fatalf("a call needs %v: want the first try to fit in 130ms and the second not in 30ms", n)
	}
	r := iso.Serve(context.Background(), nil, time.Now())
	if r.Out != TimedOut || r.Rejected {
		t.Errorf("payment %+v, want timed out as its only try", r)
	}
	s := Snapshot{Config: c}
	if iso.Fill(&s); s.Calls.Calls() != 1 {
		t.Errorf("calls %+v, want the one try: no retry with less left than a call takes", s.Calls)
	}
}

// The budget counts over the last ten seconds: a share of the requests in the window, and
// what fell out of the window no longer counts.
func TestRetryBudgetWindow(t *testing.T) {
	b := newRetryBudget(0.1)
	t0 := time.Unix(1000, 0)
	if b.allow(t0) {
		t.Fatal("a retry with no request in the window")
	}
	for i := range 20 {
		b.request(t0.Add(time.Duration(i) * 100 * time.Millisecond)) // 20 requests over 2 s
	}
	at := t0.Add(2 * time.Second)
	if !b.allow(at) || !b.allow(at) || b.allow(at) {
		t.Fatal("10% of 20 requests: want exactly 2 retries")
	}
	later := t0.Add(12 * time.Second) // the 20 requests have left the window
	for range 10 {
		b.request(later)
	}
	if !b.allow(later) || b.allow(later) {
		t.Error("10 requests in the window now: want exactly 1 retry")
	}
}

// Where payments retry, the settings give the tries and the waits between them: the waits
// are why 3 failed tries of 500ms come back after ~1.6s (newcomer 11 found 110ms unexplained).
func TestRetrySettingsGiveTheWaits(t *testing.T) {
	c := DefaultConfig()
	s := &Snapshot{Config: c}
	for _, it := range SettingsItems(c, s, 120) {
		if it.Label == "retry" {
			t.Errorf("no retries, yet a retry setting: %q", it.Value)
		}
	}
	for _, tc := range []struct {
		backoff time.Duration
		jitter  Jitter
		want    string
	}{
		{100 * time.Millisecond, JitterFull, "3 tries, 0–100ms apart (50ms on average)"}, // the mean the hops' headline adds (newcomer 34 #2)
		{100 * time.Millisecond, JitterNone, "3 tries, 100ms apart"},
		{0, JitterFull, "3 tries, no wait between"},
	} {
		c.Payment.Retry.Attempts, c.Payment.Retry.Backoff, c.Payment.Retry.Jitter = 3, Duration(tc.backoff), tc.jitter
		var got string
		for _, it := range SettingsItems(c, s, 120) {
			if it.Label == "retry" {
				got = it.Value
			}
		}
		if got != tc.want {
			t.Errorf("backoff %s, jitter %s: retry %q, want %q", tc.backoff, tc.jitter, got, tc.want)
		}
	}
}

// In a chain of hops the setting is the lab's own call's: the hops retry by dependency.hop,
// with waits of their own (the reviewer).
func TestRetrySettingInAChainIsTheLabs(t *testing.T) {
	c := DefaultConfig()
	c.Payment.Retry.Attempts = 3
	c.Dependency.Hops = 3
	found := false
	for _, it := range SettingsItems(c, &Snapshot{Config: c}, 120) {
		if it.Label == "retry" {
			found = true
			if !strings.HasPrefix(it.Value, "3 tries at the edge, ") {
				t.Errorf("retry %q", it.Value)
			}
		}
	}
	if !found {
		t.Error("no retry setting")
	}
	if got := Plural(c.Traffic.Label(Health)); got != "health checks" {
		t.Errorf("health, plural: %q", got)
	}
	// A label is free text, one or several: an "ss" makes a singular ("class": review 30 lab
	// #9); a label already plural is kept, "-us" too ("menus", not "menuses": review 31 #13).
	for label, want := range map[string]string{"payment": "payments", "orders": "orders", "news": "news", "class": "classes", "menus": "menus", "batch": "batches", "box": "boxes"} {
		if got := Plural(label); got != want {
			t.Errorf("Plural(%q) = %q, want %q", label, got, want)
		}
	}
}

// calls/payment says its division: 2.81× beside "174 calls" and 97 arrived read as wrong,
// its denominator the payments that called (newcomer 23, retry-storm); briefly, the forecast
// alone (the default config retries nothing: 1×).
func TestCallsPerPaymentSaysItsDivision(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig(), Calls: CallStats{Payments: 62, Retries: 112}}
	it := retryTimesItem(s)
	if len(it) != 1 || it[0].Value != "2.81×" || !strings.HasPrefix(it[0].Note, " (174 ÷ 62 that called; ") || it[0].BriefNote != " (forecast 1×)" {
		t.Errorf("calls/payment: %+v", it)
	}
}
