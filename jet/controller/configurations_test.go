package controller

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation"

	exampleconfig "github.com/tfkit/tfkit/examples/jet-provider/config"
	examplecontroller "github.com/tfkit/tfkit/examples/jet-provider/controller"
	jetconfig "github.com/tfkit/tfkit/jet/config"
	dockercontroller "github.com/tfkit/tfkit/jet/controller/internal/dockertest/controller"
	"github.com/tfkit/tfkit/jet/resource"
)

// builtAPIs is the built configuration of the example's API and of
// internal/dockertest's, which both have random_uuid (as UUID in
// random.jet.tfkit.dev and in random.jettest.tfkit.dev).
func builtAPIs(t *testing.T) (example, docker []*jetconfig.Resource) {
	t.Helper()
	ep, err := exampleconfig.Provider()
	if err != nil {
		t.Fatal(err)
	}
	var out [2][]*jetconfig.Resource
	for i, p := range []*jetconfig.Provider{ep, dockerTestProvider(t)} {
		rs, ds := p.Build()
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		out[i] = rs
	}
	return out[0], out[1]
}

// TestConfigurationsOfTwoAPIs: one Terraform type in two APIs of one
// manager gets each API's own configuration (keyed by type, the second
// would silently replace the first: the example's UUID would then take
// the credentials of the docker API's two providers).
func TestConfigurationsOfTwoAPIs(t *testing.T) {
	example, docker := builtAPIs(t)
	regs := append(examplecontroller.Registrations(), dockercontroller.Registrations()...)
	cfgs, err := configurations(regs, append(append([]*jetconfig.Resource{}, example...), docker...))
	if err != nil {
		t.Fatal(err)
	}
	var uuids int
	for _, reg := range regs {
		cfg := cfgs[reg.Kind]
		if cfg == nil || cfg.TerraformType != reg.TerraformType || cfg.GroupVersionKind() != reg.Kind {
			t.Errorf("%s: configuration %+v", reg.Kind, cfg)
			continue
		}
		if reg.TerraformType != "random_uuid" {
			continue
		}
		uuids++
		want := 4 // random, local, time, null
		if strings.HasSuffix(reg.Kind.Group, "jettest.tfkit.dev") {
			want = 2 // docker, random
		}
		if len(cfg.APIProviders) != want {
			t.Errorf("%s: the configuration of an API of %d providers, want %d", reg.Kind, len(cfg.APIProviders), want)
		}
	}
	if uuids != 2 {
		t.Errorf("%d UUID kinds registered, want 2", uuids)
	}
}

// TestConfigurationsRefused: what cannot be matched unambiguously stops
// Setup with a message naming the entries and the fix.
func TestConfigurationsRefused(t *testing.T) {
	example, _ := builtAPIs(t)
	regs := examplecontroller.Registrations()
	uuid := func(rs []*jetconfig.Resource) *jetconfig.Resource {
		for _, r := range rs {
			if r.TerraformType == "random_uuid" {
				return r
			}
		}
		t.Fatal("no random_uuid")
		return nil
	}
	// The example's configuration built twice, as a second API of the
	// same root group would be.
	again, _ := builtAPIs(t)
	renamed := *uuid(again)
	renamed.TerraformType = "random_id"
	// Generated from random 3.8.0, configured from 3.9.0's schema.
	versioned := append([]resource.Registration{}, regs...)
	for i := range versioned {
		versioned[i].ProviderVersion = "3.8.0"
	}
	newer := *uuid(again)
	newer.ProviderVersion = "3.9.0"
	for _, tc := range []struct {
		name string
		regs []resource.Registration
		rs   []*jetconfig.Resource
		want []string
	}{
		{"twice", regs, append(append([]*jetconfig.Resource{}, example...), uuid(again)), []string{
			"Options.Resources[9] (random_uuid of registry.terraform.io/hashicorp/random) and Options.Resources[16] (random_uuid of registry.terraform.io/hashicorp/random) are both kind UUID of random.jet.tfkit.dev/v1alpha1",
			"pass each Provider.Build result once, and give two APIs of one manager different Provider.RootGroup values",
		}},
		{"missing", append(regs, dockercontroller.Registrations()...), example, []string{
			"Options.Resources has no configuration for kind Volume of docker.jettest.tfkit.dev/v1alpha1 (docker_volume): append the Provider.Build result of its API",
			"kind UUID of random.jettest.tfkit.dev/v1alpha1 (random_uuid)",
		}},
		{"byHand", regs, append(append([]*jetconfig.Resource{}, example...), &jetconfig.Resource{TerraformType: "random_pet"}), []string{
			"Options.Resources[16] (random_pet) names no kind: pass the resources config.Provider.Build returns",
		}},
		{"stale", regs, append(withoutType(example, "random_uuid"), &renamed), []string{
			"kind UUID of random.jet.tfkit.dev/v1alpha1 is random_uuid in the generated code but random_id in Options.Resources[15]: generate the API again from this configuration",
		}},
		{"otherVersion", versioned, append(withoutType(example, "random_uuid"), &newer), []string{
			"kind UUID of random.jet.tfkit.dev/v1alpha1 was generated from registry.terraform.io/hashicorp/random 3.8.0, but Options.Resources[15] (random_uuid) is of version 3.9.0: generate the API again from this configuration",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := configurations(tc.regs, tc.rs)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
		})
	}
	// Without configuration every kind runs without one.
	if cfgs, err := configurations(regs, nil); err != nil || len(cfgs) != 0 {
		t.Errorf("nil Resources: %v, %v", cfgs, err)
	}
}

func withoutType(rs []*jetconfig.Resource, typ string) []*jetconfig.Resource {
	var out []*jetconfig.Resource
	for _, r := range rs {
		if r.TerraformType != typ {
			out = append(out, r)
		}
	}
	return out
}

// TestProviderConfigLabel: every ProviderConfig name (a DNS subdomain of
// up to 253 characters) has a valid label value, distinct for names that
// share their first 46 characters.
func TestProviderConfigLabel(t *testing.T) {
	long := strings.Repeat("a", 60) + "." + strings.Repeat("b", 192)
	other := strings.Repeat("a", 60) + "." + strings.Repeat("c", 192)
	for _, name := range []string{"default", strings.Repeat("x", 63), long, other} {
		v := providerConfigLabel(name)
		if errs := validation.IsValidLabelValue(v); len(errs) > 0 {
			t.Errorf("%s: %q: %v", name, v, errs)
		}
		if len(name) <= 63 && v != name {
			t.Errorf("%s: label %q, want the name", name, v)
		}
	}
	if providerConfigLabel(long) == providerConfigLabel(other) {
		t.Errorf("two long names share the label %q", providerConfigLabel(long))
	}
}
