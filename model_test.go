package tfkit_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

// attr returns the expression of a block's attribute.
func attr(t *testing.T, b *config.Block, name string) config.Expr {
	t.Helper()
	a := b.Body.Attribute(name)
	if a == nil {
		t.Fatalf("%s has no attribute %s", b.Address(), name)
	}
	return a.Expr
}

func refText(t *testing.T, x config.Expr) string {
	t.Helper()
	r, ok := x.(*config.Reference)
	if !ok {
		t.Fatalf("%T is not a reference", x)
	}
	return config.TraversalString(r.Traversal)
}

func refList(t *testing.T, x config.Expr) []string {
	t.Helper()
	tup, ok := x.(*config.Tuple)
	if !ok {
		t.Fatalf("%T is not a tuple", x)
	}
	var out []string
	for _, it := range tup.Items {
		out = append(out, refText(t, it))
	}
	return out
}

func TestStringValues(t *testing.T) {
	_, s := newStack(t)
	l := tfkit.NewLocals(s, tfkit.Ordered(
		"plain", "text",
		"template", "web-${count.index}",
		"single", "${var.x}",
		"escaped", "$${x}",
	))
	b := l.Block()
	if lit, ok := attr(t, b, "plain").(*config.Literal); !ok || lit.Val.AsString() != "text" {
		t.Errorf("plain: %#v", attr(t, b, "plain"))
	}
	if _, ok := attr(t, b, "template").(*config.Template); !ok {
		t.Errorf("template: %T, want *config.Template", attr(t, b, "template"))
	}
	if got := refText(t, attr(t, b, "single")); got != "var.x" {
		t.Errorf("single interpolation: %s", got)
	}
	if s, ok := config.LiteralString(attr(t, b, "escaped")); !ok || s != "${x}" {
		t.Errorf("escaped: %q", s)
	}
}

func TestReferences(t *testing.T) {
	_, s := newStack(t)
	vpc := tfkit.NewResource(s, "aws_vpc", "main", nil)
	ami := tfkit.NewDataSource(s, "aws_ami", "u", nil)
	mod := tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "./net"})
	v := tfkit.NewVariable(s, "region", tfkit.VariableConfig{})
	p := tfkit.NewProvider(s, "aws", nil).Alias("west")
	dflt := tfkit.NewProvider(s, "aws", nil)
	loc := tfkit.NewLocals(s, tfkit.Attrs{"tags": map[string]string{"a": "b"}})
	rs := tfkit.NewRemoteState(s, "shared", "local", map[string]string{"path": "x"})

	base := vpc.Ref("tags")
	cases := map[string]tfkit.Expr{
		"aws_vpc.main":                      vpc.Ref(),
		"aws_vpc.main.id":                   vpc.Ref("id"),
		"aws_vpc.main.ingress[0].from_port": vpc.Ref("ingress[0].from_port"),
		`aws_vpc.main.tags["Name"]`:         vpc.Ref(`tags["Name"]`),
		"aws_vpc.main.tags.Name":            vpc.Ref("tags", "Name"),
		"aws_vpc.main[0].id":                vpc.Ref("[0].id"),
		"aws_vpc.main.tags.a":               base.Attr("a"),
		"aws_vpc.main.tags.b":               base.Attr("b"),
		"aws_vpc.main.tags":                 base,
		`aws_vpc.main.tags["k"][0]`:         base.Index("k").Index(0),
		"data.aws_ami.u.id":                 ami.Ref("id"),
		"module.net.vpc_id":                 mod.Output("vpc_id"),
		"module.net":                        mod.Ref(),
		"var.region":                        v.Ref(),
		"var.region.name":                   v.Ref("name"),
		"aws.west":                          p.Ref(),
		"aws":                               dflt.Ref(),
		"local.tags":                        loc.Ref("tags"),
		"local.tags.a":                      loc.Ref("tags", "a"),
		"data.terraform_remote_state.shared.outputs.id": rs.Output("id"),
		"var.x":               tfkit.Var("x"),
		"local.y":             tfkit.Local("y"),
		"self.ip":             tfkit.Self("ip"),
		"count.index":         tfkit.CountIndex,
		"each.key":            tfkit.EachKey,
		"each.value":          tfkit.EachValue,
		"path.module":         tfkit.PathModule,
		"terraform.workspace": tfkit.TerraformWorkspace,
		`a.b["c"][1].d`:       tfkit.Ref(`a.b["c"][1].d`),
	}
	for want, e := range cases {
		if len(e.Diagnostics()) > 0 {
			t.Errorf("%s: %s", want, e.Diagnostics())
			continue
		}
		if got := refText(t, e.Model()); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
		if got := e.String(); got != "${"+want+"}" {
			t.Errorf("String() = %s", got)
		}
		if got := e.HCL(); got != want {
			t.Errorf("HCL() = %s", got)
		}
	}
	// Non-static paths become the matching expressions.
	if _, ok := vpc.Ref("[*].id").Model().(*config.Splat); !ok {
		t.Errorf("[*].id: %T, want a splat", vpc.Ref("[*].id").Model())
	}
	if _, ok := vpc.Ref("").Index(tfkit.CountIndex).Model().(*config.Index); !ok {
		t.Errorf("Index(count.index): %T, want an index expression", vpc.Ref("").Index(tfkit.CountIndex).Model())
	}
}

func TestElementsAsValues(t *testing.T) {
	_, s := newStack(t)
	vpc := tfkit.NewResource(s, "aws_vpc", "main", nil)
	west := tfkit.NewProvider(s, "aws", tfkit.Attrs{"alias": "west"})
	v := tfkit.NewVariable(s, "v", tfkit.VariableConfig{})
	r := tfkit.NewResource(s, "t", "n", tfkit.Attrs{"whole": vpc, "var": v, "list": []tfkit.Element{vpc, v}}).
		Provider(west).DependsOn(vpc)
	b := r.Block()
	if got := refText(t, attr(t, b, "whole")); got != "aws_vpc.main" {
		t.Errorf("whole: %s", got)
	}
	if got := refText(t, attr(t, b, "var")); got != "var.v" {
		t.Errorf("var: %s", got)
	}
	if got := refList(t, attr(t, b, "list")); !reflect.DeepEqual(got, []string{"aws_vpc.main", "var.v"}) {
		t.Errorf("list: %v", got)
	}
	// The alias given as an attribute counts too.
	if got := refText(t, attr(t, b, "provider")); got != "aws.west" {
		t.Errorf("provider: %s", got)
	}
	if got := refList(t, attr(t, b, "depends_on")); !reflect.DeepEqual(got, []string{"aws_vpc.main"}) {
		t.Errorf("depends_on: %v", got)
	}
}

func TestLifecycleModel(t *testing.T) {
	_, s := newStack(t)
	vpc := tfkit.NewResource(s, "aws_vpc", "main", nil)
	r := tfkit.NewResource(s, "t", "n", nil).Lifecycle(tfkit.Lifecycle{
		IgnoreChanges:      []string{"tags", "a[0].b"},
		ReplaceTriggeredBy: []any{vpc, vpc.Ref("id"), "aws_vpc.main.arn"},
	})
	lc := r.Block().Body.Blocks("lifecycle")
	if len(lc) != 1 {
		t.Fatalf("lifecycle blocks: %d", len(lc))
	}
	if got := refList(t, attr(t, lc[0], "ignore_changes")); !reflect.DeepEqual(got, []string{"tags", "a[0].b"}) {
		t.Errorf("ignore_changes: %v", got)
	}
	if got := refList(t, attr(t, lc[0], "replace_triggered_by")); !reflect.DeepEqual(got, []string{"aws_vpc.main", "aws_vpc.main.id", "aws_vpc.main.arn"}) {
		t.Errorf("replace_triggered_by: %v", got)
	}
	r.Lifecycle(tfkit.Lifecycle{IgnoreAllChanges: true})
	lc = r.Block().Body.Blocks("lifecycle")
	if len(lc) != 1 || refText(t, attr(t, lc[0], "ignore_changes")) != "all" {
		t.Errorf("ignore_changes = all not written as the keyword")
	}
}

func TestTypeConstraintIsRaw(t *testing.T) {
	_, s := newStack(t)
	v := tfkit.NewVariable(s, "v", tfkit.VariableConfig{Type: " list(string) "})
	raw, ok := attr(t, v.Block(), "type").(*config.Raw)
	if !ok || raw.Text != "list(string)" || raw.Syntax == nil {
		t.Errorf("type: %#v", attr(t, v.Block(), "type"))
	}
}

func TestModuleProvidersKeys(t *testing.T) {
	_, s := newStack(t)
	west := tfkit.NewProvider(s, "aws", nil).Alias("west")
	m := tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"}).
		Providers(map[string]*tfkit.Provider{"aws.src": west, "aws": west})
	obj := attr(t, m.Block(), "providers").(*config.Object)
	if k, ok := config.LiteralString(obj.Items[0].Key); !ok || k != "aws" {
		t.Errorf("first key %#v, want the string aws", obj.Items[0].Key)
	}
	if got := refText(t, obj.Items[1].Key); got != "aws.src" {
		t.Errorf("second key %s, want the reference aws.src", got)
	}
}

func TestConfigDoesNotChangeDeclaredBlocks(t *testing.T) {
	_, s := newStack(t)
	tf := tfkit.NewTerraform(s, tfkit.TerraformConfig{RequiredVersion: ">= 1.0"})
	tfkit.NewProvider(s, "aws", nil).Source("hashicorp/aws", "")
	first, _ := render.HCL(s.Config())
	second, _ := render.HCL(s.Config())
	if string(first) != string(second) {
		t.Errorf("Config is not repeatable:\n%s\n%s", first, second)
	}
	if len(tf.Block().Body.Blocks("required_providers")) != 0 {
		t.Error("Config changed the declared terraform block")
	}
	if got := s.Config().Blocks[0]; got == tf.Block() || len(got.Body.Blocks("required_providers")) != 1 {
		t.Error("the written terraform block should be a copy holding required_providers")
	}
}

func TestExprString(t *testing.T) {
	_, s := newStack(t)
	web := tfkit.NewResource(s, "aws_instance", "web", nil)
	cases := []struct {
		e        tfkit.Expr
		str, hcl string
	}{
		{tfkit.Literal("a ${b} %{c}"), "a $${b} %%{c}", `"a $${b} %%{c}"`},
		{tfkit.Fn("join", ", ", tfkit.Var("l")), `${join(", ", var.l)}`, `join(", ", var.l)`},
		{tfkit.Op(tfkit.Op(1, "+", 2), "*", 3), "${(1 + 2) * 3}", "(1 + 2) * 3"},
		{tfkit.Op(1, "-", tfkit.Op(2, "-", 3)), "${1 - (2 - 3)}", "1 - (2 - 3)"},
		{tfkit.Op(tfkit.Op(1, "*", 2), "+", 3), "${1 * 2 + 3}", "1 * 2 + 3"},
		{tfkit.Cond(tfkit.Var("b"), "x", tfkit.Null), `${var.b ? "x" : null}`, `var.b ? "x" : null`},
		{tfkit.Splat(web, "id"), "${aws_instance.web[*].id}", "aws_instance.web[*].id"},
		{tfkit.Raw(`{ a = 1, "b c" = [true] }`), `${{ a = 1, "b c" = [true] }}`, `{ a = 1, "b c" = [true] }`},
		{tfkit.Not(tfkit.Var("x")), "${!var.x}", "!var.x"},
		{tfkit.Neg(tfkit.Op(1, "+", 2)), "${-(1 + 2)}", "-(1 + 2)"},
		{tfkit.Expr{}, "", "null"},
		// A "$" just before an interpolation has no text spelling: "$${"
		// is the escape of "${".
		{tfkit.Raw(`"a${"$$"}${var.x}"`), `a${"$$"}${var.x}`, `"a${"$$"}${var.x}"`},
	}
	for _, tc := range cases {
		if got := tc.e.String(); got != tc.str {
			t.Errorf("String() = %s, want %s", got, tc.str)
		}
		if got := fmt.Sprint(tc.e); got != tc.str {
			t.Errorf("fmt.Sprint = %s, want %s", got, tc.str)
		}
		if got := tc.e.HCL(); got != tc.hcl {
			t.Errorf("HCL() = %s, want %s", got, tc.hcl)
		}
	}
	// Spliced into a string, an expression becomes an interpolation.
	l := tfkit.NewLocals(s, tfkit.Attrs{"name": fmt.Sprintf("%s-web", web.Ref("id"))})
	if got := tfkit.ExprOf(attr(t, l.Block(), "name")).HCL(); got != `"${aws_instance.web.id}-web"` {
		t.Errorf("spliced: %s", got)
	}
}

func TestZeroExpr(t *testing.T) {
	var e tfkit.Expr
	if !e.IsZero() || e.Model() != nil || !e.Attr("x").IsZero() {
		t.Error("the zero Expr should stay empty")
	}
	if tfkit.Null.IsZero() {
		t.Error("Null is a value")
	}
}

func TestSetReplacesAndRemoves(t *testing.T) {
	_, s := newStack(t)
	r := tfkit.NewResource(s, "t", "n", tfkit.Ordered("a", 1, "b", 2, "c", 3))
	r.Set("b", 20).Set("c", nil).Set("d", 4)
	var names []string
	for _, a := range r.Block().Body.Attributes() {
		names = append(names, a.Name)
	}
	if !reflect.DeepEqual(names, []string{"a", "b", "d"}) {
		t.Errorf("attributes %v", names)
	}
	if x := attr(t, r.Block(), "b").(*config.Literal); x.Val.AsBigFloat().String() != "20" {
		t.Errorf("b = %v", x.Val)
	}
}

func TestMetaOrderIndependentOfCallOrder(t *testing.T) {
	build := func(order []int) string {
		app := tfkit.NewApp()
		s := tfkit.NewStack(app, "s")
		vpc := tfkit.NewResource(s, "aws_vpc", "main", nil)
		p := tfkit.NewProvider(s, "aws", nil).Alias("x")
		r := tfkit.NewResource(s, "t", "n", tfkit.Attrs{"a": 1, "blk": tfkit.Block(nil)})
		steps := []func(){
			func() { r.Count(2) },
			func() { r.Provider(p) },
			func() { r.DependsOn(vpc) },
			func() { r.Lifecycle(tfkit.Lifecycle{PreventDestroy: true}) },
			func() { r.Provisioner(tfkit.Provisioner{Type: "local-exec", Config: tfkit.Attrs{"command": "true"}}) },
			func() { r.Connection(tfkit.Attrs{"host": "h"}) },
			func() { r.Dynamic("d", tfkit.Dynamic{ForEach: []int{1}}) },
		}
		for _, i := range order {
			steps[i]()
		}
		out, err := render.HCL(s.Config())
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	want := build([]int{0, 1, 2, 3, 4, 5, 6})
	for _, order := range [][]int{{6, 5, 4, 3, 2, 1, 0}, {3, 0, 6, 2, 5, 1, 4}} {
		if got := build(order); got != want {
			t.Errorf("order %v:\n%s\nwant\n%s", order, got, want)
		}
	}
}

func TestLocalsRefUndeclared(t *testing.T) {
	_, s := newStack(t)
	l := tfkit.NewLocals(s, tfkit.Attrs{"a": 1})
	line := here() + 1
	e := l.Ref("b")
	tfkit.NewOutput(s, "o", tfkit.OutputConfig{Value: e})
	checkDiags(t, s.Diagnostics(), want{"Undeclared local value", line, "output.o.value"})
}

func TestCheckDataBeforeAsserts(t *testing.T) {
	_, s := newStack(t)
	c := tfkit.NewCheck(s, "c", tfkit.Condition{Condition: tfkit.Op(tfkit.Ref("terraform.workspace"), "!=", ""), ErrorMessage: "x"})
	d := c.Data("http", "h", tfkit.Attrs{"url": "u"})
	items := c.Block().Body.Items
	if items[0] != config.Item(d.Block()) {
		t.Errorf("scoped data source should come first")
	}
	if d.Ref("status_code").HCL() != "data.http.h.status_code" {
		t.Errorf("scoped data ref: %s", d.Ref("status_code").HCL())
	}
}

func TestAccessors(t *testing.T) {
	app, s := newStack(t)
	r := tfkit.NewResource(s, "aws_vpc", "main", nil)
	d := tfkit.NewDataSource(s, "aws_ami", "u", nil)
	p := tfkit.NewProvider(s, "aws", nil)
	if r.Block().Labels[1] != "main" || d.Block().Type != "data" || p.Block().Labels[0] != "aws" {
		t.Error("blocks")
	}
	if r.Stack() != s || s.App() != app || s.Name() != "test" || len(app.Stacks()) != 1 {
		t.Error("stack and app accessors")
	}
}

func TestRawHeredocPrints(t *testing.T) {
	e := tfkit.Raw("<<EOT\n%{for p in var.ports}${p}\n%{endfor}\nEOT\n")
	if len(e.Diagnostics()) > 0 {
		t.Fatal(e.Diagnostics())
	}
	if _, ds := config.ParseExpression(e.HCL(), "", hcl.InitialPos); ds.HasErrors() {
		t.Errorf("HCL() %q does not parse: %s", e.HCL(), ds)
	}
}
