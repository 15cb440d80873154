// The comparison's verdict: what users got in B, better and worse, from the judged rows.

package lab

import (
	"cmp"
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
	// Cap is B's bulkhead size where B has one and A another or none: a trade it makes is
	// its cap's (newcomer 21: "B worse: payment ok -24" beside "a cap of 18 … rejects ~44%,
	// not ~84%" read as "is the bulkhead the fix or not?"). 0 otherwise.
	Cap int `json:"-"`
	// Neither is the latencies beyond noise of other requests than A's (fewer ended ok, or
	// more turned away: CompareClasses), a result the table shows uncoloured: the trade says
	// them too (newcomer 26: "payment p50 3.56s 3.00s -560ms" unmarked, and left out of it).
	Neither []UserChange `json:"neither,omitempty"`
	// Held is where one side turns away now what the other's filling queue still holds: no
	// count judges them yet, and the lesson leads with that (nil: none).
	Held *Held `json:"held,omitempty"`
}

// UserChange is one class's gain or loss.
type UserChange struct {
	Class   Class  `json:"-"`
	Name    string `json:"class"`
	Counter string `json:"counter"` // "ok", "p99", "p50" or "rejected" (every reason summed: newVerdict)
	A       int64  `json:"-"`       // as the row's: a count, or a latency as time.Duration
	B       int64  `json:"-"`
	// Change is B − A: requests, or milliseconds for a latency.
	Change float64 `json:"change"`
	// NotOK is, beside a lost or won ok, the class's requests not ok (failed, timed out,
	// rejected for any reason, or still in flight: arrived − ok, as ok% counts) in A and B,
	// where they differ beyond noise. Nil otherwise.
	NotOK *[2]int64 `json:"not_ok,omitempty"`
	// InFlight is, of NotOK, those still in flight in A and B: not ok yet, not lost (newcomer
	// 18 read A's 20 running payments in "not ok 42 → 66" as failures). Nil with none.
	InFlight *[2]int64 `json:"not_ok_in_flight,omitempty"`
	// Rejected is, of NotOK, those turned away in A and B where the verdict names them a cost
	// too ("B worse: orders rejected +196"): said as part of the not ok, so the one count does
	// not read as counted twice. Nil otherwise.
	Rejected *[2]int64 `json:"not_ok_rejected,omitempty"`
	// Canned is, of NotOK, those the fallback gave a canned reply in A and B, where they
	// differ: a canned reply is not ok, and the trade counts it so (newcomer 29: B's 78
	// rejected:bulkhead got canned replies, A's 33 rejected:pool an error, and "payment ok
	// -31" left what either was worth to guessing). Nil otherwise.
	Canned *[2]int64 `json:"not_ok_canned,omitempty"`
	// cannot is, in A and B, the parts of NotOK the run cannot have: said "–", as the rows
	// draw them.
	cannot [2]notOKCannot
	// Of is, on a latency in Neither, why it is neither better nor worse: its row's
	// (ComparisonRow.Neither, "fewer ended ok"). Empty otherwise.
	Of string `json:"of,omitempty"`
	// NoneOK is the row's (ComparisonRow.NoneOK): a latency of requests none of which ended
	// ok, said with it.
	NoneOK string `json:"none_ok,omitempty"`
}

// Trade says B is better for some and worse for others.
func (v UsersVerdict) Trade() bool { return len(v.Worse) > 0 && len(v.Better) > 0 }

// A class turned away more in B where its ok did not fall is a cost its ok does not carry
// (newcomer 19: the postmortem's fix, "orders ok +5211", left its 196 rejected:deadline, the
// errors users now see, unsaid): said as a loss, every reason summed, where the table shows
// it (a rejected row of the class beyond noise rose in B) and the sum rose too (a request
// turned away by a bulkhead instead of the pool is still turned away). Not by the looser
// test alone (the review: "signup rejected +N" while every rejected row was ≈). Where the
// ok fell, what became of it says so already. Only where judged names better or worse: a
// rejected row beyond noise between runs sent two ways is the method's (Method), never risen.
func newVerdict(rows []ComparisonRow, away [numClasses]turnedAway) UsersVerdict {
	v := UsersVerdict{Worse: []UserChange{}, Better: []UserChange{}} // [] in the JSON, not null
	var okFell, rose [numClasses]bool
	for _, r := range rows {
		okFell[r.Class] = okFell[r.Class] || r.Counter == OK.Word() && r.Better < 0
		rose[r.Class] = rose[r.Class] || strings.HasPrefix(r.Counter, RejectedColumn.Word+":") && r.Significant && !r.Method && r.B > r.A
	}
	cost := func(c Class) *[2]int64 {
		if t := away[c]; rose[c] && t.differs && t.b > t.a && !okFell[c] {
			return &[2]int64{t.a, t.b}
		}
		return nil
	}
	for _, r := range rows {
		u := UserChange{Class: r.Class, Name: r.Class.String(), Counter: r.Counter, A: r.A, B: r.B, Change: float64(r.B - r.A), NoneOK: r.NoneOK}
		if r.Latency() {
			u.Change = round(ms(time.Duration(r.B))-ms(time.Duration(r.A)), 1)
		}
		if r.Neither != "" { // a latency's, judged neither
			n := u
			n.Of = r.Neither
			v.Neither = append(v.Neither, n)
		}
		if r.Better == 0 || r.Unseen || (r.Counter != OK.Word() && !r.Latency()) {
			continue
		}
		if n := away[r.Class].notOK; n.differs && !r.Latency() {
			u.NotOK, u.cannot = &[2]int64{n.a, n.b}, away[r.Class].cannot
			if f := away[r.Class].inFlight; f != [2]int64{} {
				u.InFlight = &f
			}
			u.Rejected = cost(r.Class)
			if k := away[r.Class].canned; k[0] != k[1] {
				u.Canned = &k
			}
		}
		if r.Better > 0 {
			v.Better = append(v.Better, u)
		} else {
			v.Worse = append(v.Worse, u)
		}
	}
	for _, c := range Classes {
		if t := cost(c); t != nil {
			v.Worse = append(v.Worse, UserChange{Class: c, Name: c.String(), Counter: RejectedColumn.Word, A: t[0], B: t[1], Change: float64(t[1] - t[0])})
		}
	}
	// The counts first: where the line is cut short, a latency goes before an ok.
	latencyLast := func(x, y UserChange) int { return cmp.Compare(x.latency(), y.latency()) }
	slices.SortStableFunc(v.Worse, latencyLast)
	slices.SortStableFunc(v.Better, latencyLast)
	return v
}

// namesOnly names changes without their figures, the classes with the same counters
// together: "signup and health: ok and p99", "signup: ok and p99, health: ok".
func namesOnly(us []UserChange, label func(Class) string) string {
	var classes []Class
	counters := map[Class][]string{}
	for _, u := range us {
		if counters[u.Class] == nil {
			classes = append(classes, u.Class)
		}
		counters[u.Class] = append(counters[u.Class], u.Counter)
	}
	var groups []string
	for i, c := range classes {
		if counters[c] == nil { // said with an earlier class
			continue
		}
		same := []string{label(c)}
		for _, d := range classes[i+1:] {
			if slices.Equal(counters[d], counters[c]) {
				same, counters[d] = append(same, label(d)), nil
			}
		}
		groups = append(groups, strings.Join(same, " and ")+": "+strings.Join(counters[c], " and "))
	}
	return strings.Join(groups, ", ")
}

func (u UserChange) latency() int {
	if u.Counter == "p99" || u.Counter == "p50" {
		return 1
	}
	return 0
}

// tradeForms is the trade in words, longest first, each class by label's name for it:
// "» the trade: B worse: payment ok -22 (arrived − ok 30 → 66); B better: signup ok +13
// (arrived − ok 13 → 0)"; then without what became of them; then shorter and shorter, a
// change at a time from the end of the longer side (its latencies first), what is left
// out counted and named: "and 2 more gains" (newcomer 15: "(+3 more)": 3 more what?), one
// alone by its name: "and payment p50", so
// the briefest fits one line at 80 columns (newcomer 14: a fleet's trade took two, and the compare refused 80x24). A result one way with a count in
// it is said too ("» users: B better: orders ok +5242 (arrived − ok 0 → 175)"): the
// postmortem's fix turns orders away, which its table alone leaves the audience to weigh.
// Nil otherwise (a latency alone is the users line, Lesson).
func (v UsersVerdict) tradeForms(label func(Class) string) []string {
	counts := func(us []UserChange) bool {
		return slices.ContainsFunc(us, func(u UserChange) bool { return u.Counter == OK.Word() })
	}
	head, sides, names := "» the trade: ", [][]UserChange{v.Worse, v.Better}, []string{"B worse: ", "B better: "}
	kinds := []string{"losses", "gains"} // what a side left out counts (one left out is named)
	switch {
	case v.Trade():
	case len(v.Worse) == 0 && counts(v.Better):
		head, sides, names, kinds = "» users: ", sides[1:], names[1:], kinds[1:]
	case len(v.Better) == 0 && counts(v.Worse):
		head, sides, names, kinds = "» users: ", sides[:1], names[:1], kinds[:1]
	default:
		return nil
	}
	keep := make([]int, len(sides))
	for i := range sides {
		keep[i] = len(sides[i])
	}
	// form is the trade with each side's first keep[i] changes; named, a side that would
	// count more than one left out names them all instead, without their figures (the table
	// above has them): "B better: signup and health: ok and p99" in the room "signup ok +556
	// and 3 more gains" took at 80x24 (newcomer 29: which gains?). counted: a side counts.
	form := func(d phraseDetail, named bool) (string, bool) {
		parts, counted := make([]string, len(sides)), false
		for i, us := range sides {
			n := len(us) - keep[i]
			if named && n > 1 {
				parts[i] = names[i] + namesOnly(us, label)
				continue
			}
			said := make([]string, keep[i])
			for j, u := range us[:keep[i]] {
				said[j] = u.phrase(label, d)
			}
			parts[i] = names[i] + strings.Join(said, ", ")
			// One left out is named, class and counter, in about the room "and 1 more gain"
			// took (newcomer 22: which gain?); more are counted.
			switch {
			case n == 1:
				parts[i] += " and " + label(us[keep[i]].Class) + " " + us[keep[i]].Counter
			case n > 1:
				parts[i] += fmt.Sprintf(" and %d more %s", n, kinds[i])
				counted = true
			}
		}
		return head + strings.Join(parts, "; "), counted
	}
	full, _ := form(phraseParts, false)
	forms, named := []string{full}, ""
	// The not ok's total without its parts, before none: 80x24's compare had room for
	// "(arrived − ok 40 → 54)" once its parts were all named (newcomer 58 W6).
	if totals, _ := form(phraseNotOK, false); totals != full {
		forms = append(forms, totals)
	}
	for {
		f, counted := form(phraseBrief, false)
		if counted && named == "" { // every change named comes before any counted
			named, _ = form(phraseBrief, true)
			forms = append(forms, named)
		}
		if f != forms[len(forms)-1] {
			forms = append(forms, f)
		}
		longer := 0
		for i := range keep {
			if keep[i] > keep[longer] {
				longer = i
			}
		}
		if keep[longer] <= 1 {
			// A trade at a cap says so, but in the briefest form, which fits 80 columns.
			// Every change named, without the cap, before the briefest: fleet-bulkhead's cap
			// left "and 3 more gains" the one form that fit 80 columns (newcomer 29).
			if v.Cap > 0 && v.Trade() {
				for i := range forms[:len(forms)-1] {
					forms[i] = fmt.Sprintf("» the trade at cap %d: ", v.Cap) + forms[i][len(head):]
				}
				if named != "" {
					forms = slices.Insert(forms, len(forms)-1, named)
				}
			}
			return v.withNeither(forms, label)
		}
		keep[longer]--
	}
}

// withNeither is each of forms with Neither said after it, then as it is (the briefest
// fits 80 columns): a latency the table shows beyond noise is said where there is room
// beside the trade's form that fits, never cutting the trade's own results short for it
// (the review: "(arrived − ok 40 → 54, …)" and named gains gave way to it).
func (v UsersVerdict) withNeither(forms []string, label func(Class) string) []string {
	if len(v.Neither) == 0 {
		return forms
	}
	said := make([]string, len(v.Neither))
	for i, u := range v.Neither {
		said[i] = u.phrase(label, phraseBrief) + " (" + u.Of + ")"
	}
	out := make([]string, 0, 2*len(forms))
	for _, f := range forms {
		out = append(out, f+"; neither: "+strings.Join(said, ", "), f)
	}
	return out
}

// phrase is one change as the trade says it: "payment ok -24 (arrived − ok 42 → 66, of which in
// flight 20 → 5 and ended not ok 22 → 61)", "orders ok +5211 (arrived − ok 5802 → 591, of which
// in flight 5802 → 395 and rejected 0 → 196)" where the rejected are a cost too ("…, in flight
// 18 → 4 of them)" took newcomer 25 a second reading: "of which" says at once what the part is
// of); with d phraseNotOK without the parts, phraseBrief without what became of them. A
// latency of failures says so: "payment p50 -610ms (none ok: time out sooner)".
func (u UserChange) phrase(label func(Class) string, d phraseDetail) string {
	out := label(u.Class) + " " + u.Counter + " " + u.diff()
	if u.NotOK != nil && d > phraseBrief {
		them := ""
		if d == phraseParts {
			them = u.parts()
		}
		out += " (" + fromTo(NotOKWord, *u.NotOK, [2]bool{}) + them + ")"
	}
	if u.NoneOK != "" {
		out += " (none ok: " + u.NoneOK + " " + sooner(u.B < u.A) + ")"
	}
	return out
}

// parts is what became of the not ok, ", of which in flight 18 → 5, got an error 26 → 0 and canned
// replies 0 → 65": every part named, so that they add up to the not ok as printed ("of which
// in flight 18 → 5; canned replies 0 → 65" left A's 26 rejected:pool, 44 − 18, unnamed:
// newcomer 58 W6). The rest is what ended not ok otherwise: beside the rejected, the failed
// and timed out; beside canned replies, those that got an error; alone, the whole, unsaid.
func (u UserChange) parts() string {
	var of []string
	// A part's sides that cannot have it, by cannot's ways: "rejected – → 830".
	cannot := func(way func(notOKCannot) bool) [2]bool { return [2]bool{way(u.cannot[0]), way(u.cannot[1])} }
	rejected := func(c notOKCannot) bool { return c.rejected }
	ended := func(c notOKCannot) bool { return c.ended }
	notOK := func(c notOKCannot) bool { return c.rejected && c.ended } // the rest of either
	canned := cannot(func(c notOKCannot) bool { return c.canned })
	part := func(word string, n [2]int64, none [2]bool) { of = append(of, fromTo(word, n, none)) }
	minus := func(a, b [2]int64) [2]int64 { return [2]int64{a[0] - b[0], a[1] - b[1]} }
	rest, word, restNone := *u.NotOK, "ended not ok", cannot(notOK)
	if u.InFlight != nil {
		part(FateInFlight.Word(), *u.InFlight, [2]bool{})
		rest = minus(rest, *u.InFlight)
	}
	switch {
	case u.Rejected != nil:
		part(RejectedColumn.Word, *u.Rejected, cannot(rejected))
		rest, word, restNone = minus(rest, *u.Rejected), Failed.Word()+" or "+TimedOut.Word(), cannot(ended)
	case u.Canned != nil:
		rest, word = minus(rest, *u.Canned), errorsWord
	}
	if rest != [2]int64{} && (len(of) > 0 || u.Canned != nil) {
		part(word, rest, restNone)
	}
	if u.Canned != nil && u.Rejected == nil {
		part(cannedWord, *u.Canned, canned)
	}
	them := ""
	if len(of) > 0 {
		them = ", of which " + JoinList(of, "and")
	}
	// Apart from the parts above: a rejection on a worker gets one too.
	if u.Canned != nil && u.Rejected != nil {
		them += "; " + fromTo(cannedWord, *u.Canned, canned)
	}
	return them
}

// fromTo is a count in A and in B by its word: "in flight 18 → 5"; "–" for a side that
// cannot have it (none), as the rows draw it, not an impossible 0: "rejected – → 830".
func fromTo(word string, n [2]int64, none [2]bool) string {
	side := func(i int) string {
		if none[i] {
			return "–"
		}
		return FmtCount(n[i])
	}
	return fmt.Sprintf("%s %s → %s", word, side(0), side(1))
}

// phraseDetail is how much of a change phrase says: bare, with the not ok's total, or with
// its parts too.
type phraseDetail int

const (
	phraseBrief phraseDetail = iota
	phraseNotOK
	phraseParts
)

// diff is the change as the table's cell writes it (ComparisonRow.Cells, of a judged row:
// neither ≈ nor ?): +13, -350ms.
func (u UserChange) diff() string {
	_, _, d := ComparisonRow{Counter: u.Counter, A: u.A, B: u.B, Significant: true}.Cells()
	return d
}

// errorsWord names, beside the fallback's canned replies, the requests not ok that got an error
// instead: turned away before a worker ran the fallback, or with none, in FallbackSaid's words
// ("they got an error"): "errors 26 → 0" beside the table's "failed 0", the dependency's
// errors, read as two counts of one thing (newcomer 65 W16).
const errorsWord = "got an error"

// NotOKWord names the requests not ok, every way summed, in flight too, where the verdict says
// what became of a lost or won ok: "payment ok -22 (arrived − ok 30 → 66)". Not "not ok",
// which the postmortem's narrator says of replies alone, in flight left out ("not ok 0.0% of
// replies"): one word, two counts (newcomer 50).
const NotOKWord = "arrived − ok"

func sooner(yes bool) string {
	if yes {
		return "sooner"
	}
	return "later"
}

// Lesson is the line under the comparison table, the one place it is built, from the
// judged rows and the verdict on them, each class by label's name for it; in its forms,
// longest first (the screen takes the first that fits its room, a written comparison the
// first); nil for none. Where the verdict is Held, led by "not judged yet" (Held.lead).
// Otherwise:
//   - B better for some classes and worse for others is a trade, and a count that moved one
//     way says that way (tradeForms);
//   - else, when the calls below the pool differ, or a p50 stands in for a p99 too few to
//     judge, what users got: the significant rows, or that none of their counts differs
//     and which p99 is too few to judge, so "nothing differs" does not read as a finding;
//
// either with a class's not ok that ended another way linked (notOKShifted); and then the
// calls below the pool that differ, A → B. Nothing otherwise (a latency alone, nothing below
// the pool): the table's bare differences say it.
func Lesson(rows []ComparisonRow, v UsersVerdict, label func(Class) string) []string {
	if v.Held != nil {
		return v.Held.lead(lesson(rows, v, label))
	}
	return lesson(rows, v, label)
}

// lesson is Lesson unled.
func lesson(rows []ComparisonRow, v UsersVerdict, label func(Class) string) []string {
	var (
		unseen, seen, tooFew []string
		counts, standIn      bool // a user's count differs; a p50 speaks for a p99
	)
	shifted := notOKShifted(rows)
	moved := map[Class][]string{} // a shifted class's ended not-ok rows, as "timed out +44"
	for _, r := range rows {
		a, b, diff := r.Cells()
		switch {
		case r.TooFew() && !r.Unseen && a != b:
			tooFew = append(tooFew, fmt.Sprintf("%s %s → %s", label(r.Class), a, b))
		case !r.Significant: // within noise (≈)
		case r.Unseen:
			unseen = append(unseen, fmt.Sprintf("%s %s → %s", r.Name(), a, b))
		case shifted[r.Class] && r.ended():
			moved[r.Class] = append(moved[r.Class], r.Name()+" "+diff)
		default:
			seen = append(seen, r.phrase(label))
			counts = counts || !r.Latency()
			standIn = standIn || r.Counter == "p50"
		}
	}
	// A class whose ok held while its not ok ended another way (retry-storm: timed out +44
	// as rejected:pool -35) is linked, so neither count reads as B worse or better on its own
	// (newcomer 23), in plain words ("ok not shown to differ, its not ok moved" took newcomer
	// 25 a second reading). Briefly, where the room is short, before what differs below the pool:
	// the table shows the calls' rows, not the link (80x24: "timed out +45" beside "B better").
	// An ok the same in both is said so, not "could be chance" (newcomer 26: "payment ok within
	// noise" beside "ok 0 0 0").
	held := map[Class]string{}
	for _, r := range rows {
		if r.Counter == OK.Word() {
			// Its difference, not the count, is what could be chance (review 40a m7).
			held[r.Class] = "ok's difference could be chance"
			if r.A == r.B {
				held[r.Class] = "ok " + FmtCount(r.A) + " in both"
			}
		}
	}
	var names, each, alone []string // alone: the ended counts without their class
	for _, c := range Classes {
		if len(moved[c]) > 0 {
			names = append(names, label(c)+" "+held[c])
			each = append(each, label(c)+" "+strings.Join(moved[c], ", "))
			alone = append(alone, strings.Join(moved[c], ", "))
		}
	}
	var shift, brief string
	switch len(names) {
	case 0:
	case 1: // the class named once
		shift = fmt.Sprintf("%s, its not ok ended another way: %s", names[0], alone[0])
	default:
		shift = fmt.Sprintf("%s, their not ok ended another way: %s", strings.Join(names, " and "), strings.Join(each, "; "))
	}
	if shift != "" {
		brief = "not ok ended another way: " + strings.Join(each, "; ")
	}
	// The calls, which no user sees, said as such ("what differs is below the pool" took
	// newcomer 25 a second reading).
	below := ""
	if len(unseen) > 0 {
		below = "; unseen by users, the calls differ: " + strings.Join(unseen, ", ")
	}
	// withShift is each form of before with the shift after it and then rest, in full, then
	// brief, then brief without below; nil with no shift.
	withShift := func(before []string, rest string) []string {
		if shift == "" {
			return nil
		}
		var out []string
		for _, s := range []string{shift + rest + below, brief + rest + below, brief + rest} {
			for _, f := range before {
				if !slices.Contains(out, f+s) {
					out = append(out, f+s)
				}
			}
		}
		return out
	}
	if forms := v.tradeForms(label); forms != nil {
		// With the shift while it fits, else as before: the trade outlasts it.
		heads := make([]string, len(forms))
		for i, f := range forms {
			heads[i] = f + "; "
		}
		out := withShift(heads, "")
		for _, f := range forms {
			out = append(out, f+below)
		}
		return out
	}
	if len(unseen) == 0 && !standIn && shift == "" {
		return nil
	}
	if shift != "" {
		rest := ""
		if len(seen) > 0 {
			rest = "; " + strings.Join(seen, ", ")
		}
		return withShift([]string{"» users: "}, rest)
	}
	// "Beyond noise", the legend's words for an unmarked change (newcomer 25 read "no count
	// shown to differ" twice).
	// Their counts, where a count below the pool does differ (newcomer 27: "no count differs
	// beyond noise" beside the unmarked "past user's deadline 768 0 -768", the row now
	// "after user answered").
	noCount := "no count differs beyond chance"
	if len(unseen) > 0 {
		noCount = "no count of theirs differs beyond chance"
	}
	users := "nothing users see differs beyond chance"
	switch {
	case len(seen) > 0 && !counts:
		users = "users: " + strings.Join(seen, ", ") + "; " + noCount
	case len(seen) > 0:
		users = "users: " + strings.Join(seen, ", ")
	case len(tooFew) > 0:
		users = "users: " + noCount + ", p99 too few to judge (" + TooFewMark + ": " + strings.Join(tooFew, ", ") + ")"
	}
	return []string{"» " + users + below}
}

// notOKShifted are the classes whose ok row is not shown to differ while their ended not-ok
// counts (failed, timed out, rejected) differ beyond noise both ways: the same requests not
// ok, ended another way. In flight is no end (codel: A's 49 queued will mostly end ok, B's
// 33 rejected:codel never will), so it moves nothing.
func notOKShifted(rows []ComparisonRow) map[Class]bool {
	var okDiffers, rose, fell [numClasses]bool
	for _, r := range rows {
		switch {
		case r.Counter == OK.Word():
			okDiffers[r.Class] = r.Significant
		case r.ended() && r.Significant:
			rose[r.Class] = rose[r.Class] || r.B > r.A
			fell[r.Class] = fell[r.Class] || r.B < r.A
		}
	}
	out := map[Class]bool{}
	for _, c := range Classes {
		out[c] = !okDiffers[c] && rose[c] && fell[c]
	}
	return out
}

// ended says the row counts requests of the class that ended not ok: failed, timed out or
// rejected for a reason.
func (r ComparisonRow) ended() bool {
	return !r.Latency() && !r.Unseen && !r.Ratio && !r.Method && r.Counter != OK.Word() && r.Counter != TermArrived.Word && r.Counter != FateInFlight.Word()
}

// phrase is a significant row of the users' as Lesson names it: a count by its class, name
// and difference; a latency by both figures and how much sooner or later, and of what
// where none ended ok ("payment p50 1.61s → 1.00s (none ok: time out 610ms sooner)").
func (r ComparisonRow) phrase(label func(Class) string) string {
	a, b, diff := r.Cells()
	if !r.Latency() {
		return fmt.Sprintf("%s %s %s", label(r.Class), r.Name(), diff)
	}
	how := strings.TrimLeft(diff, "+-") + " " + sooner(r.B < r.A)
	if r.NoneOK != "" {
		how = "none ok: " + r.NoneOK + " " + how
	}
	return fmt.Sprintf("%s %s %s → %s (%s)", label(r.Class), r.Name(), a, b, how)
}

// Cells writes the row's A, B and B − A as the screen shows them: a difference that is
// noise after "≈ ", one too few to judge after "?".
func (r ComparisonRow) Cells() (a, b, diff string) {
	if r.Ratio {
		if a, b, diff = r.RatioCells(); a == b {
			return a, b, r.unchanged()
		}
		return a, b, r.Approx() + diff
	}
	if !r.Latency() {
		diff = FmtCount(r.B - r.A)
		switch {
		case r.B > r.A:
			diff = "+" + diff
		case r.B == r.A:
			diff = r.noChange()
		}
		if r.Sooner {
			diff += " " + SoonerMark
		}
		return r.count(0, FmtCount), r.count(1, FmtCount), r.Approx() + diff
	}
	lat := func(v int64, none bool) string {
		if none {
			return "–"
		}
		return FmtLatency(time.Duration(v))
	}
	a, b, diff = lat(r.A, r.None[0]), lat(r.B, r.None[1]), "–"
	// Too few to judge, the difference is shown all the same, after "?" (newcomer 19: a
	// bare "?" beside 5.48s and 3.00s read as no change); where a p50 stands in, the next
	// row, NoiseRule and TooFewKey say that row is the one judged.
	if !r.None[0] && !r.None[1] {
		diff = r.unchanged()
		if d := ShownLatency(time.Duration(r.B)) - ShownLatency(time.Duration(r.A)); d != 0 {
			diff = r.Approx() + signedLatency(d)
		}
	}
	return a, b, diff
}

// count writes a count row's cell of run side (0 is A) with format: "–" where it Cannot be.
func (r ComparisonRow) count(side int, format func(int64) string) string {
	if r.Cannot[side] {
		return "–"
	}
	return format([2]int64{r.A, r.B}[side])
}

// noChange is a count's B − A where A and B are equal: "same"; "–" where a side cannot have
// it, whose "–" is not the other's 0 ("– 0 same", review s93e). Where the other has some,
// B − A is that count, as with none ("– 47 +47").
func (r ComparisonRow) noChange() string {
	if r.Cannot[0] || r.Cannot[1] {
		return "–"
	}
	return NoChange
}

// unchanged is B − A where A and B are written alike, whatever their unshown digits: no
// difference to judge, "same" (newcomer 16: a bare "0" read as beyond noise); from too few
// to judge, TooFewZero.
func (r ComparisonRow) unchanged() string {
	if r.Unjudged {
		return TooFewZero
	}
	return NoChange
}

// signedLatency writes a difference of latencies: +2.99s, -0.8ms, 0.
func signedLatency(d time.Duration) string {
	switch {
	case d > 0:
		return "+" + FmtLatency(d)
	case d < 0:
		return "-" + FmtLatency(-d)
	}
	return "0"
}
