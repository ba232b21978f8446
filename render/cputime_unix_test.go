//go:build unix

package render

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the test process has used, user and system,
// across all threads. Benchmarks report it next to wall time because a
// shared machine's load stretches wall time but not CPU time.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
