// Tests of the frame as pixels (PNG): every character the screens use is drawn, shapes and
// tofu.

package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// screenRunes are every character the lab's screens draw: the screens the golden tests
// render (and their files), the help, the picker, the tour's every phase, the fleet, hops
// and postmortem views, a busy machine's warning, a paused screen and an error, at a few
// sizes, in colour and without.
func screenRunes(t *testing.T) map[rune]string {
	t.Helper()
	seen := map[rune]string{}
	add := func(where, frame string) {
		for _, r := range ansi.Strip(frame) {
			if _, ok := seen[r]; !ok && r != '\n' {
				seen[r] = where
			}
		}
	}
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "fuzz" {
			return filepath.SkipDir // the fuzzers' inputs, not screens
		}
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		add(path, string(b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	late := testSnapshot()
	late.Generator.Lag.P99, late.Generator.Lag.Count = 10*lab.LateLag, 1000
	hops := stackedSnapshot()
	pm := postmortemSnapshot(postmortemConfig())
	a, b := compareSnapshots()
	single := map[string]*lab.Snapshot{"main": testSnapshot(), "bulkhead": bulkheadSnapshot(), "big pool": bigPoolSnapshot(),
		"fleet": fleetSnapshot(4, 2), "drained": drainFirst(fleetSnapshot(4, 2)), "hops": &hops, "postmortem": pm,
		"late": late, "none yet": nil}
	presets := []Preset{{"shared-pool", "One shared pool."}, {"semaphore-bulkhead", "A semaphore bulkhead."}}
	chapters := loadChapters(loadEmbedded)
	for _, noColor := range []bool{false, true} {
		th := newTheme(noColor, true)
		for _, size := range goldenSizes {
			w, h := size[0], size[1]
			var screens []screen
			for _, snap := range single {
				s := screen{panes: []pane{{snap: snap, cfg: testConfig()}}, width: w, height: h, presets: presets}
				if snap != nil {
					s.panes[0].cfg = snap.Config
				}
				screens = append(screens, s)
				s.paused, s.status, s.statusErr = true, "not applied: the lab is stopped", true
				screens = append(screens, s)
				s.modes = modes{modeLab, modePicker}
				screens = append(screens, s)
			}
			screens = append(screens, compareScreen(w, h), screen{width: w, height: h, recorded: true,
				panes: []pane{{snap: a, cfg: a.Config}, {snap: b, cfg: b.Config}}})
			helped := map[string]bool{} // the help of each keymap once: it depends on nothing else
			for _, s := range screens {
				add(fmt.Sprintf("%dx%d", w, h), render(th, s))
				s.modes = s.stack().push(modeHelp)
				if km := s.keyMap(); !helped[fmt.Sprint(km)] {
					helped[fmt.Sprint(km)] = true
					for _, line := range helpLines(th, km, w) {
						add("help", line)
					}
				}
			}
			n := 0 // the tour's screens: under the race detector every sweepStride-th (sweep_race_test.go)
			for _, lc := range chapters {
				var snaps []*lab.Snapshot
				for _, c := range lc.cfgs {
					s := *testSnapshot()
					s.Config = c
					snaps = append(snaps, &s)
				}
				for _, phase := range []tourPhase{tourPredict, tourWatch, tourAnswer} {
					for guess := range len(lc.ch.choices) + 1 {
						for _, looking := range []bool{false, true} {
							if n++; n%sweepStride != 0 {
								continue
							}
							s := answerScreen(lc, snaps, guess, w, h)
							s.tour.phase = phase
							if looking {
								s.modes = s.modes.push(modeLook)
							}
							add("tour "+lc.ch.title, render(th, s))
						}
					}
				}
			}
		}
	}
	return seen
}

// Every character the lab's screens use is drawn: as a shape, or by the font. Tofu is for
// what a user's own preset may bring, not for the lab's own words.
func TestPictureCoversTheScreens(t *testing.T) {
	seen := screenRunes(t)
	for _, must := range "▶▸✓✗⚠‖─│━═┊⌈⌉" { // the ones Go Mono lacks and the lines: the check must have seen them
		if _, ok := seen[must]; !ok {
			t.Errorf("%q is on the screens but was not collected", must)
		}
	}
	var missing []string
	for r, where := range seen {
		if r != ' ' && !drawnAsShape(r) && !inFont(r) {
			missing = append(missing, fmt.Sprintf("%q (U+%04X, in %s)", r, r, where))
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%d characters the screens use would be drawn as tofu:\n%s", len(missing), strings.Join(missing, "\n"))
	}
	t.Logf("%d characters checked", len(seen))
}

// decodePNG writes frame as a PNG and reads it back.
func decodePNG(t testing.TB, frame string, paper paperColors, scale int) *image.RGBA {
	t.Helper()
	return decodeRGBA(t, pngOf(t, frame, paper, scale))
}

// pngOf is frame written as a PNG.
func pngOf(t testing.TB, frame string, paper paperColors, scale int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := writePNG(&buf, frame, paper, scale); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// decodeRGBA reads a PNG's pixels.
func decodeRGBA(t testing.TB, b []byte) *image.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	out := image.NewRGBA(img.Bounds())
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// cellPixels counts the pixels of cell col, row in img (a picture at scale) of colour c.
func cellPixels(img *image.RGBA, col, row, scale int, c color.RGBA) (n int) {
	r := image.Rect(gridPad+col*gridCellW, gridPad+row*gridCellH, gridPad+(col+1)*gridCellW, gridPad+(row+1)*gridCellH)
	r = image.Rectangle{r.Min.Mul(scale), r.Max.Mul(scale)}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

// A PNG frame is the screen's grid in pixels: its size is the cells' times the scale, the
// theme's colours are in it where the frame puts them, and the same frame gives the same
// bytes.
func TestPNGFrame(t *testing.T) {
	a, b := compareSnapshots()
	frame := Frame([]lab.Snapshot{*a, *b}, 120, 40, false, false)
	// The size alone at scales 1 and 3: the header says it, no need to decode the pixels.
	scales := []int{1, 3}
	if sweepStride > 1 { // 3 has nine times 1's pixels (sweep_race_test.go says why not here)
		scales = scales[:1]
	}
	for _, scale := range scales {
		cfg, err := png.DecodeConfig(bytes.NewReader(pngOf(t, frame, darkPaper, scale)))
		if w, h := (120*gridCellW+2*gridPad)*scale, (40*gridCellH+2*gridPad)*scale; err != nil || cfg.Width != w || cfg.Height != h {
			t.Errorf("scale %d: %dx%d (%v), want %dx%d", scale, cfg.Width, cfg.Height, err, w, h)
		}
	}
	one := pngOf(t, frame, darkPaper, DefaultScale) // decoded here, and written again below to compare
	{
		scale := DefaultScale
		img := decodeRGBA(t, one)
		if want := image.Rect(0, 0, (120*gridCellW+2*gridPad)*scale, (40*gridCellH+2*gridPad)*scale); img.Bounds() != want {
			t.Errorf("scale %d: %v, want %v", scale, img.Bounds(), want)
		}
		if w := img.Bounds().Dx(); w < 1800 {
			t.Errorf("%d pixels wide at the default scale: too few for a slide", w)
		}
		// Every colour the frame's cells set is in the picture.
		want := map[color.RGBA]bool{parseHex(darkPaper.bg): true}
		for _, row := range frameCells(frame) {
			for _, c := range row {
				fg, bg := c.style.colors(darkPaper)
				if bg != "" {
					want[parseHex(bg)] = true
				}
				if c.text != "" && !c.style.faint {
					want[parseHex(fg)] = true
				}
			}
		}
		got := map[color.RGBA]bool{}
		for i := 0; i < len(img.Pix); i += 4 {
			got[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 0xff}] = true
		}
		for c := range want {
			if !got[c] {
				t.Errorf("colour %v is in the frame but not in the picture", c)
			}
		}
		if len(want) < 5 {
			t.Errorf("only %d colours", len(want))
		}
		// The pool picture's first cell: payment's orange under a black P.
		col, row := poolPictureCell(t, frame)
		orange := parseHex(hexColor(ansi.IndexedColor(darkPalette.class(int(lab.Payment)))))
		cell := gridCellW * gridCellH * scale * scale
		if o, k := cellPixels(img, col, row, scale, orange), cellPixels(img, col, row, scale, color.RGBA{A: 0xff}); o < cell/2 || k < cell/20 {
			t.Errorf("the pool's first cell: %d orange and %d black pixels of %d", o, k, cell)
		}
	}
	if two := pngOf(t, frame, darkPaper, DefaultScale); !bytes.Equal(one, two) {
		t.Errorf("the same frame gave two different PNGs")
	}
}

// A character the font lacks is a box, in its cells (two for a wide one), never nothing;
// a character it has is not; the symbols drawn as shapes are not boxes either.
func TestPNGTofu(t *testing.T) {
	const scale = 2
	frame := "\x1b[38;2;255;0;0mA界\u2603▶ \x1b[m"
	img := decodePNG(t, frame, darkPaper, scale)
	red := color.RGBA{0xff, 0, 0, 0xff}
	tofuLike := func(col, cells int) bool {
		// The box's top and left sides are whole runs of the text colour.
		left, top := (gridPad+col*gridCellW+1)*scale, (gridPad+4)*scale
		for x := left; x < (gridPad+(col+cells)*gridCellW-1)*scale; x++ {
			if img.RGBAAt(x, top) != red {
				return false
			}
		}
		for y := top; y < (gridPad+gridBaseline+1)*scale; y++ {
			if img.RGBAAt(left, y) != red {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		col, cells int
		tofu       bool
	}{{0, 1, false}, {1, 2, true}, {3, 1, true}, {4, 1, false}} {
		if tofuLike(c.col, c.cells) != c.tofu {
			t.Errorf("cell %d: tofu %v, want %v", c.col, !c.tofu, c.tofu)
		}
		if n := cellPixels(img, c.col, 0, scale, red); n == 0 {
			t.Errorf("cell %d: nothing drawn", c.col)
		}
	}
	if inFont('界') || inFont('\u2603') || !inFont('A') {
		t.Errorf("the test's characters are no longer what it assumes of Go Mono")
	}
}

// Lines meet their neighbours: a row of ─ is one unbroken run of pixels, a column of │
// too, and a corner joins both; a braille cell has its dots, a block its part.
func TestPNGShapes(t *testing.T) {
	const scale = 2
	frame := "┌──┐⣿█\n│  │⠁▄\n└──┘"
	img := decodePNG(t, frame, darkPaper, scale)
	fg := parseHex(darkPaper.fg)
	y := (gridPad + gridCellH/2) * scale // the top line's middle row of pixels, about
	lit := func(x, y int) bool {
		return img.RGBAAt(x, y) == fg || img.RGBAAt(x, y+1) == fg || img.RGBAAt(x, y-1) == fg
	}
	for x := (gridPad + gridCellW/2 + 1) * scale; x < (gridPad+3*gridCellW+gridCellW/2)*scale; x++ {
		if !lit(x, y) {
			t.Fatalf("the top line is broken at x=%d", x)
		}
	}
	x := (gridPad + gridCellW/2) * scale
	for y := (gridPad + gridCellH/2 + 1) * scale; y < (gridPad+2*gridCellH+gridCellH/2)*scale; y++ {
		if img.RGBAAt(x, y) != fg && img.RGBAAt(x+1, y) != fg && img.RGBAAt(x-1, y) != fg {
			t.Fatalf("the left line is broken at y=%d", y)
		}
	}
	cell := gridCellW * gridCellH * scale * scale
	if full, one := cellPixels(img, 4, 0, scale, fg), cellPixels(img, 4, 1, scale, fg); full < 8*one || one == 0 {
		t.Errorf("⣿ has %d lit pixels and ⠁ %d: want eight dots against one", full, one)
	}
	if n := cellPixels(img, 5, 0, scale, fg); n != cell {
		t.Errorf("█ fills %d of %d pixels", n, cell)
	}
	if n := cellPixels(img, 5, 1, scale, fg); n != cell/2 {
		t.Errorf("▄ fills %d of %d pixels", n, cell)
	}
}

// The PNG of a 120x40 frame: drawing and encoding, at the default scale.
func BenchmarkPNGFrame(b *testing.B) {
	a, bb := compareSnapshots()
	frame := Frame([]lab.Snapshot{*a, *bb}, 120, 40, false, false)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		var buf bytes.Buffer
		if err := writePNG(&buf, frame, darkPaper, DefaultScale); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
	}
	b.ReportMetric(float64(size), "png-bytes")
}

// TestPictureDrawsThePostmortemsFloor: the postmortem's live queue says "⌊8535 ÷ 64⌋ rounds",
// a line the sweep's made-up snapshots never reach, and Go Mono has no ⌊ ⌋ (they were tofu).
func TestPictureDrawsThePostmortemsFloor(t *testing.T) {
	for _, r := range "⌊⌋" {
		if !inFont(r) && !drawnAsShape(r) {
			t.Errorf("%q would be drawn as tofu", r)
		}
	}
}
