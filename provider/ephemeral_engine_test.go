package provider_test

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// An ephemeral resource's result, through a local, reaches a write-only
// attribute of a resource, and neither the plan's apply nor the state file
// holds it; every Open is followed by a Close that gets Open's private
// data. A mistake Open reports at an argument is shown at that line.
func TestEphemeralResourceThroughEngine(t *testing.T) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	token := hex.EncodeToString(b) // in every secret of this run, and nowhere else
	secret := func(name string) string { return "s3cr3t-" + token + "-" + name }

	var (
		mu             sync.Mutex
		opened, closed []string          // leases, by Open and Close
		received       map[string]string // the password Create or Update got, by user name
	)
	p := &provider.Provider{
		EphemeralResources: map[string]*provider.EphemeralResource{"eph_secret": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"name":  {Type: provider.String, Required: true},
				"value": {Type: provider.String, Computed: true, Sensitive: true},
			}},
			Open: func(ctx *provider.Context, config provider.Values) provider.Values {
				if config.String("name") == "forbidden" {
					ctx.Error("name", "No such secret", "There is no secret named forbidden.")
					return nil
				}
				mu.Lock()
				defer mu.Unlock()
				lease := fmt.Sprintf("lease-%d", len(opened)+1)
				opened = append(opened, lease)
				ctx.SetPrivate("lease", []byte(lease))
				return provider.Values{"value": secret(config.String("name"))}
			},
			Close: func(ctx *provider.Context) {
				mu.Lock()
				defer mu.Unlock()
				closed = append(closed, string(ctx.Private("lease")))
			},
		}},
		Resources: map[string]*provider.Resource{"eph_user": {
			Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
				"name":             {Type: provider.String, Required: true},
				"password_wo":      {Type: provider.String, Required: true, WriteOnly: true, Sensitive: true},
				"password_version": {Type: provider.Int64, Optional: true},
				"length":           {Type: provider.Int64, Computed: true},
			}},
			Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
				mu.Lock()
				defer mu.Unlock()
				received[plan.String("name")] = plan.String("password_wo")
				return provider.Values{"length": int64(len(plan.String("password_wo")))}
			},
			Read: func(ctx *provider.Context, s provider.Values) provider.Values { return s },
			Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
				mu.Lock()
				defer mu.Unlock()
				received[plan.String("name")] = plan.String("password_wo")
				return provider.Values{"length": int64(len(plan.String("password_wo")))}
			},
			Delete: func(ctx *provider.Context, s provider.Values) {},
		}},
	}
	config := func(name, version string) string {
		return `
ephemeral "eph_secret" "db" {
  name = "` + name + `"
}

locals {
  password = ephemeral.eph_secret.db.value
}

resource "eph_user" "u" {
  name             = "u"
  password_wo      = local.password
  password_version = ` + version + `
}
`
	}
	check := func(name string) func(t testing.TB, s *providertest.State) {
		return func(t testing.TB, s *providertest.State) {
			mu.Lock()
			defer mu.Unlock()
			if received["u"] != secret(name) {
				t.Errorf("the resource got password %q, want %q", received["u"], secret(name))
			}
			if got := s.Attr(t, "eph_user.u", "length"); got != float64(len(secret(name))) {
				t.Errorf("length = %v, want %d", got, len(secret(name)))
			}
			if s.File == "" {
				t.Error("no state file")
			}
			if strings.Contains(s.File, token) {
				t.Errorf("the state file holds the ephemeral value:\n%s", s.File)
			}
			// The engine closes what it opened before the apply ends.
			if len(opened) == 0 {
				t.Error("Open was never called")
			}
			if !slices.Equal(slices.Sorted(slices.Values(closed)), slices.Sorted(slices.Values(opened))) {
				t.Errorf("opened %v, closed %v: want every lease Open made closed once", opened, closed)
			}
		}
	}
	providertest.Test(t, providertest.Case{
		Provider: p, Source: "tfkit/eph", SkipOlderEngines: true,
		Setup: func(t testing.TB) {
			mu.Lock()
			defer mu.Unlock()
			opened, closed, received = nil, nil, map[string]string{}
		},
		Steps: []providertest.Step{
			{Config: config("db", "1"), ExpectActions: map[string]string{"eph_user.u": "create"}, Check: check("db")},
			// Another secret alone changes nothing: the value is in no
			// plan or state to compare with.
			{Config: config("db2", "1"), PlanOnly: true, ExpectNoChanges: true},
			{Config: config("db2", "2"), ExpectActions: map[string]string{"eph_user.u": "update"}, Check: check("db2")},
			{Config: config("forbidden", "3"), ExpectError: regexp.MustCompile(`No such secret`), ErrorAttribute: "name"},
			// An argument known only after apply: the engine opens the
			// resource during the apply, once the value is there.
			{Config: config("db2", "2") + `
resource "eph_user" "first" {
  name        = "first"
  password_wo = "x"
}

ephemeral "eph_secret" "late" {
  name = "n${eph_user.first.length}"
}

resource "eph_user" "second" {
  name        = "second"
  password_wo = ephemeral.eph_secret.late.value
}
`, Check: func(t testing.TB, s *providertest.State) {
				mu.Lock()
				defer mu.Unlock()
				if received["second"] != secret("n1") {
					t.Errorf("second got password %q, want %q", received["second"], secret("n1"))
				}
				if strings.Contains(s.File, token) {
					t.Errorf("the state file holds an ephemeral value:\n%s", s.File)
				}
			}},
			// Anywhere a value would be kept, the engine refuses it.
			{Config: config("db2", "2") + `
resource "eph_user" "kept" {
  name        = ephemeral.eph_secret.db.value
  password_wo = "x"
}
`, ExpectError: regexp.MustCompile(`(?i)ephemeral value`), ErrorAttribute: "name"},
		},
	})
}
