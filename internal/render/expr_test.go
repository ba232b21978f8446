package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/rendertest"
)

func TestExpr(t *testing.T) {
	a, b := ref("var.a"), ref("var.b")
	cases := []struct {
		e    config.Expr
		want string
	}{
		{str("plain"), `"plain"`},
		{str(""), `""`},
		{str("${x} %{y}"), `"$${x} %%{y}"`},
		{tpl(), `""`},
		{tpl(str(""), a, str("")), `var.a`},
		{tpl(tpl(a)), `var.a`},
		{tpl(str("a"), str("b")), `"ab"`},
		{tpl(str("$"), a), `"${"$"}${var.a}"`},
		{tpl(str("$$"), a, str("$")), `"${"$$"}${var.a}$"`},
		{tpl(str("a$$$"), a), `"a${"$$$"}${var.a}"`},
		{tpl(str("x"), num(-1)), `"x${- 1}"`}, // terraform fmt spaces a minus after ${
		{tpl(str("x"), obj("k", num(1))), `"x${ { k = 1 } }"`},
		{tpl(str("x"), tpl(str("y"), a)), `"x${"y${var.a}"}"`},
		{bignum("-0.000001"), `-0.000001`},
		{bignum("1e40"), `10000000000000000000000000000000000000000`},
		{config.Number(1.5), `1.5`},
		{lit(cty.NumberIntVal(-3)), `-3`},
		{bin(num(-3), "-", num(-3)), `-3 - -3`},
		{&config.UnaryOp{Op: "!", Operand: &config.UnaryOp{Op: "!", Operand: a}}, `!(!var.a)`},
		{&config.UnaryOp{Op: "-", Operand: num(-1)}, `-(-1)`},
		{&config.Index{Collection: bin(a, "+", b), Key: num(0)}, `(var.a + var.b)[0]`},
		{&config.GetAttr{Source: str("s"), Traversal: hcl.Traversal{hcl.TraverseIndex{Key: cty.NumberIntVal(0)}}}, `("s")[0]`},
		{&config.GetAttr{Source: num(5), Traversal: hcl.Traversal{hcl.TraverseAttr{Name: "x"}}}, `(5).x`},
		{&config.GetAttr{Source: tup(a), Traversal: hcl.Traversal{hcl.TraverseIndex{Key: cty.NumberIntVal(0)}}}, `[var.a][0]`},
		{&config.Splat{Source: &config.Splat{Source: a}}, `(var.a[*])[*]`},
		{&config.Splat{Source: tpl(a)}, `var.a[*]`},
		{&config.Conditional{Cond: &config.Conditional{Cond: a, True: a, False: b}, True: a, False: b}, `(var.a ? var.a : var.b) ? var.a : var.b`},
		{bin(a, "==", bin(a, "==", b)), `var.a == (var.a == var.b)`},
		{bin(bin(a, "||", b), "&&", a), `(var.a || var.b) && var.a`},
		{obj(), `{}`},
		{obj("a", num(1), "bb", num(2)), "{\n  a  = 1\n  bb = 2\n}"},
		{obj("true", num(1), "x.y", num(2), "", num(3)), "{\n  \"true\" = 1\n  \"x.y\"  = 2\n  \"\"     = 3\n}"},
		{obj(ref("each"), num(1)), "{\n  (each) = 1\n}"},
		{tup(str("a\nb\n")), `["a\nb\n"]`},
		{call("f", str("a\nb\n")), `f("a\nb\n")`},
		{str("a\nb\n"), `"a\nb\n"`}, // a heredoc would need the line to end after it
		{&config.Reference{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: "a"}, hcl.TraverseSplat{}, hcl.TraverseAttr{Name: "b"}}}, `a[*].b`},
		{&config.Reference{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: "a"}, hcl.TraverseIndex{Key: cty.True}}}, `a[true]`},
		{raw(" var.a   +   var.b "), `var.a + var.b`},
		{raw("\n\n[\n1,\n2\n]\n\n"), "[\n  1,\n  2\n]"},
		// What HCL cannot write comes out as null; HCL and JSON report it.
		{lit(cty.UnknownVal(cty.String)), `null`},
		{raw("var.a +"), `null`},
	}
	for _, c := range cases {
		if got := string(Expr(c.e)); got != c.want {
			t.Errorf("Expr(%s)\n got: %s\nwant: %s", rendertest.DumpExpr(c.e), got, c.want)
		}
	}
}

// TestStaticStrings checks the arguments Terraform reads statically: a
// string that spells what Terraform expects is written bare.
func TestStaticStrings(t *testing.T) {
	cases := []struct {
		block      *config.Block
		hcl, jsonV string
	}{
		{blk("resource", lbl("a", "b"), at("provider", str("aws.west"))), "provider = aws.west", `"provider": "aws.west"`},
		{blk("data", lbl("a", "b"), at("depends_on", lit(cty.ListVal([]cty.Value{cty.StringVal("module.x")})))), "depends_on = [module.x]", `"module.x"`},
		{blk("resource", lbl("a", "b"), blk("lifecycle", nil, at("ignore_changes", lit(cty.TupleVal([]cty.Value{cty.StringVal(`tags["a b"]`)}))))), `ignore_changes = [tags["a b"]]`, `"tags[\"a b\"]"`},
		{blk("resource", lbl("a", "b"), blk("lifecycle", nil, at("ignore_changes", ref("all")))), "ignore_changes = all", `"ignore_changes": "all"`},
		{blk("variable", lbl("v"), at("type", str("list(string)"))), "type = list(string)", `"type": "list(string)"`},
		{blk("variable", lbl("v"), at("type", ref("set"))), "type = set(any)", `"type": "set(any)"`},
		{blk("variable", lbl("v"), at("type", str(" string "))), "type = string", `"type": "string"`},
		{blk("import", nil, at("to", str("aws_instance.x")), at("id", str("i-1"))), "to = aws_instance.x", `"to": "aws_instance.x"`},
		{blk("moved", nil, at("from", str("module.a[0]")), at("to", str("module.b"))), "from = module.a[0]", `"from": "module.a[0]"`},
		{blk("removed", nil, at("from", str("aws_instance.x"))), "from = aws_instance.x", `"from": "aws_instance.x"`},
		{blk("resource", lbl("a", "b"), blk("dynamic", lbl("d"), at("iterator", str("it")))), "iterator = it", `"iterator": "it"`},
		{blk("resource", lbl("a", "b"), blk("provisioner", lbl("p"), at("on_failure", str("fail")))), "on_failure = fail", `"on_failure": "fail"`},
		// Not static: a resource attribute named provider elsewhere stays a string.
		{blk("resource", lbl("a", "b"), blk("nested", nil, at("provider", str("aws.west")))), `provider = "aws.west"`, `"provider": "aws.west"`},
		{blk("output", lbl("o"), at("value", str("aws.west"))), `value = "aws.west"`, `"value": "aws.west"`},
	}
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			h, err := HCL(cfgOf(c.block))
			if err != nil {
				t.Fatal(err)
			}
			j, err := JSON(cfgOf(c.block))
			if err != nil {
				t.Fatal(err)
			}
			if !containsText(h, c.hcl) {
				t.Errorf("HCL lacks %q:\n%s", c.hcl, h)
			}
			if !containsText(j, c.jsonV) {
				t.Errorf("JSON lacks %q:\n%s", c.jsonV, j)
			}
		})
	}
}

func containsText(out []byte, want string) bool {
	return strings.Contains(string(out), want)
}

// TestJSONPrependCharacters: characters that grapheme clustering joins to
// the next one are escaped in JSON, where HCL's reader would otherwise
// lose the closing quote; they stay as they are in HCL.
func TestJSONPrependCharacters(t *testing.T) {
	for _, s := range []string{"\u0604", "a\u06dd", "\U000110bd", "\u0d4e"} {
		cfg := cfgOf(blk("locals", nil, at("v", str(s))), blk("resource", lbl("x", s), at("k", str(s))))
		out, err := JSON(cfg)
		if err != nil {
			t.Fatal(err)
		}
		file, diags := hcljson.Parse(out, "main.tf.json")
		if diags.HasErrors() {
			t.Fatalf("%q: %s\n%s", s, diags, out)
		}
		attrs, _ := file.Body.JustAttributes()
		if v, _ := attrs["locals"].Expr.Value(nil); v.GetAttr("v").AsString() != s {
			t.Errorf("%q read back as %#v", s, v)
		}
		if strings.Contains(string(out), s) {
			t.Errorf("%q written unescaped:\n%s", s, out)
		}
	}
}

// jsonTemplateCase is a local's value, what Terraform reads back from its
// JSON (var.a being "A") and text the JSON must hold.
type jsonTemplateCase struct {
	e        config.Expr
	want     string
	contains string
}

// readJSONLocal renders a local v = e as JSON and evaluates it back as
// Terraform does (var.a being "A").
func readJSONLocal(t *testing.T, e config.Expr) ([]byte, cty.Value, hcl.Diagnostics) {
	t.Helper()
	out, err := JSON(cfgOf(blk("locals", nil, at("v", e))))
	if err != nil {
		t.Fatal(err)
	}
	file, diags := hcljson.Parse(out, "main.tf.json")
	if diags.HasErrors() {
		t.Fatalf("%s\n%s", diags, out)
	}
	attrs, _ := file.Body.JustAttributes()
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{"var": cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("A")})}}
	v, diags := attrs["locals"].Expr.Value(ctx)
	return out, v.GetAttr("v"), diags
}

func checkJSONTemplates(t *testing.T, cases []jsonTemplateCase) {
	t.Helper()
	for _, c := range cases {
		out, v, diags := readJSONLocal(t, c.e)
		if !strings.Contains(string(out), c.contains) {
			t.Errorf("%q: JSON lacks %s:\n%s", c.want, c.contains, out)
		}
		if diags.HasErrors() || v.AsString() != c.want {
			t.Errorf("%q read back as %#v %s\n%s", c.want, v, diags, out)
		}
	}
}

// TestJSONCarriageReturn: HCL's template scanner reads everything after a
// lone carriage return as literal text, so in JSON one with a template
// sequence after it is written as an interpolation; the text reads back
// the same, and is written as it is where nothing follows.
func TestJSONCarriageReturn(t *testing.T) {
	a := ref("var.a")
	checkJSONTemplates(t, []jsonTemplateCase{
		{str("a\r${x}"), "a\r${x}", `"a${\"\\r\"}$${x}"`},
		{str("a\r\n${x}"), "a\r\n${x}", `"a\r\n$${x}"`},
		{str("a\rb"), "a\rb", `"a\rb"`},
		{tpl(str("a\r"), a), "a\rA", `"a${\"\\r\"}${var.a}"`},
		{tpl(str("\r\r\n"), a, str("b\r")), "\r\r\nAb\r", `"${\"\\r\"}\r\n${var.a}b\r"`},
		{tpl(a, str("\r%{x}")), "A\r%{x}", `"${var.a}${\"\\r\"}%%{x}"`},
		{tpl(str("0$\r"), a), "0$\rA", `"0${\"$\\r\"}${var.a}"`},
		{tpl(str("$$\r$"), a), "$$\r$A", `"${\"$$\\r\"}${\"$\"}${var.a}"`},
	})
}

// TestJSONLeadingByteOrderMark: HCL's template parser, which Terraform runs
// on every JSON string it evaluates, drops a byte order mark at the start
// of the string, so one there is written as an interpolation; anywhere
// else it is written as it is.
func TestJSONLeadingByteOrderMark(t *testing.T) {
	a := ref("var.a")
	const bom = "\ufeff"
	checkJSONTemplates(t, []jsonTemplateCase{
		{str(bom + "x"), bom + "x", `"${\"\\ufeff\"}x"`},
		{str(bom), bom, `"${\"\\ufeff\"}"`},
		{str(bom + "${x}"), bom + "${x}", `"${\"\\ufeff\"}$${x}"`},
		{str("x" + bom), "x" + bom, `"x` + bom + `"`},
		{tpl(str(bom+"a"), a), bom + "aA", `"${\"\\ufeff\"}a${var.a}"`},
		{tpl(a, str(bom)), "A" + bom, `"${var.a}` + bom + `"`},
	})
	// An object key is a template too.
	out, v, diags := readJSONLocal(t, obj(bom+"k", str("v")))
	if diags.HasErrors() || !v.Type().HasAttribute(bom+"k") {
		t.Errorf("object key read back as %#v %s\n%s", v, diags, out)
	}
}
