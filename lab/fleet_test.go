// Tests of a fleet's config: a replica's share.

package lab

import (
	"testing"
	"time"
)

// A replica's share of the stream divides a profile's steps as it divides the base rate,
// and leaves the fleet's own steps as they were.
func TestShareDividesTheProfile(t *testing.T) {
	c := DefaultConfig()
	c.Traffic.Payment.Rate = 40
	c.Traffic.Payment.Profile = []RateStep{{At: Duration(time.Second), Rate: 80}}
	r := c.Share(4)
	if got := r.Traffic.RateAt(Payment, 2*time.Second); got != 20 {
		t.Errorf("a replica of 4 takes %v/s after the step to 80/s, want 20", got)
	}
	if got := c.Traffic.Payment.Profile[0].Rate; got != 80 {
		t.Errorf("the fleet's step is %v/s after share, want 80", got)
	}
}
