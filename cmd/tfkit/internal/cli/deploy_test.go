package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/manifest"
)

// stackProject is a project whose app copies src/ (written by the test,
// manifest included) into the synth output, so tests choose the exact
// configuration of each stack without building a program.
type stackProject struct {
	t   *testing.T
	dir string
	env []string
}

func newStackProject(t *testing.T) *stackProject {
	t.Helper()
	return newStackProjectWith(t, enginetest.Engine(t))
}

// forEachEngine runs test once per engine (terraform, and OpenTofu when it
// is installed), as a subtest named after the binary.
func forEachEngine(t *testing.T, test func(t *testing.T, engine string)) {
	t.Helper()
	enginetest.ForEachEngine(t, test)
}

func newStackProjectWith(t *testing.T, engine string) *stackProject {
	t.Helper()
	mirror := enginetest.Mirror(t)
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(mirror)), 0o644); err != nil {
		t.Fatal(err)
	}
	p := &stackProject{t: t, dir: t.TempDir(), env: []string{
		"TFKIT_TERRAFORM=" + engine,
		"TF_CLI_CONFIG_FILE=" + rc,
		"CHECKPOINT_DISABLE=1",
	}}
	if err := os.WriteFile(filepath.Join(p.dir, "tfkit.json"), []byte(`{"app": "cp -R src/. \"$TFKIT_OUTDIR\""}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type testStack struct {
	name string
	deps []string
	tf   string
}

// write replaces src/ with the stacks and their manifest.
func (p *stackProject) write(stacks ...testStack) {
	p.t.Helper()
	src := filepath.Join(p.dir, "src")
	if err := os.RemoveAll(src); err != nil {
		p.t.Fatal(err)
	}
	if err := os.MkdirAll(src, 0o755); err != nil {
		p.t.Fatal(err)
	}
	m := manifest.Manifest{Version: manifest.Version, Format: "hcl"}
	for _, s := range stacks {
		rel := "stacks/" + s.name + "/main.tf"
		path := filepath.Join(src, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			p.t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(s.tf), 0o644); err != nil {
			p.t.Fatal(err)
		}
		sum := sha256.Sum256([]byte(s.tf))
		deps := append([]string{}, s.deps...)
		m.Stacks = append(m.Stacks, manifest.Stack{Name: s.name, Directory: "stacks/" + s.name,
			Files: []manifest.File{{Path: rel, SHA256: hex.EncodeToString(sum[:])}}, Dependencies: deps})
	}
	data, err := m.Marshal()
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "manifest.json"), data, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// tfkit runs a command in the project with stdin as the terminal's input.
func (p *stackProject) tfkit(stdin string, args ...string) result {
	p.t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(context.Background(), args, Env{
		Stdin:   strings.NewReader(stdin),
		Stdout:  &stdout,
		Stderr:  &stderr,
		Dir:     p.dir,
		Environ: append(os.Environ(), p.env...),
		Version: "v0.0.0-test",
	})
	return result{code, stdout.String(), stderr.String()}
}

// summary returns the lines after the "Deploy:" (or other) heading.
func summary(out, heading string) string {
	_, after, _ := strings.Cut(out, "\n"+heading+":\n")
	return after
}

const stackA = `resource "random_pet" "name" {}

resource "time_static" "created" {}

output "name" {
  value = random_pet.name.id
}

output "secret" {
  value     = "s3cret"
  sensitive = true
}
`

// stackB reads stack a's output through its local state, as tfkit's
// working directories sit side by side under .tfkit/.
func stackB(greeting, file string) string {
	return `data "terraform_remote_state" "a" {
  backend = "local"
  config = {
    path = "${path.module}/../a/terraform.tfstate"
  }
}

resource "terraform_data" "greeting" {
  input = "` + greeting + ` ${data.terraform_remote_state.a.outputs.name}"
}

resource "null_resource" "marker" {}

resource "local_file" "greeting" {
  filename = "` + file + `"
  content  = terraform_data.greeting.output
}

output "greeting" {
  value = terraform_data.greeting.output
}
`
}

// TestDeployTwoStacks deploys a two-stack app with the real engine and the
// provider mirror: in dependency order, then diff shows no changes, a
// change shows exactly that change, and destroy goes in reverse order.
func TestDeployTwoStacks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	forEachEngine(t, testDeployTwoStacks)
}

func testDeployTwoStacks(t *testing.T, engine string) {
	p := newStackProjectWith(t, engine)
	file := filepath.Join(t.TempDir(), "greeting.txt")
	p.write(testStack{name: "a", tf: stackA}, testStack{name: "b", deps: []string{"a"}, tf: stackB("hello", file)})

	res := p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	want := "  a  deployed (2 added, 0 changed, 0 destroyed)\n  b  deployed (3 added, 0 changed, 0 destroyed)\n"
	if got := summary(res.stdout, "Deploy"); got != want {
		t.Errorf("deploy summary:\n%s\nwant:\n%s", got, want)
	}
	if ia, ib := strings.Index(res.stdout, "a | Apply complete!"), strings.Index(res.stdout, "b | data.terraform_remote_state.a: Reading"); ia < 0 || ib < 0 || ia > ib {
		t.Errorf("b was not planned after a was applied:\n%s", res.stdout)
	}
	if !strings.Contains(res.stderr, "Using ") {
		t.Errorf("no engine line: %s", res.stderr)
	}
	if data, err := os.ReadFile(filepath.Join(p.dir, ".tfkit", ".gitignore")); err != nil || !strings.HasSuffix(string(data), "\n*\n") {
		t.Errorf(".tfkit/.gitignore: %q %v", data, err)
	}

	res = p.tfkit("", "output", "--json")
	var outs map[string]map[string]string
	if err := json.Unmarshal([]byte(res.stdout), &outs); err != nil || res.code != ExitOK {
		t.Fatalf("output: %v %s", err, res)
	}
	name := outs["a"]["name"]
	if name == "" || outs["b"]["greeting"] != "hello "+name {
		t.Errorf("outputs: %v", outs)
	}
	if data, err := os.ReadFile(file); err != nil || string(data) != "hello "+name {
		t.Errorf("local_file: %q %v", data, err)
	}
	if outs["a"]["secret"] != "s3cret" {
		t.Errorf("--json leaves out sensitive values: %v", outs)
	}
	res = p.tfkit("", "output", "a")
	if res.code != ExitOK || res.stdout != `name = "`+name+`"`+"\nsecret = <sensitive>\n" {
		t.Errorf("output a: %s", res)
	}
	res = p.tfkit("", "output", "b")
	if res.code != ExitOK || res.stdout != `greeting = "hello `+name+`"`+"\n" {
		t.Errorf("output b: %s", res)
	}

	res = p.tfkit("", "diff", "--detailed-exitcode")
	if res.code != ExitOK || summary(res.stdout, "Diff") != "  a  no changes\n  b  no changes\n" {
		t.Errorf("diff after deploy: %s", res)
	}
	if strings.Contains(res.stdout, "Initializing") {
		t.Errorf("init ran again for an unchanged configuration:\n%s", res.stdout)
	}

	p.write(testStack{name: "a", tf: stackA}, testStack{name: "b", deps: []string{"a"}, tf: stackB("goodbye", file)})
	res = p.tfkit("", "diff", "--detailed-exitcode")
	// terraform_data's input changes in place; local_file's content forces
	// a replacement.
	want = "  a  no changes\n  b  1 to add, 1 to change, 1 to destroy, outputs change\n"
	if res.code != 2 || summary(res.stdout, "Diff") != want {
		t.Errorf("diff after a change: want exit 2 and\n%s\ngot %s", want, res)
	}
	if !strings.Contains(res.stdout, `b |       ~ input  = "hello `+name+`" -> "goodbye `+name+`"`) {
		t.Errorf("the plan does not show the change:\n%s", res.stdout)
	}

	// A stack the app no longer has is left alone, with a warning.
	p.write(testStack{name: "b", tf: stackB("goodbye", file)})
	res = p.tfkit("", "diff", "b")
	if !strings.Contains(res.stderr, "Warning: stack a is no longer in tfkit.out but its state is still in .tfkit/tfkit.out/stacks/a; its resources were not destroyed\n") {
		t.Errorf("no warning about stack a: %s", res)
	}
	p.write(testStack{name: "a", tf: stackA}, testStack{name: "b", deps: []string{"a"}, tf: stackB("goodbye", file)})
	if res := p.tfkit("", "synth"); res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}

	res = p.tfkit("", "destroy", "--auto-approve", "--skip-synth")
	if res.code != ExitOK {
		t.Fatalf("destroy: %s", res)
	}
	want = "  a  destroyed (0 added, 0 changed, 2 destroyed)\n  b  destroyed (0 added, 0 changed, 3 destroyed)\n"
	if got := summary(res.stdout, "Destroy"); got != want {
		t.Errorf("destroy summary:\n%s\nwant:\n%s", got, want)
	}
	if ib, ia := strings.Index(res.stdout, "b | Apply complete!"), strings.Index(res.stdout, "a | random_pet.name: Destroying"); ia < 0 || ib < 0 || ib > ia {
		t.Errorf("a was destroyed before b:\n%s", res.stdout)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("local_file still exists: %v", err)
	}
	res = p.tfkit("", "output", "--json")
	if res.code != ExitOK || regexp.MustCompile(`\s`).ReplaceAllString(res.stdout, "") != `{"a":{},"b":{}}` {
		t.Errorf("outputs after destroy: %s", res)
	}
	// Without --json, a stack without outputs is not a heading with
	// nothing under it: a note says why and what to do.
	res = p.tfkit("", "output")
	want = "Note: stack a has no outputs: its state is empty, as a destroy leaves it; run 'tfkit deploy a' to deploy it again\n" +
		"Note: stack b has no outputs: its state is empty, as a destroy leaves it; run 'tfkit deploy b' to deploy it again\n"
	if res.code != ExitOK || res.stdout != "" || res.stderr != want {
		t.Errorf("output after destroy: want exit 0, no stdout and\n%s\ngot %s", want, res)
	}
	res = p.tfkit("", "output", "b")
	if res.code != ExitOK || res.stdout != "" || res.stderr != "Note: stack b has no outputs: its state is empty, as a destroy leaves it; run 'tfkit deploy b' to deploy it again\n" {
		t.Errorf("output b after destroy: %s", res)
	}
}

// TestDeployStopsDependants: a stack that is not approved, or fails, stops
// the stacks that depend on it, and the summary names the cause.
func TestDeployStopsDependants(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	forEachEngine(t, testDeployStopsDependants)
}

func testDeployStopsDependants(t *testing.T, engine string) {
	p := newStackProjectWith(t, engine)
	p.write(
		testStack{name: "a", tf: "resource \"null_resource\" \"a\" {}\n"},
		testStack{name: "b", deps: []string{"a"}, tf: "resource \"null_resource\" \"b\" {}\n"},
		testStack{name: "c", deps: []string{"b"}, tf: "resource \"null_resource\" \"c\" {}\n"},
		testStack{name: "d", tf: "resource \"terraform_data\" \"d\" {}\n"},
	)
	res := p.tfkit("no\nyes\n", "deploy", "--parallelism", "1")
	want := "  a  failed: not approved\n  b  skipped: a failed\n  c  skipped: a failed\n  d  deployed (1 added, 0 changed, 0 destroyed)\n"
	if res.code != ExitFailure || summary(res.stdout, "Deploy") != want {
		t.Errorf("want exit 1 and\n%s\ngot %s", want, res)
	}
	if !strings.Contains(res.stdout, "Deploy stack a (1 to add, 0 to change, 0 to destroy)? Only 'yes' will be accepted:\n") {
		t.Errorf("no question:\n%s", res.stdout)
	}

	p.write(
		testStack{name: "a", tf: "resource \"null_resource\" \"a\" { triggers = { x = var.missing } }\n"},
		testStack{name: "b", deps: []string{"a"}, tf: "resource \"null_resource\" \"b\" {}\n"},
	)
	res = p.tfkit("", "deploy", "--auto-approve")
	want = "  a  failed: terraform plan failed: exit status 1\n  b  skipped: a failed\n"
	if got := summary(res.stdout, "Deploy"); res.code != ExitFailure || !regexp.MustCompile(`^  a  failed: (terraform|tofu) plan failed: exit status 1\n  b  skipped: a failed\n$`).MatchString(got) {
		t.Errorf("want exit 1 and\n%s\ngot %s", want, res)
	}
	if !strings.Contains(res.stderr, "a | Error: Reference to undeclared input variable") {
		t.Errorf("the engine's error is not shown with the stack's name:\n%s", res.stderr)
	}

}

// TestDeployStateOnlyChanges: plans whose only changes are to the state
// (a move, a forget, an import) are changes: diff says what they are and
// exits 2 with --detailed-exitcode, deploy applies them, and a diff
// afterwards has nothing left to do.
func TestDeployStateOnlyChanges(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	forEachEngine(t, testDeployStateOnlyChanges)
}

func testDeployStateOnlyChanges(t *testing.T, engine string) {
	p := newStackProjectWith(t, engine)
	p.write(testStack{name: "s", tf: "resource \"terraform_data\" \"a\" {}\n\nresource \"terraform_data\" \"kept\" {}\n"})
	if res := p.tfkit("", "deploy", "--auto-approve"); res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	steps := []struct {
		name, tf, diff, deployed string
	}{
		{"moved", `resource "terraform_data" "b" {}

resource "terraform_data" "kept" {}

moved {
  from = terraform_data.a
  to   = terraform_data.b
}
`, "0 to add, 0 to change, 0 to destroy, 1 moved", "0 added, 0 changed, 0 destroyed, 1 moved"},
		{"forget", `resource "terraform_data" "kept" {}

removed {
  from = terraform_data.b
  lifecycle {
    destroy = false
  }
}
`, "0 to add, 0 to change, 0 to destroy, 1 to forget", "0 added, 0 changed, 0 destroyed, 1 forgotten"},
		// random_string takes any string as its import ID, so the import
		// needs nothing outside the machine.
		{"import", `resource "terraform_data" "kept" {}

resource "random_string" "s" {
  length = 3
}

import {
  to = random_string.s
  id = "abc"
}
`, "1 to import, 0 to add, 0 to change, 0 to destroy", "1 imported, 0 added, 0 changed, 0 destroyed"},
	}
	for _, step := range steps {
		p.write(testStack{name: "s", tf: step.tf})
		res := p.tfkit("", "diff", "--detailed-exitcode")
		if want := "  s  " + step.diff + "\n"; res.code != 2 || summary(res.stdout, "Diff") != want {
			t.Errorf("%s: diff: want exit 2 and\n%s\ngot %s", step.name, want, res)
		}
		res = p.tfkit("", "deploy", "--auto-approve", "--skip-synth")
		if want := "  s  deployed (" + step.deployed + ")\n"; res.code != ExitOK || summary(res.stdout, "Deploy") != want {
			t.Errorf("%s: deploy: want\n%s\ngot %s", step.name, want, res)
		}
		res = p.tfkit("", "diff", "--detailed-exitcode", "--skip-synth")
		if res.code != ExitOK || summary(res.stdout, "Diff") != "  s  no changes\n" {
			t.Errorf("%s: diff after deploy: %s", step.name, res)
		}
	}
	res := p.tfkit("", "output", "--json")
	if res.code != ExitOK {
		t.Errorf("output: %s", res)
	}
	// The forgotten terraform_data.b left the state and was not destroyed
	// (which terraform_data cannot show); the state has kept and the
	// imported string.
	state, err := os.ReadFile(filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", "s", "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{`"name": "kept"`: true, `"name": "s"`: true, `"name": "b"`: false, `"name": "a"`: false} {
		if strings.Contains(string(state), name) != want {
			t.Errorf("state has %s: %v, want %v\n%s", name, !want, want, state)
		}
	}
}

// TestDeployHoldsTheStackLock: while deploy waits for the approval of its
// plan, another tfkit command on the stack fails at once, naming the
// deploy, or with --lock-timeout waits for it, so that what is applied is
// the plan that was shown, not one another command made meanwhile.
func TestDeployHoldsTheStackLock(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	p := newStackProject(t)
	data := func(input string) testStack {
		return testStack{name: "s", tf: "resource \"terraform_data\" \"s\" {\n  input = \"" + input + "\"\n}\n"}
	}
	p.write(data("approved"))
	start := func(stdin io.Reader, watchOut, watchErr string, args ...string) (*watchWriter, *watchWriter, chan int) {
		stdout := &watchWriter{text: watchOut, seen: make(chan struct{})}
		stderr := &watchWriter{text: watchErr, seen: make(chan struct{})}
		codes := make(chan int, 1)
		go func() {
			codes <- Main(context.Background(), args, Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Dir: p.dir,
				Environ: append(os.Environ(), p.env...), Version: "v0.0.0-test"})
		}()
		return stdout, stderr, codes
	}
	wait := func(what string, seen chan struct{}, codes chan int, out, errs *watchWriter) {
		t.Helper()
		select {
		case <-seen:
		case code := <-codes:
			t.Fatalf("ended (exit %d) before %s:\n%s\n%s", code, what, out, errs)
		case <-time.After(60 * time.Second):
			t.Fatalf("no %s:\n%s\n%s", what, out, errs)
		}
	}
	answer, answerW := io.Pipe()
	defer answerW.Close()
	deployOut, deployErr, deployCode := start(answer, "Deploy stack s (1 to add, 0 to change, 0 to destroy)?", "\x00", "deploy")
	wait("question", deployOut.seen, deployCode, deployOut, deployErr)

	p.write(data("unapproved"))
	res := p.tfkit("", "diff")
	want := regexp.MustCompile(`^  s  failed: the stack is in use by tfkit deploy \(pid \d+\) since [-0-9]+ [:0-9]+; wait for it to finish, or use --lock-timeout to wait\n$`)
	if res.code != ExitFailure || !want.MatchString(summary(res.stdout, "Diff")) {
		t.Errorf("diff while deploy waits: %s", res)
	}

	diffOut, diffErr, diffCode := start(nil, "\x00", "s | waiting up to 1m0s for tfkit deploy (pid ", "diff", "--lock-timeout", "1m")
	wait("message about waiting", diffErr.seen, diffCode, diffOut, diffErr)
	if _, err := io.WriteString(answerW, "yes\n"); err != nil {
		t.Fatal(err)
	}
	if code := <-deployCode; code != ExitOK || summary(deployOut.String(), "Deploy") != "  s  deployed (1 added, 0 changed, 0 destroyed)\n" {
		t.Errorf("deploy: exit %d\n%s\n%s", code, deployOut, deployErr)
	}
	// The diff went on once deploy was done: what deploy applied is the
	// approved configuration, which the new one changes.
	if code := <-diffCode; code != ExitOK ||
		summary(diffOut.String(), "Diff") != "  s  0 to add, 1 to change, 0 to destroy\n" {
		t.Errorf("waiting diff: exit %d\n%s\n%s", code, diffOut, diffErr)
	}
	if !strings.Contains(diffOut.String(), `s |       ~ input  = "approved" -> "unapproved"`) {
		t.Errorf("the diff does not show the approved input in the state:\n%s", diffOut)
	}
}

func TestStackCommandErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tfkit.json"), []byte(`{"app": "true"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, nil, "list")
	if res.code != ExitFailure || res.stderr != "Error: tfkit.out has no manifest.json\n  hint: run 'tfkit synth' first\n" {
		t.Errorf("list without output: %s", res)
	}
	out := filepath.Join(dir, "tfkit.out")
	m := `{"version":1,"format":"hcl","stacks":[{"name":"network","directory":"stacks/network","files":[],"dependencies":[]},{"name":"web","directory":"stacks/web","files":[],"dependencies":["network"]}]}`
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "manifest.json"), []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	res = runCLI(t, dir, nil, "list")
	want := "STACK    DEPENDS ON  WORKING DIRECTORY\nnetwork  -           -\nweb      network     -\n"
	if res.code != ExitOK || res.stdout != want {
		t.Errorf("list: %s", res)
	}
	res = runCLI(t, dir, nil, "output", "netwrk")
	if res.code != ExitFailure || !strings.Contains(res.stderr, `there is no stack "netwrk" in tfkit.out; did you mean "network"?`) {
		t.Errorf("unknown stack: %s", res)
	}
	res = runCLI(t, dir, nil, "output", "web")
	if res.code != ExitFailure || res.stderr != "Error: stack web has not been deployed\n  hint: run 'tfkit deploy web' first\n" {
		t.Errorf("output before deploy: %s", res)
	}
	res = runCLI(t, dir, []string{"PATH=" + t.TempDir(), "TFKIT_TERRAFORM="}, "diff", "--skip-synth")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "no Terraform engine: neither terraform nor tofu is on PATH") {
		t.Errorf("no engine: %s", res)
	}
	res = runCLI(t, dir, nil, "deploy", "--parallelism", "0")
	if res.code != ExitUsage {
		t.Errorf("--parallelism 0: %s", res)
	}
	// A stack named twice is a slip of the command line, refused before
	// synth or the engine runs (here the app would fail, and there is no
	// engine).
	for _, args := range [][]string{
		{"diff", "web", "network", "web"},
		{"deploy", "--auto-approve", "web", "web"},
		{"destroy", "network", "web", "network"},
	} {
		res := runCLI(t, dir, []string{"PATH=" + t.TempDir(), "TFKIT_TERRAFORM="}, args...)
		want := "tfkit " + args[0] + ": stack " + args[len(args)-1] + " is named twice; name each stack once\nUsage: tfkit " + args[0] + " "
		if res.code != ExitUsage || res.stdout != "" || !strings.HasPrefix(res.stderr, want) {
			t.Errorf("%q: want exit 2 and\n%s\ngot %s", args, want, res)
		}
	}
	if res := runCLI(t, dir, nil, "diff", "--detailed-exitcode", "web", "web"); res.code != ExitFailure || !strings.HasPrefix(res.stderr, "tfkit diff: stack web is named twice") {
		t.Errorf("diff --detailed-exitcode with a stack named twice: want exit 1, got %s", res)
	}
	// So is an empty name (an unset shell variable), which names no stack.
	res = runCLI(t, dir, []string{"PATH=" + t.TempDir(), "TFKIT_TERRAFORM="}, "deploy", "")
	if res.code != ExitUsage || !strings.HasPrefix(res.stderr, "tfkit deploy: a stack name is empty; name the stacks, or none for all\n") {
		t.Errorf("deploy with an empty stack name: %s", res)
	}
	// A wrong diff command line exits 2, but 1 when it asks for
	// --detailed-exitcode, whose 2 means changes.
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"diff", "--bogus"}, ExitUsage},
		{[]string{"diff", "--detailed-exitcode", "--bogus"}, ExitFailure},
		{[]string{"diff", "--bogus", "-detailed-exitcode"}, ExitFailure},
		{[]string{"diff", "--detailed-exitcode=true", "--parallelism", "x"}, ExitFailure},
		{[]string{"diff", "--detailed-exitcode=false", "--bogus"}, ExitUsage},
		{[]string{"diff", "--detailed-exitcode", "--parallelism", "0"}, ExitFailure},
		{[]string{"diff", "--parallelism", "0"}, ExitUsage},
		{[]string{"--bogus", "diff", "--detailed-exitcode"}, ExitFailure},
		{[]string{"--bogus", "diff"}, ExitUsage},
		// A misspelt diff, or diff by Terraform's name, that asks for it.
		{[]string{"plan", "--detailed-exitcode"}, ExitFailure},
		{[]string{"dif", "-detailed-exitcode"}, ExitFailure},
		{[]string{"plan"}, ExitUsage},
		{[]string{"--chdir", "", "diff", "--detailed-exitcode"}, ExitFailure},
		{[]string{"diff", "--detailed-exitcode", "--out", ""}, ExitFailure},
	} {
		res := runCLI(t, dir, nil, c.args...)
		if res.code != c.code || !strings.Contains(res.stderr, "tfkit") {
			t.Errorf("%q: want exit %d, got %s", c.args, c.code, res)
		}
	}
}

// TestDeployPassesEnvironment: the user's TF_VAR_ variables reach the
// engine (as -var) for the stacks that declare them, and are ignored, as
// the engine ignores them, by the stacks that do not; TF_WORKSPACE is
// refused rather than ignored.
func TestDeployPassesEnvironment(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	forEachEngine(t, testDeployPassesEnvironment)
}

func testDeployPassesEnvironment(t *testing.T, engine string) {
	p := newStackProjectWith(t, engine)
	p.write(testStack{name: "v", tf: `variable "greeting" {
  type = string
}

resource "terraform_data" "v" {
  input = var.greeting
}

output "greeting" {
  value = terraform_data.v.output
}
`}, testStack{name: "w", tf: "resource \"terraform_data\" \"w\" {}\n"})
	p.env = append(p.env, "TF_VAR_greeting=hi there", "TF_VAR_undeclared=x", "TF_CLI_ARGS_plan=-refresh=false")
	res := p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK || !strings.Contains(res.stderr, "Warning: TF_CLI_ARGS_plan is ignored") ||
		summary(res.stdout, "Deploy") != "  v  deployed (1 added, 0 changed, 0 destroyed)\n  w  deployed (1 added, 0 changed, 0 destroyed)\n" {
		t.Fatalf("deploy: %s", res)
	}
	if res := p.tfkit("", "output", "v"); res.stdout != `greeting = "hi there"`+"\n" {
		t.Errorf("output: %s", res)
	}
	p.env = append(p.env, "TF_WORKSPACE=prod")
	res = p.tfkit("", "deploy", "--auto-approve", "--skip-synth")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: TF_WORKSPACE=prod is set") {
		t.Errorf("TF_WORKSPACE: %s", res)
	}
}

// TestDeployTSXExample deploys and destroys examples/tsx-local, a TSX app
// whose single stack sits at the top of the output directory (directory
// "." in the manifest) and writes files under path.module, which is the
// stack's working directory.
func TestDeployTSXExample(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	p := newStackProject(t)
	if err := os.CopyFS(filepath.Join(p.dir, "app"), os.DirFS(filepath.Join("..", "..", "..", "..", "examples", "tsx-local"))); err != nil {
		t.Fatal(err)
	}
	p.dir = filepath.Join(p.dir, "app")
	res := p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK || summary(res.stdout, "Deploy") != "  main  deployed (5 added, 0 changed, 0 destroyed)\n" {
		t.Fatalf("deploy: %s", res)
	}
	work := filepath.Join(p.dir, ".tfkit", "out", "stacks", "main")
	if _, err := os.Stat(filepath.Join(work, "out", "greeting.txt")); err != nil {
		t.Errorf("local_file under path.module: %v", err)
	}
	res = p.tfkit("", "destroy", "--auto-approve", "--skip-synth")
	if res.code != ExitOK || summary(res.stdout, "Destroy") != "  main  destroyed (0 added, 0 changed, 5 destroyed)\n" {
		t.Errorf("destroy: %s", res)
	}
}

// TestDestroyWithoutState: destroying all stacks when a stack has a working
// directory but no state (here: diff ran, deploy never did) says it has
// nothing to destroy, without running the engine on it, whose plan would
// fail reading the state of a producer never deployed either; and a stack
// whose resources were destroyed already has nothing to destroy as well.
func TestDestroyWithoutState(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	p := newStackProject(t)
	p.write(
		testStack{name: "a", tf: stackA},
		testStack{name: "b", deps: []string{"a"}, tf: stackB("hello", filepath.Join(t.TempDir(), "greeting"))},
	)
	p.tfkit("", "diff") // makes the working directories; b's plan cannot read a's outputs
	for _, name := range []string{"a", "b"} {
		if _, err := os.Stat(filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", name)); err != nil {
			t.Fatalf("diff made no working directory for %s: %v", name, err)
		}
	}
	// Planned is not deployed: there are no outputs to show.
	res := p.tfkit("", "output")
	if res.code != ExitOK || res.stdout != "" || res.stderr != "Note: no stack has been deployed from tfkit.out, so there are no outputs; run 'tfkit deploy' first\n" {
		t.Errorf("output after diff: %s", res)
	}
	res = p.tfkit("", "output", "a")
	if res.code != ExitFailure || res.stderr != "Error: stack a has not been deployed\n  hint: run 'tfkit deploy a' first\n" {
		t.Errorf("output a after diff: %s", res)
	}
	res = p.tfkit("", "destroy", "--auto-approve")
	if want := "  a  nothing to destroy\n  b  nothing to destroy\n"; res.code != ExitOK || summary(res.stdout, "Destroy") != want {
		t.Fatalf("want exit 0 and\n%s\ngot %s", want, res)
	}

	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	res = p.tfkit("", "destroy", "--auto-approve", "--skip-synth")
	if res.code != ExitOK || !strings.Contains(summary(res.stdout, "Destroy"), "  b  destroyed (0 added, 0 changed, 3 destroyed)\n") {
		t.Fatalf("destroy: %s", res)
	}
	res = p.tfkit("", "destroy", "--auto-approve", "--skip-synth")
	if want := "  a  nothing to destroy\n  b  nothing to destroy\n"; res.code != ExitOK || summary(res.stdout, "Destroy") != want {
		t.Fatalf("destroy again: want exit 0 and\n%s\ngot %s", want, res)
	}
}

// TestOwnBackend: a stack declares its own backend when a configuration
// file, synthesized or in its working directory, in either syntax and
// either engine's suffix, has a backend or cloud block in a terraform
// block; a file that cannot be read counts as one; anything else does not.
func TestOwnBackend(t *testing.T) {
	for _, c := range []struct {
		name, file, src string
		want            bool
	}{
		{"none", "main.tf", "terraform {\n  required_version = \">= 1.5\"\n}\nresource \"null_resource\" \"a\" {}\n", false},
		{"backend", "main.tf", "terraform {\n  backend \"local\" {\n    path = \"x\"\n  }\n}\n", true},
		{"cloud", "main.tf", "terraform {\n  cloud {\n    organization = \"o\"\n  }\n}\n", true},
		{"json", "main.tf.json", `{"terraform": {"backend": {"s3": {"bucket": "b"}}}}`, true},
		{"json none", "main.tf.json", `{"resource": {"null_resource": {"a": {}}}}`, false},
		{"tofu", "main.tofu", "terraform {\n  backend \"local\" {}\n}\n", true},
		{"tofu json", "main.tofu.json", `{"terraform": [{"backend": {"local": {}}}]}`, true},
		{"backend elsewhere", "main.tf", "locals {\n  backend = \"local\"\n}\n", false},
		{"unreadable", "main.tf", "terraform {\n", true},
		{"not a configuration file", "notes.txt", "terraform {\n  backend \"local\" {}\n}\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			src := filepath.Join(root, "out", "stacks", "s")
			if err := os.MkdirAll(src, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(src, c.file), []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			st := &manifest.Stack{Name: "s", Directory: "stacks/s"}
			set := &stackSet{out: filepath.Join(root, "out"), selected: []*manifest.Stack{st}, stateDir: filepath.Join(root, "state")}
			if got := set.ownBackend("s"); got != c.want {
				t.Errorf("ownBackend = %v, want %v", got, c.want)
			}
		})
	}
}

// TestOutputByName: tfkit output STACK NAME prints that one value as JSON,
// sensitive or not, for scripts; a name the stack lacks fails, naming the
// outputs it has. Before any deploy, tfkit output says there is nothing.
func TestOutputByName(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	p := newStackProject(t)
	p.write(testStack{name: "app", tf: `resource "terraform_data" "d" {
  input = "v1"
}

output "name" {
  value = terraform_data.d.output
}

output "secret" {
  value     = "s3cret"
  sensitive = true
}

output "ports" {
  value = [80, 443]
}
`})
	if res := p.tfkit("", "synth"); res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	res := p.tfkit("", "output")
	if res.code != ExitOK || res.stdout != "" || res.stderr != "Note: no stack has been deployed from tfkit.out, so there are no outputs; run 'tfkit deploy' first\n" {
		t.Errorf("output before deploy: %s", res)
	}
	res = p.tfkit("", "output", "app", "name")
	if res.code != ExitFailure || res.stderr != "Error: stack app has not been deployed\n  hint: run 'tfkit deploy app' first\n" {
		t.Errorf("output app name before deploy: %s", res)
	}
	if res := p.tfkit("", "deploy", "--auto-approve", "--skip-synth"); res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"app", "name"}, `"v1"` + "\n"},
		{[]string{"app", "secret"}, `"s3cret"` + "\n"},
		{[]string{"app", "ports"}, "[80,443]\n"},
		{[]string{"--json", "app", "ports"}, "[\n  80,\n  443\n]\n"},
		{[]string{"app", "ports", "--json"}, "[\n  80,\n  443\n]\n"},
	} {
		res := p.tfkit("", append([]string{"output"}, c.args...)...)
		if res.code != ExitOK || res.stdout != c.want {
			t.Errorf("output %v: want %q\n%s", c.args, c.want, res)
		}
	}
	res = p.tfkit("", "output", "app", "nmae")
	if res.code != ExitFailure || res.stdout != "" || res.stderr != "Error: stack app has no output \"nmae\"\n  hint: did you mean \"name\"? (the outputs of app are name, ports, secret)\n" {
		t.Errorf("output app nmae: %s", res)
	}
	res = p.tfkit("", "output", "app", "name", "extra")
	if res.code != ExitUsage || !strings.HasPrefix(res.stderr, "tfkit output: give at most a stack and one of its outputs, not 3 arguments\n") {
		t.Errorf("output with 3 arguments: %s", res)
	}
	if res := p.tfkit("", "destroy", "--auto-approve", "--skip-synth"); res.code != ExitOK {
		t.Fatalf("destroy: %s", res)
	}
	res = p.tfkit("", "output", "app", "name")
	if res.code != ExitFailure || res.stderr != "Error: stack app has no output \"name\"\n  hint: its state holds no outputs: deploy it ('tfkit deploy app'), or declare the output in the app\n" {
		t.Errorf("output app name after destroy: %s", res)
	}
}
