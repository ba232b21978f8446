package config

import (
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/refactorcases"
)

// TestStillDeclaredWords: the engines' summary and detail for a moved or
// removed block whose from is still declared, where each engine reports
// it, and a hint saying how to fix it.
func TestStillDeclaredWords(t *testing.T) {
	decl := hcl.Range{Filename: "main.tf", Start: hcl.Pos{Line: 4, Column: 1}}
	for _, tc := range []struct {
		block                  string
		module, instance, tofu bool
		from, to               string
		summary, detail        string
		atDecl                 bool
	}{
		{"moved", false, false, false, "terraform_data.a", "terraform_data.b", "Moved object still exists",
			"This statement declares a move from terraform_data.a, but that resource is still declared at main.tf:4,1.\n\nChange your configuration so that this resource will be declared as terraform_data.b instead.", false},
		{"moved", true, false, true, "module.a", "module.b", "Moved object still exists",
			"This statement declares a move from module.a, but that module call is still declared at main.tf:4,1.\n\nChange your configuration so that this call will be declared as module.b instead.", false},
		{"removed", false, false, false, "terraform_data.a", "", "Removed resource still exists",
			"This statement declares that terraform_data.a was removed, but it is still declared in configuration.", true},
		{"removed", true, false, false, "module.m", "", "Removed module still exists",
			"This statement declares that module.m was removed, but it is still declared in configuration.", true},
		{"removed", false, false, true, "terraform_data.a", "", "Removed resource block still exists",
			"This statement declares a removal of the resource terraform_data.a, but this resource block still exists in the configuration. Please remove the resource block.", false},
		{"removed", true, false, true, "module.m", "", "Removed module block still exists",
			"This statement declares a removal of the module module.m, but this module block still exists in the configuration. Please remove the module block.", false},
		// An instance the configuration still declares: the engines point
		// at its count or for_each.
		{"moved", false, true, false, "terraform_data.a[0]", "terraform_data.b", "Moved object still exists",
			"This statement declares a move from terraform_data.a[0], but that resource instance is still declared at main.tf:4,1.\n\nChange your configuration so that this instance will be declared as terraform_data.b instead.", false},
		{"moved", true, true, true, `module.m["a"]`, "module.n", "Moved object still exists",
			"This statement declares a move from module.m[\"a\"], but that module instance is still declared at main.tf:4,1.\n\nChange your configuration so that this instance will be declared as module.n instead.", false},
	} {
		d, atDecl := StillDeclared(tc.block, tc.module, tc.instance, tc.from, tc.to, decl, tc.tofu)
		if d.Summary != tc.summary || d.Detail != tc.detail || atDecl != tc.atDecl || d.Suggestion == "" {
			t.Errorf("%s %s (tofu %v): %s; %q (at the declaration: %v; hint %q)", tc.block, tc.from, tc.tofu, d.Summary, d.Detail, atDecl, d.Suggestion)
		}
	}
}

// TestStillDeclaredGoLine: a declaration on a Go line, which has no
// column, is written as file:line, not file:line,0.
func TestStillDeclaredGoLine(t *testing.T) {
	decl := hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: 12}}
	d, _ := StillDeclared("moved", false, true, "terraform_data.a[0]", "terraform_data.b", decl, false)
	if !strings.Contains(d.Detail, "still declared at main.go:12.") {
		t.Errorf("detail: %q", d.Detail)
	}
}

// TestInstanceKeyOf: the first instance key of an address, and whether it
// is a module call's.
func TestInstanceKeyOf(t *testing.T) {
	for text, want := range map[string]struct {
		at     int
		module bool
	}{
		"aws_instance.a":                     {-1, false},
		"aws_instance.a[0]":                  {2, false},
		`module.net["a"]`:                    {2, true},
		"module.net.aws_vpc.main[1]":         {4, false},
		`module.net[0].aws_vpc.main`:         {2, true},
		`module.net.module.sub["x"].aws_a.b`: {4, true},
	} {
		tr, ds := hclsyntax.ParseTraversalAbs([]byte(text), "", hcl.InitialPos)
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		at, module := InstanceKeyOf(tr)
		if at != want.at || module != want.module {
			t.Errorf("%s: %d %v, want %d %v", text, at, module, want.at, want.module)
		}
	}
	for _, module := range []bool{false, true} {
		tf, tofu := RemovedInstanceKey(module, false), RemovedInstanceKey(module, true)
		if tf.Summary == tofu.Summary || !strings.Contains(tf.Suggestion, "without the key") {
			t.Errorf("module %v: %s / %s", module, tf, tofu)
		}
	}
}

// movedDataSources moves one data source to another, and a resource to a
// data source: both engines accept both, when nothing else declares the
// from addresses.
const movedDataSources = `moved {
  from = data.terraform_remote_state.a
  to   = data.terraform_remote_state.b
}
moved {
  from = terraform_data.c
  to   = data.terraform_remote_state.d
}
`

// TestValidateMovedDataSources: Validate accepts a move to a data source,
// as both engines do when they plan.
func TestValidateMovedDataSources(t *testing.T) {
	if ds := Validate(mustParse(t, movedDataSources)); len(ds) != 0 {
		t.Fatal(ds)
	}
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		if got := planErrors(t, map[string]string{"main.tf": movedDataSources}); len(got) != 0 {
			t.Errorf("the engine refuses it:\n%s", strings.Join(got, "\n"))
		}
	})
}

// instanceMoves are moved blocks with instance keys both engines refuse
// when they plan: moves of one instance to two, of two to one (also of
// module instances), and chains that come back where they started.
var instanceMoves = []refactorcases.Case{
	refactorcases.AmbiguousInstanceMoves,
	refactorcases.AmbiguousModuleInstanceMoves,
	refactorcases.CyclicInstanceMoves,
	refactorcases.CyclicMixedMoves,
}

// TestValidateInstanceMoves: Validate refuses the moves of instanceMoves
// at the later moved block (a cycle at its first), each with a hint, in
// Terraform's words, which both engines give when they plan.
func TestValidateInstanceMoves(t *testing.T) {
	for _, tc := range instanceMoves {
		t.Run(tc.Name, func(t *testing.T) {
			ds := Validate(mustParse(t, tc.Main()))
			if len(ds) == 0 {
				t.Fatal("no error")
			}
			for _, d := range ds {
				if d.Subject == nil || d.Path != "moved" || d.Suggestion == "" {
					t.Errorf("%s: at %v (%s), hint %q", d.Summary, d.Subject, d.Path, d.Suggestion)
				}
			}
			want := diagLines(ds)
			if words := tc.Words(refactorcases.Terraform); strings.Join(want, "\n") != strings.Join(words, "\n") {
				t.Errorf("Validate:\n%s\nTerraform:\n%s", strings.Join(want, "\n"), strings.Join(words, "\n"))
			}
			enginetest.SkipShort(t)
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				if got := planErrors(t, tc.Files); strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("Validate:\n%s\nthe engine:\n%s", strings.Join(want, "\n"), strings.Join(got, "\n"))
				}
			})
		})
	}
}

// TestValidateWholeMovesLeftToFrontEnds: moves of whole resources and
// calls are compared by the front ends, which see them all; Validate
// leaves them alone (a move of a whole resource and one of its instance
// are apart).
func TestValidateWholeMovesLeftToFrontEnds(t *testing.T) {
	src := `moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.b
  to   = terraform_data.a
}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
moved {
  from = terraform_data.x[0]
  to   = terraform_data.z[0]
}
`
	if ds := Validate(mustParse(t, src)); len(ds) != 0 {
		t.Fatal(ds)
	}
}

// diagLines are the summaries and details of ds, sorted, their details'
// spaces as one.
func diagLines(ds diag.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Summary+"; "+strings.Join(strings.Fields(d.Detail), " "))
	}
	sort.Strings(out)
	return out
}

// planErrors are the errors the engine of t reports for the configuration
// of files (terraform validate, or plan where validate accepts it), as
// diagLines writes them.
func planErrors(t *testing.T, files map[string]string) []string {
	w := enginetest.Workspace(t, files)
	w.Init("-backend=false")
	var out []string
	for _, d := range refactorcases.EngineErrors(t, func(args ...string) (string, string) {
		r := w.Exec(args...)
		return r.Stdout, r.Output
	}) {
		out = append(out, d.Words())
	}
	sort.Strings(out)
	return out
}
