// Benchmarks of compare mode's frame, which the live lab draws 10 times a second.

package ui

import "testing"

// Compare mode at 120x40 (side by side) and 80x24 (stacked, the halves at their barest).
func BenchmarkViewCompare(b *testing.B) {
	th := newTheme(false, true)
	for _, sz := range []struct {
		name string
		w, h int
	}{{"120x40", 120, 40}, {"80x24", 80, 24}} {
		b.Run(sz.name, func(b *testing.B) {
			s := compareScreen(sz.w, sz.h)
			b.ReportAllocs()
			for b.Loop() {
				render(th, s)
			}
		})
	}
}
