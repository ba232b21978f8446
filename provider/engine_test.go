package provider_test

import (
	"reflect"
	"regexp"
	"testing"
	"time"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// example is a provider exercising every flag combination, a default,
// the duration and timestamp types (also inside nested blocks), a
// function and a panic, through the real engine.
func example() *provider.Provider {
	return &provider.Provider{
		Resources: map[string]*provider.Resource{
			"example_thing": {
				Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
					"required":          {Type: provider.String, Required: true},
					"optional":          {Type: provider.String, Optional: true},
					"computed":          {Type: provider.String, Computed: true},
					"optional_computed": {Type: provider.String, Optional: true, Computed: true},
					"with_default":      {Type: provider.Int64, Optional: true, Default: 8080},
					"every":             {Type: provider.Duration, Optional: true},
					"at":                {Type: provider.Timestamp, Optional: true},
					"panic":             {Type: provider.Bool, Optional: true},
					"port":              {Type: provider.Int64, Optional: true},
				}, Blocks: map[string]*provider.Block{
					"timeouts": {Nesting: provider.NestingSingle, Attributes: map[string]*provider.Attribute{
						"create": {Type: provider.Duration, Optional: true},
					}},
					"step": {Nesting: provider.NestingSet, Attributes: map[string]*provider.Attribute{
						"every": {Type: provider.Duration, Required: true},
					}},
				}},
				Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
					if plan.Bool("panic") {
						var m map[string]bool
						m["x"] = true //lint:ignore SA5000 the panic under test
					}
					out := provider.Values{"computed": "from " + plan.String("required")}
					if !plan.Known("optional_computed") {
						out["optional_computed"] = "chosen by the provider"
					}
					if d, ok := plan["every"].(time.Duration); ok {
						// Returned in another spelling: semantic equality
						// keeps the configuration's text.
						out["every"] = d
					}
					if p := plan.Int64("port"); p > 65535 {
						ctx.Error("port", "Port out of range", "A port is at most 65535.")
					}
					return out
				},
				Read: func(ctx *provider.Context, state provider.Values) provider.Values { return state },
				Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
					return provider.Values{"computed": "from " + plan.String("required")}
				},
				Delete: func(ctx *provider.Context, state provider.Values) {},
			},
		},
		Functions: map[string]*provider.Function{
			"greet": {
				Parameters: []provider.Parameter{{Name: "name", Type: provider.String, AllowNull: true}},
				Return:     provider.String,
				Call: func(ctx *provider.Context, args []any) any {
					if args[0] == nil {
						return "hello, nobody"
					}
					return "hello, " + args[0].(string)
				},
			},
			"later": {
				// A mistake: the result of known arguments is unknown.
				Return: provider.String,
				Call:   func(ctx *provider.Context, args []any) any { return provider.Unknown },
			},
			"double": {
				Parameters: []provider.Parameter{{Name: "n", Type: provider.Int64}},
				Return:     provider.Int64,
				Call: func(ctx *provider.Context, args []any) any {
					if args[0].(int64) < 0 {
						ctx.ArgumentError(0, "n must not be negative")
						return nil
					}
					return args[0].(int64) * 2
				},
			},
		},
	}
}

func TestFrameworkThroughEngine(t *testing.T) {
	providertest.Test(t, providertest.Case{
		Provider: example(),
		Source:   "tfkit/example",
		Steps: []providertest.Step{
			{
				Config: `
resource "example_thing" "a" {
  required = "r"
  every    = "90s"
  at       = "2026-01-02T16:04:05+01:00"
  timeouts {
    create = "5m"
  }
  step {
    every = "1h"
  }
  step {
    every = "2h"
  }
}
resource "example_thing" "b" {
  required          = "r"
  optional          = "o"
  optional_computed = "mine"
  with_default      = 1
}
output "double" {
  value = provider::example::double(21)
}
output "nobody" {
  value = provider::example::greet(null)
}
`,
				Check: func(t testing.TB, s *providertest.State) {
					a := s.Resources["example_thing.a"]
					for k, want := range map[string]any{
						"optional": nil, "computed": "from r", "optional_computed": "chosen by the provider",
						"with_default": 8080.0, "every": "90s", "at": "2026-01-02T16:04:05+01:00",
						"timeouts": map[string]any{"create": "5m"},
					} {
						if !reflect.DeepEqual(a[k], want) {
							t.Errorf("example_thing.a.%s = %#v, want %#v", k, a[k], want)
						}
					}
					b := s.Resources["example_thing.b"]
					if b["optional"] != "o" || b["optional_computed"] != "mine" || b["with_default"] != 1.0 {
						t.Errorf("example_thing.b = %v", b)
					}
					if s.Outputs["double"] != 42.0 {
						t.Errorf("double(21) = %v", s.Outputs["double"])
					}
					if s.Outputs["nobody"] != "hello, nobody" {
						t.Errorf("greet(null) = %v", s.Outputs["nobody"])
					}
				},
			},
			{
				// The same duration and instant, spelled differently.
				Config: `
resource "example_thing" "a" {
  required = "r"
  every    = "1m30s"
  at       = "2026-01-02T15:04:05Z"
  timeouts {
    create = "300s"
  }
  step {
    every = "120m"
  }
  step {
    every = "60m"
  }
}
resource "example_thing" "b" {
  required          = "r"
  optional          = "o"
  optional_computed = "mine"
  with_default      = 1
}
`,
				PlanOnly:        true,
				ExpectNoChanges: true,
			},
			{
				Config: `
resource "example_thing" "a" {
  optional = "o"
}
`,
				ExpectError:       regexp.MustCompile(`Missing required argument|"required" is required`),
				PlanOnly:          true,
				AllowChangesAfter: true,
			},
		},
	})
}

func TestFrameworkErrorsThroughEngine(t *testing.T) {
	providertest.Test(t, providertest.Case{
		Provider: example(),
		Source:   "tfkit/example",
		Steps: []providertest.Step{
			{
				Config: `
resource "example_thing" "a" {
  required = "r"
  every    = "soon"
}
`,
				ExpectError:    regexp.MustCompile(`"soon" is not a duration`),
				ErrorAttribute: "every",
			},
			{
				Config: `
resource "example_thing" "a" {
  required = "r"
  port     = 70000
}
`,
				ExpectError:    regexp.MustCompile(`A port is at most 65535`),
				ErrorAttribute: "port",
			},
			{
				Config: `
resource "example_thing" "p" {
  required = "r"
  panic    = true
}
`,
				ExpectError: regexp.MustCompile(`example_thing: Create failed: the provider panicked`),
			},
			{
				// The same provider process serves the next step.
				Config: `
resource "example_thing" "ok" {
  required = "r"
}
`,
			},
			{
				Config: `
output "neg" {
  value = provider::example::double(-1)
}
`,
				ExpectError: regexp.MustCompile(`n must not be negative`),
			},
			{
				// Without the error the plan would show "known after
				// apply" and the apply null.
				Config: `
output "later" {
  value = provider::example::later()
}
`,
				ExpectError: regexp.MustCompile(`later returned an unknown value: a function gets only known\s+arguments`),
			},
		},
	})
}

// mistakes is a provider whose operations make the mistakes provider
// authors make, chosen by the resource's name.
func mistakes() *provider.Provider {
	return &provider.Provider{Resources: map[string]*provider.Resource{
		"mistakes_thing": {
			Schema: provider.Schema{
				Attributes: map[string]*provider.Attribute{
					"name": {Type: provider.String, Required: true},
					"out":  {Type: provider.String, Computed: true},
					"code": {Type: provider.Custom(provider.Fragile{}), Optional: true},
				},
				Blocks: map[string]*provider.Block{
					// A required single block.
					"settings": {Nesting: provider.NestingSingle, MinItems: 1, MaxItems: 1, Attributes: map[string]*provider.Attribute{
						"size": {Type: provider.Int64, Optional: true},
					}},
				},
			},
			ModifyPlan: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
				if plan.String("name") == "Lower Me" {
					return provider.Values{"name": "lower me"}
				}
				return nil
			},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
				if plan.String("name") == "create-unknown" {
					return provider.Values{"out": provider.Unknown}
				}
				return provider.Values{"out": "o"}
			},
			Read: func(ctx *provider.Context, state provider.Values) provider.Values {
				if state.String("name") == "read-unknown" {
					return provider.Values{"out": provider.Unknown}
				}
				return state
			},
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
			Delete: func(ctx *provider.Context, state provider.Values) {},
			Import: func(ctx *provider.Context, id string) provider.Values {
				return provider.Values{"name": id, "settings": map[string]any{"size": nil}}
			},
		},
	}, DataSources: map[string]*provider.DataSource{
		"mistakes_info": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"name": {Type: provider.String, Required: true},
				"out":  {Type: provider.String, Computed: true},
			}},
			// Forgets out, which would otherwise be null in the state.
			Read: func(ctx *provider.Context, config provider.Values) provider.Values { return nil },
		},
	}}
}

// Each mistake is an error naming the element, the operation and the
// attribute, where the engine alone would say only that the provider
// produced an invalid plan or object.
func TestAuthorMistakesThroughEngine(t *testing.T) {
	thing := func(name string) string {
		return `
resource "mistakes_thing" "m" {
  name = "` + name + `"
  settings {}
}
`
	}
	providertest.Test(t, providertest.Case{
		Provider: mistakes(),
		Source:   "tfkit/mistakes",
		Steps: []providertest.Step{
			{
				Config:         thing("Lower Me"),
				ExpectError:    regexp.MustCompile(`mistakes_thing: ModifyPlan changed name, which the configuration sets`),
				ErrorAttribute: "name",
			},
			{
				Config:        thing("read-unknown"),
				ImportID:      "read-unknown",
				ImportAddress: "mistakes_thing.m",
				ExpectError:   regexp.MustCompile(`mistakes_thing: Read left an unknown value in out`),
			},
			{
				Config:      `resource "mistakes_thing" "m" { name = "n" }`,
				ExpectError: regexp.MustCompile(`(?i)insufficient settings blocks|block of type "settings" is required`),
			},
			{
				Config:      `resource "mistakes_thing" "m" {` + "\n  name = \"n\"\n  code = \"boom\"\n  settings {}\n}\n",
				ExpectError: regexp.MustCompile(`mistakes_thing: ValidateResourceConfig failed: the provider panicked`),
			},
			{
				Config:      thing("create-unknown"),
				ExpectError: regexp.MustCompile(`mistakes_thing: Create left an unknown value in out`),
			},
			{
				Config:      `data "mistakes_info" "i" { name = "n" }`,
				ExpectError: regexp.MustCompile(`mistakes_info: Read left out unset`),
			},
		},
	})
}
