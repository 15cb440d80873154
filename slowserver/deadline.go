package slowserver

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// TimeoutHeader carries the time a request has left, like gRPC's grpc-timeout: a
// duration in Go's syntax, truncated to the microsecond, e.g. "749.998ms"; "0s" means
// the deadline has passed. A remaining time rather than an instant needs no shared clock;
// the receiver counts it from arrival, so time in transit is not deducted and its deadline
// ends a little after its caller's (one reason a hop keeps a Forward.Reserve).
const TimeoutHeader = "Poollab-Timeout"

// UserDeadlineHeader carries the instant the end user stops waiting, as Unix
// nanoseconds in decimal. It is informational: servers only count the requests they
// work on past it (Stats.AfterAnswer) and forward it unchanged. It is an absolute time,
// so it is meaningful only between processes that share a clock (here, one machine).
const UserDeadlineHeader = "Poollab-User-Deadline"

// UserHeader names the end user's request (SetUser), so a server in the same process can
// tell when that user was answered: its caller may answer well before the deadline (its
// tries spent), and what the hops below do after that is for nobody too. Informational and
// forwarded unchanged, as UserDeadlineHeader. A key is this process's only (userPrefix): a
// server in another process cannot tell its user's answer, and counts by the deadline alone.
const UserHeader = "Poollab-User"

// waiting holds, by UserHeader key, the users not yet answered: each a context done when
// its user is answered. A key of this process not here was answered (it is stored before
// its request is sent).
var (
	waiting    sync.Map
	lastUser   atomic.Uint64
	userPrefix = strconv.FormatUint(rand.Uint64(), 36) + "-" // a key's, this process's alone
)

// Answer is what a user's answered context may be cancelled with (context.WithCancelCause),
// to say when the user was answered: a server then counts by that instant, not by when it
// hears of it, which a busy machine delays.
type Answer interface {
	error
	At() time.Time
}

// SetUser writes into h a key for the user whose request it is; answered must end (be
// done) once that user is answered, for the key to be let go, and may say when by an
// Answer as its cause. A context that never ends names no user: the key would never go.
func SetUser(h http.Header, answered context.Context) {
	if answered.Done() == nil {
		return
	}
	key := userPrefix + strconv.FormatUint(lastUser.Add(1), 10)
	waiting.Store(key, answered)
	context.AfterFunc(answered, func() { waiting.Delete(key) })
	h.Set(UserHeader, key)
}

// answeredAlready is the context of a user whose key is gone: answered before its request
// was heard, done from the start; one for all of them.
var answeredAlready = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()

// userLeft is a context done when the user of h has left: its deadline passed or it was
// answered, whichever comes first, and, once done, when that was (the answer's instant
// where its cause says it, else the deadline's; an answer not heard of, now); nil when h
// says neither.
func userLeft(h http.Header) (left context.Context, cancel context.CancelFunc, at func() time.Time) {
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	key := h.Get(UserHeader)
	if !strings.HasPrefix(key, userPrefix) {
		key = "" // another process's: its answer cannot be heard here
	}
	if key != "" {
		ctx = answeredAlready
		if a, ok := waiting.Load(key); ok {
			ctx = a.(context.Context)
		}
	}
	deadline, hasDeadline := UserDeadline(h)
	switch {
	case hasDeadline:
		ctx, cancel = context.WithDeadline(ctx, deadline)
	case key == "":
		return nil, nil, nil
	}
	return ctx, cancel, func() time.Time {
		if a, ok := context.Cause(ctx).(Answer); ok {
			return a.At()
		}
		if hasDeadline && errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
			return deadline
		}
		return time.Now()
	}
}

// SetTimeout writes the remaining time into h; a negative one is written as 0s.
func SetTimeout(h http.Header, remaining time.Duration) {
	h.Set(TimeoutHeader, max(remaining, 0).Truncate(time.Microsecond).String())
}

// Timeout reads the remaining time from h; ok is false when there is none or it is not a
// duration. A negative value reads as 0: the deadline has passed.
func Timeout(h http.Header) (remaining time.Duration, ok bool) {
	v := h.Get(TimeoutHeader)
	if v == "" {
		return 0, false
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, false
	}
	return max(d, 0), true
}

// CallDeadlineHeader carries the instant the caller hangs up, its deadline for this call, as
// UserDeadlineHeader does the user's: informational. A server that stops when its caller
// hangs up is done by then, however late it notices (Stats.AfterAnswer); TimeoutHeader's
// time left, counted from arrival, ends a little later, by the time in transit.
const CallDeadlineHeader = "Poollab-Call-Deadline"

// SetDeadline writes a call's deadline dl into h: the time left (TimeoutHeader) and the
// instant (CallDeadlineHeader).
func SetDeadline(h http.Header, dl time.Time) {
	SetTimeout(h, time.Until(dl))
	h.Set(CallDeadlineHeader, wireInstant(dl))
}

// SetUserDeadline writes the end user's deadline into h.
func SetUserDeadline(h http.Header, at time.Time) {
	h.Set(UserDeadlineHeader, wireInstant(at))
}

// wireInstant is at in Unix nanoseconds as the wall clock reads it now: now plus the time
// left to it, which is at's own wall reading where at has no monotonic one, and where it has,
// the time left by the monotonic clock, not by at's wall reading. A deadline counted from a run's start keeps the wall clock of that start; after
// the clock stepped forward, a hop, which reads the header against the wall clock, found
// every user gone on arrival and counted all its work after the answer
// (deadline-propagation's 303 of 306 at every hop, its generator, on the monotonic clock,
// 18ms late at p99).
func wireInstant(at time.Time) string {
	now := time.Now()
	return strconv.FormatInt(now.Add(at.Sub(now)).UnixNano(), 10)
}

// UserDeadline reads the end user's deadline from h; ok is false when there is none or it
// is not a number.
func UserDeadline(h http.Header) (at time.Time, ok bool) { return instant(h, UserDeadlineHeader) }

// instant reads an instant written as Unix nanoseconds from h's header key; ok is false
// when there is none or it is not a number.
func instant(h http.Header, key string) (at time.Time, ok bool) {
	v := h.Get(key)
	if v == "" {
		return time.Time{}, false
	}
	ns, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(0, ns), true
}
