package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/tfkit/tfkit/runner"
)

func init() {
	register(&command{
		name:     "diff",
		synopsis: "Show what deploy would change, stack by stack",
		usage:    "diff [--detailed-exitcode] [--skip-synth] [--out DIR] [--engine PATH] [--exclude ADDRESS]... [--parallelism N] [--lock-timeout DURATION] [STACK...]",
		help: `
Runs synth (unless --skip-synth), then for each stack named (all stacks
without arguments) copies its configuration into its working directory
under .tfkit/, runs init when the providers, modules or backend changed,
and runs plan. The engine's output is shown with the stack's name before
each line; a summary of adds, changes and destroys per stack follows.

Stacks are planned in dependency order (the dependencies in manifest.json),
independent ones in parallel. Nothing is changed: the plan is discarded.

Exit status: 0 on success, 1 when a stack fails, and with
--detailed-exitcode 2 when any stack has changes. A wrong command line
exits 2, but 1 with --detailed-exitcode, so that 2 always means changes.`,
		setup:     setupDiff,
		usageExit: diffUsageExit,
	})
}

// undeployedDependencies returns, in manifest order, the stacks name
// depends on (directly or through others) whose state holds nothing a
// dependant could read.
func (s *stackSet) undeployedDependencies(name string) []string {
	reached := map[string]bool{}
	var walk func(n string)
	walk = func(n string) {
		for _, d := range s.deps[n] {
			if !reached[d] {
				reached[d] = true
				walk(d)
			}
		}
	}
	walk(name)
	var out []string
	for _, st := range s.manifest.Stacks {
		if reached[st.Name] && !readStackState(s.workDir(st.Name)).applied() && !s.ownBackend(st.Name) {
			out = append(out, st.Name)
		}
	}
	return out
}

// diffUsageExit is the exit code of a wrong diff command line: ExitUsage,
// but ExitFailure when it asks for --detailed-exitcode, where 2 means
// changes (Terraform's plan exits 1 on every error).
func diffUsageExit(args []string) int {
	if detailedExitcode(args) {
		return ExitFailure
	}
	return ExitUsage
}

// detailedExitcode reports whether args, not yet parsed (they may be
// wrong), ask for --detailed-exitcode.
func detailedExitcode(args []string) bool {
	on := false
	for _, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "detailed-exitcode" {
			continue
		}
		on = true
		if b, err := strconv.ParseBool(value); hasValue && err == nil {
			on = b
		}
	}
	return on
}

func setupDiff(fs *flag.FlagSet) func(context.Context, *run, []string) int {
	o := &stackOptions{}
	o.declare(fs, true, true)
	detailed := fs.Bool("detailed-exitcode", false, "exit 2 when any stack has changes (0 when none, 1 on failure)")
	return func(ctx context.Context, r *run, args []string) int {
		return runDiff(ctx, r, o, *detailed, args)
	}
}

func runDiff(ctx context.Context, r *run, o *stackOptions, detailed bool, args []string) int {
	if o.parallelism < 1 {
		code := usageError(r.stderr, commands["diff"], "--parallelism must be at least 1")
		if detailed {
			code = ExitFailure
		}
		return code
	}
	if msg := stackArgsError(args); msg != "" {
		code := usageError(r.stderr, commands["diff"], "%s", msg)
		if detailed {
			code = ExitFailure
		}
		return code
	}
	o.runEngine = true
	set, code := loadStacks(ctx, r, o, true, args)
	if code != ExitOK {
		return code
	}
	e := set.engine
	set.warnOrphans(r, e.Path, orphanDiff)
	set.checkCDKTFState(r, "diff")
	sr := newStackRunner(r, "diff", set, e)
	sr.lockTimeout = o.lockTimeout
	sr.exclude = o.exclude
	var mu sync.Mutex
	summaries := map[string]runner.Summary{}
	results := runner.Schedule(ctx, set.names(), set.deps, o.parallelism, false, func(ctx context.Context, name string) error {
		w, err := sr.open(ctx, name)
		if err != nil {
			return err
		}
		defer w.Close()
		defer w.Discard()
		s, err := w.Plan(ctx, false)
		if err != nil {
			if undeployed := set.undeployedDependencies(name); len(undeployed) > 0 && !errors.Is(err, context.Canceled) {
				// The likely cause, which the engine's "Unsupported
				// attribute" on a remote state's outputs does not tell.
				return fmt.Errorf("%w (it depends on %s: the outputs it reads are not there yet; '%s' deploys %s first)",
					err, set.notDeployed(undeployed), r.tfkitCommand("deploy"), strings.Join(undeployed, ", "))
			}
			return err
		}
		mu.Lock()
		summaries[name] = s
		mu.Unlock()
		return nil
	})
	r.printf("\nDiff:\n")
	changes := false
	code = sr.report(ctx, results, func(name string) string {
		s := summaries[name]
		if !s.Changes() {
			return "no changes"
		}
		changes = true
		return s.String()
	})
	if code == ExitOK && changes && detailed {
		return 2
	}
	return code
}
