package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
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
	engine := filepath.Join(dir, "terraform")
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr syncBuffer
	e := &Engine{Path: engine, Flavor: Terraform, Version: version.Must(version.NewVersion("1.11.4"))}
	w, err := Open(e, "s", filepath.Join(dir, "work"), os.Environ(), NewOutput(&stdout), NewOutput(&stderr))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := w.Plan(ctx, false)
		done <- err
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(stdout.String(), "s | planning") {
		if time.Now().After(deadline) {
			t.Fatalf("the engine did not start: %q %q", stdout.String(), stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case err = <-done:
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
	engine := filepath.Join(dir, "terraform")
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr syncBuffer
	e := &Engine{Path: engine, Flavor: Terraform, Version: version.Must(version.NewVersion("1.11.4"))}
	w, err := Open(e, "s", filepath.Join(dir, "work"), os.Environ(), NewOutput(&stdout), NewOutput(&stderr))
	if err != nil {
		t.Fatal(err)
	}
	if delay := reflect.ValueOf(w.tf).Elem().FieldByName("waitDelay"); delay.Int() != 0 {
		t.Errorf("terraform-exec kills the engine %v after an interrupt", time.Duration(delay.Int()))
	}
	if n := InterruptAgain(); n != 0 {
		t.Errorf("signalled %d processes before any engine ran", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := w.Plan(ctx, false)
		done <- err
	}()
	waitFor := func(text string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(stdout.String(), text) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q: %q %q", text, stdout.String(), stderr.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("s | planning")
	cancel()
	waitFor("s | stopping safely")
	select {
	case err := <-done:
		t.Fatalf("Plan returned while the engine was still stopping: %v", err)
	case <-time.After(500 * time.Millisecond):
	}
	if n := InterruptAgain(); n != 1 {
		t.Errorf("signalled %d processes, want the engine", n)
	}
	select {
	case err = <-done:
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
