//go:build unix

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// buildTfkit builds the tfkit binary into a temporary directory.
func buildTfkit(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tfkit")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// writeOutput writes a synth output directory by hand: manifest.json and
// one stack per name, so that tests can run tfkit on it with --skip-synth.
func writeOutput(t *testing.T, out string, stacks map[string]string) {
	t.Helper()
	type file struct {
		Path   string `json:"path"`
		SHA256 string `json:"sha256"`
	}
	type stack struct {
		Name         string   `json:"name"`
		Directory    string   `json:"directory"`
		Files        []file   `json:"files"`
		Dependencies []string `json:"dependencies"`
	}
	m := struct {
		Version int     `json:"version"`
		Format  string  `json:"format"`
		Stacks  []stack `json:"stacks"`
	}{Version: 1, Format: "hcl"}
	for name, tf := range stacks {
		rel := "stacks/" + name + "/main.tf"
		p := filepath.Join(out, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(tf), 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256([]byte(tf))
		m.Stacks = append(m.Stacks, stack{Name: name, Directory: "stacks/" + name,
			Files: []file{{Path: rel, SHA256: hex.EncodeToString(sum[:])}}, Dependencies: []string{}})
	}
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "manifest.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// lockedBuffer is a bytes.Buffer safe to read while the process writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// process is a running tfkit.
type process struct {
	t              *testing.T
	cmd            *exec.Cmd
	stdout, stderr *lockedBuffer
	done           chan struct{}
}

func start(t *testing.T, bin string, env []string, args ...string) *process {
	t.Helper()
	p := &process{t: t, cmd: exec.Command(bin, args...), stdout: &lockedBuffer{}, stderr: &lockedBuffer{}, done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = p.stdout, p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	return p
}

// waitOutput waits for text on the process's standard output.
func (p *process) waitOutput(text string) {
	p.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(p.stdout.String(), text) {
		select {
		case <-p.done:
			p.t.Fatalf("tfkit ended (exit %d) before printing %q:\n%s\n%s", p.cmd.ProcessState.ExitCode(), text, p.stdout, p.stderr)
		default:
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("tfkit did not print %q:\n%s\n%s", text, p.stdout, p.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// wait waits for the process to end and returns its exit code.
func (p *process) wait() int {
	p.t.Helper()
	select {
	case <-p.done:
	case <-time.After(2 * time.Minute):
		p.t.Fatalf("tfkit did not end:\n%s\n%s", p.stdout, p.stderr)
	}
	return p.cmd.ProcessState.ExitCode()
}

func (p *process) interrupt() {
	p.t.Helper()
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		p.t.Fatal(err)
	}
}

// TestInterruptDeploy runs the tfkit binary with the real engine and sends
// it SIGINT, as a terminal's Ctrl-C does, while the engine applies: tfkit
// waits for the engine to stop at a safe point and exits 130 with the
// documented message; the engine wrote its state and released its lock;
// running deploy again converges, and a diff afterwards has no changes.
func TestInterruptDeploy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tfkit binary and runs the Terraform engine")
	}
	engine := enginetest.Engine(t)
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := buildTfkit(t)
	proj := t.TempDir()
	writeOutput(t, filepath.Join(proj, "tfkit.out"), map[string]string{"slow": `variable "sleep" {
  type    = string
  default = "2m"
}

resource "terraform_data" "first" {}

resource "time_sleep" "wait" {
  create_duration = var.sleep
  depends_on      = [terraform_data.first]
}

resource "terraform_data" "after" {
  depends_on = [time_sleep.wait]
}
`})
	env := []string{"TFKIT_TERRAFORM=" + engine, "TF_CLI_CONFIG_FILE=" + rc, "CHECKPOINT_DISABLE=1"}
	args := []string{"--chdir", proj}
	deploy := start(t, bin, env, append(args, "deploy", "--auto-approve", "--skip-synth", "--out", "tfkit.out")...)
	// The engine prints "Creating..." before it calls the provider; a stop
	// that reaches the provider before the call is not seen by the call,
	// which then sleeps its whole duration. The first progress line comes
	// once the call is under way.
	deploy.waitOutput("slow | time_sleep.wait: Still creating... [10s elapsed]")
	deploy.interrupt()
	if code := deploy.wait(); code != 130 {
		t.Errorf("exit code %d, want 130:\n%s\n%s", code, deploy.stdout, deploy.stderr)
	}
	out := deploy.stdout.String()
	if !regexp.MustCompile(`\nDeploy:\n  slow  interrupted \((terraform|opentofu) apply interrupted\); run the command again to continue\n$`).MatchString(out) {
		t.Errorf("summary:\n%s\n%s", out, deploy.stderr)
	}
	if strings.Contains(out, "terraform_data.after: Creating") {
		t.Errorf("the engine went on after the interrupt:\n%s", out)
	}
	work := filepath.Join(proj, ".tfkit", "tfkit.out", "stacks", "slow")
	if _, err := os.Stat(filepath.Join(work, ".terraform.tfstate.lock.info")); !os.IsNotExist(err) {
		t.Errorf("the state lock was not released: %v", err)
	}
	state, err := os.ReadFile(filepath.Join(work, "terraform.tfstate"))
	if err != nil || !strings.Contains(string(state), `"name": "first"`) {
		t.Errorf("the state does not have what was created before the interrupt: %v\n%s", err, state)
	}

	// Again, with a short sleep: what the interrupted apply left undone is
	// done, and nothing else is left to do.
	env = append(env, "TF_VAR_sleep=1s")
	again := start(t, bin, env, append(args, "deploy", "--auto-approve", "--skip-synth", "--out", "tfkit.out")...)
	if code := again.wait(); code != 0 || !regexp.MustCompile(`\nDeploy:\n  slow  deployed \(2 added, 0 changed, 0 destroyed\)\n$`).MatchString(again.stdout.String()) {
		t.Errorf("deploy again: exit %d\n%s\n%s", code, again.stdout, again.stderr)
	}
	diff := start(t, bin, env, append(args, "diff", "--detailed-exitcode", "--skip-synth", "--out", "tfkit.out")...)
	if code := diff.wait(); code != 0 || !strings.HasSuffix(diff.stdout.String(), "\nDiff:\n  slow  no changes\n") {
		t.Errorf("diff after deploying again: exit %d\n%s\n%s", code, diff.stdout, diff.stderr)
	}
}

// TestInterruptTwice runs the tfkit binary with an engine that, like
// Terraform, goes on after the first SIGINT until it reaches a safe point
// (here: never) and stops on the second: tfkit waits for it after the
// first Ctrl-C, however long, and passes on the second, then reports and
// exits 130 once the engine has stopped.
func TestInterruptTwice(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tfkit binary")
	}
	if runtime.GOOS != "linux" {
		t.Skip("outside Linux the engine shares tfkit's process group and gets the terminal's Ctrl-C itself")
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "marker")
	engine := filepath.Join(dir, "terraform")
	script := `#!/bin/sh
case "$1" in
version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{},"terraform_outdated":false}' ;;
init) ;;
plan)
	n=0
	trap 'n=$((n+1)); if [ $n = 1 ]; then echo "stopping safely"; else echo "second interrupt" > ` + marker + `; exit 1; fi' INT
	echo "planning"
	while :; do sleep 0.05; done ;;
*) exit 1 ;;
esac
`
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	bin := buildTfkit(t)
	proj := t.TempDir()
	writeOutput(t, filepath.Join(proj, "tfkit.out"), map[string]string{"s": "resource \"terraform_data\" \"s\" {}\n"})
	p := start(t, bin, []string{"TFKIT_TERRAFORM=" + engine}, "--chdir", proj, "deploy", "--auto-approve", "--skip-synth", "--out", "tfkit.out")
	p.waitOutput("s | planning")
	p.interrupt()
	p.waitOutput("s | stopping safely")
	select {
	case <-p.done:
		t.Fatalf("tfkit ended while the engine was still stopping:\n%s\n%s", p.stdout, p.stderr)
	case <-time.After(time.Second):
	}
	p.interrupt()
	if code := p.wait(); code != 130 {
		t.Errorf("exit code %d, want 130:\n%s\n%s", code, p.stdout, p.stderr)
	}
	if data, err := os.ReadFile(marker); err != nil || string(data) != "second interrupt\n" {
		t.Errorf("the engine did not get the second interrupt: %q %v", data, err)
	}
	if !strings.Contains(p.stderr.String(), "Interrupted again: the engine stops at once") ||
		!strings.HasSuffix(p.stdout.String(), "\nDeploy:\n  s  interrupted (terraform plan interrupted); run the command again to continue\n") {
		t.Errorf("messages:\n%s\n%s", p.stdout, p.stderr)
	}
}
