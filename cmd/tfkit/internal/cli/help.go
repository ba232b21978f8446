package cli

import (
	"context"
	"flag"
	"fmt"
)

func init() {
	register(&command{
		name:     "help",
		synopsis: "Show help for tfkit or one of its commands",
		usage:    "help [command]",
		help: `
Without a command, lists the commands and the global options. With one,
shows that command's usage, what it does, and its options.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			return runHelp
		},
	})
}

func runHelp(_ context.Context, r *run, args []string) int {
	switch len(args) {
	case 0:
		writeMainHelp(r.stdout)
		return ExitOK
	case 1:
		cmd, ok := commands[args[0]]
		if !ok {
			fmt.Fprintf(r.stderr, "tfkit help: unknown command %q%s\nRun 'tfkit help' for the list of commands.\n", args[0], suggestCommand(args[0]))
			return ExitUsage
		}
		writeCommandHelp(r.stdout, cmd)
		return ExitOK
	default:
		return usageError(r.stderr, commands["help"], "too many arguments")
	}
}
