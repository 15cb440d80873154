package ui

import (
	"image/png"
	"io"
)

// The PNG picture of a frame: raster.go's drawing of its cell grid, for the places that
// take no SVG (chat, issue trackers, most slide and blog editors). The same frame and
// scale always give the same bytes.

// writePNG writes frame as a PNG on paper, scale pixels to each of the SVG's.
func writePNG(w io.Writer, frame string, paper paperColors, scale int) error {
	img := newRaster(scale).picture(frameCells(frame), paper)
	return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
}
