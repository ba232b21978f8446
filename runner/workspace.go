package runner

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-exec/tfexec"
	tfjson "github.com/hashicorp/terraform-json"
)

// Files tfkit keeps in a stack's working directory besides the copied
// configuration and what the engine writes there.
const (
	// copiedFile lists the configuration files copied in last time, so
	// that a file the app no longer writes is removed.
	copiedFile = ".tfkit-files"
	// initFile holds the digest of what init depends on at the last
	// successful init.
	initFile = ".tfkit-init"
	// PlanFile is the saved plan that deploy and destroy apply.
	PlanFile = "tfkit.tfplan"
	// ErroredStateFile is where the engine writes the state it could not
	// save to the backend (a remote backend that failed, a full disk),
	// in the working directory, for the user to push once the backend
	// works again.
	ErroredStateFile = "errored.tfstate"
)

// ErrLocked is returned (wrapped) when another process holds the state lock.
var ErrLocked = errors.New("the state is locked by another process")

// File is one configuration file of a stack: its path relative to the
// stack directory and the SHA-256 the manifest records for it.
type File struct {
	Path   string
	SHA256 string
}

// Workspace is one stack's working directory: the synthesized files copied
// in, with the engine's .terraform directory, lock file and (with the
// default local backend) terraform.tfstate beside them.
type Workspace struct {
	Name string
	Dir  string
	// LockTimeout is how long plan and apply wait for a state lock held
	// by another process; zero fails at once, as the engine does.
	LockTimeout time.Duration
	// Exclude are resource and module addresses that plan leaves out with
	// everything that depends on them (OpenTofu's -exclude, 1.9 or
	// later); Plan fails before the engine runs when the engine has no
	// -exclude.
	Exclude []string

	engine *Engine
	env    []string          // the engine's environment
	vars   map[string]string // the user's TF_VAR_ variables, by name
	stdout *LineWriter
	stderr *LineWriter
	lock   *os.File // held by Lock
	// interrupts is how the engine hears of Ctrl-C: PlatformInterrupts,
	// except in tests.
	interrupts Interrupts
}

// Open prepares dir as the working directory of stack name, creating it
// when needed. The engine runs with environ (the user's environment: their
// CLI config, credentials and mirrors apply) less the variables tfkit sets
// itself (see engineEnv), and its output goes to stdout and stderr with
// "name | " before every line.
func Open(e *Engine, name, dir string, environ []string, stdout, stderr *Output) (*Workspace, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	env, vars := engineEnv(environ)
	w := &Workspace{Name: name, Dir: dir, engine: e, env: env, vars: vars, interrupts: PlatformInterrupts,
		stdout: stdout.Prefixed(name + " | "), stderr: stderr.Prefixed(name + " | ")}
	return w, nil
}

// Close flushes partial lines of output and releases the stack's lock.
func (w *Workspace) Close() {
	w.stdout.Flush()
	w.stderr.Flush()
	w.unlock()
}

// Sync copies the stack's configuration files from src (the stack's
// directory in the synth output) into the working directory, checking each
// against its SHA-256, and removes files copied last time that are no
// longer part of the stack. Engine files (.terraform, state) are left
// alone: a file list that would overwrite one of them, tfkit's own files
// or anything outside the working directory is refused before anything is
// copied (see checkStackPath). The dependency lock file
// .terraform.lock.hcl may be part of the stack.
//
// Every file is read and checked before any is written, so a file that
// changed after synth leaves the working directory as it was; and the
// list of copied files names old and new ones while copying, so that a
// copy that fails half-way leaves no file the next Sync does not know to
// remove.
func (w *Workspace) Sync(src string, files []File) error {
	for _, f := range files {
		if err := checkStackPath(f.Path); err != nil {
			return err
		}
	}
	contents := make([][]byte, len(files))
	for i, f := range files {
		data, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(f.Path)))
		if err != nil {
			return err
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.SHA256 {
			return fmt.Errorf("%s changed after synth (its SHA-256 differs from manifest.json)", filepath.Join(src, f.Path))
		}
		contents[i] = data
	}
	old := w.copied()
	want := map[string]bool{}
	for _, f := range files {
		want[f.Path] = true
	}
	union := map[string]bool{}
	for _, p := range old {
		union[p] = true
	}
	for p := range want {
		union[p] = true
	}
	if err := w.writeCopied(union); err != nil {
		return err
	}
	for i, f := range files {
		dst := filepath.Join(w.Dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if prev, err := os.ReadFile(dst); err != nil || !bytes.Equal(prev, contents[i]) {
			if err := os.WriteFile(dst, contents[i], 0o644); err != nil {
				return err
			}
		}
	}
	for _, p := range old {
		if !want[p] && checkStackPath(p) == nil {
			if err := os.Remove(filepath.Join(w.Dir, filepath.FromSlash(p))); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
	}
	return w.writeCopied(want)
}

// writeCopied records names as the files copied in.
func (w *Workspace) writeCopied(names map[string]bool) error {
	list := make([]string, 0, len(names))
	for p := range names {
		list = append(list, p)
	}
	sort.Strings(list)
	data, _ := json.Marshal(list)
	return os.WriteFile(filepath.Join(w.Dir, copiedFile), append(data, '\n'), 0o644)
}

// checkStackPath refuses a stack file path (relative to the stack's
// directory, with slashes) that is not a file inside the working directory
// or that would replace what the engine or tfkit keeps there: the
// .terraform directory, the state and its backups (terraform.tfstate*,
// terraform.tfstate.d/, errored.tfstate), the state lock's information,
// the plan file and tfkit's own bookkeeping. Names are compared without
// regard to case, as some file systems do, and as Windows reads them: without
// trailing dots and spaces (".terraform./x" is ".terraform\x") and
// without an alternate data stream ("terraform.tfstate:x" writes to the
// state file).
func checkStackPath(p string) error {
	local := filepath.FromSlash(p)
	if p == "" || !filepath.IsLocal(local) || filepath.Clean(local) == "." || strings.Contains(p, "\\") {
		return fmt.Errorf("stack file %q is not a path inside the stack's directory", p)
	}
	parts := strings.Split(filepath.ToSlash(filepath.Clean(local)), "/")
	for i, part := range parts {
		part, _, _ = strings.Cut(part, ":")
		if parts[i] = strings.TrimRight(part, ". "); parts[i] == "" {
			return fmt.Errorf("stack file %q is not a path inside the stack's directory", p)
		}
	}
	first := strings.ToLower(parts[0])
	owner := ""
	switch {
	case first == ".terraform":
		owner = "the engine's .terraform directory"
	case first == "terraform.tfstate.d":
		owner = "the state of the engine's workspaces"
	case len(parts) > 1:
	case first == "terraform.tfstate", strings.HasPrefix(first, "terraform.tfstate."), first == "errored.tfstate":
		owner = "the stack's state"
	case first == ".terraform.tfstate.lock.info":
		owner = "the state lock's information"
	case first == strings.ToLower(PlanFile):
		owner = "the plan file deploy applies"
	case first == copiedFile, first == initFile, first == LockFile,
		first == StdoutFile, first == StderrFile, first == pidFile:
		owner = "tfkit's own " + parts[0]
	}
	if owner != "" {
		return fmt.Errorf("stack file %q would overwrite %s in the working directory; rename it in the app", p, owner)
	}
	return nil
}

func (w *Workspace) copied() []string {
	var list []string
	data, err := os.ReadFile(filepath.Join(w.Dir, copiedFile))
	if err == nil {
		_ = json.Unmarshal(data, &list) // a damaged list only leaves stale files behind
	}
	return list
}

// Init runs init unless the last successful init was by the same engine
// of the same providers, modules and backend (see initDigest).
func (w *Workspace) Init(ctx context.Context) error {
	digest, err := initDigest(w.Dir, w.copied(), string(w.engine.Flavor)+" "+w.engine.Path)
	if err != nil {
		return err
	}
	stamp := filepath.Join(w.Dir, initFile)
	if old, err := os.ReadFile(stamp); err == nil && string(old) == digest+"\n" && !w.initLost() {
		return nil
	}
	os.Remove(stamp)
	if usesPluginCache(w.env) {
		sharedCacheInit.Lock()
		defer sharedCacheInit.Unlock()
	}
	if err := w.run(ctx, "init", func(ctx context.Context) error {
		err := w.exec(ctx, w.stdout, "init", "-no-color", "-input=false", "-backend=true", "-get=true", "-upgrade=false")
		if backendChanged(err) {
			return &BackendChangedError{Dir: w.Dir, Engine: w.engine.Path}
		}
		return err
	}); err != nil {
		return err
	}
	return os.WriteFile(stamp, []byte(digest+"\n"), 0o644)
}

// BackendChangedError is returned by Init when the stack's backend (or
// cloud) block was added, changed or removed since its last init: the
// state is still where the old configuration kept it. tfkit does not
// move state itself; init -migrate-state does, asking before it copies
// anything, while init -reconfigure would leave the state behind, so that
// the next plan creates every resource again.
type BackendChangedError struct {
	Dir    string // the working directory
	Engine string // the engine's binary
}

func (e *BackendChangedError) Error() string {
	return fmt.Sprintf("the stack's backend changed since it was last initialized, and its state is still in the old one; "+
		"move the state with '%s -chdir=%s init -migrate-state' (it asks before copying), then run the command again "+
		"('init -reconfigure' would leave the state behind, and the next plan would create every resource again)",
		filepath.Base(e.Engine), shellQuoteArg(e.Dir))
}

// backendChanged reports whether a failed init failed because the backend
// configuration changed and the state would have to be migrated, which
// init does not do without -migrate-state and a terminal (Terraform and
// OpenTofu say it alike).
func backendChanged(err error) bool {
	var ee *exitError
	if !errors.As(err, &ee) {
		return false
	}
	return strings.Contains(ee.stderr, "Backend configuration changed") ||
		strings.Contains(ee.stderr, "Can't ask approval for state migration")
}

// shellQuoteArg quotes s for a POSIX shell when it holds anything but
// letters, digits and -_./.
func shellQuoteArg(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// initLost reports whether what init installed is gone: a lock file
// without the .terraform directory. (A configuration with only built-in
// providers and the local backend gets neither.)
func (w *Workspace) initLost() bool {
	_, lockErr := os.Stat(filepath.Join(w.Dir, ".terraform.lock.hcl"))
	_, dataErr := os.Stat(filepath.Join(w.Dir, ".terraform"))
	return lockErr == nil && dataErr != nil
}

// Plan runs plan (plan -destroy with destroy), streaming the engine's
// human-readable plan, saves it as PlanFile and returns its summary.
//
// The summary is read from the plan as shown ("Plan: 1 to add, ...",
// "Changes to Outputs:", the headings of moved and forgotten resources,
// which Terraform and OpenTofu print alike; see planScanner); only when
// that text disagrees with the engine's exit code, which says whether
// there are changes, does it come from `show -json` of the saved file,
// which costs another run of the engine (about 50 ms).
func (w *Workspace) Plan(ctx context.Context, destroy bool) (Summary, error) {
	if err := w.checkErroredState(); err != nil {
		return Summary{}, err
	}
	planPath := filepath.Join(w.Dir, PlanFile)
	os.Remove(planPath)
	var scan planScanner
	args := []string{"plan", "-no-color", "-input=false", "-detailed-exitcode", "-lock-timeout=" + w.LockTimeout.String(), "-out=" + PlanFile}
	if destroy {
		args = append(args, "-destroy")
	}
	if len(w.Exclude) > 0 {
		if !w.engine.Supports(featExclude) {
			return Summary{}, fmt.Errorf("-exclude %s: %s", strings.Join(w.Exclude, ", "), (Use{Feature: featExclude, File: "--exclude"}).need(w.engine))
		}
		for _, a := range w.Exclude {
			args = append(args, "-exclude="+a)
		}
	}
	args = append(args, varOptions(w.Dir, w.engine.Flavor, w.vars)...)
	var changes bool
	if err := w.run(ctx, "plan", func(ctx context.Context) error {
		// -detailed-exitcode: 0 without changes, 2 with, 1 on error.
		err := w.exec(ctx, io.MultiWriter(w.stdout, &scan), args...)
		if exitCode(err) == 2 {
			changes, err = true, nil
		}
		return err
	}); err != nil {
		return Summary{}, err
	}
	if s, ok := scan.summary(); ok && s.Changes() == changes {
		return s, nil
	}
	if !changes {
		return Summary{}, nil
	}
	var shown bytes.Buffer
	if err := w.run(ctx, "show", func(ctx context.Context) error {
		return w.exec(ctx, &shown, "show", "-json", "-no-color", PlanFile)
	}); err != nil {
		return Summary{}, err
	}
	var plan tfjson.Plan
	if err := json.Unmarshal(JSONAnswer(shown.Bytes()), &plan); err != nil {
		return Summary{}, fmt.Errorf("%s show -json %s: %w", w.engine.Command(), PlanFile, err)
	}
	s := summarize(&plan)
	// The engine's word decides whether there is something to apply.
	s.Other = !s.Changes()
	return s, nil
}

// Apply applies the saved PlanFile, exactly that plan: the engine refuses
// a plan file whose state has moved on since it was made. The file is
// removed afterwards, as it can hold sensitive values.
func (w *Workspace) Apply(ctx context.Context) error {
	_, before := os.Lstat(filepath.Join(w.Dir, ErroredStateFile))
	err := w.run(ctx, "apply", func(ctx context.Context) error {
		return w.exec(ctx, w.stdout, "apply", "-no-color", "-auto-approve", "-input=false", "-lock-timeout="+w.LockTimeout.String(), PlanFile)
	})
	os.Remove(filepath.Join(w.Dir, PlanFile))
	if before != nil {
		// The engine could not save the state it ended with: say so
		// whatever else went wrong, with how to recover.
		if serr := w.checkErroredState(); serr != nil {
			if err == nil {
				return serr
			}
			return fmt.Errorf("%w; %w", err, serr)
		}
	}
	return err
}

// StateError is returned by Plan, Apply and Outputs when the engine could
// not save a stack's state after an apply or destroy and wrote it to
// ErroredStateFile in the working directory instead: until that state is
// back in the backend, a plan would work from an older state, planning to
// create again what the run created (and a failed apply would replace the
// file with a state that lacks it).
type StateError struct {
	// Path is the errored.tfstate file.
	Path string
	// Empty is set when the engine could not write that file either (a
	// full disk): the state of that run may be lost.
	Empty bool
	// Push is the engine command that pushes the file to the backend, to
	// run in the working directory.
	Push string
}

func (e *StateError) Error() string {
	dir := filepath.Dir(e.Path)
	if e.Empty {
		return fmt.Sprintf("%s is empty: the engine could not save the stack's state after an earlier apply or destroy, "+
			"nor write it to that file (is the disk full?), so what that run changed may be missing from the state; "+
			"free the space, check the state in %s (terraform.tfstate.backup holds the one before that run; import what is missing), then remove %s",
			e.Path, dir, ErroredStateFile)
	}
	return fmt.Sprintf("%s holds the stack's state, which the engine could not save to its backend after an earlier apply or destroy; "+
		"a plan now would read the older state and create again what that run created. Once the backend can be written, "+
		"push it and remove it: cd %s && %s && rm %s", e.Path, dir, e.Push, ErroredStateFile)
}

// checkErroredState returns a *StateError when the working directory has an
// ErroredStateFile.
func (w *Workspace) checkErroredState() error {
	p := filepath.Join(w.Dir, ErroredStateFile)
	fi, err := os.Stat(p)
	if err != nil {
		return nil
	}
	engine := "terraform"
	if w.engine != nil {
		engine = w.engine.Path
	}
	return &StateError{Path: p, Empty: fi.Size() == 0, Push: engine + " state push " + ErroredStateFile}
}

// Discard removes a saved plan that will not be applied.
func (w *Workspace) Discard() { os.Remove(filepath.Join(w.Dir, PlanFile)) }

// Outputs returns the stack's output values from its state.
func (w *Workspace) Outputs(ctx context.Context) (map[string]tfexec.OutputMeta, error) {
	if err := w.checkErroredState(); err != nil {
		return nil, err
	}
	var shown bytes.Buffer
	if err := w.run(ctx, "output", func(ctx context.Context) error {
		return w.exec(ctx, &shown, "output", "-no-color", "-json")
	}); err != nil {
		return nil, err
	}
	var out map[string]tfexec.OutputMeta
	if err := json.Unmarshal(JSONAnswer(shown.Bytes()), &out); err != nil {
		return nil, fmt.Errorf("%s output -json: %w", w.engine.Command(), err)
	}
	return out, nil
}

// run runs engine command cmd (f, which calls exec) under the
// context engineContext gives: with FromTerminal a cancelled ctx does not
// reach the engine, which heard the Ctrl-C from the terminal and stops, or
// finishes, on its own. Either way a command that ctx's cancellation
// overlapped counts as interrupted, and none starts once ctx is done.
func (w *Workspace) run(ctx context.Context, cmd string, f func(context.Context) error) error {
	if err := ctx.Err(); err != nil {
		return w.engineError(cmd, err)
	}
	running.Add(1)
	err := f(engineContext(ctx, w.interrupts))
	running.Add(-1)
	if ctx.Err() != nil {
		return w.engineError(cmd, ctx.Err())
	}
	if err != nil {
		return w.engineError(cmd, err)
	}
	return nil
}

// newerState matches the engine's words (whitespace made single spaces)
// for a state of a format it cannot read: the format version, the engine
// reading and the engine that wrote it.
var newerState = regexp.MustCompile(`Unsupported state file format:? The state file uses format version (\d+), which is not supported by (.+?)\. This state file was created by (.+?)\.(?: |$)`)

// engineError wraps a failed engine command; a held state lock becomes
// ErrLocked, an interruption the context's error.
func (w *Workspace) engineError(cmd string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s %s interrupted: %w", w.engine.Command(), cmd, context.Canceled)
	}
	var se *exitError
	if errors.As(err, &se) {
		if m := newerState.FindStringSubmatch(strings.Join(strings.Fields(se.stderr), " ")); m != nil {
			// The engine words it as a failure to take the state lock.
			return fmt.Errorf("%s %s failed: the stack's state was written by %s (state format version %s), which %s cannot read; "+
				"run this stack with that engine or a later one (--engine PATH or %s)", w.engine.Command(), cmd, m[3], m[1], m[2], EnvEngine)
		}
	}
	if strings.Contains(err.Error(), "Error acquiring the state lock") {
		return fmt.Errorf("%s %s: %w", w.engine.Command(), cmd, ErrLocked)
	}
	var bce *BackendChangedError
	if errors.As(err, &bce) {
		return fmt.Errorf("%s %s failed: %w", w.engine.Command(), cmd, bce)
	}
	var ee *exitError
	if errors.As(err, &ee) && ee.signal != 0 {
		// Killed (the out-of-memory killer, kill -9): it had no time to
		// write the state of what it was doing, nor to release a lock.
		what := "the state may lack what it was creating or changing: run the command again, and import into the state what its plan creates again that exists already"
		if cmd == "init" || cmd == "plan" || cmd == "show" || cmd == "output" {
			what = "it changed no resources; run the command again"
		}
		return fmt.Errorf("%s %s was killed by signal %d (%s) before it finished; %s", w.engine.Command(), cmd, int(ee.signal), ee.signal, what)
	}
	// The engine's own messages were streamed already; say only which
	// command failed and how.
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return fmt.Errorf("%s %s failed: %s", w.engine.Command(), cmd, msg)
}
