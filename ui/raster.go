package ui

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The raster picture of a frame (PNG, GIF): the cell grid of cells.go in pixels, on the
// grid of shapes.go times a scale. Text is Go Mono, embedded (regular and bold; italic is
// drawn upright), each grapheme clipped to its cell, so a cell's pixels depend on that
// cell alone. shapes.go's characters are drawn as shapes, and so are the few symbols the
// screen uses that Go Mono lacks; any other character the font lacks is a visible box
// (tofu), never left out.

// Scales a raster picture may be drawn at: 1 is the SVG's size, a cell 9×18 pixels.
const (
	MinScale     = 1
	MaxScale     = 8
	DefaultScale = 2
)

// CheckScale says what is wrong with scale, if anything.
func CheckScale(scale int) error {
	if scale < MinScale || scale > MaxScale {
		return fmt.Errorf("must be %d..%d (pixels per SVG pixel: %d is a cell %dx%d)", MinScale, MaxScale, MinScale, gridCellW, gridCellH)
	}
	return nil
}

// goMono is the embedded font, regular and bold, parsed once; a parsed font may be shared,
// a face may not.
var goMono = sync.OnceValue(func() [2]*sfnt.Font {
	var out [2]*sfnt.Font
	for i, ttf := range [][]byte{gomono.TTF, gomonobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			panic(err) // the embedded font is part of the program
		}
		out[i] = f
	}
	return out
})

// inFont reports whether Go Mono has a glyph for r.
func inFont(r rune) bool {
	var buf sfnt.Buffer
	i, err := goMono()[0].GlyphIndex(&buf, r)
	return err == nil && i != 0
}

// A symbol is a character the screen uses that Go Mono lacks, drawn as shapes, in pixels
// at scale 1 from the cell's top left (the baseline is at 14, capitals reach up to about 4).
type symbol struct {
	fills   [][]fpoint   // polygons
	strokes [][]fpoint   // lines through these points
	width   float64      // of the strokes
	dots    []cellDot    // filled circles
	holes   [][][]fpoint // polygons cut out of the fills
}

type fpoint struct{ x, y float64 }

// symbols are drawn in place of the glyphs Go Mono lacks: ▶ the focused side, ▸ the tour's
// pointer, ✓ and ✗ the tour's verdict and an error, ⚠ a busy machine, ‖ paused, ⌈ ⌉ the
// rounding up in the table's note on a window's ends (lab.EndCap's), ⌊ ⌋ the rounding down
// of the postmortem's rounds of a queue.
var symbols = map[rune]symbol{
	'▶': {fills: [][]fpoint{{{1, 4}, {8.5, 9}, {1, 14}}}},
	'▸': {fills: [][]fpoint{{{2, 6.5}, {7.5, 9.75}, {2, 13}}}},
	'✓': {strokes: [][]fpoint{{{1.25, 9.5}, {3.5, 12.75}, {8, 4.5}}}, width: 1.5},
	'✗': {strokes: [][]fpoint{{{1.5, 5}, {7.5, 13.5}}, {{7.5, 5}, {1.5, 13.5}}}, width: 1.5},
	'‖': {strokes: [][]fpoint{{{3, 3}, {3, 15}}, {{6, 3}, {6, 15}}}, width: 1.25},
	'⌈': {strokes: [][]fpoint{{{7, 3}, {3, 3}, {3, 16}}}, width: 1.25},
	'⌉': {strokes: [][]fpoint{{{2, 3}, {6, 3}, {6, 16}}}, width: 1.25},
	'⌊': {strokes: [][]fpoint{{{3, 3}, {3, 16}, {7, 16}}}, width: 1.25},
	'⌋': {strokes: [][]fpoint{{{6, 3}, {6, 16}, {2, 16}}}, width: 1.25},
	'⚠': {fills: [][]fpoint{{{4.5, 3}, {9, 14.5}, {0, 14.5}}},
		holes: [][][]fpoint{{{{4, 6.5}, {5, 6.5}, {4.8, 10.5}, {4.2, 10.5}}}}, dots: []cellDot{{x: 4.5, y: 12.5, r: 0.75}}},
}

// drawnAsShape reports whether r is drawn without the font: a shape, a symbol or a blank.
func drawnAsShape(r rune) bool {
	_, shaped := cellShapes[r]
	_, sym := symbols[r]
	return shaped || sym
}

// raster draws cells at one scale. It keeps the glyphs it has drawn, so it is not safe
// for concurrent use: each picture writer has its own.
type raster struct {
	scale       int
	cw, ch, pad int // a cell's size and the margin, in pixels
	faces       [2]font.Face
	glyphs      map[glyphKey]*image.Alpha
	colours     map[string]color.RGBA
	z           vector.Rasterizer
}

// glyphKey is a grapheme's mask: its text, bold or not, its width in cells.
type glyphKey struct {
	text  string
	bold  bool
	cells int
}

func newRaster(scale int) *raster {
	r := &raster{scale: scale, cw: gridCellW * scale, ch: gridCellH * scale, pad: gridPad * scale,
		glyphs: map[glyphKey]*image.Alpha{}, colours: map[string]color.RGBA{}}
	for i, f := range goMono() {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(gridFontPx * scale), DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			panic(err) // a valid size of a valid font
		}
		r.faces[i] = face
	}
	return r
}

// size is the picture of cols×rows cells.
func (r *raster) size(cols, rows int) image.Rectangle {
	return image.Rect(0, 0, cols*r.cw+2*r.pad, rows*r.ch+2*r.pad)
}

// gridSize is the grid's columns and rows.
func gridSize(rows [][]gridCell) (cols int) {
	for _, row := range rows {
		cols = max(cols, len(row))
	}
	return cols
}

// picture draws the whole grid on paper.
func (r *raster) picture(rows [][]gridCell, paper paperColors) *image.RGBA {
	img := image.NewRGBA(r.size(gridSize(rows), len(rows)))
	draw.Draw(img, img.Bounds(), image.NewUniform(r.colour(paper.bg)), image.Point{}, draw.Src)
	for y, row := range rows {
		for x := range row {
			r.cell(img, row, x, y, paper)
		}
	}
	return img
}

// cellRect is cell x, y's pixels, n cells wide.
func (r *raster) cellRect(x, y, n int) image.Rectangle {
	return image.Rect(r.pad+x*r.cw, r.pad+y*r.ch, r.pad+(x+n)*r.cw, r.pad+(y+1)*r.ch)
}

// cell draws cell x of row y: its background, then its grapheme (a wide one over the
// cells it covers) or shape, then its underline. A covered cell is drawn by the cell its
// grapheme starts in; one without (a frame cut in the middle of one) is its background.
func (r *raster) cell(img *image.RGBA, row []gridCell, x, y int, paper paperColors) {
	c := row[x]
	fg, bg := c.style.colors(paper)
	bgC := r.colour(cmp.Or(bg, paper.bg))
	fgC := r.colour(fg)
	if c.style.faint {
		fgC = blend(fgC, bgC, 0.6)
	}
	if c.covered {
		if x > 0 && (row[x-1].covered || row[x-1].text != "") {
			return // its grapheme's cell draws it
		}
		draw.Draw(img, r.cellRect(x, y, 1), image.NewUniform(bgC), image.Point{}, draw.Src)
		return
	}
	n := 1
	for x+n < len(row) && row[x+n].covered {
		n++
	}
	rect := r.cellRect(x, y, n)
	draw.Draw(img, rect, image.NewUniform(bgC), image.Point{}, draw.Src)
	if c.text != "" {
		var mask *image.Alpha
		if s, ok := shapeOf(c); ok {
			mask = r.shapeMask(s)
		} else {
			mask = r.glyph(glyphKey{text: c.text, bold: c.style.bold, cells: n})
		}
		draw.DrawMask(img, rect, image.NewUniform(fgC), image.Point{}, mask, image.Point{}, draw.Over)
	}
	if c.style.underline {
		top := rect.Min.Y + (gridBaseline+2)*r.scale
		draw.Draw(img, image.Rect(rect.Min.X, top, rect.Max.X, top+r.scale), image.NewUniform(fgC), image.Point{}, draw.Src)
	}
}

// colour is #rrggbb as a colour.
func (r *raster) colour(hex string) color.RGBA {
	if c, ok := r.colours[hex]; ok {
		return c
	}
	c := parseHex(hex)
	r.colours[hex] = c
	return c
}

// parseHex reads #rrggbb; anything else is black (hexColor writes only #rrggbb).
func parseHex(hex string) color.RGBA {
	v, err := strconv.ParseUint(hex[min(1, len(hex)):], 16, 32)
	if err != nil || len(hex) != 7 {
		return color.RGBA{A: 0xff}
	}
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// blend is a over b at alpha a.
func blend(a, b color.RGBA, alpha float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*alpha + float64(y)*(1-alpha))) }
	return color.RGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 0xff}
}

// glyph is the coverage of grapheme k in its cells: the font's glyphs, a symbol drawn as
// shapes, or a box when the font lacks a character of it.
func (r *raster) glyph(k glyphKey) *image.Alpha {
	if m, ok := r.glyphs[k]; ok {
		return m
	}
	mask := image.NewAlpha(image.Rect(0, 0, k.cells*r.cw, r.ch))
	runes := []rune(k.text)
	if sym, ok := symbols[runes[0]]; ok && len(runes) == 1 {
		r.drawSymbol(mask, sym)
	} else if !r.drawText(mask, k) {
		r.tofu(mask)
	}
	r.glyphs[k] = mask
	return mask
}

// drawText draws k's characters onto mask from the baseline at its left edge, each mark
// after the first where the font's advance puts it; false if the font lacks one.
func (r *raster) drawText(mask *image.Alpha, k glyphKey) bool {
	for _, c := range k.text {
		if !inFont(c) {
			return false
		}
	}
	face := r.faces[0]
	if k.bold {
		face = r.faces[1]
	}
	dot := fixed.P(0, gridBaseline*r.scale)
	for _, c := range k.text {
		dr, m, mp, advance, ok := face.Glyph(dot, c)
		if !ok {
			return false
		}
		draw.Draw(mask, dr, m, mp, draw.Over)
		dot.X += advance
	}
	return true
}

// tofu draws the box that stands for a character the font lacks: an outline the height
// of a capital, a pixel in from the cells' sides.
func (r *raster) tofu(mask *image.Alpha) {
	s := r.scale
	b := image.Rect(s, 4*s, mask.Rect.Dx()-s, (gridBaseline+1)*s)
	for _, side := range []image.Rectangle{
		{b.Min, image.Pt(b.Max.X, b.Min.Y+s)}, {image.Pt(b.Min.X, b.Max.Y-s), b.Max},
		{b.Min, image.Pt(b.Min.X+s, b.Max.Y)}, {image.Pt(b.Max.X-s, b.Min.Y), b.Max},
	} {
		draw.Draw(mask, side, image.Opaque, image.Point{}, draw.Src)
	}
}

// shapeMask is the coverage of a shape in one cell. Straight lines and filled parts fall on
// whole pixels, so lines are crisp and meet their neighbours' exactly; curves and dots are
// antialiased.
func (r *raster) shapeMask(s cellShape) *image.Alpha {
	mask := image.NewAlpha(image.Rect(0, 0, r.cw, r.ch))
	r.z.Reset(r.cw, r.ch)
	sc := float64(r.scale)
	for _, l := range s.lines {
		w := l.width * sc
		switch {
		case l.curved:
			// The curve's middle is where the straight lines it meets have theirs.
			at := func(v, edge float64) float64 {
				if v == 0 || v == edge {
					return v * sc
				}
				a, b := pixelBand(v*sc, w)
				return (a + b) / 2
			}
			p0 := fpoint{at(l.x0, gridCellW), at(l.y0, gridCellH)}
			q := fpoint{at(l.qx, gridCellW), at(l.qy, gridCellH)}
			p1 := fpoint{at(l.x1, gridCellW), at(l.y1, gridCellH)}
			var pts []fpoint
			const steps = 16
			for i := range steps + 1 {
				t := float64(i) / steps
				pts = append(pts, fpoint{
					(1-t)*(1-t)*p0.x + 2*(1-t)*t*q.x + t*t*p1.x,
					(1-t)*(1-t)*p0.y + 2*(1-t)*t*q.y + t*t*p1.y})
			}
			r.strokePath(pts, math.Max(1, math.Round(w)))
		case l.y0 == l.y1:
			a, b := pixelBand(l.y0*sc, w)
			r.rect(math.Round(l.x0*sc), a, math.Round(l.x1*sc), b)
		default:
			a, b := pixelBand(l.x0*sc, w)
			r.rect(a, math.Round(l.y0*sc), b, math.Round(l.y1*sc))
		}
	}
	r.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	for _, f := range s.rects { // a shade is a part covered by less than all of it
		rect := image.Rect(int(math.Round(f.x0*sc)), int(math.Round(f.y0*sc)), int(math.Round(f.x1*sc)), int(math.Round(f.y1*sc)))
		draw.Draw(mask, rect, image.NewUniform(color.Alpha{A: uint8(math.Round(f.alpha * 255))}), image.Point{}, draw.Src)
	}
	if len(s.dots) > 0 {
		r.z.Reset(r.cw, r.ch)
		for _, d := range s.dots {
			r.circle(d.x*sc, d.y*sc, d.r*sc)
		}
		r.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	}
	return mask
}

// pixelBand is the whole pixels a line of width w centred on c covers: at least one.
func pixelBand(c, w float64) (from, to float64) {
	from = math.Round(c - w/2)
	return from, from + math.Max(1, math.Round(w))
}

// drawSymbol draws sym onto mask.
func (r *raster) drawSymbol(mask *image.Alpha, sym symbol) {
	sc := float64(r.scale)
	scaled := func(pts []fpoint) []fpoint {
		out := make([]fpoint, len(pts))
		for i, p := range pts {
			out[i] = fpoint{p.x * sc, p.y * sc}
		}
		return out
	}
	r.z.Reset(mask.Rect.Dx(), mask.Rect.Dy())
	for _, f := range sym.fills {
		r.polygon(scaled(f))
	}
	for _, s := range sym.strokes {
		r.strokePath(scaled(s), sym.width*sc)
	}
	for _, d := range sym.dots {
		r.circle(d.x*sc, d.y*sc, d.r*sc)
	}
	r.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	for _, h := range sym.holes {
		hole := image.NewAlpha(mask.Rect)
		r.z.Reset(mask.Rect.Dx(), mask.Rect.Dy())
		for _, p := range h {
			r.polygon(scaled(p))
		}
		r.z.Draw(hole, hole.Rect, image.Opaque, image.Point{})
		for i, a := range hole.Pix {
			mask.Pix[i] = uint8(int(mask.Pix[i]) * (255 - int(a)) / 255)
		}
	}
}

// polygon adds a filled polygon to the rasterizer, turning it one way round: the
// rasterizer adds coverage of one way and takes away the other's, and every part of a
// shape must add.
func (r *raster) polygon(pts []fpoint) {
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.x*q.y - q.x*p.y
	}
	if area < 0 {
		rev := make([]fpoint, len(pts))
		for i, p := range pts {
			rev[len(pts)-1-i] = p
		}
		pts = rev
	}
	r.z.MoveTo(float32(pts[0].x), float32(pts[0].y))
	for _, p := range pts[1:] {
		r.z.LineTo(float32(p.x), float32(p.y))
	}
	r.z.ClosePath()
}

func (r *raster) rect(x0, y0, x1, y1 float64) {
	r.polygon([]fpoint{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}})
}

// strokePath adds a line of width w through pts: a band along each piece, and a disc at
// each joint so the pieces meet without notches.
func (r *raster) strokePath(pts []fpoint, w float64) {
	for i := 1; i < len(pts); i++ {
		p, q := pts[i-1], pts[i]
		dx, dy := q.x-p.x, q.y-p.y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*w/2, dx/l*w/2
		r.polygon([]fpoint{{p.x + nx, p.y + ny}, {q.x + nx, q.y + ny}, {q.x - nx, q.y - ny}, {p.x - nx, p.y - ny}})
		if i < len(pts)-1 {
			r.circle(q.x, q.y, w/2)
		}
	}
}

// circle adds a disc of radius rad centred on x, y.
func (r *raster) circle(x, y, rad float64) {
	const n = 24
	pts := make([]fpoint, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		pts[i] = fpoint{x + rad*math.Cos(a), y + rad*math.Sin(a)}
	}
	r.polygon(pts)
}
