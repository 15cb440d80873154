// poollab run: one preset headless, then its report.

package main

import (
	"io"

	"poollab/lab"
)

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
