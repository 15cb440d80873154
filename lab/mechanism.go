// The mechanism registry: every mechanism of the lab registers itself from its own file, in an
// init, with everything that is its own; the central places (Validate, the payment chain, a
// snapshot's fill, a fleet's sum, the report's sections and summary, the screen's settings
// and health items, the help's words) iterate the registry and name no mechanism.

package lab

import (
	"cmp"
	"iter"
	"slices"
	"time"
)

// A mechanism is one of the lab's mechanisms as its file registers it (a breaker, a bulkhead,
// a deadline, a queue discipline). Every part is optional: a mechanism has the parts it needs.
type mechanism struct {
	name string
	// rank is its place among the mechanisms, lowest first (the payment chain's order, the
	// queue's after): the order Validate checks them in, and they start, fill and sum.
	rank int

	// defaults sets its config section on the base every preset is read onto (DefaultConfig).
	defaults func(c *Config)
	// checks are its validation rows, checked whether or not it is on: a bad value must not
	// wait for the key that turns it on.
	checks func(c Config) []check

	// start makes its state in one lab, lent what the lab lends; nil: it has none.
	start func(iso *Isolation) runtime
	// idle puts in s, the snapshot of a lab that has not run yet on c, what it shows then.
	idle func(c Config, s *Snapshot)
	// sum puts in s, a fleet's snapshot, its stats over the replicas' (each one's add).
	sum func(s *Snapshot, replicas []Snapshot)

	// forecast is its share of the forecast, worked out at its rank among the forecast's
	// steps (forecastSteps): after those whose results it reads.
	forecast []part[func(c Config, f *Forecast)]

	// report puts its section in r, the report of s.
	report func(r *Report, s Snapshot)
	// summary is its lines under the report's table.
	summary []part[func(r Report) []string]

	// settings and health are its items on the screen's settings and health panels, with
	// the longer words where w (the screen's width) has room.
	settings []part[func(c Config, s *Snapshot, w int) []Item]
	health   []part[func(s *Snapshot, w int) []Item]
	// series is its measure of the payments each second, when it has one under s's settings,
	// for a chart of its own (an adaptive limit's).
	series func(s *Snapshot) (Series, bool)
	// way is its items on the panel of the payment call's way down (the hops panel).
	way []part[func(s *Snapshot) []Item]
	// words are the words it puts on the screen, and numbers the numbers, as the help
	// defines them. The words are built when the help asks, after every file's init: one
	// may quote a forecast that needs a kind another file registers (the widest cap's,
	// built in bulkhead.go's init before semaphore.go's, read a cap of 0 and NaN%).
	words   func() []part[[]Item]
	numbers []part[[]Item]
}

// wordParts are m's words, built now (none where it has no words).
func (m *mechanism) wordParts() []part[[]Item] {
	if m.words == nil {
		return nil
	}
	return m.words()
}

// mechanisms are the registered mechanisms, in rank order (never the files' order).
var mechanisms []*mechanism

// register adds m to the registry at its rank; each mechanism's file calls it in an init.
func register(m mechanism) {
	mechanisms = insertRanked(mechanisms, &m, func(m *mechanism) int { return m.rank })
}

// A part is what a mechanism, or the lab's core, shows on one surface (the settings panel,
// the report's summary, ...), at its rank there: lowest first. Ranks are explicit, so the
// order never depends on file names. A mechanism has its parts of a surface in a list: most
// have one, at(rank, what); one whose items go among another's has more.
type part[F any] struct {
	rank int
	of   F
}

// at is one part, of rank r.
func at[F any](r int, of F) []part[F] { return []part[F]{{rank: r, of: of}} }

// ranked is a surface's parts in rank order: core's, and those mech picks from each mechanism.
func ranked[F any](core []part[F], mech func(*mechanism) []part[F]) []F {
	all := slices.Clone(core)
	for _, m := range mechanisms {
		all = append(all, mech(m)...)
	}
	slices.SortStableFunc(all, func(a, b part[F]) int { return cmp.Compare(a.rank, b.rank) })
	out := make([]F, len(all))
	for i, p := range all {
		out[i] = p.of
	}
	return out
}

// sumOf is a mechanism's stats over a fleet's replicas: from (the fleet's own settings in
// it), each replica's, as of picks it, added on.
func sumOf[T interface{ add(T) T }](from T, replicas iter.Seq[*Snapshot], of func(*Snapshot) T) T {
	for r := range replicas {
		from = from.add(of(r))
	}
	return from
}

// each is every replica of a fleet, by reference: no copy of a snapshot.
func each(replicas []Snapshot) iter.Seq[*Snapshot] {
	return func(yield func(*Snapshot) bool) {
		for i := range replicas {
			if !yield(&replicas[i]) {
				return
			}
		}
	}
}

// insertRanked is list, in rank order, with x put in at its rank (after any of the same).
func insertRanked[T any](list []T, x T, rank func(T) int) []T {
	i, _ := slices.BinarySearchFunc(list, rank(x)+1, func(e T, r int) int { return cmp.Compare(rank(e), r) })
	return slices.Insert(list, i, x)
}

// A check is one validation row: the key, whether its value is bad, and the message that
// says the range, and what the ends mean.
type check struct {
	key string
	bad bool
	msg string
}

// An Item is one thing the screen shows of the lab: a setting, a measure, or a word the help
// defines, as its label and its value. The screen draws items without knowing what they are.
type Item struct {
	Label, Value string
	// Note follows the value, in quieter words (a forecast to weigh it against); BriefNote,
	// where set, is Note in fewer words, for a line with no room for it; ShortNote, where
	// set, in fewer still.
	Note, BriefNote, ShortNote string
	// Strong says the value is the number to read (a setting: the one the run is about, kept
	// first where a settings line may be cut); Spare that it follows from the items before, so below full detail the screen may leave it out; Off that it names a mechanism
	// that is off, so a one-line form of the settings may put it last.
	Strong, Spare, Off bool
	// Core says a line that may be cut keeps it before the mechanisms off, off too: the
	// pool's queue and the payments' timeout, what every forecast rests on (Erlang B's
	// "turned away at once" is "queue none"; semaphore-bulkhead's 80x24 cut it, newcomers
	// 76 and 77). Aside says the lesson rests on it least (the arrivals' process and seed,
	// which a forecast's "random arrivals" says): such a line gives it way first.
	Core, Aside bool
	// Own says it is one of the lab's own measures (Snapshot.Own), not the lesson's: the
	// screen shows it only when asked to (an audience reads a projected screen for seconds).
	Own bool
	// Cause says it is what makes a Strong item's state, a line cut keeps it next after
	// them: the bulkhead whose rejections a breaker counts (breaker-trap at 80x24 cut
	// "semaphore, 2 permits", the lesson's cause, for "dependency healthy", newcomer 58).
	Cause bool
	// Given says it is what every run is given, its load and the dependency that answers it,
	// before the mechanisms that act on them: a second settings line puts it first (the hops
	// compare's cut "traffic payment 5/s" and "dependency slow 3s", newcomer 25).
	Given bool
	// Tail says it glosses the item before it: the screen draws it only at the end of the line
	// that item ends, Value or else Brief, whichever fits there, never on a line of its own
	// (the seed's gloss took a line of the fleet's chart, review 29 lab #1).
	Tail bool
	// Brief is Value in fewer words: a Tail's where Value has no room, any other's where a
	// line of whole settings would leave it out.
	Brief string
	// Joined, where set, is a Tail's gloss in the fewest words, joined to the item before's
	// value with neither its label nor a separator ("traffic payment 100/s evenly spaced"),
	// where neither Value nor Brief fits on that line (open-loop's at 80 columns, newcomer 64).
	Joined string
	// Shared says it reads the same in both halves of a compare (the seed's gloss: the halves
	// share the seed), which says it once, in its noise legend, not in each half.
	Shared bool
}

// Notes are the item's note in its forms, longest first, for the screen to draw the longest
// that fits: Note, then BriefNote where set.
func (it Item) Notes() []string {
	notes := []string{it.Note}
	for _, n := range []string{it.BriefNote, it.ShortNote} {
		if n != "" {
			notes = append(notes, n)
		}
	}
	return notes
}

// Phrase is the item as one phrase: its label, then its value (the health panel's way).
func (it Item) Phrase() string { return it.Label + " " + it.Value }

// A Series is a mechanism's measure of the payments at each second of the timeline: its
// title, its value in a Second, and the least top its axis reaches.
type Series struct {
	Title   string
	Name    string // what its line is, in a word ("limit"): not the payments' class
	Unit    string // what its values count, for the chart's key ("calls at once")
	Of      func(sec *Second) float64
	AtLeast float64
}

// runtime is a mechanism's state in one lab while it runs.
type runtime interface {
	// configure readies it for c before c is in force, under the engine's apply gate.
	configure(c Config)
	// stages are its stages of the payment chain under c, each at its slot; none when c
	// leaves it out.
	stages(c Config) []placed
	// fill puts its state in s, whose Config is the one in force.
	fill(s *Snapshot)
}

// What a runtime may do besides, each asked of it if it does.
type (
	// settler lets go of what c no longer uses, once c is in force.
	settler interface{ settle(c Config) }
	// sampler puts its share of a per-second sample in sec.
	sampler interface{ second(sec *Second, c Config) }
	// listener hears how each payment ended, as Serve returns it.
	listener interface{ heard(r Result) }
	// caller hears each call to the dependency as it is made (p.calls: its payment's count),
	// and how it ended.
	caller interface {
		called(p *passage)
		ended(r Result)
	}
	// answerer hears how long each call the dependency answered took.
	answerer interface{ answered(took time.Duration) }
	// offloader runs calls off the worker on threads of its own, under c; ok false: not under c.
	offloader interface {
		executor(c Config) (ex executor, ok bool)
	}
)

// stateless is embedded by a runtime that has nothing to configure and nothing to show: it
// only places its stages.
type stateless struct{}

func (stateless) configure(Config) {}
func (stateless) fill(*Snapshot)   {}
