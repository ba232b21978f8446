package provider_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// Inside a block or a nested attribute the engines take each attribute's
// planned value on its own, but the value of an attribute's Type (a list,
// map or object) only as the configuration's or the prior state's whole:
// keeping the state's text of one element where another changes planned a
// value that is neither.
func TestPlanKeepsStateTextOfWholeValuesThroughEngine(t *testing.T) {
	od := provider.Object(map[string]provider.Type{"a": provider.String, "d": provider.Duration})
	p := &provider.Provider{Resources: map[string]*provider.Resource{"whole_thing": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"o":  {Type: od, Optional: true},
			"ds": {Type: provider.List(provider.Duration), Optional: true},
			"nl": {Optional: true, Nested: &provider.Nested{Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
				"o": {Type: od, Optional: true},
				"d": {Type: provider.Duration, Optional: true},
			}}},
		}, Blocks: map[string]*provider.Block{
			"b": {Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
				"ds": {Type: provider.List(provider.Duration), Optional: true},
				"d":  {Type: provider.Duration, Optional: true},
			}},
		}},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
		Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
		Update: func(ctx *provider.Context, p, plan provider.Values) provider.Values { return nil },
		Delete: func(ctx *provider.Context, s provider.Values) {},
	}}}
	config := func(a, d, d2 string) string {
		return fmt.Sprintf(`
resource "whole_thing" "a" {
  o  = { a = %[1]q, d = %[2]q }
  ds = [%[2]q, %[3]q]
  nl = [{ o = { a = %[1]q, d = %[2]q }, d = %[2]q }]
  b {
    ds = [%[2]q, %[3]q]
    d  = %[2]q
  }
}
`, a, d, d2)
	}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/whole", Steps: []providertest.Step{
		{Config: config("x", "60s", "2m")},
		{Config: config("x", "1m", "120s"), PlanOnly: true, ExpectNoChanges: true},
		{
			Config:        config("y", "1m", "3m"),
			ExpectActions: map[string]string{"whole_thing.a": "update"},
			Check: func(t testing.TB, s *providertest.State) {
				// A changed list or object takes the configuration's text;
				// a duration of its own in a block keeps the state's.
				if got := fmt.Sprint(s.Attr(t, "whole_thing.a", "ds")); got != "[1m 3m]" {
					t.Errorf("ds = %s", got)
				}
				if got := fmt.Sprint(s.Attr(t, "whole_thing.a", "b")); got != "[map[d:60s ds:[1m 3m]]]" {
					t.Errorf("b = %s", got)
				}
			},
		},
	}})
}

// A value known only after apply anywhere inside a block, a nested
// attribute or an attribute's list, map or object leaves the known values
// around it planned as they will be when the engine plans again at apply,
// with everything known: the state's text of an equal duration, which the
// engines refused as an inconsistent final plan when only that second plan
// kept it.
func TestPlanWithUnknownNestedValuesThroughEngine(t *testing.T) {
	inner := map[string]*provider.Attribute{
		"s": {Type: provider.String, Optional: true},
		"d": {Type: provider.Duration, Optional: true},
	}
	nested := func(n provider.Nesting) *provider.Attribute {
		return &provider.Attribute{Optional: true, Nested: &provider.Nested{Nesting: n, Attributes: inner}}
	}
	for _, modify := range []bool{false, true} {
		dst := &provider.Resource{
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"o":  {Type: provider.Object(map[string]provider.Type{"a": provider.String, "d": provider.Duration}), Optional: true},
				"m":  {Type: provider.Map(provider.NormalizedJSON), Optional: true},
				"na": nested(provider.NestingSingle),
				"nl": nested(provider.NestingList),
				"ns": nested(provider.NestingSet),
				"nm": nested(provider.NestingMap),
			}, Blocks: map[string]*provider.Block{
				"bl": {Nesting: provider.NestingList, Attributes: inner},
				"bs": {Nesting: provider.NestingSet, Attributes: inner},
				"b1": {Nesting: provider.NestingSingle, Attributes: inner},
			}},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
			Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
			Update: func(ctx *provider.Context, p, plan provider.Values) provider.Values { return nil },
			Delete: func(ctx *provider.Context, s provider.Values) {},
		}
		if modify {
			// ModifyPlan makes the framework decode every value.
			dst.ModifyPlan = func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil }
		}
		p := &provider.Provider{Resources: map[string]*provider.Resource{
			"unknown_src": {
				Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
					"name": {Type: provider.String, Required: true, RequiresReplace: true},
					"id":   {Type: provider.String, Computed: true},
				}},
				Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
					return provider.Values{"id": "id-" + plan.String("name")}
				},
				Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
				Delete: func(ctx *provider.Context, s provider.Values) {},
			},
			"unknown_dst": dst,
		}}
		config := func(name, d string) string {
			return fmt.Sprintf(`
resource "unknown_src" "s" {
  name = %[1]q
}
resource "unknown_dst" "d" {
  o  = { a = unknown_src.s.id, d = %[2]q }
  m  = { k = jsonencode({ b = unknown_src.s.id }), l = "{ \"c\" : 1 }" }
  na = { s = unknown_src.s.id, d = %[2]q }
  nl = [{ s = unknown_src.s.id, d = %[2]q }, { s = "x", d = %[2]q }]
  ns = [{ s = unknown_src.s.id, d = %[2]q }, { s = "x", d = %[2]q }]
  nm = { k = { s = unknown_src.s.id, d = %[2]q } }
  bl {
    s = unknown_src.s.id
    d = %[2]q
  }
  bs {
    s = unknown_src.s.id
  }
  bs {
    s = "y"
    d = %[2]q
  }
  b1 {
    s = unknown_src.s.id
    d = %[2]q
  }
}
`, name, d)
		}
		t.Run(fmt.Sprintf("ModifyPlan=%v", modify), func(t *testing.T) {
			providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/unknown", Steps: []providertest.Step{
				{Config: config("a", "60s")},
				{Config: config("a", "1m"), PlanOnly: true, ExpectNoChanges: true},
				{
					// A new id: unknown in every position until applied.
					Config:        config("b", "1m"),
					ExpectActions: map[string]string{"unknown_src.s": "replace", "unknown_dst.d": "update"},
					Check: func(t testing.TB, s *providertest.State) {
						if got := fmt.Sprint(s.Attr(t, "unknown_dst.d", "bl")); got != "[map[d:60s s:id-b]]" {
							t.Errorf("bl = %s", got)
						}
						if got := fmt.Sprint(s.Attr(t, "unknown_dst.d", "m")); got != `map[k:{"b":"id-b"} l:{ "c" : 1 }]` {
							t.Errorf("m = %s", got)
						}
					},
				},
			}})
		})
	}
}

// An attribute left out of the configuration plans its Default; a state
// that means the default, written otherwise, keeps its text instead of
// planning an update from "90s" to "1m30s".
func TestDefaultKeepsStateTextThroughEngine(t *testing.T) {
	p := &provider.Provider{Resources: map[string]*provider.Resource{"default_thing": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"every": {Type: provider.Duration, Optional: true, Default: 90 * time.Second},
			"doc":   {Type: provider.NormalizedJSON, Optional: true, Default: map[string]any{"a": "b"}},
		}},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
		Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
		Update: func(ctx *provider.Context, p, plan provider.Values) provider.Values { return nil },
		Delete: func(ctx *provider.Context, s provider.Values) {},
	}}}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/default", Steps: []providertest.Step{
		{Config: `
resource "default_thing" "a" {
  every = "90s"
  doc   = "{ \"a\" : \"b\" }"
}
`},
		{Config: `resource "default_thing" "a" {}`, PlanOnly: true, ExpectNoChanges: true},
		{Config: `resource "default_thing" "b" {}`, Check: func(t testing.TB, s *providertest.State) {
			if got := s.Attr(t, "default_thing.b", "every"); got != "1m30s" {
				t.Errorf("every = %v", got)
			}
			if got := s.Attr(t, "default_thing.b", "doc"); got != `{"a":"b"}` {
				t.Errorf("doc = %v", got)
			}
		}},
	}})
}
