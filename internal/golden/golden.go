// Package golden compares what tests produce with the golden files committed
// under their package's testdata, and rewrites those files when the tests run
// with -update:
//
//	go test ./render -update
//
// A mismatch fails the test with a unified diff from the file to the output.
// Main, called from a package's TestMain, fails a full run of the package's
// tests (no -run or -skip filter, every test passed) when a file under the
// package's golden directories was compared by no test, so a renamed or
// deleted case cannot leave its golden file behind. It lists such files and
// never deletes them: removing one is a change to review.
//
// It is test support: only _test.go files import it (TestOnlyTestsImport in
// internal/enginetest checks). Importing it defines the -update flag of the
// test binary.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/tfkit/tfkit/internal/textdiff"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata from what the tests produce")

// Update reports whether the tests run with -update, for a test that keeps
// its expected output in a form the functions here do not write.
func Update() bool { return *update }

// used records what this test binary compared: files, and directories
// whose whole content a CheckTree compared.
var used = struct {
	sync.Mutex
	files, trees map[string]bool
}{files: map[string]bool{}, trees: map[string]bool{}}

func key(path string) string {
	if filepath.IsAbs(path) {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, path); err == nil {
				path = rel
			}
		}
	}
	return filepath.ToSlash(filepath.Clean(path))
}

// Use marks files as used without comparing them: inputs that live beside
// the golden files, or the golden files of a test that skips (under -short,
// or without an engine) so that Main does not report them.
func Use(paths ...string) {
	used.Lock()
	defer used.Unlock()
	for _, p := range paths {
		used.files[key(p)] = true
	}
}

// Check compares got with the file at path, or writes got to it with
// -update (creating its directory).
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	Use(path)
	if *update {
		write(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v (go test -update creates it)", err)
		return
	}
	compare(t, path, want, got)
}

// CheckString is Check for text.
func CheckString(t testing.TB, path, got string) {
	t.Helper()
	Check(t, path, []byte(got))
}

// CheckOptional is Check for output that may be empty: empty output means
// the file must not exist, and -update removes it.
func CheckOptional(t testing.TB, path string, got []byte) {
	t.Helper()
	Use(path)
	if *update {
		if len(got) == 0 {
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			return
		}
		write(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		if len(got) > 0 {
			t.Errorf("%v (go test -update creates it)", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Errorf("%s is stale: the output it holds is empty now (go test -update removes it)", path)
		return
	}
	compare(t, path, want, got)
}

// CheckTree compares the directory dir with files (slash-separated paths
// relative to dir → content): each file as Check does, and any other file
// under dir is an error. With -update dir is replaced by exactly files.
func CheckTree(t testing.TB, dir string, files map[string][]byte) {
	t.Helper()
	used.Lock()
	used.trees[key(dir)] = true
	used.Unlock()
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			write(t, filepath.Join(dir, filepath.FromSlash(name)), files[name])
		}
		return
	}
	for _, name := range names {
		Check(t, filepath.Join(dir, filepath.FromSlash(name)), files[name])
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if _, ok := files[filepath.ToSlash(rel)]; !ok {
			t.Errorf("%s is produced by no test (go test -update removes it)", path)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
}

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func compare(t testing.TB, path string, want, got []byte) {
	t.Helper()
	if bytes.Equal(want, got) {
		return
	}
	t.Errorf("%s differs from the output (go test -update rewrites it):\n%s", path,
		textdiff.Unified(path, "output", string(want), string(got), textdiff.DefaultContext))
}

// Main runs the tests and exits. After a full run that passed it fails when
// a file matching one of patterns was compared by no test (Check, CheckTree)
// nor marked with Use. A pattern is a filepath.Match pattern relative to
// the package directory, or a directory followed by "/..." for every file
// under it; directories that a pattern matches are passed over.
//
// A run is full when no test was filtered out: no -run, -skip or -list
// (the fuzz scripts list targets with -list, and fuzz workers run with
// -run). Tests that skip under -short, or when an engine is missing, call
// Use for their golden files before skipping.
func Main(m *testing.M, patterns ...string) {
	code := m.Run()
	if code == 0 && fullRun() {
		unused, err := Unused(patterns...)
		if err != nil {
			fmt.Fprintf(os.Stderr, "FAIL: golden files: %v\n", err)
			code = 1
		}
		for _, path := range unused {
			fmt.Fprintf(os.Stderr, "FAIL: %s is used by no test (none compared it or marked it used); delete it, or restore the test that used it\n", path)
			code = 1
		}
	}
	os.Exit(code)
}

func fullRun() bool {
	for _, name := range []string{"test.run", "test.skip", "test.list"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return true
}

// Unused returns the files matching patterns (as Main reads them) that no
// test of this binary has compared or marked used so far, sorted.
func Unused(patterns ...string) ([]string, error) {
	var files []string
	for _, p := range patterns {
		if dir, ok := strings.CutSuffix(p, "/..."); ok {
			err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					files = append(files, path)
				}
				return err
			})
			if err != nil && !os.IsNotExist(err) {
				return nil, err
			}
			continue
		}
		matches, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("pattern %q: %v", p, err)
		}
		for _, m := range matches {
			if fi, err := os.Stat(m); err == nil && !fi.IsDir() {
				files = append(files, m)
			}
		}
	}
	used.Lock()
	defer used.Unlock()
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		k := key(f)
		if seen[k] || used.files[k] || underTree(k) {
			continue
		}
		seen[k] = true
		out = append(out, k)
	}
	sort.Strings(out)
	return out, nil
}

// underTree reports whether a CheckTree compared the directory holding k
// (it reported any file there that it did not expect). used is locked.
func underTree(k string) bool {
	for dir := k; ; {
		parent := filepath.ToSlash(filepath.Dir(dir))
		if parent == dir || parent == "." || parent == "/" {
			return false
		}
		if used.trees[parent] {
			return true
		}
		dir = parent
	}
}
