package config

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
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
