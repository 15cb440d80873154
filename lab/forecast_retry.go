// The forecast of retries: calls per payment and how long a payment's tries take.

package lab

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// RetryForecast is what retries and a chain of hops make of one payment's call.
type RetryForecast struct {
	// Fails says every try fails: the dependency refuses or errs, or a timeout (the lab's,
	// a hop's, the deadline, or what propagation leaves a hop) is shorter than it takes.
	Fails bool
	// TimesOut says a timeout (a hop's, the lab's, the deadline) cuts every try, rather than
	// the dependency refusing or erring first: the table's timed out, not its failed.
	TimesOut bool
	// Refused says the last hop of a chain is down: its callers' tries are refused before they
	// reach it, so it counts none of them (the forecast's Deepest are tries, not calls).
	Refused bool
	// Try is how long one try takes the lab: the dependency's latency, or the timeout that
	// cuts it, or, through a chain, the time the first hop takes to give up.
	Try time.Duration
	// Tries is the calls the lab makes per payment (the amplification): 1 when tries
	// succeed or nothing is retried; the attempts when every try fails, fewer if the
	// deadline has room for fewer; under a budget b, at most 1 + b (retries at most b of
	// the requests).
	Tries float64
	// Unbudgeted is Tries without the budget: what the budget saves.
	Unbudgeted float64
	// Hold is how long a payment's call lasts: its tries and the waits between them.
	Hold time.Duration
	// LayerNames names the layers that retry ("the edge", "hop 1"): the edge (with
	// payment.retry), and with retry_at every_hop each hop that calls another.
	LayerNames []string
	// LayerTries is, in a chain whose hops time their own tries (per-hop), each of
	// LayerNames' tries as the forecast multiplies them: the edge's Tries, a hop's attempts
	// where its try fails, 1 where it succeeds (no retry). Their product is Deepest (review
	// 40a M3: built from the settings, "3 × 3 × 3 = 3" where the hops' tries succeed). Nil
	// otherwise: a propagated deadline leaves each call its own tries, no product.
	LayerTries []float64
	// Budget is, with a propagated deadline, what each try carries down the hops: the
	// socket timeout, or the payment's deadline if shorter (a caller timeout carries none);
	// 0 without. Reserved says the hops' reserve ends each try before the dependency
	// answers: the last hop that calls another gives up on the dependency at its
	// HopBudgets entry, answers 504, and the hops above pass it up.
	Reserved bool
	Budget   time.Duration
	// HopBudgets is, with Budget, the deadline each hop receives, hop 1 first: Budget, less
	// one reserve for each hop above that kept its own back (500ms, 400ms, 300ms). Nil
	// without Budget. The try's end (Try, with Reserved) is its last entry.
	HopBudgets []time.Duration
	// DeepestCalls is, in a chain whose every try fails and whose hops time their own tries
	// (per-hop), when each of a payment's Deepest calls reaches the last hop, after the
	// payment's arrival, soonest first: each layer starts its tries a try and a wait apart,
	// and hops 1 and 2 retry on after their caller hangs up, so the last calls come seconds
	// after the payment (the stacked timeouts' 27th at ~3.5s). Nil otherwise.
	DeepestCalls []time.Duration
	// EdgeCalls is, in a chain whose every try fails, when each of a payment's tries reaches
	// hop 1 after its arrival, a try and a wait apart (stacked-timeouts' 0, 550ms, 1.1s;
	// deadline-propagation's 0, 350ms, 700ms): what its calls per payment at hop 1 should be
	// by now (Snapshot.EdgeDue). Nil otherwise.
	EdgeCalls []time.Duration
	// DeepestSteps is what puts the last of DeepestCalls where it is: each retrying layer's
	// retries and their spacing, a try and a wait, the lab's first, then hop 1's, on down.
	// Nil with DeepestCalls.
	DeepestSteps []RetryStep
	// HopHeld is, with DeepestSteps, how long each hop, hop 1 first, is at work on a call it
	// receives: a hop that works on after its caller hangs up, all of its tries and waits
	// (stacked-timeouts' hops 1 and 2: 1.7s); one that stops, its caller's try (hop 3:
	// 500ms). With the calls it gets a payment, it sets a hop's calls in flight, so a
	// deeper hop can hold fewer than the one above it (newcomer 47 #6). Nil otherwise.
	HopHeld []time.Duration
	// Deepest is the calls per payment at the last hop of a chain when every try fails:
	// the product of each layer's tries (3 layers × 3 tries: 27). Equal to Tries without a
	// chain.
	Deepest float64
}

// Multiplying is the layers whose retries multiply a payment's calls (LayerTries above 1):
// LayerNames less those whose tries succeed.
func (f RetryForecast) Multiplying() []string {
	var names []string
	for i, n := range f.LayerTries {
		if n > 1 {
			names = append(names, f.LayerNames[i])
		}
	}
	return names
}

// LayerProduct writes the tries of each of Multiplying as a product: "3 × 3 × 3".
func (f RetryForecast) LayerProduct() string {
	var parts []string
	for _, n := range f.LayerTries {
		if n > 1 {
			parts = append(parts, FmtWorkers(n))
		}
	}
	return strings.Join(parts, " × ")
}

// retryingLayers is who retries a payment's call: the edge, with payment.retry, and, with
// retry_at every_hop, hops 1 to hops, each that calls another (0: none). The headline's
// layers (LayerNames) and the hops' settings line both read it, so they cannot part.
func (c Config) retryingLayers() (edge bool, hops int) {
	if d := c.Dependency; d.Chain() && d.HopAttempts() > 1 {
		hops = d.Hops - 1
	}
	return c.Payment.Retry.Retries(), hops
}

// meanBackoff is the average wait before a retry.
func (r RetryConfig) meanBackoff() time.Duration {
	if r.Jitter == JitterFull {
		return r.Backoff.D() / 2
	}
	return r.Backoff.D()
}

// RetryForecast works out the payment call's tries: how long one takes, whether it fails,
// and how many a payment makes, at the lab and at the bottom of a chain.
func (c Config) RetryForecast() RetryForecast {
	d, p := c.Dependency, c.Payment
	backoff := p.Retry.meanBackoff()
	f := RetryForecast{}
	edge, hops := c.retryingLayers()
	if edge {
		f.LayerNames = append(f.LayerNames, EdgeName)
	}
	for i := 1; i <= hops; i++ {
		f.LayerNames = append(f.LayerNames, fmt.Sprintf("hop %d", i))
	}
	// What the dependency (the last hop) does with a call.
	answer := d.CallLatency()
	failure := RetryOn5xx
	switch d.Mode {
	case ModeDown:
		f.Fails, failure, f.Refused = true, RetryOnRefused, d.Chain()
	case ModeErrors:
		f.Fails = true
	}
	last := lastHop{answer, f.Fails}
	hopTries := 1.0
	var hopSteps []RetryStep       // each retrying hop's try and its wait before the next
	var hopTriesEach []float64     // each hop's tries as multiplied, hop 1 first
	own := []time.Duration{answer} // each hop's time on a call were its caller to wait, the deepest first
	if d.Chain() {
		k := d.HopAttempts()
		backoff := p.Retry.Backoff.D() // every hop backs off as payment.retry does
		// Each hop but the last, from the deepest up: its tries, each cut by its own timeout.
		// With propagate the hops' own timeouts only cap, and their time comes from the
		// lab's deadline below.
		for hop := d.Hops - 1; hop > 0; hop-- {
			try, n := answer, 1.0
			if t := d.Hop.Timeout.D(); t > 0 && t < try {
				try, f.Fails, f.TimesOut = t, true, true
			}
			if f.Fails {
				answer = time.Duration(k)*try + time.Duration(k-1)*backoff
				n = float64(k)
				hopTries *= n
				hopSteps = append([]RetryStep{{Retries: k - 1, Try: try, Wait: backoff, Hop: hop}}, hopSteps...) // hop 1 first
			} else {
				answer = try
			}
			own = append(own, answer)
			hopTriesEach = append([]float64{n}, hopTriesEach...)
		}
		failure = RetryOn5xx // a hop answers 502 or 504 when the hops below failed
	}
	f.Try = answer
	// The lab's own cuts: the socket timeout, and with propagate what the hops keep back of
	// each try's deadline; the first try ends at the payment's deadline at the latest.
	limit := time.Duration(0)
	if p.Timeout.Kind == TimeoutSocket {
		limit = p.Timeout.Duration.D()
	}
	if p.Deadline > 0 && (limit == 0 || p.Deadline.D() < limit) {
		limit = p.Deadline.D()
	}
	if limit > 0 && d.Chain() && d.Deadline == DeadlinePropagate {
		f.Budget = limit
		for k := range d.Hops {
			f.HopBudgets = append(f.HopBudgets, f.Budget-time.Duration(k)*d.Hop.Reserve.D())
		}
		// One model of the chain (review 38a m9): the hops spend the budget as slowserver's
		// Forward does, their own timeouts and retries included, so the try's time and the
		// calls at the last hop come from the same walk; the per-hop loop above knows no
		// budget. deadline-propagation with retry_at every_hop still reaches hop 3 once a try.
		calls, took, ok := d.propagatedHop(1, f.Budget, p.Retry.Backoff.D(), last)
		hopTries, f.Try = calls, took
		if !ok {
			f.Fails, failure = true, RetryOn5xx // a hop answers 504 (or passes the last's error up)
			f.TimesOut = !last.fails
			// The deepest hop that calls another gave up on the dependency as its reserve
			// began, and that ended the try (not a hop's own shorter timeout: the narrator's
			// "a try ends in ~300ms (500ms less 100ms at hops 1 and 2)" reads it).
			f.Reserved = f.TimesOut && d.Hop.Reserve > 0 && f.Try == f.HopBudgets[d.Hops-1]
		}
	} else if limit > 0 && limit < f.Try {
		f.Try, f.Fails, f.TimesOut, failure = limit, true, true, RetryOnTimeout
	}
	f.Tries = 1
	if f.Fails && p.Retry.Retries() && slices.Contains(p.Retry.On, failure) {
		f.Tries = float64(p.Retry.Attempts)
		if dl := p.Deadline.D(); dl > 0 && f.Try+backoff > 0 {
			fit := 1 + float64((dl-f.Try)/(f.Try+backoff)) // whole tries within the deadline
			f.Tries = max(1, min(f.Tries, fit))
		}
	}
	f.Unbudgeted = f.Tries
	if b := p.Retry.Budget.Fraction(); b > 0 {
		f.Tries = min(f.Tries, 1+b) // retries at most b of the requests
	}
	f.Hold = time.Duration(f.Tries*float64(f.Try) + (f.Tries-1)*float64(backoff))
	if dl := p.Deadline.D(); dl > 0 {
		f.Hold = min(f.Hold, dl)
	}
	if d.Chain() && d.Deadline == DeadlinePerHop {
		if edge {
			f.LayerTries = append(f.LayerTries, f.Tries)
		}
		f.LayerTries = append(f.LayerTries, hopTriesEach[:hops]...)
	}
	f.Deepest = f.Tries
	if f.Fails {
		f.Deepest *= hopTries
	}
	if tries := int(f.Tries); f.Fails && d.Chain() && float64(tries) == f.Tries {
		edge := RetryStep{Retries: tries - 1, Try: f.Try, Wait: backoff, MaxWait: p.Retry.Backoff.D()}
		if p.Retry.Jitter == JitterFull {
			edge.Kind = waitMean
		}
		f.EdgeCalls = callTimes([]RetryStep{edge})
		if d.Deadline == DeadlinePerHop {
			f.DeepestSteps = append([]RetryStep{edge}, hopSteps...)
			f.DeepestCalls = callTimes(f.DeepestSteps)
			f.HopHeld = d.hopHeld(own, f.Try)
		}
	}
	return f
}

// HeldWord labels HopHeldSaid on screen and in the help.
const HeldWord = "a call is held, forecast:"

// HopHeldSaid is HopHeld by hop, hops alike said together: "1.7s at hops 1 and 2, 500ms at
// hop 3"; "" without it.
func (f RetryForecast) HopHeldSaid() string {
	var parts []string
	for from := 0; from < len(f.HopHeld); {
		to := from
		for to+1 < len(f.HopHeld) && f.HopHeld[to+1] == f.HopHeld[from] {
			to++
		}
		parts = append(parts, FmtDur(f.HopHeld[from])+" at "+HopRange(from+1, to+1))
		from = to + 1
	}
	return strings.Join(parts, ", ")
}

// hopHeld is HopHeld from each hop's own time on a call, the deepest first, and the edge's
// try: a hop that stops when its caller hangs up is done at its caller's try, hop 1's the
// edge's, a deeper one's its caller's own timeout.
func (d DependencyConfig) hopHeld(own []time.Duration, edgeTry time.Duration) []time.Duration {
	held := make([]time.Duration, d.Hops)
	for h := range d.Hops {
		held[h] = own[d.Hops-1-h]
		cut := edgeTry // when the caller hangs up; 0: it waits
		if h > 0 {
			cut = d.Hop.Timeout.D()
		}
		if d.StopsOnHangUp(h+1) && cut > 0 {
			held[h] = min(held[h], cut)
		}
	}
	return held
}

// HopRetriesSpent says a chain's propagated deadline leaves its hops no time to retry when
// every try fails: each hop's failed try spends its time left but the reserves (propagatedHop),
// so hop 3 gets no more calls than the edge makes. With retry_at edge, were they set to retry
// as the edge does: "which did it?" wants the deadline's share alone (newcomer 45 G1), and
// deadline-propagation's hops are set to retry, its deadline the one change (newcomer 54).
func (c Config) HopRetriesSpent() bool {
	d := c.Dependency
	if !d.Chain() || d.Deadline != DeadlinePropagate {
		return false
	}
	if d.RetryAt == RetryAtEdge {
		c.Dependency.RetryAt, c.Dependency.Hop.Retry = RetryAtEveryHop, max(c.Payment.Retry.Attempts, 2)
	}
	r := c.RetryForecast()
	return r.Fails && c.Dependency.HopAttempts() > 1 && r.Deepest == r.Tries
}

// RetryStep is one layer's retries, each a try and a wait after the one before.
type RetryStep struct {
	Retries int
	Try     time.Duration
	Wait    time.Duration // as Kind says: set, a jittered wait's mean, or its longest
	MaxWait time.Duration // a jittered wait's longest (waitMean's only): the backoff set
	Kind    waitKind
	Hop     int // whose: the hop's number, 0 for the edge
}

// waitKind is what a RetryStep's Wait is: the wait set, or, jittered, its mean or its longest.
type waitKind int

const (
	waitSet waitKind = iota
	waitMean
	waitLongest
)

// atLongest is steps with every jittered wait at its longest (MaxWait).
func atLongest(steps []RetryStep) []RetryStep {
	steps = slices.Clone(steps)
	for i, st := range steps {
		if st.Kind == waitMean {
			steps[i].Wait, steps[i].Kind = st.MaxWait, waitLongest
		}
	}
	return steps
}

// Latest is f with every jittered wait of DeepestSteps at its longest, its DeepestCalls so:
// when a payment's calls come at the latest. Its sums say by when all of a payment's calls
// have started, stacked-timeouts' 27 by 3.6s: at the mean, 3.5s, "all 27 started" was
// untrue of a payment whose edge waited longer (newcomer 68).
func (f RetryForecast) Latest() RetryForecast {
	f.DeepestSteps = atLongest(f.DeepestSteps)
	if f.DeepestCalls != nil { // nil: no schedule, which callTimes would make one call at 0
		f.DeepestCalls = callTimes(f.DeepestSteps)
	}
	return f
}

// Every is the time from one try to the next: the try and the wait after it.
func (st RetryStep) Every() time.Duration { return st.Try + st.Wait }

// who names the step's layer, hops together: "edge", "hops".
func (st RetryStep) who() string {
	if st.Hop == 0 {
		return "edge"
	}
	return "hops"
}

// name names the step's layer alone: "edge", "hop 1".
func (st RetryStep) name() string {
	if st.Hop == 0 {
		return "edge"
	}
	return fmt.Sprintf("hop %d", st.Hop)
}

// DeepestLastTerms says what each term of DeepestLastSum is, a try and a wait, by layer:
// "edge 500ms + 50ms on average, hops 500ms + 100ms" (newcomer 34 had to guess that
// 550ms was the edge's try and its mean jittered wait); "" without DeepestSteps.
func (f RetryForecast) DeepestLastTerms() string { return f.terms(RetryStep.wait) }

// terms is each retrying layer's try and wait, the wait as wait says it: "edge 500ms + 50ms
// on average, hops 500ms + 100ms".
func (f RetryForecast) terms(wait func(RetryStep) string) string {
	return strings.Join(f.retryingSaid(func(st RetryStep) string {
		return fmt.Sprintf("%s %s + %s", st.who(), FmtDur(st.Try), wait(st))
	}), ", ")
}

// retryingSaid is what say makes of each of DeepestSteps that retries, each once: the hops
// retry alike, and are said once.
func (f RetryForecast) retryingSaid(say func(RetryStep) string) []string {
	var said []string
	for _, st := range f.DeepestSteps {
		if t := say(st); st.Retries > 0 && !slices.Contains(said, t) {
			said = append(said, t)
		}
	}
	return said
}

// wait is a step's wait before a retry: "50ms on average" when jittered, "up to 100ms" at
// its longest (latest).
func (st RetryStep) wait() string {
	switch st.Kind {
	case waitMean:
		return FmtDur(st.Wait) + " on average"
	case waitLongest:
		return "up to " + FmtDur(st.Wait)
	}
	return FmtDur(st.Wait)
}

// briefWait is wait briefly, "~50ms" when jittered, as DeepestLastShares marks a share, "up
// to 100ms" at its longest.
func (st RetryStep) briefWait() string {
	if st.Kind == waitLongest {
		return st.wait()
	}
	return st.atMean(FmtDur(st.Wait))
}

// atMean marks a figure of a jittered step "~", as at its mean (review 40a m6: read as exact).
func (st RetryStep) atMean(d string) string {
	if st.Kind == waitMean {
		return "~" + d
	}
	return d
}

// DeepestLastSum is how long after its payment the last of DeepestCalls comes, as the sum
// of each layer's retries: "2 × (550ms + 600ms + 600ms)", or "550ms + 2 × 600ms" where
// the layers retry unalike; "" without DeepestCalls. The narrator's "3.5s after it" read
// as a riddle beside "500ms a try" (newcomer 31: three 500ms make 1.5s, or 3.0s?).
func (f RetryForecast) DeepestLastSum() string {
	var terms []string
	k := f.deepestFactor()
	for _, st := range f.DeepestSteps {
		switch {
		case st.Retries == 0:
		case k > 0 || st.Retries == 1:
			terms = append(terms, FmtDur(st.Every()))
		default:
			terms = append(terms, fmt.Sprintf("%d × %s", st.Retries, FmtDur(st.Every())))
		}
	}
	if k > 0 {
		return fmt.Sprintf("%d × (%s)", k, strings.Join(terms, " + "))
	}
	return strings.Join(terms, " + ")
}

// DeepestLastGlance says at a glance why the last of DeepestCalls comes when it does, where
// every layer that retries retries as often: each layer's share, adding up as printed, and
// what makes it: "~1.1s (edge) + 1.2s (hop 1) + 1.2s (hop 2): each layer's first 2 tries and
// their waits", the tries' length on the settings line below (newcomer 45 G5: the sum with
// its factor and terms took far longer than a glance; newcomer 48 G-minor-4: "3 layers × 2
// failed tries, each 500ms + a wait (…)" was a sum to rebuild by hand, and all 3 tries
// fail); "" where they retry unalike in number, DeepestLastSum's to say.
func (f RetryForecast) DeepestLastGlance() string {
	shares, each, ok := f.deepestLastEach()
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s: %s first %d tries and their waits", shares, each, f.deepestFactor())
}

// DeepestLastGlanceTried is DeepestLastGlance with each layer's try and wait, in words few
// enough for the narrator's last line at 120 columns: "~1.1s (edge) + 1.2s (hop 1) + 1.2s
// (hop 2): each layer's first 2 tries of 500ms and waits (edge ~50ms, hops 100ms)", a try's
// length said once where every layer's is the same, a jittered wait at its mean as its
// share is (newcomer 64: at 120x40 the sum stood without them, which 80x24 said with
// DeepestLastTerms); "" where DeepestLastGlance is.
func (f RetryForecast) DeepestLastGlanceTried() string {
	shares, each, ok := f.deepestLastEach()
	if !ok {
		return ""
	}
	tries := f.retryingSaid(func(st RetryStep) string { return FmtDur(st.Try) })
	if len(tries) == 1 {
		waits := f.retryingSaid(func(st RetryStep) string { return st.who() + " " + st.briefWait() })
		return fmt.Sprintf("%s: %s first %d tries of %s and waits (%s)", shares, each, f.deepestFactor(), tries[0], strings.Join(waits, ", "))
	}
	return fmt.Sprintf("%s: %s first %d tries and waits (%s)", shares, each, f.deepestFactor(), f.terms(RetryStep.briefWait))
}

// deepestLastEach is DeepestLastShares with whose tries they are: "each layer's", or "each
// retrying layer's" where some layer does not retry.
func (f RetryForecast) deepestLastEach() (shares, each string, ok bool) {
	if shares, ok = f.DeepestLastShares(); !ok {
		return "", "", false
	}
	each = "each layer's"
	if strings.Count(shares, " + ")+1 < len(f.DeepestSteps) {
		each = "each retrying layer's"
	}
	return shares, each, true
}

// DeepestLastShares is DeepestLastGlance's sum alone, "~1.1s (edge) + 1.2s (hop 1) + 1.2s
// (hop 2)", for a line short of room for what makes each share; ok false where the layers
// retry unalike in number.
func (f RetryForecast) DeepestLastShares() (shares string, ok bool) {
	if f.deepestFactor() == 0 {
		return "", false
	}
	var said []string
	for _, st := range f.DeepestSteps {
		if st.Retries == 0 {
			continue
		}
		said = append(said, fmt.Sprintf("%s (%s)", st.atMean(FmtDur(time.Duration(st.Retries)*st.Every())), st.name()))
	}
	return strings.Join(said, " + "), true
}

// DeepestLastAdded is the last of DeepestCalls added up, the tries and then the waits, each
// duration once with its count: "6 × 500ms + 2 × 50ms + 4 × 100ms = 3.5s" (newcomer 30: 3 × 3
// × 500ms suggests 3.0s); "" without DeepestCalls.
func (f RetryForecast) DeepestLastAdded() string {
	if len(f.DeepestCalls) == 0 {
		return ""
	}
	type term struct {
		d time.Duration
		n int
	}
	var tries, waits []term
	add := func(terms []term, d time.Duration, n int) []term {
		if k := slices.IndexFunc(terms, func(t term) bool { return t.d == d }); k >= 0 {
			terms[k].n += n
			return terms
		}
		return append(terms, term{d, n})
	}
	for _, st := range f.DeepestSteps {
		if st.Retries > 0 {
			tries, waits = add(tries, st.Try, st.Retries), add(waits, st.Wait, st.Retries)
		}
	}
	var said []string
	for _, t := range slices.Concat(tries, waits) {
		said = append(said, fmt.Sprintf("%d × %s", t.n, FmtDur(t.d)))
	}
	return strings.Join(said, " + ") + " = " + FmtSecs(f.DeepestCalls[len(f.DeepestCalls)-1])
}

// deepestFactor is the retries every layer that retries makes, where there are more than
// one of each; 0 otherwise.
func (f RetryForecast) deepestFactor() int {
	k, layers := 0, 0 // the retries of the first layer that retries, not the edge's 0; the layers that retry
	for _, st := range f.DeepestSteps {
		switch {
		case st.Retries == 0:
			continue
		case k == 0:
			k = st.Retries
		case st.Retries != k:
			return 0
		}
		layers++
	}
	if k < 2 || layers < 2 {
		return 0
	}
	return k
}

// callTimes is when, after a payment's arrival, each of its calls reaches the last hop: each
// layer's steps (the lab's first) start the next layer's tries Every apart, layer by layer;
// soonest first.
func callTimes(steps []RetryStep) []time.Duration {
	times := []time.Duration{0}
	for _, st := range steps {
		next := make([]time.Duration, 0, len(times)*(st.Retries+1))
		for _, t := range times {
			for j := range st.Retries + 1 {
				next = append(next, t+time.Duration(j)*st.Every())
			}
		}
		times = next
	}
	slices.Sort(times)
	return times
}

// lastHop is what the last hop of a chain, the dependency, does with a call: answers after
// latency, or fails at once (down, errors).
type lastHop struct {
	latency time.Duration
	fails   bool
}

// propagatedHop is the calls that reach the last hop of a chain whose deadline propagates
// when hop h receives a request with budget left, how long h takes to answer, and whether
// ok, as slowserver's Forward spends the budget: a try gets the time left less the hop's
// reserve (no more than its own timeout), and no try or retry starts with less than
// min_call left after the reserve and the wait. A failed try spends all but the hop's
// reserve and the reserve of the hop below, which answers 504 as its own begins: that less
// the wait is the room a retry has.
func (d DependencyConfig) propagatedHop(h int, budget, backoff time.Duration, last lastHop) (calls float64, took time.Duration, ok bool) {
	if h >= d.Servers() {
		if last.fails {
			return 1, 0, false
		}
		return 1, min(last.latency, budget), last.latency <= budget
	}
	room := func(spent, wait time.Duration) bool {
		left := budget - spent - d.Hop.Reserve.D() - wait
		return left > 0 && left >= d.Hop.MinCall.D()
	}
	for try := range max(d.HopAttempts(), 1) {
		if try > 0 {
			if !room(took, backoff) {
				break
			}
			took += backoff
		}
		if !room(took, 0) {
			break
		}
		next := budget - took - d.Hop.Reserve.D()
		if t := d.Hop.Timeout.D(); t > 0 {
			next = min(next, t)
		}
		n, spent, done := d.propagatedHop(h+1, next, backoff, last)
		calls, took = calls+n, took+spent
		if done {
			return calls, took, true
		}
	}
	return calls, took, false
}

// StackedTimeouts is the stacked-timeouts preset's payments and their call: 5 a second, the
// lab's 500ms socket timeout and 3 tries 0–100ms apart (full jitter), 3 hops each trying 3
// times with 500ms and 100ms between, over a slow last hop; nothing else set. The help works
// its figures out from it, as it registers, before the defaults are (the help has no run to
// read them from); TestHelpStackedIsThePreset ties it to the preset.
func StackedTimeouts() Config {
	var c Config
	c.Traffic.Payment.Rate = 5
	c.Dependency.Mode, c.Dependency.Latency = ModeSlow, Duration(3*time.Second)
	c.Dependency.Hops, c.Dependency.Deadline, c.Dependency.RetryAt = 3, DeadlinePerHop, RetryAtEveryHop
	c.Dependency.Hop = HopConfig{Timeout: Duration(500 * time.Millisecond), Retry: 3}
	c.Payment.Deadline = Duration(2 * time.Second)
	c.Payment.Timeout = TimeoutConfig{Kind: TimeoutSocket, Duration: Duration(500 * time.Millisecond)}
	c.Payment.Retry = RetryConfig{Attempts: 3, Backoff: Duration(100 * time.Millisecond), Jitter: JitterFull,
		On: []RetryCondition{RetryOnTimeout, RetryOn5xx, RetryOnRefused}}
	return c
}

// MultiplySaid is how the layers of side's chain multiply a payment's calls at the last hop,
// the tour's lesson: "Retries multiply: A's 3 layers make 3 × 3 × 3 = 27 calls"; settings
// changed in the chapter can stop side's tries failing, and then it says none (or one)
// multiplies ("A's 0 layers make  = 1" said nothing, review 41b).
func (f RetryForecast) MultiplySaid(side string) string {
	switch names := f.Multiplying(); len(names) {
	case 0:
		return "Retries multiply only where tries fail, and with " + side + "'s settings now none does: 1 call"
	case 1:
		return fmt.Sprintf("Retries multiply only where tries fail, and with %s's settings now only %s's do: %s calls", side, names[0], FmtWorkers(f.Deepest))
	default:
		return fmt.Sprintf("Retries multiply: %s's %d layers make %s = %s calls", side, len(names), f.LayerProduct(), FmtWorkers(f.Deepest))
	}
}
