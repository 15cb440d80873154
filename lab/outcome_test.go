package lab

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The README's report section states the vocabulary as lab writes it: word and meaning.
func TestReadmeStatesVocabulary(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	table.WriteString("| word | meaning |\n|---|---|\n")
	for _, t := range Vocabulary() {
		table.WriteString("| `" + t.Word + "` | " + t.Means + " |\n")
	}
	if want := table.String(); !strings.Contains(string(readme), want) {
		t.Errorf("README.md lacks the vocabulary table as lab writes it:\n%s", want)
	}
}

// The README's architecture names the isolation's methods that exist (review 18 #11: it
// named lab.Isolation.Chain, unexported since as chainFor).
func TestReadmeNamesIsolationMethods(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`lab\.Isolation\.(\w+)`).FindAllStringSubmatch(string(readme), -1) {
		if _, ok := reflect.TypeFor[*Isolation]().MethodByName(m[1]); !ok {
			t.Errorf("README.md names %s, which *Isolation has no method of", m[0])
		}
	}
}

// One word per outcome, and a column label of one token for each: a table's header reads
// as columns only if no label has a space.
func TestVocabularyOneWordEach(t *testing.T) {
	words, columns := map[string]bool{}, map[string]bool{}
	for _, term := range Vocabulary() {
		if term.Word == "" || term.Means == "" || term.Column == "" || strings.Contains(term.Column, " ") {
			t.Errorf("term %+v: want a word, a meaning and a one-token column label", term)
		}
		if words[term.Word] || columns[term.Column] {
			t.Errorf("term %+v: its word or its label is another's", term)
		}
		words[term.Word], columns[term.Column] = true, true
	}
	for _, r := range Reasons {
		if f := TurnedAway(r); f.Word() != "rejected:"+r.String() || f.Term().Means != r.Description() {
			t.Errorf("reason %s: term %+v, want rejected:%s and its reason's description", r, f.Term(), r)
		}
	}
}

// Issue 22, finding 13: a payment turned away at its deadline has no latency in the table;
// the deadline's health item says how long such payments waited first, on average, and a
// fleet's sum keeps the mean (sums add, means do not).
func TestDeadlineRejectionsSayTheirWait(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig()}
	s.Config.Payment.Deadline = Duration(800 * time.Millisecond)
	if items := deadlineHealth(s, 120); items != nil {
		t.Errorf("no rejection, yet items %v", items)
	}
	a := ClassStats{Arrived: 4, Rejected: [numReasons]int64{RejectDeadline: 4}, RejectedWait: [numReasons]time.Duration{RejectDeadline: 3 * time.Second}}
	b := ClassStats{Arrived: 1, Rejected: [numReasons]int64{RejectDeadline: 1}, RejectedWait: [numReasons]time.Duration{RejectDeadline: 800 * time.Millisecond}}
	s.Classes[Payment] = a.Add(b)
	if got := s.Classes[Payment].TurnedAwayAfter(RejectDeadline); got != 760*time.Millisecond {
		t.Errorf("mean wait of 3.8s over 5 rejections: %v, want 760ms", got)
	}
	// Which stage turned them away, the deadline run out or the enough-left check (newcomer
	// 58), at every width, as long as fits beside its label.
	s.EnoughLeftRefused = 3
	for w, want := range map[int]string{
		200: "rejected:deadline 5: 3 by deadline:enough-left (too little left to call), 2 ran out waiting; turned away after 760ms on average (from the scheduled arrival; deadline 800ms)",
		140: "rejected:deadline 5: 3 by deadline:enough-left (too little left to call), 2 ran out waiting; 760ms after arrival on average",
		120: "rejected:deadline 5: 3 by deadline:enough-left (too little left to call), 2 ran out waiting, ~760ms after arrival",
		80:  "rejected:deadline 5: 3 by enough-left, 2 ran out, ~760ms after arrival",
	} {
		if got := strings.Join(phrases(deadlineHealth(s, w)), " · "); got != want || len([]rune(got)) > w {
			t.Errorf("at %d: %q, want %q", w, got, want)
		}
	}
	s.EnoughLeftRefused = 6 // counted as each ends, a moment before the table: held to its 5
	if got, _ := s.DeadlineSplit(); got != "all by deadline:enough-left (too little left to call)" {
		t.Errorf("6 refused of 5: %q", got)
	}
}

// Issue 22, finding 14: the fallback shows where it acts, the payments it answered, and
// nowhere else but the chain.
func TestFallbackShownWhereItActs(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig()}
	if items := fallbackHealth(s, 120); items != nil {
		t.Errorf("a fallback that answered none shows %v", items)
	}
	s.Classes[Payment].Fallback = 50
	// Its own word, never "answered", an ok's ("only ~16% answered ok" beside "fallback
	// answered 78 not ok", newcomer 28).
	for _, f := range FallbackSaid(s, true) {
		if strings.Contains(f, "answered") {
			t.Errorf("the fallback says %q", f)
		}
	}
	if got := strings.Join(phrases(fallbackHealth(s, 120)), ""); !strings.Contains(got, "fallback canned replies to 50 payments not ok instead of an error (degraded, still counted not ok)") {
		t.Errorf("item %q", got)
	}
	// Which the user saw: the table counts the cause, the fallback answered (the table's
	// timed-out 49 beside "answered 49" was a riddle, newcomer 19).
	s.Classes[Payment].TimedOut, s.Classes[Payment].Rejected[RejectBreaker] = 40, 10
	if got := strings.Join(phrases(fallbackHealth(s, 120)), ""); got != "fallback canned replies to 50 payments not ok instead of an error; the table counts why (timed-out, rejected)" {
		t.Errorf("with causes: %q", got)
	}
	// The long form where it fits, else the short: never cut (it was, at 100 to 119 columns).
	for _, w := range []int{58, 80, 100, 110, 120} {
		got := strings.Join(phrases(fallbackHealth(s, w)), "")
		// What the user got, at every width that has room: a canned reply in place of an
		// error, never "not an error" beside the postmortem's "not ok 3.9% of replies" of the same
		// payments (newcomer 22).
		if n := len([]rune(got)); n > w || w >= 80 && !strings.Contains(got, "instead of an error") || strings.Contains(got, "not an error") {
			t.Errorf("at %d columns: %q (%d)", w, got, n)
		}
	}
	// Its shortest form, which shares a compare half's definitions line, says to whom
	// ("fallback 30 canned replies" took newcomer 25 a second reading).
	if got := FallbackSaid(s, true); got[len(got)-1] != "canned replies to 50 not ok" {
		t.Errorf("shortest form %q", got[len(got)-1])
	}
	// The pool's rejections never reach the chain: said where there are some and room.
	s.Classes[Payment].Rejected[RejectPool] = 30
	// What they got, an error, at 120 columns too (newcomer 22: A's rejected:pool beside B's
	// canned replies left "payment ok -31" to guessing).
	for _, w := range []int{120, 200} {
		if got := strings.Join(phrases(fallbackHealth(s, w)), ""); !strings.Contains(got, "the 30 payments rejected:pool got an error") {
			t.Errorf("with pool rejections at %d: %q", w, got)
		}
	}
	none := &Snapshot{Config: DefaultConfig()}
	none.Classes[Payment].Rejected[RejectPool], none.Classes[Payment].Rejected[RejectCoDel] = 22, 3
	// Where it answered none, said in a compare only, whose other side may have: alone it
	// took shared-pool's queue line at 80x24 for no lesson (the review). Never "no fallback":
	// there is one.
	if got := FallbackSaid(none, true); len(got) == 0 || got[0] != "no canned replies: the 22 payments rejected:pool and 3 rejected:codel got an error, turned away before a worker could run the fallback" {
		t.Errorf("none answered, some turned away before the chain, in a compare: %q", got)
	}
	// Half of 120 columns says why none: they were turned away before it, first in the chain
	// as it is (newcomer 25: "none answered; 33 payments rejected:pool: error"), in the
	// help's words for it, not "turned away first", the first 25 (review 18); and what they
	// got, beside the other side's canned replies (newcomer 30), the fallback named, not "it"
	// (newcomer 35 #11).
	if got := fittingValue(FallbackLabel, 58, FallbackSaid(none, true)...); got != "never reached by 25 payments: they got an error" {
		t.Errorf("none answered, in a compare half of 120 columns: %q", got)
	}
	// The signups the table shows with the same rejection got an error too, said where
	// there is room (newcomer 23: "did the signups get an error too?").
	none.Classes[Signup].Rejected[RejectPool] = 20
	if got := FallbackSaid(none, true); len(got) == 0 || !strings.HasSuffix(got[0], ", as did the signups turned away (only payments have a fallback)") {
		t.Errorf("none answered, signups turned away too: %q", got)
	}
	none.Classes[Signup].Rejected[RejectPool] = 0
	// A compare half's table note, whole: its shortest form fits a half of 120 columns, the
	// class named (it was cut to "33 payments rejected:codel got an …").
	one := &Snapshot{Config: DefaultConfig()}
	one.Classes[Payment].Rejected[RejectCoDel] = 1033
	if got := FallbackSaid(one, true); len([]rune(FallbackLabel+" "+got[len(got)-1])) > 58 {
		t.Errorf("none answered, shortest form too long for a compare half: %q", got[len(got)-1])
	}
	if got := fallbackHealth(none, 200); got != nil || FallbackSaid(none, false) != nil {
		t.Errorf("none answered, alone: %v", got)
	}
	for _, f := range append(FallbackSaid(none, true), FallbackSaid(s, true)...) {
		if strings.Contains(f, "no fallback") {
			t.Errorf("a form says there is no fallback: %q", f)
		}
	}
	for _, w := range []int{58, 80, 120} {
		if got := strings.Join(phrases(fallbackHealth(s, w)), ""); len([]rune(got)) > w {
			t.Errorf("with pool rejections at %d columns: %q", w, got)
		}
	}
	// In the class's own name: the postmortem's are orders.
	s.Config.Traffic.Payment.Label = "orders"
	if got := strings.Join(phrases(fallbackHealth(s, 120)), ""); !strings.Contains(got, "canned replies to 50 orders not ok") {
		t.Errorf("item %q", got)
	}
}

// A table column for an outcome, or a reason, only where the run can have it: "timed-out 0"
// beside "timeout off", "failed 0" of a dependency that never errors, and "rej:bulkhead 0"
// beside "bulkhead none" read as mechanisms on (newcomer 70 G3). A key can switch a cause on
// live, and a count keeps its column once it has one.
func TestColumnsOnlyWhereTheRunCanHaveThem(t *testing.T) {
	s := &Snapshot{Config: DefaultConfig()}
	s.Config.Traffic.Health.Rate = 1
	for _, o := range []Outcome{Failed, TimedOut} {
		if s.CanEnd(o) {
			t.Errorf("shared pool, nothing to end one so: the table has %s", o.Word())
		}
	}
	if !s.CanEnd(OK) {
		t.Error("ok has no column")
	}
	for _, r := range []Reason{RejectBulkhead, RejectBreaker, RejectConnPool, RejectDeadline, RejectCoDel, RejectLimit, RejectBalancer} {
		if r.Shown(s) {
			t.Errorf("shared pool: the table has %s", r.Word())
		}
	}
	if !RejectPool.Shown(s) {
		t.Error("no queue: the table has no rej:pool")
	}
	on := map[Outcome]func(c *Config){
		TimedOut: func(c *Config) { c.Payment.Timeout.Kind = TimeoutSocket },
		Failed:   func(c *Config) { c.Dependency.Mode = ModeErrors },
	}
	for o, set := range on {
		k := *s
		set(&k.Config)
		if !k.CanEnd(o) {
			t.Errorf("%s: no column with its cause on", o.Word())
		}
		k = *s
		k.Classes[Signup] = ClassStats{Arrived: 2, Failed: 1, TimedOut: 1}
		if !k.CanEnd(o) {
			t.Errorf("%s: no column for the one counted", o.Word())
		}
	}
	// Health checks that can wait in a queue can be answered past their timeout.
	q := *s
	q.Config.Pool.Queue = 100
	if !q.CanEnd(TimedOut) {
		t.Error("a queue's health checks: no timed-out column")
	}
	// A mechanism on, or a count from before it was switched off.
	b := *s
	b.Config.Payment.Bulkhead.Type = BulkheadSemaphore
	if !RejectBulkhead.Shown(&b) || RejectLimit.Shown(&b) {
		t.Error("a semaphore bulkhead: rej:bulkhead not shown, or rej:limit shown")
	}
	b = *s
	b.Classes[Payment].Rejected[RejectBulkhead] = 3
	if !RejectBulkhead.Shown(&b) {
		t.Error("a bulkhead switched off hides its count")
	}
	// An unbounded queue turns none away.
	u := *s
	u.Config.Pool.Queue = QueueUnbounded
	if RejectPool.Shown(&u) {
		t.Error("an unbounded queue's table has rej:pool")
	}
	// The help says the rule with every cause.
	rule := EndedColumnsRule()
	for _, k := range outcomeCauses {
		if !strings.Contains(rule, k.words) {
			t.Errorf("the help's rule leaves out %q: %s", k.words, rule)
		}
	}
}

// A fall that prints as 0/s is no drain, as a growth that prints so is no queueing.
func TestDrainingSaidAsPrinted(t *testing.T) {
	var r Rates
	r.Arrived[Payment], r.OK[Payment] = 150, 190
	if d, ok := r.DrainingSaid(Payment); !ok || d != 40 {
		t.Errorf("falls 40/s: %v, %v", d, ok)
	}
	r.OK[Payment] = 150.01
	if _, ok := r.DrainingSaid(Payment); ok {
		t.Error("a fall that prints as 0/s said as a drain")
	}
	r.OK[Payment] = 100
	if _, ok := r.DrainingSaid(Payment); ok {
		t.Error("a growth said as a drain")
	}
}
