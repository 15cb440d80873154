// poollab presets: the embedded presets and what each shows.

package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"poollab/presets"
)

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
