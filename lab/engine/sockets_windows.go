// Out of sockets on Windows: no signal about the dependency.

package engine

import (
	"errors"

	"golang.org/x/sys/windows"
)

// outOfSockets says a call failed because this process, or the machine, had no socket or
// local port left for it: no signal about the dependency. Winsock says so with its own codes
// (syscall.EMFILE there is Go's invention, which no socket call returns); a machine out of
// ephemeral ports answers connect with WSAENOBUFS or WSAEADDRINUSE.
func outOfSockets(err error) bool {
	for _, e := range []error{windows.WSAEMFILE, windows.WSAENOBUFS, windows.WSAEADDRINUSE, windows.WSAEADDRNOTAVAIL} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
