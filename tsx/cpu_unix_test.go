//go:build unix

package tsx

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time used so far by this process and by the
// child processes it waited for (node, in the comparison benchmarks).
func processCPU() (time.Duration, bool) {
	var self, children syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children) != nil {
		return 0, false
	}
	total := func(ru *syscall.Rusage) time.Duration {
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total(&self) + total(&children), true
}
