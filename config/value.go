package config

import "github.com/zclconf/go-cty/cty"

// StaticValue returns the value of an expression that holds no references,
// calls or templates with interpolations: literals, and tuples and objects
// made of them. ok is false for anything that needs evaluation.
func StaticValue(e Expr) (v cty.Value, ok bool) {
	switch e := e.(type) {
	case *Literal:
		return e.Val, true
	case *Template:
		if s, ok := LiteralString(e); ok {
			return cty.StringVal(s), true
		}
	case *Paren:
		return StaticValue(e.Inner)
	case *Tuple:
		vals := make([]cty.Value, len(e.Items))
		for i, it := range e.Items {
			if vals[i], ok = StaticValue(it); !ok {
				return cty.NilVal, false
			}
		}
		if len(vals) == 0 {
			return cty.EmptyTupleVal, true
		}
		return cty.TupleVal(vals), true
	case *Object:
		attrs := make(map[string]cty.Value, len(e.Items))
		for _, it := range e.Items {
			k, ok := LiteralString(it.Key)
			if !ok {
				return cty.NilVal, false
			}
			if attrs[k], ok = StaticValue(it.Value); !ok {
				return cty.NilVal, false
			}
		}
		if len(attrs) == 0 {
			return cty.EmptyObjectVal, true
		}
		return cty.ObjectVal(attrs), true
	}
	return cty.NilVal, false
}
