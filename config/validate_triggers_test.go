package config

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Terraform accepts an instance chosen by count.index or each.key in
// replace_triggered_by (aws_instance.web[count.index].id), and nothing else
// computed.
func TestValidateReplaceTriggeredByInstances(t *testing.T) {
	allowed := `resource "null_resource" "web" {
  count = 2
}
resource "null_resource" "byname" {
  for_each = toset(["a", "b"])
}
resource "null_resource" "counted" {
  count = 2
  lifecycle {
    replace_triggered_by = [null_resource.web[count.index].id, null_resource.web[count.index], null_resource.web[0]]
  }
}
resource "null_resource" "each" {
  for_each = toset(["a", "b"])
  lifecycle {
    replace_triggered_by = [null_resource.byname[each.key].id]
  }
}
`
	if diags := Validate(mustParse(t, allowed)); len(diags) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", diags)
	}

	cases := []struct {
		name, src string
		fragments []string
	}{
		{"computed index", `resource "null_resource" "web" {
  count = 2
}
variable "i" {}
resource "null_resource" "x" {
  lifecycle {
    replace_triggered_by = [null_resource.web[var.i].id]
  }
}
`, []string{"Invalid replace_triggered_by", "count.index or each.key", "null_resource.x.lifecycle[0].replace_triggered_by"}},
		{"count.index without count", `resource "null_resource" "web" {
  count = 2
}
resource "null_resource" "x" {
  lifecycle {
    replace_triggered_by = [null_resource.web[count.index]]
  }
}
`, []string{`Reference to "count" in non-counted context`, "main.tf:6:5"}},
		{"undeclared resource", `resource "null_resource" "x" {
  count = 2
  lifecycle {
    replace_triggered_by = [null_resource.nope[count.index].id]
  }
}
`, []string{`Reference to undeclared resource "null_resource.nope"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, c.src)), c.fragments...)
		})
	}
}

// The same list written as raw HCL (tfkit.Raw, innerText) is read alike.
func TestValidateReplaceTriggeredByRaw(t *testing.T) {
	cfg := mustParse(t, `resource "null_resource" "web" {
  count = 2
}
resource "null_resource" "counted" {
  count = 2
  lifecycle {
    replace_triggered_by = []
  }
}
`)
	raw := func(text string) *Raw {
		syn, diags := hclsyntax.ParseExpression([]byte(text), "raw.hcl", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return &Raw{Text: text, Syntax: syn}
	}
	lifecycle := cfg.Blocks[1].Body.Items[1].(*Block)
	attr := lifecycle.Body.Attribute("replace_triggered_by")
	attr.Expr = raw("[null_resource.web[count.index].id]")
	if diags := Validate(cfg); len(diags) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", diags)
	}
	attr.Expr = raw("[null_resource.web[var.i].id]")
	wantOne(t, Validate(cfg), "Invalid replace_triggered_by")
	attr.Expr = raw("[null_resource.nope[count.index]]")
	wantOne(t, Validate(cfg), `Reference to undeclared resource "null_resource.nope"`)
}

// Written as address strings, as the TSX front end takes them
// (replace_triggered_by: ["null_resource.web[count.index].id"]), alike.
func TestValidateReplaceTriggeredByStrings(t *testing.T) {
	cfg := mustParse(t, `resource "null_resource" "web" {
  count = 2
}
resource "null_resource" "counted" {
  count = 2
  lifecycle {
    replace_triggered_by = []
  }
}
`)
	attr := cfg.Blocks[1].Body.Items[1].(*Block).Body.Attribute("replace_triggered_by")
	attr.Expr = &Tuple{Items: []Expr{String("null_resource.web[count.index].id"), String("null_resource.web")}}
	if diags := Validate(cfg); len(diags) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", diags)
	}
	attr.Expr = &Tuple{Items: []Expr{String("null_resource.web[var.i].id")}}
	wantOne(t, Validate(cfg), "Invalid replace_triggered_by")
	attr.Expr = &Tuple{Items: []Expr{String("null_resource.nope[count.index]")}}
	wantOne(t, Validate(cfg), `Reference to undeclared resource "null_resource.nope"`)
}
