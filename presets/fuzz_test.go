package presets

import (
	"errors"
	"strings"
	"testing"

	"poollab/lab"
	"poollab/lab/labtest"
)

// FuzzLoad: a preset file and --set lines (one a line) of any content load as a valid
// config, or fail as bad input: lab.ErrInvalid, one printable line, repeating at most
// lab.MaxQuoted characters of the file or of any --set's key or value. Nothing panics.
func FuzzLoad(f *testing.F) {
	for _, p := range List() { // every embedded preset, as a file
		data, _ := embedded(p.Name)
		f.Add(string(data), "")
	}
	for _, file := range []string{
		"", "pool:\n  workers: 40\n", "name: other\n", "# nothing here\npool:\ntraffic: ~\n",
		"duration: 1m\npool: {workers: 7, queue: 3, discipline: lifo}\ntraffic:\n  seed: -4\n  payment: {rate: 2.5}\n",
		"pool:\n  workers: \"30\"\ntraffic:\n  payment:\n    rate: '7.5'\n",
		"traffic:\n  payment: &r {rate: 3}\n  signup: *r\n",
		"payment:\n  retry:\n    attempts: 3\n    on: [timeout, refused]\n    budget: 12.5%\n",
		"traffic:\n  payment:\n    profile: [{at: 0s, rate: 150}, {at: 5s, rate: 500}]\n",
		"pool: *" + strings.Repeat("A", 100) + "\n", "a: &x [*x]\npool: *x\n", "pool: {<<: {workers: 3}}\n",
		"pool:\n  worksers: 30\n", "pool: 3\n", "---\n---\n", "pool: {workers: 1}\npool: {workers: 2}\n",
	} {
		f.Add(file, "")
	}
	for _, sets := range []string{
		"pool.workers=30\ndependency.latency=2s", "payment.bulkhead.type=semaphore\ntraffic.payment.rate=20\nname=mine",
		"payment.retry.on=refused, timeout", "pool.workers", "=30", "pool..workers=30", "pool.worksers=30", "pool=3",
		"pool.workers.max=3", "pool.autoscale.step=-1", "duration=3000000h", "pool.queue=unbounded",
		"traffic.payment.profile=[{at: 0s, rate: 150}, {at: 5s, rate: 500}]", "payment.retry.budget=10%",
		"name=\x1b]0;x\a", "dependency.latency=" + strings.Repeat("9", 60) + "h",
	} {
		f.Add("pool:\n  workers: 40\n", sets)
	}
	f.Fuzz(func(t *testing.T, file, sets string) {
		var list []string
		if sets != "" {
			list = strings.Split(sets, "\n")
		}
		cfg, err := load(source{label: "fuzz.yaml", name: "fuzz", data: []byte(file)}, list)
		if err == nil {
			if err := cfg.Validate(); err != nil {
				t.Fatalf("loaded a config that does not validate: %v", err)
			}
			if lab.Printable(cfg.Name) != cfg.Name || lab.Printable(cfg.Description) != cfg.Description {
				t.Fatalf("name %q or description %q is not printable", cfg.Name, cfg.Description)
			}
			return
		}
		msg := err.Error()
		if !errors.Is(err, lab.ErrInvalid) {
			t.Fatalf("not lab.ErrInvalid: %v", err)
		}
		if msg == "" || lab.Printable(msg) != msg {
			t.Fatalf("not one printable line: %q", msg)
		}
		pieces := []string{file}
		for _, s := range list {
			key, value, _ := strings.Cut(s, "=")
			pieces = append(pieces, key, value)
		}
		for _, p := range pieces {
			if echo := labtest.Echo(msg, p); echo != "" {
				t.Fatalf("the message repeats more than %d characters of the input (%q):\n%s", lab.MaxQuoted, echo, msg)
			}
		}
	})
}
