// Package tsxtest is test support for the TSX front end: it finds node and
// installs the TypeScript compiler from the npm registry into tfkit's cache
// ($TFKIT_CACHE, else ~/.cache/tfkit), once per version.
//
// Tests skip when node, npm or the registry is missing, and fail instead
// when TFKIT_REQUIRE_ENGINE=1 (as CI sets it), so that a missing install
// cannot turn a run green. Only tests may import this package; it must never
// be used by the library or the CLI.
package tsxtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/npmpkg"
)

// unavailable skips t, or fails it when the environment requires every tool.
func unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("TFKIT_REQUIRE_ENGINE") == "1" {
		t.Fatalf("%s (TFKIT_REQUIRE_ENGINE=1)", msg)
	}
	t.Skip(msg)
}

// SkipShort skips t under -short. Tests that run node or the TypeScript
// compiler go through Node (TypeScript calls it), so go test -short ./...,
// the fast inner loop, runs neither; the full suite runs both.
func SkipShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs node or the TypeScript compiler; skipped with -short")
	}
}

// Node returns the path of node (skipping under -short).
func Node(t testing.TB) string {
	t.Helper()
	SkipShort(t)
	p, err := exec.LookPath("node")
	if err != nil {
		unavailable(t, "node is not on PATH")
	}
	return p
}

func cacheDir() (string, error) {
	if d := os.Getenv("TFKIT_CACHE"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".cache", "tfkit"), nil
}

// TypeScript returns the path of tsc from typescript@version, installing it
// into the cache with npm when it is not there yet.
func TypeScript(t testing.TB, version string) string {
	t.Helper()
	Node(t)
	cache, err := cacheDir()
	if err != nil {
		unavailable(t, "no cache directory: %v", err)
	}
	dir := filepath.Join(cache, "typescript-"+version)
	tsc := filepath.Join(dir, "node_modules", ".bin", "tsc")
	if _, err := os.Stat(tsc); err == nil {
		return tsc
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		unavailable(t, "npm is not on PATH, and typescript %s is not in %s", version, dir)
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	// Install beside the final place and rename, so that concurrent test
	// runs never see half an install.
	tmp, err := os.MkdirTemp(cache, ".typescript-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), []byte(`{"private": true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(npm, "install", "--no-audit", "--no-fund", "--ignore-scripts", "typescript@"+version)
	cmd.Dir = tmp
	out, err := cmd.CombinedOutput()
	if err != nil {
		unavailable(t, "npm install typescript@%s failed: %v\n%s", version, err, strings.TrimSpace(string(out)))
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(tsc); statErr == nil {
			return tsc // another run installed it first
		}
		t.Fatal(err)
	}
	return tsc
}

// Package returns a directory holding the npm package "tfkit" as users
// install it (package.json, the launcher and the type definitions, the
// latter from tsx/runtime), staged from the repository this test runs in.
// Link it as node_modules/tfkit of a project to type-check against it.
func Package(t testing.TB) string {
	t.Helper()
	repo, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "tfkit")
	if err := npmpkg.Stage(repo, dir); err != nil {
		t.Fatalf("staging the npm package: %v", err)
	}
	return dir
}

// repoRoot walks up from the working directory (the test's package) to the
// directory holding go.mod.
func repoRoot() (string, error) {
	dir, err := filepath.Abs(".")
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}
