package tfkit

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// requirement is a required_providers entry recorded by Provider.Source or
// Stack.RequireProvider.
type requirement struct {
	name, source, version string
	site                  hcl.Range
}

// RequireProvider records a required_providers entry: the provider with
// local name name comes from source (hashicorp/aws), in versions matching
// version (may be empty). Provider.Source calls it; typed bindings call it
// for the resources they declare, so that a stack using only resources of a
// provider still names its source.
func (s *Stack) RequireProvider(name, source, version string) {
	requireStack(s)
	s.requireProvider(callerSite(), name, source, version)
}

func (s *Stack) requireProvider(site hcl.Range, name, source, version string) {
	if source == "" {
		s.errorf(site, "Empty provider source", fmt.Sprintf("The source of provider %q is empty.", name),
			`give the source as "namespace/type", such as "hashicorp/aws"`)
		return
	}
	for i, r := range s.required {
		if r.name != name {
			continue
		}
		if normalizeSource(r.source) != normalizeSource(source) {
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider sources",
				Detail:  fmt.Sprintf("Provider %q is required from %q here and from %q before.", name, source, r.source),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "a local name can have one source; give the other provider another local name",
			})
			return
		}
		switch {
		case version == "" || version == r.version:
		case r.version == "":
			s.required[i].version = version
		default:
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider versions",
				Detail:  fmt.Sprintf("Provider %q is required in versions %q here and %q before.", name, version, r.version),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "use one version constraint",
			})
		}
		return
	}
	s.required = append(s.required, requirement{name: name, source: source, version: version, site: site})
}

// normalizeSource makes equal provider sources compare equal:
// registry.terraform.io/hashicorp/aws and hashicorp/aws are the same.
func normalizeSource(s string) string {
	s = strings.ToLower(s)
	return strings.TrimPrefix(s, "registry.terraform.io/")
}

// final returns the configuration to write: the declared blocks with
// cross-stack references rewritten (see crossBlocks) and the recorded
// provider requirements merged into the terraform block, which is created
// first in the file if the stack has none. Declared blocks are not changed;
// the terraform block is copied.
func (s *Stack) final(p *crossPlan) (*config.Config, diag.Diagnostics) {
	blocks, ds := s.crossBlocks(p)
	if len(s.required) == 0 {
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
		tf.DeclRange = s.required[0].site
		blocks = append([]*config.Block{tf}, blocks...)
	} else {
		orig := blocks[at]
		tf = &config.Block{Type: orig.Type, Labels: orig.Labels, DeclRange: orig.DeclRange,
			Body: &config.Body{Items: append([]config.Item(nil), orig.Body.Items...)}}
		blocks[at] = tf
	}
	rp := copyRequiredProviders(tf)
	for _, r := range s.required {
		a := rp.Body.Attribute(r.name)
		if a == nil {
			rp.Body.Set(r.name, requirementObject(r.source, r.version)).Range = r.site
			continue
		}
		src, ver := requirementOf(a.Expr)
		if src != "" && normalizeSource(src) != normalizeSource(r.source) {
			site := r.site
			ds = append(ds, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider sources",
				Detail: fmt.Sprintf("Provider %q has source %q in the terraform block's required_providers and %q here.",
					r.name, src, r.source),
				Subject: &site, Related: []diag.Related{{Message: "required_providers entry", Range: a.Range}},
			})
		} else if ver != "" && r.version != "" && ver != r.version {
			site := r.site
			ds = append(ds, &diag.Diagnostic{
				Severity: diag.Warning, Summary: "Differing provider versions",
				Detail: fmt.Sprintf("Provider %q has version %q in the terraform block's required_providers and %q here; the terraform block's is written.",
					r.name, ver, r.version),
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
