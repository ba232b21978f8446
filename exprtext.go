package tfkit

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/fastpath"
	"github.com/tfkit/tfkit/internal/render"
)

// This file writes single expressions as HCL text, for Expr.String and
// Expr.HCL (splicing into strings and raw HCL) and for messages. Whole
// configurations are written by package render; the text made here is read
// back by tfkit's own parser, never written to output as is.

// exprText writes x as an HCL native-syntax expression.
func exprText(x config.Expr) string {
	if r, ok := x.(*config.Reference); ok {
		if b, ok := appendPlainTraversal(nil, r.Traversal); ok {
			return string(b)
		}
	}
	return string(render.InlineExpr(x))
}

// appendPlainTraversal appends a traversal of plain names (var.env,
// aws_vpc.main.id) as text, which is how the renderer writes one: the most
// frequent expression spliced into strings is written without it.
func appendPlainTraversal(dst []byte, t hcl.Traversal) ([]byte, bool) {
	for i, step := range t {
		var name string
		switch s := step.(type) {
		case hcl.TraverseRoot:
			if i != 0 {
				return nil, false
			}
			name = s.Name
		case hcl.TraverseAttr:
			if i == 0 {
				return nil, false
			}
			name = s.Name
		default:
			return nil, false
		}
		if !fastpath.IsPlainName(name) {
			return nil, false
		}
		if i > 0 {
			dst = append(dst, '.')
		}
		dst = append(dst, name...)
	}
	return dst, len(t) > 0
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
			b.Write(render.InlineExpr(p))
			b.WriteString("}")
		}
		return b.String()
	}
	if r, ok := x.(*config.Reference); ok {
		var buf [64]byte
		if b, ok := appendPlainTraversal(append(buf[:0], "${"...), r.Traversal); ok {
			return string(append(b, '}'))
		}
	}
	return "${" + exprText(x) + "}"
}

// escapeTemplateContent escapes only the template sequences: in template
// content (a JSON string value, a heredoc) backslashes and quotes are text.
func escapeTemplateContent(s string) string {
	return config.EscapeTemplate(s)
}

func literalText(x config.Expr) (string, bool) {
	if l, ok := x.(*config.Literal); ok && l.Val.Type() == cty.String && l.Val.IsKnown() && !l.Val.IsNull() {
		return l.Val.AsString(), true
	}
	return "", false
}
