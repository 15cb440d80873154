package ui

import (
	"encoding/xml"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// svgDoc is what the tests read back from an SVG frame.
type svgDoc struct {
	Width  int       `xml:"width,attr"`
	Height int       `xml:"height,attr"`
	Rects  []svgRect `xml:"rect"` // the background
	Groups []struct {
		Fill  string    `xml:"fill,attr"`
		Rects []svgRect `xml:"rect"`
		Paths []struct {
			D      string `xml:"d,attr"`
			Stroke string `xml:"stroke,attr"`
		} `xml:"path"`
		Texts []svgTextElem `xml:"text"`
	} `xml:"g"`
}

type svgRect struct { // a block element's eighths fall between pixels
	X      float64 `xml:"x,attr"`
	Y      float64 `xml:"y,attr"`
	Width  float64 `xml:"width,attr"`
	Height float64 `xml:"height,attr"`
	Fill   string  `xml:"fill,attr"`
}

type svgTextElem struct {
	X      string `xml:"x,attr"`
	Y      int    `xml:"y,attr"`
	Fill   string `xml:"fill,attr"`
	Weight string `xml:"font-weight,attr"`
	Text   string `xml:",chardata"`
}

// parseSVG reads an SVG frame strictly, as any XML reader would, or fails the test.
func parseSVG(t *testing.T, svg string) svgDoc {
	t.Helper()
	var doc svgDoc
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
		t.Fatalf("not well-formed XML: %v\n%.2000s", err, svg)
	}
	return doc
}

// svgGlyph is a grapheme the SVG draws, where, and how.
type svgGlyph struct {
	text       string
	fill       string
	bold       bool
	col, row   int
	xExact     bool // its x is exactly its cell's left edge
	yOnTheGrid bool // its baseline is its row's
}

// glyphs are every grapheme the SVG's text elements place, by cell.
func (d svgDoc) glyphs(t *testing.T) map[[2]int]svgGlyph {
	t.Helper()
	out := map[[2]int]svgGlyph{}
	for _, g := range d.Groups {
		for _, te := range g.Texts {
			xs := strings.Fields(te.X)
			parts := strings.Split(te.Text, "")
			if len(xs) == 1 {
				parts = []string{te.Text} // one grapheme, however many runes
			}
			if len(xs) != len(parts) {
				t.Fatalf("text %q has %d characters and %d x positions", te.Text, len(parts), len(xs))
			}
			for i, p := range parts {
				x, err := strconv.Atoi(xs[i])
				if err != nil {
					t.Fatal(err)
				}
				cell := [2]int{x / gridCellW, te.Y / gridCellH}
				out[cell] = svgGlyph{text: p, fill: cmpOr(te.Fill, g.Fill), bold: te.Weight == "bold",
					col: cell[0], row: cell[1], xExact: x%gridCellW == 0, yOnTheGrid: te.Y%gridCellH == gridBaseline}
			}
		}
	}
	return out
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// screenText rebuilds the screen's lines from the glyphs (a wide one covers the next
// cell), blanks where there is none, trailing blanks trimmed.
func screenText(t *testing.T, glyphs map[[2]int]svgGlyph, cols, rows int) []string {
	t.Helper()
	var lines []string
	for y := range rows {
		var b strings.Builder
		for x := 0; x < cols; {
			g, ok := glyphs[[2]int{x, y}]
			if !ok || g.text == " " {
				b.WriteByte(' ')
				x++
				continue
			}
			if !g.xExact || !g.yOnTheGrid {
				t.Errorf("%q at cell %d,%d is off the grid", g.text, x, y)
			}
			b.WriteString(g.text)
			x += max(1, ansi.StringWidth(g.text))
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	return lines
}

// The plain lines of frame, with the characters the SVG draws as shapes blanked, trailing
// blanks trimmed.
func framePlainLines(frame string) []string {
	lines := strings.Split(ansi.Strip(frame), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(strings.Map(func(r rune) rune {
			if _, shaped := cellShapes[r]; shaped {
				return ' '
			}
			return r
		}, l), " ")
	}
	return lines
}

// An SVG frame is the screen: well-formed XML, every grapheme of the frame at its cell,
// the line-drawing characters as lines in their cells, the colours the theme gave.
func TestSVGFrameIsTheScreen(t *testing.T) {
	a, b := compareSnapshots()
	for _, tc := range []struct {
		name  string
		snaps []lab.Snapshot
		w, h  int
	}{
		{"compare 120x40", []lab.Snapshot{*a, *b}, 120, 40},
		{"main 80x24", []lab.Snapshot{*testSnapshot()}, 80, 24},
	} {
		t.Run(tc.name, func(t *testing.T) {
			frame := Frame(tc.snaps, tc.w, tc.h, false, false)
			doc := parseSVG(t, svgFrame(frame, darkPaper))
			if doc.Width != tc.w*gridCellW+2*gridPad || doc.Height != tc.h*gridCellH+2*gridPad {
				t.Errorf("picture %dx%d for %dx%d cells", doc.Width, doc.Height, tc.w, tc.h)
			}
			glyphs := doc.glyphs(t)
			got, want := screenText(t, glyphs, tc.w, tc.h), framePlainLines(frame)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("the SVG's text is not the screen's:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			checkBoxLines(t, doc, frame)

			// The pool picture: payment's cells on its orange, letters black and bold.
			col, row := poolPictureCell(t, frame)
			orange := hexColor(ansi.IndexedColor(darkPalette.class(int(lab.Payment))))
			if !hasRect(doc, col, row, orange) {
				t.Errorf("no %s background under the pool picture's first cell (%d,%d)", orange, col, row)
			}
			if g := glyphs[[2]int{col, row}]; g.text != "P" || g.fill != "#000000" || !g.bold {
				t.Errorf("the pool picture's first cell: %+v, want a bold black P", g)
			}
			fills := map[string]bool{}
			for _, g := range glyphs {
				fills[g.fill] = true
			}
			if len(fills) < 5 {
				t.Errorf("text in %d colours: %v", len(fills), fills)
			}
		})
	}
}

// poolPictureCell is the pool picture's first cell on frame: a worker payment holds.
func poolPictureCell(t *testing.T, frame string) (col, row int) {
	t.Helper()
	for y, l := range strings.Split(ansi.Strip(frame), "\n") {
		if i := strings.Index(l, "workers  P"); i >= 0 {
			return ansi.StringWidth(l[:i]) + len("workers  "), y
		}
	}
	t.Fatal("no pool picture on the screen")
	return 0, 0
}

func hasRect(doc svgDoc, col, row int, fill string) bool {
	for _, g := range doc.Groups {
		for _, r := range g.Rects {
			if x := float64(col * gridCellW); r.Fill == fill && r.Y == float64(row*gridCellH) && r.X <= x && x < r.X+r.Width {
				return true
			}
		}
	}
	return false
}

// checkBoxLines: every line-drawing character of the frame is drawn by a line that starts
// in its cell, and no line starts where there is none.
func checkBoxLines(t *testing.T, doc svgDoc, frame string) {
	t.Helper()
	want := map[[2]int]bool{}
	for y, l := range strings.Split(ansi.Strip(frame), "\n") {
		x := 0
		for _, r := range l {
			if _, box := boxLines[r]; box {
				want[[2]int{x, y}] = true
			}
			x += ansi.StringWidth(string(r))
		}
	}
	got := map[[2]int]bool{}
	for _, g := range doc.Groups {
		for _, p := range g.Paths {
			for _, sub := range strings.Split(p.D, "M")[1:] {
				var x, y float64
				if _, err := fmt.Sscanf(sub, "%g %g", &x, &y); err != nil {
					t.Fatalf("path %q: %v", sub, err)
				}
				// A start on a cell's edge may be either neighbour's.
				col, row := int(x)/gridCellW, int(y)/gridCellH
				cells := [][2]int{{col, row}}
				if int(x)%gridCellW == 0 && float64(int(x)) == x {
					cells = append(cells, [2]int{col - 1, row})
				}
				if int(y)%gridCellH == 0 && float64(int(y)) == y {
					cells = append(cells, [2]int{col, row - 1})
				}
				found := false
				for _, c := range cells {
					if want[c] {
						got[c], found = true, true
					}
				}
				if !found {
					t.Errorf("a line starts at %g,%g, where the screen has no line-drawing character", x, y)
				}
			}
		}
	}
	for c := range want {
		if !got[c] {
			t.Errorf("the line-drawing character at %v is not drawn", c)
		}
	}
}

// Whatever the text, the SVG is well-formed and says it: XML's special characters, a
// CDATA end, control characters, wide and combined graphemes; and every colour form.
func TestSVGEscapesAndColours(t *testing.T) {
	frame := strings.Join([]string{
		"\x1b[38;2;1;2;3m<&>\"'\x1b[m ]]> \x1b[31mred\x1b[0m \x1b[7mrev\x1b[27m",
		"\x1b[38:5:208;101mx\x1b[39;49m 界y e\u0301 𝄞z \x07bell\x1b]0;title\x07",
		"\x1b[1;4mbold\x1b[22;24m plain",
	}, "\n")
	doc := parseSVG(t, svgFrame(frame, darkPaper))
	glyphs := doc.glyphs(t)
	got := screenText(t, glyphs, 20, 3)
	want := []string{`<&>"' ]]> red rev`, "x 界y e\u0301 𝄞z bell", "bold plain"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("text:\n%q\nwant:\n%q", got, want)
	}
	at := func(col, row int) svgGlyph { return glyphs[[2]int{col, row}] }
	for _, c := range []struct {
		g    svgGlyph
		fill string
	}{
		{at(0, 0), "#010203"},     // true colour
		{at(10, 0), "#800000"},    // basic red
		{at(14, 0), darkPaper.bg}, // reversed: the background's colour on the text's
		{at(0, 1), "#ff8700"},     // 256 colours, ':' form
		{at(2, 1), darkPaper.fg},  // reset
	} {
		if c.g.fill != c.fill {
			t.Errorf("%q: fill %q, want %q", c.g.text, c.g.fill, c.fill)
		}
	}
	for _, r := range []struct {
		col, row int
		fill     string
	}{{14, 0, darkPaper.fg}, {0, 1, "#ff0000"}} { // reverse; bright red background
		if !hasRect(doc, r.col, r.row, r.fill) {
			t.Errorf("no %s background at %d,%d", r.fill, r.col, r.row)
		}
	}
	if g := at(4, 1); g.text != "y" {
		t.Errorf("after a wide character: %+v, want y two cells on", g)
	}
	if !at(0, 2).bold || at(5, 2).bold {
		t.Errorf("bold: %+v %+v", at(0, 2), at(5, 2))
	}
	if !underlined(doc, 0, 2) {
		t.Errorf("no underline under bold")
	}
}

func underlined(doc svgDoc, col, row int) bool {
	for _, g := range doc.Groups {
		for _, r := range g.Rects {
			if r.Height == 1 && r.Y == float64(row*gridCellH+gridBaseline+2) && r.X == float64(col*gridCellW) {
				return true
			}
		}
	}
	return false
}

// Every line-drawing character the screen uses is drawn in its cell.
func TestSVGBoxLines(t *testing.T) {
	var chars []rune
	for r := range boxLines {
		chars = append(chars, r)
	}
	slices.Sort(chars)
	frame := "\x1b[38;5;245m" + string(chars) + "\x1b[m\n┌─┬─┐\n│╭┼╮│\n├╰┴╯┤\n└╴╵╶┘"
	doc := parseSVG(t, svgFrame(frame, darkPaper))
	checkBoxLines(t, doc, frame)
	if got := screenText(t, doc.glyphs(t), len(chars), 5); strings.TrimSpace(strings.Join(got, "")) != "" {
		t.Errorf("line-drawing characters drawn as text too: %q", got)
	}
	if s := doc.Groups[1].Paths[0].Stroke; s != "#8a8a8a" {
		t.Errorf("lines in %s, want the text's colour #8a8a8a", s)
	}
}

// WriteFrame writes each format, and names the formats when asked for another.
func TestWriteFrame(t *testing.T) {
	frame := Frame([]lab.Snapshot{*testSnapshot()}, 80, 24, false, false)
	for _, f := range FrameFormats {
		var b strings.Builder
		if err := WriteFrame(&b, frame, f, DefaultScale); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out := b.String()
		switch f {
		case FormatANSI:
			if out != frame+"\n" {
				t.Errorf("ans is not the frame")
			}
		case FormatText:
			if strings.Contains(out, "\x1b") || len(strings.Split(strings.TrimSuffix(out, "\n"), "\n")) != 24 {
				t.Errorf("txt: not 24 plain lines:\n%s", out)
			}
		case FormatSVG:
			parseSVG(t, out)
		}
	}
	if err := WriteFrame(&strings.Builder{}, frame, "gif", DefaultScale); err == nil || !strings.Contains(err.Error(), "ans, txt, svg, png") {
		t.Errorf("gif: %v", err)
	}
}

// x on a light terminal draws the SVG light, with dark text, as the theme's colours were
// chosen for; on a dark one, dark as before.
func TestExportSVGFollowsTheme(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bg      color.Color
		paper   paperColors
		lightBG bool
	}{{"dark", color.Black, paperColors{fg: "#d0d0d0", bg: "#1c1c1c"}, false}, {"light", color.White, lightPaper, true}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			m := startModel(t, &fakeStarter{})
			m.exportDir, m.width, m.height = dir, 120, 40
			m = update(t, m, tea.BackgroundColorMsg{Color: tc.bg})
			m = update(t, m, tickMsg{snaps: []*lab.Snapshot{testSnapshot()}, gen: m.gen})
			m = update(t, m, press1('x'))
			files, err := filepath.Glob(filepath.Join(dir, "*.svg"))
			if err != nil || len(files) != 1 {
				t.Fatalf("%v: %q (status %q)", err, files, m.status)
			}
			b, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			doc := parseSVG(t, string(b))
			if len(doc.Rects) != 1 || len(doc.Groups) != 3 {
				t.Fatalf("%d backgrounds, %d groups", len(doc.Rects), len(doc.Groups))
			}
			bg, fg := doc.Rects[0].Fill, doc.Groups[2].Fill
			if bg != tc.paper.bg || fg != tc.paper.fg {
				t.Errorf("background %s, text %s, want %s and %s", bg, fg, tc.paper.bg, tc.paper.fg)
			}
			if (lightness(t, bg) > 0.5) != tc.lightBG || (lightness(t, fg) > 0.5) == tc.lightBG {
				t.Errorf("background %s with text %s on a %s terminal", bg, fg, tc.name)
			}
		})
	}
}

// lightness is #rrggbb's relative luminance, 0 black to 1 white (sRGB weights, no gamma:
// enough to tell light from dark).
func lightness(t *testing.T, hex string) float64 {
	t.Helper()
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		t.Fatalf("colour %q", hex)
	}
	r, g, b := float64(v>>16&0xff), float64(v>>8&0xff), float64(v&0xff)
	return (0.2126*r + 0.7152*g + 0.0722*b) / 255
}
