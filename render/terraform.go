package render

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
)

// This file is the renderers' knowledge of Terraform itself: which
// arguments Terraform reads statically (bare references and keywords rather
// than expressions) and which it reads literally in JSON syntax.

// attrRule says how Terraform reads one argument.
type attrRule int

const (
	plainAttr            attrRule = iota
	refAttr                       // provider = aws.west; moved from/to; import to; removed from
	refListAttr                   // depends_on = [aws_vpc.main]; replace_triggered_by
	ignoreChangesAttr             // ignore_changes = [tags] or all
	providersAttr                 // module providers = { aws.dst = aws.src }
	typeAttr                      // variable type = list(string)
	keywordAttr                   // provisioner when/on_failure, dynamic iterator
	requiredProviderAttr          // terraform.required_providers entries (configuration_aliases)
)

// ruleFor returns the rule for argument name in a block nested as types
// (top-level block type first).
func ruleFor(types []string, name string) attrRule {
	top, last, n := types[0], types[len(types)-1], len(types)
	resourceLike := n == 1 && (top == "resource" || top == "data" || top == "ephemeral") ||
		n == 2 && top == "check" && last == "data"
	switch {
	case resourceLike:
		switch name {
		case "depends_on":
			return refListAttr
		case "provider":
			return refAttr
		}
	case n == 1:
		switch {
		case top == "module" && name == "depends_on", top == "output" && name == "depends_on":
			return refListAttr
		case top == "module" && name == "providers":
			return providersAttr
		case top == "import" && (name == "to" || name == "provider"),
			top == "moved" && (name == "from" || name == "to"),
			top == "removed" && name == "from":
			return refAttr
		case top == "variable" && name == "type":
			return typeAttr
		}
	case last == "lifecycle":
		owner := types[n-2]
		if n == 2 && (top == "resource" || top == "data") || n == 3 && top == "check" && owner == "data" {
			switch name {
			case "ignore_changes":
				return ignoreChangesAttr
			case "replace_triggered_by":
				return refListAttr
			}
		}
	case last == "provisioner":
		if name == "when" || name == "on_failure" {
			return keywordAttr
		}
	case last == "dynamic":
		if name == "iterator" {
			return keywordAttr
		}
	case n == 2 && top == "terraform" && last == "required_providers":
		return requiredProviderAttr
	}
	return plainAttr
}

// literalOnly reports whether Terraform reads an argument literally in JSON
// syntax: its strings are taken as written, not as templates.
func literalOnly(types []string, name string) bool {
	top, last, n := types[0], types[len(types)-1], len(types)
	switch {
	case top == "terraform":
		return true
	case last == "connection":
		return name == "type"
	case n != 1:
		return false
	case top == "variable":
		switch name {
		case "default", "description", "sensitive", "nullable", "ephemeral":
			return true
		}
	case top == "output":
		switch name {
		case "description", "sensitive", "ephemeral":
			return true
		}
	case top == "module":
		return name == "source" || name == "version"
	case top == "provider":
		return name == "alias" || name == "version"
	}
	return false
}

// staticHint is the suggestion given when an argument that Terraform reads
// statically holds a string that is not what it expects.
func staticHint(rule attrRule, name string) string {
	switch {
	case rule == typeAttr:
		return "write a type constraint such as string, list(string) or object({ name = string })"
	case rule == ignoreChangesAttr:
		return `write attribute paths such as [tags, tags["Name"]], or the keyword all`
	case rule == providersAttr:
		return "write provider references such as { aws = aws.west }"
	case name == "provider":
		return "write a provider reference such as aws.west"
	case name == "depends_on":
		return "write references such as [aws_vpc.main, module.network]"
	case name == "replace_triggered_by":
		return "write references such as [aws_instance.web.id]"
	case name == "when":
		return "write create or destroy"
	case name == "on_failure":
		return "write continue or fail"
	case name == "iterator":
		return "write a name such as rule"
	}
	return "write an address such as aws_instance.web or module.network"
}

// static converts the value of a statically read argument to the form
// Terraform expects: literal strings that spell a reference become that
// reference. Anything else is returned as it is.
func (w *emitter) static(rule attrRule, name string, e config.Expr) config.Expr {
	switch rule {
	case refAttr:
		return w.staticRef(e, rule, name)
	case refListAttr:
		return w.refList(e, rule, name)
	case ignoreChangesAttr:
		if s, ok := config.LiteralString(e); ok && s == "all" {
			return config.Ref("all")
		}
		return w.refList(e, rule, name)
	case providersAttr:
		return w.providers(e, name)
	case typeAttr:
		return w.typeConstraint(e, name)
	case keywordAttr:
		if s, ok := config.LiteralString(e); ok {
			if !validIdentifier(s) {
				w.fail("Invalid "+name, fmt.Sprintf("%s takes a keyword, and %q is not one.", name, s), staticHint(rule, name))
				return e
			}
			return config.Ref(s)
		}
	case requiredProviderAttr:
		return w.requiredProvider(e)
	}
	return e
}

func (w *emitter) staticRef(e config.Expr, rule attrRule, name string) config.Expr {
	s, ok := config.LiteralString(e)
	if !ok {
		return e
	}
	t, diags := hclsyntax.ParseTraversalAbs([]byte(s), "", hcl.InitialPos)
	if diags.HasErrors() {
		w.fail("Invalid "+name, fmt.Sprintf("Terraform reads %s as a bare reference, and %q is not one.", name, s), staticHint(rule, name))
		return e
	}
	return &config.Reference{Traversal: config.StripRanges(t)}
}

// refList converts each item of a static list of references.
func (w *emitter) refList(e config.Expr, rule attrRule, name string) config.Expr {
	switch t := unwrap(e).(type) {
	case *config.Tuple:
		items := make([]config.Expr, len(t.Items))
		for i, it := range t.Items {
			items[i] = w.staticRef(it, rule, name)
		}
		return &config.Tuple{Items: items}
	case *config.Literal:
		if items, ok := literalElems(t.Val); ok {
			for i, it := range items {
				items[i] = w.staticRef(it, rule, name)
			}
			return &config.Tuple{Items: items}
		}
	}
	return e
}

// literalElems splits a known list, set or tuple value into literals.
func literalElems(v cty.Value) ([]config.Expr, bool) {
	t := v.Type()
	if !v.IsKnown() || v.IsNull() || v.IsMarked() || !(t.IsListType() || t.IsSetType() || t.IsTupleType()) {
		return nil, false
	}
	var out []config.Expr
	for it := v.ElementIterator(); it.Next(); {
		_, ev := it.Element()
		out = append(out, &config.Literal{Val: ev})
	}
	return out, true
}

// literalItems splits a known map or object value into object items, in
// key order.
func literalItems(v cty.Value) ([]config.ObjectItem, bool) {
	t := v.Type()
	if !v.IsKnown() || v.IsNull() || v.IsMarked() || !(t.IsMapType() || t.IsObjectType()) {
		return nil, false
	}
	var out []config.ObjectItem
	for it := v.ElementIterator(); it.Next(); {
		k, ev := it.Element()
		out = append(out, config.ObjectItem{Key: &config.Literal{Val: k}, Value: &config.Literal{Val: ev}})
	}
	return out, true
}

// objectItems returns the items of an object expression or of a literal
// object or map value.
func objectItems(e config.Expr) ([]config.ObjectItem, bool) {
	switch t := unwrap(e).(type) {
	case *config.Object:
		return t.Items, true
	case *config.Literal:
		return literalItems(t.Val)
	}
	return nil, false
}

// providers converts a module's providers map: keys and values are both
// provider references (aws, aws.west).
func (w *emitter) providers(e config.Expr, name string) config.Expr {
	items, ok := objectItems(e)
	if !ok {
		return e
	}
	out := make([]config.ObjectItem, len(items))
	for i, it := range items {
		out[i] = config.ObjectItem{
			Key:   w.staticRef(it.Key, providersAttr, name),
			Value: w.staticRef(it.Value, providersAttr, name),
		}
	}
	return &config.Object{Items: out}
}

// requiredProvider converts the configuration_aliases of one
// required_providers entry to references.
func (w *emitter) requiredProvider(e config.Expr) config.Expr {
	items, ok := objectItems(e)
	if !ok {
		return e
	}
	out := make([]config.ObjectItem, len(items))
	for i, it := range items {
		out[i] = it
		if k, ok := config.LiteralString(it.Key); ok && k == "configuration_aliases" {
			out[i].Value = w.refList(it.Value, refListAttr, "configuration_aliases")
		}
	}
	return &config.Object{Items: out}
}

// typeConstraint converts a variable type: a string is parsed as the type
// expression it spells, and the bare collection keywords get the `(any)`
// that terraform fmt would add.
func (w *emitter) typeConstraint(e config.Expr, name string) config.Expr {
	if s, ok := config.LiteralString(e); ok {
		pe, diags := config.ParseExpression(s, "", hcl.InitialPos)
		if diags.HasErrors() {
			w.fail("Invalid "+name, fmt.Sprintf("Terraform reads a variable type as a type constraint, and %q is not one.", s), staticHint(typeAttr, name))
			return e
		}
		e = pe
	}
	var bare string
	switch t := unwrap(e).(type) {
	case *config.Reference:
		if len(t.Traversal) == 1 {
			bare = t.Traversal.RootName()
		}
	case *config.Raw:
		if st, ok := rawSyntax(t).(*hclsyntax.ScopeTraversalExpr); ok && len(st.Traversal) == 1 {
			bare = st.Traversal.RootName()
		}
	}
	switch bare {
	case "list", "map", "set":
		return &config.Call{Name: bare, Args: []config.Expr{config.Ref("any")}}
	}
	return e
}
