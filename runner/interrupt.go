package runner

import (
	"context"
	"sync/atomic"
)

// What the engine does on Ctrl-C, and so what tfkit does: the first
// interrupt asks it to stop at a safe point. Terraform and OpenTofu then
// let the operations under way finish (a create may take minutes), write
// the state and release the state lock, however long that takes, which is
// why tfkit waits for the engine without limit (a SIGKILL loses what was
// being created from the state and can leave a lock behind). A second
// interrupt makes the engine stop at once ("Two interrupts received.
// Exiting immediately."), at the risk of losing what it was doing from the
// state. How the engine hears of each depends on the system; see
// Interrupts.

// Interrupts says how the engine hears of the user's Ctrl-C.
type Interrupts int

const (
	// Forwarded: the engine runs in a session and process group of its
	// own, which the terminal's Ctrl-C does not reach (on Linux), so tfkit
	// passes each interrupt on: the first by cancelling the command's
	// context, on which the engine (through its relay) gets SIGINT, the
	// second with InterruptAgain.
	Forwarded Interrupts = iota
	// FromTerminal: the engine shares tfkit's process group or console
	// (macOS, the BSDs, Windows), so every Ctrl-C reaches it from the
	// terminal directly. tfkit must not add its own: on macOS a SIGINT
	// from tfkit would make the engine read one Ctrl-C as two and stop at
	// once, and Windows has no SIGINT to send. So the
	// engine's commands run under a context that is never cancelled
	// (context.WithoutCancel); a cancelled context stops tfkit between
	// commands, and the engine finishes the one under way as it chooses.
	FromTerminal
)

// PlatformInterrupts is how the engine hears of Ctrl-C on this system.
const PlatformInterrupts = platformInterrupts

// running counts the engine commands under way in this process.
var running atomic.Int32

// InterruptAgain passes the second interrupt on to the engine processes
// this process is running and returns how many get it: with Forwarded it
// sends them SIGINT, with FromTerminal the terminal has done so already
// and it only counts them.
func InterruptAgain() int {
	return interruptAgain(PlatformInterrupts, interruptEngines)
}

func interruptAgain(p Interrupts, signal func() int) int {
	if p == FromTerminal {
		return int(running.Load())
	}
	return signal()
}

// engineContext is the context an engine command runs under: ctx itself
// when tfkit forwards interrupts, else one that ctx's cancellation does
// not reach (see FromTerminal).
func engineContext(ctx context.Context, p Interrupts) context.Context {
	if p == FromTerminal {
		return context.WithoutCancel(ctx)
	}
	return ctx
}
