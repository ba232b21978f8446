package tfkit

import (
	"github.com/tfkit/tfkit/config"
)

// NewRawBlocks adds top-level blocks written as HCL text to stack: for
// configuration the API has no constructor or field for (a block type newer
// than tfkit, a setting a config struct lacks). The text is read with
// Terraform's own parser and the blocks are written out as given, in order,
// after the elements declared before the call. They take part in validation
// like the others (duplicates, undeclared references, cycles), reported at
// the Go line that called NewRawBlocks; a syntax error is reported at its
// line and column inside the text and at that Go line. Other elements refer
// to what the blocks declare with tfkit.Ref("ephemeral.random_password.db.result").
//
//	tfkit.NewRawBlocks(stack, `
//	removed {
//	  from = aws_instance.old
//	  lifecycle {
//	    destroy = false
//	  }
//	}
//	`)
func NewRawBlocks(stack *Stack, text string) {
	stack = usable(stack)
	site := callerSite()
	cfg, ds := config.ParseConfig(text, rawName(site))
	if ds.HasErrors() {
		stack.diags = append(stack.diags, rawDiags(ds, site, text)...)
		return
	}
	for _, b := range cfg.Blocks {
		b.DeclRange = site
		stack.cfg.Add(b)
	}
}
