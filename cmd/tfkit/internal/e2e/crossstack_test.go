package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/cmd/tfkit/internal/cli"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestCrossStackDeploy runs the tfkit CLI on a Go app of two stacks where
// web uses network's random_pet without declaring anything for it
// (testdata/crossstack), with the real engine and the provider mirror:
// deploy goes in dependency order and web reads the pet through the
// remote state synth writes, diff afterwards shows no changes, a change in
// the app shows exactly that change, and destroy goes in reverse order.
func TestCrossStackDeploy(t *testing.T) {
	enginetest.ForEachEngine(t, testCrossStackDeploy)
}

func testCrossStackDeploy(t *testing.T, engine string) {
	project, file, run := crossProject(t, engine)

	code, stdout, stderr := run("hello", "deploy", "--auto-approve")
	if code != cli.ExitOK {
		t.Fatalf("deploy: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got, want := summary(stdout, "Deploy"), " network deployed (1 added, 0 changed, 0 destroyed)\n web deployed (4 added, 0 changed, 0 destroyed)\n"; got != want {
		t.Errorf("deploy summary:\n%s\nwant:\n%s", got, want)
	}
	if in, iw := strings.Index(stdout, "network | Apply complete!"), strings.Index(stdout, "web | data.terraform_remote_state.network: Reading"); in < 0 || iw < 0 || in > iw {
		t.Errorf("web was not planned after network was applied:\n%s", stdout)
	}

	// What synth wrote: the output, the remote state, the dependency.
	out := filepath.Join(project, "tfkit.out")
	m, err := tfkit.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	deps := map[string][]string{}
	for _, s := range m.Stacks {
		deps[s.Name] = s.Dependencies
	}
	if want := map[string][]string{"network": {}, "web": {"network"}}; !reflect.DeepEqual(deps, want) {
		t.Errorf("dependencies %v, want %v", deps, want)
	}
	network, _ := os.ReadFile(filepath.Join(out, "stacks", "network", "main.tf"))
	web, _ := os.ReadFile(filepath.Join(out, "stacks", "web", "main.tf"))
	if !strings.Contains(string(network), `output "cross_stack_output_random_pet_name_id" {`) ||
		!strings.Contains(string(web), `data "terraform_remote_state" "network" {`) ||
		!strings.Contains(string(web), `input = "hello ${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id}"`) {
		t.Errorf("synthesized stacks:\n%s\n%s", network, web)
	}

	code, stdout, stderr = run("hello", "output", "--json")
	var outs map[string]map[string]any
	if err := json.Unmarshal([]byte(stdout), &outs); err != nil || code != cli.ExitOK {
		t.Fatalf("output: %v exit %d\n%s\n%s", err, code, stdout, stderr)
	}
	pet, _ := outs["network"]["name"].(string)
	if !regexp.MustCompile(`^[a-z]+-[a-z]+$`).MatchString(pet) || outs["web"]["greeting"] != "hello "+pet || outs["web"]["pet_length"] != 2.0 {
		t.Errorf("outputs: %v", outs)
	}
	if data, err := os.ReadFile(file); err != nil || string(data) != "hello "+pet {
		t.Errorf("local_file: %q %v", data, err)
	}

	code, stdout, stderr = run("hello", "diff", "--detailed-exitcode")
	if code != cli.ExitOK || summary(stdout, "Diff") != " network no changes\n web no changes\n" {
		t.Errorf("diff after deploy: exit %d\n%s\n%s", code, stdout, stderr)
	}

	code, stdout, stderr = run("goodbye", "diff", "--detailed-exitcode")
	// terraform_data's input changes in place; local_file's content forces
	// a replacement.
	if want := " network no changes\n web 1 to add, 1 to change, 1 to destroy, outputs change\n"; code != 2 || summary(stdout, "Diff") != want {
		t.Errorf("diff after a change: want exit 2 and\n%s\ngot exit %d\n%s\n%s", want, code, stdout, stderr)
	}
	if !strings.Contains(stdout, fmt.Sprintf(`web |       ~ input  = "hello %s" -> "goodbye %s"`, pet, pet)) {
		t.Errorf("the plan does not show the change:\n%s", stdout)
	}

	code, stdout, stderr = run("hello", "destroy", "--auto-approve")
	if code != cli.ExitOK {
		t.Fatalf("destroy: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got, want := summary(stdout, "Destroy"), " network destroyed (0 added, 0 changed, 1 destroyed)\n web destroyed (0 added, 0 changed, 4 destroyed)\n"; got != want {
		t.Errorf("destroy summary:\n%s\nwant:\n%s", got, want)
	}
	if iw, in := strings.Index(stdout, "web | Apply complete!"), strings.Index(stdout, "network | random_pet.name: Destroying"); iw < 0 || in < 0 || iw > in {
		t.Errorf("network was destroyed before web:\n%s", stdout)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("local_file still exists: %v", err)
	}
	code, stdout, _ = run("hello", "output", "--json")
	if code != cli.ExitOK || regexp.MustCompile(`\s`).ReplaceAllString(stdout, "") != `{"network":{},"web":{}}` {
		t.Errorf("outputs after destroy: %s", stdout)
	}
}

// TestCrossStackDeployJSON deploys the same app synthesized as Terraform
// JSON, whose remote state path is a template in a JSON string.
func TestCrossStackDeployJSON(t *testing.T) {
	enginetest.ForEachEngine(t, testCrossStackDeployJSON)
}

func testCrossStackDeployJSON(t *testing.T, engine string) {
	project, file, run := crossProject(t, engine)
	if code, stdout, stderr := run("hi", "synth", "--format", "json"); code != cli.ExitOK {
		t.Fatalf("synth: exit %d\n%s\n%s", code, stdout, stderr)
	}
	web, err := os.ReadFile(filepath.Join(project, "tfkit.out", "stacks", "web", "main.tf.json"))
	if err != nil || !strings.Contains(string(web), `"path": "${path.module}/../network/terraform.tfstate"`) {
		t.Errorf("web main.tf.json (%v):\n%s", err, web)
	}
	code, stdout, stderr := run("hi", "deploy", "--auto-approve", "--skip-synth")
	if code != cli.ExitOK {
		t.Fatalf("deploy: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got, want := summary(stdout, "Deploy"), " network deployed (1 added, 0 changed, 0 destroyed)\n web deployed (4 added, 0 changed, 0 destroyed)\n"; got != want {
		t.Errorf("deploy summary:\n%s\nwant:\n%s", got, want)
	}
	code, stdout, _ = run("hi", "output", "--json")
	var outs map[string]map[string]any
	if err := json.Unmarshal([]byte(stdout), &outs); err != nil || code != cli.ExitOK {
		t.Fatalf("output: %v exit %d\n%s", err, code, stdout)
	}
	pet, _ := outs["network"]["name"].(string)
	if data, err := os.ReadFile(file); err != nil || pet == "" || string(data) != "hi "+pet {
		t.Errorf("local_file: %q %v (pet %q)", data, err, pet)
	}
	if code, stdout, stderr := run("hi", "destroy", "--auto-approve", "--skip-synth"); code != cli.ExitOK {
		t.Fatalf("destroy: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// crossProject makes a project whose app is testdata/crossstack, and
// returns its directory, the file the app writes, and a function that runs
// the tfkit CLI there with engine and the provider mirror and
// CROSS_GREETING set to a greeting.
func crossProject(t *testing.T, engine string) (string, string, func(greeting string, args ...string) (int, string, string)) {
	mirror := enginetest.Mirror(t)
	bin := buildTestApp(t, "crossstack")

	project := t.TempDir()
	cfg, _ := json.Marshal(map[string]string{"app": bin, "output": "tfkit.out"})
	if err := os.WriteFile(filepath.Join(project, "tfkit.json"), cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(mirror)), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "greeting.txt")
	env := []string{"TFKIT_TERRAFORM=" + engine, "TF_CLI_CONFIG_FILE=" + rc, "CHECKPOINT_DISABLE=1", "CROSS_FILE=" + file}
	run := func(greeting string, args ...string) (int, string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := cli.Main(context.Background(), args, cli.Env{
			Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Dir: project,
			Environ: append(os.Environ(), append(env, "CROSS_GREETING="+greeting)...),
			Version: "v0.0.0-test",
		})
		return code, stdout.String(), stderr.String()
	}
	return project, file, run
}

// summary returns the lines after the "Deploy:" (or other) heading, with
// runs of spaces made one.
func summary(out, heading string) string {
	_, after, _ := strings.Cut(out, "\n"+heading+":\n")
	return regexp.MustCompile(` +`).ReplaceAllString(after, " ")
}

// buildTestApp compiles testdata/NAME (inside this module, so that it is
// built against this checkout) and returns the binary.
func buildTestApp(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join("testdata", name)
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("building the app needs the go command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), name)
	cmd := exec.Command(gobin, "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build in %s: %v\n%s", dir, err, out)
	}
	return bin
}
