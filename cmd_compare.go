// poollab compare: two presets side by side on identical traffic, then their comparison.

package main

import (
	"io"

	"poollab/lab"
)

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
