package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-version"
)

// syncBuffer is a bytes.Buffer safe to read while the engine writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// scriptPlan is a workspace whose engine is the shell script given, with
// a plan started on it in the background under ctx: the plan's error
// arrives on done, and wait blocks until the engine printed text.
type scriptPlan struct {
	w              *Workspace
	stdout, stderr syncBuffer
	done           chan error
}

func startScriptPlan(t *testing.T, ctx context.Context, dir, script string, setup func(*Workspace)) *scriptPlan {
	t.Helper()
	engine := filepath.Join(dir, "terraform")
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	sp := &scriptPlan{done: make(chan error, 1)}
	e := &Engine{Path: engine, Flavor: Terraform, Version: version.Must(version.NewVersion("1.11.4"))}
	w, err := Open(e, "s", filepath.Join(dir, "work"), os.Environ(), NewOutput(&sp.stdout), NewOutput(&sp.stderr))
	if err != nil {
		t.Fatal(err)
	}
	sp.w = w
	if setup != nil {
		setup(w)
	}
	go func() {
		_, err := w.Plan(ctx, false)
		sp.done <- err
	}()
	return sp
}

func (sp *scriptPlan) wait(t *testing.T, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(sp.stdout.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q: %q %q", text, sp.stdout.String(), sp.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestCancelInterruptsTheEngine: cancelling the context sends the engine
// SIGINT and waits for it to finish (here: write a marker as an engine
// writes its state), rather than killing it.
func TestCancelInterruptsTheEngine(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "marker")
	script := `#!/bin/sh
trap 'sleep 0.2; echo "cleaned up" > ` + marker + `; exit 1' INT
echo "planning"
i=0
while [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
`
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sp := startScriptPlan(t, ctx, dir, script, nil)
	sp.wait(t, "s | planning")
	cancel()
	var err error
	select {
	case err = <-sp.done:
	case <-time.After(10 * time.Second):
		t.Fatal("Plan did not return after the interrupt")
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "terraform plan interrupted") {
		t.Errorf("error: %v", err)
	}
	if data, err := os.ReadFile(marker); err != nil || string(data) != "cleaned up\n" {
		t.Errorf("the engine was not given time to clean up after SIGINT: %q %v", data, err)
	}
}

// TestInterruptAgain: after the first interrupt tfkit waits for the engine
// as long as it takes (terraform-exec's WaitDelay, whose default of 60 s
// ends in SIGKILL, is off); InterruptAgain passes on a second SIGINT, on
// which the engine stops at once.
func TestInterruptAgain(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the engine shares tfkit's process group here: the terminal interrupts it directly")
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "marker")
	script := `#!/bin/sh
n=0
trap 'n=$((n+1)); if [ $n = 1 ]; then echo "stopping safely"; else echo "second interrupt" > ` + marker + `; exit 1; fi' INT
echo "planning"
while :; do sleep 0.05; done
`
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sp := startScriptPlan(t, ctx, dir, script, func(w *Workspace) {
		if n := InterruptAgain(); n != 0 {
			t.Errorf("signalled %d processes before any engine ran", n)
		}
	})
	sp.wait(t, "s | planning")
	cancel()
	sp.wait(t, "s | stopping safely")
	select {
	case err := <-sp.done:
		t.Fatalf("Plan returned while the engine was still stopping: %v", err)
	case <-time.After(500 * time.Millisecond):
	}
	if n := InterruptAgain(); n != 1 {
		t.Errorf("signalled %d processes, want the engine", n)
	}
	var err error
	select {
	case err = <-sp.done:
	case <-time.After(10 * time.Second):
		t.Fatal("Plan did not return after the second interrupt")
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error: %v", err)
	}
	if data, err := os.ReadFile(marker); err != nil || string(data) != "second interrupt\n" {
		t.Errorf("the engine did not get the second interrupt: %q %v", data, err)
	}
}

// TestFromTerminalLeavesTheEngineAlone: where the terminal's Ctrl-C
// reaches the engine directly (macOS, Windows), cancelling the context
// sends it nothing more (terraform-exec's SIGINT would be a second
// interrupt, which stops it at once; on Windows cancelling kills it):
// tfkit waits for the engine to stop on the interrupt it got from the
// terminal, reports the command interrupted and starts no other.
func TestFromTerminalLeavesTheEngineAlone(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "marker")
	pidFile := filepath.Join(dir, "pid")
	script := `#!/bin/sh
n=0
trap 'n=$((n+1)); echo "interrupt $n" >> ` + marker + `; if [ $n = 1 ]; then echo "stopping safely"; stop=1; else exit 2; fi' INT
echo $$ > ` + pidFile + `
echo "planning"
i=0
while [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); if [ -n "$stop" ]; then sleep 0.3; exit 1; fi; done
`
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sp := startScriptPlan(t, ctx, dir, script, func(w *Workspace) { w.interrupts = FromTerminal })
	sp.wait(t, "s | planning")
	if n := interruptAgain(FromTerminal, func() int { t.Error("signalled the engine"); return 0 }); n != 1 {
		t.Errorf("%d engines running, want 1", n)
	}
	// The terminal's Ctrl-C reaches the engine and tfkit alike.
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	sp.wait(t, "s | stopping safely")
	cancel()
	select {
	case err = <-sp.done:
	case <-time.After(10 * time.Second):
		t.Fatal("Plan did not return after the engine stopped")
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "terraform plan interrupted") {
		t.Errorf("error: %v", err)
	}
	if data, err := os.ReadFile(marker); err != nil || string(data) != "interrupt 1\n" {
		t.Errorf("the engine got %q (%v), want the terminal's interrupt only", data, err)
	}
	if n := interruptAgain(FromTerminal, nil); n != 0 {
		t.Errorf("%d engines running after Plan returned", n)
	}
	// Once interrupted, no other engine command starts.
	if err := sp.w.Apply(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Apply after the interrupt: %v", err)
	}
	if n := strings.Count(sp.stdout.String(), "s | planning"); n != 1 {
		t.Errorf("the engine ran again: %q", sp.stdout.String())
	}
}

// TestInterruptPolicies: with Forwarded the second interrupt is sent to
// the engine, with FromTerminal it is not (the terminal did), and only
// FromTerminal keeps the command's cancellation from the engine.
func TestInterruptPolicies(t *testing.T) {
	sent := 0
	signal := func() int { sent++; return 1 }
	if n := interruptAgain(Forwarded, signal); n != 1 || sent != 1 {
		t.Errorf("Forwarded: %d engines, %d signals", n, sent)
	}
	if n := interruptAgain(FromTerminal, signal); n != 0 || sent != 1 {
		t.Errorf("FromTerminal: %d engines, %d signals", n, sent)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if engineContext(ctx, Forwarded).Err() == nil {
		t.Error("Forwarded: the engine's context is not cancelled")
	}
	if engineContext(ctx, FromTerminal).Err() != nil {
		t.Error("FromTerminal: the engine's context is cancelled")
	}
}
