// The comparison's verdict: what users got in B, better and worse, from the judged rows.

package lab

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// UsersVerdict is what users got in B against A: per class, its ok where it differs, else its
// latency where that is better or worse (CompareClasses: only where the class's counts do
// not differ). A rejection is never a gain or a loss on its own: a request turned away by
// a bulkhead instead of the pool is still turned away. B's classes fared worse in Worse,
// better in Better; both at once are a trade.
type UsersVerdict struct {
	Worse  []UserChange `json:"b_worse"`
	Better []UserChange `json:"b_better"`
}

// UserChange is one class's gain or loss.
type UserChange struct {
	Class   Class  `json:"-"`
	Name    string `json:"class"`
	Counter string `json:"counter"` // "ok", "p99" or "p50"
	A       int64  `json:"-"`       // as the row's: a count, or a latency as time.Duration
	B       int64  `json:"-"`
	// Change is B − A: requests, or milliseconds for a latency.
	Change float64 `json:"change"`
	// Rejected is, beside a lost or won ok, the class's requests rejected for any reason
	// in A and B, where they differ beyond noise: what became of them. Nil otherwise.
	Rejected *[2]int64 `json:"rejected,omitempty"`
}

// Trade says B is better for some and worse for others.
func (v UsersVerdict) Trade() bool { return len(v.Worse) > 0 && len(v.Better) > 0 }

func newVerdict(rows []ComparisonRow, away [numClasses]turnedAway) UsersVerdict {
	v := UsersVerdict{Worse: []UserChange{}, Better: []UserChange{}} // [] in the JSON, not null
	for _, r := range rows {
		if r.Better == 0 || r.Unseen || (r.Counter != OK.Word() && !r.Latency()) {
			continue
		}
		u := UserChange{Class: r.Class, Name: r.Class.String(), Counter: r.Counter, A: r.A, B: r.B, Change: float64(r.B - r.A)}
		if r.Latency() {
			u.Change = round(ms(time.Duration(r.B))-ms(time.Duration(r.A)), 1)
		} else if t := away[r.Class]; t.differs {
			u.Rejected = &[2]int64{t.a, t.b}
		}
		if r.Better > 0 {
			v.Better = append(v.Better, u)
		} else {
			v.Worse = append(v.Worse, u)
		}
	}
	return v
}

// TradeLine is the trade in words, each class by label's name for it: "» the trade: B
// worse: payment ok -22 (rejected 30 → 66); B better: signup ok +13 (rejected 13 → 0)";
// brief, without what became of them. A result one way with a count in it is said too
// ("» users: B better: orders ok +5242 (rejected 0 → 175)"): the postmortem's fix turns
// orders away, which its table alone leaves the audience to weigh. Empty otherwise (a
// latency alone is the screen's users line, with what differs below the pool).
func (v UsersVerdict) TradeLine(label func(Class) string, brief bool) string {
	counts := func(us []UserChange) bool {
		return slices.ContainsFunc(us, func(u UserChange) bool { return u.Counter == OK.Word() })
	}
	oneWay := ""
	switch {
	case v.Trade():
	case len(v.Worse) == 0 && counts(v.Better):
		oneWay = "B better: "
	case len(v.Better) == 0 && counts(v.Worse):
		oneWay = "B worse: "
	default:
		return ""
	}
	list := func(us []UserChange) string {
		out := make([]string, len(us))
		for i, u := range us {
			out[i] = label(u.Class) + " " + u.Counter + " " + u.diff()
			if u.Rejected != nil && !brief {
				out[i] += fmt.Sprintf(" (%s %s → %s)", RejectedColumn.Word, FmtCount(u.Rejected[0]), FmtCount(u.Rejected[1]))
			}
		}
		return strings.Join(out, ", ")
	}
	switch oneWay {
	case "B better: ":
		return "» users: " + oneWay + list(v.Better)
	case "B worse: ":
		return "» users: " + oneWay + list(v.Worse)
	}
	return "» the trade: B worse: " + list(v.Worse) + "; B better: " + list(v.Better)
}

// diff is the change as the table writes it: +13, -350ms.
func (u UserChange) diff() string {
	if u.Counter == OK.Word() {
		if u.B > u.A {
			return "+" + FmtCount(u.B-u.A)
		}
		return FmtCount(u.B - u.A)
	}
	d := ShownLatency(time.Duration(u.B)) - ShownLatency(time.Duration(u.A))
	if d > 0 {
		return "+" + FmtLatency(d)
	}
	return "-" + FmtLatency(-d)
}
