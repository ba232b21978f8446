package cli

import (
	"context"
	"flag"
	"fmt"
)

func init() {
	register(&command{
		name:     "version",
		synopsis: "Print the tfkit version",
		usage:    "version",
		help: `
Prints the version of this tfkit binary; the same as 'tfkit --version'.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			return func(_ context.Context, r *run, args []string) int {
				if len(args) > 0 {
					return usageError(r.stderr, commands["version"], "unexpected argument %q", args[0])
				}
				fmt.Fprintf(r.stdout, "tfkit %s\n", r.env.Version)
				return ExitOK
			}
		},
	})
}
