package ui

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/presets"
)

// decodeGIF reads an animated GIF whole, or fails the test.
func decodeGIF(t testing.TB, b []byte) *gif.GIF {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("GIF89a")) || !bytes.HasSuffix(b, []byte{0x3b}) {
		t.Fatalf("not a complete GIF89a (%d bytes)", len(b))
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a GIF: %v", err)
	}
	return g
}

// composite is the picture a viewer shows after frames 0..n: each drawn over the last.
func composite(g *gif.GIF, n int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	for _, f := range g.Image[:n+1] {
		draw.Draw(out, f.Bounds(), f, f.Bounds().Min, draw.Over)
	}
	return out
}

// Frames are stored as their changes: the first whole, one with no change as a single
// transparent pixel, a changed one as the rectangle around what changed; every one left in
// place; the delays add up to the recording; and the picture shown after each is the frame
// drawn, in the palette's nearest colours.
func TestGIFFrames(t *testing.T) {
	const scale = 1
	later := testSnapshot()
	later.Elapsed += 700 * time.Millisecond
	frames := []string{Frame([]lab.Snapshot{*testSnapshot()}, 80, 24, false, false), "", Frame([]lab.Snapshot{*later}, 80, 24, false, false)}
	frames[1] = frames[0]
	ats := []time.Duration{0, 100 * time.Millisecond, 250 * time.Millisecond}
	var buf bytes.Buffer
	g := newGIFWriter(&buf, scale)
	for i, f := range frames {
		if err := g.frame(f, true, ats[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.close(400 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	out := decodeGIF(t, buf.Bytes())
	full := newRaster(scale).size(80, 24)
	if len(out.Image) != 3 || out.Config.Width != full.Dx() || out.Config.Height != full.Dy() {
		t.Fatalf("%d frames of %dx%d, want 3 of %v", len(out.Image), out.Config.Width, out.Config.Height, full)
	}
	if want := []int{10, 15, 15}; !equalInts(out.Delay, want) {
		t.Errorf("delays %v cs, want %v: they add up to the 400 ms recorded", out.Delay, want)
	}
	for i, d := range out.Disposal {
		if d != gif.DisposalNone {
			t.Errorf("frame %d: disposal %d, want the frame left in place", i, d)
		}
	}
	if out.Image[0].Bounds() != full {
		t.Errorf("the first frame is %v, want the whole picture", out.Image[0].Bounds())
	}
	if b := out.Image[1].Bounds(); b.Dx()*b.Dy() != 1 || out.Image[1].Pix[0] != gifTransparent {
		t.Errorf("a frame with no change is %v, want one transparent pixel", b)
	}
	// "run time 0.7s" more: the change is on the header line, not the whole screen.
	if b := out.Image[2].Bounds(); b.Empty() || b.Dy() > gridCellH*scale || b.Dx() >= full.Dx()/2 {
		t.Errorf("the changed frame is %v, want the few cells of the run time", b)
	}
	for i, want := range []string{frames[0], frames[0], frames[2]} {
		shown, drawn := composite(out, i), newRaster(scale).picture(frameCells(want), darkPaper)
		q := &gifWriter{index: map[color.RGBA]uint8{}}
		for y := range full.Dy() {
			for x := range full.Dx() {
				if got, w := shown.RGBAAt(x, y), gifPalette[q.nearest(drawn.RGBAAt(x, y))]; got != w {
					t.Fatalf("frame %d at %d,%d: %v shown, %v drawn", i, x, y, got, w)
				}
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The palette fits a GIF and holds both themes' colours exactly, each paper first among them.
func TestGIFPalette(t *testing.T) {
	if len(gifPalette) > 256 {
		t.Fatalf("%d colours: a GIF takes 256", len(gifPalette))
	}
	has := map[color.Color]bool{}
	for _, c := range gifPalette {
		has[c] = true
	}
	for _, p := range []struct {
		paper paperColors
		pal   palette
	}{{darkPaper, darkPalette}, {lightPaper, lightPalette}} {
		for _, hex := range []string{p.paper.fg, p.paper.bg} {
			if !has[parseHex(hex)] {
				t.Errorf("paper %s is not in the palette", hex)
			}
		}
		for _, ix := range p.pal.indices() {
			if c := parseHex(hexColor(ansi.IndexedColor(ix))); !has[c] {
				t.Errorf("colour %d (%v) is not in the palette", ix, c)
			}
		}
	}
}

// A GIF with no frame at all is still complete.
func TestGIFEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := newGIFWriter(&buf, 1).close(0); err != nil {
		t.Fatal(err)
	}
	decodeGIF(t, buf.Bytes())
}

// The encoder's cost of one changed 120x40 frame at the default scale: drawing the cells
// that changed, the palette and the compression, and the bytes it stores.
func BenchmarkGIFFrame(b *testing.B) {
	later := testSnapshot()
	later.Elapsed += time.Second
	later.Classes[lab.Payment].Arrived += 7
	frames := []string{Frame([]lab.Snapshot{*testSnapshot()}, 120, 40, false, false), Frame([]lab.Snapshot{*later}, 120, 40, false, false)}
	var buf bytes.Buffer
	g := newGIFWriter(&buf, DefaultScale)
	g.frame(frames[0], true, 0)
	start := buf.Len()
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		n++
		if err := g.frame(frames[n%2], true, time.Duration(n)*FrameEvery); err != nil {
			b.Fatal(err)
		}
	}
	g.close(time.Duration(n+1) * FrameEvery)
	b.ReportMetric(float64(buf.Len()-start)/float64(n), "gif-bytes/frame")
}

// A 60-second 120x40 recording of shared-pool at a recording's scale: the frames a headless
// run draws every FrameEvery (600 of them), encoded as the recorder does. It runs the lab
// for a minute, so it is a benchmark; the size bound is on bytes, not time.
func BenchmarkGIFSharedPool60s(b *testing.B) {
	cfg, err := presets.Load("shared-pool", nil)
	if err != nil {
		b.Fatal(err)
	}
	cfg.Duration = lab.Duration(time.Minute)
	for b.Loop() {
		var buf bytes.Buffer
		g := newGIFWriter(&buf, RecordScale)
		var last time.Duration
		frames := 0
		_, err := engine.Watch(context.Background(), []lab.Config{cfg}, engine.Options{}, FrameEvery, func(s []lab.Snapshot) {
			if err := g.frame(Frame(s, 120, 40, false, false), true, s[0].Elapsed); err != nil {
				b.Fatal(err)
			}
			last, frames = s[0].Elapsed, frames+1
		})
		if err != nil {
			b.Fatal(err)
		}
		if err := g.close(last + FrameEvery); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(buf.Len()), "gif-bytes")
		b.ReportMetric(float64(frames), "frames")
		if frames < 550 || buf.Len() >= 5_000_000 {
			b.Fatalf("%d frames in %d bytes: want 600 frames under 5 MB", frames, buf.Len())
		}
	}
}
