package ui

import (
	"bufio"
	"bytes"
	"compress/lzw"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// The animated GIF of frames as the lab drew them: raster.go's pictures, written as they
// come (a GIF89a stream, so the file is whole once the trailer is written, however long
// the recording), each frame stored as its change from the one before: the rectangle
// around the pixels that changed, the rest of it transparent, drawn over what is shown.
// The palette is fixed: both themes' colours and steps between each and its paper for the
// edges of the text, so the same frames always give the same bytes.

// gifPalette is the colour table of every GIF: index 0 is transparent (the pixels a frame
// leaves as they were), then each theme's colours, then for each the edge steps a third
// and two thirds of the way to its paper (of one, two and three steps, two gave the
// smallest 12-second recording, by an eighth; over 60 seconds the three differ by about 1%).
var gifPalette = func() color.Palette {
	pal := color.Palette{color.RGBA{}}
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	type theme struct {
		paper paperColors
		p     palette
	}
	themes := []theme{{darkPaper, darkPalette}, {lightPaper, lightPalette}}
	colours := make([][]color.RGBA, len(themes))
	for i, th := range themes {
		cs := []color.RGBA{parseHex(th.paper.fg), parseHex(th.paper.bg)}
		for _, ix := range th.p.indices() {
			cs = append(cs, parseHex(hexColor(ansi.IndexedColor(ix))))
		}
		colours[i] = cs
		for _, c := range cs {
			add(c)
		}
	}
	for i, th := range themes {
		bg := parseHex(th.paper.bg)
		for _, c := range colours[i] {
			for _, a := range []float64{1.0 / 3, 2.0 / 3} {
				add(blend(c, bg, a))
			}
		}
	}
	return pal
}()

// indices are every 256-colour index the palette uses.
func (p palette) indices() []uint8 {
	return append(append([]uint8(nil), p.classes...), p.cellText, p.waitBg, p.idle, p.dim, p.title, p.paused, p.alert,
		p.status, p.key, p.narrator, p.focus, p.better, p.worse, p.axis, p.axisLabel, p.marker)
}

// gifTransparent is the index of a pixel a frame leaves as it was.
const gifTransparent = 0

// gifWriter writes an animated GIF frame by frame. The picture keeps the first frame's
// size: a later frame of another size is cut or padded to it. Not safe for concurrent use.
type gifWriter struct {
	w     *bufio.Writer
	r     *raster
	err   error
	index map[color.RGBA]uint8 // the palette's nearest colours, as found

	cols, rows int
	cells      [][]gridCell // the frame shown
	paper      paperColors
	rgba       *image.RGBA     // the frame shown, in full colour
	shown      *image.Paletted // the frame shown, as the palette has it
	next       *image.Paletted // the frame being added, where it was drawn

	pending    bytes.Buffer // the last frame, waiting to learn how long it shows
	pendingAt  time.Duration
	hasPending bool
	frames     int
}

// newGIFWriter starts a GIF on w at scale (see CheckScale).
func newGIFWriter(w io.Writer, scale int) *gifWriter {
	return &gifWriter{w: bufio.NewWriterSize(w, 64<<10), r: newRaster(scale), index: map[color.RGBA]uint8{}}
}

// frame adds frame (render's lines), drawn in a dark theme or a light one, shown from at
// (since the recording's start; after the frame before it). An empty frame is none.
func (g *gifWriter) frame(frame string, dark bool, at time.Duration) error {
	if g.err != nil || frame == "" {
		return g.err
	}
	cells := frameCells(frame)
	paper := paperFor(dark)
	if g.cells == nil {
		g.begin(gridSize(cells), len(cells))
	}
	cells = fitGrid(cells, g.cols, g.rows)
	dirty := image.Rectangle{}
	if paper != g.paper || g.frames == 0 {
		g.paper = paper
		draw.Draw(g.rgba, g.rgba.Rect, image.NewUniform(g.r.colour(paper.bg)), image.Point{}, draw.Src)
		g.cells = nil
		dirty = g.rgba.Rect
	}
	for y, row := range cells {
		for x, c := range row {
			if g.cells != nil && g.cells[y][x] == c {
				continue
			}
			owner := x
			for owner > 0 && row[owner].covered {
				owner--
			}
			g.r.cell(g.rgba, row, owner, y, paper)
			dirty = dirty.Union(g.r.cellRect(owner, y, x-owner+1))
		}
	}
	g.cells = cells
	g.put(dirty, at)
	return g.err
}

// begin writes the GIF's header for a grid of cols×rows cells.
func (g *gifWriter) begin(cols, rows int) {
	g.cols, g.rows = cols, rows
	size := g.r.size(cols, rows)
	g.rgba = image.NewRGBA(size)
	g.shown = image.NewPaletted(size, gifPalette) // all transparent: every pixel of the first frame differs
	g.next = image.NewPaletted(size, gifPalette)
	g.write([]byte("GIF89a"))
	g.write(binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(nil, uint16(size.Dx())), uint16(size.Dy())))
	g.write([]byte{0xf7, gifTransparent, 0}) // a global table of 256 colours
	table := make([]byte, 3*256)
	for i, c := range gifPalette {
		r, gr, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(gr>>8), byte(b>>8)
	}
	g.write(table)
	g.write([]byte("\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")) // loop for ever
}

// fitGrid is cells cut or padded to cols×rows; a cell added is a blank.
func fitGrid(cells [][]gridCell, cols, rows int) [][]gridCell {
	out := make([][]gridCell, rows)
	for y := range out {
		out[y] = make([]gridCell, cols)
		if y < len(cells) {
			copy(out[y], cells[y])
		}
	}
	return out
}

// put stores the pixels of dirty that changed as a frame shown from at: the rectangle
// around them, the rest of it transparent; a frame where nothing changed is one
// transparent pixel.
func (g *gifWriter) put(dirty image.Rectangle, at time.Duration) {
	changed := image.Rectangle{}
	for y := dirty.Min.Y; y < dirty.Max.Y; y++ {
		for x := dirty.Min.X; x < dirty.Max.X; x++ {
			i := g.rgba.PixOffset(x, y)
			k := g.nearest(color.RGBA{g.rgba.Pix[i], g.rgba.Pix[i+1], g.rgba.Pix[i+2], 0xff})
			j := g.next.PixOffset(x, y)
			g.next.Pix[j] = k
			if g.shown.Pix[j] != k {
				changed = changed.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	frame := image.NewPaletted(image.Rect(0, 0, 1, 1), gifPalette) // index 0: transparent
	if !changed.Empty() {
		frame = image.NewPaletted(changed, gifPalette)
		for y := changed.Min.Y; y < changed.Max.Y; y++ {
			for x := changed.Min.X; x < changed.Max.X; x++ {
				j := g.shown.PixOffset(x, y)
				if k := g.next.Pix[j]; k != g.shown.Pix[j] {
					frame.Pix[frame.PixOffset(x, y)] = k
					g.shown.Pix[j] = k
				}
			}
		}
	}
	g.flushPending(at)
	g.encode(frame)
	g.pendingAt, g.hasPending = at, true
	g.frames++
}

// nearest is the palette's index of the colour closest to c, never the transparent one.
func (g *gifWriter) nearest(c color.RGBA) uint8 {
	if k, ok := g.index[c]; ok {
		return k
	}
	best, bestD := 1, math.MaxInt
	for i, p := range gifPalette[1:] {
		q := p.(color.RGBA)
		dr, dg, db := int(c.R)-int(q.R), int(c.G)-int(q.G), int(c.B)-int(q.B)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i+1, d
		}
	}
	g.index[c] = uint8(best)
	return uint8(best)
}

// encode stores frame's image descriptor and pixels, compressed, as the pending frame.
func (g *gifWriter) encode(frame *image.Paletted) {
	b := frame.Rect
	g.pending.Reset()
	g.pending.WriteByte(0x2c)
	for _, v := range []int{b.Min.X, b.Min.Y, b.Dx(), b.Dy()} {
		g.pending.Write(binary.LittleEndian.AppendUint16(nil, uint16(v)))
	}
	g.pending.Write([]byte{0, 8}) // no table of its own; 8-bit codes
	blocks := &gifBlocks{out: &g.pending}
	lw := lzw.NewWriter(blocks, lzw.LSB, 8)
	if _, err := lw.Write(frame.Pix); err != nil {
		g.err = err
	}
	if err := lw.Close(); err != nil && g.err == nil {
		g.err = err
	}
	blocks.flush()
	g.pending.WriteByte(0)
}

// flushPending writes the pending frame, shown until at.
func (g *gifWriter) flushPending(at time.Duration) {
	if !g.hasPending {
		return
	}
	delay := max(0, centiseconds(at)-centiseconds(g.pendingAt))
	// Leave the frame in place (disposal 1); index 0 is transparent.
	gce := []byte{0x21, 0xf9, 4, 1<<2 | 1, byte(delay), byte(delay >> 8), gifTransparent, 0}
	g.write(gce)
	g.write(g.pending.Bytes())
	g.hasPending = false
}

// centiseconds is d in a GIF's unit, rounded. Each frame's delay is the difference of its
// start and the next one's, so the delays add up to the recording's length.
func centiseconds(d time.Duration) int {
	return int((d + 5*time.Millisecond) / (10 * time.Millisecond))
}

// close writes the last frame, shown until end, and the trailer: the GIF is then complete.
// With no frame at all it is one blank cell of the smallest screen.
func (g *gifWriter) close(end time.Duration) error {
	if g.cells == nil && g.err == nil {
		g.frame(" ", true, 0)
	}
	g.flushPending(end)
	g.write([]byte{0x3b})
	return g.flush()
}

// flush writes what is buffered, so a failing disk is known now.
func (g *gifWriter) flush() error {
	if err := g.w.Flush(); g.err == nil {
		g.err = err
	}
	return g.err
}

func (g *gifWriter) write(p []byte) {
	if g.err == nil {
		_, g.err = g.w.Write(p)
	}
}

// gifBlocks cuts the compressed pixels into a GIF's sub-blocks of up to 255 bytes.
type gifBlocks struct {
	out *bytes.Buffer
	buf [255]byte
	n   int
}

func (b *gifBlocks) Write(p []byte) (int, error) {
	for _, c := range p {
		b.buf[b.n] = c
		if b.n++; b.n == len(b.buf) {
			b.flush()
		}
	}
	return len(p), nil
}

func (b *gifBlocks) flush() {
	if b.n > 0 {
		b.out.WriteByte(byte(b.n))
		b.out.Write(b.buf[:b.n])
		b.n = 0
	}
}
