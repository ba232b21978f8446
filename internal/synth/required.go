package synth

import (
	"fmt"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// Config returns the configuration of s to write: the declared blocks with
// cross-stack references rewritten (see crossBlocks) and the recorded
// provider requirements merged into the terraform block, which is created
// first in the file if the stack has none. Declared blocks are not changed;
// the terraform block is copied.
func (p *Plan) Config(s *Stack) (*config.Config, diag.Diagnostics) {
	blocks, ds := s.crossBlocks(p)
	if len(s.Required) == 0 {
		return &config.Config{Blocks: blocks}, ds
	}
	at := -1
	for i, b := range blocks {
		if b.Type == "terraform" {
			at = i
			break
		}
	}
	var tf *config.Block
	if at < 0 {
		tf = config.NewBlock("terraform")
		tf.DeclRange = s.Required[0].Site
		blocks = append([]*config.Block{tf}, blocks...)
	} else {
		orig := blocks[at]
		tf = &config.Block{Type: orig.Type, Labels: orig.Labels, DeclRange: orig.DeclRange,
			Body: &config.Body{Items: append([]config.Item(nil), orig.Body.Items...)}}
		blocks[at] = tf
	}
	rp := copyRequiredProviders(tf)
	for _, r := range s.Required {
		a := rp.Body.Attribute(r.Name)
		if a == nil {
			rp.Body.Set(r.Name, RequirementObject(r.Source, r.Version)).Range = r.Site
			continue
		}
		src, ver := requirementOf(a.Expr)
		if src != "" && NormalizeSource(src) != NormalizeSource(r.Source) {
			site := r.Site
			ds = append(ds, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider sources",
				Detail: fmt.Sprintf("Provider %q has source %q in the terraform block's required_providers and %q here.",
					r.Name, src, r.Source),
				Subject: &site, Related: []diag.Related{{Message: "required_providers entry", Range: a.Range}},
			})
		} else if ver != "" && r.Version != "" && ver != r.Version {
			site := r.Site
			ds = append(ds, &diag.Diagnostic{
				Severity: diag.Warning, Summary: "Differing provider versions",
				Detail: fmt.Sprintf("Provider %q has version %q in the terraform block's required_providers and %q here; the terraform block's is written.",
					r.Name, ver, r.Version),
				Subject: &site, Related: []diag.Related{{Message: "required_providers entry", Range: a.Range}},
			})
		}
	}
	return &config.Config{Blocks: blocks}, ds
}

// copyRequiredProviders replaces tf's required_providers block with a copy
// (or adds an empty one after its attributes) and returns it.
func copyRequiredProviders(tf *config.Block) *config.Block {
	items := tf.Body.Items
	for i, it := range items {
		if b, ok := it.(*config.Block); ok && b.Type == "required_providers" {
			cp := &config.Block{Type: b.Type, Labels: b.Labels, DeclRange: b.DeclRange,
				Body: &config.Body{Items: append([]config.Item(nil), b.Body.Items...)}}
			items[i] = cp
			return cp
		}
	}
	rp := config.NewBlock("required_providers")
	rp.DeclRange = tf.DeclRange
	at := len(items)
	for i, it := range items {
		if _, ok := it.(*config.Block); ok {
			at = i
			break
		}
	}
	items = append(items, nil)
	copy(items[at+1:], items[at:])
	items[at] = rp
	tf.Body.Items = items
	return rp
}

// requirementOf reads source and version from a required_providers entry
// written as an object of literals.
func requirementOf(x config.Expr) (source, version string) {
	obj, ok := x.(*config.Object)
	if !ok {
		return "", ""
	}
	for _, it := range obj.Items {
		k, _ := config.LiteralString(it.Key)
		v, _ := config.LiteralString(it.Value)
		switch k {
		case "source":
			source = v
		case "version":
			version = v
		}
	}
	return source, version
}

// RequirementObject is a required_providers entry's value.
func RequirementObject(source, version string) *config.Object {
	obj := &config.Object{Items: []config.ObjectItem{{Key: config.String("source"), Value: config.String(source)}}}
	if version != "" {
		obj.Items = append(obj.Items, config.ObjectItem{Key: config.String("version"), Value: config.String(version)})
	}
	return obj
}
