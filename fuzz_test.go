package tfkit_test

import (
	"math"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

// FuzzStringValue checks that any Go string is either reported or becomes
// an expression that renders, and whose template text (Expr.String) reads
// back as the same expression.
func FuzzStringValue(f *testing.F) {
	for _, s := range []string{
		"", "plain", "web-${count.index}", "${var.x}", "$${x}", "%{if true}a%{endif}",
		"a\\b\"c\n\t", "${", "$${", "%%{", "${ {a = 1} }", "${[for x in [1] : x]}",
		"${var.a}${var.b}", "tail $", "100%", "${\"nested ${var.x}\"}", "\x00\x7f",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		app := tfkit.NewApp()
		st := tfkit.NewStack(app, "s")
		l := tfkit.NewLocals(st, tfkit.Attrs{"x": s})
		if ds := st.Diagnostics(); len(ds) > 0 {
			for _, d := range ds {
				if d.Subject == nil || d.Subject.Filename != "fuzz_test.go" {
					t.Fatalf("diagnostic without the Go line: %s", d)
				}
			}
			return
		}
		x := l.Block().Body.Attribute("x").Expr
		want := tfkit.ExprOf(unwrap(x)).HCL()
		y, ds := config.ParseTemplate(tfkit.ExprOf(x).String(), "", hcl.InitialPos)
		if ds.HasErrors() {
			t.Fatalf("String() of %q does not parse: %s", s, ds)
		}
		if got := tfkit.ExprOf(unwrap(y)).HCL(); got != want {
			t.Fatalf("round trip of %q: %s, want %s", s, got, want)
		}
		if _, err := render.HCL(st.Config()); err != nil {
			t.Fatalf("render %q: %v", s, err)
		}
	})
}

// unwrap returns the expression of a template that is one interpolation:
// HCL gives "${x}" the value of x, so both forms mean the same.
func unwrap(x config.Expr) config.Expr {
	if t, ok := x.(*config.Template); ok && len(t.Parts) == 1 {
		return t.Parts[0]
	}
	return x
}

// FuzzRawExpr checks that raw expressions that parse print as text that
// parses to the same expression.
func FuzzRawExpr(f *testing.F) {
	for _, s := range []string{
		"var.a", "a ? b : c", "1 + 2 * 3", "(1 + 2) * 3", "!a && b", "-x.y", "f(a...)",
		"[for k, v in m : v if k != \"\"]", "{for k, v in m : k => v...}", "a[*].b[0]",
		`{ "a b" = 1, c = [true, null] }`, `"x${y}z"`, "<<EOT\n${a}\n%{if b}c%{endif}\nEOT\n",
		"a.b[c].d", "(a ? b : c).d", "- - 1", "1 - (2 - 3)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // HCL text is UTF-8; invalid bytes have no HCL spelling
		}
		e := tfkit.Raw(s)
		if len(e.Diagnostics()) > 0 {
			return
		}
		text := e.HCL()
		x, ds := config.ParseExpression(text, "", hcl.InitialPos)
		if ds.HasErrors() {
			t.Fatalf("HCL() of %q is %q, which does not parse: %s", s, text, ds)
		}
		if got := tfkit.ExprOf(x).HCL(); got != text {
			t.Fatalf("%q prints as %q, then as %q", s, text, got)
		}
	})
}

// FuzzValues converts values of every basic kind: the result is either a
// diagnostic or a configuration both renderers accept.
func FuzzValues(f *testing.F) {
	f.Add("name", int64(1), 2.5, true, uint8(3))
	f.Add("with space", int64(-9223372036854775808), math.Copysign(0, -1), false, uint8(0))
	f.Add("${x}", int64(0), 1e300, true, uint8(255))
	f.Fuzz(func(t *testing.T, s string, n int64, fl float64, b bool, u uint8) {
		app := tfkit.NewApp()
		st := tfkit.NewStack(app, "s")
		tfkit.NewLocals(st, tfkit.Ordered(
			"s", tfkit.Literal(s),
			"n", n,
			"f", fl,
			"b", b,
			"u", u,
			"list", []any{tfkit.Literal(s), n, fl, b, nil},
			"map", map[string]any{s: fl, "k": []int64{n}},
			"f32", float32(fl),
		))
		if st.Diagnostics().HasErrors() {
			return
		}
		if _, err := render.HCL(st.Config()); err != nil {
			t.Fatalf("render HCL: %v", err)
		}
		if _, err := render.JSON(st.Config()); err != nil {
			t.Fatalf("render JSON: %v", err)
		}
	})
}
