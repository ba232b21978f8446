//go:build !linux

package plugin

import "syscall"

// launchAttr: outside Linux a launched plugin stays in the program's
// process group and is not told of its end.
func launchAttr() *syscall.SysProcAttr { return nil }
