package config

import (
	"strings"
	"testing"
)

// earlySrc uses everything OpenTofu evaluates early: a backend's settings,
// a module's source and version built from variables and locals, and a
// module's provider chosen from a provider with for_each by a variable.
const earlySrc = `variable "env" {}
variable "region" {}
locals {
  dir = "./modules/${var.env}"
}
terraform {
  backend "local" {
    path = "${var.env}.tfstate"
  }
}
provider "random" {
  alias    = "by_region"
  for_each = toset(["a", "b"])
}
resource "random_pet" "p" {
  provider = random.by_region[var.region]
}
module "app" {
  source  = local.dir
  version = var.env
  providers = {
    random = random.by_region[var.region]
  }
}
`

// TestEarlyEvaluationValid: what OpenTofu evaluates early is valid, and
// OpenTofuOnly names each use that reads a variable or a local, with its
// place, for a front end that writes for Terraform.
func TestEarlyEvaluationValid(t *testing.T) {
	cfg := mustParse(t, earlySrc)
	if ds := Validate(cfg); len(ds) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", ds)
	}
	var got []string
	for _, u := range OpenTofuOnly(cfg) {
		got = append(got, u.Path+" "+u.Range.String()+" "+u.Since)
	}
	want := []string{
		"terraform.backend.path main.tf:8,5-32 1.8",
		"provider.random.by_region.for_each main.tf:13,3-31 1.9",
		"module.app.source main.tf:19,3-22 1.8",
		"module.app.version main.tf:20,3-20 1.8",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("OpenTofuOnly:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestEarlyEvaluationInvalid: early evaluation reads variables and locals
// alone, so a module version or a backend setting that reads a resource
// is refused, and one that reads an undeclared variable is reported as
// such, as is a provider instance of an undeclared provider.
func TestEarlyEvaluationInvalid(t *testing.T) {
	cases := []struct {
		name, src string
		fragments []string
	}{
		{"version from a resource", `resource "random_pet" "p" {}
module "m" {
  source  = "hashicorp/x/y"
  version = random_pet.p.id
}
`, []string{"Invalid module version", "module.m.version", "main.tf:4:3", "variables and locals alone"}},
		{"version from an undeclared variable", `module "m" {
  source  = "hashicorp/x/y"
  version = var.nope
}
`, []string{"Reference to undeclared input variable", "module.m.version", "main.tf:3"}},
		{"backend from an undeclared local", `terraform {
  backend "local" {
    path = "${local.nope}.tfstate"
  }
}
`, []string{"Reference to undeclared local value", "terraform.backend.path", "main.tf:3"}},
		{"provider instance of an undeclared provider", `variable "region" {}
module "m" {
  source = "./m"
  providers = {
    random = random.nope[var.region]
  }
}
`, []string{`undeclared provider configuration "random.nope"`, "module.m.providers"}},
		{"provider instance key from an undeclared variable", `provider "random" {
  alias    = "by_region"
  for_each = toset(["a"])
}
module "m" {
  source = "./m"
  providers = {
    random = random.by_region[var.nope]
  }
}
`, []string{"Reference to undeclared input variable", "module.m.providers"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, tc.src)), tc.fragments...)
		})
	}
}

// TestLanguageBlockIsOpenTofuOnly: OpenTofu 1.12's language block, which
// the reader carries, is named for a front end that writes for Terraform.
func TestLanguageBlockIsOpenTofuOnly(t *testing.T) {
	cfg := mustParse(t, "language {\n  edition = tofu2024\n}\n")
	uses := OpenTofuOnly(cfg)
	if len(uses) != 1 || uses[0].Path != "language" || uses[0].Since != "1.12" || uses[0].Range.Start.Line != 1 {
		t.Fatalf("OpenTofuOnly: %+v", uses)
	}
}
