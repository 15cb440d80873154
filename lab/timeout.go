// The payment timeouts (payment.timeout; the isolation article, ch. 2: timeouts cut time,
// they don't partition): the socket timeout, which ends the call, and the caller timeout,
// which lets the worker walk away while the call runs on. Their config section, defaults and
// validation rows, their stages at their slots, their settings item, and the t key's cycle.

package lab

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// TimeoutKind says what a payment timeout cuts.
type TimeoutKind string

const (
	TimeoutNone   TimeoutKind = "none"
	TimeoutSocket TimeoutKind = "socket" // the call's own deadline: the call ends, the worker is free
	TimeoutCaller TimeoutKind = "caller" // the worker walks away; the call goes on, orphaned
)

// TimeoutKinds lists the kinds in the order the UI cycles them.
var TimeoutKinds = []TimeoutKind{TimeoutNone, TimeoutSocket, TimeoutCaller}

// TimeoutConfig bounds one payment call.
type TimeoutConfig struct {
	Kind     TimeoutKind `yaml:"kind" json:"kind"`
	Duration Duration    `yaml:"duration" json:"duration"`
}

func init() {
	register(mechanism{
		name: "timeout",
		rank: 50,
		defaults: func(c *Config) {
			c.Payment.Timeout = TimeoutConfig{Kind: TimeoutNone, Duration: Duration(time.Second)}
		},
		checks: func(c Config) []check {
			t := c.Payment.Timeout
			return []check{
				{"payment.timeout.kind", !oneOf(t.Kind, TimeoutKinds...), fmt.Sprintf("must be one of %s, got %s", join(TimeoutKinds), Quote(string(t.Kind)))},
				{"payment.timeout.duration", t.Duration <= 0 || t.Duration.D() > MaxLatency, fmt.Sprintf("must be more than 0s and at most %s, got %s", MaxLatency, t.Duration)},
			}
		},
		start:    func(*Isolation) runtime { return timeouts{} },
		settings: at(30, timeoutSettings),
		words:    func() []part[[]Item] { return at(27, []Item{timeoutWord}) },
	})
}

// timeouts are the timeouts in one lab: their stages, each kind at its slot.
type timeouts struct{ stateless }

func (timeouts) stages(c Config) []placed {
	switch t := c.Payment.Timeout; t.Kind {
	case TimeoutCaller:
		return []placed{{slotCallerTimeout, callerTimeoutStage(t.Duration.D())}}
	case TimeoutSocket:
		return []placed{{slotSocketTimeout, socketTimeoutStage(t.Duration.D())}}
	}
	return nil
}

// socketTimeoutStage is the call's own deadline, one timer on the whole call (a context
// deadline, as Go's http.Client.Timeout or OkHttp's callTimeout), not a read timeout that
// restarts with each read: when it fires the connection is closed and the caller is free; the
// call is over.
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

// tryGloss and deadlineGloss tell a socket timeout, each try's own cut, from the deadline,
// the user's whole budget, where the settings line has room: "timeout socket 500ms" beside
// "deadline 2s from arrival" left how the two differ to guess (newcomer 60). A hop's short
// retry line ("3 times, 500ms a try") says a try in the same words. Without retries a call
// is one try: "socket 1s a try" where nothing retries was a riddle (newcomer 62), so callGloss,
// "a whole call": "1s a call" left a read timeout, per read, or one timer on the call to
// guess (newcomer 70 G1; the help says which, timeoutWord).
const (
	tryGloss      = " a try"
	callGloss     = " a whole call"
	deadlineGloss = " in all"
)

// timeoutWord is the help's entry for the payment timeout's settings item: what each kind
// times, in Go's and Java's terms, which the settings line has no room for.
var timeoutWord = word("timeout socket 1s", "the payment timeout: off; socket, one timer on the whole call (\"a whole call\"; "+
	"\"a try\" where retries repeat the call, each try timed alike), from the request, its connecting included, to its answer's last byte "+
	"(a wait for a connection, where a connection pool makes one, comes before it, not counted), as Go's http.Client.Timeout and OkHttp's "+
	"callTimeout time a call, not a read timeout (Java's SO_TIMEOUT, HttpURLConnection's readTimeout), which restarts with each read: "+
	"against a dependency that sends nothing until it answers the two fire alike. When it fires the lab closes the connection and the worker "+
	"is free; what the dependency then does with the call is its own (the lab's drops it, unless dependency.ignore_cancel; not all do). Caller: how long the worker waits "+
	"for the call, run apart from it (Future.get with a timeout, Hystrix's execution timeout): the worker walks away and the call runs on, "+
	"orphaned. Either way the call (a try) ends timed out; with retries the payment ends as its last try")

// timeoutSettings is the timeout's settings item: off, or its kind and duration.
func timeoutSettings(c Config, s *Snapshot, w int) []Item {
	value, off := "off", true
	if d := c.Payment.Deadline.D(); d > 0 {
		// What bounds a call instead: "timeout off" beside rejected:deadline asked how
		// anything is turned away with no timeout (newcomer 64).
		value += " (the deadline bounds calls)"
		if !narrow(w) {
			value = fmt.Sprintf("off (the %s deadline bounds each call)", FmtDur(d))
		}
	}
	if t := c.Payment.Timeout; t.Kind != TimeoutNone {
		value, off = fmt.Sprintf("%s %s", t.Kind, FmtDur(t.Duration.D())), false
		if t.Kind == TimeoutSocket && !narrow(w) {
			gloss := callGloss
			if c.Payment.Retry.Retries() {
				gloss = tryGloss
			}
			value += gloss
		}
	}
	// The balancer's checks have a timeout of their own, which a check waiting in a queue
	// can reach: say so beside the payments' "off", or the table's timed-out checks are a riddle.
	// In a fleet the checks' timeout is what pulls a replica: kept first where the settings
	// are one line (newcomer 17: cut, fleet-vs hid the 2s behind its timed-out checks).
	strong := false
	if healthTimesOut(c, s) {
		checks := ", health checks "
		if narrow(w) {
			checks = ", checks "
		}
		value, off, strong = "payments "+value+checks+FmtDur(c.Health.Timeout.D()), false, c.Fleet.IsFleet()
		if w >= 120 {
			value += " (a check answered later, queue wait included, is timed out: not ok)"
		}
	}
	return []Item{{Label: "timeout", Value: value, Off: off, Strong: strong, Core: true}}
}

// healthTimesOut says health checks in s's run on c can be answered past the balancer's
// timeout: they can wait, in a queue or for a fleet's balancer.
func healthTimesOut(c Config, s *Snapshot) bool {
	return s.Active(Health) && (c.Pool.Queue != 0 || c.Fleet.IsFleet())
}

// timeoutSteps are the durations the t key moves through, for each kind.
var timeoutSteps = []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second}

// timeoutStep is one stop of the t key: off, or a kind with a duration.
type timeoutStep struct {
	kind TimeoutKind
	d    time.Duration
}

// timeoutCycle is the t key's stops: off, then each kind with each of timeoutSteps.
func timeoutCycle() []timeoutStep {
	s := []timeoutStep{{kind: TimeoutNone}}
	for _, k := range TimeoutKinds {
		if k == TimeoutNone {
			continue
		}
		for _, d := range timeoutSteps {
			s = append(s, timeoutStep{k, d})
		}
	}
	return s
}

// TimeoutStops are the t key's stops in words, for its help: off, socket 500ms, ….
func TimeoutStops() []string {
	var out []string
	for _, s := range timeoutCycle() {
		if s.kind == TimeoutNone {
			out = append(out, "off")
		} else {
			out = append(out, string(s.kind)+" "+FmtDur(s.d))
		}
	}
	return out
}

// CycleTimeout is the t key: it moves the payment timeout to the next stop. Off keeps the duration, since
// the config needs one, and only the kind says it is not used.
func CycleTimeout(c Config) (Config, string) {
	steps := timeoutCycle()
	cur := timeoutStep{c.Payment.Timeout.Kind, c.Payment.Timeout.Duration.D()}
	if cur.kind == TimeoutNone {
		cur.d = 0
	}
	next := steps[0]
	if i := slices.Index(steps, cur); i >= 0 {
		next = steps[(i+1)%len(steps)]
	} else if ki := slices.Index(TimeoutKinds, cur.kind); ki >= 0 {
		// A duration not on the list (from a preset): go to the next larger one of this kind,
		// or on to the next kind.
		for _, s := range steps[1:] {
			si := slices.Index(TimeoutKinds, s.kind)
			if si > ki || si == ki && s.d > cur.d {
				next = s
				break
			}
		}
	}
	c.Payment.Timeout.Kind = next.kind
	if next.kind == TimeoutNone {
		return c, "payment timeout → off: a payment holds its worker as long as the dependency takes"
	}
	c.Payment.Timeout.Duration = Duration(next.d)
	return c, fmt.Sprintf("payment timeout → %s %s: %s", next.kind, FmtDur(next.d), timeoutWords(next.kind))
}

func timeoutWords(k TimeoutKind) string {
	switch k {
	case TimeoutSocket:
		return "ends the call and frees the worker"
	case TimeoutCaller:
		return "frees the worker; the call runs on, orphaned"
	}
	return "payments are cut at that time"
}
