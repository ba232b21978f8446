package provider_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// A write-only attribute reaches Create and Update from the configuration,
// an ephemeral value included, and is never in a plan or the state; a
// change of it alone plans nothing, so a version attribute beside it says
// when to send it again.
func TestWriteOnlyAttributeThroughEngine(t *testing.T) {
	sent := func(plan provider.Values) provider.Values {
		return provider.Values{"sent": fmt.Sprintf("a secret of %d", len(plan.String("password")))}
	}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"wo_user": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"name":             {Type: provider.String, Required: true},
			"password":         {Type: provider.String, Required: true, WriteOnly: true, Sensitive: true},
			"password_version": {Type: provider.Int64, Optional: true},
			"sent":             {Type: provider.String, Computed: true},
		}},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return sent(plan) },
		Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
			// Returning it is harmless: the state never holds it.
			return provider.Values{"sent": sent(plan)["sent"], "password": plan["password"]}
		},
		Delete: func(ctx *provider.Context, s provider.Values) {},
	}}}
	config := func(password, version string) string {
		return `
variable "password" {
  type      = string
  ephemeral = true
  default   = "` + password + `"
}
resource "wo_user" "u" {
  name             = "u"
  password         = var.password
  password_version = ` + version + `
}
`
	}
	sentIs := func(want string) func(t testing.TB, s *providertest.State) {
		return func(t testing.TB, s *providertest.State) {
			if got := s.Attr(t, "wo_user.u", "sent"); got != want {
				t.Errorf("sent = %v, want %q", got, want)
			}
			if got := s.Attr(t, "wo_user.u", "password"); got != nil {
				t.Errorf("the state holds password = %v", got)
			}
		}
	}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/wo", Steps: []providertest.Step{
		{Config: config("abc", "1"), Check: sentIs("a secret of 3")},
		{Config: config("abcd", "1"), PlanOnly: true, ExpectNoChanges: true},
		{Config: config("abcd", "2"), ExpectActions: map[string]string{"wo_user.u": "update"}, Check: sentIs("a secret of 4")},
	}})
}

func TestWriteOnlyCheck(t *testing.T) {
	p := &provider.Provider{
		Resources: map[string]*provider.Resource{"wo_user": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"token": {Type: provider.String, Optional: true, Computed: true, WriteOnly: true},
				"pin":   {Type: provider.String, Optional: true, WriteOnly: true, RequiresReplace: true},
			}},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
			Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return nil },
			Delete: func(ctx *provider.Context, s provider.Values) {},
		}},
		DataSources: map[string]*provider.DataSource{"wo_info": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"key": {Type: provider.String, Required: true, WriteOnly: true},
			}},
			Read: func(ctx *provider.Context, c provider.Values) provider.Values { return nil },
		}},
	}
	err := p.Check()
	for _, want := range []string{
		"resource wo_user: attribute token: WriteOnly is for a resource's own attributes",
		"resource wo_user: attribute pin: WriteOnly is for",
		"data source wo_info: attribute key: WriteOnly is for",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check() = %v, want an error containing %q", err, want)
		}
	}
}
