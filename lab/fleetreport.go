// The report's fleet section: FleetReport and its summary lines.

package lab

import (
	"fmt"
	"strings"
	"time"
)

// FleetReport is the fleet behind its balancer over the run. The report's classes, pool and
// dependency are fleet-wide; each replica's own counts are here.
type FleetReport struct {
	Replicas     int          `json:"replicas"`
	Balancer     string       `json:"balancer"`
	Drained      *DrainReport `json:"drained,omitempty"` // the operator's drain of one replica (a deploy); absent: none
	Pulled       []PullReport `json:"pulled"`            // every pull, in time order
	AllPulledAtS *float64     `json:"all_pulled_at_s"`   // when every replica was first out of rotation at once (pulled, or drained); null: never
	AllBackAtS   *float64     `json:"all_back_at_s"`     // when that first stretch ended; null: never, or it lasted to the end
	// The latest later stretch with every replica out ("all out again"); null: none.
	AgainPulledAtS *float64        `json:"all_pulled_again_at_s"`
	AgainBackAtS   *float64        `json:"all_back_again_at_s"` // null: none, or it lasted to the end
	PerReplica     []ReplicaReport `json:"per_replica"`

	// The stretches with every replica out in the summary's words, their starts as the
	// screen writes them: "12.863s–19.5s", "from 25.3s"; the latest "" where it is the first.
	allOut, again string
}

// DrainReport is the drain of one replica: out of rotation at the operator's word, not for
// failed checks.
type DrainReport struct {
	Replica int      `json:"replica"` // 1 is the first
	AtS     *float64 `json:"at_s"`    // null: the run ended first
	BackAtS *float64 `json:"back_at_s"`

	at, back string // as the summary writes them (outSpan); back "": not (yet)
}

// PullReport is one time the balancer took a replica out of rotation.
type PullReport struct {
	Replica     int      `json:"replica"` // 1 is the first
	AtS         float64  `json:"at_s"`
	ReturnedAtS *float64 `json:"returned_at_s"` // null: still out at the end

	at, back string // as the summary writes them (outSpan); back "": still out
}

// ReplicaReport is one replica over the run; each of its classes balances exactly too.
type ReplicaReport struct {
	Replica     int                    `json:"replica"`
	Classes     map[string]ClassReport `json:"classes"`
	Pool        PoolReport             `json:"pool"`
	Pulls       int64                  `json:"pulls"`
	PulledAtEnd bool                   `json:"pulled_at_end"`

	order []Class
}

func fleetReport(s Snapshot) *FleetReport {
	if s.Fleet == nil {
		return nil
	}
	fs := s.Fleet
	r := &FleetReport{Replicas: len(fs.Replicas), Balancer: string(fs.Balancer), Pulled: []PullReport{}}
	// Each out's time as the screen writes it (FleetStats.OutAt): the summary's times are the
	// pulls line's, "12.863s" where two outs are under a second apart, not "12.9s" (s48).
	shown, _ := fs.OutTimes()
	outAt := fs.outWords(shown)
	for _, p := range fs.Pulls {
		pr := PullReport{Replica: p.Replica, AtS: round(p.At.Seconds(), 2), ReturnedAtS: secondsOrNull(p.ReturnedAt)}
		pr.at, pr.back = outSpan(outAt, p.At, p.ReturnedAt)
		r.Pulled = append(r.Pulled, pr)
	}
	all, back := fs.FirstAllOut()
	r.AllPulledAtS, r.AllBackAtS = secondsOrNull(all), secondsOrNull(back)
	if all > 0 {
		r.allOut = stretchSpan(outAt, all, back)
	}
	if fs.AllOutAgain() {
		from, until := fs.LastAllOut()
		r.AgainPulledAtS, r.AgainBackAtS = secondsOrNull(from), secondsOrNull(until)
		r.again = stretchSpan(outAt, from, until)
	}
	if d := fs.Drain; d != nil {
		r.Drained = &DrainReport{Replica: d.Replica, AtS: secondsOrNull(d.At), BackAtS: secondsOrNull(d.BackAt)}
		r.Drained.at, r.Drained.back = outSpan(outAt, d.At, d.BackAt)
	}
	for i, rs := range fs.Replicas {
		rr := ReplicaReport{Replica: i + 1, Pool: poolReport(rs.Pool), Pulls: rs.Health.Pulls, PulledAtEnd: rs.Health.Pulled}
		rr.Classes, rr.order = classReports(rs.Classes, s.ClosedLoop != nil)
		r.PerReplica = append(r.PerReplica, rr)
	}
	return r
}

// outSpan is an out at at, back at back (0: not yet), in the summary's words: its start as
// the screen writes that out (outAt), its end as any time; back "": not yet.
func outSpan(outAt func(time.Duration) string, at, back time.Duration) (from, until string) {
	if back > 0 {
		until = FmtSecs(back)
	}
	return outAt(at), until
}

// stretchSpan is a stretch from from until until (0: it lasts still) in the report's words:
// "12.863s–19.5s", "from 25.3s".
func stretchSpan(outAt func(time.Duration) string, from, until time.Duration) string {
	at, back := outSpan(outAt, from, until)
	if back != "" {
		return at + "–" + back
	}
	return "from " + at
}

// secondsOrNull is d in seconds to 2 places, or null for 0: not (yet).
func secondsOrNull(d time.Duration) *float64 {
	if d <= 0 {
		return nil
	}
	s := round(d.Seconds(), 2)
	return &s
}

// summary is the fleet's lines under the report's table: the balancer, the pulls, and one
// line per replica.
func (r *FleetReport) summary(f FleetConfig) []string {
	lines := []string{fmt.Sprintf("fleet: %d replicas, each with the settings above, behind a %s balancer (the counts above are the whole fleet's); a replica is pulled after %d health checks not ok in a row (one every %s) and returned after %d ok",
		r.Replicas, f.Balancer.Word(), f.PullAfter, f.CheckEvery, f.ReturnAfter)}
	if d := r.Drained; d != nil && d.AtS != nil {
		w := fmt.Sprintf("drain: replica %d taken out of rotation at %s (a deploy: not a pull)", d.Replica, d.at)
		if d.back != "" {
			w += ", back at " + d.back
		}
		lines = append(lines, w)
	}
	var pulls []string
	for _, p := range r.Pulled {
		w := fmt.Sprintf("replica %d at %s", p.Replica, p.at)
		if p.back != "" {
			w += " (back at " + p.back + ")"
		}
		pulls = append(pulls, w)
	}
	switch {
	case len(pulls) == 0:
		lines = append(lines, "pulls: none; every replica stayed in rotation")
	case r.AllPulledAtS != nil:
		// From when to when, as the story's "all out 12.9s–19.5s", and the latest as the
		// pulls line's "all out again"; "turned away", as the table's rejected: "failed" is
		// its own column (review 18 #8).
		span := r.allOut
		if r.again != "" {
			span += ", again " + r.again
		}
		lines = append(lines, fmt.Sprintf("pulls: %s; every replica out of rotation %s: requests turned away at the balancer (rejected:balancer)", strings.Join(pulls, ", "), span))
	default:
		lines = append(lines, "pulls: "+strings.Join(pulls, ", "))
	}
	for _, rr := range r.PerReplica {
		var parts []string
		for _, c := range rr.order {
			cr := rr.Classes[c.String()]
			part := fmt.Sprintf("%s %d/%d ok", c, cr.OK, cr.Arrived)
			if n := cr.Rejected[RejectPool.String()]; n > 0 {
				part += fmt.Sprintf(", %d rejected:pool", n)
			}
			parts = append(parts, part)
		}
		state := "in rotation at the end"
		if rr.PulledAtEnd {
			state = "pulled at the end"
		}
		lines = append(lines, fmt.Sprintf("replica %d: %s; peak busy %d of %d; pulled %d×, %s",
			rr.Replica, strings.Join(parts, "; "), rr.Pool.PeakBusy, rr.Pool.Workers, rr.Pulls, state))
	}
	return lines
}
