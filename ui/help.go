package ui

import (
	"fmt"
	"strings"

	"poollab/lab"
)

// helpKeys lists every key with what it does; cycles are spelled out from the engine's lists.
func helpKeys() [][2]string {
	var tc []string
	for _, s := range timeoutCycle() {
		if s.kind == lab.TimeoutNone {
			tc = append(tc, "off")
		} else {
			tc = append(tc, string(s.kind)+" "+fmtDur(s.d))
		}
	}
	return [][2]string{
		{"space", "pause/resume the screen: it freezes and says PAUSED; the lab keeps running"},
		{"r", "restart the run with the settings in force (counters start from zero)"},
		{"t", "payment timeout: " + strings.Join(tc, " → ")},
		{"< >", "accept queue shorter / longer (0 = reject when every worker is busy)"},
		{"b", "bulkhead type: " + joinAny(lab.BulkheadTypes, " → ")},
		{"[ ]", fmt.Sprintf("bulkhead size down / up (1..%d)", lab.MaxBulkhead)},
		{"c", "circuit breaker on / off"},
		{"d", "dependency mode: " + joinAny(lab.DependencyModes, " → ")},
		{"+ -", "dependency latency up / down (used in modes slow and brownout)"},
		{"p", "preset picker: ↑ ↓ choose, enter loads it and restarts, esc closes (compare mode: onto the focused side)"},
		{"v", "compare mode on / off: A and B, each with its own pool and dependency, on identical traffic, started " +
			"together; B starts as a copy of A. Off keeps the focused side running"},
		{"tab", "compare mode: switch the focused side (▶), the one the settings keys change. No key changes the " +
			"traffic, so it stays identical; r and p restart both together"},
		{"x", "export: the screen as .ans (with colours), .txt and .svg (a picture for slides), the report as .md " +
			"and .json, into the current folder as poollab-<preset>-<date>-<time>.*"},
		{"?", "this help (? or esc closes; ↑ ↓ pgup pgdn scroll)"},
		{"q", "quit (also ctrl+c)"},
	}
}

// helpCounters defines every number on the screen.
func helpCounters() [][2]string {
	defs := [][2]string{
		{"arrived", "requests the open-loop generator sent, on schedule, however the pool is doing (closed loop: the users sent, each after its last reply)"},
		{"ok", "answered successfully"},
		{"failed", "the dependency refused the connection or answered with an error"},
		{"timed out", "a timeout fired: a socket timeout cut the payment call, a caller timeout walked away from it, or a health check was answered after the balancer gave up"},
	}
	for _, r := range lab.Reasons {
		defs = append(defs, [2]string{"rejected:" + r.String(), r.Description()})
	}
	defs = append(defs, [][2]string{
		{"in flight", "accepted (queued or on a worker) and not finished; arrived = ok + failed + timed out + rejected + in flight"},
		{"p50 p99", "latency percentiles, measured from the scheduled arrival, so waiting counts (no coordinated omission); closed loop: from the send"},
		{"wait p99", "queue wait: from the scheduled arrival until a worker picked the request up"},
		{"service p99", "from a worker picking the request up until the answer"},
		{"/s", "counts during the last whole second of the run"},
		{"workers", "one cell per worker, lettered by who holds it; big pools become a bar in proportion"},
		{"queue", "the accept queue: requests waiting for a worker (they hold none yet)"},
		{"dependency in flight", "calls the slow dependency is serving right now (peak: the most at once)"},
		{"generator lag p99", "how late the generator sent requests against their schedule: the lab's own health"},
		{"lab goroutines", "goroutines the lab owns now: busy workers, bulkhead threads, orphaned calls, generator, sampler"},
		{"pool full", "total time with no free worker"},
		{"permits in use", "semaphore bulkhead permits held now; for a thread pool, its threads running a call and its queue"},
		{"breaker", "on/off, then its state: closed (calls go through), open (fail at once), half-open (a trial call)"},
		{"orphaned calls", "calls still running after a caller timeout let the worker walk away: they still load the dependency"},
		{"balancer", "a load balancer pulls the instance after 3 failed health checks in a row (starved or answered too late)"},
		{"charts", "one line per class, newest second at the right; fixed scales: 0..pool size, and 0..max(10, highest)"},
		{"A B B − A", "compare mode's summary: each side's totals since the start, and the difference (green: better for B, red: worse); rows 0 on both sides are left out"},
		{"hidden", "classes without traffic are left out; on narrow screens, columns that are 0 for every class too"},
	}...)
	defs = append(defs, measurementHelp()...)
	return append(defs, hopCounters()...)
}

func joinAny[T ~string](vs []T, sep string) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, sep)
}

// helpLines renders the help as lines w wide: keys, then the counters, then the pool
// picture's letters.
func helpLines(t *theme, w int) []string {
	var lines []string
	section := func(title string, rows [][2]string) {
		lines = append(lines, t.bold.Render(title))
		keyW := 0
		for _, r := range rows {
			keyW = max(keyW, len([]rune(r[0])))
		}
		keyW = min(keyW, 22)
		for _, r := range rows {
			k := padRight(r[0], keyW)
			descW := max(w-keyW-4, 20)
			for i, l := range wrapText(r[1], descW, 0) {
				if i == 0 {
					lines = append(lines, "  "+t.key.Render(k)+"  "+l)
				} else {
					lines = append(lines, strings.Repeat(" ", keyW+4)+l)
				}
			}
		}
		lines = append(lines, "")
	}
	section("Keys", helpKeys())
	section("Counters", helpCounters())
	var glyphs [][2]string
	for i, c := range lab.Classes {
		glyphs = append(glyphs, [2]string{string(t.letter[i]), c.String() + " holds the worker (working or in its call)"})
	}
	glyphs = append(glyphs, [2]string{string(t.waiting[lab.Payment]), "payment holds the worker while it waits: for a bulkhead permit, a connection, or the thread pool's answer"})
	glyphs = append(glyphs, [2]string{string(t.idleRune), "idle worker, or free place in the queue"})
	section("Pool picture", glyphs)
	return lines
}
