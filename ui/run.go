package ui

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"poollab/lab"
)

// Options are what the dashboard needs from main.
type Options struct {
	Config     lab.Config                            // the settings to start on
	Start      StartFunc                             // starts an engine (main wraps lab.Start)
	Presets    []Preset                              // what the preset picker lists
	LoadPreset func(name string) (lab.Config, error) // loads one of them
	NoColor    bool                                  // NO_COLOR: letters only
	Input      io.Reader                             // nil: the terminal
	Output     io.Writer                             // nil: the terminal
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

// Run is New(o).Run().
func Run(o Options) error { return New(o).Run() }

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

// Run starts the engine, shows the dashboard until q, ctrl+c or SIGTERM, stops the engine
// and returns. The terminal is restored before Run returns, so the caller can print the
// error. A failure to start the first run returns before the screen is touched.
func (a *App) Run() (err error) {
	if err := a.ref.replace(a.o.Start, a.o.Config, 0); err != nil {
		return err
	}
	defer a.ref.close() // always stop the engine, however we leave

	opts := []tea.ProgramOption{tea.WithFPS(30)}
	if a.o.NoColor {
		opts = append(opts, tea.WithColorProfile(colorprofile.Ascii))
	}
	if a.o.Input != nil {
		opts = append(opts, tea.WithInput(a.o.Input))
	}
	if a.o.Output != nil {
		opts = append(opts, tea.WithOutput(a.o.Output))
	}
	p := tea.NewProgram(newModel(newTheme(a.o.NoColor), a.ref, a.o), opts...)
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
	final, runErr := p.Run()

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
