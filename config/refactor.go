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
// instance says a moved block's from names one instance of a resource or
// module call declared with count or for_each (aws_instance.a[0],
// module.net["a"]) that the configuration still declares: both engines
// refuse that move too, and point decl at the count or for_each argument's
// value, which declares the instance. A removed block's from names no
// instance (the engines refuse instance keys there).
//
// atDeclaration says where the engine reports it: Terraform reports a
// removed block at the declaration, OpenTofu at the removed block, and
// both a moved block at the moved block. The caller sets Subject and Path.
// Validate's front ends (the Go and TSX synth check) and the loader (tfkit
// eval) report it with these words.
func StillDeclared(block string, module, instance bool, from, to string, decl hcl.Range, tofu bool) (d *diag.Diagnostic, atDeclaration bool) {
	kind, short := "resource", "resource"
	if module {
		kind, short = "module call", "call"
	}
	if block == "moved" {
		if instance {
			kind, short = "resource instance", "instance"
			if module {
				kind = "module instance"
			}
		}
		suggestion := fmt.Sprintf("declare the %s under its new address %s only, or delete the moved block", kind, to)
		if instance {
			suggestion = fmt.Sprintf("change the count or for_each that declares %s so that it no longer does (its object then moves to %s), or delete the moved block", from, to)
		}
		return &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  "Moved object still exists",
			Detail: fmt.Sprintf("This statement declares a move from %s, but that %s is still declared at %s.\n\nChange your configuration so that this %s will be declared as %s instead.",
				from, kind, declPos(decl), short, to),
			Suggestion: suggestion,
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
// main.tf:1,1; a Go line, which has no column, as main.go:12.
func declPos(r hcl.Range) string {
	if r.Start.Column == 0 {
		return fmt.Sprintf("%s:%d", r.Filename, r.Start.Line)
	}
	return fmt.Sprintf("%s:%d,%d", r.Filename, r.Start.Line, r.Start.Column)
}

// RemovedInstanceKey is the engines' error for a removed block whose from
// has an instance key (aws_instance.a[0], module.net["a"],
// module.net[0].aws_vpc.main), which both engines refuse as they read the
// configuration, at the from address: a removed block names a whole
// resource or module call, whose instances it forgets all. module says the
// key is a module call's; tofu chooses OpenTofu's words.
func RemovedInstanceKey(module, tofu bool) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error}
	switch {
	case module && tofu:
		d.Summary = "Module instance address with keys is not allowed"
		d.Detail = `Module address cannot be a module instance (e.g. "module.a[0]"), it must be a module instead (e.g. "module.a").`
	case module:
		d.Summary = "Module instance keys not allowed"
		d.Detail = `Module address must be a module (e.g. "module.foo"), not a module instance (e.g. "module.foo[1]").`
	case tofu:
		d.Summary = "Resource instance address with keys is not allowed"
		d.Detail = `Resource address cannot be a resource instance (e.g. "null_resource.a[0]"), it must be a resource instead (e.g. "null_resource.a").`
	default:
		d.Summary = "Resource instance keys not allowed"
		d.Detail = `Resource address must be a resource (e.g. "test_instance.foo"), not a resource instance (e.g. "test_instance.foo[1]").`
	}
	what := "resource"
	if module {
		what = "module call"
	}
	d.Suggestion = fmt.Sprintf("name the whole %s without the key (a removed block forgets all its instances); to drop one instance, lower count or remove its key from for_each", what)
	return d
}

// InstanceKeyOf finds the first instance key of an address (a traversal
// of a moved, import or removed block): its step, where the engines point
// at it (-1 when there is none), and whether it is a module call's
// (module.net[0]) rather than a resource's.
func InstanceKeyOf(tr hcl.Traversal) (at int, module bool) {
	for i, t := range tr {
		if _, ok := t.(hcl.TraverseIndex); !ok {
			continue
		}
		// module.NAME[KEY]: the key follows the call's name.
		if i >= 2 {
			var prev string
			switch p := tr[i-2].(type) {
			case hcl.TraverseRoot:
				prev = p.Name
			case hcl.TraverseAttr:
				prev = p.Name
			}
			return i, prev == "module"
		}
		return i, false
	}
	return -1, false
}
