package provider_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// A moved block from one resource type to another: the engine asks the
// target type's MoveState for the new state, plans a move (no destroy,
// no create), keeps the object's values and private data, and plans
// nothing afterwards. A source type no entry accepts fails the plan with
// what the target takes.
func TestMoveStateThroughEngine(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	record := func(s string) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, s)
	}
	simple := func(attrs map[string]*provider.Attribute) *provider.Resource {
		return &provider.Resource{
			Schema: provider.Schema{Attributes: attrs},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
				ctx.SetPrivate("etag", []byte("etag-1"))
				return provider.Values{"id": "obj-1"}
			},
			Read: func(ctx *provider.Context, s provider.Values) provider.Values {
				record(fmt.Sprintf("%s Read etag=%s", ctx.TypeName, ctx.Private("etag")))
				return s
			},
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
			Delete: func(ctx *provider.Context, s provider.Values) {},
		}
	}
	old := simple(map[string]*provider.Attribute{
		"name": {Type: provider.String, Required: true},
		"size": {Type: provider.Int64, Optional: true},
		"id":   {Type: provider.String, Computed: true},
	})
	extra := simple(map[string]*provider.Attribute{"name": {Type: provider.String, Required: true}, "id": {Type: provider.String, Computed: true}})
	next := simple(map[string]*provider.Attribute{
		"title": {Type: provider.String, Required: true, RequiresReplace: true},
		"size":  {Type: provider.Int64, Optional: true},
		"id":    {Type: provider.String, Computed: true},
	})
	next.MoveState = []provider.MoveFrom{{
		TypeName: "mv_old",
		Provider: "tfkit/mv",
		Move: func(ctx *provider.Context, src provider.MoveSource, s map[string]any) provider.Values {
			record(fmt.Sprintf("Move from %s version %d etag=%s", src.TypeName, src.SchemaVersion, ctx.Private("etag")))
			return provider.Values{"title": s["name"], "size": s["size"], "id": s["id"]}
		},
	}}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"mv_old": old, "mv_extra": extra, "mv_new": next}}

	const before = `
resource "mv_old" "a" {
  name = "first"
  size = 3
}

resource "mv_extra" "b" {
  name = "second"
}
`
	const after = `
resource "mv_new" "a" {
  title = "first"
  size  = 3
}

moved {
  from = mv_old.a
  to   = mv_new.a
}

resource "mv_extra" "b" {
  name = "second"
}
`
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/mv", Steps: []providertest.Step{
		{Config: before},
		{
			Config:        after,
			ExpectActions: map[string]string{"mv_new.a": "move", "mv_old.a": "no-op", "mv_extra.b": "no-op"},
			Check: func(t testing.TB, s *providertest.State) {
				if _, ok := s.Resources["mv_old.a"]; ok {
					t.Error("mv_old.a is still in the state")
				}
				for attr, want := range map[string]any{"title": "first", "size": 3.0, "id": "obj-1"} {
					if got := s.Attr(t, "mv_new.a", attr); got != want {
						t.Errorf("mv_new.a.%s = %v, want %v", attr, got, want)
					}
				}
				mu.Lock()
				defer mu.Unlock()
				for _, want := range []string{"Move from mv_old version 0 etag=etag-1", "mv_new Read etag=etag-1"} {
					if !slices.Contains(seen, want) {
						t.Errorf("no operation saw %q; they saw %q", want, seen)
					}
				}
			},
		},
		{
			// mv_new takes mv_old only.
			Config: after[:strings.Index(after, `resource "mv_extra"`)] + `
resource "mv_new" "b" {
  title = "second"
}

moved {
  from = mv_extra.b
  to   = mv_new.b
}
`,
			ExpectError: regexp.MustCompile(`Cannot move mv_extra to mv_new(.|\n)*takes the state of mv_old \(provider tfkit/mv\) only`),
		},
	}})
}
