// Package tfkittest tests tfkit stacks from `go test`: synthesize a stack
// in memory, assert on what it declares (resources, data sources,
// providers, outputs, with nested partial matching of properties), compare
// it with a snapshot, and run the engine's validate on it.
//
//	func TestBucket(t *testing.T) {
//		app := tfkit.NewApp()
//		stack := tfkit.NewStack(app, "dev")
//		NewBucketStack(stack) // the code under test
//		s := tfkittest.Synth(t, stack)
//		s.HasResourceWithProperties(t, "aws_s3_bucket", tfkit.Attrs{
//			"tags": map[string]any{"Team": "web"},
//		})
//		s.Snapshot(t, "testdata/dev.tf")
//		s.IsValidTerraform(t)
//	}
//
// Assertions report failures with t.Errorf and return whether they held;
// a failure names the element of the type that came closest and the paths
// where it differs.
//
// It is a package of its own, above the Go API it tests, like
// net/http/httptest: programs never import it.
package tfkittest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/textdiff"
	"github.com/tfkit/tfkit/runner"
)

// update is the flag that rewrites snapshots: go test ./pkg -tfkit.update.
var update = flag.Bool("tfkit.update", false, "rewrite tfkittest snapshots with the synthesized stacks")

// EnvUpdate, set to 1, rewrites snapshots as -tfkit.update does.
const EnvUpdate = "TFKIT_UPDATE_SNAPSHOTS"

// Stack is a stack synthesized in memory.
type Stack struct {
	// Name is the stack's name.
	Name string
	// HCL is the stack's main.tf as Synth writes it in HCL.
	HCL []byte
	// JSON is the stack in Terraform's JSON syntax, what assertions read.
	// When the app synthesizes JSON (WithFormat, $TFKIT_FORMAT) it is the
	// main.tf.json Synth writes, with the attributes written as blocks
	// that the app's provider schemas name written as attributes.
	JSON []byte
	// Files are the files of the stack's directory as Synth writes them
	// (main.tf or main.tf.json, assets, local module copies), by
	// slash-separated path relative to it.
	Files map[string][]byte

	doc map[string]any
	// reads are the stack's reads of other stacks' outputs.
	reads map[string]crossRead
	// app indexes the stacks and elements of the stack's app.
	app *appIndex
}

// Synth synthesizes the app of stack in memory and returns stack: the
// test fails (and stops) when the app has errors, with the diagnostics.
func Synth(t testing.TB, stack *tfkit.Stack) *Stack {
	t.Helper()
	// Checked here rather than by the app: a stack of no app reports its
	// mistake to whichever app was made last, inside tfkittest.
	if stack == nil {
		t.Fatalf("tfkittest.Synth was given a nil *tfkit.Stack; pass the stack that tfkit.NewStack(app, name) returns (a variable that was declared but never assigned is nil)")
	}
	if reflect.ValueOf(stack).Elem().IsZero() {
		t.Fatalf("tfkittest.Synth was given a zero tfkit.Stack{}, which belongs to no app; pass the stack that tfkit.NewStack(app, name) returns")
	}
	files, err := stack.App().Files()
	if err != nil {
		t.Fatalf("tfkittest.Synth: the app does not synthesize:\n%v", err)
	}
	cfg := stack.Config()
	hcl, err := render.HCL(cfg)
	if err != nil {
		t.Fatalf("tfkittest.Synth: %v", err)
	}
	js, err := render.JSON(cfg)
	if err != nil {
		t.Fatalf("tfkittest.Synth: %v", err)
	}
	s := &Stack{Name: stack.Name(), HCL: hcl, JSON: js, Files: map[string][]byte{}, reads: crossReads(stack), app: indexApp(stack.App())}
	prefix := path.Join("stacks", stack.Name()) + "/"
	for p, data := range files {
		if rel, ok := strings.CutPrefix(p, prefix); ok {
			s.Files[rel] = data
		}
	}
	if data, ok := s.Files["main.tf.json"]; ok {
		// What Synth writes: with provider schemas, JSON syntax writes
		// attributes given as blocks as their values.
		s.JSON = data
	}
	d := json.NewDecoder(bytes.NewReader(s.JSON))
	d.UseNumber()
	if err := d.Decode(&s.doc); err != nil {
		t.Fatalf("tfkittest.Synth: reading the stack's JSON: %v", err)
	}
	return s
}

// element is one block of a kind in the stack's JSON.
type element struct {
	addr string
	body any
}

// elements returns the blocks of a kind ("resource", "data") and type.
func (s *Stack) elements(kind, typ string) []element {
	byType, _ := s.doc[kind].(map[string]any)
	named, _ := byType[typ].(map[string]any)
	var out []element
	for _, name := range sortedKeys(named) {
		prefix := typ + "."
		if kind == "data" {
			prefix = "data." + prefix
		}
		out = append(out, element{addr: prefix + name, body: named[name]})
	}
	return out
}

// types returns the types of a kind that the stack declares.
func (s *Stack) types(kind string) []string {
	byType, _ := s.doc[kind].(map[string]any)
	return sortedKeys(byType)
}

// HasResource asserts that the stack declares a resource of type typ.
func (s *Stack) HasResource(t testing.TB, typ string) bool {
	t.Helper()
	return s.has(t, "resource", "resource", typ, nil)
}

// HasResourceWithProperties asserts that the stack declares a resource of
// type typ whose arguments include props (see Match).
func (s *Stack) HasResourceWithProperties(t testing.TB, typ string, props map[string]any) bool {
	t.Helper()
	return s.has(t, "resource", "resource", typ, props)
}

// HasDataSource asserts that the stack declares a data source of type
// typ.
func (s *Stack) HasDataSource(t testing.TB, typ string) bool {
	t.Helper()
	return s.has(t, "data", "data source", typ, nil)
}

// HasDataSourceWithProperties is HasResourceWithProperties for data
// sources.
func (s *Stack) HasDataSourceWithProperties(t testing.TB, typ string, props map[string]any) bool {
	t.Helper()
	return s.has(t, "data", "data source", typ, props)
}

func (s *Stack) has(t testing.TB, kind, noun, typ string, props map[string]any) bool {
	t.Helper()
	els := s.elements(kind, typ)
	if len(els) == 0 {
		t.Errorf("stack %s has no %s of type %s%s", s.Name, noun, typ, listOrNone(noun, s.types(kind), typ))
		return false
	}
	if props == nil {
		return true
	}
	if addr, diffs := closest(matcher{stack: s.Name, reads: s.reads, app: s.app}, els, props); diffs != nil {
		t.Errorf("stack %s has no %s %s with these properties; the closest, %s, differs at:\n  %s",
			s.Name, noun, typ, addr, strings.Join(diffs, "\n  "))
		return false
	}
	return true
}

// closest returns the element matching props (nil diffs), or the one with
// the fewest differences and its differences.
func closest(m matcher, els []element, props map[string]any) (string, []string) {
	bestAddr, best := "", []string(nil)
	for _, e := range els {
		diffs := m.diffs(e.body, props)
		if len(diffs) == 0 {
			return e.addr, nil
		}
		if best == nil || len(diffs) < len(best) {
			bestAddr, best = e.addr, diffs
		}
	}
	return bestAddr, best
}

// HasProvider asserts that the stack configures the provider typ (aws) in
// a provider block or requires it in required_providers.
func (s *Stack) HasProvider(t testing.TB, typ string) bool {
	t.Helper()
	if _, ok := asMap(s.doc["provider"])[typ]; ok {
		return true
	}
	for _, name := range s.requiredProviders() {
		if name == typ {
			return true
		}
	}
	seen := map[string]bool{}
	var have []string
	for _, name := range append(sortedKeys(asMap(s.doc["provider"])), s.requiredProviders()...) {
		if !seen[name] {
			seen[name] = true
			have = append(have, name)
		}
	}
	sort.Strings(have)
	t.Errorf("stack %s has no provider %s%s", s.Name, typ, listOrNone("provider", have, typ))
	return false
}

func (s *Stack) requiredProviders() []string {
	var out []string
	for _, tb := range asList(s.doc["terraform"]) {
		for _, rp := range asList(asMap(tb)["required_providers"]) {
			out = append(out, sortedKeys(asMap(rp))...)
		}
	}
	return out
}

// HasOutput asserts that the stack declares the output name.
func (s *Stack) HasOutput(t testing.TB, name string) bool {
	t.Helper()
	outs := asMap(s.doc["output"])
	if _, ok := outs[name]; ok {
		return true
	}
	t.Errorf("stack %s has no output %s%s", s.Name, name, listOrNone("output", sortedKeys(outs), name))
	return false
}

// Snapshot compares the stack's HCL with the file at path (relative to
// the test's directory), failing with a unified diff when they differ.
// With -tfkit.update (go test ./pkg -tfkit.update) or TFKIT_UPDATE_SNAPSHOTS=1
// it writes the file instead; a missing file is an error that says so.
func (s *Stack) Snapshot(t testing.TB, file string) {
	t.Helper()
	if *update || os.Getenv(EnvUpdate) == "1" {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, s.HCL, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		t.Errorf("snapshot %s does not exist; run go test with -tfkit.update (or %s=1) to write it", file, EnvUpdate)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, s.HCL) {
		t.Errorf("stack %s differs from the snapshot %s (-tfkit.update rewrites it):\n%s", s.Name, file,
			textdiff.Unified(file, "synthesized", string(want), string(s.HCL), 3))
	}
}

// IsValidTerraform writes the stack's files to a temporary directory and
// runs the engine's init (without a backend) and validate there: the
// test fails with the engine's diagnostics when the configuration is not
// valid, and is skipped, saying why, when no engine is installed
// ($TFKIT_TERRAFORM, else terraform or tofu on PATH). init installs the
// providers as the engine does (the registry, or the mirror your CLI
// configuration names), so the first run may take a while.
func (s *Stack) IsValidTerraform(t testing.TB) bool {
	t.Helper()
	engine, err := runner.Find("", os.Environ())
	if err != nil {
		t.Skipf("tfkittest: no engine to validate with (%v); install terraform or tofu, or set TFKIT_TERRAFORM", err)
	}
	dir := t.TempDir()
	for p, data := range s.Files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	run := func(args ...string) ([]byte, []byte, error) {
		cmd := exec.CommandContext(ctx, engine, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.Bytes(), stderr.Bytes(), err
	}
	if out, errOut, err := run("init", "-backend=false", "-input=false", "-no-color"); err != nil {
		t.Errorf("stack %s: %s init failed: %v\n%s%s", s.Name, filepath.Base(engine), err, out, errOut)
		return false
	}
	out, errOut, err := run("validate", "-json", "-no-color")
	var res struct {
		Valid       bool `json:"valid"`
		Diagnostics []struct {
			Severity string `json:"severity"`
			Summary  string `json:"summary"`
			Detail   string `json:"detail"`
			Range    *struct {
				Filename string `json:"filename"`
				Start    struct{ Line, Column int }
			} `json:"range"`
		} `json:"diagnostics"`
	}
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		t.Errorf("stack %s: %s validate: %v\n%s%s", s.Name, filepath.Base(engine), err, out, errOut)
		return false
	}
	if res.Valid {
		return true
	}
	var b strings.Builder
	for _, d := range res.Diagnostics {
		at := ""
		if d.Range != nil {
			at = fmt.Sprintf("%s:%d:%d: ", d.Range.Filename, d.Range.Start.Line, d.Range.Start.Column)
		}
		fmt.Fprintf(&b, "\n  %s%s: %s; %s", at, d.Severity, d.Summary, d.Detail)
	}
	t.Errorf("stack %s is not valid Terraform (%s validate):%s", s.Name, filepath.Base(engine), b.String())
	return false
}

func listOrNone(noun string, have []string, want string) string {
	if len(have) == 0 {
		return fmt.Sprintf(" (it has no %ss)", noun)
	}
	near := ""
	if n := nearest(want, have); n != "" {
		near = "; " + n
	}
	return fmt.Sprintf(" (it has %s%s)", strings.Join(have, ", "), near)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// asList reads a block that Terraform JSON writes as an object or as a
// list of objects.
func asList(v any) []any {
	switch v := v.(type) {
	case []any:
		return v
	case nil:
		return nil
	}
	return []any{v}
}
