package load

import (
	"fmt"
	"strings"

	goversion "github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/tffile"
)

// Terraform before 1.12 and OpenTofu before 1.10 evaluate both operands
// of && and ||: an error or a null in either operand is an error
// (`var.name == null || length(var.name) > 0` with a null name is "Invalid
// function argument"). Later releases, and the HCL tfkit is built with,
// skip the operand that does not decide. These are HCL's operations that
// skip nothing but an unknown operand beside a known one that decides:
// eval's unknowns are mostly data sources, which the plan reads, and the
// plan's value is then the one decided.
var (
	bothOperandsAnd = &hclsyntax.Operation{Impl: hclsyntax.OpLogicalAnd.Impl, Type: cty.Bool, ShortCircuit: decidedBy(false)}
	bothOperandsOr  = &hclsyntax.Operation{Impl: hclsyntax.OpLogicalOr.Impl, Type: cty.Bool, ShortCircuit: decidedBy(true)}
)

// decidedBy is the short circuit of an operation that a known operand
// equal to decider decides, when the other operand is unknown and neither
// failed.
func decidedBy(decider bool) func(lhs, rhs cty.Value, lhsDiags, rhsDiags hcl.Diagnostics) (cty.Value, hcl.Diagnostics) {
	decides := func(v cty.Value) bool { return v.IsKnown() && !v.IsNull() && v.True() == decider }
	return func(lhs, rhs cty.Value, lhsDiags, rhsDiags hcl.Diagnostics) (cty.Value, hcl.Diagnostics) {
		if lhsDiags.HasErrors() || rhsDiags.HasErrors() {
			return cty.NilVal, nil
		}
		if (!lhs.IsKnown() && decides(rhs)) || (!rhs.IsKnown() && decides(lhs)) {
			return cty.BoolVal(decider), append(lhsDiags, rhsDiags...)
		}
		return cty.NilVal, nil
	}
}

// bothOperands says whether engine at version (as it prints it; "" when
// not known) evaluates both operands of && and ||: Terraform before 1.12,
// OpenTofu before 1.10. An unknown version is taken to be a current
// release, which skips the operand that does not decide.
func bothOperands(engine tffile.Engine, version string) bool {
	v, err := goversion.NewVersion(strings.TrimPrefix(strings.TrimSpace(version), "v"))
	if version == "" || err != nil {
		return false
	}
	first := goversion.Must(goversion.NewVersion("1.12.0"))
	if engine == tffile.OpenTofu {
		first = goversion.Must(goversion.NewVersion("1.10.0"))
	}
	return v.Core().LessThan(first)
}

// evalLogicLike makes the && and || operations in n evaluate both
// operands when both is set (see bothOperands); else they are HCL's. The
// loader calls it on the syntax it has just read, before anything is
// evaluated.
func evalLogicLike(both bool, n hclsyntax.Node) {
	if !both || n == nil {
		return
	}
	hclsyntax.VisitAll(n, func(n hclsyntax.Node) hcl.Diagnostics {
		if b, ok := n.(*hclsyntax.BinaryOpExpr); ok {
			switch b.Op {
			case hclsyntax.OpLogicalAnd:
				b.Op = bothOperandsAnd
			case hclsyntax.OpLogicalOr:
				b.Op = bothOperandsOr
			}
		}
		return nil
	})
}

// jsonLogicLike makes the && and || operations of the JSON expressions in
// the attributes of cfg evaluate both operands, as evalLogicLike does for
// native syntax, when both is set.
func jsonLogicLike(both bool, cfg *config.Config) {
	if !both || cfg == nil {
		return
	}
	var body func(b *config.Body)
	body = func(b *config.Body) {
		if b == nil {
			return
		}
		for _, it := range b.Items {
			switch it := it.(type) {
			case *config.Attribute:
				if it.Source != nil && hcljson.IsJSONExpression(it.Source) {
					it.Source = jsonLogic(it.Source)
				}
			case *config.Block:
				body(it.Body)
			}
		}
	}
	for _, b := range cfg.Blocks {
		body(b.Body)
	}
}

// jsonLogic is x, a JSON expression, evaluating && and || on both
// operands: x itself where no string of it (no object key either) writes
// && or ||, or its templates cannot be read (x's value reports why).
func jsonLogic(x hcl.Expression) hcl.Expression {
	lit, hd := x.Value(nil) // strings as written
	if hd.HasErrors() || !lit.IsWhollyKnown() || !writesLogic(lit) {
		return x
	}
	l := &jsonBothOperands{Expression: x}
	switch ty := lit.Type(); {
	case ty == cty.String && !lit.IsNull():
		// Where HCL's JSON syntax reads the template: past the quote.
		start := x.Range().Start
		start.Column++
		start.Byte++
		t, hd := hclsyntax.ParseTemplate([]byte(lit.AsString()), x.Range().Filename, start)
		if hd.HasErrors() {
			return x
		}
		evalLogicLike(true, t)
		l.template = t
	case ty.IsTupleType():
		items, hd := hcl.ExprList(x)
		if hd.HasErrors() {
			return x
		}
		for _, it := range items {
			l.items = append(l.items, jsonLogic(it))
		}
	case ty.IsObjectType():
		pairs, hd := hcl.ExprMap(x)
		if hd.HasErrors() {
			return x
		}
		for _, p := range pairs {
			l.pairs = append(l.pairs, hcl.KeyValuePair{Key: jsonLogic(p.Key), Value: jsonLogic(p.Value)})
		}
		l.object = true
	default:
		return x
	}
	return l
}

// writesLogic says whether a string in v, or an object key, holds && or
// ||.
func writesLogic(v cty.Value) bool {
	has := func(s string) bool { return strings.Contains(s, "&&") || strings.Contains(s, "||") }
	found := false
	_ = cty.Walk(v, func(_ cty.Path, v cty.Value) (bool, error) {
		switch {
		case found || v.IsNull() || !v.IsKnown():
		case v.Type() == cty.String:
			found = has(v.AsString())
		case v.Type().IsObjectType():
			for k := range v.Type().AttributeTypes() {
				found = found || has(k)
			}
		}
		return !found, nil
	})
	return found
}

// jsonBothOperands is a JSON expression read as HCL's JSON syntax reads
// it (a string is a template, an array a tuple, an object an object whose
// keys are templates too), with its templates evaluating && and || on
// both operands. Without a context it is the JSON expression, whose
// strings are then literal; static analysis (hcl.ExprList, hcl.ExprMap,
// traversals) sees the JSON expression it wraps.
type jsonBothOperands struct {
	hcl.Expression
	template hclsyntax.Expression
	items    []hcl.Expression
	pairs    []hcl.KeyValuePair
	object   bool
}

func (x *jsonBothOperands) UnwrapExpression() hcl.Expression { return x.Expression }

func (x *jsonBothOperands) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	switch {
	case ctx == nil:
		return x.Expression.Value(nil)
	case x.template != nil:
		return x.template.Value(ctx)
	case x.object:
		return x.objectValue(ctx)
	}
	var diags hcl.Diagnostics
	vals := make([]cty.Value, 0, len(x.items))
	for _, it := range x.items {
		v, ds := it.Value(ctx)
		vals = append(vals, v)
		diags = append(diags, ds...)
	}
	return cty.TupleVal(vals), diags
}

// objectValue is the value of a JSON object, with the diagnostics HCL's
// JSON syntax gives for its keys.
func (x *jsonBothOperands) objectValue(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	attrs := map[string]cty.Value{}
	at := map[string]hcl.Range{}
	known := true
	for _, p := range x.pairs {
		name, nd := p.Key.Value(ctx)
		val, vd := p.Value.Value(ctx)
		diags = append(append(diags, nd...), vd...)
		keyRange := p.Key.Range()
		bad := func(detail string) {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid object key expression",
				Detail: detail, Subject: &keyRange, Expression: p.Value, EvalContext: ctx})
		}
		name, err := convert.Convert(name, cty.String)
		switch {
		case err != nil:
			bad(fmt.Sprintf("Cannot use this expression as an object key: %s.", err))
			continue
		case name.IsNull():
			bad("Cannot use null value as an object key.")
			continue
		case !name.IsKnown():
			known = false
			continue
		}
		key := name.AsString()
		if prev, dup := at[key]; dup {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Duplicate object attribute",
				Detail: fmt.Sprintf("An attribute named %q was already defined at %s.", key, prev), Subject: &keyRange,
				Expression: x, EvalContext: ctx})
			continue
		}
		attrs[key], at[key] = val, keyRange
	}
	if !known {
		return cty.DynamicVal, diags
	}
	return cty.ObjectVal(attrs), diags
}
