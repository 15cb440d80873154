//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A new file --out writes gets the mode os.Create would give it, 0666 less the umask (review
// 30 lab #4: it was 0644 whatever the umask). Not parallel: the umask is the process's, and
// the parallel tests wait until this is done.
func TestSnapshotOutUmask(t *testing.T) {
	defer syscall.Umask(syscall.Umask(0o027))
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "created"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	created, err := os.Stat(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "frame.txt")
	args := []string{"snapshot", "--preset", "shared-pool", "--at", "300ms", "--format", "txt", "--out", out}
	if err := run(args, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode() != created.Mode() || fi.Mode() != 0o640 {
		t.Errorf("%s: mode %v (%v), want os.Create's under umask 027, %v", out, fi.Mode(), err, created.Mode())
	}
}

// A folder that stops taking files while the run goes on stops the first rename, as the
// files share it (review 30 lab #5): neither is replaced, and the error says so. Root writes
// anywhere, so this is tested as another user only.
func TestSnapshotOutUnwritableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root can write to any folder")
	}
	t.Parallel()
	dir := t.TempDir()
	paths, o := framesWritten(t, dir, 2)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	err := o.finish(true, nil)
	os.Chmod(dir, 0o755) // for o.remove's leftovers and t.TempDir's cleanup
	want := "--out " + paths[0] + ": cannot write it: permission denied; written: none; not written: x-120x40.txt, x-80x24.txt"
	if err == nil || err.Error() != want {
		t.Errorf("finish: %v, want %q", err, want)
	}
	for _, p := range paths {
		if b, err := os.ReadFile(p); err != nil || string(b) != "an older frame" {
			t.Errorf("%s: %q (%v), want the older frame kept", p, b, err)
		}
	}
}

// An --out that is a symbolic link is written through, as os.Create would, not replaced by a
// file (review 31 #15): the link stays, the file it leads to gets the frame, a relative link
// read from the link's folder, a link to a file not yet made makes it; no temporary file is
// left in either folder.
func TestSnapshotOutThroughASymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "old.txt"), []byte("an older frame"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"old-link.txt": "real/old.txt", "new-link.txt": filepath.Join(real, "new.txt")} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, link)
		args := []string{"snapshot", "--preset", "shared-pool", "--at", "300ms", "--format", "txt", "--out", out}
		if err := run(args, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(out); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: %v (%v), want the link kept", link, fi.Mode(), err)
		}
		target := to
		if !filepath.IsAbs(to) {
			target = filepath.Join(dir, to)
		}
		if b, err := os.ReadFile(target); err != nil || !bytes.Contains(b, []byte("shared-pool")) {
			t.Errorf("%s → %s: %.40q (%v), want this run's frame", link, to, b, err)
		}
	}
	for _, d := range []string{dir, real} {
		if tmps, _ := filepath.Glob(filepath.Join(d, ".*.tmp")); len(tmps) > 0 {
			t.Errorf("temporary files left: %q", tmps)
		}
	}
}

// A relative link reached through a linked folder is read from the folder the link is really
// in, as the OS reads it (review 32 #14): out.txt → ../x/y.txt in real/sub, reached as
// linked/out.txt with linked → real/sub, is real/x/y.txt, not x/y.txt beside linked, which
// joining the written path's folder made of it. Both folders exist, so a wrong one is written
// silently, not refused.
func TestSnapshotOutThroughALinkedFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, d := range []string{"real/sub", "real/x", "x"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("real/sub", filepath.Join(dir, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../x/y.txt", filepath.Join(dir, "real/sub/out.txt")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "linked", "out.txt")
	args := []string{"snapshot", "--preset", "shared-pool", "--at", "300ms", "--format", "txt", "--out", out}
	if err := run(args, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "real/x/y.txt")); err != nil || !bytes.Contains(b, []byte("shared-pool")) {
		t.Errorf("real/x/y.txt: %.40q (%v), want this run's frame", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "x/y.txt")); err == nil {
		t.Error("x/y.txt written: the link's ../ was read from the linked folder's name, not from where it leads")
	}
	if fi, err := os.Lstat(filepath.Join(dir, "real/sub/out.txt")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("real/sub/out.txt: %v (%v), want the link kept", fi.Mode(), err)
	}
}
