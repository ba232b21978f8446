package outdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func read(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteCreatesAndReplaces(t *testing.T) {
	parent := t.TempDir()
	dst := filepath.Join(parent, "out")
	if err := Write(dst, map[string][]byte{"stacks/a/main.tf": []byte("a\n"), "manifest.json": []byte("{}\n")}); err != nil {
		t.Fatal(err)
	}
	if got := read(t, dst); len(got) != 2 || got["stacks/a/main.tf"] != "a\n" {
		t.Fatalf("first write: %v", got)
	}
	// The second write replaces the whole directory: stale files go.
	if err := Write(dst, map[string][]byte{"stacks/b/main.tf": []byte("b\n")}); err != nil {
		t.Fatal(err)
	}
	if got := read(t, dst); len(got) != 1 || got["stacks/b/main.tf"] != "b\n" {
		t.Fatalf("second write: %v", got)
	}
	// Nothing is left beside the output: no staging or old directories.
	if names := entries(t, parent); len(names) != 1 || names[0] != "out" {
		t.Fatalf("left behind: %v", names)
	}
}

func TestStageIsBesideDestination(t *testing.T) {
	parent := t.TempDir()
	staged, err := Stage(filepath.Join(parent, "nested", "out"))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(staged) != filepath.Join(parent, "nested") || !strings.HasPrefix(filepath.Base(staged), ".out.new-") {
		t.Fatalf("staged at %s", staged)
	}
}

func TestReplaceFailureKeepsPrevious(t *testing.T) {
	parent := t.TempDir()
	dst := filepath.Join(parent, "out")
	if err := Write(dst, map[string][]byte{"main.tf": []byte("old\n")}); err != nil {
		t.Fatal(err)
	}
	// A staged directory that vanished makes the swap fail after the
	// previous output was moved aside: it must be put back.
	err := Replace(dst, filepath.Join(parent, "missing"))
	if err == nil {
		t.Fatal("Replace of a missing staged directory succeeded")
	}
	if got := read(t, dst); got["main.tf"] != "old\n" {
		t.Fatalf("previous output lost: %v", got)
	}
	if names := entries(t, parent); len(names) != 1 {
		t.Fatalf("left behind: %v", names)
	}
}

func TestWriteFailureKeepsPrevious(t *testing.T) {
	parent := t.TempDir()
	dst := filepath.Join(parent, "out")
	if err := Write(dst, map[string][]byte{"main.tf": []byte("old\n")}); err != nil {
		t.Fatal(err)
	}
	// "a" as a file and "a/b" as a file under it cannot both be written.
	err := Write(dst, map[string][]byte{"a": []byte("x"), "a/b": []byte("y")})
	if err == nil {
		t.Fatal("conflicting files were written")
	}
	if got := read(t, dst); len(got) != 1 || got["main.tf"] != "old\n" {
		t.Fatalf("previous output changed: %v", got)
	}
	if names := entries(t, parent); len(names) != 1 {
		t.Fatalf("staging left behind: %v", names)
	}
}
