package config

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestStillDeclaredWords: the engines' summary and detail for a moved or
// removed block whose from is still declared, where each engine reports
// it, and a hint saying how to fix it.
func TestStillDeclaredWords(t *testing.T) {
	decl := hcl.Range{Filename: "main.tf", Start: hcl.Pos{Line: 4, Column: 1}}
	for _, tc := range []struct {
		block           string
		module, tofu    bool
		from, to        string
		summary, detail string
		atDecl          bool
	}{
		{"moved", false, false, "terraform_data.a", "terraform_data.b", "Moved object still exists",
			"This statement declares a move from terraform_data.a, but that resource is still declared at main.tf:4,1.\n\nChange your configuration so that this resource will be declared as terraform_data.b instead.", false},
		{"moved", true, true, "module.a", "module.b", "Moved object still exists",
			"This statement declares a move from module.a, but that module call is still declared at main.tf:4,1.\n\nChange your configuration so that this call will be declared as module.b instead.", false},
		{"removed", false, false, "terraform_data.a", "", "Removed resource still exists",
			"This statement declares that terraform_data.a was removed, but it is still declared in configuration.", true},
		{"removed", true, false, "module.m", "", "Removed module still exists",
			"This statement declares that module.m was removed, but it is still declared in configuration.", true},
		{"removed", false, true, "terraform_data.a", "", "Removed resource block still exists",
			"This statement declares a removal of the resource terraform_data.a, but this resource block still exists in the configuration. Please remove the resource block.", false},
		{"removed", true, true, "module.m", "", "Removed module block still exists",
			"This statement declares a removal of the module module.m, but this module block still exists in the configuration. Please remove the module block.", false},
	} {
		d, atDecl := StillDeclared(tc.block, tc.module, tc.from, tc.to, decl, tc.tofu)
		if d.Summary != tc.summary || d.Detail != tc.detail || atDecl != tc.atDecl || d.Suggestion == "" {
			t.Errorf("%s %s (tofu %v): %s; %q (at the declaration: %v; hint %q)", tc.block, tc.from, tc.tofu, d.Summary, d.Detail, atDecl, d.Suggestion)
		}
	}
}
