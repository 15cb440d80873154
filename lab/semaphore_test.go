// Tests of the resizable semaphore: a resize never admits more than the size in force.

package lab

import (
	"context"
	"testing"
)

// Resizing a bulkhead never admits more than the size in force, old holders included.
func TestSemaphoreResizeNeverOvershoots(t *testing.T) {
	var s semaphore
	s.configure(5, 0)
	var releases []func()
	for range 5 {
		rel, err := s.acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, rel)
	}
	s.configure(6, 0) // one more permit, not six
	rel, err := s.acquire(context.Background())
	if err != nil {
		t.Fatalf("the 6th permit of 6: %v", err)
	}
	if _, err := s.acquire(context.Background()); err == nil {
		t.Fatal("a 7th permit with size 6")
	}
	s.configure(2, 0) // shrink below the 6 held
	if _, err := s.acquire(context.Background()); err == nil {
		t.Fatal("a permit with 6 held and size 2")
	}
	for _, r := range append(releases, rel)[:5] {
		r()
	}
	if got := s.inUse.Load(); got != 1 {
		t.Fatalf("in use %d after releasing 5 of 6", got)
	}
	if _, err := s.acquire(context.Background()); err != nil {
		t.Fatalf("2nd permit of 2: %v", err)
	}
}
