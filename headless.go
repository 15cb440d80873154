// What the headless commands (run, compare, snapshot) share: the dependencies' ports bound
// before anything starts, the signals that end a run early with a report of its part, and
// a run's length from --duration or --at.

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"poollab/lab"
	"poollab/lab/engine"
)

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

// prepare readies a headless run of sides labs: their dependencies' ports bound (--port),
// and a context that a stop signal ends. release lets both go.
func prepare(port, sides int) (ctx context.Context, o engine.Options, release func(), err error) {
	ports, err := listenPorts(port, sides)
	if err != nil {
		return nil, o, nil, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	return ctx, engine.Options{Ports: ports}, func() { stop(); ports.Close() }, nil
}

// headless runs one lab, or two side by side on identical traffic, until they end or a
// signal arrives, then writes what they measured; an interrupted run still reports the part
// it ran, and says so.
func headless(cfgs []lab.Config, port int, write func([]lab.Snapshot) error) error {
	ctx, o, release, err := prepare(port, len(cfgs))
	if err != nil {
		return err
	}
	defer release()
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
