// The end-of-run Report: its JSON schema (a mechanism's section is a field here, its type in
// its own file), how it is built from a snapshot (each mechanism fills its section), and how
// it is written (table, Markdown, JSON; the summary lines the core's and each mechanism's).

package lab

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is the end-of-run summary. JSON names are for scripts: keep them, add freely.
type Report struct {
	Preset     string                 `json:"preset"`
	DurationS  float64                `json:"duration_s"`
	Config     Config                 `json:"config"`
	Chain      []string               `json:"chain"` // the payment path, outermost stage first
	Forecast   ForecastReport         `json:"forecast"`
	Classes    map[string]ClassReport `json:"classes"`
	Pool       PoolReport             `json:"pool"`
	Bulkhead   *BulkheadReport        `json:"bulkhead,omitempty"`
	Breaker    *BreakerReport         `json:"breaker,omitempty"`
	Orphans    OrphanReport           `json:"orphans"`
	Health     *HealthReport          `json:"health,omitempty"`
	Dependency DependencyReport       `json:"dependency"`
	Generator  GeneratorReport        `json:"generator"`
	Timeline   []SecondReport         `json:"timeline"`
	ClosedLoop *ClosedLoopReport      `json:"closed_loop,omitempty"` // closed mode only
	Calls      CallsReport            `json:"calls"`                 // the lab's calls to the dependency: the amplification
	Hops       []HopReport            `json:"hops,omitempty"`        // a chain's servers, edge first
	Goroutines GoroutineReport        `json:"goroutines"`
	Fleet      *FleetReport           `json:"fleet,omitempty"` // replicas behind a balancer; classes and pool are fleet-wide

	order    []Class  // the classes reported, in display order
	retried  bool     // Snapshot.Retried
	forecast Forecast // what Forecast reports
	before   string   // beforeChainWords: what is turned away before the chain, its fallback included
	coDel    bool     // RejectCoDel.Shown: its pool ran, or it turned one away, so its starvation is named
}

// GoroutineReport counts the goroutines the lab owned: with pool.queue unbounded, one per
// waiting request.
type GoroutineReport struct {
	Now  int64 `json:"now"`
	Peak int64 `json:"peak"`
}

// ForecastReport is what Little's law and Erlang B said the settings would do (Config.Forecast).
type ForecastReport struct {
	WorkersNeeded int                            `json:"workers_needed"`     // Σ λ·W, to the nearest whole worker
	Workers       int                            `json:"workers"`            // the workers it is set against: an autoscaled pool's max; a fleet's, one replica's
	OfferedLoad   float64                        `json:"offered_load"`       // erlangs offered to the pool
	Blocking      *float64                       `json:"blocking,omitempty"` // queue 0: share of every class turned away (Erlang B)
	FillS         float64                        `json:"fill_s"`             // from empty until every worker is busy; 0: never
	Classes       map[string]ClassForecastReport `json:"classes"`
	Payment       PaymentForecastReport          `json:"payment"`
	QueueGrowth   float64                        `json:"queue_growth_per_s,omitempty"` // once the pool is full
	QueueFullS    float64                        `json:"queue_full_s,omitempty"`
	Knee          *KneeReport                    `json:"knee,omitempty"`

	needed float64 // WorkersNeeded before rounding
}

// KneeReport is the dependency's concurrency knee and what the settings put on it.
type KneeReport struct {
	Knee          int     `json:"knee"`
	LatencyMs     float64 `json:"latency_ms"` // a call up to the knee
	BestPerS      float64 `json:"best_per_s"` // knee / latency: the most it answers a second
	Cap           int     `json:"cap"`        // the most calls the settings let reach it at once
	Autoscaled    bool    `json:"autoscaled"` // the pool's autoscale max decides the cap
	CapLatencyMs  float64 `json:"cap_latency_ms"`
	CapPerS       float64 `json:"cap_per_s"`                 // answers a second with cap calls at once
	CutAtMs       float64 `json:"cut_at_ms,omitempty"`       // the timeout that ends each call before its answer, or the deadline
	CutByDeadline bool    `json:"cut_by_deadline,omitempty"` // the deadline ends each within cut_at_ms of arrival
	EndsPerS      float64 `json:"ends_per_s,omitempty"`      // where cut: the calls that end a second, none answered (at least, by the deadline)
	PeakRate      float64 `json:"peak_rate"`
	ShortfallPerS float64 `json:"shortfall_per_s"` // the peak beyond what cap calls answer
}

// ClassForecastReport is one class's part of the load.
type ClassForecastReport struct {
	Rate          float64 `json:"rate"`
	HoldMs        float64 `json:"hold_ms"`
	WorkersNeeded float64 `json:"workers_needed"`
}

// PaymentForecastReport is the payment path's forecast.
type PaymentForecastReport struct {
	CallMs      float64 `json:"call_ms"`
	HoldMs      float64 `json:"hold_ms"`
	Admitted    float64 `json:"admitted_per_s"`
	Rejected    float64 `json:"rejected_per_s"`
	CallsAtOnce float64 `json:"calls_at_once"`
	Orphaned    float64 `json:"orphaned"`
	Tries       float64 `json:"tries_per_payment"`             // calls per payment (RetryForecast.Tries)
	Deepest     float64 `json:"deepest_per_payment,omitempty"` // a chain: calls per payment at its last hop, every try failing
	LeaseWaitMs float64 `json:"lease_wait_ms,omitempty"`       // a per-route connection cap: the wait for a connection, in hold_ms
}

func forecastReport(f Forecast) ForecastReport {
	r := ForecastReport{WorkersNeeded: int(math.Round(f.WorkersNeeded)), Workers: f.Workers, needed: f.WorkersNeeded, OfferedLoad: round(f.OfferedLoad, 2),
		FillS: round(f.FillIn.Seconds(), 2), Classes: map[string]ClassForecastReport{},
		Payment: PaymentForecastReport{CallMs: ms(f.Payment.Call), HoldMs: ms(f.Payment.Hold),
			Admitted: round(f.Payment.Admitted, 2), Rejected: round(f.Payment.Rejected, 2),
			CallsAtOnce: round(f.Payment.CallsAtOnce, 2), Orphaned: round(f.Payment.Orphaned, 2),
			Tries: round(f.Retry.Tries, 2), LeaseWaitMs: ms(f.Payment.LeaseWait)},
		QueueGrowth: round(f.Queue.Growth, 2), QueueFullS: round(f.Queue.FullIn.Seconds(), 2)}
	if len(f.Classes) > 0 && f.Retry.Deepest != f.Retry.Tries {
		r.Payment.Deepest = round(f.Retry.Deepest, 2)
	}
	if f.Loss {
		b := round(f.Blocking, 3)
		r.Blocking = &b
	}
	if k := f.Knee; k.Knee > 0 {
		r.Knee = &KneeReport{Knee: k.Knee, LatencyMs: ms(k.Latency), BestPerS: round(k.Best, 1), Cap: k.Cap, Autoscaled: k.Autoscaled,
			CapLatencyMs: ms(k.CapLatency), CapPerS: round(k.CapRate, 1), CutAtMs: ms(k.CutAt), CutByDeadline: k.CutByDeadline, EndsPerS: round(k.endsCut(), 1), PeakRate: k.PeakRate, ShortfallPerS: round(k.Shortfall, 1)}
	}
	for _, c := range Classes {
		if cf := f.Classes[c]; cf.Rate > 0 {
			r.Classes[c.String()] = ClassForecastReport{Rate: cf.Rate, HoldMs: ms(cf.Hold), WorkersNeeded: round(cf.WorkersNeeded, 2)}
		}
	}
	return r
}

// ClassReport is one class; arrived = ok + failed + timed_out + sum(rejected) + in_flight.
type ClassReport struct {
	Arrived   int64            `json:"arrived"`
	OK        int64            `json:"ok"`
	Failed    int64            `json:"failed"`
	TimedOut  int64            `json:"timed_out"`
	Rejected  map[string]int64 `json:"rejected"`
	InFlight  int64            `json:"in_flight"`
	Fallback  int64            `json:"fallback"`
	Latency   PercentileReport `json:"latency_ms"`
	QueueWait PercentileReport `json:"queue_wait_ms"`
	// Waited is queue_wait_ms of the requests latency_ms is of, those a worker finished: the
	// postmortem fix narrator's "the p50 wait" and the settings' "to a worker in p50" (ToWorkerIn).
	// queue_wait_ms has those a worker turned away too, which waited longest (review 30 lab #8).
	Waited  PercentileReport `json:"waited_ms"`
	Service PercentileReport `json:"service_ms"`
	// LatencyCorrected is closed mode's latency with the omitted samples put back
	// (HdrHistogram's RecordCorrectedValue at the users' pacing interval).
	LatencyCorrected *PercentileReport `json:"latency_corrected_ms,omitempty"`
	// Duplicates are arrivals that were an impatient user's second try (counted in arrived too).
	Duplicates int64 `json:"duplicates"`
	// The parts of queue_wait_ms: the generator's lag (scheduled → sent) and dispatch (sent →
	// on a worker, through the accept queue if there is one), the table's words: not
	// "handoff", the chain's handoff:goroutine, where the call moves to a goroutine of its own.
	Lag      PercentileReport `json:"generator_lag_ms"`
	Dispatch PercentileReport `json:"dispatch_ms"`
	// NotOKShare is the share of the requests that got a reply (ok or not) that failed, timed
	// out or were turned away: the rate a dashboard of errors sees, and the postmortem
	// narrator's "not ok n% of replies"; 0 while none got one (requests in flight count
	// as neither).
	NotOKShare float64 `json:"not_ok_share_of_replies"`
}

// notOKShareOfReplies is cs's NotOKShareOfReplies, 0 while none got a reply.
func notOKShareOfReplies(cs ClassStats) float64 {
	share, _ := cs.NotOKShareOfReplies()
	return share
}

// PercentileReport is a Percentiles in milliseconds.
type PercentileReport struct {
	P50   float64 `json:"p50"`
	P95   float64 `json:"p95"`
	P99   float64 `json:"p99"`
	P999  float64 `json:"p999"`
	Max   float64 `json:"max"`
	Count int64   `json:"count"`
	P90   float64 `json:"p90"`
	P9999 float64 `json:"p9999"`
	Mean  float64 `json:"mean"`
}

// PoolReport is the shared pool over the run.
type PoolReport struct {
	Workers          int       `json:"workers"`
	Queue            QueueSize `json:"queue"`
	PeakBusy         int       `json:"peak_busy"`
	PeakQueued       int       `json:"peak_queued"`
	LongestInQueueMs float64   `json:"longest_in_queue_ms"` // the longest a request a worker took had waited in the queue
	OldestWaitingMs  float64   `json:"oldest_waiting_ms"`   // at the end, how long the oldest request still in the queue had waited; 0: none waiting
	FullS            float64   `json:"full_s"`
	PeakWorkers      int       `json:"peak_workers"`
	Autoscale        int       `json:"autoscale_max,omitempty"` // the most workers autoscaling may reach
}

// HealthReport is the load balancer's view, when health checks ran.
type HealthReport struct {
	Pulled bool  `json:"pulled"`
	Pulls  int64 `json:"pulls"`
}

// DependencyReport is what the dependency itself saw.
type DependencyReport struct {
	Mode         string  `json:"mode"`
	Requests     int64   `json:"requests"`
	PeakInFlight int64   `json:"peak_in_flight"`
	LatencyMs    float64 `json:"latency_ms"` // what a call arriving at the end would take (its knee counted)
}

// GeneratorReport is the load generator's own health.
type GeneratorReport struct {
	LagP99Ms float64 `json:"lag_p99_ms"`
	LagMaxMs float64 `json:"lag_max_ms"`
}

// SecondReport is one per-second sample.
type SecondReport struct {
	T                  int                         `json:"t"`
	Busy               map[string]int              `json:"busy"`
	Held               map[string]float64          `json:"held"` // workers held on average over the second (the screen's chart); busy is the sample's instant
	Queued             int                         `json:"queued"`
	QueuedBy           map[string]int              `json:"queued_by"` // the queue's share of each class (the screen's queue chart)
	InFlightDependency int64                       `json:"in_flight_dependency"`
	Arrived            map[string]int64            `json:"arrived"`
	Rejected           map[string]map[string]int64 `json:"rejected"`
	OK                 map[string]int64            `json:"ok"`
	Rate               map[string]float64          `json:"rate"`    // each class's rate in force (its profile's step)
	Workers            int                         `json:"workers"` // the pool's size (autoscaling moves it)
	Limit              int                         `json:"limit,omitempty"`
	Goroutines         int64                       `json:"goroutines"`
	DependencyLatency  float64                     `json:"dependency_latency_ms"`
}

// NewReport summarises a snapshot taken at the end of a run.
func NewReport(s Snapshot) Report {
	f := reportForecast(s)
	r := Report{
		Preset: s.Config.Name, DurationS: round(s.Elapsed.Seconds(), 2), Config: s.Config,
		Chain: s.Chain, Forecast: forecastReport(f), forecast: f, before: beforeChainWords(&s), coDel: RejectCoDel.Shown(&s), Classes: map[string]ClassReport{},
		Pool: poolReport(s.Pool),
		Dependency: DependencyReport{Mode: string(s.Dependency.Mode), Requests: s.Dependency.Requests,
			PeakInFlight: s.Dependency.PeakInFlight, LatencyMs: ms(s.Dependency.Latency)},
		Generator:  GeneratorReport{LagP99Ms: ms(s.Generator.Lag.P99), LagMaxMs: ms(s.Generator.Lag.Max)},
		Timeline:   []SecondReport{},
		Goroutines: GoroutineReport{Now: s.Goroutines, Peak: s.GoroutinesPeak},
	}
	if s.Classes[Health].Arrived > 0 && s.Fleet == nil {
		r.Health = &HealthReport{Pulled: s.Health.Pulled, Pulls: s.Health.Pulls}
	}
	r.Classes, r.order = classReports(s.Classes, s.ClosedLoop != nil)
	r.Fleet = fleetReport(s)
	for _, sec := range s.Timeline {
		sr := SecondReport{T: sec.T, Queued: sec.Queued, InFlightDependency: sec.DepInFlight,
			Busy: map[string]int{}, QueuedBy: map[string]int{}, Held: map[string]float64{}, Arrived: map[string]int64{}, Rejected: map[string]map[string]int64{},
			OK: map[string]int64{}, Rate: map[string]float64{}, Workers: sec.Workers, Limit: sec.Limit,
			Goroutines: sec.Goroutines, DependencyLatency: ms(sec.DepLatency)}
		for _, c := range r.order {
			sr.Busy[c.String()] = sec.Busy[c]
			sr.QueuedBy[c.String()] = sec.QueuedBy[c]
			sr.Held[c.String()] = math.Round(sec.Held[c]*100) / 100
			sr.Arrived[c.String()] = sec.Arrived[c]
			sr.OK[c.String()] = sec.OK[c]
			sr.Rate[c.String()] = sec.Rate[c]
			rej := map[string]int64{}
			for _, reason := range Reasons {
				if n := sec.Rejected[c][reason]; n > 0 {
					rej[reason.String()] = n
				}
			}
			sr.Rejected[c.String()] = rej
		}
		r.Timeline = append(r.Timeline, sr)
	}
	r.ClosedLoop = closedLoopReport(s.ClosedLoop)
	for _, m := range mechanisms {
		if m.report != nil {
			m.report(&r, s)
		}
	}
	return r
}

// reportForecast is the run's forecast: for a fleet, one replica's with every replica in
// rotation (a fleet is not one pool: each replica fills, or not, on its own share).
func reportForecast(s Snapshot) Forecast {
	if s.Fleet != nil {
		return s.Config.ReplicaForecast(len(s.Fleet.Replicas))
	}
	return s.Config.Forecast()
}

func poolReport(p PoolStats) PoolReport {
	return PoolReport{Workers: p.Size, Queue: QueueSize(p.QueueCap), PeakBusy: p.PeakBusy,
		PeakQueued: p.PeakQueued, LongestInQueueMs: ms(p.LongestInQueue), OldestWaitingMs: ms(p.OldestWaiting), FullS: round(p.FullFor.Seconds(), 2),
		PeakWorkers: p.PeakSize, Autoscale: p.Max}
}

// classReports are the classes with traffic, and their order; closed says the load was
// closed-loop, so the corrected latency is reported too.
func classReports(classes [numClasses]ClassStats, closed bool) (map[string]ClassReport, []Class) {
	out := map[string]ClassReport{}
	var order []Class
	for _, c := range Classes {
		cs := classes[c]
		if c == Health && cs.Arrived == 0 {
			continue // reported only when it has traffic
		}
		rej := map[string]int64{}
		for _, reason := range Reasons {
			rej[reason.String()] = cs.Rejected[reason]
		}
		cr := ClassReport{Arrived: cs.Arrived, OK: cs.OK, Failed: cs.Failed,
			TimedOut: cs.TimedOut, Rejected: rej, InFlight: cs.InFlight, Fallback: cs.Fallback,
			Latency: pctReport(cs.Latency), QueueWait: pctReport(cs.QueueWait), Waited: pctReport(cs.Waited), Service: pctReport(cs.Service),
			Duplicates: cs.Duplicates, Lag: pctReport(cs.Lag), Dispatch: pctReport(cs.Dispatch),
			NotOKShare: round(notOKShareOfReplies(cs), 4)}
		if closed {
			corrected := pctReport(cs.LatencyCorrected)
			cr.LatencyCorrected = &corrected
		}
		out[c.String()] = cr
		order = append(order, c)
	}
	return out, order
}

func pctReport(p Percentiles) PercentileReport {
	return PercentileReport{P50: ms(p.P50), P95: ms(p.P95), P99: ms(p.P99), P999: ms(p.P999), Max: ms(p.Max), Count: p.Count,
		P90: ms(p.P90), P9999: ms(p.P9999), Mean: ms(p.Mean)}
}

func ms(d time.Duration) float64 { return round(float64(d)/float64(time.Millisecond), 1) }

func round(v float64, places int) float64 {
	f := math.Pow(10, float64(places))
	return math.Round(v*f) / f
}

// Formats a report can be written in.
const (
	FormatTable    = "table"
	FormatMarkdown = "markdown"
	FormatJSON     = "json"
)

// Formats lists them for usage messages.
var Formats = []string{FormatTable, FormatMarkdown, FormatJSON}

// Write renders the report in one of Formats.
func (r Report) Write(w io.Writer, format string) error {
	switch format {
	case FormatJSON:
		return writeJSON(w, r)
	case FormatMarkdown:
		fmt.Fprintf(w, "**poollab** preset %s, %.1fs\n\n", markdownText(r.Preset), r.DurationS)
	case FormatTable:
		fmt.Fprintf(w, "preset %s, %.1fs\n\n", r.Preset, r.DurationS)
	default:
		return errFormat(format)
	}
	if err := writeRows(w, format, r.rows()); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if err := writeRows(w, format, ladderRows([]Report{r}, nil)); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, l := range r.summary() {
		writeLine(w, format, l)
	}
	if format == FormatTable {
		fmt.Fprintln(w, r.latencyNote()+"; "+r.starvedNote())
	}
	return nil
}

// starvedNote says what starvation is as the header and help do (StarvedMeans): payments'
// own rejections hold the workers and are not starved. The report has no header count, so
// nothing of a fleet's "turned away" (review 18: it was a fragment).
func (r Report) starvedNote() string {
	// CoDel's only where it shows, as its column: shared-pool's report named a rejection it
	// cannot have (review 37 minor 5).
	why := starvedWhy(false, r.coDel)
	verb := " are"
	if len(why) == 1 {
		verb = " is"
	}
	return strings.Join(why, " and ") + verb + " starvation for every class but payment"
}

// rows is the class table both text formats share: a header and one row per class.
// Rejection reasons and fallbacks get a column only when some class has one.
func (r Report) rows() [][]string {
	var reasons []string
	fallback := false
	for _, reason := range Reasons {
		for _, c := range r.Classes {
			if c.Rejected[reason.String()] > 0 || reason == RejectPool {
				reasons = append(reasons, reason.String())
				break
			}
		}
	}
	duplicates := false
	for _, c := range r.Classes {
		fallback = fallback || c.Fallback > 0
		duplicates = duplicates || c.Duplicates > 0
	}
	head := []string{"class", r.Config.Traffic.ArrivedTerm().Word} // a closed loop's: sent, as its screen says (review 22)
	if duplicates {
		head = append(head, "duplicates")
	}
	head = append(head, OK.Word(), Failed.Word(), TimedOut.Word())
	for _, reason := range reasons {
		head = append(head, rejectedPrefix+reason)
	}
	head = append(head, FateInFlight.Word())
	if fallback {
		head = append(head, "fallback")
	}
	head = append(head, "p50 ms", "p99 ms", "queue p99 ms")
	out := [][]string{head}
	for _, class := range r.order {
		name := class.String()
		c := r.Classes[name]
		row := []string{name, itoa(c.Arrived)}
		if duplicates {
			row = append(row, itoa(c.Duplicates))
		}
		row = append(row, itoa(c.OK), itoa(c.Failed), itoa(c.TimedOut))
		for _, reason := range reasons {
			row = append(row, itoa(c.Rejected[reason]))
		}
		row = append(row, itoa(c.InFlight))
		if fallback {
			row = append(row, itoa(c.Fallback))
		}
		row = append(row, fmtMs(c.Latency.P50, c.Latency.Count > 0), fmtMs(c.Latency.P99, c.Latency.Count > 0),
			fmtMs(c.QueueWait.P99, c.QueueWait.Count > 0))
		out = append(out, row)
	}
	return out
}

// chainLine is the payment chain, with what never reaches its fallback beside it: a
// fallback first in shared-pool's chain read as answering the pool's rejections, which get
// an error (n36 #35, issue 14).
func (r Report) chainLine() []string {
	chain := slices.Clone(r.Chain)
	if len(chain) > 0 && chain[0] == FallbackLabel && r.before != "" {
		chain[0] += " (" + errorBeforeChain(r.before) + ")"
	}
	return []string{"payment chain: " + strings.Join(chain, " → ")}
}

// fallbackNeverReachedBy says, beside the fallback, what is turned away before the chain,
// where a line has no room for errorBeforeChain; the fallback the subject, with no "it" to
// guess (newcomer 63 G3).
func fallbackNeverReachedBy(before string) string { return "never reached by " + before }

// errorBeforeChain says, beside the fallback, in the report's chain and the screen's alike,
// what they get instead of its reply, and why: the pool turns them away before the chain
// runs, which "never reached by rejected:pool: they get an error" beside "outermost first"
// left to guess (newcomer 64), in as few cells.
func errorBeforeChain(before string) string { return before + " get an error before the chain runs" }

// summary is the lines under the table: what the pool, the dependency and each mechanism
// went through, the core's and every mechanism's in rank order.
func (r Report) summary() []string {
	var lines []string
	for _, f := range ranked(coreSummary, func(m *mechanism) []part[func(Report) []string] { return m.summary }) {
		lines = append(lines, f(r)...)
	}
	return lines
}

// coreSummary are the summary lines of the lab's core: the chain, the forecast, the pool, the
// dependency, the balancer and the fleet, the generator and what the measurement saw.
var coreSummary = slices.Concat(
	at(10, Report.chainLine),
	at(20, Report.forecastLine),
	at(30, Report.kneeLine),
	at(40, func(r Report) []string {
		return []string{fmt.Sprintf("pool: %d workers%s, queue %v; peak busy %d, peak queued %d%s, full for %.1fs of %.1fs",
			r.Pool.Workers, r.Pool.autoscaled(), r.Pool.Queue, r.Pool.PeakBusy, r.Pool.PeakQueued, r.Pool.oldestAtEnd(), r.Pool.FullS, r.DurationS)}
	}),
	at(50, func(r Report) []string {
		return []string{fmt.Sprintf("dependency (%s): %d requests, peak %d in flight%s", r.dependencyLabel(), r.Dependency.Requests, r.Dependency.PeakInFlight, r.knee())}
	}),
	at(65, func(r Report) []string {
		if !r.Pool.Queue.Unbounded() {
			return nil
		}
		return []string{fmt.Sprintf("goroutines: %d at the end, peak %d (each waiting request is one)", r.Goroutines.Now, r.Goroutines.Peak)}
	}),
	at(80, Report.healthLines),
	at(85, func(r Report) []string {
		if r.Fleet == nil {
			return nil
		}
		return r.Fleet.summary(r.Config.Fleet)
	}),
	at(100, func(r Report) []string {
		return []string{fmt.Sprintf("generator lag: p99 %.1f ms, max %.1f ms", r.Generator.LagP99Ms, r.Generator.LagMaxMs)}
	}),
	at(110, Report.measurementLines),
)

// forecastLine is what Little's law and Erlang B said the settings would do.
func (r Report) forecastLine() []string {
	f := r.Forecast
	forecast := fmt.Sprintf("forecast: the traffic needs %d workers (λ·W summed over the classes) of %d", f.WorkersNeeded, f.Workers)
	if r.Fleet != nil {
		forecast = fmt.Sprintf("forecast, each of the %d replicas while all are in rotation: its share needs %d workers (λ·W summed over the classes) of %d",
			r.Fleet.Replicas, f.WorkersNeeded, f.Workers)
	}
	if f.needed-f.OfferedLoad > 0.005 {
		forecast += fmt.Sprintf("; the payment isolation lets %.2f of them reach the pool", f.OfferedLoad)
	}
	switch {
	case f.Blocking != nil && f.FillS > 0:
		forecast += fmt.Sprintf("; full in %.1fs, then a pool with no queue turns away %.0f%% of every class (Erlang B, for random arrivals)", f.FillS, 100**f.Blocking)
	case f.FillS > 0:
		forecast += fmt.Sprintf("; full in %.1fs", f.FillS)
	}
	return []string{forecast}
}

// kneeLine is what the dependency's knee allows, when it has one.
func (r Report) kneeLine() []string {
	k := r.Forecast.Knee
	if k == nil {
		return nil
	}
	most := fmt.Sprintf("%d calls at once", k.Cap)
	if k.Autoscaled {
		most += " (the pool's autoscale max)"
	}
	knee := fmt.Sprintf("knee: the dependency answers at most %d / %g ms = %.0f/s; %s ", k.Knee, k.LatencyMs, k.BestPerS, most)
	switch {
	case k.CutByDeadline:
		knee += fmt.Sprintf("would take %.1f ms each, but the deadline ends each within %g ms of arrival: at least %.0f/s end, none answered", k.CapLatencyMs, k.CutAtMs, k.EndsPerS)
	case k.CutAtMs > 0:
		knee += fmt.Sprintf("would take %.1f ms each, but the timeout ends each at %g ms: %.0f/s end, none answered", k.CapLatencyMs, k.CutAtMs, k.EndsPerS)
	default:
		knee += fmt.Sprintf("take %.1f ms each: %.0f/s", k.CapLatencyMs, k.CapPerS)
	}
	if k.ShortfallPerS > 0 {
		knee += fmt.Sprintf(", %.0f/s short of the %g/s peak", k.ShortfallPerS, k.PeakRate)
	}
	return []string{knee}
}

// healthLines is a balancer's view of the one instance, when checks ran.
func (r Report) healthLines() []string {
	if r.Health == nil {
		return nil
	}
	state := "in rotation"
	if r.Health.Pulled {
		state = "pulled"
	}
	return []string{fmt.Sprintf("health: pulled by a load balancer %d× (%d checks not ok in a row); at the end: %s",
		r.Health.Pulls, r.Config.Fleet.PullAfter, state)}
}

// writeAligned prints rows as a right-aligned plain-text table.
func writeAligned(w io.Writer, rows [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	return tw.Flush()
}

func itoa(n int64) string { return fmt.Sprint(n) }

// fmtMs shows "-" when nothing was measured, rather than a misleading 0.
func fmtMs(v float64, measured bool) string {
	if !measured {
		return "-"
	}
	return fmt.Sprintf("%.1f", v)
}

// autoscaled says how far the pool scaled, for the pool's summary line.
func (p PoolReport) autoscaled() string {
	if p.Autoscale == 0 {
		return ""
	}
	return fmt.Sprintf(" at the end (autoscaling up to %d, peak %d)", p.Autoscale, p.PeakWorkers)
}

// oldestAtEnd is how long the oldest request still queued at the end had waited, for the
// pool's summary line: no latency of the table is of a request still waiting. "" with none.
func (p PoolReport) oldestAtEnd() string {
	if p.OldestWaitingMs <= 0 {
		return ""
	}
	return ", oldest still waiting at the end " + FmtSecs(time.Duration(p.OldestWaitingMs*float64(time.Millisecond)))
}

// knee says how slow the dependency answered past its knee, for its summary line.
func (r Report) knee() string {
	if r.Forecast.Knee == nil {
		return ""
	}
	return fmt.Sprintf("; knee %d, a call arriving at the end would take %.1f ms", r.Forecast.Knee.Knee, r.Dependency.LatencyMs)
}

// dependencyLabel names what the lab calls: the dependency's mode, or, with a chain, the
// first of its hops (the mode is the last one's).
func (r Report) dependencyLabel() string {
	if n := len(r.Hops); n > 0 {
		return fmt.Sprintf("%s at the last of %d hops; these are hop 1's", r.Dependency.Mode, n)
	}
	return r.Dependency.Mode
}
