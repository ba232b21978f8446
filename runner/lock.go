package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// LockFile is the file in a stack's working directory that a tfkit command
// holds locked while it works on the stack (see Workspace.Lock).
const LockFile = ".tfkit-lock"

// BusyError is returned by Workspace.Lock when another tfkit process works
// on the stack.
type BusyError struct {
	// Holder describes the other process as it wrote itself into the lock
	// file, "tfkit deploy (pid 4242) since 2026-11-22 15:04:05"; empty
	// when it had not yet done so.
	Holder string
	// Waited is how long Lock waited for it (LockTimeout).
	Waited time.Duration
}

func (e *BusyError) Error() string {
	holder := e.Holder
	if holder == "" {
		holder = "another tfkit process"
	}
	if e.Waited > 0 {
		return fmt.Sprintf("the stack is still in use by %s after %s", holder, e.Waited)
	}
	return fmt.Sprintf("the stack is in use by %s", holder)
}

// lockPoll is how often Lock tries again while it waits.
const lockPoll = 100 * time.Millisecond

// Lock takes the stack's tfkit lock, an advisory lock (flock) on LockFile
// held until Close or the end of the process, so that two tfkit commands
// never work on one stack at once: one would copy in another
// configuration or make another plan file while the other waits for the
// approval of its plan. The engine's state lock does not cover those,
// which happen outside the engine. owner describes this command ("tfkit
// deploy") to another tfkit that finds the lock held. An engine that an
// earlier tfkit left running in the working directory (tfkit was killed
// while the engine ran; see exec) holds the stack as well. When it is held,
// Lock waits up to LockTimeout for it (saying so once on the stack's
// standard error), then returns a *BusyError; cancelling ctx stops the
// wait.
func (w *Workspace) Lock(ctx context.Context, owner string) error {
	path := filepath.Join(w.Dir, LockFile)
	var deadline time.Time
	said := false
	for {
		f, err := tryLock(path)
		if err != nil {
			return fmt.Errorf("locking %s: %w", path, err)
		}
		var holder string
		if f != nil {
			// An engine an earlier tfkit left running (tfkit was killed)
			// goes on with the stack until it has stopped at a safe
			// point: wait for it as for another tfkit.
			running := w.leftRunning()
			if running == nil {
				// Truncated only now: before, the file says who holds it.
				if err := f.Truncate(0); err == nil {
					fmt.Fprintf(f, "%s (pid %d) since %s\n", owner, os.Getpid(), time.Now().Format(time.DateTime))
				}
				w.lock = f
				return nil
			}
			f.Close()
			holder = running.String()
		} else {
			holder = lockHolder(path)
		}
		if w.LockTimeout <= 0 {
			return &BusyError{Holder: holder}
		}
		if deadline.IsZero() {
			deadline = time.Now().Add(w.LockTimeout)
		}
		if !time.Now().Before(deadline) {
			return &BusyError{Holder: holder, Waited: w.LockTimeout}
		}
		if !said {
			if holder == "" {
				holder = "another tfkit process"
			}
			fmt.Fprintf(w.stderr, "waiting up to %s for %s to finish with this stack\n", w.LockTimeout, holder)
			said = true
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for another tfkit to finish with this stack: %w", context.Canceled)
		case <-time.After(min(lockPoll, time.Until(deadline))):
		}
	}
}

// unlock releases the lock Lock took, if any.
func (w *Workspace) unlock() {
	if w.lock != nil {
		w.lock.Close() // closing the file releases the lock
		w.lock = nil
	}
}

// lockHolder reads who holds the lock file, as its holder wrote it.
func lockHolder(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	s, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(s)
}
