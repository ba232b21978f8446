package tffile

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hcldepth"
	"github.com/tfkit/tfkit/diag"
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
	cfg, ds := config.ConfigFromSyntax(sb, src)
	return cfg, sb, ds
}
