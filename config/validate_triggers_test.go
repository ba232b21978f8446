package config

import (
	"strings"
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
`, []string{"Reference to undeclared resource", `A managed resource "null_resource" "nope" has not been declared`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, c.src)), c.fragments...)
		})
	}
}

// The same list written as raw HCL (tfkit.Raw, innerText), and as
// address strings, as the TSX front end takes them (replace_triggered_by:
// ["null_resource.web[count.index].id"]), is read alike.
func TestValidateReplaceTriggeredByRawAndStrings(t *testing.T) {
	raw := func(items ...string) Expr {
		text := "[" + strings.Join(items, ", ") + "]"
		syn, diags := hclsyntax.ParseExpression([]byte(text), "raw.hcl", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return &Raw{Text: text, Syntax: syn}
	}
	strs := func(items ...string) Expr {
		tup := &Tuple{}
		for _, it := range items {
			tup.Items = append(tup.Items, String(it))
		}
		return tup
	}
	for name, write := range map[string]func(...string) Expr{"raw": raw, "strings": strs} {
		t.Run(name, func(t *testing.T) {
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
			attr.Expr = write("null_resource.web[count.index].id", "null_resource.web")
			if diags := Validate(cfg); len(diags) != 0 {
				t.Fatalf("want no diagnostics, got:\n%s", diags)
			}
			attr.Expr = write("null_resource.web[var.i].id")
			wantOne(t, Validate(cfg), "Invalid replace_triggered_by")
			attr.Expr = write("null_resource.nope[count.index]")
			wantOne(t, Validate(cfg), "Reference to undeclared resource", `A managed resource "null_resource" "nope" has not been declared`)
		})
	}
}
