package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/manifest"
)

// TestSynthGoApp runs synth on a real program written with the tfkit API
// (testdata/goapp, inside this module so that `go run .` builds it against
// this checkout). Its output goes to a temporary --out directory, so the
// source tree is not written to.
func TestSynthGoApp(t *testing.T) {
	golden.Use("testdata/goapp/main.go", "testdata/goapp/tfkit.json")
	if testing.Short() {
		t.Skip("builds and runs a Go program")
	}
	appDir, err := filepath.Abs(filepath.Join("testdata", "goapp"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	out := filepath.Join(tmp, "out")
	synth := func(envVars []string, args ...string) result {
		t.Helper()
		return runCLI(t, tmp, append([]string{"GOAPP_BREAK=", "GOAPP_IGNORE="}, envVars...), append([]string{"--chdir", appDir, "synth"}, args...)...)
	}

	res := synth([]string{"ENV=prod"}, "--out", out)
	if res.code != ExitOK {
		t.Fatalf("%s", res)
	}
	summary := regexp.MustCompile(`^Synthesized 2 stacks into .*/out:
  network  stacks/network/main.tf  1 resource, \d+ bytes
  web      stacks/web/main.tf      2 resources, \d+ bytes
$`)
	if !summary.MatchString(res.stdout) {
		t.Errorf("summary:\n%s", res.stdout)
	}
	network, err := os.ReadFile(filepath.Join(out, "stacks", "network", "main.tf"))
	if err != nil || !strings.Contains(string(network), `input = "network-prod"`) {
		t.Errorf("network stack: %q %v", network, err)
	}
	m, err := manifest.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Stacks) != 2 || !reflect.DeepEqual(m.Stacks[1].Dependencies, []string{"network"}) {
		t.Errorf("manifest: %+v", m)
	}
	before := tree(t, out)

	// The same program with the same environment synthesizes the same bytes.
	res = synth([]string{"ENV=prod"}, "--out", out, "--check")
	if res.code != ExitOK || !strings.HasSuffix(res.stdout, "out is up to date.\n") {
		t.Errorf("clean check: %s", res)
	}

	// Another environment makes the output stale, diff shown.
	res = synth([]string{"ENV=dev"}, "--out", out, "--check")
	if res.code != ExitFailure ||
		!strings.Contains(res.stdout, "-  input = \"network-prod\"\n+  input = \"network-dev\"\n") ||
		!strings.Contains(res.stdout, "stacks/web/main.tf\n") {
		t.Errorf("stale check: %s", res)
	}

	// A program whose synthesis fails reports the Go line at fault and
	// leaves the output alone.
	res = synth([]string{"ENV=dev", "GOAPP_BREAK=1"}, "--out", out)
	if res.code != ExitFailure || !strings.Contains(res.stderr, `main.go:29: Error: Duplicate resource "terraform_data.a"`) {
		t.Errorf("failing program: %s", res)
	}
	if after := tree(t, out); !reflect.DeepEqual(after, before) {
		t.Errorf("a failed synth changed the output")
	}
	noStaging(t, tmp)

	// The same program dropping Synth's error writes nothing and says
	// nothing; the CLI names that possibility and how to check the error.
	res = synth([]string{"ENV=dev", "GOAPP_BREAK=1", "GOAPP_IGNORE=1"}, "--out", out)
	if res.code != ExitFailure || !strings.Contains(res.stderr, "wrote no manifest.json: it did not call app.Synth(), or ignored the error app.Synth() returned") ||
		!strings.Contains(res.stderr, "      if err := app.Synth(); err != nil {\n") {
		t.Errorf("program ignoring Synth's error: %s", res)
	}
	if after := tree(t, out); !reflect.DeepEqual(after, before) {
		t.Errorf("a failed synth changed the output")
	}
	noStaging(t, tmp)

	// JSON output.
	outJSON := filepath.Join(tmp, "json")
	res = synth([]string{"ENV=dev"}, "--out", outJSON, "--format", "json")
	if res.code != ExitOK || !strings.Contains(res.stdout, "  web      stacks/web/main.tf.json      2 resources, ") || res.stderr != "" {
		t.Errorf("json: %s", res)
	}
	noStaging(t, tmp)
}
