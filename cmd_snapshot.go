// poollab snapshot: run headless to --at and print the frame the live lab would show then
// (ANSI, text, SVG, PNG), or a GIF of the run; at several sizes, all of one run, to files.

package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/ui"
)

// runSnapshot runs headless to --at and prints the frame the live lab would show then, at
// --size, so docs can regenerate the same picture without a terminal. With --out it writes
// the frame at each size to its own file, all drawn from one run: two runs of one seed differ
// by timing (newcomer 35 #1), so captures meant as one moment must share a run.
func runSnapshot(args []string, stdout io.Writer) error {
	c, err := parseSnapshot(args)
	if err != nil {
		return err
	}
	if c.out == "" {
		_, err := c.draw([]io.Writer{stdout})
		return err
	}
	files, err := createOutputs(c.paths())
	if err != nil {
		return err
	}
	written, err := c.draw(files.writers())
	return files.finish(written, err)
}

// snapshotCmd is a snapshot command as read: the labs to run, and the frames to write of
// what they measured.
type snapshotCmd struct {
	cfgs    []lab.Config
	port    int
	sizes   []frameSize // the frame's, one run drawn at each
	out     string      // the file to write, or "": stdout (one size only)
	format  string
	scale   int // png and gif: pixels to each of the SVG's
	noColor bool
	machine bool // the lab's own measures drawn, as m shows them
}

// frameSize is a frame's size in cells.
type frameSize struct{ w, h int }

func (s frameSize) String() string { return fmt.Sprintf("%dx%d", s.w, s.h) }

// defaultSize is --size's default.
var defaultSize = frameSize{120, 40}

func parseSnapshot(args []string) (snapshotCmd, error) {
	l := newLabFlags("snapshot")
	var at durationFlag
	l.fs.Var(&at, "at", "how long to run before taking the frame (default: the preset's duration)")
	var sizes sizesFlag
	l.fs.Var(&sizes, "size", "the frame's size in cells, WIDTHxHEIGHT (default "+defaultSize.String()+
		"); several, comma-separated or repeated, draw one run at each (needs --out)")
	out := l.fs.String("out", "", "write to this file, not stdout; with several sizes, one file each: FILE with -WIDTHxHEIGHT before its extension")
	formats := append(slices.Clone(ui.FrameFormats), ui.FormatGIF)
	format := l.fs.String("format", ui.FormatANSI, "the frame's format: "+strings.Join(formats, ", "))
	scale := intFlag{n: ui.DefaultScale, lo: ui.MinScale, hi: ui.MaxScale, rule: ui.CheckScale(0).Error()}
	l.fs.Var(&scale, "scale", "png and gif: pixels to each of the SVG's (a cell is 9x18 times this)")
	machine := machineFlag(l.fs)
	cfgs, err := l.parse(args)
	if err != nil {
		return snapshotCmd{}, err
	}
	if !slices.Contains(formats, *format) {
		return snapshotCmd{}, usagef("--format %s: choose one of %s", lab.Quote(*format), strings.Join(formats, ", "))
	}
	if len(sizes.sizes) == 0 {
		sizes.sizes = []frameSize{defaultSize}
	}
	switch {
	case flagSet(l.fs, "out") && *out == "":
		return snapshotCmd{}, usagef(`--out "": name the file to write`)
	case len(sizes.sizes) > 1 && *out == "":
		return snapshotCmd{}, usagef("--size %s: several sizes are several frames; add --out FILE to write each to its own file (FILE-WIDTHxHEIGHT.ext)", sizes.String())
	}
	for i := range cfgs {
		if !flagSet(l.fs, "at") {
			break // each runs its preset's duration (a pair, A's)
		}
		if cfgs[i], err = withDuration(cfgs[i], "--at", at.d); err != nil {
			return snapshotCmd{}, err
		}
	}
	// Plain text has no colour: it is drawn as without, so nothing says "green" or tells
	// two lines apart by colour alone.
	return snapshotCmd{cfgs: cfgs, port: l.port.n, sizes: sizes.sizes, out: *out, format: *format, scale: scale.n,
		noColor: os.Getenv("NO_COLOR") != "" || *format == ui.FormatText, machine: *machine}, nil
}

// paths are the files --out names, one for each size: the file itself for one size, and for
// several, each with -WIDTHxHEIGHT before its extension (shots/fleet.txt at 120x40 and 80x24:
// shots/fleet-120x40.txt and shots/fleet-80x24.txt).
func (c snapshotCmd) paths() []string {
	if len(c.sizes) == 1 {
		return []string{c.out}
	}
	ext := filepath.Ext(c.out)
	if ext == filepath.Base(c.out) {
		ext = "" // .txt is a name with no extension
	}
	var paths []string
	for _, s := range c.sizes {
		paths = append(paths, strings.TrimSuffix(c.out, ext)+"-"+s.String()+ext)
	}
	return paths
}

// draw runs the labs once and writes to ws[i] what was asked at c.sizes[i]: the frame at the
// end, or the GIF of the run. written says every writer got its whole picture (an
// interrupted run's too, of the part it ran, with err saying so).
func (c snapshotCmd) draw(ws []io.Writer) (written bool, err error) {
	if c.format == ui.FormatGIF {
		return animate(c.cfgs, c.port, c.sizes, c.scale, c.machine, ws)
	}
	err = headless(c.cfgs, c.port, func(snaps []lab.Snapshot) error {
		for i, s := range c.sizes {
			if err := c.write(ws[i], snaps, s); err != nil {
				return err
			}
		}
		written = true
		return nil
	})
	return written, err
}

// write prints the frame of snaps, what the labs measured, as the live lab draws it at size
// s: a pure function of them, so one run can be drawn at any number of sizes.
func (c snapshotCmd) write(w io.Writer, snaps []lab.Snapshot, s frameSize) error {
	return ui.WriteFrame(w, ui.Frame(snaps, s.w, s.h, c.noColor, c.machine), c.format, c.scale)
}

// animate runs cfgs headless as snapshot does and writes to ws[i] the frames the live lab
// would have shown at sizes[i] from the start to the end, one every ui.FrameEvery of the run,
// as an animated GIF (with the lab's own measures where machine). An interrupted run still
// gives a complete GIF of the part it ran, and says so.
func animate(cfgs []lab.Config, port int, sizes []frameSize, scale int, machine bool, ws []io.Writer) (written bool, err error) {
	ctx, o, release, err := prepare(port, len(cfgs))
	if err != nil {
		return false, err
	}
	defer release()
	noColor := os.Getenv("NO_COLOR") != ""
	type shot struct {
		frames []string // one a size
		at     time.Duration
	}
	drawn := func(s []lab.Snapshot) shot {
		sh := shot{at: s[0].Elapsed}
		for _, size := range sizes {
			sh.frames = append(sh.frames, ui.Frame(s, size.w, size.h, noColor, machine))
		}
		return sh
	}
	var shots []shot
	snaps, runErr := engine.Watch(ctx, cfgs, o, ui.FrameEvery, func(s []lab.Snapshot) { shots = append(shots, drawn(s)) })
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return false, runErr
	}
	end := snaps[0].Elapsed
	for len(shots) > 0 && end-shots[len(shots)-1].at < ui.FrameEvery/2 {
		shots = shots[:len(shots)-1] // the last look is the end: its frame is the final one
	}
	shots = append(shots, drawn(snaps))
	for i, w := range ws {
		a := ui.NewAnimation(w, scale)
		for _, s := range shots {
			if err := a.Frame(s.frames[i], s.at); err != nil {
				return false, err
			}
		}
		if err := a.Close(end + ui.FrameEvery); err != nil {
			return false, err
		}
	}
	if runErr != nil {
		return true, fmt.Errorf("interrupted after %.1fs: the GIF covers only that part", end.Seconds())
	}
	return true, nil
}

// outputs are --out's files while they are written: each a temporary file beside it,
// created before the run (a path that is a folder, or in a folder that cannot take a file, is
// refused before anything runs) and renamed into place only when every one is whole, so an
// error never leaves a half-written file and an existing one is replaced only by a complete
// frame. A path that is a symbolic link is written through, as os.Create would: the
// temporary file goes beside the file the link leads to, and replaces that, the link kept
// (review 31 #15: the link itself was replaced by a file).
type outputs struct {
	paths   []string // as given, for what is said of them
	targets []string // where each is written: its path, or where its link leads
	tmps    []*os.File
}

func createOutputs(paths []string) (*outputs, error) {
	if err := checkTargets(paths); err != nil {
		return nil, usagef("%v", err)
	}
	o := &outputs{paths: paths}
	for _, p := range paths {
		target, err := throughLinks(p)
		if err != nil {
			o.remove()
			return nil, usagef("%v", cannotWrite(p, err))
		}
		o.targets = append(o.targets, target)
		f, err := createBeside(target)
		if err != nil {
			o.remove()
			return nil, usagef("%v", cannotWrite(p, err))
		}
		o.tmps = append(o.tmps, f)
	}
	return o, nil
}

// checkTargets says what would stop a file being put at any of paths: something there that
// is not a file (a folder, a device). It is asked before the run and again before the first
// rename, so that one made during the run does not leave the set half replaced. A folder
// that cannot take a file needs no check: before the run, creating the temporary files finds
// it, and after it, the first rename does, as all go into one folder (bar links that lead
// elsewhere: then the error says which were written).
func checkTargets(paths []string) error {
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && !fi.Mode().IsRegular() {
			if fi.IsDir() {
				return fmt.Errorf("--out %s: is a folder; name a file in it", lab.Printable(p))
			}
			return fmt.Errorf("--out %s: is not a file; name one to write", lab.Printable(p))
		}
	}
	return nil
}

// throughLinks is where a file written at p goes: p, or, where p is a symbolic link, what
// it leads to, followed to the end (a file yet to be made too, as os.Create would make it).
// Each link's folder is taken as the OS finds it, its own links and "..", in order: a relative
// target joined to the folder as written read "../x" under a linked folder from the link's
// name, not from where it leads (review 32 #14).
func throughLinks(p string) (string, error) {
	if p == "" || os.IsPathSeparator(p[len(p)-1]) {
		return p, nil // a folder's name: creating it as a file says so
	}
	for range 40 { // Linux's own limit on links followed in one path
		// filepath.Split keeps the folder as written, "link/../": filepath.Dir would clean it
		// to ".", where the OS goes through the link first.
		folder, base := filepath.Split(p)
		if folder == "" {
			folder = "."
		}
		dir, err := filepath.EvalSymlinks(folder)
		if err != nil {
			return p, nil // no such folder: creating the file there says so
		}
		p = filepath.Join(dir, base)
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil // nothing there, or no link: p itself
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = dir + string(filepath.Separator) + dest // as written: the next turn resolves it
		}
		p = dest
	}
	return "", errors.New("too many symbolic links")
}

// createBeside creates p's temporary file in p's folder with the mode p is to have: a file
// there keeps its own, and a new one gets os.Create's, 0666 less the umask, which only
// creating with 0666 applies (os.CreateTemp's is 0600).
func createBeside(p string) (*os.File, error) {
	old, statErr := os.Stat(p)
	for {
		name := filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+"."+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue // another's temporary file, by a one in 2³² chance
		}
		if err == nil && statErr == nil {
			if err = f.Chmod(old.Mode().Perm()); err != nil {
				f.Close()
				os.Remove(name)
			}
		}
		return f, err
	}
}

// cannotWrite is the error of --out's file p, without the temporary file's name, which
// would only puzzle. Its errors name a path whole, not clipped as other input is: its end
// says which file.
func cannotWrite(p string, err error) error {
	if pe := (*os.PathError)(nil); errors.As(err, &pe) {
		err = pe.Err
	} else if le := (*os.LinkError)(nil); errors.As(err, &le) {
		err = le.Err
	}
	return fmt.Errorf("--out %s: cannot write it: %v", lab.Printable(p), err)
}

func (o *outputs) writers() []io.Writer {
	var ws []io.Writer
	for _, f := range o.tmps {
		ws = append(ws, f)
	}
	return ws
}

// finish puts the files in place when every one was written whole (an interrupted run's
// too: they show the part it ran), else removes them all; it returns err, or what failed.
// Each is synced before the renames, so a crash cannot leave an empty file in its place.
func (o *outputs) finish(written bool, err error) error {
	err = o.named(err)
	for i, f := range o.tmps {
		serr := f.Sync()
		if cerr := f.Close(); serr == nil {
			serr = cerr
		}
		if serr != nil && written {
			written, err = false, cannotWrite(o.paths[i], serr)
		}
	}
	if !written {
		o.remove()
		return err
	}
	if cerr := checkTargets(o.paths); cerr != nil {
		o.remove()
		return o.partly(0, cerr)
	}
	for i, f := range o.tmps {
		if rerr := os.Rename(f.Name(), o.targets[i]); rerr != nil {
			o.remove()
			return o.partly(i, cannotWrite(o.paths[i], rerr))
		}
	}
	return err
}

// named is err, a write to a temporary file failing, said of its --out file.
func (o *outputs) named(err error) error {
	if pe := (*os.PathError)(nil); errors.As(err, &pe) {
		for i, f := range o.tmps {
			if pe.Path == f.Name() {
				return cannotWrite(o.paths[i], err)
			}
		}
	}
	return err
}

// partly is err, what stopped file i being put in place, with which files are this run's
// and which are not, so that files from two runs side by side are never taken for one. They
// share a folder: each is named by its name in it.
func (o *outputs) partly(i int, err error) error {
	if len(o.paths) == 1 {
		return err
	}
	list := func(paths []string) string {
		if len(paths) == 0 {
			return "none"
		}
		var s []string
		for _, p := range paths {
			s = append(s, lab.Printable(filepath.Base(p)))
		}
		return strings.Join(s, ", ")
	}
	return fmt.Errorf("%w; written: %s; not written: %s", err, list(o.paths[:i]), list(o.paths[i:]))
}

// remove deletes the temporary files left.
func (o *outputs) remove() {
	for _, f := range o.tmps {
		f.Close()
		os.Remove(f.Name())
	}
}

// sizesFlag is --size: one size or several, comma-separated or the flag repeated.
type sizesFlag struct {
	sizes []frameSize
	err   error // the first size that was bad, for parseArgs to report
}

func (f *sizesFlag) String() string {
	var s []string
	for _, size := range f.sizes {
		s = append(s, size.String())
	}
	return strings.Join(s, ",")
}

func (f *sizesFlag) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		w, h, err := parseSize(part)
		size := frameSize{w, h}
		if err == nil && slices.Contains(f.sizes, size) {
			err = usagef("--size %s: given twice; each size is one file", size)
		}
		if err != nil {
			f.err = cmp.Or(f.err, err)
			continue
		}
		f.sizes = append(f.sizes, size)
	}
	return nil
}

func (f *sizesFlag) check(string) error { return f.err }

// maxSize bounds --size: a frame is text in memory, and no screen is larger.
const maxSize = 1000

// parseSize reads --size WIDTHxHEIGHT. Below the live lab's minimum it would only draw
// "make the terminal larger", so that is refused too.
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if !ok || errW != nil || errH != nil {
		return 0, 0, usagef("--size %s: write it as WIDTHxHEIGHT, e.g. 120x40", lab.Quote(s))
	}
	if w < ui.MinWidth || h < ui.MinHeight || w > maxSize || h > maxSize {
		return 0, 0, usagef("--size %s: must be from %dx%d to %dx%d", lab.Clip(s), ui.MinWidth, ui.MinHeight, maxSize, maxSize)
	}
	return w, h, nil
}
