// Command poollab is a terminal lab that makes worker-pool exhaustion visible.
// This file only wires: flags → config → live lab or headless run.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/term"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/presets"
	"poollab/ui"
)

const usage = `poollab: watch a shared worker pool run dry, and isolation fix it.

usage:
  poollab [--preset NAME|FILE] [--set key=value]... [--record FILE.cast|FILE.gif]
                                                         the live lab (default preset shared-pool);
                                                         --record writes the session as asciicast v2,
                                                         or as an animated GIF (10 frames a second)
  poollab --compare A B [--set key=value]...            two live labs, A and B, on identical traffic
                                                         (also: --preset A --compare B; v toggles it live)
  poollab run --preset NAME|FILE [--duration D] [--set key=value]... [--format table|markdown|json]
  poollab compare A B [--duration D] [--set key=value]... [--format table|markdown|json]
                                                         A and B side by side on identical traffic
  poollab snapshot --preset A [--compare B] [--at D] [--size WxH] [--format ans|txt|svg|png|gif] [--scale N]
                 [--set key=value]...                    run to D headless, print the live lab's frame
                                                         at that size: ANSI (NO_COLOR=1 for none), plain
                                                         text, an SVG picture for browsers and slides, a
                                                         PNG (--scale N pixels a pixel, default 2), or a
                                                         GIF of the run from 0 to D, 10 frames a second
  poollab presets                                        list the presets and what each shows
  poollab tour [--chapter N] [--record FILE.cast|FILE.gif]
                                                         the guided tour, a chapter per lesson: predict,
                                                         watch, see the number that answers (T in the lab)
  poollab tour --list                                    the tour's chapters, one a line
  poollab check [--each D]                               pre-flight for presenters: every preset for D
                                                         (default 2s), headless; exit 0 when this machine
                                                         shows every one on time

--set uses the preset file's dotted names, e.g. pool.workers=30, traffic.payment.rate=20,
dependency.latency=2s, payment.bulkhead.type=semaphore, payment.bulkhead.size=8.
--port N (0..65534) fixes the slow dependency's port on 127.0.0.1 (B's is N+1); by default the OS picks one.
A port in use is refused before anything runs; the live lab and the tour hold N+1 too, for compare mode.
`

// usageError is a bad command line; like lab.ErrInvalid it exits 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

func main() {
	engine.SetHeapFloor(engine.HeapFloor) // no collections while the heap is small: they make the generator late
	err := run(os.Args[1:], os.Stdout)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(os.Stdout, usage)
		return
	}
	if err != nil {
		msg := err.Error()
		if exitCode(err) == 2 {
			// Bad input is one line with nothing a terminal interprets, whatever wrote it.
			msg = lab.Printable(msg)
		}
		fmt.Fprintln(os.Stderr, "poollab:", msg)
	}
	os.Exit(exitCode(err))
}

// exitCode: 0 ok, 2 bad usage or bad input, 1 anything else.
func exitCode(err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, new(usageError)), errors.Is(err, lab.ErrInvalid), errors.Is(err, engine.ErrPortUnavailable):
		return 2
	}
	return 1
}

func run(args []string, stdout io.Writer) error {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "run":
			return runHeadless(args[1:], stdout)
		case "compare":
			return runCompare(args[1:], stdout)
		case "snapshot":
			return runSnapshot(args[1:], stdout)
		case "presets":
			return listPresets(args[1:], stdout)
		case "check":
			return runCheck(args[1:], stdout)
		case "tour":
			return runTour(args[1:], stdout)
		case "help":
			if _, err := parseWithArgs(newFlagSet("help"), args[1:], 0); err != nil {
				return err
			}
			return flag.ErrHelp
		}
		return usagef("unknown command %s (commands: run, compare, snapshot, presets, check, tour; or no command for the live lab)", lab.Quote(args[0]))
	}
	return runLive(args)
}

// common are the flags every command that starts a lab takes.
type common struct {
	preset string
	sets   setFlags
	port   intFlag
}

func (c *common) register(fs *flag.FlagSet) {
	fs.StringVar(&c.preset, "preset", "shared-pool", "preset name (see: poollab presets) or path to a .yaml file")
	fs.Var(&c.sets, "set", "override one setting, key=value with the preset file's dotted names (repeatable)")
	c.port = portFlag()
	fs.Var(&c.port, "port", portHelp)
}

// checkedFlag is a flag whose Set never fails but keeps what was wrong, for parseArgs to
// report in its own words: the flag package's message would repeat the whole value.
type checkedFlag interface {
	flag.Value
	check(name string) error
}

// maxPort bounds --port: B, in compare mode, listens on the port after it.
const maxPort = 65534

// portHelp is --port's help, for every command that takes it.
const portHelp = "port for the slow dependency on 127.0.0.1 (0: any free port)"

// intFlag is a whole number in lo..hi, checked before anything starts; rule says in words
// what it must be.
type intFlag struct {
	n      int
	lo, hi int
	rule   string
	bad    *string // the text given, if it is not a number in range ("" included)
}

// portFlag is --port.
func portFlag() intFlag {
	return intFlag{hi: maxPort, rule: fmt.Sprintf("must be 0..%d (0: any free port; B in compare mode gets N+1)", maxPort)}
}

func (f *intFlag) String() string { return strconv.Itoa(f.n) }

func (f *intFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < f.lo || n > f.hi {
		f.bad = &s
		return nil
	}
	f.n, f.bad = n, nil
	return nil
}

func (f *intFlag) check(name string) error {
	switch {
	case f.bad == nil:
		return nil
	case *f.bad == "":
		return usagef("%s \"\": %s", name, f.rule)
	}
	return usagef("%s %s: %s", name, lab.Clip(*f.bad), f.rule)
}

// durationFlag is --duration, --at or --each, read as preset files read durations
// (lab.Duration), so the words and the overflow check are the same; its range is Validate's
// (--each: lab.CheckPreflight).
type durationFlag struct {
	d   time.Duration
	err error
}

func (f *durationFlag) String() string { return f.d.String() }

func (f *durationFlag) Set(s string) error {
	var d lab.Duration
	f.err = d.UnmarshalText([]byte(s))
	f.d = d.D()
	return nil
}

func (f *durationFlag) check(name string) error {
	if f.err == nil {
		return nil
	}
	return usagef("%s: %v", name, f.err)
}

// compareFlag is --compare. On its own it takes the presets as arguments: --compare A B,
// or --preset A --compare B; --compare=B names B directly.
type compareFlag struct {
	on   bool
	name string
}

func (c *compareFlag) String() string   { return c.name }
func (c *compareFlag) IsBoolFlag() bool { return true }
func (c *compareFlag) Set(v string) error {
	switch v {
	case "true":
		c.on = true
	case "false":
		c.on, c.name = false, ""
	default:
		c.on, c.name = true, v
	}
	return nil
}

// labFlags are the flags of the commands that show one lab or compare two: the live lab
// and snapshot.
type labFlags struct {
	common
	fs      *flag.FlagSet
	compare compareFlag
}

func newLabFlags(name string) *labFlags {
	l := &labFlags{fs: newFlagSet(name)}
	l.register(l.fs)
	l.fs.Var(&l.compare, "compare", "compare two labs on identical traffic: --compare A B, or --preset A --compare B")
	return l
}

// parse reads args and loads the presets to run: --preset alone, or A and B with --compare.
func (l *labFlags) parse(args []string) ([]lab.Config, error) {
	names, err := parseArgs(l.fs, args)
	if err != nil {
		return nil, err
	}
	if l.compare.name != "" {
		names = append(names, l.compare.name)
	}
	switch {
	case !l.compare.on && len(names) > 0:
		return nil, usagef("unexpected argument %s (see: poollab --help)", lab.Quote(names[0]))
	case !l.compare.on:
		names = []string{l.preset}
	case len(names) == 1:
		names = []string{l.preset, names[0]}
	case len(names) == 2 && flagSet(l.fs, "preset"):
		return nil, usagef("--preset %s and --compare %s %s: name A once (--compare A B, or --preset A --compare B)", lab.Clip(l.preset), lab.Clip(names[0]), lab.Clip(names[1]))
	case len(names) != 2:
		return nil, usagef("--compare needs two presets, got %d: --compare A B, or --preset A --compare B (see: poollab presets)", len(names))
	}
	var cfgs []lab.Config
	for _, name := range names {
		cfg, err := presets.Load(name, l.sets)
		if err != nil {
			return nil, err
		}
		cfgs = append(cfgs, cfg)
	}
	return cfgs, nil
}

// reportFlags are the flags of the headless commands: common ones plus length and format.
type reportFlags struct {
	common
	fs       *flag.FlagSet
	duration durationFlag
	format   string
}

func newReportFlags(name, durationHelp string) *reportFlags {
	r := &reportFlags{fs: newFlagSet(name)}
	r.register(r.fs)
	r.fs.Var(&r.duration, "duration", durationHelp)
	r.fs.StringVar(&r.format, "format", lab.FormatTable, "report format: "+strings.Join(lab.Formats, ", "))
	return r
}

// parse reads args, which must hold exactly n preset names besides the flags.
func (r *reportFlags) parse(args []string, n int) ([]string, error) {
	names, err := parseWithArgs(r.fs, args, n)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(lab.Formats, r.format) {
		return nil, usagef("--format %s: choose one of %s", lab.Quote(r.format), strings.Join(lab.Formats, ", "))
	}
	return names, nil
}

// load reads a preset with the --set overrides and --duration, if given.
func (r *reportFlags) load(preset string) (lab.Config, error) {
	cfg, err := presets.Load(preset, r.sets)
	if err != nil || !flagSet(r.fs, "duration") {
		return cfg, err
	}
	return withDuration(cfg, "--duration", r.duration.d)
}

// withDuration sets how long a headless run of cfg lasts, as the flag named asked.
func withDuration(cfg lab.Config, flagName string, d time.Duration) (lab.Config, error) {
	cfg.Duration = lab.Duration(d)
	if err := cfg.Validate(); err != nil {
		if fe := (*lab.FieldError)(nil); errors.As(err, &fe) && fe.Key == "duration" {
			return cfg, &lab.FieldError{Key: flagName, Msg: fe.Msg} // "--at: must be …, got 25h0m0s"
		}
		return cfg, fmt.Errorf("%s %s: %w", flagName, d, err)
	}
	return cfg, nil
}

// listenPorts holds the dependencies' ports, --port N and, for B, N+1, before anything
// starts (engine.ListenPorts): one that another program holds is refused at once, saying which
// and what to do, before any traffic.
func listenPorts(port, sides int) (*engine.Ports, error) {
	ports, err := engine.ListenPorts(port, sides)
	var pe *engine.PortError
	if !errors.As(err, &pe) {
		return ports, err
	}
	whose := ""
	switch {
	case pe.Port != port:
		whose = fmt.Sprintf(" (B's dependency in compare mode: --port %d + 1)", port)
	case sides == 2:
		whose = " (A's dependency)"
	}
	return nil, fmt.Errorf("%w%s; choose another --port, or --port 0 for any free port", pe, whose)
}

// stopSignals end a headless run early, with a report of the part it ran: ctrl+c, kill, and
// the terminal closing (SIGHUP, whose default would end the process with no report). On
// Windows SIGHUP never arrives: closing the console window arrives as SIGTERM (os/signal),
// and Windows ends the process a few seconds later whatever it is doing.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// headless runs one lab, or two side by side on identical traffic, until they end or a
// signal arrives, then writes what they measured; an interrupted run still reports the part
// it ran, and says so.
func headless(cfgs []lab.Config, port int, write func([]lab.Snapshot) error) error {
	ports, err := listenPorts(port, len(cfgs))
	if err != nil {
		return err
	}
	defer ports.Close()
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	o := engine.Options{Ports: ports}
	var snaps []lab.Snapshot
	var runErr error
	if len(cfgs) == 2 {
		var pair [2]lab.Snapshot
		pair, runErr = engine.RunPair(ctx, cfgs[0], cfgs[1], o)
		snaps = pair[:]
	} else {
		var one lab.Snapshot
		one, runErr = engine.Run(ctx, cfgs[0], o)
		snaps = []lab.Snapshot{one}
	}
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	if err := write(snaps); err != nil {
		return err
	}
	if runErr != nil {
		return fmt.Errorf("interrupted after %.1fs: the report covers only that part", snaps[0].Elapsed.Seconds())
	}
	return nil
}

func runHeadless(args []string, stdout io.Writer) error {
	r := newReportFlags("run", "length of the run (default: the preset's duration)")
	if _, err := r.parse(args, 0); err != nil {
		return err
	}
	cfg, err := r.load(r.preset)
	if err != nil {
		return err
	}
	return headless([]lab.Config{cfg}, r.port.n, func(snaps []lab.Snapshot) error {
		return lab.NewReport(snaps[0]).Write(stdout, r.format)
	})
}

func runCompare(args []string, stdout io.Writer) error {
	r := newReportFlags("compare", "length of both runs (default: A's duration)")
	names, err := r.parse(args, 2)
	if err != nil {
		return err
	}
	cfgs := make([]lab.Config, len(names))
	for i, name := range names {
		if cfgs[i], err = r.load(name); err != nil {
			return err
		}
	}
	return headless(cfgs, r.port.n, func(snaps []lab.Snapshot) error {
		return lab.NewComparison(snaps[0], snaps[1]).Write(stdout, r.format)
	})
}

// runSnapshot runs headless to --at and prints the frame the live lab would show then, at
// --size, so docs can regenerate the same picture without a terminal.
func runSnapshot(args []string, stdout io.Writer) error {
	c, err := parseSnapshot(args)
	if err != nil {
		return err
	}
	if c.format == ui.FormatGIF {
		return animate(c.cfgs, c.port, c.width, c.height, c.scale, stdout)
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
	return snapshotCmd{cfgs: cfgs, port: l.port.n, width: w, height: h, format: *format, scale: scale.n,
		noColor: os.Getenv("NO_COLOR") != ""}, nil
}

// write prints the frame of snaps, what the labs measured, as the live lab draws it: a pure
// function of them, so one run can be drawn at any number of sizes.
func (c snapshotCmd) write(stdout io.Writer, snaps []lab.Snapshot) error {
	return ui.WriteFrame(stdout, ui.Frame(snaps, c.width, c.height, c.noColor), c.format, c.scale)
}

// animate runs cfgs headless as snapshot does and writes the frames the live lab would have
// shown from the start to the end, one every ui.FrameEvery of the run, as an animated GIF.
// An interrupted run still gives a complete GIF of the part it ran, and says so.
func animate(cfgs []lab.Config, port, w, h, scale int, stdout io.Writer) error {
	ports, err := listenPorts(port, len(cfgs))
	if err != nil {
		return err
	}
	defer ports.Close()
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	noColor := os.Getenv("NO_COLOR") != ""
	type shot struct {
		frame string
		at    time.Duration
	}
	var shots []shot
	snaps, runErr := engine.Watch(ctx, cfgs, engine.Options{Ports: ports}, ui.FrameEvery, func(s []lab.Snapshot) {
		shots = append(shots, shot{ui.Frame(s, w, h, noColor), s[0].Elapsed})
	})
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	end := snaps[0].Elapsed
	for len(shots) > 0 && end-shots[len(shots)-1].at < ui.FrameEvery/2 {
		shots = shots[:len(shots)-1] // the last look is the end: its frame is the final one
	}
	shots = append(shots, shot{ui.Frame(snaps, w, h, noColor), end})
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

func listPresets(args []string, stdout io.Writer) error {
	if _, err := parseWithArgs(newFlagSet("presets"), args, 0); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, p := range presets.List() {
		fmt.Fprintf(tw, "%s\t%s\n", p.Name, p.Description)
	}
	return tw.Flush()
}

// errNotHonest is check's verdict when some preset ran late: exit 1.
var errNotHonest = errors.New("some presets ran late on this machine (see the verdicts above)")

// runCheck is the presenter's pre-flight: every preset briefly, headless, on loopback.
func runCheck(args []string, stdout io.Writer) error {
	fs := newFlagSet("check")
	each := durationFlag{d: lab.DefaultPreflight}
	fs.Var(&each, "each", "how long to run each preset")
	if _, err := parseWithArgs(fs, args, 0); err != nil {
		return err
	}
	if err := lab.CheckPreflight(each.d); err != nil {
		return usagef("--each: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	var report lab.PreflightReport
	for _, p := range presets.List() {
		cfg, err := presets.Load(p.Name, nil)
		if err != nil {
			return err
		}
		row, err := engine.Preflight(ctx, cfg, each.d)
		if ctx.Err() != nil {
			if err := report.Write(stdout, true); err != nil {
				return err
			}
			return fmt.Errorf("interrupted: checked %d of %d presets", len(report), len(presets.List()))
		}
		if err != nil {
			return err
		}
		report = append(report, row)
	}
	if err := report.Write(stdout, false); err != nil {
		return err
	}
	if !report.Honest() {
		return errNotHonest
	}
	return nil
}

func runLive(args []string) (err error) {
	l := newLabFlags("poollab")
	record := l.fs.String("record", "", recordHelp)
	cfgs, err := l.parse(args)
	if err != nil {
		return err
	}
	if !term.IsTerminal(os.Stdout.Fd()) {
		return usagef("the live lab needs a terminal; for a report use: poollab run --preset %s", lab.Clip(cfgs[0].Name))
	}
	return live(cfgs, l.port.n, recordFlag(l.fs, *record), 0)
}

// recordHelp is --record's help, for the live lab and the tour.
const recordHelp = "record the session to this file: FILE.gif an animated GIF of the frames drawn, any other name asciicast v2 (asciinema play, agg)"

// recordFlag is --record's path, or nil when it was not given.
func recordFlag(fs *flag.FlagSet, path string) *string {
	if !flagSet(fs, "record") {
		return nil
	}
	return &path
}

// live runs the dashboard on cfgs (A and B when two), recorded to *record when given, and
// open on the tour's chapter tour (from 1) when tour > 0.
func live(cfgs []lab.Config, port int, record *string, tour int) (err error) {
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
	o := ui.Options{
		Config: cfgs[0],
		Start: func(cfg lab.Config, side int) (ui.Engine, error) {
			// A panic in a lab goroutine ends the dashboard cleanly and is printed after.
			o := engine.Options{Ports: ports, OnPanic: func(err error) { app.Crash(err) }}
			return engine.Launch(cfg, o.Side(side))
		},
		Presets:    list,
		LoadPreset: loadPreset,
		NoColor:    os.Getenv("NO_COLOR") != "",
		Tour:       tour,
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

// runTour is the guided tour: the live lab opened on a chapter's card, or the chapters
// listed (no terminal needed).
func runTour(args []string, stdout io.Writer) error {
	fs := newFlagSet("tour")
	list := fs.Bool("list", false, "list the chapters, one a line")
	// Its range is checked once the chapters are known.
	chapter := intFlag{n: 1, lo: math.MinInt, hi: math.MaxInt, rule: "write a chapter's number (see: poollab tour --list)"}
	fs.Var(&chapter, "chapter", "start at this chapter (see: poollab tour --list)")
	record := fs.String("record", "", recordHelp)
	port := portFlag()
	fs.Var(&port, "port", portHelp)
	if _, err := parseWithArgs(fs, args, 0); err != nil {
		return err
	}
	chapters := ui.TourChapters(loadPreset)
	if *list {
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for i, c := range chapters {
			fmt.Fprintf(tw, "%d\t%s\t%s\n", i+1, c.Title, strings.Join(c.Presets, " vs "))
		}
		return tw.Flush()
	}
	if chapter.n < 1 || chapter.n > len(chapters) {
		return usagef("--chapter %d: must be 1..%d (see: poollab tour --list)", chapter.n, len(chapters))
	}
	if !term.IsTerminal(os.Stdout.Fd()) {
		return usagef("the tour needs a terminal; poollab tour --list lists its chapters")
	}
	cfg, err := loadPreset(chapters[chapter.n-1].Presets[0])
	if err != nil {
		return err
	}
	return live([]lab.Config{cfg}, port.n, recordFlag(fs, *record), chapter.n)
}

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

func flagSet(fs *flag.FlagSet, name string) (set bool) {
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed once, by main, as one line
	return fs
}

// parseWithArgs accepts flags anywhere on the line and exactly n other arguments.
func parseWithArgs(fs *flag.FlagSet, args []string, n int) ([]string, error) {
	rest, err := parseArgs(fs, args)
	switch {
	case err != nil:
		return nil, err
	case len(rest) > n:
		return nil, usagef("unexpected argument %s (see: poollab --help)", lab.Quote(rest[n]))
	case len(rest) < n:
		return nil, usagef("%s needs %d preset names, got %d (see: poollab presets)", fs.Name(), n, len(rest))
	}
	return rest, nil
}

// parseArgs accepts flags anywhere on the line and returns the other arguments. A bad
// value of a checkedFlag is reported after the whole line is read.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usagef("%s (see: poollab --help)", flagMessage(err))
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	var bad error
	fs.Visit(func(f *flag.Flag) {
		if c, ok := f.Value.(checkedFlag); ok && bad == nil {
			bad = c.check("--" + f.Name)
		}
	})
	return rest, bad
}

// flagMessage is what the flag package said, short and printable. Our own flags' Set never
// fails (checkedFlag), but a bool flag's does on a value that is not a boolean (--list=x), and
// the message quotes that value whole: it is quoted again, cut short. The rest ("flag
// provided but not defined: -x", "bad flag syntax: ---x", "flag needs an argument: -port")
// end in a flag as typed, which is cut short.
func flagMessage(err error) string {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, boolPrefix); ok {
		if quoted, err := strconv.QuotedPrefix(rest); err == nil {
			value, _ := strconv.Unquote(quoted)
			return boolPrefix + lab.Quote(value) + lab.Printable(rest[len(quoted):])
		}
	}
	for _, prefix := range []string{"flag provided but not defined: ", "bad flag syntax: "} {
		if typed, ok := strings.CutPrefix(msg, prefix); ok {
			return prefix + lab.Clip(typed)
		}
	}
	return lab.Printable(msg)
}

// boolPrefix starts the flag package's message for a bool flag's bad value.
const boolPrefix = "invalid boolean value "

// setFlags collects repeated --set key=value.
type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, " ") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }
