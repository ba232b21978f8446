package tfkit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
)

// examples are the runnable examples; each commits its synthesized output
// under examples/<name>/tfkit.out, which this test keeps current.
var examples = []string{"docker", "aws-vpc", "local"}

// buildExample compiles an example into dir and returns the binary.
func buildExample(t *testing.T, name, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", bin, "./examples/"+name)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build example %s: %v\n%s", name, err, out)
	}
	return bin
}

// runExample runs an example in its directory the way `tfkit synth` does,
// with TFKIT_OUTDIR set, and returns the files it wrote.
func runExample(t *testing.T, name, bin string, env ...string) map[string]string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "staging")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Dir = filepath.Join("examples", name)
	cmd.Env = append(os.Environ(), append([]string{"TFKIT_OUTDIR=" + out, "TFKIT_FORMAT=", "ENV="}, env...)...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run example %s: %v\n%s", name, err, msg)
	}
	return readTree(t, out)
}

func TestExamplesOutputIsCommitted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the examples")
	}
	bins := t.TempDir()
	for _, name := range examples {
		t.Run(name, func(t *testing.T) {
			files := map[string][]byte{}
			for p, c := range runExample(t, name, buildExample(t, name, bins)) {
				files[p] = []byte(c)
			}
			golden.CheckTree(t, filepath.Join("examples", name, "tfkit.out"), files)
		})
	}
}

// The aws-vpc example builds per environment.
func TestAWSExampleEnvironments(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the examples")
	}
	bin := buildExample(t, "aws-vpc", t.TempDir())
	prod := runExample(t, "aws-vpc", bin, "ENV=prod")
	net := prod["stacks/network/main.tf"]
	for _, want := range []string{`"10.1.0.0/16"`, `"t3.large"`, `"prod/network/terraform.tfstate"`, `default = "prod"`} {
		if !strings.Contains(net, want) {
			t.Errorf("prod network stack lacks %s:\n%s", want, net)
		}
	}
	if strings.Contains(net, "t3.micro") {
		t.Error("prod output mentions dev's instance type")
	}
	cmd := exec.Command(bin)
	cmd.Dir = filepath.Join("examples", "aws-vpc")
	cmd.Env = append(os.Environ(), "ENV=staging", "TFKIT_OUTDIR="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), `unknown ENV "staging"`) {
		t.Errorf("unknown environment: %v %s", err, out)
	}
}
