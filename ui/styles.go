package ui

import (
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/guptarohit/asciigraph"

	"poollab/lab"
)

// classPalette gives each class a 256-colour index by its position in lab.Classes:
// payment orange, signup green, health blue, then more for classes yet to come.
var classPalette = []uint8{208, 78, 75, 177, 220, 45, 203, 147}

func classColor(i int) uint8 { return classPalette[i%len(classPalette)] }

// theme is every style and per-class glyph, built once at start (never inside View).
type theme struct {
	noColor bool

	letter  []rune           // per class: its cell in the pool picture (upper case: working)
	waiting []rune           // per class: lower case, holding a worker while waiting (permit, connection, thread pool)
	cell    []lipgloss.Style // per class: a worker it holds
	cellW   []lipgloss.Style // per class: a worker it holds while waiting
	name    []lipgloss.Style // per class: its name in text
	series  []asciigraph.AnsiColor
	chars   []asciigraph.CharSet // per class, NO_COLOR only: lines drawn with the class letter

	idle, dim, bold, title, paused, alert, status, statusErr, key, narrator lipgloss.Style
	focus                                                                   lipgloss.Style // compare mode: the title of the side the keys change
	better, worse                                                           lipgloss.Style // compare mode: a difference in B's favour, or against it

	idleRune rune
}

func newTheme(noColor bool) *theme {
	t := &theme{noColor: noColor, idleRune: '·'}
	// With NO_COLOR the styles keep only attributes (bold, reverse): letters tell who is who.
	fg := func(st lipgloss.Style, c string) lipgloss.Style {
		if noColor {
			return st
		}
		return st.Foreground(lipgloss.Color(c))
	}
	bg := func(st lipgloss.Style, c string) lipgloss.Style {
		if noColor {
			return st
		}
		return st.Background(lipgloss.Color(c))
	}
	plain := lipgloss.NewStyle()
	letters := classLetters()
	for i := range lab.Classes {
		c := itoa(int(classColor(i)))
		t.letter = append(t.letter, letters[i])
		t.waiting = append(t.waiting, unicode.ToLower(letters[i]))
		t.cell = append(t.cell, fg(bg(plain.Bold(true), c), "16"))
		t.cellW = append(t.cellW, bg(fg(plain, c), "237"))
		t.name = append(t.name, fg(plain.Bold(true), c))
		t.series = append(t.series, asciigraph.AnsiColor(classColor(i)))
		t.chars = append(t.chars, asciigraph.CreateCharSet(string(letters[i])))
	}
	t.idle = fg(plain, "240")
	t.dim = fg(plain, "245")
	t.bold = plain.Bold(true)
	t.title = fg(plain.Bold(true), "231")
	t.paused = fg(plain.Bold(true).Reverse(true), "220")
	t.alert = fg(plain.Bold(true), "203")
	t.status = fg(plain, "117")
	t.statusErr = fg(plain.Bold(true), "203")
	t.key = fg(plain.Bold(true), "252")
	t.narrator = fg(plain, "229")
	t.focus = fg(plain.Bold(true).Reverse(true), "117")
	t.better = fg(plain.Bold(true), "78")
	t.worse = fg(plain.Bold(true), "203")
	return t
}

// classLetters picks one distinct upper-case letter per class, from its name if it can:
// payment P, signup S, health H.
func classLetters() []rune {
	used := map[rune]bool{}
	var out []rune
	for i, c := range lab.Classes {
		var pick rune
		for _, r := range strings.ToUpper(c.String()) {
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

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
