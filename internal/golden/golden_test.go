package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// recorder collects what a check reports instead of failing the test.
type recorder struct {
	*testing.T
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

func withUpdate(t *testing.T, on bool) {
	old := *update
	*update = on
	t.Cleanup(func() { *update = old })
}

func TestCheck(t *testing.T) {
	withUpdate(t, false)
	path := filepath.Join(t.TempDir(), "want.txt")
	if err := os.WriteFile(path, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{T: t}
	CheckString(r, path, "a\nb\nc\n")
	if len(r.errs) != 0 {
		t.Fatalf("equal output reported: %v", r.errs)
	}
	CheckString(r, path, "a\nB\nc\n")
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "-b\n+B\n") || !strings.Contains(r.errs[0], "-update") {
		t.Fatalf("mismatch: %q", r.errs)
	}
	r.errs = nil
	CheckString(r, filepath.Join(filepath.Dir(path), "missing.txt"), "x")
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "-update creates it") {
		t.Fatalf("missing file: %q", r.errs)
	}
}

func TestCheckUpdate(t *testing.T) {
	withUpdate(t, true)
	path := filepath.Join(t.TempDir(), "new", "want.txt")
	CheckString(t, path, "out\n")
	if data, err := os.ReadFile(path); err != nil || string(data) != "out\n" {
		t.Fatalf("-update wrote %q, %v", data, err)
	}
}

func TestCheckOptional(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "want.txt")
	r := &recorder{T: t}
	withUpdate(t, false)
	CheckOptional(r, path, nil)
	if len(r.errs) != 0 {
		t.Fatalf("empty output without a file: %v", r.errs)
	}
	CheckOptional(r, path, []byte("x"))
	if len(r.errs) != 1 {
		t.Fatalf("output without a file: %v", r.errs)
	}
	withUpdate(t, true)
	CheckOptional(t, path, []byte("x"))
	withUpdate(t, false)
	r.errs = nil
	CheckOptional(r, path, nil)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "stale") {
		t.Fatalf("a file for empty output: %v", r.errs)
	}
	withUpdate(t, true)
	CheckOptional(t, path, nil)
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("-update kept the file of empty output: %v", err)
	}
}

func TestCheckTree(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tree")
	files := map[string][]byte{"a.golden": []byte("a"), "sub/b.golden": []byte("b")}
	withUpdate(t, true)
	if err := os.MkdirAll(filepath.Join(dir, "old"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "old", "gone.golden"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	CheckTree(t, dir, files)
	if _, err := os.Stat(filepath.Join(dir, "old", "gone.golden")); !os.IsNotExist(err) {
		t.Errorf("-update kept a file the tree no longer has: %v", err)
	}
	withUpdate(t, false)
	r := &recorder{T: t}
	CheckTree(r, dir, files)
	if len(r.errs) != 0 {
		t.Fatalf("equal tree reported: %v", r.errs)
	}
	delete(files, "sub/b.golden")
	files["c.golden"] = []byte("c")
	CheckTree(r, dir, files)
	if len(r.errs) != 2 || !strings.Contains(strings.Join(r.errs, "\n"), "b.golden is produced by no test") {
		t.Fatalf("changed tree: %q", r.errs)
	}
}

func TestUnused(t *testing.T) {
	withUpdate(t, false)
	dir := t.TempDir()
	t.Chdir(dir)
	for _, f := range []string{"testdata/a/want.txt", "testdata/b/want.txt", "testdata/b/input.tf", "testdata/tree/x/y.golden", "testdata/deep/1/2.golden", "testdata/deep/3.golden"} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	CheckString(t, "testdata/a/want.txt", "x")
	CheckTree(t, "testdata/tree", map[string][]byte{"x/y.golden": []byte("x")})
	Use(filepath.Join(dir, "testdata", "deep", "3.golden"))
	got, err := Unused("testdata/*/want.txt", "testdata/*", "testdata/tree/...", "testdata/deep/...")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"testdata/b/want.txt", "testdata/deep/1/2.golden"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Unused = %q, want %q", got, want)
	}
	if _, err := Unused("testdata/["); err == nil {
		t.Error("a bad pattern is accepted")
	}
}
