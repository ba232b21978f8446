package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestInitThenDeploy is a new user's first minutes: tfkit init makes a Go
// and a TSX project outside this checkout, and in each tfkit synth and
// tfkit deploy work as they come, with the real engine: the file the app
// describes is written. In the Go project, go test passes at once.
func TestInitThenDeploy(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy, builds the new program and runs the engine")
	}
	for _, lang := range []string{"go", "tsx"} {
		t.Run(lang, func(t *testing.T) {
			p := newStackProject(t)
			dir := filepath.Join(t.TempDir(), "My Infra")
			res := runCLI(t, filepath.Dir(dir), nil, "init", "--lang", lang, "My Infra")
			if res.code != ExitOK || !strings.HasPrefix(res.stdout, "Created a ") || res.stderr != "" {
				t.Fatalf("init: %s", res)
			}
			want := []string{".gitignore", "main.tsx", "tfkit.json", "tsconfig.json"}
			if lang == "go" {
				want = []string{".gitignore", "go.mod", "go.sum", "main.go", "main_test.go", "tfkit.json"}
				gomod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
				if !strings.HasPrefix(string(gomod), "module my-infra\n") || !strings.Contains(string(gomod), "replace github.com/tfkit/tfkit => ") {
					t.Errorf("go.mod:\n%s", gomod)
				}
			}
			if got := names(t, dir); !reflect.DeepEqual(got, want) {
				t.Errorf("files %v, want %v", got, want)
			}
			if lang == "go" {
				// go.sum holds what the example test's tfkittest needs.
				cmd := exec.Command("go", "test", "./...")
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "ok ") {
					t.Fatalf("go test ./...: %v\n%s", err, out)
				}
			}
			if res := runCLI(t, dir, p.env, "synth"); res.code != ExitOK {
				t.Fatalf("synth: %s", res)
			}
			if res := runCLI(t, dir, p.env, "deploy", "--auto-approve"); res.code != ExitOK || !strings.Contains(res.stdout, "deployed (1 added, 0 changed, 0 destroyed)") {
				t.Fatalf("deploy: %s", res)
			}
			files, _ := filepath.Glob(filepath.Join(dir, ".tfkit", "*", "stacks", "*", "hello.txt"))
			if len(files) != 1 {
				t.Fatalf("hello.txt written %d times", len(files))
			}
			if got, _ := os.ReadFile(files[0]); string(got) != "Hello from tfkit!\n" {
				t.Errorf("hello.txt: %q", got)
			}
		})
	}
}

// TestInitRefuses checks init's mistakes: nothing is overwritten or
// written when it refuses.
func TestInitRefuses(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cdktf.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, nil, "init")
	if res.code != ExitFailure || res.stderr != "Error: . already has main.go, cdktf.json\n  hint: tfkit init starts a new project: give a new or empty directory (tfkit init DIR), or remove those files\n" {
		t.Errorf("existing files: %s", res)
	}
	if got := names(t, dir); !reflect.DeepEqual(got, []string{"cdktf.json", "main.go"}) {
		t.Errorf("files after a refused init: %v", got)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"init", "--lang", "python"}, ExitUsage, `tfkit init: --lang "python": choose go or tsx`},
		{[]string{"init", "a", "b"}, ExitUsage, `tfkit init: unexpected argument "b" (init takes one directory)`},
		{[]string{"init", "--lang", "tsx", "--module", "x"}, ExitUsage, "tfkit init: --module, --tfkit-source and --no-tidy are for Go projects (--lang go)"},
		{[]string{"init", "--module", "bad//path", "new"}, ExitFailure, `Error: module path "bad//path": an empty path element (a leading, trailing or double slash)`},
		{[]string{"init", "--tfkit-source", ".", "new"}, ExitFailure, "Error: .: no go.mod there\n  hint: --tfkit-source names the directory holding tfkit's go.mod"},
		{[]string{"init", "main.go"}, ExitFailure, "Error: main.go is a file, not a directory"},
	} {
		res := runCLI(t, dir, nil, c.args...)
		if res.code != c.code || !strings.HasPrefix(res.stderr, c.msg) {
			t.Errorf("%v: %s", c.args, res)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("a refused init created its directory: %v", err)
	}
}

// TestInitWithoutGo: a Go project needs the go command for go mod tidy;
// without it init says what to do and writes nothing.
func TestInitWithoutGo(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", t.TempDir())
	res := runCLI(t, dir, nil, "init", "app")
	if res.code != ExitFailure || !strings.HasPrefix(res.stderr, "Error: a Go project needs the go command, which is not on PATH\n  hint: install Go") {
		t.Errorf("%s", res)
	}
	if got := names(t, filepath.Join(dir, "app")); len(got) != 0 {
		t.Errorf("files after a failed init: %v", got)
	}
	res = runCLI(t, dir, nil, "init", "--no-tidy", "app")
	if res.code != ExitOK || !strings.Contains(res.stdout, "run go mod tidy in app") {
		t.Errorf("--no-tidy: %s", res)
	}
	if got := names(t, filepath.Join(dir, "app")); !reflect.DeepEqual(got, []string{".gitignore", "go.mod", "main.go", "main_test.go", "tfkit.json"}) {
		t.Errorf("files: %v", got)
	}
}

func TestModuleNameOf(t *testing.T) {
	for in, want := range map[string]string{"My Infra": "my-infra", "infra": "infra", "...": "infra", "Prod_Net.v2": "prod_net.v2", "é": "infra"} {
		if got := moduleNameOf(in); got != want {
			t.Errorf("moduleNameOf(%q) = %q, want %q", in, got, want)
		}
	}
	for v, want := range map[string]bool{"v1.2.3": true, "v1.2.3-rc.1": true, "(devel)": false, "": false,
		"v0.0.0-20261128104000-c82bdca01234": false, "v1.2.3+dirty": false, "v1.2.4-0.20261128104000-c82bdca01234": false} {
		if got := isRelease(v); got != want {
			t.Errorf("isRelease(%q) = %v", v, got)
		}
	}
}

// names lists the entries of dir (none when it does not exist).
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestInitInsideGoWorkspace: a Go project made inside the tree of a
// go.work that does not list it cannot build there; init says so.
func TestInitInsideGoWorkspace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.work"), []byte("go 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, []string{"GOWORK="}, "init", "--no-tidy", "infra")
	if res.code != ExitOK || !strings.Contains(res.stdout, "infra is inside the Go workspace of go.work, which does not list it: add it with go work use infra, or run with GOWORK=off.\n") {
		t.Errorf("%s", res)
	}
}
