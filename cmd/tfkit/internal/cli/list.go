package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
)

func init() {
	register(&command{
		name:     "list",
		synopsis: "List the stacks of the synth output",
		usage:    "list [--out DIR]",
		help: `
Lists the stacks in the synth output's manifest.json, in the order the app
declared them, with the stacks each depends on and whether it has a
working directory under .tfkit/ (that is, has been planned or deployed
from this project). Nothing is synthesized and the engine is not run.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			o := &stackOptions{}
			o.declare(fs, false, false)
			return func(ctx context.Context, r *run, args []string) int {
				if len(args) > 0 {
					return usageError(r.stderr, commands["list"], "unexpected argument %q", args[0])
				}
				return runList(ctx, r, o)
			}
		},
	})
}

func runList(ctx context.Context, r *run, o *stackOptions) int {
	set, code := loadStacks(ctx, r, o, false, nil)
	if code != ExitOK {
		return code
	}
	if len(set.selected) == 0 {
		r.printf("%s has no stacks.\n", set.outName)
		return ExitOK
	}
	tw := tabwriter.NewWriter(r.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STACK\tDEPENDS ON\tWORKING DIRECTORY")
	for _, st := range set.selected {
		deps := strings.Join(st.Dependencies, ", ")
		if deps == "" {
			deps = "-"
		}
		wd := "-"
		if _, err := os.Stat(set.workDir(st.Name)); err == nil {
			wd = relTo(r.dir, set.workDir(st.Name))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", st.Name, deps, wd)
	}
	tw.Flush()
	return ExitOK
}

// relTo shows p relative to the command's directory when it is inside it.
func relTo(dir, p string) string {
	base := dirOrDot(dir)
	if filepath.IsAbs(p) != filepath.IsAbs(base) {
		// filepath.Rel cannot relate "." (no --chdir) to an absolute path.
		a, err1 := filepath.Abs(base)
		b, err2 := filepath.Abs(p)
		if err1 != nil || err2 != nil {
			return p
		}
		base, p = a, b
	}
	if rel, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}
