//go:build unix

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
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

// waitFor waits until cond holds, failing if the process ends first.
func (p *process) waitFor(what string, cond func() bool) {
	p.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		select {
		case <-p.done:
			p.t.Fatalf("tfkit ended (exit %d) before %s:\n%s\n%s", p.cmd.ProcessState.ExitCode(), what, p.stdout, p.stderr)
		default:
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("no %s within 2 minutes:\n%s\n%s", what, p.stdout, p.stderr)
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
	// once the call is under way: "[10s elapsed]", or later on a loaded
	// machine ("[11s elapsed]").
	deploy.waitOutput("slow | time_sleep.wait: Still creating... [")
	deploy.interrupt()
	if code := deploy.wait(); code != 130 {
		t.Errorf("exit code %d, want 130:\n%s\n%s", code, deploy.stdout, deploy.stderr)
	}
	out := deploy.stdout.String()
	if !regexp.MustCompile(`\nDeploy:\n  slow  interrupted \((terraform|tofu) apply interrupted\); run the command again to continue\n$`).MatchString(out) {
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

// TestKillDuringDeploy kills the tfkit binary (SIGKILL, which it cannot
// catch) while the real engine applies 40 resources: the engine hears of
// it as of a Ctrl-C, stops at a safe point and writes the state of
// everything it created; no engine or provider process is left, nor the
// state lock's information; the engine's output after tfkit died is in
// the working directory; and deploying again converges.
func TestKillDuringDeploy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tfkit binary and runs the Terraform engine")
	}
	if runtime.GOOS != "linux" {
		t.Skip("outside Linux the engine is not told of tfkit's death and finishes the apply")
	}
	engine := enginetest.Engine(t)
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := buildTfkit(t)
	proj := t.TempDir()
	files := filepath.Join(t.TempDir(), "files")
	// Twenty slow resources, each with a file that exists once it is
	// created: the files say what the state must hold. They end a second
	// apart, so that the apply is still going when the test sees the
	// first file created (the engine cancels the sleeps still running
	// when it is interrupted).
	writeOutput(t, filepath.Join(proj, "tfkit.out"), map[string]string{"many": `resource "time_sleep" "wait" {
  count           = 20
  create_duration = "${1000 + count.index * 1000}ms"
}

resource "local_file" "f" {
  count    = 20
  filename = "` + files + `/${count.index}"
  content  = time_sleep.wait[count.index].id
}
`})
	env := []string{"TFKIT_TERRAFORM=" + engine, "TF_CLI_CONFIG_FILE=" + rc, "CHECKPOINT_DISABLE=1"}
	args := []string{"--chdir", proj}
	deploy := start(t, bin, env, append(args, "deploy", "--auto-approve", "--skip-synth", "--out", "tfkit.out")...)
	// The first file on disk, not the engine's line about it, which a
	// loaded machine may pass on many seconds late.
	deploy.waitFor("a file created", func() bool {
		entries, _ := os.ReadDir(files)
		return len(entries) > 0
	})
	if err := deploy.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	deploy.wait()
	if strings.Contains(deploy.stdout.String(), "Apply complete!") {
		t.Fatalf("the apply ended before tfkit was killed; make it slower:\n%s", deploy.stdout)
	}

	work := filepath.Join(proj, ".tfkit", "tfkit.out", "stacks", "many")
	deadline := time.Now().Add(time.Minute)
	for {
		left := processesIn(t, work)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes left running in the working directory a minute after tfkit was killed: %v", left)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := os.Stat(filepath.Join(work, ".terraform.tfstate.lock.info")); !os.IsNotExist(err) {
		t.Errorf("the state lock's information was left behind: %v", err)
	}
	inState := stateAddresses(t, filepath.Join(work, "terraform.tfstate"))
	entries, err := os.ReadDir(files)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 || len(entries) == 20 {
		out, _ := os.ReadFile(filepath.Join(work, ".tfkit-engine.out"))
		t.Fatalf("%d of 20 files were created: the test needs an apply stopped half-way\n%s\n%s", len(entries), deploy.stdout, out)
	}
	for _, e := range entries {
		if addr := "local_file.f[" + e.Name() + "]"; !inState[addr] {
			out, _ := os.ReadFile(filepath.Join(work, ".tfkit-engine.out"))
			errs, _ := os.ReadFile(filepath.Join(work, ".tfkit-engine.err"))
			t.Errorf("%s exists but is not in the state %v\n%s\n%s\n%s", addr, inState, deploy.stdout, out, errs)
		}
	}
	if data, err := os.ReadFile(filepath.Join(work, ".tfkit-engine.out")); err != nil || !strings.Contains(string(data), "Interrupt received") {
		t.Errorf("the engine's output after tfkit died is not in its working directory: %v\n%s", err, data)
	}

	again := start(t, bin, env, append(args, "deploy", "--auto-approve", "--skip-synth", "--out", "tfkit.out")...)
	if code := again.wait(); code != 0 || !regexp.MustCompile(`\nDeploy:\n  many  deployed \(\d+ added, 0 changed, 0 destroyed\)\n$`).MatchString(again.stdout.String()) {
		t.Errorf("deploy again: exit %d\n%s\n%s", code, again.stdout, again.stderr)
	}
	if entries, err := os.ReadDir(files); err != nil || len(entries) != 20 {
		t.Errorf("deploy again: %d files, want 20 (%v)", len(entries), err)
	}
	if got := stateAddresses(t, filepath.Join(work, "terraform.tfstate")); len(got) != 40 {
		t.Errorf("deploy again: %d resources in the state, want 40: %v", len(got), got)
	}
	for _, f := range []string{".tfkit-engine.out", ".tfkit-engine.err", ".tfkit-engine.pid"} {
		if _, err := os.Stat(filepath.Join(work, f)); !os.IsNotExist(err) {
			t.Errorf("%s is left after a run that tfkit saw to its end: %v", f, err)
		}
	}
	diff := start(t, bin, env, append(args, "diff", "--detailed-exitcode", "--skip-synth", "--out", "tfkit.out")...)
	if code := diff.wait(); code != 0 || !strings.HasSuffix(diff.stdout.String(), "\nDiff:\n  many  no changes\n") {
		t.Errorf("diff after deploying again: exit %d\n%s\n%s", code, diff.stdout, diff.stderr)
	}
}

// processesIn lists the processes (pid and command) whose working
// directory is dir: the engine and the providers it started.
func processesIn(t *testing.T, dir string) []string {
	t.Helper()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd"))
		if err != nil || cwd != real {
			continue
		}
		stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && len(stat) > i+2 && stat[i+2] == 'Z' {
			continue // a zombie has ended; its parent has yet to reap it
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		found = append(found, e.Name()+" "+strings.ReplaceAll(strings.TrimRight(string(cmdline), "\x00"), "\x00", " "))
	}
	return found
}

// stateAddresses returns the address of every resource instance in the
// state file at path.
func stateAddresses(t *testing.T, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Resources []struct {
			Type, Name string
			Instances  []struct {
				IndexKey any `json:"index_key"`
			}
		}
	}
	if err := json.Unmarshal(data, &state); err != nil {
		t.Fatal(err)
	}
	addrs := map[string]bool{}
	for _, r := range state.Resources {
		for _, in := range r.Instances {
			addr := r.Type + "." + r.Name
			if in.IndexKey != nil {
				addr += fmt.Sprintf("[%v]", in.IndexKey)
			}
			addrs[addr] = true
		}
	}
	return addrs
}
