package provider_test

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// A read-only (Computed, not Optional) attribute is the provider's alone:
// a configuration that sets it is refused at the line that sets it, where
// the engines would plan the configured value and the provider's own
// would then fail Create as a bug in the provider. A read-only nested
// attribute, the usual shape of what a data source lists, has read-only
// attributes of its own.
func TestReadOnlyAttributesThroughEngine(t *testing.T) {
	entries := &provider.Attribute{Computed: true, Nested: &provider.Nested{Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
		"name": {Type: provider.String, Computed: true},
		"meta": {Computed: true, Nested: &provider.Nested{Nesting: provider.NestingMap, Attributes: map[string]*provider.Attribute{
			"every": {Type: provider.Duration, Computed: true},
		}}},
	}}}
	list := func(name string) []any {
		return []any{map[string]any{"name": name, "meta": map[string]any{"k": map[string]any{"every": 90 * time.Second}}}}
	}
	write := func(ctx *provider.Context, plan provider.Values) provider.Values {
		return provider.Values{"id": "id-" + plan.String("path"), "entries": list(plan.String("path"))}
	}
	p := &provider.Provider{
		Resources: map[string]*provider.Resource{"ro_dir": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"path":    {Type: provider.String, Required: true},
				"id":      {Type: provider.String, Computed: true},
				"entries": entries,
			}},
			Create: write,
			Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return write(ctx, plan) },
			Delete: func(ctx *provider.Context, s provider.Values) {},
		}},
		DataSources: map[string]*provider.DataSource{"ro_list": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"q":       {Type: provider.String, Required: true},
				"entries": entries,
			}},
			Read: func(ctx *provider.Context, c provider.Values) provider.Values {
				return provider.Values{"entries": list(c.String("q"))}
			},
		}},
	}
	config := func(path, extra string) string {
		return fmt.Sprintf(`
resource "ro_dir" "d" {
  path = %q
  %s
}
data "ro_list" "l" {
  q = ro_dir.d.entries[0].name
}
output "every" {
  value = data.ro_list.l.entries[0].meta["k"].every
}
`, path, extra)
	}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/ro", Steps: []providertest.Step{
		{Config: config("a", ""), Check: func(t testing.TB, s *providertest.State) {
			if s.Outputs["every"] != "1m30s" {
				t.Errorf("every = %v", s.Outputs["every"])
			}
		}},
		{Config: config("b", ""), ExpectActions: map[string]string{"ro_dir.d": "update"}},
		{
			Config:         config("b", `id = "mine"`),
			ExpectError:    regexp.MustCompile(`Cannot set read-only attribute id`),
			ErrorAttribute: "id",
		},
		{
			Config:         config("b", `entries = []`),
			ExpectError:    regexp.MustCompile(`Cannot set read-only attribute entries`),
			ErrorAttribute: "entries",
		},
		{
			Config:         `data "ro_list" "x" {` + "\n  q       = \"b\"\n  entries = [{ name = \"n\", meta = {} }]\n}\n",
			ExpectError:    regexp.MustCompile(`entries is read-only: the provider sets its value`),
			ErrorAttribute: "entries",
		},
	}})
}
