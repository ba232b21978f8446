package provider_test

import (
	"math/big"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// Create, Update, Read, ModifyPlan and a data source's Read may return the
// Go shapes the types accept back besides []any and map[string]any
// ([]string, map[string]string, Values, []map[string]any, an int) and a
// set with repeated elements, also for attributes the plan or the
// configuration already has: the framework compares them by value and
// never panics on them.
func TestReturnedGoShapesThroughEngine(t *testing.T) {
	echo := func(plan provider.Values) provider.Values {
		var owners []string
		for _, o := range plan.List("owners") {
			owners = append(owners, o.(string), o.(string)) // each twice
		}
		tags := map[string]string{}
		for k, v := range plan.Map("tags") {
			tags[k] = v.(string)
		}
		var rules []map[string]any
		for _, r := range plan.List("rule") {
			rules = append(rules, r.(map[string]any))
		}
		var names []string
		for _, n := range plan.List("names") {
			names = append(names, n.(string))
		}
		settings := provider.Values(plan["settings"].(map[string]any))
		return provider.Values{
			"id": "x", "owners": owners, "tags": tags, "rule": rules, "names": names, "settings": settings,
			"total": len(names), // an int for an Int64
		}
	}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"shape_thing": {
		Schema: provider.Schema{
			Attributes: map[string]*provider.Attribute{
				"id":     {Type: provider.String, Computed: true},
				"owners": {Type: provider.Set(provider.String), Required: true},
				"names":  {Type: provider.List(provider.String), Required: true},
				"tags":   {Type: provider.Map(provider.String), Required: true},
				"total":  {Type: provider.Int64, Computed: true},
				"settings": {Required: true, Nested: &provider.Nested{Nesting: provider.NestingSingle, Attributes: map[string]*provider.Attribute{
					"size": {Type: provider.Int64, Required: true},
				}}},
			},
			Blocks: map[string]*provider.Block{"rule": {Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
				"port": {Type: provider.Int64, Required: true},
			}}},
		},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return echo(plan) },
		Read:   func(ctx *provider.Context, state provider.Values) provider.Values { return echo(state) },
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return echo(plan) },
		Delete: func(ctx *provider.Context, state provider.Values) {},
		ModifyPlan: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
			return echo(plan) // the configured values again, in other shapes
		},
	}}, DataSources: map[string]*provider.DataSource{"shape_info": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"owners": {Type: provider.Set(provider.String), Required: true},
			"names":  {Type: provider.List(provider.String), Computed: true},
		}},
		Read: func(ctx *provider.Context, config provider.Values) provider.Values {
			var owners []string
			for _, o := range config.List("owners") {
				owners = append(owners, o.(string), o.(string))
			}
			return provider.Values{"owners": owners, "names": owners}
		},
	}}}
	config := func(owner string, size string) string {
		return `
resource "shape_thing" "a" {
  owners   = ["` + owner + `", "bob"]
  names    = ["a", "b"]
  tags     = { env = "dev" }
  settings = { size = ` + size + ` }
  rule { port = 1 }
  rule { port = 2 }
}

data "shape_info" "i" {
  owners = ["` + owner + `"]
}
`
	}
	check := func(owner string) func(t testing.TB, s *providertest.State) {
		return func(t testing.TB, s *providertest.State) {
			if got, _ := s.Attr(t, "shape_thing.a", "owners").([]any); len(got) != 2 {
				t.Errorf("owners = %v, want 2 elements", got)
			}
			if got := s.Attr(t, "shape_thing.a", "total"); got != float64(2) {
				t.Errorf("total = %v, want 2", got)
			}
		}
	}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/shape", Steps: []providertest.Step{
		{Config: config("alice", "1"), ExpectActions: map[string]string{"shape_thing.a": "create"}, Check: check("alice")},
		{Config: config("carol", "2"), ExpectActions: map[string]string{"shape_thing.a": "update"}, Check: check("carol")},
	}})
}

// An API that keeps numbers as float64 gives back 0.3 as the float64
// nearest to it: the engines take that for the configuration's 0.3 (they
// compare numbers at the lower of the two precisions), and so does the
// framework, which plans no change after the apply.
func TestNumberFromFloat64ThroughEngine(t *testing.T) {
	stored := map[string]float64{}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"num_thing": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"ratio":  {Type: provider.Number, Required: true},
			"ratios": {Type: provider.List(provider.Number), Optional: true},
			"id":     {Type: provider.String, Computed: true},
		}},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
			f, _ := plan["ratio"].(*big.Float).Float64()
			stored["ratio"] = f
			return provider.Values{"id": "n", "ratio": f}
		},
		Read: func(ctx *provider.Context, state provider.Values) provider.Values {
			return provider.Values{"ratio": stored["ratio"], "ratios": []any{stored["ratio"], 0.1}}
		},
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
		Delete: func(ctx *provider.Context, state provider.Values) {},
	}}}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/num", Steps: []providertest.Step{{
		Config: `
resource "num_thing" "a" {
  ratio  = 0.3
  ratios = [0.3, 0.1]
}
`,
		ExpectActions: map[string]string{"num_thing.a": "create"},
	}}})
}
