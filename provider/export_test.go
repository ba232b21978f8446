package provider

import (
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/schema"
)

func TestExportSchema(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name":    {Type: String, Required: true, Description: "The name."},
		"port":    {Type: Int64, Optional: true, Default: 80},
		"doc":     {Type: NormalizedJSON, Optional: true, Sensitive: true},
		"old":     {Type: Bool, Optional: true, Deprecated: "use new"},
		"secret":  {Type: String, Optional: true, WriteOnly: true},
		"servers": {Nested: &Nested{Nesting: NestingList, Attributes: map[string]*Attribute{"host": {Type: String, Required: true}}}},
	})
	p.Resources["test_thing"].Schema.Attributes["servers"].Optional = true
	p.Resources["test_thing"].Schema.Version = 2
	p.Resources["test_thing"].UpgradeState = func(*Context, int64, map[string]any) Values { return nil }
	p.Resources["test_thing"].Schema.Blocks = map[string]*Block{"rule": {Nesting: NestingSet, MaxItems: 3, Attributes: map[string]*Attribute{"to": {Type: Set(String), Optional: true}}}}
	p.Functions = map[string]*Function{"f": {Parameters: []Parameter{{Name: "x", Type: Map(Float64), AllowNull: true}}, Variadic: &Parameter{Name: "rest", Type: String}, Return: List(Number), Call: func(*Context, []any) any { return nil }}}
	sp, err := p.ExportSchema("registry.terraform.io/tfkit/test")
	if err != nil {
		t.Fatal(err)
	}
	r := sp.Resource("test_thing")
	if r == nil || r.Version != 2 {
		t.Fatalf("resource %+v", r)
	}
	b := r.Block
	check := func(name string, want schema.Attribute) {
		t.Helper()
		a := b.Attribute(name)
		if a == nil || !a.Type.Equals(want.Type) || a.Required != want.Required || a.Optional != want.Optional || a.Computed != want.Computed || a.Sensitive != want.Sensitive || a.Deprecated != want.Deprecated || a.WriteOnly != want.WriteOnly {
			t.Errorf("%s = %+v, want %+v", name, a, want)
		}
	}
	check("name", schema.Attribute{Type: cty.String, Required: true})
	check("port", schema.Attribute{Type: cty.Number, Optional: true, Computed: true}) // a default makes it computed
	check("doc", schema.Attribute{Type: cty.String, Optional: true, Sensitive: true})
	check("old", schema.Attribute{Type: cty.Bool, Optional: true, Deprecated: true})
	check("secret", schema.Attribute{Type: cty.String, Optional: true, WriteOnly: true})
	servers := b.Attribute("servers")
	if servers == nil || servers.NestedType == nil || servers.NestedType.Nesting != schema.NestingList || servers.NestedType.Attributes[0].Name != "host" {
		t.Errorf("servers = %+v", servers)
	}
	rule := b.NestedBlock("rule")
	if rule == nil || rule.Nesting != schema.NestingSet || rule.MaxItems != 3 || !rule.Block.Attribute("to").Type.Equals(cty.Set(cty.String)) {
		t.Errorf("rule = %+v", rule)
	}
	if len(sp.Functions) != 1 || !sp.Functions[0].ReturnType.Equals(cty.List(cty.Number)) || !sp.Functions[0].Parameters[0].AllowNull || sp.Functions[0].Variadic.Name != "rest" {
		t.Errorf("functions = %+v", sp.Functions)
	}
}

// A short source is completed as Terraform completes it, so that the
// output compares with `terraform providers schema -json`.
func TestSchemaJSONShortSource(t *testing.T) {
	p := thing(map[string]*Attribute{"name": {Type: String, Required: true}})
	for source, want := range map[string]string{
		"tfkit/test":                       "registry.terraform.io/tfkit/test",
		"registry.opentofu.org/tfkit/test": "registry.opentofu.org/tfkit/test",
	} {
		sp, err := p.ExportSchema(source)
		if err != nil {
			t.Fatal(err)
		}
		if sp.Source != want {
			t.Errorf("ExportSchema(%q).Source = %q, want %q", source, sp.Source, want)
		}
	}
}
