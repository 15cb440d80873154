package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Issue 22: the share a reader takes for "how did users fare" is ok of what arrived. In
// breaker-trap at 6 s most payments are rejected:breaker or rejected:bulkhead; the payment
// row's ok% must say so (ok ÷ arrived), not the 100% of the few that finished.
func TestBreakerTrapOKShareOfArrived(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	args := []string{"snapshot", "--preset", "breaker-trap", "--at", "6s", "--size", "120x40", "--format", "txt"}
	if err := run(args, &out); err != nil {
		t.Fatalf("poollab %s: %v", strings.Join(args, " "), err)
	}
	lines := strings.Split(out.String(), "\n")
	cell := func(row string, col int) string {
		// The cell under the column whose one-line head ends at col: the token ending there.
		r := []rune(row)
		if col > len(r) {
			return ""
		}
		return strings.TrimSpace(string(r[strings.LastIndex(string(r[:col]), " ")+1 : col]))
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "class ") {
			continue
		}
		ends := map[string]int{}
		for _, h := range []string{"arrived", "ok", "ok%"} {
			at := strings.Index(l, " "+h+" ")
			if at < 0 {
				t.Fatalf("header %q has no column %q", l, h)
			}
			ends[h] = len([]rune(l[:at])) + 1 + len(h)
		}
		for _, row := range lines[i+1:] {
			if !strings.HasPrefix(row, "payment ") {
				continue
			}
			arrived, err1 := strconv.Atoi(cell(row, ends["arrived"]))
			ok, err2 := strconv.Atoi(cell(row, ends["ok"]))
			share := cell(row, ends["ok%"])
			if err1 != nil || err2 != nil || arrived == 0 {
				t.Fatalf("payment row %q: arrived %v, ok %v", row, err1, err2)
			}
			if want := fmt.Sprintf("%.0f%%", 100*float64(ok)/float64(arrived)); share != want {
				t.Errorf("payment row %q: ok%% %q, want ok ÷ arrived = %d ÷ %d = %s", row, share, ok, arrived, want)
			}
			if ok*10 > arrived*9 {
				t.Errorf("payment row %q: %d of %d ok, want most turned away by the breaker trap", row, ok, arrived)
			}
			return
		}
	}
	t.Fatalf("no class table with a payment row in:\n%s", out.String())
}

// The hops' work for nobody has one word since it is counted from the user's answer, not
// the deadline (lab.AtWorkAfter, the row lab.AfterAnswerWord): the README's old "past the
// deadline" named a different, weaker claim (review 30 ui #4, lab #11).
func TestReadmeSaysAfterTheUserWasAnswered(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, old := range []string{"work past the deadline", "none past the deadline", "none past it"} {
		if strings.Contains(string(readme), old) {
			t.Errorf("README.md says %q of the count the screen calls %q", old, "at work after the user was answered")
		}
	}
}

// The README's hops paragraph quotes one frame: the boxes' running totals are the
// narrator's sum and its terms, hop 1's box is its calls now (review 30 lab #10: 93, 273,
// 652 beside 1033 = 96 + 279 + 658, two runs quoted as one moment), each box naming its
// numbers (newcomer 65).
func TestReadmeHopsQuoteIsOneFrame(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`\s+`).ReplaceAllString(string(readme), " ")
	boxes := regexp.MustCompile(`\[hop 1: (\d+) in flight now, (\d+) so far [^\]]*\] → \[hop 2: \d+ now, (\d+) after\] → \[hop 3: \d+ now, (\d+) after\]`).FindStringSubmatch(text)
	sum := regexp.MustCompile(`(\d+) hop calls were at work after the user was answered \((\d+) \+ (\d+) \+ (\d+)[:)]`).FindStringSubmatch(text)
	now := regexp.MustCompile(`calls at hop 1 now (\d+):`).FindStringSubmatch(text)
	if boxes == nil || sum == nil || now == nil {
		t.Fatalf("README.md quotes no hop boxes, narrator's sum or hop 1's calls now: %q, %q, %q", boxes, sum, now)
	}
	total := 0
	for i, term := range sum[2:] {
		n, _ := strconv.Atoi(term)
		total += n
		if term != boxes[2+i] {
			t.Errorf("README.md: hop %d's box says %s at work after the user was answered, the narrator %s", i+1, boxes[2+i], term)
		}
	}
	if sum[1] != strconv.Itoa(total) {
		t.Errorf("README.md: the narrator's %s hop calls are not %s", sum[1], strings.Join(sum[2:], " + "))
	}
	if now[1] != boxes[1] {
		t.Errorf("README.md: calls at hop 1 now %s beside its box's %s in flight", now[1], boxes[1])
	}
}

// The postmortem narrator cites the incident by the README's section (newcomer 36 #12): a
// renamed section would leave the screen citing nothing.
func TestReadmeHasThePostmortemTheScreenCites(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "\n## The postmortem"; !strings.Contains(string(readme), want) {
		t.Errorf("README.md has no section %q, which the postmortem narrator cites", strings.TrimSpace(want))
	}
}
