//go:build unix

// Out of sockets on Unix: no signal about the dependency.

package engine

import (
	"errors"
	"syscall"
)

// outOfSockets says a call failed because this process, or the machine, had no descriptor
// or local port left for it: no signal about the dependency.
func outOfSockets(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) || errors.Is(err, syscall.EADDRNOTAVAIL)
}
