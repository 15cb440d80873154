// The live lab (poollab with no command): the dashboard on one preset, or two compared,
// optionally recorded; the tour opens it too.

package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/term"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/presets"
	"poollab/ui"
)

func runLive(args []string) (err error) {
	l := newLabFlags("poollab")
	record := l.fs.String("record", "", recordHelp)
	machine := machineFlag(l.fs)
	cfgs, err := l.parse(args)
	if err != nil {
		return err
	}
	if !term.IsTerminal(os.Stdout.Fd()) {
		return usagef("the live lab needs a terminal; for a report use: poollab run --preset %s", lab.Clip(cfgs[0].Name))
	}
	return live(cfgs, l.port.n, recordFlag(l.fs, *record), *machine, 0)
}

// live runs the dashboard on cfgs (A and B when two), recorded to *record when given, with
// the lab's own measures shown from the start where machine, and open on the tour's chapter
// tour (from 1) when tour > 0.
func live(cfgs []lab.Config, port int, record *string, machine bool, tour int) (err error) {
	// Both, whatever is on screen: v and the tour's chapters start B at any moment.
	ports, err := listenPorts(port, 2)
	if err != nil {
		return err
	}
	defer ports.Close()
	var cast *os.File
	if record != nil {
		if cast, err = createRecording(*record); err != nil {
			return err
		}
		defer func() { err = errors.Join(err, cast.Close()) }()
	}
	var list []ui.Preset
	for _, p := range presets.List() {
		list = append(list, ui.Preset{Name: p.Name, Description: p.Description})
	}
	var app *ui.App
	var pairing *engine.Pairing // the pair being started: A's start makes it, B's joins it
	o := ui.Options{
		Config: cfgs[0],
		Start: func(cfg lab.Config, side int) (ui.Engine, error) {
			if side == 0 {
				pairing = engine.NewPairing() // a lone lab's stops at its first snapshot
			}
			// A panic in a lab goroutine ends the dashboard cleanly and is printed after.
			o := engine.Options{Ports: ports, OnPanic: func(err error) { app.Crash(err) }, Pairing: pairing}
			return engine.Launch(cfg, o.Side(side))
		},
		Presets:    list,
		LoadPreset: loadPreset,
		NoColor:    os.Getenv("NO_COLOR") != "",
		Tour:       tour,
		Machine:    machine,
	}
	if len(cfgs) == 2 {
		o.Compare = &cfgs[1]
	}
	if cast != nil {
		o.Record = cast
		o.RecordGIF = strings.EqualFold(filepath.Ext(*record), ".gif")
	}
	app = ui.New(o)
	return app.Run()
}

// loadPreset loads an embedded preset as it is, for the picker and the tour.
func loadPreset(name string) (lab.Config, error) { return presets.Load(name, nil) }

// createRecording creates (or empties) the --record file, before anything starts.
func createRecording(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		if pe := (*os.PathError)(nil); errors.As(err, &pe) {
			err = pe.Err // the path is in the message already
		}
		return nil, usagef("--record %s: cannot write it: %v", lab.Clip(path), err)
	}
	return f, nil
}
