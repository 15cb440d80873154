// Package lab is what the screen and the reports read: the vocabulary (Class, Reason, Outcome,
// Phase), Config and its validation, Snapshot and every *Stats, Report and every *Report, the
// Forecast, the comparison's rows and the pre-flight's verdicts, and text helpers. It holds the
// payment mechanisms too (breaker, bulkheads, timeouts, hand-off, retry, connections, deadline,
// fallback), one file each, whose stages package lab/engine runs: lab imports no network and
// starts no goroutine of its own. See Isolation for a lab's mechanisms at run time.
package lab
