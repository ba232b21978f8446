package config

import "github.com/zclconf/go-cty/cty"

// LiteralArgument reports whether Terraform reads the argument name, of a
// block nested as types (top-level block type first), literally: before
// anything is evaluated, so that it must hold a literal value, and in JSON
// syntax its strings are taken as written rather than as templates. These
// are the settings of the terraform block, a variable's default,
// description, sensitive, nullable and ephemeral, an output's description,
// sensitive and ephemeral, a module's source and version, a provider's
// alias and version, and a connection's type.
func LiteralArgument(types []string, name string) bool {
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
