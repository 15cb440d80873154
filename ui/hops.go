// The payment call's way down on the screen: the chain of hops, the calls per payment,
// retries and duplicates (the hops panel), and the words the help gives them.

package ui

import (
	"fmt"
	"strings"

	"poollab/lab"
)

// hopsShown says the run has something for hopsLines: a chain, retries or duplicates.
func hopsShown(s *lab.Snapshot) bool {
	return len(s.Hops) > 0 || s.Retried() || s.Classes[lab.Payment].Duplicates > 0 || s.Config.Traffic.Payment.ResubmitAfter > 0
}

// hopsLines draws the payment call's way down: the chain of hops as a small picture, each
// with its requests in flight now and those it worked on past the user's deadline, then a
// line on the calls per payment (the amplification), retries, budget denials and
// duplicates (when hopsShown); one line at the tight levels.
func hopsLines(t *theme, s *lab.Snapshot, w, level int) []string {
	cfg := s.Config
	retries := s.Retried()
	dups := s.Classes[lab.Payment].Duplicates
	var out []string
	if len(s.Hops) > 0 {
		out = append(out, chainLine(t, s, w))
	}
	f := cfg.Forecast().Retry
	var items []string
	if retries || len(s.Hops) > 0 {
		// Under a budget the measured share is what to state: at a dozen calls in flight it
		// admits whole retries, above its continuous limit (lab.RetryForecast.Tries).
		forecast := fmt.Sprintf(" (forecast %s)", fmtTimes(f.Tries))
		if cfg.Payment.Retry.Budget > 0 && f.Unbudgeted > f.Tries {
			forecast = fmt.Sprintf(" (%s without the budget)", fmtTimes(f.Unbudgeted))
		}
		items = append(items, t.dim.Render("calls/payment ")+t.bold.Render(fmt.Sprintf("%.2f×", s.Calls.PerPayment()))+
			t.dim.Render(forecast))
	}
	if len(s.Hops) > 0 {
		items = append(items, t.dim.Render("at the last hop ")+t.bold.Render(fmt.Sprintf("%.1f×", s.DeepestPerPayment()))+
			t.dim.Render(fmt.Sprintf(" (forecast ≤ %s)", fmtTimes(f.Deepest))))
	}
	if retries {
		items = append(items, t.dim.Render("retries ")+fmtCount(s.Calls.Retries))
	}
	if cfg.Payment.Retry.Budget > 0 {
		items = append(items, t.dim.Render(fmt.Sprintf("refused by the %s budget ", cfg.Payment.Retry.Budget))+fmtCount(s.Calls.BudgetDenied))
	}
	if dups > 0 || cfg.Traffic.Payment.ResubmitAfter > 0 {
		items = append(items, t.dim.Render("duplicates ")+fmtCount(dups)+
			t.dim.Render(fmt.Sprintf(" (users who pressed again after %s)", fmtDur(cfg.Traffic.Payment.ResubmitAfter.D()))))
	}
	if dep := cfg.Dependency; len(s.Hops) > 0 {
		items = append(items, t.dim.Render("deadline ")+string(dep.Deadline), t.dim.Render("retries at ")+strings.ReplaceAll(string(dep.RetryAt), "_", " "))
	}
	stats := wrapItems(items, t.dim.Render(" · "), w)
	if level >= levelTight && len(out) > 0 {
		return out
	}
	if level > levelFull && len(stats) > 1 {
		stats = stats[:1]
	}
	return append(out, stats...)
}

// chainLine is the hops as boxes in a row, each with its requests in flight now and, standing
// out, those it worked on past the user's deadline (work for users who have left):
// payments ─▶ [hop 1: 24 in flight, 100 late] ─▶ … ─▶ [hop 3 slow 3s: 48, 1321 late].
// Narrow, the words go from every box but the first, then from it too, then "hop", then
// all but the boxes.
func chainLine(t *theme, s *lab.Snapshot, w int) string {
	// words: boxes with "in flight" spelled out; short: "1" for "hop 1"; bare: nothing but the boxes
	build := func(words int, short, bare bool) string {
		var parts []string
		if !bare {
			parts = append(parts, t.dim.Render("payments"))
		}
		for i, h := range s.Hops {
			name := fmt.Sprintf("hop %d", i+1)
			if short {
				name = fmt.Sprint(i + 1)
			}
			if i == len(s.Hops)-1 && !bare {
				name += " " + lab.ModeShort(s.Config.Dependency)
			}
			box := t.bold.Render(name+":") + " " + fmtCount(h.InFlight)
			if i < words {
				box += t.dim.Render(" in flight")
			}
			if h.PastDeadline > 0 {
				box += t.dim.Render(", ") + t.alert.Render(fmtCount(h.PastDeadline)+" late")
			}
			parts = append(parts, t.dim.Render("[")+box+t.dim.Render("]"))
		}
		return strings.Join(parts, t.dim.Render(" ─▶ "))
	}
	for _, words := range []int{len(s.Hops), 1, 0} {
		if line := build(words, false, false); ansiWidth(line) <= w {
			return line
		}
	}
	if line := build(0, true, false); ansiWidth(line) <= w {
		return line
	}
	return build(0, true, true)
}

// fmtTimes writes a forecast multiple: 3×, 1.13×, 27×.
func fmtTimes(v float64) string { return fmtWorkers(v) + "×" }

// hopCounters defines the numbers of the hops section, for the help screen.
func hopCounters() [][2]string {
	return [][2]string{
		{"hop N", "a chain (dependency.hops): the lab calls hop 1, each hop the next, the last is the slow dependency; with each, its requests in flight now"},
		{"late", "requests a hop received, or was still working on, after the user's deadline (payment.deadline): work for nobody"},
		{"calls/payment", "the lab's calls to the dependency per payment that called: 1.0× without retries; retries amplify it"},
		{"at the last hop", "requests the last hop of a chain received per payment: each retrying layer multiplies it (3 × 3 × 3 = 27)"},
		{"retries", "calls after a payment's first; refused by the budget: retries the retry budget (payment.retry.budget) did not allow"},
		{"duplicates", "arrivals that were an impatient user's second try (traffic.payment.resubmit_after); counted in arrived too"},
	}
}
