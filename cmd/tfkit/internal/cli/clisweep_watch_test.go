package cli

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestWatchFollowsMovedOutput edits tfkit.json's "output" while watching:
// the next run reports the stacks of the new directory, and the writes into
// it, which is not watched either, start no further run.
func TestWatchFollowsMovedOutput(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out"}`)
	write(t, dir, "main.tsx", "import { Resource } from \"tfkit\";\n\nexport default <Resource type=\"terraform_data\" name=\"a\" />;\n")
	stdout, show := startWatch(t, dir)
	runs := func() int { return strings.Count(stdout.String(), "Watching . for changes") }
	waitUntil(t, "the first synth", func() bool { return runs() == 1 }, show)

	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out2"}`)
	waitUntil(t, "the run into out2", func() bool { return runs() == 2 }, show)
	if !strings.Contains(stdout.String(), "Synthesized 1 stack into out2") || strings.Count(stdout.String(), "main: new stack") != 2 {
		t.Fatalf("the run after the move did not report out2's stacks:\n%s", show())
	}
	time.Sleep(500 * time.Millisecond)
	if n := runs(); n != 2 {
		t.Fatalf("writing out2 started %d more runs:\n%s", n-2, show())
	}
}

// TestWatchBindings: the bindings directory is watched though its name
// starts with a dot: what tfkit get writes there (bindings, the schemas
// synth checks against) starts a run; other dot directories do not.
func TestWatchBindings(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out"}`)
	write(t, dir, "main.tsx", "import { Resource } from \"tfkit\";\n\nexport default <Resource type=\"terraform_data\" name=\"a\" />;\n")
	write(t, dir, ".gen/README", "bindings\n")
	write(t, dir, ".cache/x", "x\n")
	stdout, show := startWatch(t, dir)
	runs := func() int { return strings.Count(stdout.String(), "Watching . for changes") }
	waitUntil(t, "the first synth", func() bool { return runs() == 1 }, show)

	write(t, dir, ".cache/x", "y\n")
	time.Sleep(300 * time.Millisecond)
	if n := runs(); n != 1 {
		t.Fatalf("a change under .cache started a run:\n%s", show())
	}
	write(t, dir, ".gen/.tfkit-schemas.json", `{"format_version": "1.0", "provider_schemas": {}}`)
	waitUntil(t, "the run after the schemas changed", func() bool { return runs() == 2 }, show)
}

// startWatch runs tfkit watch in dir until the test ends; show is what it
// printed so far, for messages.
func startWatch(t *testing.T, dir string) (stdout *syncBuffer, show func() string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout = &syncBuffer{}
	var stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- Main(ctx, []string{"watch", "--debounce", "20ms"}, Env{Stdout: stdout, Stderr: &stderr, Dir: dir, Environ: os.Environ(), Version: "v0.0.0-test"})
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return stdout, func() string { return "--- stdout\n" + stdout.String() + "--- stderr\n" + stderr.String() }
}
