package load

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// providerForEachFiles configures two instances each of random and local
// by for_each, and resources that pick theirs by key.
var providerForEachFiles = map[string]string{"main.tf": `terraform {
  required_providers {
    random = {
      source = "hashicorp/random"
    }
    local = {
      source = "hashicorp/local"
    }
  }
}

variable "names" {
  type    = set(string)
  default = ["a", "b"]
}

locals {
  dirs = { for n in var.names : n => "out-${n}" }
}

provider "random" {
  alias    = "by_name"
  for_each = var.names
}

provider "local" {
  alias    = "by_dir"
  for_each = local.dirs
}

resource "random_pet" "pet" {
  for_each = var.names
  provider = random.by_name[each.key]
  prefix   = each.key
}

resource "local_file" "f" {
  for_each = local.dirs
  provider = local.by_dir[each.key]
  filename = "${path.module}/${each.value}.txt"
  content  = "pet ${each.key}"
}

resource "random_id" "one" {
  provider    = random.by_name["b"]
  byte_length = 2
}
`}

func providersOf(v *View) []string {
	var out []string
	for _, r := range v.Resources {
		out = append(out, r.Address+" "+r.Provider)
	}
	sort.Strings(out)
	return out
}

// TestProviderForEach: with OpenTofu a provider block with for_each is
// one configuration per element, and each resource instance names the
// one its provider argument picks; with Terraform for_each is refused.
func TestProviderForEach(t *testing.T) {
	dir := writeFiles(t, providerForEachFiles)
	v, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	const r, l = `provider["registry.terraform.io/hashicorp/random"]`, `provider["registry.terraform.io/hashicorp/local"]`
	want := []string{
		`local_file.f["a"] ` + l + `.by_dir["a"]`,
		`local_file.f["b"] ` + l + `.by_dir["b"]`,
		`random_id.one ` + r + `.by_name["b"]`,
		`random_pet.pet["a"] ` + r + `.by_name["a"]`,
		`random_pet.pet["b"] ` + r + `.by_name["b"]`,
	}
	if got := providersOf(v); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("providers:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var configs []string
	for a := range v.Providers {
		configs = append(configs, a)
	}
	sort.Strings(configs)
	if got := strings.Join(configs, " "); got != l+`.by_dir["a"] `+l+`.by_dir["b"] `+r+`.by_name["a"] `+r+`.by_name["b"]` {
		t.Errorf("configurations: %s", got)
	}
	_, ds = Dir(dir, Options{Engine: tffile.Terraform})
	if !strings.Contains(ds.Error(), "main.tf:23:3: Error: Reserved argument name in provider block; The provider argument name \"for_each\" is reserved for use by Terraform in a future version. OpenTofu 1.9 or later") {
		t.Errorf("terraform: %v", ds)
	}
}

// TestProviderForEachBody: each.key and each.value are bound in the body
// of each instance of a provider configuration.
func TestProviderForEachBody(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `provider "aws" {
  alias    = "by_region"
  for_each = { eu = "eu-west-1", us = "us-east-1" }
  region   = each.value
  profile  = "p-${each.key}"
}
`})
	v, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var got []string
	for a, p := range v.Providers {
		m := p.Attributes.AsValueMap()
		got = append(got, a+" "+m["region"].AsString()+" "+m["profile"].AsString())
	}
	sort.Strings(got)
	want := `provider["registry.terraform.io/hashicorp/aws"].by_region["eu"] eu-west-1 p-eu, provider["registry.terraform.io/hashicorp/aws"].by_region["us"] us-east-1 p-us`
	if strings.Join(got, ", ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, ", "), want)
	}
}

// TestProviderForEachApplied: OpenTofu plans the configuration to the
// instances and values tfkit eval --engine tofu gives, and after apply its
// state names, for each instance, the provider instance the view names
// (the view writes the default registry as registry.terraform.io).
func TestProviderForEachApplied(t *testing.T) {
	tofu := enginetest.OpenTofu(t)
	w := enginetest.Workspace(t, providerForEachFiles)
	w.Engine = tofu
	opts := Options{Engine: tffile.OpenTofu}
	crossCheckWith(t, w, opts)
	v, ds := Dir(w.Dir, opts)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	w.Apply()
	data, err := os.ReadFile(filepath.Join(w.Dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Resources []struct {
			Mode, Type, Name string
			Provider         string
			Instances        []struct {
				IndexKey any    `json:"index_key"`
				Provider string `json:"provider"`
			}
		}
	}
	if err := json.Unmarshal(data, &state); err != nil {
		t.Fatal(err)
	}
	var theirs []string
	for _, r := range state.Resources {
		for _, in := range r.Instances {
			addr := r.Type + "." + r.Name
			if k, ok := in.IndexKey.(string); ok {
				addr += "[" + quote(k) + "]"
			}
			p := in.Provider
			if p == "" {
				p = r.Provider
			}
			theirs = append(theirs, addr+" "+strings.ReplaceAll(p, "registry.opentofu.org/", "registry.terraform.io/"))
		}
	}
	sort.Strings(theirs)
	if ours := providersOf(v); strings.Join(ours, "\n") != strings.Join(theirs, "\n") {
		t.Errorf("provider instances differ:\ntfkit:\n%s\nOpenTofu's state:\n%s", strings.Join(ours, "\n"), strings.Join(theirs, "\n"))
	}
	w.Destroy()
}

// TestProviderInstanceToModule: a module's providers map passes one
// instance of a provider with for_each, which the module's resources use.
func TestProviderInstanceToModule(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

module "m" {
  source = "./m"
  providers = {
    random = random.by_name["b"]
  }
}
`, "m/main.tf": "resource \"random_pet\" \"p\" {}\n"})
	v, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	want := `module.m.random_pet.p provider["registry.terraform.io/hashicorp/random"].by_name["b"]`
	if got := strings.Join(providersOf(v), "\n"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
