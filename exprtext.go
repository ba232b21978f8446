package tfkit

import (
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/render"
)

// This file writes single expressions as HCL text, for Expr.String and
// Expr.HCL (splicing into strings and raw HCL) and for messages. Whole
// configurations are written by package render; the text made here is read
// back by tfkit's own parser, never written to output as is.

// exprText writes x as an HCL native-syntax expression.
func exprText(x config.Expr) string {
	return string(render.InlineExpr(x))
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
