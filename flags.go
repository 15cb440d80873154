// The command line's flags: the ones every command that starts a lab shares, the flag types
// whose bad values are reported in our own words, and how a line is parsed.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"poollab/lab"
	"poollab/presets"
)

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

func (c *compareFlag) String() string { return c.name }

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

// recordHelp is --record's help, for the live lab and the tour.
const recordHelp = "record the session to this file: FILE.gif an animated GIF of the frames drawn, any other name asciicast v2 (asciinema play, agg)"

// machineFlag is --machine, for every command that draws the screen: the lab's own measures
// drawn, as the m key shows them (off, as the live lab starts).
func machineFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("machine", false, "draw the lab's own measures too (generator lag, goroutines, the wait's parts), as the m key shows them")
}

// recordFlag is --record's path, or nil when it was not given.
func recordFlag(fs *flag.FlagSet, path string) *string {
	if !flagSet(fs, "record") {
		return nil
	}
	return &path
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

func (s *setFlags) String() string { return strings.Join(*s, " ") }

func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// usageError is a bad command line; like lab.ErrInvalid it exits 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }
