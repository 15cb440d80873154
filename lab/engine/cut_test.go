// Tests of paymentsCut: payments' outcomes and the dependency's calls read as at one instant.

package engine

import (
	"net/http"
	"testing"
	"time"

	"poollab/internal/testwait"
	"poollab/lab"
	"poollab/slowserver"
)

// A call answered and counted between the dependency's read and the counts' is held back
// until both are read: the worker waits to count it, so the outcomes never run ahead of the
// calls answered (newcomer 34 #7: 262 ok + 40 now beside 303 calls). The class b, read
// before payments, holds the cut between its two reads while the call ends; read apart
// (without the hold), payments' counts would have the call ok that the dependency's read
// still had in flight. Apart, the worker must count it within the 100ms window for the test
// to fail: on a loaded machine a cut read apart may pass, never a held one fail.
func TestPaymentsCutHoldsACallEndingBetweenTheReads(t *testing.T) {
	dep, err := slowserver.Start(0, slowserver.Settings{Mode: slowserver.Slow, Latency: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer dep.Close()
	pay, b := newClassMetrics(time.Now()), newClassMetrics(time.Now())
	_, counted := payOn(t, dep, pay)
	testwait.WaitFor(t, func() bool { return dep.Stats().InFlight == 1 }, "the call to begin")
	b.mu.Lock() // the cut stops at b's counts: after the dependency's read, before payments'
	type read struct {
		pay lab.ClassStats
		dep lab.DependencyStats
	}
	done := make(chan read)
	go func() {
		out, ds := paymentsCut([]*classMetrics{b, pay}, dep, lab.ModeSlow)
		done <- read{out[1], ds}
	}()
	// The call's 200ms: the cut has read the dependency, the call in flight, long before.
	testwait.WaitFor(t, func() bool { return dep.Stats().InFlight == 0 }, "the call to end")
	select { // held, the worker cannot count it; apart, it would within this
	case <-counted:
	case <-time.After(100 * time.Millisecond):
	}
	b.mu.Unlock()
	got := <-done
	if answered := got.dep.Requests - got.dep.InFlight; got.pay.OK > answered {
		t.Fatalf("%d ok beside %d calls answered (%d made, %d in flight): the outcomes ran ahead of the calls", got.pay.OK, answered, got.dep.Requests, got.dep.InFlight)
	}
	<-counted
}

// A fleet's replicas are held at once, so the one dependency's calls add up with every
// replica's payments: the cut returns a class per replica, each whole (its served
// percentiles with its counts), and all as at the instant the dependency was read. r2's
// counters, held, stop the cut after r1's read; meanwhile a payment arrives on r1 and calls,
// and a call of r3's ends. Read one at a time (each class's stats in turn), the cut would
// have a call beside no arrival (the dependency read after the replicas) or an ok beside
// no call answered (read before them) (review 29 lab #13).
func TestPaymentsCutReadsEveryReplicaWhole(t *testing.T) {
	dep, err := slowserver.Start(0, slowserver.Settings{Mode: slowserver.Slow, Latency: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer dep.Close()
	ms := []*classMetrics{newClassMetrics(time.Now()), newClassMetrics(time.Now()), newClassMetrics(time.Now())}
	at := time.Now()
	for i, m := range ms {
		for range i + 1 {
			m.arrive(time.Now(), false)
			m.finish(lab.OK, false, at, at, at.Add(time.Millisecond))
		}
	}
	out, _ := paymentsCut(ms, dep, lab.ModeSlow)
	for i, s := range out {
		if s.OK != int64(i+1) || s.Latency.Count != s.Served || s.Service.Count != s.Served {
			t.Errorf("replica %d: %d ok, %d served, latency of %d, service of %d", i+1, s.OK, s.Served, s.Latency.Count, s.Service.Count)
		}
	}
	r1, r2, r3 := ms[0], ms[1], ms[2]
	answered3, counted3 := payOn(t, dep, r3)
	testwait.WaitFor(t, func() bool { return dep.Stats().InFlight == 1 }, "r3's call to begin")
	r2.mu.Lock()
	done := make(chan []lab.ClassStats)
	var ds lab.DependencyStats
	go func() {
		var out []lab.ClassStats
		out, ds = paymentsCut(ms, dep, lab.ModeSlow)
		done <- out
	}()
	held := func(m *classMetrics) bool {
		if m.latency.mu.TryLock() {
			m.latency.mu.Unlock()
			return false
		}
		return true
	}
	stopped := func() bool { return held(r2) && !held(r1) } // r1 read and let go, r2 not
	testwait.WaitFor(t, func() bool {
		if !stopped() {
			return false
		}
		time.Sleep(5 * time.Millisecond) // not a moment's read ahead: stopped there
		return stopped()
	}, "the cut to stop at r2's counts")
	_, counted1 := payOn(t, dep, r1)
	testwait.WaitFor(t, func() bool { return dep.Stats().Requests == 2 }, "r1's call to begin")
	<-answered3
	select { // held, r3's worker cannot count it; apart, it would within this
	case <-counted3:
	case <-time.After(100 * time.Millisecond):
	}
	r2.mu.Unlock()
	got := <-done
	var ok, arrived int64 // since the first cut, whose payments called nothing
	for i, s := range got {
		ok, arrived = ok+s.OK-out[i].OK, arrived+s.Arrived-out[i].Arrived
	}
	if answered := ds.Requests - ds.InFlight; ok > answered {
		t.Errorf("%d ok beside %d calls answered (%d made, %d in flight): the outcomes ran ahead of the calls", ok, answered, ds.Requests, ds.InFlight)
	}
	if ds.Requests > arrived {
		t.Errorf("%d calls made beside %d arrivals: the calls ran ahead of the arrivals", ds.Requests, arrived)
	}
	<-counted3
	<-counted1
	for i, m := range ms { // each let go
		for _, h := range m.servedHists() {
			if !h.mu.TryLock() {
				t.Fatalf("replica %d still held", i+1)
			}
			h.mu.Unlock()
		}
	}
}

// A cut holds a fleet's replicas for the copies of their percentiles, not for the walks of
// their histograms: each is walked ahead, so that, held, none is left to walk (but for a
// finish in between). Walked held, the last of 16 replicas waited through the others' walks
// (review 29 lab #11).
func TestReadServedWalksAhead(t *testing.T) {
	ms := make([]*classMetrics, 16)
	for i := range ms {
		ms[i], _ = spreadClass() // recorded since its last read: each to walk
	}
	var walked []int
	readServed(ms, func() {
		for i, m := range ms {
			for _, h := range m.servedHists() {
				if h.dirty {
					walked = append(walked, i+1)
					break
				}
			}
		}
	})
	if len(walked) > 0 {
		t.Errorf("replicas %v left to walk while all are held", walked)
	}
}

// payOn is a worker of m: a payment's arrival, its call to dep (answered: when it returns),
// then its count (counted).
func payOn(t *testing.T, dep *slowserver.Server, m *classMetrics) (answered, counted chan struct{}) {
	answered, counted = make(chan struct{}), make(chan struct{})
	go func() {
		m.arrive(time.Now(), false)
		at := time.Now()
		resp, err := http.Get(dep.URL() + "/pay")
		if err != nil {
			t.Error(err)
		} else {
			resp.Body.Close()
		}
		close(answered)
		m.finish(lab.OK, false, at, at, time.Now())
		close(counted)
	}()
	return answered, counted
}
