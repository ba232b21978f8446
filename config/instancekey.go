package config

import (
	"fmt"

	"github.com/tfkit/tfkit/diag"
)

// MissingInstanceKey is the engines' error for an attribute read straight
// from a resource, data source or ephemeral resource that sets count or
// for_each (random_pet.p.id): its value is a list or map of instances, so
// the read fails at plan. addr is the resource's address in its module
// (random_pet.p, data.aws_ami.a), arg the argument it sets ("count" or
// "for_each") and attr the attribute read ("id", or "" when the traversal
// goes on otherwise). The caller sets Subject and Path. Validate reports it
// for the Go and TSX front ends, the loader for tfkit eval.
func MissingInstanceKey(addr, arg, attr string) *diag.Diagnostic {
	key, one, all := "count.index", addr+"[0]", addr+"[*]"
	if arg == "for_each" {
		key, one, all = "each.key", addr+`["KEY"]`, "values("+addr+")[*]"
	}
	if attr != "" {
		attr = "." + attr
	}
	return &diag.Diagnostic{
		Severity:   diag.Error,
		Summary:    "Missing resource instance key",
		Detail:     fmt.Sprintf("Because %s has %q set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    %s[%s]", addr, arg, addr, key),
		Suggestion: fmt.Sprintf("read one instance, such as %s, or all of them, such as %s", one+attr, all+attr),
	}
}

// SplatOfForEach is the mistake of a splat of the instances of addr, which
// has for_each (aws_instance.web[*].id): they are a map by key, which a
// splat takes as one value, so the attribute read after it, attr, is
// missing when the engines plan (they let it pass validation). The caller
// sets Subject and Path.
func SplatOfForEach(addr, attr string) *diag.Diagnostic {
	return &diag.Diagnostic{
		Severity:   diag.Error,
		Summary:    "Unsupported attribute",
		Detail:     fmt.Sprintf("This object does not have an attribute named %q: %s has for_each, so its instances are a map by key, and [*] takes the map as one value.", attr, addr),
		Suggestion: fmt.Sprintf("splat the map's values: values(%s)[*].%s", addr, attr),
	}
}
