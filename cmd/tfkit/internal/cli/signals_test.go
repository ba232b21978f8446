package cli

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// startHandler runs HandleSignals on a channel of signals, with a context
// it cancels and an error output; done is closed when it returns.
func startHandler(t *testing.T) (sigs chan os.Signal, ctx context.Context, stderr *bytes.Buffer, done chan struct{}) {
	sigs = make(chan os.Signal, 1)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	stderr = &bytes.Buffer{}
	done = make(chan struct{})
	go func() {
		HandleSignals(sigs, cancel, stderr)
		close(done)
	}()
	return sigs, ctx, stderr, done
}

// TestHandleSignals: the first signal cancels the command; with no engine
// running the second ends tfkit at once (HandleSignals returns) without
// the message about interrupting the engine again.
func TestHandleSignals(t *testing.T) {
	endsAtOnce.Store(false) // as an earlier test's eval left it
	sigs, ctx, stderr, done := startHandler(t)
	sigs <- os.Interrupt
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the first signal did not cancel")
	}
	select {
	case <-done:
		t.Fatal("HandleSignals returned after the first signal")
	case <-time.After(100 * time.Millisecond):
	}
	sigs <- os.Interrupt
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the second signal without an engine did not end tfkit")
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr: %q", stderr.String())
	}
}

// TestHandleSignalsEndsAtOnce: while a command that writes nothing runs,
// the first signal cancels it and ends tfkit at once; the next command
// starts with the policy above again.
func TestHandleSignalsEndsAtOnce(t *testing.T) {
	defer endsAtOnce.Store(false)
	endAtOnceOnInterrupt()
	sigs, ctx, stderr, done := startHandler(t)
	sigs <- os.Interrupt
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the first signal did not end tfkit")
	}
	if ctx.Err() == nil || stderr.String() != "Interrupted.\n" {
		t.Errorf("cancelled %v, stderr %q", ctx.Err() != nil, stderr.String())
	}
	Main(context.Background(), []string{"version"}, Env{})
	if endsAtOnce.Load() {
		t.Error("a new command keeps the last one's policy")
	}
}

// TestHandleSignalsEngineRunning: with an engine running, the second
// signal is passed on to it and tfkit waits for it; only the third ends
// tfkit.
func TestHandleSignalsEngineRunning(t *testing.T) {
	endsAtOnce.Store(false) // as an earlier test's eval left it
	sigs := make(chan os.Signal, 1)
	cancelled := make(chan struct{})
	var stderr bytes.Buffer
	agains := 0
	done := make(chan struct{})
	go func() {
		handleSignals(sigs, func() { close(cancelled) }, &stderr, func() int { agains++; return 1 })
		close(done)
	}()
	sigs <- os.Interrupt
	<-cancelled
	sigs <- os.Interrupt
	select {
	case <-done:
		t.Fatal("HandleSignals returned after the second signal with an engine running")
	case <-time.After(100 * time.Millisecond):
	}
	sigs <- os.Interrupt
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the third signal did not end tfkit")
	}
	if agains != 1 || !strings.Contains(stderr.String(), "Interrupted again") {
		t.Errorf("%d second interrupts; stderr: %q", agains, stderr.String())
	}
}
