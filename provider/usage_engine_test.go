package provider_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// An optional and computed nested attribute that the configuration leaves
// out keeps the provider's value: the engines propose null for it (unlike
// any other computed attribute), which planned an update after every
// apply.
func TestComputedNestedAttributeThroughEngine(t *testing.T) {
	p := &provider.Provider{Resources: map[string]*provider.Resource{
		"nested_job": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"name": {Type: provider.String, Required: true},
				"owner": {Optional: true, Computed: true, Nested: &provider.Nested{Attributes: map[string]*provider.Attribute{
					"team": {Type: provider.String, Optional: true},
				}}},
				"history": {Optional: true, Computed: true, Nested: &provider.Nested{Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
					"at": {Type: provider.String, Optional: true},
				}}},
			}},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
				return chosen(plan)
			},
			Read: func(ctx *provider.Context, state provider.Values) provider.Values { return state },
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
				return chosen(plan)
			},
			Delete: func(ctx *provider.Context, state provider.Values) {},
		},
	}}
	config := func(name, extra string) string {
		return fmt.Sprintf("resource \"nested_job\" \"a\" {\n  name = %q\n  %s\n}\n", name, extra)
	}
	providertest.Test(t, providertest.Case{
		Provider: p,
		Source:   "tfkit/nested",
		Steps: []providertest.Step{
			{
				Config: config("a", ""),
				Check: func(t testing.TB, s *providertest.State) {
					if got := fmt.Sprint(s.Attr(t, "nested_job.a", "owner")); got != "map[team:ops]" {
						t.Errorf("owner = %s", got)
					}
				},
			},
			// Set by the configuration, then left out again: the value stays.
			{Config: config("a", `owner = { team = "dev" }`), ExpectActions: map[string]string{"nested_job.a": "update"}},
			{Config: config("a", ""), ExpectNoChanges: true, PlanOnly: true},
			// Another change: the provider sets it anew.
			{
				Config:        config("b", ""),
				ExpectActions: map[string]string{"nested_job.a": "update"},
				Check: func(t testing.TB, s *providertest.State) {
					if got := fmt.Sprint(s.Attr(t, "nested_job.a", "history")); got != "[map[at:b]]" {
						t.Errorf("history = %s", got)
					}
				},
			},
		},
	})
}

// chosen sets the nested attributes the plan leaves unknown.
func chosen(plan provider.Values) provider.Values {
	out := provider.Values{}
	if !plan.Known("owner") {
		out["owner"] = map[string]any{"team": "ops"}
	}
	if !plan.Known("history") {
		out["history"] = []any{map[string]any{"at": plan.String("name")}}
	}
	return out
}

// An error at an element of a set names the element: the engines cannot
// find a set element in the configuration (they take an index for the
// position in the configuration, and operations see a set in the engine's
// order), so the error used to be shown at another element's line.
func TestSetElementErrorThroughEngine(t *testing.T) {
	p := &provider.Provider{Resources: map[string]*provider.Resource{
		"sets_job": {
			Schema: provider.Schema{
				Attributes: map[string]*provider.Attribute{
					"labels": {Type: provider.Set(provider.String), Optional: true},
				},
				Blocks: map[string]*provider.Block{
					"step": {Nesting: provider.NestingSet, Attributes: map[string]*provider.Attribute{
						"name":  {Type: provider.String, Required: true},
						"token": {Type: provider.String, Optional: true, Sensitive: true},
					}},
				},
			},
			ValidateConfig: func(ctx *provider.Context, config provider.Values) {
				for i, s := range config.List("step") {
					if s.(map[string]any)["name"] == "bad" {
						ctx.Error(fmt.Sprintf("step[%d].name", i), "Bad step name", "A step name is not bad.")
					}
				}
				for i, l := range config.List("labels") {
					if l == "bad" {
						ctx.Error(fmt.Sprintf("labels[%d]", i), "Bad label", "")
					}
				}
			},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
			Read:   func(ctx *provider.Context, state provider.Values) provider.Values { return state },
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
			Delete: func(ctx *provider.Context, state provider.Values) {},
		},
	}}
	config := `
resource "sets_job" "a" {
  labels = ["bad", "zz", "aa"]
  step {
    name  = "bad"
    token = "hunter2"
  }
  step {
    name = "zz"
  }
  step {
    name = "aa"
  }
}
`
	providertest.Test(t, providertest.Case{
		Provider: p,
		Source:   "tfkit/sets",
		Steps: []providertest.Step{
			{Config: config, PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Bad step name.*At name in the step block with name = "bad", token = \(sensitive value\)\.`)},
			{Config: config, PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Bad label.*At the labels element "bad"\.`), ErrorAttribute: "labels"},
		},
	})
}

// ModifyPlan replaces the resource for some changes only: a disk grows in
// place but shrinks by replacement, through Context.RequiresReplace.
func TestRequiresReplaceFromModifyPlanThroughEngine(t *testing.T) {
	next := 0
	p := &provider.Provider{Resources: map[string]*provider.Resource{
		"disks_disk": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"id":   {Type: provider.String, Computed: true, UseStateForUnknown: true},
				"size": {Type: provider.Int64, Required: true},
			}},
			ModifyPlan: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
				if prior != nil && plan.Known("size") && plan.Int64("size") < prior.Int64("size") {
					ctx.RequiresReplace("size")
				}
				return nil
			},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
				next++
				return provider.Values{"id": fmt.Sprintf("disk-%d", next)}
			},
			Read:   func(ctx *provider.Context, state provider.Values) provider.Values { return state },
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
			Delete: func(ctx *provider.Context, state provider.Values) {},
		},
	}}
	config := func(size int) string { return fmt.Sprintf("resource \"disks_disk\" \"a\" {\n  size = %d\n}\n", size) }
	id := func(want string) func(t testing.TB, s *providertest.State) {
		return func(t testing.TB, s *providertest.State) {
			if got := s.Attr(t, "disks_disk.a", "id"); got != want {
				t.Errorf("id = %v, want %s", got, want)
			}
		}
	}
	providertest.Test(t, providertest.Case{
		Provider: p,
		Source:   "tfkit/disks",
		Setup:    func(t testing.TB) { next = 0 },
		Steps: []providertest.Step{
			{Config: config(10), Check: id("disk-1")},
			{Config: config(20), ExpectActions: map[string]string{"disks_disk.a": "update"}, Check: id("disk-1")},
			{Config: config(5), ExpectActions: map[string]string{"disks_disk.a": "replace"}, Check: id("disk-2")},
		},
	})
}

// An error at a path inside a nested attribute's element is shown at the
// element, not at the resource's own attribute of the same name, where the
// engines put ports[1].name.
func TestNestedAttributeErrorLineThroughEngine(t *testing.T) {
	p := &provider.Provider{Resources: map[string]*provider.Resource{
		"nested_service": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"name": {Type: provider.String, Required: true},
				"ports": {Optional: true, Nested: &provider.Nested{Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
					"name": {Type: provider.String, Required: true},
					"port": {Type: provider.Int64, Required: true},
				}}},
			}},
			ValidateConfig: func(ctx *provider.Context, config provider.Values) {
				for i, e := range config.List("ports") {
					if m, _ := e.(map[string]any); m["name"] == "" {
						ctx.Error(fmt.Sprintf("ports[%d].name", i), "Empty port name", "A port needs a name.")
					}
				}
			},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
			Read:   func(ctx *provider.Context, state provider.Values) provider.Values { return state },
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
			Delete: func(ctx *provider.Context, state provider.Values) {},
		},
	}}
	providertest.Test(t, providertest.Case{
		Provider: p,
		Source:   "tfkit/nested",
		Steps: []providertest.Step{{
			Config: `
resource "nested_service" "a" {
  name  = "svc"
  ports = [{ name = "http", port = 80 }, { name = "", port = 81 }]
}
`,
			ExpectError:    regexp.MustCompile(`(?s)A port needs a name.*At ports\[1\]\.name\.`),
			ErrorAttribute: "ports[1].name",
		}},
	})
}
