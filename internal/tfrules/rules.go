package tfrules

import (
	"fmt"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
)

// Rule says how Terraform reads one argument.
type Rule int

const (
	Plain            Rule = iota // an expression, as written
	Ref                          // a bare reference: config.Address, config.ProviderRef
	RefList                      // depends_on = [aws_vpc.main]; replace_triggered_by
	IgnoreChanges                // ignore_changes = [tags] or all
	Providers                    // module providers = { aws.dst = aws.src }
	Type                         // variable type = list(string)
	Keyword                      // provisioner when/on_failure, dynamic iterator
	RequiredProvider             // terraform.required_providers entries (configuration_aliases)
)

// For returns the rule for argument name in a block nested as types
// (top-level block type first): how the language table, config.ArgRead,
// says Terraform reads it.
func For(types []string, name string) Rule { return rules[config.ArgRead(types, name)] }

// rules is the rule the renderers write each way of reading by: an
// address and a provider configuration are both a bare reference.
var rules = [...]Rule{
	config.Plain:            Plain,
	config.Address:          Ref,
	config.ProviderRef:      Ref,
	config.RefList:          RefList,
	config.IgnoreChanges:    IgnoreChanges,
	config.ProviderMap:      Providers,
	config.TypeConstraint:   Type,
	config.Keyword:          Keyword,
	config.RequiredProvider: RequiredProvider,
}

// LiteralOnly reports whether Terraform reads an argument literally in JSON
// syntax: its strings are taken as written, not as templates. The table is
// config.LiteralArgument, which config.Validate checks by.
func LiteralOnly(types []string, name string) bool { return config.LiteralArgument(types, name) }

// LiteralValue reports whether the renderers write e, the value of
// argument name in a body nested as types, literally in JSON syntax: as
// LiteralOnly, except for what OpenTofu evaluates early (a module's source
// and version, a backend's settings, built from variables and locals),
// which OpenTofu reads as a template.
func LiteralValue(types []string, name string, e config.Expr) bool {
	if !LiteralOnly(types, name) {
		return false
	}
	early := len(types) == 1 && types[0] == "module" ||
		len(types) == 2 && types[0] == "terraform" && types[1] == "backend"
	return !early || !config.EarlyEvaluable(e)
}

// Hint is the suggestion given when an argument that Terraform reads
// statically holds a string that is not what it expects.
func Hint(rule Rule, name string) string {
	switch {
	case rule == Type:
		return "write a type constraint such as string, list(string) or object({ name = string })"
	case rule == IgnoreChanges:
		return `write attribute paths such as [tags, tags["Name"]], or the keyword all`
	case rule == Providers:
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

// Fail reports a value Static cannot convert: a summary, a detail and a
// suggestion, as a diagnostic has them.
type Fail func(summary, detail, suggestion string)

// Static converts the value of a statically read argument to the form
// Terraform expects: literal strings that spell a reference become that
// reference, a string that spells a type constraint that type expression.
// Anything else is returned as it is. A string that does not parse is
// given to fail (which may be nil) and returned as it is.
func Static(rule Rule, name string, e config.Expr, fail Fail) config.Expr {
	if rule == Plain {
		return e
	}
	if fail == nil {
		fail = func(string, string, string) {}
	}
	w := converter{fail: fail}
	return w.static(rule, name, e)
}

// converter converts statically read arguments, reporting to fail.
type converter struct {
	fail Fail
}

func (w converter) static(rule Rule, name string, e config.Expr) config.Expr {
	switch rule {
	case Ref:
		return w.staticRef(e, rule, name)
	case RefList:
		return w.refList(e, rule, name)
	case IgnoreChanges:
		if s, ok := config.LiteralString(e); ok && s == "all" {
			return config.Ref("all")
		}
		return w.refList(e, rule, name)
	case Providers:
		return w.providers(e, name)
	case Type:
		return w.typeConstraint(e, name)
	case Keyword:
		if s, ok := config.LiteralString(e); ok {
			if !utf8.ValidString(s) || !hclsyntax.ValidIdentifier(s) {
				w.fail("Invalid "+name, fmt.Sprintf("%s takes a keyword, and %q is not one.", name, s), Hint(rule, name))
				return e
			}
			return config.Ref(s)
		}
	case RequiredProvider:
		return w.requiredProvider(e)
	}
	return e
}

func (w converter) staticRef(e config.Expr, rule Rule, name string) config.Expr {
	if rule == Providers || name == "provider" {
		// null.west: HCL parses the null provider's name as the null
		// keyword; written as that, it would come back parenthesized.
		if trs, ok := config.StaticReferences(e); ok && len(trs) == 1 && trs[0].RootName() == "null" {
			if _, isGet := e.(*config.GetAttr); isGet {
				return &config.Reference{Traversal: trs[0]}
			}
		}
	}
	s, ok := config.LiteralString(e)
	if !ok {
		return e
	}
	t, diags := hclsyntax.ParseTraversalAbs([]byte(s), "", hcl.InitialPos)
	if diags.HasErrors() {
		if name == "replace_triggered_by" {
			// An instance chosen by the key of this one:
			// "aws_x.y[each.key].id" (validation checks the key).
			if x, ds := config.ParseExpression(s, "", hcl.InitialPos); !ds.HasErrors() {
				switch x.(type) {
				case *config.Index, *config.GetAttr:
					return x
				}
			}
		}
		w.fail("Invalid "+name, fmt.Sprintf("Terraform reads %s as a bare reference, and %q is not one.", name, s), Hint(rule, name))
		return e
	}
	return &config.Reference{Traversal: config.StripRanges(t)}
}

// refList converts each item of a static list of references.
func (w converter) refList(e config.Expr, rule Rule, name string) config.Expr {
	switch t := config.Unwrap(e).(type) {
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
	switch t := config.Unwrap(e).(type) {
	case *config.Object:
		return t.Items, true
	case *config.Literal:
		return literalItems(t.Val)
	}
	return nil, false
}

// providers converts a module's providers map: keys and values are both
// provider references (aws, aws.west).
func (w converter) providers(e config.Expr, name string) config.Expr {
	items, ok := objectItems(e)
	if !ok {
		return e
	}
	out := make([]config.ObjectItem, len(items))
	for i, it := range items {
		out[i] = config.ObjectItem{
			Key:   w.staticRef(it.Key, Providers, name),
			Value: w.staticRef(it.Value, Providers, name),
		}
	}
	return &config.Object{Items: out}
}

// requiredProvider converts the configuration_aliases of one
// required_providers entry to references.
func (w converter) requiredProvider(e config.Expr) config.Expr {
	items, ok := objectItems(e)
	if !ok {
		return e
	}
	out := make([]config.ObjectItem, len(items))
	for i, it := range items {
		out[i] = it
		if k, ok := config.LiteralString(it.Key); ok && k == "configuration_aliases" {
			out[i].Value = w.refList(it.Value, RefList, "configuration_aliases")
		}
	}
	return &config.Object{Items: out}
}

// typeConstraint converts a variable type: a string is parsed as the type
// expression it spells, and the bare collection keywords get the `(any)`
// that terraform fmt would add.
func (w converter) typeConstraint(e config.Expr, name string) config.Expr {
	if s, ok := config.LiteralString(e); ok {
		pe, diags := config.ParseExpression(s, "", hcl.InitialPos)
		if diags.HasErrors() {
			w.fail("Invalid "+name, fmt.Sprintf("Terraform reads a variable type as a type constraint, and %q is not one.", s), Hint(Type, name))
			return e
		}
		e = pe
	}
	var bare string
	switch t := config.Unwrap(e).(type) {
	case *config.Reference:
		if len(t.Traversal) == 1 {
			bare = t.Traversal.RootName()
		}
	case *config.Raw:
		if st, ok := RawSyntax(t).(*hclsyntax.ScopeTraversalExpr); ok && len(st.Traversal) == 1 {
			bare = st.Traversal.RootName()
		}
	}
	switch bare {
	case "list", "map", "set":
		return &config.Call{Name: bare, Args: []config.Expr{config.Ref("any")}}
	}
	return e
}

// RawSyntax returns the parsed form of raw text, parsing it when the model
// holds only the text; nil when it does not parse.
func RawSyntax(r *config.Raw) hclsyntax.Expression {
	if r.Syntax != nil {
		return r.Syntax
	}
	if hclguard.Expression([]byte(r.Text), "", hcl.InitialPos).HasErrors() {
		return nil
	}
	e, diags := hclsyntax.ParseExpression([]byte(r.Text), "", hcl.InitialPos)
	if diags.HasErrors() {
		return nil
	}
	return e
}
