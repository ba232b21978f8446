package validate

import (
	"strings"
	"testing"
)

// TestReferencesToUnknownAttributes: a reference to an attribute the
// schema lacks is reported at the step naming it, as Terraform does, but
// not one read after a splat, which terraform validate, taking counts as
// unknown, leaves for plan (TestAsTheEngine compares).
func TestReferencesToUnknownAttributes(t *testing.T) {
	ds := check(t, `resource "random_pet" "a" {}

resource "random_integer" "n" {
  count = 2
  min   = 1
  max   = 9
}

data "local_file" "f" {
  filename = "x"
}

resource "local_file" "out" {
  filename = "out.txt"
  content  = "${random_pet.a.idd} ${random_integer.n[0].result} ${random_integer.n[*].reslt} ${data.local_file.f.contents}"
}

output "ok" {
  value = [random_pet.a.id, random_pet.a.keepers["x"], data.local_file.f.content, var.x, terraform_data.t.output]
}

variable "x" {}

resource "terraform_data" "t" {}
`)
	var got []string
	for _, d := range ds {
		got = append(got, d.Error())
	}
	want := []string{
		`main.tf:15:29: Error: Unsupported attribute (at local_file.out.content); This object has no argument, nested block, or exported attribute named "idd".` + "\n  hint: did you mean \"id\"?",
		`main.tf:15:113: Error: Unsupported attribute (at local_file.out.content); This object has no argument, nested block, or exported attribute named "contents".` + "\n  hint: did you mean \"content\"?",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics:\n%s", len(got), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.Contains(got[i], want[i]) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
	for _, d := range Warnings(ds) {
		if d.Severity.String() != "Warning" {
			t.Errorf("not downgraded: %s", d)
		}
	}
}

func TestProviderFunctions(t *testing.T) {
	ds := check(t, `terraform {
  required_providers {
    local = { source = "hashicorp/local" }
  }
}

output "ok" {
  value = provider::local::direxists("x")
}

output "typo" {
  value = provider::local::direxist("x")
}
`)
	if len(ds) != 1 || !strings.Contains(ds[0].Error(), `main.tf:12:11: Error: Unknown provider function (at output.typo.value); There is no function named "provider::local::direxist". `+
		`Ensure that provider name "local" is declared in this module's required_providers block, and that this provider offers a function named "direxist".`) ||
		!strings.Contains(ds[0].Error(), `did you mean "direxists"?`) {
		t.Fatalf("%v", ds)
	}
}
