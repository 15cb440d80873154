package slowserver

import (
	"errors"
	"net"
	"runtime"
	"time"
)

// resetWhenDown makes a down server hold its port and reset every connection as it comes,
// instead of closing it. Windows answers a connection to a closed port on 127.0.0.1 only
// after about 2 s (Winsock tries the SYN again after each refusal), where Linux and macOS
// refuse it at once: there a down dependency would hold each caller 2 s, not fail it at
// once. A reset reaches the caller at once everywhere, as an error on its first read.
var resetWhenDown = runtime.GOOS == "windows"

// goDown stops taking calls on ln, the port being kept: closed, or held and every connection
// reset (resetWhenDown). Called with s.mu held, and nothing serving.
func (s *Server) goDown(ln net.Listener) {
	if !resetWhenDown {
		ln.Close()
		return
	}
	s.down = ln
	s.serving.Add(1)
	go func() {
		defer s.serving.Done()
		resetEvery(ln)
	}()
}

// comeUp gives back the port a down server held, so that it can listen on it again. Called
// with s.mu held.
func (s *Server) comeUp() {
	if s.down != nil {
		s.down.Close()
		s.down = nil
	}
}

// resetEvery accepts each connection on ln and resets it (SO_LINGER 0, then close) until
// ln is closed.
func resetEvery(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if errors.Is(err, net.ErrClosed) {
			return
		}
		if err != nil { // out of descriptors, say: the connection waits in the backlog
			time.Sleep(time.Millisecond)
			continue
		}
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetLinger(0)
		}
		c.Close()
	}
}
