package slowserver

import (
	"fmt"
	"time"
)

// Stall is a schedule of pauses during which the server accepts connections and reads
// requests but answers nothing, like a process stopped by a long GC pause or a
// filesystem freeze. Stalls begin at FirstAt, FirstAt+Every, FirstAt+2·Every, ... counted
// from the server's Start (Server.Started), never from Set: changing other settings
// leaves the schedule where it was, and new stall settings keep the same origin.
// Each stall lasts For; zero For means no stall; zero Every means a single stall at FirstAt.
type Stall struct {
	Every, For, FirstAt time.Duration
}

// Finish is when a request that arrives at offset arrival (from Start) and needs delay of
// the server's time answers, as an offset from Start. A stall freezes the request for as
// long as it overlaps [arrival, arrival+delay]: it answers at the stall's end plus the rest
// of its delay. A request due exactly as a stall begins answers before it.
func (st Stall) Finish(arrival, delay time.Duration) time.Duration {
	t, rest := arrival, max(delay, 0)
	if st.For <= 0 {
		return t + rest
	}
	if t < st.FirstAt { // work until the first stall
		if t+rest <= st.FirstAt {
			return t + rest
		}
		rest -= st.FirstAt - t
		t = st.FirstAt
	}
	if st.Every <= 0 { // the single stall
		return max(t, st.FirstAt+st.For) + rest
	}
	// t is now at or after FirstAt: in stall k or in the gap after it.
	k := (t - st.FirstAt) / st.Every
	begin := st.FirstAt + k*st.Every
	t = max(t, begin+st.For) // frozen until stall k ends
	next := begin + st.Every
	if t+rest <= next { // done before stall k+1
		return t + rest
	}
	rest -= next - t
	t = next + st.For // frozen through stall k+1
	// From the end of a stall, each period gives Every-For of work; skip the whole ones.
	work := st.Every - st.For
	periods := (rest - 1) / work // periods whose work does not finish the request
	return t + periods*st.Every + rest - periods*work
}

func (st Stall) check() error {
	if st.Every < 0 || st.For < 0 || st.FirstAt < 0 {
		return fmt.Errorf("slowserver: stall %+v has a negative duration", st)
	}
	if st.For > 0 && st.Every > 0 && st.Every <= st.For {
		return fmt.Errorf("slowserver: stall every %v for %v never ends: Every must exceed For", st.Every, st.For)
	}
	return nil
}
