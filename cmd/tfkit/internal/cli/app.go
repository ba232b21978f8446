package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync/atomic"
	"time"
)

// Errors from runApp that commands tell apart.
var (
	errAppInterrupted = errors.New("interrupted")
	errAppTimeout     = errors.New("timed out")
)

// appRun describes one run of the user's app command.
type appRun struct {
	// command is the project's "app", run with sh -c as CDK for Terraform
	// does, so pipes, variables and "go run ." work as typed.
	command string
	dir     string
	// env is added to the invocation's environment (later entries win).
	env     []string
	timeout time.Duration
	// stdout takes what the app prints on its standard output: the
	// invocation's stdout when nil.
	stdout io.Writer
}

// killGrace is how long the app has to exit after SIGTERM before its whole
// process group is killed.
const killGrace = 3 * time.Second

// runApp runs the app in its own process group, streaming its output to the
// invocation's stdout and stderr. Cancelling ctx (Ctrl-C) or reaching the
// timeout stops the whole group, so `go run` and the program it built both
// end. The error is errAppInterrupted, errAppTimeout, an *exec.ExitError, or
// a wrapped start failure.
func runApp(ctx context.Context, r *run, a appRun) error {
	if ctx.Err() != nil {
		return errAppInterrupted
	}
	runCtx := ctx
	if a.timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, a.timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(runCtx, "sh", "-c", a.command)
	cmd.Dir = dirOrDot(a.dir)
	cmd.Env = append(append([]string(nil), r.env.Environ...), a.env...)
	cmd.Stdout = r.stdout
	if a.stdout != nil {
		cmd.Stdout = a.stdout
	}
	cmd.Stderr = r.stderr
	ownProcessGroup(cmd)
	var stopped atomic.Bool
	cmd.Cancel = func() error {
		stopped.Store(true)
		return terminateGroup(cmd.Process, killGrace)
	}
	// A grandchild that keeps stdout open must not keep us waiting forever.
	cmd.WaitDelay = killGrace + time.Second

	err := cmd.Run()
	if stopped.Load() {
		// Whatever of the group survived SIGTERM goes now.
		killGroup(cmd.Process)
		if ctx.Err() != nil {
			return errAppInterrupted
		}
		return errAppTimeout
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return fmt.Errorf("run %q: %w", a.command, err)
	}
	return err
}
