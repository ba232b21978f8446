package npmpkg

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStage stages the repository's package: package.json as it is, the
// type definitions from tsx/runtime, the rest (the testing entry with its
// types among it) from npm/, the launcher still executable.
func TestStage(t *testing.T) {
	repo := filepath.Join("..", "..")
	dir := t.TempDir()
	if err := Stage(repo, dir); err != nil {
		t.Fatal(err)
	}
	_, files, err := Files(repo)
	if err != nil {
		t.Fatal(err)
	}
	defs := 0
	for _, name := range append(files, "package.json") {
		src := filepath.Join(repo, "npm", filepath.FromSlash(name))
		if strings.HasSuffix(name, ".d.ts") && !strings.HasPrefix(name, "testing/") {
			src = filepath.Join(repo, "tsx", "runtime", name)
			defs++
		}
		want, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: staged copy differs from %s (%v)", name, src, err)
		}
	}
	if defs == 0 {
		t.Error("npm/package.json names no type definitions")
	}
	if fi, err := os.Stat(filepath.Join(dir, "bin", "tfkit.js")); err != nil || fi.Mode().Perm()&0o111 == 0 {
		t.Errorf("the launcher is not executable: %v", err)
	}
	if err := Stage(t.TempDir(), dir); err == nil {
		t.Error("staging from a directory without npm/package.json succeeded")
	}
}
