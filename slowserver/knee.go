package slowserver

import "poollab/knee"

// DefaultKneeExponent is used when Settings.KneeExponent is 0.
const DefaultKneeExponent = knee.DefaultExponent
