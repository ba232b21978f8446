package refactorcases

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestCases: each case has a name of its own and a main.tf, its files
// parse, and it holds words for the engines it names.
func TestCases(t *testing.T) {
	names := map[string]bool{}
	for _, c := range All {
		if c.Name == "" || names[c.Name] {
			t.Errorf("case %q: no name, or one another case has", c.Name)
		}
		names[c.Name] = true
		if c.Main() == "" {
			t.Errorf("%s: no main.tf", c.Name)
		}
		for name, src := range c.Files {
			if name == "empty-state.json" {
				continue
			}
			if _, ds := hclsyntax.ParseConfig([]byte(src), name, hcl.InitialPos); ds.HasErrors() {
				t.Errorf("%s: %s", c.Name, ds)
			}
		}
		switch c.Only {
		case "", Terraform:
		case OpenTofu:
			if c.Terraform != nil {
				t.Errorf("%s: Terraform's words for a case of OpenTofu's only", c.Name)
			}
		default:
			t.Errorf("%s: no engine %q", c.Name, c.Only)
		}
		if c.Only == Terraform && c.OpenTofu != nil {
			t.Errorf("%s: OpenTofu's words for a case of Terraform's only", c.Name)
		}
		for _, e := range c.Engines() {
			for _, err := range c.Errors(e) {
				if err.Summary == "" || err.Detail == "" {
					t.Errorf("%s (%s): %q", c.Name, e, err.Words())
				}
			}
		}
	}
}
