// The knee's default exponent; the latency rule itself is package knee's.

package slowserver

import "poollab/knee"

// DefaultKneeExponent is used when Settings.KneeExponent is 0.
const DefaultKneeExponent = knee.DefaultExponent
