package tffile

import (
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// merge merges the blocks of an override file into m.Config by
// Terraform's rules: a block overrides the block of the same address
// (resource, data source, variable, output, module call, check, provider
// configuration by name and alias; a local value by name), an argument
// replaces the argument of the same name, and the nested blocks of one
// type replace all the base's blocks of that type (but a resource's
// lifecycle, see mergeTop). Blocks without such an
// address (terraform, moved, import, removed) are added; an override
// without its base is an error.
func (m *Module) merge(over *config.Config) diag.Diagnostics {
	var ds diag.Diagnostics
	if m.merged == nil {
		m.merged = map[*config.Block]*config.Block{}
	}
	var newLocals *config.Block
	for _, ob := range over.Blocks {
		if ob.Type == "locals" {
			for _, a := range ob.Body.Attributes() {
				if !m.overrideLocal(a) {
					if newLocals == nil {
						newLocals = config.NewBlock("locals")
						newLocals.DeclRange = ob.DeclRange
						m.Config.Add(newLocals)
					}
					newLocals.Body.Items = append(newLocals.Body.Items, a)
				}
			}
			continue
		}
		key, kind, keyed := overrideKey(ob)
		if !keyed {
			m.Config.Add(ob)
			continue
		}
		i := m.find(ob.Type, key)
		if i < 0 {
			r := ob.DeclRange
			ds = append(ds, &diag.Diagnostic{Severity: diag.Error,
				Summary: "Missing base " + kind + " for override",
				Detail:  "an override file declares " + kind + " \"" + key + "\", which no primary file declares",
				Subject: &r})
			continue
		}
		base := m.Config.Blocks[i]
		nb := &config.Block{Type: base.Type, Labels: base.Labels, DeclRange: base.DeclRange, Trivia: base.Trivia,
			TypeRange: base.TypeRange, LabelRanges: base.LabelRanges,
			OpenBraceRange: base.OpenBraceRange, CloseBraceRange: base.CloseBraceRange,
			Body: mergeTop(base.Type, base.Body, ob.Body)}
		if orig, ok := m.merged[base]; ok {
			delete(m.merged, base)
			m.merged[nb] = orig
		} else {
			m.merged[nb] = base
		}
		m.Config.Blocks[i] = nb
	}
	return ds
}

// overrideKey is the address an override block is matched by, and the
// kind of block it names in messages; keyed is false for blocks that are
// added rather than matched.
func overrideKey(b *config.Block) (key, kind string, keyed bool) {
	if n, _ := topLabels(b.Type); !overridden(b.Type) || len(b.Labels) != n {
		return "", "", false
	}
	switch b.Type {
	case "provider":
		return providerKey(b), "provider", true
	case "resource":
		return b.Labels[0] + "." + b.Labels[1], b.Type, true
	case "data", "ephemeral":
		return b.Type + "." + b.Labels[0] + "." + b.Labels[1], b.Type, true
	}
	return b.Labels[0], b.Type, true
}

// providerKey is a provider configuration's name in its module: aws, or
// aws.west for an alias.
func providerKey(b *config.Block) string {
	if alias, ok := b.Body.StringAttr("alias"); ok {
		return b.Labels[0] + "." + alias
	}
	return b.Labels[0]
}

// find returns the index of the first block of typ with address key in
// m.Config, or -1.
func (m *Module) find(typ, key string) int {
	for i, b := range m.Config.Blocks {
		if b.Type != typ {
			continue
		}
		if k, _, ok := overrideKey(b); ok && k == key {
			return i
		}
	}
	return -1
}

// overrideLocal replaces the local value a declares in the locals block
// that declares it; false when none does.
func (m *Module) overrideLocal(a *config.Attribute) bool {
	for i, b := range m.Config.Blocks {
		if b.Type != "locals" || b.Body.Attribute(a.Name) == nil {
			continue
		}
		nb := &config.Block{Type: b.Type, Labels: b.Labels, DeclRange: b.DeclRange, Trivia: b.Trivia,
			TypeRange: b.TypeRange, LabelRanges: b.LabelRanges,
			OpenBraceRange: b.OpenBraceRange, CloseBraceRange: b.CloseBraceRange,
			Body: mergeBody(b.Body, &config.Body{Items: []config.Item{a}})}
		if orig, ok := m.merged[b]; ok {
			delete(m.merged, b)
			m.merged[nb] = orig
		} else {
			m.merged[nb] = b
		}
		m.Config.Blocks[i] = nb
		return true
	}
	return false
}

// mergeTop merges the body of a top-level block of type typ. Beyond the
// rule of mergeBody: count and for_each exclude each other, so setting one
// drops the base's other; a resource's lifecycle block is merged argument
// by argument, its preconditions and postconditions replaced only when
// the override has some.
func mergeTop(typ string, base, over *config.Body) *config.Body {
	// The kinds that take count and for_each: resources, data sources,
	// ephemeral resources, module calls.
	k, ok := config.KindOf(typ)
	if !ok {
		return mergeBody(base, over)
	}
	if _, counted := k.Arg("count"); !counted {
		return mergeBody(base, over)
	}
	if over.Attribute("count") != nil {
		base = withoutAttribute(base, "for_each")
	}
	if over.Attribute("for_each") != nil {
		base = withoutAttribute(base, "count")
	}
	baseLC, overLC := base.Blocks("lifecycle"), over.Blocks("lifecycle")
	if _, own := k.Block("lifecycle"); !own || len(baseLC) != 1 || len(overLC) != 1 {
		return mergeBody(base, over)
	}
	lc := config.NewBlock("lifecycle")
	lc.DeclRange = overLC[0].DeclRange
	lc.Body = mergeBody(baseLC[0].Body, overLC[0].Body)
	out := mergeBody(base, over)
	for i, it := range out.Items {
		if it == overLC[0] {
			out.Items[i] = lc
		}
	}
	return out
}

// withoutAttribute is body without the named argument.
func withoutAttribute(body *config.Body, name string) *config.Body {
	out := &config.Body{Items: make([]config.Item, 0, len(body.Items))}
	for _, it := range body.Items {
		if a, ok := it.(*config.Attribute); ok && a.Name == name {
			continue
		}
		out.Items = append(out.Items, it)
	}
	return out
}

// mergeBody applies an override body to a base: arguments replace the
// base's arguments of the same name in place, nested blocks of a type
// replace all the base's blocks of that type; what the base lacks comes
// after what it has, in the override's order.
func mergeBody(base, over *config.Body) *config.Body {
	overAttrs := map[string]*config.Attribute{}
	overBlocks := map[string]bool{}
	for _, it := range over.Items {
		switch it := it.(type) {
		case *config.Attribute:
			overAttrs[it.Name] = it
		case *config.Block:
			overBlocks[it.Type] = true
		}
	}
	out := &config.Body{Items: make([]config.Item, 0, len(base.Items)+len(over.Items))}
	used := map[string]bool{}
	for _, it := range base.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if oa, ok := overAttrs[it.Name]; ok {
				out.Items = append(out.Items, oa)
				used[it.Name] = true
				continue
			}
			out.Items = append(out.Items, it)
		case *config.Block:
			if !overBlocks[it.Type] {
				out.Items = append(out.Items, it)
			}
		}
	}
	for _, it := range over.Items {
		if a, ok := it.(*config.Attribute); ok && used[a.Name] {
			continue
		}
		out.Items = append(out.Items, it)
	}
	return out
}
