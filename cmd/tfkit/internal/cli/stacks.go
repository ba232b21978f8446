package cli

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/runner"
	"github.com/tfkit/tfkit/tffile"
)

// stateDirName is the project directory that holds each stack's working
// directory and (with the local backend) its state; see
// docs/decisions/006-runner.md.
const stateDirName = ".tfkit"

// stackOptions are the flags shared by the commands that run the engine.
type stackOptions struct {
	out         string
	engine      string
	skipSynth   bool
	parallelism int
	lockTimeout time.Duration
	// exclude are addresses every stack's plan leaves out (OpenTofu's
	// -exclude).
	exclude multiFlag
	// ignoreMissingDeps lets deploy go ahead although stacks that those
	// named depend on were never deployed, and destroy although stacks
	// that depend on those named are still deployed.
	ignoreMissingDeps bool
	// runEngine: the command runs the engine, which loadStacks finds
	// (before synth, or after reading the manifest with --skip-synth).
	runEngine bool
}

// declare adds the shared flags; synth and parallel say whether the
// command synthesizes first and runs several stacks at once.
func (o *stackOptions) declare(fs *flag.FlagSet, synth, parallel bool) {
	fs.StringVar(&o.out, "out", "", "use the synth output in `DIR` instead of the project's \"output\"")
	if synth {
		fs.StringVar(&o.engine, "engine", "", "run `PATH` (terraform or tofu) instead of $TFKIT_TERRAFORM, terraform or tofu on PATH")
		fs.BoolVar(&o.skipSynth, "skip-synth", false, "use the existing synth output instead of running synth first")
	}
	if parallel {
		fs.IntVar(&o.parallelism, "parallelism", 4, "run at most `N` independent stacks at once")
		fs.DurationVar(&o.lockTimeout, "lock-timeout", 0, "wait up to `DURATION` for another tfkit to finish with a stack and for a state lock held by another process (default: fail at once)")
	}
	if synth && parallel {
		fs.Var(&o.exclude, "exclude", "leave the resource or module at `ADDRESS` out of each stack's plan, with what depends on it (OpenTofu 1.9 or later; repeatable)")
	}
}

// stackSet is the synth output and the stacks a command works on.
type stackSet struct {
	manifest *manifest.Manifest
	out      string // output directory, absolute or relative to the process
	outName  string // as the user wrote it, for messages
	// selected are the stacks named on the command line (all without
	// arguments), in manifest order.
	selected []*manifest.Stack
	deps     map[string][]string
	stateDir string // <project>/.tfkit/<output>/stacks
	// engine is the engine the command runs (stackOptions.runEngine).
	engine *runner.Engine
}

// loadStacks resolves the output directory, runs synth first when asked,
// reads manifest.json and selects the stacks named in args. On failure it
// has reported the error and returns the exit code.
func loadStacks(ctx context.Context, r *run, o *stackOptions, synth bool, args []string) (*stackSet, int) {
	outName := o.out
	if outName == "" || (synth && !o.skipSynth) {
		cfg, diags := project.LoadFor(r.dir, r.command)
		if synth && !o.skipSynth && !diags.HasErrors() {
			diags = nil // synth reads the file again and gives its warnings
		}
		if r.report(diags) {
			return nil, ExitFailure
		}
		if outName == "" {
			outName = cfg.Output
		}
	}
	outName = filepath.Clean(outName)
	out := outName
	if !filepath.IsAbs(out) {
		out = filepath.Join(r.dir, out)
	}
	var runEngine *runner.Engine
	if synth && !o.skipSynth {
		format := "hcl"
		if m, err := manifest.Read(out); err == nil && m.Format != "" {
			format = string(m.Format)
		}
		// The engine that will run: with terraform, what only OpenTofu
		// accepts is refused at its Go or TSX line. Commands that run it
		// find it first, so that a wrong --engine stops them before the
		// app runs.
		engine := ""
		if o.runEngine {
			e, code := findEngine(ctx, r, o, false)
			if code != ExitOK {
				return nil, code
			}
			runEngine, engine = e, string(e.Flavor)
		} else if p, err := runner.FindIn(r.dir, o.engine, r.env.Environ); err == nil {
			engine = string(tffile.EngineOf(p))
		} else if o.engine != "" {
			r.errorf(engineHint(o.engine != ""), "%v", err)
			return nil, ExitFailure
		}
		if code := runSynth(ctx, r, &synthOptions{out: o.out, format: format, engine: engine}, nil); code != ExitOK {
			return nil, code
		}
	}
	m, err := manifest.Read(out)
	if errors.Is(err, os.ErrNotExist) {
		hint := fmt.Sprintf("run '%s' first", r.tfkitCommand(synthArgs(o)...))
		if meant := closeOutput(out, o.out); meant != "" {
			hint = fmt.Sprintf("did you mean --out %s? Else %s", shellQuote(meant), hint)
		}
		r.errorf(hint, "%s has no %s", outName, manifest.Name)
		return nil, ExitFailure
	}
	if err != nil {
		r.errorf(fmt.Sprintf("run '%s' to write it again", r.tfkitCommand(synthArgs(o)...)), "%s: %v", filepath.Join(outName, manifest.Name), err)
		return nil, ExitFailure
	}
	s := &stackSet{manifest: m, out: out, outName: outName, deps: map[string][]string{}, engine: runEngine}
	var names []string
	byName := map[string]*manifest.Stack{}
	byFold := map[string]string{} // lower-case name: the name
	for i := range m.Stacks {
		st := &m.Stacks[i]
		// The name becomes a directory under .tfkit: it must stay one.
		if st.Name == "" || st.Name == "." || st.Name == ".." || strings.ContainsAny(st.Name, `/\`) || byName[st.Name] != nil {
			r.errorf(fmt.Sprintf("run '%s' to write it again", r.tfkitCommand(synthArgs(o)...)),
				"%s: stack name %q is empty, repeated or not usable as a directory name", filepath.Join(outName, manifest.Name), st.Name)
			return nil, ExitFailure
		}
		// Where names ignore case (macOS, Windows) two names that differ
		// only in case are one working directory: one state for both,
		// which each stack's plan would take for its own.
		if other := byFold[strings.ToLower(st.Name)]; other != "" {
			r.errorf("give the stacks names that differ in more than case (the Go API refuses such names at NewStack)",
				"%s: stacks %q and %q differ only in case; their working directories under %s would be one where names ignore case (macOS, Windows), and with it their state",
				filepath.Join(outName, manifest.Name), other, st.Name, stateDirName)
			return nil, ExitFailure
		}
		byFold[strings.ToLower(st.Name)] = st.Name
		names = append(names, st.Name)
		byName[st.Name] = st
		s.deps[st.Name] = st.Dependencies
	}
	if err := runner.CheckDependencies(names, s.deps); err != nil {
		r.errorf("", "%s: %v", filepath.Join(outName, manifest.Name), err)
		return nil, ExitFailure
	}
	want := map[string]bool{}
	for _, a := range args {
		if byName[a] == nil {
			hint := ""
			if len(names) > 0 {
				hint = "the stacks are " + strings.Join(names, ", ")
			}
			msg := fmt.Sprintf("there is no stack %q in %s", a, outName)
			if dym := diag.DidYouMean(a, names); dym != "" {
				msg += "; " + dym
			}
			r.errorf(hint, "%s", msg)
			return nil, ExitFailure
		}
		want[a] = true
	}
	for _, n := range names {
		if len(args) == 0 || want[n] {
			s.selected = append(s.selected, byName[n])
		}
	}
	s.stateDir = stateDir(r.dir, out)
	if o.runEngine && s.engine == nil {
		e, code := findEngine(ctx, r, o, false)
		if code != ExitOK {
			return nil, code
		}
		s.engine = e
	}
	return s, ExitOK
}

// orphanHint chooses what warnOrphans says about a stack that may have
// been renamed: whether the command is about to deploy, and whether it
// asks first.
type orphanHint int

const (
	orphanDestroy     orphanHint = iota // destroy: no stack gets new resources
	orphanDiff                          // diff: nothing is applied yet
	orphanDeploy                        // deploy asks before applying
	orphanAutoApprove                   // deploy --auto-approve asks nothing
)

// closeOutput names, as --out would, a synth output directory beside out
// whose name is close to out's, when out (--out given as flag) does not
// exist: a misspelt --out, which would otherwise only be told to
// synthesize.
func closeOutput(out, flag string) string {
	if flag == "" {
		return ""
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		return ""
	}
	entries, err := os.ReadDir(filepath.Dir(out))
	if err != nil {
		return ""
	}
	var outputs []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(filepath.Dir(out), e.Name(), manifest.Name)); e.IsDir() && err == nil {
			outputs = append(outputs, e.Name())
		}
	}
	meant := closestName(filepath.Base(out), outputs)
	if meant == "" {
		return ""
	}
	if parent := filepath.Dir(flag); parent != "." {
		meant = filepath.Join(parent, meant)
	}
	return meant
}

// warnOrphans warns about working directories of stacks that the app no
// longer has while their state may still hold resources: tfkit will not
// touch them. One whose state a destroy emptied (or that was only
// planned) is not mentioned. With diff and deploy, when stacks of the
// command were never deployed here, one of them may be a stack renamed in
// the app (a renamed TSX entry file renames its stack): the hint says how
// to carry the state over before the new name creates every resource
// again.
func (s *stackSet) warnOrphans(r *run, engine string, mode orphanHint) {
	entries, err := os.ReadDir(s.stateDir)
	if err != nil {
		return
	}
	known := map[string]bool{}
	for _, st := range s.manifest.Stacks {
		known[st.Name] = true
	}
	var fresh []string // stacks of the command without any state here
	if mode != orphanDestroy {
		for _, st := range s.selected {
			if !s.hasState(st.Name) {
				fresh = append(fresh, st.Name)
			}
		}
	}
	var orphans []string
	for _, e := range entries {
		if !e.IsDir() || known[e.Name()] || !readStackState(s.workDir(e.Name())).deployed() {
			continue
		}
		orphans = append(orphans, e.Name())
	}
	bin := filepath.Base(engine)
	for _, name := range orphans {
		dir := relTo(r.dir, s.workDir(name))
		hint := fmt.Sprintf("destroy them with '%s -chdir=%s destroy', then remove that directory", bin, shellQuote(dir))
		// A state of a backend of its own stays where the configuration
		// says, whatever the stack's name: only a local one is left behind.
		_, local := os.Stat(filepath.Join(s.workDir(name), "terraform.tfstate"))
		state := shellQuote(filepath.Join(dir, "terraform.tfstate"))
		switch {
		case local != nil:
		case len(fresh) == 1 && len(orphans) == 1:
			to := relTo(r.dir, s.workDir(fresh[0]))
			move := "mkdir -p " + shellQuote(to) + " && mv -n " + state + " " + shellQuote(to+string(filepath.Separator))
			switch mode {
			case orphanDiff:
				hint = fmt.Sprintf("if stack %s is %s renamed, carry its state over before deploying: %s; otherwise %s", fresh[0], name, move, hint)
			case orphanAutoApprove:
				// The plan is applied without a question: by the time
				// the warning is read, the new name's resources may be
				// there, with a state of its own.
				hint = fmt.Sprintf("if stack %s is %s renamed, its deploy now creates %s's resources again (--auto-approve asks nothing): "+
					"stop it with Ctrl-C, or afterwards destroy what %s created ('%s -chdir=%s destroy'), and carry %s's state over before deploying %s again: mv %s %s; otherwise %s",
					fresh[0], name, name, fresh[0], bin, shellQuote(to), name, fresh[0], state, shellQuote(to+string(filepath.Separator)), hint)
			default:
				hint = fmt.Sprintf("if stack %s is %s renamed, stop (answer no, or Ctrl-C) and carry its state over first: %s; otherwise %s", fresh[0], name, move, hint)
			}
		case len(fresh) > 0:
			how := "stop (answer no, or Ctrl-C) and move"
			switch mode {
			case orphanDiff:
				how = "before deploying, move"
			case orphanAutoApprove:
				how = "its deploy now creates them again (--auto-approve asks nothing): stop it with Ctrl-C, or destroy what that stack created, and move"
			}
			hint = fmt.Sprintf("if one of %s is %s renamed, %s %s into that stack's working directory first; otherwise %s",
				strings.Join(fresh, ", "), name, how, state, hint)
		}
		r.warnf("stack %s is no longer in %s but its state is still in %s; its resources were not destroyed\n  hint: %s",
			name, s.outName, dir, hint)
	}
}

// warnOtherOutputs warns, before a deploy, about stacks that have no state
// for this output directory yet but have state under another output
// directory of the project: each output directory has state of its own
// (another environment), so deploying creates their resources again, which
// is what is meant for a new environment and not for an output directory
// renamed (--out, or "output" in tfkit.json).
func (s *stackSet) warnOtherOutputs(r *run, auto bool) {
	var fresh []string
	for _, st := range s.selected {
		if !s.hasState(st.Name) {
			fresh = append(fresh, st.Name)
		}
	}
	if len(fresh) == 0 {
		return
	}
	root := filepath.Join(dirOrDot(r.dir), stateDirName)
	own, _ := filepath.Abs(s.stateDir)
	var others []string // state directories (.../stacks) of other outputs
	found := map[string]bool{}
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if d.Name() != "stacks" {
			return nil
		}
		if abs, _ := filepath.Abs(p); abs == own {
			return filepath.SkipDir
		}
		other := &stackSet{stateDir: p}
		hit := false
		for _, n := range fresh {
			if other.hasState(n) && readStackState(other.workDir(n)).deployed() {
				found[n], hit = true, true
			}
		}
		if hit {
			others = append(others, p)
		}
		return filepath.SkipDir // a stack's working directory is not searched
	})
	if len(others) == 0 {
		return
	}
	var names []string
	for _, n := range fresh {
		if found[n] {
			names = append(names, n)
		}
	}
	// The output directory each state directory is for, as the project
	// names it: .tfkit/<output>/stacks, or one outside the project.
	var outs []string
	for i, o := range others {
		rel, err := filepath.Rel(root, filepath.Dir(o))
		if err != nil || strings.HasPrefix(rel, "abs-") {
			rel = "an output directory outside the project"
		}
		outs = append(outs, rel)
		others[i] = relTo(r.dir, o)
	}
	list := strings.Join(names, ", ")
	from, renamed := fmt.Sprintf("output directory %s (in %s)", outs[0], others[0]), "if "+s.outName+" is "+outs[0]+" renamed"
	if len(others) > 1 {
		from, renamed = fmt.Sprintf("output directories %s (in %s)", strings.Join(outs, ", "), strings.Join(others, ", ")), "if "+s.outName+" is one of them renamed"
	}
	stop := "stop (answer no, or Ctrl-C)"
	if auto {
		stop = "stop it with Ctrl-C now (--auto-approve asks nothing)"
	}
	r.warnf("%s no state for %s yet, but %s state with resources from %s; deploying creates %s resources again\n"+
		"  hint: each output directory has state of its own, as for another environment; %s, %s and first move each stack's terraform.tfstate from %s/<stack>/ into %s/<stack>/",
		plural(names, "stack "+list+" has", "stacks "+list+" have"), s.outName, plural(names, "has", "have"), from, plural(names, "its", "their"),
		renamed, stop, others[0], relTo(r.dir, s.stateDir))
}

// checkCDKTFState looks, for each stack of the command without a state
// here, for terraform.<stack>.tfstate in the project directory: where CDK
// for Terraform's default local backend keeps a stack's state, which
// tfkit does not read. When it holds resources, deploy is refused (it
// would create them again), and diff and destroy warn; the hint moves the
// file. It returns ExitFailure when it refused.
func (s *stackSet) checkCDKTFState(r *run, cmd string) int {
	code := ExitOK
	for _, st := range s.selected {
		// A stack with a backend of its own keeps its state where that
		// says: a CDK for Terraform app's stack names this very file.
		if s.hasState(st.Name) || s.ownBackend(st.Name) {
			continue
		}
		file := "terraform." + st.Name + ".tfstate"
		data, err := os.ReadFile(filepath.Join(dirOrDot(r.dir), file))
		if err != nil || !stateOf(data).managed {
			continue
		}
		to := relTo(r.dir, s.workDir(st.Name))
		msg := fmt.Sprintf("stack %s has no state in %s yet, but %s in the project directory holds resources: CDK for Terraform's default local backend keeps stack %s's state there, and tfkit does not read it", st.Name, to, file, st.Name)
		hint := fmt.Sprintf("move it into the stack's working directory first: mkdir -p %s && mv -n %s %s (or move it away if it is not this stack's)",
			shellQuote(to), shellQuote(file), shellQuote(filepath.Join(to, "terraform.tfstate")))
		switch cmd {
		case "deploy":
			r.errorf(hint, "%s; deploying would create them again", msg)
			code = ExitFailure
		case "destroy":
			r.warnf("%s; destroy leaves them alone\n  hint: %s", msg, hint)
		default:
			r.warnf("%s; the plan below creates them again\n  hint: %s", msg, hint)
		}
	}
	return code
}

// hasState reports whether a stack has a state of its own here: a local
// one in its working directory, or a backend init has set up.
func (s *stackSet) hasState(name string) bool {
	dir := s.workDir(name)
	for _, p := range []string{"terraform.tfstate", filepath.Join(".terraform", "terraform.tfstate")} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			return true
		}
	}
	return false
}

// stackArgsError says what is wrong with the stack names of a command
// line, or returns "". The commands that take stacks check it before
// anything runs: an empty name (an unset shell variable) or a name written
// twice is a slip of the command line (a stack meant and another typed),
// which tfkit does not guess at.
func stackArgsError(args []string) string {
	seen := map[string]bool{}
	for _, a := range args {
		if a == "" {
			return "a stack name is empty; name the stacks, or none for all"
		}
		if seen[a] {
			return "stack " + a + " is named twice; name each stack once"
		}
		seen[a] = true
	}
	return ""
}

func synthArgs(o *stackOptions) []string {
	args := []string{"synth"}
	if o.out != "" {
		args = append(args, "--out", o.out)
	}
	return args
}

// stateDir is where the working directories of the stacks of the output
// directory out live: <project>/.tfkit/<out relative to the project>/stacks,
// or .tfkit/abs-<hash>/stacks for an output outside the project, so that
// two output directories never share state.
func stateDir(projectDir, out string) string {
	base := filepath.Join(dirOrDot(projectDir), stateDirName)
	absProject, err1 := filepath.Abs(dirOrDot(projectDir))
	absOut, err2 := filepath.Abs(out)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(absProject, absOut); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return filepath.Join(base, rel, "stacks")
		}
	}
	sum := sha256.Sum256([]byte(absOut))
	return filepath.Join(base, "abs-"+hex.EncodeToString(sum[:6]), "stacks")
}

// workDir is the working directory of a stack.
func (s *stackSet) workDir(name string) string { return filepath.Join(s.stateDir, name) }

func (s *stackSet) names() []string {
	n := make([]string, len(s.selected))
	for i, st := range s.selected {
		n[i] = st.Name
	}
	return n
}

func (s *stackSet) stack(name string) *manifest.Stack {
	for _, st := range s.selected {
		if st.Name == name {
			return st
		}
	}
	panic("cli: unknown stack " + name)
}

// files returns a stack's files relative to its directory, with the
// directory itself, for runner.Workspace.Sync.
func (s *stackSet) files(st *manifest.Stack) (string, []runner.File, error) {
	dir := path.Clean(st.Directory)
	var files []runner.File
	for _, f := range st.Files {
		rel := f.Path
		if dir != "." {
			var ok bool
			rel, ok = strings.CutPrefix(path.Clean(f.Path), dir+"/")
			if !ok {
				return "", nil, fmt.Errorf("stack %q: file %s is outside its directory %s", st.Name, f.Path, st.Directory)
			}
		}
		files = append(files, runner.File{Path: rel, SHA256: f.SHA256})
	}
	return filepath.Join(s.out, filepath.FromSlash(dir)), files, nil
}

// engineHint says what --engine (flag) or TFKIT_TERRAFORM takes.
func engineHint(flag bool) string {
	if flag {
		return "--engine takes terraform or tofu (found on PATH), or the path of a terraform or tofu binary"
	}
	return runner.EnvEngine + " takes terraform or tofu (found on PATH), or the path of a terraform or tofu binary"
}

// findEngine finds and probes the engine, reporting failures; the version
// is cached in .tfkit/engine.json (see runner.ProbeCached).
func findEngine(ctx context.Context, r *run, o *stackOptions, quiet bool) (*runner.Engine, int) {
	p, err := runner.FindIn(r.dir, o.engine, r.env.Environ)
	if err != nil {
		if o.engine != "" || lookupEnvIn(r.env.Environ, runner.EnvEngine) != "" {
			r.errorf(engineHint(o.engine != ""), "%v", err)
		} else {
			r.errorf("install Terraform or OpenTofu, or name the binary with --engine PATH or "+runner.EnvEngine, "no Terraform engine: %v", err)
		}
		return nil, ExitFailure
	}
	warnings, err := runner.CheckEnv(r.env.Environ)
	if err != nil {
		r.errorf("", "%v", err)
		return nil, ExitFailure
	}
	if !quiet {
		for _, w := range warnings {
			r.warnf("%s", w)
		}
	}
	if err := ensureStateRoot(r.dir); err != nil {
		r.errorf("", "%v", err)
		return nil, ExitFailure
	}
	e, err := runner.ProbeCached(ctx, p, r.env.Environ, filepath.Join(dirOrDot(r.dir), stateDirName, "engine.json"))
	if err != nil {
		r.errorf("", "%v", err)
		return nil, ExitFailure
	}
	if !quiet {
		fmt.Fprintf(r.stderr, "Using %s (%s)\n", e, p)
	}
	return e, ExitOK
}

// ensureStateRoot creates the project's .tfkit directory with a .gitignore
// that ignores everything in it: it holds state, which can contain secrets
// and is not meant for version control. An existing .gitignore is kept, so
// a project can choose otherwise.
func ensureStateRoot(projectDir string) error {
	root := filepath.Join(dirOrDot(projectDir), stateDirName)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	ignore := filepath.Join(root, ".gitignore")
	if _, err := os.Stat(ignore); err == nil {
		return nil
	}
	return os.WriteFile(ignore, []byte("# Written by tfkit: stack working directories and Terraform state.\n*\n"), 0o644)
}

// stackRunner is what diff, deploy and destroy share: the engine, the
// shared outputs and the workspace of each stack.
type stackRunner struct {
	r *run
	// command is the command's name, written into the lock of each stack
	// it works on for another tfkit to name.
	command     string
	lockTimeout time.Duration
	exclude     []string // addresses plan leaves out (--exclude)
	set         *stackSet
	engine      *runner.Engine
	stdout      *runner.Output
	stderr      *runner.Output
}

func newStackRunner(r *run, command string, set *stackSet, e *runner.Engine) *stackRunner {
	return &stackRunner{r: r, command: command, set: set, engine: e, stdout: runner.NewOutput(r.stdout), stderr: runner.NewOutput(r.stderr)}
}

// open takes the stack's tfkit lock (held until the workspace is closed),
// copies the stack's files into its working directory and runs init if
// needed.
func (sr *stackRunner) open(ctx context.Context, name string) (*runner.Workspace, error) {
	w, err := sr.lock(ctx, name)
	if err != nil {
		return nil, err
	}
	if err := sr.prepare(ctx, w, name); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// lock opens the stack's working directory and takes its tfkit lock, held
// until the workspace is closed.
func (sr *stackRunner) lock(ctx context.Context, name string) (*runner.Workspace, error) {
	w, err := runner.Open(sr.engine, name, sr.set.workDir(name), sr.r.env.Environ, sr.stdout, sr.stderr)
	if err != nil {
		return nil, err
	}
	w.LockTimeout = sr.lockTimeout
	w.Exclude = sr.exclude
	if err := w.Lock(ctx, "tfkit "+sr.command); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// prepare checks the stack's files against the engine's version, copies
// them into the locked working directory w and runs init if needed.
func (sr *stackRunner) prepare(ctx context.Context, w *runner.Workspace, name string) error {
	st := sr.set.stack(name)
	src, files, err := sr.set.files(st)
	if err != nil {
		return err
	}
	if err := sr.checkFeatures(name, st); err != nil {
		return err
	}
	if err := w.Sync(src, files); err != nil {
		return err
	}
	return w.Init(ctx)
}

// checkFeatures fails a stack whose configuration uses constructs the
// engine is too old for (see runner.Features) before anything of it runs,
// listing each with its file:line (relative to the project directory) on
// the stack's standard error, then a hint.
func (sr *stackRunner) checkFeatures(name string, st *manifest.Stack) error {
	var files []runner.ConfigFile
	for _, f := range st.Files {
		p := filepath.FromSlash(f.Path)
		if !filepath.IsLocal(p) {
			continue // refused by Sync, with its own message
		}
		files = append(files, runner.ConfigFile{Path: filepath.Join(sr.set.out, p), Name: filepath.Join(sr.set.outName, p)})
	}
	err := runner.CheckFeatures(sr.engine, files)
	var fe *runner.FeatureError
	if errors.As(err, &fe) {
		out := sr.stderr.Prefixed(name + " | ")
		for _, u := range fe.Uses {
			fmt.Fprintf(out, "Error: %s\n", u.Message(fe.Engine))
		}
		fmt.Fprintf(out, "  hint: %s\n", fe.Hint())
		out.Flush()
	}
	return err
}

// report prints one line per stack of a schedule's results and returns the
// exit code: interrupted, failed, or ok. line gives the text of a stack that
// succeeded.
func (sr *stackRunner) report(ctx context.Context, results []runner.Result, line func(name string) string) int {
	code := ExitOK
	width := 0
	for _, res := range results {
		width = max(width, len(res.Name))
	}
	for _, res := range results {
		var text string
		switch {
		case res.Skipped:
			text = "skipped: " + res.Reason
			code = max(code, ExitFailure)
		case errors.Is(res.Err, context.Canceled):
			// The engine stopped at a safe point and wrote its state.
			text = "interrupted (" + strings.TrimSuffix(res.Err.Error(), ": "+context.Canceled.Error()) + "); run the command again to continue"
			code = max(code, ExitFailure)
		case res.Err != nil:
			text = "failed: " + res.Err.Error()
			var busy *runner.BusyError
			switch {
			case errors.Is(res.Err, runner.ErrLocked):
				text += " (another terraform, tofu or tfkit is running on this stack; wait for it, or if none is, see 'force-unlock' in the engine's documentation)"
			case errors.As(res.Err, &busy) && busy.Waited == 0:
				text += "; wait for it to finish, or use --lock-timeout to wait"
			}
			code = max(code, ExitFailure)
		default:
			text = line(res.Name)
		}
		sr.r.printf("  %-*s  %s\n", width, res.Name, text)
	}
	if ctx.Err() != nil {
		return ExitInterrupted
	}
	return code
}

// errNoAnswer is the answer of a standard input that ended (a script, CI).
var errNoAnswer = errors.New("not approved: standard input ended before an answer; use --auto-approve where nobody can answer")

// prompter asks yes/no questions on the invocation's stdin, one at a time
// however many stacks run at once.
type prompter struct {
	mu    sync.Mutex
	lines chan string
	once  sync.Once
	in    io.Reader
}

// ask prints question and waits for a line; only "yes" approves. Without
// a stdin, or at its end, the answer is no, with an error that says so.
func (p *prompter) ask(ctx context.Context, out *runner.Output, question string) (bool, error) {
	if p.in == nil {
		return false, errors.New("there is no terminal to ask for approval; use --auto-approve")
	}
	p.once.Do(func() {
		p.lines = make(chan string)
		go func() {
			sc := bufio.NewScanner(p.in)
			for sc.Scan() {
				p.lines <- sc.Text()
			}
			close(p.lines)
		}()
	})
	p.mu.Lock()
	defer p.mu.Unlock()
	out.Println(question)
	select {
	case <-ctx.Done():
		// Reported as "interrupted (waiting for approval)".
		return false, fmt.Errorf("waiting for approval: %w", context.Canceled)
	case line, ok := <-p.lines:
		if !ok {
			return false, errNoAnswer
		}
		return strings.TrimSpace(line) == "yes", nil
	}
}
