package runner

// What the engine does on Ctrl-C, and so what tfkit does: the first
// interrupt asks it to stop at a safe point. Terraform and OpenTofu then
// let the operations under way finish (a create may take minutes), write
// the state and release the state lock, however long that takes, which is
// why Open lets terraform-exec wait for the engine without limit
// (SetWaitDelay(0); its default of 60 s ends in SIGKILL, which loses what
// was being created from the state and can leave a lock behind). A second
// interrupt makes the engine stop at once ("Two interrupts received.
// Exiting immediately."), at the risk of losing what it was doing from the
// state; InterruptAgain passes that one on. terraform-exec sends the first
// when the context of the command is cancelled.

// InterruptAgain sends SIGINT to the engine processes this process is
// running, for the second interrupt, and returns how many it signalled. On
// Linux terraform-exec starts the engine in a process group of its own,
// which the terminal's Ctrl-C does not reach, so tfkit passes it on; on
// other systems the engine shares tfkit's process group and gets the
// terminal's Ctrl-C itself, so this does nothing and returns 0.
func InterruptAgain() int {
	return interruptEngines()
}
