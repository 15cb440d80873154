// poollab snapshot: run headless to --at and print the frame the live lab would show then
// (ANSI, text, SVG, PNG), or a GIF of the run.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/ui"
)

// runSnapshot runs headless to --at and prints the frame the live lab would show then, at
// --size, so docs can regenerate the same picture without a terminal.
func runSnapshot(args []string, stdout io.Writer) error {
	c, err := parseSnapshot(args)
	if err != nil {
		return err
	}
	if c.format == ui.FormatGIF {
		return animate(c.cfgs, c.port, c.width, c.height, c.scale, c.machine, stdout)
	}
	return headless(c.cfgs, c.port, func(snaps []lab.Snapshot) error { return c.write(stdout, snaps) })
}

// snapshotCmd is a snapshot command as read: the labs to run, and the frame to print of
// what they measured.
type snapshotCmd struct {
	cfgs          []lab.Config
	port          int
	width, height int
	format        string
	scale         int // png and gif: pixels to each of the SVG's
	noColor       bool
	machine       bool // the lab's own measures drawn, as m shows them
}

func parseSnapshot(args []string) (snapshotCmd, error) {
	l := newLabFlags("snapshot")
	var at durationFlag
	l.fs.Var(&at, "at", "how long to run before taking the frame (default: the preset's duration)")
	size := l.fs.String("size", "120x40", "the frame's size in cells, WIDTHxHEIGHT")
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
	w, h, err := parseSize(*size)
	if err != nil {
		return snapshotCmd{}, err
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
	return snapshotCmd{cfgs: cfgs, port: l.port.n, width: w, height: h, format: *format, scale: scale.n,
		noColor: os.Getenv("NO_COLOR") != "" || *format == ui.FormatText, machine: *machine}, nil
}

// write prints the frame of snaps, what the labs measured, as the live lab draws it: a pure
// function of them, so one run can be drawn at any number of sizes.
func (c snapshotCmd) write(stdout io.Writer, snaps []lab.Snapshot) error {
	return ui.WriteFrame(stdout, ui.Frame(snaps, c.width, c.height, c.noColor, c.machine), c.format, c.scale)
}

// animate runs cfgs headless as snapshot does and writes the frames the live lab would have
// shown from the start to the end, one every ui.FrameEvery of the run, as an animated GIF
// (with the lab's own measures where machine). An interrupted run still gives a complete
// GIF of the part it ran, and says so.
func animate(cfgs []lab.Config, port, w, h, scale int, machine bool, stdout io.Writer) error {
	ctx, o, release, err := prepare(port, len(cfgs))
	if err != nil {
		return err
	}
	defer release()
	noColor := os.Getenv("NO_COLOR") != ""
	type shot struct {
		frame string
		at    time.Duration
	}
	var shots []shot
	snaps, runErr := engine.Watch(ctx, cfgs, o, ui.FrameEvery, func(s []lab.Snapshot) {
		shots = append(shots, shot{ui.Frame(s, w, h, noColor, machine), s[0].Elapsed})
	})
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	end := snaps[0].Elapsed
	for len(shots) > 0 && end-shots[len(shots)-1].at < ui.FrameEvery/2 {
		shots = shots[:len(shots)-1] // the last look is the end: its frame is the final one
	}
	shots = append(shots, shot{ui.Frame(snaps, w, h, noColor, machine), end})
	a := ui.NewAnimation(stdout, scale)
	for _, s := range shots {
		if err := a.Frame(s.frame, s.at); err != nil {
			return err
		}
	}
	if err := a.Close(end + ui.FrameEvery); err != nil {
		return err
	}
	if runErr != nil {
		return fmt.Errorf("interrupted after %.1fs: the GIF covers only that part", end.Seconds())
	}
	return nil
}

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
