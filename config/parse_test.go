package config

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestRawHeredocKeepsNewline checks that a heredoc kept as Raw text (it has
// a directive) is still a complete expression: the newline after its
// closing marker belongs to it.
func TestRawHeredocKeepsNewline(t *testing.T) {
	body, diags := ParseBody("a = <<EOT\n%{ for x in [1] }${x}%{ endfor }\nEOT\nb = 1\n", "f.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	raw, ok := body.Items[0].(*Attribute).Expr.(*Raw)
	if !ok {
		t.Fatalf("want Raw, got %T", body.Items[0].(*Attribute).Expr)
	}
	if raw.Text != "<<EOT\n%{ for x in [1] }${x}%{ endfor }\nEOT\n" {
		t.Fatalf("text %q", raw.Text)
	}
	if _, hds := hclsyntax.ParseExpression([]byte(raw.Text), "", hcl.InitialPos); hds.HasErrors() {
		t.Fatal(hds)
	}
}
