// poollab tour: the guided tour, a chapter per lesson, or its chapters listed.

package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/charmbracelet/x/term"

	"poollab/lab"
	"poollab/ui"
)

// runTour is the guided tour: the live lab opened on a chapter's card, or the chapters
// listed (no terminal needed).
func runTour(args []string, stdout io.Writer) error {
	fs := newFlagSet("tour")
	list := fs.Bool("list", false, "list the chapters, one a line")
	// Its range is checked once the chapters are known.
	chapter := intFlag{n: 1, lo: math.MinInt, hi: math.MaxInt, rule: "write a chapter's number (see: poollab tour --list)"}
	fs.Var(&chapter, "chapter", "start at this chapter (see: poollab tour --list)")
	record := fs.String("record", "", recordHelp)
	machine := machineFlag(fs)
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
	return live([]lab.Config{cfg}, port.n, recordFlag(fs, *record), *machine, chapter.n)
}
