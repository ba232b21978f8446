package provider_test

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// Defaults inside nested blocks and nested attributes are planned in each
// object that leaves the attribute out, at any depth; a state that means
// the default, written otherwise, keeps its text.
func TestNestedDefaultsThroughEngine(t *testing.T) {
	every := &provider.Attribute{Type: provider.Duration, Optional: true, Default: 90 * time.Second}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"def_thing": {
		Schema: provider.Schema{
			Attributes: map[string]*provider.Attribute{
				"entries": {Optional: true, Nested: &provider.Nested{Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
					"key": {Type: provider.String, Required: true},
					"ttl": every,
				}}},
				"hosts": {Optional: true, Nested: &provider.Nested{Nesting: provider.NestingMap, Attributes: map[string]*provider.Attribute{
					"port": {Type: provider.Int64, Optional: true, Default: 22},
				}}},
			},
			Blocks: map[string]*provider.Block{
				"rule": {Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
					"name":  {Type: provider.String, Required: true},
					"port":  {Type: provider.Int64, Optional: true, Default: 80},
					"every": every,
				}, Blocks: map[string]*provider.Block{"check": {Nesting: provider.NestingSingle, Attributes: map[string]*provider.Attribute{
					"path": {Type: provider.String, Optional: true, Default: "/health"},
				}}}},
				"tag": {Nesting: provider.NestingSet, Attributes: map[string]*provider.Attribute{
					"key":   {Type: provider.String, Required: true},
					"value": {Type: provider.String, Optional: true, Default: "none"},
				}},
			},
		},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
		Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
		Update: func(ctx *provider.Context, p, plan provider.Values) provider.Values { return nil },
		Delete: func(ctx *provider.Context, s provider.Values) {},
	}}}
	// With text, the first entry and rule set the defaults' value as
	// "90s" (which the default writes "1m30s").
	config := func(text bool, port string) string {
		ttl, every := "", ""
		if text {
			ttl, every = `, ttl = "90s"`, `every = "90s"`
		}
		return fmt.Sprintf(`
resource "def_thing" "a" {
  entries = [{ key = "e" %[1]s }]
  hosts   = { h = {} }
  rule {
    name = "a"
    %[2]s
    %[3]s
    check {}
  }
  rule {
    name = "b"
    port = 81
  }
  tag {
    key = "k"
  }
}
`, ttl, every, port)
	}
	want := func(name string, want any) func(testing.TB, *providertest.State) {
		return func(t testing.TB, s *providertest.State) {
			if got := s.Attr(t, "def_thing.a", name); !reflect.DeepEqual(got, want) {
				t.Errorf("%s = %#v, want %#v", name, got, want)
			}
		}
	}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/def", Steps: []providertest.Step{
		{Config: config(true, ""), Check: func(t testing.TB, s *providertest.State) {
			want("rule", []any{
				map[string]any{"name": "a", "port": 80.0, "every": "90s", "check": map[string]any{"path": "/health"}},
				map[string]any{"name": "b", "port": 81.0, "every": "1m30s", "check": nil},
			})(t, s)
			want("entries", []any{map[string]any{"key": "e", "ttl": "90s"}})(t, s)
			want("hosts", map[string]any{"h": map[string]any{"port": 22.0}})(t, s)
			want("tag", []any{map[string]any{"key": "k", "value": "none"}})(t, s)
		}},
		// The state's "90s" means the default: no change.
		{Config: config(false, ""), PlanOnly: true, ExpectNoChanges: true},
		{Config: config(true, "port = 80"), PlanOnly: true, ExpectNoChanges: true},
		{Config: config(false, "port = 8080"), ExpectActions: map[string]string{"def_thing.a": "update"},
			Check: func(t testing.TB, s *providertest.State) {
				want("entries", []any{map[string]any{"key": "e", "ttl": "90s"}})(t, s)
			}},
	}})
}
