package ui

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// The SVG picture of a frame: every cell a fixed box, so the grid is the terminal's
// whatever font the viewer has. 0.6 em is a monospace font's advance, 1.2 em its line.
const (
	svgCellW    = 9    // px
	svgCellH    = 18   // px
	svgFontSize = 15   // px
	svgBaseline = 14   // px below a row's top: the glyph box (≈1.16 em) sits inside the row
	svgPad      = 10   // px of background around the grid
	svgStroke   = 1.25 // px: line-drawing characters, about a light line glyph's weight at this size
	svgFonts    = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"
)

// svgPaper is the picture's default text and background colours: the terminal's, which
// the frame's styles leave undrawn. They must be those of the terminal the theme was
// chosen for, or the theme's colours land on the wrong background.
type svgPaper struct{ fg, bg string }

var (
	darkPaper  = svgPaper{fg: "#d0d0d0", bg: "#1c1c1c"}
	lightPaper = svgPaper{fg: "#1c1c1c", bg: "#ffffff"}
)

// paperFor is the paper of a frame drawn in a dark theme or a light one.
func paperFor(dark bool) svgPaper {
	if dark {
		return darkPaper
	}
	return lightPaper
}

// cellStyle is how a cell is drawn: colours as #rrggbb ("" the default) and attributes.
// It is comparable, so cells with the same look merge into one element.
type cellStyle struct {
	fg, bg                                  string
	bold, faint, italic, underline, reverse bool
}

// svgCell is one cell: the grapheme that starts in it ("" for a blank) and its style.
type svgCell struct {
	text    string
	style   cellStyle
	covered bool // the right half of a wide grapheme
}

// svgFrame draws frame (render's lines with their ANSI styles) as an SVG picture of the
// cell grid: backgrounds as rectangles, text placed cell by cell with explicit x positions,
// so neither a font's glyph widths nor wide characters can move anything off the grid.
// paper is the terminal's own colours, where the frame sets none.
func svgFrame(frame string, paper svgPaper) string {
	rows := frameCells(frame)
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	w, h := cols*svgCellW+2*svgPad, len(rows)*svgCellH+2*svgPad
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`+"\n", w, h, paper.bg)
	fmt.Fprintf(&b, `<g transform="translate(%d %d)" shape-rendering="crispEdges">`+"\n", svgPad, svgPad)
	for y, row := range rows {
		svgBackgrounds(&b, y, row, paper)
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g transform="translate(%d %d)" fill="none" stroke-width="%g">`+"\n", svgPad, svgPad, svgStroke)
	for y, row := range rows {
		svgLines(&b, y, row, paper)
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g transform="translate(%d %d)" font-family="%s" font-size="%d" fill="%s">`+"\n",
		svgPad, svgPad, svgFonts, svgFontSize, paper.fg)
	for y, row := range rows {
		svgText(&b, y, row, paper)
	}
	b.WriteString("</g>\n</svg>\n")
	return b.String()
}

// frameCells reads frame into its grid of cells, one row a line, keeping the SGR state
// across lines as a terminal does.
func frameCells(frame string) [][]svgCell {
	var rows [][]svgCell
	var st cellStyle
	p := ansi.NewParser()
	for _, line := range strings.Split(frame, "\n") {
		var row []svgCell
		var state byte
		for len(line) > 0 {
			seq, width, n, next := ansi.DecodeSequence(line, state, p)
			state, line = next, line[n:]
			r, _ := utf8.DecodeRuneInString(seq)
			switch {
			case width > 0:
				text := seq
				if text == " " {
					text = ""
				}
				row = append(row, svgCell{text: text, style: st})
				for range width - 1 {
					row = append(row, svgCell{style: st, covered: true})
				}
			case ansi.HasCsiPrefix(seq) && ansi.Cmd(p.Command()) == 'm':
				st.apply(p.Params())
			case r != utf8.RuneError && !unicode.IsControl(r):
				// A combining mark the decoder gives apart (after an ASCII letter) joins the
				// grapheme before it.
				if last := lastGrapheme(row); last >= 0 {
					row[last].text += seq
				}
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// lastGrapheme is the index of the last cell of row a grapheme starts in, or -1.
func lastGrapheme(row []svgCell) int {
	i := len(row) - 1
	for i >= 0 && row[i].covered {
		i--
	}
	if i >= 0 && row[i].text == "" {
		return -1
	}
	return i
}

// apply reads one SGR sequence's parameters into s. Colours may be the 16 basic ones,
// 256-colour indices or true colour, in the ';' or ':' forms.
func (s *cellStyle) apply(params ansi.Params) {
	if len(params) == 0 {
		*s = cellStyle{}
		return
	}
	for i := 0; i < len(params); i++ {
		switch v := params[i].Param(0); {
		case v == 0:
			*s = cellStyle{}
		case v == 1:
			s.bold = true
		case v == 2:
			s.faint = true
		case v == 3:
			s.italic = true
		case v == 4:
			s.underline = true
		case v == 7:
			s.reverse = true
		case v == 22:
			s.bold, s.faint = false, false
		case v == 23:
			s.italic = false
		case v == 24:
			s.underline = false
		case v == 27:
			s.reverse = false
		case v >= 30 && v <= 37, v >= 90 && v <= 97:
			s.fg = hexColor(basicColor(v%10, v >= 90))
		case v >= 40 && v <= 47, v >= 100 && v <= 107:
			s.bg = hexColor(basicColor(v%10, v >= 100))
		case v == 39:
			s.fg = ""
		case v == 49:
			s.bg = ""
		case v == 38, v == 48:
			var c color.Color
			if n := ansi.ReadStyleColor(params[i:], &c); n > 0 {
				if v == 38 {
					s.fg = hexColor(c)
				} else {
					s.bg = hexColor(c)
				}
				i += n - 1
				continue
			}
		}
		for i+1 < len(params) && params[i].HasMore() { // sub-parameters this does not read
			i++
		}
	}
}

func basicColor(i int, bright bool) ansi.BasicColor {
	if bright {
		i += 8
	}
	return ansi.BasicColor(i)
}

// hexColor is c as #rrggbb; "" (the default) for a transparent one.
func hexColor(c color.Color) string {
	r, g, b, a := c.RGBA()
	if a == 0 {
		return ""
	}
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// colors are the cell's text and background colours as drawn: reverse swaps them, and a
// background of "" is the paper's.
func (s cellStyle) colors(paper svgPaper) (fg, bg string) {
	fg, bg = cmp.Or(s.fg, paper.fg), s.bg
	if s.reverse {
		fg, bg = cmp.Or(s.bg, paper.bg), fg
	}
	return fg, bg
}

// svgBackgrounds draws row y's coloured backgrounds and underlines, one rectangle per
// stretch of cells that share one.
func svgBackgrounds(b *strings.Builder, y int, row []svgCell, paper svgPaper) {
	stretches := func(key func(svgCell) string, draw func(x0, x1 int, k string)) {
		for x0 := 0; x0 < len(row); {
			k := key(row[x0])
			x1 := x0 + 1
			for x1 < len(row) && key(row[x1]) == k {
				x1++
			}
			if k != "" {
				draw(x0, x1, k)
			}
			x0 = x1
		}
	}
	stretches(func(c svgCell) string { _, bg := c.style.colors(paper); return bg }, func(x0, x1 int, bg string) {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n",
			x0*svgCellW, y*svgCellH, (x1-x0)*svgCellW, svgCellH, bg)
	})
	stretches(func(c svgCell) string {
		if fg, _ := c.style.colors(paper); c.style.underline {
			return fg
		}
		return ""
	}, func(x0, x1 int, fg string) {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="1" fill="%s"/>`+"\n",
			x0*svgCellW, y*svgCellH+svgBaseline+2, (x1-x0)*svgCellW, fg)
	})
}

// The edges of a cell a line-drawing character reaches.
const (
	armLeft = 1 << iota
	armRight
	armUp
	armDown
)

// boxArms are the light line-drawing characters the screen uses (the A|B divider, chart
// axes and curves, rules), drawn as lines from the cell's centre to its edges rather than
// as glyphs: a font's glyph ends short of a row of another height, which would leave gaps
// in every vertical line. The rounded corners are drawn as curves.
var boxArms = map[rune]uint8{
	'─': armLeft | armRight, '│': armUp | armDown,
	'┌': armRight | armDown, '┐': armLeft | armDown, '└': armRight | armUp, '┘': armLeft | armUp,
	'├': armUp | armDown | armRight, '┤': armUp | armDown | armLeft,
	'┬': armLeft | armRight | armDown, '┴': armLeft | armRight | armUp,
	'┼': armLeft | armRight | armUp | armDown,
	'╴': armLeft, '╵': armUp, '╶': armRight, '╷': armDown,
	'╭': armRight | armDown, '╮': armLeft | armDown, '╯': armLeft | armUp, '╰': armRight | armUp,
}

// boxRune is the line-drawing character c holds, if it is one boxArms draws.
func boxRune(c svgCell) (rune, bool) {
	r, size := utf8.DecodeRuneInString(c.text)
	_, ok := boxArms[r]
	return r, ok && size == len(c.text)
}

// svgLines draws row y's line-drawing characters, one path per colour.
func svgLines(b *strings.Builder, y int, row []svgCell, paper svgPaper) {
	paths := map[string]*strings.Builder{}
	var colours []string
	for x, c := range row {
		r, ok := boxRune(c)
		if !ok {
			continue
		}
		fg, _ := c.style.colors(paper)
		d := paths[fg]
		if d == nil {
			d = &strings.Builder{}
			paths[fg] = d
			colours = append(colours, fg)
		}
		left, top := float64(x*svgCellW), float64(y*svgCellH)
		cx, cy := left+svgCellW/2.0, top+svgCellH/2.0
		arms := boxArms[r]
		if strings.ContainsRune("╭╮╯╰", r) {
			x1, y2 := left, top // the horizontal arm's end, the vertical arm's end
			if arms&armRight != 0 {
				x1 = left + svgCellW
			}
			if arms&armDown != 0 {
				y2 = top + svgCellH
			}
			fmt.Fprintf(d, "M%g %gQ%g %g %g %g", x1, cy, cx, cy, cx, y2)
			continue
		}
		// Through-lines span the cell, so neighbours meet edge to edge. A half line
		// that turns a corner reaches half the stroke past the centre to close it.
		if h := arms & (armLeft | armRight); h != 0 {
			x0, x1 := cx, cx
			if arms&(armUp|armDown) != 0 {
				x0, x1 = cx-svgStroke/2, cx+svgStroke/2
			}
			if h&armLeft != 0 {
				x0 = left
			}
			if h&armRight != 0 {
				x1 = left + svgCellW
			}
			fmt.Fprintf(d, "M%g %gH%g", x0, cy, x1)
		}
		if v := arms & (armUp | armDown); v != 0 {
			y0, y1 := cy, cy
			if v&armUp != 0 {
				y0 = top
			}
			if v&armDown != 0 {
				y1 = top + svgCellH
			}
			fmt.Fprintf(d, "M%g %gV%g", cx, y0, y1)
		}
	}
	for _, fg := range colours {
		fmt.Fprintf(b, `<path d="%s" stroke="%s"/>`+"\n", paths[fg].String(), fg)
	}
}

// svgText draws row y's text: one element per stretch of graphemes in one style, each
// placed at its cell's x. A single space between words stays in the stretch, so the text
// reads and copies as words; two or more start a new element, because XML renderers
// collapse runs of spaces and the x list would then fall on the wrong characters. A
// grapheme of more than one rune, or outside the BMP, gets an element of its own, since
// renderers count the x list by characters differently.
func svgText(b *strings.Builder, y int, row []svgCell, paper svgPaper) {
	var xs []string
	var text strings.Builder
	var st cellStyle
	spaces := 0 // blank cells since the last grapheme
	flush := func() {
		if len(xs) > 0 {
			svgTextElement(b, xs, y, st, paper, text.String())
		}
		xs, spaces = xs[:0], 0
		text.Reset()
	}
	for x, c := range row {
		if c.covered {
			continue
		}
		if _, box := boxRune(c); c.text == "" || box {
			spaces++
			continue
		}
		r, size := utf8.DecodeRuneInString(c.text)
		simple := size == len(c.text) && r <= 0xffff
		if !simple || c.style != st || spaces > 1 {
			flush()
		}
		if spaces == 1 && len(xs) > 0 {
			xs = append(xs, strconv.Itoa((x-1)*svgCellW))
			text.WriteByte(' ')
		}
		st, spaces = c.style, 0
		xs = append(xs, strconv.Itoa(x*svgCellW))
		text.WriteString(c.text)
		if !simple {
			flush()
		}
	}
	flush()
}

// svgTextElement is one <text>: its characters at xs, on row y, in style st on paper.
func svgTextElement(b *strings.Builder, xs []string, y int, st cellStyle, paper svgPaper, text string) {
	fg, _ := st.colors(paper)
	fmt.Fprintf(b, `<text x="%s" y="%d"`, strings.Join(xs, " "), y*svgCellH+svgBaseline)
	if fg != paper.fg {
		fmt.Fprintf(b, ` fill="%s"`, fg)
	}
	if st.bold {
		b.WriteString(` font-weight="bold"`)
	}
	if st.italic {
		b.WriteString(` font-style="italic"`)
	}
	if st.faint {
		b.WriteString(` fill-opacity="0.6"`)
	}
	b.WriteString(">")
	xml.EscapeText(b, []byte(text)) //nolint:errcheck // a strings.Builder does not fail
	b.WriteString("</text>\n")
}
