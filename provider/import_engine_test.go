package provider_test

import (
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// An import block adopts an existing object during the plan: Import, then
// Read, and the plan after it changes nothing.
func TestImportBlockThroughEngine(t *testing.T) {
	remote := map[string]int64{"old": 3}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"imp_disk": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"name": {Type: provider.String, Required: true, RequiresReplace: true},
			"size": {Type: provider.Int64, Optional: true, Computed: true},
			"id":   {Type: provider.String, Computed: true, UseStateForUnknown: true},
		}},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
			return provider.Values{"id": "d-" + plan.String("name"), "size": int64(1)}
		},
		Read: func(ctx *provider.Context, s provider.Values) provider.Values {
			if size, ok := remote[s.String("name")]; ok {
				return provider.Values{"id": "d-" + s.String("name"), "size": size}
			}
			return s
		},
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
		Delete: func(ctx *provider.Context, s provider.Values) {},
		Import: func(ctx *provider.Context, id string) provider.Values { return provider.Values{"name": id} },
	}}}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/imp", Steps: []providertest.Step{{
		Config: `
import {
  to = imp_disk.a
  id = "old"
}
resource "imp_disk" "a" {
  name = "old"
}
`,
		ExpectActions: map[string]string{"imp_disk.a": "import"},
		Check: func(t testing.TB, s *providertest.State) {
			if got := s.Attr(t, "imp_disk.a", "size"); got != 3.0 {
				t.Errorf("size = %v", got)
			}
		},
	}}})
}
