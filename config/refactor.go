package config

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// StillDeclared is the engines' error for a moved or removed block whose
// from names a resource or module call the configuration still declares,
// which both engines refuse when they plan. block is "moved" or "removed";
// module says from names a module call (module.net) rather than a resource;
// from is the address as the engines print it (module.net.aws_vpc.main
// for a resource of a called module), to the moved block's to ("" for
// removed) and decl where the declaration starts. tofu chooses OpenTofu's
// words where they differ from Terraform's (a removed block's).
//
// atDeclaration says where the engine reports it: Terraform reports a
// removed block at the declaration, OpenTofu at the removed block, and
// both a moved block at the moved block. The caller sets Subject and Path.
// Validate's front ends (the Go and TSX synth check) and the loader (tfkit
// eval) report it with these words.
func StillDeclared(block string, module bool, from, to string, decl hcl.Range, tofu bool) (d *diag.Diagnostic, atDeclaration bool) {
	kind, short := "resource", "resource"
	if module {
		kind, short = "module call", "call"
	}
	if block == "moved" {
		return &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  "Moved object still exists",
			Detail: fmt.Sprintf("This statement declares a move from %s, but that %s is still declared at %s.\n\nChange your configuration so that this %s will be declared as %s instead.",
				from, kind, declPos(decl), short, to),
			Suggestion: fmt.Sprintf("declare the %s under its new address %s only, or delete the moved block", kind, to),
		}, false
	}
	noun := "resource"
	if module {
		noun = "module"
	}
	suggestion := fmt.Sprintf("delete the declaration of %s (keep the removed block to forget it without destroying it), or delete the removed block", from)
	if tofu {
		return &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  "Removed " + noun + " block still exists",
			Detail: fmt.Sprintf("This statement declares a removal of the %s %s, but this %s block still exists in the configuration. Please remove the %s block.",
				noun, from, noun, noun),
			Suggestion: suggestion,
		}, false
	}
	return &diag.Diagnostic{
		Severity:   diag.Error,
		Summary:    "Removed " + noun + " still exists",
		Detail:     fmt.Sprintf("This statement declares that %s was removed, but it is still declared in configuration.", from),
		Suggestion: suggestion,
	}, true
}

// declPos writes where a declaration starts as the engines do:
// main.tf:1,1.
func declPos(r hcl.Range) string {
	return fmt.Sprintf("%s:%d,%d", r.Filename, r.Start.Line, r.Start.Column)
}
