package tffile

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/hcldepth"
)

// readNative reads a native-syntax file: its blocks in the model and its
// syntax tree. Top-level arguments are errors: Terraform files hold only
// blocks at the top.
func readNative(name string, src []byte) (*config.Config, *hclsyntax.Body, diag.Diagnostics) {
	if hds := hcldepth.Config(src, name, hcl.InitialPos); hds.HasErrors() {
		return nil, nil, diag.FromHCL(hds)
	}
	f, hds := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if hds.HasErrors() {
		return nil, nil, diag.FromHCL(hds)
	}
	sb := f.Body.(*hclsyntax.Body)
	body := config.BodyFromSyntax(sb, src, 0)
	var ds diag.Diagnostics
	cfg := &config.Config{Blocks: make([]*config.Block, 0, len(sb.Blocks))}
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Block:
			cfg.Blocks = append(cfg.Blocks, it)
		case *config.Attribute:
			r := it.Range
			ds = append(ds, &diag.Diagnostic{
				Severity:   diag.Error,
				Summary:    fmt.Sprintf("Unexpected top-level argument %q", it.Name),
				Detail:     "A Terraform file holds only blocks at the top level.",
				Subject:    &r,
				Suggestion: "move the argument into a block, such as locals { ... }",
			})
		}
	}
	return cfg, sb, ds
}
