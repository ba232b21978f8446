package tfkit

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
)

// This file writes single expressions as HCL text, for Expr.String and
// Expr.HCL (splicing into strings and raw HCL) and for messages. Whole
// configurations are written by package render; the text made here is read
// back by tfkit's own parser, never written to output as is.

// exprText writes x as an HCL native-syntax expression.
func exprText(x config.Expr) string {
	var b strings.Builder
	writeExpr(&b, x)
	return b.String()
}

// templateText writes x as template content: literal text with "${" and
// "%{" escaped, expressions as interpolations.
func templateText(x config.Expr) string {
	switch x := x.(type) {
	case *config.Literal:
		if x.Val.Type() == cty.String && x.Val.IsKnown() && !x.Val.IsNull() {
			return escapeTemplateContent(x.Val.AsString())
		}
	case *config.Template:
		var b strings.Builder
		for _, p := range x.Parts {
			if s, ok := literalText(p); ok {
				b.WriteString(escapeTemplateContent(s))
				continue
			}
			b.WriteString("${")
			writeExpr(&b, p)
			b.WriteString("}")
		}
		return b.String()
	}
	return "${" + exprText(x) + "}"
}

// escapeTemplateContent escapes only the template sequences: in template
// content (a JSON string value, a heredoc) backslashes and quotes are text.
func escapeTemplateContent(s string) string {
	s = strings.ReplaceAll(s, "${", "$${")
	return strings.ReplaceAll(s, "%{", "%%{")
}

func literalText(x config.Expr) (string, bool) {
	if l, ok := x.(*config.Literal); ok && l.Val.Type() == cty.String && l.Val.IsKnown() && !l.Val.IsNull() {
		return l.Val.AsString(), true
	}
	return "", false
}

func writeExpr(b *strings.Builder, x config.Expr) {
	switch x := x.(type) {
	case nil:
		b.WriteString("null")
	case *config.Literal:
		writeValue(b, x.Val)
	case *config.Template:
		b.WriteByte('"')
		for _, p := range x.Parts {
			if s, ok := literalText(p); ok {
				b.WriteString(config.EscapeTemplateText(s))
				continue
			}
			b.WriteString("${")
			writeExpr(b, p)
			b.WriteString("}")
		}
		b.WriteByte('"')
	case *config.Reference:
		b.WriteString(config.TraversalString(x.Traversal))
	case *config.Call:
		b.WriteString(x.Name)
		b.WriteByte('(')
		for i, a := range x.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, a)
		}
		if x.ExpandFinal {
			b.WriteString("...")
		}
		b.WriteByte(')')
	case *config.Conditional:
		writeOperand(b, x.Cond, 1)
		b.WriteString(" ? ")
		writeExpr(b, x.True)
		b.WriteString(" : ")
		writeExpr(b, x.False)
	case *config.For:
		open, closing := "[", "]"
		if x.Key != nil {
			open, closing = "{", "}"
		}
		b.WriteString(open)
		b.WriteString("for ")
		if x.KeyVar != "" {
			b.WriteString(x.KeyVar)
			b.WriteString(", ")
		}
		b.WriteString(x.ValVar)
		b.WriteString(" in ")
		writeExpr(b, x.Collection)
		b.WriteString(" : ")
		if x.Key != nil {
			writeExpr(b, x.Key)
			b.WriteString(" => ")
		}
		writeExpr(b, x.Value)
		if x.Group {
			b.WriteString("...")
		}
		if x.Cond != nil {
			b.WriteString(" if ")
			writeExpr(b, x.Cond)
		}
		b.WriteString(closing)
	case *config.Splat:
		writeOperand(b, x.Source, 10)
		b.WriteString("[*]")
		b.WriteString(config.TraversalString(x.Each))
	case *config.Index:
		writeOperand(b, x.Collection, 10)
		b.WriteByte('[')
		writeExpr(b, x.Key)
		b.WriteByte(']')
	case *config.GetAttr:
		writeOperand(b, x.Source, 10)
		b.WriteString(config.TraversalString(x.Traversal))
	case *config.Tuple:
		b.WriteByte('[')
		for i, it := range x.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, it)
		}
		b.WriteByte(']')
	case *config.Object:
		if len(x.Items) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{ ")
		for i, it := range x.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeKey(b, it.Key)
			b.WriteString(" = ")
			writeExpr(b, it.Value)
		}
		b.WriteString(" }")
	case *config.BinaryOp:
		p := precedence[x.Op]
		writeOperand(b, x.Left, p)
		b.WriteString(" " + x.Op + " ")
		writeOperand(b, x.Right, p+1)
	case *config.UnaryOp:
		b.WriteString(x.Op)
		writeOperand(b, x.Operand, 10)
	case *config.Paren:
		b.WriteByte('(')
		writeExpr(b, x.Inner)
		b.WriteByte(')')
	case *config.Raw:
		b.WriteString(x.Text)
		if strings.HasPrefix(x.Text, "<<") && !strings.HasSuffix(x.Text, "\n") {
			// A heredoc's closing marker must end its line.
			b.WriteByte('\n')
		}
	default:
		panic(fmt.Sprintf("tfkit: unknown expression type %T", x))
	}
}

// writeOperand writes x, in parentheses when it binds less tightly than min.
func writeOperand(b *strings.Builder, x config.Expr, min int) {
	if opPrecedence(x) < min {
		b.WriteByte('(')
		writeExpr(b, x)
		b.WriteByte(')')
		return
	}
	writeExpr(b, x)
}

// writeKey writes an object key: a literal as a name or a quoted string, a
// reference of several steps bare (aws.west, as Terraform's providers map
// has it), anything else in parentheses so it is not read as a name.
func writeKey(b *strings.Builder, k config.Expr) {
	if s, ok := literalText(k); ok {
		if hclsyntax.ValidIdentifier(s) {
			b.WriteString(s)
		} else {
			b.WriteString(config.QuoteString(s))
		}
		return
	}
	switch k := k.(type) {
	case *config.Paren:
		writeExpr(b, k)
		return
	case *config.Reference:
		if len(k.Traversal) > 1 {
			writeExpr(b, k)
			return
		}
	}
	b.WriteByte('(')
	writeExpr(b, k)
	b.WriteByte(')')
}

// writeValue writes a cty value as a literal expression.
func writeValue(b *strings.Builder, v cty.Value) {
	if v.IsNull() {
		b.WriteString("null")
		return
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		b.WriteString(config.QuoteString(v.AsString()))
	case ty == cty.Bool:
		if v.True() {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case ty == cty.Number:
		b.WriteString(numberText(v.AsBigFloat()))
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		b.WriteByte('[')
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			_, ev := it.Element()
			writeValue(b, ev)
		}
		b.WriteByte(']')
	case ty.IsMapType() || ty.IsObjectType():
		m := v.AsValueMap()
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{ ")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeKey(b, config.String(k))
			b.WriteString(" = ")
			writeValue(b, m[k])
		}
		b.WriteString(" }")
	default:
		panic(fmt.Sprintf("tfkit: cannot write a %s value", ty.FriendlyName()))
	}
}

func numberText(f *big.Float) string {
	if f.IsInt() {
		i, _ := f.Int(nil)
		return i.String()
	}
	return f.Text('g', -1)
}
