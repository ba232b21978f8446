package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/runner"
	"github.com/tfkit/tfkit/tffile"
)

func init() {
	register(&command{
		name:     "deploy",
		synopsis: "Plan and apply stacks in dependency order",
		usage:    "deploy [--auto-approve] [--ignore-missing-stack-dependencies] [--skip-synth] [--out DIR] [--engine PATH] [--exclude ADDRESS]... [--parallelism N] [--lock-timeout DURATION] [STACK...]",
		help: `
Runs synth (unless --skip-synth), then deploys each stack named (all
stacks without arguments), a stack only after the stacks it depends on:
its configuration is copied into its working directory under .tfkit/,
init runs when needed, and plan writes a plan file while showing it. A
stack without changes is done. Otherwise tfkit asks for approval (only
"yes" approves) unless --auto-approve is given, and applies exactly that
saved plan.

Independent stacks run in parallel (--parallelism); approval questions
come one at a time. A stack that fails, or is not approved, stops the
stacks that depend on it, and the summary says which were skipped.
Ctrl-C interrupts the engine, which stops safely and releases its state
lock, however long that takes; run deploy again to continue. A second
Ctrl-C makes the engine stop at once, a third ends tfkit.

A stack whose dependencies are left out of the command is deployed only
when they have been deployed before (their outputs are in their state):
otherwise it is refused, naming them, unless
--ignore-missing-stack-dependencies is given.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			return setupApply(fs, false)
		},
	})
	register(&command{
		name:     "destroy",
		synopsis: "Destroy the resources of stacks in reverse dependency order",
		usage:    "destroy [--auto-approve] [--ignore-missing-stack-dependencies] [--skip-synth] [--out DIR] [--engine PATH] [--exclude ADDRESS]... [--parallelism N] [--lock-timeout DURATION] [STACK...]",
		help: `
Destroys the resources of each stack named (all stacks without arguments),
a stack only after the stacks that depend on it. As deploy does, it runs
synth first (unless --skip-synth), plans (plan -destroy) into a plan file
while showing it, asks for approval unless --auto-approve is given, and
applies exactly that plan. Stacks that were never deployed, or whose
state holds no resources, are passed over. The working directories under
.tfkit/ are kept, with the emptied state.

A stack that another deployed stack depends on is destroyed only together
with it: naming it alone is refused, listing its dependants, unless
--ignore-missing-stack-dependencies is given.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			return setupApply(fs, true)
		},
	})
}

func setupApply(fs *flag.FlagSet, destroy bool) func(context.Context, *run, []string) int {
	o := &stackOptions{}
	o.declare(fs, true, true)
	auto := fs.Bool("auto-approve", false, "apply without asking for approval")
	ignoreUsage := "deploy the stacks named even when stacks they depend on were never deployed"
	if destroy {
		ignoreUsage = "destroy the stacks named even when stacks that depend on them are still deployed"
	}
	fs.BoolVar(&o.ignoreMissingDeps, "ignore-missing-stack-dependencies", false, ignoreUsage)
	return func(ctx context.Context, r *run, args []string) int {
		return runApply(ctx, r, o, *auto, destroy, args)
	}
}

// errNotApproved stops a stack whose plan the user did not approve.
var errNotApproved = errors.New("not approved")

func runApply(ctx context.Context, r *run, o *stackOptions, auto, destroy bool, args []string) int {
	cmd, verb, done := "deploy", "Deploy", "deployed"
	if destroy {
		cmd, verb, done = "destroy", "Destroy", "destroyed"
	}
	if o.parallelism < 1 {
		return usageError(r.stderr, commands[cmd], "--parallelism must be at least 1")
	}
	if msg := stackArgsError(args); msg != "" {
		return usageError(r.stderr, commands[cmd], "%s", msg)
	}
	o.runEngine = true
	set, code := loadStacks(ctx, r, o, true, args)
	if code != ExitOK {
		return code
	}
	if !o.ignoreMissingDeps {
		check := set.checkDependencies
		if destroy {
			check = set.checkDependants
		}
		if code := check(r); code != ExitOK {
			return code
		}
	}
	e := set.engine
	orphans := orphanDeploy
	switch {
	case destroy:
		orphans = orphanDestroy
	case auto:
		orphans = orphanAutoApprove
	}
	set.warnOrphans(r, e.Path, orphans)
	if code := set.checkCDKTFState(r, cmd); code != ExitOK {
		return code
	}
	if !destroy {
		set.warnOtherOutputs(r, auto)
	}
	sr := newStackRunner(r, cmd, set, e)
	sr.lockTimeout = o.lockTimeout
	sr.exclude = o.exclude
	ask := &prompter{in: r.env.Stdin}
	var mu sync.Mutex
	outcome := map[string]string{}
	setOutcome := func(name, text string) {
		mu.Lock()
		outcome[name] = text
		mu.Unlock()
	}
	results := runner.Schedule(ctx, set.names(), set.deps, o.parallelism, destroy, func(ctx context.Context, name string) error {
		if destroy {
			if _, err := os.Stat(set.workDir(name)); errors.Is(err, os.ErrNotExist) {
				setOutcome(name, "never deployed")
				return nil
			}
		}
		w, err := sr.lock(ctx, name)
		if err != nil {
			return err
		}
		defer w.Close()
		// A stack whose state holds no resources has nothing to destroy:
		// it is not run, as its plan could fail on what it reads of
		// stacks never deployed either. (Read under the stack's lock, so
		// that a deploy under way is waited for.)
		if destroy && !readStackState(set.workDir(name)).deployed() && !set.ownBackend(name) {
			setOutcome(name, "nothing to destroy")
			return nil
		}
		if err := sr.prepare(ctx, w, name); err != nil {
			return err
		}
		s, err := w.Plan(ctx, destroy)
		if err != nil {
			return err
		}
		if !s.Changes() {
			w.Discard()
			setOutcome(name, "no changes")
			return nil
		}
		if !auto {
			ok, err := ask.ask(ctx, sr.stdout, fmt.Sprintf("%s stack %s (%s)? Only 'yes' will be accepted:", verb, name, s))
			if err != nil || !ok {
				w.Discard()
				if err != nil {
					return err
				}
				return errNotApproved
			}
		}
		if err := w.Apply(ctx); err != nil {
			return err
		}
		setOutcome(name, fmt.Sprintf("%s (%s)", done, s.Applied()))
		return nil
	})
	r.printf("\n%s:\n", verb)
	return sr.report(ctx, results, func(name string) string { return outcome[name] })
}

// checkDependants refuses to destroy stacks that stacks left out of the
// command depend on (directly or through others) while those are still
// deployed: they would lose what they read from them (the outputs of
// terraform_remote_state) and fail at their next plan. CDK for Terraform's
// destroy refuses the same, and takes the same flag to go ahead.
func (s *stackSet) checkDependants(r *run) int {
	dependants := map[string][]string{} // the reverse of s.deps
	for _, st := range s.manifest.Stacks {
		for _, d := range s.deps[st.Name] {
			dependants[d] = append(dependants[d], st.Name)
		}
	}
	names, blocking := s.outside(dependants, func(name string) bool { return readStackState(s.workDir(name)).deployed() })
	if len(blocking) == 0 {
		return ExitOK
	}
	list := strings.Join(blocking, ", ")
	what := plural(blocking, "stack "+list+" depends on %s and is still deployed", "stacks "+list+" depend on %s and are still deployed")
	r.errorf(fmt.Sprintf("destroy them in the same command ('%s'), or use --ignore-missing-stack-dependencies to destroy only %s (%s may then fail to plan)",
		r.tfkitCommand(append(append([]string{"destroy"}, names...), blocking...)...), strings.Join(names, ", "), strings.Join(blocking, ", ")),
		"refusing to destroy %s: "+what, strings.Join(names, ", "), plural(names, "it", "them"))
	return ExitFailure
}

// checkDependencies refuses to deploy stacks that depend (directly or
// through others) on stacks left out of the command that were never
// deployed: their terraform_remote_state would find no outputs, and their
// plan would fail on a missing attribute far from the cause.
func (s *stackSet) checkDependencies(r *run) int {
	names, missing := s.outside(s.deps, func(name string) bool { return !readStackState(s.workDir(name)).applied() })
	if len(missing) == 0 {
		return ExitOK
	}
	r.errorf(fmt.Sprintf("deploy them in the same command ('%s'), or use --ignore-missing-stack-dependencies to deploy only %s (its plan may then fail reading their outputs)",
		r.tfkitCommand(append(append([]string{"deploy"}, missing...), names...)...), strings.Join(names, ", ")),
		"refusing to deploy %s: %s on %s", strings.Join(names, ", "), plural(names, "it depends", "they depend"), s.notDeployed(missing))
	return ExitFailure
}

// notDeployed names stacks that hold nothing to read, saying whether they
// were never deployed or destroyed since: "stack a, which was never
// deployed".
func (s *stackSet) notDeployed(names []string) string {
	destroyed := 0
	for _, n := range names {
		if readStackState(s.workDir(n)).destroyed {
			destroyed++
		}
	}
	list := strings.Join(names, ", ")
	what := plural(names, "stack "+list+", which was", "stacks "+list+", which were")
	switch destroyed {
	case 0:
		return what + " never deployed"
	case len(names):
		return what + " destroyed"
	}
	return what + " never deployed or destroyed"
}

// outside returns the names of the selected stacks and, in manifest
// order, the stacks left out of the command that next reaches from them
// (directly or through other stacks) and that block says stand in the way.
func (s *stackSet) outside(next map[string][]string, block func(name string) bool) (names, blocking []string) {
	selected := map[string]bool{}
	for _, st := range s.selected {
		selected[st.Name] = true
		names = append(names, st.Name)
	}
	reached := map[string]bool{}
	var walk func(n string)
	walk = func(n string) {
		for _, m := range next[n] {
			if !reached[m] {
				reached[m] = true
				walk(m)
			}
		}
	}
	for _, n := range names {
		walk(n)
	}
	for _, st := range s.manifest.Stacks {
		if reached[st.Name] && !selected[st.Name] && block(st.Name) {
			blocking = append(blocking, st.Name)
		}
	}
	return names, blocking
}

// plural picks one or many by the number of names.
func plural(names []string, one, many string) string {
	if len(names) > 1 {
		return many
	}
	return one
}

// ownBackend reports whether the stack's configuration, as synthesized or
// as last copied into its working directory, declares a backend or cloud
// block: its state is then elsewhere, and the working directory alone
// cannot say that it is empty. A file that does not parse counts as one
// that declares a backend.
func (s *stackSet) ownBackend(name string) bool {
	dirs := []string{s.workDir(name)}
	if src, _, err := s.files(s.stack(name)); err == nil {
		dirs = append(dirs, src)
	}
	for _, dir := range dirs {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !(strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tf.json") || strings.HasSuffix(n, ".tofu") || strings.HasSuffix(n, ".tofu.json")) {
				continue
			}
			src, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				return true
			}
			cfg, ds := tffile.ReadHeaders(tffile.Source{Name: n, Src: src}, "terraform")
			if cfg == nil || ds.HasErrors() {
				return true
			}
			for _, tb := range cfg.BlocksOfType("terraform") {
				for _, it := range tb.Body.Items {
					if b, ok := it.(*config.Block); ok && (b.Type == "backend" || b.Type == "cloud") {
						return true
					}
				}
			}
		}
	}
	return false
}

// stackState is what a stack's working directory says about its state.
type stackState struct {
	managed bool // the local state has managed resources
	outputs bool // the local state has outputs
	remote  bool // a backend of its own holds the state, which tfkit cannot see
	// destroyed: there is a local state, and it holds neither resources
	// nor outputs (what a destroy leaves).
	destroyed bool
}

// deployed reports whether the stack may hold resources. A stack never
// deployed (no working directory, or no state) or destroyed since (an
// empty state) has none.
func (st stackState) deployed() bool { return st.managed || st.remote }

// applied reports whether an apply has left something that dependants
// read: resources or outputs (a stack may have outputs alone).
func (st stackState) applied() bool { return st.managed || st.outputs || st.remote }

func readStackState(workDir string) stackState {
	data, err := os.ReadFile(filepath.Join(workDir, "terraform.tfstate"))
	if err != nil {
		_, backendErr := os.Stat(filepath.Join(workDir, ".terraform", "terraform.tfstate"))
		return stackState{remote: backendErr == nil}
	}
	return stateOf(data)
}

// stateOf reads what a local state file's text holds.
func stateOf(data []byte) stackState {
	var state struct {
		Outputs   map[string]json.RawMessage `json:"outputs"`
		Resources []struct {
			Mode string `json:"mode"`
		} `json:"resources"`
	}
	if json.Unmarshal(data, &state) != nil {
		return stackState{managed: true, outputs: true} // unreadable: assume the worst
	}
	st := stackState{outputs: len(state.Outputs) > 0}
	for _, res := range state.Resources {
		if res.Mode == "managed" {
			st.managed = true
		}
	}
	st.destroyed = !st.managed && !st.outputs
	return st
}
