package config

import (
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// IsLiteral reports whether e is a value written literally, as an argument
// Terraform reads literally must be: a literal, text without
// interpolations, a tuple or object of literals (object keys being text,
// numbers or bools), a negative number, in parentheses or not. A template
// that is one interpolation counts as what it interpolates.
func IsLiteral(e Expr) bool {
	switch e := Unwrap(e).(type) {
	case *Literal:
		return true
	case *Template:
		_, ok := LiteralString(e)
		return ok
	case *Tuple:
		for _, it := range e.Items {
			if !IsLiteral(it) {
				return false
			}
		}
		return true
	case *Object:
		for _, it := range e.Items {
			if !literalKey(it.Key) || !IsLiteral(it.Value) {
				return false
			}
		}
		return true
	case *Paren:
		return IsLiteral(e.Inner)
	case *UnaryOp:
		l, ok := Unwrap(e.Operand).(*Literal)
		return ok && e.Op == "-" && l.Val.Type() == cty.Number && l.Val.IsKnown() && !l.Val.IsNull() && !l.Val.IsMarked()
	}
	return false
}

func literalKey(k Expr) bool {
	if _, ok := LiteralString(k); ok {
		return true
	}
	l, ok := Unwrap(k).(*Literal)
	return ok && l.Val.IsKnown() && !l.Val.IsNull() && !l.Val.IsMarked() && (l.Val.Type() == cty.Number || l.Val.Type() == cty.Bool)
}

// Unwrap returns the expression a template of one interpolation stands
// for: HCL gives "${x}" the value of x itself. Other expressions are
// returned as they are.
func Unwrap(e Expr) Expr {
	for {
		t, ok := e.(*Template)
		if !ok {
			return e
		}
		var only Expr
		for _, p := range t.Parts {
			if s, ok := p.(*Literal); ok && s.Val.Type() == cty.String && s.Val.IsKnown() && !s.Val.IsNull() && !s.Val.IsMarked() {
				if s.Val.AsString() != "" {
					return e
				}
				continue
			}
			if only != nil {
				return e
			}
			only = p
		}
		if only == nil {
			return e
		}
		e = only
	}
}

// ConstValue evaluates e as Terraform evaluates the arguments it reads
// literally: with nothing in scope, neither variables nor functions. So
// `60 * 60 * 24` and `true ? "a" : "b"` have a value, and an expression
// with a reference or a function call has none (ok is false).
func ConstValue(e Expr) (v cty.Value, ok bool) {
	syn, ok := constSyntax(Unwrap(e))
	if !ok {
		return cty.NilVal, false
	}
	v, diags := syn.Value(nil)
	if diags.HasErrors() || !v.IsWhollyKnown() {
		return cty.NilVal, false
	}
	return v, true
}

// constSyntax builds the HCL syntax of e, for the kinds of expression that
// can have a value with nothing in scope.
func constSyntax(e Expr) (hclsyntax.Expression, bool) {
	switch e := e.(type) {
	case *Literal:
		return &hclsyntax.LiteralValueExpr{Val: e.Val}, true
	case *Template:
		t := &hclsyntax.TemplateExpr{}
		for _, p := range e.Parts {
			ps, ok := constSyntax(p)
			if !ok {
				return nil, false
			}
			t.Parts = append(t.Parts, ps)
		}
		return t, true
	case *Tuple:
		t := &hclsyntax.TupleConsExpr{}
		for _, it := range e.Items {
			is, ok := constSyntax(it)
			if !ok {
				return nil, false
			}
			t.Exprs = append(t.Exprs, is)
		}
		return t, true
	case *Object:
		o := &hclsyntax.ObjectConsExpr{}
		for _, it := range e.Items {
			ks, kok := constSyntax(Unwrap(it.Key))
			vs, vok := constSyntax(it.Value)
			if !kok || !vok {
				return nil, false
			}
			o.Items = append(o.Items, hclsyntax.ObjectConsItem{KeyExpr: ks, ValueExpr: vs})
		}
		return o, true
	case *Paren:
		return constSyntax(e.Inner)
	case *UnaryOp:
		operand, ok := constSyntax(e.Operand)
		if !ok {
			return nil, false
		}
		switch e.Op {
		case "-":
			return &hclsyntax.UnaryOpExpr{Op: hclsyntax.OpNegate, Val: operand}, true
		case "!":
			return &hclsyntax.UnaryOpExpr{Op: hclsyntax.OpLogicalNot, Val: operand}, true
		}
	case *BinaryOp:
		l, lok := constSyntax(e.Left)
		r, rok := constSyntax(e.Right)
		if !lok || !rok {
			return nil, false
		}
		for op, text := range binaryOps {
			if text == e.Op {
				return &hclsyntax.BinaryOpExpr{LHS: l, Op: op, RHS: r}, true
			}
		}
	case *Conditional:
		c, cok := constSyntax(e.Cond)
		t, tok := constSyntax(e.True)
		f, fok := constSyntax(e.False)
		if cok && tok && fok {
			return &hclsyntax.ConditionalExpr{Condition: c, TrueResult: t, FalseResult: f}, true
		}
	case *Raw:
		if e.Syntax != nil {
			return e.Syntax, true
		}
	}
	return nil, false
}
