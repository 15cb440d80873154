package slowserver

import (
	"net/http"
	"strconv"
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
// work on past it (Stats.PastDeadline) and forward it unchanged. It is an absolute time,
// so it is meaningful only between processes that share a clock (here, one machine).
const UserDeadlineHeader = "Poollab-User-Deadline"

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

// SetUserDeadline writes the end user's deadline into h.
func SetUserDeadline(h http.Header, at time.Time) {
	h.Set(UserDeadlineHeader, strconv.FormatInt(at.UnixNano(), 10))
}

// UserDeadline reads the end user's deadline from h; ok is false when there is none or it
// is not a number.
func UserDeadline(h http.Header) (at time.Time, ok bool) {
	v := h.Get(UserDeadlineHeader)
	if v == "" {
		return time.Time{}, false
	}
	ns, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(0, ns), true
}
