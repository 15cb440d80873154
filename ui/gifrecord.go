package ui

import (
	"io"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Recording the session as an animated GIF (--record FILE.gif): the frames the model draws,
// not the bytes sent to the terminal. The model is wrapped: each View hands its frame to
// the recorder, which keeps only the newest (a slot, not a queue) and wakes its own
// goroutine; that goroutine draws and encodes at most FrameEvery apart. The renderer never
// waits: if encoding falls behind, the frames drawn meanwhile are skipped, and the GIF
// shows the newest for longer.

// FrameEvery is the shortest time between two frames of a GIF: 10 frames a second, the
// dashboard's own tick.
const FrameEvery = tickEvery

// RecordScale is a recording's scale: the SVG's size, 1100×740 pixels for 120x40. At the
// default scale of 2 a 60-second recording of shared-pool is 5.5 MB (measured), over the
// 5 MB that chat and trackers take; at 1 it is well under (BenchmarkGIFSharedPool60s).
const RecordScale = 1

// Animation writes frames drawn by Frame as an animated GIF, for poollab snapshot.
type Animation struct{ g *gifWriter }

// NewAnimation starts an animated GIF on w at scale (see CheckScale).
func NewAnimation(w io.Writer, scale int) *Animation { return &Animation{newGIFWriter(w, scale)} }

// Frame adds frame, shown from at (after the frame before it).
func (a *Animation) Frame(frame string, at time.Duration) error { return a.g.frame(frame, true, at) }

// Close shows the last frame until end and completes the GIF.
func (a *Animation) Close(end time.Duration) error { return a.g.close(end) }

// gifShot is one frame as the model drew it.
type gifShot struct {
	frame string
	dark  bool
	at    time.Duration // since the recording's start
}

// gifRecorder records a session's frames to a GIF on its own goroutine.
type gifRecorder struct {
	start time.Time
	g     *gifWriter
	wake  chan struct{} // a frame waits in latest
	quit  chan struct{} // stop was called
	done  chan struct{}
	err   error // the goroutine's; read after done
	// failed is err as soon as it happens, for the dashboard's tick (failure).
	failed atomic.Pointer[error]

	mu       sync.Mutex
	latest   *gifShot
	stopping bool
}

// startGIFRecorder starts recording frames to w as a GIF at scale; stop ends it.
func startGIFRecorder(w io.Writer, scale int) *gifRecorder {
	r := &gifRecorder{start: time.Now(), g: newGIFWriter(w, scale), wake: make(chan struct{}, 1),
		quit: make(chan struct{}), done: make(chan struct{})}
	go r.run()
	return r
}

// offer hands the recorder a frame just drawn, replacing one it has not taken yet.
func (r *gifRecorder) offer(frame string, dark bool) {
	if frame == "" { // no size yet
		return
	}
	shot := &gifShot{frame: frame, dark: dark, at: time.Since(r.start)}
	r.mu.Lock()
	r.latest = shot
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default: // already woken
	}
}

func (r *gifRecorder) take() *gifShot {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.latest
	r.latest = nil
	return s
}

// run is the recording goroutine: it waits for a frame, and for FrameEvery after the last
// one it encoded, then encodes the newest. On stop it encodes the frame left, if any, and
// completes the GIF.
func (r *gifRecorder) run() {
	defer close(r.done)
	last := -FrameEvery // when the last frame encoded shows from
	put := func(s *gifShot) {
		if s == nil || r.err != nil {
			return
		}
		at := max(s.at, last+FrameEvery)
		if r.err = r.g.frame(s.frame, s.dark, at); r.err == nil {
			r.err = r.g.flush() // a full disk shows at this frame, not at the end
		}
		if err := r.err; err != nil {
			r.failed.Store(&err)
		}
		last = at
	}
	finish := func() {
		put(r.take())
		if err := r.g.close(max(time.Since(r.start), last+FrameEvery)); r.err == nil {
			r.err = err
		}
	}
	for {
		select {
		case <-r.quit:
			finish()
			return
		case <-r.wake:
		}
		if wait := last + FrameEvery - time.Since(r.start); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-r.quit:
				t.Stop()
				finish()
				return
			}
		}
		put(r.take())
	}
}

// failure is the first error writing the GIF, nil while there is none. Any goroutine may
// call it: the dashboard's tick does.
func (r *gifRecorder) failure() error {
	if err := r.failed.Load(); err != nil {
		return *err
	}
	return nil
}

// stop ends the recording and returns once the GIF is complete, with the first error
// writing it.
func (r *gifRecorder) stop() error {
	r.mu.Lock()
	if !r.stopping {
		r.stopping = true
		close(r.quit)
	}
	r.mu.Unlock()
	<-r.done
	return r.err
}

// recordedModel is the model with each frame it draws handed to a GIF recorder.
type recordedModel struct {
	model
	rec *gifRecorder
}

func (m recordedModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.model.Update(msg)
	return recordedModel{next.(model), m.rec}, cmd
}

func (m recordedModel) View() tea.View {
	v := m.model.View()
	m.rec.offer(v.Content, m.th.dark)
	return v
}
