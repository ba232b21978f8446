package load

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit/tffile"
)

// providerKeyFiles passes instances of a provider with for_each to
// modules by keys that are expressions: each.key of the module's
// instances and a variable.
var providerKeyFiles = map[string]string{"main.tf": `variable "pick" {
  type    = string
  default = "b"
}

provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

module "each" {
  source   = "./m"
  for_each = toset(["a", "b"])
  providers = {
    random = random.by_name[each.key]
  }
}

module "one" {
  source = "./m"
  providers = {
    random = random.by_name[var.pick]
  }
}
`, "m/main.tf": `terraform {
  required_providers {
    random = {
      source = "hashicorp/random"
    }
  }
}

resource "random_pet" "p" {}

module "inner" {
  source = "./inner"
}
`, "m/inner/main.tf": "resource \"random_id\" \"i\" {\n  byte_length = 2\n}\n"}

// TestProviderInstanceKeyInProvidersMap: a providers map whose instance
// key is an expression is evaluated per module instance, and the
// module's resources (and those of its children, which inherit the
// default configuration) use the instance it picks.
func TestProviderInstanceKeyInProvidersMap(t *testing.T) {
	dir := writeFiles(t, providerKeyFiles)
	const r = `provider["registry.terraform.io/hashicorp/random"].by_name`
	for _, tc := range []struct {
		vars []string
		one  string
	}{{nil, "b"}, {[]string{"pick=a"}, "a"}} {
		v, ds := Dir(dir, Options{Engine: tffile.OpenTofu, Vars: tc.vars})
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		want := []string{
			`module.each["a"].module.inner.random_id.i ` + r + `["a"]`,
			`module.each["a"].random_pet.p ` + r + `["a"]`,
			`module.each["b"].module.inner.random_id.i ` + r + `["b"]`,
			`module.each["b"].random_pet.p ` + r + `["b"]`,
			`module.one.module.inner.random_id.i ` + r + `["` + tc.one + `"]`,
			`module.one.random_pet.p ` + r + `["` + tc.one + `"]`,
		}
		if got := providersOf(v); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%v:\n%s\nwant\n%s", tc.vars, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestProviderInstanceNotPresent: a key that the provider's for_each
// lacks, on a resource or in a providers map, is OpenTofu's error at the
// key; a key on a configuration without for_each, and a configuration
// with for_each named without a key, are errors too.
func TestProviderInstanceNotPresent(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

provider "random" {
  alias = "plain"
}

resource "random_pet" "p" {
  for_each = toset(["a", "nope"])
  provider = random.by_name[each.key]
}

resource "random_pet" "lit" {
  provider = random.by_name["zz"]
}

module "m" {
  source   = "./m"
  for_each = toset(["a", "c"])
  providers = {
    random = random.by_name[each.key]
  }
}

resource "random_pet" "plain" {
  provider = random.plain["a"]
}

resource "random_pet" "nokey" {
  provider = random.by_name
}
`, "m/main.tf": "resource \"random_pet\" \"q\" {}\n"})
	_, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	const r = `provider["registry.terraform.io/hashicorp/random"].by_name`
	for _, want := range []string{
		`main.tf:12:29: Error: Provider instance not present (at random_pet.p["nope"].provider); To work with random_pet.p["nope"] its provider instance ` + r + `["nope"] is required, but the for_each of provider configuration random.by_name has no element "nope": its instance keys are "a", "b"`,
		`main.tf:16:28: Error: Provider instance not present (at random_pet.lit.provider); To work with random_pet.lit its provider instance ` + r + `["zz"] is required`,
		`main.tf:23:14: Error: Provider instance not present (at module.m["c"].providers.random); To work with module.m["c"] its provider instance ` + r + `["c"] is required`,
		`main.tf:28:26: Error: Invalid provider configuration reference (at random_pet.plain.provider); provider configuration random.plain (declared at main.tf:6) does not use for_each`,
		`main.tf:32:14: Error: Invalid resource provider configuration (at random_pet.nokey.provider); a reference to a provider configuration that uses for_each needs an instance key`,
	} {
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("missing\n%s\nin\n%v", want, ds)
		}
	}
	if len(ds) != 5 {
		t.Errorf("want 5 diagnostics, got %d:\n%v", len(ds), ds)
	}
}

// TestProviderInstanceKeyUnknown: a key eval cannot know leaves the
// provider instance unknown, with the reason, and is no error.
func TestProviderInstanceKeyUnknown(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

data "local_file" "k" {
  filename = "key.txt"
}

resource "random_pet" "p" {
  provider = random.by_name[data.local_file.k.content]
}

module "m" {
  source = "./m"
  providers = {
    random = random.by_name[data.local_file.k.content]
  }
}
`, "m/main.tf": "resource \"random_pet\" \"q\" {}\n"})
	v, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	const r = `provider["registry.terraform.io/hashicorp/random"].by_name[*]`
	if got := strings.Join(providersOf(v), "\n"); !strings.HasSuffix(got, "\nmodule.m.random_pet.q "+r+"\nrandom_pet.p "+r) {
		t.Errorf("providers:\n%s", got)
	}
	for _, in := range v.Resources {
		if in.Mode == "managed" && !strings.Contains(in.ProviderUnknown, "the key of its provider instance, random.by_name[...], is not known: data.local_file.k") {
			t.Errorf("%s: reason %q", in.Address, in.ProviderUnknown)
		}
	}
	if js := string(v.JSON()); !strings.Contains(js, `"_provider_unknown": "the key of its provider instance`) {
		t.Errorf("JSON lacks _provider_unknown:\n%s", js)
	}
}
