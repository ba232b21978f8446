package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"github.com/tfkit/tfkit/runner"
)

// HandleSignals carries out tfkit's policy for Ctrl-C (SIGINT) and SIGTERM,
// read from sigs (fed by signal.Notify). It returns when tfkit should end at
// once.
//
//   - The first signal calls cancel: the command stops its app, or
//     interrupts the engine and waits for it however long it takes to stop
//     at a safe point, write its state and release its lock; then it
//     reports and exits 130.
//   - The second, while an engine runs, interrupts the engine again, which
//     makes Terraform and OpenTofu stop at once, as a second Ctrl-C does
//     when they run alone (what they were changing may be missing from the
//     state); the command still waits for the engine to exit. With no
//     engine running, the second signal ends tfkit at once.
//   - The next ends tfkit at once; the engine, told twice already,
//     finishes stopping by itself (see runner's relay).
//
// A command that writes nothing and starts nothing that must be stopped
// (eval without --read-data, validate) says so with endAtOnceOnInterrupt;
// the first signal then ends tfkit at once, even while the command is deep
// in work that does not watch for the interrupt.
//
// Where the terminal's Ctrl-C reaches the engine directly (outside Linux;
// see runner.Interrupts), cancel stops tfkit between engine commands only,
// and the engine stops on the interrupts it gets from the terminal.
func HandleSignals(sigs <-chan os.Signal, cancel context.CancelFunc, stderr io.Writer) {
	handleSignals(sigs, cancel, stderr, runner.InterruptAgain)
}

// handleSignals is HandleSignals with the second interrupt's delivery
// given: again passes it on and returns how many engines get it.
func handleSignals(sigs <-chan os.Signal, cancel context.CancelFunc, stderr io.Writer, again func() int) {
	<-sigs
	cancel()
	if endsAtOnce.Load() {
		fmt.Fprintln(stderr, "Interrupted.")
		return
	}
	<-sigs
	if again() == 0 {
		return
	}
	fmt.Fprintln(stderr, "Interrupted again: the engine stops at once; what it was changing may be missing from the state. Press Ctrl-C once more to end tfkit now.")
	<-sigs
}

// endsAtOnce is set while the command running is one the first interrupt
// ends at once (see HandleSignals).
var endsAtOnce atomic.Bool

// endAtOnceOnInterrupt tells HandleSignals that the running command writes
// nothing and starts no process that must be stopped, so the first
// interrupt may end tfkit at once.
func endAtOnceOnInterrupt() { endsAtOnce.Store(true) }
