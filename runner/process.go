package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Files of a stack's working directory that belong to the engine command
// under way (see start).
const (
	// StdoutFile and StderrFile receive the engine's output while it runs;
	// tfkit reads them as they grow and removes them when the engine has
	// ended. They are left behind when tfkit ended first: then they hold
	// what the engine did after tfkit was gone.
	StdoutFile = ".tfkit-engine.out"
	StderrFile = ".tfkit-engine.err"
	// pidFile names the engine process under way ("pid command"), so that
	// a later tfkit finds an engine an earlier one left running.
	pidFile = ".tfkit-engine.pid"
)

// Why tfkit runs the engine itself rather than through terraform-exec:
// terraform-exec ties the engine's life to tfkit's (it asks the kernel to
// SIGKILL the engine when tfkit dies, and reads its output through pipes,
// whose loss kills the engine at its next write). A tfkit killed mid-apply
// then killed the engine between two state writes: resources it had
// created were missing from the state, the state lock's information file
// stayed, and providers it had started could run on, orphaned.
//
// So the engine runs
//   - with its output in files of the working directory, which outlive
//     tfkit, never in a pipe;
//   - with stdin from /dev/null (its arguments say -input=false as well);
//   - on Linux, in a session of its own, which no terminal signal reaches
//     (tfkit forwards interrupts; see Interrupts), under a relay that
//     outlives tfkit and, when tfkit dies, gives the engine one interrupt,
//     as one Ctrl-C: the engine stops at a safe point as it would for the
//     user, writing the state of everything it created, stopping its
//     providers and releasing the state lock (see engineCommand).

// poll is how often the output files are read while the engine runs.
const poll = 25 * time.Millisecond

// exitError is an engine command that ran and exited non-zero.
type exitError struct {
	code   int
	signal syscall.Signal // the signal that ended it, or 0
	stderr string         // the end of what it printed on standard error
}

func (e *exitError) Error() string {
	if e.signal != 0 {
		return fmt.Sprintf("killed by signal %d (%s)\n%s", int(e.signal), e.signal, e.stderr)
	}
	return fmt.Sprintf("exit status %d\n%s", e.code, e.stderr)
}

// exitCode is the exit code of a command that ran and exited non-zero, else -1.
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return -1
}

// exec runs the engine with args in the working directory and waits for it
// to end, however long that takes. Its standard output goes to stdout and
// its standard error to the stack's standard error, line by line as it
// prints them. Cancelling ctx sends the engine SIGINT (once); a command
// that exits non-zero returns an *exitError holding the end of its
// standard error.
func (w *Workspace) exec(ctx context.Context, stdout io.Writer, args ...string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	outPath, errPath := filepath.Join(w.Dir, StdoutFile), filepath.Join(w.Dir, StderrFile)
	outFile, err := createOutput(outPath)
	if err != nil {
		return err
	}
	defer outFile.Close()
	errFile, err := createOutput(errPath)
	if err != nil {
		return err
	}
	defer errFile.Close()
	cmd, lifeline := engineCommand(w, args)
	if lifeline {
		// The pipe's write end stays with tfkit: it closes when Wait
		// returns, or when tfkit ends, which is what the relay waits for.
		if _, err := cmd.StdinPipe(); err != nil {
			return err
		}
	}
	cmd.Dir = w.Dir
	cmd.Stdout, cmd.Stderr = outFile, errFile // files: the engine writes to them directly

	var tailErr tailBuffer
	var wg sync.WaitGroup
	exited := make(chan struct{})

	if err := cmd.Start(); err != nil {
		os.Remove(outPath)
		os.Remove(errPath)
		return err
	}
	pidData := strconv.Itoa(cmd.Process.Pid) + " " + args[0] + "\n"
	_ = os.WriteFile(filepath.Join(w.Dir, pidFile), []byte(pidData), 0o644)
	wg.Add(1)
	go func() {
		defer wg.Done()
		tail([]tailed{{outPath, stdout}, {errPath, io.MultiWriter(w.stderr, &tailErr)}}, exited)
	}()
	go func() {
		select {
		case <-ctx.Done():
			_ = cmd.Process.Signal(os.Interrupt)
		case <-exited:
		}
	}()
	err = cmd.Wait()
	close(exited)
	wg.Wait()
	state := cmd.ProcessState
	if state == nil {
		return err
	}
	// The engine ended while tfkit was there to read everything it
	// printed: its output files and pid file have served their purpose.
	os.Remove(filepath.Join(w.Dir, pidFile))
	os.Remove(outPath)
	os.Remove(errPath)
	if !state.Success() {
		return &exitError{code: state.ExitCode(), signal: killedBy(state), stderr: tailErr.String()}
	}
	return nil
}

// createOutput creates (or empties) an output file the engine writes to;
// only its owner may read it, as the engine's output may show values of
// the configuration.
func createOutput(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
}

// tailed is an output file of the engine and where its content goes.
type tailed struct {
	path string
	dst  io.Writer
}

// tail copies what is written to the files to their destinations as it is
// written, until exited is closed and the rest has been copied. The files
// are read one after the other in one goroutine, standard output first:
// the engine prints its progress there before the diagnostics that end it
// on standard error, and files read at the same time came out in either
// order (an init error shown above the lines that led to it).
func tail(files []tailed, exited <-chan struct{}) {
	var open []*os.File
	var dsts []io.Writer
	for _, t := range files {
		f, err := os.Open(t.path)
		if err != nil {
			continue
		}
		defer f.Close()
		open, dsts = append(open, f), append(dsts, t.dst)
	}
	buf := make([]byte, 32*1024)
	drain := func() {
		for i, f := range open {
			for {
				n, err := f.Read(buf)
				if n > 0 {
					dsts[i].Write(buf[:n])
				}
				if err != nil || n == 0 {
					break
				}
			}
		}
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		drain()
		select {
		case <-exited:
			drain()
			return
		case <-t.C:
		}
	}
}

// tailBuffer keeps the last 64 KiB written to it, for error messages.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - 64<<10; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}

// RunningEngine describes an engine process that an earlier tfkit started
// in the working directory and that still runs: tfkit ended before it.
type RunningEngine struct {
	Pid     int
	Command string // "apply", "plan", ...
}

func (r *RunningEngine) String() string {
	return fmt.Sprintf("the engine's %s (pid %d) that an earlier tfkit left running", r.Command, r.Pid)
}

// leftRunning returns the engine process an earlier tfkit left running in
// the working directory, or nil.
func (w *Workspace) leftRunning() *RunningEngine {
	data, err := os.ReadFile(filepath.Join(w.Dir, pidFile))
	if err != nil {
		return nil
	}
	pidText, command, _ := strings.Cut(strings.TrimSpace(string(data)), " ")
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 || !engineAlive(pid, w.Dir) {
		return nil
	}
	return &RunningEngine{Pid: pid, Command: command}
}
