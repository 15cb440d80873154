package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"poollab/internal/testwait"
	"poollab/lab"
)

// lockedBuffer is a terminal the test reads while the program writes to it.
type lockedBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	grew chan struct{} // closed by the next write: a wait for output wakes on it (read)
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.grew != nil {
		close(l.grew)
		l.grew = nil
	}
	return l.b.Write(p)
}

// read is the output so far and a channel the next write closes.
func (l *lockedBuffer) read() (string, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.grew == nil {
		l.grew = make(chan struct{})
	}
	return l.b.String(), l.grew
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// cast is an asciicast v2 recording, read back strictly.
type cast struct {
	Version, Width, Height int
	Timestamp              int64
	events                 []castLine
}

type castLine struct {
	at         float64
	code, data string
}

// output is every "o" event's data, in order: what the terminal was sent.
func (c cast) output() string {
	var b strings.Builder
	for _, e := range c.events {
		if e.code == "o" {
			b.WriteString(e.data)
		}
	}
	return b.String()
}

func (c cast) count(code string) (n int) {
	for _, e := range c.events {
		if e.code == code {
			n++
		}
	}
	return n
}

// readCast parses an asciicast v2 file: a JSON header line, then one [time, code, data]
// array a line, times never going back.
func readCast(t *testing.T, data string) cast {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	var header struct{ Version, Width, Height, Timestamp *int64 }
	if err := json.Unmarshal([]byte(lines[0]), &header); err != nil || header.Version == nil || header.Width == nil ||
		header.Height == nil || header.Timestamp == nil {
		t.Fatalf("header %q: %v", lines[0], err)
	}
	c := cast{Version: int(*header.Version), Width: int(*header.Width), Height: int(*header.Height), Timestamp: *header.Timestamp}
	last := 0.0
	for i, l := range lines[1:] {
		var ev []json.RawMessage
		var e castLine
		if err := json.Unmarshal([]byte(l), &ev); err != nil || len(ev) != 3 ||
			json.Unmarshal(ev[0], &e.at) != nil || json.Unmarshal(ev[1], &e.code) != nil || json.Unmarshal(ev[2], &e.data) != nil {
			t.Fatalf("event %d %q: not [time, code, data] (%v)", i+1, l, err)
		}
		if e.at < last || (e.code != "o" && e.code != "r") {
			t.Fatalf("event %d %q: after %.6f, or an unknown code", i+1, l, last)
		}
		last = e.at
		c.events = append(c.events, e)
	}
	return c
}

// session runs the dashboard on a fake engine with a recording, a terminal that reports
// 120x40, and keys typed by the test.
type session struct {
	t      *testing.T
	app    *App
	term   lockedBuffer
	typing *io.PipeWriter
	rec    bytes.Buffer
	done   chan error
	start  time.Time
}

// startSession runs a dashboard recording to the session's own buffer, as opts change it.
func startSession(t *testing.T, opts ...func(*Options)) *session {
	s := &session{t: t, done: make(chan error, 1), start: time.Now()}
	in, typing := io.Pipe()
	s.typing = typing
	t.Cleanup(func() { typing.Close() })
	fs := &fakeStarter{}
	o := Options{Config: testConfig(), Start: fs.start, Input: in, Output: &s.term, Record: &s.rec}
	for _, opt := range opts {
		opt(&o)
	}
	s.app = New(o)
	go func() { s.done <- s.app.Run() }()
	// What a terminal answers to CSI 18 t: its size in cells. Bubble Tea's own first size,
	// 0x0 for output that is not a terminal, is dropped (sized), however late it comes.
	s.typeKeys(size120x40)
	s.waitFor("a frame drawn", func(out string) bool { return strings.Contains(out, "q quit") })
	return s
}

// size120x40 is what a 120x40 terminal answers to CSI 18 t.
const size120x40 = "\x1b[8;40;120t"

func (s *session) typeKeys(keys string) {
	s.t.Helper()
	if _, err := io.WriteString(s.typing, keys); err != nil {
		s.t.Fatal(err)
	}
}

// send hands msg to the program, as Bubble Tea's own goroutines do; it returns once the
// program has taken it, so a key typed next comes after it.
func (s *session) send(msg tea.Msg) {
	s.app.mu.Lock()
	p := s.app.prog
	s.app.mu.Unlock()
	p.Send(msg)
}

// waitFor waits until the terminal's output satisfies ok, looking again at each write, not
// on a clock: a program that draws gets there however loaded the machine (a minute's
// polling was not enough at load 5.6 on 2 cores). Only a stuck program meets the last
// resort.
func (s *session) waitFor(what string, ok func(out string) bool) {
	s.t.Helper()
	giveUp := testwait.LastResort(s.t)
	for {
		out, grew := s.term.read()
		if ok(out) {
			return
		}
		select {
		case <-grew:
		case <-giveUp:
			s.t.Fatalf("waited for %s until near the test binary's deadline", what)
		}
	}
}

// press types keys and waits for the screen to change.
func (s *session) press(keys string) {
	s.t.Helper()
	sent := len(s.term.String())
	s.typeKeys(keys)
	s.waitFor(fmt.Sprintf("the screen to change after %q", keys), func(out string) bool { return len(out) > sent })
}

// end waits for Run and reads the recording, which must be complete by then.
func (s *session) end() (cast, error) {
	s.t.Helper()
	return s.check(s.wait())
}

// wait waits for Run to return; only a stuck program meets the last resort.
func (s *session) wait() (err error) {
	s.t.Helper()
	select {
	case err = <-s.done:
	case <-testwait.LastResort(s.t):
		s.t.Fatal("Run did not return")
	}
	return err
}

func (s *session) check(err error) (cast, error) {
	s.t.Helper()
	c := readCast(s.t, s.rec.String())
	if c.Version != 2 || c.Width != 120 || c.Height != 40 {
		s.t.Errorf("header: version %d, %dx%d; want version 2, 120x40", c.Version, c.Width, c.Height)
	}
	if c.Timestamp < s.start.Unix() || c.Timestamp > time.Now().Unix() {
		s.t.Errorf("timestamp %d is not the session's start", c.Timestamp)
	}
	if got, want := c.output(), s.term.String(); got != want {
		s.t.Errorf("the recording's output (%d bytes) is not what the terminal got (%d bytes)", len(got), len(want))
	}
	return c, err
}

// Bubble Tea's own first size, 0x0 when the output is not a terminal, comes from a
// goroutine: under load it came after the terminal's 120x40 had been drawn, and the screen
// went blank for good, keys changing nothing on it (TestRecordGIFEveryExit waited 8 minutes
// after "]"). A size of nothing is no size: the screen stays at the terminal's.
func TestLateNoSize(t *testing.T) {
	s := startSession(t)
	s.send(tea.WindowSizeMsg{}) // Bubble Tea's own, late
	s.typeKeys("]")
	s.typeKeys("q") // held until "]" is applied, so the last frame has its answer
	if err := s.wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if want := "bulkhead size → 6"; !strings.Contains(s.term.String(), want) {
		t.Errorf("%q is not on the screen after ]: it went blank at the late 0x0 size", want)
	}
}

// A session is recorded as the terminal saw it, byte for byte, with its sizes.
func TestRecord(t *testing.T) {
	s := startSession(t)
	for _, key := range strings.Split("b]]]]]", "") { // each changes the screen
		s.press(key)
	}
	s.press("\x1b[8;30;100t") // the terminal is made smaller
	s.typeKeys("q")
	c, err := s.end()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if n := c.count("o"); n < 10 {
		t.Errorf("%d output events for 8 screens", n)
	}
	var sizes []string
	for _, e := range c.events {
		if e.code == "r" {
			sizes = append(sizes, e.data)
		}
	}
	if strings.Join(sizes, " ") != "100x30" {
		t.Errorf("resize events %q, want the one to 100x30", sizes)
	}
}

// However the session ends, the recording is complete when Run returns: ctrl+c, a crash
// (SIGHUP: run_unix_test.go; q: TestRecord).
func TestRecordEveryExit(t *testing.T) {
	for _, tc := range []struct {
		name string
		end  func(s *session)
		want func(error) bool
	}{
		{"ctrl+c", func(s *session) { s.typeKeys("\x03") }, func(err error) bool { return err == nil }},
		{"crash", func(s *session) { s.app.Crash(errors.New("boom")) }, func(err error) bool { return err != nil && err.Error() == "boom" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := startSession(t)
			tc.end(s)
			c, err := s.end()
			if !tc.want(err) {
				t.Errorf("Run: %v", err)
			}
			if c.count("o") == 0 {
				t.Errorf("nothing recorded")
			}
		})
	}
}

// A character a write cuts in two is recorded whole, in the next event; output before the
// terminal's size waits for the header; only a change of size is an "r" event, and 0x0 is
// no size.
func TestRecorderEvents(t *testing.T) {
	var file bytes.Buffer
	rec := startRecorder(&file)
	out := rec.output(io.Discard)
	for _, step := range []func(){
		func() { io.WriteString(out, "early") },
		func() { rec.filter(nil, tea.WindowSizeMsg{}) }, // Bubble Tea's first, off a terminal
		func() { rec.filter(nil, tea.WindowSizeMsg{Width: 80, Height: 24}) },
		func() { rec.filter(nil, tea.WindowSizeMsg{}) }, // the same, later
		func() { io.WriteString(out, "a\xe2\x94") },     // "│" is e2 94 82
		func() { io.WriteString(out, "\x82b") },
		func() { rec.filter(nil, tea.WindowSizeMsg{Width: 80, Height: 24}) },
		func() { rec.filter(nil, tea.KeyPressMsg{Code: 'q'}) },
		func() { rec.filter(nil, tea.WindowSizeMsg{Width: 100, Height: 30}) },
	} {
		step()
	}
	if err := rec.stop(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(out, "after the end") // the terminal still gets it; the recording is closed
	c := readCast(t, file.String())
	var got []string
	for _, e := range c.events {
		got = append(got, e.code+" "+e.data)
	}
	want := []string{"o early", "o a", "o │b", "r 100x30"}
	if c.Width != 80 || c.Height != 24 || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%dx%d %q, want 80x24 %q", c.Width, c.Height, got, want)
	}
}

// A recording that cannot be written does not stop the lab; Run says so at the end.
func TestRecordWriteError(t *testing.T) {
	fs := &fakeStarter{}
	err := New(Options{Config: testConfig(), Start: fs.start, Input: strings.NewReader("\x1b[8;40;120tbq"),
		Output: io.Discard, Record: failingWriter{}}).Run()
	if err == nil || !strings.Contains(err.Error(), "recording: disk full") {
		t.Fatalf("Run: %v", err)
	}
}

// A disk that fills during a recording is said on the screen the moment a write fails, in
// the status line's error style, and the lab runs on (issue 20: it was said only after
// quitting). The file takes a header and a frame or so, then fails every write.
func TestRecordFailureShowsAtOnce(t *testing.T) {
	for _, format := range []struct {
		name string
		as   func(*Options)
	}{{"cast", func(*Options) {}}, {"gif", asGIF}} {
		t.Run(format.name, func(t *testing.T) {
			full := &failAfter{n: 2000}
			s := startSession(t, format.as, func(o *Options) { o.Record = full })
			s.waitFor("the failure on the screen", func(out string) bool {
				return strings.Contains(out, "✗ recording stopped, the lab runs on: no space left on device")
			})
			s.press("b") // the lab runs on: keys still change it
			s.waitFor("the bulkhead key's answer", func(out string) bool { return strings.Contains(out, "bulkhead →") })
			s.typeKeys("q")
			select {
			case err := <-s.done:
				if err == nil || !strings.Contains(err.Error(), "recording: no space left on device") {
					t.Errorf("Run: %v, want the recording's failure", err)
				}
			case <-testwait.LastResort(t):
				t.Fatal("Run did not return")
			}
		})
	}
}

// failAfter takes n bytes, then fails every write: a disk that fills.
type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return len(p), nil
	}
	n := f.n
	f.n = 0
	return n, errors.New("no space left on device")
}

// The tick says a recording's failure once, in error style, and the lab goes on: a later
// status is not overwritten by it.
func TestRecordFailureSaidOnce(t *testing.T) {
	m := startModel(t, &fakeStarter{})
	m = update(t, m, tickMsg{gen: m.gen, recording: errors.New("disk full")})
	if !m.statusErr || m.status != "recording stopped, the lab runs on: disk full" || m.fatal != nil {
		t.Fatalf("status %q (error style %v), fatal %v", m.status, m.statusErr, m.fatal)
	}
	m.say("something else")
	m = update(t, m, tickMsg{gen: m.gen, recording: errors.New("disk full")})
	if m.status != "something else" {
		t.Errorf("the failure was said again: %q", m.status)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// The renderer's cost of recording one full 120x40 frame: the write is timed, copied and
// queued; the encoding and the file are the recorder's goroutine's. Writing frames back to
// back, as here, also fills the queue, so this is the sustained cost, encoding included.
func BenchmarkRecordFrame(b *testing.B) {
	frame := []byte(Frame([]lab.Snapshot{*testSnapshot()}, 120, 40, false, false))
	rec := startRecorder(io.Discard)
	rec.filter(nil, tea.WindowSizeMsg{Width: 120, Height: 40})
	out := rec.output(io.Discard)
	b.SetBytes(int64(len(frame)))
	b.ReportAllocs()
	for b.Loop() {
		out.Write(frame)
	}
	if err := rec.stop(); err != nil {
		b.Fatal(err)
	}
}
