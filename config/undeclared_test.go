package config

import "testing"

// TestUndeclaredWords: the engines' words for each kind of reference to
// something not declared, in the root module and in a child.
func TestUndeclaredWords(t *testing.T) {
	for _, tc := range []struct {
		module, root, name string
		suggested          bool
		summary, detail    string
	}{
		{"", "var", "region", false, "Reference to undeclared input variable",
			`An input variable with the name "region" has not been declared. This variable can be declared with a variable "region" {} block.`},
		{"", "var", "regoin", true, "Reference to undeclared input variable", `An input variable with the name "regoin" has not been declared.`},
		{"", "local", "tags", false, "Reference to undeclared local value", `A local value with the name "tags" has not been declared.`},
		{"module.net", "module", "subnets", false, "Reference to undeclared module", `No module call named "subnets" is declared in module.net.`},
		{"", "aws_vpc", "aws_vpc.main", false, "Reference to undeclared resource", `A managed resource "aws_vpc" "main" has not been declared in the root module.`},
		{"module.net", "data", "data.aws_ami.ubuntu", false, "Reference to undeclared resource", `A data resource "aws_ami" "ubuntu" has not been declared in module.net.`},
		{"", "ephemeral", "ephemeral.random_password.db", false, "Reference to undeclared resource", `An ephemeral resource "random_password" "db" has not been declared in the root module.`},
	} {
		summary, detail := UndeclaredWords(tc.module, tc.root, tc.name, tc.suggested)
		if summary != tc.summary || detail != tc.detail {
			t.Errorf("%s %s: got %q, %q", tc.root, tc.name, summary, detail)
		}
	}
}
