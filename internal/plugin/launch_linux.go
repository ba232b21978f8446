package plugin

import "syscall"

// launchAttr puts a launched plugin in a process group of its own (no
// terminal signal reaches it) and has the kernel kill it when the thread
// that started it ends.
func launchAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
