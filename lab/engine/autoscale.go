// The pool's autoscaler: more workers while requests queue, fewer when they sit idle.

package engine

import "time"

// autoscale scales the pool on queue length, as the postmortem's pool did: every
// pool.autoscale.every it adds step workers while requests are queued (up to max), and
// takes step away when at least that many sat free the whole time (down to pool.workers).
// It ends when autoscaling is turned off or the lab stops.
func (p *pool) autoscale() {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		p.mu.Lock()
		every := p.auto.Every.D()
		p.mu.Unlock()
		timer.Reset(every)
		select {
		case <-p.ctx.Done():
		case <-timer.C:
		}
		p.mu.Lock()
		if p.auto.Max == 0 || p.ctx.Err() != nil {
			p.scaling = false
			p.mu.Unlock()
			return
		}
		p.scale()
		p.mu.Unlock()
	}
}

// scale takes one autoscaling decision. Called with p.mu held.
func (p *pool) scale() {
	step := p.auto.Step
	switch smaller := max(p.size-step, p.base); {
	case len(p.queue) > 0 && p.size < p.auto.Max:
		p.setSize(min(p.size+step, p.auto.Max))
	case len(p.queue) == 0 && smaller < p.size && p.minFree >= p.size-smaller:
		p.setSize(smaller)
	}
	p.minFree = p.free.Len()
}
