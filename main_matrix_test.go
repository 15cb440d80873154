package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
	"poollab/ui"
)

// The sizes the headless matrix draws at, from 20x5 to 250x80: both ends, the live lab's
// minimum (80x24) and one either side of it, and odd steps between.
var (
	matrixWidths  = []int{20, 43, 66, 79, 80, 81, 104, 127, 150, 173, 196, 219, 242, 250}
	matrixHeights = []int{5, 12, 19, 23, 24, 25, 32, 39, 46, 53, 60, 67, 74, 80}
	// Every lab is drawn at these; the rest of the grid is shared out among the presets.
	matrixCorners = [][2]int{{ui.MinWidth, ui.MinHeight}, {250, 80}}
)

// matrixSizes are the sizes preset i of n is drawn at: every size below the live lab's
// minimum (it draws only "make the terminal larger", which is cheap), the corners of the
// rest, and every n-th of the rest from the i-th on, so that between them the presets draw
// the whole grid, each at sizes across it.
func matrixSizes(i, n int) [][2]int {
	sizes := append([][2]int(nil), matrixCorners...)
	k := 0
	for _, h := range matrixHeights {
		for _, w := range matrixWidths {
			if w < ui.MinWidth || h < ui.MinHeight {
				sizes = append(sizes, [2]int{w, h})
				continue
			}
			if k%n == i {
				sizes = append(sizes, [2]int{w, h})
			}
			k++
		}
	}
	return sizes
}

// Issue 20, item 3: every preset, alone and beside another, through snapshot at sizes from
// 20x5 to 250x80, and compare of every pair compare allows. Nothing panics, every frame is
// exactly its height and no line is wider than its width, and every report has its shape.
// A frame is a pure function of the snapshots, so each lab runs once (1 s) and is drawn at
// all its sizes; compare runs at its shortest length, 1ns.
func TestHeadlessMatrix(t *testing.T) {
	t.Parallel()
	names := presetNames()
	singles := make([]lab.Snapshot, len(names))
	t.Run("snapshot", func(t *testing.T) {
		for i, name := range names {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				sizes := matrixSizes(i, len(names))
				noColor := i%2 == 1
				snaps := snapshotRun(t, noColor, "--preset", name)
				singles[i] = snaps[0]
				drawMatrix(t, snaps, sizes, noColor)
				// Beside the next preset that compare allows with it.
				for k := 1; k < len(names); k++ {
					partner := names[(i+k)%len(names)]
					if snaps := snapshotRun(t, noColor, "--preset", name, "--compare", partner); snaps != nil {
						drawMatrix(t, snaps, sizes, noColor)
						break
					}
				}
			})
		}
	})
	t.Run("compare", func(t *testing.T) {
		formats := lab.Formats
		n := 0
		for _, a := range names {
			for _, b := range names {
				if a == b {
					continue
				}
				format := formats[n%len(formats)]
				n++
				args := []string{"compare", a, b, "--duration", "1ns", "--format", format}
				var out bytes.Buffer
				err := run(args, &out)
				switch code := exitCode(err); {
				case code == 2 && out.Len() == 0 && oneLine(err.Error()):
					continue // a pair compare refuses, said on one line before anything ran
				case code != 0:
					t.Errorf("poollab %s: exit %d: %v", strings.Join(args, " "), code, err)
					continue
				}
				checkReport(t, strings.Join(args, " "), format, out.String())
				// The same pair's comparison with data in it: the runs above, in the next format.
				sa, sb := singles[indexOf(names, a)], singles[indexOf(names, b)]
				if sa.Elapsed == 0 || sb.Elapsed == 0 {
					continue // a snapshot run failed: said there
				}
				format = formats[n%len(formats)]
				var rep bytes.Buffer
				if err := lab.NewComparison(sa, sb).Write(&rep, format); err != nil {
					t.Errorf("%s vs %s, %s: %v", a, b, format, err)
					continue
				}
				checkReport(t, fmt.Sprintf("the comparison of %s and %s as %s", a, b, format), format, rep.String())
			}
		}
		// Below the live lab's minimum, snapshot refuses the size before it runs anything.
		for _, w := range matrixWidths {
			for _, h := range matrixHeights {
				if w >= ui.MinWidth && h >= ui.MinHeight {
					continue
				}
				size := fmt.Sprintf("%dx%d", w, h)
				if _, err := parseSnapshot([]string{"--size", size}); exitCode(err) != 2 || !oneLine(err.Error()) {
					t.Errorf("snapshot --size %s: %v, want exit 2 on one line", size, err)
				}
			}
		}
	})
}

// snapshotRun runs the snapshot command's labs (args after "snapshot") for 1 s, headless,
// and returns what they measured; nil if the command refuses them (a pair compare does not
// allow).
func snapshotRun(t *testing.T, noColor bool, args ...string) []lab.Snapshot {
	t.Helper()
	c, err := parseSnapshot(append(args, "--at", "1s"))
	if err != nil {
		t.Fatalf("snapshot %s: %v", strings.Join(args, " "), err)
	}
	var snaps []lab.Snapshot
	err = headless(c.cfgs, 0, func(s []lab.Snapshot) error { snaps = s; return nil })
	if errors.Is(err, lab.ErrInvalid) && len(c.cfgs) == 2 {
		return nil
	}
	if err != nil {
		t.Fatalf("snapshot %s: %v", strings.Join(args, " "), err)
	}
	return snaps
}

// drawMatrix draws snaps as snapshot does at every size, in ANSI, and once as text and SVG.
func drawMatrix(t *testing.T, snaps []lab.Snapshot, sizes [][2]int, noColor bool) {
	t.Helper()
	c := snapshotCmd{format: ui.FormatANSI, noColor: noColor}
	what := fmt.Sprintf("%d lab(s)", len(snaps))
	for _, size := range sizes {
		var out bytes.Buffer
		if err := c.write(&out, snaps, frameSize{size[0], size[1]}); err != nil {
			t.Fatalf("%s at %dx%d: %v", what, size[0], size[1], err)
		}
		checkFrame(t, fmt.Sprintf("%s at %dx%d", what, size[0], size[1]), out.String(), size[0], size[1], true)
	}
	for _, format := range []string{ui.FormatText, ui.FormatSVG} {
		c.format = format
		var out bytes.Buffer
		if err := c.write(&out, snaps, frameSize{ui.MinWidth, ui.MinHeight}); err != nil {
			t.Fatalf("%s as %s: %v", what, format, err)
		}
		if format == ui.FormatText {
			checkFrame(t, what+" as text", out.String(), ui.MinWidth, ui.MinHeight, false)
			// At the least size, compare still shows both sides and the summary.
			if len(snaps) == 2 && strings.Contains(out.String(), "compare needs") {
				t.Errorf("%s at %dx%d asks for room:\n%s", what, ui.MinWidth, ui.MinHeight, out.String())
			}
			continue
		}
		dec := xml.NewDecoder(&out)
		for {
			if _, err := dec.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Errorf("%s as SVG: %v", what, err)
				break
			}
		}
	}
}

// checkFrame: exactly height lines (at most, for text, whose trailing blanks are trimmed),
// none wider than width.
func checkFrame(t *testing.T, what, frame string, width, height int, exact bool) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(frame, "\n"), "\n")
	if len(lines) > height || exact && len(lines) != height {
		t.Errorf("%s: %d lines", what, len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(ansi.Strip(l)); w > width {
			t.Errorf("%s: line %d is %d wide: %q", what, i+1, w, ansi.Strip(l))
		}
	}
}

// cellBorder is a | that ends a Markdown table cell: one not escaped.
var cellBorder = regexp.MustCompile(`(^|[^\\])\|`)

// checkReport checks a report's shape in its format: JSON with both runs of a comparison;
// Markdown with two tables (the counters, the ladder), every row with its header's cells;
// a table whose every line is printable text.
func checkReport(t *testing.T, what, format, out string) {
	t.Helper()
	if out == "" || !strings.HasSuffix(out, "\n") {
		t.Errorf("%s: %d bytes, not ending in a line break", what, len(out))
		return
	}
	switch format {
	case lab.FormatJSON:
		var cmp struct {
			Runs []struct {
				Preset string `json:"preset"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &cmp); err != nil || len(cmp.Runs) != 2 {
			t.Errorf("%s: not a comparison (%v)", what, err)
		}
	case lab.FormatMarkdown:
		cols, tables := 0, 0
		for _, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(line, "|") {
				cols = 0
				continue
			}
			n := len(cellBorder.FindAllString(line, -1))
			if cols == 0 {
				cols, tables = n, tables+1
			}
			if n != cols {
				t.Errorf("%s: row %q has %d cell borders, its header %d", what, line, n, cols)
			}
		}
		if tables != 2 {
			t.Errorf("%s: %d tables, want the comparison and the ladder", what, tables)
		}
	default:
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if lab.Printable(line) != line {
				t.Errorf("%s: line %q is not printable text", what, line)
			}
		}
	}
}

func oneLine(s string) bool { return s != "" && lab.Printable(s) == s && !strings.Contains(s, "\n") }

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
