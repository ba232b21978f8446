package providertest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/runner"
)

// Case is one provider test.
type Case struct {
	// Provider is the provider under test, served in this process.
	Provider *provider.Provider
	// Source is its source address, such as registry.terraform.io/tfkit/docstore
	// (a short "tfkit/docstore" is completed with registry.terraform.io).
	// The harness declares it in required_providers under its last part
	// ("docstore"): configurations must not declare it themselves.
	Source string
	// Steps run in order in one working directory, sharing the state.
	Steps []Step
	// Env is added to the engine's environment (the provider runs in the
	// test process: set its variables with t.Setenv).
	Env map[string]string
	// Setup, when set, runs before the steps with each engine: it makes
	// what must exist outside the engine's state, such as an object to
	// import, which the run with an earlier engine destroyed at its end.
	Setup func(t testing.TB)
	// SkipOlderEngines skips the run with an engine too old for a
	// construct the steps' configurations use (ephemeral blocks, write-only
	// arguments named *_wo, ...: the version gates of package runner),
	// saying which, instead of failing it.
	SkipOlderEngines bool
}

// Step is one configuration and what must happen with it.
type Step struct {
	// Config is the configuration (main.tf).
	Config string

	// ImportID, with ImportAddress, imports an existing object into the
	// state with `terraform import` before planning.
	ImportID, ImportAddress string

	// PlanOnly plans without applying.
	PlanOnly bool
	// ExpectActions is what the plan must do to each resource, by
	// address: "create", "update", "replace", "delete" or "no-op". A
	// resource the plan does not change is "no-op"; one an import block
	// adopts unchanged is "import"; one a moved block moves unchanged is
	// "move", under its new address.
	ExpectActions map[string]string
	// ExpectNoChanges requires the plan of this step to change nothing.
	ExpectNoChanges bool

	// ExpectError, when set, requires planning or applying to fail with an
	// error diagnostic whose summary or detail matches it. The step then
	// ends there.
	ExpectError *regexp.Regexp
	// ErrorAttribute, with ExpectError, requires the error to be shown at
	// this attribute of the block the error is in (`content`; `rule[1].port`,
	// port in the second rule block; `tags["env"]` and `ports[1].name`, in
	// the attribute's value, are shown at the attribute, as the engines
	// place them).
	ErrorAttribute string

	// Check inspects the state after the step (after apply, or after the
	// import of an import step).
	Check func(t testing.TB, s *State)
	// AllowChangesAfter skips the check that planning again after the
	// apply (or import) changes nothing.
	AllowChangesAfter bool
}

// State is the state after a step, from `show -json`.
type State struct {
	// Resources are the values of each resource instance, by address
	// (docstore_document.a, data.docstore_document.b).
	Resources map[string]map[string]any
	// Outputs are the root module's output values.
	Outputs map[string]any
	// File is the text of the state file the engine wrote
	// (terraform.tfstate), to check what it holds and what it must not.
	File string
}

// Attr returns a resource attribute's value (JSON-decoded: strings,
// float64, bool, []any, map[string]any, nil), failing the test when the
// resource does not exist.
func (s *State) Attr(t testing.TB, address, attribute string) any {
	t.Helper()
	r, ok := s.Resources[address]
	if !ok {
		t.Fatalf("no resource %s in the state; it holds %s", address, strings.Join(sortedKeys(s.Resources), ", "))
	}
	return r[attribute]
}

// Test runs c with every engine found (see the package documentation).
func Test(t *testing.T, c Case) {
	t.Helper()
	if testing.Short() {
		t.Skip("engine test; skipped with -short")
	}
	engines, err := Engines()
	if err != nil {
		if os.Getenv("TFKIT_REQUIRE_ENGINE") == "1" {
			t.Fatalf("%v (TFKIT_REQUIRE_ENGINE=1)", err)
		}
		t.Skip(err)
	}
	for _, e := range engines {
		t.Run(filepath.Base(e), func(t *testing.T) { runCase(t, e, c) })
	}
}

// Engines returns the engines tests run with: $TFKIT_TERRAFORM, else
// terraform or tofu on PATH; and OpenTofu besides, when it is another
// binary: $TFKIT_OPENTOFU, else tofu on PATH.
func Engines() ([]string, error) {
	var out []string
	if p := os.Getenv("TFKIT_TERRAFORM"); p != "" {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() {
			return nil, fmt.Errorf("TFKIT_TERRAFORM=%s is not an executable file", p)
		}
		out = append(out, p)
	} else {
		for _, name := range []string{"terraform", "tofu"} {
			if p, err := exec.LookPath(name); err == nil {
				out = append(out, p)
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no Terraform engine: TFKIT_TERRAFORM is unset and neither terraform nor tofu is on PATH")
	}
	if filepath.Base(out[0]) == "tofu" {
		return out, nil
	}
	if p := os.Getenv("TFKIT_OPENTOFU"); p != "" {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() {
			return nil, fmt.Errorf("TFKIT_OPENTOFU=%s is not an executable file", p)
		}
		return append(out, p), nil
	}
	if p, err := exec.LookPath("tofu"); err == nil {
		out = append(out, p)
	}
	return out, nil
}

func fullSource(src string) string {
	if strings.Count(src, "/") == 1 {
		return "registry.terraform.io/" + src
	}
	return src
}

type workdir struct {
	t      *testing.T
	engine string
	dir    string
	env    []string
	// valid is the last configuration the engine planned or imported
	// with: the one to destroy with at the end, even when its step failed
	// later (in Check, or planning again after the apply).
	valid string
}

func runCase(t *testing.T, engine string, c Case) {
	if c.SkipOlderEngines {
		skipOlder(t, engine, c.Steps)
	}
	if c.Setup != nil {
		c.Setup(t)
	}
	src := fullSource(c.Source)
	parts := strings.Split(src, "/")
	if len(parts) != 3 {
		t.Fatalf("Source %q: want HOST/NAMESPACE/NAME", c.Source)
	}
	name := parts[2]
	ra, err := provider.ServeReattach(c.Provider, src,
		"registry.opentofu.org/"+parts[1]+"/"+parts[2])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ra.Close)

	dir := t.TempDir()
	cliConfig := filepath.Join(dir, ".terraformrc")
	// Nothing may be installed: the provider under test is attached.
	write(t, cliConfig, "provider_installation {\n  direct {\n    exclude = [\"*/*/*\"]\n  }\n}\n")
	w := &workdir{t: t, engine: engine, dir: dir, env: engineEnv(cliConfig, ra.Env, c.Env)}
	write(t, filepath.Join(dir, "zz_providertest.tf"), fmt.Sprintf("terraform {\n  required_providers {\n    %s = {\n      source = %q\n    }\n  }\n}\n", name, parts[1]+"/"+parts[2]))

	initialized := false
	applied := false
	t.Cleanup(func() {
		if applied {
			// The last step may have left a configuration that does not
			// validate: destroy with the last one that did.
			write(t, filepath.Join(dir, "main.tf"), w.valid)
			if r := w.run("destroy", "-auto-approve", "-input=false", "-no-color"); r.err != nil {
				t.Errorf("destroy after the test: %s", r.failure())
			}
		}
	})
	for i, step := range c.Steps {
		ok := t.Run(fmt.Sprintf("step%d", i+1), func(t *testing.T) {
			w.t = t
			write(t, filepath.Join(dir, "main.tf"), step.Config)
			if !initialized {
				if r := w.run("init", "-input=false", "-no-color", "-backend=false"); r.err != nil {
					t.Fatalf("init: %s", r.failure())
				}
				initialized = true
			}
			runStep(w, step, &applied)
		})
		if !ok {
			return
		}
	}
}

func runStep(w *workdir, step Step, applied *bool) {
	t := w.t
	if step.ImportID != "" {
		r := w.run("import", "-input=false", "-no-color", step.ImportAddress, step.ImportID)
		if step.ExpectError != nil {
			expectError(t, r, step)
			return
		}
		if r.err != nil {
			t.Fatalf("import: %s", r.failure())
		}
		*applied = true
		w.valid = step.Config
		if step.Check != nil {
			step.Check(t, w.state())
		}
		if !step.AllowChangesAfter {
			w.planEmpty("after the import")
		}
		return
	}
	r := w.run("plan", "-json", "-input=false", "-out=tfplan")
	diags, changes := parseStream(t, r.stdout)
	if r.err != nil || hasError(diags) {
		if step.ExpectError != nil {
			expectErrorIn(t, diags, r, step)
			return
		}
		t.Fatalf("plan: %s", describe(diags, r))
	}
	w.valid = step.Config
	if step.ExpectNoChanges && len(changes) > 0 {
		t.Fatalf("the plan must change nothing, but it plans: %s", formatActions(changes))
	}
	for addr, want := range step.ExpectActions {
		got := changes[addr]
		if got == "" {
			got = "no-op"
		}
		if got != want {
			t.Errorf("plan: %s: want %s, got %s (plan: %s)", addr, want, got, formatActions(changes))
		}
	}
	if t.Failed() {
		return
	}
	if step.PlanOnly {
		if step.ExpectError != nil {
			t.Fatalf("the plan succeeded; want an error matching %q", step.ExpectError)
		}
		return
	}
	r = w.run("apply", "-json", "-input=false", "-auto-approve", "tfplan")
	*applied = true
	diags, _ = parseStream(t, r.stdout)
	if r.err != nil || hasError(diags) {
		if step.ExpectError != nil {
			expectErrorIn(t, diags, r, step)
			return
		}
		t.Fatalf("apply: %s", describe(diags, r))
	}
	if step.ExpectError != nil {
		t.Fatalf("plan and apply succeeded; want an error matching %q", step.ExpectError)
	}
	if step.Check != nil {
		step.Check(t, w.state())
	}
	if !step.AllowChangesAfter {
		w.planEmpty("after the apply")
	}
}

// skipOlder skips the test when engine is too old for a construct the
// steps' configurations use.
func skipOlder(t *testing.T, engine string, steps []Step) {
	e, err := runner.Probe(context.Background(), engine, os.Environ())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files []runner.ConfigFile
	for i, step := range steps {
		path := filepath.Join(dir, fmt.Sprintf("step%d.tf", i+1))
		write(t, path, step.Config)
		files = append(files, runner.ConfigFile{Path: path, Name: filepath.Base(path)})
	}
	if err := runner.CheckFeatures(e, files); err != nil {
		t.Skip(err)
	}
}

func (w *workdir) planEmpty(when string) {
	t := w.t
	r := w.run("plan", "-json", "-input=false")
	diags, changes := parseStream(t, r.stdout)
	if r.err != nil || hasError(diags) {
		t.Fatalf("plan %s: %s", when, describe(diags, r))
	}
	if len(changes) > 0 {
		t.Fatalf("plan %s must change nothing, but it plans: %s\n%s", when, formatActions(changes), w.run("plan", "-no-color", "-input=false").stdout)
	}
}

func (w *workdir) state() *State {
	t := w.t
	r := w.run("show", "-json")
	if r.err != nil {
		t.Fatalf("show: %s", r.failure())
	}
	var raw struct {
		Values *struct {
			Outputs map[string]struct {
				Value any `json:"value"`
			} `json:"outputs"`
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &raw); err != nil {
		t.Fatalf("show -json: %v", err)
	}
	s := &State{Resources: map[string]map[string]any{}, Outputs: map[string]any{}}
	if data, err := os.ReadFile(filepath.Join(w.dir, "terraform.tfstate")); err == nil {
		s.File = string(data)
	}
	if raw.Values != nil {
		for _, res := range raw.Values.RootModule.Resources {
			s.Resources[res.Address] = res.Values
		}
		for n, o := range raw.Values.Outputs {
			s.Outputs[n] = o.Value
		}
	}
	return s
}

// diagnostic is one diagnostic of the engine's -json output.
type diagnostic struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
	Range    *struct {
		Filename string `json:"filename"`
		Start    struct {
			Line int `json:"line"`
			Byte int `json:"byte"`
		} `json:"start"`
	} `json:"range"`
	Snippet *struct {
		Code string `json:"code"`
	} `json:"snippet"`
}

func (d diagnostic) String() string {
	s := d.Severity + ": " + d.Summary
	if d.Detail != "" {
		s += ": " + d.Detail
	}
	if d.Range != nil {
		s += fmt.Sprintf(" (%s:%d)", d.Range.Filename, d.Range.Start.Line)
	}
	return s
}

// parseStream reads the engine's -json lines: diagnostics, and the action
// planned for each resource.
func parseStream(t testing.TB, stdout string) ([]diagnostic, map[string]string) {
	var diags []diagnostic
	changes := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var msg struct {
			Type       string      `json:"type"`
			Diagnostic *diagnostic `json:"diagnostic"`
			Change     *struct {
				Resource struct {
					Addr string `json:"addr"`
				} `json:"resource"`
				Action string `json:"action"`
			} `json:"change"`
		}
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
			continue // not a JSON line (a crash message, for one): kept in stdout
		}
		switch msg.Type {
		case "diagnostic":
			if msg.Diagnostic != nil {
				diags = append(diags, *msg.Diagnostic)
			}
		case "planned_change":
			if msg.Change != nil && msg.Change.Action != "noop" {
				changes[msg.Change.Resource.Addr] = msg.Change.Action
			}
		}
	}
	return diags, changes
}

func hasError(diags []diagnostic) bool {
	for _, d := range diags {
		if d.Severity == "error" {
			return true
		}
	}
	return false
}

func describe(diags []diagnostic, r result) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString("\n  " + d.String())
	}
	if b.Len() == 0 {
		return r.failure()
	}
	if r.stderr != "" {
		b.WriteString("\nstderr:\n" + r.stderr)
	}
	return b.String()
}

func expectError(t testing.TB, r result, step Step) {
	t.Helper()
	if r.err == nil {
		t.Fatalf("succeeded; want an error matching %q", step.ExpectError)
	}
	if !step.ExpectError.MatchString(r.stdout + r.stderr) {
		t.Fatalf("want an error matching %q, got: %s", step.ExpectError, r.failure())
	}
}

func expectErrorIn(t testing.TB, diags []diagnostic, r result, step Step) {
	t.Helper()
	for _, d := range diags {
		if d.Severity != "error" || !step.ExpectError.MatchString(d.Summary+"\n"+d.Detail) {
			continue
		}
		if step.ErrorAttribute == "" {
			return
		}
		if d.Snippet == nil || d.Range == nil {
			t.Fatalf("the error %q is not shown at a configuration line; want it at %s", d.Summary, step.ErrorAttribute)
		}
		if at, ok, known := pathRange(step.Config, d.Range.Start.Byte, step.ErrorAttribute); d.Range.Filename == "main.tf" && known {
			if !ok {
				t.Fatalf("the error %q is shown at %s:%d (%q), whose block does not set %s", d.Summary, d.Range.Filename, d.Range.Start.Line, strings.TrimSpace(d.Snippet.Code), step.ErrorAttribute)
			}
			if d.Range.Start.Byte < at.Start.Byte || d.Range.Start.Byte >= at.End.Byte {
				t.Fatalf("the error %q is shown at %s:%d (%q); want it at %s (main.tf:%d)", d.Summary, d.Range.Filename, d.Range.Start.Line, strings.TrimSpace(d.Snippet.Code), step.ErrorAttribute, at.Start.Line)
			}
			return
		}
		if !setsAttribute(d.Snippet.Code, step.ErrorAttribute) {
			t.Fatalf("the error %q is shown at %s:%d (%q); want the line of %s", d.Summary, d.Range.Filename, d.Range.Start.Line, strings.TrimSpace(d.Snippet.Code), step.ErrorAttribute)
		}
		return
	}
	t.Fatalf("want an error matching %q; got:%s", step.ExpectError, describe(diags, r))
}

// pathRange is where, in the configuration src, the block holding the
// byte offset at sets the attribute path (content, tags["env"],
// rule[2].port: a nested block is chosen by its index among the blocks
// of its type): the attribute, whole, since the engines place an error in
// its value (tags["env"], ports[1].name) at the attribute. ok is false
// when the block sets no such path; known is false when src or path does
// not parse or no block holds at (the caller then matches the line).
func pathRange(src string, at int, path string) (rng hcl.Range, ok, known bool) {
	f, ds := hclsyntax.ParseConfig([]byte(src), "main.tf", hcl.InitialPos)
	tr, ds2 := hclsyntax.ParseTraversalAbs([]byte(path), "", hcl.InitialPos)
	if ds.HasErrors() || ds2.HasErrors() {
		return hcl.Range{}, false, false
	}
	var body *hclsyntax.Body
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if r := b.Range(); at >= r.Start.Byte && at < r.End.Byte {
			body = b.Body
		}
	}
	if body == nil {
		return hcl.Range{}, false, false
	}
	for i := 0; i < len(tr); i++ {
		var name string
		switch step := tr[i].(type) {
		case hcl.TraverseRoot:
			name = step.Name
		case hcl.TraverseAttr:
			name = step.Name
		default:
			return hcl.Range{}, false, true // an index of nothing
		}
		if a, ok := body.Attributes[name]; ok {
			return a.SrcRange, true, true
		}
		var blocks []*hclsyntax.Block
		for _, b := range body.Blocks {
			if b.Type == name {
				blocks = append(blocks, b)
			}
		}
		n := 0
		if i+1 < len(tr) {
			if ix, ok := tr[i+1].(hcl.TraverseIndex); ok {
				if ix.Key.Type() != cty.Number || !ix.Key.AsBigFloat().IsInt() {
					return hcl.Range{}, false, true
				}
				i64, _ := ix.Key.AsBigFloat().Int64()
				n = int(i64)
				i++
			}
		}
		if n < 0 || n >= len(blocks) {
			return hcl.Range{}, false, true
		}
		body, rng = blocks[n].Body, blocks[n].Range()
	}
	return rng, true, true
}

// setsAttribute reports whether a configuration line sets attribute
// (the last name of a path such as rule[2].port).
func setsAttribute(code, attribute string) bool {
	name := attribute
	if i := strings.LastIndexAny(name, ".["); i >= 0 && name[i] == '.' {
		name = name[i+1:]
	} else if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	code = strings.TrimSpace(code)
	rest, ok := strings.CutPrefix(code, name)
	return ok && strings.HasPrefix(strings.TrimSpace(rest), "=")
}

func formatActions(changes map[string]string) string {
	if len(changes) == 0 {
		return "no changes"
	}
	var parts []string
	for _, a := range sortedKeys(changes) {
		parts = append(parts, a+" "+changes[a])
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// engineEnv is the test process's environment without TF_ settings
// (except logging), with the CLI config and the reattach value.
func engineEnv(cliConfig, reattach string, extra map[string]string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TF_") && !strings.HasPrefix(kv, "TF_LOG") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env,
		"TF_CLI_CONFIG_FILE="+cliConfig,
		"TF_REATTACH_PROVIDERS="+reattach,
		"TF_IN_AUTOMATION=1",
		"CHECKPOINT_DISABLE=1",
	)
	for _, k := range sortedKeys(extra) {
		env = append(env, k+"="+extra[k])
	}
	return env
}

type result struct {
	args           []string
	stdout, stderr string
	err            error
}

func (r result) failure() string {
	return fmt.Sprintf("%s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(r.args, " "), r.err, r.stdout, r.stderr)
}

func (w *workdir) run(args ...string) result {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, w.engine, args...)
	cmd.Dir = w.dir
	cmd.Env = w.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return result{args: append([]string{filepath.Base(w.engine)}, args...), stdout: stdout.String(), stderr: stderr.String(), err: err}
}
