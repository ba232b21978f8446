package config

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"golang.org/x/text/unicode/norm"
)

func TestEscapeTemplate(t *testing.T) {
	for _, c := range []struct{ in, want, quoted string }{
		{"", "", ""},
		{"plain", "plain", "plain"},
		{"${x}", "$${x}", "$${x}"},
		{"%{if}", "%%{if}", "%%{if}"},
		{"$${x}", "$$${x}", "$$${x}"},
		{"%${", "%$${", "%$${"},
		{"$%{", "$%%{", "$%%{"},
		{"${${", "$${$${", "$${$${"},
		{"100% $ and {", "100% $ and {", "100% $ and {"},
		{"$", "$", "$"},
		{"a\"b\\c\n\t\r\x01\x7f${", "a\"b\\c\n\t\r\x01\x7f$${", `a\"b\\c\n\t\r\u0001\u007f$${`},
		{"ünï ${cödé}", "ünï $${cödé}", "ünï $${cödé}"},
	} {
		if got := EscapeTemplate(c.in); got != c.want {
			t.Errorf("EscapeTemplate(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := string(AppendEscapedTemplate([]byte("<"), c.in)); got != "<"+c.want {
			t.Errorf("AppendEscapedTemplate(%q) = %q, want %q", c.in, got, "<"+c.want)
		}
		if got := string(AppendTemplateText([]byte("<"), c.in)); got != "<"+c.quoted {
			t.Errorf("AppendTemplateText(%q) = %q, want %q", c.in, got, "<"+c.quoted)
		}
		if got := EscapeTemplateText(c.in); got != c.quoted {
			t.Errorf("EscapeTemplateText(%q) = %q, want %q", c.in, got, c.quoted)
		}
	}
}

// FuzzEscapeTemplate: escaped text reads back as itself, both as template
// content (a heredoc, a JSON string) and between the quotes of an HCL
// string, and the escape is the textbook replacement of `${` and `%{`.
func FuzzEscapeTemplate(f *testing.F) {
	for _, s := range []string{"", "${a}", "%{ if x }y%{ endif }", "$${", "%%{", "$", "${${", "a\"\\\n", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		esc := EscapeTemplate(s)
		if want := strings.ReplaceAll(strings.ReplaceAll(s, "${", "$${"), "%{", "%%{"); esc != want {
			t.Fatalf("EscapeTemplate(%q) = %q, want %q", s, esc, want)
		}
		// HCL's scanner reads text after a lone carriage return literally
		// (render writes such text with an interpolation), reads UTF-8
		// only, and gives literal text in Unicode normal form C.
		if !utf8.ValidString(s) || strings.Contains(s, "\r") || !norm.NFC.IsNormalString(s) {
			return
		}
		// It also drops a byte order mark that starts its input, as it
		// would one starting a file: the JSON renderer writes that one as
		// an interpolation.
		if got, ok := readTemplate(esc); (!ok || got != s) && !strings.HasPrefix(s, "\ufeff") {
			t.Fatalf("template %q reads back as %q (%v), want %q", esc, got, ok, s)
		}
		quoted := `"` + string(AppendTemplateText(nil, s)) + `"`
		e, diags := hclsyntax.ParseExpression([]byte(quoted), "f.tf", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", quoted, diags)
		}
		v, diags := e.Value(nil)
		if diags.HasErrors() || v.Type() != cty.String || v.AsString() != s {
			t.Fatalf("%s reads back as %#v (%v), want %q", quoted, v, diags, s)
		}
	})
}

func readTemplate(src string) (string, bool) {
	e, diags := hclsyntax.ParseTemplate([]byte(src), "f.tf", hcl.InitialPos)
	if diags.HasErrors() {
		return "", false
	}
	v, diags := e.Value(nil)
	if diags.HasErrors() || v.Type() != cty.String || !v.IsKnown() {
		return "", false
	}
	return v.AsString(), true
}
