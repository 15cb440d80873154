package ui

import (
	"cmp"
	"fmt"
	"image/color"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// The cell grid of a frame, which every picture of it (SVG, PNG, GIF) draws: render's
// lines with their ANSI styles read back into cells, each with its grapheme and style,
// and the colours of the paper under them.

// paperColors are a picture's default text and background colours: the terminal's, which
// the frame's styles leave undrawn. They must be those of the terminal the theme was
// chosen for, or the theme's colours land on the wrong background.
type paperColors struct{ fg, bg string }

var (
	darkPaper  = paperColors{fg: "#d0d0d0", bg: "#1c1c1c"}
	lightPaper = paperColors{fg: "#1c1c1c", bg: "#ffffff"}
)

// paperFor is the paper of a frame drawn in a dark theme or a light one.
func paperFor(dark bool) paperColors {
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

// gridCell is one cell: the grapheme that starts in it ("" for a blank) and its style.
type gridCell struct {
	text    string
	style   cellStyle
	covered bool // the right half of a wide grapheme
}

// frameCells reads frame into its grid of cells, one row a line, keeping the SGR state
// across lines as a terminal does.
func frameCells(frame string) [][]gridCell {
	var rows [][]gridCell
	var st cellStyle
	p := ansi.NewParser()
	for _, line := range strings.Split(frame, "\n") {
		var row []gridCell
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
				row = append(row, gridCell{text: text, style: st})
				for range width - 1 {
					row = append(row, gridCell{style: st, covered: true})
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
func lastGrapheme(row []gridCell) int {
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
func (s cellStyle) colors(paper paperColors) (fg, bg string) {
	fg, bg = cmp.Or(s.fg, paper.fg), s.bg
	if s.reverse {
		fg, bg = cmp.Or(s.bg, paper.bg), fg
	}
	return fg, bg
}
