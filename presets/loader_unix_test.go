//go:build unix

package presets

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// /dev/zero would be read forever, and a named pipe with no writer would block the open:
// both are refused at once.
func TestLoadRefusesDevicesAndPipes(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	loadFails(t, fifo, nil, "preset file "+fifo+" is a named pipe, not a regular file: give a .yaml file of at most 1 MiB")
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	loadFails(t, "/dev/zero", nil, "preset file /dev/zero is a device, not a regular file: give a .yaml file of at most 1 MiB")
	link := filepath.Join(t.TempDir(), "zero.yaml")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	loadFails(t, link, nil, "preset file "+link+" is a device, not a regular file: give a .yaml file of at most 1 MiB")
}
