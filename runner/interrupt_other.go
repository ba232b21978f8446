//go:build !linux

package runner

// interruptEngines does nothing: outside Linux the engine shares tfkit's
// process group, and the terminal's second Ctrl-C reaches it directly.
func interruptEngines() int { return 0 }
