package ui

import "unicode/utf8"

// Characters every picture (SVG, PNG, GIF) draws as shapes rather than glyphs: box drawing
// as lines from the cell's centre to its edges, block elements as filled parts of the cell,
// braille as dots. A font's glyph for them ends short of a row of another height, which
// would leave gaps in every vertical line, and many fonts lack them. The geometry is here,
// once; svg.go writes it as elements and raster.go fills it in pixels.

// The grid's geometry at scale 1, in pixels: every cell a fixed box, so the grid is the
// terminal's whatever font draws the text. 0.6 em is a monospace font's advance, 1.2 em
// its line.
const (
	gridCellW    = 9    // px
	gridCellH    = 18   // px
	gridFontPx   = 15   // px
	gridBaseline = 14   // px below a row's top: the glyph box (≈1.16 em) sits inside the row
	gridPad      = 10   // px of background around the grid
	lightStroke  = 1.25 // px: a light line, about a light line glyph's weight at this size
	heavyStroke  = 2.5  // px: a heavy line
	doubleOffset = 1.5  // px from a double line's middle to each of its two light lines
)

// lineWeight is how one arm of a box-drawing character is drawn.
type lineWeight uint8

const (
	noLine lineWeight = iota
	lightLine
	heavyLine
	doubleLine
)

func (w lineWeight) stroke() float64 {
	if w == heavyLine {
		return heavyStroke
	}
	return lightStroke
}

// boxLine is a box-drawing character: the weight of its arm to each edge (left, right,
// up, down), the dashes its one line is cut into (0: solid), and whether its corner is
// rounded.
type boxLine struct {
	left, right, up, down lineWeight
	dashes                int
	rounded               bool
}

// boxLines are the box-drawing characters drawn as lines: the light, heavy and double ones
// the screen uses (the A|B divider, chart axes and curves, each class's chart line in its
// own strokes, rules) and their relatives.
var boxLines = func() map[rune]boxLine {
	const l, h, d = lightLine, heavyLine, doubleLine
	m := map[rune]boxLine{
		'═': {left: d, right: d}, '║': {up: d, down: d},
		'╔': {right: d, down: d}, '╗': {left: d, down: d}, '╚': {right: d, up: d}, '╝': {left: d, up: d},
		'╭': {right: l, down: l, rounded: true}, '╮': {left: l, down: l, rounded: true},
		'╯': {left: l, up: l, rounded: true}, '╰': {right: l, up: l, rounded: true},
	}
	// The same shapes, light and heavy.
	for _, set := range []struct {
		w     lineWeight
		chars string // ─│┌┐└┘├┤┬┴┼╴╵╶╷ in that weight
	}{{l, "─│┌┐└┘├┤┬┴┼╴╵╶╷"}, {h, "━┃┏┓┗┛┣┫┳┻╋╸╹╺╻"}} {
		w := set.w
		shapes := []boxLine{
			{left: w, right: w}, {up: w, down: w},
			{right: w, down: w}, {left: w, down: w}, {right: w, up: w}, {left: w, up: w},
			{up: w, down: w, right: w}, {up: w, down: w, left: w},
			{left: w, right: w, down: w}, {left: w, right: w, up: w}, {left: w, right: w, up: w, down: w},
			{left: w}, {up: w}, {right: w}, {down: w},
		}
		for i, r := range []rune(set.chars) {
			m[r] = shapes[i]
		}
	}
	// Dashed lines, 2, 3 and 4 dashes, light then heavy, horizontal then vertical.
	for _, dc := range []struct {
		n     int
		chars string
	}{{2, "╌╍╎╏"}, {3, "┄┅┆┇"}, {4, "┈┉┊┋"}} {
		rs := []rune(dc.chars)
		m[rs[0]] = boxLine{left: l, right: l, dashes: dc.n}
		m[rs[1]] = boxLine{left: h, right: h, dashes: dc.n}
		m[rs[2]] = boxLine{up: l, down: l, dashes: dc.n}
		m[rs[3]] = boxLine{up: h, down: h, dashes: dc.n}
	}
	return m
}()

// A lineSeg is one stroke, in pixels at scale 1 from the cell's top left: a straight line,
// horizontal or vertical, from (x0, y0) to (x1, y1) with x0 ≤ x1 and y0 ≤ y1, or a curve
// from (x0, y0) to (x1, y1) through the control point (qx, qy).
type lineSeg struct {
	x0, y0, x1, y1 float64
	qx, qy         float64
	curved         bool
	width          float64
}

// A cellRect is a filled part of a cell, in pixels at scale 1 from its top left; an alpha
// below 1 is a shade (░▒▓).
type cellRect struct{ x0, y0, x1, y1, alpha float64 }

// A cellDot is a braille dot: its centre and radius.
type cellDot struct{ x, y, r float64 }

// cellShape is how a character drawn as shapes is drawn, in the cell's text colour.
type cellShape struct {
	lines []lineSeg
	rects []cellRect
	dots  []cellDot
}

// cellShapes are every character drawn as shapes.
var cellShapes = func() map[rune]cellShape {
	m := map[rune]cellShape{}
	for r, b := range boxLines {
		m[r] = cellShape{lines: b.segments()}
	}
	for r := rune(0x2580); r <= 0x259f; r++ {
		m[r] = cellShape{rects: blockRects(r)}
	}
	for r := rune(0x2800); r <= 0x28ff; r++ {
		m[r] = cellShape{dots: brailleDots(r)}
	}
	return m
}()

// shapeOf is how cell c is drawn if its grapheme is one character drawn as shapes.
func shapeOf(c gridCell) (cellShape, bool) {
	r, size := utf8.DecodeRuneInString(c.text)
	s, ok := cellShapes[r]
	return s, ok && size == len(c.text)
}

// segments are b's strokes. A through-line spans the cell, so neighbours meet edge to
// edge; a horizontal arm that turns a corner reaches half the vertical stroke past the
// centre, to close it.
func (b boxLine) segments() []lineSeg {
	const w, h, cx, cy = gridCellW, gridCellH, gridCellW / 2.0, gridCellH / 2.0
	horiz, vert := max(b.left, b.right), max(b.up, b.down)
	switch {
	case b.rounded:
		x0, y1 := 0.0, 0.0 // the horizontal arm's end, the vertical arm's end
		if b.right != noLine {
			x0 = w
		}
		if b.down != noLine {
			y1 = h
		}
		return []lineSeg{{x0: x0, y0: cy, qx: cx, qy: cy, x1: cx, y1: y1, curved: true, width: horiz.stroke()}}
	case horiz == doubleLine || vert == doubleLine:
		return b.doubleSegments()
	case b.dashes > 0:
		var out []lineSeg
		n := float64(b.dashes)
		for k := range b.dashes {
			a, z := (float64(k)+0.2)/n, (float64(k)+0.8)/n // of the cell's width or height
			if horiz != noLine {
				out = append(out, lineSeg{x0: a * w, y0: cy, x1: z * w, y1: cy, width: horiz.stroke()})
			} else {
				out = append(out, lineSeg{x0: cx, y0: a * h, x1: cx, y1: z * h, width: vert.stroke()})
			}
		}
		return out
	}
	var out []lineSeg
	if horiz != noLine {
		ext := 0.0
		if vert != noLine {
			ext = vert.stroke() / 2
		}
		x0, x1 := cx-ext, cx+ext
		if b.left != noLine {
			x0 = 0
		}
		if b.right != noLine {
			x1 = w
		}
		out = append(out, lineSeg{x0: x0, y0: cy, x1: x1, y1: cy, width: horiz.stroke()})
	}
	if vert != noLine {
		y0, y1 := cy, cy
		if b.up != noLine {
			y0 = 0
		}
		if b.down != noLine {
			y1 = h
		}
		out = append(out, lineSeg{x0: cx, y0: y0, x1: cx, y1: y1, width: vert.stroke()})
	}
	return out
}

// doubleSegments are a double line's strokes: two light lines either side of its middle,
// straight (═ ║) or turning a corner (╔ ╗ ╚ ╝), the outer line around the inner one.
func (b boxLine) doubleSegments() []lineSeg {
	const w, h, cx, cy, g, s = gridCellW, gridCellH, gridCellW / 2.0, gridCellH / 2.0, doubleOffset, lightStroke
	switch {
	case b.up == noLine && b.down == noLine:
		return []lineSeg{{x0: 0, y0: cy - g, x1: w, y1: cy - g, width: s}, {x0: 0, y0: cy + g, x1: w, y1: cy + g, width: s}}
	case b.left == noLine && b.right == noLine:
		return []lineSeg{{x0: cx - g, y0: 0, x1: cx - g, y1: h, width: s}, {x0: cx + g, y0: 0, x1: cx + g, y1: h, width: s}}
	}
	sx, sy := -1.0, -1.0 // the horizontal arm's way (+1: right), the vertical arm's (+1: down)
	if b.right != noLine {
		sx = 1
	}
	if b.down != noLine {
		sy = 1
	}
	edgeX, edgeY := (1+sx)/2*w, (1+sy)/2*h
	var out []lineSeg
	for _, side := range []float64{-1, 1} { // the outer line, then the inner one
		y, x := cy+side*sy*g, cx+side*sx*g
		corner := x - sx*s/2 // the horizontal stroke's end, half a stroke past the vertical's middle
		out = append(out,
			lineSeg{x0: min(corner, edgeX), y0: y, x1: max(corner, edgeX), y1: y, width: s},
			lineSeg{x0: x, y0: min(y, edgeY), x1: x, y1: max(y, edgeY), width: s})
	}
	return out
}

// blockRects are a block element's filled parts (U+2580–U+259F): halves, eighths,
// quadrants, and the three shades.
func blockRects(r rune) []cellRect {
	const w, h = gridCellW, gridCellH
	full := func(alpha float64) []cellRect { return []cellRect{{0, 0, w, h, alpha}} }
	switch {
	case r == 0x2580: // ▀
		return []cellRect{{0, 0, w, h / 2, 1}}
	case r >= 0x2581 && r <= 0x2588: // ▁ … █: the lower k eighths
		k := float64(r - 0x2580)
		return []cellRect{{0, h - h*k/8, w, h, 1}}
	case r >= 0x2589 && r <= 0x258f: // ▉ … ▏: the left k eighths
		k := float64(0x2590 - r)
		return []cellRect{{0, 0, w * k / 8, h, 1}}
	case r == 0x2590: // ▐
		return []cellRect{{w / 2, 0, w, h, 1}}
	case r >= 0x2591 && r <= 0x2593: // ░ ▒ ▓
		return full(float64(r-0x2590) / 4)
	case r == 0x2594: // ▔
		return []cellRect{{0, 0, w, h / 8, 1}}
	case r == 0x2595: // ▕
		return []cellRect{{w * 7 / 8, 0, w, h, 1}}
	}
	// Quadrants ▖▗▘▙▚▛▜▝▞▟: upper left 1, upper right 2, lower left 4, lower right 8.
	quads := [...]int{4, 8, 1, 1 | 4 | 8, 1 | 8, 1 | 2 | 4, 1 | 2 | 8, 2, 2 | 4, 2 | 4 | 8}[r-0x2596]
	var out []cellRect
	for q := range 4 {
		if quads&(1<<q) != 0 {
			x, y := float64(q%2)*w/2, float64(q/2)*h/2
			out = append(out, cellRect{x, y, x + w/2, y + h/2, 1})
		}
	}
	return out
}

// brailleDots are a braille pattern's raised dots (U+2800–U+28FF): two columns of four,
// dots 1–3 and 7 down the left, 4–6 and 8 down the right.
func brailleDots(r rune) []cellDot {
	const w, h = gridCellW, gridCellH
	bits := int(r - 0x2800)
	var out []cellDot
	for dot, at := range [8][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {0, 3}, {1, 3}} {
		if bits&(1<<dot) != 0 {
			out = append(out, cellDot{x: w * float64(1+2*at[0]) / 4, y: h * float64(1+2*at[1]) / 8, r: w / 8})
		}
	}
	return out
}
