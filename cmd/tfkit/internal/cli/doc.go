// Package cli is the tfkit command: global flags, one file per subcommand,
// help text and exit codes. cmd/tfkit only wires the process (arguments,
// standard streams, signals) to Main.
//
// A subcommand is one file that registers a command value in an init
// function: its name, one-line synopsis, usage line, help text and a setup
// function that declares its flags on a flag.FlagSet and returns the code
// to run. Help, flag parsing and error reporting are shared.
//
// Commands print results on the Env's Stdout and diagnostics on its Stderr,
// run child processes with the Env's environment and directory (never the
// process's own), and return an exit code: they must never call os.Exit,
// change the process's working directory or read os.Args, so that tests
// can run them in-process side by side. Nothing imports this package.
package cli
