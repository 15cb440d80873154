package presets

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"poollab/lab"
)

// A traffic profile is a list of mappings: read from the file or from one --set, checked
// like any other group, its errors at the file's line or naming the --set.
func TestLoadProfile(t *testing.T) {
	lunch := []lab.RateStep{{At: 0, Rate: 150}, {At: lab.Duration(5 * time.Second), Rate: 500}, {At: lab.Duration(35 * time.Second), Rate: 150}}
	same := func(t *testing.T, got []lab.RateStep) {
		t.Helper()
		if len(got) != len(lunch) {
			t.Fatalf("profile %v, want %v", got, lunch)
		}
		for i := range got {
			if got[i] != lunch[i] {
				t.Errorf("step %d: %v, want %v", i, got[i], lunch[i])
			}
		}
	}
	block := "traffic:\n  payment:\n    label: orders\n    profile:\n      - {at: 0s, rate: 150}\n      - at: 5s\n        rate: 500\n      - {at: 35s, rate: 150}\n"
	c, err := Load(writeFile(t, "p.yaml", block), nil)
	if err != nil {
		t.Fatal(err)
	}
	same(t, c.Traffic.Payment.Profile)
	eq(t, "label", c.Traffic.Label(lab.Payment), "orders")

	c, err = Load("shared-pool", []string{"traffic.payment.profile=[{at: 0s, rate: 150}, {at: 5s, rate: 500}, {at: 35s, rate: 150}]",
		"pool.queue=unbounded"})
	if err != nil {
		t.Fatal(err)
	}
	same(t, c.Traffic.Payment.Profile)
	if !c.Pool.Queue.Unbounded() {
		t.Errorf("pool.queue=unbounded read as %v", c.Pool.Queue)
	}
	// --set replaces the file's list, and an empty one means none.
	c, err = Load(writeFile(t, "p.yaml", block), []string{"traffic.payment.profile=[]"})
	if err != nil || len(c.Traffic.Payment.Profile) != 0 {
		t.Errorf("profile %v, err %v: want none", c.Traffic.Payment.Profile, err)
	}

	for _, tc := range []struct{ file, set, want string }{
		{file: "traffic:\n  payment:\n    profile:\n      - {at: 0s, rate: 150, ramp: 2s}\n",
			want: `FILE:4: unknown key "traffic.payment.profile[0].ramp" (traffic.payment.profile[0] has: at, rate)`},
		{file: "traffic:\n  payment:\n    profile:\n      - {at: 0s, rate: 150}\n      - {rate: 500}\n",
			want: `FILE:5: traffic.payment.profile[1]: needs at (each item gives at, rate)`},
		{file: "traffic:\n  payment:\n    profile: 150\n",
			want: `FILE:3: traffic.payment.profile: must be a list of mappings with keys at, rate, like [{at: 0s, rate: 150}, {at: 5s, rate: 500}], got "150"`},
		{file: "traffic:\n  payment:\n    profile:\n      - 150\n",
			want: `FILE:4: traffic.payment.profile[0]: must be a mapping with keys at, rate, got "150"`},
		{file: "traffic:\n  payment:\n    profile:\n      - {at: 5s, rate: 150}\n      - {at: 2s, rate: 500}\n",
			want: `FILE:5: traffic.payment.profile[1].at: must come after the step before it (5s), got 2s`},
		{file: "traffic:\n  payment:\n    profile:\n      - {at: 0s, rate: -1}\n",
			want: `FILE:4: traffic.payment.profile[0].rate: must be 0 (none) or 0.01..10000 per second, got -1`},
		{file: "traffic:\n  payment:\n    profile:\n      - {at: 0s, rate: fast}\n",
			want: `FILE:4: traffic.payment.profile[0].rate: "fast" is not a number`},
		{set: "traffic.payment.profile=[{at: 0s, rate: fast}]",
			want: `--set traffic.payment.profile=[{at: 0s, rate: fast}]: "fast" is not a number`},
		{set: "traffic.payment.profile=[{at: 0s, rate: 99999}]",
			want: `--set traffic.payment.profile=[{at: 0s, rate: 99999}]: must be 0 (none) or 0.01..10000 per second, got 99999`},
		{set: "traffic.payment.profile=[{at: 0s",
			want: `--set traffic.payment.profile=[{at: 0s: write the list as in a preset file, like --set 'traffic.payment.profile=[{at: 0s, rate: 150}, {at: 5s, rate: 500}]'`},
		{set: "pool.queue=lots", want: `--set pool.queue=lots: "lots" is not a whole number or unbounded`},
		{set: "pool.queue=-1", want: `--set pool.queue=-1: must be 0..100000 (0 rejects when every worker is busy) or unbounded, got -1`},
		{set: "traffic.payment.label=a\x1b[2Jb", want: `--set traffic.payment.label=a\x1b[2Jb: must be at most 12 letters, digits, spaces, - or _ (empty: the class's name), got "a\x1b[2Jb"`},
		{set: "pool.autoscale.max=4", want: `--set pool.autoscale.max=4: must be 0 (no autoscaling) or pool.workers (20)..10000, got 4`},
		{set: "dependency.knee_exponent=0", want: `--set dependency.knee_exponent=0: must be above 0 and at most 8 (above 1 the dependency answers fewer per second past its knee), got 0`},
	} {
		ref, want, sets := "shared-pool", tc.want, []string(nil)
		if tc.file != "" {
			ref = writeFile(t, "bad.yaml", tc.file)
			want = strings.ReplaceAll(want, "FILE", ref)
		}
		if tc.set != "" {
			sets = []string{tc.set}
		}
		loadFails(t, ref, sets, want)
	}
}

// The retry budget's description names what the budget counts its retries against, the
// payments, as the narrator does ("9 retries for 97 payments, 9%"): "near 10% of the calls"
// was a base the lab does not count by (newcomer 22).
func TestRetryBudgetDescriptionSaysItsBase(t *testing.T) {
	c, err := Load("retry-budget", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c.Description, "retries stay near 10% of the payments") {
		t.Errorf("description %q", c.Description)
	}
}

// The presets' descriptions use the screen's words: not ok, of the requests that got a reply, as
// the postmortem's narrator says it ("not ok 0.0% of replies"), never "errors" (the review:
// `poollab presets` said "p95 climbs into seconds with no errors").
func TestDescriptionsSayNotOK(t *testing.T) {
	for _, p := range List() {
		if strings.Contains(p.Description, "error") {
			t.Errorf("%s: %q", p.Name, p.Description)
		}
	}
	if c, err := Load("postmortem", nil); err != nil || !strings.Contains(c.Description, "not ok stays 0% of replies") {
		t.Errorf("postmortem: %q, %v", c.Description, err)
	}
}

// A chain's files say "the edge" for the lab's own payment call, as the screen does ("edge
// retries", "the edge and hops 1–2 try"): "only the lab retries" beside `retry_at: edge` named
// one layer two ways (review 24). And the stacked-timeouts description names the layers that
// retry: hop 3, the slow one, does not ("3 hops, each with … 3 tries" said it did).
func TestChainPresetsSayEdge(t *testing.T) {
	for _, name := range []string{"stacked-timeouts", "deadline-propagation"} {
		b, err := files.ReadFile(name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		for _, lab := range []string{"only the lab", "the lab calls", "the lab's own timeout", "the lab retries", "lab, hop"} {
			if strings.Contains(strings.ToLower(string(b)), lab) {
				t.Errorf("%s.yaml says %q for the edge", name, lab)
			}
		}
	}
	if c, err := Load("stacked-timeouts", nil); err != nil || !strings.Contains(c.Description, "The edge and hops 1-2 each try 3 times, 500ms a try, over a slow hop 3") {
		t.Errorf("stacked-timeouts: %q, %v", c.Description, err)
	}
}

// The adaptive limit's narrator names the fix preset's pool, "postmortem-fix's fixed 24
// workers" (newcomer 50): lab's names for it are that preset's, a fixed pool on the same
// dependency as adaptive-limit, one call under its knee.
func TestFixPresetIsTheAdaptiveLimitsFixedPool(t *testing.T) {
	fix, err := Load(lab.FixPreset, nil)
	if err != nil {
		t.Fatal(err)
	}
	adaptive, err := Load("adaptive-limit", nil)
	if err != nil {
		t.Fatal(err)
	}
	if fix.Pool.Workers != lab.FixWorkers || fix.Pool.Autoscale.Max != 0 || fix.Dependency.Knee != lab.FixWorkers+1 || adaptive.Dependency.Knee != fix.Dependency.Knee ||
		fix.Dependency.HealthyLatency.D() != lab.FixLatency || adaptive.Dependency.HealthyLatency.D() != lab.FixLatency {
		t.Errorf("%s: %d workers, autoscale to %d, knee %d (adaptive-limit's %d), latency %v (%v): want a fixed %d, one under the same knee, at %v",
			lab.FixPreset, fix.Pool.Workers, fix.Pool.Autoscale.Max, fix.Dependency.Knee, adaptive.Dependency.Knee, fix.Dependency.HealthyLatency, adaptive.Dependency.HealthyLatency, lab.FixWorkers, lab.FixLatency)
	}
}

// deadline-propagation is stacked-timeouts with one change, the deadline passed down (with
// its reserve and min_call, which only it reads): the hops are set to retry alike, so the
// calls it saves are the deadline's (newcomer 54: it set the hops to try once too).
func TestDeadlinePropagationDiffersInTheDeadline(t *testing.T) {
	a, err := Load("stacked-timeouts", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load("deadline-propagation", nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.Dependency.Deadline != lab.DeadlinePropagate || a.Dependency.Deadline != lab.DeadlinePerHop {
		t.Fatalf("deadlines %s, %s", a.Dependency.Deadline, b.Dependency.Deadline)
	}
	a.Name, a.Description = b.Name, b.Description
	a.Dependency.Deadline, a.Dependency.Hop.Reserve, a.Dependency.Hop.MinCall = b.Dependency.Deadline, b.Dependency.Hop.Reserve, b.Dependency.Hop.MinCall
	if !reflect.DeepEqual(a, b) {
		t.Errorf("beyond the deadline:\n%+v\n%+v", a, b)
	}
}
