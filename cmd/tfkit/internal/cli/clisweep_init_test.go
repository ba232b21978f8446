package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitKeepsGoSum: go.sum is one of a Go project's files (go mod tidy
// writes it), so an existing one stops init like the others.
func TestInitKeepsGoSum(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.sum", "example.com/kept v1.0.0 h1:kept=\n")
	res := runCLI(t, dir, nil, "init")
	if res.code != ExitFailure || res.stderr != "Error: . already has go.sum\n  hint: tfkit init starts a new project: give a new or empty directory (tfkit init DIR), or remove those files\n" {
		t.Errorf("existing go.sum: %s", res)
	}
	if got := names(t, dir); len(got) != 1 {
		t.Errorf("files after a refused init: %v", got)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "go.sum")); err != nil || string(data) != "example.com/kept v1.0.0 h1:kept=\n" {
		t.Errorf("go.sum after a refused init: %d bytes, %v", len(data), err)
	}
}

// TestInitModulePathGoRefuses: a directory named like a package of the
// standard library (net, testing) or like a Windows device (aux) makes a
// module path Go does not build; init says so and writes nothing, instead
// of a project whose go mod tidy or go build fails.
func TestInitModulePathGoRefuses(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ args, msg string }{
		{"net", "Error: module path \"net\" is also a package of Go's standard library, which go build cannot tell apart from it\n  hint: give another module path with --module, such as example.com/net\n"},
		{"work/testing", "Error: module path \"testing\" is also a package of Go's standard library, which go build cannot tell apart from it\n  hint: give another module path with --module, such as example.com/testing\n"},
		{"aux", "Error: module path \"aux\": \"aux\" is a device name on Windows, which Go does not allow in module paths\n  hint: give a module path such as example.com/infra or infra with --module\n"},
	} {
		res := runCLI(t, dir, nil, "init", "--no-tidy", c.args)
		if res.code != ExitFailure || res.stderr != c.msg {
			t.Errorf("init %s: %s", c.args, res)
		}
	}
	if got := names(t, dir); len(got) != 0 {
		t.Errorf("files after refused inits: %v", got)
	}
	if res := runCLI(t, dir, nil, "init", "--no-tidy", "--module", "example.com/net", "net"); res.code != ExitOK {
		t.Errorf("init --module example.com/net net: %s", res)
	}
}

// TestInitKeepsGitignore: a new repository's .gitignore does not stop
// init; tfkit's lines are added to it, once, and nothing is lost.
func TestInitKeepsGitignore(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".gitignore", "node_modules\n*.log")
	res := runCLI(t, dir, nil, "init", "--lang", "tsx")
	if res.code != ExitOK || !strings.Contains(res.stdout, ".gitignore (tfkit's lines added to it)") {
		t.Fatalf("init: %s", res)
	}
	got, _ := os.ReadFile(filepath.Join(dir, ".gitignore"))
	if !strings.HasPrefix(string(got), "node_modules\n*.log\n\n# tfkit's") || !strings.HasSuffix(string(got), "\n.tfkit/\n# the synth output, made again by tfkit synth\ntfkit.out/\n") {
		t.Errorf(".gitignore:\n%s", got)
	}

	again := t.TempDir()
	write(t, again, ".gitignore", "/.tfkit\ntfkit.out\n")
	if res := runCLI(t, again, nil, "init", "--lang", "tsx"); res.code != ExitOK || strings.Contains(res.stdout, ".gitignore") {
		t.Fatalf("init with tfkit's lines there: %s", res)
	}
	if got, _ := os.ReadFile(filepath.Join(again, ".gitignore")); string(got) != "/.tfkit\ntfkit.out\n" {
		t.Errorf(".gitignore changed:\n%s", got)
	}
}
