//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterrupt builds the binary and sends it SIGINT while the app runs,
// as a terminal's Ctrl-C does (the app has a process group of its own, so
// only tfkit receives it): tfkit must stop the app and its children, remove
// the staging directory and exit 130.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tfkit binary")
	}
	tmp := t.TempDir()
	bin := buildTfkit(t)
	proj := filepath.Join(tmp, "proj")
	if err := os.Mkdir(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"tfkit.json": `{"app": "sh app.sh"}`,
		"app.sh":     "sleep 60 &\necho $! > child.pid\necho started > started\nwait\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	var stderr bytes.Buffer
	cmd := exec.Command(bin, "--chdir", proj, "synth")
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if _, err := os.Stat(filepath.Join(proj, "started")); err == nil {
			break
		}
		if i == 500 {
			cmd.Process.Kill()
			t.Fatal("the app never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code %d (%v), want 130; stderr:\n%s", code, err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "Interrupted: the app was stopped") {
		t.Errorf("stderr:\n%s", stderr.String())
	}

	pidText, err := os.ReadFile(filepath.Join(proj, "child.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(pidText)))
	for i := 0; ; i++ {
		stat, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		zombie := bytes.Contains(stat, []byte(") Z "))
		if syscall.Kill(pid, 0) == syscall.ESRCH || zombie {
			break
		}
		if i == 250 {
			t.Fatalf("the app's child %d is still running", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".new-") {
			t.Errorf("staging directory left: %s", e.Name())
		}
	}
	entries, _ = os.ReadDir(proj)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".new-") || e.Name() == "tfkit.out" {
			t.Errorf("left in the project: %s", e.Name())
		}
	}
}

// TestInterruptEval: one Ctrl-C ends tfkit eval at once, even deep in an
// evaluation that runs for minutes, as eval writes nothing and starts
// nothing that must be stopped.
func TestInterruptEval(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tfkit binary")
	}
	bin := buildTfkit(t)
	dir := t.TempDir()
	// A hundred million additions, in little memory.
	slow := "locals {\n  n = [for i in range(1000) : sum([for j in range(1000) : sum([for k in range(100) : k])])]\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(slow), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "eval", dir)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // well into the evaluation
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	select {
	case err := <-ended:
		if code := cmd.ProcessState.ExitCode(); code != 130 {
			t.Errorf("exit code %d (%v), want 130; stderr:\n%s", code, err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-ended
		t.Fatal("tfkit eval still ran 10 s after Ctrl-C")
	}
	if stderr.String() != "Interrupted.\n" || stdout.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}
