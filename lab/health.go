package lab

import "sync"

// healthStreak is how many failed checks in a row make a balancer pull an instance, and how
// many passed checks in a row bring it back.
const healthStreak = 3

// HealthStats is the load balancer's view of this instance.
type HealthStats struct {
	FailStreak int   // failed checks in a row now (starved or answered too late)
	Pulled     bool  // a balancer would have taken this instance out of rotation
	Pulls      int64 // times it was pulled
}

type healthCheck struct {
	mu     sync.Mutex
	failed int // in a row
	passed int // in a row
	pulled bool
	pulls  int64
}

func (h *healthCheck) observe(ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if ok {
		h.failed, h.passed = 0, h.passed+1
		if h.pulled && h.passed >= healthStreak {
			h.pulled = false
		}
		return
	}
	h.passed, h.failed = 0, h.failed+1
	if !h.pulled && h.failed >= healthStreak {
		h.pulled = true
		h.pulls++
	}
}

func (h *healthCheck) stats() HealthStats {
	h.mu.Lock()
	defer h.mu.Unlock()
	return HealthStats{FailStreak: h.failed, Pulled: h.pulled, Pulls: h.pulls}
}
