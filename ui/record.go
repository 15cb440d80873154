package ui

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
)

// recorder writes the session as an asciicast v2 recording (asciinema play, agg): a header
// with the terminal's size, then [time, "o", data] for every write to the terminal and
// [time, "r", "WxH"] when its size changes. Writes and sizes are timed where they happen
// and handed to one goroutine, which encodes them and writes them through a buffered
// writer: the renderer never waits for the file.
type recorder struct {
	start  time.Time
	events chan castEvent
	done   chan struct{}
	err    error                 // the writing goroutine's first; read after done
	failed atomic.Pointer[error] // err as soon as it happens, for the dashboard to say at once

	mu      sync.Mutex
	stopped bool
	partial []byte // the start of a UTF-8 character the last write cut in two
}

// castEvent is one line of the recording: output, or a size (width and height set).
type castEvent struct {
	at            time.Duration
	data          string
	width, height int
}

// recordBuffer is how many events may wait for the writing goroutine: several seconds of
// frames, so only a stalled disk makes the renderer wait.
const recordBuffer = 256

// startRecorder starts writing a recording to w; stop ends it.
func startRecorder(w io.Writer) *recorder {
	r := &recorder{start: time.Now(), events: make(chan castEvent, recordBuffer), done: make(chan struct{})}
	go r.write(w)
	return r
}

// output is out with everything written to it also recorded. A terminal stays one
// (term.File), so Bubble Tea still reads its size and sets its mode.
func (r *recorder) output(out io.Writer) io.Writer {
	if f, ok := out.(term.File); ok {
		return recordedTerminal{f, r}
	}
	return recordedOutput{out, r}
}

type recordedOutput struct {
	io.Writer
	rec *recorder
}

func (o recordedOutput) Write(p []byte) (int, error) { return o.rec.tee(o.Writer, p) }

type recordedTerminal struct {
	term.File
	rec *recorder
}

func (t recordedTerminal) Write(p []byte) (int, error) { return t.rec.tee(t.File, p) }

// tee writes p to out and records it, written or not: a terminal closed under the lab
// (SIGHUP) takes no more, but the recording still ends as the program ended it.
func (r *recorder) tee(out io.Writer, p []byte) (int, error) {
	n, err := out.Write(p)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return n, err
	}
	// An event is text: a UTF-8 character cut at the end waits for the rest.
	data := append(r.partial, p...)
	whole := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				whole = i
			}
			break
		}
	}
	r.partial = append([]byte(nil), data[whole:]...)
	if whole > 0 {
		r.events <- castEvent{at: time.Since(r.start), data: string(data[:whole])}
	}
	return n, err
}

// filter is sized, a tea.WithFilter, that also records each window size it passes on.
func (r *recorder) filter(m tea.Model, msg tea.Msg) tea.Msg {
	msg = sized(m, msg)
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		r.mu.Lock()
		if !r.stopped {
			r.events <- castEvent{at: time.Since(r.start), width: size.Width, height: size.Height}
		}
		r.mu.Unlock()
	}
	return msg
}

// stop records nothing more, writes what is left and returns the first error writing it.
func (r *recorder) stop() error {
	r.mu.Lock()
	if !r.stopped {
		r.stopped = true
		close(r.events)
	}
	r.mu.Unlock()
	<-r.done
	return r.err
}

// failure is the first error writing the recording, nil while there is none. Any
// goroutine may call it: the dashboard's tick does.
func (r *recorder) failure() error {
	if err := r.failed.Load(); err != nil {
		return *err
	}
	return nil
}

// write is the writing goroutine. The header needs the terminal's size, which the first
// size message brings: output before it waits in memory. Whenever no event waits, what it
// has is flushed, so a failing disk is known at the next frame, not at the end.
func (r *recorder) write(w io.Writer) {
	defer close(r.done)
	bw := bufio.NewWriterSize(w, 64<<10)
	var early []castEvent
	width, height := 0, 0
	var line []byte
	note := func(err error) {
		if err != nil && r.err == nil {
			r.err = err
			r.failed.Store(&err)
		}
	}
	put := func(e castEvent) {
		if r.err == nil {
			line = appendCastEvent(line[:0], e)
			_, err := bw.Write(line)
			note(err)
		}
	}
	header := func(w, h int) {
		line = fmt.Appendf(line[:0], `{"version": 2, "width": %d, "height": %d, "timestamp": %d}`+"\n", w, h, r.start.Unix())
		_, err := bw.Write(line)
		note(err)
		for _, e := range early {
			put(e)
		}
		early = nil
	}
	for e := range r.events {
		switch {
		case e.width == 0 && width == 0: // output before the size is known
			early = append(early, e)
		case e.width == 0:
			put(e)
		case width == 0:
			width, height = e.width, e.height
			header(width, height)
		case e.width != width || e.height != height:
			width, height = e.width, e.height
			put(e)
		}
		if width != 0 && len(r.events) == 0 && r.err == nil {
			note(bw.Flush())
		}
	}
	if width == 0 { // a terminal that never said its size: the smallest the lab draws in
		header(MinWidth, MinHeight)
	}
	if r.err == nil {
		note(bw.Flush())
	}
}

// appendCastEvent appends e as one line of the recording.
func appendCastEvent(b []byte, e castEvent) []byte {
	b = append(b, '[')
	b = strconv.AppendFloat(b, e.at.Seconds(), 'f', 6, 64)
	if e.width != 0 {
		return fmt.Appendf(b, `, "r", "%dx%d"]`+"\n", e.width, e.height)
	}
	b = append(b, `, "o", `...)
	b = appendJSONString(b, e.data)
	return append(b, "]\n"...)
}

// appendJSONString appends s as a JSON string, leaving <, > and & as they are.
func appendJSONString(b []byte, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}
