package synth

import (
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// Attributes written as blocks.
//
// Providers built on the plugin SDK declare some blocks as attributes of
// type list or set of objects (aws 3.x's ingress of aws_security_group).
// In HCL native syntax Terraform accepts blocks for them and sets the
// attributes a block leaves out to null. In JSON syntax a property is such
// an attribute's value: an array of objects, each giving every attribute
// of the element type. Only dynamic blocks stay blocks there, and a
// property and dynamic blocks of the same attribute do not mix.
//
// jsonAttributeBlocks rewrites a configuration for JSON output so that
// Terraform reads it as the HCL is read: the blocks of such an attribute
// become the attribute, an array of whole objects (null for what a block
// leaves out, the same inside for nested attributes written as blocks).
// Where a body also has dynamic blocks of the attribute, or a block
// holds dynamic blocks itself (an object value cannot), each block
// becomes a dynamic block over one element, in the blocks' order, whose
// content Terraform fills with nulls as in HCL.

// jsonAttributeBlocks returns cfg with the attributes written as blocks of
// the elements that providers describe rewritten for JSON syntax; cfg
// itself is not changed (blocks without such attributes are shared).
func jsonAttributeBlocks(cfg *config.Config, providers []*schema.Provider) *config.Config {
	if cfg == nil || len(providers) == 0 {
		return cfg
	}
	rw := attrBlockRewriter{providers: tffile.ProviderSchemas(cfg, providers)}
	var out *config.Config
	for i, b := range cfg.Blocks {
		nb := rw.topLevel(b)
		if nb == b {
			continue
		}
		if out == nil {
			out = &config.Config{Blocks: append([]*config.Block(nil), cfg.Blocks...)}
		}
		out.Blocks[i] = nb
	}
	if out == nil {
		return cfg
	}
	return out
}

type attrBlockRewriter struct {
	// providers are the provider schemas by local name.
	providers map[string]*schema.Provider
}

// topLevel rewrites a block whose body a provider's schema describes, and
// the data sources of a check block.
func (rw *attrBlockRewriter) topLevel(b *config.Block) *config.Block {
	if b == nil || b.Body == nil {
		return b
	}
	k, ok := config.KindOf(b.Type)
	if !ok {
		return b
	}
	if !k.ProviderSchema {
		// Blocks nested in b that a provider's schema describes (a check
		// block's data sources).
		scoped := map[string]bool{}
		for _, s := range k.Blocks {
			if s.ProviderSchema {
				scoped[s.Type] = true
			}
		}
		var items []config.Item
		for i, it := range b.Body.Items {
			nb, ok := it.(*config.Block)
			if !ok || nb == nil || !scoped[nb.Type] {
				continue
			}
			if r := rw.topLevel(nb); r != nb {
				if items == nil {
					items = append([]config.Item(nil), b.Body.Items...)
				}
				items[i] = r
			}
		}
		if items == nil {
			return b
		}
		return withItems(b, items)
	}
	sch := rw.schemaOf(b)
	if sch == nil {
		return b
	}
	items, changed := rw.body(b.Body.Items, sch, k)
	if !changed {
		return b
	}
	return withItems(b, items)
}

// schemaOf is the schema of a resource, data source, ephemeral resource or
// provider body, by the provider that serves it: the provider
// meta-argument when set, else the type's prefix.
func (rw *attrBlockRewriter) schemaOf(b *config.Block) *schema.Block {
	if len(b.Labels) == 0 {
		return nil
	}
	if b.Type == "provider" {
		if p := rw.providers[b.Labels[0]]; p != nil {
			return p.Config
		}
		return nil
	}
	if len(b.Labels) != 2 {
		return nil
	}
	typ := b.Labels[0]
	p := tffile.ProviderOf(rw.providers, b, typ)
	if p == nil {
		return nil
	}
	var rs *schema.Resource
	switch b.Type {
	case "resource":
		rs = p.Resource(typ)
	case "data":
		rs = p.DataSource(typ)
	case "ephemeral":
		rs = p.EphemeralResource(typ)
	}
	if rs == nil {
		return nil
	}
	return rs.Block
}

// withItems is a copy of b with a body of items.
func withItems(b *config.Block, items []config.Item) *config.Block {
	nb := *b
	nb.Body = &config.Body{Items: items, Trailing: b.Body.Trailing}
	return &nb
}

// asBlocks returns the element type's attributes, as the schema of a
// block body, when sch declares name as an attribute that may be written
// as blocks.
func asBlocks(sch *schema.Block, name string) (*schema.Block, bool) {
	if sch == nil || sch.NestedBlock(name) != nil {
		return nil, false
	}
	a := sch.Attribute(name)
	if a == nil {
		return nil, false
	}
	return tffile.BlocksAsAttribute(a)
}

// body rewrites the items of a block body of schema sch (the element
// type's attributes in a body written for an attribute). kind, for a
// top-level body, names the meta-arguments and blocks that are
// Terraform's own. It reports whether anything changed.
func (rw *attrBlockRewriter) body(items []config.Item, sch *schema.Block, kind *config.Kind) ([]config.Item, bool) {
	// The blocks of each attribute written as blocks, and whether some
	// dynamic block of it is among them.
	if sch == nil {
		return items, false
	}
	var groups map[string][]*config.Block
	var dynamic map[string]bool
	// out is items with the changed blocks, copied at the first change.
	out := items
	changed := false
	change := func(i int, b *config.Block) {
		if !changed {
			out = append([]config.Item(nil), items...)
			changed = true
		}
		out[i] = b
	}
	for i, it := range items {
		b, ok := it.(*config.Block)
		if !ok || b == nil || b.Body == nil {
			continue
		}
		if kind != nil && kind.Owns(b.Type) {
			continue
		}
		if b.Type == "dynamic" {
			if len(b.Labels) != 1 {
				continue
			}
			var inner *schema.Block
			if nb := sch.NestedBlock(b.Labels[0]); nb != nil {
				inner = nb.Block
			} else if obj, ok := asBlocks(sch, b.Labels[0]); ok {
				inner = obj
				if dynamic == nil {
					dynamic = map[string]bool{}
				}
				dynamic[b.Labels[0]] = true
			}
			if inner == nil {
				continue
			}
			if r := rw.dynamicBlock(b, inner); r != b {
				change(i, r)
			}
			continue
		}
		if nb := sch.NestedBlock(b.Type); nb != nil {
			if its, ok := rw.body(b.Body.Items, nb.Block, nil); ok {
				change(i, withItems(b, its))
			}
			continue
		}
		if _, ok := asBlocks(sch, b.Type); ok {
			if hasAttribute(items, b.Type) {
				continue // both ways at once: the schema check's to report
			}
			if groups == nil {
				groups = map[string][]*config.Block{}
			}
			groups[b.Type] = append(groups[b.Type], b)
		}
	}
	if groups == nil {
		return out, changed
	}
	// The blocks of an attribute become one argument where the first was,
	// unless some must stay blocks: then each is a dynamic block.
	stay := map[string]bool{}
	for name, bs := range groups {
		if dynamic[name] {
			stay[name] = true
			continue
		}
		obj, _ := asBlocks(sch, name)
		for _, b := range bs {
			if !rw.objectable(b.Body.Items, obj) {
				stay[name] = true
				break
			}
		}
	}
	final := out[:0:0]
	for _, it := range out {
		b, ok := it.(*config.Block)
		bs := groups[typeOf(b, ok)]
		if !ok || bs == nil {
			final = append(final, it)
			continue
		}
		obj, _ := asBlocks(sch, b.Type)
		if stay[b.Type] {
			final = append(final, rw.oneElementDynamic(b, obj))
			continue
		}
		if bs[0] != b {
			continue
		}
		t := &config.Tuple{Items: make([]config.Expr, len(bs))}
		for j, b := range bs {
			t.Items[j] = rw.object(b.Body.Items, obj)
		}
		final = append(final, &config.Attribute{Name: b.Type, Expr: t, Range: b.DeclRange})
	}
	return final, true
}

func typeOf(b *config.Block, ok bool) string {
	if !ok || b == nil {
		return ""
	}
	return b.Type
}

func hasAttribute(items []config.Item, name string) bool {
	for _, it := range items {
		if a, ok := it.(*config.Attribute); ok && a != nil && a.Name == name {
			return true
		}
	}
	return false
}

// dynamicBlock rewrites the content of a dynamic block whose generated
// blocks have schema sch.
func (rw *attrBlockRewriter) dynamicBlock(b *config.Block, sch *schema.Block) *config.Block {
	var items []config.Item
	for i, it := range b.Body.Items {
		c, ok := it.(*config.Block)
		if !ok || c == nil || c.Type != "content" || c.Body == nil {
			continue
		}
		if its, ok := rw.body(c.Body.Items, sch, nil); ok {
			if items == nil {
				items = append([]config.Item(nil), b.Body.Items...)
			}
			items[i] = withItems(c, its)
		}
	}
	if items == nil {
		return b
	}
	return withItems(b, items)
}

// oneElementDynamic writes a block of an attribute as a dynamic block
// that generates it once: for_each = [0], content the block's body.
func (rw *attrBlockRewriter) oneElementDynamic(b *config.Block, obj *schema.Block) *config.Block {
	content := config.NewBlock("content")
	content.DeclRange = b.DeclRange
	content.Body.Items, _ = rw.body(b.Body.Items, obj, nil)
	d := config.NewBlock("dynamic", b.Type)
	d.DeclRange = b.DeclRange
	d.Body.Items = []config.Item{
		&config.Attribute{Name: "for_each", Expr: &config.Tuple{Items: []config.Expr{config.Int(0)}}, Range: b.DeclRange},
		content,
	}
	return d
}

// objectable reports whether a body written for an attribute can be an
// object value: it holds no dynamic blocks, nor do the blocks in it.
func (rw *attrBlockRewriter) objectable(items []config.Item, sch *schema.Block) bool {
	for _, it := range items {
		b, ok := it.(*config.Block)
		if !ok || b == nil {
			continue
		}
		if b.Type == "dynamic" || b.Body == nil {
			return false
		}
		obj, _ := asBlocks(sch, b.Type)
		if !rw.objectable(b.Body.Items, obj) {
			return false
		}
	}
	return true
}

// object is the object value of a body written for an attribute whose
// element type has the attributes of sch (nil when the schema does not
// say): the body's arguments, its blocks gathered by type as arrays of
// objects, and null for every attribute of the type it leaves out.
func (rw *attrBlockRewriter) object(items []config.Item, sch *schema.Block) *config.Object {
	o := &config.Object{}
	set := map[string]bool{}
	var groups map[string][]*config.Block
	for _, it := range items {
		if b, ok := it.(*config.Block); ok && b != nil {
			if groups == nil {
				groups = map[string][]*config.Block{}
			}
			groups[b.Type] = append(groups[b.Type], b)
		}
	}
	for _, it := range items {
		switch it := it.(type) {
		case *config.Attribute:
			if it == nil || set[it.Name] {
				continue
			}
			set[it.Name] = true
			x := it.Expr
			if x == nil {
				x = config.Null()
			}
			o.Items = append(o.Items, config.ObjectItem{Key: config.String(it.Name), Value: x})
		case *config.Block:
			if it == nil || set[it.Type] {
				continue
			}
			set[it.Type] = true
			obj, _ := asBlocks(sch, it.Type)
			bs := groups[it.Type]
			t := &config.Tuple{Items: make([]config.Expr, len(bs))}
			for j, b := range bs {
				t.Items[j] = rw.object(b.Body.Items, obj)
			}
			o.Items = append(o.Items, config.ObjectItem{Key: config.String(it.Type), Value: t})
		}
	}
	if sch != nil {
		for _, a := range sch.Attributes {
			if !set[a.Name] {
				o.Items = append(o.Items, config.ObjectItem{Key: config.String(a.Name), Value: config.Null()})
			}
		}
	}
	return o
}
