package config

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Walk calls fn for e and then for each expression inside it, depth first in
// source order. Walk does not descend into Raw expressions' syntax trees.
func Walk(e Expr, fn func(Expr)) {
	if e == nil {
		return
	}
	fn(e)
	switch e := e.(type) {
	case *Template:
		for _, p := range e.Parts {
			Walk(p, fn)
		}
	case *Call:
		for _, a := range e.Args {
			Walk(a, fn)
		}
	case *Conditional:
		Walk(e.Cond, fn)
		Walk(e.True, fn)
		Walk(e.False, fn)
	case *For:
		Walk(e.Collection, fn)
		Walk(e.Key, fn)
		Walk(e.Value, fn)
		Walk(e.Cond, fn)
	case *Splat:
		Walk(e.Source, fn)
	case *Index:
		Walk(e.Collection, fn)
		Walk(e.Key, fn)
	case *GetAttr:
		Walk(e.Source, fn)
	case *Tuple:
		for _, it := range e.Items {
			Walk(it, fn)
		}
	case *Object:
		for _, it := range e.Items {
			Walk(it.Key, fn)
			Walk(it.Value, fn)
		}
	case *BinaryOp:
		Walk(e.Left, fn)
		Walk(e.Right, fn)
	case *UnaryOp:
		Walk(e.Operand, fn)
	case *Paren:
		Walk(e.Inner, fn)
	}
}

// Variables returns the traversals an expression reads from its scope, in
// source order, leaving out the iteration variables that for-expressions
// declare for their own bodies (as hclsyntax.Variables does).
func Variables(e Expr) []hcl.Traversal {
	var out []hcl.Traversal
	collectVars(e, nil, &out)
	return out
}

func collectVars(e Expr, locals map[string]bool, out *[]hcl.Traversal) {
	switch e := e.(type) {
	case nil, *Literal:
	case *Reference:
		if !locals[e.Traversal.RootName()] {
			*out = append(*out, e.Traversal)
		}
	case *Raw:
		if e.Syntax == nil {
			return
		}
		for _, t := range hclsyntax.Variables(e.Syntax) {
			if !locals[t.RootName()] {
				*out = append(*out, t)
			}
		}
	case *For:
		collectVars(e.Collection, locals, out)
		inner := make(map[string]bool, len(locals)+2)
		for k := range locals {
			inner[k] = true
		}
		if e.KeyVar != "" {
			inner[e.KeyVar] = true
		}
		inner[e.ValVar] = true
		collectVars(e.Key, inner, out)
		collectVars(e.Value, inner, out)
		collectVars(e.Cond, inner, out)
	case *Template:
		for _, p := range e.Parts {
			collectVars(p, locals, out)
		}
	case *Call:
		for _, a := range e.Args {
			collectVars(a, locals, out)
		}
	case *Conditional:
		collectVars(e.Cond, locals, out)
		collectVars(e.True, locals, out)
		collectVars(e.False, locals, out)
	case *Splat:
		collectVars(e.Source, locals, out)
	case *Index:
		collectVars(e.Collection, locals, out)
		collectVars(e.Key, locals, out)
	case *GetAttr:
		collectVars(e.Source, locals, out)
	case *Tuple:
		for _, it := range e.Items {
			collectVars(it, locals, out)
		}
	case *Object:
		for _, it := range e.Items {
			collectVars(it.Key, locals, out)
			collectVars(it.Value, locals, out)
		}
	case *BinaryOp:
		collectVars(e.Left, locals, out)
		collectVars(e.Right, locals, out)
	case *UnaryOp:
		collectVars(e.Operand, locals, out)
	case *Paren:
		collectVars(e.Inner, locals, out)
	default:
		panic(fmt.Sprintf("config: unknown expression type %T", e))
	}
}

func traversalBytes(buf []byte, t hcl.Traversal) []byte {
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			buf = append(buf, s.Name...)
		case hcl.TraverseAttr:
			buf = append(buf, '.')
			buf = append(buf, s.Name...)
		case hcl.TraverseIndex:
			buf = append(buf, '[')
			buf = append(buf, KeyString(s.Key)...)
			buf = append(buf, ']')
		case hcl.TraverseSplat:
			buf = append(buf, "[*]"...)
		}
	}
	return buf
}

// KeyString renders an index key as HCL: 0 or "name".
func KeyString(v cty.Value) string {
	if !v.IsKnown() || v.IsNull() {
		return "null"
	}
	switch v.Type() {
	case cty.Number:
		bf := v.AsBigFloat()
		if bf.IsInt() {
			i, _ := bf.Int(nil)
			return i.String()
		}
		return bf.Text('f', -1)
	case cty.String:
		return QuoteString(v.AsString())
	case cty.Bool:
		if v.True() {
			return "true"
		}
		return "false"
	}
	return fmt.Sprintf("%#v", v)
}

// QuoteString renders s as an HCL quoted string whose value is exactly s:
// quotes, backslashes and control characters are escaped, and so are `${`
// and `%{` so that no interpolation happens.
func QuoteString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	b.WriteString(EscapeTemplateText(s))
	b.WriteByte('"')
	return b.String()
}

// EscapeTemplateText escapes literal text for use between the quotes of an
// HCL template: `\`, `"`, control characters, `${` and `%{`.
func EscapeTemplateText(s string) string {
	return string(AppendTemplateText(make([]byte, 0, len(s)), s))
}

// TraversalNames returns the names of a traversal's leading root and
// attribute steps: aws_instance.web["a"].id gives aws_instance, web.
func TraversalNames(t hcl.Traversal) []string {
	out := make([]string, 0, len(t))
	for _, s := range t {
		switch s := s.(type) {
		case hcl.TraverseRoot:
			out = append(out, s.Name)
		case hcl.TraverseAttr:
			out = append(out, s.Name)
		default:
			return out
		}
	}
	return out
}
