// Package cputime reads the CPU time the process has used, for benchmarks
// on shared machines: their load stretches wall time, but much less the
// CPU time a piece of work takes. Benchmarks report it next to wall time
// as cpu-ns/op. It holds no other machinery and is for tests only.
package cputime

import "time"

// Process returns the CPU time the process has used, user and system,
// across all threads, and false where it cannot be read.
func Process() (time.Duration, bool) { return process() }
