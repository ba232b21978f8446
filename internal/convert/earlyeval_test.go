package convert

import (
	"strings"
	"testing"
)

// TestModuleSourceExprGo: a module source or version built from variables
// and locals (OpenTofu's early evaluation) is written as SourceExpr or
// VersionExpr, a tfkit.Expr: a template as format, with literal text that
// a Go string would read as a template kept literal; one that refers to
// anything else stays among the inputs, as Terraform would see it.
func TestModuleSourceExprGo(t *testing.T) {
	for _, tc := range []struct{ attrs, want string }{
		{`source = "./m$${x}/${var.a}%"`, `SourceExpr: tfkit.Fn("format", tfkit.Literal("./m${x}/%s%%"), tfkit.Var("a")),`},
		{`source = "./modules/${var.a}-${local.b}"`, `SourceExpr: tfkit.Fn("format", "./modules/%s-%s", tfkit.Var("a"), tfkit.Local("b")),`},
		{`source = "${var.src}"`, `SourceExpr: tfkit.Var("src"),`},
		{`source = (var.src)`, `SourceExpr: tfkit.Var("src"),`},
		{`source = lower(var.src)`, `SourceExpr: tfkit.Fn("lower", tfkit.Var("src")),`},
		{"source = \"x/y\"\nversion = local.v", "Source:      \"x/y\",\n\t\tVersionExpr: tfkit.Local(\"v\"),"},
		{`source = "./m/${terraform_data.x.output}"`, `"source", fmt.Sprintf("./m/%s", x.Ref("output")),`},
	} {
		src := "variable \"a\" {}\nvariable \"src\" {}\nlocals {\n  b = 1\n  v = \"1.0\"\n}\nresource \"terraform_data\" \"x\" {}\nmodule \"m\" {\n" + tc.attrs + "\n}\n"
		out, ds := Files([]File{{Name: "main.tf", Src: []byte(src)}}, Options{Target: Go})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", tc.attrs, ds)
		}
		if !strings.Contains(string(out), tc.want) {
			t.Errorf("%s: the output lacks %s\n%s", tc.attrs, tc.want, out)
		}
		checkParses(t, Go, out)
	}
}
