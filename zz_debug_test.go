package main

import (
	"fmt"
	"os"
	"testing"
	"time"

	"poollab/lab"
)

func TestZZDebug(t *testing.T) {
	an, bn := os.Getenv("ZA"), os.Getenv("ZB")
	if an == "" {
		t.Skip()
	}
	a, _ := loadPreset(an)
	b, _ := loadPreset(bn)
	a, _ = withDuration(a, "d", 8*time.Second)
	b = lab.SameTraffic(a, b)
	headless([]lab.Config{a, b}, 0, func(s []lab.Snapshot) error {
		rows, _ := lab.Compare(&s[0], &s[1])
		for _, r := range rows {
			x, y, d := r.Cells()
			fmt.Printf("%-8s %-16s %8s %8s %10s sig=%v sooner=%v p50few=%v chance=%.3f units=%v\n", r.Class, r.Name(), x, y, d, r.Significant, r.Sooner, r.P50TooFew, r.Chance, r.Units)
		}
		for _, f := range lab.NoiseRule(rows, lab.ByBlocks(&s[0], &s[1]), a.Traffic.Label) {
			fmt.Printf("%3d %s\n", len([]rune(f)), f)
		}
		return nil
	})
}
