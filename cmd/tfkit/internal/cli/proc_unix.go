//go:build unix

package cli

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// ownProcessGroup starts cmd in a new process group, so that it and all its
// children can be signalled together and a terminal's Ctrl-C reaches only
// tfkit, which then decides how to stop them.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// terminateGroup asks the process group led by p to stop, and kills it if
// it is still there after grace.
func terminateGroup(p *os.Process, grace time.Duration) error {
	if p == nil {
		return nil
	}
	pgid := p.Pid
	if err := syscall.Kill(-pgid, syscall.SIGTERM); err != nil && err != syscall.ESRCH {
		return err
	}
	time.AfterFunc(grace, func() { _ = syscall.Kill(-pgid, syscall.SIGKILL) })
	return nil
}

// killGroup kills what is left of the process group led by p.
func killGroup(p *os.Process) {
	if p != nil {
		_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	}
}
