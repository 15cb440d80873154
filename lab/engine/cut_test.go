// Tests of paymentsCut: payments' outcomes and the dependency's calls read as at one instant.

package engine

import (
	"net/http"
	"testing"
	"time"

	"poollab/lab"
	"poollab/slowserver"
)

// A call answered and counted between the dependency's read and the counts' is held back
// until both are read: the worker waits to count it, so the outcomes never run ahead of the
// calls answered (newcomer 34 #7: 262 ok + 40 now beside 303 calls). The class b, read
// before payments, holds the cut between its two reads while the call ends; read apart
// (without the hold), payments' counts would have the call ok that the dependency's read
// still had in flight.
func TestPaymentsCutHoldsACallEndingBetweenTheReads(t *testing.T) {
	dep, err := slowserver.Start(0, slowserver.Settings{Mode: slowserver.Slow, Latency: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer dep.Close()
	pay, b := newClassMetrics(), newClassMetrics()
	counted := make(chan struct{})
	go func() { // a worker: the call, then its count
		pay.arrive(false)
		at := time.Now()
		resp, err := http.Get(dep.URL() + "/pay")
		if err != nil {
			t.Error(err)
		} else {
			resp.Body.Close()
		}
		pay.finish(lab.OK, at, at, time.Now())
		close(counted)
	}()
	waitFor(t, func() bool { return dep.Stats().InFlight == 1 }, "the call to begin")
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
	waitFor(t, func() bool { return dep.Stats().InFlight == 0 }, "the call to end")
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
// percentiles with its counts).
func TestPaymentsCutReadsEveryReplicaWhole(t *testing.T) {
	dep, err := slowserver.Start(0, slowserver.Settings{Mode: slowserver.Healthy})
	if err != nil {
		t.Fatal(err)
	}
	defer dep.Close()
	ms := []*classMetrics{newClassMetrics(), newClassMetrics(), newClassMetrics()}
	at := time.Now()
	for i, m := range ms {
		for range i + 1 {
			m.arrive(false)
			m.finish(lab.OK, at, at, at.Add(time.Millisecond))
		}
	}
	out, _ := paymentsCut(ms, dep, lab.ModeHealthy)
	for i, s := range out {
		if s.OK != int64(i+1) || s.Latency.Count != s.Served || s.Service.Count != s.Served {
			t.Errorf("replica %d: %d ok, %d served, latency of %d, service of %d", i+1, s.OK, s.Served, s.Latency.Count, s.Service.Count)
		}
	}
	for i, m := range ms { // each let go
		if !m.latency.mu.TryLock() {
			t.Fatalf("replica %d still held", i+1)
		}
		m.latency.mu.Unlock()
	}
}
