package config

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

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

// checkedMoves are moved blocks of one module that both engines refuse
// (or accept) compared with each other: moves of whole resources, calls
// and instances, ambiguous or in a cycle, a move from and to one
// address, and one between a resource and a module call.
var checkedMoves = []refactorcases.Case{
	refactorcases.AmbiguousMoves,
	refactorcases.AmbiguousLaterMove,
	refactorcases.AmbiguousInstanceMoves,
	refactorcases.AmbiguousModuleInstanceMoves,
	refactorcases.CyclicMoves,
	refactorcases.CyclicInstanceMoves,
	refactorcases.CyclicMixedMoves,
	refactorcases.CyclicModuleMoves,
	refactorcases.CycleBesideAmbiguous,
	refactorcases.RedundantMove,
	refactorcases.MovedResourceModule,
	refactorcases.FineMoves,
	refactorcases.MovedAcrossTypes,
	refactorcases.AmbiguousAcrossTypes,
	refactorcases.CyclicAcrossTypes,
}

// TestCheckMoves: CheckMoves refuses the moves of checkedMoves in the
// words of each engine the case holds (ambiguous moves at the later
// block, a cycle at its first), each at the block, its path moved, with
// a hint, and accepts those the engines accept; both engines give those
// errors (validate, or plan where validate accepts the configuration).
// Validate leaves them all to CheckMoves, so that no front end reports
// one twice.
func TestCheckMoves(t *testing.T) {
	for _, tc := range checkedMoves {
		t.Run(tc.Name, func(t *testing.T) {
			cfg := mustParse(t, tc.Main())
			for _, d := range Validate(cfg) {
				t.Errorf("Validate: %s: %s", d.Summary, d.Detail)
			}
			ds := CheckMoves(cfg.Blocks, false)
			for _, d := range ds {
				if d.Subject == nil || d.Subject.Filename != "main.tf" || d.Path != "moved" || d.Suggestion == "" {
					t.Errorf("%s: at %v (%s), hint %q", d.Summary, d.Subject, d.Path, d.Suggestion)
				}
			}
			got := diagLines(ds)
			for _, engine := range tc.Engines() {
				if words := tc.Words(engine); strings.Join(got, "\n") != strings.Join(words, "\n") {
					t.Errorf("CheckMoves:\n%s\n%s:\n%s", strings.Join(got, "\n"), engine, strings.Join(words, "\n"))
				}
			}
			enginetest.SkipShort(t)
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				if tc.Only != "" && (filepath.Base(engine) == "tofu") != (tc.Only == refactorcases.OpenTofu) {
					t.Skip("the case holds the words of", tc.Only, "only")
				}
				if files := planErrors(t, tc.Files); strings.Join(files, "\n") != strings.Join(got, "\n") {
					t.Errorf("CheckMoves:\n%s\nthe engine:\n%s", strings.Join(got, "\n"), strings.Join(files, "\n"))
				}
			})
		})
	}
}

// TestCheckMovesCyclesHidden: a cycle is reported only when no moved
// block has another error, the caller's (a from still declared) among
// them, as the engines look for cycles last.
func TestCheckMovesCyclesHidden(t *testing.T) {
	cfg := mustParse(t, refactorcases.CycleBesideStillDeclared.Main())
	if ds := CheckMoves(cfg.Blocks, true); len(ds) != 0 {
		t.Errorf("with a from still declared: %v", diagLines(ds))
	}
	got := diagLines(CheckMoves(cfg.Blocks, false))
	if len(got) != 1 || !strings.HasPrefix(got[0], "Cyclic dependency in move statements; ") {
		t.Errorf("without: %v, want the cycle", got)
	}
}

// TestCheckMovesAddressesAsText: addresses a front end gives as text
// (strings, which the renderer writes bare) are compared as the same
// addresses written as references.
func TestCheckMovesAddressesAsText(t *testing.T) {
	text := func(s string) Expr { return &Literal{Val: cty.StringVal(s)} }
	var blocks []*Block
	for i, m := range [][2]string{
		{"terraform_data.a[0]", `terraform_data.b["k"]`},
		{`terraform_data.b["k"]`, "terraform_data.a[0]"},
		{"terraform_data.x", "terraform_data.c"},
		{"terraform_data.x", "terraform_data.d"},
	} {
		b := NewBlock("moved")
		b.DeclRange = hcl.Range{Filename: "main.tsx", Start: hcl.Pos{Line: i + 3, Column: 5}}
		b.Body.Set("from", text(m[0]))
		b.Body.Set("to", text(m[1]))
		blocks = append(blocks, b)
	}
	got := diagLines(CheckMoves(blocks, false))
	want := []string{"Ambiguous move statements; A statement at main.tsx:5,5 declared that terraform_data.x moved to terraform_data.c, but this statement instead declares that it moved to terraform_data.d. Each resource can move to only one destination resource."}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Without the ambiguous moves, the cycle of instances.
	got = diagLines(CheckMoves(blocks[:2], false))
	want = []string{`Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tsx:3,5: terraform_data.a[0] → terraform_data.b["k"] - main.tsx:4,5: terraform_data.b["k"] → terraform_data.a[0] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
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
	// init refuses what the engine refuses as it reads the configuration,
	// as validate does next.
	w.Exec("init", "-backend=false", "-input=false", "-no-color")
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
