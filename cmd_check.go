// poollab check: the presenter's pre-flight, every preset briefly on this machine.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/signal"

	"poollab/lab"
	"poollab/lab/engine"
	"poollab/presets"
)

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
