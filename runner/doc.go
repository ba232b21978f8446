// Package runner drives a Terraform engine (terraform or OpenTofu) over the
// stacks of a synthesized output directory: it finds the engine and reads
// its version, keeps one working directory per stack outside the output
// directory, and runs init, plan, apply and output there, with each line
// of the engine's output prefixed by the stack's name. Schedule orders several stacks by their
// dependencies, runs independent ones in parallel and skips the dependants
// of a stack that failed.
//
// CheckFeatures reads a stack's configuration and reports the constructs
// the engine's version lacks (the table is Features), so that a stack
// fails with their file:line before the engine runs on it.
//
// Workspace.Lock keeps two tfkit processes from working on one stack at
// once (an advisory lock on a file in its working directory).
//
// A stack whose working directory holds the errored.tfstate an engine
// wrote when it could not save the state is refused by Plan and Outputs
// until the state is pushed back (StateError): a plan from the older state
// would create again what the failed run created.
//
// Cancelling the context interrupts the engine (SIGINT, not SIGKILL) and
// waits for it however long it takes, so it can finish writing state and
// release its lock; InterruptAgain passes on a second interrupt. The
// engine's life is not tied to tfkit's: its output goes to files, and on
// Linux a relay (this program started again, see engineCommand) gives it
// one interrupt when tfkit dies, so that it stops at a safe point then
// too. A program that imports runner therefore becomes that relay when
// started with TFKIT_ENGINE_RELAY=TOKEN in its environment and
// --tfkit-engine-relay=TOKEN as its first argument.
//
// It must never write or edit Terraform state itself, never run an apply
// other than of the plan file it was given, and never touch the synthesized
// output directory (synth replaces it as a whole).
//
// It is public for Go programs that deploy what they synthesize without the
// tfkit command: the command's diff, deploy, destroy and output are built on it.
package runner
