package tfkit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/load"
)

// TestSplatInsideSplat: a [*] in the path of tfkit.Splat is a splat applied
// to each element, as HCL writes a[*].b[*].c.
func TestSplatInsideSplat(t *testing.T) {
	_, s := newStack(t)
	web := tfkit.NewResource(s, "aws_instance", "web", nil)
	cases := []struct {
		e    tfkit.Expr
		want string
	}{
		{tfkit.Splat(web, "ebs_block_device[*].id"), "aws_instance.web[*].ebs_block_device[*].id"},
		{tfkit.Splat(tfkit.Var("x"), "y[*]"), "var.x[*].y[*]"},
		{tfkit.Splat(tfkit.Var("x"), "[*].id"), "var.x[*][*].id"},
		{tfkit.Splat(tfkit.Var("x"), "a[*][0].b[*]"), "var.x[*].a[*][0].b[*]"},
		{tfkit.Splat(tfkit.Var("x"), "a[ * ].b"), "var.x[*].a[*].b"},
		{tfkit.Splat(tfkit.Var("x"), "a[*].b[*].c"), "var.x[*].a[*].b[*].c"},
		// A quoted key is a key, whatever it holds.
		{tfkit.Splat(tfkit.Var("x"), `tags["[*]"]`), `var.x[*].tags["[*]"]`},
		{tfkit.Splat(tfkit.Var("x"), `tags["a\"[*]"]`), `var.x[*].tags["a\"[*]"]`},
		// Steps added later apply to each element of the innermost splat.
		{tfkit.Splat(tfkit.Var("x"), "y[*]").Attr("z"), "var.x[*].y[*].z"},
		{tfkit.Splat(tfkit.Var("x"), "y[*]").Index(0), "var.x[*].y[*][0]"},
	}
	for _, tc := range cases {
		if ds := tc.e.Diagnostics(); len(ds) > 0 {
			t.Errorf("%s: %v", tc.want, ds)
		}
		if got := tc.e.HCL(); got != tc.want {
			t.Errorf("HCL() = %s, want %s", got, tc.want)
		}
	}
}

func TestSplatPathErrors(t *testing.T) {
	for _, path := range []string{"a[*]b", "a[*].", "a[*].[0]", "a[*]..b", "a[*].b..c", "a[*]["} {
		t.Run(path, func(t *testing.T) {
			_, s := newStack(t)
			line := here() + 1
			e := tfkit.Splat(tfkit.Var("x"), path)
			if len(e.Diagnostics()) == 0 {
				t.Fatal("want diagnostics on the expression")
			}
			tfkit.NewLocals(s, tfkit.Attrs{"x": e})
			checkDiags(t, s.Diagnostics(), want{"Invalid attribute path", line, "locals.x"})
			if d := s.Diagnostics().Errs()[0]; !strings.Contains(d.Detail, path) || d.Suggestion == "" {
				t.Errorf("the error should name the path and say how to write one: %s", d)
			}
		})
	}
}

// TestSplatInsideSplatEvaluates: the configuration synthesized evaluates
// to a list of lists, element by element.
func TestSplatInsideSplatEvaluates(t *testing.T) {
	out := t.TempDir()
	app := tfkit.NewApp(tfkit.WithOutdir(out))
	s := tfkit.NewStack(app, "splats")
	tfkit.NewVariable(s, "groups", tfkit.VariableConfig{Default: []any{
		map[string]any{"members": []any{
			map[string]any{"name": "ada", "tags": []any{"x", "y"}},
			map[string]any{"name": "bob", "tags": []any{"z"}},
		}},
		map[string]any{"members": []any{
			map[string]any{"name": "cy", "tags": []any{"w"}},
		}},
	}})
	groups := tfkit.NewResource(s, "terraform_data", "groups", tfkit.Ordered(
		"input", tfkit.Index(tfkit.Var("groups"), tfkit.CountIndex),
	)).Count(2)
	tfkit.NewResource(s, "terraform_data", "all", tfkit.Ordered(
		"input", tfkit.Ordered(
			"names", tfkit.Splat(tfkit.Var("groups"), "members[*].name"),
			"tags", tfkit.Splat(tfkit.Var("groups"), "members[*].tags[*]"),
			// The first tag of each member: [0] applies inside.
			"firsts", tfkit.Splat(tfkit.Var("groups"), "members[*].tags").Index(0),
			"instances", tfkit.Splat(groups, "input.members[*].name"),
			"upper", tfkit.For("n", tfkit.Fn("flatten", tfkit.Splat(tfkit.Var("groups"), "members[*].name"))).
				List(tfkit.Fn("upper", tfkit.Ref("n"))),
		),
	))
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "stacks", "splats")
	text, err := os.ReadFile(filepath.Join(dir, "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "terraform_data.groups[*].input.members[*].name") {
		t.Errorf("main.tf does not read the instances with a splat inside a splat:\n%s", text)
	}
	v, ds := load.Dir(dir, load.Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, r := range v.Resources {
		if r.Address != "terraform_data.all" {
			continue
		}
		got, err := ctyjson.SimpleJSONValue{Value: r.Attributes.GetAttr("input")}.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		want := `{"firsts":[["x","z"],["w"]],"instances":[["ada","bob"],["cy"]],"names":[["ada","bob"],["cy"]],` +
			`"tags":[[["x","y"],["z"]],[["w"]]],"upper":["ADA","BOB","CY"]}`
		if string(got) != want {
			t.Errorf("input = %s\nwant    %s\n%s", got, want, text)
		}
		return
	}
	t.Fatalf("no terraform_data.all among %d resources", len(v.Resources))
}
