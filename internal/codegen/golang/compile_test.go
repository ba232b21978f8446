package golang

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
)

// writeModule generates the bindings of every case into a temporary
// module that uses this repository through a replace directive, as a user's
// module would, and returns its directory.
func writeModule(t *testing.T, extra map[string][]byte) string {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"go.mod": []byte("module bindings\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => " + root + "\n"),
		"go.sum": sum,
	}
	for name, data := range extra {
		files[name] = data
	}
	for _, name := range caseNames() {
		pkg := name
		switch {
		case name == "aws-slice":
			pkg = "aws"
		case strings.HasPrefix(name, "module-"):
			pkg = strings.TrimPrefix(name, "module-")
		}
		for _, f := range generate(t, name) {
			files[filepath.Join(pkg, f.Path)] = f.Data
		}
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func goCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	return cmd
}

// TestGeneratedCompiles builds and vets the bindings of every golden case.
func TestGeneratedCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet on generated packages")
	}
	dir := writeModule(t, nil)
	if out, err := goCommand(dir, "vet", "./...").CombinedOutput(); err != nil {
		t.Fatalf("go vet of the generated packages failed: %v\n%s", err, out)
	}
}

// programStacks are the stacks TestProgramSynth compares with
// testdata/program/<stack>.tf.
var programStacks = []string{"local", "docker", "modules", "nested", "objects", "features", "blockrefs"}

// TestProgramSynth runs a program written against the generated random,
// local and docker bindings and compares what it synthesizes.
func TestProgramSynth(t *testing.T) {
	if testing.Short() {
		for _, stack := range programStacks {
			golden.Use(filepath.Join("testdata", "program", stack+".tf"))
		}
		t.Skip("builds a Go program")
	}
	prog, err := os.ReadFile("testdata/program/main.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The program runs in its project, which holds the local modules its
	// module bindings call: Synth copies them into the stacks.
	// Synth checks the calls against the modules' variables and outputs:
	// the net module is the one its bindings were generated from.
	files := map[string][]byte{"cmd/app/main.go": prog}
	for to, from := range map[string]string{
		"modules/objects": filepath.Join("testdata", "modules", "objects"),
		"modules/net":     filepath.Join("..", "..", "..", "tffile", "testdata", "modules", "net"),
	} {
		ents, err := os.ReadDir(from)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			src, err := os.ReadFile(filepath.Join(from, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files[to+"/"+e.Name()] = src
		}
	}
	dir := writeModule(t, files)
	cmd := goCommand(dir, "run", "./cmd/app")
	out := filepath.Join(dir, "out")
	cmd.Env = append(cmd.Env, "TFKIT_OUTDIR="+out, "TFKIT_FORMAT=hcl")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the program failed: %v\n%s", err, msg)
	}
	for _, stack := range programStacks {
		got, err := os.ReadFile(filepath.Join(out, "stacks", stack, "main.tf"))
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "program", stack+".tf"), got)
	}
	// The engine checks the references into nested blocks against the
	// provider's schema: a set of blocks is not indexed, a list is.
	t.Run("blockrefs", func(t *testing.T) {
		enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
		w := enginetest.WorkspaceFrom(t, filepath.Join(out, "stacks", "blockrefs"))
		w.Init()
		w.Validate()
	})
	// The engine holds the objects the struct inputs render to against
	// the module's type constraints and applies its optional() defaults.
	t.Run("engine", func(t *testing.T) {
		// The stack as synthesized, with its copy of the module.
		w := enginetest.WorkspaceFrom(t, filepath.Join(out, "stacks", "objects"))
		w.Init()
		w.Validate()
		w.Apply("-var", "zone=c")
		outs := w.Outputs()
		for name, want := range map[string]string{
			"subnet_ids": `["dev-a-10.0.1.0/24","dev-c-10.0.2.0/24"]`,
			"dns_ttl":    `300`,
			"rule_ports": `{"https":443,"ssh":22}`,
		} {
			var got bytes.Buffer
			if err := json.Compact(&got, outs[name].Value); err != nil || got.String() != want {
				t.Errorf("output %s = %s (%v), want %s", name, outs[name].Value, err, want)
			}
		}
	})
}

// TestNilBindingReportedAtCaller runs a program that calls getters of a
// nil and of a zero typed handle, and of the references into a nested
// block of a nil one: it fails with errors at the program's
// own lines, not with a panic, nor at a line of the generated package.
func TestNilBindingReportedAtCaller(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a Go program with generated bindings")
	}
	prog := `package main

import (
	"fmt"
	"os"

	"bindings/docker"
	"github.com/tfkit/tfkit"
)

func main() {
	app := tfkit.NewApp()
	stack := tfkit.NewStack(app, "s")
	var img *docker.Image
	docker.NewContainer(stack, "web", docker.ContainerConfig{
		Name:  tfkit.String("web"),
		Image: img.ImageID(),
	})
	zero := &docker.Image{}
	tfkit.NewOutput(stack, "id", tfkit.OutputConfig{Value: zero.ID()})
	var ctr *docker.Container
	tfkit.NewOutput(stack, "port", tfkit.OutputConfig{Value: ctr.Ports(0).External()})
	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`
	dir := writeModule(t, map[string][]byte{"cmd/app/main.go": []byte(prog)})
	cmd := goCommand(filepath.Join(dir, "cmd", "app"), "run", ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		t.Fatal("the program succeeded")
	}
	out := stderr.String()
	for _, want := range []string{
		"main.go:17: Error: Nil *docker.Image; (*docker.Image).ImageID was called on a nil *docker.Image, or on one docker.NewImage did not make",
		"main.go:20: Error: Nil *docker.Image; (*docker.Image).ID was called",
		// Through the references into a nested block.
		"main.go:22: Error: Nil *docker.Container; (*docker.Container).Ports was called on a nil *docker.Container",
		"hint: use the *docker.Image that docker.NewImage returns",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "panic") || strings.Contains(out, "zz_") {
		t.Errorf("a panic, or a line of the bindings:\n%s", out)
	}
}
