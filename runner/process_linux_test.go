package runner

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-version"
)

// TestRelayInterruptsOnceWhenTfkitEnds runs the relay (this test binary,
// as engineCommand starts it) over an engine that, like Terraform, stops
// at once on a second interrupt: when the pipe from tfkit closes, as it
// does when tfkit dies, the engine gets exactly one SIGINT and is left to
// finish; the relay exits with the engine's exit code.
func TestRelayInterruptsOnceWhenTfkitEnds(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	engine := filepath.Join(dir, "terraform")
	script := `#!/bin/sh
trap 'echo interrupt >> ` + log + `' INT
echo started >> ` + log + `
i=0
while [ ! -s ` + log + `.stop ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
sleep 0.5
echo "finished" >> ` + log + `
exit 3
`
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	w := &Workspace{Dir: dir, engine: &Engine{Path: engine, Flavor: Terraform, Version: version.Must(version.NewVersion("1.11.4"))}, env: os.Environ()}
	cmd, lifeline := engineCommand(w, []string{"apply"})
	if !lifeline {
		t.Fatal("engineCommand does not want a pipe from tfkit")
	}
	cmd.Dir = dir
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdin = r
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	waitFor(t, log, "started\n")
	wr.Close() // as when tfkit dies
	waitFor(t, log, "started\ninterrupt\n")
	if err := os.WriteFile(log+".stop", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Errorf("relay: %v, want the engine's exit status 3", err)
	}
	if data, _ := os.ReadFile(log); string(data) != "started\ninterrupt\nfinished\n" {
		t.Errorf("engine log:\n%s", data)
	}
}

func waitFor(t *testing.T, path, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, _ := os.ReadFile(path)
		if string(data) == text {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %q, want %q", path, data, text)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestLockWaitsForEngineLeftRunning: an engine that an earlier tfkit left
// running in the working directory (its pid file names it) holds the
// stack as another tfkit would; once it has ended the lock is free.
func TestLockWaitsForEngineLeftRunning(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	e := &Engine{Path: "terraform", Flavor: Terraform, Version: version.Must(version.NewVersion("1.11.4"))}
	var stderr syncBuffer
	w, err := Open(e, "s", dir, nil, NewOutput(os.Stdout), NewOutput(&stderr))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	left := exec.Command("sleep", "60")
	left.Dir = dir
	if err := left.Start(); err != nil {
		t.Fatal(err)
	}
	defer left.Process.Kill()
	pid := strconv.Itoa(left.Process.Pid)
	if err := os.WriteFile(filepath.Join(dir, pidFile), []byte(pid+" apply\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = w.Lock(t.Context(), "tfkit deploy")
	var busy *BusyError
	if !errors.As(err, &busy) || busy.Holder != "the engine's apply (pid "+pid+") that an earlier tfkit left running" {
		t.Fatalf("lock: %v", err)
	}
	w.LockTimeout = 10 * time.Second
	go func() {
		time.Sleep(300 * time.Millisecond)
		left.Process.Kill()
		left.Wait()
	}()
	if err := w.Lock(t.Context(), "tfkit deploy"); err != nil {
		t.Fatalf("lock after the engine ended: %v", err)
	}
	if !strings.Contains(stderr.String(), "s | waiting up to 10s for the engine's apply (pid "+pid+")") {
		t.Errorf("stderr: %q", stderr.String())
	}
}

// TestRelayNeedsItsArgument: the relay's variable alone, as a user might
// have it in the environment, leaves a program that imports runner itself.
func TestRelayNeedsItsArgument(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$") // runs no test: no recursion
	cmd.Env = append(os.Environ(), relayEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS") {
		t.Fatalf("with %s=1 the test binary did not run as itself: %v\n%s", relayEnv, err, out)
	}
}

// TestEngineOutputKeepsItsOrder: what the engine printed on standard
// output before the diagnostics it ends with on standard error comes first
// when both reach one terminal, run after run (the files were read at the
// same time, and an init error could come out above the lines that led to
// it).
func TestEngineOutputKeepsItsOrder(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\necho 'Initializing provider plugins...'\necho '- Finding hashicorp/nope versions...'\necho 'Error: Failed to query available provider packages' >&2\nexit 1\n"
	engine := filepath.Join(dir, "terraform")
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	e := &Engine{Path: engine, Flavor: Terraform, Version: version.Must(version.NewVersion("1.11.4"))}
	var both syncBuffer
	out := NewOutput(&both)
	w, err := Open(e, "s", filepath.Join(dir, "work"), os.Environ(), out, out)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	want := "s | Initializing provider plugins...\ns | - Finding hashicorp/nope versions...\ns | Error: Failed to query available provider packages\n"
	for i := range 10 {
		before := len(both.String())
		if _, err := w.Plan(context.Background(), false); err == nil {
			t.Fatal("the plan did not fail")
		}
		if got := both.String()[before:]; got != want {
			t.Fatalf("run %d printed\n%s\nwant\n%s", i, got, want)
		}
	}
}
