package ui

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The SVG picture of a frame, on the grid of shapes.go: the viewer's monospace font draws
// the text, each grapheme placed at its cell.
const svgFonts = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"

// svgFrame draws frame (render's lines with their ANSI styles) as an SVG picture of the
// cell grid: backgrounds as rectangles, text placed cell by cell with explicit x positions,
// so neither a font's glyph widths nor wide characters can move anything off the grid.
// paper is the terminal's own colours, where the frame sets none.
func svgFrame(frame string, paper paperColors) string {
	rows := frameCells(frame)
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	w, h := cols*gridCellW+2*gridPad, len(rows)*gridCellH+2*gridPad
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="%s"/>`+"\n", w, h, paper.bg)
	fmt.Fprintf(&b, `<g transform="translate(%d %d)" shape-rendering="crispEdges">`+"\n", gridPad, gridPad)
	for y, row := range rows {
		svgBackgrounds(&b, y, row, paper)
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g transform="translate(%d %d)" fill="none" stroke-width="%g">`+"\n", gridPad, gridPad, lightStroke)
	for y, row := range rows {
		svgShapes(&b, y, row, paper)
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g transform="translate(%d %d)" font-family="%s" font-size="%d" fill="%s">`+"\n",
		gridPad, gridPad, svgFonts, gridFontPx, paper.fg)
	for y, row := range rows {
		svgText(&b, y, row, paper)
	}
	b.WriteString("</g>\n</svg>\n")
	return b.String()
}

// svgBackgrounds draws row y's coloured backgrounds and underlines, one rectangle per
// stretch of cells that share one.
func svgBackgrounds(b *strings.Builder, y int, row []gridCell, paper paperColors) {
	stretches := func(key func(gridCell) string, draw func(x0, x1 int, k string)) {
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
	stretches(func(c gridCell) string { _, bg := c.style.colors(paper); return bg }, func(x0, x1 int, bg string) {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n",
			x0*gridCellW, y*gridCellH, (x1-x0)*gridCellW, gridCellH, bg)
	})
	stretches(func(c gridCell) string {
		if fg, _ := c.style.colors(paper); c.style.underline {
			return fg
		}
		return ""
	}, func(x0, x1 int, fg string) {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="1" fill="%s"/>`+"\n",
			x0*gridCellW, y*gridCellH+gridBaseline+2, (x1-x0)*gridCellW, fg)
	})
}

// svgShapes draws row y's characters drawn as shapes (shapes.go): lines as one path per
// colour and stroke, filled parts as rectangles, braille dots as circles.
func svgShapes(b *strings.Builder, y int, row []gridCell, paper paperColors) {
	type pen struct {
		colour string
		width  float64
	}
	paths := map[pen]*strings.Builder{}
	var pens []pen
	var fills strings.Builder
	for x, c := range row {
		s, ok := shapeOf(c)
		if !ok {
			continue
		}
		fg, _ := c.style.colors(paper)
		left, top := float64(x*gridCellW), float64(y*gridCellH)
		for _, l := range s.lines {
			p := pen{fg, l.width}
			d := paths[p]
			if d == nil {
				d = &strings.Builder{}
				paths[p] = d
				pens = append(pens, p)
			}
			switch {
			case l.curved:
				fmt.Fprintf(d, "M%g %gQ%g %g %g %g", left+l.x0, top+l.y0, left+l.qx, top+l.qy, left+l.x1, top+l.y1)
			case l.y0 == l.y1:
				fmt.Fprintf(d, "M%g %gH%g", left+l.x0, top+l.y0, left+l.x1)
			default:
				fmt.Fprintf(d, "M%g %gV%g", left+l.x0, top+l.y0, top+l.y1)
			}
		}
		for _, r := range s.rects {
			fmt.Fprintf(&fills, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"`, left+r.x0, top+r.y0, r.x1-r.x0, r.y1-r.y0, fg)
			if r.alpha < 1 {
				fmt.Fprintf(&fills, ` fill-opacity="%g"`, r.alpha)
			}
			fills.WriteString("/>\n")
		}
		for _, d := range s.dots {
			fmt.Fprintf(&fills, `<circle cx="%g" cy="%g" r="%g" fill="%s"/>`+"\n", left+d.x, top+d.y, d.r, fg)
		}
	}
	for _, p := range pens {
		fmt.Fprintf(b, `<path d="%s" stroke="%s"`, paths[p].String(), p.colour)
		if p.width != lightStroke {
			fmt.Fprintf(b, ` stroke-width="%g"`, p.width)
		}
		b.WriteString("/>\n")
	}
	b.WriteString(fills.String())
}

// svgText draws row y's text: one element per stretch of graphemes in one style, each
// placed at its cell's x. A single space between words stays in the stretch, so the text
// reads and copies as words; two or more start a new element, because XML renderers
// collapse runs of spaces and the x list would then fall on the wrong characters. A
// grapheme of more than one rune, or outside the BMP, gets an element of its own, since
// renderers count the x list by characters differently.
func svgText(b *strings.Builder, y int, row []gridCell, paper paperColors) {
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
		if _, shaped := shapeOf(c); c.text == "" || shaped {
			spaces++
			continue
		}
		r, size := utf8.DecodeRuneInString(c.text)
		simple := size == len(c.text) && r <= 0xffff
		if !simple || c.style != st || spaces > 1 {
			flush()
		}
		if spaces == 1 && len(xs) > 0 {
			xs = append(xs, strconv.Itoa((x-1)*gridCellW))
			text.WriteByte(' ')
		}
		st, spaces = c.style, 0
		xs = append(xs, strconv.Itoa(x*gridCellW))
		text.WriteString(c.text)
		if !simple {
			flush()
		}
	}
	flush()
}

// svgTextElement is one <text>: its characters at xs, on row y, in style st on paper.
func svgTextElement(b *strings.Builder, xs []string, y int, st cellStyle, paper paperColors, text string) {
	fg, _ := st.colors(paper)
	fmt.Fprintf(b, `<text x="%s" y="%d"`, strings.Join(xs, " "), y*gridCellH+gridBaseline)
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
