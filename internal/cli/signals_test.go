package cli

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"
)

// TestHandleSignals: the first signal cancels the command; with no engine
// running the second ends tfkit at once (HandleSignals returns) without
// the message about interrupting the engine again.
func TestHandleSignals(t *testing.T) {
	sigs := make(chan os.Signal, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr bytes.Buffer
	done := make(chan struct{})
	go func() {
		HandleSignals(sigs, cancel, &stderr)
		close(done)
	}()
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
