package enginetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// Workdir is a throw-away Terraform working directory bound to one test.
// Every method fails the test, with the engine's output, when the command
// does not do what the method promises.
type Workdir struct {
	// Dir holds the configuration and is the working directory of every
	// command; it is removed when the test ends.
	Dir string
	// Engine is the terraform or tofu binary.
	Engine string

	t       testing.TB
	env     []string
	rc      string // the CLI config file
	applied bool   // resources may exist: destroy them at cleanup
}

// Workspace writes files (slash-separated paths relative to the workspace,
// such as "main.tf" or "modules/net/main.tf") into a new temporary directory
// and returns it ready for Init. It skips or fails the test as Engine and
// Mirror do when the engine or the provider mirror is missing.
//
// A ".terraform.lock.hcl" among files is dropped: a lock file with registry
// hashes makes init fail against the mirror, whose hashes differ.
func Workspace(t testing.TB, files map[string]string) *Workdir {
	t.Helper()
	w := newWorkdir(t)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !fs.ValidPath(name) || name == "." {
			t.Fatalf("enginetest.Workspace: file name %q must be a relative slash-separated path inside the workspace", name)
		}
		if skipFile(name) {
			continue
		}
		dst := filepath.Join(w.Dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// WorkspaceFrom copies the directory tree src into a new temporary
// directory, as Workspace does for a file map. Engine state is left behind:
// .terraform directories, lock files and state files are not copied.
func WorkspaceFrom(t testing.TB, src string) *Workdir {
	t.Helper()
	w := newWorkdir(t)
	if err := copyTree(w.Dir, src); err != nil {
		t.Fatalf("enginetest.WorkspaceFrom: %v", err)
	}
	return w
}

// WorkspaceAt runs the engine in the existing directory dir, as a user
// does who runs terraform in a synthesized stack directory; dir is left in
// place when the test ends (what was applied is destroyed).
func WorkspaceAt(t testing.TB, dir string) *Workdir {
	t.Helper()
	w := newWorkdir(t)
	w.Dir = dir
	return w
}

func newWorkdir(t testing.TB) *Workdir {
	t.Helper()
	engine := engineOf(t)
	mirror := Mirror(t)
	// The CLI config sits outside the configuration directory so that the
	// configuration is exactly what the test wrote.
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(CLIConfig(mirror)), 0o644); err != nil {
		t.Fatal(err)
	}
	w := &Workdir{
		Dir:    t.TempDir(),
		Engine: engine,
		t:      t,
		env:    engineEnv(os.Environ(), rc),
		rc:     rc,
	}
	// Registered after the temporary directories, so it runs before they
	// are removed.
	t.Cleanup(func() {
		if !w.applied {
			return
		}
		if r := w.Exec(destroyArgs()...); r.Err != nil {
			t.Errorf("cleanup: %s", r.failure())
		}
	})
	return w
}

// skipFile reports whether a configuration file is engine state rather
// than configuration.
func skipFile(rel string) bool {
	base := filepath.Base(rel)
	return base == ".terraform.lock.hcl" || strings.HasSuffix(base, ".tfstate") ||
		strings.HasSuffix(base, ".tfstate.backup")
}

func copyTree(dst, src string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		switch {
		case d.IsDir() && d.Name() == ".terraform":
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		case skipFile(rel):
			return nil
		case !d.Type().IsRegular():
			return fmt.Errorf("%s: only regular files and directories can be copied", path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
}

// Result is what one engine command did.
type Result struct {
	// Engine names the engine and its version (Describe).
	Engine   string
	Args     []string
	Dir      string
	Stdout   string // standard output alone (the JSON of -json commands)
	Output   string // standard output and error, interleaved as printed
	ExitCode int    // -1 when the command did not run to an exit
	Err      error  // nil when the command exited 0
	Duration time.Duration
}

// failure describes a failed command for a test message: the command, why
// it failed and everything it printed.
func (r Result) failure() string {
	return fmt.Sprintf("%s (in %s, engine %s) failed: %v\n--- output ---\n%s--- end of output ---",
		strings.Join(r.Args, " "), r.Dir, r.Engine, r.Err, withNewline(r.Output))
}

func withNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// commandTimeout bounds one engine command, so that a hung provider fails
// the test with its output instead of hanging until the test binary's own
// timeout kills it with none.
const commandTimeout = 10 * time.Minute

// Exec runs the engine with args in the workspace and reports what
// happened; it never fails the test.
func (w *Workdir) Exec(args ...string) Result {
	timeout := commandTimeout
	if d, ok := w.t.(interface{ Deadline() (time.Time, bool) }); ok {
		if deadline, ok := d.Deadline(); ok {
			// Leave time to report the failure before the test binary dies.
			if left := time.Until(deadline) - 15*time.Second; left < timeout {
				timeout = max(left, time.Second)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()

	var stdout bytes.Buffer
	var combined lockedBuffer
	cmd := exec.CommandContext(ctx, w.Engine, args...)
	cmd.Dir = w.Dir
	cmd.Env = w.env
	cmd.Stdout = io.MultiWriter(&stdout, &combined)
	cmd.Stderr = &combined
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	r := Result{
		Engine:   Describe(w.Engine),
		Args:     append([]string{filepath.Base(w.Engine)}, args...),
		Dir:      w.Dir,
		Stdout:   stdout.String(),
		Output:   combined.String(),
		ExitCode: -1,
		Err:      err,
		Duration: time.Since(start),
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		r.ExitCode = 0
	case ctx.Err() != nil:
		r.Err = fmt.Errorf("timed out after %v: %w", timeout, err)
	case errors.As(err, &exit):
		r.ExitCode = exit.ExitCode()
	}
	return r
}

// Run runs the engine with args and fails the test unless it exits 0.
func (w *Workdir) Run(args ...string) Result {
	w.t.Helper()
	r := w.Exec(args...)
	if r.Err != nil {
		w.t.Fatal(r.failure())
	}
	w.t.Logf("%s (%.1fs)", strings.Join(r.Args, " "), r.Duration.Seconds())
	return r
}

// AddCLIConfig appends text to the workspace's CLI config, for a test
// that serves more than the mirror does itself: a host block that points
// a module registry's service at a server of the test.
func (w *Workdir) AddCLIConfig(text string) {
	w.t.Helper()
	f, err := os.OpenFile(w.rc, os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString("\n" + text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		w.t.Fatalf("enginetest: CLI config: %v", err)
	}
}

// Init runs init; providers come from the mirror.
func (w *Workdir) Init(args ...string) Result {
	w.t.Helper()
	return w.Run(append([]string{"init", "-input=false", "-no-color"}, args...)...)
}

// Validate runs validate -json and fails the test on any error or warning,
// listing each diagnostic with its location.
func (w *Workdir) Validate() {
	w.t.Helper()
	r := w.Exec("validate", "-json", "-no-color")
	v, err := parseValidate(r.Stdout)
	if err != nil {
		if r.Err == nil {
			r.Err = err
		}
		w.t.Fatal(r.failure())
	}
	if problems := v.problems(); problems != "" {
		w.t.Fatalf("%s (engine %s): %d error(s), %d warning(s):\n%s", strings.Join(r.Args, " "), r.Engine, v.ErrorCount, v.WarningCount, problems)
	}
	if r.Err != nil {
		w.t.Fatal(r.failure())
	}
	w.t.Logf("%s: valid, no warnings (%.1fs)", strings.Join(r.Args, " "), r.Duration.Seconds())
}

// validateOutput is the part of `validate -json` (format 1.0) read here.
type validateOutput struct {
	FormatVersion string `json:"format_version"`
	Valid         bool   `json:"valid"`
	ErrorCount    int    `json:"error_count"`
	WarningCount  int    `json:"warning_count"`
	Diagnostics   []struct {
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
		Detail   string `json:"detail"`
		Range    *struct {
			Filename string `json:"filename"`
			Start    struct {
				Line   int `json:"line"`
				Column int `json:"column"`
			} `json:"start"`
		} `json:"range"`
	} `json:"diagnostics"`
}

func parseValidate(stdout string) (validateOutput, error) {
	var v validateOutput
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		return v, fmt.Errorf("reading validate -json output: %w", err)
	}
	if !strings.HasPrefix(v.FormatVersion, "1.") {
		return v, fmt.Errorf("validate -json: unsupported format_version %q", v.FormatVersion)
	}
	return v, nil
}

// Said is one diagnostic of validate -json: where (FILE:LINE:COL, "" when
// the engine gives no place), its severity as the engine writes it
// ("error", "warning"), summary and detail.
type Said struct {
	Place, Severity, Summary, Detail string
}

// ValidateSays runs validate -json in w, after the global options given
// (-chdir=DIR), and returns its diagnostics in their order and its whole
// output; a failure of validate itself is not a test failure, output that
// is not validate's JSON is.
func (w *Workdir) ValidateSays(global ...string) ([]Said, string) {
	w.t.Helper()
	r := w.Exec(append(global, "validate", "-json", "-no-color")...)
	v, err := parseValidate(r.Stdout)
	if err != nil {
		w.t.Fatalf("%v\n%s", err, r.Output)
	}
	var out []Said
	for _, d := range v.Diagnostics {
		s := Said{Severity: d.Severity, Summary: d.Summary, Detail: d.Detail}
		if d.Range != nil && d.Range.Filename != "" {
			s.Place = fmt.Sprintf("%s:%d:%d", d.Range.Filename, d.Range.Start.Line, d.Range.Start.Column)
		}
		out = append(out, s)
	}
	return out, r.Output
}

// problems lists every diagnostic, one per line, or returns "" when the
// configuration is valid without warnings.
func (v validateOutput) problems() string {
	if v.Valid && v.ErrorCount == 0 && v.WarningCount == 0 && len(v.Diagnostics) == 0 {
		return ""
	}
	var b strings.Builder
	if !v.Valid && len(v.Diagnostics) == 0 {
		b.WriteString("  invalid, without diagnostics\n")
	}
	for _, d := range v.Diagnostics {
		where := ""
		if d.Range != nil {
			where = fmt.Sprintf("%s:%d:%d: ", d.Range.Filename, d.Range.Start.Line, d.Range.Start.Column)
		}
		fmt.Fprintf(&b, "  %s%s: %s", where, d.Severity, d.Summary)
		if d.Detail != "" {
			fmt.Fprintf(&b, ": %s", strings.ReplaceAll(d.Detail, "\n", " "))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Plan is the outcome of Plan.
type Plan struct {
	Changes bool   // the plan would change something
	Output  string // what plan printed
}

// Plan runs plan -detailed-exitcode and reports whether it found changes.
func (w *Workdir) Plan(args ...string) Plan {
	w.t.Helper()
	r := w.Exec(append([]string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}, args...)...)
	switch r.ExitCode {
	case 0, 2:
		w.t.Logf("%s (%.1fs)", strings.Join(r.Args, " "), r.Duration.Seconds())
		return Plan{Changes: r.ExitCode == 2, Output: r.Output}
	}
	w.t.Fatal(r.failure())
	return Plan{}
}

// Apply runs apply -auto-approve. Whatever it creates is destroyed when the
// test ends unless Destroy ran after it.
func (w *Workdir) Apply(args ...string) Result {
	w.t.Helper()
	w.applied = true
	return w.Run(append([]string{"apply", "-auto-approve", "-input=false", "-no-color"}, args...)...)
}

// Destroy runs destroy -auto-approve.
func (w *Workdir) Destroy(args ...string) Result {
	w.t.Helper()
	r := w.Run(append(destroyArgs(), args...)...)
	w.applied = false
	return r
}

func destroyArgs() []string {
	return []string{"destroy", "-auto-approve", "-input=false", "-no-color"}
}

// Output is one root module output as `output -json` reports it.
type Output struct {
	Sensitive bool            `json:"sensitive"`
	Type      json.RawMessage `json:"type"`
	Value     json.RawMessage `json:"value"`
}

// Outputs runs output -json and returns the root module outputs by name.
func (w *Workdir) Outputs() map[string]Output {
	w.t.Helper()
	r := w.Run("output", "-json", "-no-color")
	var outs map[string]Output
	if err := json.Unmarshal([]byte(r.Stdout), &outs); err != nil {
		r.Err = fmt.Errorf("reading output -json: %w", err)
		w.t.Fatal(r.failure())
	}
	return outs
}

// OutputString returns the string value of the output name, failing the
// test when there is no such output or it is not a string.
func (w *Workdir) OutputString(name string) string {
	w.t.Helper()
	out, ok := w.Outputs()[name]
	if !ok {
		w.t.Fatalf("no output %q", name)
	}
	var s string
	if err := json.Unmarshal(out.Value, &s); err != nil {
		w.t.Fatalf("output %q is %s, not a string", name, out.Value)
	}
	return s
}

// lockedBuffer is a bytes.Buffer safe for the two goroutines that os/exec
// uses to copy standard output and error when they are different writers.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
