// Tests of the guided tour: each chapter played headless to its moment, its data, its keys and
// its screens at every size.

package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/presets"
)

func loadEmbedded(name string) (lab.Config, error) { return presets.Load(name, nil) }

// answerScreen is chapter lc at its moment on snaps, w×h, predicted with guess.
func answerScreen(lc loadedChapter, snaps []*lab.Snapshot, guess, w, h int) screen {
	s := screen{width: w, height: h, paused: true, focus: len(snaps) - 1, modes: modes{baseMode(len(snaps) == 2), modeTour},
		tour: tourView{ch: lc.ch, cfgs: lc.cfgs, k: 0, n: 1, phase: tourAnswer, guess: guess}}
	for _, snap := range snaps {
		s.panes = append(s.panes, pane{snap: snap, cfg: snap.Config})
	}
	return s
}

// playChapter runs a chapter's one or two labs, together, to their end.
func playChapter(t *testing.T, cfgs []lab.Config) []*lab.Snapshot {
	t.Helper()
	if len(cfgs) == 2 {
		pair, err := engine.RunPair(context.Background(), cfgs[0], cfgs[1], engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return []*lab.Snapshot{&pair[0], &pair[1]}
	}
	one, err := engine.Run(context.Background(), cfgs[0], engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return []*lab.Snapshot{&one}
}

// lateness is the larger of snaps' generator lag p99s: how late the lab sent.
func lateness(snaps []*lab.Snapshot) time.Duration {
	var most time.Duration
	for _, s := range snaps {
		most = max(most, s.Generator.Lag.P99)
	}
	return most
}

// Each chapter, played headless at a fast speed (its presets scaled by lab.Config.Scaled) to
// its moment: the numbers it points at are on its frame, highlighted, at 120x40 and 80x24,
// with and without colour, and its lesson quotes them as the frame shows them.
func TestTourChaptersHeadless(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every chapter for up to its moment")
	}
	// Not parallel: the tour plays its chapters one at a time, alone within ui; other
	// packages' tests may run beside it.
	dump := os.Getenv("POOLLAB_TOUR_FRAMES") // a folder: write each chapter's frames there to look at
	for k, lc := range loadChapters(loadEmbedded) {
		// One chapter at a time: each run is a measurement at ten times speed, and eleven labs
		// at once beside a busy core sent late by 325–425ms, as long as the waits a chapter
		// compares (a signup's p50 44ms in FIFO against 413ms in LIFO).
		t.Run(strconv.Itoa(k+1)+"-"+lc.ch.presets[0], func(t *testing.T) {
			ch, f := lc.ch, lc.ch.fast
			var cfgs []lab.Config
			for _, c := range lc.cfgs {
				c = c.Scaled(f)
				c.Duration = lab.Duration(time.Duration(float64(ch.moment) * f))
				for _, cl := range lab.Classes {
					if r := c.Traffic.Rate(cl); r > 2000 {
						t.Errorf("%s at ×%g: %s at %g/s, over 2000/s: loopback would decide", c.Name, f, cl, r)
					}
				}
				if lat := c.Dependency.CallLatency(); f < 1 && lat > 0 && lat < 20*time.Millisecond {
					t.Errorf("%s at ×%g: a %v call, under 20 ms: timer overheads would decide", c.Name, f, lat)
				}
				cfgs = append(cfgs, c)
			}
			snaps := playChapter(t, cfgs)
			// The run must bear out the answer the chapter calls right, or the tour would teach
			// what its own lab contradicts. A run the lab measured as late that does not is
			// played again, up to twice: lateness blurs the physics the claims judge (they
			// allow for it where they can), and a run on time, or one that bears them out, is
			// judged as it is. The run judged must bear out every claim.
			if check, ok := tourRunChecks[ch.title]; !ok {
				t.Errorf("no entry in tourRunChecks: a chapter brings the check that its run bears out choice %d", ch.right)
			} else if err := check(snaps); err != nil {
				for try := 1; try < 3 && err != nil && lateness(snaps) > lab.LateLag; try++ {
					t.Logf("try %d late (generator lag p99 %s) and not borne out, played again:\n%v", try, fmtLatency(lateness(snaps)), err)
					snaps = playChapter(t, cfgs)
					err = check(snaps)
				}
				if err != nil {
					t.Errorf("the run does not bear out choice %d (%q):\n%v", ch.right, ch.choices[ch.right-1], err)
				}
			}
			at := newTourAt(ch, snaps)
			lesson := at.ch.lesson(at)
			for _, size := range [][2]int{{120, 40}, {80, 24}} {
				for _, noColor := range []bool{false, true} {
					th := newTheme(noColor, true)
					s := answerScreen(lc, snaps, ch.right, size[0], size[1])
					out := render(th, s)
					if !checkFrame(t, out, size[0], size[1]) {
						continue
					}
					plain := ansi.Strip(out)
					if dump != "" && !noColor {
						name := filepath.Join(dump, strings.Join([]string{strconv.Itoa(k + 1), ch.presets[0], strconv.Itoa(size[0]) + "x" + strconv.Itoa(size[1])}, "-")+".txt")
						if err := os.WriteFile(name, []byte(plain+"\n"), 0o644); err != nil {
							t.Error(err)
						}
					}
					if !strings.Contains(plain, "✓ right") || !strings.Contains(strings.Join(strings.Fields(plain), " "), strings.Join(strings.Fields(lesson), " ")) {
						t.Errorf("%dx%d: the verdict or the lesson is not on the frame:\n%s", size[0], size[1], plain)
					}
					for i, p := range ch.marks {
						texts := p.texts(snaps, at.rows)
						if len(texts) == 0 {
							t.Errorf("mark %d (%s): no such cell for these snapshots", i, p.where(len(snaps) == 2, at.rows))
						}
						for _, text := range texts {
							if !strings.Contains(out, th.highlight.Render(pointGlyph+text)) || !strings.Contains(plain, pointGlyph+text) {
								t.Errorf("%dx%d no colour %v: %s = %s is not highlighted on the frame:\n%s", size[0], size[1], noColor, p.where(len(snaps) == 2, at.rows), text, plain)
							}
							if !strings.Contains(lesson, text) {
								t.Errorf("the lesson does not quote %s = %s: %s", p.where(len(snaps) == 2, at.rows), text, lesson)
							}
						}
						// A summary row is named as the summary draws it, on the pointer's line and in
						// what to look at (the review: "deepest calls/payment" for "hop 3 calls/payment").
						if k := slices.IndexFunc(at.rows, func(r lab.ComparisonRow) bool { return r.Class == p.class && r.Counter == p.row }); p.row != "" && k >= 0 {
							name := at.rows[k].Name()
							digits := regexp.MustCompile(`[0-9]+`) // "sent of 700 due": the count as the run has it
							named := strings.HasPrefix(name, p.row) || strings.Contains(digits.ReplaceAllString(ch.look, "#"), digits.ReplaceAllString(name, "#"))
							if !named || size[1] >= compactBelow && !strings.Contains(plain, p.class.String()+" "+name+" in A vs B") {
								t.Errorf("%dx%d: row %q drawn as %q, not named so on the pointer's line or in %q:\n%s", size[0], size[1], p.row, name, ch.look, plain)
							}
						}
					}
				}
			}
		})
	}
}

// claims gathers what a chapter's run fails to bear out, so one run reports every miss.
type claims []error

// want records the claim unless ok, and says ok, so a claim can guard the next.
func (c *claims) want(ok bool, format string, args ...any) bool {
	if !ok {
		*c = append(*c, fmt.Errorf(format, args...))
	}
	return ok
}

func (c claims) err() error { return errors.Join(c...) }

// shareZ is the two-proportion z statistic of k1 of n1 against k2 of n2: how many standard
// errors apart the two shares are. 0 when there is nothing to compare.
func shareZ(k1, n1, k2, n2 int64) float64 {
	if n1 == 0 || n2 == 0 || k1+k2 == 0 || k1+k2 == n1+n2 {
		return 0
	}
	p := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(p * (1 - p) * (1/float64(n1) + 1/float64(n2)))
	return (float64(k1)/float64(n1) - float64(k2)/float64(n2)) / se
}

// tourRunChecks says, per chapter title, what its run at the moment must show for the right
// choice to be right (snaps[0] is A or the only lab, snaps[1] is B), and where cheap that the
// wrong ones are wrong. Only counts, quantities of the same run set against each other, and
// physical lower bounds: a busy machine slows everything, so no latency has an upper bound
// of its own. Every chapter needs an entry: TestTourChapterData fails without one.
var tourRunChecks = map[string]func(snaps []*lab.Snapshot) error{
	// 3: signups are turned away, though they never call the dependency, because payments hold
	// the workers; not 1 (nothing happens) nor 2 (a wait: the pool has no queue to wait in).
	"A slow dependency takes every shared worker": func(s []*lab.Snapshot) error {
		var c claims
		a := s[0]
		sig, pool := a.Classes[lab.Signup], a.Pool
		c.want(sig.Rejected[lab.RejectPool] > 0, "no signup turned away: rejected:pool %d of %d", sig.Rejected[lab.RejectPool], sig.Arrived)
		c.want(!pool.HasQueue(), "the pool has a queue (%d): a signup could wait its turn", pool.QueueCap)
		c.want(pool.FullFor > 0 && pool.PeakBusy == pool.Size, "the pool was never full: peak %d of %d", pool.PeakBusy, pool.Size)
		// A signup holds a worker for a few ms of work: the workers held now are the payments'.
		// One instant's picture: on a machine the lab calls too busy, late arrivals leave it
		// emptier (9 of 20 once in five busy-core runs), and the full pool above is the claim.
		c.want(a.Late() || 2*pool.BusyBy[lab.Payment] > pool.Size, "payments hold %d of %d workers, not most (generator lag p99 %s)",
			pool.BusyBy[lab.Payment], pool.Size, fmtLatency(a.Generator.Lag.P99))
		return c.err()
	},
	// 3: a full pool without a queue turns away the same share of each class (Poisson arrivals
	// see the same full pool); 1 and 2 would make one share significantly larger.
	"The same share of every class is turned away": func(s []*lab.Snapshot) error {
		var c claims
		pay, sig := s[0].Classes[lab.Payment], s[0].Classes[lab.Signup]
		kp, ks := pay.Rejected[lab.RejectPool], sig.Rejected[lab.RejectPool]
		c.want(kp > 0 && ks > 0, "rejected:pool: %d payments, %d signups; want both turned away", kp, ks)
		// 3 standard errors: a class-blind pool's two shares land further apart about once in
		// 400 seeds; a pool that favoured a class would land far outside. On a machine the lab
		// calls too busy the generator sends late arrivals in bursts, whose rejections come in
		// clusters, not one by one, so the standard error understates the spread: 4.5 then
		// (seen once in five busy-core runs: 3.0 apart, 77% and 73% turned away).
		z, most := shareZ(kp, pay.Arrived, ks, sig.Arrived), 3.0
		if s[0].Late() {
			most = 4.5
		}
		c.want(math.Abs(z) < most, "payments %d of %d turned away, signups %d of %d: %.1f standard errors apart, not the same share (generator lag p99 %s)",
			kp, pay.Arrived, ks, sig.Arrived, z, fmtLatency(s[0].Generator.Lag.P99))
		// And what the reader sees: two whole percentages within 5 points read as the same.
		// The chapter's arrivals put chance's spread (two sd) at about 3 points.
		d := pay.RejectedShare(lab.RejectPool) - sig.RejectedShare(lab.RejectPool)
		c.want(math.Abs(d) < 0.05, "payments %.0f%%, signups %.0f%% turned away: %.1f points apart, which a reader does not read as the same",
			100*pay.RejectedShare(lab.RejectPool), 100*sig.RejectedShare(lab.RejectPool), 100*math.Abs(d))
		c.want(lab.ShareSpread(s[0].Config.Forecast().Blocking, pay.Arrived, sig.Arrived) < 0.04,
			"%d payments and %d signups: too few for chance to keep their shares within 4 points", pay.Arrived, sig.Arrived)
		return c.err()
	},
	// 2: both time out, but only B's calls run on, orphaned, loading the dependency more; not 1
	// (the same) nor 3 (less in B).
	"Socket timeout against caller timeout": func(s []*lab.Snapshot) error {
		var c claims
		a, b := s[0], s[1]
		c.want(a.Classes[lab.Payment].TimedOut > 0 && b.Classes[lab.Payment].TimedOut > 0, "timed out: %d in A, %d in B; want both giving up",
			a.Classes[lab.Payment].TimedOut, b.Classes[lab.Payment].TimedOut)
		c.want(a.Orphans.Total == 0 && b.Orphans.Total > 0, "orphaned calls: %d in A, %d in B; want none in A, some in B", a.Orphans.Total, b.Orphans.Total)
		// On time, more both now and at the peak. Late by the lab's own measure, the
		// generator sent fewer in B's last call time, so one of them may tie (now 10 against
		// 10, then peaks 11 against 11, beside a busy core): B must show more in one and
		// less in neither.
		more := b.Dependency.InFlight > a.Dependency.InFlight && b.Dependency.PeakInFlight > a.Dependency.PeakInFlight
		if a.Late() || b.Late() {
			more = b.Dependency.InFlight >= a.Dependency.InFlight && b.Dependency.PeakInFlight >= a.Dependency.PeakInFlight &&
				(b.Dependency.InFlight > a.Dependency.InFlight || b.Dependency.PeakInFlight > a.Dependency.PeakInFlight)
		}
		c.want(more,
			"the dependency serves %d (peak %d) for A, %d (peak %d) for B; want more for B (generator lag p99 %s, %s)",
			a.Dependency.InFlight, a.Dependency.PeakInFlight, b.Dependency.InFlight, b.Dependency.PeakInFlight,
			fmtLatency(a.Generator.Lag.P99), fmtLatency(b.Generator.Lag.P99))
		return c.err()
	},
	// 2: FIFO makes a signup wait behind the queued payments (a good part of a call, not its
	// own work); LIFO serves most at once and leaves the oldest waiting. Not 1 nor 3.
	"A long queue stores latency; LIFO serves who still waits": func(s []*lab.Snapshot) error {
		var c claims
		a, b := s[0].Classes[lab.Signup].Latency, s[1].Classes[lab.Signup].Latency
		call := s[0].Config.Dependency.CallLatency()
		c.want(a.Count > 0 && b.Count > 0, "finished signups: %d in A, %d in B", a.Count, b.Count)
		// Most at once: a quarter of A's p50; the oldest wait longest: four times B's p50. Where
		// the lab calls the machine too busy, its lateness (a lag p99 of 319–342ms beside one
		// busy core) is as large as the waits compared (B's p50 101–222ms against A's
		// 143–372ms), so only their order is a claim: B's p50 under A's, B's p99 over its p50.
		// Late, the generator also sent fewer, and A's queue built more slowly (A's p50 45ms
		// against a 300ms call beside a busy core). Then the claim is on the wait lateness
		// cannot add: sent → on a worker (dispatch), A's median over B's by a tenth of a call,
		// where LIFO serves most at once and the busy machine's delay in starting a worker is
		// in both and cancels (A 155–188ms, B 9–14ms, four runs beside a busy core).
		quick, most := time.Duration(4), time.Duration(4)
		if s[0].Late() || s[1].Late() {
			quick, most = 1, 1
			da, db := s[0].Classes[lab.Signup].Dispatch, s[1].Classes[lab.Signup].Dispatch
			c.want(da.P50-db.P50 >= call/10,
				"A's signups waited %v (p50, sent → on a worker) against B's %v, not a tenth of a %v call more: the queue did not store latency (generator lag p99 %s)",
				da.P50, db.P50, call, fmtLatency(s[0].Generator.Lag.P99))
		} else {
			c.want(a.P50 >= call/4, "A's signup p50 %v, under %v (a %v call): the queue did not store latency", a.P50, call/4, call)
		}
		c.want(quick*b.P50 <= a.P50 && b.P50 < a.P50, "B's signup p50 %v against A's %v: LIFO did not serve most at once (generator lag p99 %s)",
			b.P50, a.P50, fmtLatency(s[1].Generator.Lag.P99))
		c.want(b.P99 >= most*b.P50 && b.P99 > b.P50, "B's signup p99 %v against its p50 %v: the oldest did not wait longest (generator lag p99 %s)",
			b.P99, b.P50, fmtLatency(s[1].Generator.Lag.P99))
		return c.err()
	},
	// 2: CoDel turns away what waited past its limit, yet its workers stay nearly as busy as
	// the long queue's: payments ok nearly as many (the loss system's 93%, the model's
	// 6–8% fewer; three quarters is far past the noise of 12 s). Not 1 (far fewer), nor 3
	// (more: A's workers never idle once the pool is full, so B cannot complete more, but
	// for the calls under way at the moment).
	"CoDel sheds waiting, not capacity": func(s []*lab.Snapshot) error {
		var c claims
		pa, pb := s[0].Classes[lab.Payment], s[1].Classes[lab.Payment]
		sa, sb := s[0].Classes[lab.Signup], s[1].Classes[lab.Signup]
		c.want(sa.Rejected[lab.RejectCoDel]+pa.Rejected[lab.RejectCoDel] == 0 && sb.Rejected[lab.RejectCoDel]+pb.Rejected[lab.RejectCoDel] > 0,
			"rejected:codel: %d in A, %d in B; want some only in B", sa.Rejected[lab.RejectCoDel]+pa.Rejected[lab.RejectCoDel],
			sb.Rejected[lab.RejectCoDel]+pb.Rejected[lab.RejectCoDel])
		c.want(4*pb.OK >= 3*pa.OK, "payments ok: %d in A, %d in B; want nearly as many in B", pa.OK, pb.OK)
		c.want(20*pb.OK <= 21*pa.OK, "payments ok: %d in A, %d in B; want no more in B", pa.OK, pb.OK)
		c.want(sb.Latency.Count > 0 && 5*sb.Latency.P99 <= sa.Latency.P99, "signup p99: %v in A, %v in B; want B's a small part of A's",
			sa.Latency.P99, sb.Latency.P99)
		return c.err()
	},
	// 2: B's bulkhead turns most payments away at once, so fewer succeed than in A; the
	// signups it saves never touch it. Not 1 (as well as A) nor 3 (signups wait for it).
	"A bulkhead saves the others, at a price": func(s []*lab.Snapshot) error {
		var c claims
		pa, pb := s[0].Classes[lab.Payment], s[1].Classes[lab.Payment]
		sa, sb := s[0].Classes[lab.Signup], s[1].Classes[lab.Signup]
		c.want(pb.OK < pa.OK, "payments ok: %d in A, %d in B; want fewer in B", pa.OK, pb.OK)
		c.want(2*pb.Rejected[lab.RejectBulkhead] > pb.Arrived, "B's bulkhead turned away %d of %d payments, not most", pb.Rejected[lab.RejectBulkhead], pb.Arrived)
		c.want(sa.Rejected[lab.RejectPool] > 0 && sb.Rejected[lab.RejectPool] == 0, "signups starved: %d in A, %d in B; want B's saved",
			sa.Rejected[lab.RejectPool], sb.Rejected[lab.RejectPool])
		c.want(sb.Rejected[lab.RejectBulkhead] == 0 && s[1].Pool.InPhase[lab.PhaseBulkhead] == 0,
			"in B %d signups turned away by the bulkhead, %d workers waiting for it; want none", sb.Rejected[lab.RejectBulkhead], s[1].Pool.InPhase[lab.PhaseBulkhead])
		return c.err()
	},
	// 2: the dependency never fails, yet the breaker opens and short-circuits most payments.
	// Not 1 (stays closed) nor 3 (opens once): it has opened again by the moment.
	"The breaker's trap: counting your own rejections": func(s []*lab.Snapshot) error {
		var c claims
		a := s[0]
		p := a.Classes[lab.Payment]
		c.want(p.Failed == 0 && p.TimedOut == 0, "the dependency failed %d and timed out %d payments; want a healthy one", p.Failed, p.TimedOut)
		c.want(p.Rejected[lab.RejectBulkhead] > 0, "the bulkhead turned nobody away: nothing for the breaker to miscount")
		// Open again after its trial by the moment. On a machine the lab calls too busy (its
		// own warning on screen) the trial's timing slips both ways: in busy-core runs it has
		// opened once and stayed open, and opened once and closed after a late trial (lag p99
		// 73ms). What still holds there is the trap itself: it opened on a healthy dependency.
		// Nor where the lab's own clock shows the trial stalled: half-open for five calls'
		// time, where one arrival and one call decide it (a busy-core race run at ten times
		// speed: opened 1×, half-open at the moment, the generator on time).
		b := a.Breaker
		stalled := b.State == lab.BreakerHalfOpen && a.Elapsed-b.LastOpened-b.OpenFor > 5*a.Config.Dependency.CallLatency()
		c.want(b.Opened >= 2 || (a.Late() || stalled) && b.Opened >= 1,
			"the breaker opened %d×, %s now; want it open again after its trial (generator lag p99 %s)",
			a.Breaker.Opened, a.Breaker.State, fmtLatency(a.Generator.Lag.P99))
		c.want(p.Rejected[lab.RejectBreaker] > p.OK, "payments: %d short-circuited, %d ok; want most failing at once", p.Rejected[lab.RejectBreaker], p.OK)
		return c.err()
	},
	// 2: the client caps the calls, not the workers: payments waiting for a connection hold
	// workers and signups starve, with never more than the cap at the dependency.
	"A partition at the wrong layer": func(s []*lab.Snapshot) error {
		var c claims
		a := s[0]
		per := a.Config.Payment.Connections.PerRoute
		c.want(a.Classes[lab.Signup].Rejected[lab.RejectPool] > 0, "no signup starved")
		c.want(a.Dependency.PeakInFlight <= int64(per), "%d calls at the dependency at once, over the %d connections", a.Dependency.PeakInFlight, per)
		c.want(a.Pool.InPhase[lab.PhaseConnWait] > 0, "no worker waiting for a connection now")
		return c.err()
	},
	// 2: B's capped calls keep the store fast; it turns a few away past their deadline and
	// serves more, sooner. Not 1 (A serves more) nor 3 (the same): B serves well over A's.
	"The postmortem: more workers, a slower store": func(s []*lab.Snapshot) error {
		var c claims
		a, b := s[0], s[1]
		pa, pb := a.Classes[lab.Payment], b.Classes[lab.Payment]
		c.want(b.Dependency.PeakInFlight < a.Dependency.PeakInFlight && b.Dependency.Latency < a.Dependency.Latency,
			"the store: peak %d calls answering in %v for A, %d in %v for B; want fewer and faster in B",
			a.Dependency.PeakInFlight, a.Dependency.Latency, b.Dependency.PeakInFlight, b.Dependency.Latency)
		c.want(4*pb.OK > 5*pa.OK, "orders served: %d in A, %d in B; want B's a quarter over A's", pa.OK, pb.OK)
		c.want(pb.Latency.P50 < pa.Latency.P50 && pb.Latency.P99 < pa.Latency.P99, "p50/p99: %v/%v in A, %v/%v in B; want B sooner",
			pa.Latency.P50, pa.Latency.P99, pb.Latency.P50, pb.Latency.P99)
		// A few: under a tenth (3–4% measured, idle or with a core busy), and fewer than A
		// leaves waiting. The chapter runs at its own speed (fast: 1): sped up, the lab's
		// overhead on each call would weigh twice against the store's 25 ms. B's 24 workers
		// serve 480/s of the 500/s only while each call costs the store's 50 ms and no more:
		// on a machine the lab itself calls too busy (its generator late, the screen warns),
		// each call costs more, and B turns away what that machine cannot serve (13% seen
		// under -race at load 7), so there only "fewer than A leaves waiting" is the lesson.
		dl := pb.Rejected[lab.RejectDeadline]
		c.want(dl > 0 && (b.Late() || 10*dl < pb.Arrived) && dl < pa.InFlight,
			"B turned %d of %d away past the deadline (generator lag p99 %v), A has %d waiting; want a few",
			dl, pb.Arrived, b.Generator.Lag.P99, pa.InFlight)
		var failedA int64
		for _, r := range pa.Rejected {
			failedA += r
		}
		c.want(pa.Failed+pa.TimedOut+failedA == 0, "A failed %d, timed out %d, rejected %d; want it slow, not failing", pa.Failed, pa.TimedOut, failedA)
		return c.err()
	},
	// 2: A's layers each multiply the tries, so the last hop gets more per payment than any
	// two layers alone could send; B's one deadline allows the edge's tries at most. Not 1 nor 3.
	"Retries multiply down a chain; a deadline is a budget": func(s []*lab.Snapshot) error {
		var c claims
		a, b := s[0], s[1]
		ca, cb := a.Config, b.Config
		// Without the third layer's multiplying, A's last hop could get no more than this. On a
		// machine the lab calls too busy (the chapter runs sped up, its timeouts a fraction of
		// 500 ms), late timers fire fewer tries by the moment (8.9 seen under -race with a core
		// busy): there the claim is that A's layers multiply what B's deadline does not.
		two := float64(ca.Payment.Retry.Attempts * ca.Dependency.Hop.Retry)
		if a.Late() {
			two = max(two/3, b.DeepestPerPayment())
		}
		c.want(a.DeepestPerPayment() > two, "A's last hop got %.2f calls per payment, not over %g (generator lag p99 %v)",
			a.DeepestPerPayment(), two, a.Generator.Lag.P99)
		c.want(b.DeepestPerPayment() <= float64(cb.Payment.Retry.Attempts), "B's last hop got %.2f calls per payment, over the edge's %d tries",
			b.DeepestPerPayment(), cb.Payment.Retry.Attempts)
		c.want(b.Calls.PerPayment() <= float64(cb.Payment.Retry.Attempts), "B made %.2f calls per payment, over its %d tries", b.Calls.PerPayment(), cb.Payment.Retry.Attempts)
		c.want(a.AfterAnswer() > b.AfterAnswer(), "work after the user was answered: %d in A, %d in B; want less in B", a.AfterAnswer(), b.AfterAnswer())
		return c.err()
	},
	// 2: the closed loop sends nothing in the stall, so only its max shows it; the open loop's
	// p99 does. Not 1 (both) nor 3 (A's p99 worse).
	"Measuring honestly: what a closed loop never sends": func(s []*lab.Snapshot) error {
		var c claims
		a, b := s[0], s[1]
		la, lb := a.Classes[lab.Payment].Latency, b.Classes[lab.Payment].Latency
		stall := a.Config.Dependency.Stall.For.D()
		c.want(a.ClosedLoop != nil && a.ClosedLoop.NotSent() > 0, "A's closed loop left nothing unsent: %+v", a.ClosedLoop)
		c.want(b.Classes[lab.Payment].Arrived > a.Classes[lab.Payment].Arrived, "sent: %d in A, %d in B; want more in B",
			a.Classes[lab.Payment].Arrived, b.Classes[lab.Payment].Arrived)
		// Lower bounds: A's request in flight when the stall began waits it out, and over 1% of
		// B's schedule falls in the stall's first half, each of those waiting over half of it.
		c.want(2*la.Max >= stall, "A's max %v: under half the %v stall", la.Max, stall)
		c.want(2*lb.P99 >= stall, "B's p99 %v: under half the %v stall", lb.P99, stall)
		// A's p99 is one of its fast samples: under half of both its max and B's p99 (a
		// third of them with a core busy under -race; idle, about 3 ms against 900). On a
		// machine the lab calls too busy, its own hiccups land in A's samples too (534 ms seen
		// once under -race with a core busy): there the claim is that A's p99 stays under B's.
		// Too busy to send most of its schedule, A's p99 is one of its slowest two, the stall's
		// or a hiccup's (1.003s against B's 971ms seen beside one busy core): then its max
		// alone is judged, above.
		switch {
		case (a.Late() || b.Late()) && la.Count < 200:
		case a.Late() || b.Late():
			c.want(la.P99 < lb.P99, "A's p99 %v against B's p99 %v: want it under (generator lag p99 %v, %v)", la.P99, lb.P99, a.Generator.Lag.P99, b.Generator.Lag.P99)
		default:
			c.want(2*la.P99 < la.Max && 2*la.P99 < lb.P99, "A's p99 %v against its max %v and B's p99 %v: want it under half of both", la.P99, la.Max, lb.P99)
		}
		return c.err()
	},
	// 2: with a replica drained, A's replicas are pulled one by one, each sooner, until none is
	// left; B's bulkheads keep every check answered. Not 1 (they hold) nor 3 (one pull).
	"The fleet domino": func(s []*lab.Snapshot) error {
		var c claims
		a, b := s[0].Fleet, s[1].Fleet
		if a == nil || b == nil {
			return errors.New("not a fleet")
		}
		all, _ := a.FirstAllOut()
		c.want(all > 0, "A's replicas were never all out of rotation: outs %+v", a.Outs())
		var outs []lab.Pull // up to the last replica out: a pulled one may come back and fall again after
		for _, o := range a.Outs() {
			if o.At <= all {
				outs = append(outs, o)
			}
		}
		// The gaps shrinking is timing: on a machine the lab calls too busy, late checks bunch
		// the outs (77 ms then 133 ms seen once with a core busy under -race, the chapter sped
		// up), and the claim is that every replica fell while B's held.
		if c.want(len(outs) == len(a.Replicas), "%d left rotation by %v, want all %d: %+v", len(outs), all, len(a.Replicas), outs); len(outs) >= 3 && !s[0].Late() {
			first, last := outs[1].At-outs[0].At, outs[len(outs)-1].At-outs[len(outs)-2].At
			c.want(last < first, "gaps between outs: first %v, last %v; want each next one falling sooner (generator lag p99 %v): %+v",
				first, last, s[0].Generator.Lag.P99, outs)
		}
		c.want(s[0].Classes[lab.Payment].Rejected[lab.RejectBalancer] > 0, "no payment failed at A's balancer")
		// B's checks are answered in time; on a machine the lab calls too busy its own
		// lateness can fail two in a row (replica 2 pulled at 2.0s, once in a busy-core set
		// run beside other tests), and what holds there is that B ends with one in rotation.
		c.want(len(b.Pulls) == 0 && s[1].Classes[lab.Payment].Rejected[lab.RejectBalancer] == 0 || s[1].Late() && b.InRotation > 0,
			"B pulled %+v (generator lag p99 %v)", b.Pulls, s[1].Generator.Lag.P99)
		return c.err()
	},
}

// A chapter whose presets do not load is left out of the tour and of its list; it comes in
// once they exist.
func TestTourLeavesOutMissingChapters(t *testing.T) {
	known := map[string]bool{}
	for _, p := range presets.List() {
		known[p.Name] = true
	}
	loader := func(extra ...string) func(string) (lab.Config, error) {
		return func(name string) (lab.Config, error) {
			if known[name] || slices.Contains(extra, name) {
				c := testConfig()
				c.Name = name
				return c, nil
			}
			return lab.Config{}, errors.New("unknown preset")
		}
	}
	titles := func(cs []TourChapter) (out []string) {
		for _, c := range cs {
			out = append(out, c.Title)
		}
		return out
	}
	var missing []string
	for _, ch := range tourChapters {
		for _, p := range ch.presets {
			if !known[p] {
				missing = append(missing, p)
			}
		}
	}
	now := TourChapters(loader())
	all := TourChapters(loader(missing...))
	if len(all) != len(tourChapters) {
		t.Fatalf("with every preset: %d chapters, want %d", len(all), len(tourChapters))
	}
	for i, ch := range tourChapters {
		in := slices.Contains(titles(now), ch.title)
		loads := !slices.ContainsFunc(ch.presets, func(p string) bool { return !known[p] })
		if in != loads {
			t.Errorf("chapter %d %q: in the tour %v, its presets load %v", i+1, ch.title, in, loads)
		}
	}
	if len(now) < 9 {
		t.Errorf("%d chapters on this branch, want at least 9", len(now))
	}
	if TourChapters(nil) != nil || newTour(loadChapters(nil), 0).ch != nil {
		t.Errorf("without a loader there is no tour")
	}
}

// Every chapter is well formed: 2 or 3 choices, the right one among them, something to point
// at, a moment, a scale, a check of its run; its card and look screens fit 80x24 and say it all.
func TestTourChapterData(t *testing.T) {
	th := newTheme(true, true)
	titles := map[string]bool{}
	for _, ch := range tourChapters {
		titles[ch.title] = true
		if tourRunChecks[ch.title] == nil {
			t.Errorf("%q: no entry in tourRunChecks, the check that its run bears out its right choice", ch.title)
		}
	}
	for title := range tourRunChecks {
		if !titles[title] {
			t.Errorf("tourRunChecks[%q]: no such chapter", title)
		}
	}
	for _, lc := range loadChapters(loadEmbedded) {
		ch := lc.ch
		if n := len(ch.choices); n < 2 || n > 3 || ch.right < 1 || ch.right > n || len(ch.marks) == 0 ||
			ch.moment <= 0 || ch.fast <= 0 || ch.look == "" || ch.source == "" {
			t.Errorf("%q: malformed chapter", ch.title)
		}
		for _, phase := range []string{"card", "look"} {
			for _, size := range [][2]int{{80, 24}, {120, 40}} {
				s := screen{width: size[0], height: size[1], panes: []pane{{cfg: lc.cfgs[0]}},
					tour: tourView{ch: ch, cfgs: lc.cfgs, n: 9}, modes: modes{modeLab, modeTour}}
				if phase == "look" {
					s.modes = s.modes.push(modeLook)
				}
				out := render(th, s)
				checkFrame(t, out, size[0], size[1])
				plain := strings.Join(strings.Fields(ansi.Strip(out)), " ")
				want := []string{ch.title, strings.Join(strings.Fields(ch.question(lc.cfgs)), " ")}
				for _, c := range ch.choices {
					want = append(want, c)
				}
				if phase == "look" {
					want = []string{ch.title, strings.Join(strings.Fields(ch.look), " "), "? full help"}
				}
				for _, w := range want {
					if !strings.Contains(plain, w) {
						t.Errorf("%q %s at %dx%d lacks %q:\n%s", ch.title, phase, size[0], size[1], w, ansi.Strip(out))
					}
				}
			}
		}
	}
}

// tourModel is a model on fake engines whose preset loader knows the embedded presets'
// names (each a copy of the test config under that name).
func tourModel(t *testing.T, fs *fakeStarter) model {
	t.Helper()
	load := func(name string) (lab.Config, error) {
		if _, err := presets.Load(name, nil); err != nil {
			return lab.Config{}, err
		}
		c := testConfig()
		c.Name = name
		return c, nil
	}
	ref := &engineRef{}
	if err := ref.replace(fs.start, []lab.Config{testConfig()}, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ref.close)
	m := newModel(ref, Options{Config: testConfig(), Start: fs.start, LoadPreset: load})
	m.width, m.height = 120, 40
	return m
}

// The flow of a chapter: T opens chapter 1's card; its keys are modal; a prediction restarts
// the lab on the chapter's preset; at the moment the screen freezes with the answer
// highlighted and the lesson; space resumes, a settings key takes the lesson back, r replays;
// n and N move between cards; ? shows the look, ? again the help; esc leaves, the lab runs on.
func TestTourFlow(t *testing.T) {
	fs := &fakeStarter{}
	m := tourModel(t, fs)
	press := func(k tea.KeyPressMsg) tea.Cmd { t.Helper(); return pressed(t, &m, k) }
	restarted := func(cmd tea.Cmd) { // a restart's command, and its answer
		t.Helper()
		if cmd == nil {
			t.Fatalf("no restart: status %q", m.status)
		}
		next, _ := m.Update(cmd())
		m = next.(model)
	}
	tick := func() {
		t.Helper()
		var snaps []*lab.Snapshot
		for _, sd := range m.shown() {
			s := testSnapshot()
			s.Config = sd.cfg
			snaps = append(snaps, s)
		}
		next, _ := m.Update(tickMsg{snaps: snaps, gen: m.gen})
		m = next.(model)
	}
	view := func() string { return ansi.Strip(render(m.th, m.screen())) }

	press(press1('T'))
	if m.tour.ch != &tourChapters[0] || m.tour.phase != tourPredict || !strings.Contains(view(), "What happens to signups?") {
		t.Fatalf("T: no card for chapter 1:\n%s", view())
	}
	cfg := m.sides[0].cfg
	press(press1('b')) // the card is modal: no settings key
	if !m.sides[0].cfg.Equal(cfg) {
		t.Errorf("b on the card changed the settings")
	}
	restarted(press(press1('3')))
	if m.tour.phase != tourWatch || m.tour.guess != 3 || m.sides[0].cfg.Name != "shared-pool" || m.comparing() {
		t.Fatalf("3: phase %v guess %d preset %q", m.tour.phase, m.tour.guess, m.sides[0].cfg.Name)
	}
	if v := view(); !strings.Contains(v, "watching until 6.0s") || strings.Contains(v, pointGlyph) {
		t.Errorf("watching:\n%s", v)
	}
	tick() // the fake's snapshot is 6.4 s in: past the moment
	if m.tour.phase != tourAnswer || !m.paused {
		t.Fatalf("at the moment: phase %v paused %v", m.tour.phase, m.paused)
	}
	if v := view(); !strings.Contains(v, "✓ right") || !strings.Contains(v, pointGlyph+"22") || !strings.Contains(v, "22 turned away") {
		t.Errorf("the answer (signup rejected:pool 22) is not highlighted and quoted:\n%s", v)
	}
	press(tea.KeyPressMsg{Code: tea.KeySpace})
	if m.paused || m.tour.phase != tourAnswer {
		t.Errorf("space: paused %v, phase %v", m.paused, m.tour.phase)
	}
	press(press1('b')) // a lab key works in the chapter...
	if m.sides[0].cfg.Payment.Bulkhead.Type == lab.BulkheadNone || !strings.Contains(view(), "the settings or the labs changed") {
		t.Errorf("b in the chapter: bulkhead %v\n%s", m.sides[0].cfg.Payment.Bulkhead.Type, view())
	}
	restarted(press(press1('r'))) // ...and r replays the chapter as it was
	if m.tour.phase != tourWatch || m.tour.guess != 3 || m.sides[0].cfg.Payment.Bulkhead.Type != lab.BulkheadNone {
		t.Errorf("r: phase %v guess %d bulkhead %v", m.tour.phase, m.tour.guess, m.sides[0].cfg.Payment.Bulkhead.Type)
	}

	press(press1('n'))
	press(press1('n'))
	if m.tour.k != 2 || m.tour.phase != tourPredict || m.tour.guess != 0 {
		t.Fatalf("n n: chapter %d phase %v", m.tour.k+1, m.tour.phase)
	}
	restarted(press(press1('2'))) // a comparison: A and B, the keys on B
	if !m.comparing() || m.focus != 1 || m.sides[0].cfg.Name != "socket-timeout" || m.sides[1].cfg.Name != "caller-timeout" {
		t.Errorf("chapter 3: compare %v focus %d, %q vs %q", m.comparing(), m.focus, m.sides[0].cfg.Name, m.sides[1].cfg.Name)
	}
	press(press1('N'))
	press(press1('N'))
	press(press1('N'))
	if m.tour.k != 0 || !strings.Contains(m.status, "first chapter") {
		t.Errorf("N N N: chapter %d, status %q", m.tour.k+1, m.status)
	}

	press(press1('?'))
	if m.modes.top() != modeLook || !strings.Contains(strings.Join(strings.Fields(view()), " "), "The pool picture: P is a payment") {
		t.Errorf("?: no look:\n%s", view())
	}
	press(press1('?'))
	if m.modes.top() != modeHelp || !strings.Contains(view(), "n      the next chapter") {
		t.Errorf("? on the look: no help with the tour's keys:\n%s", view())
	}
	press(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.modes.has(modeHelp) || m.tour.ch == nil {
		t.Errorf("esc closes the help, the tour stays")
	}
	press(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.tour.ch != nil || m.paused || !strings.Contains(m.status, "left the tour") {
		t.Errorf("esc: tour %v paused %v status %q", m.tour.ch != nil, m.paused, m.status)
	}
	if cmd := press(press1('q')); cmd == nil {
		t.Errorf("q should quit")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("q should quit")
	}
}

// A two-choice chapter refuses a third; q quits from the card.
func TestTourCardKeys(t *testing.T) {
	m := tourModel(t, &fakeStarter{})
	m = m.openTour(loadChapters(m.loadPreset), 0)
	for k, lc := range m.tour.chapters {
		if len(lc.ch.choices) == 2 {
			m.tour.show(k)
			break
		}
	}
	next, cmd := m.Update(press1('3'))
	if m = next.(model); cmd != nil || m.tour.phase != tourPredict || !strings.Contains(m.status, "choose 1 to 2") {
		t.Errorf("3 on a two-choice card: phase %v status %q", m.tour.phase, m.status)
	}
	if _, cmd := m.Update(press1('q')); cmd == nil {
		t.Errorf("q on the card should quit")
	}
}

// In the tour the footer and the help show its keys in place of the lab's ? and r; outside
// it, only T.
func TestTourKeymap(t *testing.T) {
	th := newTheme(true, true)
	plain := func(ls []string) string { return ansi.Strip(strings.Join(ls, "\n")) }
	in, out := plain(footerLines(th, keys.inTour(true), 1000, 1)), plain(footerLines(th, keys, 1000, 1))
	for _, want := range []string{"n next", "N back", "r replay", "? look", "esc T leave tour", "space pause", "b bulkhead"} {
		if !strings.Contains(in, want) {
			t.Errorf("the tour's footer lacks %q: %s", want, in)
		}
	}
	for _, not := range []string{"? help", "r restart", "T tour"} {
		if strings.Contains(in, not) {
			t.Errorf("the tour's footer has %q: %s", not, in)
		}
	}
	// Words that say what the key does (newcomer 34 #33).
	if !strings.Contains(out, "T guided tour") || !strings.Contains(out, "m show/hide the lab's own measures") || strings.Contains(out, "n next") {
		t.Errorf("the lab's footer: %s", out)
	}
	help := plain(helpLines(th, keys.inTour(true), 200))
	if !strings.Contains(help, "Tour (every other key") || strings.Contains(help, "this help: every key") {
		t.Errorf("the tour's help lacks its keys, or has the lab's ?:\n%s", help)
	}
}

// poollab tour: Run opens on the chapter's card, a prediction starts it, q ends it cleanly.
func TestRunTour(t *testing.T) {
	fs := &fakeStarter{}
	err := New(Options{Config: testConfig(), Start: fs.start, LoadPreset: loadEmbedded, Tour: 2,
		Input: strings.NewReader("1q"), Output: io.Discard}).Run()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	for _, e := range fs.all() {
		if _, stopped := e.state(); !stopped {
			t.Errorf("an engine is still running")
		}
	}
}

// Every tour screen is exactly the terminal's size, whatever the size: the card, the look,
// the banner over one lab or a comparison, watching and at the moment.
func TestTourFrameAtEverySize(t *testing.T) {
	th := newTheme(false, true)
	chs := loadChapters(loadEmbedded)
	one, two := chs[0], chs[slices.IndexFunc(chs, func(lc loadedChapter) bool { return len(lc.ch.presets) == 2 })]
	a, b := compareSnapshots()
	for wi, w := range []int{80, 81, 99, 120, 160, 200} {
		for hi, h := range []int{24, 25, 28, 31, 32, 40, 60} {
			if (wi+hi)%sweepStride != 0 { // under the race detector, every width and height, not every pair
				continue
			}
			for _, lc := range []loadedChapter{one, two} {
				snaps := []*lab.Snapshot{testSnapshot()}
				if len(lc.cfgs) == 2 {
					snaps = []*lab.Snapshot{a, b}
				}
				for _, phase := range []tourPhase{tourPredict, tourWatch, tourAnswer} {
					for _, looking := range []bool{false, true} {
						s := answerScreen(lc, snaps, 1, w, h)
						s.tour.phase, s.status = phase, "a status line"
						if looking {
							s.modes = s.modes.push(modeLook)
						}
						if !checkFrame(t, render(th, s), w, h) {
							t.Fatalf("%q phase %d looking %v at %dx%d", lc.ch.title, phase, looking, w, h)
						}
					}
				}
			}
		}
	}
}

// The tour's answer over a comparison, as View draws it 10 times a second when resumed:
// the lesson reads the forecast and the comparison each frame.
func BenchmarkTourView120x40(b *testing.B) {
	th := newTheme(false, true)
	chs := loadChapters(loadEmbedded)
	lc := chs[slices.IndexFunc(chs, func(lc loadedChapter) bool { return len(lc.ch.presets) == 2 })]
	a, bb := compareSnapshots()
	s := answerScreen(lc, []*lab.Snapshot{a, bb}, 1, 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		render(th, s)
	}
}

// The retries chapter's lesson where settings changed in it stop A's tries failing: no "A's 0
// layers make  = 1" (review 41b).
func TestTourRetriesLessonWhereNoTryFails(t *testing.T) {
	i := slices.IndexFunc(tourChapters, func(ch chapter) bool { return strings.HasPrefix(ch.title, "Retries multiply down a chain") })
	if i < 0 {
		t.Fatal("no retries chapter")
	}
	a, b := stackedSnapshot(), stackedSnapshot()
	a.Config.Dependency.Latency = lab.Duration(10 * time.Millisecond)
	got := tourChapters[i].lesson(newTourAt(&tourChapters[i], []*lab.Snapshot{&a, &b}))
	if strings.Contains(got, "0 layers") || strings.Contains(got, "make  =") || !strings.Contains(got, "with A's settings now none does: 1 call at the last hop") {
		t.Errorf("lesson %q", got)
	}
	// Whether B's hops retried, from its counts (review 48 #4: "in B a hop's failed try
	// leaves it no time to retry, so only the edge retries" said from settings).
	b.Config.Dependency.Deadline = lab.DeadlinePropagate
	b.Hops = []lab.HopStats{{Requests: 100}, {Requests: 150}, {Requests: 200}}
	got = tourChapters[i].lesson(newTourAt(&tourChapters[i], []*lab.Snapshot{&a, &b}))
	if !strings.Contains(got, ", 100 more calls than at hop 1: hops 1 and 2 retried. ") || strings.Contains(got, "only the edge") || strings.Contains(got, "no time") {
		t.Errorf("lesson, B's hops retried: %q", got)
	}
}
