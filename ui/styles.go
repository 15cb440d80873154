// The screen's styles: the palettes of a dark and a light background, each class's colour,
// letter and chart strokes, the wait glyphs' look (lab gives each its glyph), and the theme
// built from them once.

package ui

import (
	"image/color"
	"strconv"
	"strings"
	"sync"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
	"github.com/guptarohit/asciigraph"

	"poollab/lab"
)

// A palette is the 256-colour indices of one background: the classes by their position in
// lab.Classes (payment orange, signup green, health blue, then more for classes yet to
// come), and the colours of the text around them.
type palette struct {
	classes                                                      []uint8
	cellText, waitBg, idle, dim, title, paused, alert, status    uint8
	key, narrator, focus, better, worse, axis, axisLabel, marker uint8
}

var (
	darkPalette = palette{classes: []uint8{208, 78, 75, 177, 220, 45, 203, 147},
		cellText: 16, waitBg: 237, idle: 240, dim: 245, title: 231, paused: 220, alert: 203, status: 117,
		key: 252, narrator: 229, focus: 117, better: 78, worse: 203, axis: 240, axisLabel: 245, marker: 250}
	// On a light background: the same hues, darker, and dark text.
	lightPalette = palette{classes: []uint8{166, 28, 25, 127, 136, 31, 160, 61},
		cellText: 231, waitBg: 254, idle: 249, dim: 242, title: 16, paused: 136, alert: 160, status: 25,
		key: 235, narrator: 94, focus: 25, better: 28, worse: 160, axis: 249, axisLabel: 242, marker: 238}
)

func (p palette) class(i int) uint8 { return p.classes[i%len(p.classes)] }

// lineSets draw each class's chart line in its own strokes, so the lines stay apart in plain
// text too: payment heavy, signup double, health dashed (a light solid line running on
// from a double one's corner read as the same line), then light and dotted.
var lineSets = []asciigraph.CharSet{
	{Horizontal: "━", VerticalLine: "┃", ArcDownRight: "┏", ArcDownLeft: "┓", ArcUpRight: "┗", ArcUpLeft: "┛", EndCap: "╸", StartCap: "╺"},
	{Horizontal: "═", VerticalLine: "║", ArcDownRight: "╔", ArcDownLeft: "╗", ArcUpRight: "╚", ArcUpLeft: "╝", EndCap: "═", StartCap: "═"},
	{Horizontal: "╌", VerticalLine: "╎", ArcDownRight: "┌", ArcDownLeft: "┐", ArcUpRight: "└", ArcUpLeft: "┘", EndCap: "╌", StartCap: "╌"},
	{Horizontal: "─", VerticalLine: "│", ArcDownRight: "╭", ArcDownLeft: "╮", ArcUpRight: "╰", ArcUpLeft: "╯", EndCap: "╴", StartCap: "╶"},
	{Horizontal: "┄", VerticalLine: "┆", ArcDownRight: "┌", ArcDownLeft: "┐", ArcUpRight: "└", ArcUpLeft: "┘", EndCap: "┄", StartCap: "┄"},
}

// waitPhases are the phases in which a busy worker waits rather than works, in display order.
func waitPhases() []lab.Phase {
	var out []lab.Phase
	for _, ph := range lab.Phases {
		if ph.Waits() {
			out = append(out, ph)
		}
	}
	return out
}

// theme is every style and per-class glyph, built once at start (never inside View): one
// for a dark background, one for a light one, and one without colour (NO_COLOR).
type theme struct {
	noColor, dark bool

	letter []rune           // per class: its cell in the pool picture (a worker it holds, working or in its call)
	cell   []lipgloss.Style // per class: a worker it holds
	cellW  []lipgloss.Style // per class: a worker it holds while waiting (the glyph says for what)
	name   []lipgloss.Style // per class: its name in text
	series []asciigraph.AnsiColor
	chars  []asciigraph.CharSet // per class: the strokes of its chart line (NO_COLOR: its letter)
	mark   []string             // per class: its mark in a chart's legend, drawn with its strokes

	idle, dim, bold, title, paused, alert, status, statusErr, key, narrator lipgloss.Style
	focus                                                                   lipgloss.Style // compare mode: the title of the side the keys change
	better, worse                                                           lipgloss.Style // compare mode: a difference in B's favour, or against it
	marker                                                                  lipgloss.Style // a settings change on a chart
	axis, axisLabel                                                         asciigraph.AnsiColor

	footer help.Model // draws the keys at the bottom

	// byLabels holds a theme for each labelling of the classes a pane may give them
	// (labelled), each made once.
	byLabels *sync.Map

	idleRune rune

	highlight lipgloss.Style // the tour's answer on the screen: reverse video, in NO_COLOR too
}

// themes are the dark and the light theme (the same one twice with NO_COLOR): the screen
// starts dark and switches when the terminal reports its background.
func themes(noColor bool) (dark, light *theme) {
	if noColor {
		t := newTheme(true, true)
		return t, t
	}
	return newTheme(false, true), newTheme(false, false)
}

func newTheme(noColor, dark bool) *theme {
	p := darkPalette
	if !dark {
		p = lightPalette
	}
	t := &theme{noColor: noColor, dark: dark, idleRune: '·'}
	// With NO_COLOR the styles keep only attributes (bold, reverse): letters tell who is who.
	c := func(i uint8) color.Color { return lipgloss.Color(strconv.Itoa(int(i))) }
	fg := func(st lipgloss.Style, i uint8) lipgloss.Style {
		if noColor {
			return st
		}
		return st.Foreground(c(i))
	}
	bg := func(st lipgloss.Style, i uint8) lipgloss.Style {
		if noColor {
			return st
		}
		return st.Background(c(i))
	}
	plain := lipgloss.NewStyle()
	names := make([]string, len(lab.Classes))
	for i, c := range lab.Classes {
		names[i] = c.String()
		t.cell = append(t.cell, fg(bg(plain.Bold(true), p.class(i)), p.cellText))
		t.cellW = append(t.cellW, bg(fg(plain, p.class(i)), p.waitBg))
		t.name = append(t.name, fg(plain.Bold(true), p.class(i)))
		t.series = append(t.series, asciigraph.AnsiColor(p.class(i)))
	}
	t.setLetters(names)
	t.idle = fg(plain, p.idle)
	t.dim = fg(plain, p.dim)
	t.bold = plain.Bold(true)
	t.title = fg(plain.Bold(true), p.title)
	t.paused = fg(plain.Bold(true).Reverse(true), p.paused)
	t.alert = fg(plain.Bold(true), p.alert)
	t.status = fg(plain, p.status)
	t.statusErr = fg(plain.Bold(true), p.alert)
	t.key = fg(plain.Bold(true), p.key)
	t.narrator = fg(plain, p.narrator)
	t.focus = fg(plain.Bold(true).Reverse(true), p.focus)
	t.better = fg(plain.Bold(true), p.better)
	t.worse = fg(plain.Bold(true), p.worse)
	t.marker = fg(plain, p.marker)
	t.axis, t.axisLabel = asciigraph.AnsiColor(p.axis), asciigraph.AnsiColor(p.axisLabel)

	t.highlight = fg(plain.Bold(true).Reverse(true), p.paused)
	t.footer = help.New()
	t.footer.ShortSeparator = "  "
	t.footer.Styles = help.Styles{ShortKey: t.key, ShortDesc: t.dim, ShortSeparator: plain, Ellipsis: t.dim,
		FullKey: t.key, FullDesc: t.dim, FullSeparator: plain}
	t.byLabels = &sync.Map{}
	return t
}

// setLetters gives the classes their letters, picked from names, and with them the strokes
// of their chart lines and legend marks, which are the letters with NO_COLOR.
func (t *theme) setLetters(names []string) {
	t.letter, t.chars, t.mark = nil, nil, nil
	for i, r := range classLetters(names) {
		t.letter = append(t.letter, r)
		set := lineSets[i%len(lineSets)]
		if t.noColor {
			set = asciigraph.CreateCharSet(string(r))
		}
		t.chars = append(t.chars, set)
		t.mark = append(t.mark, t.name[i].Render(strings.Repeat(set.Horizontal, 2)))
	}
}

// labelled is t with the letters of the classes as traffic labels them: postmortem's
// payments are "orders", O, where "P orders 64" made P orders on one screen and payment on
// every other (newcomer 25). t itself where no class has a label.
func (t *theme) labelled(traffic lab.TrafficConfig) *theme {
	names := make([]string, len(lab.Classes))
	same := true
	for i, c := range lab.Classes {
		names[i] = traffic.Label(c)
		same = same && names[i] == c.String()
	}
	if same {
		return t
	}
	key := strings.Join(names, "\x00")
	if got, ok := t.byLabels.Load(key); ok {
		return got.(*theme)
	}
	u := *t
	u.setLetters(names)
	got, _ := t.byLabels.LoadOrStore(key, &u)
	return got.(*theme)
}

// classLetters picks one distinct upper-case letter per class, from its name if it can:
// payment P, signup S, health H.
func classLetters(names []string) []rune {
	used := map[rune]bool{}
	var out []rune
	for i, name := range names {
		var pick rune
		for _, r := range strings.ToUpper(name) {
			if r >= 'A' && r <= 'Z' && !used[r] {
				pick = r
				break
			}
		}
		if pick == 0 {
			for r := 'A'; r <= 'Z'; r++ {
				if !used[r] {
					pick = r
					break
				}
			}
		}
		if pick == 0 {
			pick = rune('0' + i%10)
		}
		used[pick] = true
		out = append(out, pick)
	}
	return out
}
