package convert

import (
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/tfrules"
)

// unquoteLegacy rewrites, in the blocks of a native file, the quoted
// references and keywords of Terraform 0.11 that the engines still read
// (with a deprecation warning) into the bare forms they stand for, and
// references to the null provider, which HCL parses as the null keyword,
// into references: depends_on = ["aws_vpc.main"], provider = "aws.west",
// a module's providers = { "aws.eu" = "aws.eu" }, ignore_changes =
// ["tags"], and a provisioner's when = "destroy" and on_failure =
// "continue". The rules are the renderers' (tfrules.Static), applied item
// by item. The program then writes them as references (and keywords),
// which configure the same, instead of keeping the whole block as raw HCL.
func unquoteLegacy(blocks []*config.Block) {
	for _, b := range blocks {
		switch b.Type {
		case "resource", "data", "ephemeral", "module":
		default:
			continue
		}
		for _, it := range b.Body.Items {
			switch it := it.(type) {
			case *config.Attribute:
				unquoteArg([]string{b.Type}, it)
			case *config.Block:
				if it.Type == "lifecycle" || it.Type == "provisioner" {
					for _, a := range it.Body.Attributes() {
						unquoteArg([]string{b.Type, it.Type}, a)
					}
				}
			}
		}
	}
}

// unquoteArg rewrites the items of an argument Terraform reads statically
// that the rules turn into references.
func unquoteArg(types []string, a *config.Attribute) {
	rule := tfrules.For(types, a.Name)
	switch x := a.Expr.(type) {
	case *config.Tuple:
		if rule == tfrules.RefList || rule == tfrules.IgnoreChanges {
			for i, e := range x.Items {
				x.Items[i] = asRef(tfrules.Ref, a.Name, e)
			}
		}
	case *config.Object:
		if rule == tfrules.Providers {
			o, ok := tfrules.Static(rule, a.Name, x, nil).(*config.Object)
			if !ok || len(o.Items) != len(x.Items) {
				return
			}
			for i := range x.Items {
				// A bare name is written as a key as it is (aws =).
				if s, ok := config.LiteralString(x.Items[i].Key); !ok || strings.Contains(s, ".") {
					x.Items[i].Key = o.Items[i].Key
				}
				x.Items[i].Value = o.Items[i].Value
			}
		}
	default:
		if rule == tfrules.Ref || rule == tfrules.Keyword {
			a.Expr = asRef(rule, a.Name, a.Expr)
		}
	}
}

// asRef is e as the rule reads it when that is a reference, else e.
func asRef(rule tfrules.Rule, name string, e config.Expr) config.Expr {
	if ref, ok := tfrules.Static(rule, name, e, nil).(*config.Reference); ok {
		return ref
	}
	return e
}
