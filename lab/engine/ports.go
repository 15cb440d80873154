// Fixed dependency ports (--port), bound before anything starts and handed to each lab.

package engine

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"syscall"
)

// ErrPortUnavailable marks a fixed dependency port (Options.Ports) that cannot be listened
// on: another program holds it, or the system refuses it. The user chose the port: it is
// bad input, not a failure of the lab.
var ErrPortUnavailable = errors.New("dependency port unavailable")

// PortError is a fixed dependency port that cannot be listened on.
type PortError struct {
	Port int
	Err  error // what listening said
}

func (e *PortError) Error() string {
	if errors.Is(e.Err, syscall.EADDRINUSE) {
		return fmt.Sprintf("port %d is in use", e.Port)
	}
	if errno := syscall.Errno(0); errors.As(e.Err, &errno) {
		return fmt.Sprintf("port %d: %v", e.Port, errno) // "permission denied"; the address is known
	}
	return fmt.Sprintf("port %d: %v", e.Port, e.Err)
}

func (e *PortError) Unwrap() []error { return []error{ErrPortUnavailable, e.Err} }

// Ports are the dependencies' fixed ports on 127.0.0.1: lab i of a pair (0 is A) listens on
// port+i. ListenPorts binds them all before any lab starts, so a port another program holds
// is known before any traffic, and none can be taken between that check and the start:
// each side's first start serves on the listener bound here, and a restart listens on its
// port anew.
type Ports struct {
	port int
	mu   sync.Mutex
	held []net.Listener // by side; nil once a lab has it
}

// ListenPorts binds port, port+1, …, port+n-1 now. Port 0 binds nothing: each lab gets a
// free port from the OS whenever it starts.
func ListenPorts(port, n int) (*Ports, error) {
	p := &Ports{port: port}
	if port == 0 {
		return p, nil
	}
	for i := range n {
		ln, err := listenPort(port + i)
		if err != nil {
			p.Close()
			return nil, err
		}
		p.held = append(p.held, ln)
	}
	return p, nil
}

func listenPort(port int) (net.Listener, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, &PortError{Port: port, Err: err}
	}
	return ln, nil
}

// listener is side's: the one bound up front, the first time, then its port bound anew;
// nil (any free port) without fixed ports. The lab that gets it owns it.
func (p *Ports) listener(side int) (net.Listener, error) {
	if p == nil || p.port == 0 {
		return nil, nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if side < len(p.held) && p.held[side] != nil {
		ln := p.held[side]
		p.held[side] = nil
		return ln, nil
	}
	return listenPort(p.port + side)
}

// Close releases the ports no lab has taken; a lab closes its own when it stops.
func (p *Ports) Close() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, ln := range p.held {
		if ln != nil {
			ln.Close()
			p.held[i] = nil
		}
	}
}
