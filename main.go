// Command poollab is a terminal lab that makes worker-pool exhaustion visible.
// This file only wires: flags → config → live lab or headless run.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"poollab/lab"
	"poollab/lab/engine"
)

const usage = `poollab: watch a shared worker pool run dry, and isolation fix it.

usage:
  poollab [--preset NAME|FILE] [--set key=value]... [--record FILE.cast|FILE.gif] [--machine]
                                                         the live lab (default preset shared-pool);
                                                         --record writes the session as asciicast v2,
                                                         or as an animated GIF (10 frames a second);
                                                         --machine starts with the lab's own measures
                                                         shown (m toggles them; snapshot and tour too)
  poollab --compare A B [--set key=value]...            two live labs, A and B, on identical traffic
                                                         (also: --preset A --compare B; v toggles it live)
  poollab run --preset NAME|FILE [--duration D] [--set key=value]... [--format table|markdown|json]
  poollab compare A B [--duration D] [--set key=value]... [--format table|markdown|json]
                                                         A and B side by side on identical traffic
  poollab snapshot --preset A [--compare B] [--at D] [--size WxH[,WxH]...] [--out FILE]
                 [--format ans|txt|svg|png|gif] [--scale N] [--machine] [--set key=value]...
                                                         run to D headless, print the live lab's frame
                                                         at that size: ANSI (NO_COLOR=1 for none), plain
                                                         text, an SVG picture for browsers and slides, a
                                                         PNG (--scale N pixels a pixel, default 2), or a
                                                         GIF of the run from 0 to D, 10 frames a second;
                                                         --out writes FILE instead; several sizes draw
                                                         one run, each to FILE with -WxH before its
                                                         extension (x.txt: x-120x40.txt, x-80x24.txt)
  poollab presets                                        list the presets and what each shows
  poollab tour [--chapter N] [--record FILE.cast|FILE.gif] [--machine]
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
