//go:build !linux

package runner

import (
	"os"
	"os/exec"
	"syscall"
)

// engineCommand returns the command that runs the engine with args. Here
// the engine stays in tfkit's process group (or console), where the
// terminal's Ctrl-C reaches it (see FromTerminal). When tfkit dies the
// engine is not told: it finishes the command on its own, its output
// going to files that outlive tfkit.
// Without a relay, the engine needs no pipe from tfkit (lifeline).
func engineCommand(w *Workspace, args []string) (cmd *exec.Cmd, lifeline bool) {
	cmd = exec.Command(w.engine.Path, args...)
	cmd.Env = w.env
	return cmd, false
}

// engineAlive reports whether process pid still runs (where the system
// says so; dir is not checked here).
func engineAlive(pid int, dir string) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return p.Signal(syscall.Signal(0)) == nil
}

// killedBy is the signal that ended the engine, or 0.
func killedBy(state *os.ProcessState) syscall.Signal {
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal()
	}
	return 0
}
