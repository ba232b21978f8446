package provider_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// What Create stores with SetPrivate, later operations of the object find
// with Private: Read, ModifyPlan, Update and Delete; what ModifyPlan
// stores, the apply of its plan finds.
func TestPrivateStateThroughEngine(t *testing.T) {
	var mu sync.Mutex
	var seen, deleted []string
	saw := func(ctx *provider.Context) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, fmt.Sprintf("%s token=%s note=%s", ctx.Operation, ctx.Private("token"), ctx.Private("note")))
	}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"priv_thing": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"name": {Type: provider.String, Required: true},
		}},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
			saw(ctx)
			ctx.SetPrivate("token", []byte("tok-"+plan.String("name")))
			return nil
		},
		Read: func(ctx *provider.Context, s provider.Values) provider.Values {
			saw(ctx)
			return s
		},
		ModifyPlan: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
			if prior != nil {
				saw(ctx)
				ctx.SetPrivate("note", []byte("planned "+plan.String("name")))
			}
			return nil
		},
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
			saw(ctx)
			ctx.SetPrivate("token", []byte("tok-"+plan.String("name")))
			ctx.SetPrivate("note", nil)
			return nil
		},
		Delete: func(ctx *provider.Context, s provider.Values) {
			mu.Lock()
			defer mu.Unlock()
			deleted = append(deleted, string(ctx.Private("token")))
		},
	}}}
	config := func(name string) string { return `resource "priv_thing" "a" { name = "` + name + `" }` }
	expect := func(want ...string) func(testing.TB, *providertest.State) {
		return func(t testing.TB, _ *providertest.State) {
			mu.Lock()
			defer mu.Unlock()
			for _, w := range want {
				if !slices.Contains(seen, w) {
					t.Errorf("no operation saw %q; they saw %q", w, seen)
				}
			}
			seen = nil
		}
	}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/priv", Steps: []providertest.Step{
		{Config: config("a"), Check: expect("Create token= note=")},
		{Config: config("b"), ExpectActions: map[string]string{"priv_thing.a": "update"}, Check: expect(
			"Read token=tok-a note=",
			"ModifyPlan token=tok-a note=",
			"Update token=tok-a note=planned b",
		)},
		{Config: config("b"), ExpectNoChanges: true, Check: expect("Read token=tok-b note=")},
	}})
	if len(deleted) == 0 || slices.ContainsFunc(deleted, func(s string) bool { return s != "tok-b" }) {
		t.Errorf("Delete saw tokens %q, want tok-b", deleted)
	}
}
