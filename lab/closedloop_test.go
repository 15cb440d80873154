// Tests of the closed loop's config, forecast and reports (the running users: engine).

package lab

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// closedConfig is a closed loop of users sending payments at rate to a dependency that
// answers after latency (healthy mode), for d.
func closedConfig(users int, rate float64, latency, d time.Duration) Config {
	c := DefaultConfig()
	c.Traffic.Mode, c.Traffic.Users = Closed, users
	c.Traffic.Arrivals = Uniform
	c.Traffic.Payment.Rate, c.Traffic.Signup.Rate = rate, 0
	c.Dependency.Mode, c.Dependency.HealthyLatency = ModeHealthy, Duration(latency)
	c.Pool.Workers = 200
	c.Duration = Duration(d)
	return c
}

// The users pace at the base rate: a profile in closed mode would be ignored, so it is refused.
func TestClosedLoopRefusesAProfile(t *testing.T) {
	c := closedConfig(2, 10, 0, time.Second)
	c.Traffic.Signup.Profile = []RateStep{{At: Duration(time.Second), Rate: 5}}
	var fe *FieldError
	if err := c.Validate(); !errors.As(err, &fe) || fe.Key != "traffic.signup.profile" || !strings.Contains(fe.Msg, "closed mode") {
		t.Errorf("Validate() = %v, want a traffic.signup.profile error naming closed mode", err)
	}
}

// The seed's numbers from first principles: 100/s for 10 s is 1000 due; the 1 s stall at
// 5 s makes 100 of them due in it; one user sends one into it and waits, so 99 are never
// sent: 901 samples. (The seed's simulation counts 902: its stall began just after the
// 5.00 s request, so the one stuck was the 5.01 s one.)
func TestMeasurementForecast(t *testing.T) {
	c := closedConfig(1, 100, time.Millisecond, 10*time.Second)
	c.Dependency.Stall = StallConfig{FirstAt: Duration(5 * time.Second), For: Duration(time.Second), Every: Duration(10 * time.Second)}
	m := c.Forecast().Measurement
	if m.Interval != 10*time.Millisecond || m.Expected != m.Interval || m.Gap != m.Interval || m.Stalls != 1 ||
		m.StallDue != 100 || m.StallNotSent != 99 || m.Samples != 901 {
		t.Errorf("%+v", m)
	}
	c.Traffic.Users = 10
	if m := c.Forecast().Measurement; m.Interval != 100*time.Millisecond || m.StallNotSent != 90 || m.Samples != 910 {
		t.Errorf("10 users: %+v", m)
	}
	c.Traffic.Think = Duration(200 * time.Millisecond) // think limits each user to 5/s
	if m := c.Forecast().Measurement; m.Expected != 200*time.Millisecond || m.Sending != 50 || m.StallNotSent != 40 {
		t.Errorf("10 users thinking 200 ms: %+v", m)
	}
	c.Traffic.Mode = Open
	if m := c.Forecast().Measurement; m.StallNotSent != 0 || m.Samples != 1000 || m.Interval != 0 || m.StallDue != 100 {
		t.Errorf("open loop: %+v", m)
	}
	for _, tc := range []struct {
		elapsed time.Duration
		in      bool
		at      time.Duration
	}{{time.Second, false, 5 * time.Second}, {5 * time.Second, true, 5 * time.Second},
		{5900 * time.Millisecond, true, 5 * time.Second}, {6 * time.Second, false, 15 * time.Second},
		{15500 * time.Millisecond, true, 15 * time.Second}} {
		if in, at := c.Dependency.Stall.In(tc.elapsed); in != tc.in || at != tc.at {
			t.Errorf("In(%v) = %v, %v; want %v, %v", tc.elapsed, in, at, tc.in, tc.at)
		}
	}
}

// The open loop's lesson names the stalls over so far: the one of an 8s run as the
// dependency's stall, not "each dependency stall" (newcomer 54); several as each of them.
func TestDueInStallsCountsThoseOver(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Signup.Rate, c.Traffic.Health.Rate = 0, 0
	c.Traffic.Payment.Rate = 100
	c.Dependency.Stall = StallConfig{FirstAt: Duration(5 * time.Second), For: Duration(time.Second), Every: Duration(10 * time.Second)}
	m := c.Forecast().Measurement
	for _, tc := range []struct {
		elapsed time.Duration
		over    int
		want    string
	}{{5500 * time.Millisecond, 0, ""}, {8 * time.Second, 1, "all 100 due in the dependency's stall (1s at 5s)"},
		{16 * time.Second, 2, "all 100 due in each of the dependency's 2 stalls (1s at 5s, every 10s)"}} {
		if got := c.Dependency.Stall.Over(tc.elapsed); got != tc.over {
			t.Errorf("Over(%v) = %d, want %d", tc.elapsed, got, tc.over)
		}
		if got := m.DueInStalls(c.Dependency.Stall, tc.elapsed); tc.want != "" && got != tc.want {
			t.Errorf("at %v: %q, want %q", tc.elapsed, got, tc.want)
		}
	}
}

// Compare keeps each side's way of sending: closed against open stays closed against open.
// B's own seed gives way to A's, so the pairs are of one schedule whatever seeds the two
// presets set alone (review 41a read shared-pool's 110 against socket-timeout's 127 as a
// compare of different arrivals).
func TestSameTrafficKeepsTheMode(t *testing.T) {
	a := closedConfig(1, 100, time.Millisecond, time.Second)
	a.Traffic.Seed = 7
	b := DefaultConfig()
	b.Traffic.Think = Duration(time.Second)
	got := SameTraffic(a, b)
	if got.Traffic.Mode != Open || got.Traffic.Users != 1 || got.Traffic.Think != b.Traffic.Think || got.Traffic.Seed != a.Traffic.Seed ||
		!reflect.DeepEqual(got.Traffic.Payment, a.Traffic.Payment) || got.Traffic.Arrivals != a.Traffic.Arrivals || got.Duration != a.Duration {
		t.Errorf("SameTraffic gave %+v", got.Traffic)
	}
}

func TestValidateTrafficModeAndStall(t *testing.T) {
	for _, tc := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Traffic.Mode = "half" }, `traffic.mode: must be open or closed, got "half"`},
		{func(c *Config) { c.Traffic.Users = 0 }, "traffic.users: must be 1..10000 (closed mode's virtual users), got 0"},
		{func(c *Config) { c.Traffic.Think = -1 }, "traffic.think: must be 0s..10m0s, got -1ns"},
		{func(c *Config) {
			c.Dependency.Stall = StallConfig{For: Duration(time.Second), Every: Duration(time.Second)}
		}, "dependency.stall.every: must be 0s (one stall) or longer than stall.for (1s) and at most 24h0m0s, got 1s"},
		{func(c *Config) { c.Dependency.Stall.FirstAt = -1 }, "dependency.stall.first_at: must be 0s..24h0m0s, got -1ns"},
		{func(c *Config) { c.Dependency.Stall.For = Duration(11 * time.Minute) }, "dependency.stall.for: must be 0s..10m0s (0s: no stall), got 11m0s"},
	} {
		c := DefaultConfig()
		tc.change(&c)
		if err := c.Validate(); err == nil || err.Error() != tc.want || !errors.Is(err, ErrInvalid) {
			t.Errorf("error %v, want %s", err, tc.want)
		}
	}
}

// A closed loop's report heads its count "sent", as its screen's table does: "arrived" is a
// scheduled time elsewhere, and the loop never sent some that were due (review 22).
func TestClosedLoopReportSaysSent(t *testing.T) {
	s := Snapshot{Config: DefaultConfig()}
	s.Config.Traffic.Mode = Closed
	s.Classes[Payment] = ClassStats{Arrived: 901, OK: 901}
	var out bytes.Buffer
	if err := NewReport(s).Write(&out, "table"); err != nil {
		t.Fatal(err)
	}
	var head []string
	for _, l := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "class" {
			head = f
		}
	}
	if !slices.Contains(head, "sent") || slices.Contains(head, "arrived") {
		t.Errorf("closed loop's report heads %q", head)
	}
}

// An open loop's samples line counts every request sent and says none was held back for a
// reply, never that each left on time, which a busy machine's lag belies (newcomer 53).
func TestOpenLoopSentClaimsNoPunctuality(t *testing.T) {
	s := &Snapshot{}
	s.Classes[Payment].Arrived, s.Classes[Signup].Arrived = 800, 35
	line, why := s.OpenLoopSent()
	if line != "835, none held back for a reply" {
		t.Errorf("line %q", line)
	}
	if why != " (open loop; how late they left: generator lag)" {
		t.Errorf("why %q", why)
	}
	s.Generator.Lag = Percentiles{P99: 6600 * time.Microsecond, Count: 835}
	if _, why = s.OpenLoopSent(); why != " (open loop; how late they left: generator lag p99 6.6ms)" {
		t.Errorf("why, with a lag: %q", why)
	}
	for _, wrong := range []string{"on time", "on schedule"} {
		if strings.Contains(line+why, wrong) {
			t.Errorf("%q claims %q", line+why, wrong)
		}
	}
}

// An open loop's stall, once over, says why its slowest samples stand closer than their
// arrivals (newcomer 84 W2: p99.9 998ms beside max 1.00s, due 10ms apart); a closed loop,
// whose corrected row times them, and a stall not yet over say nothing.
func TestStallReleasedOnceOver(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Arrivals, c.Traffic.Payment.Rate, c.Traffic.Signup.Rate, c.Traffic.Health.Rate = Uniform, 100, 0, 0
	c.Dependency.Stall = StallConfig{FirstAt: Duration(5 * time.Second), For: Duration(time.Second), Every: Duration(10 * time.Second)}
	s := &Snapshot{Config: c, Elapsed: 10 * time.Second}
	if f := s.StallReleased(); len(f) == 0 || f[0] != "the stall's 100 held replies came back together a few ms after it ended, in no order" {
		t.Errorf("open loop past its stall: %q", f)
	}
	// With the ladder's figures where the p99.9 is the 2nd slowest and stands above max less
	// the 10ms between arrivals (newcomers 86 G1, 87 G1: "its slowest < 10ms apart").
	s.Classes[Payment].Latency = Percentiles{P999: 999 * time.Millisecond, Max: 1003 * time.Millisecond, Count: 1000}
	if f := s.StallReleased(); len(f) == 0 || !strings.HasPrefix(f[0], "p99.9 999ms, not max − 10ms as sent: the stall's 100 held replies") {
		t.Errorf("open loop past its stall, 1000 samples: %q", f)
	}
	s.Classes[Payment].Latency.P999 = 990 * time.Millisecond
	if f := s.StallReleased(); f != nil {
		t.Errorf("p99.9 10ms under max as printed, as sent: %q, want none", f)
	}
	s.Classes[Payment].Latency = Percentiles{}
	s.Elapsed = 5500 * time.Millisecond
	if f := s.StallReleased(); f != nil {
		t.Errorf("in the stall: %q, want none", f)
	}
	s.Elapsed, s.Config.Traffic.Mode = 10*time.Second, Closed
	if f := s.StallReleased(); f != nil {
		t.Errorf("closed loop: %q, want none", f)
	}
	// The ladder is the payments': their 10ms apart and 100 held, not every class's 5ms and
	// 200 (review B5).
	s.Config.Traffic.Mode, s.Config.Traffic.Signup.Rate = Open, 100
	s.Classes[Payment].Latency = Percentiles{P999: 999 * time.Millisecond, Max: 1003 * time.Millisecond, Count: 1000}
	if f := s.StallReleased(); len(f) == 0 || !strings.HasPrefix(f[0], "p99.9 999ms, not max − 10ms as sent: the stall's 100 held replies") {
		t.Errorf("payments at 100/s beside signups at 100/s: %q, want the payments' 10ms and 100", f)
	}
}
