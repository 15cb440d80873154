package ui

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"poollab/lab"
)

// Options are what the dashboard needs from main.
type Options struct {
	Config     lab.Config                            // the settings to start on (A in compare mode)
	Compare    *lab.Config                           // non-nil: open in compare mode with this as B (it gets A's traffic)
	Start      StartFunc                             // starts an engine (main wraps engine.Launch)
	Presets    []Preset                              // what the preset picker lists
	LoadPreset func(name string) (lab.Config, error) // loads one of them
	NoColor    bool                                  // NO_COLOR: letters only
	ExportDir  string                                // where x writes its files; "": the current folder
	Now        func() time.Time                      // the clock x names its files by; nil: time.Now
	Input      io.Reader                             // nil: the terminal
	Output     io.Writer                             // nil: the terminal
	Record     io.Writer                             // non-nil: the session is recorded here as asciicast v2
	RecordGIF  bool                                  // Record gets an animated GIF of the frames drawn instead (gifrecord.go)
	Scale      int                                   // the GIF's scale (see CheckScale); 0: RecordScale
	Tour       int                                   // > 0: open the tour at this chapter (from 1) of TourChapters(LoadPreset)
	Machine    bool                                  // start with the lab's own measures shown (m)
}

// configs are the labs to start on, in side order: B gets A's traffic.
func (o Options) configs() []lab.Config {
	if o.Compare == nil {
		return []lab.Config{o.Config}
	}
	return []lab.Config{o.Config, lab.SameTraffic(o.Config, *o.Compare)}
}

// App is one dashboard session. Its Crash may be called from any goroutine.
type App struct {
	o   Options
	ref *engineRef

	mu      sync.Mutex
	prog    *tea.Program
	crashed error
}

// New prepares a dashboard; Run shows it.
func New(o Options) *App { return &App{o: o, ref: &engineRef{}} }

// Crash ends the dashboard at once because of v (a recovered panic or an error) from
// any goroutine: the terminal is restored, and Run returns the error. Give it to code
// that recovers panics in goroutines Bubble Tea does not own.
func (a *App) Crash(v any) {
	err, ok := v.(error)
	if !ok {
		err = fmt.Errorf("panic: %v", v)
	}
	a.mu.Lock()
	if a.crashed == nil {
		a.crashed = err
	}
	p := a.prog
	a.mu.Unlock()
	if p != nil {
		p.Kill()
	}
}

// Run starts the engines, shows the dashboard until q, ctrl+c, SIGTERM or SIGHUP, stops the
// engines and returns; with Options.Record, the recording is complete when it does. The terminal is restored before Run returns, so the caller can print the
// error. A failure to start the first run returns before the screen is touched.
func (a *App) Run() (err error) {
	if err := a.ref.replace(a.o.Start, a.o.configs(), 0); err != nil {
		return err
	}
	defer a.ref.close() // always stop the engines, however we leave

	opts := []tea.ProgramOption{tea.WithFPS(30)}
	if a.o.NoColor {
		opts = append(opts, tea.WithColorProfile(colorprofile.Ascii))
	}
	if a.o.Input != nil {
		opts = append(opts, tea.WithInput(a.o.Input))
	}
	out := a.o.Output
	if out == nil {
		out = os.Stdout
	}
	m := newModel(a.ref, a.o)
	var gif *gifRecorder
	filter := sized
	if a.o.Record != nil && a.o.RecordGIF {
		gif = startGIFRecorder(a.o.Record, cmp.Or(a.o.Scale, RecordScale))
		m.recording = gif.failure
		defer stopRecording(gif, &err) // as the cast's, below
	} else if a.o.Record != nil {
		rec := startRecorder(a.o.Record)
		m.recording = rec.failure
		// However Run ends, the recording is complete once it returns: this runs after
		// the program has restored the terminal, the last thing it writes.
		defer stopRecording(rec, &err)
		out = rec.output(out)
		filter = rec.filter
	}
	opts = append(opts, tea.WithFilter(filter), tea.WithOutput(out))
	var program tea.Model = m
	if gif != nil {
		program = recordedModel{m, gif}
	}
	p := tea.NewProgram(program, opts...)
	a.mu.Lock()
	a.prog = p
	crashed := a.crashed
	a.mu.Unlock()
	if crashed != nil {
		return crashed
	}

	defer func() {
		if v := recover(); v != nil {
			p.Kill()
			err = fmt.Errorf("panic: %v\n%s", v, debug.Stack())
		}
	}()
	defer quitOn(p.Quit, quitSignals...)()
	final, runErr := p.Run()
	if r, ok := final.(recordedModel); ok {
		final = r.model
	}

	a.mu.Lock()
	crashed = a.crashed
	a.mu.Unlock()
	switch m, _ := final.(model); {
	case crashed != nil:
		return crashed
	case m.fatal != nil:
		return m.fatal
	case errors.Is(runErr, tea.ErrInterrupted): // SIGINT from outside: as ctrl+c
		return nil
	}
	return runErr
}

// sized is a tea.WithFilter that drops Bubble Tea's first size when the output is not a
// terminal, 0x0: no size, not a screen of none. It comes from a goroutine, so it can arrive
// after the size the terminal answered; passed on, the renderer would draw at 0x0 from then
// on, a screen blank for good.
func sized(_ tea.Model, msg tea.Msg) tea.Msg {
	if size, ok := msg.(tea.WindowSizeMsg); ok && (size.Width <= 0 || size.Height <= 0) {
		return nil
	}
	return msg
}

// stopRecording completes a recording, adding the first error writing it to *err.
func stopRecording(rec interface{ stop() error }, err *error) {
	if recErr := rec.stop(); recErr != nil {
		*err = errors.Join(*err, fmt.Errorf("recording: %w", recErr))
	}
}

// quitSignals end the dashboard as SIGTERM does, which Bubble Tea handles itself (with
// SIGINT): a quit, the terminal restored, Run returning nil. Without this, SIGHUP (the
// terminal closed, tmux kill-session) would end the process at once with the screen left in
// the alternate mode and the cursor hidden. Windows sends no SIGHUP: closing the console
// window arrives as SIGTERM (os/signal), and ctrl+c as a key, as in a Unix terminal.
var quitSignals = []os.Signal{syscall.SIGHUP}

// quitOn calls quit once when one of sigs arrives, until stop is called; stop returns when
// the goroutine has ended. quit must return once the program has ended (Program.Quit does).
func quitOn(quit func(), sigs ...os.Signal) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		select {
		case <-ch:
			quit()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
		<-ended
	}
}
