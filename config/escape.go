package config

import (
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

// The one place that knows how literal text is kept literal inside a
// Terraform template. A template reads `${` and `%{` as the start of an
// interpolation or directive, and `$${` and `%%{` as the literal `${` and
// `%{`; every front end, renderer and converter that writes literal text
// into a template (a quoted string, a heredoc, a JSON string, a Go or TSX
// string that tfkit reads as a template) escapes it here.

// EscapeTemplate escapes the template sequences of literal text: each `${`
// becomes `$${` and each `%{` becomes `%%{`, so that a template reads the
// result back as s. Nothing else is escaped: in a heredoc or a JSON string
// backslashes and quotes are text, and the caller escapes them for its own
// syntax. s is returned as it is when it holds no sequence.
func EscapeTemplate(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	return string(AppendEscapedTemplate(make([]byte, 0, len(s)+2), s))
}

// AppendEscapedTemplate appends EscapeTemplate(s) to dst.
func AppendEscapedTemplate(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		dst = append(dst, c)
		if (c == '$' || c == '%') && i+1 < len(s) && s[i+1] == '{' {
			dst = append(dst, c)
		}
	}
	return dst
}

// AppendTemplateText appends s escaped for use between the quotes of an HCL
// quoted template: `\`, `"`, control characters, and the template sequences
// as EscapeTemplate escapes them.
func AppendTemplateText(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			dst = append(dst, '\\', '\\')
		case '"':
			dst = append(dst, '\\', '"')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '$', '%':
			dst = append(dst, c)
			if i+1 < len(s) && s[i+1] == '{' {
				dst = append(dst, c)
			}
		default:
			if c < 0x20 || c == 0x7f {
				dst = fmt.Appendf(dst, `\u%04x`, c)
			} else {
				dst = append(dst, c)
			}
		}
	}
	return dst
}

// SplitTrailingDollars splits literal text that is written just before an
// interpolation into the text and the run of `$` that ends it. Such
// dollars cannot be written as text: `$` followed by `${` reads as the
// escape `$${`, and a longer run still ends in one. Writers put them in an
// interpolation of themselves, DollarInterpolation(dollars).
func SplitTrailingDollars(s string) (text, dollars string) {
	k := len(s)
	for k > 0 && s[k-1] == '$' {
		k--
	}
	return s[:k], s[k:]
}

// DollarInterpolation returns the interpolation ${"$…"} that reads as
// dollars, a run of `$` that SplitTrailingDollars split off; "" when
// dollars is empty.
func DollarInterpolation(dollars string) string {
	if dollars == "" {
		return ""
	}
	return `${"` + dollars + `"}`
}

// LiteralText returns the text of a template part that is literal text: a
// known, unmarked string literal.
func LiteralText(e Expr) (string, bool) {
	l, ok := e.(*Literal)
	if !ok || l.Val.Type() != cty.String || !l.Val.IsKnown() || l.Val.IsNull() || l.Val.IsMarked() {
		return "", false
	}
	return l.Val.AsString(), true
}

// EachTemplateRun walks template parts as a writer of template text needs
// them: text is called for each run of adjacent literal parts, joined (they
// read back as one, so an escape never straddles two pieces), and expr for
// every other part. more is true when an interpolation follows the text;
// dollars is then the run of `$` that ended the text, split off
// (SplitTrailingDollars), which the caller writes as
// DollarInterpolation(dollars).
func EachTemplateRun(parts []Expr, text func(s, dollars string, more bool), expr func(Expr)) {
	for i := 0; i < len(parts); i++ {
		s, ok := LiteralText(parts[i])
		if !ok {
			expr(parts[i])
			continue
		}
		for i+1 < len(parts) {
			next, ok := LiteralText(parts[i+1])
			if !ok {
				break
			}
			s += next
			i++
		}
		more := i+1 < len(parts)
		var dollars string
		if more {
			s, dollars = SplitTrailingDollars(s)
		}
		text(s, dollars, more)
	}
}
