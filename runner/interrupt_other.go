//go:build !linux

package runner

// Outside Linux the engine stays in tfkit's process group
// (or console), where the terminal's Ctrl-C reaches it directly.
const platformInterrupts = FromTerminal

// interruptEngines is not used: the terminal interrupts the engine itself.
func interruptEngines() int { return 0 }
