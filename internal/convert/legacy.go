package convert

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
)

// unquoteLegacy rewrites, in the blocks of a native file, the quoted
// references and keywords of Terraform 0.11 that the engines still read
// (with a deprecation warning) into the bare forms they stand for, and
// references to the null provider, which HCL parses as the null keyword,
// into references:
// depends_on = ["aws_vpc.main"], provider = "aws.west", a module's
// providers = { "aws.eu" = "aws.eu" }, ignore_changes = ["tags"], and a
// provisioner's when = "destroy" and on_failure = "continue". The program
// then writes them as references (and keywords), which configure the
// same, instead of keeping the whole block as raw HCL.
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
				switch it.Name {
				case "depends_on":
					unquoteList(it, false)
				case "provider":
					if ref, ok := quotedRef(it.Expr, false); ok {
						it.Expr = ref
					} else if ref, ok := nullProviderRef(it.Expr); ok {
						it.Expr = ref
					}
				case "providers":
					if b.Type == "module" {
						unquoteProviders(it)
					}
				}
			case *config.Block:
				switch it.Type {
				case "lifecycle":
					if a := it.Body.Attribute("ignore_changes"); a != nil {
						unquoteList(a, true)
					}
				case "provisioner":
					for _, name := range []string{"when", "on_failure"} {
						if a := it.Body.Attribute(name); a != nil {
							if ref, ok := quotedRef(a.Expr, false); ok && len(ref.Traversal) == 1 {
								a.Expr = ref
							}
						}
					}
				}
			}
		}
	}
}

// unquoteList rewrites the quoted items of a list of references; relative
// when they name attributes of the resource itself (ignore_changes),
// where the wildcard "*" is left for the engine to refuse.
func unquoteList(a *config.Attribute, relative bool) {
	t, ok := a.Expr.(*config.Tuple)
	if !ok {
		return
	}
	for i, e := range t.Items {
		if ref, ok := quotedRef(e, relative); ok {
			t.Items[i] = ref
		}
	}
}

func unquoteProviders(a *config.Attribute) {
	o, ok := a.Expr.(*config.Object)
	if !ok {
		return
	}
	for i, item := range o.Items {
		if ref, ok := quotedRef(item.Key, false); ok {
			o.Items[i].Key = ref
		} else if ref, ok := nullProviderRef(item.Key); ok {
			o.Items[i].Key = ref
		}
		if ref, ok := quotedRef(item.Value, false); ok {
			o.Items[i].Value = ref
		} else if ref, ok := nullProviderRef(item.Value); ok {
			o.Items[i].Value = ref
		}
	}
}

// nullProviderRef reads a reference to the null provider (null, or
// null.west), which HCL parses as the null keyword, as the reference the
// engines read it as where they expect a provider configuration.
func nullProviderRef(e config.Expr) (*config.Reference, bool) {
	switch x := e.(type) {
	case *config.Literal:
		if x.Val.IsNull() {
			return &config.Reference{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: "null"}}}, true
		}
	case *config.GetAttr:
		lit, ok := x.Source.(*config.Literal)
		if !ok || !lit.Val.IsNull() || len(x.Traversal) != 1 {
			return nil, false
		}
		if a, ok := x.Traversal[0].(hcl.TraverseAttr); ok {
			return &config.Reference{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: "null"}, hcl.TraverseAttr{Name: a.Name}}}, true
		}
	}
	return nil, false
}

// quotedRef reads a string literal as the reference it spells: absolute
// (aws_vpc.main) or, with relative, an attribute path (tags["Name"]).
func quotedRef(e config.Expr, relative bool) (*config.Reference, bool) {
	lit, ok := e.(*config.Literal)
	if !ok || lit.Val.Type() != cty.String || !lit.Val.IsKnown() || lit.Val.IsNull() || lit.Val.IsMarked() {
		return nil, false
	}
	s := lit.Val.AsString()
	if s == "*" {
		return nil, false
	}
	tr, hd := hclsyntax.ParseTraversalAbs([]byte(s), "", hcl.InitialPos)
	if hd.HasErrors() || len(tr) == 0 {
		return nil, false
	}
	_ = relative // an attribute path parses as an absolute traversal too
	return &config.Reference{Traversal: config.StripRanges(tr)}, true
}
