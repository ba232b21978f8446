package load

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// dynamicSchema is what a dynamic block holds, as HCL's dynblock reads
// it: labels is required there only for block types with labels, which
// only a provider schema tells.
var dynamicSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "for_each", Required: true}, {Name: "iterator"}, {Name: "labels"}},
	Blocks:     []hcl.BlockHeaderSchema{{Type: "content"}},
}

// dynamicHeader is the one label of a dynamic block.
var dynamicHeader = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "dynamic", LabelNames: []string{"type"}}}}

// dynamicBodies are the kinds of block whose bodies the engines expand
// dynamic blocks in.
var dynamicBodies = map[string]bool{"resource": true, "data": true, "ephemeral": true, "provider": true}

// checkDynamicBlocks reports the dynamic blocks of a native file that the
// engines refuse before evaluating them, in HCL's words (dynblock's) and
// at its positions: a missing or extra label, a missing for_each, an
// argument or block a dynamic block does not have, an iterator that is
// not a name, no content block or two. bad gets the DefRange of each such
// block, which evaluation then leaves alone.
func checkDynamicBlocks(file *hclsyntax.Body, bad map[hcl.Range]bool) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, b := range file.Blocks {
		if dynamicBodies[b.Type] {
			diags = append(diags, checkDynamicIn(b.Body, bad)...)
		}
	}
	return diags
}

func checkDynamicIn(body *hclsyntax.Body, bad map[hcl.Range]bool) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, b := range body.Blocks {
		if b.Type == "dynamic" && len(b.Labels) != 1 {
			bad[b.DefRange()] = true
		}
	}
	// The parent body's decoding reports the labels.
	_, _, hd := body.PartialContent(dynamicHeader)
	diags = append(diags, hd...)
	for _, b := range body.Blocks {
		if b.Type != "dynamic" {
			diags = append(diags, checkDynamicIn(b.Body, bad)...)
			continue
		}
		if len(b.Labels) != 1 {
			continue
		}
		if ds := dynamicSpec(b); ds.HasErrors() {
			bad[b.DefRange()] = true
			diags = append(diags, ds...)
			continue
		}
		for _, cb := range b.Body.Blocks {
			diags = append(diags, checkDynamicIn(cb.Body, bad)...)
		}
	}
	return diags
}

// dynamicSpec checks one dynamic block as dynblock decodes it, stopping at
// the first error as it does; the for_each value is checked as the block
// is evaluated.
func dynamicSpec(b *hclsyntax.Block) hcl.Diagnostics {
	content, diags := b.Body.Content(dynamicSchema)
	if diags.HasErrors() {
		return diags
	}
	if it := content.Attributes["iterator"]; it != nil {
		tr, hd := hcl.AbsTraversalForExpr(it.Expr)
		if hd.HasErrors() {
			return append(diags, hd...)
		}
		if len(tr) != 1 {
			return append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid dynamic iterator name",
				Detail: "Dynamic iterator must be a single variable name.", Subject: tr.SourceRange().Ptr()})
		}
	}
	switch {
	case len(content.Blocks) == 0:
		return append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Missing dynamic content block",
			Detail:  "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
			Subject: &content.MissingItemRange})
	case len(content.Blocks) > 1:
		return append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Extraneous dynamic content block",
			Detail: "Only one nested content block is allowed for each dynamic block.", Subject: &content.Blocks[1].DefRange})
	}
	return diags
}
