package config

import "testing"

// Ephemeral resources (Terraform 1.10+) are declared, referenced and
// ordered like data sources, under their own address space.

func TestValidateEphemeralAllowed(t *testing.T) {
	src := `ephemeral "random_password" "db" {
  length = 16
  lifecycle {
    postcondition {
      condition     = length(self.result) == 16
      error_message = "Wrong length."
    }
  }
}
# A resource and a data source may share the ephemeral's type and name.
resource "random_password" "db" {
  length = 8
}
data "random_password" "db" {}
ephemeral "random_password" "other" {
  length     = ephemeral.random_password.db.length
  depends_on = [random_password.db, data.random_password.db]
}
provider "postgresql" {
  password = ephemeral.random_password.db.result
}
locals {
  password = ephemeral.random_password.other.result
}
`
	if diags := Validate(mustParse(t, src)); len(diags) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", diags)
	}
}

func TestValidateEphemeralProblems(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		fragments []string
	}{
		{"duplicate", `ephemeral "random_password" "db" {}

ephemeral "random_password" "db" {}
`, []string{`Duplicate ephemeral resource "random_password.db"`, "An ephemeral resource named random_password.db", "main.tf:3:1", "first declared here: main.tf:1:1"}},
		{"undeclared", `ephemeral "random_password" "db" {}
locals {
  p = ephemeral.random_password.bd.result
}
`, []string{"Reference to undeclared resource", `An ephemeral resource "random_password" "bd" has not been declared in the root module.`, "local.p", `did you mean "random_password.db"?`}},
		{"undeclared in depends_on", `resource "a_b" "c" {
  depends_on = [ephemeral.a_b.d]
}
`, []string{"Reference to undeclared resource", `An ephemeral resource "a_b" "d" has not been declared`, "a_b.c.depends_on"}},
		{"resource of the same name is not the ephemeral", `resource "random_password" "db" {}
locals {
  p = ephemeral.random_password.db.result
}
`, []string{"Reference to undeclared resource", `An ephemeral resource "random_password" "db" has not been declared`}},
		{"incomplete reference", `locals {
  p = ephemeral.random_password
}
`, []string{"Invalid reference", "ephemeral must be followed by a type and a name"}},
		{"undeclared provider", `ephemeral "random_password" "db" {
  provider = random.wset
}
`, []string{`Reference to undeclared provider configuration "random.wset"`}},
		{"wrong label count", `ephemeral "random_password" {}
`, []string{"Wrong number of labels on ephemeral block", "An ephemeral block takes 2 label(s)"}},
		{"invalid name", `ephemeral "random_password" "1db" {}
`, []string{`Invalid ephemeral resource name "1db"`}},
		{"count and for_each", `ephemeral "a_b" "c" {
  count    = 1
  for_each = {}
}
`, []string{`Invalid combination of "count" and "for_each"`}},
		{"cycle", `ephemeral "a_b" "x" {
  v = local.y
}
locals {
  y = ephemeral.a_b.x.id
}
`, []string{"Dependency cycle: ephemeral.a_b.x → local.y → ephemeral.a_b.x"}},
		{"misspelled block type", `ephemerl "a_b" "x" {}
`, []string{`Unsupported block type "ephemerl"`, `did you mean "ephemeral"?`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, c.src)), c.fragments...)
		})
	}
}
