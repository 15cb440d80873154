// Command poollab is a terminal lab that makes worker-pool exhaustion visible.
// This file only wires: flags → config → live lab or headless run.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/term"

	"poollab/lab"
	"poollab/presets"
	"poollab/ui"
)

const usage = `poollab: watch a shared worker pool run dry, and isolation fix it.

usage:
  poollab [--preset NAME|FILE] [--set key=value]...     the live lab (default preset shared-pool)
  poollab run --preset NAME|FILE [--duration D] [--set key=value]... [--format table|markdown|json]
  poollab compare A B [--duration D] [--set key=value]... [--format table|markdown|json]
                                                         A and B side by side on identical traffic
  poollab presets                                        list the presets and what each shows

--set uses the preset file's dotted names, e.g. pool.workers=30, traffic.payment.rate=20,
dependency.latency=2s, payment.bulkhead.type=semaphore, payment.bulkhead.size=8.
`

// usageError is a bad command line; like lab.ErrInvalid it exits 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

func main() {
	err := run(os.Args[1:], os.Stdout)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(os.Stdout, usage)
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "poollab:", err)
	}
	os.Exit(exitCode(err))
}

// exitCode: 0 ok, 2 bad usage or bad input, 1 anything else.
func exitCode(err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, new(usageError)), errors.Is(err, lab.ErrInvalid):
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
		case "presets":
			return listPresets(stdout)
		case "help":
			return flag.ErrHelp
		}
		return usagef("unknown command %q (commands: run, presets; or no command for the live lab)", args[0])
	}
	return runLive(args)
}

// common are the flags every command that starts a lab takes.
type common struct {
	preset string
	sets   setFlags
	port   int
}

func (c *common) register(fs *flag.FlagSet) {
	fs.StringVar(&c.preset, "preset", "shared-pool", "preset name (see: poollab presets) or path to a .yaml file")
	fs.Var(&c.sets, "set", "override one setting, key=value with the preset file's dotted names (repeatable)")
	fs.IntVar(&c.port, "port", 0, "port for the slow dependency on 127.0.0.1 (0: any free port)")
}

func (c *common) config() (lab.Config, error) { return presets.Load(c.preset, c.sets) }

// reportFlags are the flags of the headless commands: common ones plus length and format.
type reportFlags struct {
	common
	fs       *flag.FlagSet
	duration time.Duration
	format   string
}

func newReportFlags(name, durationHelp string) *reportFlags {
	r := &reportFlags{fs: newFlagSet(name)}
	r.register(r.fs)
	r.fs.DurationVar(&r.duration, "duration", 0, durationHelp)
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
		return nil, usagef("--format %q: choose one of %s", r.format, strings.Join(lab.Formats, ", "))
	}
	return names, nil
}

// load reads a preset with the --set overrides and --duration, if given.
func (r *reportFlags) load(preset string) (lab.Config, error) {
	cfg, err := presets.Load(preset, r.sets)
	if err != nil || !flagSet(r.fs, "duration") {
		return cfg, err
	}
	cfg.Duration = lab.Duration(r.duration)
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("--duration %s: %w", r.duration, err)
	}
	return cfg, nil
}

// headless runs one or two labs until they end or a signal arrives, then writes what they
// measured; an interrupted run still reports the part it ran, and says so.
func headless(run func(context.Context) (time.Duration, error), write func() error) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	elapsed, runErr := run(ctx)
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	if err := write(); err != nil {
		return err
	}
	if runErr != nil {
		return fmt.Errorf("interrupted after %.1fs: the report covers only that part", elapsed.Seconds())
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
	var snap lab.Snapshot
	return headless(func(ctx context.Context) (time.Duration, error) {
		snap, err = lab.Run(ctx, cfg, lab.Options{DependencyPort: r.port})
		return snap.Elapsed, err
	}, func() error { return lab.NewReport(snap).Write(stdout, r.format) })
}

func runCompare(args []string, stdout io.Writer) error {
	r := newReportFlags("compare", "length of both runs (default: A's duration)")
	names, err := r.parse(args, 2)
	if err != nil {
		return err
	}
	var cfgs [2]lab.Config
	for i, name := range names {
		if cfgs[i], err = r.load(name); err != nil {
			return err
		}
	}
	var snaps [2]lab.Snapshot
	return headless(func(ctx context.Context) (time.Duration, error) {
		snaps, err = lab.RunPair(ctx, cfgs[0], cfgs[1], lab.Options{DependencyPort: r.port})
		return snaps[0].Elapsed, err
	}, func() error {
		return lab.NewComparison(lab.NewReport(snaps[0]), lab.NewReport(snaps[1])).Write(stdout, r.format)
	})
}

func listPresets(stdout io.Writer) error {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, p := range presets.List() {
		fmt.Fprintf(tw, "%s\t%s\n", p.Name, p.Description)
	}
	return tw.Flush()
}

func runLive(args []string) error {
	fs := newFlagSet("poollab")
	var c common
	c.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg, err := c.config()
	if err != nil {
		return err
	}
	if !term.IsTerminal(os.Stdout.Fd()) {
		return usagef("the live lab needs a terminal; for a report use: poollab run --preset %s", c.preset)
	}
	var list []ui.Preset
	for _, p := range presets.List() {
		list = append(list, ui.Preset{Name: p.Name, Description: p.Description})
	}
	var app *ui.App
	app = ui.New(ui.Options{
		Config: cfg,
		Start: func(cfg lab.Config) (ui.Engine, error) {
			// A panic in a lab goroutine ends the dashboard cleanly and is printed after.
			l, err := lab.Start(cfg, lab.Options{DependencyPort: c.port, OnPanic: func(err error) { app.Crash(err) }})
			if err != nil {
				return nil, err
			}
			return l, nil
		},
		Presets:    list,
		LoadPreset: func(name string) (lab.Config, error) { return presets.Load(name, nil) },
		NoColor:    os.Getenv("NO_COLOR") != "",
	})
	return app.Run()
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

// parse accepts flags anywhere on the line and refuses stray arguments.
func parse(fs *flag.FlagSet, args []string) error {
	_, err := parseWithArgs(fs, args, 0)
	return err
}

// parseWithArgs accepts flags anywhere on the line and exactly n other arguments.
func parseWithArgs(fs *flag.FlagSet, args []string, n int) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usagef("%v (see: poollab --help)", err)
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(rest) > n:
		return nil, usagef("unexpected argument %q (see: poollab --help)", rest[n])
	case len(rest) < n:
		return nil, usagef("%s needs %d preset names, got %d (see: poollab presets)", fs.Name(), n, len(rest))
	}
	return rest, nil
}

// setFlags collects repeated --set key=value.
type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, " ") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }
