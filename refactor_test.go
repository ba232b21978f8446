package tfkit_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/refactorcases"
	"github.com/tfkit/tfkit/tffile"
)

// TestRemovedOrMovedStillDeclared: a removed or moved block whose from
// names an element the stack still declares (as a handle or as text) is
// refused at the Go line that gave it, naming the declaration, as the
// engines refuse it when they plan; a move within one resource is fine.
func TestRemovedOrMovedStillDeclared(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "dev")
	declP := here() + 1
	p := tfkit.NewResource(s, "terraform_data", "p", nil)
	q := tfkit.NewResource(s, "terraform_data", "q", tfkit.Attrs{"input": p.Ref("id")}).Count(2)
	net := tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	atRemoved := here() + 1
	tfkit.NewRemoved(s, p, false)
	atMoved := here() + 1
	tfkit.NewMoved(s, "terraform_data.q", "terraform_data.r")
	tfkit.NewRemoved(s, net, true)
	// Fine: a move within one resource, from an instance count no longer
	// declares, and what is no longer declared.
	tfkit.NewMoved(s, "terraform_data.q", q.Ref().Index(0))
	tfkit.NewMoved(s, "terraform_data.q[2]", "terraform_data.s")
	tfkit.NewRemoved(s, "terraform_data.gone", false)
	tfkit.NewMoved(s, "terraform_data.old", "terraform_data.p")

	ds := app.Validate()
	var got []string
	for _, d := range ds {
		got = append(got, d.Summary)
	}
	if strings.Join(got, "|") != "Removed resource still exists|Moved object still exists|Removed module still exists" {
		t.Fatalf("diagnostics: %s", ds)
	}
	rm, mv := ds[0], ds[1]
	if rm.Subject == nil || rm.Subject.Start.Line != atRemoved || rm.Path != "removed.from" ||
		len(rm.Related) != 1 || rm.Related[0].Range.Start.Line != declP ||
		rm.Detail != "This statement declares that terraform_data.p was removed, but it is still declared in configuration." {
		t.Errorf("removed: %s (related %v)", rm, rm.Related)
	}
	if mv.Subject == nil || mv.Subject.Start.Line != atMoved || len(mv.Related) != 1 ||
		!strings.HasPrefix(mv.Detail, "This statement declares a move from terraform_data.q, but that resource is still declared at ") ||
		!strings.HasSuffix(mv.Detail, "Change your configuration so that this resource will be declared as terraform_data.r instead.") {
		t.Errorf("moved: %s", mv)
	}
	// The words are those tfkit eval gives (config.StillDeclared).
	for _, d := range ds {
		block, to := "removed", ""
		if d.Summary == "Moved object still exists" {
			block, to = "moved", "terraform_data.r"
		}
		from := strings.TrimSuffix(d.Related[0].Message, " declared here")
		w, _ := config.StillDeclared(block, strings.HasPrefix(from, "module."), false, from, to, d.Related[0].Range, false)
		if d.Summary != w.Summary || d.Detail != w.Detail || d.Suggestion != w.Suggestion || d.Suggestion == "" {
			t.Errorf("%s: not the words of config.StillDeclared: %s", d.Summary, w)
		}
	}
}

// TestMovedFromInstanceStillDeclared: a moved block whose from is one
// instance of a resource or module call that count or for_each still
// declares is refused at the NewMoved line, related to the Count or ForEach
// line, in the engines' words; an instance they no longer declare, and a
// count only evaluation knows, are not.
func TestMovedFromInstanceStillDeclared(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithGetenv(func(string) string { return "" }))
	s := tfkit.NewStack(app, "dev")
	atCount := here() + 1
	a := tfkit.NewResource(s, "terraform_data", "a", nil).Count(2)
	atForEach := here() + 1
	c := tfkit.NewResource(s, "terraform_data", "c", nil).ForEach(tfkit.Fn("toset", []string{"x", "y"}))
	atMap := here() + 1
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"}).ForEach(map[string]any{"one": 1})
	tfkit.NewResource(s, "terraform_data", "b", nil)
	n := tfkit.NewVariable(s, "n", tfkit.VariableConfig{Type: "number", Default: 1})
	tfkit.NewResource(s, "terraform_data", "v", nil).Count(n.Ref())
	atA := here() + 1
	tfkit.NewMoved(s, a.Ref().Index(1), "terraform_data.b")
	atC := here() + 1
	tfkit.NewMoved(s, c.Ref().Index("y"), "terraform_data.d")
	atM := here() + 1
	tfkit.NewMoved(s, `module.m["one"]`, "module.n")
	// Fine: no longer declared, or only the engines know.
	tfkit.NewMoved(s, "terraform_data.a[2]", "terraform_data.e")
	tfkit.NewMoved(s, `terraform_data.c["z"]`, "terraform_data.f")
	tfkit.NewMoved(s, "terraform_data.v[0]", "terraform_data.g")
	tfkit.NewMoved(s, "terraform_data.b[0]", "terraform_data.h")

	var got []string
	for _, d := range app.Validate() {
		if d.Summary != "Moved object still exists" {
			continue
		}
		line, rel := 0, 0
		if d.Subject != nil {
			line = d.Subject.Start.Line
		}
		if len(d.Related) == 1 {
			rel = d.Related[0].Range.Start.Line
		}
		got = append(got, fmt.Sprintf("%d %d %s", line, rel, strings.ReplaceAll(d.Detail, d.Related[0].Range.Filename, "F")))
		from := strings.TrimSuffix(d.Related[0].Message, " declared here")
		to := strings.TrimSuffix(d.Detail[strings.LastIndex(d.Detail, " as ")+4:], " instead.")
		w, _ := config.StillDeclared("moved", strings.HasPrefix(from, "module."), true, from, to, d.Related[0].Range, false)
		if d.Detail != w.Detail || d.Suggestion != w.Suggestion || !strings.Contains(d.Suggestion, "count or for_each") {
			t.Errorf("%s: not the words of config.StillDeclared: %s", from, w)
		}
	}
	pos := func(line int) string { return fmt.Sprintf("F:%d.", line) }
	want := []string{
		fmt.Sprintf("%d %d This statement declares a move from terraform_data.a[1], but that resource instance is still declared at %s", atA, atCount, pos(atCount)),
		fmt.Sprintf("%d %d This statement declares a move from terraform_data.c[\"y\"], but that resource instance is still declared at %s", atC, atForEach, pos(atForEach)),
		fmt.Sprintf("%d %d This statement declares a move from module.m[\"one\"], but that module instance is still declared at %s", atM, atMap, pos(atMap)),
	}
	if len(got) != len(want) {
		t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("got:\n%s\nwant prefix:\n%s", got[i], want[i])
		}
	}
}

// TestRemovedStillDeclaredOpenTofu: for output that goes to OpenTofu, a
// removed block naming what the stack still declares is in OpenTofu's
// words, still at the Go line of the removed block.
func TestRemovedStillDeclaredOpenTofu(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string {
		if k == tfkit.EnvEngine {
			return "tofu"
		}
		return ""
	}))
	s := tfkit.NewStack(app, "dev")
	p := tfkit.NewResource(s, "terraform_data", "p", nil)
	net := tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	atRemoved := here() + 1
	tfkit.NewRemoved(s, p, false)
	tfkit.NewRemoved(s, net, true)
	ds := app.Validate()
	if len(ds) != 2 || ds[0].Summary != "Removed resource block still exists" || ds[1].Summary != "Removed module block still exists" {
		t.Fatalf("diagnostics: %s", ds)
	}
	if ds[0].Subject == nil || ds[0].Subject.Start.Line != atRemoved ||
		ds[0].Detail != "This statement declares a removal of the resource terraform_data.p, but this resource block still exists in the configuration. Please remove the resource block." {
		t.Errorf("removed: %s", ds[0])
	}
	if _, err := app.Files(); err == nil || !strings.Contains(err.Error(), "Removed module block still exists") {
		t.Errorf("Files: %v", err)
	}
}

// TestMovedOutOfConfig: a moved block whose to names a resource or module
// call the stack does not declare is a warning at the NewMoved line (the
// engines accept it, and their plans move the object there and destroy
// it); synth still writes the stack. A chain of moves, a removal of the
// new address, a to inside a declared module call and a to that is
// declared are fine.
func TestMovedOutOfConfig(t *testing.T) {
	var warnings strings.Builder
	app := tfkit.NewApp(tfkit.WithWarnings(&warnings), tfkit.WithGetenv(func(string) string { return "" }))
	s := tfkit.NewStack(app, "dev")
	web := tfkit.NewResource(s, "terraform_data", "webserver", nil)
	tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	atTypo := here() + 1
	tfkit.NewMoved(s, "terraform_data.old", "terraform_data.websrever")
	atModule := here() + 1
	tfkit.NewMoved(s, "module.old", "module.gone")
	// Fine.
	tfkit.NewMoved(s, "terraform_data.a", "terraform_data.b")
	tfkit.NewMoved(s, "terraform_data.b", web)
	tfkit.NewMoved(s, "terraform_data.c", "terraform_data.d")
	tfkit.NewRemoved(s, "terraform_data.d", false)
	tfkit.NewMoved(s, "terraform_data.e", "module.net.terraform_data.e")
	tfkit.NewMoved(s, "terraform_data.f", web.Ref().Index(0))

	ds := app.Validate()
	if ds.HasErrors() || len(ds) != 2 {
		t.Fatalf("diagnostics: %s", ds)
	}
	typo, mod := ds[0], ds[1]
	if typo.Severity != diag.Warning || typo.Summary != "Moved to an address not in the configuration" ||
		typo.Subject == nil || filepath.Base(typo.Subject.Filename) != "refactor_test.go" || typo.Subject.Start.Line != atTypo ||
		typo.Path != "moved.to" ||
		!strings.Contains(typo.Detail, `stack "dev" moves terraform_data.old to terraform_data.websrever, but the stack declares no resource terraform_data.websrever`) ||
		!strings.Contains(typo.Detail, "destroy") ||
		!strings.Contains(typo.Suggestion, "did you mean terraform_data.webserver?") ||
		!strings.Contains(typo.Suggestion, "removed block for terraform_data.old") {
		t.Errorf("typo: %s", typo)
	}
	if mod.Subject == nil || mod.Subject.Start.Line != atModule ||
		!strings.Contains(mod.Detail, "declares no module call module.gone") || strings.Contains(mod.Suggestion, "did you mean") {
		t.Errorf("module: %s", mod)
	}
	files, err := app.Files()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(files["stacks/dev/main.tf"]), "terraform_data.websrever") {
		t.Errorf("the moved block was not written:\n%s", files["stacks/dev/main.tf"])
	}
	if !strings.Contains(warnings.String(), "Moved to an address not in the configuration") {
		t.Errorf("warnings: %q", warnings.String())
	}
}

// TestMovedOutOfConfigEngineDestroys: what the warning of a moved block
// to an undeclared address says is what both engines do: plan accepts the
// stack, moves the object there and plans to destroy it.
func TestMovedOutOfConfigEngineDestroys(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		app := tfkit.NewApp(tfkit.WithGetenv(func(string) string { return "" }), tfkit.WithWarnings(io.Discard))
		s := tfkit.NewStack(app, "dev")
		tfkit.NewResource(s, "terraform_data", "a", nil)
		files, err := app.Files()
		if err != nil {
			t.Fatal(err)
		}
		w := enginetest.Workspace(t, map[string]string{"main.tf": string(files["stacks/dev/main.tf"])})
		w.Init()
		w.Apply()

		app = tfkit.NewApp(tfkit.WithGetenv(func(string) string { return "" }), tfkit.WithWarnings(io.Discard))
		s = tfkit.NewStack(app, "dev")
		tfkit.NewResource(s, "terraform_data", "c", nil)
		tfkit.NewMoved(s, "terraform_data.a", "terraform_data.b")
		if ds := app.Validate(); ds.HasErrors() || len(ds) != 1 || ds[0].Summary != "Moved to an address not in the configuration" {
			t.Fatalf("diagnostics: %s", ds)
		}
		files, err = app.Files()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(w.Dir, "main.tf"), files["stacks/dev/main.tf"], 0o644); err != nil {
			t.Fatal(err)
		}
		p := w.Plan()
		if !strings.Contains(p.Output, "terraform_data.b will be destroyed") ||
			!strings.Contains(p.Output, "because terraform_data.a was moved to terraform_data.b, which is not in configuration") {
			t.Errorf("plan:\n%s", p.Output)
		}
	})
}

// TestRemovedInstanceKey: a removed block whose from has an instance key
// (of a resource or of a module call) is refused at the NewRemoved line in
// the engines' words (config.RemovedInstanceKey), OpenTofu's for output
// that goes to it.
func TestRemovedInstanceKey(t *testing.T) {
	for _, engine := range []string{"", "tofu"} {
		t.Run("engine="+engine, func(t *testing.T) {
			app := tfkit.NewApp(tfkit.WithGetenv(envOf(map[string]string{tfkit.EnvEngine: engine})))
			s := tfkit.NewStack(app, "dev")
			ids := tfkit.NewResource(s, "terraform_data", "ids", nil).ForEach(tfkit.Fn("toset", []string{"a", "b"}))
			atResource := here() + 1
			tfkit.NewRemoved(s, ids.Ref().Index("b"), false)
			atModule := here() + 1
			tfkit.NewRemoved(s, `module.net["a"].terraform_data.x`, false)
			ds := app.Validate()
			tofu := engine == "tofu"
			want := []*diag.Diagnostic{config.RemovedInstanceKey(false, tofu), config.RemovedInstanceKey(true, tofu)}
			if len(ds) != 2 {
				t.Fatalf("diagnostics: %s", ds)
			}
			for i, line := range []int{atResource, atModule} {
				d := ds[i]
				if d.Summary != want[i].Summary || d.Detail != want[i].Detail || d.Suggestion == "" ||
					d.Subject == nil || d.Subject.Start.Line != line || d.Path != "removed.from" {
					t.Errorf("removed %d: %s", i, d)
				}
			}
		})
	}
}

// importWithoutKey declares, in stack s, imports whose to names a resource
// with count or for_each, or a resource of a module call with count,
// without the instance key, which both engines refuse; then imports that
// name an instance, which are fine. It returns the lines of the three
// NewImport calls that are refused.
func importWithoutKey(s *tfkit.Stack) []int {
	a := tfkit.NewResource(s, "terraform_data", "a", nil).Count(2)
	c := tfkit.NewResource(s, "terraform_data", "c", nil).ForEach(tfkit.Fn("toset", []string{"x", "y"}))
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"}).Count(2)
	lines := []int{here() + 1}
	tfkit.NewImport(s, a, "id-a")
	lines = append(lines, here()+1)
	tfkit.NewImport(s, c, tfkit.EachKey).ForEach(tfkit.Fn("toset", []string{"x"}))
	lines = append(lines, here()+1)
	tfkit.NewImport(s, "module.m.terraform_data.x", "id-x")
	// Fine: an instance of each.
	tfkit.NewImport(s, a.Ref().Index(1), "id-a1")
	tfkit.NewImport(s, c.Ref().Index("y"), "id-y")
	tfkit.NewImport(s, "terraform_data.c[each.key]", tfkit.EachKey).ForEach(tfkit.Fn("toset", []string{"x"}))
	tfkit.NewImport(s, "module.m[1].terraform_data.x", "id-x1")
	return lines
}

// importWithoutKeyHCL is what importWithoutKey declares, as the engines
// read it, with the module m declares; keyless holds the two imports
// whose to names a resource of the stack without a key, which Terraform
// refuses before it plans, and so before it sees the third.
func importWithoutKeyHCL(keyless bool) map[string]string {
	main := `resource "terraform_data" "a" {
  count = 2
}
resource "terraform_data" "c" {
  for_each = toset(["x", "y"])
}
module "m" {
  source = "./m"
  count  = 2
}
import {
  to = module.m.terraform_data.x
  id = "id-x"
}
import {
  to = terraform_data.a[1]
  id = "id-a1"
}
import {
  to = terraform_data.c["y"]
  id = "id-y"
}
import {
  for_each = toset(["x"])
  to       = terraform_data.c[each.key]
  id       = each.key
}
import {
  to = module.m[1].terraform_data.x
  id = "id-x1"
}
`
	if keyless {
		main += `import {
  to = terraform_data.a
  id = "id-a"
}
import {
  for_each = toset(["x"])
  to       = terraform_data.c
  id       = each.key
}
`
	}
	return map[string]string{"main.tf": main, "m/main.tf": `resource "terraform_data" "x" {}
`}
}

// TestImportWithoutInstanceKey: an import whose to names a resource with
// count or for_each without an instance key (also with the import's own
// ForEach) is refused at the NewImport line in the engine's words:
// Terraform's "Invalid import 'to' expression", OpenTofu's "Configuration
// for import target does not exist"; one into a module call with count
// whose to has no key for the call in both engines' words. Imports that
// name an instance are fine.
func TestImportWithoutInstanceKey(t *testing.T) {
	for _, engine := range []string{"", "tofu"} {
		t.Run("engine="+engine, func(t *testing.T) {
			app := tfkit.NewApp(tfkit.WithGetenv(envOf(map[string]string{tfkit.EnvEngine: engine})))
			s := tfkit.NewStack(app, "dev")
			lines := importWithoutKey(s)
			ds := app.Validate()
			var got []string
			for i, d := range ds {
				got = append(got, d.Summary+"; "+d.Detail)
				if i < len(lines) && (d.Subject == nil || d.Subject.Start.Line != lines[i] || filepath.Base(d.Subject.Filename) != "refactor_test.go" ||
					d.Path != "import.to" || !strings.Contains(d.Suggestion, "each.key") || len(d.Related) != 1) {
					t.Errorf("import %d: at %v, path %q, hint %q, related %v", i, d.Subject, d.Path, d.Suggestion, d.Related)
				}
			}
			want := []string{
				"Invalid import 'to' expression; The target resource is using count.",
				"Invalid import 'to' expression; The target resource is using for_each.",
			}
			if engine == "tofu" {
				want = []string{
					"Configuration for import target does not exist; The configuration for the given import terraform_data.a does not exist. All target instances must have an associated configuration to be imported.",
					"Configuration for import target does not exist; The configuration for the given import terraform_data.c does not exist. All target instances must have an associated configuration to be imported.",
				}
			}
			want = append(want, "Configuration for import target does not exist; The configuration for the given import module.m.terraform_data.x does not exist. All target instances must have an associated configuration to be imported.")
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if _, err := app.Files(); err == nil {
				t.Error("Files wrote the stack")
			}
		})
	}
}

// TestImportWithoutInstanceKeyMatchesEngine: what synth says of each
// import of importWithoutKey is what the engine says of it: terraform
// validate, or tofu plan, and the plan of the stack without the two
// imports terraform validate refuses, report the same errors in the same
// words, and none of the imports that name an instance.
func TestImportWithoutInstanceKeyMatchesEngine(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		name := ""
		if tffile.EngineOf(engine) == tffile.OpenTofu {
			name = "tofu"
		}
		app := tfkit.NewApp(tfkit.WithGetenv(envOf(map[string]string{tfkit.EnvEngine: name})))
		importWithoutKey(tfkit.NewStack(app, "dev"))
		var want []string
		for _, d := range app.Validate() {
			want = append(want, d.Summary+"; "+d.Detail)
		}
		sort.Strings(want)

		seen := map[string]bool{}
		var got []string
		for _, keyless := range []bool{true, false} {
			w := enginetest.Workspace(t, importWithoutKeyHCL(keyless))
			w.Exec("init", "-input=false", "-no-color")
			for _, d := range engineErrors(t, w) {
				if line := d.Words(); !seen[line] {
					seen[line] = true
					got = append(got, line)
				}
			}
		}
		sort.Strings(got)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("engine:\n%s\nsynth:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// refactorMistake is a mistake in moved, import or removed blocks that
// both engines refuse: what the stack declares, and the same as the
// engines read it.
type refactorMistake struct {
	name  string
	build func(s *tfkit.Stack)
	hcl   string
	// want is synth's errors, summary and detail, with positions as POS;
	// tofu replaces it for output that goes to OpenTofu. terraformAlso
	// are further errors terraform gives for the same mistakes.
	want, tofu, terraformAlso []string
}

var refactorMistakes = []refactorMistake{
	{name: "import with a key the resource does not declare", build: func(s *tfkit.Stack) {
		a := tfkit.NewResource(s, "random_string", "a", tfkit.Attrs{"length": 3})
		c := tfkit.NewResource(s, "random_string", "c", tfkit.Attrs{"length": 3}).Count(2)
		e := tfkit.NewResource(s, "random_string", "e", tfkit.Attrs{"length": 3}).ForEach(tfkit.Fn("toset", []string{"x"}))
		tfkit.NewImport(s, a.Ref().Index(0), "a0")
		tfkit.NewImport(s, c.Ref().Index("x"), "cx")
		tfkit.NewImport(s, e.Ref().Index(0), "e0")
		tfkit.NewImport(s, c.Ref().Index(1), "c1")
	}, hcl: `resource "random_string" "a" {
  length = 3
}
resource "random_string" "c" {
  count  = 2
  length = 3
}
resource "random_string" "e" {
  for_each = toset(["x"])
  length   = 3
}
import {
  to = random_string.a[0]
  id = "a0"
}
import {
  to = random_string.c["x"]
  id = "cx"
}
import {
  to = random_string.e[0]
  id = "e0"
}
import {
  to = random_string.c[1]
  id = "c1"
}
`, want: []string{
		"Invalid import 'to' expression; The target resource does not use count.",
		"Invalid import 'to' expression; The target resource does not use for_each.",
		"Invalid import 'to' expression; The target resource does not use count.",
	}, tofu: []string{
		"Configuration for import target does not exist; The configuration for the given import random_string.a[0] does not exist. All target instances must have an associated configuration to be imported.",
		`Configuration for import target does not exist; The configuration for the given import random_string.c["x"] does not exist. All target instances must have an associated configuration to be imported.`,
		"Configuration for import target does not exist; The configuration for the given import random_string.e[0] does not exist. All target instances must have an associated configuration to be imported.",
	}},
	{name: "import into a module call", build: func(s *tfkit.Stack) {
		m := tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"})
		tfkit.NewImport(s, m, "m")
	}, hcl: `module "m" {
  source = "./m"
}
import {
  to = module.m
  id = "m"
}
`, want: []string{
		"Invalid address; A resource instance address is required here. The module path must be followed by a resource instance specification.",
	}, terraformAlso: []string{"Invalid import address; Only managed resources can be imported."}},
	{name: "import into a data source", build: func(s *tfkit.Stack) {
		d := tfkit.NewDataSource(s, "local_file", "d", tfkit.Attrs{"filename": "d.txt"})
		tfkit.NewImport(s, d, "d")
	}, hcl: `data "local_file" "d" {
  filename = "d.txt"
}
import {
  to = data.local_file.d
  id = "d"
}
`, want: []string{
		"Invalid import address; Only managed resources can be imported.",
	}, tofu: []string{
		"Configuration for import target does not exist; The configuration for the given import data.local_file.d does not exist. All target instances must have an associated configuration to be imported.",
	}},
	{name: "two imports of one instance", build: func(s *tfkit.Stack) {
		a := tfkit.NewResource(s, "random_string", "a", tfkit.Attrs{"length": 3}).Count(2)
		tfkit.NewImport(s, a.Ref().Index(1), "x")
		tfkit.NewImport(s, a.Ref().Index(0), "y")
		tfkit.NewImport(s, "random_string.a[1]", "z")
	}, hcl: `resource "random_string" "a" {
  count  = 2
  length = 3
}
import {
  to = random_string.a[1]
  id = "x"
}
import {
  to = random_string.a[0]
  id = "y"
}
import {
  to = random_string.a[1]
  id = "z"
}
`, want: []string{
		`Duplicate import configuration for "random_string.a"; An import block for the resource "random_string.a" was already declared at POS. A resource can have only one import block.`,
	}, tofu: []string{
		`Duplicate import configuration for "random_string.a[1]"; An import block for the resource "random_string.a[1]" was already declared at POS. A resource can have only one import block.`,
	}},
	{name: "moved between a resource and a module call", build: func(s *tfkit.Stack) {
		m := tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"})
		p := tfkit.NewResource(s, "random_pet", "p", nil)
		tfkit.NewMoved(s, "random_pet.old", m)
		tfkit.NewMoved(s, `module.gone["a"]`, p)
		tfkit.NewMoved(s, "random_pet.q", "module.m.random_pet.q")
	}, hcl: `module "m" {
  source = "./m"
}
resource "random_pet" "p" {}
moved {
  from = random_pet.old
  to   = module.m
}
moved {
  from = module.gone["a"]
  to   = random_pet.p
}
moved {
  from = random_pet.q
  to   = module.m.random_pet.q
}
`, want: []string{
		`Invalid "moved" addresses; The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
		`Invalid "moved" addresses; The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
	}},
	{name: "removed data source", build: func(s *tfkit.Stack) {
		tfkit.NewRemoved(s, "data.random_string.d", false)
	}, hcl: `removed {
  from = data.random_string.d
  lifecycle {
    destroy = false
  }
}
`, want: []string{
		"Data source address not allowed; Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.",
	}, tofu: []string{
		"Data source address is not allowed; Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration.",
	}},
	{name: "ambiguous moves", build: func(s *tfkit.Stack) {
		c := tfkit.NewResource(s, "random_pet", "c", nil)
		d := tfkit.NewResource(s, "random_pet", "d", nil)
		m := tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"})
		tfkit.NewMoved(s, "random_pet.a", c)
		tfkit.NewMoved(s, "random_pet.b", c)
		tfkit.NewMoved(s, "random_pet.a", d)
		tfkit.NewMoved(s, "module.x", m)
		tfkit.NewMoved(s, "module.y", m)
	}, hcl: `resource "random_pet" "c" {}
resource "random_pet" "d" {}
module "m" {
  source = "./m"
}
moved {
  from = random_pet.a
  to   = random_pet.c
}
moved {
  from = random_pet.b
  to   = random_pet.c
}
moved {
  from = random_pet.a
  to   = random_pet.d
}
moved {
  from = module.x
  to   = module.m
}
moved {
  from = module.y
  to   = module.m
}
`, want: []string{
		"Ambiguous move statements; A statement at POS declared that random_pet.a moved to random_pet.c, but this statement instead declares that random_pet.b moved there. Each resource can have moved from only one source resource.",
		"Ambiguous move statements; A statement at POS declared that random_pet.a moved to random_pet.c, but this statement instead declares that it moved to random_pet.d. Each resource can move to only one destination resource.",
		"Ambiguous move statements; A statement at POS declared that module.x moved to module.m, but this statement instead declares that module.y moved there. Each module call can have moved from only one source call.",
	}},
	{name: "moves in a cycle", build: func(s *tfkit.Stack) {
		tfkit.NewResource(s, "random_pet", "e", nil)
		tfkit.NewMoved(s, "random_pet.d", "random_pet.e")
		tfkit.NewMoved(s, "random_pet.a", "random_pet.b")
		tfkit.NewMoved(s, "random_pet.b", "random_pet.a")
	}, hcl: `resource "random_pet" "e" {}
moved {
  from = random_pet.d
  to   = random_pet.e
}
moved {
  from = random_pet.a
  to   = random_pet.b
}
moved {
  from = random_pet.b
  to   = random_pet.a
}
`, want: []string{
		"Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - POS: random_pet.a[*] → random_pet.b[*] - POS: random_pet.b[*] → random_pet.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.",
	}},
}

// positions are the positions of blocks the engines and synth name in
// details: main.tf:5,1-7, main.tf:3,1, /dir/refactor_test.go:412.
var positions = regexp.MustCompile(`\S+\.(tf|go):\d+(,\d+(-\d+)?)?`)

// refactorErrors is each error's summary and detail, its spaces folded
// and its positions POS.
func refactorErrors(ds diag.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		if d.Severity == diag.Error {
			out = append(out, d.Summary+"; "+positions.ReplaceAllString(strings.Join(strings.Fields(d.Detail), " "), "POS"))
		}
	}
	return out
}

// TestRefactorMistakes: synth refuses each of refactorMistakes at the Go
// line of the block, with a hint, in the words of the engine the output
// is for.
func TestRefactorMistakes(t *testing.T) {
	for _, m := range refactorMistakes {
		for _, engine := range []string{"", "tofu"} {
			t.Run(m.name+"/engine="+engine, func(t *testing.T) {
				app := tfkit.NewApp(tfkit.WithGetenv(envOf(map[string]string{tfkit.EnvEngine: engine})))
				m.build(tfkit.NewStack(app, "dev"))
				ds := app.Validate()
				want := m.want
				if engine == "tofu" && m.tofu != nil {
					want = m.tofu
				}
				if got := refactorErrors(ds); strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				for _, d := range ds {
					if d.Subject == nil || filepath.Base(d.Subject.Filename) != "refactor_test.go" || d.Suggestion == "" || d.Path == "" {
						t.Errorf("%s: at %v, path %q, hint %q", d.Summary, d.Subject, d.Path, d.Suggestion)
					}
				}
			})
		}
	}
}

// TestRefactorMistakesMatchEngine: the engine refuses each of
// refactorMistakes, as written in HCL, with the errors synth gives for
// it (terraform validate, or plan where validate accepts it).
func TestRefactorMistakesMatchEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for _, m := range refactorMistakes {
		t.Run(m.name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				want := m.want
				if tffile.EngineOf(engine) == tffile.OpenTofu {
					if m.tofu != nil {
						want = m.tofu
					}
				} else {
					want = append(append([]string(nil), want...), m.terraformAlso...)
				}
				w := enginetest.Workspace(t, map[string]string{"main.tf": m.hcl, "m/main.tf": "resource \"random_pet\" \"q\" {}\n"})
				w.Exec("init", "-input=false", "-no-color")
				var got []string
				for _, d := range engineErrors(t, w) {
					got = append(got, cycleSorted(d.Summary+"; "+positions.ReplaceAllString(strings.Join(strings.Fields(d.Detail), " "), "POS")))
				}
				sort.Strings(got)
				want = append([]string(nil), want...)
				for i := range want {
					want[i] = cycleSorted(want[i])
				}
				sort.Strings(want)
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("engine:\n%s\nsynth:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		})
	}
}

// cycleSorted sorts the statements a "Cyclic dependency in move
// statements" error lists: synth lists them in the order they are
// declared, the engines start elsewhere in the cycle.
func cycleSorted(e string) string {
	const item, end = " - POS: ", " A chain of move statements"
	start, stop := strings.Index(e, item), strings.Index(e, end)
	if !strings.HasPrefix(e, "Cyclic dependency in move statements;") || start < 0 || stop < start {
		return e
	}
	items := strings.Split(e[start+len(item):stop], item)
	sort.Strings(items)
	return e[:start] + item + strings.Join(items, item) + e[stop:]
}

// engineErrors runs validate -json in w and, where it passes, plan -json:
// the errors they report.
func engineErrors(t *testing.T, w *enginetest.Workdir) []refactorcases.Diagnostic {
	t.Helper()
	return refactorcases.EngineErrors(t, func(args ...string) (string, string) {
		r := w.Exec(args...)
		return r.Stdout, r.Output
	})
}
