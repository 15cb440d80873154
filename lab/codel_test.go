// Tests of CoDel on its own: the rule it gives the pool, its validation rows, its share of the
// forecast.

package lab

import (
	"math"
	"strings"
	"testing"
	"time"
)

// Empty within the last interval: a request may wait the interval, oldest first. Standing
// longer: only the target, newest first.
func TestCoDelRule(t *testing.T) {
	c := DefaultConfig()
	c.Pool.Discipline = CoDel
	rule := c.Pool.Rule()
	for _, tc := range []struct {
		standing time.Duration
		limit    time.Duration
		newest   bool
	}{
		{0, 100 * time.Millisecond, false},
		{50 * time.Millisecond, 100 * time.Millisecond, false},
		{100 * time.Millisecond, 100 * time.Millisecond, false},
		{101 * time.Millisecond, 5 * time.Millisecond, true},
		{10 * time.Second, 5 * time.Millisecond, true},
	} {
		if got, newest := rule.Limit(tc.standing), rule.Newest(tc.standing); got != tc.limit || newest != tc.newest {
			t.Errorf("standing %v: limit %v newest %v, want %v %v", tc.standing, got, newest, tc.limit, tc.newest)
		}
	}
	if rule.Expired() != RejectCoDel || RejectCoDel.String() != "codel" {
		t.Errorf("expired %v, want rejected:codel", rule.Expired())
	}
	// FIFO and LIFO give no limit: a request waits as long as it takes.
	for _, d := range []Discipline{FIFO, LIFO} {
		c.Pool.Discipline = d
		if c.Pool.Rule().Limit(time.Hour) != 0 {
			t.Errorf("%s limits the wait", d)
		}
	}
}

// The timeline's sample, once a second, sees a queue whose every limit is a second or more:
// the interval alone is not enough, a standing queue keeps only the target (review 31 #12).
func TestCoDelWaitsSeen(t *testing.T) {
	c := DefaultConfig()
	for _, tc := range []struct {
		d                Discipline
		target, interval time.Duration
		seen             bool
	}{
		{FIFO, 0, 0, true},
		{LIFO, 0, 0, true},
		{CoDel, 5 * time.Millisecond, 100 * time.Millisecond, false},
		{CoDel, 5 * time.Millisecond, 2 * time.Second, false},
		{CoDel, time.Second, 2 * time.Second, true},
	} {
		c.Pool.Discipline = tc.d
		c.Pool.CoDel = CoDelConfig{Target: Duration(tc.target), Interval: Duration(tc.interval)}
		if got := c.Pool.WaitsSeen(); got != tc.seen {
			t.Errorf("%s target %v interval %v: seen %v, want %v", tc.d, tc.target, tc.interval, got, tc.seen)
		}
	}
}

// Its rows are checked whether or not it is on, with the range and its words.
func TestCoDelValidation(t *testing.T) {
	for _, tc := range []struct {
		target, interval time.Duration
		want             string
	}{
		{5 * time.Millisecond, 100 * time.Millisecond, ""},
		{100 * time.Millisecond, 100 * time.Millisecond, ""},
		{0, 100 * time.Millisecond, "pool.codel.target: must be more than 0s and at most pool.codel.interval (100ms)"},
		{200 * time.Millisecond, 100 * time.Millisecond, "pool.codel.target: must be more than 0s and at most pool.codel.interval (100ms) (how long a request may wait where the queue was never empty in the last interval), got 200ms"},
		{5 * time.Millisecond, 0, "pool.codel.interval: must be more than 0s and at most " + MaxLatency.String()},
		{5 * time.Millisecond, MaxLatency + time.Second, "pool.codel.interval: must be more than 0s"},
	} {
		c := DefaultConfig() // FIFO: checked all the same
		c.Pool.CoDel = CoDelConfig{Target: Duration(tc.target), Interval: Duration(tc.interval)}
		err := c.Validate()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("target %v interval %v: %v, want %q", tc.target, tc.interval, err, tc.want)
		}
	}
}

// Its forecast: nothing when the load fits; overloaded, Erlang B's share turned away and the
// workers busy A(1 − B)/N, the pool a loss system (the integrator's model: 30 erlangs on 20
// workers, 93% busy, so payments about 7% fewer than a long queue's).
func TestCoDelForecast(t *testing.T) {
	for _, tc := range []struct {
		name           string
		paymentRate    float64
		ok             bool
		blocking, busy float64
	}{
		{"long-queue's load", 0, true, 0.3801, 0.9298},
		{"a load the pool fits", 2, false, 0, 0},
	} {
		c := DefaultConfig()
		c.Pool.Queue, c.Pool.Discipline = 100, CoDel
		if tc.paymentRate > 0 {
			c.Traffic.Payment.Rate = tc.paymentRate
		}
		f, ok := c.Forecast().CoDel(c.Pool)
		if ok != tc.ok || math.Abs(f.Blocking-tc.blocking) > 0.001 || math.Abs(f.Busy-tc.busy) > 0.001 {
			t.Errorf("%s: %+v %v, want blocking %.4f busy %.4f %v", tc.name, f, ok, tc.blocking, tc.busy, tc.ok)
		}
		if q := c.Forecast().Queue; q.Growth != 0 || q.FullIn != 0 {
			t.Errorf("%s: the queue forecast to grow (%+v): CoDel turns away who outwaits its limit", tc.name, q)
		}
		if ok && f.MaxWait != 100*time.Millisecond {
			t.Errorf("%s: max wait %v, want the interval", tc.name, f.MaxWait)
		}
	}
}

// The setting says whose wait and what CoDel's "standing" queue is, in plain words
// (newcomer 22: "5ms once it stands" was CoDel's jargon), and whose CoDel: not RFC 8289's
// (newcomer 35 #18).
func TestCoDelSettingInPlainWords(t *testing.T) {
	c := DefaultConfig()
	c.Pool.Discipline = CoDel
	c.Pool.CoDel = CoDelConfig{Target: Duration(5 * time.Millisecond), Interval: Duration(100 * time.Millisecond)}
	if got, want := disciplines[CoDel].setting(c.Pool), "CoDel (Controlled Delay, Facebook's variant)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	// The name expanded and the rule beside it, at 80 columns too (newcomer 34 #34); why
	// the limit drops where it fits.
	c.Pool.Queue = 100
	for w, want := range map[int]string{
		80:  "waits ≤ 100ms; ≤ 5ms if never empty in the last 100ms",
		120: "waits ≤ 100ms; ≤ 5ms if never empty in the last 100ms (a queue that never empties only adds delay)",
	} {
		items := SettingsItems(c, &Snapshot{Config: c}, w)
		var got []string
		for _, it := range items {
			if it.Label == "queue" || it.Label == "waits" {
				got = append(got, it.Label+" "+it.Value)
			}
		}
		if len(got) != 2 || got[0] != "queue 100 CoDel (Controlled Delay, Facebook's variant)" || got[1] != want {
			t.Errorf("at %d: %q, want queue 100 CoDel (Controlled Delay, Facebook's variant), %q", w, got, want)
		}
	}
}
