package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"

	// The examples are built from this library in a subprocess, which go
	// test's result cache cannot see; importing it makes a change to the
	// library a change to this test binary.
	_ "github.com/tfkit/tfkit"
)

// TestExampleLocal synthesizes examples/local by running the app (never the
// committed tfkit.out), in both formats, and takes every stack through
// init, validate, apply, output, plan and destroy.
func TestExampleLocal(t *testing.T) {
	enginetest.Engine(t)
	enginetest.Mirror(t)
	app := buildExample(t, "local")

	for _, format := range []string{"hcl", "json"} {
		t.Run(format, func(t *testing.T) {
			out := synth(t, app, format)
			stacks := stackDirs(t, out, format)
			if len(stacks) != 1 || filepath.Base(stacks[0]) != "local" {
				t.Fatalf("stacks %q, want the one stack local", stacks)
			}
			w := enginetest.WorkspaceFrom(t, stacks[0])
			w.Init()
			w.Validate()
			w.Apply()

			outs := w.Outputs()
			pet := stringOutput(t, outs, "pet_name")
			if !regexp.MustCompile(`^[a-z]+-[a-z]+$`).MatchString(pet) {
				t.Errorf("pet_name = %q, want two words (the default pet_length)", pet)
			}
			greetingFile := stringOutput(t, outs, "greeting_file")
			data, err := os.ReadFile(filepath.Join(w.Dir, greetingFile))
			if want := "Hello, " + pet + "!\n"; err != nil || string(data) != want {
				t.Errorf("%s holds %q (%v), want %q", greetingFile, data, err, want)
			}
			for name, content := range map[string]string{"first.txt": "one", "second.txt": "two"} {
				data, err := os.ReadFile(filepath.Join(w.Dir, "out", name))
				if err != nil || string(data) != content {
					t.Errorf("out/%s holds %q (%v), want %q", name, data, err, content)
				}
			}
			var ids map[string]string
			if err := json.Unmarshal(outs["file_ids"].Value, &ids); err != nil || len(ids) != 2 {
				t.Errorf("file_ids = %s (%v), want two files", outs["file_ids"].Value, err)
			}

			if p := w.Plan(); p.Changes {
				t.Errorf("plan after apply shows changes:\n%s", p.Output)
			}
			w.Destroy()
			if _, err := os.Stat(filepath.Join(w.Dir, greetingFile)); !os.IsNotExist(err) {
				t.Errorf("destroy left %s behind (%v)", greetingFile, err)
			}
		})
	}
}

// buildExample compiles examples/NAME once for all formats and returns the
// binary. Its sources are read here so that go test's cache sees them.
func buildExample(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "..", "examples", name)
	sources, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(sources) == 0 {
		t.Fatalf("no Go files in %s (%v)", dir, err)
	}
	for _, src := range sources {
		if _, err := os.ReadFile(src); err != nil {
			t.Fatal(err)
		}
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("building the example needs the go command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), name)
	cmd := exec.Command(gobin, "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build in %s: %v\n%s", dir, err, out)
	}
	return bin
}

// synth runs the app as the tfkit CLI would, writing into a new directory.
func synth(t *testing.T, app, format string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "tfkit.out")
	cmd := exec.Command(app)
	cmd.Dir = t.TempDir() // the app must not depend on its working directory
	cmd.Env = append(os.Environ(), "TFKIT_OUTDIR="+out, "TFKIT_FORMAT="+format)
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("synthesizing with TFKIT_FORMAT=%s: %v\n%s", format, err, output)
	} else if len(output) > 0 {
		t.Errorf("synthesis printed (a warning?):\n%s", output)
	}
	return out
}

// stackDirs returns the stack directories of a synthesized output after
// checking that each holds its configuration in format and nothing of the
// other format.
func stackDirs(t *testing.T, out, format string) []string {
	t.Helper()
	want, other := "main.tf", "main.tf.json"
	if format == "json" {
		want, other = other, want
	}
	var manifest struct {
		Format string `json:"format"`
	}
	data, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &manifest); err != nil || manifest.Format != format {
		t.Errorf("manifest.json format %q (%v), want %q", manifest.Format, err, format)
	}
	dirs, err := filepath.Glob(filepath.Join(out, "stacks", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Errorf("stack %s has no %s", filepath.Base(dir), want)
		}
		if _, err := os.Stat(filepath.Join(dir, other)); err == nil {
			t.Errorf("stack %s has a %s in %s format", filepath.Base(dir), other, format)
		}
		if format == "json" {
			if data, err := os.ReadFile(filepath.Join(dir, want)); err == nil && !strings.HasPrefix(strings.TrimSpace(string(data)), "{") {
				t.Errorf("stack %s: %s is not JSON:\n%s", filepath.Base(dir), want, data)
			}
		}
	}
	return dirs
}

// TestExampleDockerValidates checks the docker example against the real
// provider schema. It needs no Docker daemon, only the provider
// (scripts/install-providers.sh --docker, which scripts/test.sh runs).
func TestExampleDockerValidates(t *testing.T) {
	enginetest.Engine(t)
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	app := buildExample(t, "docker")
	for _, format := range []string{"hcl", "json"} {
		t.Run(format, func(t *testing.T) {
			for _, stack := range stackDirs(t, synth(t, app, format), format) {
				w := enginetest.WorkspaceFrom(t, stack)
				w.Init()
				w.Validate()
			}
		})
	}
}

// TestExampleAWSVPCValidates checks the aws-vpc example (two stacks, an s3
// backend, remote state, provider aliases, a dynamic block) against the real
// aws provider schema, with the backend left uninitialized. The example
// asks for aws ~> 5.0 as the samples it follows do; the mirror holds aws
// 3.3.0, whose schema has every resource and argument the example uses, so
// the constraint is pinned to 3.3.0 for this check only.
func TestExampleAWSVPCValidates(t *testing.T) {
	enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	app := buildExample(t, "aws-vpc")
	for _, format := range []string{"hcl", "json"} {
		t.Run(format, func(t *testing.T) {
			for _, stack := range stackDirs(t, synth(t, app, format), format) {
				w := enginetest.WorkspaceFrom(t, stack)
				name := "main.tf"
				if format == "json" {
					name = "main.tf.json"
				}
				path := filepath.Join(w.Dir, name)
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				pinned := strings.ReplaceAll(string(src), `"~> 5.0"`, `"3.3.0"`)
				if pinned == string(src) {
					t.Fatalf("%s: no aws ~> 5.0 constraint to pin", filepath.Base(stack))
				}
				if err := os.WriteFile(path, []byte(pinned), 0o644); err != nil {
					t.Fatal(err)
				}
				w.Init("-backend=false")
				w.Validate()
			}
		})
	}
}
