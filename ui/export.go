// Export (x) and frames in files: the command that writes the screen and the report of the
// labs on it, the frame formats (ANSI, text, SVG, PNG) WriteFrame writes, and the files'
// names.

package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"poollab/lab"
)

// exportedMsg says an export finished: where its files are, or why they are not.
type exportedMsg struct {
	dir, base string
	err       error
}

// export (x) takes the screen as it is and the report of the labs on it, and returns the
// command that writes them; exported says where in the status line. One export at a time:
// two at once could both find the same name free.
func (m model) export() (model, tea.Cmd) {
	if m.exporting {
		m.say("wait: exporting…")
		return m, nil
	}
	var snaps []lab.Snapshot
	for _, sd := range m.shown() {
		if sd.snap == nil || m.width <= 0 {
			m.fail("nothing to export yet: wait for the first numbers")
			return m, nil
		}
		snap := *sd.snap
		if !sd.cfg.Equal(sd.base) {
			// The report names the preset; say the settings were changed from it (the JSON's
			// config has them as they are now).
			snap.Config.Name += " (changed)"
		}
		snaps = append(snaps, snap)
	}
	// The text file is drawn without colour, as snapshot --format txt is: it has none.
	dir, now, frame, dark := m.exportDir, m.now(), render(m.th, m.screen()), m.th.dark
	plain := render(newTheme(true, dark), m.screen())
	m.exporting = true
	return m, func() tea.Msg {
		absDir, base, err := writeExport(dir, now, frame, plain, dark, snaps)
		return exportedMsg{dir: absDir, base: base, err: err}
	}
}

// exported says where an export wrote its files, or why it could not, and quits if a quit
// was waiting for it.
func (m model) exported(msg exportedMsg) (model, tea.Cmd) {
	m.exporting = false
	if msg.err != nil {
		m.fail("export failed: " + msg.err.Error())
	} else {
		// The files as one glob and their count, not ".{ans,txt,...}": 80 columns cut that
		// mid-name (newcomer's export at 80x24); the help lists the formats.
		m.say(fmt.Sprintf("saved %s.* (%d files) in %s", msg.base, len(exportExts), msg.dir))
	}
	if m.quitting {
		return m, tea.Quit
	}
	return m, nil
}

// Frame formats: how poollab snapshot --format and x write a frame.
const (
	FormatANSI = "ans" // the lines with their ANSI styles, for a terminal (cat it)
	FormatText = "txt" // the lines without styles, trailing blanks trimmed, for pasting
	FormatSVG  = "svg" // a picture of the cell grid with its colours, for browsers and slides
	FormatPNG  = "png" // the same picture in pixels, for chat, trackers and slide editors
	FormatGIF  = "gif" // the run up to the frame, animated (snapshot only: WriteAnimation)
)

// FrameFormats are the formats of one frame, the default first: x writes each.
var FrameFormats = []string{FormatANSI, FormatText, FormatSVG, FormatPNG}

// WriteFrame writes frame, a screen as Frame draws it, in format; scale is a PNG's (see
// CheckScale).
func WriteFrame(w io.Writer, frame, format string, scale int) error {
	return writeFrame(w, frame, format, true, scale) // Frame draws in the dark theme
}

// writeFrame writes frame in format; dark says whether a dark theme or a light one drew
// it, which a picture's own colours must match.
func writeFrame(w io.Writer, frame, format string, dark bool, scale int) error {
	var out string
	switch format {
	case FormatANSI:
		out = frame + "\n"
	case FormatText:
		out = plainText(frame)
	case FormatSVG:
		out = svgFrame(frame, paperFor(dark))
	case FormatPNG:
		return writePNG(w, frame, paperFor(dark), scale)
	default:
		return fmt.Errorf("unknown frame format %q (%s)", format, strings.Join(FrameFormats, ", "))
	}
	_, err := io.WriteString(w, out)
	return err
}

// exportExts are the files x writes: the frame in each format, then the report.
var exportExts = append(slices.Clone(FrameFormats), "md", "json")

// writeExport writes frame, drawn in a dark theme or a light one, in every frame format
// (.ans, .svg, .png at the default scale; .txt from plain, the frame drawn without colour), and the report of snaps (a comparison for two) as .md and .json, into
// dir ("" is the current folder). It returns the folder, absolute, and the files' shared name.
func writeExport(dir string, now time.Time, frame, plain string, dark bool, snaps []lab.Snapshot) (absDir, base string, err error) {
	if dir == "" {
		dir = "."
	}
	if absDir, err = filepath.Abs(dir); err != nil {
		return "", "", err
	}
	var rep interface {
		Write(w io.Writer, format string) error
	}
	switch len(snaps) {
	case 1:
		rep = lab.NewReport(snaps[0])
	case 2:
		rep = lab.NewComparison(snaps[0], snaps[1])
	default:
		return "", "", fmt.Errorf("cannot export %d labs", len(snaps))
	}
	base = exportName(snaps, now)
	// x twice within a second must not overwrite the first files.
	for n := 2; anyExists(absDir, base, exportExts); n++ {
		base = fmt.Sprintf("%s-%d", exportName(snaps, now), n)
	}
	for _, ext := range exportExts {
		write := func(w io.Writer) error { return writeFrame(w, frame, ext, dark, DefaultScale) }
		switch ext {
		case FormatText:
			write = func(w io.Writer) error { return writeFrame(w, plain, ext, dark, DefaultScale) }
		case "md":
			write = func(w io.Writer) error { return rep.Write(w, lab.FormatMarkdown) }
		case "json":
			write = func(w io.Writer) error { return rep.Write(w, lab.FormatJSON) }
		}
		if err := writeFile(filepath.Join(absDir, base+"."+ext), write); err != nil {
			return "", "", err
		}
	}
	return absDir, base, nil
}

// exportName is poollab-<preset>-YYYYMMDD-HHMMSS, or poollab-<A>-vs-<B>-... for a pair.
func exportName(snaps []lab.Snapshot, now time.Time) string {
	var names []string
	for _, s := range snaps {
		names = append(names, fileSafe(s.Config.Name))
	}
	return "poollab-" + strings.Join(names, "-vs-") + "-" + now.Format("20060102-150405")
}

// maxNameInFile is how much of a preset's name a file name keeps: two names, the time, a
// number and the extension stay well within the 255 bytes a file name may have.
const maxNameInFile = 80

// fileSafe keeps letters, digits, '.', '_' and '-' of a preset's name, which a user's file
// may set to anything; the rest become '-', one at a time. A name longer than
// maxNameInFile is cut and ends in a short hash of the whole name, so two long names that
// start alike still differ; the reports inside keep the name whole.
func fileSafe(name string) string {
	s := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '-'
	}, name)
	for strings.Contains(s, "--") { // "shared-pool (changed)" → "shared-pool-changed"
		s = strings.ReplaceAll(s, "--", "-")
	}
	if s = strings.Trim(s, "-"); s == "" {
		return "lab"
	}
	if len(s) > maxNameInFile {
		sum := sha256.Sum256([]byte(name))
		s = s[:maxNameInFile-9] + "-" + hex.EncodeToString(sum[:4])
	}
	return s
}

func anyExists(dir, base string, exts []string) bool {
	for _, ext := range exts {
		if _, err := os.Lstat(filepath.Join(dir, base+"."+ext)); err == nil {
			return true
		}
	}
	return false
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	return errors.Join(write(f), f.Close())
}

// plainText is the frame without styles, trailing blanks trimmed, for pasting.
func plainText(frame string) string {
	lines := strings.Split(ansi.Strip(frame), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}
