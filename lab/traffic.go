// TrafficConfig's methods: each class's rates and profile, labels and their validation.

package lab

import (
	"fmt"
	"math"
	"time"
	"unicode"
)

// RateStep is one step of a traffic profile: from At after the run's start, Rate per second.
type RateStep struct {
	At   Duration `yaml:"at" json:"at"`
	Rate float64  `yaml:"rate" json:"rate"`
}

// MaxProfileSteps bounds a profile: a schedule, not a recording.
const MaxProfileSteps = 100

// Profile is class c's schedule of rate changes.
func (t TrafficConfig) Profile(c Class) []RateStep { return t.Of(c).Profile }

// RateAt is class c's rate in force at elapsed since the start: its profile's last step
// by then, or its rate before the first step (and without a profile).
func (t TrafficConfig) RateAt(c Class, elapsed time.Duration) float64 {
	_, rate := t.StepAt(c, elapsed)
	return rate
}

// StepAt is when the rate in force at elapsed began (0: from the start) and that rate.
func (t TrafficConfig) StepAt(c Class, elapsed time.Duration) (since time.Duration, rate float64) {
	rate = t.Rate(c)
	for _, s := range t.Profile(c) {
		if s.At.D() > elapsed {
			break
		}
		since, rate = s.At.D(), s.Rate
	}
	return since, rate
}

// HeavierBefore is the nearest step of class c's profile before the one in force at
// elapsed that sent more than than: its rate and when it ended (the next step began).
// ok false where none did. The queue the postmortem-fix drains and the p90s the adaptive
// limit still carries at 40s are both the 500/s step's, ended at 35s.
func (t TrafficConfig) HeavierBefore(c Class, elapsed time.Duration, than float64) (rate float64, ended time.Duration, ok bool) {
	for since, _ := t.StepAt(c, elapsed); since > 0; {
		from, before := t.StepAt(c, since-1)
		if before > than {
			return before, since, true
		}
		since = from
	}
	return 0, 0, false
}

// PeakRate is the highest rate class c reaches over its profile.
func (t TrafficConfig) PeakRate(c Class) float64 {
	steps, peak := t.Profile(c), 0.0
	if len(steps) == 0 || steps[0].At > 0 {
		peak = t.Rate(c) // in force until the first step
	}
	for _, s := range steps {
		peak = max(peak, s.Rate)
	}
	return peak
}

// SecondReach is the most of class c that arrives in one second, but for a chance well
// under one in ten thousand: its peak rate λ and four of random arrivals' standard
// deviations, √λ. A count chart's top from it is the traffic's, not the run's, so one
// traffic draws one scale on every preset (n37 #1: █ 8/s on one screen, 16/s on the next).
func (t TrafficConfig) SecondReach(c Class) float64 {
	peak := t.PeakRate(c)
	return peak + burstSDs*math.Sqrt(peak)
}

// burstSDs is how many of random arrivals' standard deviations SecondReach leaves over the
// peak rate, and its words say.
const burstSDs = 4

// ChartBlocks is how many blocks, ▁ to █, a chart's strip has over its top: its key's
// steps, and the blocks a top is said in ("= 8 × 3").
const ChartBlocks = 8

// ReachWords says where a chart's top, top, in ChartBlocks blocks of an easy step, comes from
// where SecondReach set it, in the forms a title's line may hold, most words first: class c
// by its label (the chart may draw other classes to the same top: the top is this one's), its
// peak rate as set, the room for the bursts random arrivals bring over it, 4√λ, their sum,
// and the top that sum rounded up to, the key's step's ("payment 10/s set + 4√10 for bursts
// = 22.6 → 24 = 8 × 3", the key's ▁ 3+ … █ 24/s): "room for bursts" never said how much
// (newcomer 62 G-charts), "rounded up" beside █ 24/s left to what, 10 + 4√10 being 22.6
// (newcomer 64), and "256.6 → 320" read as arbitrary without the blocks that make it
// (newcomer 65 G-minor charts). Every form keeps the top: "22.6 → 8 × 3" read as a non
// sequitur (newcomer 68), so "set", "for bursts" and the label go first, the label early
// only where the chart draws c alone (alone: its legend names it), then the blocks, the
// key's █ 24/s beside them.
func (t TrafficConfig) ReachWords(c Class, top float64, alone bool) []string {
	peak := FmtPerSec(t.PeakRate(c))
	rate := t.Label(c) + " " + peak
	room := fmt.Sprintf("%d√%s", burstSDs, perSecFigure(t.PeakRate(c)))
	v := t.SecondReach(c)
	sum, short := " = "+roundedUp(v, top, true), " = "+roundedUp(v, top, false)
	forms := []string{rate + " set + " + room + " for bursts" + sum, rate + " + " + room + " for bursts" + sum, rate + " + " + room + sum}
	if alone {
		return append(forms, peak+" + "+room+sum, peak+" + "+room+short)
	}
	return append(forms, rate+" + "+room+short, peak+" + "+room+short)
}

// roundedUp is v and the top of a chart's axis it rounds up to, as the note on that top
// says them: the top and the ChartBlocks of the key's step that make it (blocks), "22.6 →
// 24 = 8 × 3", or the top alone, "22.6 → 24"; "24" alone where v prints as the top.
func roundedUp(v, top float64, blocks bool) string {
	if perSecFigure(v) == perSecFigure(top) {
		return perSecFigure(top)
	}
	to := perSecFigure(v) + " → " + perSecFigure(top)
	if !blocks {
		return to
	}
	return to + fmt.Sprintf(" = %d × %s", ChartBlocks, perSecFigure(top/ChartBlocks))
}

// BusiestTop says where a count chart's top comes from where a second of the run went past
// its traffic's reach: that second's count, rounded up to the top ("the busiest second, 27
// → 32 = 8 × 4").
func BusiestTop(busiest, top float64) string {
	return "the busiest second, " + roundedUp(busiest, top, true)
}

// Label is what the screen calls class c: its label, or its name.
func (t TrafficConfig) Label(c Class) string {
	if l := t.Of(c).Label; l != "" {
		return l
	}
	return c.String()
}

// validateProfiles checks each step's time and rate, in order.
func (t TrafficConfig) validateProfiles() error {
	for _, c := range Classes {
		steps := t.Profile(c)
		key := "traffic." + c.String() + ".profile"
		if len(steps) > MaxProfileSteps {
			return &FieldError{Key: key, Msg: fmt.Sprintf("must have at most %d steps, got %d", MaxProfileSteps, len(steps))}
		}
		if len(steps) > 0 && t.Mode == Closed { // the users pace at the base rate: a profile would be ignored
			return &FieldError{Key: key, Msg: "closed mode paces its users at traffic." + c.String() + ".rate and follows no profile: remove the profile, or use traffic.mode: open"}
		}
		for i, s := range steps {
			at := fmt.Sprintf("%s[%d]", key, i)
			switch {
			case s.At < 0 || s.At.D() > MaxDuration:
				return &FieldError{Key: at + ".at", Msg: fmt.Sprintf("must be 0s..%s, got %s", MaxDuration, s.At)}
			case i > 0 && s.At <= steps[i-1].At:
				return &FieldError{Key: at + ".at", Msg: fmt.Sprintf("must come after the step before it (%s), got %s", steps[i-1].At, s.At)}
			case !validRate(s.Rate):
				return &FieldError{Key: at + ".rate", Msg: rateMsg(s.Rate)}
			}
		}
	}
	return nil
}

// MaxLabel is the longest a class label may be: it names a table row.
const MaxLabel = 12

// validLabel: empty (the class's name), or up to MaxLabel letters, digits, spaces, - and _.
func validLabel(l string) bool {
	r := []rune(l)
	if len(r) > MaxLabel {
		return false
	}
	for _, c := range r {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != ' ' && c != '-' && c != '_' {
			return false
		}
	}
	return true
}

func labelMsg(l string) string {
	return fmt.Sprintf("must be at most %d letters, digits, spaces, - or _ (empty: the class's name), got %s", MaxLabel, Quote(l))
}

// Rates are the classes' base rates per second, in class order.
func (t TrafficConfig) Rates() [numClasses]float64 {
	var r [numClasses]float64
	for _, c := range Classes {
		r[c] = t.Rate(c)
	}
	return r
}

// Rate is class c's arrival rate per second.
func (t TrafficConfig) Rate(c Class) float64 { return t.Of(c).Rate }

// Of is class c's traffic settings.
func (t TrafficConfig) Of(c Class) RateConfig {
	switch c {
	case Payment:
		return t.Payment
	case Signup:
		return t.Signup
	case Health:
		return t.Health
	}
	return RateConfig{}
}

// steady says the arrivals keep one rate, whatever the pool does: random arrivals then find
// the pool full as often as it is, over a long run. Not under a profile, which sends them
// densest as the pool fills, nor with impatient users' second tries, sent only while a request
// waits (review 29 lab #7). The keys change no rate while a run goes.
func (t TrafficConfig) steady() bool {
	for _, c := range Classes {
		if r := t.Of(c); len(r.Profile) > 0 || r.ResubmitAfter > 0 {
			return false
		}
	}
	return true
}
