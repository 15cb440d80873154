// Tests of the GIF recording of a session: complete however it ends, and a failing disk.

package ui

import (
	"errors"
	"testing"
	"time"
)

// asGIF records a session as a GIF, at scale 1 to keep the test light.
func asGIF(o *Options) { o.RecordGIF, o.Scale = true, 1 }

// endGIF waits for Run and reads the GIF, which must be complete by then: the frames the
// screen showed, at least FrameEvery apart, their delays adding up to the session.
func (s *session) endGIF() (frames int, err error) {
	s.t.Helper()
	return s.checkGIF(s.wait())
}

func (s *session) checkGIF(err error) (int, error) {
	s.t.Helper()
	g := decodeGIF(s.t, s.rec.Bytes())
	if w := newRaster(1).size(120, 40); g.Config.Width != w.Dx() || g.Config.Height != w.Dy() {
		s.t.Errorf("%dx%d pixels, want the 120x40 screen's %v", g.Config.Width, g.Config.Height, w)
	}
	total := 0
	for i, d := range g.Delay {
		if d < centiseconds(FrameEvery) {
			s.t.Errorf("frame %d shows for %d cs: more than 10 frames a second", i, d)
		}
		total += d
	}
	// Frames that came faster than 10 a second show from FrameEvery after the one before: the
	// last one, taken as the recording stops, up to FrameEvery after the stop, and it shows
	// for FrameEvery.
	if limit := centiseconds(max(time.Since(s.start), time.Duration(len(g.Image))*FrameEvery) + 2*FrameEvery); total > limit {
		s.t.Errorf("the delays add up to %d cs, more than the %d cs of the session's frames", total, limit)
	}
	return len(g.Image), err
}

// A GIF recording is complete however the session ends: q, ctrl+c, a crash (SIGHUP and
// SIGTERM: run_unix_test.go), and holds the frames the screen drew.
func TestRecordGIFEveryExit(t *testing.T) {
	for _, tc := range []struct {
		name string
		end  func(s *session)
		want func(error) bool
	}{
		{"q", func(s *session) { s.typeKeys("q") }, func(err error) bool { return err == nil }},
		{"ctrl+c", func(s *session) { s.typeKeys("\x03") }, func(err error) bool { return err == nil }},
		{"crash", func(s *session) { s.app.Crash(errors.New("boom")) }, func(err error) bool { return err != nil && err.Error() == "boom" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := startSession(t, asGIF)
			for _, key := range []string{"b", "]", "?"} { // each changes the screen
				s.press(key)
			}
			tc.end(s)
			n, err := s.endGIF()
			if !tc.want(err) {
				t.Errorf("Run: %v", err)
			}
			if n < 2 {
				t.Errorf("%d frames: the screens drawn are not in it", n)
			}
		})
	}
}

// A GIF that cannot be written does not stop the lab; Run says so at the end.
func TestRecordGIFWriteError(t *testing.T) {
	s := startSession(t, asGIF, func(o *Options) { o.Record = failingWriter{} })
	s.typeKeys("q")
	if err := s.wait(); err == nil || err.Error() != "recording: disk full" {
		t.Fatalf("Run: %v", err)
	}
}
