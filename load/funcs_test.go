package load

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// TestProviderFunctionType: with the provider's schema given, the unknown
// result of a provider-defined function has the declared return type, so
// attribute access into it is checked; a wrong attribute is an error.
func TestProviderFunctionType(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "schema", "testdata", "providers", "time-0.14.2.json"))
	if err != nil {
		t.Fatal(err)
	}
	providers, err := schema.ReadProviders(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := `terraform {
  required_providers {
    time = { source = "hashicorp/time" }
  }
}
output "year" {
  value = provider::time::rfc3339_parse("2026-11-22T00:00:00Z").year
}
output "bad" {
  value = provider::time::rfc3339_parse("2026-11-22T00:00:00Z").yaer
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	view, diags := Dir(dir, Options{Providers: providers})
	if len(diags) != 1 || !strings.Contains(diags.Error(), "main.tf:10:") || !strings.Contains(diags.Error(), "yaer") {
		t.Fatalf("want one error at the misspelt attribute, got:\n%s", diags)
	}
	year := view.Outputs["year"]
	if year == nil || year.Value.IsKnown() || year.Value.Type() != cty.Number {
		t.Fatalf("year: %#v, want an unknown number", year)
	}
	if why := strings.Join(unknowns(year.Value)[""], " "); !strings.Contains(why, "provider-defined function") {
		t.Errorf("reason %q", why)
	}
}

// TestPathExpand: pathexpand takes HOME from Options.Env, never from the
// process; without it a ~ path is unknown with the reason.
func TestPathExpand(t *testing.T) {
	dir := t.TempDir()
	mustWrite(t, dir+"/main.tf", `output "p" { value = pathexpand("~/x") }
output "plain" { value = pathexpand("a/b") }
`)
	view, ds := Dir(dir, Options{Env: []string{"HOME=/home/u"}})
	if len(ds) > 0 || valueJSON(view.Outputs["p"].Value) != `"/home/u/x"` || valueJSON(view.Outputs["plain"].Value) != `"a/b"` {
		t.Fatalf("with HOME: %s %s %v", valueJSON(view.Outputs["p"].Value), valueJSON(view.Outputs["plain"].Value), ds)
	}
	t.Setenv("HOME", "/process/home")
	view, _ = Dir(dir, Options{})
	if u := unknowns(view.Outputs["p"].Value); len(u[""]) != 1 || u[""][0] != "pathexpand: HOME is not set in the evaluation's environment" {
		t.Fatalf("without HOME in Options.Env: %s %v", valueJSON(view.Outputs["p"].Value), u)
	}
}

// TestBuiltinProviderFunctions: the built-in provider's functions are
// computed in a module that declares it in required_providers, under the
// local name it declares, and refused with Terraform's error in a module
// that does not (here a child of one that does).
func TestBuiltinProviderFunctions(t *testing.T) {
	dir := t.TempDir()
	mustWrite(t, dir+"/main.tf", `terraform {
  required_providers {
    tf = { source = "terraform.io/builtin/terraform" }
  }
}
output "expr" { value = provider::tf::encode_expr({a = [1, "x"]}) }
output "vars" { value = provider::tf::decode_tfvars("a = 1") }
module "child" { source = "./child" }
resource "null_resource" "many" {
  count    = 300
  triggers = { e = provider::tf::encode_expr(count.index) }
}
`)
	mustWrite(t, dir+"/child/main.tf", `output "x" { value = provider::terraform::encode_tfvars({a = 1}) }
`)
	view, ds := Dir(dir, Options{})
	if got := valueJSON(view.Outputs["expr"].Value); got != `"{\n  a = [1, \"x\"]\n}"` {
		t.Errorf("encode_expr: %s", got)
	}
	if got := valueJSON(view.Outputs["vars"].Value); got != `{"a": 1}` {
		t.Errorf("decode_tfvars: %s", got)
	}
	// The instances are evaluated on several goroutines, with the
	// module's own function table.
	var many int
	for _, r := range view.Resources {
		if r.Type == "null_resource" && valueJSON(r.Attributes.GetAttr("triggers").GetAttr("e")) == fmt.Sprintf("%q", fmt.Sprint(many)) {
			many++
		}
	}
	if many != 300 {
		t.Errorf("%d of 300 instances have their index encoded", many)
	}
	if len(ds) != 1 || ds[0].Summary != "Unknown provider function" || !strings.Contains(ds.Error(), "child/main.tf:1:") ||
		!strings.Contains(ds[0].Detail, `provider name "terraform" is declared in this module's required_providers block`) {
		t.Fatalf("want Terraform's error in the child module, got:\n%s", ds)
	}
}

// TestFormatWrapperTypes: the return types given to format's and
// formatlist's wrappers are cty's, and a variadic argument without a type
// still makes the result an unknown of any type.
func TestFormatWrapperTypes(t *testing.T) {
	funcs := functions(t.TempDir(), nil, tffile.Terraform, false)
	for name, args := range map[string][]cty.Value{
		"format":     {cty.StringVal("%s-%d"), cty.StringVal("a"), cty.NumberIntVal(1)},
		"formatlist": {cty.StringVal("%s"), cty.ListVal([]cty.Value{cty.StringVal("a")})},
	} {
		inner := stdlib.FormatFunc
		if name == "formatlist" {
			inner = stdlib.FormatListFunc
		}
		want, err := inner.ReturnTypeForValues(args)
		if err != nil {
			t.Fatal(err)
		}
		got, err := funcs[name].ReturnTypeForValues(args)
		if err != nil || !got.Equals(want) {
			t.Errorf("%s: type %#v, %v; cty's is %#v", name, got, err, want)
		}
		v, err := funcs[name].Call(append(args[:1:1], cty.DynamicVal))
		if err != nil || v.IsKnown() || v.Type() != cty.DynamicPseudoType {
			t.Errorf("%s with an argument of no type: %#v, %v; want an unknown of any type", name, v, err)
		}
	}
}

// TestFunctionSignaturesMatchConfig: config checks the number of arguments
// of calls at synth with a table of its own, which must be this package's
// functions' parameters (Terraform's names; OpenTofu's functions too).
func TestFunctionSignaturesMatchConfig(t *testing.T) {
	for _, engine := range []tffile.Engine{tffile.Terraform, tffile.OpenTofu} {
		for name, f := range functions(t.TempDir(), nil, engine, false) {
			if strings.Contains(name, "::") {
				continue
			}
			params, variadic, ok := config.BuiltinFunctionParams(name)
			if !ok {
				t.Errorf("%s: not in config's table", name)
				continue
			}
			var want []string
			for _, p := range f.Params() {
				want = append(want, p.Name)
			}
			if !slices.Equal(params, want) || variadic != (f.VarParam() != nil) {
				t.Errorf("%s: config has %v (variadic %v), load %v (variadic %v)", name, params, variadic, want, f.VarParam() != nil)
			}
		}
	}
}
