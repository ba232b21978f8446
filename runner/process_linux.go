package runner

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// relayEnv, set in its environment to the value of its first argument
// after relayFlag, makes a program that imports runner the engine's relay
// (see relay) instead of itself. Both are needed, so that neither a stray
// variable in the user's environment nor an argument alone does it.
const (
	relayEnv  = "TFKIT_ENGINE_RELAY"
	relayFlag = "--tfkit-engine-relay="
)

func init() {
	token := os.Getenv(relayEnv)
	if token != "" && len(os.Args) > 1 && os.Args[1] == relayFlag+token {
		os.Exit(relay(os.Args[2:]))
	}
}

// engineCommand returns the command that runs the engine with args: on
// Linux, through a relay, a second copy of this program (/proc/self/exe,
// which works even when the binary was replaced since) that starts the
// engine and waits for it.
//
// Why a relay: when tfkit dies, however it dies, the engine must hear one
// interrupt, as from one Ctrl-C, and then be left to stop at a safe point.
// The kernel's parent-death signal cannot do it: it is sent again each
// time the engine is passed to another of the dying tfkit's threads, and a
// second interrupt makes Terraform and OpenTofu exit at once ("Two
// interrupts received"), losing what they were creating from the state.
// The relay is started in a session of its own (no terminal signal reaches
// it or the engine, which shares it) and holds the read end of a pipe
// whose only write end is tfkit's: end of file there means tfkit is gone,
// and the relay, which does not depend on tfkit's life, sends the engine
// one SIGINT unless it passed one on already. It passes on each SIGINT or
// SIGTERM it gets itself (tfkit's interrupts), and exits with the engine's
// exit code once the engine has ended.
//
// lifeline says that the command's standard input must be that pipe.
func engineCommand(w *Workspace, args []string) (cmd *exec.Cmd, lifeline bool) {
	token := strconv.Itoa(os.Getpid())
	cmd = exec.Command("/proc/self/exe", append([]string{relayFlag + token, w.engine.Path}, args...)...)
	cmd.Env = append(append([]string(nil), w.env...), relayEnv+"="+token)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	return cmd, true
}

// relay runs the engine, args[0] with args[1:], with the relay's standard
// output and error (the files tfkit reads) and its environment less
// relayEnv, and returns the exit code to exit with (see engineCommand).
func relay(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "tfkit engine relay: no engine to run")
		return 127
	}
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, relayEnv+"=") {
			env = append(env, kv)
		}
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "Error: %v\n", err)
		return 127
	}
	gone := make(chan struct{})
	go func() {
		io.Copy(io.Discard, os.Stdin)
		close(gone)
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	interrupted := false
	for {
		select {
		case <-sigs:
			_ = cmd.Process.Signal(os.Interrupt)
			interrupted = true
		case <-gone:
			gone = nil
			if !interrupted {
				_ = cmd.Process.Signal(os.Interrupt)
				interrupted = true
			}
		case err := <-done:
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
					return 128 + int(ws.Signal())
				}
				return ee.ExitCode()
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "Error: %v\n", err)
				return 127
			}
			return 0
		}
	}
}

// engineAlive reports whether process pid runs (is not a zombie) in
// directory dir, as an engine (or its relay) tfkit started there does.
func engineAlive(pid int, dir string) bool {
	proc := "/proc/" + strconv.Itoa(pid)
	cwd, err := os.Readlink(proc + "/cwd")
	if err != nil {
		return false
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	if filepath.Clean(cwd) != abs {
		if real, err := filepath.EvalSymlinks(abs); err != nil || filepath.Clean(cwd) != real {
			return false
		}
	}
	stat, err := os.ReadFile(proc + "/stat")
	if err != nil {
		return false
	}
	state := procState(stat)
	return state != "" && state != "Z" && state != "X"
}

// procState is the state field of /proc/PID/stat.
func procState(stat []byte) string {
	// "pid (comm) state ...": comm may hold spaces and parentheses.
	for i := len(stat) - 1; i >= 0; i-- {
		if stat[i] == ')' {
			if i+3 <= len(stat) {
				return string(stat[i+2 : i+3])
			}
			return ""
		}
	}
	return ""
}

// killedBy is the signal that ended the engine, which the relay reports
// as a shell does, as the exit code 128+signal (the engines themselves
// exit with 0, 1 or 2), or 0.
func killedBy(state *os.ProcessState) syscall.Signal {
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal() // the relay itself
	}
	if code := state.ExitCode(); code > 128 && code <= 128+64 {
		return syscall.Signal(code - 128)
	}
	return 0
}
